"""penpa-edit (Penpa+) links: read a puzzle from one, and make one from a sheet's puzzle.

A link is `https://swaroopg92.github.io/penpa-edit/#m=solve&p=<P>` (also `m=edit`, `?m=...`
instead of `#m=...`, other hosts; an `&a=<A>`, the answer check's solution, is not read). P is
raw deflate, then base64 (penpa's `encrypt_data`), of a text that penpa abbreviates
(`COMPRESS_SUB`: `"surface"` is `zS` and so on, every `z` of the text first escaped as `zZ`).
Its lines (penpa's `maketext`, `load` in `docs/js/general.js`):

    0   header: grid type, columns, rows, cell size, ..., title ("Title: ..."), author,
        source, rules, ... (commas in the title written `%2C`)
    1   the margins around the board [top, bottom, left, right]: cells of the grid outside
        the board, where outside clues go
    2   display settings
    3   `pu_q`, the problem layer: JSON of the drawn clues (below)
    4   `pu_a`, the answer layer (ignored here)
    5   the board's cells, as differences of their indices
    ...
    17  the genre tags penpa lets an author give (`["nurikabe"]`)

Penpa numbers the points of a grid of columns + 4 by rows + 4 cells (the board, its margins
and two more cells all round): point k + N * category, N the count of those cells, k the cell
row-major; category 0 the cell's centre, 1 its lower right corner, 2 the middle of its lower
side, 3 the middle of its right side. Layers of `pu_q` read here: `number` (point -> [text,
colour, submode]; submode "2" is a number with an arrow, `3_0`: 3, up), `numberS` (small
numbers in a cell's corners: 4 * (cell + N) + corner, 0 top left, 1 top right, 2 bottom
left), `symbol` (point -> [style, shape, layer]: `circle_L` 1 white, 2 black; `firefly`
1-4 the dot right, down, left, up; `inequality` 1-4 `<`, `∧`, `>`, `∨`; arrows 1, 3, 5, 7
left, up, right, down; `kakuro` a black cell), `surface` (cell -> colour; 1, 3, 4, 8 greys
and black), `lineE` (lines between corners, "k1,k2" -> style; thick styles are room walls)
and `line` (lines between centres, or from a centre to a side's middle: pipe pieces).

A penpa link carries no genre as such: it comes from `--genre`, else the title ("Nurikabe
#12", "へやわけ"), else penpa's genre tags, else the start of the rules text. Each genre of
ours that penpa can hold has a codec here that turns the layers into what a person types into
the genre's sheet (its `to_cells` form, rooms drawn as thick borders), and back; `import`
then reads that sheet with the genre's `parse`, so every check of the sheet holds for a link
too. A link that draws anything the genre has no place for (a killer cage in a sudoku, a
number outside a nurikabe) is refused with what and where, rather than solved as a different
puzzle.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import functools
import itertools
import json
import re
import unicodedata
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import openpyxl

from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.rooms import Rooms, rooms_from_walls
from solver.blocks.values import Value
from solver.genres import Genre, all_genres, genre_by_slug
from solver.io.puzzlink import UrlError
from solver.io.rooms_sheet import label_cells, rooms_from_labels, write_rooms
from solver.io.sheet import Book, Grid, InputError, read_grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.spellings import ARROW, arrow, arrow_clue
from solver.io.workbook import fill_sheet
from solver.limits import MAX_GRID_COLS, MAX_GRID_ROWS

PENPA_HOME = "https://swaroopg92.github.io/penpa-edit/"
MAX_LINK_CHARS = 4_000_000  # a link's text; published links are some kilobytes
MAX_TEXT_BYTES = 4_000_000  # the inflated text (a 100 x 100 board of rooms is about 0.5 MB)

# penpa's abbreviations of the text (class_p.js COMPRESS_SUB), applied in this order when a
# link is made and undone in reverse order when one is read
COMPRESS_SUB = (
    ("z", "zZ"),
    ('"qa"', "z9"),
    ('"pu_q"', "zQ"),
    ('"pu_a"', "zA"),
    ('"grid"', "zG"),
    ('"edit_mode"', "zM"),
    ('"surface"', "zS"),
    ('"line"', "zL"),
    ('"lineE"', "zE"),
    ('"wall"', "zW"),
    ('"cage"', "zC"),
    ('"number"', "zN"),
    ('"symbol"', "zY"),
    ('"special"', "zP"),
    ('"board"', "zB"),
    ('"command_redo"', "zR"),
    ('"command_undo"', "zU"),
    ('"command_replay"', "z8"),
    ('"numberS"', "z1"),
    ('"freeline"', "zF"),
    ('"freelineE"', "z2"),
    ('"thermo"', "zT"),
    ('"arrows"', "z3"),
    ('"direction"', "zD"),
    ('"squareframe"', "z0"),
    ('"polygon"', "z5"),
    ('"deletelineE"', "z4"),
    ('"killercages"', "z6"),
    ('"nobulbthermo"', "z7"),
    ('"__a"', "z_"),
    ("null", "zO"),
)
DICT_LAYERS = (
    "surface",
    "number",
    "numberS",
    "symbol",
    "freeline",
    "freelineE",
    "line",
    "lineE",
    "wall",
    "cage",
    "deletelineE",
)
LIST_LAYERS = ("thermo", "arrows", "direction", "squareframe", "polygon", "killercages")
LIST_LAYERS += ("nobulbthermo",)
HISTORY = ("command_redo", "command_undo", "command_replay")
# layers that only change how the board looks (erased grid lines)
COSMETIC = frozenset({"deletelineE", *HISTORY})
LAYER_NAMES = {
    "freeline": "free lines",
    "freelineE": "free lines",
    "wall": "walls (wall mode)",
    "cage": "cages",
    "thermo": "thermometers",
    "arrows": "sudoku arrows",
    "direction": "directions",
    "squareframe": "square frames",
    "polygon": "polygons",
    "killercages": "killer cages",
    "nobulbthermo": "thermometers",
}
SQUARE_TYPES = ("square", "sudoku", "kakuro")  # penpa's grid types on square cells
DARK = frozenset({1, 3, 4, 8})  # surface colours that read as shaded: greys and black
BLACK = 4
WALL_STYLES = frozenset({2, 3, 4, 5, 8, 9, 21, 30})  # lineE styles drawn thick: room walls
UNKNOWN = "?"

CELL, CORNER, BELOW, RIGHT = 0, 1, 2, 3  # penpa's point categories
# a point: (category, r, c) in board cells; a CORNER is the lattice point (r, c), the top
# left corner of cell (r, c); BELOW and RIGHT are the middles of cell (r, c)'s lower and
# right sides
Point = tuple[int, int, int]
Pair = tuple[Cell, Cell]

# penpa's arrow directions: a number's arrow (submode "2", `n_d`), the 8-way arrow symbols
# (1 left, 3 up, 5 right, 7 down), firefly dots (1 right, 2 down, 3 left, 4 up)
NUMBER_ARROW = {"0": "U", "1": "L", "2": "R", "3": "D"}
ARROW_STYLE = {1: "L", 3: "U", 5: "R", 7: "D"}
FIREFLY_DOT = {1: "R", 2: "D", 3: "L", 4: "U"}
INEQUALITY = {1: "<", 2: "∧", 3: ">", 4: "∨"}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def _inverse(d: dict) -> dict:
    return {v: k for k, v in d.items()}


# --- the envelope -----------------------------------------------------------------------------


def link_params(text: str) -> dict[str, str] | None:
    """The parameters of a penpa link (`m`, `p`, `a` ...) from its fragment or query; None
    when the text is no penpa link (no `m=edit`/`m=solve` with a `p=`)."""
    text = text.strip()
    parts = urlsplit(text) if "://" in text else None
    for raw in (parts.fragment, parts.query) if parts else (text.lstrip("#?"),):
        params: dict[str, str] = {}
        for item in raw.split("&"):
            key, sep, value = item.partition("=")
            if sep:
                params.setdefault(key.strip(), value)
        if params.get("m") in ("edit", "solve") and "p" in params:
            return params
    return None


def is_penpa_link(text: str) -> bool:
    return link_params(text) is not None


def wrapped_url(text: str) -> str | None:
    """The puzz.link URL that a penpa link asks penpa to import (`#m=edit&p=https://...`)."""
    params = link_params(text)
    p = unquote(params["p"]) if params else ""
    return p if p.startswith(("http://", "https://")) else None


def inflate(data: str, what: str = "puzzle") -> str:
    """The text of a penpa `p=` or `a=` parameter: base64, then raw deflate; bounded."""
    data = unquote(data).strip().replace(" ", "+").rstrip("=")
    if not data:
        raise UrlError(f"penpa link: the {what} data is empty")
    if len(data) > MAX_LINK_CHARS:
        raise UrlError(
            f"penpa link: the {what} data is {len(data):,} characters; at most "
            f"{MAX_LINK_CHARS:,} are read"
        )
    if len(data) % 4 == 1:
        raise UrlError(f"penpa link: the {what} data is not base64 (its length is wrong)")
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise UrlError(f"penpa link: the {what} data is not base64") from None
    inflater = zlib.decompressobj(-15)
    try:
        out = inflater.decompress(raw, MAX_TEXT_BYTES)
    except zlib.error as exc:
        raise UrlError(f"penpa link: the {what} data does not inflate ({exc})") from None
    if not inflater.eof and (inflater.unconsumed_tail or len(out) >= MAX_TEXT_BYTES):
        raise UrlError(
            f"penpa link: the {what} data inflates to more than {MAX_TEXT_BYTES:,} bytes; "
            "no puzzle is that large"
        )
    if not inflater.eof:
        raise UrlError(f"penpa link: the {what} data is cut short (the link is truncated)")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise UrlError(f"penpa link: the {what} data is not text") from None


def deflate(text: str) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(packer.compress(text.encode()) + packer.flush()).decode()


def expand(text: str) -> str:
    for long, short in reversed(COMPRESS_SUB):
        text = text.replace(short, long)
    return text


def abbreviate(text: str) -> str:
    for long, short in COMPRESS_SUB:
        text = text.replace(long, short)
    return text


# --- the board --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A square-grid penpa puzzle: the board's size, margins, texts and problem layer."""

    gridtype: str
    rows: int
    cols: int
    space: tuple[int, int, int, int]  # margins: top, bottom, left, right
    q: dict[str, Any]  # the problem layer, pu_q
    title: str = ""
    rules: str = ""
    tags: tuple[str, ...] = ()
    diagonals: bool = False  # penpa draws a sudoku's diagonals (its grid settings)

    @property
    def nx0(self) -> int:
        return self.cols + self.space[2] + self.space[3] + 4

    @property
    def ny0(self) -> int:
        return self.rows + self.space[0] + self.space[1] + 4

    def where(self, index: int) -> Point | None:
        """The point of a penpa index; None for categories beyond the four read here."""
        n = self.nx0 * self.ny0
        if not 0 <= index < 4 * n:
            return None
        category, k = divmod(index, n)
        j, i = divmod(k, self.nx0)
        r, c = j - 2 - self.space[0], i - 2 - self.space[2]
        return (CORNER, r + 1, c + 1) if category == CORNER else (category, r, c)

    def index(self, point: Point) -> int:
        category, r, c = point
        if category == CORNER:
            r, c = r - 1, c - 1
        k = (r + 2 + self.space[0]) * self.nx0 + c + 2 + self.space[2]
        return category * self.nx0 * self.ny0 + k

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols


