"""The deductions made before nurikabe's solve (solver.deduce.island_logic): what they
decide holds in every answer (brute force over small grids, with the genre's own `verify` as
the rules), they decide published puzzles of the kind they are for, and a puzzle without an
answer says so."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest

from solver.blocks.cells import components
from solver.deduce import island_logic, probing
from solver.deduce.bits import indices
from solver.genres import nurikabe
from solver.genres.nurikabe import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, solve_puzzle
from tests.conftest import ROOT, search_tally, shading_tally

TUNING = nurikabe.GENRE.tuning
# the budgets of the island search and of the learning search where they run (the genre's Tuning
# runs neither beside its SAT solver)
ISLAND_WORK = 500_000
LEARN_WORK = 40_000_000


def deduce(
    p: Puzzle,
    work: int | None = None,
    search_work: int | None = None,
    search_spread: float | None = None,
) -> tuple[set, set] | None:
    """island_logic.deduce with the genre's probing budget (`nurikabe.GENRE.tuning`) and the
    island search's ISLAND_WORK where a test gives none."""
    return island_logic.deduce(
        p.rows,
        p.cols,
        p.clues(),
        probing.budget(p.rows, p.cols, TUNING.probe_work, TUNING.probe_passes)
        if work is None
        else work,
        ISLAND_WORK if search_work is None else search_work,
        TUNING.search_spread if search_spread is None else search_spread,
    )


def random_puzzle(rng: random.Random) -> Puzzle:
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    cells = [[None] * cols for _ in range(rows)]
    for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 3)):
        cells[r][c] = rng.choice((1, 2, 3, 4, 5, UNKNOWN))
    return Puzzle(tuple(map(tuple, cells)))


@pytest.mark.slow
def test_what_it_decides_holds_in_every_answer():
    rng = random.Random(7)
    puzzles = [random_puzzle(rng) for _ in range(120)]

    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    decided, contradictions, solvable = shading_tally(puzzles, deduce, nurikabe.verify, free)
    # it decides cells, finds where there is no answer, and meets puzzles with answers
    assert decided > 100 and contradictions > 30 and solvable > 20


def test_no_answer_is_a_contradiction():
    # a 1 in the middle holds the sea round it as a ring; a 2 in the corner has no room
    p = Puzzle(((2, None, None), (None, 1, None), (None, None, None)))
    assert deduce(p) is None
    out = solve_puzzle(nurikabe.GENRE, p, Settings("highs"))
    assert out.status == "infeasible"


# noqx's example (two `?`): 4.4 s of lazy rounds on SCIP before these deductions
NOQX = "https://puzz.link/p?nurikabe/19/12/g5zw3k2h4g4k.v.h2i2g4z3n7j3k2h4h4k3i4j3zzk2i2k2p6j2k6k"


@pytest.mark.parametrize("url", (NOQX,))
def test_a_published_puzzle_is_decided_by_the_rules(url):
    p = nurikabe.from_url(parse_url(url))
    sea, land = deduce(p, work=10**9)
    assert len(sea) + len(land) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(sea)) == []
    out = solve_puzzle(nurikabe.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == sea


def test_the_deductions_fix_the_models_cells():
    """Every cell the rules decide has its b fixed by its bounds (1 sea, 0 land), and no other;
    the genre's own budget (`Tuning.probe_work`, counted in work, not seconds) decides this
    grid whole on any machine, busy or not; the model alone fixes none."""
    p = nurikabe.from_url(parse_url(NOQX))
    sea, land = deduce(p)
    assert len(sea) + len(land) == p.rows * p.cols
    unprobed = deduce(p, work=0, search_work=0)  # rules
    assert unprobed is not None and len(unprobed[0]) + len(unprobed[1]) < p.rows * p.cols
    pure = nurikabe.GENRE.build(p, lazy=True)["b"]
    assert not [v for v in pure.values() if v.lowBound == v.upBound]
    b = nurikabe.GENRE.build(p, lazy=True, deduce=True)["b"]
    fixed = {cell: v.lowBound for cell, v in b.items() if v.lowBound == v.upBound}
    assert fixed == {**dict.fromkeys(sea, 1), **dict.fromkeys(land - p.clues().keys(), 0)}
    assert len(sea) > 100 and len(land) > 30


NURIKABE_2 = "https://puzz.link/p?nurikabe/18/10/w3g8k1i4n1k5j1i1k9r1l2n3j3n9t1l2h2i1j5h2j7l4n6y"
# a tutorial's puzzle of nine large islands (the "penalty"): the rules decide most of it
TUTORIAL = "https://puzz.link/p?nurikabe/13/13/zzj3g5zgbk1ybk7w3i9gdzzj"


def test_no_solver_runs_where_the_rules_decide_every_cell():
    def note(url: str, tuning=TUNING) -> str | None:
        genre = dataclasses.replace(nurikabe.GENRE, tuning=tuning)
        out = solve_puzzle(genre, nurikabe.from_url(parse_url(url)), Settings("default", 60))
        assert out.status == "solved" and out.unique is True
        return out.note

    assert note(NURIKABE_2) == DECIDED
    assert note(TUTORIAL) == DECIDED  # decided whole by the search after probing
    # probing alone: 140 of 169 cells
    probing_alone = dataclasses.replace(TUNING, search_work=0, learn_work=0, sat_conflicts=0)
    assert note(TUTORIAL, probing_alone) != DECIDED


# penpa-edit's "Nurikabe 3": big islands round an open middle
PENPA_3 = "https://puzz.link/p?nurikabe/10/10/zh3j5t3g3hat3g3h9zr"


def test_a_block_only_one_island_can_reach_narrows_that_island(monkeypatch):
    """A 2x2 block without land that one island alone can reach holds a cell of that island
    (no block is all sea), so the island keeps to the cells it can hold as well: with the rule
    the rules decide penpa-edit's "Nurikabe 3" whole, without it 71 of its 100 cells."""
    p = nurikabe.from_url(parse_url(PENPA_3))
    sea, land = deduce(p, work=10**9)
    assert len(sea) + len(land) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(sea)) == []
    monkeypatch.setattr(island_logic.Board, "_owed", lambda self: False)
    sea, land = deduce(p, work=10**9, search_work=0)
    assert len(sea) + len(land) < 80


