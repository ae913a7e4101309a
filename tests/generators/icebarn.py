"""Icebarn from a random path, made unique with the solver's help.

The path: a depth-first random walk from a random IN on the frame. It prefers cells next to what
it has drawn, so that it winds through about three quarters of the grid, may cross one of its own
earlier straight runs straight on, and once long enough heads for the frame and leaves (OUT).
The ice: every cell the path misses, and three in ten of the cells it runs straight through, and
its crossings; an ice group that the path never enters is joined to a straight cell next to it
or dropped (every ice group must be passed). So, as in published puzzles (puzz.link's test 8x8 is
half ice), ice fills the space the path leaves and detours across it must go straight.
The arrows: 35% of the path's inner borders, in its direction. Then up to 40 rounds: look for
a second answer (HiGHS, lazy form); if there is one, add clues that it breaks and the path keeps
(a fifth of the size, at least three): an arrow on a border the second answer doesn't cross that
way, or ice where it turns and the path runs straight. The note says how many arrows and ice
cells the puzzle has and whether the last round found it unique.
"""

from __future__ import annotations

import itertools
import random

import pulp

from solver.blocks.geometry import STEPS
from solver.genres import icebarn
from solver.genres.icebarn import Puzzle
from solver.mip.backends import LiveModel
from solver.mip.settings import Settings

Cell = tuple[int, int]
Arc = tuple[Cell, Cell]
AXIS = {"L": "h", "R": "h", "U": "v", "D": "v"}
TURNS = {"L": "UD", "R": "UD", "U": "LR", "D": "LR"}
COVER = 0.75  # the path's length, in grid cells
CROSS_BIAS = 0.7  # how often the walk takes a crossing it could take
STRAIGHT_ICE = 0.3  # the share of straight-run cells that become ice
ARROW_SHARE = 0.35  # the share of the path's inner borders that get an arrow at first
ROUNDS = 40  # making it unique: at most this many rounds, each adding size // 5 clues (3+)
ROUND_LIMIT = 30.0  # seconds for one search for a second answer


def _step(cell: Cell, d: str) -> Cell:
    return cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]


def random_path(size: int, rng: random.Random) -> tuple[list[Cell], Cell, Cell]:
    """A path of cells from just outside the grid (first item) to just outside (last item),
    crossing itself only straight through cells it passed straight before."""
    for _ in range(200):
        path = _walk(size, rng)
        if path is not None:
            return path, path[0], path[-1]
    raise RuntimeError("no random path found")


