"""Digits in cells: each cell's candidates narrowed by sound rules (latin squares, sudokus of
boxes or regions, cages with sums or other clues), for the digit genres' `deduce`.

The board is houses (groups of cells that hold every digit exactly once: rows, columns, boxes,
regions; or each of its own digits once: suguru's rooms, 1 to their size), pairs of cells
apart (never one digit from some digit on: suguru's touching cells never one digit, ripple
effect's cells k apart in a line never one digit k or more), cages (groups of cells that hold one of
listed multisets of digits: a killer cage's sets of different digits with its sum, a kenken
cage's multisets that make its clue) and lines (cells in order that hold one of listed
fillings: a skyscrapers line whose clues say how many buildings are seen from its ends, an ABC
Place line whose clues name its first letters). Where a cell may stay empty (ABC Place,
skyscrapers with heights 1-H), 0 is its candidate "empty", which no house counts. The rules,
cheapest first, each repeated until nothing changes:

- a cell with one candidate takes it, and the cells of its houses and those apart from it lose
  it (naked single);
- a digit with one place left in a house goes there (hidden single);
- a cage keeps the multisets that can still be placed into its cells (each digit into a cell
  that has it as a candidate, a digit held twice never twice in a house), and each cell keeps
  the digits of some placement (`_placements`);
- a digit that every kept multiset of a cage holds, with all its places in the cage inside one
  house, leaves that house's other cells;
- a line keeps the fillings whose every digit is still a candidate of its cell, and each cell
  keeps the digits of some kept filling (`_lines`, over a table of fillings as a numpy array);
- of two cells whose digits are ordered (futoshiki's signs), the smaller keeps the digits below
  the larger's largest, the larger those above the smaller's smallest (`_less`);
- then probing: a cell of few candidates is given each in turn, and a candidate the rules above
  refute is taken out.

Every rule holds in every answer, so the candidates left contain every answer. Work is counted
in candidates looked at and placements tried, never seconds (`budget`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from solver.blocks.geometry import Cell
from solver.deduce import NOTHING, Deductions

Candidates = dict[Cell, set[int]]


class Contradiction(Exception):
    """A cell without candidates, a house without a place for a digit, a cage without a
    multiset: the board has no answer."""


class OutOfWork(Exception):
    """The budget is spent."""


@dataclass
class Board:
    """Houses and cages over the cells, and the work counted so far against `budget`."""

    digits: tuple[int, ...]
    houses: list[list[Cell]]
    cages: list[tuple[list[Cell], list[tuple[int, ...]]]] = field(default_factory=list)
    budget: int = 0
    work: int = 0
    lines: list[tuple[list[Cell], np.ndarray]] = field(default_factory=list)  # cells in order,
    # and their fillings: a row per filling, a column per cell (`arrangements`, filtered)
    empty: bool = False  # a cell may hold no digit: candidate 0
    house_digits: list[tuple[int, ...]] | None = None  # the digits each house holds once
    # (None: every house holds all of `digits`); its cells hold no other
    apart: list[tuple[Cell, Cell, int]] = field(default_factory=list)  # (a, b, least): the
    # two cells never hold one digit of `least` or more
    less: list[tuple[Cell, Cell]] = field(default_factory=list)  # (a, b): a's digit is the
    # smaller (futoshiki's signs)

    def __post_init__(self) -> None:
        self.peers: dict[Cell, set[Cell]] = {}
        self.house_of: dict[Cell, list[int]] = {}
        for k, house in enumerate(self.houses):
            for cell in house:
                self.peers.setdefault(cell, set()).update(house)
                self.house_of.setdefault(cell, []).append(k)
        self.spaced: dict[Cell, list[tuple[Cell, int]]] = {}
        for a, b, least in self.apart:
            self.spaced.setdefault(a, []).append((b, least))
            self.spaced.setdefault(b, []).append((a, least))
        for pairs in self.spaced.values():
            pairs.sort(key=lambda pair: pair[1])
        for cell, others in self.peers.items():
            others.discard(cell)

    def spend(self, amount: int = 1) -> None:
        self.work += amount
        if self.work > self.budget:
            raise OutOfWork


def _singles(board: Board, cand: Candidates) -> bool:
    """Naked and hidden singles until none is left; whether anything changed."""
    changed, queue = False, [cell for cell, ds in cand.items() if len(ds) == 1]
    while True:
        while queue:
            cell = queue.pop()
            (d,) = cand[cell]
            if d == 0:  # an empty cell takes nothing from its peers
                continue
            others = list(board.peers.get(cell, ()))
            for other, least in board.spaced.get(cell, ()):  # nearest first
                if least > d:
                    break
                others.append(other)
            board.spend(len(others))
            for other in others:
                if d in cand[other]:
                    cand[other].discard(d)
                    changed = True
                    if not cand[other]:
                        raise Contradiction
                    if len(cand[other]) == 1:
                        queue.append(other)
        for k, house in enumerate(board.houses):
            for d in board.house_digits[k] if board.house_digits else board.digits:
                board.spend(len(house))
                places = [cell for cell in house if d in cand[cell]]
                if not places:
                    raise Contradiction
                if len(places) == 1 and len(cand[places[0]]) > 1:
                    cand[places[0]] = {d}
                    queue.append(places[0])
                    changed = True
        if not queue:
            return changed


class _Done(Exception):
    """Every candidate a placement could support is supported: no need to look further."""


def _placements(
    board: Board, cand: Candidates, cells: Sequence[Cell], multiset: tuple[int, ...]
) -> dict[Cell, set[int]]:
    """The digits each cell takes in some placement of the multiset into the cells (a digit
    into a cell that has it, equal digits never in one house); empty when there is none."""
    support: dict[Cell, set[int]] = {cell: set() for cell in cells}
    most = {cell: cand[cell] & set(multiset) for cell in cells}
    if set().union(*most.values()) != set(multiset):
        return support  # a digit of the multiset that no cell can take
    order = sorted(cells, key=lambda cell: len(most[cell]))
    counts: dict[int, int] = {}
    for d in multiset:
        counts[d] = counts.get(d, 0) + 1
    placed: dict[Cell, int] = {}
    peers = board.peers
    repeats = len(counts) < len(multiset)  # else each digit goes once, never twice in a house
    # per cell in order: its digits to try, the work of trying them against its peers, and
    # the cells before it that are its peers (the only placed cells whose digit it must avoid)
    tries = [
        (
            cell,
            sorted(most[cell]),
            1 + len(most[cell]) * len(peers.get(cell, ())),
            [o for o in order[:i] if o in peers.get(cell, ())] if repeats else [],
        )
        for i, cell in enumerate(order)
    ]

    def extend(i: int) -> None:
        if i == len(order):
            board.spend(len(cells))
            for cell, d in placed.items():
                support[cell].add(d)
            if all(support[cell] == most[cell] for cell in cells):
                raise _Done
            return
        cell, digits, work, before = tries[i]
        board.spend(work)
        taken = [placed[o] for o in before]
        for d in digits:
            if not counts[d] or d in taken:
                continue
            counts[d] -= 1
            placed[cell] = d
            extend(i + 1)
            del placed[cell]
            counts[d] += 1

    with contextlib.suppress(_Done):
        extend(0)
    return support


def _cages(board: Board, cand: Candidates) -> bool:
    """Each cage keeps the multisets it can still place; its cells keep the digits of some
    placement; a digit every kept multiset holds, placed only within one house, leaves that
    house's other cells. Whether anything changed."""
    changed = False
    for k, (cells, options) in enumerate(board.cages):
        kept, support = [], {cell: set() for cell in cells}
        for multiset in options:
            found = _placements(board, cand, cells, multiset)
            if any(found.values()):
                kept.append(multiset)
                for cell in cells:
                    support[cell] |= found[cell]
        if not kept:
            raise Contradiction
        if len(kept) < len(options):
            board.cages[k] = (cells, kept)
        for cell in cells:
            if not support[cell]:
                raise Contradiction
            if support[cell] < cand[cell]:
                cand[cell] = support[cell]
                changed = True
        for d in set.intersection(*(set(m) for m in kept)):
            places = [cell for cell in cells if d in cand[cell]]
            if not places:
                raise Contradiction
            shared = set.intersection(*(set(board.house_of.get(c, ())) for c in places))
            for h in shared:
                for other in board.houses[h]:
                    board.spend()
                    if other not in cells and d in cand[other]:
                        cand[other].discard(d)
                        changed = True
                        if not cand[other]:
                            raise Contradiction
    return changed


