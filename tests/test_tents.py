"""Tents: the sample (pzprjs's test puzzle) with the counts around the grid, the model on small
cases, verify from the rules naming sheet cells, bad input named by sheet and cell, the puzz.link
codec with pzprjs's answer, import, check my answer typed by hand, and published puzzles. (The
sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import json

import openpyxl
import pytest

from solver import check
from solver.cli import main
from solver.genres import tents
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.backends import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

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
