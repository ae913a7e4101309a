"""KenKen (賢くなるパズル; also kendoku, calcudoku, mathdoku).

Rules: put a digit 1-N into every cell of an N x N grid so that each row and each column holds
every digit once (a latin square). The grid is divided into cages, each with a target and an
operation: the digits of a cage make its target by its operation: `+` their sum, `×` their
product, `-` the difference of its two digits (the larger minus the smaller), `÷` their quotient
(the larger divided by the smaller). A digit may repeat in a cage (in different rows and
columns). A cage of one cell holds its target. A cage whose operation is not given makes its
target by one of the four.

Layout: the N x N grid from A1, the sentinel one cell diagonally below-right of it, and the
cages in either of the two ways of the room genres (`solver.io.rooms_sheet`). A cage's clue is
its target and then its operation: `12+`, `3-`, `24×`, `2÷`; `×` may be typed `*`, `x` or `X`,
`÷` as `/` or `:`, `-` as `−`; a target alone (`3`) gives no operation.

- thick borders: draw the cages' walls with Excel's border tool (medium or thick lines), and type
  each cage's clue into its first cell (the leftmost cell of its top row); a number in any
  other cell is a given digit; the other cells stay empty;
- labels: every cell holds its cage's label (`A`, `B` ... `Z`, `AA` ...), and a cage's clue goes
  after its label into one (any one) of its cells (`A12+`, `B3`).

Every cage has its clue.

    thick borders:           labels:
    ┏━━━━┳━━━━━━━━━┳━━━━┓
    ┃24× ┃2÷       ┃3-  ┃    A24× B2÷ B    C3-
    ┃    ┗━━━━┳━━━━┫    ┃
    ┃         ┃7+  ┃    ┃    A    A   D7+  C
    ┣━━━━┳━━━━┫    ┣━━━━┫
    ┃3-  ┃5+  ┃    ┃3   ┃    E3-  F5+ D    G3
    ┃    ┃    ┣━━━━┻━━━━┫
    ┃    ┃    ┃2÷       ┃    E    F   H2÷  H
    ┗━━━━┻━━━━┻━━━━━━━━━┛
    (the answer: 3124 2431 1243 4312)

The answer writes the digits in blue into the empty cells among thick borders; after what a cell
holds (a clue, a label) it shows the digit through the cell's number format, in the cell's own
colour: `12+=3`, `A=3`, `A12+=3` (the value stays `12+`, `A`, `A12+`). A cage of one cell with
its target alone shows the target as its digit. Solving by hand, type the digits into the empty
cells, and after a clue or a label with `=` (`12+=3`, `A=3`). A digit typed by hand cannot be
told from a printed one: Check, and solving, read it as a given, as for sudoku.

puzz.link: none (pzprjs has no kenken).

Model: x(r,c,d) = 1 when cell (r,c) holds digit d (`solver.blocks.digits`): one digit per cell
(cell(r,c)), the givens fixed (given(r,c)), a latin square (row(r,d), col(c,d)). A cage's clue,
exactly and linearly (`solver.blocks.cages.cage_is`), as a choice among the multisets of digits
1-N that make it (`solver.blocks.cages.options`: a sum's, a product's factorisations, the pairs
of a difference or a quotient, every multiset of some operation for a cage without one) and fit
the cage (`placeable`: equal digits never in one row or column): one binary y(k,i) per multiset
i of cage k, Cage(k): exactly one is chosen, and CageCount(k,d): the cage holds d as often as the
chosen multiset does; a sum also as one equation of the digits' values (Sum(k)). A clue that no
digits make is an input error at its cell; a sum, or a clue without its operation, is listed
over at most 9 cells.

Deductions (`deduce`, `solver.deduce.digit_logic`): each cell's candidates, narrowed by singles
in rows and columns and by each cage's multisets that can still be placed, then probing the cells
of two or three candidates, within the tuning's work. Where cells are left open, a SAT solver
(`learned`: CaDiCaL through `solver.deduce.sat`, within the Tuning's `sat_work`) over the same
rules as sums of 0/1 variables (a cell's digits, each cage's multiset) decides the grid where it
ends with one answer: on puzzles whose cages give no operation (every multiset of the four
operations possible) it ends where SCIP takes seconds.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pulp

from solver.blocks.cages import (
    DIVIDE,
    MINUS,
    OPERATIONS,
    PLUS,
    TIMES,
    cage_is,
    makes,
    options,
    placeable,
)
from solver.blocks.digits import (
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    fix,
    latin_square,
    rows_and_columns,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic, learning, sat
from solver.genres import define
from solver.io.givens import Given, in_rooms
from solver.io.room_digits import (
    read_room_digits,
    render_room_digits,
    room_clues,
    shown_digit,
    split_digit,
    without_digits,
)
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.limits import MAX_SUDOKU_N
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning

SIGNS = {
    "+": PLUS,
    "-": MINUS,
    "−": MINUS,
    "–": MINUS,
    "*": TIMES,
    "x": TIMES,
    "X": TIMES,
    "×": TIMES,
    "·": TIMES,
    "/": DIVIDE,
    "÷": DIVIDE,
    ":": DIVIDE,
}
# a clue with its operation, after an optional label: `12+`, `A12+`, `A 24 ×`
CLUE = re.compile(
    r"^(?:(?P<label>[^\W\d_]+?)\s*)?(?P<target>\d+)\s*(?P<sign>["
    + re.escape("".join(SIGNS))
    + r"])$"
)
# the operation typed before the target: `*24`, `A ÷2` (not `x`: `X24` is room X's 24)
OP_FIRST = re.compile(
    r"^(?P<label>[^\W\d_]*?)\s*(?P<sign>["
    + re.escape("".join(sign for sign in SIGNS if sign.isalpha() is False))
    + r"])\s*(?P<target>\d+)$"
)
SIGNED = re.compile(r"^[^\W\d_]*\s*\d+\s*[^\w\s]\S*$")  # a number and some mark after it
MOST_LISTED = 9  # cells of a cage whose multisets of a sum are listed (a sum, no operation)


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    """The cages (`rooms`), each cage's target in the cell that holds its clue (`numbers`), the
    operations given (`operations`: by clue cell; a target without one has none), and the
    digits the sheet shows (`digits`: given, or filled in by hand)."""

    operations: tuple[tuple[Cell, str], ...] = ()
    digits: tuple[tuple[Cell, int], ...] = ()

    @property
    def n(self) -> int:
        return self.rows

    def room_name(self, k: int) -> str:
        return super().room_name(k).replace("room", "cage", 1)

    def clues(self) -> dict[int, tuple[Cell, int, str | None]]:
        """Cage -> its clue's cell, target and operation (None: not given)."""
        ops = dict(self.operations)
        return {self.rooms.room_of(cell): (cell, t, ops.get(cell)) for cell, t in self.numbers}

    def digit_clues(self) -> dict[Cell, int]:
        """The cages of one cell whose clue is a target alone: their cell shows the digit."""
        return {
            cell: t
            for k, (cell, t, op) in self.clues().items()
            if op is None and len(self.rooms.cells(k)) == 1
        }

    def clue_cells(self) -> set[Cell]:
        """The cells whose number is a clue, not a digit."""
        return set(self.number_at()) - set(self.digit_clues())


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def clue_text(target: int, op: str | None) -> Value:
    """A clue as typed: `12+`, or the target alone."""
    return target if op is None else f"{target}{op}"


