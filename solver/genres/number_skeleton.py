"""Number Skeleton (ナンバースケルトン).

Rules: put a digit 0-9 into every white cell; black cells stay empty. Each maximal run of two or
more white cells, read left to right along a row or top to bottom along a column, is one of the
listed numbers, and each listed number is read exactly once (a number listed twice, twice).
Every white cell lies in such a run.

Layout: the grid from A1, a black cell as `■` (or `#`, `+`) or a dark fill (Excel's fill tool);
white cells empty. Right of the grid one empty column, then the list: one number per cell, top
to bottom from row 1, in as many columns as it needs, none taller than the grid (a list of 10
numbers beside a 5-row grid takes two columns of 5), in any order. A number may be typed as a
number or as text (`'2419`), several may share a cell (`12 19`, `12, 19`), and cells of the list
may stay empty. The sentinel goes one cell diagonally below-right of the grid's last row and the
list's last column. The grid ends where the list's empty column is: the first column from the
right that is empty everywhere (so the grid's own last column may be all white). A number does
not begin with 0 (Excel drops leading zeros). The seed's 5x5, its list in G and H:

       A  B  C  D  E  F  G     H
    1           ■        12    249
    2     ■              19    441
    3     ■     ■        41    942
    4        ■           94    2419
    5  ■           ■     149   9192
    6                                E

Before the solve, each length is counted: a listed number with no run of its length, or a
length with more or fewer listed numbers than runs, is refused, naming a cell of the list.

The answer writes the digits into the white cells, in blue. The digits in white cells are always
the answer, never givens (the genre has none): Solve fills the empty white cells and leaves a
digit that is already right; a digit typed by hand that fits no answer is refused, naming its
cell. Solving by hand, type digits; Check and hints read them (a blank white cell is not done
yet). The record's `black` lists the black cells ([r, c], typed or filled); its `numbers` is the
sheet's grid, the list's columns included: the digit of each white cell (0 included), null
elsewhere.

Model: x(r,c,d) = 1 when white cell (r,c) holds digit d, 0-9 (`solver.blocks.digits`, one digit per
white cell). y(n,j) = 1 when run j reads the listed number n, for the numbers of run j's length
(`solver.blocks.digits.place_numbers`): Run(j): each run reads one number; Listed(n): n is read as
many times as it is listed; Spell(j,i,d): the digit d at position i of run j is x(cell, d) = the sum
of y(n,j) over the numbers n with d at position i. Every coefficient is 1: the numbers are
never formed as sums of powers of ten, so no rounding can let a wrong number through.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import pulp

from solver.blocks.cells import black_record
from solver.blocks.digits import (
    check_filled,
    digit_vars,
    place_numbers,
    run_name,
    run_number,
    run_span,
    white_runs,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import a1, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.black_cells import is_black
from solver.io.digits_sheet import read_digits
from solver.io.run_lists import check_list_lengths, grid_width
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem, value

DIGITS = range(10)
SEPARATORS = re.compile(r"[\s,;、，]+")  # between numbers typed into one cell of the list
WALL = "■"

Answer = tuple[tuple[int | None, ...], ...]  # the digit of each grid cell, None in black cells


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    black: frozenset[Cell]
    numbers: tuple[int, ...]  # the list, in the order of its cells
    # the sheet cell of each listed number (0-based); empty: the layout `to_cells` writes
    places: tuple[Cell, ...] = field(default=(), compare=False)

    def white(self) -> set[Cell]:
        return {
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.black
        }

    def runs(self) -> list[list[Cell]]:
        return white_runs(self.white(), shortest=2)

    def place(self, k: int) -> Cell:
        """The sheet cell of the k-th listed number."""
        return self.places[k] if self.places else self.typed_place(k)

    def typed_place(self, k: int) -> Cell:
        """Where `to_cells` types the k-th listed number: columns as tall as the grid."""
        return k % self.rows, self.cols + 1 + k // self.rows

    def listed(self) -> Counter[int]:
        return Counter(self.numbers)


def parse(grid: Grid) -> Puzzle:
    cols = grid_width(grid)
    where = "one empty column right of the grid, then the listed numbers, one per cell"
    if cols is None:
        raise InputError(grid.sheet, f"no list of numbers found: type {where}")
    if cols == grid.cols - 1:
        raise InputError(
            grid.sheet,
            f"no list of numbers found: column {column_letter(cols + 1)}, the last before the "
            f"sentinel, is empty; type {where}, and the sentinel right after the list's last "
            "column",
        )
    if cols == 0:
        raise InputError(grid.sheet, f"column A is empty: type the grid from A1, then {where}")
    rows = grid.rows
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
                    "a grid cell is black (■ or #, or a dark fill), empty, or holds a digit 0-9 "
                    f"of the answer; found {quote(v)}"
                    + (
                        " (the list goes right of the grid, after one empty column)"
                        if isinstance(v, int) and v > 9
                        else ""
                    ),
                )
    numbers, places = [], []
    longest = max(rows, cols)
    for c in range(cols + 1, grid.cols):
        for r in range(rows):
            for n in _listed(grid, r, c, cols):
                if n.bit_length() > 10_000:  # thousands of digits: str() would refuse it
                    raise grid.error(
                        r,
                        c,
                        f"the listed {quote(n)} is longer than any run of this "
                        f"{rows}x{cols} grid (at most {longest} digits)",
                    )
                numbers.append(n)
                places.append((r, c))
    p = Puzzle(rows, cols, frozenset(black), tuple(numbers), tuple(places))
    _check_lengths(p, grid)
    return p


def _listed(grid: Grid, r: int, c: int, cols: int) -> list[int]:
    """The numbers in a cell of the list: one number, or several apart (`12 19`, `12, 19`)."""
    v = grid[r, c]
    if v is None:
        return []
    if isinstance(v, int) and v >= 0:
        return [v]
    parts = SEPARATORS.split(v) if isinstance(v, str) else []
    if parts and all(part.isascii() and part.isdigit() for part in parts):
        return [int(part) for part in parts]
    empty = column_letter(cols + 1)
    raise grid.error(
        r,
        c,
        f"a listed number is a whole number (its digits), one or several to a cell; found "
        f"{quote(v)} (the "
        f"list starts right of column {empty}, the grid is A1:{a1(grid.rows, cols)})",
    )


def _check_lengths(p: Puzzle, grid: Grid) -> None:
    """Every white cell in a run; as many listed numbers of each length as runs of it."""
    listed = [(n, len(str(n)), p.place(k)) for k, n in enumerate(p.numbers)]
    check_list_lengths(grid, p.rows, p.cols, p.white(), p.runs(), listed, "number", "digits")


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The grid, an empty column, and the list in columns as tall as the grid."""
    width = p.cols + 1 + -(-len(p.numbers) // p.rows)
    cells: list[list[Value]] = [
        [WALL if (r, c) in p.black else None for c in range(p.cols)] + [None] * (width - p.cols)
        for r in range(p.rows)
    ]
    for k, n in enumerate(p.numbers):
        r, c = p.typed_place(k)
        cells[r][c] = n
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("number_skeleton")
    x = digit_vars(prob, sorted(p.white()), DIGITS)
    place_numbers(prob, x, p.runs(), p.listed())
    return Model(prob, list(x.values()), {"x": x})


def decode(p: Puzzle, m: Model) -> Answer:
    held = {(r, c): d for (r, c, d), v in m["x"].items() if value(v)}
    return tuple(tuple(held.get((r, c)) for c in range(p.cols)) for r in range(p.rows))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every white cell holds a digit; each run reads a listed number, and each listed number
    is read as many times as it is listed (checked on the runs whose cells are all filled)."""
    filled = all(a[r][c] is not None for r, c in p.white())
    problems = check_filled(a, sorted(p.white()), blank=(None,))  # 0 is a digit here
    listed = p.listed()
    read: dict[int, list[list[Cell]]] = {}
    for run in p.runs():
        n = run_number(a, run)
        if n is None:
            continue
        if len(str(n)) != len(run):  # a leading 0: no listed number
            problems.append(Violation(f"{run_name(run)} begins with 0", run))
        elif n not in listed:
            problems.append(Violation(f"{run_name(run)} reads {n}, which is not in the list", run))
        else:
            read.setdefault(n, []).append(run)
    for n, count in sorted(listed.items()):
        runs = read.get(n, [])
        if len(runs) > count or (len(runs) < count and filled):
            own = [p.place(k) for k, m in enumerate(p.numbers) if m == n]
            where = ", ".join(run_span(run) for run in runs)
            found = f"read {_times(len(runs))}" + (f" ({where})" if runs else "")
            problems.append(
                Violation(
                    f"the listed {n} is {found}, and listed {_times(count)}",
                    [*own, *(cell for run in runs for cell in run)],
                )
            )
    return problems


def _times(n: int) -> str:
    return {0: "nowhere", 1: "once", 2: "twice"}.get(n, f"{n} times")


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows in white cells. Blank cells fix nothing."""
    return read_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """Whether a cell still waits for its digit: an empty white cell of the grid (the empty
    column and the list hold no answer)."""
    r, c = cell
    width = grid_width(grid)
    inside = width is not None and c < width
    return inside and grid[cell] is None and not is_black(grid, (r, c))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return [
        CellWrite(r, c, d) for r, row in enumerate(a) for c, d in enumerate(row) if d is not None
    ]


def record(p: Puzzle, a: Answer) -> dict:
    width = len(to_cells(p)[0]) if not p.places else max(c for _, c in p.places) + 1
    numbers = [[*a[r], *[None] * (width - p.cols)] for r in range(p.rows)]
    return {"numbers": numbers, "black": black_record(p.black)}


# No givens for the conflict search (Genre.givens): the list must hold a number for every run of the
# grid, so none can be taken out.
givens = None

GENRE = define(
    __name__,
    slug="number-skeleton",
    ja="ナンバースケルトン",
    names=("numberskeleton",),
    prove_by_search=True,
)
