"""Edges that close no cycle: the used edges of a graph form a forest (gokigen's diagonals, as
edges between the lattice points).

The graph's edges each carry an expression that is 1 when the edge is used (a binary, `1 - s`,
or a constant). `acyclic` states that the used edges contain no cycle, in the two forms the
house's connectivity blocks have (`solver.blocks.cells`, `solver.blocks.lines`), which accept
the same answers:

- complete (`lazy=False`): a spanning tree through a root of its own. An extra node R has an
  optional edge z(v) to every node v; the used edges with the chosen z are connected (a
  single-commodity flow from R sends one unit to every node, along used edges and chosen z
  only) and number exactly one less than the nodes with R: sum z = |V| - sum x. A connected
  graph with one edge fewer than its nodes is a tree, so the used edges are a forest; and a
  forest takes one z per tree. The `.lp` file of such a model is the whole problem.
- lazy (`lazy=True`): no rows; a separator that, after each solve, grows a breadth-first tree in
  each part of the used edges and, for every used edge outside it, cuts the cycle that edge
  closes: sum over the cycle's edges of x <= |C| - 1.

`cycles` finds the cycles of a set of edges (one per edge beyond a spanning forest), for a
genre's verify as well.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeAlias

import pulp

from solver.blocks.lines import on
from solver.mip.model import var

Node = Hashable
Edge = tuple[Node, Node]
Expr: TypeAlias = "pulp.LpAffineExpression | pulp.LpVariable | int"
Separator: TypeAlias = "Callable[[], list[pulp.LpConstraint]]"


def acyclic(
    prob: pulp.LpProblem,
    x: Mapping[Edge, Expr],
    lazy: bool,
    prefix: str = "t",
    index: Callable[[Node], tuple[int, ...]] = lambda node: tuple(n + 1 for n in node),  # type: ignore[attr-defined]
) -> Separator | None:
    """The edges with x = 1 contain no cycle. Complete form (returns None): the rooted spanning
    tree of the module's docstring, variables {prefix}z(node) (binary) and {prefix}f(a,b)
    (continuous, per direction of an edge), {prefix}g(node) (from the root), rows
    {prefix}Roots, {prefix}Cap, {prefix}Flow. Lazy form: the separator of cycle cuts.
    index: a node's numbers in the names (default: a 0-based cell or point, written 1-based)."""
    if lazy:
        return _cycle_cuts(x)
    nodes = sorted({n for edge in x for n in edge})
    size = len(nodes)
    z = {v: var(prob, f"{prefix}z", *index(v)) for v in nodes}
    prob += pulp.lpSum(z.values()) + pulp.lpSum(x.values()) == size, f"{prefix}Roots"
    into: dict[Node, list[pulp.LpVariable]] = {v: [] for v in nodes}
    out: dict[Node, list[pulp.LpVariable]] = {v: [] for v in nodes}
    for v in nodes:
        g = var(prob, f"{prefix}g", *index(v), cat=pulp.LpContinuous)
        prob += g <= size * z[v], f"{prefix}CapRoot({','.join(map(str, index(v)))})"
        into[v].append(g)
    for a, b in sorted(x):
        for s, t in ((a, b), (b, a)):
            name = ",".join(map(str, (*index(s), *index(t))))
            f = var(prob, f"{prefix}f", *index(s), *index(t), cat=pulp.LpContinuous)
            prob += f <= size * x[a, b], f"{prefix}Cap({name})"
            out[s].append(f)
            into[t].append(f)
    for v in nodes:
        prob += (
            pulp.lpSum(into[v]) - pulp.lpSum(out[v]) == 1,
            f"{prefix}Flow({','.join(map(str, index(v)))})",
        )
    return None


def cycles(edges: Iterable[Edge]) -> list[list[Edge]]:
    """One cycle for each edge beyond a spanning forest of `edges` (breadth-first trees, in
    the order of the sorted edges), each as its edges; none when the edges form a forest. Every
    cycle of the graph is a sum of these."""
    edges = sorted({tuple(sorted(e)) for e in edges})  # type: ignore[arg-type]
    near: dict[Node, list[Node]] = {}
    for a, b in edges:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    parent: dict[Node, Node | None] = {}
    depth: dict[Node, int] = {}
    tree: set[Edge] = set()
    for start in sorted(near):
        if start in parent:
            continue
        parent[start], depth[start] = None, 0
        queue = deque([start])
        while queue:
            p = queue.popleft()
            for q in near[p]:
                if q not in parent:
                    parent[q], depth[q] = p, depth[p] + 1
                    tree.add(tuple(sorted((p, q))))  # type: ignore[arg-type]
                    queue.append(q)
    found = []
    for a, b in edges:
        if (a, b) in tree:
            continue
        left, right = [a], [b]  # the tree paths up from both ends to where they meet
        while left[-1] != right[-1]:
            if depth[left[-1]] >= depth[right[-1]]:
                left.append(parent[left[-1]])  # type: ignore[arg-type]
            else:
                right.append(parent[right[-1]])  # type: ignore[arg-type]
        path = left + right[-2::-1]
        found.append([(a, b)] + [tuple(sorted(e)) for e in itertools.pairwise(path)])
    return found  # type: ignore[return-value]


def _cycle_cuts(x: Mapping[Edge, Expr]) -> Separator:
    def cuts() -> list[pulp.LpConstraint]:
        used = [e for e, u in x.items() if on(u)]
        key = {tuple(sorted(e)): e for e in x}  # type: ignore[arg-type]
        found = []
        for cycle in cycles(used):
            terms = [x[key[e]] for e in cycle]
            found.append(pulp.lpSum(terms) <= len(terms) - 1)
        return found

    return cuts
