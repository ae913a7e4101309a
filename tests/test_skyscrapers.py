"""Skyscrapers: the sample in the workbook, the sightline block exact on every line of heights,
verify from the rules, clues that cannot hold together, bad input named by cell, pzprjs' own
test puzzle and answer by URL, check my answer on a hand-typed sheet, the picture. (The sample
on every back end, through the .lp file, check and hints on it: tests/test_samples.py,
tests/test_check.py.)"""

from __future__ import annotations

import itertools
import random

import openpyxl
import pulp
import pytest

from solver import check
from solver.blocks.digits import digit_vars, fix, once_each, seen, sightline
from solver.cli import main
from solver.genres import skyscrapers
from solver.io import penpa_genres, picture
from solver.io.picture import CELL, MARGIN
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.backends import LiveModel
from solver.mip.model import new_problem
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("skyscrapers")
KNOWN = [[int(ch) for ch in line] for line in EX["solution_text"].split("\n")]


def typed(rows: list[str]) -> Grid:
    """Rows of one character per sheet cell: digits, '.' or ' ' empty."""
    size = max(len(line) for line in rows)
    return Grid(
        "skyscrapers",
        [[int(ch) if ch.isdigit() else None for ch in line.ljust(size)] for line in rows],
    )


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("skyscrapers")), "skyscrapers")
    assert p == skyscrapers.parse(typed(EX["puzzle_text"].split("\n")))
    assert p.n == 5
    assert p.clues == (
        (None, None, 3, 3, None),  # row 1, columns B-F: seen from the top
        (None, 5, None, 1, 3),  # row 7: from the bottom
        (None, None, 2, 3, None),  # column A, rows 2-6: from the left
        (None, 5, 1, 3, 2),  # column G: from the right
    )


def test_seen_counts_the_buildings_taller_than_all_before():
    assert seen([1, 2, 3, 4]) == 4
    assert seen([4, 1, 2, 3]) == 1
    assert seen([2, 1, 4, 3]) == 2
    assert seen([3, 0, 4, 0]) == 2  # a cell without a building hides nothing


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_sightline_is_exact_on_every_line_of_four(solver):
    """For every order of the heights 1-4 in a line, the model with those heights fixed is
    feasible with the count `seen` gives, and with no other count."""
    for heights in itertools.permutations(range(1, 5)):
        for count in range(1, 5):
            prob = new_problem("sightline")
            line = [(0, c) for c in range(4)]
            x = digit_vars(prob, line, range(1, 5))
            once_each(prob, x, line, "row(1)")
            fix(prob, x, dict(zip(line, heights, strict=True)))
            sightline(prob, x, line, count, "L1")
            status = LiveModel(prob, Settings(solver)).solve(None)
            want = "solved" if count == seen(heights) else "infeasible"
            assert status == want, (heights, count)


def test_the_sightline_is_tight_where_it_matters():
    """In the LP relaxation the tallest building hides everything behind it: with the 4 fixed
    at the second cell of a line of four, the seen variables behind it are 0."""
    prob = new_problem("sightline")
    line = [(0, c) for c in range(4)]
    x = digit_vars(prob, line, range(1, 5))
    once_each(prob, x, line, "row(1)")
    fix(prob, x, {(0, 1): 4})
    s = sightline(prob, x, line, 2, "L1")
    for v in prob.variables():
        v.cat = "Continuous"
    prob.sense = -1  # maximise what is seen behind the 4
    prob.setObjective(s[0, 2] + s[0, 3])
    prob.solve(pulp.HiGHS(msg=False))
    assert prob.objective.value() == pytest.approx(0)


def test_verify_names_each_broken_rule_with_its_cells():
    p = skyscrapers.parse(typed(EX["puzzle_text"].split("\n")))
    sheet = [[0] * 7 for _ in range(7)]
    for i, row in enumerate(KNOWN):
        for j, d in enumerate(row):
            sheet[1 + i][1 + j] = d
    assert skyscrapers.verify(p, sheet) == []
    sheet[2][4], sheet[2][5] = sheet[2][5], sheet[2][4]  # row 3: 5 4 3 2 1 -> 5 4 3 1 2
    problems = skyscrapers.verify(p, sheet)
    assert "from the right of row 3 4 buildings are seen, the clue says 5" in problems
    broken = problems[
        problems.index("from the right of row 3 4 buildings are seen, the clue says 5")
    ]
    assert broken.cells == tuple((2, c) for c in range(1, 7))  # the clue G3 and its row
    assert "column E: two 1s, in E3 and E4" in problems
    sheet[3][1] = 0
    assert "1 cell holds no height: B4" in skyscrapers.verify(p, sheet)
    assert not any("left of row 4" in v for v in skyscrapers.verify(p, sheet))  # not full


