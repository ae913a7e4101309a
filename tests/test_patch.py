"""Saving edits the package a workbook was read from (solver.io.sheet.patch) whatever shape its
parts have: namespace prefixes, rows without numbers, a `<col>` covering many columns, an empty
`<sheetData/>`, styles without a list of number formats, formulas, sheets added and removed."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import WORKBOOKS

from solver.cli import main
from solver.io.sheet.answer import RECORD_SHEET
from solver.io.sheet.openpyxl_book import BookError, OpenpyxlBook
from solver.io.sheet.splice import apply, scan, with_attrs

SHEET = "xl/worksheets/sheet1.xml"


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def write(path: Path, found: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in found.items():
            z.writestr(name, data)
    return path


def sudoku(tmp_path: Path, change=None) -> Path:
    """A copy of the sudoku sample, its parts changed by change(parts) first."""
    found = parts(WORKBOOKS / "sudoku.xlsx")
    if change is not None:
        change(found)
    return write(tmp_path / "sudoku.xlsx", found)


def solve_and_clear(path: Path) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The parts after solving in place, and after clearing again."""
    assert main(["solve", str(path), "--in-place"]) == 0
    solved = parts(path)
    assert main(["clear", str(path)]) == 0
    return solved, parts(path)


def answer(path: Path) -> list[object]:
    ws = openpyxl.load_workbook(path)["sudoku"]
    return [ws.cell(1, c).value for c in range(1, 10)]


def test_parts_written_with_a_namespace_prefix_and_rows_without_numbers(tmp_path):
    def prefixed(found):
        for name in (SHEET, "xl/styles.xml", "xl/workbook.xml"):
            data = re.sub(rb"<(/?)(?![?!])([A-Za-z]\w*)([\s/>])", rb"<\1x:\2\3", found[name])
            found[name] = data.replace(b'xmlns="', b'xmlns:x="')
        found[SHEET] = re.sub(rb'<x:row r="\d+"', b"<x:row", found[SHEET])

    path = sudoku(tmp_path, prefixed)
    before = parts(path)
    solved, cleared = solve_and_clear(path)
    assert b"<x:font><x:name " in solved["xl/styles.xml"]
    assert re.search(
        rb'<x:sheet name="puzzle-solver" [^>]*r:id="rId\d+"/>', solved["xl/workbook.xml"]
    )
    assert re.search(rb'<x:c r="A1" s="\d+" t="n"><x:v>5</x:v></x:c>', solved[SHEET])
    assert [n for n in before if cleared[n] != before[n]] == ["xl/styles.xml"]


def test_a_col_over_many_columns_is_split_around_those_that_change(tmp_path):
    def one_col(found):
        found[SHEET] = re.sub(
            rb"<cols>.*</cols>",
            b'<cols><col min="1" max="20" width="6.5" customWidth="1" style="0"/></cols>',
            found[SHEET],
        )

    path = sudoku(tmp_path, one_col)
    before = parts(path)
    solved, cleared = solve_and_clear(path)
    cols = re.search(rb"<cols>.*</cols>", solved[SHEET]).group(0)
    assert cols.count(b"<col ") == 10  # A..I each its own, then J:T as it was
    assert b'<col min="10" max="20" width="6.5" customWidth="1" style="0"/>' in cols
    rest = openpyxl.load_workbook(path)["sudoku"].column_dimensions["J"]
    assert (rest.min, rest.max, rest.width) == (10, 20, 6.5)
    # clear gives each column its width back: as pieces, which read the same
    assert cleared[SHEET] != before[SHEET]
    widths = re.findall(rb'<col min="(\d+)" max="(\d+)" width="([\d.]+)"', cleared[SHEET])
    covered = [c for lo, hi, w in widths for c in range(int(lo), int(hi) + 1) if w == b"6.5"]
    assert covered == list(range(1, 21))


def test_a_sheet_without_cells_gets_its_first_ones(tmp_path):
    path = sudoku(tmp_path)
    book = OpenpyxlBook(path)
    book.wb.create_sheet("notes")
    book.save()
    found = parts(path)
    notes = found["xl/worksheets/sheet2.xml"]
    found["xl/worksheets/sheet2.xml"] = notes.replace(b"<sheetData></sheetData>", b"<sheetData/>")
    write(path, found)
    book = OpenpyxlBook(path)
    book.sheet("notes").put(3, 2, "three")
    book.sheet("notes").set_row_height(5, 30)
    book.save()
    data = parts(path)["xl/worksheets/sheet2.xml"]
    assert b"<sheetData>" in data and b'<dimension ref="A1:B3" />' in data
    ws = openpyxl.load_workbook(path)["notes"]
    assert ws["B3"].value == "three" and ws.row_dimensions[5].height == 30


