"""Panorama: the seed's example, rebuilt from its clue table: in the workbook, its heights in the
cells, the .lp file's names; verify, bad input. (The sample on every back end, through the .lp
file, solved twice and cleared: tests/test_samples.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.genres import panorama
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import (
    clear_sheet,
    make_lp,
    read_puzzle,
    solve_puzzle,
    solve_sheet,
)

DATA = json.loads((Path(__file__).parent / "data" / "panorama.json").read_text(encoding="utf-8"))
# the seed's table: clue number n, general coordinates (I,J), the number, and the count of
# board hexes towards XP, XM, YP, YM, ZP, ZM
SEED_TABLE = [
    (1, (2, 4), 6, (1, 3, 5, 1, 3, 1)),
    (2, (3, 3), 9, (3, 2, 3, 2, 4, 2)),
    (3, (5, 3), 6, (4, 1, 1, 4, 2, 2)),
    (4, (6, 5), 11, (2, 2, 1, 4, 1, 4)),
    (5, (6, 7), 4, (0, 4, 1, 2, 0, 5)),
]


def expected() -> list[list[int | None]]:
    return [[None if t == "~" else int(t) for t in line.split()] for line in DATA["solution_text"]]


def sample_puzzle(sample) -> panorama.Puzzle:
    return read_puzzle(OpenpyxlBook(sample("panorama")), "panorama")[2]


def test_sample_board_matches_the_seed_table(sample):
    p = sample_puzzle(sample)
    assert len(p.clues()) == len(SEED_TABLE)
    for ((r, c), number), (_, ij, given, lengths) in zip(p.clues(), SEED_TABLE, strict=True):
        assert (r + 1, c + 1) == ij and number == given
        assert tuple(len(line) for line in p.sight(r, c)) == lengths
    assert p.land() == [(r, c) for r in range(7) for c in range(7) if abs(r - c) <= 3]
    assert [
        " ".join("~" if v == panorama.SEA else "." if v is None else str(v) for v in row)
        for row in panorama.GENRE.to_cells(p)
    ] == DATA["puzzle_text"]


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("panorama"))
    assert solve_sheet(book, "panorama", Settings()).status == "solved"
    ws = book.wb["panorama"]
    assert ws["A1"].value == 1 and ws["E4"].value == 3  # heights in the empty hexes
    assert ws["E6"].value == 11 and ws["E6"].number_format == '0"₂"'  # the 11 stands at 2
    assert ws["G1"].value == "~" and ws["H8"].value == "E"


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "panorama.lp"
    make_lp(OpenpyxlBook(sample("panorama")), "panorama", lp)
    text = lp.read_text()
    assert "A(4,5)" in text and "xp(2,4)" in text and "R(2,3)" in text and "Clue(4):" in text


def test_verify_rejects_wrong_answers(sample):
    p, good = sample_puzzle(sample), expected()
    assert panorama.verify(p, tuple(map(tuple, good))) == []

    def broken(changes: dict[tuple[int, int], int]) -> list[str]:
        a = [row[:] for row in good]
        for (r, c), h in changes.items():
            a[r][c] = h
        return panorama.verify(p, tuple(map(tuple, a)))

    assert "coast hex A1 has height 2, not 1" in broken({(0, 0): 2})
    assert "hexes D4 and E4 differ by more than 1" in broken({(3, 4): 4})
    flat = {(r, c): 1 for r, c in p.land()}  # coast and steps fine, the 11 sees too much
    assert "the 11 at E6 sees 14 hexes" in broken(flat)
    assert all(v.startswith("the ") for v in broken(flat))
    assert "hex D4 has no positive height" in broken({(3, 3): 0})


def grid(*rows) -> Grid:
    return Grid("panorama", [list(r) for r in rows])


@pytest.mark.parametrize(
    "bad, message", [(".", "found '.'"), ("x", "found 'x'"), (-1, "found -1"), (7, "at most 6")]
)
def test_bad_input_names_the_cell(bad, message):
    with pytest.raises(InputError, match=message) as err:
        panorama.parse(grid((None, None, "~"), (None, bad, None), ("~", None, None)))
    assert "sheet 'panorama' cell B2" in str(err.value)


def test_a_lake_ends_the_view_and_makes_a_coast():
    # a hexagon of side 3 around a one-hex lake: every land hex is on the coast
    rows = [[None if abs(r - c) <= 2 else "~" for c in range(5)] for r in range(5)]
    rows[2][2], rows[0][0] = "w", 6
    with pytest.raises(InputError, match="the 6 can see at most 5 hexes"):
        panorama.parse(grid(*rows))
    rows[0][0] = 5
    p = panorama.parse(grid(*rows))
    assert p.cells[2][2] == panorama.SEA and panorama.GENRE.to_cells(p)[2][2] == "~"
    m = panorama.model(p)
    assert {v.name for v in m.answer_vars} == {f"h({r + 1},{c + 1},1)" for r, c in p.land()}
    out = solve_puzzle(panorama.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.violations == []
    assert out.answer == tuple(tuple(None if v == "~" else 1 for v in row) for row in p.cells)


def test_clear_takes_heights_and_clue_formats(sample):
    """(Solving twice and clearing, for every genre: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("panorama"))
    res = solve_sheet(book, "panorama", Settings())
    assert res.status == "solved" and res.answer["numbers"] == expected()
    assert clear_sheet(book, "panorama") == 37  # 32 heights written, 5 clue formats


