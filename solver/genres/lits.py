"""LITS (ＬＩＴＳ).

Rules: the grid is divided into rooms. Shade exactly four cells in every room, side by side: a
tetromino, one of the shapes L, I, T and S (turned or mirrored; the 2x2 square is not one of
them, as no 2x2 block is shaded anywhere). Two tetrominoes of the same shape never touch side by
side across a room border. All shaded cells form one orthogonally connected group, and no 2x2
block of cells is all shaded. Some published grids (janko's) leave cells outside every room:
they stay unshaded.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`): thick
borders drawn with Excel's border tool (medium or thick lines) around empty cells, as the puzzle
is printed; or labels, every cell holding its room's label (`A`, `B` ... `Z`, `AA` ...). LITS
has no numbers. Every room has at least four cells. With labels, a cell left empty lies outside
every room; thick borders cannot show one.

    thick borders:        labels:
    ┏━━━┳━━━┓
    ┃   ┃   ┃             A  A  B  B
    ┃   ┃ ┏━┫             A  A  B  C
    ┃   ┃ ┃ ┃             A  B  B  C
    ┃ ┏━┛ ┃ ┃             C  C  C  C
    ┃ ┃   ┃ ┃
    ┣━┻━━━┛ ┃
    ┃       ┃
    ┗━━━━━━━┛

The answer shades the shaded cells (a dark fill, and `■` in an empty cell; a label keeps its
text). Shading by hand, for Check: `■` or `#`, or a dark fill (the only way on labelled cells);
`・`, `.` or `×` marks a cell known to stay unshaded. `import` writes the rooms as thick borders.
The record's `pieces` names each room's tetromino (`L`, `I`, `T`, `S`) in its shaded cells.

puzz.link: `lits`, the border codec alone (pzprjs' older form, the `d` flag, is refused).

Model: the candidates of room k are every placement of L, I, T and S inside it
(`solver.blocks.polyominoes.fits`); y(k,i) = 1 when room k takes its i-th (`Choose(k)`: exactly
one, `solver.blocks.placements.choose`); b(r,c) = 1 when cell (r,c) is shaded. Fill(r,c): a
cell's b is the sum of the y of its room's placements over it (Outside(r,c): b = 0 on a cell
outside every room). Apart(r,c,d,X): for two
neighbours in different rooms (d = 1 the right one, 2 the one below) and each shape X, at most
one of them is covered by a piece of shape X. NoSquare(r,c): a 2x2 block holds at most three
shaded cells. The shaded cells are connected, as rooms (`_rooms_joined`): z(r,c,d) = 1 joins
two shaded neighbours in different rooms (Join); complete form, t(k,l) = 1 lets rooms k and l
touch through a join (Touch) and a flow from the first room reaches every other (RoomFlow,
RoomCap); lazy form, a cut over the rooms of each group of shaded cells that is not the whole.

Deductions (`deduce`): each room's candidates are narrowed to those that fit what is known
(none over an unshaded cell, none leaving out a shaded cell of its room, none completing a 2x2
block, none beside a shaded cell of another room whose candidates there all have its shape),
the cells every candidate of a room shades are shaded and those none does unshaded, cells
that no path of cells not unshaded joins to the shaded ones (or to every room) are unshaded, and
a cell without which the cells not unshaded fall apart, parting a shaded cell or another room's
cells from the first shaded cell, is shaded (a cut vertex, `_cut_vertices`).
Then each room's candidates are tried one at a time (probing): one that leads to a
contradiction goes, and what all the others lead to holds; within the Tuning's `probe_work`
(candidates examined). Rooms left open go to a SAT solver (`learned`: CaDiCaL through
`solver.deduce.sat`, within `sat_work`; the candidates as 0/1 variables, the rooms and cells as
sums, the shapes apart and no 2x2 as clauses, the shaded cells connected), which decides the
answer where it finds exactly one. The pipeline fixes the decided cells' b and the removed
candidates' y; on janko's published puzzles they decide all of them whole.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import pulp

from solver.blocks.cells import (
    Separator,
    check_connected,
    check_no_square,
    components,
    no_square,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import Cell, squares
from solver.blocks.lines import on
from solver.blocks.names import cell_name
from solver.blocks.placements import choose
from solver.blocks.polyominoes import TETROMINOES, Shape, fits, name_of, shaped
from solver.blocks.rooms import OUTSIDE, RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, learning, sat
from solver.deduce.bits import indices
from solver.deduce.cuts import cut_vertices
from solver.deduce.shade_logic import shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms, label_cells
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, row, value, var
from solver.mip.settings import Tuning

Answer = frozenset[Cell]  # the shaded cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
SHAPES = {name: TETROMINOES[name] for name in "LITS"}
SIZE = 4


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    """The rooms; LITS has no numbers."""

    @cached_property
    def candidates(self) -> dict[int, list[Shape]]:
        """Room -> every placement of L, I, T and S inside it."""
        return {k: [q for _, q in named] for k, named in self._named.items()}

    @cached_property
    def names(self) -> dict[int, list[str]]:
        """Room -> the shape of each of its candidates, in their order."""
        return {k: [name for name, _ in named] for k, named in self._named.items()}

    @cached_property
    def _named(self) -> dict[int, list[tuple[str, Shape]]]:
        """Room -> each candidate with its shape's name."""
        return {
            k: [(name, q) for name, shape in SHAPES.items() for q in fits(shape, cells)]
            for k in range(len(self.rooms))
            for cells in [self.rooms.cells(k)]
        }


