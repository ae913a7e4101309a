"""Shikaku: the sample in the workbook, its rectangles drawn as borders, verify from the rules,
bad input, `?`, uniqueness, the puzz.link codec with pzprjs' own answer, and an answer drawn by
hand with Excel's border tool through Check. (The sample on every back end, through the .lp
file: tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import pytest
from openpyxl.styles import Border, Side

from solver.blocks import regions
from solver.check import check_sheet
from solver.cli import main
from solver.genres import shikaku
from solver.genres.shikaku import UNKNOWN, Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.answer import ANSWER_BORDER, MARK_FILL
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import draw_walls_by_hand, example, lettered

EX = example("shikaku")


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))


KNOWN = lettered(EX["solution_text"].split("\n"))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("shikaku")), "shikaku")
    assert p == known_puzzle()


def test_sample_answer_drawn_as_borders_and_cleared(sample):
    book = OpenpyxlBook(sample("shikaku"))
    ws = book.wb["shikaku"]
    ws["B2"].border = Border(left=Side(style="thin", color="FF0000"))  # the user's own line
    res = solve_sheet(book, "shikaku", Settings())
    assert res.status == "solved" and res.unique is True
    assert res.answer["regions"] == [list(row) for row in KNOWN]
    sheet = book.sheet("shikaku")
    # A1-C1 is one rectangle: C1 has its right side drawn, B1 none between A1 and C1
    assert sheet.get_style(1, 3, borders=True).borders.side("R") == ANSWER_BORDER
    assert sheet.get_style(1, 2, borders=True).borders.side("R") != ANSWER_BORDER
    assert sheet.get_style(2, 2, borders=True).borders.side("R") == ANSWER_BORDER
    clear_sheet(book, "shikaku")
    assert ws["B2"].border.left.style == "thin" and ws["B2"].border.right.style is None


def test_verify_accepts_the_known_answer_and_names_broken_rules():
    p = known_puzzle()
    assert shikaku.verify(p, KNOWN) == []
    merged = lettered(["AAABBB", "CCDDEE", "CCDDEE", "CCFFEE", "GGGGGG", "GGGGGG"])
    problems = shikaku.verify(p, merged)
    assert "the piece from A5 holds 2 numbers (C6, F6)" in problems
    l_shape = lettered(["AAABBB", "CCDDEE", "CCDDEE", "CCFFEE", "GGGHHH", "GGGGHH"])
    problems = shikaku.verify(p, l_shape)
    assert problems == [
        "the piece from A5 (7 cells) is not a rectangle",
        "the number 6 at C6 is in a piece of 7 cells",
        "the piece from D5 (5 cells) is not a rectangle",
        "the number 6 at F6 is in a piece of 5 cells",
    ]
    empty = lettered(["AAABBI", "CCDDEE", "CCDDEE", "CCFFEE", "GGGHHH", "GGGHHH"])
    assert shikaku.verify(p, empty) == [
        "the number 3 at D1 is in a piece of 2 cells",
        "the piece from F1 holds no number",
    ]


def test_unknown_areas_and_uniqueness():
    p = Puzzle(((UNKNOWN, None), (None, None), (2, 2)))  # the 2s stand up, ? takes the rest
    out = solve_puzzle(shikaku.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and not out.violations
    assert out.answer == lettered(["AA", "BC", "BC"])
    corner = Puzzle(((UNKNOWN, None, None), (None, None, None), (None, None, 3)))
    out = solve_puzzle(shikaku.GENRE, corner, Settings("highs"))  # the 3: last row or column
    assert out.status == "solved" and out.unique is False
    two = Puzzle(((2, None), (None, 2)))  # two dominoes, across or down
    out = solve_puzzle(shikaku.GENRE, two, Settings("highs"))
    assert out.status == "solved" and out.unique is False


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("D2", "x", r"cell D2: a cell holds a rectangle's area \(1 and up\), '\?' or nothing, "),
        ("D2", 0, r"cell D2: a cell holds a rectangle's area"),
        ("A1", 40, r"cell A1: no rectangle of 40 cells holds this 40"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample("shikaku"))
    book.wb["shikaku"][cell].value = value
    with pytest.raises(InputError, match=rf"sheet 'shikaku' {message}"):
        read_puzzle(book, "shikaku")


def test_no_numbers_at_all_or_cells_no_number_reaches(sample):
    book = OpenpyxlBook(sample("shikaku"))
    ws = book.wb["shikaku"]
    for row in ws.iter_rows(max_row=6, max_col=6):
        for c in row:
            c.value = None
    with pytest.raises(InputError, match="sheet 'shikaku': no numbers"):
        read_puzzle(book, "shikaku")
    ws["A1"].value, ws["F6"].value = 2, 2
    with pytest.raises(
        InputError,
        match=r"sheet 'shikaku' cell C1: no number's rectangle can reach this cell \(and 29 more",
    ):
        read_puzzle(book, "shikaku")


URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"  # pzprjs test/script/shikaku.js
# pzprjs' answer to it (the last of its failchecks, no error): the borders right of each cell
# (6 rows of 5) and below each cell (5 rows of 6); 1 a border, -1 a cross, 0 nothing
PZPR_RIGHT = ["1 -1 1 0 0", "1 0 1 0 0", "1 -1 1 0 0", "1 -1 0 1 1", "1 -1 0 1 1", "0 -1 -1 -1 1"]
PZPR_BELOW = ["0 -1 -1 1 1 1", "-1 -1 -1 0 0 0", "-1 1 1 1 1 1", "-1 -1 -1 0 0 0", "1 1 1 1 1 0"]


def pzpr_answer() -> regions.Regions:
    walls = set()
    for r, line in enumerate(PZPR_RIGHT):
        walls |= {((r, c), (r, c + 1)) for c, t in enumerate(line.split()) if t == "1"}
    for r, line in enumerate(PZPR_BELOW):
        walls |= {((r, c), (r + 1, c)) for c, t in enumerate(line.split()) if t == "1"}
    return regions.pieces(6, 6, walls)


@pytest.mark.parametrize("solver", ["highs", "scip", "cbc"])
def test_puzzlink_url_gives_pzprjs_answer(solver):
    p = shikaku.from_url(parse_url(URL))
    assert p.cells[1][:2] == (5, 6) and p.cells[0][4] == 3
    out = solve_puzzle(shikaku.GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True and not out.violations
    assert out.answer == pzpr_answer()


def test_puzzlink_unknown_number_and_a_number_that_fits_nowhere():
    p = shikaku.from_url(parse_url("https://puzz.link/p?shikaku/2/2/.i"))
    assert p.cells == ((UNKNOWN, None), (None, None))
    with pytest.raises(UrlError, match="no rectangle of 9 cells"):
        shikaku.from_url(parse_url("https://puzz.link/p?shikaku/2/2/9i"))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "rects.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "shikaku", Settings("highs"))
    assert res.status == "solved" and res.answer["regions"] == [list(r) for r in pzpr_answer()]


# --- check my answer: rectangles drawn by hand with the border tool ---------------------------


def test_check_reads_rectangles_drawn_by_hand(sample):
    book = OpenpyxlBook(sample("shikaku"))
    ws = book.wb["shikaku"]
    draw_walls_by_hand(ws, KNOWN, 6, 6, style="thick")
    res = check_sheet(book, "shikaku", Settings())
    assert (res.verdict, res.problems, res.empty) == ("correct", [], 0), res.record()
    # the bottom-right 6 not divided from the 6 left of it yet: incomplete, can be finished
    draw_walls_by_hand(
        ws, lettered(["AAABBB", "CCDDEE", "CCDDEE", "CCFFEE", "GGGGGG", "GGGGGG"]), 6, 6
    )
    res = check_sheet(book, "shikaku", Settings())
    assert (res.verdict, res.completable, res.problems) == ("incomplete", True, []), res.record()


def test_check_names_wrong_rectangles(sample):
    book = OpenpyxlBook(sample("shikaku"))
    ws = book.wb["shikaku"]
    # the two 6s at the bottom split 7 and 5: no answer has that wall
    draw_walls_by_hand(
        ws, lettered(["AAABBB", "CCDDEE", "CCDDEE", "CCFFEE", "GGGHHH", "GGGGHH"]), 6, 6
    )
    res = check_sheet(book, "shikaku", Settings())
    assert res.verdict == "wrong" and res.completable is False
    messages = [m for m, _ in res.problems]
    assert "the number 6 at F6 is in a piece of 5 cells" in messages, res.record()
    assert dict(res.problems)["the piece from D5 (5 cells) is not a rectangle"] == [
        "D5",
        "E5",
        "F5",
        "E6",
        "F6",
    ]
    assert ws["F6"].fill.fgColor.rgb.endswith(MARK_FILL)
