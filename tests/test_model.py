"""The model helpers every genre uses."""

from __future__ import annotations

from solver.model import cname


def test_constraint_names_write_cells_one_based():
    assert cname("Arrow", (2, 3)) == "Arrow(3,4)"
    assert cname("Digit", (0, 0), 2) == "Digit(1,1,2)"
    assert cname("Src", (0, 1), (1, 1)) == "Src(1,2,2,2)"
    assert cname("Flow_inh", (4, 0), "q") == "Flow_inh(5,1,q)"
