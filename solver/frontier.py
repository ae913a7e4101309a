"""Frontier search: every way of joining pairs of labelled cells of a grid by lines, counted
exactly, cell by cell (a dynamic program over the grid's path decomposition).

The lines run through the centres of cells, up, down, left and right; a line never crosses,
branches or shares a cell, it enters a labelled cell only as one of its two ends, and cells may
stay empty: numberlink's rules. The search takes the cells in reading order. After each cell,
what the rest of the grid needs to know of the part done is the *frontier*: for each column,
the line (if any) that leaves the last cell done in that column downwards, and the line that
leaves the last cell done to the right. Each such dangling end carries a tag: the label of the
line it belongs to when that part of the line reaches a labelled end, or else the column of the
other dangling end of its piece (a piece whose two ends both dangle). Two partial answers with
the same frontier have the same completions, so the search keeps each frontier once, with the
number of partial answers that reach it (capped: the question is none, one, or more). A cell's
choices join, pass on or start pieces; a join of two different labels, or of the two ends of
one piece (a loop), is refused. The frontiers after the last cell that have no dangling end are
the answers. This is the frontier-based search of Knuth's SIMPATH and of Yoshinaka, Saitoh,
Kawahara, Tsuruma, Iwashita and Minato, "Finding all solutions and instances of Numberlink and
Slitherlink by ZDDs" (Algorithms 5, 2012), here with plain counts instead of a diagram.

Every frontier of a cell is handled at once (numpy arrays, one row per frontier), and the
frontiers that agree are merged by sorting their packed values. The number of frontiers grows
with the grid's width (the shorter side is taken across) and with how much the numbers leave
open: published 10 x 10 and 11 x 11 numberlinks peak at 1,500-180,000 frontiers and take 0.02-
0.7 s; a 13 x 13 one peaks at 4.6 million (86 s). `max_states` bounds it: past the bound the
search gives up (None) and the caller's model searches alone.

To hand back the answers, each cell keeps, per frontier, the first and the last frontier of the
cell before that led to it, and which of its two edges (down, right) it uses: one answer is the
walk back through the first ones; a second one branches off at the last frontier where two
frontiers before led to it (different frontiers before are different partial answers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from solver.geometry import Cell, Segment
from solver.limits import check_time

# frontiers one cell may hold before a search gives up, and frontiers made over all cells of
# the four searches together (about 8 million a second here; the walk back keeps 10 bytes per
# frontier)
MAX_STATES = 500_000
MAX_WORK = 10_000_000

# tags fit a byte below this (labels + columns + 2), else two bytes
BYTE_TAGS = 256

# the four sides a search may start from: where a cell (r, c) of a rows x cols grid goes in the
# grid the search walks in reading order, and how big that grid is
SIDES: dict[str, Callable[[int, int, int, int], Cell]] = {
    "top": lambda r, c, rows, cols: (r, c),
    "bottom": lambda r, c, rows, cols: (rows - 1 - r, c),
    "left": lambda r, c, rows, cols: (c, r),
    "right": lambda r, c, rows, cols: (cols - 1 - c, r),
}


@dataclass
class _Layer:
    """What the walk back needs of one cell: per frontier after it, the first and the last
    frontier before it that led to it, and whether the cell's line goes down and right."""

    first: np.ndarray
    last: np.ndarray
    down: np.ndarray
    right: np.ndarray


def link_answers(
    rows: int,
    cols: int,
    ends: Mapping[Cell, Any],
    want: int = 2,
    max_states: int = MAX_STATES,
    max_work: int = MAX_WORK,
) -> list[frozenset[Segment]] | None:
    """Up to `want` answers of numberlink's rules on a rows x cols grid whose cell `ends[cell]`
    is a line end with that label (each label at exactly two cells): all answers when there are
    fewer, none when there is none. Each answer: its segments between side-by-side cells, lower
    cell first. None when the searches outgrew their bounds: `max_states` frontiers at one cell
    of a search drops it, `max_work` frontiers made by all of them ends them all. The time
    limit (`solver.limits.deadline`) is checked at every cell.

    How many frontiers a search meets depends on the side it starts from, by a factor of ten
    or more (published 11 x 11 puzzles: from 0.06 s to 1.8 s), and no simple count of the
    numbers foretells which side is best; so a search starts from each side, and the one that
    has done least work so far takes the next cell, until one finishes: the winner's work at
    most four times over."""
    searches = [_Search(rows, cols, ends, side, want) for side in SIDES]
    while searches:
        search = min(searches, key=lambda s: s.work)
        if search.step():
            return search.answers()
        if len(search.states) > max_states:
            searches.remove(search)
        if sum(s.work for s in searches) > max_work:
            return None
        check_time()
    return None


