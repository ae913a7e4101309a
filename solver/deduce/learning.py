"""A search that learns from its conflicts, over 0/1 variables bound by weighted sums: each sum
says that the variables it names, each times its weight (a whole number above 0), add up to its
total; and, where told, by clauses (one of some variables takes its given value) and by graphs whose
nodes inside (their variables at one value) are connected (`Connected`), and by graphs whose nodes
inside (at 1) fall into groups of a given size (`Sized`). Tile paint's counted lines are such sums
(a tile's cells in the line are its weight, painted 1), and so are kenken's rules (each cell's
digits, each digit once a line, each cage's multiset and the digits it holds:
`solver.genres.kenken.learned`); creek's clues and aqre's, heyawake's and norinori's rooms are sums,
with clauses (hitori's rules are all clauses) and a connected colour
(`solver.deduce.shade_logic.learned`); nurikabe's islands and lits' tetrominoes are sums, clauses
and connections (`solver.genres.nurikabe.learned`, `solver.genres.lits.learned`); fillomino's cells
hold one number each (sums), and the cells of each number are groups of that size. The SAT solver
of `solver.deduce.sat` takes the same input and learns many times faster per conflict: each of
these genres' Tuning gives it the search after probing (`Tuning.sat_work`; fillomino's and
nurikabe's within `Tuning.sat_conflicts`, in turns with their other searches), and this search
stays nurikabe's third search (off by default), a genre's where its Tuning says `learn_work`, and
the SAT solver's reference in the tests.

The depth-first search of `solver.deduce.probing` forgets why a branch failed, and meets the
same failure again in every branch below the decision that caused it; on tile paint's larger
published grids it runs out of work where the MIP answers in a second. This search is the
conflict-driven clause learning of SAT solvers (Marques-Silva and Sakallah's GRASP; the
watched literals, activities and restarts of Chaff and MiniSat) over sums:

- propagation: each sum whose variables changed keeps only the values that some choice of
  its unset variables completes to its total (a subset sum over their weights, as bits of an
  integer); where none does, the sum is a conflict;
- explanation: a value a sum forces holds because of the variables of the sum set before it,
  so the reason is the clause "one of those takes the other value, or the forced value
  holds"; a sum in conflict: one of its set variables takes the other value. Reasons are
  made from the trail when the analysis asks for them, not when the value is set;
- clauses: the clauses given join the learnt ones (two watched literals each) and are
  never forgotten;
- connection (where told): after the sums and clauses force nothing more, each graph that
  a value set since has touched (the first first, until one forces a value) gets one
  depth-first search from a node inside (a node fixed inside, or the first set inside) over
  the nodes not outside, which finds the nodes inside that it does not reach (a conflict),
  the nodes it does not reach (outside: inside they would be cut off), and the cut vertices
  that part a node inside from it (inside: Hopcroft and Tarjan's low points). The reason of
  each is the part cut off, given by the nodes outside around it: "the start is not inside,
  or the node cut off is not, or one of the nodes around the part is inside". A graph whose
  nodes are as its last search left them (after a restart that made the same decisions, say)
  is not searched again: what a search decides depends on which nodes are inside and outside,
  not on its start (the cut vertices it sets inside are those that part two nodes inside),
  and a search of what it left decides nothing more;
- groups of a size (where told), looked at with the graphs: a part of the nodes not outside
  too small for a group holds none inside (its reason: the nodes outside around it); a group
  too large is a conflict (its first size + 1 nodes, a connected set); a group of the size
  keeps its neighbours outside; a smaller one grows through its one neighbour not outside,
  and where the nodes within as many steps of it as it lacks are too few it is a conflict,
  just enough, they are all inside (the reason: the group, and the nodes outside around the
  walk); a node whose groups around, joined through it, would be too large is outside. Only
  the parts and groups at the nodes changed since the layer's last look are walked again;
- learning: the conflict's clause resolved back along the reasons to the first variable of
  the last decision level through which every path of the conflict goes (the first unique
  implication point); the learnt clause joins the search (two watched literals), which jumps
  back to the level where the clause forces that variable the other way; before it joins,
  each literal that the clause's other literals imply (its value forced by them, or by
  values of level 0, or in turn so) leaves it (MiniSat's recursive minimization: shorter
  clauses, which force sooner and cost less to watch);
- branching: the unset variable with the highest activity (bumped for each variable in a
  conflict's analysis, with a growing bump: recent conflicts count most; the first of equals,
  from a heap), its last value first; restarts after 100 x the Luby sequence's conflicts keep
  what was learnt.

For the answers to the second: at the first answer, the clause "not all of its decisions
again" joins (another answer differs from it in one of its decisions at least, as the
decisions with the sums and the learnt clauses force the rest), and the search goes on until
it finds a second or ends with none left.

Everything it does is in a fixed order, and its work is counted (each sum looked at costs its
variables, each clause looked at one, each search of a graph its nodes, each look at a layer
of groups the nodes it starts from and walks), never timed: the same
sums give the same answers and the same work. Only the user's time limit (`solver.limits`)
stops it sooner."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from solver import limits
from solver.blocks.geometry import Cell, components, neighbours
from solver.deduce.cuts import cut_vertices
from solver.deduce.probing import walked

Sum = tuple[int, Sequence[tuple[int, int]]]  # (total, [(variable, weight), ...])

RESTART_BASE = 100  # conflicts before the first restart: this times the Luby sequence
GROWTH = 1.05  # each conflict's bump of activity is this times the last one's
KEEP_FIRST = 2_000  # learnt clauses kept before the first time the longer half goes
KEEP_GROWTH = 1.1  # ... and each time after, this times as many


class OutOfWork(Exception):
    """The search's work went past its budget."""


