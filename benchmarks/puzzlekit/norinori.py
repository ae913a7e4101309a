"""Norinori from the puzzlekit dataset: `rows cols`, an empty grid (`-`), then the room map (a
number per cell, equal numbers one room); typed as labels, each cell its room's label. The
answer's `x` cells shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked, room_labels, size_of
from solver.blocks.values import Value

DATASET = "Norinori"


def cells(problem: str) -> list[list[Value]]:
    rows, cols = size_of(problem)
    # each room holds two shaded cells over all its parts: a room in parts is unreadable
    every = [(r, c) for r in range(rows) for c in range(cols)]
    return room_labels(grid_of(problem)[rows : 2 * rows], numbered=every)


def expected(solution: str) -> dict:
    return marked(solution)
