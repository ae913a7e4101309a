"""Star battle from puzzlekit's `Starbattle`: a header `rows cols stars`, then a region number
per cell; the solution marks each star `x`."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, room_labels
from solver.blocks.values import Value

DATASET = "Starbattle"
BLACK = {"#", "@"}  # janko's cells outside every room, which hold no star


def cells(problem: str) -> list[list[Value]]:
    """Every cell its room's label (in order of first appearance), the star count after A1's
    label when it is more than one."""
    stars = int(problem.split("\n", 1)[0].split()[2])
    if any(t in BLACK for row in grid_of(problem) for t in row):
        raise ValueError("janko's variant with black cells ('#', '@'), not a plain star battle")
    grid: list[list[Value]] = [list(row) for row in room_labels(grid_of(problem))]
    if stars != 1:
        grid[0][0] = f"{grid[0][0]}{stars}"
    return grid


def expected(solution: str) -> dict:
    rows = grid_of(solution)
    stars = [[r, c] for r, row in enumerate(rows) for c, t in enumerate(row) if t == "x"]
    return {"shaded": sorted(stars)}
