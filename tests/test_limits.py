"""Limits that hold: the time limit over a whole sheet on every back end, the settings' values,
sizes of files, workbooks and grids refused before they are read whole, and trivial models."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import tempfile
import threading
import time
import tracemalloc
import zipfile
from dataclasses import replace
from pathlib import Path

import openpyxl
import pulp
import pytest
from conftest import SLACK

from solver import limits, pipeline
from solver.cli import main
from solver.genres import genre_by_slug
from solver.io import sheet
from solver.io.sheet import Grid, InputError, openpyxl_book
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import add_puzzle_sheet
from solver.limits import LONGER, LimitError, check_workbook_file
from solver.mip import backends, cbc, stage_files
from solver.mip.backends import LiveModel
from solver.mip.settings import SOLVERS, Settings, SolverError
from solver.pipeline import solve_puzzle, solve_sheet
from tests.generators import generator
from tests.test_stages import market_split

CountryRoad = genre_by_slug("country-road")

# --- settings --------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [math.nan, math.inf, -math.inf, 0, -1, "2", True])
def test_a_time_limit_must_be_a_finite_number_above_0(limit):
    with pytest.raises(SolverError, match="time limit must be a number of seconds above 0"):
        Settings("cbc", limit)


@pytest.mark.parametrize("threads", [0, -1, 1.5, "2"])
def test_threads_must_be_a_whole_number_from_1(threads):
    with pytest.raises(SolverError, match="thread count must be a whole number from 1"):
        Settings("highs", threads=threads)


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_huge_time_limit_is_no_limit(solver):
    prob = pulp.LpProblem("one", pulp.LpMinimize)
    x = prob.add_variable("x", 0, 1, cat=pulp.LpInteger)
    prob += pulp.lpSum([])
    prob += x + 0 == 1, "one"
    assert LiveModel(prob, Settings(solver, 1e300)).solve() == "solved"  # SCIP allows 1e20


def test_good_settings_pass():
    assert Settings("scip", 0.5, 1).time_limit == 0.5
    assert Settings("highs", 2).deadline() > time.perf_counter()
    assert Settings().deadline() is None


def test_the_command_line_refuses_a_nan_time_limit(sample, capsys):
    """CBC given `sec nan` stopped at once and said "infeasible" for a solvable puzzle."""
    assert main(["solve", str(sample("bomber")), "--solver", "cbc", "--time-limit", "nan"]) == 2
    err = capsys.readouterr().err
    assert "time limit must be a number of seconds above 0" in err and "Traceback" not in err


# --- the time limit holds for the whole sheet ------------------------------------------------


def hard_country_road() -> object:
    """A 20x20 country road with half the countries numbered: it builds in a few hundredths of
    a second, and no back end finishes it (with its uniqueness proof) in a minute."""
    import tests.generators.country_road as gen

    keep, gen.KEEP = gen.KEEP, 0.5
    try:
        return gen.generate(20, seed=20)[0]
    finally:
        gen.KEEP = keep


@pytest.mark.slow
@pytest.mark.parametrize("solver", SOLVERS)
def test_the_time_limit_holds_for_the_whole_sheet(solver, tmp_path):
    book, sheet = add_puzzle_sheet(tmp_path / "hard.xlsx", CountryRoad, hard_country_road())
    start = time.perf_counter()
    res = solve_sheet(book, sheet, Settings(solver, 2.0))
    seconds = time.perf_counter() - start
    assert res.status == "timeout" or (res.status == "solved" and res.unique is None), res
    assert seconds < 2.0 + SLACK, f"{solver}: {seconds:.2f} s for a limit of 2 s"


@pytest.fixture(scope="module")
def big_numberlink() -> object:
    return generator("numberlink").generate(30, seed=30)[0]


@pytest.mark.slow
@pytest.mark.parametrize("solver", SOLVERS)
def test_the_time_limit_holds_for_a_big_numberlink(solver, tmp_path, big_numberlink):
    """The issue's case: CBC was still running at 590 s with a limit of 2 s (its root
    processing ignores its own limit). The model takes about 0.5 s to build, more under load."""
    numberlink = genre_by_slug("numberlink")
    book, sheet = add_puzzle_sheet(tmp_path / "big.xlsx", numberlink, big_numberlink)
    start = time.perf_counter()
    solve_sheet(book, sheet, Settings(solver, 2.0))
    seconds = time.perf_counter() - start
    assert seconds < 2.0 + SLACK, f"{solver}: {seconds:.2f} s for a limit of 2 s"


@pytest.mark.parametrize("solver", SOLVERS)
def test_building_and_handing_over_a_model_count_too(solver, big_numberlink):
    """This 30x30 numberlink takes 0.5 s to build and 0.1-1 s to hand over to a solver, on a
    quiet machine: a limit of 0.2 s stops the build."""
    start = time.perf_counter()
    out = solve_puzzle(genre_by_slug("numberlink"), big_numberlink, Settings(solver, 0.2))
    seconds = time.perf_counter() - start
    assert out.status == "timeout" and out.rounds == 0
    assert seconds < 0.2 + SLACK, f"{solver}: {seconds:.2f} s for a limit of 0.2 s"


def test_deductions_cut_short_by_the_deadline_count_as_deduce(big_numberlink):
    """A genre's deductions that run until the deadline (numberlink's frontier count on a
    large sparse grid does) are the record's deduce seconds, not its build's."""

    def endless(puzzle, tuning):
        while True:
            limits.check_time()

    genre = replace(genre_by_slug("numberlink"), deduce=endless)
    out = solve_puzzle(genre, big_numberlink, Settings("highs", 0.2))
    assert out.status == "timeout"
    assert out.deduce_seconds >= 0.2
    assert out.build_seconds == out.deduce_seconds  # no build began


def test_the_deadline_between_the_solvers_runs_counts_as_solve(monkeypatch, sample):
    """The deadline's alarm outside the solver's own handlers (between two of its runs) still
    gives a timeout whose timings hold the build and the rest as solve (shikaku: no deductions
    decide it before the solver)."""
    book = sheet.openpyxl_book.OpenpyxlBook(sample("shikaku"))
    genre, _, puzzle = pipeline.read_puzzle(book, "shikaku")

    def alarm(*args, **kwargs):
        time.sleep(0.02)
        raise limits.OutOfTime

    monkeypatch.setattr(pipeline, "_attempts", alarm)
    out = solve_puzzle(genre, puzzle, Settings("highs", 60))
    assert out.status == "timeout"
    assert out.solve_seconds >= 0.02 and out.build_seconds > 0


def test_the_deadline_stops_a_build_in_progress(big_numberlink):
    genre = genre_by_slug("numberlink")
    with limits.deadline(time.perf_counter() + 0.05), pytest.raises(limits.OutOfTime):
        genre.build(big_numberlink, False)
    with limits.deadline(None):
        assert genre.build(big_numberlink, True).prob.constraints()


@pytest.mark.slow
def test_cbc_is_killed_when_its_root_processing_overruns_the_limit(
    tmp_path, monkeypatch, big_numberlink
):
    """CBC's own `sec` limit does not stop its root processing: on this 30x30 numberlink it ran
    for minutes. The child is killed at the deadline, and its files are removed."""
    m = genre_by_slug("numberlink").build(big_numberlink, False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    start = time.perf_counter()
    assert LiveModel(m.prob, Settings("cbc", 1.0)).solve() == "timeout"
    seconds = time.perf_counter() - start
    assert seconds < 1.0 + limits.CBC_KILL_GRACE + SLACK  # + the hand-over and the MPS file
    assert list(tmp_path.iterdir()) == []


def test_only_cbc_infeasible_at_the_limit_is_doubted():
    """A proof that HiGHS or SCIP found in the last 5% of the time left (a uniqueness solve
    near the deadline) stays a proof."""
    assert backends._classify(False, True, 0.99, 1.0, "highs") == "infeasible"
    assert backends._classify(False, True, 0.99, 1.0, "scip") == "infeasible"
    assert backends._classify(False, True, 0.99, 1.0, "cbc") == "timeout"
    assert backends._classify(False, True, 0.5, 1.0, "cbc") == "infeasible"
    assert backends._classify(False, False, 1.0, 1.0, "highs") == "timeout"


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit])
def test_cbc_is_killed_and_its_files_removed_when_python_is_interrupted(
    interrupt, tmp_path, monkeypatch
):
    """Ctrl-C (KeyboardInterrupt) or a SIGTERM handler's SystemExit while CBC runs."""
    started = []

    class Popen(subprocess.Popen):
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            started.append(self)

        def wait(self, timeout=None):
            if timeout is not None:  # the wait for the solver: the signal comes in
                raise interrupt
            return super().wait()

    monkeypatch.setattr(subprocess, "Popen", Popen)  # the module CBC runs through
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(interrupt):
        LiveModel(market_split(), Settings("cbc", 60)).solve()
    assert len(started) == 1 and started[0].returncode is not None  # killed and reaped
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("solver", SOLVERS)
def test_nothing_runs_after_the_deadline(solver, sample):
    """Lazy rounds and the uniqueness solve share the sheet's deadline: a solve that would start
    after it does not run at all, nor does a build."""
    genre, _, puzzle = pipeline.read_puzzle(OpenpyxlBook(sample("masyu")), "masyu")
    assert solve_puzzle(genre, puzzle, Settings(solver)).status == "solved"
    out = solve_puzzle(genre, puzzle, Settings(solver, 60), deadline=time.perf_counter() - 1)
    assert (out.status, out.rounds) == ("timeout", 0)
    live = LiveModel(genre.build(puzzle, False).prob, Settings(solver, 60))
    assert live.solve(time.perf_counter() - 1) == "timeout"


