"""Heyawake: the problem's rooms (its second grid, a number per room) typed as labels, each
room's given number with its label (`A2`); the answer's `x` cells shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.values import Value

DATASET = "Heyawake"


def label(n: int) -> str:
    """The n-th label, 0-based: A ... Z, AA, AB ..."""
    out = ""
    n += 1
    while n:
        n, k = divmod(n - 1, 26)
        out = chr(ord("A") + k) + out
    return out


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    numbers, rooms = grid[:rows], grid[rows : 2 * rows]
    names: dict[str, str] = {}
    out: list[list[Value]] = []
    for room_row, number_row in zip(rooms, numbers, strict=True):
        row: list[Value] = []
        for room, number in zip(room_row, number_row, strict=True):
            name = names.setdefault(room, label(len(names)))
            row.append(name if number == "-" else f"{name}{number}")
        out.append(row)
    return out


def expected(solution: str) -> dict:
    grid = grid_of(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
