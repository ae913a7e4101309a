"""Kakuro: the problem's `0` a white cell, `-` a black cell (`■`), `down,across` a clue cell
(either side may be empty), typed `down\\across`; the answer's digits, `-` for the others."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Kakuro"


def cell(t: str) -> Value:
    if t == "0":
        return None
    if t == "-":
        return "■"
    down, across = t.split(",")
    return f"{down}\\{across}"


def cells(problem: str) -> list[list[Value]]:
    return [[cell(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {
        "numbers": [[None if t == "-" else int(t) for t in row] for row in answer_grid(solution)]
    }