def test_one_deadline_from_the_start_of_reading_the_sheet(sample, monkeypatch):
    seen = []
    solve = LiveModel.solve

    def spy(self, deadline=None):
        seen.append(deadline)
        return solve(self, deadline)

    monkeypatch.setattr(LiveModel, "solve", spy)
    before = time.perf_counter()
    # hotaru beam's sample without its SAT solver (`deduce`): lazy rounds, then a uniqueness
    # solve (masyu's, decided whole by its rules before the solve, has one solve and its proof
    # without a second)
    mip = Settings("highs", 30, deduce=False)
    res = solve_sheet(OpenpyxlBook(sample("hotaru-beam")), "hotaru-beam", mip)
    assert res.status == "solved" and res.unique is True
    assert len(seen) >= 2 and len(set(seen)) == 1  # lazy rounds and the uniqueness solve
    assert before + 30 <= seen[0] <= before + 30 + (time.perf_counter() - before)


def test_a_uniqueness_proof_cut_short_says_so(sample, monkeypatch):
    calls = []
    solve = LiveModel.solve

    def second_runs_out(self, deadline=None):
        if any(c.name.startswith("no_good") for c in self.prob.constraints()):
            calls.append("unique")
            return "timeout"
        return solve(self, deadline)

    monkeypatch.setattr(LiveModel, "solve", second_runs_out)
    res = solve_sheet(OpenpyxlBook(sample("shikaku")), "shikaku", Settings("highs", 2))
    assert calls == ["unique"]
    assert res.status == "solved" and res.unique is None
    assert res.note == f"uniqueness not proved within the time limit of 2 s; {LONGER}"
    assert res.record()["note"] == res.note and res.record()["unique"] is None
    assert res.summary() == f"solved; uniqueness not proved within the time limit of 2 s; {LONGER}"


