"""The givens of a typed grid: which cells hold clues, and what a cell holds once its clue is
taken out. The search for the givens that cannot all hold (`solver.conflict`) takes givens out
of the grid the puzzle was read from and parses it again.

A given is a clue that only narrows the answers: taking it out leaves every answer an answer
(the puzzle without it is a relaxation). A number in a cell (sudoku's digit, bomber's count,
akari's number on a black cell) is one; what the grid is made of (walls, black cells, rooms,
islands, the cells a word list fills) is not, since without it the puzzle asks for something
else. Where a genre has a clue without its number (nurikabe's `?` island, akari's black cell
`■`), a number is taken out by writing that in its place, so the clue's cell keeps its other
rules; else the cell is left empty.

Each genre says what its givens are (`Genre.givens`, by default `numbers`) and how its grid
reads without some of them (`Genre.without`, by default `without`: each given's cell gets its
`dropped` value). The grid keeps its sheet, so rooms drawn as borders and cells filled dark
read as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solver.blocks.names import a1
from solver.blocks.values import Value
from solver.io.room_digits import split_digit
from solver.io.rooms_sheet import read_label
from solver.io.sheet import Grid

Cell = tuple[int, int]


@dataclass(frozen=True)
class Given:
    """One given: its 0-based cell in the grid, the clue as a message names it (`5`, `16
    down`), what the cell holds once the clue is taken out, and the other cells emptied with it
    (a numberlink line's other end, the rest of a hint's row)."""

    cell: Cell
    text: str
    dropped: Value = None
    also: tuple[Cell, ...] = ()

    def where(self, grid: Grid) -> str:
        """The given's cell as the sheet names it (`A1`)."""
        r, c = self.cell
        return a1(r + 1 + grid.origin[0], c + 1 + grid.origin[1])


def numbers(grid: Grid, dropped: Value = None) -> list[Given]:
    """Every whole number in the grid as a given, in reading order; taken out, its cell holds
    `dropped` (None: empty)."""
    return [
        Given(cell, str(v), dropped)
        for cell in grid.positions()
        if isinstance(v := grid[cell], int) and not isinstance(v, bool)
    ]


def in_rooms(grid: Grid, numbers: Iterable[tuple[Cell, int]], dropped: Value = None) -> list[Given]:
    """A room genre's numbers (`solver.io.rooms_sheet`) as givens: a number among thick borders
    is taken out as `dropped`; one beside its room's label (`A4`) leaves the label, with
    `dropped` after it where that is text (`A?`); a digit typed after a cell's text (`A=3`,
    `12=3`) leaves that text."""
    found = []
    for cell, n in sorted(numbers):
        v = grid[cell]
        own, after = split_digit(v)
        label = read_label(v)
        if after is not None:
            left = own
        elif label is not None:
            left = label[0] + (dropped if isinstance(dropped, str) else "")
        else:
            left = dropped
        found.append(Given(cell, str(n), left))
    return found


def every_value(grid: Grid, cells: Iterable[Cell] | None = None) -> list[Given]:
    """Whatever the cells hold (every cell of the grid by default) as givens, taken out by
    leaving the cell empty: pearls, pipe pieces, signs."""
    found = grid.positions() if cells is None else cells
    return [Given(cell, str(grid[cell])) for cell in found if grid[cell] is not None]


def without(grid: Grid, givens: Iterable[Given]) -> Grid:
    """The grid with the givens taken out: each given's cell holds its `dropped` value, the
    cells that go with it are empty."""
    cells = [list(row) for row in grid.cells]
    for g in givens:
        cells[g.cell[0]][g.cell[1]] = g.dropped
        for r, c in g.also:
            cells[r][c] = None
    return Grid(grid.sheet, cells, grid.source, grid.origin)
