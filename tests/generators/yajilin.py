"""Yajilin from a random loop. The loop grows from a 2x2 square by random bumps (an edge a-b
becomes a-c-d-b through two free cells beside it) until no bump fits, then shrinks by random
reverse bumps, preferring cells with few neighbours off the loop, until about COVER of the grid
is on it. The cells off the loop are shaded where they can be (a maximal set of cells that never
touch, cells with fewest neighbours off the loop first); the rest become clue cells, each with
the arrow that sees the most shaded cells, and its true count.

Then the puzzle is repaired towards uniqueness, window by window (overlapping WINDOW x WINDOW
squares, then the whole grid; just the whole grid when it is no larger). With everything outside
the window held to the known answer, the solver looks for a second answer. If one exists, a clue
turns its arrow so that every second answer found in the window breaks it; if no arrow does, a
cell where the two answers' loops differ becomes a new clue cell, and the solver finds a new
known answer around it, changing only cells within MARGIN of the difference. A window is done
when no second answer is left in it (or after ROUNDS repairs); all of it within BUDGET seconds
per cell of the grid. The note says how many clues and shaded cells the puzzle has, how many
repairs it took, whether the whole grid was left with one answer ('unique'), and in how many
windows no second answer was left."""

from __future__ import annotations

import random
import time

import pulp

from solver.blocks.geometry import STEPS, ray
from solver.blocks.lines import arms
from solver.genres.yajilin import Answer, Clue, Puzzle, decode, model, verify
from solver.mip.backends import LiveModel
from solver.mip.settings import Settings
from tests.generators import Cell

COVER = 0.72  # the share of loop cells to aim at (the sample: 73 of 100)
WINDOW = 10  # side of the repair windows
ROUNDS = 60  # repairs per window, at most
TRIES = 6  # cells tried when a clue cell must be added
MARGIN = 3  # how far from the difference the answer may change then
BUDGET = 0.4  # seconds for all the repairs per cell of the grid, at most


def _around(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < size and 0 <= c + dc < size
    ]


def _grow(size: int, rng: random.Random) -> list[Cell]:
    """A loop (its cells in order) grown by bumps until none fits."""
    r, c = rng.randrange(size - 1), rng.randrange(size - 1)
    order = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
    on = set(order)
    while True:
        bumps = []
        for i, a in enumerate(order):
            b = order[(i + 1) % len(order)]
            dr, dc = b[0] - a[0], b[1] - a[1]
            for sr, sc in ((dc, dr), (-dc, -dr)):
                p, q = (a[0] + sr, a[1] + sc), (b[0] + sr, b[1] + sc)
                if all(0 <= v < size for v in (*p, *q)) and p not in on and q not in on:
                    bumps.append((i, p, q))
        if not bumps:
            return order
        i, p, q = rng.choice(bumps)
        order[i + 1 : i + 1] = [p, q]
        on |= {p, q}


def _shrink(order: list[Cell], size: int, rng: random.Random, target: float) -> list[Cell]:
    """Reverse bumps (a-c-d-b with a, b side by side becomes a-b) until the loop is short
    enough; cells with few neighbours off the loop go first, to spread the holes."""
    while len(order) > max(4, target):
        on, n = set(order), len(order)
        scored = []
        for i, a in enumerate(order):
            b = order[(i + 3) % n]
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                pair = (order[(i + 1) % n], order[(i + 2) % n])
                off = sum(m not in on for cell in pair for m in _around(cell, size))
                scored.append((off, i))
        if not scored:
            break
        best = min(off for off, _ in scored)
        i = rng.choice([i for off, i in scored if off == best])
        drop = {(i + 1) % n, (i + 2) % n}
        order = [cell for k, cell in enumerate(order) if k not in drop]
    return order


def _count(size: int, cell: Cell, d: str, shaded: set[Cell]) -> int:
    return sum(q in shaded for q in ray(size, size, *cell, *STEPS[d]))


