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
previous font colour, fill colour ('RRGGBB', or a theme colour 'theme:1[:tint]') and number
format, the previous borders of the sides drawn (`solver.io.sheet.borders_text`; empty when no
side was drawn), what wrote it: empty for an answer or a hint, `check` for the marks Check puts
on the cells of a broken rule (so that checking again takes only its own marks away), and the
previous face (font and alignment, `solver.io.sheet.face_text`) of a cell solving set in
`LINE_FACE` (empty otherwise). A column or row that solving made square (`square_cells`), or a
column it widened to show an answer written through number formats in full (`A16×=4`), has a
row of its own: its address is the whole column or row ('C:C', '3:3'), the font colour's column
holds its size before (empty for the default) and the fill's column a widened column's new
width; clearing gives the size back unless the user resized it since. Clearing undoes the
records latest first, so a cell marked after it was answered gets its look from before the
answer back. The sheet is removed when clearing leaves nothing in it.

A shaded cell that solving fills holds `■` in the fill's own colour: it shows as a plain dark
square, and the glyph is what tells an earlier answer when solving again.

A grid whose cells solving makes square also gets a thin grid (`GRID_LINE`) on every edge
between its cells, and around it, that shows no line on either side: Excel and LibreOffice
print and export a sheet without its grid lines, and an answer needs its cells to be read. An
edge is drawn once, as the top or left side of the cell below or right of it (the bottom or
right side on the grid's last row or column), and recorded as the kind `GRID`, a row of the
record sheet for each run of cells of a grid row that got the same sides (`B3:AX3`): clearing
takes off the sides that still show `GRID_LINE` and touches nothing else of the cell. A side that
shows any line (the user's rooms, the answer's loop) is never drawn over. Readers take a thin
line for the grid, never a wall or a drawn answer (`solver.io.rooms_sheet`,
`solver.io.drawn_lines`).

Cell sizes. A row's height is stored in points, and both programs draw it so: 18 pt is 24
pixels at 96 dpi. A column's width is stored in characters of the workbook's standard font
(the Normal style's: Calibri 11 in the samples and in Excel's books up to 2023), margins
included, and the two programs turn it into a length differently:
- Excel (ECMA-376 part 1, 18.3.1.13): pixels = trunc((256 w + trunc(128 / d)) / 256 * d), with
  d the standard font's widest digit in whole pixels, 7 for Calibri 11 at 96 dpi: every width
  from 860/256 to 896/256 (3.36 to 3.50) is 24 pixels, which Format > Column Width shows as
  2.71, and which Excel itself stores as 876/256 = 3.421875 (`solver.io.sheet.file_width`).
- LibreOffice (7.4, measured on its PDF export of a 9 x 9 grid, the cells' centres from
  `pdftotext -bbox`): length = w times the standard font's digit as LibreOffice draws it, not
  rounded to pixels: `LIBREOFFICE_DIGIT_PT`, 5.549 pt (7.40 px) for Calibri 11, drawn as its
  metric twin Carlito, so every column is 5.7% wider than in Excel: 3.421875 is 18.99 pt
  beside 18 pt rows (aspect 1.055). A machine without Carlito (Debian's
  fonts-crosextra-carlito) draws Calibri, and any other font it lacks, as DejaVu Sans, whose
  digit is 6.99 pt: 23.9 pt, an aspect of 4:3, for any width written.
- `CELL_WIDTH` = 865/256 = 3.3789 (`square_width`): Excel 24.14, so 24 pixels, beside 24 pixel
  rows: square; LibreOffice with Carlito 18.74 pt beside 18 pt: aspect 1.041 (measured).
  A workbook with another standard font gets columns in proportion to that font's digit, in
  Excel and in LibreOffice. The Excel buttons set widths through Excel (`ColumnWidth` 2.71),
  which stores its own 3.421875: such a book shows LibreOffice aspect 1.055.

The record sheet is hidden, not locked: someone may edit it. A damaged row never stops a solve
or a clear: one without a usable cell address is skipped (and dropped at the next write), a look
that no longer reads as one is restored as the automatic colour, no fill, General. An answer
whose record was lost then reads as a given; when a genre refuses it, the message says it looks
like an earlier answer that the record sheet does not know (`explain_stray_answer`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.blocks.names import a1, column_letter, quote
from solver.blocks.values import normalize
from solver.io.sheet import (
    DIGIT_PX,
    SIDES,
    Book,
    Border,
    Borders,
    Face,
    InputError,
    Sheet,
    Style,
    borders_text,
    check_color,
    face_text,
    is_dark,
    parse_borders_text,
    parse_face_text,
    width_px,
)

RECORD_SHEET = "puzzle-solver"
ANSWER_FONT = "1F4FC8"  # answers in blue, givens keep their own colour
SHADE_FILL = "404040"
SHADE_FONT = "FFFFFF"  # a given in a shaded cell; the `■` that solving writes is SHADE_FILL
SHADE_GLYPH = "■"
MARK_FONT, MARK_FILL = "9C0006", "FFC7CE"  # Check's marks: Excel's "Bad" cell style
MARK_DARK_FILL = "C00000"  # ... on a shaded cell, which must still read as shaded
CHECK = "check"  # the record kind of Check's marks
ANSWER_BORDER = Border("medium", ANSWER_FONT)  # a line the answer draws on a cell's side
COLUMNS = 9  # of the record sheet, see the module docstring
FACE_COLUMN = 9  # the face (font, alignment) a cell had before solving set LINE_FACE

# A solved grid's cells are squares of 24 x 24 pixels in Excel (`square_width`, and the module
# docstring's "Cell sizes"), and line glyphs are set in a monospaced font a little taller than
# the row, centred: a vertical stroke then runs from the cell's top to its bottom (the row cuts
# off the rest), and a number format puts strokes beside a horizontal arm (`"─"@" "` for `┐`)
# that reach the cell's sides (the neighbour cuts off the rest). Consolas comes with Windows and
# Office for Mac; LibreOffice draws it as DejaVu Sans Mono.
CELL_HEIGHT = 18.0  # points: 24 pixels at 96 dpi
LINE_FACE = Face("Consolas", 20.0, "center", "center")
LINE_GLYPHS = frozenset("─│┌┐└┘┼═║╴╶╵╷")
LIBREOFFICE_DIGIT_PT = 5.549  # a digit of Calibri 11 as LibreOffice draws it (Carlito), measured
GRID_LINE = Border("thin", "808080")  # the thin grid solving draws where a side has no line
GRID = "grid"  # the record kind of the grid's lines


def square_width(height: float, margin: float = 1 / 8) -> float:
    """The column width, as a file stores it, that Excel draws as many pixels wide as a row of
    `height` points is high: the narrowest such width, plus `margin` of a pixel so that no
    rounding in Excel's arithmetic takes a pixel off. The narrowest, because LibreOffice draws
    every column 5.7% wider than Excel does (see the module docstring's "Cell sizes")."""
    px = round(height * 4 / 3)
    return (math.ceil((px + margin) * 256 / DIGIT_PX) - math.trunc(128 / DIGIT_PX)) / 256


CELL_WIDTH = square_width(CELL_HEIGHT)  # 865/256 = 3.3789: 24 px in Excel, shown as 2.71
_LEFT = {"─": "─", "┐": "─", "┘": "─", "┼": "─", "╴": "─", "═": "═"}  # glyph -> its left arm
_RIGHT = {"─": "─", "┌": "─", "└": "─", "┼": "─", "╶": "─", "═": "═"}


def line_format(glyph: str, given: bool = False) -> str | None:
    """The number format that draws a line glyph's horizontal arms out to the cell's sides
    (None for a glyph without one, as `│`). For a `given` the line passes through, `glyph`
    names the sides ('LR', 'UL'...) and is text (a number too wide for its cell would show
    as ###, where text is cut off at the cell's sides)."""
    if given:
        left = "─" if "L" in glyph else None
        right = "─" if "R" in glyph else None
    else:
        left, right = _LEFT.get(glyph), _RIGHT.get(glyph)
    if left is None and right is None:
        return None
    return f'"{left or " "}"@"{right or " "}"'


@dataclass(frozen=True)
class CellWrite:
    """One cell of an answer, 0-based in the grid. value None keeps what the cell holds."""

    row: int
    col: int
    value: int | str | None = None
    shade: bool = False
    number_format: str | None = None
    borders: str = ""  # sides ('T', 'B', 'L', 'R') to draw the answer's line on
    mark: bool = False  # Check's mark on a cell of a broken rule (a red fill, value kept)
    through: str = ""  # sides ('U', 'D', 'L', 'R') of the line through a given cell
    unfill: bool = False  # take off the cell's fill: a dark fill the user left, which would
    # read as shaded where the answer is not (a light font that showed on it becomes automatic)


MAX_ROW, MAX_COL = 1_048_576, 16_384  # Excel's sheet
_ADDRESS = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]{1,7})")
_COLUMN = re.compile(r"\$?([A-Z]{1,3}):\$?\1")
_ROW = re.compile(r"\$?([0-9]{1,7}):\$?\1")
_RUN = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]{1,7}):\$?([A-Z]{1,3})\$?\2")  # B3:AX3


