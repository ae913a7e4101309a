"""The sample workbooks of the genres that read numbers or words from runs of white cells, made
from the seeds' examples (tests/data/examples):

    python tests/run_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

Each sheet is the genre's layout (its `to_cells`) typed from A1 with the sentinel, as `import`
would write it, and the columns that hold numbers of several digits (sums, the list) made wide
enough to show them. Then `python -m addin.build_workbooks` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.genres import genre_by_slug
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

WIDE = 7.0  # characters: a column that holds numbers of three or more digits, or words


def example_puzzle(slug: str) -> Any:
    """The genre's puzzle from the seed's example ('*' black cells)."""
    ex = example(slug)
    rows = ex["puzzle_text"].split("\n")
    black = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")
    # kanaore: rows are its words, `row,col,arrow,word` (black is not used)
    module = sys.modules[genre_by_slug(slug).module]
    if slug == "sum-line":
        extra = ex["puzzle_extra"]
        return module.Puzzle(black, tuple(extra["hh"]), tuple(extra["hw"]))
    if slug == "number-skeleton":
        numbers = tuple(int(n) for n in ex["puzzle_extra"]["wds"].split())
        return module.Puzzle(len(rows), len(rows[0]), black, numbers)
    if slug == "kanaore":
        extra = ex["puzzle_extra"]
        words = []
        for line in rows:
            r, c, arrow, word = line.split(",")
            d = {"↑": "U", "↓": "D", "←": "L", "→": "R"}[arrow]
            words.append(module.Word((int(r), int(c)), d, word))
        return module.Puzzle(extra["nh"], extra["nw"], tuple(words))
    if slug == "skeleton":
        words = tuple(ex["puzzle_extra"]["wds"].split())
        return module.Puzzle(len(rows), len(rows[0]), black, words)
    raise KeyError(slug)


def build(slug: str) -> Path:
    cells = genre_by_slug(slug).to_cells(example_puzzle(slug))
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, cells)
    for c in range(len(cells[0])):
        if any(isinstance(row[c], int) and row[c] >= 100 for row in cells) or any(
            isinstance(row[c], str) and len(row[c]) > 1 for row in cells
        ):
            ws.column_dimensions[openpyxl.utils.get_column_letter(c + 1)].width = WIDE
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or ["sum-line", "number-skeleton", "skeleton", "kanaore"]:
        print(build(name))
