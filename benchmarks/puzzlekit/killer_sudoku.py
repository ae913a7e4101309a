"""Janko's killer sudokus from the puzzlekit dataset, as a person types them: every cell its
cage's label, a cage's sum beside the label where the dataset prints it (`A12`)."""

from __future__ import annotations

from benchmarks.puzzlekit import digits, labelled_clues
from solver.blocks.values import Value

DATASET = "KillerSudoku"


def cells(problem: str) -> list[list[Value]]:
    return labelled_clues(problem, lambda t: t if t.isdigit() else "")


def expected(solution: str) -> dict:
    """The digits; the first grid only (one entry repeats it after a `[solution]` line)."""
    return digits(solution)
