"""Check on hand edits of a drawn answer (solver/check.py reading lines as
`solver.io.drawn_lines` does): each line and region genre's sample solved into its sheet, which
checks `correct`, then one cell of the answer edited as a person would, and checked again. The
cells edited are spread over the answer (`spread`), in the same order on every run.

Lines drawn with glyphs: a glyph turned (a quarter turn, or mirrored left to right) or one added
in a cell without one is `wrong`, and a problem names the cell; a glyph taken away leaves the
line not drawn there yet: `incomplete`, completable, one cell empty (the README's verdicts: a
sheet whose entries fit an answer is incomplete). Lines and walls drawn on borders: a side shows
a line when either of its two cells holds it, so a line taken off one of the two still shows and
the answer stays `correct`; taken off both (Excel's No Border) it is not drawn yet:
`incomplete`; a line added on one cell's side (as the border tool draws) is `wrong`, named.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from copy import copy

import pytest
from openpyxl.styles import Border, Side

from solver import check
from solver.blocks.names import a1
from solver.genres import all_genres
from solver.io.drawn_lines import ARMS, one_sided, within
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from tests.test_check import FAST, solved

# every genre with line glyphs among its answer marks, and the two that tell their glyphs
# otherwise (country-road's after a label, pipe-link's by their colour)
GLYPH_GENRES = sorted(
    {g.slug for g in all_genres() if g.answer_marks & set("─│")} | {"country-road", "pipe-link"}
)
FILL_EVERY_CELL = {"archipelago", "numberlink", "pipe-link", "wall-logic", "yajilin"}
BORDER_GENRES = sorted(g.slug for g in all_genres() if g.answer_on_borders)
EDITS = 5  # cells edited, one at a time, per genre and kind of edit

QUARTER = {"U": "R", "R": "D", "D": "L", "L": "U"}  # a quarter turn clockwise
MIRROR = {"U": "U", "D": "D", "L": "R", "R": "L"}  # left to right
DOUBLE = {"═": "║", "║": "═"}  # hashiwokakero's double bridges, a quarter turned
IN_FORMAT = re.compile(r'^@"( ?)(.)"$')  # a glyph shown after a label (country road, satogaeri)


def turned(glyph: str, way: dict[str, str]) -> str | None:
    """The glyph with its arms moved as `way` says; None where that is the same glyph."""
    if glyph in DOUBLE:
        return DOUBLE[glyph] if way is QUARTER else None
    arms = ARMS.get(glyph)
    if arms is None:
        return None
    moved = frozenset(way[a] for a in arms)
    return next((g for g, s in ARMS.items() if s == moved and g != glyph), None)


def spread(items: list, n: int = EDITS) -> list:
    """n of the items, evenly spread from the first to the last."""
    if len(items) <= n:
        return items
    return [items[k * (len(items) - 1) // (n - 1)] for k in range(n)]


def solved_correct(sample, slug: str) -> tuple[OpenpyxlBook, str, list]:
    """The sample solved into its sheet, which checks correct as it is."""
    book, sheet, writes = solved(sample, slug)
    res = check.check_sheet(book, sheet, FAST, mark=False)
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    return book, sheet, writes


def shown_glyph(ws, w) -> str | None:
    """The glyph an answer cell shows: its value, or the glyph its number format shows after
    its label."""
    cell = ws.cell(w.row + 1, w.col + 1)
    if w.value is not None:
        return cell.value
    found = IN_FORMAT.match(cell.number_format or "")
    return found[2] if found else None


def put_glyph(ws, w, glyph: str | None) -> None:
    """Type a glyph into an answer cell the way the answer shows it (None: take it away)."""
    cell = ws.cell(w.row + 1, w.col + 1)
    if w.value is not None:
        cell.value = glyph
    elif glyph is None:
        cell.number_format = "General"
    else:
        found = IN_FORMAT.match(cell.number_format)
        assert found is not None
        cell.number_format = f'@"{found[1]}{glyph}"'


@contextmanager
def kept(ws, r: int, c: int) -> Iterator[None]:
    """The 0-based cell's value, number format and borders as they were, after the block."""
    cell = ws.cell(r + 1, c + 1)
    before = cell.value, cell.number_format, copy(cell.border)
    yield
    cell.value, cell.number_format, cell.border = before


def glyph_cells(ws, writes) -> list:
    return [w for w in writes if not w.through and shown_glyph(ws, w) is not None]


def named(res, cell: tuple[int, int]) -> bool:
    """Whether a problem of the check names the 0-based cell."""
    return any(a1(cell[0] + 1, cell[1] + 1) in cells for _, cells in res.problems)


