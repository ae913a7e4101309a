"""Country Road (カントリーロード).

Rules: the grid is divided into countries (regions). Draw one loop through the centres of cells,
moving up, down, left and right, never crossing or branching, that visits every country exactly
once: it enters each country once and leaves it once. A number in a country counts the cells
of that country the loop passes through; a country without a number may have any count. Two
cells that the loop leaves out never face each other across a country border. Some puzzles
(janko.at's) have black cells: they belong to no country and the loop never enters them.

Layout: one puzzle cell per spreadsheet cell from A1, and every cell holds the label of its
country: a word of letters, such as `A`, `B` ... `Z`, then `AA`, `AB` ... for bigger maps (kana
and other letters work too; case does not matter, `a` is `A`). All cells of a country carry the
same label and must hang together; two countries need two labels. A country's number is typed
together with its label in one (any one) of its cells, before or after it: `A4`, `4A` or
`A 4`. One number per country at most, from 1 to the country's size. A black cell is `■` (or
`#`). Nothing stays empty. The sentinel one cell diagonally below-right of the grid, as always.
For the map

    A A B B        with 4 in country A:   A4 A  B  B
    A C C B                               A  C  C  B

The answer cannot go into the cells as values (they all hold labels and givens are never
overwritten), so it draws the loop through the cells' number format: each cell on the loop
shows its label followed by its piece of the loop, `A ─`, `B ┌`, `A4 │` (the value stays the
label; a cell's number format is `@" ─"` and so on). Cells off the loop keep their look.
Clearing the answer restores the number formats. An answer typed by hand puts the piece
after the label instead, `A -`, `A4 |`, `B ┐` (`×` for a cell the loop leaves out); Check
reads both forms.

Model (the seed's, on undirected edges): h(r,c) = 1 when the loop joins cell (r,c) to its right
neighbour, v(r,c) to the cell below; u(r,c) = 1 when the loop visits the cell (fixed to 1 in a
country of one cell and in a country whose number is its size). Every cell has loop degree 2 u. (A
black cell has neither u nor segments: the model leaves it out.) Countries are numbered k = 1, 2 ...
in the order of their first cell. Cross(k): exactly two loop edges cross the border of country k (it
is entered and left once; the seed counts one outgoing arc). Count(k): the u of a numbered country
sum to its number. FaceH/FaceV: u(a) + u(b) >= 1 for neighbours a, b in different countries. Valid
inequalities that tighten it: Pair(i,j): at most one loop edge between two countries (two would
close a loop over those two alone), and, once there are more than four countries, Block(r,c): at
most three of the four edges of a 2x2 block (a loop of four cells cannot visit them all). The loop
is one piece (`solver.blocks.lines.single_loop`, rooted at a cell the clues force onto the loop, if
there is one). The lazy form adds its own cut on whole countries: a piece of an answer that visits
only the countries U gets x(border of U) >= 2 (the loop must still go from U to the others), on top
of `single_loop`'s cell cut. The loop is the whole answer, so the uniqueness check cuts off the
answer found by "not every edge of this loop again" (`solver.blocks.lines.loop_no_good`), which
every other loop satisfies.

Deductions (`deduce`): the rules of `solver.deduce.loop_logic` decide cells on the loop or off it
and segments used or unused before the solve: a loop's own rules; each country's border crossed
twice, two countries joined by one edge at most, a number as a tally of loop cells, the loop in one
piece inside each country, cells left out never facing each other across a border; then each unknown
cell and segment is tried both ways (probing). The pipeline fixes each decided u and x by its
bounds; what the rules decide holds in every answer, so the model keeps its answers. Probing's
budget is the genre's Tuning, in work: `probe_work`, or `probe_work_per_cell` for each cell where
that is more. Where probing leaves segments open, a SAT solver over the same rules
(`solver.deduce.loop_sat`, within `sat_conflicts`), and where that decides nothing a depth-first
search for the answers (`loop_logic.search`, probed at each node) within `search_work`, decide the
puzzle where they end with one answer. They decide most published country roads whole, and where
they do the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pulp

from solver.blocks.geometry import Cell, CellPuzzle, Segment, grid_edges
from solver.blocks.lines import (
    Network,
    arms,
    check_ends,
    check_pieces,
    edge_vars,
    lines_record,
    loop_no_good,
    no_square_loop,
    pieces,
    single_loop,
)
from solver.blocks.names import a1, cell_name, quote
from solver.blocks.rooms import Rooms, room_label
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import glyph, read_arms, read_segments, within
from solver.io.givens import Given
from solver.io.rooms_sheet import check_joined
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cell_vars, cname, new_problem
from solver.mip.settings import FULL_PRESOLVE, Tuning

# a label of letters with an optional number before or after it: A, A4, 4A, A 4
# ... and, in an answer typed by hand, the cell's piece of the loop after it: A ─, A4 -, B |
CELL = re.compile(
    r"^(?:(?P<before>\d+)\s*)?(?P<label>[^\W\d_]+)(?:\s*(?P<after>\d+))?"
    r"(?:\s*(?P<line>[─│┌┐└┘|×・.-]))?$"
)
FORMAT = re.compile(r'^@\s*"\s*(?P<line>.)\s*"$')  # the number format the answer draws with


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str | None, ...], ...]  # each cell's country label (upper case);
    # None for a black cell, in no country
    numbers: tuple[tuple[str, int], ...] = ()  # (label, number) of the numbered countries

    def countries(self) -> dict[str, list[Cell]]:
        """Label -> its cells, countries in the order of their first cell (row-major)."""
        found: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.cells):
            for c, label in enumerate(row):
                if label is not None:
                    found.setdefault(label, []).append((r, c))
        return found

    def open_cells(self) -> list[Cell]:
        """The cells of some country (every cell but the black ones), in reading order."""
        return [cell for cell in self.positions() if self.label(cell) is not None]

    def segments(self) -> list[Segment]:
        """The segments between neighbouring cells of some country, lower cell first."""
        return [
            (a, b)
            for a, b in grid_edges(self.rows, self.cols)
            if self.label(a) is not None and self.label(b) is not None
        ]

    def number(self, label: str) -> int | None:
        return dict(self.numbers).get(label)

    def borders(self) -> list[tuple[Cell, Cell]]:
        """The pairs of neighbouring cells in different countries, lower cell first."""
        return [(a, b) for a, b in self.segments() if self.label(a) != self.label(b)]

    def label(self, cell: Cell) -> str | None:
        return self.cells[cell[0]][cell[1]]


Answer = frozenset[Segment]  # the loop's centre-to-centre segments, lower cell first


def parse(grid: Grid) -> Puzzle:
    labels: list[list[str]] = []
    numbered: dict[str, tuple[int, Cell]] = {}
    for r in range(grid.rows):
        row = []
        for c in range(grid.cols):
            label, n = _read_cell(grid, r, c)
            if n is not None:
                if label in numbered:
                    m, (rr, cc) = numbered[label]
                    raise grid.error(
                        r,
                        c,
                        f"country {quote(label)} already has its number {m} in "
                        f"{a1(rr + 1, cc + 1)}; "
                        f"found a second one, {n}: one number per country",
                    )
                numbered[label] = (n, (r, c))
            row.append(label)
        labels.append(row)
    p = Puzzle(tuple(tuple(row) for row in labels))
    countries = p.countries()
    check_joined(grid, countries, "country")
    for label, (n, (r, c)) in numbered.items():
        size = len(countries[label])
        if not 1 <= n <= size:
            raise grid.error(
                r,
                c,
                f"country {quote(label)} has {size} cell{'s' * (size > 1)}, so its number is "
                f"from 1 to {size}; found {quote(n)}",
            )
    if len(countries) < 2:
        one = f"one country ({quote(next(iter(countries)))})" if countries else "black"
        raise InputError(
            grid.sheet,
            f"the whole grid is {one}; label each country of the map with its own letters",
        )
    return Puzzle(p.cells, tuple(sorted((k, n) for k, (n, _) in numbered.items())))


def _read_cell(grid: Grid, r: int, c: int) -> tuple[str | None, int | None]:
    """A cell's country label and number; (None, None) for a black cell."""
    v = grid[r, c]
    if is_mark(v, spellings.BLACK):
        return None, None
    if v is None:
        raise grid.error(
            r,
            c,
            "every cell holds the label of its country (A, or A4 with its number), or ■ for a "
            "black cell; found an empty cell",
        )
    if isinstance(v, int):
        raise grid.error(
            r,
            c,
            f"found the number {quote(v)} without a country label; type it with the label of "
            f"its country, e.g. A{quote(v)} or {quote(v)}A",
        )
    text = unicodedata.normalize("NFKC", str(v)).strip()
    m = CELL.match(text)
    if m is None or (m["before"] and m["after"]):
        raise grid.error(
            r,
            c,
            f"expected a country label of letters, with its number if it has one (A, A4 or "
            f"4A); found {quote(v)}",
        )
    number = m["before"] or m["after"]  # (a piece of the loop after it is the answer's)
    return m["label"].upper(), int(number) if number else None


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Labels (`■` for a black cell), and each number with the label in its country's first
    cell."""
    out: list[list[Value]] = [["■" if v is None else v for v in row] for row in p.cells]
    for label, cells in p.countries().items():
        n = p.number(label)
        if n is not None:
            r, c = cells[0]
            out[r][c] = f"{label}{n}"
    return out


def forced(p: Puzzle) -> set[Cell]:
    """Cells every answer visits: a country of one cell, or one whose number is its size."""
    return {
        cell
        for label, cells in p.countries().items()
        if len(cells) == 1 or p.number(label) == len(cells)
        for cell in cells
    }


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("country_road")
    countries = p.countries()
    index = {label: k for k, label in enumerate(countries, start=1)}
    on_loop = forced(p)
    cells = p.open_cells()
    x = edge_vars(prob, p.segments())
    u = cell_vars(prob, "u", [cell for cell in cells if cell not in on_loop])
    used = {cell: u.get(cell, 1) for cell in cells}
    borders = p.borders()

    for label, k in index.items():
        crossing = [x[a, b] for a, b in borders if label in (p.label(a), p.label(b))]
        prob += pulp.lpSum(crossing) == 2, f"Cross({k})"
        n = p.number(label)
        if n is not None and n < len(countries[label]):
            prob += pulp.lpSum(used[cell] for cell in countries[label]) == n, f"Count({k})"

    for a, b in borders:
        if a not in on_loop and b not in on_loop:
            kind = "H" if a[0] == b[0] else "V"
            prob += used[a] + used[b] >= 1, cname(f"Face{kind}", a)

    if len(countries) > 2:
        between: dict[tuple[int, int], list[pulp.LpVariable]] = {}
        for a, b in borders:
            i, j = sorted((index[p.label(a)], index[p.label(b)]))
            between.setdefault((i, j), []).append(x[a, b])
        for (i, j), edges in sorted(between.items()):
            if len(edges) > 1:
                prob += pulp.lpSum(edges) <= 1, f"Pair({i},{j})"
    if len(countries) > 4:
        no_square_loop(prob, x, p.rows, p.cols, name="Block")

    m = Model(prob, list(x.values()), {"x": x, "u": u})
    m.no_good = loop_no_good(x)  # the loop is the whole answer
    root = min(on_loop) if on_loop else None
    net = Network(dict(x), used)
    m.separate(single_loop(prob, net, lazy=lazy, root=root))
    if lazy:
        m.separate(_country_cuts(p, net))
    return m


def logic_graph(p: Puzzle) -> tuple[list[Cell], list[Segment], loop_logic.Graph]:
    """The cells, the segments between them, and the countries as `solver.deduce.loop_logic` takes
    them."""
    cells = p.open_cells()
    segments = p.segments()
    index = {segment: e for e, segment in enumerate(segments)}
    place = {cell: i for i, cell in enumerate(cells)}
    borders = [index[segment] for segment in p.borders()]
    labels = {index[a, b]: (p.label(a), p.label(b)) for a, b in p.borders()}
    sums = []
    for label in p.countries():  # entered once and left once
        sums.append(([e for e in borders if label in labels[e]], 2, 2))
    between: dict[frozenset[str], list[int]] = {}
    for e in borders:
        between.setdefault(frozenset(labels[e]), []).append(e)
    if len(p.countries()) > 2:  # two countries joined twice would close a loop of their own
        sums += [(group, 0, 1) for group in between.values() if len(group) > 1]
    tallies = [
        ([place[cell] for cell in country], p.number(label))
        for label, country in p.countries().items()
        if p.number(label) is not None
    ]
    graph = loop_logic.grid_graph(
        cells,
        segments,
        apart=borders,  # cells left out never face each other across a border
        sums=sums,
        tallies=tallies,
        on=[place[cell] for cell in sorted(forced(p))],
        rooms=[[place[cell] for cell in country] for country in p.countries().values()],
    )
    return cells, segments, graph


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the loop's rules decide (`solver.deduce.loop_logic`): cells on the loop or off
    it, segments used or unused; the answer where they decide every segment."""
    return loop_logic.loop_deductions(
        *logic_graph(p),
        tuning.probe_work,
        tuning.probe_work_per_cell,
        tuning.search_work,
        tuning.sat_conflicts,
    )


