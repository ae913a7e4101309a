"""The picture of a solved sheet: shapes from the givens and the result record, as SVG and PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from solver.io import picture
from solver.io.picture import CELL, MARGIN

SVG = "{http://www.w3.org/2000/svg}"


def centre(r: int, c: int) -> tuple[int, int]:
    return MARGIN + c * CELL + CELL // 2, MARGIN + r * CELL + CELL // 2


def test_shaded_cells_lines_pearls_and_answer_digits(tmp_path):
    givens = [["●", None, "○"], [None, 3, None]]
    answer = {
        "rows": 2,
        "cols": 3,
        "shaded": [[1, 0]],
        "lines": [[0, 0, 0, 1, 1], [0, 1, 0, 2, 1]],
        "numbers": [[None, None, None], [None, None, 7]],
    }
    svg_path, png_path = picture.save(givens, answer, "", tmp_path / "p")
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    circles = root.findall(f"{SVG}circle")
    assert sorted(c.get("fill") for c in circles) == ["black", "white"]
    texts = {t.text: t.get("fill") for t in root.findall(f"{SVG}text")}
    assert texts == {"3": "black", "7": picture.ANSWER_COLOUR}
    green = [x for x in root.findall(f"{SVG}line") if x.get("stroke") == picture.LINE_COLOUR]
    assert len(green) == 2
    img = Image.open(png_path).convert("RGB")
    assert img.size == (2 * (3 * CELL + 2 * MARGIN), 2 * (2 * CELL + 2 * MARGIN))
    x, y = centre(1, 0)
    assert img.getpixel((2 * x, 2 * y)) == (0x33, 0x33, 0x33)  # the shaded cell
    x, y = centre(0, 1)
    r, g, b = img.getpixel((2 * x, 2 * y))
    assert g > 120 and r < 60 and b < 60  # the loop passes through the middle cell
    x, y = centre(1, 1)
    assert img.getpixel((2 * x + CELL // 2, 2 * y + CELL // 2)) == (255, 255, 255)  # empty corner


def test_double_bridges_and_islands_in_circles():
    pic = picture.draw(
        [[2, None, 2]], {"rows": 1, "cols": 3, "lines": [[0, 0, 0, 1, 2]]}, "hashiwokakero"
    )
    lines = [s for s in pic.shapes if s.kind == "line" and s.stroke == picture.LINE_COLOUR]
    assert len(lines) == 2 and lines[0].points[1] != lines[1].points[1]  # two parallel strokes
    assert sum(s.kind == "circle" for s in pic.shapes) == 2


def test_edges_are_drawn_between_dots_without_a_grid():
    pic = picture.draw([[3]], {"rows": 1, "cols": 1, "edges": [[0, 0, 0, 1], [0, 1, 1, 1]]})
    assert sum(s.kind == "circle" for s in pic.shapes) == 4  # the four dots
    assert [s.stroke for s in pic.shapes if s.kind == "line"] == [picture.LINE_COLOUR] * 2


def test_regions_get_thick_borders():
    pic = picture.draw([[None, None]], {"rows": 1, "cols": 2, "regions": [[0, 1]]})
    thick = [s for s in pic.shapes if s.kind == "line" and s.stroke == "black"]
    assert len(thick) == 1 and thick[0].points[0] == MARGIN + CELL


def test_solve_with_picture_saves_one_per_solved_sheet_beside_the_book(tmp_path):
    import shutil

    from conftest import WORKBOOKS

    from solver import cli

    shutil.copy(WORKBOOKS / "masyu.xlsx", tmp_path)
    shutil.copy(WORKBOOKS / "yajilin.xlsm", tmp_path)
    out = tmp_path / "out"
    assert cli.main(["solve", str(tmp_path), "--out", str(out), "--picture", "--jobs", "1"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "masyu-masyu.png",
        "masyu-masyu.svg",
        "masyu.xlsx",
        "yajilin-yajilin.png",
        "yajilin-yajilin.svg",
        "yajilin.xlsm",
    ]
    svg = ET.parse(out / "masyu-masyu.svg").getroot()
    pearls = [c for c in svg.findall(f"{SVG}circle") if c.get("stroke") == "black"]
    assert len(pearls) == 35  # the sample's 35 pearls, each drawn as a circle
    assert Image.open(out / "yajilin-yajilin.png").size[0] > 10 * CELL


def test_the_givens_are_what_was_typed_not_the_answer():
    from solver.io.sheet.answer import CellWrite

    answer = {"cells": [[3, "●"], ["", 1]]}
    writes = [CellWrite(0, 1, "●"), CellWrite(1, 1, shade=True)]
    assert picture.givens_of(answer, writes) == [[3, None], [None, 1]]


def test_lamps_black_clue_cells_and_triangles(tmp_path):
    """Akari's lamps (its `shaded` cells showing ○) as lamps, not dark squares; numbers in
    walls white on black; shakashaka's triangles as dark right triangles."""
    givens = [[1, None], [None, "■"]]
    answer = {"rows": 2, "cols": 2, "cells": [[1, "○"], ["", "■"]], "shaded": [[0, 1]]}
    svg_path, png_path = picture.save(givens, answer, "akari", tmp_path / "a")
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    assert [c.get("fill") for c in root.findall(f"{SVG}circle")] == [picture.LAMP_COLOUR]
    assert {t.text: t.get("fill") for t in root.findall(f"{SVG}text")} == {"1": "white"}
    img = Image.open(png_path).convert("RGB")
    for r, c in ((0, 0), (1, 1)):  # the numbered wall and the plain one
        x, y = centre(r, c)
        assert img.getpixel((2 * x - 10, 2 * y - 10)) == (0x33, 0x33, 0x33)

    answer = {"rows": 1, "cols": 1, "cells": [["◤"]], "triangles": [[0, 0, "TL"]]}
    svg_path, png_path = picture.save([[None]], answer, "shakashaka", tmp_path / "s")
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    assert len(root.findall(f"{SVG}polygon")) == 1
    img = Image.open(png_path).convert("RGB")
    x0, y0 = 2 * MARGIN, 2 * MARGIN
    assert img.getpixel((x0 + 10, y0 + 10)) == (0x33, 0x33, 0x33)  # inside the top-left half
    assert img.getpixel((x0 + 2 * CELL - 10, y0 + 2 * CELL - 10)) == (255, 255, 255)


