"""ABC Place: the sample (the seed's example, 13 answers), the letters' range in the corner,
the sightline rule exact on every line, verify from the rules, bad input named by cell, pzprjs'
test puzzle and answer by URL, a hand-typed answer checked, and published puzzles from janko.at.
(The sample on every back end, through the .lp file, check and hints on it:
tests/test_samples.py, tests/test_check.py.)"""

from __future__ import annotations

import itertools
import json

import openpyxl
import pytest

from solver import check
from solver.cli import main
from solver.genres import abc_place, genre_for_pzpr, genre_for_sheet
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import EXAMPLES, example

EX = example("abc-place")
FAST = Settings(time_limit=60)
URL = "https://puzz.link/p?easyasabc/4/4/3/1m2h3g3h"
# pzprjs test/script/easyasabc.js: the answer of its URL (the failcheck board without an error)
PZPR_ANSWER = [".BCA", "A.BC", "BCA.", "CA.B"]
PUBLISHED = json.loads((EXAMPLES.parent / "published" / "abc-place.json").read_text("utf-8"))


def block(p: abc_place.Puzzle, rows: list[str]) -> abc_place.Answer:
    """An answer typed as rows of letters ('.' empty) on the puzzle's sheet block."""
    a = [[0] * (p.cols + 2) for _ in range(p.rows + 2)]
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            a[1 + i][1 + j] = 0 if ch == "." else "ABCDEFGH".index(ch) + 1
    return tuple(tuple(row) for row in a)


def letters(rows: list[str]) -> list[list[str | None]]:
    return [[None if ch == "." else ch for ch in row] for row in rows]


def typed(rows: list[str], corner: str | None = None) -> Grid:
    """Rows of one character per sheet cell: letters, '.' or ' ' empty; the corner's text."""
    size = max(len(line) for line in rows)
    cells = [[ch if ch.isalpha() else None for ch in line.ljust(size)] for line in rows]
    cells[0][0] = corner
    return Grid("abc-place", cells)


def test_workbook_holds_the_example_with_its_letters_in_the_corner(sample):
    book = OpenpyxlBook(sample("abc-place"))
    assert book.wb["abc-place"]["A1"].value == "A-C"
    _, _, p = read_puzzle(book, "abc-place")
    assert p == abc_place.parse(typed(EX["puzzle_text"].split("\n")))  # the range inferred
    assert (p.rows, p.cols, p.letters) == (6, 6, 3)
    assert p.clues[0] == (2, None, 2, None, None, 3)  # B, -, B, -, -, C seen from the top


def test_the_sample_has_13_answers_and_says_so(sample):
    res = solve_sheet(OpenpyxlBook(sample("abc-place")), "abc-place", Settings())
    assert res.status == "solved" and res.unique is False
    assert res.answer["letters"] in [letters(s.split("\n")) for s in EX["all_solutions"]]
    p = read_puzzle(OpenpyxlBook(sample("abc-place")), "abc-place")[2]
    for s in EX["all_solutions"]:
        assert abc_place.verify(p, block(p, s.split("\n"))) == []


@pytest.mark.parametrize("corner", ["A-C", "a-c", "A – C", "ABC", "abc", 3, None])
def test_the_corner_says_which_letters(corner):
    p = abc_place.parse(typed(EX["puzzle_text"].split("\n"), corner))
    assert p.letters == 3


def test_a_range_wider_than_the_clues_adds_letters():
    """A 4 x 4 grid with one clue A: alone it means the letter A only; `A-D` in the corner
    asks for a latin square of A-D."""
    rows = [" A    ", "      ", "      ", "      ", "      ", "      "]
    assert abc_place.parse(typed(rows)).letters == 1
    p = abc_place.parse(typed(rows, "A-D"))
    assert p.letters == 4
    out = solve_puzzle(abc_place.GENRE, p, Settings(), check_unique=False)
    assert out.status == "solved" and abc_place.verify(p, out.answer) == []
    found = abc_place.record(p, out.answer)["letters"]
    assert found[0][0] == "A" and all(sorted(row) == ["A", "B", "C", "D"] for row in found)


