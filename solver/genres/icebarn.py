"""Icebarn (アイスバーン).

Rules: draw one path from IN to OUT through the centres of cells, moving up, down, left and
right. On ice cells the path goes straight, and only there may it cross itself (straight through
both ways). Every arrow on a border is crossed by the path, in the arrow's direction. Every group
of side-by-side ice cells is passed at least once: the published rule (Nikoli, puzz.link), and
the one a sheet gets. The seed's notebook asks for every ice cell; its sample has the same unique
answer under both, but published puzzles leave ice cells unvisited (puzz.link's own test puzzle
has no answer under the notebook's rule). `Puzzle(..., all_ice=True)` gives the notebook's rule.

Layout: the sheet holds the puzzle's cells and the borders between them, one spreadsheet cell
each: a puzzle of R rows and C columns takes 2R+1 rows and 2C+1 columns from A1. Cell (r, c) of
the puzzle (0-based) is at sheet row 2r+2, column 2c+2 (B2, D2, F2, ..., B4, ...): empty, or ice
`氷` (also `*`, `I`). Between two cells side by side stands their border: empty, or an arrow
`→`/`←` (also `R`/`L`, `>`/`<`); between two cells one above the other, `↑`/`↓` (also `U`/`D`,
`^`/`v`). The frame around (row 1, the last row, column A, the last column) holds `IN` and `OUT`
(also `入`/`出`, or an arrow pointing into the grid for IN, out of it for OUT) beside the cell
where the path enters and where it leaves; the corners where borders meet (odd row and odd
column) stay empty. The sentinel goes one cell diagonally below-right, as always. A 2 x 3 puzzle
and its answer:

        A   B   C   D   E   F   G   H           A   B   C   D   E   F   G
    1                                       1
    2   IN          氷                      2   IN  ─   ─   氷  ─   ┐
    3                                       3                       │
    4   OUT             ←                   4   OUT ─   ─   ─   ←   ┘
    5                                       5
    6                               E

The answer draws the path with `─ │ ┌ ┐ └ ┘` in the empty cell positions and `─`/`│` in the
empty borders it crosses, so that it reads as one line; ice keeps its mark, and the borders
around an ice cell show how the path passes (a crossing has lines on all four sides). The
record's `lines` are in puzzle cells (not sheet cells); the two segments at IN and OUT lead to
a cell just outside the grid (row -1 or R, column -1 or C).

Model (the seed's, on strands): h(r,c) = 1 when the path joins cell (r,c) to its right
neighbour, v(r,c) to the cell below; the edges at IN and OUT lead to a virtual cell just outside
the grid and are always used. Each cell is two strands (`solver.blocks.lines.strands`): hs(r,c) for
the path through its left and right sides, vs(r,c) through top and bottom, joined by a bend
turn(r,c); only ice cells may use both strands without a bend (a crossing), and on ice turn(r,c) = 0
(the path goes straight). Directions as in the seed: hr(r,c)/hl(r,c) = the path crosses the edge
h(r,c) rightwards/leftwards, vd(r,c)/vu(r,c) downwards/upwards, with h = hr + hl and v = vd + vu;
the flow is conserved at every strand (on ice the horizontal and the vertical strand each, elsewhere
the cell), so the whole path runs one way from IN to OUT; an arrow fixes its arc to 1. Every ice
group has hs + vs >= 1 somewhere. Four non-ice cells in a square never use all four of its
edges (that would be a little loop; a valid cut, it helps both forms). The two virtual cells are
joined by an always-used edge, making the path one loop, and that loop is one piece
(`solver.blocks.lines.connected` on the strands, rooted at IN, crossing 2).

Deductions (`deduce`): the answers counted before the solve (`solver.deduce.frontier.path_answers`):
a search cell by cell keeps every distinct way the path crosses the boundary of the cells done
(which loose ends belong together, which way each runs, which groups of ice are passed) with how
many partial answers reach it, and so counts the answers exactly (none, one, or more). Where it
finishes within the Tuning's `count_work` (frontiers made), the model settles on them
(`Model.settle`): one answer fixes every segment inside the grid by its bounds (it holds in every
answer, there being no other), and the pipeline runs no solver (`pipeline._decided`); with more than
one, the search first tries the first and the uniqueness check is handed another. The count settles
icebarn-2 in a fraction of the lazy rounds' time; large icebarns outgrow its bound and are left to
the search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pulp

from solver.blocks.geometry import (
    OPPOSITE,
    Cell,
    CellPuzzle,
    Segment,
    components,
    grid_edges,
    heading,
    step,
)
from solver.blocks.lines import (
    arms,
    check_ends,
    connected,
    edge_vars,
    no_square_loop,
    segment_entries,
    strands,
)
from solver.blocks.names import a1, cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions
from solver.deduce.frontier import path_answers
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import LINE_MARKS, SIDE_WORDS, glyph, one_sided, read_arms, report
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import ARROW, arrow
from solver.mip.model import Model, cname, new_problem, var
from solver.mip.settings import NO_FEASIBILITY_JUMP, Tuning

ICE = "氷"
IN, OUT = "IN", "OUT"
ICE_NAMES = {"氷", "*", "＊", "I", "i", "Ｉ"}
IN_NAMES = {"IN", "In", "in", "入", "入口"}
OUT_NAMES = {"OUT", "Out", "out", "出", "出口"}
ANSWER_MARKS = LINE_MARKS

Arc = tuple[Cell, Cell]  # the path crosses from the first cell into the second
Answer = frozenset[Segment]  # centre-to-centre segments, lower cell first (IN/OUT included)


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[bool, ...], ...]  # True: ice
    arrows: frozenset[Arc]  # inner borders the path crosses, as (from cell, to cell)
    entrance: Arc  # (the virtual cell outside, the grid cell where the path enters)
    exit: Arc  # (the grid cell where the path leaves, the virtual cell outside)
    all_ice: bool = False  # the notebook's stricter rule: every ice cell, not every ice group

    def ice(self) -> set[Cell]:
        return {(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v}

    def ice_groups(self) -> list[list[Cell]]:
        """The groups of side-by-side ice cells, each sorted, in order of their first cell."""
        return [sorted(group) for group in components(sorted(self.ice()))]


def _border(a: Cell, b: Cell) -> Cell:
    """The sheet position (0-based) of the border between adjacent cells a and b (either may
    be a virtual cell just outside the grid)."""
    return a[0] + b[0] + 1, a[1] + b[1] + 1


# --- the sheet ----------------------------------------------------------------------------


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 3 or grid.cols < 3 or grid.rows % 2 == 0 or grid.cols % 2 == 0:
        raise InputError(
            grid.sheet,
            "an icebarn sheet has 2R+1 rows and 2C+1 columns (cells at B2, D2, ..., borders "
            f"between them, the frame around); the grid found is {grid.rows} x {grid.cols}",
        )
    rows, cols = grid.rows // 2, grid.cols // 2

    def border_arrow(r: int, c: int, allowed: str, where: str) -> str | None:
        v = grid[r, c]
        if v is None:
            return None
        d = arrow(v)
        if d is not None and d in allowed:
            return d
        shown = " or ".join(ARROW[d] for d in allowed)
        raise grid.error(r, c, f"{where} holds an arrow {shown} or stays empty, found {quote(v)}")

    ice: list[list[bool]] = []
    arrows: set[Arc] = set()
    doors: dict[str, tuple[Arc, tuple[int, int]]] = {}
    for r in range(grid.rows):
        for c in range(grid.cols):
            v = grid[r, c]
            if r % 2 == 0 and c % 2 == 0:
                if v is not None:
                    raise grid.error(
                        r, c, f"a corner where borders meet stays empty, found {quote(v)}"
                    )
            elif r % 2 == 1 and c % 2 == 1:
                if c == 1:
                    ice.append([])
                if v is not None and v not in ICE_NAMES:
                    hint = ""
                    if arrow(v) is not None or v in IN_NAMES:
                        hint = " (arrows go on the borders between cells, IN and OUT on the frame)"
                    raise grid.error(
                        r,
                        c,
                        f"a cell holds ice {ICE} (or *) or stays empty, found {quote(v)}{hint}",
                    )
                ice[-1].append(v is not None)
            elif r in (0, grid.rows - 1) or c in (0, grid.cols - 1):
                door = _door(grid, r, c, rows, cols)
                if door is not None:
                    kind, arc = door
                    if kind in doors:
                        first = doors[kind][1]
                        raise grid.error(
                            r,
                            c,
                            f"the frame holds a second {kind} (the first is at "
                            f"{a1(first[0] + 1, first[1] + 1)}); a path has one {kind}",
                        )
                    doors[kind] = (arc, (r, c))
            elif r % 2 == 1:  # between cells side by side
                d = border_arrow(r, c, "RL", "a border between cells side by side")
                if d is not None:
                    a, b = (r // 2, c // 2 - 1), (r // 2, c // 2)
                    arrows.add((a, b) if d == "R" else (b, a))
            else:  # between cells one above the other
                d = border_arrow(r, c, "DU", "a border between cells one above the other")
                if d is not None:
                    a, b = (r // 2 - 1, c // 2), (r // 2, c // 2)
                    arrows.add((a, b) if d == "D" else (b, a))
    for kind in (IN, OUT):
        if kind not in doors:
            raise InputError(
                grid.sheet,
                f"no {kind} on the frame: type {kind} in the frame (row 1, the last row, column "
                "A or the last column) beside the cell where the path "
                + ("enters" if kind == IN else "leaves"),
            )
    return Puzzle(tuple(tuple(row) for row in ice), frozenset(arrows), doors[IN][0], doors[OUT][0])


def _door(grid: Grid, r: int, c: int, rows: int, cols: int) -> tuple[str, Arc] | None:
    """IN or OUT on the frame at sheet position (r, c), with its arc; None if empty."""
    v = grid[r, c]
    if v is None:
        return None
    if r == 0:
        outside, inside, inward = (-1, c // 2), (0, c // 2), "D"
    elif r == grid.rows - 1:
        outside, inside, inward = (rows, c // 2), (rows - 1, c // 2), "U"
    elif c == 0:
        outside, inside, inward = (r // 2, -1), (r // 2, 0), "R"
    else:
        outside, inside, inward = (r // 2, cols), (r // 2, cols - 1), "L"
    outward = OPPOSITE[inward]
    if v in IN_NAMES or arrow(v) == inward:
        return IN, (outside, inside)
    if v in OUT_NAMES or arrow(v) == outward:
        return OUT, (inside, outside)
    raise grid.error(
        r,
        c,
        f"the frame holds IN or OUT (or an arrow {ARROW[inward]} in, "
        f"{ARROW[outward]} out) or stays empty, found {quote(v)}",
    )


def to_cells(p: Puzzle) -> list[list[Value]]:
    out: list[list[Value]] = [[None] * (2 * p.cols + 1) for _ in range(2 * p.rows + 1)]
    for r, c in p.ice():
        out[2 * r + 1][2 * c + 1] = ICE
    for a, b in p.arrows:
        br, bc = _border(a, b)
        out[br][bc] = ARROW[heading(a, b)]
    for (a, b), word in ((p.entrance, IN), (p.exit, OUT)):
        br, bc = _border(a, b)
        out[br][bc] = word
    return out


# --- the model ----------------------------------------------------------------------------


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("icebarn")
    cells = p.positions()
    ice = p.ice()
    x = edge_vars(prob, grid_edges(p.rows, p.cols))
    start, first = p.entrance
    last, end = p.exit
    doors = {(min(start, first), max(start, first)): 1, (min(last, end), max(last, end)): 1}
    edges: dict[Segment, pulp.LpVariable | int] = {**x, **doors}

    # directions: arc[a, b] = 1 when the path crosses from a into b (the seed's (1)-(2), (5))
    arc: dict[Arc, pulp.LpVariable | int] = {(start, first): 1, (first, start): 0}
    arc |= {(last, end): 1, (end, last): 0}
    for (a, b), e in x.items():
        r, c = a[0] + 1, a[1] + 1
        if a[0] == b[0]:
            arc[a, b], arc[b, a] = var(prob, "hr", r, c), var(prob, "hl", r, c)
            prob += e == arc[a, b] + arc[b, a], f"DirH({r},{c})"
        else:
            arc[a, b], arc[b, a] = var(prob, "vd", r, c), var(prob, "vu", r, c)
            prob += e == arc[a, b] + arc[b, a], f"DirV({r},{c})"

    st = strands(prob, edges, cells, may_cross=ice)

    def flow(cell: Cell, sides: str) -> tuple[pulp.LpAffineExpression, pulp.LpAffineExpression]:
        into, out_of = [], []
        for d in sides:
            n = step(cell, d)
            if (cell, n) in arc:
                into.append(arc[n, cell])
                out_of.append(arc[cell, n])
        return pulp.lpSum(into), pulp.lpSum(out_of)

    for cell in cells:
        if cell in ice:
            prob += st.turn[cell] == 0, cname("Straight", cell)  # the seed's (8)
            for kind, sides in (("H", "LR"), ("V", "UD")):
                into, out_of = flow(cell, sides)
                prob += into == out_of, cname(f"Pass{kind}", cell)  # the seed's (7), per strand
        else:
            into, out_of = flow(cell, "UDLR")
            prob += into == out_of, cname("Pass", cell)

    for a, b in sorted(p.arrows):  # the seed's (6)
        prob += arc[a, b] == 1, cname("Arrow", a, b)

    # the seed's (9): ice is passed; every group (published rule) or every cell (notebook)
    groups = [[cell] for cell in sorted(ice)] if p.all_ice else p.ice_groups()
    for group in groups:
        r, c = group[0]
        prob += pulp.lpSum(st.hor[g] + st.ver[g] for g in group) >= 1, cname("Ice", (r, c))

    # no little loop: four non-ice cells in a square never use all four of its edges
    no_square_loop(prob, x, p.rows, p.cols, skip=lambda block: any(q in ice for q in block))

    net = st.net
    net.x[start, end] = 1  # closes the path into a loop through the outside
    m = Model(prob, list(x.values()), {"x": edges, "arc": arc, "strands": st})
    m.separate(connected(prob, net, lazy=lazy, root=start, crossing=2))
    m.vars["segments"] = x  # the segments inside the grid: what `deduce` counts
    return m


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """The answers counted along a frontier (`solver.deduce.frontier.path_answers`, within
    `Tuning.count_work`): none, one or more, on which the model settles (`Model.settle`);
    nothing where the count gives up."""
    ice = p.ice()
    groups = [[cell] for cell in sorted(ice)] if p.all_ice else p.ice_groups()
    counted = path_answers(
        p.rows, p.cols, ice, p.arrows, p.entrance, p.exit, groups, max_work=tuning.count_work
    )
    return NOTHING if counted is None else Deductions(answers=counted, answers_of="segments")


# --- checking and showing an answer -------------------------------------------------------


def _sheet(cell: Cell) -> Cell:
    """The sheet cell (0-based) of a puzzle cell: cells stand at odd rows and columns."""
    return 2 * cell[0] + 1, 2 * cell[1] + 1


def _at(cell: Cell) -> str:
    """The sheet cell of a puzzle cell, for messages."""
    return cell_name(_sheet(cell))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The rules, walked: from IN along the path to OUT. Cells are named and marked where they
    stand in the sheet; a problem on a border marks the border's cell."""
    ice = p.ice()
    inside = set(p.positions())
    start, first = p.entrance
    end = p.exit[1]
    sides = arms(a)
    problems = [
        Violation(f"the segment {_at(s)}-{_at(t)} does not join two adjacent cells")
        for s, t in sorted(a)
        if abs(s[0] - t[0]) + abs(s[1] - t[1]) != 1
    ]
    if problems:
        return problems
    for cell, s in sorted(sides.items()):
        if cell not in inside:
            if cell not in (start, end):
                borders = [_border(q, t) for q, t in a if cell in (q, t)]
                problems.append(
                    Violation(
                        f"the path leaves the grid at {cell_name(min(borders))}, not at IN or OUT",
                        borders,
                    )
                )
        elif cell in ice:
            if s not in (frozenset("LR"), frozenset("UD"), frozenset("UDLR")):
                problems.append(
                    Violation(f"the path turns or ends on the ice at {_at(cell)}", [_sheet(cell)])
                )
        elif len(s) == 4:
            problems.append(
                Violation(f"the path crosses itself off the ice at {_at(cell)}", [_sheet(cell)])
            )
    dry = {cell: s for cell, s in sides.items() if cell in inside - ice and len(s) != 4}
    problems += check_ends(dry, lambda cell: 2, line="the path", where=_sheet)
    for door, word in ((p.entrance, IN), (p.exit, OUT)):
        outside = door[0] if door[0] not in inside else door[1]
        if len(sides.get(outside, ())) != 1:
            problems.append(Violation(f"the path does not pass {word}", [_border(*door)]))
    if problems:
        return problems

    walked: list[Segment] = []
    crossed: set[Arc] = set()
    here, going = first, heading(start, first)
    walked.append((min(start, first), max(start, first)))
    crossed.add((start, first))
    while here in inside and len(walked) <= len(a):
        s = sides[here]
        straight_on = here in ice or len(s) != 2  # on ice, and through a crossing
        out = going if straight_on else next(d for d in s if d != OPPOSITE[going])
        nxt = step(here, out)
        walked.append((min(here, nxt), max(here, nxt)))
        crossed.add((here, nxt))
        here, going = nxt, out
    if here != end:
        problems.append(
            Violation(
                f"the path from IN does not lead to OUT (it ends at {_at(here)})", [_sheet(here)]
            )
        )
    twice = {seg for seg in walked if walked.count(seg) > 1}
    if twice:
        problems.append(
            Violation("the path runs along a segment twice", [_border(*seg) for seg in twice])
        )
    apart = set(a) - set(walked)
    if apart:
        problems.append(
            Violation(
                "some lines are not on the one path from IN to OUT",
                [_sheet(cell) for seg in apart for cell in seg if cell in inside],
            )
        )
    for a_, b_ in sorted(p.arrows):
        if (a_, b_) not in crossed:
            where = _border(a_, b_)
            if (b_, a_) in crossed:
                text = f"the path crosses the arrow in {cell_name(where)} against its direction"
            else:
                text = f"the path misses the arrow in {cell_name(where)}"
            problems.append(Violation(text, [where]))
    groups = [[cell] for cell in sorted(ice)] if p.all_ice else p.ice_groups()
    for group in groups:
        if not any(cell in sides for cell in group):
            problems.append(
                Violation(f"the path misses the ice at {_at(group[0])}", map(_sheet, group))
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The path as drawn: a segment is drawn when the border between its cells shows a line
    (`─ │ - |`) or a cell's glyph leads into it, absent when the border is marked `×` (or `・`)
    or a drawn cell's glyph has no arm that way. A segment over an arrow shows in no cell: the
    arrow says the path crosses there. In the sheet the path is one line through the cells and
    the borders between them, and its glyphs are held to each other as
    `solver.io.drawn_lines.one_sided` holds them: an arm off the grid (the frame beside IN and
    OUT excepted), into a corner where borders meet, or into a glyph without the arm back is
    named."""
    report(*_one_sided(p, grid))
    drawn, absent, unseen = [], [], []
    for seg, x in m["x"].items():
        if not isinstance(x, pulp.LpVariable):
            continue  # IN and OUT
        a, b = seg
        mark = read_arms(grid[_border(a, b)])
        ends = [
            (read_arms(grid[_sheet(cell)]), heading(cell, other))
            for cell, other in ((a, b), (b, a))
            if cell not in p.ice()
        ]
        if mark or any(s and side in s for s, side in ends):
            drawn.append(seg)
        elif mark is not None or any(s is not None for s, _ in ends):
            absent.append(seg)
        elif (a, b) in p.arrows or (b, a) in p.arrows:
            unseen.append(seg)
    return segment_entries(m["x"], drawn, absent, unseen)


def _one_sided(p: Puzzle, grid: Grid) -> tuple[list[Violation], dict[Cell, frozenset[str]]]:
    """The glyphs of the sheet (cells and borders alike) whose arm no line meets, and the arms
    of every glyph, an arrow's (the path crosses it) and IN's and OUT's (the path leaves them
    into their cell) included. A glyph where borders meet (a corner) is a problem of its own;
    two cells' glyphs that disagree across a blank border (not drawn yet) are one too."""
    shown = {pos: s for pos in grid.positions() if (s := read_arms(grid[pos])) is not None}
    doors = {_border(*p.entrance), _border(*p.exit)}
    for a, b in p.arrows:  # an arrow is the path crossing its border: a line both ways
        shown[_border(a, b)] = frozenset("LR" if a[0] == b[0] else "UD")
    for door, cell in (p.entrance, p.exit[::-1]):  # IN and OUT lead into their cell
        shown[_border(door, cell)] = frozenset(heading(_border(door, cell), _sheet(cell)))

    def corner(pos: Cell) -> bool:
        return pos[0] % 2 == 0 and pos[1] % 2 == 0

    def inside(pos: Cell) -> bool:
        return (0 < pos[0] < 2 * p.rows and 0 < pos[1] < 2 * p.cols) or pos in doors

    def closed(a: Cell, b: Cell) -> str | None:
        return f"into {cell_name(b)}, where borders meet" if corner(b) else None

    corners = {pos for pos, s in shown.items() if s and corner(pos) and inside(pos)}
    problems = [
        Violation(f"{cell_name(pos)} shows a line where borders meet", [pos])
        for pos in sorted(corners)
    ]
    shown = {pos: s for pos, s in shown.items() if pos not in corners}
    problems += one_sided(shown, inside, closed)
    cells = {pos: s for pos, s in shown.items() if pos[0] % 2 == 1 and pos[1] % 2 == 1}
    for a, sides in sorted(cells.items()):  # two cells' glyphs across a blank border
        for side in sorted(sides, key="UDLR".index):
            border = step(a, side)
            b = step(border, side)
            if b in cells and OPPOSITE[side] not in cells[b] and grid[border] is None:
                into = f"into {cell_name(b)}, which has no line back"
                said = f"{cell_name(a)}'s line goes {SIDE_WORDS[side]} across {cell_name(border)}"
                problems.append(Violation(f"{said} {into}", [a, b]))
    return problems, shown


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    ice = p.ice()
    out = [
        CellWrite(2 * r + 1, 2 * c + 1, glyph(s))
        for (r, c), s in sorted(arms(a).items())
        if 0 <= r < p.rows and 0 <= c < p.cols and (r, c) not in ice
    ]
    givens = {frozenset(arc) for arc in p.arrows} | {frozenset(p.entrance), frozenset(p.exit)}
    for s, t in sorted(a):
        if frozenset((s, t)) not in givens:
            br, bc = _border(s, t)
            out.append(CellWrite(br, bc, "─" if s[0] == t[0] else "│"))
    return sorted(out, key=lambda w: (w.row, w.col))


