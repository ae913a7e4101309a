"""Oh no (0h n0, オーノー).

Rules: colour every cell blue or red. A number is a blue cell that sees exactly that many other
blue cells: the blue cells in a straight line up, down, left and right of it, up to the first
red cell or the grid's edge. Every blue cell sees at least one other blue cell (it has a blue
neighbour). Given red cells stay red.

Layout: one puzzle cell per spreadsheet cell from A1: a number (1 and up) for a numbered blue
cell, `*` (or `R`, `赤`) for a given red cell; other cells stay empty. The sentinel one cell
diagonally below-right of the grid. The answer shades the red cells (a dark fill, and `■` in an
empty cell; a given `*` keeps its text); the blue cells stay as they are. When checking an
answer typed by hand, `■` or `#` or a dark fill is a red cell, and `・`, `.` or `×` marks a cell
known to be blue. The record's `shaded` lists the red cells, the given ones included.

puzz.link: none (pzprjs has no 0h n0).

Model: b(r,c) = 1 when cell (r,c) is red (numbered cells are blue and given red cells red: they
have no b, but the constants 0 and 1). Sees(r,c): each number n sees n other cells
(`solver.blocks.cells.sightline` with limit n + 1 counts the cell itself too: a binary per cell
it may see, seen when that cell and every one before it are blue) = n + 1. Company(r,c): a blue
cell has a blue neighbour, (1 - b(r,c)) <= the sum of its neighbours' (1 - b) (seeing another
blue cell is having one beside it).

Deductions (`deduce`): the board of `solver.deduce.shade_logic` with red as shaded decides cells
before the solve: numbers blue and given reds red, each number's sight (`shade_logic.sight`,
counting itself: n + 1), and company (a blue cell with one neighbour left that is not red makes
it blue; a cell whose neighbours are all red is red); then every unknown cell is tried both ways
(probing, within the Tuning's `probe_work`). They decide most generated puzzles whole, and then
the pipeline runs no solver.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import seen_cells, shade_vars, shaded_record, sightline
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    Contradiction,
    shading_deductions,
    sight,
)
from solver.genres import define
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import Tuning

RED = "*"
REDS = frozenset({"*", "r", "赤"})  # folded spellings of a given red cell
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as red
Answer = frozenset[Cell]  # the red cells


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a number, RED, or None

    def numbers(self) -> dict[Cell, int]:
        return {cell: v for cell, v in self.givens().items() if isinstance(v, int)}

    def reds(self) -> frozenset[Cell]:
        return frozenset(cell for cell, v in self.givens().items() if v == RED)

    def beside(self, cell: Cell) -> list[Cell]:
        r, c = cell
        near = ((r + dr, c + dc) for dr, dc in ORTHOGONAL)
        return [(i, j) for i, j in near if 0 <= i < self.rows and 0 <= j < self.cols]


def parse(grid: Grid) -> Puzzle:
    most = grid.rows + grid.cols - 2

    def cell(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, REDS):
            return RED
        if isinstance(v, int) and 1 <= v <= most:
            return v
        raise grid.error(
            r,
            c,
            f"a cell holds a number from 1 to {most} (the blue cells it sees), * (a red cell) or "
            f"nothing; found {quote(v)}",
        )

    return Puzzle(tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows)))


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle) -> Model:
    prob = new_problem("ohno")
    numbers, reds = p.numbers(), p.reds()
    b = shade_vars(prob, p.rows, p.cols, skip=set(numbers) | reds)
    red = {**b, **dict.fromkeys(numbers, 0), **dict.fromkeys(reds, 1)}
    for cell, n in sorted(numbers.items()):
        prob += sightline(prob, red, cell, limit=n + 1) == n + 1, cname("Sees", cell)
    for cell in sorted(b):
        near = p.beside(cell)
        blue_near = pulp.lpSum(1 - red[q] for q in near)
        prob += blue_near >= 1 - b[cell], cname("Company", cell)
    return Model(prob, list(b.values()), {"b": b})


def deduction_board(p: Puzzle) -> Board:
    """0h n0 on a shading board (red shaded): numbers blue, given reds red, each number's
    sight, every blue cell with a blue neighbour."""
    board = Board(p.rows, p.cols, apart=False, connected=False)
    for r, c in p.numbers():
        board.set(r * p.cols + c, UNSHADED)
    for r, c in p.reds():
        board.set(r * p.cols + c, SHADED)
    for cell, n in p.numbers().items():
        sight(board, cell, n + 1)
    for i in range(p.rows * p.cols):
        board.rule(_company, i, [i, *board.near[i]])
    return board


def _company(board: Board, i: int) -> None:
    """A blue cell has a blue neighbour: with one neighbour left that is not red, it is blue;
    with none, a blue cell is a contradiction and an unknown one is red."""
    state = board.state
    if state[i] == SHADED:
        return
    open_ = [j for j in board.near[i] if state[j] != SHADED]
    if not open_:
        if state[i] == UNSHADED:
            raise Contradiction
        board.set(i, SHADED)
    elif len(open_) == 1 and state[i] == UNSHADED and state[open_[0]] == UNKNOWN:
        board.set(open_[0], UNSHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (sight, company), then every unknown cell tried both ways."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    skip = set(p.numbers()) | p.reds()
    # (the board holds the given reds shaded: a whole answer has them)
    return shading_deductions(known, p.rows, p.cols, skip=skip)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v)) | p.reds()


def verify(p: Puzzle, red: Answer) -> list[Violation]:
    """Numbers blue and seeing their count, given reds red, no blue cell alone. Each problem
    names its cells."""
    red = frozenset(q for q in red if 0 <= q[0] < p.rows and 0 <= q[1] < p.cols)
    blue = set(p.positions()) - red
    problems: list[Violation] = []
    for cell in sorted(p.reds() - red):
        problems.append(Violation(f"the given red cell {cell_name(cell)} is blue", [cell]))
    for cell, n in sorted(p.numbers().items()):
        if cell in red:
            problems.append(Violation(f"the {n} at {cell_name(cell)} is red", [cell]))
            continue
        seen = seen_cells(cell, blue)[1:]
        if len(seen) != n:
            problems.append(
                Violation(
                    f"the {n} at {cell_name(cell)} sees {len(seen)} blue cells, not {n}",
                    [cell, *seen],
                )
            )
    for cell in sorted(blue):
        if not any(q in blue for q in p.beside(cell)):
            problems.append(
                Violation(f"the blue cell {cell_name(cell)} sees no other blue cell", [cell])
            )
    return problems


def render(p: Puzzle, red: Answer) -> list[CellWrite]:
    return render_shaded(red)


def record(p: Puzzle, red: Answer) -> dict:
    return shaded_record(red)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a given red `*` keeps its text: only the fill shows the answer


# a number taken out of the puzzle (Genre.givens) leaves an empty cell
WITHOUT_NUMBER = None


GENRE = define(
    __name__,
    slug="ohno",
    ja="オーノー",
    names=("ohno", "0h n0", "0hn0", "oh no", "オーノー"),
    tuning=Tuning(probe_work=2_000_000, probe_passes=10),
)
