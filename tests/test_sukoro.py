"""Sukoro: the sample in the workbook, digits in the cells, verify from the rules, a `?` cell,
bad input, the sukoro codec with pzprjs' own test puzzle, and check my answer on a hand-typed
sheet. (The sample on every back end and form, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import random

import pytest

from solver import check
from solver.cli import main
from solver.deduce import probing, shade_logic
from solver.genres import sukoro
from solver.genres.sukoro import Puzzle
from solver.io.puzzlink import UNKNOWN, UrlError, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example, search_tally, shading_tally

EX = example("sukoro")


def digits(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(ch) if ch.isdigit() else 0 for ch in row) for row in text.split("\n"))


def known_puzzle() -> Puzzle:
    return Puzzle(tuple(tuple(d or None for d in row) for row in digits(EX["puzzle_text"])))


KNOWN = digits(EX["solution_text"])


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("sukoro")), "sukoro")
    assert p == known_puzzle()


def test_sample_digits_in_the_cells(sample):
    book = OpenpyxlBook(sample("sukoro"))
    res = solve_sheet(book, "sukoro", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("sukoro")
    shown = tuple(tuple(ws.get(r + 1, c + 1) or 0 for c in range(7)) for r in range(7))
    assert shown == KNOWN
    assert res.answer["numbers"][0][1] is None  # no digit at B1: null in the record


def with_digit(a: tuple[tuple[int, ...], ...], cell: tuple[int, int], d: int):
    return tuple(
        tuple(d if (r, c) == cell else v for c, v in enumerate(row)) for r, row in enumerate(a)
    )


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert sukoro.verify(p, KNOWN) == []
    # B1 gets a 3 (it has three neighbours): the 1s at A1 and C1 now see two digits each
    extra = sukoro.verify(p, with_digit(KNOWN, (0, 1), 3))
    assert "the 1 at A1 has 2 digits beside it" in extra
    assert "the 1 at C1 has 2 digits beside it" in extra
    assert not any("B1 has" in v for v in extra)
    # the given 1 at C1 changed to 2: the count is wrong and two 2s touch (C1 and D1)
    changed = sukoro.verify(p, with_digit(KNOWN, (0, 2), 2))
    assert "cell C1 changes the given 1" in changed
    assert "the 2s at C1 and D1 touch" in changed
    # the 1 at G1 taken away: its neighbour G2 counts one less, and the digits stay joined
    gone = sukoro.verify(p, with_digit(KNOWN, (0, 6), 0))
    assert "cell G1 changes the given 1" in gone
    assert "the 2 at G2 has 1 digits beside it" in gone
    assert all(v.cells for v in extra + changed + gone)  # every problem names its cells
    # the digits fall apart
    apart = Puzzle(((1, None, None), (None, None, None), (None, None, 1)))
    found = sukoro.verify(apart, ((1, 0, 0), (0, 0, 0), (0, 0, 1)))
    assert any("fall apart" in v for v in found) and any("has 0 digits" in v for v in found)


def test_a_question_mark_holds_some_digit():
    p = Puzzle(((UNKNOWN, 2, None),))
    out = solve_puzzle(sukoro.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == ((1, 2, 1),)
    assert sukoro.verify(p, ((0, 2, 0),)) == [
        "the ? at A1 holds no digit",
        "the 2 at B1 has 0 digits beside it",
    ]


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("sukoro"))
    book.sheet("sukoro").put(2, 2, 5)
    with pytest.raises(InputError, match=r"sheet 'sukoro' cell B2: .*found 5"):
        read_puzzle(book, "sukoro")
    book = OpenpyxlBook(sample("sukoro"))
    book.sheet("sukoro").put(3, 4, "A")
    with pytest.raises(InputError, match=r"sheet 'sukoro' cell D3: .*found 'A'"):
        read_puzzle(book, "sukoro")
    book = OpenpyxlBook(sample("sukoro"))
    for r in range(1, 8):
        for c in range(1, 8):
            book.sheet("sukoro").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'sukoro': no given digit"):
        read_puzzle(book, "sukoro")


URL = "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"  # pzprjs test/script/sukoro.js
# its answer there (the givens and the digits filled in; '-' a cell marked without digit)
PZPR_ANSWER = [
    "2 3 2 - -",
    "3 4 3 2 -",
    "2 3 - 3 2",
    "- 2 3 4 3",
    ". - 2 3 2",
]


def test_puzzlink_url_and_pzprjs_answer():
    p = sukoro.from_url(parse_url(URL))
    assert p.digits() == {
        (0, 0): 2, (0, 2): 2, (1, 1): 4, (1, 3): 2, (3, 1): 2, (3, 3): 4, (4, 2): 2, (4, 4): 2
    }  # fmt: skip
    out = solve_puzzle(sukoro.GENRE, p, Settings("highs"))
    want = tuple(tuple(int(t) if t.isdigit() else 0 for t in row.split()) for row in PZPR_ANSWER)
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert sukoro.from_url(parse_url("https://puzz.link/p?sukoro/3/1/.b")).cells == (
        (UNKNOWN, None, None),
    )
    with pytest.raises(UrlError, match="holds 7"):
        sukoro.from_url(parse_url("https://puzz.link/p?sukoro/2/1/7a"))
    with pytest.raises(UrlError, match="ends after 2 of 3 cells"):
        sukoro.from_url(parse_url("https://puzz.link/p?sukoro/3/1/.a"))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "sukoro.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "sukoro", Settings()).status == "solved"


def test_check_a_hand_typed_answer(sample):
    """Digits typed by hand, a cell marked `・` (no digit): right, then wrong."""
    book = OpenpyxlBook(sample("sukoro"))
    ws = book.sheet("sukoro")
    for r, row in enumerate(KNOWN):
        for c, d in enumerate(row):
            if d and ws.get(r + 1, c + 1) is None:
                ws.put(r + 1, c + 1, d)
    ws.put(1, 2, "・")  # B1: no digit
    res = check.check_sheet(book, "sukoro", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(1, 2, 2)  # B1 gets a 2: too many neighbours everywhere around it
    res = check.check_sheet(book, "sukoro", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("the 2 at B1 has 3 digits beside it", ["A1", "B1", "C1", "B2"]) in res.problems
    assert ("the 1 at A1 has 2 digits beside it", ["A1", "B1", "A2"]) in res.problems


@pytest.mark.slow
def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/sukoro.py gives digits where other answers differ until one answer is
    left, then takes givens away while it stays so."""
    from tests.generators.sukoro import generate

    p, note = generate(6, 1)
    assert note.endswith(", unique") and "0 repairs" not in note
    out = solve_puzzle(sukoro.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def test_the_deductions_decide_the_example_whole():
    """The counts, the digits beside a known one and the connection, with probing and the
    search after it, leave nothing to the solver on the example and on pzprjs' puzzle."""
    for p, want in ((known_puzzle(), KNOWN), (sukoro.from_url(parse_url(URL)), None)):
        found = sukoro.deduce(p, sukoro.GENRE.tuning)
        assert found.answer is not None and not sukoro.verify(p, found.answer)
        assert want is None or found.answer == want
        empty = {k for k, v in found.fixed["x"].items() if v == 0}
        assert all(found.answer[r][c] != d for r, c, d in empty)


def digits_of(p: Puzzle, empty: frozenset) -> tuple[tuple[int, ...], ...]:
    """The answer whose empty cells are `empty`: every other cell counts its digit neighbours."""
    held = {q for q in p.positions() if q not in empty}
    return tuple(
        tuple(
            sum(q in held for q in p.beside((r, c))) if (r, c) in held else 0 for c in range(p.cols)
        )
        for r in range(p.rows)
    )


def random_puzzle(rng: random.Random) -> Puzzle:
    """Mostly the digits of a few cells of a random connected group, else random digits."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    grid = list(itertools.product(range(rows), range(cols)))
    cells: list[list[int | str | None]] = [[None] * cols for _ in range(rows)]
    places = rng.sample(grid, rng.randint(2, 4))
    if rng.random() < 0.3:
        for r, c in places:
            cells[r][c] = rng.choice((1, 2, 3, 4, UNKNOWN))
        return Puzzle(tuple(map(tuple, cells)))
    empty = frozenset(q for q in grid if rng.random() < 0.4 and q not in places)
    answer = digits_of(Puzzle(tuple(map(tuple, cells))), empty)
    for r, c in places:
        cells[r][c] = answer[r][c] or None if rng.random() < 0.9 else UNKNOWN
    if all(v is None for row in cells for v in row):
        cells[places[0][0]][places[0][1]] = UNKNOWN
    return Puzzle(tuple(map(tuple, cells)))


def verify_empty(p: Puzzle, empty: frozenset) -> list:
    """The rules, for the answer whose empty cells are `empty` (a cell with a digit and none
    beside it would hold 0: no answer)."""
    answer = digits_of(p, empty)
    if any(answer[r][c] == 0 for r, c in p.positions() if (r, c) not in empty):
        return ["a digit cell with no digit beside it"]
    return sukoro.verify(p, answer)


def free(p: Puzzle) -> list:
    return [q for q in p.positions() if q not in p.givens()]


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over small grids: the cells the rules and probing leave empty are empty and
    those they give a digit hold one in every answer (shade_logic's board without `apart`)."""
    rng = random.Random(3)
    puzzles = [random_puzzle(rng) for _ in range(80)]

    def deduce(p: Puzzle, work: int) -> tuple | None:
        return shade_logic.deduce(lambda: sukoro.deduction_board(p), work, everywhere=True)

    decided, contradictions, solvable = shading_tally(puzzles, deduce, verify_empty, free)
    assert decided > 120 and contradictions > 20 and solvable > 30


@pytest.mark.slow
def test_the_search_is_exact_on_small_grids():
    rng = random.Random(4)
    puzzles = [random_puzzle(rng) for _ in range(60)]

    def deduce(p: Puzzle) -> tuple | None:
        work = probing.budget(p.rows, p.cols, 10**6, 10)
        return shade_logic.deduce(
            lambda: sukoro.deduction_board(p), work, everywhere=True, search_work=10**7
        )

    tally = search_tally(puzzles, deduce, verify_empty, free)
    assert all(tally.values()), tally
