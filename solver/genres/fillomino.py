"""Fillomino (フィルオミノ).

Rules: write a number into every cell so that the grid falls into regions: a region is a group
of side-by-side cells holding the same number n, and it has exactly n cells. So two regions of
the same size never share a side (they would be one region). The given numbers stand; regions
without a given number are allowed, of any size.

Layout: one puzzle cell per spreadsheet cell from A1: a given number (1 or more; full-width
digits are fine), the other cells empty (a `.` or a `?` also means no number: a `?` tells
nothing in fillomino). The sentinel one cell diagonally below-right of the grid.

The answer writes the numbers into the empty cells; the record's `numbers` is the grid of them.
Solving by hand, type numbers (they are read like the givens, as for sudoku); Check names a
region whose size is not its number, and a blank cell is a cell not filled yet.

puzz.link: `fillomino`, number16 over the cells.

Model: x(r,c,n) = 1 when cell (r,c) holds n (`solver.blocks.digits`, one number a cell, Cell),
for the n that a region through the cell can have: a region of n lies within the cells that
hold no given other than n, so n is at most the size of the cell's part of them, and a region
without a given has at most the cells the givens' regions leave (`domains`); a given has only
its own number (a puzzle whose given cannot fit has no answer). Neighbours
holding the same number are one region by the rules, so the regions are the groups of equal
numbers, and what is left to say is that each group of n's has n cells. Rows both forms share:
Apart (two 1s never side by side), Grow (a cell holding n >= 2 has a neighbour holding n), and
for n up to SMALL every shape in full (`shapes`): Big (a connected set of n + 1 cells is not all
n) and Small (a connected set of k < n cells all n has a neighbour holding n).

Complete form (the `.lp` file's): z(a,b,n) = x(a,n) x(b,n) for neighbours a, b (Both); one
root per region, r(r,c,n) <= x(r,c,n), which sends n - 1 units of a flow f that runs only
inside regions, f(a,b) <= sum over n of (n - 1) z(a,b,n) (Cap), and every cell keeps one unit
(Flow: out - in = sum over n of n r - 1). So a group of n's with k roots has k n cells. A label
L(r,c) per cell, equal across the sides inside a region (Same, big-M in the number of cells),
is a root's own index at a root (Root): two roots of one group would need two labels, so each
group has one root and n cells.

Lazy form (the default): no roots, flow or labels; after each solve, for every group G of n's:
|G| > n: a connected part T of G of n + 1 cells is not all n, sum over T of x(., n) <= n;
|G| < n: the group goes on beyond its side, sum over N(G) of x(., n) >= sum over G of
x(., n) - |G| + 1.

Deductions (`deduce`, `solver.deduce.sizes`): the numbers each cell can hold, narrowed by the
rules on the decided groups (a complete group's neighbours hold another number, a group too
small grows through its one possible neighbour or through a cell without which it cannot reach
its size), the steps a group of n can still reach (not beside another group of n that would
make the region too large; with no room left for another region of n, only together with a
group of n far from the others whose region it then shares), the parts a region of n without
a decided cell fits in, each number propagated from a queue of the numbers whose cells
changed; then each number of each undecided cell tried (probing), within PROBE_WORK, then a
depth-first search over the same rules for the answers, to the second, within SEARCH_FIRST.
Where that runs out, two searches take turns by their CPU (`solver.deduce.probing.first`): the
depth-first search within SEARCH_WORK (`searching`) and a SAT solver that learns from its
conflicts (`sat_steps`: CaDiCaL through `solver.deduce.sat`, a variable per number a cell can
hold, the cells of each number as groups of its size, `learning.Sized`: clauses over small
shapes from the start, over the groups too small or too large as answers show them; first with
each run of numbers that no decided cell holds, such as those above every given, as one, whose
cells fall into groups of at least the run's lowest number) within SAT_CONFLICTS. The
depth-first search is quick where the givens leave little open; on grids with regions of no
given number, and large ones, it meets the same failure in branch after branch, which the SAT
solver learns once. Where one ends with one answer, that answer is unique and needs no model.
The rest start the MIP with smaller domains.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Generator, Iterable
from dataclasses import dataclass

import pulp

from solver.blocks.cells import components
from solver.blocks.digits import Digits, decode_digits, digits_of_cell
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle, grid_edges
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, learning, probing, sat, sizes
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, row, var
from solver.mip.model import value as solved
from solver.mip.settings import Tuning

Answer = tuple[tuple[int, ...], ...]  # the number of each cell, 0 for a cell not filled
PROBE_WORK = 300_000  # the work of the deductions' probes (solver.deduce.sizes.Board.work)
SEARCH_WORK = 4_000_000  # and of their search for the answers (solver.deduce.sizes.search)
# A first search within SEARCH_FIRST: most puzzles need a short search after a short probing.
# Where it runs out, the search starts again within SEARCH_WORK, taking turns with the SAT
# solver (below).
SEARCH_FIRST = 400_000
# The SAT solver over the numbers left (`sat_steps`) takes turns with the depth-first search
# within SAT_CONFLICTS, a unit of its work (`solver.deduce.sat.rounds`: its propagations, and
# the variables and clauses of each answer it gave) costing SAT_WORK_COST units of the
# depth-first search's in CPU. From `python -m benchmarks.benchmark_turns --genre fillomino
# --every 2 --offset 0 --sat-conflicts 100000` (the published puzzles that reach the turns,
# each search alone): the SAT solver's and the depth-first search's 0.28 and 0.88
# microseconds a unit (medians over 2 and 9 puzzles), 0.37 and 0.83 over all, a ratio of 0.32
# (medians) and 0.44; checked with `--offset 1` (20 puzzles): 0.17 and 0.95 (medians), 0.21
# and 0.88 over all, 0.18 and 0.23: 0.2 kept, between the halves.
SAT_CONFLICTS = 1_000_000
SAT_WORK_COST = 0.2


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | None, ...], ...]  # a given number, or None

    def numbers(self) -> dict[Cell, int]:
        return self.givens()


def parse(grid: Grid) -> Puzzle:
    def number(r: int, c: int) -> int | None:
        v = grid[r, c]
        if v is None or is_mark(v, spellings.EMPTY) or is_mark(v, spellings.UNKNOWN):
            return None
        if isinstance(v, int) and v >= 1:
            return v
        found = quote(v)
        raise grid.error(
            r, c, f"a cell holds a region's size (1 or more) or nothing, found {found}"
        )

    return Puzzle(tuple(tuple(number(r, c) for c in range(grid.cols)) for r in range(grid.rows)))


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(r) for r in p.cells]


def _near(cell: Cell, inside: Iterable[Cell] | set[Cell]) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in inside]


@functools.cache
def domains(p: Puzzle) -> dict[Cell, tuple[int, ...]]:
    """The numbers each cell can hold: n when the cell lies in a part of at least n cells of
    the grid without the givens other than n (a given: its own number, even where its region
    cannot fit: the puzzle then has no answer, and Check names the region)."""
    numbers = p.numbers()
    free = {cell for cell in p.positions() if cell not in numbers}
    size: dict[int, dict[Cell, int]] = {}

    def sizes(n: int) -> dict[Cell, int]:
        if n not in size:
            inside = free | {cell for cell, v in numbers.items() if v == n}
            size[n] = {q: len(g) for g in components(inside) for q in g}
        return size[n]

    given = set(numbers.values())
    plain = sizes(0)  # the free cells' parts (no given holds 0)
    spare = p.rows * p.cols - _given_cells(numbers)
    found: dict[Cell, tuple[int, ...]] = {}
    for cell in p.positions():
        if cell in numbers:
            found[cell] = (numbers[cell],)
            continue
        options = set(range(1, min(plain[cell], max(spare, 1)) + 1))
        options |= {n for n in given if sizes(n)[cell] >= n}
        found[cell] = tuple(sorted(options))
    return found


def _given_cells(numbers: dict[Cell, int]) -> int:
    """At least this many cells lie in regions holding a given: givens of n at least n steps
    apart are in different regions of n cells (picked greedily in reading order)."""
    total = 0
    for n in sorted(set(numbers.values())):
        apart: list[Cell] = []
        for a in sorted(c for c, v in numbers.items() if v == n):
            if all(abs(a[0] - b[0]) + abs(a[1] - b[1]) >= n for b in apart):
                apart.append(a)
        total += n * len(apart)
    return total


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("fillomino")
    dom = domains(p)
    x: Digits = {}
    for cell in p.positions():
        for n in dom[cell]:
            x[(*cell, n)] = var(prob, "x", cell[0] + 1, cell[1] + 1, n)
        prob += pulp.lpSum(x[(*cell, n)] for n in dom[cell]) == 1, cname("Cell", cell)
    cells = set(p.positions())
    for cell in p.positions():
        for n in dom[cell]:
            if n >= 2:
                near = [x[(*q, n)] for q in _near(cell, cells) if (*q, n) in x]
                prob += (
                    row({x[(*cell, n)]: 1, **{v: -1 for v in near}}, "<=", 0),
                    cname("Grow", cell, n),
                )
    for a, b in grid_edges(p.rows, p.cols):
        if (*a, 1) in x and (*b, 1) in x:
            prob += x[(*a, 1)] + x[(*b, 1)] <= 1, cname("Apart", a, b)
    _small_regions(prob, x, p)
    m = Model(prob, list(x.values()), {"x": x})
    if lazy:
        m.separate(_group_cuts(x, p))
    else:
        _regions_flow(prob, x, p)
    return m


SMALL = 3  # the regions of up to this size are stated in full by their shapes (Small, Big)


def shapes(cells: set[Cell], size: int) -> list[tuple[Cell, ...]]:
    """Every connected set of `size` cells of `cells`, each once, sorted."""
    found: set[frozenset[Cell]] = {frozenset([c]) for c in cells}
    for _ in range(size - 1):
        found = {s | {q} for s in found for g in s for q in _near(g, cells) if q not in s}
    return sorted(tuple(sorted(s)) for s in found)


def _small_regions(prob: pulp.LpProblem, x: Digits, p: Puzzle) -> None:
    """For n up to SMALL, a group of n's has n cells, stated for every shape: Big, a connected
    set of n + 1 cells is not all n; Small, a connected set of k < n cells all n has a
    neighbour holding n (k = 1 is Grow)."""
    cells = set(p.positions())
    for n in range(2, SMALL + 1):
        can = {c for c in cells if (*c, n) in x}
        for i, shape in enumerate(shapes(can, n + 1)):
            prob += pulp.lpSum(x[(*q, n)] for q in shape) <= n, cname("Big", shape[0], n, i)
        for k in range(2, n):
            for i, shape in enumerate(shapes(can, k)):
                around = {q for g in shape for q in _near(g, can) if q not in shape}
                prob += (
                    pulp.lpSum(x[(*q, n)] for q in sorted(around))
                    >= pulp.lpSum(x[(*q, n)] for q in shape) - k + 1,
                    cname("Small", shape[0], n, i),
                )


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.sizes`): the numbers each cell can still hold,
    narrowed by the groups and the parts a region fits in, then by probing each number, then
    a short depth-first search; where that runs out, the depth-first search again
    (`searching`) and the SAT solver (`sat_steps`) take turns by their CPU
    (`probing.first`, SAT_WORK_COST): the first to decide the grid does."""
    start = domains(p)
    board = sizes.Board({cell: set(d) for cell, d in start.items()})
    try:
        sizes.probe(board, tuning.probe_work)
        dom = board.dom
        if board.undecided() and tuning.search_work:
            found = sizes.search(board, min(SEARCH_FIRST, tuning.search_work))
            if found is None and tuning.search_work > SEARCH_FIRST:
                routes = [(searching(board, tuning.search_work), 1)]
                if tuning.sat_conflicts:
                    routes.append((sat_steps(dom, tuning.sat_conflicts), SAT_WORK_COST))
                dom = probing.first(routes) or dom
            elif found is not None:
                dom = found.dom
    except sizes.Contradiction:
        return NOTHING
    fixed: dict[tuple[int, int, int], int] = {}
    for cell, d in start.items():
        left = dom[cell]
        for n in d:
            if n not in left:
                fixed[(*cell, n)] = 0
            elif len(left) == 1:
                fixed[(*cell, n)] = 1
    decided = all(len(left) == 1 for left in dom.values())
    answer = None
    if decided:
        answer = tuple(tuple(next(iter(dom[r, c])) for c in range(p.cols)) for r in range(p.rows))
    return Deductions({"x": fixed}, answer=answer, answer_vars=sum(map(len, start.values())))


