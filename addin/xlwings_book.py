"""The `Book` and `Sheet` protocols of `solver.io.sheet` over a live Excel workbook (xlwings).

This mirrors `solver.io.sheet.openpyxl_book`, but every call here is a round trip to Excel, so:

- A sheet's values are read once, in bulk, from its used range (`sheet.used_range`), and kept in
  a cache that every `put` through this adapter updates. Cells outside the used range are empty
  by definition, so `get` never goes back to Excel. The cache lives as long as the adapter, i.e.
  one button press, while Excel waits for Python and the user cannot type.
- Styles are read and written per cell, only for the cells an answer touches.

Text is written with Excel's leading apostrophe, so that a string stays a string: without it
Excel would turn the record sheet's colour '404040' or number format '0' into numbers.

Colours: xlwings gives (r, g, b) tuples (or None for "no fill"); the protocol speaks 'RRGGBB',
or 'theme:1[:tint]' for a colour of the workbook's theme (`solver.io.sheet.theme_text`). Excel
reports an automatic font colour as black, and a font colour of None is written back as black,
which looks the same. Theme colours go through Excel's object model (`ThemeColor`,
`TintAndShade` of `range.api.Font`, `.Interior` and a border), on Windows only, like borders
below: a themed font or fill then comes back after Clear as it was. Elsewhere (macOS) a theme
colour reads as its RGB, and one recorded by batch mode is written back as black (a font) or no
fill.

Borders (the lines an answer draws on cell edges, e.g. slitherlink's loop) go through Excel's
own object model, `range.api.Borders(edge)` with xlEdgeLeft=7, xlEdgeTop=8, xlEdgeBottom=9,
xlEdgeRight=10, reading and writing LineStyle, Weight and Color/ColorIndex. That is the Windows
(COM) `api`; on macOS `range.api` is an AppleScript reference with other names, so there this
module neither reads nor draws borders: a loop genre's answer then shows no lines (solve on
Windows or with the CLI). A side is only written when it differs from what was read, so the
user's other lines are never rewritten.

This module only uses the objects it is given (duck typing), so it imports without xlwings and
tests drive it with small in-memory fakes of `xw.Book`, `xw.Sheet` and `xw.Range`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from solver.io.sheet import (
    SIDES,
    Border,
    Borders,
    Face,
    Style,
    file_width,
    parse_theme,
    shown_width,
    theme_text,
)

# Excel's constants (XlBordersIndex, XlLineStyle, XlBorderWeight, XlColorIndex)
XL_EDGES = {"L": 7, "T": 8, "B": 9, "R": 10}
XL_LINE_NONE = -4142
XL_COLOR_AUTOMATIC = -4105
CONTINUOUS, DASH, DASH_DOT, DASH_DOT_DOT, DOT, DOUBLE, SLANT = 1, -4115, 4, 5, -4118, -4119, 13
HAIRLINE, THIN, MEDIUM, THICK = 1, 2, -4138, 4
# OOXML border style name -> (LineStyle, Weight)
LINE_STYLES = {
    "thin": (CONTINUOUS, THIN),
    "hair": (CONTINUOUS, HAIRLINE),
    "medium": (CONTINUOUS, MEDIUM),
    "thick": (CONTINUOUS, THICK),
    "dotted": (DOT, THIN),
    "dashed": (DASH, THIN),
    "mediumDashed": (DASH, MEDIUM),
    "dashDot": (DASH_DOT, THIN),
    "mediumDashDot": (DASH_DOT, MEDIUM),
    "dashDotDot": (DASH_DOT_DOT, THIN),
    "mediumDashDotDot": (DASH_DOT_DOT, MEDIUM),
    "slantDashDot": (SLANT, MEDIUM),
    "double": (DOUBLE, THICK),
}
STYLE_NAMES = {pair: name for name, pair in LINE_STYLES.items()}
# XlHAlign and XlVAlign -> the OOXML names (None: Excel's default, general and bottom)
XL_HORIZONTAL = {
    1: None,
    -4131: "left",
    -4108: "center",
    -4152: "right",
    5: "fill",
    -4130: "justify",
    7: "centerContinuous",
    -4117: "distributed",
}
XL_VERTICAL = {-4160: "top", -4108: "center", -4107: None, -4130: "justify", -4117: "distributed"}
XL_HORIZONTAL_OF = {name: xl for xl, name in XL_HORIZONTAL.items()}
XL_VERTICAL_OF = {name: xl for xl, name in XL_VERTICAL.items()}
STANDARD_WIDTH, STANDARD_HEIGHT = 8.43, 15.0  # Excel's defaults, where the sheet does not say
# a theme colour's index in OOXML files -> Excel's XlThemeColor (files put light before dark)
XL_THEME = {0: 2, 1: 1, 2: 4, 3: 3, **{i: i + 1 for i in range(4, 12)}}
OOXML_THEME = {xl: i for i, xl in XL_THEME.items()}


def hex_color(color: object) -> str | None:
    """An xlwings colour ((r, g, b), '#rrggbb', or Excel's BGR integer) as 'RRGGBB'."""
    if color is None:
        return None
    if isinstance(color, tuple | list) and len(color) == 3:
        r, g, b = (int(v) for v in color)
        return f"{r:02X}{g:02X}{b:02X}"
    if isinstance(color, str):
        text = color.strip().lstrip("#").upper()
        return text[-6:] if len(text) >= 6 else None
    if isinstance(color, int) and not isinstance(color, bool):
        return f"{color & 0xFF:02X}{(color >> 8) & 0xFF:02X}{(color >> 16) & 0xFF:02X}"
    return None


def bgr(color: str) -> int:
    """'RRGGBB' as Excel's BGR integer (what `Border.Color` takes)."""
    r, g, b = int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)
    return r | g << 8 | b << 16


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def excel_value(value: object) -> object:
    """What to assign to `range.value` so that Excel stores `value` as it is."""
    if isinstance(value, str) and value:
        return "'" + value  # Excel keeps the rest as literal text and shows no apostrophe
    return value


