"""Hotaru Beam: the seed's example in the workbook, its beams in the cells, the .lp file's
names; verify, bad input, spellings, and pzprjs' firefly URL. (The sample on every back end, in
both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example, verdicts_own_and_plain

from solver.blocks.lines import arms
from solver.genres import hotaru_beam
from solver.genres.hotaru_beam import Firefly, Puzzle
from solver.io.drawn_lines import glyph
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, run_lp, solve_puzzle, solve_sheet

SHEET = "hotaru-beam"
SIDES = {"L": "L", "T": "U", "R": "R", "B": "D"}  # the example's sides -> dot directions
PZPR_URL = "https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11"


def known_puzzle() -> Puzzle:
    ex = example(SHEET)
    rows, cols = ex["puzzle_extra"]["nh"], ex["puzzle_extra"]["nw"]
    cells: list[list[Firefly | None]] = [[None] * cols for _ in range(rows)]
    for line in ex["puzzle_text"].split("\n"):
        r, c, n, side = line.split(",")
        cells[int(r)][int(c)] = Firefly(SIDES[side], UNKNOWN if n == "?" else int(n))
    return Puzzle(tuple(tuple(row) for row in cells))


def known_answer() -> frozenset:
    """The solution text: points at even rows and columns, '-' / '|' between them."""
    segments = set()
    for i, line in enumerate(example(SHEET)["solution_text"].split("\n")):
        for j, ch in enumerate(line):
            if ch == "-":
                segments.add(((i // 2, (j - 1) // 2), (i // 2, (j + 1) // 2)))
            elif ch == "|":
                segments.add((((i - 1) // 2, j // 2), ((i + 1) // 2, j // 2)))
    return frozenset(segments)


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_seed_example(sample):
    _, _, puzzle = read_puzzle(OpenpyxlBook(sample(SHEET)), SHEET)
    assert puzzle == known_puzzle()
    assert hotaru_beam.to_cells(puzzle)[0] == ["0→", None, None, "2↓", None, "←3"]
    assert hotaru_beam.to_cells(puzzle)[5][4] == "↑"  # no number: the arrow alone


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample(SHEET))
    assert solve_sheet(book, SHEET, Settings()).status == "solved"
    sheet = book.sheet(SHEET)
    shown = {
        (r + 1, c + 1): glyph(s)
        for (r, c), s in arms(known_answer()).items()
        if known_puzzle().cells[r][c] is None
    }
    assert all(sheet.get(*rc) == g for rc, g in shown.items())
    assert sheet.get(1, 2) == "─" and sheet.get(1, 5) == "┌" and sheet.get(6, 6) == "┘"
    assert sheet.get(1, 1) == "0→"  # givens stay


def test_answer_vars_are_the_edges():
    m = hotaru_beam.model(known_puzzle())
    assert {v.name[0] for v in m.answer_vars} == {"h", "v"}


def test_lp_file_holds_the_layers_and_sources(sample, tmp_path):
    lp = tmp_path / "hotaru.lp"
    make_lp(OpenpyxlBook(sample(SHEET)), SHEET, lp)
    text = lp.read_text()
    assert "xR(1,1,0)" in text and "src(" in text and "Flow_" in text


# --- verify ----------------------------------------------------------------------------------


def pair(cols: int = 2) -> Puzzle:
    """2 x cols: 0→ at A1 into 2↓ at B1, whose beam turns twice back to A1's bottom."""
    cells = [[None] * cols for _ in range(2)]
    cells[0][0], cells[0][1] = Firefly("R", 0), Firefly("D", 2)
    return Puzzle(tuple(tuple(row) for row in cells))


PAIR = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))})


def test_verify_accepts_the_known_answer():
    assert hotaru_beam.verify(known_puzzle(), known_answer()) == []
    assert hotaru_beam.verify(pair(), PAIR) == []


def test_verify_rejects_a_cut_beam():
    problems = hotaru_beam.verify(known_puzzle(), known_answer() - {((2, 3), (3, 3))})
    assert problems and "beam ends" in problems[0]


def test_verify_rejects_a_miscount():
    cells = [list(row) for row in known_puzzle().cells]
    cells[2][5] = Firefly("L", 3)  # the 4 at F3 turns four times
    wrong = Puzzle(tuple(tuple(row) for row in cells))
    assert hotaru_beam.verify(wrong, known_answer()) == [
        "the beam from the firefly 3 at F3 turns 4 times"
    ]


