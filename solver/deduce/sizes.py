"""Regions of side-by-side equal numbers, each as large as its number (fillomino): the numbers
each cell can still hold, narrowed by rules that hold in every answer, then by probing.

The board keeps a set of numbers per cell (`dom`). A cell with one number left is decided; the
decided cells with equal numbers side by side are groups. The rules, until nothing changes:

- a group of n with more than n cells breaks the rules; one of exactly n cells is complete, and
  no cell beside it holds n;
- a group of n with fewer cells grows: a cell beside it holds n; with one such cell left, that
  cell holds n, with none the rules are broken;
- a cell holds n only inside a part of at least n cells that can all hold n, and not where the
  groups of n beside it, joined through it, would make more than n cells;
- a cell holds n only within n - |g| steps of a group g of n (through cells that can hold n), or
  in a part of at least n cells that can hold n and touch no decided n (a region of n without a
  decided cell lies there) (`unreachable`).

Probing (`probe`) tries each number of each undecided cell, and takes it out where the rules
then break; its work counts the cells each try touches, within the genre's budget. A depth-first
search (`search`) over the same rules then looks for the answers, to the second.
"""

from __future__ import annotations

from collections.abc import Iterable

from solver import limits
from solver.blocks.geometry import ORTHOGONAL, Cell


class Contradiction(Exception):
    """The board breaks a rule: no answer has it."""


class Board:
    def __init__(self, dom: dict[Cell, set[int]]) -> None:
        self.dom = dom
        self.near = {c: [q for q in _around(c) if q in dom] for c in dom}
        self.work = 0  # cells looked at by `propagate`
        self.spare = len(dom)  # at least the cells the decided groups' regions leave
        self.dirty: set[int] = set().union(*dom.values())  # numbers whose cells changed

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.dom = {c: set(d) for c, d in self.dom.items()}
        other.near = self.near
        other.work = 0
        other.spare = self.spare
        other.dirty = set(self.dirty)
        return other

    def remove(self, cell: Cell, n: int) -> bool:
        d = self.dom[cell]
        if n not in d:
            return False
        d.discard(n)
        self.dirty.add(n)
        if not d:
            raise Contradiction
        return True

    def fix(self, cell: Cell, n: int) -> bool:
        d = self.dom[cell]
        if n not in d:
            raise Contradiction
        if len(d) == 1:
            return False
        self.dirty |= d
        self.dom[cell] = {n}
        return True

    def groups(self) -> list[tuple[int, list[Cell]]]:
        """The decided cells' groups of equal numbers."""
        seen: set[Cell] = set()
        found = []
        for c, d in self.dom.items():
            if len(d) != 1 or c in seen:
                continue
            n = next(iter(d))
            group, k = [c], 0
            seen.add(c)
            while k < len(group):
                for q in self.near[group[k]]:
                    if q not in seen and self.dom[q] == {n}:
                        seen.add(q)
                        group.append(q)
                k += 1
            found.append((n, group))
        return found

    def propagate(self) -> None:
        """The rules until nothing changes, counting the cells looked at in `work`."""
        changed = True
        while changed:
            limits.check_time()
            changed = False
            groups = self.groups()
            self.work += len(self.dom)
            self.spare = len(self.dom) - _region_cells(groups)
            group_of: dict[Cell, int] = {}
            for k, (n, group) in enumerate(groups):
                for c in group:
                    group_of[c] = k
                if len(group) > n:
                    raise Contradiction
                beside = {q for c in group for q in self.near[c] if q not in group}
                if len(group) == n:
                    for q in beside:
                        changed |= self.remove(q, n)
                    continue
                grow = [q for q in beside if n in self.dom[q]]
                if not grow:
                    raise Contradiction
                if len(grow) == 1:
                    changed |= self.fix(grow[0], n)
            # a cell joining the groups of n beside it: too many cells
            for n, group in groups:
                for c in {q for g in group for q in self.near[g]}:
                    d = self.dom[c]
                    if len(d) == 1 or n not in d:
                        continue
                    ks = {group_of[q] for q in self.near[c] if q in group_of}
                    size = 1 + sum(len(groups[k][1]) for k in ks if groups[k][0] == n)
                    if size > n:
                        changed |= self.remove(c, n)
            values, self.dirty = self.dirty, set()
            for n in sorted(values):
                if n == 1:
                    continue
                for c in self.unreachable(n):
                    changed |= self.remove(c, n)
            changed |= bool(self.dirty)

    def unreachable(self, n: int) -> list[Cell]:
        """The undecided cells that can hold n but lie in no region of n cells: a region lies
        in a part of at least n cells that can hold n; its decided cells of n, if any, are
        whole groups, and a region holding a group g reaches at most n - |g| steps beyond g; a
        region without one lies in the cells that can hold n and touch no decided n, so in one
        of their parts of at least n cells."""
        can: set[Cell] = set()
        held: set[Cell] = set()
        for c, d in self.dom.items():
            if n in d:
                (can if len(d) > 1 else held).add(c)
        self.work += len(self.dom)
        small = {c for part in _parts(can | held, self.near) if len(part) < n for c in part}
        reached: set[Cell] = set()
        for group in _parts(held, self.near):
            if len(group) >= n:
                continue
            seen = set(group)
            ring = list(group)
            for _ in range(n - len(group)):
                step = []
                for c in ring:
                    for q in self.near[c]:
                        if q not in seen and n in self.dom[q]:
                            seen.add(q)
                            step.append(q)
                self.work += len(ring)
                ring = step
                if not ring:
                    break
            reached |= seen
        touching = {c for c in can if any(q in held for q in self.near[c])}
        alone = [c for c in can if c not in reached]
        free = can - touching
        out = [c for c in can if c in small or (c in touching and c not in reached)]
        sizes: dict[Cell, int] = {}
        for part in _parts(free, self.near):
            for c in part:
                sizes[c] = len(part)
        short = n > self.spare
        out += [c for c in alone if c in free and (short or sizes[c] < n) and c not in small]
        return out

    def undecided(self) -> list[Cell]:
        return [c for c, d in self.dom.items() if len(d) > 1]


