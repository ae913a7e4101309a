"""Rooms in a sheet: read from the grid in either of the two ways a person draws them in Excel,
and drawn into a sheet as walls.

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
  of a room carry its label and hang together; two rooms need two labels. Where the genre
  allows cells outside every room (LITS, star battle: janko's irregular grids), such a cell
  stays empty among the labels.

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
cannot be read (a grid without its sheet; xlwings on macOS); `label_cells` gives the labels a
person would type. The partition itself, `Rooms`, is `solver.blocks.rooms`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from solver.blocks.geometry import Cell, components, grid_edges
from solver.blocks.names import a1, quote
from solver.blocks.rooms import OUTSIDE, Pair, Rooms, room_label, rooms_from_walls
from solver.blocks.values import Value
from solver.io.sheet import Border, Grid, InputError, Sheet

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

# a label of letters with an optional number before or after it: A, A4, 4A, A 4
LABEL = re.compile(r"^(?:(?P<before>\d+)\s*)?(?P<label>[^\W\d_]+)(?:\s*(?P<after>\d+))?$")
# a label with a clue of a number and a sign after it (kenken's `A12+`, `A2÷`): the clue
LABELLED_CLUE = re.compile(r"^[^\W\d_]+\s*(?P<clue>\d+\s*[^\w\s])$")


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
    if not walls and grid.rows * grid.cols > 1:
        _refuse_thin_walls(sheet, grid)
    rooms = rooms_from_walls(grid.rows, grid.cols, walls)
    numbers = {(r, c): v for (r, c) in grid.positions() if isinstance(v := grid[r, c], int)}
    if per_room:
        _one_number_per_room(grid, rooms, numbers)
    return rooms, numbers


def _refuse_thin_walls(sheet: Sheet, grid: Grid) -> None:
    """A grid without any wall, but with lines of a style that is none (thin, hair, dotted,
    dashed) between its cells: the rooms drawn too thin, an InputError at the first such line,
    rather than the whole grid read as one room."""
    top, left = grid.origin
    for r, c in grid.positions():
        borders = sheet.get_style(r + top + 1, c + left + 1, borders=True).borders
        if borders is None:
            continue
        for side, inside in (("R", c + 1 < grid.cols), ("B", r + 1 < grid.rows)):
            line = borders.side(side)
            if inside and line is not None and line.style:
                raise grid.error(
                    r,
                    c,
                    f"no room walls found, only {line.style} lines (this cell's "
                    f"{'right' if side == 'R' else 'bottom'} side, and maybe more): a wall is a "
                    "medium or thick border (double and medium dashed count too); redraw the "
                    "rooms' walls that way, or type each room's label into its cells",
                )


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


def rooms_from_labels(
    grid: Grid, per_room: bool = True, outside: bool = False
) -> tuple[Rooms, dict[Cell, int]]:
    """Rooms given as a label in every cell, and the numbers typed beside the labels.
    per_room: at most one number per room. outside: an empty cell lies outside every room
    (`OUTSIDE`), as in janko's irregular grids, and so does a cell holding a whole number
    alone (star battle's count in A1 where A1 lies outside every room); otherwise they are
    errors."""
    labels: dict[Cell, str] = {}
    numbers: dict[Cell, int] = {}
    for r, c in grid.positions():
        v = grid[r, c]
        found = read_label(v)
        if found is None and outside and (v is None or isinstance(v, int)):
            if v is not None:
                numbers[r, c] = v
            continue
        if found is None:
            _check_not_merged(grid, r, c)
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
                "every cell holds the label of its room (A, or A4 with a number), "
                f"or no cell does (rooms drawn as thick borders); found {what}",
            )
        labels[r, c], n = found
        if n is not None:
            numbers[r, c] = n
    order: dict[str, int] = {}
    for cell in sorted(labels):
        order.setdefault(labels[cell], len(order))
    ids = tuple(
        tuple(order[labels[r, c]] if (r, c) in labels else OUTSIDE for c in range(grid.cols))
        for r in range(grid.rows)
    )
    rooms = Rooms(ids, tuple(order))
    check_joined(grid, {name: rooms.cells(k) for k, name in enumerate(rooms.labels)}, "room")
    if per_room:
        _one_number_per_room(grid, rooms, numbers)
    return rooms, numbers


def _check_not_merged(grid: Grid, r: int, c: int) -> None:
    """An InputError naming the merged range when the grid cell (r, c) is hidden in one: Excel
    shows only a range's top-left cell, so the others read as empty, and a room label or a
    number typed across the range is in one cell only."""
    if grid.source is None:
        return
    row, col = r + 1 + grid.origin[0], c + 1 + grid.origin[1]
    area = grid.source.merged_area(row, col)
    if area is not None and (row, col) != area[:2]:
        raise grid.error(
            r,
            c,
            f"cells {a1(*area[:2])}:{a1(*area[2:])} are merged, so {a1(row, col)} holds "
            "nothing; unmerge them (Home > Merge & Center) and type each cell's own label",
        )


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
    grid: Grid, per_room: bool = True, numbers: bool = True, outside: bool = False
) -> tuple[Rooms, dict[Cell, int]]:
    """A room genre's rooms and numbers, read as `read_rooms` does from the sheet the grid came
    from, with what the genre allows checked cell by cell: among thick borders a cell holds a
    whole number or nothing; numbers=False: no numbers at all (norinori, tile-paint);
    outside: among labels, an empty cell lies outside every room (LITS, star battle; thick
    borders cannot show such a cell). Borders need the sheet itself: a grid without one (made
    from rows), or read through a sheet that cannot see borders (xlwings on macOS), must give
    its rooms as labels."""
    if has_labels(grid):
        rooms, found = rooms_from_labels(grid, per_room, outside)
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


def label_cells(rooms: Rooms, numbers: dict[Cell, int] | None = None) -> list[list[Value]]:
    """The rooms as a person types them with labels: every cell its room's label, a number
    after the label of its cell (`A2`); a cell outside every room empty."""
    numbers = numbers or {}
    return [
        [
            None
            if k == OUTSIDE
            else room_label(k) + (str(numbers[r, c]) if (r, c) in numbers else "")
            for c, k in enumerate(row)
        ]
        for r, row in enumerate(rooms.ids)
    ]


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
