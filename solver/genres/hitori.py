"""Hitori (ひとりにしてくれ).

Rules: shade some cells so that no number appears twice among the unshaded cells of a row or of
a column. Shaded cells never touch orthogonally, and the unshaded cells form one orthogonally
connected group.

Layout: one puzzle cell per spreadsheet cell from A1, each holding its number (0 and up); a cell
may stay empty (it has no number, as pzprjs allows). The sentinel one cell diagonally below-right
of the grid. The answer gives each shaded cell a dark fill; its number stays. When checking an
answer typed by hand, a dark fill (Excel's fill tool) is a shaded cell; `■` or `#` typed over a
number would hide the number, so use the fill. The record's `shaded` lists the shaded cells.

Model: b(r,c) = 1 when cell (r,c) is shaded. For each row and column and each number that it
holds more than once, at most one of those cells is unshaded: the sum of (1 - b) over them is at
most 1 (Repeat). No two shaded cells side by side (`solver.blocks.cells.never_adjacent`); the
unshaded cells are connected (`solver.blocks.cells.unshaded_connected`: with shaded cells apart, no
ring of shaded cells touching corner to corner, nor a chain of them from edge to edge; wEnclosed
states the smallest rings, lazy cuts by default the rest, a flow in the complete form). The ring
cuts name only shaded cells, rather than vertex cuts on the unshaded ones: faster on hitori-2 and
on generated 10x10 to 20x20. A search that runs long starts again with the forest count as well
(`solver.blocks.cells.forest_count`, as heyawake).

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` (`hitori_board`) decide cells shaded
and unshaded before the solve: shaded cells apart and the unshaded ones joined (as in kurodoko and
heyawake), and of a row's or column's cells with one number at most one unshaded; then every unknown
cell is tried both ways (probing), pass after pass while one decides a cell, within the Tuning's
`probe_work`; then a SAT solver over the cells left (`learned`: CaDiCaL through `solver.deduce.sat`;
shaded cells apart and equal numbers of a line unshaded at most once, as clauses, the unshaded cells
connected), within `sat_work`, which decides the grid whole where it ends with exactly one answer.
The pipeline fixes each decided cell's b by its bounds; what the rules decide holds in every answer,
so the model keeps its answers. They decide published puzzles and generated ones whole, and then the
pipeline runs no solver (`pipeline._decided`).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

import pulp

from solver.blocks.cells import (
    check_connected,
    check_never_adjacent,
    forest_count,
    never_adjacent,
    shade_vars,
    shaded_record,
    unshaded_connected,
)
from solver.blocks.geometry import Cell, CellPuzzle, grid_edges
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat, shade_logic
from solver.deduce.shade_logic import SHADED, UNSHADED, Board, Contradiction, shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError, is_dark
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import ONE_SCIP_SEARCH, Tuning

ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | None, ...], ...]  # a number, or None for a cell without one

    def lines(self) -> list[tuple[str, list[Cell]]]:
        """Every row and column, named as a person would, with its cells."""
        rows = [(f"row {r + 1}", [(r, c) for c in range(self.cols)]) for r in range(self.rows)]
        cols = [
            (f"column {column_letter(c + 1)}", [(r, c) for r in range(self.rows)])
            for c in range(self.cols)
        ]
        return rows + cols

    def repeats(self) -> list[tuple[str, int, list[Cell]]]:
        """(line, number, its cells) for every number a row or column holds more than once."""
        found = []
        for name, line in self.lines():
            by_number: dict[int, list[Cell]] = defaultdict(list)
            for r, c in line:
                n = self.cells[r][c]
                if n is not None:
                    by_number[n].append((r, c))
            found += [(name, n, same) for n, same in sorted(by_number.items()) if len(same) > 1]
        return found


Answer = frozenset[Cell]  # the shaded cells


def parse(grid: Grid) -> Puzzle:
    def number(r: int, c: int) -> int | None:
        v = grid[r, c]
        if v is None or (isinstance(v, int) and v >= 0):
            return v
        raise grid.error(r, c, f"a cell holds a number (0 and up) or stays empty, found {quote(v)}")

    cells = tuple(tuple(number(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no numbers: type the puzzle's numbers, one per cell")
    return Puzzle(cells)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("hitori")
    b = shade_vars(prob, p.rows, p.cols)
    for k, (_, n, same) in enumerate(p.repeats(), start=1):
        prob += pulp.lpSum(1 - b[q] for q in same) <= 1, cname("Repeat", min(same), k, n)
    never_adjacent(prob, b)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(unshaded_connected(prob, b, lazy))
    m.reinforce(lambda: forest_count(prob, b))
    return m


def deduction_board(rows: int, cols: int, repeats: Iterable[list[Cell]]) -> Board:
    """Hitori: of the cells of a row or column that hold one number (each of `repeats`), at
    most one stays unshaded."""
    board = Board(rows, cols)
    for cells in repeats:
        same = [r * cols + c for r, c in cells]
        board.rule(_one_unshaded_at_most, same, same)
    return board


def _one_unshaded_at_most(board: Board, cells: list[int]) -> None:
    """Once one of the cells is unshaded, the others are shaded."""
    state = board.state
    unshaded = [i for i in cells if state[i] == UNSHADED]
    if len(unshaded) > 1:
        raise Contradiction
    if unshaded:
        for i in cells:
            if i != unshaded[0]:
                board.set(i, SHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): shaded cells apart, the unshaded
    ones joined, of a row's or column's cells with one number at most one unshaded, then every
    unknown cell tried both ways."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p.rows, p.cols, [same for _, _, same in p.repeats()]),
        p.rows,
        p.cols,
        tuning,
    )
    if known is not None and (tuning.sat_work or tuning.learn_work):
        known = learned(p, known, tuning.learn_work, tuning.sat_work)
    return shading_deductions(known, p.rows, p.cols)


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int, sat_work: int = 0
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and not (`known`) with the rest decided by a search that learns from its
    conflicts (`shade_logic.learned`: the SAT solver's within `sat_work` where given, else the
    learning search's within `work`): shaded cells apart, of two cells of a row or column
    that hold one number at least one shaded, the unshaded cells connected."""
    never_all = [(pair, SHADED) for pair in grid_edges(p.rows, p.cols)]
    never_all += [(pair, UNSHADED) for _, _, same in p.repeats() for pair in combinations(same, 2)]
    return shade_logic.learned(
        p.rows, p.cols, known, work, never_all=never_all, joined=UNSHADED, sat_work=sat_work
    )


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    problems: list[str] = []
    for name, n, same in p.repeats():
        left = [q for q in same if q not in shaded]
        if len(left) > 1:
            where = ", ".join(cell_name(q) for q in left[:-1]) + f" and {cell_name(left[-1])}"
            problems.append(Violation(f"{name}: {n} is unshaded in {where}", left))
    problems += check_never_adjacent(shaded, "shaded cells")
    problems += check_connected(set(p.positions()) - shaded, "the unshaded cells")
    return problems


def blank(grid: Grid, cell: Cell) -> bool:
    """Whether a cell shows none of the answer (for Check): no dark fill and no mark; its
    number is a given, not the answer."""
    v = grid[cell]
    if isinstance(v, str) and v.strip() in ANSWER_MARKS:
        return False
    sheet = grid.source
    return sheet is None or not is_dark(sheet.get_style(cell[0] + 1, cell[1] + 1).fill_color)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`hitori`: one base-36 number per cell (`solver.io.puzzlink.decode_number36`)."""
    values, rest = puzzlink.decode_number36(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number36(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("hitori", p.cols, p.rows, body)


# SCIP's one search (ONE_SCIP_SEARCH): the ring cuts inside it from the first solve on, and on
# past the answer to its proof; faster than HiGHS on generated grids (threefold at 30x30).
GENRE = define(
    __name__,
    slug="hitori",
    ja="ひとりにしてくれ",
    pzpr_ids=("hitori",),
    lazy=True,
    tuning=dataclasses.replace(ONE_SCIP_SEARCH, probe_work=150_000, sat_work=sat.AFTER_PROBING),
)
