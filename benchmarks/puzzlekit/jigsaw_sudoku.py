"""Janko's jigsaw sudokus (Chaos-Sudoku) from the puzzlekit dataset, as a person types them:
every cell its region's label, a given digit beside it (`A4`)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "JigsawSudoku"


def _grids(problem: str) -> tuple[list[list[str]], list[list[str]]]:
    """The clue grid (`-` for none) and the region grid of a dataset problem."""
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    return grid[:rows], grid[rows : 2 * rows]


def labels(regions: list[list[str]]) -> list[list[str]]:
    """Each cell's label: the regions lettered in reading order of their first cells."""
    order: dict[str, str] = {}
    for row in regions:
        for t in row:
            order.setdefault(t, room_label(len(order)))
    return [[order[t] for t in row] for row in regions]


def cells(problem: str) -> list[list[Value]]:
    clues, regions = _grids(problem)
    return [
        [label + (t if t.isdigit() else "") for label, t in zip(lrow, crow, strict=True)]
        for lrow, crow in zip(labels(regions), clues, strict=True)
    ]


def expected(solution: str) -> dict:
    """The digits; the first grid only (one entry repeats it after a `[solution]` line)."""
    rows, _ = size_of(solution)
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)[:rows]]}
