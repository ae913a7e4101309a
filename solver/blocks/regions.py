"""Regions as an answer: the grid divided into pieces (shikaku's rectangles, fillmat's mats,
block-puzzle's blocks), drawn in the sheet as medium borders around each piece.

The answer is the set of walls: the sides between two neighbouring cells of different pieces.
In the model they are variables w(a, b), one per side inside the grid, tied to the placements
(`solver.blocks.placements`): w = 1 - (the chosen candidates that hold both cells), so a wall stands
exactly where two pieces meet (`walls`). Two answers with the same walls are the same division,
which makes the walls the model's answer variables (uniqueness cuts on them) and what a sheet
shows of an answer, as slitherlink's loop is.

In the sheet (`render_regions`): every side of a cell that is a wall is drawn in the answer
colour as a medium line, on both cells of the wall, not on the grid's frame, the edge of every
answer (solver.io.sheet.answer records the user's own lines there and Clear restores them).
Read back (`read_regions`): a side drawn medium or heavier on either of its two cells, in any
colour (`solver.io.drawn_lines.drawn_sides`), is a wall; a side without one fixes nothing (a border
cannot say "no wall here"). The pieces are the groups of cells that hang together without
crossing a wall (`pieces`): a division drawn half-way shows as pieces too large, which the
rules then find incomplete.

The result record's `regions` holds an id per cell (`regions_record`), the picture draws thick
lines between different ids (solver.io.picture).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import Any

import pulp

from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.placements import Candidates, Choice
from solver.blocks.rooms import rooms_from_walls
from solver.io.drawn_lines import drawn_sides
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname

Pair = tuple[Cell, Cell]  # two neighbouring cells, lower (row-major) first
Regions = tuple[tuple[int, ...], ...]  # an id per cell, 0, 1, ... in order of first cells


def walls(
    prob: pulp.LpProblem, candidates: Candidates, y: Choice, rows: int, cols: int
) -> dict[Pair, pulp.LpVariable]:
    """w(a, b) per side inside the grid: 1 when cells a and b lie in different chosen pieces,
    named w(r,c,R) for the side right of cell (r, c) and w(r,c,D) for the side below it. With
    every cell covered once, w = 1 - the chosen candidates holding both cells."""
    both: dict[Pair, list[pulp.LpVariable]] = {}
    for k, options in candidates.items():
        for i, cells in enumerate(options):
            inside = set(cells)
            for r, c in inside:
                for other in ((r, c + 1), (r + 1, c)):
                    if other in inside:
                        both.setdefault(((r, c), other), []).append(y[k, i])
    w: dict[Pair, pulp.LpVariable] = {}
    for a, b in grid_edges(rows, cols):
        side = "R" if a[0] == b[0] else "D"
        w[a, b] = prob.add_variable(f"w({a[0] + 1},{a[1] + 1},{side})", 0, 1, pulp.LpBinary)
        prob += w[a, b] + pulp.lpSum(both.get((a, b), [])) == 1, cname(f"Wall{side}", a)
    return w


def walls_of(m: Model) -> set[Pair]:
    """After the solve (or with values set by Check): the sides that are walls."""
    return {pair for pair, w in m["w"].items() if round(w.varValue or 0) == 1}


def pieces(rows: int, cols: int, shut: Collection[Pair]) -> Regions:
    """The pieces that walls cut the grid into: an id per cell, 0, 1 ... in reading order of
    each piece's first cell (a wall with a dangling end separates nothing)."""
    return rooms_from_walls(rows, cols, shut).ids


def region_walls(regions: Regions) -> set[Pair]:
    """The walls of a division: each side between cells of different ids."""
    rows, cols = len(regions), len(regions[0])
    return {(a, b) for a, b in grid_edges(rows, cols) if regions[a[0]][a[1]] != regions[b[0]][b[1]]}


def render_regions(regions: Regions, top: int = 0, left: int = 0) -> list[CellWrite]:
    """Every cell's walls as medium borders (CellWrite.borders), on both cells of a wall, the
    grid's top-left cell at (top, left); a cell with none (inside a piece) is not written. The
    grid's frame is not drawn: it is the edge of every answer, a person drawing by hand leaves
    it out, and Check would then take the cells along it for not drawn yet."""
    rows, cols = len(regions), len(regions[0])
    writes = []
    for r in range(rows):
        for c in range(cols):
            sides = ""
            around = {"T": (r - 1, c), "B": (r + 1, c), "L": (r, c - 1), "R": (r, c + 1)}
            for side, (rr, cc) in around.items():
                inside = 0 <= rr < rows and 0 <= cc < cols
                if inside and regions[rr][cc] != regions[r][c]:
                    sides += side
            if sides:
                writes.append(CellWrite(r + top, c + left, borders=sides))
    return writes


def read_regions(grid: Any, w: dict[Pair, pulp.LpVariable]) -> dict[pulp.LpVariable, int]:
    """The walls drawn on the sheet, as the wall variables they fix to 1 (a genre's
    `read_answer`): a side counts when either of its cells shows a medium or heavier line
    there. Sides without a line fix nothing."""
    shown = drawn_sides(grid)
    entries: dict[pulp.LpVariable, int] = {}
    for (a, b), x in w.items():
        near, far = ("R", "L") if a[0] == b[0] else ("B", "T")
        if near in shown.get(a, ()) or far in shown.get(b, ()):
            entries[x] = 1
    return entries


def regions_record(regions: Regions) -> dict[str, Any]:
    """The result record's `regions`: an id per cell, row by row."""
    return {"regions": [list(row) for row in regions]}


def by_id(regions: Regions) -> dict[Hashable, list[Cell]]:
    """Each piece's cells, in reading order, by id."""
    found: dict[Hashable, list[Cell]] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            found.setdefault(k, []).append((r, c))
    return found
