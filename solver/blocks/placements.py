"""Placements: choose one of the candidate shapes for each clue, as a set partitioning.

Division genres ask to cut the grid into pieces that each belong to one clue: shikaku's
rectangles, fillmat's mats, satogaeri's moves, skeleton's words in runs. Each has a generator of
candidates (a genre's own: every rectangle of a number's area around it, every straight move of
a circle) and the same model over them, the deck's set-partitioning form:

- y(k, i) = 1 when clue k takes its candidate i (`choose`): each clue takes exactly one;
- each cell is covered by exactly one chosen candidate (`cover`; `at_most_once` where a cell may
  stay uncovered, as satogaeri's cells off every path);
- `covering` gives a cell's coverage by one clue as an expression, for rules between pieces
  (fillmat: equal sizes never side by side).

A candidate is the cells it covers; whatever else it means (a mat's size, a move's end) the
genre keeps beside it, in the same order. The LP relaxation of set partitioning is tight on
small pieces (the deck's shikaku, a 14x24 published one, solve at the root), which is why this
form suits an integer program.

Words in runs (skeleton's words, number-skeleton's numbers) are the same choice seen from the
other side: every run of white cells takes one listed word of its length, every word goes into as
many runs as it is listed, and the chosen word spells the run's cells symbol by symbol
(`place_words`, over one-hot symbols x(r, c, s): letters or digits).

For answers: `chosen` (after the solve: each clue's candidate index) and `region_map` (an id per
cell from the chosen candidates, the record's `regions`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TypeAlias

import pulp

from solver.mip.model import value, var

Cell = tuple[int, int]
Candidates = Mapping[Hashable, Sequence[Collection[Cell]]]
Choice: TypeAlias = "dict[tuple[Hashable, int], pulp.LpVariable]"


def choose(
    prob: pulp.LpProblem, candidates: Candidates, name: str = "y", each: bool = True
) -> Choice:
    """y(k, i) for each clue k and its candidate i (1-based in the variable's name, the clue's
    position among the clues first: y(3,2) is the third clue's second candidate); each clue
    takes exactly one of its candidates. each=False: a key takes any number of its candidates,
    none included (fillmat's mats without a number, keyed by their first cell: `cover` alone
    decides)."""
    y: Choice = {}
    for n, (k, options) in enumerate(candidates.items(), start=1):
        for i in range(len(options)):
            y[k, i] = var(prob, name, n, i + 1)
        if each:
            prob += pulp.lpSum(y[k, i] for i in range(len(options))) == 1, f"Choose({n})"
    return y


def _covering(candidates: Candidates, y: Choice) -> dict[Cell, list[pulp.LpVariable]]:
    found: dict[Cell, list[pulp.LpVariable]] = {}
    for k, options in candidates.items():
        for i, cells in enumerate(options):
            for cell in cells:
                found.setdefault(cell, []).append(y[k, i])
    return found


def cover(
    prob: pulp.LpProblem,
    candidates: Candidates,
    y: Choice,
    cells: Iterable[Cell],
    at_most_once: bool = False,
) -> None:
    """Each of `cells` is covered by exactly one chosen candidate (at most one if
    `at_most_once`). A cell that no candidate reaches makes the model infeasible at once; a genre
    says so as an input error before it builds the model (`uncovered`)."""
    by_cell = _covering(candidates, y)
    for r, c in cells:
        covered = pulp.lpSum(by_cell.get((r, c), []))
        if at_most_once:
            prob += covered <= 1, f"Cover({r + 1},{c + 1})"
        else:
            prob += covered == 1, f"Cover({r + 1},{c + 1})"


def covering(candidates: Candidates, y: Choice, k: Hashable, cell: Cell) -> pulp.LpAffineExpression:
    """1 when clue k's chosen candidate covers `cell`, else 0."""
    return pulp.lpSum(y[k, i] for i, cells in enumerate(candidates[k]) if cell in cells)


def uncovered(candidates: Candidates, cells: Iterable[Cell]) -> list[Cell]:
    """The cells no candidate covers (for an input error before the solve)."""
    reached = {cell for options in candidates.values() for cells in options for cell in cells}
    return [cell for cell in cells if cell not in reached]


def chosen(candidates: Candidates, y: Choice) -> dict[Hashable, int]:
    """After the solve: each clue's chosen candidate, by its index."""
    return {
        k: next(i for i in range(len(options)) if value(y[k, i]))
        for k, options in candidates.items()
    }


def region_map(
    pieces: Sequence[Collection[Cell]], rows: int, cols: int
) -> tuple[tuple[int | None, ...], ...]:
    """An id per cell (0, 1, ... in the order of `pieces`; None for a cell in none): the
    record's `regions`."""
    ids: dict[Cell, int] = {cell: n for n, cells in enumerate(pieces) for cell in cells}
    return tuple(tuple(ids.get((r, c)) for c in range(cols)) for r in range(rows))


# x(r, c, s): cell (r, c) holds symbol s
Symbols: TypeAlias = "Mapping[tuple[int, int, int], pulp.LpVariable]"


def place_words(
    prob: pulp.LpProblem,
    x: Symbols,
    runs: Sequence[Sequence[Cell]],
    words: Mapping[Hashable, int],
    spell: Callable[[Hashable], Sequence[int]],
    number: Callable[[Hashable], int],
    name: str = "y",
) -> dict[tuple[Hashable, int], pulp.LpVariable]:
    """Each listed word (`words`: word -> how many times listed) goes into that many runs of its
    length, and each run holds one listed word: y(w, j) = 1 when run j holds w (named
    y(number(w), j)). `spell(w)` is the word's symbols, as x's third index; at position i of a
    run, the cell holds symbol s exactly when the run holds a word with s there:
    x(cell, s) = the sum of y(w, j) over those words (Spell(j,i,s)). Every coefficient is 1.
    Run(j): one word per run; Listed(n): word n as often as listed. (The caller makes sure that
    every length has as many runs as words.)"""
    y: dict[tuple[Hashable, int], pulp.LpVariable] = {}
    symbols = sorted({s for _, _, s in x})
    for j, run in enumerate(runs, start=1):
        fits = [w for w in words if len(spell(w)) == len(run)]
        for w in fits:
            y[w, j] = var(prob, name, number(w), j)
        prob += pulp.lpSum(y[w, j] for w in fits) == 1, f"Run({j})"
        for i, (r, c) in enumerate(run):
            for s in symbols:
                if (r, c, s) in x:
                    spelt = [y[w, j] for w in fits if spell(w)[i] == s]
                    prob += x[r, c, s] == pulp.lpSum(spelt), f"Spell({j},{i + 1},{s})"
    for w, times in words.items():
        held = pulp.lpSum(v for (u, _), v in y.items() if u == w)
        prob += held == times, f"Listed({number(w)})"
    return y
