"""Aqre from the puzzlekit dataset (janko.at): the problem's numbers, then its room ids, typed as
room labels with each number after its label (`A3`); the solution's `x` are shaded."""

from __future__ import annotations

from benchmarks.puzzlekit import marked, rooms_with_clues
from solver.blocks.values import Value

DATASET = "Aqre"


def cells(problem: str) -> list[list[Value]]:
    return rooms_with_clues(problem)


def expected(solution: str) -> dict:
    return marked(solution)
