"""Digits and letters in the sheet's cells: an answer's digits written into the empty cells
(`render_digits`), and the digits or letters a person typed read back as the values of the
one-hot variables they fix (`read_digits`, `read_letters`; `solver.blocks.digits`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pulp

from solver.blocks.digits import Digits, digits_of_cell
from solver.blocks.geometry import Cell
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import normalize_kana


def render_digits(
    answer: Sequence[Sequence[int]], givens: Mapping[Cell, int] | Iterable[Cell]
) -> list[CellWrite]:
    """The answer's digits in the cells that are not given (a cell without a digit: nothing)."""
    given = set(givens)
    return [
        CellWrite(r, c, d)
        for r, row in enumerate(answer)
        for c, d in enumerate(row)
        if d and (r, c) not in given
    ]


def read_digits(grid: object, x: Digits) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows, as the one-hot variables they fix (a genre's
    `read_answer`): the cell's digit 1, its other digits 0."""
    entries: dict[pulp.LpVariable, int] = {}
    for r, c in grid.positions():  # type: ignore[attr-defined]
        v = grid[r, c]  # type: ignore[index]
        if not isinstance(v, int) or (r, c, v) not in x:
            continue
        for d in digits_of_cell(x, (r, c)):
            entries[x[r, c, d]] = int(d == v)
    return entries


def read_letters(
    grid: object, x: Digits, cells: Iterable[Cell], alphabet: Sequence[str]
) -> dict[pulp.LpVariable, int]:
    """A word genre's `read_answer` (letters one-hot like digits: x(r, c, k) for the k-th letter
    of `alphabet`, from 1): the letters the sheet shows in `cells`, small or full size kana alike
    (`spellings.normalize_kana`). A cell's letter is 1, its other letters 0; a letter of no
    listed word sets every letter 0, so the cell cannot be completed. Blank cells fix nothing."""
    letter = {ch: k for k, ch in enumerate(alphabet, start=1)}
    entries: dict[pulp.LpVariable, int] = {}
    for r, c in cells:
        v = grid[r, c]
        if not isinstance(v, str) or not v.strip():
            continue
        k = letter.get(normalize_kana(v))
        for j in letter.values():
            entries[x[r, c, j]] = int(j == k)
    return entries
