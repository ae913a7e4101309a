"""Writing answers: givens never overwritten, solving twice is stable, clearing undoes exactly
what solving wrote, and it all survives saving the workbook."""

from __future__ import annotations

import os
import types
from dataclasses import replace

import openpyxl
import pytest

from addin import xlwings_book as xw
from solver.io.sheet import Border, Borders, InputError, Style, openpyxl_book
from solver.io.sheet.answer import (
    ANSWER_BORDER,
    ANSWER_FONT,
    RECORD_SHEET,
    CellWrite,
    clear_answer,
    recorded_answer,
    write_answer,
)
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, solve_sheet


def values(book: OpenpyxlBook, sheet: str) -> dict[tuple[int, int], object]:
    ws = book.wb[sheet]
    return {
        (c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None
    }


def test_solve_writes_answers_in_their_own_colour_and_keeps_givens(sample):
    book = OpenpyxlBook(sample("sudoku"))
    before = values(book, "sudoku")
    assert solve_sheet(book, "sudoku", Settings()).status == "solved"
    after = values(book, "sudoku")
    assert all(after[rc] == v for rc, v in before.items())  # givens untouched
    assert len(after) == 81 + 1  # the grid is full, plus the sentinel
    ws = book.wb["sudoku"]
    assert ws["A1"].font.color.rgb.endswith(ANSWER_FONT) and ws["C1"].value == 6
    assert not (ws["C1"].font.color and str(ws["C1"].font.color.rgb).endswith(ANSWER_FONT))
    assert book.wb[RECORD_SHEET].sheet_state == "hidden"


def test_solving_twice_gives_the_same_sheet_and_clear_restores_it(sample):
    path = sample("bomber")
    book = OpenpyxlBook(path)
    original = values(book, "bomber")
    solve_sheet(book, "bomber", Settings())
    book.save()
    once = values(OpenpyxlBook(path), "bomber")
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    book = OpenpyxlBook(path)
    assert values(book, "bomber") == once
    assert clear_sheet(book, "bomber") == 8
    book.save()
    book = OpenpyxlBook(path)
    assert values(book, "bomber") == original
    assert book.wb["bomber"]["C1"].font.color is None or not str(
        book.wb["bomber"]["C1"].font.color.rgb
    ).endswith(ANSWER_FONT)
    assert clear_sheet(book, "bomber") == 0


def test_a_value_the_user_typed_over_an_answer_is_kept(sample):
    book = OpenpyxlBook(sample("bomber"))
    solve_sheet(book, "bomber", Settings())
    ws = book.wb["bomber"]
    assert ws["C1"].value == "●"
    ws["C1"] = 5  # the user types a clue where an answer stood
    clear_sheet(book, "bomber")
    assert ws["C1"].value == 5


def test_a_user_edit_is_read_as_a_given_on_the_next_solve(sample):
    book = OpenpyxlBook(sample("bomber"))
    solve_sheet(book, "bomber", Settings())
    book.wb["bomber"]["D1"] = 0  # now contradicts the bomb at C1 next to it
    res = solve_sheet(book, "bomber", Settings())
    assert res.status == "infeasible"
    assert book.wb["bomber"]["D1"].value == 0


def test_writer_refuses_to_overwrite_a_given(sample):
    book = OpenpyxlBook(sample("bomber"))
    with pytest.raises(InputError, match="cell A1: answer '●' would overwrite the given 1"):
        write_answer(book, "bomber", [CellWrite(0, 0, "●")])


def test_writes_made_before_a_refused_one_are_recorded_and_cleared(sample):
    book = OpenpyxlBook(sample("bomber"))
    ws = book.wb["bomber"]
    assert ws["C1"].value is None and ws["A1"].value == 1
    with pytest.raises(InputError, match="would overwrite the given 1"):
        write_answer(book, "bomber", [CellWrite(0, 2, "●"), CellWrite(0, 0, "●")])
    assert ws["C1"].value == "●"  # written before the refusal, and recorded
    assert clear_sheet(book, "bomber") == 1
    assert ws["C1"].value is None and ws["A1"].value == 1


def test_shading_restyles_a_given_and_clear_restores_its_look(sample):
    book = OpenpyxlBook(sample("bomber"))
    write_answer(book, "bomber", [CellWrite(0, 0, shade=True), CellWrite(0, 2, shade=True)])
    ws = book.wb["bomber"]
    assert ws["A1"].value == 1 and ws["A1"].fill.fgColor.rgb.endswith("404040")
    assert ws["C1"].value == "■"
    clear_sheet(book, "bomber")
    assert ws["A1"].value == 1 and ws["A1"].fill.fill_type is None and ws["C1"].value is None


def test_two_sheets_keep_separate_records(sample, tmp_path):
    from solver.genres import bomber
    from solver.io.workbook import add_puzzle_sheet

    path = sample("bomber")
    book, second = add_puzzle_sheet(path, bomber.GENRE, bomber.Puzzle(((None, 1, 1, None),)))
    assert second == "bomber (2)"
    solve_sheet(book, "bomber", Settings())
    solve_sheet(book, second, Settings())
    clear_sheet(book, second)
    assert book.wb["bomber"]["C1"].value == "●"
    assert [c.value for c in book.wb[second][1]][:4] == [None, 1, 1, None]


def test_a_value_beyond_the_record_sheets_columns_does_not_break_clear(sample, tmp_path):
    """Found by tests/test_fuzz.py: clearing raised IndexError when the record sheet held
    something beyond its columns (then seven; now nine: the kind of record, and a face)."""
    from solver.genres import bomber
    from solver.io.workbook import add_puzzle_sheet

    book, second = add_puzzle_sheet(
        sample("bomber"), bomber.GENRE, bomber.Puzzle(((None, 1, 1, None),))
    )
    solve_sheet(book, "bomber", Settings())
    solve_sheet(book, second, Settings())
    book.wb[RECORD_SHEET]["J2"] = "a note"  # beyond the columns we write
    assert clear_sheet(book, "bomber") == 8
    assert book.wb["bomber"]["C1"].value is None and book.wb[second]["A1"].value == "●"
    assert "a note" in [c.value for row in book.wb[RECORD_SHEET].iter_rows() for c in row]
    assert clear_sheet(book, second) == 2


def test_saving_is_atomic_and_keeps_the_files_permissions(sample, tmp_path):
    import os

    path = sample("bomber")
    os.chmod(path, 0o644)
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    assert path.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".~")] == []
    new = book.save(tmp_path / "out" / "new.xlsx")
    assert new.stat().st_mode & 0o077 != 0  # not mkstemp's private 0600


