"""Skyscrapers from a random latin square of heights (`random_latin`).

Every clue of the square's 4N starts given, and from 9x9 up also GIVEN of the heights (at
random): 12x12 puzzles with clues alone took this model one to two minutes and more to solve
(see the README), with a third of the heights given a few seconds. While another answer
exists, the height of one cell where it differs becomes a given (at most REPAIRS rounds,
checked with HiGHS, LIMIT seconds each). Then clues and givens, in one random order, are taken
away wherever the answer stays unique within LIMIT (at most DROPS tries). The note counts what
is left.
"""

from __future__ import annotations

import random

from solver.blocks.digits import seen
from solver.genres.skyscrapers import SIDES, Puzzle
from tests.generators import random_latin

Cell = tuple[int, int]
GIVEN = 0.3  # of the heights, from 9x9 up
REPAIRS = 200
DROPS = 24
LIMIT = 30.0


def clues_of(square: list[list[int]]) -> dict[tuple[str, int], int]:
    """Every clue of a latin square of heights: (side, row or column) -> buildings seen."""
    n = len(square)
    cols = [[square[r][c] for r in range(n)] for c in range(n)]
    lines = {"T": cols, "B": [c[::-1] for c in cols], "L": square, "R": [r[::-1] for r in square]}
    return {(side, k): seen(lines[side][k]) for side in SIDES for k in range(n)}


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.skyscrapers import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    n = size
    square = random_latin(n, rng)
    every = clues_of(square)
    clues = set(every)
    cells = [(r, c) for r in range(n) for c in range(n)]
    given = {q for q in cells if n >= 9 and rng.random() < GIVEN}

    def puzzle() -> Puzzle:
        heights = [[square[r][c] if (r, c) in given else None for c in range(n)] for r in range(n)]
        return Puzzle(
            n,
            tuple(map(tuple, heights)),
            tuple(
                tuple(every.get((s, k)) if (s, k) in clues else None for k in range(n))
                for s in SIDES
            ),
        )

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", LIMIT))
        return bool(out.unique), [(r - 1, c - 1) for r, c in out.differ]

    ok, differ = unique()
    repairs = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        given.add(rng.choice(differ) if differ else rng.choice(sorted(set(cells) - given)))
        ok, differ = unique()
    drops = 0
    if ok:
        things: list = [*sorted(clues), *sorted(given)]
        for thing in rng.sample(things, len(things))[:DROPS]:
            pool = clues if isinstance(thing[0], str) else given
            pool.discard(thing)
            if unique()[0]:
                drops += 1
            else:
                pool.add(thing)
    return puzzle(), (
        f"{len(clues)} of {4 * n} clues, {len(given)} of {n * n} heights given; {repairs} "
        f"repairs, {drops} dropped, " + ("unique" if ok else "not unique")
    )
