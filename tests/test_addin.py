"""The Excel side, tested on both sides of the button-to-Python call (no Excel runs here).

- Static wiring of the built `workbooks/*.xlsm`, read with oletools' olevba and from the zip: the
  VBA project holds our module and xlwings', every button's macro is a Sub there, every
  `RunPython "import m; m.f()"` names a Python function that exists.
- The Python side of each button (`addin.buttons`) on an in-memory fake of the part of the
  xlwings API it uses (`Book`, `Sheets`, `Sheet`, `Range`, `Font`, `App.alert`), which behaves as
  Excel does where it matters: numbers come back as floats, typed text that looks like a number
  becomes a number unless it starts with an apostrophe, the used range covers formatted cells,
  adding a sheet activates it.
- The CLI solving an .xlsm in place keeps its VBA project and buttons.
"""

from __future__ import annotations

import importlib
import math
import re
import shutil
import warnings
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest
from conftest import WORKBOOKS, example

from addin import build_workbooks, buttons
from addin.build_workbooks import BUTTONS, PUZZLE_SOLVER_BAS
from addin.xlwings_book import XlwingsBook, hex_color
from solver import cli
from solver.io.sheet import find_extent, read_grid
from solver.io.sheet.answer import RECORD_SHEET, SHADE_FONT
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings

with warnings.catch_warnings():  # oletools still calls pyparsing's old names
    warnings.simplefilter("ignore", DeprecationWarning)
    from oletools.olevba import VBA_Parser

# openpyxl's keep_vba copy of the archive is a ZipFile over a BytesIO that it never closes
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

BUILT = sorted(WORKBOOKS.glob("*.xlsm"))
# keeping VBA and buttons on a solve in place does not depend on the genre: two samples do
# (every genre through both adapters: tests/test_samples.py)
XLSM_SAMPLES = ("bomber", "sudoku")


# --- a fake of the xlwings objects addin uses ---------------------------------------------------


def _rgb(color: object) -> tuple[int, int, int] | None:
    if color is None:
        return None
    if isinstance(color, str):
        h = color.lstrip("#")
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    r, g, b = color  # type: ignore[misc]
    return int(r), int(g), int(b)


