"""The sample workbooks of the genres whose cells hold words, made from the seeds' examples
(tests/data/examples):

    python tests/word_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

alphametic: the first sheet types each word into one cell (`SEND`, right-aligned as printed),
the second ('alphametic letters') one letter per cell, as the example's text stands.
logic-grid: the groups as columns, an empty row, the hints: the first sheet in three cells each
(`akira` `=` `white`; the `=` stored as text, as Excel keeps a typed `'=`), the second
('logic-grid one cell') in one cell each (`akira = white`).
Then `python -m addin.build_workbooks` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.io.workbook import SENTINEL
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


def logic_grid_hints() -> list[tuple[str, str, str]]:
    """The example's hints 'truth,a,b,c' (two of a, b, c filled) as (item, relation, item)."""
    hints = []
    for line in example("logic-grid")["puzzle_text"].split("\n"):
        truth, *items = line.split(",")
        a, b = [t for t in items if t]
        hints.append((a, "=" if truth == "1" else "≠", b))
    return hints


def logic_grid_cells(one_cell: bool) -> list[list[Any]]:
    """The groups in columns A:C, an empty row, the hints; three answer columns' room (D empty,
    E:F for the answer)."""
    groups = example("logic-grid")["puzzle_extra"]["kinds"]
    width = 2 * len(groups)
    rows: list[list[Any]] = [
        [*items, *[None] * (width - len(groups))] for items in zip(*groups, strict=True)
    ]
    rows.append([None] * width)
    for a, rel, b in logic_grid_hints():
        hint = [f"{a} {rel} {b}"] if one_cell else [a, rel, b]
        rows.append(hint + [None] * (width - len(hint)))
    return rows


def text_cells(ws: Any) -> None:
    """A lone `=` is text (openpyxl would write it as a formula)."""
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == "=":
                cell.data_type = "s"


def build_logic_grid() -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "logic-grid"
    widths = [10, 10, 10, 4.2, 10, 10, 4.2]
    write(ws, logic_grid_cells(one_cell=False), widths, "center")
    text_cells(ws)
    write(wb.create_sheet("logic-grid one cell"), logic_grid_cells(one_cell=True), widths, "left")
    path = WORKBOOKS / "logic-grid.xlsx"
    wb.save(path)
    return path


BUILDERS = {"alphametic": build_alphametic, "logic-grid": build_logic_grid}

if __name__ == "__main__":
    for slug in sys.argv[1:] or sorted(BUILDERS):
        print(BUILDERS[slug]())
