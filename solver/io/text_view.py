"""A solved sheet as text (`solve --show`): the whole answer, drawn with characters.

The text is drawn once for every genre from what the sheet shows after solving: the result
record's answer (`cells`, and the fields `regions`, `edges`, `lines`, `black`) and the answer's
cell writes (which cells it fills dark, and the text a number format shows after a cell's value,
as `A=3` or `11₂`). A genre adds nothing for its text.

The grid is drawn at double resolution: between two rows of cells runs a row of cell sides,
between two cells a column of them, and the sides meet at the grid's corners. So

- a region's or room's walls (the record's `regions`: rooms given or found, sudoku's boxes) are
  heavy box-drawing lines on the sides between cells, `┃` and `━`, meeting in `┏ ┳ ╋ ...`; the
  grid's frame is a wall too. With walls drawn, a cell's room label is left out (`A2` shows `2`);
- a loop on the grid's sides (slitherlink's `edges`) is a light line, `─` and `│`, between the
  corners, which are dots `·` where the loop does not pass;
- a line through the cells' centres (the record's `lines`) links the cells across their sides,
  `─` and `│` (`═` and `║` for two bridges), and a cell it passes without a text of its own
  shows its piece of the line (`┌`, `┼`); a line that crosses a wall crosses it as `┿` or `╂`;
- clues on the grid's corners (creek, gokigen) stand on the corners, and gokigen's diagonals
  `╲ ╱` in the cells;
- a cell filled dark is `█` (filling the cell's width); a dark cell that shows a text, a number
  on it, shows the text after `█`: `█3` is a shaded 3. A mark the answer writes on its dark cell
  (bomber's `●`) shows alone;
- everything else a cell shows stands in it as the sheet shows it, right-aligned in its column.

A row of sides that shows nothing but walls running through from the row above to the row below
is left out (sudoku's rows inside a box), and so is every row of sides when none shows anything:
a grid of digits is then one line per row, its cells a space apart.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from solver.io.sheet.answer import LINE_GLYPHS, SHADE_GLYPH, CellWrite

DARK = "█"
DOT = "·"  # a corner of the grid where slitherlink's loop does not pass
LIGHT, HEAVY = 1, 2  # the weight of a line on a cell's side: a loop's, a wall's

SIDES = ("U", "D", "L", "R")
_ARMS = ("U", "D", "L", "R", "UD", "LR", "DR", "DL", "UR", "UL", "UDR", "UDL", "DLR", "ULR", "UDLR")


def _table(glyphs: str) -> dict[tuple[int, ...], str]:
    """(up, down, left, right) -> the glyph that joins those arms, at a corner or in a cell."""
    return {tuple(int(s in a) for s in SIDES): g for a, g in zip(_ARMS, glyphs, strict=True)}


_LIGHT = _table("╵╷╴╶│─┌┐└┘├┤┬┴┼")
_HEAVY = _table("╹╻╸╺┃━┏┓┗┛┣┫┳┻╋")
_DOUBLE = _table("║║══║═╔╗╚╝╠╣╦╩╬")
_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
_LABEL_FIRST = re.compile(r"^[^\W\d_]+\s*(?P<rest>[^\w\s]\S*)$")  # a label, then a mark: `A?`

LATTICE_CLUES = {"creek", "gokigen"}  # genres whose clues stand on the grid's corners, one per
# sheet cell
DIAGONALS = frozenset("╲╱")  # gokigen's answer: a cell's diagonal, kept in its cell
SPACED_CELLS = {"icebarn"}  # genres whose puzzle cell (r, c) is sheet cell (2r + 1, 2c + 1)
PART_LETTERS = {"block-puzzle"}  # genres whose letters are givens, not room labels
# genres whose puzzle cell (r, c) is sheet cell (2r, 2c), the sides and corners between them
# (galaxies): the sheet's own glyphs show the walls, and its record's `regions` (over the puzzle's
# cells) is not drawn again
DOTTED_CELLS = {"galaxies"}


def width(text: str) -> int:
    """Columns a text takes on a terminal: two for a wide (CJK) character."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def after_value(number_format: str | None) -> str:
    """The text a number format shows after a cell's value: `@"=3"` -> `=3`, `0"₂"` -> `₂`."""
    if not number_format:
        return ""
    tail = re.split(r"[@0]", number_format)[-1] if re.search(r"[@0]", number_format) else ""
    return "".join(re.findall(r'"([^"]*)"', tail))


