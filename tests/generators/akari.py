"""Akari from a random lighting: about WALLS of the cells become black, then lamps go into the
white cells in random order wherever a cell is still dark, until every cell is lit (no two lamps
see each other by construction). Every black cell gets its number (the lamps beside it).

Published puzzles have one answer. While another answer exists, one cell where it differs (with
no lamp in ours, and whose darkening would leave ours lit) becomes a numbered black cell: the
other answer then breaks and ours still holds (at most REPAIRS rounds, checked with HiGHS). Then,
as setters do, numbers are taken away in random order wherever the answer stays unique (at most
DROPS tries), leaving some black cells without a number. The note counts both.
"""

from __future__ import annotations

import random

from solver.blocks.cells import seen_cells
from solver.genres.akari import WALL, Puzzle

Cell = tuple[int, int]
WALLS = 0.2
REPAIRS = 200
DROPS = 60


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.akari import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    cells = [(r, c) for r in range(size) for c in range(size)]
    black = {q for q in cells if rng.random() < WALLS}
    lamps = light(set(cells) - black, rng)
    numbered = set(black)

    def puzzle() -> Puzzle:
        def at(q: Cell) -> int | str | None:
            if q not in black:
                return None
            return beside(q, lamps) if q in numbered else WALL

        return Puzzle(tuple(tuple(at((r, c)) for c in range(size)) for r in range(size)))

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        return bool(out.unique), out.differ

    ok, differ = unique()
    repairs = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        rng.shuffle(differ)
        free = [q for q in differ if q not in lamps and q not in black]
        if not free:
            break
        black.add(free[0])
        numbered.add(free[0])
        relight(set(cells) - black, lamps, rng)
        ok, differ = unique()
    drops = 0
    if ok:
        for q in rng.sample(sorted(numbered), len(numbered))[:DROPS]:
            numbered.discard(q)
            if unique()[0]:
                drops += 1
            else:
                numbered.add(q)
    return puzzle(), (
        f"{len(black)} black cells, {len(numbered)} numbered; {repairs} repairs, {drops} numbers "
        "dropped, " + ("unique" if ok else "not unique")
    )


def light(white: set[Cell], rng: random.Random) -> set[Cell]:
    lamps: set[Cell] = set()
    lit: set[Cell] = set()
    for q in rng.sample(sorted(white), len(white)):
        if q not in lit:
            lamps.add(q)
            lit.update(seen_cells(q, white))
    return lamps


def relight(white: set[Cell], lamps: set[Cell], rng: random.Random) -> None:
    """Lamps into the cells a new black cell left dark (a dark cell sees no lamp)."""
    for q in rng.sample(sorted(white), len(white)):
        if not any(s in lamps for s in seen_cells(q, white)):
            lamps.add(q)


def beside(q: Cell, lamps: set[Cell]) -> int:
    r, c = q
    return sum(n in lamps for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