def _as_excel_stores(value: object) -> object:
    """What Excel keeps when a cell is given `value` through `Range.value`."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return float(value)
    text = str(value)
    if text.startswith("'"):
        return text[1:]
    if text.upper() in ("TRUE", "FALSE"):
        return text.upper() == "TRUE"
    try:
        return float(text)
    except ValueError:
        return text


class FakeFont:
    def __init__(self, sheet: FakeSheet, rc: tuple[int, int]) -> None:
        self.sheet, self.rc = sheet, rc

    @property
    def color(self) -> tuple[int, int, int]:
        return self.sheet.font.get(self.rc, (0, 0, 0))  # automatic reads as black

    @color.setter
    def color(self, value: object) -> None:
        self.sheet.font[self.rc] = _rgb(value)

    @property
    def name(self) -> str:
        return self.sheet.face.get(self.rc, ("Calibri", 11.0))[0]

    @name.setter
    def name(self, value: str) -> None:
        self.sheet.face[self.rc] = (value, self.size)

    @property
    def size(self) -> float:
        return self.sheet.face.get(self.rc, ("Calibri", 11.0))[1]

    @size.setter
    def size(self, value: float) -> None:
        self.sheet.face[self.rc] = (self.name, value)


class FakeRange:
    def __init__(self, sheet: FakeSheet, row: int, col: int, rows: int = 1, cols: int = 1):
        self.sheet, self.row, self.column, self.rows, self.cols = sheet, row, col, rows, cols
        self.ndim: int | None = None

    def options(self, ndim: int | None = None) -> FakeRange:
        r = FakeRange(self.sheet, self.row, self.column, self.rows, self.cols)
        r.ndim = ndim
        return r

    @property
    def rc(self) -> tuple[int, int]:
        assert (self.rows, self.cols) == (1, 1), "addin only touches single cells one by one"
        return self.row, self.column

    @property
    def value(self) -> object:
        block = [
            [self.sheet.cells.get((r, c)) for c in range(self.column, self.column + self.cols)]
            for r in range(self.row, self.row + self.rows)
        ]
        if self.ndim == 2:
            return block
        return block[0][0] if (self.rows, self.cols) == (1, 1) else block

    @value.setter
    def value(self, value: object) -> None:
        if isinstance(value, list):  # xlwings spreads a nested list from the range's first cell
            for i, line in enumerate(value):
                for j, v in enumerate(line):
                    FakeRange(self.sheet, self.row + i, self.column + j).value = v
            return
        stored = _as_excel_stores(value)
        if stored is None:
            self.sheet.cells.pop(self.rc, None)
        else:
            self.sheet.cells[self.rc] = stored

    @property
    def font(self) -> FakeFont:
        return FakeFont(self.sheet, self.rc)

    def _area(self) -> tuple[int, int, int, int] | None:
        row, col = self.rc
        return next(
            (m for m in self.sheet.merged if m[0] <= row <= m[2] and m[1] <= col <= m[3]), None
        )

    @property
    def merge_cells(self) -> bool | None:
        """As Excel's MergeCells: for a block, False when none of it is merged, else None."""
        if (self.rows, self.cols) == (1, 1):
            return self._area() is not None
        last_row, last_col = self.row + self.rows - 1, self.column + self.cols - 1
        overlaps = any(
            m[0] <= last_row and self.row <= m[2] and m[1] <= last_col and self.column <= m[3]
            for m in self.sheet.merged
        )
        return None if overlaps else False

    @property
    def merge_area(self) -> FakeRange:
        r1, c1, r2, c2 = self._area() or (*self.rc, *self.rc)
        return FakeRange(self.sheet, r1, c1, r2 - r1 + 1, c2 - c1 + 1)

    @property
    def last_cell(self) -> FakeRange:
        return FakeRange(self.sheet, self.row + self.rows - 1, self.column + self.cols - 1)

    @property
    def color(self) -> tuple[int, int, int] | None:
        return self.sheet.fill.get(self.rc)

    @color.setter
    def color(self, value: object) -> None:
        if value is None:
            self.sheet.fill.pop(self.rc, None)
        else:
            self.sheet.fill[self.rc] = _rgb(value)

    @property
    def number_format(self) -> str:
        return self.sheet.fmt.get(self.rc, "General")

    @number_format.setter
    def number_format(self, value: str) -> None:
        self.sheet.fmt[self.rc] = value

    @property
    def left(self) -> float:  # points, as Excel's Range.Left
        return sum(self.sheet.widths.get(c, 8.43) * 7 + 5 for c in range(1, self.column)) * 0.75

    @property
    def top(self) -> float:
        return sum(self.sheet.heights.get(r, 15.0) for r in range(1, self.row))

    @property
    def column_width(self) -> float:
        return self.sheet.widths.get(self.column, 8.43)

    @column_width.setter
    def column_width(self, value: float) -> None:
        self.sheet.widths[self.column] = value

    @property
    def row_height(self) -> float:
        return self.sheet.heights.get(self.row, 15.0)

    @row_height.setter
    def row_height(self, value: float) -> None:
        self.sheet.heights[self.row] = value


class FakeSheet:
    def __init__(self, book: FakeBook, name: str) -> None:
        self.book, self.name, self.visible = book, name, True
        self.cells: dict[tuple[int, int], object] = {}
        self.font: dict[tuple[int, int], tuple[int, int, int] | None] = {}
        self.fill: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.fmt: dict[tuple[int, int], str] = {}
        self.face: dict[tuple[int, int], tuple[str, float]] = {}
        self.widths: dict[int, float] = {}  # column -> Excel's ColumnWidth (characters)
        self.heights: dict[int, float] = {}  # row -> points
        self.pictures = FakePictures()
        self.merged: list[tuple[int, int, int, int]] = []  # first row, col, last row, col

    def range(self, address: tuple[int, int]) -> FakeRange:
        return FakeRange(self, *address)

    @property
    def used_range(self) -> FakeRange:
        used = set(self.cells) | set(self.font) | set(self.fill) | set(self.fmt)
        if not used:
            return FakeRange(self, 1, 1)
        top, left = min(r for r, _ in used), min(c for _, c in used)
        bottom, right = max(r for r, _ in used), max(c for _, c in used)
        return FakeRange(self, top, left, bottom - top + 1, right - left + 1)

    def activate(self) -> None:
        self.book.sheets.active_sheet = self

    def delete(self) -> None:
        self.book.sheets.items.remove(self)


class FakePicture:
    def __init__(self, pictures: FakePictures, path: str, name: str, left: float, top: float):
        self.pictures, self.path, self.name, self.left, self.top = pictures, path, name, left, top

    def delete(self) -> None:
        self.pictures.items.remove(self)


