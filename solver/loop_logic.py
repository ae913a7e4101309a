"""Sound deductions for one loop through cells (yajilin), made before the solve.

SCIP's one search for a published 17x17 yajilin takes about a thousand nodes: the LP of degree
rows and arrow counts is weak, and each node costs. Fixing a fifth of the cells (at random, to
the answer) made the same search 14 x faster. A person decides most cells of such a puzzle by a
few rules and by trying a cell both ways; what those decide holds in every answer, so fixing it
keeps the model exact (its answers are the same) and makes it small.

The graph: cells (numbered 0..n-1) and the edges between neighbouring cells that the loop may
use. State: every cell is on the loop, off it, or unknown; every edge used, unused or unknown.
`Board.propagate` applies, until nothing changes:
- degree: a cell on the loop uses two of its edges, a cell off it none; a cell with fewer than
  two possible edges is off; a cell with a used edge is on; a cell on the loop with exactly two
  possible edges uses both, one with two used edges no others;
- no early loop: the used edges form paths; an edge that joins a path's two ends is unused
  while a cell on the loop lies off that path; a used edge that closes a loop with a cell on the
  loop outside it is a contradiction, and once the loop is closed every other cell is off;
- one block: a cycle lies within one biconnected block of the graph of possible cells and
  edges, so every cell on the loop lies in one such block; cells and edges outside it are off
  and unused (a bridge is never used);
- parity: the loop alternates between the two colours of the chequerboard (`colour`), so it
  holds as many cells of each;
- and the genre's rules: `apart` (two cells off the loop never touch: an off cell's neighbours
  are on it) and `counts` (cells in a row, and how many of them are off the loop: none left,
  the rest are on; as many as fit, the odd runs of unknown cells alternate, starting off).
`deduce` then tries unknown cells, and the unknown edges of cells on the loop, both ways
(probing): where one way propagates to a contradiction, the other holds, and what both ways
decide alike holds too. A probe propagates without the one-block rule (a depth-first search
of the whole graph, most of a probe's cost when it runs); the board applies it after each pass.

Measured (this machine, yajilin, cells decided / seconds): the published 17x17 135/226 in
0.06 s (all 226 in 0.25 s when the probes use the one-block rule as well, which made the whole
solve no faster: 0.26 s against 0.18), the 19x13 113/225 in 0.06 s, yajilin-2 of
tests/data/large 58/172 in 0.026 s, the five published 10x10 whole in 0.005-0.012 s.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solver import limits

UNKNOWN, OFF, ON = -1, 0, 1  # cells
UNUSED, USED = 0, 1  # edges (UNKNOWN too)


class Contradiction(Exception):
    """The state breaks a rule: no answer has it."""


class Graph:
    """What does not change while deducing: the cells' edges and the genre's rules."""

    def __init__(
        self,
        n: int,
        edges: Sequence[tuple[int, int]],
        colour: Sequence[int],
        apart: bool = False,
        counts: Sequence[tuple[Sequence[int], int]] = (),
        even: Sequence[Sequence[int]] = (),
    ) -> None:
        self.n, self.edges, self.colour, self.apart = n, list(edges), list(colour), apart
        self.at: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (edge, other cell)
        for e, (a, b) in enumerate(self.edges):
            self.at[a].append((e, b))
            self.at[b].append((e, a))
        self.counts = [(list(cells), k) for cells, k in counts]
        self.counts_of: list[list[int]] = [[] for _ in range(n)]
        for k, (cells, _) in enumerate(self.counts):
            for i in cells:
                self.counts_of[i].append(k)
        self.joined = {frozenset(edge) for edge in self.edges}
        self.even = [list(group) for group in even]
        self.even_of: list[list[int]] = [[] for _ in self.edges]
        for k, group in enumerate(self.even):
            for e in group:
                self.even_of[e].append(k)


class Board:
    def __init__(self, graph: Graph) -> None:
        n = graph.n
        self.g = graph
        self.cell = [UNKNOWN] * n
        self.edge = [UNKNOWN] * len(graph.edges)
        self.end = list(range(n))  # of a path's end cell: its other end
        self.length = [1] * n  # of a path's end cell: the path's cells
        self.used = [0] * n  # used edges at each cell
        self.on = 0  # cells on the loop
        self.paths_on = 0  # ... when `_paths` last looked
        self.on_by = [0, 0]  # ... of each colour
        self.unknown_by = [graph.colour.count(0), graph.colour.count(1)]
        self.closed = False
        self.trail: list[tuple[bool, int]] = []  # what was set since the copy: (cell?, index)
        self.cells_due: list[int] = []
        self.counts_due: set[int] = set()
        self.even_due: set[int] = set()

    def copy(self) -> Board:
        other = object.__new__(Board)
        other.g = self.g
        other.cell, other.edge = self.cell[:], self.edge[:]
        other.end, other.length, other.used = self.end[:], self.length[:], self.used[:]
        other.on, other.closed, other.paths_on = self.on, self.closed, self.paths_on
        other.on_by, other.unknown_by = self.on_by[:], self.unknown_by[:]
        other.trail = []
        other.cells_due, other.counts_due = self.cells_due[:], set(self.counts_due)
        other.even_due = set(self.even_due)
        return other

    # --- setting a value: each change queues what it may affect --------------------------------
    def set_cell(self, i: int, value: int) -> None:
        now = self.cell[i]
        if now == value:
            return
        if now != UNKNOWN:
            raise Contradiction
        self.cell[i] = value
        self.trail.append((True, i))
        colour = self.g.colour[i]
        self.unknown_by[colour] -= 1
        if value == ON:
            if self.closed:
                raise Contradiction
            self.on += 1
            self.on_by[colour] += 1
        self.cells_due.append(i)
        self.cells_due.extend(j for _, j in self.g.at[i])
        self.counts_due.update(self.g.counts_of[i])

    def set_edge(self, e: int, value: int) -> None:
        now = self.edge[e]
        if now == value:
            return
        if now != UNKNOWN:
            raise Contradiction
        self.edge[e] = value
        self.trail.append((False, e))
        a, b = self.g.edges[e]
        self.cells_due += (a, b)
        self.even_due.update(self.g.even_of[e])
        if value == USED:
            self.set_cell(a, ON)
            self.set_cell(b, ON)
            self._join(a, b)

    def _join(self, a: int, b: int) -> None:
        if self.used[a] == 2 or self.used[b] == 2:
            raise Contradiction
        self.used[a] += 1
        self.used[b] += 1
        ea, eb = self.end[a], self.end[b]
        if ea == b:  # the edge closes a loop: it must hold every cell on the loop
            if self.length[a] != self.on:
                raise Contradiction
            self.closed = True
            for i, v in enumerate(self.cell):
                if v == UNKNOWN:
                    self.set_cell(i, OFF)
            return
        size = self.length[a] + self.length[b]
        self.end[ea], self.end[eb] = eb, ea
        self.length[ea] = self.length[eb] = size
        self._not_early(ea)

    def _not_early(self, a: int) -> None:
        """The edge between the ends of a's path (a an end) is unused while a cell on the loop
        lies off the path."""
        b = self.end[a]
        if b == a or self.length[a] >= self.on:
            return
        for e, j in self.g.at[a]:
            if j == b and self.edge[e] == UNKNOWN:
                self.set_edge(e, UNUSED)

    # --- the rules -----------------------------------------------------------------------------
    def propagate(self, whole: bool = True) -> None:
        """The rules until nothing changes; whole=False: without the one-block rule, which
        costs most (a depth-first search of the whole graph)."""
        while True:
            self._local()
            if self._paths() or self._parity():
                continue
            if not whole or not self._one_block():
                return

    def _local(self) -> None:
        while self.cells_due or self.counts_due or self.even_due:
            while self.cells_due:
                self._cell(self.cells_due.pop())
            while self.counts_due and not self.cells_due:
                self._count(self.counts_due.pop())
            while self.even_due and not self.cells_due and not self.counts_due:
                self._even(self.even_due.pop())

    def _cell(self, i: int) -> None:
        v = self.cell[i]
        at = self.g.at[i]
        if v == OFF:
            for e, j in at:
                if self.edge[e] != UNUSED:
                    self.set_edge(e, UNUSED)
                if self.g.apart:
                    self.set_cell(j, ON)
            return
        free = [e for e, _ in at if self.edge[e] != UNUSED]
        if len(free) < 2:
            if v == ON:
                raise Contradiction
            self.set_cell(i, OFF)
            return
        if v == ON:
            used = self.used[i]
            if len(free) == 2:
                for e in free:
                    self.set_edge(e, USED)
            elif used == 2:
                for e in free:
                    if self.edge[e] == UNKNOWN:
                        self.set_edge(e, UNUSED)

    def _count(self, k: int) -> None:
        cells, wanted = self.g.counts[k]
        need = wanted - sum(self.cell[i] == OFF for i in cells)
        runs: list[list[int]] = []
        for i in cells:  # runs of unknown cells next to each other
            if self.cell[i] != UNKNOWN:
                continue
            if runs and frozenset((runs[-1][-1], i)) in self.g.joined:
                runs[-1].append(i)
            else:
                runs.append([i])
        room = sum((len(run) + 1) // 2 for run in runs)
        if need < 0 or need > room:
            raise Contradiction
        if need == 0:
            for run in runs:
                for i in run:
                    self.set_cell(i, ON)
        elif need == room:
            for run in runs:
                if len(run) % 2:
                    for j, i in enumerate(run):
                        self.set_cell(i, ON if j % 2 else OFF)

    def _even(self, k: int) -> None:
        """A group of edges the loop uses an even number of times: its last unknown edge
        makes it even."""
        used = 0
        unknown = []
        for e in self.g.even[k]:
            v = self.edge[e]
            if v == USED:
                used += 1
            elif v == UNKNOWN:
                unknown.append(e)
                if len(unknown) > 1:
                    return
        if unknown:
            self.set_edge(unknown[0], used % 2)
        elif used % 2:
            raise Contradiction

    def _paths(self) -> bool:
        """No early loop for every path (a cell put on the loop since a path was last joined
        may forbid its closing edge now)."""
        if self.on == self.paths_on:
            return False  # no new cell on the loop: each join checked its own path
        self.paths_on = self.on
        before = len(self.cells_due)
        for i in range(self.g.n):
            if self.used[i] == 1:
                self._not_early(i)
        return len(self.cells_due) > before

    def _parity(self) -> bool:
        """As many cells of each colour on the loop."""
        on, unknown = self.on_by, self.unknown_by
        for c in (0, 1):
            most = on[c] + unknown[c]
            if most < on[1 - c]:
                raise Contradiction
            if most == on[1 - c] and unknown[c]:
                for i, v in enumerate(self.cell):
                    if v == UNKNOWN and self.g.colour[i] == c:
                        self.set_cell(i, ON)
                return True
        return False

    def _one_block(self) -> bool:
        """Every cell on the loop lies in one biconnected block of the possible graph; what lies
        outside that block is off the loop. Returns whether anything changed."""
        if self.on == 0:
            return False
        cells = self.cell
        holding: list[list[int]] = []
        for block in self._blocks():
            if len(block) == 1:
                continue  # a bridge holds no cycle
            seen = {i for e in block for i in self.g.edges[e]}
            if sum(cells[i] == ON for i in seen) == self.on:
                holding.append(block)
        if not holding:
            raise Contradiction
        keep_edges = set().union(*holding)
        keep_cells = {i for e in keep_edges for i in self.g.edges[e]}
        changed = False
        for e, v in enumerate(self.edge):
            if v == UNKNOWN and e not in keep_edges:
                self.set_edge(e, UNUSED)
                changed = True
        for i, v in enumerate(cells):
            if v == UNKNOWN and i not in keep_cells:
                self.set_cell(i, OFF)
                changed = True
        return changed

    def _blocks(self) -> list[list[int]]:
        """The biconnected blocks (lists of edges) of the cells not off and the edges not
        unused: Tarjan's depth-first search with an edge stack, without recursion."""
        g, edge, cell = self.g, self.edge, self.cell
        at = g.at
        depth = [-1] * g.n
        low = [0] * g.n
        via = [-1] * g.n  # the tree edge into each cell
        next_arm = [0] * g.n
        blocks: list[list[int]] = []
        for root in range(g.n):
            if depth[root] >= 0 or cell[root] == OFF:
                continue
            depth[root] = 0
            stack = [root]
            edges: list[int] = []
            while stack:
                i = stack[-1]
                k = next_arm[i]
                if k < len(at[i]):
                    next_arm[i] = k + 1
                    e, j = at[i][k]
                    if e == via[i] or edge[e] == UNUSED:
                        continue
                    d = depth[j]
                    if d < 0:
                        depth[j] = low[j] = depth[i] + 1
                        via[j] = e
                        edges.append(e)
                        stack.append(j)
                    elif d < depth[i]:
                        edges.append(e)
                        if d < low[i]:
                            low[i] = d
                    continue
                stack.pop()
                if not stack:
                    continue
                parent = stack[-1]
                if low[i] < low[parent]:
                    low[parent] = low[i]
                if low[i] >= depth[parent]:  # parent separates i's subtree: a block ends
                    into = via[i]
                    block = []
                    while True:
                        e = edges.pop()
                        block.append(e)
                        if e == into:
                            break
                    blocks.append(block)
        return blocks


