"""The search that learns from its conflicts (`solver.deduce.learning`): its answers against
every assignment tried, on small systems of weighted sums made at random (with restarts and
forgetting after a conflict or two, so that every part of it runs), with and without a
connection over a small grid or groups of a size, its work counted the same each time, and its
budget."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from solver import limits
from solver.deduce import learning, probing


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


def random_connection(rng: random.Random, count: int) -> learning.Connected:
    """A grid of up to 4 x 4 nodes, some always inside, the others each a variable of its own
    (the variables left over stay out of the graph), inside at 1 or at 0."""
    rows, cols = rng.randint(1, 4), rng.randint(1, 4)
    free = rng.sample(range(count), count)
    variable = [free.pop() if free and rng.random() < 0.8 else -1 for _ in range(rows * cols)]
    near = [
        [
            i * cols + j
            for i, j in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= i < rows and 0 <= j < cols
        ]
        for r in range(rows)
        for c in range(cols)
    ]
    return learning.Connected(near, variable, inside=rng.randint(0, 1))


def joined(graph: learning.Connected, values: list[int]) -> bool:
    """The nodes inside are one part (or none is inside), found by a walk of their own."""
    inside = {n for n, u in enumerate(graph.variable) if u < 0 or values[u] == graph.inside}
    if not inside:
        return True
    reached, todo = set(), [min(inside)]
    while todo:
        n = todo.pop()
        if n not in reached:
            reached.add(n)
            todo.extend(m for m in graph.near[n] if m in inside)
    return reached == inside


def random_clauses(rng: random.Random, count: int) -> list[list[tuple[int, int]]]:
    """Up to three clauses of one to three (variable, value) each."""
    return [
        [(rng.randrange(count), rng.randint(0, 1)) for _ in range(rng.randint(1, 3))]
        for _ in range(rng.randint(0, 3))
    ]


def holds(clause: list[tuple[int, int]], values: list[int] | tuple[int, ...]) -> bool:
    return any(values[v] == x for v, x in clause)


@pytest.mark.parametrize("seed", range(300))
def test_the_answers_with_connections_and_clauses_are_those_of_every_assignment(seed, monkeypatch):
    """Every answer once, where the nodes inside each of one or two graphs are connected and
    a few clauses hold as well: the parts cut off, the cut vertices and the conflicts of the
    connections, and their reasons in the clauses learnt, against every assignment tried."""
    monkeypatch.setattr(learning, "RESTART_BASE", 1)
    monkeypatch.setattr(learning, "KEEP_FIRST", 2)
    rng = random.Random(5000 + seed)
    count = rng.randint(2, 10)
    graphs = [random_connection(rng, count) for _ in range(rng.randint(1, 2))]
    sums = random_sums(rng, count)[: rng.randint(1, 3)]
    clauses = random_clauses(rng, count)
    every = [
        values
        for values in every_answer(count, sums)
        if all(joined(graph, values) for graph in graphs)
        and all(holds(clause, values) for clause in clauses)
    ]
    found = learning.answers(
        count, sums, 10**9, want=len(every) + 1, connected=graphs, clauses=clauses
    )
    assert sorted(found) == sorted(every)


@pytest.mark.parametrize("seed", range(100))
def test_each_reason_of_a_connection_holds_in_every_assignment(seed, monkeypatch):
    """Each value a connection forces and each conflict it finds, against every assignment
    of the graph's variables that makes the reason's literals false: with the forced value's
    other value (or, for a conflict, at all), none connects the graph's nodes inside. A reason
    short of a literal would let a learnt clause shut out answers."""
    monkeypatch.setattr(learning, "RESTART_BASE", 1)
    rng = random.Random(9000 + seed)
    count = rng.randint(3, 10)
    graphs = [random_connection(rng, count) for _ in range(rng.randint(1, 2))]
    sums = random_sums(rng, count)[: rng.randint(1, 3)]
    reasons = recorded_reasons(monkeypatch, "_connect", "graphs")
    learning.answers(count, sums, 10**9, want=100, connected=graphs)
    assert_no_assignment_breaks(reasons, count, joined)


def recorded_reasons(monkeypatch, check: str, checked: str) -> list:
    """While the search runs, each value that its check `check` (a method of the search, over
    its list `checked`: graphs, layers) forces, and each conflict it finds: (the graph or
    layer, the clause, the forced value first)."""
    reasons, looking_at = [], []
    set_value, checking = learning._Search._set, getattr(learning._Search, check)

    def recording_set(self, v, x, reason):
        if isinstance(reason, list):  # "v takes its value, or a reason holds"
            reasons.append((looking_at[-1], [2 * v + 1 - x, *reason]))
        set_value(self, v, x, reason)

    def recording_check(self, g):
        looking_at.append(getattr(self, checked)[g])
        conflict = checking(self, g)
        if conflict is not None:
            reasons.append((looking_at[-1], list(conflict)))
        return conflict

    monkeypatch.setattr(learning._Search, "_set", recording_set)
    monkeypatch.setattr(learning._Search, check, recording_check)
    return reasons


def assert_no_assignment_breaks(reasons: list, count: int, holds) -> None:
    """Each clause against every assignment that makes its literals false: none keeps its
    graph or layer's rule (`holds`)."""
    for part, clause in reasons:
        for values in itertools.product((0, 1), repeat=count):
            # literal 2v says that v is 1, 2v + 1 that it is 0: each false here
            if all(values[lit >> 1] != 1 - (lit & 1) for lit in clause):
                assert not holds(part, list(values)), clause


