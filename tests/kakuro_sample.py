"""The kakuro sample workbook, made from the seeds' example (tests/data/examples/kakuro.json):

    python tests/kakuro_sample.py          # writes workbooks/kakuro.xlsx

The example's grid ('*' black, '.' white) and its clues ('down|across' per cell) become one
sheet as a person types it: `down\\across` in each clue cell, `■` in a black cell without sums,
the white cells empty; clue and black cells get pzprjs' light grey fill (not dark: a dark fill
on an empty cell would read as black). Then `python -m addin.build_workbooks
workbooks/kakuro.xlsx` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl
from openpyxl.styles import PatternFill

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.genres import kakuro
from solver.genres.kakuro import Clue, Puzzle
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

GREY = "C0C0C0"


def example_puzzle() -> Puzzle:
    ex = example("kakuro")
    shape = ex["puzzle_text"].split("\n")
    hints = [line.split(",") for line in ex["puzzle_extra"]["hint"].split("\n")]

    def entry(r: int, c: int) -> Clue | None:
        if shape[r][c] == ".":
            return None
        down, _, across = hints[r][c].partition("|")
        return Clue(int(down) if down else None, int(across) if across else None)

    return Puzzle(
        tuple(tuple(entry(r, c) for c in range(len(shape[0]))) for r in range(len(shape)))
    )


def main() -> None:
    p = example_puzzle()
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "kakuro"
    fill_sheet(ws, kakuro.to_cells(p))
    for r, row in enumerate(p.cells, start=1):
        for c, v in enumerate(row, start=1):
            if isinstance(v, Clue):
                ws.cell(r, c).fill = PatternFill("solid", fgColor=GREY)
    for c in range(1, p.cols + 2):
        ws.column_dimensions[openpyxl.utils.get_column_letter(c)].width = 6
    wb.save(WORKBOOKS / "kakuro.xlsx")


if __name__ == "__main__":
    main()
