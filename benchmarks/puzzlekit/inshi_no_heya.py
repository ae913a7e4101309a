"""Janko's Factors (Inshi no heya) from the puzzlekit dataset, as a person types them: every
cell its room's label, a room's product after the label in the cell janko prints it in
(`A40`)."""

from __future__ import annotations

from benchmarks.puzzlekit import digits, labelled_clues
from solver.blocks.values import Value

DATASET = "Factors"


def cells(problem: str) -> list[list[Value]]:
    return labelled_clues(problem, lambda t: "" if t == "-" else t)


def expected(solution: str) -> dict:
    """The digits."""
    return digits(solution)
