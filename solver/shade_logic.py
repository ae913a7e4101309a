"""Sound deductions for kurodoko's shading, made before the solve.

Kurodoko's model is solved as a MIP; its sightlines are many rows (a binary per cell a number
may see), and a generated 20x20 took two HiGHS searches of 0.2 s each. The rules decide most or
all cells of a puzzle the way a person solves it, and what they decide holds in every answer,
so fixing those cells keeps the model exact (its answers are the same) and makes the search
trivial; where they decide every cell, no uniqueness search is needed (`pipeline._all_fixed`).

State: every cell is shaded, unshaded or unknown; numbered cells are unshaded. `propagate`
applies, until nothing changes:
- shaded cells never touch: a shaded cell's neighbours are unshaded;
- a number n sees n cells, itself included: looking along each of its four rays, it sees at
  least the unshaded cells next to it in a row (`lo`) and at most the cells up to the first
  shaded one (`hi`). So n lies between 1 + the sum of the lo and 1 + the sum of the hi (or
  there is no answer); a ray must show at least n - 1 - (the other rays' hi) cells, which are
  unshaded; and a ray that may show only its lo (n - 1 - the other rays' lo) ends there: the
  cell after its unshaded run is shaded;
- the unshaded cells are connected: the unshaded and unknown cells hang together (or there is
  no answer), and an unknown cell without which two unshaded cells would fall apart (a cut
  vertex, Tarjan's algorithm) is unshaded.
`deduce` then tries each unknown cell next to a decided one both ways (probing): where one
way propagates to a contradiction, the other holds. What it returns holds in every answer; when
the rules contradict themselves (a puzzle with no answer) it returns nothing, and the solve
says so.

Measured (this machine, cells decided / seconds): kurodoko-2 of tests/data/large 100/100 in
0.004 s; generated 15x15 to 25x25 (`tests/generators/kurodoko.py`, seeds 1 and 2) whole in
0.01-0.05 s, where the rules alone decide 30-45 % (one 25x25 97 %); penpa-edit's four 9x9 to
12x12 whole but one (32/100, a puzzle of few numbers)."""

from __future__ import annotations

from collections.abc import Mapping

from solver import limits
from solver.geometry import Cell, neighbours

UNKNOWN, SHADED, UNSHADED = 0, 1, 2
RAYS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Contradiction(Exception):
    """The state breaks a rule: no answer has it."""