def _column_number(letters: str) -> int:
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - 64
    return col


def _parse_a1(address: object) -> tuple[int, int] | None:
    """(row, col) of an A1 address inside Excel's sheet; None for anything else."""
    m = _ADDRESS.fullmatch(address.strip().upper()) if isinstance(address, str) else None
    if m is None:
        return None
    col, row = _column_number(m.group(1)), int(m.group(2))
    return (row, col) if 1 <= row <= MAX_ROW and 1 <= col <= MAX_COL else None


def _parse_line(address: object) -> tuple[str, int] | None:
    """('col', 3) for a whole column's address 'C:C', ('row', 3) for '3:3'; else None."""
    text = address.strip().upper() if isinstance(address, str) else ""
    if m := _COLUMN.fullmatch(text):
        col = _column_number(m.group(1))
        return ("col", col) if 1 <= col <= MAX_COL else None
    if m := _ROW.fullmatch(text):
        row = int(m.group(1))
        return ("row", row) if 1 <= row <= MAX_ROW else None
    return None


@dataclass(frozen=True)
class Record:
    """One row of the record sheet: a cell solving touched, and how it looked before."""

    row: int  # in the record sheet
    cell: tuple[int, int]  # 1-based, in the puzzle sheet
    written: object  # the value written; None for a restyle only
    before: Style  # the cell's look before (its borders: `sides`; its face, if solving set one)
    sides: dict[str, Border | None]  # the lines before on the sides the answer drew
    kind: str = ""  # '' for an answer or a hint, CHECK for a mark