@pytest.mark.slow
def test_every_answer_spends_the_penalty_exactly():
    """The penalty's identity, on random answers (the nurikabe generator's, one number per
    island): the border points land touches, the 2x2 blocks of land and the blocks of land
    diagonally between sea add up to 2 (island cells + islands) - blocks; and what the rules
    decide holds in the answer (these puzzles may have other answers too)."""
    from tests.generators.nurikabe import random_islands, thicken

    for size in range(4, 13):
        for seed in range(4):
            rng = random.Random(100 * seed + size)
            white = set().union(*random_islands(size, rng))
            thicken(white, size, rng.choice((0.3, 0.45, 0.6)), rng)
            cells = [[None] * size for _ in range(size)]
            parts = components(white)
            for part in parts:
                r, c = rng.choice(sorted(part))
                cells[r][c] = len(part)
            p = Puzzle(tuple(map(tuple, cells)))
            sea = frozenset(p.positions()) - white
            assert nurikabe.verify(p, sea) == []
            border = {
                (r + i, c + j)
                for r, c in white
                for i in (0, 1)
                for j in (0, 1)
                if r + i in (0, size) or c + j in (0, size)
            }
            blocks = 0
            for r, c in itertools.product(range(size - 1), repeat=2):
                a, b, x, d = ((r + i, c + j) in white for i in (0, 1) for j in (0, 1))
                blocks += (a and b and x and d) or a == d != b == x
            slack = 2 * (len(white) + len(parts)) - (size - 1) ** 2
            assert len(border) + blocks == slack, (size, seed)
            known = deduce(p, work=20_000)
            assert known is not None
            assert known[0] <= sea and not known[1] & sea, (size, seed)


def test_the_penalty_decides_the_tutorial(monkeypatch):
    """The tutorial's islands (63 cells, nine islands) have slack 2 (63 + 9) - 144 = 0: no
    island touches the border, none holds a 2x2 block or meets land diagonally between sea.
    With the rule the rules decide 140 of its 169 cells and the solve proves the answer unique
    at once (without it: 78 cells, and SCIP found the answer in 2.6 s, no proof in 60 s)."""
    p = nurikabe.from_url(parse_url(TUTORIAL))
    sea, land = deduce(p, work=10**9)
    assert len(sea) + len(land) >= 140
    assert all((r, c) in sea for r, c in p.positions() if r in (0, 12) or c in (0, 12))
    out = solve_puzzle(nurikabe.GENRE, p, Settings("default", time_limit=60))
    assert out.status == "solved" and out.unique is True
    assert nurikabe.verify(p, out.answer) == [] and sea <= out.answer and not land & out.answer
    monkeypatch.setattr(island_logic.Board, "_penalty", lambda self: False)
    sea, land = deduce(p, work=10**9, search_work=0)
    assert len(sea) + len(land) < 100


@pytest.mark.slow
def test_the_search_is_exact_on_small_grids():
    """The search after probing (`probing.search` over these rules), run on every grid: it
    decides the grid whole exactly where the puzzle has one answer (and then that answer), says
    there is none exactly where there is none, and leaves a puzzle of two answers or more to
    the solve (brute force over every shading, the genre's `verify` as the rules)."""
    rng = random.Random(11)
    puzzles = [random_puzzle(rng) for _ in range(300)]
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    tally = search_tally(
        puzzles, lambda p: deduce(p, work=0, search_spread=0), nurikabe.verify, free
    )
    assert min(tally.values()) > 10, tally


@pytest.mark.slow
def test_the_learning_search_alone_is_exact_on_small_grids():
    """The learning search over the islands and the sea (`nurikabe.learned`), with nothing
    decided before it, on every grid: it decides the grid whole exactly where the puzzle has
    one answer (and then that answer), says there is none exactly where there is none, and
    decides nothing where there are two or more (brute force over every shading, the genre's
    `verify` as the rules)."""
    rng = random.Random(31)
    puzzles = [random_puzzle(rng) for _ in range(200)]
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    tally = search_tally(
        puzzles, lambda p: nurikabe.learned(p, (set(), set()), 10**6), nurikabe.verify, free
    )
    assert min(tally.values()) > 10, tally


def sat_decided(p: Puzzle) -> tuple[set, set] | None:
    """The SAT solver (`nurikabe.sat_steps`) run to its end, with nothing decided before it:
    the cells it decides sea and land; None where it says there is no answer."""
    try:
        steps = nurikabe.sat_steps(p, (set(), set()), 10**6, TUNING.sat_solver)
        return probing.walked(steps) or (set(), set())
    except probing.Contradiction:
        return None


