"""Heyawake from random rooms and a random shading: cut the grid into random rectangular rooms of
up to 12 cells by splitting rectangles; shade one cell of each run that crosses two room borders
(in a random order, where a cell touches no shaded cell and the unshaded cells stay connected),
then more cells in a random order by the same test (a maximal shading, as dense as published
ones); where a run still crosses two borders, its first two rooms are merged. A share KEEP of
the rooms shows its count. Random rooms are seldom unique; the benchmark reports it."""

from __future__ import annotations

import random

from solver.cells import components
from solver.genres.heyawake import Puzzle, crossing_runs, verify
from solver.rooms import Rooms
from tests.generators import Cell

KEEP = 0.7


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    rooms = _rooms(size, rng)
    shaded = _shading(size, rooms, rng)
    while True:  # a run still over two borders: its first two rooms become one
        long = [v for v in verify(Puzzle(rooms, ()), frozenset(shaded)) if "run" in v]
        if not long:
            break
        run = long[0].cells
        a, b = (
            rooms.room_of(run[0]),
            rooms.room_of(next(q for q in run if rooms.room_of(q) != rooms.room_of(run[0]))),
        )
        rooms = _renumbered([[a if k == b else k for k in row] for row in rooms.ids])
    numbers = []
    for cells in rooms.all():
        if rng.random() < KEEP:
            numbers.append((cells[0], sum(c in shaded for c in cells)))
    return Puzzle(rooms, tuple(sorted(numbers))), f"{len(numbers)} numbers of {len(rooms)} rooms"


def _shading(size: int, rooms: Rooms, rng: random.Random) -> set[Cell]:
    cells = [(r, c) for r in range(size) for c in range(size)]
    everything = set(cells)
    shaded: set[Cell] = set()

    def fits(cell: Cell) -> bool:
        r, c = cell
        near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
        return not near & shaded and len(components(everything - shaded - {cell})) == 1

    runs = [run for _, run in crossing_runs(rooms)]
    rng.shuffle(runs)
    for run in runs:
        if not shaded & set(run):
            options = [cell for cell in run if fits(cell)]
            if options:
                shaded.add(rng.choice(options))
    rng.shuffle(cells)
    for cell in cells:
        if cell not in shaded and fits(cell):
            shaded.add(cell)
    return shaded


def _rooms(size: int, rng: random.Random) -> Rooms:
    """Random rectangles: split any rectangle of more than 12 cells (and some smaller ones) at
    a random line."""
    todo = [(0, 0, size, size)]
    done = []
    while todo:
        r, c, h, w = todo.pop()
        if h * w <= 2 or (h * w <= 12 and rng.random() < 0.5):
            done.append((r, c, h, w))
            continue
        if (w > h or (w == h and rng.random() < 0.5)) and w > 1:
            k = rng.randint(1, w - 1)
            todo += [(r, c, h, k), (r, c + k, h, w - k)]
        else:
            k = rng.randint(1, h - 1)
            todo += [(r, c, k, w), (r + k, c, h - k, w)]
    ids = [[0] * size for _ in range(size)]
    for k, (r, c, h, w) in enumerate(done):
        for i in range(r, r + h):
            for j in range(c, c + w):
                ids[i][j] = k
    return _renumbered(ids)


def _renumbered(ids: list[list[int]]) -> Rooms:
    order: dict[int, int] = {}
    for row in ids:
        for k in row:
            order.setdefault(k, len(order))
    return Rooms(tuple(tuple(order[k] for k in row) for row in ids))
