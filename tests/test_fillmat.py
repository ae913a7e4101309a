"""Fillmat: the sample in the workbook, its mats drawn as borders, verify from the rules, bad
input, `?`, uniqueness, the puzz.link codec with pzprjs' own answer, and an answer drawn by hand
with Excel's border tool through Check. (The sample on every back end, through the .lp file:
tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import pytest

from solver.blocks import regions
from solver.check import check_sheet
from solver.cli import main
from solver.genres import fillmat
from solver.genres.fillmat import UNKNOWN, Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.answer import ANSWER_BORDER, MARK_FILL
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import draw_walls_by_hand, example, lettered

EX = example("fillmat")
KNOWN = lettered(EX["solution_text"].split("\n"))


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("fillmat")), "fillmat")
    assert p == known_puzzle()


def test_sample_answer_drawn_as_borders(sample):
    book = OpenpyxlBook(sample("fillmat"))
    res = solve_sheet(book, "fillmat", Settings())
    assert res.status == "solved" and res.unique is True
    assert res.answer["regions"] == [list(row) for row in KNOWN]
    sheet = book.sheet("fillmat")
    assert sheet.get_style(1, 4, borders=True).borders.side("R") == ANSWER_BORDER  # D1 | E1
    assert sheet.get_style(1, 3, borders=True).borders.side("R") != ANSWER_BORDER  # C1 D1


def test_verify_accepts_the_known_answer_and_names_broken_rules():
    p = known_puzzle()
    assert fillmat.verify(p, KNOWN) == []
    long = lettered(["AAAAB", "CCDEB", "FFFEB", "GHHHH", "GIIII"])
    assert fillmat.verify(p, long) == [
        "the piece from B5 holds 2 numbers (D5, E5)",
        "the mats from B4 and B5 have the same length 4 and touch side by side",
    ]
    empty = Puzzle(((None, None), (None, None)))
    assert fillmat.verify(empty, lettered(["AA", "AB"])) == [
        "the piece from A1 (3 cells) is not a mat of 1x1 to 1x4"
    ]
    four = fillmat.verify(empty, lettered(["AB", "CD"]))
    assert "four mats meet at the top-left corner of B2" in four
    assert "the mats from A1 and B1 have the same length 1 and touch side by side" in four
    assert fillmat.verify(Puzzle(((None,) * 5,)), lettered(["AAAAA"])) == [
        "the piece from A1 (5 cells) is not a mat of 1x1 to 1x4"
    ]


# the model alone, and the SAT solver's answer and proof before any model (`fillmat.deduce`)
WAYS = {"model": Settings("highs", deduce=False), "sat": Settings("highs")}


@pytest.mark.parametrize("way", WAYS)
def test_uniqueness_and_unknown_numbers(way):
    settings = WAYS[way]
    out = solve_puzzle(fillmat.GENRE, Puzzle(((2, None, None),)), settings)
    assert out.status == "solved" and out.unique is True and out.answer == lettered(["AAB"])
    out = solve_puzzle(fillmat.GENRE, Puzzle(((None, None, None),)), settings)
    assert out.status == "solved" and out.unique is False  # AAA, AAB or ABB
    out = solve_puzzle(fillmat.GENRE, Puzzle(((None, 1, None),)), settings)
    assert out.status == "infeasible"  # the 1 touches a 1x1 on either side
    out = solve_puzzle(fillmat.GENRE, Puzzle(((UNKNOWN, None, 1),)), settings)
    assert out.status == "solved" and out.unique is True and out.answer == lettered(["AAB"])
    # its other division has four mats meeting at a point
    crossed = Puzzle(((None, 1, None, None), (None, None, None, 3), (None, None, None, None)))
    out = solve_puzzle(fillmat.GENRE, crossed, settings)
    assert out.status == "solved" and out.unique is True and not out.violations


def test_the_sat_solver_finds_and_proves_the_sample_without_a_model(monkeypatch):
    from solver import pipeline

    monkeypatch.setattr(pipeline, "_build", lambda *a: pytest.fail("a model was built"))
    out = solve_puzzle(fillmat.GENRE, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.note == pipeline.FOUND
    assert out.answer == KNOWN and fillmat.verify(known_puzzle(), out.answer) == []
    n = len(fillmat._Mats.of(known_puzzle()).wall)
    assert out.deduced == (n, n)
    out = solve_puzzle(fillmat.GENRE, Puzzle(((None, None, None),)), Settings())
    assert out.unique is False and out.differ  # another answer named, without a model


def test_where_the_sat_solver_gives_up_the_model_searches_or_proves(monkeypatch):
    import dataclasses

    from solver import pipeline

    tuning = dataclasses.replace(fillmat.GENRE.tuning, guess_sat_work=1)
    genre = dataclasses.replace(fillmat.GENRE, tuning=tuning)
    assert fillmat.deduce(known_puzzle(), tuning).found is None
    asked = []
    others = fillmat._Mats.others
    monkeypatch.setattr(
        fillmat._Mats, "others", lambda self, a, n: asked.append(a) or others(self, a, n)
    )
    out = solve_puzzle(genre, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert asked == [KNOWN]  # the model's answer, proved by the SAT solver
    # the proof of the SAT solver's own answer gives up: the model, that answer its first try
    monkeypatch.setattr(fillmat._Mats, "others", lambda self, a, n: asked.append(a))
    built, build = [], pipeline._build
    monkeypatch.setattr(pipeline, "_build", lambda *a: built.append(a) or build(*a))
    out = solve_puzzle(fillmat.GENRE, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert len(asked) == 2 and len(built) == 1 and out.guessed and out.note != pipeline.FOUND


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("B1", "x", r"cell B1: a cell holds a mat's length 1-4, '\?' or nothing, found 'x'"),
        ("B1", 5, r"cell B1: a cell holds a mat's length 1-4"),
        ("E5", 3, r"cell E5: no straight mat of 3 cells holds this 3"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample("fillmat"))
    book.wb["fillmat"][cell].value = value
    with pytest.raises(InputError, match=rf"sheet 'fillmat' {message}"):
        read_puzzle(book, "fillmat")


URL = "https://puzz.link/p?fillmat/5/5/3b3h1h1b4"  # pzprjs test/script/fillmat.js
# pzprjs' answer to it (its last failcheck, no error): the borders right of each cell (5 rows of
# 4) and below each cell (4 rows of 5); 1 a border, -1 a cross, 0 nothing
PZPR_RIGHT = ["1 1 0 0", "1 1 0 1", "1 1 1 1", "1 1 1 1", "1 1 1 1"]
PZPR_BELOW = ["0 -1 1 1 1", "0 -1 1 1 -1", "1 -1 1 -1 -1", "0 1 -1 0 -1"]


def pzpr_answer() -> regions.Regions:
    walls = set()
    for r, line in enumerate(PZPR_RIGHT):
        walls |= {((r, c), (r, c + 1)) for c, t in enumerate(line.split()) if t == "1"}
    for r, line in enumerate(PZPR_BELOW):
        walls |= {((r, c), (r + 1, c)) for c, t in enumerate(line.split()) if t == "1"}
    return regions.pieces(5, 5, walls)


@pytest.mark.parametrize("solver", ["highs", "scip", "cbc"])
def test_puzzlink_url_gives_pzprjs_answer(solver):
    p = fillmat.from_url(parse_url(URL))
    assert p.cells[0] == (3, None, None, 3, None) and p.cells[4] == (None, 1, None, None, 4)
    out = solve_puzzle(fillmat.GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True and not out.violations
    assert out.answer == pzpr_answer()


def test_puzzlink_bad_numbers():
    with pytest.raises(UrlError, match="a mat's length 1-4, found 5"):
        fillmat.from_url(parse_url("https://puzz.link/p?fillmat/2/2/5c"))
    with pytest.raises(UrlError, match="no mat fits the number at A1"):
        fillmat.from_url(parse_url("https://puzz.link/p?fillmat/2/2/4c"))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "mats.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "fillmat", Settings("highs"))
    assert res.status == "solved" and res.answer["regions"] == [list(r) for r in pzpr_answer()]


def test_check_reads_mats_drawn_by_hand(sample):
    book = OpenpyxlBook(sample("fillmat"))
    ws = book.wb["fillmat"]
    draw_walls_by_hand(ws, KNOWN, 5, 5, style="thick")
    res = check_sheet(book, "fillmat", Settings())
    assert (res.verdict, res.problems, res.empty) == ("correct", [], 0), res.record()
    # the last row's mats not divided yet: incomplete, and it can be finished
    draw_walls_by_hand(ws, lettered(["AAAAB", "CCDEB", "FFFEB", "GHHHH", "GGGGG"]), 5, 5)
    res = check_sheet(book, "fillmat", Settings())
    assert (res.verdict, res.completable, res.problems) == ("incomplete", True, []), res.record()


def test_check_names_wrong_mats(sample):
    book = OpenpyxlBook(sample("fillmat"))
    ws = book.wb["fillmat"]
    # the mat of four in row 4 cut in two mats of two, side by side: no answer has that wall
    draw_walls_by_hand(ws, lettered(["AAAAB", "CCDEB", "FFFEB", "GHHKK", "GIIIJ"]), 5, 5)
    res = check_sheet(book, "fillmat", Settings())
    assert res.verdict == "wrong" and res.completable is False, res.record()
    message = "the mats from B4 and D4 have the same length 2 and touch side by side"
    assert dict(res.problems)[message] == ["B4", "C4", "D4", "E4"], res.record()
    assert ws["D4"].fill.fgColor.rgb.endswith(MARK_FILL)
    # a wall left out is a division not finished: the 3 and the 1 of the last row together
    draw_walls_by_hand(ws, lettered(["AAAAB", "CCDEB", "FFFEB", "GHHHH", "GIIII"]), 5, 5)
    res = check_sheet(book, "fillmat", Settings())
    assert (res.verdict, res.completable, res.problems) == ("incomplete", True, []), res.record()
