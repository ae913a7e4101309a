"""The shared cell-set blocks on small grids: each form accepts exactly the sets its rule accepts.

Every test builds a tiny model around one block, lists all its answers with a no-good loop
(solve, cut the answer off, solve again until infeasible) and compares them with the sets that
brute force over every subset finds."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable

import pulp
import pytest

from solver.blocks.cells import (
    check_connected,
    check_islands,
    check_never_adjacent,
    check_no_square,
    components,
    connected,
    forest_count,
    islands,
    never_adjacent,
    no_square,
    runs,
    seen_cells,
    shade_vars,
    shaded_record,
    sightline,
    unshaded_connected,
)
from solver.blocks.geometry import Cell
from solver.io.shading import render_shaded
from solver.io.sheet.answer import CellWrite
from solver.mip.backends import LiveModel
from solver.mip.model import Model, new_problem, no_good_cut, value, var
from solver.mip.settings import Settings
from solver.pipeline import Outcome, _solve

FORMS = [False, True]
# the loop solves once per answer: SCIP took ~30 ms a solve of these tiny models, HiGHS ~60 ms
SOLVER = "scip"
Answer = frozenset[Cell]


def grid(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(rows) for c in range(cols)]


def answers(m: Model, b: dict[Cell, pulp.LpVariable], solver: str | None = None) -> set[Answer]:
    """Every answer of the model: the cells with b = 1, one set per answer."""
    live = LiveModel(m.prob, Settings(solver or SOLVER))
    out = Outcome("?")
    found: set[Answer] = set()
    while _solve(live, m, out, None) == "solved":
        got = frozenset(cell for cell, v in b.items() if value(v))
        assert got not in found, "the no-good cut did not cut the answer off"
        found.add(got)
        live.add(no_good_cut(m.answer_vars), f"ng{len(found)}")
    return found


def brute(
    cells: list[Cell], rule: Callable[[Answer], bool], fixed: dict[Cell, int] | None = None
) -> set[Answer]:
    """Every subset of `cells` that keeps the fixed cells' values and passes the rule."""
    fixed = fixed or {}
    free = [cell for cell in cells if cell not in fixed]
    ones = frozenset(cell for cell, v in fixed.items() if v)
    found = set()
    for bits in itertools.product((0, 1), repeat=len(free)):
        s = ones | {cell for cell, bit in zip(free, bits, strict=True) if bit}
        if rule(frozenset(s)):
            found.add(frozenset(s))
    return found


def setup(cells: Iterable[Cell], fixed: dict[Cell, int] | None = None):
    prob = new_problem("t")
    b = {cell: var(prob, "b", cell[0] + 1, cell[1] + 1) for cell in cells}
    for cell, v in (fixed or {}).items():
        prob += b[cell] == v
    return prob, b


def is_connected(s: Answer) -> bool:
    return len(components(s)) <= 1


# --- check-side helpers -----------------------------------------------------------------------


