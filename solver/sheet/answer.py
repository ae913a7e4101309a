"""Putting an answer into a sheet, and taking it out again.

Solving never overwrites a given: it writes values only into empty cells, and may restyle a
given cell (a dark fill on a shaded number) without touching its value. Every cell it touches is
recorded, with the cell's previous look, in a hidden bookkeeping sheet of the workbook. That
record is what lets solving again ignore an earlier answer, and lets clearing remove exactly what
solving wrote: a recorded cell whose value the user has since changed is the user's and is left
alone.

Lines on cell edges (slitherlink's loop) are drawn as cell borders: `CellWrite.borders` names the
sides, each gets `ANSWER_BORDER`. The record keeps what those sides showed before, and clearing
puts it back (a user's own thin grid lines return), except on a side that no longer shows the
answer's line: the user has redrawn it, and it is theirs.

Record sheet columns: sheet, cell address, the value written (empty for a restyle only), the
previous font colour, fill colour and number format, and the previous borders of the sides
drawn (`solver.sheet.borders_text`; empty when no side was drawn, as in records written before
borders were recorded).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.sheet import (
    Book,
    Border,
    InputError,
    Sheet,
    Style,
    a1,
    borders_text,
    normalize,
    parse_borders_text,
)

RECORD_SHEET = "puzzle-solver"
ANSWER_FONT = "1F4FC8"  # answers in blue, givens keep their own colour
SHADE_FILL = "404040"
SHADE_FONT = "FFFFFF"
SHADE_GLYPH = "■"
ANSWER_BORDER = Border("medium", ANSWER_FONT)  # a line the answer draws on a cell's side
COLUMNS = 7  # of the record sheet, see the module docstring


@dataclass(frozen=True)
class CellWrite:
    """One cell of an answer, 0-based in the grid. value None keeps what the cell holds."""

    row: int
    col: int
    value: int | str | None = None
    shade: bool = False
    number_format: str | None = None
    borders: str = ""  # sides ('T', 'B', 'L', 'R') to draw the answer's line on


def _parse_a1(address: str) -> tuple[int, int]:
    letters = "".join(ch for ch in address if ch.isalpha())
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch.upper()) - 64
    return int(address[len(letters) :]), col


def _records(book: Book, sheet_name: str) -> tuple[Sheet | None, list[tuple[int, list[object]]]]:
    rec = book.hidden_sheet(RECORD_SHEET, create=False)
    if rec is None:
        return None, []
    found = []
    for r in sorted({r for r, _ in rec.used_cells()}):
        line = [rec.get(r, c) for c in range(1, COLUMNS + 1)]
        if line[0] == sheet_name:
            found.append((r, line))
    return rec, found


def recorded_answer(book: Book, sheet_name: str) -> dict[tuple[int, int], object]:
    """Cells (1-based) holding a value that solving wrote, with that value."""
    _, found = _records(book, sheet_name)
    return {_parse_a1(str(line[1])): line[2] for _, line in found if line[2] is not None}


def clear_answer(book: Book, sheet_name: str, keep_record_sheet: bool = False) -> int:
    """Undo what solving wrote on the sheet; returns the number of cells restored. The record
    sheet goes when nothing is left in it (unless `keep_record_sheet`, for a new answer)."""
    rec, found = _records(book, sheet_name)
    if rec is None or not found:
        return 0
    sheet = book.sheet(sheet_name)
    restored = 0
    for _, (_, address, written, font, fill, fmt, sides) in found:
        row, col = _parse_a1(str(address))
        current = normalize(sheet.get(row, col))
        if written is not None and current != normalize(written):
            continue  # the user typed over our answer: it is theirs now
        if written is not None:
            sheet.put(row, col, None)
        borders = None
        if sides:
            now = sheet.get_style(row, col, borders=True).borders
            assert now is not None
            before = parse_borders_text(str(sides))
            # a side that no longer shows our line was redrawn by the user: leave it
            borders = now.with_sides(
                {s: b for s, b in before.items() if now.side(s) == ANSWER_BORDER}
            )
        sheet.set_style(row, col, Style(font or None, fill or None, str(fmt or "General"), borders))
        restored += 1
    for r, _ in found:
        for c in range(1, COLUMNS + 1):
            rec.put(r, c, None)
    _compact(rec)
    if not keep_record_sheet and not any(True for _ in rec.used_cells()):
        book.remove_hidden_sheet(RECORD_SHEET)  # the workbook is as it was before solving
    return restored


def _compact(rec: Sheet) -> None:
    rows: dict[int, list[object]] = {}
    for r, c in rec.used_cells():
        rows.setdefault(r, [None] * COLUMNS)[c - 1] = rec.get(r, c)
    for r in rows:
        for c in range(1, COLUMNS + 1):
            rec.put(r, c, None)
    for i, r in enumerate(sorted(rows), start=1):
        for c, v in enumerate(rows[r], start=1):
            rec.put(i, c, v)


def write_answer(book: Book, sheet_name: str, writes: list[CellWrite]) -> None:
    """Clear any earlier answer, then write this one and record what was written."""
    for w in writes:
        if not set(w.borders) <= set("TBLR"):
            raise ValueError(f"CellWrite.borders takes sides T, B, L, R, not {w.borders!r}")
    clear_answer(book, sheet_name, keep_record_sheet=True)
    sheet = book.sheet(sheet_name)
    rec = book.hidden_sheet(RECORD_SHEET, create=True)
    assert rec is not None
    next_row = max((r for r, _ in rec.used_cells()), default=0) + 1
    # every cell's look before any of it changes: in Excel a border between two cells may read
    # as both cells' side, so drawing one cell's side first could be taken for its neighbour's
    olds = {
        (w.row, w.col): sheet.get_style(w.row + 1, w.col + 1, borders=bool(w.borders))
        for w in writes
    }
    for w in writes:
        row, col = w.row + 1, w.col + 1
        current = normalize(sheet.get(row, col))
        value = w.value
        if value is not None and current is not None:
            if current == normalize(value):
                value = None  # the given already says it
            else:
                raise InputError(
                    sheet_name,
                    f"answer {value!r} would overwrite the given "
                    f"{current!r}; givens are never overwritten",
                    (row, col),
                )
        if w.shade and value is None and current is None:
            value = SHADE_GLYPH
        old = olds[w.row, w.col]
        borders, drawn = None, None
        if w.borders:
            assert old.borders is not None
            sides = set(w.borders)
            drawn = borders_text({s: old.borders.side(s) for s in sides})
            borders = old.borders.with_sides({s: ANSWER_BORDER for s in sides})
        fmt = w.number_format or old.number_format
        if w.shade:
            new = Style(SHADE_FONT, SHADE_FILL, fmt, borders)
        elif value is not None:
            new = Style(ANSWER_FONT, old.fill_color, fmt, borders)
        elif w.number_format or w.borders:
            new = Style(old.font_color, old.fill_color, fmt, borders)
        else:
            continue
        line = [
            sheet_name,
            a1(row, col),
            value,
            old.font_color,
            old.fill_color,
            old.number_format,
            drawn,
        ]
        for c, v in enumerate(line, start=1):
            rec.put(next_row, c, v)
        next_row += 1
        if value is not None:
            sheet.put(row, col, value)
        sheet.set_style(row, col, new)
