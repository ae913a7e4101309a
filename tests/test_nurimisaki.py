"""Nurimisaki: the sample in the workbook, verify from the rules, bad input, the puz.link codec
with pzprjs' own test puzzle, both connectivity forms, hand-typed answers through Check, and
published puzzles. (The sample on every back end, in both forms, through the .lp file:
tests/test_samples.py.)"""

from __future__ import annotations

import json

import pytest

from solver import check
from solver.cli import main
from solver.deduce import shade_logic
from solver.genres import nurimisaki
from solver.genres.nurimisaki import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import EXAMPLES, example, type_shading

EX = example("nurimisaki")
SOLUTION = EX["solution_text"].split("\n")
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "nurimisaki.json").read_text("utf-8"))


def shaded_of(rows: list[str]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


KNOWN = shaded_of(SOLUTION)


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(
        tuple(tuple(None if ch == "." else ch if ch == "?" else int(ch) for ch in r) for r in rows)
    )


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("nurimisaki")), "nurimisaki")
    assert p == known_puzzle()
    assert p.circles() == {(0, 1): None, (1, 0): None, (2, 3): 2, (4, 0): None}


def test_sample_answer_in_the_cells(sample):
    book = OpenpyxlBook(sample("nurimisaki"))
    res = solve_sheet(book, "nurimisaki", Settings())
    assert res.status == "solved" and res.unique is True
    assert book.sheet("nurimisaki").get(1, 1) == "■"  # A1
    assert book.sheet("nurimisaki").get(3, 4) == 2  # the circle D3 keeps its number


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert nurimisaki.verify(p, KNOWN) == []
    # C3 unshaded: the 2 at D3 gets a second unshaded neighbour, and B2:C3... stay apart
    wrong = nurimisaki.verify(p, KNOWN - {(2, 2)})
    assert "the circle D3 has 2 unshaded neighbours, not one" in wrong
    # E3 shaded: the 2 at D3 is cut off on every side
    cut = nurimisaki.verify(p, KNOWN | {(2, 4)})
    assert "the circle D3 has 0 unshaded neighbours, not one" in cut
    assert any("fall apart" in v for v in cut)
    # E1 shaded: D1 becomes a dead end without a circle
    end = nurimisaki.verify(p, KNOWN | {(0, 4)})
    assert "the unshaded cell D1 is a dead end but no circle" in end
    # E4, E5 and D5 shaded: a 2x2 block of shaded cells at D4
    block = nurimisaki.verify(p, KNOWN | {(3, 4), (4, 3), (4, 4)})
    assert "a 2x2 block of shaded cells at D4" in block
    assert "the circle B1 is shaded" in nurimisaki.verify(p, KNOWN | {(0, 1)})
    # the 2 at D3 running three cells: D3, D2 and D1 with C2 unshaded ... made by hand
    p3 = Puzzle(tuple(tuple(3 if (r, c) == (2, 3) else v for c, v in enumerate(row))
                      for r, row in enumerate(p.cells)))  # fmt: skip
    assert "the 3 at D3 has a run of 2 cells, not 3" in nurimisaki.verify(p3, KNOWN)
    assert all(v.cells for v in wrong + cut + end + block)


