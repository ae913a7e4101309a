"""The shared geometry: directions and connected parts."""

from __future__ import annotations

from itertools import pairwise

from solver.blocks.geometry import (
    OPPOSITE,
    STEPS,
    CellPuzzle,
    adjacent,
    components,
    filled_squares,
    grid_edges,
    heading,
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
