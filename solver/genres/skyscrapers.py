"""Skyscrapers (ビルディングパズル, building).

Rules: put a building of height 1-N into every cell of the N x N grid so that each row and each
column holds every height once (a latin square). A clue outside the grid says how many
buildings are seen from there, looking along its row or column: a building is seen when every
building before it is lower. Given heights in the grid stand. Two variants (janko.at's): heights
1-H only, H < N, each once in every row and column and the other N - H cells of each line
empty (an empty cell hides nothing and is not seen); and diagonals, where each of the two main
diagonals also holds every height once.

Layout: the grid inside a frame of clues, an (N+2) x (N+2) block from A1: the clues seen from
the top of each column in row 1 (B1, C1 ...), from the bottom in the block's last row, from the
left of each row in column A (A2, A3 ...), from the right in its last column; an empty frame
cell is no clue. The top-left corner (A1) says a variant, empty for the plain puzzle: the
heights `1-4` (or the largest, `4`) when they stop below N, `D` when the diagonals hold every
height too, or both (`1-4 D`); the other three corners stay empty. Inside the frame, a given
height or empty. The sentinel one cell diagonally below-right of the block (at H8 for 5x5,
whose block is A1:G7). The answer writes the heights in blue into the empty grid cells (a cell
without a building stays empty); the record's `numbers` is the N x N grid of heights, 0 for a
cell without a building. Solving by hand: type heights (read like the givens, as for sudoku),
and mark a cell without a building `・` (or `.`, `×`, `x`).

Opposite clues that cannot both hold are named before solving: from both ends of a line at
most H + 1 buildings are seen together (the tallest is seen from both), and at least 3 when
H > 1 (only one of the two ends can see the tallest first).

puzz.link: `skyscrapers` (also `building`, `skyscraper`): the frame's clues in number16 over
pzprjs' outside cells (top row left to right, bottom row, left column top to bottom, right
column), then the given heights in number16 over the cells when there are any; it has no
form for the variants.

Model: x(r,c,d) = 1 when the grid cell at sheet row r, column c holds height d
(`solver.blocks.digits`), one height per cell (at most one with heights 1-H), givens fixed,
each height once in every row and column (`solver.blocks.digits.latin`; Diag(1), Diag(2) on the
diagonals). Each clue is a sightline (`solver.blocks.digits.sightline`): s(cell)
= 1 when that building is seen from the clue, exactly: seen when nothing taller stands before it, s
>= x(i,d) - sum of x(j,e) over j before i and e > d; hidden when some e stands before it and it is
not taller, s <= 1 - sum_j<i x(j,e) + sum_{d>e} x(i,d) (and an empty cell is not seen); the s of
the line add up to the clue. Reach: a clue c allows at most H - c + 1 + i at the i-th cell from
it (at most i + 1 buildings are seen up to there and, behind a building of height h, at most H -
h more), x = 0 above that; implied by the rules, it halves the solving time of a fully clued
8x8. Fully clued 12x12 puzzles without given heights stay hard for this model (over a minute
with HiGHS or SCIP); the other forms of the sightline are slower still (a running maximum as
cumulative binaries, per-digit seen binaries with clique rows, a flow over the running maximum).

Deductions (`solver.deduce.digit_logic`): each line with a clue keeps the fillings of its cells
(every arrangement of the heights, and of the empty cells with heights 1-H) that show its clues
from both ends; heights once a row, column (and diagonal); then each cell of two or three
candidates probed. They decide most published puzzles whole, with no model solved.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np
import pulp

from solver.blocks.digits import (
    check_filled,
    check_repeats,
    decode_digits,
    digit_vars,
    fix,
    latin,
    once_each,
    seen,
    sightline,
    square_at,
    square_units,
)
from solver.blocks.names import cell_name, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io import puzzlink
from solver.io.digits_sheet import read_digits, render_digits
from solver.io.givens import Given, every_value
from solver.io.shading import WHITE_MARKS
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

Cell = tuple[int, int]
SIDES = ("T", "B", "L", "R")  # the clues seen from the top, bottom, left and right
NO_BUILDING = WHITE_MARKS | {"x"}  # a cell marked as holding no building (heights 1-H)
ANSWER_MARKS = NO_BUILDING | {"X"}
VARIANT = re.compile(r"^(?:(?:1\s*[-–~〜]\s*)?(\d+))?\s*(D)?$")  # the corner: `1-4 D`


@dataclass(frozen=True)
class Puzzle:
    n: int
    givens: tuple[tuple[int | None, ...], ...]  # N x N
    clues: tuple[tuple[int | None, ...], ...]  # per side (SIDES), one per column or row
    top: int = 0  # the largest height, H; 0: N
    diagonal: bool = False  # the two main diagonals hold every height too

    @property
    def heights(self) -> int:
        """H: heights 1-H, each once in every line (fewer than N: N - H empty cells a line)."""
        return self.top or self.n

    @property
    def blanks(self) -> bool:
        return self.heights < self.n

    def units(self) -> list[tuple[str, list[Cell]]]:
        """The rows and columns (and the diagonals), named as the sheet names them."""
        square = self.square()
        units = square_units(square)
        if self.diagonal:
            for line in (
                [row[i] for i, row in enumerate(square)],
                [row[-1 - i] for i, row in enumerate(square)],
            ):
                units.append((f"the diagonal from {cell_name(line[0])}", line))
        return units

    @property
    def size(self) -> int:
        """The block's side on the sheet, frame included: N + 2."""
        return self.n + 2

    def square(self) -> list[list[Cell]]:
        return square_at(self.n, top=1, left=1)

    def cells(self) -> list[Cell]:
        return [cell for line in self.square() for cell in line]

    def given_digits(self) -> dict[Cell, int]:
        return {
            (1 + i, 1 + j): d
            for i, row in enumerate(self.givens)
            for j, d in enumerate(row)
            if d is not None
        }

    def sightlines(self) -> list[tuple[str, Cell, list[Cell], int]]:
        """Every clue: its name (`L3`: the left of sheet row 3), its frame cell, the cells it
        looks along (nearest first) and the number."""
        n, out = self.n, []
        for side, numbers in zip(SIDES, self.clues, strict=True):
            for k, clue in enumerate(numbers):
                if clue is None:
                    continue
                at, line = _line(side, k, n)
                out.append((f"{side}{k + 2}", at, line, clue))
        return out