class _Search:
    """The frontier search from one side of the grid, a cell at a time.

    A frontier is a row of unsigned tags, one per column and one for the line leaving the last
    cell rightwards (position `cols`), padded to whole 64-bit words so that a row is also its
    own sort key: 0 no line; 1..K the line of that label; K + 1 + j a piece whose other end
    dangles at position j."""

    def __init__(
        self, rows: int, cols: int, ends: Mapping[Cell, Any], side: str, want: int
    ) -> None:
        self.place = lambda r, c: SIDES[side](r, c, rows, cols)
        self.rows, self.cols = (rows, cols) if side in ("top", "bottom") else (cols, rows)
        self.unplace = {self.place(r, c): (r, c) for r in range(rows) for c in range(cols)}
        labels = {k: i + 1 for i, k in enumerate(sorted(set(ends.values()), key=repr))}
        self.label = {self.place(*cell): labels[k] for cell, k in ends.items()}
        self.piece = len(labels) + 1  # the tag of a piece whose other end is at position 0
        self.want = want
        dtype = np.uint8 if self.piece + self.cols < BYTE_TAGS else np.uint16
        per_word = 8 // np.dtype(dtype).itemsize
        width = -(-(self.cols + 1) // per_word) * per_word
        self.states = np.zeros((1, width), dtype=dtype)
        self.count = np.ones(1, dtype=np.int64)
        self.layers: list[_Layer] = []
        self.work = 0

    def step(self) -> bool:
        """Take the next cell; True when the search is over (every cell taken, or no partial
        answer goes on)."""
        r, c = divmod(len(self.layers), self.cols)
        parents, children = self._next(c, self.label.get((r, c), 0), r < self.rows - 1)
        self.work += len(parents)
        if not len(parents):
            self.states = self.states[:0]
            return True
        self.states, self.count, first, last = _merge(parents, children, self.count, self.want)
        right = self.states[:, self.cols] != 0
        self.layers.append(_Layer(first, last, self.states[:, c] != 0, right))
        return len(self.layers) == self.rows * self.cols

    def answers(self) -> list[frozenset[Segment]]:
        done = np.flatnonzero(~self.states.any(axis=1))
        if not done.size:
            return []
        end = int(done[0])
        found = _walk_back(self.layers, end, min(self.want, int(self.count[end])), self.cols)
        return [
            frozenset(tuple(sorted((self.unplace[a], self.unplace[b]))) for a, b in answer)
            for answer in found
        ]  # type: ignore[misc]

    def _next(self, c: int, label: int, down_ok: bool) -> tuple[np.ndarray, np.ndarray]:
        """Every way the cell in column c (a line end with `label`, or 0 for an empty cell)
        goes on from each frontier: the index of the frontier before and the frontier after,
        row by row."""
        states, piece, right = self.states, self.piece, self.cols
        right_ok = c < self.cols - 1
        up, left = states[:, c], states[:, right]
        none = np.flatnonzero((up == 0) & (left == 0))
        one = np.flatnonzero((up == 0) ^ (left == 0))
        parents: list[np.ndarray] = []
        children: list[np.ndarray] = []

        def add(index: np.ndarray, child: np.ndarray) -> None:
            parents.append(index)
            children.append(child)

        def other_end(child: np.ndarray, tag: np.ndarray, value: Any) -> None:
            """Where `tag` is a piece, its other end's tag becomes `value`."""
            rows = np.flatnonzero(tag >= piece)
            child[rows, tag[rows] - piece] = value if np.isscalar(value) else value[rows]

        if label:
            for out, ok in ((c, down_ok), (right, right_ok)):
                if ok:  # the line starts here
                    child = states[none].copy()
                    child[:, out] = label
                    add(none, child)
            tag = (up | left)[one]
            ok = (tag == label) | (tag >= piece)  # it ends here: its own label, or a bare piece
            index, tag = one[ok], tag[ok]
            child = states[index].copy()
            other_end(child, tag, label)
            child[:, c] = child[:, right] = 0
            add(index, child)
            return np.concatenate(parents), np.concatenate(children)
        add(none, states[none])  # the cell stays empty
        if down_ok and right_ok:  # a new piece, both ends dangling
            child = states[none].copy()
            child[:, c], child[:, right] = piece + right, piece + c
            add(none, child)
        tag = (up | left)[one]
        for out, ok in ((c, down_ok), (right, right_ok)):
            if ok:  # the line goes on down or right
                child = states[one].copy()
                child[:, c] = child[:, right] = 0
                child[:, out] = tag
                other_end(child, tag, piece + out)
                add(one, child)
        both = np.flatnonzero((up != 0) & (left != 0))  # two lines meet
        a, b = up[both], left[both]
        labels = (a < piece) & (b < piece)
        ok = ~((labels & (a != b)) | (a == piece + right))  # two labels; one piece's ends: a loop
        index, a, b = both[ok], a[ok], b[ok]
        child = states[index].copy()
        other_end(child, b, np.where(a < piece, a, 0))  # a bare piece takes the label
        other_end(child, a, np.where(b < piece, b, 0))
        rows = np.flatnonzero((a >= piece) & (b >= piece))  # two pieces become one
        pa, pb = a[rows] - piece, b[rows] - piece
        child[rows, pa], child[rows, pb] = pb + piece, pa + piece
        child[:, c] = child[:, right] = 0
        add(index, child)
        return np.concatenate(parents), np.concatenate(children)


# odd 64-bit multipliers that fold a frontier's words into one sort key
_FOLD = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9], dtype=np.uint64)


