"""Reading a grid: the sentinel rule, value normalisation, errors that name sheet and cell."""

from __future__ import annotations

import datetime
import random
import re

import openpyxl
import pytest
from openpyxl.utils import column_index_from_string
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

from solver.blocks.names import a1, quote
from solver.blocks.values import normalize
from solver.genres import genre_for_sheet
from solver.io.sheet import Grid, InputError, find_extent, read_grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet


def sheet_with(cells: dict[str, object], title: str = "bomber") -> OpenpyxlSheet:
    ws = openpyxl.Workbook().active
    ws.title = title
    for address, v in cells.items():
        ws[address] = v
    return OpenpyxlSheet(ws)


def test_a1_addresses():
    assert a1(1, 1) == "A1" and a1(3, 26) == "Z3" and a1(10, 27) == "AA10" and a1(2, 703) == "AAA2"


def test_grid_is_everything_above_and_left_of_the_sentinel():
    grid = read_grid(sheet_with({"A1": 1, "B2": "3", "D4": "E"}))
    assert (grid.rows, grid.cols) == (3, 3)
    assert grid.cells == [[1, None, None], [None, 3, None], [None, None, None]]


def test_last_row_and_column_of_the_grid_may_be_empty():
    grid = read_grid(sheet_with({"A1": 2, "F9": "x"}))
    assert (grid.rows, grid.cols) == (8, 5)


def test_no_twenty_cell_limit():
    grid = read_grid(sheet_with({"A1": 1, "AE41": "."}))
    assert (grid.rows, grid.cols) == (40, 30)


def test_missing_sentinel_says_what_was_found_where_and_where_it_goes():
    cells = {"A1": 1, "C2": 2, "B4": 3}
    with pytest.raises(InputError) as err:
        read_grid(sheet_with(cells))
    msg = str(err.value)
    assert msg.startswith("sheet 'bomber': no sentinel: the typed cells reach C4")
    assert "type one character (the sentinel) in D5, below-right of C4" in msg
    assert "the last used row 4 has B4" in msg and "column C has C2" in msg
    grid = read_grid(sheet_with({**cells, "D5": "E"}))  # doing what it says works
    assert (grid.rows, grid.cols) == (4, 3)


def test_a_full_grid_without_sentinel_is_told_where_the_sentinel_goes():
    full = {a1(r, c): 1 for r in range(1, 10) for c in range(1, 10)}
    with pytest.raises(InputError) as err:
        read_grid(sheet_with(full, "sudoku"))
    msg = str(err.value)
    assert "the sentinel is at I9, but its row or column also holds I1, I2" in msg
    assert "if I9 belongs to the grid, type one character (the sentinel) in J10" in msg
    grid = read_grid(sheet_with({**full, "J10": "E"}, "sudoku"))
    assert (grid.rows, grid.cols) == (9, 9)


def _advice(cells: dict[str, object], title: str) -> str:
    with pytest.raises(InputError) as err:
        read_grid(sheet_with(cells, title))
    return str(err.value)


def test_the_sentinels_advice_covers_every_typed_cell_and_names_the_grids_size():
    """A 6 x 5 nurikabe whose last two rows are empty, typed without a sentinel: nothing typed
    shows those rows, so the advice covers the typed cells (4 x 5), says so, and says where a
    larger grid's sentinel goes; following it for the whole grid reads the whole grid."""
    clues = {"A1": 2, "D2": 3, "E3": 1, "B4": 2}
    msg = _advice(clues, "nurikabe")
    assert "in F5, below-right of E4, for a 4 x 5 grid (G6 for 5 x 6)" in msg
    grid = read_grid(sheet_with({**clues, "F5": "E"}, "nurikabe"))
    assert (grid.rows, grid.cols) == (4, 5)  # every typed cell is inside
    grid = read_grid(sheet_with({**clues, "F7": "E"}, "nurikabe"))
    assert (grid.rows, grid.cols) == (6, 5)
    # a clue in the corner looks like a sentinel with a stray beside it: the advice still
    # covers every typed cell, never a grid that leaves the stray out
    msg = _advice({"A1": 2, "D2": 3, "B4": 1, "E4": 2}, "nurikabe")
    assert "the sentinel is at E4, but its row or column also holds B4" in msg
    assert "if E4 belongs to the grid, type one character (the sentinel) in F5" in msg
    assert "for a 4 x 5 grid" in msg
    rng = random.Random(7)  # wherever the cells are typed, the advice lies beyond them all
    for _ in range(200):
        typed = {(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rng.randint(1, 8))}
        try:
            find_extent("nurikabe", typed)
        except InputError as err:
            m = re.search(r"type one character \(the sentinel\) in ([A-Z]+)([0-9]+)", str(err))
            assert m is not None, err
            row, col = int(m.group(2)), column_index_from_string(m.group(1))
            assert all(r < row and c < col for r, c in typed), err
            assert f"for a {row - 1} x {col - 1} grid" in str(err)


