"""Writing answers: givens never overwritten, solving twice is stable, clearing undoes exactly
what solving wrote, and it all survives saving the workbook."""

from __future__ import annotations

import pytest

from solver.backends import Settings
from solver.pipeline import clear_sheet, solve_sheet
from solver.sheet import InputError
from solver.sheet.answer import ANSWER_FONT, RECORD_SHEET, CellWrite, write_answer
from solver.sheet.openpyxl_book import OpenpyxlBook


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
    from solver.workbook import add_puzzle_sheet

    path = sample("bomber")
    book, second = add_puzzle_sheet(path, bomber.GENRE, bomber.Puzzle(((None, 1, 1, None),)))
    assert second == "bomber (2)"
    solve_sheet(book, "bomber", Settings())
    solve_sheet(book, second, Settings())
    clear_sheet(book, second)
    assert book.wb["bomber"]["C1"].value == "●"
    assert [c.value for c in book.wb[second][1]][:4] == [None, 1, 1, None]


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

    def crash(filename):
        with open(filename, "wb") as fh:
            fh.write(b"half a workbook")
        raise OSError("disk full")

    monkeypatch.setattr(book.wb, "save", crash)
    with pytest.raises(OSError, match="disk full"):
        book.save()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".~")] == []
