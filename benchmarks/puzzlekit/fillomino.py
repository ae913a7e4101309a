"""Fillomino: the problem's numbers as typed givens (`-` or `.` empty); the answer's numbers."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of
from solver.blocks.values import Value

DATASET = "Fillomino"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t in "-." else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)]}