def _line(side: str, k: int, n: int) -> tuple[Cell, list[Cell]]:
    """The frame cell of the k-th clue of a side and the grid cells it sees, nearest first."""
    if side == "T":
        return (0, 1 + k), [(1 + i, 1 + k) for i in range(n)]
    if side == "B":
        return (n + 1, 1 + k), [(n - i, 1 + k) for i in range(n)]
    if side == "L":
        return (1 + k, 0), [(1 + k, 1 + i) for i in range(n)]
    return (1 + k, n + 1), [(1 + k, n - i) for i in range(n)]


def _where(side: str, at: Cell) -> str:
    """`the left of row 3`, `the top of column C`."""
    if side in "LR":
        return f"the {'left' if side == 'L' else 'right'} of row {at[0] + 1}"
    return f"the {'top' if side == 'T' else 'bottom'} of column {column_letter(at[1] + 1)}"


Answer = tuple[tuple[int, ...], ...]  # the sheet's block: a height per grid cell, 0 elsewhere


def parse(grid: Grid) -> Puzzle:
    size = grid.rows
    if grid.rows != grid.cols or size < 3:
        raise InputError(
            grid.sheet,
            f"a skyscrapers block is the N x N grid with a frame row and column of clues "
            f"around it, N+2 cells square (7 x 7 for a 5x5 puzzle); this one is {grid.rows} "
            f"rows by {grid.cols} columns (check the sentinel's place)",
        )
    n = size - 2
    last = size - 1
    for r, c in ((0, last), (last, 0), (last, last)):
        if grid[r, c] is not None:
            raise grid.error(
                r,
                c,
                f"only the top-left corner holds something (the variant); found "
                f"{quote(grid[r, c])}",
            )
    top, diagonal = _variant(grid, n)
    h = top or n
    clue = "a clue (the buildings seen from there)"
    clues = (
        tuple(grid.number(0, 1 + k, 1, h, clue) for k in range(n)),
        tuple(grid.number(last, 1 + k, 1, h, clue) for k in range(n)),
        tuple(grid.number(1 + k, 0, 1, h, clue) for k in range(n)),
        tuple(grid.number(1 + k, last, 1, h, clue) for k in range(n)),
    )
    givens = tuple(
        tuple(grid.number(1 + i, 1 + j, 1, h, "a height") for j in range(n)) for i in range(n)
    )
    p = Puzzle(n, givens, clues, top, diagonal)
    _check_pairs(grid, p)
    return p


