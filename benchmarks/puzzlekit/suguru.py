"""Suguru from the puzzlekit dataset: `rows cols`, the grid of givens (`-` empty), then the
room map (a number per cell, equal numbers one room); typed as labels, a given beside its
room's label (`A3`)."""

from __future__ import annotations

from benchmarks.puzzlekit import room_labels
from solver.blocks.values import Value

DATASET = "Suguru"


def cells(problem: str) -> list[list[Value]]:
    lines = problem.strip().split("\n")
    rows, _ = map(int, lines[0].split())
    givens = [line.split() for line in lines[1 : 1 + rows]]
    rooms = [line.split() for line in lines[1 + rows : 1 + 2 * rows]]
    return [
        [k + ("" if g == "-" else g) for g, k in zip(grow, krow, strict=True)]
        for grow, krow in zip(givens, room_labels(rooms), strict=True)
    ]


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")
    return {"numbers": [[int(t) for t in line.split()] for line in lines[1:]]}
