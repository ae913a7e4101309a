"""Bomber from the puzzlekit dataset (`Minesweeper`): `rows cols bombs`, the grid of numbers
(`-` an unknown cell); typed as they are, the count of bombs right of the first row (`●12`).
The answer's `x` cells are the bombs (`-` and `.` free cells).

Puzzles whose grid is not a rectangle (`#` a cell outside the shape) are refused as
unreadable."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked
from solver.blocks.values import Value

DATASET = "Minesweeper"


def cells(problem: str) -> list[list[Value]]:
    grid = grid_of(problem)
    if any(t == "#" for row in grid for t in row):
        raise ValueError("cells outside the grid's shape (`#`): not a variant")
    typed: list[list[Value]] = [[None if t == "-" else int(t) for t in row] for row in grid]
    head = problem.strip().split("\n", 1)[0].split()
    if len(head) > 2:
        for r, row in enumerate(typed):
            row.append(f"●{head[2]}" if r == 0 else None)
    return typed


def expected(solution: str) -> dict:
    return marked(solution)
