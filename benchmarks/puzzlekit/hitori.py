"""Hitori: the problem's numbers as typed givens; the answer's `x` cells shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of
from solver.blocks.values import Value

DATASET = "Hitori"


def cells(problem: str) -> list[list[Value]]:
    return [[int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    grid = grid_of(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
