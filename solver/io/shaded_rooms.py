"""The answer and link side shared by the genres that shade cells of a grid divided into rooms,
each room with at most one number (heyawake, aqre, chocona): the answer is shading, the record
names the rooms, a hand-filled answer is read back from the fills, and the puzz.link code is the
walls between rooms, then each room's number (room number16) in its first cell."""

from __future__ import annotations

import pulp

from solver.blocks.cells import shaded_record
from solver.blocks.geometry import Cell
from solver.blocks.names import quote
from solver.blocks.rooms import RoomPuzzle
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.shading import read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model

blank = shading_blank  # a shaded number or label keeps its text: only the fill shows the answer


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
