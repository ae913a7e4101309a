"""Creek: the problem's rows x cols cells have (rows + 1) x (cols + 1) lattice points, typed one
point per sheet cell as the genre reads them (a clue 0-4, `-` none); the answer's `x` a shaded
cell."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Creek"


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in grid_of(problem)]


def expected(solution: str) -> dict:
    grid = answer_grid(solution)
    return {"shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == "x"]}