def test_a_cape_without_number_may_point_anywhere():
    """Two capes in a 2x3 grid: the unshaded path between them, and nothing else."""
    p = Puzzle(((UNKNOWN, None, None), (None, None, UNKNOWN)))
    out = solve_puzzle(nurimisaki.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is False


@pytest.mark.parametrize("form", ("complete", "lazy"))
def test_both_forms_agree(form):
    settings = Settings("highs", connectivity=form, deduce=False)  # the model, not the rules
    out = solve_puzzle(nurimisaki.GENRE, known_puzzle(), settings)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    assert out.lazy is (form == "lazy")
    # a 3 whose run cannot fit: the circle in a 2x2 grid's corner
    p = Puzzle(((3, None), (None, None)))
    assert solve_puzzle(nurimisaki.GENRE, p, settings).status == "infeasible"


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("nurimisaki"))
    book.sheet("nurimisaki").put(2, 3, 6)
    with pytest.raises(InputError, match=r"sheet 'nurimisaki' cell C2: .*from 2 to 5.*found 6"):
        read_puzzle(book, "nurimisaki")
    book = OpenpyxlBook(sample("nurimisaki"))
    book.sheet("nurimisaki").put(2, 3, 1)
    with pytest.raises(InputError, match=r"cell C2: .*found 1"):
        read_puzzle(book, "nurimisaki")
    book = OpenpyxlBook(sample("nurimisaki"))
    book.sheet("nurimisaki").put(1, 1, "○")  # A1 beside the circles B1 and A2
    with pytest.raises(InputError, match=r"cell A1: this circle has two circles beside it"):
        read_puzzle(book, "nurimisaki")
    book = OpenpyxlBook(sample("nurimisaki"))
    for r in range(1, 6):
        for c in range(1, 6):
            book.sheet("nurimisaki").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'nurimisaki': no circles"):
        read_puzzle(book, "nurimisaki")
    assert nurimisaki.parse(Grid("x", [["o", None], [None, "○"]])).circles() == {
        (0, 0): None,
        (1, 1): None,
    }


URL = "https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j"  # pzprjs test/script/nurimisaki.js


def test_puzzlink_url_and_pzprjs_answer():
    p = nurimisaki.from_url(parse_url(URL))
    assert p == known_puzzle()
    assert nurimisaki.to_url(p) == URL
    out = solve_puzzle(nurimisaki.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "capes.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "nurimisaki", Settings("highs"))
    assert res.status == "solved" and res.unique is True


def test_hand_typed_answers_check(sample):
    book = OpenpyxlBook(sample("nurimisaki"))
    type_shading(book, "nurimisaki", SOLUTION)
    res = check.check_sheet(book, "nurimisaki", Settings())
    assert res.verdict == "correct", res.record()
    book = OpenpyxlBook(sample("nurimisaki"))
    rows = [list(row) for row in SOLUTION]
    rows[0][4] = "#"  # E1 shaded too: D1 a dead end
    type_shading(book, "nurimisaki", ["".join(row) for row in rows], mark="■")
    res = check.check_sheet(book, "nurimisaki", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("the unshaded cell D1 is a dead end but no circle", ["C1", "D1"]) in res.problems


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_published_puzzles(entry):
    """janko.at's puzzles (puzzlekit's dataset): a few small ones and the largest."""
    p = nurimisaki.parse(Grid("x", entry["cells"]))
    out = solve_puzzle(nurimisaki.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert nurimisaki.record(p, out.answer) == entry["expected"]


def test_the_rules_decide_the_example_whole_and_the_pure_model_agrees():
    found = nurimisaki.deduce(known_puzzle(), nurimisaki.GENRE.tuning)
    assert found.answer == KNOWN
    pure = solve_puzzle(nurimisaki.GENRE, known_puzzle(), Settings(deduce=False))
    assert pure.answer == KNOWN and pure.unique is True


def test_a_white_cell_that_is_no_circle_branches():
    """On a row of three cells without circles, no cell can have two white neighbours: the
    ends have one neighbour, so they are shaded, and then so is the middle."""
    board = shade_logic.Board(1, 3, apart=False, connected=False)
    for i, near in ((0, [1]), (1, [0, 2]), (2, [1])):
        board.rule(nurimisaki._branch, (i, near), [i, *near])
    board.propagate()
    assert board.state == [shade_logic.SHADED] * 3
    with pytest.raises(shade_logic.Contradiction):
        board.set(1, shade_logic.UNSHADED)


def test_the_rules_turn_one_white_corner_into_the_ring_of_a_3x3():
    """No circle: every white cell has two white neighbours and no 2x2 is one colour; from a
    white corner that leaves the ring round a shaded centre."""
    board = nurimisaki.deduction_board(Puzzle(((None,) * 3,) * 3))
    board.set(0, shade_logic.UNSHADED)
    board.propagate()
    assert [i for i, v in enumerate(board.state) if v == shade_logic.SHADED] == [4]
    assert shade_logic.UNKNOWN not in board.state
