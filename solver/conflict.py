"""Why a puzzle has no answer: a smallest set of givens that cannot all hold.

Where the solve proves a puzzle infeasible, the search below names givens that conflict (`A1 (5)
and I1 (5) cannot both hold`), found with the genre's own model: each trial takes some givens
out of the typed grid (`Genre.givens`, `Genre.without`: taking a given out only relaxes the
puzzle), parses it again and solves it as the solve did (`pipeline.solve_puzzle`, deductions
included, without the uniqueness proof). A trial that is still infeasible lets the givens it
took out go for good.

The search is QuickXplain (Junker, 2004), the deletion filter done by halves. The filter
takes each given out in turn, for good where the puzzle without it is still infeasible: every
given left is needed, and since taking givens out only relaxes, it stays needed as the set
shrinks, so the set left is irreducible. It takes a trial per given. QuickXplain finds the same
kind of set by halves: to narrow candidates C against givens B kept anyway (B with all of C is
infeasible), it narrows the second half of C keeping B and the first half, then the first half
keeping B and what the second half needed; a trial that finds B infeasible alone ends a branch
(none of C is needed there), a single candidate left is needed. A conflict of k givens among n
takes about 2k log2(n/k) + k trials: a few givens among dozens in ten to twenty. Where most
givens take part (k near n) that is more than the filter's n, so up to ONE_BY_ONE givens the
filter runs instead.

Before that, one trial without any given: where that is infeasible too, the givens are not to
blame (the grid's shape, its rooms or black cells allow no answer), and the conflict is empty.
A genre that refuses a grid without givens (hitori without numbers, masyu without pearls,
numberlink without lines) has no such puzzle: there some given is to blame, and a single one
can be the whole conflict.

All of it runs by the sheet's deadline. Every trial that finds no answer gives an infeasible set
of givens, so where the time runs out the search reports the smallest of those so far, as not
minimal (or the plain message where it found none smaller than all the givens).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver import limits, progress
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.limits import OutOfTime

PLAIN = "the puzzle has no answer: check the givens"
# a genre with no givens to take out (star-battle, norinori): what else there is to check
WITHOUT_GIVENS = (
    "the puzzle has no answer: check it against the printed puzzle (its rooms or walls, its "
    "numbers and counts)"
)
MOST_NAMED = 12  # a message names at most this many cells of givens (the record has them all)
# up to this many givens the deletion filter tries them one by one (a trial each); beyond,
# QuickXplain's halves take fewer for conflicts of one to three givens, the common ones (on
# random conflicts: 7 trials for one given among 15, 14 for two among 30)
ONE_BY_ONE = 8


@dataclass
class Conflict:
    """What the search found: `givens` an infeasible set (irreducible when `minimal`; empty
    where the puzzle has no answer even without any given), `trials` the solves it took."""

    grid: Grid
    givens: list[Given] = field(default_factory=list)
    minimal: bool = False
    timed_out: bool = False  # the deadline came before the search's end
    of: int = 0  # the puzzle's givens, all of them
    trials: int = 0
    seconds: float = 0.0

    def cells(self) -> list[str] | None:
        """The record's `conflict`: the sheet cells of an irreducible set (empty where the
        givens are not to blame), None where the search did not narrow it to the end."""
        if not self.minimal:
            return None
        return list(dict.fromkeys(g.where(self.grid) for g in self.givens))

    def names(self) -> list[str]:
        """The givens as a message names them, by cell: `A1 (5)`; two in one cell (a kakuro
        clue's sums) `D4 (3 down, 4 across)`."""
        texts: dict[str, list[str]] = {}
        for g in self.givens:
            texts.setdefault(g.where(self.grid), []).append(g.text)
        return [f"{where} ({', '.join(said)})" for where, said in texts.items()]

    def message(self) -> str:
        """One line for a person: which givens cannot all hold."""
        if self.minimal and not self.givens:
            made = "the grid, its rooms, walls, black cells or words allow none"
            if not self.of:
                return f"no answer, and the puzzle has no givens to blame: {made}"
            return f"no answer, and not because of the givens: without any of them, {made}"
        if not self.minimal and len(self.givens) >= self.of:
            if not self.timed_out:
                return PLAIN
            return f"{PLAIN} (the time limit ran out before the givens that conflict were found)"
        names = self.names()
        shown = names[:MOST_NAMED] + (
            [f"{len(names) - MOST_NAMED} more"] if len(names) > MOST_NAMED else []
        )
        if not self.minimal:
            why = (
                "not narrowed to a smallest such set within the time limit"
                if self.timed_out
                else "not proved a smallest such set: a given could not be taken out"
            )
            return f"no answer: the givens {_listed(shown)} cannot all hold ({why})"
        if len(self.givens) == 1:
            return f"no answer: the given {names[0]} cannot hold"
        both = "both" if len(self.givens) == 2 else "all"
        return f"no answer: the givens {_listed(shown)} cannot {both} hold"


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def find_conflict(
    genre: Any,
    grid: Grid,
    puzzle: Any,
    solve: Callable[[Any], str],
) -> Conflict | None:
    """A smallest set of the puzzle's givens that cannot all hold (see the module's doc), by
    the deadline in force (`limits.deadline`); None for a genre without givens. `solve` solves
    a puzzle of the genre and gives its status (`solved`, `infeasible`, `timeout`, ...)."""
    if genre.givens is None:
        return None
    start = time.perf_counter()
    givens = genre.givens(puzzle, grid)
    found = Conflict(grid, list(givens), of=len(givens))
    progress.report(phase="conflict")

    unsure = False  # a trial whose grid did not parse: its givens stay, unproved

    def infeasible(kept: Sequence[int]) -> bool | None:
        """Whether the puzzle with only these givens (by index) has no answer; None where the
        time ran out first."""
        nonlocal unsure
        found.trials += 1
        keep = set(kept)
        dropped = [g for i, g in enumerate(givens) if i not in keep]
        try:
            limits.check_time()
            relaxed = genre.parse(genre.without(grid, dropped))
            with progress.reporting(None):  # the status line says "conflict" throughout
                status = solve(relaxed)
        except OutOfTime:
            found.timed_out = True
            return None
        except InputError:
            # a grid without any given that the genre refuses (hitori without numbers): then
            # some given is to blame; else givens it cannot take out (a bug) stay, unproved
            unsure = unsure or bool(kept)
            return False
        if status == "timeout":
            found.timed_out = True
        return {"infeasible": True, "solved": False}.get(status)

    def narrowed(kept: Sequence[int], minimal: bool) -> None:
        if minimal or len(kept) < len(found.givens):
            found.givens = [givens[i] for i in sorted(kept)]
            found.minimal = minimal and not unsure

    try:
        if not givens:
            found.minimal = True  # nothing to take out: the grid alone allows no answer
        elif infeasible([]) is True:
            narrowed([], True)  # the givens are not to blame
        elif not found.timed_out:
            search = _deletion_filter if len(givens) <= ONE_BY_ONE else _quickxplain
            narrowed(search(len(givens), _trial(infeasible, narrowed)), True)
    except (OutOfTime, _TimeUp):  # the deadline: the smallest infeasible set found stands
        found.timed_out = True
    found.seconds = time.perf_counter() - start
    return found


class _TimeUp(Exception):
    """A trial ran out of time: the search ends."""


def _trial(
    infeasible: Callable[[Sequence[int]], bool | None],
    narrowed: Callable[[Sequence[int], bool], None],
) -> Callable[[list[int]], bool]:
    """Whether the givens kept (by index) are infeasible, each infeasible set passed on as
    narrowed so far; _TimeUp where the time ran out."""

    def trial(kept: list[int]) -> bool:
        verdict = infeasible(kept)
        if verdict is None:
            raise _TimeUp
        if verdict:
            narrowed(kept, False)
        return verdict

    return trial


def _deletion_filter(n: int, infeasible: Callable[[list[int]], bool]) -> list[int]:
    """An irreducible infeasible subset of givens 0..n-1 (all of them infeasible, none
    feasible), a trial per given."""
    kept = list(range(n))
    for i in range(n):
        rest = [j for j in kept if j != i]
        if rest and infeasible(rest):
            kept = rest
    return kept


def _quickxplain(n: int, infeasible: Callable[[list[int]], bool]) -> list[int]:
    """An irreducible infeasible subset of givens 0..n-1 (all of them infeasible, none
    feasible), by halves."""

    def needed(kept: list[int], changed: bool, candidates: list[int]) -> list[int]:
        """The candidates needed for a conflict beside `kept` (with all of them infeasible);
        `changed`: `kept` grew since it was last tried."""
        if changed and infeasible(kept):
            return []
        if len(candidates) == 1:
            return candidates
        half = len(candidates) // 2
        first, second = candidates[:half], candidates[half:]
        of_second = needed(kept + first, True, second)
        of_first = needed(kept + of_second, bool(of_second), first)
        return of_first + of_second

    return needed([], False, list(range(n)))
