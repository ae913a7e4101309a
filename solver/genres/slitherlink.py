"""Slitherlink (スリザーリンク).

Rules: draw one closed loop along the grid lines, from dot to dot (the dots are the corners of
the cells), never crossing or branching. A number in a cell counts how many of the cell's four
sides the loop uses; cells without a number may have any count. Variant (puzz.link's flag `f`):
the loop passes through every dot.

Layout: one puzzle cell per spreadsheet cell from A1. Type the numbers 0-3 (full-width digits
are fine; 4 is accepted too, though it only fits a 1x1 grid), `?` for a number that is not given
(the cell is shown, but counts nothing), and leave the other cells empty (a `.` also means no
number). The sentinel one cell diagonally below-right of the grid.
Every-dot variant: put a row of its own above the grid with `every point` (also `全点通過`,
`全点`, `all points`) in A1 and nothing else in that row; the grid then starts at A2.
The answer draws the loop on the cells' borders, in the answer colour as medium lines: a loop
edge between two cells is the lower border of the upper cell and the upper border of the lower
one (the left cell's right border and the right cell's left border), and an edge on the grid's
frame is the border of the one cell inside. Numbers keep their cells; the user's own borders
come back when the answer is cleared. (Excel on macOS draws no borders: solve there with the
CLI, or on Windows.) Solving by hand, draw the loop with Excel's border tool: any medium or
heavier line, in any colour, on either of the two cells beside an edge (thin lines are the
sheet's grid, not the loop); Check reads every edge so drawn as part of the loop and leaves the
others open, so it says `incomplete` for a loop that is not finished yet but can still be.

Model (the seed's, on undirected edges): the nodes are the (rows+1) x (cols+1) dots; h(r,c) = 1
when the loop joins dot (r,c) to its right neighbour (the upper side of cell (r,c)), v(r,c) to the
dot below (the left side of cell (r,c)); u(r,c) = 1 when the loop visits the dot. A number n at
(r,c): h(r,c) + h(r+1,c) + v(r,c) + v(r,c+1) = n. Every dot has loop degree 2 u, and the used
edges are one piece (`solver.blocks.lines.single_loop`, rooted at a corner of a 3 where there is
one). Valid tightenings: the four corners of a 3 (and of a 4) are on the loop, so their u is fixed
to 1; every u is 1 in the every-dot variant; the loop has at least four edges (the empty loop is no
answer). Connectivity is lazy by default (cuts added after each solve): two to four times faster
than the complete flow form on every back end. The loop is the whole answer, so the uniqueness
check cuts off the answer found by "not every edge of this loop again"
(`solver.blocks.lines.loop_no_good`), which every other loop satisfies.

Reinforcement (`Model.reinforce`, `inside_rows`): the loop's inside, i(r,c) = 1 for a cell inside
it, each edge used exactly where the cells on its two sides differ. Every loop has an inside, so
every answer keeps the rows; they settle the hard grids of 2s that the deductions leave open, but
add columns to every LP elsewhere, so they join a search only after the Tuning's
`reinforce_after` nodes.

Deductions (`deduce`): the rules of `solver.deduce.loop_logic` decide dots on the loop or off it and
segments used or unused before the solve: a loop's own rules, the numbers as sums of edges, the
cells as regions inside or outside the loop (and every dot on the loop in the every-dot variant);
then each unknown dot and segment is tried both ways (probing). The pipeline fixes each decided u
and x by its bounds; what the rules decide holds in every answer, so the model keeps its answers.
Probing's budget is the genre's Tuning, in work: `probe_work`, or `probe_work_per_cell` for each dot
where that is more. Where probing leaves segments open, a SAT solver over the same rules
(`solver.deduce.loop_sat`, within `sat_conflicts`), and where that decides nothing a depth-first
search for the answers (`loop_logic.search`, probed at each node) within `search_work`, decide the
puzzle where they end with one answer. They decide most published slitherlinks whole, and where they
do the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

import pulp

from solver.blocks.geometry import Cell, CellPuzzle, components, grid_edges
from solver.blocks.lines import Network, edge_vars, loop_no_good, single_loop
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import drawn_sides
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cell_vars, cname, new_problem
from solver.mip.settings import LEAN_PRESOLVE, Tuning

UNKNOWN = puzzlink.UNKNOWN  # a numbered cell whose number is not given
MARKER = "every point"  # what to_cells writes
MARKERS = {"everypoint", "everypoints", "allpoints", "everydot", "alldots", "全点", "全点通過"}
ANSWER_ON_BORDERS = True  # the loop is drawn on the cells' borders, no text is an answer mark

Point = Cell  # a dot: (r, c) is the top-left corner of cell (r, c)
Segment = tuple[Point, Point]
Answer = frozenset[Segment]  # the loop's unit segments between dots, lower dot first


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # 0-4, UNKNOWN, or None
    every_point: bool = False  # the loop visits every dot (puzz.link flag `f`)

    def clues(self) -> dict[Cell, int]:
        return {
            (r, c): v
            for r, row in enumerate(self.cells)
            for c, v in enumerate(row)
            if isinstance(v, int)
        }

    def points(self) -> list[Point]:
        return [(r, c) for r in range(self.rows + 1) for c in range(self.cols + 1)]


def sides(r: int, c: int) -> dict[str, Segment]:
    """The four sides of cell (r, c) as segments between dots."""
    return {
        "T": ((r, c), (r, c + 1)),
        "B": ((r + 1, c), (r + 1, c + 1)),
        "L": ((r, c), (r + 1, c)),
        "R": ((r, c + 1), (r + 1, c + 1)),
    }


def _is_marker(v: Value) -> bool:
    if not isinstance(v, str):
        return False
    text = unicodedata.normalize("NFKC", v).casefold()
    return "".join(ch for ch in text if ch not in " -_") in MARKERS


def parse(grid: Grid) -> Puzzle:
    top = 0
    if grid.rows and _is_marker(grid[0, 0]):
        for c in range(1, grid.cols):
            if grid[0, c] is not None:
                raise grid.error(
                    0,
                    c,
                    f"the row of the {quote(grid[0, 0])} marker holds nothing else, found "
                    f"{quote(grid[0, c])}; the grid starts on the next row",
                )
        if grid.rows < 2:
            raise InputError(grid.sheet, f"no grid below the {quote(grid[0, 0])} marker in A1")
        top = 1

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None or is_mark(v, spellings.EMPTY):
            return None
        if is_mark(v, spellings.UNKNOWN):
            return UNKNOWN
        if _is_marker(v):
            raise grid.error(
                r,
                c,
                f"the every-point marker {quote(v)} goes in A1, on a row of its own above the grid",
            )
        if isinstance(v, int) and 0 <= v <= 4:
            return v
        raise grid.error(r, c, f"a cell holds a number 0-3, '?' or nothing, found {quote(v)}")

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(top, grid.rows))
    return Puzzle(cells, every_point=bool(top))


def to_cells(p: Puzzle) -> list[list[Value]]:
    head = [[MARKER] + [None] * (p.cols - 1)] if p.every_point else []
    return head + [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("slitherlink")
    clues = p.clues()
    x = edge_vars(prob, grid_edges(p.rows + 1, p.cols + 1))
    on_loop: set[Point] = set(p.points()) if p.every_point else set()
    for (r, c), n in clues.items():
        if n >= 3:  # three sides of a cell pass all four of its corners
            on_loop |= {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
    u = cell_vars(prob, "u", [q for q in p.points() if q not in on_loop])
    used = {q: u.get(q, 1) for q in p.points()}

    for (r, c), n in clues.items():
        prob += pulp.lpSum(x[e] for e in sides(r, c).values()) == n, cname("Clue", (r, c))
    prob += pulp.lpSum(x.values()) >= 4, "Loop"

    m = Model(prob, list(x.values()), {"x": x, "u": u})
    m.reinforce(lambda: inside_rows(prob, p, x))
    root = min(on_loop) if on_loop else None
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy, root=root))
    m.no_good = loop_no_good(x)  # the loop is the whole answer
    return m


def inside_rows(
    prob: pulp.LpProblem, p: Puzzle, x: dict[Segment, pulp.LpVariable]
) -> list[tuple[pulp.LpConstraint, str]]:
    """The loop's inside, for `Model.reinforce`: i(r,c) = 1 for a cell inside the loop (the
    grid's outside is outside), and each edge used exactly where the cells on its two sides
    differ, x = i(a) xor i(b) (four rows, the outside a constant 0). Every single loop has
    such an inside, so every answer keeps the rows. They tie the edges of each cell to its
    neighbours' and cut off LP solutions the degree rows allow, which settles the hard all-2
    grids; on the others they only add columns to every LP, hence a reinforcement."""
    inside = cell_vars(prob, "i", [(r, c) for r in range(p.rows) for c in range(p.cols)])
    rows = []
    for (a, b), e in sorted(x.items()):
        r, c = a
        across = a[0] == b[0]  # a horizontal edge lies between the cells above and below it
        one = inside.get((r - 1, c) if across else (r, c - 1), 0)
        two = inside.get((r, c), 0)
        name = cname("InsideH" if across else "InsideV", a)
        rows += [
            (e <= one + two, f"{name}_a"),
            (e <= 2 - one - two, f"{name}_b"),
            (e >= one - two, f"{name}_c"),
            (e >= two - one, f"{name}_d"),
        ]
    return rows


def logic_graph(p: Puzzle) -> tuple[list[Point], list[Segment], loop_logic.Graph]:
    """The dots, the grid lines between them, and the numbers as `solver.deduce.loop_logic` takes
    them."""
    dots = p.points()
    segments = list(grid_edges(p.rows + 1, p.cols + 1))
    index = {segment: e for e, segment in enumerate(segments)}
    sums = [([index[e] for e in sides(r, c).values()], n, n) for (r, c), n in p.clues().items()]
    every = range(len(dots)) if p.every_point else ()
    graph = loop_logic.grid_graph(dots, segments, faces=True, sums=sums, on=every)
    return dots, segments, graph


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the loop's rules decide (`solver.deduce.loop_logic`): dots on the loop or off
    it, segments used or unused; the answer where they decide every segment."""
    return loop_logic.loop_deductions(
        *logic_graph(p),
        tuning.probe_work,
        tuning.probe_work_per_cell,
        tuning.search_work,
        tuning.sat_conflicts,
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every dot has 0 or 2 loop lines, the lines are one loop (in the every-dot variant
    through every dot), each number counts its cell's loop sides. A partial answer is reported
    as it is: dead ends and branches, then the numbers, and the pieces only when every dot is
    fine. Each problem names the sheet cells beside its dots or lines."""
    top = 1 if p.every_point else 0  # the marker's row above the grid

    def cell(r: int, c: int) -> str:
        return cell_name((r + top, c))

    def at(q: Point) -> str:
        return f"the dot at the top-left corner of {cell(*q)}"

    def around(points: Iterable[Point]) -> set[Cell]:
        """The grid's cells (sheet rows) that have one of the dots as a corner."""
        return {
            (r + i + top, c + j)
            for r, c in points
            for i in (-1, 0)
            for j in (-1, 0)
            if 0 <= r + i < p.rows and 0 <= c + j < p.cols
        }

    problems = []
    if not a:
        needed = [(r + top, c) for (r, c), n in p.clues().items() if n]
        problems.append(Violation("there is no loop", needed))
    degree: dict[Point, int] = {}
    for seg in sorted(a):
        (r1, c1), (r2, c2) = seg
        inside = all(0 <= r <= p.rows and 0 <= c <= p.cols for r, c in seg)
        if not inside or abs(r1 - r2) + abs(c1 - c2) != 1:
            problems.append(
                Violation(
                    f"the line from {at(seg[0])} to {at(seg[1])} is not a grid line", around(seg)
                )
            )
        for q in seg:
            degree[q] = degree.get(q, 0) + 1
    for q, d in sorted(degree.items()):
        if d == 1:
            problems.append(Violation(f"the loop has a dead end at {at(q)}", around([q])))
        elif d > 2:
            problems.append(Violation(f"{d} lines meet at {at(q)}, the loop branches", around([q])))
    if a and not problems:
        pieces = sorted(components(set(degree), a), key=lambda g: (-len(g), min(g)))
        if len(pieces) > 1:
            smaller = set().union(*pieces[1:])
            problems.append(
                Violation(f"the loop is in {len(pieces)} pieces, not one", around(smaller))
            )
    if p.every_point and a:
        missed = [q for q in p.points() if q not in degree]
        if missed:
            problems.append(
                Violation(
                    f"the loop misses {len(missed)} dots, e.g. {at(missed[0])}", around(missed)
                )
            )
    for (r, c), n in sorted(p.clues().items()):
        count = sum(seg in a for seg in sides(r, c).values())
        if count != n:
            problems.append(
                Violation(
                    f"the number {n} at {cell(r, c)} has {count} loop side{plural(count)}",
                    [(r + top, c)],
                )
            )
    return problems


def plural(n: int) -> str:
    return "" if n == 1 else "s"


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The loop edges drawn on the sheet (`solver.io.drawn_lines.drawn_sides`: a medium or heavier
    border on either cell beside the edge), fixed to 1. An edge without a line fixes nothing: a
    border cannot say "no line here"."""
    top = 1 if p.every_point else 0
    shown = drawn_sides(grid)
    entries: dict[pulp.LpVariable, int | None] = {}
    for ((r, c), (rr, _)), x in m["x"].items():
        if rr == r:  # the top side of cell (r, c), the bottom of the cell above
            drawn = "T" in shown.get((r + top, c), ()) or "B" in shown.get((r - 1 + top, c), ())
        else:  # the left side of cell (r, c), the right of the cell on its left
            drawn = "L" in shown.get((r + top, c), ()) or "R" in shown.get((r + top, c - 1), ())
        if drawn:
            entries[x] = 1
    return entries


def cell_sides(p: Puzzle, a: Answer) -> dict[Cell, str]:
    """Cell -> the sides ('T', 'B', 'L', 'R') the loop runs on; both cells of an inner edge."""
    found: dict[Cell, set[str]] = {}
    for (r, c), (rr, _) in a:
        if rr == r:  # horizontal: below cell (r-1, c), above cell (r, c)
            pairs = (((r - 1, c), "B"), ((r, c), "T"))
        else:  # vertical: right of cell (r, c-1), left of cell (r, c)
            pairs = (((r, c - 1), "R"), ((r, c), "L"))
        for (i, j), side in pairs:
            if 0 <= i < p.rows and 0 <= j < p.cols:
                found.setdefault((i, j), set()).add(side)
    return {cell: "".join(s for s in "TBLR" if s in got) for cell, got in sorted(found.items())}


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    top = 1 if p.every_point else 0  # the marker row above the grid
    return [CellWrite(r + top, c, borders=s) for (r, c), s in cell_sides(p, a).items()]


def record(p: Puzzle, a: Answer) -> dict:
    """`edges`: [r1, c1, r2, c2] per unit segment of the loop, dot (r, c) being the top-left
    corner of cell (r, c) of the record's `cells` (so in the every-dot variant, whose marker
    row is the record's first row, the grid's top dots are on row 1)."""
    top = 1 if p.every_point else 0
    return {
        "edges": sorted([q[0] + top, q[1], s[0] + top, s[1]] for q, s in (sorted(seg) for seg in a))
    }


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`slither`: 4cell over the cells; flag `f`: the loop visits every dot."""
    if url.flags not in ("", "f"):
        raise puzzlink.UrlError(f"slither: unknown flag {url.flags!r} (known: 'f', every dot)")
    values, rest = puzzlink.decode_4cell(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows(values, url.cols), every_point=url.flags == "f")


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_4cell(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("slither", p.cols, p.rows, body, "f" if p.every_point else "")


GENRE = define(
    __name__,
    slug="slitherlink",
    ja="スリザーリンク",
    pzpr_ids=("slither",),
    lazy=True,
    tuning=Tuning(
        highs_options=(LEAN_PRESOLVE,),
        probe_work=30_000_000,
        probe_work_per_cell=15_000,
        search_work=5_000_000,
        sat_conflicts=loop_logic.SAT_CONFLICTS,
        # above the most nodes a published slitherlink's first attempt takes where it is the
        # faster route (HiGHS settles each solve at the root: a node a solve), as
        # benchmarks/benchmark_budgets.py reinforce counts them
        reinforce_after=13,
    ),
)
