"""Solver back ends: solving a PuLP problem in memory, and solving an `.lp` file.

- `cbc`: the CBC binary that PuLP bundles (a subprocess; always there, no install step).
- `scip`: SCIP in process through pyscipopt (the seed's solver).
- `highs`: HiGHS in process through highspy.

A run that stops at its time limit without an answer is a `timeout`, never `infeasible`: only a
run that finished inside its limit proves infeasibility.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import itertools
import math
import os
import shutil
import sys
import tempfile
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np
import pulp

from solver import limits, progress
from solver.mip.model import is_fixed
from solver.mip.settings import DEFAULT_PRESOLVE, Settings, SolverError

if TYPE_CHECKING:
    import subprocess

Status = Literal["solved", "infeasible", "timeout"]


def _remaining(deadline: float | None) -> float | None:
    """Seconds left until `deadline` (a `time.perf_counter()` value), or None for no limit."""
    return None if deadline is None else deadline - time.perf_counter()


def _classify(
    has_solution: bool, proven_infeasible: bool, seconds: float, limit: float | None, solver: str
) -> Status:
    """HiGHS's and SCIP's "infeasible" is a status apart from stopping at the limit, so it is a
    proof even when it came at the last moment. CBC's is read from its output, and under a
    limit it has said "Integer infeasible" of a solvable grid: a CBC run that used up its limit
    is a timeout."""
    if has_solution:
        return "solved"
    hit_limit = solver == "cbc" and limit is not None and seconds >= 0.95 * limit
    if proven_infeasible and not hit_limit:
        return "infeasible"
    if limit is not None:
        return "timeout"
    raise SolverError(f"{solver} stopped with neither an answer nor a proof of infeasibility")


@contextlib.contextmanager
def _stdout_silenced():
    """Drop what native code prints to file descriptor 1 for a while: highspy 1.16 prints a
    banner when a `Highs()` is made, before any option can be set; stdout is the `--json`
    record stream, and the banner, once per solve, is noise on a terminal too."""
    with limits.shielded():  # fd 1 is back before the time limit or Ctrl-C is raised
        sys.stdout.flush()
        saved = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 1)
            yield
        finally:
            import ctypes  # here: only a solve that prints needs it, and it is slow to import

            ctypes.CDLL(None).fflush(None)  # what C's stdio still holds goes there too
            os.dup2(saved, 1)
            os.close(saved)
            os.close(devnull)


_highs_threads: list[int] = []  # the thread count HiGHS's scheduler was started with (0: default)
_scheduler_reset: list[bool] = []  # the count changed: restart the scheduler before the next run


def new_highs(threads: int | None = None) -> object:
    """A quiet `highspy.Highs()` (no banner on stdout, no log) that runs on `threads` threads.

    HiGHS starts one thread scheduler per process, with the thread count of its first run; a
    later run asking for another count stops with neither an answer nor a proof (highspy 1.16:
    a 1-thread solve after a default one). So the scheduler is restarted whenever the count
    changes, as in a long-lived Excel session where the setting is changed."""
    import highspy

    with _stdout_silenced():
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
    wanted = int(threads or 0)
    if _highs_threads and _highs_threads[0] != wanted:
        _scheduler_reset.append(True)  # done in the solver thread, which runs HiGHS
    _highs_threads[:] = [wanted]
    if threads:
        h.setOptionValue("threads", wanted)
    return h


# HiGHS's options for a uniqueness search that its LP and branch-and-bound decide alone
# (Tuning.prove_by_search, LiveModel.start_proof; SCIP's: presolve and heuristics off)
PROOF_BY_SEARCH = (
    ("presolve", "off"),
    ("mip_heuristic_effort", 0.0),
    ("mip_heuristic_run_feasibility_jump", False),
)

_LEARNT = itertools.count(1)  # names for the cuts learnt in SCIP searches
_LAZY = itertools.count(1)  # names for the cuts added between solves
CUT_NAMES = ("lazy_", "learnt_")  # how the names of those cuts begin: rows every answer keeps


class LiveModel:
    """A PuLP problem loaded into a solver and kept there, so that cuts can be added and the
    same model solved again (uniqueness checks, lazy constraints) without rebuilding it.

    HiGHS and SCIP get the matrix directly in process (PuLP 3.3's HiGHS adapter adds one call
    per integer column, and both adapters rebuild the model on every solve); CBC, a child
    process, is given the whole problem each time as an MPS file written from a HiGHS copy.

    Each `solve` ends by a deadline: the solver is given the time left as its own limit (and
    CBC is killed if it overruns it), so one deadline holds across lazy rounds and the
    uniqueness solve.
    """

    def __init__(
        self,
        prob: pulp.LpProblem,
        s: Settings,
        improving: int | None = None,
        separate: Callable[[], list[pulp.LpConstraint]] | None = None,
        branch_first: Sequence[pulp.LpVariable] = (),
        branching: str | None = None,
    ) -> None:
        """improving: with an objective, stop at that many improving answers instead of proving
        the best one (HiGHS' mip_max_improving_sols, SCIP's limits/bestsol; CBC proves it).

        branch_first: columns SCIP branches on before the others (`Model.branch_first`).

        branching: the branching rule SCIP tries first (`Model.scip_branching`).

        separate: a lazy model's separators (`Model.violated`). SCIP takes their cuts inside
        its search (solver.mip.scip_lazy) and its answers break none; HiGHS and CBC leave them to
        the caller, who adds the cuts an answer breaks and solves again."""
        s = s.resolved()  # a bare model: the fallback back end
        self.prob, self.settings = prob, s
        self.columns = list(prob.variables())  # a copy: PuLP re-sorts its own list
        self.index = {v.name: i for i, v in enumerate(self.columns)}
        self.native: object = None
        self.in_search: Any = None  # SCIP's lazy-cut handler, when it has one
        self._learnt = 0  # cuts learnt in searches, kept in the model
        self.guessing = False  # inside `trial`: an "infeasible" is reported to no one, so the
        # presolve's word is not checked (see _run_highs, _run_scip)
        self.rounds = 0  # solves by solve_lazy
        self.work = 0  # branch-and-bound nodes of every solve so far, one at least a solve
        self.budget: int | None = None  # the nodes the solves may take in all (None: no
        # limit); a solve that reaches it ends as "timeout" with `out_of_budget` set. CBC,
        # a child process that reports no node count, takes none: its attempt runs to the end
        self.out_of_budget = False
        self.cuts = 0  # lazy cuts added, between solves or in searches
        # what the last search that went on past its answer (solve_lazy's `exclude`) told:
        self.unique: bool | None = None  # None: it told nothing (or there was no such search)
        self.second: list[float] | None = None  # another answer's column values, when not unique
        self.answer_at: float | None = None  # when it found the answer (time.perf_counter())
        if s.solver in ("highs", "cbc"):  # CBC is given HiGHS's copy as an MPS file
            self.native = self._highs()
        elif s.solver == "scip":
            self.native = self._scip()
            for v in branch_first:
                self.native.chgVarBranchPriority(self.scip_vars[self.index[v.name]], FIRST)
            if branching is not None:
                self.native.setParam(f"branching/{branching}/priority", RULE_FIRST)
            if separate is not None:
                from solver.mip import scip_lazy

                self.in_search = scip_lazy.attach(
                    self.native, self.columns, self.scip_vars, separate, self._scip_row
                )
                if s.tuning.search_after <= 0:  # one search from the first solve on
                    self.in_search.switch_on()
        objective = prob.objective or {}
        if objective and any(objective.values()):
            self._objective(objective, improving)

    def _objective(self, objective: pulp.LpAffineExpression, improving: int | None) -> None:
        """Minimise the problem's objective (the models have none: only check's searches)."""
        if self.settings.solver == "scip":
            import pyscipopt

            m = self.native
            m.setObjective(
                pyscipopt.quicksum(
                    c * self.scip_vars[self.index[v.name]] for v, c in objective.items()
                ),
                "minimize",
            )
            if improving:
                m.setParam("limits/bestsol", improving)
            return
        h = self.native
        idx = np.array([self.index[v.name] for v in objective], dtype=np.int32)
        cost = np.array(list(objective.values()), dtype=np.float64)
        h.changeColsCost(len(idx), idx, cost)
        if improving:
            h.setOptionValue("mip_max_improving_sols", improving)

    def add(self, constraint: pulp.LpConstraint, name: str, keep: bool = True) -> object:
        """Add a row; variables the model has not seen yet become new columns. keep=False: to
        the solver's copy only, not to the PuLP problem (a row for this search alone). Returns
        SCIP's constraint on SCIP, else None."""
        if keep:
            self.prob += constraint, name
        new = [v for v in constraint if v.name not in self.index]
        for v in new:
            self.index[v.name] = len(self.columns)
            self.columns.append(v)
        if self.settings.solver in ("highs", "cbc"):
            self._highs_columns(new)
            lo, hi = _row_bounds(constraint)
            idx = np.array([self.index[v.name] for v in constraint], dtype=np.int32)
            val = np.array([constraint[v] for v in constraint], dtype=np.float64)
            self.native.addRow(lo, hi, len(idx), idx, val)
        elif self.settings.solver == "scip":
            _scip_to_problem_stage(self.native)
            added = [self._scip_var(v) for v in new]
            self.scip_vars += added
            self.scip_terms += [scip_term(x) for x in added]
            return self._scip_row(constraint, self.scip_terms, name)
        return None

    @contextlib.contextmanager
    def trial(self, rows: Sequence[tuple[pulp.LpConstraint, str]]) -> Iterator[None]:
        """Rows for the solves inside the `with` block only (`Model.guesses`): added to the
        solver's copy, not to the PuLP problem, and taken out again after the block. Lazy cuts
        found meanwhile stay: they hold for every answer."""
        scip = self.settings.solver == "scip"
        first = None if scip else self.native.getNumRow()  # HiGHS (and CBC's copy): by index
        held = [self.add(row, name, keep=False) for row, name in rows]
        self.guessing = True
        try:
            yield
        except BaseException:  # unwinding (the deadline, Ctrl-C): the model is not used again,
            self.guessing = False  # and a solver stopped half way may refuse the change (SCIP
            with contextlib.suppress(Exception):  # interrupted while transforming)
                self._take_out(held, first)
            raise
        self.guessing = False
        self._take_out(held, first)

    def _take_out(self, held: list[object], first: int | None) -> None:
        """Take a trial's rows out of the solver's copy: SCIP's constraints, or HiGHS's rows
        from index `first` on."""
        if self.settings.solver == "scip":
            _scip_to_problem_stage(self.native)
            for cons in held:
                self.native.delCons(cons)
        else:
            taken = np.arange(first, first + len(held), dtype=np.int32)
            self.native.deleteRows(len(taken), taken)

    def solve_lazy(
        self,
        violated: Callable[[], list[pulp.LpConstraint]],
        deadline: float | None = None,
        exclude: Callable[[], pulp.LpConstraint] | None = None,
    ) -> Status:
        """Solve until the answer breaks none of a lazy model's cuts (`violated`, its
        separators): add the cuts an answer breaks and solve again. On SCIP, once the rounds
        have taken the genre's `Tuning.search_after` nodes (from the first solve on where that
        is 0), the cuts are taken inside the search instead.

        exclude: the cut that excludes the answer found and no other (`Model.exclude_answer`).
        With it, a search that takes the cuts inside goes on past its answer to tell whether it
        is unique (solver.mip.scip_lazy, `collect`): `unique` and `second` say what it found (None:
        it told nothing, e.g. the answer came from a round, or time ran out)."""
        self.unique = self.second = self.answer_at = None
        start = self.work  # the nodes of this call's solves: self.work - start
        for n in itertools.count(1):
            progress.report(round=n, cuts=self.cuts)
            learnt = self.learnt()
            if self.in_search is not None:
                self.in_search.collect(exclude if self.in_search.active else None)
            status = self.solve(deadline)
            self.rounds += 1
            self.cuts += self.learnt() - learnt
            if status != "solved":
                return status
            cuts = violated()
            if not cuts:
                return status
            for cut in cuts:
                self.cuts += 1
                self.add(cut, f"lazy_{next(_LAZY)}")
            spent = self.work - start
            if spent >= self.settings.tuning.search_after and self.in_search is not None:
                self.in_search.switch_on()
        raise AssertionError("unreachable")

    def learnt(self) -> int:
        """The number of cuts SCIP's handler found in searches so far; each is kept in the
        model (added for good before the next solve)."""
        return self._learnt + (len(self.in_search.learnt) if self.in_search else 0)

    def _keep_learnt(self) -> None:
        """The cuts the last search learnt, into the problem for good (they lived in SCIP's
        transformed problem, which a change frees)."""
        cuts, self.in_search.learnt = self.in_search.learnt, []
        for cut in cuts:
            self._learnt += 1
            self.add(cut, f"learnt_{next(_LEARNT)}")

    def solve(self, deadline: float | None = None) -> Status:
        """Solve the model as it stands, by `deadline` (a `time.perf_counter()` value; default:
        the settings' time limit from now)."""
        if deadline is None:
            deadline = self.settings.deadline()
        limit = _remaining(deadline)
        if limit is not None and limit <= 0:
            return "timeout"
        if not self.columns:  # nothing to choose: the rows hold or they do not
            holds = all(_holds_at_zero(c) for c in self.prob.constraints())
            return "solved" if holds else "infeasible"
        left = None if self.budget is None else self.budget - self.work
        if left is not None and left <= 0:
            self.out_of_budget = True
            return "timeout"
        start = time.perf_counter()
        if self.settings.solver == "highs":
            found, infeasible = self._solve_highs(deadline, left)
        elif self.settings.solver == "scip":
            found, infeasible = self._solve_scip(deadline, left)
        else:
            found, infeasible = self._solve_cbc(deadline)
        seconds = time.perf_counter() - start
        if not (found or infeasible) and self.budget is not None and self.work >= self.budget:
            self.out_of_budget = True
            return "timeout"
        return _classify(found, infeasible, seconds, limit, self.settings.solver)

    # HiGHS ----------------------------------------------------------------------------------
    def _highs(self) -> object:
        h = new_highs(self.settings.threads)
        for option, value in (DEFAULT_PRESOLVE, *self.settings.tuning.highs_options):
            h.setOptionValue(option, value)
        self.native = h
        self._highs_columns(self.columns)
        starts, indices, values, lo, hi = [], [], [], [], []
        for c in self.prob.constraints():
            limits.check_time()
            starts.append(len(indices))
            for v, coef in c.items():
                indices.append(self.index[v.name])
                values.append(coef)
            a, b = _row_bounds(c)
            lo.append(a)
            hi.append(b)
        if lo:
            h.addRows(
                len(lo),
                np.array(lo),
                np.array(hi),
                len(indices),
                np.array(starts, dtype=np.int32),
                np.array(indices, dtype=np.int32),
                np.array(values, dtype=np.float64),
            )
        return h

    def _highs_columns(self, cols: list[pulp.LpVariable]) -> None:
        """Append these columns (the last ones of self.columns) to the HiGHS model."""
        import highspy

        if not cols:
            return
        h, inf = self.native, highspy.kHighsInf
        first = len(self.columns) - len(cols)
        lower = np.array([-inf if v.lowBound is None else v.lowBound for v in cols], dtype=float)
        upper = np.array([inf if v.upBound is None else v.upBound for v in cols], dtype=float)
        h.addVars(len(cols), lower, upper)
        ints = [first + i for i, v in enumerate(cols) if v.cat == pulp.LpInteger]
        if ints:
            h.changeColsIntegrality(
                len(ints), np.array(ints, dtype=np.int32), np.ones(len(ints), dtype=np.uint8)
            )

    def _solve_highs(self, deadline: float | None, nodes: int | None) -> tuple[bool, bool]:
        """nodes: the most branch-and-bound nodes this solve may take (None: no limit)."""
        h = self.native
        h.setOptionValue("mip_max_nodes", NO_NODE_LIMIT if nodes is None else nodes)
        try:
            # with lazy cuts in the model, HiGHS without presolve is slow to prove what its
            # presolve found, and SCIP's opinion is asked at once (see _run_highs)
            infeasible = _run_highs(
                h, deadline, quick=0 if self.cuts else None, check=not self.guessing
            )
        finally:
            h.setOptionValue("mip_max_nodes", NO_NODE_LIMIT)
        self.work += max(1, h.getInfo().mip_node_count)
        found = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
        if found:
            for v, x in zip(self.columns, h.getSolution().col_value, strict=True):
                v.varValue = x
        return found, infeasible

    # SCIP -----------------------------------------------------------------------------------
    def _scip(self) -> object:
        import pyscipopt

        m = new_scip()
        if self.settings.threads:
            m.setParam("lp/threads", self.settings.threads)
        if not self.settings.tuning.scip_separating:
            m.setParam("separating/maxrounds", 0)
            m.setParam("separating/maxroundsroot", 0)
        if not self.settings.tuning.scip_heuristics:
            m.setHeuristics(pyscipopt.SCIP_PARAMSETTING.OFF)
        if not self.settings.tuning.scip_presolve:
            m.setPresolve(pyscipopt.SCIP_PARAMSETTING.OFF)
        if not self.settings.tuning.scip_strong_branching:  # reliable from the first branching
            m.setParam("branching/relpscost/minreliable", 0.0)
            m.setParam("branching/relpscost/maxreliable", 0.0)
        self.native = m
        self.scip_vars = [self._scip_var(v) for v in self.columns]
        self.scip_terms = [scip_term(x) for x in self.scip_vars]
        for k, c in enumerate(self.prob.constraints()):
            limits.check_time()
            self._scip_row(c, self.scip_terms, c.name or f"row_{k}")
        return m

    def _scip_var(self, v: pulp.LpVariable) -> object:
        vtype = "B" if _is_binary(v) else {pulp.LpInteger: "I", pulp.LpContinuous: "C"}[v.cat]
        return self.native.addVar(v.name, vtype=vtype, lb=v.lowBound, ub=v.upBound)

    def _scip_row(self, c: pulp.LpConstraint, terms: Terms, name: str) -> object:
        """Add one PuLP row over SCIP's terms of the columns (`terms[i]` column i's, see
        `scip_term`: of the original variables, or in a search of the transformed ones); returns
        SCIP's constraint. The row's expression is made from the terms at once, not summed as
        coefficient times variable (pyscipopt.quicksum), which makes a copy about a fifth
        faster; most of what is left is pyscipopt's addCons. Columns that their bounds fix
        enter the sides as their values (`_free_part`)."""
        import pyscipopt

        c, lo, hi = _free_part(c)
        expr = pyscipopt.Expr({terms[self.index[v.name]]: coef for v, coef in c.items()})
        if lo == hi:
            return self.native.addCons(expr == lo, name=name)
        if hi < np.inf:
            return self.native.addCons(expr <= hi, name=name)
        return self.native.addCons(expr >= lo, name=name)

    def _solve_scip(self, deadline: float | None, nodes: int | None) -> tuple[bool, bool]:
        """nodes: the most branch-and-bound nodes this solve may take (None: no limit)."""
        m = self.native
        if self.in_search and self.in_search.learnt:
            self._keep_learnt()
        m.setParam("limits/totalnodes", -1 if nodes is None else nodes)
        infeasible = _run_scip(m, deadline, check=not self.guessing)
        self.work += max(1, m.getNTotalNodes())
        if self.in_search is not None and self.in_search.exclude is not None:
            return self._collected(infeasible)
        found = m.getNSols() > 0
        if found:
            sol = m.getBestSol()
            for v, x in zip(self.columns, self.scip_vars, strict=True):
                v.varValue = m.getSolVal(sol, x)
        return found, infeasible

    def _collected(self, searched_out: bool) -> tuple[bool, bool]:
        """The answers a search that went on past its first one kept (each cut off, so SCIP
        itself holds none): the first into the PuLP variables, and what the search told of its
        uniqueness; searched_out: the search ended, finding no further answer."""
        handler = self.in_search
        answers = handler.answers
        if not answers:
            return False, searched_out
        for v, x in zip(self.columns, answers[0], strict=True):
            v.varValue = x
        self.answer_at = handler.first_found
        if len(answers) > 1:
            self.unique, self.second = False, answers[1]
        elif searched_out:
            self.unique = True
        return True, False

    def start_proof(self) -> None:
        """The searches from here on look for a second answer, which a unique puzzle does not
        have. For a genre whose tuning says `prove_by_search`, HiGHS or SCIP runs them without
        presolve and primal heuristics: the LP and branch-and-bound then decide at once, and
        their "infeasible" needs no second opinion or second run (see `_run_highs`,
        `_run_scip`). Heuristics look for an answer that is not there; presolve's probing, then
        the check of its word, cost more than the search on models whose LP is tight: without
        them such a proof is up to twice as fast. The genres whose proof is slower so keep
        both (loops and paths, up to 14 times slower)."""
        if not self.settings.tuning.prove_by_search:
            return
        if self.settings.solver == "highs":
            for option, value in PROOF_BY_SEARCH:
                self.native.setOptionValue(option, value)
        elif self.settings.solver == "scip":
            import pyscipopt

            scip_free(self.native.freeTransform)
            self.native.setPresolve(pyscipopt.SCIP_PARAMSETTING.OFF)
            self.native.setHeuristics(pyscipopt.SCIP_PARAMSETTING.OFF)

    def load_second(self) -> None:
        """Put the other answer a search found (`second`) into the PuLP variables."""
        if self.second is None:
            raise ValueError("no second answer was found")
        for v, x in zip(self.columns, self.second, strict=True):
            v.varValue = x

    # CBC ------------------------------------------------------------------------------------
    def _solve_cbc(self, deadline: float | None) -> tuple[bool, bool]:
        """HiGHS writes its copy of the model (fast, in C++; PuLP's writer takes 0.3 s for a
        30x30 numberlink), naming the columns; CBC solves that file."""
        import highspy

        with tempfile.TemporaryDirectory(prefix="puzzle-solver-cbc-") as tmp:
            mps = Path(tmp) / "model.mps"
            if self.native.writeModel(str(mps)) == highspy.HighsStatus.kError:
                raise SolverError("HiGHS could not write the model file for CBC")
            run = _run_cbc(mps, self.settings, deadline)
        if run is None:  # killed at the deadline
            return False, False
        found, infeasible, values = run
        if found:  # the names HiGHS gave (c<i>; a column added after a write gets c_ekk<i>)
            names = self.native.getLp().col_names_
            for v, column in zip(self.columns, names, strict=True):
                v.varValue = values.get(column, 0.0)
        return found, infeasible


