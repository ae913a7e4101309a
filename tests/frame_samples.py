"""The sample workbooks of genres typed cell for cell from an example's text grid (abc-place's
frame of clues, hidato's numbers), made from tests/data/examples/<slug>.json:

    python tests/frame_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

abc-place: the example's 8 x 8 text as the block from A1 (its letters; ' ' and '.' empty), the
letters the puzzle uses in the corner A1 (`A-C`). hidato: the example's numbers, `-` empty.
Then `python -m addin.build_workbooks workbooks/<slug>.xlsx` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.blocks.values import Value
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

SLUGS = ("abc-place", "hidato")


def example_cells(slug: str) -> list[list[Value]]:
    ex = example(slug)
    if slug == "abc-place":
        rows = ex["puzzle_text"].split("\n")
        cells: list[list[Value]] = [[ch if ch.isalpha() else None for ch in row] for row in rows]
        letters = sorted({ch for row in rows for ch in row if ch.isalpha()})
        cells[0][0] = f"A-{letters[-1]}"
        return cells
    return [
        [int(t) if t.isdigit() else None for t in row.split()]
        for row in ex["puzzle_text"].split("\n")
    ]


def build(slug: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, example_cells(slug))
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or SLUGS:
        print(build(name))
