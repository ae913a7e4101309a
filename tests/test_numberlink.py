"""Numberlink: the sample in the workbook, its lines in the cells, the .lp file's names; verify,
bad input, puzz.link. (The sample on every back end, in both forms, through the .lp file:
tests/test_samples.py.)"""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import example, glyph_segments, numberlink_answers

from solver import pipeline
from solver.blocks.values import normalize
from solver.cli import main
from solver.deduce import Deductions
from solver.genres import numberlink
from solver.genres.numberlink import Puzzle
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.limits import OutOfTime
from solver.mip.backends import LiveModel
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

EXAMPLE = example("numberlink")
FORMS = ("complete", "lazy")


def text_puzzle(text: str) -> Puzzle:
    rows = text.split("\n")
    return Puzzle(tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows))


PUZZLE = text_puzzle(EXAMPLE["puzzle_text"])


@pytest.fixture(params=["counted", "searched"])
def how(request):
    """Both ways to a verdict: the frontier count first (the genre's deductions), and the
    search alone (the pure MIP, as for a grid that outgrows the count)."""
    return request.param


ANSWER = glyph_segments(EXAMPLE["solution_text"])


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_sample(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("numberlink")), "numberlink")
    assert p == PUZZLE
    assert p.ends()[2] == ((1, 0), (2, 3)) and p.labels() == [1, 2, 3, 4, 5]


def test_known_answer_fills_the_grid_and_verifies():
    assert len(ANSWER) == 49 - 5  # 7 x 7 cells on 5 lines: one segment fewer per line
    assert numberlink.verify(PUZZLE, ANSWER) == []


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("numberlink"))
    res = solve_sheet(book, "numberlink", Settings())
    assert res.status == "solved", res.error
    assert res.answer["lines"] == numberlink.GENRE.record(PUZZLE, ANSWER)["lines"]
    ws = book.sheet("numberlink")
    assert ws.get(1, 2) == "┐" and ws.get(1, 4) == "─" and ws.get(3, 1) == "└"
    assert ws.get(1, 1) == 1 and ws.get(7, 7) == 5  # the numbers stay


def test_lp_file_holds_the_digits_and_the_connectivity(sample, tmp_path):
    lp = tmp_path / "numberlink.lp"
    make_lp(OpenpyxlBook(sample("numberlink")), "numberlink", lp)
    text = lp.read_text()
    assert "h(1,1)" in text and "c(1,2,1,1)" in text and "y(1,1,1,2,1,1)" in text
    assert "f(1,2,2,2)" in text and "Flow(1,2)" in text  # the connectivity is in the file
    assert "Touch(" not in text  # the file is the whole model: every answer, not only minimal


def test_record_lines_are_unit_segments():
    lines = numberlink.GENRE.record(PUZZLE, ANSWER)["lines"]
    assert lines == sorted(lines) and len(lines) == len(ANSWER)
    assert [0, 0, 0, 1, 1] in lines and [6, 0, 6, 1, 1] not in lines  # 1 at A7 goes up
    assert all(abs(r1 - r2) + abs(c1 - c2) == 1 and n == 1 for r1, c1, r2, c2, n in lines)


def test_cells_may_stay_empty():
    # the corners A1 and C2 touch only ends of two different lines: no line can use them
    p = Puzzle(((None, 1, 1), (2, 2, None)))
    for form in FORMS:
        out = solve_puzzle(numberlink.GENRE, p, Settings(connectivity=form))
        assert out.status == "solved" and out.unique is True
        assert out.answer == {((0, 1), (0, 2)), ((1, 0), (1, 1))}
    # no value is written: each number gets the arm of its line (drawn by its number format)
    writes = numberlink.render(p, out.answer)
    assert [(w.row, w.col, w.value, w.through) for w in writes] == [
        (0, 1, None, "R"),
        (0, 2, None, "L"),
        (1, 0, None, "R"),
        (1, 1, None, "L"),
    ]


