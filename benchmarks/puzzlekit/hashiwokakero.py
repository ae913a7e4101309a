"""Hashiwokakero: the problem's island numbers as typed, `-` water; the answer marks the water
cells a bridge passes, `1` and `2` for one and two horizontal bridges, `a` and `b` for one and two
vertical ones, read as the unit segments (island to island) of the record's `lines`. A bridge
between two islands side by side would pass no water and not show in the answer: a problem with
such islands (the dataset has none) is unreadable."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, full_grid
from solver.blocks.values import Value

DATASET = "Hashi"
BRIDGES = {"1": ((0, 1), 1), "2": ((0, 1), 2), "a": ((1, 0), 1), "b": ((1, 0), 2)}


def cells(problem: str) -> list[list[Value]]:
    grid = [[None if t == "-" else int(t) for t in row] for row in full_grid(problem)]
    for r, row in enumerate(grid):
        for c, n in enumerate(row):
            right = row[c + 1] if c + 1 < len(row) else None
            below = grid[r + 1][c] if r + 1 < len(grid) else None
            if n is not None and (right is not None or below is not None):
                raise ValueError(f"islands side by side at row {r + 1}, column {c + 1}")
    return grid


def expected(solution: str) -> dict:
    count = {}
    for r, row in enumerate(answer_grid(solution)):
        for c, t in enumerate(row):
            if t in BRIDGES:
                (dr, dc), n = BRIDGES[t]
                count[r - dr, c - dc, r, c] = n
                count[r, c, r + dr, c + dc] = n
    return {"lines": sorted([*seg, n] for seg, n in count.items())}
