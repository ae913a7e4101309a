"""Pipe Link from a random loop through every cell that crosses itself.

The loop: a Hamiltonian cycle first (for an even size, 2x2 loops merged along a random spanning
tree of the blocks; for an odd size, the sample's 5x5 loop with one crossing, grown by bands of
two rows and two columns), then a random walk of square flips: toggle the four segments around
a 2x2 block of cell centres, keep the flip when every cell is still on the line (degree 2 or 4;
4 is a crossing) and the line is still one curve, going straight through crossings. Flips that
add crossings are taken less often once the crossings pass CROSSINGS of the cells.

The givens, as a published puzzle has them (unique): each cell's piece with probability KEEP;
then one piece in every 2x2 block whose flip would give a second loop; then, up to ROUNDS times,
the puzzle is solved (HiGHS, lazy form, with the uniqueness check) and a quarter of the cells
where a second answer differs become givens too. The note counts the givens of each step.
"""

from __future__ import annotations

import math
import random

from solver.blocks.lines import arms
from solver.genres.pipe_link import GENRE, Puzzle
from solver.io.drawn_lines import glyph
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle

Cell = tuple[int, int]
Segment = tuple[Cell, Cell]

KEEP = 0.35
ROUNDS = 40  # at most this many solves adding givens where a second answer differs
CROSSINGS = 0.12  # target share of crossing cells
FLIPS = 12  # proposals per cell

U, D, L, R = 1, 2, 4, 8
STEP = {U: (-1, 0), D: (1, 0), L: (0, -1), R: (0, 1)}
BACK = {U: D, D: U, L: R, R: L}

