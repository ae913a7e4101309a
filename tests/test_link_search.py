"""Numberlink's board over the grid's edges (`solver.deduce.links.LinkBoard`): one small board
per rule; the count told what it decides, and its search, against the count of every answer."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from conftest import numberlink_answers

from solver.blocks.geometry import square_edges
from solver.deduce import probing, sat
from solver.deduce.frontier import link_answers
from solver.deduce.links import OFF, ON, LinkBoard, kept_clauses
from solver.deduce.probing import Contradiction
from solver.genres import numberlink


def board(rows: int, cols: int, ends: dict, lines=(), offs=()) -> LinkBoard:
    b = LinkBoard(rows, cols, ends)
    for a, c in lines:
        b.set(b.edge(a, c), ON)
    for a, c in offs:
        b.set(b.edge(a, c), OFF)
    b.propagate()
    return b


def test_a_number_has_one_line_and_another_cell_none_or_two():
    b = board(2, 4, {(0, 0): 1, (0, 3): 1}, lines=[((0, 0), (0, 1))])
    assert b.state[b.edge((0, 0), (1, 0))] == OFF  # the number's one line is drawn
    b = board(1, 4, {(0, 0): 1, (0, 3): 1})  # a row: every cell between on the line
    assert all(s == ON for s in b.state)
    with pytest.raises(Contradiction):
        board(3, 3, {(0, 0): 1, (2, 2): 1}, offs=[((0, 0), (0, 1)), ((0, 0), (1, 0))])


def test_a_piece_does_not_close_on_itself():
    """A piece's two ends point to each other, and the edge between them would close a loop
    (a ring round one cell, its edges' own steps alone: in a grid every loop also breaks
    other rules, minimality and the moves, once propagated)."""
    ring = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1)]
    b = LinkBoard(5, 5, {(0, 0): 1, (4, 4): 1})
    cols = 5
    for a, c in pairwise(ring):
        b.set(b.edge(a, c), ON)
        b._edge(b.edges.pop())
    assert b.other[1 * cols + 1] == 2 * cols + 1 and b.other[2 * cols + 1] == 1 * cols + 1
    assert b.state[b.edge((2, 1), (1, 1))] == OFF


def test_a_line_keeps_one_label():
    with pytest.raises(Contradiction):  # 1 and 2 joined
        ends = {(0, 0): 1, (0, 2): 2, (1, 0): 1, (1, 2): 2}
        board(2, 3, ends, lines=[((0, 0), (0, 1)), ((0, 1), (0, 2))])


def test_a_label_reaches_only_where_a_path_joins_both_ends():
    """1 runs along the top row; the 2 x 2 corner at the bottom right is walled off by 2's
    ends, so no line can pass there and its cells stay empty."""
    ends = {(0, 0): 1, (0, 3): 1, (2, 1): 2, (1, 1): 2}
    b = board(3, 4, ends, offs=[((1, 1), (1, 2)), ((2, 1), (2, 2))])
    assert b.state[b.edge((1, 2), (2, 2))] == OFF
    assert b.state[b.edge((2, 2), (2, 3))] == OFF
    with pytest.raises(Contradiction):  # 1's ends cut apart
        board(3, 3, {(0, 0): 1, (2, 2): 1}, offs=[((0, 0), (0, 1)), ((1, 0), (2, 0))])


def test_a_line_never_touches_itself():
    """Cells of one line side by side are joined; a line passes no cell beside it that it
    does not enter; no line runs along three sides of a 2 x 2 block."""
    ends = {(0, 0): 1, (0, 3): 1}
    with pytest.raises(Contradiction):  # 1 beside its other end, not joined
        board(3, 4, {(0, 0): 1, (0, 1): 1}, offs=[((0, 0), (0, 1))])
    with pytest.raises(Contradiction):  # a U round a 2 x 2 block
        u = [((0, 1), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (0, 2))]
        board(3, 4, ends, lines=[((0, 0), (0, 1)), *u])
    b = board(3, 4, ends, lines=[((0, 0), (1, 0)), ((1, 0), (1, 1))])
    assert b.labels[b.shape.cols + 1] == 1  # (1,1) on line 1
    # (0,1) lies beside the line at (0,0) and (1,1): it takes no line, so 1 cannot use it
    assert b.state[b.edge((0, 1), (0, 2))] == OFF


def test_a_line_turns_at_the_later_corner_where_the_other_stays_empty():
    """Line 1 from (1,0) to (0,1) turning at (0,0) while (1,1), later, stays empty could turn
    there instead (a move): the answers kept turn at (1,1) where (0,0) stays empty."""
    ends = {(1, 0): 1, (0, 1): 1, (2, 2): 2, (2, 3): 2}
    with pytest.raises(Contradiction):
        board(3, 4, ends, lines=[((1, 0), (0, 0)), ((0, 0), (0, 1))])
    b = board(3, 4, ends, lines=[((1, 0), (1, 1))])  # turning at the later corner is kept
    assert b.state[b.edge((1, 1), (0, 1))] == ON


def puzzle(rows: int, cols: int, ends: dict) -> numberlink.Puzzle:
    return numberlink.Puzzle(
        tuple(tuple(ends.get((r, c)) for c in range(cols)) for r in range(rows))
    )


def verdict(p: numberlink.Puzzle, answers: list) -> str:
    """none, one or two, from the answers kept and counted: the one counted is the only
    answer unless a detour or a move leads off it."""
    if len(answers) == 1:
        a = answers[0]
        assert not numberlink.verify(p, a)
        if numberlink.detour(p, a) is None and numberlink.moved(p, a) is None:
            return "one"
    return {0: "none"}.get(len(answers), "two")


def random_grids(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(1, min(5, len(cells) // 2))
        yield rows, cols, {cell: j // 2 + 1 for j, cell in enumerate(rng.sample(cells, 2 * k))}


def every_answer(rows: int, cols: int, ends: dict) -> str:
    """How many answers the grid has, by the count of every answer (no minimality, nothing
    told): none, one or two (more)."""
    return {0: "none", 1: "one"}.get(len(link_answers(rows, cols, ends)), "two")


def test_the_count_told_what_the_board_decides_agrees_with_the_count_of_every_answer():
    """The count of the kept answers, given the board's decided edges and labels, against the
    count of every answer (no minimality, nothing told), on random grids up to 6 x 6."""
    seen = set()
    for rows, cols, ends in random_grids(5, 300):
        truth = every_answer(rows, cols, ends)
        b = LinkBoard(rows, cols, ends)
        try:
            b.propagate()
            found = link_answers(
                rows, cols, ends, minimal=True, fixed=b.fixed(), allowed=b.allowed()
            )
        except Contradiction:
            found = []
        assert verdict(puzzle(rows, cols, ends), found) == truth, ends
        seen.add(truth)
    assert seen == {"none", "one", "two"}


def test_the_search_over_the_board_agrees_with_the_count_of_every_answer():
    """The board as a probing board: its search (`probing.search`) ends with the one kept
    answer, none, or a second one, as the count of every answer has it."""
    seen = set()
    for rows, cols, ends in random_grids(6, 200):
        truth = every_answer(rows, cols, ends)
        b = LinkBoard(rows, cols, ends)
        try:
            b.propagate()
            found = probing.search(b, 10**9, LinkBoard.frontier)
            answers = [found.answer()] if found is not None else [None, None]
        except Contradiction:
            answers = []
        got = "two" if len(answers) == 2 else verdict(puzzle(rows, cols, ends), answers)
        assert got == truth, ends
        seen.add(truth)
    assert seen == {"none", "one", "two"}


def test_the_count_keeps_the_answers_that_agree_with_fixed_edges_and_labels():
    ends = {(0, 0): 1, (0, 2): 1}  # 2 x 3: three ways from 1 to 1
    assert len(link_answers(2, 3, ends)) == 2
    bottom = {((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((0, 2), (1, 2))}
    none = {((0, 0), (0, 1)): 0, ((0, 1), (0, 2)): 0}
    assert link_answers(2, 3, ends, fixed=none) == [bottom]
    straight = {((0, 0), (0, 1)), ((0, 1), (0, 2))}
    assert straight in link_answers(2, 3, ends)
    found = link_answers(2, 3, ends, allowed={(0, 1): []})  # no label's line at (0, 1)
    assert straight not in found and bottom in found


def labels(ends: dict, answer: frozenset) -> dict:
    """The label of each cell on a line of the answer, walked from each end."""
    label = {}
    for start in ends:
        if start in label:
            continue
        cell, prev = start, None
        while True:
            label[cell] = ends[start]
            step = [b for a, b in answer if a == cell] + [a for a, b in answer if b == cell]
            nxt = [c for c in step if c != prev]
            if not nxt or (cell != start and cell in ends):
                break
            prev, cell = cell, nxt[0]
    return label


def kept(rows: int, cols: int, ends: dict, answer: frozenset) -> bool:
    """The answer keeps the board's rules, as the module's docstring states them: no line
    touches itself (two side-by-side cells of one line are joined), and no line turns at a
    corner of a 2 x 2 block whose opposite corner, later in reading order, is empty."""
    label = labels(ends, answer)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for a in cells:
        for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)):
            if a in label and b in label and label[a] == label[b] and (a, b) not in answer:
                return False
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
            for k in range(4):
                y, z = block[k], block[(k + 2) % 4]
                if y > z or y in ends or z in ends or z in label:
                    continue
                sides = [tuple(sorted((y, block[(k + 1) % 4]))), tuple(sorted((y, block[k - 1])))]
                if all(s in answer for s in sides):
                    return False
    return True


def straight(rows: int, cols: int, ends: dict, answer: frozenset) -> bool:
    """No line could go straight through an empty cell (`links.kept_clauses`): no empty cell
    has cells of one label on two opposite sides."""
    label = labels(ends, answer)
    for r in range(rows):
        for c in range(cols):
            for u, v in (((r - 1, c), (r + 1, c)), ((r, c - 1), (r, c + 1))):
                if (r, c) not in label and u in label and label[u] == label.get(v):
                    return False
    return True


def test_the_clauses_of_the_board_keep_exactly_the_answers_it_keeps():
    """The SAT solver's answers over the board's clauses (`links.kept_clauses`, closed loops
    shut out as they come), all of them, against every answer of the puzzle (by trying every
    path) that keeps the board's rules (`kept`) and goes no shorter way straight through an
    empty cell (`straight`), on random grids up to 4 x 5."""
    rng = random.Random(7)
    sizes, cut = set(), False  # cut: the clauses shut out an answer the board keeps
    for _ in range(150):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(1, min(4, len(cells) // 2))
        ends = {cell: j // 2 + 1 for j, cell in enumerate(rng.sample(cells, 2 * k))}
        every = numberlink_answers(puzzle(rows, cols, ends), most=10**6)
        truth = {a for a in every if kept(rows, cols, ends, a)}
        b = LinkBoard(rows, cols, ends)
        try:
            b.propagate()
        except Contradiction:
            assert not truth, ends
            continue
        clauses = kept_clauses(b)
        segments = b.segments()
        found = sat.answers(
            clauses.count, clauses.sums, 10**6, 10**6, clauses.clauses, clauses.loops
        )
        shortest = {a for a in truth if straight(rows, cols, ends, a)}
        assert {frozenset(segments[e] for e in clauses.lines(v)) for v in found} == shortest, ends
        sizes.add(min(len(shortest), 2))
        cut |= truth != shortest
    assert sizes == {0, 1, 2} and cut


def test_the_sat_solver_told_an_answer_agrees_with_the_count_of_every_answer():
    """`numberlink._solved`, told one of the answers (the first of the count of every answer):
    none other, or another (a kept answer, or the detour or the move of the one told), as the
    count of every answer has it."""
    seen = set()
    for rows, cols, ends in random_grids(8, 300):
        every = link_answers(rows, cols, ends)
        if not every:
            continue
        truth = "one" if len(every) == 1 else "two"
        p = puzzle(rows, cols, ends)
        found = every[0]
        others = numberlink._solved(p, numberlink._board(p), found, 10**6)
        assert others is not None and len(others) <= 1
        assert {0: "one", 1: "two"}[len(others)] == truth, ends
        assert all(a != found and not numberlink.verify(p, a) for a in others)
        seen.add(truth)
    assert seen == {"one", "two"}


def test_the_clauses_shut_out_a_closed_square_apart_from_the_lines():
    """A closed square is a loop apart from the lines, which the rules forbid: the clauses keep
    no answer with one (a 2 x 2 loop of label 2 in rows 1 and 2 of a 5 x 4 grid touches
    neither line; loops of more cells are the caller's check's, and none is told here)."""
    ends = {(0, 0): 1, (0, 3): 1, (4, 0): 2, (4, 3): 2}
    b = LinkBoard(5, 4, ends)
    b.propagate()
    clauses = kept_clauses(b)
    segments = b.segments()
    found = sat.answers(clauses.count, clauses.sums, 10**6, 10**6, clauses.clauses)
    squares = [
        set(square_edges(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))))
        for r in range(4)
        for c in range(3)
    ]
    answers = [{segments[e] for e in clauses.lines(v)} for v in found]
    assert answers and not any(square <= a for a in answers for square in squares)
