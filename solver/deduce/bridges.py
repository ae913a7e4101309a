"""Bridges between islands (hashiwokakero): each pair of islands that see each other carries 0,
1 or 2 bridges, an island's number is the sum over its pairs, two pairs that cross never both
carry one, and every island reaches every other.

The board keeps the bounds (lo, hi) of each pair's bridges and propagates the rules:

- an island's number: each pair carries at least the number less what its other pairs can carry,
  and at most the number less what they must carry;
- a pair that carries a bridge leaves the pairs crossing it none;
- the islands are one group: the pairs that may carry a bridge join every island; a group that the
  sure bridges join, whose islands need no more, is every island; and a pair between two such
  groups does not carry the bridges that would close them off from the rest;

then probing tries every value of every open pair, keeping the values whose propagation meets no
contradiction, and what holds after every one of them. Every rule holds in every answer, so what
the board decides holds in every answer. The work is counted in pairs: each probe's propagation
counts the puzzle's pairs, never seconds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver import limits
from solver.deduce.probing import Contradiction

FREE = 1 << 20  # what an island without a number may still take: more than any pair holds


@dataclass(frozen=True)
class Graph:
    """The islands (each its number, or None where it is not given), the pairs of islands that
    see each other (island indices), and for each pair the pairs that cross it."""

    numbers: Sequence[int | None]
    pairs: Sequence[tuple[int, int]]
    crossing: Sequence[Sequence[int]]

    def at(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in self.numbers]
        for k, (a, b) in enumerate(self.pairs):
            out[a].append(k)
            out[b].append(k)
        return out


class Board:
    """Each pair's bounds on its bridges, `lo[k] <= bridges <= hi[k]`."""

    def __init__(self, graph: Graph, at: list[list[int]], lo: list[int], hi: list[int]) -> None:
        self.graph, self.at, self.lo, self.hi = graph, at, lo, hi

    @classmethod
    def start(cls, graph: Graph) -> Board:
        def most(i: int) -> int:
            n = graph.numbers[i]
            return FREE if n is None else n

        hi = [min(2, most(a), most(b)) for a, b in graph.pairs]
        return cls(graph, graph.at(), [0] * len(hi), hi)

    def copy(self) -> Board:
        return Board(self.graph, self.at, list(self.lo), list(self.hi))

    def fix(self, k: int, lo: int, hi: int) -> None:
        """Narrow pair k to lo..hi and propagate."""
        todo: list[int] = []
        self._narrow(k, lo, hi, todo)
        self.propagate(todo)

    def open(self) -> list[int]:
        return [k for k in range(len(self.lo)) if self.lo[k] < self.hi[k]]

    def _narrow(self, k: int, lo: int, hi: int, todo: list[int]) -> bool:
        lo, hi = max(lo, self.lo[k]), min(hi, self.hi[k])
        if lo > hi:
            raise Contradiction
        if (lo, hi) == (self.lo[k], self.hi[k]):
            return False
        crossed = lo >= 1 > self.lo[k]
        self.lo[k], self.hi[k] = lo, hi
        todo.extend(self.graph.pairs[k])
        if crossed:
            for q in self.graph.crossing[k]:
                self._narrow(q, 0, 0, todo)
        return True

    def propagate(self, todo: list[int] | None = None) -> None:
        """The rules until nothing changes, from the islands `todo` (None: every island);
        Contradiction where they break."""
        if todo is None:
            todo = list(range(len(self.graph.numbers)))
        while True:
            while todo:
                self._island(todo.pop(), todo)
            if not self._groups(todo):
                return

    def _island(self, i: int, todo: list[int]) -> None:
        n = self.graph.numbers[i]
        if n is None:
            return
        pairs = self.at[i]
        low = sum(self.lo[k] for k in pairs)
        high = sum(self.hi[k] for k in pairs)
        if low > n or high < n:
            raise Contradiction
        for k in pairs:
            self._narrow(k, n - (high - self.hi[k]), n - (low - self.lo[k]), todo)
            low = sum(self.lo[q] for q in pairs)
            high = sum(self.hi[q] for q in pairs)

    def _groups(self, todo: list[int]) -> bool:
        """The islands as one group; True where a pair was narrowed."""
        numbers, pairs = self.graph.numbers, self.graph.pairs
        count = len(numbers)
        if count < 2:
            return False
        possible = _Union(count)
        sure = _Union(count)
        for k, (a, b) in enumerate(pairs):
            if self.hi[k] >= 1:
                possible.join(a, b)
            if self.lo[k] >= 1:
                sure.join(a, b)
        if possible.size(0) < count:
            raise Contradiction  # some island cannot be reached
        left: dict[int, int] = {}  # per sure group, the bridges its islands still take
        for i, n in enumerate(numbers):
            take = FREE if n is None else n - sum(self.lo[k] for k in self.at[i])
            root = sure.find(i)
            left[root] = left.get(root, 0) + take
        for root, take in left.items():
            if take == 0 and sure.size(root) < count:
                raise Contradiction  # a group closed off from the rest
        changed = False
        for k, (a, b) in enumerate(pairs):
            ra, rb = sure.find(a), sure.find(b)
            if ra == rb or self.hi[k] == 0:
                continue
            if sure.size(ra) + sure.size(rb) == count:
                continue
            if left[ra] + left[rb] == 2 * self.hi[k]:  # hi bridges would close the two off
                changed |= self._narrow(k, 0, self.hi[k] - 1, todo)
        return changed


class _Union:
    def __init__(self, n: int) -> None:
        self.up = list(range(n))
        self.count = [1] * n

    def find(self, i: int) -> int:
        while self.up[i] != i:
            self.up[i] = self.up[self.up[i]]
            i = self.up[i]
        return i

    def join(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a != b:
            if self.count[a] < self.count[b]:
                a, b = b, a
            self.up[b] = a
            self.count[a] += self.count[b]

    def size(self, i: int) -> int:
        return self.count[self.find(i)]


def probe(board: Board, work: int) -> int:
    """Try each value of each open pair, pass after pass while a pass narrows one: the values
    whose propagation meets a contradiction go, and every pair keeps only the bounds some
    remaining value leaves it. Stops when the probes' work (the pairs once a probe) exceeds
    `work`; raises Contradiction where no value of a pair holds. Returns the work spent."""
    n = len(board.lo)
    spent, progress = 0, True
    while progress and spent < work:
        progress = False
        for k in board.open():
            if spent >= work or board.lo[k] == board.hi[k]:
                continue
            limits.check_time()
            trials = []
            for v in range(board.lo[k], board.hi[k] + 1):
                spent += n
                trial = board.copy()
                try:
                    trial.fix(k, v, v)
                except Contradiction:
                    continue
                trials.append(trial)
            if not trials:
                raise Contradiction
            lo = [min(t.lo[q] for t in trials) for q in range(n)]
            hi = [max(t.hi[q] for t in trials) for q in range(n)]
            if lo != board.lo or hi != board.hi:
                board.lo, board.hi = lo, hi
                board.propagate()
                progress = True
    return spent


def decide(graph: Graph, work: int) -> Board | None:
    """The board after propagation and probing within `work`; None where the rules meet a
    contradiction (no answer: the solve says so)."""
    board = Board.start(graph)
    try:
        board.propagate()
        probe(board, work)
    except Contradiction:
        return None
    return board