def test_creek_clues_stand_on_the_corners(tmp_path):
    """Creek: sheet cell (r, c) holds the clue of the top-left corner of cell (r, c); the grid
    has one row and one column less than the sheet."""
    givens = [[1, None, None], [None, None, 0], [None, None, "■"]]
    answer = {"rows": 3, "cols": 3, "cells": givens, "shaded": [[0, 0]]}
    svg_path, _ = picture.save(givens, answer, "creek", tmp_path / "c")
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    assert int(root.get("width")) == 2 * CELL + 2 * MARGIN
    corners = sorted((float(c.get("cx")), float(c.get("cy"))) for c in root.findall(f"{SVG}circle"))
    assert corners == [(MARGIN, MARGIN), (MARGIN + 2 * CELL, MARGIN + CELL)]
    assert sorted(t.text for t in root.findall(f"{SVG}text")) == ["0", "1"]


def test_an_alphametic_is_drawn_as_its_sum_with_the_digits_beside_it():
    rows = [["", "SEND", 9567], ["+", "MORE", 1085], ["=", "MONEY", 10652]]
    pic = picture.draw([], {"rows": 4, "cols": 2, "sum": rows}, "alphametic")
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    assert (
        "".join(t for t, f in texts if f == "black") == "SENDMORE++MONEY"
    )  # the sign in both sums
    assert "".join(t for t, f in texts if f == picture.ANSWER_COLOUR) == "95671085" + "10652"
    rules = [s for s in pic.shapes if s.kind == "line" and s.width == 2.5]
    assert len(rules) == 2  # the rule line above the result, in both sums
    assert pic.width == 13 * CELL + 2 * MARGIN  # 2 x (a sign and 5 letters) and a gap


def test_a_logic_grid_is_drawn_as_the_table_of_its_matched_rows():
    rows = [["akira", "umbrella", "white"], ["isamu", "string", "red"]]
    pic = picture.draw([], {"rows": 4, "cols": 6, "groups": rows}, "logic-grid")
    texts = [(s.text, s.fill) for s in pic.shapes if s.kind == "text"]
    assert texts == [
        ("akira", "black"),
        ("umbrella", picture.ANSWER_COLOUR),
        ("white", picture.ANSWER_COLOUR),
        ("isamu", "black"),
        ("string", picture.ANSWER_COLOUR),
        ("red", picture.ANSWER_COLOUR),
    ]
    assert pic.width == 3 * picture.WORD_CELLS * CELL + 2 * MARGIN


# --- what a solver checks by eye: boxes, rooms, countries; the samples -------------------------


def _solved_pictures(tmp_path, *slugs: str):
    import shutil

    from conftest import WORKBOOKS

    from solver import cli

    for slug in slugs:
        shutil.copy(WORKBOOKS / f"{slug}.xlsx", tmp_path)
    out = tmp_path / "out"
    assert cli.main(["solve", str(tmp_path), "--out", str(out), "--picture", "--jobs", "1"]) == 0
    return out


def _walls(svg) -> list[tuple[float, ...]]:
    """The thick lines between regions in an SVG picture, as (x1, y1, x2, y2)."""
    root = ET.parse(svg).getroot()
    return [
        tuple(float(x.get(k)) for k in ("x1", "y1", "x2", "y2"))
        for x in root.findall(f"{SVG}line")
        if x.get("stroke") == "black" and float(x.get("stroke-width")) == picture.WALL
    ]


def _borders(regions: list[list[int]]) -> int:
    """How many sides between two cells of different regions a grid has."""
    rows, cols = len(regions), len(regions[0])
    return sum(
        (c + 1 < cols and regions[r][c] != regions[r][c + 1])
        + (r + 1 < rows and regions[r][c] != regions[r + 1][c])
        for r in range(rows)
        for c in range(cols)
    )