def solve_with_cuts(m) -> tuple[str, int]:
    """Solve a model, adding its lazy cuts until the answer is whole; the status and rounds."""
    live, rounds = LiveModel(m.prob, Settings("highs")), 0
    while True:
        status, rounds = live.solve(), rounds + 1
        cuts = m.violated() if status == "solved" else []
        if not cuts:
            return status, rounds
        for cut in cuts:
            live.add(cut, f"cut_{rounds}_{len(m.prob.constraints())}")


@pytest.mark.parametrize("lazy", [False, True])
def test_a_stray_loop_is_cut_off(lazy):
    # 1 runs along the top; forcing a loop of six cells below it must be infeasible
    p = Puzzle(((1, None, None, None, 1), (None,) * 5, (None,) * 5))
    ring = [(1, 1), (1, 2), (1, 3), (2, 3), (2, 2), (2, 1)]
    m = numberlink.model(p, lazy=lazy)
    for k, a in enumerate(ring):
        b = ring[(k + 1) % len(ring)]
        m.prob += m["x"][min(a, b), max(a, b)] == 1, f"force_{k}"
    status, rounds = solve_with_cuts(m)
    assert status == "infeasible"
    assert rounds == (2 if lazy else 1)  # lazy: the loop is found, cut, and then impossible


def test_lines_never_cross():
    # 1 runs across, 2 runs down: they would have to cross in the middle
    p = Puzzle(((None, 2, None), (1, None, 1), (None, 2, None)))
    assert solve_puzzle(numberlink.GENRE, p, Settings()).status == "infeasible"


@pytest.mark.parametrize("labels", [8, 9])
def test_one_value_per_label_up_to_eight_labels_then_digits(labels):
    # row k: k . . k. Each number's other neighbours are numbers, so each line starts along its
    # row; a line that dips into the next row leaves that row's first number no way out: unique
    rows = [(k, None, None, k) for k in range(1, labels + 1)]
    p = Puzzle(tuple(rows))
    m = numberlink.model(p, lazy=True)
    digits = {d for _, d, _ in m["c"]}
    values = {w for _, _, w in m["c"]}
    if labels <= 8:  # one value per label (numberlink.ONE_DIGIT)
        assert digits == {0} and values == set(range(labels))
    else:
        assert digits == {0, 1} and values == {0, 1, 2}  # 9 labels: 2 digits base 3
    for form in FORMS:
        out = solve_puzzle(numberlink.GENRE, p, Settings(connectivity=form))
        assert out.status == "solved" and out.unique is True and not out.violations
        assert out.answer == {((r, c), (r, c + 1)) for r in range(labels) for c in range(3)}


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_grid_of_numbers_only_that_cannot_join_has_no_answer(solver):
    p = Puzzle(((1, 2), (2, 1)))  # no model columns but its edges: HiGHS needs some
    assert solve_puzzle(numberlink.GENRE, p, Settings(solver)).status == "infeasible"


