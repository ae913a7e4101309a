"""A board over a grid's edges for numberlink's minimal answers (`solver.genres.numberlink`),
for the probing engine (`solver.deduce.probing`: its items are the edges, 1 a line between the
two cells, 2 no line).

Its rules, each raising Contradiction where the state breaks it:
- degree: a number cell has exactly one line, another cell none or two;
- pieces (chains of lines, each end pointing to the other end): no closed loop, so the two ends
  of one piece side by side are not joined;
- labels: each cell keeps the labels its line may carry (a bitset; a number its own), a line
  makes its two cells' sets equal, and no line joins cells whose sets are disjoint; a label
  stays in a cell only where a path of cells holding it, over edges that are not off, joins
  the cell to both of the label's ends (a search from one end per label whose cells changed);
  a used cell keeps a label, and a cell that keeps none is empty;
- minimality (the answers `solver.deduce.frontier.link_answers` counts with `minimal`): a line
  never touches itself, so a used cell whose one label is k and a side-by-side cell not joined
  to it do not share k (no line of k passes there), two such used cells of k are joined, and no
  line runs along three sides of a 2 x 2 block;
- empty cells early (`numberlink.moved`): no line turns at a corner of a 2 x 2 block while the
  opposite corner, later in reading order, stays empty (it could turn there instead).

Every answer comes back to one these rules keep by shortcuts and moves, so a board with no
answer means the puzzle has none, and one kept answer is the only answer unless it has a
detour or a move (the caller asks).

The same rules as clauses (`kept_clauses`), over the edges a board leaves open, for a SAT
solver (`solver.deduce.sat`: numberlink's uniqueness proof, where the count gives up), with one
more: no line could go straight through an empty cell (it would be another answer with fewer
cells used, so every answer still comes back to one the clauses keep)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.blocks.geometry import Cell, Segment
from solver.deduce import sat
from solver.deduce.probing import UNKNOWN, Contradiction

ON, OFF = 1, 2


class _Shape:
    """What every board of one grid shares: its edges, which cells they join, each cell's edges
    and neighbours, each edge's 2 x 2 blocks and the labels' ends."""

    def __init__(self, rows: int, cols: int, ends: Mapping[Cell, Any]) -> None:
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.edges: list[tuple[int, int]] = []
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if c + 1 < cols:
                    self.edges.append((i, i + 1))
                if r + 1 < rows:
                    self.edges.append((i, i + cols))
        index = {e: k for k, e in enumerate(self.edges)}
        self.at: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (edge, other cell)
        for k, (a, b) in enumerate(self.edges):
            self.at[a].append((k, b))
            self.at[b].append((k, a))
        self.blocks: list[list[tuple[int, ...]]] = [[] for _ in self.edges]
        for r in range(rows - 1):
            for c in range(cols - 1):
                i = r * cols + c
                sides = (
                    index[i, i + 1],
                    index[i, i + cols],
                    index[i + 1, i + 1 + cols],
                    index[i + cols, i + cols + 1],
                )
                for e in sides:
                    self.blocks[e].append(sides)
        self.near = [
            sorted({f for cell in self.edges[e] for f, _ in self.at[cell]} - {e})
            for e in range(len(self.edges))
        ]
        labels = sorted(set(ends.values()), key=lambda v: (isinstance(v, str), str(v).zfill(9)))
        self.bit = {k: 1 << j for j, k in enumerate(labels)}
        pairs: dict[Any, list[int]] = {k: [] for k in labels}
        for (r, c), k in sorted(ends.items()):
            pairs[k].append(r * cols + c)
        self.pair = [(pairs[k][0], pairs[k][1]) for k in labels]  # by label index
        self.number = [0] * n  # the number cell's label bit, 0 elsewhere
        for (r, c), k in ends.items():
            self.number[r * cols + c] = self.bit[k]
        self.all = (1 << len(labels)) - 1
        # moves: per cell y, (z, y's two edges in the block) for the opposite corner z after y
        # in reading order; per cell z, the same for the corners y before it (no numbers)
        self.later: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        self.earlier: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for r in range(rows - 1):
            for c in range(cols - 1):
                i = r * cols + c
                corners = (i, i + 1, i + cols + 1, i + cols)  # round the block
                for y, z in ((i, i + cols + 1), (i + 1, i + cols)):
                    if self.number[y] or self.number[z]:
                        continue
                    ours = [index[min(y, o), max(y, o)] for o in corners if o not in (y, z)]
                    self.later[y].append((z, ours[0], ours[1]))
                    self.earlier[z].append((y, ours[0], ours[1]))
        self.bits = [1 << j for j in range(len(labels))]
        self.numbers = sum(1 << i for i in range(n) if self.number[i])  # as a bitset of cells
        # each cell with two neighbours straight across it (above and below, left and right)
        self.across = [
            (i, i - d, i + d)
            for i in range(n)
            for d, inside in ((cols, cols <= i < n - cols), (1, 0 < i % cols < cols - 1))
            if inside
        ]


class LinkBoard:
    """The edges of a rows x cols grid whose cell `ends[cell]` is a line end with that label,
    as a `solver.deduce.probing.Board` (see the module docstring for its rules)."""

    def __init__(self, rows: int, cols: int, ends: Mapping[Cell, Any]) -> None:
        shape = self.shape = _Shape(rows, cols, ends)
        n = rows * cols
        self.state = [UNKNOWN] * len(shape.edges)
        self.near = shape.near
        self.on = [0] * n
        self.off = [0] * n
        self.labels = [shape.number[i] or shape.all for i in range(n)]
        self.other = list(range(n))  # a piece's end: the piece's other end
        self.edges: list[int] = []  # edges set and not yet propagated
        self.cells: list[int] = list(range(n))  # cells whose rules to check
        self.dirty = shape.all  # labels whose reach to search again
        self.held = [sum(1 << i for i in range(n) if self.labels[i] & bit) for bit in shape.bits]
        self.right = sum(1 << a for a, b in shape.edges if b == a + 1)  # edge right not off
        self.down = sum(1 << a for a, b in shape.edges if b != a + 1)  # edge down not off

    def copy(self) -> LinkBoard:
        new = LinkBoard.__new__(LinkBoard)
        new.shape, new.near = self.shape, self.near
        new.state, new.on, new.off = self.state[:], self.on[:], self.off[:]
        new.labels, new.other = self.labels[:], self.other[:]
        new.edges, new.cells, new.dirty = self.edges[:], self.cells[:], self.dirty
        new.held, new.right, new.down = self.held[:], self.right, self.down
        return new

    def set(self, e: int, value: int) -> bool:
        """Set edge e to ON or OFF (its consequences wait for `propagate`); False where it
        already has that value."""
        s = self.state[e]
        if s == value:
            return False
        if s != UNKNOWN:
            raise Contradiction
        self.state[e] = value
        self.edges.append(e)
        return True

    def _restrict(self, i: int, keep: int) -> None:
        """Cell i keeps only the labels of `keep`."""
        now = self.labels[i]
        if now & keep != now:
            self.labels[i] = now & keep
            lost = now & ~keep
            self.dirty |= lost
            self.cells.append(i)
            cell = ~(1 << i)
            held = self.held
            while lost:
                low = lost & -lost
                k = low.bit_length() - 1
                held[k] &= cell
                lost ^= low

    def _edge(self, e: int) -> None:
        """What edge e's new value changes at once: its cells' counts, the pieces, the labels."""
        a, b = self.shape.edges[e]
        labels = self.labels
        if self.state[e] == OFF:
            if b == a + 1:
                self.right &= ~(1 << a)
            else:
                self.down &= ~(1 << a)
            self.off[a] += 1
            self.off[b] += 1
            self.dirty |= labels[a] & labels[b]
        else:
            self.on[a] += 1
            self.on[b] += 1
            other = self.other
            if other[a] == b:
                raise Contradiction  # a closed loop
            oa, ob = other[a], other[b]
            other[oa], other[ob] = ob, oa
            both = labels[a] & labels[b]
            if not both:
                raise Contradiction
            self._restrict(a, both)
            self._restrict(b, both)
            for sides in self.shape.blocks[e]:
                lines = [f for f in sides if self.state[f] == ON]
                if len(lines) > 2:
                    raise Contradiction  # three sides of a 2 x 2 block: the line touches itself
                if len(lines) == 2:
                    for f in sides:
                        if self.state[f] == UNKNOWN:
                            self.set(f, OFF)
            if oa != ob:  # the new piece's ends side by side: not joined (a loop)
                for f, c in self.shape.at[oa]:
                    if c == ob and self.state[f] == UNKNOWN:
                        self.set(f, OFF)
        self.cells.append(a)
        self.cells.append(b)

    def _rest(self, i: int, value: int) -> None:
        """Cell i's unknown edges set to `value`."""
        state = self.state
        for e, _ in self.shape.at[i]:
            if state[e] == UNKNOWN:
                self.set(e, value)

    def _cell(self, i: int) -> None:
        """Cell i's degree, and its labels against its neighbours'."""
        state, at = self.state, self.shape.at[i]
        on = self.on[i]
        unknown = len(at) - on - self.off[i]
        labels = self.labels
        mine = labels[i]
        number = self.shape.number[i]
        if number:
            if on > 1 or (on == 0 and unknown == 0):
                raise Contradiction
            if on == 1 and unknown:
                self._rest(i, OFF)
            elif on == 0 and unknown == 1:
                self._rest(i, ON)
        else:
            if on > 2 or (on == 1 and unknown == 0):
                raise Contradiction
            if unknown and (on == 2 or (on == 0 and (unknown == 1 or not mine))):
                self._rest(i, OFF)
            elif on == 1 and unknown == 1:
                self._rest(i, ON)
        used = number or on
        if used and not mine:
            raise Contradiction
        single = used and not mine & (mine - 1)
        for e, j in at:
            s = state[e]
            theirs = labels[j]
            if s == UNKNOWN:
                if not mine & theirs:
                    self.set(e, OFF)
                elif single and theirs == mine and (self.on[j] or self.shape.number[j]):
                    self.set(e, ON)  # two used cells of one line side by side are joined
            elif s == OFF and single and theirs & mine:
                self._restrict(j, ~mine)  # line `mine` runs beside j: j is not on it
        for z, f, g in self.shape.later[i]:
            self._move(i, z, f, g)
        for y, f, g in self.shape.earlier[i]:
            self._move(y, i, f, g)

    def _move(self, y: int, z: int, f: int, g: int) -> None:
        """A line turning at corner y of a 2 x 2 block (edges f and g) while the opposite
        corner z, later in reading order, stays empty could turn at z instead and leave y
        empty: the answers kept (as `numberlink.moved` asks of them) have z used there."""
        state = self.state
        sf, sg = state[f], state[g]
        if sf == OFF or sg == OFF:
            return
        if sf == UNKNOWN and sg == UNKNOWN:
            return
        open_z = len(self.shape.at[z]) - self.off[z]
        dead = not self.on[z] and (open_z < 2 or not self.labels[z])
        if sf == ON and sg == ON:
            if dead or open_z < 2:
                raise Contradiction
            if open_z == 2 and self.on[z] < 2:
                for e, _ in self.shape.at[z]:
                    if state[e] == UNKNOWN:
                        self.set(e, ON)
        elif dead:
            self.set(g if sf == ON else f, OFF)

    def _reach(self, k: int) -> None:
        """Label k (its index) stays only in the cells a path of cells holding it, over edges
        not off, joins to its first end; its second end among them. A flood over bitsets of the
        grid's cells: `held` the cells holding k, `right` and `down` the cells whose edge that
        way is not off."""
        shape = self.shape
        cols = shape.cols
        a, b = shape.pair[k]
        held = self.held[k]
        right, down = self.right, self.down
        through = held & ~shape.numbers  # a line passes no number
        reached = 1 << a
        grow = reached
        while grow:
            more = (
                (
                    ((grow & right) << 1)
                    | ((grow >> 1) & right)
                    | ((grow & down) << cols)
                    | ((grow >> cols) & down)
                )
                & held
                & ~reached
            )
            reached |= more
            grow = more & through
        if not reached >> b & 1:
            raise Contradiction
        lost = held & ~reached
        bit = 1 << k
        while lost:
            low = lost & -lost
            self._restrict(low.bit_length() - 1, ~bit)
            lost ^= low

    def propagate(self) -> None:
        while True:
            while self.edges or self.cells:
                while self.edges:
                    self._edge(self.edges.pop())
                if self.cells:
                    self._cell(self.cells.pop())
            if not self.dirty:
                return
            dirty, self.dirty = self.dirty, 0
            k = 0
            while dirty:
                if dirty & 1:
                    self._reach(k)
                dirty >>= 1
                k += 1

    def frontier(self) -> list[int]:
        """The unknown edges at the piece end with the fewest of them (a number without its
        line is a piece end too): a guess there meets the rules soonest."""
        state, at, on, number = self.state, self.shape.at, self.on, self.shape.number
        best: list[int] = []
        for i in range(len(at)):
            if (on[i] == 1) != bool(number[i]):
                ways = [e for e, _ in at[i] if state[e] == UNKNOWN]
                if ways and (not best or len(ways) < len(best)):
                    best = ways
                    if len(ways) == 2:
                        break
        return best

    def fixed(self) -> dict[Segment, int]:
        """The decided edges as segments between cells, 1 a line and 0 none."""
        return {
            segment: int(self.state[e] == ON)
            for e, segment in enumerate(self.segments())
            if self.state[e] != UNKNOWN
        }

    def allowed(self) -> dict[Cell, list[Any]]:
        """Per cell whose labels are fewer than all, the labels its line may have."""
        shape = self.shape
        cols, everyone = shape.cols, shape.all
        return {
            (i // cols, i % cols): [k for k, bit in shape.bit.items() if held & bit]
            for i, held in enumerate(self.labels)
            if held != everyone and not shape.number[i]
        }

    def edge(self, a: Cell, b: Cell) -> int:
        """The index (in `state`) of the edge between side-by-side cells a and b."""
        cols = self.shape.cols
        i, j = sorted((a[0] * cols + a[1], b[0] * cols + b[1]))
        return self.shape.edges.index((i, j))

    def segments(self) -> list[Segment]:
        """The edges as segments between cells, lower cell first, in the order of `state`."""
        cols = self.shape.cols
        return [((a // cols, a % cols), (b // cols, b % cols)) for a, b in self.shape.edges]

    def answer(self) -> frozenset[Segment]:
        """The lines of a board whose every edge is decided, as segments between cells."""
        cols = self.shape.cols
        return frozenset(
            ((a // cols, a % cols), (b // cols, b % cols))
            for e, (a, b) in enumerate(self.shape.edges)
            if self.state[e] == ON
        )


@dataclass(frozen=True)
class KeptClauses:
    """The answers a board keeps, as 0/1 variables bound by sums and clauses (the input of
    `solver.deduce.sat.answers` and of `solver.deduce.learning.answers`): `edge[e]` the variable
    of each edge the board leaves open (1: a line), then per cell that is no number and may
    still hold a line, its emptiness (1: no line; where it could go either way) and a variable
    for each label it keeps (1: its line has that label). `on`: the edges the board holds a
    line on; `joins`: the two cells of each edge (as the board numbers them); `empty[i]` the
    emptiness variable of each cell that may still go either way."""

    count: int
    sums: list[tuple[int, list[tuple[int, int]]]]
    clauses: list[list[tuple[int, int]]]
    edge: dict[int, int]
    on: frozenset[int]
    joins: list[tuple[int, int]]
    empty: dict[int, int]

    def lines(self, values: list[int]) -> set[int]:
        """The edges holding a line in an answer (each variable's value)."""
        return set(self.on) | {e for e, v in self.edge.items() if values[v]}

    def loops(self, values: list[int]) -> list[list[tuple[int, int]]]:
        """A clause for each closed loop apart from the lines in an answer, which the clauses
        allow and the rules do not: not every open edge of it again."""
        return [
            [(self.edge[e], 0) for e in loop] for loop in _loops(self.joins, self.lines(values))
        ]


def kept_clauses(board: LinkBoard) -> KeptClauses:
    """The rules of the board (the module's docstring) over its open edges, as `KeptClauses`:

    - a number has one line (its edges sum to 1), another cell two or none (its edges and
      twice its emptiness sum to 2);
    - a cell that is no number holds one label or is empty: sum of its labels + empty = 1;
    - a line joins cells of one label: line(a, b) and label k at a give label k at b;
    - a line never touches itself: label k at a and at b, side by side, give a line between;
    - empty cells early: no line turns at a corner y of a 2 x 2 block (its two edges there)
      while the opposite corner z, later in reading order, is empty;
    - no closed square: not all four sides of a 2 x 2 block. The rules above allow a closed
      loop apart from the lines (its cells may share a label that no end of theirs holds), and
      the smallest is the commonest: without this rule, proofs on published 15 x 15 grids take
      2 to 8 times more conflicts, spent on configurations the loops fill;
    - straight through an empty cell (not a rule of the board): no empty cell has cells of one
      label on two opposite sides. The line could step from one to the other through it and
      leave the longer way between them empty: another answer, with fewer cells used. The
      answers that leave cells empty are what makes the proofs long, and this shuts out many.

    What they leave out: a closed loop of more cells apart from the lines; the caller checks
    each answer for one (`KeptClauses.loops`). Each answer of these without such a loop is an
    answer the board keeps, and every answer comes back to one of these by shortcuts and moves
    (each shortcut leaves fewer cells used, each move an empty cell earlier): where these have
    none the puzzle has none, and where one answer is the only one of these it is the only
    answer unless a longer way (`numberlink.detour`) or a move (`numberlink.moved`) leads off
    it."""
    shape, state, labels = board.shape, board.state, board.labels
    n = len(shape.at)
    count = 0
    edge: dict[int, int] = {}
    for e in range(len(shape.edges)):
        if state[e] == UNKNOWN:
            edge[e], count = count, count + 1
    kinds = range(len(shape.bits))
    label: dict[tuple[int, int], int] = {}  # (cell, label index) -> variable
    empty: dict[int, int] = {}
    for i in range(n):
        if shape.number[i]:
            continue
        if labels[i] and not board.on[i]:
            empty[i], count = count, count + 1
        for k in kinds:
            if labels[i] >> k & 1:
                label[i, k], count = count, count + 1

    # constants as they stand: True, False, or a variable
    def has(i: int, k: int) -> bool | int:
        if shape.number[i]:
            return shape.number[i] == shape.bits[k]
        return label.get((i, k), False)

    def line(e: int) -> bool | int:
        return edge[e] if e in edge else state[e] == ON

    sums: list[tuple[int, list[tuple[int, int]]]] = []
    clauses: list[list[tuple[int, int]]] = []

    def clause(*literals: tuple[bool | int, int]) -> None:
        """One of the literals (a variable or a constant, and the value it should take)."""
        folded = sat.folded(literals)
        if folded is not None:
            clauses.append(folded)

    for i in range(n):
        lines = [line(e) for e, _ in shape.at[i]]
        on = sum(v is True for v in lines)
        terms = [(v, 1) for v in lines if not isinstance(v, bool)]
        if shape.number[i]:
            sums.append((1 - on, terms))
            continue
        kept = [(label[i, k], 1) for k in kinds if (i, k) in label]
        if i in empty:
            sums.append((1, [*kept, (empty[i], 1)]))
            sums.append((2 - on, [*terms, (empty[i], 2)]))
        elif kept:
            sums.append((1, kept))
            sums.append((2 - on, terms))
    for e, (a, b) in enumerate(shape.edges):
        joined = line(e)
        for k in kinds:
            at_a, at_b = has(a, k), has(b, k)
            if at_a is False and at_b is False:
                continue
            clause((joined, 0), (at_a, 0), (at_b, 1))
            clause((joined, 0), (at_b, 0), (at_a, 1))
            clause((at_a, 0), (at_b, 0), (joined, 1))
    for y in range(n):
        for z, f, g in shape.later[y]:
            if board.on[z]:
                continue  # z holds a line
            clause((line(f), 0), (line(g), 0), (empty.get(z, True), 0))
    for sides in sorted({block for blocks in shape.blocks for block in blocks}):
        clause(*((line(e), 0) for e in sides))
    for i, u, v in shape.across:
        if shape.number[i] or board.on[i]:
            continue  # i holds a line
        for k in kinds:
            at_u, at_v = has(u, k), has(v, k)
            if at_u is not False and at_v is not False:
                clause((empty.get(i, True), 0), (at_u, 0), (at_v, 0))
    on = frozenset(e for e in range(len(shape.edges)) if state[e] == ON)
    return KeptClauses(count, sums, clauses, edge, on, shape.edges, empty)


def _loops(joins: list[tuple[int, int]], lines: set[int]) -> list[list[int]]:
    """The closed loops among the edges `lines` (indices into `joins`, each edge's two cells):
    each as its edges. A line from a number to a number is no loop."""
    at: dict[int, list[tuple[int, int]]] = {}
    for e in lines:
        a, b = joins[e]
        at.setdefault(a, []).append((e, b))
        at.setdefault(b, []).append((e, a))
    seen: set[int] = set()
    found = []
    for start in sorted(at):
        if start in seen:
            continue
        cells, edges = [start], set()
        seen.add(start)
        for cell in cells:
            for e, other in at[cell]:
                edges.add(e)
                if other not in seen:
                    seen.add(other)
                    cells.append(other)
        if all(len(at[cell]) == 2 for cell in cells):
            found.append(sorted(edges))
    return found
