"""Killer sudoku (キラー数独; also sum sudoku).

Rules: put a digit 1-N into every cell so that each row, each column and each box holds every
digit once, as in sudoku, and the grid is divided into cages, each with a sum: the digits of a
cage add up to its sum and differ from each other. N = 9 with 3x3 boxes; also 4 (2x2 boxes), 6
(boxes 3 wide, 2 tall), 8, 12, 16, 25: the box shape follows from the grid's size, as in sudoku.

Layout: the N x N grid from A1, the sentinel one cell diagonally below-right of it, and the
cages in either of the two ways of the room genres (`solver.io.rooms_sheet`); the boxes are not
drawn (the grid's size gives them).

- thick borders: draw the cages' walls with Excel's border tool (medium or thick lines), and type
  each cage's sum into its first cell (the leftmost cell of its top row); a number in any other
  cell is a given digit; the other cells stay empty;
- labels: every cell holds its cage's label (`A`, `B` ... `Z`, `AA` ...), and a cage's sum goes
  with its label into one (any one) of its cells (`A12`, `12A`).

Every cage has its sum.

    thick borders:            labels:
    ┏━━━━━━━┳━━━┳━━━┓
    ┃ 9     ┃ 8 ┃ 3 ┃         A9 A  B8 C3
    ┃   ┏━━━┫   ┃   ┃
    ┃   ┃ 7 ┃   ┃   ┃         A  D7 B  C
    ┣━━━┫   ┃   ┣━━━┫
    ┃ 4 ┃   ┃   ┃ 9 ┃         E4 D  B  F9
    ┃   ┃   ┣━━━┛   ┃
    ┃   ┃   ┃       ┃         E  D  F  F
    ┗━━━┻━━━┻━━━━━━━┛         (4x4, 2x2 boxes; the answer: 2341 4132 3214 1423)

The answer writes the digits in blue into the empty cells among thick borders; after what a cell
holds (a sum, a label) it shows the digit through the cell's number format, in the cell's own
colour: `12=3`, `A=3`, `A12=3` (the value stays `12`, `A`, `A12`). Solving by hand, type the
digits into the empty cells, and after a sum or a label with `=` (`12=3`, `A=3`). A digit typed by
hand cannot be told from a printed one: Check, and solving, read it as a given, as for sudoku.

puzz.link: none (pzprjs has no killer sudoku).

Model: x(r,c,d) = 1 when cell (r,c) holds digit d (`solver.blocks.digits`): one digit per cell,
the givens fixed, a latin square (row(r,d), col(c,d)), each digit once per box (box(k,d)). A
cage's sum with different digits, exactly and linearly (`solver.blocks.digits.sum_by_combinations`):
the sets of different digits 1-N of the cage's size that add up to its sum are listed (17 in two
cells of a 9x9: {8,9}); one binary kCage(k,j) per set j of cage k, Cage(k): exactly one is
chosen, and Cage(k,d): the cage holds d once if the chosen set has it, else never. A sum that
no set makes is an input error at its cell.

Deductions (`deduce`, `solver.deduce.digit_logic`): each cell's candidates, narrowed by singles
in rows, columns and boxes, by each cage's sets that can still be placed, and by the sums that
bands of rows or columns and boxes imply for a few cells (innies and outies); then probing the
cells of two or three candidates, within the tuning's work. They decide most published puzzles
outright.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cages import PLUS, options
from solver.blocks.digits import (
    box_ids,
    box_shape,
    check_filled,
    check_repeats,
    combinations,
    decode_digits,
    digit_vars,
    fix,
    latin_square,
    once_each,
    rows_and_columns,
    sudoku_boxes,
    sum_by_combinations,
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
    room_clues,
    shown_digit,
    without_digits,
)
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.limits import MAX_SUDOKU_N
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    """The cages (`rooms`), each cage's sum in the cell that holds it (`numbers`), and the
    digits the sheet shows (`digits`: given, or filled in by hand)."""

    digits: tuple[tuple[Cell, int], ...] = ()

    @property
    def n(self) -> int:
        return self.rows

    def room_name(self, k: int) -> str:
        return super().room_name(k).replace("room", "cage", 1)


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> Puzzle:
    bare = without_digits(grid)
    if bare.rows != bare.cols:
        raise InputError(
            grid.sheet,
            f"a killer-sudoku grid is square, this one is {bare.rows} rows by {bare.cols} "
            "columns (check the sentinel's place)",
        )
    n = bare.rows
    try:
        if n > MAX_SUDOKU_N:
            raise ValueError(n)
        box_shape(n)
    except ValueError:
        raise InputError(
            grid.sheet,
            f"a {n}x{n} killer sudoku has no box shape; use 4, 6, 8, 9, 12, 16 or 25 rows",
        ) from None
    rooms, sums, digits = room_clues(grid, n, "sum", "cage")
    p = Puzzle(rooms, tuple(sorted(sums.items())), tuple(sorted(digits.items())))
    for (r, c), total in p.numbers:
        size = len(rooms.cells(rooms.room_of((r, c))))
        if not combinations(total, size, tuple(range(1, n + 1))):
            raise grid.error(
                r,
                c,
                f"no {size} different digit{'s' * (size > 1)} from 1 to {n} add up to {total}: "
                "check the sum and the cage's walls",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Each cage's sum in its first cell, given digits in theirs (after a sum: `12=3`); the
    cages are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for k, v in p.room_numbers().items():
        r, c = p.rooms.cells(k)[0]
        cells[r][c] = v
    for (r, c), d in p.digits:
        cells[r][c] = d if cells[r][c] is None else f"{cells[r][c]}={d}"
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("killer-sudoku")
    x = digit_vars(prob, p.positions(), range(1, p.n + 1))
    fix(prob, x, dict(p.digits))
    latin_square(prob, x, p.n)
    for k, box in enumerate(sudoku_boxes(p.n), start=1):
        once_each(prob, x, box, f"box({k})")
    for k, total in sorted(p.room_numbers().items()):
        sum_by_combinations(prob, x, p.rooms.cells(k), total, "Cage", k + 1)
    return Model(prob, list(x.values()), {"x": x})


def board(p: Puzzle, budget: int) -> digit_logic.Board:
    """The deduction board: rows, columns and boxes as houses, each cage with its sets of
    different digits that make its sum, and the groups of cells whose sums the cages imply
    over bands of rows, bands of columns and boxes (`digit_logic.innies_outies`), with the
    multisets that make those sums."""
    n = p.n
    digits = tuple(range(1, n + 1))
    sums = [(p.rooms.cells(k), total) for k, total in sorted(p.room_numbers().items())]
    cages = [(cells, list(combinations(total, len(cells), digits))) for cells, total in sums]
    full = n * (n + 1) // 2
    regions = [(box, full) for box in sudoku_boxes(n)]
    for first in range(n):
        for last in range(first, min(n, first + n // 2)):
            rows = range(first, last + 1)
            regions.append(([(r, c) for r in rows for c in range(n)], full * len(rows)))
            regions.append(([(c, r) for r in rows for c in range(n)], full * len(rows)))
    for cells, total in digit_logic.innies_outies(regions, sums):
        cages.append((cells, options(total, PLUS, len(cells), digits)))
    return digit_logic.latin_board(n, sudoku_boxes(n), cages, budget)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.digit_logic`): singles in rows, columns and
    boxes, each cage's sets of digits that can still be placed, then each cell of two or three
    candidates probed, within the tuning's `probe_work`."""
    cand = digit_logic.deduce(board(p, tuning.probe_work), dict(p.digits))
    return digit_logic.deductions(cand, p.n, p.n, range(1, p.n + 1))


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a digit 1-N, the givens stand, no row, column, box or cage holds a digit
    twice, and each cage's digits add up to its sum (checked once the cage is full; a sum
    already passed before)."""
    n = p.n
    a = tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(n)) for r in range(n)
    )
    problems = check_filled(a, p.positions(), p.digits)
    problems += [
        Violation(f"cell {cell_name((r, c))} holds {a[r][c]}, not a digit 1 to {n}", [(r, c)])
        for r, c in p.positions()
        if a[r][c] and not 1 <= a[r][c] <= n
    ]
    boxes = [(f"the box {cell_name(min(b))}:{cell_name(max(b))}", b) for b in sudoku_boxes(n)]
    cages = [(p.room_name(k), cells) for k, cells in enumerate(p.rooms.all())]
    problems += check_repeats(a, rows_and_columns(n, n) + boxes + cages)
    for k, total in sorted(p.room_numbers().items()):
        cells = p.rooms.cells(k)
        held = [a[r][c] for r, c in cells if a[r][c]]
        got = sum(held)
        if len(held) == len(cells) and got != total:
            problems.append(
                Violation(f"{p.room_name(k)} adds up to {got}, its sum is {total}", cells)
            )
        elif len(held) < len(cells) and got >= total:
            problems.append(
                Violation(
                    f"{p.room_name(k)} already adds up to {got} with cells empty, its sum is "
                    f"{total}",
                    cells,
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers in the cells among borders (a sum only in a cage's
    first cell), and after a sum or label with `=` (typed, or drawn by solving through the
    number format)."""
    return read_room_digits(grid, m["x"], p.number_at())