def test_letters_are_labels_and_numbers_need_not_be_consecutive():
    grid = Grid("numberlink", [["A", None, "Ａ"], [7, None, normalize("７")]])
    p = numberlink.parse(grid)
    assert p.labels() == [7, "A"]
    out = solve_puzzle(numberlink.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True


# --- minimal answers first, then detours (Model.minimal, Model.detour) -----------------------


def test_a_line_that_could_go_around_is_not_unique(how):
    # 1 and 1 side by side: the minimal answer joins them; the line may also go round below
    p = Puzzle(((1, 1), (None, None)))
    m = numberlink.GENRE.build(p, lazy=False, deduce=how == "counted")
    if how == "counted":  # the count hands over both; the search needs no minimal answers
        assert len(m.answers) == 2 and not m.minimal
    else:  # one value per label: "a line never touches itself"
        assert not m.answers and any(name.startswith("Touch(") for _, name in m.minimal)
    out = solve_puzzle(numberlink.GENRE, p, Settings(deduce=how == "counted"))
    assert out.answer == {((0, 0), (0, 1))}
    assert out.unique is False and out.differ == [(1, 0), (1, 1)]  # the cells it goes through
    around = numberlink.detour(p, out.answer)
    assert around == {((0, 0), (1, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1))}
    assert numberlink.verify(p, around) == []


def test_a_detour_takes_the_empty_cells_it_needs():
    # 1 runs down column A; B1..B4 are empty: the segment A1-A2 can go round through B1, B2
    p = Puzzle(((1, None), (None, None), (None, None), (1, None)))
    line = frozenset({((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0))})
    other = numberlink.detour(p, line)
    assert other == line - {((0, 0), (1, 0))} | {
        ((0, 0), (0, 1)),
        ((0, 1), (1, 1)),
        ((1, 0), (1, 1)),
    }
    assert numberlink.verify(p, other) == []
    full = Puzzle(((1, 2), (None, None), (None, None), (1, 2)))  # both columns used
    both = line | {((0, 1), (1, 1)), ((1, 1), (2, 1)), ((2, 1), (3, 1))}
    assert numberlink.detour(full, both) is None


def test_a_corner_that_can_turn_round_an_empty_cell_is_not_unique(how):
    # 1 at A1 and B2: the line turns at B1 or at A2, the other cell stays empty
    p = Puzzle(((1, None), (None, 1)))
    m = numberlink.GENRE.build(p, lazy=False, deduce=how == "counted")
    assert any(name.startswith("Move(") for _, name in m.minimal) is (how == "searched")
    out = solve_puzzle(numberlink.GENRE, p, Settings(deduce=how == "counted"))
    at_a2 = {((0, 0), (1, 0)), ((1, 0), (1, 1))}
    at_b1 = {((0, 0), (0, 1)), ((0, 1), (1, 1))}
    if how == "searched":  # the minimal answer keeps its empty cell first: it turns at A2
        assert out.answer == at_a2
    else:  # the count's first answer, the other handed to the check
        assert out.answer in (at_a2, at_b1)
    assert out.unique is False and out.differ == [(0, 1), (1, 0)]
    assert numberlink.moved(p, frozenset(at_a2)) == at_b1
    assert numberlink.verify(p, frozenset(at_b1)) == []
    assert (
        numberlink.moved(Puzzle(((1, 2), (1, 2))), frozenset({((0, 0), (1, 0)), ((0, 1), (1, 1))}))
        is None
    )


def random_puzzle(rng: random.Random, rows: int, cols: int, labels: int) -> Puzzle:
    """A rows x cols grid with each of `labels` labels at two random cells."""
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * labels)
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = i // 2 + 1
    return Puzzle(tuple(tuple(row) for row in grid))


@pytest.mark.slow
def test_uniqueness_with_minimal_answers_agrees_with_trying_every_path(how):
    """The search for minimal answers, then detours and moves, against every answer by brute
    force, on random tiny puzzles, unique, not unique and without answer (removing `moved`
    from the model's detour fails the search alone). The first search guesses that the answer
    fills the grid (Model.guesses); the uniqueness search does not, so a puzzle whose other
    answer leaves a cell empty is still not unique. The same verdicts where the frontier count
    decides first (its one answer fixed; or, with two, the first the search's guess and the
    second handed over)."""
    rng = random.Random(13)
    verdicts, guessed = [], []
    for rows, cols, labels in [(3, 3, 3), (3, 4, 3), (4, 4, 2), (4, 4, 3), (3, 5, 2), (4, 5, 3)]:
        for _ in range(30):
            p = random_puzzle(rng, rows, cols, labels)
            answers = numberlink_answers(p)
            out = solve_puzzle(numberlink.GENRE, p, Settings(deduce=how == "counted"))
            verdicts.append(out.unique if answers else None)
            if not answers:
                assert out.status == "infeasible", p
                continue
            assert out.status == "solved" and not out.violations, p
            assert out.unique is (len(answers) == 1), p
            fills = all(cell in {c for s in out.answer for c in s} for cell in p.positions())
            # searched: the guess that the grid is filled; counted: the count's first answer,
            # the search's one guess where the count found two (one answer is fixed instead)
            assert out.guessed is (fills if how == "searched" else not out.unique), p
            guessed.append((out.guessed, out.unique))
    assert all(verdicts.count(v) >= 5 for v in (True, False, None))  # all three kinds met
    if how == "searched":  # both searches met: the guess held (unique or not), and was wrong
        assert {(True, True), (True, False), (False, True), (False, False)} <= set(guessed)


