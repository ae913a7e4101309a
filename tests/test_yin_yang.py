"""Yin-yang: the sample sheet, the model and the shared two-colour rows on small grids, the
deductions, verify from the rules, bad input named by sheet and cell, the puzz.link codec with
pzprjs's test puzzle, check on a hand-shaded sheet, and published puzzles (janko.at) solved to
their answers. (The sample on every back end in both forms: tests/test_samples.py.)"""

from __future__ import annotations

import json
import random

import openpyxl
import pulp
import pytest
from circle_samples import example_puzzle
from conftest import EXAMPLES
from openpyxl.styles import PatternFill

from solver import check
from solver.blocks.cells import both_colours_connected, edge_ring, two_colour_rows
from solver.cli import main
from solver.deduce import shade_logic
from solver.genres import yin_yang
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.model import new_problem, var
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("yin-yang")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?yinyang/5/5/016612300"
FAST = Settings(time_limit=60)
W, B = yin_yang.WHITE, yin_yang.BLACK


def puzzle(*rows: str) -> yin_yang.Puzzle:
    return yin_yang.Puzzle(
        tuple(tuple({"o": W, "x": B, ".": None}[ch] for ch in row) for row in rows)
    )


def test_the_sheet_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("yin-yang")), "yin-yang")
    assert p == example_puzzle() == yin_yang.from_url(parse_url(URL))


@pytest.mark.parametrize("form", ["complete", "lazy"])
@pytest.mark.parametrize("deduce", [False, True])
def test_both_colours_joined_on_a_small_grid(form, deduce):
    """A 3x3 with a black circle in one corner and a white one in the opposite corner has many
    answers; with black circles in two opposite corners and white ones in the other two, none
    (a black path between the blacks cuts the whites apart)."""
    settings = Settings("highs", connectivity=form, deduce=deduce)
    p = puzzle("x..", "...", "..o")
    out = solve_puzzle(yin_yang.GENRE, p, settings)
    assert out.status == "solved" and out.unique is False
    assert yin_yang.verify(p, out.answer) == []
    out = solve_puzzle(yin_yang.GENRE, puzzle("x.o", "...", "o.x"), settings)
    assert out.status == "infeasible"


def test_a_chessboard_block_has_no_answer():
    p = puzzle("xo", "ox")
    for deduce in (False, True):
        out = solve_puzzle(yin_yang.GENRE, p, Settings("highs", deduce=deduce))
        assert out.status == "infeasible"


def feasible(black: set, rows: int = 5, cols: int = 5) -> bool:
    """Whether a colouring (the black cells) keeps the two-colour rows."""
    prob = new_problem("t")
    b = {(r, c): var(prob, "b", r, c) for r in range(rows) for c in range(cols)}
    for cell, v in b.items():
        v.lowBound = v.upBound = int(cell in black)
    for row, name in two_colour_rows(prob, b):
        prob += row, name
    prob.solve(pulp.HiGHS(msg=False))
    return pulp.LpStatus[prob.status] == "Optimal"


def test_two_colour_rows_hold_in_the_answer_and_cut_a_chessboard():
    """NoChess and EdgeTurns keep the known answer and cut off a 2x2 chessboard and an edge
    that changes colour four times."""
    assert feasible(set(KNOWN))
    assert not feasible(set(KNOWN) - {(2, 1)})  # A2 B3 white, A3 B2 black: a chessboard
    assert edge_ring(2, 3) == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    assert feasible({(0, 0), (0, 1), (0, 2)})  # the top edge black: two turns
    assert not feasible({(0, 0), (0, 4), (4, 4), (4, 0)})  # the corners black: eight


def test_both_colours_connected_lazy_cuts_name_both_colours():
    prob = new_problem("t")
    b = {(r, c): var(prob, "b", r, c) for r in range(3) for c in range(3)}
    cuts = both_colours_connected(prob, b, lazy=True)
    assert cuts is not None
    names = {c.name for c in prob.constraints()}
    assert "NoChess(1,1,1)" in names and "EdgeTurns" in names
    for (_, c), v in b.items():  # a black stripe down the middle: two white parts, one black
        v.varValue = int(c == 1)
    assert len(cuts()) == 2  # each white part from the other
    assert both_colours_connected(new_problem("u"), b, lazy=False) is None


def test_the_deductions_decide_the_example_and_hold_in_the_answer():
    d = yin_yang.deduce(example_puzzle(), yin_yang.GENRE.tuning)
    assert d.answer == KNOWN
    assert yin_yang.deduce(puzzle("xo", "ox"), yin_yang.GENRE.tuning).answer is None