def test_a_failed_save_leaves_the_old_file_whole(sample, monkeypatch):
    path = sample("bomber")
    before = path.read_bytes()
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())

    def crash(fd, data):
        os.write(fd, data[: len(data) // 2])
        raise OSError("disk full")

    monkeypatch.setattr(openpyxl_book, "write_all", crash)
    with pytest.raises(OSError, match="disk full"):
        book.save()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".~")] == []


# --- borders: lines on cell edges (slitherlink) -----------------------------------------------

USER_LINE = ("thin", "A0A0A0")


def borders(book: OpenpyxlBook, sheet: str, rows: int = 8, cols: int = 8) -> dict:
    """(row, col, side) -> (style, colour) of every side with a line in the top-left block."""
    ws = book.wb[sheet]
    out = {}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            for name in ("top", "bottom", "left", "right"):
                s = getattr(ws.cell(r, c).border, name)
                if s is not None and s.style:
                    out[r, c, name[0].upper()] = (s.style, s.color.rgb[-6:] if s.color else None)
    return out


def user_grid(path, sheet: str, size: int) -> None:
    """The user draws their own thin grey grid over the puzzle, and a thick line under A1."""
    from openpyxl.styles import Border, Side

    wb = openpyxl.load_workbook(path)
    thin = Side(style=USER_LINE[0], color=USER_LINE[1])
    for r in range(1, size + 1):
        for c in range(1, size + 1):
            wb[sheet].cell(r, c).border = Border(left=thin, right=thin, top=thin, bottom=thin)
    wb[sheet]["A1"].border = Border(left=thin, right=thin, top=thin, bottom=Side(style="thick"))
    wb.save(path)


