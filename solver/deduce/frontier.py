"""Frontier search: every answer of a line puzzle counted exactly, cell by cell (a dynamic
program over the grid's path decomposition), for numberlink (`link_answers`) and icebarn
(`path_answers`).

The lines run through the centres of cells, up, down, left and right. The search takes the
cells in reading order. After each cell, what the rest of the grid needs to know of the part
done is the *frontier*: for each column, the line (if any) that leaves the last cell done in
that column downwards, and the line that leaves the last cell done to the right, each with a
tag: which line it is (numberlink: the label its line reached; icebarn: the path from IN or to
OUT) or, for a piece of line whose two ends both dangle, where its other end is (and, for
icebarn's one-way path, which way it runs); a genre may keep more (icebarn: which groups of ice
were passed). Two partial answers with the same frontier have the same completions, so the
search keeps each frontier once, with the number of partial answers that reach it (capped: the
question is none, one, or more). A cell's choices join, pass on or start pieces by its genre's
rules (`_Links`, `_IcePath`), and a join the rules forbid (two labels, a loop, a path against an
arrow) is dropped. The frontiers after the last cell that the rules accept are the answers.
This is the frontier-based search of Knuth's SIMPATH and of Yoshinaka, Saitoh, Kawahara,
Tsuruma, Iwashita and Minato, "Finding all solutions and instances of Numberlink and
Slitherlink by ZDDs" (Algorithms 5, 2012), here with plain counts instead of a diagram.

Every frontier of a cell is handled at once (numpy arrays, one row per frontier), and the
frontiers that agree are merged by sorting them. The number of frontiers grows with the
grid's width and with how much the clues leave open, and it depends on the side the search
starts from: a search starts from each of the four sides (`_race`). Published 10 x 10 and
11 x 11 numberlinks are counted in under a second; sparse 13 x 13 ones and larger meet millions
of frontiers: past the bounds (`max_states`, and `max_work`, the genre's `Tuning.count_work`)
the search gives up (None) and the caller's model searches alone. Line puzzles whose every cell
is used or shaded (yajilin, slitherlink) or whose regions carry sizes (nurikabe, heyawake) meet
far more frontiers (a 16 x 16 yajilin over 2.6 million at one cell), so they keep their
deductions and the MIP.

To hand back the answers, each cell keeps, per frontier, the first and the last frontier of the
cell before that led to it, and which of its two edges (down, right) it uses: one answer is the
walk back through the first ones; a second one branches off at the last frontier where two
frontiers before led to it (different frontiers before are different partial answers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from solver.blocks.geometry import Cell, Segment
from solver.limits import check_time

# frontiers one cell may hold before a search gives up, and the work of the four searches
# together: frontiers made and STEP_WORK a cell (the walk back keeps about 5 bytes per frontier)
MAX_STATES = 500_000
MAX_WORK = 10_000_000

# what a cell's step costs beyond its frontiers, in frontiers (the numpy calls of a step cost
# about as much as 1,500 frontiers): so the work counts a step's cost on small frontiers too
STEP_WORK = 1_500

# work the first search does alone before the others start (see `_race`)
HEAD_START = 1_000_000

# tags fit a byte below this (labels + columns + 2), else two bytes
BYTE_TAGS = 256

# the four sides a search may start from: where a cell (r, c) of a rows x cols grid goes in the
# grid the search walks in reading order
SIDES: dict[str, Callable[[int, int, int, int], Cell]] = {
    "top": lambda r, c, rows, cols: (r, c),
    "bottom": lambda r, c, rows, cols: (rows - 1 - r, c),
    "left": lambda r, c, rows, cols: (c, r),
    "right": lambda r, c, rows, cols: (cols - 1 - c, r),
}


class _Rules(Protocol):
    """A genre's rules for the search: its grid as the search walks it (from one side), the
    frontier it starts from, every way a cell goes on from each frontier, and which frontiers
    after the last cell are answers. Positions 0..cols-1 of a frontier hold the lines leaving
    the last cells of the columns downwards, position `cols` the line leaving the last cell to
    the right (0: none); the genre may keep more after them."""

    rows: int
    cols: int
    cells: dict[Cell, Cell]  # the search's cell -> the caller's

    def start(self) -> np.ndarray: ...

    def next(self, states: np.ndarray, r: int, c: int) -> tuple[np.ndarray, np.ndarray]: ...

    def answers(self, states: np.ndarray) -> np.ndarray: ...


@dataclass
class _Layer:
    """What the walk back needs of one cell: per frontier after it, the first frontier before
    it that led to it and the cell's lines (1: down, 2: right, 3: both); and, for the few
    frontiers that two or more frontiers before led to (`merged`, in order), the last of
    those (`last`). Five bytes a frontier, most of the count's memory."""

    first: np.ndarray
    lines: np.ndarray
    merged: np.ndarray
    last: np.ndarray

    def last_before(self, state: int) -> int | None:
        """The last frontier before that led to `state`, where it differs from the first."""
        k = int(np.searchsorted(self.merged, state))
        if k < len(self.merged) and self.merged[k] == state:
            return int(self.last[k])
        return None


