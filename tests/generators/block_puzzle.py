"""Block puzzle from a random division: the size x size grid is cut into `size` connected blocks
of `size` cells, and each block's cells get a random permutation of `size` letters (A, B, ...).

The division starts as a snake (the cells row by row, every other row backwards, cut into runs of
`size`) and is then shuffled: SWAPS times a random cell on a block's edge and a random cell of
the neighbouring block on its edge trade blocks, when both blocks stay connected. Sizes stay
equal throughout, so every letter appears once per block.

Such a puzzle may have other answers. While one exists (`until_unique`, checked with HiGHS), each
block of the other answer that is not a built block gets a letter twice: two cells of one built
block, one inside it and one outside, swap letters (the built division still fits: each block
still holds one of every letter). When the solver's answer is the built one, the other is found
by a solve with the built walls cut off. At most REPAIRS rounds;
the note counts rounds and says 'unique' or 'not unique'."""

from __future__ import annotations

import random
import string

import pulp

from solver.blocks import regions
from solver.blocks.cells import components
from solver.genres import block_puzzle
from solver.genres.block_puzzle import Puzzle
from solver.pipeline import Outcome
from tests.generators import Cell, until_unique

REPAIRS = 60
SWAPS = 40  # trades tried per cell of the grid


def _near(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 0 <= a < size and 0 <= b < size]


def division(size: int, rng: random.Random) -> dict[Cell, int]:
    """A random division of the size x size grid into `size` connected blocks of `size` cells:
    the block of each cell."""
    snake = [(r, c if r % 2 == 0 else size - 1 - c) for r in range(size) for c in range(size)]
    block = {cell: n // size for n, cell in enumerate(snake)}
    members: dict[int, set[Cell]] = {}
    for cell, k in block.items():
        members.setdefault(k, set()).add(cell)
    for _ in range(SWAPS * size * size):
        a = rng.choice(snake)
        ka = block[a]
        others = [q for q in _near(a, size) if block[q] != ka]
        if not others:
            continue
        kb = block[rng.choice(others)]
        edge = [q for q in members[kb] if q != a and any(block[n] == ka for n in _near(q, size))]
        b = rng.choice(edge) if edge else None
        if b is None:
            continue
        new_a = members[ka] - {a} | {b}
        new_b = members[kb] - {b} | {a}
        if len(components(new_a)) == 1 and len(components(new_b)) == 1:
            members[ka], members[kb] = new_a, new_b
            block[a], block[b] = kb, ka
    return block


def other_answer(p: Puzzle, found: regions.Regions) -> list[set[Cell]]:
    """The blocks of an answer other than `found` (CBC, with `found`'s walls cut off); none
    when there is no other."""
    m = block_puzzle.model(p)
    shut = regions.region_walls(found)
    for pair, w in m["w"].items():
        w.varValue = int(pair in shut)
    m.prob += m.exclude_answer()
    m.prob.solve(pulp.PULP_CBC_CMD(msg=False))
    if pulp.LpStatus[m.prob.status] != "Optimal":
        return []
    return list(map(set, regions.by_id(block_puzzle.decode(p, m)).values()))


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    rng = random.Random(seed)
    block = division(size, rng)
    letters = (string.ascii_uppercase * (size // 26 + 1))[:size]
    members: dict[int, list[Cell]] = {}
    for cell in sorted(block):
        members.setdefault(block[cell], []).append(cell)
    part: dict[Cell, str] = {}

    def label(k: int) -> None:
        for cell, letter in zip(members[k], rng.sample(letters, size), strict=True):
            part[cell] = letter

    for k in members:
        label(k)

    def puzzle() -> Puzzle:
        return Puzzle(tuple(tuple(part[r, c] for c in range(size)) for r in range(size)))

    def swap(other: set[Cell]) -> bool:
        """Swap the letters of two cells of one built block so that the other answer's block
        `other` holds one letter twice; False when no such pair exists."""
        pairs = [
            (c, d)
            for c in sorted(other)
            for d in members[block[c]]
            if d not in other and part[d] in {part[q] for q in other if q != c}
        ]
        if not pairs:
            return False
        c, d = rng.choice(pairs)  # at random: a fixed choice can undo an earlier repair
        part[c], part[d] = part[d], part[c]
        return True

    def repair(out: Outcome) -> bool:
        found = out.answer
        piece: dict[int, set[Cell]] = {}
        for r, row in enumerate(found):
            for c, k in enumerate(row):
                piece.setdefault(k, set()).add((r, c))
        built = {frozenset(cells) for cells in members.values()}
        others = [cells for cells in piece.values() if frozenset(cells) not in built]
        if not others:  # the solver's answer is ours: find the other one
            others = [c for c in other_answer(puzzle(), found) if frozenset(c) not in built]
        return any([swap(cells) for cells in others])

    p, out, rounds = until_unique(block_puzzle.GENRE, puzzle, repair, REPAIRS)
    state = {True: "unique", False: "not unique", None: "unknown"}[out.unique]
    return p, f"{size} blocks, {rounds} repair rounds, {state}"