@pytest.mark.slow
def test_the_sat_solver_alone_is_exact_on_small_grids():
    """The SAT solver over the islands and the sea (its connections as steps from the known
    cells, or cut as answers show the sea apart), with nothing decided before it, on every
    grid: exact as the learning search is (brute force over every shading, `verify`)."""
    rng = random.Random(37)
    puzzles = [random_puzzle(rng) for _ in range(200)]
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    tally = search_tally(puzzles, sat_decided, nurikabe.verify, free)
    assert min(tally.values()) > 10, tally


# janko.at's Nurikabe no. 473 (tests/data/large/janko.json): few numbers, islands of 6 and 7
JANKO_473 = (
    "7........3..|............|...6.....7..|.....7......|....2..2....|..........2.|"
    "....2...3...|.....3......|....6....2.."
)


def drawn(text: str) -> Puzzle:
    """A puzzle drawn as its rows, `|` between them: a digit an island's size, `.` a cell
    without a number."""
    rows = [[None if ch == "." else int(ch) for ch in row] for row in text.split("|")]
    return Puzzle(tuple(map(tuple, rows)))


def test_the_search_decides_a_puzzle_of_few_large_islands():
    """Probing stops at 64 of janko's no. 473's 108 cells, where the lazy model took 3.5 s to
    its answer and proof; the search after it decides the rest (the answer, unique), and the
    model is then decided whole: no solve, no uniqueness search."""
    p = drawn(JANKO_473)
    probed = deduce(p, search_work=0)
    assert probed is not None and len(probed[0]) + len(probed[1]) < 80
    sea, land = deduce(p)
    assert len(sea) + len(land) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(sea)) == []
    out = solve_puzzle(nurikabe.GENRE, p, Settings("default", time_limit=60))
    assert out.status == "solved" and out.unique is True and out.answer == sea
    assert out.rounds == 0


def test_the_frontier_holds_the_ways_out_of_each_group_of_sea_and_each_island():
    """A 4x4 with a 5 at C3 (cell 10), sea at A1 and A2 (cells 0 and 4) and at D1 (cell 3):
    the group at D1 has two ways out, the one at A1 three, the island four. The search's
    frontier lists them in that order (the fewest first: there a guess meets the rules
    soonest); the islands' frontier lists the island's alone."""
    board = island_logic.Board(4, 4, {(2, 2): 5})
    for i in (0, 4, 3):
        board.state[i] = island_logic.SEA
    board._islands()
    assert board.frontier() == [2, 7, 1, 5, 8, 6, 9, 11, 14]
    assert board.island_frontier() == [6, 9, 11, 14]


def test_the_tightest_island_comes_first():
    """A 5x5 with a 6 at E3 and a 5 at E5: the rules make the 5's island the bottom row's
    last three cells, and each island has two unknown cells beside it. The 5 still needs two
    cells and reaches five beyond its own (2.5 per cell needed), the 6 needs five and reaches
    fourteen (2.8): the 5's cells come first in `tightest_island`, where `island_frontier`,
    with as many cells beside each, keeps the order of the numbers."""
    board = island_logic.Board(5, 5, {(2, 4): 6, (4, 4): 5})
    board.propagate()
    assert [board.state[i] for i in (22, 23, 24)] == [island_logic.LAND] * 3
    assert board.island_frontier() == [9, 13, 17, 21]
    assert board.tightest_island() == [17, 21, 9, 13]


def searched_from(p: Puzzle) -> island_logic.Board:
    """The puzzle's board as `deduce` hands it to the searches: the rules propagated, probing
    done within the genre's budget, the cut cells among the rules."""
    board = island_logic.Board(p.rows, p.cols, p.clues())
    board.propagate()
    work = probing.budget(p.rows, p.cols, TUNING.probe_work, TUNING.probe_passes)
    island_logic._probe(board, work)
    board.cuts = True
    return board


# janko.at's Nurikabe no. 962 (the puzzlekit dataset's 962_10x10): twelve islands of 4 and 5
# cells, where probing decides no cell
JANKO_962 = (
    "......5...|.4......4.|..........|5...5.....|......4...|...5......|.....5...4|"
    "..........|.5......5.|...4......"
)


SEARCH_WORK = 2_000_000  # a search's work in the tests of island_logic's searches below


@pytest.mark.slow
def test_the_search_beside_the_tightest_island_decides_janko_962():
    """On janko's no. 962 probing decides nothing; the search of single propagations beside
    the island with the least room ends within 2M work, where the one beside the island with
    the fewest cells next to it does not: the grid is decided whole, the answer `verify`
    accepts."""
    p = drawn(JANKO_962)
    board = searched_from(p)
    assert board.state.count(island_logic.UNKNOWN) == 100 - len(p.clues())
    fewest = [(board.copy(), False, island_logic.Board.island_frontier)]
    assert probing.race(fewest, SEARCH_WORK) is None
    found = probing.race(island_logic.island_searches(board), SEARCH_WORK)
    assert found is not None and island_logic.UNKNOWN not in found.state
    sea, land = deduce(p, search_work=SEARCH_WORK)
    assert len(sea) + len(land) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(sea)) == []


# janko.at's Nurikabe no. 943 (the puzzlekit dataset's 943_10x10): an island of 26 and one of
# 11 among six small ones; the sea stays in pieces until late in the search
JANKO_943 = {
    (0, 1): 2,
    (0, 8): 2,
    (3, 3): 3,
    (3, 6): 3,
    (6, 3): 5,
    (6, 6): 11,
    (9, 1): 26,
    (9, 8): 2,
}


