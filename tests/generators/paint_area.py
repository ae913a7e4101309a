"""Paint Area from a random painting: a random connected region of about half the cells
(tests.generators.random_region), mended until no 2x2 block is of one colour (a painted block
loses a cell where the region stays connected, an unpainted one gains a cell next to the
region); then tiles of one to four cells of one colour, grown from each free cell in reading
order, and the count of painted neighbours on a share KEEP of the cells. Random tilings are
seldom unique; the benchmark reports it."""

from __future__ import annotations

import random

from solver.blocks.cells import components
from solver.blocks.rooms import Rooms
from solver.genres.paint_area import Puzzle, verify
from tests.generators import Cell, random_region

KEEP = 0.5


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    painted = _painting(size, rng)
    tile: dict[Cell, int] = {}
    count = 0
    for r in range(size):
        for c in range(size):
            if (r, c) in tile:
                continue
            tile[r, c] = count
            here, colour = (r, c), (r, c) in painted
            for _ in range(rng.randint(0, 3)):
                steps = [(here[0] + 1, here[1]), (here[0], here[1] + 1)]
                steps = [
                    q
                    for q in steps
                    if q[0] < size and q[1] < size and q not in tile and (q in painted) == colour
                ]
                if not steps:
                    break
                here = rng.choice(steps)
                tile[here] = count
            count += 1
    order: dict[int, int] = {}
    ids = tuple(
        tuple(order.setdefault(tile[r, c], len(order)) for c in range(size)) for r in range(size)
    )
    numbers = []
    for r in range(size):
        for c in range(size):
            if rng.random() < KEEP:
                near = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
                numbers.append(((r, c), sum(q in painted for q in near)))
    p = Puzzle(Rooms(ids), tuple(numbers))
    assert not verify(p, frozenset(painted)), verify(p, frozenset(painted))[:3]
    return p, f"{len(numbers)} numbers, {count} tiles"


def _painting(size: int, rng: random.Random) -> set[Cell]:
    for _ in range(100):
        painted = random_region(size, size, rng, 0.5)
        for _ in range(10 * size * size):
            blocks = [
                (r, c)
                for r in range(size - 1)
                for c in range(size - 1)
                if len({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} & painted) in (0, 4)
            ]
            if not blocks:
                return painted
            r, c = rng.choice(blocks)
            block = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
            rng.shuffle(block)
            if block[0] in painted:
                for q in block:
                    if len(components(painted - {q})) == 1:
                        painted.discard(q)
                        break
            else:
                for q in block:
                    near = {(q[0] + 1, q[1]), (q[0] - 1, q[1]), (q[0], q[1] + 1), (q[0], q[1] - 1)}
                    if near & painted:
                        painted.add(q)
                        break
    raise RuntimeError(f"no painting without 2x2 blocks ({size}x{size})")
