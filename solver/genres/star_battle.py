"""Star Battle (スターバトル).

Rules: the square grid is divided into as many rooms as it has rows. Place stars in some cells:
every row, every column and every room holds the same number of stars (one, unless the puzzle
says two or more). Two stars never touch, not even diagonally. Some published grids (janko's)
leave cells outside every room, drawn black: they hold no star.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`): thick
borders drawn with Excel's border tool (medium or thick lines) around empty cells, as the puzzle
is printed; or labels, every cell holding its room's label (`A`, `B` ... `Z`, `AA` ...). The
number of stars per row, column and room goes in A1: the number alone among thick borders
(`2`), after A1's label with labels (`A2`); without it the puzzle has one star a line. No other
cell holds a number. With labels, a cell left empty lies outside every room (janko's black
cells; where A1 is one, the count stands alone in it); thick borders cannot show one.

    thick borders, 2 stars:     labels, 1 star:
    ┏━━━━━┳━━━┓
    ┃2    ┃   ┃                 A  A  B
    ┃  ┏━━┛   ┃                 A  B  B
    ...                          ...

The answer shades the stars' cells (a dark fill, and `■` in an empty cell; a label or the count
keeps its text). Shading by hand, for Check: `■` or `#`, or a dark fill (the only way on
labelled cells); `・`, `.` or `×` marks a cell known to hold no star. `import` writes the rooms
as thick borders and the count in A1 when it is more than one.

puzz.link: `starbattle`: the star count and `/`, then the border codec.

Model: s(r,c) = 1 when cell (r,c) holds a star. Row(r), Col(c) and Room(k): the s of each row,
column and room sum to the star count (a cell outside every room needs no row: the rooms, as
many as the rows, hold every star).
Touch(r,c): at most one star in each 2x2 block (every two touching cells lie in one),
`solver.blocks.cells.never_touching`. Every answer has as many
stars (rows x the star count), so the uniqueness check asks for an answer without every star of
the one found (`not_all_again`), a tighter row than the plain no-good over every cell.

Deductions (`deduce`), made before the solve over the same cells (a star is shaded,
`solver.deduce.shade_logic`), on a board of the genre's own (`StarBoard`, counters per line
instead of the shared board's count rules): each row, column and room holds the star count, no
two stars touch; and the bands: w rows side by side hold w x the count, as w rooms do, so where
w rooms can place stars only inside a band of w rows the band's other cells hold none, and where
only w rooms can place one in the band they place none outside it (the same for columns), looked
at again only where a room left one of the band's lines or its last line outside it. Then a SAT
solver over the cells left (`learned`: CaDiCaL through `solver.deduce.sat`; the lines' and
rooms' counts as sums, touching stars as clauses) decides the grid whole where it ends with one
answer within `sat_work`; what is left goes to the MIP with the decided cells fixed. Probing
(each unknown cell tried both ways) and a depth-first search (branching in the line with the
fewest ways left to place its stars) come before it where the Tuning gives them work; the
genre's own gives none, as the SAT solver decides sooner (see its Tuning).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pulp

from solver.blocks.cells import (
    check_never_touching,
    never_touching,
    not_all_again,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat, shade_logic
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms, label_cells
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem, value
from solver.mip.settings import Tuning

Answer = frozenset[Cell]  # the stars' cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    stars: int = 1  # stars in every row, column and room


def most_stars(n: int) -> int:
    """The most stars a line of n cells holds without two touching."""
    return (n + 1) // 2


def _check(rows: int, cols: int, rooms: int, stars: int) -> str | None:
    """What makes the shape impossible, or None."""
    if rows != cols:
        return f"the grid is {rows} x {cols}; a star battle grid is square"
    if rooms == 1 and rows > 1:
        return (
            f"the grid is one room (no walls found); a {rows} x {rows} star battle has {rows}: "
            "draw the walls as medium or thick borders, or type a room label in every cell"
        )
    if rooms != rows:
        return f"the grid has {rooms} rooms; a {rows} x {rows} star battle has {rows}"
    if not 1 <= stars <= most_stars(rows):
        return f"{stars} stars a line do not fit in {rows} cells without touching"
    return None


def parse(grid: Grid) -> Puzzle:
    rooms, numbers = grid_rooms(grid, per_room=False, outside=True)
    stars = numbers.pop((0, 0), 1)
    if numbers:
        (r, c), n = min(numbers.items())
        raise grid.error(
            r, c, f"only A1 holds a number (the stars per row, column and room); found {quote(n)}"
        )
    problem = _check(grid.rows, grid.cols, len(rooms), stars)
    if problem is not None:
        if stars != 1 and not 1 <= stars <= most_stars(grid.rows):
            raise grid.error(0, 0, problem)
        if not problem.endswith("every cell"):
            problem += ": check the rooms' borders or labels"
        raise InputError(grid.sheet, problem)
    return Puzzle(rooms, (), stars)


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Empty cells, the count in A1 when more than one; the rooms are drawn as borders. With a
    cell outside every room, which borders cannot show, the rooms' labels instead, the count
    after A1's label, and such cells empty."""
    if p.rooms.outside:
        cells = label_cells(p.rooms)
        if p.stars != 1:
            cells[0][0] = p.stars if cells[0][0] is None else f"{cells[0][0]}{p.stars}"
        return cells
    empty: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    if p.stars != 1:
        empty[0][0] = p.stars
    return empty


