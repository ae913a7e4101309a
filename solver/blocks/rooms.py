"""Rooms: the grid divided into rooms (heyawake, norinori, tile-paint, paint-area,
ripple-effect, inshi-no-heya, country-road).

`Rooms` is the partition (a room id per cell, and each room's label where the rooms were typed
as labels; LITS and star battle let a cell lie outside every room, id OUTSIDE);
`rooms_from_walls` makes it from the walls between neighbouring cells; `RoomPuzzle` is rooms
plus numbers in cells, and names a room in messages; `room_label` gives the label a person
would type for a room (A ... Z, AA ...).

Reading rooms from a sheet (labels or thick borders) and drawing them into one is the sheet's
side (io/rooms_sheet.py), as are the digits of an answer on a room grid (io/room_digits.py);
`rooms_of_url` in io/puzzlink.py reads them from a puzz.link URL.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.names import a1, column_letter, quote

Pair = tuple[Cell, Cell]  # two neighbouring cells, lower (row-major) first
OUTSIDE = (
    -1
)  # the room id of a cell outside every room (janko's irregular grids: LITS, star battle)


@dataclass(frozen=True)
class Rooms:
    """A partition of a rows x cols grid into rooms, numbered 0, 1 ... in the order of their
    first cell (row by row); a cell outside every room has the id OUTSIDE (only where the genre
    allows it: `outside`). labels: each room's label when read from labels, else empty."""

    ids: tuple[tuple[int, ...], ...]  # ids[r][c]: the room of cell (r, c)
    labels: tuple[str, ...] = ()

    @property
    def rows(self) -> int:
        return len(self.ids)

    @property
    def cols(self) -> int:
        return len(self.ids[0])

    def __len__(self) -> int:
        return self._count

    @cached_property
    def _count(self) -> int:
        return 1 + max(max(row) for row in self.ids)

    def room_of(self, cell: Cell) -> int:
        return self.ids[cell[0]][cell[1]]

    def cells(self, room: int) -> list[Cell]:
        """The room's cells, row by row."""
        return list(self._cells.get(room, ()))

    @cached_property
    def _cells(self) -> dict[int, list[Cell]]:
        """Each room's cells (and OUTSIDE's), row by row: genres ask for them room by room."""
        found: dict[int, list[Cell]] = {}
        for r, row in enumerate(self.ids):
            for c, k in enumerate(row):
                found.setdefault(k, []).append((r, c))
        return found

    def all(self) -> list[list[Cell]]:
        """Every room's cells, in room order."""
        found: list[list[Cell]] = [[] for _ in range(len(self))]
        for r, row in enumerate(self.ids):
            for c, k in enumerate(row):
                if k != OUTSIDE:
                    found[k].append((r, c))
        return found

    @property
    def outside(self) -> list[Cell]:
        """The cells outside every room, row by row."""
        return self.cells(OUTSIDE)

    @property
    def borders(self) -> list[Pair]:
        """The walls inside the grid: each pair of neighbouring cells in different rooms, lower
        cell first, row by row (the frame is not listed)."""
        return [
            (a, b)
            for a, b in grid_edges(self.rows, self.cols)
            if self.room_of(a) != self.room_of(b)
        ]

    @property
    def between(self) -> list[Pair]:
        """Each pair of neighbouring cells in two different rooms, lower cell first, row by
        row: `borders` without the sides of the cells outside every room."""
        return [
            (a, b) for a, b in self.borders if OUTSIDE not in (self.room_of(a), self.room_of(b))
        ]

    def walls(self, cell: Cell) -> str:
        """The sides of a cell ('T', 'B', 'L', 'R') that are walls, the frame included."""
        r, c = cell
        sides = ""
        for side, (rr, cc) in (
            ("T", (r - 1, c)),
            ("B", (r + 1, c)),
            ("L", (r, c - 1)),
            ("R", (r, c + 1)),
        ):
            inside = 0 <= rr < self.rows and 0 <= cc < self.cols
            if not inside or self.room_of((rr, cc)) != self.room_of(cell):
                sides += side
        return sides

    def regions(self) -> list[list[int]]:
        """The record's `regions` field: a room id per cell, row by row."""
        return [list(row) for row in self.ids]


def rooms_from_walls(rows: int, cols: int, walls: Iterable[Pair]) -> Rooms:
    """The rooms that walls between neighbouring cells make: the groups of cells joined without
    crossing a wall (a wall with a dangling end joins what it does not separate)."""
    shut = {tuple(sorted(w)) for w in walls}
    ids = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if ids[r][c] >= 0:
                continue
            ids[r][c] = count
            queue = deque([(r, c)])
            while queue:
                p = queue.popleft()
                for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                    inside = 0 <= q[0] < rows and 0 <= q[1] < cols
                    if inside and ids[q[0]][q[1]] < 0 and tuple(sorted((p, q))) not in shut:
                        ids[q[0]][q[1]] = count
                        queue.append(q)
            count += 1
    return Rooms(tuple(tuple(row) for row in ids))


def room_label(k: int) -> str:
    """The label of the k-th room (0-based): A ... Z, AA ... AZ, BA ..., like spreadsheet
    columns."""
    return column_letter(k + 1)


@dataclass(frozen=True)
class RoomPuzzle:
    """A puzzle on a grid divided into rooms, with numbers in some cells (where they are
    typed: a room's number in one of its cells, or a number about its own cell)."""

    rooms: Rooms
    numbers: tuple[tuple[Cell, int], ...] = ()

    @property
    def rows(self) -> int:
        return self.rooms.rows

    @property
    def cols(self) -> int:
        return self.rooms.cols

    def positions(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def number_at(self) -> dict[Cell, int]:
        return dict(self.numbers)

    def room_numbers(self) -> dict[int, int]:
        """Room -> its number, for the numbered rooms."""
        return {self.rooms.room_of(cell): n for cell, n in self.numbers}

    def room_name(self, k: int) -> str:
        """How a message names room k: by its label, or by its first cell."""
        if self.rooms.labels:
            return f"room {quote(self.rooms.labels[k])}"
        r, c = self.rooms.cells(k)[0]
        return f"room at {a1(r + 1, c + 1)}"
