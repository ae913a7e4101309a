"""Sukoro from a random group of digits.

The digit cells start as combs (`combs`: full rows joined between them, an answer by
construction) and change by random steps that keep them an answer (`grow`): a cell joins when
every digit cell still has a count (its digit neighbours) that differs from each digit
neighbour's, a cell leaves when that holds too and the rest stays joined. Every cell of the
group gets its count as its digit (1-4).

Published puzzles have one answer. The givens start as GIVEN of the digits, at random (with
40 % the 30x30 found no answer within 60 s: the solver's lazy connectivity cuts ran over a hundred
rounds; with 60 % it solves in seconds). While another answer exists (`until_unique`: the
solver's answer, or its second one, set against ours), each spot where they differ (differing
cells, corners touching) gets one given: our digit at a cell of the spot or beside it (at most
REPAIRS rounds, checked with HiGHS). Then givens are taken away in random order wherever the
answer stays unique (at most DROPS tries). The note counts them.
"""

from __future__ import annotations

import random

from solver.genres.sukoro import Puzzle
from solver.mip.settings import Settings
from solver.pipeline import Outcome, solve_puzzle
from tests.generators import spots, until_unique

Cell = tuple[int, int]
MOVES = 6
GIVEN = 0.6
REPAIRS = 200
DROPS = 20


def near(q: Cell, size: int) -> list[Cell]:
    r, c = q
    around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(i, j) for i, j in around if 0 <= i < size and 0 <= j < size]


def fits(group: set[Cell], size: int, around: Cell) -> bool:
    """Whether the digits near `around` (its count changes) still differ from their
    neighbours' (the counts of cells two steps away may change too)."""

    def count(q: Cell) -> int:
        return sum(n in group for n in near(q, size))

    touched = {around, *near(around, size)} & group
    return all(count(q) != count(n) for q in touched for n in near(q, size) if n in group)


def combs(size: int) -> set[Cell]:
    """The start: full rows 0, 2, 4... joined at the odd columns (not the last) by the cells
    between them: counts 1-2-3-2 on the first and last row, 4-2-4 on the others, 2 between."""
    spines = [r for r in range(0, size, 2) if r + 1 < size or r % 2 == 0]
    group = {(r, c) for r in spines for c in range(size)}
    for r in spines:
        if r + 2 in spines:
            group |= {(r + 1, c) for c in range(1, size - 1, 2)}
    return group


def joined(group: set[Cell], size: int) -> bool:
    start = next(iter(group))
    seen, todo = {start}, [start]
    while todo:
        for n in near(todo.pop(), size):
            if n in group and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(group)


def grow(size: int, rng: random.Random) -> set[Cell]:
    """The combs, changed by MOVES * size * size random steps that keep them an answer: a cell
    beside the group joins it or a cell of it leaves, when the counts still differ side by
    side and (on leaving) the group stays joined."""
    group = combs(size)
    for _ in range(MOVES * size * size):
        q = (rng.randrange(size), rng.randrange(size))
        if q in group:
            if len(group) == 1:
                continue
            group.discard(q)
            if not (fits(group, size, q) and joined(group, size)):
                group.add(q)
        elif any(n in group for n in near(q, size)):
            group.add(q)
            if not fits(group, size, q):
                group.discard(q)
    return group


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.sukoro import GENRE

    rng = random.Random(seed)
    group = grow(size, rng)
    digit = {q: sum(n in group for n in near(q, size)) for q in group}
    given = {q for q in sorted(group) if rng.random() < GIVEN} or {min(group)}

    def puzzle() -> Puzzle:
        return Puzzle(
            tuple(
                tuple(digit[(r, c)] if (r, c) in given else None for c in range(size))
                for r in range(size)
            )
        )

    def repair(out: Outcome) -> bool:
        first = {(r, c): d for r, row in enumerate(out.answer) for c, d in enumerate(row) if d}
        differ = sorted(set(first.items()) ^ set(digit.items())) if first != digit else []
        cells = {q for q, _ in differ} or set(out.differ)
        added = 0
        for spot in spots(cells):
            nearby = [q for d in sorted(spot) for q in (d, *near(d, size))]
            free = sorted({q for q in nearby if q in group and q not in given})
            if free:
                given.add(rng.choice(free))
                added += 1
        return added > 0

    _, out, repairs = until_unique(GENRE, puzzle, repair, REPAIRS)
    ok = bool(out.unique)
    drops = 0
    if ok:
        for q in rng.sample(sorted(given), len(given))[:DROPS]:
            given.discard(q)
            if given and solve_puzzle(GENRE, puzzle(), Settings("highs", 60)).unique:
                drops += 1
            else:
                given.add(q)
    return puzzle(), (
        f"{len(group)} digits, {len(given)} given; {repairs} repairs, {drops} givens dropped, "
        + ("unique" if ok else "not unique")
    )
