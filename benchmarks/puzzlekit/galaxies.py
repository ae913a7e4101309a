"""Galaxies: janko.at's code per cell (`0` a dot at the cell's centre, `1` on its right side,
`2` on its bottom side, `3` on its bottom-right corner, `-` none) typed as `○` in the sheet's
(2R-1) x (2C-1) grid of cells, sides and corners; the answer's region numbers as the record's
`regions` (renumbered in reading order of first cells)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.values import Value

DATASET = "Galaxies"
AT = {"0": (0, 0), "1": (0, 1), "2": (1, 0), "3": (1, 1)}


def cells(problem: str) -> list[list[Value]]:
    rows, cols = size_of(problem)
    out: list[list[Value]] = [[None] * (2 * cols - 1) for _ in range(2 * rows - 1)]
    for r, row in enumerate(grid_of(problem)):
        for c, t in enumerate(row):
            if t in AT:
                dr, dc = AT[t]
                out[2 * r + dr][2 * c + dc] = "○"
    return out


def expected(solution: str) -> dict:
    order: dict[str, int] = {}
    regions = []
    for row in grid_of(solution):
        regions.append([order.setdefault(t, len(order)) for t in row])
    return {"regions": regions}