# --- the count again in the proof, where the count before the search gave up (Model.others) ---

# the count before the search gives up at once, and the proof asks no SAT solver: it counts again
RECOUNTED = dataclasses.replace(
    numberlink.GENRE,
    tuning=dataclasses.replace(
        numberlink.GENRE.tuning, count_work=1, proof_sat_conflicts=0, guess_sat_work=0
    ),
)
TWO_WAYS = text_puzzle("....\n32.1\n.2.1\n...3")  # two answers, neither a detour of the other


def told_others(monkeypatch: pytest.MonkeyPatch) -> list:
    """What each count in the proof (`numberlink._others`) hands back, in a list."""
    told, others = [], numberlink._others
    monkeypatch.setattr(numberlink, "_others", lambda *a: told.append(others(*a)) or told[-1])
    return told


@pytest.mark.parametrize(("p", "unique"), [(PUZZLE, True), (TWO_WAYS, False)])
def test_the_proof_counts_again_where_the_count_before_the_search_gave_up(monkeypatch, p, unique):
    told = told_others(monkeypatch)
    m = RECOUNTED.build(p, deduce=True)
    assert m.others is not None and not m.answers and m.minimal  # the search finds the answer
    out = solve_puzzle(RECOUNTED, p, Settings())
    assert out.status == "solved" and out.unique is unique
    assert len(told) == 1 and (told[0] == []) is unique  # the count decided, not a search
    if not unique:
        assert told[0][0] != out.answer and numberlink.verify(p, told[0][0]) == []
        assert out.differ


def test_where_the_proof_count_gives_up_the_search_proves(monkeypatch):
    tuning = dataclasses.replace(RECOUNTED.tuning, proof_count_work=1)
    told = told_others(monkeypatch)
    out = solve_puzzle(dataclasses.replace(RECOUNTED, tuning=tuning), PUZZLE, Settings())
    assert told == [None] and out.unique is True


def test_out_of_time_in_the_proof_count_keeps_the_answer_unproved(monkeypatch):
    def late(*args):
        raise OutOfTime

    monkeypatch.setattr(numberlink, "_others", late)
    out = solve_puzzle(RECOUNTED, PUZZLE, Settings())
    assert out.status == "solved" and out.answer == ANSWER and out.unique is None


def test_without_a_proof_budget_the_count_hands_nothing_on():
    tuning = dataclasses.replace(RECOUNTED.tuning, proof_count_work=0)
    assert numberlink.deduce(PUZZLE, tuning).others is None
    assert numberlink.deduce(PUZZLE, numberlink.GENRE.tuning).answer == ANSWER  # counted whole


# --- the SAT solver in the proof, where the count gave up (`_solved`) -------------------------

# the count before the search gives up at once: the proof asks the SAT solver first
PROVED = dataclasses.replace(
    numberlink.GENRE, tuning=dataclasses.replace(numberlink.GENRE.tuning, count_work=1)
)
# ... and never counts again, not even where no answer uses every cell
SAT_ALONE = dataclasses.replace(
    PROVED, tuning=dataclasses.replace(PROVED.tuning, proof_count_work=0)
)


