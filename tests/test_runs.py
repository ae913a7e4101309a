"""The deductions over lines of runs (solver.deduce.runs, nonogram's): a line settled against its
clue keeps exactly what every placement agreeing with it shares (brute force over short lines),
and a grid's lines with probing and the search decide a puzzle of one answer whole."""

from __future__ import annotations

import itertools
import random

import pytest

from solver.deduce.probing import Contradiction
from solver.deduce.runs import SHADED, UNKNOWN, UNSHADED, deduce, settle_line


def runs_of(line: tuple[int, ...]) -> tuple[int, ...]:
    text = "".join("x" if v == SHADED else " " for v in line)
    return tuple(len(run) for run in text.split())


def test_a_settled_line_keeps_what_every_placement_shares():
    rng = random.Random(1)
    for _ in range(2000):
        n = rng.randint(1, 8)
        clue = runs_of(tuple(rng.choice((SHADED, UNSHADED)) for _ in range(n)))
        line = [rng.choice((UNKNOWN, UNKNOWN, SHADED, UNSHADED)) for _ in range(n)]
        fits = [
            f
            for f in itertools.product((SHADED, UNSHADED), repeat=n)
            if runs_of(f) == clue and all(v in (UNKNOWN, w) for v, w in zip(line, f, strict=True))
        ]
        if not fits:
            with pytest.raises(Contradiction):
                settle_line(clue, line)
            continue
        shared = [
            fits[0][i] if all(f[i] == fits[0][i] for f in fits) else UNKNOWN for i in range(n)
        ]
        assert settle_line(clue, line) == shared, (clue, line)


def test_an_empty_clue_leaves_the_line_unshaded():
    assert settle_line((), [UNKNOWN] * 3) == [UNSHADED] * 3
    with pytest.raises(Contradiction):
        settle_line((), [UNKNOWN, SHADED])


def test_a_puzzle_of_one_answer_is_decided_whole_and_one_of_two_is_not():
    # a 5x5 picture: the lines alone decide it
    picture = ["x.x.x", "xxxxx", "..x..", ".xxx.", "x...x"]
    grid = [[SHADED if ch == "x" else UNSHADED for ch in row] for row in picture]
    rows = [runs_of(tuple(row)) for row in grid]
    cols = [runs_of(tuple(row[c] for row in grid)) for c in range(5)]
    board = deduce(rows, cols, work=10**6, search_work=10**6)
    assert board is not None and board.state == [v for row in grid for v in row]
    # a diagonal pair either way: two answers, so the search decides nothing
    board = deduce([(1,), (1,)], [(1,), (1,)], work=10**6, search_work=10**6)
    assert board is not None and board.state == [UNKNOWN] * 4
    # a row of two shaded cells across an empty column: no answer
    assert deduce([(2,), ()], [(1,), ()], work=10**6) is None