def _puzzle(size: int, arrows: dict[Cell, str], shaded: set[Cell]) -> Puzzle:
    cells: list[list[Clue | None]] = [[None] * size for _ in range(size)]
    for (r, c), d in arrows.items():
        cells[r][c] = Clue(_count(size, (r, c), d, shaded), d)
    return Puzzle(tuple(tuple(row) for row in cells))


def _solve(
    p: Puzzle,
    limit: float,
    not_this: Answer | None = None,
    hold: tuple[Answer, set[Cell]] | None = None,
) -> Answer | str | None:
    """An answer of p (other than not_this; with hold = (answer, window), equal to that answer
    outside the window); None if there is none, 'timeout' if none was found in time."""
    if limit <= 0:
        return "timeout"
    m = model(p, lazy=True)
    x, b = m["x"], m["b"]
    if not_this is not None:
        m.prob += (
            pulp.lpSum(1 - v for e, v in x.items() if e in not_this.segments)
            + pulp.lpSum(v for e, v in x.items() if e not in not_this.segments)
            >= 1,
            "NotKnown",
        )
    if hold is not None:
        held, window = hold
        for cell, v in b.items():
            if cell not in window:
                m.prob += v == int(cell in held.shaded), f"Hold({cell[0]},{cell[1]})"
        for (q, s), v in x.items():
            if q not in window and s not in window:
                m.prob += v == int((q, s) in held.segments), f"HoldEdge({q},{s})"
    live = LiveModel(m.prob, Settings("highs", time_limit=limit))
    deadline, k = time.perf_counter() + limit, 0
    while True:
        status = live.solve()
        if (
            status == "timeout"
            and deadline - time.perf_counter() > 1
            and live.settings.solver == "highs"
        ):
            # HiGHS 1.15.1's presolve sometimes ends in a "solve error" on a feasible model,
            # which the back end reports as a timeout: go on with SCIP
            live = LiveModel(m.prob, Settings("scip", time_limit=deadline - time.perf_counter()))
            status = live.solve()
        if status == "infeasible":
            return None
        if status != "solved" or time.perf_counter() > deadline:
            return "timeout"
        cuts = m.violated()
        if not cuts:
            return decode(p, m)
        for cut in cuts:
            k += 1
            live.add(cut, f"lazy_{k}")


def _windows(size: int) -> list[set[Cell]]:
    if size <= WINDOW:
        return [{(r, c) for r in range(size) for c in range(size)}]
    starts = [*range(0, size - WINDOW, WINDOW - 2), size - WINDOW]
    return [
        {(r, c) for r in range(r0, r0 + WINDOW) for c in range(c0, c0 + WINDOW)}
        for r0 in starts
        for c0 in starts
    ]


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    order = _shrink(_grow(size, rng), size, rng, COVER * size * size)
    on_loop = set(order)
    segments = frozenset(
        (min(a, b), max(a, b)) for a, b in zip(order, order[1:] + order[:1], strict=True)
    )
    off = [(r, c) for r in range(size) for c in range(size) if (r, c) not in on_loop]
    rng.shuffle(off)
    off.sort(key=lambda cell: sum(n not in on_loop for n in _around(cell, size)))
    shaded: set[Cell] = set()
    for cell in off:
        if not any(n in shaded for n in _around(cell, size)):
            shaded.add(cell)
    arrows = {cell: _best_arrow(size, cell, shaded, rng) for cell in sorted(set(off) - shaded)}

    known = Answer(frozenset(shaded), segments)
    budget = BUDGET * size * size
    deadline = time.perf_counter() + budget
    whole = {(r, c) for r in range(size) for c in range(size)}
    windows = [*_windows(size), whole] if size > WINDOW else [whole]
    repairs, settled = 0, []
    for window in windows:
        others: list[Answer] = []
        for _ in range(ROUNDS):
            p = _puzzle(size, arrows, shaded)
            left = deadline - time.perf_counter()
            other = _solve(p, left, not_this=known, hold=(known, window))
            if other is None:
                settled.append(window)
                break
            if not isinstance(other, Answer):
                break
            others.append(other)
            repairs += 1
            move = _repoint(size, arrows, shaded, known, others)
            if move is not None:
                arrows[move[0]] = move[1]
                continue
            new = _reroute(size, arrows, shaded, known, other, window, deadline, rng)
            if new is None:
                break
            known, others = new, []
            shaded = set(known.shaded)
    p = _puzzle(size, arrows, shaded)
    assert not verify(p, known), verify(p, known)  # the known answer still fits
    if whole in settled:
        state = "unique"
    elif time.perf_counter() > deadline:
        state = f"uniqueness unknown (repair time of {budget:g} s spent)"
    else:
        state = "not unique"
    if size > WINDOW:
        state += f"; no second answer left in {len(settled) - (whole in settled)} of "
        state += f"{len(windows) - 1} {WINDOW}x{WINDOW} windows"
    note = f"{len(arrows)} clues, {len(shaded)} shaded; {repairs} repairs, {state}"
    return p, note