@pytest.mark.parametrize(
    "solver", [pytest.param(s, marks=pytest.mark.slow) if s == "cbc" else s for s in SOLVERS]
)
def test_the_sightline_is_exact_on_every_line_of_four(solver):
    """A 4 x 4 grid of the letters A-B, its first row given in every arrangement: a clue from
    the left fits exactly when it is the first letter (the other rows can always be filled)."""
    for arrangement in set(itertools.permutations("AB..")):
        for clue in "AB":
            grid = [[None] * 6 for _ in range(6)]
            grid[0][0] = "A-B"
            grid[1][0] = clue
            for j, ch in enumerate(arrangement):
                grid[1][1 + j] = None if ch == "." else ch
            p = abc_place.parse(Grid("abc-place", grid))
            out = solve_puzzle(abc_place.GENRE, p, Settings(solver), check_unique=False)
            first = next(ch for ch in arrangement if ch != ".")
            assert out.status == ("solved" if first == clue else "infeasible"), (arrangement, clue)


def test_verify_names_each_broken_rule():
    p = abc_place.parse(typed(EX["puzzle_text"].split("\n")))
    good = EX["solution_text"].split("\n")
    assert abc_place.verify(p, block(p, good)) == []
    twice = list(good)
    twice[0] = "AA.CB."  # row 2 (sheet): A twice, and from the top of column C the first is A
    problems = abc_place.verify(p, block(p, twice))
    assert "row 2 holds A 2 times, in B2 and C2" in problems
    assert "column B holds A 2 times, in B2 and B6" in problems
    seen = next(v for v in problems if v.startswith("from the top of column B"))
    assert seen == "from the top of column B the first letter is A in B2, the clue says B"
    assert seen.cells == ((0, 1), (1, 1))
    assert abc_place.verify(p, ((9,),)) != []  # odd answers: no crash


def test_pzprjs_test_puzzle_by_url_gives_pzprjs_answer():
    p = abc_place.from_url(parse_url(URL))
    assert (p.rows, p.cols, p.letters) == (4, 4, 3)
    assert p.clues == (
        (1, None, None, None),
        (None,) * 4,
        (2, None, None, 3),
        (None, 3, None, None),
    )
    assert abc_place.verify(p, block(p, PZPR_ANSWER)) == []
    for solver in SOLVERS:
        out = solve_puzzle(abc_place.GENRE, p, Settings(solver))
        assert out.status == "solved" and out.unique is True
        assert abc_place.record(p, out.answer)["letters"] == letters(PZPR_ANSWER)
    assert abc_place.to_url(p) == URL
    assert genre_for_pzpr("easyasabc") is abc_place.GENRE
    assert genre_for_sheet("Easy as ABC") is abc_place.GENRE
    assert genre_for_sheet("abc end view") is abc_place.GENRE


def test_pzprjs_failcheck_answers_are_wrong():
    """pzprjs' failcheck boards: a letter twice in a row, a clue not seen first, a row missing
    a letter."""
    p = abc_place.from_url(parse_url(URL))
    dup = abc_place.verify(p, block(p, [".B.B", "....", "....", "...."]))
    assert "row 2 holds B 2 times, in C2 and E2" in dup
    sight = abc_place.verify(p, block(p, [".B..", "A...", "....", "...."]))
    assert "from the right of row 3 the first letter is A in B3, the clue says C" in sight
    missing = abc_place.verify(p, block(p, [".BCA", "A.BC", "BCA.", "CA.."]))
    assert "row 5 holds no B" in missing and "column E holds no B" in missing


def test_a_url_with_a_letter_beyond_its_count_is_refused():
    with pytest.raises(UrlError, match="not a letter 1-2"):
        abc_place.from_url(parse_url("https://puzz.link/p?easyasabc/4/4/2/3u"))


