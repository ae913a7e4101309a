"""Tile Paint: the sample's two sheets (labels, thick borders) with the counts outside the grid,
verify from the rules, bad input named by sheet and cell, the puzz.link codec, import drawing the
tiles as borders beside the counts, and check my answer on a hand-painted sheet. (The sample on
every back end through the .lp file: tests/test_samples.py; check, hints and forced cells:
tests/test_check.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.deduce import probing, shade_logic
from solver.deduce.shade_logic import SHADED, UNKNOWN, UNSHADED, Board, Contradiction
from solver.genres import tile_paint
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("tile-paint")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?tilepaint/6/6/mfttf5ovqrrvzv234232243331"
FAST = Settings(time_limit=60)


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("tile-paint"))
    want = example_puzzle("tile-paint")
    for sheet in ("tile-paint", "tile-paint borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids
        assert (p.col_counts, p.row_counts) == ((1, 4, 1, 2), (1, 2, 3, 2))
    ws = book.wb["tile-paint borders"]
    assert ws["B2"].border.left.style == "medium" and ws["A2"].value == 1


def test_verify_names_sheet_cells():
    p = example_puzzle("tile-paint")
    assert tile_paint.verify(p, KNOWN) == []
    half = tile_paint.verify(p, KNOWN - {(0, 1)})  # tile B (C2, C3) painted in one cell
    assert "the tile at C2 is painted in 1 of its 2 cells: paint a tile whole or not at all" in half
    assert "the row of the count 1 at A2 has 0 painted cells" in half
    assert "the column of the count 4 at C1 has 3 painted cells" in half
    assert next(v for v in half if "tile" in v).cells == ((1, 2), (2, 2))
    assert tile_paint.verify(p, frozenset({(7, 7)})) != []  # odd cells: no crash


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/test_tilepaint.js: its URL and its answer."""
    p = tile_paint.from_url(parse_url(URL))
    assert (p.col_counts, p.row_counts) == ((2, 3, 4, 2, 3, 2), (2, 4, 3, 3, 3, 1))
    answer = "+##+++/###++#/++###+/++###+/##++#+/+++++#"
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert tile_paint.verify(p, frozenset(want)) == []
    out = solve_puzzle(tile_paint.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    with pytest.raises(UrlError, match="inside the grid"):
        tile_paint.from_url(parse_url("https://puzz.link/p?tilepaint/2/2/0012g1111"))


def test_import_draws_the_tiles_beside_the_counts(tmp_path):
    path = tmp_path / "t.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, _, p = read_puzzle(book, "tile-paint")
    assert p == tile_paint.from_url(parse_url(URL))
    ws = book.wb["tile-paint"]
    assert ws["A1"].border.right.style is None and ws["B2"].border.top.style == "medium"


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[1, 1, 1], [1, "A", "A"], [1, "B", "B"]], "A1", "A1 stays empty"),
        ([[None, 3, 1], [1, "A", "A"], [1, "B", "B"]], "B1", "a column's count from 0 to 2"),
        ([[None, 1, 1], ["x", "A", "A"], [1, "B", "B"]], "A2", "a row's count"),
        ([[None, 1, 1], [1, "A2", "A"], [1, "B", "B"]], "B2", "no numbers"),
        ([[None, 1, 1], [1, "A", "B"], [1, "B", "A"]], "C3", "falls apart"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "tile-paint"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "tile-paint")
    assert f"sheet 'tile-paint' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_hand_painted_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("tile-paint"))
    borders, labels = book.wb["tile-paint borders"], book.wb["tile-paint"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        borders.cell(r + 2, c + 2).value = "■"
        labels.cell(r + 2, c + 2).fill = dark
    for sheet in ("tile-paint borders", "tile-paint"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(2, 2).value = "#"  # B2, tile A, count 1 in row 2: two painted now
    labels.cell(2, 2).fill = dark
    for sheet in ("tile-paint borders", "tile-paint"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        assert (
            "the row of the count 1 at A2 has 2 painted cells",
            ["A2", "B2", "C2", "D2", "E2"],
        ) in res.problems


@pytest.mark.parametrize(
    ("count", "painted", "empty"),
    [(3, [0, 1, 2], [3, 4, 5, 6]), (4, [3, 4, 5, 6], [0, 1, 2]), (5, [0, 1, 2], [])],
)
def test_a_line_is_the_sum_of_its_tiles_pieces(count, painted, empty):
    """One row of a 3-cell piece and two 2-cell pieces: 3 is the big piece alone, 4 the two
    small ones, 5 the big one and either small one."""
    board = Board(1, 7, apart=False, connected=False)
    pieces = [[0, 1, 2], [3, 4], [5, 6]]
    for tile in pieces:
        board.rule(tile_paint.whole_tile, tile, tile)
    board.rule(tile_paint.line_pieces, (count, pieces), range(7))
    board.propagate()
    assert [i for i in range(7) if board.state[i] == SHADED] == painted
    assert [i for i in range(7) if board.state[i] == UNSHADED] == empty


def test_a_count_no_pieces_make_is_a_contradiction():
    board = Board(1, 5, apart=False, connected=False)
    with pytest.raises(Contradiction):
        board.rule(tile_paint.line_pieces, (1, [[0, 1], [2, 3, 4]]), range(5))


def test_the_rules_decide_the_pzprjs_puzzle_as_the_mip_does():
    p = tile_paint.from_url(parse_url(URL))
    deduced = tile_paint.deduce(p, tile_paint.GENRE.tuning)
    pure = solve_puzzle(tile_paint.GENRE, p, Settings(deduce=False))
    assert pure.unique is True and deduced.answer == pure.answer


PUBLISHED = json.loads((ROOT / "tests/data/published/tile-paint.json").read_text("utf-8"))


def _published(entry: dict) -> tile_paint.Puzzle:
    return tile_paint.parse(Grid("tile-paint", entry["cells"]))


@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_the_deductions_hold_in_the_published_answer(entry):
    """What the rules, probing and the search decide agrees with the published answer (the
    grid's cells counted from B2), and the pipeline solves it to that answer, unique."""
    p = _published(entry)
    want = {tuple(cell) for cell in entry["expected"]["shaded"]}
    deduced = tile_paint.deduce(p, tile_paint.GENRE.tuning)
    assert all(v == int(cell in want) for cell, v in deduced.fixed["b"].items())
    solved = solve_puzzle(tile_paint.GENRE, p, FAST)
    assert solved.unique is True and set(solved.answer) == want


@pytest.mark.parametrize("name", ["0wzrw_15x15", "mzrwg_16x16"])
def test_the_search_after_probing_decides_what_probing_leaves(name):
    """On these published puzzles the rules and probing leave tiles (mzrwg: 50 of its 98
    tiles, where a depth-first search without learning runs out of work); the SAT solver
    ends within the tuning's work with the one answer, the
    published one, so the pipeline runs no solver."""
    entry = next(e for e in PUBLISHED if e["name"] == name)
    p = _published(entry)
    want = {tuple(cell) for cell in entry["expected"]["shaded"]}
    tuning = tile_paint.GENRE.tuning
    probed = shade_logic.deduce_tuned(lambda: tile_paint.deduction_board(p), p.rows, p.cols, tuning)
    assert probed is not None and len(probed[0]) + len(probed[1]) < p.rows * p.cols
    d = tile_paint.deduce(p, tuning)
    assert len(d.fixed["b"]) == p.rows * p.cols
    assert {cell for cell, v in d.fixed["b"].items() if v} == want
    assert d.answer == frozenset(want)


@pytest.mark.parametrize("sat_work", (0, 10**6), ids=("learning", "sat"))
def test_the_search_leaves_a_puzzle_of_two_answers_to_the_solve(sat_work: int):
    """Two tiles of one cell each in a row counted 1 (and their columns not counted): the
    search (the learning search's, the SAT solver's) finds both answers, decides nothing, and
    the MIP reports them."""
    p = tile_paint.Puzzle(Rooms(((0, 1),)), (), (None, None), (1,))
    assert tile_paint.learned(p, (set(), set()), 10**6, sat_work) == (set(), set())
    solved = solve_puzzle(tile_paint.GENRE, p, FAST)
    assert solved.unique is False


@pytest.mark.parametrize("entry", PUBLISHED[1:3], ids=lambda e: e["name"])
def test_probing_tries_one_cell_a_tile_and_decides_what_trying_every_cell_does(entry):
    """A tile's cells take one value, so probing tries its first cell only (`Board.probed`):
    probed to the end, the board decides what a board trying every cell decides, with fewer
    tries (on puzzles where probing decides cells the rules leave)."""
    p = _published(entry)
    tiles, spent = p.rooms.all(), []
    boards = [tile_paint.deduction_board(p) for _ in range(2)]
    boards[1].probed = None
    assert sorted(boards[0].probed) == sorted(r * p.cols + c for (r, c), *_ in tiles)
    for board in boards:
        board.propagate()
        unknown = board.state.count(UNKNOWN)
        spent.append(probing.probe(board, 10**9, everywhere=True, cells=board.probed))
        assert board.state.count(UNKNOWN) < unknown
    assert boards[0].state == boards[1].state
    assert spent[0] < spent[1]
