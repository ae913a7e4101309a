"""The frontier count (solver.deduce.frontier): numberlink's answers counted cell by cell, against
every answer by brute force; each side it starts from; its exact merge; its bounds; the published
11 x 11 puzzles that the search alone could not prove."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import icebarn_answers, numberlink_answers

from solver.deduce import frontier
from solver.deduce.frontier import SIDES, link_answers, link_count, path_answers
from solver.genres import icebarn, numberlink
from solver.genres.numberlink import Puzzle
from solver.io.puzzlink import parse_url
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, solve_puzzle

LARGE = Path(__file__).resolve().parent / "data" / "large"


def random_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Random tiny numberlinks, 1 x 2 to 5 x 6, one to four labels: unique, not unique and
    without answer all occur."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        rows, cols = rng.randint(1, 5), rng.randint(2, 6)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        labels = rng.randint(1, min(4, len(cells) // 2))
        grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
        for i, (r, c) in enumerate(rng.sample(cells, 2 * labels)):
            grid[r][c] = i // 2 + 1
        found.append(Puzzle(tuple(tuple(row) for row in grid)))
    return found


def counted(p: Puzzle, want: int = 2) -> list[frozenset]:
    answers = link_answers(p.rows, p.cols, p.numbers(), want=want)
    assert answers is not None  # tiny grids never reach the bounds
    return answers


def check_against_brute_force(puzzles: list[Puzzle]) -> list[int]:
    """The count agrees with brute force on every puzzle (none, one, or two different answers
    that keep the rules); the numbers of answers met."""
    met = []
    for p in puzzles:
        truth = numberlink_answers(p, most=3)
        got = counted(p)
        assert len(got) == min(len(truth), 2), p
        assert len(set(got)) == len(got) and all(a in truth or len(truth) > 2 for a in got), p
        assert all(numberlink.verify(p, a) == [] for a in got), p
        if len(truth) == 1:
            assert got == truth
        met.append(len(truth))
    return met


@pytest.mark.slow
def test_the_count_agrees_with_trying_every_path():
    met = check_against_brute_force(random_puzzles(1, 300))
    assert all(met.count(n) >= 10 for n in (0, 1, 2, 3))  # none, one, two, more: all met


def test_the_count_without_the_walk_back_counts_the_same():
    """`link_count` keeps no walk back: the same number as the answers `link_answers` hands
    back, of every answer and of minimal ones, with none, one and two met."""
    met = set()
    for p in random_puzzles(4, 150):
        for minimal in (False, True):
            n = link_count(p.rows, p.cols, p.numbers(), minimal=minimal)
            assert n == len(link_answers(p.rows, p.cols, p.numbers(), minimal=minimal)), p
            met.add(n)
    assert met == {0, 1, 2}


def test_a_count_of_three_or_more_still_hands_back_two():
    p = Puzzle(((1, None, None), (None, None, None), (None, None, 1)))
    assert len(numberlink_answers(p, most=20)) > 3
    a, b = counted(p)
    assert a != b and numberlink.verify(p, a) == numberlink.verify(p, b) == []
    assert len(counted(p, want=1)) == 1


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.slow
def test_each_side_counts_the_same(side):
    """Every side the count may start from (the race takes whichever finishes first) gives the
    same verdicts and, for a unique puzzle, the same answer, mapped back to the grid."""
    for p in random_puzzles(2, 100):
        search = frontier._Search(frontier._Links(p.rows, p.cols, p.numbers(), side), 2)
        while not search.step():
            pass
        got, truth = search.answers(), numberlink_answers(p, most=2)
        assert len(got) == len(truth) and all(numberlink.verify(p, a) == [] for a in got), p
        if len(truth) == 1:
            assert got == truth, (side, p)


@pytest.mark.slow
def test_two_byte_tags_and_colliding_keys_change_nothing(monkeypatch):
    """The merge is exact whatever the sort key does: with every word folded to nothing but the
    last (keys collide all the time: the merge falls back to sorting by every word) and with
    tags two bytes wide (as with more than 250 labels and columns), the same verdicts."""
    monkeypatch.setattr(frontier, "_FOLD", np.zeros(3, dtype=np.uint64))
    monkeypatch.setattr(frontier, "BYTE_TAGS", 0)
    puzzles = [*random_puzzles(3, 100), Puzzle(((1, None, None, None, None, None, None, 1),))]
    check_against_brute_force(puzzles)


@pytest.mark.parametrize("cap", [2, 5])
def test_the_merge_keeps_each_frontier_once_with_its_count(cap):
    """The merge against a plain dictionary over random frontiers (few distinct, so most are
    met several times): each distinct frontier once, its partial answers summed and capped,
    the first and the last frontier before it that led to it."""
    rng = np.random.default_rng(7)
    children = rng.integers(0, 3, size=(2000, 16), dtype=np.uint8)
    children[:, 4:] = 0  # 81 distinct frontiers
    parents = np.sort(rng.integers(0, 500, size=2000))
    count = rng.integers(1, 3, size=500)
    states, total, first, last = frontier._merge(parents, children, count, cap)
    seen: dict[bytes, list[int]] = {}
    for i, row in enumerate(children):
        seen.setdefault(row.tobytes(), []).append(i)
    assert sorted(row.tobytes() for row in states) == sorted(seen)
    for row, t, a, b in zip(states, total, first, last, strict=True):
        led = seen[row.tobytes()]
        assert t == min(sum(count[parents[i]] for i in led), cap)
        assert (a, b) == (parents[led[0]], parents[led[-1]])


def minimal_verdict(p: Puzzle) -> tuple[int, list[frozenset]]:
    """What the count of minimal answers says (as `numberlink.deduce` reads it): 0 no answer,
    1 unique, 2 more; and the answers it hands over (the one counted and its detour)."""
    got = link_answers(p.rows, p.cols, p.numbers(), minimal=True)
    assert got is not None
    if len(got) == 1:
        other = numberlink.detour(p, got[0])
        got += [other] if other is not None else []
    return len(got), got


def check_minimal_against_brute_force(puzzles: list[Puzzle]) -> None:
    for p in puzzles:
        truth = numberlink_answers(p, most=3)
        verdict, got = minimal_verdict(p)
        assert verdict == min(len(truth), 2), p
        assert len(set(got)) == len(got) and all(numberlink.verify(p, a) == [] for a in got), p
        if verdict == 1:
            assert got == truth


def test_the_count_of_minimal_answers_with_its_detour_agrees_with_trying_every_path():
    """Counting only answers whose lines never touch themselves (`minimal`), then asking the
    one counted for a detour, gives the verdict of counting every answer."""
    check_minimal_against_brute_force(random_puzzles(3, 40))


@pytest.mark.slow
def test_the_count_of_minimal_answers_agrees_on_many_more():
    check_minimal_against_brute_force(random_puzzles(4, 300))


def test_a_line_that_touches_itself_is_not_counted():
    # 1 at A1 and B1: straight across, or round through A2 and B2, where A1 and B1 touch
    p = Puzzle(((1, 1), (None, None)))
    straight = frozenset({((0, 0), (0, 1))})
    assert len(counted(p)) == 2
    assert link_answers(p.rows, p.cols, p.numbers(), minimal=True) == [straight]
    assert minimal_verdict(p) == (2, [straight, numberlink.detour(p, straight)])


@pytest.mark.slow
def test_counting_minimal_answers_meets_fewer_frontiers():
    """On penpa-edit's Numberlink 1 (11 x 11) the count of minimal answers ends with the same
    answer for less work."""
    p = numberlink.from_url(parse_url(penpa("numlin-penpa1")))
    answers, every = race_work(p)
    again, minimal = race_work(p, minimal=True)
    assert answers == again and len(answers) == 1
    assert minimal < every


def test_letters_and_numbers_are_labels_alike():
    p = Puzzle((("A", None, "A"), (7, None, 7)))
    assert (
        counted(p)
        == numberlink_answers(p)
        == [{((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))}]
    )


def test_past_its_bounds_the_count_gives_up():
    p = numberlink.from_url(parse_url(penpa("numlin-penpa2")))
    assert link_answers(p.rows, p.cols, p.numbers(), max_work=100_000) is None
    assert link_answers(p.rows, p.cols, p.numbers(), max_states=1_000) is None


def race_work(p: Puzzle, minimal: bool = False) -> tuple[list[frozenset], int]:
    """The count's answers and the work of its four searches together."""
    made: list[frontier._Search] = []

    class Counted(frontier._Search):
        def __init__(self, rules, want, walk=True):
            super().__init__(rules, want, walk)
            made.append(self)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(frontier, "_Search", Counted)
        answers = link_answers(p.rows, p.cols, p.numbers(), minimal=minimal)
    assert answers is not None
    return answers, sum(s.work for s in made)