@pytest.mark.parametrize(("p", "unique"), [(PUZZLE, True), (TWO_WAYS, False)])
def test_the_proof_asks_the_sat_solver_told_the_answer(monkeypatch, p, unique):
    told = told_others(monkeypatch)
    recounted = []
    monkeypatch.setattr(numberlink, "_recounted", lambda *a: recounted.append(a))
    out = solve_puzzle(SAT_ALONE, p, Settings())
    assert out.status == "solved" and out.unique is unique
    assert len(told) == 1 and (told[0] == []) is unique and not recounted
    if not unique:
        assert told[0][0] != out.answer and numberlink.verify(p, told[0][0]) == []


def test_where_the_sat_solver_gives_up_in_the_proof_the_count_proves(monkeypatch):
    monkeypatch.setattr(numberlink.sat, "answers", lambda *a, **k: None)
    told = told_others(monkeypatch)
    out = solve_puzzle(PROVED, PUZZLE, Settings())
    assert told == [[]] and out.unique is True  # the count's verdict


# --- the search's guess, where the count gave up (`_kept_answer`) ------------------------------


def test_where_the_count_gives_up_the_search_tries_a_filled_answer_first(monkeypatch):
    assert all(cell in {c for s in ANSWER for c in s} for cell in PUZZLE.positions())
    assert numberlink.deduce(PUZZLE, PROVED.tuning).guess == ANSWER
    out = solve_puzzle(PROVED, PUZZLE, Settings())
    assert out.status == "solved" and out.answer == ANSWER and out.guessed and out.unique
    without = dataclasses.replace(PROVED.tuning, guess_sat_work=0)
    assert numberlink.deduce(PUZZLE, without).guess is None


def test_without_a_filled_answer_the_guess_leaves_cells_empty(monkeypatch):
    # two minimal answers, along the top row or round the bottom one; a line through all
    # eight cells would touch itself
    p = text_puzzle("1..1\n....")
    told = told_others(monkeypatch)
    guess = numberlink.deduce(p, SAT_ALONE.tuning).guess
    assert guess is not None and len({c for s in guess for c in s}) < 8
    no_model(monkeypatch)  # the SAT solver's proof finds the other answer
    out = solve_puzzle(SAT_ALONE, p, Settings())
    assert out.status == "solved" and out.guessed and out.unique is False
    assert len(told) == 1 and numberlink.verify(p, told[0][0]) == []
    # no kept answer at all (the lines would cross; the board's rules do not see it): none
    monkeypatch.undo()  # (the model, every segment fixed at 0, finds none)
    crossing = text_puzzle("1.2\n...\n2.1")
    assert numberlink._board(crossing) is not None
    assert numberlink.deduce(crossing, SAT_ALONE.tuning).answers == []
    assert solve_puzzle(SAT_ALONE, crossing, Settings()).status == "infeasible"


def test_without_a_filled_answer_the_search_proves_where_the_proof_gives_up(monkeypatch):
    # TWO_WAYS: no answer uses every cell, and neither of its two is a detour of the other; the
    # SAT solver's proof and the count give up, the search proves
    monkeypatch.setattr(numberlink.sat, "answers", lambda *a, **k: None)
    told = told_others(monkeypatch)
    gives_up = dataclasses.replace(PROVED.tuning, proof_count_work=1)
    assert numberlink.deduce(TWO_WAYS, gives_up).found is not None
    out = solve_puzzle(dataclasses.replace(PROVED, tuning=gives_up), TWO_WAYS, Settings())
    assert out.status == "solved" and out.unique is False and told == [None]


# --- the guess proved without a model (`Deductions.found`, `pipeline._found_answer`) ----------

# the guess uses every cell a kept answer may use (not the top row's two); its detour through
# them is a second answer
DETOURED = text_puzzle("1..\n.22\n..1")


def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "_build", lambda *a: pytest.fail("a model was built"))