def test_components_and_checks():
    s = {(0, 0), (0, 1), (1, 1), (2, 3), (3, 3), (3, 0)}
    groups = components(s)
    assert groups == [{(0, 0), (0, 1), (1, 1)}, {(2, 3), (3, 3)}, {(3, 0)}]
    assert components([]) == []
    assert len(check_connected(s, "the whites")) == 2
    assert "D3" in check_connected(s, "the whites")[0]
    assert check_connected({(0, 0), (1, 0)}, "x") == []
    assert check_no_square({(0, 0), (0, 1), (1, 0)}, "sea") == []
    assert check_no_square({(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (0, 2)}, "sea") == [
        "a 2x2 block of sea at A1",
        "a 2x2 block of sea at B1",
    ]
    assert check_never_adjacent({(0, 0), (1, 1), (2, 2)}, "blacks") == []
    assert check_never_adjacent({(0, 0), (1, 0), (1, 1)}, "blacks") == [
        "blacks at A1 and A2 touch",
        "blacks at A2 and B2 touch",
    ]


def test_render_and_record():
    writes = render_shaded([(1, 0), (0, 2)], lamps=[(0, 0)])
    assert writes == [
        CellWrite(0, 0, "○"),
        CellWrite(0, 2, shade=True),
        CellWrite(1, 0, shade=True),
    ]
    assert shaded_record({(1, 0), (0, 2)}) == {"shaded": [[0, 2], [1, 0]]}


# --- connected ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.slow
def test_connected_every_subset_of_3x3(lazy):
    cells = grid(3, 3)
    prob, b = setup(cells)
    m = Model(prob, list(b.values()))
    m.separate(connected(prob, b, lazy=lazy))
    want = brute(cells, is_connected)
    assert len(want) == 219  # the 218 connected sets of a 3x3 grid, and the empty set
    assert answers(m, b) == want


@pytest.mark.parametrize("lazy", FORMS)
def test_connected_whites_of_a_shading_with_a_root_and_walls(lazy):
    # the whites (1 - b) of a 3x4 grid with two walls connect; (0, 0) is a white clue (root)
    cells = [cell for cell in grid(3, 4) if cell not in ((1, 1), (0, 3))]
    prob, b = setup(cells)
    m = Model(prob, list(b.values()))
    white = {cell: 1 - v for cell, v in b.items()}
    m.separate(connected(prob, white, lazy=lazy, root=(0, 0)))
    want = brute(
        cells,
        lambda s: (0, 0) not in s and is_connected(set(cells) - s),
    )
    assert answers(m, b) == want


@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.slow
def test_connected_random_4x4_and_5x5_with_fixed_cells(lazy, seed):
    rng = random.Random(seed)
    size = 4 if seed < 2 else 5
    cells = grid(size, size)
    blob = {rng.choice(cells)}  # a random connected set: the cells fixed are fixed as in it
    while len(blob) < len(cells) // 2:
        r, c = rng.choice(sorted(blob))
        blob |= {q for q in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)) if q in cells}
    fixed = {cell: int(cell in blob) for cell in rng.sample(cells, len(cells) - 7)}
    prob, b = setup(cells, fixed)
    m = Model(prob, list(b.values()))
    m.separate(connected(prob, b, lazy=lazy))
    assert answers(m, b) == brute(cells, is_connected, fixed)


@pytest.mark.parametrize("lazy", FORMS)
def test_connected_with_constants_in_the_mapping(lazy):
    # a 1 x 5 strip whose ends are always in: the middle must be all in
    prob, b = setup([(0, 1), (0, 2), (0, 3)])
    x = {(0, 0): 1, **b, (0, 4): 1}
    m = Model(prob, list(b.values()))
    m.separate(connected(prob, x, lazy=lazy))
    assert answers(m, b) == {frozenset(b)}


def test_lazy_cut_goes_through_the_cells_that_lead_to_the_other_group():
    # 3x4 with a wall at (0, 1); solved set {(1, 0), (2, 0)} and {(2, 3)}. The cell (0, 0) is next
    # to the first group but leads nowhere else, so its cut names only (1, 1) and (2, 1)
    cells = [cell for cell in grid(3, 4) if cell != (0, 1)]
    prob, b = setup(cells)
    separate = connected(prob, b, lazy=True)
    assert separate is not None
    for cell, v in b.items():
        v.varValue = int(cell in ((1, 0), (2, 0), (2, 3)))
    first, second = separate()
    assert {v.name for v in first} == {"b(2,2)", "b(3,2)", "b(2,1)", "b(3,4)"}  # + i and j
    assert first[b[1, 0]] == -1 and first[b[2, 3]] == -1 and first.constant == 1
    assert {v.name for v in second} == {"b(2,4)", "b(3,3)", "b(3,4)", "b(2,1)"}
    assert not first.valid() and not second.valid()  # the current answer breaks both


