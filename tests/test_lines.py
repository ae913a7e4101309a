"""The shared lines toolkit on small graphs: both connectivity forms give the same answers."""

from __future__ import annotations

import pytest

from solver.blocks.geometry import grid_edges
from solver.blocks.lines import (
    Network,
    arms,
    connected,
    crossing_parity,
    edge_vars,
    line_segments,
    lines_record,
    loop_no_good,
    no_square_loop,
    single_loop,
)
from solver.io.drawn_lines import glyph
from solver.mip.backends import LiveModel
from solver.mip.model import Model, cell_vars, new_problem
from solver.mip.settings import Settings
from solver.pipeline import Outcome, _solve

FORMS = [False, True]


def solve(m: Model) -> str:
    return _solve(LiveModel(m.prob, Settings("highs")), m, Outcome("?"), None)


def two_squares(lazy: bool) -> Model:
    """A 2x4 grid without the bottom edge between columns 1 and 2: two 2x2 blocks joined by
    the top edge only, and every node must be on the loop."""
    prob = new_problem("t")
    edges = [e for e in grid_edges(2, 4) if not (e[0][1] == 1 and e[1][1] == 2 and e[0][0] == 1)]
    x = edge_vars(prob, edges)
    m = Model(prob, list(x.values()), {"x": x})
    used = {(r, c): 1 for r in range(2) for c in range(4)}
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy))
    return m


@pytest.mark.parametrize("lazy", FORMS)
def test_loop_through_every_node_must_use_the_one_rung_twice_so_has_none(lazy):
    # every node on the loop, but the blocks are joined by one edge only: no single loop
    assert solve(two_squares(lazy)) == "infeasible"


@pytest.mark.parametrize("lazy", FORMS)
def test_loop_through_all_nodes_of_a_2x4_grid_is_the_rim(lazy):
    prob = new_problem("t")
    x = edge_vars(prob, grid_edges(2, 4))
    m = Model(prob, list(x.values()), {"x": x})
    used = {(r, c): 1 for r in range(2) for c in range(4)}
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy))
    assert solve(m) == "solved"
    segs = line_segments(x)
    assert len(segs) == 8 and ((0, 1), (1, 1)) not in segs  # the rim, no inner rung


@pytest.mark.parametrize("lazy", FORMS)
def test_optional_nodes_two_forced_far_apart_make_one_loop(lazy):
    prob = new_problem("t")
    cells = [(r, c) for r in range(4) for c in range(4)]
    x = edge_vars(prob, grid_edges(4, 4))
    u = cell_vars(prob, "u", cells)
    used = {cell: u[cell] for cell in cells}
    prob += u[0, 0] == 1
    prob += u[3, 3] == 1
    # forbid the big rim's corners route by making the loop avoid (0, 3) and (3, 0)
    prob += u[0, 3] == 0
    prob += u[3, 0] == 0
    m = Model(prob, list(x.values()), {"x": x})
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy))
    assert solve(m) == "solved"
    sides = arms(line_segments(x))
    assert all(len(s) == 2 for s in sides.values())
    walk, prev, here = [(0, 0)], None, (0, 0)
    nxt = {}
    for a, b in line_segments(x):
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    while True:
        step = next(n for n in nxt[here] if n != prev)
        if step == (0, 0):
            break
        prev, here = here, step
        walk.append(here)
    assert len(walk) == len(sides) and (3, 3) in walk


@pytest.mark.parametrize("lazy", FORMS)
def test_forest_every_used_node_reaches_a_root(lazy):
    # a path from (0, 0) to (0, 2) in a 3x3 grid that must also pass (2, 0): without the
    # roots' connectivity a separate little loop through (2, 0) would do
    prob = new_problem("t")
    cells = [(r, c) for r in range(3) for c in range(3)]
    x = edge_vars(prob, grid_edges(3, 3))
    u = cell_vars(prob, "u", cells)
    for cell in cells:  # degree 2 at used non-roots, 1 at the two roots
        at = [x[e] for e in x if cell in e]
        ends = cell in ((0, 0), (0, 2))
        prob += sum(at) == (1 if ends else 2 * u[cell])
    prob += u[0, 0] == 1
    prob += u[0, 2] == 1
    prob += u[2, 0] == 1  # forces a loop in the bottom rows unless it joins the path
    m = Model(prob, list(x.values()), {"x": x})
    net = Network(dict(x), {cell: u[cell] for cell in cells})
    m.separate(connected(prob, net, lazy=lazy, roots=[(0, 0)], crossing=2))
    assert solve(m) == "solved"
    segs = line_segments(x)
    assert ((0, 0), (0, 1)) not in segs or ((1, 0), (2, 0)) in segs  # (2,0) reached from a root
    reach, stack = {(0, 0)}, [(0, 0)]
    while stack:
        here = stack.pop()
        for a, b in segs:
            for p, q in ((a, b), (b, a)):
                if p == here and q not in reach:
                    reach.add(q)
                    stack.append(q)
    assert (2, 0) in reach and (0, 2) in reach


def test_glyphs_and_record():
    segs = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    sides = arms(segs)
    assert [glyph(sides[c]) for c in ((0, 0), (0, 1), (1, 0), (1, 1))] == ["┌", "┐", "└", "┘"]
    assert glyph("UDLR") == "┼" and glyph("LR") == "─" and glyph("UD") == "│"
    assert lines_record(segs)["lines"][0] == [0, 0, 0, 1, 1]
    assert arms([((0, 0), (0, -1))]) == {(0, 0): frozenset("L"), (0, -1): frozenset("R")}