def parse(grid: Grid) -> Puzzle:
    rooms, _ = grid_rooms(grid, numbers=False, outside=True)
    p = Puzzle(rooms)
    for k, options in p.candidates.items():
        if not options:
            r, c = rooms.cells(k)[0]
            size = len(rooms.cells(k))
            raise grid.error(
                r,
                c,
                f"this room has {size} cell{'s' * (size != 1)}, and no L, I, T or S tetromino "
                "fits into it: check its borders or labels",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Empty cells; the rooms are drawn as borders (`solver.io.rooms_sheet.write_rooms`). With
    a cell outside every room, which borders cannot show, the rooms' labels instead, and such
    cells empty."""
    if p.rooms.outside:
        return label_cells(p.rooms)
    return [[None] * p.cols for _ in range(p.rows)]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("lits")
    b = shade_vars(prob, p.rows, p.cols)
    y = choose(prob, p.candidates)
    room_of = {cell: k for k in range(len(p.rooms)) for cell in p.rooms.cells(k)}
    for cell, v in b.items():
        if cell not in room_of:
            prob += v == 0, cname("Outside", cell)
            continue
        k = room_of[cell]
        over = {y[k, i]: 1 for i, cells in enumerate(p.candidates[k]) if cell in cells}
        prob += row({**over, v: -1}, "==", 0), cname("Fill", cell)
    for s, t in p.rooms.between:
        ks, kt = room_of[s], room_of[t]
        for name in SHAPES:
            here = shaped(p.candidates, p.names, y, ks, s, name)
            there = shaped(p.candidates, p.names, y, kt, t, name)
            if len(here) and len(there):
                d = 1 if s[0] == t[0] else 2
                prob += here + there <= 1, cname("Apart", s, d, name)
    no_square(prob, b)
    m = Model(prob, list(b.values()), {"b": b, "y": y})
    m.separate(_rooms_joined(prob, p, b, room_of, lazy))
    return m


def _rooms_joined(
    prob: pulp.LpProblem,
    p: Puzzle,
    b: dict[Cell, pulp.LpVariable],
    room_of: dict[Cell, int],
    lazy: bool,
) -> Separator | None:
    """The shaded cells are connected. Each room's are (a tetromino), and every room has some,
    so this is the rooms joined through touching pieces: z(r,c,d) = 1 allows the pair of
    cell (r,c) and its neighbour (d = 1 right, 2 below) in another room to join them, only when
    both are shaded (Join: z <= b of each). Complete form: t(k,l) = 1 lets rooms k and l
    touch, only through a pair that joins them (Touch(k,l): t <= their z), and a flow from the
    first room sends one unit to every other along touching rooms (RoomFlow(k); f <= (R-1) t,
    RoomCap). Lazy form: after a solve, for each group of shaded cells that is not the whole,
    the pairs from its rooms to the others join at least once (a cut over rooms)."""
    z: dict[tuple[Cell, Cell], pulp.LpVariable] = {}
    for s, t in p.rooms.between:
        d = 1 if s[0] == t[0] else 2
        z[s, t] = var(prob, "z", s[0] + 1, s[1] + 1, d)
        prob += z[s, t] <= b[s], cname("Join", s, d, 1)
        prob += z[s, t] <= b[t], cname("Join", s, d, 2)
    count = len(p.rooms)
    if lazy:

        def cuts() -> list[pulp.LpConstraint]:
            groups = components(cell for cell, v in b.items() if on(v))
            if len(groups) <= 1:
                return []
            found = []
            for group in groups:
                inside = {room_of[cell] for cell in group}
                leaving = [
                    v for (s, t), v in z.items() if (room_of[s] in inside) != (room_of[t] in inside)
                ]
                found.append(pulp.lpSum(leaving) >= 1)
            return found

        return cuts
    pairs: dict[tuple[int, int], list[pulp.LpVariable]] = {}
    for (s, t), v in z.items():
        pairs.setdefault(tuple(sorted((room_of[s], room_of[t]))), []).append(v)
    into: dict[int, list[pulp.LpVariable]] = {k: [] for k in range(count)}
    out: dict[int, list[pulp.LpVariable]] = {k: [] for k in range(count)}
    for (k, m), joins in sorted(pairs.items()):
        touch = var(prob, "t", k + 1, m + 1)
        prob += touch <= pulp.lpSum(joins), f"Touch({k + 1},{m + 1})"
        for a, c in ((k, m), (m, k)):
            f = var(prob, "f", a + 1, c + 1, cat="Continuous")
            prob += f <= (count - 1) * touch, f"RoomCap({a + 1},{c + 1})"
            out[a].append(f)
            into[c].append(f)
    for k in range(1, count):
        prob += pulp.lpSum(into[k]) - pulp.lpSum(out[k]) == 1, f"RoomFlow({k + 1})"
    return None


class _Contradiction(Exception):
    """The options left admit no answer."""


@dataclass(frozen=True)
class _Context:
    """What deducing looks up: each room's cells; for each candidate (room k, index i) its
    cells' neighbours in other rooms (`across`, as (cell, room)) and the rest of every 2x2 block
    it reaches into (`blocks`: cells that, all shaded, would complete a block); the rooms a
    changed cell concerns (`near_cell`: its own and those within one step, corners included)
    and the rooms beside each room (`near_room`)."""

    rooms: list[frozenset[Cell]]
    across: list[list[list[tuple[Cell, int]]]]
    blocks: list[list[list[frozenset[Cell]]]]
    near_cell: dict[Cell, set[int]]
    near_room: list[set[int]]
    cells: list[Cell]  # the grid's cells in reading order ...
    index: dict[Cell, int]  # ... each cell's place among them ...
    adj: list[list[int]]  # ... and its neighbours' places
    room_at: list[int]  # the room of each
    room_bits: list[int]  # each room's cells as a mask over those places (bit i: ctx.cells[i])
    width: int  # the grid's columns: the step between a cell's bit and the one below
    left: int  # the cells of the first column, as a mask ...
    right: int  # ... and of the last
    full: int  # every cell

    bits: list[list[int]]  # each candidate's cells as a mask ...
    single_bits: list[list[int]]  # ... its `blocks` of one cell, as one mask ...
    across_bits: list[list[int]]  # ... the left cells of its `blocks` of two side by side ...
    down_bits: list[list[int]]  # ... the top cells of those of two one above the other ...
    beside_bits: list[list[int]]  # ... and its neighbours in other rooms

    def bit(self, q: Cell) -> int:
        return 1 << self.index[q]

    def squares(self, on: int) -> tuple[int, int, int]:
        """What completes a 2x2 block of shaded cells, `on` the shaded ones (masks): the cells
        whose block's three other cells are shaded, the left cells of two shaded side by side,
        and the top cells of two shaded one above the other."""
        w, left, right, full = self.width, self.left, self.right, self.full
        third = (on >> 1) & (on >> w) & (on >> (w + 1)) & ~right  # the block to the lower right
        third |= (on << 1) & (on >> (w - 1)) & (on >> w) & ~left  # lower left
        third |= (on << w) & (on << (w - 1)) & (on >> 1) & ~right  # upper right
        third |= (on << (w + 1)) & (on << w) & (on << 1) & ~left  # upper left
        return third & full, on & (on >> 1) & ~right, on & (on >> w)

    def cells_of(self, bits: int) -> list[Cell]:
        """The cells of a mask."""
        cells = self.cells
        return [cells[i] for i in indices(bits)]

    def spread(self, seed: int, open_: int) -> int:
        """The cells of `open_` joined to those of `seed` (masks) through cells of `open_`."""
        w, left, right = self.width, self.left, self.right
        reach = seed & open_
        while True:
            grown = reach | (reach & ~right) << 1 | (reach & ~left) >> 1 | reach << w | reach >> w
            grown &= open_
            if grown == reach:
                return reach
            reach = grown


def _context(p: Puzzle) -> _Context:
    room_of = {cell: k for k in range(len(p.rooms)) for cell in p.rooms.cells(k)}
    squares_at: dict[Cell, list[frozenset[Cell]]] = {cell: [] for cell in room_of}
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            square = frozenset({(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)})
            if square <= room_of.keys():
                for cell in square:
                    squares_at[cell].append(square)
    across: list[list[list[tuple[Cell, int]]]] = []
    blocks: list[list[list[frozenset[Cell]]]] = []
    for k, options in p.candidates.items():
        across.append([])
        blocks.append([])
        for cells in options:
            near = {
                (q, room_of[q])
                for r, c in cells
                for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if q in room_of and room_of[q] != k
            }
            across[k].append(sorted(near))
            rests = {square - cells for cell in cells for square in squares_at[cell]}
            blocks[k].append(sorted(rests, key=sorted))
    near_cell = {
        (r, c): {
            room_of[r + i, c + j]
            for i in (-1, 0, 1)
            for j in (-1, 0, 1)
            if (r + i, c + j) in room_of
        }
        for r, c in room_of
    }
    near_room: list[set[int]] = [set() for _ in range(len(p.rooms))]
    for s, t in p.rooms.between:
        near_room[room_of[s]].add(room_of[t])
        near_room[room_of[t]].add(room_of[s])
    rooms = [frozenset(p.rooms.cells(k)) for k in range(len(p.rooms))]
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    index = {cell: i for i, cell in enumerate(cells)}
    adj = [
        [index[q] for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if q in index]
        for r, c in cells
    ]
    room_at = [room_of.get(cell, OUTSIDE) for cell in cells]
    room_bits = [sum(1 << index[q] for q in room) for room in rooms]
    left = sum(1 << index[r, 0] for r in range(p.rows))
    right = sum(1 << index[r, p.cols - 1] for r in range(p.rows))

    def mask(cells: Iterable[Cell]) -> int:
        return sum(1 << index[q] for q in cells)

    bits = [[mask(option) for option in p.candidates[k]] for k in range(len(p.rooms))]
    single_bits: list[list[int]] = []
    across_bits: list[list[int]] = []
    down_bits: list[list[int]] = []
    for room in blocks:
        singles, sides, belows = [], [], []
        for option in room:
            single = side = below = 0  # its rests of one cell; the first of two in a row or column
            for rest in option:
                if len(rest) == 1:
                    single |= mask(rest)
                elif len(rest) == 2:
                    (r1, c1), (r2, c2) = sorted(rest)
                    if r1 == r2:
                        side |= 1 << index[r1, c1]
                    elif c1 == c2:
                        below |= 1 << index[r1, c1]
            singles.append(single)
            sides.append(side)
            belows.append(below)
        single_bits.append(singles)
        across_bits.append(sides)
        down_bits.append(belows)
    beside_bits = [[mask(q for q, _ in option) for option in room] for room in across]
    return _Context(
        rooms,
        across,
        blocks,
        near_cell,
        near_room,
        cells,
        index,
        adj,
        room_at,
        room_bits,
        p.cols,
        left,
        right,
        (1 << len(cells)) - 1,
        bits,
        single_bits,
        across_bits,
        down_bits,
        beside_bits,
    )


@dataclass
class _Board:
    """What is known while deducing: each room's candidates still possible (indices into
    `Puzzle.candidates`), and the cells decided shaded and unshaded (also as masks, `on` and
    `off`, over `_Context.cells`' places). `work` counts the candidates examined and the cells
    the cut vertices' search reached."""

    p: Puzzle
    options: list[list[int]]
    shaded: set[Cell]
    unshaded: set[Cell]
    work: int = 0
    on: int = 0
    off: int = 0

    def copy(self) -> _Board:
        return _Board(
            self.p,
            [list(o) for o in self.options],
            set(self.shaded),
            set(self.unshaded),
            on=self.on,
            off=self.off,
        )

    def shade(self, q: Cell, ctx: _Context) -> None:
        self.shaded.add(q)
        self.on |= ctx.bit(q)

    def unshade(self, q: Cell, ctx: _Context) -> None:
        self.unshaded.add(q)
        self.off |= ctx.bit(q)


def _propagate(board: _Board, ctx: _Context, dirty: set[int]) -> None:
    """Narrow the candidates of the rooms in `dirty` (and of every room that what they decide
    concerns, in turn) to those that fit what is known, and decide the cells that all of a
    room's candidates shade (or none does): a candidate goes where it covers an unshaded cell,
    leaves out a shaded cell of its room, completes a 2x2 block with shaded cells, or lies
    beside a shaded cell of another room whose candidates over that cell all have its shape.
    Then the shaded cells must hang together through cells not unshaded: cells cut off from
    them are unshaded, and the cut vertices that keep them together shaded. _Contradiction
    where a room has no candidate left or the shaded cells are cut apart."""
    p = board.p
    unshaded = -1  # how many cells were unshaded when the shaded cells were last joined
    squared = -1  # the shaded cells (a mask) that `squares` last looked at
    while dirty:
        while dirty:
            k = dirty.pop()
            options = board.options[k]
            on, off = board.on, board.off
            mine = ctx.room_bits[k] & on
            bits, beside, names = ctx.bits[k], ctx.beside_bits[k], p.names[k]
            single, across, down = ctx.single_bits[k], ctx.across_bits[k], ctx.down_bits[k]
            if on != squared:
                squared = on
                third, pairs, stacked = ctx.squares(on)
            shaped = None  # worked out where a candidate lies beside a shaded cell
            kept = []
            for i in options:
                board.work += 1
                cells = bits[i]
                if cells & (off | third) or mine & ~cells or single[i] & on:
                    continue
                if across[i] & pairs or down[i] & stacked:
                    continue
                if beside[i] & on:
                    if shaped is None:
                        shaped = _shaped(board, ctx, k)
                    if beside[i] & shaped.get(names[i], 0):
                        continue
                kept.append(i)
            if not kept:
                raise _Contradiction
            if len(kept) < len(options):
                board.options[k] = kept
                dirty |= ctx.near_room[k]
            every, some = -1, 0
            for i in kept:
                every &= bits[i]
                some |= bits[i]
            for q in ctx.cells_of(every & ~on):
                board.shade(q, ctx)
                dirty |= ctx.near_cell[q]
            for q in ctx.cells_of(ctx.room_bits[k] & ~some & ~off):
                board.unshade(q, ctx)
                dirty |= ctx.near_cell[q]
        if board.on & board.off:
            raise _Contradiction
        if len(board.unshaded) != unshaded:
            unshaded = len(board.unshaded)
            for q in _cut_off(board, ctx):
                board.unshade(q, ctx)
                dirty |= ctx.near_cell[q]
            if not dirty:
                for q in _cut_vertices(board, ctx):
                    board.shade(q, ctx)
                    dirty |= ctx.near_cell[q]


def _cut_vertices(board: _Board, ctx: _Context) -> list[Cell]:
    """The unknown cells that must be shaded to keep the shaded cells connected: cut vertices of
    the cells not unshaded (`solver.deduce.cuts.cut_vertices`, searched from a shaded cell)
    that part from the rest a piece holding a shaded cell, or holding every cell of another
    room left (each room holds shaded cells). The search's cells count as work."""
    on, off, n = board.on, board.off, len(ctx.cells)
    if not on:
        return []
    order = [-1] * n
    for i in indices(off):
        order[i] = n
    start = (on & -on).bit_length() - 1
    reached, cuts = cut_vertices(ctx.adj, order, start, lambda u: not on >> u & 1)
    board.work += len(reached)
    if not cuts:
        return []
    # A piece holds the orders first .. end - 1. held[o]: the shaded cells among the first o
    # reached. inside[o]: the lowest last order of a room whose cells all have orders o or
    # more; the piece holds a whole room where that is below `end` (never the cut vertex's
    # own room: the cut vertex comes before its piece).
    held = [0]
    lowest, highest = [n] * len(ctx.rooms), [-1] * len(ctx.rooms)
    for o, i in enumerate(reached):
        held.append(held[-1] + (on >> i & 1))
        k = ctx.room_at[i]
        if lowest[k] == n:
            lowest[k] = o
        highest[k] = o
    inside = [n] * (len(reached) + 1)
    for first, last in zip(lowest, highest, strict=True):
        if first < n and last < inside[first]:
            inside[first] = last
    for o in range(len(reached) - 1, -1, -1):
        if inside[o + 1] < inside[o]:
            inside[o] = inside[o + 1]
    found = {
        ctx.cells[u] for u, first, end in cuts if held[end] > held[first] or inside[first] < end
    }
    return sorted(found)


def _shaped(board: _Board, ctx: _Context, k: int) -> dict[str, int]:
    """Shape -> the shaded cells beside room k (a mask) whose room's candidates over them all
    have that shape."""
    found: dict[str, int] = {}
    for m in ctx.near_room[k]:
        shaded = ctx.room_bits[m] & board.on
        if not shaded:
            continue
        unions: dict[str, int] = {}
        bits, names = ctx.bits[m], board.p.names[m]
        for j in board.options[m]:
            unions[names[j]] = unions.get(names[j], 0) | bits[j]
        for name, cells in unions.items():
            only = shaded & cells
            for other, more in unions.items():
                if other != name:
                    only &= ~more
            if only:
                found[name] = found.get(name, 0) | only
    return found


def _cut_off(board: _Board, ctx: _Context) -> list[Cell]:
    """The cells that cannot join the shaded ones: every room holds shaded cells, so they all
    lie in one group of cells not unshaded that reaches into every room (the group of a shaded
    cell, or the only such group). _Contradiction where the shaded cells lie apart or no group
    reaches every room. (As masks over ctx.cells' places: this runs after every probe.)"""
    if board.on:
        open_ = ~board.off & ((1 << len(ctx.cells)) - 1)
        reach = ctx.spread(board.on & -board.on, open_)
        if board.on & ~reach or any(not room & reach for room in ctx.room_bits):
            raise _Contradiction
        return ctx.cells_of(open_ & ~reach)
    seen = bytearray(len(ctx.cells))  # 1: reached, 2: unshaded, 3: in a group that is not
    for q in board.unshaded:
        seen[ctx.index[q]] = 2
    whole = len(ctx.rooms)
    group_found = None
    for start in range(len(seen)):
        if seen[start]:
            continue
        seen[start] = 1
        group, todo = [start], [start]
        while todo:
            for j in ctx.adj[todo.pop()]:
                if not seen[j]:
                    seen[j] = 1
                    group.append(j)
                    todo.append(j)
        if len({ctx.room_at[i] for i in group}) == whole and group_found is None:
            group_found = group
        else:
            for i in group:
                seen[i] = 3
    if group_found is None:
        raise _Contradiction
    return [ctx.cells[i] for i, v in enumerate(seen) if v != 1 and v != 2]


def _probe_room(board: _Board, ctx: _Context, k: int, work: int) -> bool:
    """Try each candidate left to room k on a copy of the board: one that leads to a
    contradiction goes; what every other leads to holds (the cells they all shade, or all
    leave unshaded). True if anything was decided. Within `work` (candidates examined)."""
    shaded: set[Cell] | None = None
    unshaded: set[Cell] = set()
    progress = False
    for i in list(board.options[k]):
        if board.work >= work:
            return progress
        if i not in board.options[k]:  # gone with what an earlier probe decided
            continue
        trial = board.copy()
        trial.options[k] = [i]
        try:
            _propagate(trial, ctx, {k})
        except _Contradiction:
            board.options[k].remove(i)
            progress = True
            _propagate(board, ctx, {k})
            continue
        finally:
            board.work += trial.work
        if shaded is None:
            shaded, unshaded = trial.shaded, trial.unshaded
        else:
            shaded &= trial.shaded
            unshaded &= trial.unshaded
    new_shaded = (shaded or set()) - board.shaded
    new_unshaded = unshaded - board.unshaded
    if new_shaded or new_unshaded:
        for q in new_shaded:
            board.shade(q, ctx)
        for q in new_unshaded:
            board.unshade(q, ctx)
        _propagate(board, ctx, {j for q in new_shaded | new_unshaded for j in ctx.near_cell[q]})
        progress = True
    return progress


def _probe(board: _Board, ctx: _Context, work: int) -> None:
    """Probing (`_probe_room`) over every open room, pass after pass while a pass decides
    something, within `work` (the board's count)."""
    progress = True
    while progress and board.work < work:
        progress = False
        for k in range(len(board.options)):
            if len(board.options[k]) > 1 and _probe_room(board, ctx, k, work):
                progress = True


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`_propagate`), then each room's candidates tried one at a time
    (probing, `_probe_room`): a candidate that leads to a contradiction goes, and what all the
    others lead to holds; pass after pass while a pass decides something, within the Tuning's
    `probe_work` (candidates examined). Where that leaves rooms open, a SAT solver (`learned`,
    within `sat_work`) decides the grid where it finds the one answer. The removed candidates'
    y are 0, the decided cells' b fixed."""
    ctx = _context(p)
    board = _Board(p, [list(range(len(p.candidates[k]))) for k in p.candidates], set(), set())
    for q in p.rooms.outside:
        board.unshade(q, ctx)
    try:
        _propagate(board, ctx, set(range(len(p.rooms))))
        _probe(board, ctx, tuning.probe_work)
    except _Contradiction:
        return NOTHING
    searched = tuning.sat_work or tuning.learn_work
    if any(len(options) > 1 for options in board.options) and searched:
        found = learned(p, board, tuning.learn_work, tuning.sat_work)
        if found is not None and len(found) < 2:
            if not found:
                return NOTHING  # no answer, which the solve will find
            return shading_deductions((set(found[0]), set(ctx.cells) - found[0]), p.rows, p.cols)
    known = shading_deductions((board.shaded, board.unshaded), p.rows, p.cols)
    dropped = {
        (k, i): 0
        for k, options in p.candidates.items()
        for i in range(len(options))
        if i not in set(board.options[k])
    }
    return dataclasses.replace(known, fixed={**known.fixed, "y": dropped})