def test_stray_cell_in_the_sentinels_row_is_named():
    with pytest.raises(
        InputError, match=r"cell B5: the sentinel is at D5, but its row or column also holds B5"
    ):
        read_grid(sheet_with({"A1": 1, "B5": 7, "D5": "E"}))


def test_stray_cell_in_the_sentinels_column_is_named():
    with pytest.raises(InputError, match="also holds D2"):
        read_grid(sheet_with({"A1": 1, "D2": 7, "D5": "E"}))


def test_sentinel_must_be_one_character():
    with pytest.raises(
        InputError, match="cell C3: the sentinel must be one character, found 'end'"
    ):
        read_grid(sheet_with({"A1": 1, "C3": "end"}))


def test_empty_sheet_and_sentinel_without_grid():
    with pytest.raises(InputError, match="the sheet is empty"):
        read_grid(sheet_with({}))
    with pytest.raises(InputError, match="no room for a grid"):
        find_extent("s", [(1, 4)])


def test_whitespace_only_cells_count_as_empty():
    grid = read_grid(sheet_with({"A1": 1, "B2": "  ", "C3": "E", "Z9": " "}))
    assert (grid.rows, grid.cols) == (2, 2) and grid.cells[1][1] is None


def test_normalize():
    assert normalize(3.0) == 3 and normalize(" 4 ") == 4 and normalize("") is None
    assert normalize(2.5) == "2.5" and normalize("●") == "●" and normalize(True) == "TRUE"
    assert normalize("１２") == 12 and normalize("１a") == "１a"  # full-width digits are digits


def test_a_digit_string_longer_than_excel_keeps_is_text():
    """int() of a digit string over 4,300 characters raised ValueError: Exceeds the limit."""
    assert normalize("1" * 15) == int("1" * 15) and normalize("0" * 20 + "7") == 7
    assert normalize("1" * 16) == "1" * 16 and normalize("1" * 5000) == "1" * 5000


@pytest.mark.parametrize(
    "value, shown",
    [
        (3, "3"),
        (-1, "-1"),
        ("x", "'x'"),
        (None, "nothing"),
        ("a" * 32767, "'aaaaaaaaaaaaaaaaaaaa…' (a text of 32767 characters)"),
        ("a\x00b", "'a\\x00b'"),  # control characters shown escaped
        (10**5000, "a 5001-digit number"),
        (1e300, "a 301-digit number"),
        (2.5, "a number that is not whole '2.5'"),
        (float("nan"), "a number that is not finite 'nan'"),
        ("#REF!", "an error value of a formula '#REF!'"),
        (True, "a TRUE/FALSE value 'TRUE'"),
        ("=A1", "a formula '=A1'"),
        (datetime.datetime(2024, 1, 2), "a date '2024-01-02 00:00:00'"),
        (datetime.time(3, 4), "a time '03:04:00'"),
        (ArrayFormula("A1:A2", "=SUM(B1:B2)"), "an array formula '=SUM(B1:B2)'"),
        (DataTableFormula("A1:B2"), "a data table formula '=TABLE()'"),
    ],
    ids=lambda v: type(v).__name__,  # str() of the huge number fails
)
def test_quote_is_short_and_says_what_a_value_is(value, shown):
    assert quote(value) == shown
    assert quote(normalize(value)) == shown  # the same after reading the cell


def test_a_message_quotes_a_long_or_odd_cell_shortly():
    for value in ("x" * 32767, ArrayFormula("B2", "=A1"), datetime.date(2024, 1, 2)):
        with pytest.raises(InputError) as err:
            genre_for_sheet("masyu").parse(Grid("masyu", [[None, normalize(value)]]))
        assert len(str(err.value)) < 160 and "0x" not in str(err.value)
        assert str(err.value).startswith("sheet 'masyu' cell B1: ")


@pytest.mark.parametrize(
    "name, slug",
    [
        ("bomber", "bomber"),
        ("Bomber (2)", "bomber"),
        ("sudoku-hard", "sudoku"),
        ("数独", "sudoku"),
        ("ボンバーパズル 3", "bomber"),
        ("SUDOKU_x", "sudoku"),
        ("sudokus", None),
        ("Sheet1", None),
        ("mashu", "masyu"),
        ("Pearl (2)", "masyu"),
        ("bridges-hard", "hashiwokakero"),
        ("hashiwokakero", "hashiwokakero"),
        ("firefly", "hotaru-beam"),
        ("wall-logic 2", "wall-logic"),
    ],
)
def test_genre_from_sheet_name(name, slug):
    g = genre_for_sheet(name)
    assert (g.slug if g else None) == slug