def _variant(grid: Grid, n: int) -> tuple[int, bool]:
    """The corner's variant: the largest height when below N (0: N) and whether the diagonals
    count; `1-4 D`, `4D`, `4`, `D` or empty."""
    v = grid[0, 0]
    if v is None:
        return 0, False
    text = str(v).strip().upper() if isinstance(v, (int, str)) else ""
    m = VARIANT.match(text)
    if not text or m is None or (m.group(1) and not 1 <= int(m.group(1)) <= n):
        raise grid.error(
            0,
            0,
            f"the corner says the variant: the heights `1-4` (at most {n}), `D` for the "
            f"diagonals, or both (`1-4 D`); found {quote(v)}",
        )
    top = int(m.group(1)) if m.group(1) else 0
    return (0 if top == n else top), bool(m.group(2))


def _check_pairs(grid: Grid, p: Puzzle) -> None:
    """Two clues at the two ends of a line that no line of 1-H can show both."""
    for first, second in (("T", "B"), ("L", "R")):
        a_side, b_side = p.clues[SIDES.index(first)], p.clues[SIDES.index(second)]
        for k, (a, b) in enumerate(zip(a_side, b_side, strict=True)):
            if a is None or b is None:
                continue
            h = p.heights
            if a + b > h + 1 or (h > 1 and a + b < 3):
                at_a, _ = _line(first, k, p.n)
                at_b, _ = _line(second, k, p.n)
                limit = (
                    f"together they see at most {h + 1} (the tallest is seen from both)"
                    if a + b > h + 1
                    else "only one end sees the tallest building first"
                )
                raise grid.error(
                    *at_a,
                    f"the clues {a} at {cell_name(at_a)} and {b} at {cell_name(at_b)} cannot "
                    f"both hold: {limit} (the puzzle has no answer)",
                )


def to_cells(p: Puzzle) -> list[list[Value]]:
    cells: list[list[Value]] = [[None] * p.size for _ in range(p.size)]
    if p.blanks or p.diagonal:
        cells[0][0] = " ".join(([f"1-{p.heights}"] if p.blanks else []) + (["D"] * p.diagonal))
    for (r, c), d in p.given_digits().items():
        cells[r][c] = d
    for _, (r, c), _, clue in p.sightlines():
        cells[r][c] = clue
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("skyscrapers")
    h = p.heights
    x = digit_vars(prob, p.cells(), range(1, h + 1), optional=p.blanks)
    fix(prob, x, p.given_digits())
    latin(prob, x, p.square())
    if p.diagonal:
        for k, (_, line) in enumerate(p.units()[-2:], start=1):
            once_each(prob, x, line, f"Diag({k})")
    for name, _, line, clue in p.sightlines():
        sightline(prob, x, line, clue, name, blanks=p.blanks)
        for i, cell in enumerate(line):  # clue c: at most H - c + 1 + i at the i-th cell
            for d in range(h - clue + 2 + i, h + 1):
                prob += x[(*cell, d)] == 0, cname(f"Reach{name}", cell, d)
    return Model(prob, list(x.values()), {"x": x})


def _seen(table: np.ndarray) -> np.ndarray:
    """How many buildings each filling (a row of the table) shows from its first cell."""
    tallest = np.maximum.accumulate(table, axis=1)
    before = np.concatenate([np.zeros((len(table), 1), table.dtype), tallest[:, :-1]], axis=1)
    return (table > before).sum(axis=1)


@functools.cache
def line_fillings(n: int, top: int, first: int | None, last: int | None) -> np.ndarray:
    """The fillings of a line of n cells (heights 1-top, 0 empty) that show `first` buildings
    from its first cell and `last` from its last (None: no clue there)."""
    return digit_logic.clued_fillings(n, top, first, last, _seen)


