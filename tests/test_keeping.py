"""Nothing a person kept is lost when a workbook is saved: every command that writes a workbook
(solve in place or to a copy, check, hint, clear, read-solution, import into a book) changes
only what it writes; the rest of the package keeps its bytes (numbers openpyxl cannot hold, rich
text, drawings and their part names, every look); a symbolic link is written through; a book
that changed on disk while it was being solved is not replaced."""

from __future__ import annotations

import io
import os
import re
import shutil
import struct
import zipfile
import zlib
from copy import copy
from pathlib import Path
from xml.etree import ElementTree as ET

import openpyxl
import pytest
import xlsxwriter
from conftest import WORKBOOKS
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Border, Font, GradientFill, PatternFill, Protection, Side
from openpyxl.styles.colors import Color
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from solver import batch
from solver.cli import main
from solver.io import workbook
from solver.io.sheet import openpyxl_book
from solver.io.sheet.answer import RECORD_SHEET
from solver.io.sheet.openpyxl_book import BookError, OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import solve_sheet

MINES = "https://puzz.link/p?mines/3/3/1i1j"
HUGE = "1e400"  # a number beyond a float: openpyxl reads it as inf and writes nothing
NOTE = CellRichText(
    ["see ", TextBlock(InlineFont(b=True, color="FFFF0000"), "the rules"), " first"]
)
# the sample's grid (A1:I9) and its sentinel (J10); what solving may write is inside
GRID = {(r, c) for r in range(1, 10) for c in range(1, 10)}


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def rewrite(path: Path, part: str, old: bytes, new: bytes) -> None:
    """Replace bytes inside one part of a package (what openpyxl cannot write itself)."""
    found = parts(path)
    assert found[part].count(old) == 1, (part, old)
    found[part] = found[part].replace(old, new)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in found.items():
            z.writestr(name, data)


def sheet_part(path: Path, sheet: str) -> str:
    """The part of a sheet, by its name."""
    with zipfile.ZipFile(path) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(rf'<sheet [^>]*name="{re.escape(sheet)}"[^>]*r:id="(\w+)"', book)
    assert rid, sheet
    target = re.search(rf'Id="{rid.group(1)}"[^>]*Target="([^"]+)"', rels) or re.search(
        rf'Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels
    )
    assert target
    return "xl/" + target.group(1).lstrip("/").removeprefix("xl/")


def cell_xml(data: bytes, ref: str) -> bytes:
    m = re.search(rb'<c r="' + ref.encode() + rb'"[^>]*?(?:/>|>.*?</c>)', data)
    assert m, ref
    return m.group(0)


