"""Making puzzle sheets: a genre's layout plus the sentinel, in a new or existing workbook."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font

from solver.blocks.values import Value
from solver.genres import Genre
from solver.io.rooms_sheet import write_rooms
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet, write_new

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
    if base not in existing:
        return base
    k = 2
    while f"{base} ({k})" in existing:
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
