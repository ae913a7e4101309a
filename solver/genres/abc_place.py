"""ABC Place (ABCプレース, also Easy as ABC, ABC End View).

Rules: put the letters A, B, C ... (as many as the puzzle says) into some cells of the grid:
every row and every column holds each letter exactly once, the other cells stay empty. A letter
outside the grid is the first letter seen from there, looking along its row or column (empty
cells are passed over). Given letters in the grid stand.

Layout: the grid inside a frame of clues, an (R+2) x (C+2) block from A1, as skyscrapers': the
letters seen from the top of each column in row 1 (B1, C1 ...), from the bottom in the block's
last row, from the left of each row in column A (A2, A3 ...), from the right in its last column;
an empty frame cell is no clue. The top-left corner (A1) says which letters the puzzle uses:
`A-C` (or `ABC`, or the count `3`); left empty, the letters run from A to the last letter of any
clue or given, so type the range where the last letter is not among them. The other three
corners stay empty. Inside the frame, a given letter or empty; letters in either case. The
sentinel one cell diagonally below-right of the block (at I9 for 6x6, whose block is A1:H8).

    A-C  B   .   B   .   .   C   .
    A    .   .   .   .   .   .   B       row 2: the first letter from the left is A,
    B    .   .   .   .   .   .   .              from the right B
    ...

The answer writes the letters in blue into the grid cells that hold one; the others stay
empty. The record's `letters` is the R x C grid of letters, null for an empty cell. Solving by
hand, type the letters, and mark a cell you know stays empty `・` (or `.`, `×`, `x`); a letter
typed by hand is read as a given, as for sudoku.

puzz.link: `easyasabc`: the count of letters, `/`, number16 over pzprjs' outside cells (top row
left to right, bottom row, left column top to bottom, right column; 1 is A), then the given
letters in number16 over the cells when there are any.

Model: x(r,c,k) = 1 when the grid cell at sheet row r, column c holds the k-th letter
(`solver.blocks.digits`, at most one letter per cell); givens fixed; every row and column holds
each letter once (`solver.blocks.digits.latin` over the letters). A clue k seen along cells
l0, l1 ... (nearest first) is Sees: at each cell l(i) the letters other than k add up to at
most the sum of x(l(j),k) over j < i (a letter stands there only after the k), which is the
rule since each letter stands once in the line; one row per cell implies the row of each other
letter alone, so it is at least as tight in the LP.

Deductions (`solver.deduce.digit_logic`, a letter as its number, 0 an empty cell): each line
with a clue keeps the fillings of its cells (every arrangement of the letters and the empty
cells) whose first letters from its ends are the clues; each letter once a row and column; then
each cell of two or three candidates probed. They decide most published puzzles whole.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np
import pulp

from solver.blocks.digits import decode_digits, digit_vars, fix, latin
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.givens import Given, every_value
from solver.io.shading import WHITE_MARKS
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

Cell = tuple[int, int]
SIDES = ("T", "B", "L", "R")  # the clues seen from the top, bottom, left and right
NO_LETTER = WHITE_MARKS | {"x"}  # a cell marked as holding no letter
ANSWER_MARKS = NO_LETTER | {"X"}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
RANGE = re.compile(r"^\s*A\s*[-–~〜]\s*([A-Z])\s*$")


def letter(k: int) -> str:
    return LETTERS[k - 1]


@dataclass(frozen=True)
class Puzzle:
    rows: int  # of the grid, without the frame
    cols: int
    letters: int  # A to the letters-th letter
    givens: tuple[tuple[int | None, ...], ...]  # rows x cols, letter numbers from 1
    clues: tuple[tuple[int | None, ...], ...]  # per side (SIDES), one per column or row

    def cells(self) -> list[Cell]:
        """The grid's cells on the sheet (inside the frame)."""
        return [(1 + i, 1 + j) for i in range(self.rows) for j in range(self.cols)]

    def square(self) -> list[list[Cell]]:
        """The grid's rows, as sheet cells."""
        return [[(1 + i, 1 + j) for j in range(self.cols)] for i in range(self.rows)]

    def lines(self) -> list[tuple[str, list[Cell]]]:
        """The rows and columns, named as the sheet names them."""
        rows = [(f"row {1 + i + 1}", line) for i, line in enumerate(self.square())]
        cols = [
            (f"column {column_letter(2 + j)}", [(1 + i, 1 + j) for i in range(self.rows)])
            for j in range(self.cols)
        ]
        return rows + cols

    def given_letters(self) -> dict[Cell, int]:
        return {
            (1 + i, 1 + j): k
            for i, row in enumerate(self.givens)
            for j, k in enumerate(row)
            if k is not None
        }

    def sightlines(self) -> list[tuple[str, Cell, list[Cell], int]]:
        """Every clue: its name (`L3`: the left of sheet row 3), its frame cell, the cells it
        looks along (nearest first) and the letter's number."""
        out = []
        for side, clues in zip(SIDES, self.clues, strict=True):
            for k, clue in enumerate(clues):
                if clue is not None:
                    at, line = _line(side, k, self.rows, self.cols)
                    out.append((f"{side}{k + 2}", at, line, clue))
        return out