def test_verify_rejects_two_networks_a_stray_loop_and_a_crossing():
    two = Puzzle(tuple((*row, None, *row) for row in pair().cells))
    shifted = frozenset(((a, b + 3), (c, d + 3)) for (a, b), (c, d) in PAIR)
    assert hotaru_beam.verify(two, PAIR | shifted) == [
        "the fireflies fall into 2 networks that no beam joins"
    ]
    loop = frozenset({((0, 2), (0, 3)), ((0, 3), (1, 3)), ((1, 2), (1, 3)), ((0, 2), (1, 2))})
    assert "belong to no beam" in hotaru_beam.verify(pair(4), PAIR | loop)[0]
    cross = PAIR | {((0, 1), (0, 2)), ((1, 1), (1, 2))}
    assert hotaru_beam.verify(pair(3), cross)


def test_verify_rejects_a_beam_into_a_dot_and_one_back_to_its_own_firefly():
    p = Puzzle(((Firefly("R", 0), Firefly("L", 0)),))
    assert any("arrives at the dot" in s for s in hotaru_beam.verify(p, {((0, 0), (0, 1))}))
    alone = Puzzle(((Firefly("R", 3), None), (None, None)))
    assert hotaru_beam.verify(alone, PAIR) == ["the beam from the firefly at A1 returns to it"]


# the model's two forms, without the SAT solver (`hotaru_beam.deduce`), and the SAT solver
WAYS = {
    "complete": Settings(connectivity="complete", deduce=False),
    "lazy": Settings(connectivity="lazy", deduce=False),
    "sat": Settings(),
}


@pytest.mark.parametrize("way", WAYS)
def test_no_beam_returns_to_its_own_firefly(way):
    alone = Puzzle(((Firefly("R", UNKNOWN), None), (None, None)))
    assert solve_puzzle(hotaru_beam.GENRE, alone, WAYS[way]).status == "infeasible"
    counted = Puzzle(((Firefly("R", 3), None), (None, None)))
    assert solve_puzzle(hotaru_beam.GENRE, counted, WAYS[way]).status == "infeasible"
    # the loop is fine once it runs through a second firefly
    out = solve_puzzle(hotaru_beam.GENRE, pair(), WAYS[way])
    assert out.status == "solved" and out.unique is True and out.answer == PAIR


@pytest.mark.parametrize("way", WAYS)
def test_two_separate_pairs_have_no_answer(way):
    two = Puzzle(tuple((*row, None, *row) for row in pair().cells))
    assert solve_puzzle(hotaru_beam.GENRE, two, WAYS[way]).status == "infeasible"


# --- input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, dot, number",
    [
        ("2→", "R", 2),
        ("→2", "R", 2),
        ("2R", "R", 2),
        ("r2", "R", 2),
        ("←1", "L", 1),
        ("↑3", "U", 3),
        ("T3", "U", 3),
        ("0↓", "D", 0),
        ("B0", "D", 0),
        ("▶12", "R", 12),
        ("２→", "R", 2),
        ("→", "R", UNKNOWN),
        ("?→", "R", UNKNOWN),
        ("？ v", "D", UNKNOWN),
    ],
)
def test_spellings(text, dot, number):
    assert hotaru_beam.firefly(text) == Firefly(dot, number)


@pytest.mark.parametrize("bad", [2, "x", "2", "→2→", "-1→", "○"])
def test_bad_firefly_names_the_cell(bad):
    with pytest.raises(InputError, match="a firefly is its number and an arrow") as err:
        hotaru_beam.parse(Grid(SHEET, [["2→", None], [None, bad]]))
    assert "sheet 'hotaru-beam' cell B2" in str(err.value)


def test_dot_off_the_grid_names_the_cell():
    with pytest.raises(InputError, match="points off the grid") as err:
        hotaru_beam.parse(Grid(SHEET, [["2→", "1→"], [None, None]]))
    assert "sheet 'hotaru-beam' cell B1" in str(err.value)


def test_a_grid_without_fireflies_is_refused():
    with pytest.raises(InputError, match="no fireflies"):
        hotaru_beam.parse(Grid(SHEET, [[None, None], [None, None]]))


# --- puzz.link -------------------------------------------------------------------------------