@pytest.mark.slow
def test_the_search_over_the_seas_ways_out_decides_what_the_island_searches_leave():
    """On janko's no. 943 the two searches over the islands' borders run out of work; the
    search that also branches on the ways out of each group of sea (`Board.frontier`) then
    decides the grid whole, the answer `verify` accepts."""
    cells = [[JANKO_943.get((r, c)) for c in range(10)] for r in range(10)]
    p = Puzzle(tuple(map(tuple, cells)))
    board = searched_from(p)
    assert probing.race(island_logic.island_searches(board), SEARCH_WORK) is None
    sea, land = deduce(p, search_work=SEARCH_WORK)
    assert len(sea) + len(land) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(sea)) == []
    # told not to (as nurikabe's deductions do, the learning search following), it leaves them
    work = probing.budget(p.rows, p.cols, TUNING.probe_work, TUNING.probe_passes)
    rest = island_logic.deduce(
        p.rows, p.cols, p.clues(), work, SEARCH_WORK, TUNING.search_spread, ways_out=False
    )
    assert rest is not None and len(rest[0]) + len(rest[1]) < p.rows * p.cols


@pytest.mark.slow
@pytest.mark.parametrize("name", ["962", "943"])
def test_the_learning_search_decides_what_the_genres_searches_leave(name):
    """With the genre's budgets, the searches over the islands' borders and the sea's ways
    out run out of work on janko's no. 962 and no. 943 (each needs more than 1.5M); the
    learning search over what probing left decides the grid whole, the answer `verify`
    accepts, and no solver runs."""
    if name == "962":
        p = drawn(JANKO_962)
    else:
        cells = [[JANKO_943.get((r, c)) for c in range(10)] for r in range(10)]
        p = Puzzle(tuple(map(tuple, cells)))
    sea, land = deduce(p)
    assert len(sea) + len(land) < p.rows * p.cols
    d = nurikabe.deduce(p, TUNING)
    assert d.answer is not None and nurikabe.verify(p, d.answer) == []
    out = solve_puzzle(nurikabe.GENRE, p, Settings("default", time_limit=60))
    assert out.status == "solved" and out.unique is True and out.answer == d.answer
    assert out.note == DECIDED


def counted(walk, seen: list[int]):
    """A search taken a step at a time, each step's work noted in `seen`."""
    while True:
        try:
            work = next(walk)
        except StopIteration as end:
            return end.value
        seen.append(work)
        yield work


@pytest.mark.slow
def test_the_island_searches_and_the_learning_search_take_turns_by_their_cpu():
    """On janko's no. 943 the searches over the islands' borders run out of their work, and
    the learning search decides the grid within less than its own budget: taking turns by
    their CPU (`nurikabe.ISLAND_WORK_COST`), the learning search ends first, the island
    searches having spent a part of theirs only and about as much CPU as the learning
    search; the grid decided whole, the answer `verify` accepts."""
    cells = [[JANKO_943.get((r, c)) for c in range(10)] for r in range(10)]
    p = Puzzle(tuple(map(tuple, cells)))
    work = probing.budget(p.rows, p.cols, TUNING.probe_work, TUNING.probe_passes)
    board = island_logic.probed(p.rows, p.cols, p.clues(), work)
    islands = island_logic.searching(board, ISLAND_WORK, TUNING.search_spread, False)
    assert islands is not None and probing.walked(islands) is None  # out of its work
    board = island_logic.probed(p.rows, p.cols, p.clues(), work)
    islands = island_logic.searching(board, ISLAND_WORK, TUNING.search_spread, False)
    learnt = nurikabe.learning_steps(p, island_logic.decided(board), LEARN_WORK)
    on_islands: list[int] = []
    on_learning: list[int] = []
    cost = nurikabe.ISLAND_WORK_COST
    found = probing.first([(counted(islands, on_islands), cost), (counted(learnt, on_learning), 1)])
    assert found is not None and len(found[0]) + len(found[1]) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(found[0])) == []
    assert on_islands[-1] < ISLAND_WORK
    assert on_islands[-1] * cost <= on_learning[-1] + p.rows * p.cols * cost
    assert nurikabe.deduce(p, TUNING).answer == frozenset(found[0])


def test_the_sat_solver_takes_turns_with_both_searches_by_their_cpu():
    """On janko's no. 669 (14 x 24) the SAT solver ends first, before the learning search
    would and where the island searches run out: taking turns by their CPU
    (`nurikabe.ISLAND_WORK_COST`, `nurikabe.SAT_WORK_COST`), each other search took its last
    step when it had cost no more than the SAT solver in the end; the grid decided whole, the
    answer `verify` accepts and `deduce` gives."""
    published = json.loads((ROOT / "tests/data/published/nurikabe.json").read_text("utf-8"))
    entry = next(e for e in published if e["name"] == "669_14x24")
    p = nurikabe.parse(Grid("nurikabe", entry["cells"]))
    work = probing.budget(p.rows, p.cols, TUNING.probe_work, TUNING.probe_passes)
    board = island_logic.probed(p.rows, p.cols, p.clues(), work)
    known = island_logic.decided(board)
    islands = island_logic.searching(board, ISLAND_WORK, TUNING.search_spread, False)
    assert islands is not None
    seen: dict[str, list[int]] = {"islands": [], "learning": [], "sat": [], "alone": []}
    sat_unit = nurikabe.SAT_WORK_COST
    sat = TUNING.sat_conflicts, TUNING.sat_solver
    routes = [
        (counted(islands, seen["islands"]), nurikabe.ISLAND_WORK_COST),
        (counted(nurikabe.learning_steps(p, known, LEARN_WORK), seen["learning"]), 1),
        (counted(nurikabe.sat_steps(p, known, *sat), seen["sat"]), sat_unit),
    ]
    found = probing.first(routes)
    assert found is not None and len(found[0]) + len(found[1]) == p.rows * p.cols
    assert nurikabe.verify(p, frozenset(found[0])) == []
    sat_cost = seen["sat"][-1] * sat_unit
    assert seen["islands"][-2] * nurikabe.ISLAND_WORK_COST <= sat_cost
    assert seen["learning"][-2] <= sat_cost
    probing.walked(counted(nurikabe.learning_steps(p, known, LEARN_WORK), seen["alone"]))
    assert seen["learning"][-1] < seen["alone"][-1]  # alone, it goes on further to its end
    assert nurikabe.deduce(p, TUNING).answer == frozenset(found[0])


