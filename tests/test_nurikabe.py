"""Nurikabe: the sample in the workbook, verify from the rules, bad input, the puzz.link codec,
both connectivity forms, and a hand-typed answer through Check. (The sample on every back end,
in both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from openpyxl.styles import PatternFill

from solver import check
from solver.cli import main
from solver.genres import nurikabe
from solver.genres.nurikabe import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example, type_shading

EX = example("nurikabe")
SOLUTION = EX["solution_text"].split("\n")


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))


def sea_of(rows: list[str]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


KNOWN = sea_of(SOLUTION)


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("nurikabe")), "nurikabe")
    assert p == known_puzzle()


def test_sample_answer_in_the_cells(sample):
    book = OpenpyxlBook(sample("nurikabe"))
    res = solve_sheet(book, "nurikabe", Settings())
    assert res.status == "solved" and res.unique is True
    assert book.sheet("nurikabe").get(1, 1) == "■"  # sea, A1
    assert book.sheet("nurikabe").get(1, 2) == 3  # the given stays


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert nurikabe.verify(p, KNOWN) == []
    # G3:G6 island cells shaded: a 2x2 of sea, and the 6 island too small
    wrong = nurikabe.verify(p, KNOWN | {(2, 5), (2, 6)})
    assert any("2x2 block of sea cells at F2" in v for v in wrong)
    assert any("the clue 6 at G7" in v and "has 4 cells" in v for v in wrong)
    # B2 left white joins the island of the 3 at B1 to that of the 2 at A3
    assert any("holds 2 clues, not one (B1, A3)" in v for v in nurikabe.verify(p, KNOWN - {(1, 1)}))
    # a sea cut in two: the top-right corner G1 alone
    cut = KNOWN - {(1, 6), (1, 5)}
    assert any("fall apart" in v for v in nurikabe.verify(p, cut))
    # a shaded clue
    assert any("is not on an island" in v for v in nurikabe.verify(p, KNOWN | {(0, 5)}))
    # two clues on one island
    assert any("holds 2 clues" in v for v in nurikabe.verify(p, KNOWN - {(2, 4)}))


def test_question_mark_islands_take_any_size():
    p = Puzzle(((UNKNOWN, None), (None, None)))
    out = solve_puzzle(nurikabe.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is False and not out.violations
    p = Puzzle(((UNKNOWN, None, None), (None, None, None), (None, None, 1)))
    assert nurikabe.verify(p, frozenset({(0, 2), (1, 1), (1, 2), (2, 0), (2, 1)})) == []


@pytest.mark.parametrize("deduced", (True, False))
@pytest.mark.parametrize("form", ("complete", "lazy"))
def test_both_forms_agree(form, deduced):
    """With and without the deductions made before the solve (solver.deduce.island_logic
    decides the whole example, so without them the connectivity blocks do the work)."""
    settings = Settings("highs", connectivity=form, deduce=deduced)
    out = solve_puzzle(nurikabe.GENRE, known_puzzle(), settings)
    assert out.status == "solved" and out.unique is True and out.answer == KNOWN
    # a 1 in the middle of 3x3: the sea around it is a ring; with a 2 in a corner, no answer
    p = Puzzle(((None, None, None), (None, 1, None), (None, None, None)))
    out = solve_puzzle(nurikabe.GENRE, p, settings)
    assert out.status == "solved" and out.unique is True and len(out.answer) == 8
    p = Puzzle(((2, None, None), (None, 1, None), (None, None, None)))
    out = solve_puzzle(nurikabe.GENRE, p, settings)
    assert out.status == "infeasible"


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("nurikabe"))
    book.sheet("nurikabe").put(2, 3, "x")
    with pytest.raises(InputError, match=r"sheet 'nurikabe' cell C2: .*island's size.*found 'x'"):
        read_puzzle(book, "nurikabe")
    book = OpenpyxlBook(sample("nurikabe"))
    book.sheet("nurikabe").put(2, 3, 0)
    with pytest.raises(InputError, match=r"cell C2: .*from 1 to 49"):
        read_puzzle(book, "nurikabe")
    book = OpenpyxlBook(sample("nurikabe"))
    for r in range(1, 8):
        for c in range(1, 8):
            book.sheet("nurikabe").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'nurikabe': no numbers"):
        read_puzzle(book, "nurikabe")


URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"  # pzprjs test/script/nurikabe.js
URL_ANSWER = ["+5###", "+#2+#", "+####", "+#1#.", "###3."]  # its answer ('#' sea)


def test_puzzlink_url():
    p = nurikabe.from_url(parse_url(URL))
    assert p.clues() == {(0, 1): 5, (1, 2): 2, (3, 2): 1, (4, 3): 3}
    out = solve_puzzle(nurikabe.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    assert out.answer == sea_of(URL_ANSWER)


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "islands.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    res = solve_sheet(OpenpyxlBook(book), "nurikabe", Settings("highs"))
    assert res.status == "solved" and res.unique is True


def test_a_hand_typed_answer_checks(sample):
    book = OpenpyxlBook(sample("nurikabe"))
    type_shading(book, "nurikabe", SOLUTION, mark="■")
    res = check.check_sheet(book, "nurikabe", Settings())
    assert res.verdict == "correct", res.record()
    # a dark fill typed by hand is sea too, `・` a cell marked as island
    book = OpenpyxlBook(sample("nurikabe"))
    type_shading(book, "nurikabe", SOLUTION, mark="・", shaded=".")
    ws = book.wb["nurikabe"]
    for r, c in KNOWN:
        ws.cell(r + 1, c + 1).fill = PatternFill("solid", fgColor="FF202020")
    assert check.check_sheet(book, "nurikabe", Settings()).verdict == "correct"


def test_a_wrong_hand_typed_answer_is_named(sample):
    book = OpenpyxlBook(sample("nurikabe"))
    rows = [list(row) for row in SOLUTION]
    rows[2][5] = rows[2][6] = "#"  # F3, G3: a 2x2 block of sea, the 6 cut short
    type_shading(book, "nurikabe", ["".join(row) for row in rows])
    res = check.check_sheet(book, "nurikabe", Settings())
    assert res.verdict == "wrong" and res.completable is False
    messages = [m for m, _ in res.problems]
    assert "a 2x2 block of sea cells at F2" in messages
    assert any(m.startswith("the island of the clue 6 at G7 has 4 cells") for m in messages)
    assert dict(res.problems)["a 2x2 block of sea cells at F2"] == ["F2", "G2", "F3", "G3"]


def test_the_generator_repairs_its_puzzle_until_unique():
    """tests/generators/nurikabe.py: the random clues of seed 3 at 8x8 have other answers; the
    local searches find them and the repairs (numbers moved, islands split) leave one. (Which
    second answers the solves meet steers the repairs: since the deductions of
    solver.deduce.island_logic, seed 1 ends on two spots that no repair mends, "not
    unique".)"""
    from tests.generators.nurikabe import generate

    p, note = generate(8, 3)
    assert note.endswith(", unique") and "0 local" not in note
    out = solve_puzzle(nurikabe.GENRE, p, Settings("highs", 60))
    assert out.status == "solved" and out.unique and out.violations == []
    sizes = [v for row in p.cells for v in row if v is not None]
    assert sum(sizes) == 64 - len(out.answer)  # every island numbered, of its size


def test_a_repair_keeps_our_answer_and_breaks_the_flipped_spot():
    """A 4x4 with two answers: the 3 at C2 takes D2 or C4. The repair moves the 3 onto D2,
    which the other answer shades: ours still holds and is now the only one."""
    import random

    from tests.generators.nurikabe import _repair_spot

    white = {(0, 0), (1, 2), (1, 3), (2, 2), (2, 0), (3, 0)}
    numbered: set = {(0, 0), (1, 2), (2, 0)}
    pinned: set = set()

    def puzzle() -> Puzzle:
        sizes = {(0, 0): 1, (1, 2): 3, (1, 3): 3, (2, 0): 2}
        return Puzzle(
            tuple(
                tuple(sizes.get((r, c)) if (r, c) in numbered else None for c in range(4))
                for r in range(4)
            )
        )

    before = solve_puzzle(nurikabe.GENRE, puzzle(), Settings("highs", 60))
    assert before.unique is False
    kind = _repair_spot({(1, 3), (3, 2)}, white, numbered, pinned, 4, random.Random(0))
    assert kind == "moved" and numbered == {(0, 0), (1, 3), (2, 0)} and (1, 3) in pinned
    after = solve_puzzle(nurikabe.GENRE, puzzle(), Settings("highs", 60))
    assert (
        after.unique and set(after.answer) == {(r, c) for r in range(4) for c in range(4)} - white
    )


# janko.at's Nurikabe no. 758 as puzzlekit's dataset holds it: `?` a number not given
JANKO_758 = (
    "11 11\n- - - - - 1 - - 2 - 2\n- - - 1 - - - - - - -\n- - - - - - - - 2 - -\n"
    "- - - - - 2 - - - - ?\n- 1 - - - - - 1 - - -\n- - - - - ? - - - - 2\n"
    "2 - - 1 - - - - - - -\n- - - - - 1 - - - 1 -\n- - - - - - - - - - -\n"
    "2 - ? - ? - 1 - - - -\n- - - - - 1 - - - - -"
)
JANKO_758_SEA = (
    "xxxxx-x--x-|x-x-xxxxxx-|x--xx-x--xx|xx--x-xxx--|x-x--xx-xxx|xxxx---xx--|"
    "--x-xx--xxx|xxxxx-x-x-x|-x--xxx--xx|-x-x-x-x--x|xxxxx-xxxxx"
)


def test_puzzlekits_question_marks_are_islands_of_any_size():
    """The dataset's reader types `?` as the genre reads it (an island whose size is not
    given); the puzzle's one answer is the published one."""
    from benchmarks.puzzlekit import nurikabe as reader

    cells = reader.cells(JANKO_758)
    assert cells[3][10] == UNKNOWN and cells[0][5] == 1 and cells[0][0] is None
    p = Puzzle(tuple(map(tuple, cells)))
    out = solve_puzzle(nurikabe.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    rows = JANKO_758_SEA.split("|")
    assert out.answer == {
        (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"
    }
