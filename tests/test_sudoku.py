"""Sudoku: the deck's example in the workbook, other sizes, bad input, puzz.link. (The sample
on every back end: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example

from solver.genres import sudoku
from solver.io.puzzlink import encode_number16, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle


def test_workbook_holds_the_seed_example(sample):
    _, _, puzzle = read_puzzle(OpenpyxlBook(sample("sudoku")), "sudoku")
    lines = example("sudoku")["puzzle_text"].split("\n")
    assert sudoku.to_cells(puzzle) == [
        [None if ch == "." else int(ch) for ch in ln] for ln in lines
    ]


@pytest.mark.parametrize(
    "n, shape",
    [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))],
)
def test_box_shapes(n, shape):
    assert sudoku.box_shape(n) == shape


@pytest.mark.parametrize("n", [4, 6, 16])
@pytest.mark.slow
def test_other_sizes_solve_and_verify(n):
    givens = [[None] * n for _ in range(n)]
    givens[0] = list(range(1, n + 1))
    p = sudoku.Puzzle(tuple(tuple(row) for row in givens))
    out = solve_puzzle(sudoku.GENRE, p, Settings(), check_unique=True)
    assert out.status == "solved" and out.violations == [] and out.unique is False
    assert out.answer[0] == tuple(range(1, n + 1))


def test_verify_catches_a_broken_box():
    p = sudoku.Puzzle(((None,) * 4,) * 4)
    good = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    assert sudoku.verify(p, good) == []
    shifted = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))  # latin, boxes broken
    assert any("box" in v for v in sudoku.verify(p, shifted))


@pytest.mark.parametrize(
    "cells, message",
    [
        ([[1, 2, 3], [None] * 3, [None] * 3], "no box shape"),
        ([[1, 2, 3, 4, None]] + [[None] * 5] * 3, "square"),
        ([[5, None, None, None]] + [[None] * 4] * 3, "cell A1: expected a digit from 1 to 4"),
        ([[None, "x", None, None]] + [[None] * 4] * 3, "cell B1"),
    ],
)
def test_bad_input(cells, message):
    with pytest.raises(InputError, match=message):
        sudoku.parse(Grid("sudoku", cells))


def test_puzzlink_round_trip():
    p = sudoku.parse(
        Grid(
            "sudoku",
            [
                [None if ch == "." else int(ch) for ch in ln]
                for ln in example("sudoku")["puzzle_text"].split("\n")
            ],
        )
    )
    body = encode_number16([v for row in p.givens for v in row])
    url = parse_url(f"https://puzz.link/p?sudoku/9/9/{body}")
    assert (url.pid, url.cols, url.rows) == ("sudoku", 9, 9)
    assert sudoku.from_url(url) == p


def test_verify_names_rows_columns_and_boxes_as_the_sheet_does():
    p = sudoku.Puzzle(((1, None, None, None),) + ((None,) * 4,) * 3)
    wrong = [[2, 1, 3, 4], [2, 1, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1]]
    problems = sudoku.verify(p, wrong)
    assert problems[:9] == [
        "cell A1 changes the given 1",
        "column A: two 2s, in A1 and A2",
        "column B: two 1s, in B1 and B2",
        "column C: two 3s, in C1 and C2",
        "column D: two 4s, in D1 and D2",
        "the box A1:B2: two 1s, in B1 and B2",
        "the box A1:B2: two 2s, in A1 and A2",
        "the box C1:D2: two 3s, in C1 and C2",
        "the box C1:D2: two 4s, in D1 and D2",
    ]
    assert problems[1].cells == ((0, 0), (1, 0))  # what Check marks


def test_verify_names_empty_cells():
    p = sudoku.Puzzle(((1, None, None, None),) + ((None,) * 4,) * 3)
    partial = [[1, 0, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 0]]
    assert sudoku.verify(p, partial) == ["2 cells hold no digit: B1, D4"]


def test_the_rules_decide_the_example_whole_and_the_pure_model_agrees(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("sudoku")), "sudoku")
    known = tuple(
        tuple(int(ch) for ch in line) for line in example("sudoku")["solution_text"].split("\n")
    )
    found = sudoku.deduce(p, sudoku.GENRE.tuning)
    assert found.answer == known and sudoku.verify(p, found.answer) == []
    pure = solve_puzzle(sudoku.GENRE, p, Settings(deduce=False), check_unique=True)
    assert pure.answer == known and pure.unique is True


def test_the_rules_keep_every_answer_of_an_open_grid():
    """One row given, the rest open: many answers, so no cell outside that row is decided."""
    p = sudoku.Puzzle(((1, 2, 3, 4),) + ((None,) * 4,) * 3)
    found = sudoku.deduce(p, sudoku.GENRE.tuning)
    assert found.answer is None
    assert not any(v for (r, c, d), v in found.fixed["x"].items() if r > 0)
