"""Hashiwokakero from a random bridge network: islands grow out of one island, each new one at
the end of a new bridge (over at least one water cell, onto a free cell that touches no island
and lies on no bridge, crossing no bridge); then extra bridges join islands that see each other
where no bridge is in the way, so the network has cycles as published ones do. Each bridge is
single or double at random; every island's number is its bridge count and all numbers are kept.

Random networks often allow a second answer (a cycle of bridges whose counts can shift), and
published puzzles have one. So a network is drawn up to TRIES times and the first whose numbers
have a unique answer (checked with HiGHS, lazy form) is taken; the note says which attempt, or
that none of them was unique (then the last one is returned).
"""

from __future__ import annotations

import random

from solver.genres.hashiwokakero import Puzzle

Cell = tuple[int, int]
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
DENSITY = 0.3  # islands per cell, about as in the sample (30 in 9x9)
EXTRA = 0.3  # chance to add a bridge between two islands that see each other


TRIES = 30


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.hashiwokakero import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    for attempt in range(1, TRIES + 1):
        puzzle, note = network(size, rng)
        out = solve_puzzle(GENRE, puzzle, Settings("highs", 60, connectivity="lazy"))
        if out.unique:
            return puzzle, f"{note}, unique (attempt {attempt})"
    return puzzle, f"{note}, not unique ({TRIES} attempts)"


def network(size: int, rng: random.Random) -> tuple[Puzzle, str]:
    """One random bridge network and its numbers."""
    order = [(rng.randrange(size), rng.randrange(size))]  # islands in the order they came
    islands: set[Cell] = set(order)
    bridges: dict[tuple[Cell, Cell], list[Cell]] = {}
    on_bridge: dict[Cell, str] = {}  # water cell -> 'h' or 'v'

    def free(cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < size and 0 <= c < size and cell not in islands and cell not in on_bridge

    def lonely(cell: Cell) -> bool:
        r, c = cell
        return all((r + dr, c + dc) not in islands for dr, dc in STEPS)

    def add(a: Cell, b: Cell, between: list[Cell], kind: str) -> None:
        bridges[min(a, b), max(a, b)] = between
        for cell in between:
            on_bridge[cell] = kind

    target = max(2, int(DENSITY * size * size))
    tries = 0
    while len(islands) < target and tries < 50 * target:
        tries += 1
        a = rng.choice(order)
        dr, dc = rng.choice(STEPS)
        kind = "h" if dr == 0 else "v"
        length = rng.randint(2, max(2, size // 3))
        between = [(a[0] + dr * k, a[1] + dc * k) for k in range(1, length)]
        b = (a[0] + dr * length, a[1] + dc * length)
        if not all(free(cell) for cell in [*between, b]) or not lonely(b):
            continue
        islands.add(b)
        order.append(b)
        add(a, b, between, kind)

    # extra bridges: islands that see each other over free water
    for a in sorted(islands):
        for dr, dc in ((0, 1), (1, 0)):
            between, b = [], (a[0] + dr, a[1] + dc)
            while free(b):
                between.append(b)
                b = (b[0] + dr, b[1] + dc)
            key = (a, b)
            if b in islands and between and key not in bridges and rng.random() < EXTRA:
                add(a, b, between, "h" if dr == 0 else "v")

    count = {cell: 0 for cell in islands}
    for a, b in bridges:
        n = rng.choice((1, 2))
        count[a] += n
        count[b] += n
    cells = tuple(tuple(count.get((r, c)) for c in range(size)) for r in range(size))
    return Puzzle(cells), f"{len(islands)} islands, {len(bridges)} bridges, all numbers kept"
