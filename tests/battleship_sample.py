"""The sample workbook of battleship, made from its example (tests/data/examples/battleship.json):

    python tests/battleship_sample.py     # writes workbooks/battleship.xlsx

The sheet is the genre's layout (its `to_cells`) typed from A1 with the sentinel, as `import`
writes it: the counts above and left of the grid, the given segments in it, and the fleet right
of it after an empty column. Then `python -m addin.build_workbooks workbooks/battleship.xlsx`
makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.genres import genre_by_slug
from solver.genres.battleship import SPELLINGS, Puzzle
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example


def example_puzzle() -> Puzzle:
    """The example's grid ('.' unknown, a segment's spelling otherwise), counts and fleet."""
    ex = example("battleship")
    rows = ex["puzzle_text"].split("\n")
    extra = ex["puzzle_extra"]
    givens = tuple(
        ((r, c), SPELLINGS[ch])
        for r, line in enumerate(rows)
        for c, ch in enumerate(line)
        if ch != "."
    )
    return Puzzle(
        len(rows),
        len(rows[0]),
        tuple(extra["cols"]),
        tuple(extra["rows"]),
        tuple(extra["fleet"]),
        givens,
    )


def build() -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "battleship"
    fill_sheet(ws, genre_by_slug("battleship").to_cells(example_puzzle()))
    path = WORKBOOKS / "battleship.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    print(build())
