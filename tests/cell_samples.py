"""The sample workbooks of the genres whose example is the sheet itself, a character a cell
(tents, with its counts around the grid; binairo; ohno; nurimisaki; kurotto; gokigen, whose
characters are its lattice points, one a sheet cell, as creek's), made from
tests/data/examples/<slug>.json:

    python tests/cell_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

Each line of the example's `puzzle_text` is a row typed from A1: '.' an empty cell, a digit a
number, any other character itself ('?' a circle or clue without number); then the sentinel.
Tents has a second sheet, a published puzzle (its URL is one more seed for
tests/test_url_fuzz.py). Then `python -m addin.build_workbooks workbooks/<slug>.xlsx` makes the
.xlsm beside it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.blocks.values import Value
from solver.io.workbook import fill_sheet
from tests.conftest import ROOT, WORKBOOKS, example

SLUGS = ("tents", "binairo", "ohno", "nurimisaki", "kurotto", "gokigen")
# a second sheet, a published puzzle of the genre (tests/data/published/<slug>.json), by name
SECOND = {"tents": ("tents 8x12", "223_8x12")}


def example_cells(slug: str) -> list[list[Value]]:
    rows = example(slug)["puzzle_text"].split("\n")
    return [[None if ch == "." else int(ch) if ch.isdigit() else ch for ch in row] for row in rows]


def build(slug: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, example_cells(slug))
    if slug in SECOND:
        title, name = SECOND[slug]
        published = json.loads((ROOT / f"tests/data/published/{slug}.json").read_text("utf-8"))
        fill_sheet(wb.create_sheet(title), next(e for e in published if e["name"] == name)["cells"])
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or SLUGS:
        print(build(name))
