"""Country Road: the sample in the workbook, its loop in the cells' number formats, the .lp
file's names; verify, bad input, and the puzz.link codec on pzprjs' own test URL. (The sample on
every back end, in both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example, glyph_segments, verdicts_own_and_plain

from solver.cli import main
from solver.genres import country_road
from solver.genres.country_road import Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, make_lp, read_puzzle, solve_puzzle, solve_sheet

SHEET = "country-road"
# pzprjs test/script/country.js: the URL, and its answer in the pzprv3 file (rooms, numbers,
# then the loop: horizontal segments row by row, then vertical ones)
URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"
PZPRV3_ROOMS = "0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /"
PZPRV3_NUMBERS = "2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /"
PZPRV3_LINES = (
    "0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"
)


def known_puzzle() -> Puzzle:
    ex = example(SHEET)
    cells = tuple(tuple(line) for line in ex["puzzle_text"].split("\n"))
    return Puzzle(cells, tuple(sorted(ex["puzzle_extra"]["nums"].items())))


def known_answer() -> frozenset:
    return glyph_segments(example(SHEET)["solution_text"])


def shown_glyph(book: OpenpyxlBook, r: int, c: int) -> str:
    """The loop piece a cell shows after its label: its number format is @" ─"."""
    fmt = book.sheet(SHEET).get_style(r + 1, c + 1).number_format
    return fmt[3] if fmt.startswith('@" ') else ""


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SHEET)), SHEET)
    assert p == known_puzzle()
    cells = country_road.to_cells(p)
    assert cells[0][0] == "A4" and cells[3][4] == "K4" and cells[6][0] == "Q"


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample(SHEET))
    assert solve_sheet(book, SHEET, Settings()).status == "solved"
    solution = example(SHEET)["solution_text"].split("\n")
    shown = ["".join(shown_glyph(book, r, c) or "." for c in range(7)) for r in range(7)]
    assert shown == solution
    # the labels stay: the answer lives in the number formats
    assert book.sheet(SHEET).get(1, 1) == "A4" and book.sheet(SHEET).get(1, 2) == "A"


def test_clearing_takes_the_glyphs_off_the_labels(sample):
    """(Solving twice and clearing, for every genre: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample(SHEET))
    assert solve_sheet(book, SHEET, Settings()).status == "solved"
    assert clear_sheet(book, SHEET) == len(known_answer())  # one cell per loop cell
    assert book.sheet(SHEET).get_style(1, 1).number_format == "General"
    assert book.sheet(SHEET).get(1, 1) == "A4"


def test_lp_file_holds_the_connectivity(sample, tmp_path):
    lp = tmp_path / "country.lp"
    make_lp(OpenpyxlBook(sample(SHEET)), SHEET, lp)
    text = lp.read_text()
    assert "Cross(17)" in text and "Count(" in text and "FaceH(" in text
    assert "Flow(" in text  # the connectivity is inside


def test_lazy_is_the_default_form():
    assert country_road.GENRE.lazy is True


# --- verify ----------------------------------------------------------------------------------


def test_verify_accepts_the_known_answer():
    assert country_road.verify(known_puzzle(), known_answer()) == []


def test_verify_rejects_a_cut_loop():
    a = known_answer() - {((0, 0), (0, 1))}
    assert any("a dead end" in p for p in country_road.verify(known_puzzle(), a))


def test_verify_rejects_a_miscount():
    p = known_puzzle()
    wrong = Puzzle(p.cells, tuple((k, 5 if k == "A" else n) for k, n in p.numbers))
    assert country_road.verify(wrong, known_answer()) == [
        "the loop passes 4 cells of country 'A', not 5"
    ]


def test_verify_rejects_two_loops():
    p = Puzzle(("AABB", "AABB"))
    ring = frozenset(
        {
            ((0, 0), (0, 1)),
            ((0, 1), (0, 2)),
            ((0, 2), (0, 3)),
            ((0, 3), (1, 3)),
            ((1, 2), (1, 3)),
            ((1, 1), (1, 2)),
            ((1, 0), (1, 1)),
            ((0, 0), (1, 0)),
        }
    )
    assert country_road.verify(p, ring) == []
    squares = frozenset(
        {
            ((0, 0), (0, 1)),
            ((1, 0), (1, 1)),
            ((0, 0), (1, 0)),
            ((0, 1), (1, 1)),
            ((0, 2), (0, 3)),
            ((1, 2), (1, 3)),
            ((0, 2), (1, 2)),
            ((0, 3), (1, 3)),
        }
    )
    problems = country_road.verify(p, squares)
    assert "the loop is in 2 pieces (one runs through C1)" in problems
    assert any("country 'A' 0 times" in q for q in problems)