@pytest.mark.parametrize("way", [QUARTER, MIRROR], ids=["quarter", "mirror"])
@pytest.mark.parametrize("slug", GLYPH_GENRES)
@pytest.mark.slow
def test_a_turned_glyph_is_wrong_and_named(sample, slug, way):
    book, sheet, writes = solved_correct(sample, slug)
    ws = book.wb[sheet]
    cells = spread([w for w in glyph_cells(ws, writes) if turned(shown_glyph(ws, w), way)])
    assert cells or way is MIRROR  # bridges have no glyph a mirror changes
    for w in cells:
        with kept(ws, w.row, w.col):
            put_glyph(ws, w, turned(shown_glyph(ws, w), way))
            res = check.check_sheet(book, sheet, FAST, mark=False)
        assert res.verdict == "wrong", res.record()
        assert res.completable is False, res.record()
        assert named(res, (w.row, w.col)), res.record()


@pytest.mark.parametrize("slug", GLYPH_GENRES)
def test_a_glyph_taken_away_is_a_line_not_drawn_yet(sample, slug):
    book, sheet, writes = solved_correct(sample, slug)
    ws = book.wb[sheet]
    for w in spread(glyph_cells(ws, writes)):
        with kept(ws, w.row, w.col):
            put_glyph(ws, w, None)
            res = check.check_sheet(book, sheet, FAST, mark=False)
        assert (res.verdict, res.completable, res.empty) == ("incomplete", True, 1), res.record()


def addable(book, sheet, writes) -> list[tuple[int, int]]:
    """Grid cells that the answer leaves without a glyph, in reading order: empty ones, or
    where the answer shows glyphs after labels, cells holding a label alone."""
    ws = book.wb[sheet]
    _, shown, _ = check.read_shown(book, sheet)
    answer = {(w.row, w.col) for w in writes}
    after_labels = any(w.number_format and IN_FORMAT.match(w.number_format) for w in writes)
    found = []
    for r, c in shown.positions():
        cell = ws.cell(r + 1, c + 1)
        if (r, c) in answer or cell.number_format != "General":
            continue
        if cell.value is None if not after_labels else str(cell.value).isalpha():
            found.append((r, c))
    return found


def add_glyph(ws, writes, r: int, c: int, glyph: str) -> None:
    """Type a glyph into a cell the way the answer shows its glyphs."""
    form = next((w.number_format for w in writes if w.number_format), "")
    found = IN_FORMAT.match(form)
    if found:
        ws.cell(r + 1, c + 1).number_format = f'@"{found[1]}{glyph}"'
    else:
        ws.cell(r + 1, c + 1).value = glyph


@pytest.mark.parametrize("slug", GLYPH_GENRES)
def test_a_glyph_added_in_an_empty_cell_is_wrong_and_named(sample, slug):
    book, sheet, writes = solved_correct(sample, slug)
    ws = book.wb[sheet]
    empty = addable(book, sheet, writes)
    assert empty or slug in FILL_EVERY_CELL
    for r, c in spread(empty):
        with kept(ws, r, c):
            add_glyph(ws, writes, r, c, "─")
            res = check.check_sheet(book, sheet, FAST, mark=False)
        assert res.verdict == "wrong", res.record()
        assert named(res, (r, c)), res.record()


# --- lines and walls drawn on borders ----------------------------------------------------------

SIDES = {"T": ("top", (-1, 0), "bottom"), "B": ("bottom", (1, 0), "top")}
SIDES |= {"L": ("left", (0, -1), "right"), "R": ("right", (0, 1), "left")}
DRAWN = Side(style="medium", color="000000")  # as a person's border tool draws


def holds(ws, r: int, c: int, name: str) -> bool:
    """Whether the 0-based cell's own border on that side is drawn (medium or heavier)."""
    if r < 0 or c < 0:
        return False
    side = getattr(ws.cell(r + 1, c + 1).border, name)
    return side is not None and side.style in ("medium", "thick", "double")


def set_side(ws, r: int, c: int, name: str, side: Side | None) -> None:
    cell = ws.cell(r + 1, c + 1)
    sides = {n: getattr(cell.border, n) for n in ("top", "bottom", "left", "right")}
    sides[name] = side
    cell.border = Border(**sides)


def both_held(ws, writes) -> list[tuple[int, int, str]]:
    """The answer's sides (0-based cell, side) that both cells of the line hold, in order."""
    found = []
    for w in writes:
        for s in w.borders:
            name, (dr, dc), facing = SIDES[s]
            if holds(ws, w.row, w.col, name) and holds(ws, w.row + dr, w.col + dc, facing):
                found.append((w.row, w.col, s))
    return found


@pytest.mark.parametrize("slug", BORDER_GENRES)
def test_a_border_one_cell_holds_reads_as_drawn(sample, slug):
    """A side shows a line when either of its cells holds it: taken off one cell of the two,
    the line still shows, and the answer is still correct."""
    book, sheet, writes = solved_correct(sample, slug)
    ws = book.wb[sheet]
    sides = both_held(ws, writes)
    assert sides
    for r, c, s in spread(sides):
        name, (dr, dc), facing = SIDES[s]
        for at in ((r, c, name), (r + dr, c + dc, facing)):
            with kept(ws, at[0], at[1]):
                set_side(ws, *at, None)
                res = check.check_sheet(book, sheet, FAST, mark=False)
            assert (res.verdict, res.problems) == ("correct", []), res.record()


