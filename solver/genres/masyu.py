"""Masyu (ましゅ, also Pearl).

Rules: draw one loop through the centres of cells, moving up, down, left and right, never
crossing or branching. It passes every pearl. On a white pearl it goes straight and turns in at
least one of the two cells next to the pearl on its path; on a black pearl it turns and goes
straight through both cells next to the pearl on its path.

Layout: one puzzle cell per spreadsheet cell from A1. A white pearl is `○` (or `o`, `O`, `w`), a
black pearl `●` (or `*`, `x`, `b`); other cells stay empty. The sentinel one cell diagonally
below-right of the grid. The answer draws the loop in the empty cells with `─ │ ┌ ┐ └ ┘`; pearls
keep their circle (the loop runs through them).

Model (the seed's): h(r,c) = 1 when the loop joins cell (r,c) to its right neighbour, v(r,c) to
the cell below; u(r,c) = 1 when the loop visits the cell (fixed to 1 on pearls). Every cell has
loop degree 2 u. White pearl: h on its left equals h on its right, and likewise vertically
(straight); and the edges beyond both neighbours plus the pearl's own edge are at most 2 (a turn
next to it). Black pearl: at most one of its two horizontal and one of its two vertical edges
(a turn); an edge used at the pearl forces the next edge in the same direction (straight
beyond). The loop is one piece (`solver.blocks.lines.single_loop`, rooted at a pearl). The loop is
the whole answer, so the uniqueness check cuts off the answer found by "not every edge of this
loop again" (`solver.blocks.lines.loop_no_good`), which every other loop satisfies: on a
generated 20x20 with a second answer, twice as fast as the plain no-good over every edge.

Deductions (`deduce`): the rules of `solver.deduce.loop_logic` decide cells on the loop or off it
and segments used or unused before the solve: a loop's own rules, the pearls'; then each unknown
cell and segment is tried both ways (probing). The pipeline fixes each decided u and x by its
bounds; what the rules decide holds in every answer, so the model keeps its answers. Probing's
budget is the genre's Tuning, in work: `probe_work`, or `probe_work_per_cell` for each cell where
that is more. Where probing leaves segments open, a SAT solver over the same rules
(`solver.deduce.loop_sat`, within `sat_conflicts`), and where that decides nothing a depth-first
search for the answers (`loop_logic.search`, probing at its nodes) within `search_work`, decide the
puzzle where they end with one answer. They decide most published masyus whole, and where they do
the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.geometry import Cell, CellPuzzle, Segment, grid_edges, step
from solver.blocks.lines import (
    Network,
    arms,
    check_ends,
    check_pieces,
    edge_vars,
    loop_no_good,
    single_loop,
)
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, loop_logic
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import LINE_MARKS, draw, read_lines
from solver.io.givens import Given, every_value
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cell_vars, cname, new_problem
from solver.mip.settings import LEAN_PRESOLVE, Tuning

WHITE, BLACK = "○", "●"
ANSWER_MARKS = LINE_MARKS


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str | None, ...], ...]  # WHITE, BLACK or None

    def pearls(self) -> dict[Cell, str]:
        return self.givens()


Answer = frozenset[Segment]  # the loop's centre-to-centre segments, lower cell first


def parse(grid: Grid) -> Puzzle:
    def pearl(r: int, c: int) -> str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, spellings.WHITE):
            return WHITE
        if is_mark(v, spellings.FILLED):
            return BLACK
        raise grid.error(r, c, f"a cell holds a white pearl ○ or a black pearl ●, found {quote(v)}")

    cells = tuple(tuple(pearl(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v for row in cells for v in row):
        raise InputError(grid.sheet, "no pearls: type ○ for white and ● for black pearls")
    return Puzzle(cells)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("masyu")
    pearls = p.pearls()
    cells = p.positions()
    x = edge_vars(prob, grid_edges(p.rows, p.cols))
    u = cell_vars(prob, "u", [cell for cell in cells if cell not in pearls])
    used = {cell: u.get(cell, 1) for cell in cells}

    def edge(a: Cell, b: Cell) -> pulp.LpVariable | int:
        """The edge between two cells (0 where one lies outside the grid)."""
        return x.get((min(a, b), max(a, b)), 0)

    for (r, c), kind in pearls.items():
        left, right = edge((r, c - 1), (r, c)), edge((r, c), (r, c + 1))
        up, down = edge((r - 1, c), (r, c)), edge((r, c), (r + 1, c))
        if kind == WHITE:
            prob += left == right, cname("WhiteStraightH", (r, c))
            prob += up == down, cname("WhiteStraightV", (r, c))
            beyond_h = edge((r, c - 2), (r, c - 1)) + edge((r, c + 1), (r, c + 2))
            beyond_v = edge((r - 2, c), (r - 1, c)) + edge((r + 1, c), (r + 2, c))
            prob += beyond_h + left <= 2, cname("WhiteTurnH", (r, c))
            prob += beyond_v + up <= 2, cname("WhiteTurnV", (r, c))
        else:
            prob += left + right <= 1, cname("BlackTurnH", (r, c))
            prob += up + down <= 1, cname("BlackTurnV", (r, c))
            prob += left <= edge((r, c - 2), (r, c - 1)), cname("BlackLeft", (r, c))
            prob += right <= edge((r, c + 1), (r, c + 2)), cname("BlackRight", (r, c))
            prob += up <= edge((r - 2, c), (r - 1, c)), cname("BlackUp", (r, c))
            prob += down <= edge((r + 1, c), (r + 2, c)), cname("BlackDown", (r, c))

    m = Model(prob, list(x.values()), {"x": x, "u": u})
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy, root=min(pearls)))
    m.no_good = loop_no_good(x)  # the loop is the whole answer
    return m


def logic_graph(p: Puzzle) -> tuple[list[Cell], list[Segment], loop_logic.Graph]:
    """The cells, the segments between them, and the pearls as `solver.deduce.loop_logic` takes
    them."""
    cells = p.positions()
    segments = list(grid_edges(p.rows, p.cols))
    index = {segment: e for e, segment in enumerate(segments)}

    def edge(a: Cell, b: Cell) -> int:
        return index.get((min(a, b), max(a, b)), -1)

    def axis(r: int, c: int, dr: int, dc: int) -> tuple[int, int, int, int]:
        """Near and far edges on one side of (r, c), then on the other."""
        one, two = (r - dr, c - dc), (r + dr, c + dc)
        return (
            edge(one, (r, c)),
            edge((r - 2 * dr, c - 2 * dc), one),
            edge((r, c), two),
            edge(two, (r + 2 * dr, c + 2 * dc)),
        )

    pearls = [
        loop_logic.Pearl(kind == BLACK, r * p.cols + c, (axis(r, c, 0, 1), axis(r, c, 1, 0)))
        for (r, c), kind in sorted(p.pearls().items())
    ]
    return cells, segments, loop_logic.grid_graph(cells, segments, pearls=pearls)


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


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    sides = arms(a)
    outside = [cell for cell in sides if not (0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)]
    problems = [
        Violation(f"the loop leaves the grid at {cell_name(cell)}", [cell])
        for cell in sorted(outside)
    ]
    problems += check_ends(sides, lambda cell: 2)
    if problems:
        return problems
    problems += check_pieces(a)
    straight = {frozenset("LR"), frozenset("UD")}

    def goes_straight(cell: Cell) -> bool:
        return sides.get(cell) in straight

    for (r, c), kind in sorted(p.pearls().items()):
        at, s = cell_name((r, c)), sides.get((r, c))
        if s is None:
            problems.append(Violation(f"the loop misses the pearl at {at}", [(r, c)]))
            continue
        ahead = [step((r, c), d) for d in sorted(s)]
        if kind == WHITE:
            if s not in straight:
                problems.append(Violation(f"the loop turns on the white pearl at {at}", [(r, c)]))
            elif all(goes_straight(n) for n in ahead):
                problems.append(
                    Violation(
                        f"no turn next to the white pearl at {at}",
                        [(r, c), *ahead],
                    )
                )
        else:
            if s in straight:
                problems.append(
                    Violation(f"the loop goes straight on the black pearl at {at}", [(r, c)])
                )
            elif not all(goes_straight(n) for n in ahead):
                bent = [n for n in ahead if not goes_straight(n)]
                problems.append(
                    Violation(
                        f"the loop turns right next to the black pearl at {at} (at "
                        f"{' and '.join(cell_name(n) for n in bent)})",
                        [(r, c), *bent],
                    )
                )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_lines(grid, m["x"], p.pearls())


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return draw(a, p.pearls())


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`mashu` (also `masyu`, `pearl`): the circle codec, 1 white, 2 black."""
    if "f" in url.flags:
        raise puzzlink.UrlError(
            "mashu: the 'f' variant (the loop through every cell) is not supported"
        )
    kinds = {0: None, 1: WHITE, 2: BLACK}
    values, rest = puzzlink.decode_circles(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows([kinds[v] for v in values], url.cols))


def to_url(p: Puzzle) -> str:
    codes = {None: 0, WHITE: 1, BLACK: 2}
    body = puzzlink.encode_circles([codes[v] for v in puzzlink.cells_of(p.cells)])
    return puzzlink.url_text("mashu", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The pearls, for the conflict search: a cell without its pearl puts no rule on the loop."""
    return every_value(grid, p.givens())


GENRE = define(
    __name__,
    slug="masyu",
    ja="ましゅ",
    pzpr_ids=("mashu",),
    lazy=True,
    tuning=Tuning(
        highs_options=(LEAN_PRESOLVE,),
        switch_to="scip",
        probe_work=7_500_000,
        probe_work_per_cell=15_000,
        search_work=5_000_000,
        sat_conflicts=loop_logic.SAT_CONFLICTS,
    ),
)