@pytest.mark.parametrize(
    "rows, message",
    [
        (["   1", " .. ", " .. ", "    "], r"cell D1: only the top-left corner holds something"),
        (["3   ", " .. ", " .. ", "    "], r"cell A1: the corner says the variant: .*at most 2"),
        (["  3 ", " .. ", " .. ", "    "], r"cell C1: expected a clue \(the buildings seen from "),
        (["    ", " .3 ", " .. ", "    "], r"cell C2: expected a height from 1 to 2"),
        (["    ", "2..2", " .. ", "    "], r"cell A2: the clues 2 at A2 and 2 at D2 cannot both "),
        (["    ", "1..1", " .. ", "    "], r"cell A2: .* only one end sees the tallest"),
        ([" 3   ", " ... ", " ... ", " ... ", " 2   "], r"cell B1: .*at most 4 \(the tallest"),
    ],
)
def test_bad_input_names_the_cell(rows, message):
    with pytest.raises(InputError, match=message):
        skyscrapers.parse(typed(rows))


@pytest.mark.parametrize("rows, cols", [(7, 6), (2, 2)])
def test_a_block_that_is_not_square_is_refused(rows, cols):
    with pytest.raises(InputError, match=f"N\\+2 cells square .* {rows} rows by {cols} columns"):
        skyscrapers.parse(Grid("skyscrapers", [[None] * cols for _ in range(rows)]))


def test_bad_input_in_the_workbook_names_sheet_and_cell(sample):
    book = OpenpyxlBook(sample("skyscrapers"))
    book.sheet("skyscrapers").put(1, 2, 6)  # B1: a clue above column B, 6 > 5
    with pytest.raises(InputError, match=r"sheet 'skyscrapers' cell B1: expected a clue"):
        read_puzzle(book, "skyscrapers")


URL = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"  # pzprjs test/script/skyscrapers.js
# its answer there (the frame's clues around the heights; '.' no clue)
PZPR_ANSWER = [
    ". . . . . .",
    ". 2 1 4 3 .",
    "4 1 2 3 4 .",
    ". 4 3 1 2 3",
    ". 3 4 2 1 .",
    ". . 1 3 . .",
]


def test_puzzlink_url_and_pzprjs_answer():
    p = skyscrapers.from_url(parse_url(URL))
    cells = [[int(t) if t.isdigit() else None for t in row.split()] for row in PZPR_ANSWER]
    frame = [[v if r in (0, 5) or c in (0, 5) else None for c, v in enumerate(row)]
             for r, row in enumerate(cells)]  # fmt: skip
    assert skyscrapers.to_cells(p) == frame
    for solver in SOLVERS:
        out = solve_puzzle(skyscrapers.GENRE, p, Settings(solver))
        assert out.status == "solved" and out.unique is True, solver
        assert skyscrapers.record(p, out.answer)["numbers"] == [row[1:5] for row in cells[1:5]]


def test_puzzlink_given_heights_and_bad_urls():
    p = skyscrapers.from_url(parse_url("https://puzz.link/p?skyscrapers/3/3/r1n"))
    assert p.givens == ((1, None, None), (None, None, None), (None, None, None))
    assert p.clues == ((None,) * 3,) * 4
    with pytest.raises(UrlError, match="square"):
        skyscrapers.from_url(parse_url("https://puzz.link/p?skyscrapers/4/3/z"))
    with pytest.raises(UrlError, match="a clue 5 is not 1-4"):
        skyscrapers.from_url(parse_url("https://puzz.link/p?skyscrapers/4/4/5u"))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "skyscrapers.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "skyscrapers", Settings())
    assert res.status == "solved" and res.unique is True