def pzprjs_puzzle() -> Puzzle:
    """pzprjs' test/script/firefly.js board: 'dir,number' (1 up, 2 down, 3 left, 4 right)."""
    rows = ["4,0 . . . 2,1", ". 3,- . 3,0 .", ". . . . .", ". 1,0 . 2,2 .", "1,1 . . . 1,1"]
    dots = {"1": "U", "2": "D", "3": "L", "4": "R"}

    def cell(token: str) -> Firefly | None:
        if token == ".":
            return None
        d, n = token.split(",")
        return Firefly(dots[d], UNKNOWN if n == "-" else int(n))

    return Puzzle(tuple(tuple(cell(t) for t in row.split()) for row in rows))


def pzprjs_answer() -> frozenset:
    """The same script's accepted answer: borderline flags of the horizontal links per row,
    then of the vertical links per row (-1 = a cross mark, no line)."""
    across = ["1 1 1 1", "1 1 1 1", "-1 -1 -1 -1", "1 0 0 1", "0 1 1 0"]
    down = ["1 -1 -1 -1 1", "0 1 0 0 -1", "0 1 0 0 -1", "1 1 0 1 1"]
    segments = {
        ((r, c), (r, c + 1))
        for r, row in enumerate(across)
        for c, v in enumerate(row.split())
        if v == "1"
    }
    segments |= {
        ((r, c), (r + 1, c))
        for r, row in enumerate(down)
        for c, v in enumerate(row.split())
        if v == "1"
    }
    return frozenset(segments)


