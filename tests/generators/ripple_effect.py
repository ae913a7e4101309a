"""Ripple effect from rooms grown one at a time, each kept only while an answer still exists.

Random rooms seldom have an answer at all: every room holds a 1, a 2 ... and equal digits need
room between them, so a random map of small rooms packs too many 2s and 3s into a line. So the
rooms are grown in reading order: the first free cell starts a room that grows through free
neighbours (at random, nearest first) to a random size of 1 to BIGGEST (sizes 3-5 twice as likely
as 1-2), and the room stays only if the rooms so far still have a filling (the genre's own rules
over the cells placed so far, solved by HiGHS); else another size and shape (SHAPES
tries), else the cell joins a neighbouring room if that keeps a filling, else the whole map
starts again (at most TRIES times). The answer is the filling for a random objective.

Published puzzles have one answer. The givens start empty; while another answer exists, our
digits at up to three cells where it differs become givens (at most REPAIRS rounds, checked with
HiGHS). Then givens are taken away in random order wherever the answer stays unique (at most
DROPS tries). The note counts rooms and givens and says 'unique' or 'not unique'.
"""

from __future__ import annotations

import random

import pulp

from solver.blocks.digits import room_digits
from solver.blocks.rooms import Rooms
from solver.genres.ripple_effect import GENRE, Puzzle, ripple
from solver.mip.highs import quiet
from solver.mip.model import new_problem
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.generators import Cell

BIGGEST = 5
TRIES = 20
SHAPES = 4
REPAIRS = 200
DROPS = 30


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    for _ in range(TRIES):
        found = grow_rooms(size, size, rng)
        if found is not None:
            rooms, digits = found
            break
    else:
        raise RuntimeError(f"no rooms with an answer in {TRIES} tries")
    given: set[Cell] = set()

    def puzzle() -> Puzzle:
        return Puzzle(rooms, tuple((q, digits[q]) for q in sorted(given)))

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        return bool(out.unique), out.differ

    ok, differ = unique()
    repairs = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        spots = [q for q in differ if q not in given]
        if not spots:
            break
        rng.shuffle(spots)
        given.update(spots[:3])
        ok, differ = unique()
    drops = 0
    if ok:
        for q in rng.sample(sorted(given), len(given))[:DROPS]:
            given.discard(q)
            if unique()[0]:
                drops += 1
            else:
                given.add(q)
    return puzzle(), (
        f"{len(rooms)} rooms, {len(given)} of {size * size} digits given; {repairs} repairs, "
        f"{drops} givens dropped, " + ("unique" if ok else "not unique")
    )


def grow_rooms(rows: int, cols: int, rng: random.Random) -> tuple[Rooms, dict[Cell, int]] | None:
    """Rooms grown in reading order, each kept while the rooms so far have a filling; the
    rooms and a random filling, or None when a cell fits nowhere."""
    ids = [[-1] * cols for _ in range(rows)]
    rooms: list[list[Cell]] = []

    def free(room: list[Cell]) -> list[Cell]:
        return sorted(
            {
                (r + dr, c + dc)
                for r, c in room
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols and ids[r + dr][c + dc] < 0
            }
            - set(room)
        )

    for start in [(r, c) for r in range(rows) for c in range(cols)]:
        if ids[start[0]][start[1]] >= 0:
            continue
        placed = False
        for _ in range(SHAPES):
            target = rng.choice([1, 2, 3, 3, 4, 4, 5, 5][: 2 * BIGGEST - 2])
            room = [start]
            while len(room) < target and (near := free(room)):
                room.append(rng.choice(near[:3]))
            if filling(rows, cols, [*rooms, room]) is not None:
                placed = True
                break
        if not placed:  # the cell joins a neighbouring room
            beside = {
                ids[start[0] + dr][start[1] + dc]
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= start[0] + dr < rows
                and 0 <= start[1] + dc < cols
                and ids[start[0] + dr][start[1] + dc] >= 0
            }
            for k in sorted(beside, key=lambda _: rng.random()):
                grown = [*rooms[:k], [*rooms[k], start], *rooms[k + 1 :]]
                if filling(rows, cols, grown) is not None:
                    rooms[k].append(start)
                    ids[start[0]][start[1]] = k
                    break
            else:
                return None
            continue
        for r, c in room:
            ids[r][c] = len(rooms)
        rooms.append(room)
    digits = filling(rows, cols, rooms, rng)
    assert digits is not None
    order: dict[int, int] = {}
    for row in ids:
        for k in row:
            order.setdefault(k, len(order))
    return Rooms(tuple(tuple(order[k] for k in row) for row in ids)), digits


def filling(
    rows: int, cols: int, rooms: list[list[Cell]], rng: random.Random | None = None
) -> dict[Cell, int] | None:
    """Digits for the cells of these rooms by the rules (other cells left out), or None when
    there are none; with rng, a random one (random weights as the objective)."""
    prob = new_problem("ripple-effect")
    x = room_digits(prob, rooms)
    lines = [("H", [(r, c) for c in range(cols)]) for r in range(rows)]
    lines += [("V", [(r, c) for r in range(rows)]) for c in range(cols)]
    ripple(prob, x, lines)
    if rng is not None:
        prob.setObjective(pulp.lpSum(rng.random() * v for v in x.values()))
    with quiet():  # highspy prints a banner on stdout as it starts
        prob.solve(pulp.HiGHS(msg=False, timeLimit=60))
    if pulp.LpStatus[prob.status] != "Optimal":
        return None
    return {(r, c): d for (r, c, d), v in x.items() if (v.varValue or 0) > 0.5}
