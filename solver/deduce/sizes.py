"""Regions of side-by-side equal numbers, each as large as its number (fillomino): the numbers
each cell can still hold, narrowed by rules that hold in every answer, then by probing and a
depth-first search.

The board keeps, for each number n, the set of cells that can still hold n as the bits of one
integer (`can`), so a board is a handful of integers: copied in a step, and its groups and
reaches are floods over whole rows of bits at a time. A cell with one number left is decided;
the decided cells with equal numbers side by side are groups. The rules, for each number whose
cells changed (a queue of numbers), until none is left:

- a group of n with more than n cells breaks the rules; one of exactly n cells is complete, and
  no cell beside it holds n;
- a group of n with fewer cells grows: a cell beside it holds n; with one such cell left, that
  cell holds n, with none the rules are broken; and a cell beside it without which the cells
  within reach of the group are fewer than n holds n (the group's only way on); where the
  reach holds at most TIGHT more cells than n, so does any cell of the reach without which
  it falls below n (the region cannot go round it);
- a group of g cells of n reaches at most n - g steps through the cells that can hold n, a
  cell beside another group of h cells of n at most n - g - h steps (the region then holds
  that group too), and where fewer than n cells lie within that reach the rules are broken;
- groups of n far enough apart lie in as many regions (`apart`), and their cells count
  towards the cells of the regions of decided groups; where what is left has room for no
  other region of n, each other group of n shares a region with one of those it can reach,
  so its reach is only the cells within reach of it and one of them together;
- no cell holds n where the groups of n beside it, joined through it, would make more than n
  cells;
- a cell holds n only within the reach of a group of n, or in a part of at least n cells that
  can hold n and touch no decided n (a region of n without a decided cell lies there), and only
  while such a region fits in the cells the decided groups' regions leave (`spare`).

Probing (`probe`) tries each number of each undecided cell, and takes it out where the rules
then break; its work counts the numbers each try propagates and the flood steps they take,
within the genre's budget. A depth-first search (`search`) over the same rules then looks for
the answers, to the second; it also goes a node at a time (`searching`, a generator that
yields its work so far), so that another search can take turns with it
(`solver.deduce.probing.first`).
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from solver import limits
from solver.blocks.geometry import Cell
from solver.deduce.probing import walked

TIGHT = 5
"""A group's reach of at most n + TIGHT cells has each of its cells tested (is it one the region
cannot do without?), a wider one only the cells beside the group: a tight reach is where
taking out a cell further on leaves too few, and each test is a flood. On the fillomino timeouts
of the puzzlekit benchmark (`benchmarks.benchmark_puzzlekit --time-limit 10`), 5 and 12 prove the
same puzzles, and a test of every reach's cells runs out of the probes' work first."""


class Contradiction(Exception):
    """The board breaks a rule: no answer has it."""


class _Grid:
    """The cells as bits: cell (r, c) is bit r * width + c, with one column more than the
    widest row so that a shift by one never wraps from one row into the next."""

    def __init__(self, cells: list[Cell]) -> None:
        self.cells = sorted(cells)
        self.width = max(c for _, c in self.cells) + 2
        self.bit = {(r, c): 1 << (r * self.width + c) for r, c in self.cells}
        self.all = sum(self.bit.values())

    def near(self, x: int) -> int:
        """The cells beside the cells of x (and not in x)."""
        w = self.width
        return ((x << 1) | (x >> 1) | (x << w) | (x >> w)) & self.all & ~x

    def cell(self, b: int) -> Cell:
        return divmod(b.bit_length() - 1, self.width)

    def cells_of(self, x: int) -> list[Cell]:
        """The cells of x, in order (its bits read at once, as bytes)."""
        raw = np.frombuffer(x.to_bytes((x.bit_length() + 7) // 8, "little"), np.uint8)
        places = np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist()
        return [divmod(b, self.width) for b in places]


def _bits(x: int):
    while x:
        b = x & -x
        yield b
        x ^= b


class Board:
    def __init__(self, dom: dict[Cell, set[int]]) -> None:
        self.grid = _Grid(list(dom))
        self.can: dict[int, int] = {}
        for cell, d in dom.items():
            for n in d:
                self.can[n] = self.can.get(n, 0) | self.grid.bit[cell]
        self.work = 0  # numbers propagated and flood steps taken by `propagate`
        self.spare = len(dom)  # at least the cells the decided groups' regions leave
        # the queue: for each number whose cells changed, the cells (all at first)
        self.dirty: dict[int, int] = dict.fromkeys(self.can, self.grid.all)
        self.decided = 0  # the cells with one number left, as of the last count
        self.lost = self.grid.all  # the cells that lost a number since the last count
        self.grouped: dict[int, list[int]] = {}  # the groups of n at its last propagation
        self.counted: dict[int, int] = {}  # at least the cells of their regions
        self.apart: dict[int, list[int]] = {}  # groups of n in as many regions, as counted
        self.reach: dict[int, dict[int, int]] = {}  # each unfinished group of n: its reach
        # the unfinished groups of n as grouped: each group, its cells, the cells beside it
        self.unfinished: dict[int, list[tuple[int, int, int]]] = {}
        # the parts of the cells where a region of n without a decided n may lie, as last
        # flooded: for each part's first seed, the part and the flood's steps (`_roomy`)
        self.rooms: dict[int, dict[int, tuple[int, int]]] = {}

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.grid = self.grid
        other.can = dict(self.can)
        other.work = 0
        other.spare = self.spare
        other.dirty = dict(self.dirty)
        other.decided = self.decided
        other.lost = self.lost
        other.grouped = dict(self.grouped)
        other.counted = dict(self.counted)
        other.apart = dict(self.apart)
        other.reach = dict(self.reach)
        other.unfinished = dict(self.unfinished)
        other.rooms = dict(self.rooms)
        return other

    @property
    def dom(self) -> dict[Cell, set[int]]:
        """The numbers each cell can still hold."""
        found: dict[Cell, set[int]] = {cell: set() for cell in self.grid.cells}
        for n, x in sorted(self.can.items()):
            for cell in self.grid.cells_of(x):
                found[cell].add(n)
        return found

    def numbers(self, cell: Cell) -> list[int]:
        b = self.grid.bit[cell]
        return sorted(n for n, x in self.can.items() if x & b)

    def remove(self, cell: Cell, n: int) -> bool:
        return self._remove(self.grid.bit[cell], n)

    def fix(self, cell: Cell, n: int) -> bool:
        return self._fix(self.grid.bit[cell], n)

    def _remove(self, x: int, n: int) -> bool:
        """Takes n out of the cells of x."""
        have = self.can.get(n, 0)
        if not have & x:
            return False
        self.can[n] = have & ~x
        self.lost |= have & x
        self.dirty[n] = self.dirty.get(n, 0) | (have & x)
        return True

    def _fix(self, b: int, n: int) -> bool:
        if not self.can.get(n, 0) & b:
            raise Contradiction
        changed = False
        for m, x in self.can.items():
            if m != n and x & b:
                self.can[m] = x & ~b
                self.lost |= b
                self.dirty[m] = self.dirty.get(m, 0) | b
                changed = True
        if changed:
            self.dirty[n] = self.dirty.get(n, 0) | b
        return changed

    def _count(self) -> None:
        """The decided cells; a cell without a number breaks the rules; the numbers of the
        cells decided since the last count are queued (their groups changed). Only the cells
        that lost a number since then are counted again: the others are as they were."""
        lost = self.lost
        if not lost:
            return
        self.lost = 0
        one = two = 0
        for x in self.can.values():
            x &= lost
            two |= one & x
            one |= x
        if lost & ~one:
            raise Contradiction
        new = one & ~two & ~self.decided
        decided = self.decided | new
        if new:
            for n, x in self.can.items():
                if x & new:
                    self.dirty[n] = self.dirty.get(n, 0) | (x & new)
        self.decided = decided

    def groups(self, n: int) -> list[int]:
        """The groups of n: the parts of the decided cells holding n."""
        return self._parts(self.can.get(n, 0) & self.decided)

    def _parts(self, x: int) -> list[int]:
        found = []
        while x:
            part = x & -x
            while True:
                more = part | (self.grid.near(part) & x)
                self.work += 1
                if more == part:
                    break
                part = more
            found.append(part)
            x &= ~part
        return found

    def _reach(self, g: int, within: int, steps: int, others: list[tuple[int, int, int]]) -> int:
        """The cells of `within` that a region of a group g can reach: at most `steps` steps
        from g, through `within`; and a cell beside another group of h cells not reached yet
        (`others`: the group, the cells beside it, h; the furthest h first) only within
        `steps` - h steps, as the region then holds that group too (its cells are not on the
        way, being further)."""
        w = self.grid.width
        within &= self.grid.all
        seen = g
        if not others:
            for _ in range(steps):
                more = seen | (((seen << 1) | (seen >> 1) | (seen << w) | (seen >> w)) & within)
                self.work += 1
                if more == seen:
                    break
                seen = more
            return seen
        later = list(others)
        blocked: list[tuple[int, int]] = []  # the groups whose cells beside are too far now
        for d in range(1, steps + 1):
            while later and steps - later[-1][2] < d:
                group, beside, _ = later.pop()
                blocked.append((group, beside))
            out = 0
            if blocked:
                blocked = [(group, beside) for group, beside in blocked if not group & seen]
                for _, beside in blocked:
                    out |= beside
            more = seen | (((seen << 1) | (seen >> 1) | (seen << w) | (seen >> w)) & within & ~out)
            self.work += 1
            if more == seen:
                break
            seen = more
        return seen

    def propagate(self) -> None:
        """The rules, for each number queued, until the queue is empty; `work` counts."""
        limits.check_time()
        self._count()
        while True:
            while self.dirty:
                n = min(self.dirty)
                self.work += 1
                self._number(n, self.dirty.pop(n))
                self._count()
            spare = len(self.grid.cells) - sum(self.counted.values())
            if spare >= self.spare:
                return
            for n in self.can:
                if spare < n <= self.spare:
                    self.dirty.setdefault(n, 0)
            self.spare = spare

    def _number(self, n: int, changed: int) -> None:
        """The rules for n, its cells `changed` since it was last propagated: a group whose
        reach (`reach`) and cells beside it hold none of them keeps its reach and has nothing
        new to give (its floods would take the same steps)."""
        near = self.grid.near
        if n in self.grouped and not changed & self.can.get(n, 0) & self.decided:
            groups = self.grouped[n]  # no cell decided n since: the groups are as they were
        else:
            groups = self.groups(n)
        kept = self.grouped.get(n) == groups  # else every group's reach is flooded again
        if not kept:  # (kept groups were checked and walled in when they were found)
            self.grouped[n] = groups
            self.apart[n] = self._apart(n, groups)
            self.counted[n] = n * len(self.apart[n])
            for g in groups:
                k = g.bit_count()
                if k > n:
                    raise Contradiction
                if k == n:
                    self._remove(near(g), n)
            # the unfinished groups, smallest first (`_reach` blocks the largest first), and
            # the cells beside each
            self.unfinished[n] = [
                (g, k, near(g)) for k, g in sorted((g.bit_count(), g) for g in groups) if k < n
            ]
        can = self.can.get(n, 0)
        held = can & self.decided
        open_ = can & ~held
        rest = self.unfinished[n]
        beside_of = [(g, around & can, k) for g, k, around in rest]
        known, reach = self.reach.get(n, {}) if kept else {}, {}
        reached = 0
        once = twice = 0  # the open cells beside one group of n, beside two or more
        apart = self.apart.get(n, [])
        # no room for a region of n besides those of the groups apart: each other group's
        # region holds one of them
        short = len(self.grid.cells) - sum(self.counted.values()) < n
        for i, (g, k, around) in enumerate(rest):
            exits = beside_of[i][1]
            twice |= once & exits
            once |= exits
            if g in known and not changed & (known[g] | around):
                reach[g] = known[g]
                reached |= known[g]
                continue
            if not exits:
                raise Contradiction
            others = beside_of[:i] + beside_of[i + 1 :]
            if others:  # only the groups within the group's plain reach can block a step
                plain = self._reach(g, can, n - k, [])
                others = [o for o in others if (o[0] | o[1]) & plain]
            ways: list[int] = []
            if short and g not in apart:
                ways = [
                    a
                    for a in apart
                    if k + a.bit_count() <= n
                    and self._reach(g, can, n + 1 - k - a.bit_count(), []) & a
                ]
                if not ways:
                    raise Contradiction
            ball = self._region_reach(g, k, n, can, others, ways)
            if ball.bit_count() < n:
                raise Contradiction
            reach[g] = ball
            reached |= ball
            if exits & (exits - 1) == 0:
                self._fix(exits, n)
                continue
            tests = exits if ball.bit_count() > n + TIGHT else ball & ~held
            for b in _bits(tests):
                if self._region_reach(g, k, n, can & ~b, others, ways).bit_count() < n:
                    self._fix(b, n)
        self.reach[n] = reach
        for b in _bits(twice):  # no cell joins groups of n into more than n cells
            if 1 + sum(k for _, exits, k in beside_of if exits & b) > n:
                self._remove(b, n)
        alone = open_ & ~reached  # cells of n only in a region without a decided n
        if not alone:
            return
        free = open_ & ~near(held)
        roomy = 0
        if n == 1 <= self.spare:
            roomy = free
        elif 1 < n <= self.spare:
            roomy = self._roomy(n, alone & free, free)
        self._remove(alone & ~roomy, n)

    def _roomy(self, n: int, seeds: int, free: int) -> int:
        """The parts of `free` with a cell of `seeds` and at least n cells. The cells where a
        region of n may lie only shrink as the board is narrowed, so a part flooded before
        whose cells are all still free is a part still: it is taken as it was, its flood's
        steps counted again (the work is the floods' as if each were taken)."""
        roomy = 0
        known = self.rooms.get(n, {})
        found: dict[int, tuple[int, int]] = {}
        while seeds:
            seed = seeds & -seeds
            part, steps = known.get(seed, (0, 0))
            if part and not part & ~free:
                self.work += steps
            else:
                before = self.work
                part = self._reach(seed, free, len(self.grid.cells), [])
                steps = self.work - before
            found[seed] = (part, steps)
            if part.bit_count() >= n:
                roomy |= part
            seeds &= ~part
        self.rooms[n] = found
        return roomy

    def _region_reach(
        self,
        g: int,
        k: int,
        n: int,
        within: int,
        others: list[tuple[int, int, int]],
        ways: list[int],
    ) -> int:
        """The cells of `within` that the region of a group g of k cells of n can reach
        (`_reach`); with `ways`, groups of n one of which the region holds, only the cells
        within reach of g and one of them together (their cells and the steps between them
        are at most n)."""
        ball = self._reach(g, within, n - k, others)
        if ways:
            union = 0
            for a in ways:
                rest = [o for o in others if o[0] != a]
                union |= self._reach(g | a, within, n - k - a.bit_count(), rest)
            ball &= union
        return ball

    def _apart(self, n: int, groups: list[int]) -> list[int]:
        """Groups of n that lie in as many regions (of n cells each): two groups whose cells
        and the steps between them make more than n are in different regions (picked
        greedily, the larger groups first)."""
        if len(groups) < 2:
            return list(groups)
        apart: list[tuple[int, int]] = []
        for a in sorted(groups, key=int.bit_count, reverse=True):
            ka = a.bit_count()
            if apart:  # the cells within s steps of a, for s up to n - ka
                layers = [a]
                for _ in range(n + 1 - ka - min(kb for _, kb in apart)):
                    layers.append(layers[-1] | self.grid.near(layers[-1]))
                    self.work += 1
                if any(layers[n + 1 - ka - kb] & b for b, kb in apart if n + 1 - ka - kb > 0):
                    continue
            apart.append((a, ka))
        return [a for a, _ in apart]

    def undecided(self) -> list[Cell]:
        one = two = 0
        for x in self.can.values():
            two |= one & x
            one |= x
        return self.grid.cells_of(two)


def probe(board: Board, work: int) -> None:
    """Each number of each undecided cell tried, the smallest domains first, pass after pass
    while a pass takes a number out, within `work` (`Board.work`); a number whose try breaks
    the rules is taken out (and the board propagated)."""
    board.propagate()
    spent = board.work
    progress = True
    while progress and spent < work:
        progress = False
        order = sorted(board.undecided(), key=lambda c: (len(board.numbers(c)), c))
        for cell in order:
            for n in board.numbers(cell):
                if spent >= work or len(board.numbers(cell)) == 1:
                    break
                if n not in board.numbers(cell):
                    continue
                trial = board.copy()
                try:
                    trial.fix(cell, n)
                    trial.propagate()
                except Contradiction:
                    board.remove(cell, n)
                    board.work = 0
                    board.propagate()
                    spent += board.work
                    progress = True
                spent += trial.work


def search(board: Board, work: int, grow_first: bool = True) -> Board | None:
    """Depth-first search for the board's answers, to the second. Each node is propagated, then
    split in two on one number n of one cell: the cell holds n, or it does not. The cell is an
    undecided one with the fewest numbers left (beside a decided cell where one is), n its
    least; with `grow_first`, a group too small with no more cells to grow through than that
    grows first (its first such cell, n its number): its region has to go on, so this settles
    the regions of the givens first. A split whose two ways both failed (the last conflict)
    comes first at every node after where it is still open, until another one fails: where a
    decision further up caused the failure, each node below it fails at once (as in
    `solver.deduce.probing`'s search). Every step is the rules' propagation, so a branch
    ends only where no answer has it, and a board with every cell decided is an answer.

    Returns the one answer's board when the search ends with exactly one (it is then unique);
    raises Contradiction when it ends with none; None when it finds a second or its work
    (`Board.work` of the propagations) exceeds `work`: then it has decided nothing."""
    return walked(searching(board, work, grow_first))


def searching(
    board: Board, work: int, grow_first: bool = True
) -> Generator[int, None, Board | None]:
    """`search` a node at a time: yields the work spent so far before each node."""
    found: list[Board] = []
    spent = 0
    stack = [board]
    conflict: tuple[int, int] | None = None
    while stack:
        yield spent
        node = stack.pop()
        split = _split(node, grow_first)
        if split is not None and conflict is not None and _open(node, *conflict):
            split = conflict
        if split is None:
            found.append(node)
            if len(found) > 1:
                return None
            continue
        b, n = split
        children = []
        for holds in (True, False):
            child = node.copy()
            try:
                if holds:
                    child._fix(b, n)
                else:
                    child._remove(b, n)
                child.propagate()
            except Contradiction:
                continue
            finally:
                spent += child.work
            children.append(child)
        if spent > work:
            return None
        if not children:
            conflict = (b, n)
        stack += reversed(children)
    if not found:
        raise Contradiction
    return found[0]


def _open(board: Board, b: int, n: int) -> bool:
    """Whether the cell (its bit b) may still hold n and another number."""
    return bool(board.can.get(n, 0) & b) and any(m != n and x & b for m, x in board.can.items())


def _split(board: Board, grow_first: bool) -> tuple[int, int] | None:
    """The cell (its bit) and number the search splits on (`search`); None when every cell is
    decided."""
    levels = [0, 0, 0, 0]  # cells with at least 1, 2, 3, 4 numbers
    for x in board.can.values():
        for i in range(3, 0, -1):
            levels[i] |= levels[i - 1] & x
        levels[0] |= x
    if not levels[1]:
        return None
    beside = board.grid.near(board.decided)
    best_size, cell = 0, 0
    pairs = zip(levels[1:], [*levels[2:], 0], strict=True)
    for size, (at_least, more) in enumerate(pairs, start=2):
        exact = at_least & ~more  # the last: four numbers or more
        if exact:
            pick = exact & beside or exact
            best_size, cell = size, pick & -pick
            break
    if grow_first:
        best: tuple[int, int, int] | None = None
        for n in sorted(board.can):
            if n == 1:
                continue
            can = board.can[n]
            for g in board._parts(can & board.decided):
                if g.bit_count() >= n:
                    continue
                exits = board.grid.near(g) & can
                k = exits.bit_count()
                if exits and (best is None or k < best[0]):
                    best = (k, exits & -exits, n)
        if best is not None and best[0] <= best_size:
            return best[1], best[2]
    n = min(m for m, x in board.can.items() if x & cell)
    return cell, n
