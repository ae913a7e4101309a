"""Fillomino: the layout and its errors, the model on small cases in both forms, verify from the
rules, pzprjs' test puzzle by URL with its answer, check on a hand-filled sheet, and published
puzzles (janko.at, through puzzlekit-dataset) solved to their answers. (The sample on every back
end and through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import dataclasses
import json

import openpyxl
import pytest

from solver import check
from solver.deduce import probing, sizes
from solver.genres import fillomino, genre_by_slug
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import solve_puzzle
from tests.conftest import EXAMPLES, example

GENRE = genre_by_slug("fillomino")
KNOWN = tuple(
    tuple(int(ch) for ch in line) for line in example("fillomino")["solution_text"].split("\n")
)
URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
# pzprjs test/script/fillomino.js: the answer of its URL (the failcheck entry without an error)
PZPR_ANSWER = (
    (5, 5, 4, 4, 4, 4),
    (5, 5, 3, 2, 2, 1),
    (3, 5, 3, 3, 5, 2),
    (3, 3, 5, 5, 5, 2),
    (2, 2, 5, 1, 4, 4),
    (1, 3, 3, 3, 4, 4),
)


def puzzle(rows: list[str]) -> fillomino.Puzzle:
    cells = [[int(ch) if ch.isdigit() else None for ch in row] for row in rows]
    return fillomino.parse(Grid("fillomino", cells))


def sample() -> fillomino.Puzzle:
    return puzzle(example("fillomino")["puzzle_text"].split("\n"))


def test_layout_errors_name_the_cell():
    with pytest.raises(InputError, match=r"B1.*region's size.*'x'"):
        fillomino.parse(Grid("fillomino", [[1, "x"], [None, None]]))
    with pytest.raises(InputError, match=r"B1.*region's size.*0"):
        fillomino.parse(Grid("fillomino", [[1, 0], [None, None]]))
    p = fillomino.parse(Grid("fillomino", [["?", "."], ["・", 4]]))
    assert p.numbers() == {(1, 1): 4}


def test_domains_follow_the_parts_a_region_can_fill():
    p = puzzle(["1.2", "...", "..."])
    d = fillomino.domains(p)
    assert d[0, 0] == (1,) and d[0, 2] == (2,)
    # seven free cells, of which the 2's region takes one: a region without a given has six
    assert d[2, 2] == tuple(range(1, 7))
    assert d[0, 1] == tuple(range(1, 7))


@pytest.mark.parametrize("form", ["complete", "lazy"])
def test_the_model_solves_small_grids_in_both_forms(form):
    m = fillomino.model(puzzle(["1.", ".1"]), lazy=form == "lazy")
    assert bool(m.separators) is (form == "lazy")
    settings = Settings("highs", connectivity=form)
    p = puzzle(["1.."])  # the other two cells are one region of two
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "solved" and out.unique is True
    assert out.answer == ((1, 2, 2),)
    p = puzzle(["1.", ".1"])  # the 2s would stand apart, corner to corner
    assert solve_puzzle(GENRE, p, settings).status == "infeasible"
    p = puzzle(["1.", ".."])  # the 1 alone, the other three a region of 3, which no given holds
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "solved" and out.unique is True
    assert out.answer == ((1, 3), (3, 3))
    p = puzzle(["5.2", ".3.", "1.."])  # the 5 reaches only three cells
    assert solve_puzzle(GENRE, p, settings).status == "infeasible"
    p = puzzle(["3..", "...", "..3"])  # many answers
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "solved" and out.unique is False
    assert fillomino.verify(p, out.answer) == []
    p = puzzle(["22", ".."])  # the 2s are one region; the row below fits no region
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "infeasible"


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_sample_solves_to_its_known_answer(solver):
    out = solve_puzzle(GENRE, sample(), Settings(solver))
    assert out.status == "solved" and out.unique is True
    assert out.answer == KNOWN


def test_verify_names_each_broken_region():
    p = sample()
    assert fillomino.verify(p, KNOWN) == []
    wrong = [list(row) for row in KNOWN]
    wrong[0][0] = 4  # A1 (empty in the puzzle) holds 4 where its region of 2s needs a 2
    problems = fillomino.verify(p, wrong)
    assert "the region of 4s from A1 has 1 cell" in problems
    assert "the region of 2s from B1 has 1 cell" in problems
    given = [list(row) for row in KNOWN]
    given[0][1] = 3
    assert "cell B1 changes the given 2" in fillomino.verify(p, given)
    partial = [list(row) for row in KNOWN]
    partial[6][6] = 0
    problems = fillomino.verify(p, partial)
    assert "1 cell holds no number: G7" in problems
    region = next(v for v in problems if v.startswith("the region of 2s from G6"))
    assert region == "the region of 2s from G6 has 1 cell" and region.cells == ((5, 6),)


def test_pzprjs_test_url_round_trips_and_solves_to_its_answer():
    url = parse_url(URL)
    p = fillomino.from_url(url)
    assert fillomino.to_url(p) == URL
    assert p.numbers()[0, 2] == 4 and p.numbers()[4, 3] == 1
    out = solve_puzzle(GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == PZPR_ANSWER
    with pytest.raises(UrlError):
        fillomino.from_url(parse_url("https://puzz.link/p?fillomino/2/2/9"))


def test_check_reads_a_hand_filled_sheet(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "fillomino"
    rows = example("fillomino")["puzzle_text"].split("\n")
    cells = [[int(ch) if ch.isdigit() else None for ch in row] for row in rows]
    fill_sheet(ws, cells)
    for r, row in enumerate(KNOWN):
        for c, n in enumerate(row):
            if cells[r][c] is None:
                ws.cell(r + 1, c + 1).value = n
    ws.cell(1, 1).value = 3  # A1: a 2 written as 3
    path = tmp_path / "filled.xlsx"
    wb.save(path)
    res = check.check_sheet(OpenpyxlBook(path), "fillomino", Settings())
    assert res.verdict == "wrong"
    messages = dict(res.problems)
    assert messages["the region of 3s from A1 has 1 cell"] == ["A1"], messages


PUBLISHED = json.loads(
    (EXAMPLES.parent / "published" / "fillomino.json").read_text(encoding="utf-8")
)


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    p = fillomino.parse(Grid("fillomino", entry["cells"]))
    out = solve_puzzle(GENRE, p, Settings(time_limit=120))
    assert out.status == "solved" and out.unique is True
    assert GENRE.record(p, out.answer) == entry["expected"]


def test_the_search_decides_what_probing_leaves():
    p = puzzle(["3..", "...", "..3"])  # two 3s in the corners, four cells for other regions
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    board.propagate()
    assert board.undecided()
    # several answers (the 3s bend either way): the search finds a second and decides nothing
    assert sizes.search(board, 10**6) is None
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(puzzle(["1.."])).items()})
    found = sizes.search(board, 10**6)  # one answer: the search proves it unique
    assert found is not None and found.dom == {(0, 0): {1}, (0, 1): {2}, (0, 2): {2}}


def _random_answer(rng, rows: int, cols: int, most: int) -> list[list[int]] | None:
    """Regions grown at random to sizes up to `most`, as an answer's numbers; None where two
    regions of one size touch (they would be one region)."""
    owner: dict[tuple[int, int], int] = {}
    regions: list[list[tuple[int, int]]] = []
    starts = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(starts)
    for start in starts:
        if start in owner:
            continue
        region, target = [start], rng.randint(1, most)
        owner[start] = len(regions)
        while len(region) < target:
            ways = sorted(
                {
                    (r + dr, c + dc)
                    for r, c in region
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in owner
                }
            )
            if not ways:
                break
            q = rng.choice(ways)
            owner[q] = len(regions)
            region.append(q)
        regions.append(region)
    numbers = [[len(regions[owner[r, c]]) for c in range(cols)] for r in range(rows)]
    for (r, c), k in owner.items():
        for q in ((r + 1, c), (r, c + 1)):
            if q in owner and owner[q] != k and numbers[q[0]][q[1]] == numbers[r][c]:
                return None
    return numbers


def _random_puzzle(rng) -> tuple[fillomino.Puzzle, list[list[int]]]:
    """A random answer (`_random_answer`) with a share of its numbers given, and the answer."""
    rows, cols = rng.randint(2, 5), rng.randint(2, 5)
    known = None
    while known is None:
        known = _random_answer(rng, rows, cols, rng.randint(2, 6))
    share = rng.choice([0.2, 0.4, 0.6])
    p = fillomino.Puzzle(
        tuple(
            tuple(known[r][c] if rng.random() < share else None for c in range(cols))
            for r in range(rows)
        )
    )
    return p, known


@pytest.mark.parametrize("seed", range(60))
def test_the_deductions_keep_every_answer(seed):
    """Random grids of regions with some numbers given (most with several answers): probing
    keeps the known answer's numbers, and where the search proves an answer unique it is the
    known one."""
    import random

    p, known = _random_puzzle(random.Random(seed))
    rows, cols = p.rows, p.cols
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    sizes.probe(board, 10**6)
    assert all(known[r][c] in d for (r, c), d in board.dom.items())
    for grow_first in (True, False):
        found = sizes.search(board.copy(), 10**6, grow_first)
        if found is not None:
            assert found.dom == {(r, c): {known[r][c]} for r in range(rows) for c in range(cols)}


def test_the_split_that_failed_comes_first_in_the_search(monkeypatch):
    """janko's published 294_10x10 (the dataset of benchmarks/puzzlekit): probing leaves 71
    cells open; the search, with the split whose two ways both failed first at the nodes after
    (the last conflict), ends with the one answer within 1M work; with the split of `_split`
    alone it runs out of that work (it needs over 16M)."""
    rows = ["1...8...8.", ".2...7...8", "..3...1...", "...4...2..", "6...5...8."]
    rows += [".7...6...3", "..7...7...", "...4...8..", "4...4...9.", ".1...4...A"]
    cells = [[10 if ch == "A" else int(ch) if ch.isdigit() else None for ch in r] for r in rows]
    p = fillomino.parse(Grid("fillomino", cells))
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    sizes.probe(board, fillomino.GENRE.tuning.probe_work)
    assert len(board.undecided()) == 71
    found = sizes.search(board.copy(), 1_000_000)
    assert found is not None and not found.undecided()
    answer = tuple(tuple(min(found.dom[r, c]) for c in range(10)) for r in range(10))
    assert fillomino.verify(p, answer) == []
    monkeypatch.setattr(sizes, "_open", lambda board, b, n: False)
    assert sizes.search(board.copy(), 1_000_000) is None


def test_a_group_goes_on_through_its_only_way():
    # the 4 in A1 could go on through B1 (a 2 may join the 2 in B2) or A2, but through B1
    # alone it meets the 1 and the 2: two cells, so A2 holds 4
    p = puzzle(["4.1...", ".2....", "......", "......"])
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    board.propagate()
    assert board.dom[1, 0] == {4} and board.dom[0, 1] == {2, 4}


def test_two_groups_of_one_number_too_close_have_no_answer():
    # each 3 could only grow toward the other, and joined they would make four cells
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(puzzle(["3..3"])).items()})
    with pytest.raises(sizes.Contradiction):
        board.propagate()


def test_a_tight_reach_keeps_the_cells_the_region_cannot_go_round():
    # the 4 in D2 reaches C2, D1, C1 and B1 (A1 is four steps off): without C1 it would reach
    # two cells, so C1 holds 4, though it is not beside the 4
    p = puzzle(["....", ".1.4"])
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    board.propagate()
    assert board.dom[0, 2] == {4}


def test_a_part_flooded_before_is_taken_as_it_was_while_its_cells_are_free():
    # the cells of a 3 x 3 grid as two parts, split by the middle row: flooded once, then
    # again after a cell of the lower part leaves: the upper part is taken as it was, with
    # the same work as a fresh board's floods, and the lower part is flooded again
    board = sizes.Board({c: {1, 2, 3} for c in fillomino.domains(puzzle(["...", "...", "..."]))})
    bit = board.grid.bit
    upper, lower = bit[0, 0] | bit[0, 1] | bit[0, 2], bit[2, 0] | bit[2, 1] | bit[2, 2]
    assert board._roomy(3, upper | lower, upper | lower) == upper | lower
    free = upper | lower & ~bit[2, 2]
    board.work, fresh = 0, sizes.Board({c: {1, 2, 3} for c in board.grid.cells})
    assert board._roomy(3, free, free) == upper == fresh._roomy(3, free, free)
    assert board.work == fresh.work


def test_a_group_with_no_room_for_a_region_of_its_own_joins_the_one_it_can_reach():
    # the 4 in A1 and the 3 in A3 take seven of the eight cells: no other region than theirs
    # has more than one cell, so the 4 the rules put in B2 lies in A1's region, within two
    # steps of A1 and B2 together: A4, three steps from B2, holds no 4
    p = puzzle(["4.", "..", "3.", ".."])
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    board.propagate()
    assert board.dom[1, 1] == {4}
    assert board.dom[3, 0] == {1, 3}


def test_where_the_first_search_runs_out_the_turns_decide(monkeypatch):
    from solver.mip.settings import Tuning

    p = fillomino.from_url(parse_url(URL))
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    board.propagate()
    assert board.undecided()  # the rules alone leave cells open
    monkeypatch.setattr(fillomino, "SEARCH_FIRST", 1)  # the first search stops at once
    # the depth-first search again, within its own work
    assert fillomino.deduce(p, Tuning(probe_work=1, search_work=10**6)).answer == PZPR_ANSWER
    # the SAT solver, where the depth-first search runs out at once
    tuning = Tuning(probe_work=1, search_work=2, sat_conflicts=10**6)
    assert fillomino.deduce(p, tuning).answer == PZPR_ANSWER
    # with no work for either, nothing is decided whole
    assert fillomino.deduce(p, Tuning(probe_work=1, search_work=1)).answer is None


def _published(name: str) -> tuple[fillomino.Puzzle, list[list[int]]]:
    entry = next(e for e in PUBLISHED if e["name"] == name)
    return fillomino.parse(Grid("fillomino", entry["cells"])), entry["expected"]["numbers"]


@pytest.mark.slow
def test_the_sat_solver_decides_where_the_depth_first_search_runs_out():
    """janko's published 270_15x15 (a region of 16 and many without a number): after probing
    and the short search, the depth-first search runs out of its work (the
    genre's `search_work`), while the SAT solver ends with the one answer; `deduce`, the two
    taking turns, gives that answer, the published one."""
    p, expected = _published("270_15x15")
    tuning = fillomino.GENRE.tuning
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    sizes.probe(board, tuning.probe_work)
    assert sizes.search(board, fillomino.SEARCH_FIRST) is None
    assert probing.walked(fillomino.searching(board, tuning.search_work)) is None
    found = probing.walked(fillomino.sat_steps(board.dom, tuning.sat_conflicts))
    assert found == {(r, c): {n} for r, row in enumerate(expected) for c, n in enumerate(row)}
    answer = fillomino.deduce(p, tuning).answer
    assert answer is not None and [list(row) for row in answer] == expected
    assert fillomino.verify(p, answer) == []
    without = dataclasses.replace(tuning, sat_conflicts=0)
    assert fillomino.deduce(p, without).answer is None  # the depth-first search alone does not


@pytest.mark.parametrize("seed", range(60))
def test_the_sat_solver_keeps_every_answer(seed):
    """Random grids of regions with some numbers given (most with several answers): where
    the SAT solver ends with one answer, it is the known one (so the only one); it never ends
    with none."""
    import random

    p, known = _random_puzzle(random.Random(500 + seed))
    dom = {c: set(d) for c, d in fillomino.domains(p).items()}
    found = probing.walked(fillomino.sat_steps(dom, 10**6))
    if found is not None:
        assert found == {(r, c): {known[r][c]} for r in range(p.rows) for c in range(p.cols)}


def sat_calls(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The classes of each search `fillomino.sat_steps` starts, each as the lowest number of
    its run ([]: over every number)."""
    calls, numbers_sat = [], fillomino.numbers_sat

    def told(dom, conflicts):
        calls.append(sorted({-n for d in dom.values() for n in d if n < 0}))
        return numbers_sat(dom, conflicts)

    monkeypatch.setattr(fillomino, "numbers_sat", told)
    return calls


def test_the_sat_solver_first_takes_the_numbers_above_every_given_as_one(monkeypatch):
    calls = sat_calls(monkeypatch)
    # 2 . . : B1 holds 2 or 5, C1 1, 2 or 5; as MORE (above 2) B1 and C1 would be a group of
    # two, too few for MORE, so the one answer is 2 2 1, decided without a second search
    dom = {(0, 0): {2}, (0, 1): {2, 5}, (0, 2): {1, 2, 5}}
    assert probing.walked(fillomino.sat_steps(dom, 10**6)) == {
        (0, 0): {2},
        (0, 1): {2},
        (0, 2): {1},
    }
    assert calls == [[3]]  # 1 stays as it is: a run of one number below the given 2
    # 2 . : B1 holds 1 or 5; a 2 alone, or MORE alone: no answer
    with pytest.raises(sizes.Contradiction):
        probing.walked(fillomino.sat_steps({(0, 0): {2}, (0, 1): {1, 5}}, 10**6))


def test_where_an_answer_holds_more_the_sat_solver_searches_larger_numbers(monkeypatch):
    calls = sat_calls(monkeypatch)
    # 1 . . : with MORE above 1, 1 M M is an answer; with MORE above 2 only 1 2 2 is (1 M M
    # would be a region of 3 or more in two cells)
    dom = {(0, 0): {1}, (0, 1): {1, 2, 3}, (0, 2): {1, 2, 3}}
    assert probing.walked(fillomino.sat_steps(dom, 10**6)) == {
        (0, 0): {1},
        (0, 1): {2},
        (0, 2): {2},
    }
    assert calls == [[2], [3]]
    # 1 . . . : 1 2 2 1 and 1 M M M with MORE above 1 and above 2; above 4 no cell's number
    # is: over every number, 1 2 2 1 and 1 3 3 3, two answers
    calls.clear()
    dom = {(0, 0): {1}, **{(0, c): {1, 2, 3} for c in (1, 2, 3)}}
    assert probing.walked(fillomino.sat_steps(dom, 10**6)) is None
    assert calls == [[2], [3], []]


def test_the_sat_solver_first_takes_each_run_of_numbers_no_cell_holds_as_one(monkeypatch):
    calls = sat_calls(monkeypatch)
    # 5 . . . . 1 : 2, 3 and 4 as one class (at least 2); the 5 needs B1:E1, so the one answer
    # holds no class, and is the answer
    dom = {(0, 0): {5}, **{(0, c): {1, 2, 3, 4, 5} for c in range(1, 5)}, (0, 5): {1}}
    found = probing.walked(fillomino.sat_steps(dom, 10**6))
    assert found == {**{(0, c): {5} for c in range(5)}, (0, 5): {1}}
    assert calls == [[2]]
    # 4 . . . . . 1 : 4 4 4 4 2 2 1, and 4 4 4 4 C C 1 with 2 and 3 as one class C: an answer
    # holds the class, so the search starts again over every number
    calls.clear()
    dom = {(0, 0): {4}, **{(0, c): {1, 2, 3, 4} for c in range(1, 6)}, (0, 6): {1}}
    found = probing.walked(fillomino.sat_steps(dom, 10**6))
    assert found == {**{(0, c): {4} for c in range(4)}, (0, 4): {2}, (0, 5): {2}, (0, 6): {1}}
    assert calls == [[2], []]
