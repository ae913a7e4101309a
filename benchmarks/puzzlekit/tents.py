"""Tents from puzzlekit's `Tent`: after the size, the column counts, the row counts, then the
grid (`x` a tree, `-` empty); the solution marks each tent `o`. Typed as the sheet holds them:
the column counts in row 1 from B1, the row counts in column A from A2, the grid from B2."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of
from solver.blocks.values import Value

DATASET = "Tent"


def cells(problem: str) -> list[list[Value]]:
    cols, rows, *grid = grid_of(problem)
    typed: list[list[Value]] = [[None, *map(int, cols)]]
    for n, row in zip(rows, grid, strict=True):
        typed.append([int(n)] + ["T" if t == "x" else None for t in row])
    return typed


def expected(solution: str) -> dict:
    rows = grid_of(solution)
    return {
        "tents": sorted([r, c] for r, row in enumerate(rows) for c, t in enumerate(row) if t == "o")
    }
