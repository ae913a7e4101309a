"""Kakuro (カックロ, also Cross Sums).

Rules: put a digit 1-9 into every white cell. A run is a maximal line of white cells across or
down; no digit stands twice in a run, and a run's digits add up to the sum in the clue cell
before it: the down sum of the clue above a down run, the across sum of the clue left of an
across run. A run without a sum has no sum to meet (its digits still differ).

Layout: as a newspaper prints it, one puzzle cell per spreadsheet cell from A1, the clue row and
column included (the sample's 6x6 from A1 has its clues in row 1 and column A). A white cell is
empty. A clue cell holds `down\\across` in one cell: `16\\` (a down sum only), `\\7` (an across
sum only), `23\\10` (both). A black cell without sums is `■`, `#` (or `+`, `*`), a lone `\\`,
or an empty cell with a dark fill (Excel's fill tool). The sentinel goes one cell diagonally
below-right of the grid, as in every genre. The sample (workbooks/kakuro.xlsx), typed and
solved:

```
   A     B     C     D     E     F        after Solve:
1  ■     ■     11\\   4\\    ■     ■        ■     ■     11\\   4\\    ■     ■
2  ■     14\\5              10\\   ■        ■     14\\5  2     3     10\\   ■
3  \\17                           3\\       \\17   9     5     1     2     3\\
4  \\6                3\\4                  \\6    5     1     3\\4   3     1
5  ■     \\10                              ■     \\10   3     1     4     2
6  ■     ■     \\3                ■        ■     ■     \\3    2     1     ■
```

Also read: `/` for `\\` (`16/`, `/7`, `23/10`), and `¥` (a Japanese keyboard's backslash).
Beware: Excel turns `23/10` or `1/2` into a date as it is typed (and `1/2` may become a
fraction); such a cell is refused with a message. Type `\\`, or an apostrophe first (`'23/10`)
to keep it text. A number typed alone into a cell is a digit 1-9 of the answer, never a sum.

The answer writes a digit into every white cell. Solving by hand, type digits into the white
cells; Check my answer and hints read them as for sudoku (a digit filled in by hand cannot be
told from a given one, so every digit on the sheet is read as a given). The record's `numbers`
is the full grid, null for clue and black cells.

Bad input is refused before anything is solved, naming the clue cell: a sum with no white cell
beside it on its side; a sum that the run's different digits cannot make (2 cells make 3 to
17, 3 cells 6 to 24: `\\2` before two cells is refused, since 1 + 1 repeats a digit); a run
longer than 9 cells; a white cell whose across sum and down sum allow no digit in common
(`no digit fits here: the run right of A2 (16 in 2) allows 7 or 9 and the run below C1 (4 in
2) allows 1 or 3`). A puzzle whose sums can each be made but not all together otherwise has
no answer (`infeasible`).

puzz.link: `kakuro` (pzprjs): the board and the clues of its frame, the top row and left column
of the sheet (`solver.io.puzzlink.decode_kakuro`).

Model: x(r,c,d) = 1 when white cell (r,c) holds digit d (`solver.blocks.digits`); one digit per
white cell. Each run with a sum holds one of the combinations of different digits that make it: a
binary per combination, exactly one chosen, and every digit held by as many of the run's cells
as the chosen combination holds it, 0 or 1 (`digits.sum_by_combinations`; it says "different
digits" too). A run without a sum: each digit at most once. Exact: all coefficients are 0 or 1.
The other form of the sum (`FORMS`): the digits' values add up to the sum (`digits.sum_is`,
coefficients 1-9) with each digit at most once per run; or both together. The combinations are
the default (`FORM`): on every back end the plain sum takes 2 to 16 times longer, answer and
uniqueness proof (its LP relaxation is the weaker one: fractional digits can meet a sum that no
combination makes), and both together are no faster than the combinations alone
(`benchmarks/benchmark_kakuro.py` compares the forms). `model(p, form="sum")` or `"both"` builds the
others.

Deductions (`deduce`): each white cell's possible digits, kept consistent run by run (a digit
stays where a set of different digits with the run's sum holds it and fits the run's cells),
then each open digit tried (probing); they decide the published puzzles whole, and then no
solver runs.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pulp

from solver import limits
from solver.blocks.digits import (
    DIGITS_1_9,
    Run,
    all_different,
    check_filled,
    check_repeats,
    check_sum,
    combinations,
    decode_digits,
    digit_vars,
    fix,
    sum_by_combinations,
    sum_is,
    sum_range,
    white_runs_from,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.values import OddValue, Value
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions
from solver.deduce.probing import Contradiction
from solver.genres import define
from solver.io import givens as given_cells
from solver.io import puzzlink
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError, is_dark
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import BLACK, fold
from solver.mip.model import Model, new_problem
from solver.mip.settings import Tuning

FORMS = ("combinations", "sum", "both")
FORM = "combinations"  # the fastest (see the docstring)
BLACK_MARKS = BLACK | {"*"}
WALL = "■"
_CLUE = re.compile(r"(\d{0,6})[\\/¥](\d{0,6})")  # a longer number is no sum: refused


@dataclass(frozen=True)
class Clue:
    """A clue cell: its down sum and its across sum (None where it gives none; both None is a
    plain black cell)."""

    down: int | None = None
    across: int | None = None

    def text(self) -> str:
        """As typed: `16\\7`, `16\\`, `\\7`, or `■` for a black cell without sums."""
        if self.down is None and self.across is None:
            return WALL
        return f"{self.down or ''}\\{self.across or ''}"


Entry = Clue | int | None  # a clue or black cell, a given digit, or an empty white cell


@dataclass(frozen=True)
class Puzzle:
    cells: tuple[tuple[Entry, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def white(self) -> list[Cell]:
        return [
            (r, c)
            for r, row in enumerate(self.cells)
            for c, v in enumerate(row)
            if not isinstance(v, Clue)
        ]

    def given_digits(self) -> dict[Cell, int]:
        return {
            (r, c): v for r, row in enumerate(self.cells) for c, v in enumerate(row) if _digit(v)
        }

    def runs(self) -> list[tuple[Run, int | None]]:
        """Every run with its sum (None when the cell before it gives none)."""
        return [(run, self.total(run)) for run in white_runs_from(set(self.white()))]

    def total(self, run: Run) -> int | None:
        r, c = run.head
        if r < 0 or c < 0:
            return None
        clue = self.cells[r][c]
        assert isinstance(clue, Clue)
        return clue.across if run.across else clue.down


def _digit(v: Entry) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for clue and black cells


def read_clue(value: Value) -> Clue | None:
    """A clue cell's text as a Clue (`23\\10`, `16/`, `\\7`, `■`, `\\`); None when the value is
    no clue (empty, a digit, anything else)."""
    if not isinstance(value, str) or isinstance(value, OddValue):
        return None
    text = fold(value)
    if text in BLACK_MARKS:
        return Clue()
    found = _CLUE.fullmatch(text)
    if found is None:
        return None
    down, across = (int(t) if t else None for t in found.groups())
    return Clue(down, across)


def parse(grid: Grid) -> Puzzle:
    def cell(r: int, c: int) -> Entry:
        v = grid[r, c]
        if v is None:
            sheet = grid.source
            dark = sheet is not None and is_dark(sheet.get_style(r + 1, c + 1).fill_color)
            return Clue() if dark else None
        if isinstance(v, int):
            if v in DIGITS_1_9:
                return v
            hint = (
                f"; a sum goes into its clue cell as down\\across: `{v}\\` for the run below, "
                f"`\\{v}` for the run right"
                if 1 <= v <= 45
                else ""
            )
            raise grid.error(r, c, f"a white cell holds a digit 1-9, found {quote(v)}{hint}")
        if isinstance(v, OddValue) and v.what == "a date":
            raise grid.error(
                r,
                c,
                f"Excel read this clue as a date ({quote(v)}): type it with a backslash, "
                "down\\across (`23\\10`), or put an apostrophe before it (`'23/10`)",
            )
        clue = read_clue(v)
        if clue is None:
            raise grid.error(
                r,
                c,
                "expected a clue down\\across (`16\\`, `\\7`, `23\\10`), a black cell `■`, a "
                f"digit 1-9 or an empty white cell, found {quote(v)}",
            )
        for what, total in (("down", clue.down), ("across", clue.across)):
            if total is not None and not 1 <= total <= 45:
                raise grid.error(
                    r, c, f"the {what} sum {total} is not a sum of digits: a sum is 1 to 45"
                )
        return clue

    p = Puzzle(tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows)))
    problem = first_problem(p)
    if problem is not None:
        (r, c), message = problem
        raise grid.error(r, c, message)
    if not p.white():
        raise InputError(grid.sheet, "no white cell: leave the cells to fill in empty")
    return p


def first_problem(p: Puzzle) -> tuple[Cell, str] | None:
    """The first clue that no answer can meet (a sum with no run beside it, a sum its run
    cannot make, a run longer than 9 cells), or a white cell that no digit fits (its two sums
    allow no digit in common), with its cell; None when there is none."""
    runs = p.runs()
    heads = {(run.head, run.across) for run, _ in runs}
    for (r, c), clue in sorted(_clues(p).items()):
        for across, total, side in ((False, clue.down, "below"), (True, clue.across, "right of")):
            if total is not None and ((r, c), across) not in heads:
                beside = (r, c + 1) if across else (r + 1, c)
                where = (
                    f"{cell_name(beside)} is not a white cell"
                    if beside[0] < p.rows and beside[1] < p.cols
                    else "the grid ends there"
                )
                what = "across" if across else "down"
                return (r, c), f"the {what} sum {total} has no run {side} it ({where})"
    for run, total in runs:
        n = len(run.cells)
        where = run.head if total is not None else run.cells[0]
        if n > len(DIGITS_1_9):
            return where, f"{_name(run)} has {n} cells: a run holds at most 9 (each digit once)"
        if total is not None and not combinations(total, n):
            low, high = sum_range(n)  # every sum between is made by some different digits
            cells = "1 cell" if n == 1 else f"{n} cells"
            return where, (
                f"{_name(run)} cannot sum to {total}: {cells} of different digits 1-9 make "
                f"{low} to {high}"
            )
    return _digitless_cell(runs)


def _digitless_cell(runs: list[tuple[Run, int | None]]) -> tuple[Cell, str] | None:
    """The first white cell where the digits its across sum allows and those its down sum
    allows have none in common (each sum can be made, but not both through this cell)."""
    allowed: dict[Cell, list[tuple[Run, int, set[int]]]] = {}
    for run, total in runs:
        if total is not None:
            digits = {d for combo in combinations(total, len(run.cells)) for d in combo}
            for cell in run.cells:
                allowed.setdefault(cell, []).append((run, total, digits))
    for cell, ways in sorted(allowed.items()):
        if len(ways) == 2 and not ways[0][2] & ways[1][2]:
            said = " and ".join(
                f"{_name(run)} ({total} in {len(run.cells)}) allows {_listed(digits)}"
                for run, total, digits in ways
            )
            return cell, f"no digit fits here: {said}"
    return None


def _listed(digits: set[int]) -> str:
    ordered = [str(d) for d in sorted(digits)]
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]


def _clues(p: Puzzle) -> dict[Cell, Clue]:
    return {
        (r, c): v for r, row in enumerate(p.cells) for c, v in enumerate(row) if isinstance(v, Clue)
    }


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [[v.text() if isinstance(v, Clue) else v for v in row] for row in p.cells]


def model(p: Puzzle, form: str = FORM) -> Model:
    """form: `combinations` (the default), `sum` or `both` (see the docstring)."""
    if form not in FORMS:
        raise ValueError(f"form {form!r}: one of {', '.join(FORMS)}")
    prob = new_problem("kakuro")
    x = digit_vars(prob, p.white(), DIGITS_1_9)
    fix(prob, x, p.given_digits())
    for k, (run, total) in enumerate(p.runs(), start=1):
        if total is None or form != "combinations":
            all_different(prob, x, run.cells, f"Run({k})")
        if total is None:
            continue
        if form in ("sum", "both"):
            sum_is(prob, x, run.cells, total, f"Sum({k})")
        if form in ("combinations", "both"):
            sum_by_combinations(prob, x, run.cells, total, "Comb", k)
    return Model(prob, list(x.values()), {"x": x})


# --- deductions: each white cell's possible digits, kept consistent run by run -------------

ALL_DIGITS = sum(1 << d for d in DIGITS_1_9)  # a cell's possible digits, bit d for digit d


def _combinations(length: int, total: int | None) -> list[int]:
    """The sets of `length` different digits (as bits) that add up to `total` (any: None)."""
    return [
        sum(1 << d for d in digits)
        for digits in itertools.combinations(DIGITS_1_9, length)
        if total is None or sum(digits) == total
    ]


def _narrow(dom: list[int], cells: list[int], sets: list[int]) -> list[int]:
    """A run's rule: a digit stays in a cell where some set of digits the run can hold has it,
    the run's decided digits, and a digit for each of its cells (every cell's digits meet it,
    and its cells' digits together cover it); a decided digit leaves the run's other cells,
    and a digit every such set holds that only one cell can take goes there. The cells
    narrowed."""
    decided = [dom[q] for q in cells if dom[q] & (dom[q] - 1) == 0]
    fixed = 0
    for bits in decided:
        if fixed & bits:
            raise Contradiction
        fixed |= bits
    union = 0
    for q in cells:
        union |= dom[q]
    fits = [
        one
        for one in sets
        if one & fixed == fixed and one & union == one and all(dom[q] & one for q in cells)
    ]
    if not fits:
        raise Contradiction
    allowed, required = 0, ALL_DIGITS
    for one in fits:
        allowed |= one
        required &= one
    narrowed = []
    for q in cells:
        keep = dom[q] & allowed
        if keep & (keep - 1):
            keep &= ~fixed
        if not keep:
            raise Contradiction
        if keep != dom[q]:
            dom[q] = keep
            narrowed.append(q)
    for d in DIGITS_1_9:
        bit = 1 << d
        if required & bit and not fixed & bit:
            holders = [q for q in cells if dom[q] & bit]
            if not holders:
                raise Contradiction
            if len(holders) == 1 and dom[holders[0]] != bit:
                dom[holders[0]] = bit
                narrowed.append(holders[0])
    return narrowed


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the runs decide (`_narrow`, run by run until none narrows a cell), then each open
    digit of each cell tried (probing): a digit that propagates to a contradiction is struck
    out. Probing's work counts the white cells once a trial, within `tuning.probe_work`."""
    cells = p.white()
    index = {cell: i for i, cell in enumerate(cells)}
    dom = [ALL_DIGITS] * len(cells)
    for cell, d in p.given_digits().items():
        dom[index[cell]] = 1 << d
    runs = [
        ([index[q] for q in run.cells], _combinations(len(run.cells), total))
        for run, total in p.runs()
    ]
    watch: list[list[int]] = [[] for _ in cells]
    for k, (run_cells, _) in enumerate(runs):
        for q in run_cells:
            watch[q].append(k)

    def propagate(dom: list[int], todo: set[int]) -> None:
        while todo:
            run_cells, sets = runs[todo.pop()]
            for q in _narrow(dom, run_cells, sets):
                todo.update(watch[q])

    try:
        propagate(dom, set(range(len(runs))))
        spent, progress = 0, True
        while progress and spent < tuning.probe_work:
            progress = False
            for q in range(len(dom)):
                for d in DIGITS_1_9:
                    bit = 1 << d
                    if dom[q] == bit or not dom[q] & bit or spent >= tuning.probe_work:
                        continue
                    limits.check_time()
                    spent += len(dom)
                    trial = dom[:]
                    trial[q] = bit
                    try:
                        propagate(trial, set(watch[q]))
                    except Contradiction:
                        dom[q] &= ~bit
                        propagate(dom, set(watch[q]))
                        progress = True
    except Contradiction:
        return NOTHING
    x = {
        (*cell, d): int(dom[i] == 1 << d)
        for cell, i in index.items()
        for d in DIGITS_1_9
        if dom[i] == 1 << d or not dom[i] >> d & 1
    }
    answer = None
    if all(bits & (bits - 1) == 0 for bits in dom):
        answer = tuple(
            tuple(
                dom[index[r, c]].bit_length() - 1 if (r, c) in index else 0 for c in range(p.cols)
            )
            for r in range(p.rows)
        )
    return Deductions({"x": x}, answer=answer, answer_vars=len(DIGITS_1_9) * len(cells))


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every white cell holds a digit, the givens stand, no run holds a digit twice, and each
    run with a sum adds up to it (a run with empty cells only when it is already over)."""
    problems = check_filled(a, p.white(), p.given_digits())
    runs = p.runs()
    problems += check_repeats(a, [(_name(run), run.cells) for run, _ in runs if len(run.cells) > 1])
    for run, total in runs:
        if total is not None:
            found = check_sum(a, run.cells, total, _name(run))
            if found is not None:
                problems.append(Violation(found, [run.head, *found.cells]))
    return problems


def _name(run: Run) -> str:
    r, c = run.head
    if r < 0 or c < 0:
        return f"the run from {cell_name(run.cells[0])}"
    return f"the run {run.side} {cell_name(run.head)}"


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows (read as givens too, as sudoku's)."""
    return read_digits(grid, m["x"])


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.given_digits())