def read_theme(api: Any, part: str) -> str | None:
    """The theme colour of a Range's Font or Interior (`part`), None when its colour is not one
    of the theme's (or Excel does not say)."""
    try:
        obj = getattr(api, part)
        index, tint = int(obj.ThemeColor), float(obj.TintAndShade or 0.0)
    except Exception:  # Excel raises for a colour that is not the theme's; fakes lack it
        return None
    return theme_text(OOXML_THEME[index], tint) if index in OOXML_THEME else None


def write_theme(obj: Any, color: str) -> None:
    """Give an Excel Font, Interior or Border object a theme colour 'theme:N[:tint]'."""
    theme = parse_theme(color)
    assert theme is not None
    obj.ThemeColor = XL_THEME.get(theme[0], 1)
    obj.TintAndShade = theme[1]


def _read_side(edge: Any) -> Border | None:
    line_style = int(edge.LineStyle)
    if line_style == XL_LINE_NONE:
        return None
    weight = int(edge.Weight)
    name = STYLE_NAMES.get((line_style, weight))  # else an odd pairing: keep the pattern
    name = name or next((n for (ls, _), n in STYLE_NAMES.items() if ls == line_style), "thin")
    color = None if int(edge.ColorIndex) == XL_COLOR_AUTOMATIC else hex_color(int(edge.Color))
    return Border(name, color)


def _write_side(edge: Any, border: Border | None) -> None:
    if border is None:
        edge.LineStyle = XL_LINE_NONE
        return
    line_style, weight = LINE_STYLES.get(border.style, LINE_STYLES["thin"])
    edge.LineStyle = line_style
    edge.Weight = weight
    if parse_theme(border.color):
        write_theme(edge, border.color)  # type: ignore[arg-type]
    elif border.color:
        edge.Color = bgr(border.color)
    else:
        edge.ColorIndex = XL_COLOR_AUTOMATIC


