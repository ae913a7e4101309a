"""Solver back ends: solving a PuLP problem in memory, and solving an `.lp` file.

- `cbc`: the CBC binary that PuLP bundles (a subprocess; always there, no install step).
- `scip`: SCIP in process through pyscipopt (the seed's solver).
- `highs`: HiGHS in process through highspy.

A run that stops at its time limit without an answer is a `timeout`, never `infeasible`: only a
run that finished inside its limit proves infeasibility.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import pulp

Status = Literal["solved", "infeasible", "timeout"]
SOLVERS = ("highs", "scip", "cbc")
CONNECTIVITY = ("default", "complete", "lazy")
DEFAULT_SOLVER = "highs"  # fastest on the sample workbooks: see tests/benchmark.py and README


class SolverError(RuntimeError):
    pass


@dataclass(frozen=True)
class Settings:
    solver: str = DEFAULT_SOLVER
    time_limit: float | None = None
    threads: int | None = None
    connectivity: str = "default"  # default (the genre's choice) | complete | lazy

    def __post_init__(self) -> None:
        if self.solver not in SOLVERS:
            raise SolverError(f"unknown solver {self.solver!r}; choose one of {', '.join(SOLVERS)}")
        if self.connectivity not in CONNECTIVITY:
            raise SolverError(
                f"unknown connectivity form {self.connectivity!r}; "
                f"choose one of {', '.join(CONNECTIVITY)}"
            )

    @property
    def lazy(self) -> bool | None:
        """None: the genre's default form."""
        return {"default": None, "complete": False, "lazy": True}[self.connectivity]


def _pulp_solver(s: Settings) -> pulp.LpSolver:
    kw = {"msg": False, "timeLimit": s.time_limit}
    if s.threads:
        kw["threads"] = s.threads
    if s.solver == "cbc":
        with warnings.catch_warnings():  # PuLP 3.3 warns that 4.0 unbundles CBC; we pin <4
            warnings.simplefilter("ignore", DeprecationWarning)
            return pulp.PULP_CBC_CMD(**kw)
    if s.solver == "scip":
        return pulp.SCIP_PY(**kw)
    return pulp.HiGHS(**kw)


def _classify(has_solution: bool, proven_infeasible: bool, seconds: float, s: Settings) -> Status:
    """A run that used up its time limit is a timeout even when the solver calls it infeasible
    (CBC does that under a limit); infeasible needs a proof found inside the limit."""
    if has_solution:
        return "solved"
    hit_limit = s.time_limit is not None and seconds >= 0.95 * s.time_limit
    if proven_infeasible and not hit_limit:
        return "infeasible"
    if s.time_limit is not None:
        return "timeout"
    raise SolverError(f"{s.solver} stopped with neither an answer nor a proof of infeasibility")


