"""Norinori from random dominoes: lay dominoes in a random order wherever neither cell touches
another domino side by side; every room starts as one domino, and the unshaded cells join a
neighbouring room at random until none is left. Each room then holds exactly its domino's two
cells. The rooms come out large (few dominoes fit), so the puzzles are seldom unique; the
benchmark reports it."""

from __future__ import annotations

import random

from solver.genres.norinori import Puzzle
from solver.rooms import Rooms
from tests.generators import Cell


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
    while free:
        rng.shuffle(free)
        left = []
        for cell in free:
            near = [room[q] for q in _around(cell, size) if q in room]
            if near:
                room[cell] = rng.choice(near)
            else:
                left.append(cell)
        free = left
    order: dict[int, int] = {}
    ids = []
    for r in range(size):
        row = []
        for c in range(size):
            row.append(order.setdefault(room[r, c], len(order)))
        ids.append(tuple(row))
    return Puzzle(Rooms(tuple(ids))), f"{len(dominoes)} rooms, one domino each"


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= r + dr < size and 0 <= c + dc < size
    ]
