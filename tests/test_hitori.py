"""Hitori: the sample in the workbook, verify from the rules, bad input, the puzz.link codec,
both connectivity forms, and hand-typed answers through Check. (The sample on every back end, in
both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.cli import main
from solver.genres import hitori
from solver.genres.hitori import Puzzle
from solver.io.puzzlink import UrlError, decode_number36, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("hitori")
SOLUTION = EX["solution_text"].split("\n")
KNOWN = frozenset((r, c) for r, row in enumerate(SOLUTION) for c, ch in enumerate(row) if ch == "#")
DARK = PatternFill("solid", fgColor="FF000000")


def known_puzzle() -> Puzzle:
    return Puzzle(tuple(tuple(int(ch) for ch in row) for row in EX["puzzle_text"].split("\n")))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("hitori")), "hitori")
    assert p == known_puzzle()


def test_sample_answer_in_the_cells(sample):
    book = OpenpyxlBook(sample("hitori"))
    res = solve_sheet(book, "hitori", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.wb["hitori"]
    assert ws["C1"].value == 6 and ws["C1"].fill.fgColor.rgb.endswith("404040")  # shaded, kept
    assert ws["A1"].fill.fill_type is None


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert hitori.verify(p, KNOWN) == []
    # C1 unshaded: row 1 shows its 6 twice
    assert hitori.verify(p, KNOWN - {(0, 2)}) == ["row 1: 6 is unshaded in C1 and E1"]
    assert hitori.verify(p, KNOWN - {(0, 2)})[0].cells == ((0, 2), (0, 4))
    # B3 shaded too: it touches B2, and its 3 was not repeated
    assert "shaded cells at B2 and B3 touch" in hitori.verify(p, KNOWN | {(2, 1)})
    # A1 cut off by shading B1 and A2 (they touch only at a corner)
    assert any("fall apart" in v for v in hitori.verify(p, KNOWN | {(0, 1), (1, 0)}))


def test_cells_without_numbers():
    p = Puzzle(((1, 1, None), (None, None, None), (None, None, 2)))
    out = solve_puzzle(hitori.GENRE, p, Settings("highs"))
    assert out.status == "solved" and not out.violations
    assert len({(0, 0), (0, 1)} & out.answer) == 1


@pytest.mark.parametrize("form", ("complete", "lazy"))
def test_both_forms_agree(form):
    out = solve_puzzle(hitori.GENRE, known_puzzle(), Settings("highs", connectivity=form))
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    # 1 1 / 1 1: any shading that removes the repeats cuts the whites apart or touches
    p = Puzzle(((1, 1), (1, 1)))
    out = solve_puzzle(hitori.GENRE, p, Settings("highs", connectivity=form))
    assert out.status == "infeasible"


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("hitori"))
    book.sheet("hitori").put(2, 3, "x")
    with pytest.raises(InputError, match=r"sheet 'hitori' cell C2: .*number.*found 'x'"):
        read_puzzle(book, "hitori")
    book = OpenpyxlBook(sample("hitori"))
    for r in range(1, 9):
        for c in range(1, 9):
            book.sheet("hitori").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'hitori': no numbers"):
        read_puzzle(book, "hitori")


URL = "https://puzz.link/p?hitori/4/4/1114142333214213"  # pzprjs test/script/hitori.js
URL_ANSWER = {(0, 0), (0, 2), (2, 0), (2, 2), (3, 3)}  # its answer


def test_puzzlink_url():
    p = hitori.from_url(parse_url(URL))
    assert p.cells[0] == (1, 1, 1, 4) and p.cells[3] == (4, 2, 1, 3)
    out = solve_puzzle(hitori.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == URL_ANSWER


def test_number36_codec():
    assert decode_number36("az-1g%.", 5) == ([10, 35, 52, None, None], "")
    with pytest.raises(UrlError, match="ends after 2 of 3"):
        decode_number36("12", 3)


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "alone.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "hitori", Settings("highs"))
    assert res.status == "solved" and res.unique is True


def test_a_hand_filled_answer_checks(sample):
    """A person shades hitori's numbers with Excel's fill tool (the number stays)."""
    book = OpenpyxlBook(sample("hitori"))
    ws = book.wb["hitori"]
    for r, c in KNOWN:
        ws.cell(r + 1, c + 1).fill = DARK
    res = check.check_sheet(book, "hitori", Settings())
    assert res.verdict == "correct", res.record()


def test_a_wrong_hand_filled_answer_is_named(sample):
    book = OpenpyxlBook(sample("hitori"))
    ws = book.wb["hitori"]
    for r, c in KNOWN - {(0, 2)} | {(0, 4)}:  # E1 shaded instead of C1: F1:H1 and G2 cut off
        ws.cell(r + 1, c + 1).fill = DARK
    res = check.check_sheet(book, "hitori", Settings())
    assert res.verdict == "wrong" and res.completable is False
    cut = "the unshaded cells fall apart: the 4 cells at F1 are not joined to those at A1"
    assert (cut, ["F1", "G1", "H1", "G2"]) in res.problems


def test_generator_makes_unique_puzzles():
    """tests/generators/hitori.py: the maximal shading gives one answer (8x8, two seeds)."""
    from tests.generators import hitori as gen

    for seed in (1, 2):
        p, note = gen.generate(8, seed)
        assert note.endswith("unique (answer 1 of at most 3)") and "not unique" not in note
        out = solve_puzzle(hitori.GENRE, p, Settings("highs", 60))
        assert out.unique
