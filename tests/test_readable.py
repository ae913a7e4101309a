"""A solved sheet is readable at a glance (issue 9): square cells, line glyphs whose strokes reach
the cells' sides (and through the givens the line crosses), shading as a plain dark square.

The sizes, fonts and formats that solving writes are checked with openpyxl here; the slow test
renders one sheet per answer form with LibreOffice (skipped only where it is not installed) and
looks at the pixels."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from solver.io.sheet import width_px
from solver.io.sheet.answer import (
    CELL_HEIGHT,
    CELL_WIDTH,
    LINE_FACE,
    RECORD_SHEET,
    SHADE_FILL,
    SHADE_GLYPH,
    line_format,
)
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.backends import Settings
from solver.pipeline import clear_sheet, solve_sheet


def _looks(ws) -> dict:
    return {
        (c.row, c.column): (c.font.name, c.font.sz, c.alignment.horizontal, c.number_format)
        for row in ws.iter_rows()
        for c in row
    }


def _sizes(ws) -> tuple[dict, dict]:
    cols = {k: d.width for k, d in ws.column_dimensions.items()}
    rows = {k: d.height for k, d in ws.row_dimensions.items()}
    return cols, rows


def test_a_solved_loop_is_square_joined_and_cleared_back(sample):
    book = OpenpyxlBook(sample("masyu"))
    ws = book.wb["masyu"]
    before, sizes = _looks(ws), _sizes(ws)
    assert solve_sheet(book, "masyu", Settings()).status == "solved"
    assert width_px(CELL_WIDTH) == round(CELL_HEIGHT * 4 / 3) == 24  # square in Excel
    assert all(ws.column_dimensions[c].width == CELL_WIDTH for c in "ABCDEFGHIJ")
    assert all(ws.row_dimensions[r].height == CELL_HEIGHT for r in range(1, 11))
    assert ws.column_dimensions["K"].width == 4.2  # the sentinel's column keeps its size
    # a corner: its left arm drawn by the number format; the font and alignment of LINE_FACE
    corner = next(c for row in ws.iter_rows() for c in row if c.value == "┐")
    assert corner.number_format == '"─"@" "' == line_format("┐")
    face = (corner.font.name, corner.font.sz, corner.alignment.horizontal)
    assert face == (LINE_FACE.name, LINE_FACE.size, "center")
    # A1's black pearl: the loop leaves it to the right and down
    assert ws["A1"].value == "●" and ws["A1"].number_format == '" "@"─"'
    records = [row[1] for row in book.wb[RECORD_SHEET].iter_rows(values_only=True)]
    assert "A:A" in records and "1:1" in records
    clear_sheet(book, "masyu")
    assert _looks(ws) == before and _sizes(ws) == sizes
    assert RECORD_SHEET not in book.wb.sheetnames


def test_shading_is_a_plain_dark_square(sample):
    book = OpenpyxlBook(sample("yajilin"))
    ws = book.wb["yajilin"]
    assert solve_sheet(book, "yajilin", Settings()).status == "solved"
    shaded = [c for row in ws.iter_rows() for c in row if c.value == SHADE_GLYPH]
    assert shaded
    for c in shaded:  # the glyph stays (the answer is read back from it) but does not show
        assert c.fill.fgColor.rgb[-6:] == c.font.color.rgb[-6:] == SHADE_FILL


def test_a_number_the_line_reaches_keeps_its_look(sample):
    """A number format too wide for its cell shows ### for a number: numbers keep theirs."""
    book = OpenpyxlBook(sample("numberlink"))
    ws = book.wb["numberlink"]
    before = _looks(ws)
    assert solve_sheet(book, "numberlink", Settings()).status == "solved"
    numbers = [c for row in ws.iter_rows() for c in row if isinstance(c.value, int)]
    assert numbers
    assert all(_looks(ws)[c.row, c.column] == before[c.row, c.column] for c in numbers)


def test_sheets_shown_by_number_formats_keep_their_sizes(sample):
    book = OpenpyxlBook(sample("country-road"))
    sizes = _sizes(book.wb["country-road"])
    assert solve_sheet(book, "country-road", Settings()).status == "solved"
    assert _sizes(book.wb["country-road"]) == sizes


# --- what LibreOffice shows ----------------------------------------------------------------

FORMS = ("masyu", "yajilin", "sudoku", "slitherlink", "hashiwokakero")  # loop glyphs, shading,
# digits, cell borders, bridges


def _render(xlsx: Path) -> Path:
    """The sheet as LibreOffice prints it, as a PNG at 96 dpi (first page)."""
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(xlsx.parent), str(xlsx)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    pdf = xlsx.with_suffix(".pdf")
    subprocess.run(
        ["pdftoppm", "-r", "96", "-png", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(pdf)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return pdf.with_suffix(".pdf.png")


@pytest.mark.slow
@pytest.mark.skipif(
    (shutil.which("soffice") is None or shutil.which("pdftoppm") is None)
    and not os.environ.get("PUZZLE_SOLVER_RENDER"),  # .ci/run installs them and sets it
    reason="LibreOffice (soffice) and poppler's pdftoppm draw the sheets",
)
@pytest.mark.parametrize("slug", FORMS)
def test_libreoffice_shows_the_answer(sample, slug):
    import numpy as np
    from PIL import Image

    path = sample(slug)
    book = OpenpyxlBook(path)
    assert solve_sheet(book, slug, Settings()).status == "solved"
    book.save()
    png = np.asarray(Image.open(_render(path)).convert("RGB")).astype(int)
    blue = (abs(png - (0x1F, 0x4F, 0xC8)).sum(axis=2) < 90).sum()
    dark = (abs(png - (0x40, 0x40, 0x40)).sum(axis=2) < 30).sum()
    assert blue > 200  # the answer is drawn in the answer's blue
    if slug == "masyu":  # the loop is joined: a long run of blue along some pixel row
        rows = (abs(png - (0x1F, 0x4F, 0xC8)).sum(axis=2) < 90).astype(int)
        longest = max(_run(line) for line in rows)
        assert longest > 45  # unbroken over two cells or more (glyphs alone: under 20 px)
    if slug == "yajilin":  # plain dark squares: no light glyph inside a shaded cell
        assert dark > 6 * 20 * 20


def _run(line) -> int:
    best = now = 0
    for v in line:
        now = now + 1 if v else 0
        best = max(best, now)
    return best
