"""Yin-yang from the puzzlekit dataset (janko.at): the problem's `w` and `b` are white and black
circles (`-` an empty cell); the solution's `b` are the black cells."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "YinYang"
CIRCLES = {"w": "○", "b": "●", "-": None}


def cells(problem: str) -> list[list[Value]]:
    return [[CIRCLES[t] for t in line.split()] for line in problem.strip().split("\n")[1:]]


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")[1:]
    return {
        "shaded": [
            [r, c] for r, line in enumerate(lines) for c, t in enumerate(line.split()) if t == "b"
        ]
    }