def test_a_loop_drawn_as_borders_solves_again_and_clears_back_to_the_users_grid(sample):
    path = sample("slitherlink")
    user_grid(path, "slitherlink", 7)
    book = OpenpyxlBook(path)
    original, original_values = borders(book, "slitherlink"), values(book, "slitherlink")
    res = solve_sheet(book, "slitherlink", Settings())
    assert res.status == "solved", res.error
    book.save()
    book = OpenpyxlBook(path)
    drawn = borders(book, "slitherlink")
    answer = ("medium", ANSWER_FONT)
    ours = {k for k, v in drawn.items() if v == answer}
    # every loop edge on both of its cells, but an edge on the grid's frame on one only
    edges = res.answer["edges"]
    frame = [e for e in edges if (e[0] == e[2] in (0, 7)) or (e[1] == e[3] in (0, 7))]
    assert len(edges) == 50 and len(ours) == 2 * len(edges) - len(frame) == 81
    assert all(drawn[k] == original[k] for k in original.keys() - ours)  # the rest is the user's
    assert drawn[1, 1, "B"] == ("thick", None) and drawn[1, 1, "T"] == answer
    assert values(book, "slitherlink") == original_values  # the numbers keep their cells

    solve_sheet(book, "slitherlink", Settings())  # solving again gives the same sheet
    assert borders(book, "slitherlink") == drawn
    assert values(book, "slitherlink") == original_values

    assert clear_sheet(book, "slitherlink") == len({(r, c) for r, c, _ in ours})
    book.save()
    book = OpenpyxlBook(path)
    assert borders(book, "slitherlink") == original
    assert values(book, "slitherlink") == original_values
    assert RECORD_SHEET not in book.wb.sheetnames


def test_borders_alone_are_recorded_and_restored(sample):
    book = OpenpyxlBook(sample("bomber"))
    write_answer(book, "bomber", [CellWrite(0, 0, borders="B"), CellWrite(1, 1, borders="TL")])
    rec = book.wb[RECORD_SHEET]
    rows = [r for r in rec.iter_rows(values_only=True) if r[0] == "bomber"]
    assert [(r[1], r[2], r[6]) for r in rows] == [("A1", None, "B="), ("B2", None, "T= L=")]
    assert recorded_answer(book, "bomber") == {}  # nothing for the reader to ignore
    ws = book.wb["bomber"]
    assert ws["A1"].value == 1 and ws["A1"].border.bottom.style == "medium"
    assert ws["B2"].border.left.color.rgb.endswith(ANSWER_FONT)
    assert clear_sheet(book, "bomber") == 2
    assert ws["A1"].border.bottom.style is None and ws["B2"].border.top.style is None
    assert ws["A1"].value == 1


def test_a_side_the_user_redrew_after_solving_is_theirs(sample):
    from openpyxl.styles import Border, Side

    book = OpenpyxlBook(sample("bomber"))
    write_answer(book, "bomber", [CellWrite(1, 1, borders="TB")])
    ws = book.wb["bomber"]
    ws["B2"].border = Border(top=ws["B2"].border.top, bottom=Side(style="double", color="FF0000"))
    clear_sheet(book, "bomber")
    assert ws["B2"].border.top.style is None  # ours: removed
    assert (ws["B2"].border.bottom.style, ws["B2"].border.bottom.color.rgb[-6:]) == (
        "double",
        "FF0000",
    )


def test_records_from_before_borders_still_clear(sample):
    book = OpenpyxlBook(sample("bomber"))
    book.wb["bomber"]["C1"] = "●"
    rec = book.hidden_sheet(RECORD_SHEET, create=True)
    for c, v in enumerate(["bomber", "C1", "●", None, None, "General"], start=1):
        rec.put(1, c, v)  # six columns, as written before borders were recorded
    assert recorded_answer(book, "bomber") == {(1, 3): "●"}
    assert clear_sheet(book, "bomber") == 1 and book.wb["bomber"]["C1"].value is None


def test_a_cell_write_names_sides_only(sample):
    with pytest.raises(ValueError, match="T, B, L, R"):
        write_answer(OpenpyxlBook(sample("bomber")), "bomber", [CellWrite(0, 0, borders="X")])


# --- borders in live Excel (addin.xlwings_book), on a fake of Excel's Borders ------------------


NO_LINE = {"LineStyle": xw.XL_LINE_NONE, "Weight": xw.THIN, "Color": 0, "ColorIndex": -4105}


