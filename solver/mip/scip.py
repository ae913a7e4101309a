"""SCIP in process through pyscipopt: a quiet model (`new`), a run by the deadline in the
solver thread that Ctrl-C, SIGTERM or the deadline stop at once (`optimize`), a run whose
"infeasible" is checked with presolve off (`solve`), and SCIP's second opinion on a model that
HiGHS's presolve alone called infeasible (`agrees_infeasible`, on a copy of HiGHS's rows)."""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import shutil
import tempfile
import threading
import weakref
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from solver import limits, progress


def new() -> object:
    """A quiet SCIP model that leaves Ctrl-C to Python (`limits.run_solver` stops it)."""
    import pyscipopt

    m = pyscipopt.Model()
    m.hideOutput()
    m.setParam("misc/catchctrlc", False)
    return m


def optimize(m: object, deadline: float | None) -> None:
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
        handler = _handlers.get(m)
        if handler is None:
            handler = _handlers[m] = _handler_class()()
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


_handlers: weakref.WeakKeyDictionary[object, object] = weakref.WeakKeyDictionary()


@atexit.register
def _free_watched_models() -> None:
    """Free the SCIP models that carry a progress handler while Python still runs: freed at
    interpreter shutdown, SCIP calls the handler's exit method when Python can no longer run it
    and prints `[event.c:307] ERROR` lines."""
    for m in list(_handlers.keys()):
        with contextlib.suppress(Exception):
            m.freeProb()
    _handlers.clear()


@functools.cache
def _handler_class() -> type:
    import pyscipopt

    events = pyscipopt.SCIP_EVENTTYPE
    caught = events.NODESOLVED | events.BESTSOLFOUND | events.ROWADDEDSEPA

    class Handler(pyscipopt.Eventhdlr):
        on = False

        def __init__(self) -> None:
            super().__init__()
            self.watch = progress.SolverReport()

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


def free(freeing: Callable[[], object]) -> None:
    """Free SCIP's transformed problem or its whole problem (`freeing`: the model's freeTransform
    or freeProb) in this thread. SCIP calls the Python methods of its handlers as it frees them
    (the lazy cuts' conslock, to remove their locks): a Ctrl-C, SIGTERM or deadline's alarm
    raised inside one would be lost in it and fail SCIP, so what a signal raises waits for the
    end (`limits.shielded`)."""
    with limits.shielded():
        freeing()


def to_problem_stage(m: object) -> None:
    """Free SCIP's transformed problem, so that rows can be added, unless it is freed already
    (a round adds its cuts one by one: freeing each time costs 80 us a row)."""
    import pyscipopt

    if m.getStage() != pyscipopt.SCIP_STAGE.PROBLEM:
        free(m.freeTransform)


def solve(m: object, deadline: float | None, check: bool = True) -> bool:
    """Optimize by the deadline; True when SCIP proved the model infeasible. An "infeasible" is
    checked again with presolve off, as for HiGHS: SCIP 10 (pyscipopt 6.3.0) calls a feasible
    20x20 country-road model infeasible after a round of lazy cuts, and solves it with its
    linear or set-partitioning presolve off."""
    import pyscipopt

    if deadline is not None:
        m.setParam("limits/time", seconds(limits.remaining(deadline)))
    optimize(m, deadline)
    if m.getStatus() != "infeasible":
        return False
    if m.getParam("presolving/maxrounds") == 0 or not check:
        return True  # this run had no presolve (it is the check), or no check is wanted
    free(m.freeTransform)
    left = limits.remaining(deadline)
    if left is not None and left <= 0:
        return False  # no time left to check the presolve's word
    if left is not None:
        m.setParam("limits/time", seconds(left))
    m.setPresolve(pyscipopt.SCIP_PARAMSETTING.OFF)
    try:
        optimize(m, deadline)
    finally:  # the next cut frees the transformed problem anyway; keep this run's solution
        m.setPresolve(pyscipopt.SCIP_PARAMSETTING.DEFAULT)
    return m.getStatus() == "infeasible"


