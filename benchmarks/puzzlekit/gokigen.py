"""puzzlekit's GokigenNaname (janko.at): the (R+1) x (C+1) lattice points, `-` no clue, a digit
a clue; the solution R x C cells of `\\` and `/`."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "GokigenNaname"


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
    return [[None if t == "-" else int(t) for t in line] for line in _rows(problem, 1)]


def expected(solution: str) -> dict:
    return {"diagonals": ["".join(line) for line in _rows(solution)]}
