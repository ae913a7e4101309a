"""Digits in rooms (ripple-effect, inshi-no-heya): a digit answer on a room grid in the sheet.

A digit answer on a room grid goes into the cell as its value where the cell is empty (rooms
drawn as borders). A cell that already holds something (its room's label, a room's product)
keeps it: the digit is shown after it through the number format, `A=3`, `A12=3`, `12=3`
(`@"=3"` on a text, `0"=3"` on a number), and a person solving by hand types it the same way
after the cell's text. `=` because Excel keeps `12=3` as text, where `12:3` turns into a time
and `12/3` into a date; and a space would not do: `A 3` is the label A with the number 3.

`split_digit`, `without_digits` and `typed_digits` read what a person typed after a cell's text,
`shown_digit` and `read_room_digits` read an answer back, `render_room_digits` writes one.
`room_clues` reads a grid whose rooms each have one clue number (inshi-no-heya's products,
killer sudoku's sums, kenken's targets) and whose other numbers are digits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.rooms import RoomPuzzle, Rooms
from solver.blocks.values import Value
from solver.io.rooms_sheet import grid_rooms, has_labels, read_label
from solver.io.sheet import Grid, check_number_length
from solver.io.sheet.answer import CellWrite

DIGIT_AFTER = re.compile(r"^(?P<before>.*?)\s*=\s*(?P<digit>\d+)$")
DIGIT_FORMAT = re.compile(r'^(?:@|0|General)\s*"\s*=\s*(?P<digit>\d+)\s*"$')


def split_digit(v: Value) -> tuple[Value, int | None]:
    """A cell's own text and the answer digit typed after it with `=`: `A=3` -> ('A', 3),
    `12=3` -> (12, 3), `=3` alone -> (None, 3); any other value -> (value, None)."""
    if not isinstance(v, str):
        return v, None
    m = DIGIT_AFTER.match(unicodedata.normalize("NFKC", v).strip())
    if m is None:
        return v, None
    before = m["before"].strip()
    own: Value = int(before) if before.isdigit() and before.isascii() else before or None
    return own, int(m["digit"])


def without_digits(grid: Grid) -> Grid:
    """The grid with every digit typed after a cell's text (`A=3`) taken away: what a room
    genre parses its rooms and clues from."""
    cells = [[split_digit(v)[0] for v in row] for row in grid.cells]
    return Grid(grid.sheet, cells, grid.source, grid.origin)


def typed_digits(grid: Grid) -> dict[Cell, int]:
    """The digits typed after a cell's text with `=` (`A=3`, `12=3`), cell by cell: filled in
    by hand, so read as givens, as a digit typed into an empty cell is."""
    return {cell: d for cell in grid.positions() if (d := split_digit(grid[cell])[1]) is not None}


def digit_format(holds: Value, digit: int) -> str:
    """The number format that shows a digit after what the cell holds (`A` -> `A=3`)."""
    return f'{"0" if isinstance(holds, int) else "@"}"={digit}"'


def shown_digit(grid: Grid, cell: Cell, clue: bool = False) -> int | None:
    """The answer digit a room grid's cell shows: typed after its text (`A=3`, `12=3`), drawn
    through its number format (`@"=3"`), or its whole number where that is no clue (`clue`
    False: a digit typed into an empty cell, or beside a label as a given, `A3`); None when it
    shows none."""
    v = grid[cell]
    _, after = split_digit(v)
    if after is not None:
        return after
    sheet = grid.source
    if v is not None and sheet is not None:
        at = (cell[0] + grid.origin[0] + 1, cell[1] + grid.origin[1] + 1)
        m = DIGIT_FORMAT.match(sheet.get_style(*at).number_format or "")
        if m:
            check_number_length(grid.sheet, m["digit"], at)
            return int(m["digit"])
    if clue:
        return None
    if isinstance(v, int):
        return v
    label = read_label(v)
    return label[1] if label is not None else None


def render_room_digits(
    p: RoomPuzzle,
    answer: Sequence[Sequence[int]],
    given: Iterable[Cell],
    clues: Iterable[Cell] = (),
    texts: Iterable[Cell] = (),
) -> list[CellWrite]:
    """The answer's digits on a room grid (the answer form above): into an empty cell as its
    value; after a label or a clue number (`clues`: cells that hold one on a bordered grid)
    through the number format, a text's format for the clues typed as text (`texts`: kenken's
    `12+`). `given` cells hold their digit already and get nothing."""
    skip, held, text = set(given), set(clues), set(texts)
    writes = []
    for r, row in enumerate(answer):
        for c, d in enumerate(row):
            if not d or (r, c) in skip:
                continue
            if p.rooms.labels:
                writes.append(CellWrite(r, c, None, number_format=digit_format("A", d)))
            elif (r, c) in held:
                holds = "A" if (r, c) in text else 0
                writes.append(CellWrite(r, c, None, number_format=digit_format(holds, d)))
            else:
                writes.append(CellWrite(r, c, d))
    return writes


def read_room_digits(
    grid: Grid, x: dict[tuple[int, int, int], Any], clues: Iterable[Cell] = ()
) -> dict[Any, int]:
    """The digits a room grid shows (`shown_digit`; `clues`: cells whose own number is a clue,
    not a digit), as the one-hot variables x(r, c, d) they fix (a genre's `read_answer`). A
    digit the cell cannot hold (beyond its room's size) fixes every digit of the cell to 0, so
    that no answer fits it."""
    held = set(clues)
    entries: dict[Any, int] = {}
    for cell in grid.positions():
        d = shown_digit(grid, cell, clue=cell in held)
        if d is None:
            continue
        own = [k for (r, c, k) in x if (r, c) == cell]
        for k in own:
            entries[x[(*cell, k)]] = int(k == d)
    return entries


def room_clues(
    grid: Grid, n: int, clue: str = "product", room: str = "room"
) -> tuple[Rooms, dict[Cell, int], dict[Cell, int]]:
    """A grid of rooms that each hold one clue number, and digits 1-n: the rooms (labels or
    thick borders, `solver.io.rooms_sheet.grid_rooms`), each room's clue by the cell it stands
    in, and the digits typed (givens). With labels a room's clue goes beside its label in any
    one of its cells (`A12`) and digits after a `=` (`A=3`, `A12=3`); among borders the clue
    stands in the room's first cell (the leftmost of its top row) and a number in any other
    cell is a digit, as is one after a `=` (`12=3`). `clue` and `room` name the clue and the
    room in messages (`sum`, `cage`). An InputError names the cell of a digit out of 1-n, a
    number among borders that is neither, and a room without its clue."""
    bare = without_digits(grid)
    labelled = has_labels(bare)
    rooms, found = grid_rooms(bare, per_room=labelled)
    clues, digits = dict(found), typed_digits(grid)
    if not labelled:  # a room's clue in its first cell; the other numbers are digits
        firsts = {cells[0] for cells in rooms.all()}
        clues = {cell: v for cell, v in found.items() if cell in firsts}
        for (r, c), v in sorted(found.items()):
            if (r, c) in firsts:
                continue
            if not 1 <= v <= n:
                first = rooms.cells(rooms.room_of((r, c)))[0]
                raise grid.error(
                    r,
                    c,
                    f"expected a digit from 1 to {n} or an empty cell, found {quote(v)}; a "
                    f"{room}'s {clue} goes into its first cell, here {_at(grid, first)}",
                )
            digits[r, c] = v
    for (r, c), d in sorted(digits.items()):
        if not 1 <= d <= n:
            raise grid.error(r, c, f"expected a digit from 1 to {n} after '=', found {d}")
    named = {rooms.room_of(cell) for cell in clues}
    for k, cells in enumerate(rooms.all()):
        if k in named:
            continue
        r, c = cells[0]
        if labelled:
            label = rooms.labels[k]
            where = (
                f"type it beside its label in one of its cells, e.g. {label}12"
                if len(str(label)) <= 8
                else "type it beside its label in one of its cells"
            )
            name = f"{room} {quote(label)}"
        else:
            where = (
                f"type it into the {room}'s first cell {_at(grid, cells[0])}, or, if this "
                f"cell belongs to a larger {room}, take out the wall that cuts it off (only "
                f"the {room}s' walls are drawn{', not the boxes' if room == 'cage' else ''})"
            )
            name = f"{room} at {cell_name((r, c))}"
        raise grid.error(r, c, f"{name} has no {clue}: {where}")
    return rooms, clues, digits


def _at(grid: Grid, cell: Cell) -> str:
    return cell_name((cell[0] + grid.origin[0], cell[1] + grid.origin[1]))
