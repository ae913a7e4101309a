"""KenKen: the sample's two sheets (labels, thick borders), the answer form on each, the clues'
spellings, the cage arithmetic exact, the deductions, verify from the rules, bad input named by
sheet and cell, check my answer typed by hand, and janko's published puzzles. (The sample on
every back end and through the .lp file: tests/test_samples.py; check, hints and forced cells:
tests/test_check.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest
from conftest import EXAMPLES
from room_samples import example_puzzle

from solver import check
from solver.blocks.cages import DIVIDE, MINUS, PLUS, TIMES, makes, options, placeable
from solver.deduce import digit_logic
from solver.genres import genre_for_sheet, kenken
from solver.io.rooms_sheet import rooms_from_labels, write_rooms
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

SLUG = "kenken"
KNOWN = tuple(tuple(int(ch) for ch in line) for line in example(SLUG)["solution_text"].split("\n"))
FAST = Settings(time_limit=60)
PURE = Settings(time_limit=60, deduce=False)
# the layout's 4x4 (janko.at Kendoku 1)
LAYOUT = [
    ["A24×", "B2÷", "B", "C3-"],
    ["A", "A", "D7+", "C"],
    ["E3-", "F5+", "D", "G3"],
    ["E", "F", "H2÷", "H"],
]
LAYOUT_ANSWER = ((3, 1, 2, 4), (2, 4, 3, 1), (1, 2, 4, 3), (4, 3, 1, 2))


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample(SLUG))
    want = example_puzzle(SLUG)
    for sheet in (SLUG, f"{SLUG} borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.clues() == want.clues()
    assert book.wb[SLUG]["A1"].value == "A16×"
    assert book.wb[f"{SLUG} borders"]["A1"].value == "16×"  # in its cage's first cell


def test_the_answer_goes_after_clues_and_labels_and_into_empty_cells(sample):
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, f"{SLUG} borders", Settings())
    assert res.status == "solved" and res.unique
    assert res.answer["numbers"] == [list(row) for row in KNOWN]
    ws = book.wb[f"{SLUG} borders"]
    assert ws["A1"].value == "16×" and ws["A1"].number_format == '@"=1"'  # shows 16×=1
    assert ws["B1"].value == 4  # an empty cell of cage A gets its digit
    solve_sheet(book, SLUG, Settings())
    ws = book.wb[SLUG]
    assert (ws["A1"].value, ws["A1"].number_format) == ("A16×", '@"=1"')
    assert (ws["B1"].value, ws["B1"].number_format) == ("A", '@"=4"')


def test_the_clue_spellings():
    for spelling, op in (
        ("24×", TIMES),
        ("24*", TIMES),
        ("24x", TIMES),
        ("24 X", TIMES),
        ("2÷", DIVIDE),
        ("2/", DIVIDE),
        ("2:", DIVIDE),
        ("3−", MINUS),
        ("3-", MINUS),
        ("7+", PLUS),
        ("７＋", PLUS),
    ):
        grid = Grid(SLUG, [[spelling, None], [None, None]])
        plain, ops = kenken._split_clues(grid)
        assert ops == {(0, 0): op}, spelling
        assert isinstance(plain[0, 0], int)
    plain, ops = kenken._split_clues(Grid(SLUG, [["A24×=3", "B3"], ["A", "12"]]))
    assert plain.cells == [["A24=3", "B3"], ["A", "12"]] and ops == {(0, 0): TIMES}


def test_cage_arithmetic_is_exact():
    assert options(2, MINUS, 2, range(1, 5)) == [(1, 3), (2, 4)]
    assert options(2, DIVIDE, 2, range(1, 5)) == [(1, 2), (2, 4)]
    assert options(2, MINUS, 3, range(1, 5)) == []  # a difference is of two cells
    assert options(7, PLUS, 2, range(1, 5)) == [(3, 4)]
    assert options(12, TIMES, 3, range(1, 5)) == [(1, 3, 4), (2, 2, 3)]
    assert options(3, None, 2, range(1, 5)) == [(1, 2), (1, 3), (1, 4)]  # + × - ÷
    assert not placeable([(0, 0), (0, 1)], (2, 2)) and placeable([(0, 0), (1, 1)], (2, 2))
    assert makes(2, DIVIDE, [4, 2]) and makes(2, DIVIDE, [2, 4]) and not makes(2, MINUS, [4, 1])
    assert makes(3, None, [1, 4]) and not makes(3, None, [2, 4])
    p = kenken.parse(Grid(SLUG, LAYOUT))
    names = {c.name for c in kenken.model(p).prob.constraints()}
    assert {"Cage(1)", "CageCount(1,3)", "Sum(4)", "row(1,1)"} <= names
    assert not any("log" in n.lower() for n in names)


@pytest.mark.parametrize("settings", [FAST, PURE], ids=["deduced", "pure MIP"])
def test_the_layout_has_one_answer(settings):
    p = kenken.parse(Grid(SLUG, LAYOUT))
    out = solve_puzzle(kenken.GENRE, p, settings)
    assert out.status == "solved" and out.unique and out.answer == LAYOUT_ANSWER
    # without operations (janko's kendoku without signs): the same grid, the same answer
    bare = [[v.rstrip("×÷+-") for v in row] for row in LAYOUT]
    out = solve_puzzle(kenken.GENRE, kenken.parse(Grid(SLUG, bare)), settings)
    assert out.status == "solved" and out.answer == LAYOUT_ANSWER


def test_the_deductions_hold_in_the_answer():
    sample = example_puzzle(SLUG)
    found = kenken.deduce(sample, kenken.GENRE.tuning)
    fixed = found.fixed["x"]
    assert fixed and all(v == int(KNOWN[r][c] == d) for (r, c, d), v in fixed.items())
    assert kenken.deduce(kenken.parse(Grid(SLUG, LAYOUT)), kenken.GENRE.tuning).answer == (
        LAYOUT_ANSWER
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = kenken.parse(Grid(SLUG, LAYOUT))
    assert kenken.verify(p, LAYOUT_ANSWER) == []
    wrong = [list(row) for row in LAYOUT_ANSWER]
    wrong[0][1], wrong[0][2] = 2, 1  # B1 and C1 swapped: 2÷ still holds; columns repeat
    problems = kenken.verify(p, wrong)
    assert "column B: two 2s, in B1 and B3" in problems
    assert not any("cage" in v for v in problems)
    wrong = [list(row) for row in LAYOUT_ANSWER]
    wrong[1][2] = 1  # C2: cage D (C2:C3) holds 1, 4: not 7 as its sum
    problems = kenken.verify(p, wrong)
    assert "cage 'D' holds 1, 4, which do not make 7 as its sum" in problems
    assert next(v for v in problems if "cage" in v).cells == ((1, 2), (2, 2))
    assert "row 2: two 1s, in C2 and D2" in problems
    partial = [list(row) for row in LAYOUT_ANSWER]
    partial[3][3] = 0
    assert kenken.verify(p, partial) == ["1 cell holds no digit: D4"]  # cage H not checked
    assert kenken.verify(p, ((9,),)) != []  # odd answers: no crash


def _book(tmp_path, rows, rooms: list[str] | None = None):
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


CAGES = ["ABBC", "AADC", "EFDG", "EFHH"]
CLUES = [
    ["24*", "2/", None, "3-"],
    [None, None, "7+", None],
    ["3-", "5+", None, 3],
    [None, None, "2:", None],
]


@pytest.mark.parametrize(
    ("rows", "rooms", "where", "says"),
    [
        (LAYOUT, None, None, None),
        (CLUES, CAGES, None, None),
        ([["A24×", "B2÷", "B", "C9+"], *LAYOUT[1:]], None, "D1", "no 2 digits from 1 to 4 make 9"),
        ([["A24-", *LAYOUT[0][1:]], *LAYOUT[1:]], None, "A1", "a difference (-) is of two cells"),
        ([["A24×", "B", "B", "C3-"], *LAYOUT[1:]], None, "B1", "cage 'B' has no clue"),
        ([["A24×", "B2÷", "B1+", "C3-"], *LAYOUT[1:]], None, "C1", "second one"),
        ([CLUES[0], [None, "2+", "7+", None], *CLUES[2:]], CAGES, "B2", "first cell, here A1"),
        ([CLUES[0], [None, 9, "7+", None], *CLUES[2:]], CAGES, "B2", "found 9"),
        ([row[:3] for row in LAYOUT], None, None, "square"),
        ([*LAYOUT[:3], ["E", "F", "H2%", "H"]], None, "C4", "expected a cage's clue"),
        ([CLUES[0], [None, None, "7++", None], *CLUES[2:]], CAGES, "C2", "found '7++'"),
        ([["A24×=5", *LAYOUT[0][1:]], *LAYOUT[1:]], None, "A1", "after '=', found 5"),
        (
            [["*24", *CLUES[0][1:]], *CLUES[1:]],
            CAGES,
            "A1",
            "then its operation; found '*24': type 24*",
        ),
        ([["A÷ 24", *LAYOUT[0][1:]], *LAYOUT[1:]], None, "A1", "type A24÷"),
        (
            [CLUES[0], CLUES[1], [-3, *CLUES[2][1:]], CLUES[3]],
            CAGES,
            "A3",
            "-3 (Excel reads a leading - as a minus sign): type 3-",
        ),
        ([["X24×", "B2÷", "B", "C3-"], ["X", "X", "D7+", "C"], *LAYOUT[2:]], None, None, None),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, rooms, where, says):
    book = _book(tmp_path, rows, rooms)
    if says is None:
        _, _, p = read_puzzle(book, SLUG)
        out = solve_puzzle(kenken.GENRE, p, Settings())
        assert out.unique and out.answer == LAYOUT_ANSWER
        return
    with pytest.raises(InputError) as e:
        read_puzzle(book, SLUG)
    assert f"sheet '{SLUG}'" + (f" cell {where}:" if where else "") in str(e.value)
    assert says in str(e.value)


def test_a_one_cell_cage_shows_its_target_as_its_digit(tmp_path):
    book = _book(tmp_path, CLUES, CAGES)
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved" and res.unique
    ws = book.wb[SLUG]
    assert (ws["D3"].value, ws["D3"].number_format) == (3, "General")  # G3: the digit 3
    assert ws["D1"].value == "3-" and ws["D1"].number_format == '@"=4"'
    assert check.check_sheet(book, SLUG, FAST).verdict == "correct"


def test_check_a_hand_typed_answer_right_and_wrong(sample):
    """A person types the digits: into the empty cells among borders and after a clue with `=`
    (`16×=1`), after the labels with `=` (`A16×=1`, `A=4`)."""
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
    # a slip: A1 and B1 swapped (1 4 -> 4 1): cage A (16×) still makes 16, columns repeat;
    # then C1 (cage B, 7+) 2 -> 3: 3 + 3 + 2 is not 7
    borders["A1"], borders["B1"], borders["C1"] = "16×=4", 1, "7+=3"
    labels["A1"], labels["B1"], labels["C1"] = "A16×=4", "A=1", "B7+=3"
    for sheet in (f"{SLUG} borders", SLUG):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong", res.record()
        messages = dict(res.problems)
        room = "cage 'B'" if sheet == SLUG else "cage at C1"
        assert messages[f"{room} holds 3, 3, 2, which do not make 7 as its sum"] == [
            "C1",
            "D1",
            "D2",
        ], messages
        assert "column A: two 4s, in A1 and A2" in messages


def test_sheet_names_find_the_genre():
    for name in ("kenken", "KenKen", "kendoku", "calcudoku (3)", "賢くなるパズル"):
        assert genre_for_sheet(name) is kenken.GENRE, name


PUBLISHED = json.loads((EXAMPLES.parent / "published" / f"{SLUG}.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    """janko.at's kendoku (puzzlekit dataset, benchmarks/puzzlekit/kenken.py): the first of each
    size and the slowest 9x9s, solved to the published answer, proved unique."""
    p = kenken.parse(Grid(SLUG, entry["cells"]))
    assert (p.rows, p.cols) == (entry["rows"], entry["cols"])
    out = solve_puzzle(kenken.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert kenken.record(p, out.answer)["numbers"] == entry["expected"]["numbers"]


def _published(name: str) -> tuple[kenken.Puzzle, list[list[int]]]:
    entry = next(e for e in PUBLISHED if e["name"] == f"kenken-janko-{name}")
    return kenken.parse(Grid(SLUG, entry["cells"])), entry["expected"]["numbers"]


def test_the_search_after_probing_decides_what_the_rules_leave():
    """janko's 419 (9x9): the rules and probing leave cells open; the SAT solver over the
    cells' digits and the cages' multisets ends with one answer, the published one, so no
    solver runs."""
    p, want = _published("419_9x9")
    cand = digit_logic.deduce(kenken.board(p, kenken.GENRE.tuning.probe_work), dict(p.digits))
    assert cand is not None and any(len(ds) > 1 for ds in cand.values())
    d = kenken.deduce(p, kenken.GENRE.tuning)
    assert d.answer is not None and [list(row) for row in d.answer] == want


@pytest.mark.slow
def test_the_search_after_probing_decides_janko_50_whose_cages_have_no_operation():
    """janko's 050 (8x8, every cage's operation left out: its multisets are those of all four
    operations), where SCIP takes seconds to the answer and more to the proof: the SAT solver
    decides it within the tuning's work (a digit twice in a multiset: weight 2 in its sum)."""
    p, want = _published("50_8x8")
    d = kenken.deduce(p, kenken.GENRE.tuning)
    assert d.answer is not None and [list(row) for row in d.answer] == want


