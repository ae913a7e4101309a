"""A puzzle without answer names the givens that cannot all hold: the search (solver.conflict),
what each genre counts as a given and how its grid reads without one (Genre.givens,
Genre.without), the message, the record's `conflict`, and the sheet's time limit."""

from __future__ import annotations

import math
import time

import openpyxl
import pytest
from conftest import WORKBOOKS

from solver import conflict, pipeline
from solver.genres import all_genres
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import Outcome, read_puzzle, solve_puzzle, solve_sheet

_ = None


def typed(tmp_path, slug: str, rows: list[list]) -> OpenpyxlBook:
    """A new book with one sheet of the genre, typed from the rows."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, rows)
    wb.save(tmp_path / f"{slug}.xlsx")
    return OpenpyxlBook(tmp_path / f"{slug}.xlsx")


def edited(tmp_path, slug: str, cells: dict[str, object]) -> OpenpyxlBook:
    """The genre's sample book with some cells typed over."""
    wb = openpyxl.load_workbook(WORKBOOKS / f"{slug}.xlsx")
    for at, v in cells.items():
        wb[slug][at] = v
    wb.save(tmp_path / f"{slug}.xlsx")
    return OpenpyxlBook(tmp_path / f"{slug}.xlsx")


def status_keeping(book: OpenpyxlBook, slug: str, kept: set[str]) -> str:
    """The status of the sheet's puzzle with only the givens in these cells kept."""
    genre, grid, puzzle = read_puzzle(book, slug)
    out = [g for g in genre.givens(puzzle, grid) if g.where(grid) not in kept]
    relaxed = genre.parse(genre.without(grid, out))
    return solve_puzzle(genre, relaxed, Settings(), check_unique=False).status


def test_sudoku_names_the_two_fives_of_row_one(tmp_path):
    book = edited(tmp_path, "sudoku", {"A1": 5, "I1": 5})
    res = solve_sheet(book, "sudoku", Settings())
    assert res.status == "infeasible" and res.conflict == ["A1", "I1"]
    assert res.error == "no answer: the givens A1 (5) and I1 (5) cannot both hold"
    assert res.record()["conflict"] == ["A1", "I1"]
    assert "infeasible; no answer: the givens A1 (5) and I1 (5)" in res.summary()


PLANTED = [
    # repeated digits
    ("futoshiki", [[1, _, _, _, 1]] + [[None] * 5 for _ in range(4)], {"A1", "E1"}),
    ("skyscrapers", [[_] * 6, [_, 2, _, _, 2, _]] + [[None] * 6 for _ in range(4)], {"B2", "E2"}),
    # an impossible count: a 4 on the grid's edge has three cells beside it
    ("akari", [[_] * 4, [_] * 4, [4, _, _, _], [_] * 4], {"A3"}),
    ("bomber", [[4, _, _], [_, _, _], [_, _, 1]], {"A1"}),
    # an island that cannot fit beside the others
    (
        "nurikabe",
        [[_] * 5, [_, 2, _, _, _], [_] * 5, [_, _, _, 3, _], [_, _, _, _, 8]],
        {"E5"},
    ),
    # sums too large for their crossing runs: 3 across takes 1 and 2, the 4s down 1 and 3
    ("kakuro", [["■", "4\\", "4\\"], ["\\3", _, _], ["\\4", _, _]], {"B1", "C1", "A2"}),
]


