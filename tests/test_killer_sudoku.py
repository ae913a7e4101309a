"""Killer sudoku: the sample's two sheets (labels, thick borders), the answer form on each, the
model on small cases, the deductions, verify from the rules, bad input named by sheet and cell,
check my answer typed by hand, and janko's published puzzles. (The sample on every back end and
through the .lp file: tests/test_samples.py; check, hints and forced cells:
tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from conftest import EXAMPLES
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.deduce import digit_logic
from solver.genres import genre_for_sheet, killer_sudoku
from solver.io.rooms_sheet import rooms_from_labels, write_rooms
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

SLUG = "killer-sudoku"
KNOWN = tuple(tuple(int(ch) for ch in line) for line in example(SLUG)["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
PURE = Settings(time_limit=60, deduce=False)
# the layout's 4x4 (janko.at Killer 1)
LAYOUT = [
    ["A9", "A", "B8", "C3"],
    ["A", "D7", "B", "C"],
    ["E4", "D", "B", "F9"],
    ["E", "D", "F", "F"],
]
LAYOUT_ANSWER = ((2, 3, 4, 1), (4, 1, 3, 2), (3, 2, 1, 4), (1, 4, 2, 3))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample(SLUG))
    want = example_puzzle(SLUG)
    for sheet in (SLUG, f"{SLUG} borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.room_numbers() == want.room_numbers()
    assert book.wb[SLUG]["E1"].value == "D12"
    assert book.wb[f"{SLUG} borders"]["E1"].value == 12  # in its cage's first cell


def test_the_answer_goes_after_sums_and_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, f"{SLUG} borders", Settings())
    assert res.status == "solved" and res.unique
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    assert res.answer["regions"] == example_puzzle(SLUG).rooms.regions()
    assert res.answer["boxes"][0] == [0, 0, 0, 1, 1, 1]  # boxes 3 wide, 2 tall
    ws = book.wb[f"{SLUG} borders"]
    assert ws["E1"].value == 12 and ws["E1"].number_format == '0"=6"'  # shows 12=6
    assert ws["C1"].value == 3  # an empty cell of cage B gets its digit
    solve_sheet(book, SLUG, Settings())
    ws = book.wb[SLUG]
    assert (ws["E1"].value, ws["E1"].number_format) == ("D12", '@"=6"')
    assert (ws["C1"].value, ws["C1"].number_format) == ("B", '@"=3"')


@pytest.mark.parametrize("settings", [FAST, PURE], ids=["deduced", "pure MIP"])
def test_cages_add_up_with_different_digits(settings):
    p = killer_sudoku.parse(Grid(SLUG, LAYOUT))
    out = solve_puzzle(killer_sudoku.GENRE, p, settings)
    assert out.status == "solved" and out.unique and out.answer == LAYOUT_ANSWER
    names = {c.name for c in killer_sudoku.model(p).prob.constraints()}
    assert {"Cage(1)", "Cage(1,4)", "box(1,1)", "row(4,4)"} <= names
    # a 4x4 of two-cell cages along the rows, each 3 or 7: {1,2} and {3,4} in every row; the
    # boxes and columns leave more than one answer
    rows = [["A3", "A", "B7", "B"], ["C7", "C", "D3", "D"], ["E3", "E", "F7", "F"]]
    two = killer_sudoku.parse(Grid(SLUG, [*rows, ["G7", "G", "H3", "H"]]))
    assert solve_puzzle(killer_sudoku.GENRE, two, FAST).unique is False


def test_the_deductions_hold_in_the_answer_and_decide_the_layout():
    p = killer_sudoku.parse(Grid(SLUG, LAYOUT))
    found = killer_sudoku.deduce(p, killer_sudoku.GENRE.tuning)
    assert found.answer == LAYOUT_ANSWER
    sample = example_puzzle(SLUG)
    fixed = killer_sudoku.deduce(sample, killer_sudoku.GENRE.tuning).fixed["x"]
    assert fixed and all(v == int(KNOWN[r][c] == d) for (r, c, d), v in fixed.items())
    # outies: row 1 holds 1-4 (10); the cages that reach into it add up to 20, so their cells
    # below it add up to 10 (and no cage lies within the row: no innie)
    regions = [([(0, c) for c in range(4)], 10)]
    cages = [([(0, 0), (0, 1), (1, 0)], 9), ([(0, 2), (1, 2), (2, 2)], 8), ([(0, 3), (1, 3)], 3)]
    outies = [([(1, 0), (1, 2), (1, 3), (2, 2)], 10)]
    assert digit_logic.innies_outies(regions, cages) == outies
    # innies: cages A and C lie within rows 1-2 (20): the band's other cells add up to 8
    band = [([(r, c) for r in range(2) for c in range(4)], 20)]
    assert digit_logic.innies_outies(band, cages)[0] == ([(0, 2), (1, 1), (1, 2)], 8)
    # a board without answer: two given 1s in a row
    bad = killer_sudoku.Puzzle(p.rooms, p.numbers, (((0, 0), 1), ((0, 1), 1)))
    assert digit_logic.deduce(killer_sudoku.board(bad, 10**6), dict(bad.digits)) is None
    out = solve_puzzle(killer_sudoku.GENRE, bad, FAST)
    assert out.status == "infeasible"


def test_the_sample_is_decided_by_the_deductions(sample):
    res = solve_sheet(OpenpyxlBook(sample(SLUG)), SLUG, Settings())
    assert res.outcome.note == DECIDED and res.unique


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = killer_sudoku.parse(Grid(SLUG, LAYOUT))
    assert killer_sudoku.verify(p, LAYOUT_ANSWER) == []
    wrong = [list(row) for row in LAYOUT_ANSWER]
    wrong[0][0] = 1  # A1: cage A adds up to 8, and row 1 holds two 1s
    problems = killer_sudoku.verify(p, wrong)
    assert "cage 'A' adds up to 8, its sum is 9" in problems
    assert next(v for v in problems if "adds up" in v).cells == ((0, 0), (0, 1), (1, 0))
    assert "row 1: two 1s, in A1 and D1" in problems
    over = [list(row) for row in LAYOUT_ANSWER]
    over[0][1], over[1][0] = 4, 0  # B1 = 4 with A2 empty: cage A already 6, under 9: fine
    assert not any("cage" in v for v in killer_sudoku.verify(p, over))
    over[0][0] = 4  # ... A1 = 4 too: 8, and two 4s in the cage
    problems = killer_sudoku.verify(p, over)
    assert "cage 'A': two 4s, in A1 and B1" in problems
    bordered = killer_sudoku.Puzzle(Rooms(p.rooms.ids), p.numbers)
    assert "cage at A1 adds up to 8, its sum is 9" in killer_sudoku.verify(bordered, wrong)
    assert killer_sudoku.verify(p, ((9,),)) != []  # odd answers: no crash


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


CAGES = ["AABC", "ADBC", "EDBF", "EDFF"]
SUMS = [[9, None, 8, 3], [None, 7, None, None], [4, None, None, 9], [None] * 4]


@pytest.mark.parametrize(
    ("rows", "rooms", "where", "says"),
    [
        (LAYOUT, None, None, None),
        (SUMS, CAGES, None, None),
        ([["A9", "A", "B8", "C2"], *LAYOUT[1:]], None, "D1", "no 2 different digits"),
        ([["A9", "A", "B8", "C"], *LAYOUT[1:]], None, "D1", "cage 'C' has no sum"),
        ([["A9", "A", "B8", "C3"], ["A", "D7", "B", "C3"], *LAYOUT[2:]], None, "D2", "second"),
        ([[9, None, 8, 3], [None, 7, 9, None], *SUMS[2:]], CAGES, "C2", "first cell, here C1"),
        (
            [[9, None, 8, None], *SUMS[1:]],
            CAGES,
            "D1",
            "cage at D1 has no sum: type it into the cage's first cell D1, or, if this cell "
            "belongs to a larger cage, take out the wall",
        ),
        ([row[:3] for row in LAYOUT[:3]], None, None, "no box shape"),
        ([row[:3] for row in LAYOUT], None, None, "square"),
        ([["A9=5", "A", "B8", "C3"], *LAYOUT[1:]], None, "A1", "after '=', found 5"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, rooms, where, says):
    book = _book(tmp_path, rows, rooms)
    if says is None:
        _, _, p = read_puzzle(book, SLUG)
        out = solve_puzzle(killer_sudoku.GENRE, p, Settings())
        assert out.unique and out.answer == LAYOUT_ANSWER
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, SLUG)
    assert f"sheet '{SLUG}'" + (f" cell {where}:" if where else "") in str(e.value)
    assert says in str(e.value)


def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits: into the empty cells among borders and after a sum with `=`
    (`12=6`), after the labels with `=` (`D12=6`, `B=3`)."""
    book = OpenpyxlBook(sample(SLUG))
    borders, labels = book.wb[f"{SLUG} borders"], book.wb[SLUG]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            cell = borders.cell(r + 1, c + 1)
            cell.value = d if cell.value is None else f"{cell.value}={d}"
            labels.cell(r + 1, c + 1).value += f"={d}"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    # a slip in row 1: B1 and C1 swapped (5 3 -> 3 5): cage B (B1:C1) still makes 8, but
    # column B and column C repeat
    borders["B1"], borders["C1"] = "8=3", 5
    labels["B1"], labels["C1"] = "B8=3", "B=5"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        messages = dict(res.problems)
        assert any(m.startswith("column B: two 3s") for m in messages), messages
        assert not any("adds up" in m for m in messages)


def test_sheet_names_find_the_genre():
    for name in ("killer-sudoku", "Killer Sudoku", "killer", "killer (2)", "キラー数独"):
        assert genre_for_sheet(name) is killer_sudoku.GENRE, name


PUBLISHED = json.loads((EXAMPLES.parent / "published" / f"{SLUG}.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's killer sudokus (puzzlekit dataset, benchmarks/puzzlekit/killer_sudoku.py): the
    first of each size and the slowest 9x9s, solved to the published answer, proved unique."""
    p = killer_sudoku.parse(Grid(SLUG, entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(killer_sudoku.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert killer_sudoku.record(p, out.answer)["numbers"] == entry["expected"]["numbers"]


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
