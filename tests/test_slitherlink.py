"""Slitherlink: the example in the workbook, its loop drawn as cell borders, the .lp file's
names; verify, bad input, puzz.link and the every-dot variant. (The sample on every back end, in
both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import re

import pytest
from conftest import example

from solver import cli
from solver.genres import genre_for_sheet, slitherlink
from solver.genres.slitherlink import Puzzle
from solver.io import puzzlink
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import ANSWER_FONT, MARK_FILL
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import add_puzzle_sheet
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

EX = example("slitherlink")


def known_puzzle() -> Puzzle:
    lines = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in ln) for ln in lines))


def known_edges() -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The solution text: '+' at every dot; '-' between two dots of an even line, '|' at a dot's
    column on an odd line."""
    lines = EX["solution_text"].split("\n")
    edges = set()
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if i % 2 == 0 and j % 2 == 1 and ch == "-":
                r, c = i // 2, j // 2
                edges.add(((r, c), (r, c + 1)))
            elif i % 2 == 1 and j % 2 == 0 and ch == "|":
                r, c = i // 2, j // 2
                edges.add(((r, c), (r + 1, c)))
            elif i % 2 == 1 and j % 2 == 1:  # the clue, as in the puzzle
                clue = known_puzzle().cells[i // 2][j // 2]
                assert ch == (" " if clue is None else str(clue))
    return edges


def side(ws, address: str, name: str):
    s = getattr(ws[address].border, name)
    return (s.style, s.color.rgb[-6:] if s.color is not None else None)


ANSWER = ("medium", ANSWER_FONT)

# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("slitherlink")), "slitherlink")
    assert p == known_puzzle()
    assert genre_for_sheet("スリザーリンク (2)") is slitherlink.GENRE


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("slitherlink"))
    assert solve_sheet(book, "slitherlink", Settings()).status == "solved"
    ws = book.wb["slitherlink"]
    # A1 (a 3): the loop runs on its top, left and right, not its bottom; it keeps its 3
    assert ws["A1"].value == 3
    assert [side(ws, "A1", n) for n in ("top", "left", "right")] == [ANSWER] * 3
    assert side(ws, "A1", "bottom") == (None, None)
    # the edge between A1 and B1 is drawn on both cells; D1's top is the grid's frame
    assert side(ws, "B1", "left") == ANSWER and side(ws, "D1", "top") == ANSWER
    assert side(ws, "C2", "bottom") == ANSWER and side(ws, "C3", "top") == ANSWER


def test_render_draws_every_edge_on_both_of_its_cells():
    p, a = known_puzzle(), frozenset(known_edges())
    drawn = {(w.row, w.col): w.borders for w in slitherlink.render(p, a)}
    assert all(w.value is None for w in slitherlink.render(p, a))  # the clues stay as they are
    on_frame = sum(1 for (r, c), (rr, cc) in a if (r == rr and r in (0, 7)) or c == cc in (0, 7))
    assert sum(len(s) for s in drawn.values()) == 2 * len(a) - on_frame
    assert drawn[0, 0] == "TLR" and drawn[6, 6] == "BLR"  # the 3s in two corners


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "slitherlink.lp"
    make_lp(OpenpyxlBook(sample("slitherlink")), "slitherlink", lp)
    text = lp.read_text()
    for name in ("h(1,1)", "h(8,7)", "v(7,8)", "u(4,4)", "Clue(1,1)", "Deg(8,8)", "Loop"):
        assert name in text
    # and the connectivity: variables other than the loop's own
    assert set(re.findall(r"\b([A-Za-z]+)\(", text)) - {"h", "v", "u", "Clue", "Deg"}


def test_model_fixes_the_corners_of_threes_and_names_like_the_seed():
    m = slitherlink.model(known_puzzle())
    assert (0, 0) not in m["u"] and (1, 1) not in m["u"]  # corners of the 3 at A1
    threes = [cell for cell, n in known_puzzle().clues().items() if n == 3]
    corners = {(r + i, c + j) for r, c in threes for i in (0, 1) for j in (0, 1)}
    assert set(m["u"]) == {(r, c) for r in range(8) for c in range(8)} - corners
    assert {v.name[0] for v in m.answer_vars} == {"h", "v"} and len(m.answer_vars) == 2 * 7 * 8