def read_board(text: str) -> Board:
    """The board of a penpa link; UrlError for a link that is not one penpa wrote."""
    params = link_params(text)
    if params is None:
        raise UrlError(f"not a penpa-edit link (no 'm=edit' or 'm=solve' with 'p='): {short(text)}")
    if wrapped_url(text):
        raise UrlError(f"this penpa link only wraps a puzz.link URL: {short(wrapped_url(text))}")
    lines = expand(inflate(params["p"])).split("\n")
    header = lines[0].split(",")
    if header[0][:1].isdigit():
        raise UrlError("penpa link: an old penpa format (version 1); open and save it in penpa")
    if header[0] not in SQUARE_TYPES:
        raise UrlError(
            f"penpa link: the grid type is '{short(header[0], 20)}'; only square grids "
            f"({', '.join(SQUARE_TYPES)}) are supported"
        )
    if len(lines) < 4 or len(header) < 3:
        raise UrlError("penpa link: the puzzle data is cut short (no board size or no layers)")
    try:
        nx, ny = int(header[1]), int(header[2])
    except ValueError:
        raise UrlError(
            f"penpa link: the board size {short(header[1], 12)} x "
            f"{short(header[2], 12)} is not two numbers"
        ) from None
    space = _json(lines[1], "margins")
    if (
        not isinstance(space, list)
        or len(space) != 4
        or not all(isinstance(s, int) and 0 <= s < 1000 for s in space)
    ):
        raise UrlError("penpa link: the margins are not four small whole numbers")
    rows, cols = ny - space[0] - space[1], nx - space[2] - space[3]
    if not (0 < rows <= MAX_GRID_ROWS and 0 < cols <= MAX_GRID_COLS):
        raise UrlError(
            f"penpa link: the board is {rows} x {cols} cells; at most "
            f"{MAX_GRID_ROWS} x {MAX_GRID_COLS} are supported"
        )
    q = _json(lines[3], "problem layer")
    if not isinstance(q, dict):
        raise UrlError("penpa link: the problem layer is not a JSON object")
    for name, kind in [(n, dict) for n in DICT_LAYERS] + [(n, list) for n in LIST_LAYERS]:
        if not isinstance(q.get(name, kind()), kind):
            raise UrlError(f"penpa link: the layer '{name}' is not a JSON {kind.__name__}")
    board = Board(
        header[0],
        rows,
        cols,
        (space[0], space[1], space[2], space[3]),
        q,
        title=_field(header, 15, "Title: "),
        rules=_field(header, 18),
        tags=_tags(lines),
        diagonals="1" in (header[11:12] + header[14:15]),
    )
    _check_cells(board, lines)
    return board


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise UrlError(f"penpa link: the {what} is not valid JSON") from None