@dataclass(frozen=True)
class SizeRecord:
    """A row of the record sheet for a column or row that solving resized (address 'C:C' or
    '3:3'), with its size before in the font colour's column (empty: the default size) and,
    for a column widened to show its texts, the width solving gave it in the fill's column
    (empty: a square cell's)."""

    row: int  # in the record sheet
    line: tuple[str, int]  # ('col', 3) or ('row', 3), 1-based
    before: float | None
    kind: str = ""  # an answer's (Check and hints never resize)
    after: float | None = None


def _size_record(r: int, line: list[object]) -> SizeRecord | None:
    where = _parse_line(line[1])
    if where is None:
        return None
    size, after = line[3], line[4] if len(line) > 4 else None
    ok = isinstance(size, int | float) and not isinstance(size, bool) and 0 < size <= 409
    widened = isinstance(after, int | float) and not isinstance(after, bool) and 0 < after <= 255
    return SizeRecord(
        r,
        where,  # type: ignore[arg-type]
        float(size) if ok else None,
        after=float(after) if widened else None,  # type: ignore[arg-type]
    )


def _record(r: int, line: list[object]) -> Record | None:
    """A record sheet row as a Record, None if it is damaged beyond use (no cell address).

    The record sheet is hidden but not locked: someone may have edited it. A look that no
    longer reads as one (a colour, a number format, the borders) is taken as the automatic
    colour, no fill, General, or no lines restored: the answer still comes off the sheet."""
    _, address, written, font, fill, fmt, sides, *rest = line
    kind = rest[0] if rest and isinstance(rest[0], str) else ""
    face = rest[1] if len(rest) > 1 else None
    cell = _parse_a1(address)
    if cell is None:
        return None
    if isinstance(fmt, int | float) and not isinstance(fmt, bool):
        fmt = str(fmt)  # a number format such as 0 that a spreadsheet took for a number
    try:
        drawn = parse_borders_text(sides) if isinstance(sides, str) else {}
    except ValueError:
        drawn = {s: None for s in SIDES}  # unknown: at least take our own lines away
    try:
        before = parse_face_text(face) if isinstance(face, str) and face else None
    except ValueError:
        before = Face()  # unknown: at least take our font away
    return Record(
        r,
        cell,
        written,
        Style(
            _color(font),
            _color(fill),
            fmt if isinstance(fmt, str) and fmt else "General",
            face=before,
        ),
        drawn,
        kind,
    )


