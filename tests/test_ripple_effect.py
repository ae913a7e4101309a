"""Ripple effect: the sample's two sheets (labels, thick borders), the answer form on each, verify
from the rules, bad input named by sheet and cell, pzprjs' test puzzle by URL, import, check my
answer typed by hand, and the generator. (The sample on every back end and through the .lp
file: tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import itertools

import openpyxl
import pytest
from room_samples import example_puzzle

from solver import check
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.genres import genre_for_pzpr, ripple_effect
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

KNOWN = tuple(
    tuple(int(ch) for ch in line) for line in example("ripple-effect")["solution_text"].split("\n")
)
FAST = Settings(time_limit=60)
URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
# pzprjs test/script/ripple.js: the answer of its URL (the failcheck entry without an error)
PZPR_ANSWER = ((1, 2, 3, 1), (2, 1, 4, 2), (4, 3, 2, 1), (1, 2, 1, 3))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("ripple-effect"))
    want = example_puzzle("ripple-effect")
    for sheet in ("ripple-effect", "ripple-effect borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers
    assert book.wb["ripple-effect"]["D1"].value == "C3"  # a given beside its label
    assert book.wb["ripple-effect borders"]["D1"].value == 3


def test_the_answer_goes_after_the_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample("ripple-effect"))
    res = solve_sheet(book, "ripple-effect", Settings())
    assert res.status == "solved" and res.unique
    ws = book.wb["ripple-effect"]
    assert ws["A1"].value == "A" and ws["A1"].number_format == '@"=1"'  # shows A=1
    assert ws["D1"].value == "C3" and ws["D1"].number_format == "General"  # the given stays
    res = solve_sheet(book, "ripple-effect borders", Settings())
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    assert book.wb["ripple-effect borders"]["A1"].value == 1


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("ripple-effect")
    assert ripple_effect.verify(p, KNOWN) == []
    near = [list(row) for row in KNOWN]
    near[0][0], near[0][2] = 1, 1  # A1 = 1 is its room alone; C1 already 1
    near[0][4] = 2  # E1 (a room of one cell) holds 2, beside F1's 2
    problems = ripple_effect.verify(p, near)
    assert "cell E1 holds 2, but its room has only 1 cell" in problems
    gap = next(v for v in problems if v.startswith("two 2s in row 1"))
    assert gap == "two 2s in row 1 are only 1 apart, in E1 and F1"  # B1's 2 is far enough
    assert gap.cells == ((0, 4), (0, 5))
    swapped = [list(row) for row in KNOWN]
    swapped[1][0], swapped[1][1] = 1, 1  # the room A2:B2 holds 1 twice
    problems = ripple_effect.verify(p, swapped)
    assert "room at A2: two 1s, in A2 and B2" in problems
    assert "two 1s in row 2 are only 1 apart, in A2 and B2" in problems
    given = [list(row) for row in KNOWN]
    given[0][3] = 1
    assert "cell D1 changes the given 3" in ripple_effect.verify(p, given)
    partial = [list(row) for row in KNOWN]
    partial[5][5] = 0
    assert ripple_effect.verify(p, partial) == ["1 cell holds no digit: F6"]
    assert ripple_effect.verify(p, ((9,),)) != []  # odd answers: no crash


def test_the_model_states_the_ripple_as_windows_of_n_plus_one_cells():
    p = ripple_effect.Puzzle(Rooms(((0, 0, 0, 1, 1, 1),)))  # two rooms of 3 in a row
    m = ripple_effect.model(p)
    names = {c.name for c in m.prob.constraints() if c.name.startswith("Ripple")}
    # 1s: windows of 2 at A1-E1; 2s: windows of 3 at A1-D1; 3s: windows of 4 at A1-C1
    assert [sum(n.endswith(f",{d})") for n in names) for d in (1, 2, 3)] == [5, 4, 3]
    out = solve_puzzle(ripple_effect.GENRE, p, Settings(), check_unique=False)
    assert out.status == "solved" and out.answer in {((3, 1, 2, 1, 3, 2),), ((2, 3, 1, 2, 1, 3),)}
    two = ripple_effect.Puzzle(Rooms(((0, 0, 1, 1),)))  # 2s 3 apart put the 1s side by side
    assert solve_puzzle(ripple_effect.GENRE, two, Settings()).status == "infeasible"


@pytest.mark.parametrize("solver", SOLVERS)
def test_pzprjs_test_puzzle_by_url_gives_pzprjs_answer(solver):
    p = ripple_effect.from_url(parse_url(URL))
    assert (p.rows, p.cols, len(p.rooms)) == (4, 4, 6)
    assert ripple_effect.verify(p, PZPR_ANSWER) == []
    out = solve_puzzle(ripple_effect.GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True and out.answer == PZPR_ANSWER
    assert genre_for_pzpr("hakyukoka") is ripple_effect.GENRE


def test_pzprjs_failcheck_answers_are_wrong():
    """pzprjs' failcheck boards: a room with a repeated digit, a gap too small, an empty cell."""
    p = ripple_effect.from_url(parse_url(URL))
    dup = ((0, 0, 0, 0), (0, 1, 4, 0), (0, 3, 2, 0), (0, 0, 3, 0))
    assert any("two 3s" in v for v in ripple_effect.verify(p, dup))
    gap = ((1, 2, 0, 0), (2, 1, 4, 0), (4, 3, 2, 3), (1, 2, 1, 0))
    assert any("apart" in v for v in ripple_effect.verify(p, gap))
    empty = ((1, 2, 0, 0), (2, 1, 4, 0), (4, 3, 2, 0), (1, 2, 1, 0))
    assert any("hold no digit" in v for v in ripple_effect.verify(p, empty))