def searching(board: sizes.Board, work: int) -> Generator[int, None, dict[Cell, set[int]] | None]:
    """The depth-first search over the rules (`sizes.searching`) within `work`, a step at a
    time (yielding the work so far): the numbers of the one answer where it ends with one;
    None where it finds two or runs out; Contradiction where none."""
    found = yield from sizes.searching(board, work)
    return None if found is None else found.dom


def sat_steps(
    dom: dict[Cell, set[int]], conflicts: int
) -> Generator[int, None, dict[Cell, set[int]] | None]:
    """The numbers each cell can hold (`dom`, what the rules and probing left) decided by a SAT
    solver (`numbers_sat`), a round at a time (yielding its work). Cells left open can hold
    numbers no decided cell holds (a region without a given may be as large as the cells the
    others leave), and over every number the solver refutes such regions number by number. So
    it first reads each run of two or more such numbers (between two decided ones, or above the
    largest; not below the smallest) as one class (`_classes`), whose cells fall into groups of
    at least the run's lowest number: every answer, its numbers read so, is an answer of these,
    so where they have none there is none, and where they have one without a class it is the
    one answer (two without a class are two answers). Where an answer holds a class, the
    search starts again with the numbers up to the largest decided one as they are and those
    above it as one class, then with that class above twice that number, and so on, then over
    every number. Each search within `conflicts`. The numbers of the one answer where it ends
    with one; None where it finds two or gives up; Contradiction where there is none."""
    decided = {n for d in dom.values() if len(d) == 1 for n in d}
    numbers = {n for d in dom.values() for n in d}
    largest = max(decided, default=0)
    done = 0
    # kept as they are: a number between two decided ones (a run of its own), and the numbers
    # below the smallest decided one (as a class, at least 1 cell, they would say nothing)
    alone = {n for n in numbers if n - 1 in decided and n + 1 in decided}
    first = decided | alone | set(range(1, min(decided, default=1)))
    kept = [first] if any(n < largest and n not in first for n in numbers) else []
    while largest and any(n > largest for n in numbers):
        kept.append(set(range(1, largest + 1)))
        largest *= 2
    for numbers_kept in kept:
        merged = _classes(dom, numbers_kept)
        found, done = yield from probing.continued(numbers_sat(merged, conflicts), done)
        if found is None or not any(n < 0 for a in found for n in a.values()):
            return _decided(found)
    found, _ = yield from probing.continued(numbers_sat(dom, conflicts), done)
    return _decided(found)


