"""A sign of life: the status of the sheet being solved, on a terminal (stderr only), from batch
workers, and in Excel's status bar; and what it costs when nobody watches (nothing)."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

from solver import batch, pipeline, progress
from solver.cli import main
from solver.genres import genre_by_slug
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import add_puzzle_sheet
from solver.mip.backends import LiveModel
from solver.mip.settings import SOLVERS, Settings
from tests.test_limits import hard_country_road

CLI = [sys.executable, "-m", "solver.cli"]


def pure(solver: str) -> Settings:
    """Settings for the pure MIP: without the deductions, which decide heyawake's sample whole
    before any search."""
    return Settings(solver, deduce=False)


class Recorder:
    """A reporter that keeps a copy of every status it is given."""

    def __init__(self) -> None:
        self.seen: list[progress.Status] = []

    def update(self, status: progress.Status) -> None:
        self.seen.append(progress.Status(**vars(status)))


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def solved_with(recorder: Recorder, path: Path, sheet: str, settings: Settings):
    with progress.reporting(recorder), progress.sheet(path.name, sheet, settings.time_limit):
        return pipeline.solve_sheet(OpenpyxlBook(path), sheet, settings)


def steps(seen: list[progress.Status]) -> list[tuple[str, int]]:
    """The phases and rounds reported, each once, in order."""
    out: list[tuple[str, int]] = []
    for s in seen:
        if not out or out[-1] != (s.phase, s.round):
            out.append((s.phase, s.round))
    return out


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_phases_come_in_order_and_every_lazy_round_is_counted(sample, solver):
    """Hotaru beam's sample, without its SAT solver (`deduce`), needs lazy cuts on every back
    end (slitherlink's and masyu's need none: the rules decide them before the solve,
    solver.deduce.loop_logic)."""
    rec = Recorder()
    mip = Settings(solver, 60, deduce=False)
    res = solved_with(rec, sample("hotaru-beam"), "hotaru-beam", mip)
    out = res.outcome
    assert res.status == "solved" and res.unique is True and out.lazy and out.cuts > 0
    seen = steps(rec.seen)
    assert list(dict.fromkeys(p for p, _ in seen)) == list(progress.PHASES)
    rounds = [r for p, r in seen if p in ("solving", "unique") and r > 0]
    assert len(rounds) == out.rounds  # every solve, lazy re-solves and the uniqueness one
    assert max(rounds) > 1  # lazy rounds (in the first solve or the uniqueness one)
    assert rec.seen[-1].cuts == out.cuts and {s.book for s in rec.seen} == {"hotaru-beam.xlsx"}
    assert all(s.limit == 60 for s in rec.seen)
    assert rec.seen[0].started == rec.seen[-1].started  # one clock for the sheet


def test_nothing_is_reported_and_no_solver_is_hooked_when_nobody_watches(sample, monkeypatch):
    """Heyawake's sample: both solvers search it, without the deductions before the search
    (solver.deduce.shade_logic, which decide it whole; masyu's is decided in HiGHS's presolve)."""
    calls = []
    monkeypatch.setattr(progress.SolverWatch, "due", lambda self: calls.append(1) or True)
    path = sample("heyawake")
    for solver in ("highs", "scip"):
        with progress.sheet(path.name, "heyawake") as status:
            res = pipeline.solve_sheet(OpenpyxlBook(path), "heyawake", pure(solver))
        assert status is None and res.status == "solved" and calls == []
    rec = Recorder()
    for solver in ("highs", "scip"):  # the same runs, watched: the callbacks fire
        calls.clear()
        solved_with(rec, path, "heyawake", pure(solver))
        assert rec.seen and calls, solver


@pytest.mark.parametrize("solver", ["highs", "scip"])
@pytest.mark.slow
def test_the_solver_reports_nodes_and_no_answer_yet_while_it_searches(solver):
    """A hard 20x20 country road (complete form: one long search): the callbacks report."""
    m = genre_by_slug("country-road").build(hard_country_road(), False)
    rec = Recorder()
    with progress.reporting(rec):
        live = LiveModel(m.prob, Settings(solver))
        assert live.solve(time.perf_counter() + 1.5) == "timeout"
    searching = [s for s in rec.seen if s.nodes is not None]
    assert searching and all(s.found is False for s in searching)
    assert all(s.bound is None and s.gap is None for s in searching)  # no objective


def test_the_status_line_text():
    s = progress.Status("b.xlsx", "masyu", "solving", round=1, limit=300, started=0.0)
    assert s.text(now=2.5) == "b.xlsx [masyu]: solving, 2.5 s of 300 s"
    s.round, s.cuts, s.nodes, s.found = 3, 41, 1234, False
    assert s.text(2.5) == (
        "b.xlsx [masyu]: lazy round 3 (41 cuts), 2.5 s of 300 s, 1,234 nodes, no answer yet"
    )
    s.phase, s.round, s.found, s.limit = "unique", 2, True, None
    assert s.text(2.5).startswith("b.xlsx [masyu]: proving uniqueness, lazy round 2 (41 cuts)")
    assert s.text(2.5).endswith("2.5 s, 1,234 nodes, another answer found")
    s.bound, s.gap = 7.0, 0.125
    assert s.text(2.5).endswith(", bound 7, gap 12.5%")
    assert (
        progress.Status("", "s", "model", started=0.0).text(1) == "[s]: building the model, 1.0 s"
    )


def test_a_status_crosses_to_another_process_with_its_clock():
    s = progress.Status("b.xlsx", "s", "unique", round=2, cuts=5, nodes=9, started=100.0)
    sent = json.loads(json.dumps(s.fields()))  # plain data
    got = progress.Status.from_fields(sent, now=1000.0)
    assert got.text(1000.0) == s.text(100.0 + sent["elapsed"])


def test_a_new_round_forgets_what_the_solver_said_of_the_last():
    rec = Recorder()
    with progress.reporting(rec), progress.sheet("b", "s"):
        progress.report(phase="solving", round=1)
        progress.report(nodes=5, found=False)
        progress.report(round=2, cuts=3)
        progress.report(phase="unique")
    assert [(s.round, s.nodes) for s in rec.seen] == [
        (0, None),
        (1, None),
        (1, 5),
        (2, None),
        (0, None),
    ]


def test_the_terminal_line_redraws_at_most_four_times_a_second_and_clears():
    tty = Tty()
    line = progress.TerminalReporter(progress.Line(tty), tick=False)
    status = progress.Status("b.xlsx", "s", "solving", round=1)
    for _ in range(100):
        line.update(status)
    assert tty.getvalue().count("\r") == 1 and "b.xlsx [s]: solving" in tty.getvalue()
    line.drawn_at -= progress.INTERVAL  # a quarter second later
    line.update(status)
    assert tty.getvalue().count("\r") == 2
    line.clear()
    assert tty.getvalue().endswith("\r\x1b[K")


def test_the_terminal_line_ticks_while_the_solver_says_nothing():
    tty = Tty()
    with progress.TerminalReporter(progress.Line(tty), interval=0.02) as line:
        line.update(progress.Status("b", "s", "solving", started=time.perf_counter()))
        time.sleep(0.3)
    drawn = [t for t in tty.getvalue().split("\r") if t.startswith("b [s]")]
    assert len(drawn) >= 3 and len(set(drawn)) >= 2  # the seconds went on
    assert tty.getvalue().endswith("\r\x1b[K")  # cleared at the end


def test_the_line_fits_the_terminal_wide_characters_counted_twice():
    assert progress.fit("ボンバー [x]", 12) == "ボンバー [x]"
    assert progress.fit("ボンバーパズル", 8) == "ボンバ…"
    assert progress.fit("abcdef", 4) == "abc…"


def test_solve_on_a_terminal_shows_the_status_on_stderr_only(sample, monkeypatch, capsys):
    book = sample("masyu")
    tty = Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["solve", str(book), "--json", "--out", str(book.parent / "out")]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["solved"]
    shown = tty.getvalue()
    assert "\rmasyu.xlsx [masyu]: reading the sheet, 0.0 s of 300 s" in shown
    assert shown.count("\r\x1b[K") >= 1  # cleared before the summary


def test_not_on_a_terminal_nothing_is_shown_and_nothing_hooked(sample, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(progress.SolverWatch, "due", lambda self: calls.append(1) or True)
    book = sample("masyu")
    assert main(["solve", str(book), "--out", str(book.parent / "out")]) == 0  # not a tty
    assert "\r" not in capsys.readouterr().err and calls == []


@pytest.mark.slow
def test_workers_send_their_status_to_the_main_process(tmp_path, sample):
    add_puzzle_sheet(tmp_path / "hard.xlsx", genre_by_slug("country-road"), hard_country_road())
    jobs = [
        batch.Job(p, tmp_path / "out" / p.name, None, Settings("highs", 1.5))
        for p in (tmp_path / "hard.xlsx", sample("bomber"))
    ]
    seen: list[list[progress.Status]] = []
    done = []
    batch.run(jobs, 2, lambda i, b: done.append(i), seen.append)
    assert sorted(done) == [0, 1]
    running = [s for batch_ in seen for s in batch_]
    assert {s.book for s in running} >= {"hard.xlsx"}
    assert {"solving"} <= {s.phase for s in running if s.book == "hard.xlsx"}
    assert all(s.limit == 1.5 and s.elapsed() < 30 for s in running)


@pytest.mark.slow
def test_the_json_stream_has_no_status_even_with_stderr_a_terminal(tmp_path, sample):
    """The installed command, stderr a real terminal (pty), two books in two workers."""
    for slug in ("masyu", "bomber"):
        sample(slug)
    controller, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [*CLI, "solve", str(tmp_path), "--json", "--jobs", "2", "--out", str(tmp_path / "out")],
            stdout=subprocess.PIPE,
            stderr=terminal,
            cwd=ROOT,
            timeout=120,
            check=False,
            env={**os.environ, "COLUMNS": "200"},
        )
        os.close(terminal)
        terminal = -1
        err = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
    finally:
        os.close(controller)
        if terminal >= 0:
            os.close(terminal)
    assert done.returncode == 0, err
    lines = done.stdout.decode().splitlines()
    assert sorted(json.loads(line)["genre"] for line in lines) == ["bomber", "masyu"]
    assert b"\r" not in done.stdout and b"\x1b" not in done.stdout
    assert b"book" in err  # the summary went to the terminal


def test_the_help_and_the_readme_tell_of_the_time_limit_and_the_status_line(capsys):
    assert main(["solve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "300 s per sheet by default" in text and "'timeout'" in text
    assert "a status line on stderr" in text and "lazy round N" in text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "300 s per sheet by default" in readme
    assert "status line" in readme and "never on stdout" in readme


def test_one_search_turns_to_the_proof_when_it_finds_the_answer(sample, monkeypatch):
    """heyawake on its own back end: one SCIP search finds the answer and goes on to prove it
    unique (solver.mip.scip_lazy); the phase turns to "unique" when the answer is found. (Without
    the deductions before the search, which decide the sample whole.)"""
    rec = Recorder()
    res = solved_with(rec, sample("heyawake"), "heyawake", pure("default"))
    assert res.status == "solved" and res.unique is True and res.outcome.rounds == 1
    assert list(dict.fromkeys(p for p, _ in steps(rec.seen))) == list(progress.PHASES)
