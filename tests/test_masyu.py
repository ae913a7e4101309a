"""Masyu: the sample in the workbook, its loop in the cells, the .lp file's connectivity, verify
from the rules, bad input and the puzz.link codec. (The sample on every back end, in both forms,
through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest

from solver.cli import main
from solver.genres import masyu
from solver.genres.masyu import BLACK, WHITE, Puzzle
from solver.io.puzzlink import parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example, glyph_segments

EX = example("masyu")
PEARL = {"o": WHITE, "*": BLACK, ".": None}


def known_puzzle() -> Puzzle:
    return Puzzle(tuple(tuple(PEARL[ch] for ch in row) for row in EX["puzzle_text"].split("\n")))


KNOWN = glyph_segments(EX["solution_text"])


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("masyu")), "masyu")
    assert p == known_puzzle()


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("masyu"))
    assert solve_sheet(book, "masyu", Settings()).status == "solved"
    assert book.sheet("masyu").get(1, 2) == "─"


def test_verify_accepts_the_known_answer_and_rejects_broken_ones():
    p = known_puzzle()
    assert masyu.verify(p, KNOWN) == []
    # drop one segment: two loose ends
    assert masyu.verify(p, KNOWN - {min(KNOWN)})
    # the known loop plus a separate little loop in the bottom-right corner region is not one loop
    extra = glyph_segments("..\n..")  # nothing
    assert extra == frozenset()
    square = frozenset({((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))})
    far = frozenset((((a[0] + 20, a[1]), (b[0] + 20, b[1])) for a, b in square))
    assert any("grid" in v or "single" in v for v in masyu.verify(p, KNOWN | far))
    # a loop that misses pearls
    assert any("misses" in v for v in masyu.verify(p, square))


def test_verify_checks_the_pearl_rules():
    # 1x? strips: a white pearl in a straight corridor with no turn next to it
    white = Puzzle(((None, None, WHITE, None, None), (None,) * 5, (None,) * 5))
    ring = glyph_segments("┌───┐\n│...│\n└───┘")
    assert any("no turn next to the white" in v for v in masyu.verify(white, ring))
    white = Puzzle(((None, WHITE, None, None, None), (None,) * 5, (None,) * 5))
    assert masyu.verify(white, ring) == []
    black = Puzzle(((BLACK, None, None), (None, None, None), (None, None, None)))
    assert masyu.verify(black, glyph_segments("┌─┐\n│.│\n└─┘")) == []
    assert any("black" in v for v in masyu.verify(black, glyph_segments("┌┐.\n└┘.\n...")))


def test_lazy_and_complete_agree_on_a_non_unique_puzzle():
    p = Puzzle(((None, None, None), (None, BLACK, None), (None, None, None)))
    for form in ("complete", "lazy"):
        out = solve_puzzle(masyu.GENRE, p, Settings("highs", connectivity=form))
        assert out.status == "infeasible"  # a black pearl in the middle of 3x3 has no room
    p = Puzzle(((None, WHITE, None), (None, None, None), (None, None, None)))
    outs = [
        solve_puzzle(masyu.GENRE, p, Settings("highs", connectivity=f))
        for f in ("complete", "lazy")
    ]
    assert all(o.status == "solved" and o.unique is False and not o.violations for o in outs)


def test_lp_file_holds_the_connectivity(sample, tmp_path):
    lp = tmp_path / "masyu.lp"
    make_lp(OpenpyxlBook(sample("masyu")), "masyu", lp)
    assert "Flow(" in lp.read_text()  # connectivity is inside the model


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("masyu"))
    book.sheet("masyu").put(3, 4, "Q")
    with pytest.raises(InputError, match=r"sheet 'masyu' cell D3: .*found 'Q'"):
        read_puzzle(book, "masyu")
    book = OpenpyxlBook(sample("masyu"))
    for r in range(1, 11):
        for c in range(1, 11):
            book.sheet("masyu").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'masyu': no pearls"):
        read_puzzle(book, "masyu")


def test_spellings_of_pearls(sample):
    book = OpenpyxlBook(sample("masyu"))
    book.sheet("masyu").put(1, 1, "b")  # A1 holds a black pearl in the sample
    book.sheet("masyu").put(1, 6, "o")
    _, _, p = read_puzzle(book, "masyu")
    assert p == known_puzzle()


URL = "https://puzz.link/p?mashu/6/6/1063000i3000"  # pzprjs test/script/mashu.js


def test_puzzlink_url():
    p = masyu.from_url(parse_url(URL))
    rows = [
        ". . 1 . . .",
        ". 2 . . 1 .",
        ". . . . . .",
        ". . . 2 . .",
        ". 1 . . . .",
        ". . . . . .",
    ]
    kind = {".": None, "1": WHITE, "2": BLACK}
    assert p == Puzzle(tuple(tuple(kind[t] for t in row.split()) for row in rows))
    out = solve_puzzle(masyu.GENRE, p, Settings("highs"))
    assert out.status == "solved" and not out.violations


def test_import_url_and_solve(tmp_path, capsys):
    book = tmp_path / "pearls.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "masyu", Settings("highs"))
    assert res.status == "solved"


def test_masyu_runs_highs_with_the_lean_presolve_and_numberlink_without():
    """masyu's tuning leaves three of HiGHS's presolve rules out (settings.LEAN_PRESOLVE), and
    HiGHS knows the option; numberlink, whose hard puzzles need the aggregator, leaves out only
    dual fixing, as every genre does by default (settings.DEFAULT_PRESOLVE); country-road keeps
    every rule."""
    import highspy

    from solver.genres import genre_by_slug
    from solver.mip import highs
    from solver.mip.backends import LiveModel
    from solver.mip.settings import DEFAULT_PRESOLVE, LEAN_PRESOLVE, PRESOLVE_AGGREGATOR

    assert highs.new().setOptionValue(*LEAN_PRESOLVE) == highspy.HighsStatus.kOk
    puzzle = Puzzle(((BLACK, None, None), (None, None, None), (None, None, WHITE)))
    m = masyu.GENRE.build(puzzle)
    live = LiveModel(m.prob, Settings("highs").resolved(masyu.GENRE.tuning))
    off = live.native.getOptionValue("presolve_rule_off")[1]
    assert off == LEAN_PRESOLVE[1] and off & PRESOLVE_AGGREGATOR
    numberlink = genre_by_slug("numberlink")
    plain = LiveModel(m.prob, Settings("highs").resolved(numberlink.tuning))
    assert plain.native.getOptionValue("presolve_rule_off")[1] == DEFAULT_PRESOLVE[1]
    assert not DEFAULT_PRESOLVE[1] & PRESOLVE_AGGREGATOR and DEFAULT_PRESOLVE[1]
    country = genre_by_slug("country-road")  # keeps dual fixing
    full = LiveModel(m.prob, Settings("highs").resolved(country.tuning))
    assert full.native.getOptionValue("presolve_rule_off")[1] == 0