def _classes(dom: dict[Cell, set[int]], kept: set[int]) -> dict[Cell, set[int]]:
    """The numbers each cell can hold, those of `kept` as they are, and each run of the others
    (the numbers between two of `kept`, or above the largest) read as one class, -k for the run
    that starts at k. `kept` holds 1, so every other number has one of it below."""
    below = sorted(kept)

    def read(n: int) -> int:
        return n if n in kept else -(below[bisect.bisect(below, n) - 1] + 1)

    return {q: {read(n) for n in d} for q, d in dom.items()}


def _decided(found: list[dict[Cell, int]] | None) -> dict[Cell, set[int]] | None:
    """The numbers of the one answer found; None where two were found or the search gave up
    (`found` None); Contradiction where there is none (`found` empty)."""
    if found is None or len(found) > 1:
        return None
    if not found:
        raise sizes.Contradiction
    return {q: {n} for q, n in found[0].items()}


def numbers_sat(
    dom: dict[Cell, set[int]], conflicts: int
) -> Generator[int, None, list[dict[Cell, int]] | None]:
    """Up to two answers of the numbers each cell can hold by a SAT solver
    (`solver.deduce.sat`, CaDiCaL, within `conflicts`), a round at a time (yielding its work):
    a variable x(q, n) for each number n cell q can hold, one number a cell (a sum), and for
    each number n the groups of cells holding n each of n cells (`learning.Sized`: clauses over
    small shapes from the start, over the groups too small or too large as answers show them);
    the cells of a class -k (`_classes`) in groups of at least k cells; no answer after one
    that holds a class. Each answer as the number of each cell; None where the solver gives
    up."""
    cells = sorted(dom)
    index = {q: k for k, q in enumerate(cells)}
    near = [[index[m] for m in _near(q, index)] for q in cells]
    x: dict[tuple[Cell, int], int] = {}
    for q in cells:
        for n in sorted(dom[q]):
            x[q, n] = len(x)
    sums = [(1, [(x[q, n], 1) for n in sorted(dom[q])]) for q in cells]
    numbers = sorted({n for d in dom.values() for n in d})
    layers = [
        learning.Sized(
            near,
            [x.get((q, n), -1) for q in cells],
            abs(n),
            at_least=n < 0,
        )
        for n in numbers
    ]
    # an answer that holds a class settles nothing (`sat_steps`): no need for a second
    classes = [v for (_, n), v in x.items() if n < 0]
    held = (lambda values: any(values[v] for v in classes)) if classes else None
    found = yield from sat.rounds(len(x), sums, conflicts, sized=layers, last=held)
    if found is None:
        return None
    return [{q: n for (q, n), v in x.items() if values[v]} for values in found]


