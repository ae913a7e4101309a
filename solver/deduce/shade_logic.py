"""Sound deductions for shading where shaded cells never touch and the unshaded cells are
connected (kurodoko, heyawake, hitori), where shaded cells pair off into dominoes (norinori,
whose board has neither of those two rules, nor have binairo's and 0h n0's), or where the cells
of one colour or of both are connected whatever their neighbours (aqre, yin-yang), made before
the solve.

All are solved as MIPs: kurodoko's sightlines are many rows (a binary per cell a number may
see), heyawake's rings are lazy cuts in SCIP's search. The rules decide most or all cells of a
published puzzle the way a person solves it, and what they decide holds in every answer, so
fixing those cells keeps the model exact (its answers are the same) and makes the search small;
where they decide every cell, no solver runs at all (`pipeline._decided`).

State: every cell is shaded, unshaded or unknown. `propagate` applies, until nothing changes:
- shaded cells never touch (a board made with `apart`, as kurodoko's, heyawake's and hitori's):
  a shaded cell's neighbours are unshaded;
- the genre's rules, each looked at again when one of its cells is set:
  - kurodoko (`kurodoko_board`): numbered cells are unshaded, and a number n sees n cells,
    itself included: looking along each of its four rays, it sees at least the unshaded cells
    next to it in a row (`lo`) and at most the cells up to the first shaded one (`hi`). So n
    lies between 1 + the sum of the lo and 1 + the sum of the hi (or there is no answer); a ray
    must show at least n - 1 - (the other rays' hi) cells, which are unshaded; and a ray that
    may show only its lo (n - 1 - the other rays' lo) ends there: the cell after its unshaded
    run is shaded;
  - hitori (`hitori_board`): of the cells of a row or column that hold one number, at most
    one is unshaded (once one is, the others are shaded);
  - norinori (`norinori_board`): a room holds two shaded cells (once it has them, the rest
    are unshaded; once only two can be, they are shaded), and a shaded cell has exactly one
    shaded neighbour (with one, its other neighbours are unshaded; with none and one unknown
    neighbour, that one is shaded); an unknown cell next to two shaded ones, or with every
    neighbour unshaded, is unshaded;
  - heyawake (`heyawake_board`): a room holds its number of shaded cells (once it has them,
    the rest are unshaded; it can hold at most its unknown cells less one per pair of
    neighbours among them, and where that is just enough the unpaired ones are shaded); a run
    of cells across two room borders holds a shaded cell (its last unknown one, where none
    is shaded);
  - binairo (its genre's board, 1 shaded): no three equal in a line, half of each line 1;
  - 0h n0 (its genre's board, red shaded): each number's sight (`sight`, as kurodoko's), and
    a blue cell with a blue neighbour;
  - akari (its genre's board, a lamp shaded; neither apart nor connected): a run holds at most
    one lamp (`at_most_one`), a white cell sees one (`at_least_one`), a number has its count
    beside it (`between`);
  - creek (its genre's board; not apart): a clue has its count around its point (`exactly`),
    and two clues that share cells bound what the shared ones hold (`overlapping`);
  - paint area and nurimisaki (their genres' boards; not apart): no 2x2 block of one colour
    (`mixed`), with each genre's own rules;
- the unshaded cells are connected (with `connected`, as kurodoko's, heyawake's and hitori's):
  the unshaded and unknown cells hang together (or there is no answer: a part cut off by shaded
  cells holds an unshaded cell, as a cell of it next to a shaded one cannot be shaded), and an
  unknown cell without which they would fall apart (a cut vertex: where shaded cells never
  touch, one that would close a ring of shaded cells joined corner to corner or through the
  grid's frame, found by union-find over the shaded cells; Tarjan's algorithm on a grid of one
  row or column) is unshaded: shaded, it would make its neighbours on both sides unshaded,
  apart. Looked at only after a cell was shaded: nothing else changes what it decides. On a
  board whose shaded cells may touch (sukoro's, creek's: `apart=False`),
  the unshaded cells are joined the way `joined` joins a colour: a part cut off from them is
  shaded, and an unknown cut vertex is unshaded only where it parts unshaded cells, or groups
  of cells that each hold an unshaded cell (`Board.need`: creek's clues below their number of
  cells, so that the connection decides cells before any is known unshaded).
- a colour's cells are connected, whatever their neighbours (a board made with `joined`: aqre's
  shaded cells, yin-yang's both colours): that colour's cells all lie in one part of the cells
  not of the other colour (or there is no answer); an unknown cell outside that part takes the
  other colour, and an unknown cell without which the part falls apart into pieces that each
  hold a cell of the colour (a cut vertex between them) takes the colour. Looked at after any
  cell was set; the genre's own rules (room counts, 2x2 blocks, runs of four: chocona, aqre,
  yin-yang) live in their modules.
`deduce` then tries each unknown cell next to a decided one both ways (probing), or every unknown
cell (`everywhere`: hitori and norinori, where the rules alone decide little before it): where one
way propagates to a contradiction, the other holds; it stops when a pass decides nothing, when
`idle` x the grid's cells were probed in a row without deciding one, or when its work is spent; with
`local_first` (aqre) it probes first with the colours' connection set aside (cheap tries), then with
it. A genre may probe every cell only on grids of more than its `Tuning.probe_everywhere_from`
cells. Where `search_work` is given (bomber, sukoro), a depth-first search follows
(`probing.search`, branching on `Board.frontier`), which decides the grid whole where it ends with
exactly one answer. What `deduce` returns holds in every answer; when the rules contradict
themselves (a puzzle with no answer) it returns nothing, and the solve says so. Where the genre's
rules are counts, sets of cells not all of one colour and a connected colour (creek, aqre, heyawake,
norinori, hitori), a search that learns from its conflicts takes the cells probing leaves instead
(`learned`; star battle's and heyawake's Tuning give probing no work, and the search takes what the
rules leave): it remembers why a branch failed, which the depth-first search does not. Theirs is the
SAT solver of `solver.deduce.sat` (the genre's `Tuning.sat_work`, `sat.AFTER_PROBING`);
`solver.deduce.learning`'s search takes the same input (`Tuning.learn_work`), slower per conflict,
and without the counters that carry a pigeonhole count (aqre's big rooms nearly full).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from math import comb
from operator import itemgetter
from typing import Any, Protocol

from solver.blocks.geometry import Cell, neighbours
from solver.deduce import NOTHING, Deductions, learning, probing, sat
from solver.deduce.cuts import cut_vertices

UNKNOWN, (SHADED, UNSHADED) = probing.UNKNOWN, probing.VALUES
RAYS = ((-1, 0), (1, 0), (0, -1), (0, 1))


Contradiction = probing.Contradiction  # the state breaks a rule: no answer has it


def _entries(cells: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """The cells' entries of a per-cell list, as a tuple (even of one cell), read in one call."""
    if len(cells) > 1:
        return itemgetter(*cells)
    (i,) = cells
    return lambda values: (values[i],)