def _highs_run(h: object, deadline: float | None) -> None:
    """Run HiGHS by the deadline (its option `time_limit` is set already) in the solver thread
    (`limits.run_solver`), which stops it at once on Ctrl-C, SIGTERM or the deadline: from its
    interrupt callbacks (simplex, interior point, MIP), where it heeds them. While somebody
    watches (`progress.active()`): at most every `progress.INTERVAL`, the nodes explored,
    whether an answer was found, and the bound and gap when the model has an objective, from
    the MIP callback (a few hundred calls a second on a hard 20x20 model), reported from the
    waiting thread."""
    import highspy

    stop = threading.Event()
    watch = _SolverReport() if progress.active() else None

    # HiGHS keeps a callback's request to stop into the next run of the same model (highspy
    # 1.16: a run after an interrupted one stops at its first callback), so a call that does
    # not ask to stop withdraws it
    def interrupt(e: object) -> None:
        e.data_in.user_interrupt = stop.is_set()

    def mip(e: object) -> None:
        e.data_in.user_interrupt = stop.is_set()
        if not stop.is_set() and watch is not None and watch.due():
            out = e.data_out
            found = math.isfinite(out.mip_primal_bound)
            gap = out.mip_primal_bound != out.mip_dual_bound and found
            watch.saw(
                nodes=int(out.mip_node_count),
                found=found,
                bound=out.mip_dual_bound if gap else None,
                gap=out.mip_gap if gap else None,
            )

    def run() -> None:
        try:
            if _scheduler_reset:
                _scheduler_reset.clear()
                highspy.Highs.resetGlobalScheduler(True)
            h.run()
        finally:
            returned.set()

    returned = threading.Event()
    callbacks = (
        (h.cbSimplexInterrupt, interrupt),
        (h.cbIpmInterrupt, interrupt),
        (h.cbMipInterrupt, mip),
    )
    for event, callback in callbacks:
        event.subscribe(callback)
    try:
        limits.run_solver(run, stop.set, deadline, watch.tell if watch else None)
    finally:
        if returned.is_set():  # not one left running (`limits.abandoned`)
            for event, callback in callbacks:
                event.unsubscribe(callback)
        if watch is not None:
            watch.tell()


