"""Making puzzle sheets: a genre's layout plus the sentinel, in a new or existing workbook.

`add_puzzle_sheet` types a puzzle (from a puzz.link URL) into a new sheet; `add_blank_sheet`
writes a blank one (`solver.io.blank`): the empty grid with a thin grid of lines (and medium
ones around sudoku's boxes and a grid inside clues), square cells, the sentinel, the genre's
help in a text box right of it and, in an .xlsm, the buttons above the text box.

A blank sheet is written by XlsxWriter, which draws text boxes and buttons (openpyxl draws
neither). A new workbook is XlsxWriter's whole; the grid's columns then get `CELL_WIDTH`
through the book's own save (XlsxWriter stores only widths of whole pixels at Excel's digit,
876/256 for 24 pixels, which LibreOffice draws 5.7% wider than `CELL_WIDTH`: see
`solver.io.sheet.answer`). Into an existing workbook the sheet goes as `import`'s does, through
openpyxl and the book's own save, its cells copied from a one-sheet book XlsxWriter wrote and
its drawings attached as that book has them (`solver.io.sheet.patch.Attachment`).
"""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Callable
from copy import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font

from solver.blocks.values import Value
from solver.genres import Genre
from solver.io.blank import Blank
from solver.io.rooms_sheet import write_rooms
from solver.io.sheet.answer import CELL_HEIGHT, CELL_WIDTH, GRID_LINE
from solver.io.sheet.load import load_workbook
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet, write_new
from solver.io.sheet.patch import Attachment

SENTINEL = "E"  # as in the seed's sheet ("範囲読み込みよう文字")


def fill_sheet(ws: Any, cells: list[list[Value]]) -> None:
    """Type a puzzle into an openpyxl worksheet from A1, sentinel included, square-ish cells."""
    rows, cols = len(cells), len(cells[0])
    for r, row in enumerate(cells, start=1):
        for c, v in enumerate(row, start=1):
            cell = ws.cell(r, c)
            cell.value = v
            cell.alignment = Alignment(horizontal="center", vertical="center")
            cell.font = Font(name="Meiryo UI", size=12)
    ws.cell(rows + 1, cols + 1).value = SENTINEL
    ws.cell(rows + 1, cols + 1).font = Font(color="A0A0A0", italic=True)
    for c in range(1, cols + 2):
        ws.column_dimensions[openpyxl.utils.get_column_letter(c)].width = 4.2
    for r in range(1, rows + 2):
        ws.row_dimensions[r].height = 22


def free_sheet_name(existing: list[str], base: str) -> str:
    """`base`, or `base (2)`, `base (3)`...: a name no sheet has (Excel compares sheet names
    regardless of case)."""
    taken = {name.casefold() for name in existing}
    if base.casefold() not in taken:
        return base
    k = 2
    while f"{base} ({k})".casefold() in taken:
        k += 1
    return f"{base} ({k})"


def add_puzzle_sheet(path: Path, genre: Genre, puzzle: Any) -> tuple[OpenpyxlBook, str]:
    """Add the puzzle as a new sheet named after its genre to the workbook at `path` (created
    if missing; an existing workbook keeps all its sheets). Returns the saved book and sheet."""
    if not path.exists():
        if path.suffix.lower() != ".xlsx":
            raise ValueError(f"{path.name}: a new workbook is written as .xlsx")
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = genre.slug
        _add(ws, genre, puzzle)
        data = io.BytesIO()
        wb.save(data)
        write_new(path, data.getvalue())
        return OpenpyxlBook(path), genre.slug
    book = OpenpyxlBook(path)
    name = free_sheet_name(book.wb.sheetnames, genre.slug)
    _add(book.wb.create_sheet(name), genre, puzzle)
    book.save()
    return book, name


