"""The sample workbooks of the room genres, made from the seeds' examples (tests/data/examples):

    python tests/room_samples.py [slug ...]     # writes workbooks/<slug>.xlsx

Each book shows both ways of typing rooms (solver.io.rooms_sheet): the first sheet, named after
the genre, gives every cell its room's label (which every Excel shows to Python, macOS included);
the second, '<slug> borders', draws the same rooms as thick borders, as `import` writes them and
the puzzle is printed. Then `python -m addin.build_workbooks` makes the .xlsm beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.blocks.rooms import Rooms, room_label
from solver.genres import genre_by_slug
from solver.io.rooms_sheet import label_cells, rooms_from_labels, write_rooms
from solver.io.sheet import Grid
from solver.io.sheet.openpyxl_book import OpenpyxlSheet
from solver.io.workbook import fill_sheet
from tests.conftest import WORKBOOKS, example

AREA_MAPS = ("chocona", "aqre")  # examples whose rooms are a map in puzzle_extra.area


def example_rooms(slug: str) -> Rooms:
    """The room map of a genre's example (equal letters, one room; ripple-effect's rooms are
    listed as cells in its puzzle_extra, one room a token: `0,1/0,2/1,2`; suguru's map is its
    puzzle_extra's `rooms`, its puzzle_text the given digits)."""
    ex = example(slug)
    if slug == "ripple-effect":
        found = {}
        for k, token in enumerate(ex["puzzle_extra"]["rms"].split()):
            for cell in token.split("/"):
                r, c = map(int, cell.split(","))
                found[r, c] = room_label(k)
        rows = [
            [found[r, c] for c in range(1 + max(c for _, c in found))]
            for r in range(1 + max(r for r, _ in found))
        ]
        rooms, _ = rooms_from_labels(Grid(slug, rows))
        return Rooms(rooms.ids)
    if slug in AREA_MAPS:  # the rooms in puzzle_extra.area, the numbers in puzzle_text
        area = ex["puzzle_extra"]["area"].split("\n")
        label = {ch: room_label(k) for k, ch in enumerate(dict.fromkeys("".join(area)))}
        rows = [[label[ch] for ch in line] for line in area]
        rooms, _ = rooms_from_labels(Grid(slug, rows))
        return Rooms(rooms.ids)
    text = ex["puzzle_extra"]["rooms"] if slug == "suguru" else ex["puzzle_text"]
    rows = [list(line) for line in text.strip().split("\n")]
    rooms, _ = rooms_from_labels(Grid(slug, rows))
    return rooms


TYPED = ("jigsaw-sudoku", "killer-sudoku", "kenken")  # examples typed as the labels sheet


def typed_cells(slug: str) -> list[list[Any]]:
    """The labels sheet of an example written as typed (`A12+`: one cell a token)."""
    return [line.split() for line in example(slug)["puzzle_text"].split("\n")]


