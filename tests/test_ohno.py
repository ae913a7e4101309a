"""0h n0: the sample sheet, the model on small cases, verify from the rules naming cells, bad
input named by sheet and cell, check my answer shaded by hand, the generator, and larger
generated puzzles (tests/data/published/ohno.json: no published set has answers) solved to the
answers they were made from. (The sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.genres import ohno
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("ohno")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "R"
)
FAST = Settings(time_limit=60)
GENERATED = json.loads((ROOT / "tests/data/published/ohno.json").read_text("utf-8"))


def puzzle(rows: list[str]) -> ohno.Puzzle:
    def cell(ch: str) -> int | str | None:
        return int(ch) if ch.isdigit() else ohno.RED if ch == "*" else None

    return ohno.Puzzle(tuple(tuple(cell(ch) for ch in row) for row in rows))


def test_the_sample_sheet_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("ohno")), "ohno")
    assert p == puzzle(example("ohno")["puzzle_text"].split("\n"))
    assert p.reds() == {(2, 3), (3, 0)} and p.numbers()[0, 0] == 4
    assert ohno.verify(p, KNOWN) == []


def test_the_model_counts_blue_cells_seen_and_keeps_none_alone():
    # a 1 in a corner of 1x3: it sees exactly one blue cell, the middle; the far end is red
    out = solve_puzzle(ohno.GENRE, puzzle(["1.."]), FAST)
    assert out.status == "solved" and out.unique is True and out.answer == {(0, 2)}
    # 2 in the corner of a 2x2: both neighbours blue; the far corner may be either
    out = solve_puzzle(ohno.GENRE, puzzle(["2.", ".."]), FAST)
    assert out.answer <= {(1, 1)} and out.unique is False
    # a 1 walled in by reds can see no one
    assert solve_puzzle(ohno.GENRE, puzzle(["1*", "*."]), FAST).status == "infeasible"


def test_verify_names_each_broken_rule():
    p = puzzle(example("ohno")["puzzle_text"].split("\n"))
    flipped = ohno.verify(p, KNOWN - {(0, 3)})  # D1 blue
    assert "the 4 at A1 sees 5 blue cells, not 4" in flipped
    assert "the given red cell A4 is blue" in ohno.verify(p, KNOWN - {(3, 0)})
    alone = ohno.verify(p, KNOWN | {(1, 0), (1, 1)} - {(1, 2)})
    assert "the 3 at A2 is red" in alone
    assert "the blue cell A3 sees no other blue cell" in alone
    lonely = ohno.verify(puzzle(["1.", ".."]), frozenset({(0, 1), (1, 0)}))
    assert "the blue cell B2 sees no other blue cell" in lonely
    assert ohno.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[1, "x"], [None, None]], "B1", "a number from 1 to 2"),
        ([[1, 9], [None, None]], "B1", "a number from 1 to 2"),
        ([[1, 0], [None, None]], "B1", "a number from 1 to 2"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "ohno"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "ohno")
    assert f"sheet 'ohno' cell {where}:" in str(e.value) and says in str(e.value)


def test_a_grid_without_numbers_has_many_answers():
    p = ohno.parse(Grid("ohno", [["*", None], [None, None]]))
    out = solve_puzzle(ohno.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is False and (0, 0) in out.answer


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("ohno"))
    ws = book.wb["ohno"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        ws.cell(r + 1, c + 1).fill = dark
    res = check.check_sheet(book, "ohno", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws.cell(1, 4).fill = PatternFill()  # D1 blue
    ws.cell(1, 4).value = "・"
    res = check.check_sheet(book, "ohno", FAST)
    assert res.verdict == "wrong"
    assert "the 4 at A1 sees 5 blue cells, not 4" in [m for m, _ in res.problems]


@pytest.mark.slow
def test_the_generator_makes_a_puzzle_with_one_answer():
    from tests.generators.ohno import generate

    p, note = generate(8, 3)
    assert note.endswith(", unique")
    out = solve_puzzle(ohno.GENRE, p, FAST)
    assert out.status == "solved" and out.unique and out.violations == []


@pytest.mark.slow
@pytest.mark.parametrize("entry", GENERATED, ids=[e["name"] for e in GENERATED])
def test_generated_puzzles_solve_to_their_answers(entry):
    p = ohno.parse(Grid("ohno", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(ohno.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert sorted(map(list, out.answer)) == entry["expected"]["shaded"]
    assert ohno.verify(p, out.answer) == []