def test_where_the_searches_give_up_the_sat_solver_decides():
    """On janko's no. 943 with the searches' budgets too small to decide it, the SAT solver
    beside them (`Tuning.sat_conflicts`) decides the grid whole, the answer the searches find;
    without it, nothing past probing."""
    cells = [[JANKO_943.get((r, c)) for c in range(10)] for r in range(10)]
    p = Puzzle(tuple(map(tuple, cells)))
    short = dataclasses.replace(TUNING, search_work=10, learn_work=10)
    assert nurikabe.deduce(p, dataclasses.replace(short, sat_conflicts=0)).answer is None
    decided = nurikabe.deduce(p, short)
    assert decided.answer is not None and nurikabe.verify(p, decided.answer) == []
    assert decided.answer == nurikabe.deduce(p, TUNING).answer


def decided(board: island_logic.Board, cols: int) -> tuple[set, set]:
    """The cells the board has decided sea and land."""
    cells = {value: set() for value in (island_logic.SEA, island_logic.LAND)}
    for i, s in enumerate(board.state):
        if s in cells:
            cells[s].add(divmod(i, cols))
    return cells[island_logic.SEA], cells[island_logic.LAND]


def propagated(p: Puzzle, cuts: bool) -> tuple[set, set] | None:
    """The rules' propagation alone (no probing, no search), the sea's cut cells among them or
    not: the cells decided sea and land, None at a contradiction."""
    board = island_logic.Board(p.rows, p.cols, p.clues())
    board.cuts = cuts
    try:
        board.propagate()
    except island_logic.Contradiction:
        return None
    return decided(board, p.cols)


@pytest.mark.slow
def test_the_seas_cut_cells_are_sea_in_every_answer():
    """An unknown cell whose removal leaves sea cells on two sides, or the sea's side short of
    the sea's size, is sea (`Board._cut`): what propagation decides with the rule holds in every
    answer (every shading tried), and the rule decides cells the others leave open."""
    rng = random.Random(23)
    puzzles = [random_puzzle(rng) for _ in range(150)]
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    with_cuts = shading_tally(puzzles, lambda p, work: propagated(p, True), nurikabe.verify, free)
    without = shading_tally(puzzles, lambda p, work: propagated(p, False), nurikabe.verify, free)
    assert with_cuts[0] > without[0] or with_cuts[1] > without[1], (with_cuts, without)


def test_a_path_between_two_seas_is_sea():
    """Sea cells in two corners of a 3x3, land across the middle row's left two cells: the
    sea's only way between them runs round the right, and each cell on it is a cut cell."""
    board = island_logic.Board(3, 3, {(1, 0): 2})
    board.cuts = True
    board.state[4] = island_logic.LAND
    board.state[0] = board.state[6] = island_logic.SEA
    assert board._cut()
    sea = {i for i, s in enumerate(board.state) if s == island_logic.SEA}
    assert sea == {0, 1, 2, 5, 6, 7, 8}


