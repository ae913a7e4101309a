"""The loop genres' SAT solver after probing (`solver.deduce.loop_sat`), against every loop of
small grids: its verdict (one answer, none, or more) is the count of the loops that the genre's
`verify` (written from the rules) accepts, and its one answer is that loop."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from solver.deduce import loop_logic, loop_sat
from solver.genres import country_road, masyu, pipe_link, slitherlink, yajilin
from solver.io.sheet import Grid, InputError


def loops(graph: loop_logic.Graph) -> list[frozenset[int]]:
    """Every simple cycle of the graph, as its edges: from each start cell, the paths over
    cells after it that come back to it."""
    found: set[frozenset[int]] = set()

    def walk(start: int, i: int, seen: set[int], path: list[int]) -> None:
        for e, j in graph.at[i]:
            if j == start and len(path) >= 3:
                found.add(frozenset([*path, e]))
            elif j > start and j not in seen:
                seen.add(j)
                walk(start, j, seen, [*path, e])
                seen.discard(j)

    for start in range(graph.n):
        walk(start, start, {start}, [])
    return sorted(found, key=sorted)


def verdict(graph: loop_logic.Graph) -> Any:
    """loop_sat's answer from the board before any rule: the loop's edges, None (two or
    more, or given up), or 'none' (Contradiction)."""
    try:
        board = loop_sat.answers(loop_logic.Board(graph), 10**6)
    except loop_logic.Contradiction:
        return "none"
    if board is None:
        return None
    assert loop_logic.UNKNOWN not in board.edge and loop_logic.UNKNOWN not in board.cell
    assert all(
        board.cell[i] == loop_logic.ON
        for e, v in enumerate(board.edge)
        if v
        for i in graph.edges[e]
    )
    return frozenset(e for e, v in enumerate(board.edge) if v == loop_logic.USED)


def segments(p: Any, cells: list, segs: list) -> frozenset:
    """The answer of a genre whose answer is the loop's segments."""
    return frozenset(segs)


def check(
    puzzles: list[Any], graph_of: Callable[[Any], tuple], verify: Callable, answer_of=segments
) -> set[str]:
    """Each puzzle's verdict against the loops its genre accepts (`answer_of`: a loop's
    segments as the genre's answer); the kinds of verdict seen."""
    kinds = set()
    for p in puzzles:
        cells, segments, graph = graph_of(p)
        right = [
            c for c in loops(graph) if not verify(p, answer_of(p, cells, [segments[e] for e in c]))
        ]
        got = verdict(graph)
        if not right:
            assert got == "none", p
            kinds.add("none")
        elif len(right) == 1:
            assert got == right[0], p
            kinds.add("one")
        else:
            assert got is None, p
            kinds.add("more")
    return kinds


def test_masyu_verdicts_are_the_counts_of_the_loops_verify_accepts():
    rng = random.Random(3)
    puzzles = []
    for _ in range(50):
        rows = [[None] * 4 for _ in range(4)]
        for _ in range(rng.randint(2, 5)):
            rows[rng.randrange(4)][rng.randrange(4)] = rng.choice([masyu.WHITE, masyu.BLACK])
        puzzles.append(masyu.parse(Grid("masyu", rows)))
    kinds = check(puzzles, masyu.logic_graph, masyu.verify)
    assert kinds == {"none", "one", "more"}


@pytest.mark.parametrize("every", [False, True])
def test_slitherlink_verdicts_are_the_counts_of_the_loops_verify_accepts(every):
    rng = random.Random(5 + every)
    puzzles = []
    for _ in range(50):
        rows: list[list[Any]] = [[None] * 3 for _ in range(3)]
        for _ in range(rng.randint(2, 6)):
            rows[rng.randrange(3)][rng.randrange(3)] = rng.randint(0, 3)
        p = slitherlink.parse(Grid("slitherlink", rows))
        puzzles.append(slitherlink.Puzzle(p.cells, every_point=every))
    kinds = check(puzzles, slitherlink.logic_graph, slitherlink.verify)
    assert kinds == {"none", "one", "more"}


def test_yajilin_verdicts_are_the_counts_of_the_loops_verify_accepts():
    rng = random.Random(11)
    puzzles = []
    for _ in range(60):
        rows: list[list[Any]] = [[None] * 4 for _ in range(4)]
        for _ in range(rng.randint(1, 3)):
            r, c = rng.randrange(4), rng.randrange(4)
            rows[r][c] = f"{rng.randint(0, 2)}{rng.choice('↑↓←→')}"
        try:
            puzzles.append(yajilin.parse(Grid("yajilin", rows)))
        except InputError:  # an arrow that points off the grid with a number: not a puzzle
            continue

    def answer(p: Any, cells: list, segs: list) -> yajilin.Answer:
        on = {q for s in segs for q in s}
        return yajilin.Answer(frozenset(q for q in cells if q not in on), frozenset(segs))

    kinds = check(puzzles, yajilin.logic_graph, yajilin.verify, answer)
    assert kinds == {"none", "one", "more"}


