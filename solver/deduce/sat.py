"""A few answers of 0/1 variables bound by clauses and sums, by a SAT solver: CaDiCaL
(Biere's conflict-driven clause learning, in C++) through PySAT, for a genre whose proofs of
uniqueness need far more conflicts than the Python search of `solver.deduce.learning` makes in
seconds: the proofs over numberlink's kept answers (`solver.deduce.links.kept_clauses`) on
sparse 15 x 15 grids take 5,000 to several 100,000 conflicts, and in turns with the searches of
`solver.deduce` nurikabe's islands (`solver.genres.nurikabe.sat_steps`) and fillomino's numbers
(`solver.genres.fillomino.sat_steps`), before the loop genres' search (`solver.deduce.loop_sat`);
what probing leaves of the shading genres whose rules are counts, clauses and a connected colour
(`solver.deduce.shade_logic.learned`; of heyawake and star battle, which do not probe, what the
rules leave), of kenken, lits and tile paint (`after_probing`, AFTER_PROBING); and battleship's
fleet, alone (`solver.genres.battleship`). A caller may name another of PySAT's solvers
(`rounds`' `engine`, from the genre's `Tuning.sat_solver`): nurikabe's islands go to Glucose
4.2 (Audemard and Simon's descendant of MiniSat), which ends them sooner on the published grids
where they take longest; on the other genres' it is no faster (docs/performance.md).

The input is `learning.answers`' own: sums (total, [(variable, weight), ...]) and clauses
[(variable, value), ...], variables 0..count-1. The sums become clauses: a sum of weights 1
of at most SMALL_SUM variables whose total is k as "not all of" each k + 1 of them and "one at
least of" each n - k + 1 of its n (so unit propagation sets every variable the sum decides,
and with no variables of a counter's own between); a sum of other weights of at most SMALL_SUM
variables as one clause for each assignment of them that misses its total; a longer sum as
PySAT's sequential counter (`CardEnc.equals`, with variables of its own after `count`; its
modulo totalizer where the total is LARGE_TOTAL or more), a variable of weight w in w
of its places (the counter counts places, whatever literal each holds: kenken's cages, whose
multisets count a digit twice, and tile paint's lines, a tile's cells in the line its weight).

Graphs whose nodes inside are connected (`learning.Connected`, as the learning search takes
them): where the caller bounds the steps from the nodes always inside (an island's cells
within its size of its known cells), as clauses from the start, each node inside reached from
a root within that many steps (a variable for each node and number of steps:
`_reach_clauses`); otherwise, as answers show the nodes inside fall apart, clauses that cut
each part off from the others join (`_cut_clauses`: the part, or another, or a node of the
fewest that separate them, inside: those nearest the part, and those nearest the others) and
the search goes on. The clauses of reach are many where the steps are many (nurikabe's sea: a
variable for each cell and each number of steps up to the cells), and the cuts that the
answers call for are few.

Groups of a size (`learning.Sized`: the nodes inside fall into groups of neighbouring nodes of
exactly `size` each; fillomino's regions of one number): from the start, for every connected
set S of up to SHAPE_NODES nodes that may be inside, "not all of S" where S has size + 1 nodes
(a group too large), and "not all of S, or a node around S" where S has up to GROW_NODES nodes
and fewer than size (a group too small grows); then, as answers show groups too large or too
small, the same clauses over them (a connected part of size + 1 nodes of a group too large; a
group too small and the nodes around it) join, and the search goes on. A group too small that
holds a node always inside (its variable set by a sum of one: fillomino's decided cells) is cut
as "a node around it" alone: that node's own group has more nodes, so it reaches past the
group, whatever the group's other nodes do. The clause rules out every answer that keeps the
nodes around outside, not only those that keep the group as it is: a large region around a
given number is otherwise grown a cell at a time, an answer for each. Groups of at least a
size (`Sized.at_least`; fillomino's cells of a run of numbers no decided cell holds, as one)
are never too large, and have only the clauses of groups too small.

After each answer a caller's `check` may name clauses the answer breaks that the others do
not state (numberlink: no closed loop apart from the lines); they join, and the search goes
on. An answer that passes is kept, and the clause "not all of these values again" (over the
variables that tell answers apart, `shown`) joins, until `want` answers or none left, or an
answer the caller's `last` says is the last it needs (fillomino: one that holds a class).

A genre whose deductions are such a solver's answer over its model's own rows (hotaru-beam's
beams, fillmat's mats) hands its clauses (`Clauses`) to `found`: the answer, proved before any
model by the genre's `others`, or, where the search gives up, the model's search.

Deterministic: CaDiCaL's search, and Glucose's (its random decisions off), depend only on
their clauses, their order and the rounds below, and their budget counts conflicts, never time.
The search runs in rounds of ROUND conflicts, and between rounds the user's time limit
(`solver.limits`) may stop it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Generator, Iterable, Sequence
from itertools import combinations, product
from typing import Any, Protocol

import numpy as np
from pysat import card, solvers

from solver import limits
from solver.blocks.geometry import components, separators
from solver.deduce import Deductions, learning
from solver.deduce.learning import Connected, Sized, contracted
from solver.deduce.probing import walked, walked_within

Sum = tuple[int, Sequence[tuple[int, int]]]  # (total, [(variable, weight), ...])
Clause = Sequence[tuple[int, int]]  # one of these (variable, value) holds

SOLVER = "cadical195"  # PySAT's name of CaDiCaL 1.9.5, the solver unless a caller names another
GLUCOSE = "glucose42"  # PySAT's name of Glucose 4.2 (Audemard and Simon), nurikabe's
SMALL_SUM = 8  # a sum of at most this many variables is written out without a counter
# Conflicts between looks at the time limit: PySAT cannot interrupt CaDiCaL, so a round is how
# far past the limit a search may run (on nurikabe's 40 x 57 grid, under a second); the
# published numberlinks whose count gives up are proved as often as with rounds of 5,000 (63 of
# 154 within 10 s either way, in one run).
ROUND = 1_000
# Groups of a size: the connected sets written out from the start have up to SHAPE_NODES nodes
# ("not all of them" where a group would be too large), and up to GROW_NODES ("or a node around
# them" where it would be too small); the rest join as answers show them. On fillomino's
# published puzzles that reach its SAT solver, its CPU from what probing leaves (one run each):
# on 266_9x9, 34_13x37, 610_20x36, 220_20x36 and 608_10x18 (where it was chosen) 18.4 s in all
# with GROW_NODES 2, 15.3 s with 3, 15.8 s with 4, 16.4 s with 3 and SHAPE_NODES 5; checked on
# 270_15x15, 840_20x36, 810_32x50, 717_16x21 and 286_10x10: 7.3 s with 2, 7.1 s with 3.
SHAPE_NODES = 4
GROW_NODES = 3
# A longer sum whose total is LARGE_TOTAL or more (nurikabe's large islands) is PySAT's modulo
# totalizer for k-cardinality (`kmtotalizer`, Morgado, Ignatiev and Marques-Silva) in place of
# the sequential counter, whose variables grow as the total times the sum's length. On the
# published puzzles (`python -m benchmarks.benchmark_puzzlekit --genres nurikabe,...`, each
# genre whose SAT solver has sums, beside the sequential counter in another lane), nurikabe's
# 1055_40x57 (islands of 30 to 49 cells over about 300 cells each) 8.3 against 11.9 s, every
# other genre's whole set within the lanes' noise; 10, 20 and 40 alike on 1055 alone.
LARGE_TOTAL = 20


# The SAT solver's work where it takes the learning search's place (`after_probing`; the
# `Tuning.sat_work` of aqre, creek, heyawake, hitori and norinori, through
# `solver.deduce.shade_logic.learned`, and of kenken, lits and tile paint), chosen on the
# published puzzles at even places of the dataset (`python -m benchmarks.benchmark_budgets sat
# --puzzlekit ROOT --genres aqre,creek,heyawake,hitori,norinori --every 2 --offset 0 --cap
# 20000000`, the same with `--genres kenken,lits,tile-paint`, then their `--table`) and checked
# on the others (`--offset 1`): 209 and 233 of them reach it, and it ends with the one answer on
# each. On the first, within 1,854,721 (tile paint's xkn98_16x16; the shading genres' most:
# 281,101, heyawake's 591_15x24), every budget above that costing the same; 5,000,000, about two
# and a half times as much. On the others, within 3,679,942 (kenken's 50_8x8: 0.8 s of CPU,
# where the MIP takes 7.8 s; at 2,000,000 it goes to the MIP, and the three genres' CPU in all
# grows from 17.0 s to 24.3 s), then 1,690,435 (tile paint's 4vy8e_16x16) and 1,311,225 (aqre's
# 48_10x10). A unit costs 0.1 to 4.5 microseconds of CPU (the most where the answers call for
# many cuts of a connected colour); the MIP, given what probing leaves, takes up to 15.6 s of CPU
# (creek's 30x45s) where the route through the SAT solver, probing included, takes 2.3 to 3.9 s.
AFTER_PROBING = 5_000_000


def folded(literals: Iterable[tuple[bool | int, int]]) -> list[tuple[int, int]] | None:
    """A clause over literals of which some may be constants (True or False, as what a board
    has decided makes them), each with the value it should take: None where a constant one
    holds, so the clause always does; else the variables' literals (none: the clause cannot
    hold, and `rounds` finds no answer)."""
    open_ = []
    for v, x in literals:
        if isinstance(v, bool):
            if v == bool(x):
                return None
        else:
            open_.append((v, x))
    return open_


def answers(
    count: int,
    sums: Sequence[Sum],
    conflicts: int,
    want: int = 2,
    clauses: Sequence[Clause] = (),
    check: Callable[[list[int]], list[Clause]] | None = None,
    shown: Sequence[int] | None = None,
    connected: Sequence[Connected] = (),
    steps: Sequence[int | None] = (),
    sized: Sequence[Sized] = (),
) -> list[list[int]] | None:
    """Up to `want` answers (each variable's value, 0 or 1) of the sums and clauses over the
    variables 0..count-1: all of them when there are fewer, none when there is none; each
    passes `check` (the clauses it names for an answer join, and that answer is not one).
    `shown`: the variables whose values tell an answer from another (the others follow from
    them; None: all): the clause after an answer names only these, and a short clause is
    cheaper to the solver than one over every variable.
    `connected`: as `learning.answers`' (the nodes inside each graph connected), with
    `steps[i]` the most steps a node inside graph i may lie from its nodes always inside
    (None, or no entry: any number; counted as if the groups of neighbouring nodes always
    inside were one node each, from the first such group).
    `sized`: as `learning.answers`' (the nodes inside each fall into groups of its size).
    None where the search goes past `conflicts` first: then nothing is known. (`rounds` run
    to its end.)"""
    search = rounds(count, sums, conflicts, want, clauses, check, shown, connected, steps, sized)
    return walked(search)


def after_probing(
    count: int,
    sums: Sequence[Sum],
    learn_work: int,
    sat_work: int,
    clauses: Sequence[Clause] = (),
    connected: Sequence[Connected] = (),
) -> list[list[int]] | None:
    """A genre's search after probing (`solver.deduce.shade_logic.learned`, kenken, lits, tile
    paint), up to two answers: this SAT solver's within `sat_work` where that is given (what
    `rounds` yields: the solver's propagations, and the answers it gave looked at; the
    conflicts bounded by the same, as each takes a propagation), else the learning search's
    (`learning.answers`, the same input and output) within `learn_work`. None where the search
    goes past its work first."""
    if not sat_work:
        return learning.answers(count, sums, learn_work, connected=connected, clauses=clauses)
    return walked_within(rounds(count, sums, sat_work, 2, clauses, connected=connected), sat_work)


def rounds(
    count: int,
    sums: Sequence[Sum],
    conflicts: int,
    want: int = 2,
    clauses: Sequence[Clause] = (),
    check: Callable[[list[int]], list[Clause]] | None = None,
    shown: Sequence[int] | None = None,
    connected: Sequence[Connected] = (),
    steps: Sequence[int | None] = (),
    sized: Sequence[Sized] = (),
    last: Callable[[list[int]], bool] | None = None,
    engine: str = SOLVER,
) -> Generator[int, None, list[list[int]] | None]:
    """`answers` a round of ROUND conflicts at a time: yields its work so far before each
    round (for `solver.deduce.probing.first`, where it takes turns with another search): the
    solver's propagations (what its CPU follows; a conflict's cost varies tenfold between
    problems), and for each answer the solver gave (kept, or sent back with the clauses it
    breaks) its variables, the counters' and steps' with the caller's, and the literals of the
    clauses it breaks: what reading it, looking at it and solving again cost. `last`: an
    answer for which it says True is the last one searched for (the caller needs no more).
    `engine`: PySAT's name of the SAT solver (SOLVER or GLUCOSE)."""
    if any(not 0 <= total <= sum(w for _, w in terms) for total, terms in sums):
        return []
    if any(not clause for clause in clauses):
        return []
    with solvers.Solver(name=engine) as solver:
        top = count  # PySAT's variables are 1..top; variable v is v + 1
        for total, terms in sums:
            for clause in _sum_clauses(total, terms, top):
                top = max(top, *map(abs, clause))
                solver.add_clause(clause)
        for clause in clauses:
            solver.add_clause([_literal(v, x) for v, x in clause])
        cut: list[Connected] = []  # the graphs cut as answers show them apart
        for k, graph in enumerate(connected):
            most = steps[k] if k < len(steps) else None
            reach = None if most is None else _reach_clauses(graph, most, top)
            if reach is None:
                cut.append(graph)
            elif not all(reach):
                return []  # a node always inside too far from the others
            for clause in reach or []:
                top = max(top, *map(abs, clause))
                solver.add_clause(clause)
        # the variables a sum of one sets to 1 (in a group too small, a node always inside)
        ones = {terms[0][0] for total, terms in sums if len(terms) == 1 and total == terms[0][1]}
        for layer in sized:
            for clause in _shape_clauses(layer):
                solver.add_clause(clause)
        # each layer's nodes that may be inside and their variables
        variables = [np.asarray(layer.variable) for layer in sized]
        places = [np.flatnonzero(v >= 0) for v in variables]
        homes = [v[nodes] for v, nodes in zip(variables, places, strict=True)]
        # each layer's nodes inside in the last answer looked at: where an answer keeps them,
        # it keeps the layer's groups, which that answer had right (or it broke a clause)
        before: list[list[int] | None] = [None] * len(sized)
        found: list[list[int]] = []
        looked = 0  # the work of looking at the answers the solver gave
        while len(found) < want:
            done = yield from _solving(solver, conflicts, looked)
            if done is None:
                return None
            if not done:
                break
            model = solver.get_model() or []  # the literal of variable v + 1 at v
            on = np.zeros(count, dtype=bool)  # the variables at 1 (none in no clause)
            on[: min(count, len(model))] = np.asarray(model[:count]) > 0
            values = on.astype(np.int8).tolist()
            broken = [*(check(values) if check else [])]  # the caller's list stays as it is
            broken += [clause for graph in cut for clause in _cut_clauses(graph, values)]
            for k, layer in enumerate(sized):
                nodes = places[k][on[homes[k]]].tolist()  # the layer's nodes inside, in order
                if nodes != before[k]:
                    before[k] = nodes
                    broken += _group_clauses(layer, nodes, ones)
            looked += len(model) + sum(map(len, broken))
            for clause in broken:
                solver.add_clause([_literal(v, x) for v, x in clause])
            if not broken:
                found.append(values)
                if last is not None and last(values):
                    break
                told = range(count) if shown is None else shown
                solver.add_clause([_literal(v, 1 - values[v]) for v in told])
        return found


