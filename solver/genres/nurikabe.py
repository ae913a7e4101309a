"""Nurikabe (ぬりかべ).

Rules: shade some cells (the sea). Every unshaded group of cells (an island) holds exactly one
number, and has as many cells as that number says (a `?` island may have any size). The sea is
one orthogonally connected group, and no 2x2 block of cells is all sea. Numbered cells stay
unshaded.

Layout: one puzzle cell per spreadsheet cell from A1: an island's number (1, 2, ...), or `?` for
a number that is not given; other cells stay empty. The sentinel one cell diagonally below-right
of the grid. The answer shades the sea (a dark fill and `■`). When checking an answer typed by
hand, `■` or `#` or a dark fill is sea, and `・`, `.` or `×` marks a cell known to be island.
The record's `shaded` lists the sea.

Model: b(r,c) = 1 when cell (r,c) is sea (numbered cells have no b: they are island). No 2x2
block of sea (`solver.blocks.cells.no_square`); the sea is connected
(`solver.blocks.cells.connected`); the cells 1 - b split into islands, each holding one number and
of its size (`solver.blocks.cells.islands`, which also states that an island cell has an island
neighbour unless it is a 1, and labels each island cell with the number whose island holds it). Both
connectivity blocks come in the complete form (flows) or as lazy cuts; lazy is the default (the
faster form); the lazy form has the labels only when every island's size is given (what they
gain and cost: `solver.blocks.cells.islands`). When every island's size is given, the sea has a
known size: when that is two cells or more, every sea cell has a sea neighbour (SeaNext,
`solver.blocks.cells.never_alone`), and the uniqueness check cuts on the sea alone
(`solver.blocks.cells.not_all_again`: not every sea cell again), which is exact since every
answer has as many sea cells.

Deductions (`deduce`): the rules of `solver.deduce.island_logic` decide cells of sea and of
land before the solve: a complete island walled in by sea, cells no island can reach, no 2x2 of sea,
the sea joined (and, where the sea is shorter than a path across the grid, within its reach), the
blocks owed to one island, the penalty; then each unknown cell next to a
decided one is tried both ways (probing). What probing leaves, a SAT solver decides
(`sat_steps`, `solver.deduce.sat`: Glucose over each cell's island as 0/1 variables, the
islands' sizes as sums, land beside land one island and no 2x2 of sea as clauses, each
island's cells within its size of its known cells in steps, and the sea connected by cuts as
its answers show it apart) where it ends with one answer, within `sat_conflicts`: where the
MIP, whose relaxation says little about connected islands, takes far longer. Two more
searches can take turns with it by their CPU (`probing.first`, ISLAND_WORK_COST,
SAT_WORK_COST), each where its budget is not 0: a depth-first search over the rules where few
islands are left with room to wander (`island_logic.searching`, within `search_work`, where
an unfinished island has `search_spread` unknown cells or more), and the search that learns
from its conflicts over the SAT solver's variables and rules (`learning_steps`, within
`learn_work`); by default neither runs (Tuning, below), since on the published puzzles the
SAT solver alone decides every one they decide, sooner. The pipeline fixes each decided
cell's b by its bounds; what the rules decide holds in every answer, so the model keeps its
answers. The budgets are the genre's Tuning, in work: probing's `probe_work`, or
`probe_passes` passes over a larger grid (`solver.deduce.probing.budget`), and the others
above. On published puzzles they decide most or all of the grid; where they decide every
cell, the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from dataclasses import dataclass

from solver.blocks.cells import (
    check_connected,
    check_islands,
    check_no_square,
    connected,
    islands,
    never_alone,
    no_square,
    not_all_again,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import Cell, CellPuzzle, neighbours, squares
from solver.blocks.names import quote
from solver.blocks.values import Value
from solver.deduce import Deductions, island_logic, learning, probing, sat
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import UNKNOWN, is_mark
from solver.mip.model import Model, new_problem, value
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
# a number taken out of the puzzle (Genre.givens) leaves its island, of any size
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
Size = int | None  # an island's size, None for `?`


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a size, puzzlink.UNKNOWN ('?') or None

    def clues(self) -> dict[Cell, Size]:
        return {cell: (None if v == puzzlink.UNKNOWN else v) for cell, v in self.givens().items()}


Answer = frozenset[Cell]  # the sea
# a search from what probing left, a step at a time (yielding its work so far): the sea and
# the land, with the rest decided where it ends with one answer
Decided = Generator[int, None, tuple[set[Cell], set[Cell]] | None]


def parse(grid: Grid) -> Puzzle:
    most = grid.rows * grid.cols

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, UNKNOWN):
            return puzzlink.UNKNOWN
        if isinstance(v, int) and 1 <= v <= most:
            return v
        raise grid.error(
            r, c, f"a cell holds an island's size from 1 to {most} or ?, found {quote(v)}"
        )

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no numbers: type each island's size in one of its cells")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("nurikabe")
    clues = p.clues()
    b = shade_vars(prob, p.rows, p.cols, skip=clues)
    sea = {**b, **dict.fromkeys(clues, 0)}
    no_square(prob, b)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(connected(prob, sea, lazy=lazy, prefix="s"))
    island = {cell: 1 - v for cell, v in sea.items()}
    m.separate(islands(prob, island, clues, lazy=lazy))
    if all(n is not None for n in clues.values()):  # the sea's size is known
        if p.rows * p.cols - sum(n for n in clues.values() if n is not None) > 1:
            never_alone(prob, sea, "Sea")
        m.no_good = lambda: not_all_again(b)
    return m


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules and probing decide (`solver.deduce.island_logic`): cells of sea and of
    land in every answer; then, where cells are left, the SAT solver (`sat_steps`), and beside
    it, where their budgets are not 0, the search over the islands' borders
    (`island_logic.searching`) and the search that learns from its conflicts
    (`learning_steps`), taking turns by their CPU (`probing.first`, ISLAND_WORK_COST,
    SAT_WORK_COST): the first to decide the grid does."""
    clues = p.clues()
    try:
        board = island_logic.probed(
            p.rows,
            p.cols,
            clues,
            probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes),
        )
        known = island_logic.decided(board)
        routes: list[tuple[Decided, float]] = []
        islands = island_logic.searching(
            board,
            tuning.search_work,
            tuning.search_spread,
            ways_out=not tuning.learn_work,  # the learning search decides those puzzles sooner
        )
        if islands is not None:
            routes.append((islands, ISLAND_WORK_COST))
        if tuning.learn_work:
            routes.append((learning_steps(p, known, tuning.learn_work), 1))
        if tuning.sat_conflicts:
            steps = sat_steps(p, known, tuning.sat_conflicts, tuning.sat_solver)
            routes.append((steps, SAT_WORK_COST))
        found = probing.first(routes)
    except Contradiction:
        return shading_deductions(None, p.rows, p.cols, skip=clues)
    return shading_deductions(found or known, p.rows, p.cols, skip=clues)  # the sea is shaded


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int
) -> tuple[set[Cell], set[Cell]] | None:
    """`known` with the rest decided by the learning search (`learning_steps`) where it ends
    with one answer; None where it ends with none."""
    try:
        return probing.walked(learning_steps(p, known, work)) or known
    except Contradiction:
        return None


