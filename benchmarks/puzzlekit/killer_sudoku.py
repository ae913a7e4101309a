"""Janko's killer sudokus from the puzzlekit dataset, as a person types them: every cell its
cage's label, a cage's sum beside the label where the dataset prints it (`A12`)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "KillerSudoku"


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    sums, cages = grid[:rows], grid[rows : 2 * rows]
    order: dict[str, str] = {}
    for row in cages:
        for t in row:
            order.setdefault(t, room_label(len(order)))
    return [
        [order[k] + (t if t.isdigit() else "") for k, t in zip(krow, srow, strict=True)]
        for krow, srow in zip(cages, sums, strict=True)
    ]


def expected(solution: str) -> dict:
    """The digits; the first grid only (one entry repeats it after a `[solution]` line)."""
    rows, _ = size_of(solution)
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)[:rows]]}
