"""Kakuro from a random pattern of black cells and a random filling.

The sheet's grid is size x size, its first row and column the clue frame (as printed, and as
the sample). Inside it every cell turns black with probability BLACK; then it is mended, one
bad run at a time: a run of one cell grows by a black cell at one of its ends turning white
(or, less often, turns black itself), a run longer than MAX_RUN cells gets a black cell inside
it. Whatever mending leaves is cleared away (single cells turn black, and the white cells cut
off from the largest white group): every white cell then sits in an across and a down run of
2 to MAX_RUN cells. The white cells are filled with random digits, no digit twice in a run
(backtracking, cells in reading order), and each run's sum goes into the cell before it.

Published kakuros have one answer and no given digits. While another answer exists (checked
with HiGHS, at most REPAIRS rounds), one cell where the two answers differ turns black, when
the pattern stays sound (runs of 2 to MAX_RUN cells, one white group): the runs through it
split into shorter ones, whose sums have fewer combinations, and the sums are taken again from
the same filling. Where no differing cell can turn black, its digit becomes a given instead.
The filling first tries FILLINGS random fillings and keeps the one whose runs have the fewest
combinations in all. Once unique, the givens are taken away again in random order wherever
the answer stays unique (at most DROPS tries). The note counts white cells, clue cells, givens
and repairs.
"""

from __future__ import annotations

import random

from solver.blocks.digits import combinations, white_runs_from
from solver.genres.kakuro import Clue, Puzzle

Cell = tuple[int, int]
BLACK = 0.25
MAX_RUN = 7
REPAIRS = 60
FILLINGS = 20
DROPS = 40


def pattern(size: int, rng: random.Random) -> set[Cell]:
    """The white cells: random, then mended so that every run has 2 to MAX_RUN cells and the
    white cells hang together (see the module's docstring)."""
    inside = {(r, c) for r in range(1, size) for c in range(1, size)}
    white = {q for q in inside if rng.random() >= BLACK}
    for _ in range(20 * size):  # mend: lengthen a run of one cell, or cut a long run
        bad = [run for run in white_runs_from(white) if not 2 <= len(run.cells) <= MAX_RUN]
        if not bad:
            break
        run = rng.choice(bad)
        if len(run.cells) > MAX_RUN:
            white.discard(run.cells[rng.randrange(2, len(run.cells) - 2)])
            continue
        (r, c), (dr, dc) = run.cells[0], (0, 1) if run.across else (1, 0)
        ends = [q for q in ((r - dr, c - dc), (r + dr, c + dc)) if q in inside]
        if ends and rng.random() < 0.7:
            white.add(rng.choice(ends))
        else:
            white.discard((r, c))
    changed = True
    while changed and white:  # what mending left: single cells go black, one white group
        changed = False
        for run in white_runs_from(white):
            if len(run.cells) == 1:
                white.discard(run.cells[0])
                changed = True
            elif len(run.cells) > MAX_RUN:
                white.discard(run.cells[rng.randrange(2, len(run.cells) - 2)])
                changed = True
        groups = _groups(white)
        if not changed and len(groups) > 1:
            white = set(max(groups, key=len))
            changed = True
    return white


def _groups(white: set[Cell]) -> list[set[Cell]]:
    groups, seen = [], set()
    for start in sorted(white):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in white and q not in group:
                    group.add(q)
                    todo.append(q)
        seen |= group
        groups.append(group)
    return groups


def fill(white: set[Cell], rng: random.Random) -> dict[Cell, int] | None:
    """Random digits for the white cells, none twice in a run (None if backtracking gives up)."""
    runs = white_runs_from(white)
    runs_of: dict[Cell, list[tuple[Cell, ...]]] = {q: [] for q in white}
    for run in runs:
        for q in run.cells:
            runs_of[q].append(run.cells)
    order = sorted(white)
    digits: dict[Cell, int] = {}
    steps = 0

    def place(k: int) -> bool:
        nonlocal steps
        steps += 1
        if steps > 200_000:
            return False
        if k == len(order):
            return True
        q = order[k]
        used = {digits[p] for cells in runs_of[q] for p in cells if p in digits}
        choices = [d for d in range(1, 10) if d not in used]
        rng.shuffle(choices)
        for d in choices:
            digits[q] = d
            if place(k + 1):
                return True
            del digits[q]
        return False

    return digits if place(0) else None


def spread(white: set[Cell], digits: dict[Cell, int]) -> int:
    """How many combinations the runs' sums allow, in all (fewer: nearer one answer)."""
    return sum(
        len(combinations(sum(digits[q] for q in run.cells), len(run.cells)))
        for run in white_runs_from(white)
    )


def sound(white: set[Cell]) -> bool:
    """Every run has 2 to MAX_RUN cells and the white cells are one group."""
    runs_ok = all(2 <= len(run.cells) <= MAX_RUN for run in white_runs_from(white))
    return runs_ok and len(_groups(white)) == 1


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.kakuro import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    white = pattern(size, rng)
    fillings = [f for f in (fill(white, rng) for _ in range(FILLINGS)) if f is not None]
    digits = min(fillings, key=lambda f: spread(white, f))
    given: set[Cell] = set()

    def puzzle() -> Puzzle:
        sums: dict[Cell, dict[str, int]] = {}
        for run in white_runs_from(white):
            sums.setdefault(run.head, {})["across" if run.across else "down"] = sum(
                digits[q] for q in run.cells
            )

        def entry(q: Cell) -> Clue | int | None:
            if q in white:
                return digits[q] if q in given else None
            s = sums.get(q, {})
            return Clue(s.get("down"), s.get("across"))

        return Puzzle(tuple(tuple(entry((r, c)) for c in range(size)) for r in range(size)))

    repairs = blackened = 0
    while True:
        out = solve_puzzle(GENRE, puzzle(), Settings("highs", 60))
        if out.unique or repairs >= REPAIRS or not out.differ:
            break
        repairs += 1
        differ = [q for q in out.differ if q in white and q not in given]
        rng.shuffle(differ)
        cut = next((q for q in differ if sound(white - {q})), None)
        if cut is not None:  # a black cell there: shorter runs, fewer ways to make their sums
            white.discard(cut)
            blackened += 1
        else:
            given.add(differ[0] if differ else rng.choice(sorted(out.differ)))
    dropped = 0
    if out.unique:  # give back the givens the answer does not need
        for q in rng.sample(sorted(given), len(given))[:DROPS]:
            given.discard(q)
            if solve_puzzle(GENRE, puzzle(), Settings("highs", 60)).unique:
                dropped += 1
            else:
                given.add(q)
    clues = sum(isinstance(v, Clue) and v != Clue() for row in puzzle().cells for v in row)
    return puzzle(), (
        f"{len(white)} white cells, {clues} clue cells, {len(given)} digits given "
        f"({repairs} repairs: {blackened} cells blackened; {dropped} givens dropped); "
        + ("unique" if out.unique else "not unique")
    )
