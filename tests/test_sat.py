"""The SAT solver's answers (`solver.deduce.sat`) against every assignment, on random small
sums and clauses; its budget, its check of each answer, and the variables that tell answers
apart; and connected graphs and groups of a size, against every assignment."""

from __future__ import annotations

import random
from collections import deque
from itertools import product

import pytest
from pysat import solvers

from solver.deduce import learning, probing, sat
from solver.mip import settings
from solver.mip.settings import SolverError, Tuning
from tests.test_learning import random_sized, random_sums, sized_groups


def holds(values, sums, clauses) -> bool:
    return all(sum(w * values[v] for v, w in terms) == total for total, terms in sums) and all(
        any(values[v] == x for v, x in clause) for clause in clauses
    )


def random_problem(rng: random.Random):
    """A few variables bound by sums of weights 1 to 3 (some long) and clauses."""
    count = rng.randint(1, 11)
    sums = []
    for _ in range(rng.randint(0, 4)):
        chosen = rng.sample(range(count), rng.randint(1, count))
        unit = rng.random() < 0.5
        terms = [(v, 1 if unit else rng.randint(1, 3)) for v in chosen]
        top = sum(w for _, w in terms)
        sums.append((rng.randint(0, top), terms))
    clauses = [
        [(v, rng.randint(0, 1)) for v in rng.sample(range(count), rng.randint(1, min(3, count)))]
        for _ in range(rng.randint(0, 8))
    ]
    return count, sums, clauses


@pytest.mark.parametrize("seed", range(200))
def test_the_answers_are_those_of_every_assignment(seed):
    rng = random.Random(seed)
    count, sums, clauses = random_problem(rng)
    every = [list(a) for a in product((0, 1), repeat=count) if holds(a, sums, clauses)]
    found = sat.answers(count, sums, 10**6, 3, clauses)
    assert found is not None
    assert len(found) == min(3, len(every))
    assert all(a in every for a in found) and len({tuple(a) for a in found}) == len(found)
    assert sat.answers(count, sums, 10**6, 2**count, clauses) is not None
    assert sorted(sat.answers(count, sums, 10**6, 2**count, clauses)) == every


def test_an_answer_the_check_names_clauses_for_is_not_one():
    """Two of three variables at 1; the check shuts out any answer with variable 0 at 1."""
    sums = [(2, [(0, 1), (1, 1), (2, 1)])]
    seen = []

    def check(values):
        seen.append(values)
        return [[(0, 0)]] if values[0] else []

    assert sat.answers(3, sums, 1000, 5, check=check) == [[0, 1, 1]]
    assert [0, 1, 1] in seen


def test_an_answer_that_is_the_last_one_wanted_ends_the_search():
    """One of three variables at 1: three answers; with `last` saying so of the answer with
    variable 1 at 1, the search ends on it, however many answers are wanted."""
    sums = [(1, [(0, 1), (1, 1), (2, 1)])]
    everything = probing.walked(sat.rounds(3, sums, 1000, want=3))
    assert len(everything) == 3
    found = probing.walked(sat.rounds(3, sums, 1000, want=3, last=lambda values: values[1] == 1))
    assert found[-1] == [0, 1, 0] and found == everything[: everything.index([0, 1, 0]) + 1]


def test_the_shown_variables_tell_answers_apart():
    """y = x (two clauses): the answers differ in x alone, so the clause after an answer
    over x shuts out the same answers as one over both."""
    clauses = [[(0, 0), (1, 1)], [(0, 1), (1, 0)]]
    assert sorted(sat.answers(2, [], 1000, 5, clauses, shown=[0])) == [[0, 0], [1, 1]]


def test_past_the_budget_nothing_is_known():
    """Nine pigeons in eight holes: no answer, which takes many conflicts to show."""
    pigeons, holes = 9, 8

    def x(p, h):
        return p * holes + h

    sums = [(1, [(x(p, h), 1) for h in range(holes)]) for p in range(pigeons)]
    clauses = [
        [(x(p, h), 0), (x(q, h), 0)]
        for h in range(holes)
        for p in range(pigeons)
        for q in range(p + 1, pigeons)
    ]
    assert sat.answers(pigeons * holes, sums, 100, 2, clauses) is None
    assert sat.answers(pigeons * holes, sums, 10**7, 2, clauses) == []


def test_rounds_yield_their_work_so_far():
    """`rounds` yields its work before each round, never less than before: from none, the
    solver's propagations and, for each answer it gave, its variables; run to its end it
    gives what `answers` gives. One of six, three answers: before the third answer's round,
    the two answers' variables at least."""
    sums = [(1, [(v, 1) for v in range(6)])]
    walk = sat.rounds(6, sums, 1000, want=3)
    work = []
    while True:
        try:
            work.append(next(walk))
        except StopIteration as end:
            found = end.value
            break
    assert work[0] == 0 and work == sorted(work)
    assert len(work) == 3 and work[-1] >= 2 * 6
    assert found == sat.answers(6, sums, 1000, want=3) and len(found) == 3