def _color(value: object) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 999_999:
        value = f"{value:06d}"  # a colour such as 404040 that a spreadsheet took for a number
    return check_color(value)


def _records(
    book: Book, sheet_name: str
) -> tuple[Sheet | None, list[Record | SizeRecord], list[int]]:
    """The record sheet, the sheet's usable records, and the rows of its damaged ones."""
    rec = book.hidden_sheet(RECORD_SHEET, create=False)
    if rec is None:
        return None, [], []
    found, damaged = [], []
    for r in sorted({r for r, _ in rec.used_cells()}):
        line = [rec.get(r, c) for c in range(1, COLUMNS + 1)]
        if line[0] != sheet_name:
            continue
        record = _size_record(r, line) or _record(r, line)
        if record is not None:
            found.append(record)
        elif run := _grid_run(r, line):
            found.extend(run)
        else:
            damaged.append(r)
    return rec, found, damaged


def _grid_run(r: int, line: list[object]) -> list[Record]:
    """A grid record of a run of cells in one row (`B3:AX3`), as a record per cell."""
    address, sides = line[1], line[6]
    m = _RUN.fullmatch(address.strip().upper()) if isinstance(address, str) else None
    if m is None or line[7] != GRID or not isinstance(sides, str):
        return []
    first, last = _parse_a1(m.group(1) + m.group(2)), _parse_a1(m.group(3) + m.group(2))
    try:
        drawn = parse_borders_text(sides)
    except ValueError:
        drawn = {s: None for s in SIDES}  # unknown: at least take our own lines away
    if first is None or last is None or first[1] > last[1]:
        return []
    row = first[0]
    return [
        Record(r, (row, col), None, Style(None, None, "General"), drawn, GRID)
        for col in range(first[1], last[1] + 1)
    ]


def fills_before_answer(book: Book, sheet_name: str) -> dict[tuple[int, int], str | None]:
    """Cells (1-based) that solving, Check or hints restyled, with the fill each had before the
    first of them: the fill that clearing gives back."""
    _, found, _ = _records(book, sheet_name)
    fills: dict[tuple[int, int], str | None] = {}
    for rec in reversed(found):  # the earliest record of a cell last: its look wins
        if isinstance(rec, Record) and rec.kind != GRID:  # the grid's lines change no fill
            fills[rec.cell] = rec.before.fill_color
    return fills


