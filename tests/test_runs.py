"""The deductions over lines of runs (solver.deduce.runs, nonogram's): a line settled against its
clue keeps exactly what every placement agreeing with it shares (brute force over short lines),
and a grid's lines with probing and the search decide a puzzle of one answer whole."""

from __future__ import annotations

import itertools
import random

import pytest

from solver.deduce.probing import Contradiction, settle
from solver.deduce.runs import SHADED, UNKNOWN, UNSHADED, RunsBoard, deduce, settle_line


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


def test_probing_tries_every_cell_where_the_lines_decide_none():
    """A 5x5 picture whose lines alone decide no cell, so that no cell is next to a decided
    one: probing every cell decides it whole."""
    picture = [".x...", ".x..x", "x.x..", "x.x..", "...xx"]
    grid = [[SHADED if ch == "x" else UNSHADED for ch in row] for row in picture]
    rows = [runs_of(tuple(row)) for row in grid]
    cols = [runs_of(tuple(row[c] for row in grid)) for c in range(5)]
    assert deduce(rows, cols, work=0).state == [UNKNOWN] * 25
    board = deduce(rows, cols, work=10**6)
    assert board is not None and board.state == [v for row in grid for v in row]


def test_a_probe_whose_two_ways_hold_keeps_what_both_decide():
    """Rows and columns 1, 1 1, 1 1, 1 on a 4x4 grid: the lines decide nothing, and the second
    cell of the top row shaded or not, either way holds; both leave the four corners unshaded,
    which `settle` with `agree` keeps (and without it does not)."""
    clues = [(1,), (1, 1), (1, 1), (1,)]
    board = RunsBoard(clues, clues)
    board.propagate()
    assert board.state == [UNKNOWN] * 16
    plain = board.copy()
    assert settle(plain, 1) == (2, False) and plain.state == [UNKNOWN] * 16
    assert settle(board, 1, agree=True) == (2, True)
    assert {i for i, v in enumerate(board.state) if v != UNKNOWN} >= {0, 3, 12, 15}
    assert all(board.state[i] == UNSHADED for i in (0, 3, 12, 15))
    assert board.state[1] == UNKNOWN


def test_a_line_met_again_is_settled_as_the_first_time(monkeypatch):
    """A board and its copies keep each line's settling for the cells it had (`settled`): a
    copy that meets a line in the same state, a contradiction among them, settles it alike
    without `settle_line`."""
    clues = [(1,), (1, 1), (1, 1), (1,)]
    board = RunsBoard(clues, clues)
    board.propagate()
    shaded, clash = board.copy(), board.copy()
    shaded.set(1, SHADED)
    shaded.propagate()
    clash.set(0, SHADED)
    clash.set(1, SHADED)  # two shaded cells side by side in a row of one run of 1
    with pytest.raises(Contradiction):
        clash.propagate()
    calls = []
    monkeypatch.setattr("solver.deduce.runs.settle_line", lambda *a: calls.append(a))
    again = board.copy()
    again.set(1, SHADED)
    again.propagate()
    assert again.state == shaded.state
    clash = board.copy()
    clash.set(0, SHADED)
    clash.set(1, SHADED)
    with pytest.raises(Contradiction):
        clash.propagate()
    assert calls == []
