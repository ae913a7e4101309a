"""Gokigen Naname (ごきげんななめ, Slant).

Rules: draw a diagonal in every cell, from its top-left to its bottom-right corner (`╲`) or from
its bottom-left to its top-right corner (`╱`). A number on a lattice point (a corner where up to
four cells meet) counts the diagonals that touch it. The diagonals form no loop.

Layout: one lattice point per spreadsheet cell from A1, as creek: a grid of R x C cells has R+1
x C+1 points, and the point at row i, column j is the sheet cell at row i, column j. The
puzzle's cells are the same sheet cells, point and cell sharing one: a clue belongs to the
top-left corner of the sheet cell it is typed in. So the R x C cells are the sheet cells from
A1, and one more row and column beneath and right of them holds only the clues of the bottom
and right border points. A clue is its number 0-4 (`?` for a clue whose number is not given);
other points stay empty. The sentinel one cell diagonally below-right of the points (at F6 for
4x4 cells). The answer writes each cell's diagonal, `╲` or `╱`; in a cell that holds a clue it
follows the clue through the cell's number format (`2 ╲`), and the clue still means the cell's
top-left corner. Solving by hand, type `\\` (or `╲`, `¥`) and `/` (or `╱`) into the cells; a
cell with a clue takes its diagonal after the number, as text (`2 \\`). The record's
`diagonals` holds the answer, one string a row of `\\` and `/`.

puzz.link: `gokigen`, 4cell over the points (pflag `d`: the old format, one character a point).

Model: s(r,c) = 1 when cell (r,c) holds `╲` (joining the points (r,c) and (r+1,c+1)), 0 for `╱`
(joining (r,c+1) and (r+1,c)). Clue(i,j): the diagonals touching point (i,j) add up to its
number: s of the cells above-left and below-right of it, 1 - s of the cells above-right and
below-left. Diamond(i,j): the four cells around an inner point do not close the smallest loop
around it. No loop: the diagonals, as edges between the points, form a forest
(`solver.blocks.forest.acyclic`: a spanning tree through a root of its own, by a flow, in the
complete form; cycle cuts in the lazy form, the default).

Deductions (`deduce`, on `solver.deduce.shade_logic`'s board, shaded a `╲` and unshaded a `╱`:
`SlantBoard`): each clue counts the diagonals touching its point (`touching`), and no loop
(`SlantBoard.acyclic`: the points joined by the diagonals drawn, as groups; a cell whose one
diagonal would join two points of one group takes the other); then every unknown cell tried
both ways (probing) and a depth-first search (branching on cells beside decided ones), which
decides the grid whole where it finds exactly one answer. They decide most published puzzles
whole, and then no solver runs.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pulp

from solver.blocks.forest import acyclic, cycles
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, shade_logic
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import SHADED, UNSHADED, Board
from solver.genres import define
from solver.io import puzzlink
from solver.io.puzzlink import UNKNOWN
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import Tuning

BACK, FORWARD = "\\", "/"  # the record's spelling of ╲ and ╱
GLYPHS = {BACK: "╲", FORWARD: "╱"}  # what solving writes
SPELLINGS = {
    "\\": BACK,
    "╲": BACK,
    "¥": BACK,
    "＼": BACK,
    "/": FORWARD,
    "╱": FORWARD,
    "／": FORWARD,
}
ANSWER_MARKS = frozenset(SPELLINGS)
# a clue taken out of the puzzle (Genre.givens) leaves a clue whose number is not given
WITHOUT_NUMBER = "?"


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

    def touching(self, point: Cell) -> list[tuple[Cell, str]]:
        """The cells around a point, each with the diagonal that touches it there."""
        rows, cols = self.size()
        i, j = point
        near = (
            ((i - 1, j - 1), BACK),
            ((i - 1, j), FORWARD),
            ((i, j - 1), FORWARD),
            ((i, j), BACK),
        )
        return [((r, c), d) for (r, c), d in near if 0 <= r < rows and 0 <= c < cols]


Answer = dict[Cell, str]  # each cell's diagonal, BACK or FORWARD


def ends(cell: Cell, diagonal: str) -> tuple[Cell, Cell]:
    """The two lattice points a cell's diagonal joins."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if diagonal == BACK else ((r, c + 1), (r + 1, c))


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise InputError(
            grid.sheet,
            f"the points of at least one cell are 2 x 2 sheet cells, found {grid.rows} x "
            f"{grid.cols} (check the sentinel's place)",
        )

    def point(i: int, j: int) -> int | str | None:
        v = grid[i, j]
        if v is None or (isinstance(v, str) and v.strip() in ANSWER_MARKS):
            return None
        if isinstance(v, str):
            clue = _clue_of(v)
            if clue is not None:  # a clue with a diagonal typed after it
                v = clue
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
            i,
            j,
            f"a point holds a clue 0-4, ? (a clue not given) or nothing, a cell a diagonal \\ "
            f"or /; found {quote(v)}",
        )

    cells = tuple(tuple(point(i, j) for j in range(grid.cols)) for i in range(grid.rows))
    if all(v is None for row in cells for v in row):
        raise InputError(grid.sheet, "no clue: type the numbers 0-4 on the lattice points")
    return Puzzle(cells)


