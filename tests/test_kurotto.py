"""Kurotto: the sample in the workbook, verify from the rules, bad input, the puzz.link codec
with pzprjs' own test puzzle, both connectivity forms of the MIP alone, the deductions,
hand-typed answers through Check, and published puzzles. (The sample on every back end, in both
forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import dataclasses
import json

import pytest

from solver import check
from solver.cli import main
from solver.genres import kurotto
from solver.genres.kurotto import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import EXAMPLES, example, type_shading

EX = example("kurotto")
SOLUTION = EX["solution_text"].split("\n")
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "kurotto.json").read_text("utf-8"))


def shaded_of(rows: list[str]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


KNOWN = shaded_of(SOLUTION)


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(
        tuple(tuple(None if ch == "." else ch if ch == "?" else int(ch) for ch in r) for r in rows)
    )


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("kurotto")), "kurotto")
    assert p == known_puzzle()
    assert p.circles()[2, 2] == 6


def test_sample_answer_in_the_cells(sample):
    book = OpenpyxlBook(sample("kurotto"))
    res = solve_sheet(book, "kurotto", Settings())
    assert res.status == "solved" and res.unique is True
    assert book.sheet("kurotto").get(2, 1) == "■"  # A2
    assert book.sheet("kurotto").get(3, 3) == 6  # the circle C3 keeps its number


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert kurotto.verify(p, KNOWN) == []
    # B2 shaded: it joins A2:B3 and C2:D2 into one group of six, which the 3 at A1 touches
    wrong = kurotto.verify(p, KNOWN | {(1, 1)})
    assert "the 3 at A1 touches groups of 6 shaded cells, not 3" in wrong
    assert "the 0 at B1 touches groups of 6 shaded cells, not 0" in wrong
    assert "the circle C3 is shaded" in kurotto.verify(p, KNOWN | {(2, 2)})
    less = kurotto.verify(p, KNOWN - {(4, 0)})
    assert ("the 4 at A4 touches groups of 3 shaded cells, not 4") in less
    assert all(v.cells for v in wrong + less)


def test_a_circle_without_number_stays_unshaded_and_counts_nothing():
    p = Puzzle(((UNKNOWN, None), (None, 2)))
    out = solve_puzzle(kurotto.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == {(0, 1), (1, 0)}


@pytest.mark.parametrize("form", ("complete", "lazy"))
def test_the_mip_alone_in_both_forms(form):
    settings = Settings("highs", connectivity=form, deduce=False)
    out = solve_puzzle(kurotto.GENRE, known_puzzle(), settings)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert out.note is None and out.lazy is (form == "lazy")
    # a group that touches a 2 may not be counted twice, nor one beyond it: a 1 with a 1
    # two cells off in a row of five counts B1 or ... only its own neighbours
    p = Puzzle(((1, None, None, None, 1),))
    out = solve_puzzle(kurotto.GENRE, p, settings)
    assert out.status == "solved" and out.answer == {(0, 1), (0, 3)} and out.unique is True
    p = Puzzle(((1, None, 1),))  # B1 shaded counts for both
    out = solve_puzzle(kurotto.GENRE, p, settings)
    assert out.status == "solved" and out.answer == {(0, 1)}
    p = Puzzle(((2, None, None, 3),))  # 2 + 1 cells, but the 3 touches the same two
    assert solve_puzzle(kurotto.GENRE, p, settings).status == "infeasible"


def test_the_rules_decide_the_sample_whole():
    out = solve_puzzle(kurotto.GENRE, known_puzzle(), Settings("highs"))
    assert out.note == DECIDED and out.answer == KNOWN and out.unique is True


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("kurotto"))
    book.sheet("kurotto").put(2, 3, 25)
    with pytest.raises(InputError, match=r"sheet 'kurotto' cell C2: .*from 0 to 24.*found 25"):
        read_puzzle(book, "kurotto")
    book = OpenpyxlBook(sample("kurotto"))
    book.sheet("kurotto").put(2, 3, "x")
    with pytest.raises(InputError, match=r"cell C2: .*found 'x'"):
        read_puzzle(book, "kurotto")
    book = OpenpyxlBook(sample("kurotto"))
    for r in range(1, 6):
        for c in range(1, 6):
            book.sheet("kurotto").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'kurotto': no circles"):
        read_puzzle(book, "kurotto")
    assert kurotto.parse(Grid("x", [["o", None], [None, "○"]])).circles() == {
        (0, 0): None,
        (1, 1): None,
    }


URL = "https://puzz.link/p?kurotto/5/5/30m4h6h4m02"  # pzprjs test/script/kurotto.js


def test_puzzlink_url_and_pzprjs_answer():
    p = kurotto.from_url(parse_url(URL))
    assert p == known_puzzle()
    assert kurotto.to_url(p) == URL
    out = solve_puzzle(kurotto.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "kurotto.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "kurotto", Settings("highs"))
    assert res.status == "solved" and res.unique is True


def test_hand_typed_answers_check(sample):
    book = OpenpyxlBook(sample("kurotto"))
    type_shading(book, "kurotto", SOLUTION)
    res = check.check_sheet(book, "kurotto", Settings())
    assert res.verdict == "correct", res.record()
    book = OpenpyxlBook(sample("kurotto"))
    rows = [list(row) for row in SOLUTION]
    rows[4][0] = "."  # A5 left unshaded
    type_shading(book, "kurotto", ["".join(row) for row in rows], mark="■")
    book.sheet("kurotto").put(5, 1, "・")
    res = check.check_sheet(book, "kurotto", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert any(m.startswith("the 4 at A4 touches groups of 3") for m, _ in res.problems)


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_published_puzzles(entry):
    """janko.at's puzzles (puzzlekit's dataset): a few small ones and the largest."""
    p = kurotto.parse(Grid("x", entry["cells"]))
    out = solve_puzzle(kurotto.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert kurotto.record(p, out.answer) == entry["expected"]


JANKO_056 = """\
- - - 5 4 - - 1 - -
3 - - - - 6 - - 5 -
- 7 - - - - - - - 4
- - - - - - 7 - - -
6 - - - - - - - - 5
- 6 - 6 - - - - 9 -
- - 6 - 2 - - 4 - 5
8 - - - - - - - - -
- - - 3 - - 4 - - -
- - - 7 - - - - 3 -"""


def janko(text: str) -> Puzzle:
    def cell(t: str) -> int | str | None:
        return None if t == "-" else t if t == "?" else int(t)  # ?: a circle without number

    return Puzzle(tuple(tuple(map(cell, line.split())) for line in text.split("\n")))


def test_the_ways_search_decides_a_puzzle_probing_leaves_whole():
    """janko.at's Kurotto 056: no cell falls to probing; the search over each number's ways
    finds its one answer, which the rules then check."""
    p = janko(JANKO_056)
    d = kurotto.deduce(p, kurotto.GENRE.tuning)
    assert d.answer is not None and kurotto.verify(p, d.answer) == []
    assert (1, 3) in d.answer and (0, 6) not in d.answer


JANKO_077 = """\
28 - ? - - - - - - -
- - - - 4 - - - 4 -
5 - - - - - - - - -
- - - - - - - - - -
6 - - - - - 3 - - -
- - - - 1 - - - - -
- 2 - - - - 5 - - -
- - - - - - - - - -
- - - - - - - - - -
- - - 30 - - - - - 0"""


def test_where_the_ways_run_out_the_cells_search_decides():
    """janko.at's Kurotto 077: its big numbers take too many ways for the ways' search (it
    gives up within `search_work`); the search over the cells (`cell_search_work`) finds the
    one answer."""
    p = janko(JANKO_077)
    lean = dataclasses.replace(kurotto.GENRE.tuning, search_work=1)  # the ways give up at once
    d = kurotto.deduce(p, lean)
    assert d.answer is not None and kurotto.verify(p, d.answer) == []
    assert (0, 1) in d.answer and (0, 7) not in d.answer and (9, 7) in d.answer  # as published
    assert kurotto.deduce(p, dataclasses.replace(lean, cell_search_work=0)).answer is None


def test_the_ways_search_keeps_every_answer():
    """A puzzle with several answers keeps them: the search hands two to the solve, which
    finds it not unique."""
    p = Puzzle(((None, 1, None), (None, None, None)))
    d = kurotto.deduce(p, kurotto.GENRE.tuning)
    assert d.answer is None and len(set(d.answers)) == 2
    assert d.answers_of == "b" and all(kurotto.verify(p, a) == [] for a in d.answers)
    out = solve_puzzle(kurotto.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is False
    p = Puzzle(((None, 1, None), (None, 2, None), (None, None, None)))
    for settings in (Settings(), Settings("highs", deduce=False)):
        out = solve_puzzle(kurotto.GENRE, p, settings)
        assert out.status == "solved" and out.unique is False
        assert kurotto.verify(p, out.answer) == []


def test_the_ways_of_a_number():
    """A number's ways: its n cells with it connected, the shaded cells beside it inside."""
    p = Puzzle(((None, None, None), (None, 2, None), (None, None, None)))
    board = kurotto.deduction_board(p)
    board.propagate()
    ways = kurotto._ways(board, 4, 2, 10_000)
    cells = sorted(sorted(divmod(i, 3) for i in range(9) if u >> i & 1) for u, _ in ways)
    # two of its four neighbours (6), or one neighbour and a corner beside it (8)
    assert len(cells) == 14 and [(0, 1), (1, 0)] in cells and [(0, 0), (0, 1)] in cells
    board.set(1, kurotto.SHADED)
    board.propagate()
    assert all(u >> 1 & 1 for u, _ in kurotto._ways(board, 4, 2, 10_000))
