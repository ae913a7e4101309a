"""Bomber puzzle (ボンバーパズル), Minesweeper-like.

Rules: find every hidden bomb, at most one per cell. A number counts the bombs among the (up to
8) cells around it; a cell with a number holds no bomb. Where the puzzle gives the count of all
its bombs (janko.at's minesweeper does), there are that many.

Layout: one puzzle cell per spreadsheet cell from A1; type the numbers 0-8, leave unknown cells
empty; one character diagonally below-right of the grid (the sentinel). The count of all the
bombs, where the puzzle gives it, goes right of the grid's first row with a bomb beside it
(`●12`, `12●`, or `*12`), that column empty below it, and the sentinel below-right of it. The
answer puts `●` into every bomb cell, on a dark fill. Solving by hand, mark a bomb with `●`,
`*`, `■` or `#`, or a dark fill; `・`, `.` or `×` marks a cell known to be free (Check reads
the marks back).

Model (the seed's): b(I,J) = 1 when cell (I,J) holds a bomb; for every number N at (In,Jn):
b(In,Jn) = 0 and the sum of b over its neighbours = N. Total: the sum of all b is the count of
bombs, where given.

Deductions (`deduce`, `solver.deduce.shade_logic`; shaded: a bomb): the number cells hold none,
each number's neighbours hold its count of bombs (`exactly`), as do all the cells the total
(`exactly` over the grid, where given), each two numbers whose neighbourhoods overlap count the
cells they share alike (`overlapping`); then every unknown cell tried both ways (probing) and a
depth-first search (branching on the count with the fewest ways left,
`shade_logic.tightest_count`), which decides the grid whole where it finds exactly one answer.
They decide most published puzzles whole, and then no solver runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pulp

from solver.blocks.cells import shade_vars, shading_entries
from solver.blocks.geometry import KING, CellPuzzle, neighbours
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import UNSHADED, Board, exactly, overlap, shading_deductions
from solver.genres import define
from solver.io.puzzlink import (
    UNKNOWN,
    PzprUrl,
    UrlError,
    cells_of,
    decode_number16,
    encode_number16,
    end,
    grid_rows,
    url_text,
)
from solver.io.shading import SHADE_MARKS, WHITE_MARKS, read_shading
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import NO_FEASIBILITY_JUMP, Tuning

BOMB = "●"
BOMB_MARKS = frozenset({BOMB, "*"})  # what a person types for a bomb, besides the shading marks
ANSWER_MARKS = BOMB_MARKS | SHADE_MARKS | WHITE_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
TOTAL = re.compile(r"^\s*[●*]\s*(\d+)\s*$|^\s*(\d+)\s*[●*]\s*$")  # the count: `●12`, `12●`


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | None, ...], ...]  # cells[r][c]: 0-8, or None for an unknown cell
    total: int | None = None  # the count of all the bombs, where given


Answer = frozenset[tuple[int, int]]  # the bomb cells


def parse(grid: Grid) -> Puzzle:
    total, cols = _total(grid), grid.cols
    if total is not None:
        cols -= 1
        if total > grid.rows * cols:
            raise grid.error(0, cols, f"{total} bombs do not fit into {grid.rows * cols} cells")
    return Puzzle(
        tuple(tuple(grid.number(r, c, 0, 8) for c in range(cols)) for r in range(grid.rows)),
        total,
    )


def _total(grid: Grid) -> int | None:
    """The count of bombs right of the grid: a `●12` at the top of the last column, which holds
    nothing else (a text that no grid cell can hold)."""
    last = grid.cols - 1
    v = grid[0, last]
    m = TOTAL.match(v) if isinstance(v, str) and grid.cols > 1 else None
    if m is None:
        return None
    for r in range(1, grid.rows):
        if grid[r, last] is not None:
            raise grid.error(
                r,
                last,
                f"the count of bombs {quote(v)} stands alone in its column, right of the grid; "
                f"found {quote(grid[r, last])}",
            )
    return int(m.group(1) or m.group(2))


def model(p: Puzzle) -> Model:
    prob = new_problem("bomber")
    b = shade_vars(prob, p.rows, p.cols)
    for (r, c), n in ((rc, p.cells[rc[0]][rc[1]]) for rc in p.positions()):
        if n is not None:
            prob += b[r, c] == 0, cname("CELL", (r, c))
            prob += (
                pulp.lpSum(b[q] for q in neighbours(p.rows, p.cols, r, c, KING)) == n,
                cname("Around", (r, c)),
            )
    if p.total is not None:
        prob += pulp.lpSum(b.values()) == p.total, "Total"
    return Model(prob, list(b.values()), {"b": b})


def deduction_board(p: Puzzle) -> Board:
    """The rules on a board of bombs (shaded) and free cells: number cells free, each number's
    neighbours hold its count, all cells the total where given, and each two numbers within
    two steps of each other count the cells they share alike (`overlapping`)."""
    rows, cols = p.rows, p.cols
    board = Board(rows, cols, apart=False, connected=False)
    numbers = {(r, c): n for r, c in p.positions() if (n := p.cells[r][c]) is not None}
    around = {q: set(neighbours(rows, cols, *q, KING)) - set(numbers) for q in numbers}
    for q in numbers:
        board.set(q[0] * cols + q[1], UNSHADED)
    counts = [(n, sorted(around[q])) for q, n in numbers.items()]
    if p.total is not None:
        counts.append((p.total, [q for q in p.positions() if q not in numbers]))
    for n, free in counts:
        cells = [r * cols + c for r, c in free]
        if cells:
            board.rule(exactly, (n, cells), cells)
        elif n:  # a count among no free cells
            raise Contradiction
    index = {q: {r * cols + c for r, c in cells} for q, cells in around.items()}
    for (r, c), a in numbers.items():  # each pair of numbers whose neighbourhoods overlap, once
        for other in ((r + dr, c + dc) for dr in range(3) for dc in range(-2, 3)):
            if other > (r, c) and other in numbers and around[(r, c)] & around[other]:
                overlap(board, a, index[(r, c)], numbers[other], index[other])
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown cell tried both ways
    (probing) and a depth-first search for the answers (`probing.search`), which decides the
    grid whole where it finds exactly one."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
        frontiers=(shade_logic.tightest_count, Board.frontier),
    )
    return shading_deductions(known, p.rows, p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(rc for rc, v in m["b"].items() if value(v))


def verify(p: Puzzle, bombs: Answer) -> list[Violation]:
    """No bomb on a number; each number counts the bombs around it (the number and those
    bombs are the cells named); as many bombs as the count, where given."""
    problems = []
    if p.total is not None and len(bombs) != p.total:
        problems.append(Violation(f"{len(bombs)} bombs, the count says {p.total}", sorted(bombs)))
    for r in range(p.rows):
        for c in range(p.cols):
            n = p.cells[r][c]
            if n is None:
                continue
            if (r, c) in bombs:
                problems.append(Violation(f"bomb on the number at {cell_name((r, c))}", [(r, c)]))
            near = [q for q in neighbours(p.rows, p.cols, r, c, KING) if q in bombs]
            if len(near) != n:
                bombs_text = "bomb" if len(near) == 1 else "bombs"
                problems.append(
                    Violation(
                        f"number {n} at {cell_name((r, c))} has {len(near)} {bombs_text} around it",
                        [(r, c), *near],
                    )
                )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The bombs marked on the sheet (`●` or `*`, or shaded: `■`, `#`, a dark fill) and the
    cells marked free (`・`, `.`, `×`)."""
    shaded, free = read_shading(grid)
    marked = {(r, c) for r, c in grid.positions() if str(grid[r, c]).strip() in BOMB_MARKS}
    return shading_entries(m["b"], shaded | marked, free - marked)


