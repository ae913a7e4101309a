"""Norinori from random dominoes: lay dominoes in a random order wherever neither cell touches
another domino side by side; every room starts as one domino, and the unshaded cells join a
neighbouring room at random until none is left. Each room then holds exactly its domino's two
cells (the built answer).

Such rooms seldom give one answer. While another answer exists (`until_unique`, checked
with HiGHS; the solver's answer, or its second one, set against the built one), every room
where they differ shrinks to its domino alone, and its other cells join neighbouring rooms
(ones that are not just a domino, where there are any): the built answer still fits, the
other one no longer does, and a room that is just its domino stays pinned. At most REPAIRS
rounds. That leaves many two-cell rooms, so, as setters do, a two-cell room then takes an
unshaded cell of a neighbouring room (which stays in one piece) wherever the answer stays
unique, at most LOOSEN x size tries. The note counts rooms, the two-cell ones, rounds and
cells given back, and says 'unique' or 'not unique'."""

from __future__ import annotations

import random

from solver.blocks.cells import components
from solver.blocks.rooms import Rooms
from solver.genres import norinori
from solver.genres.norinori import Puzzle
from solver.mip.settings import Settings
from solver.pipeline import Outcome, solve_puzzle
from tests.generators import Cell, other_shading, until_unique

REPAIRS = 60
LOOSEN = 10


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    shaded: set[Cell] = set()
    dominoes: list[tuple[Cell, Cell]] = []
    starts = [(r, c, d) for r in range(size) for c in range(size) for d in ((0, 1), (1, 0))]
    rng.shuffle(starts)
    for r, c, (dr, dc) in starts:
        a, b = (r, c), (r + dr, c + dc)
        if b[0] >= size or b[1] >= size or a in shaded or b in shaded:
            continue
        if any(q in shaded for p in (a, b) for q in _around(p, size) if q not in (a, b)):
            continue
        shaded |= {a, b}
        dominoes.append((a, b))
    room = {cell: k for k, pair in enumerate(dominoes) for cell in pair}
    free = [(r, c) for r in range(size) for c in range(size) if (r, c) not in room]
    _join(free, room, set(), size, rng)
    pinned: set[int] = set()

    def repair(out: Outcome) -> bool:
        hit = {room[q] for q in other_shading(out, shaded) ^ shaded} - pinned
        if not hit:
            return False
        pinned.update(hit)
        free = [q for q in room if room[q] in hit and q not in shaded]
        for q in free:
            del room[q]
        _join(free, room, pinned, size, rng)
        return True

    p, out, rounds = until_unique(norinori.GENRE, lambda: _puzzle(room, size), repair, REPAIRS)
    given = 0
    if out.unique:  # rooms that are just their domino take a cell of a neighbour while unique
        bare = [k for k in range(len(dominoes)) if sum(v == k for v in room.values()) == 2]
        tries = [
            (q, k)
            for k in bare
            for d in dominoes[k]
            for q in _around(d, size)
            if q not in shaded and room[q] != k
        ]
        rng.shuffle(tries)
        for q, k in tries[: LOOSEN * size]:
            was = room[q]
            rest = [n for n, v in room.items() if v == was and n != q]
            if room[q] == k or len(components(rest)) != 1:
                continue
            room[q] = k
            if solve_puzzle(norinori.GENRE, _puzzle(room, size), Settings("highs", 60)).unique:
                given += 1
            else:
                room[q] = was
        p = _puzzle(room, size)
    bare = sum(sum(v == k for v in room.values()) == 2 for k in range(len(dominoes)))
    state = "unique" if out.unique else "not unique"
    return p, (
        f"{len(dominoes)} rooms, {bare} of them just their domino; {rounds} rounds, "
        f"{given} cells given back, {state}"
    )


def _join(
    free: list[Cell], room: dict[Cell, int], pinned: set[int], size: int, rng: random.Random
) -> None:
    """Each free cell joins a neighbouring room at random, one that is not just its domino if
    it can, until none is left."""
    while free:
        rng.shuffle(free)
        left = []
        for cell in free:
            near = [room[q] for q in _around(cell, size) if q in room]
            loose = [k for k in near if k not in pinned]
            if loose or (near and not any(q not in room for q in _around(cell, size))):
                room[cell] = rng.choice(loose or near)
                pinned.discard(room[cell])
            else:
                left.append(cell)
        if len(left) == len(free):  # only rooms that are just their domino nearby
            cell = next(c for c in left if any(q in room for q in _around(c, size)))
            left.remove(cell)
            room[cell] = rng.choice([room[q] for q in _around(cell, size) if q in room])
            pinned.discard(room[cell])
        free = left


def _puzzle(room: dict[Cell, int], size: int) -> Puzzle:
    order: dict[int, int] = {}
    ids = []
    for r in range(size):
        row = []
        for c in range(size):
            row.append(order.setdefault(room[r, c], len(order)))
        ids.append(tuple(row))
    return Puzzle(Rooms(tuple(ids)))


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= r + dr < size and 0 <= c + dc < size
    ]
