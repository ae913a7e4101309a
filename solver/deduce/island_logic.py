"""Sound deductions for islands in a sea (nurikabe), made before the solve.

The lazy model of nurikabe learns that an island is joined to its number one candidate answer
at a time; on large published puzzles its rounds meet dozens of island fragments each and
converge slowly or not at all (a 30x20 with 52 numbers: each answer of its rounds still has 40
island fragments). The rules themselves decide most cells of a published puzzle the way a
person solves it, and what they decide holds in every answer, so fixing those cells keeps the
model exact (its answers are the same) and makes it small.

State: every cell is sea, land or unknown; land cells know the number whose island holds them
when their group of land cells holds that number. `propagate` applies, until nothing changes:
- a group of land cells holds at most one number and, when its number is given, at most that
  many cells; a complete island's unknown neighbours are sea;
- an unknown cell next to the islands of two numbers is sea;
- no 2x2 block of sea: three sea cells make the fourth land;
- reach: an unknown cell that no unfinished island can reach within its remaining size (through
  unknown or land cells, never next to another number's island) is sea; a land cell no island
  can reach is a contradiction, as is an island that cannot grow to its size; an island that
  can grow through one cell only takes it;
- the sea is connected: every sea cell lies in one group of the sea and unknown cells (or there
  is no answer), the unknown cells outside that group are land, the group holds at least the
  sea's size (when every number is given), and a group of sea cells that must grow (another
  sea cell exists elsewhere, or it is short of the sea's size) and can grow through one unknown
  cell only takes it; where the sea has fewer cells than a path between opposite corners of
  the grid (a few huge islands), the sea's reach: a sea cell lies within the sea cells left
  (unknown cells crossed) of every group of sea, so the unknown cells farther are land;
- blocks owed (when every number is given; once the rules above are done): a 2x2 block without
  land that one island alone can reach holds a cell of that island, so the island keeps only
  the cells x it can hold together with one of the block's: joining its cells G, x and a cell
  b of the block takes at least half of d(G,x) + d(G,b) + d(x,b) new cells (G counted as one
  point; a tree joining three points has each of its edges on at most two of the three paths
  between them), which must not exceed what the island has left;
- the penalty (when every number is given; once the rules above are done): count the grid's
  points (cell corners) that island cells touch. Each 2x2 block's middle point is one (no block
  is all sea), and by Euler's formula (points - edges + cells) islands of F cells in all touch
  2F + 2 per island points, less one for each 2x2 block of land, each block of two land cells
  diagonally between two sea cells, and each ring (a ring would close sea in). So the blocks
  of land, the blocks of land diagonally between sea, and the points on the grid's border that
  land touches add up to exactly the slack, 2 (F + islands) - blocks, in every answer: when
  they reach it, no block becomes one and land touches no other point of the border. (The
  "penalty" of puzzle tutorials; a 13x13 tutorial puzzle of nine large islands has slack 0:
  no island touches the border.)
`deduce` then tries each unknown cell next to a decided one both ways (probing): where one way
propagates to a contradiction, the other holds. A cell is probed again only once a cell within
`PROBE_RADIUS` steps of it has been decided since its last probe, and the trials propagate
without the penalty and the blocks owed, which run once after each round of probes (`_probe`).
Where cells are still unknown and spread wide (`search_spread` unknown cells or more per
unfinished island: few islands, each with room to wander, which is where the MIP's lazy island
connectivity spends longest), a depth-first search follows (`probing.search`): it branches on
the cells beside one unfinished island (the island must grow through one of them). Two such
searches take turns within `search_work` (`probing.race`): one whose nodes are one propagation
each, beside the island with the least room (`Board.tightest_island`: the fewest cells within
its reach per cell it still needs), and one that probes the frontier at each node, beside the
island with the fewest such cells (`Board.island_frontier`); where neither ends, a third,
probing its nodes, branches on the ways out of the groups of sea as well (`Board.frontier`:
while the sea is in pieces, each group must reach the rest through one of them), within half
that work, unless told not to (nurikabe's learning search, which takes turns with these,
decides those puzzles sooner: `solver.genres.nurikabe.deduce`). When a search ends with
exactly one answer that answer is the grid decided whole (and unique: the pipeline then runs
no solver, `pipeline._decided`); with two answers, or out of work, it decides nothing and the
solve goes on from the probing (`searching` takes the searches a propagation at a time, so
that another may take turns with them). What `deduce` returns holds
in every answer; when the rules contradict themselves (a puzzle with no answer) it returns
nothing, and the solve says so.

Why the budgets are shaped so (the genre's Tuning, in work): probing counts the grid's cells
once a probe, at least `probe_work`, or `probe_passes` passes over a larger grid
(`probing.budget`). A fixed amount stops large grids (janko's 20x36s) far short of what the rules
decide, while passes over the grid stop deciding before they are spent; on small generated
grids, where the lazy model alone is quick, the longer probing costs a little. The search is
gated by the spread: below it (islands of a few cells with an unknown cell or two each, as
small generated puzzles have) the MIP is quicker than the search; above it the search decides
most published grids whole within its work, and those it does not are where the MIP is
slowest too. Probing's trials leave out the penalty and the blocks owed (`Board.counting`),
which cost more there than they decide: on janko's 14x24 no. 660 probing ends at the same 238
unknown cells in a seventh of the time. The search keeps them: on janko's no. 975 (10x10) it
ends in 296 propagations with them and not within 20,000 without. Which of the two searches
ends first varies (propagations to the end, single ones against probing nodes: janko's no. 407
2,596 against 15,135, no. 761 6,330 against 563), and taking turns costs twice the faster one.
The island with the least room, for the search of single propagations, was chosen over the
fewest cells beside it on the odd-numbered published puzzles that reach the search (of 169,
each search alone with 3,000,000 work: 162 end against 158, with 1.35 times less work in all)
and checked on the even-numbered (of 160: 154 end either way, with 1.2 times less work); among
the ends it adds are 962_10x10 and 1063_10x10 (twelve islands of 4 and 5; six of 8, one of 13,
one of 1), where the probing before decides no cell. Racing within `search_work`, the two
searches end 162 of the odd and 155 of the even (160 and 154 with the fewest cells in both); of
those that race would end it leaves one, 1030_32x32, which the search of single propagations
beside the fewest cells ends alone within 750,000 work. The probing search keeps the fewest
cells: there the least room ends about as many (162 and 154 against 161 and 154), and two
searches that branch alike would end alike.
Branching on the sea's ways out as well ends some puzzles the island borders do not (published
ones whose sea stays in pieces late: the dataset's 943_10x10 and 668_14x24) and runs others
out of work that they end (940_15x15, 1109_20x15); as a third search taking turns with the two
it would cost every searched puzzle half as much again, so it runs only where they give up.
The search also propagates the sea's cut cells (`Board.cuts`, `_cut`):
an unknown cell whose removal leaves sea cells on two sides of the sea and unknown cells, or
the sea's side short of the sea's size, is sea; and each unfinished island's cut cells
(`_island_cuts`): an unknown cell without which the cells an island reaches (`_reach`) leave it
a side short of its size is land. In the search these rules close branches the others leave
open (with the islands' cut cells, janko's no. 407 ends in 246,400 work instead of 519,200,
no. 445 in 152,064 instead of 721,332; the published 259_10x18 in 2,939 propagations instead of
32,062); in probing, which tries each such cell both ways anyway, they cost more than they
decide."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Mapping

import numpy as np

from solver.blocks.geometry import Cell, neighbours
from solver.deduce import probing
from solver.deduce.bits import from_flags, indices

UNKNOWN, (SEA, LAND) = probing.UNKNOWN, probing.VALUES
ANY, NONE = -1, -2  # in `_only`: a cell any island may join, or none


Contradiction = probing.Contradiction  # the state breaks a rule: no answer has it


KEPT_CELLS = 2_000_000
"""How much `Kept` holds, in cells of the reaches of its keys, before it starts afresh (a key
holds a reach as the bits of an integer, from its first cell on)."""


class Kept:
    """The cut cells `_island_cuts` found, by what they depend on (an island, its reach's cells
    and their states), shared by a board's copies. A search's nodes mostly change cells far from
    most islands, so most islands meet a reach they met before (on published puzzles, over nine
    in ten of them). Past `most` cells of keys it starts afresh."""

    def __init__(self, most: int) -> None:
        self.found: dict[tuple[int, int, int, int], list[int]] = {}
        self.cells, self.most = 0, most

    def get(self, key: tuple[int, int, int, int]) -> list[int] | None:
        return self.found.get(key)

    def put(self, key: tuple[int, int, int, int], cells: list[int], size: int) -> None:
        """Keep `cells` by `key`, whose reach has `size` cells."""
        if self.cells + size > self.most:
            self.found.clear()
            self.cells = 0
        self.found[key] = cells
        self.cells += size


class Board:
    """Cells numbered r * cols + c; `state` per cell; the islands (`owned`: per number's index,
    its land cells) as `_islands` last found them."""

    def __init__(self, rows: int, cols: int, clues: Mapping[Cell, int | None]) -> None:
        self.rows, self.cols, n = rows, cols, rows * cols
        self.near = [
            [r2 * cols + c2 for r2, c2 in neighbours(rows, cols, *divmod(i, cols))]
            for i in range(n)
        ]
        self.blocks = [
            (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
            for r in range(rows - 1)
            for c in range(cols - 1)
        ]
        self.clue_cells = [r * cols + c for r, c in sorted(clues)]
        self.clue_bits = sum(1 << i for i in self.clue_cells)  # the numbers' cells, as bits
        self.clue_of = {i: k for k, i in enumerate(self.clue_cells)}  # cell -> number's index
        self.sizes = [clues[cell] for cell in sorted(clues)]
        known = all(s is not None for s in self.sizes)
        self.sea_size = n - sum(s for s in self.sizes if s is not None) if known else None
        # the penalty (`_penalty`): its slack, None where a size is not given; the blocks' cells
        # as columns; per cell on the border, the corners of the grid's border it touches
        self.slack = None
        if self.sea_size is not None:
            self.slack = 2 * (n - self.sea_size + len(self.sizes)) - len(self.blocks)
        self.block_cells = np.array(self.blocks, dtype=np.intp).reshape(-1, 4).T
        self.border = {
            r * cols + c: corners
            for r in range(rows)
            for c in range(cols)
            if (
                corners := [
                    (r + i, c + j)
                    for i in (0, 1)
                    for j in (0, 1)
                    if _edge(r + i, c + j, rows, cols)
                ]
            )
        }
        # the sea's reach (`_sea_reach`) among the rules where the sea has fewer cells than a
        # path between opposite corners of the grid: a larger sea's reach spans the grid from
        # its first cells, and the rule costs each propagation a search per group of sea for
        # little (on 753_10x10, sea 19, each propagation 1.65 times dearer and no fewer of them)
        self.small_sea = self.sea_size is not None and self.sea_size < rows + cols - 1
        # the grid as the bits of an integer (cell i, bit i), for the searches of `_reach` and
        # `_sea`, a layer of cells per step (`_step`): a step left or right keeps to its row
        self.all_cells = (1 << n) - 1
        self.not_first = sum(1 << i for i in range(n) if i % cols)  # to step right onto
        self.not_last = sum(1 << i for i in range(n) if i % cols != cols - 1)  # ... left onto
        self.corners = sum(1 << block[0] for block in self.blocks)  # blocks' top left cells
        self.counting = True  # the penalty and the blocks owed among the rules (`propagate`)
        self.cuts = False  # the sea's and the islands' cut cells among the rules (`propagate`)
        self.decided = 0  # the cells `set` has decided: the state's version, for `propagate`
        self.array_at = -1  # the version of `array`, the state as an array (`_array`)
        self.masks_at = -1  # the version of `masks`, the state as bits (`_masks`)
        self.lands = 0  # the cells `set` has made land: the islands' version, for `_islands`
        self.islands_at = -1  # `lands` when `_islands` last ran to its end
        self.island_cuts = Kept(KEPT_CELLS)  # what `_island_cuts` found, shared by the copies
        self.sea_groups: tuple[int, list[int]] = (0, [])  # the sea and its groups (`_seas`)
        self.land_groups: tuple[int, list[int]] = (0, [])  # the land and its groups (`_islands`)
        # per island, its last search of `_reach` (`_searched`), shared by the copies
        self.searches: dict[int, tuple[int, int, list[int], int, int, int]] = {}
        self.state = [UNKNOWN] * n
        for i in self.clue_cells:
            self.state[i] = LAND

    def _array(self) -> np.ndarray:
        """The state as an array, made once for each state the board passes through (its
        version: `decided`, which only `set` moves)."""
        if self.array_at != self.decided:
            self.array, self.array_at = np.array(self.state, dtype=np.intp), self.decided
        return self.array

    def _masks(self) -> tuple[int, int, int]:
        """The sea, land and unknown cells as bits, made once for each state the board passes
        through (as `_array`)."""
        if self.masks_at != self.decided:
            cells = self._array()
            sea, land = from_flags(cells == SEA), from_flags(cells == LAND)
            self.masks, self.masks_at = (sea, land, self.all_cells & ~(sea | land)), self.decided
        return self.masks

    def copy(self) -> Board:
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.state = self.state[:]
        return other

    def set(self, i: int, value: int) -> bool:
        """Make cell i sea or land; False if it was so already."""
        if self.state[i] == value:
            return False
        if self.state[i] != UNKNOWN:
            raise Contradiction
        self.state[i] = value
        self.decided += 1
        self.lands += value == LAND
        return True

    # --- the rules ------------------------------------------------------------------------

    def propagate(self) -> None:
        """The rules until nothing changes; the blocks owed to one island (`_owed`, the
        costliest) once the others are done, and the others again after what it decides. Not
        where an island's size is not given: such an island reaches nearly every block, and
        the rule costs a third more time for nothing (a published 19x12 with two `?`). Nor,
        with the penalty, in probing's trials (`counting` False: `_probe`). The sea's and the
        islands' cut cells (`_cut`, `_island_cuts`) only where `cuts` is set (the search).

        The first four rules take turns until none changes the state; a rule that last ran
        without a change is not run again until some cell has been decided since (each rule's
        outcome is a function of the state), which leaves out only runs that would change
        nothing."""
        rules = (self._squares, self._islands, self._reach, self._sea)
        while True:
            idle = [-1] * len(rules)  # per rule, `decided` when it last ran without a change
            while any(v != self.decided for v in idle):
                for k, rule in enumerate(rules):
                    if idle[k] != self.decided:
                        before = self.decided
                        rule()
                        if self.decided == before:
                            idle[k] = before
            if self.cuts and (self._cut() or self._island_cuts()):
                continue
            if self.sea_size is None or not self.counting:
                return
            if not (self._penalty() or self._owed()):
                return

    def _groups_of(self, cells: int, last: tuple[int, list[int]]) -> list[int]:
        """The groups of `cells` (bits), in the order of their first cells. From `last`, the
        cells and groups of an earlier call, where those cells lie within these (as they do
        along a propagation and in a probe: sea and land only grow): its groups that no new
        cell touches stay as they were, and only the groups of the new cells are flooded."""
        before, groups = last
        if cells & before != before:
            before, groups = 0, []
        rest = cells & ~before
        if rest:
            new = []
            while rest:
                new.append(self._flood(rest & -rest, cells))
                rest &= ~new[-1]
            joined = 0
            for group in new:
                joined |= group
            groups = sorted([g for g in groups if not g & joined] + new, key=lambda g: g & -g)
        return groups

    def _squares(self) -> bool:
        """No 2x2 block of sea: three sea cells make the fourth land."""
        state, cols, changed = self.state, self.cols, False
        sea, _, unknown = self._masks()
        # per block (the bit of its top left cell), its four cells: whether each is sea
        a, b, c, d = sea, sea >> 1, sea >> cols, sea >> (cols + 1)
        if a & b & c & d & self.corners:
            raise Contradiction
        three = a & b & (c | d) | c & d & (a | b)  # three of four: the fourth unknown or land
        for i in indices(three & self._touch(unknown)):
            for j in (i, i + 1, i + cols, i + cols + 1):
                if state[j] == UNKNOWN:
                    changed |= self.set(j, LAND)
        return changed

    def _penalty(self) -> bool:
        """The penalty (see the module's docstring): the border corners that land touches, the
        2x2 blocks of land and those of land diagonally between sea spend at most the slack;
        where it is spent, no block becomes one, and land touches no other border corner."""
        if self.slack is None:
            return False
        state, border = self.state, self.border
        touched = {v for i, corners in border.items() if state[i] == LAND for v in corners}
        a, b, c, d = self._array()[self.block_cells]
        codes = 27 * a + 9 * b + 3 * c + d
        left = self.slack - len(touched) - int(_SPENT[codes].sum())
        if left < 0:
            raise Contradiction
        changed = False
        if left == 0:
            for k in np.flatnonzero(_FORCING[codes]):
                for j, value in _FORCED[codes[k]]:
                    changed |= self.set(self.blocks[k][j], value)
        for i, corners in border.items():
            if state[i] == UNKNOWN and len(set(corners) - touched) > left:
                changed |= self.set(i, SEA)
        return changed

    def _islands(self) -> bool:
        """Each land group holding a number is that number's island (kept in `owned`, and the
        unknown cells beside each island alone in `beside`, for `_reach`, as this rule changes
        no land); a group holding two numbers is a contradiction; a complete island is walled
        in by sea; a cell next to two islands is sea. Land groups as bits, kept from the last
        run (`_groups_of`). Only land changes what it finds: where no cell has become land since
        its last run, it has nothing to do (a cell of `beside` made sea since is no island's:
        `_only` and `_reach` read it so)."""
        if self.islands_at == self.lands:
            return False
        _, land, unknown = self._masks()
        groups = self._groups_of(land, self.land_groups)
        self.land_groups = land, groups
        self.owned: dict[int, int] = {}
        around: dict[int, int] = {}
        seen = twice = walls = 0
        for group in groups:
            numbers = group & self.clue_bits
            if not numbers:
                continue
            if numbers & (numbers - 1):
                raise Contradiction  # land joins two numbers' islands
            k = self.clue_of[numbers.bit_length() - 1]
            self.owned[k] = group
            nearby = self._step(group) & unknown
            size, count = self.sizes[k], group.bit_count()
            if size is not None and count >= size:
                if count > size:
                    raise Contradiction
                walls |= nearby
            else:
                around[k] = nearby
                twice |= seen & nearby
                seen |= nearby
        sea = walls | twice
        self.beside = {k: nearby & ~sea for k, nearby in around.items()}
        changed = False
        for j in indices(sea):
            changed |= self.set(j, SEA)
        self.islands_at = self.lands
        return changed

    def _only(self) -> list[int]:
        """Per cell, the one island it could join (a land cell's island, an unknown cell beside
        one island), ANY, or NONE (sea: `_islands` made a cell beside two islands sea)."""
        only = [NONE if s == SEA else ANY for s in self.state]
        for k, group in self.owned.items():  # every land cell of an island, by `_islands`
            for i in indices(group):
                only[i] = k
        for k, nearby in self.beside.items():
            for j in indices(nearby):
                if only[j] == ANY:
                    only[j] = k
        return only

    def _reach(self) -> bool:
        """Which unfinished islands can reach which cells, within their remaining size: a
        breadth-first search from each island, a layer of cells per step, as bits of an
        integer (cell i, bit i): a layer's next holds its cells' neighbours that the island
        may hold (cells no island holds nor is beside, and its own: `_only`) and that it has
        not reached yet."""
        sizes, n = self.sizes, len(self.state)
        sea = self._masks()[0]
        owned = 0  # the land cells of every island
        for group in self.owned.values():
            owned |= group
        beside = {k: nearby & ~sea for k, nearby in self.beside.items()}  # beside k alone
        alone = 0  # ... and those of every island
        for nearby in beside.values():
            alone |= nearby
        anyone = self.all_cells & ~(sea | owned | alone)
        reached_any = owned  # the cells some island reaches: its own, and the searches'
        # for `_owed` and `_island_cuts`: island -> its layers (its cells first) and their
        # cells, None where it is complete
        self.reach: dict[int, tuple[list[int], int] | None] = {}
        changed = False
        for k, group in self.owned.items():
            size = sizes[k]
            left = n if size is None else size - group.bit_count()
            if not left:
                self.reach[k] = None
                continue
            layers, reached = self._searched(k, group, anyone | beside.get(k, 0), left)
            self.reach[k] = layers, reached
            reached_any |= reached
            if size is not None:  # a `?` island may be complete at any size
                changed |= self._grow(size, reached.bit_count(), layers[1])
        return self._unreached(reached_any | sea) or changed

    def _searched(self, k: int, start: int, within: int, steps: int) -> tuple[list[int], int]:
        """Island k's breadth-first search (`_layers`), or its last one where that is the same:
        from the same cells, as many steps, and `within` the same on the cells it reached and
        their neighbours, the only cells a search looks at. Kept by island and shared by the
        board's copies: a probe changes cells near it, and most islands are far from it."""
        last = self.searches.get(k)
        if last is not None and last[0] == start and last[1] == steps:
            _, _, layers, reached, looked, seen = last
            if within & looked == seen:
                return layers, reached
        layers, reached = self._layers(start, within, steps)
        looked = reached | self._step(reached)
        self.searches[k] = start, steps, layers, reached, looked, within & looked
        return layers, reached

    def _reached(self, k: int) -> tuple[list[int], list[int]]:
        """The cells island k reaches (`_reach`, last run on this state), its own first, and
        their distances from it."""
        reach = self.reach[k]
        if reach is None:  # complete
            cells = indices(self.owned[k])
            return cells, [0] * len(cells)
        layers, _ = reach
        found: list[int] = []
        steps: list[int] = []
        for d, layer in enumerate(layers):
            cells = indices(layer)
            found += cells
            steps += [d] * len(cells)
        return found, steps

    def _grow(self, size: int, reachable: int, frontier: int) -> bool:
        """An unfinished island of `size` cells that reaches `reachable` cells (its own among
        them), `frontier` those next to it (bits, `_reach`): it cannot grow to its size when
        they are too few or none is next to it; it grows through the one cell next to it when
        there is one."""
        if reachable < size or not frontier:
            raise Contradiction
        if frontier.bit_count() == 1 and self.state[frontier.bit_length() - 1] == UNKNOWN:
            return self.set(frontier.bit_length() - 1, LAND)
        return False

    def _unreached(self, reached: int) -> bool:
        """The cells not among the bits of `reached` (those some island reaches, and the sea)
        are sea: land there is a contradiction."""
        state, changed = self.state, False
        for i in indices(self.all_cells & ~reached):
            if state[i] == LAND:
                raise Contradiction  # land that no island can hold
            changed |= self.set(i, SEA)
        return changed

    def _owed(self) -> bool:
        """Where a 2x2 block without land can be reached by one island only (it holds a cell
        of the block, or the block is all sea), that island's reach narrows to the cells it
        can hold as well (`_toward`). Runs on the reach `_reach` found last (the board has not
        changed since: `propagate` calls it once the other rules are done). The cells each
        island reaches, and the blocks they touch, as bits (`_touch`)."""
        state = self.state
        land = self._masks()[1]
        seen = many = 0  # the cells some island reaches, and those two or more reach
        reaches = {}
        for k, reach in self.reach.items():
            cells = self.owned[k] if reach is None else reach[1]
            many |= seen & cells
            seen |= cells
            reaches[k] = cells
        # the blocks without land, without a cell two islands reach, touched by one island
        candidates = self._touch(seen) & ~self._touch(land | many)
        once = twice = 0
        touched = {}
        for k, cells in reaches.items():
            touched[k] = self._touch(cells) & candidates
            twice |= once & touched[k]
            once |= touched[k]
        owed = [
            (blocks & -blocks, k, blocks)
            for k, t in touched.items()
            if self.sizes[k] is not None and (blocks := t & ~twice)
        ]
        if not owed:
            return False
        only = self._only()
        changed = False
        for _, k, blocks in sorted(owed):  # by their first block, in reading order
            found, steps = self._reached(k)
            dist = dict(zip(found, steps, strict=True))
            for i in indices(blocks):
                self._toward(k, (i, i + 1, i + self.cols, i + self.cols + 1), dist, only)
            alone = reaches[k] & ~many  # the cells no other island reaches
            for j in found:
                if j not in dist and alone >> j & 1:
                    if state[j] == LAND:
                        raise Contradiction
                    if state[j] == UNKNOWN:
                        changed |= self.set(j, SEA)
            frontier = sum(1 << j for j, d in dist.items() if d == 1)
            changed |= self._grow(self.sizes[k], len(dist), frontier)
        return changed

    def _touch(self, cells: int) -> int:
        """The 2x2 blocks holding a cell of `cells` (bits), each as the bit of its top left
        cell (a cell not in the last row or column)."""
        cols = self.cols
        return (cells | cells >> 1 | cells >> cols | cells >> (cols + 1)) & self.corners

    def _toward(
        self, k: int, block: tuple[int, ...], dist: dict[int, int], only: list[int]
    ) -> None:
        """Island k must reach a cell of `block`: drop from its reach (`dist`, the distance from
        the island in new cells) each cell x that it cannot also hold. A connected island
        holding its cells G, x and a cell b of the block adds at least half of d(G,x) + d(G,b)
        + d(x,b) new cells (a tree joining three points uses each of its edges on at most two
        of the three paths between them), and at most `left`."""
        left = self.sizes[k] - self.owned[k].bit_count()
        to_block = min(dist.get(b, self.rows * self.cols) for b in block)
        if to_block > left:
            raise Contradiction  # cannot happen: the block was reached
        # d(x,B) <= d(G,x) + d(G,B), so only a cell x farther than left - d(G,B) can be dropped:
        # where none is (a large island's reach, 994 cells of a 32x32), the search is skipped
        if max(dist.values()) <= left - to_block:
            return
        near, most = self.near, 2 * left - to_block  # d(G,x) + d(x,B) at most this
        group = self.owned[k]
        cells = indices(group)
        back = {b: 0 for b in block if only[b] in (ANY, k)}
        found, anyone = list(back), ANY
        for i in found:  # the distance to the block through cells island k may hold, its
            d = back[i] + 1  # cells G as one (the distances are those of G taken as a point)
            if d > most:
                continue
            for j in near[i]:
                if j not in back and (only[j] == k or only[j] == anyone):
                    joined = cells if group >> j & 1 else [j]
                    for q in joined:
                        back[q] = d
                    found += joined
        for x in [x for x, d in dist.items() if d > 0 and d + back.get(x, most) > most]:
            del dist[x]

    def spread(self) -> float:
        """The unknown cells per unfinished island (after a propagation)."""
        sizes = self.sizes
        unfinished = [
            k for k, g in self.owned.items() if sizes[k] is None or g.bit_count() < sizes[k]
        ]
        return self.state.count(UNKNOWN) / max(1, len(unfinished))

    def frontier(self) -> list[int]:
        """The unknown cells next to each unfinished island and, where the sea is in more than
        one group, next to each group of sea (each must grow through one of them), those of
        the island or group with the fewest first (where a guess meets the rules soonest), for
        the search (`deduce`). Reads the islands the last propagation found (it ended with
        nothing to change)."""
        return self._borders(seas=True)

    def island_frontier(self) -> list[int]:
        """The unknown cells next to each unfinished island, those of the island with the
        fewest first: `frontier` without the groups of sea."""
        return self._borders(seas=False)

    def tightest_island(self) -> list[int]:
        """The unknown cells next to each unfinished island, those of the island with the
        least room first: the fewest cells its reach (`_reach`, last run on this state) holds
        beyond its own, per cell it still needs (a guess beside it meets the rules soonest);
        among islands with as much room, the one with the fewest such cells first. An island
        whose size is not given has room without end."""
        return self._borders(seas=False, room=True)

    def _room(self, k: int, group: int) -> float:
        """Island k's room (`tightest_island`): what its reach holds beyond its cells `group`,
        per cell it still needs."""
        size, reach = self.sizes[k], self.reach.get(k)
        if size is None or reach is None:
            return float("inf")
        owned = group.bit_count()
        return (reach[1].bit_count() - owned) / (size - owned)

    def _borders(self, seas: bool, room: bool = False) -> list[int]:
        sizes = self.sizes
        sea, _, unknown = self._masks()
        borders: list[tuple[float, int, int, int, list[int]]] = []
        for k, group in self.owned.items():
            if sizes[k] is None or group.bit_count() < sizes[k]:
                cells = indices(self._step(group) & unknown)
                first = self._room(k, group) if room else 0.0
                borders.append((first, len(cells), 0, k, cells))
        groups = self._seas(sea) if seas and sea else []
        if len(groups) > 1:
            for k, group in enumerate(groups):
                cells = indices(self._step(group) & unknown)
                borders.append((0.0, len(cells), 1, k, cells))
        return [i for *_, cells in sorted(borders) for i in cells]

    def _sea(self) -> bool:
        """The sea is one group: see the module's docstring. (Its groups and the cells they
        reach as bits of an integer, as in `_reach`.)"""
        sea, _, unknown = self._masks()
        if not sea:
            return False
        changed = False
        # one group of sea and unknown cells holds every sea cell
        region = self._flood(sea & -sea, sea | unknown)
        if sea & ~region:
            raise Contradiction
        if self.sea_size is not None and region.bit_count() < self.sea_size:
            raise Contradiction
        for i in indices(unknown & ~region):
            changed |= self.set(i, LAND)
        seas = self._seas(sea)
        total = sea.bit_count()
        if self.small_sea and self._sea_reach([indices(g) for g in seas], self.sea_size - total):
            return True
        if len(seas) == 1 and (self.sea_size is None or total >= self.sea_size):
            return changed  # the sea need not grow
        # a group's one way out, each found before any is taken: taking one does not change
        # another group's ways out (a cell next to that group would be one of them)
        ways_out = 0
        for group in seas:
            exits = self._step(group) & unknown
            if not exits:
                raise Contradiction
            if exits.bit_count() == 1:
                ways_out |= exits
        for j in indices(ways_out):
            changed |= self.set(j, SEA)
        return changed

    def _seas(self, sea: int) -> list[int]:
        """The groups of sea cells (bits), in the order of their first cells, kept from those
        `_sea` last looked at on this board or the board it was copied from (`_groups_of`)."""
        groups = self._groups_of(sea, self.sea_groups)
        self.sea_groups = sea, groups
        return groups

    def _step(self, cells: int) -> int:
        """The neighbours of cells (bits of an integer, cell i bit i), a step left or right
        keeping to its row."""
        return (
            (cells << 1 & self.not_first)
            | (cells >> 1 & self.not_last)
            | (cells << self.cols & self.all_cells)
            | cells >> self.cols
        )

    def _flood(self, start: int, within: int) -> int:
        """The cells of `within` joined to `start` (bits) through cells of `within`."""
        return self._layers(start, within, len(self.state))[1]

    def _layers(self, start: int, within: int, steps: int) -> tuple[list[int], int]:
        """A breadth-first search from the cells `start` into the cells `within` (bits), of
        at most `steps` steps: its layers (`start` the first) and every cell it reached."""
        grid, not_first, not_last, cols = self.all_cells, self.not_first, self.not_last, self.cols
        layers, found, layer = [start], start, start
        while layer and len(layers) <= steps:  # `_step`, written out: the hot loop
            layer = (
                (layer << 1 & not_first)
                | (layer >> 1 & not_last)
                | (layer << cols & grid)
                | layer >> cols
            ) & (within & ~found)
            found |= layer
            layers.append(layer)
        return layers, found

    def _sea_reach(self, seas: list[list[int]], left: int) -> bool:
        """The sea's reach (its size known, `left` sea cells still to place): a path within
        the sea from a group of sea cells to any other sea cell crosses at most `left` cells
        not yet sea, so an unknown cell farther than that from any group (sea cells free to
        cross, land closed) is land, and a sea cell that far is a contradiction. Where the sea
        is the small part of a grid of large islands, a probe's one sea cell makes the land
        around it beyond the sea's reach."""
        state, near, n = self.state, self.near, len(self.state)
        if left >= state.count(UNKNOWN):
            return False  # no path crosses more unknown cells than there are
        changed = False
        for group in seas:
            dist = [n] * n
            for i in group:
                dist[i] = 0
            queue = deque(group)
            while queue:  # a breadth-first search where sea cells cost 0 and unknown cells 1
                i = queue.popleft()
                d = dist[i]
                for j in near[i]:
                    s = state[j]
                    if s == LAND:
                        continue
                    e = d + (s == UNKNOWN)
                    if e < dist[j] and e <= left:
                        dist[j] = e
                        if s == UNKNOWN:
                            queue.append(j)
                        else:
                            queue.appendleft(j)
            for i, s in enumerate(state):
                if dist[i] > left:
                    if s == SEA:
                        raise Contradiction
                    if s == UNKNOWN:
                        changed |= self.set(i, LAND)
        return changed

    def _cut(self) -> bool:
        """The sea is one group, seen through its cut cells: an unknown cell whose removal
        splits the sea and unknown cells around the sea so that sea cells lie on two sides, or
        that leaves the side holding the sea smaller than the sea's size, is sea."""
        state = self.state
        start = next((i for i, s in enumerate(state) if s == SEA), None)
        if start is None:
            return False
        open_ = [s != LAND for s in state]
        total, sea_total, cut_off = self._articulations(start, open_, SEA)
        most, changed = self.sea_size, False
        for u, parts in cut_off.items():
            rest = total - 1 - sum(s for s, _ in parts)
            sides = [(rest, sea_total - sum(c for _, c in parts)), *parts]
            holding = [s for s, c in sides if c]
            if len(holding) > 1 or (most is not None and holding[0] < most):
                changed |= self.set(u, SEA)
        return changed

    def _island_cuts(self) -> bool:
        """Each unfinished island, seen through its cut cells: an unknown cell whose removal
        leaves the island's side of the cells it reaches (`_reach`, last run on this state)
        smaller than its size is land. The island lies within those cells and is connected,
        so without that cell it would hold at most that side. What an island's reach gives is
        kept by its cells and their states, in a store the board's copies share (`Kept`): the
        search meets most islands' reaches again unchanged."""
        sizes, changed = self.sizes, False
        land = self._masks()[1]
        for k, reach in self.reach.items():
            size = sizes[k]
            if size is None or reach is None:
                continue
            _, reached = reach
            low = (reached & -reached).bit_length() - 1  # the key from its first cell on:
            key = (k, low, reached >> low, (reached & land) >> low)  # cells, those of land
            needed = self.island_cuts.get(key)
            if needed is None:
                needed = self._island_cut_cells(self._reached(k)[0], size)
                self.island_cuts.put(key, needed, reached.bit_count())
            for u in needed:
                changed |= self.set(u, LAND)
        return changed

    def _island_cut_cells(self, found: list[int], size: int) -> list[int]:
        """The unknown cells among `found` (an unfinished island's reach, its own cells first)
        without which the island's side of them holds fewer than `size` cells."""
        open_ = [False] * len(self.state)
        for j in found:
            open_[j] = True
        total, _, cut_off = self._articulations(found[0], open_, LAND)
        return [u for u, parts in cut_off.items() if total - 1 - sum(s for s, _ in parts) < size]

    def _articulations(
        self, start: int, open_: list[bool], value: int
    ) -> tuple[int, int, dict[int, list[tuple[int, int]]]]:
        """The group of open cells holding `start`, seen through its unknown cut cells: its
        cells, its cells of `value`, and per unknown cell whose removal cuts cells off `start`'s
        side, the (cells, cells of `value`) of each part it cuts off. One depth-first search
        (Tarjan's low points) with the cells below each cell counted."""
        state, near, n = self.state, self.near, len(self.state)
        disc = [-1] * n
        low = [0] * n
        size = [1] * n
        marked = [0] * n
        disc[start], marked[start] = 0, int(state[start] == value)
        cut_off: dict[int, list[tuple[int, int]]] = {}
        stack = [(start, -1, iter(near[start]))]
        count = 1
        while stack:
            u, parent, it = stack[-1]
            for v in it:
                if not open_[v] or v == parent:
                    continue
                if disc[v] < 0:
                    disc[v] = low[v] = count
                    count += 1
                    marked[v] = int(state[v] == value)
                    stack.append((v, u, iter(near[v])))
                    break
                if disc[v] < low[u]:
                    low[u] = disc[v]
            else:
                stack.pop()
                if parent >= 0:
                    if low[u] < low[parent]:
                        low[parent] = low[u]
                    size[parent] += size[u]
                    marked[parent] += marked[u]
                    if low[u] >= disc[parent] and state[parent] == UNKNOWN:
                        cut_off.setdefault(parent, []).append((size[u], marked[u]))
        return size[start], marked[start], cut_off


