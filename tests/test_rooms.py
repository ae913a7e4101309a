"""Rooms read from a sheet both ways (labels, thick borders), written back as borders, and the
errors a person gets, on real openpyxl workbooks built in the test."""

from __future__ import annotations

import itertools
import random

import openpyxl
import pytest
from openpyxl.styles import Border as XlBorder
from openpyxl.styles import Font, Side

from solver.blocks.rooms import OUTSIDE, Rooms, rooms_from_walls
from solver.io.puzzlink import UrlError, encode_rooms
from solver.io.rooms_sheet import (
    has_labels,
    label_cells,
    read_rooms,
    read_walls,
    rooms_from_borders,
    rooms_from_labels,
    write_rooms,
)
from solver.io.sheet import Grid, InputError, read_grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet

# the map of the docstring: A A B / A C B / A C B
MAP = Rooms(((0, 0, 1), (0, 2, 1), (0, 2, 1)), ("A", "B", "C"))


def sheet(values: dict[str, object], sides: dict[str, dict[str, str]] | None = None):
    """A sheet with these values and, per cell, its sides' styles: {'B2': {'right': 'thick'}}."""
    ws = openpyxl.Workbook().active
    ws.title = "heyawake"
    for address, v in values.items():
        ws[address] = v
    for address, styles in (sides or {}).items():
        ws[address].border = XlBorder(**{side: Side(style=s) for side, s in styles.items()})
    return OpenpyxlSheet(ws)


def grid_of(rows: list[list[object]]) -> Grid:
    return Grid("heyawake", [list(row) for row in rows])


def labelled(rows: list[str]) -> Grid:
    return grid_of([row.split() for row in rows])


# --- the partition ------------------------------------------------------------------------------


def test_rooms_cells_room_of_borders_and_walls():
    assert len(MAP) == 3 and MAP.rows == 3 and MAP.cols == 3
    assert MAP.cells(2) == [(1, 1), (2, 1)]
    assert MAP.room_of((2, 2)) == 1
    assert MAP.all() == [MAP.cells(0), MAP.cells(1), MAP.cells(2)]
    assert MAP.borders == [
        ((0, 1), (0, 2)),
        ((0, 1), (1, 1)),
        ((1, 0), (1, 1)),
        ((1, 1), (1, 2)),
        ((2, 0), (2, 1)),
        ((2, 1), (2, 2)),
    ]
    assert MAP.walls((0, 0)) == "TL" and MAP.walls((1, 1)) == "TLR" and MAP.walls((0, 1)) == "TBR"
    assert MAP.regions() == [[0, 0, 1], [0, 2, 1], [0, 2, 1]]


