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

from solver.io.sheet import file_width, width_px
from solver.io.sheet.answer import (
    ANSWER_BORDER,
    CELL_HEIGHT,
    CELL_WIDTH,
    GRID_LINE,
    LIBREOFFICE_DIGIT_PT,
    LINE_FACE,
    RECORD_SHEET,
    SHADE_FILL,
    SHADE_GLYPH,
    line_format,
    square_width,
)
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
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


def test_a_square_cell_is_as_wide_in_excel_as_it_is_high_and_nearly_so_in_libreoffice():
    """Excel: pixels of a width by ECMA-376's formula (`width_px`), 4/3 pixels a point of
    height; LibreOffice: the width times its digit of Calibri 11 (measured, see answer.py)."""
    assert CELL_WIDTH == square_width(CELL_HEIGHT) == 865 / 256
    assert width_px(CELL_WIDTH) == round(CELL_HEIGHT * 4 / 3) == 24
    libreoffice = CELL_WIDTH * LIBREOFFICE_DIGIT_PT / CELL_HEIGHT
    assert 1 < libreoffice < 1.05  # and Excel's own width for 24 px is not within 5 %:
    assert file_width(2.71) * LIBREOFFICE_DIGIT_PT / CELL_HEIGHT > 1.05
    for height in (12.0, 15.0, 18.0, 22.5, 30.0):
        px = round(height * 4 / 3)
        narrowest = square_width(height, margin=0)
        assert width_px(narrowest) == px and width_px(narrowest - 1 / 256) == px - 1
        assert width_px(square_width(height)) == px  # the margin keeps the pixel
        assert 0 < (square_width(height) - narrowest) * 7 <= 1 / 8 + 7 / 256  # 1/8 px more


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


def _borders(ws, rows: int, cols: int) -> dict:
    return {
        (r, c): tuple(
            (side.style, side.color.rgb[-6:] if side.color is not None else None)
            for side in (cell.border.top, cell.border.left, cell.border.bottom, cell.border.right)
        )
        for r in range(1, rows + 2)
        for c in range(1, cols + 2)
        for cell in [ws.cell(r, c)]
    }


def test_a_solved_grid_shows_a_thin_grid_that_clear_takes_back(sample):
    book = OpenpyxlBook(sample("nurikabe"))
    ws = book.wb["nurikabe"]
    before = _borders(ws, 7, 7)
    assert set(before.values()) == {((None, None),) * 4}  # typed without lines
    res = solve_sheet(book, "nurikabe", Settings())
    assert res.status == "solved" and res.answer is not None
    thin = ("thin", GRID_LINE.color)
    for r in range(1, 8):  # every edge once: the cell's top and left, the frame's bottom, right
        for c in range(1, 8):
            top, left, bottom, right = _borders(ws, 7, 7)[r, c]
            assert top == left == thin
            assert (bottom == thin) == (r == 7) and (right == thin) == (c == 7)
    assert _borders(ws, 7, 7)[8, 8] == ((None, None),) * 4  # the sentinel keeps its look
    grid = [row for row in book.wb[RECORD_SHEET].iter_rows(values_only=True) if row[7] == "grid"]
    # a record for each run of a row's cells with the same sides: A-F (top, left), G (+ right)
    assert [row[1] for row in grid[:2]] == ["A1:F1", "G1"] and len(grid) == 2 * 7
    sea = len(res.answer["shaded"])  # the grid's lines are no answer cells:
    assert clear_sheet(book, "nurikabe") == sea
    assert _borders(ws, 7, 7) == before