def test_the_edge_rule_makes_each_colour_one_stretch():
    """The edge of a 3x3: black at A1 and C1, white at B1's neighbours below ... the black
    stretch along the top takes B1, the rest of the edge is white."""
    board = yin_yang.deduction_board(puzzle("x.x", "o..", "..o"))
    board.propagate()
    assert board.state[1] == yin_yang.SHADED  # B1 between the two blacks
    assert all(board.state[i] == yin_yang.UNSHADED for i in (3, 6, 7, 8))


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle()
    assert yin_yang.verify(p, KNOWN) == []
    cut = yin_yang.verify(p, KNOWN - {(2, 1)})  # B3 white: A3 black alone
    assert "the black cells fall apart: the cell at A3 is not joined to those at B2" in cut
    assert "the black circle at A3 is not black" not in cut
    wrong = yin_yang.verify(p, KNOWN - {(1, 2)} | {(0, 0)})
    assert "the black circle at C2 is not black" in wrong
    square = yin_yang.verify(p, KNOWN | {(2, 2)})
    assert "a 2x2 block of black cells at B2" in square
    white = yin_yang.verify(p, KNOWN | {(2, 3)})  # C3 white, shut in
    assert white == ["the white cells fall apart: the cell at C3 is not joined to those at A1"]
    assert yin_yang.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/yinyang.js: its URL and its answer (2 black, 1 white; a circle's cell
    `.` keeps the circle's colour)."""
    p = yin_yang.from_url(parse_url(URL))
    answer = "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . 2 . /1 1 1 1 1 /"
    circles = p.circles()
    want = {
        (r, c)
        for r, row in enumerate(answer.strip("/").split("/"))
        for c, t in enumerate(row.split())
        if t == "2" or (t == "." and circles[r, c] == B)
    }
    assert want == KNOWN and yin_yang.verify(p, frozenset(want)) == []
    out = solve_puzzle(yin_yang.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert yin_yang.to_url(p) == URL
    with pytest.raises(UrlError, match="two rows"):
        yin_yang.from_url(parse_url("https://puzz.link/p?yinyang/1/5/00"))


def test_import_writes_the_circles(tmp_path):
    path = tmp_path / "y.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, grid, p = read_puzzle(OpenpyxlBook(path), "yin-yang")
    assert p == yin_yang.from_url(parse_url(URL)) and grid[1, 0] == W


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["○", "2"], [None, None]], "B1", "found 2"),
        ([["○", "●"], ["■", None]], "A2", "found '■'"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "yin-yang"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "yin-yang")
    assert f"sheet 'yin-yang' cell {where}:" in str(e.value) and says in str(e.value)


def test_other_spellings_of_the_circles():
    p = yin_yang.parse(Grid("yinyang", [["o", "w", "◯"], ["*", "x", "b"]]))
    assert p.cells == ((W, W, W), (B, B, B))


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("yin-yang"))
    ws = book.wb["yin-yang"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        if ws.cell(r + 1, c + 1).value is None:
            ws.cell(r + 1, c + 1).value = "■"
        else:
            ws.cell(r + 1, c + 1).fill = dark
    res = check.check_sheet(book, "yin-yang", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws.cell(3, 3).value = "#"  # C3 black: a 2x2 of black at B2, the white cells cut
    res = check.check_sheet(book, "yin-yang", FAST)
    assert res.verdict == "wrong" and res.completable is False
    messages = [m for m, _ in res.problems]
    assert "a 2x2 block of black cells at B2" in messages


PUBLISHED = json.loads((EXAMPLES.parent / "published" / "yin-yang.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's yin-yang (puzzlekit dataset, benchmarks/puzzlekit/yin_yang.py): the first
    few, two the deductions leave to the solver, and the largest, solved to the published
    answer and proved unique."""
    p = yin_yang.parse(Grid("yin-yang", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(yin_yang.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert yin_yang.record(p, out.answer)["shaded"] == entry["expected"]["shaded"]


def every_answer(p: yin_yang.Puzzle) -> list[frozenset]:
    """Every colouring of the grid that keeps the rules (the black cells), by brute force."""
    cells = p.positions()
    found = []
    for bits in range(1 << len(cells)):
        black = frozenset(q for k, q in enumerate(cells) if bits >> k & 1)
        if not yin_yang.verify(p, black):
            found.append(black)
    return found


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Random circles on 3x3 and 3x4 grids: the cells the rules decide (with probing) are so in
    every answer, and where they find no answer there is none."""
    rng = random.Random(3)
    decided = contradictions = solvable = 0
    for _ in range(60):
        rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3):
            cells[r][c] = rng.choice((W, B))
        p = yin_yang.Puzzle(tuple(map(tuple, cells)))
        answers = every_answer(p)
        known = shade_logic.deduce(lambda p=p: yin_yang.deduction_board(p), 10**9, everywhere=True)
        if known is None:
            assert answers == [], p
            contradictions += 1
            continue
        black, white = known
        solvable += bool(answers)
        for answer in answers:
            assert black <= answer and not white & answer, p
        decided += len(black | white)
    assert decided > 200 and contradictions > 3 and solvable > 30
