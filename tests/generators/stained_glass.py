"""Stained glass from a random picture: PIECE_SIZE cells a piece on average, grown at once from
random seed cells (each step one random piece takes one free cell beside it), so every piece
hangs together. Then circles go into cells in random order where the cell's piece stays whole
and non-empty without it, no other circle is among the 8 cells around it, and it touches at
least two pieces. Each piece is painted black or white at random; a circle's colour is what
its pieces make (grey when equal).

Published puzzles have one answer. While another answer exists, a circle goes next to a piece
where the two differ, if there is room (touching that piece alone and next to other circles, if
need be); where there is no room, one of the pieces where they differ joins a piece beside it
(one of its colour if any; the circles take their colours anew), or else a circle beside them
goes (its cell back to its piece). At most REPAIRS rounds; then, as setters do, circles are
taken away in random order wherever the answer stays unique (at most DROPS tries). Checked
with HiGHS. The note counts
pieces, circles, repairs, merges, freed circles and drops; it says 'unique' or 'not unique'.
"""

from __future__ import annotations

import random

from solver.blocks.geometry import components
from solver.genres.stained_glass import BLACK, GREY, WHITE, Puzzle

Cell = tuple[int, int]
PIECE_SIZE = 5
REPAIRS = 300
DROPS = 60


def _around8(q: Cell, size: int) -> list[Cell]:
    r, c = q
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and 0 <= r + dr < size and 0 <= c + dc < size
    ]


def pieces(size: int, rng: random.Random) -> dict[Cell, int]:
    cells = [(r, c) for r in range(size) for c in range(size)]
    seeds = rng.sample(cells, max(2, len(cells) // PIECE_SIZE))
    owner = {q: k for k, q in enumerate(seeds)}
    while len(owner) < len(cells):
        q = rng.choice(list(owner))
        r, c = q
        free = [
            n
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= n[0] < size and 0 <= n[1] < size and n not in owner
        ]
        if free:
            owner[rng.choice(free)] = owner[q]
    return owner


def label(k: int) -> str:
    word = ""
    k += 1
    while k:
        k, rest = divmod(k - 1, 26)
        word = chr(65 + rest) + word
    return word


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.stained_glass import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    owner = pieces(size, rng)
    black = {k for k in set(owner.values()) if rng.random() < 0.5}
    circles: set[Cell] = set()

    def fits(q: Cell, least: int = 2, apart: bool = True) -> bool:
        if q in circles or (apart and any(n in circles for n in _around8(q, size))):
            return False
        rest = [n for n, k in owner.items() if k == owner[q] and n != q and n not in circles]
        touched = {owner[n] for n in _around8(q, size) if n not in circles}
        return bool(rest) and len(components(rest)) == 1 and len(touched) >= least

    def puzzle() -> Puzzle:
        def at(q: Cell) -> str:
            if q not in circles:
                return label(owner[q])
            touched = {owner[n] for n in _around8(q, size) if n not in circles}
            dark = len(touched & black)
            return BLACK if 2 * dark > len(touched) else WHITE if 2 * dark < len(touched) else GREY

        return Puzzle(tuple(tuple(at((r, c)) for c in range(size)) for r in range(size)))

    def unique() -> tuple[bool, list[Cell]]:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        return bool(out.unique), out.differ

    for q in rng.sample(sorted(owner), len(owner)):
        if fits(q):
            circles.add(q)
    ok, differ = unique()
    repairs = merges = freed = 0
    while not ok and repairs < REPAIRS:
        repairs += 1
        wrong = {owner[q] for q in differ}  # a circle beside a piece the answers paint apart
        near = [
            n
            for n in owner
            if fits(n, 1, apart=False) and any(owner[m] in wrong for m in _around8(n, size))
        ]
        if near:
            circles.add(rng.choice(near))
        elif not _merge(owner, circles, black, sorted(wrong), rng):
            # nor a piece beside them: a circle next to them goes, its cell back to its piece
            back = [
                q
                for q in circles
                if any(owner[m] in wrong for m in _around8(q, size))
                and any(owner.get(n) == owner[q] and n not in circles for n in _side(q))
            ]
            if not back:
                break
            circles.discard(rng.choice(sorted(back)))
            freed += 1
        else:
            merges += 1
        ok, differ = unique()
    drops = 0
    if ok:
        for q in rng.sample(sorted(circles), len(circles))[:DROPS]:
            circles.discard(q)
            if unique()[0]:
                drops += 1
            else:
                circles.add(q)
    return puzzle(), (
        f"{len(set(owner.values()))} pieces, {len(circles)} circles; {repairs} repairs, "
        f"{merges} merges, {freed} freed, {drops} circles dropped, "
        + ("unique" if ok else "not unique")
    )


def _side(q: Cell) -> list[Cell]:
    r, c = q
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


def _merge(
    owner: dict[Cell, int], circles: set[Cell], black: set[int], wrong: list[int], rng
) -> bool:
    """One of the wrong pieces joins a piece it touches side by side (outside circles), one of
    its own colour if any; False when none touches another."""
    for k in rng.sample(wrong, len(wrong)):
        side = {
            owner[n]
            for q, v in owner.items()
            if v == k and q not in circles
            for n in _side(q)
            if n in owner and n not in circles and owner[n] != k
        }
        if side:
            same = sorted(j for j in side if (j in black) == (k in black))
            j = rng.choice(same or sorted(side))
            for q in [q for q, v in owner.items() if v == k]:
                owner[q] = j
            return True
    return False
