"""Creek (クリーク).

Rules: shade some cells. A number on a lattice point (a corner where up to four cells meet)
counts the shaded cells among the cells around it; all unshaded cells form one orthogonally
connected group.

Layout: one lattice point per spreadsheet cell from A1, as hotaru-beam: a grid of R x C cells
has R+1 x C+1 points, and the point at row i, column j is the sheet cell at row i, column j.
The puzzle's cells are the same sheet cells, point and cell sharing one: a clue belongs to the
top-left corner of the sheet cell it is typed in, and counts that cell, the cell left of it and
the two above. So the R x C cells are the sheet cells from A1, and one more row and column
beneath and right of them holds only the clues of the bottom and right border points. A clue
is its number 0-4 (`?` for a clue whose number is not given); other points stay empty. The
sentinel one cell diagonally below-right of the points (at G7 for 5x5 cells). The answer shades
cells with a dark fill (`■` in an empty cell; a cell that holds a clue keeps it on the fill,
and a clue's count still means its corner). Solving by hand, shade with `■` or `#` (or the fill
tool) and mark unshaded cells `・`, `.` or `×`; a cell holding a clue is shaded by its fill
only. The extra row and column are never shaded.

puzz.link: `creek`, 4cell over the points (pflag `d`: the old format, one character a point).
The result record's `shaded` holds the shaded cells.

Model (the deck's): b(r,c) = 1 when cell (r,c) is shaded; for each clue the b of the cells
around its point add up to it (Clue); the cells with b = 0 are connected
(`solver.blocks.cells.connected` on 1 - b, rooted at a cell beside a 0 when there is one: a flow in
the complete form, vertex cuts in the lazy form). The complete form is the default: the
published puzzles the deductions leave open have wide areas of unknown cells, where the flow's
LP bound closes the search and the vertex cuts, added a few at a time, leave it open.

Minimal answers first (`Model.minimal`, `Model.detour`): a cell that no clue counts, shaded
beside an unshaded cell, could be unshaded instead (it joins that cell's group and changes no
count), another answer with one cell fewer shaded. So the search asks for answers where such a
cell is shaded only with its neighbours: b(q) <= b(n) for each neighbour n (Walled); a solvable
puzzle keeps such an answer (unshading them in turn ends at one), and a unique puzzle's answer
is one. The uniqueness proof then also asks whether the answer found has a detour (`detour`):
an unshaded cell that no clue counts whose shading leaves the other unshaded cells connected
(the step back). The rows shorten the search where the deductions leave it to the model, and
the search of the model alone (`--no-deduce`) most.

Deductions (`deduce`): the clues' counts, each two clues on neighbouring points together
(`shade_logic.overlapping`), and the connection of the unshaded cells on
`solver.deduce.shade_logic`'s board whose shaded cells may touch (a part cut off from the
unshaded cells is shaded, a cut vertex between unshaded cells unshaded; a clue below its number
of cells holds an unshaded cell, so a cut vertex between two such clues is unshaded before any
unshaded cell is known), then probing (within `probe_work`, or `probe_passes` passes over a
larger grid: a probe looks at the whole grid's connection, so its cost grows with the grid, and
the 30x45 published puzzles that probing decides whole need two passes and more; a cell is
probed again only once a cell within `probe_radius` steps of it was decided, which halves
probing's work on the published set and leaves it deciding about as much), then a SAT solver
over the cells left (`learned`: CaDiCaL through `solver.deduce.sat`, within the Tuning's
`sat_work`; the clues as sums, the unshaded cells connected); they decide every published puzzle
whole, and then no solver runs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pulp

from solver.blocks.cells import check_connected, connected, shade_vars, shaded_record
from solver.blocks.geometry import Cell, CellPuzzle, neighbours
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat, shade_logic
from solver.deduce.cuts import cut_vertices
from solver.deduce.shade_logic import UNSHADED, Board, exactly, overlap, shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.puzzlink import UNKNOWN
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
# a clue taken out of the puzzle (Genre.givens) leaves a clue whose number is not given
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # per lattice point: 0-4, UNKNOWN or None

    def size(self) -> tuple[int, int]:
        """The grid of cells: one row and column fewer than the points."""
        return self.rows - 1, self.cols - 1

    def squares(self) -> list[Cell]:
        rows, cols = self.size()
        return [(r, c) for r in range(rows) for c in range(cols)]

    def clues(self) -> dict[Cell, int]:
        return {point: v for point, v in self.givens().items() if isinstance(v, int)}

    def around(self, point: Cell) -> list[Cell]:
        """The (up to 4) cells that meet at a point."""
        rows, cols = self.size()
        i, j = point
        near = ((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j))
        return [(r, c) for r, c in near if 0 <= r < rows and 0 <= c < cols]

    def uncounted(self) -> list[Cell]:
        """The cells that no clue counts (a clue whose number is not given counts none)."""
        counted = {q for point in self.clues() for q in self.around(point)}
        return [q for q in self.squares() if q not in counted]


Answer = frozenset[Cell]  # the shaded cells


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise InputError(
            grid.sheet,
            f"the points of at least one cell are 2 x 2 sheet cells, found {grid.rows} x "
            f"{grid.cols} (check the sentinel's place)",
        )

    def point(i: int, j: int) -> int | str | None:
        v = grid[i, j]
        if v is None or is_mark(v, SHADING_MARKS):
            return None
        if isinstance(v, str) and v.strip() == UNKNOWN:
            return UNKNOWN
        if isinstance(v, int) and 0 <= v <= 4:
            cells = (min(i, grid.rows - 2) - max(i - 1, 0) + 1) * (
                min(j, grid.cols - 2) - max(j - 1, 0) + 1
            )
            if v > cells:
                raise grid.error(
                    i, j, f"the point of this cell touches {cells} cells, found the clue {v}"
                )
            return v
        raise grid.error(
            i, j, f"a point holds a clue 0-4, ? (a clue not given) or nothing; found {quote(v)}"
        )

    cells = tuple(tuple(point(i, j) for j in range(grid.cols)) for i in range(grid.rows))
    if all(v is None for row in cells for v in row):
        raise InputError(grid.sheet, "no clue: type the numbers 0-4 on the lattice points")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("creek")
    rows, cols = p.size()
    b = shade_vars(prob, rows, cols, "b")
    for point, n in sorted(p.clues().items()):
        prob += pulp.lpSum(b[q] for q in p.around(point)) == n, cname("Clue", point)
    zeros = sorted(q for point, n in p.clues().items() if n == 0 for q in p.around(point))
    white = {q: 1 - v for q, v in b.items()}
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(connected(prob, white, lazy, root=zeros[0] if zeros else None, prefix="w"))
    m.minimal = [
        (b[q] - b[n] <= 0, cname("Walled", q, n))
        for q in p.uncounted()
        for n in neighbours(rows, cols, *q)
    ]
    m.detour = lambda shaded: detour(p, shaded)
    return m


def detour(p: Puzzle, shaded: Answer) -> Answer | None:
    """Another answer with one cell more shaded: an unshaded cell that no clue counts whose
    shading leaves the other unshaded cells connected (no cells left count as connected);
    None when there is none (see `model`)."""
    rows, cols = p.size()
    unshaded = [q for q in p.squares() if q not in shaded]
    if not unshaded:
        return None
    index = {q: k for k, q in enumerate(unshaded)}
    near = [[index[n] for n in neighbours(rows, cols, *q) if n in index] for q in unshaded]
    order = [-1] * len(unshaded)
    _, cuts = cut_vertices(near, order, 0, lambda k: True)
    # the search's start parts its subtrees only where it has two or more
    parts = Counter(k for k, _, _ in cuts)
    parting = {unshaded[k] for k, times in parts.items() if k != 0 or times > 1}
    for q in p.uncounted():
        if q in index and q not in parting:
            return shaded | {q}
    return None


def deduction_board(p: Puzzle) -> Board:
    """The rules on a board of shaded and unshaded cells (`solver.deduce.shade_logic`): each
    clue's cells hold its number of shaded ones, two clues on neighbouring points count the
    cells they share alike (`overlapping`: what one's other cells must hold bounds what the
    shared ones may), and the unshaded cells are connected (shaded cells may touch)."""
    rows, cols = p.size()
    board = Board(rows, cols, apart=False, connected=True)
    clues = sorted(p.clues().items())
    for point, n in clues:
        cells = [r * cols + c for r, c in p.around(point)]
        board.rule(exactly, (n, cells), cells)
        if n < len(cells):
            board.need(cells)
    given = dict(clues)
    for (i, j), a in clues:  # each pair of clues on neighbouring points, once
        for other in ((i, j + 1), (i + 1, j - 1), (i + 1, j), (i + 1, j + 1)):
            if other in given:
                mine = {r * cols + c for r, c in p.around((i, j))}
                theirs = {r * cols + c for r, c in p.around(other)}
                overlap(board, a, mine, given[other], theirs)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown cell tried both ways
    (probing), then a SAT solver over the cells left (`learned`), which decides the grid
    whole where it finds exactly one answer."""
    rows, cols = p.size()
    known = shade_logic.deduce_tuned(lambda: deduction_board(p), rows, cols, tuning)
    if known is not None and (tuning.sat_work or tuning.learn_work):
        known = learned(p, known, tuning.learn_work, tuning.sat_work)
    return shading_deductions(known, rows, cols)


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int, sat_work: int = 0
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and not (`known`, what the rules and probing decided) with the rest
    decided by a search that learns from its conflicts (`shade_logic.learned`: the SAT
    solver's within `sat_work` where given, else the learning search's within `work`): each clue's
    count, the unshaded cells connected. Where the search ends with one answer, that is the
    only one and decides every cell; with none, the puzzle has none (None); otherwise (two
    answers, or its work spent) `known` as it was."""
    rows, cols = p.size()
    counts = [(n, p.around(point)) for point, n in sorted(p.clues().items())]
    return shade_logic.learned(
        rows, cols, known, work, counts=counts, joined=UNSHADED, sat_work=sat_work
    )


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[Violation]:
    """Each clue counts the shaded cells around its point; the unshaded cells are one group.
    A clue is named by the sheet cell it is typed in; its problem names that cell and the
    cells around its point."""
    shaded = shaded & set(p.squares())
    problems = []
    for point, n in sorted(p.clues().items()):
        near = p.around(point)
        got = sum(q in shaded for q in near)
        if got != n:
            problems.append(
                Violation(
                    f"the {n} at {cell_name(point)} has {got} shaded cells around it",
                    [point, *near],
                )
            )
    return problems + check_connected(set(p.squares()) - shaded, "the unshaded cells")


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """Cells shaded (`■`, `#` or a dark fill) and marked unshaded; the row and column of
    border points beyond the cells fix nothing."""
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a shaded cell that holds a clue keeps it: only the fill shows the answer


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(sorted(shaded))


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`creek`: 4cell over the (rows+1) x (cols+1) points, row by row (`.` a clue whose number
    is not given); with pflag `d` the old format, one character per point, `0-4` a clue, any
    other character none."""
    count = (url.rows + 1) * (url.cols + 1)
    if "d" in url.flags:
        values: list[int | str | None] = [int(ch) if ch in "01234" else None for ch in url.body]
        puzzlink.end(url.body[count:])
        values = (values + [None] * count)[:count]
    else:
        values, rest = puzzlink.decode_4cell(url.body, count)
        puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows(values, url.cols + 1))


def to_url(p: Puzzle) -> str:
    rows, cols = p.size()
    body = puzzlink.encode_4cell(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("creek", cols, rows, body)


GENRE = define(
    __name__,
    slug="creek",
    ja="クリーク",
    pzpr_ids=("creek",),
    tuning=Tuning(
        probe_work=1_000_000,
        probe_passes=10,
        probe_idle=0.5,
        probe_radius=3,
        sat_work=sat.AFTER_PROBING,
    ),
)
