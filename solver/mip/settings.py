"""What a solve is asked to do: the user's `Settings` (back end, time limit, threads, the
connectivity form) and each genre's `Tuning` (the back end "default" means, how SCIP and HiGHS
search, the budgets of the deductions), with the HiGHS options and budgets the tunings name.
The back ends that run them: `solver.mip.backends`."""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field

SOLVERS = ("highs", "scip", "cbc")
SAT_SOLVERS = ("cadical195", "glucose42")  # solver.deduce.sat's SOLVER and GLUCOSE
CONNECTIVITY = ("default", "complete", "lazy")
# "default": each genre's own back end (Genre.solver, the fastest on its benchmark puzzles),
# and for a bare model with no genre FALLBACK_SOLVER, the fastest on the sample workbooks
DEFAULT_SOLVER = "default"
FALLBACK_SOLVER = "highs"
SOLVER_CHOICES = (DEFAULT_SOLVER, *SOLVERS)


class SolverError(RuntimeError):
    pass


@dataclass(frozen=True)
class Settings:
    solver: str = DEFAULT_SOLVER
    time_limit: float | None = None
    threads: int | None = None
    connectivity: str = "default"  # default (the genre's choice) | complete | lazy
    # SCIP takes lazy cuts inside its one search (solver.mip.scip_lazy); False: in rounds of
    # solves, as HiGHS and CBC must (kept to measure the one against the other)
    cuts_in_search: bool = True
    tuning: Tuning = field(default_factory=lambda: Tuning())  # the genre's (see `resolved`)
    deduce: bool = True  # apply the genre's deductions before the solve (`Genre.deduce`)

    def __post_init__(self) -> None:
        if self.solver not in SOLVER_CHOICES:
            raise SolverError(
                f"unknown solver {self.solver!r}; choose one of {', '.join(SOLVER_CHOICES)}"
            )
        if self.connectivity not in CONNECTIVITY:
            raise SolverError(
                f"unknown connectivity form {self.connectivity!r}; "
                f"choose one of {', '.join(CONNECTIVITY)}"
            )
        limit = self.time_limit
        if limit is not None and not (
            isinstance(limit, int | float)
            and not isinstance(limit, bool)
            and math.isfinite(limit)
            and limit > 0
        ):
            raise SolverError(
                f"the time limit must be a number of seconds above 0 (e.g. 60), not {limit!r}; "
                "leave it out for no limit"
            )
        threads = self.threads
        if threads is not None and (
            not isinstance(threads, int) or isinstance(threads, bool) or threads < 1
        ):
            raise SolverError(
                f"the thread count must be a whole number from 1 up, not {threads!r}; "
                "leave it out for the solver's choice"
            )

    def resolved(self, tuning: Tuning | None = None) -> Settings:
        """These settings for one genre (`Genre.tuning`; None: the tuning they already have,
        the fallback for a bare model): the back end "default" becomes the genre's own, and
        SCIP runs its lazy cuts the genre's way."""
        tuning = tuning or self.tuning
        solver = tuning.solver if self.solver == DEFAULT_SOLVER else self.solver
        return dataclasses.replace(self, solver=solver, tuning=tuning)

    def switched(self, tuning: Tuning) -> Settings | None:
        """The settings of a second attempt on the genre's other back end (`Tuning.switch_to`),
        where these leave the back end to the genre ("default"); None otherwise. That back end
        takes the lazy cuts inside its one search from the start."""
        if tuning.switch_to is None or self.solver != DEFAULT_SOLVER:
            return None
        again = dataclasses.replace(tuning, solver=tuning.switch_to, search_after=0)
        return dataclasses.replace(self, solver=tuning.switch_to, tuning=again)

    def deadline(self) -> float | None:
        """When a run that starts now must be over (a `time.perf_counter()` value), or None."""
        return None if self.time_limit is None else time.perf_counter() + self.time_limit

    @property
    def lazy(self) -> bool | None:
        """None: the genre's default form."""
        return {"default": None, "complete": False, "lazy": True}[self.connectivity]


