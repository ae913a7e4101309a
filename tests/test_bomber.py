"""Bomber: the seed's example in the workbook, its bombs in the cells, verify, bad input. (The
sample on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from conftest import assert_search_exact, example, shading_tally

from solver.blocks.geometry import KING, neighbours
from solver.deduce import shade_logic
from solver.genres import bomber
from solver.io import penpa_genres
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_sheet

PUBLISHED = json.loads(
    (Path(__file__).parent / "data" / "published" / "bomber.json").read_text("utf-8")
)


def test_workbook_holds_the_seed_example(sample):
    _, _, puzzle = read_puzzle(OpenpyxlBook(sample("bomber")), "bomber")
    lines = example("bomber")["puzzle_text"].split("\n")
    assert bomber.GENRE.to_cells(puzzle) == [
        [None if ch == "." else int(ch) for ch in ln] for ln in lines
    ]


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("bomber"))
    assert solve_sheet(book, "bomber", Settings()).status == "solved"
    assert book.sheet("bomber").get(1, 3) == "●"


def test_verify_rejects_a_wrong_answer():
    p = bomber.Puzzle(((1, None), (None, None)))
    assert bomber.verify(p, frozenset({(1, 1)})) == []
    assert bomber.verify(p, frozenset())  # the 1 sees no bomb
    assert bomber.verify(p, frozenset({(0, 0), (1, 1)}))  # bomb on the number


def test_non_unique_puzzle_names_the_differing_cells(tmp_path):
    from solver.io.workbook import add_puzzle_sheet

    book, sheet = add_puzzle_sheet(
        tmp_path / "b.xlsx", bomber.GENRE, bomber.Puzzle(((None, 1, None),))
    )
    res = solve_sheet(book, sheet, Settings())
    assert res.status == "solved" and res.unique is False
    assert res.differ == [(0, 0), (0, 2)]


@pytest.mark.parametrize("bad, message", [(9, "from 0 to 8"), ("x", "found 'x'"), (-1, "found -1")])
def test_bad_clue_names_the_cell(bad, message):
    with pytest.raises(InputError, match=message) as err:
        bomber.parse(Grid("bomber", [[1, None], [None, bad]]))
    assert "sheet 'bomber' cell B2" in str(err.value)


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_cell_that_touches_no_clue_is_free(solver):
    """b(1,3) is in no constraint until the uniqueness cut names it; the live model must take it
    as a new column (HiGHS and SCIP raised KeyError: 'b(1,3)')."""
    from solver.pipeline import solve_puzzle

    out = solve_puzzle(
        bomber.GENRE, bomber.Puzzle(((0, None, None), (None, None, None))), Settings(solver)
    )
    assert out.status == "solved" and out.unique is False
    assert out.differ  # the free cells are named
    assert {(0, 2), (1, 2)} & set(out.differ)


# --- check my answer -------------------------------------------------------------------------


def bombs_known() -> list[tuple[int, int]]:
    lines = example("bomber")["solution_text"].split("\n")
    return [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"]


def test_check_reads_bombs_typed_by_hand(sample):
    from openpyxl.styles import PatternFill

    from solver.check import check_sheet

    book = OpenpyxlBook(sample("bomber"))
    ws = book.wb["bomber"]
    for k, (r, c) in enumerate(bombs_known()):  # the ways a person marks a bomb
        cell = ws.cell(r + 1, c + 1)
        if k % 3 == 2:
            cell.fill = PatternFill("solid", fgColor="000000")
        else:
            cell.value = ["*", "#"][k % 3]
    ws["D1"] = "・"  # a cell known to be free
    res = check_sheet(book, "bomber", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()


def test_check_names_a_number_with_too_many_bombs(sample):
    from solver.check import check_sheet

    book = OpenpyxlBook(sample("bomber"))
    ws = book.wb["bomber"]
    for r, c in bombs_known():
        ws.cell(r + 1, c + 1).value = "●"
    ws["D1"] = "●"  # one bomb too many, next to the 1s at E1, E2 and the 3 at C2
    res = check_sheet(book, "bomber", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("number 1 at E1 has 2 bombs around it", ["D1", "E1", "D2"]),
        ("number 3 at C2 has 4 bombs around it", ["C1", "D1", "C2", "D2", "C3"]),
        ("number 1 at E2 has 2 bombs around it", ["D1", "D2", "E2"]),
    ], res.record()


# janko.at's minesweeper 81 (puzzlekit dataset 81_6x6, benchmarks/puzzlekit/bomber.py): two
# answers (11 bombs or 12) without its count of bombs, one with it.
JANKO_81 = [[None, 1, None, None, None, 1], [None, None, None, 2, None, None],
            [None, 1, 2, None, None, None], [None, None, None, None, None, 1],
            [3, None, None, 2, 3, None], [None, None, 2, None, None, None]]  # fmt: skip
JANKO_81_BOMBS = [[0, 0], [0, 3], [1, 5], [2, 0], [2, 3], [2, 5], [3, 3], [4, 1], [5, 0],
                  [5, 1], [5, 4], [5, 5]]  # fmt: skip


def test_the_count_of_bombs_right_of_the_grid_makes_the_answer_unique(tmp_path):
    from solver.io.workbook import add_puzzle_sheet
    from solver.pipeline import solve_puzzle

    plain = bomber.parse(Grid("bomber", JANKO_81))
    assert plain.total is None
    assert solve_puzzle(bomber.GENRE, plain, Settings()).unique is False
    typed = [[*row, None] for row in JANKO_81]
    for count in ("●12", "12●", "*12"):
        typed[0][-1] = count
        p = bomber.parse(Grid("bomber", typed))
        assert (p.total, p.cells) == (12, plain.cells)
    assert bomber.GENRE.to_cells(p) == [[*row, "●12" if r == 0 else None]
                                        for r, row in enumerate(JANKO_81)]  # fmt: skip
    book, sheet = add_puzzle_sheet(tmp_path / "b.xlsx", bomber.GENRE, p)
    res = solve_sheet(book, sheet, Settings())
    assert res.status == "solved" and res.unique is True
    assert res.record()["answer"]["shaded"] == JANKO_81_BOMBS
    bombs = frozenset(map(tuple, JANKO_81_BOMBS))
    assert bomber.verify(p, bombs) == []
    assert "11 bombs, the count says 12" in bomber.verify(p, bombs - {(1, 5)})
    # a penpa link has no place for the count
    assert penpa_genres.to_penpa(bomber.GENRE, p) == penpa_genres.to_penpa(bomber.GENRE, plain)


def test_the_count_of_bombs_stands_alone_in_its_column():
    with pytest.raises(InputError, match="cell C2: the count of bombs '●3' stands alone"):
        bomber.parse(Grid("bomber", [[1, None, "●3"], [None, None, 1]]))
    with pytest.raises(InputError, match="5 bombs do not fit into 4 cells"):
        bomber.parse(Grid("bomber", [[1, None, "●5"], [None, None, None]]))


def random_bomber(rng: random.Random) -> bomber.Puzzle:
    """Numbers read off a random placing of bombs (now and then a wrong one), on some of the
    cells; sometimes the count of all the bombs."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 4)))
    cells = list(itertools.product(range(rows), range(cols)))
    bombs = {q for q in cells if rng.random() < 0.3}
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for r, c in rng.sample(cells, rng.randint(2, len(cells) // 2)):
        near = list(neighbours(rows, cols, r, c, KING))
        count = sum(q in bombs for q in near)
        grid[r][c] = count if rng.random() < 0.85 else rng.randint(0, len(near))
    numbered = {(r, c) for r, c in cells if grid[r][c] is not None}
    total = len(bombs - numbered) if rng.random() < 0.3 else None
    return bomber.Puzzle(tuple(map(tuple, grid)), total)


def bomber_deduce(p: bomber.Puzzle, work: int = 10**6, search: int = 0) -> tuple | None:
    return shade_logic.deduce(
        lambda: bomber.deduction_board(p), work, everywhere=True, search_work=search
    )


def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over small grids: the numbers' counts, the total and two numbers' shared
    cells decide only what every answer holds, and the search decides a grid whole exactly
    where it has one answer."""
    rng = random.Random(3)
    puzzles = [random_bomber(rng) for _ in range(80)]
    free = lambda p: [q for q in p.positions() if p.cells[q[0]][q[1]] is None]  # noqa: E731
    decided, contradictions, solvable = shading_tally(puzzles, bomber_deduce, bomber.verify, free)
    assert decided > 150 and contradictions > 5 and solvable > 30
    assert_search_exact(puzzles, bomber_deduce, bomber.verify, free)


@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_the_deductions_decide_published_puzzles_whole(entry):
    """Published puzzles (tests/data/published/bomber.json: two that probing leaves open and
    the search decides, and the dataset's largest): the deductions decide each whole, its
    published answer, so no solver runs."""
    p = bomber.parse(Grid("bomber", entry["cells"]))
    d = bomber.deduce(p, bomber.GENRE.tuning)
    assert d.answer == {tuple(q) for q in entry["expected"]["shaded"]}