def _field(header: list[str], k: int, prefix: str = "") -> str:
    text = header[k] if len(header) > k else ""
    text = text[len(prefix) :] if text.startswith(prefix) else text
    for code, ch in (("%2C", ","), ("%2D", "\n"), ("%2E", "&"), ("%2F", "=")):
        text = text.replace(code, ch)
    return text.strip()


def _tags(lines: list[str]) -> tuple[str, ...]:
    try:
        tags = json.loads(lines[17]) if len(lines) > 17 else []
    except (ValueError, RecursionError):
        return ()
    return tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else ()


def _check_cells(board: Board, lines: list[str]) -> None:
    """The board must be whole: penpa lets an author take cells out of it (line 5 lists the
    cells that remain), which no genre here has."""
    try:
        deltas = json.loads(lines[5]) if len(lines) > 5 and lines[5].strip() else None
    except (ValueError, RecursionError):
        deltas = None
    if not isinstance(deltas, list) or not deltas or not all(isinstance(d, int) for d in deltas):
        return  # an old link without the list, or one that penpa itself mends
    cells, k = set(), 0
    for d in deltas:
        k += d
        cells.add(k)
    whole = {board.index((CELL, r, c)) for r in range(board.rows) for c in range(board.cols)}
    if cells != whole:
        raise UrlError(
            "penpa link: cells were taken out of the board (it is no full rectangle); "
            "only whole rectangular boards are supported"
        )


def short(text: str | None, n: int = 60) -> str:
    text = text or ""
    return text if len(text) <= n else text[:n] + "…"


# --- reading layers ---------------------------------------------------------------------------


@dataclass
class Number:
    text: str  # stripped; '' for a blank number
    submode: str
    style: int


def clue(text: str) -> int | str:
    """A number's text as a cell holds it: a whole number, `?` for a blank or `?`, else the
    text as it is (the genre's parse says what it makes of it)."""
    if re.fullmatch(r"[0-9]{1,9}", text):
        return int(text)
    return UNKNOWN if text in ("", "?") else text