class FakePictures:
    """A sheet's pictures, as xlwings' `sheet.pictures` (add, by name, in, len)."""

    def __init__(self) -> None:
        self.items: list[FakePicture] = []

    def add(self, image, name=None, update=False, left=None, top=None, **size) -> FakePicture:
        assert Path(image).exists()
        for p in self.items:
            if p.name == name:
                assert update, "Excel refuses a second picture of the same name"
                p.path, p.left, p.top = str(image), left or 0, top or 0
                return p
        pic = FakePicture(self, str(image), name or f"Picture {len(self.items) + 1}", left, top)
        self.items.append(pic)
        return pic

    def __contains__(self, name: str) -> bool:
        return any(p.name == name for p in self.items)

    def __getitem__(self, name: str) -> FakePicture:
        return next(p for p in self.items if p.name == name)

    def __len__(self) -> int:
        return len(self.items)


class FakeSheets:
    def __init__(self) -> None:
        self.items: list[FakeSheet] = []
        self.active_sheet: FakeSheet | None = None

    def __iter__(self):
        return iter(list(self.items))

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, key: int | str) -> FakeSheet:
        if isinstance(key, int):
            return self.items[key]
        return next(s for s in self.items if s.name.lower() == key.lower())

    @property
    def active(self) -> FakeSheet:
        assert self.active_sheet is not None
        return self.active_sheet

    def add(self, name: str, before: FakeSheet | None = None, after: FakeSheet | None = None):
        assert name.lower() not in (s.name.lower() for s in self.items)
        sheet = FakeSheet(self.items[0].book, name)
        at = self.items.index(after) + 1 if after else len(self.items)
        self.items.insert(at, sheet)
        self.active_sheet = sheet  # as in Excel: a new sheet becomes the active one
        return sheet


class FakeApp:
    def __init__(self) -> None:
        self.screen_updating = True
        self.alerts: list[tuple[str, str | None, str | None]] = []
        self.bar: list[str | bool] = [False]  # what the status bar was set to; False: Excel's

    @property
    def status_bar(self) -> str | bool:
        return self.bar[-1]

    @status_bar.setter
    def status_bar(self, value: str | bool) -> None:
        self.bar.append(value)

    def alert(self, prompt, title=None, buttons="ok", mode=None, callback=None):
        self.alerts.append((prompt, title, mode))
        return "ok"


class FakeBook:
    def __init__(self, fullname: str) -> None:
        self.fullname = fullname
        self.name = fullname.replace("\\", "/").rsplit("/", 1)[-1]
        self.sheets = FakeSheets()
        self.app = FakeApp()

    def add_sheet(self, name: str, rows: list[list[object]]) -> FakeSheet:
        sheet = FakeSheet(self, name)
        self.sheets.items.append(sheet)
        for r, line in enumerate(rows, start=1):
            for c, v in enumerate(line, start=1):
                sheet.range((r, c)).value = v
        if self.sheets.active_sheet is None:
            self.sheets.active_sheet = sheet
        return sheet

    @property
    def last_alert(self) -> tuple[str, str | None, str | None]:
        return self.app.alerts[-1]


def fake_from_xlsx(path: Path) -> FakeBook:
    """A fake live workbook with the cells and look of a saved one, as Excel would load it."""
    wb = openpyxl.load_workbook(path)
    book = FakeBook(str(path))
    for ws in wb.worksheets:
        sheet = FakeSheet(book, ws.title)
        sheet.visible = ws.sheet_state == "visible"
        book.sheets.items.append(sheet)
        for row in ws.iter_rows():
            for cell in row:
                rc = (cell.row, cell.column)
                v = cell.value
                if v is not None:  # a saved file's text stays text; numbers come as floats
                    sheet.cells[rc] = float(v) if isinstance(v, int | float) else v
                color = cell.font.color if cell.has_style and cell.font else None
                if color is not None and color.type == "rgb":
                    sheet.font[rc] = _rgb(color.rgb[-6:])
                if cell.has_style and cell.fill.fill_type == "solid":
                    sheet.fill[rc] = _rgb(cell.fill.fgColor.rgb[-6:])
                if cell.has_style and cell.number_format != "General":
                    sheet.fmt[rc] = cell.number_format
    book.sheets.active_sheet = book.sheets[wb.active.title]
    return book


@pytest.fixture
def live(tmp_path):
    """A fake live workbook of a sample, saved in a temporary folder: live('bomber')."""

    def open_(slug: str) -> FakeBook:
        target = tmp_path / f"{slug}.xlsx"
        shutil.copy(WORKBOOKS / f"{slug}.xlsx", target)
        return fake_from_xlsx(target)

    return open_


def look(sheet: FakeSheet, size: int = 12) -> dict[tuple[int, int], tuple]:
    """Each cell's value, font colour, fill and number format in the top-left size x size
    block, as Excel shows them (an automatic font colour shows as black)."""
    out = {}
    for rc in ((r, c) for r in range(1, size + 1) for c in range(1, size + 1)):
        rng = sheet.range(rc)
        out[rc] = (rng.value, rng.font.color, rng.color, rng.number_format)
    return out


