"""Sound deductions for one loop in a grid (yajilin, masyu, slitherlink, country road, pipe
link), made before the solve.

SCIP's one search for a published 17x17 yajilin takes about a thousand nodes: the LP of degree
rows and arrow counts is weak, and each node costs. Fixing a fifth of the cells (at random, to
the answer) makes the same search 14 times faster. A person decides most cells of such a puzzle
by a few rules and by trying a cell both ways; what those decide holds in every answer, so
fixing it keeps the model exact (its answers are the same) and makes it small. Where they
decide it whole, no solver runs (`pipeline._decided`).

The graph: cells (numbered 0..n-1; slitherlink's dots) and the edges between neighbouring cells
that the loop may use. State: every cell is on the loop, off it, or unknown; every edge used,
unused or unknown. `Board.propagate` applies, until nothing changes:
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
  holds as many cells of each; and it crosses each line between two rows or columns (`even`)
  an even number of times;
- and the genre's rules: `apart` (edges whose two cells are never both off the loop: yajilin's
  shaded cells, country road's cells left out across a border; pipe link's two strands of a
  cell), `together` (edges used whenever both their cells are on the loop: pipe link's bend
  where the loop may not cross), `counts` (yajilin's arrows:
  cells in a row, and how many of them are off the loop: none left, the rest are on; as many
  as fit, the odd runs of unknown cells alternate, starting off), `pearls` (masyu's white:
  straight through and a turn next to it; black: a turn and straight on beyond), `sums` (edges
  of which the loop uses so many: slitherlink's numbers, a country road's border crossed
  twice), `tallies` (cells of which so many are on the loop: a country's number), `rooms` (the
  loop passes each room in one piece: its cells on the loop reach each other inside it),
  `faces` (regions beside the edges, inside or outside the loop: a used edge has one of each
  on its sides, an unused one the same on both; slitherlink's cells) and `on` (known cells).
`deduce` then tries every unknown cell and edge both ways (probing): where one way propagates
to a contradiction, the other holds, and what both ways decide alike holds too. A probe
propagates without the one-block rule (a depth-first search of the whole graph, most of a
probe's cost when it runs); the board applies it after each pass, and once half the board is
decided the probes use it as well. Probing's work counts the graph's cells and edges once a
probe (what copying and propagating a board touches): the genre's Tuning gives `probe_work`, or
`probe_work_per_cell` for each cell of the graph where that is more (`forced`), so a sheet is
decided alike on every machine. Where probing leaves the board open, a SAT solver over the
same rules (`solver.deduce.loop_sat`, within the Tuning's `sat_conflicts`), and where that
decides nothing a depth-first search for the answers (`search`, probing at each node, branching
on where a path goes on) within its `search_work`, decide it whole where they end with one
answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from solver import limits
from solver.blocks.geometry import Cell, Segment
from solver.deduce import Deductions

UNKNOWN, OFF, ON = -1, 0, 1  # cells
UNUSED, USED = 0, 1  # edges (UNKNOWN too)

# the conflicts of the SAT solver after probing (`solver.deduce.loop_sat`; the genres' Tuning).
# From `python -m benchmarks.benchmark_loop_sat`: probing leaves 64 boards of the published
# masyus, slitherlinks, yajilins, pipe links and country roads open; the solver decides 63 of them
# within 5,389 conflicts (slitherlink's 60x60_1; the others within 1,070), where the search
# decides 54, and finds the two answers of the other (slitherlink's random_15x15). A bound far
# above those keeps a harder puzzle from running on where the search or the model would end it.
SAT_CONFLICTS = 1_000_000


class Contradiction(Exception):
    """The state breaks a rule: no answer has it."""


class Pearl(NamedTuple):
    """A masyu pearl: its cell, and for each of its two axes (horizontal, vertical) the four
    edges (near, far) on one side and (near, far) on the other, -1 where the grid ends."""

    black: bool
    cell: int
    axes: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]


class Graph:
    """What does not change while deducing: the cells' edges and the genre's rules."""

    def __init__(
        self,
        n: int,
        edges: Sequence[tuple[int, int]],
        colour: Sequence[int],
        apart: Iterable[int] = (),
        together: Iterable[int] = (),
        counts: Sequence[tuple[Sequence[int], int]] = (),
        even: Sequence[Sequence[int]] = (),
        pearls: Sequence[Pearl] = (),
        sums: Sequence[tuple[Sequence[int], int, int]] = (),
        tallies: Sequence[tuple[Sequence[int], int]] = (),
        on: Sequence[int] = (),
        rooms: Sequence[Sequence[int]] = (),
        faces: Sequence[tuple[int, int]] = (),
    ) -> None:
        self.n, self.edges, self.colour = n, list(edges), list(colour)
        self.apart = [False] * len(self.edges)  # the two cells never both off the loop
        for e in apart:
            self.apart[e] = True
        self.together = set(together)  # edges used whenever both their cells are on the loop
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
        self.pearls = list(pearls)
        self.pearls_of: list[list[int]] = [[] for _ in self.edges]
        for k, pearl in enumerate(self.pearls):
            for e in {e for axis in pearl.axes for e in axis if e >= 0}:
                self.pearls_of[e].append(k)
        self.sums = [(list(group), least, most) for group, least, most in sums]
        self.sums_of: list[list[int]] = [[] for _ in self.edges]
        for k, (group, _, _) in enumerate(self.sums):
            for e in group:
                self.sums_of[e].append(k)
        self.tallies = [(list(cells), k) for cells, k in tallies]
        self.tallies_of: list[list[int]] = [[] for _ in range(n)]
        for k, (cells, _) in enumerate(self.tallies):
            for i in cells:
                self.tallies_of[i].append(k)
        self.on = list(on)
        self.rooms = [list(room) for room in rooms]  # the loop passes each in one piece
        self.room_of = [-1] * n
        for k, room in enumerate(self.rooms):
            for i in room:
                self.room_of[i] = k
        self.faces = list(faces)  # of each edge: the regions on its two sides (0: outside)
        self.face_count = 1 + max((f for pair in self.faces for f in pair), default=-1)
        self.face_edges: list[list[tuple[int, int]]] = [[] for _ in range(self.face_count)]
        for e, (f, h) in enumerate(self.faces):
            self.face_edges[f].append((e, h))
            self.face_edges[h].append((e, f))


def grid_graph(
    cells: Sequence[Cell], segments: Sequence[Segment], faces: bool = False, **rules: Any
) -> Graph:
    """The graph of grid cells and the segments between them (each lower cell first), numbered
    as listed, with the chequerboard colours, each line between two rows or columns as a group
    the loop crosses evenly, and (faces) the unit squares between four cells as the regions
    on the segments' two sides; `rules`: the genre's own (Graph's other arguments)."""
    index = {cell: i for i, cell in enumerate(cells)}
    crossing: dict[tuple[int, int], list[int]] = {}  # edges across each line between rows/cols
    for e, ((r, c), (rr, _)) in enumerate(segments):
        crossing.setdefault((0, r) if rr > r else (1, c), []).append(e)
    rows = 1 + max((r for r, _ in cells), default=0)
    cols = 1 + max((c for _, c in cells), default=0)

    def square(r: int, c: int) -> int:
        """The square whose top-left corner is cell (r, c): 1 + its place, 0 beyond the grid."""
        return 1 + r * cols + c if 0 <= r < rows - 1 and 0 <= c < cols - 1 else 0

    sides = [
        (square(r - 1, c), square(r, c)) if rr == r else (square(r, c - 1), square(r, c))
        for (r, c), (rr, _) in segments
    ]
    return Graph(
        len(cells),
        [(index[a], index[b]) for a, b in segments],
        [(r + c) % 2 for r, c in cells],
        even=list(crossing.values()),
        faces=sides if faces else (),
        **rules,
    )


class Board:
    def __init__(self, graph: Graph) -> None:
        n = graph.n
        self.g = graph
        self.cell = [UNKNOWN] * n
        self.edge = [UNKNOWN] * len(graph.edges)
        self.end = list(range(n))  # of a path's end cell: its other end
        self.length = [1] * n  # of a path's end cell: the path's cells
        self.used = [0] * n  # used edges at each cell
        self.free = [len(arms) for arms in graph.at]  # edges not unused at each cell
        self.on = 0  # cells on the loop
        self.paths_on = 0  # ... when `_paths` last looked
        self.closable: list[int] = []  # ends of paths whose closing edge is still open
        self.on_by = [0, 0]  # ... of each colour
        self.unknown_by = [graph.colour.count(0), graph.colour.count(1)]
        self.closed = False
        self.face = [UNKNOWN] * graph.face_count  # 1 inside the loop, 0 outside
        self.trail: list[tuple[str, int]] = []  # what was set since the copy: (kind, index)
        self.faces_due: list[int] = []
        self.cells_due: list[int] = []
        self.counts_due: set[int] = set()
        self.even_due: set[int] = set()
        self.pearls_due: set[int] = set()
        self.sums_due: set[int] = set()
        self.tallies_due: set[int] = set()
        self.rooms_due: set[int] = set()

    def copy(self) -> Board:
        other = object.__new__(Board)
        other.g = self.g
        other.cell, other.edge = self.cell[:], self.edge[:]
        other.end, other.length, other.used = self.end[:], self.length[:], self.used[:]
        other.free = self.free[:]
        other.on, other.closed, other.paths_on = self.on, self.closed, self.paths_on
        other.closable = self.closable[:]
        other.on_by, other.unknown_by = self.on_by[:], self.unknown_by[:]
        other.trail = []
        other.face, other.faces_due = self.face[:], self.faces_due[:]
        other.cells_due, other.counts_due = self.cells_due[:], set(self.counts_due)
        other.even_due = set(self.even_due)
        other.pearls_due = set(self.pearls_due)
        other.sums_due = set(self.sums_due)
        other.tallies_due = set(self.tallies_due)
        other.rooms_due = set(self.rooms_due)
        return other

    # --- setting a value: each change queues what it may affect --------------------------------
    def set_cell(self, i: int, value: int) -> None:
        now = self.cell[i]
        if now == value:
            return
        if now != UNKNOWN:
            raise Contradiction
        self.cell[i] = value
        self.trail.append(("cell", i))
        colour = self.g.colour[i]
        self.unknown_by[colour] -= 1
        if value == ON:
            if self.closed:
                raise Contradiction
            self.on += 1
            self.on_by[colour] += 1
        self.cells_due.append(i)
        g = self.g
        if g.counts:
            self.counts_due.update(g.counts_of[i])
        if g.tallies:
            self.tallies_due.update(g.tallies_of[i])
        if g.rooms and g.room_of[i] >= 0:
            self.rooms_due.add(g.room_of[i])

    def set_edge(self, e: int, value: int) -> None:
        now = self.edge[e]
        if now == value:
            return
        if now != UNKNOWN:
            raise Contradiction
        self.edge[e] = value
        self.trail.append(("edge", e))
        a, b = self.g.edges[e]
        self.cells_due += (a, b)
        if value == UNUSED:
            self.free[a] -= 1
            self.free[b] -= 1
        g = self.g
        self.even_due.update(g.even_of[e])
        if g.pearls:
            self.pearls_due.update(g.pearls_of[e])
        if g.sums:
            self.sums_due.update(g.sums_of[e])
        if value == UNUSED and g.rooms:
            room = g.room_of[a]
            if room >= 0 and room == g.room_of[b]:
                self.rooms_due.add(room)
        if g.faces:  # the regions on its two sides: alike when unused
            f, h = g.faces[e]
            if self.face[f] != UNKNOWN:
                self.set_face(h, self.face[f] ^ value)
            elif self.face[h] != UNKNOWN:
                self.set_face(f, self.face[h] ^ value)
        if value == USED:
            self.set_cell(a, ON)
            self.set_cell(b, ON)
            self._join(a, b)

    def set_face(self, f: int, value: int) -> None:
        now = self.face[f]
        if now == value:
            return
        if now != UNKNOWN:
            raise Contradiction
        self.face[f] = value
        self.trail.append(("face", f))
        self.faces_due.append(f)

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
        lies off the path; while none does, the path waits in `closable` for one."""
        b = self.end[a]
        if b == a:
            return
        for e, j in self.g.at[a]:
            if j == b and self.edge[e] == UNKNOWN:
                if self.length[a] < self.on:
                    self.set_edge(e, UNUSED)
                else:
                    self.closable.append(a)

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
        while (
            self.cells_due
            or self.counts_due
            or self.even_due
            or self.pearls_due
            or self.sums_due
            or self.tallies_due
            or self.rooms_due
            or self.faces_due
        ):
            while self.cells_due:
                self._cell(self.cells_due.pop())
            while self.faces_due and not self.cells_due:
                self._face(self.faces_due.pop())
            while self.pearls_due and not self.cells_due:
                self._pearl(self.pearls_due.pop())
            while self.sums_due and not self.cells_due:
                self._sum(self.sums_due.pop())
            while self.tallies_due and not self.cells_due:
                self._tally(self.tallies_due.pop())
            while self.rooms_due and not self.cells_due and not self.tallies_due:
                self._room(self.rooms_due.pop())
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
                if self.g.apart[e]:
                    self.set_cell(j, ON)
            return
        if v == ON and self.g.together:
            for e, j in at:
                if e in self.g.together:
                    if self.cell[j] == ON:
                        self.set_edge(e, USED)
                    elif self.edge[e] == UNUSED:
                        self.set_cell(j, OFF)
        free = self.free[i]
        if free < 2:
            if v == ON:
                raise Contradiction
            self.set_cell(i, OFF)
            return
        if v == ON:
            if free == 2 and self.used[i] < 2:
                for e, _ in at:
                    if self.edge[e] == UNKNOWN:
                        self.set_edge(e, USED)
            elif self.used[i] == 2 and free > 2:
                for e, _ in at:
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

    def _value(self, e: int) -> int:
        return UNUSED if e < 0 else self.edge[e]

    def _set(self, e: int, value: int) -> None:
        """Set an edge, where -1 (beyond the grid) is an edge that is never used."""
        if e >= 0:
            self.set_edge(e, value)
        elif value == USED:
            raise Contradiction

    def _pearl(self, k: int) -> None:
        """White: straight through, so both near edges of an axis alike, and a turn next to it,
        so not both far edges of the axis it uses. Black: a turn, so one near edge of each axis,
        and straight on beyond it, so a used near edge has its far edge used."""
        pearl = self.g.pearls[k]
        self.set_cell(pearl.cell, ON)
        value, put = self._value, self._set
        for near_a, far_a, near_b, far_b in pearl.axes:
            if not pearl.black:
                a, b = value(near_a), value(near_b)
                if a != UNKNOWN:
                    put(near_b, a)
                elif b != UNKNOWN:
                    put(near_a, b)
                if USED in (a, b):
                    if value(far_a) == USED:
                        put(far_b, UNUSED)
                    elif value(far_b) == USED:
                        put(far_a, UNUSED)
                continue
            for near, far, other in ((near_a, far_a, near_b), (near_b, far_b, near_a)):
                v = value(near)
                if v == USED:
                    put(other, UNUSED)
                    put(far, USED)
                elif v == UNUSED:
                    put(other, USED)
                if value(far) == UNUSED:
                    put(near, UNUSED)

    def _face(self, f: int) -> None:
        """A loop edge has the inside on one side and the outside on the other; an edge the
        loop does not use, the same on both sides."""
        v = self.face[f]
        if v == UNKNOWN:
            return
        for e, h in self.g.face_edges[f]:
            used, other = self.edge[e], self.face[h]
            if used != UNKNOWN:
                self.set_face(h, v ^ used)
            elif other != UNKNOWN:
                self.set_edge(e, v ^ other)

    def _sum(self, k: int) -> None:
        """A group of edges of which the loop uses at least `least` and at most `most`."""
        group, least, most = self.g.sums[k]
        self._between(group, self.edge, least, most, self.set_edge)

    def _room(self, k: int) -> None:
        """The loop passes a room in one piece: its cells on the loop reach each other within
        the room; a cell of the room they cannot reach is off."""
        g, cell, edge = self.g, self.cell, self.edge
        room = g.rooms[k]
        start = next((i for i in room if cell[i] == ON), -1)
        if start < 0:
            return
        seen = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for e, j in g.at[i]:
                if j not in seen and g.room_of[j] == k and edge[e] != UNUSED and cell[j] != OFF:
                    seen.add(j)
                    todo.append(j)
        for i in room:
            if i not in seen:
                if cell[i] == ON:
                    raise Contradiction
                self.set_cell(i, OFF)

    def _tally(self, k: int) -> None:
        """A group of cells of which exactly so many lie on the loop."""
        cells, wanted = self.g.tallies[k]
        self._between(cells, self.cell, wanted, wanted, self.set_cell)

    @staticmethod
    def _between(group: Sequence[int], values: list[int], least: int, most: int, put: Any) -> None:
        """Of `group`, at least `least` and at most `most` are 1 (on, used) in `values`: with
        `most` reached the unknown rest is 0; when `least` needs every unknown one, each is 1."""
        ones = 0
        unknown = []
        for i in group:
            v = values[i]
            if v == 1:
                ones += 1
            elif v == UNKNOWN:
                unknown.append(i)
        if ones > most or ones + len(unknown) < least:
            raise Contradiction
        if unknown and ones == most:
            for i in unknown:
                put(i, 0)
        elif unknown and ones + len(unknown) == least:
            for i in unknown:
                put(i, 1)

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
        """No early loop for the paths that could close (a cell put on the loop since a path
        was last joined may forbid its closing edge now)."""
        if self.on == self.paths_on or not self.closable:
            return False  # no new cell on the loop: each join checked its own path
        self.paths_on = self.on
        before = len(self.cells_due)
        waiting, self.closable = self.closable, []
        for a in waiting:
            if self.used[a] == 1:  # still a path's end
                self._not_early(a)
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


def deduce(graph: Graph, work: int, whole_after: float = 0.5, edges: bool = True) -> Board | None:
    """The rules, then probing within `work` (each probe counts the graph's cells and edges,
    what copying and propagating a board touches); None when the rules contradict themselves
    (no answer). A probe propagates the rules without the one-block rule (which the board
    itself applies after each pass over the probes), pass after pass while a pass decides
    something. Then, when at least `whole_after` of the board (cells and edges) is decided,
    passes whose probes use it as well: they cost several times as much and finish a board
    nearly done, where on a board mostly open they seldom decide anything. edges=False: probe
    the cells only."""
    board = Board(graph)
    for i in range(graph.n):
        board.cells_due.append(i)
    board.counts_due.update(range(len(graph.counts)))
    board.pearls_due.update(range(len(graph.pearls)))
    board.sums_due.update(range(len(graph.sums)))
    board.tallies_due.update(range(len(graph.tallies)))
    board.rooms_due.update(range(len(graph.rooms)))
    budget = Budget(work, graph.n + len(graph.edges))
    try:
        for i in graph.on:
            board.set_cell(i, ON)
        if graph.faces:
            board.set_face(0, 0)
        board.propagate()
        for whole in (False, True):
            known = (
                graph.n + len(graph.edges) - board.cell.count(UNKNOWN) - board.edge.count(UNKNOWN)
            )
            if whole and known < whole_after * (graph.n + len(graph.edges)):
                break
            _passes(board, whole, budget, edges)
    except Contradiction:
        return None
    return board


class Budget:
    """Probing's work: each probe costs `per_probe` (the board's cells and edges)."""

    def __init__(self, work: int, per_probe: int) -> None:
        self.work, self.per_probe, self.spent = work, per_probe, 0

    def left(self) -> bool:
        return self.spent < self.work

    def spend(self) -> None:
        self.spent += self.per_probe


def _passes(board: Board, whole: bool, budget: Budget, edges: bool = True) -> None:
    """Probing passes (`_pass`), each followed by the whole rules, while a pass decides
    something and the budget lasts."""
    while budget.left():
        before = len(board.trail)
        _pass(board, whole, budget, edges)
        board.propagate()
        if len(board.trail) == before:
            return


def _pass(board: Board, whole: bool, budget: Budget, edges: bool = True) -> None:
    """Probe each unknown cell and edge (`_probes`) both ways, while the budget lasts.

    A value that a probe without contradiction set (its trail) is not tried again while the
    board stays as it was: the rules only add what follows, so what it propagates is part of
    what that probe propagated, and holds no contradiction either (`implied`; cleared whenever
    the board learns something). A probe so skipped gives no agreement of both ways."""
    probes = _probes(board, edges)
    implied: set[tuple[str, int, int]] = set()  # (kind, index, value) set by a probe that held
    for kind, k in probes:
        if not budget.left():
            break
        limits.check_time()
        if _values(board, kind)[k] != UNKNOWN:
            continue
        skip_off, skip_on = (kind, k, 0) in implied, (kind, k, 1) in implied
        if skip_off and skip_on:
            continue
        if not skip_off:
            budget.spend()
        off = None if skip_off else _trial(board, kind, k, 0, whole)
        if off is None and not skip_off:  # a contradiction: the edge or cell is 1
            _set(board, kind, k, 1)
        else:
            if not skip_on:
                budget.spend()
            on = None if skip_on else _trial(board, kind, k, 1, whole)
            if on is None and not skip_on:  # a contradiction: it is 0
                _set(board, kind, k, 0)
            elif off is None or on is None or not _agree(board, off, on):
                implied.update(_implied(off) | _implied(on))
                continue
        board.propagate(whole)
        implied.clear()


def _implied(trial: Board | None) -> set[tuple[str, int, int]]:
    """What a probe that held set: (kind, index, value)."""
    if trial is None:
        return set()
    return {(kind, k, _values(trial, kind)[k]) for kind, k in trial.trail}


NODE_PROBES = 200
"""A search node's probing budget, in probes (`search`): on masyu's published 378_14x24, whose
probing leaves 404 of 634 edges open, the search without probing at its nodes does not end
within 100M work, with up to 200 probes a node it ends after 41M, and with 2,000 no sooner."""


def search(board: Board, work: int) -> Board | None:
    """Depth-first search for the answers, to the second, from a board the rules and probing
    left open. Each node is probed first (`_passes`, without the one-block rule, while a pass
    decides something and up to NODE_PROBES probes); then the end of a path with the fewest
    ways on (its unknown edges) continues along each of them in turn, or, where no path has
    an end, one unknown edge of a cell on the loop (or of any cell) is used or not; each child
    is propagated with the whole rules. Every step is sound, so a branch ends only where no
    answer has it, and a board whose every edge is decided is an answer where it draws a loop.

    Returns the one answer's board where the search ends with exactly one (the answer is then
    unique); raises Contradiction where it ends with none; None where it finds a second answer
    or its work (the graph's cells and edges once a probe or a child, as probing counts)
    exceeds `work`: then it has decided nothing."""
    g = board.g
    per = g.n + len(g.edges)
    spent, found, stack = 0, None, [board.copy()]
    while stack:
        node = stack.pop()
        budget = Budget(NODE_PROBES * per, per)
        try:
            _passes(node, False, budget)
        except Contradiction:
            continue
        finally:
            spent += budget.spent
        ways = _ways_on(node)
        if ways is None:
            if not node.on:  # every edge unused: no loop, not an answer
                continue
            if found is not None:
                return None
            found = node
            continue
        children = []
        for e, value in ways:
            spent += per
            if spent > work:
                return None
            limits.check_time()
            child = node.copy()
            try:
                child.set_edge(e, value)
                child.propagate()
            except Contradiction:
                continue
            children.append(child)
        stack += reversed(children)
    if found is None:
        raise Contradiction
    return found


def _ways_on(board: Board) -> list[tuple[int, int]] | None:
    """The branches of a search node, (edge, value) each: a path's end goes on along one of
    its unknown edges (the end with the fewest); else one unknown edge of a cell on the loop
    (or of any cell), used or not. None where every edge is decided."""
    g, edge = board.g, board.edge
    best: list[int] | None = None
    for i, used in enumerate(board.used):
        if used == 1:
            open_ = [e for e, _ in g.at[i] if edge[e] == UNKNOWN]
            if open_ and (best is None or len(open_) < len(best)):
                best = open_
                if len(best) == 2:
                    break
    if best is not None:
        return [(e, USED) for e in best]
    unknown = [e for e, v in enumerate(edge) if v == UNKNOWN]
    if not unknown:
        return None
    on = [e for e in unknown if ON in (board.cell[g.edges[e][0]], board.cell[g.edges[e][1]])]
    e = (on or unknown)[0]
    return [(e, USED), (e, UNUSED)]


def forced(
    cells: Sequence[Any],
    segments: Sequence[Any],
    graph: Graph,
    work: int,
    per_cell: int = 0,
    search_work: int = 0,
    sat_conflicts: int = 0,
    **options: Any,
) -> tuple[dict[Any, int], dict[Any, int]]:
    """What the rules decide about every answer, for a genre's `logic_graph` (its cells, its
    segments and the graph of them): cells (1 on the loop, 0 off) and segments (1 used, 0 not);
    nothing when they find that the puzzle has no answer (the model then finds it too).
    Probing works within `work`, or `per_cell` for each cell of the graph where that is more
    (a budget that grows with the grid); where it leaves the board open, a SAT solver over the
    rules (`solver.deduce.loop_sat`) within `sat_conflicts`, then where that decides nothing a
    search for the answers (`search`) within `search_work`, decides it whole when it ends with
    one answer. `options`: `deduce`'s."""
    board = deduce(graph, max(work, per_cell * graph.n), **options)
    if board is None:
        return {}, {}
    try:
        if sat_conflicts and UNKNOWN in board.edge:
            from solver.deduce import loop_sat  # (it builds on this module)

            board = loop_sat.answers(board, sat_conflicts) or board
        if search_work and UNKNOWN in board.edge:
            board = search(board, search_work) or board
    except Contradiction:
        return {}, {}
    return decided(board, cells, segments)


