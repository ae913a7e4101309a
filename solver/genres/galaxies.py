"""Galaxies (天体ショー, Tentaisho).

Rules: divide the grid into regions along the cells' sides. Each region holds exactly one dot,
and the region is point-symmetric about its dot: turned half a turn around the dot, it covers
itself. A dot sits at a cell's centre, on the middle of a side between two cells (both are in
its region) or on a corner where four cells meet (all four are in its region). A black cell
(pzprjs' empty cell) belongs to no region.

Layout: the sheet holds the puzzle's cells, the sides between them and the corners where four
cells meet, one spreadsheet cell each: a puzzle of R rows and C columns takes 2R-1 rows and
2C-1 columns from A1. Cell (r, c) of the puzzle (0-based) is at sheet row 2r+1, column 2c+1
(A1, C1, E1, ..., A3, ...); between two cells side by side stands their side (B1, D1, ...),
between two cells one above the other theirs (A2, C2, ...), and B2, D2, ... are the corners.
A dot is `○` (also `o`, `O`; a black dot `●`, `*`, `•`, the same to the rules) in the sheet
cell where it sits: a cell's own for a dot at its centre, a side's for a dot on a side, a
corner's for a dot on a corner. A black cell is `■` (or `#`) in its cell's sheet cell.
Everything else stays empty. The sentinel one cell diagonally below-right, as always (at G6 for
a 3 x 3 puzzle, whose sheet is A1:E5). A 2 x 3 puzzle with dots on the sides B1 (between the
cells A1 and C1), B3 (between A3 and C3) and E2 (between E1 and E3), and its answer:

        A   B   C   D   E           A   B   C   D   E
    1       ○                   1       ○       │
    2                   ○       2   ─   ─   ─   ┤   ○
    3       ○                   3       ○       │

The answer draws the walls between the regions in the side sheet cells: `│` between two cells
side by side, `─` between two cells one above the other, and in the corner sheet cells the
glyph of the walls that meet there (`┼ ├ ┤ ┬ ┴ ┌ ┐ └ ┘ ─ │`). The record's `regions` is the
region id of each puzzle cell (R x C, a black cell its own id). Solving by hand, type `|` or
`-` (or the glyphs) into the side cells that are walls, and `・` or `x` into one that is not;
in the corners where walls meet the glyph, or `+` for "the walls beside meet here"
(the answer is drawn whole with its corners). Check names the cells of a region that is not
symmetric, and a wall drawn where none goes.

puzz.link: `tentaisho`: the dots over the (2R-1) x (2C-1) positions, then the
black cells as bits.

Model: x(r,c,k) = 1 when cell (r,c) is in the region of the k-th dot (dots in reading order of
the sheet), for the cells whose mirror image about the dot is in the grid, that no other dot
sits on, and that the dot's region can reach through such cells (`candidates`). Cell: each cell
(but a black one) is in one region. Own: the cells the dot sits on are in its region. Mirror:
x(cell, k) = x(mirror of cell, k) (`solver.blocks.regions.point_symmetric`). Each region is
connected (`solver.blocks.cells.connected`, rooted at the dot's cell: a flow per dot in the
complete form, vertex cuts in the lazy form, the default). The answer variables are the walls
w(a,b) between neighbouring cells (`solver.blocks.regions.assignment_walls`): 1 when a and b
are in different regions.

Deductions (`deduce`): the dots each cell's region may belong to, from `candidates`, narrowed
until nothing changes: the cells a dot sits on are its own; a cell that is a dot's takes its
mirror image about the dot along, and the other dots lose both; a dot keeps only the cells its
region reaches from the dot through cells it keeps, each with its mirror image (a cell left to
one dot is that dot's). Then each cell's dots are tried one at a time (probing): a dot that,
given the cell, leaves a cell to no dot goes. Within the Tuning's `probe_work` (cells looked
at). The pipeline fixes x to what is decided; on janko's published puzzles the rules decide
most of them whole.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pulp

from solver.blocks import regions
from solver.blocks.cells import connected
from solver.blocks.geometry import OPPOSITE, ORTHOGONAL, STEPS, Cell, grid_edges, reach
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import one_sided, report
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, var
from solver.mip.settings import Tuning

DOT = "○"
FILLED = "●"  # a black dot: the same rules, kept for the URL
DOT_NAMES = frozenset({"○", "o", "O", "◯", "ｏ", "Ｏ"})
FILLED_NAMES = frozenset({"●", "*", "•", "＊"})
BLACK = "■"
BLACK_NAMES = frozenset({"■", "#", "＃"})
NOT_WALL = frozenset({"・", "x", "×", "."})
WALL_GLYPHS = {
    frozenset("UD"): "│",
    frozenset("LR"): "─",
    frozenset("DR"): "┌",
    frozenset("DL"): "┐",
    frozenset("UR"): "└",
    frozenset("UL"): "┘",
    frozenset("UDR"): "├",
    frozenset("UDL"): "┤",
    frozenset("DLR"): "┬",
    frozenset("ULR"): "┴",
    frozenset("UDLR"): "┼",
    frozenset("U"): "╵",
    frozenset("D"): "╷",
    frozenset("L"): "╴",
    frozenset("R"): "╶",
}
WALL_ARMS = {glyph: arms for arms, glyph in WALL_GLYPHS.items()}
WALL_ARMS |= {"|": frozenset("UD"), "-": frozenset("LR")}
JOIN = "+"  # typed in a corner: the walls drawn beside it meet there
WALL_MARKS = frozenset(WALL_ARMS) | {JOIN}
ANSWER_MARKS = WALL_MARKS | NOT_WALL

Dot = tuple[int, int]  # the dot's sheet position (0-based): twice a cell's row and column, +1 on
# a side or corner
Answer = regions.Regions  # an id per puzzle cell
givens = None  # the dots are the puzzle itself: one taken out leaves a region without a dot


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    dots: tuple[Dot, ...]  # in reading order of the sheet
    black: frozenset[Cell] = frozenset()
    filled: frozenset[Dot] = frozenset()  # the dots drawn black

    def positions(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def cells_of(self, dot: Dot) -> list[Cell]:
        """The cells a dot sits on: one (a centre), two (a side) or four (a corner)."""
        i, j = dot
        return [(r, c) for r in {i // 2, (i + 1) // 2} for c in {j // 2, (j + 1) // 2}]

    def mirror(self, cell: Cell, dot: Dot) -> Cell:
        return (dot[0] - cell[0], dot[1] - cell[1])

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols


def sheet(cell: Cell) -> Cell:
    """A puzzle cell's sheet cell (0-based)."""
    return (2 * cell[0], 2 * cell[1])


