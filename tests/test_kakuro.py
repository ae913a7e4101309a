"""Kakuro: the sample in the workbook, digits in the cells, the ways a clue is typed, verify from
the rules, bad input named by its cell before solving, both forms of the sum on every back end,
pzprjs' test puzzle by URL with its answer, check my answer on a hand-typed sheet, the picture,
the generator. (The sample on every back end and through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import dataclasses
import datetime
import functools

import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.cli import main
from solver.genres import kakuro
from solver.genres.kakuro import Clue, Puzzle
from solver.io import picture
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example
from tests.kakuro_sample import example_puzzle

EX = example("kakuro")
KNOWN = tuple(
    tuple(int(ch) if ch.isdigit() else 0 for ch in row) for row in EX["solution_text"].split("\n")
)


def grid(*rows: list) -> Grid:
    return Grid("kakuro", [list(r) for r in rows])


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("kakuro")), "kakuro")
    assert p == example_puzzle()
    assert p.cells[1][1] == Clue(14, 5) and p.cells[2][0] == Clue(None, 17)


def test_sample_digits_in_the_cells(sample):
    book = OpenpyxlBook(sample("kakuro"))
    res = solve_sheet(book, "kakuro", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("kakuro")
    shown = tuple(
        tuple(v if isinstance(v := ws.get(r + 1, c + 1), int) else 0 for c in range(6))
        for r in range(6)
    )
    assert shown == KNOWN
    assert ws.get(2, 2) == "14\\5"  # the clue stays
    assert res.answer["numbers"][0][0] is None and res.answer["numbers"][2][1] == 9


@pytest.mark.parametrize(
    ("typed", "clue"),
    [
        ("23\\10", Clue(23, 10)),
        ("16\\", Clue(16, None)),
        ("\\7", Clue(None, 7)),
        ("23/10", Clue(23, 10)),
        ("/7", Clue(None, 7)),
        ("16¥", Clue(16, None)),  # a Japanese keyboard's backslash
        ("１６＼７", Clue(16, 7)),  # full width, from an IME
        (" 23 \\ 10 ", Clue(23, 10)),
        ("■", Clue()),
        ("#", Clue()),
        ("*", Clue()),
        ("\\", Clue()),
    ],
)
def test_the_ways_a_clue_is_typed(typed, clue):
    """A clue over a run of 3 cells each way (when it gives those sums)."""
    p = kakuro.parse(grid([typed, None, None, None], *[[None, "■", "■", "■"]] * 3))
    assert p.cells[0][0] == clue


def test_a_dark_fill_is_a_black_cell(sample):
    book = OpenpyxlBook(sample("kakuro"))
    ws = book.wb["kakuro"]
    ws["A1"].value = None
    ws["A1"].fill = PatternFill("solid", fgColor="000000")
    _, _, p = read_puzzle(book, "kakuro")
    assert p == example_puzzle()
    ws["A1"].fill = PatternFill()  # no fill: a white cell, in a run with no sum
    _, _, p = read_puzzle(book, "kakuro")
    assert p.cells[0][0] is None


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle()
    assert kakuro.verify(p, KNOWN) == []

    def with_digit(a, cell, d):
        return tuple(
            tuple(d if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
        )

    wrong = kakuro.verify(p, with_digit(KNOWN, (2, 4), 3))  # E3: 2 -> 3, a second 3 down
    assert "the run right of A3 sums to 18, its clue says 17" in wrong
    assert "the run below E2 sums to 11, its clue says 10" in wrong
    assert "the run below E2: two 3s, in E3 and E4" in wrong
    found = {str(v): v.cells for v in wrong}
    assert found["the run right of A3 sums to 18, its clue says 17"] == (
        (2, 0), (2, 1), (2, 2), (2, 3), (2, 4)
    )  # fmt: skip
    empty = kakuro.verify(p, with_digit(KNOWN, (2, 1), 0))  # B3 erased
    assert empty == ["1 cell holds no digit: B3"]
    over = kakuro.verify(
        p, with_digit(with_digit(with_digit(KNOWN, (2, 1), 0), (2, 2), 9), (2, 3), 9)
    )
    assert "the run right of A3 already sums to 20 with cells empty, its clue says 17" in over
    assert {v.cells for v in over if "already" in v} == {((2, 0), (2, 2), (2, 3), (2, 4))}
    given = Puzzle(((Clue(), Clue(3, None)), (Clue(None, 3), 1)))
    assert kakuro.verify(given, ((0, 0), (0, 2))) == [
        "cell B2 changes the given 1",
        "the run right of A2 sums to 2, its clue says 3",
        "the run below B1 sums to 2, its clue says 3",
    ]


def test_a_sum_its_run_cannot_make_is_named_before_solving():
    with pytest.raises(InputError, match=r"cell A1: the run right of A1 cannot sum to 2: 2 cells"):
        kakuro.parse(grid(["\\2", None, None]))  # 1 + 1 repeats a digit
    with pytest.raises(InputError, match=r"cell B1: the run below B1 cannot sum to 30: 3 cells"):
        kakuro.parse(grid(["■", "30\\"], [None, None], [None, None], [None, None]))
    with pytest.raises(InputError, match=r"3 cells of different digits 1-9 make 6 to 24"):
        kakuro.parse(grid(["■", "30\\"], [None, None], [None, None], [None, None]))
    with pytest.raises(InputError, match="cell A1: the run right of A1 has 10 cells"):
        kakuro.parse(grid(["\\45", *[None] * 10]))


def test_a_clue_without_a_run_is_named():
    with pytest.raises(InputError, match=r"cell B1: the down sum 16 has no run below it \(B2 is"):
        kakuro.parse(grid(["■", "16\\7", None], [None, "■", None]))
    with pytest.raises(InputError, match=r"cell B1: the across sum 7 has no run right of it \(the"):
        kakuro.parse(grid([None, "\\7"], [None, None]))


def test_a_cell_its_two_sums_leave_no_digit_is_named():
    """16 across in 2 cells is 7 + 9, 4 down in 2 cells is 1 + 3: nothing for C2."""
    typed = grid(
        ["■", "17\\", "4\\", "■"],
        ["\\16", None, None, "■"],
        ["\\5", None, None, "■"],
    )
    with pytest.raises(InputError) as found:
        kakuro.parse(typed)
    assert str(found.value) == (
        "sheet 'kakuro' cell C2: no digit fits here: the run right of A2 (16 in 2) allows 7 or 9"
        " and the run below C1 (4 in 2) allows 1 or 3"
    )


def test_bad_cells_are_named(sample):
    cases = [
        (16, r"cell B3: a white cell holds a digit 1-9, found 16; .*`16\\` for the run below"),
        ("x", r"cell B3: expected a clue down\\across .*found 'x'"),
        ("50\\", r"cell B3: the down sum 50 is not a sum of digits"),
        (datetime.datetime(2026, 10, 23), r"cell B3: Excel read this clue as a date"),
    ]
    for value, message in cases:
        book = OpenpyxlBook(sample("kakuro"))
        book.wb["kakuro"]["B3"].value = value
        with pytest.raises(InputError, match=rf"sheet 'kakuro' {message}"):
            read_puzzle(book, "kakuro")


def test_a_puzzle_without_an_answer_says_so(sample):
    """Each sum can be made alone, not all together: B2 = 1 (3 down is 1 + 2, 4 across is
    1 + 3), so C2 = 3, which the 3 down from C1 (1 + 2) cannot hold."""
    p = kakuro.parse(grid(["■", "3\\", "3\\"], ["\\4", None, None], ["■", None, None]))
    for form in kakuro.FORMS:
        assert solve_puzzle(genre_with(form), p, Settings("highs")).status == "infeasible"
    book = OpenpyxlBook(sample("kakuro"))
    book.sheet("kakuro").put(3, 2, 4)  # B3 given 4: the 17 across and 14 down cannot both hold
    assert solve_sheet(book, "kakuro", Settings()).status == "infeasible"


def genre_with(form: str):
    return dataclasses.replace(kakuro.GENRE, model=functools.partial(kakuro.model, form=form))


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_form_of_the_sum_gives_the_answer_on_every_back_end(solver):
    for form in kakuro.FORMS:
        out = solve_puzzle(genre_with(form), example_puzzle(), Settings(solver))
        assert out.status == "solved" and out.unique is True, form
        assert out.answer == KNOWN, form


def test_the_combinations_model_is_exact():
    """Every coefficient of the default model is 0 or 1 (no sum that rounding could bend); the
    other form's are the digits 1-9."""
    m = kakuro.model(example_puzzle())
    coefficients = {a for c in m.prob.constraints() for a in c.values()}
    assert coefficients <= {1, -1}
    m = kakuro.model(example_puzzle(), form="sum")
    coefficients = {a for c in m.prob.constraints() for a in c.values()}
    assert coefficients <= {1, -1, *range(1, 10)}


URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"  # pzprjs test/script/kakuro.js
# its answer there (the last failcheck, which passes): the board's digits, '.' a clue cell
PZPR_ANSWER = [
    ". 5 3 . .",
    "3 4 1 2 .",
    "1 2 . 1 2",
    ". 1 9 3 8",
    ". . 8 4 .",
]


@pytest.mark.parametrize("solver", SOLVERS)
def test_puzzlink_url_and_pzprjs_answer(solver):
    p = kakuro.from_url(parse_url(URL))
    assert kakuro.to_cells(p)[:3] == [
        ["■", "■", "12\\", "4\\", "■", "■"],
        ["■", "4\\8", None, None, "10\\", "■"],
        ["\\10", None, None, None, None, "10\\"],
    ]
    out = solve_puzzle(kakuro.GENRE, p, Settings(solver))
    board = [[int(t) if t.isdigit() else 0 for t in row.split()] for row in PZPR_ANSWER]
    want = tuple(tuple([0, *row]) for row in [[0] * 5, *board])
    assert out.status == "solved" and out.unique is True and out.answer == want


def test_puzzlink_bad_bodies():
    with pytest.raises(UrlError, match="ends after"):
        kakuro.from_url(parse_url("https://puzz.link/p?kakuro/3/3/48"))
    with pytest.raises(UrlError, match=r"cell B1: the run below B1 cannot sum to 2"):
        kakuro.from_url(parse_url("https://puzz.link/p?kakuro/2/2/n2000"))  # 2 down, 2 cells
    with pytest.raises(UrlError, match="not a sum"):
        kakuro.from_url(parse_url("https://puzz.link/p?kakuro/2/1/4!"))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "kakuro.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "kakuro", Settings())
    assert res.status == "solved" and res.unique is True


