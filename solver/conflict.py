"""Why a puzzle has no answer: a smallest set of givens that cannot all hold.

Where the solve proves a puzzle infeasible, the search below names givens that conflict (`A1 (5)
and I1 (5) cannot both hold`), found with the genre's own model: each trial takes some givens
out of the typed grid (`Genre.givens`, `Genre.without`: taking a given out only relaxes the
puzzle), parses it again and solves it as the solve did (`pipeline.solve_puzzle`, deductions
included, without the uniqueness proof). A trial that is still infeasible lets the givens it
took out go for good.

The algorithm is the deletion filter, in blocks first. The set S starts as all givens (known
infeasible). For a block size of half of S, then a quarter, and so on down to 1, each block of
S in turn is taken out: if S without it is still infeasible, S loses the block; else the block
stays (it holds a given that the conflict needs). With blocks of one given, every given left
in S has been tried alone, and S without it had an answer: S is an irreducible infeasible set
(every given in it is needed; since taking givens out only relaxes, S only shrank after that
trial and the given is still needed). A conflict of k givens among n takes about
2k log2(n/k) + 2k trials, where the plain filter (blocks of one from the start) takes n: so up
to ONE_BY_ONE givens the blocks are of one from the start.

Before that, one trial without any given: where that is infeasible too, the givens are not to
blame (the grid's shape, its rooms or black cells allow no answer), and the conflict is empty.
A genre that refuses a grid without givens (hitori without numbers, masyu without pearls,
numberlink without lines) has no such puzzle: there some given is to blame, and a single one
can be the whole conflict.

All of it runs by the sheet's deadline: S is infeasible at every step, so where the time runs
out the search reports what it has narrowed so far, as not minimal (or the plain message where
it narrowed nothing).
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
MOST_NAMED = 12  # a message names at most this many givens of a set not narrowed to the end
# blocks pay where a conflict is small beside the givens; up to this many givens the filter
# tries them one by one, at most that many trials (blocks take more where the conflict holds
# most of them: kakuro's sample with a sum changed, 9 of 12 givens in 19 trials)
ONE_BY_ONE = 16


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
        return [g.where(self.grid) for g in self.givens] if self.minimal else None

    def message(self) -> str:
        """One line for a person: which givens cannot all hold."""
        if self.minimal and not self.givens:
            return (
                "no answer, and not because of the givens: even without any of them the grid "
                "(its shape, rooms, walls or black cells) allows none"
            )
        if not self.minimal and len(self.givens) >= self.of:
            if not self.timed_out:
                return PLAIN
            return f"{PLAIN} (the time limit ran out before the givens that conflict were found)"
        names = [g.name(self.grid) for g in self.givens]
        if not self.minimal:
            shown = names[:MOST_NAMED] + (
                [f"{len(names) - MOST_NAMED} more"] if len(names) > MOST_NAMED else []
            )
            why = (
                "not narrowed to a smallest such set within the time limit"
                if self.timed_out
                else "not proved a smallest such set: a given could not be taken out"
            )
            return f"no answer: the givens {_listed(shown)} cannot all hold ({why})"
        if len(names) == 1:
            return f"no answer: the given {names[0]} cannot hold"
        both = "both" if len(names) == 2 else "all"
        return f"no answer: the givens {_listed(names)} cannot {both} hold"


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

    def narrowed(kept: Sequence[int], minimal: bool = False) -> None:
        found.givens = [givens[i] for i in kept]
        found.minimal = minimal and not unsure

    try:
        if givens:
            _narrow(len(givens), infeasible, narrowed)
        else:
            found.minimal = True  # nothing to take out: the grid alone allows no answer
    except OutOfTime:  # the deadline's alarm between two trials: what was narrowed stands
        found.timed_out = True
    found.seconds = time.perf_counter() - start
    return found


def _narrow(
    n: int,
    infeasible: Callable[[Sequence[int]], bool | None],
    narrowed: Callable[[Sequence[int], bool], None],
) -> None:
    """The deletion filter in blocks over givens 0..n-1 (all of them infeasible): `narrowed`
    gets the indices kept at every step, and whether they are an irreducible set (not where a
    trial ran out of time)."""
    verdict = infeasible([])
    if verdict is None:
        return
    if verdict:
        narrowed([], True)
        return
    kept = list(range(n))
    size = 1 if n <= ONE_BY_ONE else n // 2
    while True:
        i = 0
        while i < len(kept):
            rest = kept[:i] + kept[i + size :]
            verdict = infeasible(rest) if rest else False  # none at all: tried first
            if verdict is None:
                return
            if verdict:
                kept = rest
                narrowed(kept, False)
            else:
                i += size
        if size == 1:
            narrowed(kept, True)
            return
        size = max(1, size // 2)
