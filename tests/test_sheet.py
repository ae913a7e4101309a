"""Reading a grid: the sentinel rule, value normalisation, errors that name sheet and cell."""

from __future__ import annotations

import openpyxl
import pytest

from solver.genres import genre_for_sheet
from solver.sheet import InputError, a1, find_extent, normalize, read_grid
from solver.sheet.openpyxl_book import OpenpyxlSheet


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


def test_missing_sentinel_says_what_was_found_where():
    with pytest.raises(InputError) as err:
        read_grid(sheet_with({"A1": 1, "C2": 2, "B4": 3}))
    msg = str(err.value)
    assert "sheet 'bomber'" in msg and "no sentinel at C4" in msg and "B4" in msg and "C2" in msg


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
    assert normalize(2.5) == "2.5" and normalize("●") == "●" and normalize(True) == "True"
    assert normalize("１２") == 12 and normalize("１a") == "１a"  # full-width digits are digits


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