def model(p: Puzzle) -> Model:
    prob = new_problem("star_battle")
    s = shade_vars(prob, p.rows, p.cols, base="s")
    for r in range(p.rows):
        prob += pulp.lpSum(s[r, c] for c in range(p.cols)) == p.stars, f"Row({r + 1})"
    for c in range(p.cols):
        prob += pulp.lpSum(s[r, c] for r in range(p.rows)) == p.stars, f"Col({c + 1})"
    for k, cells in enumerate(p.rooms.all()):
        prob += pulp.lpSum(s[q] for q in cells) == p.stars, f"Room({k + 1})"
    never_touching(prob, s)
    m = Model(prob, list(s.values()), {"s": s})
    m.no_good = lambda: not_all_again(s)  # every answer has rows x stars stars
    return m


class StarBoard(Board):
    """The star battle board. Its lines (rows, columns and rooms) each hold the star count,
    kept as counters per line: the stars placed and the cells still unknown, updated as cells
    are set, so a line is looked at only when one of its cells is set, at the cost of two
    counters. Where a line has its stars, its unknown cells hold none; where its unknown cells
    are all its stars can still take, they hold stars. A star's eight neighbours hold none (two
    stars touch exactly where they share a 2 x 2 block). With `bands`, the rooms also count
    against bands of rows and of columns (`_bands`): per room and line (row or column), how
    many of its cells there may still hold a star (`left`), per line the rooms that may
    (`rooms_in`, a bit a room) and per room its lines that may (`spans`, a bit a line), kept
    as cells are emptied, with the rooms that left a line since the bands were last looked at
    (`dropped`). A cell outside every room starts without a star."""

    def __init__(self, p: Puzzle, bands: bool = True) -> None:
        super().__init__(p.rows, p.cols, apart=False, connected=False)
        n, cols = p.rows, p.cols
        self.want = p.stars
        self.rooms = [[r * cols + c for r, c in cells] for cells in p.rooms.all()]
        self.lines = [[r * cols + c for c in range(cols)] for r in range(n)]
        self.lines += [[r * cols + c for r in range(n)] for c in range(cols)]
        self.lines += self.rooms
        # per cell, its row's, its column's and its room's line
        self.line_of: list[tuple[int, ...]] = [() for _ in range(n * cols)]
        for k, cells in enumerate(self.lines):
            for i in cells:
                self.line_of[i] += (k,)
        for cells in self.lines:
            self.counted(p.stars, cells)
        self.stars = [0] * len(self.lines)  # per line, its stars placed
        self.free = [len(cells) for cells in self.lines]  # ... and its cells still unknown
        for r, c in p.rooms.outside:  # no star, and in no room's line
            self.state[r * cols + c] = UNSHADED
            self.free[r] -= 1
            self.free[n + c] -= 1
        self.touch = [
            [
                (r + dr) * cols + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < cols
            ]
            for r, c in map(lambda i: divmod(i, cols), range(n * cols))
        ]
        self.left = [[0] * (len(self.rooms) * n) for _axis in (0, 1)]
        self.rooms_in = [[0] * n for _axis in (0, 1)]
        self.spans = [[0] * len(self.rooms) for _axis in (0, 1)]
        for k, cells in enumerate(self.rooms):
            for i in cells:
                for axis, line in enumerate(divmod(i, cols)):
                    self.left[axis][k * n + line] += 1
                    self.rooms_in[axis][line] |= 1 << k
                    self.spans[axis][k] |= 1 << line
        # per axis, (room, line) for each room that left a line since its bands were looked
        # at; None: every band is to be looked at (the first look, and a board without bands
        # has no drops to keep)
        self.dropped: list[list[tuple[int, int]] | None] = [None, None] if bands else [[], []]
        self.bands = bands
        # firsts[f][g]: the bits f x n, (f + 1) x n ... g x n, the bands from each first line
        # f..g to line 0 (a band's bit is first x n + last); times a set of last lines (bits
        # below n), the bands from each of those first lines to each of those last lines
        self.firsts = [
            [sum(1 << h * n for h in range(f, g + 1)) for g in range(n)] for f in range(n)
        ]
        for k in range(len(self.lines)):  # a room of as many cells as stars, say
            self._line(k)

    def copy(self) -> StarBoard:
        other = super().copy()
        other.stars, other.free = self.stars[:], self.free[:]
        other.left = [self.left[0][:], self.left[1][:]]
        other.rooms_in = [self.rooms_in[0][:], self.rooms_in[1][:]]
        other.spans = [self.spans[0][:], self.spans[1][:]]
        other.dropped = [None if d is None else d[:] for d in self.dropped]
        return other

    def set(self, i: int, value: int) -> bool:
        state = self.state
        if state[i] == value:
            return False
        if state[i] != UNKNOWN:
            raise Contradiction
        state[i] = value
        self.todo.append(i)
        row, col, room = self.line_of[i]
        free = self.free
        free[row] -= 1
        free[col] -= 1
        free[room] -= 1
        if value == SHADED:
            stars = self.stars
            stars[row] += 1
            stars[col] += 1
            stars[room] += 1
        elif self.bands:
            k, n = room - 2 * self.rows, self.rows
            for axis, line in ((0, row), (1, col - n)):
                left = self.left[axis]
                left[k * n + line] -= 1
                if not left[k * n + line]:
                    self.rooms_in[axis][line] &= ~(1 << k)
                    self.spans[axis][k] &= ~(1 << line)
                    dropped = self.dropped[axis]
                    if dropped is not None:
                        dropped.append((k, line))
        return True

    def _local(self) -> None:
        """For each cell set: a star empties its neighbours, and its lines are looked at
        where they have their stars or no more unknown cells than stars to come (`_line`)."""
        state, todo, touch, line_of = self.state, self.todo, self.touch, self.line_of
        stars, free, want = self.stars, self.free, self.want
        while todo:
            i = todo.pop()
            if state[i] == SHADED:
                for j in touch[i]:
                    self.set(j, UNSHADED)
            for k in line_of[i]:
                if stars[k] >= want or stars[k] + free[k] <= want:
                    self._line(k)

    def _line(self, k: int) -> None:
        """Line k holds the star count: once it has them, its unknown cells hold none; once
        its unknown cells are all it can still fill, they hold stars."""
        placed, open_, want = self.stars[k], self.free[k], self.want
        if placed > want or placed + open_ < want:
            raise Contradiction
        if open_ and (placed == want or placed + open_ == want):
            value, state = UNSHADED if placed == want else SHADED, self.state
            for j in self.lines[k]:
                if state[j] == UNKNOWN:
                    self.set(j, value)

    def propagate(self) -> None:
        super().propagate()
        while True:
            axis = next((a for a in (0, 1) if self.dropped[a] != []), None)
            if axis is None:
                return
            if self._bands(axis):
                super().propagate()

    def _bands(self, axis: int) -> bool:
        """A band of w rows (axis 0) or columns (1) side by side holds w x the star count, as
        do w rooms: where w rooms may hold stars only inside the band, the band's other cells
        hold none (more than w: no answer); where only w rooms may hold a star in it, those
        rooms hold none outside it. The bands looked at are those whose rooms changed since
        the last look (`_changed_bands`): a band's rule holds until they do."""
        n = self.rows
        bands = self._changed_bands(axis)
        if not bands:
            return False
        changed = False
        rooms_in = self.rooms_in[axis][:]
        before, after = [0] * (n + 1), [0] * (n + 1)  # the rooms of the lines before l, after
        for line in range(n):
            before[line + 1] = before[line] | rooms_in[line]
            after[n - 1 - line] = after[n - line] | rooms_in[n - 1 - line]
        while bands:
            low = bands & -bands
            bands ^= low
            first, last = divmod(low.bit_length() - 1, n)
            touching = 0
            for line in range(first, last + 1):
                touching |= rooms_in[line]
            width = last - first + 1
            inside = touching & ~(before[first] | after[last + 1])
            m, t = inside.bit_count(), touching.bit_count()
            if m > width or t < width:
                raise Contradiction
            if m == width < t:  # the other rooms hold no star in the band
                changed |= self._empty(axis, touching & ~inside, first, last, True)
            if t == width > m:  # these rooms hold no star outside it
                changed |= self._empty(axis, touching, first, last, False)
        return changed

    def _changed_bands(self, axis: int) -> int:
        """The bands whose rooms touching them, or lying inside them, changed since the last
        look (every band at the first look; not the band of all n lines), as a bit a band (bit
        first x n + last), and the drops forgotten. A room that left line l stops touching the
        bands that hold l and none of its lines left; and where l was its first or last line,
        it now lies inside the bands that hold its lines left but not l. No other band's rooms
        changed."""
        n, dropped = self.rows, self.dropped[axis]
        self.dropped[axis] = []
        rows = self.firsts

        def rectangle(firsts: range, lasts: range) -> int:
            """The bands from each of `firsts` to each of `lasts`."""
            if not (firsts and lasts):
                return 0
            return ((1 << len(lasts)) - 1 << lasts.start) * rows[firsts.start][firsts.stop - 1]

        if dropped is None:
            return sum(rectangle(range(f, f + 1), range(f, n)) for f in range(n)) - (1 << n - 1)

        found = 0
        for k, line in dropped:
            lines = self.spans[axis][k]
            if not lines:  # the room can hold no star
                raise Contradiction
            lower, higher = lines & ((1 << line) - 1), lines >> (line + 1)
            prev = lower.bit_length() - 1  # its nearest line before l (-1: none)
            after = line + (higher & -higher).bit_length() if higher else n  # after l (n: none)
            found |= rectangle(range(prev + 1, line + 1), range(line, after))
            lo, hi = (lines & -lines).bit_length() - 1, lines.bit_length() - 1
            if line < lo:
                found |= rectangle(range(line + 1, lo + 1), range(hi, n))
            elif line > hi:
                found |= rectangle(range(lo + 1), range(hi, line))
        return found & ~(1 << n - 1)

    def _empty(self, axis: int, rooms: int, first: int, last: int, inside: bool) -> bool:
        """Empty the cells of the rooms (a bit a room) inside the band of lines first..last, or
        outside it."""
        changed = False
        for k, cells in enumerate(self.rooms):
            if rooms >> k & 1:
                for i in cells:
                    if (first <= divmod(i, self.cols)[axis] <= last) == inside:
                        changed |= self.set(i, UNSHADED)
        return changed


