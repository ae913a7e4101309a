"""Inshi no heya: the sample's two sheets (labels, thick borders), the answer form on each, exact
products, verify from the rules, bad input named by sheet and cell, pzprjs' test puzzle by URL,
import, check my answer typed by hand, the picture and the generator. (The sample on every back
end and through the .lp file: tests/test_samples.py; check, hints and forced cells:
tests/test_check.py.)"""

from __future__ import annotations

import openpyxl
import pytest
from room_samples import example_puzzle

from solver import check
from solver.blocks.digits import factorisations
from solver.blocks.rooms import Rooms
from solver.cli import main
from solver.genres import genre_by_slug, genre_for_pzpr, inshi_no_heya
from solver.io import penpa, penpa_genres, picture
from solver.io.puzzlink import UrlError, parse_url
from solver.io.rooms_sheet import rooms_from_labels, write_rooms
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

SLUG = "inshi-no-heya"
KNOWN = tuple(tuple(int(ch) for ch in line) for line in example(SLUG)["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
URL = "https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14"
# pzprjs test/script/factors.js: the products as its board shows them, and its answer
PZPR_PRODUCTS = "5 4 6 . 5/3 . 40 12 ./. 10 . . 2/8 . . 3 ./. 3 20 . ."
PZPR_ANSWER = ((5, 4, 3, 2, 1), (3, 1, 2, 4, 5), (1, 5, 4, 3, 2), (4, 2, 5, 1, 3), (2, 3, 1, 5, 4))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample(SLUG))
    want = example_puzzle(SLUG)
    for sheet in (SLUG, f"{SLUG} borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == want.numbers
    assert book.wb[SLUG]["B1"].value == "B15"
    assert book.wb[f"{SLUG} borders"]["B1"].value == 15  # in its room's first cell


def test_the_answer_goes_after_products_and_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, f"{SLUG} borders", Settings())
    assert res.status == "solved" and res.unique
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    ws = book.wb[f"{SLUG} borders"]
    assert ws["B1"].value == 15 and ws["B1"].number_format == '0"=3"'  # shows 15=3
    assert ws["C1"].value == 5  # an empty cell of room B gets its digit
    solve_sheet(book, SLUG, Settings())
    ws = book.wb[SLUG]
    assert (ws["B1"].value, ws["B1"].number_format) == ("B15", '@"=3"')
    assert (ws["C1"].value, ws["C1"].number_format) == ("B", '@"=5"')


def test_products_are_exact_factorisations():
    assert factorisations(12, 3, range(1, 5)) == [(1, 3, 4), (2, 2, 3)]
    assert factorisations(7, 2, range(1, 6)) == []
    assert factorisations(1, 3, range(1, 4)) == [(1, 1, 1)]
    # a 2x2 whose rows are rooms: products 2 and 2 have an answer; 2 and 3 none, since no two
    # digits 1-2 make 3 (the model has no factorisation to choose, not a near miss)
    for top, bottom, status in ((2, 2, "solved"), (2, 3, "infeasible")):
        p = inshi_no_heya.Puzzle(Rooms(((0, 0), (1, 1))), (((0, 0), top), ((1, 0), bottom)))
        out = solve_puzzle(inshi_no_heya.GENRE, p, Settings(), check_unique=False)
        assert out.status == status
    m = inshi_no_heya.model(example_puzzle(SLUG))
    names = {c.name for c in m.prob.constraints()}
    assert "Factor(1)" in names and "Count(1,3)" in names  # room A: 6 in 2 cells is only 2 * 3
    assert not any("log" in n.lower() for n in names)


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle(SLUG)
    assert inshi_no_heya.verify(p, KNOWN) == []
    swapped = [list(row) for row in KNOWN]
    swapped[0][1], swapped[0][2] = swapped[0][2], swapped[0][1]  # B1 and C1: columns repeat
    problems = inshi_no_heya.verify(p, swapped)
    assert "column B: two 5s, in B1 and B2" in problems
    assert not any("multiplies" in v for v in problems)  # room B1:C1 still makes 15
    wrong = [list(row) for row in KNOWN]
    wrong[0][3] = 2  # D1, the room of one cell whose product is 1
    problems = inshi_no_heya.verify(p, wrong)
    assert "room 'C' multiplies to 2, its clue says 1" in problems
    assert next(v for v in problems if "multiplies" in v).cells == ((0, 3),)
    assert "row 1: two 2s, in A1 and D1" in problems
    partial = [list(row) for row in KNOWN]
    partial[4][4] = 0
    assert inshi_no_heya.verify(p, partial) == ["1 cell holds no digit: E5"]  # room not checked
    assert inshi_no_heya.verify(p, ((9,),)) != []  # odd answers: no crash


@pytest.mark.parametrize("solver", SOLVERS)
def test_pzprjs_test_puzzle_by_url_gives_pzprjs_answer(solver):
    p = inshi_no_heya.from_url(parse_url(URL))
    shown = [[None] * 5 for _ in range(5)]
    for (r, c), v in p.numbers:
        shown[r][c] = v
    want = [[None if t == "." else int(t) for t in row.split()] for row in PZPR_PRODUCTS.split("/")]
    assert shown == want  # each product in its room's first cell, as pzprjs places it
    assert inshi_no_heya.verify(p, PZPR_ANSWER) == []
    out = solve_puzzle(inshi_no_heya.GENRE, p, Settings(solver, deduce=False))
    assert out.status == "solved" and out.unique is True and out.answer == PZPR_ANSWER
    assert genre_for_pzpr("factors") is inshi_no_heya.GENRE


@pytest.mark.parametrize("which", ["url", "example", "generated"])
def test_the_deductions_hold_in_the_answer_the_pure_mip_proves(which):
    """Singles, the rooms' factorisations and probing decide only what the answer holds (the
    one the pure MIP finds and proves unique); where they decide every cell, that is the
    answer and the pipeline builds no model (pzprjs' puzzle and the example)."""
    from tests.generators.inshi_no_heya import generate

    if which == "url":
        p = inshi_no_heya.from_url(parse_url(URL))
    elif which == "example":
        p = example_puzzle(SLUG)
    else:
        p = generate(5, 2)[0]
    pure = solve_puzzle(inshi_no_heya.GENRE, p, Settings(time_limit=60, deduce=False))
    assert pure.unique is True
    deduced = inshi_no_heya.deduce(p, inshi_no_heya.GENRE.tuning)
    for (r, c, d), v in deduced.fixed["x"].items():
        assert v == int(pure.answer[r][c] == d), (r, c, d)
    out = solve_puzzle(inshi_no_heya.GENRE, p, FAST)
    assert out.unique is True and out.answer == pure.answer
    if which != "generated":
        assert deduced.answer == pure.answer and out.note == DECIDED


def test_pzprjs_failcheck_boards_are_wrong():
    """pzprjs' failcheck boards: a row repeating a digit; a room whose product is wrong."""
    p = inshi_no_heya.from_url(parse_url(URL))
    empty = [[0] * 5 for _ in range(5)]
    dup = [row[:] for row in empty]
    dup[0][0], dup[0][4], dup[1][4] = 5, 5, 1
    assert "row 1: two 5s, in A1 and E1" in inshi_no_heya.verify(p, dup)
    product = [row[:] for row in empty]
    product[0][0], product[0][4], product[1][4] = 5, 2, 5
    assert "room at E1 multiplies to 10, its clue says 5" in inshi_no_heya.verify(p, product)


def test_a_url_without_a_product_is_refused():
    with pytest.raises(UrlError, match="room 2"):
        inshi_no_heya.from_url(parse_url("https://puzz.link/p?factors/2/2/o02g"))


def test_import_draws_the_rooms_as_borders_and_solves(tmp_path):
    path = tmp_path / "f.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    _, grid, p = read_puzzle(book, SLUG)
    assert p == inshi_no_heya.from_url(parse_url(URL))
    assert grid[0, 0] == 5 and grid[0, 3] is None  # products only, rooms as borders
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved" and res.answer["numbers"] == [list(r) for r in PZPR_ANSWER]


def test_a_product_typed_anywhere_in_its_room_goes_to_the_rooms_first_cell():
    """On a labels sheet a product may sit in any cell of its room; the thick-border form (and
    a penpa link, as penpa draws puzz.link's factors: small in the first cell's top left
    corner) holds it in the room's first cell, where it reads back as the same puzzle."""
    typed = Grid(SLUG, [["A", "A6", "B2"], ["C", "D", "B"], ["C3", "D", "D6"]])
    p = inshi_no_heya.parse(typed)
    cells = inshi_no_heya.to_cells(p)
    assert cells == [[6, None, 2], [3, 6, None], [None, None, None]]
    link = penpa_genres.to_penpa(genre_by_slug(SLUG), p)
    _, from_link, _ = penpa_genres.penpa_import(link)
    assert from_link.rooms.ids == p.rooms.ids and from_link.room_numbers() == p.room_numbers()
    corner = penpa.read_board(link).q["numberS"]
    assert len(corner) == 4 and not penpa.read_board(link).q["number"]


def _book(tmp_path, rows, rooms: list[str] | None = None):
    """A sheet of these values; with `rooms` (letters, one row a string) the rooms are drawn
    as thick borders."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SLUG
    fill_sheet(ws, rows)
    if rooms:
        drawn, _ = rooms_from_labels(Grid(SLUG, [list(line) for line in rooms]))
        write_rooms(OpenpyxlSheet(ws), drawn)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


SQUARE = ["AAB", "CDB", "CDD"]  # the layout's 3x3 example (products 6, 2, 3, 6)


@pytest.mark.parametrize(
    ("rows", "rooms", "where", "says"),
    [
        ([["A6", "A", "B2"], ["C3", "D6", "B"], ["C", "D", "D"]], None, None, None),
        ([[6, None, 2], [3, 6, None], [None, None, None]], SQUARE, None, None),
        ([["A7", "A", "B2"], ["C3", "D3", "B"], ["C", "D", "D"]], None, "A1", "no 2 digits"),
        ([["A6", "A", "B"], ["C3", "D3", "B"], ["C", "D", "D"]], None, "C1", "room 'B' has no"),
        ([[6, None, None], [3, 3, 4], [None, None, None]], SQUARE, "C2", "first cell, here C1"),
        ([[6, None, None], [3, 3, 1], [None, None, None]], SQUARE, "C1", "room at C1 has no"),
        ([["A6", "A2", "B2"], ["C3", "D3", "B"], ["C", "D", "D"]], None, "B1", "second one"),
        ([["A6", "A", "B2", "B"], ["C3", "D3", "B", "B"]], None, None, "square"),
        ([[6, None, 2], [3, 3, "x"], [None, None, None]], SQUARE, "A1", "without a room label"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, rooms, where, says):
    book = _book(tmp_path, rows, rooms)
    if says is None:
        _, _, p = read_puzzle(book, SLUG)
        assert sorted(p.room_numbers().values()) == [2, 3, 6, 6]
        out = solve_puzzle(inshi_no_heya.GENRE, p, Settings())  # the layout's answer
        assert out.unique and out.answer == ((2, 3, 1), (3, 1, 2), (1, 2, 3))
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, SLUG)
    assert f"sheet '{SLUG}'" + (f" cell {where}:" if where else "") in str(e.value)
    assert says in str(e.value)


def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits: into the empty cells among borders and after a product with
    `=` (`15=3`), after the labels with `=` (`B15=3`, `B=5`)."""
    book = OpenpyxlBook(sample(SLUG))
    borders, labels = book.wb[f"{SLUG} borders"], book.wb[SLUG]
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            cell = borders.cell(r + 1, c + 1)
            cell.value = d if cell.value is None else f"{cell.value}={d}"
            labels.cell(r + 1, c + 1).value += f"={d}"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    # a slip in row 5: A5 and B5 swapped (4 1 -> 1 4): room I (A4:A5, product 4) gets 1 * 1
    borders["A5"], borders["B5"] = 1, "1=4"
    labels["A5"], labels["B5"] = "I=1", "L1=4"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        messages = dict(res.problems)
        room = "room 'I'" if sheet == SLUG else "room at A4"
        assert messages[f"{room} multiplies to 1, its clue says 4"] == ["A4", "A5"], messages
        assert "column A: two 1s, in A4 and A5" in messages


def test_the_picture_shows_products_in_corners_and_digits(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings())
    pic = picture.draw(picture.givens_of(res.answer, res.writes), res.answer, SLUG)
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    digits = sorted(t for t, fill in texts if fill != "black")
    assert digits == sorted(str(d) for row in KNOWN for d in row)
    products = sorted(int(t) for t, fill in texts if fill == "black")
    assert products == sorted(example(SLUG)["puzzle_extra"]["nums"])


def test_the_generator_makes_a_puzzle_with_one_answer():
    from tests.generators.inshi_no_heya import generate

    p, note = generate(5, 1)
    assert note.endswith(", unique")
    out = solve_puzzle(inshi_no_heya.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def test_digits_typed_by_hand_are_givens_and_solving_keeps_them(sample):
    book = OpenpyxlBook(sample(SLUG))
    ws = book.wb[f"{SLUG} borders"]
    ws["B1"], ws["C1"] = "15=3", 5  # the known answer's B1 and C1
    _, _, p = read_puzzle(book, f"{SLUG} borders")
    assert p.digits == (((0, 1), 3), ((0, 2), 5))
    res = solve_sheet(book, f"{SLUG} borders", Settings())
    assert res.status == "solved" and not {(w.row, w.col) for w in res.writes} & {(0, 1), (0, 2)}
    ws["C1"] = 3  # a wrong digit: the givens have no answer
    assert solve_sheet(book, f"{SLUG} borders", Settings()).status == "infeasible"
    labels = book.wb[SLUG]
    labels["A1"] = "A6=9"
    with pytest.raises(
        InputError, match="cell A1: expected a digit from 1 to 5 after '=', found 9"
    ):
        read_puzzle(book, SLUG)


def test_check_and_hints_work_on_the_bordered_sheet_too(sample):
    """tests/test_check.py runs the first (labelled) sheet; the bordered one writes values
    into empty cells and number formats after numbers: erase a third, hint back to the end."""
    from test_check import erase_every

    book = OpenpyxlBook(sample("inshi-no-heya"))
    sheet = "inshi-no-heya borders"
    res = solve_sheet(book, sheet, FAST)
    gone = erase_every(book, sheet, res.writes, slice(None, None, 3))
    shown = check.check_sheet(book, sheet, FAST)
    assert (shown.verdict, shown.completable, shown.empty) == ("incomplete", True, gone)
    hints = 0
    while check.hint_sheet(book, sheet, FAST).status == "hint":
        hints += 1
    assert hints == gone and check.check_sheet(book, sheet, FAST).verdict == "correct"
