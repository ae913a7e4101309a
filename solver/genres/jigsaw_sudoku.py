"""Jigsaw sudoku (ジグソー数独; also chaos sudoku, irregular sudoku).

Rules: an N x N grid is divided into N regions of N cells each, of any shape. Put a digit 1-N
into every cell so that each row, each column and each region holds every digit once.

Layout: the N x N grid from A1 (N from 2 to 25), the sentinel one cell diagonally below-right of
it, and the regions in either of the two ways of the room genres (`solver.io.rooms_sheet`).

- thick borders: draw the regions' walls with Excel's border tool (medium or thick lines), as
  the puzzle is printed, and type the given digits into their cells; the other cells stay empty;
- labels: every cell holds its region's label (`A`, `B` ... `Z`, `AA` ...), a given digit
  beside it (`A3`, `3A`).

    thick borders:        labels:
    ┏━━━━━━━━━━━┳━━━┓
    ┃         4 ┃ 3 ┃     A  A  A4 B3
    ┃   ┏━━━━━━━┛   ┃
    ┃   ┃         1 ┃     A  B  B  B1
    ┣━━━┻━━━┳━━━━━━━┫
    ┃     2 ┃       ┃     C  C2 D  D
    ┃       ┃       ┃
    ┃       ┃       ┃     C  C  D  D
    ┗━━━━━━━┻━━━━━━━┛     (the answer: 2143 3421 1234 4312)

The answer writes the digits in blue into the empty cells among thick borders; after a label it
shows the digit through the cell's number format, in the cell's own colour (`A=3`: the value
stays `A`). Solving by hand, type the digits into the empty cells, or after a label with `=`
(`A=3`). A digit typed by hand cannot be told from a printed one: Check, and solving, read it
as a given, as for sudoku.

puzz.link: none (its sudoku has the boxes of a classic sudoku only).

Model: x(r,c,d) = 1 when cell (r,c) holds digit d (`solver.blocks.digits`): one digit per cell
(cell(r,c)), the givens fixed (given(r,c)), a latin square (row(r,d), col(c,d)), and each digit
once per region (region(k,d)).

Deductions (`deduce`), as sudoku's with the regions for the boxes (`solver.deduce.digit_logic`):
singles in rows, columns and regions, then probing; where they decide every cell, that is the
answer and no model is built.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.digits import (
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    fix,
    latin_square,
    once_each,
    rows_and_columns,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io.givens import Given, in_rooms
from solver.io.room_digits import (
    read_room_digits,
    render_room_digits,
    shown_digit,
    typed_digits,
    without_digits,
)
from solver.io.rooms_sheet import grid_rooms
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.limits import MAX_SUDOKU_N
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    """The regions (`rooms`) and the given digits (`numbers`: printed, or filled in by
    hand)."""

    def room_name(self, k: int) -> str:
        return super().room_name(k).replace("room", "region", 1)

    @property
    def n(self) -> int:
        return self.rows


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> Puzzle:
    bare = without_digits(grid)
    if bare.rows != bare.cols:
        raise InputError(
            grid.sheet,
            f"a jigsaw-sudoku grid is square, this one is {bare.rows} rows by {bare.cols} "
            "columns (check the sentinel's place)",
        )
    n = bare.rows
    if not 2 <= n <= MAX_SUDOKU_N:
        raise InputError(
            grid.sheet, f"a jigsaw sudoku is 2x2 to {MAX_SUDOKU_N}x{MAX_SUDOKU_N}, not {n}x{n}"
        )
    rooms, found = grid_rooms(bare, per_room=False)
    digits = found | typed_digits(grid)
    for (r, c), d in sorted(digits.items()):
        if not 1 <= d <= n:
            raise grid.error(r, c, f"expected a digit from 1 to {n} or an empty cell, found {d}")
    p = Puzzle(rooms, tuple(sorted(digits.items())))
    for k, cells in enumerate(rooms.all()):
        if len(cells) != n:
            r, c = cells[0]
            raise grid.error(
                r,
                c,
                f"{p.room_name(k)} has {len(cells)} cell{'s' * (len(cells) != 1)}; each region "
                f"of a {n}x{n} jigsaw sudoku has {n} (check its walls or labels)",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The given digits in their cells; the regions are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), d in p.numbers:
        cells[r][c] = d
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("jigsaw-sudoku")
    x = digit_vars(prob, p.positions(), range(1, p.n + 1))
    fix(prob, x, p.number_at())
    latin_square(prob, x, p.n)
    for k, cells in enumerate(p.rooms.all(), start=1):
        once_each(prob, x, cells, f"region({k})")
    return Model(prob, list(x.values()), {"x": x})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: singles in rows, columns and regions, then probing, within the
    tuning's `probe_work`."""
    board = digit_logic.latin_board(p.n, p.rooms.all(), budget=tuning.probe_work)
    cand = digit_logic.deduce(board, p.number_at())
    return digit_logic.deductions(cand, p.n, p.n, board.digits)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a digit 1-N, the givens stand, and no row, column or region holds a
    digit twice (so each holds 1-N once)."""
    n = p.n
    a = tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(n)) for r in range(n)
    )
    problems = check_filled(a, p.positions(), p.numbers)
    problems += [
        Violation(f"cell {cell_name((r, c))} holds {a[r][c]}, not a digit 1 to {n}", [(r, c)])
        for r, c in p.positions()
        if a[r][c] and not 1 <= a[r][c] <= n
    ]
    regions = [(p.room_name(k), cells) for k, cells in enumerate(p.rooms.all())]
    return problems + check_repeats(a, rows_and_columns(n, n) + regions)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers in the cells among borders, and beside or after a
    label (`A3`, `A=3`: typed, or drawn by solving through the number format)."""
    return read_room_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit: a label alone, nothing."""
    return shown_digit(grid, cell) is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_room_digits(p, a, p.number_at())


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a], "regions": p.rooms.regions()}


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The given digits, for the conflict search; the regions are the puzzle's own."""
    return in_rooms(grid, p.numbers)


GENRE = define(
    __name__,
    slug="jigsaw-sudoku",
    ja="ジグソー数独",
    names=("jigsaw sudoku", "jigsawsudoku", "jigsaw", "chaos sudoku", "irregular sudoku"),
    # HiGHS, the proof without presolve: 0.5 s for the 12 slowest of janko.at's 680, SCIP 1.0,
    # CBC 2.4; 1.3 with presolve (benchmarks/benchmark_puzzlekit.py); probing's work as sudoku's
    tuning=Tuning(prove_by_search=True, probe_work=10_000_000),
)
