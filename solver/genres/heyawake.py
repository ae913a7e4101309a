"""Heyawake (へやわけ).

Rules: the grid is divided into rooms. Shade some cells. A number in a room counts its shaded
cells (a room without a number may have any count). Shaded cells never touch side by side. The
unshaded cells form one orthogonally connected area. No straight horizontal or vertical run of
unshaded cells crosses two room borders (it runs through at most two rooms, one after the other;
a run out of a room and back into it crosses two borders too, as pzprjs counts them).

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`).

- thick borders: draw the room walls with Excel's border tool (medium or thick lines), as the
  puzzle is printed, and type each room's number into one of its cells; other cells stay empty;
- labels: every cell holds its room's label (`A`, `B` ... `Z`, `AA` ...), and a room's number
  goes with its label into one of its cells (`A2`, `2A`).

    thick borders:        labels:
    ┏━━━━━┳━━━━━━━┓
    ┃ 2   ┃       ┃       A2 A  B  B
    ┃     ┣━━━┳━━━┫       A  A  C1 D
    ┃     ┃ 1 ┃   ┃
    ┗━━━━━┻━━━┻━━━┛

The answer shades the shaded cells (a dark fill, and `■` in an empty cell; a number or a label
keeps its text). Shading by hand, for Check: `■` or `#` in a cell, or a dark fill (the only way
on labelled cells, which keep their label); `・`, `.` or `×` marks a cell known to stay unshaded.
`import` writes the rooms as thick borders (what a person sees).

puzz.link: `heyawake` (also `heyawacky`): the border codec, then room number16 (`.`, a room whose
number is not given, is a room without number).

Model: b(r,c) = 1 when cell (r,c) is shaded. Room(k): the b of a numbered room sum to its
number. NoAdjH/NoAdjV (`solver.blocks.cells.never_adjacent`). RunH(r,c)/RunV(r,c): every run of
cells along a row or column that crosses two room borders, from the last cell before one border to
the first cell after the next one, holds a shaded cell (the shortest such runs are enough: a
longer run contains one). The unshaded cells are connected
(`solver.blocks.cells.unshaded_connected`): since shaded cells never touch, the unshaded ones fall
apart exactly when shaded cells touching corner to corner close a ring, or a chain from one edge of
the grid to another; wEnclosed(r,c) states the smallest rings (a cell's neighbours are never all
shaded). The lazy form (the default, the faster one) cuts off each ring of a solved answer as it
appears: the b of its cells sum to at most their number less one. The complete form (the `.lp` file)
adds a flow on the unshaded cells instead. The forest count (`solver.blocks.cells.forest_count`):
the shaded cells, joined corner to corner, have fewer links than cells off the grid's edge. It
bounds how densely a big room can be shaded, which a room like heyawake-10b's (88 cells holding
29 shaded) needs, but its rows span the whole grid and slow the other puzzles down. So it is a
rule from the start only where big densely shaded rooms make up most of the grid
(`packed_rooms`); elsewhere a `Model.reinforce`ment: where the search runs long, it starts again
with the count. On grids of at most INFERENCE_UP_TO cells, where the rules decide little and
SCIP's search is short, SCIP branches by inference first (`Model.scip_branching`).

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` (`heyawake_board`) decide cells
shaded and unshaded before the solve: shaded cells apart, each numbered room's count, each run
across two borders holding a shaded cell, the unshaded cells joined. Then a SAT solver over the
cells left (`learned`: CaDiCaL through `solver.deduce.sat`; the numbered rooms as sums, shaded
cells apart and the runs across two borders as clauses, the unshaded cells connected) decides the
grid whole where it ends with exactly one answer. The pipeline fixes each decided cell's b by its
bounds; what the rules decide holds in every answer, so the model keeps its answers. Probing (each
unknown cell tried both ways: on grids of more than the Tuning's `probe_everywhere_from` cells,
where the rules alone decide little, every unknown cell, pass after pass; elsewhere those next to
a decided one) comes between where the Tuning gives it work (`probe_work`, `probe_passes`, and
`probe_idle` or `probe_everywhere_idle`, the share of the grid's cells probed in a row without
deciding one); the genre's own gives none, as the SAT solver decides sooner (see its Tuning).
They decide the published heyawakes whole, and where they decide every cell the pipeline runs no
solver (`pipeline._decided`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from itertools import pairwise

import pulp

from solver.blocks.cells import (
    check_connected,
    check_never_adjacent,
    forest_count,
    never_adjacent,
    shade_vars,
    unshaded_connected,
)
from solver.blocks.geometry import Cell, grid_edges
from solver.blocks.names import a1
from solver.blocks.rooms import RoomPuzzle, Rooms
from solver.blocks.violation import Violation
from solver.deduce import Deductions, probing, sat, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    Contradiction,
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


def crossing_runs(rooms: Rooms) -> list[tuple[str, list[Cell]]]:
    """The shortest runs of cells along a row ('H') or column ('V') that cross two room
    borders: from the last cell before a border to the first cell after the next border."""
    found = []
    for kind, lines in (
        ("H", [[(r, c) for c in range(rooms.cols)] for r in range(rooms.rows)]),
        ("V", [[(r, c) for r in range(rooms.rows)] for c in range(rooms.cols)]),
    ):
        for line in lines:
            cuts = [
                i
                for i in range(len(line) - 1)
                if rooms.room_of(line[i]) != rooms.room_of(line[i + 1])
            ]
            for i, j in pairwise(cuts):
                found.append((kind, line[i : j + 2]))
    return found


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("heyawake")
    b = shade_vars(prob, p.rows, p.cols)
    numbered = sorted(p.room_numbers().items())
    runs = crossing_runs(p.rooms)
    for k, n in numbered:
        prob += pulp.lpSum(b[q] for q in p.rooms.cells(k)) == n, f"Room({k + 1})"
    never_adjacent(prob, b)
    for kind, run in runs:
        prob += pulp.lpSum(b[q] for q in run) >= 1, cname(f"Run{kind}", run[0])
    m = Model(prob, list(b.values()), {"b": b})
    if p.rows * p.cols <= INFERENCE_UP_TO:
        m.scip_branching = "inference"
    m.separate(unshaded_connected(prob, b, lazy))
    packed = sum(len(p.rooms.cells(k)) for k in packed_rooms(p))
    if packed >= PACKED_GRID * p.rows * p.cols:  # the forest count pays from the start
        for row, name in forest_count(prob, b):
            prob += row, name
    else:
        m.reinforce(lambda: forest_count(prob, b))
    return m


def deduction_board(
    rows: int, cols: int, rooms: Iterable[tuple[int, list[Cell]]], runs: Iterable[list[Cell]]
) -> Board:
    """Heyawake: each numbered room (its number, its cells) and each run of cells across two
    room borders (`heyawake.crossing_runs`)."""
    board = Board(rows, cols)
    for n, cells in rooms:
        room = [r * cols + c for r, c in cells]
        board.rule(_room, (n, room), room)
    for run in runs:
        cells = [r * cols + c for r, c in run]
        board.rule(_run, cells, cells)
    return board


def _room(board: Board, number: tuple[int, list[int]]) -> None:
    """A room holds its number of shaded cells: when it has them, its other cells are
    unshaded; it can hold at most its unknown cells less one for each pair of neighbours among
    them (a matching, made greedily), and when that is just enough, each unknown cell left out
    of the pairs is shaded."""
    (n, cells), state, near = number, board.state, board.near
    shaded, free = 0, []
    for i in cells:
        if state[i] == SHADED:
            shaded += 1
        elif state[i] == UNKNOWN:
            free.append(i)
    if shaded > n:
        raise Contradiction
    if shaded == n:
        for i in free:
            board.set(i, UNSHADED)
        return
    unpaired, paired, single = set(free), 0, []
    for i in free:
        if i not in unpaired:
            continue
        unpaired.discard(i)
        j = next((j for j in near[i] if j in unpaired), None)
        if j is None:
            single.append(i)
        else:
            unpaired.discard(j)
            paired += 1
    if shaded + len(single) + paired < n:
        raise Contradiction
    if shaded + len(single) + paired == n:
        for i in single:
            board.set(i, SHADED)


def _run(board: Board, cells: list[int]) -> None:
    """A run across two room borders holds a shaded cell: its last unknown cell, where no other
    is left and none is shaded."""
    state, last = board.state, None
    for i in cells:
        if state[i] == SHADED:
            return
        if state[i] == UNKNOWN:
            if last is not None:
                return
            last = i
    if last is None:
        raise Contradiction
    board.set(last, SHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): shaded cells apart, the unshaded
    ones joined, each numbered room's count, no run of unshaded cells across two borders; then
    probing within the Tuning's work (on larger grids every unknown cell, pass after pass while
    one decides a cell; elsewhere those next to a decided one); then a SAT solver over the cells
    left (`learned`)."""
    numbered = sorted(p.room_numbers().items())
    runs = [run for _, run in crossing_runs(p.rooms)]
    everywhere = p.rows * p.cols > tuning.probe_everywhere_from
    passes = tuning.probe_passes if everywhere else 0
    known = shade_logic.deduce(
        lambda: deduction_board(p.rows, p.cols, [(n, p.rooms.cells(k)) for k, n in numbered], runs),
        probing.budget(p.rows, p.cols, tuning.probe_work, passes),
        everywhere=everywhere,
        idle=tuning.probe_everywhere_idle if everywhere else tuning.probe_idle,
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
    numbered room's count, no two shaded cells side by side, each run across two room borders
    not all unshaded, the unshaded cells connected. Where the search ends with one answer,
    that is the only one and decides every cell; with none, the puzzle has none (None);
    otherwise (two answers, or its work spent) `known` as it was."""
    counts = [(n, p.rooms.cells(k)) for k, n in sorted(p.room_numbers().items())]
    never_all = [(pair, SHADED) for pair in grid_edges(p.rows, p.cols)]
    never_all += [(run, UNSHADED) for _, run in crossing_runs(p.rooms)]
    return shade_logic.learned(
        p.rows,
        p.cols,
        known,
        work,
        counts=counts,
        never_all=never_all,
        joined=UNSHADED,
        sat_work=sat_work,
    )


# grids of at most this many cells branch by inference in SCIP (`Model.scip_branching`): there
# the rules decide little before a short search, whose strong branching and pseudo-costs cost
# more than they save; on larger grids (a 17x17, a 19x15) they repay it.
INFERENCE_UP_TO = 200
PACKED_SIZE = 50  # a room of at least this many cells ...
PACKED_SHARE = 0.25  # ... that must shade more than this share of them is packed
PACKED_GRID = 0.5  # the share of the grid in packed rooms from which the forest count is a rule


def packed_rooms(p: Puzzle) -> list[int]:
    """The rooms (indices) so big and so densely shaded that their shading is a packing: one
    of at least PACKED_SIZE cells whose number asks for more than PACKED_SHARE of them. Shaded
    cells that never touch and leave the unshaded cells connected cover about a third of a
    large area at most, where the LP without the forest count allows half: in such a room the
    search meets that limit everywhere. The forest count's rows span the whole grid (a column
    per 2x2 block), so they pay for themselves from the start only where packed rooms make up
    most of it (PACKED_GRID); a 19x15 with a third of its cells in one packed room is solved
    sooner with them as a reinforcement only (`Model.reinforce`)."""
    return [
        k
        for k, n in sorted(p.room_numbers().items())
        if (size := len(p.rooms.cells(k))) >= PACKED_SIZE and n > PACKED_SHARE * size
    ]


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
    problems += check_never_adjacent(shaded, "shaded cells")
    problems += check_connected(set(p.positions()) - shaded, "the unshaded cells")
    problems += _long_runs(p, shaded)
    return problems


def _long_runs(p: Puzzle, shaded: Answer) -> list[Violation]:
    """Each maximal unshaded run along a row or column that crosses two room borders or more:
    counted as borders, not as rooms, so that a run out of a room and back into it (a room that
    a straight line enters twice) is one too, as pzprjs checks it."""
    found = []
    for lines in (
        [[(r, c) for c in range(p.cols)] for r in range(p.rows)],
        [[(r, c) for r in range(p.rows)] for c in range(p.cols)],
    ):
        for line in lines:
            run: list[Cell] = []
            for cell in [*line, None]:
                if cell is not None and cell not in shaded:
                    run.append(cell)
                    continue
                borders = sum(p.rooms.room_of(a) != p.rooms.room_of(b) for a, b in pairwise(run))
                if borders > 1:
                    (r0, c0), (r1, c1) = run[0], run[-1]
                    found.append(
                        Violation(
                            f"the unshaded run {a1(r0 + 1, c0 + 1)}:{a1(r1 + 1, c1 + 1)} crosses "
                            f"{borders} room borders (at most 1)",
                            run,
                        )
                    )
                run = []
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
    return shaded_rooms.from_url("heyawake", url)


def to_url(p: Puzzle) -> str:
    """The walls between rooms, then each room's number (room number16)."""
    return shaded_rooms.to_url("heyawake", p)


# SCIP's one search (ONE_SCIP_SEARCH): the ring cuts go inside it from the first solve on, where
# HiGHS starts a new search for each round of them (heyawake-3: 15 rounds).
# No probing: the SAT solver straight after the rules decides the published puzzles in less CPU
# than probing first. `python -m benchmarks.benchmark_probing --genres heyawake --every 2
# --offset 0 --work 0,20000` (393 puzzles): 7.7 s in all against 10.5 s with probing first
# (500,000 work, or 10 passes over grids of more than 200 cells), the slowest 120 against
# 402 ms, the median 14.8 against 14.0 ms; checked with `--offset 1` (392): 9.3 against 17.5 s,
# the slowest 345 against 1,959 ms (350_31x45), the median 15.2 against 15.3 ms.
GENRE = define(
    __name__,
    slug="heyawake",
    ja="へやわけ",
    pzpr_ids=("heyawake",),
    lazy=True,
    tuning=dataclasses.replace(
        ONE_SCIP_SEARCH,
        sat_work=sat.AFTER_PROBING,
    ),
)