def recorded_answer(book: Book, sheet_name: str) -> dict[tuple[int, int], object]:
    """Cells (1-based) holding a value that solving wrote, with that value."""
    _, found, _ = _records(book, sheet_name)
    return {
        rec.cell: rec.written
        for rec in found
        if isinstance(rec, Record) and rec.written is not None
    }


ANSWER_GLYPHS = frozenset("●■─│┌┐└┘┼═║╴╶╵╷")  # what answers write


def _looks_like_an_answer(sheet: Sheet, row: int, col: int) -> bool:
    value = normalize(sheet.get(row, col))
    if isinstance(value, str) and set(value.replace(" ", "")) <= ANSWER_GLYPHS:
        return True
    style = sheet.get_style(row, col)
    return style.font_color == ANSWER_FONT or (
        style.font_color in (SHADE_FONT, SHADE_FILL) and style.fill_color == SHADE_FILL
    )


def explain_stray_answer(book: Book, sheet_name: str, error: InputError) -> InputError:
    """`error` about a cell, with a word on what to do when that cell looks like an answer that
    solving wrote (its glyph or colours) but that the record sheet does not know (someone edited
    or deleted the hidden sheet): otherwise solving again would only say that the answer's
    glyph is not a given."""
    if error.sheet != sheet_name or error.cell is None:
        return error
    row, col = error.cell
    if (
        row > MAX_ROW
        or col > MAX_COL
        or not _looks_like_an_answer(book.sheet(sheet_name), row, col)
    ):
        return error
    message = str(error).split(": ", 1)[-1]
    return InputError(
        sheet_name,
        f"{message}; {a1(row, col)} looks like an earlier answer that the hidden sheet "
        f"'{RECORD_SHEET}' has no record of (edited or deleted?): if it is one, delete the "
        "earlier answer by hand, then solve again",
        error.cell,
    )


def clear_answer(
    book: Book, sheet_name: str, keep_record_sheet: bool = False, kinds: set[str] | None = None
) -> int:
    """Undo what solving (and Check, and hints) wrote on the sheet, latest first; returns the
    number of cells restored. kinds: only the records of these kinds (CHECK: Check's marks);
    None for all. The record sheet goes when nothing is left in it (unless `keep_record_sheet`,
    for a new answer). Damaged records of the sheet are dropped."""
    rec, found, damaged = _records(book, sheet_name)
    if kinds is not None:
        found, damaged = [r for r in found if r.kind in kinds], []
    if rec is None or not (found or damaged):
        return 0
    sheet = book.sheet(sheet_name)
    restored = 0
    for record in reversed(found):
        if isinstance(record, SizeRecord):
            _restore_size(sheet, record)
            continue
        if record.kind == GRID:
            _restore_grid(sheet, record)
            continue
        row, col = record.cell
        written = record.written
        current = normalize(sheet.get(row, col))
        if written is not None and current != normalize(written):
            continue  # the user typed over our answer: it is theirs now
        if written is not None:
            sheet.put(row, col, None)
        borders = None
        if record.sides:
            now = sheet.get_style(row, col, borders=True).borders
            assert now is not None
            # a side that no longer shows our line was redrawn by the user: leave it
            borders = now.with_sides(
                {s: b for s, b in record.sides.items() if now.side(s) == ANSWER_BORDER}
            )
        sheet.set_style(row, col, replace(record.before, borders=borders))
        restored += 1
    for r in [record.row for record in found] + damaged:
        for c in range(1, COLUMNS + 1):
            rec.put(r, c, None)
    _compact(rec)
    if not keep_record_sheet and not any(True for _ in rec.used_cells()):
        book.remove_hidden_sheet(RECORD_SHEET)  # the workbook is as it was before solving
    return restored


def _restore_grid(sheet: Sheet, record: Record) -> None:
    """Take the grid's lines off a cell's sides that still show them; nothing else changes."""
    row, col = record.cell
    now = sheet.get_style(row, col, borders=True)
    assert now.borders is not None
    borders = now.borders
    sides = {s: b for s, b in record.sides.items() if borders.side(s) == GRID_LINE}
    if sides:
        sheet.set_style(row, col, replace(now, borders=borders.with_sides(sides)))