def test_import_writes_the_range_and_solves(tmp_path):
    path = tmp_path / "abc.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    book = OpenpyxlBook(path)
    assert book.wb["abc-place"]["A1"].value == "A-C"
    res = solve_sheet(book, "abc-place", Settings())
    assert res.status == "solved" and res.unique and res.answer["letters"] == letters(PZPR_ANSWER)


def _book(tmp_path, rows):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "abc-place"
    fill_sheet(ws, rows)
    path = tmp_path / "bad.xlsx"
    wb.save(path)
    return OpenpyxlBook(path)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        (
            [
                ["A-B", "A", None, None],
                ["B", None, None, None],
                [None] * 4,
                [None, None, None, "A"],
            ],
            "D4",
            "only the top-left corner",
        ),
        (
            [["A-B", "A", None, None], ["B", "7", None, None], [None] * 4, [None] * 4],
            "B2",
            "a letter A-Z",
        ),
        (
            [["A-B", "C", None, None], [None] * 4, [None] * 4, [None] * 4],
            "B1",
            "uses the letters A-B",
        ),
        (
            [["A-D", "A", None, None], [None] * 4, [None] * 4, [None] * 4],
            "A1",
            "do not fit into a line of 2 cells (the sentinel makes the grid 2 x 2 inside its frame",
        ),
        (
            [["A:B", "A", None, None], [None] * 4, [None] * 4, [None] * 4],
            "A1",
            "`A-C`, `ABC` or `3`",
        ),
        ([[None] * 4 for _ in range(4)], "A1", "no clue and no letter"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    with pytest.raises(InputError) as e:
        read_puzzle(_book(tmp_path, rows), "abc-place")
    assert f"sheet 'abc-place' cell {where}:" in str(e.value)
    assert says in str(e.value)


@pytest.mark.slow
def test_check_a_hand_typed_answer_right_and_wrong(tmp_path):
    """A person types pzprjs' puzzle and its answer: letters in the grid, `・` for the cells
    they know stay empty; then one slip."""
    p = abc_place.from_url(parse_url(URL))
    cells = abc_place.to_cells(p)
    for i, row in enumerate(PZPR_ANSWER):
        for j, ch in enumerate(row):
            cells[1 + i][1 + j] = "・" if ch == "." else ch.lower() if i == 0 else ch
    book = _book(tmp_path, cells)
    res = check.check_sheet(book, "abc-place", FAST)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws = book.wb["abc-place"]
    ws["C2"], ws["D2"] = "C", "B"  # row 2 reads . C B A: seen from the left, C comes first
    res = check.check_sheet(book, "abc-place", FAST)
    assert res.verdict == "wrong", res.record()
    messages = dict(res.problems)
    text = "from the left of row 2 the first letter is C in C2, the clue says B"
    assert messages[text] == ["A2", "C2"], messages


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    p = abc_place.parse(Grid("abc-place", entry["cells"]))
    out = solve_puzzle(abc_place.GENRE, p, FAST)
    assert out.status == "solved" and out.unique is True
    assert abc_place.record(p, out.answer)["letters"] == entry["expected"]["letters"]


def test_the_rules_keep_every_one_of_the_samples_13_answers(sample):
    p = read_puzzle(OpenpyxlBook(sample("abc-place")), "abc-place")[2]
    found = abc_place.deduce(p, abc_place.GENRE.tuning)
    assert found.answer is None and found.fixed["x"]  # some cells decided, not all
    for s in EX["all_solutions"]:
        a = block(p, s.split("\n"))
        assert all((a[r][c] == k) == bool(v) for (r, c, k), v in found.fixed["x"].items()), s


@pytest.mark.parametrize("entry", PUBLISHED[:4], ids=[e["name"] for e in PUBLISHED[:4]])
def test_the_rules_decide_published_puzzles_whole(entry):
    p = abc_place.parse(Grid("abc-place", entry["cells"]))
    found = abc_place.deduce(p, abc_place.GENRE.tuning)
    assert abc_place.record(p, found.answer)["letters"] == entry["expected"]["letters"]
    pure = solve_puzzle(abc_place.GENRE, p, Settings(deduce=False))
    assert pure.unique is True and pure.answer == found.answer