def _regions_flow(prob: pulp.LpProblem, x: Digits, p: Puzzle) -> None:
    """The complete form: Both, roots, the flow (Cap, Flow) and the labels (Same, Root)."""
    dom = domains(p)
    big = p.rows * p.cols
    index = {cell: k for k, cell in enumerate(p.positions())}
    cap: dict[tuple[Cell, Cell], pulp.LpAffineExpression] = {}
    same: dict[tuple[Cell, Cell], pulp.LpAffineExpression] = {}
    for a, b in grid_edges(p.rows, p.cols):
        zs = []
        for n in sorted(set(dom[a]) & set(dom[b])):
            z = var(prob, "z", a[0] + 1, a[1] + 1, b[0] + 1, b[1] + 1, n)
            prob += z <= x[(*a, n)], cname("BothA", a, b, n)
            prob += z <= x[(*b, n)], cname("BothB", a, b, n)
            prob += z >= x[(*a, n)] + x[(*b, n)] - 1, cname("Both", a, b, n)
            zs.append((n, z))
        same[a, b] = pulp.lpSum(z for _, z in zs)
        cap[a, b] = pulp.lpSum((n - 1) * z for n, z in zs)
    into: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in p.positions()}
    out: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in p.positions()}
    for (a, b), c in cap.items():
        for s, t in ((a, b), (b, a)):
            f = var(prob, "f", s[0] + 1, s[1] + 1, t[0] + 1, t[1] + 1, cat="Continuous")
            prob += f <= c, cname("Cap", s, t)
            out[s].append(f)
            into[t].append(f)
    label = {
        cell: var(prob, "L", cell[0] + 1, cell[1] + 1, cat="Continuous", up=big - 1)
        for cell in p.positions()
    }
    for cell in p.positions():
        roots = [(n, var(prob, "r", cell[0] + 1, cell[1] + 1, n)) for n in dom[cell]]
        for n, r in roots:
            prob += r <= x[(*cell, n)], cname("RootIn", cell, n)
        sent = pulp.lpSum(n * r for n, r in roots) - 1
        prob += pulp.lpSum(out[cell]) - pulp.lpSum(into[cell]) == sent, cname("Flow", cell)
        root = pulp.lpSum(r for _, r in roots)
        prob += label[cell] - index[cell] <= big * (1 - root), cname("RootHi", cell)
        prob += index[cell] - label[cell] <= big * (1 - root), cname("RootLo", cell)
    for (a, b), s in same.items():
        prob += label[a] - label[b] <= big * (1 - s), cname("SameHi", a, b)
        prob += label[b] - label[a] <= big * (1 - s), cname("SameLo", a, b)


