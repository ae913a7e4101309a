"""Shakashaka: the sample in the workbook, triangles in the cells, the rectangle rule (upright
and at 45 degrees) in the model and in verify, bad input, pzprjs' shakashaka URL and its answer,
and check my answer on a hand-typed sheet. (The sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import random

import pytest

from solver import check
from solver.cli import main
from solver.genres import shakashaka
from solver.genres.shakashaka import CORNER_OF, WALL, Puzzle
from solver.io.puzzlink import parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("shakashaka")


def cell(ch: str) -> int | str | None:
    return None if ch == "." else WALL if ch == "*" else int(ch)


def puzzle(text: str) -> Puzzle:
    return Puzzle(tuple(tuple(cell(ch) for ch in row) for row in text.split("\n")))


def triangles(text: str) -> dict:
    rows = text.split("\n")
    return {
        (r, c): CORNER_OF[ch]
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch in CORNER_OF
    }


KNOWN = triangles(EX["solution_text"])


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("shakashaka")), "shakashaka")
    assert p == puzzle(EX["puzzle_text"])


def test_sample_triangles_in_the_cells(sample):
    book = OpenpyxlBook(sample("shakashaka"))
    res = solve_sheet(book, "shakashaka", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("shakashaka")
    assert [ws.get(1, c) for c in range(1, 11)] == [2, "◤", "◥", 2, None, "◤", "◥", 3, "◤", "◥"]


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = puzzle(EX["puzzle_text"])
    assert shakashaka.verify(p, KNOWN) == []
    # B1 without its triangle: the 2 at A1 sees one, the white area there is no rectangle
    broken = shakashaka.verify(p, {q: k for q, k in KNOWN.items() if q != (0, 1)})
    assert "the 2 at A1 has 1 triangles beside it" in broken
    assert any("not a rectangle" in v for v in broken)
    assert all(v.cells for v in broken)
    assert any("black cell A1" in v for v in shakashaka.verify(p, {**KNOWN, (0, 0): "TL"}))


@pytest.mark.parametrize(
    ("drawing", "ok"),
    [
        ("....\n....", True),  # the whole grid: a rectangle
        ("◤◥\n◣◢", True),  # a white diamond (45 degrees) in the middle of four cells
        ("◤◥..\n◣◢..", True),  # ... beside a 2x2 square
        ("◢◣\n◥◤", False),  # a black diamond: four white triangles around it
        ("◢.\n..", False),  # a dent: the white area is an L with a cut corner
        (".◣\n..", False),
        ("◤◥.\n◣◢◣", False),  # a square with a triangle below it
    ],
)
def test_rectangles_upright_and_turned(drawing, ok):
    """verify and the model agree on small drawings: a drawing is an answer of the model (with
    the triangles fixed) exactly when verify finds it a set of rectangles."""
    rows = drawing.split("\n")
    p = Puzzle(tuple((None,) * len(rows[0]) for _ in rows))
    found = triangles(drawing)
    assert (shakashaka.verify(p, found) == []) is ok
    m = shakashaka.model(p)
    for (q, k), v in m["t"].items():
        v.lowBound = v.upBound = int(found.get(q) == k)
    assert m.prob.solve(__import__("pulp").HiGHS(msg=False)) == (1 if ok else -1)


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("shakashaka"))
    book.sheet("shakashaka").put(2, 3, "x")
    with pytest.raises(InputError, match=r"sheet 'shakashaka' cell C2: .*found 'x'"):
        read_puzzle(book, "shakashaka")


URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"  # pzprjs test/script/shakashaka.js
# its answer there: 2 a triangle at the bottom-left, 3 bottom-right, 4 top-right, 5 top-left
PZPR_ANSWER = [
    ". 5 4 + . +",
    "5 . 3 . 5 4",
    "2 3 . 5 . 3",
    ". 5 4 2 3 .",
    "5 . 3 + 5 4",
    "2 3 + . 2 3",
]


def test_puzzlink_url_and_pzprjs_answer():
    p = shakashaka.from_url(parse_url(URL))
    assert p.numbers() == {(0, 0): 2, (0, 4): 1, (1, 3): 3, (2, 2): 4, (3, 0): 3, (5, 3): 1}
    out = solve_puzzle(shakashaka.GENRE, p, Settings("highs"))
    corner = {"2": "BL", "3": "BR", "4": "TR", "5": "TL"}
    want = {
        (r, c): corner[t]
        for r, row in enumerate(PZPR_ANSWER)
        for c, t in enumerate(row.split())
        if t in corner
    }
    assert out.status == "solved" and out.unique is True and out.answer == want


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "tri.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "shakashaka", Settings()).status == "solved"


def test_check_a_hand_typed_answer(sample):
    book = OpenpyxlBook(sample("shakashaka"))
    ws = book.sheet("shakashaka")
    glyph = {"TL": "◤", "TR": "◥", "BL": "◣", "BR": "◢"}
    for (r, c), k in KNOWN.items():
        ws.put(r + 1, c + 1, glyph[k])
    ws.put(1, 5, "・")  # E1 stays white
    res = check.check_sheet(book, "shakashaka", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(1, 2, "◥")  # B1 turned the wrong way
    res = check.check_sheet(book, "shakashaka", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert any("not a rectangle" in m for m, _ in res.problems)


def test_the_generator_makes_a_unique_puzzle_whose_answer_it_built():
    """tests/generators/shakashaka.py: diamonds and rectangles kept apart; the solver finds
    exactly the diamonds' triangles, and nothing else."""
    from tests.generators.shakashaka import generate

    puzzle, note = generate(8, seed=3)
    assert note.endswith("unique") and "not unique" not in note
    out = solve_puzzle(shakashaka.GENRE, puzzle, Settings("highs", 60))
    assert out.status == "solved" and out.unique is True
    assert shakashaka.verify(puzzle, out.answer) == []
    diamonds = int(note.split(" diamonds")[0].rsplit(" ", 1)[1])
    assert len(shakashaka.record(puzzle, out.answer)["triangles"]) == 4 * diamonds


