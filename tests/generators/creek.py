"""Creek from a random shading: cells in random order are shaded wherever the unshaded cells
stay connected, until SHADE of the cells are shaded. Every point then has its count; KEEP of
the points keep theirs, at random.

Published puzzles have one answer. While another answer exists, a point at a corner of a cell
where it differs gets its count (at most REPAIRS rounds, checked with HiGHS). Then clues are
taken away in random order wherever the answer stays unique (at most DROPS tries). The note
counts both.
"""

from __future__ import annotations

import random

from solver.genres.creek import Puzzle

Cell = tuple[int, int]
SHADE = 0.45
KEEP = 0.35
REPAIRS = 200
DROPS = 20


def near(q: Cell, size: int) -> list[Cell]:
    r, c = q
    around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(i, j) for i, j in around if 0 <= i < size and 0 <= j < size]


def joined(white: set[Cell], size: int) -> bool:
    if not white:
        return True
    start = next(iter(white))
    seen, todo = {start}, [start]
    while todo:
        for n in near(todo.pop(), size):
            if n in white and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(white)


def shading(size: int, rng: random.Random) -> set[Cell]:
    cells = [(r, c) for r in range(size) for c in range(size)]
    white = set(cells)
    for q in rng.sample(cells, len(cells)):
        if len(white) <= (1 - SHADE) * len(cells):
            break
        white.discard(q)
        if not joined(white, size):
            white.add(q)
    return set(cells) - white


def corners(q: Cell) -> list[Cell]:
    r, c = q
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.creek import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    shaded = shading(size, rng)
    points = [(i, j) for i in range(size + 1) for j in range(size + 1)]
    count = {
        (i, j): sum(q in shaded for q in ((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j)))
        for i, j in points
    }
    kept = {q for q in points if rng.random() < KEEP}

    def puzzle() -> Puzzle:
        return Puzzle(
            tuple(
                tuple(count[i, j] if (i, j) in kept else None for j in range(size + 1))
                for i in range(size + 1)
            )
        )

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        return bool(out.unique), out.differ

    ok, differ = unique()
    repairs = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        rng.shuffle(differ)
        spots = [p for q in differ for p in corners(q) if p not in kept]
        if not spots:
            break
        kept.add(rng.choice(spots[:4]))
        ok, differ = unique()
    drops = 0
    if ok:
        for q in rng.sample(sorted(kept), len(kept))[:DROPS]:
            kept.discard(q)
            if unique()[0]:
                drops += 1
            else:
                kept.add(q)
    return puzzle(), (
        f"{len(shaded)} shaded cells, {len(kept)} clues of {len(points)} points; {repairs} "
        f"repairs, {drops} clues dropped, " + ("unique" if ok else "not unique")
    )
