"""Slitherlink from a random loop: the border of a random region (`border_loop`), every cell
numbered with how many of its sides the loop uses. A random 60% of the numbers is kept, then the
puzzle is made unique the way a setter would: while some other loop fits the numbers, the
numbers of up to five cells where that loop disagrees are added. The result numbers about 62%
of the cells (published puzzles, chosen by hand, number roughly 40-50%)."""

from __future__ import annotations

import dataclasses
import random

import pulp

from solver.genres.slitherlink import GENRE, Puzzle, sides
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.generators import border_loop, random_region

KEEP = 0.6
ADD = 5  # numbers added per other loop found
ROUNDS = 200


def generate(size: int, seed: int, keep: float = KEEP) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    loop = border_loop(random_region(size, size, rng))
    numbers = {
        (r, c): sum(seg in loop for seg in sides(r, c).values())
        for r in range(size)
        for c in range(size)
    }
    kept = {cell: n for cell, n in numbers.items() if rng.random() < keep}
    start = len(kept)
    for _ in range(ROUNDS):
        puzzle = _puzzle(size, kept)
        other = _other_loop(puzzle, loop)
        if other is None:
            break
        wrong = sorted(
            cell
            for cell, n in numbers.items()
            if cell not in kept and sum(seg in other for seg in sides(*cell).values()) != n
        )
        for cell in rng.sample(wrong, min(ADD, len(wrong))):
            kept[cell] = numbers[cell]
    puzzle = _puzzle(size, kept)
    return puzzle, f"{len(kept)} numbers of {size * size} cells ({start} random + repairs)"


def _puzzle(size: int, kept: dict) -> Puzzle:
    return Puzzle(tuple(tuple(kept.get((r, c)) for c in range(size)) for r in range(size)))


def _other_loop(puzzle: Puzzle, loop: set) -> frozenset | None:
    """A loop other than `loop` that fits the puzzle, or None."""

    def model(p: Puzzle, lazy: bool = False):
        m = GENRE.model(p, lazy=lazy)
        x = m["x"]
        m.prob += (
            pulp.lpSum(1 - v for e, v in x.items() if e in loop)
            + pulp.lpSum(v for e, v in x.items() if e not in loop)
            >= 1,
            "Other",
        )
        return m

    genre = dataclasses.replace(GENRE, model=model, has_lazy=True, lazy=True)
    out = solve_puzzle(genre, puzzle, Settings("highs"), check_unique=False)
    return out.answer if out.status == "solved" else None
