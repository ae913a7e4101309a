"""Futoshiki: the sample in the workbook, the spellings of the signs, verify from the rules,
signs that contradict each other (named before solving, or no answer), bad input named by cell,
and check my answer on a hand-typed sheet. (The sample on every back end, through the .lp file,
check and hints on it: tests/test_samples.py, tests/test_check.py.)"""

from __future__ import annotations

import random

import pytest

from solver import check
from solver.deduce import digit_logic
from solver.genres import futoshiki
from solver.io import picture
from solver.io.picture import CELL, MARGIN
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import DECIDED, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("futoshiki")
KNOWN = [[int(ch) for ch in line] for line in EX["solution_text"].split("\n")]


def typed(text: str) -> list[list[object]]:
    """Rows of one character per sheet cell, as the example writes them, as a person types
    them: digits, signs (`A` and `V` as typed), blanks ('.' or ' ')."""
    lines = text.split("\n")
    size = len(lines[0])
    return [
        [None if ch in ". " else int(ch) if ch.isdigit() else ch for ch in line.ljust(size)]
        for line in lines
    ]


def grid(rows: list[str]) -> Grid:
    return Grid("futoshiki", typed("\n".join(rows)))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("futoshiki")), "futoshiki")
    assert p == futoshiki.parse(Grid("futoshiki", typed(EX["puzzle_text"])))
    assert p.n == 5 and len(p.signs) == 10
    cells = futoshiki.to_cells(p)
    assert cells[5][0] == "∨" and cells[5][4] == "∧" and cells[8][7] == ">"  # A6, E6, H9


def test_every_spelling_of_a_sign_reads_the_same():
    plain = futoshiki.parse(grid([".<.", "∧ ∨", ".>."]))
    assert futoshiki.parse(grid([".＜.", "^ v", ".＞."])) == plain
    assert futoshiki.parse(grid([".<.", "A V", ".>."])) == plain
    assert [s.text() for s in plain.signs] == ["A1 < C1", "A1 < A3", "C1 > C3", "A3 > C3"]


def test_a_small_puzzle_on_every_back_end():
    """2x2: A1 < C1 and C1 > C3 leave one answer (1 2 / 2 1)."""
    p = futoshiki.parse(grid([".<.", "   ", "..."]))
    for solver in SOLVERS:
        out = solve_puzzle(futoshiki.GENRE, p, Settings(solver))
        assert out.status == "solved" and out.unique is True, solver
        assert futoshiki.record(p, out.answer) == {
            "numbers": [[1, 2], [2, 1]],
            "signs": [[0, 0, 0, 1]],
        }
    free = futoshiki.parse(grid(["...", "   ", "..."]))
    out = solve_puzzle(futoshiki.GENRE, free, Settings())
    assert out.status == "solved" and out.unique is False


def test_verify_names_each_broken_rule_with_its_cells():
    p = futoshiki.parse(Grid("futoshiki", typed(EX["puzzle_text"])))
    sheet = [[0] * 9 for _ in range(9)]
    for i, row in enumerate(KNOWN):
        for j, d in enumerate(row):
            sheet[2 * i][2 * j] = d
    assert futoshiki.verify(p, sheet) == []
    # row 9 reads 1 2 4 5 3 under A9 < C9 < E9 < G9 > I9; swap its 4 and 5: E9 < G9 breaks,
    # the given 4 at E9 changes, and columns E and G then hold two 5s and two 4s
    sheet[8][4], sheet[8][6] = 5, 4
    problems = futoshiki.verify(p, sheet)
    assert "E9 < G9 does not hold: 5 > 4" in problems
    assert "cell E9 changes the given 4" in problems
    broken = problems[problems.index("E9 < G9 does not hold: 5 > 4")]
    assert broken.cells == ((8, 4), (8, 5), (8, 6))  # both digits and the sign
    assert "column E: two 5s, in E3 and E9" in problems
    sheet[0][0] = 0
    assert "1 cell holds no digit: A1" in futoshiki.verify(p, sheet)
    sheet[0][2] = 2
    assert "cell C1 changes the given 1" in futoshiki.verify(p, sheet)


