"""LITS: the dataset's problem is the size, then a room number per cell; its solution the size,
then `L`, `I`, `T`, `S` on the shaded cells and `-` elsewhere."""

from __future__ import annotations

from solver.blocks.rooms import room_label
from solver.blocks.values import Value

DATASET = "LITS"
OUTSIDE = "@"  # janko's cells outside every room


def _rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


def cells(problem: str) -> list[list[Value]]:
    """Each cell's room as a label (`A` for the smallest room number, `B` for the next, ...: a
    few puzzles number their rooms from 0, most from 1); a cell outside every room (`@`, in a
    few of janko's puzzles) empty."""
    rows = _rows(problem)
    numbers = sorted({t for line in rows for t in line if t != OUTSIDE}, key=int)
    order = {t: k for k, t in enumerate(numbers)}
    return [[None if t == OUTSIDE else room_label(order[t]) for t in line] for line in rows]


def expected(solution: str) -> dict:
    rows = _rows(solution)
    shaded = [[r, c] for r, line in enumerate(rows) for c, t in enumerate(line) if t != "-"]
    return {"shaded": sorted(shaded)}