def test_import_draws_the_rooms_as_borders_and_solves(tmp_path):
    path = tmp_path / "r.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, grid, p = read_puzzle(book, "ripple-effect")
    assert p == ripple_effect.from_url(parse_url(URL))
    assert all(v is None or isinstance(v, int) for row in grid.cells for v in row)
    res = solve_sheet(book, "ripple-effect", Settings())
    assert res.status == "solved" and res.answer["numbers"] == [list(r) for r in PZPR_ANSWER]


def _book(tmp_path, rows, name="ripple-effect"):
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
        ([["A3", "A"], ["B", "B"]], "A1", "a room of 2 cells holds 1 to 2; found 3"),
        ([["A0", "A"], ["B", "B"]], "A1", "found 0"),
        ([["A", "A"], ["B", 1]], "B2", "without a room label"),
        ([["A", "A"], ["B", None]], "B2", "empty cell"),
        ([["A", "B"], ["B", "A"]], "B2", "falls apart"),
        ([["A1", "A2"], ["B1", "B=2"]], None, None),  # several givens in a room, B=2 typed
        ([["A1=2", "A"], ["B", "B"]], "A1", "'A1=2' holds 1 and 2"),
        ([["A", "A?"], ["B", "B"]], "B1", "'A?'"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    book = _book(tmp_path, rows)
    if where is None:
        read_puzzle(book, "ripple-effect")
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, "ripple-effect")
    assert f"sheet 'ripple-effect' cell {where}:" in str(e.value)
    assert says in str(e.value)


def test_a_digit_too_big_for_its_bordered_room_is_named(sample):
    book = OpenpyxlBook(sample("ripple-effect"))
    book.wb["ripple-effect borders"]["A1"] = 2  # A1 is a room of one cell
    with pytest.raises(InputError, match="cell A1: a room of 1 cell holds the digit 1; found 2"):
        read_puzzle(book, "ripple-effect borders")


