"""Nonogram: the clue layout (clues above and left, the grid's corner found from them), runs
placed exactly, verify from the rules, bad input, pzprjs' nonogram URL and its answer, and check
my answer on a hand-shaded sheet. (The sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import itertools

import pytest

from solver import check
from solver.cli import main
from solver.genres import nonogram
from solver.genres.nonogram import Puzzle, flush, runs_of
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("nonogram")


def clues(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(n) for n in t.split(",")) for t in text.split())


def known_puzzle() -> Puzzle:
    return flush(clues(EX["puzzle_extra"]["hintv"]), clues(EX["puzzle_extra"]["hinth"]))


KNOWN = frozenset(
    (r + 2, c + 4)
    for r, row in enumerate(EX["solution_text"].split("\n"))
    for c, ch in enumerate(row)
    if ch == "#"
)


def test_workbook_holds_the_example_clues_above_and_left(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("nonogram")), "nonogram")
    assert p == known_puzzle()
    assert (p.top, p.left, p.rows, p.cols) == (2, 4, 10, 10)
    ws = OpenpyxlBook(sample("nonogram")).sheet("nonogram")
    assert [ws.get(2, c) for c in range(1, 7)] == [None, None, None, None, 2, 2]  # row 2
    assert [ws.get(7, c) for c in range(1, 5)] == [None, 1, 2, 1]  # grid row 5: 1 2 1


def test_clues_in_one_cell_and_zero_lines():
    cells = [
        [None, "1", 1, 0],
        ["1 1", None, None, None],
        [0, None, None, None],
        ["1", None, None, None],
    ]
    p = nonogram.parse(Grid("nonogram", cells))
    assert p == Puzzle(((1, 1), (), (1,)), ((1,), (1,), ()), 1, 1)
    out = solve_puzzle(nonogram.GENRE, p, Settings("highs"))
    assert out.status == "infeasible"  # row 1 needs column 3, whose clue is 0
    cells[0][3] = 1
    p = nonogram.parse(Grid("nonogram", cells))
    out = solve_puzzle(nonogram.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    assert out.answer == {(1, 1), (1, 3), (3, 2)}


def test_two_possible_corners_are_refused():
    # the 1 in B2 may be a row clue (grid C2:C3) or a column clue (grid B3:C3)
    cells = [[None, None, 1], [None, 1, None], [1, None, None]]
    with pytest.raises(InputError, match="may start at"):
        nonogram.parse(Grid("nonogram", cells))


def test_runs_are_placed_exactly():
    """A row of 7 cells with the clue 2 1, each column's clue fixing one shading of the row:
    the model has an answer exactly for the 10 shadings whose runs read 2 1, and it is that
    shading."""
    line = [(1, 1 + c) for c in range(7)]
    found = set()
    for bits in itertools.product((0, 1), repeat=7):
        p = Puzzle(((2, 1),), tuple((1,) if b else () for b in bits), 1, 1)
        out = solve_puzzle(nonogram.GENRE, p, Settings("highs"), check_unique=False)
        fits = runs_of(line, {q for q, b in zip(line, bits, strict=True) if b}) == (2, 1)
        assert (out.status == "solved") is fits
        if fits:
            assert out.answer == {q for q, b in zip(line, bits, strict=True) if b}
            found.add(bits)
    assert len(found) == 10


def test_verify_names_the_broken_lines():
    p = known_puzzle()
    assert nonogram.verify(p, KNOWN) == []
    broken = nonogram.verify(p, KNOWN - {(2, 8)})  # grid row 1, column 5
    assert "row 1 (E3:N3) has runs 1, its clue is 2" in broken
    assert any(v.startswith("column 5 (I3:I12)") for v in broken)
    assert all(v.cells for v in broken)
    assert any("outside the grid" in v for v in nonogram.verify(p, KNOWN | {(0, 0)}))


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("nonogram"))
    book.sheet("nonogram").put(3, 4, "x2")
    with pytest.raises(InputError, match=r"sheet 'nonogram' cell D3: .*found 'x2'"):
        read_puzzle(book, "nonogram")
    book = OpenpyxlBook(sample("nonogram"))
    book.sheet("nonogram").put(3, 3, 9)  # row 1: 9 2 needs 12 cells
    with pytest.raises(InputError, match=r"cell C3: the clue of row 1 \(9 2\) needs 12 cells"):
        read_puzzle(book, "nonogram")
    book = OpenpyxlBook(sample("nonogram"))
    book.sheet("nonogram").put(1, 1, 3)  # in the corner
    with pytest.raises(InputError, match="sheet 'nonogram': no grid found"):
        read_puzzle(book, "nonogram")


URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"  # pzprjs test script
PZPR_ANSWER = ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]


def test_puzzlink_url_and_pzprjs_answer():
    p = nonogram.from_url(parse_url(URL))
    assert p.row_clues == ((2, 1), (1, 1), (1, 2), (), (1, 1), (3,))
    assert p.col_clues == ((2, 1), (1, 1, 1), (1,), (1, 1, 1), (2, 1), ())
    out = solve_puzzle(nonogram.GENRE, p, Settings("highs"))
    want = {
        (r + p.top, c + p.left)
        for r, row in enumerate(PZPR_ANSWER)
        for c, ch in enumerate(row)
        if ch == "#"
    }
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert nonogram.parse(Grid("nonogram", nonogram.to_cells(p))) == p


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "picture.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "nonogram", Settings()).status == "solved"


def test_check_a_hand_shaded_answer(sample):
    """Shaded by hand with # and ■, a few cells marked ・: right; one cell too many: wrong."""
    book = OpenpyxlBook(sample("nonogram"))
    ws = book.sheet("nonogram")
    for n, (r, c) in enumerate(sorted(KNOWN)):
        ws.put(r + 1, c + 1, "#" if n % 2 else "■")
    ws.put(3, 5, "・")  # grid row 1, column 1: white
    res = check.check_sheet(book, "nonogram", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(3, 5, "■")
    res = check.check_sheet(book, "nonogram", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("row 1 (E3:N3) has runs 1 2, its clue is 2", [f"{c}3" for c in "EFGHIJKLMN"]) in (
        res.problems
    )
