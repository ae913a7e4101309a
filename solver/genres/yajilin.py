"""Yajilin (ヤジリン).

Rules: shade some cells and draw one loop through the centres of cells, moving up, down, left
and right, never crossing or branching. The loop passes through every cell that is neither
shaded nor a clue. Shaded cells never touch side by side. A clue cell is neither shaded nor on
the loop; its number counts the shaded cells in the direction of its arrow, all the way to the
edge of the grid.

Layout: one puzzle cell per spreadsheet cell from A1. A clue is a number with an arrow, in either
order: `2↓`, `↓2`, `2D`, `d2`. Arrows: `↑ ↓ ← →` (also `⬆ ⬇ ⬅ ➡`), the letters `U D L R` (any
case), or `^ v < >`; full-width characters work too. `?↓` is a clue whose number is unknown, and
`?` alone is a clue cell without number or arrow (a plain grey cell): both are neither shaded
nor on the loop, and count nothing. A bare number without an arrow is refused. Other cells stay
empty. The sentinel one cell diagonally below-right of the grid. The answer shades the shaded
cells (`■` on a dark fill) and draws the loop in the other empty cells with `─ │ ┌ ┐ └ ┘`; clue
cells keep what they hold. By hand: `-` `|` and the corners for the loop, `#` (or a dark fill)
for a shaded cell, `・` for a cell known not to be shaded.

puzz.link: `yajilin` (alias `yajirin`), arrow number16 over cells. The pflag `b` (grey clue
cells) only changes the display and is accepted; the pflag `o` (every shaded cell must lie
outside the loop) is a variant this module does not solve and is refused, as is any other
pflag. A number without an arrow (pzprjs itself reports such a puzzle as broken) is refused.

Model (the seed's): b(r,c) = 1 when cell (r,c) is shaded, for every cell that is not a clue;
h(r,c) = 1 when the loop joins (r,c) to its right neighbour, v(r,c) to the cell below (only
between cells that are not clues). Every non-clue cell is on the loop exactly when it is not
shaded: its loop degree is 2 (1 - b). Two side-by-side cells are not both shaded (NoAdjH,
NoAdjV). A clue with number N and an arrow: the b of the cells its arrow sees (to the grid's
edge; clue cells count 0) sum to N (Arrow). The loop is one piece
(`solver.blocks.lines.single_loop`; lazy connectivity cuts by default, the faster form). Added
for speed, all implied by the rules: a loop has at least 4 cells (LoopExists); it alternates
between the two colours of the chequerboard, so it holds as many cells of each (Parity); when
more than 4 cells must be on it, no 2x2 square is the whole loop (NoSquare); it crosses each
line between two rows (or two columns) an even number of times, as a closed loop must (Even,
`solver.blocks.lines.crossing_parity`). The lazy cuts know that of two side-by-side open cells
at least one is on the loop (shaded cells never touch), so a piece of an answer that leaves such
a pair outside gets x(border) >= 2 u(i), and one that also holds such a pair x(border) >= 2
(`Network.some_used`); with Even, they save over a third of yajilin-2's solve. The loop is the
whole answer (every other open cell is shaded), so the uniqueness check cuts off the answer
found by "not every edge of this loop again" (`solver.blocks.lines.loop_no_good`), which every
other answer satisfies.

SCIP branches on the cells (b) before the segments (`Model.branch_first`): deciding that a
cell is shaded puts its four neighbours on the loop, where a segment decides one segment
(yajilin-2 a third faster than with the branching SCIP chooses).

Deductions (`deduce`): the rules of `solver.deduce.loop_logic` decide cells shaded or on the loop
and segments used or unused before the solve: a loop cell uses two segments, a shaded cell none and
its neighbours are on the loop, no segment closes a loop early, the loop lies in one biconnected
block of what is still possible, as many loop cells of each chequerboard colour, each line between
two rows or columns crossed evenly, an arrow's count over the cells it sees and over the cells
between it and another arrow of the same way behind it; then each unknown cell and segment is tried
both ways (probing). The pipeline fixes each decided b and x by its bounds; what the rules decide
holds in every answer, so the model keeps its answers. Probing's budget is the genre's Tuning, in
work: `probe_work`, or `probe_work_per_cell` for each open cell where that is more. Where probing
leaves segments open, a SAT solver over the same rules (`solver.deduce.loop_sat`, within
`sat_conflicts`), and where that decides nothing a depth-first search for the answers
(`loop_logic.search`, probed at each node) within `search_work`, decide the puzzle where they end
with one answer. Where the rules decide
every cell and segment, the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import NamedTuple

import pulp

from solver.blocks.cells import check_never_adjacent, never_adjacent
from solver.blocks.geometry import STEPS, Cell, CellPuzzle, Segment, grid_edges, ray
from solver.blocks.lines import (
    Network,
    arms,
    check_ends,
    check_pieces,
    crossing_parity,
    edge_vars,
    line_segments,
    lines_record,
    loop_no_good,
    no_square_loop,
    single_loop,
)
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import LINE_MARKS, draw, read_lines
from solver.io.givens import Given
from solver.io.shading import SHADE_MARKS, SHADING_MARKS, read_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import ARROW, arrow_clue, is_mark
from solver.mip.model import Model, cell_vars, cname, new_problem, value
from solver.mip.settings import ONE_SCIP_SEARCH, Tuning

UNKNOWN = "?"
ANSWER_MARKS = LINE_MARKS | SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


class Clue(NamedTuple):
    n: int | None  # the count, None when unknown ('?')
    d: str | None  # 'U', 'D', 'L' or 'R'; None for a plain clue cell


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Clue | None, ...], ...]

    def clues(self) -> dict[Cell, Clue]:
        return self.givens()

    def sees(self, r: int, c: int, d: str) -> list[Cell]:
        """The cells the arrow at (r, c) points at, nearest first, to the grid's edge."""
        return list(ray(self.rows, self.cols, r, c, *STEPS[d]))