def test_check_and_hints_work_on_the_bordered_sheet_too(sample):
    """tests/test_check.py runs the first (labelled) sheet; the bordered one writes values
    into empty cells and number formats after clues: erase a third, hint back to the end."""
    from test_check import erase_every

    book = OpenpyxlBook(sample(SLUG))
    sheet = f"{SLUG} borders"
    res = solve_sheet(book, sheet, FAST)
    gone = erase_every(book, sheet, res.writes, slice(None, None, 3))
    shown = check.check_sheet(book, sheet, FAST)
    assert (shown.verdict, shown.completable, shown.empty) == ("incomplete", True, gone)
    hints = 0
    while check.hint_sheet(book, sheet, FAST).status == "hint":
        hints += 1
    assert hints == gone and check.check_sheet(book, sheet, FAST).verdict == "correct"


def test_solving_widens_the_labelled_columns_and_clearing_narrows_them(tmp_path):
    """The labelled sheet shows each digit after its cell's text (`A16×=1`): solving widens a
    column too narrow for that, and clearing gives the column its width back."""
    path = tmp_path / "kenken.xlsx"
    path.write_bytes((Path(__file__).parent.parent / "workbooks" / "kenken.xlsx").read_bytes())
    book = OpenpyxlBook(path)
    sheet = book.sheet("kenken")
    before = sheet.column_width(1)
    assert solve_sheet(book, "kenken", Settings()).status == "solved"
    assert sheet.column_width(1) > 1.35 * len("A16×=1") > (before or 0)
    clear_sheet(book, "kenken")
    assert sheet.column_width(1) == before