class FakeEdge:
    """One of Excel's Border objects (`range.api.Borders(edge)`), kept in `lines` under `key`."""

    def __init__(self, lines: dict, key: tuple) -> None:
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "key", key)

    def __getattr__(self, name: str) -> int:
        return self.lines.get(self.key, NO_LINE)[name]

    def __setattr__(self, name: str, value: int) -> None:
        line = self.lines.setdefault(self.key, dict(NO_LINE))
        line[name] = value
        if name == "Color":
            line["ColorIndex"] = 1  # no longer automatic
        if name == "ColorIndex" and value == xw.XL_COLOR_AUTOMATIC:
            line["Color"] = 0
        if line["LineStyle"] == xw.XL_LINE_NONE:
            del self.lines[self.key]


class FakeCell:
    """The part of an xlwings Range that addin.xlwings_book touches for one cell's look."""

    def __init__(self, sheet: FakeExcelSheet, rc: tuple[int, int]) -> None:
        self.sheet, self.rc, self.row, self.column = sheet, rc, rc[0], rc[1]
        self.font = types.SimpleNamespace(color=(0, 0, 0))
        self.color, self.number_format = None, "General"
        self.api = types.SimpleNamespace(Borders=self.edge)

    def edge(self, index: int) -> FakeEdge:
        r, c = self.rc
        side = {v: k for k, v in xw.XL_EDGES.items()}[index]
        if self.sheet.shared:  # the line between two cells is one line, both cells' side
            key = {"T": ("h", r, c), "B": ("h", r + 1, c), "L": ("v", r, c), "R": ("v", r, c + 1)}
            return FakeEdge(self.sheet.lines, key[side])
        return FakeEdge(self.sheet.lines, (r, c, side))


class FakeExcelSheet:
    def __init__(self, shared: bool) -> None:
        self.name, self.shared, self.lines = "s", shared, {}
        self.cells: dict[tuple[int, int], FakeCell] = {}
        # no values: the used range is one empty cell
        self.used_range = types.SimpleNamespace(
            row=1, column=1, options=lambda ndim: types.SimpleNamespace(value=[[None]])
        )

    def range(self, rc: tuple[int, int]) -> FakeCell:
        return self.cells.setdefault(rc, FakeCell(self, rc))


@pytest.mark.parametrize("one_line", [False, True], ids=["own sides", "shared lines"])
def test_live_excel_borders_draw_and_clear_back_to_the_users_lines(one_line):
    sheet = FakeExcelSheet(one_line)
    for r in (1, 2):  # the user's thin automatic-colour grid over A1:B2
        for c in (1, 2):
            for edge in xw.XL_EDGES.values():
                sheet.range((r, c)).api.Borders(edge).LineStyle = xw.CONTINUOUS
    before = {k: dict(v) for k, v in sheet.lines.items()}
    xs = xw.XlwingsSheet(sheet, borders=True)
    book = types.SimpleNamespace()  # only what write_answer and clear_answer use
    book.sheet = lambda name: xs
    book.hidden_sheet = _record_sheet()
    book.remove_hidden_sheet = lambda name: None
    # the loop around A1: A1's four sides, B1's left, A2's top
    writes = [CellWrite(0, 0, borders="TBLR"), CellWrite(0, 1, borders="L")]
    writes.append(CellWrite(1, 0, borders="T"))
    write_answer(book, "s", writes)
    medium = {"LineStyle": 1, "Weight": xw.MEDIUM, "Color": xw.bgr(ANSWER_FONT), "ColorIndex": 1}
    a1 = sheet.range((1, 1)).api.Borders
    assert all(vars_of(a1(e)) == medium for e in xw.XL_EDGES.values())
    assert vars_of(sheet.range((1, 2)).api.Borders(xw.XL_EDGES["R"]))["Weight"] == xw.THIN
    assert xs.get_style(1, 1, borders=True).borders.side("T") == ANSWER_BORDER
    clear_answer(book, "s")
    assert sheet.lines == before


def vars_of(edge: FakeEdge) -> dict:
    return {k: getattr(edge, k) for k in NO_LINE}