def random_sized(rng: random.Random, count: int) -> learning.Sized:
    """A grid of up to 3 x 4 nodes, each a variable of its own or never inside (-1), its
    groups of size 1 to 4 (a quarter of the layers: of at least that size)."""
    connection = random_connection(rng, count)
    rows_cols = len(connection.near)
    variable = [u if u >= 0 or rng.random() < 0.5 else -1 for u in connection.variable]
    size, at_least = rng.randint(1, 4), rng.random() < 0.25
    return learning.Sized(connection.near, variable[:rows_cols], size, at_least)


def sized_groups(layer: learning.Sized, values: list[int] | tuple[int, ...]) -> bool:
    """Each group of neighbouring nodes inside has the layer's size (or more, for a layer of
    at least its size), found by a walk."""
    inside = {n for n, u in enumerate(layer.variable) if u >= 0 and values[u] == 1}
    while inside:
        group, todo = set(), [min(inside)]
        while todo:
            n = todo.pop()
            if n not in group:
                group.add(n)
                todo.extend(m for m in layer.near[n] if m in inside)
        if len(group) < layer.size or (len(group) > layer.size and not layer.at_least):
            return False
        inside -= group
    return True


@pytest.mark.parametrize("seed", range(300))
def test_the_answers_with_groups_of_a_size_are_those_of_every_assignment(seed, monkeypatch):
    """Every answer once, where the groups of one or two layers have their sizes (and a few
    sums hold): the parts too small, the groups too large, complete, growing and joined, and
    their reasons in the clauses learnt, against every assignment tried."""
    monkeypatch.setattr(learning, "RESTART_BASE", 1)
    monkeypatch.setattr(learning, "KEEP_FIRST", 2)
    rng = random.Random(13000 + seed)
    count = rng.randint(2, 12)
    layers = [random_sized(rng, count) for _ in range(rng.randint(1, 2))]
    sums = random_sums(rng, count)[: rng.randint(0, 2)]
    every = [
        list(values)
        for values in itertools.product((0, 1), repeat=count)
        if all(sum(w * values[v] for v, w in terms) == total for total, terms in sums)
        and all(sized_groups(layer, values) for layer in layers)
    ]
    found = learning.answers(count, sums, 10**9, want=len(every) + 1, sized=layers)
    assert sorted(found) == sorted(every)


