"""Heyawake: the problem's rooms (its second grid, a number per room) typed as labels, each
room's given number with its label (`A2`); the answer's `x` cells shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, rooms_with_clues
from solver.blocks.values import Value

DATASET = "Heyawake"


def cells(problem: str) -> list[list[Value]]:
    return rooms_with_clues(problem)


def expected(solution: str) -> dict:
    grid = grid_of(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