@pytest.mark.parametrize(
    "rows, message",
    [
        ([".x.", "   ", "..."], r"cell B1: a sign between A1 and C1 is < or >.*found 'x'"),
        (["...", "<  ", "..."], r"cell A2: a sign between A1 and A3 .* is ∧ .*found '<'"),
        ([".∧.", "   ", "..."], r"cell B1: .*found '∧'"),
        (["...", " 1 ", "..."], r"cell B2: this cell between four digit cells stays empty"),
        (["3..", "   ", "..."], r"cell A1: a digit cell .* from 1 to 2 .*found 3"),
        (["..<", "   ", "..."], r"cell C1: a digit cell .*found '<'"),
        (["123", "231", "312"], r"cell B1: .*found 2 \(the digits stand in every other cell"),
        (["1.2", "3  ", "2.1"], r"cell A2: .*found 3 \(the digits stand in every other cell"),
    ],
)
def test_bad_input_names_the_cell(rows, message):
    with pytest.raises(InputError, match=message):
        futoshiki.parse(grid(rows))


@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 4), (1, 1)])
def test_a_block_that_is_not_2n_1_square_is_refused(rows, cols):
    with pytest.raises(InputError, match=f"2N-1 cells square .* {rows} rows by {cols} columns"):
        futoshiki.parse(Grid("futoshiki", [[None] * cols for _ in range(rows)]))


def test_contradicting_signs_are_named_before_solving():
    # a circle of four signs: A1 < C1 < C3 < A3 < A1
    with pytest.raises(
        InputError,
        match=r"cell B1: the signs at B1, C2, B3, A2 go round in a circle: "
        r"A1 < C1 < C3 < A3 < A1; no digits fulfil them \(the puzzle has no answer\)",
    ):
        futoshiki.parse(grid([".<.", "V ^", ".>."]))
    # a chain of four cells in a 3x3: A1 < C1 < E1 < E3
    with pytest.raises(InputError, match=r"cell A1: .* chain of 4 cells, .* only 3 digits"):
        futoshiki.parse(grid([".<.<.", "    ^", ".....", "     ", "....."]))


def test_signs_against_the_givens_leave_no_answer(sample):
    """Nothing to see before solving (no circle, no chain too long), but no answer: the
    sheet says so."""
    book = OpenpyxlBook(sample("futoshiki"))
    ws = book.sheet("futoshiki")
    ws.put(1, 2, "<")  # B1: A1 < C1, and C1 is the given 1
    res = solve_sheet(book, "futoshiki", Settings())
    assert res.status == "infeasible"


def test_a_bad_sign_in_the_workbook_names_sheet_and_cell(sample):
    book = OpenpyxlBook(sample("futoshiki"))
    book.sheet("futoshiki").put(3, 4, "≠")  # D3, between C3 and E3
    with pytest.raises(InputError, match=r"sheet 'futoshiki' cell D3: a sign between C3 and E3"):
        read_puzzle(book, "futoshiki")


