"""Heyawake: the problem's rooms (its second grid, a number per room) typed as labels, each
room's given number with its label (`A2`); the answer's `x` cells shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import given_cells, grid_of, room_labels, size_of
from solver.blocks.values import Value

DATASET = "Heyawake"


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    numbers, rooms = grid[:rows], grid[rows : 2 * rows]
    return [
        [
            name if number == "-" else f"{name}{number}"
            for name, number in zip(lrow, nrow, strict=True)
        ]
        for lrow, nrow in zip(room_labels(rooms, given_cells(numbers)), numbers, strict=True)
    ]


def expected(solution: str) -> dict:
    grid = grid_of(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
