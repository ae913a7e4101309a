"""Binairo: the sample sheet, the model on small cases (the rule that lines differ included),
verify from the rules naming cells, bad input named by sheet and cell, check my answer typed by
hand, and published puzzles. (The sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import json
import time
from dataclasses import replace

import openpyxl
import pytest

from solver import check, pipeline
from solver.genres import binairo
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

KNOWN = tuple(tuple(map(int, line)) for line in example("binairo")["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((ROOT / "tests/data/published/binairo.json").read_text("utf-8"))


def puzzle(rows: list[str]) -> binairo.Puzzle:
    return binairo.Puzzle(
        tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows)
    )


def test_the_sample_sheet_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("binairo")), "binairo")
    assert p == puzzle(example("binairo")["puzzle_text"].split("\n"))
    assert binairo.verify(p, KNOWN) == []


def test_the_rules_decide_the_sample_whole():
    p = puzzle(example("binairo")["puzzle_text"].split("\n"))
    assert binairo.deduce(p, binairo.GENRE.tuning).answer == KNOWN


def test_the_model_keeps_rows_and_columns_apart():
    """Without the rule that lines differ, 1001 / 0110 / 1001 / 0110 would do; with it the 4x4
    whose top row is given 1001 and left column 1010 has its answers, none repeating a line."""
    p = puzzle(["1001", "0...", "1...", "0..."])
    out = solve_puzzle(binairo.GENRE, p, FAST)
    assert out.status == "solved" and binairo.verify(p, out.answer) == []
    assert len(set(out.answer)) == 4 and len(set(zip(*out.answer, strict=True))) == 4
    # two given rows the same: no answer with the rule, janko's answer without it
    same = puzzle(["1010", "1010", "....", "...."])
    assert pipeline._solve_puzzle(binairo.GENRE, same, FAST).status == "infeasible"
    out = solve_puzzle(binairo.GENRE, same, FAST)
    assert out.status == "solved" and out.note.startswith(binairo.LOOSER)
    # three 1s in a row: no answer under either rules
    three = puzzle(["111.", "....", "....", "...."])
    assert solve_puzzle(binairo.GENRE, three, FAST).status == "infeasible"
    # a unique 4x4
    one = puzzle(["1...", "..1.", ".0..", "...1"])
    out = solve_puzzle(binairo.GENRE, one, FAST)
    assert out.status == "solved" and binairo.verify(one, out.answer) == []


def test_verify_names_each_broken_rule():
    p = puzzle(example("binairo")["puzzle_text"].split("\n"))
    bad = [list(row) for row in KNOWN]
    bad[0][0] = 1 - bad[0][0]  # A1 flipped: 1 -> 0
    problems = binairo.verify(p, tuple(map(tuple, bad)))
    assert "row 1 holds 3 1s and 5 0s, not as many" in problems
    assert "column A holds 3 1s and 5 0s, not as many" in problems
    three = binairo.verify(p, ((0, 0, 0, 1, 1, 0, 1, 1), *KNOWN[1:]))
    assert "three 0s follow each other in row 1, from A1 to C1" in three
    swapped = (KNOWN[1], *KNOWN[1:])
    assert "row 2 is the same as row 1" in binairo.verify(p, swapped)
    given = binairo.verify(p, tuple(tuple(1 - d for d in row) for row in KNOWN))
    assert "cell C2 changes the given 1" in given
    assert binairo.verify(p, ((0,),)) != []  # odd answers: no crash


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[1, 2], [None, None]], "B1", "a given 0 or 1"),
        ([[1, "x"], [None, None]], "B1", "a given 0 or 1"),
        ([[1, 0, 1], [None, None, None]], None, "even number"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "binairo"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "binairo")
    at = f"sheet 'binairo' cell {where}:" if where else "sheet 'binairo'"
    assert at in str(e.value) and says in str(e.value)


def test_check_a_typed_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("binairo"))
    ws = book.wb["binairo"]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            ws.cell(r + 1, c + 1).value = d
    res = check.check_sheet(book, "binairo", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws.cell(1, 1).value = 0  # A1 flipped
    res = check.check_sheet(book, "binairo", FAST)
    assert res.verdict == "wrong"
    assert "row 1 holds 3 1s and 5 0s, not as many" in [m for m, _ in res.problems]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """Published puzzles (puzzlekit-dataset), typed as benchmarks/puzzlekit/binairo.py types
    them: a handful of small ones and the largest."""
    p = binairo.parse(Grid("binairo", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(binairo.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert [list(row) for row in out.answer] == entry["expected"]["numbers"]


# janko.at's binairo no. 322 (8x8, via puzzlekit-dataset): its answer repeats rows 1 and 4
JANKO_322 = """
..1.1.01
0.00..1.
.0...0..
0.1.1..1
........
0...010.
.1..10..
...1....
"""
JANKO_322_ANSWER = """
00101101
01001011
10110010
00101101
11010010
00110101
11001010
11010100
"""


def _digits(text: str) -> list[list[int | None]]:
    return [[None if ch == "." else int(ch) for ch in row] for row in text.split()]


@pytest.mark.parametrize("solver", ["highs", "scip", "cbc"])
def test_a_puzzle_whose_lines_repeat_gets_the_answer_without_that_rule(solver):
    """Under the rule that lines differ the puzzle has no answer; the pipeline gives the
    answer of janko's variant without it, unique there, and says so in the note; on the pure
    model as with the deductions."""
    p = binairo.parse(Grid("binairo", _digits(JANKO_322)))
    for deduce in (True, False):
        out = solve_puzzle(binairo.GENRE, p, Settings(solver, 60, deduce=deduce))
        assert (out.status, out.unique) == ("solved", True)
        assert [list(row) for row in out.answer] == _digits(JANKO_322_ANSWER)
        assert out.note is not None and out.note.startswith(binairo.LOOSER)
    assert binairo.verify(p, out.answer)  # the answer breaks the stricter rule ...
    assert not binairo.verify(binairo.looser(p), out.answer)  # ... and no other
    assert binairo.looser(binairo.looser(p)) is None


def test_the_time_under_both_rules_is_in_the_steps():
    """Where the puzzle is solved again under the looser rules, the steps' seconds hold both
    solves: each of the two deductions here takes at least 0.05 s, and the deduce step counts
    both."""
    p = binairo.parse(Grid("binairo", _digits(JANKO_322)))
    rules = binairo.GENRE.deduce
    assert rules is not None

    def slow(puzzle, tuning):
        time.sleep(0.05)
        return rules(puzzle, tuning)

    out = solve_puzzle(replace(binairo.GENRE, deduce=slow), p, FAST)
    assert out.note is not None and out.note.startswith(binairo.LOOSER)
    assert out.deduce_seconds >= 0.1
    assert out.build_seconds >= out.deduce_seconds