def known_bombs() -> set[tuple[int, int]]:
    lines = example("bomber")["solution_text"].split("\n")
    return {
        (r + 1, c + 1) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"
    }


def bombs(sheet: FakeSheet) -> set[tuple[int, int]]:
    return {rc for rc, v in sheet.cells.items() if v == "●"}


# --- the adapter ---------------------------------------------------------------------------


def test_the_fake_offers_only_what_xlwings_has():
    """Everything addin calls on the fake exists in xlwings, with the arguments used."""
    import inspect

    from xlwings.main import App, Book, Font, Range, Sheet, Sheets

    used = {
        Range: [
            "options",
            "value",
            "row",
            "column",
            "font",
            "color",
            "number_format",
            "merge_cells",
            "merge_area",
            "last_cell",
        ],
        Font: ["color"],
        Sheet: ["name", "range", "used_range", "visible", "activate"],
        Sheets: ["active", "add", "__getitem__", "__len__", "__iter__"],
        Book: ["name", "fullname", "sheets", "app", "caller"],
        App: ["alert", "screen_updating", "status_bar"],
    }
    for cls, names in used.items():
        assert [n for n in names if not hasattr(cls, n)] == [], cls
        fake = {Range: FakeRange, Font: FakeFont, Sheet: FakeSheet, Sheets: FakeSheets}.get(cls)
        if fake is not None:
            assert all(hasattr(fake, n) or n in vars(fake(*_fake_args(fake))) for n in names)
    assert {"title", "mode"} <= set(inspect.signature(App.alert).parameters)
    assert {"name", "after"} <= set(inspect.signature(Sheets.add).parameters)
    kinds = {p.kind for p in inspect.signature(Range.options).parameters.values()}
    assert inspect.Parameter.VAR_KEYWORD in kinds  # options(ndim=2)


def _fake_args(fake: type) -> tuple:
    book = FakeBook("/tmp/x.xlsx")
    sheet = FakeSheet(book, "s")
    return {FakeRange: (sheet, 1, 1), FakeFont: (sheet, (1, 1)), FakeSheet: (book, "s")}.get(
        fake, ()
    )


def test_hex_color_reads_every_xlwings_colour_form():
    assert hex_color((31, 79, 200)) == "1F4FC8"
    assert hex_color("#1f4fc8") == "1F4FC8"
    assert hex_color(0xC84F1F) == "1F4FC8"  # Excel's own integers are BGR
    assert hex_color(None) is None


def test_text_stays_text_in_excel():
    book = FakeBook("/tmp/x.xlsx")
    book.add_sheet("s", [[None]])
    sheet = XlwingsBook(book).sheet("s")
    for col, value in enumerate(["404040", "0", "TRUE", "●", 7, "1F4FC8"], start=1):
        sheet.put(1, col, value)
    raw = book.sheets["s"].cells
    assert raw[(1, 1)] == "404040" and raw[(1, 2)] == "0" and raw[(1, 3)] == "TRUE"
    assert raw[(1, 4)] == "●" and raw[(1, 5)] == 7.0
    fresh = XlwingsBook(book).sheet("s")  # reads Excel again
    assert sorted(fresh.used_cells()) == [(1, c) for c in range(1, 7)]
    assert fresh.get(1, 1) == "404040" and fresh.get(1, 5) == 7.0
    sheet.put(1, 1, None)
    assert book.sheets["s"].cells.get((1, 1)) is None and (1, 1) not in set(sheet.used_cells())


def test_used_range_offset_and_formatted_blanks():
    book = FakeBook("/tmp/x.xlsx")
    sheet = book.add_sheet("s", [])
    sheet.fmt[(2, 2)] = "@"  # formatted but empty: inside Excel's used range, not a used cell
    sheet.cells[(3, 4)] = 5.0
    sheet.cells[(4, 5)] = "  "
    xs = XlwingsBook(book).sheet("s")
    assert list(xs.used_cells()) == [(3, 4)]
    assert xs.get(3, 4) == 5.0 and xs.get(99, 99) is None


# --- the buttons ---------------------------------------------------------------------------------


