"""Paint Area from the puzzlekit dataset (`PaintArea`): `rows cols`, the grid of numbers (`-`
none), then the tile map (a number per cell, equal numbers one tile); typed as labels, a number
beside its cell's label (`A2`). The answer's `x` cells painted."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked, room_labels, size_of
from solver.blocks.values import Value

DATASET = "PaintArea"


def cells(problem: str) -> list[list[Value]]:
    rows, cols = size_of(problem)
    # a tile in parts, painted whole over all of them, cannot be typed: unreadable
    every = [(r, c) for r in range(rows) for c in range(cols)]
    labels = room_labels(grid_of(problem)[rows : 2 * rows], numbered=every)
    numbers = grid_of(problem)[:rows]
    return [
        [label + ("" if n == "-" else n) for label, n in zip(lrow, nrow, strict=True)]
        for lrow, nrow in zip(labels, numbers, strict=True)
    ]


def expected(solution: str) -> dict:
    return marked(solution)
