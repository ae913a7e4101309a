"""Number skeleton from a random answer: black cells at random (BLACK of the cells), then every
white cell that lies in no run of two or more white cells turns black too (until none is left);
a random digit 0-9 in each white cell, 1-9 where a run begins (a number does not begin with 0).
The list is what the runs read.

Published puzzles have one answer. While another exists, the cells where it differs from ours
get new random digits (the list is read again); when some of the same cells differ again (two runs
that can swap whole, such as two lone runs of one length), one of them turns black, with every
white cell it leaves in no run. At most REPAIRS rounds. The note says how many
cells are black, how many numbers are listed, and whether the puzzle is unique.
"""

from __future__ import annotations

import random

from solver.blocks.digits import run_number, white_runs
from solver.blocks.geometry import Cell
from solver.genres import number_skeleton
from solver.genres.number_skeleton import Puzzle
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle

BLACK = 0.3
REPAIRS = 30


def random_black(size: int, rng: random.Random) -> set[Cell]:
    black = {(r, c) for r in range(size) for c in range(size) if rng.random() < BLACK}
    return cleaned(size, black)


def cleaned(size: int, black: set[Cell]) -> set[Cell]:
    """The black cells plus every white cell in no run of two or more (until none is left)."""
    cells = {(r, c) for r in range(size) for c in range(size)}
    while True:
        covered = {q for run in white_runs(cells - black, shortest=2) for q in run}
        alone = cells - black - covered
        if not alone:
            return black
        black = black | alone


def leading(white: set[Cell]) -> set[Cell]:
    """The first cells of the runs of two or more white cells."""
    return {run[0] for run in white_runs(white, shortest=2)}


def listed(size: int, black: set[Cell], digits: dict[Cell, int]) -> Puzzle:
    grid = [[digits.get((r, c)) for c in range(size)] for r in range(size)]
    p = Puzzle(size, size, frozenset(black), ())
    numbers = sorted(run_number(grid, run) or 0 for run in p.runs())
    return Puzzle(size, size, frozenset(black), tuple(numbers))


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    black = random_black(size, rng)
    white = {(r, c) for r in range(size) for c in range(size)} - black
    first = leading(white)

    def draw(q: Cell) -> int:
        return rng.randint(1 if q in first else 0, 9)

    digits = {q: draw(q) for q in sorted(white)}
    puzzle = listed(size, black, digits)
    out = solve_puzzle(number_skeleton.GENRE, puzzle, Settings("highs", 60))
    repairs, before = 0, set()
    while out.unique is False and repairs < REPAIRS:
        repairs += 1
        if set(out.differ) & before:  # new digits did not help: runs that swap whole
            black = cleaned(size, black | {rng.choice(out.differ)})
            white = {(r, c) for r in range(size) for c in range(size)} - black
            first = leading(white)
            digits = {q: d if d or q not in first else draw(q) for q, d in digits.items()}
            digits = {q: d for q, d in digits.items() if q in white}
        else:
            for q in out.differ:
                if q in digits:
                    digits[q] = draw(q)
        before = set(out.differ)
        puzzle = listed(size, black, digits)
        out = solve_puzzle(number_skeleton.GENRE, puzzle, Settings("highs", 60))
    return puzzle, (
        f"{len(black)} of {size * size} cells black, {len(puzzle.numbers)} numbers; "
        f"{repairs} repairs, "
        + {True: "unique", False: "not unique", None: "uniqueness unknown"}[out.unique]
    )
