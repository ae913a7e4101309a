"""The model helpers every genre uses."""

from __future__ import annotations

from solver.backends import LiveModel, Settings
from solver.cells import no_square
from solver.model import Model, cell_vars, cname, new_problem
from solver.pipeline import Outcome, _solve


def test_constraint_names_write_cells_one_based():
    assert cname("Arrow", (2, 3)) == "Arrow(3,4)"
    assert cname("Digit", (0, 0), 2) == "Digit(1,1,2)"
    assert cname("Src", (0, 1), (1, 1)) == "Src(1,2,2,2)"
    assert cname("Flow_inh", (4, 0), "q") == "Flow_inh(5,1,q)"


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
