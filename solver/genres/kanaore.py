"""Kanaore (カナオレ).

Rules: write every listed word into the board, one letter per cell: its first letter in its
start cell, its second in the neighbouring cell in its first direction, then each next letter in
a cell beside the last (up, down, left or right, bending freely), never twice through one cell
within a word. Words may cross or share cells only where their letters are equal; every cell of
the board gets a letter.

Layout: the empty board from A1 (its cells stay empty: the answer's letters go there), then one
empty column, then the list: one word a cell, as `start-cell arrow word` (`A2 ↑ カナオレ`: the
word starts in A2 and goes up first), top to bottom from row 1, in as many columns as it needs,
none taller than the board. The arrow is `↑ ↓ ← →` (or `^ v < >`, `U D L R`); the spaces are
optional. The board is as tall as the sheet's grid (the sentinel goes one cell diagonally
below-right of the board's last row and the list's last column) and ends at the empty column
before the list's first column. Words are compared as skeleton's: after
`solver.io.spellings.normalize_kana` (small kana full size, hiragana as katakana), so `ナンスケ` and
a hand-typed `ュ` for `ユ` are read as the deck writes them. The seed's 5x5, its list in G and H:

       A  B  C  D  E  F  G               H
    1                    A2 ↑ カナオレ   A5 ↑ サムライン
    2                    B5 → ナンスケ   C2 ↓ ケイスケ
    3                    D1 ↓ マツクロ   E4 ↓ フイルオミノ
    4
    5
    6                                                    I

Before the solve: a start cell off the board, a first step that leaves it, a word of one letter,
or an entry that does not read `cell arrow word` is refused, naming its cell.

The answer writes a letter into every board cell, in blue, as the list spells it. Solving by
hand, type letters (small or full size); Check and hints read them (a blank cell is not done
yet; a letter of no listed word cannot be completed). The record's `cells` is the sheet's grid,
the list's columns included: the letter of each board cell, null elsewhere.

Model: x(r,c,k) = 1 when cell (r,c) holds letter k of the alphabet (the letters of the words,
numbered 1.. in sorted order; one letter per cell). p(w,i,r,c) = 1 when letter i of word w is in
cell (r,c), for the cells it can reach (i steps from the start at most, of the right parity):
Place(w,i): each letter in one cell, the first in the start cell, the second one step in the
first direction; Step(w,i,r,c): letter i only beside letter i-1; Once(w,r,c): a word passes a
cell once; Letter(w,i,r,c): p(w,i,cell) <= x(cell, its letter), so words share a cell only with
equal letters; Cover(r,c,k): x(cell, k) <= the sum of the p placing letter k there, so every
cell holds a letter some word puts there.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

import pulp

from solver.blocks.digits import digit_vars
from solver.blocks.geometry import Cell, neighbours, step
from solver.blocks.names import a1, cell_name, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.digits_sheet import read_letters
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import ARROW, arrow, normalize_kana
from solver.mip.model import Model, new_problem, value, var

ENTRY = re.compile(r"\s*([A-Za-z]{1,3})\s*(\d{1,5})\s*(\S)\s*(.+?)\s*")

Answer = tuple[tuple[str | None, ...], ...]  # the letter of each board cell (normalised) or None


@dataclass(frozen=True)
class Word:
    start: Cell
    first: str  # U, D, L, R
    text: str  # as typed (NFKC, no spaces)

    @property
    def letters(self) -> str:
        return normalize_kana(self.text)

    def entry(self) -> str:
        return f"{cell_name(self.start)} {ARROW[self.first]} {self.text}"


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    words: tuple[Word, ...]
    places: tuple[Cell, ...] = field(default=(), compare=False)  # each entry's sheet cell

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def place(self, k: int) -> Cell:
        return self.places[k] if self.places else (k % self.rows, self.cols + 1 + k // self.rows)

    def alphabet(self) -> list[str]:
        return sorted({ch for w in self.words for ch in w.letters})

    def glyphs(self) -> dict[str, str]:
        """Each letter as the list first spells it."""
        shown: dict[str, str] = {}
        for w in self.words:
            for typed, letter in zip(w.text, w.letters, strict=True):
                shown.setdefault(letter, typed)
        return shown

    def reach(self, w: Word, i: int) -> list[Cell]:
        """The cells letter i of word w can stand in: the start, the first step, then cells
        at most i - 1 steps from the first step, of its parity."""
        if i == 0:
            return [w.start]
        r1, c1 = step(w.start, w.first)
        return [
            (r, c)
            for r, c in self.cells()
            if abs(r - r1) + abs(c - c1) <= i - 1 and (abs(r - r1) + abs(c - c1)) % 2 == (i - 1) % 2
        ]


def _entry_column(grid: Grid) -> int | None:
    """The list's first column: the first that holds an entry (`A2 ↑ カナオレ`)."""
    for c in range(grid.cols):
        if any(_entry(grid[r, c]) is not None for r in range(grid.rows)):
            return c
    return None


