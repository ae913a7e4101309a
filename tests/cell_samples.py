"""The sample workbooks of the genres whose example is one character per puzzle cell or lattice
point (tests/data/examples: a digit a number, '?' a circle or clue without number, '.' empty):

    python tests/cell_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

Each sheet is the example typed from A1 as the genre's layout says, with the sentinel (gokigen's
characters are its lattice points, one a sheet cell, as creek's). Then `python -m
addin.build_workbooks workbooks/<slug>.xlsx` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.blocks.values import Value
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

SLUGS = ("nurimisaki", "kurotto", "gokigen")


def typed(slug: str) -> list[list[Value]]:
    """The example's puzzle as a person types it."""
    rows = example(slug)["puzzle_text"].split("\n")
    return [[None if ch == "." else ch if ch == "?" else int(ch) for ch in row] for row in rows]


def build(slug: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, typed(slug))
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or SLUGS:
        print(build(name))
