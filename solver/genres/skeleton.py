"""Skeleton (スケルトン).

Rules: put a letter into every white cell; black cells stay empty. Each maximal run of two or
more white cells, read left to right along a row or top to bottom along a column, is one of the
listed words, and each listed word is placed exactly once (a word listed twice, twice). Every
white cell lies in such a run.

Layout: the grid from A1 (as number-skeleton's, with words for numbers), a black cell as `■`
(or `#`, `*`, `+`) or a dark fill (Excel's fill tool); white cells empty. Right of the grid one
empty column, then the list: one word per cell, top to bottom from row 1, in as many columns as
it needs, none taller than the grid, in any order; several words may share a cell apart
(`ウメ キク`, `ウメ, キク`), and cells of the list may stay empty. The sentinel goes one cell
diagonally below-right of the grid's last row and the list's last column. The grid ends where
the list's empty column is: the first column from the right that is empty everywhere. The seed's
6x7, its list in I and J:

       A  B  C  D  E  F  G  H  I          J
    1  ■     ■           ■     ウメ       キキヨウ
    2  ■     ■     ■     ■     キク       クチナシ
    3              ■     ■     サクラ     チューリツプ
    4  ■     ■  ■  ■           サツキ
    5  ■           ■  ■  ■     ツバキ
    6  ■     ■                 ガーベラ
    7                                                K

Words are katakana (or any letters). Small kana count as their full-size kana, as the deck
writes them (`キキヨウ` for キキョウ): a word and a letter are compared after
`solver.io.spellings.normalize_kana` (NFKC, so half-width ｶﾅ too; small kana full size; hiragana as
katakana; Latin letters in upper case), so `キキョウ`, `キキヨウ` and `ききょう` are one word.
Before the solve, each length is counted: a listed word with no run of its length, or a length
with more or fewer listed words than runs, is refused, naming a cell of the list.

The answer writes a letter into each white cell, in blue, as the list spells it (the first
listed spelling of that letter: `ュ` where the list has チューリツプ). The letters in white cells
are always the answer, never givens: Solve fills the empty white cells; a letter typed by hand
that fits no answer (or belongs to no listed word) is refused, naming its cell. Solving by
hand, type letters (small or full size); Check and hints read them (a blank white cell is not
done yet). The record's `cells` is the sheet's grid, the list's columns included: the letter of
each white cell, null elsewhere; `black` the black cells ([r, c], typed or filled).

Model: x(r,c,k) = 1 when white cell (r,c) holds letter k of the alphabet (the letters of the
listed words, numbered 1.. in sorted order; one letter per white cell). y(w,j) = 1 when run j
holds word w (words numbered 1.. in sorted order), for the words of run j's length
(`solver.blocks.placements.place_words`, shared with number-skeleton): Run(j): each run holds one
word; Listed(w): w is placed as many times as it is listed; Spell(j,i,k): letter k at position i of
run j is x(cell, k) = the sum of y(w,j) over the words with k at position i. Every coefficient
is 1.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

import pulp

from solver.blocks.cells import black_record
from solver.blocks.digits import digit_vars, run_span, white_runs
from solver.blocks.geometry import Cell
from solver.blocks.names import a1, cell_name, column_letter, quote
from solver.blocks.placements import place_words
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.black_cells import is_black
from solver.io.digits_sheet import read_letters
from solver.io.run_lists import check_list_lengths, grid_width
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import normalize_kana
from solver.mip.model import Model, new_problem, value

SEPARATORS = re.compile(r"[\s,;、，]+")  # between words typed into one cell of the list
WALL = "■"
STAR = "*"  # the deck's black cell, read as black too

Answer = tuple[tuple[str | None, ...], ...]  # the letter of each grid cell (normalised), or None


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    black: frozenset[Cell]
    words: tuple[str, ...]  # the list as typed (NFKC), in the order of its cells
    # the sheet cell of each listed word (0-based); empty: the layout `to_cells` writes
    places: tuple[Cell, ...] = field(default=(), compare=False)

    def white(self) -> set[Cell]:
        return {
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.black
        }

    def runs(self) -> list[list[Cell]]:
        return white_runs(self.white(), shortest=2)

    def place(self, k: int) -> Cell:
        """The sheet cell of the k-th listed word."""
        return self.places[k] if self.places else self.typed_place(k)

    def typed_place(self, k: int) -> Cell:
        """Where `to_cells` types the k-th listed word: columns as tall as the grid."""
        return k % self.rows, self.cols + 1 + k // self.rows

    def listed(self) -> Counter[str]:
        """Each word (normalised) and how many times it is listed."""
        return Counter(normalize_kana(w) for w in self.words)

    def alphabet(self) -> list[str]:
        return sorted({ch for w in self.listed() for ch in w})

    def glyphs(self) -> dict[str, str]:
        """Each letter as the list first spells it (`ユ` -> `ュ` from チューリツプ)."""
        shown: dict[str, str] = {}
        for w in self.words:
            for typed, letter in zip(w, normalize_kana(w), strict=True):
                shown.setdefault(letter, typed)
        return shown


def _typed(text: str) -> str:
    """A word as typed, in the letters `normalize_kana` maps one to one (NFKC, no spaces)."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def _black(grid: Grid, cell: Cell) -> bool:
    v = grid[cell]
    return is_black(grid, cell) or (isinstance(v, str) and v.strip() == STAR)


