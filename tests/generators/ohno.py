"""0h n0 from a random answer: cells red at random (one in three), then every blue cell without
a blue neighbour turned red, until none is left alone; a third of the blue cells show how many
blue cells they see, and one red cell in twenty is given. While a second answer exists, one more
blue cell shows its number: a cell that answer makes red, or one in line with a cell where the
answers differ (or, where no number tells them apart, a red cell they differ in is given); the
note says how many numbers that makes."""

from __future__ import annotations

import random

from solver.blocks.cells import seen_cells
from solver.blocks.geometry import ORTHOGONAL, Cell
from solver.genres import ohno
from solver.genres.ohno import RED, Puzzle
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle


def random_colouring(size: int, rng: random.Random) -> set[Cell]:
    """The red cells of a random answer: no blue cell alone, some blue cell left."""
    cells = {(r, c) for r in range(size) for c in range(size)}
    red = {q for q in sorted(cells) if rng.random() < 1 / 3}
    while True:
        alone = {
            (r, c)
            for r, c in cells - red
            if all((r + dr, c + dc) not in cells - red for dr, dc in ORTHOGONAL)
        }
        if not alone:
            return red
        red |= alone


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    red = random_colouring(size, rng)
    blue = {(r, c) for r in range(size) for c in range(size)} - red
    shown = set(rng.sample(sorted(blue), len(blue) // 3))
    given_red = set(rng.sample(sorted(red), len(red) // 20))
    first = len(shown)
    while True:
        counts = {q: len(seen_cells(q, blue)) - 1 for q in shown}
        cells = tuple(
            tuple(counts.get((r, c), RED if (r, c) in given_red else None) for c in range(size))
            for r in range(size)
        )
        p = Puzzle(cells)
        out = solve_puzzle(ohno.GENRE, p, Settings("highs", 120))
        differ = set(out.differ)
        near = {q for d in differ for q in seen_cells(d, blue | {d}) if q != d}
        more = sorted((differ & blue | near & blue) - shown)
        reds = sorted(differ & red - given_red)
        if out.unique is not False or not (more or reds):
            break
        if more:
            shown.add(rng.choice(more))
        else:  # the answers differ only where no number could tell: give a red cell
            given_red.add(rng.choice(reds))
    state = "unique" if out.unique else "not unique"
    return p, f"{len(shown)} numbers ({first} drawn, {len(shown) - first} added), {state}"