def learning_steps(p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int) -> Decided:
    """The sea and the land (`known`, what the rules decided) with the rest decided by the
    search that learns from its conflicts (`solver.deduce.learning`) over the cells' islands
    (`_Islands`), a decision at a time (yielding its work). Where the search ends with one
    answer, that is the only one and decides every cell; with none, the puzzle has none
    (Contradiction); otherwise (two answers, or its work spent) None: nothing more decided."""
    islands = _Islands.of(p, known)
    if islands is None:
        return known
    found = yield from learning.steps(
        islands.count, islands.sums, work, connected=islands.graphs, clauses=islands.clauses
    )
    return islands.decided(known, found)


def sat_steps(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], conflicts: int, solver: str
) -> Decided:
    """`known` with the rest decided by a SAT solver (`solver.deduce.sat`: `solver`, PySAT's
    name, the Tuning's `sat_solver`; within `conflicts`)
    over the cells' islands (`_Islands`: an island's cells within as many steps of its known
    cells as it lacks cells), a round at a time (yielding its work), as `learning_steps`
    decides from its search's answers."""
    islands = _Islands.of(p, known)
    if islands is None:
        return known
    found = yield from sat.rounds(
        islands.count,
        islands.sums,
        conflicts,
        clauses=islands.clauses,
        connected=islands.graphs,
        steps=islands.steps,
        engine=solver,
    )
    return islands.decided(known, found)