def parse(grid: Grid) -> Puzzle:
    cols = grid_width(grid)
    where = "one empty column right of the grid, then the listed words, one per cell"
    if cols is None:
        raise InputError(grid.sheet, f"no list of words found: type {where}")
    if cols == grid.cols - 1:
        raise InputError(
            grid.sheet,
            f"no list of words found: column {column_letter(cols + 1)}, the last before the "
            f"sentinel, is empty; type {where}, and the sentinel right after the list's last "
            "column",
        )
    if cols == 0:
        raise InputError(grid.sheet, f"column A is empty: type the grid from A1, then {where}")
    rows = grid.rows
    black = set()
    for r in range(rows):
        for c in range(cols):
            v = grid[r, c]
            if _black(grid, (r, c)):
                black.add((r, c))
            elif v is not None and not (isinstance(v, str) and len(normalize_kana(v)) == 1):
                raise grid.error(
                    r,
                    c,
                    "a grid cell is black (■, # or *, or a dark fill), empty, or holds one "
                    f"letter of the answer; found {quote(v)}"
                    + (
                        " (the list goes right of the grid, after one empty column)"
                        if isinstance(v, str) and len(normalize_kana(v)) > 1
                        else ""
                    ),
                )
    words, places = [], []
    for c in range(cols + 1, grid.cols):
        for r in range(rows):
            for w in _listed(grid, r, c, cols):
                words.append(w)
                places.append((r, c))
    p = Puzzle(rows, cols, frozenset(black), tuple(words), tuple(places))
    _check_lengths(p, grid)
    return p


def _listed(grid: Grid, r: int, c: int, cols: int) -> list[str]:
    """The words in a cell of the list: one word, or several apart (`ウメ キク`, `ウメ, キク`)."""
    v = grid[r, c]
    if v is None:
        return []
    parts = [part for part in SEPARATORS.split(str(v)) if part]
    if isinstance(v, str) and parts and all(normalize_kana(p).isalpha() for p in parts):
        return [_typed(part) for part in parts]
    empty = column_letter(cols + 1)
    raise grid.error(
        r,
        c,
        f"a listed word is letters (katakana), one or several to a cell; found {quote(v)} (the "
        f"list starts right of column {empty}, the grid is A1:{a1(grid.rows, cols)})",
    )


