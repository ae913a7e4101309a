"""Nonogram (ののぐらむ, also Picross, Griddlers).

Rules: shade cells of the grid. The numbers beside a row (above a column) are the lengths of
its runs of shaded cells, in order from left to right (top to bottom), with at least one
unshaded cell between two runs; `0` (or no run) means the line has no shaded cell.

Layout: as a newspaper prints it, the column clues stand above the grid, one column of the sheet
per grid column, read top to bottom; the row clues stand left of the grid, one row of the sheet
per grid row, read left to right. Type one number per cell (a cell may also hold several,
separated by spaces or commas: `2 1` or `2,1`). Every row and column has a clue: type `0` for a
line with no shaded cell. The top-left corner (above the row clues, left of the column clues)
stays empty, and so does the grid; the sentinel goes one cell diagonally below-right of the
grid's last cell, as in every genre. The grid's top-left corner is where the column clues end
and the row clues begin: the one split of the sheet into an empty corner, the column clues to
its right, the row clues below it and an empty grid, with a clue in every line. Clues flush
against the grid (column clues bottom-aligned, row clues right-aligned, as printed) make that
split unique; a sheet that allows two splits is refused with the rows it could not tell apart.

```
   A  B  C  D  E  F             after Solve:
1           1  2               .  .  .  1  2  .
2        1  1  1  2            .  .  1  1  1  2
3     1  1  ■  ■  .  ■         .  1  1  ■  ■  .  ■   (fills dark)
4        3  ...
```

The answer shades the grid's cells (`■` on a dark fill); check my answer also reads cells
shaded by hand (`■`, `#` or a dark fill) and cells marked white (`・`, `.`, `×`).

The record's `shaded` holds the shaded cells in the sheet's coordinates (0-based, clue rows and
columns included), as `cells` does.

Model: b(r,c) = 1 when grid cell (r,c) is shaded (1-based in the grid, not the sheet). Each run
k of a line is placed exactly: one binary per possible start position p, s(line,k,p), exactly
one per run (Start); run k+1 starts at least clue(k) + 1 cells after run k starts (Order:
for every p, the starts of run k+1 up to p are at most the starts of run k up to
p - clue(k) - 1); and each cell is shaded exactly when one of its line's runs covers it (Cover:
b = sum of the starts that cover the cell), for rows and for columns alike.

Deductions (`deduce`, `solver.deduce.runs`): each row and column settled against its clue (the
cells every placement of its runs agreeing with the decided cells shades, or leaves unshaded)
until no line changes, then probing every unknown cell (where both ways propagate, the cells
they decide alike are decided too) and a depth-first search; they decide most published puzzles
whole, and then no solver runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pulp

from solver.blocks.cells import shaded_record
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, probing
from solver.deduce import runs as run_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
Clue = tuple[int, ...]  # run lengths in order; () for an empty line


@dataclass(frozen=True)
class Puzzle:
    row_clues: tuple[Clue, ...]  # per grid row, left to right
    col_clues: tuple[Clue, ...]  # per grid column, top to bottom
    top: int = 0  # sheet rows above the grid (the column clues)
    left: int = 0  # sheet columns left of the grid (the row clues)

    @property
    def rows(self) -> int:
        return len(self.row_clues)

    @property
    def cols(self) -> int:
        return len(self.col_clues)

    def lines(self) -> list[tuple[str, Clue, list[Cell]]]:
        """Every row and column: its name, its clue and its cells in the sheet, in order."""
        t, lft = self.top, self.left
        found = [
            (f"row {r + 1}", clue, [(t + r, lft + c) for c in range(self.cols)])
            for r, clue in enumerate(self.row_clues)
        ]
        found += [
            (f"column {c + 1}", clue, [(t + r, lft + c) for r in range(self.rows)])
            for c, clue in enumerate(self.col_clues)
        ]
        return found


Answer = frozenset[Cell]  # the shaded cells, in sheet coordinates


MAX_RUN = 999_999  # a run longer than any grid: the line's length check names it


def _numbers(grid: Grid, r: int, c: int) -> list[int]:
    """The clue numbers in a sheet cell: a whole number, or several in a text."""
    v = grid[r, c]
    if v is None or (isinstance(v, str) and v.strip() in SHADING_MARKS):
        return []  # an empty cell, or a grid cell shaded or marked by hand
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_RUN:
        return [v]
    if isinstance(v, str) and re.fullmatch(r"\s*\d{1,6}([\s,、]+\d{1,6})*\s*", v):
        return [int(t) for t in re.split(r"[\s,、]+", v.strip())]
    raise grid.error(
        r, c, f"a clue cell holds run lengths (a number, or several as `2 1`), found {quote(v)}"
    )


def _splits(has: list[list[bool]], rows: int, cols: int) -> list[tuple[int, int]]:
    """Every (top, left) that splits the sheet into an empty corner, column clues above the
    grid (one in every column), row clues left of it (one in every row) and an empty grid.
    Counts over rectangles come from prefix sums; `first_col[r]` is the leftmost clue of sheet
    row r, `first_row[c]` the topmost of column c (a row clue must start left of the grid, a
    column clue above it)."""
    total = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        for c in range(cols):
            total[r + 1][c + 1] = total[r][c + 1] + total[r + 1][c] - total[r][c] + has[r][c]

    def count(r0: int, c0: int, r1: int, c1: int) -> int:
        return total[r1][c1] - total[r0][c1] - total[r1][c0] + total[r0][c0]

    first_col = [next((c for c in range(cols) if has[r][c]), cols) for r in range(rows)]
    first_row = [next((r for r in range(rows) if has[r][c]), rows) for c in range(cols)]
    below = [max(first_col[r:], default=-1) for r in range(rows + 1)]  # worst row from r down
    right = [max(first_row[c:], default=-1) for c in range(cols + 1)]  # worst column from c on
    return [
        (top, left)
        for top in range(1, rows)
        for left in range(1, cols)
        if not count(0, 0, top, left)
        and not count(top, left, rows, cols)
        and below[top] < left
        and right[left] < top
    ]


def parse(grid: Grid) -> Puzzle:
    numbers = [[_numbers(grid, r, c) for c in range(grid.cols)] for r in range(grid.rows)]
    has = [[bool(n) for n in row] for row in numbers]
    splits = _splits(has, grid.rows, grid.cols)
    if not splits:
        raise InputError(
            grid.sheet,
            "no grid found: type the column clues above the grid and the row clues left of it, "
            "a clue in every line (0 for an empty one), the top-left corner and the grid empty",
        )
    if len(splits) > 1:
        (t1, l1), (t2, l2) = splits[0], splits[-1]
        raise InputError(
            grid.sheet,
            f"the grid may start at {cell_name((t1, l1))} or at {cell_name((t2, l2))}: type the "
            "clues flush against the grid (column clues bottom-aligned, row clues right-aligned)",
        )
    top, left = splits[0]

    def clue(cells: list[Cell]) -> Clue:
        runs = [n for r, c in cells for n in numbers[r][c]]
        if 0 in runs and len(runs) > 1:
            r, c = next((r, c) for r, c in cells if 0 in numbers[r][c])
            raise grid.error(r, c, "a 0 stands alone: it says the line has no shaded cell")
        return tuple(n for n in runs if n)

    row_cells = [[(r, c) for c in range(left)] for r in range(top, grid.rows)]
    col_cells = [[(r, c) for r in range(top)] for c in range(left, grid.cols)]
    p = Puzzle(tuple(map(clue, row_cells)), tuple(map(clue, col_cells)), top, left)
    for (name, runs, cells), typed in zip(p.lines(), row_cells + col_cells, strict=True):
        if sum(runs) + len(runs) - 1 > len(cells):
            r, c = next(q for q in typed if numbers[q[0]][q[1]])
            raise grid.error(
                r,
                c,
                f"the clue of {name} ({' '.join(map(str, runs))}) needs "
                f"{sum(runs) + len(runs) - 1} cells, the line has {len(cells)}",
            )
    return p


def flush(row_clues: tuple[Clue, ...], col_clues: tuple[Clue, ...]) -> Puzzle:
    """A puzzle laid out as printed: as many clue rows and columns as its longest clues."""
    top = max(1, *(len(c) for c in col_clues))
    left = max(1, *(len(c) for c in row_clues))
    return Puzzle(row_clues, col_clues, top, left)


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Column clues bottom-aligned above the grid, row clues right-aligned left of it (`0` for
    an empty line)."""
    top, left = p.top, p.left
    cells: list[list[Value]] = [[None] * (left + p.cols) for _ in range(top + p.rows)]
    for c, runs in enumerate(p.col_clues):
        for k, n in enumerate(runs or (0,)):
            cells[top - len(runs or (0,)) + k][left + c] = n
    for r, runs in enumerate(p.row_clues):
        for k, n in enumerate(runs or (0,)):
            cells[top + r][left - len(runs or (0,)) + k] = n
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("nonogram")
    b = {
        (p.top + r, p.left + c): var(prob, "b", r + 1, c + 1)
        for r in range(p.rows)
        for c in range(p.cols)
    }
    for name, runs, cells in p.lines():
        kind, index = name[0], int(name.split()[1])
        n = len(cells)
        starts: list[dict[int, pulp.LpVariable]] = []
        for k in range(len(runs)):
            first = sum(runs[:k]) + k
            last = n - sum(runs[k:]) - (len(runs) - k - 1)
            starts.append(
                {q: var(prob, f"s{kind}", index, k + 1, q + 1) for q in range(first, last + 1)}
            )
            prob += pulp.lpSum(starts[k].values()) == 1, cname(f"Start{kind}", index, k + 1)
        for k in range(len(runs) - 1):
            for q in starts[k + 1]:
                later = pulp.lpSum(v for s, v in starts[k + 1].items() if s <= q)
                earlier = pulp.lpSum(v for s, v in starts[k].items() if s <= q - runs[k] - 1)
                prob += later <= earlier, cname(f"Order{kind}", index, k + 1, q + 1)
        for x, cell in enumerate(cells):
            cover = [
                v
                for k, length in enumerate(runs)
                for s, v in starts[k].items()
                if s <= x < s + length
            ]
            prob += b[cell] == pulp.lpSum(cover), cname(f"Cover{kind}", index, x + 1)
    return Model(prob, list(b.values()), {"b": b})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the lines decide (`solver.deduce.runs`: each row and column settled against its
    clue until none changes), then every unknown cell tried both ways (probing) and a
    depth-first search, which decides the grid whole where it finds exactly one answer."""
    work = probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes)
    board = run_logic.deduce(p.row_clues, p.col_clues, work, tuning.search_work)
    if board is None:
        return NOTHING
    where = {r * p.cols + c: (p.top + r, p.left + c) for r in range(p.rows) for c in range(p.cols)}
    known = {
        where[i]: int(s == run_logic.SHADED)
        for i, s in enumerate(board.state)
        if s != run_logic.UNKNOWN
    }
    whole = len(known) == p.rows * p.cols
    answer = frozenset(cell for cell, v in known.items() if v) if whole else None
    return Deductions({"b": known}, answer=answer, answer_vars=p.rows * p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def runs_of(cells: list[Cell], shaded: frozenset[Cell] | set[Cell]) -> Clue:
    """The lengths of the runs of shaded cells along a line, in order."""
    found, length = [], 0
    for cell in cells:
        if cell in shaded:
            length += 1
        elif length:
            found.append(length)
            length = 0
    if length:
        found.append(length)
    return tuple(found)


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    inside = {cell for _, _, cells in p.lines() for cell in cells}
    problems: list[str] = [
        Violation(f"{cell_name(q)} is shaded outside the grid", [q])
        for q in sorted(set(shaded) - inside)
    ]
    for name, clue, cells in p.lines():
        found = runs_of(cells, shaded)
        if found != clue:
            problems.append(
                Violation(
                    f"{name} ({cell_name(cells[0])}:{cell_name(cells[-1])}) has runs "
                    f"{_show(found)}, its clue is {_show(clue)}",
                    cells,
                )
            )
    return problems


def _show(runs: Clue) -> str:
    return " ".join(map(str, runs)) if runs else "0"


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`nonogram`: number16 over the clue cells outside the grid (pzprjs' excells): first
    (rows + 1) // 2 slots per column, column by column, the slot next to the grid first; then
    (cols + 1) // 2 slots per row, row by row, again nearest the grid first."""
    per_col, per_row = (url.rows + 1) // 2, (url.cols + 1) // 2
    count = url.cols * per_col + url.rows * per_row
    values, rest = puzzlink.decode_number16(url.body, count, what="clue cells")
    puzzlink.end(rest)
    if any(v == puzzlink.UNKNOWN for v in values):
        raise puzzlink.UrlError("a nonogram clue with an unknown number ('.') is not supported")

    def clue(slots: list) -> Clue:
        return tuple(v for v in reversed(slots) if v)  # nearest the grid comes last

    cols = tuple(clue(values[c * per_col : (c + 1) * per_col]) for c in range(url.cols))
    base = url.cols * per_col
    rows = tuple(
        clue(values[base + r * per_row : base + (r + 1) * per_row]) for r in range(url.rows)
    )
    return flush(rows, cols)


def to_url(p: Puzzle) -> str:
    """Each column's runs, then each row's, nearest the grid first, packed there (pzprjs
    writes its clues flushed so); an empty line has no number."""
    slots: list[int | None] = []
    for clues, per in ((p.col_clues, (p.rows + 1) // 2), (p.row_clues, (p.cols + 1) // 2)):
        for runs in clues:
            if len(runs) > per:
                raise puzzlink.UrlError(f"nonogram: {len(runs)} runs cannot fit in their line")
            slots += [*reversed(runs), *[None] * (per - len(runs))]
    return puzzlink.url_text("nonogram", p.cols, p.rows, puzzlink.encode_number16(slots))


# No givens for the conflict search (Genre.givens): every row and column needs its clue (a line
# without one could not be typed).
givens = None

GENRE = define(
    __name__,
    slug="nonogram",
    ja="ののぐらむ",
    pzpr_ids=("nonogram",),
    tuning=Tuning(prove_by_search=True, probe_work=300_000, probe_passes=2, search_work=40_000_000),
)
