"""The deductions made before kurodoko's, heyawake's, hitori's and norinori's solve
(solver.deduce.shade_logic): what they decide holds in every answer (brute force over small grids,
with the genre's own `verify` as the rules), they decide published and generated puzzles whole,
and a puzzle without an answer says so."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solver.blocks.cells import check_connected, seen_cells
from solver.blocks.geometry import grid_edges, neighbours
from solver.blocks.rooms import RoomPuzzle, Rooms, rooms_from_walls
from solver.deduce import shade_logic
from solver.genres import aqre, heyawake, hitori, kurodoko, norinori
from solver.genres.kurodoko import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, solve_puzzle
from tests.conftest import every_shading_answer, search_tally
from tests.conftest import shading_tally as tally
from tests.generators.kurodoko import generate

LARGE = Path(__file__).parent / "data" / "large"


def deduce_kurodoko(p: Puzzle, work: int = kurodoko.GENRE.tuning.probe_work):
    return shade_logic.deduce(
        lambda: kurodoko.deduction_board(p.rows, p.cols, p.clues()),
        work,
        idle=kurodoko.GENRE.tuning.probe_idle,
    )


def random_puzzle(rng: random.Random) -> Puzzle:
    """Mostly numbers read off a random shading (a puzzle with an answer), else random ones."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3), (4, 4)))
    cells = [[None] * cols for _ in range(rows)]
    grid = list(itertools.product(range(rows), range(cols)))
    places = rng.sample(grid, rng.randint(2, 4) if rows * cols < 16 else rng.randint(5, 7))
    if rng.random() < 0.3:
        for r, c in places:
            cells[r][c] = rng.choice((1, 2, 3, 4, 5, 6, 7, UNKNOWN))
        return Puzzle(tuple(map(tuple, cells)))
    while True:
        shaded = frozenset(
            q for q in itertools.product(range(rows), range(cols)) if rng.random() < 0.3
        )
        if not kurodoko.verify(Puzzle(tuple(map(tuple, cells))), shaded):
            break
    white = {(r, c) for r in range(rows) for c in range(cols)} - shaded
    for r, c in places:
        if (r, c) in white:
            cells[r][c] = len(seen_cells((r, c), white)) if rng.random() < 0.9 else UNKNOWN
    return Puzzle(tuple(map(tuple, cells)))


@pytest.mark.slow
def test_what_it_decides_holds_in_every_answer():
    rng = random.Random(5)
    puzzles = [random_puzzle(rng) for _ in range(120)]
    free = lambda p: [q for q in p.positions() if q not in p.clues()]  # noqa: E731
    decided, contradictions, solvable = tally(puzzles, deduce_kurodoko, kurodoko.verify, free)
    # it decides cells, finds where there is no answer, and meets puzzles with answers
    assert decided > 400 and contradictions > 20 and solvable > 60


KURODOKO_2 = "https://puzz.link/p?kurodoko/10/10/3h2h5h3r3j6h2n5z8n2h3j4r6h2h5h2"


def test_a_published_puzzle_is_decided_whole_and_fixes_every_cell_of_the_model():
    """kurodoko-2 of tests/data/large: the rules decide every cell (the rules alone, without
    probing, fewer); the deduced model's b are fixed to them (the pure model's are free, its
    sightlines rows), and the solve needs no uniqueness search."""
    p = kurodoko.from_url(parse_url(KURODOKO_2))
    shaded, unshaded = deduce_kurodoko(p)
    assert len(shaded) + len(unshaded) == p.rows * p.cols
    rules = deduce_kurodoko(p, work=0)
    assert rules is not None and len(rules[0]) + len(rules[1]) < p.rows * p.cols
    m = kurodoko.GENRE.build(p, lazy=True, deduce=True)
    fixed = {cell: v.lowBound for cell, v in m["b"].items() if v.lowBound == v.upBound}
    assert fixed == {**dict.fromkeys(shaded, 1), **dict.fromkeys(unshaded - p.clues().keys(), 0)}
    pure = kurodoko.GENRE.build(p, lazy=True)
    assert not [v for v in pure["b"].values() if v.lowBound == v.upBound]
    assert [c for c in pure.prob.constraints() if c.name.startswith("Sees")]
    out = solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == shaded
    assert kurodoko.verify(p, shaded) == []