def _check_lengths(p: Puzzle, grid: Grid) -> None:
    """Every white cell in a run; as many listed words of each length as runs of it."""
    listed = [(w, len(normalize_kana(w)), p.place(k)) for k, w in enumerate(p.words)]
    check_list_lengths(grid, p.rows, p.cols, p.white(), p.runs(), listed, "word", "letters")


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The grid, an empty column, and the list in columns as tall as the grid."""
    width = p.cols + 1 + -(-len(p.words) // p.rows)
    cells: list[list[Value]] = [
        [WALL if (r, c) in p.black else None for c in range(p.cols)] + [None] * (width - p.cols)
        for r in range(p.rows)
    ]
    for k, w in enumerate(p.words):
        r, c = p.typed_place(k)
        cells[r][c] = w
    return cells


def model(p: Puzzle) -> Model:
    prob = new_problem("skeleton")
    letter = {ch: k for k, ch in enumerate(p.alphabet(), start=1)}
    number = {w: n for n, w in enumerate(sorted(p.listed()), start=1)}
    x = digit_vars(prob, sorted(p.white()), list(letter.values()))
    place_words(
        prob,
        x,
        p.runs(),
        p.listed(),
        spell=lambda w: [letter[ch] for ch in w],
        number=number.__getitem__,
    )
    return Model(prob, list(x.values()), {"x": x})


def decode(p: Puzzle, m: Model) -> Answer:
    alphabet = p.alphabet()
    held = {(r, c): alphabet[k - 1] for (r, c, k), v in m["x"].items() if value(v)}
    return tuple(tuple(held.get((r, c)) for c in range(p.cols)) for r in range(p.rows))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every white cell holds a letter; each run holds a listed word, and each listed word is
    placed as many times as it is listed (checked on the runs whose cells are all filled)."""
    empty = sorted(cell for cell in p.white() if a[cell[0]][cell[1]] is None)
    problems = []
    if empty:
        where = ", ".join(map(cell_name, empty[:5])) + (" ..." if len(empty) > 5 else "")
        problems.append(Violation(f"{len(empty)} cells hold no letter: {where}", empty))
    listed = p.listed()
    typed = {normalize_kana(w): w for w in reversed(p.words)}  # each word as first listed
    placed: dict[str, list[list[Cell]]] = {}
    for run in p.runs():
        letters = [a[r][c] for r, c in run]
        if any(ch is None for ch in letters):
            continue
        word = "".join(letters)  # type: ignore[arg-type]
        if word not in listed:
            problems.append(
                Violation(f"the run {run_span(run)} reads {word}, which is not in the list", run)
            )
        else:
            placed.setdefault(word, []).append(run)
    for w, count in sorted(listed.items()):
        runs = placed.get(w, [])
        if len(runs) > count or (len(runs) < count and not empty):
            own = [p.place(k) for k, u in enumerate(p.words) if normalize_kana(u) == w]
            where = ", ".join(run_span(run) for run in runs)
            found = f"placed {_times(len(runs))}" + (f" ({where})" if runs else "")
            problems.append(
                Violation(
                    f"the listed {typed[w]} is {found}, and listed {_times(count)}",
                    [*own, *(cell for run in runs for cell in run)],
                )
            )
    return problems


def _times(n: int) -> str:
    return {0: "nowhere", 1: "once", 2: "twice"}.get(n, f"{n} times")


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int]:
    """The letters the sheet shows in white cells, small or full size: the cell's letter 1, its
    other letters 0 (a letter of no listed word: every letter 0, so the cell cannot be
    completed). Blank cells fix nothing."""
    return read_letters(grid, m["x"], p.white(), p.alphabet())


def blank(grid: Grid, cell: Cell) -> bool:
    """Whether a cell still waits for its letter: an empty white cell of the grid (the empty
    column and the list hold no answer)."""
    width = grid_width(grid)
    inside = width is not None and cell[1] < width
    return inside and grid[cell] is None and not _black(grid, cell)


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    shown = p.glyphs()
    return [
        CellWrite(r, c, shown.get(ch, ch))
        for r, row in enumerate(a)
        for c, ch in enumerate(row)
        if ch is not None
    ]


def record(p: Puzzle, a: Answer) -> dict:
    """`cells`: the sheet's grid, the list's columns included (null there, as in black cells)."""
    width = len(to_cells(p)[0]) if not p.places else max(c for _, c in p.places) + 1
    shown = p.glyphs()
    cells = [
        [None if ch is None else shown.get(ch, ch) for ch in row] + [None] * (width - p.cols)
        for row in a
    ]
    return {"cells": cells, "black": black_record(p.black)}


# No givens for the conflict search (Genre.givens): the list must hold a word for every run of the
# grid, so none can be taken out.
givens = None

GENRE = define(__name__, slug="skeleton", ja="スケルトン", prove_by_search=True)