def deduction_board(p: Puzzle) -> Board:
    """Shaded: a star. Each row, column and room holds the star count, no two stars touch,
    and the rooms count against bands of rows and columns (`StarBoard`); a cell outside every
    room holds none."""
    return StarBoard(p)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`); every unknown cell tried both ways (probing)
    and a depth-first search for the answers (`probing.search`, branching in the line with the
    fewest ways left to place its stars: `shade_logic.tightest_count`) within the Tuning's
    `probe_work` and `search_work`; then the SAT solver over the rules (`learned`) within its
    `sat_work`, which decides the grid whole where it finds exactly one answer."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p), p.rows, p.cols, tuning, frontiers=(shade_logic.tightest_count,)
    )
    if known is not None and tuning.sat_work:
        known = learned(p, known, tuning.sat_work)
    return shading_deductions(known, p.rows, p.cols, var="s")


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], sat_work: int
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells with a star and without (`known`) with the rest decided by the SAT solver
    (`shade_logic.learned`, within `sat_work`): the star count in each row, column and room,
    no star outside every room, no two stars touching."""
    lines = [[(r, c) for c in range(p.cols)] for r in range(p.rows)]
    lines += [[(r, c) for r in range(p.rows)] for c in range(p.cols)]
    touching = [
        ([(r, c), (r + dr, c + dc)], SHADED)
        for r in range(p.rows)
        for c in range(p.cols)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1))
        if 0 <= r + dr < p.rows and 0 <= c + dc < p.cols
    ]
    outside = [([q], SHADED) for q in p.rooms.outside]
    return shade_logic.learned(
        p.rows,
        p.cols,
        known,
        0,
        counts=[(p.stars, cells) for cells in lines + p.rooms.all()],
        never_all=touching + outside,
        sat_work=sat_work,
    )


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["s"].items() if value(v))


def verify(p: Puzzle, stars: Answer) -> list[str]:
    inside = {cell for cell in stars if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols}
    problems: list[str] = []
    want = p.stars

    def count(what: str, cells: list[Cell]) -> None:
        n = sum(cell in inside for cell in cells)
        if n != want:
            problems.append(Violation(f"{what} has {n} star{'s' * (n != 1)}, not {want}", cells))

    for r in range(p.rows):
        count(f"row {r + 1}", [(r, c) for c in range(p.cols)])
    for c in range(p.cols):
        count(f"column {column_letter(c + 1)}", [(r, c) for r in range(p.rows)])
    for k, cells in enumerate(p.rooms.all()):
        count(p.room_name(k), cells)
    problems += [
        Violation(f"{cell_name(q)} lies outside every room and holds a star", [q])
        for q in p.rooms.outside
        if q in inside
    ]
    problems += check_never_touching(inside, "stars")
    return problems


def render(p: Puzzle, stars: Answer) -> list[CellWrite]:
    return render_shaded(stars)


def record(p: Puzzle, stars: Answer) -> dict:
    return {**shaded_record(stars), "regions": p.rooms.regions(), "stars": p.stars}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["s"]))


blank = shading_blank  # a starred label keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    count, slash, rest = url.body.partition("/")
    if not slash or not count.isascii() or not count.isdigit():
        raise puzzlink.UrlError("starbattle: the body starts with the star count and '/'")
    stars = int(count)
    rooms, rest = rooms_of_url(dataclasses.replace(url, body=rest))
    puzzlink.end(rest)
    problem = _check(url.rows, url.cols, len(rooms), stars)
    if problem is not None:
        raise puzzlink.UrlError(f"starbattle: {problem}")
    return Puzzle(rooms, (), stars)


def to_url(p: Puzzle) -> str:
    body = f"{p.stars}/{puzzlink.encode_rooms(p.rooms)}"
    return puzzlink.url_text("starbattle", p.cols, p.rows, body)


# No givens for the conflict search (Genre.givens): its rooms are the whole puzzle.
givens = None


# HiGHS: the faster back end on the published puzzles (every other one of puzzlekit's
# Starbattle, 146 solved and proved unique: 42 s in all against SCIP's 53 s, one run each on a
# loaded machine; benchmarks/benchmark_puzzlekit.py --solver).
# No probing and no search: the SAT solver straight after the rules decides every published
# puzzle with one answer, in half the CPU of probing and a search first. `python -m
# benchmarks.benchmark_probing --genres star-battle --every 2 --offset 0 --work
# 0,2000,20000,100000` (154 puzzles): 0.84 s in all against 1.75 s with probing and the search,
# the slowest 44 against 80 ms, the median 5.0 against 4.6 ms; checked with `--offset 1`: 0.97
# against 1.92 s, the slowest 32 against 156 ms, the median 5.0 against 5.7 ms.
GENRE = define(
    __name__,
    slug="star-battle",
    ja="スターバトル",
    pzpr_ids=("starbattle",),
    names=("starbattle", "star battle", "two not touch", "スターバトル"),
    tuning=Tuning(
        solver="highs",
        sat_work=sat.AFTER_PROBING,
    ),
)
