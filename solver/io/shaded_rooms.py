"""The sheet, answer and link side shared by the genres that shade cells of a grid divided into
rooms, each room with at most one number, the count of its shaded cells (heyawake, aqre,
chocona): the sheet holds the rooms and their numbers, the answer is shading, the record names
the rooms, a hand-filled answer is read back from the fills, and the puzz.link code is the
walls between rooms, then each room's number (room number16) in its first cell."""

from __future__ import annotations

import pulp

from solver.blocks.cells import shaded_record
from solver.blocks.geometry import Cell
from solver.blocks.names import quote
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms
from solver.io.shading import read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model

blank = shading_blank  # a shaded number or label keeps its text: only the fill shows the answer


def parse(grid: Grid) -> RoomPuzzle:
    """The rooms (labels or borders) and their numbers, none over its room's size."""
    rooms, numbers = grid_rooms(grid)
    for (r, c), n in sorted(numbers.items()):
        size = len(rooms.cells(rooms.room_of((r, c))))
        if n > size:
            raise grid.error(
                r, c, f"a room of {size} cells holds at most {size} shaded cells; found {n}"
            )
    return RoomPuzzle(rooms, tuple(sorted(numbers.items())))


def to_cells(p: RoomPuzzle) -> list[list[Value]]:
    """The numbers in their cells; the rooms are drawn as borders
    (`solver.io.rooms_sheet.write_rooms`)."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), n in p.numbers:
        cells[r][c] = n
    return cells


def render(p: RoomPuzzle, shaded: frozenset[Cell]) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: RoomPuzzle, shaded: frozenset[Cell]) -> dict:
    return {**shaded_record(shaded), "regions": p.rooms.regions()}


def read_answer(p: RoomPuzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


def givens(p: RoomPuzzle, grid: Grid) -> list[Given]:
    """The rooms' numbers, for the conflict search; the rooms are the puzzle's own."""
    return in_rooms(grid, p.numbers)


def from_url(slug: str, url: puzzlink.PzprUrl) -> RoomPuzzle:
    """The rooms and their numbers; a number larger than its room is refused."""
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, len(rooms), what="rooms")
    puzzlink.end(rest)
    numbers = []
    for k, (cells, n) in enumerate(zip(rooms.all(), values, strict=True)):
        if isinstance(n, int):
            if n > len(cells):
                raise puzzlink.UrlError(
                    f"{slug}: room {k + 1} has {len(cells)} cells but the number {quote(n)}"
                )
            numbers.append((cells[0], n))
    return RoomPuzzle(rooms, tuple(sorted(numbers)))


def to_url(slug: str, p: RoomPuzzle) -> str:
    numbers = puzzlink.room_numbers(p.rooms, p.numbers)
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(numbers)
    return puzzlink.url_text(slug, p.cols, p.rows, body)
