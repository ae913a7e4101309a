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

Deductions (`solver.deduce.digit_logic.filled_rooms`): each room's digits once (naked and
hidden singles), two cells k apart in a row or column never one digit k or more; then each
cell of two or three candidates probed.
"""

from __future__ import annotations

from collections.abc import Sequence

import pulp

from solver.blocks.digits import (
    Digits,
    digits_of,
    fix,
    room_digits,
)
from solver.blocks.geometry import Cell
from solver.blocks.names import cell_name, column_letter
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


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide: each room's digits once, two cells k apart in a line never one
    digit k or more, then probing, within the tuning's `probe_work`."""
    size = {cell: len(room) for room in p.rooms.all() for cell in room}
    apart = [  # only where both rooms hold a digit that large
        (line[i], line[j], j - i)
        for _, line in lines(p)
        for i in range(len(line))
        for j in range(i + 1, min(len(line), i + size[line[i]] + 1))
        if size[line[j]] >= j - i
    ]
    return digit_logic.filled_rooms(
        p.rooms.all(), p.rows, p.cols, p.number_at(), apart, tuning.probe_work
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """The givens stand, every cell holds a digit its room can hold, no room holds a digit
    twice, and equal digits n in a row or column are more than n cells apart."""
    a = filled_rooms.sized(p, a)
    return filled_rooms.check_rooms(p, a) + check_ripples(a, lines(p))


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


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    return filled_rooms.from_url("ripple", url)


def to_url(p: Puzzle) -> str:
    return filled_rooms.to_url("ripple", p)


GENRE = define(
    __name__,
    slug="ripple-effect",
    ja="波及効果",
    pzpr_ids=("ripple",),
    tuning=Tuning(prove_by_search=True, probe_work=2_000_000),
)