def test_the_deductions_decide_the_example_whole():
    p = puzzle(EX["puzzle_text"])
    found = shakashaka.deduce(p, shakashaka.GENRE.tuning)
    assert found.answer == KNOWN
    assert found.fixed["t"] == {
        (q, k): int(KNOWN.get(q) == k) for q in p.white() for k in shakashaka.CORNERS
    }


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over every way to fill small grids: each state the points' arcs, the numbers
    and probing strike out is in no answer, and a grid decided whole has that one answer."""
    rng = random.Random(6)
    tuning = shakashaka.GENRE.tuning
    decided = contradictions = 0
    for _ in range(150):
        rows, cols = rng.choice(((2, 3), (3, 3), (3, 2)))
        cells = [
            [
                rng.choice((None, None, WALL, 0, 1, 2)) if rng.random() < 0.6 else None
                for _ in range(cols)
            ]
            for _ in range(rows)
        ]
        p = Puzzle(tuple(map(tuple, cells)))
        white = sorted(p.white())
        if len(white) > 5:
            continue  # 5 ** 6 fillings and more: too many to try
        answers = []
        for states in itertools.product((None, *shakashaka.CORNERS), repeat=len(white)):
            a = {q: k for q, k in zip(white, states, strict=True) if k}
            if not shakashaka.verify(p, a):
                answers.append(a)
        found = shakashaka.deduce(p, tuning)
        if not found.fixed:
            assert answers == [] or not white, p
            contradictions += not answers
            continue
        for (q, k), v in found.fixed["t"].items():
            assert all((a.get(q) == k) == bool(v) for a in answers), (p, q, k)
        decided += len(found.fixed["t"])
        assert found.answer is None or answers == [found.answer], p
    assert decided > 100 and contradictions > 3
