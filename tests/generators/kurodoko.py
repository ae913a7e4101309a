"""Kurodoko from a random answer: cells shaded at random (two in five of the tries), never side
by side and keeping the unshaded cells connected; a third of the unshaded cells show how many
cells they see. While a second answer exists, one more unshaded cell shows its number: a cell
that answer shades, or one in line with a cell it leaves unshaded; the note says how many numbers
that makes."""

from __future__ import annotations

import random

from solver.blocks.cells import components, seen_cells
from solver.blocks.geometry import Cell, adjacent
from solver.genres import kurodoko
from solver.genres.kurodoko import Puzzle
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle


def random_shading(size: int, rng: random.Random) -> set[Cell]:
    cells = {(r, c) for r in range(size) for c in range(size)}
    black: set[Cell] = set()
    for cell in rng.sample(sorted(cells), len(cells)):
        alone = not any(adjacent(cell, q) for q in black)
        if rng.random() < 0.4 and alone and len(components(cells - black - {cell})) == 1:
            black.add(cell)
    return black


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    black = random_shading(size, rng)
    white = {(r, c) for r in range(size) for c in range(size)} - black
    shown = set(rng.sample(sorted(white), len(white) // 3))
    first = len(shown)
    while True:
        counts = {q: len(seen_cells(q, white)) for q in shown}
        p = Puzzle(tuple(tuple(counts.get((r, c)) for c in range(size)) for r in range(size)))
        out = solve_puzzle(kurodoko.GENRE, p, Settings("highs", 120))
        differ = set(out.differ)
        # a number on a cell that the second answer shades, or one that sees a cell it unshades
        near = {q for d in differ & black for q in seen_cells(d, white | {d}) if q != d}
        more = sorted((differ & white | near) - shown)
        if out.unique is not False or not more:
            break
        shown.add(rng.choice(more))
    state = "unique" if out.unique else "not unique"
    return p, f"{len(shown)} numbers ({first} drawn, {len(shown) - first} added), {state}"