def example_puzzle(slug: str) -> Any:
    """The genre's puzzle from the seed's example (the TYPED ones: read from the cells as a
    person types them)."""
    if slug in TYPED:
        return genre_by_slug(slug).parse(Grid(slug, typed_cells(slug)))
    ex = example(slug)
    rooms = example_rooms(slug)
    module = sys.modules[genre_by_slug(slug).module]
    if slug == "heyawake":
        letters = ex["puzzle_text"].strip().split("\n")
        first = {}
        for r, line in enumerate(letters):
            for c, ch in enumerate(line):
                first.setdefault(ch, (r, c))
        numbers = sorted((first[k], n) for k, n in ex["puzzle_extra"]["nums"].items())
        return module.Puzzle(rooms, tuple(numbers))
    if slug in ("norinori", "star-battle", "lits"):
        return module.Puzzle(rooms)
    if slug in AREA_MAPS:  # each room's number in its cell of puzzle_text
        lines = ex["puzzle_text"].split("\n")
        numbers = [
            ((r, c), int(ch))
            for r, line in enumerate(lines)
            for c, ch in enumerate(line)
            if ch.isdigit()
        ]
        return module.Puzzle(rooms, tuple(numbers))
    if slug == "tile-paint":
        cols, rows = ex["puzzle_extra"]["hint"]
        return module.Puzzle(rooms, (), tuple(cols), tuple(rows))
    if slug == "paint-area":
        numbers = sorted(((r, c), n) for r, c, n in ex["puzzle_extra"]["nums"])
        return module.Puzzle(rooms, tuple(numbers))
    if slug in ("ripple-effect", "suguru"):  # the given digits
        lines = ex["puzzle_text"].split("\n")
        digits = [
            ((r, c), int(ch))
            for r, line in enumerate(lines)
            for c, ch in enumerate(line)
            if ch.isdigit()
        ]
        return module.Puzzle(rooms, tuple(digits))
    if slug == "inshi-no-heya":  # products listed by room letter, each in its room's first cell
        letters = ex["puzzle_text"].strip().split("\n")
        first: dict[str, tuple[int, int]] = {}
        for r, line in enumerate(letters):
            for c, ch in enumerate(line):
                first.setdefault(ch, (r, c))
        products = zip(sorted(first), ex["puzzle_extra"]["nums"], strict=True)
        return module.Puzzle(rooms, tuple(sorted((first[k], n) for k, n in products)))
    if slug == "satogaeri":  # the circles as [row, col, n], -1: no number
        hint = ex["puzzle_extra"]["hint"]
        return module.Puzzle(rooms, tuple(((r, c), None if n < 0 else n) for r, c, n in hint))
    raise KeyError(slug)


def labelled(slug: str, puzzle: Any) -> list[list[Any]]:
    """What a person types with labels: each cell its room's label, numbers beside them; the
    rest of the sheet (clues outside the grid) as the genre writes it."""
    if slug in TYPED:
        return typed_cells(slug)
    genre = genre_by_slug(slug)
    cells = genre.to_cells(puzzle)
    _, (top, left) = genre.drawn_rooms(puzzle)
    for r, row in enumerate(label_cells(puzzle.rooms, dict(puzzle.numbers))):
        cells[top + r][left : left + len(row)] = row
    return cells


def satogaeri_labels(puzzle: Any) -> list[list[Any]]:
    """Satogaeri's circles beside the labels: `A2`, `A?`."""
    cells = label_cells(puzzle.rooms)
    for (r, c), n in puzzle.circles:
        cells[r][c] = f"{cells[r][c]}{'?' if n is None else n}"
    return cells


def build_satogaeri() -> Path:
    """As `build`, with satogaeri's circles beside the labels (`A2`, `A?`)."""
    genre = genre_by_slug("satogaeri")
    puzzle = example_puzzle("satogaeri")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "satogaeri"
    fill_sheet(ws, satogaeri_labels(puzzle))
    drawn = wb.create_sheet("satogaeri borders")
    fill_sheet(drawn, genre.to_cells(puzzle))
    write_rooms(OpenpyxlSheet(drawn), puzzle.rooms)
    path = WORKBOOKS / "satogaeri.xlsx"
    wb.save(path)
    return path


def build(slug: str) -> Path:
    if slug == "satogaeri":
        return build_satogaeri()
    genre = genre_by_slug(slug)
    puzzle = example_puzzle(slug)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = slug
    fill_sheet(ws, labelled(slug, puzzle))
    drawn = wb.create_sheet(f"{slug} borders")
    fill_sheet(drawn, genre.to_cells(puzzle))
    rooms, (top, left) = genre.drawn_rooms(puzzle)
    write_rooms(OpenpyxlSheet(drawn), rooms, top + 1, left + 1)
    path = WORKBOOKS / f"{slug}.xlsx"
    wb.save(path)
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or [
        "heyawake",
        "norinori",
        "tile-paint",
        "paint-area",
        "ripple-effect",
        "suguru",
        "inshi-no-heya",
        "satogaeri",
        "star-battle",
        "lits",
        "chocona",
        "aqre",
        *TYPED,
    ]:
        print(build(name))
