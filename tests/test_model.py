"""The model helpers every genre uses."""

from __future__ import annotations

import pytest

from solver.blocks.cells import no_square
from solver.mip import backends, highs, scip
from solver.mip.backends import LiveModel
from solver.mip.model import Model, cell_vars, cname, fix, new_problem, row, var
from solver.mip.settings import Settings
from solver.pipeline import Outcome, _solve


def test_constraint_names_write_cells_one_based():
    assert cname("Arrow", (2, 3)) == "Arrow(3,4)"
    assert cname("Digit", (0, 0), 2) == "Digit(1,1,2)"
    assert cname("Src", (0, 1), (1, 1)) == "Src(1,2,2,2)"
    assert cname("Flow_inh", (4, 0), "q") == "Flow_inh(5,1,q)"


def test_a_row_made_in_one_step_is_the_row_the_operators_make():
    prob = new_problem("t")
    a, b, d = (var(prob, n) for n in "abd")
    for made, written in [
        (row({a: 1, b: 1, d: -1}, "<=", 1), a + b - d <= 1),
        (row({a: 2, d: -1}, "==", 0), 2 * a == d),
        (row({a: 1, b: 1}, ">=", 1), a + b >= 1),
    ]:
        assert dict(made.expr) == dict(written.expr)
        assert (made.sense, made.constant) == (written.sense, written.constant)
        assert str(made) == str(written)


def test_no_square_forbids_a_full_2x2_block():
    def solve(cells: list, ones: list) -> str:
        prob = new_problem("t")
        b = cell_vars(prob, "b", cells)
        no_square(prob, b)
        for cell in ones:
            prob += b[cell] == 1
        m = Model(prob, list(b.values()), {"b": b})
        return _solve(LiveModel(prob, Settings("highs")), m, Outcome("?"), None)

    grid = [(r, c) for r in range(2) for c in range(3)]
    assert solve(grid, [(0, 1), (1, 1), (1, 2)]) == "solved"
    assert solve(grid, [(0, 1), (0, 2), (1, 1), (1, 2)]) == "infeasible"
    assert solve(grid, [(0, 0), (0, 1), (1, 0), (1, 1)]) == "infeasible"
    holed = [cell for cell in grid if cell != (1, 0)]  # no block at (0, 0) without (1, 0)
    assert solve(holed, [(0, 0), (0, 1), (1, 1)]) == "solved"


def test_highs_solves_whatever_thread_count_came_before():
    """HiGHS keeps one thread scheduler per process, started with its first run's count; a run
    with another count then failed ("neither an answer nor a proof") until the scheduler is
    restarted on a change."""

    def tiny(threads: int | None) -> str:
        prob = new_problem("t")
        b = cell_vars(prob, "b", [(0, 0), (0, 1)])
        prob += b[0, 0] + b[0, 1] >= 1
        return LiveModel(prob, Settings("highs", threads=threads)).solve()

    assert [tiny(t) for t in (None, 1, 1, None, 2, 1)] == ["solved"] * 6


@pytest.mark.parametrize("solver", ["highs", "scip", "cbc"])
def test_trial_rows_hold_inside_the_block_only_and_cuts_found_there_stay(solver, monkeypatch):
    """LiveModel.trial (Model.guesses): the rows bind the solves inside the `with` block, not
    the PuLP problem, and are gone after it; a row added meanwhile (a lazy cut) stays. An
    "infeasible" inside it is told to no one, so the presolve's word is not checked there."""
    checks = []
    for module, name in ((highs, "without_presolve"), (scip, "agrees_infeasible")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, real=real: checks.append(1) or real(*a))
    prob = new_problem("t")
    b = cell_vars(prob, "b", [(0, 0), (0, 1), (0, 2)])
    prob += b[0, 0] + b[0, 1] + b[0, 2] <= 1, "AtMostOne"
    live = LiveModel(prob, Settings(solver))
    rows = len(prob.constraints())
    with live.trial([(b[0, 0] == 1, "Guess1"), (b[0, 1] == 1, "Guess2")]):
        assert live.solve() == "infeasible"  # both guesses and AtMostOne cannot hold
        assert not checks
        live.add(b[0, 2] == 0, "lazy_1")
    assert "Guess1" not in prob.constraints() and len(prob.constraints()) == rows + 1
    assert live.solve() == "solved"
    with live.trial([(b[0, 1] == 1, "Guess")]):
        assert live.solve() == "solved" and b[0, 1].varValue == 1
    live.add(b[0, 0] + b[0, 1] >= 1, "Either")
    live.add(b[0, 0] == 1, "First")
    assert live.solve() == "solved" and b[0, 0].varValue == 1  # Guess is gone
    live.add(b[0, 2] == 1, "Third")
    assert live.solve() == "infeasible"  # and lazy_1 is there
    assert checks or solver != "highs"  # HiGHS's presolve said so: checked, out of a trial


def test_fix_sets_fixed_bounds_and_leaves_constants_alone():
    prob = new_problem("fix")
    x = cell_vars(prob, "x", [(0, 0), (0, 1)], cat="Binary")
    variables = {**x, (0, 2): 1}  # a constant in place of a variable
    fix(variables, {(0, 0): 1, (0, 2): 0})
    assert (x[0, 0].lowBound, x[0, 0].upBound) == (1, 1)
    assert (x[0, 1].lowBound, x[0, 1].upBound) == (0, 1)  # not given: as it was
    assert variables[0, 2] == 1


KURODOKO_2 = "https://puzz.link/p?kurodoko/10/10/3h2h5h3r3j6h2n5z8n2h3j4r6h2h5h2"


def test_a_model_decided_whole_needs_no_solver(monkeypatch):
    """Where the genre's rules fix every column before the search (kurodoko-2: shade_logic
    decides every cell), the pipeline checks the rows itself and runs no back end; the outcome
    says so. Where the fixed values break a row (rules that decided wrongly), it says
    infeasible rather than trust them."""
    from solver import pipeline
    from solver.deduce import shade_logic
    from solver.genres import kurodoko
    from solver.io.puzzlink import parse_url

    p = kurodoko.from_url(parse_url(KURODOKO_2))

    def no_solver(*args, **kwargs):
        raise AssertionError("a back end was built")

    with monkeypatch.context() as patch:
        patch.setattr(backends, "LiveModel", no_solver)
        out = pipeline.solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.rounds == 0
    assert out.note == pipeline.DECIDED and kurodoko.verify(p, out.answer) == []
    everything = {cell for cell in p.positions() if cell not in p.clues()}
    monkeypatch.setattr(shade_logic, "deduce", lambda *args, **kwargs: (set(), everything))
    out = pipeline.solve_puzzle(kurodoko.GENRE, p, Settings("highs"))
    assert out.status == "infeasible"  # no cell shaded: the numbers see too much


def test_senses_are_pulps():
    import pulp

    from solver.mip.model import SENSES

    assert {
        "<=": pulp.LpConstraintLE,
        "==": pulp.LpConstraintEQ,
        ">=": pulp.LpConstraintGE,
    } == SENSES
