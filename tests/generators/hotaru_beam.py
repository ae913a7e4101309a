"""Hotaru Beam from a random network of beams.

n fireflies with one beam each, all joined: the network is one cycle with trees hanging on it.
It starts as a cycle: a first firefly, a random beam from its dot to a second one, and the
shortest free way from the second one's dot back to a free side of the first. Then it grows
backwards, one firefly at a time: from a free side of a firefly (not its dot) a random
self-avoiding walk of at most LONGEST points runs over free points (straight more often than
turning), and where it stops a new firefly sits, its dot towards the walk, so its beam is the
walk back to the firefly it started at. This goes on until there is one firefly per FILL points
or no walk can be started (a network with fewer than half of them is thrown away). Every
firefly's number is its beam's turn count; KEEP of them are kept, the others are '?'.
"""

from __future__ import annotations

import itertools
import random
from collections import deque

from solver.blocks.geometry import OPPOSITE as BACK
from solver.blocks.geometry import step
from solver.genres.hotaru_beam import Firefly, Puzzle
from solver.io.puzzlink import UNKNOWN

Cell = tuple[int, int]
FILL = 4  # points per firefly
KEEP = 0.9  # share of numbers kept
STRAIGHT = 0.6  # chance that a walk goes on straight when it can
GIVE_UP = 60  # failed walks in a row before the network counts as full
LONGEST = 8  # points of a walk at most


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    puzzle, note, _ = solved(size, seed)
    return puzzle, note


def solved(size: int, seed: int) -> tuple[Puzzle, str, frozenset]:
    """The puzzle, its note, and the beams it was made from (segments, lower point first)."""
    rng = random.Random(seed)
    for _ in range(1000):
        net = Network(size, rng)
        if net.start():
            net.grow()
            if len(net.flies) >= net.target // 2:
                break
    else:
        raise RuntimeError(f"no network for size {size}, seed {seed}")
    kept = {cell for cell in net.flies if rng.random() < KEEP}
    cells = tuple(
        tuple(
            Firefly(net.flies[r, c], net.bends[r, c] if (r, c) in kept else UNKNOWN)
            if (r, c) in net.flies
            else None
            for c in range(size)
        )
        for r in range(size)
    )
    flies = len(net.flies)
    note = (
        f"{flies} fireflies, {len(kept)} numbers kept ({flies - len(kept)} '?'), "
        f"beams through {len(net.taken)} of {size * size} points"
    )
    return Puzzle(cells), note, frozenset(net.segments)


def bends(path: list[Cell]) -> int:
    return sum(
        (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
        for a, b, c in zip(path, path[1:], path[2:], strict=False)
    )


def side(cell: Cell, other: Cell) -> str:
    return next(d for d in "UDLR" if step(cell, d) == other)


class Network:
    def __init__(self, size: int, rng: random.Random) -> None:
        self.n, self.rng = size, rng
        self.target = max(2, int(size * size / FILL))
        self.taken: set[Cell] = set()  # fireflies and beam points
        self.flies: dict[Cell, str] = {}  # firefly -> its dot side
        self.sides: dict[Cell, set[str]] = {}  # firefly -> sides in use (dot, arrivals)
        self.bends: dict[Cell, int] = {}
        self.segments: set[tuple[Cell, Cell]] = set()

    def free(self, q: Cell) -> bool:
        return 0 <= q[0] < self.n and 0 <= q[1] < self.n and q not in self.taken

    def beam(self, path: list[Cell]) -> None:
        """Record a beam: path from its firefly (first, dot side already set) to the one it
        reaches (last)."""
        self.taken |= set(path)
        self.segments |= {(min(a, b), max(a, b)) for a, b in itertools.pairwise(path)}
        self.sides[path[-1]].add(side(path[-1], path[-2]))
        self.bends[path[0]] = bends(path)

    def add(self, cell: Cell, dot: str) -> None:
        self.flies[cell] = dot
        self.sides[cell] = {dot}
        self.taken.add(cell)

    def walk(self, start: Cell, heading: str, length: int) -> list[Cell]:
        """A random self-avoiding walk over free points from start (not included)."""
        if not self.free(step(start, heading)):
            return []
        path, here = [step(start, heading)], step(start, heading)  # out of start straight
        while len(path) < length:
            ahead = step(here, heading)
            turns = [d for d in "UDLR" if d not in (heading, BACK[heading])]
            turns = [d for d in turns if self.free(step(here, d)) and step(here, d) not in path]
            if (
                self.free(ahead)
                and ahead not in path
                and (not turns or self.rng.random() < STRAIGHT)
            ):
                pass
            elif turns:
                heading = self.rng.choice(turns)
            else:
                break
            here = step(here, heading)
            path.append(here)
        return path

    def start(self) -> bool:
        """The first cycle: A's beam to a new B, B's beam the shortest way back to A."""
        a = (self.rng.randrange(self.n), self.rng.randrange(self.n))
        dots = [d for d in "UDLR" if self.free(step(a, d))]
        self.add(a, self.rng.choice(dots))
        way = self.walk(a, self.flies[a], self.rng.randint(2, max(2, self.n)))
        if len(way) < 2:
            return False
        b = way[-1]
        dots = [d for d in "UDLR" if self.free(step(b, d)) and step(b, d) not in way]
        if not dots:
            return False
        self.add(b, self.rng.choice(dots))
        self.beam([a, *way])
        back = self.shortest(step(b, self.flies[b]), a)
        if back is None:
            return False
        self.beam([b, *back, a])
        return True

    def shortest(self, here: Cell, goal: Cell) -> list[Cell] | None:
        """The shortest free way from here (free, included) to a point next to goal on a
        free side of it."""
        if not self.free(here):
            return None
        back: dict[Cell, Cell | None] = {here: None}
        queue = deque([here])
        while queue:
            q = queue.popleft()
            d = next((d for d in "UDLR" if step(q, d) == goal), None)
            if d is not None and BACK[d] not in self.sides[goal]:
                way = []
                while q is not None:
                    way.append(q)
                    q = back[q]
                return way[::-1]
            dirs = list("UDLR")
            self.rng.shuffle(dirs)
            for d in dirs:
                nq = step(q, d)
                if self.free(nq) and nq not in back:
                    back[nq] = q
                    queue.append(nq)
        return None

    def grow(self) -> None:
        """Add fireflies whose beams run into the network, each from a free side of a firefly."""
        failed = 0
        while len(self.flies) < self.target and failed < GIVE_UP:
            spots = [
                (cell, d)
                for cell, used in self.sides.items()
                for d in "UDLR"
                if d not in used and self.free(step(cell, d))
            ]
            if not spots:
                return
            target, d = self.rng.choice(spots)
            way = self.walk(target, d, self.rng.randint(1, LONGEST))
            if not way:
                failed += 1
                continue
            new = way[-1]
            self.add(new, side(new, way[-2] if len(way) > 1 else target))
            self.beam([new, *way[-2::-1], target])
            failed = 0