def _lines(board: Board, cand: Candidates) -> bool:
    """Each line keeps the fillings whose digits are all still candidates of their cells; each
    cell keeps the digits of some kept filling. Whether anything changed."""
    changed = False
    top = max(board.digits) + 1
    for k, (cells, table) in enumerate(board.lines):
        board.spend(len(table))
        allowed = np.zeros((len(cells), top), dtype=bool)
        for i, cell in enumerate(cells):
            allowed[i, sorted(cand[cell])] = True
        keep = allowed[np.arange(len(cells)), table].all(axis=1)
        if not keep.any():
            raise Contradiction
        if not keep.all():
            table = table[keep]
            board.lines[k] = (cells, table)
        held = np.zeros((len(cells), top), dtype=bool)  # held[i, d]: a kept filling puts d in i
        held[np.arange(len(cells)), table] = True
        for i, count in enumerate(held.sum(axis=1).tolist()):
            if len(cand[cells[i]]) > count:
                cand[cells[i]] = set(np.flatnonzero(held[i]).tolist())
                changed = True
    return changed


@functools.cache
def arrangements(n: int, top: int) -> np.ndarray:
    """Every filling of a line of n cells with the digits 1-top once each and 0 (empty) in the
    other n - top cells: a row per filling (n! / (n - top)! of them), read-only."""
    ones = tuple(range(1, top + 1)) + (0,) * (n - top)
    rows = sorted(set(itertools.permutations(ones)))  # a set: the 0s repeat
    table = np.array(rows, dtype=np.int8).reshape(len(rows), n)
    table.flags.writeable = False
    return table


