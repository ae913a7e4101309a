"""Hidoku from the puzzlekit dataset: `rows cols`, then the grid (`-` empty, a number given);
typed as the numbers in their cells."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "Hidoku"


def cells(problem: str) -> list[list[Value]]:
    lines = problem.strip().split("\n")[1:]
    return [[None if t == "-" else int(t) for t in line.split()] for line in lines]


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")[1:]
    return {"numbers": [[int(t) for t in line.split()] for line in lines]}
