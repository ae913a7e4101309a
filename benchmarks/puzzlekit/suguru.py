"""Suguru from the puzzlekit dataset: `rows cols`, the grid of givens (`-` empty), then the
room map (a number per cell, equal numbers one room); typed as labels, a given beside its
room's label (`A3`)."""

from __future__ import annotations

from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "Suguru"


def cells(problem: str) -> list[list[Value]]:
    lines = problem.strip().split("\n")
    rows, _ = map(int, lines[0].split())
    givens = [line.split() for line in lines[1 : 1 + rows]]
    rooms = [line.split() for line in lines[1 + rows : 1 + 2 * rows]]
    label: dict[str, str] = {}
    for row in rooms:
        for k in row:
            label.setdefault(k, room_label(len(label)))
    return [
        [label[k] + ("" if g == "-" else g) for g, k in zip(grow, krow, strict=True)]
        for grow, krow in zip(givens, rooms, strict=True)
    ]


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")
    return {"numbers": [[int(t) for t in line.split()] for line in lines[1:]]}
