"""Sudoku: the problem's givens, `-` an empty cell; the answer's digits."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Sudoku"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {"numbers": [[int(t) for t in row] for row in answer_grid(solution)]}