@contextlib.contextmanager
def _stdout_to_stderr():
    """Send what native code prints to file descriptor 1 to stderr for a while: highspy 1.16
    prints a banner to stdout when a `Highs()` is made, before any option can be set, and
    stdout is the `--json` record stream."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        ctypes.CDLL(None).fflush(None)  # what C's stdio still holds goes where it was meant
        os.dup2(saved, 1)
        os.close(saved)


def new_highs() -> object:
    """A quiet `highspy.Highs()`: no banner on stdout, no log."""
    import highspy

    with _stdout_to_stderr():
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
    return h


class LiveModel:
    """A PuLP problem loaded into a solver and kept there, so that cuts can be added and the
    same model solved again (uniqueness checks, lazy constraints) without rebuilding it.

    HiGHS and SCIP get the matrix directly in process (PuLP 3.3's HiGHS adapter adds one call
    per integer column, and both adapters rebuild the model on every solve); CBC runs as PuLP's
    bundled subprocess on the whole problem each time.
    """

    def __init__(self, prob: pulp.LpProblem, s: Settings) -> None:
        self.prob, self.settings = prob, s
        self.columns = prob.variables()
        self.index = {v.name: i for i, v in enumerate(self.columns)}
        self.native: object = None
        if s.solver == "highs":
            self.native = self._highs()
        elif s.solver == "scip":
            self.native = self._scip()

    def add(self, constraint: pulp.LpConstraint, name: str) -> None:
        self.prob += constraint, name
        if self.settings.solver == "highs":
            lo, hi = _row_bounds(constraint)
            idx = np.array([self.index[v.name] for v in constraint], dtype=np.int32)
            val = np.array([constraint[v] for v in constraint], dtype=np.float64)
            self.native.addRow(lo, hi, len(idx), idx, val)
        elif self.settings.solver == "scip":
            self.native.freeTransform()
            self._scip_row(constraint, name)

    def solve(self) -> Status:
        start = time.perf_counter()
        if self.settings.solver == "highs":
            found, infeasible = self._solve_highs()
        elif self.settings.solver == "scip":
            found, infeasible = self._solve_scip()
        else:
            self.prob.solve(_pulp_solver(self.settings))
            found = self.prob.sol_status in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible)
            infeasible = self.prob.status == pulp.LpStatusInfeasible
        return _classify(found, infeasible, time.perf_counter() - start, self.settings)

    # HiGHS ----------------------------------------------------------------------------------
    def _highs(self) -> object:
        import highspy

        h = new_highs()
        if self.settings.time_limit:
            h.setOptionValue("time_limit", float(self.settings.time_limit))
        if self.settings.threads:
            h.setOptionValue("threads", int(self.settings.threads))
        inf = highspy.kHighsInf
        cols = self.columns
        lower = np.array(
            [-inf if v.lowBound is None else v.lowBound for v in cols], dtype=np.float64
        )
        upper = np.array([inf if v.upBound is None else v.upBound for v in cols], dtype=np.float64)
        if cols:
            h.addVars(len(cols), lower, upper)
            ints = [i for i, v in enumerate(cols) if v.cat == pulp.LpInteger]
            if ints:
                h.changeColsIntegrality(
                    len(ints), np.array(ints, dtype=np.int32), np.ones(len(ints), dtype=np.uint8)
                )
        starts, indices, values, lo, hi = [], [], [], [], []
        for c in self.prob.constraints():
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

    def _solve_highs(self) -> tuple[bool, bool]:
        h = self.native
        _run_highs(h)
        found = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
        if found:
            for v, x in zip(self.columns, h.getSolution().col_value, strict=True):
                v.varValue = x
        return found, _highs_infeasible(h)

    # SCIP -----------------------------------------------------------------------------------
    def _scip(self) -> object:
        import pyscipopt

        m = pyscipopt.Model()
        m.hideOutput()
        if self.settings.time_limit:
            m.setParam("limits/time", self.settings.time_limit)
        if self.settings.threads:
            m.setParam("lp/threads", self.settings.threads)
        vtype = {pulp.LpInteger: "I", pulp.LpContinuous: "C"}
        self.scip_vars = [
            m.addVar(
                v.name,
                vtype=vtype[v.cat] if not _is_binary(v) else "B",
                lb=v.lowBound,
                ub=v.upBound,
            )
            for v in self.columns
        ]
        self.native = m
        for k, c in enumerate(self.prob.constraints()):
            self._scip_row(c, c.name or f"row_{k}")
        return m

    def _scip_row(self, c: pulp.LpConstraint, name: str) -> None:
        import pyscipopt

        expr = pyscipopt.quicksum(
            coef * self.scip_vars[self.index[v.name]] for v, coef in c.items()
        )
        lo, hi = _row_bounds(c)
        if lo == hi:
            self.native.addCons(expr == lo, name=name)
        elif hi < np.inf:
            self.native.addCons(expr <= hi, name=name)
        else:
            self.native.addCons(expr >= lo, name=name)

    def _solve_scip(self) -> tuple[bool, bool]:
        m = self.native
        _run_scip(m)
        found = m.getNSols() > 0
        if found:
            sol = m.getBestSol()
            for v, x in zip(self.columns, self.scip_vars, strict=True):
                v.varValue = m.getSolVal(sol, x)
        return found, m.getStatus() == "infeasible"


def _run_scip(m: object) -> None:
    """Optimize; an "infeasible" is checked again with presolve off, as for HiGHS: SCIP 10
    (pyscipopt 6.3.0) called a feasible country-road model (20x20, after a round of lazy cuts)
    infeasible, and turning its linear or set-partitioning presolve off fixed it."""
    import pyscipopt

    m.optimize()
    if m.getStatus() != "infeasible":
        return
    m.freeTransform()
    m.setPresolve(pyscipopt.SCIP_PARAMSETTING.OFF)
    try:
        m.optimize()
    finally:  # the next cut frees the transformed problem anyway; keep this run's solution
        m.setPresolve(pyscipopt.SCIP_PARAMSETTING.DEFAULT)


def _run_highs(h: object) -> None:
    """Run HiGHS; an "infeasible" that came out of its MIP presolve is checked again with
    presolve off. HiGHS 1.15.1's presolve called a feasible slitherlink model infeasible
    (tests/data/highs_presolve_false_infeasible.mps.gz; its tracker has more such reports), and
    here infeasible means "no answer" or "unique", so it must be a proof."""
    import highspy

    h.run()
    doubtful = (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kSolveError)
    if h.getModelStatus() not in doubtful:  # a solve error: presolve's answer broke a row
        return
    if h.getOptions().presolve == "off":
        return
    h.setOptionValue("presolve", "off")
    try:
        h.run()
    finally:
        h.setOptionValue("presolve", "choose")


def _highs_infeasible(h: object) -> bool:
    import highspy

    return h.getModelStatus() == highspy.HighsModelStatus.kInfeasible


def _is_binary(v: pulp.LpVariable) -> bool:
    return v.cat == pulp.LpInteger and v.lowBound == 0 and v.upBound == 1


def _row_bounds(c: pulp.LpConstraint) -> tuple[float, float]:
    rhs = -c.constant
    if c.sense == pulp.LpConstraintEQ:
        return rhs, rhs
    if c.sense == pulp.LpConstraintLE:
        return -np.inf, rhs
    return rhs, np.inf


# --- the file stages: .lp in, SCIP-format .sol out -------------------------------------------

HEADER = "puzzle-solver"


def lp_header(path: Path) -> str | None:
    """The `\\* puzzle-solver ... *\\` line that `write_lp` puts first, if any."""
    with open(path, encoding="utf-8") as fh:
        first = fh.readline().strip()
    m = re.fullmatch(r"\\\*\s*(puzzle-solver .*?)\s*\*\\", first)
    return m.group(1) if m else None


def write_lp(prob: pulp.LpProblem, path: Path, header: str) -> None:
    """CPLEX LP file with a first comment line saying where the model came from."""
    prob.writeLP(str(path))
    text = Path(path).read_text(encoding="utf-8")
    Path(path).write_text(f"\\* {header} *\\\n{text}", encoding="utf-8")


def solve_lp_file(lp: Path, s: Settings) -> tuple[Status, dict[str, float]]:
    """Solve a CPLEX LP file; returns the status and the nonzero variable values by name."""
    if not lp.exists():
        raise SolverError(f"no model file {lp}: run the 'lp' stage first")
    start = time.perf_counter()
    if s.solver == "scip":
        status, values = _scip_file(lp, s)
    elif s.solver == "highs":
        status, values = _highs_file(lp, s)
    else:
        status, values = _cbc_file(lp, s)
    seconds = time.perf_counter() - start
    result = _classify(status == "solved", status == "infeasible", seconds, s)
    return result, {k: v for k, v in values.items() if abs(v) > 1e-9 and not k.startswith("__")}


def _scip_file(lp: Path, s: Settings) -> tuple[str, dict[str, float]]:
    import pyscipopt

    m = pyscipopt.Model()
    m.hideOutput()
    m.readProblem(str(lp))
    if s.time_limit:
        m.setParam("limits/time", s.time_limit)
    _run_scip(m)
    if m.getNSols() > 0:
        sol = m.getBestSol()
        return "solved", {v.name: m.getSolVal(sol, v) for v in m.getVars()}
    return ("infeasible" if m.getStatus() == "infeasible" else "timeout"), {}


def _highs_file(lp: Path, s: Settings) -> tuple[str, dict[str, float]]:
    import highspy

    h = new_highs()
    if s.time_limit:
        h.setOptionValue("time_limit", float(s.time_limit))
    if s.threads:
        h.setOptionValue("threads", int(s.threads))
    if h.readModel(str(lp)) != highspy.HighsStatus.kOk:
        raise SolverError(f"HiGHS could not read {lp}")
    _run_highs(h)
    if h.getInfo().primal_solution_status == 2:
        names = h.getLp().col_names_
        return "solved", dict(zip(names, h.getSolution().col_value, strict=True))
    return ("infeasible" if _highs_infeasible(h) else "timeout"), {}


def _cbc_file(lp: Path, s: Settings) -> tuple[str, dict[str, float]]:
    cbc = _pulp_solver(Settings("cbc")).path
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cbc.sol"
        cmd = [cbc, str(lp)]
        if s.time_limit:
            cmd += ["sec", str(s.time_limit)]
        if s.threads:
            cmd += ["threads", str(s.threads)]
        cmd += ["solve", "solu", str(out)]
        subprocess.run(cmd, check=True, capture_output=True)
        lines = out.read_text().splitlines() if out.exists() else []
    if not lines:
        raise SolverError(f"CBC wrote no solution for {lp}")
    first = lines[0]
    values = {}
    for line in lines[1:]:
        parts = line.replace("**", "").split()
        if len(parts) >= 3:
            values[parts[1]] = float(parts[2])
    if first.startswith("Optimal") or (values and "Stopped" in first):
        return "solved", values
    return ("infeasible" if "nfeasible" in first else "timeout"), {}


def write_sol(path: Path, values: dict[str, float], header: str | None) -> None:
    """A solution file in SCIP's format: objective line, then one line per nonzero variable."""
    lines = [f"# {header}"] if header else []
    lines.append(f"objective value: {0:>35}")
    for key in sorted(values, key=_natural):
        v = values[key]
        shown = round(v) if abs(v - round(v)) < 1e-9 else v
        lines.append(f"{key:<50} {shown:>2} \t(obj:0)")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_sol(path: Path) -> tuple[str | None, dict[str, float]]:
    """The header comment and the variable values of a SCIP-format `.sol` file."""
    if not path.exists():
        raise SolverError(f"no solution file {path}: run the 'run-lp' stage first")
    header, values = None, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            header = header or line[1:].strip()
            continue
        if not line.strip() or line.startswith(("objective value", "solution status")):
            continue
        parts = line.split()
        try:
            values[parts[0]] = float(parts[1])
        except (IndexError, ValueError):
            raise SolverError(f"{path}: not a SCIP solution line: {line!r}") from None
    return header, values


def _natural(key: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", key)]
