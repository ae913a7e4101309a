"""Suguru from the puzzlekit dataset: `rows cols`, the grid of givens (`-` empty), then the
room map (a number per cell, equal numbers one room); typed as labels, a given beside its
room's label (`A3`)."""

from __future__ import annotations

from benchmarks.puzzlekit import rooms_with_clues
from solver.blocks.values import Value

DATASET = "Suguru"


def cells(problem: str) -> list[list[Value]]:
    return rooms_with_clues(problem)


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")
    return {"numbers": [[int(t) for t in line.split()] for line in lines[1:]]}