@dataclass(frozen=True)
class Connected:
    """The nodes inside are connected: node n's neighbours are `near[n]`, and it is inside
    where its variable `variable[n]` has the value `inside` (a node of variable -1 is always
    inside). No node inside at all counts as connected."""

    near: Sequence[Sequence[int]]
    variable: Sequence[int]
    inside: int


@dataclass(frozen=True)
class Sized:
    """The nodes inside (their variable at 1; a node of variable -1 is never inside) fall into
    groups of neighbouring nodes, and each group has exactly `size` nodes (`at_least`: `size`
    nodes or more): node n's neighbours are `near[n]`. Fillomino's regions of one number are
    such groups, and the cells holding any number above n are groups of more than n."""

    near: Sequence[Sequence[int]]
    variable: Sequence[int]
    size: int
    at_least: bool = False


def grid_connection(
    rows: int, cols: int, cells: Sequence[Cell], variable: Sequence[int], inside: int
) -> Connected:
    """The cells of a rows x cols grid given as a connection's nodes, in their order, each
    with its variable (-1: always inside), side-by-side cells neighbours."""
    index = {q: k for k, q in enumerate(cells)}
    near = [[index[n] for n in neighbours(rows, cols, *q) if n in index] for q in cells]
    return Connected(near, variable, inside)


def answers(
    count: int,
    sums: Sequence[Sum],
    work: int,
    want: int = 2,
    connected: Sequence[Connected] = (),
    clauses: Sequence[Sequence[tuple[int, int]]] = (),
    sized: Sequence[Sized] = (),
) -> list[list[int]] | None:
    """Up to `want` answers of the sums over variables 0..count-1 (a value 0 or 1 each; a
    sum names each of its variables once), with the nodes inside each of `connected`
    connected, and each of `clauses` holding (a clause is a list of (variable, value): one of
    them at least takes its value), and the groups of each of `sized` of its size: all of them
    when there are fewer, none when there is none.
    None when the work (each sum looked at costs its variables, each clause looked at one,
    each search of a connection its nodes) goes past `work` first: then nothing is known."""
    return walked(steps(count, sums, work, want, connected, clauses, sized))


def steps(
    count: int,
    sums: Sequence[Sum],
    work: int,
    want: int = 2,
    connected: Sequence[Connected] = (),
    clauses: Sequence[Sequence[tuple[int, int]]] = (),
    sized: Sequence[Sized] = (),
) -> Generator[int, None, list[list[int]] | None]:
    """`answers` a decision at a time: yields the work done so far before each decision, and
    returns what `answers` returns. So another search may take turns with it
    (`solver.deduce.probing.first`)."""
    search = _Search(count, sums, work, connected, clauses, sized)
    try:
        return (yield from search.steps(want))
    except OutOfWork:
        return None