class Terms(Protocol):
    """SCIP's terms of the columns, by column index (a list, or made when asked for)."""

    def __getitem__(self, i: int, /) -> object: ...


def term(x: Any) -> object:
    """SCIP's term (pyscipopt's monomial) of a variable, the key of an expression's
    coefficients: the one a pyscipopt variable holds as an expression of itself."""
    return next(iter(x.terms))


def seconds(left: float) -> float:
    """Seconds left as SCIP's `limits/time` takes them (its range)."""
    return min(max(left, 0.001), 1e20)


FIRST = 10  # SCIP's branching priority of `Model.branch_first` (the others keep 0)
RULE_FIRST = 100_000  # the priority of `Model.scip_branching`'s rule (SCIP's own: 10000 at most)


# SCIP's presolve for the second opinion without its pairwise comparison of set-covering and of
# linear rows: SCIP proves these models infeasible in presolve (probing does it), and there the
# pairwise passes cost more than they save (about 8 % of an opinion's time on the published
# puzzles, and no opinion is slower without them).
OPINION_PARAMS = (
    ("constraints/logicor/presolpairwise", False),
    ("constraints/linear/presolpairwise", False),
)


def agrees_infeasible(h: object, deadline: float | None) -> bool:
    """A second opinion on a model that HiGHS's presolve alone called infeasible: SCIP, an
    independent solver, is given the same rows (copied from HiGHS, see `copy_of`) and
    looks for an answer. Where it agrees, that is believed; where it does not (or runs out of
    time), HiGHS runs again with presolve off, to the end. SCIP is the cheaper check: on the
    published puzzles up to about 8 times faster than HiGHS without presolve."""
    left = limits.remaining(deadline)
    if left is not None and left <= 0:
        return False
    m = copy_of(h)
    for name, value in OPINION_PARAMS:
        m.setParam(name, value)
    m.setParam("limits/time", 1e20 if left is None else seconds(left))
    try:
        optimize(m, deadline)
        return m.getStatus() == "infeasible"
    finally:
        free(m.freeProb)
        _spare.append(m)


# SCIP instances whose problem has been freed, kept for the next second opinion: a new one (SCIP
# and its plugins) costs about a third of the opinion on a small model. A kept one carries only
# the settings every opinion sets again.
_spare: list[object] = []


def _blank() -> object:
    """A quiet SCIP instance for a problem to be read into: a spare one when there is one."""
    with contextlib.suppress(IndexError):
        return _spare.pop()
    return new()


def copy_of(h: object) -> object:
    """A SCIP model with HiGHS's columns (bounds, integrality) and rows, and no objective, as
    only feasibility is asked. The copy goes through an MPS file that HiGHS writes and SCIP
    reads: 2-3 times faster than adding the rows one by one from Python, which on small puzzles
    is a good part of the uniqueness proof. Where the file cannot be written or read (a
    temporary folder HiGHS cannot open, say), the copy is made row by row in memory instead."""
    m = _copy_through_file(h)
    return m if m is not None else copy_by_rows(h)


def _copy_through_file(h: object) -> object | None:
    import highspy

    m = _blank()
    with contextlib.suppress(OSError):
        path = os.path.join(_copy_folder(), f"model-{threading.get_ident()}.mps")
        if h.writeModel(path) != highspy.HighsStatus.kError:  # a warning: columns named
            with contextlib.suppress(Exception):  # pyscipopt's bare Exception: SCIP cannot read it
                m.readProblem(path)
                m.setObjective(0)
                return m
    free(m.freeProb)
    _spare.append(m)
    return None


@functools.cache
def _copy_folder() -> str:
    """A temporary folder for the copies' MPS files, one per process and removed when it ends:
    each copy overwrites its thread's file, as creating and removing a folder per copy costs
    about a tenth of a small model's opinion."""
    folder = tempfile.mkdtemp(prefix="puzzle-solver-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def copy_by_rows(h: object) -> object:
    """The copy made in memory, column by column and row by row from HiGHS's matrix."""
    import highspy
    import pyscipopt

    lp = h.getLp()
    m = new()
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
