"""Nurikabe from a random answer, repaired until it has one answer.

The answer: island cells grown one at a time, each keeping the sea connected, islands of at most
BIGGEST cells, until no 2x2 block of sea is left (`random_islands`); then sea cells beside one
island join it, while the sea stays connected and the island at most LARGEST cells, until a
share WHITE of the cells is island (`thicken`): published puzzles have islands of 1-9 cells and
40-50 % white cells. Each island shows its size in one random cell.

Random clue cells seldom give one answer beyond 10x10 (30 answers drawn at 20x20, none unique),
so the puzzle is repaired where another answer differs from ours:
- first locally (`local_others`): in each WINDOW x WINDOW square (overlapping by half), a small
  MIP with every cell outside the square fixed to our answer looks for another answer; each one
  found is repaired; then only squares near a change are searched again (at most SWEEPS
  sweeps). Cheap, and it finds many places per sweep, but proves nothing;
- then the house's uniqueness check on the whole puzzle (`until_unique`: solve, cut off the
  answer, solve again); another answer found there (the solver's, or its second, set against
  ours) is repaired, and the local search runs again, at most REPAIRS rounds.
A repair (`_repair_spot`), per spot where the answers differ (differing cells, corners
touching), changes the puzzle so that our answer still holds and ours with that spot flipped
does not: it moves an island's number onto another of its cells, makes a sea cell beside no
island a 1, shades an island cell (splitting the island; a part left without a number gets one)
or lets a sea cell join the one island beside it; cells it changed stay as they are after. The
note counts islands, the white share, full rounds and the repairs of each kind, and says
'unique' or 'not unique'."""

from __future__ import annotations

import random

import pulp

from solver import limits
from solver.blocks.cells import check_no_square, components
from solver.blocks.geometry import Cell
from solver.genres import nurikabe
from solver.genres.nurikabe import Puzzle
from solver.mip.backends import LiveModel
from solver.mip.model import value
from solver.mip.settings import Settings
from solver.pipeline import Outcome
from tests.generators import other_shading, spots, until_unique

BIGGEST = 7
LARGEST = 9
WHITE = 0.42
MOST = 0.5
REPAIRS = 60
WINDOW = 8
SWEEPS = 30
KINDS = ("moved", "alone", "split", "joined")


def random_islands(size: int, rng: random.Random) -> list[set[Cell]]:
    """The islands of a random nurikabe answer on a size x size grid: a random 2x2 block of sea
    gets one of its cells as island, where that keeps the sea connected and the island it joins
    at most BIGGEST cells; drawn again when some block cannot be broken."""
    cells = {(r, c) for r in range(size) for c in range(size)}
    corners = [(r, c) for r in range(size - 1) for c in range(size - 1)]

    def block(r: int, c: int) -> list[Cell]:
        return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]

    while True:
        white: set[Cell] = set()
        stuck: set[Cell] = set()
        while True:
            sea_blocks = [q for q in corners if q not in stuck and not set(block(*q)) & white]
            if not sea_blocks:
                break
            corner = rng.choice(sea_blocks)
            for cell in rng.sample(block(*corner), 4):
                trial = white | {cell}
                grown = next(g for g in components(trial) if cell in g)
                if len(grown) <= BIGGEST and len(components(cells - trial)) == 1:
                    white = trial
                    break
            else:
                stuck.add(corner)
        if not check_no_square(cells - white, ""):
            return components(white)


def _close(cell: Cell, cells: set[Cell], steps: int = 2) -> bool:
    """Whether a cell of `cells` lies within `steps` rows and columns of `cell`."""
    r, c = cell
    span = range(-steps, steps + 1)
    return any((r + i, c + j) in cells for i in span for j in span)


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= r + dr < size and 0 <= c + dc < size
    ]


def _island_of(cell: Cell, white: set[Cell], size: int) -> set[Cell]:
    seen, todo = {cell}, [cell]
    while todo:
        for q in _around(todo.pop(), size):
            if q in white and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def _sea_joined(sea: set[Cell], size: int) -> bool:
    if not sea:
        return True
    return len(_island_of(next(iter(sea)), sea, size)) == len(sea)