def test_check_a_hand_typed_answer(sample):
    """Digits typed by hand into the white cells: right, then one digit wrong."""
    book = OpenpyxlBook(sample("kakuro"))
    ws = book.sheet("kakuro")
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            if d:
                ws.put(r + 1, c + 1, str(d))  # typed as text: still a digit
    res = check.check_sheet(book, "kakuro", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(4, 6, 2)  # F4: 1 -> 2: its across and down runs miss their sums, two 2s down
    res = check.check_sheet(book, "kakuro", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("the run below F3: two 2s, in F4 and F5", ["F4", "F5"]),
        ("the run right of D4 sums to 5, its clue says 4", ["D4", "E4", "F4"]),
        ("the run below F3 sums to 4, its clue says 3", ["F3", "F4", "F5"]),
    ]
    marked = {(m.row, m.col) for m in res.marks}
    assert marked == {(3, 3), (3, 4), (3, 5), (2, 5), (4, 5)}


def test_check_half_done_names_a_run_already_over(sample):
    book = OpenpyxlBook(sample("kakuro"))
    ws = book.sheet("kakuro")
    ws.put(3, 2, 9)
    ws.put(3, 3, 9)  # B3 and C3: 18 of the 17 across, cells still empty
    res = check.check_sheet(book, "kakuro", Settings())
    assert res.verdict == "incomplete" and res.completable is False
    assert (
        "the run right of A3 already sums to 18 with cells empty, its clue says 17",
        ["A3", "B3", "C3"],
    ) in res.problems


def test_picture_draws_the_clue_cells_split_and_the_digits(sample):
    book = OpenpyxlBook(sample("kakuro"))
    res = solve_sheet(book, "kakuro", Settings())
    pic = picture.draw(picture.givens_of(res.answer, res.writes), res.answer, "kakuro")
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    assert ("14", "black") in texts and ("5", "black") in texts  # B2's two sums
    assert sum(fill == picture.ANSWER_COLOUR for _, fill in texts) == 16  # every white cell
    grey = [s for s in pic.shapes if s.kind == "rect" and s.fill == picture.CLUE_CELL_COLOUR]
    assert len(grey) == 36 - 16
    diagonals = [s for s in pic.shapes if s.kind == "line" and s.stroke == "black" and s.width == 1]
    assert len(diagonals) == 10  # the clue cells with a sum


def test_generator_makes_a_unique_puzzle():
    from tests.generators import kakuro as generator

    p, note = generator.generate(8, seed=8)
    out = solve_puzzle(kakuro.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.violations == []
    assert note.endswith("unique")
    assert all(2 <= len(run.cells) <= generator.MAX_RUN for run, _ in p.runs())
    assert all(total is not None for _, total in p.runs())  # every run has its sum


def test_the_forms_benchmark_reports_every_form(capsys):
    from benchmarks import benchmark_kakuro

    assert benchmark_kakuro.main(["--sizes", "6", "--repeats", "1", "--solvers", "highs"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    measured = [(r[0], r[2], r[-1]) for r in rows if len(r) > 3 and r[2].startswith("highs/")]
    assert [(name, form) for name, form, _ in measured] == [
        (name, f"highs/{form}") for name in ("sample", "pzprjs", "random") for form in kakuro.FORMS
    ]
    assert {status for _, _, status in measured} == {"unique"}


def test_the_deductions_decide_the_example_whole():
    found = kakuro.deduce(example_puzzle(), kakuro.GENRE.tuning)
    assert found.answer == KNOWN


def test_the_deductions_keep_every_answer_of_a_puzzle_with_two():
    """A 2x2 square under sums that two fillings meet (1 2 / 2 1 and 2 1 / 1 2): nothing is
    decided but the digits no sum allows."""
    two = Puzzle(
        (
            (Clue(), Clue(3, None), Clue(3, None)),
            (Clue(None, 3), None, None),
            (Clue(None, 3), None, None),
        )
    )
    found = kakuro.deduce(two, kakuro.GENRE.tuning)
    assert found.answer is None
    assert all(v == 0 for v in found.fixed["x"].values())
    assert {d for (_, _, d) in found.fixed["x"]} == set(range(3, 10))
