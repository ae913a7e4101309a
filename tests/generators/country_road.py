"""Country Road from a random loop: cut the loop into consecutive arcs of 1 to LONGEST_ARC cells,
each arc the core of one country, then give every group of touching cells off the loop, whole,
to a country next to it (two cells off the loop never face each other across a border). The
loop then enters and leaves every country exactly once. A share KEEP of the countries shows its
number (its count of loop cells).

Random maps are seldom unique, even with every number shown (measured: 1 or 2 of 10 at 8x8):
published maps are designed around their answer, ours are not. KEEP = 0.8 keeps them nearly
unique (at 10x10 a second answer mostly differs in one 2x2 block, 4 cells); at the density of
published puzzles, about half the countries numbered, a 10x10 map has second answers differing
in 4-37 cells, and 20x20 and 30x30 ones ran out of 60 s on every back end (see the report). A
repair loop that added numbers, split and merged countries where a second answer differed
reached uniqueness at 10x10-12x12 only by numbering ~95% of ever smaller countries, and took
ten minutes at 20x20, so it was dropped."""

from __future__ import annotations

import random

from solver.blocks.rooms import room_label
from solver.genres.country_road import Puzzle
from tests.generators import Cell, random_loop

KEEP = 0.8
FILL = 0.5  # share of the squares between cell centres inside the loop: ~70% of cells on it
LONGEST_ARC = 6


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    order = _loop_order(random_loop(size, size, rng, FILL))
    shift = rng.randrange(len(order))
    order = order[shift:] + order[:shift]
    arcs: list[list[Cell]] = []
    at = 0
    while at < len(order):
        step = rng.randint(1, LONGEST_ARC)
        arcs.append(order[at : at + step])
        at += step
    if len(arcs) < 2:  # a short loop in one arc: its last cell becomes a second country
        arcs = [order[:-1], order[-1:]]
    country = {cell: k for k, arc in enumerate(arcs) for cell in arc}
    on_loop = dict(country)
    for group in _off_loop_groups(size, set(on_loop)):
        touching = {on_loop[n] for cell in group for n in _around(cell, size) if n in on_loop}
        owner = rng.choice(sorted(touching))
        country.update(dict.fromkeys(group, owner))
    numbers = [(room_label(k), len(arc)) for k, arc in enumerate(arcs) if rng.random() < KEEP]
    cells = tuple(tuple(room_label(country[r, c]) for c in range(size)) for r in range(size))
    note = f"{len(numbers)} numbers of {len(arcs)} countries"
    return Puzzle(cells, tuple(sorted(numbers))), note


def _loop_order(segments: set[tuple[Cell, Cell]]) -> list[Cell]:
    """The loop's cells in the order of walking it."""
    nxt: dict[Cell, list[Cell]] = {}
    for a, b in segments:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    start = min(nxt)
    order, prev, here = [start], None, start
    while True:
        step = next(n for n in nxt[here] if n != prev)
        if step == start:
            return order
        prev, here = here, step
        order.append(here)


def _off_loop_groups(size: int, on_loop: set[Cell]) -> list[list[Cell]]:
    """The groups of orthogonally touching cells off the loop."""
    seen: set[Cell] = set()
    groups = []
    for start in ((r, c) for r in range(size) for c in range(size)):
        if start in on_loop or start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            group.append(cell)
            for n in _around(cell, size):
                if n not in on_loop and n not in seen:
                    seen.add(n)
                    todo.append(n)
        groups.append(group)
    return groups


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < size and 0 <= c + dc < size
    ]
