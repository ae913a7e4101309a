"""Hidato: the sample (janko.at's Hidoku 21), the path block's Reach and rows, verify from the
rules, black cells, bad input named by cell, a hand-typed answer checked, and published puzzles
from janko.at. (The sample on every back end, through the .lp file, check and hints on it:
tests/test_samples.py, tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest

from solver import check
from solver.blocks.numbered_path import reach
from solver.genres import genre_for_sheet, hidato
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import EXAMPLES, example

EX = example("hidato")
KNOWN = tuple(tuple(int(t) for t in line.split()) for line in EX["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "hidato.json").read_text("utf-8"))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("hidato")), "hidato")
    assert (p.rows, p.cols, len(p.path_cells())) == (6, 6, 36)
    assert p.given()[0, 1] == 23 and p.given()[5, 0] == 36
    assert genre_for_sheet("hidoku") is hidato.GENRE


def test_the_layouts_example_has_the_answer_it_shows():
    p = hidato.parse(Grid("hidato", [[1, None, None], [None, "■", 4], [7, None, 5]]))
    out = solve_puzzle(hidato.GENRE, p, Settings())
    assert out.unique and out.answer == ((1, 2, 3), (8, 0, 4), (7, 6, 5))
    assert hidato.record(p, out.answer) == {
        "numbers": [[1, 2, 3], [8, None, 4], [7, 6, 5]],
        "black": [[1, 1]],
    }


def test_reach_keeps_the_numbers_near_enough_to_every_given():
    cells = [(r, c) for r in range(3) for c in range(3)]
    can = reach(cells, {(0, 0): 1, (2, 2): 9})
    assert can[0, 0] == [1] and can[2, 2] == [9]
    assert can[0, 1] == [2, 3, 4, 5, 6, 7]  # one step from 1 and two from 9
    assert can[0, 2] == [3, 4, 5, 6, 7]  # two steps from both


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_model_follows_king_moves_around_black_cells(solver):
    """A ring of 8 cells round a black centre, 1 given: two ways round, 8 must touch 1 then."""
    ring = hidato.parse(Grid("hidato", [[1, None, None], [None, "#", None], [None, None, None]]))
    out = solve_puzzle(hidato.GENRE, ring, Settings(solver))
    assert out.status == "solved" and out.unique is False
    assert hidato.verify(ring, out.answer) == []
    far = hidato.parse(Grid("hidato", [[1, None, 3]]))  # 1 and 3 cannot both touch the 2
    far2 = hidato.parse(Grid("hidato", [[1, 3, None]]))
    assert solve_puzzle(hidato.GENRE, far, Settings(solver)).status == "solved"
    assert solve_puzzle(hidato.GENRE, far2, Settings(solver)).status == "infeasible"


def test_verify_names_each_broken_rule():
    p = hidato.parse(Grid("hidato", [list(row) for row in _given_rows()]))
    assert hidato.verify(p, KNOWN) == []
    swapped = [list(row) for row in KNOWN]
    swapped[0][0], swapped[5][5] = 8, 31  # A1 and F6 swap their numbers
    problems = hidato.verify(p, swapped)
    touch = next(v for v in problems if v.startswith("7 in E5"))
    assert touch == "7 in E5 and 8 in A1 do not touch" and touch.cells == ((0, 0), (4, 4))
    assert "30 in B2 and 31 in F6 do not touch" in problems
    twice = [list(row) for row in KNOWN]
    twice[0][0] = 32  # A1 holds 32, as A2 does; no cell holds 31
    problems = hidato.verify(twice_puzzle := p, twice)
    assert "32 stands 2 times, in A1 and A2" in problems and "no cell holds 31" in problems
    assert twice_puzzle is p
    given = [list(row) for row in KNOWN]
    given[0][1] = 24
    assert "cell B1 changes the given 23" in hidato.verify(p, given)
    partial = [list(row) for row in KNOWN]
    partial[1][1] = 0
    assert hidato.verify(p, partial) == ["1 cell holds no number: B2"]
    big = [list(row) for row in KNOWN]
    big[1][1] = 40
    assert "cell B2 holds 40, beyond 36" in hidato.verify(p, big)
    assert hidato.verify(p, ((9,),)) != []  # odd answers: no crash


def _given_rows():
    return [
        [None if t == "-" else int(t) for t in line.split()]
        for line in EX["puzzle_text"].split("\n")
    ]


def _book(tmp_path, rows):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "hidato"
    fill_sheet(ws, rows)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[1, None], [None, 5]], "B2", "the 4 cells hold the numbers 1 to 4; found 5"),
        ([[1, None], [None, "■"]], None, None),
        ([[1, None], ["x", None]], "A2", "a number, a black cell ■ (or #), or nothing; found 'x'"),
        ([[2, None], [None, 2]], "B2", "2 is given twice: here and in A1"),
        ([["#", "#"], ["#", "#"]], None, "every cell is black"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    book = _book(tmp_path, rows)
    if says is None:
        read_puzzle(book, "hidato")
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, "hidato")
    if where is not None:
        assert f"sheet 'hidato' cell {where}:" in str(e.value)
    assert says in str(e.value)


def test_a_number_as_sentinel_is_the_grids_last_cell_its_sentinel_forgotten(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "hidato"
    ws["A1"], ws["C3"] = 1, 9  # a 3 x 3 hidato, its sentinel not typed: C3 would be one
    wb.save(tmp_path / "nine.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "nine.xlsx"), "hidato")
    assert "sheet 'hidato' cell C3: the sentinel C3 is the number 9" in str(e.value)
    assert "type one character (the sentinel, e.g. E) in D4" in str(e.value)
    ws["C3"] = 1  # a digit no larger than the grid's cells is a sentinel as any character is
    ws["A1"] = None
    ws["A2"] = 1
    wb.save(tmp_path / "one.xlsx")
    read_puzzle(OpenpyxlBook(tmp_path / "one.xlsx"), "hidato")


@pytest.mark.slow
def test_check_a_hand_typed_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("hidato"))
    ws = book.wb["hidato"]
    for r, row in enumerate(KNOWN):
        for c, k in enumerate(row):
            ws.cell(r + 1, c + 1).value = k
    res = check.check_sheet(book, "hidato", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws["A1"], ws["F6"] = 8, 31  # a slip: two numbers swapped
    res = check.check_sheet(book, "hidato", FAST)
    assert res.verdict == "wrong", res.record()
    messages = dict(res.problems)
    assert messages["7 in E5 and 8 in A1 do not touch"] == ["A1", "E5"], messages


def test_the_solved_sheet_shows_every_number(sample):
    book = OpenpyxlBook(sample("hidato"))
    res = solve_sheet(book, "hidato", Settings())
    assert res.status == "solved" and res.unique is True
    assert res.answer["numbers"] == [list(row) for row in KNOWN] and res.answer["black"] == []


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    p = hidato.parse(Grid("hidato", entry["cells"]))
    out = solve_puzzle(hidato.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert hidato.record(p, out.answer)["numbers"] == entry["expected"]["numbers"]
