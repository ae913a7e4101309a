"""Binairo (Takuzu, ビナイロ).

Rules: fill every cell with 0 or 1. No three equal digits follow each other in a row or a column;
every row and every column holds as many 0s as 1s; no two rows are the same, and no two columns
are the same. The given digits stay. janko.at publishes binairos without the rule that lines
differ: where a puzzle has no answer with it, the answer without it is given, and the record's
note says so.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid; the grid has an even number of rows and of columns. A given is the
number 0 or 1; every other cell stays empty.

    1        0
       0
    ...

The answer writes 0 or 1 into every empty cell. Solving by hand, type the digits; Check reads
every digit on the sheet, the given ones and the typed ones alike (as sudoku does).

puzz.link: none (pzprjs has no binairo).

Model: x(r,c) = 1 when cell (r,c) holds 1. Given(r,c): a given's x is its digit. Three(r,c,h)
(across) and Three(r,c,v) (down): the x of three cells in a line from (r,c) sum to 1 or 2.
Row(r), Col(c): the x of a line sum to half its length. Rows differ: for every two rows i < j,
a binary e(i,j,c) may be 1 only where they differ (Same1: e <= x(i,c) + x(j,c); Same0:
e <= 2 - x(i,c) - x(j,c)), and RowPair(i,j): the e of the pair sum to at least 1; columns the
same with f (ColPair).

Deductions (`deduce`): the board of `solver.deduce.shade_logic` with 1 as shaded decides cells
before the solve by two of the rules: no three equal in a line (two equal beside each other, or
around a gap, make the third cell the other digit) and half of each line 1 (once a line has half
its cells of one digit, the rest are the other); then every unknown cell is tried both ways
(probing, within the Tuning's `probe_work`), and a depth-first search over the cells follows
(`solver.deduce.probing.search`, within `search_work`), which decides the grid whole where it
ends with exactly one answer. The rule that lines differ is left to the model (and to
`verify`, where the rules decide the grid whole: the board's one answer breaking it means the
puzzle has none with it, and that answer is the one under the looser rules). They decide most
published puzzles whole, and then the pipeline runs no solver.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import pulp

from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import SHADED, UNKNOWN, UNSHADED, Board, Contradiction, exactly
from solver.genres import define
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import Tuning

DIGITS = (0, 1)
Answer = tuple[tuple[int, ...], ...]  # the digit of every cell


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | None, ...], ...]  # a given 0 or 1, None to fill
    lines_differ: bool = True  # no two rows and no two columns the same (`looser`: janko's
    # binairos leave the rule out)


def parse(grid: Grid) -> Puzzle:
    def cell(r: int, c: int) -> int | None:
        v = grid[r, c]
        if v is None or (isinstance(v, int) and v in DIGITS):
            return v
        raise grid.error(r, c, f"a cell holds a given 0 or 1, or nothing; found {quote(v)}")

    cells = tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if grid.rows % 2 or grid.cols % 2:
        raise InputError(
            grid.sheet,
            f"the grid is {grid.rows} x {grid.cols}; a binairo has an even number of rows and "
            "of columns (each line holds as many 0s as 1s): check the sentinel's place",
        )
    return Puzzle(cells)


def _lines(p: Puzzle) -> list[tuple[str, list[Cell]]]:
    """Every row and column, named as messages name them."""
    rows = [(f"row {r + 1}", [(r, c) for c in range(p.cols)]) for r in range(p.rows)]
    cols = [
        (f"column {column_letter(c + 1)}", [(r, c) for r in range(p.rows)]) for c in range(p.cols)
    ]
    return rows + cols


def model(p: Puzzle) -> Model:
    prob = new_problem("binairo")
    x = {(r, c): var(prob, "x", r + 1, c + 1) for r, c in p.positions()}
    for cell, v in sorted(p.givens().items()):
        prob += x[cell] == v, cname("Given", cell)
    for r, c in p.positions():
        for kind, (dr, dc) in (("h", (0, 1)), ("v", (1, 0))):
            run = [(r + k * dr, c + k * dc) for k in range(3)]
            if all(q in x for q in run):
                total = pulp.lpSum(x[q] for q in run)
                prob += total >= 1, cname("Three0", (r, c), kind)
                prob += total <= 2, cname("Three1", (r, c), kind)
    for r in range(p.rows):
        prob += pulp.lpSum(x[r, c] for c in range(p.cols)) == p.cols // 2, f"Row({r + 1})"
    for c in range(p.cols):
        prob += pulp.lpSum(x[r, c] for r in range(p.rows)) == p.rows // 2, f"Col({c + 1})"
    e = {}
    lines = (("e", p.rows, p.cols, lambda i, k: (i, k)), ("f", p.cols, p.rows, lambda i, k: (k, i)))
    for base, count, length, at in lines if p.lines_differ else ():
        pair = "RowPair" if base == "e" else "ColPair"
        for i, j in itertools.combinations(range(count), 2):
            differ = []
            for k in range(length):
                d = e[base, i, j, k] = var(prob, base, i + 1, j + 1, k + 1)
                a, b = x[at(i, k)], x[at(j, k)]
                prob += d - a - b <= 0, f"{base}Same1({i + 1},{j + 1},{k + 1})"
                prob += d + a + b <= 2, f"{base}Same0({i + 1},{j + 1},{k + 1})"
                differ.append(d)
            prob += pulp.lpSum(differ) >= 1, f"{pair}({i + 1},{j + 1})"
    return Model(prob, list(x.values()), {"x": x, "e": e})


def deduction_board(p: Puzzle) -> Board:
    """Binairo on a shading board (1 shaded): the givens, no three equal in a line, half of
    each line 1."""
    board = Board(p.rows, p.cols, apart=False, connected=False)
    for (r, c), v in p.givens().items():
        board.set(r * p.cols + c, SHADED if v else UNSHADED)
    for _, line in _lines(p):
        cells = [r * p.cols + c for r, c in line]
        board.rule(exactly, (len(cells) // 2, cells), cells)
        for k in range(len(cells) - 2):
            board.rule(_no_three, cells[k : k + 3], cells[k : k + 3])
    return board


def _no_three(board: Board, cells: list[int]) -> None:
    """Three cells in a line are not all equal: two equal ones make the third the other."""
    state = board.state
    known = [state[i] for i in cells if state[i] != UNKNOWN]
    free = [i for i in cells if state[i] == UNKNOWN]
    if len(known) == 3 and known[0] == known[1] == known[2]:
        raise Contradiction
    if len(free) == 1 and known[0] == known[1]:
        board.set(free[0], UNSHADED if known[0] == SHADED else SHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (no three equal, half of each line 1), then every unknown cell
    tried both ways, and a search."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    if known is None:
        return Deductions()  # no answer: the solve finds it too
    ones, zeros = known
    answer = None
    if len(ones) + len(zeros) == p.rows * p.cols:
        answer = tuple(tuple(int((r, c) in ones) for c in range(p.cols)) for r in range(p.rows))
    fixed = {**dict.fromkeys(ones, 1), **dict.fromkeys(zeros, 0)}
    return Deductions({"x": fixed}, answer=answer, answer_vars=p.rows * p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    x = m["x"]
    return tuple(tuple(int(value(x[r, c])) for c in range(p.cols)) for r in range(p.rows))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds 0 or 1, no three equal in a line, as many 0s as 1s a
    line, no two rows or columns the same. Each problem names its cells."""
    problems: list[Violation] = []
    if len(a) != p.rows or any(len(row) != p.cols for row in a):
        return [Violation(f"the answer is not a {p.rows} x {p.cols} grid", [])]
    at = {(r, c): a[r][c] for r, c in p.positions()}
    for cell, v in sorted(p.givens().items()):
        if at[cell] != v:
            problems.append(Violation(f"cell {cell_name(cell)} changes the given {v}", [cell]))
    for cell, v in sorted(at.items()):
        if v not in DIGITS:
            problems.append(Violation(f"cell {cell_name(cell)} holds {v!r}, not 0 or 1", [cell]))
    texts: dict[tuple[int, ...], str] = {}
    for what, line in _lines(p):
        digits = [at[q] for q in line]
        for k in range(len(line) - 2):
            if digits[k] == digits[k + 1] == digits[k + 2]:
                three = line[k : k + 3]
                problems.append(
                    Violation(
                        f"three {digits[k]}s follow each other in {what}, from "
                        f"{cell_name(three[0])} to {cell_name(three[-1])}",
                        three,
                    )
                )
        ones = sum(d == 1 for d in digits)
        if 2 * ones != len(line):
            problems.append(
                Violation(f"{what} holds {ones} 1s and {len(line) - ones} 0s, not as many", line)
            )
        key = (what.startswith("row"), *digits)
        if key in texts and p.lines_differ:
            problems.append(Violation(f"{what} is the same as {texts[key]}", line))
        else:
            texts[key] = what
    return problems