def test_a_sum_that_cannot_hold_and_an_empty_clause_have_no_answer():
    assert sat.answers(2, [(3, [(0, 1), (1, 1)])], 1000) == []
    assert sat.answers(2, [], 1000, clauses=[[]]) == []


@pytest.mark.parametrize("count", range(1, sat.SMALL_SUM + 1))
def test_a_short_sum_of_weights_1_propagates_every_value_it_decides(count):
    """A sum of weights 1 of at most SMALL_SUM variables, every total and every partial
    assignment: unit propagation over its clauses alone sets each variable on which all the
    assignments that complete it agree, and meets a conflict where none does."""
    terms = [(v, 1) for v in range(count)]
    for total in range(count + 1):
        clauses = sat._sum_clauses(total, terms, count)
        units = {clause[0] for clause in clauses if len(clause) == 1}  # set before any
        with solvers.Solver(name=sat.SOLVER, bootstrap_with=clauses) as solver:
            for partial in product((None, 0, 1), repeat=count):
                told = [v + 1 if x else -(v + 1) for v, x in enumerate(partial) if x is not None]
                completions = [
                    a
                    for a in product((0, 1), repeat=count)
                    if sum(a) == total
                    and all(x is None or a[v] == x for v, x in enumerate(partial))
                ]
                holds_, set_ = solver.propagate(assumptions=told)
                if not completions:
                    assert not holds_, (total, partial)
                    continue
                assert holds_, (total, partial)
                decided = {
                    v + 1 if completions[0][v] else -(v + 1)
                    for v in range(count)
                    if len({a[v] for a in completions}) == 1
                }
                assert decided <= set(set_) | set(told) | units, (total, partial)


@pytest.mark.parametrize("large_total", [sat.LARGE_TOTAL, 1])
@pytest.mark.parametrize("seed", range(40))
def test_a_long_sum_of_other_weights_counts_each_variable_its_weight(
    seed, large_total, monkeypatch
):
    """A sum longer than SMALL_SUM with weights 1 to 3 (the counter's places: a variable in
    as many as its weight), against every assignment; with LARGE_TOTAL 1, each such sum is
    the modulo totalizer."""
    monkeypatch.setattr(sat, "LARGE_TOTAL", large_total)
    rng = random.Random(seed)
    count = sat.SMALL_SUM + rng.randint(1, 4)
    terms = [(v, rng.randint(1, 3)) for v in range(count)]
    sums = [(rng.randint(0, sum(w for _, w in terms)), terms)]
    every = [list(a) for a in product((0, 1), repeat=count) if holds(a, sums, [])]
    assert sorted(sat.answers(count, sums, 10**6, 2**count)) == every


def connected_within(graph, values, steps) -> bool:
    """The nodes inside `graph` connected, each within `steps` (None: any) of the first node
    always inside, a step between two nodes always inside counting none; written from the
    rules, apart from `solver.deduce.sat`."""
    near, variable = graph.near, graph.variable
    inside = [v < 0 or values[v] == graph.inside for v in variable]
    kept = [n for n in range(len(near)) if inside[n]]
    if not kept:
        return True
    start = next((n for n in kept if variable[n] < 0), kept[0])
    far = {start: 0}
    todo = deque([start])
    while todo:  # 0-1 breadth first: a step within the always inside costs nothing
        n = todo.popleft()
        for m in near[n]:
            if not inside[m]:
                continue
            d = far[n] + (0 if variable[n] < 0 and variable[m] < 0 else 1)
            if d < far.get(m, len(near) + 1):
                far[m] = d
                (todo.appendleft if d == far[n] else todo.append)(m)
    if len(far) < len(kept):
        return False
    rooted = variable[start] < 0
    return steps is None or not rooted or max(far.values()) <= steps


def random_graph(rng: random.Random, count: int) -> learning.Connected:
    """A few nodes, some always inside, each with a variable of its own or none, joined at
    random (a grid's neighbours, some edges dropped, some added)."""
    nodes = rng.randint(1, 9)
    cols = rng.randint(1, 3)
    edges = set()
    for n in range(nodes):
        for m in (n + 1, n + cols):
            if m < nodes and (m == n + cols or m % cols) and rng.random() < 0.85:
                edges.add((n, m))
    for _ in range(rng.randint(0, 2)):
        n, m = sorted(rng.sample(range(nodes), 2)) if nodes > 1 else (0, 0)
        if n != m:
            edges.add((n, m))
    near = [
        sorted({m for a, b in edges for n2, m in ((a, b), (b, a)) if n2 == n}) for n in range(nodes)
    ]
    free = rng.sample(range(count), min(count, nodes))
    variable = [free.pop() if free and rng.random() < 0.8 else -1 for _ in range(nodes)]
    return learning.Connected(near, variable, rng.randint(0, 1))


