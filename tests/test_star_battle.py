"""Star Battle: the sample's two sheets (labels, thick borders), the star count in A1, verify
from the rules, bad input named by sheet and cell, the puzz.link codec with pzprjs's answer,
import, check my answer on a hand-shaded sheet, published puzzles of one and two stars, and
janko's with cells outside every room.
(The sample, which has four answers, on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import dataclasses
import json

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.names import cell_name
from solver.cli import main
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import SHADED, UNKNOWN, UNSHADED
from solver.genres import star_battle
from solver.io.penpa_genres import to_penpa
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import ROOT, example


def stars_of(text: str) -> frozenset:
    return frozenset(
        (r, c) for r, line in enumerate(text.split("\n")) for c, ch in enumerate(line) if ch == "*"
    )


KNOWN = stars_of(example("star-battle")["solution_text"])
ALL = [stars_of(text) for text in example("star-battle")["all_solutions"]]
URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((ROOT / "tests/data/published/star-battle.json").read_text("utf-8"))


def test_both_sheets_hold_the_example_and_it_has_four_answers(sample):
    book = OpenpyxlBook(sample("star-battle"))
    want = example_puzzle("star-battle")
    for sheet in ("star-battle", "star-battle borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.stars == 1
    res = solve_sheet(book, "star-battle", FAST)
    assert res.status == "solved" and res.unique is False
    assert frozenset(map(tuple, res.answer["shaded"])) in ALL
    assert example("star-battle")["unique"].startswith("no")


def test_verify_accepts_every_listed_answer_and_names_each_broken_rule():
    p = example_puzzle("star-battle")
    assert all(star_battle.verify(p, stars) == [] for stars in ALL)
    extra = star_battle.verify(p, KNOWN | {(1, 1)})  # B2 beside A1's star
    assert "row 2 has 2 stars, not 1" in extra and "column B has 2 stars, not 1" in extra
    assert "stars at A1 and B2 touch" in extra
    assert any(v.startswith("room 'A' has 2 stars") for v in extra)
    assert "row 1 has 0 stars, not 1" in star_battle.verify(p, KNOWN - {(0, 0)})
    assert star_battle.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_the_model_places_two_stars_a_line():
    """A 2-star puzzle typed with labels, the count after A1's label."""
    entry = next(e for e in PUBLISHED if e["cells"][0][0].endswith("2"))
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    assert p.stars == 2
    out = solve_puzzle(star_battle.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert sorted(map(list, out.answer)) == entry["expected"]["shaded"]
    assert all(sum(r == row for r, _ in out.answer) == 2 for row in range(p.rows))


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/starbattle.js: its URL and its answer."""
    p = star_battle.from_url(parse_url(URL))
    assert p.stars == 1 and star_battle.to_url(p) == URL
    want = {(0, 1), (1, 3), (2, 5), (3, 2), (4, 4), (5, 0)}
    assert star_battle.verify(p, frozenset(want)) == []
    out = solve_puzzle(star_battle.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    with pytest.raises(UrlError, match="star count"):
        star_battle.from_url(parse_url("https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou"))
    with pytest.raises(UrlError, match="do not fit"):
        star_battle.from_url(parse_url("https://puzz.link/p?starbattle/6/6/4/4ilbhgdnmhou"))


def test_import_writes_the_count_in_a1_and_the_rooms_as_borders(tmp_path):
    path = tmp_path / "s.xlsx"
    p = star_battle.from_url(parse_url(URL))
    two = star_battle.Puzzle(p.rooms, (), 2)
    assert main(["import", star_battle.to_url(two), "-o", str(path)]) == 0
    _, grid, again = read_puzzle(OpenpyxlBook(path), "star-battle")
    assert again == two and grid[0, 0] == 2
    assert all(v is None for row in grid.cells[1:] for v in row)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A", "A2"], ["B", "B"]], "B1", "only A1 holds a number"),
        ([["A5", "A"], ["B", "B"]], "A1", "do not fit"),
        ([["A", "A", "B"], ["B", "B", "B"]], None, "square"),
        ([["A", "A"], ["A", "A"]], None, "one room (no walls found)"),
        ([["A", "A", "B"], ["A", "A", "B"], ["A", "A", "B"]], None, "has 2 rooms; a 3 x 3"),
        ([[None] * 5 for _ in range(5)], None, "draw the walls as medium or thick borders"),
        ([["A", "A"], ["B", "?"]], "B2", "label"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "star-battle"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "star-battle")
    at = f"sheet 'star-battle' cell {where}:" if where else "sheet 'star-battle'"
    assert at in str(e.value) and says in str(e.value)


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("star-battle"))
    borders, labels = book.wb["star-battle borders"], book.wb["star-battle"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        borders.cell(r + 1, c + 1).value = "#"
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("star-battle borders", "star-battle"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(2, 2).value = "■"  # B2, touching A1's star
    labels.cell(2, 2).fill = dark
    for sheet in ("star-battle borders", "star-battle"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        assert "stars at A1 and B2 touch" in [m for m, _ in res.problems]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's and puzzle-star-battle.com's puzzles (puzzlekit-dataset): a handful of small
    ones and the largest, typed with labels as benchmarks/puzzlekit/star_battle.py types them."""
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(star_battle.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert sorted(map(list, out.answer)) == entry["expected"]["shaded"]


def test_the_uniqueness_cut_asks_for_an_answer_without_every_star_found():
    """Every answer has rows x stars stars, so the cut is sum of the found stars <= their count
    - 1 (solver.blocks.cells.not_all_again), not the no-good over every cell."""
    import pulp

    m = star_battle.model(example_puzzle("star-battle"))
    for cell, v in m["s"].items():
        v.varValue = 1 if cell in KNOWN else 0
    cut = m.exclude_answer()
    assert cut.sense == pulp.LpConstraintLE
    assert {v.name for v in cut} == {m["s"][cell].name for cell in KNOWN}
    assert cut.constant == -(len(KNOWN) - 1)


def test_rooms_held_in_a_band_of_lines_empty_the_rest_of_it():
    """Room A lies in row 1, so row 1's other cells (B's) hold no star; row 5 is all room E,
    so E holds no star outside it. The rows', columns' and rooms' counts alone (the board
    without bands) decide none of these cells."""
    labels = ["AAABB", "CCCBB", "CDDDB", "DDDEE", "EEEEE"]
    p = star_battle.parse(Grid("star-battle", [list(row) for row in labels]))
    decided = {(0, 3), (0, 4), (3, 3), (3, 4)}
    plain, board = star_battle.StarBoard(p, bands=False), star_battle.StarBoard(p)
    plain.propagate()
    board.propagate()
    assert all(plain.state[r * 5 + c] == UNKNOWN for r, c in decided)
    assert all(board.state[r * 5 + c] == UNSHADED for r, c in decided)


class _EveryBand(star_battle.StarBoard):
    """The board looking at every band each time, not only those whose rooms changed."""

    def _changed_bands(self, axis: int) -> int:
        self.dropped[axis] = None
        return super()._changed_bands(axis)


@pytest.mark.parametrize(
    "entry", PUBLISHED[2:], ids=lambda e: f"{len(e['cells'])}x{e['cells'][0][0]}"
)
def test_the_bands_looked_at_decide_what_every_band_decides(entry):
    """From the board after its rules, each cell made a star or empty, then a second cell
    the other way (as probing and the search try them): the board that looks only at the
    bands whose rooms changed ends where the board that looks at every band ends (the same
    cells decided, or no answer for both)."""
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    boards = [star_battle.StarBoard(p), _EveryBand(p)]
    for board in boards:
        board.propagate()
    cells = [i for i, s in enumerate(boards[0].state) if s == UNKNOWN]
    assert cells and boards[0].state == boards[1].state

    def ends(board, moves):
        board = board.copy()
        try:
            for i, value in moves:
                board.set(i, value)
                board.propagate()
        except Contradiction:
            return None
        return board.state

    tried = 0
    for i in cells:
        for j in cells[::11]:
            moves = [(i, SHADED), (j, UNSHADED)] if i != j else [(i, UNSHADED)]
            assert ends(boards[0], moves) == ends(boards[1], moves)
            tried += 1
    assert tried >= len(cells)


@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: f"{len(e['cells'])}x{e['cells'][0][0]}")
def test_the_deductions_hold_in_the_published_answer(entry):
    """What the rules decide agrees with the published answer; where they decide every cell,
    the answer is the published one, and the pure MIP proves it unique too."""
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    want = {tuple(cell) for cell in entry["expected"]["shaded"]}
    fixed = star_battle.deduce(p, star_battle.GENRE.tuning).fixed["s"]
    assert fixed and all(v == (((cell in want) and 1) or 0) for cell, v in fixed.items())
    pure = solve_puzzle(star_battle.GENRE, p, Settings(time_limit=60, deduce=False))
    assert pure.unique is True and set(pure.answer) == want


def test_the_deductions_decide_the_published_one_star_puzzles():
    ones = [e for e in PUBLISHED if e["cells"][0][0] == "A"]
    for entry in ones:
        p = star_battle.parse(Grid("star-battle", entry["cells"]))
        answer = star_battle.deduce(p, star_battle.GENRE.tuning).answer
        assert answer == {tuple(cell) for cell in entry["expected"]["shaded"]}
    assert ones


@pytest.mark.parametrize("name", ["3_7x7", "10_10x10"])
@pytest.mark.parametrize("deduce", [True, False])
def test_cells_outside_every_room_hold_no_star(name, deduce):
    """janko's irregular grids: a cell outside every room, typed empty among the labels, holds
    no star (10_10x10: A1 is one, and holds the count of 2 alone). Solved and proved unique by
    the deductions and by the pure MIP; verify names a star there; neither URL form holds such
    a cell; to_cells types the labels back."""
    entry = next(e for e in PUBLISHED if e["name"] == name)
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    holes = [
        (r, c) for r, row in enumerate(entry["cells"]) for c, v in enumerate(row) if v in {None, 2}
    ]
    assert p.rooms.outside == holes and len(p.rooms) == p.rows
    out = solve_puzzle(star_battle.GENRE, p, Settings(time_limit=60, deduce=deduce))
    assert out.status == "solved" and out.unique is True
    assert sorted(map(list, out.answer)) == entry["expected"]["shaded"]
    assert star_battle.verify(p, out.answer) == []
    hole = holes[0]
    moved = out.answer - {min(s for s in out.answer if s[0] == hole[0])} | {hole}
    assert f"{cell_name(hole)} lies outside every room and holds a star" in star_battle.verify(
        p, moved
    )
    again = star_battle.parse(Grid("star-battle", star_battle.to_cells(p)))
    assert (again.rooms.ids, again.stars) == (p.rooms.ids, p.stars)
    with pytest.raises(UrlError, match="outside every room"):
        star_battle.to_url(p)
    with pytest.raises(UrlError, match="outside every room"):
        to_penpa(star_battle.GENRE, p)


@pytest.mark.parametrize("name", ["146_15x15", "161_15x15"])
def test_the_sat_solver_decides_what_probing_and_the_search_leave(name):
    """On these, probing (1,000,000 work) and a search after it (100,000) leave cells open;
    the SAT solver after them (`star_battle.learned`) decides every cell, as the published
    answer, and so it does alone after the rules (the genre's Tuning)."""
    entry = next(e for e in PUBLISHED if e["name"] == name)
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    probed = dataclasses.replace(
        star_battle.GENRE.tuning, probe_work=1_000_000, probe_idle=0.5, search_work=100_000
    )
    assert star_battle.deduce(p, dataclasses.replace(probed, sat_work=0)).answer is None
    want = {tuple(cell) for cell in entry["expected"]["shaded"]}
    assert star_battle.deduce(p, probed).answer == want
    answer = star_battle.deduce(p, star_battle.GENRE.tuning).answer
    assert answer == {tuple(cell) for cell in entry["expected"]["shaded"]}