@pytest.mark.parametrize("slug", BORDER_GENRES)
def test_a_border_taken_off_both_cells_is_a_line_not_drawn_yet(sample, slug):
    book, sheet, writes = solved_correct(sample, slug)
    ws = book.wb[sheet]
    for r, c, s in spread(both_held(ws, writes)):
        name, (dr, dc), facing = SIDES[s]
        with kept(ws, r, c), kept(ws, r + dr, c + dc):
            set_side(ws, r, c, name, None)
            set_side(ws, r + dr, c + dc, facing, None)
            res = check.check_sheet(book, sheet, FAST, mark=False)
        assert (res.verdict, res.completable) == ("incomplete", True), res.record()


def undrawn(book, sheet) -> list[tuple[int, int, str]]:
    """Sides between two cells of the grid that neither cell draws (right and bottom sides, in
    reading order)."""
    ws = book.wb[sheet]
    _, shown, _ = check.read_shown(book, sheet)
    found = []
    for r, c in shown.positions():
        for s in "RB":
            name, (dr, dc), facing = SIDES[s]
            n = (r + dr, c + dc)
            inner = n[0] < shown.rows and n[1] < shown.cols
            if inner and not holds(ws, r, c, name) and not holds(ws, *n, facing):
                found.append((r, c, s))
    return found


@pytest.mark.parametrize("slug", BORDER_GENRES)
def test_a_border_added_is_wrong_and_named(sample, slug):
    book, sheet, _ = solved_correct(sample, slug)
    ws = book.wb[sheet]
    for r, c, s in spread(undrawn(book, sheet)):
        with kept(ws, r, c):
            set_side(ws, r, c, SIDES[s][0], DRAWN)  # one cell's side, as the border tool draws
            res = check.check_sheet(book, sheet, FAST, mark=False)
        assert (res.verdict, res.completable) == ("wrong", False), res.record()
        dr, dc = SIDES[s][1]  # the line lies between two cells: a problem names one of them
        assert named(res, (r, c)) or named(res, (r + dr, c + dc)), res.record()


# --- the reading rule itself --------------------------------------------------------------------


def test_one_sided_names_every_arm_that_no_line_meets():
    """A 4 x 4 grid. A1 `┌` leads right into B1 `┘`, which leads back, and down into the blank
    A2 (a line not drawn yet); B1's other arm leaves the grid. C2 `└` leads up into C1, marked
    as having no line, and right into D2, a clue no line enters. Row 3: `─` at A3 leaves the
    grid, and B3's single line meets C3's double one. F6 lies outside the grid."""
    shown = {
        (0, 0): frozenset("RD"),
        (0, 1): frozenset("UL"),
        (0, 2): frozenset(),
        (1, 2): frozenset("UR"),  # into the marked C1, and into the clue D2
        (2, 0): frozenset("LR"),  # off the grid on the left
        (2, 1): frozenset("LR"),  # one line back to A3, two from C3
        (2, 2): frozenset("L"),
        (5, 5): frozenset("L"),  # outside the grid
    }
    lines = {(2, 2): 2}

    def closed(a, b):
        return "into the clue D2" if b == (1, 3) else None

    got = [(str(p), p.cells) for p in one_sided(shown, within(4, 4), closed, lines)]
    assert got == [
        ("B1's line goes up off the grid", ((0, 1),)),
        ("C2's line goes up into C1, which shows no line", ((0, 2), (1, 2))),
        ("C2's line goes right into the clue D2", ((1, 2), (1, 3))),
        ("A3's line goes left off the grid", ((2, 0),)),
        ("B3 draws 1 line right into C3, which draws 2 back", ((2, 1), (2, 2))),
        ("F6 shows a line outside the grid", ((5, 5),)),
    ]


def test_the_yajilin_corner_turned_into_its_clue_names_both_cells(sample):
    book, sheet, _ = solved_correct(sample, "yajilin")
    ws = book.wb[sheet]
    assert (ws["B6"].value, ws["C6"].value, ws["D6"].value) == ("0←", "┌", "┘")
    ws["C6"] = "┐"  # its left arm into the clue, and D6 still leads into it
    res = check.check_sheet(book, sheet, FAST)
    assert (res.verdict, res.completable) == ("wrong", False)
    assert res.problems == [
        ("C6's line goes left into the clue B6", ["B6", "C6"]),
        ("D6's line goes left into C6, which has no line back", ["C6", "D6"]),
    ]
    assert {(w.row, w.col) for w in res.marks} == {(5, 1), (5, 2), (5, 3)}
    hint = check.hint_sheet(book, sheet, FAST, write=False)
    assert hint.status == "wrong" and "C6's line goes left into the clue B6" in hint.message
