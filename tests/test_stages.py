"""The seed's three stages as separate steps: .lp file, solver run to .sol, answer read back."""

from __future__ import annotations

import random
import time

import pulp
import pytest

from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip import backends, highs, scip, stage_files
from solver.mip.backends import LiveModel
from solver.mip.settings import SOLVERS, Settings, SolverError
from solver.pipeline import make_lp, read_solution, run_lp


@pytest.mark.parametrize("solver", SOLVERS)
def test_three_stages_give_the_in_memory_answer(sample, tmp_path, solver):
    path = sample("bomber")
    lp, sol = tmp_path / "bomber.lp", tmp_path / "bomber.sol"
    make_lp(OpenpyxlBook(path), "bomber", lp)
    text = lp.read_text()
    assert text.startswith("\\* puzzle-solver {") and "b(1,3)" in text and "Around(1,1):" in text
    assert run_lp(lp, sol, Settings(solver)) == "solved"
    lines = sol.read_text().splitlines()
    assert lines[0].startswith("# puzzle-solver") and lines[1].startswith("objective value:")
    assert lines[2].split()[:2] == ["b(1,3)", "1"] and lines[2].endswith("(obj:0)")
    book = OpenpyxlBook(path)
    res = read_solution(book, "bomber", sol)
    assert res.status == "solved", res.error
    assert book.wb["bomber"]["C1"].value == "●"
    assert len(res.answer["shaded"]) == 8


def test_scip_reads_our_sol_file_back(sample, tmp_path):
    import pyscipopt

    lp, sol = tmp_path / "b.lp", tmp_path / "b.sol"
    make_lp(OpenpyxlBook(sample("bomber")), "bomber", lp)
    run_lp(lp, sol, Settings("highs"))
    m = pyscipopt.Model()
    m.hideOutput()
    m.readProblem(str(lp))
    assert m.checkSol(m.readSolFile(str(sol)))


def test_stages_out_of_order_say_so(sample, tmp_path):
    path = sample("bomber")
    with pytest.raises(SolverError, match="run the 'lp' stage first"):
        run_lp(tmp_path / "missing.lp", tmp_path / "x.sol", Settings())
    res = read_solution(OpenpyxlBook(path), "bomber", tmp_path / "missing.sol")
    assert res.status == "error" and "run the 'run-lp' stage first" in res.error


def test_a_sol_from_another_puzzle_is_refused(sample, tmp_path):
    bomber, sudoku = sample("bomber"), sample("sudoku")
    make_lp(OpenpyxlBook(sudoku), "sudoku", tmp_path / "s.lp")
    run_lp(tmp_path / "s.lp", tmp_path / "s.sol", Settings())
    res = read_solution(OpenpyxlBook(bomber), "bomber", tmp_path / "s.sol")
    assert res.status == "error" and "was made from sheet 'sudoku'" in res.error
    # the same sheet, edited after the .lp was written
    book = OpenpyxlBook(bomber)
    make_lp(book, "bomber", tmp_path / "b.lp")
    run_lp(tmp_path / "b.lp", tmp_path / "b.sol", Settings())
    book.wb["bomber"]["E5"] = 3
    res = read_solution(book, "bomber", tmp_path / "b.sol")
    assert res.status == "error"
    assert res.error.startswith("sheet 'bomber': the puzzle changed since b.sol was made")
    assert book.wb["bomber"]["C1"].value is None  # nothing written


def test_a_sol_without_header_is_checked_by_its_variables(sample, tmp_path):
    sol = tmp_path / "foreign.sol"
    sol.write_text("objective value: 0\nx(1,1,5)  1 \t(obj:0)\n")
    res = read_solution(OpenpyxlBook(sample("bomber")), "bomber", sol)
    assert res.status == "error" and "does not belong to this sheet's model" in res.error
    sol.write_text("objective value: 0\nb(1,1)  1 \t(obj:0)\n")  # names fit, answer is wrong
    res = read_solution(OpenpyxlBook(sample("bomber")), "bomber", sol)
    assert res.status == "error" and "breaks the rules: bomb on the number at A1;" in res.error
    assert "number 2 at B1 has 1 bomb around it" in res.error and "(0, " not in res.error
    sol.write_text("objective value: 0\nb(1,3)  1e9 \t(obj:0)\n")  # a wall-logic one of these
    res = read_solution(OpenpyxlBook(sample("bomber")), "bomber", sol)  # ran out of memory
    assert res.status == "error" and "sets b(1,3) to 1e+09, which the model does not allow" in (
        res.error
    )