class XlwingsSheet:
    def __init__(self, sht: Any, borders: bool | None = None) -> None:
        """borders: read and draw cell borders (default: on Windows, see the module docstring)."""
        self.sht = sht
        self.name: str = sht.name
        self._cells: dict[tuple[int, int], object] | None = None
        self.borders = sys.platform == "win32" if borders is None else borders
        self._borders: dict[tuple[int, int], Borders] = {}  # as last read or written
        self._merges: bool | None = None  # whether any cell is merged; None: not asked yet
        self._looks: dict[tuple[int, int], Style] = {}  # colours and format, as last read

    @property
    def reads_borders(self) -> bool:
        """Whether this sheet sees cell borders (rooms drawn as thick borders need them)."""
        return self.borders

    def _load(self) -> dict[tuple[int, int], object]:
        if self._cells is None:
            rng = self.sht.used_range
            top, left = rng.row, rng.column
            values = rng.options(ndim=2).value or []
            self._cells = {
                (top + i, left + j): v
                for i, line in enumerate(values)
                for j, v in enumerate(line)
                if not _blank(v)
            }
        return self._cells

    def used_cells(self) -> Iterator[tuple[int, int]]:
        yield from list(self._load())

    def get(self, row: int, col: int) -> object:
        return self._load().get((row, col))

    def put(self, row: int, col: int, value: object) -> None:
        cells = self._load()
        self.sht.range((row, col)).value = excel_value(value)
        if _blank(value):
            cells.pop((row, col), None)
        else:
            cells[(row, col)] = value

    def put_rows(self, row: int, lines: list[list[object]]) -> None:
        """One write of the whole block (xlwings spreads a nested list from its first cell):
        one call to Excel, not one for each cell."""
        if not lines:
            return
        cells, width = self._load(), max(len(line) for line in lines)
        block = [[excel_value(v) for v in line] + [None] * (width - len(line)) for line in lines]
        self.sht.range((row, 1)).value = block
        for r, line in enumerate(lines, start=row):
            cells.update({(r, c): v for c, v in enumerate(line, start=1) if not _blank(v)})

    def merged_area(self, row: int, col: int) -> tuple[int, int, int, int] | None:
        if self._merges is None:  # one call: False when no cell of the sheet is merged
            self._merges = self.sht.used_range.merge_cells is not False
        if not self._merges:
            return None
        rng = self.sht.range((row, col))
        if not rng.merge_cells:
            return None
        area = rng.merge_area
        if (area.row, area.column) == (row, col):
            return None
        last = area.last_cell
        return area.row, area.column, last.row, last.column

    def _edges(self, rng: Any) -> Any | None:
        """Excel's `Range.Borders` collection, or None where borders are not handled."""
        api = getattr(rng, "api", None) if self.borders else None
        return None if api is None else api.Borders

    def _read_borders(self, row: int, col: int, rng: Any) -> Borders:
        edges = self._edges(rng)
        if edges is None:
            return Borders()
        found = Borders().with_sides({s: _read_side(edges(XL_EDGES[s])) for s in SIDES})
        self._borders[row, col] = found
        return found

    def _api(self, rng: Any) -> Any | None:
        """Excel's own Range object where it is used (Windows, see the module docstring)."""
        return getattr(rng, "api", None) if self.borders else None

    def get_style(self, row: int, col: int, borders: bool = False, face: bool = False) -> Style:
        rng = self.sht.range((row, col))
        api = self._api(rng)
        font = read_theme(api, "Font") if api is not None else None
        fill = hex_color(rng.color)
        if fill is not None and api is not None:
            fill = read_theme(api, "Interior") or fill
        look = Style(font or hex_color(rng.font.color), fill, str(rng.number_format or "General"))
        self._looks[row, col] = look
        return replace(
            look,
            borders=self._read_borders(row, col, rng) if borders else None,
            face=self._read_face(rng, api) if face else None,
        )

    def _read_face(self, rng: Any, api: Any | None) -> Face:
        """The font from xlwings; the alignment through Excel's object model (Windows)."""
        size = rng.font.size
        horizontal = vertical = None
        if api is not None:
            horizontal = XL_HORIZONTAL.get(int(api.HorizontalAlignment))
            vertical = XL_VERTICAL.get(int(api.VerticalAlignment))
        return Face(rng.font.name, None if size is None else float(size), horizontal, vertical)

    def set_style(self, row: int, col: int, style: Style) -> None:
        """Writes what differs from the look last read (a fill pattern, which the protocol
        does not read, then stays), everything when the cell was not read."""
        rng = self.sht.range((row, col))
        api = self._api(rng)
        now = self._looks.pop((row, col), None)
        font, fill = style.font_color, style.fill_color
        if now is None or now.font_color != font:
            if parse_theme(font) and api is not None:
                write_theme(api.Font, font)  # type: ignore[arg-type]
            else:
                rng.font.color = f"#{font}" if font and not parse_theme(font) else (0, 0, 0)
        if now is None or now.fill_color != fill:
            if parse_theme(fill) and api is not None:
                write_theme(api.Interior, fill)  # type: ignore[arg-type]
            else:
                rng.color = f"#{fill}" if fill and not parse_theme(fill) else None
        if now is None or now.number_format != style.number_format:
            rng.number_format = style.number_format or "General"
        edges = self._edges(rng) if style.borders is not None else None
        if edges is not None and style.borders is not None:
            now = self._borders.get((row, col)) or self._read_borders(row, col, rng)
            for s in SIDES:
                if style.borders.side(s) != now.side(s):
                    _write_side(edges(XL_EDGES[s]), style.borders.side(s))
            self._borders[row, col] = style.borders
        if style.face is not None:
            rng.font.name = style.face.name
            rng.font.size = style.face.size
            if api is not None:
                api.HorizontalAlignment = XL_HORIZONTAL_OF.get(style.face.horizontal, 1)
                api.VerticalAlignment = XL_VERTICAL_OF.get(style.face.vertical, -4107)

    def _standard(self, name: str, default: float) -> float:
        try:
            return float(getattr(self.sht.api, name))
        except Exception:  # macOS's api, or a fake
            return default

    def column_width(self, col: int) -> float | None:
        return file_width(float(self.sht.range((1, col)).column_width))

    def set_column_width(self, col: int, width: float | None) -> None:
        chars = shown_width(width) if width is not None else None
        self.sht.range((1, col)).column_width = (
            chars if chars is not None else self._standard("StandardWidth", STANDARD_WIDTH)
        )

    def row_height(self, row: int) -> float | None:
        return float(self.sht.range((row, 1)).row_height)

    def set_row_height(self, row: int, height: float | None) -> None:
        self.sht.range((row, 1)).row_height = (
            height if height is not None else self._standard("StandardHeight", STANDARD_HEIGHT)
        )


