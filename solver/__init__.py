"""Solve pencil puzzles typed into spreadsheet cells with mixed-integer programming (PuLP)."""

from solver.demand import defer, openpyxl_on_demand

__version__ = "0.1.0"

# pulp loads when a model is built, numpy when a solver or a deduction uses it, pyscipopt (which
# pulp imports) when SCIP runs, PySAT's solvers when a deduction asks a SAT solver
# (solver.demand)
openpyxl_on_demand()
defer("pulp", "numpy", "pyscipopt", "pysat.card", "pysat.solvers")