def test_rooms_from_walls_is_the_inverse_of_borders():
    rng = random.Random(5)
    for _ in range(20):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        pairs = [p for p in rooms_from_walls(rows, cols, []).borders]
        assert pairs == []
        every = [
            ((r, c), q)
            for r, c in itertools.product(range(rows), range(cols))
            for q in ((r, c + 1), (r + 1, c))
            if q[0] < rows and q[1] < cols
        ]
        rooms = rooms_from_walls(rows, cols, rng.sample(every, len(every) // 2))
        assert rooms_from_walls(rows, cols, rooms.borders) == rooms


def test_a_dangling_wall_changes_nothing():
    # one wall segment inside a 2x2: still one room
    assert len(rooms_from_walls(2, 2, [((0, 0), (0, 1))])) == 1
    # two segments that cut off a corner make two
    assert len(rooms_from_walls(2, 2, [((0, 0), (0, 1)), ((1, 0), (0, 0))])) == 2


# --- labels -----------------------------------------------------------------------------------


def test_labels_with_numbers_before_after_and_in_any_case():
    rooms, numbers = rooms_from_labels(labelled(["A2 a B", "A C 1b", "A C B"]))
    assert rooms == MAP
    assert numbers == {(0, 0): 2, (1, 2): 1}
    assert rooms_from_labels(grid_of([["4A", "A 3"]]), per_room=False)[1] == {
        (0, 0): 4,
        (0, 1): 3,
    }


def test_labels_errors_name_the_cell():
    with pytest.raises(InputError, match=r"cell C3: room 'A' already has its number 2 in A1"):
        rooms_from_labels(labelled(["A2 A A", "B B A", "B B A3"]))
    with pytest.raises(InputError, match=r"cell C1: room 'A' falls apart.*A1"):
        rooms_from_labels(labelled(["A B A", "B B B"]))
    with pytest.raises(InputError, match=r"cell B1: .*found an empty cell"):
        rooms_from_labels(grid_of([["A", None], ["A", "A"]]))
    with pytest.raises(InputError, match=r"cell A2: .*the number 3 without a room label"):
        rooms_from_labels(grid_of([["A", "A"], [3, "A"]]))
    with pytest.raises(InputError, match=r"cell B1: .*'A2B'"):
        rooms_from_labels(grid_of([["A", "A2B"]]))


def test_cells_outside_every_room_only_where_the_genre_allows_them():
    """outside=True (LITS, star battle): an empty cell among labels, or one holding a whole
    number alone, lies outside every room; a room still hangs together without it; labels
    typed back leave it empty; a puzz.link URL refuses it."""
    cells = [["A", None, "B"], ["A", "A", "B"], [4, "A", "B"]]
    rooms, numbers = rooms_from_labels(grid_of(cells), outside=True)
    assert rooms.ids == ((0, OUTSIDE, 1), (0, 0, 1), (OUTSIDE, 0, 1))
    assert rooms.outside == [(0, 1), (2, 0)] and numbers == {(2, 0): 4}
    assert len(rooms) == 2
    assert rooms.all() == [[(0, 0), (1, 0), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)]]
    assert label_cells(rooms) == [["A", None, "B"], ["A", "A", "B"], [None, "A", "B"]]
    assert rooms.between == [((1, 1), (1, 2)), ((2, 1), (2, 2))]  # beside each other, no hole
    assert ((0, 0), (0, 1)) in rooms.borders  # a wall, but no two rooms meet there
    with pytest.raises(InputError, match=r"cell C1: room 'A' falls apart"):
        rooms_from_labels(grid_of([["A", None, "A"], ["B", "B", "B"]]), outside=True)
    with pytest.raises(InputError, match=r"cell B1: .*found an empty cell"):
        rooms_from_labels(grid_of(cells))
    with pytest.raises(UrlError, match="B1 lies outside every room"):
        encode_rooms(rooms)


def test_a_merged_range_in_a_labelled_grid_is_named_not_an_empty_cell():
    ws = openpyxl.Workbook().active
    ws.title = "heyawake"
    for address, v in {"A1": "A", "A2": "A", "B2": "A", "C3": "E"}.items():
        ws[address] = v
    ws.merge_cells("A1:B1")
    with pytest.raises(InputError, match=r"cell B1: cells A1:B1 are merged.*unmerge them"):
        rooms_from_labels(read_grid(OpenpyxlSheet(ws)))


# --- thick borders -------------------------------------------------------------------------------


def test_walls_drawn_on_either_cell_and_in_every_wall_style():
    # a 1x6 strip: the sides after A1, B1, D1 and E1 drawn in several ways
    s = sheet(
        {},
        {
            "A1": {"right": "medium"},  # on the left cell
            "C1": {"left": "thick"},  # on the right cell (the side between B1 and C1)
            "D1": {"right": "double", "left": "thin"},
            "E1": {"right": "mediumDashed"},
        },
    )
    walls = read_walls(s, 1, 6)
    assert walls == {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 3), (0, 4)), ((0, 4), (0, 5))}


def test_thin_hair_dotted_and_dashed_lines_are_no_walls():
    s = sheet(
        {},
        {
            "A1": {"right": "thin", "bottom": "hair"},
            "B1": {"left": "dashed", "bottom": "dotted"},
            "A2": {"right": "dashDot"},
        },
    )
    assert read_walls(s, 2, 2) == set()


def test_a_thick_side_on_one_cell_and_thin_on_its_neighbour_is_a_wall():
    s = sheet({}, {"B2": {"right": "thick"}, "C2": {"left": "thin"}, "B3": {"top": "thin"}})
    assert read_walls(s, 3, 3) == {((1, 1), (1, 2))}
    s = sheet({}, {"B2": {"bottom": "thin"}, "B3": {"top": "medium"}})
    assert read_walls(s, 3, 3) == {((1, 1), (2, 1))}


def map_sheet(values: dict[str, object]) -> OpenpyxlSheet:
    """MAP drawn with thick borders, each wall on one cell only, and a frame that is thin
    (the frame is a wall whatever it shows)."""
    return sheet(
        values,
        {
            "B1": {"right": "medium", "bottom": "medium", "top": "thin"},
            "A2": {"right": "thick"},
            "C2": {"left": "medium"},
            "B3": {"left": "medium", "right": "medium"},
        },
    )