def _region_cells(groups: list[tuple[int, list[Cell]]]) -> int:
    """At least this many cells lie in the regions of the groups: two groups of n whose cells
    and the steps between them make more than n are in different regions of n cells (picked
    greedily, the larger groups first)."""
    total = 0
    by_number: dict[int, list[list[Cell]]] = {}
    for n, group in groups:
        by_number.setdefault(n, []).append(group)
    for n, found in by_number.items():
        apart: list[list[Cell]] = []
        for a in sorted(found, key=len, reverse=True):
            if all(len(a) + len(b) + _distance(a, b) - 1 > n for b in apart):
                apart.append(a)
        total += n * len(apart)
    return total


def _distance(a: list[Cell], b: list[Cell]) -> int:
    return min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p in a for q in b)


def _around(cell: Cell) -> Iterable[Cell]:
    r, c = cell
    return ((r + dr, c + dc) for dr, dc in ORTHOGONAL)


def _parts(cells: set[Cell], near: dict[Cell, list[Cell]]) -> list[list[Cell]]:
    seen: set[Cell] = set()
    found = []
    for c in cells:
        if c in seen:
            continue
        part, k = [c], 0
        seen.add(c)
        while k < len(part):
            for q in near[part[k]]:
                if q in cells and q not in seen:
                    seen.add(q)
                    part.append(q)
            k += 1
        found.append(part)
    return found


def probe(board: Board, work: int) -> None:
    """Each number of each undecided cell tried, the smallest domains first, pass after pass
    while a pass takes a number out, within `work` (cells looked at); a number whose try breaks
    the rules is taken out (and the board propagated)."""
    board.propagate()
    spent = board.work
    progress = True
    while progress and spent < work:
        progress = False
        for cell in sorted(board.undecided(), key=lambda c: (len(board.dom[c]), c)):
            for n in sorted(board.dom[cell]):
                if spent >= work or len(board.dom[cell]) == 1:
                    break
                if n not in board.dom[cell]:
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
    split in two on one number n of one cell: the cell holds n, or it does not. The cell is the
    undecided one with the fewest numbers left (beside a decided cell where one is), n the
    least; with `grow_first`, a group too small with no more cells to grow through than that
    grows first (the first of its cells, n its number): its region has to go on, so this
    settles the regions of the givens first. The two orders suit different puzzles
    (`solver.genres.fillomino` tries both). Every step is the rules' propagation, so a branch
    ends only where no answer has it, and a board with every cell decided is an answer.

    Returns the one answer's board when the search ends with exactly one (it is then unique);
    raises Contradiction when it ends with none; None when it finds a second or its work (cells
    looked at by the propagations) exceeds `work`: then it has decided nothing."""
    found: list[Board] = []
    spent = 0
    stack = [board]
    while stack:
        node = stack.pop()
        split = _split(node, grow_first)
        if split is None:
            found.append(node)
            if len(found) > 1:
                return None
            continue
        cell, n = split
        children = []
        for holds in (True, False):
            child = node.copy()
            try:
                if holds:
                    child.fix(cell, n)
                else:
                    child.remove(cell, n)
                child.propagate()
            except Contradiction:
                continue
            finally:
                spent += child.work
            children.append(child)
        if spent > work:
            return None
        stack += reversed(children)
    if not found:
        raise Contradiction
    return found[0]


def _split(board: Board, grow_first: bool) -> tuple[Cell, int] | None:
    """The cell and number the search splits on (`search`); None when every cell is decided."""
    open_cells = board.undecided()
    if not open_cells:
        return None

    def rank(c: Cell) -> tuple[int, bool, Cell]:
        beside = any(len(board.dom[q]) == 1 for q in board.near[c])
        return (len(board.dom[c]), not beside, c)

    cell = min(open_cells, key=rank)
    if grow_first:
        best: tuple[int, Cell, int] | None = None
        for n, group in board.groups():
            if len(group) >= n:
                continue
            inside = set(group)
            grow = {q for c in group for q in board.near[c] if q not in inside}
            grow = {q for q in grow if n in board.dom[q]}
            if grow and (best is None or len(grow) < best[0]):
                best = (len(grow), min(grow), n)
        if best is not None and best[0] <= len(board.dom[cell]):
            return best[1], best[2]
    return cell, min(board.dom[cell])