def _walk(n: int, rng: random.Random) -> list[Cell] | None:
    inside = lambda c: 0 <= c[0] < n and 0 <= c[1] < n  # noqa: E731
    side = rng.choice("UDLR")
    k = rng.randrange(n)
    outside = {"U": (-1, k), "D": (n, k), "L": (k, -1), "R": (k, n)}[side]
    heading = {"U": "D", "D": "U", "L": "R", "R": "L"}[side]
    target = int(COVER * n * n)
    passes: dict[Cell, list[str]] = {}  # cell -> the axes of its passes ('h', 'v', or 't' turn)
    path = [outside, _step(outside, heading)]
    stack: list[tuple[list[str], str]] = []  # per step: the options left, the heading
    budget = 40 * n * n

    def moves(cell: Cell, d: str) -> list[str]:
        if len(passes.get(cell, [])) == 2:
            return [d]  # a crossing goes straight on
        turns = list(TURNS[d])
        rng.shuffle(turns)
        opts = [d, *turns]

        def score(e: str) -> float:
            m = _step(cell, e)
            if not inside(m):
                return 100.0 if len(path) >= target else -100.0
            if m in passes:
                return 5.0 if rng.random() < CROSS_BIAS else -1.0
            if len(path) >= target:  # long enough: head for the frame
                return -min(m[0], m[1], n - 1 - m[0], n - 1 - m[1]) + rng.random()
            free = sum(inside(_step(m, f)) and _step(m, f) not in passes for f in "UDLR")
            return (4 - free) + rng.random() * 2.5

        return sorted(opts, key=score, reverse=True)

    def allowed(cell: Cell, d: str, e: str) -> bool:
        m = _step(cell, e)
        if not inside(m):
            return len(path) >= target and m != outside
        if m not in passes:
            return True
        seen = passes[m]
        return len(seen) == 1 and seen[0] in "hv" and seen[0] != AXIS[e] and inside(_step(m, e))

    # walk: path[-1] is the current cell, entered heading `d`
    passes[path[-1]] = ["?"]
    stack.append((moves(path[-1], heading), heading))
    while stack and budget > 0:
        budget -= 1
        opts, d = stack[-1]
        cur = path[-1]
        if not opts:  # dead end: undo the last step
            stack.pop()
            passes[cur].pop()
            if not passes[cur]:
                del passes[cur]
            path.pop()
            continue
        e = opts.pop(0)
        if not allowed(cur, d, e):
            continue
        passes[cur][-1] = AXIS[e] if e == d else "t"
        m = _step(cur, e)
        path.append(m)
        if not inside(m):
            return path
        passes.setdefault(m, []).append("?")
        stack.append((moves(m, e), e))
    return None


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    path, outside_in, outside_out = random_path(size, rng)
    kinds: dict[Cell, set[str]] = {}  # cell -> 'h', 'v' (straight passes) or 't' (a turn)
    for a, b, c in zip(path, path[1:], path[2:], strict=False):
        d_in, d_out = _dir(a, b), _dir(b, c)
        kinds.setdefault(b, set()).add(AXIS[d_in] if d_in == d_out else "t")
    crossings = {cell for cell, k in kinds.items() if k == {"h", "v"}}
    plain = sorted(cell for cell, k in kinds.items() if k in ({"h"}, {"v"}))
    ice = set(crossings)
    ice |= {(r, c) for r in range(size) for c in range(size) if (r, c) not in kinds}
    ice |= {cell for cell in plain if rng.random() < STRAIGHT_ICE}
    for group in _groups(ice):  # every ice group must be passed: join it to the path or drop it
        if any(cell in kinds for cell in group):
            continue
        joins = sorted({_step(cell, d) for cell in group for d in "UDLR"} & set(plain) - ice)
        if joins:
            ice.add(rng.choice(joins))
        else:
            ice -= set(group)
    segments = list(itertools.pairwise(path[1:-1]))
    arrows = set(rng.sample(segments, max(1, round(ARROW_SHARE * len(segments)))))

    def puzzle() -> Puzzle:
        cells = tuple(tuple((r, c) in ice for c in range(size)) for r in range(size))
        return Puzzle(cells, frozenset(arrows), (outside_in, path[1]), (path[-2], outside_out))

    first, truth, unique = len(arrows), set(itertools.pairwise(path)), "unique"
    for _ in range(ROUNDS):
        other = _another_answer(puzzle(), truth)
        if other is None:
            break
        if other == "timeout":
            unique = "uniqueness unknown"
            break
        bends = _bends(other)
        kills = [("arrow", s) for s in segments if s not in other and s not in arrows]
        kills += [("ice", c) for c in plain if c in bends and c not in ice]
        for kind, what in rng.sample(kills, min(len(kills), max(3, size // 5))):
            (arrows if kind == "arrow" else ice).add(what)
    else:
        unique = "not unique yet"
    p = puzzle()
    note = (
        f"{len(arrows)} arrows on {len(segments)} path borders ({first} at first), "
        f"{len(ice)} ice cells in {len(p.ice_groups())} groups, {len(crossings)} crossings; "
        f"{unique}"
    )
    return p, note


def _groups(cells: set[Cell]) -> list[list[Cell]]:
    """The groups of side-by-side cells."""
    seen: set[Cell] = set()
    out = []
    for start in sorted(cells):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            group.append(cell)
            for d in "UDLR":
                n = _step(cell, d)
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(group)
    return out


def _bends(arcs: set[Arc]) -> set[Cell]:
    """The cells where a path, given by its arcs, turns."""
    into = {b: _dir(a, b) for a, b in arcs}
    out_of: dict[Cell, list[str]] = {}
    for a, b in arcs:
        out_of.setdefault(a, []).append(_dir(a, b))
    return {a for a, ds in out_of.items() if len(ds) == 1 and a in into and into[a] != ds[0]}


def _another_answer(p: Puzzle, truth: set[Arc]) -> set[Arc] | str | None:
    """The arcs of an answer other than the truth; None if there is none, 'timeout'."""
    m = icebarn.model(p, lazy=True)
    arcs = m["arc"]
    live = LiveModel(m.prob, Settings("highs", time_limit=ROUND_LIMIT))
    path = [arcs[a] for a in truth if not isinstance(arcs[a], int)]
    live.add(pulp.lpSum(path) <= len(path) - 1, "another")
    k = 0
    while True:
        status = live.solve()
        if status != "solved":
            return None if status == "infeasible" else "timeout"
        cuts = m.violated()
        if not cuts:
            return {a for a, v in arcs.items() if round(pulp.value(v) or 0) == 1}
        for cut in cuts:
            k += 1
            live.add(cut, f"cut{k}")


def _dir(a: Cell, b: Cell) -> str:
    d = (b[0] - a[0], b[1] - a[1])
    return next(k for k, s in STEPS.items() if s == d)