@dataclass(frozen=True)
class Answer:
    shaded: frozenset[Cell]
    segments: frozenset[Segment]  # the loop's centre-to-centre segments, lower cell first


# --- reading the sheet ------------------------------------------------------------------------


def read_clue(v: Value) -> Clue | None:
    """A clue from a cell's text; None when the text is no clue (the caller reports it)."""
    if is_mark(v, spellings.UNKNOWN):
        return Clue(None, None)
    found = arrow_clue(v)
    if found is None or not found[1]:
        return None  # no arrow, two, or no number
    d, n = found
    return Clue(None if n == UNKNOWN else int(n), d)


def parse(grid: Grid) -> Puzzle:
    def clue(r: int, c: int) -> Clue | None:
        v = grid[r, c]
        if v is None:
            return None
        found = read_clue(v)
        if found is None:
            hint = " (a number needs an arrow)" if isinstance(v, int) else ""
            raise grid.error(
                r,
                c,
                f"a clue is a number with an arrow, such as 2↓, ↓2 or 2D, or ? for a grey "
                f"cell; found {quote(v)}{hint}",
            )
        return found

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    p = Puzzle(cells)
    for (r, c), k in sorted(p.clues().items()):
        if k.n is not None and k.d is not None:
            room = (len(p.sees(r, c, k.d)) + 1) // 2
            if k.n > room:
                raise grid.error(
                    r,
                    c,
                    f"the clue {quote(grid[r, c])} asks for {k.n} shaded cells, but only "
                    f"{room} fit in its direction (shaded cells never touch)",
                )
    if all(k is not None for row in cells for k in row):
        raise InputError(grid.sheet, "every cell is a clue: leave the loop's cells empty")
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    def text(k: Clue | None) -> Value:
        if k is None:
            return None
        n = UNKNOWN if k.n is None else str(k.n)
        return n if k.d is None else n + ARROW[k.d]

    return [[text(k) for k in row] for row in p.cells]


# --- the model --------------------------------------------------------------------------------


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("yajilin")
    clues = p.clues()
    cells = [cell for cell in p.positions() if cell not in clues]
    b = cell_vars(prob, "b", cells)
    edges = [(a, q) for a, q in grid_edges(p.rows, p.cols) if a in b and q in b]
    x = edge_vars(prob, edges)
    used = {cell: 1 - b[cell] for cell in cells}

    never_adjacent(prob, b)

    for (r, c), k in sorted(clues.items()):
        if k.n is not None and k.d is not None:
            seen = [cell for cell in p.sees(r, c, k.d) if cell in b]
            prob += pulp.lpSum(b[cell] for cell in seen) == k.n, cname("Arrow", (r, c))
    prob += pulp.lpSum(used.values()) >= 4, "LoopExists"
    # a loop alternates between the two colours of the chequerboard: as many loop cells of each
    even = [b[r, c] for r, c in cells if (r + c) % 2 == 0]
    odd = [b[r, c] for r, c in cells if (r + c) % 2 == 1]
    prob += pulp.lpSum(even) - pulp.lpSum(odd) == len(even) - len(odd), "Parity"
    shortest = len(cells) - _most_shaded(p)  # the fewest cells an answer's loop can have
    if shortest > 4:  # no 2x2 square is the loop
        no_square_loop(prob, x, p.rows, p.cols)
    crossing_parity(prob, x)  # the loop crosses each line between two rows or columns evenly

    m = Model(prob, [*x.values(), *b.values()], {"x": x, "b": b})  # b: for forced cells
    m.branch_first = list(b.values())  # a shaded cell settles its four neighbours: see above
    m.no_good = loop_no_good(x)  # the loop is the whole answer
    # shaded cells never touch, so of two side-by-side open cells one at least is on the loop
    net = Network(dict(x), dict(used), some_used=[frozenset(pair) for pair in edges])
    m.separate(single_loop(prob, net, lazy=lazy))
    return m