def _split_clues(grid: Grid) -> tuple[Grid, dict[Cell, str]]:
    """The grid with each clue's operation taken off (`12+` -> 12, `A12+` -> `A12`, a digit
    after `=` kept), and the operations by cell."""
    cells = [list(row) for row in grid.cells]
    ops: dict[Cell, str] = {}
    for r, c in grid.positions():
        own, digit = split_digit(grid[r, c])
        if isinstance(own, (int, float)) and not isinstance(own, bool) and own < 0:
            raise grid.error(
                r,
                c,
                f"a cage's clue is its target, then its operation; found the number {own} "
                f"(Excel reads a leading - as a minus sign): type {-own}-",
            )
        if not isinstance(own, str):
            continue
        text = unicodedata.normalize("NFKC", own).strip()
        m = CLUE.match(text)
        if m is None:
            first = OP_FIRST.match(text)
            if first is not None:
                raise grid.error(
                    r,
                    c,
                    f"a cage's clue is its target, then its operation; found {quote(own)}: "
                    f"type {first['label']}{first['target']}{first['sign']}",
                )
            if SIGNED.match(text):
                raise grid.error(
                    r,
                    c,
                    f"expected a cage's clue, a target and its operation (`12+`, `3-`, `24×`, "
                    f"`2÷`; after a label: `A12+`), found {quote(own)}",
                )
            continue
        ops[r, c] = SIGNS[m["sign"]]
        target = int(m["target"])
        bare: Value = f"{m['label']}{target}" if m["label"] else target
        cells[r][c] = bare if digit is None else f"{bare}={digit}"
    return Grid(grid.sheet, cells, grid.source, grid.origin), ops