class _SolverReport(progress.SolverWatch):
    """What a solver's callback saw last (`saw`, in the solver thread), told to the reporter by
    the thread that waits for the solver (`tell`)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, Any] | None = None

    def saw(self, **fields: Any) -> None:
        self.seen = fields

    def tell(self) -> None:
        seen, self.seen = self.seen, None
        if seen is not None:
            progress.report(**seen)


def new_scip() -> object:
    """A quiet SCIP model that leaves Ctrl-C to Python (`limits.run_solver` stops it)."""
    import pyscipopt

    m = pyscipopt.Model()
    m.hideOutput()
    m.setParam("misc/catchctrlc", False)
    return m


def _optimize(m: object, deadline: float | None) -> None:
    """Optimize by the deadline (its `limits/time` is set already) in the solver thread
    (`limits.run_solver`), which stops SCIP at once on Ctrl-C, SIGTERM or the deadline
    (`interruptSolve`). While somebody watches: at most every `progress.INTERVAL`, its
    nodes, whether an answer was found, and the bound and gap when the model has an objective,
    from an event handler on solved nodes, found solutions and cuts added at the root (the
    only events that come during a long root: thousands a second on a hard 20x20 model, at
    most 0.6 s apart), reported from the waiting thread. The handler stays in the model (SCIP
    cannot remove one), silent when nobody watches."""
    handler = None
    if progress.active():
        handler = _scip_handlers.get(m)
        if handler is None:
            handler = _scip_handlers[m] = _scip_handler_class()()
            m.includeEventhdlr(handler, "puzzle-solver-progress", "reports progress")
        handler.on = True
    try:
        limits.run_solver(
            m.optimizeNogil, m.interruptSolve, deadline, handler.watch.tell if handler else None
        )
    finally:
        if handler is not None:
            handler.on = False
            handler.watch.tell()


_scip_handlers: weakref.WeakKeyDictionary[object, object] = weakref.WeakKeyDictionary()


@atexit.register
def _free_watched_scip_models() -> None:
    """Free the SCIP models that carry a progress handler while Python still runs: freed at
    interpreter shutdown, SCIP calls the handler's exit method when Python can no longer run it
    and prints `[event.c:307] ERROR` lines."""
    for m in list(_scip_handlers.keys()):
        with contextlib.suppress(Exception):
            m.freeProb()
    _scip_handlers.clear()


@functools.cache
def _scip_handler_class() -> type:
    import pyscipopt

    events = pyscipopt.SCIP_EVENTTYPE
    caught = events.NODESOLVED | events.BESTSOLFOUND | events.ROWADDEDSEPA

    class Handler(pyscipopt.Eventhdlr):
        on = False

        def __init__(self) -> None:
            super().__init__()
            self.watch = _SolverReport()

        def eventinit(self) -> None:
            self.model.catchEvent(caught, self)

        def eventexit(self) -> None:
            with contextlib.suppress(ReferenceError):  # the model is being freed
                self.model.dropEvent(caught, self)

        def eventexec(self, event: object) -> None:
            m = self.model
            if self.on and self.watch.due():
                found = m.getNSols() > 0
                objective = found and m.getPrimalbound() != m.getDualbound()
                self.watch.saw(
                    nodes=int(m.getNNodes()),
                    found=found,
                    bound=m.getDualbound() if objective else None,
                    gap=m.getGap() if objective else None,
                )

    return Handler


def scip_free(free: Callable[[], object]) -> None:
    """Free SCIP's transformed problem or its whole problem (`free`: the model's freeTransform
    or freeProb) in this thread. SCIP calls the Python methods of its handlers as it frees them
    (the lazy cuts' conslock, to remove their locks): a Ctrl-C, SIGTERM or deadline's alarm
    raised inside one would be lost in it and fail SCIP, so what a signal raises waits for the
    end (`limits.shielded`)."""
    with limits.shielded():
        free()


def _scip_to_problem_stage(m: object) -> None:
    """Free SCIP's transformed problem, so that rows can be added, unless it is freed already
    (a round adds its cuts one by one: freeing each time costs 80 us a row)."""
    import pyscipopt

    if m.getStage() != pyscipopt.SCIP_STAGE.PROBLEM:
        scip_free(m.freeTransform)


def _run_scip(m: object, deadline: float | None, check: bool = True) -> bool:
    """Optimize by the deadline; True when SCIP proved the model infeasible. An "infeasible" is
    checked again with presolve off, as for HiGHS: SCIP 10 (pyscipopt 6.3.0) calls a feasible
    20x20 country-road model infeasible after a round of lazy cuts, and solves it with its
    linear or set-partitioning presolve off."""
    import pyscipopt

    if deadline is not None:
        m.setParam("limits/time", _scip_seconds(_remaining(deadline)))
    _optimize(m, deadline)
    if m.getStatus() != "infeasible":
        return False
    if m.getParam("presolving/maxrounds") == 0 or not check:
        return True  # this run had no presolve (it is the check), or no check is wanted
    scip_free(m.freeTransform)
    left = _remaining(deadline)
    if left is not None and left <= 0:
        return False  # no time left to check the presolve's word
    if left is not None:
        m.setParam("limits/time", _scip_seconds(left))
    m.setPresolve(pyscipopt.SCIP_PARAMSETTING.OFF)
    try:
        _optimize(m, deadline)
    finally:  # the next cut frees the transformed problem anyway; keep this run's solution
        m.setPresolve(pyscipopt.SCIP_PARAMSETTING.DEFAULT)
    return m.getStatus() == "infeasible"


class Terms(Protocol):
    """SCIP's terms of the columns, by column index (a list, or made when asked for)."""

    def __getitem__(self, i: int, /) -> object: ...


def scip_term(x: Any) -> object:
    """SCIP's term (pyscipopt's monomial) of a variable, the key of an expression's
    coefficients: the one a pyscipopt variable holds as an expression of itself."""
    return next(iter(x.terms))


def _scip_seconds(left: float) -> float:
    return min(max(left, 0.001), 1e20)  # SCIP's range for limits/time


NO_NODE_LIMIT = 2_147_483_647  # HiGHS's mip_max_nodes when it has none
FIRST = 10  # SCIP's branching priority of `Model.branch_first` (the others keep 0)
RULE_FIRST = 100_000  # the priority of `Model.scip_branching`'s rule (SCIP's own: 10000 at most)
RECHECK_SEARCHED = False  # True: check every "infeasible" again, searched or not (2x a proof)
# nodes HiGHS without presolve gets before SCIP's opinion (0: at once). At once: a node count
# does not bound HiGHS's root without presolve (a published 33x23 norinori's ran a minute), and
# SCIP's opinion costs about what a small model's check does
QUICK_CHECK = 0


def _run_highs(
    h: object, deadline: float | None, quick: int | None = None, check: bool = True
) -> bool:
    """Run HiGHS by the deadline; True when it proved the model infeasible. An "infeasible"
    that its MIP presolve decided alone (no branch-and-bound node searched) is checked: HiGHS
    1.15.1's presolve calls a feasible slitherlink model infeasible that way
    (tests/data/highs_presolve_false_infeasible.mps.gz, 0 nodes; 1.16.0 solves it; the
    tracker has more such reports), and here infeasible means "no answer" or "unique", so it
    must be a proof. The check: HiGHS again with presolve off for QUICK_CHECK nodes where
    that is more than none; then SCIP's second opinion (SCIP proves these far sooner than
    HiGHS without presolve: country-2 0.09 s against 0.59 s); where SCIP does not agree,
    HiGHS without presolve to the end. An infeasibility that the search reached is believed:
    checking those too would double every uniqueness proof. quick: the nodes for HiGHS
    without presolve instead of QUICK_CHECK (0: SCIP's opinion at once). check=False: the
    "infeasible" is believed as it stands (a search whose verdict no one is told)."""
    import highspy

    quick = QUICK_CHECK if quick is None else quick
    if deadline is not None:
        h.setOptionValue("time_limit", max(_remaining(deadline), 0.001))
    _highs_run(h, deadline)
    doubtful = (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kSolveError)
    if h.getModelStatus() not in doubtful:  # a solve error: presolve's answer broke a row
        return False
    if not check and _highs_infeasible(h):
        return True
    if _highs_infeasible(h) and h.getInfo().mip_node_count > 0 and not RECHECK_SEARCHED:
        return True  # proved by branch and bound, not by presolve's word alone
    if h.getOptions().presolve == "off":
        return _highs_infeasible(h)
    presolve_said_infeasible = _highs_infeasible(h)  # or it broke a row (a solve error)
    quickly = _highs_without_presolve(h, deadline, quick) if quick > 0 else None
    if quickly is not None:
        return quickly
    if presolve_said_infeasible and _scip_agrees_infeasible(h, deadline):
        return True  # two independent solvers say so
    return bool(_highs_without_presolve(h, deadline))


def _highs_without_presolve(
    h: object, deadline: float | None, cap: int | None = None
) -> bool | None:
    """HiGHS again with presolve off, by the deadline and for at most `cap` branch-and-bound
    nodes (within the solve's own limit, `mip_max_nodes`): whether it proved the model
    infeasible, or None when the cap stopped it."""
    import highspy

    left = _remaining(deadline)
    if left is not None and left <= 0:
        return False  # no time left to check the presolve's word
    h.setOptionValue("time_limit", highspy.kHighsInf if left is None else max(left, 0.001))
    nodes = h.getOptions().mip_max_nodes
    capped = cap is not None and cap < nodes
    if capped:
        h.setOptionValue("mip_max_nodes", cap)
    h.setOptionValue("presolve", "off")
    try:
        _highs_run(h, deadline)
    finally:
        h.setOptionValue("presolve", "choose")
        h.setOptionValue("time_limit", highspy.kHighsInf)
        h.setOptionValue("mip_max_nodes", nodes)
    found = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
    if capped and h.getModelStatus() == highspy.HighsModelStatus.kSolutionLimit and not found:
        return None
    return _highs_infeasible(h)


# SCIP's presolve for the second opinion without its pairwise comparison of set-covering and of
# linear rows: SCIP proves these models infeasible in presolve (probing does it), and there the
# pairwise passes cost more than they save (about 8 % of an opinion's time on the published
# puzzles, and no opinion is slower without them).
OPINION_SCIP_PARAMS = (
    ("constraints/logicor/presolpairwise", False),
    ("constraints/linear/presolpairwise", False),
)


def _scip_agrees_infeasible(h: object, deadline: float | None) -> bool:
    """A second opinion on a model that HiGHS's presolve alone called infeasible: SCIP, an
    independent solver, is given the same rows (copied from HiGHS, see `_scip_copy`) and
    looks for an answer. Where it agrees, that is believed; where it does not (or runs out of
    time), HiGHS runs again with presolve off, to the end. SCIP is the cheaper check: on the
    published puzzles up to about 8 times faster than HiGHS without presolve."""
    left = _remaining(deadline)
    if left is not None and left <= 0:
        return False
    m = _scip_copy(h)
    for name, value in OPINION_SCIP_PARAMS:
        m.setParam(name, value)
    m.setParam("limits/time", 1e20 if left is None else _scip_seconds(left))
    try:
        _optimize(m, deadline)
        return m.getStatus() == "infeasible"
    finally:
        scip_free(m.freeProb)
        _spare_scip.append(m)


# SCIP instances whose problem has been freed, kept for the next second opinion: a new one (SCIP
# and its plugins) costs about a third of the opinion on a small model. A kept one carries only
# the settings every opinion sets again.
_spare_scip: list[object] = []


def _blank_scip() -> object:
    """A quiet SCIP instance for a problem to be read into: a spare one when there is one."""
    with contextlib.suppress(IndexError):
        return _spare_scip.pop()
    return new_scip()


def _scip_copy(h: object) -> object:
    """A SCIP model with HiGHS's columns (bounds, integrality) and rows, and no objective, as
    only feasibility is asked. The copy goes through an MPS file that HiGHS writes and SCIP
    reads: 2-3 times faster than adding the rows one by one from Python, which on small puzzles
    is a good part of the uniqueness proof. Where the file cannot be written or read (a
    temporary folder HiGHS cannot open, say), the copy is made row by row in memory instead."""
    m = _scip_copy_through_file(h)
    return m if m is not None else _scip_copy_by_rows(h)


def _scip_copy_through_file(h: object) -> object | None:
    import highspy

    m = _blank_scip()
    with contextlib.suppress(OSError):
        path = os.path.join(_copy_folder(), f"model-{threading.get_ident()}.mps")
        if h.writeModel(path) != highspy.HighsStatus.kError:  # a warning: columns named
            with contextlib.suppress(Exception):  # pyscipopt's bare Exception: SCIP cannot read it
                m.readProblem(path)
                m.setObjective(0)
                return m
    scip_free(m.freeProb)
    _spare_scip.append(m)
    return None


@functools.cache
def _copy_folder() -> str:
    """A temporary folder for the copies' MPS files, one per process and removed when it ends:
    each copy overwrites its thread's file, as creating and removing a folder per copy costs
    about a tenth of a small model's opinion."""
    folder = tempfile.mkdtemp(prefix="puzzle-solver-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _scip_copy_by_rows(h: object) -> object:
    """The copy made in memory, column by column and row by row from HiGHS's matrix."""
    import highspy
    import pyscipopt

    lp = h.getLp()
    m = new_scip()
    inf = highspy.kHighsInf
    integer = list(lp.integrality_) or [highspy.HighsVarType.kContinuous] * lp.num_col_
    xs = [
        m.addVar(
            f"x{j}",
            vtype="I" if t == highspy.HighsVarType.kInteger else "C",
            lb=None if lo <= -inf else lo,
            ub=None if hi >= inf else hi,
        )
        for j, (lo, hi, t) in enumerate(zip(lp.col_lower_, lp.col_upper_, integer, strict=True))
    ]
    a = lp.a_matrix_
    starts, index, value = np.asarray(a.start_), np.asarray(a.index_), np.asarray(a.value_)
    if a.format_ == highspy.MatrixFormat.kColwise:  # rows wanted: sort the entries by row
        cols = np.repeat(np.arange(lp.num_col_), np.diff(starts))
        order = np.argsort(index[: starts[-1]], kind="stable")
        rows, index, value = index[order], cols[order], value[order]
        starts = np.searchsorted(rows, np.arange(lp.num_row_ + 1))
    for i, (lo, hi) in enumerate(zip(lp.row_lower_, lp.row_upper_, strict=True)):
        k = slice(starts[i], starts[i + 1])
        expr = pyscipopt.quicksum(float(v) * xs[j] for j, v in zip(index[k], value[k], strict=True))
        if lo == hi:
            m.addCons(expr == lo, name=f"r{i}")
            continue
        if lo > -inf:
            m.addCons(expr >= lo, name=f"r{i}")
        if hi < inf:
            m.addCons(expr <= hi, name=f"r{i}u")
    return m


def _highs_infeasible(h: object) -> bool:
    import highspy

    return h.getModelStatus() == highspy.HighsModelStatus.kInfeasible


def _cbc_path() -> str:
    with warnings.catch_warnings():  # PuLP 3.3 warns that 4.0 unbundles CBC; we pin <4
        warnings.simplefilter("ignore", DeprecationWarning)
        return pulp.PULP_CBC_CMD(msg=False).path


def _run_cbc(
    model: Path, s: Settings, deadline: float | None
) -> tuple[bool, bool, dict[str, float]] | None:
    """Run PuLP's bundled CBC on a model file (.mps or .lp) by the deadline: (an answer was
    found, infeasibility was proven, the variable values by the file's names), or None when
    CBC was killed at the deadline. CBC's own time limit does not cover all of its root
    processing (on a 30x30 numberlink it runs for minutes past it), so the child process is
    killed CBC_KILL_GRACE after the deadline; it is killed too when Python is interrupted. Its
    files go in a temporary folder that is always removed."""
    left = _remaining(deadline)
    if left is not None and left <= 0:  # writing the model file used up the time
        return None
    import subprocess  # here: only CBC runs as a process, and it is slow to import

    with tempfile.TemporaryDirectory(prefix="puzzle-solver-cbc-") as tmp:
        sol = Path(tmp) / "model.sol"
        cmd = [_cbc_path(), str(model)]
        if left is not None:
            cmd += ["sec", f"{left:.3f}", "timeMode", "elapsed"]
        if s.threads:
            cmd += ["threads", str(s.threads)]
        cmd += ["solve", "solu", str(sol)]
        proc = None
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # in our process group, so that whatever kills the group kills CBC too
            proc.wait(None if left is None else left + limits.CBC_KILL_GRACE)
        except subprocess.TimeoutExpired:
            return None
        except OSError as exc:  # the bundled binary missing or not executable
            raise SolverError(f"cannot run CBC ({cmd[0]}): {exc.strerror or exc}") from None
        finally:
            if proc is not None and proc.poll() is None:
                _kill(proc)
        if not sol.exists():
            raise SolverError(f"CBC stopped (exit code {proc.returncode}) without an answer file")
        return _read_cbc_solution(sol.read_text())


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill a child process (CBC runs as one process) and reap it."""
    with contextlib.suppress(ProcessLookupError):
        proc.kill()
    proc.wait()


def _read_cbc_solution(text: str) -> tuple[bool, bool, dict[str, float]]:
    """CBC's `solu` file: a status line (`Optimal - objective value 0`, `Stopped on time -
    objective value 0` with an integer answer, `Stopped on time (no integer solution -
    continuous used)`, `Infeasible`, `Integer infeasible`) and `index name value reduced-cost`
    lines for the nonzero variables."""
    lines = text.splitlines()
    first = lines[0] if lines else ""
    found = first.startswith("Optimal") or (
        first.startswith("Stopped") and "no integer solution" not in first
    )
    values = {}
    for line in lines[1:] if found else []:
        parts = line.replace("**", "").split()
        if len(parts) >= 3:
            values[parts[1]] = float(parts[2])
    return found, "infeasible" in first.lower(), values


def _is_binary(v: pulp.LpVariable) -> bool:
    return v.cat == pulp.LpInteger and v.lowBound == 0 and v.upBound == 1


def _holds_at_zero(c: pulp.LpConstraint) -> bool:
    """Whether a row holds when every variable is 0 (for a row with no variables: whether the
    row holds at all)."""
    lo, hi = _row_bounds(c)
    return lo <= 1e-9 and hi >= -1e-9


def _free_part(c: pulp.LpConstraint) -> tuple[Mapping[pulp.LpVariable, float], float, float]:
    """A row as SCIP gets it: its terms and sides, with each column that its bounds fix (a
    deduction's) moved to the sides as its value, as presolve would (genres searched without
    SCIP's presolve, Tuning.scip_presolve; HiGHS's presolve does it where it runs). A row of
    fixed columns alone stays whole."""
    lo, hi = _row_bounds(c)
    free = {v: coef for v, coef in c.items() if not is_fixed(v)}
    if not free or len(free) == len(c):
        return c, lo, hi
    shift = sum(coef * v.lowBound for v, coef in c.items() if v not in free)
    return free, lo - shift, hi - shift


def _row_bounds(c: pulp.LpConstraint) -> tuple[float, float]:
    rhs = -c.constant
    if c.sense == pulp.LpConstraintEQ:
        return rhs, rhs
    if c.sense == pulp.LpConstraintLE:
        return -np.inf, rhs
    return rhs, np.inf


# --- solving a stage's .lp file (its formats: solver.mip.stage_files) ------------------------


def solve_lp_file(lp: Path, s: Settings) -> tuple[Status, dict[str, float]]:
    """Solve a CPLEX LP file; returns the status and the nonzero variable values by name."""
    s = s.resolved()  # the complete form of any genre: the fallback back end
    if not lp.exists():
        raise SolverError(f"no model file {lp}: run the 'lp' stage first")
    check_stage_file(lp, "an .lp model file")
    deadline = s.deadline()
    start = time.perf_counter()
    if s.solver == "scip":
        found, infeasible, values = _scip_file(lp, s, deadline)
    elif s.solver == "highs":
        found, infeasible, values = _highs_file(lp, s, deadline)
    else:
        found, infeasible, values = _cbc_file(lp, s, deadline)
    seconds = time.perf_counter() - start
    result = _classify(found, infeasible, seconds, s.time_limit, s.solver)
    return result, {k: v for k, v in values.items() if abs(v) > 1e-9 and not k.startswith("__")}


FileRun = tuple[bool, bool, dict[str, float]]  # found, proven infeasible, values by name


def _scip_file(lp: Path, s: Settings, deadline: float | None) -> FileRun:

    m = new_scip()
    m.readProblem(str(lp))
    if s.threads:
        m.setParam("lp/threads", s.threads)
    infeasible = _run_scip(m, deadline)
    if m.getNSols() > 0:
        sol = m.getBestSol()
        return True, False, {v.name: m.getSolVal(sol, v) for v in m.getVars()}
    return False, infeasible, {}


def _highs_file(lp: Path, s: Settings, deadline: float | None) -> FileRun:
    import highspy

    h = new_highs(s.threads)
    if h.readModel(str(lp)) != highspy.HighsStatus.kOk:
        raise SolverError(f"HiGHS could not read {lp}")
    infeasible = _run_highs(h, deadline)
    if h.getInfo().primal_solution_status == 2:
        names = h.getLp().col_names_
        return True, False, dict(zip(names, h.getSolution().col_value, strict=True))
    return False, infeasible, {}


def _cbc_file(lp: Path, s: Settings, deadline: float | None) -> FileRun:
    run = _run_cbc(lp, s, deadline)
    return (False, False, {}) if run is None else run


def check_stage_file(path: Path, what: str) -> None:
    """A SolverError unless `path` is a regular file within the size a stage's file may have."""
    try:
        limits.check_regular_file(path, limits.MAX_STAGE_FILE_BYTES, what)
    except limits.LimitError as exc:
        raise SolverError(str(exc)) from None