def _restore_size(sheet: Sheet, record: SizeRecord) -> None:
    """Give a column or row its size back, unless the user resized it since."""
    kind, n = record.line
    if kind == "col":
        width = sheet.column_width(n)
        # as wide as solving made it in Excel: ours, whichever width Excel stored for it
        ours = record.after or CELL_WIDTH
        if width is not None and width_px(width) == width_px(ours):
            sheet.set_column_width(n, record.before)
    elif sheet.row_height(n) == CELL_HEIGHT:
        sheet.set_row_height(n, record.before)


def _compact(rec: Sheet) -> None:
    used = list(rec.used_cells())
    width = max([COLUMNS] + [c for _, c in used])  # a row keeps what stands beyond our columns
    rows: dict[int, list[object]] = {}
    for r, c in used:
        rows.setdefault(r, [None] * width)[c - 1] = rec.get(r, c)
    for r in rows:
        for c in range(1, width + 1):
            rec.put(r, c, None)
    for i, r in enumerate(sorted(rows), start=1):
        for c, v in enumerate(rows[r], start=1):
            rec.put(i, c, v)


def square_cells(writes: list[CellWrite]) -> bool:
    """Whether solving makes the grid's cells squares (`CELL_WIDTH` x `CELL_HEIGHT`): yes,
    unless an answer is shown through number formats that need room for their text
    (country-road's `A ─`, panorama's `11₂`)."""
    return not any(w.number_format for w in writes)


def write_answer(
    book: Book,
    sheet_name: str,
    writes: list[CellWrite],
    kind: str = "",
    add: bool = False,
    grid: tuple[int, int] | None = None,
) -> None:
    """Clear any earlier answer, then write this one and record what was written.
    add: keep what is there and add these writes (a hint); kind: the records' kind (CHECK for
    Check's marks). With the grid's size (rows, cols), its columns and rows are also made
    square (`square_cells`)."""
    for w in writes:
        if not set(w.borders) <= set("TBLR"):
            raise ValueError(f"CellWrite.borders takes sides T, B, L, R, not {w.borders!r}")
        if not set(w.through) <= set("UDLR"):
            raise ValueError(f"CellWrite.through takes sides U, D, L, R, not {w.through!r}")
    if not add:
        clear_answer(book, sheet_name, keep_record_sheet=True)
    sheet = book.sheet(sheet_name)
    rec = book.hidden_sheet(RECORD_SHEET, create=True)
    assert rec is not None
    first_row = max((r for r, _ in rec.used_cells()), default=0) + 1
    lines: list[list[object]] = []  # the record's new rows, written in one go at the end
    try:
        _write(sheet, sheet_name, writes, kind, grid, lines.append)
    finally:  # what was written is recorded, also where a given stopped the writing
        rec.put_rows(first_row, lines)