def _merge(
    parents: np.ndarray, children: np.ndarray, count: np.ndarray, cap: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The distinct frontiers after the cell, each with its partial answers (capped at `cap`)
    and the first and the last frontier before it that led to it. Frontiers sort by their words
    folded into one key; equal keys of different frontiers (never seen) fall back to sorting by
    every word, so that the merge is exact either way."""
    words = np.ascontiguousarray(children).view(np.uint64)
    key = words[:, 0]
    for k in range(1, words.shape[1]):
        key = key * _FOLD[k % len(_FOLD)] + words[:, k]
    order = np.argsort(key, kind="stable")
    same = key[order][1:] == key[order][:-1]
    if words.shape[1] > 1:
        twins = np.flatnonzero(same)
        if (words[order[twins]] != words[order[twins + 1]]).any():
            order = np.lexsort(words.T[::-1])
            same = (words[order][1:] == words[order][:-1]).all(axis=1)
    starts = np.flatnonzero(np.concatenate(([True], ~same)))
    first = order[starts]
    last = order[np.append(starts[1:], len(order)) - 1]
    total = np.minimum(np.add.reduceat(count[parents][order], starts), cap)
    return (
        children[first],
        total,
        parents[first].astype(np.int32),
        parents[last].astype(np.int32),
    )


def _walk_back(layers: list[_Layer], end: int, want: int, cols: int) -> list[frozenset[Segment]]:
    """`want` (1 or 2) different answers that end at frontier `end` of the last cell: back
    through the first frontiers before, and for a second answer, through the last one where
    the latest cell has two (the answers differ before that cell and agree after it)."""

    def back(cell: int, state: int) -> list[tuple[int, int]]:
        trail = []
        while cell >= 0:
            trail.append((cell, state))
            state = int(layers[cell].first[state])
            cell -= 1
        return trail

    def segments(trail: list[tuple[int, int]]) -> frozenset[Segment]:
        found = []
        for cell, state in trail:
            r, c = divmod(cell, cols)
            if layers[cell].down[state]:
                found.append(((r, c), (r + 1, c)))
            if layers[cell].right[state]:
                found.append(((r, c), (r, c + 1)))
        return frozenset(found)

    trail = back(len(layers) - 1, end)
    answers = [segments(trail)]
    if want > 1:
        for k, (cell, state) in enumerate(trail):
            if layers[cell].first[state] != layers[cell].last[state]:
                other = trail[: k + 1] + back(cell - 1, int(layers[cell].last[state]))
                answers.append(segments(other))
                break
    return answers
