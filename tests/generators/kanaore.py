"""Kanaore from a random answer: a random letter in every cell, drawn from the letters of the
deck's example words (カナオレ, サムライン ... フイルオミノ: 18 katakana), and random words
over them: while some cell is on no word, a word starts there and walks at random (to a cell on
no word where it can, else through a cell of another word, sharing its letter, never twice through
a cell of its own) for 3 to 6 cells. Each word's start and first step are its entry; its letters
are the cells'. The words are random strings, not dictionary words.

While another answer exists, the cells where the two answers found differ, or where the first
differs from ours, get new random letters (the words are read again), LETTER_REPAIRS times;
new letters cannot help where the words' tails can swap around a shared cell whatever the
letters (their cells take the letters of whichever word passes), so then the board starts over
with new words, at most BOARDS times. The note says how many words the puzzle lists, how many
second visits of a cell the words make (shared cells), the boards and repairs, and whether the
puzzle is unique.
"""

from __future__ import annotations

import random

from solver.blocks.geometry import Cell, heading, neighbours
from solver.genres import kanaore
from solver.genres.kanaore import Puzzle, Word
from solver.io.spellings import normalize_kana
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.conftest import example

BOARDS = 30  # fresh words
LETTER_REPAIRS = 3  # new letters on one board's words


def letters() -> list[str]:
    entries = example("kanaore")["puzzle_text"].split("\n")
    return sorted({ch for line in entries for ch in normalize_kana(line.split(",")[3])})


def random_paths(size: int, rng: random.Random) -> list[list[Cell]]:
    free = {(r, c) for r in range(size) for c in range(size)}
    paths: list[list[Cell]] = []
    while free:
        path = [rng.choice(sorted(free))]
        for _ in range(rng.randint(3, 6) - 1):
            near = [q for q in neighbours(size, size, *path[-1]) if q not in path]
            if not near:
                break
            fresh = [q for q in near if q in free]
            path.append(rng.choice(fresh or near))
        free -= set(path)
        if len(path) > 1:
            paths.append(path)
        else:  # boxed in at once: start from a neighbour instead (shares its letter)
            q = rng.choice(list(neighbours(size, size, *path[0])))
            paths.append([q, path[0]])
    return paths


def listed(size: int, paths: list[list[Cell]], held: dict[Cell, str]) -> Puzzle:
    words = tuple(
        Word(path[0], heading(path[0], path[1]), "".join(held[q] for q in path)) for path in paths
    )
    return Puzzle(size, size, words)


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    alphabet = letters()
    boards = repairs = 0
    while True:
        boards += 1
        paths = random_paths(size, rng)
        held = {(r, c): rng.choice(alphabet) for r in range(size) for c in range(size)}
        puzzle = listed(size, paths, held)
        out = solve_puzzle(kanaore.GENRE, puzzle, Settings("highs", 60))
        for _ in range(LETTER_REPAIRS):
            if out.unique is not False:
                break
            repairs += 1
            wrong = {q for q in held if out.answer and out.answer[q[0]][q[1]] != held[q]}
            for q in sorted(wrong | set(out.differ)):  # where answers part from ours or each other
                held[q] = rng.choice(alphabet)
            puzzle = listed(size, paths, held)
            out = solve_puzzle(kanaore.GENRE, puzzle, Settings("highs", 60))
        if out.unique is not False or boards == BOARDS:
            break
    visits = sum(len(path) for path in paths) - size * size
    return puzzle, (
        f"{len(paths)} words, {visits} second visits of a cell; {boards} boards, "
        f"{repairs} repairs, "
        + {True: "unique", False: "not unique", None: "uniqueness unknown"}[out.unique]
    )
