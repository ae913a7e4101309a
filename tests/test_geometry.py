"""The shared geometry: directions and connected parts."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from solver.blocks.geometry import (
    OPPOSITE,
    STEPS,
    CellPuzzle,
    adjacent,
    components,
    filled_squares,
    grid_edges,
    heading,
    separators,
    shortest_path,
    square_edges,
    squares,
    step,
)


def test_directions():
    for d, (dr, dc) in STEPS.items():
        assert step((5, 5), d) == (5 + dr, 5 + dc)
        assert heading((5, 5), step((5, 5), d)) == d
        assert step(step((5, 5), d, 2), OPPOSITE[d], 2) == (5, 5)
    assert adjacent((1, 1), (1, 2)) and not adjacent((1, 1), (2, 2))
    assert grid_edges(2, 2) == [
        ((0, 0), (0, 1)),
        ((0, 0), (1, 0)),
        ((0, 1), (1, 1)),
        ((1, 0), (1, 1)),
    ]


def test_components_of_cells_and_of_graphs():
    cells = [(0, 0), (0, 1), (1, 1), (2, 3), (3, 3), (2, 2)]
    assert components(cells) == [{(0, 0), (0, 1), (1, 1)}, {(2, 3), (3, 3), (2, 2)}]
    assert components([(0, 0), (1, 1)]) == [{(0, 0)}, {(1, 1)}]  # diagonal is apart
    # a graph: edges with an end outside the nodes are ignored; parts in the nodes' order
    assert components("dcba", [("a", "c"), ("b", "x")]) == [{"d"}, {"c", "a"}, {"b"}]
    assert components([]) == []


def test_squares_and_the_2x2_rule_checked():
    assert squares(2, 3) == [((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 1), (0, 2), (1, 1), (1, 2))]
    assert square_edges(squares(2, 2)[0]) == [
        ((0, 0), (0, 1)),
        ((1, 0), (1, 1)),
        ((0, 0), (1, 0)),
        ((0, 1), (1, 1)),
    ]
    shaded = {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)}
    assert filled_squares(shaded) == [(0, 0), (1, 1)]
    assert filled_squares(shaded - {(1, 1)}) == []


def test_cell_puzzle_positions_and_givens():
    p = CellPuzzle(((None, 0, "x"), ("", None, None)))
    assert p.positions() == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert p.givens() == {(0, 1): 0, (0, 2): "x", (1, 0): ""}  # a 0 is given too


def test_shortest_path_stays_inside_and_keeps_both_ends():
    within = {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)}  # a ring
    path = shortest_path((0, 0), (2, 2), within)
    assert path[0] == (0, 0) and path[-1] == (2, 2) and len(path) == 5
    assert set(path) <= within and all(adjacent(a, b) for a, b in pairwise(path))
    assert shortest_path((1, 0), (1, 0), within) == [(1, 0)]


def test_reach_follows_the_steps_it_is_given():
    from solver.blocks.geometry import reach

    steps = {1: [2], 2: [3, 1], 3: [], 4: [1]}
    assert reach([1], lambda n: steps[n]) == {1, 2, 3}
    assert reach([4], lambda n: steps[n]) == {1, 2, 3, 4}
    assert reach([], lambda n: steps[n]) == set()


def _joined(near, source, sink, passable, removed):
    """Whether a path runs from `source` to `sink` over passable nodes not `removed`."""
    seen = set(source)
    todo = list(seen)
    for n in todo:
        for m in near[n]:
            if m in sink:
                return True
            if m not in seen and passable[m] and m not in removed:
                seen.add(m)
                todo.append(m)
    return False


@pytest.mark.parametrize("seed", range(60))
def test_separators_are_fewest_nodes_cuts(seed):
    """On random graphs: each separator (nearest the source, nearest the sink) parts the source
    from the sink, no smaller set of passable nodes does (every set of one node fewer tried),
    and the two are as many."""
    rng = random.Random(seed)
    count = rng.randint(4, 10)
    edges = {
        tuple(sorted(rng.sample(range(count), 2))) for _ in range(rng.randint(count, 3 * count))
    }
    near = [[] for _ in range(count)]
    for a, b in sorted(edges):
        near[a].append(b)
        near[b].append(a)
    source, sink = {0}, {count - 1}
    if count - 1 in near[0]:  # side by side: nothing parts them
        near[0].remove(count - 1)
        near[count - 1].remove(0)
    passable = [rng.random() < 0.8 for _ in range(count)]
    cuts = separators(near, source, sink, passable)
    assert len(cuts[0]) == len(cuts[1])
    middle = [n for n in range(count) if passable[n] and n not in source | sink]
    for cut in cuts:
        assert not set(cut) & (source | sink) and all(passable[n] for n in cut)
        assert not _joined(near, source, sink, passable, set(cut))
        for fewer in combinations(middle, max(len(cut) - 1, 0)):
            assert _joined(near, source, sink, passable, set(fewer)) or not cut


def test_separators_take_the_narrowest_places_nearest_either_side():
    """A path 0-1-2 that widens to 3, 4 and 5 before the sink 6: node 1 alone parts them, and so
    does 2 (1 the one nearer the source, 2 the one nearer the sink); none where no path runs at
    all; where one node alone lies between, both are that node."""
    near = [[1], [0, 2], [1, 3, 4, 5], [2, 6], [2, 6], [2, 6], [3, 4, 5]]
    assert separators(near, {0}, {6}, [True] * 7) == ([1], [2])
    assert separators(near, {0}, {6}, [True, True, False, True, True, True, True]) == ([], [])
    assert separators([[1], [0, 2], [1]], {0}, {2}, [True] * 3) == ([1], [1])
