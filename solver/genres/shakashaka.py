"""Shakashaka (シャカシャカ).

Rules: put black triangles into some white cells: each covers half of its cell, cut along a
diagonal, with its right angle in one of the cell's four corners. Every white area left (made
of white cells and the white halves of cells with a triangle) is a rectangle, upright or turned
by 45 degrees. A number on a black cell counts the triangles in the (up to 4) cells beside it.

Layout: one puzzle cell per spreadsheet cell from A1. A black cell is `■` (or `#`, `+`); a
black cell with a number is the number 0-4; white cells stay empty. The sentinel one cell
diagonally below-right of the grid. The answer writes a triangle glyph naming the corner of its
right angle: `◤` top-left, `◥` top-right, `◣` bottom-left, `◢` bottom-right. Check my answer
reads those glyphs and white cells marked `・`, `.`, `×` ("no triangle here").

The record's `triangles` holds [[r, c, corner], ...] with corner TL, TR, BL or BR.

Model: t(r,c,k) = 1 when white cell (r,c) holds the triangle with its right angle in corner k
(1 TL, 2 TR, 3 BL, 4 BR); at most one per cell (One). A number: the triangles beside it add up
to it (Around). Rectangles, by the angles at the lattice points: around each point (a corner
of up to four cells) lie eight 45-degree sectors, two per cell, each beside one of the cell's
edges that meet there. A sector of a white cell is white unless the cell's triangle has its
right angle at this corner or at the other end of that edge: w = 1 - t(corner) - t(other end);
a sector of a black cell or outside the grid is black. The white sectors around a point form
arcs (maximal runs around the circle); every arc of a white area is 90 degrees (a corner: 2
sectors), 180 (a side: 4) or 360 (inside: 8). An arc of 45, 135, 225, 270 or 315 degrees
(1, 3, 5, 6 or 7 sectors) would be a corner of a shape that is no rectangle, or a dent: each
such arc starting at each sector is cut off (sum of its sectors - the two black sectors that
bound it <= its length - 1; Arc). A white area whose every boundary point turns by 90 degrees or
not at all and that has no dents or holes is a rectangle, upright or at 45 degrees, since its
sides run along cell edges or diagonals.

Deductions (`deduce`): each white cell's possible states (no triangle, or one of the four),
kept consistent point by point (a state stays while the point's other cells have states that
with it leave only arcs of 2, 4 or 8 white sectors) and with the numbers; then each open state
tried (probing), struck out where it propagates to a contradiction. They decide the published
puzzles whole, and then no solver runs.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import pulp

from solver import limits
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle, components
from solver.blocks.names import cell_name
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions
from solver.deduce.probing import Contradiction
from solver.genres import define
from solver.io import puzzlink
from solver.io.black_cells import WALL, read_walls
from solver.io.shading import WHITE_MARKS, read_shading
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import Tuning

CORNERS = ("TL", "TR", "BL", "BR")
GLYPH = {"TL": "◤", "TR": "◥", "BL": "◣", "BR": "◢"}
CORNER_OF = {g: k for k, g in GLYPH.items()}
ANSWER_MARKS = frozenset(GLYPH.values()) | WHITE_MARKS
# a number taken out of the puzzle (Genre.givens) leaves its black cell
WITHOUT_NUMBER = "■"


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # None white, WALL, or a number 0-4 (black)

    def white(self) -> set[Cell]:
        return {cell for cell in self.positions() if self.cells[cell[0]][cell[1]] is None}

    def numbers(self) -> dict[Cell, int]:
        return {cell: v for cell, v in self.givens().items() if isinstance(v, int)}

    def beside(self, cell: Cell) -> list[Cell]:
        """The white cells orthogonally next to a cell."""
        around = ((cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL)
        return [
            (r, c)
            for r, c in around
            if 0 <= r < self.rows and 0 <= c < self.cols and self.cells[r][c] is None
        ]


Answer = dict[Cell, str]  # the triangles: cell -> the corner of its right angle


def parse(grid: Grid) -> Puzzle:
    return Puzzle(read_walls(grid, "triangles"))


# the eight sectors around lattice point (i, j), the top-left corner of cell (i, j), clockwise
# from straight up: (the cell's offset from (i, j), the corner at the point, the other end of
# the edge the sector lies beside)
SECTORS: tuple[tuple[Cell, str, str], ...] = (
    ((-1, 0), "BL", "TL"),
    ((-1, 0), "BL", "BR"),
    ((0, 0), "TL", "TR"),
    ((0, 0), "TL", "BL"),
    ((0, -1), "TR", "BR"),
    ((0, -1), "TR", "TL"),
    ((-1, -1), "BR", "BL"),
    ((-1, -1), "BR", "TR"),
)
BAD_ARCS = (1, 3, 5, 6, 7)  # arcs of white sectors that no rectangle has


def model(p: Puzzle) -> Model:
    prob = new_problem("shakashaka")
    white = p.white()
    t = {
        (cell, k): var(prob, "t", cell[0] + 1, cell[1] + 1, n)
        for cell in sorted(white)
        for n, k in enumerate(CORNERS, start=1)
    }
    for cell in sorted(white):
        prob += pulp.lpSum(t[cell, k] for k in CORNERS) <= 1, cname("One", cell)
    for cell, n in sorted(p.numbers().items()):
        near = [t[q, k] for q in p.beside(cell) for k in CORNERS]
        prob += pulp.lpSum(near) == n, cname("Around", cell)
    for i in range(p.rows + 1):
        for j in range(p.cols + 1):
            # each sector as its two corner variables (w = 1 - their sum), None when black
            sectors: list[tuple[pulp.LpVariable, pulp.LpVariable] | None] = []
            for (dr, dc), corner, other in SECTORS:
                q = (i + dr, j + dc)
                sectors.append((t[q, corner], t[q, other]) if q in white else None)
            if all(s is None for s in sectors):
                continue
            for length in BAD_ARCS:
                for start in range(8):
                    inner = [sectors[(start + k) % 8] for k in range(length)]
                    if any(s is None for s in inner):
                        continue  # a black sector inside: not this arc
                    ends = [sectors[(start - 1) % 8], sectors[(start + length) % 8]]
                    bound = [s for s in ends if s is not None]  # one sector twice for 7
                    # sum(inner w) - sum(bound w) <= length - 1 with w = 1 - t - t' reads
                    # sum(bound t) - sum(inner t) <= len(bound) - 1
                    coef: dict[pulp.LpVariable, int] = {}
                    for sign, group in ((-1, inner), (1, bound)):
                        for pair in group:
                            for v in pair:  # type: ignore[union-attr]
                                coef[v] = coef.get(v, 0) + sign
                    arc = pulp.LpAffineExpression({v: k for v, k in coef.items() if k})
                    prob += arc <= len(bound) - 1, cname("Arc", (i, j), length, start + 1)
    return Model(prob, list(t.values()), {"t": t})


# --- deductions: each white cell's possible states, kept consistent point by point -----------

STATES = (None, *CORNERS)  # a white cell's states: no triangle, or its right angle's corner
ALL_STATES = (1 << len(STATES)) - 1  # a cell's possible states, one bit each


def _good_arcs(mask: int) -> bool:
    """Whether the white sectors around a point (bit k: sector k of SECTORS) form only arcs
    of 2, 4 or 8 sectors."""
    if mask == 0xFF:
        return True
    if mask == 0:
        return True
    k = next(k for k in range(8) if not mask >> k & 1)  # a black sector to start after
    run = 0
    for step in range(1, 9):
        if mask >> ((k + step) % 8) & 1:
            run += 1
        else:
            if run in BAD_ARCS:
                return False
            run = 0
    return True


GOOD = [_good_arcs(mask) for mask in range(256)]


Sectors = tuple[tuple[int, ...], ...]  # per cell at a point, per state its white sectors' bits


@functools.lru_cache(maxsize=1 << 16)
def _arcs(sectors: Sectors, doms: tuple[int, ...]) -> tuple[int, ...]:
    """Per cell at a point (its white sectors per state, `sectors`; its possible states,
    `doms`), the states that some way of the point's other cells leaves in good arcs. A
    point's answer depends on nothing else, and the same few come back again and again (every
    point inside the grid has the same sectors), so they are kept."""
    options = [
        [(s, bits[s]) for s in range(len(STATES)) if dom >> s & 1]
        for bits, dom in zip(sectors, doms, strict=True)
    ]
    kept = [0] * len(sectors)
    for combo in itertools.product(*options):
        mask = 0
        for _, bits in combo:
            mask |= bits
        if GOOD[mask]:
            for k, (s, _) in enumerate(combo):
                kept[k] |= 1 << s
    return tuple(kept)


class _Board:
    """The white cells' possible states (`dom`, a bit per state of STATES) and the rules over
    them: each lattice point's sectors form good arcs (every state kept has a way for the
    point's other cells to agree with it), and each number counts the triangles beside it."""

    def __init__(self, p: Puzzle) -> None:
        cells = sorted(p.white())
        index = {cell: i for i, cell in enumerate(cells)}
        self.cells, self.dom = cells, [ALL_STATES] * len(cells)
        self.rules: list[tuple[str, object]] = []
        self.watch: list[list[int]] = [[] for _ in cells]
        for i in range(p.rows + 1):
            for j in range(p.cols + 1):
                white: dict[int, list[int]] = {}  # cell -> per state the white sectors' bits
                for k, ((dr, dc), corner, other) in enumerate(SECTORS):
                    q = index.get((i + dr, j + dc))
                    if q is None:
                        continue
                    bits = white.setdefault(q, [0] * len(STATES))
                    for s, state in enumerate(STATES):
                        if state not in (corner, other):
                            bits[s] |= 1 << k
                if white:
                    cells_here = tuple(white)
                    self._rule("point", (cells_here, tuple(tuple(white[q]) for q in cells_here)))
        for cell, n in sorted(p.numbers().items()):
            self._rule("number", (n, [index[q] for q in p.beside(cell)]))

    def _rule(self, kind: str, data: object) -> None:
        k = len(self.rules)
        self.rules.append((kind, data))
        cells = data[0] if kind == "point" else data[1]  # type: ignore[index]
        for q in cells:
            self.watch[q].append(k)

    def propagate(self, dom: list[int], todo: set[int]) -> None:
        """Narrow `dom` by the rules in `todo` and those of every cell narrowed, until none
        narrows one; Contradiction where a cell has no state left."""
        while todo:
            kind, data = self.rules[todo.pop()]
            narrowed = self._point(dom, *data) if kind == "point" else self._number(dom, *data)  # type: ignore[arg-type,misc]
            for q in narrowed:
                todo.update(self.watch[q])

    @staticmethod
    def _point(dom: list[int], cells: tuple[int, ...], sectors: Sectors) -> list[int]:
        """The point's cells narrowed to the states that some way of the others agrees with
        (`_arcs`)."""
        kept = _arcs(sectors, tuple(dom[q] for q in cells))
        narrowed = []
        for q, states in zip(cells, kept, strict=True):
            if not states:
                raise Contradiction
            if states != dom[q]:
                dom[q] = states
                narrowed.append(q)
        return narrowed

    @staticmethod
    def _number(dom: list[int], n: int, cells: list[int]) -> list[int]:
        sure = sum(not dom[q] & 1 for q in cells)  # no "none" left: a triangle
        free = [q for q in cells if dom[q] & 1 and dom[q] != 1]
        if sure > n or sure + len(free) < n:
            raise Contradiction
        narrowed = []
        if free and sure == n:
            for q in free:
                dom[q] = 1
            narrowed = free
        elif free and sure + len(free) == n:
            for q in free:
                dom[q] &= ~1
            narrowed = free
        return narrowed


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`_Board`: the points' arcs, the numbers), then each open state of
    each cell tried (probing): a state that propagates to a contradiction is struck out.
    Probing's work counts the white cells once a trial, within `tuning.probe_work`."""
    board = _Board(p)
    dom = board.dom
    try:
        board.propagate(dom, set(range(len(board.rules))))
        spent, progress = 0, True
        while progress and spent < tuning.probe_work:
            progress = False
            for q in range(len(dom)):
                for s in range(len(STATES)):
                    if dom[q] == 1 << s or not dom[q] >> s & 1 or spent >= tuning.probe_work:
                        continue
                    limits.check_time()
                    spent += len(dom)
                    trial = dom[:]
                    trial[q] = 1 << s
                    try:
                        board.propagate(trial, set(board.watch[q]))
                    except Contradiction:
                        dom[q] &= ~(1 << s)
                        board.propagate(dom, set(board.watch[q]))
                        progress = True
    except Contradiction:
        return NOTHING
    t: dict[tuple[Cell, str], int] = {}
    for cell, states in zip(board.cells, dom, strict=True):
        for s, corner in enumerate(CORNERS, start=1):
            if not states >> s & 1:
                t[cell, corner] = 0
            elif states == 1 << s:
                t[cell, corner] = 1
    whole = all(states & (states - 1) == 0 for states in dom)
    answer = None
    if whole:
        answer = {
            cell: STATES[states.bit_length() - 1]
            for cell, states in zip(board.cells, dom, strict=True)
            if states != 1
        }
    return Deductions({"t": t}, answer=answer, answer_vars=len(CORNERS) * len(dom))