def clued_fillings(
    n: int,
    top: int,
    first: int | None,
    last: int | None,
    view: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:
    """The arrangements of a line (`arrangements(n, top)`) whose `view` (what a clue sees of
    each filling, read from its first cell) is `first`, and read from its last cell `last`
    (None: no clue at that end)."""
    table = arrangements(n, top)
    keep = np.ones(len(table), dtype=bool)
    if first is not None:
        keep &= view(table) == first
    if last is not None:
        keep &= view(table[:, ::-1]) == last
    return table[keep]


def clued_lines(
    square: Sequence[Sequence[Cell]],
    clues: Sequence[Sequence[int | None]],
    fillings: Callable[[int, int | None, int | None], np.ndarray],
) -> list[tuple[list[Cell], np.ndarray]]:
    """The rows and columns of a grid in a frame of clues (skyscrapers', ABC Place's: per side,
    top, bottom, left and right, a clue or None for each column or row) that have a clue, each
    with its fillings, `fillings(n, first, last)` for its clue at its first cell's end and at
    its last's."""
    top, bottom, left, right = clues
    lines = [(list(row), left[i], right[i]) for i, row in enumerate(square)]
    lines += [([row[j] for row in square], top[j], bottom[j]) for j in range(len(square[0]))]
    return [
        (cells, fillings(len(cells), first, last))
        for cells, first, last in lines
        if first is not None or last is not None
    ]


def innies_outies(
    regions: Sequence[tuple[Sequence[Cell], int]],
    cages: Sequence[tuple[Sequence[Cell], int]],
    most: int = 4,
) -> list[tuple[list[Cell], int]]:
    """Sums that the cages' sums imply (killer sudoku's innies and outies): for a region of
    houses whose digits add up to a known total (a band of rows: N(N+1)/2 a row), the cells of
    the region outside the cages that lie wholly inside it add up to the total less those
    cages' sums, and the cells outside the region of the cages that reach into it add up to
    those cages' sums less the total. Each such group of at most `most` cells, with its sum."""
    found: dict[tuple[Cell, ...], int] = {}
    for region, total in regions:
        inside = set(region)
        within = [(cells, t) for cells, t in cages if set(cells) <= inside]
        touching = [(cells, t) for cells, t in cages if set(cells) & inside]
        rest = inside - {cell for cells, _ in within for cell in cells}
        if 0 < len(rest) <= most and rest != inside:
            found[tuple(sorted(rest))] = total - sum(t for _, t in within)
        covered = {cell for cells, _ in touching for cell in cells}
        if inside <= covered:
            out = covered - inside
            if 0 < len(out) <= most:
                found[tuple(sorted(out))] = sum(t for _, t in touching) - total
    return [(list(cells), t) for cells, t in sorted(found.items())]


def _less(board: Board, cand: Candidates) -> bool:
    """Each pair (a, b) of `less`: a keeps the digits below b's largest, b those above a's
    smallest (along a chain of pairs, again until nothing changes). Whether anything
    changed."""
    changed = False
    for a, b in board.less:
        board.spend(len(cand[a]) + len(cand[b]))
        if not (cand[a] and cand[b]):
            raise Contradiction
        top, low = max(cand[b]), min(cand[a])
        kept_a, kept_b = {d for d in cand[a] if d < top}, {d for d in cand[b] if d > low}
        if not (kept_a and kept_b):
            raise Contradiction
        if len(kept_a) < len(cand[a]) or len(kept_b) < len(cand[b]):
            cand[a], cand[b], changed = kept_a, kept_b, True
    return changed


def propagate(board: Board, cand: Candidates) -> None:
    """The rules until nothing changes (Contradiction: no answer; OutOfWork: stopped)."""
    while True:
        _singles(board, cand)
        if not (_cages(board, cand) | _lines(board, cand) | _less(board, cand)):
            return


def deduce(board: Board, givens: dict[Cell, int], probe_most: int = 3) -> Candidates | None:
    """The candidates each cell keeps in every answer: the givens, the rules to their end, then
    probing (cells of at most `probe_most` candidates, each candidate tried); None where the
    rules show the board has no answer. Stops where `board.budget` is spent, with what it has
    (every rule applied so far is sound, so any stopping point is)."""
    every = set(board.digits) | ({0} if board.empty else set())
    cand: Candidates = {cell: set(every) for cell in board.peers}
    for group in [cells for cells, _ in board.cages] + [cells for cells, _ in board.lines]:
        for cell in group:
            cand.setdefault(cell, set(every))
    if board.house_digits:
        for house, digits in zip(board.houses, board.house_digits, strict=True):
            for cell in house:
                cand[cell] &= set(digits)
    for cell, d in givens.items():
        cand[cell] = {d}
    try:
        propagate(board, cand)
        progress = True
        while progress:
            progress = False
            for cell in sorted(cand, key=lambda c: (len(cand[c]), c)):
                if not 1 < len(cand[cell]) <= probe_most:
                    continue
                for d in sorted(cand[cell]):
                    board.spend(len(cand))
                    trial = {c: set(ds) for c, ds in cand.items()}
                    trial[cell] = {d}
                    saved = list(board.cages), list(board.lines)
                    try:
                        propagate(board, trial)
                    except Contradiction:
                        board.cages, board.lines = saved
                        cand[cell].discard(d)
                        progress = True
                        propagate(board, cand)
                        break
                    board.cages, board.lines = saved
    except Contradiction:
        return None
    except OutOfWork:
        pass
    return cand


def latin_board(
    n: int,
    houses: Sequence[list[Cell]] = (),
    cages: Sequence[tuple[list[Cell], list[tuple[int, ...]]]] = (),
    budget: int = 0,
) -> Board:
    """The board of an n x n latin square of the cells (0, 0) .. (n - 1, n - 1), digits 1 to n:
    its rows and its columns as houses, then `houses` (sudoku's boxes, jigsaw sudoku's
    regions), and `cages` (kenken's, killer sudoku's, inshi no heya's rooms)."""
    rows = [[(r, c) for c in range(n)] for r in range(n)]
    columns = [[(r, c) for r in range(n)] for c in range(n)]
    return Board(tuple(range(1, n + 1)), rows + columns + list(houses), list(cages), budget)


def deductions(
    cand: Candidates | None,
    rows: int,
    cols: int,
    digits: Sequence[int],
    cells: int | None = None,
) -> Deductions:
    """The candidates as fixings of the one-hot digits x(r, c, d): 0 for a digit a cell lost,
    1 for a cell's only one; where every cell has one, the answer (rows of digits, 0 for an
    empty cell and for a cell of the block that holds no digit, such as a frame of clues).
    cells: how many cells hold digits (default: every cell of the rows x cols block)."""
    if cand is None:
        return NOTHING
    fixed = {
        (r, c, d): int(ds == {d})
        for (r, c), ds in cand.items()
        for d in digits
        if d not in ds or len(ds) == 1
    }
    whole = rows * cols if cells is None else cells
    if len(cand) == whole and all(len(ds) == 1 for ds in cand.values()):
        answer = tuple(tuple(min(cand.get((r, c), {0})) for c in range(cols)) for r in range(rows))
        return Deductions({"x": fixed}, answer=answer, answer_vars=len(fixed))
    return Deductions({"x": fixed})


def filled_rooms(
    rooms: Sequence[Sequence[Cell]],
    rows: int,
    cols: int,
    givens: dict[Cell, int],
    apart: list[tuple[Cell, Cell, int]],
    budget: int,
) -> Deductions:
    """Rooms that each hold the digits 1 to their size once (suguru, ripple effect), with the
    genre's pairs of cells `apart`: what the rules decide, as fixings of x(r, c, d) for the
    digits each cell's room can hold; where every cell is decided, the answer."""
    size = {cell: len(room) for room in rooms for cell in room}
    board = Board(
        tuple(range(1, max(size.values()) + 1)),
        [list(room) for room in rooms],
        budget=budget,
        house_digits=[tuple(range(1, len(room) + 1)) for room in rooms],
        apart=apart,
    )
    found = deductions(deduce(board, givens), rows, cols, board.digits)
    if not found.fixed:
        return found
    fixed = {k: v for k, v in found.fixed["x"].items() if k[2] <= size[k[0], k[1]]}
    whole = len(fixed) if found.answer is not None else 0
    return dataclasses.replace(found, fixed={"x": fixed}, answer_vars=whole)
