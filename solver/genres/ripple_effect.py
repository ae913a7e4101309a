"""Ripple Effect (波及効果, hakyukoka).

Rules: the grid is divided into rooms. Put a digit into every cell: a room of n cells holds the
digits 1 to n, each once. Two equal digits n in one row or one column are more than n cells
apart: between two 3s in a row stand at least three other cells. Given digits stay.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of the two ways of the room genres
(`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed; the given digits are numbers in their cells, other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a given digit
  goes with its label into its cell (`A3`, `3A`); a room may hold several givens.

    thick borders:        labels:
    ┏━━━┳━━━━━━━┓
    ┃ 1 ┃ 3     ┃         A1 B3 B
    ┃   ┗━━━┓   ┃
    ┃       ┃   ┃         A  A  B
    ┗━━━━━━━┻━━━┛         (the answer: 132 321)

The answer writes the digits in blue into the empty cells among thick borders; on a labelled cell
it shows the digit after the label through the cell's number format (`A=3`, in the cell's own
colour: the value stays `A`). Solving by
hand, type the digits into the empty cells, or after the label with `=` (`A=3`, or `A3`). A
digit typed by hand cannot be told from a given one: Check, and solving, read it as a given, as
for sudoku.

puzz.link: `ripple` (also `hakyukoka`): the border codec, then number16 over the cells (the
givens).

Model: x(r,c,d) = 1 when cell (r,c) holds digit d, for d from 1 to the size of the cell's room
(`solver.blocks.digits.room_digits`: one digit per cell; room(k,d): each room holds each of its
digits once); the givens fixed. Ripple: any d+1 consecutive cells of a row (RippleH) or a column
(RippleV) hold at most one d, which is the rule (two ds closer than d+1 cells lie in one such
window) and, as a clique of pairwise conflicts, tighter than one inequality per pair: the
windows solve faster than the pairs on larger grids (15x15) with HiGHS and SCIP.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from solver.blocks.names import cell_name, column_letter, quote
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


def lines(p: Puzzle) -> list[tuple[str, list[Cell]]]:
    """The rows ('H') and columns ('V') of the grid, as lists of cells."""
    rows = [("H", [(r, c) for c in range(p.cols)]) for r in range(p.rows)]
    return rows + [("V", [(r, c) for r in range(p.rows)]) for c in range(p.cols)]


def model(p: Puzzle) -> Model:
    prob = new_problem("ripple-effect")
    x = room_digits(prob, p.rooms.all())
    fix(prob, x, p.number_at())
    ripple(prob, x, lines(p))
    return Model(prob, list(x.values()), {"x": x})


def ripple(prob: pulp.LpProblem, x: Digits, lines: list[tuple[str, list[Cell]]]) -> None:
    """Any d+1 consecutive cells of a line hold at most one d (cells without an x(r,c,d) are
    left out: their room is smaller than d)."""
    biggest = max(digits_of(x), default=0)
    for kind, line in lines:
        for d in range(1, biggest + 1):
            for start in range(max(1, len(line) - d)):
                window = [(r, c, d) for r, c in line[start : start + d + 1] if (r, c, d) in x]
                if len(window) > 1:
                    prob += (
                        pulp.lpSum(x[k] for k in window) <= 1,
                        cname(f"Ripple{kind}", line[start], d),
                    )


def decode(p: Puzzle, m: Model) -> Answer:
    return decode_digits(m["x"], p.rows, p.cols)


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a digit its room can hold, no room holds a digit
    twice, and equal digits n in a row or column are more than n cells apart."""
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
    return problems + check_repeats(a, units) + check_ripples(a, lines(p))


def check_ripples(
    a: Sequence[Sequence[int]], lines: list[tuple[str, list[Cell]]]
) -> list[Violation]:
    """Each two equal digits n of a line that are n cells apart or less: `two 3s in row 4 are
    only 2 apart, in B4 and D4`."""
    problems = []
    for kind, line in lines:
        where = (
            f"row {line[0][0] + 1}" if kind == "H" else f"column {column_letter(line[0][1] + 1)}"
        )
        last: dict[int, int] = {}
        for i, (r, c) in enumerate(line):
            d = a[r][c]
            if d and d in last and i - last[d] <= d:
                j = last[d]
                problems.append(
                    Violation(
                        f"two {d}s in {where} are only {i - j} apart, in {cell_name(line[j])} "
                        f"and {cell_name((r, c))}",
                        [line[j], (r, c)],
                    )
                )
            if d:
                last[d] = i
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
    """`ripple`: the border codec, then number16 over the cells (`.` a given whose digit is
    not shown, which we refuse: the sheet has no way to type it); then, in pzprjs' variant with
    cells left out of the grid, those cells as bits, which we refuse too."""
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number16(rest, url.rows * url.cols)
    if rest:
        empty, rest = puzzlink.decode_bits(rest, url.rows * url.cols)
        if any(empty):
            raise puzzlink.UrlError("ripple: cells left out of the grid are not supported")
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
                f"ripple: row {r + 1}, column {c + 1} holds {v!s}, not a digit 1-{size} of its room"
            )
        digits.append(((r, c), v))
    return Puzzle(rooms, tuple(digits))


def to_url(p: Puzzle) -> str:
    at = dict(p.numbers)
    values = [at.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number16(values)
    return puzzlink.url_text("ripple", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The rooms' numbers, for the conflict search; the rooms are the puzzle's own."""
    return in_rooms(grid, p.numbers)


GENRE = define(
    __name__, slug="ripple-effect", ja="波及効果", pzpr_ids=("ripple",), prove_by_search=True
)
