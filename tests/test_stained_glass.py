"""Stained glass: the sample holds the deck's circles, the answer as fills under the labels,
verify from the rules, bad input named by cell, and check my answer on a sheet shaded by hand.
(The sample on every back end, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from openpyxl.styles import PatternFill

from solver import check
from solver.genres import stained_glass
from solver.genres.stained_glass import BLACK, GREY, WHITE, Puzzle
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("stained-glass")
SHEET = json.loads((EXAMPLES.parent / "stained-glass.json").read_text("utf-8"))["sheet"]
BLACK_PIECES = {chr(65 + k) for k, ch in enumerate(EX["solution_text"]) if ch == "#"}


def sample_puzzle() -> Puzzle:
    return Puzzle(tuple(tuple(row.split()) for row in SHEET))


def known() -> frozenset[tuple[int, int]]:
    p = sample_puzzle()
    return frozenset(q for label in BLACK_PIECES for q in p.pieces()[label])


def test_the_sheet_holds_exactly_the_decks_circles(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("stained-glass")), "stained-glass")
    assert p == sample_puzzle()
    colour = {"W": WHITE, "B": BLACK, "G": GREY}
    deck = sorted(
        (colour[line[0]], sorted(chr(65 + int(k)) for k in line.split(",")[1:]))
        for line in EX["puzzle_text"].split("\n")
    )
    assert sorted((v, sorted(p.around(q))) for q, v in p.circles().items()) == deck
    assert sorted(p.pieces()) == [chr(65 + k) for k in range(EX["puzzle_extra"]["np"])]


def test_the_answer_fills_the_black_pieces_and_keeps_the_labels(sample):
    book = OpenpyxlBook(sample("stained-glass"))
    res = solve_sheet(book, "stained-glass", Settings())
    assert res.status == "solved" and res.unique is True
    assert {tuple(q) for q in res.answer["shaded"]} == known()
    ws = book.wb["stained-glass"]
    for r, row in enumerate(SHEET):
        for c, label in enumerate(row.split()):
            assert ws.cell(r + 1, c + 1).value == label  # the labels stay
            dark = ws.cell(r + 1, c + 1).fill.fgColor.rgb
            assert (isinstance(dark, str) and dark.endswith("404040")) is ((r, c) in known())


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = sample_puzzle()
    assert stained_glass.verify(p, known()) == []
    # piece I white: the grey circle at G7 touches F black, H, I, K white
    i_cells = set(p.pieces()["I"])
    found = stained_glass.verify(p, known() - i_cells)
    assert found == [
        "the grey circle at G7 touches 1 black and 3 white pieces (F, K, H, I); it needs as "
        "many black as white"
    ]
    assert (6, 6) in found[0].cells and (7, 5) in found[0].cells
    # one cell of piece B white: B is painted partly, and its circles are not judged
    partly = stained_glass.verify(p, known() - {(1, 4)})
    assert len(partly) == 1 and partly[0].startswith("piece B is painted partly: 7 of its 8")
    assert "E2 is white" in partly[0]
    # a circle shaded
    assert "D2 is shaded but holds a circle" in stained_glass.verify(p, known() | {(1, 3)})[0]


def test_a_piece_no_circle_decides_leaves_two_answers():
    p = Puzzle((("A", "A"), (WHITE, "B")))  # a white circle between two pieces: both white
    out = solve_puzzle(stained_glass.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.answer == frozenset() and out.unique is True
    p2 = Puzzle((("A", "A", "D"), (WHITE, "B", "D")))
    out2 = solve_puzzle(stained_glass.GENRE, p2, Settings("highs"))
    assert out2.status == "solved" and out2.unique is False  # D is free


@pytest.mark.parametrize(
    "cell, value, message",
    [
        ((1, 1), None, "cell A1: .*found an empty cell"),
        ((2, 3), "■", "cell C2: .*found '■' \\(shade a piece with the fill colour"),
        ((1, 1), "A3", "cell A1: .*found 'A3'"),
        ((8, 1), "A", "cell A8: piece 'A' falls apart"),
        ((6, 3), "H", "cell C6: a grey circle needs .* it touches 3: D, E, H"),
    ],
)
def test_bad_input_names_the_sheet_and_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample("stained-glass"))
    book.sheet("stained-glass").put(*cell, value)
    if "grey" in message:  # the white circle at C6 made grey
        book.sheet("stained-glass").put(6, 3, "◐")
    with pytest.raises(InputError, match=f"sheet 'stained-glass' {message}"):
        read_puzzle(book, "stained-glass")


def shade_by_hand(ws, cells) -> None:
    for r, c in cells:
        ws.cell(r + 1, c + 1).fill = PatternFill("solid", fgColor="000000")


def test_check_my_answer_shaded_by_hand(sample):
    book = OpenpyxlBook(sample("stained-glass"))
    shade_by_hand(book.wb["stained-glass"], known())
    res = check.check_sheet(book, "stained-glass", Settings())
    assert (res.verdict, res.problems) == ("correct", [])

    book = OpenpyxlBook(sample("stained-glass"))
    p = sample_puzzle()
    wrong = (known() - set(p.pieces()["I"])) | set(p.pieces()["H"])  # I white, H black
    shade_by_hand(book.wb["stained-glass"], wrong)
    res = check.check_sheet(book, "stained-glass", Settings())
    assert res.verdict == "wrong" and res.completable is False
    messages = [m for m, _ in res.problems]
    assert any(m.startswith("the white circle at C6 touches 2 black") for m in messages)
    assert all(cells for _, cells in res.problems)


def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/stained_glass.py repairs its random puzzle until the answer is unique."""
    from solver.genres import stained_glass as _genre
    from solver.mip.settings import Settings as _Settings
    from solver.pipeline import solve_puzzle as _solve
    from tests.generators.stained_glass import generate

    p, note = generate(8, 1)
    assert note.endswith(", unique")
    out = _solve(_genre.GENRE, p, _Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []
