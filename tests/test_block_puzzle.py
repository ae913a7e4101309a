"""Block puzzle: the sample in the workbook, its blocks drawn as borders and cleared, verify from
the rules, the candidates against brute force, letters typed in other ways, bad input named by
cell, uniqueness, answers drawn by hand with Excel's border tool through Check, the picture and
the generator. (The sample on every back end, through the .lp file: tests/test_samples.py;
check, hints and forced cells: tests/test_check.py.)"""

from __future__ import annotations

import itertools

import pytest
from openpyxl.styles import Border, Side

from solver.blocks.cells import components
from solver.check import check_sheet
from solver.genres import block_puzzle
from solver.genres.block_puzzle import Puzzle
from solver.io.sheet import InputError
from solver.io.sheet.answer import ANSWER_BORDER, MARK_FILL
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import draw_walls_by_hand, example, lettered

EX = example("block-puzzle")
KNOWN = lettered(EX["solution_text"].split("\n"))


def puzzle_of(rows: list[str]) -> Puzzle:
    return Puzzle(tuple(tuple(row) for row in rows))


def known_puzzle() -> Puzzle:
    return puzzle_of(EX["puzzle_text"].split("\n"))


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("block-puzzle")), "block-puzzle")
    assert p == known_puzzle()


def test_sample_answer_drawn_as_borders_and_cleared(sample):
    book = OpenpyxlBook(sample("block-puzzle"))
    ws = book.wb["block-puzzle"]
    ws["C3"].border = Border(left=Side(style="thin", color="FF0000"))  # the user's own line
    res = solve_sheet(book, "block-puzzle", Settings())
    assert res.status == "solved" and res.unique is True
    assert res.answer["regions"] == [list(row) for row in KNOWN]
    sheet = book.sheet("block-puzzle")
    assert sheet.get_style(1, 1, borders=True).borders.side("R") == ANSWER_BORDER  # A1 | B1
    assert sheet.get_style(1, 2, borders=True).borders.side("R") != ANSWER_BORDER  # B1 C1 one
    assert sheet.get_style(1, 2, borders=True).borders.side("B") == ANSWER_BORDER  # B1 / B2
    assert ws["A1"].value == "A" and ws["E5"].value == "B"  # the letters stay
    clear_sheet(book, "block-puzzle")
    assert ws["C3"].border.left.style == "thin" and ws["C3"].border.right.style is None


def test_verify_accepts_the_known_answer_and_names_broken_rules():
    p = known_puzzle()
    assert block_puzzle.verify(p, KNOWN) == []
    # A1 (an A) and B1 (an A) trade blocks: the letters still fit, but A1's block is cut off
    swapped = lettered(["BABBC", "AADBC", "EADBC", "EADDC", "EEEDC"])
    problems = block_puzzle.verify(p, swapped)
    assert problems == ["the block from A1 is in 2 pieces, not one"]
    assert problems[0].cells == ((0, 0),)  # the smaller piece
    # the last two blocks as one: every letter twice
    merged = lettered(["ABBBD", "AADBD", "EADBD", "EADDD", "EEEDD"])
    problems = block_puzzle.verify(p, merged)
    assert problems == [
        "the block from E1 holds A twice (E3, C4)",
        "the block from E1 holds B twice (D5, E5)",
        "the block from E1 holds C twice (C2, E4)",
        "the block from E1 holds D twice (E1, C3)",
        "the block from E1 holds E twice (E2, D4)",
    ]
    assert problems[0].cells == ((2, 4), (3, 2))
    # B1's block without A2: four cells, no C
    short = lettered(["ABBBC", "FADBC", "EADBC", "EADDC", "EEEDC"])
    problems = block_puzzle.verify(p, short)
    assert "the block from A1 has no C" in problems
    assert "the block from A2 has no A or B or D or E" in problems


def test_candidates_are_every_connected_set_of_one_part_per_letter():
    """Against brute force: every choice of one cell per letter that is connected, by the
    anchor it holds (the sample: 1 + 10 + 14 + 17 + 29 blocks)."""
    p = known_puzzle()
    by_letter = [[q for q in p.positions() if p.part(q) == k] for k in p.letters()]
    brute: dict[tuple[int, int], set[tuple]] = {a: set() for a in p.anchors()}
    for combo in itertools.product(*by_letter):
        if len(components(combo)) == 1:
            brute[combo[0]].add(tuple(sorted(combo)))
    found = block_puzzle.candidates(p)
    assert {a: set(c) for a, c in found.items()} == brute
    assert [len(c) for c in found.values()] == [1, 10, 14, 17, 29]  # each grown once


def test_letters_in_either_case_and_kana(sample):
    book = OpenpyxlBook(sample("block-puzzle"))
    ws = book.wb["block-puzzle"]
    ws["A1"].value, ws["C2"].value = "a", " c "
    _, _, p = read_puzzle(book, "block-puzzle")
    assert p == known_puzzle()
    kana = dict(zip("ABCDE", ["ア", "ッ", "ｶ", "Ａ", "ゆ"], strict=True))
    for row in ws.iter_rows(max_row=5, max_col=5):
        for c in row:
            c.value = kana[c.value.strip().upper()]
    res = solve_sheet(book, "block-puzzle", Settings())
    assert res.status == "solved" and res.unique is True
    assert res.answer["regions"] == [list(row) for row in KNOWN]


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("C2", None, r"cell C2: an empty cell: every cell of the board holds its part's letter"),
        ("C2", 3, r"cell C2: a cell holds one part letter \(A-Z in either case, or kana\), "),
        ("C2", "AB", r"cell C2: a cell holds one part letter .*found 'AB'"),
        ("C2", "?", r"cell C2: a cell holds one part letter"),
    ],
)
def test_bad_input_names_the_cell(sample, cell, value, message):
    book = OpenpyxlBook(sample("block-puzzle"))
    book.wb["block-puzzle"][cell].value = value
    with pytest.raises(InputError, match=rf"sheet 'block-puzzle' {message}"):
        read_puzzle(book, "block-puzzle")