def typed_sheet(genre: Genre, puzzle: Any) -> OpenpyxlSheet:
    """The puzzle typed into a sheet of a workbook in memory, as `add_puzzle_sheet` types it:
    for reading it back as a user's sheet is read."""
    ws = openpyxl.Workbook().active
    ws.title = genre.slug
    _add(ws, genre, puzzle)
    return OpenpyxlSheet(ws)


def _add(ws: Any, genre: Genre, puzzle: Any) -> None:
    """Type the puzzle into the worksheet, its rooms as thick borders if it has any."""
    fill_sheet(ws, genre.to_cells(puzzle))
    drawn = genre.drawn_rooms(puzzle)
    if drawn is not None:  # rooms as a person sees them printed: thick borders
        rooms, (top, left) = drawn
        write_rooms(OpenpyxlSheet(ws), rooms, top + 1, left + 1)


# --- blank sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Macros:
    """The Excel side of an .xlsm (`addin.build_workbooks`): the function that puts the buttons
    on an XlsxWriter sheet at a 0-based column (it returns the pixels they take from the top),
    and the VBA project of a new one-sheet book (None when the book has its own)."""

    buttons: Callable[[Any, int], int]
    vba: bytes | None = None


HELP_WIDTH = 440  # pixels: the help's text box
HELP_POINTS = 9  # its font size
WALL = 2  # XlsxWriter's border index of a medium line
THIN = 1


def add_blank_sheet(
    path: Path, blank: Blank, help_text: str, macros: Macros | None = None
) -> tuple[OpenpyxlBook, str]:
    """Write the blank as a new sheet named after its genre into the workbook at `path`
    (created if missing; an existing workbook keeps its sheets, and the new one gets a name no
    sheet has). Returns the saved book and the sheet's name."""
    if not path.exists():
        name = blank.slug
        write_new(path, blank_book(blank, name, help_text, macros))
        book = OpenpyxlBook(path)
    else:
        book = OpenpyxlBook(path)
        name = free_sheet_name(book.wb.sheetnames, blank.slug)
        made = blank_book(blank, name, help_text, macros)
        ws = book.wb.create_sheet(name)
        _copy_sheet(load_workbook(io.BytesIO(made))[name], ws)
        book.attach(name, _drawings(made))
    if blank.square:
        sheet = book.sheet(name)
        for c in range(1, blank.cols + 1):
            sheet.set_column_width(c, CELL_WIDTH)
    book.save()
    return book, name


def blank_book(blank: Blank, name: str, help_text: str, macros: Macros | None) -> bytes:
    """A workbook of one sheet `name` holding the blank, written by XlsxWriter: the help in a
    text box right of the sentinel's column and one empty column (below the buttons, with
    `macros`), the VBA project when `macros` has one."""
    import xlsxwriter

    data = io.BytesIO()
    wb = xlsxwriter.Workbook(data, {"in_memory": True})
    vba = macros.vba if macros is not None else None
    if vba is not None:
        wb.set_vba_name("ThisWorkbook")
        wb.add_vba_project(io.BytesIO(vba), is_stream=True)
    ws = wb.add_worksheet(name)
    if vba is not None:
        ws.set_vba_name("Sheet1")
    _write_blank(wb, ws, blank)
    col = blank.cols + 2  # 0-based: the sentinel's column, an empty one, then the help
    top = macros.buttons(ws, col) + 12 if macros is not None else 4
    ws.insert_textbox(
        0,
        col,
        help_text,
        {
            "width": HELP_WIDTH,
            "height": _help_height(help_text),
            "x_offset": 4,
            "y_offset": top,
            "font": {"size": HELP_POINTS},
            "align": {"vertical": "top"},
            "line": {"color": "#A0A0A0"},
        },
    )
    wb.close()
    return data.getvalue()


def _help_height(text: str) -> int:
    """Pixels a text box of HELP_WIDTH needs for the text at HELP_POINTS (Calibri's average
    letter is 0.45 of its size, a line 1.25 times it; a tenth to spare)."""
    per_line = (HELP_WIDTH - 16) / (HELP_POINTS * 0.45 * 4 / 3)
    lines = sum(max(1, math.ceil(len(line) / per_line)) for line in text.split("\n"))
    return round(lines * HELP_POINTS * 1.25 * 4 / 3 * 1.1) + 16


