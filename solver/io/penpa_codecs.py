"""Each genre's form in a penpa-edit link: a codec per genre (`CODECS`) that turns penpa's
layers (`solver.io.penpa`) into what a person types into the genre's sheet (its `to_cells`
form, rooms drawn as thick borders), and back into layers. Reading refuses what the genre has
no place for (a killer cage in a sudoku, a number outside a nurikabe) with what and where;
`solver.io.penpa_genres` then reads the cells with the genre's own `parse`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.rooms import Rooms, rooms_from_walls
from solver.blocks.values import Value
from solver.io.drawn_lines import GLYPHS
from solver.io.penpa import (
    ARROW_STYLE,
    BELOW,
    BLACK,
    CELL,
    CORNER,
    DARK,
    FIREFLY_DOT,
    INEQUALITY,
    NUMBER_ARROW,
    OPPOSITE,
    RIGHT,
    UNKNOWN,
    Pair,
    Point,
    Reader,
    Writer,
    at_where,
    clue,
    inverse,
    where_text,
)
from solver.io.puzzlink import UrlError
from solver.io.rooms_sheet import label_cells, rooms_from_labels
from solver.io.sheet import Grid
from solver.io.spellings import ARROW, arrow, arrow_clue

Cells = list[list[Value]]


@dataclass(frozen=True)
class Codec:
    """A genre's penpa form. read: the layers as the genre's typed cells, and its rooms when
    it draws them as thick borders; write: the inverse, into a Writer it makes."""

    title: str
    read: Callable[[Reader], tuple[Cells, Rooms | None]]
    write: Callable[[Cells, Rooms | None], Writer]
    tags: tuple[str, ...] = ()
    answer_mode: str = "surface"
    labels: bool = False  # the rooms are typed as labels (country road), not drawn
    rooms_at: Cell = (0, 0)  # the sheet cell of the rooms' first cell (tile paint's (1, 1))


def blank(rows: int, cols: int) -> Cells:
    return [[None] * cols for _ in range(rows)]


def _size(cells: Cells) -> tuple[int, int]:
    return len(cells), len(cells[0]) if cells else 0


def _each(cells: Cells) -> list[tuple[int, int, Value]]:
    return [(r, c, v) for r, row in enumerate(cells) for c, v in enumerate(row) if v is not None]


def read_numbers(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Numbers in cells (`?` for a blank or `?` number): nurikabe, kurodoko, shikaku, ..."""
    cells = blank(rd.rows, rd.cols)
    for (_, r, c), num in rd.numbers().items():
        cells[r][c] = clue(num.text)
    return cells, None


