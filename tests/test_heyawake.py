"""Heyawake: the sample's two sheets (labels, thick borders), verify from the rules, bad input
named by sheet and cell, the puzz.link codec, import drawing the rooms as borders, and check my
answer on a hand-shaded sheet. (The sample on every back end, in both forms, through the .lp
file: tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check, pipeline
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.genres import Genre, heyawake
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("heyawake")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
FAST = Settings(time_limit=60)
LARGE = json.loads((Path(__file__).parent / "data/large/heyawake.json").read_text())


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("heyawake"))
    want = example_puzzle("heyawake")
    for sheet in ("heyawake", "heyawake borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers
    assert book.wb["heyawake borders"]["A1"].border.right.style == "thin"  # A1|B1: one room
    assert book.wb["heyawake borders"]["B1"].border.right.style == "medium"


def test_an_answer_on_labels_keeps_the_labels_and_shades_by_fill(sample):
    book = OpenpyxlBook(sample("heyawake"))
    res = solve_sheet(book, "heyawake", Settings())
    assert res.status == "solved" and res.unique
    ws = book.wb["heyawake"]
    assert ws["A1"].value == "A2" and ws["A1"].fill.fill_type == "solid"  # A1 is shaded
    res = solve_sheet(book, "heyawake borders", Settings())
    assert book.wb["heyawake borders"]["D1"].value == "■"


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("heyawake")
    assert heyawake.verify(p, KNOWN) == []
    gone = heyawake.verify(p, KNOWN - {(0, 0)})  # room A (2) loses a shaded cell
    assert "room 'A' has 1 shaded cell, its number says 2" in gone
    assert any(v.cells == ((0, 0), (0, 1), (1, 0), (1, 1)) for v in gone)
    touching = heyawake.verify(p, KNOWN | {(0, 1)})
    assert any("touch" in v for v in touching)
    walled = heyawake.verify(p, KNOWN | {(1, 4), (0, 5)} - {(0, 3)})
    assert any("unshaded cells fall apart" in v for v in walled)
    runs = heyawake.verify(p, KNOWN - {(1, 5)})  # row 2 from C2 on: rooms B, C, E, F
    assert [(str(v), v.cells[0]) for v in runs] == [
        ("the unshaded run C2:J2 crosses 3 room borders (at most 1)", (1, 2))
    ]
    assert heyawake.verify(p, frozenset({(40, 40)})) != []  # odd cells: no crash


def test_a_run_out_of_a_room_and_back_crosses_two_borders():
    """Room A wraps round the one cell of room B: A1:C1 runs through two rooms only, but
    crosses two borders, which the rule (and pzprjs' check) forbids; the model agrees."""
    rooms = Rooms(((0, 1, 0), (0, 0, 0)))
    p = heyawake.Puzzle(rooms, ())
    assert [str(v) for v in heyawake.verify(p, frozenset({(1, 1)}))] == [
        "the unshaded run A1:C1 crosses 2 room borders (at most 1)"
    ]
    assert heyawake.crossing_runs(rooms) == [("H", [(0, 0), (0, 1), (0, 2)])]
    assert heyawake.verify(p, frozenset({(0, 1)})) == []


def test_crossing_runs_are_the_shortest_runs_over_two_borders():
    rooms = Rooms(((0, 0, 1, 2, 2),))
    assert heyawake.crossing_runs(rooms) == [("H", [(0, 1), (0, 2), (0, 3)])]


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/test_heyawake.js: its URL and its answer."""
    p = heyawake.from_url(parse_url("https://puzz.link/p?heyawake/6/6/lll155007rs12222j"))
    assert (p.rows, p.cols, len(p.rooms)) == (6, 6, 8)
    answer = "#+#++#/+++#++/#+#+#+/++++++/.#.#.#/..#..."
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert heyawake.verify(p, frozenset(want)) == []
    out = solve_puzzle(heyawake.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want


def test_import_draws_the_rooms_as_borders(tmp_path):
    path = tmp_path / "h.xlsx"
    assert (
        main(["import", "https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "-o", str(path)]) == 0
    )
    book = OpenpyxlBook(path)
    _, grid, p = read_puzzle(book, "heyawake")
    want = heyawake.from_url(parse_url("https://puzz.link/p?heyawake/6/6/lll155007rs12222j"))
    assert p == want
    assert all(v is None or isinstance(v, int) for row in grid.cells for v in row)  # no labels


def _sheet(tmp_path, rows, walls=()):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "heyawake"
    fill_sheet(ws, rows)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A5", "A"], ["B", "B"]], "A1", "holds at most 2"),
        ([["A", "A"], ["B", 1]], "B2", "without a room label"),
        ([["A", "A"], ["B", None]], "B2", "empty cell"),
        ([["A", "B"], ["A", "B"]], None, None),
        ([["A1", "A2"], ["B", "B"]], "B1", "second one"),
        ([["A", "B"], ["B", "A"]], "B2", "falls apart"),
        ([[1, "x"], [None, None]], "A1", None),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    book = _sheet(tmp_path, rows)
    if where is None:
        read_puzzle(book, "heyawake")
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, "heyawake")
    assert f"sheet 'heyawake' cell {where}:" in str(e.value)
    if says:
        assert says in str(e.value)


def test_borders_need_a_sheet_that_shows_them():
    with pytest.raises(InputError, match="type each room's label"):
        heyawake.parse(Grid("heyawake", [[1, None], [None, None]]))

    class NoBorders:  # what xlwings gives on macOS
        reads_borders = False

    with pytest.raises(InputError, match="macOS"):
        heyawake.parse(Grid("heyawake", [[1, None], [None, None]], NoBorders()))


def test_a_text_among_thick_borders_is_named(tmp_path):
    book = _sheet(tmp_path, [[2, None], [None, "■?"]])
    with pytest.raises(InputError, match="cell B2: expected a number or an empty cell"):
        read_puzzle(book, "heyawake")


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    """A person shades by hand: `■` on the bordered sheet, a dark fill on the labelled one."""
    book = OpenpyxlBook(sample("heyawake"))
    borders, labels = book.wb["heyawake borders"], book.wb["heyawake"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        if borders.cell(r + 1, c + 1).value is None:
            borders.cell(r + 1, c + 1).value = "■"
        else:
            borders.cell(r + 1, c + 1).fill = dark
        labels.cell(r + 1, c + 1).fill = dark
    borders.cell(10, 10).value = "・"  # marked white
    for sheet in ("heyawake borders", "heyawake"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    labels.cell(1, 2).fill = dark  # B1 beside the shaded A1
    borders.cell(1, 2).value = "#"
    for sheet in ("heyawake borders", "heyawake"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        messages = [m for m, _ in res.problems]
        assert "shaded cells at A1 and B1 touch" in messages
        room = "room 'A'" if sheet == "heyawake" else "room at A1"
        assert f"{room} has 3 shaded cells, its number says 2" in messages, messages


def test_through_xlwings_without_borders_labels_work_and_borders_are_refused(tmp_path):
    """What the Excel buttons do on macOS, where xlwings cannot see cell borders."""
    import shutil

    from test_addin import fake_from_xlsx

    from addin.xlwings_book import XlwingsBook
    from tests.conftest import WORKBOOKS

    path = tmp_path / "heyawake.xlsx"
    shutil.copy(WORKBOOKS / "heyawake.xlsx", path)
    book = XlwingsBook(fake_from_xlsx(path), borders=False)
    assert solve_sheet(book, "heyawake", Settings()).status == "solved"
    res = solve_sheet(book, "heyawake borders", Settings())
    assert res.status == "error" and "macOS" in res.error and "label" in res.error


def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/heyawake.py repairs its random puzzle until the answer is unique."""
    from solver.genres import heyawake as _genre
    from solver.mip.settings import Settings as _Settings
    from solver.pipeline import solve_puzzle as _solve
    from tests.generators.heyawake import generate

    p, note = generate(8, 1)
    assert note.endswith(", unique")
    out = _solve(_genre.GENRE, p, _Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def _with_tuning(**knobs: float) -> Genre:
    return dataclasses.replace(
        heyawake.GENRE, tuning=dataclasses.replace(heyawake.GENRE.tuning, **knobs)
    )


def _large(name: str) -> heyawake.Puzzle:
    (url,) = [p["url"] for p in LARGE if p["name"] == name]
    return heyawake.from_url(parse_url(url))


def test_a_long_search_starts_again_with_the_forest_count(monkeypatch):
    """tests/data/large/heyawake.json's heyawake-10b: one room of 88 cells holds 29 shaded
    ones. With the rings alone SCIP takes about 100 s; once the search has used up
    `reinforce_after` nodes, the pipeline adds the forest count (`cells.forest_count`) and starts
    again, with the ring cuts the first attempt found (over the new model's variables: the
    old ones would leave the new answer unread), and the answer and its uniqueness take a
    fraction of a second. (Its packed room would put the count in from the start: here the
    share of the grid that asks for that is out of reach. The SAT solver after probing, which
    decides this grid before any model, is off.)"""
    monkeypatch.setattr(heyawake, "PACKED_GRID", 2.0)
    p = _large("heyawake-10b")
    out = solve_puzzle(_with_tuning(reinforce_after=200, sat_work=0), p, Settings(time_limit=30))
    assert (out.status, out.unique, out.reinforced, out.violations) == ("solved", True, True, [])


@pytest.mark.parametrize(
    ("name", "packed"),
    [("heyawake-10b", [(88, 29)]), ("heyawake-12x12", [(136, 40)]), ("heyawake-19x15", [(93, 28)])],
)
def test_big_densely_shaded_rooms(name, packed):
    """A room of 50 cells or more that shades more than a quarter of them is packed; where
    such rooms make up half the grid or more, the forest count is in the model from the start
    (no reinforcement to wait for) and the answer and its proof come at once (10b and the
    12x12 each took 5 s with the wait); the 19x15, whose packed room is a third of its grid,
    keeps the count aside."""
    p = _large(name)
    rooms = heyawake.packed_rooms(p)
    assert [(len(p.rooms.cells(k)), p.room_numbers()[k]) for k in rooms] == packed
    m = heyawake.GENRE.build(p, True)
    eager = sum(size for size, _ in packed) >= p.rows * p.cols / 2
    assert ("wForest" in {c.name for c in m.prob.constraints()}) == eager
    assert len(m.reinforcements) == (0 if eager else 1)
    if eager:
        out = solve_puzzle(heyawake.GENRE, p, Settings(time_limit=30))
        assert (out.status, out.unique, out.violations) == ("solved", True, [])
        assert not out.reinforced


def test_small_or_sparse_rooms_are_not_packed():
    p = example_puzzle("heyawake")
    assert heyawake.packed_rooms(p) == []
    assert len(heyawake.GENRE.build(p, True).reinforcements) == 1


def test_starting_again_drops_the_first_attempts_uniqueness_cut(monkeypatch):
    """An attempt that found the answer but used up its nodes in the uniqueness proof has cut
    that answer off; the next attempt must not inherit the cut. (On the pure MIP: the
    deductions decide the sample whole.)"""
    real = pipeline._second_answer
    calls = []

    def out_of_time_once(genre, puzzle, m, live, out, deadline):
        calls.append(1)
        if len(calls) == 1:
            live.add(m.exclude_answer(), "no_good_1")
            live.out_of_budget = True
            return None, []
        return real(genre, puzzle, m, live, out, deadline)

    monkeypatch.setattr(pipeline, "_second_answer", out_of_time_once)
    p = example_puzzle("heyawake")
    settings = Settings(time_limit=120, deduce=False)
    out = solve_puzzle(_with_tuning(reinforce_after=10**9), p, settings)
    assert len(calls) == 2 and out.reinforced
    assert (out.status, out.unique) == ("solved", True) and out.answer == KNOWN