def test_rooms_from_borders_with_numbers():
    s = map_sheet({"A1": 2, "C2": 1, "D4": "E"})
    grid = read_grid(s)
    rooms, numbers = rooms_from_borders(s, grid)
    assert rooms.ids == MAP.ids and rooms.labels == ()
    assert numbers == {(0, 0): 2, (1, 2): 1}
    assert read_rooms(s, grid) == (rooms, numbers)


def test_a_room_with_two_numbers_names_the_second_cell():
    s = map_sheet({"A1": 2, "A3": 1, "D4": "E"})
    with pytest.raises(InputError, match=r"cell A3: this room already has its number 2 in A1"):
        rooms_from_borders(s, read_grid(s))
    rooms, numbers = rooms_from_borders(s, read_grid(s), per_room=False)  # paint-area's clues
    assert numbers == {(0, 0): 2, (2, 0): 1} and len(rooms) == 3


def test_rooms_drawn_only_in_thin_lines_are_named_not_read_as_one_room():
    thin = sheet({"A1": 3, "C3": "E"}, {"A1": {"bottom": "thin"}, "B1": {"bottom": "thin"}})
    with pytest.raises(InputError, match=r"cell A1: no room walls found, only thin lines"):
        read_rooms(thin, read_grid(thin))
    framed = sheet({"A1": 3, "C3": "E"}, {"A1": {"top": "thin", "left": "thin"}})
    rooms, _ = read_rooms(framed, read_grid(framed))  # a frame only: one room, as drawn
    assert rooms.ids == ((0, 0), (0, 0))


def test_read_rooms_tells_labels_from_borders():
    labels = sheet({"A1": "A2", "B1": "A", "A2": "B", "B2": "B", "C3": "E"})
    grid = read_grid(labels)
    assert has_labels(grid)
    rooms, numbers = read_rooms(labels, grid)
    assert rooms.ids == ((0, 0), (1, 1)) and numbers == {(0, 0): 2}
    plain = sheet({"A1": 3, "C3": "E"}, {"A2": {"top": "thick"}, "B1": {"bottom": "medium"}})
    grid = read_grid(plain)
    assert not has_labels(grid)
    rooms, numbers = read_rooms(plain, grid)
    assert rooms.ids == ((0, 0), (1, 1)) and numbers == {(0, 0): 3}


# --- writing rooms -------------------------------------------------------------------------------


def test_write_rooms_then_read_them_back_and_keep_the_values():
    s = sheet({"A1": 2, "C2": 1, "D4": "E"})
    s.ws["A1"].font = Font(color="FF0000")
    write_rooms(s, MAP)
    rooms, numbers = rooms_from_borders(s, read_grid(s))
    assert rooms.ids == MAP.ids and numbers == {(0, 0): 2, (1, 2): 1}
    assert s.get(1, 1) == 2 and s.get_style(1, 1).font_color == "FF0000"
    b2 = s.get_style(2, 2, borders=True).borders
    assert b2 is not None
    assert b2.top.style == "medium" and b2.left.style == "medium" and b2.right.style == "medium"
    assert b2.bottom.style == "thin"  # B2 and B3 are one room
    frame = s.get_style(3, 1, borders=True).borders
    assert frame is not None and frame.left.style == "medium" and frame.bottom.style == "medium"


def test_write_rooms_round_trip_on_random_maps():
    rng = random.Random(11)
    for _ in range(10):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        every = [
            ((r, c), q)
            for r, c in itertools.product(range(rows), range(cols))
            for q in ((r, c + 1), (r + 1, c))
            if q[0] < rows and q[1] < cols
        ]
        rooms = rooms_from_walls(rows, cols, rng.sample(every, len(every) // 3))
        s = sheet({})
        write_rooms(s, rooms, top=2, left=3)
        assert rooms_from_walls(rows, cols, read_walls(s, rows, cols, top=2, left=3)) == rooms


def test_rooms_drawn_survive_saving_and_loading_the_workbook(tmp_path):
    s = sheet({"A1": 2, "C2": 1, "D4": "E"})
    write_rooms(s, MAP)
    path = tmp_path / "heyawake.xlsx"
    s.ws.parent.save(path)
    book = OpenpyxlBook(path)
    loaded = book.sheet("heyawake")
    rooms, numbers = read_rooms(loaded, read_grid(loaded))
    assert rooms.ids == MAP.ids and numbers == {(0, 0): 2, (1, 2): 1}