def kept_book(path: Path, wrong: bool = False) -> Path:
    """The sudoku sample with much a person keeps: a sheet 'notes' before it and a hidden one
    after it, with numbers, formats, fonts, fills, borders, widths, heights, merged cells, data
    validation, conditional formatting, frozen panes, defined names, a comment, rich text and
    numbers beyond a float; beside the puzzle's grid the looks alone (a value there would break
    the sentinel's rule). `wrong`: an answer digit typed that breaks a rule (for check)."""
    wb = openpyxl.load_workbook(WORKBOOKS / "sudoku.xlsx")
    puzzle = wb["sudoku"]
    notes = wb.create_sheet("notes", 0)
    thin, thick = Side("thin", Color(theme=4, tint=-0.25)), Side("thick", "FF00AA00")
    looks = [
        (12.5, "0.00%", Font(name="Arial", b=True, i=True, sz=14, color=Color(theme=1))),
        (1234.5, '#,##0.00 "kr"', Font(u="double", color="FF123456")),
        (0.5, "h:mm", Font(strike=True, vertAlign="superscript")),
    ]
    for r, (value, fmt, font) in enumerate(looks, start=1):
        cell = notes.cell(r, 1, value)
        cell.number_format, cell.font = fmt, font
        cell.border = Border(left=thin, bottom=thick, diagonal=thin, diagonalUp=True)
        cell.alignment = Alignment(horizontal="right", wrap_text=True, indent=1)
    notes["B1"].fill = PatternFill("solid", fgColor=Color(theme=5, tint=0.4))
    notes["B2"].fill = PatternFill("gray125", fgColor="FFFF0000", bgColor="FF0000FF")
    notes["B3"].fill = GradientFill(stop=("FFFFFFFF", "FF4F81BD"), degree=90)
    notes["B4"].protection = Protection(locked=False, hidden=True)
    notes["C1"] = "=SUM(A1:A3)"
    notes["C2"] = NOTE
    notes["C3"] = 12345  # becomes 1e400 below
    notes["C3"].number_format = "0.00E+00"
    notes["D1"] = "a comment here"
    notes["D1"].comment = Comment("kept", "me")
    notes.merge_cells("E1:F2")
    notes["E1"] = "merged"
    notes.column_dimensions["A"].width = 21.5
    notes.column_dimensions.group("G", "H", outline_level=1, hidden=True)
    notes.row_dimensions[2].height = 33
    notes.row_dimensions[5].hidden = True
    notes.freeze_panes = "B2"
    rule = DataValidation(type="list", formula1='"yes,no"', allow_blank=True)
    notes.add_data_validation(rule)
    rule.add("B5:B9")
    red = PatternFill("solid", fgColor="FFFFC7CE")
    notes.conditional_formatting.add("A1:A3", CellIsRule(operator=">", formula=["5"], fill=red))
    notes.sheet_properties.tabColor = "FF00B050"
    puzzle["L4"].number_format = "0.0%"
    puzzle["L4"].font = Font(name="Meiryo UI", color="FF7030A0", sz=9)
    puzzle.merge_cells("L6:N7")
    puzzle.column_dimensions["L"].width = 30
    puzzle.row_dimensions[12].height = 40
    puzzle.conditional_formatting.add(
        "L4", CellIsRule(operator="<", formula=["0"], font=Font(color="FFFF0000"))
    )
    puzzle.add_data_validation(dv := DataValidation(type="whole", operator="between"))
    dv.formula1, dv.formula2 = "0", "9"
    dv.add("L9")
    if wrong:
        puzzle["A1"] = 1  # row 1 already has a 1 (I1)
    lists = wb.create_sheet("lists")
    lists["A1"] = "hidden"
    lists["A2"] = 54321  # becomes 1e400 below
    lists["A3"] = NOTE
    lists.sheet_state = "hidden"
    wb.defined_names["rate"] = DefinedName("rate", attr_text="notes!$A$1")
    puzzle.defined_names["cells"] = DefinedName("cells", attr_text="sudoku!$A$1:$I$9")
    wb.active = 1
    wb.save(path)
    rewrite(path, sheet_part(path, "notes"), b"<v>12345</v>", f"<v>{HUGE}</v>".encode())
    rewrite(path, sheet_part(path, "lists"), b"<v>54321</v>", f"<v>{HUGE}</v>".encode())
    return path


def look(path: Path) -> dict:
    """Every cell's value and whole look, and each sheet's sizes and settings."""
    wb = openpyxl.load_workbook(path, rich_text=True)
    found: dict = {"sheets": [(ws.title, ws.sheet_state) for ws in wb._sheets]}
    found["names"] = sorted((n, d.attr_text) for n, d in wb.defined_names.items())
    for ws in wb.worksheets:
        for (r, c), cell in ws._cells.items():
            found[ws.title, r, c] = (
                cell.value,
                cell.data_type,
                copy(cell.font),
                copy(cell.fill),
                copy(cell.border),
                cell.number_format,
                copy(cell.alignment),
                copy(cell.protection),
            )
        found[ws.title, "cols"] = {k: (d.width, d.hidden) for k, d in ws.column_dimensions.items()}
        found[ws.title, "rows"] = {k: (d.height, d.hidden) for k, d in ws.row_dimensions.items()}
        found[ws.title, "merged"] = sorted(str(m) for m in ws.merged_cells.ranges)
        found[ws.title, "freeze"] = ws.freeze_panes
        found[ws.title, "validation"] = [str(d.sqref) for d in ws.data_validations.dataValidation]
        found[ws.title, "rules"] = [str(r.sqref) for r in ws.conditional_formatting]
        found[ws.title, "names"] = sorted(ws.defined_names)
    return found


def without(data: bytes, pattern: bytes) -> bytes:
    """A part with the one element matching `pattern` taken out."""
    found = re.findall(pattern, data)
    assert len(found) == 1, (pattern, found)
    return data.replace(found[0], b"")


# --- one cell of another sheet: a number beyond a float ---------------------------------------


