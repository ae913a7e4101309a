"""Fillmat from a random tiling (`random_tiling`: mats laid band by band by a randomized
depth-first search that keeps the rules); KEEP of the mats then show their length in a random
cell.

Such a puzzle may have other answers. While one exists (`until_unique`, checked with HiGHS),
every built mat without a number where the other answer differs gets its number. At most
REPAIRS rounds. The note counts mats, numbers and rounds and says 'unique' or 'not unique'."""

from __future__ import annotations

import random

from solver.blocks import regions
from solver.genres import fillmat
from solver.genres.fillmat import Puzzle
from solver.pipeline import Outcome
from tests.generators import Cell, until_unique

KEEP = 0.5
REPAIRS = 60


def random_tiling(size: int, rng: random.Random) -> list[list[Cell]]:
    """Mats laid band by band: the grid is cut into bands of 3-5 rows, and each band's free
    cells are filled column by column by a depth-first search (its first free cell starts a
    mat, lying or standing, 1-4 cells, in random order; a standing one may reach into the next
    band) that lets no mat touch one of its own length side by side and closes no point where
    four mats meet. Filling a band column by column keeps its search's dead ends close to their
    cause; a band whose search fails or takes more than BUDGET steps is tried again, and after
    TRIES such tries the whole grid is."""
    while True:
        owner: dict[Cell, int] = {}
        mats: list[list[Cell]] = []
        top = 0
        while top < size:
            height = min(rng.randint(3, 5), size - top)
            if size - top - height in (1, 2):
                height = size - top  # no band thinner than 3 rows at the bottom
            for _ in range(TRIES):
                laid = _band(owner, mats, top, height, size, rng)
                if laid is not None:
                    break
            else:
                break
            top += height
        else:
            return mats


BUDGET = 5_000
TRIES = 50


def _band(
    owner: dict[Cell, int],
    mats: list[list[Cell]],
    top: int,
    height: int,
    size: int,
    rng: random.Random,
) -> list[list[Cell]] | None:
    """Fill the free cells of rows top..top+height-1 (owner and mats grow in place; on failure
    they are as before); the mats laid, or None."""
    order = [(r, c) for c in range(size) for r in range(top, top + height)]
    first = len(mats)
    steps = 0

    def fits(cells: list[Cell]) -> bool:
        k = len(mats)
        mine = set(cells)

        def at(q: Cell) -> int | None:
            return k if q in mine else owner.get(q)

        for r, c in cells:
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in owner and len(mats[owner[q]]) == len(cells):
                    return False
        for r, c in cells:
            for pr in (r, r + 1):
                for pc in (c, c + 1):
                    seen = [at(q) for q in ((pr - 1, pc - 1), (pr - 1, pc), (pr, pc - 1), (pr, pc))]
                    if None not in seen and len(set(seen)) == 4:
                        return False
        return True

    def place(start: int) -> bool:
        nonlocal steps
        free = next((i for i in range(start, len(order)) if order[i] not in owner), None)
        if free is None:
            return True
        r, c = order[free]
        options = [(n, d) for n in range(1, 5) for d in ((0, 1), (1, 0)) if n > 1 or d == (0, 1)]
        rng.shuffle(options)
        for n, (dr, dc) in options:
            steps += 1
            if steps > BUDGET:
                return False
            cells = [(r + dr * k, c + dc * k) for k in range(n)]
            if any(i >= size or j >= size or (i, j) in owner for i, j in cells):
                continue
            if not fits(cells):
                continue
            mats.append(cells)
            owner.update({cell: len(mats) - 1 for cell in cells})
            if place(free + 1):
                return True
            for cell in mats.pop():
                del owner[cell]
            if steps > BUDGET:
                return False
        return False

    if place(0):
        return mats[first:]
    for cells in mats[first:]:
        for cell in cells:
            del owner[cell]
    del mats[first:]
    return None


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    mats = random_tiling(size, rng)
    numbered = {k: rng.choice(cells) for k, cells in enumerate(mats) if rng.random() < KEEP}
    mat_of = {cell: k for k, cells in enumerate(mats) for cell in cells}

    def puzzle() -> Puzzle:
        numbers = {cell: len(mats[k]) for k, cell in numbered.items()}
        return Puzzle(tuple(tuple(numbers.get((r, c)) for c in range(size)) for r in range(size)))

    def repair(out: Outcome) -> bool:
        found = regions.by_id(out.answer)
        other = {cell: frozenset(cells) for cells in found.values() for cell in cells}
        off = {cell for cell in mat_of if other[cell] != frozenset(mats[mat_of[cell]])}
        hit = {mat_of[cell] for cell in off | set(out.differ)} - set(numbered)
        for k in hit:
            numbered[k] = rng.choice(mats[k])
        return bool(hit)

    p, out, rounds = until_unique(fillmat.GENRE, puzzle, repair, REPAIRS)
    state = {True: "unique", False: "not unique", None: "unknown"}[out.unique]
    return p, f"{len(numbered)} numbers on {len(mats)} mats, {rounds} repair rounds, {state}"
