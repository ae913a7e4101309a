"""Wall Logic: the sample in the workbook (its known answer shows arrows pointing away from the
numbers), its lines in the cells, the .lp file's names; verify, bad input, and a real puzz.link
URL with pzprjs' own answer. (The sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example

from solver.cli import main
from solver.genres import wall_logic
from solver.genres.wall_logic import BLACK, UNKNOWN, Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

SLUG = "wall-logic"
ARROWS = {"↑": "U", "↓": "D", "←": "L", "→": "R"}
STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def text_rows(key: str) -> list[str]:
    return example(SLUG)[key].split("\n")


def puzzle() -> Puzzle:
    return Puzzle(
        tuple(
            tuple(None if ch == "." else int(ch) for ch in row) for row in text_rows("puzzle_text")
        )
    )


def from_arrows(p: Puzzle, arrows: list[list[str | None]]) -> wall_logic.Answer:
    """Lines from a grid of arrows that point away from their number (U D L R per cell): from
    each number, the run of cells pointing away from it in a direction is its line there."""
    found = set()
    for r, c in p.numbers():
        for d, (dr, dc) in STEPS.items():
            n, rr, cc = 0, r + dr, c + dc
            while 0 <= rr < p.rows and 0 <= cc < p.cols and arrows[rr][cc] == d:
                n, rr, cc = n + 1, rr + dr, cc + dc
            if n:
                found.add(((r, c), d, n))
    return frozenset(found)


def known_answer() -> wall_logic.Answer:
    arrows = [[ARROWS.get(ch) for ch in row] for row in text_rows("solution_text")]
    return from_arrows(puzzle(), arrows)


def known_lines() -> list[list[int]]:
    """Centre-to-centre segments of the known answer: each arrow cell joins the cell behind it
    (towards its number)."""
    found = []
    for r, row in enumerate(text_rows("solution_text")):
        for c, ch in enumerate(row):
            if ch in ARROWS:
                dr, dc = STEPS[ARROWS[ch]]
                a, b = sorted([(r - dr, c - dc), (r, c)])
                found.append([*a, *b, 1])
    return sorted(found)


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_sample(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SLUG)), SLUG)
    assert p == puzzle()
    assert len(p.numbers()) == 12


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved", res.error
    assert res.outcome.answer == known_answer()
    sheet = book.sheet(SLUG)
    row1 = [sheet.get(1, c) for c in range(1, 7)]
    assert row1 == [4, "─", "╴", 1, "╴", "╷"]  # 4 → → 1 → ↑ of the known answer
    assert [sheet.get(r, 1) for r in range(1, 7)] == [4, "│", "╵", 1, "╵", "╶"]


def test_known_answer_is_valid():
    assert wall_logic.verify(puzzle(), known_answer()) == []
    assert wall_logic.record(puzzle(), known_answer())["lines"] == known_lines()


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "w.lp"
    make_lp(OpenpyxlBook(sample(SLUG)), SLUG, lp)
    text = lp.read_text()
    assert "y(1,1,4,1)" in text and "Cover(1,2)" in text and "Straight(1,1,2,2)" in text


def test_lines_meeting_head_on_stay_apart():
    p = Puzzle(((2, None, None, None, None, 2),))
    out = solve_puzzle(wall_logic.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert [w.value for w in wall_logic.render(p, out.answer)] == ["─", "╴", "╶", "─"]
    # no segment joins the two lines' last cells
    assert [0, 2, 0, 3, 1] not in wall_logic.record(p, out.answer)["lines"]


def test_unknown_numbers_and_black_cells():
    # the ? draws two cells, the 0 none; black cells stop lines
    p = Puzzle(((1, None, BLACK, UNKNOWN, None), (BLACK, BLACK, BLACK, None, 0)))
    out = solve_puzzle(wall_logic.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == {((0, 0), "R", 1), ((0, 3), "R", 1), ((0, 3), "D", 1)}


# --- verify ----------------------------------------------------------------------------------


def changed(a: wall_logic.Answer, old: wall_logic.Line, new: wall_logic.Line | None):
    assert old in a
    return (a - {old}) | ({new} if new else set())


def test_verify_rejects_broken_answers():
    p, a = puzzle(), known_answer()
    four = ((0, 0), "R", 2)  # 4 → → at A1
    # shorter: the 4 draws 3 and C1 is left uncovered
    problems = wall_logic.verify(p, changed(a, four, ((0, 0), "R", 1)))
    assert sorted(problems) == [
        "the empty cell C1 is on no line",
        "the number 4 at A1 draws 3 cells",
    ]
    # longer: through the 1 at D1
    assert any(
        "passes the given" in s for s in wall_logic.verify(p, changed(a, four, ((0, 0), "R", 4)))
    )
    # a line where another one runs: the 4 at B2 left into A2, on the 4 at A1's downward line
    twice = a | {((1, 1), "L", 1)}
    assert any("is on 2 lines" in s for s in wall_logic.verify(p, twice))
    assert any("holds no number" in s for s in wall_logic.verify(p, a | {((0, 1), "D", 1)}))
    assert any("two lines going" in s for s in wall_logic.verify(p, a | {((0, 0), "R", 1)}))
    assert any("leaves the grid" in s for s in wall_logic.verify(p, a | {((0, 0), "U", 1)}))


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad, message", [("x", "found 'x'"), (11, "0 to 3 cells, found 11")])
def test_bad_cell_names_the_cell(bad, message):
    with pytest.raises(InputError, match=message) as err:
        wall_logic.parse(Grid(SLUG, [[1, None, None], [None, None, bad]]))
    assert f"sheet '{SLUG}' cell C2" in str(err.value)


def test_unreachable_cell_and_no_numbers():
    with pytest.raises(InputError, match="out of reach") as err:
        wall_logic.parse(Grid(SLUG, [[1, "■"], ["#", None]]))
    assert f"sheet '{SLUG}' cell B2" in str(err.value)
    with pytest.raises(InputError, match="no numbers"):
        wall_logic.parse(Grid(SLUG, [[None, "+"], [None, None]]))
    p = wall_logic.parse(Grid(SLUG, [[1, None, "+", "?"], ["■", "＃", None, "？"]]))
    assert p.cells == ((1, None, BLACK, UNKNOWN), (BLACK, BLACK, None, UNKNOWN))


# --- puzz.link -------------------------------------------------------------------------------

# pzprjs test/script/walllogic.js: the URL, and its last failcheck entry (the accepted answer:
# per cell the arrow away from its number, 1 up 2 down 3 left 4 right)
URL = "https://puzz.link/p?walllogic/5/5/h1k2g2i5g5k4h"
PZPR_ANSWER = "1 3 . 1 1 /1 1 3 . 1 /. 1 3 3 . /3 . 4 4 2 /3 3 . 4 4"


def test_from_url_reads_pzprjs_sample_and_solves_to_its_answer():
    p = wall_logic.from_url(parse_url(URL))
    assert wall_logic.GENRE.to_cells(p) == [
        [None, None, 1, None, None],
        [None, None, None, 2, None],
        [2, None, None, None, 5],
        [None, 5, None, None, None],
        [None, None, 4, None, None],
    ]
    arrows = [
        [{"1": "U", "2": "D", "3": "L", "4": "R"}.get(t) for t in row.split()]
        for row in PZPR_ANSWER.split("/")
    ]
    out = solve_puzzle(wall_logic.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == from_arrows(p, arrows)


def test_from_url_black_cells_unknowns_and_two_digit_numbers():
    # made by hand in pzprjs' walllogic encoding: '+' black, '.' unknown, '-xx' two hex digits
    p = wall_logic.from_url(parse_url("https://puzz.link/p?walllogic/4/2/1g+.-10i"))
    assert p.cells == ((1, None, BLACK, UNKNOWN), (16, None, None, None))
    with pytest.raises(UrlError, match="ends after 2 of 8"):
        wall_logic.from_url(parse_url("https://puzz.link/p?walllogic/4/2/1+"))
    with pytest.raises(UrlError, match="unexpected character"):
        wall_logic.from_url(parse_url("https://puzz.link/p?walllogic/4/2/1!"))


def test_import_and_solve_through_the_cli(tmp_path):
    out = tmp_path / "book.xlsx"
    assert main(["import", URL, "-o", str(out), "--solve"]) == 0
    ws = OpenpyxlBook(out).wb[SLUG]
    assert [ws.cell(1, c).value for c in range(1, 6)] == ["╷", "╶", 1, "╷", "╷"]
    assert ws["F6"].value is not None  # the sentinel


# --- check my answer -------------------------------------------------------------------------


def test_check_reads_lines_typed_in_ascii_and_names_a_miscount(sample):
    from solver.check import check_sheet
    from solver.pipeline import clear_sheet

    book = OpenpyxlBook(sample(SLUG))
    writes = solve_sheet(book, SLUG, Settings()).writes
    clear_sheet(book, SLUG)
    ws = book.wb[SLUG]
    ascii_ = {"─": "-", "│": "|"}  # the bodies in ASCII; the half strokes as they are
    for w in writes:
        ws.cell(w.row + 1, w.col + 1).value = ascii_.get(w.value, w.value)
    res = check_sheet(book, SLUG, Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    # the last cell of a line turned the other way: its number draws one cell too few
    end = next(w for w in writes if w.value == "╴")
    ws.cell(end.row + 1, end.col + 1).value = "│"
    res = check_sheet(book, SLUG, Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert (end.row, end.col) == (0, 2)
    assert res.problems == [  # B1's `-` is typed: it says which way, not where it ends
        ("C1's line goes up off the grid", ["C1"]),
        ("the empty cell C1 is on no line", ["C1"]),
        ("the number 4 at A1 draws 3 cells", ["A1", "B1", "A2", "A3"]),
    ], res.record()
