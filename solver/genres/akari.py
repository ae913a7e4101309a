"""Akari (美術館, Light Up).

Rules: put lamps into some white cells. A lamp lights its own cell and every cell along its row
and column up to the first black cell or the grid's edge. Every white cell is lit; no lamp is lit
by another lamp; a number on a black cell counts the lamps in the (up to 4) cells beside it.

Layout: one puzzle cell per spreadsheet cell from A1. A black cell is `■` (or `#`, `+`); a black
cell with a number is the number 0-4; white cells stay empty (`.` or `・` may mark one). The
sentinel one cell diagonally below-right of the grid. The answer writes `○` into every lamp cell.
Check my answer reads lamps typed as `○` (or `◯`, `o`) and white cells marked `・`, `.`, `×`
("no lamp here").

The result record's `shaded` holds the lamps.

Model (the seed's): l(r,c) = 1 when white cell (r,c) holds a lamp. A run is a maximal row or
column stretch of white cells between black cells (`solver.blocks.cells.runs`): at most one lamp per
run (Run), since two lamps in one run light each other. A white cell is lit by a lamp among the
cells it sees (`solver.blocks.cells.seen_cells`: itself and its row and column runs): that sum is at
least 1 (Lit). A numbered black cell: the lamps beside it add up to its number (Around).

Deductions (`solver.deduce.shade_logic`, a lamp shaded): the same three rules on a board of
cells (a run holds at most one lamp, a white cell sees at least one, a number has its count
beside it), each looked at again when one of its cells is decided, then each unknown cell next
to a decided one tried both ways (probing). On published puzzles they decide most grids whole.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import runs, seen_cells, shade_vars, shaded_record, shading_entries
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.blocks.names import cell_name
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    UNSHADED,
    Board,
    at_least_one,
    at_most_one,
    between,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.black_cells import WALL, read_walls
from solver.io.shading import WHITE_MARKS, read_shading, render_shaded
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import Tuning

ANSWER_MARKS = spellings.CIRCLE | WHITE_MARKS
# a number taken out of the puzzle (Genre.givens) leaves its black cell
WITHOUT_NUMBER = "■"


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # None white, WALL, or a number 0-4 (black)

    def white(self) -> set[Cell]:
        return {cell for cell in self.positions() if self.cells[cell[0]][cell[1]] is None}

    def numbers(self) -> dict[Cell, int]:
        return {cell: v for cell, v in self.givens().items() if isinstance(v, int)}

    def beside(self, cell: Cell) -> list[Cell]:
        """The white cells orthogonally next to a cell."""
        around = ((cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL)
        return [(r, c) for r, c in around if self.inside(r, c) and self.cells[r][c] is None]

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols


Answer = frozenset[Cell]  # the lamps


def parse(grid: Grid) -> Puzzle:
    return Puzzle(read_walls(grid, "lamps"))


def model(p: Puzzle) -> Model:
    prob = new_problem("akari")
    white = p.white()
    lamp = shade_vars(prob, p.rows, p.cols, "l", skip=set(p.positions()) - white)
    for run in runs(white):
        if len(run) > 1:
            prob += pulp.lpSum(lamp[q] for q in run) <= 1, cname("Run", run[0], run[-1])
    for cell in sorted(white):
        prob += pulp.lpSum(lamp[q] for q in seen_cells(cell, white)) >= 1, cname("Lit", cell)
    for cell, n in sorted(p.numbers().items()):
        prob += pulp.lpSum(lamp[q] for q in p.beside(cell)) == n, cname("Around", cell)
    return Model(prob, list(lamp.values()), {"l": lamp})


def deduction_board(p: Puzzle) -> Board:
    """The rules on a board of cells, a lamp shaded; black cells unshaded (they have none)."""
    white, cols = p.white(), p.cols
    board = Board(p.rows, p.cols, apart=False, connected=False)
    for r, c in sorted(set(p.positions()) - white):
        board.set(r * cols + c, UNSHADED)

    def ids(cells: list[Cell]) -> list[int]:
        return [r * cols + c for r, c in cells]

    for run in runs(white):
        if len(run) > 1:
            board.rule(at_most_one, ids(run), ids(run))
    for cell in sorted(white):
        seen = ids(seen_cells(cell, white))
        board.rule(at_least_one, seen, seen)
    for cell, n in sorted(p.numbers().items()):
        beside = ids(p.beside(cell))
        board.rule(between, (n, n, beside), beside)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide, then each unknown cell next to a decided one tried both ways."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
        everywhere=False,
    )
    black = set(p.positions()) - p.white()
    return shading_deductions(known, p.rows, p.cols, skip=black, var="l")


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["l"].items() if value(v))


def verify(p: Puzzle, lamps: Answer) -> list[str]:
    white = p.white()
    problems: list[str] = [
        Violation(f"a lamp on the black cell {cell_name(q)}", [q]) for q in sorted(lamps - white)
    ]
    lamps = lamps & white
    for q in sorted(lamps):
        for other in seen_cells(q, white)[1:]:
            if other in lamps and q < other:
                problems.append(
                    Violation(
                        f"the lamps at {cell_name(q)} and {cell_name(other)} light each other",
                        [q, other],
                    )
                )
    dark = sorted(q for q in white if not any(s in lamps for s in seen_cells(q, white)))
    if dark:
        names = ", ".join(cell_name(q) for q in dark[:8]) + (", ..." if len(dark) > 8 else "")
        what = "cell is" if len(dark) == 1 else "cells are"
        problems.append(Violation(f"{len(dark)} {what} not lit: {names}", dark))
    for cell, n in sorted(p.numbers().items()):
        near = [q for q in p.beside(cell) if q in lamps]
        if len(near) != n:
            problems.append(
                Violation(
                    f"the {n} at {cell_name(cell)} has {len(near)} lamps beside it",
                    [cell, *p.beside(cell)],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """Lamps typed as `○` and cells marked white; black cells fix nothing."""
    lamps = {cell for cell in grid.positions() if is_mark(grid[cell], spellings.CIRCLE)}
    _, white = read_shading(grid)
    return shading_entries(m["l"], lamps, white)


def render(p: Puzzle, lamps: Answer) -> list[CellWrite]:
    return render_shaded((), lamps=sorted(lamps))


def record(p: Puzzle, lamps: Answer) -> dict:
    return shaded_record(lamps)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`lightup` (also `akari`, `bijutsukan`): 4cell over cells; `.` a black cell without a
    number."""
    values, rest = puzzlink.decode_4cell(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    cells = [WALL if v == puzzlink.UNKNOWN else v for v in values]
    return Puzzle(puzzlink.grid_rows(cells, url.cols))


def to_url(p: Puzzle) -> str:
    values = [puzzlink.UNKNOWN if v == WALL else v for v in puzzlink.cells_of(p.cells)]
    return puzzlink.url_text("lightup", p.cols, p.rows, puzzlink.encode_4cell(values))


# SCIP by default: HiGHS's uniqueness proofs here end in its presolve, which then needs a check.
# SCIP's primal heuristics are off: on these models they cost more time than they save.
GENRE = define(
    __name__,
    slug="akari",
    ja="美術館",
    pzpr_ids=("lightup",),
    tuning=Tuning(
        scip_heuristics=False, prove_by_search=True, probe_work=2_000_000, probe_passes=10
    ),
)
