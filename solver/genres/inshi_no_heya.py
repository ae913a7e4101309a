"""Inshi no heya (因子の部屋, factor rooms).

Rules: an N x N grid is divided into rooms, each with a number, its product. Put a digit 1-N into
every cell so that each row and each column holds every digit once (a latin square) and the
digits of each room multiply to its product. A room may hold a digit twice (in different rows
and columns).

Layout: the N x N grid from A1, the sentinel one cell diagonally below-right of it, and the
rooms in either of the two ways of the room genres (`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed, and type each room's product into its first cell (the leftmost cell of
  its top row, where puzz.link prints it); the other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a room's product
  goes with its label into one (any one) of its cells (`A12`, `12A`).

Every room has its product.

    thick borders:        labels:
    ┏━━━━━━━┳━━━┓
    ┃ 6     ┃ 2 ┃         A6 A  B2
    ┣━━━┳━━━┫   ┃
    ┃ 3 ┃ 6 ┃   ┃         C3 D6 B
    ┃   ┃   ┗━━━┫
    ┃   ┃       ┃         C  D  D
    ┗━━━┻━━━━━━━┛         (3x3, digits 1-3; the answer: 231 312 123)

The answer writes the digits in blue into the empty cells among thick borders; after what a cell
holds (a product, a label) it shows the digit through the cell's number format, in the cell's own
colour: `12=3`, `A=3`, `A12=3` (the value stays `12`, `A`, `A12`). Solving by hand, type the
digits into the empty cells, and after a product or a label with `=` (`12=3`, `A=3`). Among
borders a number is a room's product only in the room's first cell, a digit in every other
cell. A digit typed by hand cannot be told from a printed one: Check, and solving, read it as a
given, as for sudoku.

puzz.link: `factors`: the border codec, then room number16 (one product per room, in the order
of the rooms' first cells).

Model: x(r,c,d) = 1 when cell (r,c) holds digit d (`solver.blocks.digits`): one digit per cell, a
latin square. A room's product, exactly and linearly (`solver.blocks.digits.product_is`): the
factorisations of the product into as many digits 1-N as the room has cells are listed as
multisets (`factorisations`, exact integer arithmetic: 12 in three cells of a 4x4 is {1,3,4} or
{2,2,3}); one binary y(k,i) per factorisation i of room k, Factor(k): exactly one is chosen, and
Count(k,d): the number of ds in the room equals d's multiplicity in the chosen one. The deck
takes logarithms of the digits with a tolerance, which can accept a wrong product through
rounding; here a product no factorisation gives has no y to choose, so the model holds exactly
the rule. The lists stay short: any product of 5 digits 1-9 has at most 14. A product
with no factorisation is an input error at its cell.

Deductions (`deduce`, `solver.deduce.digit_logic`, as kenken's): singles in rows and columns,
each room's factorisations that can still be placed, then probing; where they decide every
cell, that is the answer and no model is built.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.digits import (
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    factorisations,
    fix,
    latin_square,
    product_is,
    rows_and_columns,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.room_digits import (
    read_room_digits,
    render_room_digits,
    room_clues,
    shown_digit,
    without_digits,
)
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    """The rooms, each room's product in the cell that holds it (`numbers`), and the digits
    the sheet shows (`digits`: filled in by hand, read as givens; none in a printed puzzle)."""

    digits: tuple[tuple[Cell, int], ...] = ()


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> Puzzle:
    bare = without_digits(grid)
    if bare.rows != bare.cols:
        raise InputError(
            grid.sheet,
            f"an inshi-no-heya grid is square, this one is {bare.rows} rows by {bare.cols} "
            "columns (check the sentinel's place)",
        )
    n = bare.rows
    rooms, products, digits = room_clues(grid, n, "product")
    p = Puzzle(rooms, tuple(sorted(products.items())), tuple(sorted(digits.items())))
    for (r, c), v in p.numbers:
        size = len(rooms.cells(rooms.room_of((r, c))))
        if not factorisations(v, size, range(1, n + 1)):
            raise grid.error(
                r,
                c,
                f"no {size} digit{'s' * (size > 1)} from 1 to {n} multiply to {v}: check the "
                "product and the room's walls",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Each room's product in the room's first cell (where a sheet of thick borders reads it,
    wherever a labels sheet typed it), given digits in theirs (after a product: `12=3`); the
    rooms are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for k, v in p.room_numbers().items():
        r, c = p.rooms.cells(k)[0]
        cells[r][c] = v
    for (r, c), d in p.digits:
        cells[r][c] = d if cells[r][c] is None else f"{cells[r][c]}={d}"
    return cells


def model(p: Puzzle) -> Model:
    n = p.rows
    prob = new_problem("inshi-no-heya")
    x = digit_vars(prob, p.positions(), range(1, n + 1))
    fix(prob, x, dict(p.digits))
    latin_square(prob, x, n)
    for k, product in sorted(p.room_numbers().items()):
        cells = p.rooms.cells(k)
        product_is(prob, x, cells, factorisations(product, len(cells), range(1, n + 1)), k + 1)
    return Model(prob, list(x.values()), {"x": x})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: singles in rows and columns, each room's factorisations that
    can still be placed into its cells, then probing, within the tuning's `probe_work`."""
    n = p.rows
    digits = range(1, n + 1)
    cages = [
        (p.rooms.cells(k), factorisations(product, len(p.rooms.cells(k)), digits))
        for k, product in sorted(p.room_numbers().items())
    ]
    board = digit_logic.latin_board(n, cages=cages, budget=tuning.probe_work)
    cand = digit_logic.deduce(board, dict(p.digits))
    return digit_logic.deductions(cand, n, n, board.digits)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a digit 1-N, no row or column holds one twice, and each room's digits
    multiply to its product (checked once the room is full)."""
    n = p.rows
    a = tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(p.cols))
        for r in range(p.rows)
    )
    problems = check_filled(a, p.positions(), p.digits)
    problems += [
        Violation(f"cell {cell_name((r, c))} holds {a[r][c]}, not a digit 1 to {n}", [(r, c)])
        for r, c in p.positions()
        if a[r][c] and not 1 <= a[r][c] <= n
    ]
    problems += check_repeats(a, rows_and_columns(n, n))
    for k, product in sorted(p.room_numbers().items()):
        cells = p.rooms.cells(k)
        digits = [a[r][c] for r, c in cells]
        if all(digits):
            got = 1
            for d in digits:
                got *= d
            if got != product:
                problems.append(
                    Violation(
                        f"{p.room_name(k)} multiplies to {got}, its clue says {product}", cells
                    )
                )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers in the cells among borders (a product only in a
    room's first cell), and after a product or label with `=` (typed, or drawn by solving
    through the number format)."""
    return read_room_digits(grid, m["x"], p.number_at())


