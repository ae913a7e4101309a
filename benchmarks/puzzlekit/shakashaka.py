"""Shakashaka: the problem's `x` (or `5`, in some of janko.at's) a black cell (`■`), a digit
0-4 a numbered black cell, `-` a white cell; the answer's `nw` `ne` `sw` `se` the triangle
with its right angle in that corner."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Shakashaka"
CORNER = {"nw": "TL", "ne": "TR", "sw": "BL", "se": "BR"}


def cells(problem: str) -> list[list[Value]]:
    typed = {"-": None, "x": "■", "5": "■"}
    return [[typed[t] if t in typed else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {
        "triangles": [
            [r, c, CORNER[t]]
            for r, row in enumerate(answer_grid(solution))
            for c, t in enumerate(row)
            if t in CORNER
        ]
    }