def test_the_seas_cut_cells_are_those_whose_removal_splits_the_sea():
    """`_cut` (one depth-first search for the cut cells of the sea's side): on random boards it
    makes sea exactly the unknown cells that, taken out of the sea's side (the cells not land
    joined to the first sea cell), cut cells off it and leave sea cells on two sides, or the
    side holding the sea short of the sea's size (each cell taken out in turn)."""
    rng = random.Random(17)
    made_any = 0
    for _ in range(300):
        rows, cols = rng.randint(2, 7), rng.randint(2, 9)
        n = rows * cols
        clues = {divmod(rng.randrange(n), cols): rng.randint(1, n // 2)}
        board = island_logic.Board(rows, cols, clues)
        for i in range(n):
            if board.state[i] == probing.UNKNOWN and rng.random() < 0.6:
                board.state[i] = rng.choice((island_logic.SEA, island_logic.LAND))
        sea = {divmod(i, cols) for i, s in enumerate(board.state) if s == island_logic.SEA}
        expected = set()
        if sea:
            first = min(sea)
            not_land = [
                divmod(i, cols) for i, s in enumerate(board.state) if s != island_logic.LAND
            ]
            side = next(part for part in components(not_land) if first in part)
            for u in sorted(side):
                if board.state[u[0] * cols + u[1]] != probing.UNKNOWN:
                    continue
                parts = components(sorted(side - {u}))
                if len(parts) == 1:
                    continue  # a cell whose removal cuts nothing off
                holding = sorted((p for p in parts if p & sea), key=lambda p: first not in p)
                short = board.sea_size is not None and len(holding[0]) < board.sea_size
                if len(holding) > 1 or short:
                    expected.add(u[0] * cols + u[1])
        unknown = {i for i, s in enumerate(board.state) if s == probing.UNKNOWN}
        board._cut()
        assert {i for i in unknown if board.state[i] == island_logic.SEA} == expected
        made_any += bool(expected)
    assert made_any > 30, made_any


def test_an_islands_cut_cells_are_land():
    """A 3x4 with the 4 in the bottom left corner and sea in the top right: the rules make the
    top row sea and the middle row's third cell land, which the island joins through the
    middle row's second cell either way; without that cell it keeps at most three cells, so
    it is land (`Board._island_cuts`), where the other rules leave it open."""
    board = island_logic.Board(3, 4, {(2, 0): 4})
    board.state[3] = island_logic.SEA
    board.propagate()
    assert board.state[6] == island_logic.LAND and board.state[5] == island_logic.UNKNOWN
    assert board._island_cuts()
    assert board.state[5] == island_logic.LAND


def test_an_islands_kept_cut_cells_are_those_found_afresh(monkeypatch):
    """`_island_cuts` keeps each island's cut cells by its reach's cells and their states,
    shared by a board's copies: through the search of janko's no. 473 every call decides what
    the same call on a copy with nothing kept decides, and most islands' cut cells come from
    what was kept."""
    p = drawn(JANKO_473)
    rules, found = island_logic.Board._island_cuts, island_logic.Board._island_cut_cells
    tally = {"calls": 0, "islands": 0, "found": 0}

    def checked(board: island_logic.Board) -> bool:
        afresh = board.copy()
        afresh.island_cuts = island_logic.Kept(island_logic.KEPT_CELLS)
        expected = rules(afresh)
        tally["calls"] += 1
        tally["islands"] += len(afresh.island_cuts.found)
        changed = rules(board)
        assert (changed, board.state) == (expected, afresh.state)
        return changed

    def counted(board: island_logic.Board, reach: list[int], size: int) -> list[int]:
        tally["found"] += 1
        return found(board, reach, size)

    monkeypatch.setattr(island_logic.Board, "_island_cuts", checked)
    monkeypatch.setattr(island_logic.Board, "_island_cut_cells", counted)
    sea, land = deduce(p)
    assert len(sea) + len(land) == p.rows * p.cols and tally["calls"] > 100
    # each island is found afresh once by the check; the board's own call mostly finds it kept
    assert tally["found"] - tally["islands"] < tally["islands"] / 2, tally


def test_the_kept_cut_cells_start_afresh_past_their_size():
    """`Kept` holds cut cells up to `most` cells of reaches, then forgets them all at once."""
    kept = island_logic.Kept(10)
    kept.put((0, 0, 1, 1), [1], 6)
    kept.put((1, 0, 2, 2), [2], 4)
    assert kept.get((0, 0, 1, 1)) == [1] and kept.get((1, 0, 2, 2)) == [2]
    kept.put((2, 0, 3, 3), [3], 1)
    assert kept.get((0, 0, 1, 1)) is None and kept.get((2, 0, 3, 3)) == [3]
    assert kept.cells == 1


@pytest.mark.parametrize("url", (TUTORIAL, PENPA_3))
def test_probing_again_only_near_a_change_decides_as_much_for_less_work(url):
    """Probing with a radius (`probing.probe`, as `deduce` runs it: `PROBE_RADIUS`) probes a
    cell again only once a cell near it is decided: on these puzzles it ends where probing
    every cell again ends, and spends less work (the grid's cells once a probe)."""
    p = nurikabe.from_url(parse_url(url))
    ends = {}
    for radius in (None, island_logic.PROBE_RADIUS):
        board = island_logic.Board(p.rows, p.cols, p.clues())
        board.counting = False
        board.propagate()
        ends[radius] = board.state, probing.probe(board, 10**9, radius=radius)
    (everywhere, spent), (near, spent_near) = ends.values()
    assert near == everywhere and everywhere.count(island_logic.UNKNOWN) > 20
    assert spent_near < spent


def test_the_search_of_single_propagations_decides_a_puzzle_probing_leaves():
    """`probing.search` without probing at its nodes (as `deduce` runs it) decides janko's no.
    473 whole from where probing stops: its one answer, the answer `verify` accepts."""
    p = drawn(JANKO_473)
    board = island_logic.Board(p.rows, p.cols, p.clues())
    board.propagate()
    island_logic._probe(board, 10**9)
    assert board.state.count(island_logic.UNKNOWN) > 20
    board.cuts = True
    found = probing.search(board, 10**7, island_logic.Board.frontier, probe_nodes=False)
    assert found is not None and island_logic.UNKNOWN not in found.state
    sea = {divmod(i, p.cols) for i, s in enumerate(found.state) if s == island_logic.SEA}
    assert nurikabe.verify(p, frozenset(sea)) == []
    # both searches taking turns (`probing.race`, as `deduce` runs them) end on the same answer
    starts: list[probing.Start] = [
        (board, False, island_logic.Board.island_frontier),
        (board.copy(), True, island_logic.Board.frontier),
    ]
    raced = probing.race(starts, 10**7)
    assert raced is not None and raced.state == found.state


def test_land_beyond_the_seas_reach():
    """A 2x5 of one island of 8: the sea has 2 cells, so with sea in the bottom right corner
    the other sea cell lies next to it, and every cell farther is land (`Board._sea_reach`)."""
    board = island_logic.Board(2, 5, {(0, 0): 8})
    assert board.small_sea
    board.state[9] = island_logic.SEA
    assert board._sea_reach([[9]], 1)
    unknown = {i for i, s in enumerate(board.state) if s == island_logic.UNKNOWN}
    assert unknown == {4, 8}
    assert all(board.state[i] == island_logic.LAND for i in (1, 2, 3, 5, 6, 7))


def probed(p: Puzzle, sea_reach: bool) -> tuple[set, set] | None:
    """The rules' propagation and probing (no search), the sea's reach among the rules or not:
    the cells decided sea and land, None at a contradiction."""
    board = island_logic.Board(p.rows, p.cols, p.clues())
    board.small_sea = sea_reach
    try:
        board.propagate()
        island_logic._probe(board, 10**9)
    except island_logic.Contradiction:
        return None
    return decided(board, p.cols)


@pytest.mark.slow
def test_what_the_seas_reach_decides_holds_in_every_answer():
    """On small grids whose sea is shorter than a path between opposite corners (where the
    rule runs), what probing decides with the sea's reach holds in every answer (every shading
    tried), and the rule decides cells probing without it leaves open."""
    rng = random.Random(31)
    puzzles = []
    while len(puzzles) < 60:
        rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
        n = rows * cols
        cells = [[None] * cols for _ in range(rows)]
        spots = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 2))
        for r, c in spots:
            cells[r][c] = rng.randint(1, n - 1)
        p = Puzzle(tuple(map(tuple, cells)))
        sea = n - sum(p.clues().values())
        if 0 < sea < rows + cols - 1:
            puzzles.append(p)
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    with_reach = shading_tally(puzzles, lambda p, work: probed(p, True), nurikabe.verify, free)
    without = shading_tally(puzzles, lambda p, work: probed(p, False), nurikabe.verify, free)
    assert with_reach[0] > without[0] or with_reach[1] > without[1], (with_reach, without)