def record(p: Puzzle, a: Answer) -> dict:
    return {
        "numbers": [
            [None if isinstance(v, Clue) else a[r][c] for c, v in enumerate(row)]
            for r, row in enumerate(p.cells)
        ]
    }


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`kakuro`: pzprjs' board of cols x rows cells and its frame (the clues above the board
    and left of it), read as the sheet's grid of rows + 1 x cols + 1, the frame its first row
    and column (`solver.io.puzzlink.decode_kakuro`). A clue no answer can meet is refused, as
    on a sheet."""
    frame, rest = puzzlink.decode_kakuro(url.body, url.cols, url.rows)
    puzzlink.end(rest)
    cells = tuple(
        tuple(v if v is None else Clue(v[0] or None, v[1] or None) for v in row) for row in frame
    )
    p = Puzzle(cells)
    problem = first_problem(p)
    if problem is not None:
        message = f"kakuro: the sheet's cell {cell_name(problem[0])}: {problem[1]}"
        raise puzzlink.UrlError(message)
    return p


def to_url(p: Puzzle) -> str:
    """The sheet's grid less its first row and column as pzprjs' board, those as its frame;
    a URL has no white cell in the frame and no given digit."""
    grid: puzzlink.KakuroGrid = []
    for r, row in enumerate(p.cells):
        grid.append([])
        for c, v in enumerate(row):
            if isinstance(v, Clue):
                grid[-1].append((v.down or 0, v.across or 0))
            elif v is not None:
                raise puzzlink.UrlError(
                    f"kakuro: a puzz.link URL holds no given digit ({v} in {cell_name((r, c))})"
                )
            elif r == 0 or c == 0:
                raise puzzlink.UrlError(
                    f"kakuro: {cell_name((r, c))} is white; a puzz.link URL's first row and "
                    "column are clue or black cells"
                )
            else:
                grid[-1].append(None)
    if p.rows < 2 or p.cols < 2:
        raise puzzlink.UrlError("kakuro: a puzz.link URL needs a white cell below and right")
    return puzzlink.url_text("kakuro", p.cols - 1, p.rows - 1, puzzlink.encode_kakuro(grid))


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """Each sum on its own (`16 down`) and the digits typed into white cells, for the conflict
    search: a clue cell without one of its sums keeps the other; the black cells and the runs
    are the puzzle's own."""
    found = []
    for (r, c), v in ((cell, p.cells[cell[0]][cell[1]]) for cell in grid.positions()):
        if isinstance(v, Clue):
            if v.down is not None:
                found.append(Given((r, c), f"{v.down} down", Clue(None, v.across).text()))
            if v.across is not None:
                found.append(Given((r, c), f"{v.across} across", Clue(v.down, None).text()))
        elif v is not None:
            found.append(Given((r, c), str(v)))
    return found


def without(grid: Grid, givens: Sequence[Given]) -> Grid:
    """The grid without these givens: a clue cell that loses both its sums is a black cell."""
    out = given_cells.without(grid, givens)
    for (r, c), k in Counter(g.cell for g in givens).items():
        if k == 2:
            out.cells[r][c] = WALL
    return out


GENRE = define(
    __name__,
    slug="kakuro",
    ja="カックロ",
    pzpr_ids=("kakuro",),
    tuning=Tuning(prove_by_search=True, probe_work=2_000_000),
)