class Board:
    """Cells numbered r * cols + c; `state` per cell; the genre's rules, each a function of the
    board and its data, and per cell the rules to look at again when it is set (`watchers`);
    the cells set since the rules last looked (`todo`)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        apart: bool = True,
        connected: bool = True,
        joined: tuple[int, ...] = (),
    ) -> None:
        self.rows, self.cols, n = rows, cols, rows * cols
        self.apart, self.connected = apart, connected  # the two rules of every board but norinori's
        self.joined = joined  # the colours whose cells are connected, whatever their neighbours
        self.rejoin = bool(joined)  # ... to be looked at
        self.near = [
            [r2 * cols + c2 for r2, c2 in neighbours(rows, cols, *divmod(i, cols))]
            for i in range(n)
        ]
        # for `_rings`: each cell's diagonal neighbours, and whether it lies on the grid's edge
        self.diagonal = [
            [
                (r + dr) * cols + c + dc
                for dr in (-1, 1)
                for dc in (-1, 1)
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
            for r, c in map(lambda i: divmod(i, cols), range(n))
        ]
        self.edge = [
            r in (0, rows - 1) or c in (0, cols - 1)
            for r, c in map(lambda i: divmod(i, cols), range(n))
        ]
        self.rules: list[tuple[Callable[[Board, Any], None], Any]] = []
        self.watchers: list[list[int]] = [[] for _ in range(n)]
        self.state = [UNKNOWN] * n
        self.todo: list[int] = []
        self.cut = connected  # the connection is to be looked at
        self.needs: list[list[int]] = []  # groups that each hold an unshaded cell (`need`)
        self.counts: list[tuple[int, list[int], Callable]] = []  # `exactly`'s: n, cells, entries
        # the cells probing tries (`probing.probe`'s cells; None: every cell): one a group of
        # cells that always take one value, where a genre has such groups (tile paint's tiles)
        self.probed: list[int] | None = None
        self.lookups: list[Callable] = []  # per group, its cells' entries (`_entries`)
        self.member: list[list[int]] = [[] for _ in range(n)]  # per cell, the groups it is in
        # per colour, the state at the last look of `_joined` that left nothing to decide
        self.settled: tuple[list[int] | None, ...] = (None,) * (1 + len(probing.VALUES))
        # per colour, `_joined`'s last search: the other colour's cells once the cells it did not
        # reach took that colour (counted), the search's cells, orders and cut vertices
        self.parts: tuple[tuple | None, ...] = (None,) * (1 + len(probing.VALUES))

    def rule(self, check: Callable[[Board, Any], None], data: Any, cells: Iterable[int]) -> None:
        """A rule of the genre: check(board, data), looked at now and whenever one of `cells`
        is set."""
        k = len(self.rules)
        self.rules.append((check, data))
        if check is exactly:
            self.counted(*data)
        for i in cells:
            self.watchers[i].append(k)
        check(self, data)

    def counted(self, n: int, cells: list[int]) -> None:
        """n of the cells are shaded, a count the genre's own rules keep (its board's
        `_local`), told to the search's `tightest_count` as `exactly`'s counts are."""
        self.counts.append((n, cells, _entries(cells)))

    def need(self, cells: list[int]) -> None:
        """In every answer one of `cells` at least is unshaded (creek's clue below its number of
        cells): the connection of the unshaded cells on a board whose shaded cells may touch
        (`_joined`) then parts no two such groups, before any unshaded cell is known. The
        genre's rules say it too (`exactly`); this tells the connection."""
        self.needs.append(cells)
        for i in cells:
            self.member[i].append(len(self.lookups))
        self.lookups.append(_entries(cells))
        self.cut |= self.connected

    def copy(self) -> Board:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.state, other.todo = self.state[:], self.todo[:]
        return other

    def set(self, i: int, value: int) -> bool:
        """Make cell i shaded or unshaded; False if it was so already."""
        if self.state[i] == value:
            return False
        if self.state[i] != UNKNOWN:
            raise Contradiction
        self.state[i] = value
        self.todo.append(i)
        # an apart board's connection changes only where a cell is shaded; any other's also
        # where one is unshaded (a new cell to keep joined)
        self.cut |= self.connected and (value == SHADED or not self.apart)
        self.rejoin |= bool(self.joined)
        return True

    def propagate(self) -> None:
        """The local rules for every cell set, then the connections; again while they set one."""
        while True:
            self._local()
            changed = False
            if self.cut:
                self.cut = False
                changed = self._connected()
            if self.rejoin:
                self.rejoin = False
                for colour in self.joined:
                    changed |= self._joined(colour)
            if not changed:
                return

    def frontier(self) -> list[int]:
        """For the search (`deduce`): the FRONTIER unknown cells with the most decided
        neighbours (none where no cell is decided yet: the search then takes the first unknown
        cell)."""
        state, near = self.state, self.near
        count = [(-sum(state[j] != UNKNOWN for j in near[i]), i) for i in range(len(state))]
        return [i for d, i in sorted(c for c in count if c[0] < 0 and state[c[1]] == UNKNOWN)][
            :FRONTIER
        ]

    # --- the rules ------------------------------------------------------------------------

    def _local(self) -> None:
        """Apart and the genre's rules, for each cell set until none is left to look at."""
        state, todo, rules = self.state, self.todo, self.rules
        while todo:
            i = todo.pop()
            if state[i] == SHADED and self.apart:
                for j in self.near[i]:
                    self.set(j, UNSHADED)
            for k in self.watchers[i]:
                check, data = rules[k]
                check(self, data)

    def _connected(self) -> bool:
        """The unshaded and unknown cells hang together, and an unknown cut vertex among them is
        unshaded (see the module's docstring). True when that set a cell. On a board without
        `apart` a part cut off from the unshaded cells is shaded instead, and a cut vertex is
        unshaded only where it parts unshaded cells (`_joined`)."""
        state, near, n = self.state, self.near, len(self.state)
        if not self.apart:
            return self._joined(UNSHADED, bool(self.needs))
        if self.rows > 1 and self.cols > 1:
            return self._rings()
        start = next((i for i in range(n) if state[i] == UNSHADED), None)
        if start is None:  # none unshaded yet: the rules hold all the same
            start = next((i for i in range(n) if state[i] == UNKNOWN), None)
            if start is None:
                return False
        order = [-1] * n  # depth-first discovery order, -1 not reached
        low = [0] * n  # the lowest order reachable from the subtree through one back edge
        order[start], count = 0, 1
        stack = [(start, -1, iter(near[start]))]
        cuts, children = [], 0  # the start's children: a cut vertex where two or more
        while stack:
            v, parent, edges = stack[-1]
            for w in edges:
                if state[w] == SHADED:
                    continue
                if order[w] < 0:
                    order[w] = low[w] = count
                    count += 1
                    stack.append((w, v, iter(near[w])))
                    break
                if w != parent and order[w] < low[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    if u == start:
                        children += 1
                    elif low[v] >= order[u] and state[u] == UNKNOWN:  # u cuts v's subtree off
                        cuts.append(u)
        if children > 1 and state[start] == UNKNOWN:
            cuts.append(start)
        if count < n - state.count(SHADED):
            raise Contradiction  # cells that cannot meet the start's
        changed = False
        for u in cuts:
            changed |= self.set(u, UNSHADED)
        return changed

    def _rings(self) -> bool:
        """`_connected` where shaded cells never touch, on a grid of two rows and two columns
        at least, by the shaded cells' rings: the cells not shaded fall apart exactly where the
        shaded cells, joined corner to corner, with the grid's frame as one more shaded cell
        (beside every cell on the edge), close a ring (the cells inside it, next to shaded ones,
        are not shaded and cannot reach those outside). So no ring may be closed (or there is no
        answer), and an unknown cell that would close one, touching the frame or a shaded cell
        twice over one group (two diagonal neighbours, or one and the frame), is a cut vertex:
        unshaded. (A cell of such a grid touches the frame along one stretch of it, so once.)
        The same cells as Tarjan's cut vertices, in a pass of union-find over the shaded cells
        rather than a depth-first search over the others."""
        state, diagonal, edge, n = self.state, self.diagonal, self.edge, len(self.state)
        parent = list(range(n + 1))  # n: the frame

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for i in range(n):
            if state[i] != SHADED:
                continue
            links = [j for j in diagonal[i] if j < i and state[j] == SHADED]
            if edge[i]:
                links.append(n)
            for j in links:
                a, b = find(i), find(j)
                if a == b:
                    raise Contradiction  # a ring closed
                parent[a] = b
        changed = False
        for u in range(n):
            if state[u] != UNKNOWN:
                continue
            links = [find(j) for j in diagonal[u] if state[j] == SHADED]
            if edge[u]:
                links.append(find(n))
            if len(set(links)) < len(links):
                changed |= self.set(u, UNSHADED)
        return changed

    def _joined(self, colour: int, needy: bool = False) -> bool:
        """The cells of `colour` are connected (`Board.joined`): they all lie in one part of the
        cells not of the other colour (or there is no answer); an unknown cell outside that part
        takes the other colour; an unknown cell without which that part falls apart into pieces
        that each must hold a cell of `colour` (a cut vertex between them) takes `colour`. True
        when that set a cell.

        needy: the groups of `Board.need` (each holds a cell of `colour` in every answer) count
        too: a piece must hold a cell of `colour` where it holds a known one or the cells of a
        group left in the part (`_unpinned` where no cell of `colour` is known yet).

        Where a cell of `colour` is known, a depth-first search from the first of them (`_search`:
        its part is the cells reached) finds the cut vertices, each with the range of discovery
        orders of the piece it parts from the rest (a subtree below it). The rest holds that
        first cell, so a cut vertex takes `colour` where its piece holds a cell of `colour` (a
        running sum over the orders) or a group's cells of the part (`_grouped`). So what it
        decides does not depend on the search's tree, and two looks keep what they can:
        - the search (`parts`), while the other colour's cells are the ones it left: the part,
          the orders and the cut vertices are the same, only what the pieces hold may differ;
        - the state a look left unless it set cells beyond the part (`settled`): a look at the
          same state decides nothing (having set only cut vertices, each lies in a piece of
          every other cut vertex that held a cell of `colour` or a group already)."""
        state = self.state
        if self.settled[colour] == state:
            return False
        if colour not in state:
            return self._unpinned(colour, self.needs if needy else [])
        n = len(state)
        other = UNSHADED if colour == SHADED else SHADED
        count = state.count(other)
        parts, outside = self.parts[colour], False
        if parts is not None and parts[0] == count:  # the same part: only cells of `colour` set
            _, reached, order, cuts = parts
        else:
            for cells in self.lookups if needy else ():
                held = cells(state)
                if colour not in held and UNKNOWN not in held:
                    raise Contradiction  # a group wholly of the other colour
            reached, order, cuts = self._search(colour, other)
            if len(reached) + count < n:  # cells not reached: now of the other colour
                outside = True
                self._beyond(colour, needy, order)
            parts = list(self.parts)
            parts[colour] = (n - len(reached), reached, order, cuts)
            self.parts = tuple(parts)
        changed = outside
        if cuts:
            held = list(accumulate(map(colour.__eq__, map(state.__getitem__, reached)), initial=0))
            for u, first, end in cuts:
                if held[end] > held[first] or self._grouped(reached, order, first, end):
                    changed |= self.set(u, colour)
        if not outside:
            self.settled = self._settle(colour)
        return changed

    def _search(self, colour: int, other: int) -> tuple[list[int], list[int], list[tuple]]:
        """`_joined`'s depth-first search from the first cell of `colour` (`cut_vertices`): the
        cells reached in discovery order, each cell's order (-1 not reached; n for the other
        colour's cells, which the search passes by), and the unknown cut vertices, each as
        (u, first, end): u parts the orders first .. end - 1 from the rest."""
        state, n = self.state, len(self.state)
        order = [n if s == other else -1 for s in state]
        reached, cuts = cut_vertices(
            self.near, order, state.index(colour), lambda u: state[u] == UNKNOWN
        )
        return reached, order, cuts

    def _beyond(self, colour: int, needy: bool, order: list[int]) -> None:
        """`_joined` where the search from the first cell of `colour` left cells unreached
        (`order` -1): a cell of `colour` among them, or a group (`Board.need`) wholly among
        them, leaves no answer; the unknown ones take the other colour."""
        state, n = self.state, len(self.state)
        if any(s == colour and k < 0 for s, k in zip(state, order, strict=True)):
            raise Contradiction  # cells of `colour` that cannot meet the start
        for cells in self.lookups if needy else ():
            if colour not in cells(state) and not any(0 <= k < n for k in cells(order)):
                raise Contradiction  # a group wholly outside the part
        other = UNSHADED if colour == SHADED else SHADED
        for i in range(n):
            if order[i] < 0 and state[i] == UNKNOWN:
                self.set(i, other)

    def _grouped(self, reached: list[int], order: list[int], first: int, end: int) -> bool:
        """Whether the cells of discovery orders first .. end - 1 (a piece of `_joined`'s part)
        hold the cells in the part of a group of `Board.need`: one of theirs whose cells of
        the part have orders in that range (the other colour's cells have order n, the cells
        out of the part -1)."""
        lookups, member, n = self.lookups, self.member, len(order)
        for k in range(first, end):
            for g in member[reached[k]]:
                if all(first <= o < end or not 0 <= o < n for o in lookups[g](order)):
                    return True
        return False

    def _settle(self, colour: int) -> tuple[list[int] | None, ...]:
        """`settled` with the state as it is for `colour`."""
        settled = list(self.settled)
        settled[colour] = self.state[:]
        return tuple(settled)

    def _unpinned(self, colour: int, needs: list[list[int]]) -> bool:
        """`_joined` where no cell of `colour` is known yet: the part, the cells outside it and
        the cut vertices as there, the groups alone saying which pieces hold a cell of `colour`.

        `needs` are groups of cells each of which holds a cell of `colour` in every answer
        (`Board.need`): a piece must hold a cell of `colour` where it holds a known one or a
        whole group. So the connection decides cells before any cell of `colour` is known: the
        part that holds a whole group is the one (a group wholly outside the part of a cell of
        another group makes that part the other colour), and a cut vertex between two groups
        takes `colour`. A piece is a subtree of the depth-first search below the cut vertex
        (a contiguous range of discovery orders); it holds a whole group where it holds the
        group's lowest common ancestor, and the rest holds one where a group (or a cell of
        `colour`) lies wholly before or after that range."""
        state, near, n = self.state, self.near, len(self.state)
        other = UNSHADED if colour == SHADED else SHADED
        live = []  # the groups with no cell of `colour` yet: their unknown cells
        for group in needs:
            cells = []
            for i in group:
                s = state[i]
                if s == colour:
                    break
                if s == UNKNOWN:
                    cells.append(i)
            else:
                if not cells:
                    raise Contradiction
                live.append(cells)
        seeds = [i for i, s in enumerate(state) if s == colour]
        if seeds:
            start = seeds[0]
        elif live:
            start = live[0][0]
        else:
            return False
        order = [-1] * n  # depth-first discovery order, -1 not reached
        low = [0] * n  # the lowest order reachable from the subtree through one back edge
        parent = [-1] * n
        end = [0] * n  # the subtree of v holds the orders order[v] .. end[v] - 1
        reached = [start]  # in discovery order
        order[start] = 0
        stack = [(start, iter(near[start]))]
        cuts = []  # (u, v): u unknown, and cutting it parts v's subtree from the rest
        while stack:
            v, edges = stack[-1]
            for w in edges:
                if state[w] == other:
                    continue
                if order[w] < 0:
                    order[w] = low[w] = len(reached)
                    parent[w] = v
                    reached.append(w)
                    stack.append((w, iter(near[w])))
                    break
                if order[w] < low[v] and w != parent[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                end[v] = len(reached)
                if stack:
                    u = parent[v]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    elif low[v] >= order[u] and state[u] == UNKNOWN:
                        cuts.append((u, v))
        whole = len(reached) + state.count(other) == n  # every cell not `other` reached
        if not whole and any(order[i] < 0 for i in seeds):
            raise Contradiction  # cells of `colour` that cannot meet the start
        pinned, beyond = bool(seeds), False
        spans = []
        for cells in live:
            got = [order[i] for i in cells if order[i] >= 0]
            if not got:
                beyond = True  # a group wholly outside the start's part
                continue
            pinned |= len(got) == len(cells)
            spans.append((min(got), max(got)))
        changed = False
        if beyond and not pinned:  # the cells of `colour` lie beyond the start's part
            for i in reached:
                if state[i] == UNKNOWN:
                    changed |= self.set(i, other)
            return changed
        if beyond:
            raise Contradiction  # two groups that cannot meet
        if not pinned:
            return False  # every group reaches beyond the start's part: nothing is certain
        if not whole:
            for i in range(n):
                if order[i] < 0 and state[i] == UNKNOWN:
                    changed |= self.set(i, other)
        if not cuts:
            return changed
        inner = [0] * n  # per cell, the seeds and whole groups its subtree holds
        first, last = (0, max(order[i] for i in seeds)) if seeds else (n, -1)
        for i in seeds:
            inner[i] += 1
        for lo, hi in spans:
            w = reached[lo]
            while end[w] <= hi:  # up to the lowest common ancestor of the group's cells
                w = parent[w]
            inner[w] += 1
            first, last = min(first, hi), max(last, lo)
        for v in reversed(reached[1:]):
            if inner[v]:
                inner[parent[v]] += inner[v]
        for u, v in cuts:
            if inner[v] and (first < order[v] or last >= end[v]):
                changed |= self.set(u, colour)
        return changed


def exactly(board: Board, number: tuple[int, list[int]]) -> None:
    """n of the cells are shaded: once n are, the others are unshaded; once only n can be, the
    unknown ones are shaded."""
    (n, cells), state = number, board.state
    shaded = free = 0
    for i in cells:
        s = state[i]
        if s == SHADED:
            shaded += 1
        elif s == UNKNOWN:
            free += 1
    if shaded > n or shaded + free < n:
        raise Contradiction
    if free and (shaded == n or shaded + free == n):
        value = UNSHADED if shaded == n else SHADED
        for i in cells:
            if state[i] == UNKNOWN:
                board.set(i, value)


def between(board: Board, count: tuple[int, int, list[int]]) -> None:
    """At least `low` and at most `high` of the cells are shaded: once `high` are, the others
    are unshaded; once only `low` can be, the unknown ones are shaded."""
    (low, high, cells), state = count, board.state
    shaded, free = 0, []
    for i in cells:
        s = state[i]
        if s == SHADED:
            shaded += 1
        elif s == UNKNOWN:
            free.append(i)
    if shaded > high or shaded + len(free) < low:
        raise Contradiction
    if free and (shaded == high or shaded + len(free) == low):
        for i in free:
            board.set(i, UNSHADED if shaded == high else SHADED)


def overlapping(board: Board, two: tuple[int, list[int], list[int], int, list[int]]) -> None:
    """Two counts that share cells (creek's clues): a of the cells P + S and b of S + Q are
    shaded. Then the shaded cells of S number between the bounds both allow, and so those of
    P are a less that and those of Q b less that; a part whose count can only be its shaded
    cells has its unknown ones unshaded, and one whose count can only be its shaded and
    unknown cells has them shaded. (Two clues 3 and 1 sharing two of their cells: the 1's
    shared cells hold at most one shaded cell, so the 3's other two are shaded.)"""
    (a, own_a, shared, b, own_b), state = two, board.state
    parts = []
    for cells in (own_a, shared, own_b):
        shaded, free = 0, []
        for i in cells:
            if state[i] == SHADED:
                shaded += 1
            elif state[i] == UNKNOWN:
                free.append(i)
        parts.append((shaded, free))
    (sa, fa), (ss, fs), (sb, fb) = parts
    low = max(ss, a - sa - len(fa), b - sb - len(fb))  # the shaded cells of S
    high = min(ss + len(fs), a - sa, b - sb)
    if low > high:
        raise Contradiction
    for shaded, free, least, most in (
        (sa, fa, a - high, a - low),
        (ss, fs, low, high),
        (sb, fb, b - high, b - low),
    ):
        if free and (shaded == most or shaded + len(free) == least):
            for i in free:
                board.set(i, UNSHADED if shaded == most else SHADED)


def overlap(board: Board, a: int, mine: set[int], b: int, theirs: set[int]) -> None:
    """The rule `overlapping` for two counts, a of the cells `mine` and b of `theirs`, that
    share cells (creek's clues on neighbouring points, bomber's numbers two steps apart)."""
    own_a, both, own_b = (sorted(q) for q in (mine - theirs, mine & theirs, theirs - mine))
    board.rule(overlapping, (a, own_a, both, b, own_b), own_a + both + own_b)


def mixed(board: Board, cells: list[int]) -> None:
    """The cells (a 2x2 block) are not all one colour: three of a colour make the fourth the
    other one (paint area's and nurimisaki's blocks)."""
    state = [board.state[i] for i in cells]
    for colour, other in ((SHADED, UNSHADED), (UNSHADED, SHADED)):
        same = state.count(colour)
        if same == len(cells):
            raise Contradiction
        if same == len(cells) - 1 and UNKNOWN in state:
            board.set(cells[state.index(UNKNOWN)], other)


def at_least_one(board: Board, cells: list[int]) -> None:
    """One of the cells at least is shaded: once all but one are unshaded, that one is (a
    scan that stops at the first shaded cell or the second unknown one)."""
    state, last = board.state, -1
    for i in cells:
        s = state[i]
        if s == SHADED:
            return
        if s == UNKNOWN:
            if last >= 0:
                return
            last = i
    if last < 0:
        raise Contradiction
    board.set(last, SHADED)


def at_most_one(board: Board, cells: list[int]) -> None:
    """One of the cells at most is shaded: once one is, the others are unshaded."""
    state, shaded = board.state, 0
    for i in cells:
        if state[i] == SHADED:
            shaded += 1
    if shaded > 1:
        raise Contradiction
    if shaded:
        for i in cells:
            if state[i] == UNKNOWN:
                board.set(i, UNSHADED)


def sight(board: Board, cell: Cell, n: int) -> None:
    """The rule that the unshaded cell `cell` sees n cells, itself included, along its four
    rays up to the first shaded cell (kurodoko's numbers; 0h n0's, which count one more)."""
    rows, cols = board.rows, board.cols
    rays = []
    for dr, dc in RAYS:  # each cut after n cells: it shows at most n - 1
        ray = []
        rr, cc = cell[0] + dr, cell[1] + dc
        while 0 <= rr < rows and 0 <= cc < cols and len(ray) < n:
            ray.append(rr * cols + cc)
            rr, cc = rr + dr, cc + dc
        rays.append(ray)
    board.rule(_sight, (n, rays), [i for ray in rays for i in ray])


def _sight(board: Board, number: tuple[int, list[list[int]]]) -> None:
    """A number sees its count: looking along each of its rays, it sees at least the unshaded
    cells next to it in a row (`lo`) and at most the cells up to the first shaded one (`hi`). So
    n lies between 1 + the sum of the lo and 1 + the sum of the hi (or there is no answer); a ray
    must show at least n - 1 - (the other rays' hi) cells, which are unshaded; and a ray that may
    show only its lo (n - 1 - the other rays' lo) ends there: the cell after its run is shaded."""
    (n, rays), state = number, board.state
    lo, hi = [], []
    for ray in rays:
        a = 0
        while a < len(ray) and state[ray[a]] == UNSHADED:
            a += 1
        b = a
        while b < len(ray) and state[ray[b]] != SHADED:
            b += 1
        lo.append(a)
        hi.append(b)
    least, most = 1 + sum(lo), 1 + sum(hi)
    if least > n or most < n:
        raise Contradiction
    for ray, a, b in zip(rays, lo, hi, strict=True):
        for j in ray[a : max(n - (most - b), 0)]:  # the ray must show this many
            board.set(j, UNSHADED)
        if n - (least - a) == a and a < len(ray):  # it may show only its run
            board.set(ray[a], SHADED)


def shading_deductions(
    known: tuple[set[Cell], set[Cell]] | None,
    rows: int,
    cols: int,
    skip: Iterable[Cell] = (),
    var: str = "b",
) -> Deductions:
    """What `deduce` decided (shaded, unshaded; None: no answer) as a genre's Deductions over
    its model's shading `var` (1 shaded, 0 not; the `skip` cells have no variable, such as
    numbered cells): where every cell is decided, the answer is the shaded cells."""
    if known is None:  # the rules leave no answer, which the solve will find
        return NOTHING
    shaded, unshaded = known
    skip = set(skip)
    return Deductions(
        {var: {**dict.fromkeys(shaded - skip, 1), **dict.fromkeys(unshaded - skip, 0)}},
        answer=frozenset(shaded) if len(shaded) + len(unshaded) == rows * cols else None,
        answer_vars=rows * cols - len(skip),
    )


FRONTIER = 4  # the cells the search probes at each node, and branches on the first of


def tightest_count(board: Board) -> list[int]:
    """For the search (`deduce`'s `frontier`): the first unknown cell of the count (`exactly`)
    with the fewest ways left to place its shaded cells among its unknown ones (then the fewest
    unknown ones, then the first made), where a guess decides most of a count at once (creek);
    `Board.frontier` where every count is decided."""
    state, best, tightest = board.state, None, None
    for n, cells, entries in board.counts:
        held = entries(state)
        free = held.count(UNKNOWN)
        if free:
            key = (comb(free, n - held.count(SHADED)), free)
            if best is None or key < best:
                best, tightest = key, cells
    if tightest is None:
        return board.frontier()
    return [next(i for i in tightest if state[i] == UNKNOWN)]


def _searched(board: Board, work: int, frontiers: Sequence[Callable[[Board], list[int]]]) -> Board:
    """The board the first search that ends decides (`probing.search`), else the board as it
    is: a search on each frontier in turn within a quarter of `work`, then on each within
    `work`. How long a search takes depends on where it branches, differently from puzzle to
    puzzle (creek's published puzzles: one needs a hundredth of the work on one frontier that
    it needs on the other, and another the other way round), so each frontier has a short
    try before any has a long one."""
    rounds = (work // 4, work) if len(frontiers) > 1 else (work,)
    for budget in rounds:
        for frontier in frontiers:
            found = probing.search(board, budget, frontier)
            if found is not None:
                return found
    return board


def deduce(
    make: Callable[[], Board],
    work: int,
    everywhere: bool = False,
    idle: float | None = None,
    search_work: int = 0,
    frontiers: Sequence[Callable[[Board], list[int]]] = (Board.frontier,),
    local_first: bool = False,
    radius: int | None = None,
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and the cells unshaded in every answer, by the rules and then by
    probing each unknown cell next to a decided one both ways (`solver.deduce.probing`, while the
    probes' work, the grid's cells once a probe, stays within `work`, and until `idle` x the
    grid's cells in a row decided nothing): where one way propagates to a contradiction, the
    other holds. None when the rules leave no answer. `make` builds the genre's board (`lambda:
    kurodoko_board(rows, cols, clues)`; its rules may already find the contradiction).
    everywhere: probe every unknown cell, decided neighbours or not (where the rules alone
    decide little). idle: the share of the grid probed in a row without deciding a cell after
    which probing stops (None: it goes on while a pass decides one). search_work: a depth-first
    search after probing (`probing.search`, branching on the first of the cells a frontier
    names) within that work, which decides the grid whole where it ends with exactly one
    answer. frontiers: the searches' frontiers (`Board.frontier` unless told), tried in
    turn (`_searched`). local_first: probe first with the colours' connection (`Board.joined`)
    set aside, then with it: a try of the genre's own rules alone costs a fraction of one
    that also looks at the connection over the whole grid, and decides most of what probing
    decides (aqre), so the probes with the connection meet fewer unknown cells. radius: a cell
    already probed is probed again only once a cell within that many steps of it has been
    decided since (`probing.probe`; None: every pass probes every unknown cell)."""
    try:
        board = make()
        board.propagate()
        if local_first and board.joined:
            joined, board.joined = board.joined, ()
            work -= probing.probe(board, work, everywhere, idle, radius, cells=board.probed)
            board.joined, board.rejoin = joined, True
            board.propagate()
        probing.probe(board, work, everywhere, idle, radius, cells=board.probed)
        if UNKNOWN in board.state and search_work:
            board = _searched(board, search_work, frontiers)
    except Contradiction:
        return None
    cols = board.cols
    shaded = {divmod(i, cols) for i, s in enumerate(board.state) if s == SHADED}
    unshaded = {divmod(i, cols) for i, s in enumerate(board.state) if s == UNSHADED}
    return shaded, unshaded


class Budgets(Protocol):
    """The budgets of a genre's deductions, in work (a genre's `settings.Tuning` has them)."""

    probe_work: int
    probe_passes: int
    probe_idle: float | None
    probe_radius: int | None
    search_work: int


def deduce_tuned(
    make: Callable[[], Board],
    rows: int,
    cols: int,
    tuning: Budgets,
    everywhere: bool = True,
    frontiers: Sequence[Callable[[Board], list[int]]] = (Board.frontier,),
    local_first: bool = False,
) -> tuple[set[Cell], set[Cell]] | None:
    """`deduce` within the budgets of a genre's Tuning: probing's work from its `probe_work`
    and `probe_passes` over the rows x cols grid (`probing.budget`), its `probe_idle` and
    `probe_radius`, then its `search_work`. Every unknown cell is probed unless told
    (`everywhere`)."""
    work = probing.budget(rows, cols, tuning.probe_work, tuning.probe_passes)
    return deduce(
        make,
        work,
        everywhere,
        tuning.probe_idle,
        tuning.search_work,
        frontiers,
        local_first,
        tuning.probe_radius,
    )


def learned(
    rows: int,
    cols: int,
    known: tuple[set[Cell], set[Cell]],
    work: int,
    counts: Iterable[tuple[int, Iterable[Cell]]] = (),
    never_all: Iterable[tuple[Iterable[Cell], int]] = (),
    joined: int | None = None,
    one_of: Iterable[Iterable[tuple[Cell, int]]] = (),
    sat_work: int = 0,
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and unshaded (`known`, what the rules and probing decided) with the rest
    decided by a search that learns from its conflicts, over a variable per cell left (shaded
    1): the SAT solver of `solver.deduce.sat` within `sat_work` (its propagations, and the
    answers it gave looked at) where that is given, else `solver.deduce.learning`'s search
    within `work`. Each of `counts` (a number, its cells) holds that many shaded cells; each
    of `never_all` (cells, a colour: SHADED or UNSHADED) is not all of that colour; the cells
    of colour `joined` (where given) are connected; each of `one_of` (cells with a colour each)
    has a cell of its colour. Where the search ends with one answer, that
    is the only one and decides every cell; with none, there is none (None); otherwise (two
    answers, or its work spent) `known` as it was."""
    shaded, unshaded = known
    open_ = [(r, c) for r in range(rows) for c in range(cols)]
    open_ = [q for q in open_ if q not in shaded and q not in unshaded]
    if not open_:
        return known
    variable = {q: k for k, q in enumerate(open_)}
    sums = []
    for n, cells in counts:
        cells = list(cells)
        terms = [(variable[q], 1) for q in cells if q in variable]
        total = n - sum(q in shaded for q in cells)
        if not 0 <= total <= len(terms):
            return None
        if terms:
            sums.append((total, terms))
    clauses = []
    for cells, colour in never_all:
        cells = list(cells)
        if any(q in (unshaded if colour == SHADED else shaded) for q in cells):
            continue  # a cell of the other colour already
        other = 0 if colour == SHADED else 1
        clauses.append([(variable[q], other) for q in cells if q in variable])
        if not clauses[-1]:
            return None
    for pairs in one_of:
        pairs = list(pairs)
        if any(q in (shaded if colour == SHADED else unshaded) for q, colour in pairs):
            continue  # a cell of its colour already
        clauses.append(
            [(variable[q], int(colour == SHADED)) for q, colour in pairs if q in variable]
        )
        if not clauses[-1]:
            return None
    graphs = []
    if joined is not None:
        inside, outside = (shaded, unshaded) if joined == SHADED else (unshaded, shaded)
        nodes = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in outside]
        value = 1 if joined == SHADED else 0
        graphs.append(
            learning.grid_connection(
                rows, cols, nodes, [-1 if q in inside else variable[q] for q in nodes], value
            )
        )
    found = sat.after_probing(len(open_), sums, work, sat_work, clauses, connected=graphs)
    if found is None or len(found) > 1:
        return known
    if not found:
        return None
    (answer,) = found
    return (
        shaded | {q for q in open_ if answer[variable[q]]},
        unshaded | {q for q in open_ if not answer[variable[q]]},
    )