def deduce(graph: Graph, budget: float = 0.25, whole_probes: bool = False) -> Board | None:
    """The rules, then probing for at most `budget` seconds; None when the rules contradict
    themselves (no answer). A probe propagates the rules without the one-block rule (which the
    board itself applies after each pass over the probes); whole_probes: with it as well, after
    a pass without it."""
    board = Board(graph)
    for i in range(graph.n):
        board.cells_due.append(i)
    board.counts_due.update(range(len(graph.counts)))
    try:
        board.propagate()
        stop = time.perf_counter() + budget
        for whole in (False, True) if whole_probes else (False,):
            changed = True
            while changed and time.perf_counter() < stop:
                changed = False
                for kind, k in _probes(board):
                    if time.perf_counter() > stop:
                        break
                    limits.check_time()
                    values = board.cell if kind == "cell" else board.edge
                    if values[k] != UNKNOWN:
                        continue
                    off = _trial(board, kind, k, 0, whole)
                    on = _trial(board, kind, k, 1, whole) if off is not None else None
                    if off is None or on is None:  # the other way holds
                        _set(board, kind, k, 0 if off is not None else 1)
                        board.propagate(whole)
                        changed = True
                    elif _agree(board, off, on):
                        board.propagate(whole)
                        changed = True
                before = len(board.trail)
                board.propagate()  # the whole rules, once a pass
                changed |= len(board.trail) > before
    except Contradiction:
        return None
    return board