def _line(side: str, k: int, rows: int, cols: int) -> tuple[Cell, list[Cell]]:
    """The frame cell of the k-th clue of a side and the grid cells it sees, nearest first."""
    if side == "T":
        return (0, 1 + k), [(1 + i, 1 + k) for i in range(rows)]
    if side == "B":
        return (rows + 1, 1 + k), [(rows - i, 1 + k) for i in range(rows)]
    if side == "L":
        return (1 + k, 0), [(1 + k, 1 + i) for i in range(cols)]
    return (1 + k, cols + 1), [(1 + k, cols - i) for i in range(cols)]


def _where(side: str, at: Cell) -> str:
    """`the left of row 3`, `the top of column C`."""
    if side in "LR":
        return f"the {'left' if side == 'L' else 'right'} of row {at[0] + 1}"
    return f"the {'top' if side == 'T' else 'bottom'} of column {column_letter(at[1] + 1)}"


Answer = tuple[tuple[int, ...], ...]  # the sheet's block: a letter number per grid cell, 0 else


def _letter_of(grid: Grid, r: int, c: int, what: str) -> int | None:
    """A cell's letter as its number (A = 1), None for an empty cell."""
    v = grid[r, c]
    if v is None:
        return None
    if isinstance(v, str) and len(v.strip()) == 1 and v.strip().upper() in LETTERS:
        return LETTERS.index(v.strip().upper()) + 1
    raise grid.error(r, c, f"expected {what} (a letter A-Z) or an empty cell, found {quote(v)}")


def _range(grid: Grid) -> int | None:
    """The corner's count of letters: `A-C`, `ABC` or `3`; None when it is empty."""
    v = grid[0, 0]
    if v is None:
        return None
    if isinstance(v, int) and 1 <= v <= len(LETTERS):
        return v
    text = v.strip().upper() if isinstance(v, str) else ""
    if m := RANGE.match(text):
        return LETTERS.index(m.group(1)) + 1
    if text and LETTERS.startswith(text):
        return len(text)
    raise grid.error(
        0,
        0,
        f"the corner says which letters the puzzle uses: `A-C`, `ABC` or `3`; found {quote(v)}",
    )


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 3 or grid.cols < 3:
        raise InputError(
            grid.sheet,
            f"an abc-place block is the grid with a frame row and column of clues around it, "
            f"R+2 by C+2 cells (8 x 8 for a 6x6 puzzle); this one is {grid.rows} rows by "
            f"{grid.cols} columns (check the sentinel's place)",
        )
    rows, cols = grid.rows - 2, grid.cols - 2
    for r, c in ((0, cols + 1), (rows + 1, 0), (rows + 1, cols + 1)):
        if grid[r, c] is not None:
            raise grid.error(
                r,
                c,
                "only the top-left corner holds something (the letters); found "
                f"{quote(grid[r, c])}",
            )
    clue = "a clue"
    clues = (
        tuple(_letter_of(grid, 0, 1 + k, clue) for k in range(cols)),
        tuple(_letter_of(grid, rows + 1, 1 + k, clue) for k in range(cols)),
        tuple(_letter_of(grid, 1 + k, 0, clue) for k in range(rows)),
        tuple(_letter_of(grid, 1 + k, cols + 1, clue) for k in range(rows)),
    )
    givens = tuple(
        tuple(_letter_of(grid, 1 + i, 1 + j, "a given letter") for j in range(cols))
        for i in range(rows)
    )
    used = [k for line in (*clues, *givens) for k in line if k is not None]
    count = _range(grid)
    if count is None:
        if not used:
            raise grid.error(0, 0, "no clue and no letter: type the letters here (`A-C`)")
        count = max(used)
    if count > min(rows, cols):
        raise grid.error(
            0,
            0,
            f"{count} letters (A-{letter(count)}) do not fit into a line of {min(rows, cols)} "
            f"cells (the sentinel makes the grid {rows} x {cols} inside its frame: if that is "
            "too small, check the sentinel's place)",
        )
    p = Puzzle(rows, cols, count, givens, clues)
    for r, c in (
        [(0, 1 + k) for k in range(cols)]
        + [(rows + 1, 1 + k) for k in range(cols)]
        + [(1 + k, 0) for k in range(rows)]
        + [(1 + k, cols + 1) for k in range(rows)]
        + p.cells()
    ):
        k = _letter_of(grid, r, c, "a letter")
        if k is not None and k > count:
            raise grid.error(
                r,
                c,
                f"the puzzle uses the letters A-{letter(count)} (A1 says so); found "
                f"{quote(grid[r, c])}",
            )
    return p


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [[None] * (p.cols + 2) for _ in range(p.rows + 2)]
    cells[0][0] = f"A-{letter(p.letters)}"
    for (r, c), k in p.given_letters().items():
        cells[r][c] = letter(k)
    for _, (r, c), _, k in p.sightlines():
        cells[r][c] = letter(k)
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("abc-place")
    letters = range(1, p.letters + 1)
    x = digit_vars(prob, p.cells(), letters, optional=True)
    fix(prob, x, p.given_letters())
    latin(prob, x, p.square())
    for name, _, line, clue in p.sightlines():
        for i, cell in enumerate(line):  # another letter stands only after the clue's
            others = pulp.lpSum(x[(*cell, k)] for k in letters if k != clue)
            before = pulp.lpSum(x[(*c, clue)] for c in line[:i])
            prob += others <= before, cname(f"Sees{name}", cell)
    return Model(prob, list(x.values()), {"x": x})


