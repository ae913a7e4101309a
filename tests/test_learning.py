"""The search that learns from its conflicts (`solver.deduce.learning`): its answers against
every assignment tried, on small systems of weighted sums made at random (with restarts and
forgetting after a conflict or two, so that every part of it runs), its work counted the same
each time, and its budget."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from solver import limits
from solver.deduce import learning


def every_answer(count: int, sums) -> list[list[int]]:
    """The answers, by trying every assignment."""
    return [
        list(values)
        for values in itertools.product((0, 1), repeat=count)
        if all(sum(w * values[v] for v, w in terms) == total for total, terms in sums)
    ]


def random_sums(rng: random.Random, count: int) -> list:
    """A few sums over random variables with weights 1 to 3, each total that of a random
    assignment (so most systems have an answer), now and then one more or less (none)."""
    values = [rng.randint(0, 1) for _ in range(count)]
    sums = []
    for _ in range(rng.randint(1, count)):
        chosen = rng.sample(range(count), rng.randint(1, count))
        terms = [(v, rng.randint(1, 3)) for v in chosen]
        total = sum(w * values[v] for v, w in terms) + (rng.random() < 0.1) * rng.choice((-1, 1))
        sums.append((max(total, 0), terms))
    return sums


@pytest.mark.parametrize("seed", range(300))
def test_the_answers_are_those_of_every_assignment(seed, monkeypatch):
    monkeypatch.setattr(learning, "RESTART_BASE", 1)  # a restart after a conflict or two
    monkeypatch.setattr(learning, "KEEP_FIRST", 2)  # and the longer learnt clauses forgotten
    rng = random.Random(seed)
    count = rng.randint(1, 12)
    sums = random_sums(rng, count)
    every = every_answer(count, sums)
    found = learning.answers(count, sums, 10**9)
    assert found is not None
    assert len(found) == min(2, len(every))
    assert all(answer in every for answer in found)
    assert len({tuple(answer) for answer in found}) == len(found)


@pytest.mark.parametrize("seed", range(100))
def test_all_answers_when_asked_for_more(seed, monkeypatch):
    """Every answer once: each found is shut out by a clause that forgetting keeps."""
    monkeypatch.setattr(learning, "RESTART_BASE", 1)
    monkeypatch.setattr(learning, "KEEP_FIRST", 2)
    rng = random.Random(1000 + seed)
    count = rng.randint(4, 12)
    sums = random_sums(rng, count)[: rng.randint(1, 3)]  # few sums: many answers
    every = every_answer(count, sums)
    found = learning.answers(count, sums, 10**9, want=len(every) + 1)
    assert sorted(found) == sorted(every)


def test_the_same_sums_take_the_same_work_and_give_the_same_answers():
    rng = random.Random(7)
    sums = random_sums(rng, 30)
    runs = []
    for _ in range(2):
        search = learning._Search(30, sums, 10**9)
        runs.append((search.run(2), search.work))
    assert runs[0] == runs[1]


def test_out_of_work_is_none():
    # 20 variables of weight 1 summing to 10: many answers, and each costs work
    sums = [(10, [(v, 1) for v in range(20)])]
    assert learning.answers(20, sums, 10) is None
    assert len(learning.answers(20, sums, 10**6)) == 2


def test_the_time_limit_stops_it():
    sums = [(10, [(v, 1) for v in range(20)])]
    with limits.deadline(time.perf_counter() - 1), pytest.raises(limits.OutOfTime):
        learning.answers(20, sums, 10**6)


def test_a_weight_below_one_and_a_variable_named_twice_are_refused():
    with pytest.raises(ValueError, match="weight"):
        learning.answers(2, [(1, [(0, 1), (1, 0)])], 100)
    with pytest.raises(ValueError, match="twice"):
        learning.answers(2, [(1, [(0, 1), (0, 2)])], 100)


def test_no_answer_where_a_total_is_out_of_reach():
    assert learning.answers(2, [(3, [(0, 1), (1, 1)])], 100) == []
    assert learning.answers(1, [(1, [(0, 2)])], 100) == []