def parse(grid: Grid) -> Puzzle:
    bare = without_digits(grid)
    if bare.rows != bare.cols:
        raise InputError(
            grid.sheet,
            f"a kenken grid is square, this one is {bare.rows} rows by {bare.cols} columns "
            "(check the sentinel's place)",
        )
    n = bare.rows
    if n > MAX_SUDOKU_N:
        raise InputError(
            grid.sheet, f"a kenken is at most {MAX_SUDOKU_N}x{MAX_SUDOKU_N}, this one is {n}x{n}"
        )
    plain, ops = _split_clues(grid)
    rooms, targets, digits = room_clues(plain, n, "clue", "cage")
    for r, c in sorted(ops):
        if (r, c) not in targets:  # among borders, beyond the cage's first cell
            first = rooms.cells(rooms.room_of((r, c)))[0]
            raise grid.error(
                r, c, f"a cage's clue goes into its first cell, here {_at(grid, first)}"
            )
    p = Puzzle(
        rooms,
        tuple(sorted(targets.items())),
        tuple(sorted(ops.items())),
        tuple(sorted(digits.items())),
    )
    for k, (cell, target, op) in sorted(p.clues().items()):
        size = len(rooms.cells(k))
        r, c = cell
        if op in (MINUS, DIVIDE) and size != 2:
            raise grid.error(
                r,
                c,
                f"a {OPERATIONS[op]} ({op}) is of two cells, this cage has {size}: check the "
                "clue and the cage's walls",
            )
        if op in (PLUS, None) and size > MOST_LISTED:
            raise grid.error(
                r,
                c,
                f"a cage with a sum or without its operation has at most {MOST_LISTED} cells, "
                f"this one {size}: check its walls",
            )
        possible = any(
            placeable(rooms.cells(k), m) for m in options(target, op, size, range(1, n + 1))
        )
        if not possible:
            how = f"as their {OPERATIONS[op]}" if op else "by any operation"
            raise grid.error(
                r,
                c,
                f"no {size} digit{'s' * (size > 1)} from 1 to {n} make {target} {how}: check "
                "the clue and the cage's walls",
            )
    return p


def _at(grid: Grid, cell: Cell) -> str:
    return cell_name((cell[0] + grid.origin[0], cell[1] + grid.origin[1]))


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Each cage's clue in its first cell (`12+`, a target alone), given digits in theirs
    (after a clue: `12+=3`); the cages are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for k, (_, target, op) in p.clues().items():
        r, c = p.rooms.cells(k)[0]
        cells[r][c] = clue_text(target, op)
    for (r, c), d in p.digits:
        cells[r][c] = d if cells[r][c] is None else f"{cells[r][c]}={d}"
    return cells


