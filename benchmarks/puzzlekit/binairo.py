"""Binairo from puzzlekit's `Binairo`: the givens as `1` and `2` (`-` empty), typed as 1 and 0;
the solution every cell's digit.

Most of the dataset's puzzles are of janko.at's variant without the rule that no two rows and no
two columns are the same: their published answers repeat a line. Such a puzzle has no answer
under that rule, and the genre gives the answer without it (`binairo.looser`)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of
from solver.blocks.values import Value

DATASET = "Binairo"
DIGIT = {"1": 1, "2": 0}


def cells(problem: str) -> list[list[Value]]:
    return [[DIGIT.get(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {"numbers": [[DIGIT[t] for t in row] for row in grid_of(solution)]}
