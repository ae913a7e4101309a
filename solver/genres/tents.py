"""Tents (テント).

Rules: some cells hold trees. Put tents into some empty cells so that every tree has its own
tent side by side with it: trees and tents pair off, each pair neighbours across a side (a tent
may touch more trees, but belongs to one). Tents never touch each other, not even diagonally. A
number left of a row counts the tents in that row; a number above a column counts the tents in
that column. A row or column without a number may have any count.

Layout: the counts stand outside the grid, as the puzzle is printed: the column counts in row 1
above their columns (from B1 on), the row counts in column A beside their rows (from A2 down),
and A1 stays empty; the grid itself starts at B2. A count may be left empty. A tree is typed `T`
(or `木`, `🌲`, `🌳`); every other grid cell stays empty. The sentinel goes one cell diagonally
below-right of the grid's last cell, as always. For a 3x3 grid:

       A  B  C  D
    1     1  0  1
    2  1        T
    3  0  T
    4  1           E

The answer writes `▲` into every tent's cell. By hand, for Check: `▲` (or `⛺`) for a tent;
`・`, `.` or `×` marks a cell known to hold none. The record's `tents` are the tents' cells,
counted from the grid's top-left cell (B2 is [0, 0]).

puzz.link: `tents`: the counts above the columns and left of the rows (number16 over the cells
outside the grid), then the trees (pzprjs' one-value cell codec).

Model: t(r,c) = 1 when grid cell (r,c) (not a tree) holds a tent; a(r,c,d) = 1 when the tree at
(r,c) owns the tent on its side d (1 up, 2 down, 3 left, 4 right; a side that is not an empty
grid cell has none). Tree(r,c): each tree owns exactly one tent, the sum of its a is 1.
Tent(r,c): a cell's t is the sum of the a that point at it (a tent belongs to exactly one tree,
and a cell no tree owns holds no tent). Touch(r,c): at most one tent in each 2x2 block
(`solver.blocks.cells.never_touching`). Row(r) and Col(c): the t of a counted line sum to its
count.

Deductions (`deduce`, `solver.deduce.shade_logic`; shaded: a tent): the trees hold none, nor
does a cell beside no tree; each 2x2 block holds one tent at most; each tree has a tent beside
it; each counted line holds its count, and the grid as many tents as trees; every tree can still
have a tent of its own (`TentBoard`: a pairing of each tree with a cell beside it that may hold
a tent, repaired where a cell of it is emptied; none: no answer); then every unknown cell tried
both ways (probing). They decide all published puzzles but one whole (a search after them
decided none more), and then no solver runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import pulp

from solver.blocks.cells import check_never_touching, never_touching, shade_vars, shading_entries
from solver.blocks.geometry import ORTHOGONAL, Cell
from solver.blocks.names import a1, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.probing import Contradiction
from solver.deduce.shade_logic import UNSHADED, Board, between, exactly, shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import WHITE_MARKS, read_shading
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import Tuning

T = TypeVar("T")  # a tree, as `_augment` pairs it
C = TypeVar("C")  # a cell
ORIGIN = (1, 1)  # the grid's top-left cell in the sheet, 0-based: B2
TREE = "T"
TREES = frozenset({"t", "木", "🌲", "🌳"})  # folded spellings of a tree (`T`)
TENT = "▲"
TENTS = frozenset({TENT, "⛺"})  # (folded as typed)
ANSWER_MARKS = TENTS | WHITE_MARKS
Answer = frozenset[Cell]  # the tents, counted from the grid's top-left cell
# a count taken out of the puzzle (Genre.givens) leaves an empty cell
WITHOUT_NUMBER = None


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    trees: frozenset[Cell]
    col_counts: tuple[int | None, ...]  # above each column
    row_counts: tuple[int | None, ...]  # left of each row

    def positions(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]


def _sheet(cell: Cell) -> Cell:
    """A grid cell as a cell of the sheet's grid (which holds the counts too)."""
    return cell[0] + ORIGIN[0], cell[1] + ORIGIN[1]


def _name(cell: Cell) -> str:
    return a1(cell[0] + ORIGIN[0] + 1, cell[1] + ORIGIN[1] + 1)


