"""Nurikabe from a random answer: island cells grown one at a time, each keeping the sea
connected, islands of at most 7 cells, until no 2x2 block of sea
is left; each island shows its size in one random cell. A new answer is drawn while the puzzle has a
second answer, up to TRIES times. Random clue positions make unique puzzles at 10x10 but rarely
at 20x20 (30 answers drawn, none unique): those sizes are benchmarked as drawn, not unique."""

from __future__ import annotations

import random

from solver.backends import Settings
from solver.cells import check_no_square, components
from solver.genres import nurikabe
from solver.genres.nurikabe import Puzzle
from solver.geometry import Cell
from solver.pipeline import solve_puzzle

TRIES = 3
BIGGEST = 7


def random_islands(size: int, rng: random.Random) -> list[set[Cell]]:
    """The islands of a random nurikabe answer on a size x size grid: a random 2x2 block of sea
    gets one of its cells as island, where that keeps the sea connected and the island it joins
    at most BIGGEST cells; drawn again when some block cannot be broken."""
    cells = {(r, c) for r in range(size) for c in range(size)}
    corners = [(r, c) for r in range(size - 1) for c in range(size - 1)]

    def block(r: int, c: int) -> list[Cell]:
        return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]

    while True:
        white: set[Cell] = set()
        stuck: set[Cell] = set()
        while True:
            sea_blocks = [q for q in corners if q not in stuck and not set(block(*q)) & white]
            if not sea_blocks:
                break
            corner = rng.choice(sea_blocks)
            for cell in rng.sample(block(*corner), 4):
                trial = white | {cell}
                grown = next(g for g in components(trial) if cell in g)
                if len(grown) <= BIGGEST and len(components(cells - trial)) == 1:
                    white = trial
                    break
            else:
                stuck.add(corner)
        if not check_no_square(cells - white, ""):
            return components(white)


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    for drawn in range(1, TRIES + 1):  # noqa: B007 (reported below)
        islands = random_islands(size, rng)
        clues = {rng.choice(sorted(g)): len(g) for g in islands}
        p = Puzzle(tuple(tuple(clues.get((r, c)) for c in range(size)) for r in range(size)))
        out = solve_puzzle(nurikabe.GENRE, p, Settings("highs", 120))
        if out.unique:
            break
    shown = "unique" if out.unique else "not unique"
    return p, f"{len(clues)} islands, {shown} (answer {drawn} of at most {TRIES})"