def _first(table: np.ndarray) -> np.ndarray:
    """Each filling's first letter (0: none)."""
    return table[np.arange(len(table)), (table != 0).argmax(axis=1)]


@functools.cache
def line_fillings(n: int, letters: int, first: int | None, last: int | None) -> np.ndarray:
    """The fillings of a line of n cells (letters 1-letters, 0 empty) whose first letter from
    its first cell is `first` and from its last cell `last` (None: no clue there)."""
    return digit_logic.clued_fillings(n, letters, first, last, _first)


def deduction_board(p: Puzzle, budget: int) -> digit_logic.Board:
    """Each letter once in every row and column; each clued line's fillings."""
    k = p.letters
    return digit_logic.Board(
        tuple(range(1, k + 1)),
        [cells for _, cells in p.lines()],
        budget=budget,
        lines=digit_logic.clued_lines(
            p.square(), p.clues, lambda n, first, last: line_fillings(n, k, first, last)
        ),
        empty=True,
    )


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.digit_logic`), within the tuning's probe_work."""
    cand = digit_logic.deduce(deduction_board(p, tuning.probe_work), p.given_letters())
    letters = range(1, p.letters + 1)
    return digit_logic.deductions(cand, p.rows + 2, p.cols + 2, letters, cells=p.rows * p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows + 2, p.cols + 2)


def _sized(p: Puzzle, a: Answer) -> Answer:
    """The answer on the puzzle's block (a cell it lacks: 0), so that odd answers never crash."""
    return tuple(
        tuple(
            a[r][c] if r < len(a) and c < len(a[r]) and isinstance(a[r][c], int) else 0
            for c in range(p.cols + 2)
        )
        for r in range(p.rows + 2)
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every row and column holds each letter once, and each clue is the first
    letter seen from it."""
    a = _sized(p, a)
    problems = [
        Violation(f"cell {cell_name(cell)} changes the given {letter(k)}", [cell])
        for cell, k in p.given_letters().items()
        if a[cell[0]][cell[1]] != k
    ]
    for name, cells in p.lines():
        for k in range(1, p.letters + 1):
            where = [cell for cell in cells if a[cell[0]][cell[1]] == k]
            if not where:
                problems.append(Violation(f"{name} holds no {letter(k)}", list(cells)))
            elif len(where) > 1:
                names = " and ".join(map(cell_name, where))
                problems.append(
                    Violation(f"{name} holds {letter(k)} {len(where)} times, in {names}", where)
                )
        for r, c in cells:
            if a[r][c] > p.letters:
                problems.append(
                    Violation(
                        f"cell {cell_name((r, c))} holds {letter(a[r][c])}, beyond "
                        f"A-{letter(p.letters)}",
                        [(r, c)],
                    )
                )
    for name, at, line, clue in p.sightlines():
        first = next(((cell, a[cell[0]][cell[1]]) for cell in line if a[cell[0]][cell[1]]), None)
        if first is not None and first[1] != clue:
            problems.append(
                Violation(
                    f"from {_where(name[0], at)} the first letter is {letter(first[1])} in "
                    f"{cell_name(first[0])}, the clue says {letter(clue)}",
                    [at, first[0]],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The letters the sheet shows in the grid (read as givens too, as for sudoku); a cell
    marked `・` holds none; a letter beyond the puzzle's fixes every letter of its cell to 0.
    Blank cells fix nothing."""
    x = m["x"]
    entries: dict[pulp.LpVariable, int] = {}
    for r, c in p.cells():
        v = grid[r, c]
        if v is None:
            continue
        text = v.strip().upper() if isinstance(v, str) else ""
        held = LETTERS.index(text) + 1 if len(text) == 1 and text in LETTERS else 0
        if held or is_mark(v, NO_LETTER) or text:
            for k in range(1, p.letters + 1):
                entries[x[r, c, k]] = int(k == held)
    return entries


def blank(grid: Grid, cell: Cell) -> bool:
    """A grid cell without a letter or mark: the frame is never filled in, so never blank."""
    r, c = cell
    inside = 0 < r < grid.rows - 1 and 0 < c < grid.cols - 1
    return inside and grid[cell] is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    given = p.given_letters()
    return [
        CellWrite(r, c, letter(a[r][c])) for r, c in p.cells() if a[r][c] and (r, c) not in given
    ]


def record(p: Puzzle, a: Answer) -> dict:
    return {
        "letters": [[letter(a[r][c]) if a[r][c] else None for r, c in row] for row in p.square()]
    }


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`easyasabc/C/R/<count>/<frame><cells>`: the count of letters, then number16 over the
    outside cells (top, bottom, left, right), then, when any letter is given, number16 over the
    cells."""
    rows, cols = url.rows, url.cols
    head, _, rest = url.body.partition("/")
    if not head.isdigit() or not 1 <= int(head) <= min(rows, cols, len(LETTERS)):
        raise puzzlink.UrlError(
            f"easyasabc: {head[:12]!r} is no count of letters 1-{min(rows, cols)}"
        )
    count = int(head)
    frame, rest = puzzlink.decode_number16(rest, 2 * (rows + cols), what="outside cells")
    cells, rest = (
        puzzlink.decode_number16(rest, rows * cols) if rest else ([None] * (rows * cols), "")
    )
    puzzlink.end(rest)

    def number(v: int | str | None, what: str) -> int | None:
        if v is None or v == puzzlink.UNKNOWN:  # pzprjs' '?' says nothing
            return None
        if not isinstance(v, int) or not 1 <= v <= count:
            raise puzzlink.UrlError(f"easyasabc: {what} {v} is not a letter 1-{count}")
        return v

    sides = (cols, cols, rows, rows)
    clues, k = [], 0
    for n in sides:
        clues.append(tuple(number(v, "a clue") for v in frame[k : k + n]))
        k += n
    givens = puzzlink.grid_rows([number(v, "a letter") for v in cells], cols)
    return Puzzle(rows, cols, count, givens, tuple(clues))


def to_url(p: Puzzle) -> str:
    """The count, the clues outside (top, bottom, left, right), then the given letters if there
    are any."""
    body = f"{p.letters}/" + puzzlink.encode_number16(v for side in p.clues for v in side)
    letters = puzzlink.cells_of(p.givens)
    if any(v is not None for v in letters):
        body += puzzlink.encode_number16(letters)
    return puzzlink.url_text("easyasabc", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The clues in the frame and the given letters; the corner's letters are the puzzle's own."""
    cells = [at for _, at, _, _ in p.sightlines()] + list(p.given_letters())
    return every_value(grid, sorted(cells))


GENRE = define(
    __name__,
    slug="abc-place",
    ja="ABCプレース",
    pzpr_ids=("easyasabc",),
    names=("easyasabc", "easy as abc", "easy-as-abc", "abc end view", "abc-end-view", "abcendview"),
    tuning=Tuning(probe_work=2_000_000),
)
