"""Akari: the problem's `x` a black cell (`■`), a digit a numbered black cell, `-` a white cell;
the answer's `o` a lamp."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, marked
from solver.blocks.values import Value

DATASET = "Akari"


def cells(problem: str) -> list[list[Value]]:
    typed = {"-": None, "x": "■"}
    return [[typed[t] if t in typed else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return marked(solution, "o")