@pytest.mark.parametrize("seed", range(100))
def test_each_reason_of_groups_of_a_size_holds_in_every_assignment(seed, monkeypatch):
    """Each value a layer of groups forces and each conflict it finds, against every
    assignment that makes the reason's literals false: with the forced value's other value
    (or, for a conflict, at all), some group of the layer has another size."""
    monkeypatch.setattr(learning, "RESTART_BASE", 1)
    rng = random.Random(17000 + seed)
    count = rng.randint(3, 12)
    layers = [random_sized(rng, count) for _ in range(rng.randint(1, 2))]
    sums = random_sums(rng, count)[: rng.randint(0, 2)]
    reasons = recorded_reasons(monkeypatch, "_size", "layers")
    learning.answers(count, sums, 10**9, want=100, sized=layers)
    assert_no_assignment_breaks(reasons, count, sized_groups)


def test_groups_of_a_size_decide_a_path_without_a_decision():
    """A path of five nodes, its first inside (a sum of one) and groups of 3: the next two
    join it (the only way on, then the only reach), the fourth stays out; the fifth alone
    is too small a part. One answer, every value forced."""
    near = [[1], [0, 2], [1, 3], [2, 4], [3]]
    layer = learning.Sized(near, [0, 1, 2, 3, 4], 3)
    search = learning._Search(5, [(1, [(0, 1)])], 10**6, sized=[layer])
    assert probing.walked(search.steps(2)) == [[1, 1, 1, 0, 0]]
    assert not search.starts
    with pytest.raises(ValueError, match="size"):
        learning.answers(1, [], 100, sized=[learning.Sized([[]], [0], 0)])


def test_clauses_given_of_one_literal_and_none():
    """A clause of one literal sets its value before any decision; an empty clause, or two
    that contradict each other, leave no answer; a clause with a variable at both values
    always holds."""
    sums = [(1, [(0, 1), (1, 1)])]
    search = learning._Search(2, sums, 10**6, clauses=[[(1, 1)]])
    assert (
        probing.walked(search.steps(2)) == [[0, 1]]
        and search.reason[1] is None
        and not search.starts
    )
    assert learning.answers(2, sums, 10**6, clauses=[[]]) == []
    assert learning.answers(2, sums, 10**6, clauses=[[(0, 1)], [(0, 0)]]) == []
    assert len(learning.answers(2, sums, 10**6, clauses=[[(0, 1), (0, 0)]])) == 2


def test_a_cut_vertex_and_a_part_out_of_reach_are_decided_before_any_decision():
    """A path of five nodes, its ends inside and the middle ones variables: each middle node
    parts the ends, so the search sets all three inside with no decision, and its one answer
    is found at once; with a node outside between them, none."""
    near = [[1], [0, 2], [1, 3], [2, 4], [3]]
    graph = learning.Connected(near, [-1, 0, 1, 2, -1], inside=1)
    search = learning._Search(3, [], 10**6, [graph])
    assert probing.walked(search.steps(1)) == [[1, 1, 1]]
    assert all(isinstance(reason, list) for reason in search.reason)  # each forced by the cuts

    walled = learning.Connected(near, [-1, 0, 1, 2, -1], inside=1)
    assert learning.answers(3, [(0, [(1, 1)])], 10**6, connected=[walled]) == []
    # one end inside, the other a variable: the three between follow it
    loose = learning.Connected(near, [-1, 0, 1, 2, 3], inside=1)
    found = learning.answers(4, [(1, [(3, 1)])], 10**6, connected=[loose])
    assert found == [[1, 1, 1, 1]]


def test_two_nodes_of_one_variable_are_refused():
    graph = learning.Connected([[1], [0]], [0, 0], inside=1)
    with pytest.raises(ValueError, match="share a variable"):
        learning.answers(1, [], 100, connected=[graph])


def test_the_same_sums_take_the_same_work_and_give_the_same_answers():
    rng = random.Random(7)
    sums = random_sums(rng, 30)
    runs = []
    for _ in range(2):
        search = learning._Search(30, sums, 10**9)
        runs.append((probing.walked(search.steps(2)), search.work))
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
