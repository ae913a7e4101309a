"""Solve pencil puzzles typed into spreadsheet cells with mixed-integer programming (PuLP)."""

from solver.demand import defer, openpyxl_without_numpy

__version__ = "0.1.0"

# pulp loads when a model is built, numpy when a solver or a deduction uses it (solver.demand)
openpyxl_without_numpy()
defer("pulp", "numpy")