def _race(
    rules: Iterable[_Rules], want: int, max_states: int, max_work: int, walk: bool = True
) -> _Search | None:
    """A search from each side (`rules`, one per side), counting up to `want` answers (`walk`:
    keeping what the walk back to them needs): the search whose work so far plus its foreseen
    work (`_Search.foreseen`) is least takes the next cell, until one finishes; that one. None
    when every search outgrew `max_states` frontiers at one cell or all together made
    `max_work`.

    How many frontiers a search meets depends on the side it starts from, by a factor of ten or
    more on published 11 x 11 numberlinks, and no simple count of the clues foretells which side
    is best. Taking turns by work alone costs the winner's work four times over; the foreseen
    work lets a search whose frontiers stay few go on longer, and one that meets many wait
    (after a head start of the first: on small grids the steps' own cost is most of it).
    The time limit (`solver.limits.deadline`) is checked at every cell."""
    searches = [_Search(r, want, walk) for r in rules]
    while searches:
        # the first alone while its work is small (most puzzles end there, at a quarter of the
        # cost of four searches' steps), then the one foreseen to end soonest
        first = searches[0]
        if first.work < HEAD_START:
            search = first
        else:
            search = min(searches, key=lambda s: s.work + s.foreseen())
        if search.step():
            return search
        if len(search.states) > max_states:
            searches.remove(search)
        if sum(s.work for s in searches) > max_work:
            return None
        check_time()
    return None


class _Search:
    """The frontier search from one side of the grid, a cell at a time. A frontier is a row of
    unsigned tags, padded to whole 64-bit words so that a row is also its own sort key."""

    def __init__(self, rules: _Rules, want: int, walk: bool = True) -> None:
        self.rules, self.want, self.walk = rules, want, walk
        self.states = rules.start()
        self.count = np.ones(1, dtype=np.int64)
        self.layers: list[_Layer] = []  # each cell's, where the walk back is wanted
        self.done = 0  # cells taken
        self.work = 0

    def foreseen(self) -> int:
        """The work left if the frontiers stayed as many as now: the cells left, each costing
        its frontiers and STEP_WORK."""
        left = self.rules.rows * self.rules.cols - self.done
        return left * (len(self.states) + STEP_WORK)

    def step(self) -> bool:
        """Take the next cell; True when the search is over (every cell taken, or no partial
        answer goes on)."""
        cols = self.rules.cols
        r, c = divmod(self.done, cols)
        parents, children = self.rules.next(self.states, r, c)
        self.work += len(parents) + STEP_WORK
        if not len(parents):
            self.states = self.states[:0]
            return True
        self.states, self.count, first, last = _merge(parents, children, self.count, self.want)
        if self.walk:
            lines = (self.states[:, c] != 0) + 2 * (self.states[:, cols] != 0).astype(np.uint8)
            merged = np.flatnonzero(first != last).astype(np.int32)
            self.layers.append(_Layer(first, lines, merged, last[merged]))
        self.done += 1
        return self.done == self.rules.rows * cols

    def counted(self) -> int:
        """The answers counted, up to `want` (the search over)."""
        if not len(self.states):
            return 0
        return min(int(self.count[self.rules.answers(self.states)].sum()), self.want)

    def answers(self) -> list[frozenset[Segment]]:
        done = np.flatnonzero(self.rules.answers(self.states)) if len(self.states) else []
        if not len(done):
            return []
        end = int(done[0])
        found = _walk_back(self.layers, end, min(self.want, int(self.count[end])), self.rules.cols)
        cells = self.rules.cells
        return [
            frozenset(tuple(sorted((cells[a], cells[b]))) for a, b in answer)  # type: ignore[misc]
            for answer in found
        ]


