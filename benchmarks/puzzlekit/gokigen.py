"""puzzlekit's GokigenNaname (janko.at): the (R+1) x (C+1) lattice points, `-` no clue, a digit
a clue; the solution R x C cells of `\\` and `/`."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "GokigenNaname"


def _rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in line] for line in _rows(problem)]


def expected(solution: str) -> dict:
    return {"diagonals": ["".join(line) for line in _rows(solution)]}