_LAST: list[tuple[Grid, set[Cell]]] = []  # the product cells of the grid asked about last


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit: a label alone, a product
    alone, nothing."""
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
    return {"numbers": [list(row) for row in a], "regions": p.rooms.regions()}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`factors`: the border codec, then room number16: one product per room, rooms in the
    order of their first cells; the product stands in the room's first cell."""
    if url.rows != url.cols:
        raise puzzlink.UrlError(f"a factors URL must be square, this one is {url.cols}x{url.rows}")
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, len(rooms), what="rooms")
    puzzlink.end(rest)
    products = []
    for k, cells in enumerate(rooms.all()):
        v = values[k]
        if not isinstance(v, int) or not factorisations(v, len(cells), range(1, url.rows + 1)):
            raise puzzlink.UrlError(
                f"factors: room {k + 1} (from row {cells[0][0] + 1}, column {cells[0][1] + 1}) "
                f"has {'no product' if v is None else f'the product {v!s}, which no digits make'}"
            )
        products.append((cells[0], v))
    return Puzzle(rooms, tuple(products))


def to_url(p: Puzzle) -> str:
    """The walls between rooms, then each room's product (room number16); the digits typed in
    cells have no place in a URL."""
    if p.digits:
        raise puzzlink.UrlError(
            f"inshi-no-heya: a puzz.link URL holds the rooms and their products, not the digits "
            f"typed in cells ({cell_name(p.digits[0][0])} ...); clear them to make a link"
        )
    numbers = puzzlink.room_numbers(p.rooms, p.numbers)
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(numbers)
    return puzzlink.url_text("factors", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The digits typed into the grid, for the conflict search; the rooms and their products
    are the puzzle's own (every room has its product)."""
    return in_rooms(grid, p.digits)


GENRE = define(
    __name__,
    slug="inshi-no-heya",
    ja="因子の部屋",
    pzpr_ids=("factors",),
    tuning=Tuning(prove_by_search=True, probe_work=10_000_000),  # probing's work as kenken's
)
