"""puzzlekit's GokigenNaname (janko.at): the (R+1) x (C+1) lattice points, `-` no clue, a digit
a clue; the solution R x C cells of `\\` and `/`."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, full_grid
from solver.blocks.values import Value

DATASET = "GokigenNaname"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in line] for line in full_grid(problem, 1)]


def expected(solution: str) -> dict:
    return {"diagonals": ["".join(line) for line in answer_grid(solution)]}