def _country_cuts(p: Puzzle, net: Network) -> Callable[[], list[pulp.LpConstraint]]:
    """Lazy cuts on whole countries: a piece of the answer that visits only some countries U
    shows that the loop must still cross from U to the rest, twice: x(border of U) >= 2.
    (Stronger than the cell cut of `single_loop`, which needs u terms; a piece inside one
    country is left to that cut.)"""
    label = {cell: p.label(cell) for cell in net.used}
    every = set(p.countries())
    borders = p.borders()

    def cuts() -> list[pulp.LpConstraint]:
        parts = pieces(net)
        if len(parts) < 2:
            return []
        found, seen = [], set()
        for part in parts:
            u = frozenset(label[cell] for cell in part)
            if u == every or len(u) < 2 or u in seen:
                continue
            seen.add(u)
            crossing = [net.x[a, b] for a, b in borders if (label[a] in u) != (label[b] in u)]
            found.append(pulp.lpSum(crossing) >= 2)
        return found

    return cuts


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    grid, inside = set(p.positions()), set(p.open_cells())
    problems = [
        Violation(f"the loop leaves the grid between {cell_name(s)} and {cell_name(t)}", [s, t])
        for s, t in sorted(a)
        if s not in grid or t not in grid
    ]
    problems += [
        Violation(f"the loop enters the black cell {cell_name(cell)}", [cell])
        for cell in sorted({cell for segment in a for cell in segment} & grid - inside)
    ]
    problems += [
        Violation(f"{cell_name(s)} and {cell_name(t)} are not neighbours", [s, t])
        for s, t in sorted(a)
        if abs(s[0] - t[0]) + abs(s[1] - t[1]) != 1
    ]
    if problems:
        return problems
    sides = arms(a)
    problems += check_ends(sides, lambda cell: 2)
    if problems:
        return problems
    if not a:
        return [Violation("there is no loop", inside)]
    problems += check_pieces(a)
    on = set(sides)
    for label, cells in p.countries().items():
        inside = set(cells)
        crossings = sum((s in inside) != (t in inside) for s, t in a)
        if crossings != 2:
            problems.append(
                Violation(
                    f"the loop crosses the border of country {quote(label)} {crossings} times, "
                    "not 2",
                    cells,
                )
            )
        n = p.number(label)
        count = len(inside & on)
        if n is not None and count != n:
            problems.append(
                Violation(
                    f"the loop passes {count} cells of country {quote(label)}, not {n}", cells
                )
            )
    for s, t in p.borders():
        if s not in on and t not in on:
            problems.append(
                Violation(
                    f"cells {cell_name(s)} and {cell_name(t)}, both off the loop, face each other "
                    "across a border",
                    [s, t],
                )
            )
    return problems