# HiGHS's presolve rules, as bits of its option `presolve_rule_off` (HiGHS lists them all when
# its option `presolve_rule_logging` is on)
PRESOLVE_AGGREGATOR = 1 << 12
PRESOLVE_ENUMERATION = 1 << 16
PRESOLVE_DUAL_FIXING = 1 << 17
# HiGHS's presolve without those three rules: for the genres whose lazy rounds it makes faster
# (Tuning.highs_options). In their rounds almost all the time is presolve, and these three rules
# are a third of it; the model presolve leaves is as easy to solve. Not for every genre: without
# the aggregator numberlink's hard searches run out of time.
LEAN_PRESOLVE = (
    "presolve_rule_off",
    PRESOLVE_AGGREGATOR | PRESOLVE_ENUMERATION | PRESOLVE_DUAL_FIXING,
)
# HiGHS's presolve on every model unless a genre's tuning says otherwise: without dual fixing.
# The models have no objective (every feasible point is an answer), and dual fixing, which fixes
# a column where the objective and the rows' locks allow, costs more presolve time than it saves
# (about a tenth of a whole solve). Not for country-road, whose larger searches are slower
# without it (FULL_PRESOLVE).
DEFAULT_PRESOLVE = ("presolve_rule_off", PRESOLVE_DUAL_FIXING)
FULL_PRESOLVE = ("presolve_rule_off", 0)  # every rule, dual fixing too

# HiGHS without its feasibility-jump heuristic (run at the root of every MIP before the
# search): for the genres where it costs more time than the answers it finds save. Not for every
# genre: it finds slitherlink's and hashiwokakero's answers sooner.
NO_FEASIBILITY_JUMP = ("mip_heuristic_run_feasibility_jump", False)

# The budgets that choose a route count work, never seconds, so that a sheet takes the same
# route on every machine: the branch-and-bound nodes of the solves (a solve counts one node at
# least; `backends.LiveModel.work`).
#
# Nodes of rounds of solves before SCIP takes the lazy cuts inside its search. Where rounds
# are cheap they win (each new solve presolves with all the cuts; one search asks Python about
# every integral node and runs without dual reductions); where each round is a hard solve, one
# search wins. A genre whose rounds are hard says so with 0 (Tuning.search_after). Three times
# the most a published puzzle's rounds take where they end sooner than one search (60,
# slither-25x15c of tests/data/large/published.json without deductions); a generated masyu-20
# with several answers takes 7080, 28 times one search's seconds
# (benchmarks/benchmark_budgets.py search).
SEARCH_AFTER = 200
# A genre's reinforcements (Model.reinforcements, see cells.forest_count) wait this many nodes
# of the first attempt: above the most a first attempt takes where it is the faster route
# (3500, heyawake-19x15 of tests/data/large/heyawake.json); the searches that need the forest
# count run past 20000 (benchmarks/benchmark_budgets.py reinforce).
REINFORCE_AFTER = 5000
# A genre with `Tuning.switch_to` spends this many nodes on its own back end before it starts
# again on that one: above the most a published masyu or hotaru-beam takes on HiGHS (18,
# mashu-janko823 of tests/data/large/janko.json, where SCIP takes twice as long); generated
# masyu with several answers take more and end sooner on SCIP (benchmarks/benchmark_budgets.py
# switch). A HiGHS round is mostly one node: this counts rounds.
SWITCH_AFTER = 20


