"""Hashiwokakero: the problem's island numbers as typed, `-` water; the answer marks the water
cells a bridge passes, `1` and `2` for one and two horizontal bridges, `a` and `b` for one and two
vertical ones, read as the unit segments (island to island) of the record's `lines`. A bridge
between two islands side by side passes no water, so the answer does not show it: it is what
the islands' numbers leave over, where that decides it (else the answer is unreadable)."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, full_grid, grid_of
from solver.blocks.values import Value

DATASET = "Hashi"
BRIDGES = {"1": (0, 1), "2": (0, 2), "a": (1, 1), "b": (1, 2)}  # mark: (vertical?, bridges)

Cell = tuple[int, int]


def cells(problem: str) -> list[list[Value]]:
    return [[None if t == "-" else int(t) for t in row] for row in full_grid(problem)]


def _side_by_side(
    numbers: dict[Cell, int], count: dict[tuple[Cell, Cell], int]
) -> dict[tuple[Cell, Cell], int]:
    """The bridges between islands side by side: an island whose other bridges leave it
    nothing has none there, one with a single such neighbour left takes the rest there."""
    open_pairs = {
        (a, b) for a in numbers for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in numbers
    }
    left = {a: n - sum(k for pair, k in count.items() if a in pair) for a, n in numbers.items()}
    found: dict[tuple[Cell, Cell], int] = {}
    progress = True
    while open_pairs and progress:
        progress = False
        for a in numbers:
            mine = [pair for pair in open_pairs if a in pair]
            if not mine or (left[a] and len(mine) > 1):
                continue
            pair = mine[0] if left[a] else None
            for p in mine:
                n = left[a] if p == pair else 0
                found[p] = n
                open_pairs.discard(p)
                for end in p:
                    left[end] -= n
            progress = True
    if open_pairs:
        raise ValueError(f"the bridges between islands side by side at {sorted(open_pairs)}")
    return {pair: n for pair, n in found.items() if n}


def expected(solution: str, problem: str) -> dict:
    grid = answer_grid(solution)
    count: dict[tuple[Cell, Cell], int] = {}
    for r, row in enumerate(grid):
        for c, t in enumerate(row):
            if t in BRIDGES:
                vertical, n = BRIDGES[t]
                dr, dc = (1, 0) if vertical else (0, 1)
                count[(r - dr, c - dc), (r, c)] = n
                count[(r, c), (r + dr, c + dc)] = n
    numbers = {
        (r, c): int(t)
        for r, row in enumerate(grid_of(problem))
        for c, t in enumerate(row)
        if t != "-"
    }
    count |= _side_by_side(numbers, count)
    return {"lines": sorted([*a, *b, n] for (a, b), n in count.items())}
