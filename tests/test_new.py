"""`puzzle-solver new`: a blank puzzle of every genre that reads back as that genre with an
empty grid, its sentinel where the sentinel rule finds it, grid lines and square cells, the
genre's help beside it; an .xlsm's VBA and buttons; a workbook that exists keeps its sheets;
a size a genre cannot have is one line of error and nothing written."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from test_addin import buttons_in, vba_modules
from test_readable import RENDERS, _render, grid_lines

from addin.build_workbooks import BUTTONS
from solver import cli
from solver.genres import all_genres, genre_by_slug
from solver.io.blank import blank
from solver.io.sheet import find_extent
from solver.io.sheet.answer import CELL_WIDTH, GRID_LINE
from solver.io.sheet.openpyxl_book import OpenpyxlBook

ROOT = Path(__file__).resolve().parent.parent
REFUSED = ("alphametic", "logic-grid")
SMALL = {
    "sudoku": (4, 4),
    "futoshiki": (3, 3),
    "skyscrapers": (3, 3),
    "inshi-no-heya": (3, 3),
    "jigsaw-sudoku": (4, 4),
    "killer-sudoku": (4, 4),
    "kenken": (4, 4),
}
MADE = [g.slug for g in all_genres() if g.slug not in REFUSED]
EXTENT_ERRORS = re.compile(r"no sentinel|the sentinel is at|sentinel must be|leaves no room")


def new(tmp_path: Path, capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(["new", *args])
    out, err = capsys.readouterr()
    return code, out, err


def records(capsys, command: list[str]) -> dict:
    cli.main(command)
    out, _ = capsys.readouterr()
    return json.loads(out.splitlines()[0])


@pytest.mark.parametrize("slug", MADE)
def test_every_genre_gets_a_blank_that_reads_as_its_genre(tmp_path, capsys, slug):
    rows, cols = SMALL.get(slug, (4, 5))
    path = tmp_path / "book.xlsx"
    code, out, _ = new(tmp_path, capsys, slug, f"{rows}x{cols}", "-o", str(path))
    assert code == 0 and f"[{slug}]" in out
    b = blank(genre_by_slug(slug), rows, cols)
    book = OpenpyxlBook(path)
    assert book.sheet_names() == [slug]
    sheet = book.sheet(slug)
    used = list(sheet.used_cells())
    assert find_extent(slug, used) == (b.rows, b.cols)  # the sentinel where the rule finds it
    assert sheet.get(*b.sentinel) == "E"
    typed = {(r - 1, c - 1): sheet.get(r, c) for r, c in used if (r, c) != b.sentinel}
    assert typed == b.typed  # an empty grid (kakuro: its clue row and column of ■)
    if b.lined is not None:
        top, left, _, _ = b.lined
        style = sheet.get_style(top + 1, left + 1, borders=True).borders
        assert style is not None and GRID_LINE in (style.top, style.bottom, style.left, style.right)
    if b.square:
        assert all(sheet.column_width(c) == CELL_WIDTH for c in range(1, b.cols + 1))
    # solve and check read it as the genre, and agree on what an empty grid is
    solved = records(capsys, ["solve", str(path), "--json", "--out", str(tmp_path / "s")])
    checked = records(capsys, ["check", str(path), "--json", "--no-mark"])
    assert solved["genre"] == checked["genre"] == slug
    if solved["status"] == "error":  # a puzzle with no givens yet: the genre says what to type
        assert not EXTENT_ERRORS.search(solved["error"]), solved["error"]
        assert checked["verdict"] == "error" and checked["error"] == solved["error"]
    elif solved["status"] == "infeasible":  # an empty paint-area has no answer
        assert checked["verdict"] == "wrong"
    else:
        assert solved["status"] == "solved" and solved["answer"]["rows"] == b.rows
        assert checked["verdict"] in ("correct", "incomplete")


def test_the_help_beside_the_grid_is_the_genres_layout(tmp_path, capsys):
    path = tmp_path / "book.xlsx"
    assert new(tmp_path, capsys, "nurikabe", "6x5", "-o", str(path))[0] == 0
    with zipfile.ZipFile(path) as z:
        drawing = z.read("xl/drawings/drawing1.xml").decode()
        rels = z.read("xl/worksheets/_rels/sheet1.xml.rels").decode()
    assert "drawings/drawing1.xml" in rels
    text = "".join(re.findall(r"<a:t>(.*?)</a:t>", drawing))
    assert "nurikabe 6 x 5: the sheet's grid is A1:E6; the sentinel in F7" in text
    assert "Rules: shade some cells (the sea)." in text and "Layout: one puzzle cell" in text
    # the text box stands right of the sentinel's column and one empty column
    assert re.search(r"<xdr:from><xdr:col>7</xdr:col>", drawing)  # H: F, then G empty


def test_sudoku_boxes_are_outlined(tmp_path, capsys):
    path = tmp_path / "book.xlsx"
    assert new(tmp_path, capsys, "sudoku", "6x6", "-o", str(path))[0] == 0
    sheet = OpenpyxlBook(path).sheet("sudoku")
    sides = {
        (r, c): sheet.get_style(r, c, borders=True).borders for r in range(1, 7) for c in (3, 4)
    }
    assert all(sides[r, 3].right.style == "medium" for r in range(1, 7))  # boxes 3 wide
    assert all(sides[r, 4].left.style == "medium" for r in range(1, 7))
    assert sides[2, 3].bottom.style == "medium" and sides[1, 3].bottom.style == "thin"  # 2 tall


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sudoku", "5x5"], "a sudoku is N x N with N = 4, 6, 8, 9, 12, 16 or 25"),
        (["sudoku", "9x8"], "a sudoku grid is N x N"),
        (["futoshiki", "3x4"], "a futoshiki grid is N x N"),
        (["nurikabe", "101x5"], "a sheet's grid is read up to 100 x 100 cells"),
        (["nonogram", "70x10"], "its sheet grid, clue cells included, is 105 x 15"),
        (["nurikabe", "0x5"], "at least 1 row and 1 column"),
        (["nurikabe", "ax5"], "give ROWSxCOLS, e.g. 10x10"),
        (["nurikabes", "5x5"], "no genre 'nurikabes'; did you mean nurikabe?"),
        (["alphametic", "5x5"], "alphametic has no grid of a size: type the sum from A1"),
        (["logic-grid", "4x3"], "logic-grid has no grid of a size: type the groups"),
    ],
)
def test_a_size_or_genre_it_cannot_make_is_one_line_and_writes_nothing(
    tmp_path, capsys, args, message
):
    path = tmp_path / "book.xlsx"
    code, out, err = new(tmp_path, capsys, *args, "-o", str(path))
    assert code == cli.EXIT_USAGE and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("puzzle-solver: ") and message in err
    assert not path.exists()


def test_a_new_xlsm_has_the_vba_project_and_the_buttons(tmp_path, capsys):
    path = tmp_path / "book.xlsm"
    assert new(tmp_path, capsys, "masyu", "5x5", "-o", str(path))[0] == 0
    modules = vba_modules(path)
    assert {"ThisWorkbook", "Sheet1", "PuzzleSolver", "xlwings"} <= set(modules)
    found = buttons_in(path)
    assert [m for _, m, _ in found] == [m for m, _ in BUTTONS]
    assert all(title == "masyu" and left >= 5 + 2 for title, _, left in found)
    with zipfile.ZipFile(path) as z:
        assert b"macroEnabled" in z.read("[Content_Types].xml")
        drawing = z.read("xl/drawings/drawing1.xml").decode()
    assert re.search(r"<xdr:from><xdr:col>7</xdr:col>", drawing)  # the help below the buttons
    assert int(re.search(r"<xdr:row>(\d+)</xdr:row>", drawing).group(1)) >= 10


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_an_existing_xlsm_keeps_its_sheets_vba_and_buttons(tmp_path, capsys):
    path = tmp_path / "bomber.xlsm"
    shutil.copy(ROOT / "workbooks" / "bomber.xlsm", path)
    before = _parts(path)
    assert new(tmp_path, capsys, "nurikabe", "5x5", "-o", str(path))[0] == 0
    code, out, _ = new(tmp_path, capsys, "Nurikabe", "6x6", "-o", str(path))
    assert code == 0 and "[nurikabe (2)]" in out  # never over a sheet, whatever its case
    after = _parts(path)
    kept = {"xl/vbaProject.bin", "xl/worksheets/sheet1.xml", "xl/drawings/vmlDrawing1.vml"}
    assert all(after[n] == before[n] for n in kept)
    assert OpenpyxlBook(path).sheet_names() == ["bomber", "nurikabe", "nurikabe (2)"]
    found = buttons_in(path)
    for title in ("bomber", "nurikabe", "nurikabe (2)"):
        assert [m for t, m, _ in found if t == title] == [m for m, _ in BUTTONS]
    blocks = [  # each VML drawing its own block of shape ids, its shapes in that block
        (int(m.group(1)), re.findall(rb"_x0000_s(\d+)", data))
        for name, data in after.items()
        if name.endswith(".vml") and (m := re.search(rb'<o:idmap[^>]*data="(\d+)"', data))
    ]
    assert sorted(b for b, _ in blocks) == [1, 2, 3]
    assert all(1024 * b < int(s) < 1024 * (b + 1) for b, ids in blocks for s in ids)
    assert "PuzzleSolver" in vba_modules(path)
    for sheet in ("nurikabe", "nurikabe (2)"):
        checked = records(capsys, ["check", str(path), "--sheet", sheet, "--json", "--no-mark"])
        assert checked["error"].endswith("no numbers: type each island's size in one of its cells")


def test_an_existing_xlsx_gets_the_sheet_and_keeps_the_rest(tmp_path, capsys):
    path = tmp_path / "sudoku.xlsx"
    shutil.copy(ROOT / "workbooks" / "sudoku.xlsx", path)
    before = _parts(path)
    assert new(tmp_path, capsys, "sudoku", "9x9", "-o", str(path))[0] == 0
    after = _parts(path)
    changed = {n for n in before if after[n] != before[n]}
    assert changed <= {
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "[Content_Types].xml",
        "xl/styles.xml",
    }
    solved = records(capsys, ["solve", str(path), "--json", "--out", str(tmp_path / "s")])
    assert (solved["sheet"], solved["status"]) == ("sudoku", "solved")  # the sample, unchanged
    book = OpenpyxlBook(path)
    assert book.sheet_names() == ["sudoku", "sudoku (2)"]
    assert find_extent("sudoku (2)", book.sheet("sudoku (2)").used_cells()) == (9, 9)


def test_an_xlsm_without_these_macros_gets_no_buttons_and_says_so(tmp_path, capsys):
    path = tmp_path / "book.xlsm"
    shutil.copy(ROOT / "workbooks" / "bomber.xlsx", path)  # an .xlsm with no VBA project
    code, _, err = new(tmp_path, capsys, "nurikabe", "5x5", "-o", str(path))
    assert code == 0 and "has no PuzzleSolver macros: the new sheet has no buttons" in err
    assert buttons_in(path) == []


@pytest.mark.slow
@RENDERS
def test_libreoffice_draws_the_blank_with_square_cells(tmp_path, capsys):
    """The pitch of a blank's grid lines as LibreOffice prints it, at 288 dpi."""
    import numpy as np
    from PIL import Image

    path = tmp_path / "blank.xlsx"
    assert new(tmp_path, capsys, "nurikabe", "6x6", "-o", str(path))[0] == 0
    png = np.asarray(Image.open(_render(path, dpi=288)).convert("RGB")).astype(int)
    xs, ys = grid_lines(png, str(GRID_LINE.color))
    assert len(xs) == len(ys) == 7
    wide, high = (xs[-1] - xs[0]) / 6, (ys[-1] - ys[0]) / 6
    assert abs(wide / high - 1) < 0.05