_LAST: list[tuple[Grid, set[Cell]]] = []  # the sum cells of the grid asked about last


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit: a label alone, a sum alone,
    nothing."""
    if not _LAST or _LAST[0][0] is not grid:
        try:
            clues = set(parse(grid).number_at())
        except InputError:
            clues = set()
        _LAST[:] = [(grid, clues)]
    return shown_digit(grid, cell, clue=cell in _LAST[0][1]) is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_room_digits(p, a, dict(p.digits), p.number_at())


def record(p: Puzzle, a: Answer) -> dict:
    """The digits, the cages as `regions` (the picture and the text draw them as walls) and the
    sudoku's `boxes`."""
    return {
        "numbers": [list(row) for row in a],
        "regions": p.rooms.regions(),
        "boxes": box_ids(p.n),
    }


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The digits typed into the grid, for the conflict search; the cages and their sums are
    the puzzle's own (every cage has its sum)."""
    return in_rooms(grid, p.digits)


GENRE = define(
    __name__,
    slug="killer-sudoku",
    ja="キラー数独",
    names=("killer sudoku", "killersudoku", "killer", "sum sudoku"),
    # the deductions decide 792 of janko.at's 810 outright (the others are diagonal variants
    # or left to the MIP), the slowest sheet in 3 s (benchmarks/benchmark_puzzlekit.py)
    tuning=Tuning(prove_by_search=True, probe_work=10_000_000),
)
