"""Archipelago (アーキペラゴ, puzzlepicnic).

Rules: join the islands with bridges. A bridge is a straight horizontal or vertical line of sea
cells that runs from an island to an island; bridges never cross. Every sea cell that a bridge
can cross carries exactly one bridge, and from any island every other island can be reached over
the bridges. As in the seed, a sea cell that no bridge can cross (its row and its column of sea
cells both run into the grid's edge) stays open water.

Layout: one puzzle cell per spreadsheet cell from A1. Type a label into every island cell: a
number or a letter (up to 3 letters or digits, e.g. 1, 12, A, B2). All cells with the same label
form one island, whatever their shape: in Excel neighbouring islands touch, so the labels, not
adjacency, say which cells belong together (the seed's own table has islands of two diagonal
cells). Leave sea cells empty. The sentinel one cell diagonally below-right of the grid. The
answer puts `│` into vertical bridge cells and `─` into horizontal ones. Solving by hand, type
`│` or `|`, `─` or `-`, and `×`, `・` or `.` for a sea cell that carries no bridge.

Model (the seed's): V(I,J), H(I,J) = 1 when sea cell (I,J) carries a vertical / horizontal bridge;
V + H = 1 on a sea cell a bridge can cross, 0 on open water. A V cell's upper neighbour is a V
cell or an island cell (at the grid's edge: V = 0), likewise below; H cells left and right the
same. So a straight run of sea cells is all bridge or no bridge, and it can only be bridge when
it ends at islands on both sides. Islands, numbered K = 1..Ni in the order of their labels, are
joined by an edge for every pair that some run of sea cells links; the edge is used when one of
those runs is a bridge. `solver.blocks.connectivity.connect` then connects all islands through used
edges: arcs arc(K,KK) into the last island Ni and ordering labels N(K), as in the seed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import pulp

from solver.blocks.connectivity import connect
from solver.blocks.geometry import Cell, CellPuzzle, components, inside
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.drawn_lines import NO_LINE, one_sided, report, within
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cell_vars, cname, new_problem, value

# The sample (workbooks/archipelago.xlsx, tests/data/archipelago.json) is a 9x9 grid of our own,
# found by a computer search. The seed's text has no picture of its puzzle, only a schematic table
# of island numbers (7 rows x 6 columns; its row labels ⋮ and column label ... suggest a larger
# grid cut down) and a table of the islands each island can reach up/down/left/right; typed
# literally the schematic has no answer (island 10 only touches 9 and reaches no island over sea).
# The sample's ten islands lie roughly where the schematic puts them and reach exactly the islands
# of the seed's table in the same directions (plus 9 <- 8, which the table lists only from 8's
# side); every sea cell can be bridged, and it has exactly one answer, which needs the
# all-connected rule (without it there are 4).

Label = int | str
VERTICAL, HORIZONTAL = "│", "─"
TYPED = {VERTICAL: "V", "|": "V", HORIZONTAL: "H", "-": "H"}  # what a person types
ANSWER_MARKS = frozenset(TYPED) | NO_LINE


@dataclass(frozen=True)
class Run:
    """A maximal straight line of sea cells; ends are the labels of the island cells beyond its
    two ends (None where the run meets the grid's edge)."""

    vertical: bool
    cells: tuple[Cell, ...]
    ends: tuple[Label | None, Label | None]

    @property
    def bridgeable(self) -> bool:
        return None not in self.ends


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Label | None, ...], ...]  # island labels; None for sea

    def islands(self) -> list[Label]:
        """The labels in island order K = 1..Ni: numbers by value, then the rest by text."""
        found = {v for row in self.cells for v in row if v is not None}
        return sorted(found, key=lambda v: (0, v, "") if isinstance(v, int) else (1, 0, v))

    def sea(self) -> list[Cell]:
        cells = ((r, c) for r in range(self.rows) for c in range(self.cols))
        return [(r, c) for r, c in cells if self.cells[r][c] is None]

    def label(self, r: int, c: int) -> Label | None:
        """The island label at (r, c); None for sea and outside the grid."""
        return self.cells[r][c] if inside(self.rows, self.cols, r, c) else None

    def runs(self) -> list[Run]:
        found, sea = [], set(self.sea())
        for vertical, (dr, dc) in ((True, (1, 0)), (False, (0, 1))):
            for r, c in sorted(sea):
                if (r - dr, c - dc) in sea:
                    continue  # not the first cell of its run
                cells = []
                rr, cc = r, c
                while (rr, cc) in sea:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                ends = (self.label(r - dr, c - dc), self.label(rr, cc))
                found.append(Run(vertical, tuple(cells), ends))
        return found


Answer = tuple[tuple[str | None, ...], ...]  # 'V' or 'H' per bridge cell, None elsewhere


