"""Paint Area from the puzzlekit dataset (`PaintArea`): `rows cols`, the grid of numbers (`-`
none), then the tile map (a number per cell, equal numbers one tile); typed as labels, a number
beside its cell's label (`A2`). The answer's `x` cells painted."""

from __future__ import annotations

from benchmarks.puzzlekit import marked, rooms_with_clues
from solver.blocks.values import Value

DATASET = "PaintArea"


def cells(problem: str) -> list[list[Value]]:
    return rooms_with_clues(problem, whole=True)


def expected(solution: str) -> dict:
    return marked(solution)
