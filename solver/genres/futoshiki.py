"""Futoshiki (不等式).

Rules: put a digit 1-N into every cell of the N x N grid so that each row and each column holds
every digit once (a latin square). Given digits stand; an inequality sign between two
neighbouring cells holds: the digit at its open side is the larger one.

Layout: digit cells and sign cells alternate, a (2N-1) x (2N-1) block from A1. The digit cells
are A1, C1, E1 ... (odd rows and odd columns of the sheet): a given digit 1-N, or empty. Between
two digit cells of a row stands a sign cell: `<` (the left digit is smaller) or `>` (larger);
between two digit cells of a column: `∧` (the upper digit is smaller; also typed `^` or `A`) or
`∨` (larger; `v` or `V`). An empty sign cell: no relation. The cells between four digit cells
(B2, D2 ...) stay empty. The sentinel one cell diagonally below-right of the block (at J10 for
a 5x5 puzzle, whose block is A1:I9). The answer writes the digits in blue into the empty digit
cells; the record's `numbers` is the N x N grid of digits, its `signs` [r1, c1, r2, c2] per
sign, the smaller digit's cell first (0-based cells of the N x N grid; the picture draws them
as chevrons between the cells). Solving by hand: type digits (they are read like the givens,
as for sudoku).

Signs that contradict each other are named before any solving: a cycle (A1 < C1 < C3 < A3 <
A1), or a chain of more cells than there are digits. Givens against the signs leave the puzzle
without an answer (`infeasible`); Check my answer names each sign that the digits on the sheet
break (`C9 < E9 does not hold: 4 > 2`).

Model (the deck's, one-hot): x(r,c,d) = 1 when the digit cell at sheet row r, column c holds
d (`solver.blocks.digits`), one digit per cell, givens fixed, a latin square over the digit cells
(`solver.blocks.digits.latin`). A sign "p smaller than q", for every digit d:
sum_{e <= d} x(q,e) + sum_{e >= d} x(p,e) <= 1 (if q is at most d, p is below d): the tight
form of value(p) + 1 <= value(q) on one-hot digits. The chains of signs bound each cell's
digits: a cell with k cells below it along the signs holds at least k + 1, one with k cells
above it at most N - k (Chain: x = 0 outside; implied by the signs, it only tightens the LP).

Deductions (`deduce`, `solver.deduce.digit_logic`): singles in rows and columns, and each sign's
bounds (its smaller cell below the larger one's largest digit, the larger above the smaller's
smallest: along a chain of signs, the chains' bounds), then probing; where they decide every
cell, that is the answer and no model is built.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pulp

from solver.blocks.digits import (
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    fix,
    latin,
    square_at,
    square_units,
)
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.givens import Given, every_value
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

Cell = tuple[int, int]
# what a sign cell may hold: the left (upper) digit is smaller ('<'), or larger ('>')
ACROSS = {"<": "<", "＜": "<", ">": ">", "＞": ">"}
DOWN = {"∧": "<", "^": "<", "A": "<", "∨": ">", "v": ">", "V": ">"}
SHOWN = {("across", "<"): "<", ("across", ">"): ">", ("down", "<"): "∧", ("down", ">"): "∨"}


@dataclass(frozen=True)
class Sign:
    """A sign between two digit cells (sheet cells): `first` (left or upper) `op` `second`."""

    first: Cell
    second: Cell
    at: Cell  # the sign's own cell
    op: str  # '<' or '>'

    @property
    def smaller(self) -> Cell:
        return self.first if self.op == "<" else self.second

    @property
    def larger(self) -> Cell:
        return self.second if self.op == "<" else self.first

    def text(self) -> str:
        """How the sign reads in a message: `A1 < C1`, `A1 > A3`."""
        return f"{cell_name(self.first)} {self.op} {cell_name(self.second)}"


@dataclass(frozen=True)
class Puzzle:
    n: int
    givens: tuple[tuple[int | None, ...], ...]  # N x N, by puzzle cell
    signs: tuple[Sign, ...]

    @property
    def size(self) -> int:
        """The block's side on the sheet: 2N - 1."""
        return 2 * self.n - 1

    def square(self) -> list[list[Cell]]:
        return square_at(self.n, step=2)

    def cells(self) -> list[Cell]:
        return [cell for line in self.square() for cell in line]

    def given_digits(self) -> dict[Cell, int]:
        return {
            (2 * i, 2 * j): d
            for i, row in enumerate(self.givens)
            for j, d in enumerate(row)
            if d is not None
        }

    @functools.cached_property
    def chains(self) -> tuple[dict[Cell, int], dict[Cell, int]]:
        """For every digit cell, how many cells the longest chain of signs puts below it, and
        how many above it (the signs hold no cycle: parse refuses one)."""
        below: dict[Cell, int] = {}
        above: dict[Cell, int] = {}

        def depth(cell: Cell, seen: dict[Cell, int], step: dict[Cell, list[Cell]]) -> int:
            if cell not in seen:
                seen[cell] = max((depth(q, seen, step) + 1 for q in step.get(cell, [])), default=0)
            return seen[cell]

        lower, upper = _steps(self.signs)
        for cell in self.cells():
            depth(cell, below, lower)
            depth(cell, above, upper)
        return below, above


