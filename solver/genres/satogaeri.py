"""Satogaeri (さとがえり, "going home").

Rules: the grid is divided into rooms and holds circles, some with a number. Each circle moves
in a straight line (up, down, left or right) exactly as many cells as its number says (a circle
without number any distance, staying put included; a 0 stays). The paths of two circles never
share a cell, and no path passes over or stops on another circle's cell. Afterwards every room
holds exactly one circle.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`), as for
heyawake.

- thick borders: draw the room walls with Excel's border tool (medium or thick lines); a circle
  is its number (`2`, or `○2`), a circle without number `?` (or `○` alone, `○?`); other cells
  stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `AA` ...), and a circle goes with the
  label of its cell: `A2`, `2A`, `A○2`, `A?`, `A○`.

    thick borders:        labels:
    ┏━━━━━┳━━━━━━━┓
    ┃ 2   ┃       ┃       A2 A  B  B
    ┣━━━━━┫       ┃       C  C  B  B
    ┃ 1   ┃     ? ┃       C1 C  B  B?
    ┗━━━━━┻━━━━━━━┛

The answer draws each move as a line from the circle to where it arrives: `─` or `│` in the
cells it passes and `●` (the circle, arrived) in the cell where it ends; the circle's own cell
keeps its text, the line drawn out of it as far as a number format can (sideways only). A circle
that stays shows nothing. On a labelled sheet every cell keeps its label and shows its mark
after it through the number format (`B│`, `C●`). Solving by hand, type the same: on a bordered
sheet `─`/`-` or `│`/`|` in each cell a move passes and `●` where it ends (`×` or `・`: no
path here); on a labelled sheet the mark after the label (`B|`, `C●`). A circle's cell needs
no mark.

puzz.link: `satogaeri` (also `sato`): the border codec, then number16 over the cells (`.`, a
circle without number).

Model: the deck's set partitioning (`solver.blocks.placements`): the candidates of a circle are its
straight moves, each the cells it covers from its start to its end; a move that leaves the grid
or passes another circle's cell is not a candidate. y(k,i) = 1 when circle k makes its move i;
each circle makes one (Choose(k)). Cover(r,c): each cell is on at most one chosen path (a
circle's own start is on each of its moves, so no other path passes it). Room(k): exactly one
chosen move ends in room k. x: h(r,c) / v(r,c) = 1 when a move runs from (r,c) to its right /
lower neighbour, the sum of the moves using that edge (Line(...)); o(r,c) = 1 when a move ends
in cell (r,c) (End(r,c)); these are what the sheet shows, for Check. Before the model is built,
a circle that has no move at all, or a room that no move can end in, is named as bad input.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pulp

from solver.blocks.geometry import OPPOSITE, STEPS, Cell, step
from solver.blocks.lines import arms, line_segments, lines_record
from solver.blocks.names import cell_name, quote
from solver.blocks.placements import choose, cover
from solver.blocks.rooms import Rooms
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import (
    LINE_MARKS,
    draw,
    glyph,
    read_arms,
    read_segments,
    report,
    within,
)
from solver.io.givens import Given
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, var

Segment = tuple[Cell, Cell]
Answer = frozenset[Segment]  # the unit segments of the moves, lower cell first
END = "●"  # where a circle arrives
ANSWER_MARKS = LINE_MARKS | {END}
UNKNOWN = puzzlink.UNKNOWN

_MARK = "─│┌┐└┘┼╴╶╵╷●×・|-"  # an answer mark typed after a given's text (`B│`, `A2╶`)
_CIRCLE = re.compile(
    r"^(?P<l1>[^\W\d_]+)?\s*(?P<circle>[○◯]?\s*(?:\d+|\?)|[○◯])?\s*(?P<l2>[^\W\d_]+)?"
    rf"\s*(?P<mark>[{re.escape(_MARK)}])?$"
)
_SUFFIX = re.compile(r'^(?:@|0|General)\s*"\s*(?P<mark>[^"]+?)\s*"$')  # a mark's number format


@dataclass(frozen=True)
class Puzzle:
    rooms: Rooms
    circles: tuple[tuple[Cell, int | None], ...]  # each circle's cell and number (None: any)

    @property
    def rows(self) -> int:
        return self.rooms.rows

    @property
    def cols(self) -> int:
        return self.rooms.cols

    def positions(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def starts(self) -> dict[Cell, int | None]:
        return dict(self.circles)

    def room_name(self, k: int) -> str:
        if self.rooms.labels:
            return f"room {quote(self.rooms.labels[k])}"
        return f"room at {cell_name(self.rooms.cells(k)[0])}"


def _read_cell(grid: Grid, r: int, c: int) -> tuple[str | None, bool, int | None]:
    """A cell's room label (or None), whether it holds a circle, and the circle's number."""
    v = grid[r, c]
    if v is None:
        return None, False, None
    if isinstance(v, int):
        if v < 0:
            raise grid.error(r, c, f"a circle moves 0 cells or more, found {quote(v)}")
        return None, True, v
    m = _CIRCLE.match(str(v).strip())
    if m is None or (m["l1"] and m["l2"]):
        raise grid.error(
            r,
            c,
            "expected a circle (its number, e.g. 2 or ○2; ? or ○ without number), with its "
            f"room's label when the rooms are labelled (A2, A?), found {quote(v)}",
        )
    label = m["l1"] or m["l2"]
    circle = m["circle"]
    if circle is None:
        return label, False, None
    digits = re.sub(r"\D", "", circle)
    if len(digits) > 6:  # no grid is that long (and int() refuses thousands of digits)
        raise grid.error(r, c, f"a circle's number is its move in cells, found {quote(v)}")
    return label, True, int(digits) if digits else None


def parse(grid: Grid) -> Puzzle:
    labels: list[list[Value]] = [[None] * grid.cols for _ in range(grid.rows)]
    circles: dict[Cell, int | None] = {}
    for r, c in grid.positions():
        label, is_circle, n = _read_cell(grid, r, c)
        labels[r][c] = label
        if is_circle:
            circles[r, c] = n
    if not circles:
        raise grid.error(0, 0, "no circles found: type each circle's number (or ?) in its cell")
    rooms, _ = grid_rooms(Grid(grid.sheet, labels, grid.source, grid.origin), False, False)
    p = Puzzle(rooms, tuple(sorted(circles.items())))
    for (r, c), n in p.circles:
        if not moves_of(p, (r, c)):
            raise grid.error(
                r, c, f"the circle {quote(grid[r, c])} cannot move {n} cells in any direction"
            )
    ends = {path[-1] for cell, _ in p.circles for path in moves_of(p, cell)}
    for k in range(len(rooms)):
        if not ends & set(rooms.cells(k)):
            r, c = rooms.cells(k)[0]
            raise grid.error(r, c, f"no circle can end its move in the {p.room_name(k)}")
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The circles in their cells; the rooms are drawn as borders
    (`solver.io.rooms_sheet.write_rooms`)."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), n in p.circles:
        cells[r][c] = UNKNOWN if n is None else n
    return cells


def moves_of(p: Puzzle, start: Cell) -> list[tuple[Cell, ...]]:
    """The candidates of the circle at `start`: each straight move as the cells it covers, from
    its start to its end; none leaves the grid or passes another circle."""
    n = p.starts()[start]
    others = set(p.starts()) - {start}
    found: list[tuple[Cell, ...]] = []
    if not n:  # 0 stays; a circle without number may stay
        found.append((start,))
    if n == 0:
        return found
    for d in STEPS:
        path = [start]
        while n is None or len(path) <= n:
            nxt = step(path[-1], d)
            if not (0 <= nxt[0] < p.rows and 0 <= nxt[1] < p.cols) or nxt in others:
                break
            path.append(nxt)
            if n is None or len(path) == n + 1:
                found.append(tuple(path))
    return found


def _segments(path: tuple[Cell, ...]) -> list[Segment]:
    return [(min(a, b), max(a, b)) for a, b in pairwise(path)]


def model(p: Puzzle) -> Model:
    prob = new_problem("satogaeri")
    candidates = {start: moves_of(p, start) for start, _ in p.circles}
    y = choose(prob, candidates)
    cover(prob, candidates, y, p.positions(), at_most_once=True)
    ending: dict[int, list[pulp.LpVariable]] = defaultdict(list)
    at_end: dict[Cell, list[pulp.LpVariable]] = defaultdict(list)
    using: dict[Segment, list[pulp.LpVariable]] = defaultdict(list)
    for k, options in candidates.items():
        for i, path in enumerate(options):
            ending[p.rooms.room_of(path[-1])].append(y[k, i])
            at_end[path[-1]].append(y[k, i])
            for seg in _segments(path):
                using[seg].append(y[k, i])
    for k in range(len(p.rooms)):
        prob += pulp.lpSum(ending[k]) == 1, f"Room({k + 1})"
    x: dict[Segment, pulp.LpVariable] = {}
    for (a, b), ys in sorted(using.items()):
        x[a, b] = var(prob, "h" if a[0] == b[0] else "v", a[0] + 1, a[1] + 1)
        prob += x[a, b] == pulp.lpSum(ys), cname("Line", a, b)
    o: dict[Cell, pulp.LpVariable] = {}
    for cell, ys in sorted(at_end.items()):
        o[cell] = var(prob, "o", cell[0] + 1, cell[1] + 1)
        prob += o[cell] == pulp.lpSum(ys), cname("End", cell)
    # the answer is its lines (decode reads them; they decide the moves), and the moves
    return Model(prob, [*x.values(), *y.values()], {"y": y, "x": x, "o": o})


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(line_segments(m["x"]))


def walk(p: Puzzle, segments: Answer) -> tuple[dict[Cell, list[Cell]], list[Violation]]:
    """Each circle's path (its cells from start to end) as the segments draw it, following the
    line straight from the circle, and what is wrong with the drawing on the way."""
    sides = arms(segments)
    starts = p.starts()
    paths: dict[Cell, list[Cell]] = {}
    problems: list[Violation] = []
    for start, _ in p.circles:
        out = sides.get(start, frozenset())
        path = [start]
        if len(out) > 1:
            problems.append(
                Violation(
                    f"the circle at {cell_name(start)} moves in {len(out)} directions", [start]
                )
            )
        if len(out) == 1:
            (d,) = out
            here = start
            while True:
                here = step(here, d)
                if not (0 <= here[0] < p.rows and 0 <= here[1] < p.cols):
                    break
                path.append(here)
                if here in starts:
                    problems.append(
                        Violation(
                            f"the move from {cell_name(start)} runs into the circle at "
                            f"{cell_name(here)}",
                            [start, here],
                        )
                    )
                    break
                there = sides.get(here, frozenset())
                if there - {d, OPPOSITE[d]}:
                    problems.append(
                        Violation(
                            f"the move from {cell_name(start)} turns at {cell_name(here)}", [here]
                        )
                    )
                if d not in there:
                    break
        paths[start] = path
    return paths, problems


def moves(p: Puzzle, segments: Answer) -> dict[Cell, Cell]:
    """Each circle's start -> where it ends, as the segments draw it."""
    paths, _ = walk(p, segments)
    return {start: path[-1] for start, path in paths.items()}


