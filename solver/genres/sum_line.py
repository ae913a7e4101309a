"""Sum Line (サムライン).

Rules: put a digit 1-9 into every white cell; black cells stay empty. No digit appears twice in
a row or a column (black cells hold none: a row may lack any digit). The digits of each maximal
run of white cells along a row (left to right) or a column (top to bottom) read as one decimal
number, a single cell as a one-digit number; the numbers of a row add up to the sum right of
the row, those of a column to the sum below the column.

Layout: the grid from A1, a black cell as `■` (or `#`, `+`) or a dark fill (Excel's fill tool);
white cells empty. Each row's sum in the column right of the grid, each column's sum in the row
below it, as whole numbers; a sum may be left empty (that line adds up to anything), and the
cell right of the column sums and below the row sums stays empty. The sentinel goes one cell
diagonally below-right of that corner cell. The 3x3 grid with a black centre, sums 21, 13, 21
for its rows and 21, 13, 21 for its columns (the answer 12/1■3/21 would do):

       A   B   C   D   E
    1              21
    2      ■       13
    3              21
    4  21  13  21
    5                  E

The answer writes the digits into the white cells, in blue. The digits in white cells are always
the answer, never givens (the genre has none): Solve fills the empty white cells and leaves a
digit that is already right; a digit typed by hand that fits no answer is refused, naming its
cell. Solving by hand, type digits; Check and hints read them (a blank white cell is not done
yet). The record's `black` lists the black cells ([r, c], typed or filled); its `numbers` is the
sheet's grid, the sums' row and column included: the digit of each white cell, null elsewhere.

Model: x(r,c,d) = 1 when white cell (r,c) holds digit d (`solver.blocks.digits`, one digit per white
cell; black cells have no variables, so they take no part in "at most once"). row(r,d) and
col(c,d): each digit at most once per row and column. Row(r,k) and Col(c,k): a line's sum as
written addition (`solver.blocks.digits.sum_of_numbers`): at digit position k the digits of its runs
there plus the carry in equal the sum's digit plus 10 times the carry out, carries cRow(r,k)
integer. The numbers are never formed with powers of ten: a 9-cell run would need coefficients
up to 9 * 10^8, at which a solver's tolerance on a binary (about 1e-6) is worth hundreds and a
wrong answer could pass; in written addition every coefficient is at most 10, so the rounded
solution satisfies the sums exactly. (The notebook's form also puts digits under black cells
and makes them differ per row and column; that is stricter than the rules, so black cells have
no variables here.)
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import black_record
from solver.blocks.digits import (
    all_different,
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    rows_and_columns,
    run_number,
    sum_of_numbers,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.black_cells import is_black
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem

DIGITS = range(1, 10)
MOST = 987654321  # the largest sum nine different digits can make
WALL = "■"

Answer = tuple[tuple[int, ...], ...]  # the digit of each grid cell, 0 in black cells


@dataclass(frozen=True)
class Puzzle:
    black: frozenset[Cell]
    row_sums: tuple[int | None, ...]  # right of each row
    col_sums: tuple[int | None, ...]  # below each column

    @property
    def rows(self) -> int:
        return len(self.row_sums)

    @property
    def cols(self) -> int:
        return len(self.col_sums)

    def white(self) -> list[Cell]:
        return [
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.black
        ]

    def row(self, r: int) -> list[Cell]:
        return [(r, c) for c in range(self.cols) if (r, c) not in self.black]

    def column(self, c: int) -> list[Cell]:
        return [(r, c) for r in range(self.rows) if (r, c) not in self.black]

    def lines(self) -> list[Line]:
        """Each row, then each column."""
        found = [
            Line(f"row {r + 1}", self.row(r), s, (r, self.cols), True)
            for r, s in enumerate(self.row_sums)
        ]
        found += [
            Line(f"column {column_letter(c + 1)}", self.column(c), s, (self.rows, c), False)
            for c, s in enumerate(self.col_sums)
        ]
        return found


@dataclass(frozen=True)
class Line:
    """A row or a column: its name, white cells, sum (None: not given) and the sum's cell."""

    name: str
    cells: list[Cell]
    total: int | None
    at: Cell
    across: bool

    def runs(self) -> list[list[Cell]]:
        """The runs of its white cells, in reading order (a single cell is a run)."""
        found: list[list[Cell]] = []
        for r, c in self.cells:
            before = (r, c - 1) if self.across else (r - 1, c)
            if found and found[-1][-1] == before:
                found[-1].append((r, c))
            else:
                found.append([(r, c)])
        return found


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise InputError(
            grid.sheet,
            "type the grid from A1, each row's sum in the column right of it, each column's sum "
            "in the row below it, and the sentinel diagonally below-right of the corner cell "
            "between them",
        )
    rows, cols = grid.rows - 1, grid.cols - 1
    if grid[rows, cols] is not None:
        raise grid.error(
            rows,
            cols,
            f"this corner cell (right of the column sums, below the row sums) stays empty; found "
            f"{quote(grid[rows, cols])}",
        )
    black = set()
    for r in range(rows):
        for c in range(cols):
            v = grid[r, c]
            if is_black(grid, (r, c)):
                black.add((r, c))
            elif v is not None and not (isinstance(v, int) and v in DIGITS):
                raise grid.error(
                    r,
                    c,
                    "a grid cell is black (■ or #, or a dark fill), empty, or holds a digit 1-9 "
                    f"of the answer; found {quote(v)}"
                    + (
                        " (the sums go in the column right of the grid and the row below it)"
                        if isinstance(v, int) and v > 9
                        else ""
                    ),
                )
    row_sums = tuple(grid.number(r, cols, 0, MOST, "a row's sum") for r in range(rows))
    col_sums = tuple(grid.number(rows, c, 0, MOST, "a column's sum") for c in range(cols))
    p = Puzzle(frozenset(black), row_sums, col_sums)
    if not p.white():
        raise InputError(grid.sheet, "every cell is black: leave the cells for digits empty")
    for line in p.lines():
        if not line.cells and line.total:
            raise grid.error(
                *line.at,
                f"{line.name} has no white cell, so its sum is 0 (or empty); found {line.total}",
            )
        if len(line.cells) > len(DIGITS):
            raise grid.error(
                *line.at,
                f"{line.name} has {len(line.cells)} white cells, but it holds each digit 1-9 "
                "at most once: make some of them black",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [
        [WALL if (r, c) in p.black else None for c in range(p.cols)] + [p.row_sums[r]]
        for r in range(p.rows)
    ]
    return [*cells, [*p.col_sums, None]]


def model(p: Puzzle) -> Model:
    prob = new_problem("sum_line")
    x = digit_vars(prob, p.white(), DIGITS)
    for r in range(p.rows):
        all_different(prob, x, p.row(r), f"row({r + 1})")
    for c in range(p.cols):
        all_different(prob, x, p.column(c), f"col({c + 1})")
    for k, line in enumerate(p.lines()):
        if line.total is not None:
            base, index = ("Row", k + 1) if line.across else ("Col", k + 1 - p.rows)
            sum_of_numbers(prob, x, line.runs(), line.total, base, index)
    return Model(prob, list(x.values()), {"x": x})


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every white cell holds a digit, no line holds a digit twice, and each line with a sum
    adds up to it (checked once its white cells are all filled)."""
    problems = check_filled(a, p.white())
    problems += check_repeats(a, rows_and_columns(p.rows, p.cols))
    for line in p.lines():
        if line.total is None or any(not a[r][c] for r, c in line.cells):
            continue
        numbers = [run_number(a, run, empty=0) or 0 for run in line.runs()]
        if sum(numbers) != line.total:
            added = " + ".join(map(str, numbers)) if len(numbers) > 1 else "one number"
            problems.append(
                Violation(
                    f"{line.name} sums to {sum(numbers)} ({added}), its sum at "
                    f"{cell_name(line.at)} says {line.total}",
                    [*line.cells, line.at],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows in white cells. Blank cells fix nothing."""
    return read_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """Whether a cell still waits for its digit: an empty white cell of the grid (the sums' row
    and column hold no answer, so an empty sum is never waiting)."""
    r, c = cell
    inside = r < grid.rows - 1 and c < grid.cols - 1
    return inside and grid[cell] is None and not is_black(grid, (r, c))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.black)


def record(p: Puzzle, a: Answer) -> dict:
    numbers = [[a[r][c] or None for c in range(p.cols)] + [None] for r in range(p.rows)]
    return {"numbers": [*numbers, [None] * (p.cols + 1)], "black": black_record(p.black)}


GENRE = define(
    __name__, slug="sum-line", ja="サムライン", names=("sumline", "sum line"), prove_by_search=True
)