def read_circled_numbers(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Numbers, which may sit in drawn circles; a circle without number is a clue whose
    number is not given (hashiwokakero's islands, kurodoko's numbers)."""
    cells, _ = read_numbers(rd)
    for _, r, c in rd.symbols(lambda s: s.startswith("circle_")):
        cells[r][c] = UNKNOWN if cells[r][c] is None else cells[r][c]
    return cells, None


def read_known_numbers(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Numbers in cells, where a number not given is no number (hitori, paint area: as
    their puzz.link codecs read one)."""
    cells, rooms = read_numbers(rd)
    return [[None if v == UNKNOWN else v for v in row] for row in cells], rooms


def number_writer(
    style: int = 1, unknown: str = UNKNOWN
) -> Callable[[Cells, Rooms | None], Writer]:
    def write(cells: Cells, rooms: Rooms | None) -> Writer:
        w = Writer(*_size(cells))
        for r, c, v in _each(cells):
            w.number((CELL, r, c), unknown if v == UNKNOWN else v, style)
        _write_rooms(w, rooms)
        return w

    return write


def _write_rooms(w: Writer, rooms: Rooms | None) -> None:
    for a, b in rooms.borders if rooms is not None else ():
        w.wall(a, b)


def read_rooms(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Rooms drawn with thick lines, and their numbers in cells or small in a cell's top left
    corner (as penpa draws some puzz.link genres' room numbers): heyawake, country road,
    ...; a number not given is no number, as the genres' puzz.link codecs read one."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells, _ = read_known_numbers(rd)
    for (r, c, corner), text in rd.corner_numbers().items():
        if corner != 0 or cells[r][c] is not None:
            raise UrlError(f"penpa link: a second number in row {r + 1}, column {c + 1}")
        cells[r][c] = None if clue(text) == UNKNOWN else clue(text)
    return cells, rooms


def read_ripples(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Rooms and given digits; a `?` stays, for the sheet to refuse (in the variant that
    draws it, a cell outside every room)."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells, _ = read_numbers(rd)
    return cells, rooms


def read_room_products(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Rooms and their products (inshi no heya), each into its room's first cell: a product
    small in the top left corner of one of the room's cells (as penpa draws puzz.link's), or
    a room's one number in a cell; other numbers in cells are given digits."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells, _ = read_known_numbers(rd)
    products: dict[int, Value] = {}
    for (r, c, corner), text in rd.corner_numbers().items():
        room = rooms.room_of((r, c))
        if corner != 0 or room in products:
            where = f"row {r + 1}, column {c + 1}"
            raise UrlError(f"penpa link: a second product in the room of {where}")
        products[room] = clue(text)
    for k, room in enumerate(rooms.all()):
        r0, c0 = room[0]
        if k in products:
            digit = cells[r0][c0]
            cells[r0][c0] = products[k] if digit is None else f"{products[k]}={digit}"
            continue
        held = [(r, c) for r, c in room if cells[r][c] is not None]
        if len(held) == 1 and held[0] != room[0]:  # the room's one number: its product
            (r, c) = held[0]
            cells[r0][c0], cells[r][c] = cells[r][c], None
    return cells, rooms


def read_labelled_rooms(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Rooms as labels with their numbers (country road's cells)."""
    cells, rooms = read_rooms(rd)
    assert rooms is not None
    numbers = {(r, c): v for r, c, v in _each(cells)}
    for (r, c), v in numbers.items():
        if not isinstance(v, int):
            raise UrlError(f"penpa link: {v!r} in row {r + 1}, column {c + 1} is no number")
    return label_cells(rooms, numbers), None


def write_labelled_rooms(cells: Cells, rooms: Rooms | None) -> Writer:
    found, numbers = rooms_from_labels(Grid("country-road", cells))
    w = Writer(*_size(cells))
    _write_rooms(w, found)
    for (r, c), n in numbers.items():
        w.number((CELL, r, c), n)
    return w


def read_walls_black(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Black cells, with or without a number (akari, shakashaka): a number on a cell makes
    it black, as does a dark surface."""
    cells = blank(rd.rows, rd.cols)
    for r, c in rd.surface(DARK):
        cells[r][c] = "■"
    for (_, r, c), num in rd.numbers().items():
        cells[r][c] = "■" if num.text in ("", "?") else clue(num.text)
    return cells, None


def write_walls_black(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    for r, c, v in _each(cells):
        w.surface(r, c)
        if isinstance(v, int):
            w.number((CELL, r, c), v, style=4)  # white on black
    return w


def read_black_and_numbers(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Numbers, and black cells drawn as a dark surface (wall logic)."""
    cells, _ = read_numbers(rd)
    for r, c in rd.surface(DARK):
        if cells[r][c] is not None:
            raise UrlError(f"penpa link: a number on a black cell, row {r + 1}, column {c + 1}")
        cells[r][c] = "■"
    return cells, None


def write_black_and_numbers(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    for r, c, v in _each(cells):
        if v == "■":
            w.surface(r, c)
        else:
            w.number((CELL, r, c), v)
    return w


PEARLS = {1: "○", 2: "●"}


def read_masyu(rd: Reader) -> tuple[Cells, Rooms | None]:
    cells = blank(rd.rows, rd.cols)
    for (_, r, c), (style, _) in rd.symbols(lambda s: s in ("circle_L", "circle_M")).items():
        if style not in PEARLS:
            raise UrlError(
                f"penpa link: a circle of style {style!r} in row {r + 1}, "
                f"column {c + 1} (masyu has white 1 and black 2)"
            )
        cells[r][c] = PEARLS[style]
    return cells, None


def write_masyu(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    style = inverse(PEARLS)
    for r, c, v in _each(cells):
        w.symbol((CELL, r, c), style[v], "circle_L")
    return w


FOUREDGE = {5: "U", 3: "U", 7: "D", 1: "D", 4: "L", 2: "L", 6: "R", 0: "R"}  # list position


def read_yajilin(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Clues: a number with an arrow (submode 2, `2_3`), or a number with an arrow symbol
    (`arrow_fouredge_*`, as older links draw it); a grey cell without number is a clue cell
    without number. Boxes round the clues are drawing."""
    cells = blank(rd.rows, rd.cols)
    arrows = rd.symbols(lambda s: s.startswith("arrow_fouredge_"))
    for (_, r, c), num in rd.numbers().items():
        text, way = num.text, None
        if num.submode == "2" and re.fullmatch(r".*_[0-3]", text):
            text, way = text[:-2], NUMBER_ARROW[text[-1]]
        elif (CELL, r, c) in arrows:
            style = arrows.pop((CELL, r, c))[0]
            ways = (
                [FOUREDGE[k] for k, on in enumerate(style) if on] if isinstance(style, list) else []
            )
            if len(set(ways)) != 1:
                raise UrlError(
                    f"penpa link: the arrow in row {r + 1}, column {c + 1} is not one arrow"
                )
            way = ways[0]
        number = clue(text)
        cells[r][c] = f"{number}{ARROW[way]}" if way else number
    if arrows:
        (_, r, c) = next(iter(arrows))
        raise UrlError(f"penpa link: an arrow without number in row {r + 1}, column {c + 1}")
    for (r, c), colour in rd.surface().items():
        if cells[r][c] is None:
            if colour not in DARK - {BLACK}:
                raise UrlError(
                    f"penpa link: a shaded cell without clue in row {r + 1}, column {c + 1}; "
                    "yajilin has no given shaded cells"
                )
            cells[r][c] = UNKNOWN
    rd.walls(tolerate=True)
    return cells, None


def write_yajilin(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    way_code = inverse(NUMBER_ARROW)
    for r, c, v in _each(cells):
        found = arrow_clue(v)
        if found is None:
            w.number((CELL, r, c), UNKNOWN, submode="2")
        else:
            way, number = found
            w.number((CELL, r, c), f"{number or UNKNOWN}_{way_code[way]}", submode="2")
    return w


def read_sudoku(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Givens; thick lines only where the boxes of a classic sudoku of this size meet."""
    from solver.blocks.digits import box_shape

    cells, _ = read_numbers(rd)
    n = rd.rows
    walls = rd.walls()
    if n == rd.cols and walls:
        height, width = box_shape(n)
        boxes = {(a, b) for a, b in _box_borders(n, height, width)}
        if not walls <= boxes:
            raise UrlError(
                f"penpa link: its thick lines are not the boxes of a {n} x {n} sudoku; "
                "irregular sudokus are not supported"
            )
    return cells, None


def _box_borders(n: int, height: int, width: int) -> list[Pair]:
    out = []
    for r in range(n):
        for c in range(n):
            if c + 1 < n and (c + 1) % width == 0:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < n and (r + 1) % height == 0:
                out.append(((r, c), (r + 1, c)))
    return out


def write_sudoku(cells: Cells, rooms: Rooms | None) -> Writer:
    from solver.blocks.digits import box_shape

    n = len(cells)
    w = Writer(n, n, gridtype="sudoku")
    for a, b in _box_borders(n, *box_shape(n)):
        w.wall(a, b)
    for r, c, v in _each(cells):
        w.number((CELL, r, c), v)
    return w


def read_skyscrapers(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Heights in the grid, the clues in the ring of margin cells round it."""
    rows, cols = rd.rows, rd.cols

    def ring(p: Point) -> bool:
        _, r, c = p
        edge_row = r in (-1, rows) and 0 <= c < cols
        return p[0] == CELL and (edge_row or (c in (-1, cols) and 0 <= r < rows))

    cells = blank(rows + 2, cols + 2)
    for (_, r, c), num in rd.numbers(lambda p: rd.is_cell(p) or ring(p)).items():
        cells[r + 1][c + 1] = clue(num.text)
    return cells, None


def write_skyscrapers(cells: Cells, rooms: Rooms | None) -> Writer:
    rows, cols = len(cells) - 2, len(cells[0]) - 2
    w = Writer(rows, cols, (1, 1, 1, 1))
    for r, c, v in _each(cells):
        w.number((CELL, r - 1, c - 1), v)
    return w


def read_kakuro(rd: Reader) -> tuple[Cells, Rooms | None]:
    """The board as the sheet holds it, clue row and column included: black cells (penpa's
    `kakuro` symbol, or a dark surface), their sums small in the corners (bottom left: the
    sum of the run below, top right: of the run to the right), white cells empty or with a
    given digit."""
    cells = blank(rd.rows, rd.cols)
    black = {(r, c) for _, r, c in rd.symbols(lambda s: s == "kakuro")}
    black |= set(rd.surface(DARK))
    sums: dict[Cell, list[str]] = {}
    for (r, c, corner), text in rd.corner_numbers().items():
        if corner not in (1, 2) or (r, c) not in black:
            raise UrlError(
                f"penpa link: a small number in row {r + 1}, column {c + 1} that is "
                "no kakuro sum (sums go in black cells, bottom left or top right)"
            )
        sums.setdefault((r, c), ["", ""])[0 if corner == 2 else 1] = text
    for r, c in black:
        down, across = sums.get((r, c), ["", ""])
        cells[r][c] = f"{down}\\{across}" if down or across else "■"
    for (_, r, c), num in rd.numbers().items():
        if (r, c) in black:
            raise UrlError(f"penpa link: a number on a black cell, row {r + 1}, column {c + 1}")
        cells[r][c] = clue(num.text)
    return cells, None


def write_kakuro(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells), gridtype="kakuro")
    for r, c, v in _each(cells):
        if isinstance(v, int):
            w.number((CELL, r, c), v)
            continue
        w.symbol((CELL, r, c), 1, "kakuro", 2)
        down, _, across = str(v).replace("/", "\\").replace("¥", "\\").partition("\\")
        if v != "■" and down.strip():
            w.corner_number(r, c, 2, down.strip(), style=4)
        if v != "■" and across.strip():
            w.corner_number(r, c, 1, across.strip(), style=4)
    return w


def read_futoshiki(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Digits in cells, `inequality` signs on the sides between them; the sheet puts digits
    and signs in alternate cells."""
    n_rows, n_cols = rd.rows, rd.cols
    cells = blank(2 * n_rows - 1, 2 * n_cols - 1)
    for (_, r, c), num in rd.numbers().items():
        cells[2 * r][2 * c] = clue(num.text)

    def between(p: Point) -> bool:
        kind, r, c = p
        if kind == RIGHT:
            return 0 <= r < n_rows and 0 <= c < n_cols - 1
        return kind == BELOW and 0 <= r < n_rows - 1 and 0 <= c < n_cols

    for (kind, r, c), (style, _) in rd.symbols(lambda s: s == "inequality", between).items():
        sign = INEQUALITY.get(style) if isinstance(style, int) else None
        across = sign in ("<", ">")
        if sign is None or across != (kind == RIGHT):
            raise UrlError(
                f"penpa link: the sign at {where_text((kind, r, c))} does not point "
                "along the side's two cells"
            )
        cells[2 * r + (kind == BELOW)][2 * c + (kind == RIGHT)] = sign
    return cells, None


def write_futoshiki(cells: Cells, rooms: Rooms | None) -> Writer:
    rows, cols = (len(cells) + 1) // 2, (len(cells[0]) + 1) // 2
    w = Writer(rows, cols)
    style = inverse(INEQUALITY)
    for r, c, v in _each(cells):
        if r % 2 == 0 and c % 2 == 0:
            w.number((CELL, r // 2, c // 2), v)
        elif v in style:
            kind = RIGHT if r % 2 == 0 else BELOW
            w.symbol((kind, r // 2, c // 2), style[str(v)], "inequality", 2)
    return w


def _is_arrow(shape: str) -> bool:
    return shape.startswith(("arrow_B_", "arrow_N_", "arrow_S", "arrow_GP"))


def read_icebarn(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Ice: painted cells (any colour); arrows on the sides between cells; on the board's
    frame an arrow into the grid is IN, one out of it OUT. The sheet puts cells and the
    borders between them in alternate cells."""
    rows, cols = rd.rows, rd.cols
    cells = blank(2 * rows + 1, 2 * cols + 1)
    for r, c in rd.surface():
        cells[2 * r + 1][2 * c + 1] = "氷"

    def side(p: Point) -> bool:
        kind, r, c = p
        if kind == RIGHT:
            return 0 <= r < rows and -1 <= c < cols
        return kind == BELOW and -1 <= r < rows and 0 <= c < cols

    for (kind, r, c), (style, _) in rd.symbols(_is_arrow, side).items():
        way = ARROW_STYLE.get(style) if isinstance(style, int) else None
        if way is None or (way in "LR") != (kind == RIGHT):
            raise UrlError(
                f"penpa link: the arrow at {where_text((kind, r, c))} does not cross that side"
            )
        sr, sc = 2 * r + 1 + (kind == BELOW), 2 * c + 1 + (kind == RIGHT)
        frame = sr in (0, 2 * rows) or sc in (0, 2 * cols)
        if frame:
            inward = {0: "D", 2 * rows: "U"}.get(sr) if sr in (0, 2 * rows) else None
            inward = inward or ("R" if sc == 0 else "L")
            cells[sr][sc] = "IN" if way == inward else "OUT"
        else:
            cells[sr][sc] = ARROW[way]
    rd.walls(tolerate=True)  # outlines round the ice
    return cells, None


def write_icebarn(cells: Cells, rooms: Rooms | None) -> Writer:
    """Ice painted, outlined where it meets cells without ice (as penpa draws a puzz.link
    icebarn's ice inside the grid; noqx reads an ice area by its outline); the arrows."""
    rows, cols = (len(cells) - 1) // 2, (len(cells[0]) - 1) // 2
    w = Writer(rows, cols, (1, 1, 1, 1))
    style = inverse(ARROW_STYLE)
    ice = {((sr - 1) // 2, (sc - 1) // 2) for sr, sc, _ in _each(cells) if sr % 2 and sc % 2}
    for r, c in sorted(ice):
        for q in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if 0 <= q[0] < rows and 0 <= q[1] < cols and q not in ice:
                w.wall((r, c), q)
    for sr, sc, v in _each(cells):
        r, c = (sr - 1) // 2, (sc - 1) // 2
        if sr % 2 == 1 and sc % 2 == 1:
            w.surface(r, c, 5)
            continue
        kind = RIGHT if sr % 2 == 1 else BELOW
        text = str(v).strip().upper()
        if text in ("IN", "OUT", "入", "出"):
            inward = "D" if sr == 0 else "U" if sr == 2 * rows else "R" if sc == 0 else "L"
            way = inward if text in ("IN", "入") else OPPOSITE[inward]
        else:
            way = arrow(v) or ""
        if way in style:
            w.symbol((kind, r, c), style[way], "arrow_N_B", 1)
    return w


# pipe pieces: the line glyphs of two or four arms
PIECES = {arms: glyph for arms, glyph in GLYPHS.items() if len(arms) in (2, 4)}


def read_pipes(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Given pipe pieces: lines from a cell's centre to the middles of its sides (or on to
    the next cell's centre)."""
    arms: dict[Cell, set[str]] = {}
    for a, b in rd.segments():
        for p, q in ((a, b), (b, a)):
            if p[0] == CELL and rd.board.inside(p[1], p[2]):
                way = _toward(p, q)
                if way is None:
                    raise UrlError(f"penpa link: a line from {where_text(p)} that is no pipe")
                arms.setdefault((p[1], p[2]), set()).add(way)
    cells = blank(rd.rows, rd.cols)
    for (r, c), ways in arms.items():
        piece = PIECES.get(frozenset(ways))
        if piece is None:
            raise UrlError(
                f"penpa link: the pipe in row {r + 1}, column {c + 1} has "
                f"{len(ways)} ends; a piece has two, or four where pipes cross"
            )
        cells[r][c] = piece
    return cells, None


def _toward(p: Point, q: Point) -> str | None:
    """The side of cell p that a line to q leaves by."""
    _, r, c = p
    steps = {
        (CELL, r - 1, c): "U",
        (CELL, r + 1, c): "D",
        (CELL, r, c - 1): "L",
        (CELL, r, c + 1): "R",
        (BELOW, r - 1, c): "U",
        (BELOW, r, c): "D",
        (RIGHT, r, c - 1): "L",
        (RIGHT, r, c): "R",
    }
    return steps.get(q)


def write_pipes(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    ends = {"U": (BELOW, -1, 0), "D": (BELOW, 0, 0), "L": (RIGHT, 0, -1), "R": (RIGHT, 0, 0)}
    sides = inverse(PIECES)
    for r, c, v in _each(cells):
        for way in sorted(sides[str(v)]):
            kind, dr, dc = ends[way]
            w.line("line", (CELL, r, c), (kind, r + dr, c + dc))
    return w


def read_lattice(rd: Reader, shapes: Callable[[str], bool]) -> tuple[Cells, Rooms | None]:
    """Clues on the lattice points of the board (the corners of its cells), the sheet's cells
    one point each: hotaru beam's fireflies (symbols whose shape `shapes` accepts, with their
    numbers), creek's numbers. A board whose clues all sit in its cells is read as a board
    of points itself."""

    def corner(p: Point) -> bool:
        return p[0] == CORNER and 0 <= p[1] <= rd.rows and 0 <= p[2] <= rd.cols

    symbols = rd.symbols(shapes, corner)
    numbers = rd.numbers(corner)
    rows, cols = rd.rows + 1, rd.cols + 1
    if not symbols and not numbers:
        symbols, numbers = rd.symbols(shapes), rd.numbers()
        rows, cols = rd.rows, rd.cols
    cells = blank(rows, cols)
    for p, num in numbers.items():
        if p not in symbols:
            cells[p[1]][p[2]] = clue(num.text)
    for p, (style, _) in symbols.items():
        if style not in FIREFLY_DOT:
            raise UrlError(f"penpa link: the firefly at {where_text(p)} has no dot")
        number = clue(numbers[p].text) if p in numbers else UNKNOWN
        dot = ARROW[FIREFLY_DOT[style]]
        cells[p[1]][p[2]] = dot if number == UNKNOWN else f"{number}{dot}"
    return cells, None


def lattice_writer(
    put: Callable[[Writer, Point, Value], None],
) -> Callable[[Cells, Rooms | None], Writer]:
    """A board of one cell fewer each way than the sheet's points, a margin round it (so
    that penpa shows the clues on the frame whole)."""

    def write(cells: Cells, rooms: Rooms | None) -> Writer:
        rows, cols = _size(cells)
        w = Writer(rows - 1, cols - 1, (1, 1, 1, 1))
        for r, c, v in _each(cells):
            put(w, (CORNER, r, c), v)
        return w

    return write


def put_firefly(w: Writer, p: Point, v: Value) -> None:
    found = arrow_clue(v)
    if found is None:
        raise UrlError(f"{v!r} is no firefly")
    way, number = found
    w.symbol(p, inverse(FIREFLY_DOT)[way], "firefly", 2)
    w.number(p, "" if number in ("", UNKNOWN) else number)


def put_number(w: Writer, p: Point, v: Value) -> None:
    w.number(p, v, style=6)


def put_slant_number(w: Writer, p: Point, v: Value) -> None:
    """A gokigen clue: a number in a circle on a lattice point; one whose number is not given
    is a blank circle (penpa writes a space)."""
    w.number(p, " " if v == UNKNOWN else v, style=6)


def read_margin_clues(rd: Reader, sides: str) -> dict[str, dict[int, list[str]]]:
    """The numbers and letters in the margins beside the board: side ('T' above, 'B' below,
    'L' left, 'R' right) -> row or column -> its texts, outermost first."""
    rows, cols = rd.rows, rd.cols

    def side_of(p: Point) -> str | None:
        _, r, c = p
        if p[0] != CELL:
            return None
        if 0 <= c < cols and (r < 0 or r >= rows):
            return "T" if r < 0 else "B"
        if 0 <= r < rows and (c < 0 or c >= cols):
            return "L" if c < 0 else "R"
        return None

    found: dict[str, dict[int, list[tuple[int, str]]]] = {s: {} for s in sides}
    for p, num in rd.numbers(lambda p: (side_of(p) or "-") in sides).items():
        side, (_, r, c) = side_of(p), p
        assert side is not None
        line, depth = (c, r) if side in "TB" else (r, c)
        depth = depth if side in "TL" else -depth  # outermost first
        found[side].setdefault(line, []).append((depth, num.text))
    return {
        s: {k: [t for _, t in sorted(v)] for k, v in lines.items()} for s, lines in found.items()
    }


def read_nonogram(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Run lengths in the margins: a column's above it, a row's left of it, read towards the
    grid; a line without numbers (or with a lone 0) has no shaded cell. The board's thick and
    dotted lines (penpa's frame and its guides every five cells) are drawing."""
    from solver.genres.nonogram import flush, to_cells

    clues = read_margin_clues(rd, "TL")
    rd.walls(tolerate=True)

    def runs(texts: list[str]) -> tuple[int, ...]:
        out = []
        for t in texts:
            n = clue(t)
            if not isinstance(n, int):
                raise UrlError(f"penpa link: the nonogram clue {t!r} is no run length")
            out.append(n)
        return tuple(n for n in out if n)

    cols = tuple(runs(clues["T"].get(c, [])) for c in range(rd.cols))
    rows = tuple(runs(clues["L"].get(r, [])) for r in range(rd.rows))
    return to_cells(flush(rows, cols)), None


def write_nonogram(cells: Cells, rooms: Rooms | None) -> Writer:
    """penpa's nonogram (its puzz.link import): margins as deep as the longest clues, each
    line's runs flush against the grid, an empty line without number."""
    from solver.genres.nonogram import parse

    p = parse(Grid("nonogram", cells))
    top = max(1, *(len(runs) for runs in p.col_clues))
    left = max(1, *(len(runs) for runs in p.row_clues))
    w = Writer(p.rows, p.cols, (top, 0, left, 0))
    for c, runs in enumerate(p.col_clues):
        for k, n in enumerate(runs):
            w.number((CELL, k - len(runs), c), n)
    for r, runs in enumerate(p.row_clues):
        for k, n in enumerate(runs):
            w.number((CELL, r, k - len(runs)), n)
    _nonogram_guides(w, top, left)
    return w


def _nonogram_guides(w: Writer, top: int, left: int) -> None:
    """The lines penpa draws on a nonogram (general.js, its puzz.link import): solid along
    the grid's outer sides and between the clues and the grid, dotted (style 13) every five
    cells, each across the clues too."""
    b = w.board
    rows, cols, n = b.rows + top, b.cols + left, b.nx0 * b.ny0
    for i in range(left - 1, cols + 5, 5):
        col = min(cols - 1, i)
        style = 2 if col in (left - 1, cols - 1) else 13
        for row in range(rows):
            a = n + b.nx0 * (1 + row) + 2 + col
            w.q["lineE"][f"{a},{a + b.nx0}"] = style
    for i in range(top - 1, rows + 5, 5):
        row = min(rows - 1, i)
        style = 2 if row in (top - 1, rows - 1) else 13
        for col in range(cols):
            a = n + b.nx0 * (2 + row) + 1 + col
            w.q["lineE"][f"{a},{a + 1}"] = style


TREE = "T"


def read_tents(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Trees (penpa's `tents` symbol, style 1), the counts above the columns and left of the
    rows (a `?` is no count); the sheet has them in its first row and column."""
    clues = read_margin_clues(rd, "TL")
    cells = blank(rd.rows + 1, rd.cols + 1)
    for side, lines in clues.items():
        for k, texts in lines.items():
            if len(texts) != 1:
                raise UrlError(f"penpa link: {len(texts)} counts for one line of tents")
            r, c = (0, k + 1) if side == "T" else (k + 1, 0)
            cells[r][c] = None if clue(texts[0]) == UNKNOWN else clue(texts[0])  # `?`: none
    for (_, r, c), (style, _) in rd.symbols(lambda s: s == "tents").items():
        if style != 1:
            raise UrlError(
                f"penpa link: a tent in row {r + 1}, column {c + 1}; tents has only trees given"
            )
        cells[r + 1][c + 1] = TREE
    return cells, None


def write_tents(cells: Cells, rooms: Rooms | None) -> Writer:
    rows, cols = len(cells) - 1, len(cells[0]) - 1
    w = Writer(rows, cols, (1, 1, 1, 1))
    for r, c, v in _each(cells):
        if r == 0 and c > 0:
            w.number((CELL, -1, c - 1), v)
        elif c == 0 and r > 0:
            w.number((CELL, r - 1, -1), v)
        elif r > 0 and c > 0:
            w.symbol((CELL, r - 1, c - 1), 1, "tents", 1)
    return w


def read_killer(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Given digits; the cages (penpa's `killercages`: lists of cells; its dashed `cage` lines
    are their drawing) and their sums, small in the top left corner of one of their cells;
    thick lines only where the boxes of a sudoku of this size meet."""
    cells, _ = read_sudoku(rd)
    cage_of: dict[Cell, Any] = {}
    for k, cage in enumerate(rd.killer_cages()):
        for cell in cage:
            cage_of[cell] = k

    free = [(r, c) for r in range(rd.rows) for c in range(rd.cols) if (r, c) not in cage_of]
    if free:
        r, c = free[0]
        raise UrlError(
            f"penpa link: row {r + 1}, column {c + 1} is in no killer cage; a killer sudoku "
            "here has every cell in a cage"
        )

    def cage(cell: Cell) -> Any:
        return cage_of[cell]

    walls = [(a, b) for a, b in grid_edges(rd.rows, rd.cols) if cage(a) != cage(b)]
    rooms = rooms_from_walls(rd.rows, rd.cols, walls)
    sums: dict[int, Value] = {}
    for (r, c, corner), text in rd.corner_numbers().items():
        room = rooms.room_of((r, c))
        if corner != 0 or room in sums:
            raise UrlError(
                f"penpa link: a second cage sum in the cage of row {r + 1}, column {c + 1}"
            )
        sums[room] = clue(text)
    for room, total in sums.items():
        r, c = rooms.cells(room)[0]
        cells[r][c] = total if cells[r][c] is None else f"{total}={cells[r][c]}"
    return cells, rooms


def write_killer(cells: Cells, rooms: Rooms | None) -> Writer:
    """penpa's killer sudoku: the boxes' thick lines, given digits, each cage as a killer cage
    (its cells, and the dashed lines penpa draws round it) with its sum small in the top left
    corner of its first cell."""
    assert rooms is not None
    n = len(cells)
    given = [[None] * n for _ in range(n)]
    w = write_sudoku(given, None)
    first = {room[0] for room in rooms.all()}
    for r, c, v in _each(cells):
        total, _, digit = str(v).partition("=")
        if (r, c) in first:
            w.corner_number(r, c, 0, total.strip())
            if digit.strip():
                w.number((CELL, r, c), int(digit))
        else:
            w.number((CELL, r, c), v)
    for room in rooms.all():
        w.killer_cage(room)
    return w


def read_regions_digits(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Given digits, the regions drawn as thick lines (jigsaw sudoku)."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells, _ = read_numbers(rd)
    return cells, rooms


YIN_YANG = {1: "○", 2: "●"}  # penpa's circle_M styles: white, black


def read_yin_yang(rd: Reader) -> tuple[Cells, Rooms | None]:
    cells = blank(rd.rows, rd.cols)
    for (_, r, c), (style, _) in rd.symbols(lambda s: s in ("circle_M", "circle_L")).items():
        if style not in YIN_YANG:
            raise UrlError(
                f"penpa link: a circle of style {style!r} in row {r + 1}, column {c + 1} "
                "(yin-yang has white 1 and black 2)"
            )
        cells[r][c] = YIN_YANG[style]
    return cells, None


def write_yin_yang(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    style = inverse(YIN_YANG)
    for r, c, v in _each(cells):
        w.symbol((CELL, r, c), style[v], "circle_M")
    return w


def read_star_battle(rd: Reader) -> tuple[Cells, Rooms | None]:
    """The rooms drawn as thick lines; the count of stars a number in the margin (penpa
    writes it above the board's right end, a star beside it), one star without it."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    counts = rd.numbers(lambda p: p[0] == CELL and not rd.board.inside(p[1], p[2]))
    rd.symbols(lambda s: s == "star", lambda p: p[0] == CELL and not rd.board.inside(p[1], p[2]))
    if len(counts) > 1:
        raise UrlError("penpa link: more than one number beside the board; star battle has one")
    cells = blank(rd.rows, rd.cols)
    for num in counts.values():
        stars = clue(num.text)
        if stars != 1:
            cells[0][0] = stars
    return cells, rooms


def write_star_battle(cells: Cells, rooms: Rooms | None) -> Writer:
    """penpa's star battle (its puzz.link import): a margin of one cell round the board, the
    count of stars above the last column but one and a star above the last."""
    rows, cols = _size(cells)
    w = Writer(rows, cols, (1, 1, 1, 1))
    w.number((CELL, -1, cols - 2), cells[0][0] if cells[0][0] is not None else 1)
    w.symbol((CELL, -1, cols - 1), 2, "star", 2)
    _write_rooms(w, rooms)
    return w


ABC_RANGE = re.compile(r"\(?\s*A\s*-\s*([A-Za-z])\s*\)?")


def read_abc(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Letters seen from outside in the margin cells next to the board, given letters in it
    (a `?` is none, as in pzprjs); the letters the puzzle uses as penpa's long text `(A-C)`
    above the clues (a second row of margin), else from the letters drawn."""
    cells = blank(rd.rows + 2, rd.cols + 2)
    above = rd.numbers(lambda p: p[0] == CELL and p[1] <= -2)
    for p, num in above.items():
        found = ABC_RANGE.fullmatch(num.text)
        if found is None or cells[0][0] is not None:
            raise UrlError(
                f"penpa link: {num.text!r} {at_where(where_text(p, rd.board))} is no range"
            )
        cells[0][0] = f"A-{found.group(1).upper()}"
    for side, lines in read_margin_clues(rd, "TBLR").items():
        for k, texts in lines.items():
            texts = [t for t in texts if t not in ("", UNKNOWN)]  # a `?` tells nothing
            if not texts:
                continue
            if len(texts) != 1:
                raise UrlError(f"penpa link: {len(texts)} letters beside one line of the board")
            r = {"T": 0, "B": rd.rows + 1}.get(side, k + 1)
            c = {"L": 0, "R": rd.cols + 1}.get(side, k + 1)
            cells[r][c] = texts[0]
    for (_, r, c), num in rd.numbers().items():
        cells[r + 1][c + 1] = None if num.text in ("", UNKNOWN) else num.text
    return cells, None


def write_abc(cells: Cells, rooms: Rooms | None) -> Writer:
    """penpa's easy as abc (its puzz.link import): a margin of one cell round the board for
    the letters seen, one more above it for the range of letters, `(A-C)`, a long text above
    the last column."""
    rows, cols = len(cells) - 2, len(cells[0]) - 2
    w = Writer(rows, cols, (2, 1, 1, 1))
    for r, c, v in _each(cells):
        if (r, c) == (0, 0):
            last = str(v).strip()[-1].upper() if str(v).strip()[-1:].isalpha() else None
            last = last or chr(ord("A") + int(v) - 1)
            w.number((CELL, -2, cols - 1), f"(A-{last})", submode="8")
        else:
            w.number((CELL, r - 1, c - 1), str(v).upper())
    return w


GALAXY_DOTS = {1: "○", 2: "●"}  # penpa's circle_SS styles (its puzz.link import)


def read_galaxies(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Dots (small circles, `circle_SS`) at the centres of cells, the middles of their sides
    and their corners, and black cells (a dark surface, cells outside every region); the
    sheet puts cells, sides and corners in alternate cells."""
    rows, cols = rd.rows, rd.cols
    cells = blank(2 * rows - 1, 2 * cols - 1)

    def spot(p: Point) -> Cell | None:
        kind, r, c = p
        at = {
            CELL: (2 * r, 2 * c),
            BELOW: (2 * r + 1, 2 * c),
            RIGHT: (2 * r, 2 * c + 1),
            CORNER: (2 * r - 1, 2 * c - 1),
        }[kind]
        return at if 0 <= at[0] < 2 * rows - 1 and 0 <= at[1] < 2 * cols - 1 else None

    for p, (style, _) in rd.symbols(lambda s: s.startswith("circle_"), spot).items():
        at = spot(p)
        assert at is not None
        cells[at[0]][at[1]] = GALAXY_DOTS.get(style, "○")
    for r, c in rd.surface(DARK):
        cells[2 * r][2 * c] = "■"
    return cells, None


def write_galaxies(cells: Cells, rooms: Rooms | None) -> Writer:
    rows, cols = (len(cells) + 1) // 2, (len(cells[0]) + 1) // 2
    w = Writer(rows, cols)
    style = {"●": 2, "*": 2, "•": 2}
    for sr, sc, v in _each(cells):
        r, c = sr // 2, sc // 2
        if str(v).strip() in ("■", "#"):
            w.surface(r, c)
            continue
        kind = {(0, 0): CELL, (1, 0): BELOW, (0, 1): RIGHT, (1, 1): CORNER}[sr % 2, sc % 2]
        point = (CORNER, r + 1, c + 1) if kind == CORNER else (kind, r, c)
        w.symbol(point, style.get(str(v).strip(), 1), "circle_SS", 2)
    return w


BINARY = {1: 0, 2: 1}  # circle styles: white 0, black 1


def read_binairo(rd: Reader) -> tuple[Cells, Rooms | None]:
    """Givens as circles, white 0 and black 1, or as the numbers 0 and 1."""
    cells, _ = read_numbers(rd)
    for (_, r, c), (style, _) in rd.symbols(lambda s: s in ("circle_M", "circle_L")).items():
        if style not in BINARY or cells[r][c] is not None:
            raise UrlError(
                f"penpa link: a circle of style {style!r} in row {r + 1}, column {c + 1}"
            )
        cells[r][c] = BINARY[style]
    return cells, None


def write_binairo(cells: Cells, rooms: Rooms | None) -> Writer:
    w = Writer(*_size(cells))
    style = inverse(BINARY)
    for r, c, v in _each(cells):
        w.symbol((CELL, r, c), style[int(v)], "circle_M", 2)
    return w


PENPA_OPS = str.maketrans({"-": "−", "*": "×", "x": "×", "X": "×", "/": "÷", ":": "÷"})


def read_kenken(rd: Reader) -> tuple[Cells, Rooms | None]:
    """The cages drawn as thick lines, each clue (`12+`, `2÷`, a target alone) small in the top
    left corner of one of its cells; given digits in cells; beside the board, at most a note of
    the digits (`{1-6}`)."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells, _ = read_numbers(rd)
    for p, num in rd.numbers(lambda p: p[0] == CELL and not rd.board.inside(p[1], p[2])).items():
        found = re.fullmatch(r"[{(\[]?\s*1\s*[-~]\s*(\d+)\s*[})\]]?", num.text)
        if found is None or int(found.group(1)) != rd.rows:
            raise UrlError(
                f"penpa link: {num.text!r} {at_where(where_text(p, rd.board))} "
                "is no note of the digits"
            )
    clues: dict[int, str] = {}
    for (r, c, corner), text in rd.corner_numbers().items():
        room = rooms.room_of((r, c))
        if corner != 0 or room in clues:
            raise UrlError(f"penpa link: a second clue in the cage of row {r + 1}, column {c + 1}")
        clues[room] = text
    for room, text in clues.items():
        r, c = rooms.cells(room)[0]
        cells[r][c] = text if cells[r][c] is None else f"{text}={cells[r][c]}"
    return cells, rooms


def write_first_cell_clues(cells: Cells, rooms: Rooms | None) -> Writer:
    """Each room's clue small in the top left corner of its first cell (a kenken cage's with
    penpa's signs, × − ÷, as its keyboard writes them; an inshi no heya room's product), the
    rooms as thick lines, given digits in cells."""
    assert rooms is not None
    w = Writer(*_size(cells))
    _write_rooms(w, rooms)
    first = {room[0] for room in rooms.all()}
    for r, c, v in _each(cells):
        text, _, digit = str(v).partition("=")
        if (r, c) in first:
            w.corner_number(r, c, 0, text.strip().translate(PENPA_OPS))
            if digit.strip():
                w.number((CELL, r, c), int(digit))
        else:
            w.number((CELL, r, c), v)
    return w


def read_tile_paint(rd: Reader) -> tuple[Cells, Rooms | None]:
    """The tiles drawn as thick lines; the counts small in margin cells, a column's bottom
    left above it, a row's top right left of it (kakuro's places, as noqx's tile paint
    draws them; plain numbers there are read too), a `?` no count; the margin's black cells
    are drawing."""
    rooms = rooms_from_walls(rd.rows, rd.cols, rd.walls())
    cells = blank(rd.rows + 1, rd.cols + 1)

    def margin(p: Point) -> bool:
        return p[0] == CELL and not rd.board.inside(p[1], p[2])

    rd.symbols(lambda s: s == "kakuro", margin)
    rd.surface()  # the margin's shading
    for (r, c, corner), text in rd.corner_numbers(margin).items():
        if (r == -1 and 0 <= c < rd.cols and corner == 2) or (
            c == -1 and 0 <= r < rd.rows and corner == 1
        ):
            cells[r + 1][c + 1] = None if clue(text) == UNKNOWN else clue(text)
        else:
            raise UrlError(
                f"penpa link: a small number {at_where(where_text((CELL, r, c), rd.board))}"
            )
    for side, lines in read_margin_clues(rd, "TL").items():
        for k, texts in lines.items():
            r, c = (0, k + 1) if side == "T" else (k + 1, 0)
            if len(texts) != 1 or cells[r][c] is not None:
                raise UrlError("penpa link: two counts for one line of tile paint")
            cells[r][c] = None if clue(texts[0]) == UNKNOWN else clue(texts[0])
    return cells, rooms


def write_tile_paint(cells: Cells, rooms: Rooms | None) -> Writer:
    """A margin of one cell above and left of the board, its cells black (penpa's kakuro
    cell), a column's count small in the bottom left corner of the cell above it, a row's in
    the top right corner of the cell left of it."""
    rows, cols = len(cells) - 1, len(cells[0]) - 1
    w = Writer(rows, cols, (1, 0, 1, 0))
    for c in range(-1, cols):
        w.symbol((CELL, -1, c), 5, "kakuro", 1)
    for r in range(rows):
        w.symbol((CELL, r, -1), 5, "kakuro", 1)
    for r, c, v in _each(cells):
        if r == 0 and c > 0:
            w.corner_number(-1, c - 1, 2, v)
        elif c == 0 and r > 0:
            w.corner_number(r - 1, -1, 1, v)
    _write_rooms(w, rooms)
    return w


SHIP_PARTS = {1: "single", 2: "middle", 3: "left", 4: "top", 5: "right", 6: "bottom", 7: "water"}
FLEET = re.compile(r"(?i)\s*fleet\s*:?\s*([0-9 ,]+)")


def read_battleship(rd: Reader) -> tuple[Cells, Rooms | None]:
    """The counts above the columns and left of the rows (a `?` is no count); given ship
    parts and water as penpa's battleship symbols (1 a ship of one cell, 2 a middle, 3-6 the
    left, top, right and bottom ends, 7 and 8 water); the fleet, which penpa has no place
    for, as a long text beside the board: `Fleet: 4 3 3 2 2 2 1 1 1 1`."""
    from solver.genres.battleship import Puzzle, to_cells

    fleet: tuple[int, ...] | None = None

    def is_fleet(p: Point) -> bool:
        key = str(rd.board.index(p))
        item = rd.left["number"].get(key)
        return not rd.is_cell(p) and isinstance(item, list) and bool(FLEET.fullmatch(str(item[0])))

    for num in rd.numbers(is_fleet).values():
        found = FLEET.fullmatch(num.text)
        assert found is not None
        fleet = tuple(
            sorted((int(t) for t in re.split(r"[ ,]+", found.group(1).strip())), reverse=True)
        )
    if not fleet:
        raise UrlError("penpa link: no fleet (a long text beside the board: 'Fleet: 4 3 3 2 ...')")
    counts = read_margin_clues(rd, "TL")

    def count(texts: list[str]) -> int | None:
        if len(texts) > 1:
            raise UrlError("penpa link: two counts for one line of battleship")
        n = clue(texts[0]) if texts else None
        return None if n == UNKNOWN else n  # type: ignore[return-value]

    givens = []
    for (_, r, c), (style, _) in rd.symbols(lambda s: s.startswith("battleship")).items():
        part = "water" if style == 8 else SHIP_PARTS.get(style) if isinstance(style, int) else None
        if part is None:
            raise UrlError(
                f"penpa link: a ship part of style {style!r} in row {r + 1}, column {c + 1}"
            )
        givens.append(((r, c), part))
    puzzle = Puzzle(
        rd.rows,
        rd.cols,
        tuple(count(counts["T"].get(c, [])) for c in range(rd.cols)),
        tuple(count(counts["L"].get(r, [])) for r in range(rd.rows)),
        fleet,
        tuple(sorted(givens)),
    )
    return to_cells(puzzle), None


def write_battleship(cells: Cells, rooms: Rooms | None) -> Writer:
    """A margin of one cell above and left of the board for the counts, one below it for the
    fleet (a long text); given parts as penpa's battleship symbols."""
    from solver.genres.battleship import parse

    p = parse(Grid("battleship", cells))
    w = Writer(p.rows, p.cols, (1, 1, 1, 0))
    for c, n in enumerate(p.col_counts):
        if n is not None:
            w.number((CELL, -1, c), n)
    for r, n in enumerate(p.row_counts):
        if n is not None:
            w.number((CELL, r, -1), n)
    style = inverse(SHIP_PARTS)
    for (r, c), part in p.givens:
        if part not in style:
            raise UrlError(
                f"battleship: a given '{part}' in row {r + 1}, column {c + 1} has no penpa symbol"
            )
        w.symbol((CELL, r, c), style[part], "battleship_B", 1)
    w.number((CELL, p.rows, 0), "Fleet: " + " ".join(map(str, p.fleet)), submode="8")
    return w


def read_norinori(rd: Reader) -> tuple[Cells, Rooms | None]:
    return blank(rd.rows, rd.cols), rooms_from_walls(rd.rows, rd.cols, rd.walls())


CODECS: dict[str, Codec] = {
    "sudoku": Codec("Sudoku", read_sudoku, write_sudoku, ("classic",), "number"),
    "nurikabe": Codec("Nurikabe", read_numbers, number_writer(), ("nurikabe",)),
    "kurodoko": Codec("Kurodoko", read_circled_numbers, number_writer(6), ("kurodoko",)),
    "hitori": Codec("Hitori", read_known_numbers, number_writer(), ("hitori",)),
    "shikaku": Codec("Shikaku", read_numbers, number_writer(), ("shikaku",), "lineE"),
    "slitherlink": Codec("Slitherlink", read_numbers, number_writer(), ("slitherlink",), "lineE"),
    "numberlink": Codec("Numberlink", read_numbers, number_writer(), ("numberlink",), "line"),
    "bomber": Codec("Bomber", read_numbers, number_writer(), ("minesweeper",)),
    "hashiwokakero": Codec(
        "Hashiwokakero",
        read_circled_numbers,
        number_writer(6, " "),
        ("hashiwokakero (hashi/bridges)",),
        "line",
    ),
    "fillmat": Codec("Fillmat", read_numbers, number_writer(), ("fillmat",), "lineE"),
    "sukoro": Codec("Sukoro", read_numbers, number_writer(), ("sukoro",), "number"),
    "akari": Codec("Akari", read_walls_black, write_walls_black, ("akari",)),
    "shakashaka": Codec("Shakashaka", read_walls_black, write_walls_black, ("shakashaka",)),
    "wall-logic": Codec("Wall Logic", read_black_and_numbers, write_black_and_numbers, (), "line"),
    "masyu": Codec("Masyu", read_masyu, write_masyu, ("masyu",), "line"),
    "yajilin": Codec("Yajilin", read_yajilin, write_yajilin, ("yajilin",), "line"),
    "heyawake": Codec("Heyawake", read_rooms, number_writer(), ("heyawake",)),
    "ripple-effect": Codec(
        "Ripple Effect", read_ripples, number_writer(), ("ripple effect",), "number"
    ),
    "paint-area": Codec("Paint Area", read_rooms, number_writer(), ("paintarea",)),
    "norinori": Codec("Norinori", read_norinori, number_writer(), ("norinori",)),
    "inshi-no-heya": Codec(
        "Inshi no heya", read_room_products, write_first_cell_clues, ("factors",), "number"
    ),
    "country-road": Codec(
        "Country Road",
        read_labelled_rooms,
        write_labelled_rooms,
        ("country road",),
        "line",
        labels=True,
    ),
    "skyscrapers": Codec(
        "Skyscrapers", read_skyscrapers, write_skyscrapers, ("skyscrapers",), "number"
    ),
    "kakuro": Codec("Kakuro", read_kakuro, write_kakuro, ("kakuro",), "number"),
    "futoshiki": Codec("Futoshiki", read_futoshiki, write_futoshiki, (), "number"),
    "icebarn": Codec("Icebarn", read_icebarn, write_icebarn, (), "line"),
    "pipe-link": Codec("Pipe Link", read_pipes, write_pipes, (), "line"),
    "hotaru-beam": Codec(
        "Hotaru Beam",
        lambda rd: read_lattice(rd, lambda s: s == "firefly"),
        lattice_writer(put_firefly),
        ("firefly (hotaru beam)",),
        "lineE",
    ),
    "creek": Codec(
        "Creek", lambda rd: read_lattice(rd, lambda s: False), lattice_writer(put_number)
    ),
    "gokigen": Codec(
        "Gokigen",
        lambda rd: read_lattice(rd, lambda s: False),
        lattice_writer(put_slant_number),
        ("slant (gokigen)",),
        "diagonal",
    ),
    "fillomino": Codec("Fillomino", read_numbers, number_writer(), ("fillomino",), "number"),
    "nonogram": Codec("Nonogram", read_nonogram, write_nonogram, ("nonogram",)),
    "tents": Codec("Tents", read_tents, write_tents, ("tents",)),
    "killer-sudoku": Codec("Killer Sudoku", read_killer, write_killer, ("killer",), "number"),
    "yin-yang": Codec("Yin-Yang", read_yin_yang, write_yin_yang, ("yin-yang",)),
    "lits": Codec("LITS", read_norinori, number_writer(), ("lits",)),
    "star-battle": Codec("Star Battle", read_star_battle, write_star_battle, ("starbattle",)),
    "kurotto": Codec("Kurotto", read_circled_numbers, number_writer(6, " "), ("kurotto",)),
    "nurimisaki": Codec("Nurimisaki", read_circled_numbers, number_writer(6, " "), ("nurimisaki",)),
    "aqre": Codec("Aqre", read_rooms, number_writer(), ("aqre",)),
    "chocona": Codec("Chocona", read_rooms, number_writer(), ()),
    "suguru": Codec("Suguru", read_ripples, number_writer(), (), "number"),
    "abc-place": Codec("Easy as ABC", read_abc, write_abc, ("easy as abc",), "number"),
    "galaxies": Codec("Galaxies", read_galaxies, write_galaxies, ("spiralgalaxies",), "lineE"),
    "binairo": Codec("Binairo", read_binairo, write_binairo, ()),
    "kenken": Codec("KenKen", read_kenken, write_first_cell_clues, (), "number"),
    "tile-paint": Codec("Tile Paint", read_tile_paint, write_tile_paint, (), rooms_at=(1, 1)),
    "battleship": Codec("Battleship", read_battleship, write_battleship, ("battleships",)),
    "jigsaw-sudoku": Codec(
        "Jigsaw Sudoku", read_regions_digits, number_writer(), ("irregular",), "number"
    ),
}
