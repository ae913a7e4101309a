"""The shikaku sample workbook, made from the seeds' example (tests/data/examples/shikaku.json):

    python tests/shikaku_sample.py          # writes workbooks/shikaku.xlsx

The example's numbers typed from A1 as a person types them ('.' left empty), with the sentinel.
Then `python -m addin.build_workbooks workbooks/shikaku.xlsx` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.genres.shikaku import Puzzle
from solver.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example


def example_puzzle() -> Puzzle:
    rows = example("shikaku")["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))


def main() -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "shikaku"
    fill_sheet(ws, [list(row) for row in example_puzzle().cells])
    wb.save(WORKBOOKS / "shikaku.xlsx")


if __name__ == "__main__":
    main()