def _is_index(text: str) -> bool:
    return re.fullmatch(r"[0-9]{1,10}", text) is not None


def where_text(point: Point, board: Board | None = None) -> str:
    """Where a point is, for messages; a cell outside the board (given the board) as the
    margin it is in."""
    category, r, c = point
    if category == CELL and board is not None and not board.inside(r, c):
        side = "above" if r < 0 else "below" if r >= board.rows else "left of"
        side = "right of" if side == "left of" and c >= board.cols else side
        return f"in the margin {side} the board"
    if category == CELL:
        return f"row {r + 1}, column {c + 1}"
    if category == CORNER:
        return f"the corner above left of row {r + 1}, column {c + 1}"
    side = "below" if category == BELOW else "right of"
    return f"the side {side} row {r + 1}, column {c + 1}"


class Reader:
    """The problem layer of a board, item by item; what a codec takes is used, and whatever
    is left at the end (`finish`) is something the genre has no place for."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rows, self.cols = board.rows, board.cols
        self.left: dict[str, dict[str, Any]] = {}
        for name in DICT_LAYERS:
            items = dict(board.q.get(name) or {})
            if name in ("line", "lineE"):  # penpa's helper crosses: marks, not clues
                items = {k: v for k, v in items.items() if "," in str(k)}
            if name == "lineE":  # thin and dashed lines are drawing, not walls
                items = {k: v for k, v in items.items() if v in WALL_STYLES}
            self.left[name] = items
        for key in list(self.left["lineE"]):  # a thick frame, lines round outside clues
            if self._side(key)[0] == "frame":
                del self.left["lineE"][key]
        self.taken: set[str] = set()  # the list layers read

    def killer_cages(self) -> list[list[Cell]]:
        """penpa's killer cages (`killercages`: lists of cell indices), each as its cells; the
        dashed lines of the `cage` layer are their drawing."""
        found = []
        for cage in self.board.q.get("killercages") or []:
            cells = []
            for index in cage if isinstance(cage, list) else []:
                point = self.board.where(index) if isinstance(index, int) else None
                if point is None or not self.is_cell(point):
                    raise UrlError("penpa link: a killer cage has a cell outside the board")
                cells.append((point[1], point[2]))
            if cells:
                found.append(cells)
        self.taken.add("killercages")
        self.left["cage"].clear()
        return found

    # each reader returns what it found and takes it from what is left

    def _points(self, layer: str) -> dict[Point, tuple[str, Any]]:
        found = {}
        for key, value in self.left[layer].items():
            text = str(key)
            text = text[:-1] if text.endswith("E") else text  # penpa's number in edge mode
            if not _is_index(text):
                raise UrlError(f"penpa link: '{short(text, 12)}' is not a point of the grid")
            point = self.board.where(int(text))
            if point is not None:
                found[point] = (key, value)
        return found

    def numbers(self, where: Callable[[Point], bool] | None = None) -> dict[Point, Number]:
        """The numbers at the points `where` accepts (default: the board's cells)."""
        where = where or self.is_cell
        found = {}
        for point, (key, value) in self._points("number").items():
            if not where(point):
                continue
            if not isinstance(value, list) or len(value) < 2 or len(str(value[0])) > 40:
                raise UrlError(f"penpa link: a malformed number at {where_text(point)}")
            submode = str(value[2]) if len(value) > 2 else "1"
            style = value[1] if isinstance(value[1], int) else 1
            found[point] = Number(str(value[0]).strip(), submode, style)
            del self.left["number"][key]
        return found

    def symbols(
        self, shapes: Callable[[str], bool], where: Callable[[Point], bool] | None = None
    ) -> dict[Point, tuple[Any, str]]:
        """The symbols whose shape `shapes` accepts, at the points `where` accepts: (style,
        shape)."""
        where = where or self.is_cell
        found = {}
        for point, (key, value) in self._points("symbol").items():
            if not isinstance(value, list) or len(value) < 2 or not isinstance(value[1], str):
                raise UrlError(f"penpa link: a malformed symbol at {where_text(point)}")
            if where(point) and shapes(value[1]):
                found[point] = (value[0], value[1])
                del self.left["symbol"][key]
        return found

    def surface(self, colours: frozenset[int] | None = None) -> dict[Cell, int]:
        """The cells painted in one of `colours` (default: any colour)."""
        found = {}
        for point, (key, value) in self._points("surface").items():
            if value in (0, None):  # transparent: nothing painted
                del self.left["surface"][key]
            elif self.is_cell(point) and (colours is None or value in colours):
                found[point[1], point[2]] = value
                del self.left["surface"][key]
        return found

    def corner_numbers(
        self, where: Callable[[Point], bool] | None = None
    ) -> dict[tuple[int, int, int], str]:
        """Small numbers in the corners of the cells `where` accepts (default: the board's):
        (r, c, corner) -> text; corner 0 top left, 1 top right, 2 bottom left, 3 bottom
        right."""
        where = where or self.is_cell
        found = {}
        n = self.board.nx0 * self.board.ny0
        for key, value in list(self.left["numberS"].items()):
            text = str(key)
            if not _is_index(text):
                raise UrlError(f"penpa link: '{short(text, 12)}' is not a corner of a cell")
            spot, corner = divmod(int(text), 4)
            point = self.board.where(spot - n) if n <= spot < 2 * n else None
            if point is None or point[0] != CELL or not where(point):
                continue
            if not isinstance(value, list) or not value:
                raise UrlError(f"penpa link: a malformed small number at {where_text(point)}")
            found[point[1], point[2], corner] = str(value[0]).strip()
            del self.left["numberS"][key]
        return found

    def walls(self, tolerate: bool = False) -> set[Pair]:
        """The thick lines between cells of the board as walls (pairs of cells). tolerate:
        take them all, as lines a genre draws for its looks only (boxes round yajilin's
        clues), and also thick lines that are no side of a cell."""
        walls = set()
        for key in list(self.left["lineE"]):
            kind, pair = self._side(key)
            if kind == "wall" or tolerate:
                del self.left["lineE"][key]
            if kind == "wall" and not tolerate:
                walls.add(pair)
        return walls

    def _side(self, key: str) -> tuple[str, Pair | None]:
        """What a thick line is: ("wall", its two cells) between cells of the board,
        ("frame", None) on the board's frame or outside the board (drawing), ("other", None)
        when it is no side of a cell (a diagonal, a line to a side's middle)."""
        ends = self._pair(key)
        if ends is None:
            return "other", None
        (ka, ra, ca), (kb, rb, cb) = ends
        if ka != CORNER or kb != CORNER or abs(ra - rb) + abs(ca - cb) != 1:
            return "other", None
        if ra == rb:  # along a row of corners: the side above cell (ra, c)
            c = min(ca, cb)
            if 0 < ra < self.rows and 0 <= c < self.cols:
                return "wall", ((ra - 1, c), (ra, c))
        else:
            r = min(ra, rb)
            if 0 < ca < self.cols and 0 <= r < self.rows:
                return "wall", ((r, ca - 1), (r, ca))
        return "frame", None

    def segments(self) -> list[tuple[Point, Point]]:
        """The lines of the line layer: between two cell centres, or from a centre to the
        middle of one of its sides."""
        found = []
        for key, _ in list(self.left["line"].items()):
            ends = self._pair(key)
            if ends is not None:
                found.append(ends)
                del self.left["line"][key]
        return found

    def _pair(self, key: str) -> tuple[Point, Point] | None:
        parts = str(key).split(",")
        if len(parts) != 2 or not all(_is_index(p) for p in parts):
            raise UrlError(f"penpa link: '{short(str(key), 20)}' is not a line between points")
        a, b = (self.board.where(int(p)) for p in parts)
        return None if a is None or b is None else (a, b)

    def is_cell(self, point: Point) -> bool:
        return point[0] == CELL and self.board.inside(point[1], point[2])

    def finish(self, genre: str) -> None:
        """UrlError naming the first thing left that the genre has no place for."""
        for name in DICT_LAYERS:
            if name in COSMETIC or not self.left[name]:
                continue
            key, value = next(iter(self.left[name].items()))
            item = value if isinstance(value, list) else [value]
            what = {
                "surface": "a shaded cell",
                "number": f"the number {short(str(item[0]), 12)!r}",
                "numberS": "a small number",
                "symbol": f"a symbol '{short(str(item[1:2] and item[1]), 20)}'",
                "line": "a line",
                "lineE": "a thick line",
            }.get(name, LAYER_NAMES.get(name, name))
            text = str(key).split(",")[0].rstrip("E")
            point = self.board.where(int(text)) if _is_index(text) else None
            at = f" {_at(where_text(point, self.board))}" if point else ""
            raise UrlError(f"penpa link: it draws {what}{at}, {NO_PLACE.format(genre=genre)}")
        for name in LIST_LAYERS:
            if self.board.q.get(name) and name not in self.taken:
                what = LAYER_NAMES.get(name, name)
                raise UrlError(f"penpa link: it draws {what}, {NO_PLACE.format(genre=genre)}")
        if self.board.diagonals:
            raise UrlError(f"penpa link: it draws diagonals, {NO_PLACE.format(genre=genre)}")


def _at(where: str) -> str:
    return where if where.startswith("in ") else "at " + where


NO_PLACE = "which {genre} has no place for (is it a {genre} puzzle? --genre NAME says which)"


# --- writing layers ---------------------------------------------------------------------------


class Writer:
    """A penpa problem layer being made, on a board of rows x cols with margins."""

    def __init__(
        self,
        rows: int,
        cols: int,
        space: tuple[int, int, int, int] = (0, 0, 0, 0),
        gridtype: str = "square",
    ) -> None:
        self.board = Board(gridtype, rows, cols, space, {})
        self.q: dict[str, Any] = {name: {} for name in DICT_LAYERS}
        self.q.update({name: [] for name in LIST_LAYERS})

    def number(self, point: Point, text: Value, style: int = 1, submode: str = "1") -> None:
        self.q["number"][str(self.board.index(point))] = [str(text), style, submode]

    def corner_number(self, r: int, c: int, corner: int, text: Value, style: int = 1) -> None:
        n = self.board.nx0 * self.board.ny0
        key = 4 * (self.board.index((CELL, r, c)) + n) + corner
        self.q["numberS"][str(key)] = [str(text), style]

    def symbol(self, point: Point, style: int, shape: str, layer: int = 1) -> None:
        self.q["symbol"][str(self.board.index(point))] = [style, shape, layer]

    def surface(self, r: int, c: int, colour: int = BLACK) -> None:
        self.q["surface"][str(self.board.index((CELL, r, c)))] = colour

    def wall(self, a: Cell, b: Cell) -> None:
        """A thick line between two neighbouring cells."""
        (ra, ca), (rb, cb) = sorted((a, b))
        if ra == rb:  # side by side: the corners above and below the shared side
            ends = ((CORNER, ra, cb), (CORNER, ra + 1, cb))
        else:
            ends = ((CORNER, rb, ca), (CORNER, rb, ca + 1))
        self.line("lineE", *ends, style=2)

    def killer_cage(self, cells: list[Cell], style: int = 10) -> None:
        """A killer cage as penpa draws one (`class_p.js`, the cage tool's mouse-up): its cells in
        `killercages`, and in `cage` the dashed lines between the cells' inner corners (the
        points of small numbers) that run round it."""
        b = self.board
        n = b.nx0 * b.ny0
        inside = set(cells)
        k = {cell: b.index((CELL, *cell)) for cell in cells}
        self.q["killercages"].append(sorted(k.values()))

        def corners(r: int, c: int) -> tuple[int, int, int, int]:
            top_left = 4 * (b.index((CELL, r, c)) + n)
            return top_left, top_left + 1, top_left + 2, top_left + 3

        def put(a: int, z: int) -> None:
            self.q["cage"][f"{a},{z}"] = style

        for r, c in sorted(cells, key=k.__getitem__):
            tl, tr, bl, br = corners(r, c)
            if (r, c - 1) in inside:
                _ltl, ltr, _lbl, lbr = corners(r, c - 1)
                if not ((r - 1, c - 1) in inside and (r - 1, c) in inside):
                    put(ltr, tl)
                if not ((r + 1, c - 1) in inside and (r + 1, c) in inside):
                    put(lbr, bl)
            else:
                put(tl, bl)
            if (r - 1, c) in inside:
                _ttl, _ttr, tbl, tbr = corners(r - 1, c)
                if not ((r - 1, c - 1) in inside and (r, c - 1) in inside):
                    put(tbl, tl)
                if not ((r - 1, c + 1) in inside and (r, c + 1) in inside):
                    put(tbr, tr)
            else:
                put(tl, tr)
            if (r, c + 1) in inside:
                rtl, _rtr, rbl, _rbr = corners(r, c + 1)
                if not ((r - 1, c) in inside and (r - 1, c + 1) in inside):
                    put(tr, rtl)
                if not ((r + 1, c) in inside and (r + 1, c + 1) in inside):
                    put(br, rbl)
            else:
                put(tr, br)
            if (r + 1, c) in inside:
                btl, btr, _bbl, _bbr = corners(r + 1, c)
                if not ((r, c - 1) in inside and (r + 1, c - 1) in inside):
                    put(bl, btl)
                if not ((r, c + 1) in inside and (r + 1, c + 1) in inside):
                    put(br, btr)
            else:
                put(bl, br)

    def line(self, layer: str, p: Point, q: Point, style: int = 2) -> None:
        i, j = sorted((self.board.index(p), self.board.index(q)))
        self.q[layer][f"{i},{j}"] = style

    def text(self, title: str, tags: tuple[str, ...], answer_mode: str) -> str:
        """The link's text (penpa's `maketext_solve`), before abbreviation."""
        b = self.board
        nx, ny = b.nx0 - 4, b.ny0 - 4
        size = 38
        header = [
            b.gridtype,
            str(nx),
            str(ny),
            str(size),
            "0",
            "1",
            "1",
            str((nx + 1) * size),
            str((ny + 1) * size),
            str(_centre(b)),
            str(_centre(b)),
            *("0",) * 4,
            "Title: " + title.replace(",", "%2C"),
            "Author: ",
            "",
            "",
            "ON",
            "false",
        ]
        mode = _mode(answer_mode)
        q = {name: {"__a": []} for name in HISTORY} | self.q
        empty = {name: {"__a": []} for name in HISTORY}
        empty |= {name: {} for name in DICT_LAYERS} | {name: [] for name in LIST_LAYERS}
        cells = [b.index((CELL, r, c)) for r in range(b.rows) for c in range(b.cols)]
        deltas = [cells[0]] + [y - x for x, y in itertools.pairwise(cells)]
        lines = [
            ",".join(header),
            _dumps(list(b.space)),
            _dumps(mode["grid"])
            + "~"
            + _dumps(mode["pu_a"]["edit_mode"])
            + "~"
            + _dumps(mode["pu_a"][mode["pu_a"]["edit_mode"]]),
            _dumps(q),
            "",
            _dumps(deltas),
            _dumps(["Surface", "Line Normal", "Edge Normal", "Number Normal"]),
            "{}",
            '"x"',
            '"x"',
            _dumps([3, 2, 3]),
            _dumps(mode),
            '"x"',
            "0",
            _dumps(empty),
            "x",
            "{}",
            _dumps(list(tags)),
            "false",
        ]
        return "\n".join(lines)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _centre(b: Board) -> int:
    """The point penpa centres the view on (its `search_center`): the nearest to the middle
    of the grid of columns x rows cells (margins included), cells first, then corners, then
    the middles of lower and right sides."""
    nx, ny = b.nx0 - 4, b.ny0 - 4
    x2, y2 = nx + 4, ny + 4  # twice the middle, in cells from the grid's edge
    i, j = (x2 - 1) // 2, (y2 - 1) // 2  # the cell at or before the middle
    category = {(1, 1): CELL, (0, 0): CORNER, (1, 0): BELOW, (0, 1): RIGHT}[x2 % 2, y2 % 2]
    if category in (CORNER, RIGHT):
        i = x2 // 2 - 1
    if category in (CORNER, BELOW):
        j = y2 // 2 - 1
    return category * b.nx0 * b.ny0 + j * b.nx0 + i


ANSWER_MODES = {  # penpa's tool for the answer: edit mode and its setting
    "surface": ("surface", ["", 1]),
    "line": ("line", ["1", 3]),
    "lineE": ("lineE", ["1", 3]),
    "diagonal": ("lineE", ["2", 3]),
    "number": ("number", ["1", 2]),
}


def _mode(answer_mode: str) -> dict[str, Any]:
    edit_mode, setting = ANSWER_MODES[answer_mode]
    tools = {
        "surface": ["", 1],
        "multicolor": ["", 1],
        "line": ["1", 2],
        "lineE": ["1", 2],
        "wall": ["", 2],
        "cage": ["1", 10],
        "number": ["1", 1],
        "symbol": ["circle_L", 1],
        "special": ["thermo", ""],
        "board": ["", ""],
        "move": ["1", ""],
        "combi": ["battleship", ""],
        "sudoku": ["1", 1],
    }
    answer = tools | {"line": ["1", 3], "lineE": ["1", 3], "wall": ["", 3], "number": ["1", 2]}
    answer |= {"sudoku": ["1", 9], edit_mode: setting}
    return {
        "qa": "pu_a",
        "grid": ["1", "2", "1"],
        "pu_q": {"edit_mode": "surface", **tools},
        "pu_a": {"edit_mode": edit_mode, **answer},
    }


# --- codecs: penpa layers <-> what a person types into the genre's sheet ---------------------

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
    """Rooms and their products (inshi no heya), each moved to its room's first cell."""
    cells, rooms = read_rooms(rd)
    assert rooms is not None
    for room in rooms.all():  # the sheet holds a room's product in the room's first cell
        held = [(r, c) for r, c in room if cells[r][c] is not None]
        if len(held) == 1 and held[0] != room[0]:
            (r, c), (r0, c0) = held[0], room[0]
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
    style = _inverse(PEARLS)
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
    way_code = _inverse(NUMBER_ARROW)
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
    style = _inverse(INEQUALITY)
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
    rows, cols = (len(cells) - 1) // 2, (len(cells[0]) - 1) // 2
    w = Writer(rows, cols, (1, 1, 1, 1))
    style = _inverse(ARROW_STYLE)
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


PIECES = {
    frozenset("LR"): "─",
    frozenset("UD"): "│",
    frozenset("DR"): "┌",
    frozenset("DL"): "┐",
    frozenset("UR"): "└",
    frozenset("UL"): "┘",
    frozenset("UDLR"): "┼",
}


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
    sides = _inverse(PIECES)
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
    w.symbol(p, _inverse(FIREFLY_DOT)[way], "firefly", 2)
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
    style = _inverse(YIN_YANG)
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
            raise UrlError(f"penpa link: {num.text!r} {_at(where_text(p, rd.board))} is no range")
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
    style = _inverse(BINARY)
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
                f"penpa link: {num.text!r} {_at(where_text(p, rd.board))} is no note of the digits"
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


def write_kenken(cells: Cells, rooms: Rooms | None) -> Writer:
    """Each cage's clue small in the top left corner of its first cell, with penpa's signs
    (× − ÷, as its keyboard writes them), the cages as thick lines, given digits in cells."""
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
            raise UrlError(f"penpa link: a small number {_at(where_text((CELL, r, c), rd.board))}")
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
    style = _inverse(SHIP_PARTS)
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
        "Inshi no heya", read_room_products, number_writer(), ("factors",), "number"
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
    "kenken": Codec("KenKen", read_kenken, write_kenken, (), "number"),
    "tile-paint": Codec("Tile Paint", read_tile_paint, write_tile_paint, (), rooms_at=(1, 1)),
    "battleship": Codec("Battleship", read_battleship, write_battleship, ("battleships",)),
    "jigsaw-sudoku": Codec(
        "Jigsaw Sudoku", read_regions_digits, number_writer(), ("irregular",), "number"
    ),
}