def logic_graph(p: Puzzle) -> tuple[list[Cell], list[Segment], loop_logic.Graph]:
    """The open cells, the segments between them, and the rules as `solver.deduce.loop_logic` takes
    them."""
    clues = p.clues()
    cells = [cell for cell in p.positions() if cell not in clues]
    index = {cell: i for i, cell in enumerate(cells)}
    segments = [(a, q) for a, q in grid_edges(p.rows, p.cols) if a in index and q in index]
    arrows = {cell: k for cell, k in sorted(clues.items()) if k.n is not None and k.d is not None}
    counts = [([index[q] for q in p.sees(*a, k.d) if q in index], k.n) for a, k in arrows.items()]
    for a, k in arrows.items():  # an arrow behind another of the same way: the cells between
        seen = p.sees(*a, k.d)
        for i, q in enumerate(seen):
            far = arrows.get(q)
            if far is not None and far.d == k.d:
                counts.append(([index[x] for x in seen[:i] if x in index], k.n - far.n))
    graph = loop_logic.grid_graph(
        cells,
        segments,
        apart=range(len(segments)),  # shaded cells never touch
        counts=counts,  # shaded cells are the ones off the loop
    )
    return cells, segments, graph


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide about every answer (`solver.deduce.loop_logic`): cells (1 shaded,
    0 on the loop) and loop segments between open cells (1 used, 0 not); nothing when they
    find that the puzzle has no answer (the model then finds it too)."""
    cells, segments, graph = logic_graph(p)
    on, used = loop_logic.forced(
        cells,
        segments,
        graph,
        tuning.probe_work,
        tuning.probe_work_per_cell,
        tuning.search_work,
        tuning.sat_conflicts,
    )
    answer = None
    if len(on) == len(cells) and len(used) == len(segments):  # decided whole
        shaded = frozenset(cell for cell, v in on.items() if not v)
        answer = Answer(shaded, frozenset(s for s, v in used.items() if v))
    return Deductions(
        {"b": {cell: 1 - v for cell, v in on.items()}, "x": used},
        answer=answer,
        answer_vars=len(cells) + len(segments),
    )


def _most_shaded(p: Puzzle) -> int:
    """An upper bound on the shaded cells: at most every other cell of each row's runs of
    non-clue cells."""
    total = 0
    for row in p.cells:
        runs = "".join("." if k is None else "#" for k in row).split("#")
        total += sum((len(run) + 1) // 2 for run in runs)
    return total


def decode(p: Puzzle, m: Model) -> Answer:
    shaded = frozenset(cell for cell, v in m["b"].items() if value(v) == 1)
    return Answer(shaded, frozenset(line_segments(m["x"])))


# --- checking an answer from the rules ----------------------------------------------------------


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    clues = p.clues()
    inside = set(p.positions())
    problems = [
        Violation(f"the clue cell {cell_name(cell)} is shaded", [cell])
        for cell in sorted(a.shaded & clues.keys())
    ]
    problems += check_never_adjacent(a.shaded & inside, "shaded cells")
    sides = arms(a.segments)
    for cell in sorted(sides):
        if cell not in inside:
            problems.append(Violation(f"the loop leaves the grid at {cell_name(cell)}", [cell]))
        elif cell in clues:
            problems.append(
                Violation(f"the loop runs through the clue cell {cell_name(cell)}", [cell])
            )
        elif cell in a.shaded:
            problems.append(
                Violation(f"the loop runs through the shaded cell {cell_name(cell)}", [cell])
            )
    open_ = {cell: s for cell, s in sides.items() if cell in inside - a.shaded - clues.keys()}
    problems += check_ends(open_, lambda cell: 2)
    for cell in sorted(inside - clues.keys() - a.shaded - sides.keys()):
        problems.append(
            Violation(f"cell {cell_name(cell)} is neither shaded nor on the loop", [cell])
        )
    if problems:
        return problems
    if not a.segments:
        problems.append(Violation("there is no loop", inside - clues.keys()))
    problems += check_pieces(a.segments)
    for (r, c), k in sorted(clues.items()):
        if k.n is None or k.d is None:
            continue
        seen = [cell for cell in p.sees(r, c, k.d) if cell in a.shaded]
        if len(seen) != k.n:
            problems.append(
                Violation(
                    f"the clue {k.n}{ARROW[k.d]} at {cell_name((r, c))} sees {len(seen)} "
                    f"shaded cells, not {k.n}",
                    [(r, c), *seen],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The loop as drawn (`─ │ ┌ ┐ └ ┘`, `-`, `|`) and the shading (`■`, `#` or a dark fill);
    a cell marked `・` (or `.`, `×`) is not shaded, so on the loop; a shaded one has no line."""
    return {
        **read_lines(grid, m["x"], p.clues(), no_line=SHADE_MARKS),
        **read_shaded(grid, m["b"]),
    }