def _entry(v: Value) -> tuple[Cell, str, str] | None:
    if not isinstance(v, str):
        return None
    found = ENTRY.fullmatch(unicodedata.normalize("NFKC", v))
    if found is None or arrow(found[3]) is None or int(found[2]) == 0:
        return None
    col = 0
    for ch in found[1].upper():
        col = col * 26 + ord(ch) - 64
    word = "".join(found[4].split())
    return (int(found[2]) - 1, col - 1), arrow(found[3]) or "", word


def parse(grid: Grid) -> Puzzle:
    first = _entry_column(grid)
    form = "`A2 ↑ カナオレ`: the start cell, the first direction, the word"
    if first is None:
        raise InputError(
            grid.sheet,
            f"no list of words found: type the empty board from A1, one empty column, then one "
            f"word a cell as {form}; the sentinel goes below-right of the list's last column",
        )
    cols = first - 1
    if cols < 1 or any(grid[r, cols] is not None for r in range(grid.rows)):
        raise InputError(
            grid.sheet,
            f"the list starts in column {column_letter(first + 1)}: leave column "
            f"{column_letter(first)} empty between the board and the list, the board from A1",
        )
    rows = grid.rows
    for r in range(rows):
        for c in range(cols):
            v = grid[r, c]
            if v is not None and not (isinstance(v, str) and len(normalize_kana(v)) == 1):
                raise grid.error(
                    r,
                    c,
                    f"a board cell is empty or holds one letter of the answer; found {quote(v)}",
                )
    words, places = [], []
    extent = f"the board is A1:{a1(rows, cols)}"
    for c in range(first, grid.cols):
        for r in range(rows):
            v = grid[r, c]
            if v is None:
                continue
            found = _entry(v)
            if found is None:
                raise grid.error(r, c, f"a word of the list is typed as {form}; found {quote(v)}")
            start, d, text = found
            w = Word(start, d, text)
            if not (0 <= start[0] < rows and 0 <= start[1] < cols):
                raise grid.error(
                    r,
                    c,
                    f"the start cell {cell_name(start)} is off the board ({extent}; the board "
                    "ends one column before the list: leave that column empty)",
                )
            r1, c1 = step(start, d)
            if not (0 <= r1 < rows and 0 <= c1 < cols):
                raise grid.error(
                    r,
                    c,
                    f"the first step {ARROW[d]} from {cell_name(start)} leaves the board "
                    f"({extent})",
                )
            if len(w.letters) < 2 or not w.letters.isalpha():
                raise grid.error(r, c, f"a word is two or more letters; found {quote(text)}")
            words.append(w)
            places.append((r, c))
    return Puzzle(rows, cols, tuple(words), tuple(places))


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The empty board, an empty column, and the list in columns as tall as the board."""
    width = p.cols + 1 + -(-len(p.words) // p.rows)
    cells: list[list[Value]] = [[None] * width for _ in range(p.rows)]
    for k, w in enumerate(p.words):
        r, c = k % p.rows, p.cols + 1 + k // p.rows
        cells[r][c] = w.entry()
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("kanaore")
    letter = {ch: k for k, ch in enumerate(p.alphabet(), start=1)}
    x = digit_vars(prob, p.cells(), list(letter.values()))
    placing: dict[tuple[Cell, int], list[pulp.LpVariable]] = {}
    for n, w in enumerate(p.words, start=1):
        at: list[dict[Cell, pulp.LpVariable]] = []
        for i, ch in enumerate(w.letters):
            here = {(r, c): var(prob, "p", n, i + 1, r + 1, c + 1) for r, c in p.reach(w, i)}
            at.append(here)
            prob += pulp.lpSum(here.values()) == 1, f"Place({n},{i + 1})"
            for (r, c), v in here.items():
                prob += v <= x[r, c, letter[ch]], f"Letter({n},{i + 1},{r + 1},{c + 1})"
                placing.setdefault(((r, c), letter[ch]), []).append(v)
                if i:
                    before = [
                        at[i - 1][q] for q in neighbours(p.rows, p.cols, r, c) if q in at[i - 1]
                    ]
                    prob += v <= pulp.lpSum(before), f"Step({n},{i + 1},{r + 1},{c + 1})"
        for r, c in p.cells():
            passes = [here[r, c] for here in at if (r, c) in here]
            if len(passes) > 1:
                prob += pulp.lpSum(passes) <= 1, f"Once({n},{r + 1},{c + 1})"
    for (r, c, k), v in x.items():
        prob += v <= pulp.lpSum(placing.get(((r, c), k), [])), f"Cover({r + 1},{c + 1},{k})"
    return Model(prob, list(x.values()), {"x": x})


def decode(p: Puzzle, m: Model) -> Answer:
    alphabet = p.alphabet()
    held = {(r, c): alphabet[k - 1] for (r, c, k), v in m["x"].items() if value(v)}
    return tuple(tuple(held.get((r, c)) for c in range(p.cols)) for r in range(p.rows))


def paths(p: Puzzle, a: Answer, w: Word) -> list[tuple[Cell, ...]]:
    """Every way to write w into the answer from its start and first step, an empty cell
    taking any letter."""
    found: list[tuple[Cell, ...]] = []
    letters = w.letters

    def fits(cell: Cell, i: int) -> bool:
        held = a[cell[0]][cell[1]]
        return held is None or held == letters[i]

    def walk(path: tuple[Cell, ...]) -> None:
        if len(path) == len(letters):
            found.append(path)
            return
        for q in neighbours(p.rows, p.cols, *path[-1]):
            if q not in path and fits(q, len(path)):
                walk((*path, q))

    second = step(w.start, w.first)
    if fits(w.start, 0) and fits(second, 1):
        walk((w.start, second))
    return found


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every cell holds a letter; every word can be written from its start in its first
    direction over the letters shown (an empty cell fits any letter); every filled cell's letter
    is put there by some word's way."""
    empty = [cell for cell in p.cells() if a[cell[0]][cell[1]] is None]
    problems = []
    if empty:
        where = ", ".join(map(cell_name, empty[:5])) + (" ..." if len(empty) > 5 else "")
        problems.append(Violation(f"{len(empty)} cells hold no letter: {where}", empty))
    used: set[Cell] = set()
    for k, w in enumerate(p.words):
        ways = paths(p, a, w)
        if not ways:
            problems.append(
                Violation(
                    f"{w.text} cannot be written from {cell_name(w.start)} going "
                    f"{ARROW[w.first]} first",
                    [p.place(k), w.start],
                )
            )
        used |= {cell for way in ways for cell in way}
    if not problems:
        lone = [cell for cell in p.cells() if cell not in used]
        if lone:
            where = ", ".join(map(cell_name, lone[:5]))
            problems.append(Violation(f"no word passes {where}", lone))
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The letters the sheet shows in board cells, small or full size (a letter of no word:
    every letter 0, so the cell cannot be completed). Blank cells fix nothing."""
    return read_letters(grid, m["x"], p.cells(), p.alphabet())


def blank(grid: Grid, cell: Cell) -> bool:
    """An empty cell of the board (the empty column and the list hold no answer)."""
    first = _entry_column(grid)
    return first is not None and cell[1] < first - 1 and grid[cell] is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    shown = p.glyphs()
    return [
        CellWrite(r, c, shown.get(ch, ch))
        for r, row in enumerate(a)
        for c, ch in enumerate(row)
        if ch is not None
    ]


def record(p: Puzzle, a: Answer) -> dict:
    """`cells`: the sheet's grid, the list's columns included (null there)."""
    width = len(to_cells(p)[0]) if not p.places else max(c for _, c in p.places) + 1
    shown = p.glyphs()
    return {
        "cells": [
            [None if ch is None else shown.get(ch, ch) for ch in row] + [None] * (width - p.cols)
            for row in a
        ]
    }


# No givens for the conflict search (Genre.givens): without a listed word some board cells would get
# no letter, which asks for more, not less.
givens = None

GENRE = define(__name__, slug="kanaore", ja="カナオレ")
