"""Masyu: the problem's `w` and `b` pearls (`1` and `2` in some) typed as `○` and `●`; the
answer's cells name the sides the loop leaves by (`n`, `s`, `e`, `w`), `-` a cell without it,
as the record's `lines`."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, line_segments
from solver.blocks.values import Value

DATASET = "Masyu"
PEARLS = {"w": "○", "b": "●", "1": "○", "2": "●"}  # some puzzles write 1 and 2


def cells(problem: str) -> list[list[Value]]:
    return [[PEARLS.get(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {"lines": line_segments(solution)}
