"""puzzlekit's Kurotto (janko.at): `-` an empty cell, a number a circle's number, `o` a circle
without number; the solution `x` shaded, `-` unshaded."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "Kurotto"


def _rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


def cells(problem: str) -> list[list[Value]]:
    return [
        [None if t == "-" else "?" if t == "o" else int(t) for t in line] for line in _rows(problem)
    ]


def expected(solution: str) -> dict:
    rows = _rows(solution)
    return {
        "shaded": [[r, c] for r, line in enumerate(rows) for c, t in enumerate(line) if t == "x"]
    }