def unlabelled(v: Any) -> Any:
    """A room genre's cell without its room label (the rooms are drawn as walls): the number
    beside the label (`A3` -> 3), a circle's mark after it (`A?` -> `?`), a cage's clue after
    it (`A12+` -> `12+`), None for a label alone."""
    from solver.io.rooms_sheet import LABELLED_CLUE, read_label

    label = read_label(v)
    if label is not None:
        return label[1]
    if isinstance(v, str) and (m := _LABEL_FIRST.match(unicodedata.normalize("NFKC", v))):
        return m["rest"]
    if isinstance(v, str) and (m := LABELLED_CLUE.match(unicodedata.normalize("NFKC", v))):
        return m["clue"]
    return v


Slot = tuple[str, int, int]  # ("cell", r, c); ("left", r, c): the side left of cell (r, c);
# ("top", r, c): the side above it; ("corner", r, c): its top-left corner


@dataclass
class Drawing:
    """The text, and where each slot of the double-resolution grid stands in it."""

    lines: list[str]
    slots: dict[Slot, tuple[int, int, int]]  # slot -> (line, start, end) in its line's characters

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def at(self, kind: str, r: int, c: int) -> str:
        """What slot (kind, r, c) shows; '' for one in a row of sides left out."""
        if (kind, r, c) not in self.slots:
            return ""
        line, start, end = self.slots[kind, r, c]
        return self.lines[line][start:end]


def text(answer: dict[str, Any], writes: Iterable[CellWrite] = (), genre: str = "") -> str:
    """The solved sheet as text: `answer` is the result record's answer (its `cells` at least),
    `writes` the answer's cell writes, `genre` its slug."""
    return draw(answer, writes, genre).text


def draw(answer: dict[str, Any], writes: Iterable[CellWrite] = (), genre: str = "") -> Drawing:
    """The text of `text()`, with where each cell, side and corner stands in it."""
    cells = [["" if v is None else v for v in row] for row in answer.get("cells") or []]
    if not cells or not cells[0]:
        return Drawing([], {})
    writes = list(writes)
    dark = {(w.row, w.col) for w in writes if w.shade}
    dark |= {(r, c) for r, c in answer.get("black", [])}
    marked = {(w.row, w.col) for w in writes if w.shade and w.value is not None}
    after = {(w.row, w.col): after_value(w.number_format) for w in writes if w.number_format}
    regions = None if genre in DOTTED_CELLS else answer.get("regions")
    corners: dict[tuple[int, int], str] = {}
    if genre in LATTICE_CLUES:  # sheet cell (r, c) holds the clue of the corner (r, c)
        corners = {
            (r, c): str(v)
            for r, row in enumerate(cells)
            for c, v in enumerate(row)
            if isinstance(v, int) or v == "?"
        }
        cells = [["" if v not in DIAGONALS else v for v in row[:-1]] for row in cells[:-1]]
    lines = answer.get("lines", [])
    if genre in SPACED_CELLS:
        lines = _spaced(lines, len(cells), len(cells[0]))
    arms: dict[tuple[int, int], dict[str, int]] = {}
    for r1, c1, r2, c2, *n in lines:
        side = next(s for s, d in _STEP.items() if d == (r2 - r1, c2 - c1))
        arms.setdefault((r1, c1), {})[side] = n[0] if n else 1
        arms.setdefault((r2, c2), {})[_BACK[side]] = n[0] if n else 1
    grid = _Grid(len(cells), len(cells[0]), regions, answer.get("edges", []), arms, corners)
    strip = regions is not None and genre not in PART_LETTERS
    shown: dict[tuple[int, int], str] = {}
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            v = unlabelled(v) if strip else v
            s = "" if v is None else str(v)
            if s == SHADE_GLYPH:  # an answer's shading, or a black cell typed as given
                dark.add((r, c))
                s = ""
            more = "".join(ch for ch in after.get((r, c), "") if ch not in LINE_GLYPHS).strip()
            s += more.removeprefix("=") if not s else more
            if lines and s and set(s) <= LINE_GLYPHS:
                s = ""  # drawn from the line's arms
            if not s and (r, c) in arms:
                s = grid.piece(r, c)
            shown[r, c] = s
    grid.dark, grid.marked = dark, marked
    grid.widths = [
        max(
            [1]
            + [
                width(shown[r, c]) + ((r, c) in dark and shown[r, c] != "" and (r, c) not in marked)
                for r in range(grid.rows)
            ]
        )
        for c in range(grid.cols)
    ]
    rows: list[list[tuple[Slot, str]]] = []
    for i in range(grid.rows + 1):
        # a sheet that spaces its cells shows the line between two rows in the row between them
        rows.append([] if genre in SPACED_CELLS | DOTTED_CELLS else grid.sides_row(i))
        if i < grid.rows:
            rows.append(grid.cells_row(i, shown))
    return _trim(rows)


