"""Regions as an answer: the grid divided into pieces (shikaku's rectangles, fillmat's mats,
block-puzzle's blocks).

The answer is the set of walls: the sides between two neighbouring cells of different pieces.
In the model they are variables w(a, b), one per side inside the grid, tied to the placements
(`solver.blocks.placements`): w = 1 - (the chosen candidates that hold both cells), so a wall stands
exactly where two pieces meet (`walls`). Two answers with the same walls are the same division,
which makes the walls the model's answer variables (uniqueness cuts on them) and what a sheet
shows of an answer, as slitherlink's loop is.

The pieces are the groups of cells that hang together without crossing a wall (`pieces`): a
division drawn half-way shows as pieces too large, which the rules then find incomplete.

A division can also come from an assignment of cells to pieces (galaxies: cell to dot),
x(cell, k) = 1 when the cell is in the k-th piece: `assignment_walls` ties the walls to it, and
`point_symmetric` makes a piece its own image under a half turn (a cell in it, so is its
mirror cell).

The result record's `regions` holds an id per cell (`regions_record`), the picture draws thick
lines between different ids (io/picture.py). The sheet shows the walls as medium borders around
each piece, and reads them back from there (io/regions_sheet.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any

import pulp

from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.placements import Candidates, Choice
from solver.blocks.rooms import rooms_from_walls
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


def assignment_walls(
    prob: pulp.LpProblem,
    x: Mapping[tuple[Cell, int], pulp.LpVariable],
    rows: int,
    cols: int,
    skip: Collection[Cell] = (),
) -> dict[Pair, pulp.LpVariable]:
    """w(a, b) per side inside the grid between two cells not in `skip`, named as `walls`
    names them, for cells assigned to pieces (x(cell, k) = 1: the cell is in piece k, one piece
    a cell): w >= x(a,k) - x(b,k) and x(b,k) - x(a,k) (Apart: a piece that holds one and not
    the other puts a wall between them), w <= 2 - x(a,k) - x(b,k) (Joined: no wall inside a
    piece)."""
    pieces: dict[Cell, dict[int, pulp.LpVariable]] = {}
    for (cell, k), v in x.items():
        pieces.setdefault(cell, {})[k] = v
    w: dict[Pair, pulp.LpVariable] = {}
    for a, b in grid_edges(rows, cols):
        if a in skip or b in skip:
            continue
        side = "R" if a[0] == b[0] else "D"
        wall = prob.add_variable(f"w({a[0] + 1},{a[1] + 1},{side})", 0, 1, pulp.LpBinary)
        w[a, b] = wall
        at, bt = pieces.get(a, {}), pieces.get(b, {})
        for k in sorted(set(at) | set(bt)):
            xa, xb = at.get(k, 0), bt.get(k, 0)
            prob += wall >= xa - xb, cname(f"ApartA{side}", a, k + 1)
            prob += wall >= xb - xa, cname(f"ApartB{side}", a, k + 1)
            if k in at and k in bt:
                prob += wall <= 2 - xa - xb, cname(f"Joined{side}", a, k + 1)
    return w


def point_symmetric(
    prob: pulp.LpProblem,
    x: Mapping[Cell, pulp.LpVariable],
    mirror: Callable[[Cell], Cell],
    name: str,
) -> None:
    """The piece whose cells are those with x = 1 is its own image under `mirror` (a half turn
    about its centre): x(cell) = x(mirror(cell)), once per pair. Every cell's mirror is a key of
    x (the caller leaves out the cells whose mirror is outside the grid)."""
    for cell in sorted(x):
        other = mirror(cell)
        if cell < other:
            prob += x[cell] == x[other], cname(name, cell)


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
