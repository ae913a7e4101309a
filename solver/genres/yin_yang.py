"""Yin-yang (しろまるくろまる).

Rules: make every cell black or white. Some cells are given as a white circle or a black circle
and keep their colour. All the black cells form one orthogonally connected area, and so do all
the white cells. No 2x2 block of cells is all black or all white.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid. A white circle is `○` (also `◯`, `o`, `w`), a black circle `●` (also
`*`, `x`, `b`); every other cell stays empty.

    ○ ●
          ○
        ●   ●

The answer shades the black cells (a dark fill, and `■` in an empty cell; a black circle keeps
its `●`); the white cells stay as they are. Shading by hand, for Check: `■` or `#`, or a dark
fill; `・`, `.` or `×` marks a cell known to be white.

puzz.link: `yinyang`: the circle codec (1 white, 2 black).

Model: b(r,c) = 1 when cell (r,c) is black, for the cells without a circle (a circle's colour is a
constant). NoSquare(r,c)/NoSquare0(r,c) (`solver.blocks.cells.no_square`): no 2x2 block all black
or all white. Both colours connected (`solver.blocks.cells.both_colours_connected`): in the
complete form a flow for each (bRoot/bFlow..., wRoot/wFlow...), in the lazy form (the default)
vertex cuts on the solved black and white areas. With them two rows that connectivity implies,
for speed (`two_colour_rows`): NoChess(r,c,k), no 2x2 block coloured like a chessboard; and
EdgeTurn/EdgeTurns, the colours change at most twice once round the grid's edge.

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` decide cells black (shaded) and
white before the solve: the circles; no 2x2 block of one colour and none like a chessboard
(`_square`: a block's last unknown cell takes the colour that avoids both); each colour
connected (`Board.joined`: a cell cut off from a colour's cells takes the other colour, a cell
without which they would fall apart takes theirs); then every unknown cell is tried both ways
(probing), pass after pass while one decides a cell, within the Tuning's `probe_work` (or
`probe_passes` passes over a larger grid). The pipeline fixes each decided cell's b by its
bounds; where they decide every cell the pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import (
    both_colours_connected,
    check_connected,
    check_no_square,
    edge_ring,
    no_square,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import Cell, CellPuzzle, squares
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    Contradiction,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.givens import Given, every_value
from solver.io.shading import (
    SHADE_MARKS,
    WHITE_MARKS,
    read_shaded,
    render_shaded,
    shading_blank,
)
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, new_problem, value
from solver.mip.settings import Tuning

WHITE, BLACK = "○", "●"
ANSWER_MARKS = SHADE_MARKS | WHITE_MARKS  # (not the white circle `○`, a given here)
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as black


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str | None, ...], ...]  # WHITE, BLACK or None

    def circles(self) -> dict[Cell, str]:
        return self.givens()


Answer = frozenset[Cell]  # the black cells


def parse(grid: Grid) -> Puzzle:
    def circle(r: int, c: int) -> str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, spellings.WHITE):
            return WHITE
        if is_mark(v, spellings.FILLED):
            return BLACK
        raise grid.error(
            r, c, f"a cell holds a white circle ○, a black circle ● or nothing, found {quote(v)}"
        )

    if grid.rows < 2 or grid.cols < 2:
        raise InputError(grid.sheet, "the grid needs at least two rows and two columns")
    cells = tuple(tuple(circle(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def colours(p: Puzzle, b: dict[Cell, pulp.LpVariable]) -> dict[Cell, pulp.LpVariable | int]:
    """Every cell's black: its variable, or 1 for a black circle and 0 for a white one."""
    circles = p.circles()
    return {cell: b[cell] if cell in b else int(circles[cell] == BLACK) for cell in p.positions()}


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("yin-yang")
    b = shade_vars(prob, p.rows, p.cols, skip=p.circles())
    black = colours(p, b)
    no_square(prob, black)
    no_square(prob, black, value=0)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(both_colours_connected(prob, black, lazy))
    return m


def deduction_board(p: Puzzle) -> Board:
    """Yin-yang: the circles, each 2x2 block neither of one colour nor like a chessboard, and
    both colours connected."""
    board = Board(p.rows, p.cols, apart=False, connected=False, joined=(SHADED, UNSHADED))
    for (r, c), kind in p.circles().items():
        board.set(r * p.cols + c, SHADED if kind == BLACK else UNSHADED)
    for block in squares(p.rows, p.cols):
        cells = [r * p.cols + c for r, c in block]
        board.rule(_square, cells, cells)
    ring = [r * p.cols + c for r, c in edge_ring(p.rows, p.cols)]
    board.rule(_edge, ring, ring)
    return board


