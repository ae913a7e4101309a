"""Sum-line: the sample in the workbook, digits in the cells, verify from the rules, the sums as
exact written addition on every back end, black cells by fill, bad input, and check my answer
on a hand-typed sheet. (The sample on every back end, through the .lp file: test_samples.py.)"""

from __future__ import annotations

import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.genres import sum_line
from solver.genres.sum_line import Puzzle
from solver.io import picture
from solver.io.picture import CELL, MARGIN
from solver.io.sheet import InputError
from solver.io.sheet.answer import CELL_WIDTH
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example
from tests.run_samples import example_puzzle

EX = example("sum-line")
KNOWN = tuple(
    tuple(int(ch) if ch.isdigit() else 0 for ch in row) for row in EX["solution_text"].split("\n")
)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("sum-line")), "sum-line")
    assert p == example_puzzle("sum-line")
    assert len(p.black) == 8 and p.row_sums[0] == 1687 and p.col_sums[-1] == 352


def test_sample_digits_in_the_cells(sample):
    book = OpenpyxlBook(sample("sum-line"))
    res = solve_sheet(book, "sum-line", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("sum-line")
    shown = tuple(tuple(ws.get(r + 1, c + 1) for c in range(6)) for r in range(6))
    assert shown == tuple(tuple(d or "■" for d in row) for row in KNOWN)
    assert [ws.get(r, 7) for r in range(1, 7)] == [1687, 8361, 465, 721, 9139, 5700]
    assert res.answer["numbers"][0][4] is None and res.answer["numbers"][0][6] is None
    # a column holding a sum of 3+ digits keeps its width (a square would show ###): here
    # every column, as every column sum has 3 digits; a sum of 2 digits lets its column go
    assert [ws.column_width(c) for c in range(1, 8)] == [7.0] * 7 != [CELL_WIDTH] * 7
    book = OpenpyxlBook(sample("sum-line"))
    book.wb["sum-line"]["A7"].value = None  # column A's sum left out: A becomes square
    assert solve_sheet(book, "sum-line", Settings()).status == "solved"
    assert book.sheet("sum-line").column_width(1) == CELL_WIDTH


def with_digit(a, cell, d):
    return tuple(
        tuple(d if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("sum-line")
    assert sum_line.verify(p, KNOWN) == []
    # A1 becomes 3: row 1 and column A no longer add up, and nothing repeats
    wrong = sum_line.verify(p, with_digit(KNOWN, (0, 0), 3))
    assert wrong == [
        "row 1 sums to 3687 (3678 + 9), its sum at G1 says 1687",
        "column A sums to 466 (374 + 92), its sum at A7 says 266",
    ]
    assert wrong[0].cells == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 5), (0, 6))
    # A1 becomes 2: a second 2 in column A (A6), and the sums
    twice = sum_line.verify(p, with_digit(KNOWN, (0, 0), 2))
    assert "column A: two 2s, in A1 and A6" in twice
    # a blank cell: named; its row and column are not summed until it is filled
    blank = sum_line.verify(p, with_digit(KNOWN, (2, 2), 0))
    assert blank == ["1 cell holds no digit: C3"]


def test_a_long_run_reads_exactly_on_every_back_end():
    """One row of nine white cells reads one 9-digit number: its sum pins every digit (the
    coefficients of a powers-of-ten form would reach 9e8); one less has no answer (its last
    digit would repeat the 2)."""
    cols = (9, 8, 7, 6, 5, 4, 3, 1, 2)
    for solver in SOLVERS:
        p = Puzzle(frozenset(), (987654312,), cols)
        out = solve_puzzle(sum_line.GENRE, p, Settings(solver))
        assert out.status == "solved" and out.unique is True and out.answer == (cols,), solver
        p = Puzzle(frozenset(), (987654311,), (None,) * 9)
        assert solve_puzzle(sum_line.GENRE, p, Settings(solver)).status == "infeasible", solver


def test_sums_carry_across_runs():
    """Runs A1-B1 and D1 (C1 black): 47 + 8 = 55 carries into the tens; the column sums pin
    the digits."""
    p = Puzzle(frozenset({(0, 2)}), (55,), (4, 7, None, 8))
    out = solve_puzzle(sum_line.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == ((4, 7, 0, 8),)


def test_black_cells_by_dark_fill_and_in_the_picture(sample):
    book = OpenpyxlBook(sample("sum-line"))
    ws = book.wb["sum-line"]
    ws["E1"].value = None
    ws["E1"].fill = PatternFill("solid", fgColor="000000")
    _, _, p = read_puzzle(book, "sum-line")
    assert p == example_puzzle("sum-line")
    res = solve_sheet(book, "sum-line", Settings())
    assert res.answer["black"][0] == [0, 4]
    pic = picture.draw(picture.givens_of(res.answer, res.writes), res.answer, "sum-line")
    dark = {
        (round(s.points[1] - MARGIN) // CELL, round(s.points[0] - MARGIN) // CELL)
        for s in pic.shapes
        if s.kind == "rect" and s.fill == picture.SHADE_COLOUR
    }
    assert dark == {tuple(rc) for rc in res.answer["black"]} and (0, 4) in dark


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("B1", "x", r"cell B1: a grid cell is black .*found 'x'"),
        ("B1", 0, r"cell B1: .*digit 1-9 of the answer; found 0"),
        ("B1", 16, r"cell B1: .*found 16 \(the sums go in the column right of the grid"),
        ("G2", "12a", r"cell G2: expected a row's sum from 0 to 987654321 .*found '12a'"),
        ("C7", -3, r"cell C7: expected a column's sum .*found -3"),
        ("G7", 5, r"cell G7: this corner cell .* stays empty; found 5"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample("sum-line"))
    book.wb["sum-line"][cell].value = value
    with pytest.raises(InputError, match=r"sheet 'sum-line' " + message):
        read_puzzle(book, "sum-line")


def test_a_line_that_cannot_hold_its_sum_is_refused():
    from solver.io.sheet import Grid

    cells = [[None] * 10 + [1], [None] * 11]
    with pytest.raises(InputError, match=r"cell K1: row 1 has 10 white cells.*make some"):
        sum_line.parse(Grid("sum-line", cells))
    cells = [["■", None, 5], [3, None, None]]
    with pytest.raises(InputError, match=r"cell A2: column A has no white cell, so its sum is 0"):
        sum_line.parse(Grid("sum-line", cells))
    # a sum with more digits than its runs can make: no answer, on every back end
    for solver in SOLVERS:
        p = Puzzle(frozenset(), (12345,), (None, None))
        assert solve_puzzle(sum_line.GENRE, p, Settings(solver)).status == "infeasible"


def type_answer(ws, answer=KNOWN) -> None:
    for r, row in enumerate(answer):
        for c, d in enumerate(row):
            if d:
                ws.cell(r + 1, c + 1).value = d


def test_check_a_hand_typed_answer(sample):
    """Digits typed by hand: right; then A1 wrong (with column A's sum taken away, so that
    one rule breaks: row 1's sum)."""
    book = OpenpyxlBook(sample("sum-line"))
    ws = book.wb["sum-line"]
    type_answer(ws)
    res = check.check_sheet(book, "sum-line", Settings())
    assert res.verdict == "correct", res.record()
    ws["A7"].value = None
    ws["A1"].value = 3
    res = check.check_sheet(book, "sum-line", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        (
            "row 1 sums to 3687 (3678 + 9), its sum at G1 says 1687",
            ["A1", "B1", "C1", "D1", "F1", "G1"],
        )
    ]
    assert ws["A1"].fill.fgColor.rgb.endswith("FFC7CE")  # marked


def test_a_wrong_digit_in_a_partial_answer_cannot_be_completed(sample):
    """Typed digits are the answer, never givens: a wrong one is found by check and hints
    (the puzzle itself still has its answer)."""
    book = OpenpyxlBook(sample("sum-line"))
    ws = book.wb["sum-line"]
    ws["A1"].value, ws["B1"].value = 1, 5  # B1 is 6 in the answer
    res = check.check_sheet(book, "sum-line", Settings())
    assert (res.verdict, res.completable) == ("incomplete", False), res.record()
    hint = check.hint_sheet(book, "sum-line", Settings(), write=False)
    assert hint.status == "wrong" and "B1" in hint.message, hint.record()
    res = solve_sheet(book, "sum-line", Settings())
    assert res.status == "error" and "B1" in res.error and "overwrite" in res.error


@pytest.mark.parametrize("size", [6, 8, 10])
def test_generator_makes_unique_puzzles(size):
    """tests/generators/sum_line.py: a random answer's sums, unique (repaired if need be)."""
    from tests.generators import sum_line as gen

    p, note = gen.generate(size, seed=1)
    assert (p.rows, p.cols) == (size, size) and note.endswith("unique"), note
    out = solve_puzzle(sum_line.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.violations == []


def test_no_coefficient_above_ten():
    """Exact by construction: the sums are written addition, so no row of the model has a
    coefficient a solver's tolerance could turn into a wrong digit (a 6-cell run as powers of
    ten would have 900000)."""
    m = sum_line.model(example_puzzle("sum-line"))
    coefficients = [abs(a) for c in m.prob.constraints() for a in c.values()]
    assert max(coefficients) == 10
    assert all(float(a).is_integer() for a in coefficients)
