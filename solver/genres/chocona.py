"""Chocona (チョコナ).

Rules: the grid is divided into rooms. Shade some cells. A number in a room counts its shaded
cells (a room without a number may have any count). Every area of shaded cells joined side by
side is a rectangle (or a square); rectangles may touch at a corner.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed, and type each room's number into one of its cells; other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a room's number
  goes with its label into one of its cells (`A2`, `2A`).

    thick borders:        labels:
    ┏━━━━━┳━━━━━━━┓
    ┃ 3   ┃ 1     ┃       A3 A  B1 B
    ┃     ┣━━━┳━━━┫       A  A  C2 D
    ┃     ┃ 2 ┃   ┃
    ┗━━━━━┻━━━┻━━━┛

The answer shades the shaded cells (a dark fill, and `■` in an empty cell; a number or a label
keeps its text). Shading by hand, for Check: `■` or `#` in a cell, or a dark fill (the only way
on labelled cells, which keep their label); `・`, `.` or `×` marks a cell known to stay unshaded.
`import` writes the rooms as thick borders (what a person sees).

puzz.link: `chocona`: the border codec, then room number16 (`.`, a room whose number is not
given, is a room without number).

Model: b(r,c) = 1 when cell (r,c) is shaded. Room(k): the b of a numbered room sum to its
number. Rect(r,c,k): the shaded areas are rectangles exactly when no 2x2 block holds three shaded
cells, so for each 2x2 block with top-left cell (r,c) and each of its cells k (1-4, row by row):
the other three b less the b of k is at most 2.

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` decide cells shaded and unshaded
before the solve: each numbered room's count (`exactly`), and no 2x2 block with three shaded cells
(`_block`: a block with three shaded cells has its fourth shaded, one with two shaded and one
unshaded has its last unshaded); then every unknown cell is tried both ways (probing), pass after
pass while one decides a cell, within the Tuning's `probe_work` (or `probe_passes` passes over a
larger grid); then a depth-first search over the cells (`solver.deduce.probing.search`, within
`search_work`), which decides the grid whole where it ends with exactly one answer. The pipeline
fixes each decided cell's b by its bounds; where they decide every cell the pipeline runs no
solver (`pipeline._decided`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pulp

from solver.blocks.cells import components, shade_vars
from solver.blocks.geometry import Cell, squares
from solver.blocks.names import a1
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    Contradiction,
    exactly,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink, shaded_rooms
from solver.io.shading import SHADING_MARKS
from solver.mip.model import Model, cname, new_problem, row, value
from solver.mip.settings import Tuning

Puzzle = RoomPuzzle  # the rooms, and each room's number in the cell that holds it
Answer = frozenset[Cell]  # the shaded cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


def model(p: Puzzle) -> Model:
    prob = new_problem("chocona")
    b = shade_vars(prob, p.rows, p.cols)
    for k, n in sorted(p.room_numbers().items()):
        prob += pulp.lpSum(b[q] for q in p.rooms.cells(k)) == n, f"Room({k + 1})"
    for block in squares(p.rows, p.cols):
        for k, odd in enumerate(block, start=1):  # sum of the other three - b_odd <= 2
            terms = {b[q]: 1 for q in block if q != odd} | {b[odd]: -1}
            prob += row(terms, "<=", 2), cname("Rect", block[0], k)
    return Model(prob, list(b.values()), {"b": b})


def deduction_board(rows: int, cols: int, rooms: Iterable[tuple[int, list[Cell]]]) -> Board:
    """Chocona: each numbered room (its number, its cells) holds that many shaded cells, and
    no 2x2 block holds three; shaded cells may touch, and nothing joins them."""
    board = Board(rows, cols, apart=False, connected=False)
    for n, cells in rooms:
        room = [r * cols + c for r, c in cells]
        board.rule(exactly, (n, room), room)
    for block in squares(rows, cols):
        cells = [r * cols + c for r, c in block]
        board.rule(_block, cells, cells)
    return board


def _block(board: Board, cells: list[int]) -> None:
    """A 2x2 block never holds exactly three shaded cells: with three shaded its fourth is
    shaded, with two shaded and one unshaded its last is unshaded."""
    state = board.state
    shaded, free, last = 0, 0, -1  # the shaded and the unknown cells, and the last unknown one
    for i in cells:
        s = state[i]
        if s == SHADED:
            shaded += 1
        elif s == UNKNOWN:
            free += 1
            last = i
    if shaded < 2 or free > 1:
        return  # the block decides nothing yet (the rule looks at it on every set)
    if shaded == 3 and not free:
        raise Contradiction
    if free == 1:
        board.set(last, SHADED if shaded == 3 else UNSHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): each numbered room's count, no 2x2
    block with three shaded cells; then every unknown cell tried both ways, and a search."""
    numbered, rooms = sorted(p.room_numbers().items()), p.rooms.all()
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p.rows, p.cols, [(n, rooms[k]) for k, n in numbered]),
        p.rows,
        p.cols,
        tuning,
    )
    return shading_deductions(known, p.rows, p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    shaded = frozenset(cell for cell in shaded if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)
    problems: list[str] = []
    for k, n in sorted(p.room_numbers().items()):
        cells = p.rooms.cells(k)
        count = sum(cell in shaded for cell in cells)
        if count != n:
            problems.append(
                Violation(
                    f"{p.room_name(k)} has {count} shaded cell{'s' * (count != 1)}, its number "
                    f"says {n}",
                    cells,
                )
            )
    for group in sorted(components(shaded), key=min):
        r0, c0 = min(group)
        top, bottom = r0, max(r for r, _ in group)
        left, right = min(c for _, c in group), max(c for _, c in group)
        if len(group) != (bottom - top + 1) * (right - left + 1):
            problems.append(
                Violation(
                    f"the shaded area at {a1(r0 + 1, c0 + 1)} ({len(group)} cells) is not a "
                    "rectangle",
                    group,
                )
            )
    return problems


# The sheet, the answer as shading, the record, a hand-filled answer, the link:
# solver.io.shaded_rooms.
parse = shaded_rooms.parse
to_cells = shaded_rooms.to_cells
render = shaded_rooms.render
record = shaded_rooms.record
read_answer = shaded_rooms.read_answer
blank = shaded_rooms.blank
givens = shaded_rooms.givens


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    return shaded_rooms.from_url("chocona", url)


def to_url(p: Puzzle) -> str:
    """The walls between rooms, then each room's number (room number16)."""
    return shaded_rooms.to_url("chocona", p)


# SCIP, for the grids the deductions leave open: on the 77 of janko.at's 250 that probing alone
# leaves open, its search takes 12 s in all, HiGHS's 16 s (benchmarks/puzzlekit/chocona.py).
# The search's work (`Tuning.search_work`) chosen on the odd-numbered published puzzles
# (benchmarks.benchmark_puzzlekit's dataset) and checked on the even-numbered: with 1,000,000
# the rules and the search decide all 125 of each half, where probing alone left 40 and 37 to
# SCIP (up to half a second each), and each half's time in all is halved; 300,000 left 5 of the
# odd half. The search's longest run on a published chocona is under 0.2 s.
SEARCH_WORK = 1_000_000

GENRE = define(
    __name__,
    slug="chocona",
    ja="チョコナ",
    pzpr_ids=("chocona",),
    tuning=Tuning("scip", probe_work=2_000_000, probe_passes=10, search_work=SEARCH_WORK),
)