def test_unequal_counts_say_which_letter_and_what_is_expected(sample):
    book = OpenpyxlBook(sample("block-puzzle"))
    book.wb["block-puzzle"]["C2"].value = "E"  # one C fewer, one E more
    with pytest.raises(InputError) as err:
        read_puzzle(book, "block-puzzle")
    assert str(err.value) == (
        "sheet 'block-puzzle' cell D1: the letter C is in 4 cells (D1, A2, E4, B5), but A, B, D "
        "in 5 each: every letter must appear equally often, once in every block"
    )


def test_an_anchor_or_a_cell_that_no_block_fits():
    grid = ["AAB", "ABB"]  # the A at A1 has only As beside it
    bad = block_puzzle.unfit(puzzle_of(grid))
    assert bad is not None and bad[0] == (0, 0)
    assert bad[1].startswith("no connected block of 2 cells holds this A")
    far = ["ABCC", "DDAB"]  # every cell lies in some block of one part per letter
    assert block_puzzle.unfit(puzzle_of(far)) is None
    lost = ["BBBA", "BBBA", "AAAB", "ABAA"]  # A1 and B1: only Bs around them
    assert block_puzzle.unfit(puzzle_of(lost)) == (
        (0, 0),
        "no block can hold this cell (and 1 more such cells): no connected set of one part of "
        "every letter joins it to a A; check the letters around it",
    )


def test_blocks_too_many_to_list_are_refused_by_cell(sample, monkeypatch):
    monkeypatch.setattr(block_puzzle, "MOST_STEPS", 20)
    block_puzzle.candidates.cache_clear()  # the sample's blocks may be listed already
    with pytest.raises(InputError, match=r"sheet 'block-puzzle' cell [A-E][1-5]: too many ways"):
        read_puzzle(OpenpyxlBook(sample("block-puzzle")), "block-puzzle")


def test_uniqueness():
    out = solve_puzzle(block_puzzle.GENRE, puzzle_of(["AB", "AB"]), Settings("highs"))
    assert out.status == "solved" and out.unique is True  # the lower A takes B2
    assert out.answer == lettered(["xx", "yy"])
    out = solve_puzzle(block_puzzle.GENRE, puzzle_of(["AB", "BA"]), Settings("highs"))
    assert out.status == "solved" and out.unique is False  # dominoes across or down


# --- check my answer: blocks drawn by hand with the border tool --------------------------------


def test_check_reads_blocks_drawn_by_hand(sample):
    book = OpenpyxlBook(sample("block-puzzle"))
    ws = book.wb["block-puzzle"]
    draw_walls_by_hand(ws, KNOWN, 5, 5, style="thick")
    res = check_sheet(book, "block-puzzle", Settings())
    assert (res.verdict, res.problems, res.empty) == ("correct", [], 0), res.record()
    # the last two blocks not divided yet: incomplete, can be finished
    draw_walls_by_hand(ws, lettered(["ABBBD", "AADBD", "EADBD", "EADDD", "EEEDD"]), 5, 5)
    res = check_sheet(book, "block-puzzle", Settings())
    assert (res.verdict, res.completable) == ("incomplete", True), res.record()


def test_check_names_a_wrong_block(sample):
    book = OpenpyxlBook(sample("block-puzzle"))
    ws = book.wb["block-puzzle"]
    # the first block takes A1-D1, D2 and D3 (two As) and leaves A2's block without an A; the
    # other three blocks are right
    draw_walls_by_hand(ws, lettered(["AAAAB", "CCDAB", "ECDAB", "ECDDB", "EEEDB"]), 5, 5)
    res = check_sheet(book, "block-puzzle", Settings())
    assert res.verdict == "wrong" and res.completable is False, res.record()
    assert dict(res.problems) == {
        "the block from A1 holds A twice (A1, B1)": ["A1", "B1"],
        "the block from A2 has no A": ["A2", "B2", "B3", "B4"],
    }, res.record()
    assert ws["B1"].fill.fgColor.rgb.endswith(MARK_FILL)


def test_the_picture_draws_the_blocks():
    from solver.io import picture

    answer = {"rows": 5, "cols": 5, **block_puzzle.record(known_puzzle(), KNOWN)}
    pic = picture.draw([list(row) for row in known_puzzle().cells], answer, "block-puzzle")
    texts = {(s.points[0], s.points[1]): s.text for s in pic.shapes if s.kind == "text"}
    assert texts[picture._centre(0, 2)] == "E" and len(texts) == 25
    thick = [s for s in pic.shapes if s.kind == "line" and s.width > 2]
    assert len(thick) == len(block_puzzle.regions.region_walls(KNOWN))


def test_the_generator_makes_a_puzzle_with_one_answer():
    """tests/generators/block_puzzle.py repairs its random puzzle until the answer is unique."""
    from tests.generators.block_puzzle import generate

    p, note = generate(8, 1)
    assert note.endswith(", unique") and p.rows == p.cols == 8
    assert sorted(sum(row.count(k) for row in p.cells) for k in p.letters()) == [8] * 8
    out = solve_puzzle(block_puzzle.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []
