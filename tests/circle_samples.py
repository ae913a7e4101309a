"""The sample workbook of yin-yang, whose cells hold white and black circles, made from its
example (tests/data/examples/yin-yang.json, pzprjs's test puzzle):

    python tests/circle_samples.py      # writes workbooks/yin-yang.xlsx

The sheet is the genre's layout (its `to_cells`: `○`, `●` or empty) typed from A1 with the
sentinel, as `import` would write it. A second sheet, 'yin-yang janko', holds the first of
janko.at's published yin-yangs (tests/data/published/yin-yang.json), typed with the other
spellings (`o` white, `*` black). Then `python -m addin.build_workbooks` makes the .xlsm beside
it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.genres import genre_by_slug
from solver.io.sheet import Grid
from solver.io.workbook import fill_sheet
from tests.conftest import EXAMPLES, WORKBOOKS, example

DATA = EXAMPLES.parent


def example_puzzle(slug: str = "yin-yang") -> Any:
    """The puzzle of the example's text: `○`, `●`, `.` an empty cell."""
    rows = example(slug)["puzzle_text"].split("\n")
    cells = [[None if ch == "." else ch for ch in row] for row in rows]
    return genre_by_slug(slug).parse(Grid(slug, cells))


def build(slug: str = "yin-yang") -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, genre_by_slug(slug).to_cells(example_puzzle(slug)))
    published = json.loads((DATA / "published" / f"{slug}.json").read_text("utf-8"))[0]
    spelt = {"○": "o", "●": "*", None: None}
    fill_sheet(
        wb.create_sheet(f"{slug} janko"), [[spelt[v] for v in row] for row in published["cells"]]
    )
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    print(build())
