"""Nurikabe (ぬりかべ).

Rules: shade some cells (the sea). Every unshaded group of cells (an island) holds exactly one
number, and has as many cells as that number says (a `?` island may have any size). The sea is
one orthogonally connected group, and no 2x2 block of cells is all sea. Numbered cells stay
unshaded.

Layout: one puzzle cell per spreadsheet cell from A1: an island's number (1, 2, ...), or `?` for
a number that is not given; other cells stay empty. The sentinel one cell diagonally below-right
of the grid. The answer shades the sea (a dark fill and `■`). When checking an answer typed by
hand, `■` or `#` or a dark fill is sea, and `・`, `.` or `×` marks a cell known to be island.
The record's `shaded` lists the sea.

Model: b(r,c) = 1 when cell (r,c) is sea (numbered cells have no b: they are island). No 2x2
block of sea (`solver.blocks.cells.no_square`); the sea is connected
(`solver.blocks.cells.connected`); the cells 1 - b split into islands, each holding one number and
of its size (`solver.blocks.cells.islands`, which also states that an island cell has an island
neighbour unless it is a 1, and labels each island cell with the number whose island holds it). Both
connectivity blocks come in the complete form (flows) or as lazy cuts; lazy is the default (the
faster form); the lazy form has the labels only when every island's size is given (what they
gain and cost: `solver.blocks.cells.islands`). When every island's size is given, the sea has a
known size: when that is two cells or more, every sea cell has a sea neighbour (SeaNext,
`solver.blocks.cells.never_alone`), and the uniqueness check cuts on the sea alone
(`solver.blocks.cells.not_all_again`: not every sea cell again), which is exact since every
answer has as many sea cells.

Deductions (`deduce`): the rules of `solver.deduce.island_logic` decide cells of sea and of
land before the solve: a complete island walled in by sea, cells no island can reach, no 2x2 of sea,
the sea joined (and, where the sea is shorter than a path across the grid, within its reach), the
blocks owed to one island, the penalty; then each unknown cell next to a
decided one is tried both ways (probing), and where few islands are left with room to wander
(`search_spread` unknown cells or more per unfinished island), a depth-first search over the same
rules (and the sea's cut cells: an unknown cell that alone holds the sea together is sea) decides
the grid whole when it finds exactly one answer. The pipeline fixes each decided
cell's b by its bounds; what the rules decide holds in every answer, so the model keeps its
answers. The budgets are the genre's Tuning, in work: probing's `probe_work`, or `probe_passes`
passes over a larger grid (`solver.deduce.probing.budget`), and the search's `search_work`. On
published puzzles the rules decide most or all of the grid; where they decide every cell, the
pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.blocks.cells import (
    check_connected,
    check_islands,
    check_no_square,
    connected,
    islands,
    never_alone,
    no_square,
    not_all_again,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import quote
from solver.blocks.values import Value
from solver.deduce import Deductions, island_logic, probing
from solver.deduce.shade_logic import shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import UNKNOWN, is_mark
from solver.mip.model import Model, new_problem, value
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
# a number taken out of the puzzle (Genre.givens) leaves its island, of any size
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
Size = int | None  # an island's size, None for `?`


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a size, puzzlink.UNKNOWN ('?') or None

    def clues(self) -> dict[Cell, Size]:
        return {cell: (None if v == puzzlink.UNKNOWN else v) for cell, v in self.givens().items()}


Answer = frozenset[Cell]  # the sea


def parse(grid: Grid) -> Puzzle:
    most = grid.rows * grid.cols

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, UNKNOWN):
            return puzzlink.UNKNOWN
        if isinstance(v, int) and 1 <= v <= most:
            return v
        raise grid.error(
            r, c, f"a cell holds an island's size from 1 to {most} or ?, found {quote(v)}"
        )

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no numbers: type each island's size in one of its cells")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("nurikabe")
    clues = p.clues()
    b = shade_vars(prob, p.rows, p.cols, skip=clues)
    sea = {**b, **dict.fromkeys(clues, 0)}
    no_square(prob, b)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(connected(prob, sea, lazy=lazy, prefix="s"))
    island = {cell: 1 - v for cell, v in sea.items()}
    m.separate(islands(prob, island, clues, lazy=lazy))
    if all(n is not None for n in clues.values()):  # the sea's size is known
        if p.rows * p.cols - sum(n for n in clues.values() if n is not None) > 1:
            never_alone(prob, sea, "Sea")
        m.no_good = lambda: not_all_again(b)
    return m


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.island_logic`): cells of sea and of land in
    every answer."""
    clues = p.clues()
    known = island_logic.deduce(
        p.rows,
        p.cols,
        clues,
        probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes),
        tuning.search_work,
        tuning.search_spread,
    )
    return shading_deductions(known, p.rows, p.cols, skip=clues)  # the sea is shaded


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, sea: Answer) -> list[str]:
    island = set(p.positions()) - sea
    return (
        check_no_square(sea, "sea cells")
        + check_connected(sea, "the sea's cells")
        + check_islands(island, p.clues())
    )


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, sea: Answer) -> list[CellWrite]:
    return render_shaded(sea)


def record(p: Puzzle, sea: Answer) -> dict:
    return shaded_record(sea)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`nurikabe`: number16 over cells, `.` a number not given."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    if any(v == 0 for v in values):
        raise puzzlink.UrlError("nurikabe: an island of size 0 cannot be")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("nurikabe", p.cols, p.rows, body)


# SCIP by default: faster than HiGHS on generated grids up to 20x20, and as fast on nurikabe-2.
GENRE = define(
    __name__,
    slug="nurikabe",
    ja="ぬりかべ",
    pzpr_ids=("nurikabe",),
    lazy=True,
    tuning=Tuning(
        "scip",
        probe_work=150_000,
        probe_passes=10,
        search_work=2_000_000,
        search_spread=3,
    ),
)
