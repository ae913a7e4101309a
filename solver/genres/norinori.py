"""Norinori (のりのり).

Rules: the grid is divided into rooms. Shade exactly two cells in every room. Every shaded cell
touches exactly one other shaded cell side by side: the shaded cells form dominoes (a domino may
lie across a room border).

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the rooms in either of two ways (`solver.io.rooms_sheet`): thick
borders drawn with Excel's border tool (medium or thick lines) around empty cells, as the puzzle
is printed; or labels, every cell holding its room's label (`A`, `B` ... `Z`, `AA` ...).
Norinori has no numbers.

    thick borders:        labels:
    ┏━━━┳━━━━━━━┓
    ┃   ┃       ┃         A  B  B
    ┃   ┗━━━┓   ┃         A  A  B
    ┃       ┃   ┃
    ┗━━━━━━━┻━━━┛

The answer shades the shaded cells (a dark fill, and `■` in an empty cell; a label keeps its
text). Shading by hand, for Check: `■` or `#`, or a dark fill (the only way on labelled cells);
`・`, `.` or `×` marks a cell known to stay unshaded. `import` writes the rooms as thick borders.

puzz.link: `norinori`, the border codec alone.

Model: b(r,c) = 1 when cell (r,c) is shaded; d(r,c,1) = 1 when cell (r,c) and its right
neighbour are a domino, d(r,c,2) when it and the cell below are. Room(k): the b of each room sum
to 2. Domino(r,c): a cell's b is the sum of the d of its four sides (a shaded cell is in exactly
one domino, an unshaded one in none). Apart(r,c,d): two neighbours are both shaded only as a
domino, b_p + b_q - d_pq <= 1 (no shaded cell has a second shaded neighbour). Implied, for
speed: Block(r,c): a 2x2 block holds at most two shaded cells (three would give one of them two
shaded neighbours).

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` (`norinori_board`) decide cells
shaded and unshaded before the solve: a room holds two shaded cells, a shaded cell one shaded
neighbour; then every unknown cell is tried both ways (probing), pass after pass while one decides a
cell, within the Tuning's work (`probe_work`, or `probe_passes` passes over a larger grid); then a
SAT solver over the cells left (`learned`: CaDiCaL through `solver.deduce.sat`; the rooms as sums, a
shaded cell's one shaded neighbour as clauses) decides the grid whole where it ends with exactly one
answer within `sat_work`. The dominoes follow from the cells: a pair with an unshaded cell is none,
two shaded neighbours are one. The pipeline fixes each decided cell's b, and the d of each pair they
settle, by its bounds; what the rules decide holds in every answer, so the model keeps its answers.
They decide published puzzles and generated ones whole, and then the pipeline runs no solver
(`pipeline._decided`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from itertools import combinations

import pulp

from solver.blocks.cells import shade_vars, shaded_record
from solver.blocks.geometry import ORTHOGONAL, Cell, grid_edges, neighbours
from solver.blocks.names import cell_name
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
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
from solver.io import puzzlink
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, row, value, var
from solver.mip.settings import Tuning

Puzzle = RoomPuzzle  # the rooms; norinori has no numbers
Answer = frozenset[Cell]  # the shaded cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded
SHADED_PER_ROOM = 2


def parse(grid: Grid) -> Puzzle:
    rooms, _ = grid_rooms(grid, numbers=False)
    for cells in rooms.all():
        if len(cells) < 2:
            (r, c) = cells[0]
            raise grid.error(
                r,
                c,
                "this room has one cell, but every room holds two shaded cells: check its "
                "borders or labels",
            )
    if len(rooms) * SHADED_PER_ROOM > grid.rows * grid.cols:
        raise InputError(grid.sheet, "more rooms than the grid has room for")
    return Puzzle(rooms)


def to_cells(p: Puzzle) -> list[list[Value]]:
    """Empty cells; the rooms are drawn as borders (`solver.io.rooms_sheet.write_rooms`)."""
    return [[None] * p.cols for _ in range(p.rows)]


def model(p: Puzzle) -> Model:
    prob = new_problem("norinori")
    b = shade_vars(prob, p.rows, p.cols)
    d = {
        (s, t): var(prob, "d", s[0] + 1, s[1] + 1, 1 if s[0] == t[0] else 2)
        for s, t in grid_edges(p.rows, p.cols)
    }
    for k, cells in enumerate(p.rooms.all()):
        prob += pulp.lpSum(b[q] for q in cells) == SHADED_PER_ROOM, f"Room({k + 1})"
    sides: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in b}
    for (s, t), v in d.items():
        sides[s].append(v)
        sides[t].append(v)
    for cell, own in sides.items():  # sum of own d - b = 0
        prob += row({**dict.fromkeys(own, 1), b[cell]: -1}, "==", 0), cname("Domino", cell)
    for (s, t), v in d.items():  # b_p + b_q - d_pq <= 1
        prob += row({b[s]: 1, b[t]: 1, v: -1}, "<=", 1), cname("Apart", s, 1 if s[0] == t[0] else 2)
    for r in range(p.rows - 1):
        for c in range(p.cols - 1):
            block = [b[r, c], b[r, c + 1], b[r + 1, c], b[r + 1, c + 1]]
            prob += row(dict.fromkeys(block, 1), "<=", 2), cname("Block", (r, c))
    return Model(prob, list(b.values()), {"b": b, "d": d})


def deduction_board(rows: int, cols: int, rooms: Iterable[list[Cell]]) -> Board:
    """Norinori: two shaded cells in each room, each shaded cell in a domino (shaded cells
    touch, and nothing joins them: neither of the two rules above)."""
    board = Board(rows, cols, apart=False, connected=False)
    for cells in rooms:
        room = [r * cols + c for r, c in cells]
        board.rule(exactly, (2, room), room)
    for i in range(rows * cols):
        board.rule(_domino, i, [i, *board.near[i]])
    return board


def _domino(board: Board, i: int) -> None:
    """A shaded cell has exactly one shaded neighbour: with one, its other neighbours are
    unshaded; with none and one unknown neighbour left, that one is shaded. An unknown cell
    with two shaded neighbours, or with every neighbour unshaded, is unshaded (shaded, it would
    have two, or none)."""
    state, near = board.state, board.near[i]
    if state[i] == UNSHADED:
        return
    shaded = [j for j in near if state[j] == SHADED]
    free = [j for j in near if state[j] == UNKNOWN]
    if state[i] == UNKNOWN:
        if len(shaded) > 1 or (not shaded and not free):
            board.set(i, UNSHADED)
        return
    if len(shaded) > 1 or (not shaded and not free):
        raise Contradiction
    if shaded:
        for j in free:
            board.set(j, UNSHADED)
    elif len(free) == 1:
        board.set(free[0], SHADED)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): two shaded cells a room, each
    shaded cell beside exactly one other, then every unknown cell tried both ways; and so the
    dominoes: a pair with an unshaded cell is none, two shaded neighbours are one."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p.rows, p.cols, p.rooms.all()),
        p.rows,
        p.cols,
        tuning,
    )
    if known is not None and (tuning.sat_work or tuning.learn_work):
        known = learned(p, known, tuning.learn_work, tuning.sat_work)
    deductions = shading_deductions(known, p.rows, p.cols)
    if known is None:
        return deductions
    shaded, unshaded = known
    pairs = grid_edges(p.rows, p.cols)
    dominoes = {pair: 0 for pair in pairs if unshaded & set(pair)}
    dominoes |= {pair: 1 for pair in pairs if set(pair) <= shaded}
    return dataclasses.replace(deductions, fixed={**deductions.fixed, "d": dominoes})


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int, sat_work: int = 0
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells shaded and not (`known`) with the rest decided by a search that learns from its
    conflicts (`shade_logic.learned`: the SAT solver's within `sat_work` where given, else the
    learning search's within `work`): two shaded cells a room; a shaded cell has a shaded
    neighbour, and never two."""
    one_of, never_all = [], []
    for r in range(p.rows):
        for c in range(p.cols):
            near = list(neighbours(p.rows, p.cols, r, c))
            one_of.append([((r, c), UNSHADED)] + [(q, SHADED) for q in near])
            never_all += [([(r, c), a, b], SHADED) for a, b in combinations(near, 2)]
    return shade_logic.learned(
        p.rows,
        p.cols,
        known,
        work,
        counts=[(2, cells) for cells in p.rooms.all()],
        never_all=never_all,
        one_of=one_of,
        sat_work=sat_work,
    )


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    inside = {cell for cell in shaded if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols}
    problems: list[str] = []
    for k, cells in enumerate(p.rooms.all()):
        count = sum(cell in inside for cell in cells)
        if count != SHADED_PER_ROOM:
            problems.append(
                Violation(
                    f"{p.room_name(k)} has {count} shaded cell{'s' * (count != 1)}, not 2",
                    cells,
                )
            )
    for r, c in sorted(inside):
        near = [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in inside]
        if len(near) != 1:
            what = "no shaded neighbour" if not near else f"{len(near)} shaded neighbours"
            problems.append(
                Violation(
                    f"the shaded cell {cell_name((r, c))} has {what}, not exactly one",
                    [(r, c), *near],
                )
            )
    return problems


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return {**shaded_record(shaded), "regions": p.rooms.regions()}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a shaded label keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    rooms, rest = rooms_of_url(url)
    puzzlink.end(rest)
    if any(len(cells) < 2 for cells in rooms.all()):
        raise puzzlink.UrlError("norinori: a room of one cell cannot hold two shaded cells")
    return Puzzle(rooms)


def to_url(p: Puzzle) -> str:
    return puzzlink.url_text("norinori", p.cols, p.rows, puzzlink.encode_rooms(p.rooms))


# No givens for the conflict search (Genre.givens): its rooms are the whole puzzle.
givens = None


# The uniqueness proof keeps HiGHS's presolve (no `prove_by_search`): on the grids the rules
# leave undecided, the search without it has a heavy tail (a 23x33 over thirty times slower).
GENRE = define(
    __name__,
    slug="norinori",
    ja="のりのり",
    pzpr_ids=("norinori",),
    tuning=Tuning(probe_work=2_000_000, probe_passes=10, sat_work=sat.AFTER_PROBING),
)
