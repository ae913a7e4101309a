"""The sample workbooks of the division genres typed as numbers or letters in cells (shikaku,
fillmat, fillomino; block-puzzle's part letters; galaxies' dots), made from the seeds' examples
(tests/data/examples/<slug>.json):

    python tests/number_division_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

The example's numbers (or letters) typed from A1 as a person types them ('.' left empty), with the
sentinel.
Then `python -m addin.build_workbooks workbooks/<slug>.xlsx` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

SLUGS = ("shikaku", "fillmat", "block-puzzle", "fillomino", "galaxies")


def example_cells(slug: str) -> list[list[int | str | None]]:
    rows = example(slug)["puzzle_text"].split("\n")
    return [[None if ch == "." else int(ch) if ch.isdigit() else ch for ch in row] for row in rows]


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