@pytest.mark.parametrize("lazy", FORMS)
def test_connected_with_an_anchor_keeps_every_answer(lazy):
    """Anchor cells, one of which the model puts in the set (aqre's four in a row): the cuts
    for groups without an anchor cell need no second cell, and the answers are every connected
    set through the anchor, as brute force finds them."""
    cells = grid(3, 3)
    anchor = [(0, 0), (1, 1)]
    prob, b = setup(cells)
    prob += pulp.lpSum(b[q] for q in anchor) >= 1
    m = Model(prob, list(b.values()))
    m.separate(connected(prob, b, lazy=lazy, anchor=anchor))
    want = brute(cells, lambda s: bool(s & set(anchor)) and is_connected(s))
    assert answers(m, b) == want


def test_lazy_cut_of_a_group_without_an_anchor_cell_needs_one_cell():
    prob, b = setup(grid(1, 5))
    separate = connected(prob, b, lazy=True, anchor=[(0, 0)])
    assert separate is not None
    for cell, v in b.items():
        v.varValue = int(cell in ((0, 0), (0, 3)))
    # A1's group holds the anchor: its cut towards D1 as without one; D1's reaches A1 through
    # C1, whatever else is in: b(1,3) >= b(1,4)
    first, second = separate()
    assert first.constant == 1 and not first.valid()
    assert {v.name: a for v, a in second.items()} == {"b(1,3)": 1, "b(1,4)": -1}
    assert second.constant == 0 and not second.valid()


# --- islands ----------------------------------------------------------------------------------


def island_rule(clues: dict[Cell, int | None]) -> Callable[[Answer], bool]:
    def ok(s: Answer) -> bool:
        if not set(clues) <= s:
            return False
        for group in components(s):
            held = [k for k in clues if k in group]
            if len(held) != 1 or clues[held[0]] not in (None, len(group)):
                return False
        return True

    return ok


ISLANDS = [
    (3, 3, {(0, 0): 3, (2, 2): 2}),
    (3, 3, {(0, 0): 2, (0, 2): 1, (2, 1): None}),
    (3, 4, {(0, 0): 4, (2, 3): 3}),
    (3, 4, {(1, 1): None, (1, 3): 2}),
    (4, 4, {(0, 0): 3, (3, 3): 3, (0, 3): 1}),
    (3, 3, {(0, 0): 1, (0, 1): 1}),  # two clues side by side: no answer
]


@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.parametrize("rows,cols,clues", ISLANDS)
def test_islands_against_brute_force(lazy, rows, cols, clues):
    cells = grid(rows, cols)
    prob, b = setup(cells)
    m = Model(prob, list(b.values()))
    m.separate(islands(prob, b, clues, lazy=lazy))
    assert answers(m, b) == brute(cells, island_rule(clues))


@pytest.mark.parametrize("lazy", FORMS)
def test_islands_around_a_wall_and_a_cell_fixed_out(lazy):
    # 3x4, a wall at (1, 1) (not in the mapping) and (0, 3) always out (the constant 0)
    cells = [cell for cell in grid(3, 4) if cell not in ((1, 1), (0, 3))]
    clues = {(0, 0): 3, (2, 3): None}
    prob, b = setup(cells)
    m = Model(prob, list(b.values()))
    m.separate(islands(prob, {**b, (0, 3): 0}, clues, lazy=lazy))
    assert answers(m, b) == brute(cells, island_rule(clues))


