"""Lazy cuts inside one SCIP search: a constraint handler.

A model built with lazy connectivity leaves connectivity out and has separators that find the
cuts a candidate answer breaks (`Model.violated`). HiGHS and CBC have no lazy-constraint
callback, so there every answer that breaks a cut ends a solve and the next solve starts over
with the cuts ("rounds"). SCIP asks a constraint handler about every candidate answer (an
integral LP solution, a pseudo solution, a heuristic's find); this one runs the separators on it
and, when they return cuts, adds them to the problem and rejects the candidate, so one branch and
bound goes on with them.

Two things make it exact:
- the handler's enforcement runs after integrality and after the handlers of the linear rows
  (`LAST`), so the separators see only integral candidates, which they are written for, and a
  candidate that reaches it keeping every row says so (`solinfeasible` False); `conscheck`
  rejects any other solution (a heuristic's) that breaks a cut;
- SCIP's dual reductions are turned off. They fix a variable when no constraint stops it from
  moving to its bound, counting the constraints that "lock" it, and a handler without
  constraints of its own locks nothing: presolve would fix variables the connectivity needs,
  and the answer would break a cut.

The cuts found during a search live in SCIP's transformed problem, which the next change to the
model frees; `learnt` keeps them so that the caller adds them to the problem for good (the
uniqueness solve starts from them). Cuts are valid for every answer, so keeping them is sound.

Where each round is a hard solve, one search is several times faster than rounds (about 4
times on a 12x12 heyawake, answer and uniqueness).

The same search can also prove the answer unique (`collect`): a whole candidate is kept as an
answer and cut off by the model's uniqueness cut (`Model.exclude_answer`), and the search goes on
until it ends (no other answer: unique) or finds a second whole answer (it stops there). The
uniqueness cuts hold for the other answers only, so they are kept apart from `learnt`: they never
join the problem. This is faster than a second search after the first (up to twice as fast on
heyawakes). Only enforcement keeps answers: SCIP also checks the candidates of its primal
heuristics, before the linear rows' handlers would have had their say (the trivial heuristic's
all-zero grid breaks no connectivity cut, but a room's count), so while collecting `conscheck`
refuses every solution and the search finds the answers itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pulp
import pyscipopt
from pyscipopt import SCIP_RESULT

from solver import progress
from solver.mip import scip

Separator = Callable[[], list[pulp.LpConstraint]]
AddRow = Callable[[pulp.LpConstraint, scip.Terms, str], object]
Exclude = Callable[[], pulp.LpConstraint]
LAST = -5_000_000  # the handler's enforcement and check priority


class LazyCuts(pyscipopt.Conshdlr):
    """Checks candidate answers with `violated` and adds the cuts it returns."""

    def __init__(
        self,
        columns: Sequence[pulp.LpVariable],
        scip_vars: Sequence[Any],
        violated: Separator,
        add_row: AddRow,
    ) -> None:
        self.columns, self.scip_vars = columns, scip_vars
        self.violated, self.add_row = violated, add_row
        self.learnt: list[pulp.LpConstraint] = []
        self.active = False  # until switched on, every candidate passes (cuts come in rounds)
        self.exclude: Exclude | None = None  # collecting: the cut that excludes an answer
        self.answers: list[list[float]] = []  # collecting: the whole answers, column values
        self.excluded: list[pulp.LpConstraint] = []  # their uniqueness cuts, in that order
        self.first_found: float | None = None  # when the first one came (time.perf_counter())

    def switch_on(self) -> None:
        """From the next solve on, take the cuts inside the search."""
        self.active = True
        self.model.setBoolParam("misc/allowstrongdualreds", False)
        self.model.setBoolParam("misc/allowweakdualreds", False)

    def collect(self, exclude: Exclude | None) -> None:
        """From the next solve on, keep each whole answer and go on searching past it (see the
        module's docstring); None: stop at the first, as a plain solve does."""
        self.exclude, self.answers, self.excluded = exclude, [], []
        self.first_found = None

    def _collecting(self) -> bool:
        return self.active and self.exclude is not None

    def _cuts(
        self, solution: Any, answer: bool = False
    ) -> tuple[list[pulp.LpConstraint], list[pulp.LpConstraint]]:
        """The lazy cuts that `solution` (None: the current LP or pseudo solution) breaks, and
        the uniqueness cut that excludes it where it breaks none and `answer` says it keeps
        every other row (a new answer's cut, or that of an answer kept before); the PuLP
        variables hold its values meanwhile, as the separators read them."""
        m = self.model
        if not self.active:
            return [], []
        for v, x in zip(self.columns, self.scip_vars, strict=True):
            v.varValue = m.getSolVal(solution, x)
        cuts = self.violated()
        if cuts or not answer:
            return cuts, []
        seen = [cut for cut in self.excluded if not cut.valid(0.5)]  # integral rows: off by 1
        if seen:  # an answer kept before, seen again before its cut came into the search
            return [], seen[:1]
        if self.first_found is None:
            self.first_found = time.perf_counter()
            progress.report(phase="unique")  # the rest of the search is the proof
        self.answers.append([v.varValue for v in self.columns])
        self.excluded.append(self.exclude())
        if len(self.answers) > 1:  # not unique: that is all the search had to tell
            m.interruptSolve()
        return [], self.excluded[-1:]

    def conscheck(
        self,
        constraints: Any,
        solution: Any,
        checkintegrality: bool,
        checklprows: bool,
        printreason: bool,
        completely: bool,
    ) -> dict[str, Any]:
        """A solution SCIP would keep (a heuristic's, or an LP solution all handlers enforced).
        While collecting, none: each breaks a lazy cut or is an answer to go past (enforcement
        finds and keeps the answers)."""
        if self._collecting():
            return {"result": SCIP_RESULT.INFEASIBLE}
        cuts, _ = self._cuts(solution)
        return {"result": SCIP_RESULT.INFEASIBLE if cuts else SCIP_RESULT.FEASIBLE}

    def _enforce(self, solinfeasible: bool) -> dict[str, Any]:
        """solinfeasible: a handler before this one (every other: see `attach`) found the
        candidate breaks one of its rows, so it is no answer, whatever the cuts say."""
        cuts, excluded = self._cuts(None, answer=self._collecting() and not solinfeasible)
        if not cuts and not excluded:
            return {"result": SCIP_RESULT.FEASIBLE}
        transformed = _TransformedTerms(self.model, self.scip_vars)
        for cut in cuts:
            self.learnt.append(cut)
            self.add_row(cut, transformed, f"lazy_in_search_{len(self.learnt)}")
        for cut in excluded:
            self.add_row(cut, transformed, f"no_good_in_search_{self.excluded.index(cut) + 1}")
        return {"result": SCIP_RESULT.CONSADDED}

    def consenfolp(self, constraints: Any, nusefulconss: int, solinfeasible: bool) -> dict:
        return self._enforce(solinfeasible)

    def consenfops(
        self, constraints: Any, nusefulconss: int, solinfeasible: bool, objinfeasible: bool
    ) -> dict:
        return self._enforce(solinfeasible)

    def conslock(self, constraint: Any, locktype: Any, nlockspos: int, nlocksneg: int) -> None:
        """Called for a handler's own constraints only (it has none); the dual reductions are
        turned off instead (see the module's docstring)."""


class _TransformedTerms:
    """The terms (`solver.mip.scip.term`) of the columns' transformed variables, each made when a
    row first asks for it: a cut touches few of the columns."""

    def __init__(self, m: pyscipopt.Model, scip_vars: Sequence[Any]) -> None:
        self.model, self.scip_vars = m, scip_vars
        self.made: dict[int, object] = {}

    def __getitem__(self, i: int) -> object:
        if i not in self.made:
            self.made[i] = scip.term(self.model.getTransformedVar(self.scip_vars[i]))
        return self.made[i]


def attach(
    m: pyscipopt.Model,
    columns: Sequence[pulp.LpVariable],
    scip_vars: Sequence[Any],
    violated: Separator,
    add_row: AddRow,
) -> LazyCuts:
    """Give `m` a handler that enforces the cuts `violated` returns for the current values of
    `columns` (the PuLP variables, in the order of `scip_vars`). `add_row(cut, terms, name)`
    adds one PuLP constraint to SCIP over the given terms of the columns' SCIP variables."""
    handler = LazyCuts(columns, scip_vars, violated, add_row)
    m.includeConshdlr(
        handler,
        "lazy_cuts",
        "cuts a candidate answer breaks, found by the model's separators",
        # after integrality (integral candidates only), and after the handlers of linear rows
        # (the lowest of them, logicor's, is -2000000): a candidate that breaks none of those
        # reaches it with solinfeasible False, and a solution to check is one that keeps them
        enfopriority=LAST,
        chckpriority=LAST,
        needscons=False,
    )
    return handler