class _Grid:
    """The double-resolution drawing of a rows x cols grid."""

    def __init__(
        self,
        rows: int,
        cols: int,
        regions: list[list[Any]] | None,
        edges: list[list[int]],
        arms: dict[tuple[int, int], dict[str, int]],
        corners: dict[tuple[int, int], str],
    ) -> None:
        self.rows, self.cols = rows, cols
        self.regions = regions
        self.edges = {frozenset({(r1, c1), (r2, c2)}) for r1, c1, r2, c2 in edges}
        self.arms = arms
        self.corners = corners
        self.dark: set[tuple[int, int]] = set()
        self.marked: set[tuple[int, int]] = set()
        self.widths: list[int] = [1] * cols

    def _room(self, r: int, c: int) -> Any:
        inside = 0 <= r < self.rows and 0 <= c < self.cols
        return self.regions[r][c] if inside and self.regions is not None else None

    def _wall(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        if self.regions is None:
            return False
        ra, rb = self._room(*a), self._room(*b)
        return ra != rb and (ra is not None or rb is not None)

    def vertical_side(self, r: int, c: int) -> int:
        """The weight of the side left of cell (r, c) (c = cols: right of the last cell)."""
        if self._wall((r, c - 1), (r, c)):
            return HEAVY
        return LIGHT if frozenset({(r, c), (r + 1, c)}) in self.edges else 0

    def horizontal_side(self, r: int, c: int) -> int:
        """The weight of the side above cell (r, c) (r = rows: below the last row)."""
        if self._wall((r - 1, c), (r, c)):
            return HEAVY
        return LIGHT if frozenset({(r, c), (r, c + 1)}) in self.edges else 0

    def piece(self, r: int, c: int) -> str:
        """The glyph of a line's piece in cell (r, c), from its arms."""
        a = self.arms[r, c]
        key = tuple(int(s in a) for s in SIDES)
        if max(a.values()) > 1:
            return _DOUBLE.get(key, "═")
        return _LIGHT[key]

    def corner(self, i: int, j: int) -> str:
        if (i, j) in self.corners:
            return self.corners[i, j]
        weights = (
            self.vertical_side(i - 1, j) if i > 0 else 0,
            self.vertical_side(i, j) if i < self.rows else 0,
            self.horizontal_side(i, j - 1) if j > 0 else 0,
            self.horizontal_side(i, j) if j < self.cols else 0,
        )
        if not any(weights):
            return DOT if self.edges or self.corners else " "
        key = tuple(int(w > 0) for w in weights)
        return (_HEAVY if HEAVY in weights else _LIGHT)[key]

    def sides_row(self, i: int) -> list[tuple[Slot, str]]:
        """The corners and the sides above row i (below the last row for i = rows)."""
        parts: list[tuple[Slot, str]] = []
        for j in range(self.cols + 1):
            parts.append((("corner", i, j), self.corner(i, j)))
            if j == self.cols:
                break
            weight = self.horizontal_side(i, j)
            through = self.arms.get((i - 1, j), {}).get("D", 0) if i > 0 else 0
            fill = {0: " ", LIGHT: "─", HEAVY: "━"}[weight]
            mid = _crossing(through, weight, "│║", "╂")
            parts.append((("top", i, j), fill * (self.widths[j] - 1) + (mid or fill)))
        return parts

    def cells_row(self, r: int, shown: dict[tuple[int, int], str]) -> list[tuple[Slot, str]]:
        """The cells of row r and the sides between them."""
        parts: list[tuple[Slot, str]] = []
        for c in range(self.cols + 1):
            weight = self.vertical_side(r, c)
            through = self.arms.get((r, c - 1), {}).get("R", 0) if c > 0 else 0
            side = {0: " ", LIGHT: "│", HEAVY: "┃"}[weight]
            parts.append((("left", r, c), _crossing(through, weight, "─═", "┿") or side))
            if c == self.cols:
                break
            s = shown[r, c]
            pad = self.widths[c] - width(s)
            if (r, c) in self.dark and (r, c) not in self.marked:
                parts.append((("cell", r, c), DARK * pad + s))
                continue
            left = self.arms.get((r, c), {}).get("L", 0)
            parts.append((("cell", r, c), {0: " ", 1: "─"}.get(left, "═") * pad + s))
        return parts


def _spaced(lines: list[list[int]], rows: int, cols: int) -> list[list[int]]:
    """Segments between puzzle cells as segments between the sheet cells of a sheet that holds
    puzzle cell (r, c) in (2r + 1, 2c + 1) and the borders between them in the cells between
    (icebarn): each segment is two, through the border's cell; a segment to a cell outside the
    grid ends in the frame."""
    out = []
    for r1, c1, r2, c2, *n in lines:
        a, b = (2 * r1 + 1, 2 * c1 + 1), (2 * r2 + 1, 2 * c2 + 1)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        for p, q in ((a, mid), (mid, b)):
            if all(0 <= r < rows and 0 <= c < cols for r, c in (p, q)):
                out.append([*p, *q, *n])
    return out


def _crossing(through: int, weight: int, strokes: str, over_wall: str) -> str:
    """Where a line through the cells' centres crosses a side: its stroke (`strokes`: one
    line, two), crossing a wall as `over_wall`; '' where no line crosses."""
    if not through:
        return ""
    if weight == HEAVY:
        return over_wall
    return "┼" if weight else strokes[min(through, 2) - 1]


def _trim(rows: list[list[tuple[Slot, str]]]) -> Drawing:
    """The drawing without the rows of sides that show nothing new (see the module docstring),
    without the blank columns left of it all, and without blanks right of each line."""
    kept = [
        parts
        for k, parts in enumerate(rows)
        if k % 2 == 1 or set("".join(s for _, s in parts)) - {" ", "┃"}
    ]
    texts = ["".join(s for _, s in parts) for parts in kept]
    indent = min((len(t) - len(t.lstrip(" ")) for t in texts if t.strip()), default=0)
    lines, slots = [], {}
    for parts in kept:
        at = -indent
        for slot, s in parts:
            slots[slot] = (len(lines), max(at, 0), max(at + len(s), 0))
            at += len(s)
        lines.append("".join(s for _, s in parts)[indent:].rstrip())
    while lines and not lines[-1]:
        lines.pop()
    top = next((k for k, line in enumerate(lines) if line), len(lines))
    slots = {slot: (line - top, a, b) for slot, (line, a, b) in slots.items() if line >= top}
    return Drawing(lines[top:], slots)
