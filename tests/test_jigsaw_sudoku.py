"""Jigsaw sudoku: the sample's two sheets (labels, thick borders), the answer form on each, the
model on small cases, verify from the rules, bad input named by sheet and cell, check my answer
typed by hand, and janko's published puzzles. (The sample on every back end and through the .lp
file: tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from conftest import EXAMPLES
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.genres import genre_for_sheet, jigsaw_sudoku
from solver.io.rooms_sheet import rooms_from_labels, write_rooms
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

SLUG = "jigsaw-sudoku"
KNOWN = tuple(tuple(int(ch) for ch in line) for line in example(SLUG)["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
PURE = Settings(time_limit=60, deduce=False)
# the layout's 4x4 (janko.at Chaos-Sudoku 1)
LAYOUT = [
    ["A", "A", "A4", "B3"],
    ["A", "B", "B", "B1"],
    ["C", "C2", "D", "D"],
    ["C", "C", "D", "D"],
]
LAYOUT_ANSWER = ((2, 1, 4, 3), (3, 4, 2, 1), (1, 2, 3, 4), (4, 3, 1, 2))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample(SLUG))
    want = example_puzzle(SLUG)
    for sheet in (SLUG, f"{SLUG} borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers
    assert book.wb[SLUG]["A1"].value == "A4"  # a given beside its label
    assert book.wb[f"{SLUG} borders"]["A1"].value == 4


def test_the_answer_goes_after_the_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved" and res.unique
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    ws = book.wb[SLUG]
    assert (ws["B1"].value, ws["B1"].number_format) == ("A", '@"=6"')  # shows A=6
    assert (ws["A1"].value, ws["A1"].number_format) == ("A4", "General")  # the given stays
    res = solve_sheet(book, f"{SLUG} borders", Settings())
    assert res.answer["regions"] == example_puzzle(SLUG).rooms.regions()
    assert book.wb[f"{SLUG} borders"]["B1"].value == 6


@pytest.mark.parametrize("settings", [Settings(), PURE], ids=["deduced", "pure MIP"])
def test_the_regions_hold_each_digit_once(settings):
    p = jigsaw_sudoku.parse(Grid(SLUG, LAYOUT))
    out = solve_puzzle(jigsaw_sudoku.GENRE, p, settings)
    assert out.status == "solved" and out.unique and out.answer == LAYOUT_ANSWER
    names = {c.name for c in jigsaw_sudoku.model(p).prob.constraints()}
    assert {"region(1,4)", "row(1,4)", "col(4,1)"} <= names
    # a 2x2 whose regions are its rows: rows and regions say the same, two answers
    two = jigsaw_sudoku.Puzzle(Rooms(((0, 0), (1, 1))))
    assert solve_puzzle(jigsaw_sudoku.GENRE, two, settings).unique is False
    # regions as columns and a given 1 in A1: one answer
    cols = jigsaw_sudoku.Puzzle(Rooms(((0, 1), (0, 1))), (((0, 0), 1),))
    out = solve_puzzle(jigsaw_sudoku.GENRE, cols, settings)
    assert out.unique and out.answer == ((1, 2), (2, 1))


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = jigsaw_sudoku.parse(Grid(SLUG, LAYOUT))
    assert jigsaw_sudoku.verify(p, LAYOUT_ANSWER) == []
    swapped = [list(row) for row in LAYOUT_ANSWER]
    swapped[2][2], swapped[3][2] = swapped[3][2], swapped[2][2]  # C3 and C4: rows repeat
    problems = jigsaw_sudoku.verify(p, swapped)
    assert "row 3: two 1s, in A3 and C3" in problems
    assert not any("region" in v for v in problems)  # both in region D
    moved = [list(row) for row in LAYOUT_ANSWER]
    moved[1][0], moved[1][1] = 4, 3  # A2 and B2 swapped: A2 joins region A's 4 in C1
    problems = jigsaw_sudoku.verify(p, moved)
    assert "region 'A': two 4s, in C1 and A2" in problems
    assert next(v for v in problems if "region 'A'" in v).cells == ((0, 2), (1, 0))
    given = [list(row) for row in LAYOUT_ANSWER]
    given[0][3] = 0
    assert jigsaw_sudoku.verify(p, given) == [
        "cell D1 changes the given 3",
        "1 cell holds no digit: D1",
    ]
    assert jigsaw_sudoku.verify(p, ((9,),)) != []  # odd answers: no crash


def _book(tmp_path, rows, rooms: list[str] | None = None):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SLUG
    fill_sheet(ws, rows)
    if rooms:
        drawn, _ = rooms_from_labels(Grid(SLUG, [list(line) for line in rooms]))
        write_rooms(OpenpyxlSheet(ws), drawn)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


REGIONS = ["AAAB", "ABBB", "CCDD", "CCDD"]
DIGITS = [[None, None, 4, 3], [None, None, None, 1], [None, 2, None, None], [None] * 4]


@pytest.mark.parametrize(
    ("rows", "rooms", "where", "says"),
    [
        (LAYOUT, None, None, None),
        (DIGITS, REGIONS, None, None),
        ([["A", "A", "A5", "B3"], *LAYOUT[1:]], None, "C1", "a digit from 1 to 4"),
        ([["A", "A", "A4", "A3"], *LAYOUT[1:]], None, "A1", "region 'A' has 5 cells"),
        ([[None, None, 4, 3], [None, None, None, 1], [None, 2, None, None]], None, None, "square"),
        ([[None, None, 5, 3], *DIGITS[1:]], REGIONS, "C1", "a digit from 1 to 4"),
        ([[None, "?", 4, 3], *DIGITS[1:]], REGIONS, "B1", "expected a number or an empty"),
        ([["A", "A", "A4", "B=7"], *LAYOUT[1:]], None, "D1", "1 to 4 or an empty cell, found 7"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, rooms, where, says):
    book = _book(tmp_path, rows, rooms)
    if says is None:
        _, _, p = read_puzzle(book, SLUG)
        out = solve_puzzle(jigsaw_sudoku.GENRE, p, Settings())
        assert out.unique and out.answer == LAYOUT_ANSWER
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, SLUG)
    assert f"sheet '{SLUG}'" + (f" cell {where}:" if where else "") in str(e.value)
    assert says in str(e.value)


def test_a_region_of_the_wrong_size_among_borders_is_named(tmp_path):
    book = _book(tmp_path, DIGITS, ["AAAA", "ABBB", "CCBD", "CCDD"])
    with pytest.raises(InputError, match=r"cell A1: region at A1 has 5 cells"):
        read_puzzle(book, SLUG)


def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits into the empty cells among borders, after the labels with
    `=` (`A=6`)."""
    book = OpenpyxlBook(sample(SLUG))
    borders, labels = book.wb[f"{SLUG} borders"], book.wb[SLUG]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            if borders.cell(r + 1, c + 1).value is None:
                borders.cell(r + 1, c + 1).value = d
                labels.cell(r + 1, c + 1).value += f"={d}"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders["B1"], borders["C1"] = 2, 6  # B1 and C1 swapped: the columns repeat
    labels["B1"], labels["C1"] = "A=2", "A=6"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        assert "column B: two 2s, in B1 and B6" in dict(res.problems)


