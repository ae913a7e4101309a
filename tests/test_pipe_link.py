"""Pipe Link: the sample in the workbook with its fixed pieces, its loop in the cells, the .lp
file's names; verify, bad input, and the puzz.link codec on the URL of pzprjs' own test script.
(The sample on every back end, in both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import re

import pytest
from conftest import example

from solver.blocks.lines import arms
from solver.cli import main
from solver.genres import pipe_link
from solver.genres.pipe_link import Puzzle
from solver.io.drawn_lines import glyph
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import DECIDED, make_lp, read_puzzle, solve_puzzle, solve_sheet

Cell = tuple[int, int]
Segment = tuple[Cell, Cell]

# pzprjs test/script/pipelink.js: the URL, and the board its checker accepts (the failcheck
# entry whose code is null: cells, then lines between horizontal neighbours, then vertical)
PZPR_URL = "https://puzz.link/p?pipelink/5/5/mamejan"
PZPR_ANSWER = (
    "pzprv3/pipelink/5/5/circle/. . . . . /. a . . . /. . . e . /. . a . . /. . . . . /"
    "1 -1 1 1 /1 1 1 -1 /1 1 1 -1 /-1 1 1 0 /1 1 0 1 /"
    "1 1 1 -1 1 /-1 1 1 1 1 /1 1 1 -1 1 /1 -1 1 1 1 /"
)


def seg(a: Cell, b: Cell) -> Segment:
    return (min(a, b), max(a, b))


def text_segments(text: str) -> set[Segment]:
    """The example's puzzle_text: cell rows with '-' between cells, '|' rows between them."""
    lines = text.split("\n")
    found = set()
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if i % 2 == 0 and j % 2 == 1 and ch == "-":
                found.add(seg((i // 2, j // 2), (i // 2, j // 2 + 1)))
            if i % 2 == 1 and j % 2 == 0 and ch == "|":
                found.add(seg((i // 2, j // 2), (i // 2 + 1, j // 2)))
    return found


REACH = {"─": "LR", "│": "UD", "┌": "RD", "┐": "LD", "└": "UR", "┘": "UL", "┼": "UDLR"}
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def piece_segments(cell: Cell, piece: str) -> set[Segment]:
    """The segments from a cell's centre that its glyph draws (read here, not through lines)."""
    r, c = cell
    return {seg((r, c), (r + STEP[s][0], c + STEP[s][1])) for s in REACH[piece]}


def glyph_segments(rows: list[str]) -> frozenset[Segment]:
    """Segments drawn by rows of box-drawing glyphs."""
    found: set[Segment] = set()
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            found |= piece_segments((r, c), ch)
    return frozenset(found)


def given_pieces() -> dict[Cell, str]:
    """The fixed pieces that the example's solution_source lists as '(r,c) glyph'."""
    source = example("pipe-link")["solution_source"]
    found = re.findall(r"\((\d),(\d)\) ([─│┌┐└┘┼])", source)
    return {(int(r), int(c)): g for r, c, g in found}


def puzzle() -> Puzzle:
    pieces = given_pieces()
    return Puzzle(tuple(tuple(pieces.get((r, c)) for c in range(5)) for r in range(5)))


def empty(rows: int, cols: int) -> Puzzle:
    return Puzzle(tuple(tuple(None for _ in range(cols)) for _ in range(rows)))


def known_rows() -> list[str]:
    return example("pipe-link")["solution_text"].split("\n")


def known_answer() -> frozenset[Segment]:
    return glyph_segments(known_rows())


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_sample_with_its_fixed_pieces(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("pipe-link")), "pipe-link")
    pieces = given_pieces()
    assert len(pieces) == 5 and p.pieces() == pieces
    # the example's text keeps only the pieces' segments: exactly the given pieces' arms
    drawn = {s for cell, g in pieces.items() for s in piece_segments(cell, g)}
    assert drawn == text_segments(example("pipe-link")["puzzle_text"])


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("pipe-link"))
    assert solve_sheet(book, "pipe-link", Settings()).status == "solved"
    ws = book.sheet("pipe-link")
    assert ws.get(2, 3) == "┼" and ws.get(1, 1) == "┌" and ws.get(5, 5) == "┘"
    assert ws.get(1, 3) == "┐"  # a given, as typed


def test_the_encoded_segments_alone_allow_a_second_answer_with_crossings():
    # the example's all_solutions: the second one turns the given └ and ─ into crossings
    second = glyph_segments(example("pipe-link")["all_solutions"][1].split("\n"))
    problems = pipe_link.verify(puzzle(), second)
    assert problems and all("became ┼" in p for p in problems)
    loose = empty(5, 5)
    assert pipe_link.verify(loose, second) == [] and pipe_link.verify(loose, known_answer()) == []


def test_record_lists_four_segments_at_the_crossing():
    lines = pipe_link.GENRE.record(puzzle(), known_answer())["lines"]
    assert len(lines) == 26  # 25 cells with two ends each, and two more at the one crossing
    at = [s for s in lines if (s[0], s[1]) == (1, 2) or (s[2], s[3]) == (1, 2)]
    assert len(at) == 4


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "pipe-link.lp"
    make_lp(OpenpyxlBook(sample("pipe-link")), "pipe-link", lp)
    text = lp.read_text()
    assert "h(1,1)" in text and "turn(3,3)" in text and "hs(2,3)" in text


def test_complete_form_holds_the_connectivity_that_the_lazy_form_leaves_to_cuts():
    complete = pipe_link.model(puzzle())
    lazy = pipe_link.model(puzzle(), lazy=True)
    assert not complete.separators and len(lazy.separators) == 2
    assert len(complete.prob.constraints()) > len(lazy.prob.constraints())
    assert len(complete.prob.variables()) > len(lazy.prob.variables())


def test_answer_vars_are_the_segments():
    m = pipe_link.model(puzzle())
    assert {v.name[0] for v in m.answer_vars} == {"h", "v"}
    assert len(m.answer_vars) == 2 * 5 * 4


# --- verify ----------------------------------------------------------------------------------


def test_verify_accepts_the_known_answer():
    assert pipe_link.verify(puzzle(), known_answer()) == []


def test_verify_rejects_a_cut_loop():
    cut = known_answer() - {seg((4, 1), (4, 2))}
    problems = pipe_link.verify(puzzle(), cut)
    assert "the loop ends in cell B5" in problems and "the loop ends in cell C5" in problems


def test_verify_rejects_separate_loops():
    four_squares = glyph_segments(["┌┐┌┐", "└┘└┘", "┌┐┌┐", "└┘└┘"])
    assert pipe_link.verify(empty(4, 4), four_squares) == ["the line is 4 separate loops, not one"]
    ring_and_square = glyph_segments(["┌──┐", "│┌┐│", "│└┘│", "└──┘"])
    assert pipe_link.verify(empty(4, 4), ring_and_square) == [
        "the line is 2 separate loops, not one"
    ]
    # two curves that cross each other at (1,3) and (2,3): every cell joined, still two loops
    crossing = glyph_segments(["┌─┐┌┐", "│┌┼┼┘", "││└┼┐", "│└─┘│", "└───┘"])
    assert pipe_link.verify(empty(5, 5), crossing) == ["the line is 2 separate loops, not one"]


def test_verify_rejects_a_branch_a_changed_given_and_a_missed_cell():
    branch = known_answer() | {seg((3, 2), (4, 2))}
    assert "the loop branches in cell C4" in pipe_link.verify(puzzle(), branch)
    # cell (2,4) is a given │: bending there breaks the given even if the loop stayed whole
    p = Puzzle(tuple(tuple("┐" if (r, c) == (2, 4) else None for c in range(5)) for r in range(5)))
    assert pipe_link.verify(p, known_answer()) == ["the given piece ┐ at E3 became │"]
    assert "the loop misses cell A1" in pipe_link.verify(
        puzzle(), known_answer() - {seg((0, 0), (0, 1)), seg((0, 0), (1, 0))}
    )


def test_verify_rejects_a_segment_off_the_grid():
    assert pipe_link.verify(puzzle(), known_answer() | {((0, 4), (0, 5))})


def test_solver_never_returns_two_curves():
    # a 3x5 grid without givens: its answers are loops with crossings or without; each is one
    p = empty(3, 5)
    for form in ("complete", "lazy"):
        out = solve_puzzle(pipe_link.GENRE, p, Settings(connectivity=form))
        assert out.status == "solved" and out.violations == []


# --- input -----------------------------------------------------------------------------------


def test_spellings_of_pieces():
    grid = Grid("pipe-link", [["RD", "-", "┓"], ["|", None, "｜"], ["└", "ー", "ul"]])
    assert pipe_link.parse(grid).cells == (("┌", "─", "┐"), ("│", None, "│"), ("└", "─", "┘"))
    for plus in ("+", "＋", "╋", "LDUR"):
        grid = Grid("pipe-link", [[None] * 3, [None, plus, None], [None] * 3])
        assert pipe_link.parse(grid).cells[1][1] == "┼"


@pytest.mark.parametrize("bad", ["x", 3, "LL", "ULD", "o"])
def test_bad_value_names_the_cell(bad):
    with pytest.raises(InputError, match="pipe piece") as err:
        pipe_link.parse(Grid("pipe-link", [[None, None, None], [None, None, bad]]))
    assert "sheet 'pipe-link' cell C2" in str(err.value)


def test_a_piece_leading_out_of_the_grid_is_refused():
    with pytest.raises(InputError, match="leads out of the grid") as err:
        pipe_link.parse(Grid("pipe-link", [[None, None], ["─", None]]))
    assert "sheet 'pipe-link' cell A2" in str(err.value)


def test_pieces_that_do_not_fit_together_are_refused():
    with pytest.raises(InputError, match="no arm back") as err:
        pipe_link.parse(Grid("pipe-link", [[None, None, None], [None, "─", "│"], [None] * 3]))
    assert "sheet 'pipe-link' cell B2" in str(err.value)


def test_a_grid_with_no_loop_is_infeasible():
    p = empty(3, 3)  # the corners take every neighbour of the edge cells; the centre is left
    assert solve_puzzle(pipe_link.GENRE, p, Settings()).status == "infeasible"


# --- puzz.link -------------------------------------------------------------------------------


def pzpr_board(text: str) -> tuple[dict[Cell, str], frozenset[Segment]]:
    """Read a pzprv3 pipelink file on its own: pieces a-g, then line borders (1 = line)."""
    parts = text.split("/")
    rows, cols = int(parts[2]), int(parts[3])
    body = parts[5:]
    pieces = {}
    kinds = dict(zip("abcdefg", "┼│─└┘┐┌", strict=True))
    for r in range(rows):
        for c, tok in enumerate(body[r].split()):
            if tok in kinds:
                pieces[r, c] = kinds[tok]
    found = set()
    for r in range(rows):
        for c, tok in enumerate(body[rows + r].split()):
            if tok == "1":
                found.add(seg((r, c), (r, c + 1)))
    for r in range(rows - 1):
        for c, tok in enumerate(body[2 * rows + r].split()):
            if tok == "1":
                found.add(seg((r, c), (r + 1, c)))
    assert len(body[0].split()) == cols
    return pieces, frozenset(found)


def test_from_url_reads_pzprjs_test_puzzle_and_solves_to_its_answer():
    p = pipe_link.GENRE.from_url(parse_url(PZPR_URL))
    pieces, answer = pzpr_board(PZPR_ANSWER)
    assert p.pieces() == pieces == {(1, 1): "┼", (2, 3): "┘", (3, 2): "┼"}
    assert (p.rows, p.cols) == (5, 5)
    assert pipe_link.verify(p, answer) == []
    out = solve_puzzle(pipe_link.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True and out.answer == answer
    assert [glyph(arms(answer)[1, c]) for c in range(5)] == list("└┼┼┐│")


def test_the_deductions_deciding_every_link_give_the_answer_and_no_model_is_built():
    """Where the loop's rules decide every link, the deductions hold the answer (its
    segments), and the pipeline builds no model."""
    p = pipe_link.GENRE.from_url(parse_url(PZPR_URL))
    _, answer = pzpr_board(PZPR_ANSWER)
    deduced = pipe_link.deduce(p, pipe_link.GENRE.tuning)
    assert deduced.answer == answer and deduced.answer_vars == 2 * 5 * 4
    out = solve_puzzle(pipe_link.GENRE, p, Settings())
    assert out.unique is True and out.answer == answer and out.note == DECIDED


def test_from_url_dots_are_empty_and_skips_count():
    p = pipe_link.GENRE.from_url(parse_url("https://puzz.link/p?pipelink/4/2/g.jcce"))
    assert p.cells == (("┌", None, None, None), (None, "─", "─", "┘"))


@pytest.mark.parametrize(
    "url, message",
    [
        ("https://puzz.link/p?pipelink/5/5/mamej", "ends after 17 of 25 cells"),
        ("https://puzz.link/p?pipelink/3/3/0q", "'pipelinkr'"),
        ("https://puzz.link/p?pipelink/3/3/co", "leads out of the grid"),
        ("https://puzz.link/p?pipelink/3/3/cp", "leads out of the grid"),
        ("https://puzz.link/p?pipelink/3/3/A", "unexpected character"),
    ],
)
def test_from_url_errors(url, message):
    with pytest.raises(UrlError, match=message):
        pipe_link.GENRE.from_url(parse_url(url))


def test_import_and_solve(tmp_path):
    out = tmp_path / "imported.xlsx"
    assert main(["import", PZPR_URL, "-o", str(out), "--solve"]) == 0
    ws = OpenpyxlBook(out).wb["pipe-link"]
    assert ws["B2"].value == "┼" and ws["D3"].value == "┘" and ws["A1"].value == "┌"
    assert ws["C2"].value == "┼" and ws["F6"].value == "E"


# --- check my answer ------------------------------------------------------------------------


def test_check_reads_a_hand_typed_answer_and_names_a_broken_rule(sample):
    """The answer typed by hand in blue (the colour that tells the answer from the given
    pieces): `-` `|` `+` and corners; then one straight piece turned the wrong way."""
    from openpyxl.styles import Font

    from solver import check
    from solver.io.sheet.answer import ANSWER_FONT

    path = sample("pipe-link")
    writes = solve_sheet(OpenpyxlBook(path), "pipe-link", Settings()).writes  # not saved
    book = OpenpyxlBook(path)
    ws = book.wb["pipe-link"]
    for w in writes:
        if w.value is None:  # a line drawn through a given by its number format: not typed
            continue
        cell = ws.cell(w.row + 1, w.col + 1)
        cell.value = {"─": "-", "│": "|", "┼": "+"}.get(w.value, w.value)
        cell.font = Font(color=ANSWER_FONT)
    res = check.check_sheet(book, "pipe-link", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    assert ws["B1"].value == "-"
    ws["B1"] = "|"  # the top row cannot hold a vertical piece
    res = check.check_sheet(book, "pipe-link", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [  # its neighbours still lead into it
        ("A1's line goes right into B1, which has no line back", ["A1", "B1"]),
        ("B1's line goes up off the grid", ["B1"]),
        ("B1's line goes down into B2, which has no line back", ["B1", "B2"]),
        ("C1's line goes left into B1, which has no line back", ["B1", "C1"]),
        ("the loop branches in cell B1", ["B1"]),
        ("the loop branches in cell B2", ["B2"]),
        ("the given piece ┌ at B2 became DRU", ["B2"]),
    ]
