"""A few answers of 0/1 variables bound by clauses and sums, by a SAT solver: CaDiCaL
(Biere's conflict-driven clause learning, in C++) through PySAT, for a genre whose proofs of
uniqueness need far more conflicts than the Python search of `solver.deduce.learning` makes
in seconds: the proofs over numberlink's kept answers (`solver.deduce.links.kept_clauses`) on
sparse 15 x 15 grids take 5,000 to several 100,000 conflicts, and nurikabe's islands where
its searches give up (`solver.genres.nurikabe.sat_decided`).

The input is `learning.answers`' own: sums (total, [(variable, weight), ...]) and clauses
[(variable, value), ...], variables 0..count-1. The sums become clauses: a sum of weights 1
whose total is 1, of a few variables, as "one at least" and "not two" for each pair; another
sum of at most SMALL_SUM variables as one clause for each assignment of them that misses its
total (these propagate all they imply, where a counter's own variables would stand between);
a longer sum of weights 1 as PySAT's sequential counter (`CardEnc.equals`, with variables of
its own after `count`). Longer sums of other weights are refused.

Graphs whose nodes inside are connected (`learning.Connected`, as the learning search takes
them): where the caller bounds the steps from the nodes always inside (an island's cells
within its size of its known cells), as clauses from the start, each node inside reached from
a root within that many steps (a variable for each node and number of steps:
`_reach_clauses`); otherwise, as answers show the nodes inside fall apart, clauses that cut
each part off from the largest join (`_cut_clauses`) and the search goes on. The clauses of
reach are many where the steps are many (nurikabe's sea: a variable for each cell and each
number of steps up to the cells), and the cuts that the answers call for are few.

After each answer a caller's `check` may name clauses the answer breaks that the others do
not state (numberlink: no closed loop apart from the lines); they join, and the search goes
on. An answer that passes is kept, and the clause "not all of these values again" (over the
variables that tell answers apart, `shown`) joins, until `want` answers or none left.

Deterministic: CaDiCaL's search depends only on its clauses, their order and the rounds below,
and its budget counts conflicts, never time. The search runs in rounds of ROUND conflicts, and
between rounds the user's time limit (`solver.limits`) may stop it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from itertools import combinations, product

from pysat import card, solvers

from solver import limits
from solver.blocks.geometry import components
from solver.deduce.learning import Connected, contracted

Sum = tuple[int, Sequence[tuple[int, int]]]  # (total, [(variable, weight), ...])
Clause = Sequence[tuple[int, int]]  # one of these (variable, value) holds

SOLVER = "cadical195"  # PySAT's name of CaDiCaL 1.9.5
SMALL_SUM = 8  # a sum of at most this many variables is written out assignment by assignment
PAIRWISE = 6  # "one at least" sums of up to this many variables: "not two" for each pair
# Conflicts between looks at the time limit: PySAT cannot interrupt CaDiCaL, so a round is how
# far past the limit a search may run (on nurikabe's 40 x 57 grid, under a second); the
# published numberlinks whose count gives up are proved as often as with rounds of 5,000 (63 of
# 154 within 10 s either way, in one run).
ROUND = 1_000


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
    None where the search goes past `conflicts` first: then nothing is known."""
    if any(not 0 <= total <= sum(w for _, w in terms) for total, terms in sums):
        return []
    if any(not clause for clause in clauses):
        return []
    with solvers.Solver(name=SOLVER) as solver:
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
        found: list[list[int]] = []
        while len(found) < want:
            done = _solve(solver, conflicts)
            if done is None:
                return None
            if not done:
                break
            ones = {lit for lit in solver.get_model() or [] if lit > 0}
            values = [int(v + 1 in ones) for v in range(count)]  # one in no clause: 0
            broken = [*(check(values) if check else [])]  # the caller's list stays as it is
            broken += [clause for graph in cut for clause in _cut_clauses(graph, values)]
            for clause in broken:
                solver.add_clause([_literal(v, x) for v, x in clause])
            if not broken:
                found.append(values)
                told = range(count) if shown is None else shown
                solver.add_clause([_literal(v, 1 - values[v]) for v in told])
        return found


def _solve(solver: solvers.Solver, conflicts: int) -> bool | None:
    """The solver's answer (True: one found, False: none), in rounds of ROUND conflicts with
    the time limit looked at between; None past `conflicts` in all."""
    while True:
        spent = solver.accum_stats()["conflicts"]
        if spent >= conflicts:
            return None
        limits.check_time()
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
    if unit and total == 1 and len(lits) <= PAIRWISE:
        return [lits] + [[-a, -b] for a, b in combinations(lits, 2)]
    if len(lits) <= SMALL_SUM:
        return [
            [-a if bit else a for a, bit in zip(lits, bits, strict=True)]
            for bits in product((0, 1), repeat=len(lits))
            if sum(w * bit for w, bit in zip(weights, bits, strict=True)) != total
        ]
    if not unit:
        raise ValueError(f"a sum of {len(terms)} variables with weights other than 1")
    encoding = card.CardEnc.equals(
        lits=lits, bound=total, top_id=top, encoding=card.EncType.seqcounter
    )
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
    (the first of equals) and each node u of it, "u is not inside, or a node of the largest is
    not (its first), or a node around u's part is inside"."""
    variable, near = graph.variable, graph.near
    inside = [v < 0 or values[v] == graph.inside for v in variable]
    kept = [n for n in range(len(near)) if inside[n]]
    parts = components(kept, [(n, m) for n in kept for m in near[n]])
    if len(parts) < 2:
        return []
    largest = max(parts, key=len)
    other = [] if variable[min(largest)] < 0 else [(variable[min(largest)], 1 - graph.inside)]
    clauses: list[Clause] = []
    for part in parts:
        if part is largest:
            continue
        around = sorted({m for n in part for m in near[n]} - set(part))
        opened = [(variable[m], graph.inside) for m in around]
        for n in sorted(part):
            mine = [] if variable[n] < 0 else [(variable[n], 1 - graph.inside)]
            clauses.append(mine + other + opened)
    return clauses
