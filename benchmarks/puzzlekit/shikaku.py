"""Shikaku from the puzzlekit dataset: `rows cols`, the grid of numbers (`-` none), typed as
they are; the answer a rectangle id per cell, the record's `regions` renumbered in reading
order of first cells."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of, size_of
from solver.blocks.values import Value

DATASET = "Shikaku"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    rows, cols = size_of(solution)
    grid = answer_grid(solution)
    if len(grid) != rows or any(len(row) != cols for row in grid):
        raise ValueError(f"the published answer is not a {rows}x{cols} grid of rectangle ids")
    order: dict[str, int] = {}
    return {"regions": [[order.setdefault(t, len(order)) for t in row] for row in grid]}
