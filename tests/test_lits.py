"""LITS: the sample's two sheets (labels, thick borders), the model on small rooms, verify from
the rules, bad input named by cell, the deductions, the puzz.link codec with pzprjs' answer,
import drawing the rooms, check on a hand-shaded sheet, and published puzzles
(tests/data/published/lits.json), janko's with cells outside every room among them. (The
sample on every back end through the .lp file: tests/test_samples.py; check, hints and forced
cells: tests/test_check.py.)"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.blocks.geometry import neighbours
from solver.blocks.names import cell_name
from solver.cli import main
from solver.genres import lits
from solver.io.penpa_genres import to_penpa
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle
from tests.conftest import ROOT, example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("lits")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?lits/4/4/9q02jg"
FAST = Settings(time_limit=60)
PUBLISHED = json.loads((ROOT / "tests/data/published/lits.json").read_text("utf-8"))


def puzzle(*rows: str) -> lits.Puzzle:
    return lits.parse(Grid("lits", [list(row) for row in rows]))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("lits"))
    want = example_puzzle("lits")
    for sheet in ("lits", "lits borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids


@pytest.mark.parametrize("deduce", [False, True])
def test_the_model_on_small_rooms(deduce):
    """A room a row of four: each takes an I, and two I side by side across a border are not
    allowed: no answer. A row over a 2x4 room: several answers, each valid."""
    settings = Settings(deduce=deduce)
    assert solve_puzzle(lits.GENRE, puzzle("AAAA", "BBBB"), settings).status == "infeasible"
    p = puzzle("AAAA", "BBBB", "BBBB")
    out = solve_puzzle(lits.GENRE, p, settings)
    assert out.status == "solved" and out.unique is False
    assert lits.verify(p, out.answer) == []
    assert lits.record(p, out.answer)["pieces"][0] == ["I"] * 4


def test_verify_names_the_cells():
    p = example_puzzle("lits")
    assert lits.verify(p, KNOWN) == []
    fewer = lits.verify(p, KNOWN - {(3, 0)})
    assert "room 'C' has 3 shaded cells, not 4" in fewer
    assert any(
        v.startswith("a 2x2 block of shaded cells at A1") for v in lits.verify(p, KNOWN | {(0, 1)})
    )
    apart = lits.verify(p, KNOWN - {(1, 0)} | {(0, 1)})
    assert "the 4 shaded cells of room 'A' do not hang together side by side" in apart
    same = puzzle("AAAA", "BBBB")
    touching = lits.verify(same, frozenset((r, c) for r in range(2) for c in range(4)))
    assert "two I tetrominoes touch at A1 and A2, across a room border" in touching
    assert lits.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_bad_input_names_the_cell(tmp_path):
    wb = openpyxl.Workbook()
    wb.active.title = "lits"
    fill_sheet(wb.active, [list("AAAB"), list("AABB"), list("CCCB")])
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "lits")
    assert "sheet 'lits' cell A3:" in str(e.value) and "no L, I, T or S" in str(e.value)


def test_the_rules_decide_the_sample_whole():
    p = example_puzzle("lits")
    d = lits.deduce(p, lits.GENRE.tuning)
    assert d.answer == KNOWN
    assert all(v == 0 for v in d.fixed["y"].values())


def test_cut_cells_that_keep_the_shaded_cells_joined_are_shaded():
    """A row of two rooms, its first cell shaded: the cells of room A between it and room B are
    cut vertices whose far piece holds all of B, so they are shaded; B's own cells part only
    B's cells (the rule looks at other rooms). With B's last cell shaded too, B's cells between
    it and A part a shaded cell, so they are shaded as well."""
    p = puzzle("AAAABBBB")
    ctx = lits._context(p)
    board = lits._Board(p, [list(range(len(p.candidates[k]))) for k in p.candidates], set(), set())
    board.shade((0, 0), ctx)
    assert lits._cut_vertices(board, ctx) == [(0, 1), (0, 2), (0, 3)]
    board.shade((0, 7), ctx)
    assert lits._cut_vertices(board, ctx) == [(0, c) for c in range(1, 7)]


def test_the_rules_decide_janko_050_whole():
    """Janko's LITS 050 (20x20): probing with the cut cells shaded leaves rooms that the
    SAT solver decides within the tuning's work: its one answer."""
    entry = next(e for e in PUBLISHED if e["name"] == "janko LITS 050")
    p = lits.parse(Grid("lits", entry["cells"]))
    d = lits.deduce(p, lits.GENRE.tuning)
    assert d.answer is not None
    assert sorted(map(list, d.answer)) == entry["expected"]["shaded"]


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/lits.js: its URL and its answer."""
    p = lits.from_url(parse_url(URL))
    assert p.rooms.ids == example_puzzle("lits").rooms.ids
    assert lits.to_url(p) == URL
    answer = "# + # # /# # # + /# + # + /# # # # /"
    want = {
        (r, c)
        for r, row in enumerate(answer.strip("/").split("/"))
        for c, ch in enumerate(row.split())
        if ch == "#"
    }
    assert lits.verify(p, frozenset(want)) == []
    out = solve_puzzle(lits.GENRE, p, Settings(deduce=False))
    assert out.status == "solved" and out.unique is True and out.answer == want
    with pytest.raises(UrlError, match="no L, I, T or S"):
        lits.from_url(parse_url("https://puzz.link/p?lits/2/2/00"))


def test_import_draws_the_rooms(tmp_path):
    path = tmp_path / "l.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, _, p = read_puzzle(book, "lits")
    assert p == lits.from_url(parse_url(URL))
    assert book.wb["lits"]["A1"].border.top.style == "medium"


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("lits"))
    borders, labels = book.wb["lits borders"], book.wb["lits"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        borders.cell(r + 1, c + 1).value = "■"
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("lits borders", "lits"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(1, 2).value = "#"  # B1: room A gets a fifth shaded cell, and a 2x2 block
    res = check.check_sheet(book, "lits borders", FAST)
    assert res.verdict == "wrong"
    assert any(text.startswith("room at A1 has 5 shaded cells") for text, _ in res.problems)


def random_rooms(rng: random.Random) -> lits.Puzzle:
    """A 4x4 to 5x5 grid cut into rooms grown from random seeds (one per five cells, each
    cell joining a random room beside it), every room of four cells or more with a tetromino
    that fits."""
    while True:
        rows, cols = rng.choice(((4, 4), (4, 5), (5, 4), (5, 5)))
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        room = dict.fromkeys(rng.sample(cells, rows * cols // 5))
        for k, seed in enumerate(room):
            room[seed] = k
        while len(room) < len(cells):
            q = rng.choice([q for q in cells if q not in room])
            beside = [room[n] for n in neighbours(rows, cols, *q) if n in room]
            if beside:
                room[q] = rng.choice(beside)
        labels = [[chr(65 + room[r, c]) for c in range(cols)] for r in range(rows)]
        try:
            return lits.parse(Grid("lits", labels))
        except InputError:
            continue  # a room too small for a tetromino


def every_answer(p: lits.Puzzle) -> list[frozenset]:
    """Every answer, by trying each choice of one candidate a room against `verify`."""
    rooms = [p.candidates[k] for k in range(len(p.rooms))]
    found = []
    for choice in itertools.product(*rooms):
        shaded = frozenset().union(*choice)
        if not lits.verify(p, shaded):
            found.append(shaded)
    return found


@pytest.mark.parametrize("sat_work", (0, 10**7), ids=("learning", "sat"))
def test_the_search_finds_the_answers_of_every_choice_of_candidates(sat_work: int):
    """The search after probing alone (`learned`: the learning search's and the SAT solver's,
    from a board where nothing is decided) on random small grids: its answers are those found
    by trying every choice of one candidate a room, two where there are more, none where there
    is none."""
    rng = random.Random(4)
    tally = Counter()
    for _ in range(60):
        p = random_rooms(rng)
        every = every_answer(p)
        board = lits._Board(
            p, [list(range(len(p.candidates[k]))) for k in p.candidates], set(), set()
        )
        found = lits.learned(p, board, 10**7, sat_work)
        assert found is not None
        assert len(found) == min(2, len(every)) and set(found) <= set(every), p
        tally[min(2, len(every))] += 1
    assert tally[0] > 5 and tally[1] >= 1 and tally[2] > 5, tally


@pytest.mark.slow
def test_the_search_after_probing_decides_janko_080():
    """Janko's LITS 080 (31x45): probing leaves 55 rooms open, where the MIP took seconds to
    the answer and its proof; the SAT solver decides them, to the published answer, and
    no solver runs."""
    entry = next(e for e in PUBLISHED if e["name"] == "janko LITS 080")
    p = lits.parse(Grid("lits", entry["cells"]))
    ctx = lits._context(p)
    board = lits._Board(p, [list(range(len(p.candidates[k]))) for k in p.candidates], set(), set())
    lits._propagate(board, ctx, set(range(len(p.rooms))))
    lits._probe(board, ctx, lits.GENRE.tuning.probe_work)
    assert sum(len(options) > 1 for options in board.options) > 50
    out = solve_puzzle(lits.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True and out.note == DECIDED
    assert lits.record(p, out.answer)["shaded"] == entry["expected"]["shaded"]


def _published(entry: dict) -> None:
    p = lits.parse(Grid("lits", entry["cells"]))
    out = solve_puzzle(lits.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True, entry["name"]
    assert lits.record(p, out.answer)["shaded"] == entry["expected"]["shaded"], entry["name"]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    _published(entry)


@pytest.mark.parametrize("name", ["janko LITS 171", "janko LITS 043"])
@pytest.mark.parametrize("deduce", [True, False])
def test_cells_outside_every_room_stay_unshaded(name, deduce):
    """janko's irregular grids: a cell outside every room, typed empty among the labels, is
    never shaded and parts the shaded cells like an unshaded one. Solved and proved unique by
    the deductions and by the pure MIP; verify names a shaded one; neither URL form holds such
    a cell; to_cells types the labels back."""
    entry = next(e for e in PUBLISHED if e["name"] == name)
    p = lits.parse(Grid("lits", entry["cells"]))
    holes = [(r, c) for r, row in enumerate(entry["cells"]) for c, v in enumerate(row) if v is None]
    assert holes and p.rooms.outside == holes
    out = solve_puzzle(lits.GENRE, p, Settings(time_limit=60, deduce=deduce))
    assert out.status == "solved" and out.unique is True
    assert lits.record(p, out.answer)["shaded"] == entry["expected"]["shaded"]
    assert lits.verify(p, out.answer) == []
    hole = holes[0]
    said = lits.verify(p, out.answer | {hole})
    assert f"{cell_name(hole)} lies outside every room and is shaded" in said
    assert lits.parse(Grid("lits", lits.to_cells(p))).rooms.ids == p.rooms.ids
    with pytest.raises(UrlError, match="outside every room"):
        lits.to_url(p)
    with pytest.raises(UrlError, match="outside every room"):
        to_penpa(lits.GENRE, p)


def test_a_cell_outside_every_room_keeps_a_room_together_only_through_rooms():
    """Two rooms joined only across a cell outside every room: the shaded cells cannot be
    connected, so no answer (the cell does not join what it touches)."""
    row = ["A"] * 4 + [None] + ["B"] * 4
    p = lits.parse(Grid("lits", [row, row]))
    assert p.rooms.outside == [(0, 4), (1, 4)]
    for deduce in (True, False):
        out = solve_puzzle(lits.GENRE, p, Settings(time_limit=60, deduce=deduce))
        assert out.status == "infeasible"
