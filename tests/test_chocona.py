"""Chocona: the sample's two sheets (labels, thick borders), the model on small grids, verify
from the rules, bad input named by sheet and cell, the puzz.link codec with pzprjs's test
puzzle, check on a hand-shaded sheet, and published puzzles (janko.at) solved to their answers.
(The sample on every back end in both forms: tests/test_samples.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from conftest import EXAMPLES
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.genres import chocona
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("chocona")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"
FAST = Settings(time_limit=60)
PURE = Settings("highs", time_limit=60, deduce=False)


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("chocona"))
    want = example_puzzle("chocona")
    for sheet in ("chocona", "chocona borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers


def test_the_model_allows_rectangles_only():
    """A 2x2 room of 3: three shaded cells make an L, so no answer; of 4: the square. A 2x3
    room of 4: a 2x2 square at either end (two answers)."""
    square = Rooms(((0, 0), (0, 0)))
    for n, status in ((3, "infeasible"), (4, "solved")):
        out = solve_puzzle(chocona.GENRE, chocona.Puzzle(square, (((0, 0), n),)), PURE)
        assert out.status == status
    wide = Rooms(((0, 0, 0), (0, 0, 0)))
    out = solve_puzzle(chocona.GENRE, chocona.Puzzle(wide, (((0, 0), 4),)), PURE)
    assert out.status == "solved" and out.unique is False
    assert out.answer in ({(0, 0), (0, 1), (1, 0), (1, 1)}, {(0, 1), (0, 2), (1, 1), (1, 2)})


def test_rectangles_may_touch_at_a_corner():
    p = chocona.Puzzle(
        Rooms(((0, 1), (2, 3))), (((0, 0), 1), ((0, 1), 0), ((1, 0), 0), ((1, 1), 1))
    )
    assert chocona.verify(p, frozenset({(0, 0), (1, 1)})) == []
    out = solve_puzzle(chocona.GENRE, p, PURE)
    assert out.status == "solved" and out.unique is True and out.answer == {(0, 0), (1, 1)}


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("chocona")
    assert chocona.verify(p, KNOWN) == []
    more = chocona.verify(p, KNOWN | {(1, 2)})  # C2 joins the block A1:B4, in B2's room of 1
    assert "the shaded area at A1 (9 cells) is not a rectangle" in more
    assert "room at B2 has 2 shaded cells, its number says 1" in more
    fewer = chocona.verify(p, KNOWN - {(4, 4)})  # E5 leaves an L of three
    assert "the shaded area at F5 (3 cells) is not a rectangle" in fewer
    assert "room at E5 has 2 shaded cells, its number says 3" in fewer
    assert chocona.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_the_deductions_hold_in_the_answer():
    p = example_puzzle("chocona")
    d = chocona.deduce(p, chocona.GENRE.tuning)
    assert d.answer == KNOWN  # the rules decide the sample whole
    boxed = chocona.Puzzle(Rooms(((0, 0), (0, 0))), (((0, 0), 3),))
    assert chocona.deduce(boxed, chocona.GENRE.tuning).answer is None  # no answer: nothing


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/chocona.js: its URL (the sample's puzzle) and its answer."""
    p = chocona.from_url(parse_url(URL))
    assert p == example_puzzle("chocona")
    answer = "##+###/##++++/##+#+#/##+#++/..++##/.##+##/"
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert want == KNOWN and chocona.verify(p, frozenset(want)) == []
    out = solve_puzzle(chocona.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert chocona.to_url(p) == URL
    with pytest.raises(UrlError, match="room 1 has 1 cells"):
        chocona.from_url(parse_url("https://puzz.link/p?chocona/1/1/2"))


def test_import_draws_the_rooms_as_borders(tmp_path):
    path = tmp_path / "c.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, _, p = read_puzzle(OpenpyxlBook(path), "chocona")
    assert p == chocona.from_url(parse_url(URL))


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A5", "A"], ["B", "B"]], "A1", "at most 2 shaded cells; found 5"),
        ([["A1", "A2"], ["B", "B"]], "B1", "one number per room"),
        ([["A", "A"], ["B", 3]], "B2", "without a room label"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "chocona"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "chocona")
    assert f"sheet 'chocona' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("chocona"))
    borders, labels = book.wb["chocona borders"], book.wb["chocona"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        if borders.cell(r + 1, c + 1).value is None:
            borders.cell(r + 1, c + 1).value = "#"
        else:
            borders.cell(r + 1, c + 1).fill = dark
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("chocona borders", "chocona"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(2, 3).value = "■"  # C2 joins the shaded block A1:B4
    labels.cell(2, 3).fill = dark
    for sheet in ("chocona borders", "chocona"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        messages = [m for m, _ in res.problems]
        assert "the shaded area at A1 (9 cells) is not a rectangle" in messages


PUBLISHED = json.loads((EXAMPLES.parent / "published" / "chocona.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's chocona (puzzlekit dataset, benchmarks/puzzlekit/chocona.py): the first few
    and the largest, typed as labels, solved to the published answer and proved unique."""
    p = chocona.parse(Grid("chocona", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(chocona.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert chocona.record(p, out.answer)["shaded"] == entry["expected"]["shaded"]
