"""Sukoro (数コロ).

Rules: put a digit 1-4 into some cells and leave the others empty. A digit counts how many of
its (up to 4) orthogonal neighbours hold digits; two equal digits are never orthogonally side
by side; all the digits form one orthogonally connected group. The given numbers are digits of
the answer.

Layout: one puzzle cell per spreadsheet cell from A1. A given is its number 1-4; `?` is a cell
that holds a digit whose value is not given (pzprjs' `?`); every other cell stays empty. The
sentinel one cell diagonally below-right of the grid. The answer writes the digits into the
empty cells that get one; cells without a digit stay empty (the record's `numbers` has `null`
there). Solving by hand, type digits, and mark a cell you know holds no digit `・` (or `.`,
`×`, `x`).

Check my answer and hints read what the sheet shows, as for sudoku: a digit filled in by hand
cannot be told from a given one, so every digit on the sheet is read as a given; a blank cell
counts as a cell without a digit (so a sheet whose digits fit an answer is `incomplete`, one
whose digits fit none is `wrong`); a `・` mark fixes "no digit"; a `?` shows no digit, and
Check takes its digit from the nearest answer.

puzz.link: `sukoro`, number10 over cells (`.` a `?` cell).

Model (the deck's): x(r,c,d) = 1 when cell (r,c) holds digit d (`solver.blocks.digits`, at most one
digit per cell); n(r,c) = the sum over d, 1 when the cell holds a digit, and D(r,c) = the sum
of d x(r,c,d), its digit (0 for none). Givens fix x = 1, a `?` fixes n = 1. With A(r,c) the
sum of the neighbours' n and k the number of neighbours: A >= D and A <= D + k (1 - n)
(Count: a digit cell has exactly D digits beside it); no digit above k (Room); a digit equal
to k makes every neighbour a digit, n(q) >= x(r,c,k) (Full; these two only tighten the LP,
which makes a generated 10x10 three times faster with HiGHS). Equal digits never side by side:
x(p,d) + x(q,d) <= 1 (`never_adjacent` per digit). The cells with n = 1 are connected
(`solver.blocks.cells.connected`, rooted at the first given: a flow in the complete form, vertex
cuts in the lazy form, the default as the faster on generated grids, benchmarks/benchmark_sizes.py).

Deductions (`deduce`): which cells hold a digit decides the answer (a digit is the count of
digits beside it), so the rules run on a board of two states (`solver.deduce.shade_logic`,
digit or empty, the digits connected): a digit lies between the digits beside it and those
that may be, 1-4, its given value, and differs from every known digit beside it; then probing
and a depth-first search, which decide most published puzzles whole: no solver runs then.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import check_connected, check_never_adjacent, connected, never_adjacent
from solver.blocks.digits import decode_digits, digit_vars, fix
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, shade_logic
from solver.deduce.shade_logic import SHADED, UNSHADED, Board
from solver.deduce.shade_logic import UNKNOWN as OPEN
from solver.genres import define
from solver.io import puzzlink
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.puzzlink import UNKNOWN
from solver.io.shading import WHITE_MARKS
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

DIGITS = range(1, 5)
NO_DIGIT = WHITE_MARKS | {"x"}  # a cell marked as holding no digit
ANSWER_MARKS = NO_DIGIT | {"X"}
# a digit taken out of the puzzle (Genre.givens) leaves a cell that holds some digit
WITHOUT_NUMBER = "?"


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a given digit 1-4, UNKNOWN ('?'), None

    def digits(self) -> dict[Cell, int]:
        return {cell: v for cell, v in self.givens().items() if isinstance(v, int)}

    def beside(self, cell: Cell) -> list[Cell]:
        r, c = cell
        near = ((r + dr, c + dc) for dr, dc in ORTHOGONAL)
        return [(i, j) for i, j in near if 0 <= i < self.rows and 0 <= j < self.cols]


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> Puzzle:
    def cell(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None or is_mark(v, NO_DIGIT):
            return None
        if isinstance(v, str) and v.strip() == UNKNOWN:
            return UNKNOWN
        if isinstance(v, int) and v in DIGITS:
            return v
        raise grid.error(
            r,
            c,
            f"a cell holds a given digit 1-4, ? (a digit not given) or nothing; found {quote(v)}",
        )

    cells = tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if all(v is None for row in cells for v in row):
        raise InputError(grid.sheet, "no given digit: type the puzzle's numbers 1-4")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("sukoro")
    x = digit_vars(prob, p.positions(), DIGITS, optional=True)
    fix(prob, x, p.digits())
    held = {cell: pulp.lpSum(x[(*cell, d)] for d in DIGITS) for cell in p.positions()}
    for cell, v in sorted(p.givens().items()):
        if v == UNKNOWN:
            prob += held[cell] == 1, cname("Some", cell)
    for cell in p.positions():
        near = p.beside(cell)
        around = pulp.lpSum(held[q] for q in near)
        digit = pulp.lpSum(d * x[(*cell, d)] for d in DIGITS)
        k = len(near)
        prob += around >= digit, cname("CountLo", cell)
        prob += around <= digit + k * (1 - held[cell]), cname("CountHi", cell)
        for d in DIGITS:
            if d > k:
                prob += x[(*cell, d)] == 0, cname("Room", cell, d)
        if k in DIGITS:
            for q in near:
                prob += held[q] >= x[(*cell, k)], cname("Full", cell, q)
    for d in DIGITS:
        never_adjacent(prob, {cell: x[(*cell, d)] for cell in p.positions()}, prefix=f"d{d}")
    root = min(p.givens(), default=None)
    m = Model(prob, list(x.values()), {"x": x})
    m.separate(connected(prob, held, lazy, root=root, prefix="c"))
    return m


# The deductions' board (`solver.deduce.shade_logic`): a cell with a digit is "unshaded", an
# empty one "shaded"; empty cells may touch, the digits are connected. A cell's digit is the
# number of digits beside it, so which cells hold one decides the whole answer.
DIGIT, EMPTY = UNSHADED, SHADED


def _around(board: Board, i: int) -> tuple[int, list[int]]:
    """The digits beside cell i, and its unknown neighbours."""
    state = board.state
    return sum(state[j] == DIGIT for j in board.near[i]), [
        j for j in board.near[i] if state[j] == OPEN
    ]


def _digit(board: Board, i: int, given: int | None) -> int | None:
    """The digit of cell i where it is known: given, or its neighbours all decided."""
    if given is not None or board.state[i] != DIGIT:
        return given
    digits, free = _around(board, i)
    return None if free else digits


def _count(board: Board, data: tuple[int, int | None, list[int | None]]) -> None:
    """A digit is the count of digits beside it, 1 to 4 (its given one, if any), and differs
    from every known digit beside it: where no count is left, the cell holds no digit; where
    one is left and it is all or none of the undecided neighbours, they are decided so."""
    i, given, near_givens = data
    state = board.state
    if state[i] == EMPTY:
        return
    digits, free = _around(board, i)
    taken = {_digit(board, j, g) for j, g in zip(board.near[i], near_givens, strict=True)}
    low, high = max(digits, 1), min(digits + len(free), len(DIGITS))
    if given is not None:
        low, high = max(low, given), min(high, given)
    counts = [d for d in range(low, high + 1) if d not in taken]
    if not counts:
        board.set(i, EMPTY)
    elif len(counts) == 1 and state[i] == DIGIT and counts[0] in (digits, digits + len(free)):
        for j in free:
            board.set(j, EMPTY if counts[0] == digits else DIGIT)


def deduction_board(p: Puzzle) -> Board:
    """The board of the rules: the givens hold digits, a digit counts the digits beside it and
    differs from the known ones among them (`_count`), the digits are connected."""
    board = Board(p.rows, p.cols, apart=False, connected=True)
    cols = p.cols

    def given(i: int) -> int | None:
        v = p.cells[i // cols][i % cols]
        return v if isinstance(v, int) else None

    for r, c in p.givens():
        board.set(r * cols + c, DIGIT)
    for i in range(p.rows * cols):
        near = board.near[i]
        second = {k for j in near for k in board.near[j]}
        board.rule(_count, (i, given(i), [given(j) for j in near]), {i, *near} | second)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown cell tried both ways
    (probing), then a depth-first search for the answers (`probing.search`, which decides the
    grid whole where it finds exactly one): the cells with a digit and without; a cell whose
    neighbours are all decided has its digit, the count of digits beside it."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    if known is None:
        return NOTHING
    empty, digits = known
    x: dict[tuple[int, int, int], int] = {}
    for cell in empty:
        x |= {(*cell, d): 0 for d in DIGITS}
    for cell in digits:
        near = p.beside(cell)
        lo = sum(q in digits for q in near)
        hi = lo + sum(q not in digits and q not in empty for q in near)
        x |= {(*cell, d): int(lo == hi == d) for d in DIGITS if lo == hi or not lo <= d <= hi}
    whole = len(empty) + len(digits) == p.rows * p.cols
    answer = None
    if whole:
        answer = tuple(
            tuple(
                sum(q in digits for q in p.beside((r, c))) if (r, c) in digits else 0
                for c in range(p.cols)
            )
            for r in range(p.rows)
        )
    return Deductions({"x": x}, answer=answer, answer_vars=len(DIGITS) * p.rows * p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand (a `?` holds a digit), each digit counts the digits beside it, equal
    digits never touch, the digits are one group. Each problem names its cells."""
    problems: list[Violation] = []
    for cell, v in sorted(p.givens().items()):
        got = a[cell[0]][cell[1]]
        if v == UNKNOWN and not got:
            problems.append(Violation(f"the ? at {cell_name(cell)} holds no digit", [cell]))
        elif v != UNKNOWN and got != v:
            problems.append(Violation(f"cell {cell_name(cell)} changes the given {v}", [cell]))
    digits = {(r, c): d for r, row in enumerate(a) for c, d in enumerate(row) if d}
    for cell, d in sorted(digits.items()):
        near = [q for q in p.beside(cell) if q in digits]
        if len(near) != d:
            problems.append(
                Violation(
                    f"the {d} at {cell_name(cell)} has {len(near)} digits beside it",
                    [cell, *near],
                )
            )
    for d in DIGITS:
        problems += check_never_adjacent([q for q, v in digits.items() if v == d], f"the {d}s")
    return problems + check_connected(digits, "the digits")


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The digits the sheet shows (read as givens too); a cell marked `・` holds none; a `?`
    shows no digit (None: taken from the nearest answer). Blank cells fix nothing."""
    x = m["x"]
    entries: dict[pulp.LpVariable, int | None] = dict(read_digits(grid, x))
    for cell in grid.positions():
        v = grid[cell]
        if v is not None and is_mark(v, NO_DIGIT):
            entries |= {x[(*cell, d)]: 0 for d in DIGITS}
        elif isinstance(v, str) and v.strip() == UNKNOWN:
            entries |= {x[(*cell, d)]: None for d in DIGITS}
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.givens())


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [[d or None for d in row] for row in a]}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`sukoro`: number10 over cells, `.` a cell with a digit not given."""
    values, rest = puzzlink.decode_number10(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    for k, v in enumerate(values):
        if isinstance(v, int) and v not in DIGITS:
            r, c = divmod(k, url.cols)
            raise puzzlink.UrlError(f"sukoro: row {r + 1}, column {c + 1} holds {v}, not 1-4")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number10(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("sukoro", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="sukoro",
    ja="数コロ",
    pzpr_ids=("sukoro",),
    lazy=True,
    tuning=Tuning(
        prove_by_search=True, probe_work=2_000_000, probe_passes=10, search_work=3_000_000
    ),
)
