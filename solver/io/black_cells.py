"""Black cells given in the grid, as a person types them: `■`, `#` or `+` (or an empty cell
with a dark fill, where a genre reads fills), with a number 0-4 standing in a black cell where
the genre has one (akari's walls, shakashaka's black cells).
"""

from __future__ import annotations

from solver.blocks.geometry import Cell
from solver.blocks.names import quote
from solver.io import spellings
from solver.io.sheet import Grid, InputError, is_dark
from solver.io.spellings import is_mark

WALL = "■"  # a black cell without a number


def is_black(grid: Grid, cell: Cell) -> bool:
    """Whether a grid cell is a given black cell: `■`, `#` or `+` (spellings.BLACK), or an
    empty cell with a dark fill (Excel's fill tool), as sum-line and number-skeleton read them;
    a cell holding anything else is not black, whatever its fill."""
    v = grid[cell]
    if v is not None:
        return is_mark(v, spellings.BLACK)
    sheet = grid.source
    top, left = grid.origin
    return sheet is not None and is_dark(
        sheet.get_style(cell[0] + top + 1, cell[1] + left + 1).fill_color
    )


def read_walls(grid: Grid, white: str) -> tuple[tuple[int | str | None, ...], ...]:
    """A grid of given black cells (akari's walls, shakashaka's black cells): each cell is
    white (empty, or `・`/`.`), a black cell `■` (or `#`, `+`: WALL), or a number 0-4 standing in a
    black cell. `white` says what the white cells are for, in the message for a grid with none."""

    def cell(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None or is_mark(v, spellings.EMPTY):
            return None
        if is_mark(v, spellings.BLACK):
            return WALL
        if isinstance(v, int) and 0 <= v <= 4:
            return v
        raise grid.error(
            r,
            c,
            "a cell holds a black cell ■ (or #), a number 0-4 on a black cell, or nothing; "
            f"found {quote(v)}",
        )

    cells = tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if all(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, f"no white cell: leave the cells for the {white} empty")
    return cells
