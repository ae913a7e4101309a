"""A broken rule, as `verify` reports it: a sentence for a person plus the cells it is about.

`Violation` is a `str` (the sentence, with cells in A1 names), so a genre's `verify` may return
plain strings or Violations and every caller that joins or prints them keeps working; the cells
(0-based grid cells) are what *Check* marks in the sheet. A rule about the whole answer ("the
loop is in two pieces") may name the cells of its smallest piece, or none.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]


class Violation(str):
    """A rule the answer breaks: the message, and the 0-based cells involved."""

    cells: tuple[Cell, ...]

    def __new__(cls, message: str, cells: Iterable[Cell] = ()) -> Violation:
        self = super().__new__(cls, message)
        self.cells = tuple(sorted(set(cells)))
        return self

    def __reduce__(self) -> tuple[object, ...]:  # pickles across the worker pool
        return (Violation, (str(self), self.cells))


def cells_of(problem: str) -> tuple[Cell, ...]:
    """The cells a problem names (none for a plain string)."""
    return problem.cells if isinstance(problem, Violation) else ()