def test_the_grid_never_draws_over_a_line(sample):
    """Rooms drawn as walls and thin lines keep them (nothing left to draw); slitherlink's loop
    keeps its medium lines, the grid fills in the other edges."""
    book = OpenpyxlBook(sample("heyawake"))
    ws = book.wb["heyawake borders"]
    before = _borders(ws, 10, 10)
    assert solve_sheet(book, "heyawake borders", Settings()).status == "solved"
    assert _borders(ws, 10, 10) == before
    book = OpenpyxlBook(sample("slitherlink"))
    ws = book.wb["slitherlink"]
    before = _borders(ws, 7, 7)
    assert solve_sheet(book, "slitherlink", Settings()).status == "solved"
    after = _borders(ws, 7, 7)
    loop = ("medium", ANSWER_BORDER.color)
    assert any(loop in sides for sides in after.values())
    assert all(
        any(s != (None, None) for s in after[r, c]) for r in range(1, 8) for c in range(1, 8)
    )
    clear_sheet(book, "slitherlink")
    assert _borders(ws, 7, 7) == before


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


def test_the_command_line_keeps_the_sizes_of_word_genres(sample, tmp_path):
    """alphametic's words need their width (SQUARE_CELLS = False): no squares, no grid."""
    from solver import cli

    path = sample("alphametic")
    sizes = _sizes(OpenpyxlBook(path).wb["alphametic"])
    assert cli.main(["solve", str(path), "--out", str(tmp_path), "--no-unique"]) == 0
    ws = OpenpyxlBook(tmp_path / path.name).wb["alphametic"]
    assert _sizes(ws) == sizes
    assert not any(c.border.top.style for row in ws.iter_rows() for c in row)


# --- what LibreOffice shows ----------------------------------------------------------------

FORMS = ("masyu", "yajilin", "sudoku", "slitherlink", "hashiwokakero")  # loop glyphs, shading,
# digits, cell borders, bridges


def _render(xlsx: Path, dpi: int = 96) -> Path:
    """The sheet as LibreOffice prints it, as a PNG (first page)."""
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(xlsx.parent), str(xlsx)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    pdf = xlsx.with_suffix(".pdf")
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(pdf),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return pdf.with_suffix(".pdf.png")


# .ci/run installs LibreOffice and poppler and sets PUZZLE_SOLVER_RENDER: there these must run
RENDERS = pytest.mark.skipif(
    (shutil.which("soffice") is None or shutil.which("pdftoppm") is None)
    and not os.environ.get("PUZZLE_SOLVER_RENDER"),
    reason="LibreOffice (soffice) and poppler's pdftoppm draw the sheets",
)


@pytest.mark.slow
@RENDERS
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


def grid_lines(png, color: str) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal line drawn in `color` ('RRGGBB')
    across most of the drawing's lines of that colour (its middle, for a line a few pixels
    thick)."""

    rgb = tuple(int(color[i : i + 2], 16) for i in (0, 2, 4))
    on = (abs(png - rgb).sum(axis=2) < 40).astype(int)

    def centres(counts) -> list[float]:
        runs, start = [], None
        hit = counts > 0.6 * counts.max()
        for i, v in enumerate([*hit, False]):
            if v and start is None:
                start = i
            elif not v and start is not None:
                runs.append((start + i - 1) / 2)
                start = None
        return runs

    return centres(on.sum(axis=0)), centres(on.sum(axis=1))


@pytest.mark.slow
@RENDERS
def test_libreoffice_draws_square_cells_with_the_grid(sample):
    """The pitch of the grid's lines as LibreOffice prints a solved sudoku, at 288 dpi."""
    import numpy as np
    from PIL import Image

    path = sample("sudoku")
    book = OpenpyxlBook(path)
    assert solve_sheet(book, "sudoku", Settings()).status == "solved"
    book.save()
    png = np.asarray(Image.open(_render(path, dpi=288)).convert("RGB")).astype(int)
    xs, ys = grid_lines(png, GRID_LINE.color)
    assert len(xs) == len(ys) == 10  # every edge of the 9 x 9 grid
    wide, high = (xs[-1] - xs[0]) / 9, (ys[-1] - ys[0]) / 9
    assert high == pytest.approx(CELL_HEIGHT * 4, rel=0.01)  # 18 pt at 4 pixels a point
    assert abs(wide / high - 1) < 0.05


def _run(line) -> int:
    best = now = 0
    for v in line:
        now = now + 1 if v else 0
        best = max(best, now)
    return best
