"""A list typed beside the grid, whose items go into the grid's runs of white cells
(number-skeleton's numbers, skeleton's words): where the grid ends and the list begins
(`grid_width`), and whether the list fits the runs before the solve (`check_list_lengths`; the
placing itself is `solver.blocks.placements.place_words`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from solver.blocks.geometry import Cell
from solver.blocks.names import a1, cell_name, quote
from solver.io.sheet import Grid, InputError


def grid_width(grid: Grid) -> int | None:
    """The columns of a grid with a list right of it after one empty column (number-skeleton's
    numbers, skeleton's words): those left of the first column from the right that is empty
    everywhere (None when there is no such column left of a column that holds something)."""
    for c in range(grid.cols - 1, -1, -1):
        if all(grid[r, c] is None for r in range(grid.rows)):
            return c
    return None


def check_list_lengths(
    grid: Grid,
    rows: int,
    cols: int,
    white: Collection[Cell],
    runs: Sequence[Sequence[Cell]],
    listed: Sequence[tuple[object, int, Cell]],
    item: str,
    unit: str,
) -> None:
    """Before the solve, for a list placed into the runs of white cells (number-skeleton's
    numbers, skeleton's words): every white cell lies in a run of two or more, every listed
    item (its text, its length, its cell) has a run of its length, and each length has as many
    items as runs. `item` and `unit` name them in the messages: ("number", "digits"), ("word",
    "letters"). An InputError names the cell otherwise."""
    if not runs:
        raise InputError(grid.sheet, "no run of two or more white cells: leave them empty")
    covered = {cell for run in runs for cell in run}
    for r, c in sorted(set(white) - covered):
        raise grid.error(
            r, c, "this white cell is in no run of two or more white cells: make it black"
        )
    extent = f"the grid is read as A1:{a1(rows, cols)}"
    by_length = Counter(len(run) for run in runs)
    for text, length, (r, c) in listed:
        if by_length[length] == 0:
            raise grid.error(
                r,
                c,
                f"the listed {quote(text)} has {length} {unit}, and no run of white cells has "
                f"{length} cells ({extent})",
            )
    for length, count in sorted(by_length.items()):
        same = [(text, at) for text, n, at in listed if n == length]
        if len(same) != count:
            some = ", ".join(str(text) for text, _ in same[:6]) or "none"
            where = ", ".join(
                f"{cell_name(run[0])}-{cell_name(run[-1])}" for run in runs if len(run) == length
            )
            raise InputError(
                grid.sheet,
                f"{count} runs of {length} white cells ({where}), but {len(same)} listed "
                f"{item}s of {length} {unit} ({some}): the list and the grid disagree ({extent}; "
                "a column of the list may be no taller than the grid)",
                (same[0][1][0] + 1, same[0][1][1] + 1) if same else None,
            )