def deduction_board(p: Puzzle, budget: int) -> digit_logic.Board:
    """Heights once in every row, column (and diagonal); each clued line's fillings."""
    h = p.heights
    return digit_logic.Board(
        tuple(range(1, h + 1)),
        [cells for _, cells in p.units()],
        budget=budget,
        lines=digit_logic.clued_lines(
            p.square(), p.clues, lambda n, first, last: line_fillings(n, h, first, last)
        ),
        empty=p.blanks,
    )


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.digit_logic`), within the tuning's probe_work."""
    cand = digit_logic.deduce(deduction_board(p, tuning.probe_work), p.given_digits())
    digits = range(1, p.heights + 1)
    return digit_logic.deductions(cand, p.size, p.size, digits, cells=p.n * p.n)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.size, p.size)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every grid cell holds a height (with heights 1-H: every line holds each height), the
    givens stand, no line holds a height twice, and each clue counts the buildings seen from
    it (on a full line)."""
    h = p.heights
    blank: tuple[int | None, ...] = (None,) if p.blanks else (None, 0)
    problems = check_filled(a, p.cells(), p.given_digits(), "height", blank)
    problems += check_repeats(a, p.units())
    if p.blanks:
        for unit, cells in p.units():
            held = {a[r][c] for r, c in cells}
            missing = [str(d) for d in range(1, h + 1) if d not in held]
            if missing:
                problems.append(Violation(f"{unit} holds no {', '.join(missing)}", cells))
    for name, at, line, clue in p.sightlines():
        heights = [a[r][c] or 0 for r, c in line]
        if len(set(heights) - {0}) == h and (count := seen(heights)) != clue:
            buildings = "1 building is" if count == 1 else f"{count} buildings are"
            problems.append(
                Violation(
                    f"from {_where(name[0], at)} {buildings} seen, the clue says {clue}",
                    [at, *line],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The heights the sheet shows in the grid (read as givens too, as for sudoku); the
    frame's clues are not heights. With heights 1-H, a cell marked `・` holds none."""
    x = m["x"]
    entries = read_digits(grid, x)
    if p.blanks:
        for r, c in p.cells():
            if is_mark(grid[r, c], NO_BUILDING):
                entries |= {x[r, c, d]: 0 for d in range(1, p.heights + 1)}
    return entries


def blank(grid: Grid, cell: Cell) -> bool:
    """A grid cell without a height: the frame is never filled in, so never blank."""
    r, c = cell
    inside = 0 < r < grid.rows - 1 and 0 < c < grid.cols - 1
    return inside and grid[cell] is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_digits(a, p.given_digits())


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [[a[r][c] for r, c in line] for line in p.square()]}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`skyscrapers/N/N/<frame><cells>`: number16 over the 4N outside cells (top, bottom,
    left, right), then, when any height is given, number16 over the cells."""
    n = url.cols
    if url.rows != n:
        raise puzzlink.UrlError(f"a skyscrapers URL must be square, this one is {n}x{url.rows}")
    frame, rest = puzzlink.decode_number16(url.body, 4 * n, what="outside cells")
    heights, rest = puzzlink.decode_number16(rest, n * n) if rest else ([None] * (n * n), "")
    puzzlink.end(rest)

    def number(v: int | str | None, what: str) -> int | None:
        if v is None or v == puzzlink.UNKNOWN:  # pzprjs' '?' says nothing
            return None
        if not 1 <= v <= n:  # type: ignore[operator]
            raise puzzlink.UrlError(f"skyscrapers {n}x{n}: {what} {v} is not 1-{n}")
        return v  # type: ignore[return-value]

    clues = tuple(tuple(number(v, "a clue") for v in frame[k * n : (k + 1) * n]) for k in range(4))
    givens = puzzlink.grid_rows([number(v, "a height") for v in heights], n)
    return Puzzle(n, givens, clues)


def to_url(p: Puzzle) -> str:
    """The clues outside (top, bottom, left, right), then the given heights if there are
    any."""
    if p.blanks or p.diagonal:
        raise puzzlink.UrlError("skyscrapers: puzz.link has no form for heights 1-H or diagonals")
    body = puzzlink.encode_number16(v for side in p.clues for v in side)
    heights = puzzlink.cells_of(p.givens)
    if any(v is not None for v in heights):
        body += puzzlink.encode_number16(heights)
    return puzzlink.url_text("skyscrapers", p.n, p.n, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The clues in the frame and the given heights; the corner's variant is the puzzle's own."""
    cells = [at for _, at, _, _ in p.sightlines()] + list(p.given_digits())
    return every_value(grid, sorted(cells))


GENRE = define(
    __name__,
    slug="skyscrapers",
    ja="ビルディングパズル",
    pzpr_ids=("skyscrapers",),
    tuning=Tuning(probe_work=2_000_000),
)
