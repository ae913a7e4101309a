"""Skyscrapers from the puzzlekit dataset (`Skyscraper`): `N N H`, four lines of clues (seen
from the top of each column, from the bottom, from the left of each row, from the right; `-`
none), then the grid of given heights. Typed as the sheet's block: the N x N grid inside a
frame of clues, top clues in row 1 from B1, bottom clues in the last row, left clues in column
A from A2, right clues in the last column; janko.at's variants in the corner A1: H < N (heights
1-H and N-H empty cells in every row and column) as `1-H`, a `D` after the size (each main
diagonal holds every height once too) as `D`. The answer's heights, 0 a cell without one."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of
from solver.blocks.values import Value

DATASET = "Skyscraper"


def _head(text: str) -> list[str]:
    return text.strip().split("\n", 1)[0].split()


def cells(problem: str) -> list[list[Value]]:
    head = _head(problem)
    n, height = int(head[0]), int(head[2])
    variant = ([f"1-{height}"] if height != n else []) + (["D"] if "D" in head[3:] else [])
    top, bottom, left, right, *grid = grid_of(problem)

    def clue(t: str) -> Value:
        return None if t == "-" else int(t)

    block: list[list[Value]] = [[" ".join(variant) or None, *map(clue, top), None]]
    for k, row in enumerate(grid):
        block.append([clue(left[k]), *map(clue, row), clue(right[k])])
    block.append([None, *map(clue, bottom), None])
    return block


def expected(solution: str) -> dict:
    return {"numbers": [[int(t) for t in row] for row in answer_grid(solution)]}
