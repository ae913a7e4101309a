"""Lines in the sheet: drawn as box-drawing glyphs in the cells, or as medium borders on the
cells' sides, and read back as a person draws them by hand.

Glyphs (`GLYPHS`, `glyph`, `draw`): a cell's glyph shows the sides its line leaves through
(`─ │ ┌ ┐ └ ┘ ┼`, a half `╴ ╶ ╵ ╷` at a line's end); a given cell keeps its value and the line is
drawn up to it (`solver.io.sheet.answer`). Read back (`shown_arms`, `read_lines`,
`read_segments`): the glyphs, ASCII `-` and `|`, and the marks for a cell without a line (`×`,
`・`), as the values of the model's segment variables (`solver.blocks.lines.segment_entries`).

Glyphs are read strictly (`one_sided`): a line between two cells is drawn by both. Every arm of
a glyph must lead into a cell that takes it: a glyph with the arm back (as many lines: a double
bridge meets a double bridge), a given that the line may enter from that side (a pearl, a
number, an island), or a blank cell, which is a line not drawn yet (an answer in progress, or a
glyph erased: `incomplete`, not wrong). An arm off the grid, into a clue the line cannot enter,
over a segment that no answer can use, or into a cell whose glyph has no arm back (or that is
marked as having no line) is a broken rule of its own, naming both cells; the reading reports it
(`report`) to whoever collects (`misdrawn`: `solver.check`), and otherwise reads the segment as
drawn, so that the rest of the answer is checked as the person means it.

Borders (`drawn_sides`): the sides of the cells on which the sheet shows a medium or heavier
line, in any colour (slitherlink's loop, the walls of a division). A side is one line between
two cells, and it shows when either cell holds it (Excel and LibreOffice draw the heavier of
the two): it is read the same from both cells, so a line held by one cell alone is drawn, not
one-sided. Solving sets both cells' sides, a person's border tool often one; erasing a line
takes it off both (Excel's No Border does), and a line erased from one cell only still shows.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

import pulp

from solver.blocks.geometry import OPPOSITE, STEPS, Cell
from solver.blocks.lines import Expr, arms, segment_entries
from solver.blocks.names import cell_name
from solver.blocks.violation import Violation, cells_of
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


def shown_arms(
    grid: object, givens: Collection[Cell] = (), no_line: Collection[str] = NO_LINE
) -> dict[Cell, frozenset[str]]:
    """The cells of a grid (a `solver.io.sheet.Grid`) that show a line glyph, with its arms,
    or a mark in `no_line`, with none. Given cells are left out: the line through them is read
    from their neighbours. no_line: the marks read as "no line here" (yajilin reads `・` as
    "not shaded" instead, and its shaded `■` as no line)."""
    found: dict[Cell, frozenset[str]] = {}
    for cell in grid.positions():  # type: ignore[attr-defined]
        value = grid[cell]  # type: ignore[index]
        if cell in givens or not isinstance(value, str):
            continue
        text = value.strip()
        sides = frozenset() if text in no_line else ARMS.get(text) or TYPED.get(text)
        if sides is not None:
            found[cell] = sides
    return found


def segments_of(
    shown: Mapping[Cell, frozenset[str]],
) -> tuple[set[tuple[Cell, Cell]], set[tuple[Cell, Cell]]]:
    """The centre-to-centre segments the cells' arms draw (lower cell first), and those known
    absent (the sides a shown cell's glyph does not use). A segment one cell draws and the
    other does not show counts as drawn (`one_sided` names it)."""
    drawn: set[tuple[Cell, Cell]] = set()
    absent: set[tuple[Cell, Cell]] = set()
    for (r, c), sides in shown.items():
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
    """A genre's `read_answer` for lines drawn with glyphs between cell centres, read strictly
    (`read_segments`); a segment between two givens shows in no cell (None)."""
    unseen = [(a, b) for a, b in x if a in givens and b in givens]
    size = within(grid.rows, grid.cols)  # type: ignore[attr-defined]
    return read_segments(shown_arms(grid, givens, no_line), x, size, givens, unseen)


def within(rows: int, cols: int) -> Callable[[Cell], bool]:
    """Whether a cell is inside a rows x cols grid from A1 (`one_sided`'s `inside`)."""
    return lambda cell: 0 <= cell[0] < rows and 0 <= cell[1] < cols


def read_segments(
    shown: Mapping[Cell, frozenset[str]],
    x: Mapping[tuple[Cell, Cell], Expr],
    inside: Callable[[Cell], bool],
    givens: Collection[Cell] = (),
    unseen: Iterable[tuple[Cell, Cell]] = (),
) -> dict[pulp.LpVariable, int | None]:
    """The segment variables that the cells' glyphs fix (`shown`: cell -> arms, in sheet
    cells; `segments_of`), and every arm that no line meets from the other side reported
    (`one_sided`): one that leaves the grid (`inside`), one over a segment the model has no
    line for (into a clue in `givens`, or where no answer goes), one into a glyph without the
    arm back. unseen: segments no cell can show (None: check takes them from the nearest
    answer)."""

    def closed(a: Cell, b: Cell) -> str | None:
        v = x.get((a, b) if a < b else (b, a))
        if v is not None and not (isinstance(v, int | float) and v == 0):
            return None
        if b in givens:
            return f"into the clue {cell_name(b)}"
        return f"into {cell_name(b)}, where no line can go"

    report(one_sided(shown, inside, closed), shown)
    drawn, absent = segments_of(shown)
    return segment_entries(x, drawn, absent, unseen)


# --- glyphs that no line meets from the other side ---------------------------------------------

SIDE_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


def one_sided(
    shown: Mapping[Cell, frozenset[str]],
    inside: Callable[[Cell], bool],
    closed: Callable[[Cell, Cell], str | None] = lambda a, b: None,
    lines: Mapping[Cell, int] | None = None,
    line: str = "line",
) -> list[Violation]:
    """Each arm of a shown glyph (`shown`: sheet cell -> the sides its line leaves through; no
    sides for a cell marked as having no line) that does not lead into a cell that takes it,
    as a broken rule naming both cells: an arm off the grid (not `inside`); one that `closed`
    gives a reason against (a clue, a place no line goes: "into the clue B6"); one into a
    shown cell without the arm back, or (`lines`: how many lines a cell's glyph draws, 1 if not
    given, as hashiwokakero's double bridges) with another number of lines back; a glyph
    outside the grid is one problem. A blank cell and a given that the line may enter take any
    arm. line: what the messages call a line."""
    lines = lines or {}
    problems = []
    for a, sides in sorted(shown.items()):
        if sides and not inside(a):
            problems.append(Violation(f"{cell_name(a)} shows a {line} outside the grid", [a]))
            continue
        for side in sorted(sides, key="UDLR".index):
            dr, dc = STEPS[side]
            b = (a[0] + dr, a[1] + dc)
            said = f"{cell_name(a)}'s {line} goes {SIDE_WORDS[side]}"
            if not inside(b):
                problems.append(Violation(f"{said} off the grid", [a]))
            elif (why := closed(a, b)) is not None:
                problems.append(Violation(f"{said} {why}", [a, b]))
            elif b not in shown:
                continue
            elif not shown[b]:
                problems.append(
                    Violation(f"{said} into {cell_name(b)}, which shows no {line}", [a, b])
                )
            elif OPPOSITE[side] not in shown[b]:
                problems.append(
                    Violation(f"{said} into {cell_name(b)}, which has no {line} back", [a, b])
                )
            elif a < b and (n := lines.get(a, 1)) != (k := lines.get(b, 1)):
                drawn = f"{n} {line}" + ("s" if n != 1 else "")
                into = f"into {cell_name(b)}, which draws {k} back"
                problems.append(
                    Violation(f"{cell_name(a)} draws {drawn} {SIDE_WORDS[side]} {into}", [a, b])
                )
    return problems


@dataclass
class Misdrawn:
    """What the readings report while a collector listens (`misdrawn`): the arms that no line
    meets from the other side (`one_sided`); every shown cell's arms (sheet cell -> sides), for
    naming the glyphs that draw a line into a cell a broken rule names; and what the sheet
    shows that the answer as read leaves out (a wall inside a piece: `unplaced`), which is why
    a sheet is wrong when it fits no answer and the answer as read breaks no rule."""

    problems: list[Violation] = field(default_factory=list)
    arms: dict[Cell, frozenset[str]] = field(default_factory=dict)
    unplaced: list[Violation] = field(default_factory=list)

    def drawn_into(self, problem: str) -> str:
        """The problem with the glyphs that draw a line into one of its cells added to its
        cells, where that cell shows no glyph of its own (a given, or a blank cell the line runs
        into): a branch at a pearl is drawn by the glyphs around it."""
        cells = set(cells_of(problem))
        into = {
            a
            for a, sides in self.arms.items()
            for side in sides
            if (b := (a[0] + STEPS[side][0], a[1] + STEPS[side][1])) in cells and b not in self.arms
        }
        return Violation(problem, cells | into) if into - cells else problem


_FOUND: ContextVar[Misdrawn | None] = ContextVar("misdrawn", default=None)


@contextmanager
def misdrawn() -> Iterator[Misdrawn]:
    """Collect what the readings made inside report (`report`). A reading outside reports to
    no one."""
    found = Misdrawn()
    token = _FOUND.set(found)
    try:
        yield found
    finally:
        _FOUND.reset(token)


def report(
    problems: Iterable[Violation] = (),
    shown: Mapping[Cell, frozenset[str]] | None = None,
    unplaced: Iterable[Violation] = (),
) -> None:
    """Hand a reading's one-sided arms (`one_sided`), the arms its cells show (sheet cells) and
    what it read but could not place (`Misdrawn.unplaced`) to the collector (`misdrawn`), if
    one listens."""
    found = _FOUND.get()
    if found is not None:
        found.problems.extend(problems)
        found.arms.update(shown or {})
        found.unplaced.extend(unplaced)


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
