"""Numberlink: the problem's numbers as typed labels, `-` an empty cell; the answer gives each
cell the directions its line leaves by (`n` `s` `e` `w`, `ns`, `se`, ...), read as the unit
segments of the record's `lines`."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "NumberLink"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    segments = set()
    for r, row in enumerate(answer_grid(solution)):
        for c, t in enumerate(row):
            if "s" in t:
                segments.add((r, c, r + 1, c))
            if "e" in t:
                segments.add((r, c, r, c + 1))
    return {"lines": [[*seg, 1] for seg in sorted(segments)]}