def decode(p: Puzzle, m: Model) -> Answer:
    return {cell: k for (cell, k), v in sorted(m["t"].items()) if value(v)}


# --- verify: the white areas, cut into quarter cells --------------------------------------

# a cell's four quarters (cut along both diagonals), by the side they lie on; a triangle covers
# the two quarters beside its right angle
QUARTERS = ("T", "R", "B", "L")
COVERS = {"TL": {"T", "L"}, "TR": {"T", "R"}, "BL": {"B", "L"}, "BR": {"B", "R"}}
# each quarter's corners, in doubled coordinates from the cell's top-left corner (centre 1,1)
QUARTER_POINTS = {
    "T": ((0, 0), (0, 2), (1, 1)),
    "R": ((0, 2), (2, 2), (1, 1)),
    "B": ((2, 2), (2, 0), (1, 1)),
    "L": ((2, 0), (0, 0), (1, 1)),
}
ACROSS = {"T": ((-1, 0), "B"), "B": ((1, 0), "T"), "L": ((0, -1), "R"), "R": ((0, 1), "L")}
Quarter = tuple[Cell, str]


def white_areas(p: Puzzle, triangles: Answer) -> list[set[Quarter]]:
    """The white areas: groups of white quarter cells joined across their sides."""
    white = p.white()
    quarters = {
        (cell, s)
        for cell in white
        for s in QUARTERS
        if s not in COVERS.get(triangles.get(cell, ""), set())
    }
    joins: list[tuple[Quarter, Quarter]] = []
    for cell, s in quarters:
        for s2 in QUARTERS:  # quarters of one cell touch along the diagonals when next in turn
            if (QUARTERS.index(s) - QUARTERS.index(s2)) % 4 == 1 and (cell, s2) in quarters:
                joins.append(((cell, s), (cell, s2)))
        (dr, dc), facing = ACROSS[s]
        q = (cell[0] + dr, cell[1] + dc)
        if (q, facing) in quarters:
            joins.append(((cell, s), (q, facing)))
    return [set(g) for g in components(quarters, joins)]


