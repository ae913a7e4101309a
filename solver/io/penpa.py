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

The genres' forms in a link (which layers hold a genre's clues), and importing and exporting
a link, are in `solver.io.penpa_genres`.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from solver.blocks.geometry import Cell
from solver.blocks.values import Value
from solver.io.puzzlink import UrlError
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


def inverse(d: dict) -> dict:
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
            at = f" {at_where(where_text(point, self.board))}" if point else ""
            raise UrlError(f"penpa link: it draws {what}{at}, {NO_PLACE.format(genre=genre)}")
        for name in LIST_LAYERS:
            if self.board.q.get(name) and name not in self.taken:
                what = LAYER_NAMES.get(name, name)
                raise UrlError(f"penpa link: it draws {what}, {NO_PLACE.format(genre=genre)}")
        if self.board.diagonals:
            raise UrlError(f"penpa link: it draws diagonals, {NO_PLACE.format(genre=genre)}")


def at_where(where: str) -> str:
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
