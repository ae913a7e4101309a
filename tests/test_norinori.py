"""Norinori: the sample's two sheets (labels, thick borders), verify from the rules, bad input
named by sheet and cell, the puzz.link codec, import drawing the rooms as borders, and check my
answer on a hand-shaded sheet. (The sample on every back end through the .lp file:
tests/test_samples.py; check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from room_samples import example_puzzle

from solver import check
from solver.cli import main
from solver.genres import norinori
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.conftest import example

KNOWN = frozenset(
    (r, c)
    for r, line in enumerate(example("norinori")["solution_text"].split("\n"))
    for c, ch in enumerate(line)
    if ch == "#"
)
URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
FAST = Settings(time_limit=60)


def test_both_sheets_hold_the_example(sample):
    book = OpenpyxlBook(sample("norinori"))
    want = example_puzzle("norinori")
    for sheet in ("norinori", "norinori borders"):
        _, _, p = read_puzzle(book, sheet)
        assert p.rooms.ids == want.rooms.ids and p.numbers == ()


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = example_puzzle("norinori")
    assert norinori.verify(p, KNOWN) == []
    three = norinori.verify(p, KNOWN | {(0, 3)})  # C1 D1 E1 shaded in a row
    assert "the shaded cell D1 has 2 shaded neighbours, not exactly one" in three
    assert any(v.startswith("room 'B' has 3 shaded cells") for v in three)
    alone = norinori.verify(p, KNOWN - {(0, 0)})
    assert "the shaded cell A2 has no shaded neighbour, not exactly one" in alone
    assert norinori.verify(p, frozenset({(9, 9)})) != []  # odd cells: no crash


def test_puzzlink_url_and_pzprjs_answer():
    """pzprjs test/script/test_norinori.js: its URL and its answer."""
    p = norinori.from_url(parse_url(URL))
    answer = "##+++/++##+/##++#/++..#/##+../"
    want = {
        (r, c) for r, row in enumerate(answer.split("/")) for c, ch in enumerate(row) if ch == "#"
    }
    assert norinori.verify(p, frozenset(want)) == []
    out = solve_puzzle(norinori.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == want
    with pytest.raises(UrlError, match="one cell"):
        norinori.from_url(parse_url("https://puzz.link/p?norinori/2/1/g"))


def test_import_draws_the_rooms_as_borders(tmp_path):
    path = tmp_path / "n.xlsx"
    assert main(["import", URL, "-o", str(path)]) == 0
    _, grid, p = read_puzzle(OpenpyxlBook(path), "norinori")
    assert p == norinori.from_url(parse_url(URL))
    assert all(v is None for row in grid.cells for v in row)


@pytest.mark.parametrize(
    ("rows", "where", "says"),
    [
        ([["A2", "A"], ["B", "B"]], "A1", "no numbers"),
        ([["A", "A"], ["B", "C"]], "A2", "one cell"),
        ([["A", "A"], ["B", 3]], "B2", "without a room label"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(tmp_path, rows, where, says):
    wb = openpyxl.Workbook()
    wb.active.title = "norinori"
    fill_sheet(wb.active, rows)
    wb.save(tmp_path / "bad.xlsx")
    with pytest.raises(InputError) as e:
        read_puzzle(OpenpyxlBook(tmp_path / "bad.xlsx"), "norinori")
    assert f"sheet 'norinori' cell {where}:" in str(e.value) and says in str(e.value)


def test_check_a_hand_shaded_answer_right_and_wrong(sample):
    book = OpenpyxlBook(sample("norinori"))
    borders, labels = book.wb["norinori borders"], book.wb["norinori"]
    dark = PatternFill("solid", fgColor="000000")
    for r, c in KNOWN:
        borders.cell(r + 1, c + 1).value = "#"
        labels.cell(r + 1, c + 1).fill = dark
    for sheet in ("norinori borders", "norinori"):
        res = check.check_sheet(book, sheet, FAST)
        assert (res.verdict, res.problems) == ("correct", []), res.record()
    borders.cell(1, 4).value = "■"  # D1 next to the domino C1-C2... and E1
    labels.cell(1, 4).fill = dark
    for sheet in ("norinori borders", "norinori"):
        res = check.check_sheet(book, sheet, FAST)
        assert res.verdict == "wrong" and res.completable is False
        messages = [m for m, _ in res.problems]
        assert "the shaded cell D1 has 2 shaded neighbours, not exactly one" in messages


def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/norinori.py repairs its random puzzle until the answer is unique."""
    from solver.genres import norinori as _genre
    from solver.mip.settings import Settings as _Settings
    from solver.pipeline import solve_puzzle as _solve
    from tests.generators.norinori import generate

    p, note = generate(8, 1)
    assert note.endswith(", unique")
    out = _solve(_genre.GENRE, p, _Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []


def test_the_uniqueness_proof_keeps_highs_presolve(monkeypatch):
    """norinori's tuning has no `prove_by_search` (without presolve HiGHS's proof has a heavy
    tail on larger grids): after the answer, HiGHS looks for another with its presolve on, and
    the answer is proved unique. (On the pure MIP: the deductions decide the sample whole, and
    then no solver runs.) The proof by search itself is tested with akari's."""
    from solver.mip import backends

    proofs: list[backends.LiveModel] = []
    real_start = backends.LiveModel.start_proof
    monkeypatch.setattr(
        backends.LiveModel, "start_proof", lambda live: proofs.append(live) or real_start(live)
    )
    pure = Settings("highs", deduce=False)
    out = solve_puzzle(norinori.GENRE, example_puzzle("norinori"), pure, True)
    assert out.answer == KNOWN and out.unique is True
    assert not norinori.GENRE.tuning.prove_by_search
    assert [live.native.getOptionValue("presolve")[1] for live in proofs] == ["choose"]