@pytest.mark.parametrize(("slug", "rows", "planted"), PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_conflict_is_named_and_irreducible(tmp_path, slug, rows, planted):
    book = typed(tmp_path, slug, rows)
    res = solve_sheet(book, slug, Settings())
    assert res.status == "infeasible" and res.conflict is not None
    found = set(res.conflict)
    assert planted <= found
    assert status_keeping(book, slug, found) == "infeasible"
    for cell in found:  # each one is needed
        assert status_keeping(book, slug, found - {cell}) == "solved"
    assert res.error.startswith("no answer: the give")


@pytest.mark.parametrize(
    ("slug", "cells", "conflict", "says"),
    [
        # a room of four cells cannot have them all shaded (labels: the number leaves its label)
        ("heyawake", {"A1": "A4"}, ["A1"], "no answer: the given A1 (4) cannot hold"),
        # two hints about akira's colour
        (
            "logic-grid",
            {"A11": "akira", "B11": "=", "C11": "red"},
            ["A6", "A11"],
            "no answer: the givens A6 (akira = white) and A11 (akira = red) cannot both hold",
        ),
        # a white pearl in the corner cannot go straight
        ("masyu", {"A1": "○"}, ["A1"], "no answer: the given A1 (○) cannot hold"),
    ],
)
def test_a_conflict_in_a_sample(tmp_path, slug, cells, conflict, says):
    res = solve_sheet(edited(tmp_path, slug, cells), slug, Settings())
    assert (res.status, res.conflict, res.error) == ("infeasible", conflict, says)


def test_three_givens_cannot_all_hold(tmp_path):
    book = edited(tmp_path, "hitori", {"A1": 7, "B1": 7, "C1": 7, "D1": 7})
    res = solve_sheet(book, "hitori", Settings())
    assert res.conflict == ["A1", "B1", "C1", "D1"]
    assert res.error == ("no answer: the givens A1 (7), B1 (7), C1 (7) and D1 (7) cannot all hold")


def test_two_givens_in_one_cell_are_named_once(tmp_path):
    # the sample's 11 down in C1 made 12: the run's sums no longer add up
    res = solve_sheet(edited(tmp_path, "kakuro", {"C1": "12\\"}), "kakuro", Settings())
    assert res.status == "infeasible" and "C1" in res.conflict
    assert len(res.conflict) == len(set(res.conflict))
    assert "D4 (3 down, 4 across)" in res.error


def test_a_grid_without_answer_whatever_the_givens(tmp_path):
    # rooms B and C side by side in one row: their 2s are two cells apart, never more
    book = typed(tmp_path, "ripple-effect", [["A1", "A", "A", "A2"], ["B", "B", "C", "C"]])
    res = solve_sheet(book, "ripple-effect", Settings())
    assert res.status == "infeasible" and res.conflict == []
    assert "not because of the givens" in res.error


def test_a_genre_without_givens_says_what_to_check_instead(tmp_path):
    book = typed(tmp_path, "norinori", [["A", "A", "B", "B"], ["C", "C", "C", "C"]])
    res = solve_sheet(book, "norinori", Settings())
    assert res.status == "infeasible" and res.conflict is None
    assert res.error == conflict.WITHOUT_GIVENS
    assert "check the givens" not in res.error


def test_a_puzzle_with_an_answer_has_no_conflict(tmp_path):
    res = solve_sheet(edited(tmp_path, "sudoku", {}), "sudoku", Settings())
    assert res.status == "solved" and res.record()["conflict"] is None


@pytest.mark.slow
def test_the_search_stops_when_the_time_is_up(tmp_path, monkeypatch):
    """The sheet's own solve and two trials run; the third runs into the deadline, and no
    trial starts after it: the record keeps no conflict and the message says why."""
    real, starts = pipeline.solve_puzzle, []

    def solve(genre, puzzle, settings, check_unique=True, deadline=None):
        starts.append(time.perf_counter())
        if len(starts) <= 3:
            return real(genre, puzzle, settings, check_unique, deadline)
        while time.perf_counter() <= deadline:
            time.sleep(0.01)
        return Outcome("timeout")

    monkeypatch.setattr(pipeline, "solve_puzzle", solve)
    settings = Settings(time_limit=2)
    res = solve_sheet(edited(tmp_path, "sudoku", {"A1": 5, "I1": 5}), "sudoku", settings)
    assert res.status == "infeasible" and res.conflict is None
    assert "within the time limit" in res.error or "time limit ran out" in res.error
    assert len(starts) == 4  # no trial after the one the deadline cut short


# --- the search alone, on givens that conflict by a rule of the test's own ---------------------


class _Rule:
    """A genre whose givens are the numbers 0..n-1 and whose puzzle has no answer while it
    keeps every given of `conflict` (a grid row of the kept ones)."""

    def __init__(self, n: int, conflict: set[int]) -> None:
        self.n, self.conflict, self.trials = n, conflict, 0
        self.givens = lambda puzzle, grid: [Given((0, i), str(i)) for i in range(n)]

    def without(self, grid: Grid, givens) -> Grid:
        out = {g.cell[1] for g in givens}
        return Grid("rule", [[None if i in out else i for i in range(self.n)]])

    def parse(self, grid: Grid) -> set[int]:
        return {v for v in grid.cells[0] if v is not None}

    def solve(self, kept: set[int]) -> str:
        self.trials += 1
        return "infeasible" if self.conflict <= kept else "solved"


@pytest.mark.parametrize(
    ("n", "planted"), [(8, {2, 5}), (12, {3, 7}), (15, {0}), (40, {5, 31}), (64, {0, 1, 2, 63})]
)
def test_the_search_finds_the_conflict_in_few_trials(n, planted):
    """A trial per given (and one without any) up to ONE_BY_ONE givens; beyond, QuickXplain's
    bound for k givens among n: 2k log2(n/k) + k, and the one without any."""
    rule = _Rule(n, planted)
    grid = Grid("rule", [list(range(n))])
    found = conflict.find_conflict(rule, grid, set(range(n)), rule.solve)
    assert found is not None and found.minimal
    assert {g.cell[1] for g in found.givens} == planted
    k = len(planted)
    bound = n + 1 if n <= conflict.ONE_BY_ONE else 2 * k * math.log2(n / k) + k + 1
    assert found.trials == rule.trials <= bound


def test_the_search_reports_what_it_narrowed_when_time_runs_out():
    rule = _Rule(40, {5, 31})
    calls = []

    def solve(kept):
        calls.append(kept)
        return rule.solve(kept) if len(calls) < 6 else "timeout"

    grid = Grid("rule", [list(range(40))])
    found = conflict.find_conflict(rule, grid, set(range(40)), solve)
    assert found is not None and not found.minimal and found.timed_out
    assert {5, 31} <= {g.cell[1] for g in found.givens} and found.cells() is None
    assert len(found.givens) < 40  # narrowed by the trials before
    assert "not narrowed to a smallest such set within the time limit" in found.message()


# --- every genre's givens ----------------------------------------------------------------------


def _sample(slug: str):
    genre, grid, puzzle = read_puzzle(OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx"), slug)
    out = solve_puzzle(genre, puzzle, Settings(), check_unique=False)
    assert out.status == "solved"
    return genre, grid, puzzle, out.answer


def _still_an_answer(slug: str, given: Given, answer):
    """The sample's answer as an answer of the puzzle without the given: numberlink's without
    the line whose ends were taken out."""
    if slug != "numberlink":
        return answer
    ends = {given.cell, *given.also}
    line, grew = set(ends), True
    while grew:
        grew = False
        for a, b in answer:
            if (a in line) != (b in line):
                line |= {a, b}
                grew = True
    return frozenset(s for s in answer if s[0] not in line)


WITH_GIVENS = [g.slug for g in all_genres() if g.givens is not None]


@pytest.mark.parametrize("slug", WITH_GIVENS)
def test_a_given_taken_out_leaves_a_puzzle_the_answer_still_solves(slug):
    """Taking out a given relaxes the puzzle: the grid without it parses, and the sample's
    answer keeps every rule of the puzzle without it."""
    genre, grid, puzzle, answer = _sample(slug)
    givens = genre.givens(puzzle, grid)
    assert genre.parse(genre.without(grid, [])) == puzzle
    for g in givens:
        relaxed = genre.parse(genre.without(grid, [g]))
        assert relaxed != puzzle, g
        assert not genre.verify(relaxed, _still_an_answer(slug, g, answer)), g
    try:
        genre.parse(genre.without(grid, givens))
    except InputError as exc:  # a genre that has no puzzle without any given
        assert slug in ("hitori", "masyu", "numberlink"), exc


def test_a_large_conflict_is_named_in_part_and_recorded_whole():
    rule = _Rule(40, set(range(0, 40, 2)))
    grid = Grid("rule", [list(range(40))])
    found = conflict.find_conflict(rule, grid, set(range(40)), rule.solve)
    assert found is not None and found.minimal and len(found.cells()) == 20
    said = found.message()
    assert said.startswith("no answer: the givens A1 (0), C1 (2), E1 (4)")
    assert said.endswith(", W1 (22) and 8 more cannot all hold")


@pytest.mark.parametrize(
    ("slug", "cells", "texts"),
    [
        ("inshi-no-heya", {"B1": "B15=3"}, ["3"]),  # B15 is the room B's product
        ("ripple-effect", {"A1": "A=1", "B2": "F2"}, ["1", "2"]),
        ("alphametic", {"B1": 9567, "B2": "1?85"}, ["9567", "1?85"]),
    ],
)
def test_digits_typed_into_answer_cells_are_givens(tmp_path, slug, cells, texts):
    """Taken out, such a cell reads as the sample's own: what the cell held before the digit."""
    _, _, sample = read_puzzle(OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx"), slug)
    genre, grid, puzzle = read_puzzle(edited(tmp_path, slug, cells), slug)
    givens = [g for g in genre.givens(puzzle, grid) if g.where(grid) in cells]
    assert [g.text for g in givens] == texts
    assert genre.parse(genre.without(grid, givens)) == sample
