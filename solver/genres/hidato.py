"""Hidato (ヒダト, also Hidoku).

Rules: fill the cells with the numbers 1 to N, N the number of cells (black cells left out),
each once, so that each two consecutive numbers touch, side or corner: the numbers make a path
of king moves from 1 to N through every cell. Given numbers stay.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid. A given is its number; a black cell, which the path leaves out, is
`■` (or `#`, `+`, or an empty cell with a dark fill); every other cell stays empty.

    1  .  .          the answer:  1 2 3
    .  ■  4                       8 ■ 4
    7  .  5                       7 6 5

The answer writes the numbers in blue into the empty cells. Solving by hand, type the numbers
into the empty cells: a number typed by hand cannot be told from a given one, so Check, and
solving, read it as a given, as for sudoku.

puzz.link: none (pzprjs has no hidato).

Model: x(r,c,k) = 1 when cell (r,c) holds k (`solver.blocks.numbered_path`: one number per
cell, Cell), for the numbers k the cell can hold at all: Reach, k at least as many numbers from
each given m as the cell is king moves from m's cell (|k - m| >= the larger of the row and
column distances; implied by the rules, as skyscrapers' Reach), and a given number in its own
cell only. The givens fixed; each number in one cell (Number); a cell with k < N has k + 1
among its up to 8 neighbours (Next). Reach leaves about 4% of the N^2 variables on janko.at's
10x10 puzzles, which makes the model small enough to build and solve in a fraction of a second
(benchmarks/puzzlekit/hidato.py over the puzzlekit dataset); a Prev row (k - 1 beside k),
tighter in the LP, made no difference there.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.digits import check_filled, decode_digits, fix
from solver.blocks.geometry import Cell
from solver.blocks.names import a1, quote
from solver.blocks.numbered_path import check_numbered_path, numbered_path, path_vars
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.black_cells import WALL, is_black
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem

Answer = tuple[tuple[int, ...], ...]  # the number of each cell, 0 for a black cell


@dataclass(frozen=True)
class Puzzle:
    cells: tuple[tuple[int | str | None, ...], ...]  # a given number, WALL, or None

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def path_cells(self) -> list[Cell]:
        """The cells the path goes through (not black), in reading order."""
        return [(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v != WALL]

    def given(self) -> dict[Cell, int]:
        return {
            (r, c): v
            for r, row in enumerate(self.cells)
            for c, v in enumerate(row)
            if isinstance(v, int)
        }


def _check_sentinel(grid: Grid, n: int) -> None:
    """A sentinel that is a number larger than the grid's cells can hold is the grid's own last
    cell, its sentinel forgotten (`9` in C3 of a 3 x 3 grid would make a 2 x 2 one): an
    InputError at it, instead of a smaller puzzle solved."""
    if grid.source is None:
        return
    row, col = grid.rows + 1 + grid.origin[0], grid.cols + 1 + grid.origin[1]
    v = grid.source.get(row, col)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= n:
        return
    raise InputError(
        grid.sheet,
        f"the sentinel {a1(row, col)} is the number {v:g}, more than the {n} cells of this "
        f"{grid.rows} x {grid.cols} grid hold; if {a1(row, col)} is the grid's last cell, "
        f"type one character (the sentinel, e.g. E) in {a1(row + 1, col + 1)}, below-right "
        "of it",
        (row, col),
    )


def parse(grid: Grid) -> Puzzle:
    cells: list[list[int | str | None]] = []
    for r in range(grid.rows):
        row: list[int | str | None] = []
        for c in range(grid.cols):
            v = grid[r, c]
            if is_black(grid, (r, c)):
                row.append(WALL)
            elif v is None or isinstance(v, int):
                row.append(v)
            else:
                raise grid.error(
                    r,
                    c,
                    f"a cell holds a number, a black cell ■ (or #), or nothing; found {quote(v)}",
                )
        cells.append(row)
    p = Puzzle(tuple(tuple(row) for row in cells))
    n = len(p.path_cells())
    if n == 0:
        raise InputError(grid.sheet, "no cell for the numbers: every cell is black")
    _check_sentinel(grid, n)
    seen: dict[int, Cell] = {}
    for (r, c), k in p.given().items():
        if not 1 <= k <= n:
            raise grid.error(r, c, f"the {n} cells hold the numbers 1 to {n}; found {quote(k)}")
        if k in seen:
            first = seen[k]
            raise grid.error(
                r,
                c,
                f"{k} is given twice: here and in "
                f"{a1(first[0] + 1 + grid.origin[0], first[1] + 1 + grid.origin[1])}",
            )
        seen[k] = (r, c)
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle) -> Model:
    prob = new_problem("hidato")
    cells = p.path_cells()
    x = path_vars(prob, cells, p.given())
    fix(prob, x, p.given())
    numbered_path(prob, x, cells)
    return Model(prob, list(x.values()), {"x": x})


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def _sized(p: Puzzle, a: Answer) -> Answer:
    """The answer on the puzzle's grid (a cell it lacks: 0), so that odd answers never crash."""
    return tuple(
        tuple(
            a[r][c] if r < len(a) and c < len(a[r]) and isinstance(a[r][c], int) else 0
            for c in range(p.cols)
        )
        for r in range(p.rows)
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a number, each of 1 to N once, and each two
    consecutive numbers touch."""
    a = _sized(p, a)
    cells = p.path_cells()
    return check_filled(a, cells, p.given(), "number") + check_numbered_path(a, cells)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The numbers the sheet shows (read as givens too, as for sudoku)."""
    return read_digits(grid, m["x"])


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.given())


def record(p: Puzzle, a: Answer) -> dict:
    return {
        "numbers": [
            [None if v == WALL else a[r][c] for c, v in enumerate(row)]
            for r, row in enumerate(p.cells)
        ],
        "black": [[r, c] for r, row in enumerate(p.cells) for c, v in enumerate(row) if v == WALL],
    }


GENRE = define(__name__, slug="hidato", ja="ヒダト", names=("hidoku", "ヒドク"))