def model(p: Puzzle) -> Model:
    n = p.n
    prob = new_problem("kenken")
    x = digit_vars(prob, p.positions(), range(1, n + 1))
    fix(prob, x, dict(p.digits))
    latin_square(prob, x, n)
    for k, (_, target, op) in sorted(p.clues().items()):
        cage_is(prob, x, p.rooms.cells(k), target, op, k + 1, range(1, n + 1))
    return Model(prob, list(x.values()), {"x": x})


def board(p: Puzzle, budget: int) -> digit_logic.Board:
    """The deduction board: rows and columns as houses, each cage with the multisets that make
    its clue."""
    digits = tuple(range(1, p.n + 1))
    cages = [
        (p.rooms.cells(k), options(target, op, len(p.rooms.cells(k)), digits))
        for k, (_, target, op) in sorted(p.clues().items())
    ]
    return digit_logic.latin_board(p.n, cages=cages, budget=budget)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.digit_logic`): singles in rows and columns, each
    cage's multisets that can still be placed, then each cell of two or three candidates
    probed, within the tuning's `probe_work`; then, where cells are left open, a search that
    learns from its conflicts (`learned`: the SAT solver's within `sat_work`)."""
    rules = board(p, tuning.probe_work)
    cand = digit_logic.deduce(rules, dict(p.digits))
    searched = tuning.sat_work or tuning.learn_work
    if cand is not None and searched and any(len(ds) > 1 for ds in cand.values()):
        cand = learned(p, cand, rules.cages, tuning.learn_work, tuning.sat_work)
    return digit_logic.deductions(cand, p.n, p.n, range(1, p.n + 1))


def learned(
    p: Puzzle,
    cand: digit_logic.Candidates,
    cages: Sequence[tuple[list[Cell], list[tuple[int, ...]]]],
    work: int,
    sat_work: int = 0,
) -> digit_logic.Candidates | None:
    """The candidates (`cand`, what the rules decided, each cage with the multisets `cages`
    left to it) with the open cells decided by a search that learns from its conflicts (the SAT
    solver of `solver.deduce.sat` within `sat_work` where given, else `solver.deduce.learning`'s
    within `work`) where it ends with one answer (that is then the only one); None
    where it ends with none (no answer); otherwise `cand` as it was. Its variables: x(cell, d)
    for each open cell's candidate d, and for each cage with m > 1 multisets left, z(k, i) = 1
    where the cage's digits are not multiset i (so that every weight is above 0). Its sums:
    each open cell holds one digit, sum_d x(cell, d) = 1; each row and column holds each digit
    once, less the cells decided to hold it; one multiset is the cage's, sum_i z(k, i) = m - 1;
    and the cage holds each digit d as often as its multiset does, sum x(cell, d) = sum_i
    c_i(d) (1 - z(k, i)) less the cells decided to hold d, where c_i(d) counts d in multiset i.
    The multiset follows from the digits, so an answer of the sums is one of the puzzle."""
    n, decided = p.n, {cell: min(ds) for cell, ds in cand.items() if len(ds) == 1}
    x: dict[tuple[Cell, int], int] = {}  # x(cell, d): its variable
    sums: list[learning.Sum] = []
    for cell, ds in sorted(cand.items()):
        if len(ds) > 1:
            x.update({(cell, d): len(x) + k for k, d in enumerate(sorted(ds))})
            sums.append((1, [(x[cell, d], 1) for d in sorted(ds)]))
    count = len(x)  # the variables so far; the z(k, i) follow

    def counted(cells: Sequence[Cell], d: int, total: int) -> learning.Sum:
        """`cells` hold d `total` times: their open cells' x(cell, d) sum to the total less
        the decided cells that hold d (below 0: the search finds no answer)."""
        left = total - sum(decided.get(q) == d for q in cells)
        return left, [(x[q, d], 1) for q in cells if (q, d) in x]

    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    sums += [counted(line, d, 1) for line in lines for d in range(1, n + 1)]
    for cells, multisets in cages:
        counts = [Counter(m) for m in multisets]
        counts = [c for c in counts if all(sum(d in cand[q] for q in cells) >= c[d] for d in c)]
        # z(k, i), where the cage has more than one multiset
        wrong = list(range(count, count + len(counts))) if len(counts) > 1 else []
        count += len(wrong)
        sums.append((len(counts) - 1, [(z, 1) for z in wrong]))  # none left: no answer
        for d in sorted({d for q in cells for d in cand[q]}):
            left, terms = counted(cells, d, sum(c[d] for c in counts))
            if wrong:
                terms += [(z, c[d]) for z, c in zip(wrong, counts, strict=True) if c[d]]
            sums.append((left, terms))
    found = sat.after_probing(count, sums, work, sat_work)
    if found is None or len(found) > 1:
        return cand
    if not found:
        return None
    out = {cell: set(ds) for cell, ds in cand.items()}
    for (cell, d), v in x.items():
        if found[0][v]:
            out[cell] = {d}
    return out


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a digit 1-N, the givens stand, no row or column holds a digit twice,
    and each cage's digits make its target by its operation (checked once the cage is full)."""
    n = p.n
    a = tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(n)) for r in range(n)
    )
    problems = check_filled(a, p.positions(), p.digits)
    problems += [
        Violation(f"cell {cell_name((r, c))} holds {a[r][c]}, not a digit 1 to {n}", [(r, c)])
        for r, c in p.positions()
        if a[r][c] and not 1 <= a[r][c] <= n
    ]
    problems += check_repeats(a, rows_and_columns(n, n))
    for k, (_, target, op) in sorted(p.clues().items()):
        cells = p.rooms.cells(k)
        digits = [a[r][c] for r, c in cells]
        if all(digits) and not makes(target, op, digits):
            how = f"as its {OPERATIONS[op]}" if op else "by any operation"
            shown = ", ".join(map(str, digits))
            problems.append(
                Violation(
                    f"{p.room_name(k)} holds {shown}, which do not make {target} {how}", cells
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers in the cells among borders (a clue only in a cage's
    first cell, but the target of a one-cell cage is its digit), and after a clue or label with
    `=` (typed, or drawn by solving through the number format)."""
    return read_room_digits(grid, m["x"], p.clue_cells())


_LAST: list[tuple[Grid, set[Cell]]] = []  # the clue cells of the grid asked about last


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit: a label alone, a clue alone,
    nothing."""
    if not _LAST or _LAST[0][0] is not grid:
        try:
            clues = parse(grid).clue_cells()
        except InputError:
            clues = set()
        _LAST[:] = [(grid, clues)]
    return shown_digit(grid, cell, clue=cell in _LAST[0][1]) is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    """The digits (`solver.io.room_digits`); a one-cell cage's target alone is its digit."""
    given = dict(p.digits) | p.digit_clues()
    return render_room_digits(p, a, given, p.clue_cells(), [cell for cell, _ in p.operations])


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a], "regions": p.rooms.regions()}


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The digits typed into the grid, for the conflict search; the cages and their clues are
    the puzzle's own (every cage has its clue)."""
    return in_rooms(grid, p.digits)


GENRE = define(
    __name__,
    slug="kenken",
    ja="賢くなるパズル",
    names=("kendoku", "calcudoku", "mathdoku", "ケンケン"),
    # SCIP: 31 s on the hardest of janko.at's 430 (050, signs not given) where HiGHS takes 55
    # (benchmarks/benchmark_puzzlekit.py).
    tuning=Tuning(
        solver="scip", prove_by_search=True, probe_work=10_000_000, sat_work=sat.AFTER_PROBING
    ),
)
