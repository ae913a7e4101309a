"""Numberlink from random paths that fill the grid: every cell starts as a path of its own, and
two paths merge, end to end, when an end of one lies next to an end of the other. Merges go in
random order, shortest pairs first (all merges up to a combined length of 2, then 3, ... up to
3 x size), until none is left. A merge is refused when the joined path would touch itself (two
of its cells side by side that are not consecutive on it): such a path has a shortcut, and
with cells allowed to stay empty the shortcut would be a second answer. Each path of two or
more cells becomes a pair of numbers at its ends (in random order); a cell left alone stays
empty. Paths that may not touch themselves stop merging early, so the puzzles have more and
shorter lines than published ones (about size^2 / 6 pairs). Not every puzzle is unique: lines
may still be rerouted around each other. The note says how many pairs and how many cells the
lines fill."""

from __future__ import annotations

import random

from solver.genres.numberlink import Puzzle

Cell = tuple[int, int]


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    found = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [(a, b) for a, b in found if 0 <= a < size and 0 <= b < size]


def random_paths(size: int, rng: random.Random, max_length: int) -> list[list[Cell]]:
    path_of: dict[Cell, int] = {}
    paths: dict[int, list[Cell]] = {}
    for k, cell in enumerate((r, c) for r in range(size) for c in range(size)):
        path_of[cell], paths[k] = k, [cell]
    pairs = [(a, b) for a in path_of for b in _around(a, size) if a < b]
    for limit in range(2, max_length + 1):
        merged = True
        while merged:
            merged = False
            rng.shuffle(pairs)
            for a, b in pairs:
                p, q = path_of[a], path_of[b]
                if p == q or len(paths[p]) + len(paths[q]) > limit:
                    continue
                pp, qq = paths[p], paths[q]
                if a not in (pp[0], pp[-1]) or b not in (qq[0], qq[-1]):
                    continue
                small, other = (pp, q) if len(pp) <= len(qq) else (qq, p)
                touching = sum(
                    path_of.get(n) == other for cell in small for n in _around(cell, size)
                )
                if touching != 1:  # only a-b itself may touch
                    continue
                joined = (pp if pp[-1] == a else pp[::-1]) + (qq if qq[0] == b else qq[::-1])
                for cell in qq:
                    path_of[cell] = p
                paths[p] = joined
                del paths[q]
                merged = True
    return sorted(paths.values())


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    paths = [path for path in random_paths(size, rng, max_length=3 * size) if len(path) > 1]
    rng.shuffle(paths)
    cells = [[None] * size for _ in range(size)]
    for k, path in enumerate(paths, start=1):
        for r, c in (path[0], path[-1]):
            cells[r][c] = k
    filled = sum(len(path) for path in paths)
    note = f"{len(paths)} pairs, lines fill {filled} of {size * size} cells"
    return Puzzle(tuple(tuple(row) for row in cells)), note