@dataclass(frozen=True)
class _Islands:
    """The cells left open as 0/1 variables, for the searches over them: each land group that
    holds a number is that number's island; each island may take the cells it reaches within
    its size left (a breadth-first search from it over cells that are not sea, no other
    island's, nor beside one), a variable a(q, i) each, and each cell left a sea variable s(q):

    - a cell's island: s(q) + sum_i a(q, i) = 1 (a land cell: sum_i a(q, i) = 1);
    - an island's size: sum_q a(q, i) = its number less its cells known;
    - land beside land is one island: a(q, i) -> s(d) or a(d, i) for each neighbour d
      (a clause; where d is another island's, a(q, i) is 0);
    - no 2 x 2 of sea: a clause, one of the four s(q) is 0;
    - each island's cells connected, and the sea's (connections: the island's known cells,
      and the sea known, always inside), an island's cells within its size left of its
      known cells (`steps`, None where the number is not given and for the sea)."""

    count: int
    sums: list[learning.Sum]
    clauses: list[list[tuple[int, int]]]
    graphs: list[learning.Connected]
    steps: list[int | None]
    sea: dict[Cell, int]  # each cell left -> s(q)
    land: set[Cell]  # the land known, the numbers' cells with it

    @staticmethod
    def of(p: Puzzle, known: tuple[set[Cell], set[Cell]]) -> _Islands | None:
        """The variables and their rules; None where no cell is left. Contradiction where a
        land group holds two numbers, or no island reaches a land cell."""
        clues = p.clues()
        sea, land = known[0], known[1] | set(clues)  # a number's cell is its island's
        cells = list(p.positions())
        left = [q for q in cells if q not in sea and q not in land]
        if not left:
            return None
        numbers = sorted(clues)
        owner = _islands_known(p, land)
        if owner is None:
            raise Contradiction
        count = 0

        def variable() -> int:
            nonlocal count
            count += 1
            return count - 1

        s = {q: variable() for q in left}
        a: dict[Cell, dict[int, int]] = {}  # cell -> island -> a(q, i)
        steps: list[int | None] = []
        for i, number in enumerate(numbers):
            known_cells = sorted(q for q, k in owner.items() if k == i)
            size = clues[number]
            steps.append(None if size is None else size - len(known_cells))
            for q in _reach(p, i, known_cells, steps[-1], sea, owner):
                a.setdefault(q, {})[i] = variable()
        sums = []
        for q in cells:
            if q in sea or q in owner:
                continue
            terms = [(v, 1) for v in a.get(q, {}).values()] + ([(s[q], 1)] if q in s else [])
            if not terms:
                raise Contradiction  # land that no island reaches
            sums.append((1, terms))
        for i, number in enumerate(numbers):
            if clues[number] is not None:
                terms = [(a[q][i], 1) for q in sorted(a) if i in a[q]]
                sums.append((clues[number] - sum(k == i for k in owner.values()), terms))
        clauses: list[list[tuple[int, int]]] = []
        for q in cells:  # land beside land is one island
            if q in sea:
                continue
            islands = {owner[q]: None} if q in owner else a.get(q, {})
            for i, mine in islands.items():
                for d in neighbours(p.rows, p.cols, *q):
                    if d in sea or owner.get(d) == i:
                        continue
                    clause = [] if d in owner else [(s[d], 1)] if d in s else []
                    if d not in owner and i in a.get(d, {}):
                        clause.append((a[d][i], 1))
                    if mine is not None:
                        clause.append((mine, 0))
                    clauses.append(clause)
        for block in squares(p.rows, p.cols):
            if not any(q in land for q in block):
                clauses.append([(s[q], 0) for q in block if q in s])
        graphs = []
        for i in range(len(numbers)):
            nodes = sorted(q for q, k in owner.items() if k == i)
            nodes += [q for q in sorted(a) if i in a[q]]
            variables = [a[q][i] if q not in owner else -1 for q in nodes]
            graphs.append(learning.grid_connection(p.rows, p.cols, nodes, variables, 1))
        nodes = [q for q in cells if q in sea or q in s]
        sea_variables = [s.get(q, -1) for q in nodes]
        graphs.append(learning.grid_connection(p.rows, p.cols, nodes, sea_variables, 1))
        return _Islands(count, sums, clauses, graphs, [*steps, None], s, land)

    def decided(
        self, known: tuple[set[Cell], set[Cell]], found: list[list[int]] | None
    ) -> tuple[set[Cell], set[Cell]] | None:
        """`known` with each cell left decided by the only answer `found`; Contradiction
        where there is none; None where there are two, or the search gave up."""
        if found is None or len(found) > 1:
            return None
        if not found:
            raise Contradiction
        (answer,) = found
        sea = {q for q, v in self.sea.items() if answer[v]}
        return known[0] | sea, self.land | (set(self.sea) - sea)


def _islands_known(p: Puzzle, land: set[Cell]) -> dict[Cell, int] | None:
    """Each land cell joined to a number (its land group holds it) -> the number's index;
    None where a land group holds two numbers."""
    owner: dict[Cell, int] = {}
    for i, number in enumerate(sorted(p.clues())):
        if number in owner:
            return None
        group, todo = {number}, [number]
        while todo:
            q = todo.pop()
            for n in neighbours(p.rows, p.cols, *q):
                if n in land and n not in group:
                    group.add(n)
                    todo.append(n)
        owner.update(dict.fromkeys(group, i))
    return owner


