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
cuts name only shaded cells and replaced vertex cuts on the unshaded ones: faster on kurodoko-2
and on generated 15x15 and 20x20 (tests/benchmark_sizes.py). wCorner states the chains of three
that would wall in a corner of the grid, for a search less (median of 5-7 in one run: kurodoko-2
15.7 -> 12.2 ms, a published 10x10 81 -> 58 ms, two others and generated 8x8 to 25x25 0.97-1.05
x; heyawake's published ones were slower with them, hence kurodoko's alone). A search that runs
long starts again with the forest count as well (`solver.blocks.cells.forest_count`, as heyawake).

Before the model, the rules decide what they can (`solver.deduce.shade_logic.deduce`: shaded cells
apart, each number's sight between what its rays must and may show, the unshaded cells joined,
then each unknown cell tried both ways); each decided cell's b is fixed by its bounds, and the
sightlines see decided cells as constants (no binary; a number whose rays are all decided
needs no row). They hold in every answer, so the model keeps its answers; where they decide
every cell no solver runs (`pipeline._decided`). On generated 15x15 to 25x25 puzzles and
kurodoko-2 they decide every cell; the solve with its proof (median of 5, one run, without ->
with): kurodoko-2 14 -> 5-7 ms, generated 20x20 0.29-0.39 -> 0.03-0.04 s, 25x25 0.6-1.2 ->
0.04-0.07 s (noqx here 0.22 and 0.6 s); penpa-edit's puzzle of few numbers (21 of 100 cells
decided) 82-89 -> 40 ms. Probing works within `shade_logic.PROBE_WORK`, or PROBE_PASSES passes
over a larger grid (since the twenty-ninth session): janko's kuromasus (SmilingWayne's
puzzlekit-dataset) had 189-562 of their 720-1395 cells decided within the fixed work, and their
31x45s took 2.8-21 s; with the passes every one of its eight largest is decided whole: the 31x45
nos. 320, 330, 370, 540, 550, 560 21.4, 14.3, 2.8, 19.3, 13.9, 18.4 -> 0.94, 2.0, 0.45, 1.27,
0.92, 1.37 s, the 20x36 nos. 549, 559, 360 0.69-1.05 -> 0.19-0.30 s (noqx on this machine:
2.6-2.8 s on the 31x45s, 0.80 on no. 549); ten smaller ones at random, the published and the
generated ones 0.92-1.08 x (one run).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.blocks.cells import (
    SHADING_MARKS,
    check_connected,
    check_never_adjacent,
    forest_count,
    never_adjacent,
    read_shaded,
    render_shaded,
    seen_cells,
    shade_vars,
    shaded_record,
    sightline,
    unshaded_connected,
)
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, probing, shade_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.sheet import Grid, InputError, cell_name, quote
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import UNKNOWN, is_mark
from solver.mip.backends import LEAN_PRESOLVE, Tuning
from solver.mip.model import Model, cname, new_problem, value

ANSWER_MARKS = SHADING_MARKS


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


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): shaded cells apart, the unshaded
    ones joined, each number's sightlines, then each unknown cell next to a decided one tried
    both ways."""
    known = shade_logic.deduce(
        lambda: shade_logic.kurodoko_board(p.rows, p.cols, p.clues()),
        probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes),
        idle=tuning.probe_idle,
    )
    if known is None:  # the rules leave no answer, which the solve will find
        return NOTHING
    shaded, unshaded = known
    return Deductions({"b": {**dict.fromkeys(shaded, 1), **dict.fromkeys(unshaded, 0)}})


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
    values, _ = puzzlink.decode_number16(url.body, url.rows * url.cols)
    if any(v == 0 for v in values):
        raise puzzlink.UrlError("kurodoko: a number sees at least its own cell, 0 cannot be")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


GENRE = define(
    __name__,
    slug="kurodoko",
    ja="黒どこ",
    pzpr_ids=("kurodoko",),
    lazy=True,
    tuning=Tuning(
        highs_options=(LEAN_PRESOLVE,),
        prove_by_search=True,
        probe_work=150_000,
        probe_passes=10,
        probe_idle=0.1,
    ),
)
