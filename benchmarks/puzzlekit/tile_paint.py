"""Tile Paint: the problem's first line counts the columns' painted cells, the second the rows',
then each cell's tile number; typed with the column counts in row 1, the row counts in column
A, and the grid from B2 with a label per tile (`A` ... `Z`, `AA` ...). The answer's `x` a
painted cell."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "TilePaint"


def label(k: int) -> str:
    """Spreadsheet-column letters for the k-th tile (0: `A`, 26: `AA`)."""
    out = ""
    k += 1
    while k:
        k, d = divmod(k - 1, 26)
        out = chr(ord("A") + d) + out
    return out


def cells(problem: str) -> list[list[Value]]:
    lines = grid_of(problem)
    top, left, tiles = lines[0], lines[1], lines[2:]
    names: dict[str, str] = {}
    for row in tiles:
        for t in row:
            names.setdefault(t, label(len(names)))

    def count(t: str) -> Value:
        return None if t == "-" else int(t)

    sheet: list[list[Value]] = [[None, *map(count, top)]]
    return sheet + [
        [count(n), *(names[t] for t in row)] for n, row in zip(left, tiles, strict=True)
    ]


def expected(solution: str) -> dict:
    grid = answer_grid(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
