"""Yajilin: the sample in the workbook, its loop and shading in the cells, the .lp file's names;
verify, bad input, the clue spellings, and puzz.link. (The sample on every back end, in both
forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example, glyph_segments, verdicts_own_and_plain

from solver import cli
from solver.genres import yajilin
from solver.genres.yajilin import Answer, Clue, Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

PZPRJS_URL = "https://puzz.link/p?yajilin/5/5/m32j10"  # pzprjs test/script/yajilin.js


def known_puzzle() -> Puzzle:
    """The example's 'row,col,n,dir' lines, read without the genre's parser."""
    ex = example("yajilin")
    rows, cols = ex["puzzle_extra"]["nh"], ex["puzzle_extra"]["nw"]
    cells: list[list[Clue | None]] = [[None] * cols for _ in range(rows)]
    for line in ex["puzzle_text"].split("\n"):
        r, c, n, d = line.split(",")
        cells[int(r)][int(c)] = Clue(int(n), d)
    return Puzzle(tuple(tuple(row) for row in cells))


def known_answer() -> Answer:
    """The example's solution text: '#' shaded, box glyphs the loop, digits the clues."""
    lines = example("yajilin")["solution_text"].split("\n")
    shaded = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "#"}
    return Answer(frozenset(shaded), glyph_segments(lines))


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_example(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("yajilin")), "yajilin")
    assert p == known_puzzle()
    assert yajilin.to_cells(p)[0][9] == "2↓" and yajilin.to_cells(p)[7][4] == "3→"


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("yajilin"))
    assert solve_sheet(book, "yajilin", Settings()).status == "solved"
    sheet = book.sheet("yajilin")
    assert [sheet.get(1, c) for c in range(1, 11)] == [*"┌──┐■┌──┐", "2↓"]
    assert sheet.get(10, 1) == "└" and sheet.get(8, 5) == "3→"


def test_verify_accepts_the_known_answer():
    assert yajilin.verify(known_puzzle(), known_answer()) == []


def test_forced_deductions_hold_in_the_known_answers():
    for p, a in ((known_puzzle(), known_answer()), (pzprjs_puzzle(), None)):
        a = a or solve_puzzle(yajilin.GENRE, p, Settings()).answer
        deduced = yajilin.deduce(p, yajilin.GENRE.tuning)
        cells, segments = deduced.fixed["b"], deduced.fixed["x"]
        assert cells and segments
        assert all(v == (cell in a.shaded) for cell, v in cells.items())
        assert all(v == (e in a.segments) for e, v in segments.items())


def changed(a: Answer, shade=(), unshade=(), cut=(), join=()) -> Answer:
    return Answer(
        frozenset((a.shaded | set(shade)) - set(unshade)),
        frozenset((a.segments | set(join)) - set(cut)),
    )


def test_verify_rejects_broken_answers():
    p, a = known_puzzle(), known_answer()
    # a cut loop: two cells left with one loop end each
    cut = yajilin.verify(p, changed(a, cut=[((0, 0), (0, 1))]))
    assert "the loop ends at A1 (a dead end)" in cut
    # a shaded cell left out: neither shaded nor on the loop
    assert yajilin.verify(p, changed(a, unshade=[(0, 4)])) == [
        "cell E1 is neither shaded nor on the loop"
    ]
    # shading a loop cell beside a shaded one
    both = yajilin.verify(p, changed(a, shade=[(0, 3)]))
    assert "shaded cells at D1 and E1 touch" in both
    assert "the loop runs through the shaded cell D1" in both
    # a shaded clue, and a loop through a clue
    assert "the clue cell J1 is shaded" in yajilin.verify(p, changed(a, shade=[(0, 9)]))
    through = changed(a, join=[((0, 8), (0, 9))])
    assert "the loop runs through the clue cell J1" in yajilin.verify(p, through)
    # a clue miscount: the same answer against a 1 where the sample has 2
    cells = [list(row) for row in p.cells]
    cells[0][9] = Clue(1, "D")
    wrong = Puzzle(tuple(tuple(row) for row in cells))
    assert yajilin.verify(wrong, a) == ["the clue 1↓ at J1 sees 2 shaded cells, not 1"]