def test_country_road_verdicts_are_the_counts_of_the_loops_verify_accepts():
    """Countries grown at random from seeds over a 4 x 4 grid, some with a number: the rooms
    rule (the loop passes each country in one piece) comes as cuts."""
    rng = random.Random(13)
    puzzles = []
    for _ in range(150):
        labels: dict[tuple[int, int], str] = {}
        for k in range(rng.randint(3, 6)):
            seed = (rng.randrange(4), rng.randrange(4))
            if seed not in labels:
                labels[seed] = "ABCDEF"[k]
        while len(labels) < 16:  # each country takes a free neighbour of its cells
            r, c = rng.choice(sorted(labels))
            q = rng.choice([(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
            if q not in labels and 0 <= q[0] < 4 and 0 <= q[1] < 4:
                labels[q] = labels[r, c]
        cells = tuple(tuple(labels[r, c] for c in range(4)) for r in range(4))
        names = sorted(set(labels.values()))
        numbers = tuple(
            (name, rng.randint(1, list(labels.values()).count(name)))
            for name in names
            if rng.random() < 0.8
        )
        puzzles.append(country_road.Puzzle(cells, numbers))
    kinds = check(puzzles, country_road.logic_graph, country_road.verify)
    assert kinds == {"none", "one", "more"}


def test_rooms_are_passed_in_one_piece():
    """The rooms rule alone (no sums that imply it, as country road's borders do): on a 3 x 4
    grid split into rooms at random, the answers are the loops whose cells in each room are one
    piece along the loop's edges inside it."""
    rng = random.Random(17)
    cells = [(r, c) for r in range(3) for c in range(4)]
    segments = [(a, b) for a in cells for b in cells if b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))]
    kinds = set()
    for _ in range(40):
        room_of = [rng.randrange(3) for _ in cells]
        rooms = [[i for i, k in enumerate(room_of) if k == k2] for k2 in range(3)]
        tally = [([i for i in range(12) if rng.random() < 0.4], rng.randint(0, 4))]
        graph = loop_logic.grid_graph(cells, segments, rooms=[r for r in rooms if r], tallies=tally)

        right = [loop for loop in loops(graph) if passes(graph, rooms, tally, loop)]
        got = verdict(graph)
        want = "none" if not right else right[0] if len(right) == 1 else None
        assert got == want
        kinds.add("none" if not right else "one" if len(right) == 1 else "more")
    assert kinds == {"none", "one", "more"}


def passes(
    graph: loop_logic.Graph, rooms: list[list[int]], tally: list, loop: frozenset[int]
) -> bool:
    """The tally holds, and each room's loop cells are one piece along the loop's edges inside
    it."""
    on = {i for e in loop for i in graph.edges[e]}
    if sum(i in on for i in tally[0][0]) != tally[0][1]:
        return False
    for room in rooms:
        mine = [i for i in room if i in on]
        seen, todo = set(mine[:1]), mine[:1]
        for i in todo:
            for e, j in graph.at[i]:
                if e in loop and j in mine and j not in seen:
                    seen.add(j)
                    todo.append(j)
        if len(seen) < len(mine):
            return False
    return True


def test_pipe_link_verdicts_are_the_counts_of_the_loops_verify_accepts():
    """Over each cell's two strands (a crossing passes both): random given pieces on 3 x 4."""
    rng = random.Random(19)
    puzzles = []
    for _ in range(60):
        rows: list[list[Any]] = [[None] * 4 for _ in range(3)]
        for _ in range(rng.randint(0, 3)):
            rows[rng.randrange(3)][rng.randrange(4)] = rng.choice("─│┌┐└┘┼")
        try:
            puzzles.append(pipe_link.parse(Grid("pipe-link", rows)))
        except InputError:  # a piece that leads out of the grid: not a puzzle
            continue

    def answer(p: Any, nodes: list, links: list) -> frozenset:
        return frozenset((a, b) for (a, _), (b, _) in links if a != b)

    kinds = check(puzzles, pipe_link.logic_graph, pipe_link.verify, answer)
    assert kinds == {"none", "one", "more"}
