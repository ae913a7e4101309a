"""Tile Paint from a random painting: cut the grid into random tiles of one to four cells (a
straight piece or an L, grown from each free cell in reading order), paint each tile with
probability one half, and show the count of every row and column (a share KEEP of them).
Random tilings are seldom unique; the benchmark reports it."""

from __future__ import annotations

import random

from solver.blocks.rooms import Rooms
from solver.genres.tile_paint import Puzzle
from tests.generators import Cell

KEEP = 1.0


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    tile: dict[Cell, int] = {}
    count = 0
    for r in range(size):
        for c in range(size):
            if (r, c) in tile:
                continue
            tile[r, c] = count
            here = (r, c)
            for _ in range(rng.randint(0, 3)):
                steps = [(here[0] + 1, here[1]), (here[0], here[1] + 1)]
                steps = [q for q in steps if q[0] < size and q[1] < size and q not in tile]
                if not steps:
                    break
                here = rng.choice(steps)
                tile[here] = count
            count += 1
    painted = {k for k in range(count) if rng.random() < 0.5}
    order: dict[int, int] = {}
    ids = tuple(
        tuple(order.setdefault(tile[r, c], len(order)) for c in range(size)) for r in range(size)
    )
    shade = {(r, c) for (r, c), k in tile.items() if k in painted}

    def shown(n: int) -> int | None:
        return n if rng.random() < KEEP else None

    rows = tuple(shown(sum((r, c) in shade for c in range(size))) for r in range(size))
    cols = tuple(shown(sum((r, c) in shade for r in range(size))) for c in range(size))
    clues = sum(n is not None for n in rows + cols)
    return Puzzle(Rooms(ids), (), cols, rows), f"{clues} counts, {count} tiles"
