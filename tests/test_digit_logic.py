"""The cage rule of `solver.deduce.digit_logic` against every placement tried: the digits each
cell takes in some placement of a multiset (each digit into a cell that has it, equal digits
never twice in a house), on random small boards."""

from __future__ import annotations

import itertools
import random

from solver.blocks.geometry import Cell
from solver.deduce.digit_logic import Board, _placements


def every_placement(
    board: Board, cand: dict[Cell, set[int]], cells: list[Cell], multiset: tuple[int, ...]
) -> dict[Cell, set[int]]:
    """The digits each cell takes in some placement, from every ordering of the multiset."""
    support: dict[Cell, set[int]] = {cell: set() for cell in cells}
    for digits in set(itertools.permutations(multiset)):
        if any(d not in cand[cell] for cell, d in zip(cells, digits, strict=True)):
            continue
        pairs = itertools.combinations(range(len(cells)), 2)
        if any(digits[i] == digits[j] and cells[j] in board.peers[cells[i]] for i, j in pairs):
            continue
        for cell, d in zip(cells, digits, strict=True):
            support[cell].add(d)
    return support


def test_a_cage_keeps_the_digits_of_some_placement():
    rnd = random.Random(49)
    kinds = {"repeats": 0, "distinct": 0, "none": 0}
    for _ in range(600):
        n = rnd.randint(2, 5)  # an n x n latin square: rows and columns are the houses
        rows = [[(r, c) for c in range(n)] for r in range(n)]
        columns = [[(r, c) for r in range(n)] for c in range(n)]
        board = Board(tuple(range(1, n + 1)), rows + columns, budget=10**9)
        positions = [(r, c) for r in range(n) for c in range(n)]
        cells = rnd.sample(positions, rnd.randint(1, min(5, n * n)))
        if len(cells) <= n and rnd.random() < 0.5:  # a killer cage's set of different digits
            multiset = tuple(sorted(rnd.sample(range(1, n + 1), len(cells))))
        else:
            multiset = tuple(sorted(rnd.choices(range(1, n + 1), k=len(cells))))
        cand = {cell: set(rnd.sample(range(1, n + 1), rnd.randint(1, n))) for cell in positions}
        want = every_placement(board, cand, cells, multiset)
        assert _placements(board, cand, cells, multiset) == want, (n, cells, multiset, cand)
        if not any(want.values()):
            kinds["none"] += 1
        else:
            kinds["repeats" if len(set(multiset)) < len(multiset) else "distinct"] += 1
    assert min(kinds.values()) >= 50, kinds  # each case met often
