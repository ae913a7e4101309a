"""Skeleton: the sample in the workbook, letters in the cells on every back end, verify from the
rules, katakana typed small or full size (and in hiragana), lengths counted before the solve, bad
input, check my answer on a hand-typed sheet, and the generator. (The sample through the .lp
file, Clear, xlwings: test_samples.py; check, hints and forced cells: test_check.py.)"""

from __future__ import annotations

import pytest

from solver import check
from solver.genres import skeleton
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.spellings import normalize_kana
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example
from tests.run_samples import example_puzzle

SLUG = "skeleton"
EX = example(SLUG)
SOLUTION = EX["solution_text"].split("\n")
KNOWN = tuple(tuple(None if ch == "*" else normalize_kana(ch) for ch in row) for row in SOLUTION)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SLUG)), SLUG)
    assert p == example_puzzle(SLUG)
    assert p.words[:3] == ("ウメ", "キク", "サクラ") and len(p.words) == 9
    assert p.place(6) == (0, 9)  # キキヨウ in J1: the list's second column


@pytest.mark.parametrize("solver", SOLVERS)
def test_sample_letters_in_the_cells(sample, solver):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings(solver))
    assert res.status == "solved" and res.unique is True
    ws = book.sheet(SLUG)
    shown = ["".join(ws.get(r + 1, c + 1) for c in range(7)) for r in range(6)]
    assert shown == [row.replace("*", "■") for row in SOLUTION]  # ュ as the list spells it
    assert [ws.get(r, 8) for r in range(1, 7)] == [None] * 6  # the empty column stays empty


def with_letter(a, cell, ch):
    return tuple(
        tuple(ch if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle(SLUG)
    assert skeleton.verify(p, KNOWN) == []
    # B1 becomes ク: the run B1-B6 reads クユーリツプ, and チューリツプ is then placed nowhere
    wrong = skeleton.verify(p, with_letter(KNOWN, (0, 1), "ク"))
    assert wrong == [
        "the run B1-B6 reads クユーリツプ, which is not in the list",
        "the listed チューリツプ is placed nowhere, and listed once",
    ]
    assert list(wrong[1].cells) == [(2, 9)]  # J3, where it is listed
    partial = skeleton.verify(p, with_letter(KNOWN, (0, 1), None))
    assert partial == ["1 cells hold no letter: B1"]


def test_small_kana_hiragana_and_half_width_are_one_word():
    """The list typed as a person may: キキョウ with a small ョ, チューリップ with a small ッ,
    ガーベラ in hiragana, サクラ half-width; the same puzzle, the same answer."""
    cells = [list(row) for row in skeleton.to_cells(example_puzzle(SLUG))]
    cells[0][9], cells[2][9] = "キキョウ", "チューリップ"
    cells[5][8], cells[2][8] = "がーべら", "ｻｸﾗ"
    p = skeleton.parse(Grid(SLUG, cells))
    assert p.listed() == example_puzzle(SLUG).listed()
    out = solve_puzzle(skeleton.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert skeleton.record(p, out.answer)["cells"][0][5] == "キ"
    assert skeleton.record(p, out.answer)["cells"][2][5] == "ョ"  # as this list spells it


def test_several_words_in_one_cell_and_star_for_black():
    cells = [[("■" if ch == "*" else None) for ch in row] for row in EX["puzzle_text"].split("\n")]
    cells[0][0] = "*"  # the deck's black cell
    words = EX["puzzle_extra"]["wds"].split()
    for r, row in enumerate(cells):
        row += [None, ", ".join(words[2 * r : 2 * r + 2]) or None]
    p = skeleton.parse(Grid(SLUG, cells))
    assert p == example_puzzle(SLUG) and p.place(1) == (0, 8)
    assert solve_puzzle(skeleton.GENRE, p, Settings()).answer == KNOWN


@pytest.mark.parametrize(
    "cell, value, message",
    [
        (
            "B1",
            "ウメ",
            r" cell B1: .*found 'ウメ' \(the list goes right of the grid, after one empty",
        ),
        ("B1", 7, r" cell B1: a grid cell is black .*found 7"),
        ("I2", 12, r" cell I2: a listed word is letters .*found 12"),
        (
            "I3",
            "サクラサ",
            r" cell I\d: 3 runs of 3 white cells .* but 2 listed words of 3 letters",
        ),
        ("I3", "サクラサク", r" cell I3: the listed 'サクラサク' has 5 letters, and no run"),
        ("F6", "■", r" cell G6: this white cell is in no run of two or more white cells"),
        # H filled: column B, all white, is then the first empty column from the right
        ("H2", "ア", r" cell C1: a listed word is letters .*found '■' \(the list starts right"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    ws[cell].value = value
    with pytest.raises(InputError, match=r"sheet 'skeleton'" + message):
        read_puzzle(book, SLUG)


def type_answer(ws, rows=SOLUTION) -> None:
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "*":
                ws.cell(r + 1, c + 1).value = ch


def test_check_a_hand_typed_answer(sample):
    """Letters typed by hand, small kana full size (ユ for ュ): right; then B1 wrong: a run reads
    a word that is not listed, and the listed word it should read is placed nowhere."""
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    type_answer(ws, [row.replace("ュ", "ユ") for row in SOLUTION])
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "correct", res.record()
    ws["B1"].value = "ク"
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        (
            "the run B1-B6 reads クユーリツプ, which is not in the list",
            [f"B{r}" for r in range(1, 7)],
        ),
        ("the listed チューリツプ is placed nowhere, and listed once", ["J3"]),
    ]
    assert ws["B1"].fill.fgColor.rgb.endswith("FFC7CE")  # marked


def test_a_letter_of_no_word_in_a_partial_answer_cannot_be_completed(sample):
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    ws["D1"].value = "ン"  # in no listed word (D1 is サ)
    res = check.check_sheet(book, SLUG, Settings())
    assert (res.verdict, res.completable) == ("incomplete", False), res.record()
    hint = check.hint_sheet(book, SLUG, Settings(), write=False)
    assert hint.status == "wrong" and "D1" in hint.message, hint.record()


@pytest.mark.parametrize("size", [6, 8, 10])
def test_generator_makes_unique_puzzles(size):
    from tests.generators import skeleton as gen

    p, note = gen.generate(size, seed=1)
    assert (p.rows, p.cols) == (size, size) and note.endswith(", unique"), note
    out = solve_puzzle(skeleton.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.violations == []


def test_every_coefficient_is_one():
    m = skeleton.model(example_puzzle(SLUG))
    assert {abs(a) for c in m.prob.constraints() for a in c.values()} == {1}