def test_the_reach_is_a_breadth_first_search_of_the_cells_an_island_may_hold():
    """`Board._reach` searches with the grid as bits of an integer: on random boards (grids up
    to 9 x 13, cells made sea or land at random, then the islands found), each unfinished
    island reaches, at each distance, the cells a plain breadth-first search over the cells it
    may hold (`_only`) finds, no step wraps round a row's end, and the cells no island reaches
    are sea after the rule."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        rows, cols = rng.randint(2, 9), rng.randint(2, 13)
        cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 5))
        board = island_logic.Board(
            rows, cols, {cell: rng.choice((2, 5, 9, None)) for cell in cells}
        )
        for i in rng.sample(range(rows * cols), rows * cols // 3):
            if board.state[i] == probing.UNKNOWN:
                board.state[i] = rng.choice((island_logic.SEA, island_logic.LAND))
        try:
            board._islands()
            only = board._only()
            board._reach()
        except probing.Contradiction:
            continue
        for k, group in board.owned.items():
            size = board.sizes[k]
            group = indices(group)
            left = rows * cols if size is None else size - len(group)
            dist = dict.fromkeys(group, 0)
            layer = list(group)
            while layer and max(dist.values()) < left:
                layer = [
                    j
                    for j in dict.fromkeys(j for i in layer for j in board.near[i])
                    if j not in dist and only[j] in (k, island_logic.ANY)
                ]
                dist |= dict.fromkeys(layer, max(dist.values()) + 1)
            found, steps = board._reached(k)
            assert dict(zip(found, steps, strict=True)) == (
                dist if left else dict.fromkeys(group, 0)
            )
            checked += 1
        reached = {j for k in board.reach for j in board._reached(k)[0]}
        assert all(
            board.state[j] == island_logic.SEA for j in range(rows * cols) if j not in reached
        )
    assert checked > 150


def _random_mask(rng: random.Random, n: int, share: float) -> int:
    return sum(1 << i for i in range(n) if rng.random() < share)


def test_the_sea_groups_kept_from_a_smaller_sea_are_the_sea_groups():
    """`_seas` floods only the new sea cells' groups where the sea it last saw lies within
    this one; its groups are the ones a flood of the whole sea finds, in the same order, along
    a growing sea, on a copy, and on a sea that is not a superset."""
    rng = random.Random(7)
    board = island_logic.Board(9, 11, {(0, 0): 3})
    n = 9 * 11

    def flooded(sea: int) -> list[int]:
        groups, rest = [], sea
        while rest:
            groups.append(board._flood(rest & -rest, sea))
            rest &= ~groups[-1]
        return groups

    for _ in range(20):
        sea = 0
        for _ in range(12):
            sea |= _random_mask(rng, n, 0.06)
            assert board._seas(sea) == flooded(sea)
            copy = board.copy()
            grown = sea | _random_mask(rng, n, 0.05)
            assert copy._seas(grown) == flooded(grown)
        other = _random_mask(rng, n, 0.3)
        assert board._seas(other) == flooded(other)


def _plain_islands(board: island_logic.Board) -> tuple[dict[int, list[int]], set[int]] | None:
    """What `_islands` finds, cell by cell: each land group holding a number (None where one
    holds two, or holds more cells than its number), and the unknown cells it makes sea (next
    to a complete island, or next to two islands)."""
    state, near, cols = board.state, board.near, board.cols
    owned = {}
    land = [divmod(i, cols) for i, s in enumerate(state) if s == island_logic.LAND]
    for part in components(land):
        group = [r * cols + c for r, c in part]
        numbers = [k for k, i in enumerate(board.clue_cells) if i in group]
        if len(numbers) > 1:
            return None
        if numbers:
            owned[numbers[0]] = sorted(group)
    sea, beside = set(), {}
    for k, group in owned.items():
        size = board.sizes[k]
        if size is not None and len(group) > size:
            return None
        for j in {j for i in group for j in near[i] if state[j] == island_logic.UNKNOWN}:
            if size is not None and len(group) == size:
                sea.add(j)
            beside.setdefault(j, set()).add(k)
    return owned, sea | {j for j, ks in beside.items() if len(ks) > 1}


def test_the_islands_from_kept_land_groups_are_the_islands():
    """`_islands` keeps the land groups it found and floods only the groups of the new land
    cells: along land growing cell by cell, on copies and after a board is made afresh, its
    islands and the cells it makes sea are those a plain search of every land group finds,
    and it meets a contradiction exactly where that search does."""
    rng = random.Random(11)
    checked = contradictions = 0
    for _ in range(60):
        rows, cols = rng.randint(3, 9), rng.randint(3, 12)
        cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 6))
        board = island_logic.Board(
            rows, cols, {cell: rng.choice((1, 3, 6, 12, None)) for cell in cells}
        )
        for _ in range(rows * cols // 2):
            free = [i for i, s in enumerate(board.state) if s == probing.UNKNOWN]
            if not free:
                break
            trial = board.copy() if rng.random() < 0.3 else board
            trial.set(rng.choice(free), rng.choice((island_logic.SEA, island_logic.LAND)))
            expected = _plain_islands(trial)
            unknown = {i for i, s in enumerate(trial.state) if s == probing.UNKNOWN}
            try:
                trial._islands()
            except probing.Contradiction:
                assert expected is None
                contradictions += 1
                break
            assert expected is not None
            owned, sea = expected
            assert {k: indices(g) for k, g in trial.owned.items()} == owned
            assert {i for i in unknown if trial.state[i] == island_logic.SEA} == sea
            checked += 1
    assert checked > 500 and contradictions > 10, (checked, contradictions)


def test_no_square_of_sea_over_bits_is_the_rule_block_by_block():
    """`_squares` works on the grid as bits: on random boards, it meets a contradiction exactly
    where a block is all sea, and otherwise makes land exactly the unknown cell of each block
    whose other three cells are sea."""
    rng = random.Random(13)
    made_any = contradictions = 0
    for _ in range(300):
        rows, cols = rng.randint(2, 8), rng.randint(2, 11)
        board = island_logic.Board(rows, cols, {})
        for i in range(rows * cols):
            board.state[i] = rng.choice(
                (island_logic.SEA, island_logic.SEA, island_logic.LAND, probing.UNKNOWN)
            )
        blocks = [[board.state[i] for i in block] for block in board.blocks]
        expected = {
            i
            for block, states in zip(board.blocks, blocks, strict=True)
            if states.count(island_logic.SEA) == 3
            for i in block
            if board.state[i] == probing.UNKNOWN
        }
        unknown = {i for i, s in enumerate(board.state) if s == probing.UNKNOWN}
        try:
            board._squares()
        except probing.Contradiction:
            assert [island_logic.SEA] * 4 in blocks
            contradictions += 1
            continue
        assert [island_logic.SEA] * 4 not in blocks
        assert {i for i in unknown if board.state[i] == island_logic.LAND} == expected
        made_any += bool(expected)
    assert made_any > 20 and contradictions > 20, (made_any, contradictions)


def test_an_islands_search_kept_is_the_search():
    """`_searched` gives an island's last breadth-first search again only where the search
    would look at the same cells: the result is always that of `_layers`, and a change of the
    cells it may enter far from where it reached keeps the search made."""
    rng = random.Random(11)
    board = island_logic.Board(10, 12, {(0, 0): 3})
    n = 10 * 12
    for k in range(30):
        start = 1 << rng.randrange(n)
        within = _random_mask(rng, n, 0.6) | start
        steps = rng.randrange(1, 8)
        for _ in range(5):
            got = board._searched(k % 3, start, within, steps)
            assert got == board._layers(start, within, steps)
            within ^= 1 << rng.randrange(n)
    start, steps = 1, 2  # the top-left cell, two steps: it reaches at most three rows and columns
    within = board.all_cells
    first = board._searched(0, start, within, steps)
    far = within & ~(1 << (n - 1))  # the bottom-right cell, far beyond its reach
    assert board._searched(0, start, far, steps)[0] is first[0]  # the same layers, not made again


PUBLISHED = json.loads((ROOT / "tests/data/published/nurikabe.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=lambda e: e["name"])
def test_the_learning_search_decides_published_puzzles_the_island_searches_leave(entry):
    """Published puzzles where the searches over the islands' borders run out of work (more
    than 8M each): the learning search decides what probing left, to the published answer,
    and no solver runs."""
    p = nurikabe.parse(Grid("nurikabe", entry["cells"]))
    want = frozenset(tuple(cell) for cell in entry["expected"]["shaded"])
    sea, land = deduce(p)
    assert len(sea) + len(land) < p.rows * p.cols
    out = solve_puzzle(nurikabe.GENRE, p, Settings("default", time_limit=60))
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert out.note == DECIDED
