"""Ripple Effect from the puzzlekit dataset (`Hakyuu`): `rows cols`, the grid of given digits
(`-` none), then the room map (a number per cell, equal numbers one room); typed as labels, a
given digit beside its room's label (`A3`). The answer's digits."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of, room_labels, size_of
from solver.blocks.values import Value

DATASET = "Hakyuu"


def cells(problem: str) -> list[list[Value]]:
    rows, cols = size_of(problem)
    # a room in parts, holding 1-n over all of them, cannot be typed: unreadable
    every = [(r, c) for r in range(rows) for c in range(cols)]
    labels = room_labels(grid_of(problem)[rows : 2 * rows], numbered=every)
    givens = grid_of(problem)[:rows]
    return [
        [label + ("" if g == "-" else g) for label, g in zip(lrow, grow, strict=True)]
        for lrow, grow in zip(labels, givens, strict=True)
    ]


def expected(solution: str) -> dict:
    return {"numbers": [[int(t) for t in row] for row in answer_grid(solution)]}
