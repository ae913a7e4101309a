"""Slitherlink: the problem's numbers as typed, `-` an empty cell; the answer marks the cells
inside the loop `x` (`-` outside), so the loop is every side between a cell inside and one
outside (or the grid's frame), read as the record's `edges` between lattice points."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, full_grid
from solver.blocks.values import Value

DATASET = "Slitherlink"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in full_grid(problem)]


def expected(solution: str) -> dict:
    grid = answer_grid(solution)
    rows, cols = len(grid), len(grid[0])

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] == "x"

    edges = []
    for r in range(rows + 1):
        for c in range(cols + 1):
            if c < cols and inside(r - 1, c) != inside(r, c):
                edges.append([r, c, r, c + 1])
            if r < rows and inside(r, c - 1) != inside(r, c):
                edges.append([r, c, r + 1, c])
    return {"edges": sorted(edges)}
