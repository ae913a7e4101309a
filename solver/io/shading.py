"""A shading answer in the sheet: written as dark fills and lamps, and read back as a person
shades by hand.

`render_shaded` writes the shaded cells (`■` on a dark fill, as yajilin does: a given in a
shaded cell keeps its value and gets the fill) and lamps `○`. `read_shading` reads what a person
shaded (`■` or `#` typed, or a dark fill from Excel's fill tool) and marked as white (`・`, `.`,
`×`); `read_shaded` turns that into the values of a genre's cell variables
(`solver.blocks.cells.shading_entries`), and `shading_blank` tells a cell that shows no shading
yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pulp

from solver.blocks.cells import Expr, shading_entries
from solver.blocks.geometry import Cell
from solver.io.sheet import is_dark
from solver.io.sheet.answer import CellWrite

LAMP = "○"
SHADE_MARKS = frozenset({"■", "#"})  # what a person types in a cell they shade
WHITE_MARKS = frozenset({"・", ".", "×"})  # ... in a cell they know stays white
SHADING_MARKS = SHADE_MARKS | WHITE_MARKS | {LAMP}


def render_shaded(shaded: Iterable[Cell], lamps: Iterable[Cell] = ()) -> list[CellWrite]:
    """The writes of a shading answer: each shaded cell gets a dark fill (and `■` when empty; a
    given keeps its value), each lamp `○`."""
    writes = [CellWrite(r, c, shade=True) for r, c in shaded]
    writes += [CellWrite(r, c, LAMP) for r, c in lamps]
    return sorted(writes, key=lambda w: (w.row, w.col))


def read_shading(grid: object) -> tuple[set[Cell], set[Cell]]:
    """What a person shaded in the grid (a `solver.io.sheet.Grid`): cells holding `■` or `#`, or
    filled with a dark colour (Excel's fill tool), and cells they marked as white (`・`, `.`,
    `×`)."""
    shaded: set[Cell] = set()
    white: set[Cell] = set()
    sheet = getattr(grid, "source", None)
    top, left = getattr(grid, "origin", (0, 0))
    for r, c in grid.positions():  # type: ignore[attr-defined]
        v = grid[r, c]  # type: ignore[index]
        text = v.strip() if isinstance(v, str) else None
        if text in SHADE_MARKS:
            shaded.add((r, c))
        elif text in WHITE_MARKS:
            white.add((r, c))
        elif sheet is not None and is_dark(sheet.get_style(r + top + 1, c + left + 1).fill_color):
            shaded.add((r, c))
    return shaded, white


def read_shaded(grid: object, x: Mapping[Cell, Expr]) -> dict[pulp.LpVariable, int]:
    """A genre's `read_answer` for a shading: the person's shaded and white-marked cells."""
    return shading_entries(x, *read_shading(grid))


def shading_blank(grid: object, cell: Cell) -> bool:
    """A genre's `blank` for a shading on cells that may hold givens (a room's number, a
    label, which a shaded answer keeps): whether the cell shows no shading yet, no `■` or `#`,
    no white mark and no dark fill. (The default blank counts any value as shown.) The cell is
    one of the grid's, which starts at A1."""
    v = grid[cell]  # type: ignore[index]
    if isinstance(v, str) and v.strip() in SHADE_MARKS | WHITE_MARKS:
        return False
    sheet = getattr(grid, "source", None)
    return sheet is None or not is_dark(sheet.get_style(cell[0] + 1, cell[1] + 1).fill_color)