def test_generated_puzzles_are_decided_whole():
    """The generator's puzzles (unique, many numbers) are decided whole, and agree with it."""
    for size, seed in ((12, 1), (15, 2)):
        p, note = generate(size, seed)
        assert "unique" in note
        shaded, unshaded = deduce_kurodoko(p)
        assert len(shaded) + len(unshaded) == size * size
        assert kurodoko.verify(p, frozenset(shaded)) == []


def test_no_answer_is_a_contradiction():
    # a 1 in the middle: its four neighbours shaded cut it off from the rest
    p = Puzzle(((None, None, None), (None, 1, None), (None, None, None)))
    assert deduce_kurodoko(p) is None
    # two numbers that see each other and disagree on the cells between
    p = Puzzle(((2, None, 5),))
    assert deduce_kurodoko(p) is None
    out = solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "infeasible"


def _apart_states(count: int, seed: int) -> list[tuple[int, int, list[int]]]:
    """Random states of small grids as the connection rule sees them: shaded cells apart, their
    neighbours unshaded, the other cells unshaded or unknown."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        state = [shade_logic.UNKNOWN] * (rows * cols)
        near = shade_logic.Board(rows, cols).near
        share = rng.random() * 0.5
        for i in rng.sample(range(rows * cols), rows * cols):
            if rng.random() < share and shade_logic.SHADED not in (state[j] for j in near[i]):
                state[i] = shade_logic.SHADED
        for i, s in enumerate(state):
            beside = any(state[j] == shade_logic.SHADED for j in near[i])
            if s == shade_logic.UNKNOWN and (beside or rng.random() < 0.2):
                state[i] = shade_logic.UNSHADED
        found.append((rows, cols, state))
    return found


def _joined(near: list[list[int]], state: list[int], shaded: set[int]) -> bool:
    """Whether the cells neither shaded in `state` nor in `shaded` hang together."""
    cells = [i for i, s in enumerate(state) if s != shade_logic.SHADED and i not in shaded]
    seen, todo = set(cells[:1]), cells[:1]
    while todo:
        for j in near[todo.pop()]:
            if j not in seen and state[j] != shade_logic.SHADED and j not in shaded:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(cells)


def test_the_rings_of_shaded_cells_are_the_cut_vertices():
    """Where shaded cells never touch, the connection rule (rings of shaded cells joined corner
    to corner or through the frame) finds a contradiction exactly where the cells not shaded
    lie apart, and unshades exactly the unknown cells whose shading would part them."""
    for rows, cols, state in _apart_states(3000, 5):
        board = shade_logic.Board(rows, cols)
        board.state, board.todo = list(state), []
        apart = not _joined(board.near, state, set())
        try:
            board._connected()
        except shade_logic.Contradiction:
            assert apart, (rows, cols, state)
            continue
        assert not apart, (rows, cols, state)
        cuts = [
            i
            for i, s in enumerate(state)
            if s == shade_logic.UNKNOWN and not _joined(board.near, state, {i})
        ]
        unshaded = [i for i, s in enumerate(state) if board.state[i] != s]
        assert unshaded == cuts, (rows, cols, state)


# --- heyawake ------------------------------------------------------------------------------


# Probing's budget in heyawake's tests of it (the genre's Tuning gives it none: the SAT solver
# after the rules decides sooner)
HEYAWAKE_PROBE_WORK = 500_000
HEYAWAKE_PROBE_IDLE = 0.1


def heyawake_deduce(p: RoomPuzzle, work: int = HEYAWAKE_PROBE_WORK):
    numbered = sorted(p.room_numbers().items())
    runs = [run for _, run in heyawake.crossing_runs(p.rooms)]
    rooms = [(n, p.rooms.cells(k)) for k, n in numbered]
    return shade_logic.deduce(
        lambda: heyawake.deduction_board(p.rows, p.cols, rooms, runs),
        work,
        everywhere=True,
        idle=HEYAWAKE_PROBE_IDLE,
    )


def random_rooms(rows: int, cols: int, rng: random.Random) -> Rooms:
    """Rooms cut from the grid by walls between random neighbours (about a third of them)."""
    walls = [pair for pair in grid_edges(rows, cols) if rng.random() < 0.35]
    return rooms_from_walls(rows, cols, walls)


def random_heyawake(rng: random.Random) -> RoomPuzzle:
    """Mostly rooms numbered from a random shading that keeps the rules (a puzzle with an
    answer), else random numbers."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    rooms = random_rooms(rows, cols, rng)
    grid = list(itertools.product(range(rows), range(cols)))
    shaded = frozenset(q for q in grid if rng.random() < 0.3)
    if rng.random() < 0.7:
        while heyawake.verify(RoomPuzzle(rooms), shaded):
            shaded = frozenset(q for q in grid if rng.random() < 0.3)
    numbers = []
    for cells in rooms.all():
        if rng.random() < 0.7:
            n = sum(q in shaded for q in cells)
            numbers.append((min(cells), n if rng.random() < 0.9 else rng.randint(0, 3)))
    return RoomPuzzle(rooms, tuple(sorted(numbers)))


