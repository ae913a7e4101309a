"""Heyawake from random rooms and a random shading: cut the grid into random rectangular rooms of
up to 12 cells by splitting rectangles; shade one cell of each run that crosses two room borders
(in a random order, where a cell touches no shaded cell and the unshaded cells stay connected),
then more cells in a random order by the same test (a maximal shading, as dense as published
ones); where a run still crosses two borders, its first two rooms are merged. A share KEEP of
the rooms shows its count.

Random rooms are seldom unique. While another answer exists (checked with HiGHS; the solver's
answer, or its second one, set against the built one): rooms where they differ show their
counts; where all of them do, each such room is cut in two along a row or column line (lines
with differing cells on both sides first; both halves in one piece and no run over two borders
in the built answer), the new half numbered; where no cut fits, a cell that only the built
answer shades becomes a room of its own (a 1, which never makes a long run); where none is
left either, the rooms beside the differing cells show their counts. At most SOLVES solves
(each round a few cuts, so the solves stay few). The note counts numbers, rooms, numbers added,
splits and solves, and says 'unique' or 'not unique'."""

from __future__ import annotations

import random

from solver.blocks.cells import components
from solver.blocks.rooms import Rooms
from solver.genres import heyawake
from solver.genres.heyawake import Puzzle, crossing_runs, verify
from solver.pipeline import Outcome
from tests.generators import Cell, other_shading, until_unique

KEEP = 0.7
SOLVES = 40


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
    ids = [list(row) for row in rooms.ids]
    numbered = {k for k in range(len(rooms)) if rng.random() < KEEP}
    fresh = len(rooms)
    added = splits = 0

    def repair(out: Outcome) -> bool:
        nonlocal fresh, added, splits
        differ = sorted(other_shading(out, shaded) ^ shaded)  # shaded otherwise there
        blank = {ids[r][c] for r, c in differ} - numbered
        if blank:  # rooms where the answers differ show their counts
            numbered.update(blank)
            added += len(blank)
            return True
        cuts = 0
        for k in sorted({ids[r][c] for r, c in differ}, key=lambda _: rng.random()):
            if _split(ids, k, fresh, shaded, differ, rng):
                numbered.add(fresh)
                fresh += 1
                cuts += 1
        splits += cuts
        if cuts:
            return True
        alone = [q for q in differ if q in shaded]
        if alone:  # no cut fits: a cell that only this answer shades becomes a room of its own
            first = rng.choice(alone)
            for r, c in [first, *(q for q in alone if q != first)]:
                before = [row[:] for row in ids]
                k, ids[r][c] = ids[r][c], fresh
                numbered.add(fresh)
                fresh += 1
                rest = [(i, j) for i, row in enumerate(ids) for j, v in enumerate(row) if v == k]
                for part in components(rest)[1:]:
                    for i, j in part:
                        ids[i][j] = fresh
                    if k in numbered:
                        numbered.add(fresh)
                    fresh += 1
                # the new borders must leave the built answer an answer (no unshaded run over
                # two borders): else put the rooms back and try the next cell
                if not verify(_puzzle(ids, numbered, shaded), frozenset(shaded)):
                    splits += 1
                    return True
                ids[:] = before
        near = {  # no room could be cut: the rooms beside the differing cells show counts
            ids[r + dr][c + dc]
            for r, c in differ
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < size and 0 <= c + dc < size
        } - numbered
        numbered.update(near)
        added += len(near)
        return bool(near)

    p, out, repairs = until_unique(
        heyawake.GENRE, lambda: _puzzle(ids, numbered, shaded), repair, SOLVES
    )
    solves = repairs + 1
    assert not verify(p, frozenset(shaded)), "the built shading must answer the puzzle"
    state = {True: "unique", False: "not unique"}.get(out.unique, f"not decided ({out.status})")
    return p, (
        f"{len(p.numbers)} numbers of {len(p.rooms)} rooms ({added} added, {splits} splits, "
        f"{solves} solves), {state}"
    )


def _puzzle(ids: list[list[int]], numbered: set[int], shaded: set[Cell]) -> Puzzle:
    rooms = _renumbered(ids)
    numbers = []
    for cells in rooms.all():
        if ids[cells[0][0]][cells[0][1]] in numbered:
            numbers.append((cells[0], sum(c in shaded for c in cells)))
    return Puzzle(rooms, tuple(sorted(numbers)))


def _split(
    ids: list[list[int]],
    k: int,
    fresh: int,
    shaded: set[Cell],
    differ: list[Cell],
    rng: random.Random,
) -> bool:
    """Cut room k in two along a line between differing cells, where no run of
    unshaded cells then crosses two borders; the new half takes label fresh. True when cut."""
    cells = [(r, c) for r, row in enumerate(ids) for c, v in enumerate(row) if v == k]
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    bad = [q for q in differ if ids[q[0]][q[1]] == k]
    lines = [("r", r) for r in rows[1:]] + [("c", c) for c in cols[1:]]
    rng.shuffle(lines)
    # lines that put differing cells on both sides first
    lines.sort(key=lambda line: -len({(q[0] if line[0] == "r" else q[1]) >= line[1] for q in bad}))
    for axis, at in lines:
        moved = [q for q in cells if (q[0] if axis == "r" else q[1]) >= at]
        for r, c in moved:
            ids[r][c] = fresh
        rest = [q for q in cells if q not in moved]
        whole = len(components(moved)) == 1 and len(components(rest)) == 1
        if whole and not verify(Puzzle(_renumbered(ids), ()), frozenset(shaded)):
            return True
        for r, c in moved:
            ids[r][c] = k
    return False


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
