"""Ripple Effect from the puzzlekit dataset (`Hakyuu`): `rows cols`, the grid of given digits
(`-` none), then the room map (a number per cell, equal numbers one room); typed as labels, a
given digit beside its room's label (`A3`). The answer's digits."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, rooms_with_clues
from solver.blocks.values import Value

DATASET = "Hakyuu"


def cells(problem: str) -> list[list[Value]]:
    return rooms_with_clues(problem, whole=True)


def expected(solution: str) -> dict:
    return {"numbers": [[int(t) for t in row] for row in answer_grid(solution)]}
