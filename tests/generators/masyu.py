"""Masyu from a random loop: every cell where a pearl fits becomes a candidate (black where the
loop turns and runs straight through both next cells, white where it runs straight and turns
next to it); all candidates are kept."""

from __future__ import annotations

import random

from solver.blocks.geometry import STEPS
from solver.blocks.lines import arms
from solver.genres.masyu import BLACK, WHITE, Puzzle
from tests.generators import random_loop

KEEP = 1.0


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    sides = arms(random_loop(size, size, rng))
    straight = (frozenset("LR"), frozenset("UD"))

    def ahead(cell, s):
        return [sides.get((cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])) for d in s]

    candidates = {}
    for cell, s in sides.items():
        if s in straight and any(n not in straight for n in ahead(cell, s)):
            candidates[cell] = WHITE
        elif s not in straight and all(n in straight for n in ahead(cell, s)):
            candidates[cell] = BLACK
    kept = {cell: k for cell, k in candidates.items() if rng.random() < KEEP}
    cells = tuple(tuple(kept.get((r, c)) for c in range(size)) for r in range(size))
    return Puzzle(cells), f"{len(kept)} pearls of {len(candidates)} candidates"