def _reroute(
    size: int,
    arrows: dict[Cell, str],
    shaded: set[Cell],
    known: Answer,
    other: Answer,
    window: set[Cell],
    deadline: float,
    rng: random.Random,
) -> Answer | None:
    """Make a cell of the window where the two answers' loops differ a clue cell, and find an
    answer around it that changes only cells within MARGIN of where they differ (first with
    every clue's count kept, at last with only the clue cells and arrows kept); arrows gets the
    new clue. None if no such answer was found."""
    loop_a, loop_b = arms(known.segments), arms(other.segments)
    differ = sorted(c for c in loop_a if c in window and loop_a[c] != loop_b.get(c))
    area = {
        (r + dr, c + dc)
        for r, c in differ
        for dr in range(-MARGIN, MARGIN + 1)
        for dc in range(-MARGIN, MARGIN + 1)
    }
    picked = rng.sample(differ, min(TRIES, len(differ)))
    for cell, keep in [(cell, True) for cell in picked] + [(cell, False) for cell in picked[:2]]:
        cells = [
            [k if k is None or keep else Clue(None, k.d) for k in row]
            for row in _puzzle(size, arrows, shaded).cells
        ]
        cells[cell[0]][cell[1]] = Clue(None, None)
        trial = Puzzle(tuple(tuple(row) for row in cells))
        new = _solve(trial, deadline - time.perf_counter(), hold=(known, area))
        if isinstance(new, Answer):
            arrows[cell] = _best_arrow(size, cell, set(new.shaded), rng)
            return new
    return None


def _best_arrow(size: int, cell: Cell, shaded: set[Cell], rng: random.Random) -> str:
    """The direction that sees the most shaded cells (ties at random)."""
    dirs = [d for d in "UDLR" if next(ray(size, size, *cell, *STEPS[d]), None)]
    most = max(_count(size, cell, d, shaded) for d in dirs)
    return rng.choice([d for d in dirs if _count(size, cell, d, shaded) == most])


def _repoint(
    size: int,
    arrows: dict[Cell, str],
    shaded: set[Cell],
    known: Answer,
    others: list[Answer],
) -> tuple[Cell, str] | None:
    """A clue's new arrow that rules out every second answer found so far (None if none
    does). Only clues in a row or column where the newest one shades differently can."""
    lines = {("r", r) for r, _ in known.shaded ^ others[-1].shaded}
    lines |= {("c", c) for _, c in known.shaded ^ others[-1].shaded}
    for cell in sorted(arrows):
        if ("r", cell[0]) not in lines and ("c", cell[1]) not in lines:
            continue
        for d in "UDLR":
            if d == arrows[cell] or not next(ray(size, size, *cell, *STEPS[d]), None):
                continue
            p = _puzzle(size, {**arrows, cell: d}, shaded)
            if all(verify(p, a) for a in others):
                return cell, d
    return None