def _solving(
    solver: solvers.Solver, conflicts: int, work: int
) -> Generator[int, None, bool | None]:
    """The solver's answer (True: one found, False: none), in rounds of ROUND conflicts with
    the time limit looked at between (yielding the propagations so far and `work` before
    each); None past `conflicts` in all."""
    while True:
        stats = solver.accum_stats()
        spent = stats["conflicts"]
        if spent >= conflicts:
            return None
        limits.check_time()
        yield stats["propagations"] + work
        solver.conf_budget(min(ROUND, conflicts - spent))
        done = solver.solve_limited()
        if done is not None:
            return done


def _literal(v: int, x: int) -> int:
    """PySAT's literal for "variable v takes value x"."""
    return v + 1 if x else -(v + 1)


def _sum_clauses(total: int, terms: Sequence[tuple[int, int]], top: int) -> list[list[int]]:
    """The clauses of one sum (see the module's docstring); variables after `top` for a
    counter's own."""
    lits = [v + 1 for v, _ in terms]
    weights = [w for _, w in terms]
    unit = all(w == 1 for w in weights)
    if unit and total == 0:
        return [[-a] for a in lits]
    if unit and total == len(lits):
        return [[a] for a in lits]
    if unit and len(lits) <= SMALL_SUM:
        return [[-a for a in some] for some in combinations(lits, total + 1)] + [
            list(some) for some in combinations(lits, len(lits) - total + 1)
        ]
    if len(lits) <= SMALL_SUM:
        return [
            [-a if bit else a for a, bit in zip(lits, bits, strict=True)]
            for bits in product((0, 1), repeat=len(lits))
            if sum(w * bit for w, bit in zip(weights, bits, strict=True)) != total
        ]
    places = [a for a, w in zip(lits, weights, strict=True) for _ in range(w)]
    kind = card.EncType.kmtotalizer if total >= LARGE_TOTAL else card.EncType.seqcounter
    encoding = card.CardEnc.equals(lits=places, bound=total, top_id=top, encoding=kind)
    return [list(c) for c in encoding.clauses]