def _record_sheet():
    """A book's record sheet, as an in-memory Sheet."""
    cells: dict[tuple[int, int], object] = {}

    class Rec:
        name = RECORD_SHEET

        def used_cells(self):
            return [rc for rc, v in cells.items() if v is not None]

        def get(self, row, col):
            return cells.get((row, col))

        def put(self, row, col, value):
            cells[row, col] = value

        def put_rows(self, row, lines):
            for r, line in enumerate(lines, start=row):
                for c, v in enumerate(line, start=1):
                    cells[r, c] = v

    rec = Rec()
    return lambda name, create: rec


def test_live_excel_border_styles_round_trip_and_only_changes_are_written():
    sheet = FakeExcelSheet(shared=False)
    xs = xw.XlwingsSheet(sheet, borders=True)
    for name in xw.LINE_STYLES:
        for color in (None, "12AB34"):
            style = Style(borders=Borders(top=Border(name, color)))
            xs.set_style(1, 1, style)
            fresh = xw.XlwingsSheet(sheet, borders=True)  # reads Excel again
            assert fresh.get_style(1, 1, borders=True).borders == style.borders
    xs.set_style(1, 1, Style(borders=Borders()))
    assert sheet.lines == {}
    # Style.borders None, or an adapter without borders (Excel on macOS), leaves them alone
    sheet.range((1, 1)).api.Borders(xw.XL_EDGES["B"]).LineStyle = xw.DOT
    xs.set_style(1, 1, Style())
    mac = xw.XlwingsSheet(sheet, borders=False)
    assert mac.get_style(1, 1, borders=True).borders == Borders()
    mac.set_style(1, 1, Style(borders=Borders()))
    assert list(sheet.lines) == [(1, 1, "B")]
    assert xs.get_style(1, 1, borders=True).borders.bottom == Border("dotted")


class FakeColored:
    """Excel's Font or Interior object: an RGB colour, or a theme colour with a tint."""

    def __init__(self) -> None:
        self.ThemeColor, self.TintAndShade = None, 0.0

    def __getattribute__(self, name: str):
        value = object.__getattribute__(self, name)
        if name == "ThemeColor" and value is None:
            raise OSError("(-2146827284) not a theme colour")  # what COM raises
        return value


def test_live_excel_theme_colours_come_back_after_clear():
    sheet = FakeExcelSheet(shared=False)
    cell = sheet.range((1, 1))
    cell.api.Font, cell.api.Interior = FakeColored(), FakeColored()
    cell.api.Font.ThemeColor, cell.api.Font.TintAndShade = 1, 0.25  # Text 1, lighter
    cell.api.Interior.ThemeColor = 5  # Accent 1
    cell.color = (68, 114, 196)
    xs = xw.XlwingsSheet(sheet, borders=True)
    old = xs.get_style(1, 1)
    assert (old.font_color, old.fill_color) == ("theme:1:0.25", "theme:4")
    xs.set_style(1, 1, replace(old, font_color=ANSWER_FONT))  # an answer: only its font is new
    assert cell.font.color == f"#{ANSWER_FONT}"
    assert cell.color == (68, 114, 196) and cell.api.Interior.ThemeColor == 5  # not rewritten
    cell.api.Font.ThemeColor = None  # in Excel an RGB colour is no longer the theme's
    xs.set_style(1, 1, old)  # clear
    assert (cell.api.Font.ThemeColor, cell.api.Font.TintAndShade) == (1, 0.25)
    assert cell.api.Interior.ThemeColor == 5
    # a theme colour where Excel's object model is not used: black text, no fill
    mac = xw.XlwingsSheet(sheet, borders=False)
    mac.set_style(1, 1, Style("theme:0", "theme:4"))
    assert (cell.font.color, cell.color) == ((0, 0, 0), None)


def test_live_excel_answer_rewrites_only_the_font_of_a_patterned_cell():
    sheet = FakeExcelSheet(shared=False)
    cell = sheet.range((1, 1))
    cell.color, cell.number_format = (255, 0, 0), "@"  # as Excel reads a red-striped fill
    xs = xw.XlwingsSheet(sheet, borders=False)
    old = xs.get_style(1, 1)
    cell.color = "red stripes"  # what rewriting the colour would turn into a solid fill
    xs.set_style(1, 1, replace(old, font_color=ANSWER_FONT))
    assert cell.font.color == f"#{ANSWER_FONT}"
    assert (cell.color, cell.number_format) == ("red stripes", "@")
