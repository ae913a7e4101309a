"""Inshi no heya from a random latin square and random rooms.

The square: the cyclic one (row r holds r + c + 1 mod N) with its rows, columns and digits
shuffled. The rooms: cells in random order start a room each, which grows through free
neighbours to a random size of 1 to BIGGEST. Each room's product is its digits' product.

Published puzzles have one answer. While another answer exists (checked with HiGHS), a room
where the answers differ is cut: one of its differing cells becomes a room of its own (and the
rest, if it falls apart, a room per piece); rooms of one cell fix their digit, so this ends.
Then neighbouring rooms are joined in random order (up to BIGGEST cells together) wherever the
answer stays unique (at most JOINS tries). The note counts rooms, cuts and joins and says
'unique' or 'not unique'.
"""

from __future__ import annotations

import random

from solver.blocks.geometry import components
from solver.blocks.rooms import Rooms
from solver.genres.inshi_no_heya import GENRE, Puzzle
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.generators import Cell

BIGGEST = 5
CUTS = 200
JOINS = 60


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    digits = latin(size, rng)
    ids = grow(size, rng)

    def puzzle() -> Puzzle:
        rooms = renumbered(ids)
        products = []
        for cells in rooms.all():
            product = 1
            for r, c in cells:
                product *= digits[r][c]
            products.append((cells[0], product))
        return Puzzle(rooms, tuple(products))

    def differ() -> list[Cell] | None:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        return None if out.unique else out.differ

    cuts = joins = 0
    fresh = 1 + max(max(row) for row in ids)
    while (spots := differ()) and cuts < CUTS:
        cuts += 1
        r, c = rng.choice(spots)
        k, ids[r][c] = ids[r][c], fresh
        fresh += 1
        rest = [(i, j) for i, row in enumerate(ids) for j, v in enumerate(row) if v == k]
        for part in components(rest)[1:]:
            for i, j in part:
                ids[i][j] = fresh
            fresh += 1
    unique = spots is None
    if unique:
        for _ in range(JOINS):
            r, c = rng.randrange(size), rng.randrange(size)
            near = [
                (r + dr, c + dc)
                for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1))
                if 0 <= r + dr < size and 0 <= c + dc < size and ids[r + dr][c + dc] != ids[r][c]
            ]
            if not near:
                continue
            i, j = rng.choice(near)
            a, b = ids[r][c], ids[i][j]
            if sum(row.count(a) + row.count(b) for row in ids) > BIGGEST:
                continue
            before = [row[:] for row in ids]
            for row in ids:
                row[:] = [a if v == b else v for v in row]
            if differ() is None:
                joins += 1
            else:
                ids[:] = before
    p = puzzle()
    return p, (
        f"{len(p.rooms)} rooms of {size * size} cells; {cuts} cuts, {joins} joins, "
        + ("unique" if unique else "not unique")
    )


def latin(size: int, rng: random.Random) -> list[list[int]]:
    """A random latin square: the cyclic one with rows, columns and digits shuffled."""
    rows, cols, names = list(range(size)), list(range(size)), list(range(1, size + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(names)
    return [[names[(rows[r] + cols[c]) % size] for c in range(size)] for r in range(size)]


def grow(size: int, rng: random.Random) -> list[list[int]]:
    """Room ids: rooms grown from cells in random order to random sizes up to BIGGEST."""
    ids = [[-1] * size for _ in range(size)]
    order = [(r, c) for r in range(size) for c in range(size)]
    rng.shuffle(order)
    count = 0
    for start in order:
        if ids[start[0]][start[1]] >= 0:
            continue
        target = rng.randint(1, BIGGEST)
        room = [start]
        ids[start[0]][start[1]] = count
        while len(room) < target:
            free = [
                (r + dr, c + dc)
                for r, c in room
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < size and 0 <= c + dc < size and ids[r + dr][c + dc] < 0
            ]
            if not free:
                break
            r, c = rng.choice(free)
            ids[r][c] = count
            room.append((r, c))
        count += 1
    return ids


def renumbered(ids: list[list[int]]) -> Rooms:
    order: dict[int, int] = {}
    for row in ids:
        for k in row:
            order.setdefault(k, len(order))
    return Rooms(tuple(tuple(order[k] for k in row) for row in ids))
