"""Nurimisaki (ぬりみさき, "paint the capes").

Rules: shade some cells. The unshaded cells form one orthogonally connected group, and no 2x2
block is all shaded or all unshaded. Circled cells stay unshaded and are capes: a cape has
exactly one unshaded neighbour, and every unshaded cell with exactly one unshaded neighbour is
a circle. A number in a circle is the length of the straight unshaded run from the circle
towards its one unshaded neighbour, up to the first shaded cell or the grid's edge, the circle
itself included.

Layout: one puzzle cell per spreadsheet cell from A1: a circle with a number is its number (2
and up), a circle without one is `?` (or `○`, `o`); other cells stay empty. The sentinel one
cell diagonally below-right of the grid. The answer shades cells (a dark fill and `■`). When
checking an answer typed by hand, `■` or `#` or a dark fill is a shaded cell, and `・`, `.` or
`×` marks a cell known to stay unshaded. The record's `shaded` lists the shaded cells.

puzz.link: `nurimisaki`, number16 over the cells (`.` a circle without number).

Model: b(r,c) = 1 when cell (r,c) is shaded (circles have no b: they are unshaded). NoSquare and
NoSquare0 (`solver.blocks.cells.no_square`): no 2x2 block all shaded, none all unshaded. Cape(r,c):
a circle's neighbours hold exactly one unshaded cell. Branch(r,c): an unshaded cell that is no
circle has at least two unshaded neighbours, sum of (1 - b) over its neighbours >= 2 (1 - b).
Sees(r,c): a number counts the cells its circle sees (`solver.blocks.cells.sightline` with limit
n): with its other three neighbours shaded or off the grid, that is the run towards its one
unshaded neighbour. The unshaded cells are connected (`solver.blocks.cells.connected` on 1 - b,
rooted at a circle: a flow in the complete form, vertex cuts in the lazy form).

Deductions (`solver.deduce.shade_logic`): the same rules on a board of cells, the unshaded
cells joined; a circle unshaded with its count of shaded neighbours (`exactly`), a number's
sight (`sight`), an unshaded cell that is no circle with two unshaded neighbours at least
(`_branch`), every 2x2 block of both colours (`mixed`); then every unknown cell tried both
ways, and a small depth-first search.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.blocks.cells import (
    check_connected,
    check_no_square,
    connected,
    no_square,
    shade_vars,
    shaded_record,
    sightline,
)
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle, squares
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import Board, exactly, mixed, shading_deductions, sight
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import CIRCLE, UNKNOWN, is_mark
from solver.mip.model import Model, cname, new_problem, row, value
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
# a number taken out of the puzzle (Genre.givens) leaves a circle without number
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a number, puzzlink.UNKNOWN ('?') or None

    def circles(self) -> dict[Cell, int | None]:
        """The circles: their number, None for a circle without one."""
        return {cell: (None if v == puzzlink.UNKNOWN else v) for cell, v in self.givens().items()}


Answer = frozenset[Cell]  # the shaded cells


def _near(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if 0 <= r + dr < rows and 0 <= c + dc < cols]


def parse(grid: Grid) -> Puzzle:
    most = max(grid.rows, grid.cols)

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, UNKNOWN | CIRCLE):
            return puzzlink.UNKNOWN
        if isinstance(v, int) and 2 <= v <= most:
            return v
        raise grid.error(
            r,
            c,
            f"a cell holds a circle's number from 2 to {most} (its run, itself included), ? or "
            f"○ (a circle without number), or nothing; found {quote(v)}",
        )

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no circles: type the capes' numbers, or ? for a circle")
    if (bad := _crowded(cells)) is not None:
        raise grid.error(
            *bad, "this circle has two circles beside it, but a cape has one unshaded neighbour"
        )
    return Puzzle(cells)


def _crowded(cells: tuple[tuple[int | str | None, ...], ...]) -> Cell | None:
    """The first circle with two or more circles beside it (all unshaded), or None; a grid of
    one cell counts as one (its circle has no neighbour)."""
    rows, cols = len(cells), len(cells[0])
    for r in range(rows):
        for c in range(cols):
            near = _near((r, c), rows, cols)
            if cells[r][c] is not None and (
                not near or sum(cells[i][j] is not None for i, j in near) > 1
            ):
                return (r, c)
    return None


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("nurimisaki")
    circles = p.circles()
    b = shade_vars(prob, p.rows, p.cols, skip=circles)
    shaded = {**b, **dict.fromkeys(circles, 0)}
    no_square(prob, b)
    no_square(prob, shaded, value=0)
    for cell in p.positions():
        near = _near(cell, p.rows, p.cols)
        own = [shaded[q] for q in near if q in b]
        walls = len(near) - len(own)  # circles beside it: unshaded
        if cell in circles:  # exactly one unshaded neighbour: len(near) - 1 of them shaded
            need = len(near) - 1
            if own:  # (with none, its one neighbour is a circle: parse refuses more)
                prob += row(dict.fromkeys(own, 1), "==", need), cname("Cape", cell)
        else:  # sum (1 - b_q) >= 2 (1 - b_c): sum b_q - 2 b_c <= len(near) - 2
            coefficients = dict.fromkeys(own, 1)
            coefficients[b[cell]] = -2
            prob += row(coefficients, "<=", len(own) + walls - 2), cname("Branch", cell)
    for cell, n in sorted(circles.items()):
        if n is not None:
            prob += sightline(prob, shaded, cell, limit=n) == n, cname("Sees", cell)
    root = min(circles)
    m = Model(prob, list(b.values()), {"b": b})
    white = {q: 1 - v for q, v in shaded.items()}
    m.separate(connected(prob, white, lazy, root=root, prefix="w"))
    return m


def deduction_board(p: Puzzle) -> Board:
    """The rules on a board of cells, the unshaded cells joined."""
    cols, circles = p.cols, p.circles()
    board = Board(p.rows, cols, apart=False)
    for r, c in circles:
        board.set(r * cols + c, shade_logic.UNSHADED)
    for block in squares(p.rows, cols):
        cells = [r * cols + c for r, c in block]
        board.rule(mixed, cells, cells)
    for cell in p.positions():
        i = cell[0] * cols + cell[1]
        near = [r * cols + c for r, c in _near(cell, p.rows, cols)]
        if cell in circles:
            board.rule(exactly, (len(near) - 1, near), near)
        else:
            board.rule(_branch, (i, near), [i, *near])
    for cell, n in sorted(circles.items()):
        if n is not None:
            sight(board, cell, n)
    return board


def _branch(board: Board, cell: tuple[int, list[int]]) -> None:
    """An unshaded cell that is no circle has two unshaded neighbours at least: with only two
    neighbours left unshaded or unknown, both are unshaded; with fewer, the cell is shaded."""
    (i, near), state = cell, board.state
    open_ = [j for j in near if state[j] != shade_logic.SHADED]
    if len(open_) < 2:
        board.set(i, shade_logic.SHADED)
    elif len(open_) == 2 and state[i] == shade_logic.UNSHADED:
        for j in open_:
            board.set(j, shade_logic.UNSHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide, each unknown cell tried both ways, then a small search."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    return shading_deductions(known, p.rows, p.cols, skip=p.circles())


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def _run(cell: Cell, step: Cell, white: set[Cell]) -> int:
    """The straight run of unshaded cells from `cell` (itself included) along `step`."""
    n, (r, c) = 0, cell
    while (r, c) in white:
        n += 1
        r, c = r + step[0], c + step[1]
    return n


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    circles = p.circles()
    cells = set(p.positions())
    shaded = shaded & cells
    white = cells - shaded
    problems: list[str] = [
        Violation(f"the circle {cell_name(cell)} is shaded", [cell])
        for cell in sorted(shaded & circles.keys())
    ]
    for cell in sorted(white):
        near = [q for q in _near(cell, p.rows, p.cols) if q in white]
        if cell in circles and len(near) != 1:
            problems.append(
                Violation(
                    f"the circle {cell_name(cell)} has {len(near)} unshaded neighbours, not one",
                    [cell, *near],
                )
            )
        elif cell not in circles and len(near) == 1:
            problems.append(
                Violation(
                    f"the unshaded cell {cell_name(cell)} is a dead end but no circle",
                    [cell, *near],
                )
            )
    for cell, n in sorted(circles.items()):
        if n is None or cell not in white:
            continue
        near = [q for q in _near(cell, p.rows, p.cols) if q in white]
        if len(near) != 1:
            continue  # named above
        step = (near[0][0] - cell[0], near[0][1] - cell[1])
        got = _run(cell, step, white)
        if got != n:
            run = [(cell[0] + k * step[0], cell[1] + k * step[1]) for k in range(got)]
            problems.append(
                Violation(f"the {n} at {cell_name(cell)} has a run of {got} cells, not {n}", run)
            )
    problems += check_no_square(shaded, "shaded cells")
    problems += check_no_square(white, "unshaded cells")
    problems += check_connected(white, "the unshaded cells")
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`nurimisaki`: number16 over cells, `.` a circle without number."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    most = max(url.rows, url.cols)
    if any(isinstance(v, int) and not 2 <= v <= most for v in values):
        raise puzzlink.UrlError(f"nurimisaki: a circle's number runs from 2 to {most}")
    cells = puzzlink.grid_rows(values, url.cols)
    if all(v is None for v in values):
        raise puzzlink.UrlError("nurimisaki: no circle")
    if (bad := _crowded(cells)) is not None:
        raise puzzlink.UrlError(
            f"nurimisaki: the circle {cell_name(bad)} has two circles beside it"
        )
    return Puzzle(cells)


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("nurimisaki", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="nurimisaki",
    ja="ぬりみさき",
    pzpr_ids=("nurimisaki",),
    lazy=True,
    tuning=Tuning(probe_work=2_000_000, probe_passes=10, search_work=30_000),
)
