"""Shakashaka from a random answer: white 45-degree diamonds first (a 2x2 block of cells whose
outer corners are black triangles, ◤◥ over ◣◢), then white rectangles, each kept apart from
every other white area by black cells; every cell left over is black. That answer holds by
construction: each white area is a diamond or a rectangle.

The puzzle is the black cells, each with its number (the triangles beside it). Published puzzles
have one answer: while another answer exists, more diamonds would not help, so the generator
keeps the answer and instead takes numbers away only where the answer stays unique (at most
DROPS tries); a puzzle that is not unique with every number given is reported as such.
"""

from __future__ import annotations

import random

from solver.genres.shakashaka import WALL, Puzzle

Cell = tuple[int, int]
DIAMONDS = 0.08  # tries per cell to place a diamond
RECTANGLES = 1.0  # tries per cell to place a white rectangle
DROPS = 20


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.shakashaka import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    taken: dict[Cell, int] = {}  # cell -> the white area (diamond or rectangle) it belongs to
    triangles: set[Cell] = set()

    def free(cells: list[Cell], area: int, apart: bool) -> bool:
        """All inside the grid, unused, and (apart) no cell side by side with another area's
        plain white cell (diamond cells are black on their outer sides)."""
        for r, c in cells:
            if not (0 <= r < size and 0 <= c < size) or (r, c) in taken:
                return False
            if apart:
                for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if q in taken and taken[q] != area and q not in triangles:
                        return False
        return True

    areas = 0
    for _ in range(int(DIAMONDS * size * size)):
        r, c = rng.randrange(size - 1), rng.randrange(size - 1)
        block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
        if free(block, areas, apart=False):
            for q in block:
                taken[q] = areas
                triangles.add(q)
            areas += 1
    for _ in range(int(RECTANGLES * size * size)):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        r, c = rng.randrange(size), rng.randrange(size)
        block = [(r + dr, c + dc) for dr in range(h) for dc in range(w)]
        if free(block, areas, apart=True):
            for q in block:
                taken[q] = areas
            areas += 1
    black = {(r, c) for r in range(size) for c in range(size)} - taken.keys()

    def beside(q: Cell) -> int:
        r, c = q
        return sum(n in triangles for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    numbered = set(black)

    def puzzle() -> Puzzle:
        def at(q: Cell) -> int | str | None:
            if q not in black:
                return None
            return beside(q) if q in numbered else WALL

        return Puzzle(tuple(tuple(at((r, c)) for c in range(size)) for r in range(size)))

    def unique() -> bool:
        return bool(solve_puzzle(GENRE, puzzle(), Settings("highs", 60)).unique)

    ok = unique()
    drops = 0
    if ok:
        for q in rng.sample(sorted(numbered), len(numbered))[:DROPS]:
            numbered.discard(q)
            if unique():
                drops += 1
            else:
                numbered.add(q)
    diamonds = len(triangles) // 4
    return puzzle(), (
        f"{len(black)} black cells, {len(numbered)} numbered, {diamonds} diamonds; {drops} "
        "numbers dropped, " + ("unique" if ok else "not unique")
    )
