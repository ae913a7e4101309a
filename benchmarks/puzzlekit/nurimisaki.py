"""puzzlekit's Nurimisaki (janko.at): `-` an empty cell, a number a circle's run, `?` a circle
without number; the solution `x` shaded, `-` unshaded."""

from __future__ import annotations

from benchmarks.puzzlekit import full_grid, marked
from solver.blocks.values import Value

DATASET = "Nurimisaki"


def cells(problem: str) -> list[list[Value]]:
    return [
        [None if t == "-" else "?" if t == "?" else int(t) for t in line]
        for line in full_grid(problem)
    ]


def expected(solution: str) -> dict:
    return marked(solution, whole=True)
