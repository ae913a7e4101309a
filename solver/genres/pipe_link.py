"""Pipe Link (パイプリンク).

Rules: draw one loop through the centres of all cells, moving up, down, left and right. It passes
through every cell; it may cross itself, going straight through the crossing cell (`┼`), but it
never branches or ends. Some cells show a given pipe piece: that cell keeps exactly that shape
(a given bend or straight stays as it is and does not become a crossing; a given `┼` is a
crossing).

Layout: one puzzle cell per spreadsheet cell from A1. A given piece is typed as its glyph
`─ │ ┌ ┐ └ ┘ ┼`; also accepted are `-` (or `ー`, `—`) for `─`, `|` for `│`, `+` for `┼`
(full-width forms too), the heavy and rounded box-drawing glyphs (`━ ┃ ┏ ┓ ┗ ┛ ╋ ╭ ╮ ╰ ╯`),
and the sides the pipe leaves by as letters U D L R in any order and case (`UR` for `└`, `LR` for
`─`, `UDLR` for `┼`). Other cells stay empty. The sentinel one cell diagonally below-right of
the grid. The answer draws the loop in the empty cells with `─ │ ┌ ┐ └ ┘`, and `┼` where it
crosses itself; the given pieces stay as typed. The answer is written in blue, and that is how
Check tells it from the givens: a piece in blue (as solving and hints write it; `-`, `|`, `+`
too) is the answer, in any other colour a given.

puzz.link (`pipelink`): per cell `a`-`g` a given piece (a `┼`, b `│`, c `─`, d `└`, e `┘`,
f `┐`, g `┌`), `h`-`z` skip 1-19 cells. A `.` is pzprjs's hidden question mark: it draws
nothing there and its checker puts no rule on the cell, so it is read as an empty cell. Digits
(ice, only in the variant `pipelinkr`) are refused.

Model (the seed's, written with the shared strands of `solver.blocks.lines`): h(r,c) = 1 when the
loop joins cell (r,c) to its right neighbour, v(r,c) to the cell below. Each cell is two strands, a
horizontal one hs(r,c) (through its left and right sides) and a vertical one vs(r,c), and a bend
turn(r,c) joins them: the line degree of each strand is twice its use, counting the bend. A cell
without a given piece may carry both strands without a bend (a crossing); a cell with a given
bend or straight holds one piece. Every cell is on the loop: hs + vs >= 1. A given piece fixes
its four arms (1 where it has an arm, 0 elsewhere), its bend (1 for a bend, 0 for a straight or
a crossing) and its strands. Valid inequalities that the rules imply: a border cell uses its
strand along the edge (a top-row cell is ─, ┌ or ┐); no 2x2 block closes a square of four bends.
The used strands form one loop (`solver.blocks.lines.connected` over the strand network, rooted
at the top-left cell's horizontal strand; the strands that the givens and the border fix enter
it as constants). The lazy form adds cuts on cells too: when the used segments leave the cells
in several groups, each group's border carries at least two segments.

Deductions (`deduce`): the rules of `solver.deduce.loop_logic` over the strands decide strands in
use or not and links (segments and bends) used or unused before the solve: the loop is one simple
cycle through the strands, every cell holds one strand at least, a cell that may not cross joins its
two strands by a bend when both are in use, a given piece fixes its links; then each unknown strand
and link is tried both ways (probing). The pipeline fixes each decided strand, bend and segment by
its bounds; what the rules decide holds in every answer, so the model keeps its answers. Probing's
budget is the genre's Tuning, in work: `probe_work`, or `probe_work_per_cell` for each strand where
that is more. Where probing leaves segments open, a SAT solver over the same rules
(`solver.deduce.loop_sat`, within `sat_conflicts`), and where that decides nothing a depth-first
search for the answers (`loop_logic.search`, probed at each node) within `search_work`, decide the
puzzle where they end with one answer. Where the rules decide every link, their segments are the
answer: the pipeline builds no model and runs no solver (`pipeline._decided_answer`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pulp

from solver.blocks.geometry import (
    OPPOSITE,
    STEPS,
    Cell,
    CellPuzzle,
    Segment,
    components,
    grid_edges,
    heading,
    square_edges,
    squares,
    step,
)
from solver.blocks.lines import arms, connected, edge_vars, on, strands
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import ARMS, GLYPHS, draw, glyph, read_segments, within
from solver.io.givens import Given, every_value
from solver.io.sheet import Grid
from solver.io.sheet.answer import ANSWER_FONT, CellWrite
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

PIECES = "─│┌┐└┘┼"
CROSS = "┼"
SPELLINGS = {
    "─": {"─", "-", "━", "ー", "−", "–", "—", "―"},
    "│": {"│", "|", "┃"},
    "┌": {"┌", "┏", "╭"},
    "┐": {"┐", "┓", "╮"},
    "└": {"└", "┗", "╰"},
    "┘": {"┘", "┛", "╯"},
    "┼": {"┼", "+", "╋"},
}
READ = {s: piece for piece, names in SPELLINGS.items() for s in names}
URL_PIECES = dict(zip("abcdefg", "┼│─└┘┐┌", strict=True))


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str | None, ...], ...]  # a piece of PIECES or None

    def pieces(self) -> dict[Cell, str]:
        return self.givens()


Answer = frozenset[Segment]  # the loop's centre-to-centre segments, lower cell first


def _piece(value: Value) -> str | None:
    """The piece a typed value names, None if it names none."""
    if not isinstance(value, str):
        return None
    text = unicodedata.normalize("NFKC", value).strip()
    if text in READ:
        return READ[text]
    sides = frozenset(text.upper())
    if len(text) == len(sides) and sides in GLYPHS and len(sides) in (2, 4):
        return GLYPHS[sides]
    return None


def parse(grid: Grid) -> Puzzle:
    def read(r: int, c: int) -> str | None:
        v = grid[r, c]
        if v is None:
            return None
        piece = _piece(v)
        if piece is None:
            raise grid.error(
                r,
                c,
                "a cell holds a pipe piece ─ │ ┌ ┐ └ ┘ ┼ (or - | +, or the sides it joins "
                f"such as UR) or stays empty, found {quote(v)}",
            )
        return piece

    cells = tuple(tuple(read(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    p = Puzzle(cells)
    if misfits := _misfits(p):
        (r, c), message = misfits[0]
        raise grid.error(r, c, message)
    return p


def _misfits(p: Puzzle) -> list[tuple[Cell, str]]:
    """Given pieces that cannot be part of any answer: an arm out of the grid, or an arm into
    a given piece without an arm back."""
    found = []
    for (r, c), piece in sorted(p.pieces().items()):
        for side in sorted(ARMS[piece]):
            rr, cc = step((r, c), side)
            if not (0 <= rr < p.rows and 0 <= cc < p.cols):
                found.append(((r, c), f"the piece {piece} leads out of the grid ({side})"))
            elif (other := p.cells[rr][cc]) is not None and OPPOSITE[side] not in ARMS[other]:
                found.append(
                    (
                        (r, c),
                        f"the piece {piece} leads into the piece {other} next to it ({side}), "
                        "which has no arm back",
                    )
                )
    return found


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("pipe-link")
    pieces = p.pieces()
    cells = p.positions()
    x = edge_vars(prob, grid_edges(p.rows, p.cols))
    may_cross = [cell for cell in cells if pieces.get(cell, CROSS) == CROSS]
    st = strands(prob, x, cells, may_cross)

    def edge(a: Cell, b: Cell):
        return x.get((min(a, b), max(a, b)), 0)

    for r, c in cells:
        prob += st.hor[r, c] + st.ver[r, c] >= 1, cname("Cover", (r, c))
        piece = pieces.get((r, c))
        if piece is None:
            continue
        sides = ARMS[piece]
        for side in STEPS:
            e = edge((r, c), step((r, c), side))
            if isinstance(e, int):
                continue  # no edge off the grid (parse refuses pieces that lead out)
            prob += e == int(side in sides), cname(f"Given{side}", (r, c))
        bend = len(sides) == 2 and sides not in (frozenset("LR"), frozenset("UD"))
        prob += st.turn[r, c] == int(bend), cname("GivenTurn", (r, c))

    # Strands whose use the rules fix: those of a given piece, and the strand along the grid's
    # edge in a border cell (a top-row cell is ─, ┌ or ┐: its horizontal strand is in use).
    # Stated as constraints and passed to the connectivity as constants (stronger cuts, a
    # smaller tree).
    for (r, c), strand, fixed in _known_strands(p):
        kind = "H" if strand == "h" else "V"
        use = st.hor if strand == "h" else st.ver
        prob += use[r, c] == fixed, cname(f"Known{kind}", (r, c))
        st.net.used[(r, c), strand] = fixed

    # No four bends closing a 2x2 square (a loop of its own), unless the grid is that square.
    if p.rows * p.cols > 4:
        for block in squares(p.rows, p.cols):
            sides = [x[e] for e in square_edges(block)]
            turns = [st.turn[cell] for cell in block]
            prob += pulp.lpSum(sides + turns) <= 7, cname("NoSquare", block[0])

    nodes, links, _ = logic_graph(p)
    # the graph of the deductions (`deduce`): a strand is a node; a link is a bend (a cell's
    # two strands) or a segment
    strand = {(cell, k): (st.hor if k == "h" else st.ver)[cell] for cell, k in nodes}
    link = {(a, b): st.turn[a[0]] if a[0] == b[0] else x[a[0], b[0]] for a, b in links}
    m = Model(
        prob,
        list(x.values()),
        {"x": x, "turn": st.turn, "hs": st.hor, "vs": st.ver, "strand": strand, "link": link},
    )
    m.separate(connected(prob, st.net, lazy=lazy, root=((0, 0), "h"), crossing=2))
    if lazy:
        m.separate(_cell_cuts(x))
    return m


Strand = tuple[Cell, str]  # a cell's horizontal ('h') or vertical ('v') strand


def logic_graph(p: Puzzle) -> tuple[list[Strand], list[tuple[Strand, Strand]], loop_logic.Graph]:
    """The strands, the links between them (a segment joins two cells' strands of its
    direction; a bend joins a cell's two strands), and the rules as `solver.deduce.loop_logic` takes
    them: the loop is one simple cycle through the strands."""
    pieces = p.pieces()
    strands = [(cell, kind) for cell in p.positions() for kind in "hv"]
    place = {strand: i for i, strand in enumerate(strands)}
    links = [
        ((a, "h" if a[0] == b[0] else "v"), (b, "h" if a[0] == b[0] else "v"))
        for a, b in grid_edges(p.rows, p.cols)
    ]
    crossing: dict[tuple[int, int], list[int]] = {}  # segments across each line
    for e, (((r, c), _), ((rr, _), _)) in enumerate(links):
        crossing.setdefault((0, r) if rr > r else (1, c), []).append(e)
    bends = {cell: len(links) + k for k, cell in enumerate(p.positions())}
    links += [((cell, "h"), (cell, "v")) for cell in p.positions()]
    fixed = []  # a given piece: its arms and its bend
    index = {(a[0], b[0]): e for e, (a, b) in enumerate(links) if a[0] != b[0]}
    for (r, c), piece in pieces.items():
        sides = ARMS[piece]
        for side in STEPS:
            q = step((r, c), side)
            e = index.get((min((r, c), q), max((r, c), q)))
            if e is not None:
                fixed.append(([e], int(side in sides), int(side in sides)))
        bend = int(len(sides) == 2 and sides not in (frozenset("LR"), frozenset("UD")))
        fixed.append(([bends[r, c]], bend, bend))
    graph = loop_logic.Graph(
        len(strands),
        [(place[a], place[b]) for a, b in links],
        [(r + c + (kind == "v")) % 2 for (r, c), kind in strands],
        even=list(crossing.values()),
        apart=bends.values(),  # every cell on the loop: one of its strands at least
        together=[e for cell, e in bends.items() if pieces.get(cell, CROSS) != CROSS],
        sums=fixed,
        on=[place[strand] for strand, use in _known(p).items() if use],
    )
    return strands, links, graph


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the loop's rules decide over the strands (`solver.deduce.loop_logic`): strands
    in use or not, links (segments and bends) used or unused; the answer where they decide
    every link (its segments, the links between two cells)."""
    nodes, links, graph = logic_graph(p)
    used_strands, used_links = loop_logic.forced(
        nodes,
        links,
        graph,
        tuning.probe_work,
        tuning.probe_work_per_cell,
        tuning.search_work,
        tuning.sat_conflicts,
    )
    segments = [(a, b) for (a, _), (b, _) in links if a != b]
    answer = None
    if len(used_links) == len(links):
        answer = frozenset((a, b) for ((a, _), (b, _)), v in used_links.items() if v and a != b)
    return Deductions(
        {"strand": used_strands, "link": used_links}, answer=answer, answer_vars=len(segments)
    )


def _cell_cuts(x: dict[Segment, pulp.LpVariable]) -> Callable[[], list[pulp.LpConstraint]]:
    """Extra lazy cuts on cells: the cells that the used segments join fall into groups; when
    there are several, the loop must still enter and leave each group, x(border) >= 2. (The
    strand cuts of `solver.blocks.lines` separate curves that share a crossing cell; these are the
    stronger cuts where curves don't.)"""

    cells = sorted({cell for e in x for cell in e})

    def cuts() -> list[pulp.LpConstraint]:
        groups = components(cells, [e for e, u in x.items() if on(u)])
        if len(groups) < 2:
            return []
        return [
            pulp.lpSum(u for (a, b), u in x.items() if (a in group) != (b in group)) >= 2
            for group in groups
        ]

    return cuts


def _known_strands(p: Puzzle) -> list[tuple[Cell, str, int]]:
    """(cell, 'h' or 'v', use) for every strand whose use is certain before solving."""
    return [(cell, strand, on) for (cell, strand), on in sorted(_known(p).items())]


def _known(p: Puzzle) -> dict[Strand, int]:
    """Strand -> its use, for every strand whose use is certain before solving."""
    known: dict[tuple[Cell, str], int] = {}
    for r in range(p.rows):
        for c in range(p.cols):
            if r in (0, p.rows - 1):
                known[(r, c), "h"] = 1
            if c in (0, p.cols - 1):
                known[(r, c), "v"] = 1
    for cell, piece in p.pieces().items():
        sides = ARMS[piece]
        known[cell, "h"] = int(bool(sides & {"L", "R"}))
        known[cell, "v"] = int(bool(sides & {"U", "D"}))
    return known


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    problems = []
    for q, s in sorted(a):
        if abs(q[0] - s[0]) + abs(q[1] - s[1]) != 1:
            problems.append(
                Violation(
                    f"the segment {cell_name(q)}-{cell_name(s)} does not join two neighbouring "
                    "cells",
                    [q, s],
                )
            )
        for r, c in (q, s):
            if not (0 <= r < p.rows and 0 <= c < p.cols):
                problems.append(Violation(f"the loop leaves the grid at {cell_name((r, c))}"))
    if problems:
        return problems
    sides = arms(a)
    for cell in p.positions():
        wrong = {0: "misses cell", 1: "ends in cell", 3: "branches in cell"}
        n = len(sides.get(cell, ()))
        if n in wrong:
            problems.append(Violation(f"the loop {wrong[n]} {cell_name(cell)}", [cell]))
    for (r, c), piece in sorted(p.pieces().items()):
        s = sides.get((r, c), frozenset())
        if s != ARMS[piece]:
            shown = glyph(s) if s in GLYPHS else "".join(sorted(s)) or "nothing"
            problems.append(
                Violation(
                    f"the given piece {piece} at {cell_name((r, c))} became {shown}", [(r, c)]
                )
            )
    if problems:
        return problems
    curves = sorted(_curves(a, sides), key=len, reverse=True)
    if len(curves) != 1:
        problems.append(
            Violation(
                f"the line is {len(curves)} separate loops, not one",
                [cell for curve in curves[1:] for cell in curve],
            )
        )
    return problems


def _curves(a: Answer, sides: dict[Cell, frozenset[str]]) -> list[set[Cell]]:
    """The cells of each closed curve the segments make, going straight on through crossings
    (every cell has 2 or 4 arms)."""
    left = set(a)
    found = []
    while left:
        start = min(left)
        curve = set(start)
        prev, here = start
        while True:
            left.discard((min(prev, here), max(prev, here)))
            curve.add(here)
            back = heading(here, prev)
            s = sides[here]
            out = OPPOSITE[back] if len(s) == 4 else next(k for k in s if k != back)
            prev, here = here, step(here, out)
            if (prev, here) == start:
                break
        found.append(curve)
    return found


def is_answer(grid: Grid, cell: Cell) -> bool:
    """The answer draws with the givens' own pieces, so the colour tells them apart: a piece in
    the answer's blue is the answer's (solving and hints write blue, and a cell typed over keeps
    its colour); a piece in any other colour is a given."""
    sheet = grid.source
    return (
        grid[cell] is not None
        and sheet is not None
        and sheet.get_style(cell[0] + 1, cell[1] + 1).font_color == ANSWER_FONT
    )


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The loop as the pieces show it, given and drawn alike (`─ │ ┌ ┐ └ ┘ ┼`, `-`, `|`, `+`),
    read strictly (`solver.io.drawn_lines.read_segments`): a segment a piece leads into is
    drawn, one a piece has no arm for is absent, and a piece whose arm no piece meets is named."""
    shown = {cell: ARMS[piece] for cell in grid.positions() if (piece := _piece(grid[cell]))}
    return read_segments(shown, m["x"], within(p.rows, p.cols))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return draw(a, p.pieces())


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`pipelink`: `a`-`g` a given piece, `h`-`z` skip 1-19 cells, `.` an empty cell."""
    if any(ch.isdigit() for ch in url.body):
        raise puzzlink.UrlError(
            "pipelink: digits mark ice cells, which only the variant 'pipelinkr' has"
        )
    values, rest = puzzlink.decode_letters(url.body, url.rows * url.cols, URL_PIECES, "h", ".")
    puzzlink.end(rest)
    p = Puzzle(puzzlink.grid_rows(values, url.cols))
    if misfits := _misfits(p):
        (r, c), message = misfits[0]
        raise puzzlink.UrlError(f"pipelink: cell ({r + 1}, {c + 1}): {message}")
    return p


def to_url(p: Puzzle) -> str:
    letters = {piece: letter for letter, piece in URL_PIECES.items()}
    body = puzzlink.encode_letters(puzzlink.cells_of(p.cells), letters, "h")
    return puzzlink.url_text("pipelink", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The given pieces, for the conflict search: a cell without one takes any piece."""
    return every_value(grid, p.pieces())


GENRE = define(
    __name__,
    slug="pipe-link",
    ja="パイプリンク",
    pzpr_ids=("pipelink",),
    lazy=True,
    tuning=Tuning(
        prove_by_search=True,
        probe_work=7_500_000,
        probe_work_per_cell=15_000,
        search_work=5_000_000,
        sat_conflicts=loop_logic.SAT_CONFLICTS,
    ),
)
