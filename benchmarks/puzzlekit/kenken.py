"""Janko's kenkens (Kendoku) from the puzzlekit dataset, as a person types them: every cell its
cage's label, a cage's clue after the label in its first cell (`A24×`, `B3-`; a target alone
where janko gives no operation)."""

from __future__ import annotations

from benchmarks.puzzlekit import digits, labelled_clues
from solver.blocks.values import Value

DATASET = "KenKen"
SIGNS = {"+": "+", "-": "-", "*": "×", "x": "×", "/": "÷"}


def _clue(token: str) -> str:
    """A dataset clue (`24*`, `3-`, `2`) as typed; `-` or `.` alone: none."""
    if token in ("-", "."):
        return ""
    if token[-1] in SIGNS:
        return token[:-1] + SIGNS[token[-1]]
    return token


def cells(problem: str) -> list[list[Value]]:
    return labelled_clues(problem, _clue)


def expected(solution: str) -> dict:
    """The digits; the first grid only."""
    return digits(solution)
