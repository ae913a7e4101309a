"""Nurikabe: the islands' numbers as typed, `-` an empty cell, `?` a number not given (an island
of any size, as the genre reads `?`); the answer's `x` a sea cell."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked
from solver.blocks.values import Value

DATASET = "Nurikabe"


def cells(problem: str) -> list[list[Value]]:
    return [
        [None if t == "-" else "?" if t == "?" else int(t) for t in row] for row in grid_of(problem)
    ]


def expected(solution: str) -> dict:
    return marked(solution)