@pytest.mark.parametrize("seed", range(200))
def test_connected_graphs_answers_are_those_of_every_assignment(seed):
    """With graphs whose nodes inside are connected, some within a number of steps of the
    nodes always inside, some with none always inside (cut as answers show them apart)."""
    rng = random.Random(seed)
    count, sums, clauses = random_problem(rng)
    sums, clauses = sums[:1], clauses[:3]
    graphs = [random_graph(rng, count) for _ in range(rng.randint(1, 2))]
    steps = [rng.choice([None, 0, 1, 2, 3]) for _ in graphs]
    every = [
        list(a)
        for a in product((0, 1), repeat=count)
        if holds(a, sums, clauses)
        and all(connected_within(g, a, s) for g, s in zip(graphs, steps, strict=True))
    ]
    found = sat.answers(count, sums, 10**6, 2**count, clauses, connected=graphs, steps=steps)
    assert found is not None
    assert sorted(found) == every


def test_the_tunings_sat_solvers_are_those_the_sat_solver_names():
    """`Tuning.sat_solver` is checked against `settings.SAT_SOLVERS`, which the modelling
    layer keeps apart from the engine's names (the engine imports no model)."""
    assert settings.SAT_SOLVERS == (sat.SOLVER, sat.GLUCOSE)
    with pytest.raises(SolverError):
        Tuning(sat_solver="minisat")


@pytest.mark.parametrize("seed", range(100))
def test_glucose_answers_are_those_of_every_assignment(seed, monkeypatch):
    """The search by Glucose (`rounds`' engine, nurikabe's), with sums, clauses and connected
    graphs as nurikabe gives them: the same answers as every assignment's, from Glucose."""
    names = []
    made = solvers.Solver

    def solver(name: str) -> solvers.Solver:
        names.append(name)
        return made(name=name)

    monkeypatch.setattr(sat.solvers, "Solver", solver)
    rng = random.Random(seed)
    count, sums, clauses = random_problem(rng)
    sums, clauses = sums[:2], clauses[:4]
    graphs = [random_graph(rng, count)]
    steps = [rng.choice([None, 1, 3])]
    every = [
        list(a)
        for a in product((0, 1), repeat=count)
        if holds(a, sums, clauses) and connected_within(graphs[0], a, steps[0])
    ]
    search = sat.rounds(
        count, sums, 10**6, 2**count, clauses, connected=graphs, steps=steps, engine=sat.GLUCOSE
    )
    found = probing.walked(search)
    assert found is not None
    assert sorted(found) == every
    assert names and set(names) == {sat.GLUCOSE}


@pytest.mark.parametrize("seed", range(300))
def test_groups_of_a_size_answers_are_those_of_every_assignment(seed, monkeypatch):
    """With layers whose nodes inside fall into groups of a size (`learning.Sized`): the
    clauses over small sets written from the start, and those over the groups too small or
    too large that answers show, keep every answer and no other (against every assignment, by
    a walk written from the rules). With SHAPE_NODES and GROW_NODES 1 every group is cut as
    answers show it, with 4 and 3 most are written from the start. Some variables are always
    1 (a sum of one): a group too small that holds one is cut as "a node around it"."""
    rng = random.Random(13000 + seed)
    monkeypatch.setattr(sat, "SHAPE_NODES", rng.choice([1, 4]))
    monkeypatch.setattr(sat, "GROW_NODES", rng.choice([1, 3]))
    count = rng.randint(2, 12)
    layers = [random_sized(rng, count) for _ in range(rng.randint(1, 2))]
    sums = [sum_ for sum_ in random_sums(rng, count) if len(sum_[1]) <= sat.SMALL_SUM][:2]
    sums += [(1, [(v, 1)]) for v in rng.sample(range(count), rng.choice([0, 0, 1, 2]))]
    every = [
        list(values)
        for values in product((0, 1), repeat=count)
        if holds(values, sums, []) and all(sized_groups(layer, values) for layer in layers)
    ]
    found = sat.answers(count, sums, 10**6, len(every) + 1, sized=layers)
    assert found is not None and sorted(found) == sorted(every)


def test_folded_drops_false_constants_and_gives_none_where_one_holds():
    assert sat.folded([(3, 1), (False, 1), (True, 0), (5, 0)]) == [(3, 1), (5, 0)]
    assert sat.folded([(3, 1), (True, 1)]) is None
    assert sat.folded([(False, 0), (4, 1)]) is None
    assert sat.folded([(False, 1), (True, 0)]) == []  # cannot hold
