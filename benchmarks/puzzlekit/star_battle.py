"""Star battle from puzzlekit's `Starbattle`: a header `rows cols stars`, then a region number
per cell; the solution marks each star `x`."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, room_labels
from solver.blocks.values import Value

DATASET = "Starbattle"
OUTSIDE = {"#", "@"}  # janko's black cells, outside every room: typed as empty cells


def cells(problem: str) -> list[list[Value]]:
    """Every cell its room's label (in order of first appearance), the star count after A1's
    label when it is more than one (or alone in A1, where A1 lies outside every room); a cell
    outside every room empty."""
    stars = int(problem.split("\n", 1)[0].split()[2])
    rows = grid_of(problem)
    labels = room_labels([["" if t in OUTSIDE else t for t in row] for row in rows])
    grid: list[list[Value]] = [
        [None if t in OUTSIDE else label for t, label in zip(row, line, strict=True)]
        for row, line in zip(rows, labels, strict=True)
    ]
    if stars != 1:
        grid[0][0] = stars if grid[0][0] is None else f"{grid[0][0]}{stars}"
    return grid


def expected(solution: str) -> dict:
    rows = grid_of(solution)
    stars = [[r, c] for r, row in enumerate(rows) for c, t in enumerate(row) if t == "x"]
    return {"shaded": sorted(stars)}