def whiten(cell: Cell, white: set[Cell], size: int) -> bool:
    """Make a sea cell white when it touches at most one island, that island then has at most
    LARGEST cells, and the sea stays connected. True when done."""
    near = [q for q in _around(cell, size) if q in white]
    grown = _island_of(cell, white | {cell}, size)
    if len(grown) > LARGEST or len({min(_island_of(q, white, size)) for q in near}) > 1:
        return False
    cells = {(r, c) for r in range(size) for c in range(size)}
    if not _sea_joined(cells - white - {cell}, size):
        return False
    white.add(cell)
    return True


def thicken(white: set[Cell], size: int, share: float, rng: random.Random) -> None:
    """Sea cells beside exactly one island join it, in random order, until `share` of the cells
    are white (or no cell can join)."""
    target = int(share * size * size)
    while len(white) < target:
        edge = sorted({q for p in white for q in _around(p, size) if q not in white})
        rng.shuffle(edge)
        if not any(whiten(q, white, size) and len(white) < target for q in edge):
            break


def local_others(
    p: Puzzle, white: set[Cell], size: int, near: set[Cell] | None = None
) -> list[set[Cell]]:
    """Other answers that differ from ours only inside one WINDOW x WINDOW square (the squares
    overlap by half; only those holding a cell of `near`, when given), as the cells where they
    differ: one per square that has one. Each search fixes every cell outside its square to our
    answer, so it is a small MIP, and the lazy cuts one search finds (valid for the puzzle)
    stay for the next. None found does not prove our answer unique: a second answer may differ
    across squares."""
    m = nurikabe.GENRE.build(p, lazy=True)
    b = m["b"]
    settings = Settings("highs", 60)
    starts = sorted({min(k, max(size - WINDOW, 0)) for k in range(0, size, WINDOW // 2)})
    found = []
    for top in starts:
        for left in starts:
            window = {(r, c) for r in range(top, top + WINDOW) for c in range(left, left + WINDOW)}
            if near is not None and not window & near:
                continue
            for cell, v in b.items():
                fixed = None if cell in window else float(cell not in white)
                v.lowBound, v.upBound = (0, 1) if fixed is None else (fixed, fixed)
            inside = [b[q] if q in white else 1 - b[q] for q in sorted(window) if q in b]
            deadline = settings.deadline()
            with limits.deadline(deadline):
                live = LiveModel(m.prob, settings)
                live.add(pulp.lpSum(inside) >= 1, "other", keep=False)
                status = live.solve_lazy(m.violated, deadline)  # its cuts stay in m.prob
            if status == "solved":
                found.append({q for q in window if q in b and value(b[q]) != (q not in white)})
    for v in b.values():
        v.lowBound, v.upBound = 0, 1
    return found


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    white = set().union(*random_islands(size, rng))
    thicken(white, size, WHITE, rng)
    cells = {(r, c) for r in range(size) for c in range(size)}
    numbered = {rng.choice(sorted(g)) for g in components(white)}
    pinned: set[Cell] = set()  # cells a repair changed: they stay
    done = dict.fromkeys(("local", "moved", "alone", "split", "joined"), 0)

    def puzzle() -> Puzzle:
        sizes = {k: len(_island_of(k, white, size)) for k in numbered}
        return Puzzle(tuple(tuple(sizes.get((r, c)) for c in range(size)) for r in range(size)))

    def settled() -> Puzzle:
        """The puzzle after local repairs, until no square has another answer (after the
        first sweep, only squares near a change are searched again)."""
        near = None
        for _ in range(SWEEPS):
            before = set(white), set(numbered)
            changed: set[Cell] = set()
            for flips in local_others(puzzle(), white, size, near):
                if any(_close(q, changed) for q in flips):
                    continue  # this spot changed since the search: search it again
                done["local"] += 1
                against(white ^ flips)
                changed = (white ^ before[0]) | (numbered ^ before[1])
            if not changed:
                break
            near = changed
        return puzzle()

    def repair(out: Outcome) -> bool:
        return against(cells - other_shading(out, cells - white))

    def against(other_white: set[Cell]) -> bool:
        places = sorted(spots(white ^ other_white), key=lambda _: rng.random())
        fixed = False
        for spot in places:
            kind = _repair_spot(spot, white, numbered, pinned, size, rng)
            if kind:
                done[kind] += 1
                fixed = True
        return fixed

    p, out, rounds = until_unique(nurikabe.GENRE, settled, repair, REPAIRS)
    state = {True: "unique", False: "not unique", None: "uniqueness unknown"}[out.unique]
    return p, (
        f"{len(numbered)} islands, {len(white) / (size * size):.0%} white; {rounds} rounds ("
        + ", ".join(f"{n} {kind}" for kind, n in done.items())
        + f"), {state}"
    )


def _repair_spot(
    spot: set[Cell],
    white: set[Cell],
    numbered: set[Cell],
    pinned: set[Cell],
    size: int,
    rng: random.Random,
) -> str:
    """One change near a spot where the other answer differs from ours (the spot: the cells
    to flip), after which ours still holds and ours with the spot flipped no longer does (when
    it did before). Tried in this order, on cells of the spot, then within two, then four
    steps of it:
    move the number of an island to one of its cells ('moved'), whiten a sea cell beside no
    island as a 1 ('alone'), shade an island cell ('split'), whiten a sea cell beside one
    island ('joined'); when none of them breaks the flipped spot, the first that fits. A cell
    that a repair changed (or moved a number onto) is pinned: no later repair changes its
    colour or moves its number away, so repairs cannot undo one another. Returns the kind of
    change, '' when none fits."""
    cells = {(r, c) for r in range(size) for c in range(size)}

    def broken(w: set[Cell], n: set[Cell]) -> bool:
        flipped = w ^ spot
        sizes = {k: len(_island_of(k, w, size)) for k in n}
        if not n <= flipped:
            return True
        p = Puzzle(tuple(tuple(sizes.get((r, c)) for c in range(size)) for r in range(size)))
        return bool(nurikabe.verify(p, frozenset(cells - flipped)))

    matters = not broken(white, numbered)  # the flipped spot alone is another answer
    order = sorted(spot, key=lambda _: rng.random())
    for steps in (2, 4):
        ring = {q for q in cells if _close(q, spot, steps)} - set(order)
        order += sorted(ring, key=lambda _: rng.random())
    roomy = len(white) < MOST * size * size
    tries = [(strict, kind) for strict in (matters, False) for kind in KINDS]
    for strict, kind in dict.fromkeys(tries):
        for cell in order:
            w, n = set(white), set(numbered)
            if not _change(kind, cell, w, n, pinned, roomy, size, rng):
                continue
            if strict and not broken(w, n):
                continue
            white.clear()
            white.update(w)
            numbered.clear()
            numbered.update(n)
            pinned.add(cell)
            return kind
    return ""


def _change(
    kind: str,
    cell: Cell,
    white: set[Cell],
    numbered: set[Cell],
    pinned: set[Cell],
    roomy: bool,
    size: int,
    rng: random.Random,
) -> bool:
    """Make one change of this kind at the cell (see `_repair_spot`), in place, keeping our
    answer an answer and leaving pinned cells as they are (a number on a pinned cell stays
    there, a pinned cell keeps its colour); False when it does not fit."""
    if kind == "moved":
        if cell not in white or cell in numbered:
            return False
        held = [k for k in _island_of(cell, white, size) if k in numbered]
        if set(held) & pinned:
            return False
        numbered.difference_update(held)
        numbered.add(cell)
        return True
    if cell in pinned:
        return False
    if kind == "split":
        return cell in white and cell not in numbered and _shade(cell, white, numbered, size, rng)
    if cell in white or not roomy:
        return False
    lonely = not any(q in white for q in _around(cell, size))
    if lonely != (kind == "alone") or not whiten(cell, white, size):
        return False
    if lonely:
        numbered.add(cell)
    return True


def _shade(
    cell: Cell, white: set[Cell], numbered: set[Cell], size: int, rng: random.Random
) -> bool:
    """Shade a white cell beside the sea when no 2x2 block of sea appears; each part of its
    island left without a number gets one. True when done."""
    r, c = cell
    sea_near = [q for q in _around(cell, size) if q not in white]
    if not sea_near:
        return False
    for i in (r - 1, r):
        for j in (c - 1, c):
            block = {(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)}
            if 0 <= i < size - 1 and 0 <= j < size - 1 and not (block - {cell}) & white:
                return False
    white.discard(cell)
    for q in _around(cell, size):
        if q in white:
            part = _island_of(q, white, size)
            if not part & numbered:
                numbered.add(rng.choice(sorted(part)))
    return True
