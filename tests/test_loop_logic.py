"""The deductions made before yajilin's solve (solver.loop_logic): what they decide holds in
every answer (brute force over small grids, with the genre's own `verify` as the rules), they
decide a published puzzle of the kind they are for, a puzzle without an answer says so, and the
model carries what they decide as fixed bounds."""

from __future__ import annotations

import itertools
import random

from solver import loop_logic
from solver.backends import Settings
from solver.genres import yajilin
from solver.genres.yajilin import Answer, Clue, Puzzle
from solver.geometry import grid_edges
from solver.pipeline import solve_puzzle
from solver.puzzlink import parse_url


def loops(cells: set, edges: list) -> list[frozenset]:
    """Every single loop through all of `cells` (at least 4), as sets of edges."""
    if len(cells) < 4:
        return []
    at = {cell: [e for e in edges if cell in e and set(e) <= cells] for cell in cells}
    start = min(cells)
    found = set()

    def walk(path: list, used: list) -> None:
        here = path[-1]
        for e in at[here]:
            there = e[0] if e[1] == here else e[1]
            if there == start and len(path) == len(cells) and e not in used:
                found.add(frozenset([*used, e]))
            elif there not in path:
                walk([*path, there], [*used, e])

    walk([start], [])
    return list(found)


def answers(p: Puzzle) -> list[Answer]:
    """Every answer, by trying each shading of the open cells and every loop through the rest."""
    open_ = [cell for cell in p.positions() if cell not in p.clues()]
    edges = list(grid_edges(p.rows, p.cols))
    found = []
    for bits in itertools.product((0, 1), repeat=len(open_)):
        shaded = frozenset(cell for cell, bit in zip(open_, bits, strict=True) if bit)
        if any((r + 1, c) in shaded or (r, c + 1) in shaded for r, c in shaded):
            continue  # shaded cells side by side (verify would say so)
        for loop in loops(set(open_) - shaded, edges):
            a = Answer(shaded, loop)
            if not yajilin.verify(p, a):
                found.append(a)
    return found


def random_puzzle(rng: random.Random) -> Puzzle:
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 3), (4, 4)))
    cells: list[list[Clue | None]] = [[None] * cols for _ in range(rows)]
    spots = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 3))
    for r, c in spots:
        cells[r][c] = rng.choice((Clue(rng.randint(0, 2), rng.choice("UDLR")), Clue(None, None)))
    return Puzzle(tuple(map(tuple, cells)))


def test_what_it_decides_holds_in_every_answer():
    rng = random.Random(5)
    decided = contradictions = solvable = 0
    for _ in range(150):
        p = random_puzzle(rng)
        found = answers(p)
        cells, segments, graph = yajilin.logic_graph(p)
        board = loop_logic.deduce(graph, budget=10)
        if board is None:
            assert found == [], p.cells
            contradictions += 1
            continue
        solvable += bool(found)
        for a in found:
            for cell, v in zip(cells, board.cell, strict=True):
                if v != loop_logic.UNKNOWN:
                    assert (v == loop_logic.OFF) == (cell in a.shaded), (p.cells, cell)
            for e, v in zip(segments, board.edge, strict=True):
                if v != loop_logic.UNKNOWN:
                    assert (v == loop_logic.USED) == (e in a.segments), (p.cells, e)
        decided += sum(v != loop_logic.UNKNOWN for v in board.cell)
    # it decides cells, finds where there is no answer, and meets puzzles with answers
    assert decided > 300 and contradictions > 20 and solvable > 20


def test_no_answer_is_a_contradiction():
    # a 1 pointing down from the corner of a 3x3: the two cells below it hold one shaded cell,
    # but the loop must then pass the other corner cells, which leaves it nowhere to close
    p = Puzzle(((Clue(1, "D"), None, None), (None, None, None), (None, None, Clue(0, "U"))))
    assert answers(p) == []
    _, _, graph = yajilin.logic_graph(p)
    assert loop_logic.deduce(graph) is None
    assert solve_puzzle(yajilin.GENRE, p, Settings("highs")).status == "infeasible"


# a published 17x17 (tests/data/large/published.json): 0.83 s of SCIP's search before these
# deductions, which decide it whole
YAJILIN_17 = (
    "https://puzz.link/p?yajilin/17/17/21t30b40c22b2310d21b23b31b10g42b23b31b10g21f33a10c33c21b"
    "22b31b10c31f42b32b10g41b22b31b10g20c41a21b10g20a3121b31b42g20b21b31b10g41b21b31b10g42b21c1"
    "2a32g43b21b32b10g20b21b30b10e11f41w3212"
)


def test_a_published_puzzle_is_decided_by_the_rules():
    p = yajilin.from_url(parse_url(YAJILIN_17))
    cells, segments, graph = yajilin.logic_graph(p)
    board = loop_logic.deduce(graph, budget=30, whole_probes=True)
    assert board is not None and loop_logic.UNKNOWN not in board.cell + board.edge
    shaded = frozenset(c for c, v in zip(cells, board.cell, strict=True) if v == loop_logic.OFF)
    loop = frozenset(e for e, v in zip(segments, board.edge, strict=True) if v)
    assert yajilin.verify(p, Answer(shaded, loop)) == []
    out = solve_puzzle(yajilin.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    assert out.answer == Answer(shaded, loop)


def test_the_deductions_become_fixed_bounds_of_the_model():
    p = yajilin.from_url(parse_url(YAJILIN_17))
    m = yajilin.model(p, lazy=True)
    fixed = [v for v in m["b"].values() if v.lowBound == v.upBound]
    assert len(fixed) > 100
    assert all(v.lowBound in (0, 1) for v in fixed)
