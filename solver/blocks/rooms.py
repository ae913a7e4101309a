"""Rooms: the grid divided into rooms (heyawake, norinori, tile-paint, paint-area,
ripple-effect, inshi-no-heya, country-road), read from a sheet in either of the two ways a
person draws them in Excel.

- **Thick borders**: the room walls drawn with Excel's border tool, as the puzzle is printed; the
  cells hold only the numbers. A side drawn medium, thick, double or in a medium dashed style
  (`WALL_STYLES`) is a wall; thin, hair, dotted, dashed or no line is not. A wall may be drawn
  on either of the two cells that share it (the right side of B2 or the left side of C2: one is
  enough), and the grid's outer frame is always a wall. The rooms are the groups of cells that
  hang together without crossing a wall; a wall that ends inside a room (a dangling end) is
  allowed and changes nothing.
- **Labels**: every cell holds its room's label, a word of letters (`A`, `B` ... `Z`, `AA` ...;
  any case, `a` is `A`; kana work too), as country-road's countries are typed. A room's number
  goes with its label into one of its cells, before or after it: `A4`, `4A` or `A 4`. All cells
  of a room carry its label and hang together; two rooms need two labels.

    thick borders:        labels, the same map with 2 in its left room:
    ┏━━━━━━━┳━━━┓
    ┃ 2     ┃   ┃           A2  A   B
    ┃   ┏━━━┫   ┃           A   C   B
    ┃   ┃   ┃   ┃           A   C   B
    ┗━━━┻━━━┻━━━┛

`read_rooms(sheet, grid)` tells the two apart: a grid with a letter in any cell is read as
labels, otherwise as borders. Both give a `Rooms` (the partition) and the numbers typed, cell by
cell. Errors name the cell: a second number in a room (unless the genre allows numbers in any
cell), a label whose cells do not hang together, an empty cell or a bare number among labels.

`write_rooms` draws rooms into a sheet as walls (medium lines) and thin lines between the cells of
a room: what `import` writes, so that a person sees the rooms as printed.

For the room genres: `grid_rooms(grid)` reads a genre's grid (or a window of it, for a grid beside
its clues) with what the genre allows checked cell by cell, and refuses borders where they
cannot be read (a grid without its sheet; xlwings on macOS); `RoomPuzzle` is rooms plus numbers
in cells; `rooms_of_url` reads the border codec of a puzz.link URL; `room_label` and
`label_cells` give the labels a person would type.

Digits in rooms (ripple-effect, inshi-no-heya; at the end of this module): a digit answer goes
into an empty cell as its value, and after a cell's label or clue through the number format
(`A=3`); `split_digit`, `without_digits` and `typed_digits` read what a person typed after a
cell's text, `shown_digit` and `read_room_digits` read an answer back, `render_room_digits`
writes one.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.blocks.geometry import Cell, components, grid_edges
from solver.blocks.names import a1, column_letter, quote
from solver.blocks.values import Value
from solver.io.puzzlink import PzprUrl, decode_border
from solver.io.sheet import Border, Grid, InputError, Sheet
from solver.io.sheet.answer import CellWrite

WALL_STYLES = frozenset(
    {
        "medium",
        "thick",
        "double",
        "mediumDashed",
        "mediumDashDot",
        "mediumDashDotDot",
        "slantDashDot",
    }
)
WALL = Border("medium")
INNER = Border("thin")
Pair = tuple[Cell, Cell]  # two neighbouring cells, lower (row-major) first

# a label of letters with an optional number before or after it: A, A4, 4A, A 4
LABEL = re.compile(r"^(?:(?P<before>\d+)\s*)?(?P<label>[^\W\d_]+)(?:\s*(?P<after>\d+))?$")


@dataclass(frozen=True)
class Rooms:
    """A partition of a rows x cols grid into rooms, numbered 0, 1 ... in the order of their
    first cell (row by row). labels: each room's label when read from labels, else empty."""

    ids: tuple[tuple[int, ...], ...]  # ids[r][c]: the room of cell (r, c)
    labels: tuple[str, ...] = ()

    @property
    def rows(self) -> int:
        return len(self.ids)

    @property
    def cols(self) -> int:
        return len(self.ids[0])

    def __len__(self) -> int:
        return 1 + max(max(row) for row in self.ids)

    def room_of(self, cell: Cell) -> int:
        return self.ids[cell[0]][cell[1]]

    def cells(self, room: int) -> list[Cell]:
        """The room's cells, row by row."""
        return [(r, c) for r, row in enumerate(self.ids) for c, k in enumerate(row) if k == room]

    def all(self) -> list[list[Cell]]:
        """Every room's cells, in room order."""
        found: list[list[Cell]] = [[] for _ in range(len(self))]
        for r, row in enumerate(self.ids):
            for c, k in enumerate(row):
                found[k].append((r, c))
        return found

    @property
    def borders(self) -> list[Pair]:
        """The walls inside the grid: each pair of neighbouring cells in different rooms, lower
        cell first, row by row (the frame is not listed)."""
        return [
            (a, b)
            for a, b in grid_edges(self.rows, self.cols)
            if self.room_of(a) != self.room_of(b)
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


# --- thick borders ---------------------------------------------------------------------------


def is_wall(border: Border | None) -> bool:
    return border is not None and border.style in WALL_STYLES


def read_walls(sheet: Sheet, rows: int, cols: int, top: int = 1, left: int = 1) -> set[Pair]:
    """The walls between the grid's cells (0-based pairs), read from the sheet's cell borders;
    the grid's top-left cell is (top, left), 1-based. A side counts when either cell that shares
    it has a wall style on it."""
    sides = {
        (r, c): sheet.get_style(r + top, c + left, borders=True).borders
        for r in range(rows)
        for c in range(cols)
    }
    walls = set()
    for a, b in grid_edges(rows, cols):
        near, far = ("R", "L") if a[0] == b[0] else ("B", "T")
        one, two = sides[a], sides[b]
        if (one is not None and is_wall(one.side(near))) or (
            two is not None and is_wall(two.side(far))
        ):
            walls.add((a, b))
    return walls


def rooms_from_borders(
    sheet: Sheet, grid: Grid, per_room: bool = True
) -> tuple[Rooms, dict[Cell, int]]:
    """Rooms drawn as thick borders, and the numbers in the cells (whole numbers only; other
    text is the genre's to read). per_room: at most one number per room (an InputError naming
    the second number's cell otherwise)."""
    top, left = grid.origin
    walls = read_walls(sheet, grid.rows, grid.cols, top + 1, left + 1)
    rooms = rooms_from_walls(grid.rows, grid.cols, walls)
    numbers = {(r, c): v for (r, c) in grid.positions() if isinstance(v := grid[r, c], int)}
    if per_room:
        _one_number_per_room(grid, rooms, numbers)
    return rooms, numbers


def _one_number_per_room(grid: Grid, rooms: Rooms, numbers: dict[Cell, int]) -> None:
    first: dict[int, Cell] = {}
    for cell in sorted(numbers):
        k = rooms.room_of(cell)
        if k in first:
            (r, c), (rr, cc) = cell, first[k]
            raise grid.error(
                r,
                c,
                f"this room already has its number {numbers[rr, cc]} in {_at(grid, (rr, cc))}; "
                f"found a second one, {numbers[cell]}: one number per room (check the room's "
                "thick borders)"
                if not rooms.labels
                else f"room {rooms.labels[k]!r} already has its number {numbers[rr, cc]} in "
                f"{_at(grid, (rr, cc))}; found a second one, {numbers[cell]}: one number per room",
            )
        first[k] = cell


def _at(grid: Grid, cell: Cell) -> str:
    """The A1 name of a grid cell in the sheet (a window's cells are not counted from A1)."""
    return a1(cell[0] + grid.origin[0] + 1, cell[1] + grid.origin[1] + 1)


# --- labels ----------------------------------------------------------------------------------


def read_label(v: object) -> tuple[str, int | None] | None:
    """A cell's label (upper case) and number, from `A`, `A4`, `4A` or `A 4`; None when the
    value is no label."""
    if v is None or isinstance(v, int):
        return None
    text = unicodedata.normalize("NFKC", str(v)).strip()
    m = LABEL.match(text)
    if m is None or (m["before"] and m["after"]):
        return None
    number = m["before"] or m["after"]
    return m["label"].upper(), int(number) if number else None


def rooms_from_labels(grid: Grid, per_room: bool = True) -> tuple[Rooms, dict[Cell, int]]:
    """Rooms given as a label in every cell, and the numbers typed beside the labels.
    per_room: at most one number per room."""
    labels: dict[Cell, str] = {}
    numbers: dict[Cell, int] = {}
    for r, c in grid.positions():
        v = grid[r, c]
        found = read_label(v)
        if found is None:
            what = (
                "an empty cell"
                if v is None
                else f"the number {v} without a room label; type it with its room's label, e.g. "
                f"A{v} or {v}A"
                if isinstance(v, int) and abs(v) < 10**6
                else quote(v)
            )
            raise grid.error(
                r,
                c,
                "every cell holds the label of its room (A, or A4 with the room's number), "
                f"or no cell does (rooms drawn as thick borders); found {what}",
            )
        labels[r, c], n = found
        if n is not None:
            numbers[r, c] = n
    order: dict[str, int] = {}
    for cell in sorted(labels):
        order.setdefault(labels[cell], len(order))
    ids = tuple(tuple(order[labels[r, c]] for c in range(grid.cols)) for r in range(grid.rows))
    rooms = Rooms(ids, tuple(order))
    check_joined(grid, {name: rooms.cells(k) for k, name in enumerate(rooms.labels)}, "room")
    if per_room:
        _one_number_per_room(grid, rooms, numbers)
    return rooms, numbers


def check_joined(grid: Grid, groups: dict[str, list[Cell]], what: str) -> None:
    """Each labelled group (a room, a country) must hang together side by side: an InputError
    names the first cell that does not."""
    for label, cells in groups.items():
        loose = apart(cells)
        if loose is not None:
            raise grid.error(
                *loose,
                f"{what} {quote(label)} falls apart: this cell is not joined to "
                f"{_at(grid, cells[0])} through cells labelled {quote(label)}; "
                f"give each {what} its own label",
            )


def apart(cells: list[Cell]) -> Cell | None:
    """The first cell (in the list's order) not joined to the first one side by side within
    `cells`; None if they hang together."""
    joined = components(cells)[0]  # in the order of first cells: the one holding cells[0]
    return next((cell for cell in cells if cell not in joined), None)


def has_labels(grid: Grid) -> bool:
    """Whether the grid gives its rooms as labels: some cell holds a word of letters."""
    return any(read_label(grid[r, c]) is not None for r, c in grid.positions())


def read_rooms(sheet: Sheet, grid: Grid, per_room: bool = True) -> tuple[Rooms, dict[Cell, int]]:
    """The grid's rooms and numbers, from labels when a cell holds one, else from thick
    borders."""
    if has_labels(grid):
        return rooms_from_labels(grid, per_room)
    return rooms_from_borders(sheet, grid, per_room)


def grid_rooms(
    grid: Grid, per_room: bool = True, numbers: bool = True
) -> tuple[Rooms, dict[Cell, int]]:
    """A room genre's rooms and numbers, read as `read_rooms` does from the sheet the grid came
    from, with what the genre allows checked cell by cell: among thick borders a cell holds a
    whole number or nothing; numbers=False: no numbers at all (norinori, tile-paint). Borders
    need the sheet itself: a grid without one (made from rows), or read through a sheet that
    cannot see borders (xlwings on macOS), must give its rooms as labels."""
    if has_labels(grid):
        rooms, found = rooms_from_labels(grid, per_room)
    else:
        sheet = grid.source
        if sheet is None or not getattr(sheet, "reads_borders", True):
            why = (
                "this grid comes without its sheet"
                if sheet is None
                else "Excel on this machine does not show cell borders to Python (macOS)"
            )
            raise InputError(
                grid.sheet,
                f"no room labels found, and the rooms' thick borders cannot be read: {why}; "
                "type each room's label (A, B, ...) into its cells",
            )
        for r, c in grid.positions():
            v = grid[r, c]
            if v is not None and not isinstance(v, int):
                raise grid.error(
                    r,
                    c,
                    f"expected {'a number or ' if numbers else ''}an empty cell (the rooms are "
                    f"drawn as thick borders), found {quote(v)}; or type every room's label",
                )
        rooms, found = rooms_from_borders(sheet, grid, per_room)
    if not numbers and found:
        (r, c), n = min(found.items())
        raise grid.error(r, c, f"this genre has no numbers in its rooms; found {quote(n)}")
    return rooms, found


def room_label(k: int) -> str:
    """The label of the k-th room (0-based): A ... Z, AA ... AZ, BA ..., like spreadsheet
    columns."""
    return column_letter(k + 1)


def label_cells(rooms: Rooms, numbers: dict[Cell, int] | None = None) -> list[list[Value]]:
    """The rooms as a person types them with labels: every cell its room's label, a number
    after the label of its cell (`A2`)."""
    numbers = numbers or {}
    return [
        [
            room_label(k) + (str(numbers[r, c]) if (r, c) in numbers else "")
            for c, k in enumerate(row)
        ]
        for r, row in enumerate(rooms.ids)
    ]


def rooms_of_url(url: PzprUrl) -> tuple[Rooms, str]:
    """The rooms of a puzz.link URL body that starts with the border codec, and the rest of the
    body (room number16, number10 ...)."""
    walls, rest = decode_border(url.body, url.rows, url.cols)
    return rooms_from_walls(url.rows, url.cols, walls), rest


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


def write_rooms(sheet: Sheet, rooms: Rooms, top: int = 1, left: int = 1) -> None:
    """Draw the rooms into the sheet from (top, left), 1-based: walls and the frame as medium
    lines, thin lines between cells of one room; on both cells of every side, so that each cell
    shows its own walls. Values, colours and number formats stay as they are."""
    for r in range(rooms.rows):
        for c in range(rooms.cols):
            walls = rooms.walls((r, c))
            old = sheet.get_style(r + top, c + left, borders=True)
            assert old.borders is not None
            sides = {s: WALL if s in walls else INNER for s in "TBLR"}
            style = replace(old, borders=old.borders.with_sides(sides))
            sheet.set_style(r + top, c + left, style)


# --- digits in rooms (ripple-effect, inshi-no-heya) --------------------------------------------
#
# A digit answer on a room grid goes into the cell as its value where the cell is empty (rooms
# drawn as borders). A cell that already holds something (its room's label, a room's product)
# keeps it: the digit is shown after it through the number format, `A=3`, `A12=3`, `12=3`
# (`@"=3"` on a text, `0"=3"` on a number), and a person solving by hand types it the same way
# after the cell's text. `=` because Excel keeps `12=3` as text, where `12:3` turns into a time
# and `12/3` into a date; and a space would not do: `A 3` is the label A with the number 3.

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
        fmt = sheet.get_style(cell[0] + grid.origin[0] + 1, cell[1] + grid.origin[1] + 1)
        m = DIGIT_FORMAT.match(fmt.number_format or "")
        if m:
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
) -> list[CellWrite]:
    """The answer's digits on a room grid (the answer form above): into an empty cell as its
    value; after a label or a clue number (`clues`: cells that hold one on a bordered grid)
    through the number format. `given` cells hold their digit already and get nothing."""
    skip, held = set(given), set(clues)
    writes = []
    for r, row in enumerate(answer):
        for c, d in enumerate(row):
            if not d or (r, c) in skip:
                continue
            if p.rooms.labels:
                writes.append(CellWrite(r, c, None, number_format=digit_format("A", d)))
            elif (r, c) in held:
                writes.append(CellWrite(r, c, None, number_format=digit_format(0, d)))
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