def test_sudoku_has_its_boxes_heyawake_its_rooms_country_road_its_countries(tmp_path):
    out = _solved_pictures(tmp_path, "sudoku", "heyawake", "country-road")
    boxes = _walls(out / "sudoku-sudoku.svg")
    assert len(boxes) == 36  # two walls across the 9 rows, two down the 9 columns
    across = {x1 for x1, _, x2, _ in boxes if x1 == x2}
    down = {y1 for _, y1, _, y2 in boxes if y1 == y2}
    assert across == down == {MARGIN + 3 * CELL, MARGIN + 6 * CELL}
    from solver import pipeline
    from solver.io.sheet.openpyxl_book import OpenpyxlBook
    from solver.mip.settings import Settings

    for book, sheet in [
        ("heyawake", "heyawake"),
        ("heyawake", "heyawake borders"),
        ("country-road", "country-road"),
    ]:
        res = pipeline.solve_sheet(OpenpyxlBook(out / f"{book}.xlsx"), sheet, Settings())
        walls = _walls(out / f"{book}-{sheet.replace(' ', '_')}.svg")
        assert len(walls) == _borders(res.answer["regions"]) > 10, sheet
    texts = [t.text for t in ET.parse(out / "country-road-country-road.svg").iter(f"{SVG}text")]
    assert sorted(texts) == ["1", "1", "2", "3", "4", "4"]  # the numbers, not the labels


def test_the_picture_shades_the_cells_the_answer_fills_where_they_stand_on_the_sheet(tmp_path):
    """Tile-paint's record counts its painted cells from the grid's top-left cell (B2); the
    picture shades the sheet's cells the answer fills, beside the counts."""
    from solver.io.sheet.answer import CellWrite

    answer = {"rows": 2, "cols": 2, "cells": [["", 1], [1, "■"]], "shaded": [[0, 0]]}
    pic = picture.of_answer(answer, [CellWrite(1, 1, shade=True)], "tile-paint")
    dark = [s.points[:2] for s in pic.shapes if s.kind == "rect" and s.fill == picture.SHADE_COLOUR]
    assert dark == [(MARGIN + CELL, MARGIN + CELL)]


def test_katakana_are_drawn_with_a_cjk_font(tmp_path):
    """Two different katakana give two different glyphs (a font without them draws the same
    empty box for both)."""
    answer = {"rows": 1, "cols": 2, "cells": [["ナ", "ア"]]}
    _, png = picture.save([[None, None]], answer, "kanaore", tmp_path / "k")
    img = Image.open(png).convert("L")
    crops = [
        img.crop(
            (
                2 * (MARGIN + c * CELL) + 8,
                2 * MARGIN + 8,
                2 * (MARGIN + (c + 1) * CELL) - 8,
                2 * (MARGIN + CELL) - 8,
            )
        )
        for c in (0, 1)
    ]
    assert all(crop.getextrema()[0] < 128 for crop in crops)  # ink in both cells
    assert crops[0].tobytes() != crops[1].tobytes()
    assert picture.cjk_fonts(), "the dependency noto-cjk-sans-jp-regular brings one"


def test_without_a_cjk_font_only_the_svg_is_written_and_the_note_says_so(tmp_path, monkeypatch):
    import shutil

    from conftest import WORKBOOKS

    from solver import batch
    from solver.mip.settings import Settings

    monkeypatch.setattr(picture, "cjk_fonts", lambda: [])
    picture._font.cache_clear()
    try:
        shutil.copy(WORKBOOKS / "skeleton.xlsx", tmp_path)
        job = batch.Job(
            tmp_path / "skeleton.xlsx", tmp_path / "out" / "s.xlsx", None, Settings(), pictures=True
        )
        done = batch.solve_book(job)
    finally:
        picture._font.cache_clear()
    assert [p.name for p in done.pictures] == ["s-skeleton.svg"]
    assert not (tmp_path / "out" / "s-skeleton.png").exists()
    assert "no PNG picture: no font with katakana" in done.results[0].note


@pytest.mark.slow
def test_every_sample_gets_a_picture_that_shows_its_answer(tmp_path):
    """A PNG and an SVG for every sample sheet; the SVG draws the answer: the line, a shaded
    cell, an answer digit or letter, a lamp, a triangle, or walls."""
    from conftest import WORKBOOKS

    from solver.batch import puzzle_sheets
    from solver.io.sheet.openpyxl_book import OpenpyxlBook

    slugs = sorted(p.stem for p in WORKBOOKS.glob("*.xlsx"))
    out = _solved_pictures(tmp_path, *slugs)
    answer = {picture.LINE_COLOUR, picture.ANSWER_COLOUR, picture.SHADE_COLOUR}
    answer |= {picture.LAMP_COLOUR}
    for slug in slugs:
        for sheet in puzzle_sheets(OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx"), None):
            stem = picture.file_stem(out / f"{slug}.xlsx", sheet)
            assert Image.open(stem.with_suffix(".png")).size[0] > 3 * CELL, sheet
            root = ET.parse(stem.with_suffix(".svg")).getroot()
            colours = {e.get("fill") for e in root} | {e.get("stroke") for e in root}
            assert colours & answer or _walls(stem.with_suffix(".svg")), sheet
