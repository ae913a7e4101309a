"""Lines in the sheet: drawn as box-drawing glyphs in the cells, or as medium borders on the
cells' sides, and read back as a person draws them by hand.

Glyphs (`GLYPHS`, `glyph`, `draw`): a cell's glyph shows the sides its line leaves through
(`─ │ ┌ ┐ └ ┘ ┼`, a half `╴ ╶ ╵ ╷` at a line's end); a given cell keeps its value and the line is
drawn up to it (`solver.io.sheet.answer`). Read back (`read_drawn`, `read_lines`): the glyphs,
ASCII `-` and `|`, and the marks for a cell without a line (`×`, `・`), as the values of the
model's segment variables (`solver.blocks.lines.segment_entries`).

Borders (`drawn_sides`): the sides of the cells on which the sheet shows a medium or heavier
line, in any colour (slitherlink's loop, the walls of a division).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

import pulp

from solver.blocks.geometry import STEPS, Cell
from solver.blocks.lines import Expr, arms, segment_entries
from solver.io.sheet.answer import CellWrite

# --- glyphs in the cells -----------------------------------------------------------------------

GLYPHS = {
    frozenset("LR"): "─",
    frozenset("UD"): "│",
    frozenset("DR"): "┌",
    frozenset("DL"): "┐",
    frozenset("UR"): "└",
    frozenset("UL"): "┘",
    frozenset("UDLR"): "┼",
    frozenset("U"): "╵",
    frozenset("D"): "╷",
    frozenset("L"): "╴",
    frozenset("R"): "╶",
}
ARMS = {glyph: arms for arms, glyph in GLYPHS.items()}


def glyph(sides: Collection[str]) -> str:
    """The box-drawing glyph of a cell whose line leaves through these sides."""
    return GLYPHS[frozenset(sides)]


def draw(segments: Iterable[tuple[Cell, Cell]], givens: Collection[Cell] = ()) -> list[CellWrite]:
    """The answer's writes: each cell's glyph; a given cell keeps its value, and the line's
    sides through it (`CellWrite.through`) draw the line up to it (`solver.io.sheet.answer`)."""
    return [
        CellWrite(r, c, None, through="".join(sorted(s)))
        if (r, c) in givens
        else CellWrite(r, c, glyph(s))
        for (r, c), s in sorted(arms(segments).items())
    ]


# --- reading a drawn answer back from the sheet ----------------------------------------------

TYPED = {"-": frozenset("LR"), "|": frozenset("UD")}  # what a person types in ASCII
NO_LINE = frozenset({"×", "・", "."})  # a cell marked as having no line
LINE_MARKS = frozenset(ARMS) | frozenset(TYPED) | NO_LINE


def read_arms(value: object) -> frozenset[str] | None:
    """The sides a cell's typed line leaves through (`─`, `┐`, `-`, `|`, a half `╴`); the empty
    set for a cell marked as having no line (`×`, `・`); None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text in NO_LINE:
        return frozenset()
    return ARMS.get(text) or TYPED.get(text)


def read_drawn(
    grid: object, givens: Collection[Cell] = (), no_line: Collection[str] = NO_LINE
) -> tuple[set[tuple[Cell, Cell]], set[tuple[Cell, Cell]]]:
    """What a person drew with glyphs in the grid's cells (a `solver.io.sheet.Grid`): the
    centre-to-centre segments drawn (lower cell first), and those known absent (the sides a
    glyph does not use, every side of a cell marked `×` or `・`). A segment one cell draws and
    its neighbour does not counts as drawn. Given cells are skipped: the line through them is
    read from their neighbours (between two givens the sheet cannot show it: see
    `segment_entries`). no_line: the marks read as "no line here" (yajilin reads `・` as "not
    shaded" instead, so passes none)."""
    drawn: set[tuple[Cell, Cell]] = set()
    absent: set[tuple[Cell, Cell]] = set()
    for r, c in grid.positions():  # type: ignore[attr-defined]
        if (r, c) in givens:
            continue
        value = grid[r, c]  # type: ignore[index]
        sides = read_arms(value)
        if sides is None or (not sides and value.strip() not in no_line):
            continue
        for side, (dr, dc) in STEPS.items():
            n = (r + dr, c + dc)
            seg = ((r, c), n) if (r, c) < n else (n, (r, c))
            (drawn if side in sides else absent).add(seg)
    return drawn, absent - drawn


def read_lines(
    grid: object,
    x: Mapping[tuple[Cell, Cell], Expr],
    givens: Collection[Cell] = (),
    no_line: Collection[str] = NO_LINE,
) -> dict[pulp.LpVariable, int | None]:
    """A genre's `read_answer` for lines drawn with glyphs between cell centres."""
    unseen = [(a, b) for a, b in x if a in givens and b in givens]
    return segment_entries(x, *read_drawn(grid, givens, no_line), unseen)


# --- reading lines drawn on cell borders (slitherlink) ---------------------------------------

# The border styles that read as a drawn line: medium and heavier. Thin, hair, dotted and dashed
# lines are a sheet's own grid lines, never an answer.
DRAWN_STYLES = frozenset(
    {
        "medium",
        "thick",
        "double",
        "mediumDashed",
        "mediumDashDot",
        "mediumDashDotDot",
        "slantDashDot",
    }
)
_FACING = {"T": ((-1, 0), "B"), "B": ((1, 0), "T"), "L": ((0, -1), "R"), "R": ((0, 1), "L")}


def drawn_sides(grid: object) -> dict[Cell, frozenset[str]]:
    """Grid cell -> the sides (T B L R) on which its sheet shows a drawn line, for the cells
    that show one. A side counts when the cell's own border there or its neighbour's facing
    border is medium or heavier, in any colour: Excel shows a line either cell holds, and its
    border tool sets only one of them (solving sets both). Cells just outside the grid are read
    too, so a line on the grid's frame counts from either side. Empty for a grid without a
    sheet (read from a URL)."""
    sheet = getattr(grid, "source", None)
    if sheet is None:
        return {}
    seen: dict[Cell, object] = {}

    def heavy(r: int, c: int, side: str) -> bool:
        if r < 0 or c < 0:
            return False
        if (r, c) not in seen:
            seen[r, c] = sheet.get_style(r + 1, c + 1, borders=True).borders
        line = seen[r, c].side(side) if seen[r, c] is not None else None  # type: ignore[attr-defined]
        return line is not None and line.style in DRAWN_STYLES

    found: dict[Cell, frozenset[str]] = {}
    for r, c in grid.positions():  # type: ignore[attr-defined]
        sides = frozenset(
            side
            for side, ((dr, dc), other) in _FACING.items()
            if heavy(r, c, side) or heavy(r + dr, c + dc, other)
        )
        if sides:
            found[r, c] = sides
    return found