# --- the genre of a link ----------------------------------------------------------------------

# names a title may start with, besides each genre's slug, Japanese name and puz.link names
OTHER_NAMES = {
    "light up": "akari",
    "lightup": "akari",
    "minesweeper": "bomber",
    "mines": "bomber",
    "bridges": "hashiwokakero",
    "hashi": "hashiwokakero",
    "firefly": "hotaru-beam",
    "cross sums": "kakuro",
    "kuromasu": "kurodoko",
    "number link": "numberlink",
    "pearl": "masyu",
    "slither link": "slitherlink",
    "unequal": "futoshiki",
    "ice barn": "icebarn",
    "factors": "inshi-no-heya",
    "building": "skyscrapers",
    "skyscraper": "skyscrapers",
    "ripple": "ripple-effect",
}
# penpa's genre tags (docs/js/genre_tags.js) of our genres
TAGS = {tag: slug for slug, codec in CODECS.items() for tag in codec.tags} | {
    "kuromasu": "kurodoko"
}


def _words(text: str) -> str:
    """Text as names are compared: NFKC, lower case, `-`, `_` and runs of spaces as one
    space."""
    return re.sub(r"[\s\-_・/]+", " ", _fold(text)).strip()


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@functools.cache
def _names() -> list[tuple[str, str]]:
    """(name, slug) for every genre with a codec, longest names first."""
    found = [(_words(k), v) for k, v in OTHER_NAMES.items()]
    for g in all_genres():
        if g.slug in CODECS:
            keys = (g.slug, g.ja, *g.names, *g.pzpr_ids, CODECS[g.slug].title)
            found += [(_words(k), g.slug) for k in keys if k]
    return sorted(set(found), key=lambda kv: -len(kv[0]))


