"""The text of a solved sheet (`solve --show`, solver/io/text_view.py): the whole answer, for every
genre, from the record and the answer's cell writes."""

from __future__ import annotations

import pytest
from conftest import WORKBOOKS

from solver import pipeline
from solver.genres import genre_for_sheet
from solver.io import text_view
from solver.io.sheet.answer import LINE_GLYPHS, SHADE_GLYPH, CellWrite
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings

HEAVY = set("┃━┏┓┗┛┣┫┳┻╋┿╂")
LIGHT_LINE = set("─│┌┐└┘├┤┬┴┼")


def test_a_loop_on_the_grid_sides_runs_between_dots():
    answer = {"cells": [[3, ""]], "edges": [[0, 0, 0, 1], [0, 1, 1, 1], [1, 0, 1, 1], [0, 0, 1, 0]]}
    assert text_view.text(answer, genre="slitherlink") == "┌─┐ ·\n│3│\n└─┘ ·"


def test_rooms_are_walls_labels_go_and_a_shaded_number_shows_after_the_shade():
    answer = {"cells": [["A2", "A"], ["B", "B"]], "regions": [[0, 0], [1, 1]]}
    writes = [CellWrite(0, 0, shade=True), CellWrite(1, 1, shade=True)]
    assert text_view.text(answer, writes, "heyawake") == ("┏━━━━┓\n┃█2  ┃\n┣━━━━┫\n┃   █┃\n┗━━━━┛")


def test_a_line_through_cells_links_them_and_passes_a_given_it_crosses():
    answer = {
        "cells": [["┌", "○", "┐"], ["└", "─", "┘"]],
        "lines": [
            [0, 0, 0, 1, 1],
            [0, 1, 0, 2, 1],
            [0, 0, 1, 0, 1],
            [0, 2, 1, 2, 1],
            [1, 0, 1, 1, 1],
            [1, 1, 1, 2, 1],
        ],
    }
    assert text_view.text(answer, genre="masyu") == "┌─○─┐\n│   │\n└───┘"


def test_double_bridges_and_a_line_over_a_wall():
    assert text_view.text(
        {"cells": [[2, "═", 2]], "lines": [[0, 0, 0, 1, 2], [0, 1, 0, 2, 2]]}
    ) == ("2═══2")
    answer = {"cells": [["A", "B"]], "regions": [[0, 1]], "lines": [[0, 0, 0, 1, 1]]}
    assert "┿" in text_view.text(answer, genre="country-road")


def test_a_digit_shown_through_the_number_format_and_wide_letters():
    answer = {"cells": [["A", 12]], "regions": [[0, 0]]}
    writes = [
        CellWrite(0, 0, number_format='@"=3"'),
        CellWrite(0, 1, number_format='0"=4"'),
    ]
    assert text_view.text(answer, writes, "inshi-no-heya") == "┏━━━━━━┓\n┃3 12=4┃\n┗━━━━━━┛"
    assert text_view.text({"cells": [["ナ", 1], [2, "ア"]]}) == "ナ  1\n 2 ア"


