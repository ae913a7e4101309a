"""Yajilin: the problem's clues `2n`, `0e`, `1s`, `3w` (number and the arrow's direction) typed
as `2↑`, `0→`, `1↓`, `3←`; its `x` and `@` cells (grey cells without a clue) typed `?`; the
answer's `x` cells shaded and the loop's cells the directions it leaves by (`ns`, `se`, ...),
read as the unit segments of the record's `lines`."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, full_grid, line_segments
from solver.blocks.values import Value

DATASET = "Yajilin"
ARROWS = {"n": "↑", "s": "↓", "w": "←", "e": "→"}
GREY = {"x", "@"}


def cell(token: str) -> Value:
    if token == "-":
        return None
    if token in GREY:
        return "?"
    number, arrow = token[:-1], token[-1]
    if not number.isdigit() or arrow not in ARROWS:
        raise ValueError(f"not a yajilin clue: {token!r}")
    return f"{number}{ARROWS[arrow]}"


def cells(problem: str) -> list[list[Value]]:
    return [[cell(t) for t in row] for row in full_grid(problem)]


def expected(solution: str) -> dict:
    shaded = [
        [r, c] for r, row in enumerate(answer_grid(solution)) for c, t in enumerate(row) if t == "x"
    ]
    return {"shaded": shaded, "lines": line_segments(solution)}
