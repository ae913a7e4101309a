"""Bomber puzzle (ボンバーパズル), Minesweeper-like.

Rules: find every hidden bomb, at most one per cell. A number counts the bombs among the (up to
8) cells around it; a cell with a number holds no bomb.

Layout: one puzzle cell per spreadsheet cell from A1; type the numbers 0-8, leave unknown cells
empty; one character diagonally below-right of the grid (the sentinel). The answer puts `●` into
every bomb cell.

Model (the seed's): b(I,J) = 1 when cell (I,J) holds a bomb; for every number N at (In,Jn):
b(In,Jn) = 0 and the sum of b over its neighbours = N.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.genres import define
from solver.geometry import KING, CellPuzzle, neighbours
from solver.model import Model, cell_vars, cname, new_problem, value
from solver.puzzlink import UNKNOWN, PzprUrl, UrlError, decode_number16, grid_rows
from solver.sheet import Grid, cell_name
from solver.sheet.answer import CellWrite

BOMB = "●"


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | None, ...], ...]  # cells[r][c]: 0-8, or None for an unknown cell


Answer = frozenset[tuple[int, int]]  # the bomb cells


def parse(grid: Grid) -> Puzzle:
    return Puzzle(
        tuple(tuple(grid.number(r, c, 0, 8) for c in range(grid.cols)) for r in range(grid.rows))
    )


def model(p: Puzzle) -> Model:
    prob = new_problem("bomber")
    cells = p.positions()
    b = cell_vars(prob, "b", cells)
    for (r, c), n in ((rc, p.cells[rc[0]][rc[1]]) for rc in cells):
        if n is not None:
            prob += b[r, c] == 0, cname("CELL", (r, c))
            prob += (
                pulp.lpSum(b[q] for q in neighbours(p.rows, p.cols, r, c, KING)) == n,
                cname("Around", (r, c)),
            )
    return Model(prob, list(b.values()), {"b": b})


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(rc for rc, v in m["b"].items() if value(v))


def verify(p: Puzzle, bombs: Answer) -> list[str]:
    problems = []
    for r in range(p.rows):
        for c in range(p.cols):
            n = p.cells[r][c]
            if n is None:
                continue
            if (r, c) in bombs:
                problems.append(f"bomb on the number at {cell_name((r, c))}")
            around = sum(q in bombs for q in neighbours(p.rows, p.cols, r, c, KING))
            if around != n:
                problems.append(f"number {n} at {cell_name((r, c))} has {around} bombs around it")
    return problems


def render(p: Puzzle, bombs: Answer) -> list[CellWrite]:
    return [CellWrite(r, c, BOMB) for r, c in sorted(bombs)]


def record(p: Puzzle, bombs: Answer) -> dict:
    return {"shaded": [list(rc) for rc in sorted(bombs)]}


def from_url(url: PzprUrl) -> Puzzle:
    values, _ = decode_number16(url.body, url.rows * url.cols)
    if any(v == UNKNOWN or (isinstance(v, int) and v > 8) for v in values):
        raise UrlError("a mines URL may only hold the numbers 0-8")
    return Puzzle(grid_rows(values, url.cols))


GENRE = define(__name__, slug="bomber", ja="ボンバーパズル", pzpr_ids=("mines",))