def genre_named(text: str) -> str | None:
    """The slug of the genre a title or rules text starts with ("Nurikabe #3 by ...",
    "Country Road", "へやわけ"); None when it starts with none."""
    words = _words(text)
    for name, slug in _names():
        if words.startswith(name):
            rest = words[len(name) :]
            if not rest or not (rest[0].isalnum() and name.isascii()):
                return slug
    return None


def genre_of(board: Board) -> Genre | None:
    """The genre a link names: its title, else its genre tags (one genre of ours among
    them), else the start of its rules."""
    slug = genre_named(board.title) if board.title else None
    if slug is None:
        tagged = {TAGS[t] for t in board.tags if t in TAGS}
        slug = tagged.pop() if len(tagged) == 1 else None
    if slug is None and board.rules:
        slug = genre_named(board.rules)
    return genre_by_slug(slug) if slug else None


def supported() -> list[str]:
    return sorted(CODECS)


# --- import and export ------------------------------------------------------------------------


def penpa_import(text: str, genre: Genre | None = None) -> tuple[Genre, Any, Board]:
    """The genre, the puzzle and the board of a penpa link. genre: the one asked for
    (`--genre`); else the one the link names. UrlError, one line, for a link that cannot be
    read or whose puzzle the genre cannot hold."""
    board = read_board(text)
    if genre is None:
        genre = genre_of(board)
        if genre is None:
            named = f" (its title is {board.title!r})" if board.title else ""
            raise UrlError(
                f"penpa link: it does not say which genre it is{named}; give it with "
                f"--genre NAME (one of: {', '.join(supported())})"
            )
    codec = CODECS.get(genre.slug)
    if codec is None:
        raise UrlError(
            f"penpa links of {genre.slug} are not supported; supported: {', '.join(supported())}"
        )
    try:
        reader = Reader(board)
        cells, rooms = codec.read(reader)
        reader.finish(genre.slug)
    except UrlError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # a layer whose items are not what penpa writes (a list for a style, ...)
        raise UrlError(f"penpa link: a malformed layer ({type(exc).__name__}: {exc})") from None
    return genre, sheet_puzzle(genre, cells, rooms, codec.rooms_at), board


