"""Solve pencil puzzles typed into spreadsheet cells with mixed-integer programming (PuLP)."""

__version__ = "0.1.0"