def market_split(seed: int = 1, m: int = 5, n: int = 40) -> pulp.LpProblem:
    """A small model that is very hard for branch and bound (Cornuejols-Dawande), made
    feasible by a hidden solution, so that no answer but 'timeout' is right under a short limit."""
    rng = random.Random(seed)
    hidden = [rng.randint(0, 1) for _ in range(n)]
    prob = pulp.LpProblem("market_split", pulp.LpMinimize)
    x = [prob.add_variable(f"x({j})", 0, 1, cat=pulp.LpInteger) for j in range(n)]
    prob += pulp.lpSum([])
    for i in range(m):
        a = [rng.randint(0, 99) for _ in range(n)]
        rhs = sum(aj * hj for aj, hj in zip(a, hidden, strict=True))
        prob += pulp.lpSum(a[j] * x[j] for j in range(n)) == rhs, f"row({i})"
    return prob


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_run_stopped_by_its_time_limit_is_a_timeout(solver):
    assert LiveModel(market_split(), Settings(solver, time_limit=0.2)).solve() == "timeout"


def test_a_highs_run_after_one_stopped_at_its_deadline_searches():
    """HiGHS keeps the stop its callback asked for into the next run of the same model; the
    next run must search (the filled-grid guess of numberlink stops at half the time left and
    the search without it goes on)."""
    h = LiveModel(market_split(), Settings("highs")).native
    h.setOptionValue("time_limit", float("inf"))  # so that our deadline, not HiGHS, stops it
    highs.run(h, time.perf_counter() + 0.2)
    assert h.getInfo().mip_node_count > 0  # a hard model: stopped in its search
    highs.run(h, time.perf_counter() + 1.0)
    assert h.getInfo().mip_node_count > 0, "stopped at its first callback"


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_time_limited_lp_file_run_is_a_timeout(solver, tmp_path):
    lp = tmp_path / "ms.lp"
    stage_files.write_lp(market_split(), lp, "puzzle-solver {}")
    # CBC may stumble on the hidden solution in time; what it must never say is "infeasible"
    assert backends.solve_lp_file(lp, Settings(solver, time_limit=0.2))[0] in ("timeout", "solved")


@pytest.mark.parametrize("solver", SOLVERS)
def test_infeasible_is_proven_without_a_limit(solver):
    prob = pulp.LpProblem("two", pulp.LpMinimize)
    x = prob.add_variable("x", 0, 1, cat=pulp.LpInteger)
    y = prob.add_variable("y", 0, 1, cat=pulp.LpInteger)
    prob += pulp.lpSum([])
    prob += x + y == 3, "too_much"
    assert LiveModel(prob, Settings(solver)).solve() == "infeasible"


@pytest.mark.parametrize("solver", SOLVERS)
def test_live_model_takes_cuts_and_solves_again(solver):
    prob = pulp.LpProblem("pick", pulp.LpMinimize)
    xs = [prob.add_variable(f"x({i})", 0, 1, cat=pulp.LpInteger) for i in range(3)]
    prob += pulp.lpSum([])
    prob += pulp.lpSum(xs) == 1, "one"
    live, seen = LiveModel(prob, Settings(solver)), set()
    while live.solve() == "solved":
        pick = next(v for v in xs if round(v.varValue) == 1)
        assert pick.name not in seen
        seen.add(pick.name)
        live.add(pick <= 0, f"cut_{len(seen)}")
    assert seen == {"x(0)", "x(1)", "x(2)"}


@pytest.mark.slow  # CI runs it; `-m 'not slow'` skips it while working
def test_highs_presolve_false_infeasible_is_checked_again(tmp_path):
    """HiGHS 1.15.1's MIP presolve calls this feasible model (a slitherlink experiment)
    infeasible; with presolve off it solves. Infeasible means 'no answer' or 'unique' here, so
    the back end re-checks every presolve infeasibility with presolve off (the .lp route shares
    the same run function)."""
    import gzip
    from pathlib import Path

    mps = tmp_path / "model.mps"
    data = Path(__file__).parent / "data" / "highs_presolve_false_infeasible.mps.gz"
    mps.write_bytes(gzip.decompress(data.read_bytes()))
    _, prob = pulp.LpProblem.fromMPS(str(mps))
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    for c in prob.constraints():
        assert c.valid(1e-6), c.name


def _market_split_without_answer(n: int = 14) -> pulp.LpProblem:
    """Two knapsack rows whose right-hand sides no 0/1 choice meets (by enumeration): HiGHS
    needs branch and bound to prove it."""
    rng = random.Random(0)
    a = [[rng.randint(1, 60) for _ in range(n)] for _ in range(2)]
    sums = {tuple(sum(r[j] for j in range(n) if k >> j & 1) for r in a) for k in range(1 << n)}
    rhs = next((s0, s1) for s0 in range(200, 400) for s1 in range(200, 400) if (s0, s1) not in sums)
    prob = pulp.LpProblem("split", pulp.LpMinimize)
    x = [prob.add_variable(f"x({j})", 0, 1, cat=pulp.LpInteger) for j in range(n)]
    prob += pulp.lpSum([])
    for i in range(2):
        prob += pulp.lpSum(a[i][j] * x[j] for j in range(n)) == rhs[i], f"row({i})"
    return prob