@pytest.mark.parametrize(
    "solved,kind",
    [
        ({(0, 0), (0, 1), (0, 2), (2, 2)}, "no clue"),  # (2, 2) alone
        ({(0, 0), (0, 1), (0, 2), (0, 3)}, "two clues"),
        ({(0, 0), (3, 3)}, "too small"),
        ({(0, 0), (1, 0), (2, 0), (2, 1), (3, 3), (3, 2)}, "too big"),
    ],
)
def test_each_island_cut_breaks_the_answer_it_was_made_for(solved, kind):
    clues = {(0, 0): 3, (0, 3): None, (3, 3): 2}
    cells = grid(4, 4)
    prob, b = setup(cells)
    separate = islands(prob, b, clues, lazy=True)
    assert separate is not None
    for cell, v in b.items():
        v.varValue = int(cell in solved)
    if kind == "two clues":
        solved = solved | {(3, 3)}  # the clue cells are in every answer
        b[3, 3].varValue = 1
    cuts = separate()
    assert cuts and all(not cut.valid() for cut in cuts)
    if kind == "two clues":
        path = next(cut for cut in cuts if len(cut) == 4)
        assert path.constant == -3  # sum over the path's 4 cells <= 3
    if kind == "too big":
        part = next(cut for cut in cuts if (1, 0) in {_cell(v) for v in cut})
        assert len(part) == 4 and part.constant == -3  # the clue and 3 nearest cells <= 3


def _cell(v: pulp.LpVariable) -> Cell:
    r, c = v.name[2:-1].split(",")
    return int(r) - 1, int(c) - 1


def test_check_islands_agrees_with_the_rule_and_names_the_cells():
    clues = {(0, 0): 2, (2, 2): None, (0, 2): 1}
    rule = island_rule(clues)
    for s in brute(grid(3, 3), lambda s: True):
        assert (check_islands(s, clues) == []) == rule(s)
    assert check_islands({(0, 0), (0, 1), (0, 2), (2, 2)}, clues) == [
        "the island at A1 holds 2 clues, not one (A1, C1)"
    ]
    assert check_islands({(0, 0), (1, 1), (2, 2), (0, 2)}, clues) == [
        "the island of the clue 2 at A1 has 1 cells",
        "the island at B2 holds 0 clues, not one",
    ]
    assert check_islands({(0, 0), (1, 0)}, clues) == [
        "the clue at C1 is not on an island",
        "the clue at C3 is not on an island",
    ]


@pytest.mark.parametrize("lazy", FORMS)
def test_two_cells_always_in_with_a_wall_between_have_no_answer(lazy):
    cells = [(0, 0), (0, 2), (1, 0), (1, 2)]  # column 1 is a wall
    prob, b = setup(cells)
    m = Model(prob, list(b.values()))
    m.separate(connected(prob, {**b, (0, 0): 1, (1, 2): 1}, lazy=lazy))
    assert solve_status(m) == "infeasible"


def solve_status(m: Model) -> str:
    return _solve(LiveModel(m.prob, Settings(SOLVER)), m, Outcome("?"), None)


@pytest.mark.parametrize("solver", ["highs", "scip"])
@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.slow
def test_islands_of_a_nurikabe_with_the_sea_rules(lazy, solver):
    # whites = islands, sea connected and without 2x2: a 4x4 nurikabe with four answers
    cells = grid(4, 4)
    clues = {(0, 0): 2, (2, 2): 3, (3, 0): 1}
    prob, sea = setup(cells)
    m = Model(prob, list(sea.values()))
    no_square(prob, sea)
    m.separate(connected(prob, sea, lazy=lazy))
    m.separate(islands(prob, {c: 1 - v for c, v in sea.items()}, clues, lazy=lazy))

    def nurikabe(s: Answer) -> bool:
        whites = frozenset(set(cells) - s)
        return island_rule(clues)(whites) and is_connected(s) and not check_no_square(s, "")

    want = brute(cells, nurikabe)
    assert answers(m, sea, solver) == want and len(want) == 4


# --- local rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("value_", [1, 0])
def test_no_square_every_subset_of_2x3_and_3x2(value_):
    for cells in (grid(2, 3), grid(3, 2)):
        prob, b = setup(cells)
        m = Model(prob, list(b.values()))
        no_square(prob, b, value=value_)

        def ok(s: Answer, cells: list[Cell] = cells) -> bool:
            return not check_no_square(s if value_ else set(cells) - s, "")

        assert answers(m, b) == brute(cells, ok)