# --- writing the answer -----------------------------------------------------------------------


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    clues = p.clues()
    writes = [CellWrite(r, c, shade=True) for r, c in sorted(a.shaded) if (r, c) not in clues]
    writes += draw(a.segments, clues)
    return sorted(writes, key=lambda w: (w.row, w.col))


def record(p: Puzzle, a: Answer) -> dict:
    return {"shaded": [list(cell) for cell in sorted(a.shaded)], **lines_record(a.segments)}


# --- puzz.link --------------------------------------------------------------------------------


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """Arrow number16 over cells (`solver.io.puzzlink.decode_arrow_number16`)."""
    if "o" in url.flags:
        raise puzzlink.UrlError(
            "yajilin: the pflag 'o' (every shaded cell outside the loop) is a variant this "
            "solver does not support"
        )
    unknown = sorted(set(url.flags) - {"b"})
    if unknown:
        raise puzzlink.UrlError(
            f"yajilin: unknown pflag {''.join(unknown)!r} (only 'b', a display option, is "
            "supported)"
        )
    arrows, rest = puzzlink.decode_arrow_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    values: list[Clue | None] = []
    for cell, arrow in enumerate(arrows):
        if arrow is None:
            values.append(None)
            continue
        d, n = arrow
        if d is None and n != puzzlink.UNKNOWN:
            r, c = divmod(cell, url.cols)
            raise puzzlink.UrlError(
                f"yajilin: the clue {n} in row {r + 1}, column {c + 1} has no arrow"
            )
        values.append(Clue(None if n == puzzlink.UNKNOWN else int(n), d))
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    """Arrow number16 over cells; pzprjs' display flag `b` (grey clue cells) is not kept."""
    arrows = [
        None if v is None else (v.d, puzzlink.UNKNOWN if v.n is None else v.n)
        for v in puzzlink.cells_of(p.cells)
    ]
    body = puzzlink.encode_arrow_number16(arrows)
    return puzzlink.url_text("yajilin", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The clues' numbers, for the conflict search: taken out, a clue keeps its cell and arrow
    (`?↓`)."""
    return [
        Given(cell, str(grid[cell]), UNKNOWN + (ARROW[k.d] if k.d else ""))
        for cell, k in p.clues().items()
        if k.n is not None
    ]


# SCIP's one search (ONE_SCIP_SEARCH), without strong branching: on published yajilins faster
# than HiGHS's rounds (yajilin-2 2.6 times), though not on generated ones full of clues. HiGHS,
# where chosen, keeps a smaller cut pool: its cutting planes at the root took most of a round.
# The search's work: 1M decides all but one of the published puzzles (5M all of them), and a
# search that runs out has cost what it spent: on a puzz.link 16x16 (yajilin-2) 5M is several
# times SCIP's whole solve of it.
GENRE = define(
    __name__,
    slug="yajilin",
    ja="ヤジリン",
    pzpr_ids=("yajilin",),
    lazy=True,
    tuning=dataclasses.replace(
        ONE_SCIP_SEARCH,
        scip_strong_branching=False,
        highs_options=(("mip_pool_soft_limit", 100),),
        probe_work=7_500_000,
        probe_work_per_cell=15_000,
        search_work=1_000_000,
        sat_conflicts=loop_logic.SAT_CONFLICTS,
    ),
)