def sheet_puzzle(genre: Genre, cells: Cells, rooms: Rooms | None, at: Cell = (0, 0)) -> Any:
    """The puzzle that a sheet holding these cells (and these rooms, drawn as thick
    borders) gives: the cells are typed into a sheet as `import` writes them, and read back
    with the genre's own parse."""
    ws = openpyxl.Workbook().active
    ws.title = genre.slug
    if not cells or not cells[0]:
        raise UrlError("penpa link: the board has no cells")
    fill_sheet(ws, cells)
    sheet = OpenpyxlSheet(ws)
    if rooms is not None:
        write_rooms(sheet, rooms, 1 + at[0], 1 + at[1])
    try:
        return genre.parse(read_grid(sheet))
    except InputError as exc:
        raise UrlError(f"penpa link: as a {genre.slug} sheet: {exc}") from None


def to_penpa(genre: Genre, puzzle: Any) -> str:
    """A penpa-edit link (solve mode) that opens the puzzle with its clues in the layers penpa
    draws them in; `penpa_import` reads it back to the same puzzle."""
    codec = CODECS.get(genre.slug)
    if codec is None:
        raise UrlError(f"{genre.slug} has no penpa form here; supported: {', '.join(supported())}")
    if getattr(puzzle, "every_point", False):
        raise UrlError("slitherlink's every-dot variant has no penpa form")
    if genre.slug == "skyscrapers" and (puzzle.blanks or puzzle.diagonal):
        raise UrlError("skyscrapers' variants (heights 1-H, the diagonals) have no penpa form")
    if genre.slug == "bomber" and puzzle.total is not None:
        # penpa-edit has no place for the count of bombs: the link leaves it out
        puzzle = dataclasses.replace(puzzle, total=None)
    cells = genre.to_cells(puzzle)
    drawn = genre.drawn_rooms(puzzle)
    rooms = None if drawn is None or codec.labels else drawn[0]
    writer = codec.write(cells, rooms)
    text = writer.text(codec.title, codec.tags, codec.answer_mode)
    return f"{PENPA_HOME}#m=solve&p={deflate(abbreviate(text))}"


def penpa_url(book: Book | str | Path, sheet: str) -> str:
    """The penpa-edit link of a sheet's puzzle (`url --penpa`). book: an open Book, or the
    path of a workbook."""
    from solver.pipeline import read_puzzle

    if not hasattr(book, "sheet_names"):
        book = OpenpyxlBook(Path(book))  # type: ignore[arg-type]
    genre, _, puzzle = read_puzzle(book, sheet)  # type: ignore[arg-type]
    return to_penpa(genre, puzzle)
