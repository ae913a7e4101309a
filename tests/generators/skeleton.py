"""Skeleton from a random answer: black cells at random (number-skeleton's: BLACK of the cells,
then every white cell in no run of two or more white cells turns black too), and a random letter
in each white cell, drawn from the letters of the deck's example words (ウメ, キク, サクラ ...
チューリツプ: 21 katakana after `normalize_kana`). The words are random strings over those
letters, not dictionary words; the list is what the runs read.

While another answer exists, the cells where it differs from ours get new random letters; when
some of the same cells differ again (two runs that can swap whole, such as two lone runs of one
length), one of them turns black, with every white cell it leaves in no run. At most REPAIRS
rounds. The note says how many cells are black, how many words are listed, and whether the
puzzle is unique.
"""

from __future__ import annotations

import random

from solver.blocks.digits import white_runs
from solver.blocks.geometry import Cell
from solver.genres import skeleton
from solver.genres.skeleton import Puzzle
from solver.io.spellings import normalize_kana
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.conftest import example
from tests.generators.number_skeleton import cleaned, random_black

REPAIRS = 30


def letters() -> list[str]:
    words = example("skeleton")["puzzle_extra"]["wds"].split()
    return sorted({ch for w in words for ch in normalize_kana(w)})


def listed(size: int, black: set[Cell], held: dict[Cell, str]) -> Puzzle:
    white = {(r, c) for r in range(size) for c in range(size)} - black
    words = sorted("".join(held[q] for q in run) for run in white_runs(white, shortest=2))
    return Puzzle(size, size, frozenset(black), tuple(words))


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    alphabet = letters()
    black = random_black(size, rng)
    held = {
        (r, c): rng.choice(alphabet)
        for r in range(size)
        for c in range(size)
        if (r, c) not in black
    }
    puzzle = listed(size, black, held)
    out = solve_puzzle(skeleton.GENRE, puzzle, Settings("highs", 60))
    repairs, before = 0, set()
    while out.unique is False and repairs < REPAIRS:
        repairs += 1
        if set(out.differ) & before:  # new letters did not help: runs that swap whole
            black = cleaned(size, black | {rng.choice(out.differ)})
            held = {q: ch for q, ch in held.items() if q not in black}
        else:
            for q in out.differ:
                if q in held:
                    held[q] = rng.choice(alphabet)
        before = set(out.differ)
        puzzle = listed(size, black, held)
        out = solve_puzzle(skeleton.GENRE, puzzle, Settings("highs", 60))
    return puzzle, (
        f"{len(black)} of {size * size} cells black, {len(puzzle.words)} words; "
        f"{repairs} repairs, "
        + {True: "unique", False: "not unique", None: "uniqueness unknown"}[out.unique]
    )