@pytest.mark.slow
def test_the_race_goes_on_with_the_search_foreseen_to_end_soonest(monkeypatch):
    """Taking turns by work done plus the work foreseen at the current frontiers, the race
    lets the side that meets few frontiers go on: the same answer for less work than taking
    turns by work done alone."""
    p = numberlink.from_url(parse_url(penpa("numlin-penpa1")))
    answers, foreseen = race_work(p)
    monkeypatch.setattr(frontier._Search, "foreseen", lambda self: 0)
    again, by_work = race_work(p)
    assert answers == again and len(answers) == 1
    assert foreseen < by_work


def penpa(name: str) -> str:
    entries = json.loads((LARGE / "penpa.json").read_text(encoding="utf-8"))
    return next(e["url"] for e in entries if e["name"] == name)


@pytest.mark.parametrize("name", ["numlin-penpa1", "numlin-penpa2"])
def test_published_11x11_numberlinks_are_counted_unique(name):
    """penpa-edit's Numberlink 1 and 2 (11 x 11, cells may stay empty): the search alone had no
    proof of uniqueness in minutes; the count (the genre's deductions, given the budget of its
    proof) has one answer, which the model then holds as fixed bounds: every answer variable
    is fixed, so no solver runs and nothing else can differ (pipeline._decided). Within the
    genre's own budget the count gives up, and the SAT solver's guess and proof decide."""
    p = numberlink.from_url(parse_url(penpa(name)))
    (answer,) = counted(p)
    assert numberlink.verify(p, answer) == []
    tuning = dataclasses.replace(numberlink.GENRE.tuning, count_work=numberlink.PROOF_COUNT_WORK)
    counting = dataclasses.replace(numberlink.GENRE, tuning=tuning)
    out = solve_puzzle(counting, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique is True and out.answer == answer
    assert out.rounds == 0 and out.note == DECIDED  # no solve at all
    out = solve_puzzle(numberlink.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique is True and out.answer == answer
    assert out.guessed


# --- icebarn: one path from IN to OUT ------------------------------------------------------


def random_icebarns(seed: int, count: int, sizes: tuple[int, int] = (2, 4)) -> list:
    """Random tiny icebarns: ice in a quarter of the cells, doors anywhere on the frame, up to
    two arrows; unique, not unique and without answer all occur."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        rows, cols = rng.randint(*sizes), rng.randint(*sizes)
        ice = tuple(tuple(rng.random() < 0.25 for _ in range(cols)) for _ in range(rows))

        def door(rows: int = rows, cols: int = cols) -> tuple:
            side, r, c = rng.choice("UDLR"), rng.randrange(rows), rng.randrange(cols)
            inside = {"U": (0, c), "D": (rows - 1, c), "L": (r, 0), "R": (r, cols - 1)}[side]
            step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}[side]
            return (inside[0] + step[0], inside[1] + step[1]), inside

        entrance, (outside, inside) = door(), door()
        if outside == entrance[0]:
            continue
        arrows = set()
        for _ in range(rng.randint(0, 2)):
            a = (rng.randrange(rows), rng.randrange(cols))
            b = rng.choice([(a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] - 1, a[1]), (a[0], a[1] - 1)])
            if 0 <= b[0] < rows and 0 <= b[1] < cols and (b, a) not in arrows:
                arrows.add((a, b))
        all_ice = rng.random() < 0.2
        found.append(icebarn.Puzzle(ice, frozenset(arrows), entrance, (inside, outside), all_ice))
    return found


def counted_path(p, want: int = 2, side: str | None = None) -> list[frozenset]:
    groups = [[cell] for cell in sorted(p.ice())] if p.all_ice else p.ice_groups()
    args = (p.rows, p.cols, p.ice(), p.arrows, p.entrance, p.exit, groups)
    if side is None:
        answers = path_answers(*args, want=want)
        assert answers is not None
        return answers
    kinds = {(r + 1, c + 1): frontier.FREE for r in range(p.rows) for c in range(p.cols)}
    kinds |= {(r + 1, c + 1): frontier.ICE for r, c in p.ice()}
    kinds[p.entrance[0][0] + 1, p.entrance[0][1] + 1] = frontier.ENTRANCE
    kinds[p.exit[1][0] + 1, p.exit[1][1] + 1] = frontier.EXIT
    doors = [p.entrance, (p.exit[1], p.exit[0])]
    rules = frontier._IcePath(p.rows + 2, p.cols + 2, kinds, p.arrows, doors, groups, side)
    search = frontier._Search(rules, want)
    while not search.step():
        pass
    return search.answers()


@pytest.mark.parametrize("side", [None, *SIDES])
def test_icebarn_counts_agree_with_walking_every_path(side):
    """The path's count (the race, or each side alone) against brute force: none, one, or two
    different answers that keep the rules (icebarn.verify), the one answer of a unique puzzle
    itself; the published rule (every group of ice) and the notebook's (every ice cell)."""
    met = []
    for p in random_icebarns(4, 150 if side is None else 60):
        truth = icebarn_answers(p, most=3)
        got = counted_path(p, side=side)
        assert len(got) == min(len(truth), 2) and len(set(got)) == len(got), p
        assert all(icebarn.verify(p, a) == [] for a in got), p
        if len(truth) == 1:
            assert got == truth, p
        met.append(min(len(truth), 3))
    assert all(met.count(n) >= 3 for n in (0, 1, 2, 3)), met


def test_icebarn_counts_on_larger_grids():
    for p in random_icebarns(5, 40, sizes=(4, 5)):
        truth = icebarn_answers(p, most=3)
        got = counted_path(p)
        assert len(got) == min(len(truth), 2) and all(icebarn.verify(p, a) == [] for a in got)


def test_opposite_arrows_on_one_edge_leave_no_path():
    p = icebarn.Puzzle(
        ((False, False), (False, False)),
        frozenset({((0, 0), (0, 1)), ((0, 1), (0, 0))}),
        ((-1, 0), (0, 0)),
        ((1, 1), (2, 1)),
    )
    assert counted_path(p) == icebarn_answers(p) == []
