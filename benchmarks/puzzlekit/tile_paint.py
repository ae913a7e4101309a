"""Tile Paint: the problem's first line counts the columns' painted cells, the second the rows',
then each cell's tile number; typed with the column counts in row 1, the row counts in column
A, and the grid from B2 with a label per tile (`A` ... `Z`, `AA` ...). The answer's `x` a
painted cell."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of, room_labels
from solver.blocks.values import Value

DATASET = "TilePaint"


def cells(problem: str) -> list[list[Value]]:
    lines = grid_of(problem)
    top, left, tiles = lines[0], lines[1], lines[2:]

    def count(t: str) -> Value:
        return None if t == "-" else int(t)

    sheet: list[list[Value]] = [[None, *map(count, top)]]
    return sheet + [[count(n), *row] for n, row in zip(left, room_labels(tiles), strict=True)]


def expected(solution: str) -> dict:
    grid = answer_grid(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