def loop_deductions(
    cells: Sequence[Any],
    segments: Sequence[Any],
    graph: Graph,
    work: int,
    per_cell: int = 0,
    search_work: int = 0,
    sat_conflicts: int = 0,
) -> Deductions:
    """`forced` as a genre's Deductions, for a model whose answer variables are the segments
    (`x`, keyed as `segments`) and whose cells' use is `u`: where every segment is decided, the
    answer is the segments used."""
    on, used = forced(cells, segments, graph, work, per_cell, search_work, sat_conflicts)
    answer = frozenset(s for s, v in used.items() if v) if len(used) == len(segments) else None
    return Deductions({"u": on, "x": used}, answer=answer, answer_vars=len(segments))


def decided(
    board: Board, cells: Sequence[Cell], segments: Sequence[Segment]
) -> tuple[dict[Cell, int], dict[Segment, int]]:
    """What a board of `grid_graph(cells, segments)` decided: cells (1 on the loop, 0 off) and
    segments (1 used, 0 not)."""
    return (
        {cell: v for cell, v in zip(cells, board.cell, strict=True) if v != UNKNOWN},
        {e: v for e, v in zip(segments, board.edge, strict=True) if v != UNKNOWN},
    )


def _probes(board: Board, edges: bool = True) -> list[tuple[str, int]]:
    """Every unknown cell and (edges) every unknown edge. (Every edge, not only those at
    cells on the loop: on country-2 these decide all 544 edges, those 76; and on large
    yajilins they decide what probing the cells leaves. The faces are not probed: on
    slitherlinks they decide no more, in more time.)"""
    out = [("cell", i) for i, v in enumerate(board.cell) if v == UNKNOWN]
    if edges:
        out += [("edge", e) for e, v in enumerate(board.edge) if v == UNKNOWN]
    return out


def _set(board: Board, kind: str, k: int, value: int) -> None:
    if kind == "cell":
        board.set_cell(k, value)
    elif kind == "edge":
        board.set_edge(k, value)
    else:
        board.set_face(k, value)


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
    for kind, k in a.trail:
        now, v = _values(board, kind)[k], _values(a, kind)[k]
        if now == UNKNOWN and v == _values(b, kind)[k]:
            _set(board, kind, k, v)
            changed = True
    return changed


def _values(board: Board, kind: str) -> list[int]:
    return board.cell if kind == "cell" else board.edge if kind == "edge" else board.face
