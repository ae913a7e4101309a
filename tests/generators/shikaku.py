"""Shikaku from a random division: the grid is cut into rectangles by random straight cuts (a
rectangle is cut again, across its longer side at a random place, while its area is above a
random bound of 2 to MOST cells), and each rectangle gets its area in a random cell.

Such a puzzle may have other answers. While one exists (`until_unique`, checked with HiGHS),
every built rectangle that the other answer cuts differently is cut once more in two, each half
with its own area: the built division still fits, and the other no longer does there. At most
REPAIRS rounds; a puzzle of 1x1 rectangles is unique, so it ends. The note counts rectangles
and rounds and says 'unique' or 'not unique'."""

from __future__ import annotations

import random

from solver.genres import shikaku
from solver.genres.shikaku import Puzzle
from solver.pipeline import Outcome
from tests.generators import Cell, until_unique

MOST = 12
REPAIRS = 60

Rect = tuple[int, int, int, int]  # top, left, height, width


def _cut(rect: Rect, rng: random.Random) -> tuple[Rect, Rect]:
    top, left, h, w = rect
    if h > w or (h == w and rng.random() < 0.5):
        k = rng.randint(1, h - 1)
        return (top, left, k, w), (top + k, left, h - k, w)
    k = rng.randint(1, w - 1)
    return (top, left, h, k), (top, left + k, h, w - k)


def _cells(rect: Rect) -> set[Cell]:
    top, left, h, w = rect
    return {(r, c) for r in range(top, top + h) for c in range(left, left + w)}


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    todo, rects = [(0, 0, size, size)], []
    while todo:
        rect = todo.pop()
        if rect[2] * rect[3] > rng.randint(2, MOST):
            todo.extend(_cut(rect, rng))
        else:
            rects.append(rect)
    spot = {rect: rng.choice(sorted(_cells(rect))) for rect in rects}

    def puzzle() -> Puzzle:
        numbers = {spot[rect]: rect[2] * rect[3] for rect in rects}
        return Puzzle(tuple(tuple(numbers.get((r, c)) for c in range(size)) for r in range(size)))

    def repair(out: Outcome) -> bool:
        built = {cell: frozenset(_cells(rect)) for rect in rects for cell in _cells(rect)}
        found = out.answer
        piece: dict[int, set[Cell]] = {}
        for r, row in enumerate(found):
            for c, k in enumerate(row):
                piece.setdefault(k, set()).add((r, c))
        other = {cell: frozenset(piece[found[cell[0]][cell[1]]]) for cell in built}
        off = {cell for cell in built if other[cell] != built[cell]} | set(out.differ)
        hit = [rect for rect in rects if _cells(rect) & off and rect[2] * rect[3] > 1]
        for rect in hit:
            rects.remove(rect)
            for half in _cut(rect, rng):
                rects.append(half)
                spot[half] = (
                    spot[rect] if spot[rect] in _cells(half) else rng.choice(sorted(_cells(half)))
                )
        return bool(hit)

    p, out, rounds = until_unique(shikaku.GENRE, puzzle, repair, REPAIRS)
    state = {True: "unique", False: "not unique", None: "unknown"}[out.unique]
    return p, f"{len(rects)} rectangles, {rounds} repair rounds, {state}"
