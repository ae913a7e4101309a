"""Cut vertices: the cells without which the open cells of a board fall apart (Tarjan's
depth-first search with low points), for the rules that keep a colour's cells connected
(`solver.deduce.shade_logic`'s joined colours, LITS's shaded cells, the learning search's
connections: `solver.deduce.learning`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def cut_vertices(
    near: Sequence[Sequence[int]],
    order: list[int],
    start: int,
    may_cut: Callable[[int], bool],
) -> tuple[list[int], list[tuple[int, int, int]]]:
    """A depth-first search from `start` over the open cells (`order` -1; `near`: each cell's
    neighbours), passing by the blocked ones (`order` len(order): never below 0 nor below an
    order, so they bound nothing). Fills `order` in place with each reached cell's discovery
    order. Returns the cells reached, in discovery order, and the cut vertices u for which
    `may_cut(u)` holds, each as (u, first, end): without u, the reached cells of orders first ..
    end - 1 (a subtree below u) lie apart from the rest, which holds `start`. A cut vertex that
    parts several subtrees comes once for each."""
    low = order[:]  # the lowest order reachable from the subtree through one back edge
    order[start] = low[start] = 0
    reached = [start]
    stack = [(start, -1, iter(near[start]))]
    cuts = []
    while stack:
        v, parent, edges = stack[-1]
        for w in edges:
            k = order[w]
            if k < 0:
                order[w] = low[w] = len(reached)
                reached.append(w)
                stack.append((w, v, iter(near[w])))
                break
            if k < low[v] and w != parent:
                low[v] = k
        else:
            stack.pop()
            if parent >= 0:
                k = low[v]
                if k < low[parent]:
                    low[parent] = k
                elif k >= order[parent] and may_cut(parent):
                    cuts.append((parent, order[v], len(reached)))
    return reached, cuts
