"""puzzlekit's Nurimisaki (janko.at): `-` an empty cell, a number a circle's run, `?` a circle
without number; the solution `x` shaded, `-` unshaded."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "Nurimisaki"


def _rows(text: str, extra: int = 0) -> list[list[str]]:
    """The grid's tokens; ValueError where they are not the R x C (plus `extra`) the first line
    says (a few entries of the dataset are cut short)."""
    head, *lines = text.strip().split("\n")
    rows, cols = (int(n) + extra for n in head.split())
    found = [line.split() for line in lines]
    if len(found) != rows or any(len(line) != cols for line in found):
        raise ValueError(f"the grid is not {rows} x {cols}")
    return found


def cells(problem: str) -> list[list[Value]]:
    return [
        [None if t == "-" else "?" if t == "?" else int(t) for t in line] for line in _rows(problem)
    ]


def expected(solution: str) -> dict:
    rows = _rows(solution)
    return {
        "shaded": [[r, c] for r, line in enumerate(rows) for c, t in enumerate(line) if t == "x"]
    }
