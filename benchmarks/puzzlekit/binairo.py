"""Binairo from puzzlekit's `Binairo`: the givens as `1` and `2` (`-` empty), typed as 1 and 0;
the solution every cell's digit.

Most of the dataset's puzzles are of the variant without the rule that no two rows and no two
columns are the same: their published answers repeat a line. This genre has that rule, so such
a puzzle has no answer here; `expected` refuses it (the runner lists it as unreadable)."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of
from solver.blocks.values import Value

DATASET = "Binairo"
DIGIT = {"1": 1, "2": 0}


def cells(problem: str) -> list[list[Value]]:
    return [[DIGIT.get(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    rows = [[DIGIT[t] for t in row] for row in grid_of(solution)]
    lines = [tuple(row) for row in rows]
    columns = list(zip(*rows, strict=True))
    if len(set(lines)) < len(lines) or len(set(columns)) < len(columns):
        raise ValueError("the published answer repeats a row or a column: the variant without it")
    return {"numbers": rows}
