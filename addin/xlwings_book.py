"""The `Book` and `Sheet` protocols of `solver.sheet` over a live Excel workbook (xlwings).

This mirrors `solver.sheet.openpyxl_book`, but every call here is a round trip to Excel, so:

- A sheet's values are read once, in bulk, from its used range (`sheet.used_range`), and kept in
  a cache that every `put` through this adapter updates. Cells outside the used range are empty
  by definition, so `get` never goes back to Excel. The cache lives as long as the adapter, i.e.
  one button press, while Excel waits for Python and the user cannot type.
- Styles are read and written per cell, only for the cells an answer touches.

Text is written with Excel's leading apostrophe, so that a string stays a string: without it
Excel would turn the record sheet's colour '404040' or number format '0' into numbers.

Colours: xlwings gives (r, g, b) tuples (or None for "no fill"); the protocol speaks 'RRGGBB'.
Excel reports an automatic font colour as black, and a font colour of None is written back as
black, which looks the same.

This module only uses the objects it is given (duck typing), so it imports without xlwings and
tests drive it with small in-memory fakes of `xw.Book`, `xw.Sheet` and `xw.Range`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from solver.sheet import Style


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


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def excel_value(value: object) -> object:
    """What to assign to `range.value` so that Excel stores `value` as it is."""
    if isinstance(value, str) and value:
        return "'" + value  # Excel keeps the rest as literal text and shows no apostrophe
    return value


class XlwingsSheet:
    def __init__(self, sht: Any) -> None:
        self.sht = sht
        self.name: str = sht.name
        self._cells: dict[tuple[int, int], object] | None = None

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

    def get_style(self, row: int, col: int) -> Style:
        rng = self.sht.range((row, col))
        return Style(
            hex_color(rng.font.color), hex_color(rng.color), str(rng.number_format or "General")
        )

    def set_style(self, row: int, col: int, style: Style) -> None:
        rng = self.sht.range((row, col))
        rng.font.color = f"#{style.font_color}" if style.font_color else (0, 0, 0)
        rng.color = f"#{style.fill_color}" if style.fill_color else None
        rng.number_format = style.number_format or "General"


class XlwingsBook:
    """A live workbook. Nothing is saved here: the user saves in Excel."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self.name: str = book.name
        self._sheets: dict[str, XlwingsSheet] = {}

    def _all_names(self) -> list[str]:
        return [s.name for s in self.book.sheets]

    def sheet_names(self) -> list[str]:
        return [s.name for s in self.book.sheets if s.visible]

    def sheet(self, name: str) -> XlwingsSheet:
        if name not in self._sheets:  # one adapter per sheet, so its cache stays true
            self._sheets[name] = XlwingsSheet(self.book.sheets[name])
        return self._sheets[name]

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