def test_verify_rejects_two_loops_and_no_loop():
    p = Puzzle(((None,) * 4, (None,) * 4))
    ring = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((0, 3), (1, 3))]
    ring += [((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (1, 3)), ((0, 0), (1, 0))]
    assert yajilin.verify(p, Answer(frozenset(), frozenset(ring))) == []
    squares = [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    squares += [((0, 2), (0, 3)), ((1, 2), (1, 3)), ((0, 2), (1, 2)), ((0, 3), (1, 3))]
    (two,) = yajilin.verify(p, Answer(frozenset(), frozenset(squares)))
    assert two == "the loop is in 2 pieces (one runs through C1)"
    assert two.cells == ((0, 2), (0, 3), (1, 2), (1, 3))
    assert solve_puzzle(yajilin.GENRE, p, Settings()).answer.segments == frozenset(ring)
    lone = Puzzle(((None, Clue(None, None)),))
    assert "there is no loop" in yajilin.verify(lone, Answer(frozenset({(0, 0)}), frozenset()))


# --- the layout --------------------------------------------------------------------------------


SPELLINGS = {
    Clue(2, "D"): ["2↓", "↓2", "2D", "d2", "2v", "２↓", "⬇️2", "2 ↓"],
    Clue(1, "L"): ["1←", "<1", "L1", "1l", "⬅1"],
    Clue(0, "U"): ["0↑", "^0", "u0", "０Ｕ"],
    Clue(2, "R"): ["2→", "r2", ">2", "2R"],
    Clue(None, "L"): ["?←", "L?"],
    Clue(None, None): ["?", "？"],
}


@pytest.mark.parametrize("clue, text", [(k, t) for k, ts in SPELLINGS.items() for t in ts])
def test_clue_spellings(clue, text):
    grid = [[None] * 7 for _ in range(7)]
    grid[3][3] = text
    p = yajilin.parse(Grid("yajilin", grid))
    assert p.cells[3][3] == clue
    assert yajilin.parse(Grid("yajilin", yajilin.to_cells(p))) == p


@pytest.mark.parametrize(
    "bad, message",
    [
        (2, "found 2 \\(a number needs an arrow\\)"),
        ("x", "found 'x'"),
        ("2↓←", "found '2↓←'"),
        ("↓", "found '↓'"),
        ("2.5↓", "found '2.5↓'"),
        ("3↑", "asks for 3 shaded cells, but only 1 fit"),
    ],
)
def test_bad_clue_names_the_cell(bad, message):
    grid = Grid("yajilin", [[None, None, None], [None, bad, None], [None, None, None]])
    with pytest.raises(InputError, match=message) as err:
        yajilin.parse(grid)
    assert "sheet 'yajilin' cell B2" in str(err.value)


def test_a_grid_of_clues_only_is_refused():
    with pytest.raises(InputError, match="every cell is a clue") as err:
        yajilin.parse(Grid("yajilin", [["0↓"], ["?"]]))
    assert str(err.value).startswith("sheet 'yajilin'")


def test_non_unique_puzzle_names_the_differing_cells(tmp_path):
    from solver.io.workbook import add_puzzle_sheet

    # 3x4 with one grey cell and no counts: the shading is free, so there are several answers
    p = Puzzle(((None,) * 4, (None, Clue(None, None), None, None), (None,) * 4))
    book, sheet = add_puzzle_sheet(tmp_path / "y.xlsx", yajilin.GENRE, p)
    res = solve_sheet(book, sheet, Settings())
    assert res.status == "solved" and res.unique is False and res.differ


# --- the .lp route -----------------------------------------------------------------------------


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "yajilin.lp"
    make_lp(OpenpyxlBook(sample("yajilin")), "yajilin", lp)
    text = lp.read_text()
    assert "b(1,1)" in text and "h(1,1)" in text and "v(1,1)" in text
    assert "Arrow(1,10)" in text and "NoAdjH(1,1)" in text and "Flow(" in text


# --- puzz.link -------------------------------------------------------------------------------


def pzprjs_puzzle() -> Puzzle:
    cells: list[list[Clue | None]] = [[None] * 5 for _ in range(5)]
    cells[2][3] = Clue(2, "L")  # token 32: arrow 3 (left), number 2, after 13 empty cells
    cells[4][4] = Clue(0, "U")  # token 10: arrow 1 (up), number 0, after 10 more
    return Puzzle(tuple(tuple(row) for row in cells))


def test_from_url_reads_the_pzprjs_test_puzzle():
    assert yajilin.from_url(parse_url(PZPRJS_URL)) == pzprjs_puzzle()
    alias = PZPRJS_URL.replace("yajilin/", "yajirin/b/")  # the alias, and the display flag
    assert yajilin.from_url(parse_url(alias)) == pzprjs_puzzle()
    out = solve_puzzle(yajilin.GENRE, pzprjs_puzzle(), Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer.shaded == {(2, 0), (2, 2), (4, 3)}


CSPUZ_URL = "https://puzz.link/p?yajilin/10/10/w32a41b21a21l22e30m21a12b11r20d30g"
CSPUZ_SHADED = [  # cspuz-rs' yajilin test (puzsq 8218): its expected shaded cells
    "......#...",
    "........#.",
    "#.#....#..",
    ".....#....",
    "..........",
    "...#.#....",
    "#.........",
    ".....#..#.",
    "..........",
    "...#.....#",
]


@pytest.mark.parametrize("reasoning", [True, False])
@pytest.mark.parametrize("form", ["complete", "lazy"])
def test_a_puzzle_that_needs_connectivity(form, reasoning):
    """Without the deductions (reasoning False) the model's connectivity has work to do."""
    p = yajilin.from_url(parse_url(CSPUZ_URL))
    assert p.clues()[2, 3] == Clue(2, "L") and p.clues()[9, 2] == Clue(0, "L")
    assert len(p.clues()) == 11
    settings = Settings("highs", connectivity=form, deduce=reasoning)
    out = solve_puzzle(yajilin.GENRE, p, settings)
    assert out.status == "solved" and out.unique is True and out.violations == []
    shaded = {(r, c) for r, row in enumerate(CSPUZ_SHADED) for c, ch in enumerate(row) if ch == "#"}
    assert out.answer.shaded == shaded
    if reasoning:  # the rules before the model decide it whole (one-block rule and probing)
        cells = yajilin.deduce(p, yajilin.GENRE.tuning).fixed["b"]
        assert len(cells) == p.rows * p.cols - len(p.clues())
    else:
        assert (out.cuts > 0) == (form == "lazy")


def test_from_url_codec_tokens():
    # 3x2: "-4012" three digits (arrow 4, 18), "712" two digits (arrow 2, 18), "2." an
    # unknown count, "0." a plain grey cell, "b" two empty cells
    p = yajilin.from_url(parse_url("https://puzz.link/p?yajilin/3/2/-40127122.0.b"))
    assert p.cells == (
        (Clue(18, "R"), Clue(18, "D"), Clue(None, "D")),
        (Clue(None, None), None, None),
    )


@pytest.mark.parametrize(
    "url, message",
    [
        ("https://puzz.link/p?yajilin/o/5/5/m32j10", "pflag 'o'"),
        ("https://puzz.link/p?yajilin/x/5/5/m32j10", "unknown pflag 'x'"),
        ("https://puzz.link/p?yajilin/5/5/m02j10", "the clue 2 in row 3, column 4 has no arrow"),
        ("https://puzz.link/p?yajilin/5/5/m3!", "unexpected character '!'|bad number"),
    ],
)
def test_from_url_refuses_what_it_cannot_solve(url, message):
    with pytest.raises(UrlError, match=message):
        yajilin.from_url(parse_url(url))


def test_cli_imports_and_solves_a_url(tmp_path, capsys):
    book = tmp_path / "book.xlsx"
    assert cli.main(["import", PZPRJS_URL, "-o", str(book), "--solve"]) == 0
    assert "solved; unique" in capsys.readouterr().out
    sheet = OpenpyxlBook(book).sheet("yajilin")
    assert sheet.get(3, 4) == "2←" and sheet.get(5, 5) == "0↑"
    assert sheet.get(3, 1) == "■" and sheet.get(1, 1) == "┌"


# --- check my answer ------------------------------------------------------------------------


def test_check_reads_a_hand_typed_answer_and_names_a_broken_rule(sample):
    """Typed as a person would: `-` `|` and corners for the loop, `#` for shaded cells."""
    from conftest import type_by_hand

    from solver import check

    book = OpenpyxlBook(sample("yajilin"))
    ws = book.wb["yajilin"]
    type_by_hand(ws, example("yajilin")["solution_text"])
    assert ws["A1"].value == "┌" and ws["B1"].value == "-" and ws["E1"].value == "#"
    res = check.check_sheet(book, "yajilin", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws["D1"] = "#"  # a loop cell shaded, beside the shaded E1
    res = check.check_sheet(book, "yajilin", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("shaded cells at D1 and E1 touch", ["D1", "E1"]) in res.problems
    # C1's `-` still draws the loop into D1 (a segment one cell draws counts as drawn)
    assert ("the loop runs through the shaded cell D1", ["D1"]) in res.problems
    assert ws["D1"].fill.fgColor.rgb.endswith("FFC7CE")  # marked red


def test_the_genres_highs_options_reach_highs_and_no_other_genre():
    """yajilin's tuning gives HiGHS a smaller cut pool; a genre without options keeps HiGHS's
    default."""
    from solver.genres import genre_by_slug
    from solver.mip.backends import LiveModel

    puzzle = Puzzle(((Clue(0, "R"), None, None), (None, None, None), (None, None, None)))
    m = yajilin.GENRE.build(puzzle)
    live = LiveModel(m.prob, Settings("highs").resolved(yajilin.GENRE.tuning))
    assert live.native.getOptionValue("mip_pool_soft_limit")[1] == 100
    numberlink = genre_by_slug("numberlink")  # a genre without HiGHS options
    plain = LiveModel(m.prob, Settings("highs").resolved(numberlink.tuning))
    assert plain.native.getOptionValue("mip_pool_soft_limit")[1] == 10000


@pytest.mark.parametrize("solver", ["default", "highs"])
def test_the_uniqueness_cut_is_not_every_loop_edge_again(solver, monkeypatch):
    """The uniqueness check cuts off an answer by "not every edge of this loop again" (the loop
    is the whole answer); on generated puzzles, as they are (unique) and with every other clue
    taken away (a second answer), it gives the plain no-good's verdict every time, on SCIP's
    one search (the default) and on HiGHS's rounds."""
    from tests.generators.yajilin import generate

    def thinned(size: int, seed: int) -> Puzzle:
        cells = generate(size, seed)[0].cells
        kept = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v][::2]
        return Puzzle(
            tuple(
                tuple(v if (r, c) in kept else None for c, v in enumerate(row))
                for r, row in enumerate(cells)
            )
        )

    puzzles = [generate(6, 1)[0], generate(7, 3)[0]]  # unique
    puzzles += [thinned(size, seed) for size, seed in ((6, 1), (7, 3), (8, 5))]  # two answers
    own, plain = verdicts_own_and_plain(monkeypatch, yajilin, "loop_no_good", puzzles, solver)
    assert own == plain == [True, True, False, False, False], (own, plain)


def test_scip_branches_on_the_cells_first(monkeypatch):
    """The model asks SCIP to branch on the cells (b) before the segments; on yajilin-2 of
    tests/data/large its search (answer and proof, one tree) then needs fewer nodes, with the
    same answer, proved unique. (The SAT solver after probing, which decides this puzzle
    whole, is off: the model gets what probing and the search leave.)"""
    import dataclasses
    import json
    from pathlib import Path

    from solver.mip import scip

    (url,) = [
        e["url"]
        for e in json.loads((Path(__file__).parent / "data/large/puzzles.json").read_text())
        if e["name"] == "yajilin-2"
    ]
    p = yajilin.from_url(parse_url(url))
    m = yajilin.model(p, lazy=True)
    assert m.branch_first and set(m.branch_first) == set(m["b"].values())

    nodes: list[int] = []
    run = scip.solve

    def counted(native, deadline, check=True):
        found = run(native, deadline, check)
        nodes.append(native.getNNodes())
        return found

    monkeypatch.setattr(scip, "solve", counted)

    def unordered(q, lazy=False):
        m = yajilin.model(q, lazy)
        m.branch_first = []
        return m

    probed = dataclasses.replace(yajilin.GENRE.tuning, sat_conflicts=0)
    ordered_genre = dataclasses.replace(yajilin.GENRE, tuning=probed)
    answers = []
    for genre in (ordered_genre, dataclasses.replace(ordered_genre, model=unordered)):
        nodes.clear()
        out = solve_puzzle(genre, p, Settings("scip", time_limit=60))
        assert (out.status, out.unique, out.violations) == ("solved", True, [])
        answers.append((out.answer, sum(nodes)))
    (first, ordered), (second, unordered_nodes) = answers
    assert first == second
    assert ordered < unordered_nodes