def test_a_row_given_back_its_height_keeps_its_cells(tmp_path):
    path = sudoku(tmp_path)
    before = parts(path)
    book = OpenpyxlBook(path)
    book.sheet("sudoku").set_row_height(10, 40)  # the sentinel's row: no cell of it changes
    book.save()
    book = OpenpyxlBook(path)
    book.sheet("sudoku").set_row_height(10, 22)
    book.save()
    assert parts(path)[SHEET] == before[SHEET]
    book = OpenpyxlBook(path)
    book.sheet("sudoku").set_row_height(10, None)
    book.save()
    assert re.search(rb'<row r="10"><c r="J10"', parts(path)[SHEET])
    assert OpenpyxlBook(path).sheet("sudoku").get(10, 10) == "E"


def test_a_new_number_format_where_the_styles_have_none(tmp_path):
    def no_formats(found):
        assert b"<numFmts" in found["xl/styles.xml"]
        found["xl/styles.xml"] = re.sub(rb"<numFmts[^>]*/>", b"", found["xl/styles.xml"])

    path = sudoku(tmp_path, no_formats)
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["K20"].number_format = '0.0 "cm"'
    book.save()
    styles = parts(path)["xl/styles.xml"]
    assert re.search(rb'<styleSheet[^>]*><numFmts count="1"><numFmt numFmtId="164" ', styles)
    assert openpyxl.load_workbook(path)["sudoku"]["K20"].number_format == '0.0 "cm"'


def test_a_formula_overwritten_takes_the_calculation_chain_out(tmp_path):
    path = sudoku(tmp_path)
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["L1"] = "=1+1"
    book.save()
    found = parts(path)
    found["xl/calcChain.xml"] = (
        b'<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<c r="L1" i="1"/></calcChain>'
    )
    found["xl/_rels/workbook.xml.rels"] = found["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/'
        b'2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>',
    )
    found["[Content_Types].xml"] = found["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.calcChain+xml"/></Types>',
    )
    write(path, found)
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["L2"].font = openpyxl.styles.Font(b=True)  # no formula: the chain stays
    book.save()
    assert "xl/calcChain.xml" in parts(path)
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["L1"] = 2
    book.save()
    found = parts(path)
    assert "xl/calcChain.xml" not in found
    assert b"calcChain" not in found["xl/_rels/workbook.xml.rels"]
    assert b"calcChain" not in found["[Content_Types].xml"]


def test_a_formula_other_cells_share_is_never_overwritten(tmp_path):
    path = sudoku(tmp_path)
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["L1"] = 1
    book.save()
    found = parts(path)
    shared = b'<c r="L1" t="n"><f t="shared" ref="L1:L2" si="0">1+1</f><v>2</v></c>'
    found[SHEET] = re.sub(rb'<c r="L1"[^>]*>.*?</c>', shared, found[SHEET])
    write(path, found)
    before = path.read_bytes()
    book = OpenpyxlBook(path)
    book.wb["sudoku"]["L1"] = 5
    with pytest.raises(BookError, match="cell L1: its formula is shared with other cells"):
        book.save()
    assert path.read_bytes() == before


def test_removing_a_sheet_renumbers_what_counts_sheets_by_place(tmp_path):
    path = sudoku(tmp_path)
    wb = openpyxl.load_workbook(path)
    for name in ("a", "b"):
        wb.create_sheet(name)
    wb["b"].sheet_state = "hidden"
    wb.defined_names["everywhere"] = openpyxl.workbook.defined_name.DefinedName(
        "everywhere", attr_text="sudoku!$A$1"
    )
    wb["a"].defined_names["here"] = openpyxl.workbook.defined_name.DefinedName(
        "here", attr_text="a!$A$1"
    )
    wb["b"].defined_names["there"] = openpyxl.workbook.defined_name.DefinedName(
        "there", attr_text="b!$A$1"
    )
    wb.active = 1
    wb.save(path)
    book = OpenpyxlBook(path)
    book.wb.remove(book.wb["a"])
    book.save()
    data = parts(path)["xl/workbook.xml"]
    assert b'name="here"' not in data and b'name="everywhere"' in data
    assert re.search(rb'name="there" localSheetId="1"', data)
    assert b'activeTab="0"' in data
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["sudoku", "b"] and "there" in wb["b"].defined_names
    assert not any(n.endswith("sheet2.xml") for n in parts(path))


