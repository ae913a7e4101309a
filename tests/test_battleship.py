"""Battleship: the sample sheet (counts above and left, the fleet beside), the model on small
fleets, verify from the rules, bad input named by cell, the puzz.link codec with pzprjs' answer,
import, check on a hand-shaded sheet, and published puzzles (tests/data/published/
battleship.json). (The sample on every back end through the .lp file: tests/test_samples.py;
check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from battleship_sample import example_puzzle
from openpyxl.styles import PatternFill

from solver import check
from solver.cli import main
from solver.genres import battleship
from solver.genres.battleship import Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("battleship")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c"
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((ROOT / "tests/data/published/battleship.json").read_text("utf-8"))


def test_the_sheet_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("battleship")), "battleship")
    assert p == example_puzzle()
    assert p.fleet == (3, 2, 2, 1, 1, 1)
    assert p.givens == (((0, 5), "water"), ((3, 0), "left"))


def test_the_fleet_may_be_typed_in_one_cell_and_segments_in_many_spellings():
    rows = [
        [None, 1, None, None, None, "3, 1"],
        [None, "◀", None, None, None, None],
        [1, "water", "o", None, None, None],
    ]
    p = battleship.parse(Grid("battleship", rows))
    assert p.fleet == (3, 1)
    assert p.givens == (((0, 0), "left"), ((1, 0), "water"), ((1, 1), "single"))
    assert (p.rows, p.cols, p.col_counts, p.row_counts) == (2, 3, (1, None, None), (None, 1))
    assert battleship.to_cells(p)[0] == [None, 1, None, None, None, 3]


@pytest.mark.parametrize("deduce", [False, True])
def test_the_model_places_a_small_fleet(deduce):
    """A 3x3 with a ship of 2 and one of 1, the 2's top end given in the first cell, the column
    counts 2, 0, 1 and a ship cell in each row: the 2 goes down the first column, the 1 into the
    last cell."""
    p = Puzzle(3, 3, (2, 0, 1), (1, 1, 1), (2, 1), (((0, 0), "top"),))
    out = solve_puzzle(battleship.GENRE, p, Settings(deduce=deduce))
    assert out.status == "solved" and out.unique is True
    assert out.answer == {(0, 0), (1, 0), (2, 2)}
    touching = Puzzle(2, 2, (1, 1), (2, None), (1, 1), ())  # two subs in one row of two: touch
    assert solve_puzzle(battleship.GENRE, touching, Settings(deduce=deduce)).status == "infeasible"


def test_verify_names_the_sheet_cells():
    p = example_puzzle()
    assert battleship.verify(p, KNOWN) == []
    moved = battleship.verify(p, KNOWN - {(5, 0)} | {(5, 2)})  # the sub at B7 moved to D7
    assert moved == [
        "the ships at E6 and D7 touch corner to corner",
        "the column of the count 2 at D1 has 3 ship cells",
    ]
    assert moved[0].cells == ((5, 4), (6, 3))
    longer = battleship.verify(p, KNOWN | {(2, 2)})  # the 2 at D2-D3 grows to D4
    assert "2 ships of 3 cells (at D2, E6), but the fleet lists 1" in longer
    assert "the fleet lists 2 ships of 2 cells, and 1 is placed" in longer
    bent = battleship.verify(p, KNOWN | {(0, 1)})  # C2 beside D2
    assert "the ship cells at C2 are not one straight line: ships never touch" in bent
    assert "the ships at C2 and B3 touch corner to corner" in bent
    assert "G2 is given as water and holds a ship" in battleship.verify(p, KNOWN | {(0, 5)})
    assert "B5 is given as a left segment and holds no ship" in battleship.verify(
        p, KNOWN - {(3, 0)}
    )
    assert "B5 is given as a left segment, and its ship makes it a single one" in (
        battleship.verify(p, KNOWN - {(3, 1)})
    )
    assert battleship.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_bad_input_names_the_cell(tmp_path):
    cases = [
        ([[1, 1, None, 1], [None, None, None, None]], "A1", "A1 stays empty"),
        ([[None, 3, None, 1], [None, None, None, None]], "B1", "a column's count from 0 to 1"),
        ([[None, 1, None, "two"], [None, None, None, None]], "D1", "ship lengths"),
        ([[None, 1, None, 1], [None, "?", None, None]], "B2", "a given segment"),
        ([[None, 1, None, 1], [None, "m", None, None]], "B2", "no ship of the fleet"),
    ]
    for rows, where, says in cases:
        wb = openpyxl.Workbook()
        wb.active.title = "battleship"
        fill_sheet(wb.active, rows)
        wb.save(tmp_path / "bad.xlsx")
        with pytest.raises(InputError) as e:
            read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "battleship")
        assert f"sheet 'battleship' cell {where}:" in str(e.value), str(e.value)
        assert says in str(e.value), str(e.value)


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/battleship.js: its URL and its answer."""
    p = battleship.from_url(parse_url(URL))
    assert p == example_puzzle()
    assert battleship.to_url(p) == URL
    answer = "+ + # + + + /# + # + + # /+ + + + + + /+ # + + + + /+ + + # # # /# + + + + + /"
    want = {
        (r, c)
        for r, row in enumerate(answer.strip("/").split("/"))
        for c, ch in enumerate(row.split())
        if ch == "#"
    } | {(3, 0)}  # the given left end, a ship's cell in pzprjs without its `#`
    assert battleship.verify(p, frozenset(want)) == []
    out = solve_puzzle(battleship.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want


def test_puzzlink_fleets_and_segments():
    custom = Puzzle(3, 4, (None,) * 4, (None,) * 3, (4, 2), (((1, 1), "ship"), ((2, 3), "single")))
    url = battleship.to_url(custom)
    assert url == "https://puzz.link/p?battleship/4/3/mk.k6/2/21o/41u"
    assert battleship.from_url(parse_url(url)) == custom
    with pytest.raises(UrlError, match="not a fleet of straight ships"):
        battleship.from_url(parse_url("https://puzz.link/p?battleship/4/4/nv//t"))
    with pytest.raises(UrlError, match="not a straight ship"):
        battleship.from_url(parse_url("https://puzz.link/p?battleship/4/4/nv/1/22u"))
    with pytest.raises(UrlError, match="not a ship's segment"):
        battleship.from_url(parse_url("https://puzz.link/p?battleship/2/2/j9i//c"))


def test_import_writes_the_counts_and_the_fleet(tmp_path):
    path = tmp_path / "b.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, _, p = read_puzzle(book, "battleship")
    assert p == battleship.from_url(parse_url(URL))
    ws = book.wb["battleship"]
    assert ws["C1"].value == 1 and ws["A3"].value == 3 and ws["B5"].value == "<"
    assert [ws.cell(r, 9).value for r in range(1, 7)] == [3, 2, 2, 1, 1, 1]


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("battleship"))
    ws = book.wb["battleship"]
    for r, c in KNOWN - {(3, 0)}:
        ws.cell(r + 2, c + 2).value = "■"
    res = check.check_sheet(book, "battleship", FAST)
    assert res.verdict == "incomplete"  # the given left end at B5 is a ship's cell too
    ws["B5"].fill = PatternFill("solid", fgColor="000000")
    res = check.check_sheet(book, "battleship", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws.cell(2, 2).value = "#"  # B2: a new sub, beside C3's ... no: the row count 0 ...
    res = check.check_sheet(book, "battleship", FAST)
    assert res.verdict == "wrong"


def _published(entry: dict) -> None:
    p = battleship.parse(Grid("battleship", entry["cells"]))
    out = solve_puzzle(battleship.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True, entry["name"]
    assert battleship.record(p, out.answer)["shaded"] == entry["expected"]["shaded"], entry["name"]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    _published(entry)


@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_the_sat_solver_decides_the_published_puzzles_alone(entry):
    """`deduce`: the SAT solver over the model's rules finds each published puzzle's one answer
    (no model runs); where a puzzle has several (a 3x3 whose one ship of 2 may lie down the
    first column or the last, at the top or the bottom), it decides nothing."""
    p = battleship.parse(Grid("battleship", entry["cells"]))
    answer = battleship.deduce(p, battleship.GENRE.tuning).answer
    assert answer is not None
    assert battleship.record(p, answer)["shaded"] == entry["expected"]["shaded"]
    two = Puzzle(3, 3, (2, 0, 2), (None, None, None), (2,), ())
    assert battleship.deduce(two, battleship.GENRE.tuning).fixed == {}