def test_a_number_beyond_a_float_is_kept_where_nothing_is_written(tmp_path, capsys):
    path = kept_book(tmp_path / "book.xlsx")
    notes, lists = sheet_part(path, "notes"), sheet_part(path, "lists")
    assert main(["solve", str(path), "--in-place"]) == 0
    saved = parts(path)
    assert cell_xml(saved[notes], "C3").endswith(f"<v>{HUGE}</v></c>".encode())
    assert cell_xml(saved[lists], "A2").endswith(f"<v>{HUGE}</v></c>".encode())
    assert OpenpyxlBook(path).wb["sudoku"]["C2"].value is not None  # the answer is there


# --- rich text ---------------------------------------------------------------------------------


def test_rich_text_keeps_its_runs(tmp_path):
    path = kept_book(tmp_path / "book.xlsx")
    assert main(["solve", str(path), "--in-place"]) == 0
    wb = openpyxl.load_workbook(path, rich_text=True)
    for ws, ref in ((wb["notes"], "C2"), (wb["lists"], "A3")):
        value = ws[ref].value
        assert isinstance(value, CellRichText) and value == NOTE, (ws.title, value)
        bold = value[1]
        assert bold.font.b and bold.font.color.rgb == "FFFF0000"


def test_rich_text_in_shared_strings_is_kept(tmp_path):
    """A book Excel's way: rich text in the shared strings (here written by XlsxWriter)."""
    path = tmp_path / "bomber.xlsx"
    wb = xlsxwriter.Workbook(path)
    ws = wb.add_worksheet("bomber")
    grid = [[1, 2, None, None, 1], [None, None, 3, None, 1], [None, 4, None, 3, None]]
    grid += [[None, None, 4, None, 2], [2, 2, None, None, 2]]
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is not None:
                ws.write(r, c, v)
    ws.write(5, 5, "E")
    red = wb.add_format({"bold": True, "font_color": "red"})
    notes = wb.add_worksheet("notes")
    notes.write_rich_string("A1", "the ", red, "key", " idea")
    notes.write_rich_string("A2", "mind ", red, "every", " number")
    wb.close()
    before = openpyxl.load_workbook(path, rich_text=True)
    strings = parts(path)["xl/sharedStrings.xml"]
    assert main(["solve", str(path), "--in-place"]) == 0
    after = openpyxl.load_workbook(path, rich_text=True)
    assert after["bomber"]["C1"].value == "●"
    for sheet, ref in (("notes", "A1"), ("notes", "A2")):
        assert isinstance(after[sheet][ref].value, CellRichText)
        assert after[sheet][ref].value == before[sheet][ref].value
    assert parts(path)["xl/sharedStrings.xml"] == strings


# --- symbolic links ----------------------------------------------------------------------------


def test_in_place_through_a_link_writes_its_target_and_keeps_the_link(tmp_path, sample):
    real = sample("sudoku")
    link = tmp_path / "link.xlsx"
    link.symlink_to(real.name)
    assert main(["solve", str(link), "--in-place"]) == 0
    assert link.is_symlink() and os.readlink(link) == real.name
    assert OpenpyxlBook(real).wb["sudoku"]["C2"].value is not None
    assert main(["clear", str(link)]) == 0
    assert link.is_symlink() and OpenpyxlBook(real).wb["sudoku"]["C2"].value is None


@pytest.mark.parametrize("command", ["solve", "clear", "check", "hint", "lp"])
def test_a_link_loop_is_named_as_one(tmp_path, capsys, command):
    loop = tmp_path / "loop.xlsx"
    loop.symlink_to("other.xlsx")
    (tmp_path / "other.xlsx").symlink_to("loop.xlsx")
    args = [command, str(loop)] + (["--in-place"] if command == "solve" else [])
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "loop.xlsx is a symbolic link loop" in err, err
    assert "does not exist" not in err and "Traceback" not in err


def test_saving_to_a_link_loop_is_refused_with_its_name(tmp_path, sample):
    loop = tmp_path / "loop.xlsx"
    loop.symlink_to("other.xlsx")
    (tmp_path / "other.xlsx").symlink_to("loop.xlsx")
    with pytest.raises(BookError, match=r"loop\.xlsx is a symbolic link loop"):
        OpenpyxlBook(sample("sudoku")).save(loop)


# --- a book that changed on disk while it was being solved -------------------------------------