def test_a_renamed_sheet_keeps_its_part(tmp_path):
    path = sudoku(tmp_path)
    before = parts(path)
    book = OpenpyxlBook(path)
    book.wb["sudoku"].title = "mine"
    book.wb["mine"].sheet_state = "hidden"
    book.wb.create_sheet("shown")
    book.save()
    after = parts(path)
    assert after[SHEET] == before[SHEET]
    assert (
        b'<sheet name="mine" sheetId="1" state="hidden" r:id="rId1" />' in after["xl/workbook.xml"]
    )


def test_a_sheet_moved_is_refused(tmp_path):
    path = sudoku(tmp_path)
    book = OpenpyxlBook(path)
    book.wb.create_sheet("first", 0)
    with pytest.raises(BookError, match="another order"):
        book.save()


def test_import_then_solve_saves_twice_from_what_was_saved(tmp_path, sample):
    path = sample("bomber")
    original = parts(path)
    assert main(["import", "https://puzz.link/p?mines/3/3/1i1j", "-o", str(path), "--solve"]) == 0
    found = parts(path)
    assert all(found[n] == original[n] for n in original if n.startswith(("docProps", "xl/theme")))
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["bomber", "bomber (2)", RECORD_SHEET]
    assert wb["bomber (2)"]["A1"].value is not None


def test_saving_what_did_not_change_leaves_the_file_alone(tmp_path):
    for source in sorted(WORKBOOKS.glob("*.xls[xm]"))[:10]:
        path = tmp_path / source.name
        shutil.copy(source, path)
        before = path.stat()
        OpenpyxlBook(path).save()
        assert path.read_bytes() == source.read_bytes(), source.name
        assert path.stat().st_mtime_ns == before.st_mtime_ns


def test_a_change_undone_before_saving_leaves_every_part_as_it_was(tmp_path):
    path = sudoku(tmp_path)
    book = OpenpyxlBook(path)
    book.sheet("sudoku").put(1, 1, 5)
    book.sheet("sudoku").set_column_width(1, 9)
    out = book.save(tmp_path / "copy.xlsx")
    book.sheet("sudoku").put(1, 1, None)
    book.sheet("sudoku").set_column_width(1, 4.2)
    book.save()
    assert parts(out) != parts(path) == parts(WORKBOOKS / "sudoku.xlsx")


# --- splice ------------------------------------------------------------------------------------


def test_with_attrs_keeps_the_bytes_of_what_it_does_not_change():
    tag = b'<c  r=\'A1\' s="3"\tt="n"/>'
    assert with_attrs(tag, {"s": "3"}) == tag
    assert with_attrs(tag, {"s": "7"}) == b'<c  r=\'A1\' s="7"\tt="n"/>'
    assert with_attrs(tag, {"s": None}) == b"<c  r='A1'\tt=\"n\"/>"
    assert with_attrs(tag, {"x": 'a"b'}) == b'<c  r=\'A1\' s="3"\tt="n" x="a&quot;b"/>'


def test_scan_finds_each_element_by_its_bytes():
    data = b'<?xml version="1.0"?>\n<a><b k="1>2"/><c>t&amp;</c>\n<d  >x</d  ></a>'
    root = scan(data, depth=1)
    assert [data[n.start : n.end] for n in root.children] == [
        b'<b k="1>2"/>',
        b"<c>t&amp;</c>",
        b"<d  >x</d  >",
    ]
    b, c, _ = root.children
    assert b.empty and not c.empty and data[c.body : c.close] == b"t&amp;"
    assert apply(data, [(c.start, c.end, b""), (b.end, b.end, b"<e/>")]) == data.replace(
        b"<c>t&amp;</c>", b"<e/>"
    )


def test_scan_refuses_a_dtd():
    with pytest.raises(ValueError, match="DTD"):
        scan(b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')