def verify(p: Puzzle, segments: Answer) -> list[str]:
    inside = {(r, c) for r in range(p.rows) for c in range(p.cols)}
    segments = frozenset(s for s in segments if s[0] in inside and s[1] in inside)
    paths, problems = walk(p, segments)
    starts = p.starts()
    owner: dict[Cell, Cell] = {}
    for start, path in paths.items():
        n, moved = starts[start], len(path) - 1
        if n is not None and moved != n:
            problems.append(
                Violation(
                    f"the circle at {cell_name(start)} moves {moved} cell{'s' * (moved != 1)}, "
                    f"its number says {n}",
                    path,
                )
            )
        for cell in path:
            if cell in owner and owner[cell] != start:
                problems.append(
                    Violation(
                        f"the moves from {cell_name(owner[cell])} and {cell_name(start)} meet at "
                        f"{cell_name(cell)}",
                        [cell],
                    )
                )
            owner.setdefault(cell, start)
    walked = {seg for path in paths.values() for seg in _segments(tuple(path))}
    stray = sorted(segments - walked)
    if stray:
        cells = sorted({cell for seg in stray for cell in seg})
        problems.append(
            Violation(f"a line at {cell_name(cells[0])} belongs to no circle's move", cells)
        )
    ends: dict[int, list[Cell]] = defaultdict(list)
    for path in paths.values():
        ends[p.rooms.room_of(path[-1])].append(path[-1])
    for k in range(len(p.rooms)):
        count = len(ends[k])
        if count != 1:
            problems.append(
                Violation(
                    f"{p.room_name(k)} ends with {count} circle{'s' * (count != 1)}, it needs 1",
                    ends[k] or p.rooms.cells(k),
                )
            )
    return problems


