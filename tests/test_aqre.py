"""Aqre: the sample's two sheets (labels, thick borders), the model on small grids, the
deductions, verify from the rules, bad input named by sheet and cell, the puzz.link codec with
pzprjs's test puzzle, check on a hand-shaded sheet, and published puzzles (janko.at) solved to
their answers. (The sample on every back end in both forms: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import openpyxl
import pytest
from conftest import EXAMPLES
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.geometry import grid_edges
from solver.blocks.rooms import Rooms, rooms_from_walls
from solver.cli import main
from solver.deduce import shade_logic
from solver.deduce.shade_logic import SHADED, UNKNOWN, UNSHADED
from solver.genres import aqre
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("aqre")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?aqre/6/6/444400vvo3u0012345g"
FAST = Settings(time_limit=60)


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("aqre"))
    want = example_puzzle("aqre")
    for sheet in ("aqre", "aqre borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers


@pytest.mark.parametrize("form", ["complete", "lazy"])
@pytest.mark.parametrize("solver", ["highs", "scip"])
def test_the_model_on_a_row(form, solver):
    """One room in a row holding 2: the two shaded cells touch (joined) and leave no four
    unshaded. In a row of 5, any of the four pairs; of 8, only D1:E1; of 9, none."""
    settings = Settings(solver, connectivity=form, deduce=False)
    for cols, status, unique in (
        (5, "solved", False),
        (8, "solved", True),
        (9, "infeasible", None),
    ):
        p = aqre.Puzzle(Rooms(((0,) * cols,)), (((0, 0), 2),))
        out = solve_puzzle(aqre.GENRE, p, settings)
        assert (out.status, out.unique) == (status, unique)
        if cols == 8:
            assert out.answer == {(0, 3), (0, 4)}


def test_the_shaded_cells_must_be_joined():
    """A 2x4 in two rooms, the top row holding 1 and the bottom row 1: each row needs one
    shaded cell and no four unshaded; joined, they lie one above the other."""
    rooms = Rooms(((0, 0, 0, 0), (1, 1, 1, 1)))
    p = aqre.Puzzle(rooms, (((0, 0), 1), ((1, 0), 1)))
    out = solve_puzzle(aqre.GENRE, p, Settings("highs", deduce=False))
    assert out.status == "solved" and out.unique is False
    (a, b) = sorted(out.answer)
    assert a[1] == b[1]
    assert aqre.verify(p, frozenset({(0, 0), (1, 3)})) == [
        "the shaded cells fall apart: the cell at D2 is not joined to those at A1"
    ]


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("aqre")
    assert aqre.verify(p, KNOWN) == []
    four = aqre.verify(p, KNOWN | {(2, 0)})  # A3 joins A2 B2 ... and A4 A5 A6? down: A2:A6
    assert "5 shaded cells in a row at A2:A6 (at most 3)" in four
    assert "room at A2 has 3 shaded cells, its number says 2" not in four
    assert "room at A3 has 5 shaded cells, its number says 4" in four
    blank = aqre.verify(p, KNOWN - {(1, 3)})  # D2 unshaded: D1 D2 ... and D1 alone
    assert "room at D1 has 0 shaded cells, its number says 1" not in blank
    assert any(m.startswith("the shaded cells fall apart: the cell at D1") for m in blank)
    assert "4 unshaded cells in a row at A1:D1 (at most 3)" not in blank
    assert aqre.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_the_deductions_decide_the_example():
    d = aqre.deduce(example_puzzle("aqre"), aqre.GENRE.tuning)
    assert d.answer == KNOWN


def test_a_shaded_cell_has_a_shaded_neighbour_before_the_connection_is_looked_at():
    """Where every answer shades two cells or more, the local rule alone (the connection set
    aside): a shaded cell with one neighbour that may be shaded shades it, and an unknown cell
    whose neighbours are all unshaded is unshaded."""
    for two, want in ((True, (SHADED, UNSHADED)), (False, (UNKNOWN, UNKNOWN))):
        board = aqre.deduction_board(3, 3, [(1, [(1, 1)])], two=two)
        board.joined = ()  # the connection set aside: only the genre's own rules
        for r, c in ((0, 1), (1, 0), (1, 2)):
            board.set(r * 3 + c, UNSHADED)
        board.propagate()
        assert (board.state[2 * 3 + 1], board.state[0]) == want


def test_an_area_of_shaded_cells_leads_out_through_its_last_unknown_neighbour():
    """The connection one area at a time, before the connection over the grid is looked at:
    A1:B1 shaded, A2:B2 unshaded, D3 shaded: C1, the area's one way out, is shaded; with C1
    unshaded there is no answer; without D3 the area may be all the shaded cells."""
    for other, want in ((True, SHADED), (False, UNKNOWN)):
        board = aqre.deduction_board(3, 4, [])
        board.joined = ()  # the connection over the grid set aside: only the genre's own rules
        for i, value in ((0, SHADED), (1, SHADED), (4, UNSHADED), (5, UNSHADED)):
            board.set(i, value)
        if other:
            board.set(11, SHADED)
        board.propagate()
        assert board.state[2] == want
    board = aqre.deduction_board(3, 4, [])
    board.joined = ()
    for i, value in ((0, SHADED), (1, SHADED), (4, UNSHADED), (5, UNSHADED), (11, SHADED)):
        board.set(i, value)
    board.set(2, UNSHADED)
    with pytest.raises(shade_logic.Contradiction):
        board.propagate()


def random_aqre(rng: random.Random) -> aqre.Puzzle:
    """Rooms cut by random walls, numbered mostly from a random shading."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    walls = [pair for pair in grid_edges(rows, cols) if rng.random() < 0.35]
    rooms = rooms_from_walls(rows, cols, walls)
    grid = list(itertools.product(range(rows), range(cols)))
    shaded = frozenset(q for q in grid if rng.random() < 0.5)
    numbers = []
    for cells in rooms.all():
        if rng.random() < 0.6:
            n = sum(q in shaded for q in cells)
            numbers.append((min(cells), n if rng.random() < 0.9 else rng.randint(0, 3)))
    return aqre.Puzzle(rooms, tuple(sorted(numbers)))


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Random small aqres: what the rules and probing decide is so in every answer (brute force
    over every shading, `verify` as the rules), and where they find no answer there is none;
    every other one probed first with the connection set aside (`local_first`)."""
    rng = random.Random(7)
    decided = contradictions = solvable = 0
    for k in range(40):
        p = random_aqre(rng)
        cells = p.positions()
        answers = []
        for bits in range(1 << len(cells)):
            shaded = frozenset(q for k, q in enumerate(cells) if bits >> k & 1)
            if not aqre.verify(p, shaded):
                answers.append(shaded)
        rooms = [(n, p.rooms.cells(k)) for k, n in sorted(p.room_numbers().items())]
        known = shade_logic.deduce(
            lambda p=p, rooms=rooms: aqre.deduction_board(
                p.rows, p.cols, rooms, aqre.two_shaded(p)
            ),
            10**9,
            everywhere=True,
            search_work=10**6,
            local_first=bool(k % 2),
        )
        if known is None:
            assert answers == [], p
            contradictions += 1
            continue
        shaded, unshaded = known
        solvable += bool(answers)
        for answer in answers:
            assert shaded <= answer and not unshaded & answer, p
        decided += len(shaded | unshaded)
    assert decided > 20 and contradictions >= 2 and solvable > 25


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/aqre.js: its URL (the sample's puzzle) and its last answer."""
    p = aqre.from_url(parse_url(URL))
    assert p == example_puzzle("aqre")
    answer = "+++#++/##+###/+##+##/##+###/#+##++/###+++/"
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert want == KNOWN and aqre.verify(p, frozenset(want)) == []
    out = solve_puzzle(aqre.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert aqre.to_url(p) == URL
    with pytest.raises(UrlError, match="room 1 has 1 cells"):
        aqre.from_url(parse_url("https://puzz.link/p?aqre/1/1/2"))


def test_import_draws_the_rooms_as_borders(tmp_path):
    path = tmp_path / "a.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, _, p = read_puzzle(OpenpyxlBook(path), "aqre")
    assert p == aqre.from_url(parse_url(URL))


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A5", "A"], ["B", "B"]], "A1", "at most 2 shaded cells; found 5"),
        ([["A1", "A2"], ["B", "B"]], "B1", "one number per room"),
        ([["A", "A"], ["B", 3]], "B2", "without a room label"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "aqre"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "aqre")
    assert f"sheet 'aqre' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("aqre"))
    borders, labels = book.wb["aqre borders"], book.wb["aqre"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        if borders.cell(r + 1, c + 1).value is None:
            borders.cell(r + 1, c + 1).value = "#"
        else:
            borders.cell(r + 1, c + 1).fill = dark
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("aqre borders", "aqre"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(6, 4).value = "■"  # D6 shaded: A6:D6 four in a row
    labels.cell(6, 4).fill = dark
    for sheet in ("aqre borders", "aqre"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        messages = [m for m, _ in res.problems]
        assert "4 shaded cells in a row at A6:D6 (at most 3)" in messages


PUBLISHED = json.loads((EXAMPLES.parent / "published" / "aqre.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's aqre (puzzlekit dataset, benchmarks/puzzlekit/aqre.py): the first few and the
    largest, typed as labels, solved to the published answer and proved unique."""
    p = aqre.parse(Grid("aqre", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(aqre.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert aqre.record(p, out.answer)["shaded"] == entry["expected"]["shaded"]


def _entry(name: str) -> dict:
    return next(e for e in PUBLISHED if e["name"] == name)


def test_a_room_nearly_full_is_decided_by_the_sat_solver():
    """janko's 006: one room of 60 cells holds 48 shaded, as many as no four in a row lets
    its rows hold. The learning search runs out of 600,000 of its work there and decides
    nothing (the count is a pigeonhole argument; the MIP, whose relaxation sees it at once,
    answers); the SAT solver after probing, over the rooms' sums as counters, decides the grid
    whole within the Tuning's `sat_work`, and no solver runs."""
    entry = _entry("aqre-janko-006")
    p = aqre.parse(Grid("aqre", entry["cells"]))
    want = frozenset(map(tuple, entry["expected"]["shaded"]))
    tuning = aqre.GENRE.tuning
    learning = replace(tuning, sat_work=0, learn_work=600_000)
    d = aqre.deduce(p, learning)
    assert d.answer is None and len(d.fixed["b"]) < p.rows * p.cols
    out = solve_puzzle(replace(aqre.GENRE, tuning=learning), p, FAST)
    assert out.unique is True and out.answer == want and out.rounds > 0
    assert aqre.deduce(p, tuning).answer == want
    out = solve_puzzle(aqre.GENRE, p, FAST)
    assert out.unique is True and out.answer == want and out.rounds == 0