SAMPLE = ["┌─┐┌┐", "│┌┼┘│", "└┘└┐│", "┌──┘│", "└───┘"]


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    g = _Grid(size, random_crossing_loop(size, rng))
    sides = arms(g.segments())
    given = {(r, c) for r in range(size) for c in range(size) if rng.random() < KEEP}
    drawn = len(given)
    for r, c in _flippable(g):  # a 2x2 flip that keeps one loop is a second answer
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        if not given.intersection(block):
            given.add(rng.choice(block))
    flips = len(given) - drawn

    def puzzle() -> Puzzle:
        return Puzzle(
            tuple(
                tuple(glyph(sides[r, c]) if (r, c) in given else None for c in range(size))
                for r in range(size)
            )
        )

    rounds, unique = 0, None
    while rounds < ROUNDS:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60, connectivity="lazy"))
        unique = out.unique
        if unique is not False:
            break
        rounds += 1
        differ = out.differ
        given.update(rng.sample(differ, max(1, len(differ) // 4)))
    crossings = sum(len(s) == 4 for s in sides.values())
    note = (
        f"{len(given)} pieces of {size * size} cells ({drawn} at random, {flips} against 2x2 "
        f"flips, {len(given) - drawn - flips} against other answers in {rounds} rounds; "
        f"{crossings} crossings; {'unique' if unique else 'uniqueness not reached'})"
    )
    return puzzle(), note


def _flippable(g: _Grid) -> list[Cell]:
    """The 2x2 blocks whose flip leaves one loop through every cell."""
    found = []
    for r in range(g.n - 1):
        for c in range(g.n - 1):
            if g.flip(r, c):
                if g.curves_ok():
                    found.append((r, c))
                g.flip(r, c)
    return found


def random_crossing_loop(n: int, rng: random.Random) -> set[Segment]:
    """One loop through every cell of an n x n grid (n = 2 or n >= 4), crossing itself."""
    g = _Grid(n, _start(n, rng))
    target = CROSSINGS * n * n
    for _ in range(FLIPS * n * n):
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        before = g.crossings
        if not g.flip(r, c):
            continue
        grow = g.crossings - before
        if grow > 0 and g.crossings > target and rng.random() > math.exp(-grow):
            g.flip(r, c)
            continue
        if g.curves_ok():
            continue
        g.flip(r, c)
    return g.segments()


def _start(n: int, rng: random.Random) -> set[Segment]:
    if n == 2 or (n >= 4 and n % 2 == 0):
        return _blocks(n, rng)
    if n >= 5:
        segs = {s for s in _from_glyphs(SAMPLE)}
        size = 5
        while size < n:
            segs = _grow(segs, size)
            size += 2
        return segs
    raise ValueError(f"no pipe link loop fits a {n}x{n} grid")


def _blocks(n: int, rng: random.Random) -> set[Segment]:
    """A Hamiltonian cycle: 2x2 loops merged along a random spanning tree of the blocks."""
    k = n // 2
    segs: set[Segment] = set()
    for br in range(k):
        for bc in range(k):
            r, c = 2 * br, 2 * bc
            segs |= {
                ((r, c), (r, c + 1)),
                ((r + 1, c), (r + 1, c + 1)),
                ((r, c), (r + 1, c)),
                ((r, c + 1), (r + 1, c + 1)),
            }
    seen = {(0, 0)}
    frontier = [((0, 0), nb) for nb in _block_nbrs((0, 0), k)]
    while frontier:
        a, b = frontier.pop(rng.randrange(len(frontier)))
        if b in seen:
            continue
        seen.add(b)
        frontier += [(b, nb) for nb in _block_nbrs(b, k) if nb not in seen]
        (ar, ac), (br, bc) = min(a, b), max(a, b)
        if ar == br:  # side by side: swap the facing vertical segments for horizontal ones
            c = 2 * ac + 1
            r = 2 * ar
            segs -= {((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}
            segs |= {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))}
        else:
            r = 2 * ar + 1
            c = 2 * ac
            segs -= {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))}
            segs |= {((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}
    return segs


def _block_nbrs(b: Cell, k: int) -> list[Cell]:
    r, c = b
    return [(r + dr, c + dc) for dr, dc in STEP.values() if 0 <= r + dr < k and 0 <= c + dc < k]


def _from_glyphs(rows: list[str]) -> set[Segment]:
    from solver.blocks.geometry import STEPS
    from solver.io.drawn_lines import ARMS

    segs = set()
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            for side in ARMS[ch]:
                dr, dc = STEPS[side]
                a, b = (r, c), (r + dr, c + dc)
                segs.add((min(a, b), max(a, b)))
    return segs


def _grow(segs: set[Segment], size: int) -> set[Segment]:
    """Add two rows below and two columns right of a size x size loop, merged into it."""
    n = size + 2
    out = set(segs)
    # the band of two rows below: a 2 x size loop, merged at the bottom-left corner
    band = {((size, c), (size, c + 1)) for c in range(size - 1)}
    band |= {((size + 1, c), (size + 1, c + 1)) for c in range(size - 1)}
    band |= {((size, 0), (size + 1, 0)), ((size, size - 1), (size + 1, size - 1))}
    out |= band
    out -= {((size - 1, 0), (size - 1, 1)), ((size, 0), (size, 1))}
    out |= {((size - 1, 0), (size, 0)), ((size - 1, 1), (size, 1))}
    # the band of two columns right: an n x 2 loop, merged at the top-right corner
    band = {((r, size), (r + 1, size)) for r in range(n - 1)}
    band |= {((r, size + 1), (r + 1, size + 1)) for r in range(n - 1)}
    band |= {((0, size), (0, size + 1)), ((n - 1, size), (n - 1, size + 1))}
    out |= band
    out -= {((0, size - 1), (1, size - 1)), ((0, size), (1, size))}
    out |= {((0, size - 1), (0, size)), ((1, size - 1), (1, size))}
    return out


class _Grid:
    """Arms as bit masks per cell, for fast flips and tracing."""

    def __init__(self, n: int, segs: set[Segment]) -> None:
        self.n = n
        self.m = [[0] * n for _ in range(n)]
        for (r, c), (rr, cc) in segs:
            if rr == r:
                self.m[r][c] |= R
                self.m[rr][cc] |= L
            else:
                self.m[r][c] |= D
                self.m[rr][cc] |= U
        self.crossings = sum(m == 15 for row in self.m for m in row)
        self.ends = sum(bin(m).count("1") for row in self.m for m in row)  # 2 x segments

    def flip(self, r: int, c: int) -> bool:
        """Toggle the four segments around the 2x2 block at (r, c); False (and undone) when a
        cell would be left off the line."""
        m = self.m
        cells = ((r, c, R | D), (r, c + 1, L | D), (r + 1, c, R | U), (r + 1, c + 1, L | U))
        for rr, cc, bits in cells:
            old = m[rr][cc]
            new = old ^ bits
            self.crossings += (new == 15) - (old == 15)
            self.ends += bin(new).count("1") - bin(old).count("1")
            m[rr][cc] = new
        if all(m[rr][cc] for rr, cc, _ in cells):
            return True
        for rr, cc, bits in cells:
            old = m[rr][cc]
            new = old ^ bits
            self.crossings += (new == 15) - (old == 15)
            self.ends += bin(new).count("1") - bin(old).count("1")
            m[rr][cc] = new
        return False

    def curves_ok(self) -> bool:
        """The segments form one curve (straight on through crossings)."""
        m = self.m
        total = self.ends // 2
        r, c = 0, 0
        out = R  # the top-left corner is always ┌
        walked = 0
        while True:
            dr, dc = STEP[out]
            r, c = r + dr, c + dc
            walked += 1
            back = BACK[out]
            here = m[r][c]
            out = BACK[back] if here == 15 else here ^ back
            if (r, c) == (0, 0):
                return walked == total

    def segments(self) -> set[Segment]:
        segs = set()
        for r in range(self.n):
            for c in range(self.n):
                if self.m[r][c] & R:
                    segs.add(((r, c), (r, c + 1)))
                if self.m[r][c] & D:
                    segs.add(((r, c), (r + 1, c)))
        return segs
