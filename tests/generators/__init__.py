"""Random puzzles for the benchmarks, made from random solutions.

One module per genre, named after its slug (`-` as `_`), with
    generate(size: int, seed: int) -> tuple[Puzzle, str]
that returns a size x size puzzle (or the nearest the genre allows) and a short note of how many
clues it keeps, e.g. "87 pearls of 140 candidates". The puzzles are solvable by construction
(the random solution satisfies them) but not necessarily unique; the benchmark reports both.

Shared here: random single loops, as the border of a random simply connected region; and the
repair loop of the generators that change their puzzle until it has one answer (`until_unique`,
with `other_shading` for the shading genres).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Collection
from types import ModuleType
from typing import Any

from solver.genres import Genre
from solver.mip.settings import Settings
from solver.pipeline import Outcome, solve_puzzle

Cell = tuple[int, int]
Segment = tuple[Cell, Cell]


def generator(slug: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tests.generators.{slug.replace('-', '_')}")
    except ModuleNotFoundError:
        return None


def until_unique(
    genre: Genre,
    puzzle: Callable[[], Any],
    repair: Callable[[Outcome], bool],
    most: int,
    settings: Settings | None = None,
) -> tuple[Any, Outcome, int]:
    """Solve `puzzle()` (HiGHS, 60 s, with the uniqueness check); while it has a second answer,
    `repair(out)` changes what `puzzle()` builds (and says False when it finds nothing to
    change), at most `most` times. Returns the last puzzle, its outcome and the repairs made:
    out.unique is True (unique), False (repairs ran out) or None (a solve ran out of time)."""
    settings = settings or Settings("highs", 60)
    repairs = 0
    while True:
        p = puzzle()
        out = solve_puzzle(genre, p, settings)
        if out.unique is not False or repairs >= most or not repair(out):
            return p, out, repairs
        repairs += 1


def other_shading(out: Outcome, built: Collection[Cell]) -> set[Cell]:
    """For a shading genre (an answer is its set of shaded cells) and a puzzle with two answers:
    an answer other than the built one: the solver's first answer, or when that is the built
    one, the second (it differs from the first at out.differ)."""
    first = set(out.answer)
    return first if first != set(built) else first ^ set(out.differ)


def spots(cells: Collection[Cell]) -> list[set[Cell]]:
    """The groups of these cells, cells that touch at a side or a corner joined: the places
    where two answers differ, each repaired on its own."""
    left, found = set(cells), []
    while left:
        start = min(left)
        left.discard(start)
        spot, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for q in [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]:
                if q in left:
                    left.discard(q)
                    spot.add(q)
                    todo.append(q)
        found.append(spot)
    return found


def random_region(rows: int, cols: int, rng: random.Random, fill: float = 0.5) -> set[Cell]:
    """A random 4-connected set of cells of a rows x cols grid whose border is one simple loop:
    no holes, and no two region cells that touch only at a corner. It grows mostly at cells
    with one region neighbour, so it branches like a tree and its border winds through the
    whole grid."""
    start = (rng.randrange(rows), rng.randrange(cols))
    region = {start}
    target = max(1, int(fill * rows * cols))
    frontier = {n for n in _around(start, rows, cols)}
    tries = 0
    while len(region) < target and frontier and tries < 20 * rows * cols:
        tries += 1
        pool = sorted(frontier)
        thin = [n for n in pool if sum(m in region for m in _around(n, rows, cols)) == 1]
        cell = rng.choice(thin if thin and rng.random() < 0.9 else pool)
        if _pinches(cell, region) or _makes_hole(cell, region, rows, cols):
            frontier.discard(cell)
            continue
        region.add(cell)
        frontier.discard(cell)
        frontier |= {n for n in _around(cell, rows, cols) if n not in region}
        if not frontier:
            break
    return region


def border_loop(region: set[Cell]) -> set[Segment]:
    """The region's border as segments between lattice points (point (r, c) is the top-left
    corner of cell (r, c)), lower point first."""
    segs: set[Segment] = set()
    for r, c in region:
        for side in (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))):
            segs ^= {side}
        for side in (((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))):
            segs ^= {side}
    return segs


def random_loop(rows: int, cols: int, rng: random.Random, fill: float = 0.5) -> set[Segment]:
    """A random single loop through the centres of a rows x cols grid of cells (segments between
    adjacent cells): the border of a random region of the (rows-1) x (cols-1) grid of squares
    whose corners are the cell centres."""
    return border_loop(random_region(rows - 1, cols - 1, rng, fill))


def _around(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def _pinches(cell: Cell, region: set[Cell]) -> bool:
    """Adding the cell would make a region cell touch another one only at a corner."""
    r, c = cell
    for dr in (-1, 1):
        for dc in (-1, 1):
            corner, side_a, side_b = (r + dr, c + dc), (r + dr, c), (r, c + dc)
            if corner in region and side_a not in region and side_b not in region:
                return True
    return False


def _makes_hole(cell: Cell, region: set[Cell], rows: int, cols: int) -> bool:
    """Adding the cell would cut some non-region cells off from the grid's outside."""
    blocked = region | {cell}
    seen = set()
    stack = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if (r in (0, rows - 1) or c in (0, cols - 1)) and (r, c) not in blocked
    ]
    seen.update(stack)
    while stack:
        for n in _around(stack.pop(), rows, cols):
            if n not in blocked and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) + len(blocked) < rows * cols


def random_latin(n: int, rng: random.Random) -> list[list[int]]:
    """A random n x n latin square of 1..n, row by row: each row a random perfect matching of
    columns to the digits still free in them (augmenting paths in random order; a latin
    rectangle always extends, by Hall's theorem), then rows, columns and digits shuffled."""
    rows: list[list[int]] = []
    for _ in range(n):
        free = [set(range(1, n + 1)) - {row[c] for row in rows} for c in range(n)]
        owner: dict[int, int] = {}  # digit -> its column in the new row
        for c in rng.sample(range(n), n):
            _augment(c, free, owner, set(), rng)
        row = [0] * n
        for d, c in owner.items():
            row[c] = d
        rows.append(row)
    rng.shuffle(rows)
    order = rng.sample(range(n), n)
    names = dict(zip(range(1, n + 1), rng.sample(range(1, n + 1), n), strict=True))
    return [[names[row[c]] for c in order] for row in rows]


def _augment(
    c: int, free: list[set[int]], owner: dict[int, int], seen: set[int], rng: random.Random
) -> bool:
    """Give column c a free digit, moving other columns to other digits (Kuhn's step)."""
    for d in rng.sample(sorted(free[c]), len(free[c])):
        if d not in seen:
            seen.add(d)
            if d not in owner or _augment(owner[d], free, owner, seen, rng):
                owner[d] = c
                return True
    return False