def test_no_answer_in_time_is_a_timeout_that_says_how_to_give_it_longer(sample, monkeypatch):
    monkeypatch.setattr(LiveModel, "solve", lambda self, deadline=None: "timeout")
    res = solve_sheet(OpenpyxlBook(sample("shikaku")), "shikaku", Settings("highs", 2))
    assert res.status == "timeout" and res.unique is None and res.answer is None
    assert res.error == f"no answer within the time limit of 2 s; {LONGER}"
    assert "--time-limit S" in LONGER and "'none'" in LONGER


# --- trivial and empty models ----------------------------------------------------------------


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("form", ["complete", "lazy"])
@pytest.mark.parametrize(
    ("slug", "cells"), [("masyu", [["○"]]), ("hashiwokakero", [[1]]), ("masyu", [["●"]])]
)
def test_a_one_cell_puzzle_is_infeasible_on_every_back_end(solver, form, slug, cells):
    """HiGHS given a model with no columns stopped with neither an answer nor a proof."""
    genre = genre_by_slug(slug)
    puzzle = genre.parse(Grid(slug, cells))
    assert solve_puzzle(genre, puzzle, Settings(solver, connectivity=form)).status == "infeasible"


@pytest.mark.parametrize("solver", SOLVERS)
def test_an_empty_one_cell_bomber_has_two_answers(solver):
    """No clue: the model has no rows and no columns; the cell may hold a bomb or not (the
    uniqueness cut brings in the cell's variable, which the model had not seen)."""
    genre = genre_by_slug("bomber")
    out = solve_puzzle(genre, genre.parse(Grid("bomber", [[None]])), Settings(solver))
    assert (out.status, out.unique) == ("solved", False)


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_model_without_variables_is_decided_by_its_rows(solver):
    prob = pulp.LpProblem("empty", pulp.LpMinimize)
    prob += pulp.lpSum([])
    assert LiveModel(prob, Settings(solver)).solve() == "solved"
    x = prob.add_variable("x", 0, 1, cat=pulp.LpInteger)
    prob += pulp.lpSum([x]) - x >= 0, "holds"  # a row whose variables cancel
    assert LiveModel(prob, Settings(solver)).solve() == "solved"
    prob += pulp.lpSum([x]) - x >= 1, "fails"
    assert LiveModel(prob, Settings(solver)).solve() == "infeasible"