@dataclass(frozen=True)
class Tuning:
    """Everything that one genre tunes, in one record (`puzzle-solver genres NAME --tuning`):
    the back end that the solver "default" means, how SCIP and HiGHS search for it, and the
    budgets of its deductions. The answers never depend on it; only how soon they come."""

    solver: str = FALLBACK_SOLVER
    search_after: int = SEARCH_AFTER  # nodes of rounds before SCIP's one search (0: at once)
    scip_separating: bool = True  # SCIP's own cutting planes (False: none; the search is faster
    # where the LP bound says little, e.g. heyawake's lazy rings)
    scip_heuristics: bool = True  # SCIP's primal heuristics (False: none; where the search
    # finds the answer as soon, they only cost time)
    scip_presolve: bool = True  # SCIP's presolve (False: none; then an "infeasible" needs no
    # second run without it, see solver.mip.scip.solve)
    highs_options: tuple[tuple[str, bool | int | float | str], ...] = ()  # set on every HiGHS
    # model of the genre (yajilin: a smaller cut pool)
    reinforce_after: int = REINFORCE_AFTER  # nodes of the first attempt before the model's
    # reinforcements join it and the search starts again (Model.reinforcements)
    scip_strong_branching: bool = True  # SCIP's strong branching, to learn what branching on
    # a variable does (False: pseudo-costs from the start; yajilin's search is faster)
    prove_by_search: bool = False  # the uniqueness search without presolve and primal
    # heuristics (backends.LiveModel.start_proof; False: as the first search)
    switch_to: str | None = None  # where the user left the back end to the genre: the back end
    # that starts again, with the lazy cuts found, when the genre's own has not answered and
    # proved within `switch_after` nodes (hotaru-beam: HiGHS's rounds, then SCIP's one search)
    switch_after: int = SWITCH_AFTER
    # the deductions' budgets (`Genre.deduce`), in work, never seconds: what probing may spend
    # (the board's cells once a probe: the grid's cells for cells of two states, the graph's
    # cells and edges for a loop), at least `probe_work`, or `probe_passes` passes over the grid
    # where that is more (probing.passes_work), or `probe_work_per_cell` for each cell of a
    # loop's graph where that is more
    probe_work: int = 0
    probe_passes: int = 0
    probe_work_per_cell: int = 0
    probe_idle: float | None = None  # probing stops after this share of the grid's cells
    # probed in a row without deciding one (None: it goes on while a pass decides one)
    probe_radius: int | None = None  # a cell probed is probed again only once a cell within
    # this many steps of it was decided since (probing.probe; None: every pass probes it)
    probe_everywhere_from: int = 0  # on grids of more cells than this, probe every unknown
    # cell, not only those next to a decided one (heyawake) ...
    probe_everywhere_idle: float | None = None  # ... and stop after this share idle instead
    search_work: int = 0  # a depth-first search after probing, within this work (0: none)
    cell_search_work: int = 0  # ... and where the genre's own search (over its numbers' ways,
    # kurotto) runs out, one over the cells (`probing.search`) within this work
    search_spread: float = 0.0  # ... only where an unfinished island has at least this many
    # unknown cells to spread into, on average (nurikabe)
    learn_work: int = 0  # a search that learns from its conflicts after probing
    # (`solver.deduce.learning`), within this work (0: none)
    count_work: int = 0  # counting the answers along a frontier, in frontiers made (0: none)
    proof_count_work: int = 0  # ... and where that gives up, again in the uniqueness proof,
    # after the search's answer, within this work (`Model.others`; 0: not again)
    guess_sat_work: int = 0  # where the count gives up, a SAT solver looks for an answer that
    # uses every cell, within this work (its propagations), and the search tries it first
    # (`Deductions.guess`; 0: not at all)
    proof_sat_conflicts: int = 0  # where the count gives up, the uniqueness proof asks a SAT
    # solver (`solver.deduce.sat`) first, told the search's answer, within this many of its
    # conflicts (`Model.others`; 0: not at all)
    sat_conflicts: int = 0  # a SAT solver over the deductions' rules (`solver.deduce.sat`),
    # within this many of its conflicts (0: none), in turns with the genre's searches
    # (nurikabe, fillomino), before the search (the loop genres: `solver.deduce.loop_sat`), or
    # alone (battleship)
    sat_work: int = 0  # after probing, a SAT solver over what is left (`solver.deduce.sat`)
    # within this work (its propagations, and the answers it gave looked at), in place of the
    # learning search (the shading genres' `solver.deduce.shade_logic.learned`, kenken, lits,
    # star battle, tile paint; `sat.AFTER_PROBING`; 0: none)
    sat_solver: str = SAT_SOLVERS[0]  # PySAT's name of the SAT solver of `sat_conflicts`, where
    # the genre reads it (nurikabe: Glucose, sooner there than CaDiCaL; the others: CaDiCaL)

    def __post_init__(self) -> None:
        for solver in (self.solver, *filter(None, [self.switch_to])):
            if solver not in SOLVERS:
                raise SolverError(f"unknown solver {solver!r}; choose one of {', '.join(SOLVERS)}")
        if self.sat_solver not in SAT_SOLVERS:
            raise SolverError(f"unknown SAT solver {self.sat_solver!r}")


# A profile several genres share (heyawake, hitori, yajilin): SCIP's one search with the lazy
# cuts inside it from the first solve on, without its own cutting planes, primal heuristics and
# presolve, where the lazy rows make the LP bound weak and the answer is found as soon without
# them. A genre takes it with `dataclasses.replace(ONE_SCIP_SEARCH, ...)`.
ONE_SCIP_SEARCH = Tuning(
    "scip", search_after=0, scip_separating=False, scip_heuristics=False, scip_presolve=False
)