def _write(
    sheet: Sheet,
    sheet_name: str,
    writes: list[CellWrite],
    kind: str,
    grid: tuple[int, int] | None,
    record: Callable[[list[object]], None],
) -> None:
    """write_answer's writing: each write's look and value, and the grid's squares and lines,
    each change told to `record` (a row of the record sheet) before it is made."""

    # every cell's look before any of it changes: in Excel a border between two cells may read
    # as both cells' side, so drawing one cell's side first could be taken for its neighbour's
    olds = {
        (w.row, w.col): sheet.get_style(
            w.row + 1, w.col + 1, borders=bool(w.borders), face=_sets_face(w)
        )
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
                    f"{quote(current)}; givens are never overwritten",
                    (row, col),
                )
        if w.shade and value is None and current is None:
            value = SHADE_GLYPH
        old = olds[w.row, w.col]
        if w.through and not isinstance(current, str):
            # a number too wide for its cell shows as ### instead of being cut off: a number
            # keeps its look, and the line reaches its cell's side
            w = replace(w, through="")
            old = replace(old, face=None)
        borders, drawn = None, None
        if w.borders:
            assert old.borders is not None
            sides = set(w.borders)
            drawn = borders_text({s: old.borders.side(s) for s in sides})
            borders = old.borders.with_sides({s: ANSWER_BORDER for s in sides})
        face = LINE_FACE if old.face is not None else None
        fmt = w.number_format or _line_format(w) or old.number_format
        fill = None if w.unfill else old.fill_color
        if w.mark:
            dark = old.fill_color is not None and is_dark(old.fill_color)
            new = Style(
                "FFFFFF" if dark else MARK_FONT,
                MARK_DARK_FILL if dark else MARK_FILL,
                old.number_format,
                None,
            )
        elif w.shade:  # `■` shows as a plain dark square: its font is the fill's colour
            new = Style(
                SHADE_FILL if value == SHADE_GLYPH else SHADE_FONT, SHADE_FILL, fmt, borders
            )
        elif value is not None:
            new = Style(ANSWER_FONT, fill, fmt, borders, face)
        elif w.number_format or w.borders or w.through:
            new = Style(old.font_color, fill, fmt, borders, face)
        elif w.unfill:
            new = Style(_on_white(old.font_color), None, fmt, borders, face)
        else:
            continue
        record(
            [
                sheet_name,
                a1(row, col),
                value,
                old.font_color,
                old.fill_color,
                old.number_format,
                drawn,
                kind or None,
                face_text(old.face) if face is not None and old.face is not None else None,
            ]
        )
        if value is not None:
            sheet.put(row, col, value)
        sheet.set_style(row, col, new)
    if grid is not None and not square_cells(writes):
        for c in range(1, grid[1] + 1):
            width, wanted = sheet.column_width(c), _text_width(sheet, c, grid[0])
            if wanted > (width or DEFAULT_WIDTH):
                record([sheet_name, f"{column_letter(c)}:{column_letter(c)}", None, width, wanted])
                sheet.set_column_width(c, wanted)
    if grid is not None and square_cells(writes):
        rows, cols = grid
        for c in range(1, cols + 1):
            width = sheet.column_width(c)
            if width != CELL_WIDTH and not _holds_wide_number(sheet, c, rows):
                record([sheet_name, f"{column_letter(c)}:{column_letter(c)}", None, width])
                sheet.set_column_width(c, CELL_WIDTH)
        for r in range(1, rows + 1):
            height = sheet.row_height(r)
            if height != CELL_HEIGHT:
                record([sheet_name, f"{r}:{r}", None, height])
                sheet.set_row_height(r, CELL_HEIGHT)
        drawn_grid = grid_sides(sheet, rows, cols)
        for (row, first, last), sides in _runs(drawn_grid):
            # no look in a grid's record: clearing it gives back the sides alone, all lineless
            where = a1(row, first) + ("" if first == last else f":{a1(row, last)}")
            drawn = borders_text(dict.fromkeys(sides))
            record([sheet_name, where, None, None, None, None, drawn, GRID])
        made: dict[tuple[int, str], Style] = {}  # (the look's id, sides) -> its new look
        for (row, col), (sides, look) in drawn_grid.items():
            new = made.get((id(look), sides))
            if new is None:  # most cells of a grid share a few looks: each made once
                assert look.borders is not None
                lines = look.borders.with_sides(dict.fromkeys(sides, GRID_LINE))
                font, fill, fmt = look.font_color, look.fill_color, look.number_format
                new = made[id(look), sides] = Style(font, fill, fmt, lines, look.face)
            sheet.set_style(row, col, new)


def _runs(
    drawn: dict[tuple[int, int], tuple[str, Style]],
) -> list[tuple[tuple[int, int, int], str]]:
    """The cells that got grid sides as runs along their rows with the same sides: ((row,
    first column, last column), sides)."""
    runs: list[tuple[tuple[int, int, int], str]] = []
    for (row, col), (sides, _) in sorted(drawn.items()):
        if runs:
            (r, first, last), same = runs[-1]
            if r == row and last == col - 1 and same == sides:
                runs[-1] = ((r, first, col), sides)
                continue
        runs.append(((row, col, col), sides))
    return runs


