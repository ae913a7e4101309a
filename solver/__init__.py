"""Solve pencil puzzles typed into spreadsheet cells with mixed-integer programming (PuLP)."""

from solver.demand import defer

__version__ = "0.1.0"

# pulp loads when a model is built (solver.demand); numpy is not deferred: openpyxl imports it
defer("pulp")
