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

Model (the seed's): b(r,c) = 1 when cell (r,c) is shaded, for every cell that is not a clue;
h(r,c) = 1 when the loop joins (r,c) to its right neighbour, v(r,c) to the cell below (only
between cells that are not clues). Every non-clue cell is on the loop exactly when it is not
shaded: its loop degree is 2 (1 - b). Two side-by-side cells are not both shaded (NoAdjH,
NoAdjV). A clue with number N and an arrow: the b of the cells its arrow sees (to the grid's
edge; clue cells count 0) sum to N (Arrow). The loop is one piece
(`solver.blocks.lines.single_loop`; lazy connectivity cuts by default, measured faster than the
complete form), rooted at a cell known to be on the loop when there is one (the seed roots it next
to a 0 clue). Added for speed, all implied by the rules: before the model, the rules decide what
they can (`solver.deduce.loop_logic.deduce`: a loop cell uses two segments, a shaded cell none and
its neighbours are on the loop, no segment closes a loop early, the loop lies in one biconnected
block of what is still possible, as many loop cells of each chequerboard colour, each line
between two rows or columns crossed evenly, an arrow's count over the cells it sees and over the
cells between it and another arrow of the same way behind it; then each unknown cell and
segment tried both ways), and each decided cell and segment is a fixed
bound of its variable (fixed bounds rather than rows: yajilin-17x17 0.29 -> 0.19 s, yajilin-2
0.20 -> 0.16, yajilin-19x13 0.25 -> 0.21 s on SCIP, one run, median of 3); a loop has at least 4
cells (LoopExists); it alternates between the two colours of the chequerboard, so it holds as
many cells of each (Parity); when more than 4 cells must be on it, no 2x2 square is the whole
loop (NoSquare); it crosses each line between two rows (or two columns) an even number of times,
as a closed loop must (Even, `solver.blocks.lines.crossing_parity`). The lazy cuts know that of two
side-by-side open cells at least one is on the loop (shaded cells never touch), so a piece of an
answer that leaves such a pair outside gets x(border) >= 2 u(i), and one that also holds such a
pair x(border) >= 2 (`Network.some_used`). Both together, on yajilin-2 of
tests/benchmark_large.py: 1.6 s against 2.6 s on HiGHS, 2.5 s against 4.3 s on SCIP (medians of
3, one run); on the generated 20x20 even on HiGHS but 2.2 s against 1.5 s on SCIP (Even alone;
the cuts alone are even there). The loop is the whole answer (every other open cell is shaded),
so the uniqueness check cuts off the answer found by "not every edge of this loop again"
(`solver.blocks.lines.loop_no_good`), which every other answer satisfies; against the plain no-good
(median of 5, one run): yajilin-2 0.165 -> 0.151 s, the six of `tests/data/large/yajilin.json`
geomean 0.94 x (0.82-1.06 x), the published 17x17 0.87 -> 0.83 s, generated 10x10 to 20x20 even.

SCIP branches on the cells (b) before the segments (`Model.branch_first`): deciding that a
cell is shaded puts its four neighbours on the loop, where a segment decides one segment. Median
of 7, one run, against branching as SCIP chooses: yajilin-2 0.166 -> 0.103 s, the published
17x17 0.158 -> 0.181 and 19x13 0.163 -> 0.173 (tests/data/large), the five published 10x10 and
generated 10x10 to 20x20 even (0.85-1.14 x, medians of 3): a loss of 6-15 % on two, a gain of
38 % on the one furthest behind noqx (noqx on this machine: 0.039, 0.066 and 0.051 s).

puzz.link: `yajilin` (alias `yajirin`), arrow number16 over cells. The pflag `b` (grey clue
cells) only changes the display and is accepted; the pflag `o` (every shaded cell must lie
outside the loop) is a variant this module does not solve and is refused, as is any other
pflag. A number without an arrow (pzprjs itself reports such a puzzle as broken) is refused.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import NamedTuple

import pulp

from solver.blocks.cells import SHADING_MARKS, check_never_adjacent, never_adjacent, read_shaded
from solver.blocks.geometry import STEPS, Cell, CellPuzzle, Segment, grid_edges, ray
from solver.blocks.lines import (
    LINE_MARKS,
    Network,
    arms,
    check_ends,
    check_pieces,
    crossing_parity,
    draw,
    edge_vars,
    line_segments,
    lines_record,
    loop_no_good,
    no_square_loop,
    read_lines,
    single_loop,
)
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.sheet import Grid, InputError, Value, cell_name, quote
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import ARROW, arrow_clue, is_mark
from solver.mip.backends import ONE_SCIP_SEARCH, Tuning
from solver.mip.model import Model, cell_vars, cname, new_problem, value

UNKNOWN = "?"
ANSWER_MARKS = LINE_MARKS | SHADING_MARKS


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
    on, used = loop_logic.forced(*logic_graph(p), tuning.probe_work, tuning.probe_work_per_cell)
    return Deductions({"b": {cell: 1 - v for cell, v in on.items()}, "x": used})


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
    a cell marked `・` (or `.`, `×`) is not shaded, so on the loop."""
    return {
        **read_lines(grid, m["x"], p.clues(), no_line=()),
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
    values: list[Clue | None] = []
    for cell, arrow in enumerate(puzzlink.decode_arrow_number16(url.body, url.rows * url.cols)):
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


# Probing tries the segments both ways as well as the cells (loop_logic.deduce's default; until
# the twenty-ninth session cells only, "as many cells decided in half the time" on the published
# ones). Janko's larger yajilins (SmilingWayne/puzzlekit-dataset) showed what the segments do:
# the 25x25 no. 160 has 356 of its 560 cells decided by cells alone within the 0.25 s budget,
# all of them with segments in 0.19 s; whole solve 1.76 -> 0.29 s (noqx on this machine 0.34
# s), no. 150 0.44 -> 0.14, the 31x45 no. 30 1.49 -> 0.32, the 39x57 no. 528 1.19 -> 0.66
# (one run, median of 3). Over the 64 yajilins measured (the 14 of tests/data/large, janko's 30
# largest and 20 more at random) geometric mean 0.95 x; on small ones it costs 0-10 % (the
# probes of segments decide nothing there: yajilin-2 +6 ms). The published 17x17 took 0.22 ->
# 0.35 s in that run, where 5 more segments fixed sent SCIP's search another way: over six of
# SCIP's random seeds its median is 0.195 s with cells only and 0.187 s with segments too.
# The deductions before the model (solver.deduce.loop_logic, with the fixed bounds), against the
# simpler forced-cell rules as rows that came before (SCIP, median of 3-5, one run): the
# published 17x17 0.83 -> 0.18 s (its probes decide 135 of 226 cells in 0.06 s; probing with
# the one-block rule too decides all of it, but in 0.25 s, and the whole solve took 0.26 s),
# 19x13 0.21 -> 0.20, yajilin-2 0.153 -> 0.157 (the rules decide 58 of 172 cells, and SCIP's
# search is no shorter for them), the five 10x10 0.017-0.034 -> 0.011-0.016.
# HiGHS with a smaller cut pool (mip_pool_soft_limit 100, default 10000): a round of yajilin-2
# spends most of its time in HiGHS's cutting planes at the root (1451 cuts found, 94 kept);
# yajilin-2 0.95 -> 0.61 s, a published 19x13 2.80 -> 2.13 s; six published 10x10 and the
# generated 10x10 to 20x20 within 3 % (one run, median of 3). Not for every genre: numlin-3
# took 1.44 -> 11.2 s with it, generated 20x20 masyu 0.86 -> 1.76 s.
# Then SCIP by default: the cuts inside one search from the first solve on, and the same search
# goes on past the answer to prove it unique (solver.mip.scip_lazy), without SCIP's presolve, primal
# heuristics and cutting planes (each of which, put back, made it slower): the eight published
# yajilins of tests/data/large 0.674 -> 0.257 s (yajilin-2), 19x13 2.46 -> 0.38, 17x17 1.54 ->
# 1.23, five 10x10 0.027-0.070 -> 0.029-0.052 (geometric mean 0.169 -> 0.100 s; one run). The
# generated ones (tests/generators/yajilin.py, full of clues) go the other way: 10x10 to 22x22
# 0.075 -> 0.092 s (geometric mean, two seeds each, median of 3), a 30x30 0.53 -> 2.4 s: SCIP
# finds their first answer later than HiGHS (2.2 s against 0.17 s), whose presolve does much
# with many clues. Published puzzles are what the genre is solved for. HiGHS keeps its options.
# Without SCIP's strong branching (pseudo-costs from the first branching on): yajilin-2 0.261 ->
# 0.182 s, 19x13 0.370 -> 0.360, 17x17 1.26 -> 0.96, 10a-10e 0.024-0.048 -> 0.024-0.045 (one run,
# median of 3); generated 10x10 to 22x22 0.0925 -> 0.0902 s (geometric mean). For heyawake it
# was mixed: heyawake-3 0.090 -> 0.070 s and five more published ones faster, but 19x15 1.0 ->
# 1.8 s.
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
    ),
)
