"""Connectivity inside one MIP: the Archipelago seed's spanning arborescence with ordering labels.

Archipelago connects its islands with it, as the seed does; loops, paths and connected cells use
the flows and lazy cuts of `solver.blocks.lines` and `solver.blocks.cells` instead. Every node
except a root picks exactly one outgoing arc, towards its parent, along an edge that is in use;
an integer label N(K) per node grows by at least one from parent to child (big-M, only where the
arc is chosen). Labels that grow along every arc forbid cycles, so following parents from any
node ends at the root: the chosen arcs form a tree into the root, and every node is connected
to it through used edges.

All of it is ordinary linear constraints, so the model stays one complete MIP (an `.lp` file of
it is the whole problem; no lazy cuts).

Optional nodes: with `active`, only the nodes whose expression is 1 must be connected (an
inactive node chooses no arc and no arc leads into it). The root is then chosen by the solver,
`root(K)` = 1 for at most one active node, unless `root` is given, which forces that node active.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

import pulp

from solver.mip.model import var

Node = Hashable
Expr: TypeAlias = "pulp.LpAffineExpression | pulp.LpVariable"


def _index(node: Node) -> tuple[int, ...]:
    return (node,) if isinstance(node, int) else tuple(node)  # type: ignore[arg-type]


@dataclass
class Tree:
    """The connectivity variables: arcs[K, KK] = 1 when KK is K's parent; labels N(K); roots."""

    arcs: dict[tuple[Node, Node], pulp.LpVariable]
    labels: dict[Node, pulp.LpVariable]
    roots: dict[Node, Expr | int]


def connect(
    prob: pulp.LpProblem,
    nodes: Sequence[Node],
    edges: Mapping[tuple[Node, Node], Expr | None],
    *,
    root: Node | None = None,
    roots: Sequence[Node] = (),
    active: Mapping[Node, Expr] | None = None,
    prefix: str = "",
    index: Callable[[Node], tuple[int, ...]] = _index,
) -> Tree:
    """Force `nodes` to be connected through the used edges of `edges`, inside `prob`.

    edges: one entry per undirected edge {K, KK}; the value is a binary expression that is 1 when
    the edge may be used (None: always usable). An expression that can exceed 1, such as a sum
    of parallel bridges, is fine. Self-loops are ignored.
    root: the root of the tree; default the last node (the seed collects its arrows into the last
    island, Ni). With `active` and no root, the solver picks one active node.
    roots: several fixed roots instead: a forest, every node joined to one of them.
    active: optional nodes, see the module docstring.
    prefix: put before the variable and constraint names, so two uses in one model don't clash.
    index: a node's indices in names (ints pass as is, tuples as their items): arc(K,KK), N(K).

    Variables: arc(K,KK) binary per direction of every edge; N(K) integer in [0, n-1];
    root(K) binary when the root is left to the solver.
    """
    n = len(nodes)
    tag = {node: ",".join(map(str, index(node))) for node in nodes}
    fixed = set(roots) if roots else ({root} if root is not None else set())
    if not fixed and active is None and nodes:
        fixed = {nodes[-1]}
    is_root: dict[Node, Expr | int] = {k: int(k in fixed) for k in nodes}
    if not fixed and nodes:  # the solver picks the root among the active nodes
        assert active is not None
        for k in nodes:
            is_root[k] = var(prob, f"{prefix}root", *index(k))
            prob += is_root[k] <= active[k], f"{prefix}RootActive({tag[k]})"
        prob += pulp.lpSum(is_root.values()) <= 1, f"{prefix}OneRoot"
    elif active is not None:
        for k in sorted(fixed, key=lambda k: tag[k]):
            if not isinstance(active[k], int):
                prob += active[k] == 1, f"{prefix}RootActive({tag[k]})"

    labels = {k: var(prob, f"{prefix}N", *index(k), cat=pulp.LpInteger, up=n - 1) for k in nodes}
    arcs: dict[tuple[Node, Node], pulp.LpVariable] = {}
    out: dict[Node, list[pulp.LpVariable]] = {k: [] for k in nodes}
    for (a, b), used in edges.items():
        if a == b:
            continue
        if (a, b) in arcs or (b, a) in arcs:
            raise ValueError(f"edge {{{a}, {b}}} is given twice; sum its uses into one expression")
        for k, kk in ((a, b), (b, a)):
            if k in fixed:
                continue  # a fixed root has no parent
            arc = arcs[k, kk] = var(prob, f"{prefix}arc", *index(k), *index(kk))
            out[k].append(arc)
            name = f"{tag[k]},{tag[kk]}"
            if used is not None:
                prob += arc <= used, f"{prefix}Use({name})"
            if active is not None:
                prob += arc <= active[kk], f"{prefix}ToActive({name})"
            prob += labels[k] >= labels[kk] + 1 - n * (1 - arc), f"{prefix}Order({name})"
        if (a, b) in arcs and (b, a) in arcs:
            prob += arcs[a, b] + arcs[b, a] <= 1, f"{prefix}OneWay({tag[a]},{tag[b]})"

    for k in nodes:
        if k not in fixed:
            need = 1 if active is None else active[k]
            prob += pulp.lpSum(out[k]) == need - is_root[k], f"{prefix}Parent({tag[k]})"
    return Tree(arcs, labels, is_root)
