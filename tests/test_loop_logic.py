"""The deductions made before the solve of the loop genres (solver.deduce.loop_logic): what they
decide holds in every answer (brute force over small grids of yajilin, masyu, slitherlink,
country road and pipe link, with each genre's own `verify` as the rules), they decide a
published puzzle of the kind they are for, a puzzle without an answer says so, and the model
carries what they decide as fixed bounds."""

from __future__ import annotations

import itertools
import random

import pytest

from solver.blocks.geometry import grid_edges
from solver.deduce import loop_logic
from solver.genres import yajilin
from solver.genres.yajilin import Answer, Clue, Puzzle
from solver.io.puzzlink import parse_url
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle


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


@pytest.mark.slow
def test_what_it_decides_holds_in_every_answer():
    rng = random.Random(5)
    decided = contradictions = solvable = 0
    for _ in range(150):
        p = random_puzzle(rng)
        found = answers(p)
        cells, segments, graph = yajilin.logic_graph(p)
        board = loop_logic.deduce(graph, work=10**9)
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
    assert loop_logic.deduce(graph, work=10**9) is None
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
    board = loop_logic.deduce(graph, work=10**9, whole_after=0)
    assert board is not None and loop_logic.UNKNOWN not in board.cell + board.edge
    shaded = frozenset(c for c, v in zip(cells, board.cell, strict=True) if v == loop_logic.OFF)
    loop = frozenset(e for e, v in zip(segments, board.edge, strict=True) if v)
    assert yajilin.verify(p, Answer(shaded, loop)) == []
    out = solve_puzzle(yajilin.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    assert out.answer == Answer(shaded, loop)


def test_the_deductions_become_fixed_bounds_of_the_model():
    p = yajilin.from_url(parse_url(YAJILIN_17))
    pure = yajilin.GENRE.build(p, lazy=True)
    assert not [v for v in pure["b"].values() if v.lowBound == v.upBound]
    m = yajilin.GENRE.build(p, lazy=True, deduce=True)
    fixed = [v for v in m["b"].values() if v.lowBound == v.upBound]
    assert len(fixed) > 100
    assert all(v.lowBound in (0, 1) for v in fixed)


# --- masyu, slitherlink and country road: the same check on their rules ----------------------


def graph_cycles(n: int, edges: list) -> list[frozenset]:
    """Every simple cycle of a graph on nodes 0..n-1, as sets of edge indices."""
    at: dict = {i: [] for i in range(n)}
    for e, (a, b) in enumerate(edges):
        at[a].append((b, e))
        at[b].append((a, e))
    found = set()

    def walk(start: int, path: list, used: list) -> None:
        for there, e in at[path[-1]]:
            if there == start and len(used) >= 2 and e not in used:
                found.add(frozenset([*used, e]))
            elif there > start and there not in path:
                walk(start, [*path, there], [*used, e])

    for start in range(n):
        walk(start, [start], [])
    return list(found)


def cycles(rows: int, cols: int) -> list[frozenset]:
    """Every simple cycle of the rows x cols grid graph, as sets of edges (lower node first)."""
    nodes = [(r, c) for r in range(rows) for c in range(cols)]
    place = {node: i for i, node in enumerate(nodes)}
    edges = list(grid_edges(rows, cols))
    found = graph_cycles(len(nodes), [(place[a], place[b]) for a, b in edges])
    return [frozenset(edges[e] for e in cycle) for cycle in found]


CYCLES = {size: cycles(*size) for size in ((3, 3), (3, 4), (4, 3), (4, 4))}


def check_sound(module, puzzles, loops_of, answers=None) -> tuple[int, int, int]:
    """For each puzzle: every answer (a loop of `loops_of(p)` that `module.verify` passes, or
    those `answers(p)` gives, as sets of the graph's segments) has every cell and segment the
    rules decide; no answer where they find a contradiction. Returns (things decided,
    contradictions, puzzles with answers)."""
    decided = contradictions = solvable = 0
    for p in puzzles:
        if answers is None:
            found = [loop for loop in loops_of(p) if not module.verify(p, loop)]
        else:
            found = answers(p)
        cells, segments, graph = module.logic_graph(p)
        board = loop_logic.deduce(graph, work=10**9, whole_after=0)
        if board is None:
            assert found == [], p
            contradictions += 1
            continue
        solvable += bool(found)
        on, used = loop_logic.decided(board, cells, segments)
        for loop in found:
            visited = {cell for e in loop for cell in e}
            for cell, v in on.items():
                assert v == (cell in visited), (p, cell)
            for e, v in used.items():
                assert v == (e in loop), (p, e)
        decided += len(on) + len(used)
    return decided, contradictions, solvable


def test_masyu_rules_hold_in_every_answer():
    from solver.genres import masyu

    rng = random.Random(7)
    puzzles = []
    for _ in range(150):
        rows, cols = rng.choice(list(CYCLES))
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample(
            [(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 4)
        ):
            cells[r][c] = rng.choice((masyu.WHITE, masyu.BLACK))
        puzzles.append(masyu.Puzzle(tuple(map(tuple, cells))))
    decided, contradictions, solvable = check_sound(
        masyu, puzzles, lambda p: CYCLES[p.rows, p.cols]
    )
    assert decided > 500 and contradictions > 50 and solvable > 30


def test_slitherlink_rules_hold_in_every_answer():
    from solver.genres import slitherlink

    rng = random.Random(8)
    puzzles = []
    for _ in range(150):
        rows, cols = rng.choice(((2, 2), (2, 3), (3, 2), (3, 3)))
        loop = rng.choice(CYCLES[rows + 1, cols + 1])  # numbers from a loop: it has an answer
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample(
            [(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, 4)
        ):
            sides = slitherlink.sides(r, c).values()
            cells[r][c] = sum(e in loop for e in sides) if rng.random() < 0.7 else rng.randint(0, 3)
        puzzles.append(slitherlink.Puzzle(tuple(map(tuple, cells)), rng.random() < 0.1))
    decided, contradictions, solvable = check_sound(
        slitherlink, puzzles, lambda p: CYCLES[p.rows + 1, p.cols + 1]
    )
    assert decided > 1000 and contradictions > 30 and solvable > 50


def test_country_road_rules_hold_in_every_answer():
    from solver.genres import country_road

    rng = random.Random(9)
    puzzles = []
    while len(puzzles) < 150:
        rows, cols = rng.choice(list(CYCLES))
        label = [[""] * cols for _ in range(rows)]
        todo = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(todo)
        names = iter("ABCDEFGHIJKLMNOP")
        for r, c in todo:  # grow countries: join a labelled neighbour, or start a new one
            near = [
                label[r + dr][c + dc]
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < rows and 0 <= c + dc < cols and label[r + dr][c + dc]
            ]
            label[r][c] = rng.choice(near) if near and rng.random() < 0.6 else next(names)
        p = country_road.Puzzle(tuple(map(tuple, label)))
        countries = p.countries()
        if any(len(cells) != len(set(cells)) for cells in countries.values()):
            continue
        numbered = rng.sample(sorted(countries), rng.randint(0, min(3, len(countries))))
        numbers = tuple((k, rng.randint(1, len(countries[k]))) for k in numbered)
        puzzles.append(country_road.Puzzle(p.cells, numbers))
    decided, contradictions, solvable = check_sound(
        country_road, puzzles, lambda p: CYCLES[p.rows, p.cols]
    )
    assert decided > 1000 and contradictions > 30 and solvable > 50


def test_pipe_link_rules_hold_in_every_answer():
    """Pipe link's loop is one simple cycle through the cells' strands (a crossing cell uses
    both, a bend joins them): every such cycle that passes `verify` agrees with the rules."""
    from solver.blocks.lines import arms
    from solver.genres import pipe_link

    rng = random.Random(10)
    drawings: dict = {}  # size -> [(strand cycle, its segments)] of every loop through all cells
    for rows, cols in ((2, 4), (3, 4), (4, 3), (4, 4), (4, 5)):
        empty = pipe_link.Puzzle(((None,) * cols,) * rows)
        _, links, graph = pipe_link.logic_graph(empty)
        drawings[rows, cols] = []
        for cycle in graph_cycles(graph.n, graph.edges):
            segments = frozenset(
                (a[0], b[0]) for e, (a, b) in enumerate(links) if e in cycle and a[0] != b[0]
            )
            if not pipe_link.verify(empty, segments):
                drawings[rows, cols].append((cycle, segments))
    glyph = {sides: piece for piece, sides in pipe_link.ARMS.items()}
    puzzles = []
    for _ in range(120):
        rows, cols = rng.choice(list(drawings))
        _, answer = rng.choice(drawings[rows, cols])  # pieces from a drawing: it has an answer
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3):
            shown = arms(answer)[r, c]
            cells[r][c] = glyph[shown] if rng.random() < 0.8 else rng.choice(pipe_link.PIECES)
        puzzles.append(pipe_link.Puzzle(tuple(map(tuple, cells))))

    def answers(p: pipe_link.Puzzle) -> list[frozenset]:
        """The drawings `verify` passes, as sets of the strand graph's links."""
        _, links, _ = pipe_link.logic_graph(p)
        return [
            frozenset(links[e] for e in cycle)
            for cycle, segments in drawings[p.rows, p.cols]
            if not pipe_link.verify(p, segments)
        ]

    decided, contradictions, solvable = check_sound(pipe_link, puzzles, None, answers)
    assert decided > 2000 and contradictions > 10 and solvable > 50


def search_outcomes(module, puzzles, loops_of) -> dict[str, int]:
    """The search from a board without probing (`loop_logic.search`), on each puzzle, against
    every answer (a loop of `loops_of(p)` that `module.verify` passes): one answer where there
    is exactly one (that answer), none where there is none, and no answer handed back where
    there are two or more. Returns how often each case came."""
    seen = {"one": 0, "none": 0, "several": 0}
    for p in puzzles:
        found = [loop for loop in loops_of(p) if not module.verify(p, loop)]
        cells, segments, graph = module.logic_graph(p)
        board = loop_logic.deduce(graph, work=0)
        try:
            result = None if board is None else loop_logic.search(board, 10**9)
        except loop_logic.Contradiction:
            result = None
            board = None
        if board is None:
            assert found == [], p
            seen["none"] += 1
        elif result is None:
            assert len(found) >= 2, p
            seen["several"] += 1
        else:
            _, used = loop_logic.decided(result, cells, segments)
            assert found == [frozenset(e for e, v in used.items() if v)], p
            seen["one"] += 1
    return seen


def test_the_search_finds_the_one_answer_and_only_then():
    from solver.blocks.lines import arms
    from solver.genres import masyu, slitherlink

    rng = random.Random(11)
    pearls, numbers = [], []
    for _ in range(400):
        rows, cols = rng.choice(list(CYCLES))
        loop = rng.choice(CYCLES[rows, cols])  # pearls from a loop: white where it runs straight
        sides = arms(loop)
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample(sorted(sides), min(len(sides), rng.randint(1, 4))):
            straight = sides[r, c] in (frozenset("LR"), frozenset("UD"))
            cells[r][c] = masyu.WHITE if straight else masyu.BLACK
        pearls.append(masyu.Puzzle(tuple(map(tuple, cells))))
        rows, cols = rng.choice(((2, 2), (2, 3), (3, 2), (3, 3)))
        loop = rng.choice(CYCLES[rows + 1, cols + 1])
        cells = [[None] * cols for _ in range(rows)]
        for r, c in rng.sample(
            [(r, c) for r in range(rows) for c in range(cols)], rng.randint(1, rows * cols)
        ):
            cells[r][c] = sum(e in loop for e in slitherlink.sides(r, c).values())
        if len(numbers) < 150:
            numbers.append(slitherlink.Puzzle(tuple(map(tuple, cells))))
    seen = search_outcomes(masyu, pearls, lambda p: CYCLES[p.rows, p.cols])
    assert min(seen.values()) > 15, seen
    seen = search_outcomes(slitherlink, numbers, lambda p: CYCLES[p.rows + 1, p.cols + 1])
    assert seen["one"] > 15 and seen["several"] > 15, seen