def _shown_arms(grid: Grid, cell: Cell) -> frozenset[str] | None:
    """The piece of the loop a cell shows: typed after its label (`A -`) or drawn by solving
    through its number format (`@" ─"`); the empty set for `×` or `・`; None for none."""
    m = CELL.match(unicodedata.normalize("NFKC", str(grid[cell] or "")).strip())
    if m and m["line"]:
        return read_arms(m["line"])
    sheet = grid.source
    if sheet is None:
        return None
    f = FORMAT.match(sheet.get_style(cell[0] + 1, cell[1] + 1).number_format)
    return read_arms(f["line"]) if f else None


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no piece of the loop."""
    return _shown_arms(grid, cell) is None


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The loop as the cells show it (see `_shown_arms`), read strictly
    (`solver.io.drawn_lines.read_segments`)."""
    shown = {cell: s for cell in grid.positions() if (s := _shown_arms(grid, cell)) is not None}
    return read_segments(shown, m["x"], within(p.rows, p.cols))


def record(p: Puzzle, a: Answer) -> dict:
    """The loop's `lines`, and the countries as `regions` (numbered by their first cells; null
    for a black cell)."""
    countries: list[list[int | None]] = [[None] * p.cols for _ in range(p.rows)]
    for k, cells in enumerate(p.countries().values()):
        for r, c in cells:
            countries[r][c] = k
    return {**lines_record(a), "regions": countries}


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    """The loop's glyph after each visited cell's label, through the number format."""
    return [
        CellWrite(r, c, None, number_format=f'@" {glyph(s)}"')
        for (r, c), s in sorted(arms(a).items())
    ]


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`country`: the border codec (walls between horizontal neighbours, then between vertical
    ones, 5 bits per base-32 character), then room number16: one token per country, countries
    in the order of their first cell; `.` (a number not given) reads as no number."""
    if "e" in url.flags:
        raise puzzlink.UrlError(
            "country: the 'e' variant (countries the loop may leave out) is not supported"
        )
    walls, rest = puzzlink.decode_border(url.body, url.rows, url.cols)
    countries = puzzlink.rooms(url.rows, url.cols, walls)
    values, rest = puzzlink.decode_number16(rest, len(countries), what="countries")
    puzzlink.end(rest)
    label = {cell: room_label(k) for k, cells in enumerate(countries) for cell in cells}
    numbers = []
    for k, n in enumerate(values):
        if isinstance(n, int):
            if not 1 <= n <= len(countries[k]):
                raise puzzlink.UrlError(
                    f"country: country {k + 1} has {len(countries[k])} cells but the number {n}"
                )
            numbers.append((room_label(k), n))
    cells = puzzlink.grid_rows(
        [label[r, c] for r in range(url.rows) for c in range(url.cols)], url.cols
    )
    return Puzzle(cells, tuple(sorted(numbers)))


def to_url(p: Puzzle) -> str:
    """The walls between countries, then each country's number in the order of its first
    cell. (puzz.link's country has no black cells: a map with them has no URL.)"""
    if any(v is None for row in p.cells for v in row):
        raise puzzlink.UrlError("country: puzz.link has no black cells")
    ids = {label: k for k, label in enumerate(p.countries())}
    rooms = Rooms(tuple(tuple(ids[label] for label in row) for row in p.cells))
    numbers = [p.number(label) for label in p.countries()]
    body = puzzlink.encode_rooms(rooms) + puzzlink.encode_number16(numbers)
    return puzzlink.url_text("country", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The countries' numbers, for the conflict search: taken out, a cell keeps its label."""
    found = []
    for r, c in grid.positions():
        label, n = _read_cell(grid, r, c)
        if label is not None and n is not None:
            found.append(Given((r, c), str(n), label))
    return found


GENRE = define(
    __name__,
    slug="country-road",
    ja="カントリーロード",
    pzpr_ids=("country",),
    lazy=True,
    tuning=Tuning(
        highs_options=(FULL_PRESOLVE,),  # with dual fixing: see settings.DEFAULT_PRESOLVE
        probe_work=30_000_000,
        probe_work_per_cell=15_000,
        search_work=5_000_000,
        sat_conflicts=loop_logic.SAT_CONFLICTS,
    ),
)
