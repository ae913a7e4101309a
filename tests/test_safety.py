"""Never lose or spoil what the user has: saving refuses to replace a workbook that is read-only,
another user's, or open in Excel or LibreOffice; it keeps pictures, charts, text boxes and
comments, and refuses to replace a workbook with a poorer one; a killed save's temporary files
are cleaned up; clear gives back the workbook exactly (theme colours, no record sheet left); a
damaged record sheet never breaks solve or clear."""

from __future__ import annotations

import io
import os
import random
import struct
import time
import zipfile
import zlib
from copy import copy
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
import xlsxwriter
from conftest import WORKBOOKS
from openpyxl.styles import Font, PatternFill
from openpyxl.styles.colors import Color

from addin.build_workbooks import BUTTONS
from solver.cli import main
from solver.genres import all_genres
from solver.io.sheet import InputError, package
from solver.io.sheet.answer import RECORD_SHEET, SHADE_FILL, SHADE_FONT
from solver.io.sheet.openpyxl_book import TEMP_PREFIX, BookError, OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, read_puzzle, solve_sheet

SAMPLES = [g.slug for g in all_genres()]
BOMBER = [[1, 2, None, None, 1], [None, None, 3, None, 1], [None, 4, None, 3, None]]
BOMBER += [[None, None, 4, None, 2], [2, 2, None, None, 2]]


