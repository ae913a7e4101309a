"""Paint Area: the sample's two sheets (labels, thick borders), verify from the rules, bad input
named by sheet and cell, the puzz.link codec, import drawing the tiles as borders, and check my
answer on a hand-painted sheet. (The sample on every back end, in both forms, through the .lp
file: tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import random

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.geometry import ORTHOGONAL
from solver.blocks.rooms import room_label
from solver.cli import main
from solver.deduce import shade_logic
from solver.genres import paint_area
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("paint-area")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?paintarea/5/5/pmvmfuejf4k1f"
FAST = Settings(time_limit=60)


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("paint-area"))
    want = example_puzzle("paint-area")
    for sheet in ("paint-area", "paint-area borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers


def test_verify_names_each_broken_rule():
    p = example_puzzle("paint-area")
    assert paint_area.verify(p, KNOWN) == []
    found = paint_area.verify(p, KNOWN - {(4, 3)})  # J5 of the tile J4:J5 taken away
    assert (
        "the tile at D4 is painted in 1 of its 2 cells: paint a tile whole or not at all" in found
    )
    square = paint_area.verify(p, KNOWN - {(0, 0), (0, 1)})  # tile A: A1:B1 left white
    assert "the 3 at B1 has 2 painted cells beside it" in square
    assert any(v.startswith("the painted cells fall apart") for v in square)
    blocks = paint_area.verify(p, frozenset())
    assert "a 2x2 block of unpainted cells at A1" in blocks
    assert paint_area.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/test_paintarea.js: its URL and its answer."""
    p = paint_area.from_url(parse_url(URL))
    assert p.numbers == (((1, 1), 4), ((3, 3), 1))
    answer = "##+++/#+##+/###++/#+##+/++#++"
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert paint_area.verify(p, frozenset(want)) == []
    out = solve_puzzle(paint_area.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want


def test_import_draws_the_tiles_as_borders(tmp_path):
    path = tmp_path / "p.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, grid, p = read_puzzle(OpenpyxlBook(path), "paint-area")
    assert p == paint_area.from_url(parse_url(URL))
    assert grid[1, 1] == 4


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([[5, None], [None, None]], "A1", "0 to 2 here; found 5"),
        ([["A", "A"], ["B", "x2y"]], "B2", "found 'x2y'"),
        ([[1, "?"], [None, None]], "B1", "expected a number or an empty cell"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "paint-area"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "paint-area")
    assert f"sheet 'paint-area' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_hand_painted_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("paint-area"))
    borders, labels = book.wb["paint-area borders"], book.wb["paint-area"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        if borders.cell(r + 1, c + 1).value is None:
            borders.cell(r + 1, c + 1).value = "■"
        else:
            borders.cell(r + 1, c + 1).fill = dark
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("paint-area borders", "paint-area"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(5, 5).value = "■"  # E5, one cell of tile H (D3, E3, E4, E5)
    labels.cell(5, 5).fill = dark
    for sheet in ("paint-area borders", "paint-area"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        messages = [m for m, _ in res.problems]
        assert any(m.startswith("the tile at D3 is painted in 1 of its 4 cells") for m in messages)


def _random_puzzle(rng, rows: int, cols: int) -> paint_area.Puzzle:
    """Random tiles (neighbours merged at random) and one or two random numbers, typed as
    labels."""
    parent = list(range(rows * cols))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for _ in range(rows * cols // 2):
        r, c = rng.randrange(rows), rng.randrange(cols)
        dr, dc = rng.choice(((0, 1), (1, 0)))
        if r + dr < rows and c + dc < cols:
            parent[root(r * cols + c)] = root((r + dr) * cols + c + dc)
    labels: dict[int, str] = {}
    cells = [[room_label(labels.setdefault(root(r * cols + c), len(labels))) for c in range(cols)]
             for r in range(rows)]  # fmt: skip
    for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.choice((1, 2))):
        near = sum(0 <= r + dr < rows and 0 <= c + dc < cols for dr, dc in ORTHOGONAL)
        cells[r][c] = f"{cells[r][c]}{rng.randint(0, near)}"
    return paint_area.parse(Grid("paint-area", cells))


def _every_answer(p: paint_area.Puzzle) -> list[frozenset]:
    tiles = p.rooms.all()
    found = []
    for bits in range(1 << len(tiles)):
        painted = frozenset(q for k, t in enumerate(tiles) if bits >> k & 1 for q in t)
        if not paint_area.verify(p, painted):
            found.append(painted)
    return found


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Random tiles and numbers on 3x3 to 4x4 grids: the cells the rules, probing and the search
    decide are so in every answer (all of them kept where there are several), the search
    decides a grid whole only where it has one answer, and where they find no answer there is
    none."""
    rng = random.Random(5)
    decided = contradictions = several = whole = 0
    for _ in range(100):
        rows, cols = rng.choice(((3, 3), (3, 4), (4, 3), (4, 4)))
        p = _random_puzzle(rng, rows, cols)
        answers = _every_answer(p)
        known = shade_logic.deduce(
            lambda p=p: paint_area.deduction_board(p), 10**9, everywhere=True, search_work=10**6
        )
        if known is None:
            assert answers == [], p
            contradictions += 1
            continue
        painted, unpainted = known
        for answer in answers:
            assert painted <= answer and not unpainted & answer, p
        if len(painted | unpainted) == rows * cols:
            assert answers == [frozenset(painted)], p
            whole += 1
        several += len(answers) > 1
        decided += len(painted | unpainted)
    assert decided > 200 and contradictions > 20 and several > 20 and whole >= 3
