"""Sudoku (数独).

Rules: put a digit 1-N into every cell so that each row, each column and each box holds every
digit once. N = 9 with 3x3 boxes; also 4 (2x2 boxes), 6 (boxes 3 wide, 2 tall), 8 (4 wide, 2
tall), 12 (4 wide, 3 tall), 16 (4x4), 25 (5x5): the box shape follows from the grid's size.

Layout: the N x N grid from A1, givens as numbers 1-N, empty cells blank; the sentinel one cell
diagonally below-right of the grid (at J10 for 9x9). The answer fills every empty cell.

Model (the deck's): x(I,J,D) = 1 when cell (I,J) holds digit D (`solver.blocks.digits`); one digit
per cell, givens fixed, a latin square, and each digit once per box.

Deductions (`solver.deduce.digit_logic`): naked and hidden singles in rows, columns and boxes,
then each cell of two or three candidates probed; they decide most published puzzles whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.blocks.digits import (
    box_ids,
    box_shape,
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    fix,
    latin_square,
    once_each,
    rows_and_columns,
    sudoku_boxes,
)
from solver.blocks.names import cell_name
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.puzzlink import (
    UNKNOWN,
    PzprUrl,
    UrlError,
    cells_of,
    decode_number16,
    encode_number16,
    end,
    grid_rows,
    url_text,
)
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.limits import MAX_SUDOKU_N
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning


@dataclass(frozen=True)
class Puzzle:
    givens: tuple[tuple[int | None, ...], ...]

    @property
    def n(self) -> int:
        return len(self.givens)

    def cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.n) for c in range(self.n)]

    def given_digits(self) -> dict[tuple[int, int], int]:
        return {(r, c): d for r, c in self.cells() if (d := self.givens[r][c]) is not None}

    def boxes(self) -> list[list[tuple[int, int]]]:
        return sudoku_boxes(self.n)


Answer = tuple[tuple[int, ...], ...]


def parse(grid: Grid) -> Puzzle:
    n = grid.rows
    if grid.rows != grid.cols:
        raise InputError(
            grid.sheet,
            f"a sudoku grid is square, this one is {grid.rows} rows by "
            f"{grid.cols} columns (check the sentinel's place)",
        )
    if n > MAX_SUDOKU_N:
        raise InputError(
            grid.sheet,
            f"a {n}x{n} sudoku is larger than the {MAX_SUDOKU_N}x{MAX_SUDOKU_N} this solver "
            "supports; use 4, 6, 8, 9, 12, 16 or 25 rows",
        )
    try:
        box_shape(n)
    except ValueError:
        raise InputError(
            grid.sheet, f"a {n}x{n} sudoku has no box shape; use 4, 6, 8, 9, 12, 16 or 25 rows"
        ) from None
    return Puzzle(
        tuple(tuple(grid.number(r, c, 1, n, "a digit") for c in range(n)) for r in range(n))
    )


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.givens]


def model(p: Puzzle) -> Model:
    prob = new_problem("sudoku")
    x = digit_vars(prob, p.cells(), range(1, p.n + 1))
    fix(prob, x, p.given_digits())
    latin_square(prob, x, p.n)
    for k, box in enumerate(p.boxes(), start=1):
        once_each(prob, x, box, f"box({k})")
    return Model(prob, list(x.values()), {"x": x})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: singles in rows, columns and boxes, then probing, within the
    tuning's `probe_work`."""
    board = digit_logic.latin_board(p.n, p.boxes(), budget=tuning.probe_work)
    cand = digit_logic.deduce(board, p.given_digits())
    return digit_logic.deductions(cand, p.n, p.n, board.digits)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.n, p.n)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a digit, the givens stand, and no row, column or box holds a digit
    twice (so each holds 1-N once)."""
    problems = check_filled(a, p.cells(), p.given_digits())
    boxes = [(f"the box {cell_name(min(b))}:{cell_name(max(b))}", b) for b in p.boxes()]
    return problems + check_repeats(a, rows_and_columns(p.n, p.n) + boxes)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The digits the sheet shows (they are read as givens too: a digit filled in by hand
    cannot be told from one printed with the puzzle)."""
    return read_digits(grid, m["x"])


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.given_digits())


def record(p: Puzzle, a: Answer) -> dict:
    """The digits, and the boxes as `regions` (the picture and the text draw them as walls)."""
    return {"numbers": [list(row) for row in a], "regions": box_ids(p.n)}


def from_url(url: PzprUrl) -> Puzzle:
    if url.rows != url.cols:
        raise UrlError(f"a sudoku URL must be square, this one is {url.cols}x{url.rows}")
    values, rest = decode_number16(url.body, url.rows * url.cols)
    end(rest)
    if any(v == UNKNOWN or (isinstance(v, int) and not 1 <= v <= url.rows) for v in values):
        raise UrlError(f"a {url.rows}x{url.rows} sudoku URL may only hold the digits 1-{url.rows}")
    return Puzzle(grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    return url_text("sudoku", p.n, p.n, encode_number16(cells_of(p.givens)))


GENRE = define(
    __name__,
    slug="sudoku",
    ja="数独",
    pzpr_ids=("sudoku",),
    tuning=Tuning(prove_by_search=True, probe_work=10_000_000),
)