def test_check_a_hand_typed_answer(sample):
    """Digits typed by hand: right, then one digit changed so that a sign breaks."""
    book = OpenpyxlBook(sample("futoshiki"))
    ws = book.sheet("futoshiki")
    for i, row in enumerate(KNOWN):
        for j, d in enumerate(row):
            if ws.get(2 * i + 1, 2 * j + 1) is None:
                ws.put(2 * i + 1, 2 * j + 1, d)
    res = check.check_sheet(book, "futoshiki", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(9, 9, 4)  # I9: 3 -> 4; G9 > I9 still holds (5 > 4), row 9 and column I break
    res = check.check_sheet(book, "futoshiki", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("row 9: two 4s, in E9 and I9", ["E9", "I9"]),
        ("column I: two 4s, in I1 and I9", ["I1", "I9"]),
    ]
    ws.put(9, 9, 3)
    ws.put(9, 1, 2)  # A9: 1 -> 2, so A9 < C9 reads 2 = 2
    res = check.check_sheet(book, "futoshiki", Settings())
    assert res.verdict == "wrong"
    assert ("A9 < C9 does not hold: 2 = 2", ["A9", "B9", "C9"]) in res.problems


def test_the_picture_shows_the_digits_and_the_signs(sample):
    book = OpenpyxlBook(sample("futoshiki"))
    res = solve_sheet(book, "futoshiki", Settings())
    givens = futoshiki.to_cells(read_puzzle(OpenpyxlBook(sample("futoshiki")), "futoshiki")[2])
    pic = picture.draw(givens, res.answer, "futoshiki")
    assert (pic.width, pic.height) == (5 * CELL + 2 * MARGIN,) * 2  # the 5 x 5 digits only
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    assert len(texts) == 25 and texts.count(("3", "black")) == 2  # givens 3 at G1 and C3
    assert sum(fill == picture.ANSWER_COLOUR for _, fill in texts) == 25 - 6
    chevrons = [s for s in pic.shapes if s.kind == "line" and s.stroke == "black"]
    assert len(chevrons) == 2 * 10  # two strokes per sign
    # C3 < E3 (row 2 of the digits) is drawn on the border between them, its tip towards C3
    tips = {(s.points[0], s.points[1]) for s in chevrons}
    assert (MARGIN + 2 * CELL - CELL * 0.12, MARGIN + 1.5 * CELL) in tips


def test_generator_makes_unique_puzzles():
    """tests/generators/futoshiki.py: signs added where answers differ give one answer, and
    the answer is the square the signs came from (5x5, two seeds)."""
    from tests.generators import futoshiki as gen
    from tests.generators import random_latin

    for seed in (1, 2):
        p, note = gen.generate(5, seed)
        assert note.endswith(", unique"), note
        out = solve_puzzle(futoshiki.GENRE, p, Settings("highs", 60))
        assert out.unique is True and out.violations == []
        square = random_latin(5, random.Random(seed))
        assert futoshiki.record(p, out.answer)["numbers"] == square


@pytest.mark.parametrize(
    "seed", [None, 3, 4], ids=lambda s: "example" if s is None else f"seed {s}"
)
def test_the_deductions_hold_in_the_answer_the_pure_mip_proves(seed):
    """Singles, the signs' pairs and probing decide only what the answer holds (the one the
    pure MIP finds and proves unique), on the example and generated 5x5s; where they decide
    every cell, that is the answer and the pipeline builds no model."""
    from tests.generators import futoshiki as gen

    if seed is None:
        p = futoshiki.parse(Grid("futoshiki", typed(EX["puzzle_text"])))
    else:
        p = gen.generate(5, seed)[0]
    pure = solve_puzzle(futoshiki.GENRE, p, Settings(time_limit=60, deduce=False))
    assert pure.unique is True
    deduced = futoshiki.deduce(p, futoshiki.GENRE.tuning)
    for (r, c, d), v in deduced.fixed["x"].items():
        assert v == int(pure.answer[r][c] == d), (r, c, d)
    out = solve_puzzle(futoshiki.GENRE, p, Settings(time_limit=60))
    assert out.unique is True and out.answer == pure.answer
    if seed is None:
        assert deduced.answer == pure.answer and out.note == DECIDED
        assert futoshiki.record(p, out.answer)["numbers"] == KNOWN


def test_signs_bound_the_digits_along_their_chains():
    """digit_logic's `less` pairs: a chain A1 < C1 < E1 in a row of 3 fixes 1 2 3 by the
    rules alone (no probing); a sign whose larger cell holds the smallest digit leaves
    no answer."""
    row = [(0, 0), (0, 2), (0, 4)]
    board = digit_logic.Board(
        (1, 2, 3), [row], budget=100, less=[(row[0], row[1]), (row[1], row[2])]
    )
    cand = {cell: {1, 2, 3} for cell in row}
    digit_logic.propagate(board, cand)
    assert cand == {row[0]: {1}, row[1]: {2}, row[2]: {3}}
    board = digit_logic.Board((1, 2, 3), [row], budget=100, less=[(row[0], row[1])])
    with pytest.raises(digit_logic.Contradiction):
        digit_logic.propagate(board, {row[0]: {2, 3}, row[1]: {1, 2}, row[2]: {1, 2, 3}})