def test_from_url_reads_pzprjs_sample():
    p = hotaru_beam.from_url(parse_url(PZPR_URL))
    assert p == pzprjs_puzzle()
    out = solve_puzzle(hotaru_beam.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == pzprjs_answer()


def test_from_url_refuses_a_firefly_without_dot():
    from solver.io.puzzlink import UrlError

    with pytest.raises(UrlError, match="no dot"):
        hotaru_beam.from_url(parse_url("https://puzz.link/p?firefly/2/1/02a"))


def test_import_url_and_solve(tmp_path, capsys):
    from solver.cli import main

    out = tmp_path / "firefly.xlsx"
    assert main(["import", PZPR_URL, "-o", str(out), "--solve"]) == 0
    assert "solved; unique" in capsys.readouterr().out
    sheet = OpenpyxlBook(out).sheet(SHEET)
    assert sheet.get(1, 1) == "0→" and sheet.get(1, 2) == "─" and sheet.get(3, 2) == "│"


def test_generated_puzzles_hold_their_own_answer():
    from tests.generators.hotaru_beam import solved

    for size, seed in ((6, 1), (8, 2)):
        p, note, answer = solved(size, seed)
        assert hotaru_beam.verify(p, answer) == [], note


def test_a_firefly_number_larger_than_the_grid_is_refused_by_name():
    """A 30-digit number built a set of that many arcs (MemoryError)."""
    grid = Grid("hotaru-beam", [["9" * 30 + "→", None], [None, "1←"]])
    with pytest.raises(InputError, match="cell A1: a beam turns at most 3 times here"):
        hotaru_beam.parse(grid)


@pytest.mark.parametrize("connectivity", ["complete", "lazy"])
def test_a_beam_into_a_dead_end_builds_both_forms(sample, tmp_path, connectivity):
    """A 0-turn firefly at E6 whose beam can only run off the grid: the complete form's flow
    and source labels took that dead end for a point (KeyError: (5, 5)); no answer in both."""
    book = OpenpyxlBook(sample("hotaru-beam"))
    book.wb["hotaru-beam"]["E6"] = "0→"
    res = solve_sheet(book, "hotaru-beam", Settings(connectivity=connectivity))
    assert res.status == "infeasible", res.error
    make_lp(book, "hotaru-beam", tmp_path / "m.lp")
    assert run_lp(tmp_path / "m.lp", tmp_path / "m.sol", Settings()) == "infeasible"


# --- check my answer -------------------------------------------------------------------------


def test_check_reads_beams_typed_by_hand_and_names_a_wrong_one(sample):
    from solver.check import check_sheet
    from solver.pipeline import clear_sheet

    book = OpenpyxlBook(sample("hotaru-beam"))
    writes = solve_sheet(book, "hotaru-beam", Settings()).writes
    clear_sheet(book, "hotaru-beam")
    ws = book.wb["hotaru-beam"]
    for w in (w for w in writes if w.value is not None):  # straight pieces in ASCII
        ws.cell(w.row + 1, w.col + 1).value = {"─": "-", "│": "|"}.get(w.value, w.value)
    res = check_sheet(book, "hotaru-beam", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    # one corner drawn the wrong way round: the beam from F1 turns back into it
    corner = next(w for w in writes if w.value == "┐")
    assert (corner.row, corner.col) == (1, 5)
    ws["F2"] = "└"
    res = check_sheet(book, "hotaru-beam", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("E2's line goes right into F2, which has no line back", ["E2", "F2"]),
        ("F2's line goes right off the grid", ["F2"]),
        ("the beam from the firefly at F1 returns to it", ["E1", "F1", "E2", "F2"]),
        # with the glyphs that draw a beam into the firefly
        ("the fireflies fall into 2 networks that no beam joins", ["E1", "F1", "F2"]),
    ], res.record()


def test_hotaru_beam_runs_highs_without_the_feasibility_jump():
    """hotaru-beam's tuning turns HiGHS's feasibility-jump heuristic off
    (settings.NO_FEASIBILITY_JUMP), HiGHS knows the option, and the answer is the same;
    slitherlink, slower without it, keeps it."""
    import highspy

    from solver.genres import genre_by_slug
    from solver.mip import highs
    from solver.mip.backends import LiveModel
    from solver.mip.settings import NO_FEASIBILITY_JUMP

    assert highs.new().setOptionValue(*NO_FEASIBILITY_JUMP) == highspy.HighsStatus.kOk
    m = hotaru_beam.GENRE.build(known_puzzle())
    live = LiveModel(m.prob, Settings("highs").resolved(hotaru_beam.GENRE.tuning))
    assert live.native.getOptionValue(NO_FEASIBILITY_JUMP[0])[1] is False
    slitherlink = genre_by_slug("slitherlink")
    plain = LiveModel(m.prob, Settings("highs").resolved(slitherlink.tuning))
    assert plain.native.getOptionValue(NO_FEASIBILITY_JUMP[0])[1] is True
    out = solve_puzzle(hotaru_beam.GENRE, known_puzzle(), Settings("highs"), check_unique=True)
    assert out.answer == known_answer() and out.unique


def test_the_uniqueness_cut_is_not_every_segment_again(monkeypatch):
    """The uniqueness check cuts off an answer by "not every segment of these beams again"
    (no other answer holds them all). On generated puzzles, each with a second answer, it
    finds one as the plain no-good does (the unique puzzles of this file stay unique)."""
    import pulp

    from tests.generators.hotaru_beam import generate

    m = hotaru_beam.GENRE.build(known_puzzle())
    m.prob.solve(pulp.HiGHS(msg=False))
    cut = m.exclude_answer()
    used = [v for v in m["x"].values() if v.varValue and v.varValue > 0.5]
    assert set(cut) == set(used) and cut.sense == pulp.LpConstraintLE
    assert cut.constant == 1 - len(used) and set(cut.values()) == {1}  # sum(used) <= |used| - 1
    puzzles = [generate(size, seed)[0] for size, seed in ((6, 1), (6, 2), (7, 3), (7, 4), (8, 5))]
    own, plain = verdicts_own_and_plain(
        monkeypatch, hotaru_beam, "not_every_edge_again", puzzles, "highs", deduce=False
    )
    assert own == plain and False in own, (own, plain)


def test_a_long_run_on_highs_starts_again_on_scip_with_its_cuts(monkeypatch):
    """hotaru-beam's HiGHS rounds can run long where SCIP's one search does not (generated
    15x15 and 20x20 with several answers: 7-30 s and more against 3-10 s), so a run whose back
    end is left to the genre starts again on SCIP after `switch_after` nodes, carrying the
    lazy cuts the rounds found; a back end the user chose is kept. Here the budget is cut to
    nothing, so the switch always happens."""
    import dataclasses

    from solver.mip.settings import DEFAULT_SOLVER, SolverError, Tuning

    genre = dataclasses.replace(
        hotaru_beam.GENRE, tuning=dataclasses.replace(hotaru_beam.GENRE.tuning, switch_after=0)
    )
    assert hotaru_beam.GENRE.tuning.switch_to == "scip"
    switch = Settings(DEFAULT_SOLVER).switched(genre.tuning)
    assert switch is not None and switch.solver == "scip" and switch.tuning.search_after == 0
    assert Settings("highs").switched(genre.tuning) is None
    with pytest.raises(SolverError, match="unknown solver 'gurobi'"):
        Tuning(switch_to="gurobi")
    mip = {"deduce": False}  # the model's search, not the SAT solver's (`hotaru_beam.deduce`)
    out = solve_puzzle(
        genre, known_puzzle(), Settings(DEFAULT_SOLVER, 60, **mip), check_unique=True
    )
    assert (out.status, out.unique, out.switched) == ("solved", True, "scip")
    assert out.answer == known_answer() and hotaru_beam.verify(known_puzzle(), out.answer) == []
    kept = solve_puzzle(genre, known_puzzle(), Settings("highs", 60, **mip), check_unique=True)
    assert kept.switched is None and kept.answer == known_answer()
    plain = solve_puzzle(hotaru_beam.GENRE, known_puzzle(), Settings(DEFAULT_SOLVER, 60, **mip))
    assert plain.switched is None and plain.answer == known_answer()


# --- the SAT solver's answer and its proof (`hotaru_beam.deduce`) -----------------------------


def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver import pipeline

    monkeypatch.setattr(pipeline, "_build", lambda *a: pytest.fail("a model was built"))


def generated(size: int, seed: int) -> Puzzle:
    from tests.generators.hotaru_beam import generate

    return generate(size, seed)[0]


def test_the_sat_solver_finds_and_proves_the_sample_without_a_model(monkeypatch):
    from solver import pipeline

    no_model(monkeypatch)
    out = solve_puzzle(hotaru_beam.GENRE, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.note == pipeline.FOUND
    assert out.answer == known_answer() and not out.differ
    n = len(hotaru_beam._Beams.of(known_puzzle()).unused)
    assert out.deduced == (n, n)  # the proof decided every segment


@pytest.mark.parametrize(("size", "seed"), [(6, 1), (6, 2), (7, 3), (8, 5), (10, 1)])
def test_the_sat_solver_finds_a_second_answer_as_the_model_does(monkeypatch, size, seed):
    """Generated puzzles with two answers or more (the model's verdict: tests above): the SAT
    solver's proof names another answer, which keeps the rules and differs."""
    p = generated(size, seed)
    beams = hotaru_beam._Beams.of(p)
    found = hotaru_beam.deduce(p, hotaru_beam.GENRE.tuning).found
    assert found is not None and hotaru_beam.verify(p, found) == []
    others = beams.others(found, hotaru_beam.PROOF_SAT_CONFLICTS)
    assert others and others[0] != found and hotaru_beam.verify(p, others[0]) == []
    no_model(monkeypatch)
    out = solve_puzzle(hotaru_beam.GENRE, p, Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is False and out.differ


def test_where_the_sat_solver_gives_up_the_model_searches_and_the_sat_solver_proves(
    monkeypatch,
):
    import dataclasses

    tuning = dataclasses.replace(hotaru_beam.GENRE.tuning, guess_sat_work=1)
    genre = dataclasses.replace(hotaru_beam.GENRE, tuning=tuning)
    assert hotaru_beam.deduce(known_puzzle(), tuning).found is None
    asked = []
    others = hotaru_beam._Beams.others
    monkeypatch.setattr(
        hotaru_beam._Beams, "others", lambda self, a, n: asked.append(a) or others(self, a, n)
    )
    out = solve_puzzle(genre, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.answer == known_answer()
    assert asked == [known_answer()]  # the model's answer, proved by the SAT solver
    # where the proof gives up too, the model's search proves
    monkeypatch.setattr(hotaru_beam._Beams, "others", lambda self, a, n: asked.append(a))
    out = solve_puzzle(genre, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and len(asked) == 2


def test_where_the_proof_of_the_sat_solver_s_answer_gives_up_the_model_proves_it(monkeypatch):
    from solver import pipeline

    asked = []
    monkeypatch.setattr(hotaru_beam._Beams, "others", lambda self, a, n: asked.append(a))
    built, build = [], pipeline._build
    monkeypatch.setattr(pipeline, "_build", lambda *a: built.append(a) or build(*a))
    out = solve_puzzle(hotaru_beam.GENRE, known_puzzle(), Settings(), check_unique=True)
    assert out.status == "solved" and out.unique is True and out.answer == known_answer()
    assert asked == [known_answer()]  # asked once: not again after the model's search
    assert len(built) == 1 and out.guessed and out.note != pipeline.FOUND
