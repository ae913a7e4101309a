"""HiGHS in process through highspy: a quiet instance (`new`), a run by the deadline in the
solver thread that Ctrl-C, SIGTERM or the deadline stop at once (`run`), and a run whose
"infeasible" is a proof (`solve`: presolve's word alone is checked, by SCIP's opinion or a run
without presolve)."""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
from collections.abc import Iterator

from solver import limits, progress
from solver.mip import scip


@contextlib.contextmanager
def quiet() -> Iterator[None]:
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


_threads: list[int] = []  # the thread count HiGHS's scheduler was started with (0: default)
_scheduler_reset: list[bool] = []  # the count changed: restart the scheduler before the next run


def new(threads: int | None = None) -> object:
    """A quiet `highspy.Highs()` (no banner on stdout, no log) that runs on `threads` threads.

    HiGHS starts one thread scheduler per process, with the thread count of its first run; a
    later run asking for another count stops with neither an answer nor a proof (highspy 1.16:
    a 1-thread solve after a default one). So the scheduler is restarted whenever the count
    changes, as in a long-lived Excel session where the setting is changed."""
    import highspy

    with quiet():
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
    wanted = int(threads or 0)
    if _threads and _threads[0] != wanted:
        _scheduler_reset.append(True)  # done in the solver thread, which runs HiGHS
    _threads[:] = [wanted]
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


def run(h: object, deadline: float | None) -> None:
    """Run HiGHS by the deadline (its option `time_limit` is set already) in the solver thread
    (`limits.run_solver`), which stops it at once on Ctrl-C, SIGTERM or the deadline: from its
    interrupt callbacks (simplex, interior point, MIP), where it heeds them. While somebody
    watches (`progress.active()`): at most every `progress.INTERVAL`, the nodes explored,
    whether an answer was found, and the bound and gap when the model has an objective, from
    the MIP callback (a few hundred calls a second on a hard 20x20 model), reported from the
    waiting thread."""
    import highspy

    stop = threading.Event()
    watch = progress.SolverReport() if progress.active() else None

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


NO_NODE_LIMIT = 2_147_483_647  # HiGHS's mip_max_nodes when it has none


RECHECK_SEARCHED = False  # True: check every "infeasible" again, searched or not (2x a proof)


# nodes HiGHS without presolve gets before SCIP's opinion (0: at once). At once: a node count
# does not bound HiGHS's root without presolve (a published 33x23 norinori's ran a minute), and
# SCIP's opinion costs about what a small model's check does
QUICK_CHECK = 0


def solve(h: object, deadline: float | None, quick: int | None = None, check: bool = True) -> bool:
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
        h.setOptionValue("time_limit", max(limits.remaining(deadline), 0.001))
    run(h, deadline)
    doubtful = (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kSolveError)
    if h.getModelStatus() not in doubtful:  # a solve error: presolve's answer broke a row
        return False
    if not check and infeasible(h):
        return True
    if infeasible(h) and h.getInfo().mip_node_count > 0 and not RECHECK_SEARCHED:
        return True  # proved by branch and bound, not by presolve's word alone
    if h.getOptions().presolve == "off":
        return infeasible(h)
    presolve_said_infeasible = infeasible(h)  # or it broke a row (a solve error)
    quickly = without_presolve(h, deadline, quick) if quick > 0 else None
    if quickly is not None:
        return quickly
    if presolve_said_infeasible and scip.agrees_infeasible(h, deadline):
        return True  # two independent solvers say so
    return bool(without_presolve(h, deadline))


def without_presolve(h: object, deadline: float | None, cap: int | None = None) -> bool | None:
    """HiGHS again with presolve off, by the deadline and for at most `cap` branch-and-bound
    nodes (within the solve's own limit, `mip_max_nodes`): whether it proved the model
    infeasible, or None when the cap stopped it."""
    import highspy

    left = limits.remaining(deadline)
    if left is not None and left <= 0:
        return False  # no time left to check the presolve's word
    h.setOptionValue("time_limit", highspy.kHighsInf if left is None else max(left, 0.001))
    nodes = h.getOptions().mip_max_nodes
    capped = cap is not None and cap < nodes
    if capped:
        h.setOptionValue("mip_max_nodes", cap)
    h.setOptionValue("presolve", "off")
    try:
        run(h, deadline)
    finally:
        h.setOptionValue("presolve", "choose")
        h.setOptionValue("time_limit", highspy.kHighsInf)
        h.setOptionValue("mip_max_nodes", nodes)
    found = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
    if capped and h.getModelStatus() == highspy.HighsModelStatus.kSolutionLimit and not found:
        return None
    return infeasible(h)


def infeasible(h: object) -> bool:
    """Whether HiGHS's last run proved the model infeasible."""
    import highspy

    return h.getModelStatus() == highspy.HighsModelStatus.kInfeasible
