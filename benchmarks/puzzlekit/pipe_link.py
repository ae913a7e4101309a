"""Pipe Link: the problem's given pieces, written as the sides they leave by (`ns`, `ew`, `se`,
... and `nsew` for a crossing, in any order), typed as their glyphs `│ ─ ┌ ...` and `┼`, `-` an
empty cell; the answer's cells likewise, read as the unit segments of the record's `lines`."""

from __future__ import annotations

from benchmarks.puzzlekit import full_grid, line_segments
from solver.blocks.values import Value

DATASET = "Pipelink"
PIECES = {
    frozenset(sides): glyph
    for sides, glyph in {
        "ns": "│",
        "ew": "─",
        "ne": "└",
        "nw": "┘",
        "se": "┌",
        "sw": "┐",
        "nsew": "┼",
    }.items()
}


def cell(token: str) -> Value:
    if token == "-":
        return None
    if token == "15":  # one puzzle's crossing, as the four sides' bits (its answer has ┼ there)
        return "┼"
    piece = PIECES.get(frozenset(token))
    if piece is None or len(set(token)) != len(token):
        raise ValueError(f"not a pipe piece: {token!r}")
    return piece


def cells(problem: str) -> list[list[Value]]:
    return [[cell(t) for t in row] for row in full_grid(problem)]


def expected(solution: str) -> dict:
    return {"lines": line_segments(solution)}
