"""Suguru: the sample's two sheets (labels, thick borders), verify from the rules, the touch rule
as 2 x 2 blocks, bad input named by sheet and cell, pzprjs' test puzzle by URL, import, check
my answer typed by hand, and published puzzles from janko.at. (The sample on every back end
and through the .lp file: tests/test_samples.py; check, hints and forced cells:
tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.genres import genre_for_pzpr, genre_for_sheet, suguru
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import EXAMPLES, example

KNOWN = tuple(
    tuple(int(ch) for ch in line) for line in example("suguru")["solution_text"].split("\n")
)
FAST = Settings(time_limit=60)
URL = "https://puzz.link/p?suguru/5/5/cih47bs73m3g5p1g2g"
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "suguru.json").read_text("utf-8"))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("suguru"))
    want = example_puzzle("suguru")
    for sheet in ("suguru", "suguru borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers
    assert book.wb["suguru"]["A1"].value == "A3"  # a given beside its label
    assert book.wb["suguru borders"]["A1"].value == 3


def test_the_answer_goes_after_the_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample("suguru"))
    res = solve_sheet(book, "suguru", Settings())
    assert res.status == "solved" and res.unique
    ws = book.wb["suguru"]
    assert ws["B1"].value == "A" and ws["B1"].number_format == '@"=2"'  # shows A=2
    assert ws["A1"].value == "A3" and ws["A1"].number_format == "General"  # the given stays
    res = solve_sheet(book, "suguru borders", Settings())
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    assert book.wb["suguru borders"]["B1"].value == 2


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("suguru")
    assert suguru.verify(p, KNOWN) == []
    near = [list(row) for row in KNOWN]
    near[0][2] = 2  # C1, a room of one cell, holds 2 beside B1's 2 and D1's 2
    problems = suguru.verify(p, near)
    assert "cell C1 holds 2, but its room has only 1 cell" in problems
    touch = next(v for v in problems if v.startswith("two 2s touch, in B1"))
    assert touch == "two 2s touch, in B1 and C1" and touch.cells == ((0, 1), (0, 2))
    assert "two 2s touch, in C1 and D1" in problems
    diagonal = [list(row) for row in KNOWN]
    diagonal[1][1], diagonal[1][0] = 1, 4  # the room A1:B2 holds 3 2 / 4 1: B2's 1 touches C1's
    problems = suguru.verify(p, diagonal)
    assert "two 1s touch, in C1 and B2" in problems
    twice = [list(row) for row in KNOWN]
    twice[3][0] = 4  # the room F (labels from the example) holds 4 twice
    assert "room 'F': two 4s, in A4 and B4" in suguru.verify(p, twice)
    given = [list(row) for row in KNOWN]
    given[0][0] = 1
    assert "cell A1 changes the given 3" in suguru.verify(p, given)
    partial = [list(row) for row in KNOWN]
    partial[4][4] = 0
    assert suguru.verify(p, partial) == ["1 cell holds no digit: E5"]
    assert suguru.verify(p, ((9,),)) != []  # odd answers: no crash


def test_the_model_states_the_touch_rule_as_two_by_two_blocks():
    p = suguru.Puzzle(Rooms(((0, 0, 1), (0, 0, 1), (2, 2, 2))))
    m = suguru.model(p)
    names = {c.name for c in m.prob.constraints() if c.name.startswith("Touch")}
    # 1s to 3s in each of the four blocks; 4s in the three blocks with two cells of A1:B2
    assert len(names) == 3 * 4 + 3
    out = solve_puzzle(suguru.GENRE, p, Settings(), check_unique=False)
    assert out.status == "solved" and suguru.verify(p, out.answer) == []
    block = suguru.Puzzle(Rooms(((0, 0), (1, 1))))  # two 1s in one 2 x 2 block always touch
    assert solve_puzzle(suguru.GENRE, block, Settings()).status == "infeasible"
    row = suguru.Puzzle(Rooms(((0, 0, 1),)))  # B1 touches C1's 1: it holds 2
    out = solve_puzzle(suguru.GENRE, row, Settings())
    assert out.status == "solved" and out.unique and out.answer == ((1, 2, 1),)


def test_the_layouts_example_has_the_answer_it_shows():
    p = suguru.parse(Grid("suguru", [["A1", "A", "B"], ["A", "A", "B"], ["C", "C", "C"]]))
    out = solve_puzzle(suguru.GENRE, p, Settings())
    assert out.unique and out.answer == ((1, 3, 2), (2, 4, 1), (1, 3, 2))


@pytest.mark.parametrize("solver", SOLVERS)
def test_pzprjs_test_puzzle_by_url_gives_pzprjs_answer(solver):
    p = suguru.from_url(parse_url(URL))
    assert (p.rows, p.cols, len(p.rooms)) == (5, 5, 7)
    assert p.rooms.ids == example_puzzle("suguru").rooms.ids
    out = solve_puzzle(suguru.GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert suguru.to_url(p) == URL
    assert genre_for_pzpr("suguru") is suguru.GENRE
    assert genre_for_sheet("tectonic") is suguru.GENRE


def test_pzprjs_failcheck_answers_are_wrong():
    """pzprjs' failcheck boards: a room with a repeated digit, equal digits touching, an empty
    cell."""
    p = suguru.from_url(parse_url(URL))
    g = ((3, 0, 0, 0, 0), (0, 0, 0, 3, 0), (5, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 1, 0, 2, 0))

    def on_givens(rows):
        return tuple(
            tuple(a or b for a, b in zip(r1, r2, strict=True))
            for r1, r2 in zip(g, rows, strict=True)
        )

    dup = ((0, 0, 0, 0, 0), (0, 0, 1, 0, 4), (0, 3, 2, 0, 0), (2, 4, 5, 0, 0), (3, 0, 3, 0, 1))
    assert any(": two 3s" in v for v in suguru.verify(p, on_givens(dup)))
    around = ((0, 0, 1, 0, 0), (0, 1, 0, 0, 1), (0,) * 5, (0,) * 5, (0,) * 5)
    assert any(v.startswith("two 1s touch") for v in suguru.verify(p, on_givens(around)))
    assert any("hold no digit" in v for v in suguru.verify(p, g))


def test_import_draws_the_rooms_as_borders_and_solves(tmp_path):
    path = tmp_path / "s.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, _, p = read_puzzle(book, "suguru")
    assert p == suguru.from_url(parse_url(URL))
    res = solve_sheet(book, "suguru", Settings())
    assert res.status == "solved" and res.answer["numbers"] == [list(r) for r in KNOWN]


def _book(tmp_path, rows, name="suguru"):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    fill_sheet(ws, rows)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A3", "A"], ["B", "B"]], "A1", "a room of 2 cells holds 1 to 2; found 3"),
        ([["A", "A"], ["B", 1]], "B2", "without a room label"),
        ([["A", "A"], ["B", None]], "B2", "empty cell"),
        ([["A", "B"], ["B", "A"]], "B2", "falls apart"),
        ([["A1=2", "A"], ["B", "B"]], "A1", "'A1=2' holds 1 and 2"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    with pytest.raises(InputError) as e:
        read_puzzle(_book(tmp_path, rows), "suguru")
    assert f"sheet 'suguru' cell {where}:" in str(e.value)
    assert says in str(e.value)


@pytest.mark.slow
def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits: into the empty cells among borders, after the labels with
    `=` on the labelled sheet."""
    book = OpenpyxlBook(sample("suguru"))
    borders, labels = book.wb["suguru borders"], book.wb["suguru"]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            if borders.cell(r + 1, c + 1).value is None:
                borders.cell(r + 1, c + 1).value = d
                labels.cell(r + 1, c + 1).value += f"={d}"
    for sheet in ("suguru borders", "suguru"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    # a slip: D1 and E1 swapped, their room still holds 1 and 2, but D1's 1 touches C1's
    borders["D1"], borders["E1"] = 1, 2  # the room D1:E1 still holds 1 and 2
    labels["D1"], labels["E1"] = "C=1", "C=2"
    for sheet in ("suguru borders", "suguru"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        messages = dict(res.problems)
        assert messages["two 1s touch, in C1 and D1"] == ["C1", "D1"], messages


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    p = suguru.parse(Grid("suguru", entry["cells"]))
    out = solve_puzzle(suguru.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert suguru.record(p, out.answer)["numbers"] == entry["expected"]["numbers"]


def test_the_rules_decide_the_example_whole_and_the_pure_model_agrees():
    p = example_puzzle("suguru")
    found = suguru.deduce(p, suguru.GENRE.tuning)
    assert found.answer == KNOWN and found.answer_vars == len(found.fixed["x"])
    size = {cell: len(room) for room in p.rooms.all() for cell in room}
    assert all(d <= size[r, c] for r, c, d in found.fixed["x"])  # digits the rooms can hold
    pure = solve_puzzle(suguru.GENRE, p, Settings(deduce=False), check_unique=True)
    assert pure.answer == KNOWN and pure.unique is True


def test_the_rules_keep_both_answers_of_an_open_domino():
    """One room of two cells: 1 2 or 2 1, so nothing is decided."""
    p = suguru.parse(Grid("suguru", [["A", "A"]]))
    found = suguru.deduce(p, suguru.GENRE.tuning)
    assert found.answer is None and not any(found.fixed["x"].values())