def png(width: int = 4, height: int = 4) -> bytes:
    """A small red PNG, made by hand."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def rich_book(path: Path, sparkline: bool = False) -> Path:
    """A bomber sheet with a text box beside the grid, and a sheet 'notes' with a picture, a
    chart, a text box and a comment (an .xlsm also gets the samples' VBA project and a button;
    `sparkline` adds one, which openpyxl drops)."""
    wb = xlsxwriter.Workbook(path)
    ws = wb.add_worksheet("bomber")
    for r, row in enumerate(BOMBER):
        for c, v in enumerate(row):
            if v is not None:
                ws.write(r, c, v)
    ws.write(5, 5, "E")
    ws.insert_textbox("H2", "how to play")
    if path.suffix == ".xlsm":
        with zipfile.ZipFile(WORKBOOKS / "bomber.xlsm") as z:
            (path.parent / "vbaProject.bin").write_bytes(z.read("xl/vbaProject.bin"))
        wb.add_vba_project(str(path.parent / "vbaProject.bin"))
        ws.insert_button("H8", {"macro": "SolveSheet", "caption": "Solve"})
    notes = wb.add_worksheet("notes")
    notes.write_column("A1", [1, 3, 2])
    notes.insert_image("C2", "dot.png", {"image_data": io.BytesIO(png())})
    chart = wb.add_chart({"type": "column"})
    chart.add_series({"values": "=notes!$A$1:$A$3"})
    notes.insert_chart("E2", chart)
    notes.insert_textbox("C12", "a note in a text box")
    notes.write_comment("A1", "a comment")
    if sparkline:
        notes.add_sparkline("B1", {"range": "notes!A1:A3"})
    wb.close()
    return path


def test_the_rich_fixture_holds_what_the_issue_names(tmp_path):
    found = package.contents(rich_book(tmp_path / "rich.xlsx"))
    assert found["notes"] == {"picture": 1, "chart": 1, "text box": 1, "comment": 1}
    assert found["bomber"] == {"text box": 1}


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_saving_in_place_keeps_pictures_charts_text_boxes_and_comments(tmp_path, suffix):
    path = rich_book(tmp_path / f"rich{suffix}")
    before = package.contents(path)
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    after = package.contents(path)
    assert after.pop(RECORD_SHEET) == {}
    assert after == before
    again = OpenpyxlBook(path)  # and openpyxl reads what was written
    assert again.wb["bomber"]["C1"].value == "●"
    assert again.wb["notes"]["A1"].comment.text == "a comment"
    assert main(["clear", str(path)]) == 0
    assert package.contents(path) == before


@pytest.mark.filterwarnings("ignore:Sparkline Group extension is not supported")  # openpyxl's
def test_what_openpyxl_drops_is_kept_in_place_and_in_a_copy(tmp_path):
    path = rich_book(tmp_path / "rich.xlsx", sparkline=True)
    before = package.contents(path)
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    out = book.save(tmp_path / "solved" / "rich.xlsx")
    book.save()
    for saved in (path, out):
        after = package.contents(saved)
        assert after.pop(RECORD_SHEET) == {}
        assert after == before and after["notes"]["sparkline group"] == 1
        assert OpenpyxlBook(saved).wb["bomber"]["C1"].value == "●"


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_the_samples_lose_nothing(sample, suffix):
    path = sample("bomber", suffix)
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    if suffix == ".xlsm":  # the buttons and the VBA project are counted, and kept
        found = package.contents(path)
        assert found["bomber"]["button or form control"] == len(BUTTONS)
        assert found[package.WHOLE_BOOK]["VBA project"] == 1


def test_lost_names_each_thing_in_the_plural():
    before = {"s": package.Counter({"picture": 2, "text box": 3, "chart": 1})}
    assert package.lost(before, {}) == ["1 chart, 2 pictures, 3 text boxes on sheet 's'"]
    assert package.lost(before, before) == []


def test_a_read_only_workbook_is_not_replaced(sample):
    path = sample("bomber")
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    os.chmod(path, 0o444)
    before = path.read_bytes()
    with pytest.raises(BookError, match="read-only"):
        book.save()
    assert path.read_bytes() == before
    assert path.stat().st_mode & 0o777 == 0o444


def test_another_users_workbook_is_not_replaced(sample, monkeypatch):
    path = sample("bomber")
    book = OpenpyxlBook(path)
    before = path.read_bytes()
    owner = path.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1000)  # we are someone else (root, say)
    with pytest.raises(BookError, match="another user"):
        book.save()
    assert path.read_bytes() == before and path.stat().st_uid == owner


@pytest.mark.parametrize(
    ("lock", "app"),
    [("~$bomber.xlsx", "Excel"), ("~$mber.xlsx", "Excel"), (".~lock.bomber.xlsx#", "LibreOffice")],
)
def test_a_workbook_open_elsewhere_is_not_replaced(sample, lock, app):
    path = sample("bomber")
    (path.parent / lock).write_bytes(b"\x05owner")
    before = path.read_bytes()
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    with pytest.raises(BookError, match=f"open in {app}"):
        book.save()
    assert path.read_bytes() == before


def test_a_read_only_folder_is_not_written_into(sample, tmp_path):
    book = OpenpyxlBook(sample("bomber"))
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(BookError, match="read-only"):
            book.save(folder / "out" / "bomber.xlsx")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_workbook_deleted_since_it_was_read_is_written_anew(sample):
    path = sample("bomber")
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    path.unlink()
    book.save()
    assert OpenpyxlBook(path).wb["bomber"]["C1"].value == "●"


def test_a_folder_is_not_written_over(sample, tmp_path):
    (tmp_path / "out" / "bomber.xlsx").mkdir(parents=True)
    with pytest.raises(BookError, match="is a folder"):
        OpenpyxlBook(sample("bomber")).save(tmp_path / "out" / "bomber.xlsx")


def test_clear_refuses_a_read_only_workbook_with_a_message(sample, capsys):
    path = sample("bomber")
    assert main(["solve", str(path), "--in-place", "--jobs", "1", "--no-unique"]) == 0
    os.chmod(path, 0o444)
    before = path.read_bytes()
    assert main(["clear", str(path)]) == 3  # could not be saved (exit codes: cli.py)
    err = capsys.readouterr().err
    assert "read-only" in err and "--out" in err and "Traceback" not in err
    assert path.read_bytes() == before
    assert main(["clear", str(path), "--out", str(path.with_name("cleared.xlsx"))]) == 0
    assert OpenpyxlBook(path.with_name("cleared.xlsx")).wb["bomber"]["C1"].value is None


def test_saving_uses_our_own_temporary_files(sample, monkeypatch):
    book = OpenpyxlBook(sample("bomber"))
    solve_sheet(book, "bomber", Settings())
    names = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (names.append(Path(a).name), real(a, b)))
    book.save()
    assert len(names) == 1 and names[0].startswith(TEMP_PREFIX)


def test_a_killed_saves_temporary_files_are_cleaned_up_on_the_next_save(sample):
    path = sample("bomber")
    folder = path.parent
    stale = [folder / f"{TEMP_PREFIX}k1ll3d.xlsx", folder / ".~ab3_xyz9.xlsx"]
    fresh = folder / f"{TEMP_PREFIX}s4v1ng.xlsx"  # another save, under way right now
    mine = folder / ".~notes.xlsx"  # not a name a save makes: the user's
    hour_ago = time.time() - 3600
    for p in [*stale, fresh, mine]:
        p.write_bytes(b"half a workbook")
        if p != fresh:
            os.utime(p, (hour_ago, hour_ago))
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and mine.exists()


# --- clear is exact ----------------------------------------------------------------------------


def look(path: Path) -> dict:
    """Every cell's value and whole look, over each sheet's used area and a margin."""
    wb = openpyxl.load_workbook(path)
    found = {}
    for ws in wb.worksheets:
        for r in range(1, ws.max_row + 3):
            for c in range(1, ws.max_column + 3):
                cell = ws.cell(r, c)
                found[ws.title, r, c] = (
                    cell.value,
                    copy(cell.font),  # the style itself: openpyxl's proxies never compare equal
                    copy(cell.fill),
                    copy(cell.border),
                    cell.number_format,
                    copy(cell.alignment),
                )
    return found


@pytest.mark.parametrize("slug", SAMPLES)
@pytest.mark.slow
def test_clear_gives_back_the_workbook_as_it_was(sample, slug):
    path = sample(slug, ".xlsm")
    before = look(path)
    sheets = openpyxl.load_workbook(path).sheetnames  # the room genres have two
    assert main(["solve", str(path), "--in-place", "--jobs", "1", "--no-unique"]) == 0
    assert look(path) != before
    assert main(["clear", str(path)]) == 0
    assert openpyxl.load_workbook(path).sheetnames == sheets  # no record sheet left
    after = look(path)
    assert [k for k in before if before[k] != after[k]] == []


def test_theme_colours_tints_and_patterns_come_back_after_clear(sample):
    path = sample("bomber")
    wb = openpyxl.load_workbook(path)
    ws = wb["bomber"]
    ws["C1"].font = Font(name="Meiryo UI", color=Color(theme=4, tint=-0.249977111117893))
    ws["C1"].fill = PatternFill("solid", fgColor=Color(theme=5, tint=0.3999755851924192))
    # (B2 is no bomb: a pattern under a shaded answer comes back as its colour alone)
    ws["B2"].fill = PatternFill("darkGrid", fgColor="FF00FF00", bgColor="FFFFFF00")
    ws["B2"].border = openpyxl.styles.Border(top=openpyxl.styles.Side("thin", Color(theme=3)))
    wb.save(path)
    before = look(path)
    assert main(["solve", str(path), "--in-place", "--jobs", "1", "--no-unique"]) == 0
    solved = openpyxl.load_workbook(path)["bomber"]
    # a bomb is shaded: white on the dark fill, over the cell's own font and fill
    assert solved["C1"].value == "●" and solved["C1"].font.color.rgb == "FF" + SHADE_FONT
    assert solved["C1"].fill.fgColor.rgb == "FF" + SHADE_FILL
    assert main(["clear", str(path)]) == 0
    after = look(path)
    assert [k for k in before if before[k] != after[k]] == []


# --- a damaged record sheet ----------------------------------------------------------------------

GARBAGE = ["", "zz", "☃", "=1+", "T=fat", "T=thin/zz", "Q=thin", "theme:x", "theme:99", "GGGGGG"]
WRONG_TYPES = [3.5, -1, 0, True, datetime(2020, 1, 1), 10**12]


def _rows(rec) -> list[int]:
    return sorted({cell.row for row in rec.iter_rows() for cell in row if cell.value is not None})


def _some_row(rec, rng: random.Random) -> int:
    return rng.choice(_rows(rec) or [1])


def cell_removed(wb, rec, rng):
    rec.cell(_some_row(rec, rng), rng.randint(1, 7)).value = None


def row_blanked(wb, rec, rng):
    r = _some_row(rec, rng)
    for c in range(1, 8):
        rec.cell(r, c).value = None


def row_deleted(wb, rec, rng):
    rec.delete_rows(_some_row(rec, rng))


def garbage_text(wb, rec, rng):
    rec.cell(_some_row(rec, rng), rng.randint(1, 7)).value = rng.choice(GARBAGE)


def wrong_type(wb, rec, rng):
    rec.cell(_some_row(rec, rng), rng.randint(1, 7)).value = rng.choice(WRONG_TYPES)


def rows_shuffled(wb, rec, rng):
    lines = [[rec.cell(r, c).value for c in range(1, 8)] for r in _rows(rec)]
    rng.shuffle(lines)
    for r, line in enumerate(lines, start=1):
        for c, v in enumerate(line, start=1):
            rec.cell(r, c).value = v


def row_duplicated(wb, rec, rng):
    r = _some_row(rec, rng)
    at = rng.randint(1, rec.max_row + 1)
    line = [rec.cell(r, c).value for c in range(1, 8)]
    rec.insert_rows(at)
    for c, v in enumerate(line, start=1):
        rec.cell(at, c).value = v


def made_visible(wb, rec, rng):
    rec.sheet_state = "visible"


def outside_the_grid(wb, rec, rng):
    far = ["Z99", "A1048576", "XFD1", "XFE1", "A1048577", "A0", "1A", "ZZZZ1", "$B$2"]
    rec.cell(_some_row(rec, rng), 2).value = rng.choice(far)


def for_a_deleted_sheet(wb, rec, rng):
    rec.cell(_some_row(rec, rng), 1).value = "gone"
    rec.append(["gone", "B2", "●", "1F4FC8", None, "General", None])


def all_cleared(wb, rec, rng):
    for r in _rows(rec):
        for c in range(1, 8):
            rec.cell(r, c).value = None


def sheet_deleted(wb, rec, rng):
    wb.remove(rec)


def header_inserted(wb, rec, rng):
    rec.insert_rows(1)
    for c, v in enumerate(["sheet", "cell", "value", "font", "fill", "format", "sides"], 1):
        rec.cell(1, c).value = v


def several(wb, rec, rng):
    for damage in rng.sample(DAMAGES[:-3], 3):
        damage(wb, rec, rng)


DAMAGES = [cell_removed, row_blanked, row_deleted, garbage_text, wrong_type, rows_shuffled]
DAMAGES += [row_duplicated, made_visible, outside_the_grid, for_a_deleted_sheet, all_cleared]
DAMAGES += [header_inserted, sheet_deleted, several]
DAMAGED = ["bomber", "yajilin", "slitherlink"]


@pytest.mark.parametrize("seed", range(2 * len(DAMAGES)))
@pytest.mark.slow
def test_a_damaged_record_sheet_gives_a_clean_solve_or_says_what_to_do(sample, seed):
    damage = DAMAGES[seed % len(DAMAGES)]
    slug = DAMAGED[seed % len(DAMAGED)]
    rng = random.Random(seed)
    path = sample(slug)
    book = OpenpyxlBook(path)
    expected = solve_sheet(book, slug, Settings()).answer
    damage(book.wb, book.wb[RECORD_SHEET], rng)
    book.save()
    for _ in range(2):  # solving on the damaged sheet, and again on what that wrote
        book = OpenpyxlBook(path)
        res = solve_sheet(book, slug, Settings())
        if res.status == "solved":
            assert res.answer == expected
        else:
            assert res.status == "error" and f"'{RECORD_SHEET}'" in res.error, res.error
            assert "delete the earlier answer" in res.error
        book.save()
    book = OpenpyxlBook(path)
    clear_sheet(book, slug)
    book.save()


@pytest.mark.slow
def test_reading_and_clearing_many_damaged_record_sheets_never_raises(sample):
    path = sample("bomber")
    book = OpenpyxlBook(path)
    solve_sheet(book, "bomber", Settings())
    book.save()
    for seed in range(150):
        rng = random.Random(seed)
        book = OpenpyxlBook(path)
        for damage in rng.choices(DAMAGES[:-2], k=rng.randint(1, 4)):
            damage(book.wb, book.wb[RECORD_SHEET], rng)
        for step in range(2):  # before and after clearing
            if step:
                clear_sheet(book, "bomber")
            try:
                read_puzzle(book, "bomber")
            except InputError as exc:
                assert f"'{RECORD_SHEET}'" in str(exc), (seed, str(exc))


def test_a_bad_given_that_is_no_answer_keeps_its_plain_message(sample):
    path = sample("bomber")
    wb = openpyxl.load_workbook(path)
    wb["bomber"]["B2"] = "x"
    wb.save(path)
    res = solve_sheet(OpenpyxlBook(path), "bomber", Settings())
    assert res.error == (
        "sheet 'bomber' cell B2: expected a number from 0 to 8 or an empty cell, found 'x'"
    )


def test_removing_the_record_sheet_keeps_the_active_sheet(sample):
    book = OpenpyxlBook(sample("bomber"))
    solve_sheet(book, "bomber", Settings())
    book.wb.create_sheet("notes")  # after the record sheet
    book.wb.active = book.wb["notes"]
    clear_sheet(book, "bomber")
    assert book.wb.sheetnames == ["bomber", "notes"] and book.wb.active.title == "notes"


def chart_sheet_book(path: Path, kind: str) -> Path:
    """The bomber sample with a chart sheet 'Chart1' after it: `empty` as openpyxl writes one
    without a chart (a drawing reference, no relationships part), `bare` a chart sheet part that
    holds nothing at all, `chart` one with a column chart (as Excel writes one, by xlsxwriter)."""
    if kind == "chart":
        wb = xlsxwriter.Workbook(path)
        ws = wb.add_worksheet("bomber")
        for r, row in enumerate(BOMBER):
            ws.write_row(r, 0, row)
        ws.write(5, 5, "E")
        chart = wb.add_chart({"type": "column"})
        chart.add_series({"values": "=bomber!$A$1:$A$5"})
        wb.add_chartsheet("Chart1").set_chart(chart)
        wb.close()
        return path
    wb = openpyxl.load_workbook(WORKBOOKS / "bomber.xlsx")
    wb.create_chartsheet("Chart1")
    wb.save(path)
    if kind == "bare":
        with zipfile.ZipFile(path) as z:
            parts = {n: z.read(n) for n in z.namelist()}
        parts["xl/chartsheets/sheet1.xml"] = (
            b'<chartsheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'
        )
        with zipfile.ZipFile(path, "w") as z:
            for n, data in parts.items():
                z.writestr(n, data)
    return path


@pytest.mark.parametrize("kind", ["empty", "bare", "chart"])
def test_a_chart_sheet_is_skipped_and_kept(tmp_path, capsys, kind):
    path = chart_sheet_book(tmp_path / "charted.xlsx", kind)
    assert main(["lp", str(path), "-o", str(tmp_path / "b.lp")]) == 0
    assert main(["hint", str(path), "--no-write"]) == 0
    assert main(["solve", str(path), "--in-place"]) == 0
    book = OpenpyxlBook(path)
    assert book.sheet_names() == ["bomber"] and book.wb["bomber"]["C1"].value == "●"
    assert [cs.title for cs in book.wb.chartsheets] == ["Chart1"]
    assert package.contents(path)[package.WHOLE_BOOK]["chart sheet"] == 1
    if kind == "chart":
        charts = sum(things["chart"] for things in package.contents(path).values())
        assert charts == 1
    assert main(["check", str(path)]) == 0
    assert main(["clear", str(path)]) == 0
    assert OpenpyxlBook(path).wb["bomber"]["C1"].value is None
    assert main(["solve", str(path), "--sheet", "Chart1"]) == 1
    assert "sheet 'Chart1': a chart sheet, which holds no puzzle" in capsys.readouterr().out
