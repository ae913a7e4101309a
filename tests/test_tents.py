"""Tents: the sample (pzprjs's test puzzle) with the counts around the grid, the model on small
cases, verify from the rules naming sheet cells, bad input named by sheet and cell, the puzz.link
codec with pzprjs's answer, import, check my answer typed by hand, and published puzzles. (The
sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random

import openpyxl
import pytest

from solver import check
from solver.cli import main
from solver.deduce import shade_logic
from solver.deduce.probing import Contradiction
from solver.genres import tents
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, assert_search_exact, example, shading_tally

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("tents")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "A"
)
URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((ROOT / "tests/data/published/tents.json").read_text("utf-8"))


def puzzle() -> tents.Puzzle:
    return tents.from_url(parse_url(URL))


def test_the_sample_sheet_holds_pzprjs_puzzle(sample):
    _, grid, p = read_puzzle(OpenpyxlBook(sample("tents")), "tents")
    assert p == puzzle()
    assert p.col_counts == (2, None, 0, None, None) and p.row_counts == (1, None, None, None, 1)
    assert p.trees == {(0, 2), (2, 1), (2, 4), (3, 3), (4, 1)}
    assert grid[1, 3] == "T" and grid[0, 0] is None


def test_the_model_pairs_each_tree_with_its_own_tent():
    one = tents.Puzzle(1, 3, frozenset({(0, 1)}), (None,) * 3, (None,))
    out = solve_puzzle(tents.GENRE, one, FAST)
    assert out.status == "solved" and out.unique is False  # left or right
    two = tents.Puzzle(1, 4, frozenset({(0, 1), (0, 2)}), (None,) * 4, (None,))
    out = solve_puzzle(tents.GENRE, two, FAST)
    assert out.answer == {(0, 0), (0, 3)} and out.unique is True
    # two trees share one neighbour: one tent cannot serve both
    shared = tents.Puzzle(2, 2, frozenset({(0, 0), (1, 1)}), (0, None), (None, None))
    assert solve_puzzle(tents.GENRE, shared, FAST).status == "infeasible"


def test_verify_names_sheet_cells():
    p = puzzle()
    assert tents.verify(p, KNOWN) == []
    moved = tents.verify(p, KNOWN - {(0, 1)} | {(1, 2)})  # C2's tent to D3, beside D2's tree
    assert "the row of the count 1 at A2 has 0 tents" in moved
    assert "the column of the count 0 at D1 has 1 tent" in moved
    touching = tents.verify(p, KNOWN | {(1, 0)})  # B3, above B4's tent
    assert "tents at B3 and B4 touch" in touching
    assert "the tent at B3 is beside no tree" in touching
    spare = tents.verify(p, KNOWN | {(3, 2)})  # D5, beside E5's tree: one tent too many
    assert any(v.endswith("is left over: its trees have their own tents") for v in spare)
    alone = tents.verify(p, KNOWN - {(0, 1)})
    assert "the tree at D2 has no tent of its own beside it" in alone
    stray = tents.verify(p, KNOWN | {(0, 4)})
    assert "the tent at F2 is beside no tree" in stray
    assert tents.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/tents.js: its URL and the answer of its last check."""
    p = puzzle()
    assert tents.to_url(p) == URL
    out = solve_puzzle(tents.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    with pytest.raises(UrlError, match="count"):
        tents.from_url(parse_url("https://puzz.link/p?tents/2/2/9g2g"))
    big = tents.Puzzle(3, 20, frozenset({(0, 0), (2, 19)}), (None,) * 20, (None,) * 3)
    assert tents.from_url(parse_url(tents.to_url(big))) == big


def test_import_writes_counts_and_trees(tmp_path):
    path = tmp_path / "t.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, grid, p = read_puzzle(OpenpyxlBook(path), "tents")
    assert p == puzzle() and grid[0, 1] == 2 and grid[1, 3] == "T"


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[1, 1], [1, None]], "A1", "A1 stays empty"),
        ([[None, 3], [1, None]], "B1", "a column's count from 0 to 1"),
        ([[None, 1], [1, "X"]], "B2", "holds a tree"),
        ([[None, 1], [1, 5]], "B2", "holds a tree"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "tents"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "tents")
    assert f"sheet 'tents' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_typed_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("tents"))
    ws = book.wb["tents"]
    for r, c in KNOWN:
        ws.cell(r + 2, c + 2).value = "▲"
    res = check.check_sheet(book, "tents", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws.cell(3, 2).value = "⛺"  # B3, above B4's tent
    res = check.check_sheet(book, "tents", FAST)
    assert res.verdict == "wrong" and res.completable is False
    assert "tents at B3 and B4 touch" in [m for m, _ in res.problems]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """Published puzzles (puzzlekit-dataset): a handful of small ones and the largest, typed as
    benchmarks/puzzlekit/tents.py types them."""
    p = tents.parse(Grid("tents", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(tents.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert sorted(map(list, out.answer)) == entry["expected"]["tents"]


def random_tents(rng: random.Random) -> tents.Puzzle:
    """Trees beside tents placed apart (each tree on a free side of its tent), counts read off
    them on some lines (now and then a wrong one)."""
    rows, cols = rng.choice(((3, 3), (3, 4), (2, 5)))
    cells = list(itertools.product(range(rows), range(cols)))
    placed: set = set()
    trees: set = set()
    for r, c in rng.sample(cells, len(cells)):
        if rng.random() < 0.5 or any(abs(r - a) <= 1 and abs(c - b) <= 1 for a, b in placed):
            continue
        sides = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        free = [q for q in sides if q in set(cells) - placed - trees and q not in trees]
        free = [q for q in free if q not in placed]
        if (r, c) in trees or not free:
            continue
        placed.add((r, c))
        trees.add(rng.choice(free))
    placed -= trees

    def count(line):
        n = sum(q in placed for q in line)
        return n if rng.random() < 0.9 else rng.randint(0, 2)

    row_counts = tuple(
        count([(r, c) for c in range(cols)]) if rng.random() < 0.7 else None for r in range(rows)
    )
    col_counts = tuple(
        count([(r, c) for r in range(rows)]) if rng.random() < 0.7 else None for c in range(cols)
    )
    return tents.Puzzle(rows, cols, frozenset(trees), col_counts, row_counts)


def tents_deduce(p: tents.Puzzle, work: int = 10**6, search: int = 0) -> tuple | None:
    return shade_logic.deduce(
        lambda: tents.deduction_board(p), work, everywhere=True, search_work=search
    )


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over small grids: the counts, the blocks, a tent beside every tree and the
    trees' pairing decide only what every answer holds, and the search decides a grid whole
    exactly where it has one answer (the board's answers are the puzzle's)."""
    rng = random.Random(4)
    puzzles = [random_tents(rng) for _ in range(80)]
    free = lambda p: [q for q in p.positions() if q not in p.trees]  # noqa: E731
    decided, contradictions, solvable = shading_tally(puzzles, tents_deduce, tents.verify, free)
    assert decided > 150 and contradictions > 5 and solvable > 30
    assert_search_exact(puzzles, tents_deduce, tents.verify, free)


def test_the_pairing_finds_two_trees_with_one_place_between_them():
    """Two trees whose only free side is one cell cannot both have a tent of their own: the
    board's pairing finds it with no rule of counts or blocks to help; with a second free side
    for one of them, each has its own, until that side is emptied."""
    p = tents.Puzzle(1, 3, frozenset({(0, 0), (0, 2)}), (None, None, None), (None,))
    with pytest.raises(Contradiction):
        tents.TentBoard(p).propagate()
    q = tents.Puzzle(2, 3, frozenset({(0, 0), (0, 2)}), (None, None, None), (None, None))
    board = tents.TentBoard(q)
    board.propagate()  # (0, 0) has (0, 1) and (1, 0); (0, 2) has (0, 1) and (1, 2)
    board.set(3, shade_logic.UNSHADED)  # (1, 0)
    board.propagate()
    board.set(5, shade_logic.UNSHADED)  # (1, 2): both trees left with (0, 1)
    with pytest.raises(Contradiction):
        board.propagate()


@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_the_deductions_decide_published_puzzles(entry):
    """The published puzzles of tests/data/published/tents.json: what the deductions decide
    agrees with the published answer, and they decide each whole (so no solver runs) but the
    30x30 (9999_30x30), where they leave cells to the solver."""
    p = tents.parse(Grid("tents", entry["cells"]))
    d = tents.deduce(p, tents.GENRE.tuning)
    published = {tuple(q) for q in entry["expected"]["tents"]}
    assert all((cell in published) == bool(v) for cell, v in d.fixed["t"].items())
    assert (d.answer is None) == (entry["name"] == "9999_30x30")