def render(p: Puzzle, bombs: Answer) -> list[CellWrite]:
    return [CellWrite(r, c, BOMB, shade=True) for r, c in sorted(bombs)]


def record(p: Puzzle, bombs: Answer) -> dict:
    return {"shaded": [list(rc) for rc in sorted(bombs)]}


def from_url(url: PzprUrl) -> Puzzle:
    values, rest = decode_number16(url.body, url.rows * url.cols)
    end(rest)
    if any(v == UNKNOWN or (isinstance(v, int) and v > 8) for v in values):
        raise UrlError("a mines URL may only hold the numbers 0-8")
    return Puzzle(grid_rows(values, url.cols))


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The numbers, and the count of bombs right of the first row, where given."""
    cells: list[list[Value]] = [list(row) for row in p.cells]
    if p.total is not None:
        for r, row in enumerate(cells):
            row.append(f"{BOMB}{p.total}" if r == 0 else None)
    return cells


def to_url(p: Puzzle) -> str:
    if p.total is not None:
        raise UrlError("mines: puzz.link has no form for the count of bombs")
    return url_text("mines", p.cols, p.rows, encode_number16(cells_of(p.cells)))


GENRE = define(
    __name__,
    slug="bomber",
    ja="ボンバーパズル",
    pzpr_ids=("mines",),
    tuning=Tuning(
        highs_options=(NO_FEASIBILITY_JUMP,),
        prove_by_search=True,
        probe_work=1_000_000,
        search_work=100_000,
    ),
)