def is_tree(v: Value) -> bool:
    return is_mark(v, TREES)


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise InputError(
            grid.sheet,
            "the column counts go in row 1 from B1, the row counts in column A from A2, the grid "
            "from B2, and the sentinel diagonally below-right of the grid's last cell",
        )
    if grid[0, 0] is not None:
        raise grid.error(
            0,
            0,
            f"A1 stays empty (the column counts start in B1, the row counts in A2, the grid in "
            f"B2); found {quote(grid[0, 0])}",
        )
    rows, cols = grid.rows - 1, grid.cols - 1
    col_counts = tuple(grid.number(0, c, 0, rows, "a column's count") for c in range(1, cols + 1))
    row_counts = tuple(grid.number(r, 0, 0, cols, "a row's count") for r in range(1, rows + 1))
    trees = set()
    for r in range(rows):
        for c in range(cols):
            v = grid[r + ORIGIN[0], c + ORIGIN[1]]
            if is_tree(v):
                trees.add((r, c))
            elif v is not None:
                raise grid.error(
                    r + ORIGIN[0],
                    c + ORIGIN[1],
                    f"a grid cell holds a tree (`{TREE}`) or nothing; found {quote(v)}",
                )
    return Puzzle(rows, cols, frozenset(trees), col_counts, row_counts)


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [[None, *p.col_counts]]
    for r, n in enumerate(p.row_counts):
        cells.append([n] + [TREE if (r, c) in p.trees else None for c in range(p.cols)])
    return cells


def _sides(p: Puzzle, tree: Cell) -> list[tuple[int, Cell]]:
    """The tree's sides that are empty grid cells, with their number d (1 up ... 4 right)."""
    found = []
    for d, (dr, dc) in enumerate(ORTHOGONAL, start=1):
        q = (tree[0] + dr, tree[1] + dc)
        if 0 <= q[0] < p.rows and 0 <= q[1] < p.cols and q not in p.trees:
            found.append((d, q))
    return found


def model(p: Puzzle) -> Model:
    prob = new_problem("tents")
    t = shade_vars(prob, p.rows, p.cols, base="t", skip=p.trees)
    owners: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in t}
    a = {}
    for tree in sorted(p.trees):
        mine = []
        for d, q in _sides(p, tree):
            v = a[tree, q] = var(prob, "a", tree[0] + 1, tree[1] + 1, d)
            owners[q].append(v)
            mine.append(v)
        prob += pulp.lpSum(mine) == 1, cname("Tree", tree)
    for cell, own in owners.items():
        prob += pulp.lpSum(own) == t[cell], cname("Tent", cell)
    never_touching(prob, t)
    for r, n in enumerate(p.row_counts):
        if n is not None:
            prob += pulp.lpSum(t.get((r, c), 0) for c in range(p.cols)) == n, f"Row({r + 1})"
    for c, n in enumerate(p.col_counts):
        if n is not None:
            prob += pulp.lpSum(t.get((r, c), 0) for r in range(p.rows)) == n, f"Col({c + 1})"
    return Model(prob, list(t.values()), {"t": t, "a": a})


class TentBoard(Board):
    """A board of tents (shaded) and cells without one, which keeps a pairing of every tree
    with a cell beside it that may still hold a tent (`owner`): where a cell of it is emptied,
    its tree looks for another (`_augment`); where none is found, no answer has the cells the
    board holds. Once every cell is decided the pairing is of the trees with the tents, so the
    board's answers are the puzzle's."""

    def __init__(self, p: Puzzle) -> None:
        super().__init__(p.rows, p.cols, apart=False, connected=False)
        trees = sorted(p.trees)
        self.sides = [[r * p.cols + c for _, (r, c) in _sides(p, tree)] for tree in trees]
        self.owner: dict[int, int] = {}  # each paired cell's tree
        self.unpaired = list(range(len(trees)))  # trees whose cell was emptied, or none yet

    def copy(self) -> TentBoard:
        other = super().copy()
        other.owner, other.unpaired = dict(self.owner), self.unpaired[:]
        return other

    def set(self, i: int, value: int) -> bool:
        changed = super().set(i, value)
        if changed and value == UNSHADED and i in self.owner:
            self.unpaired.append(self.owner.pop(i))
        return changed

    def propagate(self) -> None:
        super().propagate()
        state, sides = self.state, self.sides

        def free(tree: int) -> list[int]:
            return [i for i in sides[tree] if state[i] != UNSHADED]

        while self.unpaired:
            if not _augment(self.unpaired.pop(), free, self.owner, set()):
                raise Contradiction