def _reach_clauses(graph: Connected, steps: int, top: int) -> list[list[int]] | None:
    """The nodes inside `graph` connected, as clauses (reachability in steps, the variables
    after `top`): the groups of neighbouring nodes always inside are one node each
    (`learning.contracted`), the first of them the root; r(n, d) = node n inside and reached
    from the root within d steps, each node at the root's distance from it or more:
    r(n, d) -> n inside; r(n, d - 1) -> r(n, d); r(n, d) -> r(n, d - 1) or r(m, d - 1) for a
    neighbour m; n inside -> r(n, most), most = `steps` (or the nodes less one, where fewer).
    An answer whose nodes inside are connected within the steps keeps these with the r(n, d)
    of its distances (the clause after an answer names none of the r(n, d)); one that
    is not keeps them with none. An empty clause where a node always inside lies beyond
    `steps`; None where no node is always inside (`_cut_clauses` instead)."""
    g = contracted(graph)
    fixed = [n for n, v in enumerate(g.variable) if v < 0]
    if not fixed:
        return None
    most = min(steps, len(g.near) - 1)
    root = fixed[0]
    far = {root: 0}  # each node's steps from the root, whatever the variables
    todo = deque([root])
    while todo:
        n = todo.popleft()
        for m in g.near[n]:
            if m not in far:
                far[m] = far[n] + 1
                todo.append(m)
    clauses: list[list[int]] = []
    inside = {n: _literal(v, g.inside) for n, v in enumerate(g.variable) if v >= 0}
    r: dict[tuple[int, int], int] = {}
    for n in range(len(g.near)):
        if far.get(n, most + 1) > most:
            clauses.append([-inside[n]] if n in inside else [])
            continue
        for d in range(far[n], most + 1):
            top += 1
            r[n, d] = top
    for (n, d), x in r.items():
        if n in inside:
            clauses.append([-x, inside[n]])
        if d > far[n]:
            clauses.append([-r[n, d - 1], x])
        if n != root:
            before = [r[m, d - 1] for m in g.near[n] if (m, d - 1) in r]
            clauses.append([-x, *before] + ([r[n, d - 1]] if d > far[n] else []))
    clauses.append([r[root, 0]])
    for n in range(len(g.near)):
        if (n, most) in r:
            clauses.append([r[n, most]] if n not in inside else [-inside[n], r[n, most]])
    return clauses