def test_no_square_skips_walls():
    cells = [cell for cell in grid(2, 3) if cell != (1, 1)]  # no block is whole
    prob, b = setup(cells)
    no_square(prob, b)
    assert len(answers(Model(prob, list(b.values())), b)) == 2**5


@pytest.mark.parametrize("lazy", FORMS)
@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 4)])
@pytest.mark.slow
def test_unshaded_connected_with_its_corner_rows_keeps_every_answer(lazy, rows, cols):
    """The shadings with shaded cells apart and unshaded cells connected, with and without the
    rows that no corner is walled in (`corners`): the same set, every one of them."""
    cells = grid(rows, cols)
    want = brute(cells, lambda s: not check_never_adjacent(s, "") and is_connected(set(cells) - s))
    for corners in (False, True):
        prob, b = setup(cells)
        never_adjacent(prob, b)
        m = Model(prob, list(b.values()))
        m.separate(unshaded_connected(prob, b, lazy, corners=corners))
        names = [c.name for c in prob.constraints() if "Corner" in (c.name or "")]
        assert len(names) == (4 if corners else 0)
        assert answers(m, b) == want


def test_never_adjacent_every_subset_of_3x3():
    cells = grid(3, 3)
    prob, b = setup(cells)
    never_adjacent(prob, b)
    want = brute(cells, lambda s: not check_never_adjacent(s, ""))
    assert answers(Model(prob, list(b.values())), b) == want


# --- lines of sight --------------------------------------------------------------------------


def count_seen(cell: Cell, shaded: Answer, cells: set[Cell]) -> int:
    open_ = cells - shaded
    return len(seen_cells(cell, open_))


@pytest.mark.parametrize(
    "rows,cols,at,walls",
    [(3, 3, (1, 1), ()), (3, 4, (0, 1), ()), (4, 4, (1, 2), ((1, 0), (3, 2)))],
)
@pytest.mark.parametrize("limited", [False, True])
def test_sightline_counts_like_brute_force(rows, cols, at, walls, limited):
    # the cells of the row and column of `at` (the others do not change what it sees)
    cells = [q for q in grid(rows, cols) if q not in walls and (q[0] == at[0] or q[1] == at[1])]
    for n in range(1, rows + cols):
        prob, b = setup(cells, {at: 0})
        prob += sightline(prob, b, at, limit=n if limited else None) == n
        want = brute(cells, lambda s, n=n: count_seen(at, s, set(cells)) == n, {at: 0})
        assert answers(Model(prob, list(b.values())), b) == want, n


def test_sightline_is_exact_for_every_shading():
    # fix each shading of a 3x3 and read the count off the model
    cells = grid(3, 3)
    for bits in range(0, 2**9, 7):
        s = frozenset(cell for i, cell in enumerate(cells) if bits >> i & 1 and cell != (1, 0))
        prob, b = setup(cells, {cell: int(cell in s) for cell in cells})
        count = sightline(prob, b, (1, 0))
        prob.solve(pulp.HiGHS(msg=False))
        assert round(pulp.value(count)) == count_seen((1, 0), s, set(cells))


def test_runs_and_seen_cells_stop_at_walls():
    cells = {cell for cell in grid(3, 3) if cell != (1, 1)}
    assert seen_cells((1, 0), cells) == [(1, 0), (0, 0), (2, 0)]
    assert sorted(seen_cells((0, 1), cells)) == [(0, 0), (0, 1), (0, 2)]
    found = runs(cells)
    assert [(0, 0), (0, 1), (0, 2)] in found and [(1, 0)] in found and [(0, 1)] in found
    assert len(found) == 8