def test_verify_rejects_a_second_visit_and_facing_empty_cells():
    ring = frozenset(
        {
            ((0, 0), (0, 1)),
            ((0, 1), (0, 2)),
            ((0, 2), (1, 2)),
            ((1, 2), (2, 2)),
            ((2, 1), (2, 2)),
            ((2, 0), (2, 1)),
            ((1, 0), (2, 0)),
            ((0, 0), (1, 0)),
        }
    )
    # the middle column is one country, met twice by the ring around the centre
    problems = country_road.verify(Puzzle(("BAC", "BAC", "BAC")), ring)
    assert problems == ["the loop crosses the border of country 'A' 4 times, not 2"]
    # a country left out
    problems = country_road.verify(Puzzle(("AAA", "ADA", "AAA")), ring)
    assert problems == [
        "the loop crosses the border of country 'A' 0 times, not 2",
        "the loop crosses the border of country 'D' 0 times, not 2",
    ]
    # C3 and B3, both off a loop round the top left, face each other across a border
    square = frozenset({((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))})
    problems = country_road.verify(Puzzle(("AAB", "AAB", "CCB")), square)
    assert "cells B3 and C3, both off the loop, face each other across a border" in problems


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first, bad, message",
    [
        ("A2", None, "found an empty cell"),
        ("A2", 3, "found the number 3 without a country label"),
        ("A2", "A-1", "expected a country label"),
        ("A2", "4A4", "expected a country label"),
        ("A2", "B", "country 'B' falls apart: this cell is not joined to C1"),
        ("A2", "A3", "already has its number 2 in A1"),
        ("A", "A9", "country 'A' has 4 cells, so its number is from 1 to 4; found 9"),
    ],
)
def test_bad_input_names_the_cell(first, bad, message):
    grid = Grid(SHEET, [[first, "A", "B", "C"], ["A", bad, "C", "C"]])
    with pytest.raises(InputError, match=message) as err:
        country_road.parse(grid)
    assert f"sheet '{SHEET}' cell B2" in str(err.value)


def test_labels_ignore_case_and_take_numbers_either_side():
    p = country_road.parse(Grid(SHEET, [["a", "3 A", "Bb"], ["A", "bB", "bb"]]))
    assert p.cells == (("A", "A", "BB"), ("A", "BB", "BB")) and p.numbers == (("A", 3),)


def test_one_country_is_refused():
    with pytest.raises(InputError, match="the whole grid is one country"):
        country_road.parse(Grid(SHEET, [["A", "A"], ["A", "A"]]))


# --- puzz.link -------------------------------------------------------------------------------


def test_from_url_reads_pzprjs_test_puzzle():
    rooms = [line.split() for line in PZPRV3_ROOMS.strip(" /").split(" /")]
    numbers = [line.split() for line in PZPRV3_NUMBERS.strip(" /").split(" /")]
    cells = tuple(tuple("ABCDEFG"[int(k)] for k in row) for row in rooms)
    given = {
        cells[r][c]: int(v) for r, row in enumerate(numbers) for c, v in enumerate(row) if v != "."
    }
    p = country_road.from_url(parse_url(URL))
    assert p == Puzzle(cells, tuple(sorted(given.items())))