def _cut_clauses(graph: Connected, values: list[int]) -> list[Clause]:
    """For a graph whose nodes inside fall apart in `values`: for each part but the largest
    (the first of equals), "a node u of the part is not inside, or a node of the largest is
    not, or a node of the cut is inside", u and the largest's node each one always inside where
    the part has one (its literal then drops out), for two cuts: the fewest nodes outside (in
    `values`) that every path from the part to the other parts passes (`separators`), the one
    nearest the part (at most the nodes around the part) and, where it is another, the one
    nearest the other parts. Where the graph is nurikabe's sea, the nodes outside are land, and
    each island between the part and the others adds to the cut only the cells where it is
    narrowest: where the sea keeps falling apart in two large parts, "or a node around the
    part" leaves the solver to meet wall after wall of land between them, each with an answer
    of its own; the cut's clause shuts out at once every answer that keeps its few cells land,
    and the two cuts, the walls nearest either side. A clause a cut: a clause for each node of
    the part as well weighs the solver down more than it guides it."""
    variable, near = graph.variable, graph.near
    inside = [v < 0 or values[v] == graph.inside for v in variable]
    kept = [n for n in range(len(near)) if inside[n]]
    parts = components(kept, [(n, m) for n in kept for m in near[n]])
    if len(parts) < 2:
        return []

    def node(part: set[int]) -> list[tuple[int, int]]:
        """The literal "not inside" of the part's node, none where one is always inside."""
        n = min(part, key=lambda n: (variable[n] >= 0, n))
        return [] if variable[n] < 0 else [(variable[n], 1 - graph.inside)]

    largest = max(parts, key=len)
    outside = [not x for x in inside]
    clauses: list[Clause] = []
    for part in parts:
        if part is largest:
            continue
        others = set().union(*(p for p in parts if p is not part))
        ends = node(part) + node(largest)
        near_part, near_others = separators(near, part, others, outside)
        cuts = [near_part] if set(near_others) == set(near_part) else [near_part, near_others]
        for cut in cuts:
            clauses.append(ends + [(variable[m], graph.inside) for m in cut])
    return clauses