def test_no_square_loop_forbids_a_loop_around_a_2x2_block():
    for rule, want in ((False, "solved"), (True, "infeasible")):
        prob = new_problem("t")
        x = edge_vars(prob, grid_edges(2, 2))
        m = Model(prob, list(x.values()), {"x": x})
        m.separate(single_loop(prob, Network(dict(x), {q: 1 for e in x for q in e}), lazy=False))
        if rule:
            no_square_loop(prob, x, 2, 2)
        assert solve(m) == want


def optional_loops(
    rows: int, cols: int, lazy: bool, groups: list[frozenset] = ()
) -> tuple[Model, dict]:
    """Every single loop on a rows x cols grid of nodes, each node optional; each group of
    nodes holds a node of the loop (a rule of this model), and the lazy cuts are told so."""
    prob = new_problem("t")
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    x = edge_vars(prob, grid_edges(rows, cols))
    u = cell_vars(prob, "u", cells)
    prob += sum(x.values()) >= 4
    for group in groups:
        prob += sum(u[cell] for cell in group) >= 1
    net = Network(dict(x), dict(u), some_used=list(groups))
    m = Model(prob, list(x.values()), {"x": x})
    m.separate(single_loop(prob, net, lazy=lazy))
    return m, x


def count_answers(m: Model) -> int:
    """Solve, cut the answer off with the model's uniqueness cut, again, until none is left."""
    live, n = LiveModel(m.prob, Settings("highs")), 0
    while _solve(live, m, Outcome("?"), None) == "solved":
        assert not m.violated()
        n += 1
        live.add(m.exclude_answer(), f"ng{n}")
    return n


# every single loop of a 3x4 grid of nodes, counted with the plain no-good (the reference)
@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.slow
def test_loop_no_good_cuts_off_one_loop_and_no_other(lazy):
    m, x = optional_loops(3, 4, lazy)
    plain = count_answers(m)
    m, x = optional_loops(3, 4, lazy)
    m.no_good = loop_no_good(x)
    assert count_answers(m) == plain > 10


def test_loop_no_good_is_the_loop_edges_only():
    m, x = optional_loops(3, 3, lazy=False)
    assert solve(m) == "solved"
    cut = loop_no_good(x)()
    loop = [v for v in x.values() if round(v.varValue) == 1]
    assert set(cut) == set(loop) and cut.constant == -(len(loop) - 1)  # sum <= |loop| - 1
    assert cut.sense == -1


@pytest.mark.slow
def test_crossing_parity_keeps_every_loop_and_some_used_every_loop():
    m, _ = optional_loops(3, 4, lazy=True)
    plain = count_answers(m)
    m, x = optional_loops(3, 4, lazy=True)
    crossing_parity(m.prob, x)
    assert count_answers(m) == plain
    middle = frozenset((1, c) for c in range(4))  # every loop of 3 rows of nodes meets it
    m, _ = optional_loops(3, 4, lazy=True, groups=[middle])
    assert count_answers(m) == plain


def test_some_used_makes_the_cut_free_of_node_terms():
    """Two unit squares, apart, each holding a whole group: the cut that joins them is
    x(border) >= 2 with no u terms (without the groups: >= 2 (u_i + u_j - 1))."""
    for groups, free in (
        ([], False),
        ([frozenset({(0, 0), (1, 0)}), frozenset({(1, 3), (2, 3)})], True),
    ):
        m, x = optional_loops(3, 4, lazy=True, groups=groups)
        for v in m.prob.variables():
            v.varValue = 0
        for (r0, c0), (r1, c1) in (((0, 0), (1, 1)), ((1, 2), (2, 3))):
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    m.prob.variablesDict()[f"u({r + 1},{c + 1})"].varValue = 1
            for (a, b), v in x.items():
                if all(r0 <= r <= r1 and c0 <= c <= c1 for r, c in (a, b)):
                    v.varValue = 1
        cuts = m.violated()
        assert len(cuts) == 2
        assert all((set(c) <= set(x.values()) and c.constant == -2) == free for c in cuts)


def test_the_cut_for_a_piece_takes_in_the_hole_it_encloses():
    """A ring round node (1,1) and a unit square far off: the ring's cut leaves out the four
    edges into the hole (the ring's side holds it, as no line is there), so it names only the
    edges from the ring to the outside; the square's cut is its own border."""
    m, x = optional_loops(5, 5, lazy=True)
    for v in m.prob.variables():
        v.varValue = 0
    u = m.prob.variablesDict()
    ring = [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    square = [(3, 3), (3, 4), (4, 3), (4, 4)]
    for piece in (ring, square):
        for r, c in piece:
            u[f"u({r + 1},{c + 1})"].varValue = 1
        for (a, b), v in x.items():
            if a in piece and b in piece:
                v.varValue = 1
    cuts = m.violated()
    assert len(cuts) == 2

    def border(nodes: set) -> set:
        return {v.name for (a, b), v in x.items() if (a in nodes) != (b in nodes)}

    edge_names = {v.name for v in x.values()}
    edges = [{v.name for v in c} & edge_names for c in cuts]
    assert border(set(ring) | {(1, 1)}) in edges  # 6 edges, not the ring's 10
    assert border(set(square)) in edges