def _group_cuts(x: Digits, p: Puzzle):
    """The lazy form's separator: the cuts of the groups of n's with other than n cells."""
    cells = set(p.positions())

    def cuts() -> list[pulp.LpConstraint]:
        held: dict[int, set[Cell]] = {}
        for (r, c, n), v in x.items():
            if solved(v):
                held.setdefault(n, set()).add((r, c))
        found = []
        for n, group_cells in sorted(held.items()):
            for group in components(group_cells):
                if len(group) > n:
                    part = _nearest(min(group), group, n + 1)
                    found.append(pulp.lpSum(x[(*q, n)] for q in part) <= n)
                elif len(group) < n:
                    around = {q for g in group for q in _near(g, cells) if q not in group}
                    beyond = [x[(*q, n)] for q in sorted(around) if (*q, n) in x]
                    inside = pulp.lpSum(x[(*q, n)] for q in sorted(group))
                    found.append(pulp.lpSum(beyond) >= inside - len(group) + 1)
        return found

    return cuts


def _nearest(start: Cell, within: set[Cell], count: int) -> list[Cell]:
    """The first `count` cells of a breadth-first walk from start inside `within`."""
    seen, k = [start], 0
    while k < len(seen) and len(seen) < count:
        for q in _near(seen[k], within):
            if q not in seen and len(seen) < count:
                seen.append(q)
        k += 1
    return seen


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def groups(a: Answer) -> list[tuple[int, list[Cell]]]:
    """The regions of an answer: the groups of side-by-side cells holding the same number, in
    reading order of their first cells (cells without a number are in none)."""
    rows, cols = len(a), len(a[0])
    seen: set[Cell] = set()
    found = []
    for r in range(rows):
        for c in range(cols):
            n = a[r][c]
            if not n or (r, c) in seen:
                continue
            group, k = [(r, c)], 0
            seen.add((r, c))
            while k < len(group):
                i, j = group[k]
                k += 1
                for dr, dc in ORTHOGONAL:
                    q = (i + dr, j + dc)
                    inside = 0 <= q[0] < rows and 0 <= q[1] < cols
                    if inside and q not in seen and a[q[0]][q[1]] == n:
                        seen.add(q)
                        group.append(q)
            found.append((n, sorted(group)))
    return found


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a number, the givens stand, and each group of side-by-side equal
    numbers n has n cells."""
    problems: list[Violation] = []
    if len(a) != p.rows or any(len(r) != p.cols for r in a):
        return [Violation(f"the answer is not {p.rows} x {p.cols} cells", [])]
    for cell, n in sorted(p.numbers().items()):
        got = a[cell[0]][cell[1]]
        if got and got != n:
            problems.append(Violation(f"cell {cell_name(cell)} changes the given {n}", [cell]))
    empty = [(r, c) for r in range(p.rows) for c in range(p.cols) if not a[r][c]]
    if empty:
        names = ", ".join(cell_name(q) for q in empty[:8]) + (" ..." if len(empty) > 8 else "")
        count = f"{len(empty)} cell{'' if len(empty) == 1 else 's'}"
        verb = "holds" if len(empty) == 1 else "hold"
        problems.append(Violation(f"{count} {verb} no number: {names}", empty))
    for n, group in groups(a):
        if len(group) != n:
            size = f"{len(group)} cell{'' if len(group) == 1 else 's'}"
            problems.append(
                Violation(f"the region of {n}s from {cell_name(group[0])} has {size}", group)
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The numbers the sheet shows (read as givens too); a number no region through the cell
    can have fixes all its numbers 0 (the sheet cannot be completed). Blank cells fix nothing."""
    x = m["x"]
    entries: dict[pulp.LpVariable, int | None] = dict(read_digits(grid, x))
    for r, c in grid.positions():
        v = grid[r, c]
        if isinstance(v, int) and (r, c, v) not in x:
            entries |= {x[r, c, n]: 0 for n in digits_of_cell(x, (r, c))}
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.numbers())


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(r) for r in a]}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`fillomino`: number16 over the cells (a `.`, a number not given, is no number)."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    cells: list[int | None] = []
    for k, v in enumerate(values):
        if isinstance(v, int) and v < 1:
            r, c = divmod(k, url.cols)
            where = f"row {r + 1}, column {c + 1}"
            raise puzzlink.UrlError(f"fillomino: {where} holds {v}, not 1 or more")
        cells.append(v if isinstance(v, int) else None)
    return Puzzle(puzzlink.grid_rows(cells, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("fillomino", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="fillomino",
    ja="フィルオミノ",
    pzpr_ids=("fillomino",),
    lazy=True,
    tuning=Tuning(
        probe_work=PROBE_WORK,
        search_work=SEARCH_WORK,
        sat_conflicts=SAT_CONFLICTS,
    ),
)
