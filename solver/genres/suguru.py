"""Suguru (ナンバーブロック, also Tectonic).

Rules: the grid is divided into rooms. Put a digit into every cell: a room of n cells holds the
digits 1 to n, each once. Two equal digits never touch, not even diagonally. Given digits stay.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of the two ways of the room genres
(`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed; the given digits are numbers in their cells, other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a given digit
  goes with its label into its cell (`A3`, `3A`); a room may hold several givens.

    thick borders:        labels:
    ┏━━━━━━━┳━━━┓
    ┃ 1     ┃   ┃         A1 A  B
    ┃       ┃   ┃         A  A  B
    ┣━━━━━━━┻━━━┫         C  C  C
    ┃           ┃
    ┗━━━━━━━━━━━┛         (the answer: 132 241 132)

The answer writes the digits in blue into the empty cells among thick borders; on a labelled cell
it shows the digit after the label through the cell's number format (`A=3`, in the cell's own
colour: the value stays `A`). Solving by hand, type the digits into the empty cells, or after
the label with `=` (`A=3`, or `A3`). A digit typed by hand cannot be told from a given one:
Check, and solving, read it as a given, as for sudoku.

puzz.link: `suguru`: the border codec, then number16 over the cells (the givens), as ripple
effect's URL.

Model: x(r,c,d) = 1 when cell (r,c) holds digit d, for d from 1 to the size of the cell's room
(`solver.blocks.digits.room_digits`: one digit per cell; room(k,d): each room holds each of its
digits once); the givens fixed. Touch: every 2 x 2 block of cells holds at most one d. Any two
cells that touch, side or corner, lie in one such block, so this is the rule; its four cells
touch each other, so it is the clique of their pairwise conflicts, tighter than a row per pair.
"""

from __future__ import annotations

import pulp

from solver.blocks.digits import (
    Digits,
    check_filled,
    check_repeats,
    decode_digits,
    digits_of,
    fix,
    room_digits,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, quote
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.room_digits import (
    read_room_digits,
    render_room_digits,
    shown_digit,
    typed_digits,
    without_digits,
)
from solver.io.rooms_sheet import grid_rooms
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem

Puzzle = RoomPuzzle  # the rooms, and the given digits in their cells
Answer = tuple[tuple[int, ...], ...]  # the digit of each cell, 0 for none


def parse(grid: Grid) -> Puzzle:
    rooms, digits = grid_rooms(without_digits(grid), per_room=False)
    for (r, c), d in sorted(typed_digits(grid).items()):
        if (r, c) in digits:
            raise grid.error(
                r, c, f"one digit a cell: {quote(grid[r, c])} holds {digits[r, c]} and {d}"
            )
        digits[r, c] = d
    for (r, c), d in sorted(digits.items()):
        size = len(rooms.cells(rooms.room_of((r, c))))
        if not 1 <= d <= size:
            holds = "1 cell holds the digit 1" if size == 1 else f"{size} cells holds 1 to {size}"
            raise grid.error(r, c, f"a room of {holds}; found {d}")
    return Puzzle(rooms, tuple(sorted(digits.items())))


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The given digits in their cells; the rooms are drawn as borders."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), d in p.numbers:
        cells[r][c] = d
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("suguru")
    x = room_digits(prob, p.rooms.all())
    fix(prob, x, p.number_at())
    touch(prob, x, p.rows, p.cols)
    return Model(prob, list(x.values()), {"x": x})


def touch(prob: pulp.LpProblem, x: Digits, rows: int, cols: int) -> None:
    """Every 2 x 2 block holds at most one d (cells without an x(r,c,d) are left out: their
    room is smaller than d); a grid one cell high or wide has its blocks cut to 2 cells."""
    blocks = [
        [(r + i, c + j) for i in (0, 1) for j in (0, 1) if r + i < rows and c + j < cols]
        for r in range(max(rows - 1, 1))
        for c in range(max(cols - 1, 1))
    ]
    for d in digits_of(x):
        for block in blocks:
            held = [x[(*cell, d)] for cell in block if (*cell, d) in x]
            if len(held) > 1:
                prob += pulp.lpSum(held) <= 1, cname("Touch", block[0], d)


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a digit its room can hold, no room holds a digit
    twice, and no two equal digits touch, side or corner."""
    a = _sized(p, a)
    problems = check_filled(a, p.positions(), p.numbers)
    rooms = p.rooms.all()
    for cells in rooms:
        for r, c in cells:
            if a[r][c] > len(cells):
                problems.append(
                    Violation(
                        f"cell {cell_name((r, c))} holds {a[r][c]}, but its room has only "
                        f"{len(cells)} cell{'s' * (len(cells) > 1)}",
                        [(r, c)],
                    )
                )
    units = [(p.room_name(k), cells) for k, cells in enumerate(rooms)]
    return problems + check_repeats(a, units) + check_touching(a)


def check_touching(a: Answer) -> list[Violation]:
    """Each two touching cells (side or corner) with the same digit: `two 3s touch, in B2 and
    C3`."""
    problems = []
    rows, cols = len(a), len(a[0]) if a else 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and a[r][c] and a[r][c] == a[rr][cc]:
                    problems.append(
                        Violation(
                            f"two {a[r][c]}s touch, in {cell_name((r, c))} and "
                            f"{cell_name((rr, cc))}",
                            [(r, c), (rr, cc)],
                        )
                    )
    return problems


def _sized(p: Puzzle, a: Answer) -> Answer:
    """The answer on the puzzle's grid (a cell it lacks: 0), so that odd answers never crash."""
    return tuple(
        tuple(a[r][c] if r < len(a) and c < len(a[r]) else 0 for c in range(p.cols))
        for r in range(p.rows)
    )


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The digits the sheet shows: numbers among borders and `A3` beside a label (read as
    givens too), `A=3` typed after a label or drawn by solving through the number format."""
    return read_room_digits(grid, m["x"])


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it shows no digit (a label alone is blank)."""
    return shown_digit(grid, cell) is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_room_digits(p, a, p.number_at())


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a], "regions": p.rooms.regions()}


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`suguru`: the border codec, then number16 over the cells (`.` a given whose digit is
    not shown, which we refuse: the sheet has no way to type it); then, where pzprjs leaves
    cells out of the grid, those cells as bits, which we refuse too."""
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, url.rows * url.cols)
    if rest:
        empty, rest = puzzlink.decode_bits(rest, url.rows * url.cols)
        if any(empty):
            raise puzzlink.UrlError("suguru: cells left out of the grid are not supported")
    puzzlink.end(rest)
    sizes = [len(cells) for cells in rooms.all()]
    digits = []
    for k, v in enumerate(values):
        if v is None:
            continue
        r, c = divmod(k, url.cols)
        size = sizes[rooms.room_of((r, c))]
        if not isinstance(v, int) or not 1 <= v <= size:
            raise puzzlink.UrlError(
                f"suguru: row {r + 1}, column {c + 1} holds {v!s}, not a digit 1-{size} of its room"
            )
        digits.append(((r, c), v))
    return Puzzle(rooms, tuple(digits))


def to_url(p: Puzzle) -> str:
    at = dict(p.numbers)
    values = [at.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(values)
    return puzzlink.url_text("suguru", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The given digits, for the conflict search; the rooms are the puzzle's own."""
    return in_rooms(grid, p.numbers)


GENRE = define(
    __name__,
    slug="suguru",
    ja="ナンバーブロック",
    pzpr_ids=("suguru",),
    names=("suguru", "tectonic", "スグル"),
    prove_by_search=True,
)