# --- check my answer -------------------------------------------------------------------------


def typed_heights(sample, color: str = "0070C0") -> tuple[OpenpyxlBook, list]:
    """The sample with its heights typed by hand into the empty land hexes, in a font of the
    given colour (Excel's standard Blue by default); the clue hexes show no height."""
    from openpyxl.styles import Font

    from solver.pipeline import clear_sheet

    book = OpenpyxlBook(sample("panorama"))
    writes = [w for w in solve_sheet(book, "panorama", Settings()).writes if w.value is not None]
    clear_sheet(book, "panorama")
    ws = book.wb["panorama"]
    for w in writes:
        cell = ws.cell(w.row + 1, w.col + 1)
        cell.value = w.value
        cell.font = Font(color=color)
    return book, writes


def test_check_reads_heights_typed_in_blue(sample):
    from solver.check import check_sheet, hint_sheet

    book, _ = typed_heights(sample)
    res = check_sheet(book, "panorama", Settings())
    # every typed height fits; the clue hexes' own heights show only through their number
    # format, which a person does not type: they are what is left, and hints fill them in
    clues = len(sample_puzzle(sample).clues())
    assert (res.verdict, res.problems, res.empty) == ("incomplete", [], clues), res.record()
    for _ in range(clues):
        assert hint_sheet(book, "panorama", Settings()).status == "hint"
    res = check_sheet(book, "panorama", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()


def test_check_names_a_height_that_breaks_a_rule_and_reads_black_numbers_as_clues(sample):
    from solver.check import check_sheet
    from solver.io.sheet.answer import MARK_FILL

    book, writes = typed_heights(sample)
    ws = book.wb["panorama"]
    coast = next(w for w in writes if w.value == 1)
    ws.cell(coast.row + 1, coast.col + 1).value = 2
    where = f"{chr(65 + coast.col)}{coast.row + 1}"
    res = check_sheet(book, "panorama", Settings())
    # the clue hexes' heights are still to show (see above): incomplete, and cannot be completed
    assert res.verdict == "incomplete" and res.completable is False
    assert res.problems[0] == (f"coast hex {where} has height 2, not 1", [where]), res.record()
    assert book.wb["panorama"][where].fill.fgColor.rgb.endswith(MARK_FILL)
    # heights in black are clues: the puzzle is another one, and the check says so
    book, _ = typed_heights(sample, color="000000")
    res = check_sheet(book, "panorama", Settings())
    assert res.verdict != "correct"