def test_solve_writes_bombs_and_reports(live):
    book = live("bomber")
    text = buttons.solve(book)
    sheet = book.sheets["bomber"]
    assert bombs(sheet) == known_bombs()
    assert all(sheet.font[rc] == _rgb(SHADE_FONT) for rc in known_bombs())  # shaded bombs
    assert text.startswith("Sheet 'bomber': solved; unique") and book.last_alert[0] == text
    assert book.last_alert[1:] == ("Puzzle solver", "info")
    record = book.sheets[RECORD_SHEET]
    assert record.visible is False and book.sheets.active is sheet  # hidden, user stays put
    assert book.app.screen_updating is True


def test_solve_twice_then_clear_restores_the_sheet(live):
    book = live("bomber")
    sheet = book.sheets["bomber"]
    before = look(sheet)
    buttons.solve(book)
    after_one = look(sheet)
    buttons.solve(book)
    assert look(sheet) == after_one  # the earlier answer is not read as givens
    assert [(p.name, p.left > 0) for p in sheet.pictures.items] == [(buttons.PICTURE, True)]
    assert set(sheet.widths.values()) == {2.71} and set(sheet.heights.values()) == {18.0}
    text = buttons.clear(book)
    assert text == "Sheet 'bomber': removed the answer from 8 cells and its picture"
    assert len(sheet.pictures) == 0  # and the columns and rows have their sizes back:
    assert set(sheet.widths.values()) == {8.43} and set(sheet.heights.values()) == {15.0}
    assert look(sheet) == before
    assert [s.name for s in book.sheets] == ["bomber"]  # the record sheet went with the answer
    assert buttons.clear(book) == "Sheet 'bomber': no answer to clear"


def test_check_answer_and_hint_buttons_on_a_sheet_filled_by_hand(live):
    book = live("sudoku")
    sheet = book.sheets["sudoku"]
    before = look(sheet)
    text = buttons.hint(book)
    assert text.startswith("Sheet 'sudoku': ") and book.last_alert[2] == "info"
    assert buttons.check_answer(book).startswith("Sheet 'sudoku': incomplete; 52 cells are")
    row = [sheet.cells.get((1, c)) for c in range(1, 10)]
    empty = [c for c, v in enumerate(row, start=1) if v is None]
    digit = next(v for v in row if v is not None)
    sheet.cells[1, empty[0]] = digit  # a digit twice in row 1: the person's mistake
    text = buttons.check_answer(book)
    assert f"row 1: two {digit:g}s" in text and "marked red (2)" in text
    buttons.clear(book)
    del sheet.cells[1, empty[0]]
    assert look(sheet) == before  # the marks and the hint are gone


def test_sudoku_answer_keeps_givens(live):
    book = live("sudoku")
    sheet = book.sheets["sudoku"]
    givens = dict(sheet.cells)
    assert "solved; unique" in buttons.solve(book)
    assert all(sheet.cells[rc] == v for rc, v in givens.items())
    assert len(sheet.cells) == 81 + 1
    buttons.clear(book)
    assert sheet.cells == givens


def test_the_three_stages_through_files_beside_the_workbook(live, tmp_path):
    book = live("bomber")
    lp, sol = tmp_path / "bomber-bomber.lp", tmp_path / "bomber-bomber.sol"
    assert buttons.make_lp(book) == f"Sheet 'bomber': wrote the model to {lp}"
    assert lp.read_text().startswith("\\* puzzle-solver {")
    assert buttons.run_solver(book) == f"bomber-bomber.lp: solved by highs; wrote {sol}"
    assert sol.read_text().splitlines()[1].startswith("objective value:")
    assert not bombs(book.sheets["bomber"])  # nothing in the cells until stage 3
    text = buttons.read_solution(book)
    assert text == "Sheet 'bomber': answer from bomber-bomber.sol written"
    assert bombs(book.sheets["bomber"]) == known_bombs()


def test_stages_out_of_order_give_plain_messages(live):
    book = live("bomber")
    text = buttons.read_solution(book)
    assert text == "No solution file bomber-bomber.sol yet: press '2. Run solver' first."
    assert book.last_alert[2] == "critical"
    assert buttons.run_solver(book) == (
        "No model file bomber-bomber.lp yet: press '1. Make LP' first."
    )
    assert not bombs(book.sheets["bomber"])


def test_a_stale_solution_file_is_refused_in_button_words(live):
    book = live("bomber")
    buttons.make_lp(book)
    buttons.run_solver(book)
    book.sheets["bomber"].range((5, 5)).value = 3  # the user edits a clue afterwards
    text = buttons.read_solution(book)
    assert "the puzzle changed since" in text and "'1. Make LP' and '2. Run solver'" in text
    assert "'lp'" not in text and not bombs(book.sheets["bomber"])