def test_a_puzzle_without_threes_and_a_non_unique_one():
    # no 3: the root is left to the solver; the 2 x 2 block of 2s is one square around them
    p = Puzzle(((2, 2), (2, 2)))
    for form in ("complete", "lazy"):
        out = solve_puzzle(slitherlink.GENRE, p, Settings(connectivity=form))
        assert out.status == "solved" and out.unique is True
        assert slitherlink.record(p, out.answer)["edges"] == [
            [0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 2], [0, 2, 1, 2],
            [1, 0, 2, 0], [1, 2, 2, 2], [2, 0, 2, 1], [2, 1, 2, 2],
        ]  # fmt: skip
    out = solve_puzzle(slitherlink.GENRE, Puzzle(((1, None), (None, None))), Settings())
    assert out.status == "solved" and out.unique is False
    assert solve_puzzle(slitherlink.GENRE, Puzzle(((0,),)), Settings()).status == "infeasible"


# --- verify ----------------------------------------------------------------------------------


def square(r: int, c: int) -> set:
    return set(slitherlink.sides(r, c).values())


def test_verify_accepts_the_known_answer_and_rejects_broken_ones():
    p, a = known_puzzle(), known_edges()
    assert slitherlink.verify(p, frozenset(a)) == []
    cut = a - {((0, 0), (0, 1))}
    assert any(
        s == "the loop has a dead end at the dot at the top-left corner of A1"
        for s in slitherlink.verify(p, frozenset(cut))
    )
    nothing = slitherlink.verify(p, frozenset())
    assert nothing[0] == "there is no loop" and nothing[0].cells == tuple(
        sorted(cell for cell, n in p.clues().items() if n)
    )
    assert "the number 3 at A1 has 0 loop sides" in nothing
    # a loop changed by one cell's square (a detour or a shortcut) that is still one loop: only
    # the numbers can tell
    empty = Puzzle(((None,) * 7,) * 7)
    changed = [
        a ^ square(r, c)
        for r in range(7)
        for c in range(7)
        if not slitherlink.verify(empty, frozenset(a ^ square(r, c)))
    ]
    assert len(changed) > 3
    for other in changed:
        problems = slitherlink.verify(p, frozenset(other))
        assert problems and all(s.startswith("the number") for s in problems)
    off = a | {((7, 7), (7, 8))}
    assert any("not a grid line" in s for s in slitherlink.verify(p, frozenset(off)))


def test_verify_rejects_two_loops_a_branch_and_a_miscount():
    two = square(0, 0) | square(0, 2)
    assert slitherlink.verify(Puzzle(((None, None, None),)), frozenset(two)) == [
        "the loop is in 2 pieces, not one"
    ]
    assert slitherlink.verify(Puzzle(((None, None, None),)), frozenset(two))[0].cells == (
        (0, 1),
        (0, 2),
    )
    branch = square(0, 0) | square(0, 1)  # the middle line has dots of degree 3
    assert "3 lines meet at the dot at the top-left corner of B1, the loop branches" in (
        slitherlink.verify(Puzzle(((None, None),)), branch)
    )
    assert slitherlink.verify(Puzzle(((3, None),)), frozenset(square(0, 0))) == [
        "the number 3 at A1 has 4 loop sides"
    ]
    every = Puzzle(((3, None),), every_point=True)  # the marker's row comes first on the sheet
    assert "the number 3 at A2 has 4 loop sides" in slitherlink.verify(every, square(0, 0))
    every = Puzzle(((None, None),), every_point=True)
    assert "misses 2 dots" in slitherlink.verify(every, frozenset(square(0, 0)))[0]
    assert slitherlink.verify(every, frozenset(square(0, 0) ^ square(0, 1))) == []


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad, found", [(5, "found 5"), ("x", "found 'x'"), (-1, "found -1")])
def test_bad_number_names_the_cell(bad, found):
    with pytest.raises(InputError, match=found) as err:
        slitherlink.parse(Grid("slitherlink", [[1, None], [None, bad]]))
    assert "sheet 'slitherlink' cell B2" in str(err.value)
    assert "a number 0-3, '?' or nothing" in str(err.value)


