"""Bomber from the puzzlekit dataset (`Minesweeper`): `rows cols bombs`, the grid of numbers
(`-` an unknown cell); typed as they are. The answer's `x` cells are the bombs (`-` and `.`
free cells).

The count of bombs on the first line is not typed: the genre has no total. Puzzles whose grid
is not a rectangle (`#` a cell outside the shape) are refused as unreadable."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked
from solver.blocks.values import Value

DATASET = "Minesweeper"


def cells(problem: str) -> list[list[Value]]:
    grid = grid_of(problem)
    if any(t == "#" for row in grid for t in row):
        raise ValueError("cells outside the grid's shape (`#`): not a variant")
    return [[None if t == "-" else int(t) for t in row] for row in grid]


def expected(solution: str) -> dict:
    return marked(solution)