def _sides(blank: Blank, r: int, c: int) -> dict[str, int]:
    """The lines on a sheet cell's sides (0-based): a medium wall on a side that runs along a
    wall box's outline, else a thin line inside the lined block."""
    found: dict[str, int] = {}
    lined = blank.lined
    if lined is not None:
        top, left, rows, cols = lined
        if top <= r < top + rows and left <= c < left + cols:
            found = dict.fromkeys(("top", "bottom", "left", "right"), THIN)
    for top, left, rows, cols in blank.walls:
        inside_rows, inside_cols = top <= r < top + rows, left <= c < left + cols
        if inside_cols and r in (top, top + rows):  # the box's top edge, or below its bottom
            found["top"] = WALL
        if inside_cols and r in (top - 1, top + rows - 1):
            found["bottom"] = WALL
        if inside_rows and c in (left, left + cols):
            found["left"] = WALL
        if inside_rows and c in (left - 1, left + cols - 1):
            found["right"] = WALL
    return found


def _write_blank(wb: Any, ws: Any, blank: Blank) -> None:
    """The blank's cells into an XlsxWriter sheet: centred in Meiryo UI 12 as `import` types a
    puzzle, their lines, what is typed, the sentinel, and square cells."""
    formats: dict[tuple[tuple[str, int], ...], Any] = {}

    def look(sides: dict[str, int]) -> Any:
        key = tuple(sorted(sides.items()))
        if key not in formats:
            props: dict[str, Any] = {
                "font_name": "Meiryo UI",
                "font_size": 12,
                "align": "center",
                "valign": "vcenter",
            }
            for side, line in sides.items():
                props[side] = line
                if line == THIN:
                    props[f"{side}_color"] = "#" + str(GRID_LINE.color)
            formats[key] = wb.add_format(props)
        return formats[key]

    for r in range(blank.rows):
        for c in range(blank.cols):
            value = blank.typed.get((r, c))
            if value is None:
                ws.write_blank(r, c, None, look(_sides(blank, r, c)))
            else:
                ws.write_string(r, c, value, look(_sides(blank, r, c)))
    sentinel = wb.add_format({"italic": True, "font_color": "#A0A0A0"})
    ws.write_string(blank.rows, blank.cols, SENTINEL, sentinel)
    if blank.square:
        ws.set_column(0, blank.cols - 1, 2.71)  # 24 pixels; CELL_WIDTH comes with the save
        for r in range(blank.rows):
            ws.set_row(r, CELL_HEIGHT)


def _copy_sheet(src: Any, ws: Any) -> None:
    """An openpyxl sheet's cells (values and looks), column widths and row heights into
    another workbook's sheet."""
    for row in src.iter_rows():
        for cell in row:
            if cell.value is None and not cell.has_style:
                continue
            out = ws.cell(cell.row, cell.column, cell.value)
            if cell.has_style:
                out.font, out.fill, out.border = copy(cell.font), copy(cell.fill), copy(cell.border)
                out.alignment, out.number_format = copy(cell.alignment), cell.number_format
    for key, dim in src.column_dimensions.items():
        if dim.width:
            ws.column_dimensions[key].width = dim.width
    for r, dim in src.row_dimensions.items():
        if dim.height:
            ws.row_dimensions[r].height = dim.height


def _drawings(data: bytes) -> list[Attachment]:
    """The drawings of a one-sheet book XlsxWriter wrote: its text boxes (DrawingML) and its
    buttons (VML)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        found = [
            Attachment(element, z.read(part))
            for element, part in (
                ("drawing", "xl/drawings/drawing1.xml"),
                ("legacyDrawing", "xl/drawings/vmlDrawing1.vml"),
            )
            if part in names
        ]
    return found
