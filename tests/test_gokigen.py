"""Gokigen Naname: the sample in the workbook (clues on the points, one point per sheet cell),
the diagonals written into the cells, verify from the rules, bad input, the gokigen codec with
pzprjs' own test puzzle and answer, both forms of the no-loop rule, hand-typed answers through
Check, and published puzzles. (The sample on every back end and form, through the .lp file:
tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from solver import check
from solver.blocks.forest import cycles
from solver.cli import main
from solver.deduce import shade_logic
from solver.genres import gokigen
from solver.genres.gokigen import BACK, FORWARD, Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import (
    EXAMPLES,
    assert_search_exact,
    example,
    shading_tally,
)

EX = example("gokigen")
SOLUTION = EX["solution_text"].split("\n")
KNOWN = {(r, c): d for r, row in enumerate(SOLUTION) for c, d in enumerate(row)}
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "gokigen.json").read_text("utf-8"))


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(int(ch) if ch.isdigit() else None for ch in row) for row in rows))


def test_workbook_holds_the_example(sample):
    _, grid, p = read_puzzle(OpenpyxlBook(sample("gokigen")), "gokigen")
    assert p == known_puzzle() and p.size() == (4, 4) and (grid.rows, grid.cols) == (5, 5)


def test_sample_writes_the_diagonals_and_keeps_the_clues(sample):
    book = OpenpyxlBook(sample("gokigen"))
    res = solve_sheet(book, "gokigen", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("gokigen")
    assert ws.get(1, 1) == "╲" and ws.get(1, 2) == "╱"  # A1, B1
    assert ws.get(2, 2) == 4  # the clue 4 at B2 stays, its diagonal after it
    assert ws.get_style(2, 2).number_format == '0" ╲"'
    assert ws.get(5, 2) == 1  # a clue on the bottom border: no cell of its own
    assert res.answer["diagonals"] == SOLUTION


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert gokigen.verify(p, KNOWN) == []
    # A1 turned: the 4 at B2 loses one, and the 2 at A3 ... keeps its two
    turned = gokigen.verify(p, {**KNOWN, (0, 0): FORWARD})
    assert "the 4 at B2 has 3 diagonals touching it" in turned
    # B3 turned: a loop round C3 (B2 ╱, C2 ╲, B3 ╲ ... closing through C3)
    loop = {**KNOWN, (1, 1): FORWARD, (2, 2): FORWARD}
    assert any("close a loop" in v for v in gokigen.verify(p, loop))
    missing = dict(KNOWN)
    del missing[3, 3]
    assert "the cell D4 has no diagonal" in gokigen.verify(p, missing)
    assert all(v.cells for v in turned + gokigen.verify(p, loop))


def test_cycles_finds_the_diamond_around_a_point():
    diamond = [((0, 1), (1, 0)), ((0, 1), (1, 2)), ((1, 2), (2, 1)), ((2, 1), (1, 0))]
    assert [len(c) for c in cycles(diamond)] == [4]
    assert cycles(diamond[:3]) == []


@pytest.mark.parametrize("form", ("complete", "lazy"))
@pytest.mark.parametrize("solver", ("highs", "scip", "cbc"))
def test_both_forms_agree(form, solver):
    out = solve_puzzle(gokigen.GENRE, known_puzzle(), Settings(solver, connectivity=form))
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    # 2x2 cells, a 4 in the middle: the X; with the corners' 1s it is the only answer...
    p = Puzzle(((None, None, None), (None, 4, None), (None, None, None)))
    out = solve_puzzle(gokigen.GENRE, p, Settings(solver, connectivity=form))
    assert out.answer == {(0, 0): BACK, (0, 1): FORWARD, (1, 0): FORWARD, (1, 1): BACK}
    # ... and a 0 there leaves the diamond, a loop: no answer
    p = Puzzle(((None, None, None), (None, 0, None), (None, None, None)))
    assert solve_puzzle(gokigen.GENRE, p, Settings(solver, connectivity=form)).status == (
        "infeasible"
    )


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("gokigen"))
    book.sheet("gokigen").put(2, 2, 5)
    with pytest.raises(InputError, match=r"sheet 'gokigen' cell B2: .*found 5"):
        read_puzzle(book, "gokigen")
    book = OpenpyxlBook(sample("gokigen"))
    book.sheet("gokigen").put(1, 1, 2)  # the corner point A1 touches one cell
    with pytest.raises(InputError, match=r"sheet 'gokigen' cell A1: .*touches 1 cells.*clue 2"):
        read_puzzle(book, "gokigen")
    book = OpenpyxlBook(sample("gokigen"))
    book.sheet("gokigen").put(3, 3, "x")
    with pytest.raises(InputError, match=r"cell C3: .*found 'x'"):
        read_puzzle(book, "gokigen")
    book = OpenpyxlBook(sample("gokigen"))
    for r in range(1, 6):
        for c in range(1, 6):
            book.sheet("gokigen").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'gokigen': no clue"):
        read_puzzle(book, "gokigen")
    # a clue typed with its diagonal after it, and diagonals typed alone, read as the puzzle
    grid = Grid("g", [["1 \\", "/", None], [None, "¥", None], [None, None, "?"]])
    assert gokigen.parse(grid).cells == ((1, None, None), (None, None, None), (None, None, UNKNOWN))


URL = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"  # pzprjs test/script/gokigen.js
# its answer there: 1 for ╲, 2 for ╱
PZPR_ANSWER = ["1 2 1 2", "2 1 1 1", "1 1 2 2", "2 2 2 1"]


def test_puzzlink_url_and_pzprjs_answer():
    p = gokigen.from_url(parse_url(URL))
    assert p == known_puzzle()
    assert gokigen.to_url(p) == URL
    out = solve_puzzle(gokigen.GENRE, p, Settings("highs"))
    want = {
        (r, c): BACK if t == "1" else FORWARD
        for r, row in enumerate(PZPR_ANSWER)
        for c, t in enumerate(row.split())
    }
    assert out.status == "solved" and out.unique is True and out.answer == want
    old = gokigen.from_url(parse_url("https://puzz.link/p?gokigen/d/2/1/1..1.."))  # per point
    assert old.cells == ((1, None, None), (1, None, None))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "slant.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "gokigen", Settings()).status == "solved"


def test_check_a_hand_typed_answer(sample):
    """Diagonals typed with `\\` and `/`, the clue cells' after the clue: right, then wrong."""
    book = OpenpyxlBook(sample("gokigen"))
    ws = book.wb["gokigen"]
    for (r, c), d in KNOWN.items():
        cell = ws.cell(r + 1, c + 1)
        cell.value = d if cell.value is None else f"{cell.value} {d}"
    res = check.check_sheet(book, "gokigen", Settings())
    assert res.verdict == "correct", res.record()
    ws["A1"] = "/"  # A1 turned: the 4 at B2 counts three
    res = check.check_sheet(book, "gokigen", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert any(m == "the 4 at B2 has 3 diagonals touching it" for m, _ in res.problems)


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_published_puzzles(entry):
    """janko.at's puzzles (puzzlekit's dataset): a few small ones and the largest."""
    p = gokigen.parse(Grid("x", entry["cells"]))
    out = solve_puzzle(gokigen.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert gokigen.record(p, out.answer) == entry["expected"]


def random_slant(rng: random.Random) -> Puzzle:
    """Clues read off diagonals drawn without a loop (now and then a wrong clue), on some of
    the points."""
    rows, cols = rng.choice(((2, 3), (3, 3), (3, 4)))
    group = {point: point for point in itertools.product(range(rows + 1), range(cols + 1))}

    def find(a):
        while group[a] != a:
            a = group[a]
        return a

    drawn = {}
    for cell in rng.sample(list(itertools.product(range(rows), range(cols))), rows * cols):
        for d in rng.sample((BACK, FORWARD), 2):
            a, b = (find(q) for q in gokigen.ends(cell, d))
            if a != b:
                group[a] = b
                drawn[cell] = d
                break
        else:
            drawn[cell] = BACK  # a loop either way: the clues may have no answer
    cells: list[list[int | None]] = [[None] * (cols + 1) for _ in range(rows + 1)]
    probe = Puzzle(tuple(map(tuple, cells)))
    for point in rng.sample(list(group), rng.randint(2, len(group) // 2)):
        near = probe.touching(point)
        count = sum(drawn[cell] == d for cell, d in near)
        cells[point[0]][point[1]] = count if rng.random() < 0.85 else rng.randint(0, len(near))
    return Puzzle(tuple(map(tuple, cells)))


def slant_deduce(p: Puzzle, work: int = 10**6, search: int = 0) -> tuple | None:
    return shade_logic.deduce(
        lambda: gokigen.deduction_board(p), work, everywhere=True, search_work=search
    )


def verify_shaded(p: Puzzle, back: frozenset) -> list:
    """verify, for the shading a board of diagonals keeps: shaded a ╲."""
    return gokigen.verify(p, {cell: BACK if cell in back else FORWARD for cell in p.squares()})


def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over small grids: the clues' counts and no loop decide only what every
    answer holds, and the search decides a grid whole exactly where it has one answer."""
    rng = random.Random(5)
    puzzles = [random_slant(rng) for _ in range(80)]
    squares = lambda p: p.squares()  # noqa: E731
    decided, contradictions, solvable = shading_tally(puzzles, slant_deduce, verify_shaded, squares)
    assert decided > 150 and contradictions > 5 and solvable > 30
    assert_search_exact(puzzles, slant_deduce, verify_shaded, squares)


def test_no_loop_turns_the_last_diagonal_of_a_diamond():
    """Three sides of the smallest loop round a point drawn: the fourth cell's diagonal turns
    the other way, by the rule alone (no clue)."""
    board = gokigen.deduction_board(Puzzle(tuple((None,) * 3 for _ in range(3))))
    for i, s in ((0, shade_logic.UNSHADED), (1, shade_logic.SHADED), (2, shade_logic.SHADED)):
        board.set(i, s)  # ╱ above left, ╲ above right, ╲ below left of the middle point
    board.propagate()
    assert board.state[3] == shade_logic.SHADED  # ╲ below right, not the ╱ that closes it


@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_the_deductions_decide_published_puzzles_whole(entry):
    """The published puzzles of tests/data/published/gokigen.json: the deductions decide each
    whole, their published answer, so no solver runs."""
    p = gokigen.parse(Grid("x", entry["cells"]))
    d = gokigen.deduce(p, gokigen.GENRE.tuning)
    assert d.answer is not None and gokigen.record(p, d.answer) == entry["expected"]