Answer = tuple[tuple[int, ...], ...]  # the sheet's block: a digit per digit cell, 0 elsewhere


def _steps(signs: tuple[Sign, ...]) -> tuple[dict[Cell, list[Cell]], dict[Cell, list[Cell]]]:
    """For each cell, the cells a sign says are smaller than it, and those larger."""
    lower: dict[Cell, list[Cell]] = {}
    upper: dict[Cell, list[Cell]] = {}
    for s in signs:
        lower.setdefault(s.larger, []).append(s.smaller)
        upper.setdefault(s.smaller, []).append(s.larger)
    return lower, upper


def parse(grid: Grid) -> Puzzle:
    size = grid.rows
    if grid.rows != grid.cols or size % 2 == 0 or size < 3:
        raise InputError(
            grid.sheet,
            f"a futoshiki block is 2N-1 cells square (N digit cells with a sign cell between "
            f"each two: 9 x 9 for a 5x5 puzzle); this one is {grid.rows} rows by {grid.cols} "
            "columns (check the sentinel's place)",
        )
    n = (size + 1) // 2

    def digit(r: int, c: int) -> int | None:
        v = grid[r, c]
        if v is None or (isinstance(v, int) and 1 <= v <= n):
            return v
        raise grid.error(
            r,
            c,
            f"a digit cell (every other cell from A1) holds a digit from 1 to {n} or nothing; "
            f"found {quote(v)}",
        )

    signs = []
    for r, c in grid.positions():
        v = grid[r, c]
        if r % 2 == 0 and c % 2 == 0:
            continue
        text = v.strip() if isinstance(v, str) else v
        if r % 2 == 1 and c % 2 == 1:
            if v is not None:
                raise grid.error(
                    r, c, f"this cell between four digit cells stays empty; found {quote(v)}"
                )
        elif r % 2 == 0:  # between (r, c - 1) and (r, c + 1)
            if text in ACROSS:
                signs.append(Sign((r, c - 1), (r, c + 1), (r, c), ACROSS[text]))  # type: ignore[index]
            elif v is not None:
                raise grid.error(
                    r,
                    c,
                    f"a sign between {cell_name((r, c - 1))} and {cell_name((r, c + 1))} is "
                    f"< or > (or nothing); found {quote(v)}" + _digits_apart(v),
                )
        elif text in DOWN:  # between (r - 1, c) and (r + 1, c)
            signs.append(Sign((r - 1, c), (r + 1, c), (r, c), DOWN[text]))  # type: ignore[index]
        elif v is not None:
            raise grid.error(
                r,
                c,
                f"a sign between {cell_name((r - 1, c))} and {cell_name((r + 1, c))} (one above "
                f"the other) is ∧ (the upper digit smaller; ^ or A) or ∨ (larger; v or V), or "
                f"nothing; found {quote(v)}" + _digits_apart(v),
            )
    givens = tuple(tuple(digit(2 * i, 2 * j) for j in range(n)) for i in range(n))
    p = Puzzle(n, givens, tuple(signs))
    _check_signs(grid, p)
    return p


def _digits_apart(v: object) -> str:
    """The likely slip behind a number in a sign cell: the digits typed side by side."""
    if not isinstance(v, int):
        return ""
    return (
        " (the digits stand in every other cell, A1, C1, E1 ..., with a sign cell or an empty "
        "one between each two)"
    )


def _check_signs(grid: Grid, p: Puzzle) -> None:
    """Signs that no digits can fulfil, whatever the givens, found before solving: a cycle, a
    chain longer than the digits. (A sign against the givens is not refused here: Check reads
    the digits filled in by hand as givens, and a wrong one is a wrong answer, not bad input;
    solving finds no answer, and Check names the sign.)"""
    cycle = _cycle(p.signs)
    if cycle:
        chain = " < ".join(cell_name(c) for c in cycle + cycle[:1])
        at = {(s.smaller, s.larger): s.at for s in p.signs}
        sign_cells = [at[a, b] for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True)]
        raise grid.error(
            *sign_cells[0],
            f"the signs at {', '.join(map(cell_name, sign_cells))} go round in a circle: "
            f"{chain}; no digits fulfil them (the puzzle has no answer)",
        )
    below, above = p.chains
    for cell in p.cells():
        if below[cell] + above[cell] + 1 > p.n:
            raise grid.error(
                *cell,
                f"the signs through {cell_name(cell)} make a chain of "
                f"{below[cell] + above[cell] + 1} cells, each smaller than the next, but there "
                f"are only {p.n} digits (the puzzle has no answer)",
            )