def _frontier(cols: int, extra: int, largest: int) -> np.ndarray:
    """The empty frontier: line positions 0..cols, then `extra` positions of the genre's own,
    in bytes when every tag is below BYTE_TAGS (`largest` is the largest), padded to words."""
    dtype = np.uint8 if largest < BYTE_TAGS else np.uint16
    per_word = 8 // np.dtype(dtype).itemsize
    width = -(-(cols + 1 + extra) // per_word) * per_word
    return np.zeros((1, width), dtype=dtype)


def _placed(rows: int, cols: int, side: str) -> tuple[Callable[[int, int], Cell], int, int]:
    """Where a cell goes in the grid of the search from `side`, and that grid's size."""
    place = SIDES[side]
    size = (rows, cols) if side in ("top", "bottom") else (cols, rows)
    return (lambda r, c: place(r, c, rows, cols)), *size


class _Steps:
    """Gathers a cell's ways on: the frontier before (its index) and the frontier after."""

    def __init__(self) -> None:
        self.parents: list[np.ndarray] = []
        self.children: list[np.ndarray] = []

    def add(self, index: np.ndarray, child: np.ndarray) -> None:
        self.parents.append(index)
        self.children.append(child)

    def done(self) -> tuple[np.ndarray, np.ndarray]:
        return np.concatenate(self.parents), np.concatenate(self.children)


# --- numberlink: lines joining pairs of labels ----------------------------------------------


def link_answers(
    rows: int,
    cols: int,
    ends: Mapping[Cell, Any],
    want: int = 2,
    max_states: int = MAX_STATES,
    max_work: int = MAX_WORK,
    minimal: bool = False,
    fixed: Mapping[Segment, int] | None = None,
    allowed: Mapping[Cell, Iterable[Any]] | None = None,
) -> list[frozenset[Segment]] | None:
    """Up to `want` answers of numberlink's rules on a rows x cols grid whose cell `ends[cell]`
    is a line end with that label (each label at exactly two cells): all answers when there are
    fewer, none when there is none. Each answer: its segments between side-by-side cells, lower
    cell first. None when the searches outgrew their bounds (`_race`).

    minimal: leave out answers where a line touches itself (two side-by-side cells of one line
    not joined), as far as the frontiers tell (`_Links._untouched`): every minimal answer is
    counted, and some others may be. Every answer shortens to a minimal one, so none counted
    means none, two mean two, and the one counted is minimal and the only answer unless a path
    through its empty cells can replace one of its segments (the caller asks).

    fixed: segments (lower cell first) known to hold a line (1) or not (0): only the answers
    that agree are counted. allowed: per cell, the labels its line may have: an answer whose
    line there has another label is left out as far as the frontier tells (a piece whose label
    is not known yet passes), as by `minimal`."""
    searches = (_Links(rows, cols, ends, side, minimal, fixed, allowed) for side in SIDES)
    search = _race(searches, want, max_states, max_work)
    return None if search is None else search.answers()


def link_count(
    rows: int,
    cols: int,
    ends: Mapping[Cell, Any],
    want: int = 2,
    max_states: int = MAX_STATES,
    max_work: int = MAX_WORK,
    minimal: bool = False,
    fixed: Mapping[Segment, int] | None = None,
    allowed: Mapping[Cell, Iterable[Any]] | None = None,
) -> int | None:
    """How many answers `link_answers` counts, up to `want`, without the answers themselves:
    the search keeps only the frontiers of the cell at hand, not what the walk back to an
    answer needs (about 5 bytes a frontier made), so a large budget takes little memory.
    None where it gives up."""
    searches = (_Links(rows, cols, ends, side, minimal, fixed, allowed) for side in SIDES)
    search = _race(searches, want, max_states, max_work, walk=False)
    return None if search is None else search.counted()


class _Links:
    """Numberlink's rules. Tags: 0 no line; 1..K the line of that label; K + 1 + j a piece whose
    other end dangles at position j."""

    def __init__(
        self,
        rows: int,
        cols: int,
        ends: Mapping[Cell, Any],
        side: str,
        minimal: bool = False,
        fixed: Mapping[Segment, int] | None = None,
        allowed: Mapping[Cell, Iterable[Any]] | None = None,
    ) -> None:
        place, self.rows, self.cols = _placed(rows, cols, side)
        self.cells = {place(r, c): (r, c) for r in range(rows) for c in range(cols)}
        self.fixed = fixed or {}
        labels = {k: i + 1 for i, k in enumerate(sorted(set(ends.values()), key=repr))}
        self.label = {place(*cell): labels[k] for cell, k in ends.items()}
        self.piece = len(labels) + 1  # the tag of a piece whose other end is at position 0
        self.minimal = minimal
        # per cell (placed), which tags its line may carry: no line, a bare piece, the labels
        self.tags: dict[Cell, np.ndarray] = {}
        for (r, c), held in (allowed or {}).items():
            ok = np.ones(self.piece + self.cols + 1, dtype=bool)
            ok[1 : self.piece] = False
            ok[[labels[k] for k in held]] = True
            self.tags[place(r, c)] = ok

    def start(self) -> np.ndarray:
        return _frontier(self.cols, 0, self.piece + self.cols)

    def answers(self, states: np.ndarray) -> np.ndarray:
        return ~states.any(axis=1)

    def next(self, states: np.ndarray, r: int, c: int) -> tuple[np.ndarray, np.ndarray]:
        """Every way the cell (r, c) goes on from each frontier (`_ways`); of minimal answers
        only, those where no line touches itself (`_touching`, and `_ways` for two pieces
        joined)."""
        touching = self._touching(states, r, c) if self.minimal else None
        return self._ways(states, r, c, touching)

    def _touching(self, states: np.ndarray, r: int, c: int) -> tuple[np.ndarray, ...]:
        """Where a line would touch itself (two side-by-side cells of one line not joined), as
        far as the frontiers tell, per frontier before the cell (r, c): whatever the cell does
        (its left neighbour sent the cell's line down, or a neighbour above or to the left is
        the other end of the cell's label, not joined to it); unless the cell's line goes right
        (the right neighbour, entered from above, is on the cell's line, or is the other end of
        its label); unless it goes down (the neighbour below is the other end of its label).
        The side-by-side ends of one piece, which the cell's step makes, are `_ways`' to see."""
        piece, right, cols = self.piece, self.cols, self.cols
        label = self.label.get((r, c), 0)
        up, left = states[:, c], states[:, right]

        def same(tag: np.ndarray, j: int) -> np.ndarray:
            """The cell's line (through the position holding `tag` before it) is the line at
            position j: one label, or a piece whose other end is at j."""
            there = states[:, j]
            return (tag != 0) & (((tag < piece) & (tag == there)) | (tag == piece + j))

        def mine(j: int) -> np.ndarray:
            found = same(up, j) | same(left, j)
            return found | (states[:, j] == label) if label else found

        if label:
            line = np.full(len(states), label, dtype=states.dtype)
        else:
            line = np.where((up != 0) & (up < piece), up, np.where(left < piece, left, 0))
        never = np.zeros(len(states), dtype=bool)
        unless_right, unless_down = never.copy(), never.copy()
        for (dr, dc), way in (((-1, 0), up), ((0, -1), left)):
            there = self.label.get((r + dr, c + dc), 0)
            if there:  # a label's other end above or to the left, not joined to its line
                never |= (line == there) & (way == 0)
        there = self.label.get((r, c + 1), 0)
        if there:
            unless_right |= line == there
        there = self.label.get((r + 1, c), 0)
        if there:
            unless_down |= line == there
        if c + 1 < cols:  # the right neighbour, entered from above
            unless_right |= (states[:, c + 1] != 0) & mine(c + 1)
        if c > 0:  # the left neighbour, whose line went down
            never |= (left == 0) & (states[:, c - 1] != 0) & mine(c - 1)
        return never, unless_right, unless_down

    def _ways(
        self,
        states: np.ndarray,
        r: int,
        c: int,
        touching: tuple[np.ndarray, ...] | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Every way the cell (r, c) (a line end with its label, or an empty cell) goes on
        from each frontier; with `touching` (`_touching`), none where a line touches itself."""
        label, piece, right, cols = self.label.get((r, c), 0), self.piece, self.cols, self.cols
        down_ok, right_ok = r < self.rows - 1, c < self.cols - 1
        up, left = states[:, c], states[:, right]
        if touching is None:
            free = np.ones(len(states), dtype=bool)
            go_right = go_down = closed = free
        else:  # which frontiers may go on, by whether the cell's line goes right and down
            never, unless_right, unless_down = touching
            free = ~never
            go_right, go_down = free & ~unless_down, free & ~unless_right
            closed = go_right & ~unless_right
        empty, single = (up == 0) & (left == 0), (up == 0) ^ (left == 0)
        none, one = np.flatnonzero(empty & closed), np.flatnonzero(single & closed)
        way_of = {c: (np.flatnonzero(empty & go_down), np.flatnonzero(single & go_down))}
        way_of[right] = (np.flatnonzero(empty & go_right), np.flatnonzero(single & go_right))

        def other_end(child: np.ndarray, tag: np.ndarray, value: Any) -> None:
            """Where `tag` is a piece, its other end's tag becomes `value`."""
            rows = np.flatnonzero(tag >= piece)
            child[rows, tag[rows] - piece] = value if np.isscalar(value) else value[rows]

        # every way's frontiers before, then their children made at once, each way's a slice
        ways: list[tuple[str, int, np.ndarray]] = []
        if label:
            for out, ok in ((c, down_ok), (right, right_ok)):
                if ok:  # the line starts here
                    ways.append(("start", out, way_of[out][0]))
            tag = (up | left)[one]
            ok = (tag == label) | (tag >= piece)  # it ends here: its own label, or a bare piece
            ways.append(("end", 0, one[ok]))
        else:
            ways.append(("empty", 0, none))  # the cell stays empty
            if down_ok and right_ok:  # a new piece, both ends dangling
                ways.append(("fresh", 0, np.flatnonzero(empty & free)))
            for out, ok in ((c, down_ok), (right, right_ok)):
                if ok:  # the line goes on down or right
                    on = way_of[out][1]
                    if touching is not None:  # a piece whose ends it leaves side by side
                        beside = {c: c - 1, right: c + 2}[out]
                        if 0 <= beside < cols:
                            on = on[(up | left)[on] != piece + beside]
                    ways.append(("on", out, on))
            both = np.flatnonzero((up != 0) & (left != 0) & closed)  # two lines meet
            a, b = up[both], left[both]
            labels = (a < piece) & (b < piece)
            ok = ~((labels & (a != b)) | (a == piece + right))  # two labels; a piece's ends: loop
            if touching is not None:  # two pieces joined into one whose ends are side by side
                pieces = (a >= piece) & (b >= piece)
                ok &= ~pieces | (np.abs(a.astype(np.int32) - b) != 1)
            ways.append(("meet", 0, both[ok]))
        if self.fixed:
            ways = self._agreeing(ways, r, c)
        if (r, c) in self.tags:  # the cell's line keeps a label it may have
            ok = self.tags[r, c]
            for k, (kind, out, index) in enumerate(ways):
                if kind == "on":
                    ways[k] = (kind, out, index[ok[(up | left)[index]]])
                elif kind == "meet":
                    ways[k] = (kind, out, index[ok[np.minimum(up[index], left[index])]])
        parents = np.concatenate([np.zeros(0, dtype=np.intp), *(index for _, _, index in ways)])
        children = np.take(states, parents, axis=0)  # faster than states[parents]
        at = 0
        for kind, out, index in ways:
            child, at = children[at : at + len(index)], at + len(index)
            if kind == "start":
                child[:, out] = label
            elif kind == "end":
                other_end(child, up[index] | left[index], label)
                child[:, c] = child[:, right] = 0
            elif kind == "fresh":
                child[:, c], child[:, right] = piece + right, piece + c
            elif kind == "on":
                tag = up[index] | left[index]
                child[:, c] = child[:, right] = 0
                child[:, out] = tag
                other_end(child, tag, piece + out)
            elif kind == "meet":
                a, b = up[index], left[index]
                other_end(child, b, np.where(a < piece, a, 0))  # a bare piece takes the label
                other_end(child, a, np.where(b < piece, b, 0))
                rows = np.flatnonzero((a >= piece) & (b >= piece))  # two pieces become one
                pa, pb = a[rows] - piece, b[rows] - piece
                child[rows, pa], child[rows, pb] = pb + piece, pa + piece
                child[:, c] = child[:, right] = 0
        return parents, children

    def _agreeing(
        self, ways: list[tuple[str, int, np.ndarray]], r: int, c: int
    ) -> list[tuple[str, int, np.ndarray]]:
        """The ways of cell (r, c) whose lines down and right agree with `fixed`."""
        here = self.cells[r, c]
        known = []
        for step, out in (((1, 0), c), ((0, 1), self.cols)):
            there = self.cells.get((r + step[0], c + step[1]))
            if there is not None:
                value = self.fixed.get(tuple(sorted((here, there))))  # type: ignore[arg-type]
                if value is not None:
                    known.append((out, value))
        if not known:
            return ways
        kept = []
        for kind, out, index in ways:
            for place, value in known:
                goes = kind == "fresh" or (kind in ("start", "on") and out == place)
                if goes != bool(value):
                    break
            else:
                kept.append((kind, out, index))
        return kept


# --- icebarn: one path from IN to OUT, straight across ice -----------------------------------

IN_HEAD, OUT_TAIL, PIECE = 1, 2, 3  # icebarn's tags (see `_IcePath`)
FREE, BLOCKED, ICE, ENTRANCE, EXIT = range(5)  # its kinds of cell


def path_answers(
    rows: int,
    cols: int,
    ice: Iterable[Cell],
    arrows: Iterable[tuple[Cell, Cell]],
    entrance: tuple[Cell, Cell],
    exit: tuple[Cell, Cell],
    ice_groups: Iterable[Iterable[Cell]],
    want: int = 2,
    max_states: int = MAX_STATES,
    max_work: int = MAX_WORK,
) -> list[frozenset[Segment]] | None:
    """Up to `want` answers of icebarn's rules on a rows x cols grid: one path from IN to OUT
    through the centres of cells, crossing itself only on `ice`, where it goes straight; every
    arrow (from cell, to cell) crossed that way; a cell of every group of `ice_groups` passed.
    `entrance` is (the cell just outside the grid, the cell the path enters), `exit` (the cell
    it leaves from, the cell just outside). Each answer: its segments between side-by-side
    cells, lower cell first, the two at the doors included. None when the searches outgrew
    their bounds (`_race`)."""
    kinds = {(r + 1, c + 1): FREE for r in range(rows) for c in range(cols)}
    kinds |= {(r + 1, c + 1): ICE for r, c in ice}
    kinds[entrance[0][0] + 1, entrance[0][1] + 1] = ENTRANCE
    kinds[exit[1][0] + 1, exit[1][1] + 1] = EXIT
    doors = [entrance, (exit[1], exit[0])]  # (the door's outside cell, its cell inside)
    args = (rows + 2, cols + 2, kinds, arrows, doors, [list(g) for g in ice_groups])
    search = _race((_IcePath(*args, side) for side in SIDES), want, max_states, max_work)
    return None if search is None else search.answers()


class _IcePath:
    """Icebarn's rules, on the grid with a frame of cells around it (the doors' outside cells
    are the path's two ends; the frame's other cells stay empty). The path runs one way, from
    IN to OUT, so each dangling end says which way it runs: a head where the path leaves the
    cells done through it, a tail where it comes in. Tags: 0 no line; IN_HEAD the path from IN
    so far; OUT_TAIL the path to OUT so far; PIECE + 2 j + d a piece of path whose other end
    dangles at position j, this end a head (d = 1) or a tail (d = 0). After the line positions,
    one position per group of ice cells open (1: passed), from its first cell to its last (groups
    never open at once share one), and one that the path is whole (IN and OUT joined)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        kinds: Mapping[Cell, int],
        arrows: Iterable[tuple[Cell, Cell]],
        doors: Iterable[tuple[Cell, Cell]],
        groups: list[list[Cell]],
        side: str,
    ) -> None:
        place, self.rows, self.cols = _placed(rows, cols, side)
        self.cells = {place(r, c): (r - 1, c - 1) for r in range(rows) for c in range(cols)}
        self.kind = {place(*cell): k for cell, k in kinds.items()}
        # a door's one edge, to its cell inside: from above, from the left, down or right
        self.door_way: dict[Cell, str] = {}
        for outside, inside in doors:
            a, b = place(outside[0] + 1, outside[1] + 1), place(inside[0] + 1, inside[1] + 1)
            way = {(-1, 0): "up", (0, -1): "left", (1, 0): "down", (0, 1): "right"}
            self.door_way[a] = way[b[0] - a[0], b[1] - a[1]]
        # arrows over the edge leaving a cell down (0) or right (1): the ways the path must run
        # there (True: away from the cell; both ways: no answer)
        self.arrow: dict[tuple[Cell, int], set[bool]] = {}
        for a, b in arrows:
            a, b = place(a[0] + 1, a[1] + 1), place(b[0] + 1, b[1] + 1)
            low, high = min(a, b), max(a, b)
            self.arrow.setdefault((low, int(low[0] == high[0])), set()).add(a == low)
        # each group of ice has a position from its first cell to its last; groups that are
        # never open at once share one
        order = lambda cell: cell[0] * self.cols + cell[1]  # noqa: E731
        self.group: dict[Cell, int] = {}  # an ice cell -> its group's position
        self.last_of: dict[Cell, int] = {}  # the last cell of a group -> its position
        spans = sorted(
            (min(map(order, cells)), max(map(order, cells)), cells)
            for cells in ([place(r + 1, c + 1) for r, c in group] for group in groups)
        )
        self.passed = self.cols + 1  # the first of those positions
        free: list[int] = []
        closing: list[tuple[int, int]] = []  # (last cell's order, position) of open groups
        taken = 0
        for first, last, cells in spans:
            closing.sort()
            while closing and closing[0][0] < first:
                free.append(closing.pop(0)[1])
            position = free.pop() if free else self.passed + taken
            taken += position == self.passed + taken
            closing.append((last, position))
            self.group |= dict.fromkeys(cells, position)
            self.last_of[max(cells, key=order)] = position
        self.whole = self.passed + taken

    def start(self) -> np.ndarray:
        return _frontier(self.cols, self.whole - self.cols, PIECE + 2 * self.cols + 1)

    def answers(self, states: np.ndarray) -> np.ndarray:
        return (states[:, self.whole] == 1) & ~states[:, : self.cols + 1].any(axis=1)

    def next(self, states: np.ndarray, r: int, c: int) -> tuple[np.ndarray, np.ndarray]:
        """Every way the cell (r, c) goes on from each frontier; then the arrows over the edges
        it leaves by, and whether a group of ice it ends was passed."""
        kind, right = self.kind.get((r, c), BLOCKED), self.cols
        down_ok, right_ok = r < self.rows - 1, c < self.cols - 1
        up, left = states[:, c], states[:, right]
        steps = _Steps()
        if kind == BLOCKED:
            index = np.flatnonzero((up == 0) & (left == 0))
            steps.add(index, states[index])
        elif kind == ICE:  # straight on, each way: the tags keep their positions
            index = np.flatnonzero(((left == 0) | right_ok) & ((up == 0) | down_ok))
            child = states[index].copy()
            child[(up[index] != 0) | (left[index] != 0), self.group[r, c]] = 1
            steps.add(index, child)
        elif kind == FREE:
            self._free(states, steps, c, down_ok, right_ok)
        else:
            self._door(states, steps, c, kind == ENTRANCE, self.door_way[r, c])
        parents, children = steps.done()
        keep = np.ones(len(parents), dtype=bool)
        for way, position in ((0, c), (1, right)):
            runs = self.arrow.get(((r, c), way), set())
            if runs:  # an arrow: the path crosses this edge, that way
                tag = children[:, position]
                keep &= (tag != 0) & (len(runs) == 1) & (_heads(tag) == min(runs))
        if (r, c) in self.last_of:  # a group of ice seen whole: it was passed
            k = self.last_of[r, c]
            keep &= children[:, k] == 1
            children[:, k] = 0
        return parents[keep], children[keep]

    def _door(self, states: np.ndarray, steps: _Steps, c: int, entrance: bool, way: str) -> None:
        """IN or OUT: an end of the path, joined to its cell inside (`way`) only. The path
        leaves it, or comes in and ends: into IN as a tail (it runs away from IN), into OUT as
        a head."""
        right = self.cols
        up, left = states[:, c], states[:, right]
        own, other = (IN_HEAD, OUT_TAIL) if entrance else (OUT_TAIL, IN_HEAD)
        none = np.flatnonzero((up == 0) & (left == 0))
        if way in ("down", "right"):
            child = states[none].copy()
            child[:, c if way == "down" else right] = own
            steps.add(none, child)
        one = np.flatnonzero((up != 0) & (left == 0) if way == "up" else (up == 0) & (left != 0))
        if way in ("down", "right"):
            one = one[:0]
        tag = (up | left)[one]
        self._whole(states, steps, c, one[tag == other])
        ok = (tag >= PIECE) & (_heads(tag) != entrance)
        index, tag = one[ok], tag[ok]
        child = states[index].copy()
        child[np.arange(len(index)), (tag - PIECE) // 2] = own  # the piece's other end
        child[:, c] = child[:, right] = 0
        steps.add(index, child)

    def _whole(self, states: np.ndarray, steps: _Steps, c: int, index: np.ndarray) -> None:
        """IN's path meets OUT's at this cell: the path is whole, where nothing else dangles."""
        meeting = (states[index, c] != 0).astype(int) + (states[index, self.cols] != 0)
        index = index[(states[index, : self.cols + 1] != 0).sum(axis=1) == meeting]
        child = states[index].copy()
        child[:, c] = child[:, self.cols] = 0
        child[:, self.whole] = 1
        steps.add(index, child)

    def _free(
        self, states: np.ndarray, steps: _Steps, c: int, down_ok: bool, right_ok: bool
    ) -> None:
        """A cell that is not ice: unused, or the path through it once, turning or not."""
        right = self.cols
        up, left = states[:, c], states[:, right]
        none = np.flatnonzero((up == 0) & (left == 0))
        steps.add(none, states[none])
        if down_ok and right_ok:  # a new piece: one end a head, the other a tail
            fresh = none[states[none, self.whole] == 0]
            for d in (0, 1):
                child = states[fresh].copy()
                child[:, c] = PIECE + 2 * right + d
                child[:, right] = PIECE + 2 * c + 1 - d
                steps.add(fresh, child)
        one = np.flatnonzero((up == 0) ^ (left == 0))
        tag = (up | left)[one]
        pieces = np.flatnonzero(tag >= PIECE)
        for out, ok in ((c, down_ok), (right, right_ok)):
            if ok:  # on down or right, the same way; a piece's other end points here
                child = states[one].copy()
                child[:, c] = child[:, right] = 0
                child[:, out] = tag
                other = (tag[pieces] - PIECE) // 2
                child[pieces, other] = PIECE + 2 * out + 1 - _heads(tag[pieces])
                steps.add(one, child)
        both = np.flatnonzero((up != 0) & (left != 0))  # two ends meet: a head and a tail
        a, b = up[both], left[both]
        doors = (a < PIECE) & (b < PIECE)  # IN's path and OUT's
        self._whole(states, steps, c, both[doors & (a != b)])
        loop = (a - PIECE) // 2 == right  # the two ends of one piece (a is at position c)
        ok = ~doors & (_heads(a) != _heads(b)) & ~((a >= PIECE) & (b >= PIECE) & loop)
        index, a, b = both[ok], a[ok], b[ok]
        child = states[index].copy()
        for x, y in ((a, b), (b, a)):  # a piece's end meets a door's path: that path goes on
            rows = np.flatnonzero((x >= PIECE) & (y < PIECE))  # at the piece's other end
            child[rows, (x[rows] - PIECE) // 2] = y[rows]
        rows = np.flatnonzero((a >= PIECE) & (b >= PIECE))  # two pieces become one
        pa, pb = (a[rows] - PIECE) // 2, (b[rows] - PIECE) // 2
        child[rows, pa] = PIECE + 2 * pb + 1 - _heads(a[rows])
        child[rows, pb] = PIECE + 2 * pa + 1 - _heads(b[rows])
        child[:, c] = child[:, right] = 0
        steps.add(index, child)


def _heads(tag: np.ndarray) -> np.ndarray:
    """Whether each (nonzero) icebarn tag is a head: IN's path is, OUT's is not, a piece end
    by its last bit."""
    return np.where(tag >= PIECE, (tag - PIECE) % 2 == 1, tag == IN_HEAD)


# odd 64-bit multipliers that fold a frontier's words into one sort key
_FOLD = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9], dtype=np.uint64)


def _merge(
    parents: np.ndarray, children: np.ndarray, count: np.ndarray, cap: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The distinct frontiers after the cell, each with its partial answers (capped at `cap`)
    and the first and the last frontier before it that led to it. Frontiers sort by their words
    folded into one key; equal keys of different frontiers (never seen) fall back to sorting by
    every word, so that the merge is exact either way. The fold of words w_0 .. w_k is a
    bijection of w_k for fixed w_0 .. w_(k-1) (odd multipliers), so two frontiers with equal
    keys and equal words but the last are equal."""
    words = np.ascontiguousarray(children).view(np.uint64)
    key = words[:, 0]
    for k in range(1, words.shape[1]):
        key = key * _FOLD[k % len(_FOLD)] + words[:, k]
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    same = ordered[1:] == ordered[:-1]
    pairs = np.flatnonzero(same)  # sorted neighbours with equal keys: compare their words
    for k in range(words.shape[1] - 1):
        column = words[:, k]
        if (column[order[pairs]] != column[order[pairs + 1]]).any():
            order = np.lexsort(words.T[::-1])
            same = (words[order][1:] == words[order][:-1]).all(axis=1)
            break
    starts = np.flatnonzero(np.concatenate(([True], ~same)))
    ends = np.append(starts[1:], len(order))
    first, last = order[starts], order[ends - 1]
    before = parents[first]
    if cap <= 2:  # every frontier has a partial answer: two frontiers before reach the cap
        total = np.where(ends - starts > 1, cap, np.minimum(count[before], cap))
    else:
        total = np.minimum(np.add.reduceat(count[parents[order]], starts), cap)
    return (
        np.take(children, first, axis=0),  # np.take: rows gathered several times faster
        total,
        before.astype(np.int32),
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
            lines = layers[cell].lines[state]
            if lines & 1:
                found.append(((r, c), (r + 1, c)))
            if lines & 2:
                found.append(((r, c), (r, c + 1)))
        return frozenset(found)

    trail = back(len(layers) - 1, end)
    answers = [segments(trail)]
    if want > 1:
        for k, (cell, state) in enumerate(trail):
            last = layers[cell].last_before(state)
            if last is not None:
                other = trail[: k + 1] + back(cell - 1, last)
                answers.append(segments(other))
                break
    return answers