class _Search:
    """The trail of values set (in order), per variable its value (-1 unset), decision level,
    place on the trail and reason (a sum's index k, -1 - c for learnt clause c, or the list of
    false literals that forced it, for the connection), and per sum the weight of its
    variables set to 1 and of those unset."""

    def __init__(
        self,
        count: int,
        sums: Sequence[Sum],
        work: int,
        connected: Sequence[Connected] = (),
        clauses: Sequence[Sequence[tuple[int, int]]] = (),
        sized: Sequence[Sized] = (),
    ) -> None:
        self.sums = [(total, list(terms)) for total, terms in sums]
        # variable -> its sums and its weight in each
        self.within: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        for k, (_, terms) in enumerate(self.sums):
            if len({v for v, _ in terms}) < len(terms):
                raise ValueError(f"sum {k} names a variable twice: give it one weight")
            for v, w in terms:
                if w <= 0:
                    raise ValueError(f"a sum's weight is {w}: weights are whole numbers above 0")
                self.within[v].append((k, w))
        # the sums whose weights are all 1: any unset variables make any total between
        self.unit = [all(w == 1 for _, w in terms) for _, terms in self.sums]
        self.value = [-1] * count
        self.level = [0] * count
        self.place = [0] * count
        self.reason: list[int | list[int] | None] = [None] * count
        self.trail: list[int] = []
        self.starts: list[int] = []  # where each decision level begins on the trail
        self.done = 0  # the trail's entries propagated so far
        self.ones = [0] * len(self.sums)
        self.unset = [sum(w for _, w in terms) for _, terms in self.sums]
        # literals: 2v says that v is 1, 2v + 1 that it is 0; per literal its truth (-1 not
        # known yet), the learnt clauses, and the clauses watching each literal
        # ... and two literals more, one always true and one always false
        self.truth = [-1] * (2 * count) + [1, 0]
        self.clauses: list[list[int]] = []
        self.watches: list[list[int]] = [[] for _ in range(2 * count)]
        self.activity = [0.0] * count
        # the unset variables by activity (highest first, then the first): an entry
        # (-activity, v) for each, and stale ones (set since, or bumped since) left behind
        self.order = [(-0.0, v) for v in range(count)]
        self.bump = 1.0
        self.phase = [0] * count  # each variable's last value (its first try: 0)
        self.budget, self.work = work, 0
        self.dirty: deque[int] = deque()  # the sums to look at, in the order marked
        self.marked = [False] * len(self.sums)
        self.most = KEEP_FIRST  # learnt clauses kept before the longer half is forgotten
        self.kept: set[int] = set()  # the clauses that shut out the answers found
        for graph in connected:
            named = [u for u in graph.variable if u >= 0]
            if len(set(named)) < len(named):
                raise ValueError("two nodes of the connection share a variable: give each its own")
        self.graphs = [contracted(graph) for graph in connected]
        # per graph, each node's literal "inside" (the one always true for a node fixed
        # inside), and its first node fixed inside (-1: none)
        self.insides = [
            [2 * count if u < 0 else 2 * u + 1 - graph.inside for u in graph.variable]
            for graph in self.graphs
        ]
        self.fixed = [next((n for n, u in enumerate(g.variable) if u < 0), -1) for g in self.graphs]
        # the groups of a size come after the graphs in the checks' numbering
        self.layers = list(sized)
        for layer in self.layers:
            if layer.size < 1:
                raise ValueError(f"a group's size is {layer.size}: sizes are 1 or more")
        # per layer, each node's literal "inside" (the one always false for a node never
        # inside), and the nodes whose variables were set or unset since its last check that
        # set nothing (None: never checked)
        self.layer_literals = [
            [2 * u if u >= 0 else 2 * count + 1 for u in layer.variable] for layer in self.layers
        ]
        self.layer_nodes: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        for k, layer in enumerate(self.layers):
            for n, u in enumerate(layer.variable):
                if u >= 0:
                    self.layer_nodes[u].append((k, n))
        self.changes: list[list[int] | None] = [None] * len(self.layers)
        # per layer, per node the last walk of its checks that reached it (`_size`)
        self.walked = [[0] * len(layer.near) for layer in self.layers]
        self.walks = 0
        # variable -> its checks (graphs, then groups of a size)
        self.graphs_of: list[list[int]] = [[] for _ in range(count)]
        checks = [graph.variable for graph in self.graphs] + [x.variable for x in self.layers]
        for g, variables in enumerate(checks):
            for u in variables:
                if u >= 0:
                    self.graphs_of[u].append(g)
        self.pending = set(range(len(checks)))  # the checks to look at (again)
        # per graph, its nodes' states (1 inside, 0 outside, -1 not known) as its last search
        # left them: a search of the same states again decides nothing more (a layer keeps
        # its `changes` instead)
        self.searched: list[list[int] | None] = [None] * len(self.graphs)
        self.given = [[2 * v + 1 - x for v, x in clause] for clause in clauses]
        self.joined = 0  # the trail's values that the graphs' pending marks take in

    # --- values ---------------------------------------------------------------------------

    def _set(self, v: int, x: int, reason: int | None) -> None:
        self.value[v], self.level[v], self.place[v] = x, len(self.starts), len(self.trail)
        self.truth[2 * v], self.truth[2 * v + 1] = x, 1 - x
        self.reason[v] = reason
        self.trail.append(v)
        for k, n in self.layer_nodes[v]:
            changes = self.changes[k]
            if changes is not None:
                changes.append(n)
        for k, w in self.within[v]:
            self.unset[k] -= w
            self.ones[k] += w * x

    def _back_to(self, level: int) -> None:
        """Unset every value of the levels above `level`."""
        if len(self.starts) <= level:
            return
        start = self.starts[level]
        for v in reversed(self.trail[start:]):
            x = self.value[v]
            self.phase[v] = x
            for k, w in self.within[v]:
                self.unset[k] += w
                self.ones[k] -= w * x
            self.value[v], self.reason[v] = -1, None
            heapq.heappush(self.order, (-self.activity[v], v))
            for k, n in self.layer_nodes[v]:
                changes = self.changes[k]
                if changes is not None:
                    changes.append(n)
            self.truth[2 * v] = self.truth[2 * v + 1] = -1
        del self.trail[start:]
        del self.starts[level:]
        self.done = min(self.done, start)
        # what is left is the trail at a level whose values the graphs have all taken in
        self.joined = min(self.joined, start)
        self.pending.clear()

    # --- propagation ----------------------------------------------------------------------

    def _propagate(self) -> list[int] | None:
        """The clauses of every value set since the last call, and each sum holding one of
        them once (the first marked first), until nothing more is forced; a conflict's clause
        (every literal false) where one fails."""
        dirty, marked = self.dirty, self.marked
        while True:
            while self.done < len(self.trail):
                v = self.trail[self.done]
                self.done += 1
                conflict = self._clauses(v)
                if conflict is not None:
                    self._clean()
                    return conflict
                for k, _ in self.within[v]:
                    if not marked[k]:
                        marked[k] = True
                        dirty.append(k)
            if not dirty:
                if not self.graphs and not self.layers:
                    return None
                for v in self.trail[self.joined :]:
                    self.pending.update(self.graphs_of[v])
                self.joined = len(self.trail)
                graphs = len(self.graphs)
                while self.pending:  # the first check first, until one sets a value
                    g = min(self.pending)
                    self.pending.discard(g)
                    conflict = self._connect(g) if g < graphs else self._size(g - graphs)
                    if conflict is not None:
                        self.pending.clear()
                        return conflict
                    if self.done < len(self.trail):
                        break
                else:
                    return None
                continue
            k = dirty.popleft()
            marked[k] = False
            if self._sum(k):
                self._clean()
                return self._because(k)

    def _clean(self) -> None:
        """No sum is left to look at (after a conflict)."""
        for k in self.dirty:
            self.marked[k] = False
        self.dirty.clear()

    def _sum(self, k: int) -> bool:
        """Sum k's unset variables: a variable that every completion to the total sets (to 1,
        or to 0) is set so. True where no completion exists (a conflict)."""
        total, terms = self.sums[k]
        self.work += len(terms)
        if self.work > self.budget:
            raise OutOfWork
        if not self.unset[k]:
            return self.ones[k] != total
        need, unset, value = total - self.ones[k], self.unset[k], self.value
        if need < 0 or need > unset:
            return True
        if need in (0, unset):  # every unset variable 0, or every one 1
            for v, _ in terms:
                if value[v] < 0:
                    self._set(v, int(need > 0), k)
            return False
        if self.unit[k]:  # need of the unset variables at 1, any need of them
            return False
        free = [(v, w) for v, w in terms if value[v] < 0]
        reach = [1]  # reach[j]: the sums the first j unset variables make, a bit each
        for _, w in free:
            reach.append(reach[-1] | reach[-1] << w)
        if not reach[-1] >> need & 1:
            return True
        rest = 1 << need  # what the variables after j leave to make, a bit each
        forced = []
        for j in range(len(free) - 1, -1, -1):
            v, w = free[j]
            if not reach[j] & rest >> w:  # with v at 1 the total cannot be made
                forced.append((v, 0))
            elif not reach[j] & rest:  # nor with v at 0
                forced.append((v, 1))
            rest |= rest >> w
        for v, x in forced:
            self._set(v, x, k)
        return False

    def _because(self, k: int, forced: int | None = None) -> list[int]:
        """Sum k's reason: the variables of the sum set before `forced` (every one set, for
        a conflict), each as the literal of its other value."""
        before = len(self.trail) if forced is None else self.place[forced]
        value, place = self.value, self.place
        return [
            2 * v + value[v]
            for v, _ in self.sums[k][1]
            if value[v] >= 0 and v != forced and place[v] < before
        ]

    def _connect(self, g: int) -> list[int] | None:
        """Graph g's nodes inside connected (see the module's docstring): the nodes that the
        search from the start cannot reach set outside, the cut vertices between it and a node
        inside set inside; a conflict's clause where a node inside is out of its reach."""
        graph = self.graphs[g]
        near, variable, inside = graph.near, graph.variable, graph.inside
        count = len(near)
        self.work += count
        if self.work > self.budget:
            raise OutOfWork
        truth, insides = self.truth, self.insides[g]
        state = [truth[lit] for lit in insides]  # per node: 1 inside, 0 outside, -1 not known
        if state == self.searched[g]:
            return None
        start = self.fixed[g]
        if start < 0:  # the node set inside first
            first = len(self.trail)
            for n, u in enumerate(variable):
                if state[n] == 1 and self.place[u] < first:
                    start, first = n, self.place[u]
            if start < 0:
                return None

        def out(n: int) -> list[int]:  # the literal "n is not inside", where n has a variable
            u = variable[n]
            return [] if u < 0 else [2 * u + inside]

        def around(part: list[int]) -> list[int]:  # "one of the nodes around `part` is inside"
            nodes = sorted({m for n in part for m in near[n] if not state[m]})
            return [2 * variable[m] + 1 - inside for m in nodes]

        # the depth-first search from the start over the nodes not outside (`cuts.cut_vertices`,
        # the nodes outside blocked), and how many nodes inside each stretch of its order holds
        seen = [-1 if state[n] else count for n in range(count)]
        order, cuts = cut_vertices(near, seen, start, lambda n: state[n] < 0)
        self.work += len(order)
        held = [0]  # the nodes inside among the first j of the order
        for n in order:
            held.append(held[-1] + (state[n] == 1))
        if len(order) < count:  # the parts out of reach: a conflict, or outside
            beyond = []
            for n0 in range(count):
                if seen[n0] >= 0 or not state[n0]:
                    continue
                part, seen[n0] = [n0], count
                for n in part:
                    for m in near[n]:
                        if seen[m] < 0 and state[m]:
                            seen[m] = count
                            part.append(m)
                self.work += len(part)
                cut_off = next((n for n in part if state[n] == 1), None)
                if cut_off is not None:
                    return out(start) + out(cut_off) + around(part)
                beyond.append((part, out(start) + around(part)))
            for part, reason in beyond:
                for n in part:
                    self._set(variable[n], 1 - inside, reason)
        for p, first, end in cuts:  # a cut vertex not known, parting a node inside from the start
            if self.value[variable[p]] < 0 and held[end] > held[first]:
                part = order[first:end]
                self.work += len(part)
                cut_off = next(m for m in part if state[m] == 1)
                self._set(variable[p], inside, out(start) + out(cut_off) + around(part))
        self.searched[g] = [truth[lit] for lit in insides]
        return None

    def _size(self, k: int) -> list[int] | None:
        """Layer k's groups of its size (`Sized`), from the nodes' states: a part of the nodes
        not outside with fewer nodes than the size holds none inside; a group (neighbouring
        nodes inside) larger than the size is a conflict, one of the size keeps its neighbours
        outside, a smaller one grows (where the nodes within as many steps of it as it lacks,
        through nodes not outside, are too few: a conflict; just enough: all inside; one
        neighbour not outside: that one inside); a node whose groups around, joined through
        it, would be too large is outside. (A layer of groups of at least its size: no group
        is too large, the rest as above.) A conflict's clause, or None; the first rule that
        sets a value ends the check (the next one starts from the new states).

        Only what the nodes changed since the last check that set nothing can have changed
        is looked at again: the parts and groups that hold such a node or lie beside one (the
        rest are as that check left them, where nothing was set), so the reach of a group
        whose far nodes alone changed waits for a change beside it (or for the answer, where
        every group is beside a node set since). Each walk stops where it has seen enough:
        a part at the size, a group past it, a reach past it."""
        layer, literals = self.layers[k], self.layer_literals[k]
        near, variable, size = layer.near, layer.variable, layer.size
        truth, never = self.truth, len(self.truth) - 1
        changes = self.changes[k]
        if changes is not None and not changes:
            return None
        self.work += 1
        if changes is None:
            touched = [n for n, lit in enumerate(literals) if truth[lit]]
        else:
            seen = set(changes)
            for n in changes:
                seen.update(near[n])
            touched = sorted(n for n in seen if truth[literals[n]])
        self.work += len(touched)
        if self.work > self.budget:
            raise OutOfWork

        def holds(nodes: Sequence[int]) -> list[int]:  # "one of these is not inside"
            return [literals[n] + 1 for n in nodes]

        def walls(nodes: Sequence[int]) -> list[int]:  # "one of the outside around is inside"
            found = {
                lit
                for n in nodes
                for m in near[n]
                if not truth[lit := literals[m]] and lit != never
            }
            return sorted(found)

        seen_at = self.walked[k]

        def flood(seeds: list[int], inside: bool, steps: int, most: int) -> list[int]:
            """The nodes within `steps` of the seeds through nodes inside (`inside`), or not
            outside: the seeds first, then by steps; the walk stops past `most` nodes."""
            self.walks += 1
            stamp = self.walks
            for n in seeds:
                seen_at[n] = stamp
            reached, start = list(seeds), 0
            for _ in range(steps):
                end = len(reached)
                for i in range(start, end):
                    for m in near[reached[i]]:
                        if seen_at[m] != stamp:
                            t = truth[literals[m]]
                            if t == 1 if inside else t:
                                seen_at[m] = stamp
                                reached.append(m)
                    if len(reached) > most:
                        self.work += len(reached)
                        return reached
                if len(reached) == end:
                    break
                start = end
            self.work += len(reached)
            return reached

        forced: dict[int, tuple[int, list[int]]] = {}

        def force(nodes: Sequence[int], x: int, reason: list[int]) -> None:
            for n in nodes:
                if truth[literals[n]] < 0 and n not in forced:
                    forced[n] = (x, reason)

        # parts of the nodes not outside too small for a group
        parted: set[int] = set()
        for n0 in touched:
            if n0 in parted:
                continue
            part = flood([n0], False, len(near), size - 1)
            parted.update(part)
            if len(part) < size:
                inside = next((n for n in part if truth[literals[n]] == 1), None)
                if inside is not None:
                    return holds([inside]) + walls(part)
                force(part, 0, walls(part))
        if forced:
            return self._forced(forced, variable)
        # the groups beside a change, and the nodes beside them
        group_of: dict[int, list[int]] = {}

        def group(n0: int) -> list[int]:
            found = group_of.get(n0)
            if found is None:
                found = flood([n0], True, len(near), size)
                for n in found:
                    group_of[n] = found
            return found

        beside: set[int] = set()
        for n0 in touched:
            if truth[literals[n0]] != 1 or n0 in group_of:
                continue
            cells = group(n0)
            if len(cells) > size and not layer.at_least:
                return holds(cells[: size + 1])
            around = {m for n in cells for m in near[n] if truth[literals[m]] < 0}
            beside |= around
            if len(cells) >= size:
                if not layer.at_least:
                    force(sorted(around), 0, holds(cells))
                continue
            if len(around) == 1:
                force(sorted(around), 1, holds(cells) + walls(cells))
                continue
            lack = size - len(cells)
            reach = flood(cells, False, lack, size)
            if len(reach) <= size:
                inner = reach if len(reach) < size else flood(cells, False, lack - 1, size)
                reason = holds(cells) + walls(inner)
                if len(reach) < size:
                    return reason
                force(reach, 1, reason)
        if forced:
            return self._forced(forced, variable)
        # nodes that would join groups into one too large
        joining = beside.union(m for m in touched if truth[literals[m]] < 0)
        for n in [] if layer.at_least else sorted(joining):
            around_groups: dict[int, list[int]] = {}
            for m in near[n]:
                if truth[literals[m]] == 1:
                    cells = group(m)
                    around_groups[id(cells)] = cells
            if around_groups and 1 + sum(map(len, around_groups.values())) > size:
                joined = sorted(q for cells in around_groups.values() for q in cells)
                force([n], 0, holds(joined))
        if forced:
            return self._forced(forced, variable)
        self.changes[k] = []
        return None

    def _forced(self, forced: dict[int, tuple[int, list[int]]], variable: Sequence[int]) -> None:
        """Sets each node's variable as a check forced it, with its reason (false literals)."""
        for n, (x, reason) in sorted(forced.items()):
            self._set(variable[n], x, reason)
        return None

    def _clauses(self, v: int) -> list[int] | None:
        """The learnt clauses watching the literal that v's value made false: each finds
        another literal to watch, or forces its other watched literal, or is a conflict."""
        false = 2 * v + self.value[v]
        watching, truth, clauses = self.watches[false], self.truth, self.clauses
        i = 0
        while i < len(watching):
            c = watching[i]
            clause = clauses[c]
            self.work += 1
            if clause[0] == false:
                clause[0], clause[1] = clause[1], false
            first = clause[0]
            if truth[first] == 1:
                i += 1
                continue
            for j in range(2, len(clause)):
                if truth[clause[j]] != 0:
                    clause[1], clause[j] = clause[j], false
                    self.watches[clause[1]].append(c)
                    watching[i] = watching[-1]
                    watching.pop()
                    break
            else:
                if truth[first] == 0:
                    return list(clause)
                self._set(first >> 1, 1 - (first & 1), -1 - c)
                i += 1
        return None

    # --- learning -------------------------------------------------------------------------

    def _reason_of(self, v: int) -> list[int]:
        """The literals (all false) that forced v's value."""
        reason = self.reason[v]
        assert reason is not None
        if isinstance(reason, list):
            return reason
        if reason < 0:
            return [lit for lit in self.clauses[-1 - reason] if lit >> 1 != v]
        return self._because(reason, v)

    def _analyse(self, conflict: list[int]) -> tuple[list[int], int]:
        """The learnt clause (its first literal the first unique implication point's other
        value) and the level to jump back to."""
        level, seen = len(self.starts), set()
        learnt, open_ = [0], 0  # open_: the variables of the conflict's level still to resolve
        literals, i = conflict, len(self.trail) - 1
        while True:
            for lit in literals:
                u = lit >> 1
                if u in seen or not self.level[u]:
                    continue
                seen.add(u)
                self.activity[u] += self.bump
                heapq.heappush(self.order, (-self.activity[u], u))
                if self.level[u] == level:
                    open_ += 1
                else:
                    learnt.append(lit)
            while self.trail[i] not in seen:
                i -= 1
            u = self.trail[i]
            i -= 1
            open_ -= 1
            if not open_:
                learnt[0] = 2 * u + self.value[u]
                break
            literals = self._reason_of(u)
        self.bump *= GROWTH
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self._reorder()
            self.bump *= 1e-100
        learnt = self._minimized(learnt)
        back = 0
        if len(learnt) > 1:  # the second watch: the literal set at the highest level
            j = max(range(1, len(learnt)), key=lambda j: self.level[learnt[j] >> 1])
            learnt[1], learnt[j] = learnt[j], learnt[1]
            back = self.level[learnt[1] >> 1]
        return learnt, back

    def _minimized(self, learnt: list[int]) -> list[int]:
        """The learnt clause without the literals that the others imply: a literal whose
        value was forced by literals each in the clause, or of level 0, or forced in turn so
        (MiniSat's recursive minimization). Only levels of the clause can hold such chains."""
        level, reason = self.level, self.reason
        inside = {lit >> 1 for lit in learnt}
        levels = {level[lit >> 1] for lit in learnt}
        known: dict[int, bool] = {}  # variable -> whether the clause's literals imply it

        def implied(v: int) -> bool:
            stack, seen = [v], []
            while stack:
                u = stack.pop()
                for lit in self._reason_of(u):
                    w = lit >> 1
                    if w in inside or not level[w] or known.get(w):
                        continue
                    if reason[w] is None or level[w] not in levels or known.get(w) is False:
                        for x in seen:
                            known[x] = False
                        known[v] = False
                        return False
                    seen.append(w)
                    known[w] = True  # on the way: taken as implied unless the walk fails
                    stack.append(w)
            known[v] = True
            return True

        kept = [learnt[0]]
        for lit in learnt[1:]:
            v = lit >> 1
            if reason[v] is None or not implied(v):
                kept.append(lit)
        return kept

    def _learn(self, clause: list[int], back: int) -> None:
        """Jump back to `back`, keep the clause, and set its first literal (which it forces)."""
        self._back_to(back)
        reason = None
        if len(clause) > 1:
            reason = -1 - len(self.clauses)
            for lit in clause[:2]:
                self.watches[lit].append(len(self.clauses))
            self.clauses.append(clause)
        self._set(clause[0] >> 1, 1 - (clause[0] & 1), reason)

    # --- the search -----------------------------------------------------------------------

    def steps(self, want: int) -> Generator[int, None, list[list[int]]]:
        """The search to `want` answers, yielding its work before each decision."""
        found: list[list[int]] = []
        if not self._given():
            return found
        for k in range(len(self.sums)):  # the sums hold before any value is set
            if self._sum(k):
                return found
        conflicts, restarts, until = 0, 1, RESTART_BASE
        while True:
            conflict = self._propagate()
            if conflict is not None:
                if not self.starts:
                    return found  # a conflict of the sums and clauses alone: nothing left
                conflicts += 1
                self._learn(*self._analyse(conflict))
                continue
            if conflicts >= until:
                restarts += 1
                conflicts, until = 0, RESTART_BASE * _luby(restarts)
                self._back_to(0)
                if len(self.clauses) > self.most:
                    self._forget()
                continue
            v = self._branch()
            if v is None:  # every variable set: an answer
                found.append(list(self.value))
                if len(found) >= want or not self.starts:
                    return found
                decisions = [self.trail[start] for start in reversed(self.starts)]
                others = [2 * u + self.value[u] for u in decisions]
                if len(others) > 1:
                    self.kept.add(len(self.clauses))
                self._learn(others, len(self.starts) - 1)  # not all of its decisions again
                continue
            limits.check_time()  # the user's time limit, at each decision
            yield self.work
            self.starts.append(len(self.trail))
            self._set(v, self.phase[v], None)

    def _given(self) -> bool:
        """The clauses given join the learnt ones, kept for good (a clause of one literal
        sets its value); False where they cannot all hold (an empty clause, or two clauses
        of one literal that contradict each other)."""
        for clause in self.given:
            literals = list(dict.fromkeys(clause))
            if not literals:
                return False
            if len(literals) == 1:
                (lit,) = literals
                if self.truth[lit] == 0:
                    return False
                if self.truth[lit] < 0:
                    self._set(lit >> 1, 1 - (lit & 1), None)
                continue
            self.kept.add(len(self.clauses))
            self.watches[literals[0]].append(len(self.clauses))
            self.watches[literals[1]].append(len(self.clauses))
            self.clauses.append(literals)
        return True

    def _forget(self) -> None:
        """At a restart (no value set above level 0, so no learnt clause is a reason that
        the analysis may ask for), keep the shorter half of the learnt clauses (the older of
        equals): a long clause seldom forces anything, and every clause kept costs the
        watches. The next time, more are kept. The clauses that shut out the answers found
        (`kept`) stay: they are what the search knows of them."""
        kept = self.kept
        learnt = [c for c in range(len(self.clauses)) if c not in kept]
        learnt.sort(key=lambda c: (len(self.clauses[c]), c))
        keep = sorted(kept | set(learnt[: len(learnt) // 2]))
        self.clauses = [self.clauses[c] for c in keep]
        self.kept = {i for i, c in enumerate(keep) if c in kept}
        self.watches = [[] for _ in self.watches]
        for c, clause in enumerate(self.clauses):
            self.watches[clause[0]].append(c)
            self.watches[clause[1]].append(c)
        for v in self.trail:  # the values of level 0: their reasons are never asked for
            self.reason[v] = None
        self.most = int(self.most * KEEP_GROWTH)

    def _branch(self) -> int | None:
        """The unset variable of highest activity (the first of equals), or None."""
        order, value, activity = self.order, self.value, self.activity
        if len(order) > 4 * len(value) + 64:
            self._reorder()
        while order:
            a, v = heapq.heappop(order)
            if value[v] < 0 and -a == activity[v]:
                return v
        return None

    def _reorder(self) -> None:
        """The order of the unset variables made again, without stale entries."""
        self.order = [(-a, v) for v, a in enumerate(self.activity) if self.value[v] < 0]
        heapq.heapify(self.order)


def contracted(graph: Connected) -> Connected:
    """The same connection with each group of neighbouring nodes always inside made one node
    (they are connected whatever the variables say): fewer nodes for each search of it."""
    count, variable = len(graph.near), graph.variable
    fixed = [n for n in range(count) if variable[n] < 0]
    joins = [(n, m) for n in fixed for m in graph.near[n] if variable[m] < 0]
    head = list(range(count))  # each node's group, by the group's first node
    for group in components(fixed, joins):
        first = min(group)
        for n in group:
            head[n] = first
    heads = sorted(set(head))
    index = {n: k for k, n in enumerate(heads)}
    near: list[set[int]] = [set() for _ in heads]
    for n in range(count):
        k = index[head[n]]
        near[k].update(index[head[m]] for m in graph.near[n])
        near[k].discard(k)
    return Connected([sorted(nodes) for nodes in near], [variable[n] for n in heads], graph.inside)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)