def _hull(points: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The convex hull's corners (collinear points left out), counter-clockwise."""
    pts = sorted(points)
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[int, int]] = []
    upper: list[tuple[int, int]] = []
    for pt in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], pt) <= 0:
            lower.pop()
        lower.append(pt)
    for pt in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], pt) <= 0:
            upper.pop()
        upper.append(pt)
    return lower[:-1] + upper[:-1]


def is_rectangle(area: set[Quarter]) -> bool:
    """Whether the quarters fill a rectangle: their convex hull has four right-angled corners
    and no more area than they have (a quarter is 1 in doubled coordinates, a cell 4)."""
    points = {(2 * r + dr, 2 * c + dc) for (r, c), s in area for dr, dc in QUARTER_POINTS[s]}
    hull = _hull(points)
    if len(hull) != 4:
        return False
    for k in range(4):
        a, b, c = hull[k - 1], hull[k], hull[(k + 1) % 4]
        if (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]) != 0:
            return False
    twice = abs(sum(hull[k - 1][0] * hull[k][1] - hull[k][0] * hull[k - 1][1] for k in range(4)))
    return twice == 2 * len(area)


def verify(p: Puzzle, triangles: Answer) -> list[str]:
    white = p.white()
    problems: list[str] = [
        Violation(f"a triangle on the black cell {cell_name(q)}", [q])
        for q in sorted(set(triangles) - white)
    ]
    problems += [
        Violation(f"{cell_name(q)} holds {k!r}, not a corner", [q])
        for q, k in sorted(triangles.items())
        if k not in CORNERS
    ]
    for cell, n in sorted(p.numbers().items()):
        near = [q for q in p.beside(cell) if q in triangles]
        if len(near) != n:
            problems.append(
                Violation(
                    f"the {n} at {cell_name(cell)} has {len(near)} triangles beside it",
                    [cell, *p.beside(cell)],
                )
            )
    for area in sorted(white_areas(p, triangles), key=min):
        if not is_rectangle(area):
            cells = {cell for cell, _ in area}
            problems.append(
                Violation(f"the white area at {cell_name(min(cells))} is not a rectangle", cells)
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """A triangle glyph fixes its cell's four corners (1 for it, 0 for the others); a cell
    marked white fixes all four to 0."""
    t = m["t"]
    _, white = read_shading(grid)
    entries: dict = {}
    for cell in grid.positions():
        v = grid[cell]
        corner = CORNER_OF.get(v.strip()) if isinstance(v, str) else None
        if (corner or cell in white) and (cell, CORNERS[0]) in t:
            for k in CORNERS:
                entries[t[cell, k]] = int(k == corner)
    return entries


def render(p: Puzzle, triangles: Answer) -> list[CellWrite]:
    return [CellWrite(r, c, GLYPH[k]) for (r, c), k in sorted(triangles.items())]


def record(p: Puzzle, triangles: Answer) -> dict:
    return {"triangles": [[r, c, k] for (r, c), k in sorted(triangles.items())]}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`shakashaka`: 4cell over cells; `.` a black cell without a number."""
    values, rest = puzzlink.decode_4cell(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    cells = [WALL if v == puzzlink.UNKNOWN else v for v in values]
    return Puzzle(puzzlink.grid_rows(cells, url.cols))


def to_url(p: Puzzle) -> str:
    values = [puzzlink.UNKNOWN if v == WALL else v for v in puzzlink.cells_of(p.cells)]
    return puzzlink.url_text("shakashaka", p.cols, p.rows, puzzlink.encode_4cell(values))


GENRE = define(
    __name__,
    slug="shakashaka",
    ja="シャカシャカ",
    pzpr_ids=("shakashaka",),
    tuning=Tuning(prove_by_search=True, probe_work=3_000_000),
)