def test_check_unique_writes_nothing(live):
    book = live("bomber")
    before = look(book.sheets["bomber"])
    text = buttons.check_unique(book)
    assert text.startswith("Sheet 'bomber': solved; unique") and "nothing was written" in text
    assert look(book.sheets["bomber"]) == before
    assert RECORD_SHEET not in [s.name for s in book.sheets]


def test_check_unique_names_the_cells_where_answers_differ(tmp_path):
    book = FakeBook(str(tmp_path / "mine.xlsm"))
    book.add_sheet("bomber (2)", [[None, 1, None, None], [None, None, None, "x"]])
    text = buttons.check_unique(book)
    assert "NOT unique; another answer differs at A1, C1" in text
    assert book.sheets["bomber (2)"].cells == {(1, 2): 1.0, (2, 4): "x"}


def test_bad_input_names_sheet_and_cell(live):
    book = live("bomber")
    book.sheets["bomber"].range((2, 2)).value = 9
    text = buttons.solve(book)
    assert "sheet 'bomber' cell B2: expected a number from 0 to 8" in text
    assert book.last_alert[2] == "critical"
    assert "sheet 'bomber' cell B2" in buttons.make_lp(book)


def test_an_answer_into_a_merged_cell_is_refused_naming_the_range(live):
    book = live("bomber")
    sheet = book.sheets["bomber"]
    sheet.merged.append((1, 3, 2, 4))  # C1:D2 merged for looks; C1 is a bomb, D2 is not
    text = buttons.solve(book)
    assert "cells C1:D2 are merged" in text and "unmerge them" in text
    assert not bombs(sheet)
    sheet.merged.clear()
    assert "solved; unique" in buttons.solve(book)


def test_a_sheet_that_names_no_genre_says_so(tmp_path):
    book = FakeBook(str(tmp_path / "mine.xlsm"))
    book.add_sheet("Sheet1", [[1, None], [None, "x"]])
    assert "the sheet's name names no genre" in buttons.solve(book)


def test_an_unsaved_workbook_is_asked_to_be_saved():
    book = FakeBook("Book1")
    book.add_sheet("bomber", [[1, None], [None, "x"]])
    assert "save the workbook in a local folder first" in buttons.make_lp(book)
    book.fullname = "https://d.docs.live.net/abc/Documents/b.xlsm"
    assert "save the workbook in a local folder first" in buttons.run_solver(book)


def test_settings_come_from_constants_or_environment(monkeypatch):
    monkeypatch.delenv("PUZZLE_SOLVER_SOLVER", raising=False)
    monkeypatch.delenv("PUZZLE_SOLVER_TIME_LIMIT", raising=False)
    assert buttons.settings() == Settings(buttons.SOLVER, buttons.TIME_LIMIT)
    monkeypatch.setenv("PUZZLE_SOLVER_SOLVER", "cbc")
    monkeypatch.setenv("PUZZLE_SOLVER_TIME_LIMIT", "0")
    assert buttons.settings() == Settings("cbc", None)


def test_bad_settings_are_a_message(monkeypatch, live):
    monkeypatch.setenv("PUZZLE_SOLVER_TIME_LIMIT", "soon")
    book = live("bomber")
    assert "PUZZLE_SOLVER_TIME_LIMIT='soon' is not a number" in buttons.solve(book)
    monkeypatch.setenv("PUZZLE_SOLVER_TIME_LIMIT", "5")
    monkeypatch.setenv("PUZZLE_SOLVER_SOLVER", "gurobi")
    assert "unknown solver 'gurobi'" in buttons.solve(book)


def test_the_caller_is_taken_from_xlwings_when_no_book_is_given(monkeypatch, live):
    book = live("bomber")
    monkeypatch.setattr(buttons, "_caller", lambda: book)
    assert buttons.check_unique().startswith("Sheet 'bomber': solved; unique")


# --- the built workbooks: VBA, buttons and their wiring ------------------------------------------


def vba_modules(path: Path) -> dict[str, str]:
    parser = VBA_Parser(str(path))
    try:
        return {name.rsplit(".", 1)[0]: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


def subs(code: str) -> set[str]:
    return set(re.findall(r"(?mi)^\s*(?:Public\s+)?Sub\s+(\w+)\s*\(", code))


def buttons_in(path: Path) -> list[tuple[str, str, int]]:
    """(sheet, macro, 0-based left column) of every form button, from the zip: the workbook's
    sheets, their relationships to VML drawings, and each button's <x:FmlaMacro>."""
    rel = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
    rid = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    found = []
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())

        def targets(rels_name: str) -> dict[str, str]:
            root = ElementTree.fromstring(z.read(rels_name))
            return {r.get("Id"): r.get("Target") for r in root.iter(rel)}

        sheets = targets("xl/_rels/workbook.xml.rels")
        for sheet in ElementTree.fromstring(z.read("xl/workbook.xml")).iter(f"{main}sheet"):
            sheet_file = sheets[sheet.get(rid)].rsplit("/", 1)[-1]
            rels_name = f"xl/worksheets/_rels/{sheet_file}.rels"
            if rels_name not in names:
                continue
            for target in targets(rels_name).values():
                if not re.search(r"drawings/vmlDrawing\d+\.vml$", target):
                    continue
                vml = z.read("xl/drawings/" + target.rsplit("/", 1)[-1]).decode()
                for shape in re.findall(
                    r'(?s)<x:ClientData ObjectType="Button">(.*?)</x:ClientData>', vml
                ):
                    macro = re.search(r"<x:FmlaMacro>(.*?)</x:FmlaMacro>", shape).group(1)
                    left = int(re.search(r"<x:Anchor>\s*(\d+)", shape).group(1))
                    found.append((sheet.get("name"), macro.split("!")[-1], left))
    return found


def code_lines(code: str) -> list[str]:
    return [ln for ln in code.splitlines() if not ln.lstrip().startswith("'")]


def test_there_is_a_built_workbook_for_every_sample():
    missing = [p.name for p in build_workbooks.samples() if not p.with_suffix(".xlsm").exists()]
    assert not missing, f"run: python -m addin.build_workbooks  (missing .xlsm for {missing})"


@pytest.mark.parametrize("path", BUILT, ids=lambda p: p.name)
def test_vba_project_holds_our_module_and_xlwings(path):
    modules = vba_modules(path)
    assert {"ThisWorkbook", "Sheet1", "PuzzleSolver", "xlwings"} <= set(modules)
    ours = PUZZLE_SOLVER_BAS.read_text(encoding="ascii")
    assert modules["PuzzleSolver"].replace("\r\n", "\n").strip() == ours.strip()
    assert "Public Function RunPython(PythonCommand As String)" in modules["xlwings"]


@pytest.mark.parametrize("path", BUILT, ids=lambda p: p.name)
def test_every_button_runs_a_sub_in_the_vba(path):
    modules = vba_modules(path)
    defined = subs(modules["PuzzleSolver"])
    found = buttons_in(path)
    wb = openpyxl.load_workbook(path, keep_vba=True)
    for ws in wb.worksheets:
        macros = [m for title, m, _ in found if title == ws.title]
        assert macros == ([m for m, _ in BUTTONS] if ws.sheet_state == "visible" else [])
    assert all(m in defined for _, m, _ in found)


@pytest.mark.parametrize("path", BUILT, ids=lambda p: p.name)
def test_every_runpython_call_names_a_python_function(path):
    calls = [
        m
        for code in vba_modules(path).values()
        for line in code_lines(code)
        if (m := re.search(r'RunPython\s+"import\s+([\w.]+)\s*;\s*([\w.]+)\(\)"', line))
    ]
    assert len(calls) == len(BUTTONS)
    for m in calls:
        module, call = m.group(1), m.group(2)
        assert call.startswith(module + "."), call
        target = importlib.import_module(module)
        for part in call[len(module) + 1 :].split("."):
            target = getattr(target, part)
        assert callable(target), call


def test_each_button_sub_calls_python():
    code = PUZZLE_SOLVER_BAS.read_text(encoding="ascii")
    for macro, _ in BUTTONS:
        body = re.search(rf"(?s)Public Sub {macro}\(\)(.*?)End Sub", code)
        assert body and "RunPython" in body.group(1), macro


