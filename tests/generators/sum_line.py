"""Sum-line from a random answer: black cells at random (BLACK of the cells, and in a grid wider
or taller than 9 enough of them that no row or column keeps more than 9 white cells), then
digits that differ along every row and column, drawn by the model itself (no sums) under a
random objective, stopped at its first answer. The sums are the answer's.

Published puzzles have one answer. While another exists, a cell where it differs from ours
turns black (our digits stay an answer: a line loses a digit, never gains one) and the sums are
taken again, at most REPAIRS rounds. The note says how many cells are black and whether the
puzzle is unique.
"""

from __future__ import annotations

import random

import pulp

from solver.blocks.geometry import Cell
from solver.genres import sum_line
from solver.genres.sum_line import Puzzle
from solver.mip.backends import LiveModel
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle

BLACK = 0.2
REPAIRS = 30


def random_black(size: int, rng: random.Random) -> set[Cell]:
    black = {(r, c) for r in range(size) for c in range(size) if rng.random() < BLACK}
    for line in range(size):  # at most 9 white cells in each row and column
        for cells in ([(line, k) for k in range(size)], [(k, line) for k in range(size)]):
            white = [q for q in cells if q not in black]
            black.update(rng.sample(white, max(0, len(white) - 9)))
    return black


def random_digits(size: int, black: set[Cell], rng: random.Random) -> sum_line.Answer:
    bare = Puzzle(frozenset(black), (None,) * size, (None,) * size)
    m = sum_line.model(bare)
    m.prob.setObjective(pulp.lpSum(rng.random() * v for v in m.answer_vars))
    live = LiveModel(m.prob, Settings("highs", 60), improving=1)
    assert live.solve() == "solved"
    return sum_line.decode(bare, m)


def sums(size: int, black: set[Cell], digits: sum_line.Answer) -> Puzzle:
    """The puzzle whose sums are these digits' (black cells hold none)."""
    shown = tuple(
        tuple(0 if (r, c) in black else digits[r][c] for c in range(size)) for r in range(size)
    )
    bare = Puzzle(frozenset(black), (None,) * size, (None,) * size)
    totals = [
        sum(int("".join(str(shown[r][c]) for r, c in run)) for run in line.runs())
        for line in bare.lines()
    ]
    return Puzzle(frozenset(black), tuple(totals[:size]), tuple(totals[size:]))


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    black = random_black(size, rng)
    digits = random_digits(size, black, rng)
    puzzle = sums(size, black, digits)
    out = solve_puzzle(sum_line.GENRE, puzzle, Settings("highs", 60))
    repairs = 0
    while out.unique is False and repairs < REPAIRS:
        repairs += 1
        black.add(rng.choice(out.differ))
        puzzle = sums(size, black, digits)
        out = solve_puzzle(sum_line.GENRE, puzzle, Settings("highs", 60))
    return puzzle, (
        f"{len(black)} of {size * size} cells black; {repairs} repairs, "
        + {True: "unique", False: "not unique", None: "uniqueness unknown"}[out.unique]
    )
