"""Icebarn: the notebook's sample in the workbook, its path in the cells and borders, the .lp
file's names; verify, bad input, and pzprjs' own test puzzle imported from its URL. (The sample on
every back end, in both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import example, glyph_segments

from solver.cli import main
from solver.genres import icebarn
from solver.genres.icebarn import Puzzle
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

EX = example("icebarn")
LETTER = {"L": (0, -1), "R": (0, 1), "U": (-1, 0), "D": (1, 0)}


def text_puzzle(text: str) -> Puzzle:
    """The example's text board, read on its own terms: odd lines are cell rows (odd positions
    the cells, '*' ice; even positions the borders), even lines the borders below; L/R/U/D an
    arrow; the arrows on the frame are IN (pointing in) and OUT (pointing out)."""
    lines = text.split("\n")
    rows, cols = len(lines) // 2, len(lines[0]) // 2
    ice = [[lines[2 * r + 1][2 * c + 1] == "*" for c in range(cols)] for r in range(rows)]
    arrows, doors = set(), {}
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch not in LETTER:
                continue
            dr, dc = LETTER[ch]
            # the cells on either side of the border at (y, x), in the arrow's direction
            if y % 2 == 1:
                a, b = (y // 2, (x - 1) // 2), (y // 2, (x + 1) // 2)
            else:
                a, b = ((y - 1) // 2, x // 2), ((y + 1) // 2, x // 2)
            if (dr, dc) in ((0, -1), (-1, 0)):
                a, b = b, a
            inside = [0 <= r < rows and 0 <= c < cols for r, c in (a, b)]
            if all(inside):
                arrows.add((a, b))
            else:
                doors["in" if inside[1] else "out"] = (a, b)
    return Puzzle(tuple(map(tuple, ice)), frozenset(arrows), doors["in"], doors["out"])


PUZZLE = text_puzzle(EX["puzzle_text"])
ANSWER = frozenset(glyph_segments(EX["solution_text"]))


# --- the sample ------------------------------------------------------------------------------


def test_example_text_reads_as_expected():
    assert PUZZLE.ice() == {(0, 2), (0, 3), (2, 0), (2, 2), (4, 1), (4, 2)}
    assert PUZZLE.arrows == {((0, 4), (0, 3)), ((2, 2), (1, 2)), ((4, 0), (4, 1))}
    assert PUZZLE.entrance == ((0, -1), (0, 0)) and PUZZLE.exit == ((4, 4), (4, 5))


def test_workbook_holds_the_example(sample):
    _, grid, p = read_puzzle(OpenpyxlBook(sample("icebarn")), "icebarn")
    assert p == PUZZLE
    assert (grid.rows, grid.cols) == (11, 11)
    assert grid[1, 0] == "IN" and grid[9, 10] == "OUT" and grid[1, 5] == "氷"
    assert grid[1, 8] == "←" and grid[4, 5] == "↑" and grid[9, 2] == "→"


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("icebarn"))
    res = solve_sheet(book, "icebarn", Settings())
    assert res.status == "solved", res.error
    ws = book.sheet("icebarn")
    # cell (0,0) turns from IN down; the path runs along the top row through two ice cells
    assert ws.get(2, 2) == "┐" and ws.get(2, 1) == "IN" and ws.get(3, 2) == "│"
    assert ws.get(2, 4) == "┌" and ws.get(2, 5) == "─" and ws.get(2, 6) == "氷"
    # the crossing on the ice at (2,2) (sheet F6): lines on all four sides
    assert [ws.get(6, 5), ws.get(6, 7), ws.get(5, 6), ws.get(7, 6)] == ["─", "─", "↑", "│"]
    assert res.answer["cells"][5][5] == "氷" and res.answer["cells"][7][3] == ""  # unused


def test_the_notebooks_rule_gives_the_same_unique_answer():
    out = solve_puzzle(icebarn.GENRE, replace(PUZZLE, all_ice=True), Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == ANSWER


@pytest.mark.parametrize("form", ["complete", "lazy"])
@pytest.mark.parametrize("all_ice", [False, True])
def test_the_search_alone_finds_the_same_answer(form, all_ice):
    """Without the frontier count (as for a grid that outgrows it) the model's own search, in
    either form, finds the answer and proves it unique; with the count, the model starts with
    every edge fixed."""
    puzzle = replace(PUZZLE, all_ice=all_ice)
    deduced = icebarn.GENRE.build(puzzle, lazy=False, deduce=True)["x"].values()
    assert [v for v in deduced if getattr(v, "upBound", 1) == 0]  # the count decided the edges
    pure = icebarn.GENRE.build(puzzle, lazy=False)["x"].values()
    assert not [v for v in pure if getattr(v, "upBound", 1) == 0]
    settings = Settings("highs", connectivity=form, deduce=False)
    out = solve_puzzle(icebarn.GENRE, puzzle, settings)
    assert out.status == "solved" and out.unique is True and out.answer == ANSWER


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "icebarn.lp"
    make_lp(OpenpyxlBook(sample("icebarn")), "icebarn", lp)
    text = lp.read_text()
    assert "hr(1,1)" in text and "vu(2,3)" in text and "turn(3,3)" in text and "Flow(" in text


# --- verify ----------------------------------------------------------------------------------


def test_verify_accepts_the_known_answer():
    assert icebarn.verify(PUZZLE, ANSWER) == []


def test_verify_rejects_a_cut_path():
    cut = ANSWER - {((2, 3), (2, 4))}
    assert icebarn.verify(PUZZLE, cut)


def test_verify_rejects_a_second_loop():
    # 2 x 3: the path runs along the top row; a loop sits apart in rows 1-2
    p = Puzzle(((False,) * 3,) * 3, frozenset(), ((0, -1), (0, 0)), ((0, 2), (0, 3)))
    path = {((0, -1), (0, 0)), ((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))}
    assert icebarn.verify(p, frozenset(path)) == []
    loop = {((1, 0), (1, 1)), ((2, 0), (2, 1)), ((1, 0), (2, 0)), ((1, 1), (2, 1))}
    assert "some lines are not on the one path from IN to OUT" in icebarn.verify(
        p, frozenset(path | loop)
    )
    # ice that the path never reaches
    far = replace(p, cells=_with_ice(p, (2, 2), True))
    assert any("misses the ice at F6" in s for s in icebarn.verify(far, frozenset(path)))


def test_verify_checks_every_rule_of_the_clues():
    # an arrow turned round
    flipped = replace(PUZZLE, arrows=(PUZZLE.arrows - {((0, 4), (0, 3))}) | {((0, 3), (0, 4))})
    assert any("against its direction" in s for s in icebarn.verify(flipped, ANSWER))
    # an arrow on a border the path never crosses
    missed = replace(PUZZLE, arrows=PUZZLE.arrows | {((3, 1), (3, 0))})
    assert any("misses the arrow" in s for s in icebarn.verify(missed, ANSWER))
    # the crossing at (2,2) without its ice
    dry = replace(PUZZLE, cells=_with_ice(PUZZLE, (2, 2), False))
    assert any("crosses itself off the ice" in s for s in icebarn.verify(dry, ANSWER))
    # ice where the path turns (IN's cell)
    slippery = replace(PUZZLE, cells=_with_ice(PUZZLE, (0, 0), True))
    assert any("turns or ends on the ice" in s for s in icebarn.verify(slippery, ANSWER))
    # ice on the one unused cell (3,1) joins the group of (4,1), which the path passes: fine
    # under the published rule, not under the notebook's (every ice cell)
    grouped = replace(PUZZLE, cells=_with_ice(PUZZLE, (3, 1), True))
    assert icebarn.verify(grouped, ANSWER) == []
    strict = icebarn.verify(replace(grouped, all_ice=True), ANSWER)
    assert strict == ["the path misses the ice at D8"]  # the sheet cell of (3, 1)


def test_verify_rejects_leaving_the_grid_elsewhere():
    moved = replace(PUZZLE, exit=((4, 4), (5, 4)))  # OUT below instead of right of (4,4)
    assert any("leaves the grid" in s for s in icebarn.verify(moved, ANSWER))


def _with_ice(p: Puzzle, cell: tuple[int, int], ice: bool) -> tuple[tuple[bool, ...], ...]:
    return tuple(
        tuple(ice if (r, c) == cell else v for c, v in enumerate(row))
        for r, row in enumerate(p.cells)
    )


# --- bad input -------------------------------------------------------------------------------


def sheet(*rows: str) -> Grid:
    """A sheet from rows of space-separated tokens, '.' for an empty cell."""
    return Grid("icebarn", [[None if t == "." else t for t in row.split()] for row in rows])


GOOD = (". . . . .", "IN . → . OUT", ". . . . .")


def test_a_small_sheet_parses():
    p = icebarn.parse(sheet(*GOOD))
    assert p.arrows == {((0, 0), (0, 1))}
    assert p.entrance == ((0, -1), (0, 0)) and p.exit == ((0, 1), (0, 2))


@pytest.mark.parametrize(
    "rows, cell, message",
    [
        ((". . . . .", "IN . ↑ . OUT", ". . . . ."), "C2", "holds an arrow → or ←"),
        ((". . . . .", "IN x → . OUT", ". . . . ."), "B2", "holds ice 氷"),
        ((". . . . .", "IN . → . IN", ". . . . ."), "E2", "a second IN"),
        ((". . . . .", "IN . → . ↑", ". . . . ."), "E2", "the frame holds IN or OUT"),
        (("+ . . . .", "IN . → . OUT", ". . . . ."), "A1", "corner"),
    ],
)
def test_bad_cells_are_named(rows, cell, message):
    with pytest.raises(InputError, match=message) as err:
        icebarn.parse(sheet(*rows))
    assert f"sheet 'icebarn' cell {cell}" in str(err.value)


def test_bad_grids_are_refused():
    with pytest.raises(InputError, match="no OUT on the frame"):
        icebarn.parse(sheet(". . . . .", "IN . → . .", ". . . . ."))
    with pytest.raises(InputError, match="2R\\+1 rows and 2C\\+1 columns") as err:
        icebarn.parse(sheet(". . . .", "IN . → .", ". . . ."))
    assert "sheet 'icebarn'" in str(err.value)


def test_the_docstring_example():
    rows = [". . . . . . .", "IN . . 氷 . . .", ". . . . . . .", "OUT . . . ← . .", ". . . . . . ."]
    grid = sheet(*rows)
    p = icebarn.parse(grid)
    out = solve_puzzle(icebarn.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    shown = [list(row) for row in grid.cells]
    for w in icebarn.render(p, out.answer):
        assert shown[w.row][w.col] is None  # answers go into empty cells only
        shown[w.row][w.col] = w.value
    assert [" ".join(v or "." for v in row) for row in shown] == [
        ". . . . . . .",
        "IN ─ ─ 氷 ─ ┐ .",
        ". . . . . │ .",
        "OUT ─ ─ ─ ← ┘ .",
        ". . . . . . .",
    ]


def test_arrows_on_the_frame_are_in_and_out():
    p = icebarn.parse(sheet(". ↑ .", "→ . .", ". . ."))
    assert p.entrance == ((0, -1), (0, 0)) and p.exit == ((0, 0), (-1, 0))


# --- puzz.link -------------------------------------------------------------------------------

# pzprjs' test/script/icebarn.js: its URL and the answer of its last (correct) board
URL = "https://puzz.link/p?icebarn/8/8/73btfk05ovbjghzpwz9bwm/3/11"
PZPR_ICE = ["..***...", "**.*.***", "**.*.***", "**.*....", ".....*.*", "**...***", "**.*.***"]
PZPR_ICE.append("..***...")
PZPR_ANSWER = "\n".join(
    [
        "┌──┼──┐.",
        "│..│..│.",
        "│.┌┼┐.│.",
        "│.││└┐└┐",
        "└┐│└─┼┐│",
        ".││┌┐│││",
        ".│└┼┘│││",
        ".└─┼─┘└┘",
    ]
)


def test_from_url_reads_pzprjs_test_puzzle():
    p = icebarn.from_url(parse_url(URL))
    assert p.cells == tuple(tuple(ch == "*" for ch in row) for row in PZPR_ICE)
    assert p.arrows == {
        ((2, 4), (2, 3)),  # ←: first run, border 17
        ((3, 6), (2, 6)),  # ↑: first run, border 78
        ((7, 7), (6, 7)),  # ↑: first run, border 111, the last inner one
        ((6, 2), (6, 3)),  # →: second run, border 44
        ((0, 0), (1, 0)),  # ↓: second run, border 56, the first between rows
        ((4, 1), (5, 1)),  # ↓: second run, border 89
    }
    assert p.entrance == ((-1, 3), (0, 3)) and p.exit == ((7, 3), (8, 3))
    out = solve_puzzle(icebarn.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True
    # the answer leaves the frame at IN (top of column 4) and OUT (bottom of column 4)
    assert out.answer == glyph_segments(PZPR_ANSWER) | {((-1, 3), (0, 3)), ((7, 3), (8, 3))}
    # the notebook's stricter rule (every ice cell) has no answer here
    strict = solve_puzzle(icebarn.GENRE, replace(p, all_ice=True), Settings("highs"))
    assert strict.status == "infeasible"
    assert icebarn.from_url(parse_url(URL.replace("icebarn", "icebarn_edit"))) == p


def test_url_round_trip_through_the_sheet():
    p = icebarn.from_url(parse_url(URL))
    cells = icebarn.to_cells(p)
    assert icebarn.parse(Grid("icebarn", cells)) == p
    assert cells[0][7] == "IN" and cells[16][7] == "OUT" and cells[5][8] == "←"


def test_import_and_solve(tmp_path, capsys):
    out = tmp_path / "ib.xlsx"
    assert main(["import", URL, "-o", str(out), "--solve"]) == 0
    assert "solved; unique" in capsys.readouterr().out
    ws = OpenpyxlBook(out).wb["icebarn"]
    assert ws["H1"].value == "IN" and ws["H17"].value == "OUT" and ws["R18"].value == "E"
    assert ws["B2"].value == "┌" and ws["C2"].value == "─"


# --- check my answer ------------------------------------------------------------------------


def test_check_reads_a_hand_typed_answer_and_names_a_broken_rule(sample):
    """The solver's path typed into a fresh copy as a person would (`-` and `|` for straight
    pieces and crossed borders, box glyphs for the corners), then one border line too many."""
    from solver import check

    path = sample("icebarn")
    writes = solve_sheet(OpenpyxlBook(path), "icebarn", Settings()).writes  # not saved
    book = OpenpyxlBook(path)
    ws = book.wb["icebarn"]
    for w in writes:
        ws.cell(w.row + 1, w.col + 1).value = {"─": "-", "│": "|"}.get(w.value, w.value)
    assert ws["B2"].value == "┐" and ws["B3"].value == "|" and ws["C2"].value is None
    res = check.check_sheet(book, "icebarn", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws["C2"] = "-"  # the border between B2 and D2 crossed as well: both now branch
    res = check.check_sheet(book, "icebarn", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("C2's line goes left into B2, which has no line back", ["B2", "C2"]),
        ("C2's line goes right into D2, which has no line back", ["C2", "D2"]),
        ("the path branches at B2", ["B2"]),
        ("the path branches at D2", ["D2"]),
    ]