class XlwingsBook:
    """A live workbook. Nothing is saved here: the user saves in Excel."""

    def __init__(self, book: Any, borders: bool | None = None) -> None:
        self.book = book
        self.name: str = book.name
        self.borders = borders  # see XlwingsSheet
        self._sheets: dict[str, XlwingsSheet] = {}

    def _all_names(self) -> list[str]:
        return [s.name for s in self.book.sheets]

    def sheet_names(self) -> list[str]:
        return [s.name for s in self.book.sheets if s.visible]

    def sheet(self, name: str) -> XlwingsSheet:
        if name not in self._sheets:  # one adapter per sheet, so its cache stays true
            self._sheets[name] = XlwingsSheet(self.book.sheets[name], self.borders)
        return self._sheets[name]

    def remove_hidden_sheet(self, name: str) -> None:
        if name not in self._all_names():
            return
        sht = self.book.sheets[name]
        if sht.visible:
            return
        sht.delete()
        self._sheets.pop(name, None)

    def hidden_sheet(self, name: str, create: bool) -> XlwingsSheet | None:
        if name in self._all_names():
            return self.sheet(name)
        if not create:
            return None
        sheets = self.book.sheets
        active = sheets.active
        sht = sheets.add(name, after=sheets[len(sheets) - 1])
        active.activate()  # adding a sheet activates it; the user stays where they were
        sht.visible = False
        return self.sheet(name)