def _probes(board: Board) -> list[tuple[str, int]]:
    """Unknown cells, and the unknown edges at cells on the loop."""
    out = [("cell", i) for i, v in enumerate(board.cell) if v == UNKNOWN]
    for e, v in enumerate(board.edge):
        a, b = board.g.edges[e]
        if v == UNKNOWN and (board.cell[a] == ON or board.cell[b] == ON):
            out.append(("edge", e))
    return out


def _set(board: Board, kind: str, k: int, value: int) -> None:
    if kind == "cell":
        board.set_cell(k, value)
    else:
        board.set_edge(k, value)


def _trial(board: Board, kind: str, k: int, guess: int, whole: bool) -> Board | None:
    """The board after the guess and what it propagates; None at a contradiction."""
    trial = board.copy()
    try:
        _set(trial, kind, k, guess)
        trial.propagate(whole)
    except Contradiction:
        return None
    return trial


def _agree(board: Board, a: Board, b: Board) -> bool:
    """What both ways of a guess decide alike holds; sets it on `board`."""
    changed = False
    for is_cell, k in a.trail:
        if is_cell:
            if board.cell[k] == UNKNOWN and a.cell[k] == b.cell[k]:
                board.set_cell(k, a.cell[k])
                changed = True
        elif board.edge[k] == UNKNOWN and a.edge[k] == b.edge[k]:
            board.set_edge(k, a.edge[k])
            changed = True
    return changed
