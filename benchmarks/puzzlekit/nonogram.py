"""Nonogram: the problem's first `cols` lines are the column clues (top to bottom), the next
`rows` the row clues (left to right); typed as printed, the column clues above the grid
bottom-aligned, the row clues left of it right-aligned, one number per cell. The answer's `x`
a shaded cell, at its sheet cell (the clue rows and columns before it)."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, size_of
from solver.blocks.values import Value

DATASET = "Nonogram"


def clues(problem: str) -> tuple[list[list[int]], list[list[int]]]:
    """The column clues and the row clues, `0` for a line without a run."""
    rows, cols = size_of(problem)
    lines = problem.strip().split("\n")[1:]
    if len(lines) != rows + cols:
        raise ValueError(f"{len(lines)} clue lines for {rows} rows and {cols} columns")
    runs = [[int(t) for t in line.split()] or [0] for line in lines]
    return runs[:cols], runs[cols:]


def corner(problem: str) -> tuple[int, int]:
    """The sheet's rows of column clues and columns of row clues: where the grid starts."""
    across, down = clues(problem)
    return max(map(len, across)), max(map(len, down))


def cells(problem: str) -> list[list[Value]]:
    across, down = clues(problem)
    top, left = corner(problem)
    sheet: list[list[Value]] = [[None] * (left + len(across)) for _ in range(top + len(down))]
    for c, runs in enumerate(across):
        for k, n in enumerate(runs):
            sheet[top - len(runs) + k][left + c] = n
    for r, runs in enumerate(down):
        for k, n in enumerate(runs):
            sheet[top + r][left - len(runs) + k] = n
    return sheet


def expected(solution: str) -> dict:
    """The shaded cells at their sheet cells: the grid starts after as many rows and columns
    of clues as the longest clue, read off the answer's own runs (the problem's clues)."""
    grid = [[t == "x" for t in row] for row in answer_grid(solution)]
    top = max(len(runs([row[c] for row in grid])) for c in range(len(grid[0])))
    left = max(len(runs(row)) for row in grid)
    return {
        "shaded": [
            [top + r, left + c] for r, row in enumerate(grid) for c, on in enumerate(row) if on
        ]
    }


def runs(line: list[bool]) -> list[int]:
    """The lengths of the line's runs of shaded cells, `[0]` for none (as a clue says it)."""
    text = "".join("x" if on else " " for on in line)
    return [len(run) for run in text.split()] or [0]
