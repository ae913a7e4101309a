"""Numberlink: the problem's numbers as typed labels, `-` an empty cell; the answer gives each
cell the directions its line leaves by (`n` `s` `e` `w`, `ns`, `se`, ...), read as the unit
segments of the record's `lines`."""

from __future__ import annotations

from benchmarks.puzzlekit import grid_of, line_segments
from solver.blocks.values import Value

DATASET = "NumberLink"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    return {"lines": line_segments(solution)}