@pytest.mark.slow
def test_heyawake_what_it_decides_holds_in_every_answer():
    rng = random.Random(11)
    puzzles = [random_heyawake(rng) for _ in range(40)]
    free = lambda p: list(p.positions())  # noqa: E731
    decided, contradictions, solvable = tally(puzzles, heyawake_deduce, heyawake.verify, free)
    assert decided > 70 and contradictions >= 3 and solvable > 25


@pytest.mark.slow
def test_heyawake_search_is_exact_on_small_grids():
    """The search after probing (`probing.search` over heyawake's rules, `shade_logic.deduce`'s
    search_work): it decides the grid whole exactly where the puzzle has one answer (and then
    that answer) and says there is none exactly where there is none (brute force over every
    shading, the genre's `verify` as the rules)."""
    rng = random.Random(12)
    puzzles = [random_heyawake(rng) for _ in range(70)]

    def deduce(p: RoomPuzzle) -> tuple[set, set] | None:
        rooms = [(n, p.rooms.cells(k)) for k, n in sorted(p.room_numbers().items())]
        runs = [run for _, run in heyawake.crossing_runs(p.rooms)]
        board = lambda: heyawake.deduction_board(p.rows, p.cols, rooms, runs)  # noqa: E731
        return shade_logic.deduce(board, work=0, search_work=10**9)

    free = lambda p: list(p.positions())  # noqa: E731
    tally_ = search_tally(puzzles, deduce, heyawake.verify, free)
    assert min(tally_.values()) >= 5, tally_


def test_heyawake_3_is_decided_by_the_search_after_probing():
    """heyawake-3 (tests/data/large): the rules leave all 144 cells unknown, and probing every
    cell decides one; the SAT solver (`heyawake.learned`) within heyawake's own
    `Tuning.sat_work` ends with its one answer, the solver's answer, which it proves unique."""
    large = Path(__file__).parent / "data" / "large" / "puzzles.json"
    entry = next(e for e in json.loads(large.read_text()) if e["name"] == "heyawake-3")
    p = heyawake.from_url(parse_url(entry["url"]))
    tuning = heyawake.GENRE.tuning
    assert sum(map(len, heyawake_deduce(p))) == 1
    probed = heyawake.deduce(p, replace(tuning, sat_work=0, learn_work=0))
    assert not any(probed.fixed.values())
    learned = heyawake.deduce(p, tuning)
    out = solve_puzzle(heyawake.GENRE, p, Settings("default"))
    assert out.status == "solved" and out.unique is True and out.rounds == 0
    assert learned.answer == out.answer and heyawake.verify(p, out.answer) == []


def test_heyawake_published_24x14_is_decided_whole():
    """The published 24x14 of tests/data/large: the rooms' counts, the runs across two borders
    and probing every cell decide it whole (the solve then needs no solver search); probing
    only next to decided cells, as kurodoko's, decides 3 of its 336 cells."""
    decided_whole(heyawake, "heyawake-24x14", heyawake_deduce)


def decided_whole(genre: ModuleType, name: str, deduce: Any, file: str = "published.json") -> Any:
    """The puzzle `name` of tests/data/large/<file>: `deduce` decides every cell, its shading
    keeps the rules (the genre's `verify`), and the solve is that answer, unique, found with no
    solver search. The puzzle, for more checks."""
    entries = json.loads((LARGE / file).read_text(encoding="utf-8"))
    p = genre.from_url(parse_url(next(e["url"] for e in entries if e["name"] == name)))
    shaded, unshaded = deduce(p)
    assert len(shaded) + len(unshaded) == p.rows * p.cols
    assert genre.verify(p, frozenset(shaded)) == []
    out = solve_puzzle(genre.GENRE, p, Settings("default", time_limit=60))
    assert out.status == "solved" and out.unique is True and out.answer == shaded
    assert out.note == DECIDED and out.rounds == 0
    return p


# --- norinori ------------------------------------------------------------------------------