def grid_sides(sheet: Sheet, rows: int, cols: int) -> dict[tuple[int, int], tuple[str, Style]]:
    """The grid's edges that show no line on either side, as the sides of its cells (1-based)
    to draw them on, with each such cell's look as read (borders included): each edge once, as
    the top or left side of the cell below or right of it, and the frame's bottom and right as
    the last row's and column's. Hidden cells of a merged range get none (Excel shows only its
    top-left cell)."""
    seen: dict[tuple[int, int], Borders] = {}
    looks: dict[tuple[int, int], Style] = {}

    def sides(r: int, c: int) -> Borders:
        """The cell's lines (none outside the sheet), its look kept for the cells inside."""
        if (r, c) not in seen:
            if r < 1 or c < 1:
                seen[r, c] = Borders()
            else:
                style = sheet.get_style(r, c, borders=True)
                seen[r, c] = style.borders or Borders()
                looks[r, c] = (
                    style if style.borders is not None else replace(style, borders=seen[r, c])
                )
        return seen[r, c]

    found: dict[tuple[int, int], tuple[str, Style]] = {}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if sheet.merged_area(r, c) is not None:
                continue
            here = sides(r, c)
            drawn = ""  # in the order T, L, B, R: the edges above and left, then the frame's
            if here.top is None and sides(r - 1, c).bottom is None:
                drawn += "T"
            if here.left is None and sides(r, c - 1).right is None:
                drawn += "L"
            if r == rows and here.bottom is None and sides(r + 1, c).top is None:
                drawn += "B"
            if c == cols and here.right is None and sides(r, c + 1).left is None:
                drawn += "R"
            if drawn:
                found[r, c] = drawn, looks[r, c]
    return found


def _on_white(font: str | None) -> str | None:
    """A font colour for a cell whose dark fill is taken off: a dark one stays, a light one
    (white text on the fill) becomes automatic, so a given stays readable."""
    return font if font is None or is_dark(font) else None


DEFAULT_WIDTH = 8.43  # a column's width where the file gives none (Calibri 11's default)


def _text_width(sheet: Sheet, col: int, rows: int) -> float:
    """The width a column of the grid needs to show its longest text with the digit a number
    format adds after it (`A16×` shown as `A16×=4`): a character of the sheet's own
    font (up to 12 points) is up to 1.35 of a column width's units, plus a margin."""
    longest = 0
    for r in range(1, rows + 1):
        v = sheet.get(r, col)
        if v is None:
            continue
        added = "".join(re.findall(r'"([^"]*)"', sheet.get_style(r, col).number_format or ""))
        if "=" in added:  # a digit after the cell's text; a line's glyphs fit the cell
            longest = max(longest, len(str(v)) + len(added))
    return round(1.35 * longest + 2, 2) if longest > 2 else 0.0


def _holds_wide_number(sheet: Sheet, col: int, rows: int) -> bool:
    """Whether a column of the grid holds a number of more than two digits (sum-line's sums,
    number-skeleton's list): a square cell would show it as `##`, so the column keeps its
    width."""
    for r in range(1, rows + 1):
        v = normalize(sheet.get(r, col))
        if isinstance(v, int) and len(str(abs(v))) > 2:
            return True
    return False


def _sets_face(w: CellWrite) -> bool:
    """Whether the write sets its cell in LINE_FACE: a line glyph, or a given a line crosses."""
    return bool(w.through) or (isinstance(w.value, str) and w.value in LINE_GLYPHS)


def _line_format(w: CellWrite) -> str | None:
    if w.through:
        return line_format(w.through, given=True)
    return line_format(w.value) if isinstance(w.value, str) else None