def _shape_clauses(layer: Sized) -> list[list[int]]:
    """The clauses of a layer of groups of its size (`Sized`) written out from the start, as
    PySAT's literals: for each connected set S of nodes that may be inside, of up to SHAPE_NODES
    nodes, "not all of S" where S has size + 1 nodes (not for groups of at least the size), and
    "not all of S, or a node around S" where S has fewer than size nodes and at most GROW_NODES.
    In the order of S's nodes, smaller sets first."""
    variable, near, size = layer.variable, layer.near, layer.size
    clauses: list[list[int]] = []
    may = [[m for m in near[n] if variable[m] >= 0] for n in range(len(near))]
    sets = [(n,) for n in range(len(near)) if variable[n] >= 0]  # each set's nodes in order
    large = size + 1 <= SHAPE_NODES and not layer.at_least
    last = size + 1 if large else min(GROW_NODES, size - 1)
    for count in range(1, last + 1):
        if count > 1:
            grown = {tuple(sorted((*s, m))) for s in sets for n in s for m in may[n] if m not in s}
            sets = sorted(grown)
        for group in sets:
            all_of = [-variable[n] - 1 for n in group]
            if count == size + 1 and large:
                clauses.append(all_of)
            elif count < size and count <= GROW_NODES:
                around = sorted({m for n in group for m in may[n]}.difference(group))
                clauses.append(all_of + [variable[m] + 1 for m in around])
    return clauses