@pytest.mark.parametrize(("p", "unique"), [(PUZZLE, True), (DETOURED, False)])
def test_the_guess_proved_needs_no_model(monkeypatch, p, unique):
    no_model(monkeypatch)
    told = told_others(monkeypatch)
    out = solve_puzzle(PROVED, p, Settings())
    assert out.status == "solved" and out.unique is unique and out.note == pipeline.FOUND
    assert out.guessed and out.answer == numberlink.deduce(p, PROVED.tuning).found
    assert len(told) == 1 and bool(told[0]) is not unique and bool(out.differ) is not unique
    n = len(numberlink._edges(p))
    assert out.deduced == (n if unique else 0, n)  # fixed, of all: the proof decided them all
    out = solve_puzzle(PROVED, p, Settings(), check_unique=False)
    assert len(told) == 1 and out.unique is None and out.note is None and out.answer


def test_where_the_proof_of_the_guess_gives_up_the_model_proves_it(monkeypatch):
    monkeypatch.setattr(numberlink.sat, "answers", lambda *a, **k: None)
    tuning = dataclasses.replace(PROVED.tuning, proof_count_work=1)
    told = told_others(monkeypatch)
    built, build = [], pipeline._build
    monkeypatch.setattr(pipeline, "_build", lambda *a: built.append(a) or build(*a))
    out = solve_puzzle(dataclasses.replace(PROVED, tuning=tuning), PUZZLE, Settings())
    assert told == [None] and len(built) == 1  # the proof is not asked a second time
    assert out.status == "solved" and out.answer == ANSWER and out.unique is True
    assert out.guessed and out.note != pipeline.FOUND


@pytest.mark.parametrize("late", ["_build", "_attempts"])
def test_out_of_time_in_the_model_after_the_proof_gave_up_keeps_the_guess(monkeypatch, late):
    def out_of_time(*args):
        raise OutOfTime

    monkeypatch.setattr(numberlink.sat, "answers", lambda *a, **k: None)
    tuning = dataclasses.replace(PROVED.tuning, proof_count_work=1)
    monkeypatch.setattr(pipeline, late, out_of_time)
    out = solve_puzzle(dataclasses.replace(PROVED, tuning=tuning), PUZZLE, Settings(time_limit=60))
    assert out.status == "solved" and out.answer == ANSWER and out.unique is None
    assert out.note.startswith("uniqueness not proved within the time limit of 60 s")


def test_out_of_time_in_the_proof_of_the_guess_keeps_it_unproved(monkeypatch):
    def late(*args):
        raise OutOfTime

    no_model(monkeypatch)
    monkeypatch.setattr(numberlink, "_others", late)
    out = solve_puzzle(PROVED, PUZZLE, Settings(time_limit=60))
    assert out.status == "solved" and out.answer == ANSWER and out.unique is None
    assert out.note.startswith("uniqueness not proved within the time limit of 60 s")


@pytest.mark.parametrize(
    ("broken", "says"), [("found", "own search's answer"), ("other", "another answer")]
)
def test_an_answer_of_the_genre_s_own_search_that_breaks_the_rules_is_a_bug(broken, says):
    # an empty set of segments joins no label: it breaks the rules, as no search should give
    bad = frozenset()
    found, other = (bad, ANSWER) if broken == "found" else (ANSWER, bad)
    told = Deductions(guess=found, found=found, others=lambda a: [other])
    genre = dataclasses.replace(PROVED, deduce=lambda p, tuning: told)
    with pytest.raises(RuntimeError, match=f"{says}.* breaks the rules"):
        solve_puzzle(genre, PUZZLE, Settings())


def test_a_guess_past_its_work_is_none():
    tuning = dataclasses.replace(PROVED.tuning, guess_sat_work=1)
    assert numberlink.deduce(PUZZLE, tuning).guess is None