def test_merged_cells_read_as_their_top_left_value_and_refuse_an_answer(sample):
    """A merged range reads as its top-left value (the others are empty, as Excel keeps them);
    an answer that would go into one of its hidden cells names the range instead of raising
    openpyxl's AttributeError: 'MergedCell' ... read-only."""
    from solver.mip.settings import Settings
    from solver.pipeline import solve_sheet

    path = sample("bomber")
    book = OpenpyxlBook(path)
    book.wb["bomber"].merge_cells("C1:D2")
    res = solve_sheet(book, "bomber", Settings())
    assert res.status == "error"
    assert res.error == (
        "sheet 'bomber' cell D2: cells C1:D2 are merged, and D2 needs an answer; "
        "unmerge them: each grid cell holds its own value"
    )
    assert book.sheet("bomber").get(1, 3) is None  # nothing written
    book = OpenpyxlBook(path)
    book.wb["bomber"].merge_cells("A4:A5")  # hides A5, which holds no answer: read as empty
    res = solve_sheet(book, "bomber", Settings())
    assert res.status in ("solved", "infeasible"), res.error
    with pytest.raises(InputError, match="cells A4:A5 are merged"):
        book.sheet("bomber").put(5, 1, "x")


def test_a_merged_range_reads_as_its_top_left_value():
    sheet = sheet_with({"A1": 1, "B2": 3, "D4": "E"})
    sheet.ws.merge_cells("B2:C3")  # merged for looks: Excel keeps B2's value, the rest is empty
    grid = read_grid(sheet)
    assert grid.cells == [[1, None, None], [None, 3, None], [None, None, None]]
    assert sheet.merged_area(2, 3) == (2, 2, 3, 3) and sheet.merged_area(2, 2) is None
    assert sheet.merged_area(1, 1) is None


def test_a_cell_holding_a_number_too_long_to_read_is_refused_by_its_cell():
    """Python's int() refuses text of more than 4300 digits (ValueError): the grid is read
    only when no cell holds a number of more than MAX_NUMBER_DIGITS digits, alone or in text."""
    from solver.blocks.values import MAX_NUMBER_DIGITS, long_number

    longest = "9" * MAX_NUMBER_DIGITS
    assert long_number(longest) is None and long_number("A" + longest + "↓") is None
    assert long_number(int(longest)) is None and long_number(10**MAX_NUMBER_DIGITS) == 1001
    assert long_number("A" + "1" * 4301) == 4301 and long_number("１" * 2000) == 2000
    assert long_number("²" * 1500) == 1500  # NFKC makes superscripts digits, as genres read them
    assert long_number(10**5000) == 5001 and long_number(None) is None and long_number("x") is None
    for value in ("A" + "1" * 4301, "2" + "1" * 1001 + "↓", 10**1200):
        with pytest.raises(InputError) as err:
            read_grid(sheet_with({"A1": 1, "B2": value, "C3": "E"}, "s"))
        assert str(err.value).startswith("sheet 's' cell B2: a number of ")
        assert "type a number of at most 1,000 digits" in str(err.value)
    assert read_grid(sheet_with({"A1": "A" + longest, "B2": "E"})).cells == [["A" + longest]]


def test_rows_put_at_once_are_the_cells_openpyxl_makes_of_the_same_values(tmp_path):
    """`put_rows` (the record sheet's rows) makes a plain text's cell itself: it holds what
    openpyxl's own cell of the same value holds, and a formula-like text, an error code, a
    number or a text with a control character still goes through openpyxl's checks."""
    from openpyxl.cell.cell import Cell
    from openpyxl.utils.exceptions import IllegalCharacterError

    values = ["─", "A1", "T= L=", "=", "=SUM(A1)", "#N/A", '0;;;"┌"', 7, 2.5, "x" * 40]
    mine = openpyxl.Workbook().active
    OpenpyxlSheet(mine).put_rows(3, [values, [None, "b"]])
    theirs = openpyxl.Workbook().active
    for c, v in enumerate(values, start=1):
        got, want = mine._cells[3, c], Cell(theirs, row=3, column=c, value=v)
        assert (got.value, got.data_type, got.has_style) == (want.value, want.data_type, False)
        assert (got.row, got.column, got.coordinate) == (3, c, want.coordinate)
    assert (4, 1) not in mine._cells and mine._cells[4, 2].value == "b"
    assert mine.max_row == 4 and mine._current_row == 4
    path = tmp_path / "rows.xlsx"
    mine.parent.save(path)
    back = openpyxl.load_workbook(path).active
    assert [back.cell(3, c).value for c in range(1, len(values) + 1)] == [
        "─",
        "A1",
        "T= L=",
        "=",
        "=SUM(A1)",
        "#N/A",
        '0;;;"┌"',
        7,
        2.5,
        "x" * 40,
    ]
    with pytest.raises(IllegalCharacterError):
        OpenpyxlSheet(mine).put_rows(6, [["bell\x07"]])