def test_a_book_another_program_saved_meanwhile_is_not_replaced(sample):
    path = sample("sudoku")
    book = OpenpyxlBook(path)
    solve_sheet(book, "sudoku", Settings())
    assert main(["import", MINES, "-o", str(path)]) == 0  # adds the sheet 'bomber'
    imported = path.read_bytes()
    with pytest.raises(BookError, match="changed on disk while it was being solved") as err:
        book.save()
    assert str(path) in str(err.value) and "nothing was saved; run again" in str(err.value)
    assert path.read_bytes() == imported
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".~")] == []
    assert main(["solve", str(path), "--in-place"]) == 0  # run again: both are kept
    wb = openpyxl.load_workbook(path)
    assert "bomber" in wb.sheetnames and wb["sudoku"]["C2"].value is not None


def test_a_change_that_keeps_size_and_time_is_still_seen(sample):
    path = sample("sudoku")
    book = OpenpyxlBook(path)
    solve_sheet(book, "sudoku", Settings())
    data, st = path.read_bytes(), path.stat()
    i = data.index(b"docProps/app.xml") + 2  # a name in the zip's directory: same size
    path.write_bytes(data[:i] + bytes([data[i] ^ 0x20]) + data[i + 1 :])
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(BookError, match="changed on disk"):
        book.save()


def test_solve_in_place_while_import_adds_a_sheet_keeps_the_sheet(sample, monkeypatch, capsys):
    """`solve --in-place` of a book into which `import -o` adds a sheet while it is being
    solved: the solve is not saved (and says why), the imported sheet stays."""
    path = sample("sudoku")
    real = batch.solve_sheet

    def meanwhile(book, sheet, job):
        assert main(["import", MINES, "-o", str(path)]) == 0
        return real(book, sheet, job)

    monkeypatch.setattr(batch, "solve_sheet", meanwhile)
    assert main(["solve", str(path), "--in-place", "--jobs", "1"]) == 3
    out = capsys.readouterr().out
    assert "changed on disk while it was being solved" in out and "run again" in out
    wb = openpyxl.load_workbook(path)
    assert "bomber" in wb.sheetnames and wb["sudoku"]["C2"].value is None


def test_a_new_book_is_never_written_over_one_that_appeared_meanwhile(tmp_path, monkeypatch):
    """import -o into a new file: if a workbook appears there while the new one is being made,
    it is kept and the import says so."""
    path = tmp_path / "new.xlsx"
    real = openpyxl_book.write_new

    def meanwhile(target, data):
        shutil.copy(WORKBOOKS / "sudoku.xlsx", target)  # another program saves a book there
        real(target, data)

    monkeypatch.setattr(workbook, "write_new", meanwhile)
    assert main(["import", MINES, "-o", str(path)]) == 3
    assert path.read_bytes() == (WORKBOOKS / "sudoku.xlsx").read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["new.xlsx"]


def test_saving_a_copy_elsewhere_does_not_depend_on_the_original(sample, tmp_path):
    path = sample("sudoku")
    book = OpenpyxlBook(path)
    solve_sheet(book, "sudoku", Settings())
    assert main(["import", MINES, "-o", str(path)]) == 0
    out = book.save(tmp_path / "copy" / "sudoku.xlsx")  # what was read, solved, as a copy
    assert OpenpyxlBook(out).wb.sheetnames == ["sudoku", RECORD_SHEET]


# --- part names --------------------------------------------------------------------------------