def test_a_grid_of_digits_is_one_line_a_row_and_sudoku_has_its_boxes():
    assert text_view.text({"cells": [[1, 2], [3, 4]]}) == "1 2\n3 4"
    boxes = [[(r // 2) * 2 + c // 2 for c in range(4)] for r in range(4)]
    digits = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    shown = text_view.text({"cells": digits, "regions": boxes}, genre="sudoku")
    assert shown.splitlines() == [
        "┏━━━┳━━━┓",
        "┃1 2┃3 4┃",
        "┃3 4┃1 2┃",
        "┣━━━╋━━━┫",
        "┃2 1┃4 3┃",
        "┃4 3┃2 1┃",
        "┗━━━┻━━━┛",
    ]


def _sample_sheets() -> list[tuple[str, str]]:
    found = []
    for path in sorted(WORKBOOKS.glob("*.xlsx")):
        book = OpenpyxlBook(path)
        found += [(path.name, s) for s in book.sheet_names() if genre_for_sheet(s)]
    return found


SHEETS = _sample_sheets()


def test_every_genre_has_a_sample_sheet_here():
    from solver.genres import all_genres

    assert {genre_for_sheet(s).slug for _, s in SHEETS} == {g.slug for g in all_genres()}


@pytest.mark.parametrize(("book", "sheet"), SHEETS)
def test_the_text_shows_every_part_of_the_answer(book, sheet):
    """Each answer cell's content in its cell: every shaded cell `█` (and the number on it),
    every value written, every side the answer draws, every wall between rooms, every segment of
    the line, every given number; checked at each cell's and side's place in the text."""
    res = pipeline.solve_sheet(OpenpyxlBook(WORKBOOKS / book), sheet, Settings(), write=False)
    assert res.status == "solved", res.error
    answer, genre = res.answer, res.genre
    drawing = text_view.draw(answer, res.writes, genre)
    assert drawing.text == text_view.text(answer, res.writes, genre)
    cell = lambda r, c: drawing.at("cell", r, c)  # noqa: E731
    for w in res.writes:
        shown = cell(w.row, w.col)
        if w.shade:
            assert text_view.DARK in shown or w.value is not None, (w, shown)
            given = answer["cells"][w.row][w.col]
            if isinstance(given, int) and w.value is None and genre not in text_view.LATTICE_CLUES:
                assert shown == text_view.DARK * (len(shown) - len(str(given))) + str(given)
        if w.value is not None and w.value != SHADE_GLYPH and not set(str(w.value)) <= LINE_GLYPHS:
            assert str(w.value) in shown, (w, shown)
        for side in w.borders:  # a loop on the sides, or a division's walls
            place = {
                "T": ("top", w.row, w.col),
                "B": ("top", w.row + 1, w.col),
                "L": ("left", w.row, w.col),
                "R": ("left", w.row, w.col + 1),
            }[side]
            assert set(drawing.at(*place)) <= (HEAVY | LIGHT_LINE) and drawing.at(*place).strip()
        after = "".join(ch for ch in text_view.after_value(w.number_format) if ch not in "= ")
        if after and not set(after) <= LINE_GLYPHS:
            assert after in shown, (w, shown)
    for r1, c1, r2, c2 in answer.get("edges", []):  # between lattice points
        place = ("top", r1, min(c1, c2)) if r1 == r2 else ("left", min(r1, r2), c1)
        assert drawing.at(*place) in ("─", "│"), (place, drawing.text)
    inside = lambda r, c: 0 <= r < answer["rows"] and 0 <= c < answer["cols"]  # noqa: E731
    for r1, c1, r2, c2, n in answer.get("lines", []) if genre not in text_view.SPACED_CELLS else []:
        if not (inside(r1, c1) and inside(r2, c2)):
            continue
        if r1 == r2:
            seen = drawing.at("left", r1, max(c1, c2))
            assert seen in {1: ("─", "┿"), 2: ("═",)}[n], ((r1, c1, r2, c2), drawing.text)
        else:
            seen = drawing.at("top", max(r1, r2), c1)[-1:]
            assert seen in {1: ("│", "╂"), 2: ("║",)}[n], ((r1, c1, r2, c2), drawing.text)
    regions = answer.get("regions")
    if regions is not None and genre in text_view.DOTTED_CELLS:  # walls: glyphs in side cells
        for r, row in enumerate(regions):
            for c, k in enumerate(row):
                if c + 1 < len(row) and k != row[c + 1]:
                    assert drawing.at("cell", 2 * r, 2 * c + 1) == "│"
                if r + 1 < len(regions) and k != regions[r + 1][c]:
                    assert drawing.at("cell", 2 * r + 1, 2 * c) == "─"
    elif regions is not None:
        rows, cols = len(regions), len(regions[0])
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                    assert drawing.at("left", r, c + 1) in ("┃", "┿")
                if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                    assert drawing.at("top", r + 1, c)[0] in ("━", "╂")
    if genre not in text_view.LATTICE_CLUES:
        for r, row in enumerate(answer["cells"]):
            for c, v in enumerate(row):
                if isinstance(v, int):
                    assert str(v) in cell(r, c), (r, c, v, drawing.text)
