"""Akari: the sample in the workbook, lamps in the cells, verify from the rules, bad input, the
lightup codec with pzprjs' own test puzzle, and check my answer on a hand-typed sheet. (The
sample on every back end, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest

from solver import check
from solver.cli import main
from solver.genres import akari
from solver.genres.akari import WALL, Puzzle
from solver.io.puzzlink import parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("akari")


def cell(ch: str) -> int | str | None:
    return None if ch == "." else WALL if ch == "#" else int(ch)


def known_puzzle() -> Puzzle:
    return Puzzle(tuple(tuple(cell(ch) for ch in row) for row in EX["puzzle_text"].split("\n")))


KNOWN = frozenset(
    (r, c)
    for r, row in enumerate(EX["solution_text"].split("\n"))
    for c, ch in enumerate(row)
    if ch == "o"
)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("akari")), "akari")
    assert p == known_puzzle()


def test_sample_lamps_in_the_cells(sample):
    book = OpenpyxlBook(sample("akari"))
    res = solve_sheet(book, "akari", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("akari")
    assert {(r, c) for r, c in KNOWN} == {
        (r, c) for r in range(7) for c in range(7) if ws.get(r + 1, c + 1) == "○"
    }
    assert ws.get(2, 3) == 4  # the numbers stay


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert akari.verify(p, KNOWN) == []
    # two lamps in one row run: they light each other
    both = akari.verify(p, KNOWN | {(0, 4)})
    assert any("light each other" in v and "C1" in v and "E1" in v for v in both)
    # a lamp taken away: cells go dark, and the 4 at C2 misses one
    dark = akari.verify(p, KNOWN - {(1, 1)})
    assert any("not lit" in v for v in dark)
    assert any(v.startswith("the 4 at C2 has 3 lamps") for v in dark)
    assert all(v.cells for v in dark)  # every problem names its cells
    # a lamp on a black cell
    assert any("black cell A1" in v for v in akari.verify(p, KNOWN | {(0, 0)}))


def test_a_zero_keeps_its_neighbours_dark():
    p = Puzzle(((None, None, None), (None, 0, None), (None, None, None)))
    out = solve_puzzle(akari.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.answer in ({(0, 0), (2, 2)}, {(0, 2), (2, 0)})
    assert out.unique is False
    assert akari.verify(p, frozenset({(0, 1), (2, 1)}))  # beside the 0


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("akari"))
    book.sheet("akari").put(2, 2, 5)
    with pytest.raises(InputError, match=r"sheet 'akari' cell B2: .*found 5"):
        read_puzzle(book, "akari")
    book = OpenpyxlBook(sample("akari"))
    for r in range(1, 8):
        for c in range(1, 8):
            book.sheet("akari").put(r, c, "#")
    with pytest.raises(InputError, match="sheet 'akari': no white cell"):
        read_puzzle(book, "akari")


URL = "https://puzz.link/p?lightup/6/6/nekcakbl"  # pzprjs test/script/lightup.js
# its answer there: '#' a lamp
PZPR_ANSWER = [
    ". . # . . .",
    ". # 4 # . .",
    ". . # . 2 #",
    "+ 0 . . # .",
    "# + . 1 . .",
    ". . . # . .",
]


def test_puzzlink_url_and_pzprjs_answer():
    p = akari.from_url(parse_url(URL))
    assert p.numbers() == {(1, 2): 4, (2, 4): 2, (3, 1): 0, (4, 3): 1}
    out = solve_puzzle(akari.GENRE, p, Settings("highs"))
    want = {
        (r, c) for r, row in enumerate(PZPR_ANSWER) for c, t in enumerate(row.split()) if t == "#"
    }
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert akari.from_url(parse_url("https://puzz.link/p?akari/3/1/.g5")).cells == (
        (WALL, None, 0),
    )


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "lights.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "akari", Settings()).status == "solved"


def test_check_a_hand_typed_answer(sample):
    """Lamps typed by hand as ○ (and `o`), a cell marked white with ・: right, then wrong."""
    path = sample("akari")
    book = OpenpyxlBook(path)
    ws = book.sheet("akari")
    for n, (r, c) in enumerate(sorted(KNOWN)):
        ws.put(r + 1, c + 1, "o" if n == 0 else "○")
    ws.put(2, 1, "・")  # A2: no lamp
    res = check.check_sheet(book, "akari", Settings())
    assert res.verdict == "correct", res.record()
    ws.put(1, 5, "○")  # E1 beside the lamp at C1 in row 1
    res = check.check_sheet(book, "akari", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("the lamps at C1 and E1 light each other", ["C1", "E1"]) in res.problems


@pytest.mark.parametrize("solver", ["scip", "highs"])
def test_the_uniqueness_proof_is_one_search_without_presolve(solver, monkeypatch):
    """akari's tuning says `prove_by_search`: after the answer, SCIP (or HiGHS) looks for
    another without presolve, so the search that finds none is the proof, with no run again
    without presolve (SCIP) or second opinion (HiGHS); the answer is still proved unique, and a
    puzzle with two answers still shows the second."""
    from solver.mip import scip

    runs: list[int] = []  # SCIP's presolve rounds at each run (0: none)
    real_run = scip.solve
    monkeypatch.setattr(
        scip,
        "solve",
        lambda m, d, check=True: (
            runs.append(m.getParam("presolving/maxrounds")) or real_run(m, d, check)
        ),
    )
    asked: list[object] = []
    monkeypatch.setattr(scip, "agrees_infeasible", lambda h, d: asked.append(h))
    pure = Settings(solver, deduce=False)  # the deductions decide the puzzle with no search
    out = solve_puzzle(akari.GENRE, known_puzzle(), pure, check_unique=True)
    assert out.answer == KNOWN and out.unique is True and asked == []
    assert runs == ([-1, 0] if solver == "scip" else [])
    open_grid = Puzzle(((None, None), (WALL, WALL)))  # a lamp in either top cell
    assert solve_puzzle(akari.GENRE, open_grid, pure, check_unique=True).unique is False


def test_the_deductions_decide_the_example_whole():
    found = akari.deduce(known_puzzle(), akari.GENRE.tuning)
    assert found.answer == KNOWN


def test_the_deductions_keep_every_answer():
    """Two white cells in a run, the rest black: either holds the lamp, so neither is fixed."""
    p = Puzzle(((None, None), (WALL, WALL)))
    found = akari.deduce(p, akari.GENRE.tuning)
    assert not found.fixed.get("l") and found.answer is None


def test_the_deductions_find_a_contradiction():
    """A 2 beside one white cell has no answer: the deductions fix nothing and the solve says
    infeasible."""
    p = Puzzle(((None, 2), (WALL, WALL)))
    assert akari.deduce(p, akari.GENRE.tuning).answer is None
    assert solve_puzzle(akari.GENRE, p, Settings()).status == "infeasible"
