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

Deductions (`solver.deduce.digit_logic`): each room's digits once (naked and hidden singles),
two touching cells never one digit; then each cell of two or three candidates probed.
"""

from __future__ import annotations

import pulp

from solver.blocks.digits import (
    Digits,
    digits_of,
    fix,
    room_digits,
)
from solver.blocks.names import cell_name
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.violation import Violation
from solver.deduce import Deductions, digit_logic
from solver.genres import define
from solver.io import filled_rooms, puzzlink
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

Puzzle = RoomPuzzle  # the rooms, and the given digits in their cells
Answer = filled_rooms.Answer  # the digit of each cell, 0 for none


# The sheet, the answer and the link, as every grid of rooms filled with 1 to their size:
parse = filled_rooms.parse
to_cells = filled_rooms.to_cells
decode = filled_rooms.decode
read_answer = filled_rooms.read_answer
blank = filled_rooms.blank
render = filled_rooms.render
record = filled_rooms.record
givens = filled_rooms.givens


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


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: each room's digits once, touching cells never one digit, then
    probing, within the tuning's `probe_work`."""
    near = ((0, 1), (1, -1), (1, 0), (1, 1))
    apart = [
        ((r, c), (r + dr, c + dc), 1)
        for r in range(p.rows)
        for c in range(p.cols)
        for dr, dc in near
        if 0 <= r + dr < p.rows and 0 <= c + dc < p.cols
    ]
    return digit_logic.filled_rooms(
        p.rooms.all(), p.rows, p.cols, p.number_at(), apart, tuning.probe_work
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a digit its room can hold, no room holds a digit
    twice, and no two equal digits touch, side or corner."""
    a = filled_rooms.sized(p, a)
    return filled_rooms.check_rooms(p, a) + check_touching(a)


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


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    return filled_rooms.from_url("suguru", url)


def to_url(p: Puzzle) -> str:
    return filled_rooms.to_url("suguru", p)


GENRE = define(
    __name__,
    slug="suguru",
    ja="ナンバーブロック",
    pzpr_ids=("suguru",),
    names=("suguru", "tectonic", "スグル"),
    tuning=Tuning(prove_by_search=True, probe_work=2_000_000),
)
