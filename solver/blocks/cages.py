"""Cages: groups of cells whose digits make a target by an operation (killer sudoku's sums,
kenken's sums, differences, products and quotients), stated exactly and linearly.

A cage is a room (`solver.blocks.rooms`) with a target. Its arithmetic:

- where the digits of a cage differ (killer sudoku), a sum by its sets of different digits,
  `solver.blocks.digits.sum_by_combinations`;
- else a choice among listed multisets (`solver.blocks.digits.one_multiset`): a sum by the
  multisets that add up to it (and as one equation, `solver.blocks.digits.sum_is`), a product by
  its factorisations (`factorisations`), a difference or a quotient of two cells by the pairs
  that make it, a cage without its operation by every multiset that one of the operations
  makes; only the multisets that fit the cage (`placeable`: equal digits never in one row or
  column). No logarithms, no big-M: a target no multiset makes has no option to choose.

`OPERATIONS` are the operations by their sign; `options` lists a cage's multisets, `makes`
tells whether some digits make the target (for verify, from the rule alone), and `cage_is`
states a cage in the model.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pulp

from solver.blocks.digits import Digits, factorisations, one_multiset, sum_is
from solver.blocks.geometry import Cell
from solver.mip.model import cname

PLUS, MINUS, TIMES, DIVIDE = "+", "-", "×", "÷"
OPERATIONS = {PLUS: "sum", MINUS: "difference", TIMES: "product", DIVIDE: "quotient"}
TWO_CELLS = (MINUS, DIVIDE)  # the operations of two-cell cages


def _pairs(target: int, op: str, digits: Sequence[int]) -> list[tuple[int, ...]]:
    found = []
    for a, b in itertools.combinations_with_replacement(sorted(digits), 2):
        if (op == MINUS and b - a == target) or (op == DIVIDE and b == a * target):
            found.append((a, b))
    return found


def _sums(target: int, count: int, digits: list[int]) -> list[tuple[int, ...]]:
    """The non-decreasing tuples of `count` digits that add up to `target`, in increasing
    order; a branch stops where the rest cannot reach the target."""
    found: list[tuple[int, ...]] = []

    def extend(start: int, rest: int, chosen: list[int]) -> None:
        left = count - len(chosen)
        if left == 0:
            if rest == 0:
                found.append(tuple(chosen))
            return
        for i in range(start, len(digits)):
            d = digits[i]
            if d * left > rest:
                break
            if d + digits[-1] * (left - 1) >= rest:
                extend(i, rest - d, [*chosen, d])

    if digits:
        extend(0, target, [])
    return found


def options(
    target: int, op: str | None, count: int, digits: Sequence[int]
) -> list[tuple[int, ...]]:
    """Every multiset of `count` digits (sorted tuples, in increasing order) that makes
    `target` by `op` (None: by any operation: a sum, a product, and for two cells a difference
    or a quotient): sums and products of any count, differences and quotients of two digits
    only (`b - a`, `b / a` for the larger b; none for another count)."""
    if op in TWO_CELLS:
        return _pairs(target, op, digits) if count == 2 else []
    if op == TIMES:
        return factorisations(target, count, digits)
    if op == PLUS:
        return _sums(target, count, sorted(set(digits)))
    every = set(options(target, PLUS, count, digits)) | set(options(target, TIMES, count, digits))
    if count == 2:
        every |= set(_pairs(target, MINUS, digits)) | set(_pairs(target, DIVIDE, digits))
    return sorted(every)


def placeable(cells: Sequence[Cell], multiset: Sequence[int]) -> bool:
    """Whether the multiset's digits can go into the cells with equal digits never in one row
    or one column (a latin square's cage): (1, 1) cannot fill two cells side by side."""
    left = sorted(multiset)
    placed: dict[Cell, int] = {}

    def extend(i: int) -> bool:
        if i == len(cells):
            return True
        r, c = cells[i]
        for j, d in enumerate(left):
            if d is None or (j and left[j - 1] == d):
                continue  # taken, or the same digit as the one just tried
            if any(v == d and (q[0] == r or q[1] == c) for q, v in placed.items()):
                continue
            left[j], placed[cells[i]] = None, d  # type: ignore[call-overload]
            if extend(i + 1):
                return True
            left[j] = d
            del placed[cells[i]]
        return False

    return len(cells) == len(left) and extend(0)


def makes(target: int, op: str | None, digits: Sequence[int]) -> bool:
    """Whether the digits make `target` by `op` (None: by any of the operations), from the
    rule: a difference or a quotient is of two digits, the larger first."""
    ops = [op] if op is not None else list(OPERATIONS)
    for one in ops:
        if one == PLUS and sum(digits) == target:
            return True
        if one == TIMES and math.prod(digits) == target:
            return True
        if one in TWO_CELLS and len(digits) == 2:
            a, b = sorted(digits)
            if (one == MINUS and b - a == target) or (one == DIVIDE and b == a * target):
                return True
    return False


def cage_is(
    prob: pulp.LpProblem,
    x: Digits,
    cells: Sequence[Cell],
    target: int,
    op: str | None,
    index: int,
    digits: Sequence[int],
) -> None:
    """Cage `index` makes `target` by `op` (None: by any operation): one of its multisets
    (`options`, those `placeable` in its cells) chosen by binaries y(index,i) (Cage(index): one
    chosen; CageCount(index,d): the cage holds d as often as the chosen multiset); a sum also
    as one equation of the digits' values (Sum(index))."""
    listed = [m for m in options(target, op, len(cells), digits) if placeable(cells, m)]
    one_multiset(prob, x, cells, listed, index, ("y", "Cage", "CageCount"))
    if op == PLUS:
        sum_is(prob, x, cells, target, cname("Sum", index))
