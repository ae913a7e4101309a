"""Digits in cells: the blocks that number genres share, written once.

A digit is one-hot binaries, the deck's x[i, j, k]: x(r, c, d) = 1 when cell (r, c) holds digit
d. A genre makes them with `digit_vars` (one digit in each cell, or at most one where a cell may
stay empty) and states its rules over them:

- `value`: the digit of a cell as an expression, sum of d x(r, c, d);
- `once_each`: a group of cells holds each digit exactly once (a latin square's rows and
  columns, sudoku's boxes); `all_different`: at most once (a kakuro run, a sum-line row);
- `latin_square`: every row and column holds each digit once;
- `fix`: the givens;
- `room_digits`: rooms that hold 1..n, n their size (ripple effect);
- `factorisations` and `product_is`: a group of cells whose digits multiply to a product,
  exactly, as a choice among the product's factorisations (inshi no heya); `one_multiset`, the
  same choice among any listed multisets (kenken's cages);
- `box_shape`, `sudoku_boxes` and `box_ids`: the boxes of an N x N sudoku (sudoku, killer
  sudoku).

For answers: `decode_digits` (0 for a cell without a digit), `check_filled` and `check_repeats`
(verify: `row 3: two 7s, in C3 and F3`, with the cells). Writing the digits into the sheet and
reading them back is the sheet's side (io/digits_sheet.py).

Numbers read from runs of white cells (sum-line, number-skeleton): `white_runs` (the runs, from
`solver.blocks.cells.runs`), `sum_of_numbers` (the numbers of some runs add up to a total: written
addition with carries, exact), `place_numbers` (each run reads one listed number, each listed
number is read as often as listed), and for answers `run_number`, `run_span`, `run_name`.

Runs with a sum (kakuro): `white_runs_from` (each maximal run of white cells with its head,
the cell before it, where its sum stands), `combinations` and `sum_range` (the sets of
different digits 1-9 that make a sum), `sum_is` (the digits add up to a total) or
`sum_by_combinations` (one binary per combination, linked to the digit counts), and for
answers `check_sum`.

Latin squares placed on the sheet (futoshiki's digits every other cell, skyscrapers' inside a
frame of clues): `square_at` (the sheet cells of the square), `latin` (its rows and columns
each hold every digit once) and `square_units` (those rows and columns named as the sheet names
them, for `check_repeats`). Sightlines of buildings (skyscrapers): `sightline` (exactly so many
buildings of a line are seen from its start, a seen binary per cell linked both ways to the
one-hot heights) and `seen` (the count, for verify).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

import pulp

from solver.blocks.names import cell_name, column_letter
from solver.blocks.placements import place_words
from solver.blocks.violation import Violation
from solver.mip.model import cname, var
from solver.mip.model import value as solved_value

Cell = tuple[int, int]
Digits: TypeAlias = "dict[tuple[int, int, int], pulp.LpVariable]"
TIMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def digit_vars(
    prob: pulp.LpProblem,
    cells: Iterable[Cell],
    digits: Sequence[int],
    name: str = "x",
    optional: bool = False,
) -> Digits:
    """x(r, c, d) for every cell and digit (1-based names as the seed's: x(1,1,5)); each cell
    holds exactly one digit (at most one if `optional`)."""
    x: Digits = {}
    for r, c in cells:
        for d in digits:
            x[r, c, d] = var(prob, name, r + 1, c + 1, d)
        total = pulp.lpSum(x[r, c, d] for d in digits)
        if optional:
            prob += total <= 1, cname("cell", (r, c))
        else:
            prob += total == 1, cname("cell", (r, c))
    return x


def digits_of(x: Digits) -> list[int]:
    return sorted({d for _, _, d in x})


def _named(name: str, d: int) -> str:
    """`row(3)` and digit 5 -> `row(3,5)`, as the seed names its rows."""
    return f"{name[:-1]},{d})" if name.endswith(")") else f"{name}({d})"


def value(x: Digits, cell: Cell) -> pulp.LpAffineExpression:
    """The cell's digit as an expression (0 when an optional cell holds none)."""
    r, c = cell
    return pulp.lpSum(d * x[r, c, d] for d in digits_of_cell(x, cell))


def digits_of_cell(x: Digits, cell: Cell) -> list[int]:
    return [d for d in digits_of(x) if (*cell, d) in x]


def once_each(prob: pulp.LpProblem, x: Digits, cells: Sequence[Cell], name: str) -> None:
    """The cells hold every digit exactly once (as many cells as digits)."""
    for d in digits_of(x):
        prob += pulp.lpSum(x[r, c, d] for r, c in cells) == 1, _named(name, d)


def all_different(prob: pulp.LpProblem, x: Digits, cells: Sequence[Cell], name: str) -> None:
    """No digit twice among the cells."""
    for d in digits_of(x):
        prob += pulp.lpSum(x[r, c, d] for r, c in cells if (r, c, d) in x) <= 1, _named(name, d)


def latin_square(prob: pulp.LpProblem, x: Digits, n: int) -> None:
    """Every row and every column of the n x n grid holds each digit once."""
    for i in range(n):
        once_each(prob, x, [(i, c) for c in range(n)], f"row({i + 1})")
        once_each(prob, x, [(r, i) for r in range(n)], f"col({i + 1})")


def fix(prob: pulp.LpProblem, x: Digits, givens: Mapping[Cell, int]) -> None:
    """The given digits."""
    for (r, c), d in givens.items():
        prob += x[r, c, d] == 1, cname("given", (r, c))


def decode_digits(x: Digits, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The solved digits, row by row (0 for a cell without one)."""
    held = {(r, c): d for (r, c, d), v in x.items() if solved_value(v)}
    return tuple(tuple(held.get((r, c), 0) for c in range(cols)) for r in range(rows))


def check_filled(
    answer: Sequence[Sequence[int | None]],
    cells: Iterable[Cell],
    givens: Mapping[Cell, int] | Iterable[tuple[Cell, int]] = (),
    what: str = "digit",
    blank: Collection[int | None] = (None, 0),
) -> list[Violation]:
    """verify's first checks on a digits answer: each given still stands (`cell C3 changes the
    given 4`), and every one of `cells` holds a digit, not one of `blank` (`2 cells hold no
    digit: B1, D4`; the first five named, all marked)."""
    pairs = givens.items() if isinstance(givens, Mapping) else givens
    problems = [
        Violation(f"cell {cell_name(cell)} changes the given {d}", [cell])
        for cell, d in pairs
        if answer[cell[0]][cell[1]] != d
    ]
    empty = [(r, c) for r, c in cells if answer[r][c] in blank]
    if empty:
        where = ", ".join(map(cell_name, empty[:5])) + (" ..." if len(empty) > 5 else "")
        holds = "1 cell holds" if len(empty) == 1 else f"{len(empty)} cells hold"
        problems.append(Violation(f"{holds} no {what}: {where}", empty))
    return problems


def check_repeats(
    answer: Sequence[Sequence[int]], units: Iterable[tuple[str, Sequence[Cell]]]
) -> list[Violation]:
    """One problem per digit that a unit (a row, a column, a box: its name and cells) holds more
    than once: `row 3: two 7s, in C3 and F3`."""
    problems = []
    for name, cells in units:
        seen: dict[int, list[Cell]] = {}
        for r, c in cells:
            if answer[r][c]:
                seen.setdefault(answer[r][c], []).append((r, c))
        for d, where in sorted(seen.items()):
            if len(where) > 1:
                count = TIMES.get(len(where), str(len(where)))
                names = " and ".join(map(cell_name, where))
                problems.append(Violation(f"{name}: {count} {d}s, in {names}", where))
    return problems


def rows_and_columns(rows: int, cols: int) -> list[tuple[str, list[Cell]]]:
    """The rows and columns of a grid as named units for `check_repeats`."""
    units = [(f"row {r + 1}", [(r, c) for c in range(cols)]) for r in range(rows)]
    units += [
        (f"column {column_letter(c + 1)}", [(r, c) for r in range(rows)]) for c in range(cols)
    ]
    return units


def room_digits(prob: pulp.LpProblem, rooms: Iterable[Sequence[Cell]], name: str = "x") -> Digits:
    """x(r, c, d) for rooms that hold 1..n, n their size (ripple effect): a cell's digits are
    those of its room, each cell holds one and each room holds each of its digits once."""
    x: Digits = {}
    for k, cells in enumerate(rooms, start=1):
        room = digit_vars(prob, cells, range(1, len(cells) + 1), name)
        once_each(prob, room, cells, f"room({k})")
        x |= room
    return x


def factorisations(product: int, count: int, digits: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of `count` digits (non-decreasing tuples, in increasing order) whose
    product is `product`: 12 into 3 digits from 1-4 -> (1, 3, 4), (2, 2, 3). Exact integer
    arithmetic. The digits above 1 are chosen first (at most log2(product) of them), the rest
    are 1s, so a large count costs no deeper search."""
    found: list[tuple[int, ...]] = []
    pool = sorted(d for d in set(digits) if d > 1)
    ones = 1 in digits

    def extend(start: int, rest: int, chosen: list[int]) -> None:
        if rest == 1:
            if len(chosen) == count or (ones and len(chosen) < count):
                found.append((1,) * (count - len(chosen)) + tuple(chosen))
            return
        if len(chosen) == count:
            return
        for i in range(start, len(pool)):
            d = pool[i]
            if rest % d == 0:
                extend(i, rest // d, [*chosen, d])

    if product > 0 and count >= 0:
        extend(0, product, [])
    return sorted(found)


def product_is(
    prob: pulp.LpProblem,
    x: Digits,
    cells: Sequence[Cell],
    options: Sequence[tuple[int, ...]],
    room: int,
) -> list[pulp.LpVariable]:
    """The cells' digits multiply to a product whose factorisations into len(cells) digits are
    `options` (from `factorisations`), exactly and linearly: one binary y(room,i) per
    factorisation i, exactly one chosen (Factor(room)), and the count of every digit d among the
    cells equal to its multiplicity in the chosen one (Count(room,d): sum over the cells of
    x(q,d) = sum_i mult_i(d) y(room,i)). No logarithms, no tolerance: a wrong product has no y to
    choose. Returns the y in the order of `options`."""
    return one_multiset(prob, x, cells, options, room)


def one_multiset(
    prob: pulp.LpProblem,
    x: Digits,
    cells: Sequence[Cell],
    options: Sequence[tuple[int, ...]],
    index: int,
    names: tuple[str, str, str] = ("y", "Factor", "Count"),
) -> list[pulp.LpVariable]:
    """The cells hold, as a multiset, one of `options` (tuples of len(cells) digits): one binary
    per option, exactly one chosen (names[1](index)), and the count of every digit d among the
    cells equal to its multiplicity in the chosen option (names[2](index,d)). The exact linear
    form of any rule on a group's digits that can be listed: a product (`product_is`), a cage's
    difference or quotient (`solver.blocks.cages`). `names`: the binaries' name and the two
    constraints'. Returns the binaries in the order of `options`."""
    y_name, choose, count_name = names
    y = [var(prob, y_name, index, i) for i in range(1, len(options) + 1)]
    prob += pulp.lpSum(y) == 1, cname(choose, index)
    for d in digits_of(x):
        count = pulp.lpSum(x[r, c, d] for r, c in cells if (r, c, d) in x)
        uses = pulp.lpSum(f.count(d) * yf for f, yf in zip(options, y, strict=True) if d in f)
        prob += count == uses, cname(count_name, index, d)
    return y


def box_shape(n: int) -> tuple[int, int]:
    """(box height, box width) for an n x n sudoku: the most square factorisation, wider than
    tall (6: boxes of 2 x 3)."""
    height = max(h for h in range(1, math.isqrt(n) + 1) if n % h == 0)
    if height == 1 and n > 1:
        raise ValueError(f"a {n}x{n} sudoku has no box shape")
    return height, n // height


def sudoku_boxes(n: int) -> list[list[Cell]]:
    """The boxes of an n x n sudoku (`box_shape`), each row by row, the boxes in reading
    order (sudoku, killer sudoku)."""
    h, w = box_shape(n)
    return [
        [(br + r, bc + c) for r in range(h) for c in range(w)]
        for br in range(0, n, h)
        for bc in range(0, n, w)
    ]


def box_ids(n: int) -> list[list[int]]:
    """The record's `regions` of an n x n sudoku: each cell's box, boxes in reading order."""
    h, w = box_shape(n)
    return [[(r // h) * (n // w) + c // w for c in range(n)] for r in range(n)]


# --- numbers read from runs of white cells (sum-line, number-skeleton) -------------------------
#
# A run is a maximal line of white cells along a row (read left to right) or a column (read top
# to bottom), as `solver.blocks.cells.runs` finds them; its digits read as one decimal number. The
# number is never formed as the sum of 10^k d x(cell, d) in the model: a run of 9 cells would
# put coefficients up to 9 * 10^8 into a row, where a solver's tolerances on binaries (about
# 1e-6) are worth hundreds, so a wrong answer could pass. `sum_of_numbers` states a sum of run
# numbers as written addition, digit position by digit position with carries (coefficients at
# most 10: exact after rounding), and `place_numbers` ties each run to one listed number with
# binaries, digit by digit (coefficients 1).


def white_runs(white: Collection[Cell], shortest: int = 1) -> list[list[Cell]]:
    """The maximal runs of the white cells along rows (left to right), then along columns (top
    to bottom), those of at least `shortest` cells (`white_runs_from`, as lists of cells)."""
    return [list(run.cells) for run in white_runs_from(white) if len(run.cells) >= shortest]


def run_span(run: Sequence[Cell]) -> str:
    """`B2-E2`: a run by its first and last cell."""
    return f"{cell_name(run[0])}-{cell_name(run[-1])}"


def run_name(run: Sequence[Cell]) -> str:
    """`the run B2-E2`."""
    return f"the run {run_span(run)}"


def run_number(
    answer: Sequence[Sequence[int | None]], run: Sequence[Cell], empty: int | None = None
) -> int | None:
    """The number a run reads in an answer (a digit per cell), None while one of its cells
    holds no digit (`empty`: None, or 0 in an answer that has no digit 0)."""
    digits = [answer[r][c] for r, c in run]
    if any(d is None or d == empty for d in digits):
        return None
    return int("".join(str(d) for d in digits))


def sum_of_numbers(
    prob: pulp.LpProblem,
    x: Digits,
    lines: Sequence[Sequence[Cell]],
    total: int,
    name: str,
    index: int,
) -> None:
    """The numbers the runs `lines` read add up to `total`, as written addition: at digit
    position k (units first) the digits of the runs there plus the carry in equal the total's
    digit plus 10 times the carry out, c(k) integer, none into the units and none out of the
    top position (constraints name(index,k), carries c<name>(index,k)). Exact: the carries
    follow from the digits, and each row of the model has coefficients of at most 10."""
    longest = max((len(run) for run in lines), default=0)
    top = max(len(str(total)), longest + len(str(len(lines))))  # positions the sum can reach
    high = max(digits_of(x), default=0)
    carry: pulp.LpAffineExpression | int = 0
    most = 0  # the largest carry into position k
    for k in range(top):
        column = [run[len(run) - 1 - k] for run in lines if len(run) > k]
        here = pulp.lpSum(value(x, cell) for cell in column)
        most = (high * len(column) + most) // 10
        out = (
            var(prob, f"c{name}", index, k + 1, cat=pulp.LpInteger, up=most)
            if most and k + 1 < top
            else 0
        )
        digit = total // 10**k % 10
        prob += here + carry == digit + 10 * out, f"{name}({index},{k + 1})"
        carry = out


def place_numbers(
    prob: pulp.LpProblem,
    x: Digits,
    lines: Sequence[Sequence[Cell]],
    numbers: Mapping[int, int],
    name: str = "y",
) -> dict[tuple[int, int], pulp.LpVariable]:
    """Each listed number (`numbers`: number -> how many times listed) goes into that many of
    the runs of its length, and each run holds one listed number: y(n, j) = 1 when run j reads
    n (y(n,j) in the model, n the number). A run's cells spell its number digit by digit: the
    words-in-runs block (`solver.blocks.placements.place_words`) over digits."""
    return place_words(prob, x, lines, numbers, _digits_of_number, int, name)  # type: ignore[return-value]


def _digits_of_number(n: Hashable) -> tuple[int, ...]:
    return tuple(int(ch) for ch in str(n))


# --- runs of white cells with a sum (kakuro) ---------------------------------------------------
#
# A run is a maximal line of white cells across (left to right) or down (top to bottom); the cell
# just before its first cell is its head, where a kakuro prints the run's sum. Single cells are
# runs too (a cell between two black cells): a clue may stand beside one.

DIGITS_1_9 = tuple(range(1, 10))


@dataclass(frozen=True)
class Run:
    """A run of white cells: `cells` in reading order, `across` (else down), and its `head`,
    the cell before the first (off the grid at its edge)."""

    cells: tuple[Cell, ...]
    across: bool

    @property
    def head(self) -> Cell:
        r, c = self.cells[0]
        return (r, c - 1) if self.across else (r - 1, c)

    @property
    def side(self) -> str:
        """Where the run lies from its head: `right of` or `below`."""
        return "right of" if self.across else "below"


def white_runs_from(white: Collection[Cell]) -> list[Run]:
    """Every maximal run of the white cells: across (rows, left to right), then down (columns,
    top to bottom); a single cell is a run each way."""
    found = []
    for across, (dr, dc) in ((True, (0, 1)), (False, (1, 0))):
        for r, c in sorted(white):
            if (r - dr, c - dc) in white:
                continue
            cells = [(r, c)]
            while (cells[-1][0] + dr, cells[-1][1] + dc) in white:
                cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
            found.append(Run(tuple(cells), across))
    return found


@functools.cache
def combinations(total: int, length: int, digits: tuple[int, ...] = DIGITS_1_9) -> tuple:
    """Every set of `length` different digits that adds up to `total`, as sorted tuples
    (combinations(6, 3) == ((1, 2, 3),)); none when the sum cannot be made."""
    return tuple(c for c in itertools.combinations(digits, length) if sum(c) == total)


def sum_range(length: int, digits: Sequence[int] = DIGITS_1_9) -> tuple[int, int]:
    """The least and the greatest sum of `length` different digits (3 cells: 6 to 24)."""
    ordered = sorted(digits)
    return sum(ordered[:length]), sum(ordered[len(ordered) - length :])


def sum_is(prob: pulp.LpProblem, x: Digits, cells: Sequence[Cell], total: int, name: str) -> None:
    """The cells' digits add up to `total` (coefficients 1-9 on binaries: exact)."""
    prob += pulp.lpSum(value(x, cell) for cell in cells) == total, name


def sum_by_combinations(
    prob: pulp.LpProblem, x: Digits, cells: Sequence[Cell], total: int, name: str, index: int
) -> list[pulp.LpVariable]:
    """The cells hold one of the combinations of different digits that add up to `total`: a
    binary k(index,j) per combination j, exactly one of them 1 (name(index)), and each digit is
    held by as many cells as the chosen combination holds it (0 or 1: name(index,d)). This
    states "different digits" too. Returns the binaries."""
    combos = combinations(total, len(cells), tuple(digits_of(x)))
    pick = [var(prob, f"k{name}", index, j) for j in range(1, len(combos) + 1)]
    prob += pulp.lpSum(pick) == 1, f"{name}({index})"
    for d in digits_of(x):
        held = pulp.lpSum(x[r, c, d] for r, c in cells if (r, c, d) in x)
        chosen = pulp.lpSum(k for k, combo in zip(pick, combos, strict=True) if d in combo)
        prob += held == chosen, f"{name}({index},{d})"
    return pick


def check_sum(
    answer: Sequence[Sequence[int]], cells: Sequence[Cell], total: int, name: str
) -> Violation | None:
    """A run's sum against its clue (`name`: `the run right of B2`): when every cell holds a
    digit, `the run right of B2 sums to 14, its clue says 16`; while some are empty, only a sum
    already over the clue (`... already sums to 18 ...`). None when nothing is wrong."""
    held = [(r, c) for r, c in cells if answer[r][c]]
    got = sum(answer[r][c] for r, c in held)
    if len(held) == len(cells) and got != total:
        return Violation(f"{name} sums to {got}, its clue says {total}", cells)
    if len(held) < len(cells) and got >= total:
        return Violation(
            f"{name} already sums to {got} with cells empty, its clue says {total}", held
        )
    return None


# --- latin squares placed on the sheet, and sightlines of buildings ---------------------------


def square_at(n: int, top: int = 0, left: int = 0, step: int = 1) -> list[list[Cell]]:
    """The sheet cells of an n x n square of digits, row by row: puzzle cell (i, j) is sheet
    cell (top + step i, left + step j) (futoshiki's digits stand two sheet cells apart, with
    the signs between them; skyscrapers' grid starts inside its frame of clues)."""
    return [[(top + step * i, left + step * j) for j in range(n)] for i in range(n)]


def square_units(square: Sequence[Sequence[Cell]]) -> list[tuple[str, list[Cell]]]:
    """The rows and columns of a square of sheet cells, named as the sheet names them (`row 3`,
    `column C`), for `latin` and `check_repeats`."""
    rows = [(f"row {line[0][0] + 1}", list(line)) for line in square]
    cols = [list(line) for line in zip(*square, strict=True)]
    return rows + [(f"column {column_letter(line[0][1] + 1)}", line) for line in cols]


def latin(prob: pulp.LpProblem, x: Digits, square: Sequence[Sequence[Cell]]) -> None:
    """Every row and every column of a square of sheet cells holds each digit once (the
    constraints named after the sheet's rows and columns: row(3,5), col(3,5))."""
    for line in square:
        once_each(prob, x, line, f"row({line[0][0] + 1})")
    for line in zip(*square, strict=True):
        once_each(prob, x, line, f"col({line[0][1] + 1})")


def seen(heights: Sequence[int]) -> int:
    """How many buildings are seen along a line, looking from its first cell: a building is
    seen when every building before it is lower (skyscrapers' rule). 0 stands for a cell
    without a building and hides nothing."""
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def sightline(
    prob: pulp.LpProblem,
    x: Digits,
    line: Sequence[Cell],
    count: int,
    name: str,
    blanks: bool = False,
) -> dict[Cell, pulp.LpVariable]:
    """Exactly `count` of the line's buildings are seen from its start (cells in viewing order,
    each holding one digit, the line's digits all different: a row or column of a latin
    square). s(cell) = 1 when the building there is seen, that is, when no taller one stands
    before it; both ways exactly, linked to the one-hot digits x:
      seen:   s(i) >= x(i,d) - sum over j < i, e > d of x(j,e)      (nothing taller before)
      hidden: s(i) <= 1 - sum over j < i of x(j,e) + sum over d > e of x(i,d), for every e
              (a building e stands before i and the one at i is not taller than e).
    With integral digits these leave s no choice; `name` tells the lines apart (`L3`: row 3
    seen from the left: variables seeL3(3,1)...). With `blanks` a cell may hold no digit (x
    from `digit_vars(optional=True)`: no building, which hides nothing): blank(i) says such a
    cell is not seen, s(i) <= sum over d of x(i,d). Returns the s variables."""
    digits = digits_of(x)
    s = {cell: var(prob, f"see{name}", cell[0] + 1, cell[1] + 1) for cell in line}
    for i, cell in enumerate(line):
        before = line[:i]
        for d in digits:
            taller_before = pulp.lpSum(x[(*q, e)] for q in before for e in digits if e > d)
            prob += s[cell] >= x[(*cell, d)] - taller_before, cname(f"seen{name}", cell, d)
            if before:
                e_before = pulp.lpSum(x[(*q, d)] for q in before)
                taller_here = pulp.lpSum(x[(*cell, e)] for e in digits if e > d)
                prob += (
                    s[cell] <= 1 - e_before + taller_here,
                    cname(f"hidden{name}", cell, d),
                )
        if blanks:
            held = pulp.lpSum(x[(*cell, d)] for d in digits)
            prob += s[cell] <= held, cname(f"blank{name}", cell)
    prob += pulp.lpSum(s.values()) == count, f"sight{name}"
    return s