def _split(text: str) -> tuple[str, str | None]:
    """A cell's text as (clue, diagonal): `2 ╲` -> ('2', BACK); `╲` -> ('', BACK)."""
    t = unicodedata.normalize("NFKC", text).strip()
    if t and (t[-1] in SPELLINGS or text.strip()[-1:] in SPELLINGS):
        return t[:-1].strip(), SPELLINGS.get(t[-1], SPELLINGS.get(text.strip()[-1:]))
    return t, None


def _clue_of(text: str) -> int | str | None:
    """The clue before a diagonal in a typed text (`2 \\` -> 2, `? /` -> '?'); None for
    another text."""
    clue, diagonal = _split(text)
    if diagonal is None or not clue:
        return None
    return int(clue) if clue.isdigit() else clue


def to_cells(p: Puzzle) -> list[list[int | str | None]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("gokigen")
    s = {cell: var(prob, "s", cell[0] + 1, cell[1] + 1) for cell in p.squares()}
    on = {BACK: lambda cell: s[cell], FORWARD: lambda cell: 1 - s[cell]}
    for point, n in sorted(p.clues().items()):
        touching = p.touching(point)
        prob += pulp.lpSum(on[d](cell) for cell, d in touching) == n, cname("Clue", point)
    rows, cols = p.size()
    for i in range(1, rows):
        for j in range(1, cols):  # ╱ above-left, ╲ above-right, ╲ below-left, ╱ below-right
            ring = [
                1 - s[i - 1, j - 1],
                s[i - 1, j],
                s[i, j - 1],
                1 - s[i, j],
            ]
            prob += pulp.lpSum(ring) <= 3, cname("Diamond", (i, j))
    edges = {}
    for cell, v in s.items():
        edges[ends(cell, BACK)] = v
        edges[ends(cell, FORWARD)] = 1 - v
    m = Model(prob, list(s.values()), {"s": s})
    m.separate(acyclic(prob, edges, lazy, prefix="t"))
    return m


class SlantBoard(Board):
    """The cells' diagonals on a shading board: shaded a `╲`, unshaded a `╱`. Beside the
    clues' rules (`touching`), the diagonals make no loop (`acyclic`), looked at whenever a
    cell was set since the last look."""

    def __init__(self, rows: int, cols: int) -> None:
        super().__init__(rows, cols, apart=False, connected=False)
        points = cols + 1

        def joins(i: int, diagonal: str) -> tuple[int, int]:
            (a, b), (c, d) = ends(divmod(i, cols), diagonal)
            return a * points + b, c * points + d

        # per cell, the two points its ╲ joins and the two its ╱ joins
        self.joins = [(joins(i, BACK), joins(i, FORWARD)) for i in range(rows * cols)]
        self.points = (rows + 1) * points
        self.loose = True  # a cell set since `acyclic` last looked

    def set(self, i: int, value: int) -> bool:
        changed = super().set(i, value)
        self.loose |= changed
        return changed

    def propagate(self) -> None:
        while True:
            super().propagate()
            if not (self.loose and self.acyclic()):
                return

    def acyclic(self) -> bool:
        """The points as groups joined by the diagonals drawn (a loop among them: no answer);
        an unknown cell whose ╲ would join two points of one group takes ╱, and the other way.
        True when that set a cell."""
        self.loose = False
        group = list(range(self.points))

        def find(a: int) -> int:
            while group[a] != a:
                group[a] = group[group[a]]
                a = group[a]
            return a

        state, unknown = self.state, []
        for i, s in enumerate(state):
            if s == shade_logic.UNKNOWN:
                unknown.append(i)
                continue
            a, b = self.joins[i][0 if s == SHADED else 1]
            ra, rb = find(a), find(b)
            if ra == rb:
                raise Contradiction
            group[ra] = rb
        changed = False
        for i in unknown:
            (a, b), (c, d) = self.joins[i]
            if find(a) == find(b):
                changed |= self.set(i, UNSHADED)
            if find(c) == find(d):
                changed |= self.set(i, SHADED)
        return changed


def touching(board: Board, clue: tuple[int, list[int], list[int]]) -> None:
    """n of the diagonals touch the point: the `╲` of the cells in `back` (above left and
    below right of it), the `╱` of those in `forward`. Once n touch, the others turn away;
    once only n can, the unknown ones touch."""
    (n, back, forward), state = clue, board.state
    touch = sum(state[i] == SHADED for i in back) + sum(state[i] == UNSHADED for i in forward)
    free = [i for i in back + forward if state[i] == shade_logic.UNKNOWN]
    if touch > n or touch + len(free) < n:
        raise Contradiction
    if free and (touch == n or touch + len(free) == n):
        towards = touch < n  # the free cells touch the point
        for i in free:
            board.set(i, SHADED if (i in back) == towards else UNSHADED)


def deduction_board(p: Puzzle) -> SlantBoard:
    """The clues' counts (`touching`) on a board of diagonals that make no loop."""
    rows, cols = p.size()
    board = SlantBoard(rows, cols)
    for point, n in sorted(p.clues().items()):
        near = p.touching(point)
        back = [r * cols + c for (r, c), d in near if d == BACK]
        forward = [r * cols + c for (r, c), d in near if d == FORWARD]
        board.rule(touching, (n, back, forward), back + forward)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown cell tried both ways
    (probing) and a depth-first search for the answers (`probing.search`), which decides the
    grid whole where it finds exactly one."""
    rows, cols = p.size()
    known = shade_logic.deduce_tuned(lambda: deduction_board(p), rows, cols, tuning)
    if known is None:
        return NOTHING
    back, forward = known
    fixed = {**dict.fromkeys(back, 1), **dict.fromkeys(forward, 0)}
    whole = len(fixed) == rows * cols
    answer = {cell: BACK if v else FORWARD for cell, v in fixed.items()} if whole else None
    return Deductions({"s": fixed}, answer=answer, answer_vars=rows * cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return {cell: BACK if value(v) else FORWARD for cell, v in m["s"].items()}


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell has a diagonal, each clue counts those touching its point, no loop. A clue is
    named by the sheet cell it is typed in."""
    problems = [
        Violation(f"the cell {cell_name(cell)} has no diagonal", [cell])
        for cell in p.squares()
        if a.get(cell) not in (BACK, FORWARD)
    ]
    for point, n in sorted(p.clues().items()):
        near = p.touching(point)
        got = sum(a.get(cell) == d for cell, d in near)
        if got != n:
            problems.append(
                Violation(
                    f"the {n} at {cell_name(point)} has {got} diagonals touching it",
                    [point, *(cell for cell, _ in near)],
                )
            )
    by_edge = {ends(cell, d): cell for cell, d in a.items() if d in (BACK, FORWARD)}
    for cycle in cycles(by_edge):
        cells = sorted(by_edge[e] for e in cycle)
        problems.append(
            Violation(
                f"the diagonals of {len(cells)} cells from {cell_name(cells[0])} close a loop",
                cells,
            )
        )
    return problems


def _shown(grid: Grid, cell: Cell) -> str | None:
    """The diagonal a cell shows: typed alone or after its clue, or drawn by solving through
    its number format (`0" ╲"`); None for none."""
    v = grid[cell]
    if isinstance(v, str):
        _, diagonal = _split(v)
        if diagonal is not None:
            return diagonal
    sheet = grid.source
    if sheet is None or v is None:
        return None
    fmt = sheet.get_style(cell[0] + 1, cell[1] + 1).number_format or ""
    for ch in reversed(fmt.rstrip('"').rstrip()):
        return SPELLINGS.get(ch)
    return None


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no diagonal."""
    return _shown(grid, cell) is None


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """Each cell's diagonal as the sheet shows it (see `_shown`); the row and column of border
    points beyond the cells fix nothing."""
    found: dict[pulp.LpVariable, int | None] = {}
    for cell, v in m["s"].items():
        d = _shown(grid, cell)
        if d is not None:
            found[v] = int(d == BACK)
    return found


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    """The diagonal's glyph in an empty cell, after the clue through the number format in a
    cell that holds one."""
    writes = []
    for (r, c), d in sorted(a.items()):
        v = p.cells[r][c]
        if v is None:
            writes.append(CellWrite(r, c, GLYPHS[d]))
        else:
            form = "0" if isinstance(v, int) else "@"
            writes.append(CellWrite(r, c, None, number_format=f'{form}" {GLYPHS[d]}"'))
    return writes


def record(p: Puzzle, a: Answer) -> dict:
    rows, cols = p.size()
    return {"diagonals": ["".join(a[r, c] for c in range(cols)) for r in range(rows)]}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`gokigen`: 4cell over the (rows+1) x (cols+1) points, row by row (`.` a clue whose
    number is not given); with pflag `d` the old format, one character per point, `0-4` a clue,
    any other character none."""
    count = (url.rows + 1) * (url.cols + 1)
    if "d" in url.flags:
        values: list[int | str | None] = [int(ch) if ch in "01234" else None for ch in url.body]
        puzzlink.end(url.body[count:])
        values = (values + [None] * count)[:count]
    else:
        values, rest = puzzlink.decode_4cell(url.body, count)
        puzzlink.end(rest)
    p = Puzzle(puzzlink.grid_rows(values, url.cols + 1))
    for point, n in p.clues().items():
        if n > len(p.touching(point)):
            raise puzzlink.UrlError(
                f"gokigen: the point {cell_name(point)} cannot touch {n} diagonals"
            )
    if not p.givens():
        raise puzzlink.UrlError("gokigen: no clue")
    return p


def to_url(p: Puzzle) -> str:
    rows, cols = p.size()
    body = puzzlink.encode_4cell(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("gokigen", cols, rows, body)


GENRE = define(
    __name__,
    slug="gokigen",
    ja="ごきげんななめ",
    pzpr_ids=("gokigen",),
    names=("gokigen", "gokigen naname", "gokigennaname", "slant"),
    lazy=True,
    tuning=Tuning(probe_work=1_000_000, search_work=100_000),
)
