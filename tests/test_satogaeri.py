"""Satogaeri: the sample's two sheets (labels, thick borders), how the answer is drawn, verify
from the rules, bad input named by sheet and cell, the puzz.link codec with pzprjs' test puzzle
and its answer (and its wrong answers), import, check my answer on hand-typed answers, and the
generator. (The sample on every back end, through the .lp file: tests/test_samples.py; check,
hints and forced cells on the solved sample: tests/test_check.py.)"""

from __future__ import annotations

import openpyxl
import pytest
from room_samples import example_puzzle
from test_samples import satogaeri as deck_answer

from solver import check
from solver.cli import main
from solver.genres import satogaeri
from solver.io.puzzlink import parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet

DECK = deck_answer()
KNOWN = frozenset(((a, b), (c, d)) for a, b, c, d, _ in DECK["lines"])
FAST = Settings(time_limit=60)
URL = "https://puzz.link/p?sato/4/4/94g1g02m1h.j"


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("satogaeri"))
    want = example_puzzle("satogaeri")
    for sheet in ("satogaeri", "satogaeri borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.circles == want.circles
    assert book.wb["satogaeri"]["B1"].value == "A?" and book.wb["satogaeri"]["H1"].value == "B2"
    assert book.wb["satogaeri borders"]["B1"].value == "?"


def test_the_answer_draws_each_move_and_the_circle_where_it_ends(sample):
    book = OpenpyxlBook(sample("satogaeri"))
    res = solve_sheet(book, "satogaeri borders", Settings())
    assert res.status == "solved" and res.unique
    ws = book.wb["satogaeri borders"]
    # the 2 at H1 moves left to F1: G1 is passed, F1 holds the circle now, H1 keeps its 2
    assert (ws["H1"].value, ws["G1"].value, ws["F1"].value) == (2, "─", "●")
    assert ws["J2"].value == "●" and ws["J3"].value == "│"  # J4's 2 goes up to J2
    assert res.answer["moves"] == DECK["moves"]
    res = solve_sheet(book, "satogaeri", Settings())
    ws = book.wb["satogaeri"]
    assert ws["F1"].value == "B" and ws["F1"].number_format == '@"●"'  # the label stays
    assert ws["G1"].number_format == '@"─"' and ws["H1"].number_format == '"─"@" "'


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("satogaeri")
    assert satogaeri.verify(p, KNOWN) == []
    short = satogaeri.verify(p, KNOWN - {((0, 5), (0, 6))})  # H1's 2 stops at G1
    assert "the circle at H1 moves 1 cell, its number says 2" in short
    bent = satogaeri.verify(p, KNOWN | {((1, 6), (0, 6))})  # a line down from G1
    assert "the move from H1 turns at G1" in bent
    assert any("belongs to no circle's move" in v for v in bent)
    both = satogaeri.verify(p, KNOWN | {((0, 7), (1, 7))})  # H1 goes left and down
    assert "the circle at H1 moves in 2 directions" in both
    stray = satogaeri.verify(p, KNOWN | {((4, 5), (4, 6))})
    assert [str(v) for v in stray] == ["a line at F5 belongs to no circle's move"]
    small = satogaeri.from_url(parse_url(URL))  # A1's 2 down onto A3's 1
    into = satogaeri.verify(small, frozenset({((0, 0), (1, 0)), ((1, 0), (2, 0))}))
    assert "the move from A1 runs into the circle at A3" in into
    assert "the move from A3 runs into the circle at A1" in into
    assert satogaeri.verify(p, frozenset({((40, 40), (40, 41))})) != []  # odd cells: no crash
    assert satogaeri.verify(p, frozenset()) != []


def _pzprv3_lines(text: str) -> frozenset:
    """The lines of a pzprv3 satogaeri file of 4x4: the last 4 rows of 3 (across), 3 of 4
    (down)."""
    rows = [row.split() for row in text.strip("/").split("/")[4:]]
    across, down = rows[-7:-3], rows[-3:]
    segs = {
        ((r, c), (r, c + 1)) for r, row in enumerate(across) for c, v in enumerate(row) if v == "1"
    }
    segs |= {
        ((r, c), (r + 1, c)) for r, row in enumerate(down) for c, v in enumerate(row) if v == "1"
    }
    return frozenset(segs)


# pzprjs test/script/satogaeri.js: its puzzle, its answer and the wrong answers its checker
# refuses (each with the error code it expects)
PZPR = "pzprv3/satogaeri/4/4/2 . . . /. . . . /1 . . - /. . . . /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
PZPR += "0 0 0 0 /0 1 0 /0 1 0 /0 1 0 /0 1 0 /0 0 0 0 /1 1 0 0 /0 0 0 0 /"
WRONG = {
    "brNoLine": "0 0 0 /0 0 0 /0 0 0 /0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /",
    "lnBranch": "1 1 0 /0 0 0 /0 0 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /",
    "lnCross": "1 0 0 /0 0 0 /1 1 0 /1 0 0 /0 1 0 0 /0 1 0 0 /0 1 0 0 /",
    "nmConnected": "0 0 0 /0 0 0 /0 0 0 /0 0 0 /1 0 0 0 /1 0 0 0 /0 0 0 0 /",
    "laOnNum": "0 0 0 /0 0 0 /0 0 0 /0 0 0 /0 0 0 0 /1 0 0 0 /1 0 0 0 /",
    "laCurve": "1 0 0 /0 0 0 /1 0 0 /0 0 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /",
    "laLenNe": "1 1 1 /0 0 0 /0 1 1 /0 0 0 /0 0 0 0 /1 0 0 0 /0 0 0 0 /",
    "bkNoNum": "1 1 0 /0 0 0 /1 0 0 /0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /",
    "nmNoMove": "0 0 0 /0 0 0 /1 0 0 /0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /",
    "laIsolate": "1 1 0 /0 0 0 /0 1 1 /1 1 1 /0 0 0 0 /1 0 0 0 /0 0 0 0 /",
}
RIGHT = "1 1 0 /0 0 0 /0 1 1 /0 0 0 /0 0 0 0 /1 0 0 0 /0 0 0 0 /"


@pytest.mark.parametrize("solver", SOLVERS)
def test_puzzlink_url_and_pzprjs_answer(solver):
    p = satogaeri.from_url(parse_url(URL))
    assert (p.rows, p.cols, len(p.rooms)) == (4, 4, 3)
    assert p.circles == (((0, 0), 2), ((2, 0), 1), ((2, 3), None))
    want = _pzprv3_lines(PZPR + RIGHT)
    assert satogaeri.verify(p, want) == []
    out = solve_puzzle(satogaeri.GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert satogaeri.record(p, want)["moves"] == [[0, 0, 0, 2], [2, 0, 1, 0], [2, 3, 2, 1]]


@pytest.mark.parametrize("code", sorted(WRONG))
def test_pzprjs_wrong_answers_break_a_rule(code):
    p = satogaeri.from_url(parse_url(URL))
    lines = _pzprv3_lines(PZPR + WRONG[code])
    assert satogaeri.verify(p, lines) != [], code


def test_import_draws_the_rooms_as_borders(tmp_path):
    path = tmp_path / "s.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, grid, p = read_puzzle(book, "satogaeri")
    assert p == satogaeri.from_url(parse_url(URL))
    assert grid.cells[2][3] == "?" and grid.cells[0][0] == 2
    assert solve_sheet(book, "satogaeri", Settings()).status == "solved"


def _sheet(tmp_path, rows, name="satogaeri"):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    fill_sheet(ws, rows)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A3", "A"], ["A", "A"]], "A1", "cannot move 3 cells in any direction"),
        ([["A1", "B2"], ["A", "B"]], "B1", "cannot move 2 cells"),
        ([["A0", "A"], ["B", "B"]], "A2", "no circle can end its move in the room 'B'"),
        ([["A", "A"], ["B", "B"]], "A1", "no circles found"),
        ([["A?", "A%"], ["B", "B"]], "B1", "expected a circle"),
        ([["A1", "A"], ["B", None]], "B2", "empty cell"),
        ([["A?", "B"], ["B", "A"]], "B2", "falls apart"),
        ([["A?", "A○"], ["B○1", "B"]], None, None),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    book = _sheet(tmp_path, rows)
    if where is None:
        _, _, p = read_puzzle(book, "satogaeri")
        assert p.circles == (((0, 0), None), ((0, 1), None), ((1, 0), 1))
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, "satogaeri")
    assert f"sheet 'satogaeri' cell {where}:" in str(e.value)
    assert says in str(e.value)


def _typed(sheet, mark_after: bool) -> None:
    """The deck's answer typed by hand: `-` or `|` in the cells a move passes, `●` where it
    ends (after the label on a labelled sheet: `B|`, `B●`)."""
    for r0, c0, r1, c1 in DECK["moves"]:
        if (r0, c0) == (r1, c1):
            continue
        path = (
            [(r0, c) for c in range(c0, c1, 1 if c1 > c0 else -1)][1:]
            if r0 == r1
            else [(r, c0) for r in range(r0, r1, 1 if r1 > r0 else -1)][1:]
        )
        cells = [(cell, "-" if r0 == r1 else "|") for cell in path] + [((r1, c1), "●")]
        for (r, c), mark in cells:
            cell = sheet.cell(r + 1, c + 1)
            cell.value = f"{cell.value}{mark}" if mark_after else mark


def test_check_a_hand_typed_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("satogaeri"))
    _typed(book.wb["satogaeri borders"], mark_after=False)
    _typed(book.wb["satogaeri"], mark_after=True)
    for sheet in ("satogaeri borders", "satogaeri"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    # a slip: the 2 at H1 drawn on to E1 (one cell too far), once on each sheet
    book.wb["satogaeri borders"]["F1"].value = "-"
    book.wb["satogaeri borders"]["E1"].value = "●"
    book.wb["satogaeri"]["F1"].value = "B-"
    book.wb["satogaeri"]["E1"].value = "A●"
    for sheet in ("satogaeri borders", "satogaeri"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False, res.record()
        messages = [m for m, _ in res.problems]
        assert "the circle at H1 moves 3 cells, its number says 2" in messages, messages
    # half an answer: incomplete, can still be completed
    book = OpenpyxlBook(sample("satogaeri"))
    book.wb["satogaeri borders"]["G1"].value = "-"
    res = check.check_sheet(book, "satogaeri borders", FAST)
    assert res.verdict == "incomplete" and res.completable is True, res.record()


def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/satogaeri.py repairs its random puzzle until the answer is unique."""
    from tests.generators.satogaeri import generate

    p, note = generate(10, 1)
    assert note.endswith(", unique")
    out = solve_puzzle(satogaeri.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def test_the_picture_draws_each_circle_where_it_ends():
    from solver.io import picture

    p = example_puzzle("satogaeri")
    answer = {"rows": 10, "cols": 10, **satogaeri.record(p, KNOWN)}
    givens = satogaeri.to_cells(p)
    pic = picture.draw(givens, answer, "satogaeri")
    circles = {
        (s.points[0], s.points[1]) for s in pic.shapes if s.kind == "circle" and s.fill == "white"
    }
    assert circles == {picture._centre(r1, c1) for _, _, r1, c1 in DECK["moves"]}
    texts = {(s.points[0], s.points[1]): s.text for s in pic.shapes if s.kind == "text"}
    assert texts[picture._centre(0, 5)] == "2"  # H1's 2 stands at F1 now, H1 is empty
    assert picture._centre(0, 7) not in texts and picture._centre(0, 8) not in texts  # I1: ?


def test_on_the_bordered_sheet_hints_rebuild_an_erased_answer(sample):
    """tests/test_check.py runs on the first (labelled) sheet; the bordered one draws glyphs."""
    from test_check import answer_cells, erase_every

    book = OpenpyxlBook(sample("satogaeri"))
    sheet = "satogaeri borders"
    writes = solve_sheet(book, sheet, FAST).writes
    gone = erase_every(book, sheet, writes, slice(None, None, 3))
    res = check.check_sheet(book, sheet, FAST)
    assert (res.verdict, res.completable, res.empty) == ("incomplete", True, gone)
    hints = 0
    while check.hint_sheet(book, sheet, FAST).status == "hint":
        hints += 1
        assert hints <= len(answer_cells(writes))
    assert hints == gone
    assert check.check_sheet(book, sheet, FAST).verdict == "correct"