def test_check_a_hand_typed_answer(sample):
    """Heights typed by hand: right, then two swapped so that a clue and two columns break."""
    book = OpenpyxlBook(sample("skyscrapers"))
    ws = book.sheet("skyscrapers")
    for i, row in enumerate(KNOWN):
        for j, d in enumerate(row):
            ws.put(i + 2, j + 2, d)
    res = check.check_sheet(book, "skyscrapers", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(3, 5, 1)  # E3 and F3 swapped: row 3 reads 5 4 3 1 2
    ws.put(3, 6, 2)
    res = check.check_sheet(book, "skyscrapers", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert (
        "from the right of row 3 4 buildings are seen, the clue says 5",
        ["B3", "C3", "D3", "E3", "F3", "G3"],
    ) in res.problems
    assert ("column E: two 1s, in E3 and E4", ["E3", "E4"]) in res.problems


def test_the_picture_shows_the_frame_clues_outside_the_grid(sample):
    book = OpenpyxlBook(sample("skyscrapers"))
    res = solve_sheet(book, "skyscrapers", Settings())
    givens = skyscrapers.to_cells(
        read_puzzle(OpenpyxlBook(sample("skyscrapers")), "skyscrapers")[2]
    )
    pic = picture.draw(givens, res.answer, "skyscrapers")
    texts = {(s.points, s.text, s.fill) for s in pic.shapes if s.kind == "text"}
    assert len(texts) == 25 + 11  # the heights in blue, the 11 clues in black
    assert ((MARGIN + 3.5 * CELL, MARGIN + 0.5 * CELL), "3", "black") in texts  # D1
    assert ((MARGIN + 1.5 * CELL, MARGIN + 1.5 * CELL), "2", picture.ANSWER_COLOUR) in texts
    frame = [s for s in pic.shapes if s.kind == "rect"]
    assert [s.points for s in frame] == [(MARGIN + CELL, MARGIN + CELL, 5 * CELL, 5 * CELL)]


@pytest.mark.slow
def test_generator_makes_unique_puzzles():
    """tests/generators/skyscrapers.py: clues taken away while the answer stays one, and that
    answer is the square the clues came from (5x5, two seeds)."""
    from tests.generators import random_latin
    from tests.generators import skyscrapers as gen

    for seed in (1, 2):
        p, note = gen.generate(5, seed)
        assert note.endswith(", unique"), note
        out = solve_puzzle(skyscrapers.GENRE, p, Settings("highs", 60))
        assert out.unique is True and out.violations == []
        square = random_latin(5, random.Random(seed))
        assert skyscrapers.record(p, out.answer)["numbers"] == square


# janko.at's variants (puzzlekit dataset, benchmarks/puzzlekit/skyscrapers.py types them):
# heights 1-3 in a 4x4 with one empty cell a line, the diagonals, and both.
VARIANTS = {
    "15_4x4": (
        [["1-3", 2, 2, 1, 2, None], [2, None, None, None, None, 2], [2, None, None, None, None, 2],
         [3, None, None, None, None, 1], [1, None, None, None, None, 3], [None, 1, 2, 3, 1, None]],
        [[0, 1, 3, 2], [2, 3, 0, 1], [1, 0, 2, 3], [3, 2, 1, 0]],
    ),
    "05_4x4": (
        [["D", None, None, None, None, None], [1, None, None, None, None, None],
         [2, None, None, None, None, None], [3, None, None, None, None, None],
         [None, 1, None, None, None, None], [None, None, None, None, None, None]],
        [[4, 1, 3, 2], [3, 2, 4, 1], [2, 3, 1, 4], [1, 4, 2, 3]],
    ),
    "271_5x5": (
        [["1-4 D", 2, 3, 2, 1, 1, None], [2, None, None, None, None, None, 1],
         [3, None, None, None, None, None, 1], [2, None, None, None, None, None, 3],
         [1, None, None, None, None, None, 2], [2, None, None, None, None, None, 3],
         [None, 2, 1, 2, 4, 3, None]],
        [[3, 1, 2, 4, 0], [2, 0, 1, 3, 4], [0, 3, 4, 2, 1], [4, 2, 0, 1, 3], [1, 4, 3, 0, 2]],
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    "corner, variant",
    [
        ("1-3", (3, False)),
        (3, (3, False)),
        ("3 d", (3, True)),
        ("D", (0, True)),
        ("1-4", (0, False)),
    ],
)
def test_the_corner_says_the_variant(corner, variant):
    grid = typed(["      ", " .... ", " .... ", " .... ", " .... ", "      "])
    grid.cells[0][0] = corner
    p = skyscrapers.parse(grid)
    assert (p.top, p.diagonal) == variant
    assert skyscrapers.parse(Grid("skyscrapers", skyscrapers.to_cells(p))) == p


def test_the_sightline_is_exact_with_empty_cells():
    """Heights 1-3 and one empty cell in a line of four, every order: only the count `seen`
    gives is feasible (an empty cell is neither seen nor hides anything)."""
    for heights in itertools.permutations(range(4)):
        for count in range(1, 4):
            prob = new_problem("sightline")
            line = [(0, c) for c in range(4)]
            x = digit_vars(prob, line, range(1, 4), optional=True)
            once_each(prob, x, line, "row(1)")
            fix(prob, x, {q: h for q, h in zip(line, heights, strict=True) if h})
            sightline(prob, x, line, count, "L1", blanks=True)
            status = LiveModel(prob, Settings("highs")).solve(None)
            want = "solved" if count == seen(heights) else "infeasible"
            assert status == want, (heights, count)


@pytest.mark.parametrize("name", VARIANTS)
def test_janko_variants_solve_to_their_answers(name):
    cells, numbers = VARIANTS[name]
    p = skyscrapers.parse(Grid("skyscrapers", cells))
    out = solve_puzzle(skyscrapers.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert skyscrapers.record(p, out.answer)["numbers"] == numbers
    assert skyscrapers.verify(p, out.answer) == []
    with pytest.raises(UrlError, match="no form"):
        skyscrapers.to_url(p)
    with pytest.raises(UrlError, match="no penpa form"):
        penpa_genres.to_penpa(skyscrapers.GENRE, p)


def test_verify_names_a_missing_height_and_a_broken_diagonal():
    p = skyscrapers.parse(Grid("skyscrapers", VARIANTS["271_5x5"][0]))
    sheet = [[0] * 7 for _ in range(7)]
    for i, row in enumerate(VARIANTS["271_5x5"][1]):
        for j, d in enumerate(row):
            sheet[1 + i][1 + j] = d
    assert skyscrapers.verify(p, sheet) == []
    sheet[1][1] = 0  # B2: 3 -> empty
    problems = skyscrapers.verify(p, sheet)
    assert "row 2 holds no 3" in problems and "the diagonal from B2 holds no 3" in problems
    sheet[1][1], sheet[1][2] = 1, 3  # B2, C2 swapped: the diagonal holds 1 twice
    assert "the diagonal from B2: two 1s, in B2 and E5" in skyscrapers.verify(p, sheet)


def test_check_a_hand_typed_answer_with_empty_cells_marked(tmp_path):
    """Heights 1-4 in a 5x5 with the diagonals: the heights typed by hand and the cells without
    a building marked `・` are correct; a height where the answer has none is wrong."""
    cells, numbers = VARIANTS["271_5x5"]
    typed = [list(row) for row in cells]
    for i, row in enumerate(numbers):
        for j, d in enumerate(row):
            typed[i + 1][j + 1] = d or "・"
    path = tmp_path / "variant.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "skyscrapers"
    fill_sheet(wb.active, typed)
    wb.save(path)
    assert check.check_sheet(OpenpyxlBook(path), "skyscrapers", Settings()).verdict == "correct"
    typed[1][5] = 4  # F2: row 2 holds two 4s
    fill_sheet(wb.active, typed)
    wb.save(path)
    assert check.check_sheet(OpenpyxlBook(path), "skyscrapers", Settings()).verdict != "correct"


def test_line_fillings_are_the_lines_that_show_their_clues():
    """Against `seen` over every arrangement: all heights, and heights 1-3 in five cells."""
    for n, top in ((4, 4), (5, 3)):
        every = set(itertools.permutations([*range(1, top + 1)] + [0] * (n - top)))
        for first, last in itertools.product((None, 1, 2, 3), (None, 1, 2, 4)):
            want = sorted(
                t for t in every if first in (None, seen(t)) and last in (None, seen(t[::-1]))
            )
            table = skyscrapers.line_fillings(n, top, first, last)
            assert sorted(tuple(int(v) for v in row) for row in table) == want, (n, first, last)


def test_the_rules_decide_the_example_and_the_janko_variants_whole():
    p = skyscrapers.parse(typed(EX["puzzle_text"].split("\n")))
    found = skyscrapers.deduce(p, skyscrapers.GENRE.tuning)
    assert skyscrapers.record(p, found.answer)["numbers"] == KNOWN
    for cells, numbers in VARIANTS.values():  # heights 1-H with empty cells; the diagonals
        p = skyscrapers.parse(Grid("skyscrapers", cells))
        found = skyscrapers.deduce(p, skyscrapers.GENRE.tuning)
        assert skyscrapers.record(p, found.answer)["numbers"] == numbers


def test_without_clues_the_rules_fix_nothing_and_the_pure_model_proves_the_example():
    open_grid = skyscrapers.parse(
        typed(["      ", " .... ", " .... ", " .... ", " .... ", "      "])
    )
    found = skyscrapers.deduce(open_grid, skyscrapers.GENRE.tuning)
    assert found.answer is None and not any(found.fixed["x"].values())
    p = skyscrapers.parse(typed(EX["puzzle_text"].split("\n")))
    out = solve_puzzle(skyscrapers.GENRE, p, Settings(deduce=False))
    assert out.unique is True and skyscrapers.record(p, out.answer)["numbers"] == KNOWN