def _three_of_two() -> pulp.LpProblem:
    """Two binaries that must sum to 3: presolve sees it alone."""
    prob = pulp.LpProblem("three", pulp.LpMinimize)
    x = [prob.add_variable(f"x({j})", 0, 1, cat=pulp.LpInteger) for j in range(2)]
    prob += pulp.lpSum([])
    prob += pulp.lpSum(x) == 3, "row"
    return prob


@pytest.mark.parametrize(
    "make, quick, scip_says, runs, asked",
    [
        (_market_split_without_answer, 100, True, ["choose"], 0),  # searched: believed
        (_three_of_two, 100, True, ["choose", "off"], 0),  # presolve alone: checked at once
        (_three_of_two, 0, True, ["choose"], 1),  # no quick check, SCIP agrees: believed
        (_three_of_two, 0, False, ["choose", "off"], 1),  # SCIP does not: HiGHS, no presolve
    ],
)
def test_highs_checks_what_presolve_decided_alone(make, quick, scip_says, runs, asked, monkeypatch):
    """An "infeasible" that HiGHS's presolve decided without searching a node (the 1.15.1
    failure above) is checked: by HiGHS without presolve for QUICK_CHECK nodes, then by
    SCIP's opinion, believed when it agrees and otherwise by HiGHS without presolve to the end;
    one that branch and bound reached is believed. HiGHS's options are left as they were."""
    opinions = []
    real = scip.agrees_infeasible

    def opinion(h, deadline):
        opinions.append(real(h, deadline))
        return opinions[-1] and scip_says

    monkeypatch.setattr(scip, "agrees_infeasible", opinion)
    monkeypatch.setattr(highs, "QUICK_CHECK", quick)
    live = LiveModel(make(), Settings("highs"))
    h, seen = live.native, []
    run = h.run
    h.run = lambda: seen.append(h.getOptions().presolve) or run()
    assert live.solve() == "infeasible"
    options = h.getOptions()
    assert options.presolve == "choose" and options.time_limit == float("inf")
    assert seen == runs and len(opinions) == asked and all(opinions)


def _no_folder() -> str:
    """A temporary folder that HiGHS cannot write into."""
    return "/nonexistent/folder"


@pytest.mark.parametrize(
    "rows, feasible",
    [
        ([(2, 0, 1, 1)], False),  # 2x = 1: the LP has an answer, integers none
        ([(1, 1, 2, 2), (1, -1, -0.5, 0.5)], True),  # x + y = 2 and |x - y| <= 0.5: x = y = 1
        ([(1, 1, 3, 3), (1, -1, -0.5, 0.5)], False),  # x + y = 3 needs x != y
        ([(1, 1, 5, 6)], False),  # beyond the bounds x <= 2, y <= 1
    ],
)
@pytest.mark.parametrize("through_file", [True, False])
def test_scip_copy_keeps_integrality_bounds_and_ranges(rows, feasible, through_file, monkeypatch):
    """SCIP's second opinion is asked of a copy of HiGHS's model: the copy has the same
    answers (integer columns, column bounds, ranged rows), and no objective; made through an
    MPS file, or row by row where the file cannot be written."""
    if not through_file:
        monkeypatch.setattr(scip, "_copy_folder", _no_folder)
    by_rows, real = [], scip.copy_by_rows
    monkeypatch.setattr(scip, "copy_by_rows", lambda h: by_rows.append(h) or real(h))
    prob = pulp.LpProblem("copy", pulp.LpMinimize)
    x = prob.add_variable("x", 0, 2, cat=pulp.LpInteger)
    y = prob.add_variable("y", 0, 1, cat=pulp.LpInteger)
    prob += -x - y  # an objective the copy leaves out
    for k, (a, b, lo, hi) in enumerate(rows):
        prob += a * x + b * y >= lo, f"lo{k}"
        prob += a * x + b * y <= hi, f"hi{k}"
    for _ in range(2):  # the second copy overwrites the first one's file
        m = scip.copy_of(LiveModel(prob, Settings("highs")).native)
        m.optimize()
        assert m.getStatus() == ("optimal" if feasible else "infeasible")
        if feasible:
            assert m.getObjVal() == 0
    assert len(by_rows) == (0 if through_file else 2)


@pytest.mark.parametrize("presolve", [True, False])
def test_scip_checks_an_infeasible_again_without_presolve_unless_it_had_none(presolve, monkeypatch):
    """SCIP's "infeasible" is checked by a second run without presolve (SCIP 10 once called a
    feasible model infeasible); a model solved without presolve (a genre's tuning) was that
    check already. The run leaves SCIP's presolve as it found it."""
    live = LiveModel(_market_split_without_answer(), Settings("scip"))
    m = live.native
    if not presolve:
        m.setParam("presolving/maxrounds", 0)
    runs = []
    real = scip.optimize

    def optimize(model, deadline):
        runs.append(model.getParam("presolving/maxrounds"))
        return real(model, deadline)

    monkeypatch.setattr(scip, "optimize", optimize)
    assert live.solve() == "infeasible"
    assert runs == ([-1, 0] if presolve else [0])
    assert m.getParam("presolving/maxrounds") == (-1 if presolve else 0)