LOOSER = (
    "no answer has every row and column different; this answer follows the rules without that "
    "one, as janko.at's binairos do"
)


def looser(p: Puzzle) -> Puzzle | None:
    """The puzzle without the rule that lines differ, where it has it: janko.at publishes
    binairos under the other rules alone, and most of their answers repeat a line (307 of the
    380 of puzzlekit-dataset). The pipeline solves it where the puzzle has no answer (a puzzle
    with one answer under the looser rules has that one or none under these) and says so
    (LOOSER)."""
    return dataclasses.replace(p, lines_differ=False) if p.lines_differ else None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    given = p.givens()
    return [CellWrite(r, c, a[r][c]) for r, c in p.positions() if (r, c) not in given]


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a]}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The digits the sheet shows (read as givens too). Blank cells fix nothing."""
    x = m["x"]
    return {
        x[cell]: v for cell in grid.positions() if isinstance(v := grid[cell], int) and cell in x
    }


# The search's work (`Tuning.search_work`) chosen on the odd-numbered published puzzles
# (benchmarks.benchmark_puzzlekit's dataset) and checked on the even-numbered: with 300,000 the
# rules and the search decide all 190 of the odd half and 188 of the even, where probing alone
# left 19 and 22 to the MIP (up to a quarter of a second each), and each half's time in all
# falls by a third; 1,000,000 decides the last two and saves nothing more.
SEARCH_WORK = 300_000

GENRE = define(
    __name__,
    slug="binairo",
    ja="ビナイロ",
    names=("binairo", "takuzu", "binary", "binero", "タクズ", "ビナイロ"),
    tuning=Tuning(probe_work=2_000_000, probe_passes=10, search_work=SEARCH_WORK),
)
