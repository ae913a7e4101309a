"""Satogaeri from random moves: circles are placed one by one on a random free cell, each with a
random direction and length (0 to MAX_MOVE, the path over free cells only), until about one
cell in DENSITY starts a circle; the rooms grow from the circles' ends at once (a random flood,
a cell joining the room of a random neighbour already taken), so each room holds one end. A
share KEEP of the circles shows its number, the others are `?`.

While another answer exists (a solve of the model with the built moves cut off, HiGHS), over
the circles that move otherwise there: those that show `?` show their number; else a cell their
other paths cross and no built path uses becomes a room of its own holding a 0 (where its room
stays in one piece); else the built end of such a circle becomes a room of its own, the rest of
its room joining the rooms around it; else the cell where the first of them ends there moves to
a neighbouring room (both rooms staying in one piece, the cell being no built end). At most
SOLVES solves. The note counts circles (and the 0s added), numbers shown, ends pinned, cells
moved and solves, and says 'unique' or 'not unique'."""

from __future__ import annotations

import random

import pulp

from solver.blocks.geometry import STEPS, Cell, components, step
from solver.blocks.placements import chosen
from solver.blocks.rooms import Rooms
from solver.genres.satogaeri import Puzzle, moves_of
from solver.genres.satogaeri import model as build_model

DENSITY = 4
MAX_MOVE = 4
KEEP = 0.5
SOLVES = 60


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    paths = _moves(size, rng)
    ends = {path[-1]: start for start, path in paths.items()}
    owner = _flood(size, list(ends), rng)
    shown = {start for start in paths if rng.random() < KEEP}
    moved = solves = zeros = pinned = 0
    while True:
        p = _puzzle(size, paths, owner, shown)
        other = _other_answer(p, paths)
        solves += 1
        if other is None or solves >= SOLVES:
            break
        differ = [k for k in sorted(other) if other[k] != paths[k]]
        hidden = [k for k in differ if k not in shown]
        if hidden:
            shown.update(hidden)
            continue
        covered = {q for path in paths.values() for q in path}
        spot = next(
            (q for k in differ for q in other[k] if q not in covered and _alone(owner, q)),
            None,
        )
        if spot is not None:  # a room of its own with a 0 there: no path crosses it
            owner[spot] = max(owner.values()) + 1
            paths[spot] = (spot,)
            shown.add(spot)
            zeros += 1
            continue
        if any(_pin(size, owner, paths[k][-1], rng) for k in differ):
            pinned += 1
            continue
        if not _move_cell(size, owner, other[differ[0]][-1], set(ends), rng):
            break
        moved += 1
    unique = other is None
    note = (
        f"{len(paths)} circles ({zeros} added as 0s), {len(shown)} numbers, {pinned} ends pinned, "
        f"{moved} cells moved between rooms, "
        f"{solves} solves, {'unique' if unique else 'not unique'}"
    )
    return p, note


def _moves(size: int, rng: random.Random) -> dict[Cell, tuple[Cell, ...]]:
    free = {(r, c) for r in range(size) for c in range(size)}
    paths: dict[Cell, tuple[Cell, ...]] = {}
    tries = 0
    while len(paths) < size * size // DENSITY and tries < 50 * size * size:
        tries += 1
        start = rng.choice(sorted(free))
        d, n = rng.choice(list(STEPS)), rng.randint(0, MAX_MOVE)
        path = [start]
        for _ in range(n):
            nxt = step(path[-1], d)
            if nxt not in free:
                break
            path.append(nxt)
        if len(path) != n + 1:
            continue
        paths[start] = tuple(path)
        free -= set(path)
    return paths


def _flood(size: int, seeds: list[Cell], rng: random.Random) -> dict[Cell, int]:
    owner = {cell: k for k, cell in enumerate(seeds)}
    frontier = [(cell, n) for cell in seeds for n in _near(cell, size)]
    while frontier:
        i = rng.randrange(len(frontier))
        src, cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        if cell in owner:
            continue
        owner[cell] = owner[src]
        frontier += [(cell, n) for n in _near(cell, size) if n not in owner]
    return owner


def _near(cell: Cell, size: int) -> list[Cell]:
    return [n for d in STEPS if 0 <= (n := step(cell, d))[0] < size and 0 <= n[1] < size]


def _rooms(size: int, owner: dict[Cell, int]) -> Rooms:
    order: dict[int, int] = {}
    for r in range(size):
        for c in range(size):
            order.setdefault(owner[r, c], len(order))
    return Rooms(tuple(tuple(order[owner[r, c]] for c in range(size)) for r in range(size)))


def _puzzle(size, paths, owner, shown) -> Puzzle:
    circles = tuple(
        sorted((start, len(path) - 1 if start in shown else None) for start, path in paths.items())
    )
    return Puzzle(_rooms(size, owner), circles)


def _other_answer(p: Puzzle, paths: dict[Cell, tuple[Cell, ...]]) -> dict | None:
    """Another answer's moves (circle -> its path), or None when the built one is the only
    one."""
    m = build_model(p)
    y = m["y"]
    candidates = {start: moves_of(p, start) for start, _ in p.circles}
    built = [y[k, candidates[k].index(paths[k])] for k in candidates]
    m.prob += pulp.lpSum(built) <= len(built) - 1, "Other"
    m.prob.solve(pulp.HiGHS(msg=False, timeLimit=60))
    if pulp.LpStatus[m.prob.status] != "Optimal":
        return None
    return {k: candidates[k][i] for k, i in chosen(candidates, y).items()}


def _alone(owner: dict[Cell, int], cell: Cell) -> bool:
    """Whether `cell` can leave its room: the room keeps another cell and stays in one piece."""
    rest = [q for q, k in owner.items() if k == owner[cell] and q != cell]
    return bool(rest) and len(components(rest)) == 1


def _pin(size: int, owner: dict[Cell, int], end: Cell, rng: random.Random) -> bool:
    """Make a built end a room of its own; the rest of its room joins the rooms around it (a
    cell at a time, to a random neighbouring room). False, and nothing changed, when some of
    it touches no other room."""
    here, fresh = owner[end], max(owner.values()) + 1
    if (
        all(owner[q] in (here,) for q in _near(end, size))
        and len([q for q, k in owner.items() if k == here]) == 1
    ):
        return False
    trial = dict(owner)
    trial[end] = fresh
    rest = {q for q, k in trial.items() if k == here}
    while rest:
        ready = [
            (q, ks)
            for q in sorted(rest)
            if (ks := sorted({trial[n] for n in _near(q, size)} - {here, fresh}))
        ]
        if not ready:
            return False
        for q, ks in ready:
            trial[q] = rng.choice(ks)
            rest.discard(q)
    owner.update(trial)
    return True


def _move_cell(
    size: int, owner: dict[Cell, int], cell: Cell, ends: set[Cell], rng: random.Random
) -> bool:
    """Give `cell` to a neighbouring room, where both rooms stay in one piece."""
    if cell in ends:
        return False
    here = owner[cell]
    if not _alone(owner, cell):
        return False
    options = sorted({owner[n] for n in _near(cell, size)} - {here})
    if not options:
        return False
    owner[cell] = rng.choice(options)
    return True
