"""Reading a puzzle grid from a sheet and writing an answer back.

Everything here talks to a spreadsheet through two small protocols, `Book` and `Sheet`, so the
same code runs on openpyxl (batch mode, tests) and on xlwings (the Excel buttons, see `addin/`).
Rows and columns are 1-based here, as in Excel; genres work 0-based on the `Grid`. A cell's
value as the genres see it (`Value`, `normalize`) and the names of cells and values in messages
(`a1`, `cell_name`, `quote`) are pure, and shared with the modelling blocks: they live in
`solver.blocks.values` and `solver.blocks.names`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from solver.blocks.names import a1, column_letter, quote
from solver.blocks.values import MAX_NUMBER_DIGITS, Value, long_number, normalize
from solver.limits import MAX_GRID_COLS, MAX_GRID_ROWS


class InputError(ValueError):
    """Bad input in a sheet; the message names the sheet and, where there is one, the cell."""

    def __init__(self, sheet: str, message: str, cell: tuple[int, int] | None = None) -> None:
        self.sheet, self.cell = sheet, cell
        where = f"sheet '{sheet}'" + (f" cell {a1(*cell)}" if cell else "")
        super().__init__(f"{where}: {message}")


SIDES = {"T": "top", "B": "bottom", "L": "left", "R": "right"}


def theme_text(theme: int, tint: float = 0.0) -> str:
    """A colour of the workbook's theme as the protocol writes colours: 'theme:1', or with a
    tint (-1 darker .. 1 lighter) 'theme:4:-0.25'. The index counts as OOXML files do (0 and 1
    are the light and dark background colours, Excel's "Background 1" and "Text 1")."""
    return f"theme:{theme}" + (f":{tint!r}" if tint else "")


def parse_theme(color: str | None) -> tuple[int, float] | None:
    """(theme index, tint) of a colour written by `theme_text`; None for 'RRGGBB' or None."""
    if not color or not color.startswith("theme:"):
        return None
    _, theme, tint = (color + ":0").split(":")[:3]
    return int(theme), float(tint)


@dataclass(frozen=True)
class Border:
    """The line on one side of a cell: its style as OOXML names it ('hair', 'thin', 'medium',
    'thick', 'dotted', 'dashed', 'double', 'mediumDashed', 'dashDot', ...) and its colour
    ('RRGGBB' or a theme colour, see `theme_text`; None is Excel's automatic colour)."""

    style: str = "thin"
    color: str | None = None


@dataclass(frozen=True)
class Borders:
    """The four sides of a cell; None where a side has no line."""

    top: Border | None = None
    bottom: Border | None = None
    left: Border | None = None
    right: Border | None = None

    def side(self, side: str) -> Border | None:
        """The line on a side given as 'T', 'B', 'L' or 'R'."""
        return getattr(self, SIDES[side])

    def with_sides(self, sides: dict[str, Border | None]) -> Borders:
        """These borders with the given sides ('T', 'B', 'L', 'R') replaced."""
        # (not dataclasses.replace, several times as slow: the grid's lines come here for
        # every cell)
        now = {"top": self.top, "bottom": self.bottom, "left": self.left, "right": self.right}
        return Borders(**(now | {SIDES[s]: b for s, b in sides.items()}))


def borders_text(sides: dict[str, Border | None]) -> str:
    """Some sides of a cell as text, for the record sheet: 'T=thin B= R=medium/1F4FC8' (side
    '=' style, '/' colour unless automatic; nothing after '=' for a side without a line)."""
    items = []
    for s in SIDES:
        if s in sides:
            b = sides[s]
            items.append(
                f"{s}=" + ("" if b is None else b.style + (f"/{b.color}" if b.color else ""))
            )
    return " ".join(items)


BORDER_STYLES = frozenset(
    [
        "hair",
        "thin",
        "medium",
        "thick",
        "dotted",
        "dashed",
        "double",
        "mediumDashed",
        "dashDot",
        "mediumDashDot",
        "dashDotDot",
        "mediumDashDotDot",
        "slantDashDot",
    ]
)


def parse_borders_text(text: str) -> dict[str, Border | None]:
    """The inverse of `borders_text`; ValueError for text it did not write."""
    sides: dict[str, Border | None] = {}
    for item in text.split():
        side, _, line = item.partition("=")
        style, _, color = line.partition("/")
        if side not in SIDES or (style and style not in BORDER_STYLES):
            raise ValueError(f"not a side in a border record: {item!r}")
        if color and check_color(color) is None:
            raise ValueError(f"not a colour in a border record: {item!r}")
        sides[side] = Border(style, color or None) if style else None
    return sides


def check_color(text: object) -> str | None:
    """A colour as the protocol writes it ('RRGGBB' or a theme colour), or None if `text` is
    not one (a record someone edited)."""
    if not isinstance(text, str):
        return None
    if len(text) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in text):
        return text.upper()
    try:
        theme = parse_theme(text)
    except ValueError:
        return None
    if theme is None or not (0 <= theme[0] <= 11 and -1 <= theme[1] <= 1):
        return None
    return text