@pytest.mark.parametrize("path", BUILT, ids=lambda p: p.name)
def test_buttons_stand_right_of_the_sentinel_and_cells_match_the_sample(path):
    xlsx = path.with_suffix(".xlsx")
    src = openpyxl.load_workbook(xlsx)
    built = openpyxl.load_workbook(path, keep_vba=True)
    assert built.sheetnames == src.sheetnames
    for ws in src.worksheets:
        cells = {
            (c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None
        }
        out = built[ws.title]
        assert {
            (c.row, c.column): c.value
            for row in out.iter_rows()
            for c in row
            if c.value is not None
        } == cells
        if cells and ws.sheet_state == "visible":
            book = OpenpyxlBook(path)
            rows, cols = find_extent(ws.title, cells)
            grid = read_grid(book.sheet(ws.title))
            assert (grid.rows, grid.cols) == (rows, cols)
            # buttons start after an empty column beyond the sentinel's (0-based >= last + 1)
            lefts = [left for title, _, left in buttons_in(path) if title == ws.title]
            assert lefts and min(lefts) >= cols + 2


@pytest.mark.slow  # CI runs it; `-m 'not slow'` skips it while working
def test_built_workbooks_are_up_to_date():
    assert build_workbooks.main(["--check"]) == 0, "run: python -m addin.build_workbooks"


@pytest.mark.slow
def test_rebuilding_gives_the_same_bytes(tmp_path):
    a = build_workbooks.build(WORKBOOKS / "bomber.xlsx", tmp_path / "a.xlsm")
    b = build_workbooks.build(WORKBOOKS / "bomber.xlsx", tmp_path / "b.xlsm")
    assert a.read_bytes() == b.read_bytes()


def test_copytoken_help_follows_the_spec():
    # [MS-OVBA] 2.4.1.3.19.1: BitCount = max(ceil(log2(difference)), 4),
    # MaximumLength = (0xFFFF >> BitCount) + 3, OffsetMask = ~LengthMask
    for difference in range(1, 4097):
        help_ = build_workbooks._copytoken_help(difference)
        bits = max(math.ceil(math.log2(difference)), 4)
        assert help_["bitCount"] == bits
        assert help_["lengthMask"] == 0xFFFF >> bits
        assert help_["offsetMask"] == 0xFFFF ^ (0xFFFF >> bits)
        assert help_["maxLength"] == (0xFFFF >> bits) + 3


@pytest.mark.slow  # CI runs it; `-m 'not slow'` skips it while working
def test_long_repeats_survive_compression():
    text = 'Attribute VB_Name = "Pad"\n' + ("'" + " " * 300 + "\n") * 40 + "Sub A()\nEnd Sub\n"
    data = build_workbooks.vba_project((text,), ("Sheet1",))
    assert build_workbooks.module_sources(data)["Pad"] == text.replace("\n", "\r\n")


def test_non_ascii_vba_is_refused():
    with pytest.raises(ValueError, match="ASCII"):
        build_workbooks.vba_project(('Attribute VB_Name = "X"\n\' ●\n',), ("Sheet1",))


# --- the CLI keeps an .xlsm's VBA and buttons ----------------------------------------------------


def zip_parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.mark.parametrize("slug", XLSM_SAMPLES)
def test_cli_solve_in_place_keeps_vba_and_buttons(tmp_path, slug):
    path = tmp_path / f"{slug}.xlsm"
    shutil.copy(WORKBOOKS / f"{slug}.xlsm", path)
    before = zip_parts(path)
    assert cli.main(["solve", str(path), "--in-place", "--jobs", "1"]) == 0
    after = zip_parts(path)
    assert after["xl/vbaProject.bin"] == before["xl/vbaProject.bin"]
    vml = [n for n in before if n.startswith("xl/drawings/vmlDrawing")]
    assert vml and all(after.get(n) == before[n] for n in vml)
    assert b"macroEnabled" in after["[Content_Types].xml"]
    assert b"<legacyDrawing" in after["xl/worksheets/sheet1.xml"]
    assert [m for _, m, _ in buttons_in(path)] == [m for m, _ in BUTTONS]
    assert "PuzzleSolver" in vba_modules(path)
    book = OpenpyxlBook(path)
    assert book.wb[RECORD_SHEET].sheet_state != "visible"
    # and the buttons keep working on what the CLI wrote: clearing through them restores it
    live = fake_from_xlsx(path)
    live.sheets.active_sheet = live.sheets[slug]
    assert "removed the answer" in buttons.clear(live)


@pytest.mark.parametrize("press", ["solve", "check_unique"])
def test_the_status_bar_shows_the_solving_and_is_given_back(live, press):
    book = live("hotaru-beam")  # its sample needs lazy rounds, with no deductions before
    book.app.bar = ["Ready, set by another macro"]
    getattr(buttons, press)(book)
    shown = book.app.bar[1:-1]
    assert shown and all(t.startswith("Puzzle solver [hotaru-beam]: ") for t in shown)
    assert "reading the sheet" in shown[0] and " s of 60 s" in shown[0]
    assert any("proving uniqueness" in t for t in shown)
    assert book.app.bar[-1] == "Ready, set by another macro"  # given back as it was


def test_a_status_bar_that_cannot_be_set_does_not_stop_the_solving(live):
    book = live("bomber")

    class Broken(FakeApp):
        @property
        def status_bar(self):
            raise RuntimeError("Excel is busy")

        @status_bar.setter
        def status_bar(self, value):
            raise RuntimeError("Excel is busy")

    book.app = Broken()
    assert buttons.solve(book).startswith("Sheet 'bomber': solved; unique")
