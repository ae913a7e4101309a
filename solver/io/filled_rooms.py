"""Rooms filled with the digits 1 to their size (suguru, ripple-effect): the sheet, the answer,
the link and the rooms' half of `verify`, shared; each genre adds its own rule between rooms.

The sheet: rooms as labels or borders (`solver.io.rooms_sheet`), given digits in their cells or
after a label (`solver.io.room_digits`). The link: the border codec, then number16 over the
cells (`.`, a given whose digit is not shown, is refused: the sheet has no way to type it); then,
where pzprjs leaves cells out of the grid, those cells as bits, refused too."""

from __future__ import annotations

import pulp

from solver.blocks.digits import check_filled, check_repeats, decode_digits
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.room_digits import (
    read_room_digits,
    render_room_digits,
    shown_digit,
    typed_digits,
    without_digits,
)
from solver.io.rooms_sheet import grid_rooms
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model

Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> RoomPuzzle:
    """The rooms and the given digits, each at most its room's size."""
    rooms, digits = grid_rooms(without_digits(grid), per_room=False)
    for (r, c), d in sorted(typed_digits(grid).items()):
        if (r, c) in digits:
            raise grid.error(
                r, c, f"one digit a cell: {quote(grid[r, c])} holds {digits[r, c]} and {d}"
            )
        digits[r, c] = d
    for (r, c), d in sorted(digits.items()):
        size = len(rooms.cells(rooms.room_of((r, c))))
        if not 1 <= d <= size:
            holds = "1 cell holds the digit 1" if size == 1 else f"{size} cells holds 1 to {size}"
            raise grid.error(r, c, f"a room of {holds}; found {d}")
    return RoomPuzzle(rooms, tuple(sorted(digits.items())))


def to_cells(p: RoomPuzzle) -> list[list[Value]]:
    """The given digits in their cells; the rooms are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), d in p.numbers:
        cells[r][c] = d
    return cells


def decode(p: RoomPuzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def check_rooms(p: RoomPuzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a digit its room can hold, no room holds a digit
    twice."""
    problems = check_filled(a, p.positions(), p.numbers)
    rooms = p.rooms.all()
    for cells in rooms:
        for r, c in cells:
            if a[r][c] > len(cells):
                problems.append(
                    Violation(
                        f"cell {cell_name((r, c))} holds {a[r][c]}, but its room has only "
                        f"{len(cells)} cell{'s' * (len(cells) > 1)}",
                        [(r, c)],
                    )
                )
    units = [(p.room_name(k), cells) for k, cells in enumerate(rooms)]
    return problems + check_repeats(a, units)


def sized(p: RoomPuzzle, a: Answer) -> Answer:
    """The answer on the puzzle's grid (a cell it lacks: 0), so that odd answers never crash."""
    return tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(p.cols))
        for r in range(p.rows)
    )


def read_answer(p: RoomPuzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers among borders and `A3` beside a label (read as
    givens too), `A=3` typed after a label or drawn by solving through the number format."""
    return read_room_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit (a label alone is blank)."""
    return shown_digit(grid, cell) is None


def render(p: RoomPuzzle, a: Answer) -> list[CellWrite]:
    return render_room_digits(p, a, p.number_at())


def record(p: RoomPuzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a], "regions": p.rooms.regions()}


def givens(p: RoomPuzzle, grid: Grid) -> list[Given]:
    """The given digits, for the conflict search; the rooms are the puzzle's own."""
    return in_rooms(grid, p.numbers)


def from_url(pzpr_id: str, url: puzzlink.PzprUrl) -> RoomPuzzle:
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, url.rows * url.cols)
    if rest:
        empty, rest = puzzlink.decode_bits(rest, url.rows * url.cols)
        if any(empty):
            raise puzzlink.UrlError(f"{pzpr_id}: cells left out of the grid are not supported")
    puzzlink.end(rest)
    sizes = [len(cells) for cells in rooms.all()]
    digits = []
    for k, v in enumerate(values):
        if v is None:
            continue
        r, c = divmod(k, url.cols)
        size = sizes[rooms.room_of((r, c))]
        if not isinstance(v, int) or not 1 <= v <= size:
            raise puzzlink.UrlError(
                f"{pzpr_id}: row {r + 1}, column {c + 1} holds {v!s}, "
                f"not a digit 1-{size} of its room"
            )
        digits.append(((r, c), v))
    return RoomPuzzle(rooms, tuple(digits))


def to_url(pzpr_id: str, p: RoomPuzzle) -> str:
    at = dict(p.numbers)
    values = [at.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(values)
    return puzzlink.url_text(pzpr_id, p.cols, p.rows, body)
