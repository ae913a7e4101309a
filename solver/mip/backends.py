"""Solver back ends: solving a PuLP problem in memory, and solving an `.lp` file.

- `cbc`: the CBC binary that PuLP bundles (a subprocess; always there, no install step):
  `solver.mip.cbc`.
- `scip`: SCIP in process through pyscipopt (the seed's solver): `solver.mip.scip`.
- `highs`: HiGHS in process through highspy: `solver.mip.highs`.

`LiveModel` keeps a problem loaded in one of them between solves; `solve_lp_file` solves a
stage's `.lp` file with one.

A run that stops at its time limit without an answer is a `timeout`, never `infeasible`: only a
run that finished inside its limit proves infeasibility.
"""

from __future__ import annotations

import contextlib
import itertools
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pulp

from solver import limits, progress
from solver.mip import cbc, highs, scip
from solver.mip.model import is_fixed
from solver.mip.settings import DEFAULT_PRESOLVE, Settings, SolverError

Status = Literal["solved", "infeasible", "timeout"]


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
        # presolve's word is not checked (see highs.solve, scip.solve)
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
                self.native.chgVarBranchPriority(self.scip_vars[self.index[v.name]], scip.FIRST)
            if branching is not None:
                self.native.setParam(f"branching/{branching}/priority", scip.RULE_FIRST)
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
            scip.to_problem_stage(self.native)
            added = [self._scip_var(v) for v in new]
            self.scip_vars += added
            self.scip_terms += [scip.term(x) for x in added]
            return self._scip_row(constraint, self.scip_terms, name)
        return None

    @contextlib.contextmanager
    def trial(self, rows: Sequence[tuple[pulp.LpConstraint, str]]) -> Iterator[None]:
        """Rows for the solves inside the `with` block only (`Model.guesses`): added to the
        solver's copy, not to the PuLP problem, and taken out again after the block. Lazy cuts
        found meanwhile stay: they hold for every answer."""
        in_scip = self.settings.solver == "scip"
        first = None if in_scip else self.native.getNumRow()  # HiGHS (and CBC's copy): by index
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
            scip.to_problem_stage(self.native)
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
        limit = limits.remaining(deadline)
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
        h = highs.new(self.settings.threads)
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
        h.setOptionValue("mip_max_nodes", highs.NO_NODE_LIMIT if nodes is None else nodes)
        try:
            # with lazy cuts in the model, HiGHS without presolve is slow to prove what its
            # presolve found, and SCIP's opinion is asked at once (see highs.solve)
            infeasible = highs.solve(
                h, deadline, quick=0 if self.cuts else None, check=not self.guessing
            )
        finally:
            h.setOptionValue("mip_max_nodes", highs.NO_NODE_LIMIT)
        self.work += max(1, h.getInfo().mip_node_count)
        found = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
        if found:
            for v, x in zip(self.columns, h.getSolution().col_value, strict=True):
                v.varValue = x
        return found, infeasible

    # SCIP -----------------------------------------------------------------------------------
    def _scip(self) -> object:
        import pyscipopt

        m = scip.new()
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
        self.scip_terms = [scip.term(x) for x in self.scip_vars]
        for k, c in enumerate(self.prob.constraints()):
            limits.check_time()
            self._scip_row(c, self.scip_terms, c.name or f"row_{k}")
        return m

    def _scip_var(self, v: pulp.LpVariable) -> object:
        vtype = "B" if _is_binary(v) else {pulp.LpInteger: "I", pulp.LpContinuous: "C"}[v.cat]
        return self.native.addVar(v.name, vtype=vtype, lb=v.lowBound, ub=v.upBound)

    def _scip_row(self, c: pulp.LpConstraint, terms: scip.Terms, name: str) -> object:
        """Add one PuLP row over SCIP's terms of the columns (`terms[i]` column i's, see
        `scip.term`: of the original variables, or in a search of the transformed ones); returns
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
        infeasible = scip.solve(m, deadline, check=not self.guessing)
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
        their "infeasible" needs no second opinion or second run (see `highs.solve`,
        `scip.solve`). Heuristics look for an answer that is not there; presolve's probing, then
        the check of its word, cost more than the search on models whose LP is tight: without
        them such a proof is up to twice as fast. The genres whose proof is slower so keep
        both (loops and paths, up to 14 times slower)."""
        if not self.settings.tuning.prove_by_search:
            return
        if self.settings.solver == "highs":
            for option, value in highs.PROOF_BY_SEARCH:
                self.native.setOptionValue(option, value)
        elif self.settings.solver == "scip":
            import pyscipopt

            scip.free(self.native.freeTransform)
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
            run = cbc.run(mps, self.settings, deadline)
        if run is None:  # killed at the deadline
            return False, False
        found, infeasible, values = run
        if found:  # the names HiGHS gave (c<i>; a column added after a write gets c_ekk<i>)
            names = self.native.getLp().col_names_
            for v, column in zip(self.columns, names, strict=True):
                v.varValue = values.get(column, 0.0)
        return found, infeasible


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

    m = scip.new()
    m.readProblem(str(lp))
    if s.threads:
        m.setParam("lp/threads", s.threads)
    infeasible = scip.solve(m, deadline)
    if m.getNSols() > 0:
        sol = m.getBestSol()
        return True, False, {v.name: m.getSolVal(sol, v) for v in m.getVars()}
    return False, infeasible, {}


def _highs_file(lp: Path, s: Settings, deadline: float | None) -> FileRun:
    import highspy

    h = highs.new(s.threads)
    if h.readModel(str(lp)) != highspy.HighsStatus.kOk:
        raise SolverError(f"HiGHS could not read {lp}")
    infeasible = highs.solve(h, deadline)
    if h.getInfo().primal_solution_status == 2:
        names = h.getLp().col_names_
        return True, False, dict(zip(names, h.getSolution().col_value, strict=True))
    return False, infeasible, {}


def _cbc_file(lp: Path, s: Settings, deadline: float | None) -> FileRun:
    run = cbc.run(lp, s, deadline)
    return (False, False, {}) if run is None else run


def check_stage_file(path: Path, what: str) -> None:
    """A SolverError unless `path` is a regular file within the size a stage's file may have."""
    try:
        limits.check_regular_file(path, limits.MAX_STAGE_FILE_BYTES, what)
    except limits.LimitError as exc:
        raise SolverError(str(exc)) from None