def norinori_deduce(p: RoomPuzzle, work: int = norinori.GENRE.tuning.probe_work):
    return shade_logic.deduce(
        lambda: norinori.deduction_board(p.rows, p.cols, p.rooms.all()),
        work,
        everywhere=True,
        idle=None,
    )


def random_norinori(rng: random.Random) -> RoomPuzzle:
    """Mostly rooms grown around random dominoes (a puzzle with an answer), else random rooms."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    if rng.random() < 0.3:
        return RoomPuzzle(random_rooms(rows, cols, rng))
    near = lambda q: neighbours(rows, cols, *q)  # noqa: E731
    grid = list(itertools.product(range(rows), range(cols)))
    shaded: set[tuple[int, int]] = set()
    label: dict[tuple[int, int], int] = {}
    pairs = list(grid_edges(rows, cols))
    rng.shuffle(pairs)
    for a, b in pairs:  # dominoes that touch no other side by side
        if not {a, b} & shaded and not shaded & {*near(a), *near(b)}:
            shaded |= {a, b}
            label[a] = label[b] = len(label) // 2
    while len(label) < rows * cols:  # each other cell joins a neighbouring room
        cell = rng.choice([q for q in grid if q not in label])
        rooms = [label[q] for q in near(cell) if q in label]
        if rooms:
            label[cell] = rng.choice(rooms)
    walls = [(a, b) for a, b in grid_edges(rows, cols) if label[a] != label[b]]
    return RoomPuzzle(rooms_from_walls(rows, cols, walls))


@pytest.mark.slow
def test_norinori_what_it_decides_holds_in_every_answer():
    rng = random.Random(13)
    puzzles = [random_norinori(rng) for _ in range(80)]
    free = lambda p: list(p.positions())  # noqa: E731
    decided, contradictions, solvable = tally(puzzles, norinori_deduce, norinori.verify, free)
    # (most have several answers, so few cells are decided: 100 of them, 11 contradictions, 69)
    assert decided > 60 and contradictions >= 5 and solvable > 40


def test_norinori_published_20x10_is_decided_whole_without_a_solver():
    """The published 20x10 of tests/data/large: the rules and probing every cell decide it
    whole (the rules alone 8 of its 200 cells, the budget of kurodoko's probing 120), every b
    and d of the model is fixed, and the solve runs no solver."""
    p = decided_whole(norinori, "norinori-20x10", norinori_deduce)
    rules = norinori_deduce(p, work=0)
    assert rules is not None and len(rules[0]) + len(rules[1]) < p.rows * p.cols
    deduced = norinori.GENRE.build(p, deduce=True)
    assert all(v.lowBound == v.upBound for v in deduced.prob.variables())


# --- hitori --------------------------------------------------------------------------------


def hitori_deduce(p: hitori.Puzzle, work: int = hitori.GENRE.tuning.probe_work):
    repeats = [same for _, _, same in p.repeats()]
    return shade_logic.deduce(
        lambda: hitori.deduction_board(p.rows, p.cols, repeats), work, everywhere=True, idle=None
    )


def random_hitori(rng: random.Random) -> hitori.Puzzle:
    """Mostly numbers written around a random shading that keeps the rules (a puzzle with an
    answer: the unshaded cells repeat no number, each shaded one repeats a number of its row or
    column), else numbers 1 to 3 at random."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3)))
    grid = list(itertools.product(range(rows), range(cols)))
    if rng.random() < 0.3:
        return hitori.Puzzle(
            tuple(tuple(rng.randint(1, 3) for _ in range(cols)) for _ in range(rows))
        )
    empty = hitori.Puzzle(tuple((None,) * cols for _ in range(rows)))
    shaded = frozenset(q for q in grid if rng.random() < 0.3)
    while hitori.verify(empty, shaded):
        shaded = frozenset(q for q in grid if rng.random() < 0.3)
    cells: dict[tuple[int, int], int] = {}
    for r, c in grid:
        if (r, c) not in shaded:
            taken = {n for q, n in cells.items() if (q[0] == r or q[1] == c) and q not in shaded}
            cells[r, c] = rng.choice([n for n in range(1, 9) if n not in taken])
    for r, c in sorted(shaded):
        seen = [n for q, n in cells.items() if (q[0] == r or q[1] == c) and q not in shaded]
        cells[r, c] = rng.choice(seen) if seen else 9
    return hitori.Puzzle(tuple(tuple(cells[r, c] for c in range(cols)) for r in range(rows)))


@pytest.mark.slow
def test_hitori_what_it_decides_holds_in_every_answer():
    rng = random.Random(17)
    puzzles = [random_hitori(rng) for _ in range(50)]
    free = lambda p: list(p.positions())  # noqa: E731
    decided, contradictions, solvable = tally(puzzles, hitori_deduce, hitori.verify, free)
    assert decided > 100 and contradictions >= 5 and solvable > 25


@pytest.mark.slow
@pytest.mark.parametrize("sat_work", (0, 10**7), ids=("learning", "sat"))
def test_hitori_search_alone_finds_every_answer_of_small_grids(sat_work: int):
    """Without the rules' deductions or probing, hitori's search (`hitori.learned`: the
    learning search's and the SAT solver's) against every shading (hitori's `verify` as the
    rules): no answer exactly where there is none, the grid decided whole, to that answer,
    exactly where there is one."""
    rng = random.Random(19)
    tally_ = Counter()
    for _ in range(140):
        p = random_hitori(rng)
        answers = every_shading_answer(p, hitori.verify, list(p.positions()))
        known = hitori.learned(p, (set(), set()), 10**6, sat_work)
        assert (known is None) == (not answers), p
        if known is not None:
            whole = len(known[0]) + len(known[1]) == p.rows * p.cols
            assert whole == (len(answers) == 1), p
            assert not whole or answers == [frozenset(known[0])]
        tally_[min(len(answers), 2)] += 1
    assert min(tally_.values()) >= 5, tally_


def test_hitori_2_is_decided_whole_without_a_solver():
    """hitori-2 of tests/data/large: the rules and probing decide it whole; the solve runs no
    solver."""
    decided_whole(hitori, "hitori-2", hitori_deduce, "puzzles.json")


def test_a_look_of_joined_after_kept_ones_decides_as_a_fresh_board_does():
    """`_joined` keeps what it found between looks (`Board.settled`, `Board.parts`): along
    random settings of boards whose unshaded cells are joined, with groups that each hold an
    unshaded cell (`Board.need`), each look decides what it decides on a new board of the
    same state (the same cells set, or no answer)."""
    rng = random.Random(7)
    rows, cols = 5, 6
    looks = 0
    for _ in range(60):
        corners = rng.sample([(r, c) for r in range(rows - 1) for c in range(cols - 1)], 5)
        groups = [[(r + dr) * cols + c + dc for dr in (0, 1) for dc in (0, 1)] for r, c in corners]

        def fresh(state: list[int], groups: list[list[int]] = groups) -> shade_logic.Board:
            board = shade_logic.Board(rows, cols, apart=False)
            for group in groups:
                board.need(group)
            board.state = state[:]
            return board

        def look(board: shade_logic.Board) -> list[int] | None:
            try:
                board._joined(shade_logic.UNSHADED, True)
            except shade_logic.Contradiction:
                return None
            return board.state

        board = fresh([shade_logic.UNKNOWN] * (rows * cols))
        while shade_logic.UNKNOWN in board.state:
            unknown = [i for i, s in enumerate(board.state) if s == shade_logic.UNKNOWN]
            value = shade_logic.SHADED if rng.random() < 0.4 else shade_logic.UNSHADED
            board.set(rng.choice(unknown), value)
            ours = board.copy()
            got = look(ours)
            assert got == look(fresh(board.state))
            looks += 1
            if got is None:
                break
            board = ours
            if rng.random() < 0.5:  # a second look at the state the first one left
                again = board.copy()
                assert look(again) == look(fresh(board.state))
    assert looks > 300


# --- the search over counts, cells never all of a colour, a connected colour ----------------


COLOURS = (shade_logic.SHADED, shade_logic.UNSHADED)


def _holds(rows, cols, shaded, counts, never_all, joined, one_of) -> bool:
    """Whether a shading keeps the rules `shade_logic.learned` is told, checked directly."""
    if any(sum(q in shaded for q in cells) != n for n, cells in counts):
        return False
    for cells, colour in never_all:
        if all((q in shaded) == (colour == shade_logic.SHADED) for q in cells):
            return False
    for pairs in one_of:
        if not any((q in shaded) == (colour == shade_logic.SHADED) for q, colour in pairs):
            return False
    grid = set(itertools.product(range(rows), range(cols)))
    if joined is not None:
        cells = shaded if joined == shade_logic.SHADED else grid - shaded
        if check_connected(cells, "cells"):
            return False
    return True


@pytest.mark.parametrize("sat_work", (0, 10**7), ids=("learning", "sat"))
def test_the_search_after_probing_finds_every_answer_of_small_grids(sat_work: int):
    """`shade_logic.learned` (aqre's, creek's, heyawake's, hitori's and norinori's search after
    probing), the learning search's and the SAT solver's, against every shading of random small
    grids with random counts, sets of cells never all of one colour, sets of cells with a colour
    each of which one has its colour, and a connected colour, some cells known before: no
    answer exactly where there is none, and the grid decided whole, to that answer, exactly
    where there is one."""
    rng = random.Random(5)
    tally = Counter()
    for _ in range(200):
        rows, cols = rng.choice(((3, 3), (3, 4), (4, 3), (2, 5)))
        grid = list(itertools.product(range(rows), range(cols)))
        planted = {q for q in grid if rng.random() < 0.5}
        counts = []
        for _ in range(rng.randint(2, 7)):
            cells = rng.sample(grid, rng.randint(1, 5))
            n = sum(q in planted for q in cells)
            counts.append((n if rng.random() < 0.9 else rng.randint(0, 3), cells))
        never_all = []
        for _ in range(rng.randint(0, 8)):
            cells = rng.sample(grid, rng.randint(2, 4))
            colour = shade_logic.UNSHADED if cells[0] in planted else shade_logic.SHADED
            never_all.append((cells, colour if rng.random() < 0.9 else rng.choice(COLOURS)))
        joined = rng.choice((None, *COLOURS))
        one_of = []
        for _ in range(rng.randint(0, 4)):
            pairs = [(q, rng.choice(COLOURS)) for q in rng.sample(grid, rng.randint(1, 3))]
            q, colour = pairs[0]  # planted keeps it, mostly
            if rng.random() < 0.9 and (q in planted) != (colour == shade_logic.SHADED):
                pairs[0] = (q, COLOURS[1 - COLOURS.index(colour)])
            one_of.append(pairs)
        answers = [
            frozenset(q for q, bit in zip(grid, bits, strict=True) if bit)
            for bits in itertools.product((0, 1), repeat=len(grid))
        ]
        answers = [a for a in answers if _holds(rows, cols, a, counts, never_all, joined, one_of)]
        known_cells = rng.sample(grid, rng.randint(0, 3)) if answers else []
        if known_cells:  # some cells as one answer has them, so that one stays
            answer = rng.choice(answers)
            known = (
                {q for q in known_cells if q in answer},
                {q for q in known_cells if q not in answer},
            )
            answers = [a for a in answers if known[0] <= a and not known[1] & a]
        else:
            known = (set(), set())
        got = shade_logic.learned(
            rows, cols, known, 10**6, counts, never_all, joined, one_of, sat_work
        )
        assert (got is None) == (not answers)
        if got is not None:
            whole = len(got[0]) + len(got[1]) == len(grid)
            assert whole == (len(answers) == 1)
            assert not whole or answers == [frozenset(got[0])]
            assert whole or got == known
        tally[min(len(answers), 2)] += 1
    assert tally[0] > 15 and tally[1] > 15 and tally[2] > 15


# --- the search after probing on published puzzles --------------------------------------------

PUBLISHED = Path(__file__).parent / "data" / "published"
LEARNED = [  # a published puzzle per genre that probing leaves open and the SAT solver decides
    (aqre, "aqre-janko-049"),
    (heyawake, "130_20x36"),
    (hitori, "78_17x17"),
    (norinori, "232_10x10"),
]


@pytest.mark.parametrize(("module", "name"), LEARNED, ids=[name for _, name in LEARNED])
def test_the_search_after_probing_decides_what_probing_leaves(module: ModuleType, name: str):
    """A published shading puzzle that the genre's rules and probing leave open: the SAT solver
    after probing (`learned`, within the Tuning's `sat_work`) ends with the one answer, the
    published one, so that the pipeline runs no solver."""
    genre = module.GENRE
    entries = json.loads((PUBLISHED / f"{genre.slug}.json").read_text("utf-8"))
    entry = next(e for e in entries if e["name"] == name)
    p = genre.parse(Grid(genre.slug, entry["cells"]))
    probed = genre.deduce(p, replace(genre.tuning, sat_work=0, learn_work=0))
    assert len(probed.fixed["b"]) < p.rows * p.cols
    d = genre.deduce(p, genre.tuning)
    want = frozenset(map(tuple, entry["expected"]["shaded"]))
    assert len(d.fixed["b"]) == p.rows * p.cols and d.answer == want
    out = solve_puzzle(genre, p, Settings(time_limit=60))
    assert out.unique is True and out.answer == want and out.rounds == 0
