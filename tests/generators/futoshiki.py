"""Futoshiki from a random latin square (`random_latin`).

The signs start as SIGNS of the square's 2N(N-1) neighbour pairs, at random, each pointing as
the square says; no digit is given. While another answer exists, one cell where it differs
gets a sign towards a neighbour it has none with, or, when it has a sign on every side, its
digit (at most REPAIRS rounds, checked with HiGHS). Then signs and givens, in one random order,
are taken away wherever the answer stays unique (at most DROPS tries). The note counts what is
left.
"""

from __future__ import annotations

import random

from solver.genres.futoshiki import Puzzle, Sign
from tests.generators import random_latin

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]  # two neighbour cells of the N x N square, the upper or left first
SIGNS = 0.3
REPAIRS = 400
DROPS = 40
LIMIT = 30.0


def pairs(n: int) -> list[Pair]:
    across = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    down = [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    return across + down


def puzzle_of(square: list[list[int]], signs: set[Pair], given: set[Cell]) -> Puzzle:
    """The puzzle with these signs (pointing as the square says) and these digits given."""
    n = len(square)

    def sign(a: Cell, b: Cell) -> Sign:
        first, second = (2 * a[0], 2 * a[1]), (2 * b[0], 2 * b[1])
        at = (a[0] + b[0], a[1] + b[1])
        return Sign(first, second, at, "<" if square[a[0]][a[1]] < square[b[0]][b[1]] else ">")

    givens = tuple(
        tuple(square[r][c] if (r, c) in given else None for c in range(n)) for r in range(n)
    )
    ordered = sorted(signs, key=lambda ab: (ab[0][0] + ab[1][0], ab[0][1] + ab[1][1]))
    return Puzzle(n, givens, tuple(sign(a, b) for a, b in ordered))


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.futoshiki import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    n = size
    square = random_latin(n, rng)
    every = pairs(n)
    signs = {ab for ab in every if rng.random() < SIGNS}
    given: set[Cell] = set()

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle_of(square, signs, given), Settings("highs", LIMIT))
        return bool(out.unique), [(r // 2, c // 2) for r, c in out.differ]

    ok, differ = unique()
    repairs = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        cell = rng.choice(differ) if differ else (rng.randrange(n), rng.randrange(n))
        free = [ab for ab in every if cell in ab and ab not in signs]
        if free:
            signs.add(rng.choice(free))
        else:
            given.add(cell)
        ok, differ = unique()
    drops = 0
    if ok:
        things: list = [*sorted(signs), *sorted(given)]
        for thing in rng.sample(things, len(things))[:DROPS]:
            pool = given if isinstance(thing[0], int) else signs
            pool.discard(thing)
            if unique()[0]:
                drops += 1
            else:
                pool.add(thing)
    return puzzle_of(square, signs, given), (
        f"{len(signs)} of {len(every)} signs, {len(given)} of {n * n} digits given; {repairs} "
        f"repairs, {drops} dropped, " + ("unique" if ok else "not unique")
    )
