"""Kurodoko: the sample in the workbook, verify from the rules, bad input, the puzz.link codec,
both connectivity forms, and hand-typed answers through Check. (The sample on every back end, in
both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest

from solver import check
from solver.cli import main
from solver.genres import kurodoko
from solver.genres.kurodoko import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example, type_shading

EX = example("kurodoko")
SOLUTION = EX["solution_text"].split("\n")


def shaded_of(rows: list[str]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


KNOWN = shaded_of(SOLUTION)


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch, 36) for ch in row) for row in rows))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("kurodoko")), "kurodoko")
    assert p == known_puzzle()
    assert p.cells[3][3] == 13  # the example's 'd'


def test_sample_answer_in_the_cells(sample):
    book = OpenpyxlBook(sample("kurodoko"))
    res = solve_sheet(book, "kurodoko", Settings())
    assert res.status == "solved" and res.unique is True
    assert book.sheet("kurodoko").get(1, 3) == "■"  # C1


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert kurodoko.verify(p, KNOWN) == []
    # C1 unshaded: the 3 at B1 sees the whole first row and column B down to B3
    wrong = kurodoko.verify(p, KNOWN - {(0, 2)})
    assert any(v.startswith("the 3 at B1 sees 8 cells, not 3") for v in wrong)
    assert "shaded cells at E2 and E3 touch" in kurodoko.verify(p, KNOWN | {(2, 4)})
    assert "the numbered cell B1 is shaded" in kurodoko.verify(p, KNOWN | {(0, 1)})
    cut = kurodoko.verify(p, KNOWN | {(0, 0), (1, 1)} - {(0, 2)})
    assert any("fall apart" in v for v in cut)


def test_a_question_mark_stays_unshaded_and_counts_nothing():
    p = Puzzle(((UNKNOWN, None), (None, 3)))
    out = solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == frozenset()


@pytest.mark.parametrize("deduced", (True, False))
@pytest.mark.parametrize("form", ("complete", "lazy"))
def test_both_forms_agree(form, deduced):
    """With and without the deductions made before the solve (solver.deduce.shade_logic decides the
    whole example, so without them the sightlines and the connectivity do the work)."""
    settings = Settings("highs", connectivity=form, deduce=deduced)
    out = solve_puzzle(kurodoko.GENRE, known_puzzle(), settings)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    # a 1 in the middle of 3x3: its four neighbours shaded would cut it off
    p = Puzzle(((None, None, None), (None, 1, None), (None, None, None)))
    out = solve_puzzle(kurodoko.GENRE, p, settings)
    assert out.status == "infeasible"


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("kurodoko"))
    book.sheet("kurodoko").put(2, 3, 14)
    with pytest.raises(InputError, match=r"sheet 'kurodoko' cell C2: .*from 1 to 13.*found 14"):
        read_puzzle(book, "kurodoko")
    book = OpenpyxlBook(sample("kurodoko"))
    book.sheet("kurodoko").put(2, 3, "b")
    with pytest.raises(InputError, match=r"cell C2: .*found 'b'"):
        read_puzzle(book, "kurodoko")
    book = OpenpyxlBook(sample("kurodoko"))
    for r in range(1, 8):
        for c in range(1, 8):
            book.sheet("kurodoko").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'kurodoko': no numbers"):
        read_puzzle(book, "kurodoko")


URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"  # pzprjs test/script/kurodoko.js
URL_ANSWER = ["+#++.", "++#++", "+#++#", "++#++", "#+++#"]  # its answer


def test_puzzlink_url():
    p = kurodoko.from_url(parse_url(URL))
    assert p.clues() == {(0, 3): 7, (1, 0): 5, (2, 2): 2, (3, 4): 2, (4, 1): 4}
    out = solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    assert out.answer == shaded_of(URL_ANSWER)


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "where.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "kurodoko", Settings("highs"))
    assert res.status == "solved" and res.unique is True


def test_a_hand_typed_answer_checks(sample):
    book = OpenpyxlBook(sample("kurodoko"))
    type_shading(book, "kurodoko", SOLUTION)
    res = check.check_sheet(book, "kurodoko", Settings())
    assert res.verdict == "correct", res.record()


def test_a_wrong_hand_typed_answer_is_named(sample):
    book = OpenpyxlBook(sample("kurodoko"))
    rows = [list(row) for row in SOLUTION]
    rows[0][2], rows[0][3] = ".", "#"  # D1 shaded instead of C1
    type_shading(book, "kurodoko", ["".join(row) for row in rows], mark="■")
    res = check.check_sheet(book, "kurodoko", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert any(m.startswith("the 3 at B1 sees 4 cells, not 3") for m, _ in res.problems)
