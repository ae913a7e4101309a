"""Aqre.

Rules: the grid is divided into rooms. Shade some cells. A number in a room counts its shaded
cells (a room without a number may have any count). All the shaded cells form one orthogonally
connected area. No four cells in a row, across or down, are all shaded or all unshaded.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed, and type each room's number into one of its cells; other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a room's number
  goes with its label into one of its cells (`A2`, `2A`).

    thick borders:        labels:
    ┏━━━━━┳━━━━━━━┓
    ┃ 2   ┃ 0     ┃       A2 A  B0 B
    ┃     ┣━━━┳━━━┫       A  A  C1 D
    ┃     ┃ 1 ┃   ┃
    ┗━━━━━┻━━━┻━━━┛

The answer shades the shaded cells (a dark fill, and `■` in an empty cell; a number or a label
keeps its text). Shading by hand, for Check: `■` or `#` in a cell, or a dark fill (the only way
on labelled cells, which keep their label); `・`, `.` or `×` marks a cell known to stay unshaded.
`import` writes the rooms as thick borders (what a person sees).

puzz.link: `aqre`: the border codec, then room number16 (`.`, a room whose number is not given, is
a room without number).

Model: b(r,c) = 1 when cell (r,c) is shaded. Room(k): the b of a numbered room sum to its
number. Shaded4H(r,c)/Shaded4V(r,c): the four cells from (r,c) rightwards (downwards) hold at most
three shaded cells; Unshaded4H(r,c)/Unshaded4V(r,c): at least one. The shaded cells are connected
(`solver.blocks.cells.connected`, prefix `s`): in the complete form a flow from a root cell
(sRoot/sFlow...), in the lazy form (the default) vertex cuts on the solved shaded areas; an area
without a cell of the `anchor` (the smallest numbered room, or four cells in a row: one of its
cells is shaded in every answer) is cut off by its fence towards the anchor holding a shaded cell
once one of its own cells is shaded, a cut as strong as with a known root. Implied, for speed,
where every answer shades two cells or more (`two_shaded`): sNext(r,c), a shaded cell has a
shaded neighbour (`solver.blocks.cells.never_alone`). The back end is SCIP's one search
(`ONE_SCIP_SEARCH`), the cuts inside it from the first solve on, where HiGHS starts a new search
for each round of cuts (benchmarks/puzzlekit/aqre.py: janko.at's 001, a 6x6 with one big room,
takes HiGHS 40 s).

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` decide cells shaded and unshaded
before the solve: each numbered room's count (`exactly`), no four in a row of one colour (`_four`:
three of one colour leave the fourth the other), where every answer shades two cells or more a
shaded cell with a shaded neighbour (a cell whose neighbours are all unshaded is unshaded), the
shaded cells connected (`Board.joined`: a cell cut off from the shaded cells is unshaded, one
without which they would fall apart is shaded; and, cheaper, `_enclosed`: an area of shaded cells
with a shaded cell outside it has a way out, its one unknown neighbour left is shaded); then every
unknown cell is tried both ways (probing), pass after pass while one decides a cell, first with the
connection set aside (`local_first`: a try of the local rules costs a fraction of one that looks at
the whole grid, and the probes with the connection then meet fewer unknown cells), within the
Tuning's `probe_work` (or `probe_passes` passes over a larger grid); then a SAT solver over the
cells left (`learned`: CaDiCaL through `solver.deduce.sat`; the numbered rooms as sums, no four in a
row as clauses, the shaded cells connected) decides the grid whole where it ends with exactly one
answer within `sat_work`. Where a big room must be nearly full (janko's 006: 48 of a room's 60
cells), that count is a pigeonhole argument, which the MIP's relaxation sees at once, the SAT solver
(the rooms' sums as sequential counters) within a few hundred conflicts, and the learning search of
`solver.deduce.learning` not within its budget (07_8x8: past 3,000,000 of its work). The pipeline
fixes each decided cell's b by its bounds; where they decide every cell the pipeline runs no solver
(`pipeline._decided`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import pulp

from solver.blocks.cells import check_connected, connected, never_alone, shade_vars
from solver.blocks.geometry import Cell
from solver.blocks.names import a1
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat, shade_logic
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
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import ONE_SCIP_SEARCH, Tuning

Puzzle = RoomPuzzle  # the rooms, and each room's number in the cell that holds it
Answer = frozenset[Cell]  # the shaded cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


def fours(rows: int, cols: int) -> list[tuple[str, list[Cell]]]:
    """Every four cells in a row: across ('H', from each cell rightwards) and down ('V')."""
    found = []
    for r in range(rows):
        for c in range(cols):
            if c + 4 <= cols:
                found.append(("H", [(r, c + k) for k in range(4)]))
            if r + 4 <= rows:
                found.append(("V", [(r + k, c) for k in range(4)]))
    return found


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("aqre")
    b = shade_vars(prob, p.rows, p.cols)
    for k, n in sorted(p.room_numbers().items()):
        prob += pulp.lpSum(b[q] for q in p.rooms.cells(k)) == n, f"Room({k + 1})"
    for kind, run in fours(p.rows, p.cols):
        total = pulp.lpSum(b[q] for q in run)
        prob += total <= 3, cname(f"Shaded4{kind}", run[0])
        prob += total >= 1, cname(f"Unshaded4{kind}", run[0])
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(connected(prob, b, lazy, prefix="s", anchor=anchor(p)))
    if two_shaded(p):
        never_alone(prob, b, "s")
    return m


def anchor(p: Puzzle) -> list[Cell]:
    """The fewest cells of which one is shaded in every answer, for the connection's cuts: a
    numbered room's cells (its number at least 1), or four cells in a row, whichever is smaller;
    none where neither exists."""
    found = [p.rooms.cells(k) for k, n in p.room_numbers().items() if n > 0]
    found += [run for _, run in fours(p.rows, p.cols)[:2]]
    return min(found, key=len, default=[])


def two_shaded(p: Puzzle) -> bool:
    """Whether every answer shades two cells or more: the numbers ask for two, or the grid holds
    two runs of four cells apart, in one row or column or in two (each holds a shaded cell)."""
    return (
        sum(p.room_numbers().values()) >= 2
        or p.rows * (p.cols // 4) >= 2
        or p.cols * (p.rows // 4) >= 2
    )


def deduction_board(
    rows: int, cols: int, rooms: Iterable[tuple[int, list[Cell]]], two: bool = False
) -> Board:
    """Aqre: each numbered room (its number, its cells) holds that many shaded cells, no four
    in a row of one colour, the shaded cells connected (over the grid, `Board.joined`, and an
    area of shaded cells at a time, `_enclosed`); `two`: every answer shades two cells or more
    (`two_shaded`), so no shaded cell stands alone."""
    board = Board(rows, cols, apart=False, connected=False, joined=(SHADED,))
    for n, cells in rooms:
        room = [r * cols + c for r, c in cells]
        board.rule(exactly, (n, room), room)
    for _, run in fours(rows, cols):
        cells = [r * cols + c for r, c in run]
        board.rule(_four, cells, cells)
    least = 2 if two else 1  # the fewest shaded cells of an answer
    for i in range(rows * cols):
        board.rule(_enclosed, (i, least), [i])
    return board


def _enclosed(board: Board, cell: tuple[int, int]) -> None:
    """The shaded cells are connected, `least` of them at least: an area of shaded cells joined
    side by side, where a shaded cell lies outside it or it holds fewer than `least`, leads out
    through an unknown neighbour (with one such neighbour left, that one is shaded); an unknown
    cell whose neighbours are all unshaded is unshaded where `least` is 2. Looked at when cell i
    is set: its own area where it is shaded; where it is unshaded, its shaded neighbours' areas
    (one way out fewer) and its unknown neighbours. The connection over the grid
    (`Board.joined`) decides the same and more, at the cost of a search over the whole grid;
    this decides it within the areas, so probing with the connection set aside (`local_first`)
    decides most of it."""
    (i, least), state, near = cell, board.state, board.near
    if state[i] == SHADED:
        _way_out(board, i, least)
    elif state[i] == UNSHADED:
        for j in near[i]:
            s = state[j]
            if s == SHADED:
                _way_out(board, j, least)
            elif s == UNKNOWN and least > 1 and all(state[k] == UNSHADED for k in near[j]):
                board.set(j, UNSHADED)


def _way_out(board: Board, i: int, least: int) -> None:
    """`_enclosed` for the area of shaded cell i: a search over it that stops at its second
    unknown neighbour."""
    state, near = board.state, board.near
    exit = -1
    for j in near[i]:
        if state[j] == UNKNOWN:
            if exit >= 0:
                return  # two ways out next to the cell itself
            exit = j
    seen, todo = {i}, [i]
    while todo:
        for j in near[todo.pop()]:
            s = state[j]
            if s == SHADED:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
            elif s == UNKNOWN and j != exit:
                if exit >= 0:
                    return
                exit = j
    if len(seen) >= least and state.count(SHADED) == len(seen):
        return  # the area may be all the shaded cells
    if exit < 0:
        raise Contradiction
    board.set(exit, SHADED)


def _four(board: Board, cells: list[int]) -> None:
    """Four cells in a row are never all of one colour: with three of one colour and the fourth
    unknown, the fourth takes the other."""
    state = board.state
    shaded, free, last = 0, 0, -1  # the shaded and the unknown cells, and the last unknown one
    for i in cells:
        s = state[i]
        if s == SHADED:
            shaded += 1
        elif s == UNKNOWN:
            free += 1
            last = i
    if free > 1:
        return
    if not free:
        if shaded in (0, 4):
            raise Contradiction
        return
    if shaded == 3:
        board.set(last, UNSHADED)
    elif shaded == 0:
        board.set(last, SHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): each numbered room's count, no four
    in a row of one colour, the shaded cells connected; then every unknown cell tried both
    ways; then a SAT solver over the cells left (`learned`)."""
    numbered, rooms = sorted(p.room_numbers().items()), p.rooms.all()
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(
            p.rows, p.cols, [(n, rooms[k]) for k, n in numbered], two_shaded(p)
        ),
        p.rows,
        p.cols,
        tuning,
        local_first=True,
    )
    if known is not None and (tuning.sat_work or tuning.learn_work):
        known = learned(p, known, tuning.learn_work, tuning.sat_work)
    return shading_deductions(known, p.rows, p.cols)


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int, sat_work: int = 0
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and not (`known`, what the rules and probing decided) with the rest
    decided by a search that learns from its conflicts (`shade_logic.learned`: the SAT
    solver's within `sat_work` where given, else the learning search's within `work`): each
    numbered room's count, no four in a row of one colour, the shaded cells connected. Where
    the search ends with one answer, that is the only one and decides every cell; with none,
    the puzzle has none (None); otherwise (two answers, or its work spent) `known` as it
    was."""
    counts = [(n, p.rooms.cells(k)) for k, n in sorted(p.room_numbers().items())]
    runs = [run for _, run in fours(p.rows, p.cols)]
    never_all = [(run, colour) for run in runs for colour in (SHADED, UNSHADED)]
    return shade_logic.learned(
        p.rows,
        p.cols,
        known,
        work,
        counts=counts,
        never_all=never_all,
        joined=SHADED,
        sat_work=sat_work,
    )


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
    problems += check_connected(shaded, "the shaded cells")
    problems += _fours(p, shaded)
    return problems


def _fours(p: Puzzle, shaded: Answer) -> list[Violation]:
    """Each maximal run of four or more cells of one colour along a row or column."""
    found = []
    for line in [[(r, c) for c in range(p.cols)] for r in range(p.rows)] + [
        [(r, c) for r in range(p.rows)] for c in range(p.cols)
    ]:
        start = 0
        for k in range(1, len(line) + 1):
            if k < len(line) and (line[k] in shaded) == (line[start] in shaded):
                continue
            if k - start >= 4:
                (r0, c0), (r1, c1) = line[start], line[k - 1]
                what = "shaded" if line[start] in shaded else "unshaded"
                found.append(
                    Violation(
                        f"{k - start} {what} cells in a row at {a1(r0 + 1, c0 + 1)}:"
                        f"{a1(r1 + 1, c1 + 1)} (at most 3)",
                        line[start:k],
                    )
                )
            start = k
    return found


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
    return shaded_rooms.from_url("aqre", url)


def to_url(p: Puzzle) -> str:
    """The walls between rooms, then each room's number (room number16)."""
    return shaded_rooms.to_url("aqre", p)


GENRE = define(
    __name__,
    slug="aqre",
    ja="Aqre",
    pzpr_ids=("aqre",),
    lazy=True,
    tuning=dataclasses.replace(
        ONE_SCIP_SEARCH,
        probe_work=2_000_000,
        probe_passes=10,
        sat_work=sat.AFTER_PROBING,
    ),
)