def test_the_marker_belongs_on_a_row_of_its_own_in_a1():
    with pytest.raises(InputError, match="goes in A1") as err:
        slitherlink.parse(Grid("slitherlink", [[1, None], [None, "every point"]]))
    assert "sheet 'slitherlink' cell B2" in str(err.value)
    with pytest.raises(InputError, match="holds nothing else") as err:
        slitherlink.parse(Grid("slitherlink", [["全点通過", 2], [None, 1]]))
    assert "sheet 'slitherlink' cell B1" in str(err.value)


def test_spellings():
    p = slitherlink.parse(Grid("s", [["?", "."], [None, 3]]))
    assert p == Puzzle((("?", None), (None, 3)))
    assert p.clues() == {(1, 1): 3}
    for marker in ("every point", "Every-Point", "全点", "ALL POINTS"):
        assert slitherlink.parse(Grid("s", [[marker, None], [1, 2]])) == Puzzle(
            ((1, 2),), every_point=True
        )


# --- puzz.link and the every-dot variant -----------------------------------------------------

URL = "https://puzz.link/p?slither/5/5/cbcbcddad"  # pzprjs test/script/slither.js
URL_PUZZLE = ("2..1.", ".2..1", "..2..", "3..3.", ".0..3")  # that script's pzprv3 file


def test_from_url_reads_the_pzprjs_test_puzzle():
    p = slitherlink.from_url(puzzlink.parse_url(URL))
    assert p == Puzzle(
        tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in URL_PUZZLE)
    )
    assert puzzlink.decode_4cell("5.g", 4) == ([0, None, "?", None], "")
    with pytest.raises(puzzlink.UrlError, match="ends after"):
        slitherlink.from_url(puzzlink.parse_url("https://puzz.link/p?slither/5/5/cbc"))


def test_import_url_and_solve(tmp_path, capsys):
    out = tmp_path / "book.xlsx"
    assert cli.main(["import", URL, "-o", str(out), "--solve"]) == 0
    assert "solved; unique" in capsys.readouterr().out
    book = OpenpyxlBook(out)
    _, _, p = read_puzzle(book, "slitherlink")
    assert p == slitherlink.from_url(puzzlink.parse_url(URL))
    assert book.wb["slitherlink"]["A1"].value == 2


def test_every_point_flag_round_trips_through_a_sheet(tmp_path):
    # pzprjs' test file "pzprv3.1/slither/2/3/f/...": 2 rows, 3 columns, no numbers; its answer
    url = puzzlink.parse_url("https://puzz.link/p?slither/f/3/2/l")
    p = slitherlink.from_url(url)
    assert p == Puzzle(((None,) * 3,) * 2, every_point=True)
    pzprjs_answer = {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((1, 1), (1, 2))}
    pzprjs_answer |= {((2, 0), (2, 1)), ((2, 2), (2, 3)), ((0, 0), (1, 0)), ((0, 3), (1, 3))}
    pzprjs_answer |= {((1, c), (2, c)) for c in range(4)}
    assert slitherlink.verify(p, frozenset(pzprjs_answer)) == []
    assert slitherlink.verify(Puzzle(p.cells), frozenset(square(0, 0))) == []
    assert slitherlink.verify(p, frozenset(square(0, 0)))  # misses dots

    book, sheet = add_puzzle_sheet(tmp_path / "f.xlsx", slitherlink.GENRE, p)
    ws = book.wb[sheet]
    assert ws["A1"].value == "every point" and ws["A2"].value is None
    assert read_puzzle(book, sheet)[2] == p
    res = solve_sheet(book, sheet, Settings())
    assert res.status == "solved" and res.unique is False  # 2x3 has several such loops
    edges = res.answer["edges"]
    assert len(edges) == 12 and min(e[0] for e in edges) == 1  # below the marker row
    assert side(ws, "A2", "top") == ANSWER and side(ws, "A1", "bottom") == (None, None)
    assert slitherlink.verify(p, res.outcome.answer) == []
    with pytest.raises(puzzlink.UrlError, match="unknown flag"):
        slitherlink.from_url(puzzlink.parse_url("https://puzz.link/p?slither/x/3/2/l"))


# --- check my answer -----------------------------------------------------------------------