def parse(grid: Grid) -> Puzzle:
    def label(r: int, c: int) -> Label | None:
        v = grid[r, c]
        if v is None or (isinstance(v, int) and 0 <= v <= 999):
            return v
        if isinstance(v, str) and len(v) <= 3 and v.isalnum():
            return v
        raise grid.error(
            r, c, f"an island is labelled with a number or a letter (up to 3), found {quote(v)}"
        )

    cells = tuple(tuple(label(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if all(v is None for row in cells for v in row):
        raise InputError(grid.sheet, "no islands: type a label (1, 2, A...) into every island cell")
    return Puzzle(cells)


def model(p: Puzzle) -> Model:
    prob = new_problem("archipelago")
    sea = p.sea()
    v, h = cell_vars(prob, "V", sea), cell_vars(prob, "H", sea)
    runs = p.runs()
    bridgeable = {cell for run in runs if run.bridgeable for cell in run.cells}
    for r, c in sea:
        prob += v[r, c] + h[r, c] == int((r, c) in bridgeable), cname("Cell", (r, c))
        for x, side, (dr, dc) in (
            (v, "Up", (-1, 0)),
            (v, "Down", (1, 0)),
            (h, "Left", (0, -1)),
            (h, "Right", (0, 1)),
        ):
            q = (r + dr, c + dc)
            if not inside(p.rows, p.cols, *q):
                prob += x[r, c] == 0, cname(f"{side}Edge", (r, c))
            elif q in x:
                prob += x[r, c] <= x[q], cname(side, (r, c))

    number = {lab: k for k, lab in enumerate(p.islands(), start=1)}
    bridges = defaultdict(list)
    for run in runs:
        if run.bridgeable and run.ends[0] != run.ends[1]:
            a, b = sorted(number[e] for e in run.ends)
            bridges[a, b].append((v if run.vertical else h)[run.cells[0]])
    connect(prob, list(number.values()), {ab: pulp.lpSum(xs) for ab, xs in bridges.items()})
    return Model(prob, [*v.values(), *h.values()], {"V": v, "H": h})


def decode(p: Puzzle, m: Model) -> Answer:
    def bridge(r: int, c: int) -> str | None:
        if (r, c) not in m["V"]:
            return None
        return "V" if value(m["V"][r, c]) else "H" if value(m["H"][r, c]) else None

    return tuple(tuple(bridge(r, c) for c in range(p.cols)) for r in range(p.rows))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Bridges only on sea, one on every sea cell a bridge can cross, each bridge ending at
    islands on both sides, and all islands joined (the smaller groups' islands are named)."""
    problems = []
    bridgeable = {cell for run in p.runs() if run.bridgeable for cell in run.cells}
    for r in range(p.rows):
        for c in range(p.cols):
            x, where = a[r][c], cell_name((r, c))
            if p.cells[r][c] is not None and x is not None:
                problems.append(Violation(f"island cell {where} carries a bridge", [(r, c)]))
            elif x not in ("V", "H", None):
                problems.append(
                    Violation(f"sea cell {where} holds {x!r}, not one bridge", [(r, c)])
                )
            elif x is None and (r, c) in bridgeable:
                problems.append(Violation(f"sea cell {where} carries no bridge", [(r, c)]))
    bridges = {(r, c): x for r, row in enumerate(a) for c, x in enumerate(row) if x}
    joined: list[tuple[Label, Label]] = []
    for kind, (dr, dc) in (("V", (1, 0)), ("H", (0, 1))):
        for r, c in sorted(bridges):
            if bridges[r, c] != kind or bridges.get((r - dr, c - dc)) == kind:
                continue  # not the first cell of a bridge
            cells, (rr, cc) = [], (r, c)
            while bridges.get((rr, cc)) == kind:
                cells.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            ends = (p.label(r - dr, c - dc), p.label(rr, cc))
            if None in ends:
                what = "vertical" if kind == "V" else "horizontal"
                problems.append(
                    Violation(
                        f"{what} bridge {span(cells)} does not end at islands on both sides",
                        cells,
                    )
                )
            else:
                joined.append(ends)
    groups = sorted(components(p.islands(), joined), key=len, reverse=True)
    if len(groups) > 1:
        cut_off = set().union(*groups[1:])
        problems.append(
            Violation(
                f"the islands fall into {len(groups)} groups that no bridges join",
                [(r, c) for r, c in p.positions() if p.cells[r][c] in cut_off],
            )
        )
    return problems


def span(cells: list[Cell]) -> str:
    """Where a bridge lies: 'at A2', or 'from A3 to A5'."""
    if len(cells) == 1:
        return f"at {cell_name(cells[0])}"
    return f"from {cell_name(cells[0])} to {cell_name(cells[-1])}"


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The sea cells' bridges as typed: `│` `|` vertical, `─` `-` horizontal, `×` `・` `.`
    none. The glyphs are held to each other as `solver.io.drawn_lines.one_sided` holds them: a
    bridge that runs off the grid or into a sea cell that does not show it back is named."""
    entries: dict[pulp.LpVariable, int | None] = {}
    shown: dict[Cell, frozenset[str]] = {}
    for r, c in p.sea():
        v = grid[r, c]
        text = v.strip() if isinstance(v, str) else None
        if text in TYPED or text in NO_LINE:
            kind = TYPED.get(text)
            entries[m["V"][r, c]] = int(kind == "V")
            entries[m["H"][r, c]] = int(kind == "H")
            shown[r, c] = frozenset({"V": "UD", "H": "LR"}.get(kind, ""))  # type: ignore[arg-type]
    report(one_sided(shown, within(p.rows, p.cols), line="bridge"), shown)
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    glyph = {"V": VERTICAL, "H": HORIZONTAL}
    return [
        CellWrite(r, c, glyph[a[r][c]])
        for r in range(p.rows)
        for c in range(p.cols)
        if a[r][c] is not None
    ]


def record(p: Puzzle, a: Answer) -> dict:
    """Every unit segment of every bridge, island to island, centre to centre."""
    lines = set()
    for r in range(p.rows):
        for c in range(p.cols):
            if a[r][c] == "V":
                lines |= {(r - 1, c, r, c, 1), (r, c, r + 1, c, 1)}
            elif a[r][c] == "H":
                lines |= {(r, c - 1, r, c, 1), (r, c, r, c + 1, 1)}
    return {"lines": [list(seg) for seg in sorted(lines)]}


# No givens for the conflict search (Genre.givens): the islands are the puzzle itself: a sea cell
# where an island was must then carry a bridge, which asks for more, not less.
givens = None

GENRE = define(__name__, slug="archipelago", ja="アーキペラゴ", prove_by_search=True)
