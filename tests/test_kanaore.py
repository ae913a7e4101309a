"""Kanaore: the sample in the workbook, letters in the board on every back end, verify from the
rules, entries and words typed as a person may (small kana, no spaces, other arrows), bad input
named by cell, check my answer on a hand-typed sheet, and the generator. (The sample through the
.lp file, Clear, xlwings: test_samples.py; check, hints and forced cells: test_check.py.)"""

from __future__ import annotations

import pytest

from solver import check
from solver.genres import kanaore
from solver.genres.kanaore import Word
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example
from tests.run_samples import example_puzzle

SLUG = "kanaore"
SOLUTION = example(SLUG)["solution_text"].split("\n")
KNOWN = tuple(tuple(row) for row in SOLUTION)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SLUG)), SLUG)
    assert p == example_puzzle(SLUG) and (p.rows, p.cols) == (5, 5)
    assert p.words[0] == Word((1, 0), "U", "カナオレ")  # `A2 ↑ カナオレ` in G1
    assert p.place(5) == (0, 7)  # the sixth word in H1


@pytest.mark.parametrize("solver", SOLVERS)
def test_sample_letters_in_the_board(sample, solver):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings(solver))
    assert res.status == "solved" and res.unique is True
    ws = book.sheet(SLUG)
    assert ["".join(ws.get(r + 1, c + 1) for c in range(5)) for r in range(5)] == SOLUTION
    assert [ws.get(r, 6) for r in range(1, 6)] == [None] * 5  # the empty column stays empty


def with_letter(a, cell, ch):
    return tuple(
        tuple(ch if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle(SLUG)
    assert kanaore.verify(p, KNOWN) == []
    wrong = kanaore.verify(p, with_letter(KNOWN, (0, 0), "カ"))  # A1 is ナ
    assert wrong == ["カナオレ cannot be written from A2 going ↑ first"]
    assert list(wrong[0].cells) == [(0, 6), (1, 0)]  # its entry in G1, its start A2
    # an empty cell fits any letter: only the empty cell is named
    assert kanaore.verify(p, with_letter(KNOWN, (0, 0), None)) == ["1 cells hold no letter: A1"]


def test_entries_as_a_person_may_type_them():
    """No spaces, `^` and `R` for arrows, lower-case columns, a small kana, hiragana."""
    cells = [list(row) for row in kanaore.to_cells(example_puzzle(SLUG))]
    cells[0][6], cells[1][6] = "A2^カナオレ", "a5 U さむらいん"
    cells[2][6], cells[3][6] = "B5R ナンスケ", "C2 ↓ ケイスケ"
    cells[4][6] = "D1 v マツクロ"
    p = kanaore.parse(Grid(SLUG, cells))
    assert [w.letters for w in p.words] == [w.letters for w in example_puzzle(SLUG).words]
    assert [(w.start, w.first) for w in p.words] == [
        (w.start, w.first) for w in example_puzzle(SLUG).words
    ]
    out = solve_puzzle(kanaore.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN


@pytest.mark.parametrize(
    "cell, value, message",
    [
        (
            "G2",
            "F9 ↑ サムライン",
            r" cell G2: the start cell F9 is off the board \(the board is A1:E5; the board ends",
        ),
        ("G2", "A1 ↑ サムライン", r" cell G2: the first step ↑ from A1 leaves the board"),
        ("G2", "A5 ↑ サ", r" cell G2: a word is two or more letters; found 'サ'"),
        ("G2", "サムライン", r" cell G2: a word of the list is typed as `A2 ↑ カナオレ`"),
        ("B2", "カナ", r" cell B2: a board cell is empty or holds one letter of the answer"),
        ("F3", "ア", r": the list starts in column G: leave column F empty between the board"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample(SLUG))
    book.wb[SLUG][cell].value = value
    with pytest.raises(InputError, match=r"sheet 'kanaore'" + message):
        read_puzzle(book, SLUG)


def test_check_a_hand_typed_answer(sample):
    """Letters typed by hand: right; then A1 wrong: カナオレ cannot be written any more."""
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[SLUG]
    for r, row in enumerate(SOLUTION):
        for c, ch in enumerate(row):
            ws.cell(r + 1, c + 1).value = ch
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "correct", res.record()
    ws["A1"].value = "カ"
    res = check.check_sheet(book, SLUG, Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [("カナオレ cannot be written from A2 going ↑ first", ["G1", "A2"])]


def test_a_letter_of_no_word_cannot_be_completed(sample):
    book = OpenpyxlBook(sample(SLUG))
    book.wb[SLUG]["C3"].value = "ア"  # in no word (C3 is イ)
    res = check.check_sheet(book, SLUG, Settings())
    assert (res.verdict, res.completable) == ("incomplete", False), res.record()
    hint = check.hint_sheet(book, SLUG, Settings(), write=False)
    assert hint.status == "wrong" and "C3" in hint.message, hint.record()


@pytest.mark.parametrize("size", [6, 8, 10])
@pytest.mark.slow
def test_generator_makes_unique_puzzles(size):
    from tests.generators import kanaore as gen

    p, note = gen.generate(size, seed=1)
    assert (p.rows, p.cols) == (size, size) and note.endswith(", unique"), note
    out = solve_puzzle(kanaore.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.violations == []