@pytest.mark.slow
@pytest.mark.parametrize("genre", [RECOUNTED, SAT_ALONE, PROVED], ids=["count", "sat", "both"])
def test_the_proof_agrees_with_trying_every_path(monkeypatch, genre):
    """Random tiny puzzles with the count before the search given up: the verdicts of the
    search's answer and the proof (the count again; the SAT solver alone; or the SAT solver
    first, and the count before the search where no answer uses every cell) against brute
    force; the proof met proving an answer unique and finding another."""
    told = told_others(monkeypatch)
    guessed = set()
    rng = random.Random(5)
    for rows, cols, labels in [(4, 4, 3), (4, 5, 3), (5, 5, 4), (4, 5, 4)]:
        for _ in range(40):
            p = random_puzzle(rng, rows, cols, labels)
            answers = numberlink_answers(p, most=3)
            out = solve_puzzle(genre, p, Settings())
            if not answers:
                assert out.status == "infeasible", p
                continue
            assert out.status == "solved" and out.unique is (len(answers) == 1), p
            guessed.add(out.guessed)
    assert [] in told and (any(told) or genre is PROVED)  # there, most are counted before
    # the SAT solver's answer taken (with the count alone, none asked for)
    assert guessed == ({False} if genre is RECOUNTED else {True})


# --- verify ----------------------------------------------------------------------------------


def without(*segments: tuple) -> numberlink.Answer:
    return ANSWER - {tuple(sorted(s)) for s in segments}


def test_verify_rejects_a_cut_line():
    problems = numberlink.verify(PUZZLE, without(((0, 1), (1, 1))))
    assert problems and "a line ends at B1 (a dead end)" in problems


def test_verify_rejects_a_stray_loop():
    # a line down the left and along the bottom; a closed square of unused cells beside it
    p = Puzzle(((1, None, None), (None, None, None), (None, None, 1), (None, None, None)))
    line = {((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (2, 1)), ((2, 1), (2, 2))}
    assert numberlink.verify(p, frozenset(line)) == []
    loop = {((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)), ((0, 1), (1, 1))}
    problems = numberlink.verify(p, frozenset(line | loop))
    assert problems == ["a closed loop that joins no numbers runs through B1"]


def test_verify_rejects_lines_joining_different_numbers():
    p = Puzzle(((1, None, 2), (2, None, 1)))
    wrong = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 1)), ((1, 1), (1, 2))})
    problems = numberlink.verify(p, wrong)
    assert "the line from 1 at A1 ends at 2 at C1" in problems


def test_verify_rejects_a_branch_a_line_through_a_number_and_a_missing_line():
    branch = ANSWER | {((1, 5), (1, 6))}  # 3 at F2 sends a second line right
    assert any("the number at F2 has 2 lines" in s for s in numberlink.verify(PUZZLE, branch))
    assert "no line leaves the number at A1" in numberlink.verify(PUZZLE, without(((0, 0), (0, 1))))
    assert numberlink.verify(PUZZLE, ANSWER | {((6, 6), (7, 6))})  # off the grid
    assert numberlink.verify(PUZZLE, ANSWER | {((0, 0), (2, 0))})  # not a unit step


# --- bad input -------------------------------------------------------------------------------


def test_a_number_seen_once_names_its_cell():
    with pytest.raises(InputError, match="appears only once") as err:
        numberlink.parse(Grid("numberlink", [[1, None, 2], [None, None, 1]]))
    assert "sheet 'numberlink' cell C1" in str(err.value)


def test_a_number_seen_three_times_names_the_third():
    with pytest.raises(InputError, match=r"appears a third time \(also at A1, C1\)") as err:
        numberlink.parse(Grid("numberlink", [[3, None, 3], [None, 3, None]]))
    assert "sheet 'numberlink' cell B2" in str(err.value)


@pytest.mark.parametrize("bad", ["x!", "AB", -1, "1.5", "─", "?"])
def test_a_bad_value_names_its_cell(bad):
    with pytest.raises(InputError, match="number or letter") as err:
        numberlink.parse(Grid("numberlink", [[1, None], [bad, 1]]))
    assert "sheet 'numberlink' cell A2" in str(err.value)