def is_dark(color: str | None) -> bool:
    """Whether a fill colour ('RRGGBB' or 'theme:N[:tint]') reads as shaded: a dark colour, or
    the theme's dark text/background colours (1 and 3) without a strong lightening tint."""
    if color is None:
        return False
    if color.startswith("theme:"):
        _, index, *tint = color.split(":")
        return index in ("1", "3") and (not tint or float(tint[0]) < 0.4)
    try:
        red, green, blue = (int(color[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.299 * red + 0.587 * green + 0.114 * blue < 110


@dataclass(frozen=True)
class Face:
    """How a cell sets its text: the font's name and size (points), and the horizontal and
    vertical alignment as OOXML names them ('general', 'left', 'center', 'right', 'fill'...;
    'top', 'center', 'bottom'...). None is the workbook's default (its standard font, general
    and bottom alignment)."""

    name: str | None = None
    size: float | None = None
    horizontal: str | None = None
    vertical: str | None = None


def face_text(face: Face) -> str:
    """A face as text, for the record sheet: 'Meiryo UI|12|center|center' (an empty field for
    the default)."""
    return "|".join(
        "" if v is None else f"{v:g}" if isinstance(v, float) else str(v)
        for v in (face.name, face.size, face.horizontal, face.vertical)
    )


def parse_face_text(text: str) -> Face:
    """The inverse of `face_text`; ValueError for text it did not write."""
    parts = text.split("|")
    if len(parts) != 4:
        raise ValueError(f"not a face in a record: {text!r}")
    name, size, horizontal, vertical = (p.strip() or None for p in parts)
    value = float(size) if size is not None else None
    if value is not None and not (0 < value <= 409):
        raise ValueError(f"not a font size in a record: {text!r}")
    return Face(name, value, horizontal, vertical)


@dataclass(frozen=True)
class Style:
    """The parts of a cell's look that solving may change. Colours are 'RRGGBB', a colour of
    the workbook's theme ('theme:1', 'theme:4:-0.25', see `theme_text`), or None (automatic;
    no fill).

    borders: the cell's four sides, or None for "not read, leave them as they are": a sheet
    reads them only when asked (`get_style(..., borders=True)`), and `set_style` with None keeps
    the cell's borders, so genres that draw no lines never touch a user's borders.

    face: the cell's font and alignment (`Face`), or None for "not read, leave it as it is",
    as borders (`get_style(..., face=True)`)."""

    font_color: str | None = None
    fill_color: str | None = None
    number_format: str = "General"
    borders: Borders | None = None
    face: Face | None = None


DIGIT_PX, PADDING_PX = 7, 5  # Excel's standard font (Calibri 11): a digit's width, the margins


def file_width(chars: float) -> float:
    """A column width as Excel shows it (Format > Column Width: characters of the standard font)
    as the file stores it (the cell's margins included), in Excel's steps of 1/256."""
    return math.trunc((chars * DIGIT_PX + PADDING_PX) / DIGIT_PX * 256) / 256


def shown_width(stored: float) -> float:
    """The inverse of `file_width`."""
    return math.trunc((width_px(stored) - PADDING_PX) / DIGIT_PX * 100 + 0.5) / 100


def width_px(stored: float) -> int:
    """How many pixels wide Excel draws a column of this stored width (at 100%, 96 dpi)."""
    return math.trunc((256 * stored + math.trunc(128 / DIGIT_PX)) / 256 * DIGIT_PX)


class Sheet(Protocol):
    name: str

    def used_cells(self) -> Iterable[tuple[int, int]]:
        """Every non-empty cell (row, col), 1-based, in any order."""

    def get(self, row: int, col: int) -> object: ...

    def put(self, row: int, col: int, value: object) -> None: ...

    def put_rows(self, row: int, lines: list[list[object]]) -> None:
        """Write lines of values into empty rows, the first at `row`, each from column 1 (a
        None leaves its cell empty): one write for many cells (the answer's record)."""

    def get_style(self, row: int, col: int, borders: bool = False, face: bool = False) -> Style:
        """The cell's look; its borders and face only when asked (else None)."""

    def set_style(self, row: int, col: int, style: Style) -> None:
        """Give the cell this look; borders or face None leave those as they are."""

    def column_width(self, col: int) -> float | None:
        """The column's width as a workbook file stores it (characters of the standard font,
        margins included: `file_width`); None for the sheet's default width."""

    def set_column_width(self, col: int, width: float | None) -> None:
        """Set a column's width (None: back to the sheet's default)."""

    def row_height(self, row: int) -> float | None:
        """The row's height in points; None for the default (the height that fits its font)."""

    def set_row_height(self, row: int, height: float | None) -> None:
        """Set a row's height (None: back to the default)."""

    def merged_area(self, row: int, col: int) -> tuple[int, int, int, int] | None:
        """The merged range (first row, first col, last row, last col) that covers the cell,
        when the cell is one of its hidden cells (not the top-left one, which shows the range's
        value); else None."""


class Book(Protocol):
    name: str

    def sheet_names(self) -> list[str]: ...

    def sheet(self, name: str) -> Sheet: ...

    def hidden_sheet(self, name: str, create: bool) -> Sheet | None:
        """A very hidden bookkeeping sheet; None if absent and create is False."""

    def remove_hidden_sheet(self, name: str) -> None:
        """Remove the hidden bookkeeping sheet (when nothing is left in it)."""


@dataclass
class Grid:
    """The cells inside the sentinel's extent, 0-based: cells[r][c]."""

    sheet: str
    cells: list[list[Value]]
    # the sheet the grid was read from, for what values do not carry (cell borders: rooms drawn
    # as thick walls, slitherlink's drawn loop; fills: shading by hand); None for a grid made
    # from a URL or a test's rows
    source: Sheet | None = field(default=None, compare=False, repr=False)
    # the 0-based sheet cell of cells[0][0], counted from A1: (0, 0) for a grid read from A1, else
    # the place of a window (a puzzle with clues outside its grid); errors name sheet cells
    origin: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def __getitem__(self, rc: tuple[int, int]) -> Value:
        return self.cells[rc[0]][rc[1]]

    def positions(self) -> Iterator[tuple[int, int]]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def error(self, r: int, c: int, message: str) -> InputError:
        """An input error about the 0-based grid cell (r, c)."""
        return InputError(self.sheet, message, (r + 1 + self.origin[0], c + 1 + self.origin[1]))

    def window(self, top: int, left: int, rows: int, cols: int) -> Grid:
        """The rows x cols block of cells from the 0-based cell (top, left): a grid of its own
        whose errors still name the sheet's cells (tile-paint's grid beside its clues)."""
        cells = [row[left : left + cols] for row in self.cells[top : top + rows]]
        at = (self.origin[0] + top, self.origin[1] + left)
        return Grid(self.sheet, cells, self.source, at)

    def number(self, r: int, c: int, low: int, high: int, what: str = "a number") -> int | None:
        """The cell's whole number in [low, high], None if empty, else an InputError."""
        v = self.cells[r][c]
        if v is None:
            return None
        if not isinstance(v, int) or not low <= v <= high:
            raise self.error(
                r, c, f"expected {what} from {low} to {high} or an empty cell, found {quote(v)}"
            )
        return v


def check_unmerged(sheet: Sheet, cells: Iterable[tuple[int, int]]) -> None:
    """An InputError naming the merged range when an answer would go into a hidden cell of one
    (1-based cells): Excel shows only a merged range's top-left cell."""
    for row, col in cells:
        area = sheet.merged_area(row, col)
        if area is not None:
            raise InputError(
                sheet.name,
                f"cells {a1(*area[:2])}:{a1(*area[2:])} are merged, and {a1(row, col)} needs "
                "an answer; unmerge them: each grid cell holds its own value",
                (row, col),
            )


def find_extent(sheet_name: str, used: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The grid's size (rows, cols) from the sentinel, by the seed's rule.

    The sentinel is the cell at (last used row, last used column); the grid is everything above
    and to the left of it. Nothing else may stand in the sentinel's row or column.
    """
    cells = set(used)
    if not cells:
        raise InputError(
            sheet_name,
            "the sheet is empty; type the puzzle from A1 and one character "
            "diagonally below-right of its last cell (the sentinel)",
        )
    last_row = max(r for r, _ in cells)
    last_col = max(c for _, c in cells)
    corner = a1(last_row, last_col)
    if (last_row, last_col) not in cells:
        in_row = sorted(c for r, c in cells if r == last_row)
        in_col = sorted(r for r, c in cells if c == last_col)
        raise InputError(
            sheet_name,
            f"no sentinel: the typed cells reach {corner} (the last used row {last_row} has "
            f"{a1(last_row, in_row[-1])}, the last used column {column_letter(last_col)} has "
            f"{a1(in_col[-1], last_col)}); {_sentinel_goes(last_row, last_col)}; nothing else "
            "goes below or right of the grid",
        )
    strays = sorted(
        (r, c)
        for r, c in cells
        if (r == last_row or c == last_col) and (r, c) != (last_row, last_col)
    )
    if strays:
        more = f" and {len(strays) - 5} more" if len(strays) > 5 else ""
        raise InputError(
            sheet_name,
            f"the sentinel is at {corner}, but its row or column also holds "
            f"{', '.join(a1(*rc) for rc in strays[:5])}{more}; only the sentinel may stand "
            f"there: delete those, or, if {corner} belongs to the grid, "
            f"{_sentinel_goes(last_row, last_col)}",
            strays[0],
        )
    if last_row == 1 or last_col == 1:
        raise InputError(
            sheet_name,
            f"the sentinel leaves no room for a grid above and left of it; if {corner} belongs "
            f"to the grid, {_sentinel_goes(last_row, last_col)}",
            (last_row, last_col),
        )
    return last_row - 1, last_col - 1


def _sentinel_goes(row: int, col: int) -> str:
    """Where the sentinel goes for a grid whose last cell is (row, col), 1-based. The advice
    covers every typed cell (a grid it gives can only be larger than what is typed, never cut
    it), names the grid's size, and says where a larger grid's sentinel goes: one whose last
    rows or columns are empty, which nothing typed can show."""
    return (
        f"type one character (the sentinel) in {a1(row + 1, col + 1)}, below-right of "
        f"{a1(row, col)}, for a {row} x {col} grid ({a1(row + 2, col + 2)} for "
        f"{row + 1} x {col + 1})"
    )


def sentinel_check(sheet: Sheet, rows: int, cols: int) -> None:
    value = normalize(sheet.get(rows + 1, cols + 1))
    if isinstance(value, str) and len(value) > 1:
        raise InputError(
            sheet.name,
            f"the sentinel must be one character, found {quote(value)}; if "
            f"{a1(rows + 1, cols + 1)} belongs to the grid, {_sentinel_goes(rows + 1, cols + 1)}",
            (rows + 1, cols + 1),
        )


def read_grid(sheet: Sheet, ignore: dict[tuple[int, int], object] | None = None) -> Grid:
    """Read the grid of `sheet`. Cells in `ignore` whose value is still the one recorded there
    (an earlier answer) are read as empty, so solving again sees only what the user typed."""
    ignore = ignore or {}
    used = [rc for rc in sheet.used_cells() if not _is_ignored(sheet, rc, ignore)]
    rows, cols = find_extent(sheet.name, used)
    if rows > MAX_GRID_ROWS or cols > MAX_GRID_COLS:  # before the rectangle is read
        raise InputError(
            sheet.name,
            f"the sentinel here makes a grid of {rows} rows by {cols} columns; at most "
            f"{MAX_GRID_ROWS} by {MAX_GRID_COLS} are supported: type the puzzle from A1 and the "
            "sentinel diagonally below-right of its last cell, and clear any cell beyond it",
            (rows + 1, cols + 1),
        )
    sentinel_check(sheet, rows, cols)
    cells: list[list[Value]] = []
    get = sheet.get
    for r in range(1, rows + 1):
        line: list[Value] = []
        for c in range(1, cols + 1):
            value = get(r, c)
            if value is not None:  # most cells of a grid are empty: read as None at once
                value = None if _is_ignored(sheet, (r, c), ignore) else normalize(value)
                check_number_length(sheet.name, value, (r, c))
            line.append(value)
        cells.append(line)
    return Grid(sheet.name, cells, sheet)


def check_number_length(sheet_name: str, value: Value, cell: tuple[int, int]) -> None:
    """An InputError naming the 1-based cell when its value holds a number of more than
    MAX_NUMBER_DIGITS digits (alone or within text): every genre reads the grid's numbers with
    int(), which refuses text of thousands of digits, and no puzzle has such a number."""
    n = long_number(value)
    if n is not None:
        raise InputError(
            sheet_name,
            f"a number of {n:,} digits; no puzzle needs one that long: type a number of at "
            f"most {MAX_NUMBER_DIGITS:,} digits",
            cell,
        )


def _is_ignored(sheet: Sheet, rc: tuple[int, int], ignore: dict[tuple[int, int], object]) -> bool:
    return rc in ignore and normalize(sheet.get(*rc)) == normalize(ignore[rc])