def test_sheet_names_find_the_genre():
    for name in ("jigsaw-sudoku", "Jigsaw Sudoku", "jigsaw", "chaos sudoku (2)", "ジグソー数独"):
        assert genre_for_sheet(name) is jigsaw_sudoku.GENRE, name


PUBLISHED = json.loads((EXAMPLES.parent / "published" / f"{SLUG}.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's Chaos-Sudoku (puzzlekit dataset, benchmarks/puzzlekit/jigsaw_sudoku.py): the
    first of each size and the slowest 9x9s, solved to the published answer, proved unique."""
    p = jigsaw_sudoku.parse(Grid(SLUG, entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(jigsaw_sudoku.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert jigsaw_sudoku.record(p, out.answer)["numbers"] == entry["expected"]["numbers"]


@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_the_deductions_hold_in_the_published_answer(entry):
    """Singles and probing decide only what the published answer holds; where they decide
    every cell, that is the answer (no model built); the pure MIP proves it unique too."""
    p = jigsaw_sudoku.parse(Grid(SLUG, entry["cells"]))
    want = entry["expected"]["numbers"]
    deduced = jigsaw_sudoku.deduce(p, jigsaw_sudoku.GENRE.tuning)
    for (r, c, d), v in deduced.fixed["x"].items():
        assert v == int(want[r][c] == d), (r, c, d)
    if deduced.answer is not None:
        assert jigsaw_sudoku.record(p, deduced.answer)["numbers"] == want
        out = solve_puzzle(jigsaw_sudoku.GENRE, p, FAST)
        assert out.note == DECIDED and out.unique is True
    pure = solve_puzzle(jigsaw_sudoku.GENRE, p, PURE)
    assert pure.unique is True and jigsaw_sudoku.record(p, pure.answer)["numbers"] == want


def test_check_and_hints_work_on_the_bordered_sheet_too(sample):
    """tests/test_check.py runs the first (labelled) sheet; the bordered one writes values
    into empty cells and number formats after clues: erase a third, hint back to the end."""
    from test_check import erase_every

    book = OpenpyxlBook(sample(SLUG))
    sheet = f"{SLUG} borders"
    res = solve_sheet(book, sheet, FAST)
    gone = erase_every(book, sheet, res.writes, slice(None, None, 3))
    shown = check.check_sheet(book, sheet, FAST)
    assert (shown.verdict, shown.completable, shown.empty) == ("incomplete", True, gone)
    hints = 0
    while check.hint_sheet(book, sheet, FAST).status == "hint":
        hints += 1
    assert hints == gone and check.check_sheet(book, sheet, FAST).verdict == "correct"