def _cycle(signs: tuple[Sign, ...]) -> list[Cell]:
    """A cycle of cells, each smaller than the next by the signs; [] when there is none."""
    _, upper = _steps(signs)
    state: dict[Cell, int] = {}  # 1: on the path, 2: done
    path: list[Cell] = []

    def visit(cell: Cell) -> list[Cell]:
        state[cell] = 1
        path.append(cell)
        for q in upper.get(cell, []):
            if state.get(q) == 1:
                return path[path.index(q) :]
            if q not in state and (found := visit(q)):
                return found
        state[cell] = 2
        path.pop()
        return []

    for start in sorted(upper):
        if start not in state and (found := visit(start)):
            return found
    return []


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [[None] * p.size for _ in range(p.size)]
    for (r, c), d in p.given_digits().items():
        cells[r][c] = d
    for s in p.signs:
        way = "across" if s.first[0] == s.second[0] else "down"
        cells[s.at[0]][s.at[1]] = SHOWN[way, s.op]
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("futoshiki")
    digits = range(1, p.n + 1)
    x = digit_vars(prob, p.cells(), digits)
    fix(prob, x, p.given_digits())
    latin(prob, x, p.square())
    for s in p.signs:
        small, large = s.smaller, s.larger
        for d in digits:
            at_most = pulp.lpSum(x[(*large, e)] for e in digits if e <= d)
            at_least = pulp.lpSum(x[(*small, e)] for e in digits if e >= d)
            prob += at_most + at_least <= 1, cname("Less", small, large, d)
    below, above = p.chains
    for cell in p.cells():
        for d in digits:
            if not below[cell] < d <= p.n - above[cell]:
                prob += x[(*cell, d)] == 0, cname("Chain", cell, d)
    return Model(prob, list(x.values()), {"x": x})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: singles in rows and columns, each sign's smaller cell below the
    larger one's largest digit and the larger above the smaller's smallest, then probing,
    within the tuning's `probe_work`."""
    digits = tuple(range(1, p.n + 1))
    board = digit_logic.Board(
        digits,
        [cells for _, cells in square_units(p.square())],
        budget=tuning.probe_work,
        less=[(s.smaller, s.larger) for s in p.signs],
    )
    cand = digit_logic.deduce(board, p.given_digits())
    return digit_logic.deductions(cand, p.size, p.size, digits, cells=p.n * p.n)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.size, p.size)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every digit cell holds a digit, the givens stand, no row or column holds a digit twice,
    and every sign holds between the digits beside it."""
    problems = check_filled(a, p.cells(), p.given_digits())
    problems += check_repeats(a, square_units(p.square()))
    for s in p.signs:
        x, y = a[s.first[0]][s.first[1]], a[s.second[0]][s.second[1]]
        if x and y and not (x < y if s.op == "<" else x > y):
            shown = "=" if x == y else {"<": ">", ">": "<"}[s.op]
            problems.append(
                Violation(f"{s.text()} does not hold: {x} {shown} {y}", [s.first, s.at, s.second])
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows (they are read as givens too: a digit filled in by hand
    cannot be told from one printed with the puzzle)."""
    return read_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """A digit cell without a digit: the sign cells and those between four digit cells are
    never filled in, so never blank."""
    return cell[0] % 2 == 0 and cell[1] % 2 == 0 and grid[cell] is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.given_digits())


def record(p: Puzzle, a: Answer) -> dict:
    """`numbers`: the N x N digits; `signs`: [r1, c1, r2, c2] for each sign, the smaller
    digit's cell first (puzzle cells, 0-based: sheet cell (2 r, 2 c))."""
    signs = [[r // 2 for r in (*s.smaller, *s.larger)] for s in p.signs]
    return {"numbers": [[a[r][c] for r, c in line] for line in p.square()], "signs": signs}


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The given digits and the signs, for the conflict search: each taken out leaves its cell
    empty."""
    return every_value(grid)


GENRE = define(
    __name__,
    slug="futoshiki",
    ja="不等式",
    tuning=Tuning(prove_by_search=True, probe_work=2_000_000),  # probing's work as skyscrapers'
)
