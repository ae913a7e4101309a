"""Janko's kenkens (Kendoku) from the puzzlekit dataset, as a person types them: every cell its
cage's label, a cage's clue after the label in its first cell (`A24×`, `B3-`; a target alone
where janko gives no operation)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "KenKen"
SIGNS = {"+": "+", "-": "-", "*": "×", "x": "×", "/": "÷"}


def _clue(token: str) -> str:
    """A dataset clue (`24*`, `3-`, `2`) as typed; `-` or `.` alone: none."""
    if token in ("-", "."):
        return ""
    if token[-1] in SIGNS:
        return token[:-1] + SIGNS[token[-1]]
    return token


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    clues, cages = grid[:rows], grid[rows : 2 * rows]
    order: dict[str, str] = {}
    for row in cages:
        for t in row:
            order.setdefault(t, room_label(len(order)))
    return [
        [order[k] + _clue(t) for k, t in zip(krow, crow, strict=True)]
        for krow, crow in zip(cages, clues, strict=True)
    ]


def expected(solution: str) -> dict:
    """The digits; the first grid only."""
    rows, _ = size_of(solution)
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)[:rows]]}
