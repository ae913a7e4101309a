"""Kurodoko (黒どこ, "where is black?").

Rules: shade some cells. A number counts the cells it sees, itself included: the unshaded cells
in a straight line up, down, left and right of it, up to the first shaded cell or the grid's
edge. Numbered cells stay unshaded; shaded cells never touch orthogonally; the unshaded cells
form one orthogonally connected group.

Layout: one puzzle cell per spreadsheet cell from A1: a number (1 and up), or `?` for an
unshaded cell whose number is not given; other cells stay empty. The sentinel one cell
diagonally below-right of the grid. The answer shades cells (a dark fill and `■`). When checking
an answer typed by hand, `■` or `#` or a dark fill is a shaded cell, and `・`, `.` or `×` marks
a cell known to stay unshaded. The record's `shaded` lists the shaded cells.

Model: b(r,c) = 1 when cell (r,c) is shaded (numbered cells have no b). Each number n counts
what its cell sees (`solver.blocks.cells.sightline` with limit n: a binary per cell it may see, seen
when that cell and every one before it are unshaded) = n. No two shaded cells side by side
(`solver.blocks.cells.never_adjacent`); the unshaded cells are connected
(`solver.blocks.cells.unshaded_connected`: with shaded cells apart, no ring of shaded cells touching
corner to corner, nor a chain of them from edge to edge; wEnclosed states the smallest rings,
lazy cuts by default the rest, a flow rooted at a numbered cell in the complete form). The ring
cuts name only shaded cells, rather than vertex cuts on the unshaded ones: faster on kurodoko-2
and on generated 15x15 and 20x20. wCorner states the chains of three that would wall in a corner
of the grid, which shortens kurodoko's search (by about a quarter on kurodoko-2) but slows
heyawake's, hence kurodoko's alone. A search that runs long starts again with the forest count
as well (`solver.blocks.cells.forest_count`, as heyawake).

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` (`kurodoko_board`) decide cells
shaded and unshaded before the solve: shaded cells apart, each number's sight between what its
rays must and may show, the unshaded cells joined; then each unknown cell next to a decided one
is tried both ways (probing). The pipeline fixes each decided cell's b by its bounds; what the
rules decide holds in every answer, so the model keeps its answers. Probing's budget is the
genre's Tuning, in work: `probe_work`, or `probe_passes` passes over a larger grid
(`solver.deduce.probing.budget`), so that the largest published grids are decided whole too; it
goes on pass after pass while a pass decides a cell. Where the rules decide every cell
(kurodoko-2, most published and generated grids), the pipeline runs no solver
(`pipeline._decided`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from solver.blocks.cells import (
    check_connected,
    check_never_adjacent,
    forest_count,
    never_adjacent,
    seen_cells,
    shade_vars,
    shaded_record,
    sightline,
    unshaded_connected,
)
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    UNSHADED,
    Board,
    shading_deductions,
    sight,
)
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import UNKNOWN, is_mark
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import LEAN_PRESOLVE, Tuning

ANSWER_MARKS = SHADING_MARKS
# a number taken out of the puzzle (Genre.givens) leaves an unshaded cell whose number is not given
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a number, puzzlink.UNKNOWN ('?') or None

    def clues(self) -> dict[Cell, int | None]:
        """Numbered cells: their number, None for `?`."""
        return {cell: (None if v == puzzlink.UNKNOWN else v) for cell, v in self.givens().items()}


Answer = frozenset[Cell]  # the shaded cells


def parse(grid: Grid) -> Puzzle:
    most = grid.rows + grid.cols - 1

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, UNKNOWN):
            return puzzlink.UNKNOWN
        if isinstance(v, int) and 1 <= v <= most:
            return v
        raise grid.error(
            r, c, f"a cell holds a number from 1 to {most} (what it sees) or ?, found {quote(v)}"
        )

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no numbers: type what each numbered cell sees")
    return Puzzle(cells)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("kurodoko")
    clues = p.clues()
    b = shade_vars(prob, p.rows, p.cols, skip=clues)
    shaded = {**b, **dict.fromkeys(clues, 0)}
    for cell, n in sorted(clues.items()):
        if n is not None:
            prob += sightline(prob, shaded, cell, limit=n) == n, cname("Sees", cell)
    never_adjacent(prob, b)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(unshaded_connected(prob, shaded, lazy, corners=True))
    m.reinforce(lambda: forest_count(prob, shaded))
    return m


def deduction_board(rows: int, cols: int, clues: Mapping[Cell, int | None]) -> Board:
    """Kurodoko: numbered cells (None for `?`) unshaded, each number's sight."""
    board = Board(rows, cols)
    for r, c in clues:
        board.set(r * cols + c, UNSHADED)
    for cell, n in clues.items():
        if n is not None:
            sight(board, cell, n)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): shaded cells apart, the unshaded
    ones joined, each number's sightlines, then each unknown cell next to a decided one tried
    both ways."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p.rows, p.cols, p.clues()),
        p.rows,
        p.cols,
        tuning,
        everywhere=False,
    )
    return shading_deductions(known, p.rows, p.cols, skip=p.clues())


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    clues = p.clues()
    white = set(p.positions()) - shaded
    problems: list[str] = [
        Violation(f"the numbered cell {cell_name(cell)} is shaded", [cell])
        for cell in sorted(shaded & clues.keys())
    ]
    for cell, n in sorted(clues.items()):
        seen = seen_cells(cell, white)
        if n is not None and cell in white and len(seen) != n:
            problems.append(
                Violation(f"the {n} at {cell_name(cell)} sees {len(seen)} cells, not {n}", seen)
            )
    problems += check_never_adjacent(shaded, "shaded cells")
    problems += check_connected(white, "the unshaded cells")
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`kurodoko`: number16 over cells, `.` a number not given."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    if any(v == 0 for v in values):
        raise puzzlink.UrlError("kurodoko: a number sees at least its own cell, 0 cannot be")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("kurodoko", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="kurodoko",
    ja="黒どこ",
    pzpr_ids=("kurodoko",),
    lazy=True,
    # the uniqueness proof keeps HiGHS's presolve: it takes the cells the deductions fixed out
    # of the sightlines, which the search without it carries along
    tuning=Tuning(
        highs_options=(LEAN_PRESOLVE,),
        probe_work=150_000,
        probe_passes=10,
    ),
)