def _spends(block: list[int]) -> bool:
    """Whether a block's states (a b / c d) spend of the penalty: four land cells, or two land
    cells diagonally between two sea cells."""
    if block.count(LAND) == 4:
        return True
    a, b, c, d = block
    return (a == d == LAND and b == c == SEA) or (b == c == LAND and a == d == SEA)


def _block_penalties() -> tuple[np.ndarray, list[list[tuple[int, int]]]]:
    """Per block of four states (a b / c d, numbered 27a + 9b + 3c + d): whether it spends of the
    penalty, and where it is one unknown cell short of spending, that cell (0-3) and the state it
    must take so that it does not."""
    spent, forced = np.zeros(81, dtype=np.intp), []
    for code in range(81):
        block = [code // 27, code // 9 % 3, code // 3 % 3, code % 3]
        spent[code] = _spends(block)
        must = []
        if not spent[code] and block.count(UNKNOWN) == 1:
            k = block.index(UNKNOWN)
            for value, other in ((SEA, LAND), (LAND, SEA)):
                if _spends([*block[:k], value, *block[k + 1 :]]):
                    must.append((k, other))
        forced.append(must)
    return spent, forced


_SPENT, _FORCED = _block_penalties()
_FORCING = np.array([bool(f) for f in _FORCED])


def _edge(r: int, c: int, rows: int, cols: int) -> bool:
    """Whether the corner (r, c) of cells lies on the grid's border."""
    return r in (0, rows) or c in (0, cols)


PROBE_RADIUS = 4  # a probed cell is probed again once a cell this near it is decided


def _probe(board: Board, work: int) -> None:
    """Probing (`probing.probe`) with the trials' propagation short of the penalty and the
    blocks owed (`Board.counting`), which then run once; another round where they decide
    more and work is left."""
    while work > 0:
        board.counting = False
        work -= probing.probe(board, work, radius=PROBE_RADIUS)
        board.counting = True
        unknown = board.state.count(UNKNOWN)
        board.propagate()
        if board.state.count(UNKNOWN) in (0, unknown):
            return


def island_searches(board: Board) -> list[probing.Start]:
    """The two searches over the islands' borders that `deduce` races (see the module's
    docstring): single propagations beside the island with the least room, and probing nodes
    beside the island with the fewest cells next to it, each from a copy of `board`."""
    return [
        (board.copy(), False, Board.tightest_island),
        (board.copy(), True, Board.island_frontier),
    ]


def deduce(
    rows: int,
    cols: int,
    clues: Mapping[Cell, int | None],
    work: int,
    search_work: int = 0,
    search_spread: float = 0.0,
    ways_out: bool = True,
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells that are sea and the cells that are land in every answer, by the rules and
    then by probing each unknown cell next to a decided one both ways (`probed`). Then, where
    unfinished islands have at least `search_spread` unknown cells each to spread into, the
    depth-first search within `search_work` (`searching`), which decides the grid whole where
    it ends with exactly one answer. None when the rules leave no answer."""
    try:
        board = probed(rows, cols, clues, work)
        search = searching(board, search_work, search_spread, ways_out)
        found = None if search is None else probing.walked(search)
    except Contradiction:
        return None
    return found or decided(board)


def probed(rows: int, cols: int, clues: Mapping[Cell, int | None], work: int) -> Board:
    """The board after the rules and probing each unknown cell next to a decided one both ways
    (`solver.deduce.probing`, while the probes' work, the grid's cells once a probe, stays
    within `work`): where one way propagates to a contradiction, the other holds. Raises
    Contradiction when the rules leave no answer."""
    board = Board(rows, cols, clues)
    board.propagate()
    _probe(board, work)
    return board


def searching(
    board: Board, work: int, spread: float, ways_out: bool = True
) -> Generator[int, None, tuple[set[Cell], set[Cell]] | None] | None:
    """The searches over the islands' borders from `board` (`island_searches`, racing within
    `work`; then, told `ways_out`, the one over the sea's ways out as well, within half that),
    a propagation at a time (`probing.racing`): the sea and the land of the one answer where a
    search ends with exactly one; None (nothing decided) where it finds two or runs out of
    work; Contradiction where it finds none. None instead of a search where no cell is unknown,
    or the unfinished islands have fewer than `spread` unknown cells each (`Board.spread`)."""
    if UNKNOWN not in board.state or not work or board.spread() < spread:
        return None
    board.cuts = True
    return _searched(board, work, ways_out)


def _searched(
    board: Board, work: int, ways_out: bool
) -> Generator[int, None, tuple[set[Cell], set[Cell]] | None]:
    found = yield from probing.racing(island_searches(board), work)
    if found is None and ways_out:
        rest = probing.racing([(board.copy(), True, Board.frontier)], work // 2)
        while found is None:
            try:
                spent = next(rest)
            except StopIteration as end:
                if end.value is None:
                    return None
                found = end.value
            else:
                yield work + spent
    return None if found is None else decided(found)


def decided(board: Board) -> tuple[set[Cell], set[Cell]]:
    """The board's cells of sea and of land."""
    cols = board.cols
    sea = {divmod(i, cols) for i, s in enumerate(board.state) if s == SEA}
    land = {divmod(i, cols) for i, s in enumerate(board.state) if s == LAND}
    return sea, land
