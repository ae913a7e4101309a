"""Sound deductions for lines of cells whose shaded runs have given lengths in order (nonogram's
rows and columns), made before the solve.

A line's clue is a small automaton: its runs written out as the cells they shade, with one
unshaded cell between two runs, and any number of unshaded cells before, between and after
them. Reading the line's decided cells forward and backward through it (`settle_line`) gives,
for each unknown cell, the values it can take in some placement of the runs that agrees with
the decided cells: a cell that can take only one takes it, and a line that no placement fits
has no answer. `RunsBoard` does this for every line whose cells changed, until none does, and
fits `solver.deduce.probing`'s board (cells of two states), so that probing and its depth-first
search decide what the lines alone leave open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

import numpy as np

from solver.deduce import probing
from solver.deduce.probing import Contradiction

UNKNOWN, (SHADED, UNSHADED) = probing.UNKNOWN, probing.VALUES


def settle_line(runs: Sequence[int], line: Sequence[int]) -> list[int]:
    """The line with every cell that all placements of `runs` agreeing with it decide alike
    set (SHADED or UNSHADED; UNKNOWN where placements differ). Raises Contradiction where no
    placement agrees with it.

    The automaton's states are the symbols read so far (bit j of an int: j read), so a step
    over every state at once is a few operations on ints: a shaded cell moves the states
    before a run cell on by one, an unshaded cell those before a gap, and keeps those where a
    run may start or has ended (`free`)."""
    shade = gap = 0
    j = 0
    for k, length in enumerate(runs):
        if k:
            gap |= 1 << j
            j += 1
        shade |= ((1 << length) - 1) << j
        j += length
    end = 1 << j
    free = end | 1 | (gap << 1)
    ahead = [1]  # the states after each prefix of the line
    for cell in line:
        here, there = ahead[-1], 0
        if cell != UNSHADED:
            there |= (here & shade) << 1
        if cell != SHADED:
            there |= ((here & gap) << 1) | (here & free)
        ahead.append(there)
    if not ahead[-1] & end:
        raise Contradiction
    back = end  # the states from which the rest of the line can end
    out = [UNKNOWN] * len(line)
    for i in range(len(line) - 1, -1, -1):
        cell, before = line[i], ahead[i]
        on = (back >> 1) & shade if cell != UNSHADED else 0
        off = ((back >> 1) & gap) | (back & free) if cell != SHADED else 0
        can_on, can_off = bool(before & on), bool(before & off)
        out[i] = SHADED if not can_off else UNSHADED if not can_on else UNKNOWN
        back = on | off
    return out


class RunsBoard:
    """A grid of cells numbered r * cols + c, its rows' and columns' clues; `state` per cell,
    `near` its neighbours (where probing looks), the lines whose cells changed (`todo`), and
    what `settle_line` changed in each line for the cells it was given (`settled`, shared by
    the board's copies: probing and the search meet the same line again and again, and
    settling it is most of their time)."""

    def __init__(self, row_runs: Sequence[Sequence[int]], col_runs: Sequence[Sequence[int]]):
        rows, cols = len(row_runs), len(col_runs)
        self.rows, self.cols = rows, cols
        self.lines = [
            (tuple(runs), [r * cols + c for c in range(cols)]) for r, runs in enumerate(row_runs)
        ]
        self.lines += [
            (tuple(runs), [r * cols + c for r in range(rows)]) for c, runs in enumerate(col_runs)
        ]
        self.crossing = [(i // cols, rows + i % cols) for i in range(rows * cols)]
        self.near = [
            [
                (r + dr) * cols + c + dc
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
            for r, c in (divmod(i, cols) for i in range(rows * cols))
        ]
        # per line, its cells' states read off `state` as a tuple
        self.read = [
            itemgetter(*cells) if len(cells) > 1 else _one(cells[0]) for _, cells in self.lines
        ]
        # per cell, its neighbours' cells, padded with the cell count (`frontier`)
        n = rows * cols
        self.padded = np.array([near + [n] * (4 - len(near)) for near in self.near], dtype=int)
        self.state = [UNKNOWN] * n
        self.todo = set(range(len(self.lines)))
        # per (line, its cells' states): the cells settle_line changes and their new states,
        # or None where no placement fits
        self.settled: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]] | None] = {}

    def copy(self) -> RunsBoard:
        other = object.__new__(RunsBoard)
        other.__dict__.update(self.__dict__)
        other.state, other.todo = self.state[:], set(self.todo)
        return other

    def set(self, i: int, value: int) -> bool:
        """Make cell i shaded or unshaded; False if it was so already."""
        if self.state[i] == value:
            return False
        if self.state[i] != UNKNOWN:
            raise Contradiction
        self.state[i] = value
        self.todo.update(self.crossing[i])
        return True

    def propagate(self) -> None:
        """Settle each line whose cells changed, until none is left."""
        state, settled, todo = self.state, self.settled, self.todo
        while todo:
            k = todo.pop()
            key = (k, self.read[k](state))
            changes = settled.get(key, False)
            if changes is False:
                runs, cells = self.lines[k]
                line = key[1]
                try:
                    out = settle_line(runs, line)
                    changes = [
                        (i, now) for i, was, now in zip(cells, line, out, strict=True) if now != was
                    ]
                except Contradiction:
                    changes = None
                if len(settled) >= SETTLED_MOST:
                    settled.clear()
                settled[key] = changes
            if changes is None:
                raise Contradiction
            for i, now in changes:
                self.set(i, now)

    def frontier(self) -> list[int]:
        """For the search: the unknown cells with the most decided neighbours (the first of
        them where as many have), a few."""
        state = np.array(self.state)
        n = len(state)
        known = np.append(state != UNKNOWN, False)
        key = (4 - known[self.padded].sum(axis=1)) * n + np.arange(n)  # (fewest unknown, first)
        key[known[:n]] = 5 * n
        return [int(i) for i in np.argsort(key, kind="stable")[:FRONTIER] if key[i] < 5 * n]


def _one(cell: int) -> Callable[[list[int]], tuple[int]]:
    """`itemgetter` for a line of one cell: its state as a tuple of one."""
    return lambda state: (state[cell],)


SETTLED_MOST = 100_000  # the lines `RunsBoard.settled` keeps at most (some 75 MB of 30 cells)
FRONTIER = 4  # the cells the search probes at each node, and branches on the first of


def deduce(
    row_runs: Sequence[Sequence[int]],
    col_runs: Sequence[Sequence[int]],
    work: int,
    search_work: int = 0,
) -> RunsBoard | None:
    """The board after the lines, probing every unknown cell within `work` (the grid's cells
    once a probe: where the lines decide nothing, no cell is next to a decided one, and a
    probe far from them decides as often) and,
    where cells are left, a depth-first search within `search_work`, which decides the grid
    whole where it ends with exactly one answer. None where the clues leave no answer."""
    try:
        board = RunsBoard(row_runs, col_runs)
        board.propagate()
        if UNKNOWN in board.state:
            probing.probe(board, work, everywhere=True, agree=True)
        if UNKNOWN in board.state and search_work:
            board = probing.search(board, search_work, RunsBoard.frontier) or board
    except Contradiction:
        return None
    return board
