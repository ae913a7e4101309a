"""Sukoro: the problem's digits as typed givens; the answer's digits, `-` for a cell without."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Sukoro"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {
        "numbers": [[None if t == "-" else int(t) for t in row] for row in answer_grid(solution)]
    }