def _labelled(p: Puzzle) -> bool:
    return bool(p.rooms.labels)


def render(p: Puzzle, segments: Answer) -> list[CellWrite]:
    """Bordered: glyphs in the empty cells a move passes, `●` where it ends, the line drawn
    up to a circle's text. Labelled: each cell keeps its label and shows its mark after it
    through the number format (`B│`, `C●`); on both, a circle's cell keeps its text, the
    line drawn from it as far as its number format can (`solver.io.sheet.answer.line_format`)."""
    ends = {end for start, end in moves(p, segments).items() if end != start}
    starts = set(p.starts())
    if _labelled(p):
        sides = arms(segments)
        marks = {cell: glyph(s) for cell, s in sides.items() if cell not in starts}
        marks |= dict.fromkeys(ends, END)
        return sorted(
            [CellWrite(r, c, None, number_format=f'@"{g}"') for (r, c), g in marks.items()]
            + [
                CellWrite(r, c, None, through="".join(sorted(sides[r, c])))
                for r, c in starts & set(sides)
            ],
            key=lambda w: (w.row, w.col),
        )
    return [
        CellWrite(w.row, w.col, END) if (w.row, w.col) in ends else w
        for w in draw(segments, starts)
    ]


def record(p: Puzzle, segments: Answer) -> dict[str, Any]:
    found = moves(p, segments)
    return lines_record(segments) | {
        "moves": [[*start, *end] for start, end in sorted(found.items())],
        "regions": [list(row) for row in p.rooms.ids],
    }