def test_a_grid_without_numbers_is_refused():
    with pytest.raises(InputError, match="no numbers"):
        numberlink.parse(Grid("numberlink", [[None, None], [None, None]]))


# --- puzz.link -------------------------------------------------------------------------------

NUMLIN_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"  # pzprjs test/script/numlin.js
NUMLIN_ANSWER = "1┐┌─┐\n2││3│\n│││││\n│1││2\n└─┘└3"  # the null failcheck of that script


def test_numlin_url():
    p = numberlink.from_url(parse_url(NUMLIN_URL))
    assert p == text_puzzle("1....\n2..3.\n.....\n.1..2\n....3")
    out = solve_puzzle(numberlink.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == glyph_segments(NUMLIN_ANSWER)


def test_arukone_url_needs_the_e_flag():
    body = "5/5/1m2h3g3h1m2"  # pzprjs test/script/arukone.js: every cell used (no 'e')
    with pytest.raises(UrlError, match="every cell"):
        numberlink.from_url(parse_url(f"https://puzz.link/p?arukone/{body}"))
    p = numberlink.from_url(parse_url(f"https://puzz.link/p?arukone/e/{body}"))
    assert p.cells[0][0] == "A" and p.cells[2][1] == p.cells[2][3] == "C"
    assert p.ends()["B"] == ((1, 3), (4, 4))


def test_unknown_numbers_are_refused():
    with pytest.raises(UrlError, match="'\\?'"):
        numberlink.from_url(parse_url("https://puzz.link/p?numlin/2/1/.."))


@pytest.mark.parametrize(
    ("body", "told"),
    [
        ("3/1/1g1", None),
        ("3/1/111", "1 appears 3 times"),
        ("3/1/1h", "1 appears 1 time;"),
        ("4/1/1g12", "2 appears 1 time;"),
    ],
)
def test_a_number_at_other_than_two_ends_is_refused(body, told):
    """Each label marks two ends: a URL with a label once or three times (as in pzprjs's
    parser tests, e.g. penpa-edit's example list, Numberlink 4) is refused with the label and
    its count, not solved into "no answer"."""
    url = parse_url(f"https://puzz.link/p?numlin/{body}")
    if told is None:
        assert numberlink.from_url(url).ends() == {1: ((0, 0), (0, 2))}
    else:
        with pytest.raises(UrlError, match=told):
            numberlink.from_url(url)


def test_import_and_solve(tmp_path):
    out = tmp_path / "book.xlsx"
    assert main(["import", NUMLIN_URL, "-o", str(out), "--solve"]) == 0
    ws = OpenpyxlBook(out).wb["numberlink"]
    assert ws["A1"].value == 1 and ws["B1"].value == "┐" and ws["A5"].value == "└"
    assert ws["F6"].value == "E"


# --- check my answer ------------------------------------------------------------------------


def test_check_reads_a_hand_typed_answer_and_names_a_broken_rule(sample):
    """Typed as a person would: `-` `|` and corners; `×` for a cell without a line."""
    from conftest import type_by_hand

    from solver import check
    from solver.io.sheet.openpyxl_book import OpenpyxlBook
    from solver.mip.settings import Settings

    book = OpenpyxlBook(sample("numberlink"))
    ws = book.wb["numberlink"]
    type_by_hand(ws, EXAMPLE["solution_text"])
    assert ws["D1"].value == "-" and ws["G2"].value == "|" and ws["B1"].value == "┐"
    res = check.check_sheet(book, "numberlink", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()
    ws["D1"] = "×"  # the line from the 4 at C1 cut off
    res = check.check_sheet(book, "numberlink", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        ("E1's line goes left into D1, which shows no line", ["D1", "E1"]),
        ("a line ends at D1 (a dead end)", ["D1"]),
        ("no line leaves the number at C1", ["C1"]),
    ]