def deduction_board(p: Puzzle) -> TentBoard:
    """The rules on a board of tents (shaded) and cells without one (`Deductions` above)."""
    rows, cols = p.rows, p.cols
    board = TentBoard(p)
    beside = {i for cells in board.sides for i in cells}
    for i in range(rows * cols):
        if i not in beside:  # a tree, or a cell beside none
            board.set(i, UNSHADED)
    for cells in board.sides:
        if cells:
            board.rule(between, (1, len(cells), cells), cells)
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = [r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1]
            board.rule(between, (0, 1, block), block)
    lines = [(n, [r * cols + c for c in range(cols)]) for r, n in enumerate(p.row_counts)]
    lines += [(n, [r * cols + c for r in range(rows)]) for c, n in enumerate(p.col_counts)]
    lines.append((len(p.trees), list(range(rows * cols))))
    for n, cells in lines:
        if n is not None:
            board.rule(exactly, (n, cells), cells)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown cell tried both ways
    (probing)."""
    known = shade_logic.deduce_tuned(lambda: deduction_board(p), p.rows, p.cols, tuning)
    return shading_deductions(known, p.rows, p.cols, skip=p.trees, var="t")


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["t"].items() if value(v))


def _augment(tree: T, sides: Callable[[T], list[C]], owner: dict[C, T], seen: set[C]) -> bool:
    """Pair the tree with one of its `sides`, moving the trees that hold them along an
    augmenting path (`owner`: each paired cell's tree); False where no path frees one."""
    for q in sides(tree):
        if q not in seen:
            seen.add(q)
            if q not in owner or _augment(owner[q], sides, owner, seen):
                owner[q] = tree
                return True
    return False


def _pairing(p: Puzzle, tents: frozenset[Cell]) -> dict[Cell, Cell]:
    """A largest pairing of trees with neighbouring tents (tree -> tent), by augmenting paths."""
    owner: dict[Cell, Cell] = {}
    for tree in sorted(p.trees):
        _augment(tree, lambda t: [q for _, q in _sides(p, t) if q in tents], owner, set())
    return {tree: tent for tent, tree in owner.items()}


def verify(p: Puzzle, tents: Answer) -> list[str]:
    """Violations name sheet cells (the grid starts at B2)."""
    tents = frozenset(q for q in tents if 0 <= q[0] < p.rows and 0 <= q[1] < p.cols)
    problems: list[str] = []
    for q in sorted(tents & p.trees):
        problems.append(Violation(f"{_name(q)} holds a tree and a tent", [_sheet(q)]))
    tents -= p.trees
    for v in check_never_touching(tents, "tents"):  # named again: the grid starts at B2
        a, b = v.cells
        problems.append(
            Violation(f"tents at {_name(a)} and {_name(b)} touch", [*map(_sheet, v.cells)])
        )
    pairs = _pairing(p, tents)
    paired = set(pairs.values())
    for tree in sorted(p.trees - set(pairs)):
        problems.append(
            Violation(
                f"the tree at {_name(tree)} has no tent of its own beside it",
                [_sheet(tree), *(_sheet(q) for _, q in _sides(p, tree))],
            )
        )
    for q in sorted(tents - paired):
        near = [t for t in p.trees if abs(t[0] - q[0]) + abs(t[1] - q[1]) == 1]
        what = "beside no tree" if not near else "left over: its trees have their own tents"
        problems.append(
            Violation(f"the tent at {_name(q)} is {what}", [_sheet(q), *map(_sheet, near)])
        )
    for what, counts, lines in (
        ("row", p.row_counts, [[(r, c) for c in range(p.cols)] for r in range(p.rows)]),
        ("column", p.col_counts, [[(r, c) for r in range(p.rows)] for c in range(p.cols)]),
    ):
        for k, (n, line) in enumerate(zip(counts, lines, strict=True)):
            count = sum(cell in tents for cell in line)
            if n is not None and count != n:
                at = (k + ORIGIN[0], 0) if what == "row" else (0, k + ORIGIN[1])
                problems.append(
                    Violation(
                        f"the {what} of the count {n} at {a1(at[0] + 1, at[1] + 1)} has {count} "
                        f"tent{'s' * (count != 1)}",
                        [at, *(_sheet(cell) for cell in line)],
                    )
                )
    return problems


def render(p: Puzzle, tents: Answer) -> list[CellWrite]:
    return [CellWrite(*_sheet(q), TENT) for q in sorted(tents)]


def record(p: Puzzle, tents: Answer) -> dict:
    """The tents (from the grid's top-left cell) as `tents`, the trees as `trees`; not as
    `shaded`, which a picture would draw dark over the sheet's grid, counts included."""
    return {
        "tents": [list(q) for q in sorted(tents)],
        "trees": [list(q) for q in sorted(p.trees)],
    }


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """Tents typed as `▲` (or `⛺`), cells marked as holding none (`・`, `.`, `×`)."""
    inner = grid.window(*ORIGIN, p.rows, p.cols)
    tents = {q for q in inner.positions() if is_mark(inner[q], TENTS)}
    _, white = read_shading(inner)
    return dict(shading_entries(m["t"], tents, white))


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`tents`: number16 over the counts (the columns' above, then the rows' left), then the
    trees: a character `0`-`h` is a tree after that many plain cells, `i`-`z` only skips
    (value - 17) cells."""
    counts, rest = puzzlink.decode_number16(url.body, url.cols + url.rows, what="counts")
    cols, rows = counts[: url.cols], counts[url.cols :]
    for n, most in [(n, url.rows) for n in cols] + [(n, url.cols) for n in rows]:
        if n is not None and not (isinstance(n, int) and 0 <= n <= most):
            raise puzzlink.UrlError(f"tents: a count of {n!r} in a line of {most} cells")
    trees, cell, i, count = set(), 0, 0, url.rows * url.cols
    while i < len(rest) and cell < count:
        n = int(rest[i], 36) if rest[i] in "0123456789abcdefghijklmnopqrstuvwxyz" else -1
        if n < 0:
            raise puzzlink.UrlError(f"tents: unexpected character {puzzlink.shown(rest[i])}")
        if n < 18:
            trees.add(divmod(cell, url.cols))
            cell += n + 1
        else:
            cell += n - 17
        i += 1
    puzzlink.end(rest[i:])
    return Puzzle(url.rows, url.cols, frozenset(trees), tuple(cols), tuple(rows))


def to_url(p: Puzzle) -> str:
    """As pzprjs' encode1Cell: the gap before each tree as `0`-`h` once a tree was written
    (`i`-`z`, gap + 18, before the first), a run of 17 plain cells as `h` (or `z`)."""
    out, count, have = [], -1, False
    for r in range(p.rows):
        for c in range(p.cols):
            if (r, c) in p.trees:
                if count >= 0:
                    out.append(_base36(count if have else count + 18))
                have, count = True, 0
                continue
            count += 1
            if count == 17:
                out.append(_base36(count if have else count + 18))
                have, count = False, -1
    if count >= 0:
        out.append(_base36(count if have else count + 18))
    counts = puzzlink.encode_number16([*p.col_counts, *p.row_counts])
    return puzzlink.url_text("tents", p.cols, p.rows, counts + "".join(out))


def _base36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


# SCIP: the fastest back end on the published puzzles (every 10th of puzzlekit's Tent, 71
# puzzles, solved and proved unique: 5.0 s in all, against HiGHS's 5.6 s and CBC's 9.0 s;
# benchmarks/benchmark_puzzlekit.py --solver).
GENRE = define(
    __name__,
    slug="tents",
    ja="テント",
    pzpr_ids=("tents",),
    names=("tents", "テント"),
    tuning=Tuning("scip", probe_work=1_000_000),
)
