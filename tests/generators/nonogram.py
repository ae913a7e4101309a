"""Nonogram from a random picture: each cell is shaded with chance FILL, then the picture is
smoothed once (a cell takes the colour most of its 3x3 block has) so that it has runs of some
length, as drawn pictures do; the clues are its runs.

Published nonograms have one answer. While another answer exists, one cell where it differs is
flipped in our picture (its row and column clues change, and the other answer no longer fits
them), at most REPAIRS rounds, checked with HiGHS. The note gives the fill and the repairs.
"""

from __future__ import annotations

import random

from solver.genres.nonogram import Puzzle, flush, runs_of

Cell = tuple[int, int]
FILL = 0.55
REPAIRS = 200


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.nonogram import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    noise = {(r, c) for r in range(size) for c in range(size) if rng.random() < FILL}
    picture = {
        (r, c)
        for r in range(size)
        for c in range(size)
        if 2 * sum((r + i, c + j) in noise for i in (-1, 0, 1) for j in (-1, 0, 1)) > 9
    }
    repairs, unique = 0, False
    while True:
        p = puzzle(picture, size)
        out = solve_puzzle(GENRE, p, Settings("highs", 60))
        unique = bool(out.unique)
        if unique or repairs == REPAIRS or not out.differ:
            break
        picture ^= {(r - p.top, c - p.left) for r, c in [rng.choice(out.differ)]}
        repairs += 1
    share = len(picture) / size / size
    return p, (
        f"{share:.0%} shaded, {repairs} cells flipped, " + ("unique" if unique else "not unique")
    )


def puzzle(picture: set[Cell], size: int) -> Puzzle:
    rows = tuple(runs_of([(r, c) for c in range(size)], picture) for r in range(size))
    cols = tuple(runs_of([(r, c) for r in range(size)], picture) for c in range(size))
    return flush(rows, cols)