@pytest.mark.slow
def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits: into the empty cells among borders, after the labels with
    `=` on the labelled sheet."""
    book = OpenpyxlBook(sample("ripple-effect"))
    borders, labels = book.wb["ripple-effect borders"], book.wb["ripple-effect"]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            if borders.cell(r + 1, c + 1).value is None:
                borders.cell(r + 1, c + 1).value = d
                labels.cell(r + 1, c + 1).value += f"={d}"
    for sheet in ("ripple-effect borders", "ripple-effect"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    # a slip: A2 and B2 swapped, their room still holds 1 and 2, but A2's 1 stands under A1's
    borders["A2"], borders["B2"] = 1, 2
    labels["A2"], labels["B2"] = "F=1", "F=2"
    for sheet in ("ripple-effect borders", "ripple-effect"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        messages = dict(res.problems)
        assert "two 1s in column A are only 1 apart, in A1 and A2" in messages, messages
        assert messages["two 1s in column A are only 1 apart, in A1 and A2"] == ["A1", "A2"]


def test_a_digit_typed_after_a_label_is_kept_as_a_given_when_solving(sample):
    book = OpenpyxlBook(sample("ripple-effect"))
    book.wb["ripple-effect"]["A1"] = "A=1"
    res = solve_sheet(book, "ripple-effect", Settings())
    assert res.status == "solved" and not any((w.row, w.col) == (0, 0) for w in res.writes)
    assert book.wb["ripple-effect"]["A1"].number_format == "General"  # no second `=1`


def test_the_generator_makes_a_puzzle_with_one_answer():
    from tests.generators.ripple_effect import generate

    p, note = generate(6, 1)
    assert note.endswith(", unique")
    out = solve_puzzle(ripple_effect.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def test_the_picture_shows_digits_and_rooms_not_labels(sample):
    from solver.io import picture

    book = OpenpyxlBook(sample("ripple-effect"))
    res = solve_sheet(book, "ripple-effect", Settings())
    pic = picture.draw(picture.givens_of(res.answer, res.writes), res.answer, "ripple-effect")
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    assert sorted(t for t, _ in texts) == sorted(str(d) for row in KNOWN for d in row)
    assert sum(fill == "black" for _, fill in texts) == len(example_puzzle("ripple-effect").numbers)
    assert sum(s.kind == "line" and s.width > 2 for s in pic.shapes) > 0  # the room walls


def test_the_layouts_example_has_the_answer_it_shows():
    from solver.io.sheet import Grid

    p = ripple_effect.parse(Grid("ripple-effect", [["A1", "B3", "B"], ["A", "A", "B"]]))
    out = solve_puzzle(ripple_effect.GENRE, p, Settings())
    assert out.unique and out.answer == ((1, 3, 2), (3, 2, 1))


def test_check_and_hints_work_on_the_bordered_sheet_too(sample):
    """tests/test_check.py runs the first (labelled) sheet; the bordered one writes values
    into empty cells and number formats after numbers: erase a third, hint back to the end."""
    from test_check import erase_every

    book = OpenpyxlBook(sample("ripple-effect"))
    sheet = "ripple-effect borders"
    res = solve_sheet(book, sheet, FAST)
    gone = erase_every(book, sheet, res.writes, slice(None, None, 3))
    shown = check.check_sheet(book, sheet, FAST)
    assert (shown.verdict, shown.completable, shown.empty) == ("incomplete", True, gone)
    hints = 0
    while check.hint_sheet(book, sheet, FAST).status == "hint":
        hints += 1
    assert hints == gone and check.check_sheet(book, sheet, FAST).verdict == "correct"


def test_the_rules_decide_the_example_whole_and_the_pure_model_agrees():
    p = example_puzzle("ripple-effect")
    found = ripple_effect.deduce(p, ripple_effect.GENRE.tuning)
    assert found.answer == KNOWN and ripple_effect.verify(p, found.answer) == []
    pure = solve_puzzle(ripple_effect.GENRE, p, Settings(deduce=False), check_unique=True)
    assert pure.answer == KNOWN and pure.unique is True


@pytest.mark.parametrize("row", [["A", "B", "B", "C", "C", "C"], ["A", "A", "B", "B", "B", "C"]])
def test_the_rules_keep_every_answer_of_a_row(row):
    """Every filling of a one-row grid's rooms, against verify: what the rules fix holds in
    each answer (cells k apart lose only digits k and more)."""
    p = ripple_effect.parse(Grid("ripple-effect", [row]))
    rooms = p.rooms.all()
    answers = []
    for fills in itertools.product(*(itertools.permutations(range(1, len(r) + 1)) for r in rooms)):
        a = [0] * len(row)
        for room, fill in zip(rooms, fills, strict=True):
            for (_, c), d in zip(room, fill, strict=True):
                a[c] = d
        if ripple_effect.verify(p, (tuple(a),)) == []:
            answers.append(tuple(a))
    found = ripple_effect.deduce(p, ripple_effect.GENRE.tuning)
    assert answers
    for (_, c, d), v in found.fixed["x"].items():
        assert all((a[c] == d) == bool(v) for a in answers if v or a[c] == d), (c, d, v)
    if len(answers) == 1:
        assert found.answer == answers