def _forbidden(colours: list[int]) -> bool:
    """A 2x2 block's colours (top-left, top-right, bottom-left, bottom-right) all one, or
    alternating like a chessboard."""
    a, b, c, d = colours
    return a == b == c == d or (a == d and b == c and a != b)


def _square(board: Board, cells: list[int]) -> None:
    """No 2x2 block of one colour, nor one like a chessboard: the block's last unknown cell takes
    the colour that leaves it neither (none: no answer)."""
    state = board.state
    free = [k for k, i in enumerate(cells) if state[i] == UNKNOWN]
    if len(free) > 1:
        return
    if not free:
        if _forbidden([state[i] for i in cells]):
            raise Contradiction
        return
    k = free[0]
    allowed = []
    for colour in (SHADED, UNSHADED):
        trial = [state[i] for i in cells]
        trial[k] = colour
        if not _forbidden(trial):
            allowed.append(colour)
    if not allowed:
        raise Contradiction
    if len(allowed) == 1:
        board.set(cells[k], allowed[0])


def _edge(board: Board, ring: list[int]) -> None:
    """Once round the grid's edge the colours change at most twice, so each colour's cells there
    are one stretch: the known cells of one colour all lie between two cells of the other (in one
    gap of it), the cells between them take their colour and every cell outside that gap the
    other colour (no gap, or two: no answer)."""
    state, n = board.state, len(ring)
    for colour, other in ((SHADED, UNSHADED), (UNSHADED, SHADED)):
        stops = [k for k in range(n) if state[ring[k]] == other]
        mine = [k for k in range(n) if state[ring[k]] == colour]
        if not stops or not mine:
            continue
        first = stops[0]  # the gap of each known cell of `colour`: the last stop before it
        gaps = {max((s for s in stops if s < k), default=stops[-1]) for k in mine}
        if len(gaps) > 1:
            raise Contradiction
        (start,) = gaps
        end = next((s for s in stops if s > start), first + n)  # the stop after the gap
        inside = [k % n for k in range(start + 1, end)]
        ordered = [k for k in inside if state[ring[k]] == colour]
        lo, hi = inside.index(ordered[0]), inside.index(ordered[-1])
        for k in inside[lo : hi + 1]:
            board.set(ring[k], colour)
        within = set(inside)
        for k in range(n):
            if k not in within:
                board.set(ring[k], other)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): the circles, the 2x2 blocks, both
    colours connected; then every unknown cell tried both ways."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    return shading_deductions(known, p.rows, p.cols, skip=p.circles())


def decode(p: Puzzle, m: Model) -> Answer:
    black = {cell for cell, kind in p.circles().items() if kind == BLACK}
    return frozenset(black | {cell for cell, v in m["b"].items() if value(v)})


def verify(p: Puzzle, black: Answer) -> list[str]:
    cells = set(p.positions())
    black = frozenset(black) & cells
    white = cells - black
    problems: list[str] = []
    for cell, kind in sorted(p.circles().items()):
        if (kind == BLACK) != (cell in black):
            what = "black" if kind == BLACK else "white"
            problems.append(
                Violation(f"the {what} circle at {cell_name(cell)} is not {what}", [cell])
            )
    problems += check_connected(black, "the black cells")
    problems += check_connected(white, "the white cells")
    problems += check_no_square(black, "black cells")
    problems += check_no_square(white, "white cells")
    return problems


def render(p: Puzzle, black: Answer) -> list[CellWrite]:
    return render_shaded(black)


def record(p: Puzzle, black: Answer) -> dict:
    return shaded_record(black)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a black circle keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`yinyang`: the circle codec, 1 white, 2 black."""
    if url.rows < 2 or url.cols < 2:
        raise puzzlink.UrlError("yinyang: the grid needs at least two rows and two columns")
    kinds = {0: None, 1: WHITE, 2: BLACK}
    values, rest = puzzlink.decode_circles(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows([kinds[v] for v in values], url.cols))


def to_url(p: Puzzle) -> str:
    codes = {None: 0, WHITE: 1, BLACK: 2}
    body = puzzlink.encode_circles([codes[v] for v in puzzlink.cells_of(p.cells)])
    return puzzlink.url_text("yinyang", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The circles, for the conflict search: a cell without its circle may take either colour."""
    return every_value(grid, p.circles())


# HiGHS (the fallback): the rules decide 168 of janko.at's 170 whole; the other two take HiGHS
# 2.2 s in all, SCIP 2.5 s (benchmarks/puzzlekit/yin_yang.py).
GENRE = define(
    __name__,
    slug="yin-yang",
    ja="しろまるくろまる",
    pzpr_ids=("yinyang",),
    names=("yinyang", "yin yang", "yin_yang"),
    lazy=True,
    tuning=Tuning(probe_work=2_000_000, probe_passes=10),
)