def _reach(
    p: Puzzle, i: int, start: list[Cell], steps: int | None, sea: set[Cell], owner: dict[Cell, int]
) -> list[Cell]:
    """The cells island i may take: within `steps` (None: any) of its known cells `start`,
    over cells that are not sea, no other island's nor beside one (it would join them)."""
    far = {q: 0 for q in start}
    todo = deque(start)
    while todo:
        q = todo.popleft()
        if steps is not None and far[q] >= steps:
            continue
        for n in neighbours(p.rows, p.cols, *q):
            if n in far or n in sea or n in owner:
                continue
            if any(owner.get(m, i) != i for m in neighbours(p.rows, p.cols, *n)):
                continue
            far[n] = far[q] + 1
            todo.append(n)
    return sorted(q for q in far if q not in owner)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, sea: Answer) -> list[str]:
    island = set(p.positions()) - sea
    return (
        check_no_square(sea, "sea cells")
        + check_connected(sea, "the sea's cells")
        + check_islands(island, p.clues())
    )


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, sea: Answer) -> list[CellWrite]:
    return render_shaded(sea)


def record(p: Puzzle, sea: Answer) -> dict:
    return shaded_record(sea)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`nurikabe`: number16 over cells, `.` a number not given."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    if any(v == 0 for v in values):
        raise puzzlink.UrlError("nurikabe: an island of size 0 cannot be")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("nurikabe", p.cols, p.rows, body)


# SCIP by default: faster than HiGHS on generated grids up to 20x20, and as fast on nurikabe-2.
# The searches beside the SAT solver are off (`search_work` and `learn_work` 0): from `python -m
# benchmarks.benchmark_turns --puzzlekit ROOT --every 2 --offset 0 --sat-conflicts 200000` (and
# `--offset 1`; each search alone on the published puzzles that reach the island search, the
# island search within 500,000 and the learning search within 40,000,000), the SAT solver
# decides every puzzle that either other search decides (168 of the first half's 170, and 161
# of the second half's 161; 29_10x10 and 753_10x10 none of them); and from `python -m
# benchmarks.benchmark_puzzlekit --genres nurikabe --time-limit 10`, the whole set in two runs
# side by side: the SAT solver alone against it with the island search, 1,127 right each, the
# seconds' sum 64.1 against 76.2 (1108_20x15 1.9 s against 3.3); the island search and the SAT
# solver against the three taking turns, 1,127 right against 1,126 (683_14x24 7.6 s against
# out of time), 67.1 s against 82.4.
# The CPU of a unit of the island search's work (`probing.racing`: the grid's cells a
# propagation) in units of the learning search's (`solver.deduce.learning`), so that the two
# take turns by their CPU (`deduce`): from `python -m benchmarks.benchmark_turns --puzzlekit
# ROOT --every 2 --offset 0` (and `--offset 1`), the ratio of the two searches' microseconds a
# unit on the puzzles that reach the island search: 7.2 (of the medians) and 7.0 (over all) on
# the first half's 170, chosen; 7.5 and 6.8 on the second half's 161
ISLAND_WORK_COST = 7

# The SAT solver over the same variables and rules (`sat_steps`), within SAT_CONFLICTS: run
# alone from what probing leaves (by hand, not a benchmark) on the ten published puzzles that
# reach the learning search and take it longest, it ends with the one answer within 341
# (669_14x24) to 30,891 conflicts (1108_20x15, where the learning search takes 6 s); 865 on
# 756_15x15, 47,670 on 1030_32x32 and 111,639 on 683_14x24, which neither other search decides
# within 10 s; about ten times the most. A unit of its work (`solver.deduce.sat.rounds`: its
# propagations, and the variables and clauses of each answer it gave) costs SAT_WORK_COST
# units of the learning search's in CPU: from `python -m benchmarks.benchmark_turns
# --puzzlekit ROOT --every 2 --offset 0 --sat-conflicts 200000` (and `--offset 1`), the ratio
# of the two searches' microseconds a unit: 0.42 (of the medians) and 0.42 (over all) on the
# first half's puzzles, chosen; 0.36 and 0.40 on the second half's.
SAT_CONFLICTS = 1_000_000
SAT_WORK_COST = 0.4

GENRE = define(
    __name__,
    slug="nurikabe",
    ja="ぬりかべ",
    pzpr_ids=("nurikabe",),
    lazy=True,
    tuning=Tuning(
        "scip",
        probe_work=150_000,
        probe_passes=10,
        search_work=0,
        search_spread=3,
        learn_work=0,
        sat_conflicts=SAT_CONFLICTS,
        sat_solver=sat.GLUCOSE,  # docs/performance.md: sooner than CaDiCaL on the slowest
    ),
)