def test_url_puzzle_solves_to_pzprjs_answer():
    from solver.pipeline import solve_puzzle

    bits = [int(b) for b in PZPRV3_LINES.replace("/", " ").split()]
    horizontal, vertical = bits[:20], bits[20:]
    expected = {((r, c), (r, c + 1)) for r in range(5) for c in range(4) if horizontal[r * 4 + c]}
    expected |= {((r, c), (r + 1, c)) for r in range(4) for c in range(5) if vertical[r * 5 + c]}
    out = solve_puzzle(country_road.GENRE, country_road.from_url(parse_url(URL)), Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == frozenset(expected)


def test_url_variant_with_empty_countries_is_refused():
    with pytest.raises(UrlError, match="'e' variant"):
        country_road.from_url(parse_url("https://puzz.link/p?country/e/5/5/amda0uf02h12h"))


def test_import_and_solve(tmp_path, capsys):
    out = tmp_path / "country.xlsx"
    assert main(["import", URL, "-o", str(out), "--solve"]) == 0
    book = OpenpyxlBook(out)
    ws = book.wb[SHEET]
    assert ws["A1"].value == "A2" and ws["A3"].value == "D1" and ws["F6"].value == "E"
    assert ws["C1"].number_format == '@" ┌"' and ws["A1"].number_format == "General"


# --- the generator ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_generated_puzzles_are_solvable(seed):
    from solver.pipeline import solve_puzzle
    from tests.generators.country_road import generate

    p, note = generate(8, seed)
    assert "numbers of" in note and len(p.countries()) >= 2
    out = solve_puzzle(country_road.GENRE, p, Settings(), check_unique=False)
    assert out.status == "solved" and out.violations == []


# --- check my answer ------------------------------------------------------------------------


def test_check_reads_a_hand_typed_answer_and_names_a_broken_rule(sample):
    """Typed as a person would, the piece of the loop after each label (`A -`, `B4 |`, `C ┐`),
    then one piece turned the wrong way."""
    from solver import check
    from solver.mip.settings import Settings

    path = sample("country-road")
    writes = solve_sheet(OpenpyxlBook(path), "country-road", Settings()).writes  # not saved
    book = OpenpyxlBook(path)
    ws = book.wb["country-road"]
    for w in writes:
        piece = w.number_format.split('"')[1].strip()
        cell = ws.cell(w.row + 1, w.col + 1)
        cell.value = f"{cell.value} {ASCII.get(piece, piece)}"
    res = check.check_sheet(book, "country-road", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    assert (0, 2) not in {(w.row, w.col) for w in writes}  # C1 is off the loop
    ws["C1"] = f"{ws['C1'].value} -"  # ... and drawn as on it
    res = check.check_sheet(book, "country-road", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("C1's line goes left into B1, which has no line back", ["B1", "C1"]),
        ("the loop branches at B1", ["B1"]),
        ("the loop ends at D1 (a dead end)", ["C1", "D1"]),  # D1 blank: C1 draws into it
    ]


ASCII = {"─": "-", "│": "|"}


def test_the_uniqueness_cut_is_not_every_loop_edge_again(monkeypatch):
    """The uniqueness check cuts off an answer by "not every edge of this loop again" (the loop
    is the whole answer); on generated puzzles (some with a second answer, some without) it
    gives the plain no-good's verdict every time."""
    from tests.generators.country_road import generate

    puzzles = [generate(size, seed)[0] for size, seed in ((6, 1), (6, 2), (7, 3), (8, 4))]
    own, plain = verdicts_own_and_plain(monkeypatch, country_road, "loop_no_good", puzzles, "highs")
    assert own == plain and True in own and False in own, (own, plain)


# janko.at's Country Road 23 (via puzzlekit-dataset): four black cells, in no country
BLACK_ROWS = [
    "A B ■ C C C C D",
    "A B B B C D D D",
    "A B E E F2 F D4 ■",
    "A E E E G F F F",
    "A H H G G I I I",
    "■ H G G3 J K3 K I",
    "L H H J J J K I",
    "L L L L J ■ K K",
]


def black_cells_puzzle() -> Puzzle:
    return country_road.parse(Grid(SHEET, [row.split() for row in BLACK_ROWS]))


@pytest.mark.parametrize("deduce", [True, False])
def test_black_cells_are_in_no_country_and_off_the_loop(deduce):
    p = black_cells_puzzle()
    black = {(0, 2), (2, 7), (5, 0), (7, 5)}
    assert {cell for cell in p.positions() if p.label(cell) is None} == black
    assert len(p.countries()) == 12 and not black & set(p.open_cells())
    assert country_road.to_cells(p)[0][2] == "■"
    out = solve_puzzle(country_road.GENRE, p, Settings(deduce=deduce))
    assert out.status == "solved" and out.unique is True
    assert country_road.verify(p, out.answer) == []
    assert not black & {cell for segment in out.answer for cell in segment}
    regions = country_road.record(p, out.answer)["regions"]
    assert [regions[r][c] for r, c in sorted(black)] == [None] * 4 and regions[0][0] == 0


def test_verify_names_a_loop_through_a_black_cell():
    p = black_cells_puzzle()
    through = frozenset({((0, 1), (0, 2)), ((0, 2), (0, 3))})
    assert "the loop enters the black cell C1" in country_road.verify(p, through)


def test_a_map_with_black_cells_has_no_url():
    with pytest.raises(UrlError, match="no black cells"):
        country_road.to_url(black_cells_puzzle())