def _grows(layer: Sized, group: frozenset[int], ones: Collection[int] = ()) -> Clause:
    """ "Not all of the group, or a node around it" (it is too small for the layer's size);
    where a node of the group is always inside (its variable in `ones`), "a node around it":
    the group of that node has more nodes, so it reaches past the group."""
    variable, near = layer.variable, layer.near
    around = sorted({m for n in group for m in near[n]} - group)
    mine = [(variable[n], 0) for n in sorted(group) if variable[n] >= 0]
    if any(v in ones for v, _ in mine):
        mine = []
    return mine + [(variable[m], 1) for m in around if variable[m] >= 0]


def _group_clauses(layer: Sized, kept: list[int], ones: Collection[int] = ()) -> list[Clause]:
    """For each group of a layer (`Sized`) that an answer makes too small or too large (`kept`:
    its nodes inside in that answer, in order): `_grows` over it (`ones`: the variables always
    at 1), or "not all of" a connected part of it of size + 1 nodes (reached breadth-first from
    its first node); a group of a layer of at least its size is never too large."""
    variable, near, size = layer.variable, layer.near, layer.size
    inside = set(kept)
    clauses: list[Clause] = []
    for first in kept:
        if first not in inside:
            continue  # in a group already looked at
        group, todo = {first}, [first]
        for n in todo:
            for m in near[n]:
                if m in inside and m not in group:
                    group.add(m)
                    todo.append(m)
        inside -= group
        if len(group) < size:
            clauses.append(_grows(layer, frozenset(group), ones))
        elif len(group) > size and not layer.at_least:
            part, ahead = [first], deque([first])
            while len(part) <= size:
                for m in near[ahead.popleft()]:
                    if m in group and m not in part and len(part) <= size:
                        part.append(m)
                        ahead.append(m)
            clauses.append([(variable[n], 0) for n in sorted(part)])
    return clauses