def test_akari_rules_from_runs_and_sight_against_brute_force():
    # a 3x3 akari with a wall in the middle: lamps light up to walls, all lit, never see each other
    cells = [cell for cell in grid(3, 3) if cell != (1, 1)]
    prob, lamp = setup(cells)
    for i, run in enumerate(runs(cells)):
        prob += pulp.lpSum(lamp[q] for q in run) <= 1, f"Run{i}"
    for r, c in cells:
        prob += pulp.lpSum(lamp[q] for q in seen_cells((r, c), cells)) >= 1, f"Lit({r},{c})"

    def ok(s: Answer) -> bool:
        lit = {q for p in s for q in seen_cells(p, cells)}
        return lit == set(cells) and all(set(seen_cells(p, cells)) & s == {p} for p in s)

    want = brute(cells, ok)
    assert answers(Model(prob, list(lamp.values())), lamp) == want and want


def test_shade_vars_names_and_skip():
    prob = new_problem("t")
    b = shade_vars(prob, 2, 3, skip={(0, 1)})
    assert sorted(v.name for v in b.values()) == ["b(1,1)", "b(1,3)", "b(2,1)", "b(2,2)", "b(2,3)"]


def _forest_rows_hold(rows: int, cols: int, shaded: set[Cell]) -> bool:
    """Whether forest_count's rows have a solution for this shading (each block's variable
    at its lowest value is the best choice for the one row that counts them)."""
    prob = new_problem("forest")
    b = {(r, c): var(prob, "b", r, c) for r in range(rows) for c in range(cols)}
    for cell, v in b.items():
        v.varValue = int(cell in shaded)
    found = forest_count(prob, b)
    *pairs, (forest, name) = found
    assert name == "wForest" and len(pairs) == (rows - 1) * (cols - 1)
    for row, _ in pairs:
        (d,) = [v for v in row if v.name.startswith("wDiagonal")]
        d.varValue = max(
            0, -(row.constant + sum(a * (v.varValue or 0) for v, a in row.items() if v is not d))
        )
        assert row.valid()
    return forest.valid()


def test_forest_count_holds_for_every_shading_with_connected_unshaded_cells():
    """Every shading of a 4x4 grid whose shaded cells never touch and whose unshaded cells are
    connected keeps the rows (brute force, 2^16 shadings)."""
    rows, cols = 4, 4
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    kept = 0
    for bits in range(1 << len(cells)):
        shaded = {cell for k, cell in enumerate(cells) if bits >> k & 1}
        if check_never_adjacent(shaded, "x") or check_connected(set(cells) - shaded, "x"):
            continue
        kept += 1
        assert _forest_rows_hold(rows, cols, shaded), sorted(shaded)
    assert kept > 100


def test_forest_count_cuts_off_two_rings_sharing_a_cell():
    """Two rings of corner-touching shaded cells that share a cell: 8 corner pairs among 7
    cells off the edge, more links than a forest has."""
    rings = {(1, 2), (2, 1), (3, 2), (2, 3), (1, 4), (3, 4), (2, 5)}
    assert not _forest_rows_hold(5, 7, rings)
    assert _forest_rows_hold(5, 7, rings - {(2, 5)})  # one ring: the count cannot tell


@pytest.mark.parametrize("slug", ["heyawake", "hitori", "kurodoko"])
def test_genres_with_the_forest_count_solve_with_it_from_the_start(slug):
    """Each genre keeps the forest count aside, and a search with it from the start (no wait)
    finds an answer that passes the genre's verify and is unique, as without it. (On the pure
    MIP: the deductions, solver.deduce.shade_logic, decide these puzzles whole.)"""
    import dataclasses

    from solver.genres import genre_by_slug
    from solver.pipeline import solve_puzzle
    from tests.generators import generator

    genre = genre_by_slug(slug)
    p, _ = generator(slug).generate(8, seed=3)
    (make,) = genre.build(p, True).reinforcements
    assert make()[-1][1] == "wForest"
    eager = dataclasses.replace(genre, tuning=dataclasses.replace(genre.tuning, reinforce_after=0))
    for g in (genre, eager):
        out = solve_puzzle(g, p, Settings(time_limit=60, deduce=False))
        assert (out.status, out.unique, out.violations) == ("solved", True, [])
        assert out.reinforced == (g is eager)