class Board:
    """Cells numbered r * cols + c; `state` per cell, and the cells whose rules to look at again
    (`todo`: a cell set since the rules last looked)."""

    def __init__(self, rows: int, cols: int, clues: Mapping[Cell, int | None]) -> None:
        self.rows, self.cols, n = rows, cols, rows * cols
        self.near = [
            [r2 * cols + c2 for r2, c2 in neighbours(rows, cols, *divmod(i, cols))]
            for i in range(n)
        ]
        self.numbers = {r * cols + c: v for (r, c), v in clues.items() if v is not None}
        self.rays: dict[int, list[list[int]]] = {}  # per number, its four rays, each cut
        self.watchers: list[list[int]] = [[] for _ in range(n)]  # at n cells: it sees fewer
        for i, v in self.numbers.items():
            r, c = divmod(i, cols)
            rays = []
            for dr, dc in RAYS:
                ray = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < rows and 0 <= cc < cols and len(ray) < v:
                    ray.append(rr * cols + cc)
                    rr, cc = rr + dr, cc + dc
                rays.append(ray)
                for j in ray:
                    self.watchers[j].append(i)
            self.rays[i] = rays
        self.state = [UNKNOWN] * n
        self.todo: list[int] = []
        for r, c in clues:
            self.set(r * cols + c, UNSHADED)
        for i in self.numbers:
            self._sight(i)

    def copy(self) -> Board:
        other = object.__new__(Board)
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
        return True

    def propagate(self) -> None:
        """The local rules for every cell set, then the connection; again while it sets one."""
        while True:
            self._local()
            if not self._connected():
                return

    # --- the rules ------------------------------------------------------------------------

    def _local(self) -> None:
        """Apart and the numbers, for each cell set until none is left to look at."""
        state, todo = self.state, self.todo
        while todo:
            i = todo.pop()
            if state[i] == SHADED:
                for j in self.near[i]:
                    self.set(j, UNSHADED)
            for k in self.watchers[i]:
                self._sight(k)

    def _sight(self, k: int) -> None:
        """The number at cell k sees it (see the module's docstring)."""
        n, state, rays = self.numbers[k], self.state, self.rays[k]
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
                self.set(j, UNSHADED)
            if n - (least - a) == a and a < len(ray):  # it may show only its run
                self.set(ray[a], SHADED)

    def _connected(self) -> bool:
        """The unshaded cells hang together through unshaded and unknown cells; an unknown cut
        vertex between unshaded cells is unshaded. True when that set a cell."""
        state, near, n = self.state, self.near, len(self.state)
        start = next((i for i in range(n) if state[i] == UNSHADED), None)
        if start is None:
            return False
        total = state.count(UNSHADED)
        order = [-1] * n  # depth-first discovery order, -1 not reached
        low = [0] * n  # the lowest order reachable from the subtree through one back edge
        below = [0] * n  # unshaded cells in the subtree
        order[start], below[start], count = 0, 1, 1
        stack = [(start, -1, iter(near[start]))]
        cuts = []
        while stack:
            v, parent, edges = stack[-1]
            for w in edges:
                if state[w] == SHADED:
                    continue
                if order[w] < 0:
                    order[w] = low[w] = count
                    count += 1
                    below[w] = state[w] == UNSHADED
                    stack.append((w, v, iter(near[w])))
                    break
                if w != parent and order[w] < low[v]:
                    low[v] = order[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    below[u] += below[v]
                    # u cuts v's subtree off; unshaded cells on both sides (the start's side
                    # holds the start, an unshaded cell)
                    if low[v] >= order[u] and state[u] == UNKNOWN and below[v]:
                        cuts.append(u)
        if below[start] < total:
            raise Contradiction  # unshaded cells that cannot meet
        changed = False
        for u in cuts:
            changed |= self.set(u, UNSHADED)
        return changed


# Probing's budget, counted in cells of the grid per probe (as `island_logic.PROBE_WORK`), so
# that what `deduce` decides is the same on every machine. Measured (probes x cells to the
# fixpoint): kurodoko-2 3 thousand, generated 15x15 to 25x25 4-32 thousand, penpa-edit's 2-30
# thousand.
PROBE_WORK = 150_000


def deduce(
    rows: int, cols: int, clues: Mapping[Cell, int | None], work: int = PROBE_WORK
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and the cells unshaded in every answer, by the rules and then by
    probing each unknown cell next to a decided one both ways (while the probes' work, the
    grid's cells once a probe, stays within `work`): where one way propagates to a
    contradiction, the other holds. None when the rules leave no answer."""
    try:
        board = Board(rows, cols, clues)
        board.propagate()
        spent, each = 0, rows * cols
        progress = True
        while progress and spent < work:
            progress = False
            for i in range(rows * cols):
                if board.state[i] != UNKNOWN or spent >= work:
                    continue
                if all(board.state[j] == UNKNOWN for j in board.near[i]):
                    continue  # probes far from every decided cell seldom decide anything
                limits.check_time()
                for guess, other in ((SHADED, UNSHADED), (UNSHADED, SHADED)):
                    spent += each
                    if not _holds(board, i, guess):
                        board.set(i, other)
                        board.propagate()
                        progress = True
                        break
    except Contradiction:
        return None
    shaded = {divmod(i, cols) for i, s in enumerate(board.state) if s == SHADED}
    unshaded = {divmod(i, cols) for i, s in enumerate(board.state) if s == UNSHADED}
    return shaded, unshaded


def _holds(board: Board, i: int, guess: int) -> bool:
    """Whether making cell i `guess` propagates without a contradiction."""
    trial = board.copy()
    try:
        trial.set(i, guess)
        trial.propagate()
    except Contradiction:
        return False
    return True