class Clauses(Protocol):
    """A genre's model as a SAT solver's clauses (hotaru-beam's beams, fillmat's mats), for
    `found`: its search for an answer (`rounds`, with `clauses` beside the rules), an answer read
    back, and the answers other than one found."""

    def search(
        self, conflicts: int = ..., clauses: list[list[tuple[int, int]]] | None = ...
    ) -> Generator[int, None, list[list[int]] | None]: ...

    def read(self, values: list[int]) -> tuple[Any, frozenset[Any]]:
        """The answer as the genre's `decode` gives it, and the keys of the model's group of
        answer variables (`Deductions.answers_of`) it sets to 1."""
        ...

    def others(self, found: Any, conflicts: int) -> list[Any] | None:
        """Another answer than `found`, [] where none, None where the solver gives up."""
        ...


def found(
    model: Clauses, work: int, conflicts: int, answers_of: str, answer_vars: int
) -> Deductions:
    """A genre's deductions that are a SAT solver's answer over its model's own rows: the
    answer within `work` (the genre's `Tuning.guess_sat_work`; 0: none looked for), which the
    pipeline proves before any model (`Deductions.found`) by `model.others` within `conflicts`
    (`Tuning.proof_sat_conflicts`; 0: no proof) (`Deductions.others`); none: no answer
    (`Deductions.answers` empty: the model, told so, finds none). Where the search gives up,
    the model searches and `model.others` proves its answer."""
    if not work:
        return Deductions()
    others = None
    if conflicts:

        def others(answer: Any) -> list[Any] | None:
            return model.others(answer, conflicts)

    answers = walked_within(model.search(), work)
    if answers is None:
        return Deductions(others=others)
    if not answers:
        return Deductions(answers=[], answers_of=answers_of)  # no answer
    answer, keys = model.read(answers[0])
    return Deductions(
        guess=keys, answers_of=answers_of, found=answer, answer_vars=answer_vars, others=others
    )