def shown_mark(grid: Grid, cell: Cell) -> str | None:
    """The answer mark a cell shows: its value (a glyph, `●`, `×`), a mark typed after a
    given's text (`B│`), or one its number format shows after the text (`@"│"`); None."""
    v = grid[cell]
    if v is None:
        return None
    text = str(v).strip()
    if text in ANSWER_MARKS:
        return text
    m = _CIRCLE.match(text)
    if m is not None and m["mark"]:
        return m["mark"]
    sheet = grid.source
    if sheet is not None:
        fmt = sheet.get_style(cell[0] + grid.origin[0] + 1, cell[1] + grid.origin[1] + 1)
        found = _SUFFIX.match(fmt.number_format or "")
        if found and found["mark"] in ANSWER_MARKS:
            return found["mark"]
    return None


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer: empty, or a label without a mark after it. A circle's
    cell is never blank: it needs no mark (the line from it shows in its neighbour)."""
    if shown_mark(grid, cell) is not None:
        return False
    v = grid[cell]
    if isinstance(v, int):
        return False
    found = _CIRCLE.match(str(v).strip()) if v is not None else None
    return found is None or found["circle"] is None


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The lines the cells show (glyphs as `solver.io.drawn_lines.read_arms` reads them, in a
    cell or after its text), read strictly (`solver.io.drawn_lines.read_segments`), and the `●`
    where a circle ends (one where no circle can end is named). Sides a glyph does not use read
    as no line. A segment between two cells that can show no line of it (a circle's text and a
    `●` on a bordered sheet) is None: Check takes it from the nearest answer."""
    x, o = m["x"], m["o"]
    marks = {cell: mark for cell in grid.positions() if (mark := shown_mark(grid, cell))}
    ended = {cell for cell, mark in marks.items() if mark == END}
    mute = ended | set(p.starts())
    shown = {cell: sides for cell, mark in marks.items() if (sides := read_arms(mark)) is not None}
    unseen = [(a, b) for a, b in x if a in mute and b in mute]
    entries = read_segments(shown, x, within(p.rows, p.cols), p.starts(), unseen)
    for cell in ended:
        if cell in o:
            entries[o[cell]] = 1
    nowhere = sorted(cell for cell in ended if cell not in o)
    report([Violation(f"{cell_name(c)} shows {END}, where no circle ends", [c]) for c in nowhere])
    return entries


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, url.rows * url.cols)
    puzzlink.end(rest)
    circles = []
    for k, v in enumerate(values):
        if v is not None:
            circles.append((divmod(k, url.cols), None if v == UNKNOWN else int(v)))
    if not circles:
        raise puzzlink.UrlError("satogaeri: the URL has no circles")
    return Puzzle(rooms, tuple(sorted(circles)))


def to_url(p: Puzzle) -> str:
    at = {cell: UNKNOWN if n is None else n for cell, n in p.circles}
    values = [at.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(values)
    return puzzlink.url_text("satogaeri", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The circles' numbers, for the conflict search: taken out, a circle moves any distance
    (`?`, after its room's label on a labelled sheet); the circles and rooms are the puzzle's
    own."""
    found = []
    for (r, c), n in p.circles:
        if n is not None:
            label = _read_cell(grid, r, c)[0]
            found.append(Given((r, c), str(n), (label or "") + UNKNOWN))
    return found


GENRE = define(
    __name__, slug="satogaeri", ja="さとがえり", pzpr_ids=("satogaeri",), prove_by_search=True
)