def draw_by_hand(ws, edges, style: str = "medium") -> None:
    """Draw the loop as a person does with Excel's border tool: each edge once, on one cell
    beside it (the upper or left one when inside the grid), black; over thin grid lines."""
    from openpyxl.styles import Border, Side

    for row in ws.iter_rows(min_row=1, max_row=7, max_col=7):
        for cell in row:
            thin = Side(style="thin")
            cell.border = Border(top=thin, bottom=thin, left=thin, right=thin)
    for (r, c), (rr, _) in sorted(edges):
        if rr == r:  # the top side of cell (r, c), or the bottom of the cell above
            cell, side = (ws.cell(r, c + 1), "bottom") if r > 0 else (ws.cell(1, c + 1), "top")
        else:  # the left side of cell (r, c), or the right of the cell on its left
            cell, side = (ws.cell(r + 1, c), "right") if c > 0 else (ws.cell(r + 1, 1), "left")
        sides = {n: getattr(cell.border, n) for n in ("top", "bottom", "left", "right")}
        sides[side] = Side(style=style, color="000000")
        cell.border = Border(**sides)


def test_check_reads_a_loop_drawn_by_hand_with_the_border_tool(sample):
    from solver.check import check_sheet

    book = OpenpyxlBook(sample("slitherlink"))
    ws = book.wb["slitherlink"]
    draw_by_hand(ws, known_edges(), style="thick")
    res = check_sheet(book, "slitherlink", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    # thin lines are the sheet's grid: a loop drawn thin is nothing drawn yet
    draw_by_hand(ws, known_edges(), style="thin")
    res = check_sheet(book, "slitherlink", Settings(), mark=False)
    cells = len(slitherlink.render(known_puzzle(), frozenset(known_edges())))
    assert (res.verdict, res.completable, res.empty) == ("incomplete", True, cells)


def test_check_names_a_wrong_loop_and_a_loop_not_finished(sample):
    from solver.check import check_sheet

    book = OpenpyxlBook(sample("slitherlink"))
    ws = book.wb["slitherlink"]
    # a detour around G1, next to the 3 at F1: one loop still, but the 3 counts 2 sides
    draw_by_hand(ws, known_edges() ^ square(0, 6))
    res = check_sheet(book, "slitherlink", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [("the number 3 at F1 has 2 loop sides", ["F1"])], res.record()
    assert ws["F1"].fill.fgColor.rgb.endswith(MARK_FILL)
    # a loop with a piece missing: dead ends, but it can still be finished
    draw_by_hand(ws, known_edges() - {((0, 0), (0, 1))})
    res = check_sheet(book, "slitherlink", Settings())
    assert (res.verdict, res.completable, res.empty) == ("incomplete", True, 0), res.record()


def test_the_inside_rows_keep_every_answer_and_join_a_long_search():
    """The reinforcement (`inside_rows`, the loop's inside): the known answer's edges fixed, the
    rows hold (an inside exists); and with `reinforce_after` 0 the search starts with them and
    finds the one answer of the sample as without them, and a second answer where there is
    one."""
    import dataclasses

    p = known_puzzle()
    m = slitherlink.model(p)
    (make,) = m.reinforcements
    found = make()
    edges = known_edges()
    for seg, x in m["x"].items():
        x.varValue = int(seg in edges)
    inside = {v.name: v for row, _ in found for v in row if v.name.startswith("i(")}
    assert len(inside) == p.rows * p.cols
    for v in inside.values():  # inside: the loop's left sides crossed on the way there
        r, c = (int(k) - 1 for k in v.name[2:-1].split(","))
        v.varValue = sum(((r, k), (r + 1, k)) in edges for k in range(c + 1)) % 2
    assert len(found) == 4 * len(m["x"]) and all(row.valid() for row, _ in found)

    genre = slitherlink.GENRE
    eager = dataclasses.replace(genre, tuning=dataclasses.replace(genre.tuning, reinforce_after=0))
    for g in (genre, eager):
        out = solve_puzzle(g, p, Settings(time_limit=60, deduce=False))
        assert (out.status, out.unique, out.violations) == ("solved", True, [])
        assert out.answer == frozenset(edges) and out.reinforced == (g is eager)
        several = solve_puzzle(g, Puzzle(((1, None), (None, None))), Settings(deduce=False))
        assert several.status == "solved" and several.unique is False