# --- puzz.link ----------------------------------------------------------------------------


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`icebarn` (pzprjs' current URL form): ice as bits, base 32, five cells a character,
    row-major; then the arrows on the inner borders in two runs over the border ids (the borders
    between cells side by side, row-major, then those between cells one above the other), the
    first run marking arrows up or left, the second down or right: a character other than `z`
    skips its base-36 value of borders and marks the next, `z` skips 35; a run ends once it
    passes the last inner border. Then `/in/out`: IN and OUT as ids among the outer borders
    (top row, bottom row, left column, right column)."""
    rows, cols = url.rows, url.cols
    head, *doors = url.body.split("/")
    ice, rest = puzzlink.decode_bits(head, rows * cols)
    arrows, rest = puzzlink.decode_border_marks(rest, rows, cols)
    puzzlink.end(rest)
    if len(doors) != 2 or not all(re.fullmatch(r"[0-9]{0,4}", k) for k in doors):
        raise puzzlink.UrlError(
            f"icebarn: the URL ends in {puzzlink.shown('/'.join(doors))}, not '/<in>/<out>' "
            "(the ids of IN and OUT among the outer borders)"
        )
    k_in, k_out = (int(k or 0) for k in doors)  # pzprjs reads an empty id as 0
    if k_in == k_out:
        raise puzzlink.UrlError(f"icebarn: IN and OUT on the same border ({k_in})")
    (o_in, c_in), (o_out, c_out) = (puzzlink.outer_border(rows, cols, k) for k in (k_in, k_out))
    return Puzzle(puzzlink.grid_rows(ice, cols), frozenset(arrows), (o_in, c_in), (c_out, o_out))


def to_url(p: Puzzle) -> str:
    if p.all_ice:
        raise puzzlink.UrlError("icebarn: puzz.link has no form for the rule 'every ice cell'")
    k_in = puzzlink.outer_border_id(p.rows, p.cols, *p.entrance)
    k_out = puzzlink.outer_border_id(p.rows, p.cols, p.exit[1], p.exit[0])
    body = puzzlink.encode_bits(puzzlink.cells_of(p.cells))
    body += puzzlink.encode_border_marks(p.rows, p.cols, p.arrows) + f"/{k_in}/{k_out}"
    return puzzlink.url_text("icebarn", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The arrows on inner borders, for the conflict search (a border without one lets the path
    cross either way); the ice, IN and OUT are the puzzle's own."""
    return [Given(at, str(grid[at])) for at in sorted(_border(a, b) for a, b in p.arrows)]


GENRE = define(
    __name__,
    slug="icebarn",
    ja="アイスバーン",
    pzpr_ids=("icebarn",),
    lazy=True,
    # the count's bound is lower than numberlink's: with many arrows the search is quick on
    # large grids, where the count is not
    tuning=Tuning(highs_options=(NO_FEASIBILITY_JUMP,), count_work=2_000_000),
)
