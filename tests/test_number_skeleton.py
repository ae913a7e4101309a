"""Number skeleton: the sample in the workbook, digits in the cells, verify from the rules, the
digit 0, numbers typed as text and lists in other shapes, lengths counted before the solve, bad
input, and check my answer on a hand-typed sheet. (The sample on every back end, through the
.lp file: test_samples.py.)"""

from __future__ import annotations

import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.genres import number_skeleton
from solver.genres.number_skeleton import Puzzle
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example
from tests.run_samples import example_puzzle

SLUG = "number-skeleton"
EX = example(SLUG)
KNOWN = tuple(
    tuple(int(ch) if ch.isdigit() else None for ch in row)
    for row in EX["solution_text"].split("\n")
)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SLUG)), SLUG)
    assert p == example_puzzle(SLUG)
    assert p.numbers == (12, 19, 41, 94, 149, 249, 441, 942, 2419, 9192)
    assert p.place(5) == (0, 7)  # 249 in H1: the list's second column


def test_sample_digits_in_the_cells(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet(SLUG)
    shown = tuple(tuple(ws.get(r + 1, c + 1) for c in range(5)) for r in range(5))
    assert shown == tuple(tuple("■" if d is None else d for d in row) for row in KNOWN)
    assert [ws.get(r, 6) for r in range(1, 6)] == [None] * 5  # the empty column stays empty


def with_digit(a, cell, d):
    return tuple(
        tuple(d if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle(SLUG)
    assert number_skeleton.verify(p, KNOWN) == []
    # E1 becomes 1: the run E1-E4 reads 1192, and 9192 is then read nowhere
    wrong = number_skeleton.verify(p, with_digit(KNOWN, (0, 4), 1))
    assert wrong == [
        "the run E1-E4 reads 1192, which is not in the list",
        "the listed 9192 is read nowhere, and listed once",
    ]
    assert wrong[0].cells == ((0, 4), (1, 4), (2, 4), (3, 4))
    assert wrong[1].cells == ((4, 7),)  # 9192 in H5
    # B4 becomes 1: row 4's run reads 91, not listed, and 94 is then read nowhere
    gone = number_skeleton.verify(p, with_digit(KNOWN, (3, 1), 1))
    assert "the run A4-B4 reads 91, which is not in the list" in gone
    missing = [v for v in gone if v.startswith("the listed 94")]
    assert missing == ["the listed 94 is read nowhere, and listed once"]
    assert missing[0].cells == ((3, 6),)  # 94 in G4
    # a blank cell: its runs are not read until it is filled
    assert number_skeleton.verify(p, with_digit(KNOWN, (0, 0), None)) == [
        "1 cell holds no digit: A1"
    ]


def test_a_number_listed_twice_is_read_twice():
    """Two lone runs of 2 cells and 11 listed twice: both read 11."""
    p = Puzzle(3, 2, frozenset({(1, 0), (1, 1)}), (11, 11))
    out = solve_puzzle(number_skeleton.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == ((1, 1), (None, None), (1, 1))
    assert number_skeleton.verify(p, ((1, 1), (None, None), (2, 2))) == [
        "the run A3-B3 reads 22, which is not in the list",
        "the listed 11 is read once (A1-B1), and listed twice",
    ]


ZERO = Puzzle(
    4,
    4,
    frozenset({(0, 0), (0, 3), (2, 0), (2, 1), (3, 0), (3, 1)}),
    (40, 42, 73, 90, 103, 2097, 6001),
)


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_digit_0_on_every_back_end(solver):
    out = solve_puzzle(number_skeleton.GENRE, ZERO, Settings(solver))
    assert out.status == "solved" and out.unique is True and out.violations == []
    assert out.answer == (
        (None, 4, 2, None),
        (6, 0, 0, 1),
        (None, None, 9, 0),
        (None, None, 7, 3),
    )
    writes = number_skeleton.render(ZERO, out.answer)
    assert (1, 1, 0) in [(w.row, w.col, w.value) for w in writes]  # a 0 is written


def test_numbers_as_text_and_black_cells_by_fill(sample):
    """Listed numbers typed as text, and a black cell given by a dark fill."""
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    for cell in ("G1", "G2", "H1", "H5"):
        ws[cell].value = str(ws[cell].value)
    ws["D1"].value = None
    ws["D1"].fill = PatternFill("solid", fgColor="000000")
    _, _, p = read_puzzle(book, SLUG)
    assert p == example_puzzle(SLUG)


def test_a_sentinel_too_far_right_is_named():
    grid = [[None, None, None, 12, None]]
    with pytest.raises(InputError, match=r"column E, the last before the sentinel, is empty"):
        number_skeleton.parse(Grid(SLUG, grid))


def test_lengths_are_counted_before_the_solve():
    grid = [
        [None, None, None, 12],
        ["■", "■", None, 345],
    ]
    with pytest.raises(InputError, match=r"cell D2: the listed 345 has 3 digits, and no run"):
        number_skeleton.parse(Grid(SLUG, grid))
    grid = [
        [None, None, None, 12],
        ["■", "■", None, 34],
    ]
    with pytest.raises(
        InputError, match=r"cell D1: 1 runs of 2 white cells \(A1-B1\), but 2 listed numbers"
    ):
        number_skeleton.parse(Grid(SLUG, grid))
    # a list taller than the grid makes the grid taller: the message says how it was read
    grid = [
        [None, None, None, None, 123],
        [None, None, None, None, 45],
    ]
    with pytest.raises(
        InputError, match=r"cell E2: 3 runs of 2 white cells \(A1-A2, B1-B2, C1-C2\), but 1 "
    ):
        number_skeleton.parse(Grid(SLUG, grid))
    with pytest.raises(InputError, match=r"read as A1:C2; a column of the list may be no taller"):
        number_skeleton.parse(Grid(SLUG, grid))


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("B1", "x", r" cell B1: a grid cell is black .*found 'x'"),
        ("B1", 12, r" cell B1: .*digit 0-9 of the answer; found 12"),
        ("B1", 12, r" cell B1: .*found 12 \(the list goes right of the grid, after one empty"),
        ("G3", -41, r" cell G3: a listed number is a whole number .*found -41"),
        ("G3", "4l", r" cell G3: a listed number is a whole number .*found '4l'"),
        ("A1", None, r" cell A1: this white cell is in no run of two or more white cells"),
        ("F2", 7, r": no list of numbers found: type one empty column right of the grid"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    if cell == "A1":  # B1 and A2 black: A1 lies in no run
        ws["B1"].value, ws["A2"].value = "■", "■"
    ws[cell].value = value
    with pytest.raises(InputError, match=r"sheet 'number-skeleton'" + message):
        read_puzzle(book, SLUG)


def type_answer(ws, answer=KNOWN) -> None:
    for r, row in enumerate(answer):
        for c, d in enumerate(row):
            if d is not None:
                ws.cell(r + 1, c + 1).value = d


def test_check_a_hand_typed_answer(sample):
    """Digits typed by hand: right; then E1 wrong: a run reads a number that is not listed,
    and the listed number it should read is read nowhere (one broken rule, two sides)."""
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    type_answer(ws)
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "correct", res.record()
    ws["E1"].value = 1
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("the run E1-E4 reads 1192, which is not in the list", ["E1", "E2", "E3", "E4"]),
        ("the listed 9192 is read nowhere, and listed once", ["H5"]),
    ]
    assert ws["E1"].fill.fgColor.rgb.endswith("FFC7CE")  # marked
    assert ws["H5"].fill.fgColor.rgb.endswith("FFC7CE")


def test_a_wrong_digit_in_a_partial_answer_cannot_be_completed(sample):
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    ws["A1"].value = 9  # A1 is 2 in the answer
    res = check.check_sheet(book, SLUG, Settings())
    assert (res.verdict, res.completable) == ("incomplete", False), res.record()
    hint = check.hint_sheet(book, SLUG, Settings(), write=False)
    assert hint.status == "wrong" and "A1" in hint.message, hint.record()


@pytest.mark.parametrize("size", [6, 8, 10])
def test_generator_makes_unique_puzzles(size):
    from tests.generators import number_skeleton as gen

    p, note = gen.generate(size, seed=1)
    assert (p.rows, p.cols) == (size, size) and note.endswith("unique"), note
    out = solve_puzzle(number_skeleton.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.violations == []


def test_every_coefficient_is_one():
    """Runs are tied to listed numbers digit by digit: no number is formed from powers of
    ten, so every coefficient of the model is 1."""
    m = number_skeleton.model(example_puzzle(SLUG))
    assert {abs(a) for c in m.prob.constraints() for a in c.values()} == {1}


def test_several_numbers_in_one_cell_and_the_list_in_one_column():
    """What a person may type: the whole list in G1:G5, two numbers to a cell."""
    cells = [
        [None, None, None, "■", None, None, "12 19"],
        [None, "■", None, None, None, None, "41, 94"],
        [None, "■", None, "■", None, None, "149 249"],
        [None, None, "■", None, None, None, "441 942"],
        ["■", None, None, None, "■", None, "2419 9192"],
    ]
    p = number_skeleton.parse(Grid(SLUG, cells))
    assert p == example_puzzle(SLUG) and p.place(1) == (0, 6)
    assert number_skeleton.to_cells(p) == number_skeleton.to_cells(example_puzzle(SLUG))
    out = solve_puzzle(number_skeleton.GENRE, p, Settings())
    assert out.answer == KNOWN
    cells[1][6] = "41; x"
    with pytest.raises(InputError, match=r"cell G2: a listed number .* found '41; x' \(the list"):
        number_skeleton.parse(Grid(SLUG, cells))