def test_a_numberlink_without_a_pair_is_an_input_error():
    with pytest.raises(InputError, match="no numbers"):
        genre_by_slug("numberlink").parse(Grid("numberlink", [[None, None], [None, None]]))


# --- sizes -----------------------------------------------------------------------------------


def small_book(path: Path, sheets: int = 1) -> Path:
    wb = openpyxl.Workbook()
    wb.active.title = "bomber"
    for k in range(1, sheets):
        wb.create_sheet(f"s{k}")
    wb.save(path)
    return path


def quickly(fn, unblock=None, seconds: float = 5.0) -> dict[str, object]:
    """Run fn in a thread; fail if it is still running after `seconds` (a hang), after calling
    `unblock` to let the thread go."""
    box: dict[str, object] = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        if unblock:
            unblock()
        pytest.fail("hangs")
    return box


def test_a_fifo_named_xlsx_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.xlsx"
    os.mkfifo(fifo)
    box = quickly(lambda: OpenpyxlBook(fifo), unblock=lambda: open(fifo, "wb").close())
    assert isinstance(box.get("error"), LimitError), box
    assert "pipe.xlsx: not a regular file" in str(box["error"])


def test_a_link_to_dev_zero_is_refused(tmp_path, monkeypatch):
    def endless(*args, **kw):  # openpyxl would read /dev/zero until memory runs out
        raise AssertionError("/dev/zero handed to openpyxl")

    monkeypatch.setattr(openpyxl_book, "load_workbook", endless)
    link = tmp_path / "zero.xlsx"
    link.symlink_to("/dev/zero")
    box = quickly(lambda: OpenpyxlBook(link))
    assert isinstance(box.get("error"), LimitError), box
    assert "zero.xlsx: not a regular file" in str(box["error"])


def test_a_folder_named_xlsx_is_refused(tmp_path):
    (tmp_path / "dir.xlsx").mkdir()
    with pytest.raises(LimitError, match=r"dir\.xlsx: a folder"):
        OpenpyxlBook(tmp_path / "dir.xlsx")


