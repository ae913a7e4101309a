"""The sample workbooks of the genres whose cells hold words, made from the seeds' examples
(tests/data/examples):

    python tests/word_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

alphametic: the first sheet types each word into one cell (`SEND`, right-aligned as printed),
the second ('alphametic letters') one letter per cell, as the example's text stands. Then
`python -m addin.build_workbooks` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.workbook import SENTINEL
from tests.conftest import WORKBOOKS, example

FONT = Font(name="Meiryo UI", size=12)


def alphametic_words() -> list[list[Any]]:
    """The example's rows, one word (or the rule line) per cell, and the empty answer column."""
    return [[line.strip(), None] for line in example("alphametic")["puzzle_text"].split("\n")]


def alphametic_letters() -> list[list[Any]]:
    """The example's rows one character per cell, as its text stands (right-aligned), and the
    empty answer column after them."""
    lines = example("alphametic")["puzzle_text"].split("\n")
    width = max(map(len, lines))
    return [[ch if ch != " " else None for ch in line.rjust(width)] + [None] for line in lines]


def write(ws: Any, cells: list[list[Any]], widths: list[float], align: str) -> None:
    """The cells from A1, the sentinel diagonally below-right, the columns this wide."""
    for r, row in enumerate(cells, start=1):
        for c, v in enumerate(row, start=1):
            cell = ws.cell(r, c)
            cell.value = v
            cell.font = FONT
            cell.alignment = Alignment(horizontal=align, vertical="center")
    ws.cell(len(cells) + 1, len(cells[0]) + 1).value = SENTINEL
    ws.cell(len(cells) + 1, len(cells[0]) + 1).font = Font(color="A0A0A0", italic=True)
    for c, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(c)].width = width
    for r in range(1, len(cells) + 2):
        ws.row_dimensions[r].height = 22


def build_alphametic() -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "alphametic"
    write(ws, alphametic_words(), [12, 12, 4.2], "right")
    letters = alphametic_letters()
    write(
        wb.create_sheet("alphametic letters"),
        letters,
        [4.2] * (len(letters[0]) - 1) + [12, 4.2],
        "center",
    )
    path = WORKBOOKS / "alphametic.xlsx"
    wb.save(path)
    return path


BUILDERS = {"alphametic": build_alphametic}

if __name__ == "__main__":
    for slug in sys.argv[1:] or sorted(BUILDERS):
        print(BUILDERS[slug]())
