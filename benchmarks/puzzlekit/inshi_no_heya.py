"""Janko's Factors (Inshi no heya) from the puzzlekit dataset, as a person types them: every
cell its room's label, a room's product after the label in the cell janko prints it in
(`A40`)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, size_of
from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "Factors"


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    products, rooms = grid[:rows], grid[rows : 2 * rows]
    order: dict[str, str] = {}
    for row in rooms:
        for t in row:
            order.setdefault(t, room_label(len(order)))
    return [
        [order[k] + ("" if t == "-" else t) for k, t in zip(krow, prow, strict=True)]
        for krow, prow in zip(rooms, products, strict=True)
    ]


def expected(solution: str) -> dict:
    """The digits."""
    rows, _ = size_of(solution)
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)[:rows]]}