def learned(p: Puzzle, board: _Board, work: int, sat_work: int = 0) -> list[frozenset[Cell]] | None:
    """The answers (up to two; the shaded cells of each) that a search that learns from its
    conflicts (the SAT solver of `solver.deduce.sat` within `sat_work` where given, else
    `solver.deduce.learning`'s within `work`) finds from what probing left on `board`: y(k, i) per
    candidate left, and per cell not decided u(q), 1 where it stays unshaded; sums: one
    candidate a room, and each cell's candidates over it and its u add up to 1 (a cell decided
    shaded: its candidates to 1); clauses: two candidates of one shape never touch across a
    room border, no 2x2 block all shaded; the shaded cells connected (those decided shaded
    always). None where its work runs out first."""
    count = 0

    def variable() -> int:
        nonlocal count
        count += 1
        return count - 1

    y = {(k, i): variable() for k, options in enumerate(board.options) for i in options}
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    open_ = [q for q in cells if q not in board.shaded and q not in board.unshaded]
    u = {q: variable() for q in open_}
    over: dict[Cell, list[int]] = {q: [] for q in cells}  # the candidates over each cell
    shaped_over: dict[tuple[Cell, str], list[int]] = {}  # ... and those of each shape
    for (k, i), v in y.items():
        for q in p.candidates[k][i]:
            over[q].append(v)
            shaped_over.setdefault((q, p.names[k][i]), []).append(v)
    sums = [(1, [(y[k, i], 1) for i in options]) for k, options in enumerate(board.options)]
    clauses: list[list[tuple[int, int]]] = []
    for q in cells:
        if q in board.unshaded:
            clauses.extend([(v, 0)] for v in over[q])
        else:
            sums.append((1, [(v, 1) for v in over[q]] + ([(u[q], 1)] if q in u else [])))
    for a, b in p.rooms.between:
        for name in SHAPES:
            for x in shaped_over.get((a, name), []):
                clauses.extend([(x, 0), (z, 0)] for z in shaped_over.get((b, name), []))
    for block in squares(p.rows, p.cols):
        if not any(q in board.unshaded for q in block):
            clauses.append([(u[q], 1) for q in block if q in u])
    nodes = [q for q in cells if q not in board.unshaded]
    shaded = learning.grid_connection(p.rows, p.cols, nodes, [u.get(q, -1) for q in nodes], 0)
    found = sat.after_probing(count, sums, work, sat_work, clauses, connected=[shaded])
    if found is None:
        return None
    return [frozenset(board.shaded | {q for q in open_ if not answer[u[q]]}) for answer in found]


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def pieces(p: Puzzle, shaded: Answer) -> dict[int, str | None]:
    """Room -> the tetromino its shaded cells make (None: not four cells side by side, or the
    2x2 square)."""
    found: dict[int, str | None] = {}
    for k in range(len(p.rooms)):
        cells = [cell for cell in p.rooms.cells(k) if cell in shaded]
        whole = len(cells) == SIZE and len(components(cells)) == 1
        found[k] = name_of(cells, SHAPES) if whole else None
    return found


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    inside = frozenset(cell for cell in shaded if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)
    problems: list[str] = []
    shapes = pieces(p, inside)
    for k in range(len(p.rooms)):
        cells = [cell for cell in p.rooms.cells(k) if cell in inside]
        if len(cells) != SIZE:
            count = len(cells)
            problems.append(
                Violation(
                    f"{p.room_name(k)} has {count} shaded cell{'s' * (count != 1)}, not 4",
                    cells or p.rooms.cells(k),
                )
            )
        elif len(components(cells)) != 1:
            problems.append(
                Violation(
                    f"the 4 shaded cells of {p.room_name(k)} do not hang together side by side",
                    cells,
                )
            )
        elif shapes[k] is None:
            problems.append(
                Violation(f"the shaded cells of {p.room_name(k)} are no L, I, T or S", cells)
            )
    room_of = {cell: k for k in range(len(p.rooms)) for cell in p.rooms.cells(k)}
    reported: set[tuple[int, int]] = set()
    problems += [
        Violation(f"{cell_name(q)} lies outside every room and is shaded", [q])
        for q in p.rooms.outside
        if q in inside
    ]
    for s, t in p.rooms.between:
        ks, kt = room_of[s], room_of[t]
        if s not in inside or t not in inside or shapes[ks] is None:
            continue
        if shapes[ks] == shapes[kt] and (ks, kt) not in reported:
            reported.add((ks, kt))
            problems.append(
                Violation(
                    f"two {shapes[ks]} tetrominoes touch at {cell_name(s)} and {cell_name(t)}, "
                    "across a room border",
                    [s, t],
                )
            )
    problems += check_no_square(inside, "shaded cells")
    problems += check_connected(inside, "the shaded cells")
    return problems


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    """The shaded cells, the rooms as `regions`, and `pieces`: each shaded cell's tetromino
    letter (null elsewhere)."""
    shapes = pieces(p, shaded)
    letters = [
        [shapes.get(p.rooms.room_of((r, c))) if (r, c) in shaded else None for c in range(p.cols)]
        for r in range(p.rows)
    ]
    return {**shaded_record(shaded), "regions": p.rooms.regions(), "pieces": letters}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a shaded label keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """The border codec; pzprjs' older body (the `d` flag) is refused."""
    if "d" in url.flags:
        raise puzzlink.UrlError("lits: the old URL format (flag d) is not supported")
    rooms, rest = rooms_of_url(url)
    puzzlink.end(rest)
    p = Puzzle(rooms)
    if any(not options for options in p.candidates.values()):
        raise puzzlink.UrlError("lits: a room into which no L, I, T or S tetromino fits")
    return p


def to_url(p: Puzzle) -> str:
    return puzzlink.url_text("lits", p.cols, p.rows, puzzlink.encode_rooms(p.rooms))


# No givens for the conflict search (Genre.givens): its rooms are the whole puzzle.
givens = None


# The rules decide 406 of janko's 410 published puzzles whole (no solver runs). Of the four left
# to the MIP, HiGHS proves a 20x20 in 8 s of CPU and SCIP in 16 s (a 12x12: 3.3 s and 2.9 s), so
# HiGHS, the default, with the complete form (lazy room cuts: 15 s on that 20x20).
GENRE = define(
    __name__,
    slug="lits",
    ja="ＬＩＴＳ",
    pzpr_ids=("lits",),
    tuning=Tuning(probe_work=2_000_000, sat_work=sat.AFTER_PROBING),
)
