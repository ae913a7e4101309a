"""A division as an answer in the sheet: the walls between the pieces (shikaku's rectangles,
fillmat's mats, block-puzzle's blocks; `solver.blocks.regions`) drawn as medium borders, and read
back as a person draws them.

Drawn (`render_regions`): every side of a cell that is a wall is drawn in the answer colour as a
medium line, on both cells of the wall, not on the grid's frame, the edge of every answer
(`solver.io.sheet.answer` records the user's own lines there and Clear restores them). Read back
(`read_regions`): a side drawn medium or heavier on either of its two cells, in any colour
(`solver.io.drawn_lines.drawn_sides`), is a wall; a side without one fixes nothing (a border
cannot say "no wall here"). A wall drawn inside a piece (its two cells joined around it) cuts
nothing off: while the sheet can still be completed it is a wall not finished yet, and when it
cannot, it is what is wrong (`solver.io.drawn_lines.Misdrawn.unplaced`).
"""

from __future__ import annotations

from typing import Any

import pulp

from solver.blocks.names import cell_name
from solver.blocks.regions import Pair, Regions, pieces
from solver.blocks.violation import Violation
from solver.io.drawn_lines import drawn_sides, report
from solver.io.sheet.answer import CellWrite


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
    there. Sides without a line fix nothing. The walls inside a piece are reported."""
    shown = drawn_sides(grid)
    entries: dict[pulp.LpVariable, int] = {}
    drawn = []
    for (a, b), x in w.items():
        near, far = ("R", "L") if a[0] == b[0] else ("B", "T")
        if near in shown.get(a, ()) or far in shown.get(b, ()):
            entries[x] = 1
            drawn.append((a, b))
    rows = 1 + max((b[0] for _, b in w), default=0)
    cols = 1 + max((b[1] for _, b in w), default=0)
    ids = pieces(rows, cols, drawn)
    report(
        unplaced=[
            Violation(
                f"the wall between {cell_name(a)} and {cell_name(b)} cuts nothing off", [a, b]
            )
            for a, b in sorted(drawn)
            if ids[a[0]][a[1]] == ids[b[0]][b[1]]
        ]
    )
    return entries