def png() -> bytes:
    """A 2 x 2 red PNG, made by hand."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def drawn_book(path: Path) -> Path:
    """A bomber book with a picture and a text box beside the grid (XlsxWriter)."""
    wb = xlsxwriter.Workbook(path)
    ws = wb.add_worksheet("bomber")
    for r, row in enumerate([[1, 2, None, None, 1], [None, None, 3, None, 1]]):
        for c, v in enumerate(row):
            if v is not None:
                ws.write(r, c, v)
    ws.write(5, 5, "E")
    ws.insert_textbox("H2", "how to play")
    ws.insert_image("H8", "dot.png", {"image_data": io.BytesIO(png())})
    wb.close()
    return path


def test_saving_again_and_again_keeps_the_part_names(tmp_path):
    path = drawn_book(tmp_path / "bomber.xlsx")
    first = parts(path)
    for command in (["solve", "--in-place"], ["clear"], ["solve", "--in-place"]):
        main([command[0], str(path), *command[1:]])
        now = parts(path)
        new = set(now) - set(first)
        assert set(first) <= set(now) and len(new) <= 1, new  # the record sheet's part
        assert all("kept" not in name for name in now)
        drawings = [n for n in first if n.startswith("xl/drawings/") or n.startswith("xl/media/")]
        assert drawings and all(now[n] == first[n] for n in drawings)


# --- every command keeps what it does not write ------------------------------------------------


def _solve(path: Path, tmp_path: Path) -> Path:
    assert main(["solve", str(path), "--in-place"]) == 0
    return path


def _copy(path: Path, tmp_path: Path) -> Path:
    assert main(["solve", str(path), "--out", str(tmp_path / "out")]) == 0
    return tmp_path / "out" / path.name


def _check(path: Path, tmp_path: Path) -> Path:
    assert main(["check", str(path)]) == 1  # the book has a wrong digit (kept_book(wrong=True))
    return path


def _hint(path: Path, tmp_path: Path) -> Path:
    assert main(["hint", str(path)]) == 0
    return path


def _clear(path: Path, tmp_path: Path) -> Path:
    _solve(path, tmp_path)
    assert main(["clear", str(path)]) == 0
    return path


def _read_solution(path: Path, tmp_path: Path) -> Path:
    lp, sol = tmp_path / "s.lp", tmp_path / "s.sol"
    assert main(["lp", str(path), "--sheet", "sudoku", "-o", str(lp)]) == 0
    assert main(["run-lp", str(lp), "-o", str(sol)]) == 0
    assert main(["read-solution", str(path), str(sol), "--sheet", "sudoku"]) == 0
    return path


def _import(path: Path, tmp_path: Path) -> Path:
    assert main(["import", MINES, "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize(
    "command",
    [_solve, _copy, _check, _hint, _clear, _read_solution, _import],
    ids=lambda f: f.__name__,
)
def test_every_command_that_writes_keeps_the_rest(tmp_path, command):
    path = kept_book(tmp_path / "book.xlsx", wrong=command is _check)
    before = parts(path)
    notes, puzzle = sheet_part(path, "notes"), sheet_part(path, "sudoku")
    saved = parts(command(path, tmp_path))
    assert saved[notes] == before[notes]
    assert cell_xml(saved[puzzle], "L4") == cell_xml(before[puzzle], "L4")
    same = {n for n in before if n in saved and saved[n] == before[n]}
    allowed = {puzzle, "xl/styles.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"}
    assert set(before) - same <= allowed | {"[Content_Types].xml"}


# --- the in-place promise, part by part --------------------------------------------------------


def test_solving_in_place_changes_only_the_answer_part_by_part(tmp_path):
    path = kept_book(tmp_path / "book.xlsx")
    original, shown = parts(path), look(path)
    puzzle = sheet_part(path, "sudoku")
    givens = {k for k in shown if k[0] == "sudoku" and k[1:] in GRID and shown[k][0] is not None}
    assert main(["solve", str(path), "--in-place"]) == 0
    saved = parts(path)
    # the parts: the same names, plus the hidden record sheet's
    record = sheet_part(path, RECORD_SHEET)
    assert set(saved) == set(original) | {record} and record not in original
    changed = {n for n in original if saved[n] != original[n]}
    assert changed == {
        puzzle,
        "xl/styles.xml",
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "[Content_Types].xml",
    }
    # the workbook, its relationships and content types: the record sheet's entry added
    name = re.escape(record.removeprefix("xl/").encode())
    assert (
        without(saved["xl/workbook.xml"], rb'<sheet name="puzzle-solver"[^>]*/>')
        == (original["xl/workbook.xml"])
    )
    rels = saved["xl/_rels/workbook.xml.rels"]
    assert (
        without(rels, rb"<Relationship [^>]*" + name + rb'"/>')
        == (original["xl/_rels/workbook.xml.rels"])
    )
    types = saved["[Content_Types].xml"]
    assert (
        without(types, rb'<Override PartName="/' + re.escape(record.encode()) + rb'"[^>]*/>')
        == (original["[Content_Types].xml"])
    )
    # the styles: every list keeps its entries, in place; the answer's looks come after them
    old, new = ET.fromstring(original["xl/styles.xml"]), ET.fromstring(saved["xl/styles.xml"])
    assert [e.tag for e in old] == [e.tag for e in new]
    for a, b in zip(old, new, strict=True):
        items = [ET.tostring(x) for x in a]
        assert [ET.tostring(x) for x in b][: len(items)] == items, a.tag
        assert {k: v for k, v in a.attrib.items() if k != "count"} == {
            k: v for k, v in b.attrib.items() if k != "count"
        }
    # the puzzle's sheet: everything outside <cols> and <sheetData> as it was; every cell
    # outside the grid byte for byte, a given but for its style (the grid's thin lines)
    before_sheet, after_sheet = original[puzzle], saved[puzzle]
    for tag in (b"cols", b"sheetData"):
        before_sheet = re.sub(rb"<" + tag + rb">.*</" + tag + rb">", b"", before_sheet, flags=re.S)
        after_sheet = re.sub(rb"<" + tag + rb">.*</" + tag + rb">", b"", after_sheet, flags=re.S)
    assert after_sheet == before_sheet
    for cell in re.findall(rb'<c r="([A-Z]+\d+)"', original[puzzle]):
        ref = cell.decode()
        at = openpyxl.utils.cell.coordinate_to_tuple(ref)
        if at not in GRID:
            assert cell_xml(saved[puzzle], ref) == cell_xml(original[puzzle], ref), ref
        elif ("sudoku", *at) in givens:
            was, now_xml = (cell_xml(x[puzzle], ref) for x in (original, saved))
            assert re.sub(rb' s="\d+"', b"", now_xml) == re.sub(rb' s="\d+"', b"", was), ref
    rows = re.findall(rb'<row r="(\d+)"[^>]*>', original[puzzle])
    assert b"12" in rows
    for r in (r for r in rows if int(r) > 10):  # the rows below the grid and its sentinel
        tag = rb'<row r="' + r + rb'"[^>]*>'
        assert re.search(tag, saved[puzzle]).group(0) == re.search(tag, original[puzzle]).group(0)
    # and as openpyxl reads it: every value and look of every cell not in the answer, every
    # setting of every sheet
    now = look(path)
    answer = {("sudoku", *rc) for rc in GRID} - givens
    assert now.pop(RECORD_SHEET, None) is None
    differ = [k for k in shown.keys() | now.keys() if shown.get(k) != now.get(k)]
    differ = [k for k in differ if k[:3] not in answer and k[0] != RECORD_SHEET]
    lined = [k for k in differ if k[0] == "sudoku" and k[1:] in GRID]  # givens: their lines
    for k in lined:
        assert now[k][:4] + now[k][5:] == shown[k][:4] + shown[k][5:], k
        assert now[k][4].top.style == "thin" and now[k][4] != shown[k][4], k
    differ = [k for k in differ if k not in lined]
    assert sorted(map(str, differ)) == ["('sudoku', 'cols')", "('sudoku', 'rows')", "sheets"]
    assert now["sheets"] == [*shown["sheets"], (RECORD_SHEET, "hidden")]
    for key in ("cols", "rows"):
        a, b = shown["sudoku", key], now["sudoku", key]
        outside = [
            k
            for k in a.keys() | b.keys()
            if k not in ("ABCDEFGHIJ" if key == "cols" else range(1, 11))
        ]
        assert all(a.get(k) == b.get(k) for k in outside), key
    # clear gives the package back byte for byte, but for the styles, which only grew
    assert main(["clear", str(path)]) == 0
    cleared = parts(path)
    assert set(cleared) == set(original)
    assert [n for n in original if cleared[n] != original[n]] == ["xl/styles.xml"]


def test_a_copy_is_written_the_same_way(tmp_path):
    path = kept_book(tmp_path / "book.xlsx")
    original = parts(path)
    assert main(["solve", str(path), "--out", str(tmp_path / "out")]) == 0
    copied = parts(tmp_path / "out" / "book.xlsx")
    assert parts(path) == original
    puzzle = sheet_part(path, "sudoku")
    assert {n for n in original if copied[n] != original[n]} == {
        puzzle,
        "xl/styles.xml",
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "[Content_Types].xml",
    }


def test_xlsm_keeps_its_vba_project_and_buttons_byte_for_byte(sample):
    path = sample("bomber", ".xlsm")
    before = parts(path)
    assert main(["solve", str(path), "--in-place"]) == 0
    after = parts(path)
    kept = [n for n in before if "vba" in n.lower() or "vml" in n.lower() or "ctrlProp" in n]
    assert kept and all(after[n] == before[n] for n in kept)


def test_a_sheet_removed_takes_its_entries_with_it(tmp_path, sample):
    path = sample("sudoku")
    shutil.copy(path, tmp_path / "twice.xlsx")
    book = OpenpyxlBook(path)
    book.wb.create_sheet("scratch")
    book.save()
    book = OpenpyxlBook(path)
    book.wb.remove(book.wb["scratch"])
    book.save()
    assert parts(path) == parts(tmp_path / "twice.xlsx")
