"""Logic grid: the sample in both hint forms, verify from the rules, the spellings of a hint,
a 4 x 5 puzzle on every back end, bad input named by sheet and cell, and check my answer on
hand-typed sheets. (The sample on every back end, through the .lp file, check and hints:
tests/test_samples.py and tests/test_check.py.)"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from solver import check
from solver.genres import logic_grid
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("logic-grid")
GROUPS = EX["puzzle_extra"]["kinds"]
KNOWN = [line.split() for line in EX["solution_text"].split("\n")]

# a 4 x 5 puzzle (made for these tests: a random matching, hints added until one answer is
# left, then each hint dropped that the answer did not need)
GROUPS_4X5 = [
    ["ann", "bob", "cid", "dan", "eve"],
    ["tea", "milk", "soda", "juice", "water"],
    ["cat", "dog", "fish", "bird", "frog"],
    ["monday", "tuesday", "wednesday", "thursday", "friday"],
]
HINTS_4X5 = [
    ("fish", "≠", "monday"), ("eve", "=", "cat"), ("dog", "≠", "monday"),
    ("bob", "≠", "wednesday"), ("juice", "=", "tuesday"), ("frog", "≠", "tuesday"),
    ("ann", "≠", "fish"), ("soda", "≠", "frog"), ("bob", "≠", "juice"), ("dog", "≠", "wednesday"),
    ("tea", "≠", "monday"), ("fish", "≠", "tuesday"), ("water", "≠", "frog"),
    ("tea", "≠", "friday"), ("soda", "≠", "fish"), ("bob", "≠", "fish"),
    ("dan", "≠", "wednesday"), ("ann", "≠", "frog"), ("dan", "≠", "friday"), ("eve", "≠", "milk"),
    ("bird", "≠", "wednesday"), ("ann", "≠", "juice"), ("cid", "≠", "wednesday"),
    ("milk", "≠", "frog"), ("milk", "≠", "friday"),
]  # fmt: skip


def sheet(groups: list[list[Any]], hints: list[Any], width: int | None = None) -> Grid:
    """The groups as columns, an empty row, the hints (a tuple: three cells; a str: one)."""
    w = width or 2 * len(groups)
    columns = itertools.zip_longest(*groups)  # a shorter group leaves its cells empty
    rows = [[*items, *[None] * (w - len(groups))] for items in columns]
    rows.append([None] * w)
    for hint in hints:
        cells = list(hint) if isinstance(hint, tuple) else [hint]
        rows.append(cells + [None] * (w - len(cells)))
    return Grid("logic-grid", rows)


def example_hints() -> list[tuple[str, str, str]]:
    hints = []
    for line in EX["puzzle_text"].split("\n"):
        truth, *items = line.split(",")
        a, b = [t for t in items if t]
        hints.append((a, "=" if truth == "1" else "≠", b))
    return hints


def matched(p: logic_grid.Puzzle, rows: list[list[str]]) -> logic_grid.Answer:
    """The answer whose rows (one per item of the first group) are these."""
    where = {str(v): (g, i) for g, items in enumerate(p.groups) for i, v in enumerate(items)}
    return frozenset(
        (where[a], where[b]) for row in rows for a, b in itertools.pairwise(row) if a and b
    ) | frozenset((where[row[0]], where[row[2]]) for row in rows if row[2])


def test_both_sheets_of_the_sample_hold_the_example(sample):
    book = OpenpyxlBook(sample("logic-grid"))
    want = {(a, rel == "=", b) for a, rel, b in example_hints()}
    for name in ("logic-grid", "logic-grid one cell"):
        _, _, p = read_puzzle(book, name)
        assert [list(g) for g in p.groups] == GROUPS
        assert {(p.name(h.a), h.together, p.name(h.b)) for h in p.hints} == want
        res = solve_sheet(book, name, Settings())
        assert res.status == "solved" and res.unique is True
        ws = book.sheet(name)
        assert [[ws.get(r, c) for c in (1, 5, 6)] for r in range(1, 5)] == KNOWN


def test_verify_accepts_the_answer_and_names_each_broken_rule():
    p = logic_grid.parse(sheet(GROUPS, example_hints()))
    assert logic_grid.verify(p, matched(p, KNOWN)) == []
    swapped = [row[:] for row in KNOWN]
    swapped[0][2], swapped[1][2] = swapped[1][2], swapped[0][2]  # akira red, isamu white
    problems = logic_grid.verify(p, matched(p, swapped))
    assert problems == ["akira and white do not go together, but hint A6 says akira = white"]
    assert problems[0].cells == ((0, 5), (1, 5), (5, 0), (5, 1), (5, 2))
    twice = [row[:] for row in KNOWN]
    twice[1][1] = "umbrella"  # isamu too; nobody has the string
    problems = logic_grid.verify(p, matched(p, twice))
    assert "umbrella goes with both akira and isamu" in problems
    assert "string goes with none of akira, isamu, tadashi, hiroshi" in problems
    none = [row[:] for row in KNOWN]
    none[3][2] = None
    assert "hiroshi goes with none of red, blue, white, black" in logic_grid.verify(
        p, matched(p, none)
    )


@pytest.mark.parametrize(
    "hint",
    [
        ("akira", "=", "white"),
        ("Akira", "is", "WHITE"),
        ("akira", "○", "white"),
        "akira = white",
        "akira==white",
        "Akira is white",
        ("white", "yes", "akira"),
    ],
)
def test_spellings_of_go_together(hint):
    p = logic_grid.parse(sheet(GROUPS, [hint]))
    assert [(p.name(h.a), h.together, p.name(h.b)) for h in p.hints] == [("akira", True, "white")]


@pytest.mark.parametrize(
    "hint",
    [
        ("akira", "≠", "string"),
        ("akira", "!=", "string"),
        ("akira", "<>", "string"),
        ("akira", "is not", "string"),
        ("akira", "×", "string"),
        "akira ≠ string",
        "akira is not string",
        "akira isn't string",
        "akira <> string",
    ],
)
def test_spellings_of_do_not_go_together(hint):
    p = logic_grid.parse(sheet(GROUPS, [hint]))
    assert [(p.name(h.a), h.together, p.name(h.b)) for h in p.hints] == [("akira", False, "string")]


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_4x5_puzzle_on_every_back_end(solver):
    p = logic_grid.parse(sheet(GROUPS_4X5, HINTS_4X5))
    out = solve_puzzle(logic_grid.GENRE, p, Settings(solver), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.violations == []
    rows = logic_grid.record(p, out.answer)["groups"]
    assert rows[4][:2] == ["eve", "soda"] or rows[4][2] == "cat"  # eve = cat is a hint
    assert sorted(r[3] for r in rows) == sorted(GROUPS_4X5[3])
    fewer = logic_grid.parse(sheet(GROUPS_4X5, HINTS_4X5[1:]))  # every hint was needed
    assert (
        solve_puzzle(logic_grid.GENRE, fewer, Settings(solver), check_unique=True).unique is False
    )


@pytest.mark.parametrize(
    "groups, hints, message",
    [
        (GROUPS, [("akira", "=", "whit")], "cell C6: no item is called 'whit'; the items are "
         "column A: akira, isamu, tadashi, hiroshi; column B: umbrella"),
        (GROUPS, ["akira = whit"], "cell A6: no item is called 'whit'"),
        (GROUPS, [("akira", "~", "white")], "cell B6: '~' is no relation"),
        (GROUPS, [("akira", "white")], "cell A6: a hint is one cell .* row 6 has 2"),
        (GROUPS, ["akira white"], "cell A6: 'akira white' is not a hint"),
        (GROUPS, [("akira", "≠", "isamu")], "cell A6: akira and isamu are both in column A"),
        (GROUPS, [("akira", "=", "Akira")], "cell A6: the hint relates 'akira' to itself"),
        ([GROUPS[0], GROUPS[1][:3], GROUPS[2]], [], "cell B4: an empty cell in column B: every "
         "group has as many items \\(rows 1 to 4 here\\)"),
        ([GROUPS[0][:3], GROUPS[1], GROUPS[2][:3]], [], "cell A4: an empty cell in column A"),
        ([GROUPS[0], GROUPS[1], ["red", "blue", "akira", "black"]], [], "cell C3: 'akira' is "
         "also at A1: every item needs its own name"),
        ([GROUPS[0]], [], "at least two groups of two items"),
    ],
)  # fmt: skip
def test_bad_input_is_named_with_its_cell(groups, hints, message):
    with pytest.raises(InputError, match=message):
        logic_grid.parse(sheet(groups, hints, width=6))


def test_a_sheet_without_room_for_the_answer_says_where_the_sentinel_goes():
    with pytest.raises(
        InputError, match=r"the answer goes in E:F, .* put the sentinel in column G"
    ):
        logic_grid.parse(sheet(GROUPS, example_hints(), width=4))
    grid = sheet(GROUPS, example_hints())
    grid.cells[1][3] = "x"  # the column between the groups and the answer is a group now
    with pytest.raises(InputError, match=r"4 groups in A:D .*: the answer goes in F:H"):
        logic_grid.parse(grid)
    no_gap = sheet(GROUPS, example_hints())
    no_gap.cells[4] = ["akira", "=", "white", None, None, None]  # no empty row before the hints
    with pytest.raises(InputError, match="cell B5: '=' is a relation, not an item: leave an"):
        logic_grid.parse(no_gap)
    grid = sheet(GROUPS, example_hints())
    grid.cells[0][4] = "red"
    with pytest.raises(InputError, match="cell E1: 'red' is not one of column B's items"):
        logic_grid.parse(grid)


def hand_typed(sample, rows: list[list[str | None]]) -> tuple[OpenpyxlBook, Any]:
    """The sample with these items typed into the answer columns E:F by hand."""
    book = OpenpyxlBook(sample("logic-grid"))
    ws = book.wb["logic-grid"]
    for r, (item, colour) in enumerate(rows, start=1):
        ws.cell(r, 5).value, ws.cell(r, 6).value = item, colour
    return book, ws


def test_check_a_hand_typed_answer(sample):
    book, _ = hand_typed(sample, [[a.upper(), b] for _, a, b in KNOWN])
    res = check.check_sheet(book, "logic-grid", Settings())
    assert (res.verdict, res.problems) == ("correct", [])
    book, _ = hand_typed(sample, [["umbrella", "white"], [None, None], [None, "black"], [None] * 2])
    res = check.check_sheet(book, "logic-grid", Settings())
    assert (res.verdict, res.empty, res.completable) == ("incomplete", 5, True)
    hint = check.hint_sheet(book, "logic-grid", Settings())
    assert hint.status == "hint" and hint.message in ("E2: string", "E3: shoes")


def test_check_a_wrong_answer_names_the_hint_and_marks_its_cells(sample):
    rows = [[b, c] for _, b, c in KNOWN]
    rows[0][1], rows[1][1] = rows[1][1], rows[0][1]  # akira red, isamu white
    book, ws = hand_typed(sample, rows)
    res = check.check_sheet(book, "logic-grid", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        (
            "akira and white do not go together, but hint A6 says akira = white",
            ["F1", "F2", "A6", "B6", "C6"],
        )
    ]
    assert all(ws[name].fill.fgColor.rgb.endswith("FFC7CE") for name in ("A6", "F1", "F2"))