def side(a: Cell, b: Cell) -> Cell:
    """The sheet cell of the side between two neighbouring puzzle cells."""
    return (a[0] + b[0], a[1] + b[1])


def _name(cell: Cell) -> str:
    return cell_name(sheet(cell))


def parse(grid: Grid) -> Puzzle:
    if grid.rows % 2 == 0 or grid.cols % 2 == 0:
        raise InputError(
            grid.sheet,
            f"the sheet's grid is {grid.rows} x {grid.cols}: it holds the cells, the sides "
            "between them and the corners, an odd number of rows and of columns (2R-1 x 2C-1 "
            "for R x C cells); check where the sentinel stands",
        )
    dots, black, filled = [], set(), set()
    for i, j in grid.positions():
        v = grid[i, j]
        if v is None:
            continue
        text = v.strip() if isinstance(v, str) else None
        if text in DOT_NAMES or text in FILLED_NAMES:
            dots.append((i, j))
            if text in FILLED_NAMES:
                filled.add((i, j))
        elif text in BLACK_NAMES and i % 2 == 0 and j % 2 == 0:
            black.add((i // 2, j // 2))
        elif text in ANSWER_MARKS or text == "":
            continue  # an answer's walls (Check reads them), or nothing
        else:
            raise grid.error(
                i,
                j,
                f"a sheet cell holds a dot {DOT} (o, *), a black cell {BLACK} (#) in a cell's own "
                f"sheet cell, or nothing; found {quote(v)}",
            )
    size = ((grid.rows + 1) // 2, (grid.cols + 1) // 2)
    p = Puzzle(*size, tuple(dots), frozenset(black), frozenset(filled))
    for dot in p.dots:
        if any(q in p.black for q in p.cells_of(dot)):
            raise grid.error(*dot, "a dot on a black cell: a black cell belongs to no region")
    seen: dict[Cell, Dot] = {}
    for dot in p.dots:
        for q in p.cells_of(dot):
            if q in seen:
                raise grid.error(
                    *dot,
                    f"two dots share the cell {_name(q)} ({cell_name(seen[q])} and "
                    f"{cell_name(dot)}): no region holds two dots",
                )
            seen[q] = dot
    if (cell := unfit(p)) is not None:
        raise grid.error(
            *sheet(cell),
            "no dot's region can take this cell (no dot sees it mirrored inside the grid "
            "through free cells)",
        )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [[None] * (2 * p.cols - 1) for _ in range(2 * p.rows - 1)]
    for i, j in p.dots:
        cells[i][j] = FILLED if (i, j) in p.filled else DOT
    for cell in p.black:
        i, j = sheet(cell)
        cells[i][j] = BLACK
    return cells


@functools.cache
def candidates(p: Puzzle) -> tuple[tuple[Cell, ...], ...]:
    """For each dot, the cells its region may take: their mirror images are in the grid, no
    other dot sits on them, no black cell, and they hang together with the dot's cells through
    such cells whose mirrors do too (repeated until nothing changes)."""
    taken = {q: k for k, dot in enumerate(p.dots) for q in p.cells_of(dot)}
    found = []
    for k, dot in enumerate(p.dots):
        can = {
            q
            for q in p.positions()
            if q not in p.black
            and taken.get(q, k) == k
            and p.inside(p.mirror(q, dot))
            and p.mirror(q, dot) not in p.black
            and taken.get(p.mirror(q, dot), k) == k
        }
        while True:
            reached = reach(p.cells_of(dot), lambda q, can=can: _near(q, can))
            kept = {q for q in reached if p.mirror(q, dot) in reached}
            if kept == can:
                break
            can = kept
        found.append(tuple(sorted(can)))
    return tuple(found)


def _near(cell: Cell, inside: set[Cell]) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in inside]


def unfit(p: Puzzle) -> Cell | None:
    """The first cell (not black) that no dot's region can take."""
    reached = {q for can in candidates(p) for q in can}
    return next((q for q in p.positions() if q not in p.black and q not in reached), None)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("galaxies")
    x: dict[tuple[Cell, int], pulp.LpVariable] = {}
    for k, can in enumerate(candidates(p)):
        for q in can:
            x[q, k] = var(prob, "x", q[0] + 1, q[1] + 1, k + 1)
    own: dict[Cell, list[pulp.LpVariable]] = {}
    for (q, _), v in x.items():
        own.setdefault(q, []).append(v)
    for q in p.positions():
        if q not in p.black:
            prob += pulp.lpSum(own[q]) == 1, cname("Cell", q)
    separators = []
    for k, dot in enumerate(p.dots):
        mine = {q: x[q, k] for q in candidates(p)[k]}
        for q in p.cells_of(dot):
            prob += mine[q] == 1, cname("Own", q, k + 1)
        regions.point_symmetric(prob, mine, lambda q, d=dot: p.mirror(q, d), f"Mirror{k + 1}")
        separators.append(connected(prob, mine, lazy, root=p.cells_of(dot)[0], prefix=f"g{k + 1}"))
    w = regions.assignment_walls(prob, x, p.rows, p.cols, p.black)
    m = Model(prob, list(w.values()), {"x": x, "w": w})
    for s in separators:
        m.separate(s)
    return m


class _Contradiction(Exception):
    """A cell that no dot's region can take: no answer."""


def _settle(
    p: Puzzle, dom: dict[Cell, set[int]], mine: list[set[Cell]], dirty: set[int], budget: list[int]
) -> None:
    """Narrow what each cell's region may be (`dom`: cell -> the dots; `mine`: dot -> the
    cells) for the dots in `dirty`, and in turn for each dot that loses a cell: a dot keeps the
    cells its region reaches from the dot's own cells through cells it keeps, and a cell only
    with its mirror image about the dot. `budget[0]` counts the cells looked at.
    _Contradiction where a cell has no dot left."""
    while dirty:
        k = min(dirty)
        dirty.discard(k)
        dot, cells = p.dots[k], mine[k]
        start = [q for q in p.cells_of(dot) if q in cells]
        reached = set(start)
        todo = list(start)
        while todo:
            for q in _near(todo.pop(), cells):
                if q not in reached:
                    reached.add(q)
                    todo.append(q)
        budget[0] += len(cells)
        gone = {q for q in cells if q not in reached or p.mirror(q, dot) not in reached}
        if not gone:
            continue
        if gone & set(p.cells_of(dot)):
            raise _Contradiction
        for q in gone:
            cells.discard(q)
            dom[q].discard(k)
            if not dom[q]:
                raise _Contradiction
        dirty.add(k)  # cells left without their mirror may have carried the reach
        for q in gone:
            if len(dom[q]) == 1:
                dirty |= _only(p, dom, mine, q, next(iter(dom[q])))


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """Which dots' regions each cell may join (`candidates`, then `_settle`), and then each
    cell's dots tried one at a time (probing): a dot whose region, given the cell, leaves some
    cell to no dot goes; within the Tuning's `probe_work` (cells looked at). x(cell, k) is 0 for
    each dot k a cell lost, 1 where one is left; w(a, b) is fixed between two decided cells."""
    mine = [set(can) for can in candidates(p)]
    dom: dict[Cell, set[int]] = {q: set() for q in p.positions() if q not in p.black}
    for k, cells in enumerate(mine):
        for q in cells:
            dom[q].add(k)
    budget = [0]
    try:
        if any(not ks for ks in dom.values()):
            raise _Contradiction
        for k, dot in enumerate(p.dots):
            for q in p.cells_of(dot):
                _only(p, dom, mine, q, k)
        _settle(p, dom, mine, set(range(len(p.dots))), budget)
        progress = True
        while progress and budget[0] < tuning.probe_work:
            progress = False
            for q in sorted(dom):
                for k in sorted(dom[q]) if len(dom[q]) > 1 else ():
                    if budget[0] >= tuning.probe_work:
                        break
                    trial_dom = {c: set(ks) for c, ks in dom.items()}
                    trial_mine = [set(cells) for cells in mine]
                    try:
                        _settle(
                            p, trial_dom, trial_mine, _only(p, trial_dom, trial_mine, q, k), budget
                        )
                    except _Contradiction:
                        dom[q].discard(k)
                        mine[k].discard(q)
                        if not dom[q]:
                            raise
                        dirty = {k}
                        if len(dom[q]) == 1:
                            dirty |= _only(p, dom, mine, q, next(iter(dom[q])))
                        _settle(p, dom, mine, dirty, budget)
                        progress = True
    except _Contradiction:
        return NOTHING
    fixed = {
        (q, k): int(dom[q] == {k})
        for k, can in enumerate(candidates(p))
        for q in can
        if k not in dom[q] or len(dom[q]) == 1
    }
    sides = [(a, b) for a, b in grid_edges(p.rows, p.cols) if a in dom and b in dom]
    # a side between two decided cells: a wall where their dots differ (the model's w)
    walls = {(a, b): int(dom[a] != dom[b]) for a, b in sides if len(dom[a]) == len(dom[b]) == 1}
    if len(walls) < len(sides):
        return Deductions({"x": fixed, "w": walls})
    drawn = {side for side, wall in walls.items() if wall}
    answer = regions.pieces(p.rows, p.cols, drawn | _black_walls(p))
    return Deductions({"x": fixed, "w": walls}, answer=answer, answer_vars=len(sides))


def _only(p: Puzzle, dom: dict[Cell, set[int]], mine: list[set[Cell]], q: Cell, k: int) -> set[int]:
    """Cell q is dot k's, and so is its mirror image about the dot: the other dots lose both.
    The dots that lost a cell."""
    lost = set()
    for c in (q, p.mirror(q, p.dots[k])):
        if k not in dom.get(c, ()):
            raise _Contradiction
        for i in dom[c] - {k}:
            dom[c].discard(i)
            mine[i].discard(c)
            lost.add(i)
    return lost


def decode(p: Puzzle, m: Model) -> Answer:
    return regions.pieces(p.rows, p.cols, regions.walls_of(m) | _black_walls(p))


def _black_walls(p: Puzzle) -> set[regions.Pair]:
    return {(a, b) for a, b in grid_edges(p.rows, p.cols) if a in p.black or b in p.black}


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Each region (but a black cell) holds exactly one dot, whole (a wall never cuts a dot),
    and is point-symmetric about it. Cells are named by their sheet cells; a region's problem
    marks its cells and the side cells of its walls (where a wall drawn too many shows)."""
    problems: list[Violation] = []
    pieces = regions.by_id(a)
    dot_of: dict[int, list[Dot]] = {}
    for dot in p.dots:
        ids = {a[r][c] for r, c in p.cells_of(dot)}
        if len(ids) > 1:
            cells = [sheet(q) for q in p.cells_of(dot)]
            problems.append(Violation(f"a wall runs through the dot at {cell_name(dot)}", cells))
        for k in ids:
            dot_of.setdefault(k, []).append(dot)
    for k, cells in pieces.items():
        if len(cells) == 1 and cells[0] in p.black:
            continue
        at = _name(cells[0])
        inner = set(cells)
        walls = {
            side(q, n)
            for q in cells
            for n in _near(q, set(p.positions()) - p.black)
            if n not in inner
        }
        shown = [sheet(q) for q in cells] + sorted(walls)
        dots = dot_of.get(k, [])
        if not dots:
            problems.append(Violation(f"the region from {at} holds no dot", shown))
        elif len(dots) > 1:
            names = ", ".join(cell_name(d) for d in dots)
            problems.append(
                Violation(f"the region from {at} holds {len(dots)} dots ({names})", shown)
            )
        else:
            inside = set(cells)
            off = [q for q in cells if p.mirror(q, dots[0]) not in inside]
            if off:
                problems.append(
                    Violation(
                        f"the region of the dot at {cell_name(dots[0])} is not symmetric about "
                        f"it: {', '.join(_name(q) for q in off)} "
                        f"{'has' if len(off) == 1 else 'have'} no mirror image in it",
                        [sheet(q) for q in off],
                    )
                )
    return problems


def _arms(value: object) -> frozenset[str] | None:
    """The sides a typed wall leaves a sheet cell through (`│`, `┤`, `-`, `|`, `+`); none for a
    cell marked as no wall (`・`, `x`); None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text in NOT_WALL:
        return frozenset()
    return WALL_ARMS.get(text)


def _cell_place(pos: Cell, rows: int, cols: int) -> bool:
    """Whether a sheet cell is a puzzle cell's own (even row and column, inside the grid)."""
    return 0 <= pos[0] < rows and 0 <= pos[1] < cols and pos[0] % 2 == 0 and pos[1] % 2 == 0


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The walls as drawn: a wall between two cells is there when its side cell shows a wall
    along it (`│` between cells side by side, `─` between cells one above the other) or a
    corner glyph at either end has an arm into it; it is not there when the side cell is marked
    `・` or a drawn corner at its end has no arm that way. Blank cells fix nothing. The walls
    are held to each other as lines are (`solver.io.drawn_lines.one_sided`): an arm into a
    cell's own sheet cell or into a dot, or into a drawn cell without the arm back, is named,
    and so is a wall glyph typed into a cell's own sheet cell. A `+` in a corner joins the
    walls drawn beside it."""
    shown = {pos: s for pos in grid.positions() if (s := _arms(grid[pos])) is not None}
    joins = {
        pos for pos in grid.positions() if isinstance(grid[pos], str) and grid[pos].strip() == JOIN
    }
    for pos in joins:
        shown[pos] = frozenset(
            way
            for way, (dr, dc) in STEPS.items()
            if OPPOSITE[way] in shown.get((pos[0] + dr, pos[1] + dc), frozenset())
        )
    dots = set(p.dots)
    rows, cols = grid.rows, grid.cols

    def inside(pos: Cell) -> bool:  # the frame is where walls end
        return -1 <= pos[0] <= rows and -1 <= pos[1] <= cols

    def closed(a: Cell, b: Cell) -> str | None:
        if _cell_place(b, rows, cols):
            return f"into the cell {cell_name(b)} (walls run between cells)"
        if b in dots:
            return f"through the dot at {cell_name(b)}"
        return None

    problems = [
        Violation(f"{cell_name(pos)} shows a wall in a cell (walls run between cells)", [pos])
        for pos, sides in sorted(shown.items())
        if sides and _cell_place(pos, rows, cols)
    ]
    lines = {pos: sides for pos, sides in shown.items() if not _cell_place(pos, rows, cols)}
    report([*problems, *one_sided(lines, inside, closed, line="wall")], lines)
    entries: dict[pulp.LpVariable, int | None] = {}
    for (a, b), v in m["w"].items():
        pos = side(a, b)
        if a[0] == b[0]:  # cells side by side: a wall up and down, corners above and below
            along, ends = "UD", (((pos[0] - 1, pos[1]), "D"), ((pos[0] + 1, pos[1]), "U"))
        else:
            along, ends = "LR", (((pos[0], pos[1] - 1), "R"), ((pos[0], pos[1] + 1), "L"))
        says = []
        if pos in shown:
            says.append(bool(shown[pos] & set(along)))
        says += [
            arm in shown[corner]
            for corner, arm in ends
            if shown.get(corner) and corner not in joins
        ]
        if any(says):
            entries[v] = 1
        elif says:
            entries[v] = 0
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    walls = regions.region_walls(a)
    writes = [CellWrite(*side(s, t), "│" if s[0] == t[0] else "─") for s, t in sorted(walls)]
    dots = set(p.dots)
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            arms = ""
            if ((r, c), (r, c + 1)) in walls:
                arms += "U"
            if ((r + 1, c), (r + 1, c + 1)) in walls:
                arms += "D"
            if ((r, c), (r + 1, c)) in walls:
                arms += "L"
            if ((r, c + 1), (r + 1, c + 1)) in walls:
                arms += "R"
            corner = (2 * r + 1, 2 * c + 1)
            if arms and corner not in dots:
                writes.append(CellWrite(*corner, WALL_GLYPHS[frozenset(arms)]))
    return sorted(writes, key=lambda w: (w.row, w.col))


def record(p: Puzzle, a: Answer) -> dict:
    """`regions`: the region of each puzzle cell, numbered in reading order of first cells."""
    return regions.regions_record(a)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`tentaisho`: the dots over the (2R-1) x (2C-1) positions (a hex digit: a dot, then as
    many empty positions as half its value; `g`-`z`: 1-20 empty positions), then the black
    cells as bits, five cells a character of base 32 (left out when there are none)."""
    rows, cols = url.rows, url.cols
    if rows < 1 or cols < 1:
        raise puzzlink.UrlError("tentaisho: the grid has no cells")
    width = 2 * cols - 1
    count = (2 * rows - 1) * width
    body = url.body
    dots, filled, s, i = [], set(), 0, 0
    while s < count and i < len(body):
        ch = body[i]
        if ch in "0123456789abcdef":
            dots.append(divmod(s, width))
            if int(ch, 16) % 2:
                filled.add(divmod(s, width))
            s += (int(ch, 16) >> 1) + 1
        elif "g" <= ch <= "z":
            s += int(ch, 36) - 15
        else:
            raise puzzlink.UrlError(f"tentaisho: unexpected {ch!r} at {i} in the dots")
        i += 1
    if s < count:
        raise puzzlink.UrlError("tentaisho: the URL ends before its last dot position")
    rest = body[i:]
    black: set[Cell] = set()
    if rest:
        bits, rest = puzzlink.decode_bits(rest, rows * cols)
        black = {divmod(k, cols) for k, b in enumerate(bits) if b}
    puzzlink.end(rest)
    p = Puzzle(rows, cols, tuple(dots), frozenset(black), frozenset(filled))
    for dot in p.dots:
        if any(q in p.black for q in p.cells_of(dot)):
            raise puzzlink.UrlError(f"tentaisho: a dot on a black cell at {cell_name(dot)}")
    taken: set[Cell] = set()
    for dot in p.dots:
        if taken & set(p.cells_of(dot)):
            raise puzzlink.UrlError(f"tentaisho: two dots share a cell at {cell_name(dot)}")
        taken |= set(p.cells_of(dot))
    if (cell := unfit(p)) is not None:
        raise puzzlink.UrlError(f"tentaisho: no dot's region can take {_name(cell)}")
    return p


def to_url(p: Puzzle) -> str:
    width = 2 * p.cols - 1
    count = (2 * p.rows - 1) * width
    at = {i * width + j for i, j in p.dots}
    out, empty, s = "", 0, 0
    while s < count:
        if s in at:
            if empty:
                out += _skip(empty)
                empty = 0
            gap = next((g for g in range(1, 8) if s + g in at), 8)
            out += format(2 * (gap - 1) + (divmod(s, width) in p.filled), "x")
            s += gap
            continue
        empty += 1
        if empty == 20:
            out += _skip(empty)
            empty = 0
        s += 1
    if empty:
        out += _skip(empty)
    if p.black:
        bits = [(r, c) in p.black for r in range(p.rows) for c in range(p.cols)]
        out += puzzlink.encode_bits(bits)
    return puzzlink.url_text("tentaisho", p.cols, p.rows, out)


def _skip(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n + 15]


GENRE = define(
    __name__,
    slug="galaxies",
    ja="天体ショー",
    pzpr_ids=("tentaisho",),
    names=("tentaisho", "tentaisyo", "spiral-galaxies"),
    lazy=True,
    tuning=Tuning(probe_work=500_000),
)