def test_a_link_to_a_workbook_is_fine(tmp_path):
    book = small_book(tmp_path / "real.xlsx")
    (tmp_path / "link.xlsx").symlink_to(book)
    assert OpenpyxlBook(tmp_path / "link.xlsx").sheet_names() == ["bomber"]


def test_a_zip_bomb_is_refused_at_once_with_little_memory(tmp_path):
    book = small_book(tmp_path / "bomb.xlsx")
    with (
        zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as z,
        z.open("xl/media/image1.png", "w", force_zip64=True) as part,
    ):
        for _ in range(limits.MAX_PART_BYTES // limits.MB + 1):
            part.write(bytes(limits.MB))
    assert book.stat().st_size < limits.MAX_BOOK_BYTES  # small on disk
    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(LimitError, match=r"image1\.png unpacks to 21 MB, more than the 20 MB"):
        OpenpyxlBook(book)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert seconds < SLACK and peak < 5 * limits.MB


def test_many_parts_that_add_up_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_UNPACKED_BYTES", 100_000)
    book = small_book(tmp_path / "parts.xlsx")
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as z:
        for k in range(3):
            z.writestr(f"xl/media/image{k}.png", bytes(40_000))
    with pytest.raises(LimitError, match=r"unpacks to 1\d+ bytes, more than the 100000 bytes"):
        check_workbook_file(book)


def test_a_big_file_is_refused(tmp_path):
    big = tmp_path / "big.xlsx"
    with open(big, "wb") as fh:
        fh.truncate(limits.MAX_BOOK_BYTES + 1)
    with pytest.raises(LimitError, match="the file is 20 MB, more than the 20 MB"):
        check_workbook_file(big)


def test_too_many_sheets_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_SHEETS", 3)
    check_workbook_file(small_book(tmp_path / "three.xlsx", sheets=3))
    with pytest.raises(LimitError, match="4 sheets, more than the 3"):
        check_workbook_file(small_book(tmp_path / "four.xlsx", sheets=4))


def test_a_sentinel_at_the_last_cell_of_a_sheet_is_refused_at_once(tmp_path, monkeypatch):
    """openpyxl stores cells sparsely, so loading is fine; the grid of 16383 x 1048575 cells
    must not be materialised."""
    reads, real = [], sheet.normalize

    def normalize(value):  # stop a grid read that has no end in sight, before memory does
        reads.append(1)
        assert len(reads) < 100_000, "the whole rectangle is being read"
        return real(value)

    monkeypatch.setattr(sheet, "normalize", normalize)
    path = tmp_path / "far.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "bomber"
    ws["A1"], ws["XFD1048576"] = 1, "E"
    wb.save(path)
    book = OpenpyxlBook(path)
    tracemalloc.start()
    start = time.perf_counter()
    res = solve_sheet(book, "bomber", Settings())
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert res.status == "error" and res.error.startswith("sheet 'bomber' cell XFD1048576:")
    assert "1048575 rows by 16383 columns; at most 100 by 100" in res.error
    assert seconds < SLACK and peak < 5 * limits.MB


class FakeSheet:
    def __init__(self, rows: int, cols: int) -> None:
        self.name, self.cells = "bomber", {(1, 1): 1, (rows + 1, cols + 1): "E"}

    def used_cells(self):
        return iter(self.cells)

    def get(self, row, col):
        return self.cells.get((row, col))


def test_the_grid_size_limit():
    from solver.io.sheet import read_grid

    rows, cols = limits.MAX_GRID_ROWS, limits.MAX_GRID_COLS
    assert (read_grid(FakeSheet(rows, cols)).rows, read_grid(FakeSheet(rows, cols)).cols) == (
        rows,
        cols,
    )
    with pytest.raises(InputError, match=f"{rows + 1} rows by {cols} columns"):
        read_grid(FakeSheet(rows + 1, cols))
    with pytest.raises(InputError, match=f"{rows} rows by {cols + 1} columns"):
        read_grid(FakeSheet(rows, cols + 1))


@pytest.mark.parametrize("n", [36, 999])
def test_sudoku_larger_than_supported_is_refused(n):
    grid = Grid("sudoku", [[None] * n for _ in range(n)])
    with pytest.raises(InputError, match=f"a {n}x{n} sudoku is larger than the 25x25"):
        genre_by_slug("sudoku").parse(grid)


def test_pipeline_names_sheet_results_note_none_by_default(sample):
    res = solve_sheet(OpenpyxlBook(sample("sudoku")), "sudoku", Settings(deduce=False))
    assert res.status == "solved" and res.note is None and "note" in res.record()
    assert pipeline.SheetResult("b", "s", None, "error", "highs").record()["note"] is None


def test_cbc_does_not_start_once_writing_its_file_used_up_the_time(tmp_path, monkeypatch):
    def no_popen(*args, **kw):
        raise AssertionError("CBC started after the deadline")

    monkeypatch.setattr(subprocess, "Popen", no_popen)
    lp = tmp_path / "ms.lp"
    stage_files.write_lp(market_split(), lp, "puzzle-solver {}")
    assert cbc.run(lp, Settings("cbc", 1), time.perf_counter() - 0.01) is None


def test_stage_files_that_are_not_regular_files_are_refused(tmp_path, sample):
    """`run-lp` and `read-solution` read whole files: /dev/zero would never end."""
    lp, sol = tmp_path / "zero.lp", tmp_path / "zero.sol"
    lp.symlink_to("/dev/zero")
    sol.symlink_to("/dev/zero")
    with pytest.raises(SolverError, match=r"zero\.lp: not a regular file .* an \.lp model file"):
        backends.solve_lp_file(lp, Settings())
    res = pipeline.read_solution(OpenpyxlBook(sample("bomber")), "bomber", sol)
    assert res.status == "error" and "zero.sol: not a regular file" in res.error


def test_import_into_a_fifo_says_so(tmp_path, capsys):
    fifo = tmp_path / "pipe.xlsx"
    os.mkfifo(fifo)
    url = "https://puzz.link/p?mines/2/2/1h1"
    box = quickly(lambda: main(["import", url, "-o", str(fifo)]), lambda: open(fifo, "wb").close())
    assert box.get("value") == 2, box
    assert "pipe.xlsx: not a regular file" in capsys.readouterr().err


def test_a_cbc_that_cannot_run_is_a_message(monkeypatch):
    monkeypatch.setattr(cbc, "_path", lambda: "/nonexistent/cbc")
    with pytest.raises(SolverError, match=r"cannot run CBC \(/nonexistent/cbc\): No such file"):
        LiveModel(market_split(), Settings("cbc", 10)).solve()


# --- stopping: Ctrl-C, SIGTERM and the deadline wherever the run is -----------------------------


def _signal_soon(sig: int, after: float = 0.5) -> threading.Timer:
    timer = threading.Timer(after, os.kill, (os.getpid(), sig))
    timer.start()
    return timer


@pytest.mark.parametrize("solver", ["highs", "scip"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.slow
def test_a_signal_stops_an_in_process_solver_at_once(solver, sig):
    """HiGHS and SCIP run in the solver thread; the signal lands in the main thread, which
    stops the solver and raises KeyboardInterrupt, with no time limit at all."""
    m = CountryRoad.build(hard_country_road(), False)
    live = LiveModel(m.prob, Settings(solver, None))
    with limits.stopping():
        timer = _signal_soon(sig)
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            live.solve()
        timer.join()
    assert time.perf_counter() - start < 0.5 + SLACK  # stopped: the search takes hours
    assert not limits.abandoned()


def test_the_deadline_stops_a_loop_that_never_checks_the_clock():
    """Under `stopping`, the deadline's alarm raises OutOfTime in pure Python code."""
    with (
        limits.stopping(),
        pytest.raises(limits.OutOfTime),
        limits.deadline(time.perf_counter() + 0.2),
    ):
        while True:
            pass


def test_no_alarm_outside_stopping_nor_after_its_block():
    with limits.deadline(time.perf_counter() + 0.05):
        time.sleep(0.2)  # no alarm: nobody handles it
    with limits.stopping():
        with limits.deadline(time.perf_counter() + 0.05):
            pass
        time.sleep(0.2)  # the block ended before its deadline: its alarm never rings


def test_a_shielded_block_runs_whole_and_raises_after():
    done = []
    with (
        limits.stopping(),
        pytest.raises(limits.OutOfTime),
        limits.deadline(time.perf_counter() + 0.05),
        limits.shielded(),
    ):
        time.sleep(0.3)
        done.append(True)
    assert done == [True]


def test_a_solver_that_does_not_stop_is_left_behind_at_the_deadline():
    """A solver call that ignores the request to stop: the wait ends SOLVER_STOP_GRACE after
    the deadline with OutOfTime, and its thread is listed as abandoned until it ends."""
    release = threading.Event()
    asked = []
    with pytest.raises(limits.OutOfTime):
        limits.run_solver(release.wait, lambda: asked.append(1), time.perf_counter() + 0.1)
    assert asked and limits.abandoned()
    release.set()
    for t in limits.abandoned():
        t.join()
    assert not limits.abandoned()


def test_a_solver_stopped_before_the_callers_deadline_is_waited_for():
    """A run told to stop before the caller's deadline (numberlink's filled-grid guess, at half
    the time left) whose solver takes longer than SOLVER_STOP_GRACE to heed the request (HiGHS
    in a large root LP) is waited for while the caller's deadline is ahead, not left running
    on the model that the next run uses."""
    release = threading.Event()
    asked = []

    def stop():
        if not asked:  # the solver heeds the request a while after it
            threading.Timer(2 * limits.SOLVER_STOP_GRACE, release.set).start()
        asked.append(1)

    with limits.deadline(time.perf_counter() + 60):
        limits.run_solver(release.wait, stop, time.perf_counter() + 0.1)
    assert asked and release.is_set() and not limits.abandoned()


def test_what_the_solver_call_raises_is_raised_in_the_caller():
    def fail():
        raise ValueError("from the solver")

    with pytest.raises(ValueError, match="from the solver"):
        limits.run_solver(fail, lambda: None, None)


def test_the_alarm_raises_nothing_more_once_the_deadline_was_told():
    """Where `check_time` has raised OutOfTime for a deadline, that deadline's alarm, ringing a
    moment later while the caller handles the first (recording where the time went), raises no
    second one out of the handler; a deadline not told yet is raised by its alarm as before."""
    rang = limits._stopping.alarm_rang
    try:
        with limits.deadline(time.perf_counter() - 1):  # passed; no alarm outside `stopping`
            with pytest.raises(limits.OutOfTime):
                limits.check_time()
            limits._stopping.alarm_rang = True  # the alarm, as it rings
            limits._stopping.on_signal(signal.SIGINT, None)
        with limits.deadline(time.perf_counter() - 1), pytest.raises(limits.OutOfTime):
            limits._stopping.alarm_rang = True
            limits._stopping.on_signal(signal.SIGINT, None)
    finally:
        limits._stopping.alarm_rang = rang


def test_the_check_of_an_answer_the_deductions_decided_counts_as_solve(sample):
    """Where the deductions decide the whole answer and no solver runs, the genre's `verify`
    of it is the record's solve step (each step of the sheet's time is in one of them)."""
    genre, _, puzzle = pipeline.read_puzzle(OpenpyxlBook(sample("bomber")), "bomber")
    rules = genre.verify

    def slow(p, answer):
        time.sleep(0.05)
        return rules(p, answer)

    out = solve_puzzle(replace(genre, verify=slow), puzzle, Settings("highs", 60))
    assert (out.status, out.note) == ("solved", pipeline.DECIDED)
    assert out.solve_seconds >= 0.05
