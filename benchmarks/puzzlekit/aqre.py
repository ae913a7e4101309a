"""Aqre from the puzzlekit dataset (janko.at): the problem's numbers, then its room ids, typed as
room labels with each number after its label (`A3`); the solution's `x` are shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import given_cells, room_labels
from solver.blocks.values import Value

DATASET = "Aqre"


def cells(problem: str) -> list[list[Value]]:
    lines = problem.strip().split("\n")
    rows, _ = map(int, lines[0].split())
    numbers = [line.split() for line in lines[1 : 1 + rows]]
    ids = [line.split() for line in lines[1 + rows : 1 + 2 * rows]]
    return [
        [k + ("" if n == "-" else n) for n, k in zip(nrow, krow, strict=True)]
        for nrow, krow in zip(numbers, room_labels(ids, given_cells(numbers)), strict=True)
    ]


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")[1:]
    return {
        "shaded": [
            [r, c] for r, line in enumerate(lines) for c, t in enumerate(line.split()) if t == "x"
        ]
    }
