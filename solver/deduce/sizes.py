"""Regions of side-by-side equal numbers, each as large as its number (fillomino): the numbers
each cell can still hold, narrowed by rules that hold in every answer, then by probing.

The board keeps a set of numbers per cell (`dom`). A cell with one number left is decided; the
decided cells with equal numbers side by side are groups. The rules, until nothing changes:

- a group of n with more than n cells breaks the rules; one of exactly n cells is complete, and
  no cell beside it holds n;
- a group of n with fewer cells grows: a cell beside it holds n; with one such cell left, that
  cell holds n, with none the rules are broken;
- a cell holds n only inside a part of at least n cells that can all hold n (`reach`), and not
  where the groups of n beside it, joined through it, would make more than n cells.

Probing (`probe`) tries each number of each undecided cell, and takes it out where the rules
then break; its work counts the cells each try touches, within the genre's budget.
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
        self.dirty: set[int] = set().union(*dom.values())  # numbers whose cells changed

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.dom = {c: set(d) for c, d in self.dom.items()}
        other.near = self.near
        other.work = 0
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
        self.dirty |= d - {n}
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
                self.work += len(self.dom)
                can = {c for c, d in self.dom.items() if n in d}
                for part in _parts(can, self.near):
                    if len(part) < n:
                        for c in part:
                            changed |= self.remove(c, n)
            changed |= bool(self.dirty)

    def undecided(self) -> list[Cell]:
        return [c for c, d in self.dom.items() if len(d) > 1]


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
