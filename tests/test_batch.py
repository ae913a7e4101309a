"""Batch solving: one bad sheet, book or worker never costs the rest; books are read once and
saved as soon as they are done; nothing is left behind (processes, temporary files); output
paths are checked before solving; arguments and exit codes."""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver import batch, pipeline
from solver.cli import main
from solver.genres import genre_by_slug
from solver.io.sheet.answer import RECORD_SHEET
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import add_puzzle_sheet
from solver.mip.settings import Settings
from tests.test_limits import hard_country_road

ROOT = Path(__file__).resolve().parent.parent


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def two_sheet_book(path: Path, sample) -> Path:
    """A book with a bomber and a sudoku sheet."""
    book = OpenpyxlBook(sample("bomber"))
    sudoku = OpenpyxlBook(sample("sudoku")).wb["sudoku"]
    ws = book.wb.create_sheet("sudoku")
    for row in sudoku.iter_rows():
        for cell in row:
            ws.cell(cell.row, cell.column).value = cell.value
    book.save(path)
    return path


# --- one bad sheet or book never costs the rest -------------------------------------------------


def test_a_sheet_that_raises_is_an_error_record_and_the_rest_is_solved(books, capsys, monkeypatch):
    real = pipeline.solve_sheet

    def broken(book, sheet, *args, **kw):
        if sheet == "bomber":
            raise ZeroDivisionError("division by zero")
        return real(book, sheet, *args, **kw)

    monkeypatch.setattr(pipeline, "solve_sheet", broken)
    assert main(["solve", str(books), "--json", "--jobs", "1"]) == 1
    out, err = capsys.readouterr()
    bomber, sudoku = records(out)
    assert bomber["status"] == "error" and bomber["answer"] is None
    assert bomber["error"].startswith("sheet 'bomber': ZeroDivisionError: division by zero")
    assert "--debug" in bomber["error"] and "Traceback" not in err
    assert sudoku["status"] == "solved"
    assert (books / "solved" / "sudoku.xlsx").exists()
    assert not (books / "solved" / "bomber.xlsx").exists()  # nothing solved in it: not saved
    assert "bomber.xlsx: nothing solved; not saved" in err

    book = str(books / "bomber.xlsx")
    for args in (["--debug", "solve", book], ["solve", "--debug", book]):
        assert main([*args, "--json"]) == 1
        err = capsys.readouterr().err
        assert "Traceback" in err and "ZeroDivisionError" in err


def test_merged_answer_cells_cost_only_their_sheet(tmp_path, sample, capsys):
    path = two_sheet_book(tmp_path / "two.xlsx", sample)
    book = OpenpyxlBook(path)
    book.wb["bomber"].merge_cells("C2:D2")  # D2 holds a bomb of the answer
    book.save()
    assert main(["solve", str(path), "--json", "--jobs", "1"]) == 1
    bomber, sudoku = records(capsys.readouterr().out)
    assert bomber["status"] == "error" and bomber["error"].startswith("sheet 'bomber'")
    assert sudoku["status"] == "solved"
    solved = OpenpyxlBook(tmp_path / "solved" / "two.xlsx")
    ws = solved.wb["bomber"]
    shown = [c.value for row in ws.iter_rows() for c in row]
    assert "●" not in shown  # the half-written answer was taken back
    rec = solved.wb[RECORD_SHEET]
    assert {c.value for c in rec["A"]} == {"sudoku"}
    assert solved.wb["sudoku"]["C1"].value == 6


def test_a_half_written_answer_is_taken_back(tmp_path, sample, capsys, monkeypatch):
    path = two_sheet_book(tmp_path / "two.xlsx", sample)
    real_write = batch.write_answer

    def write(book, sheet, writes, **_):
        if sheet == "bomber":
            real_write(book, sheet, writes[:3])
            raise RuntimeError("the disk went away")
        return real_write(book, sheet, writes)

    monkeypatch.setattr(batch, "write_answer", write)
    assert main(["solve", str(path), "--json"]) == 1
    bomber, sudoku = records(capsys.readouterr().out)
    assert bomber["status"] == "error" and bomber["error"].startswith(
        "sheet 'bomber': RuntimeError: the disk went away"
    )
    assert sudoku["status"] == "solved"
    solved = OpenpyxlBook(tmp_path / "solved" / "two.xlsx")
    assert "●" not in [c.value for row in solved.wb["bomber"].iter_rows() for c in row]
    assert {c.value for c in solved.wb[RECORD_SHEET]["A"]} == {"sudoku"}


def test_a_half_written_answer_that_cannot_be_taken_back_is_never_saved(
    tmp_path, sample, capsys, monkeypatch
):
    path = two_sheet_book(tmp_path / "two.xlsx", sample)
    real_write, real_clear = batch.write_answer, batch.clear_answer

    def write(book, sheet, writes, **_):
        if sheet == "sudoku":
            real_write(book, sheet, writes[:5])
            raise RuntimeError("the disk went away")
        return real_write(book, sheet, writes)

    def clear(book, sheet):
        if sheet == "sudoku":
            raise RuntimeError("record sheet damaged")
        return real_clear(book, sheet)

    monkeypatch.setattr(batch, "write_answer", write)
    monkeypatch.setattr(batch, "clear_answer", clear)
    before = path.read_bytes()
    assert main(["solve", str(path), "--json", "--in-place"]) == 3
    out, err = capsys.readouterr()
    assert "two.xlsx: not saved: sheet 'sudoku': writing the answer failed half way" in err
    bomber, sudoku = records(out)
    assert sudoku["status"] == "error" and sudoku["error"].startswith(
        "sheet 'sudoku': writing the answer failed half way"
    )
    assert bomber["status"] == "error"
    assert bomber["error"].startswith("solved, but the book was not saved: sheet 'sudoku'")
    assert path.read_bytes() == before


def test_an_unopenable_book_is_an_error_record_and_the_rest_is_solved(books, capsys):
    (books / "broken.xlsx").write_bytes(b"not a zip file")
    assert main(["solve", str(books), "--json", "--jobs", "2"]) == 3
    out, err = capsys.readouterr()
    got = {r["book"]: r for r in records(out)}
    assert got["broken.xlsx"]["status"] == "error" and got["broken.xlsx"]["sheet"] == ""
    assert got["broken.xlsx"]["error"].startswith("cannot open the workbook:")
    assert got["bomber.xlsx"]["status"] == got["sudoku.xlsx"]["status"] == "solved"
    assert "broken.xlsx: error; cannot open the workbook" in err


def test_a_book_refused_by_a_size_limit_is_its_record(books, capsys, monkeypatch):
    from solver import limits

    big = books / "big.xlsx"
    book = OpenpyxlBook(books / "bomber.xlsx")
    book.wb.create_sheet("notes")["A1"] = "x" * 50_000  # bigger than sudoku.xlsx
    book.save(big)
    monkeypatch.setattr(limits, "MAX_BOOK_BYTES", big.stat().st_size - 1)
    assert main(["solve", str(big), str(books / "sudoku.xlsx"), "--json", "--jobs", "1"]) == 3
    refused, sudoku = records(capsys.readouterr().out)
    assert refused["book"] == "big.xlsx" and refused["status"] == "error"
    assert (
        refused["error"].startswith("big.xlsx: the file is") and "Save it" not in (refused["error"])
    )
    assert sudoku["status"] == "solved"
    assert main(["lp", str(big)]) == 2  # a stage command: refused input, in its own words
    assert capsys.readouterr().err.startswith("puzzle-solver: big.xlsx: the file is")


def test_a_missing_sheet_is_that_books_error(books, capsys):
    assert main(["solve", str(books), "--sheet", "sudoku", "--json"]) == 1
    bomber, sudoku = records(capsys.readouterr().out)
    assert bomber["status"] == "error" and "no such sheet in bomber.xlsx" in bomber["error"]
    assert sudoku["status"] == "solved"


def test_a_book_is_read_once_and_saved_when_its_sheets_are_done(
    tmp_path, sample, capsys, monkeypatch
):
    path = two_sheet_book(tmp_path / "two.xlsx", sample)
    opened: list[Path] = []

    class Counting(OpenpyxlBook):
        def __init__(self, p) -> None:
            opened.append(Path(p))
            super().__init__(p)

    saved_when: list[int] = []
    real_save = Counting.save

    def save(self, target=None):
        saved_when.append(len(opened))
        return real_save(self, target)

    monkeypatch.setattr(Counting, "save", save)
    monkeypatch.setattr(batch, "OpenpyxlBook", Counting)
    second = shutil.copy(sample("bomber"), tmp_path / "z.xlsx")
    assert main(["solve", str(path), str(second), "--jobs", "1"]) == 0
    assert opened == [path, Path(second)]
    assert saved_when == [1, 2]  # the first book was saved before the second was opened
    out = capsys.readouterr().out
    assert "two.xlsx  bomber" in out and "two.xlsx  sudoku" in out


def test_save_failure_is_that_books_record_and_the_input_is_untouched(books, capsys, monkeypatch):
    real_save = OpenpyxlBook.save

    def save(self, target=None):
        if self.name == "bomber.xlsx":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        return real_save(self, target)

    monkeypatch.setattr(OpenpyxlBook, "save", save)
    before = (books / "bomber.xlsx").read_bytes()
    assert main(["solve", str(books), "--json", "--in-place", "--jobs", "1"]) == 3
    out, err = capsys.readouterr()
    bomber, sudoku = records(out)
    assert bomber["status"] == "error" and bomber["unique"] is None and bomber["answer"] is None
    assert "No space left on device" in bomber["error"] and "is untouched" in bomber["error"]
    assert sudoku["status"] == "solved"
    assert (books / "bomber.xlsx").read_bytes() == before
    assert OpenpyxlBook(books / "sudoku.xlsx").wb["sudoku"]["C1"].value == 6
    assert "bomber.xlsx: not saved to" in err


def test_a_write_error_while_saving_is_that_books_record(books, tmp_path):
    """A real write error, in a process whose files may not grow beyond 4000 bytes (as on a
    full disk): each book's records say why it was not saved, inputs stay as they were, no
    temporary file is left, and no 'Exception ignored' noise from the half-written zip."""
    before = {p.name: p.read_bytes() for p in books.iterdir()}

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    p = cli("solve", str(books), "--json", "--jobs", "1", preexec_fn=small_files)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 3, err
    for r in records(out):
        assert r["status"] == "error"
        assert r["error"].startswith(f"solved, but the book was not saved to {books / 'solved'}")
        assert r["error"].endswith(f"File too large; {books / r['book']} is untouched")
    assert "Exception ignored" not in err and "Traceback" not in err
    assert {p.name: p.read_bytes() for p in books.iterdir() if p.is_file()} == before
    assert list((books / "solved").iterdir()) == []


def test_a_refusal_inside_save_is_that_books_record(books, capsys):
    (books / "bomber.xlsx").chmod(0o444)
    before = (books / "bomber.xlsx").read_bytes()
    assert main(["solve", str(books), "--json", "--in-place", "--jobs", "2"]) == 3
    bomber, sudoku = records(capsys.readouterr().out)
    assert bomber["status"] == "error"
    message = bomber["error"]  # the refusal's own words, from OpenpyxlBook.save
    assert message.startswith(f"solved, but the book was not saved: {books / 'bomber.xlsx'}: ")
    assert "read-only" in message and message.endswith(f"{books / 'bomber.xlsx'} is untouched")
    # an error record claims no answer: none reached the book
    assert bomber["unique"] is None and bomber["answer"] is None and bomber["note"] is None
    assert sudoku["status"] == "solved" and sudoku["unique"] is True
    assert (books / "bomber.xlsx").read_bytes() == before


def test_only_books_written_to_are_saved(books, capsys):
    book = OpenpyxlBook(books / "bomber.xlsx")
    book.wb["bomber"]["B2"] = 8  # infeasible
    book.save()
    plain = OpenpyxlBook(books / "sudoku.xlsx")
    plain.wb["sudoku"].title = "notes"  # no sheet named after a genre
    plain.save(books / "notes.xlsx")
    assert main(["solve", str(books / "bomber.xlsx"), str(books / "notes.xlsx")]) == 1
    out = capsys.readouterr().out
    assert not (books / "solved").exists()
    assert "bomber.xlsx: nothing solved; not saved" in out
    assert "notes.xlsx: no sheet named after a genre; not saved" in out
    assert main(["solve", str(books / "notes.xlsx")]) == 2
    assert "no sheet named after a genre in" in capsys.readouterr().err


def test_a_sheet_named_near_a_genre_is_said_to_be_skipped(books, capsys):
    plain = OpenpyxlBook(books / "sudoku.xlsx")
    plain.wb["sudoku"].title = "sudoku1"  # not a genre's name, but close to one
    plain.save(books / "typo.xlsx")
    assert main(["solve", str(books / "typo.xlsx")]) == 2
    said = "typo.xlsx: sheet 'sudoku1' skipped: no genre is named so; if it holds a sudoku, "
    assert said + "rename it 'sudoku'" in capsys.readouterr().err
    bomber = OpenpyxlBook(books / "bomber.xlsx")
    bomber.wb["bomber"].title = "bombr"
    bomber.wb.create_sheet("bomber")
    for row in bomber.wb["bombr"].iter_rows():
        for cell in row:
            bomber.wb["bomber"][cell.coordinate] = cell.value
    bomber.wb.create_sheet("Sheet1")  # an ordinary name is no typo: nothing said of it
    bomber.save(books / "both.xlsx")
    assert main(["solve", str(books / "both.xlsx")]) == 0
    out = capsys.readouterr().out
    assert "both.xlsx: sheet 'bombr' skipped: no genre is named so; if it holds a bomber" in out
    assert "Sheet1" not in out


def test_xlsm_books_leave_no_zipfile_noise(tmp_path, sample, monkeypatch, capsys):
    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    paths = [str(sample(slug, ".xlsm")) for slug in ("bomber", "sudoku", "wall-logic")]
    assert main(["solve", *paths, "--jobs", "1"]) == 0
    assert main(["solve", *paths, "--jobs", "1", "--sheet", "nope"]) == 1  # none saved
    gc.collect()
    assert unraisable == []


# --- output paths, checked before solving -------------------------------------------------------


def test_out_naming_a_file_is_refused_before_solving(books, capsys, monkeypatch):
    monkeypatch.setattr(batch, "solve_book", lambda job: pytest.fail("solved anyway"))
    (books / "x.txt").write_text("")
    assert main(["solve", str(books), "--out", str(books / "x.txt")]) == 2
    assert f"{books / 'x.txt'} is a file, not a folder; nothing was solved" in (
        capsys.readouterr().err
    )
    assert main(["solve", str(books), "--out", str(books / "x.txt" / "sub")]) == 2
    assert f"cannot make the folder {books / 'x.txt' / 'sub'}: {books / 'x.txt'} is a file" in (
        capsys.readouterr().err
    )


def test_an_unwritable_out_folder_is_refused_before_solving(books, capsys, monkeypatch):
    monkeypatch.setattr(batch, "solve_book", lambda job: pytest.fail("solved anyway"))
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != books)
    assert main(["solve", str(books), "--out", str(books / "new" / "deeper")]) == 2
    assert f"cannot write in the folder {books}" in capsys.readouterr().err
    assert not (books / "new").exists()


def test_a_full_disk_is_found_before_solving(books, capsys, monkeypatch):
    monkeypatch.setattr(batch, "solve_book", lambda job: pytest.fail("solved anyway"))
    monkeypatch.setattr(shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(10, 10, 1000))
    assert main(["solve", str(books)]) == 3
    err = capsys.readouterr().err
    assert re.search(r"has 0 KB free; saving the solved books there needs about \d+ KB", err)


def test_two_books_saved_to_one_file_is_refused(tmp_path, sample, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    shutil.copy(sample("bomber"), a / "p.xlsx")
    shutil.copy(sample("bomber"), b / "p.xlsx")
    assert main(["solve", str(a), str(b), "--out", str(tmp_path / "o")]) == 2
    assert "would both be saved as" in capsys.readouterr().err
    assert main(["solve", str(a), str(a / "p.xlsx")]) == 0  # one book named twice: solved once


# --- arguments, interruption, exit codes ------------------------------------------------------


@pytest.mark.parametrize(
    "option, value",
    [
        ("--time-limit", "-1"),
        ("--time-limit", "0"),
        ("--time-limit", "nan"),
        ("--time-limit", "inf"),
        ("--threads", "-5"),
        ("--threads", "0"),
        ("--jobs", "-3"),
        ("--jobs", "two"),
    ],
)
def test_bad_numbers_are_usage_errors(books, capsys, option, value):
    assert main(["solve", str(books), option, value]) == 2
    err = capsys.readouterr().err
    assert f"argument {option}" in err and repr(value) in err and "Traceback" not in err


def test_ctrl_c_ends_with_a_message_and_keeps_finished_books(books, capsys, monkeypatch):
    real = pipeline.solve_sheet

    def interrupted(book, sheet, *args, **kw):
        if sheet == "sudoku":
            raise KeyboardInterrupt
        return real(book, sheet, *args, **kw)

    monkeypatch.setattr(pipeline, "solve_sheet", interrupted)
    assert main(["solve", str(books), "--jobs", "1"]) == 130
    err = capsys.readouterr().err
    assert "interrupted; 1 of 2 books were done, 1 saved" in err and "Traceback" not in err
    assert (books / "solved" / "bomber.xlsx").exists()


def test_main_runs_outside_the_main_thread(capsys):
    """SIGTERM is handled only where Python allows it: the main thread."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(main, ["genres", "bomber"]).result() == 0
    assert "bomber" in capsys.readouterr().out


def test_an_unexpected_error_is_one_line_and_exit_4(capsys, monkeypatch):
    from solver import cli

    def broken(a):
        raise KeyError("slug")

    monkeypatch.setattr(cli, "cmd_genres", broken)
    assert main(["genres"]) == 4
    err = capsys.readouterr().err
    assert err == (
        "puzzle-solver: unexpected error: KeyError: 'slug' "
        "(run 'puzzle-solver --debug ...' for the traceback, and report it)\n"
    )
    with pytest.raises(KeyError):
        main(["--debug", "genres"])


def test_help_lists_the_exit_codes(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for code in ("0 ", "1 ", "2 ", "3 ", "4 ", "130"):
        assert f"\n  {code}" in out


# --- processes: workers, dead workers, nothing left behind ------------------------------------


def cli(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
    """The command line in a process of its own, as a user runs it."""
    kw = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kw}
    return subprocess.Popen(
        [sys.executable, "-m", "solver.cli", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        text=True,
        **kw,
    )


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    left = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.add(pid)
    return left


def cpu_seconds(pid: int) -> float:
    """The processor time a running process has had (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


@pytest.mark.slow
def test_a_dead_worker_costs_only_its_book(books, tmp_path, sample):
    shutil.copy(books / "bomber.xlsx", books / "other.xlsx")
    two_sheet_book(books / "two.xlsx", sample)  # bomber, then sudoku
    p = cli("solve", str(books), "--json", "--jobs", "2", env={batch.TEST_HOOK: "die:sudoku"})
    out, err = p.communicate(timeout=120)
    assert p.returncode == 1, err
    got = {(r["book"], r["sheet"]): r for r in records(out)}
    assert got["sudoku.xlsx", "sudoku"]["status"] == "error"
    assert got["sudoku.xlsx", "sudoku"]["error"] == (
        "sheet 'sudoku': the worker solving it died (killed by signal 9); "
        "nothing of sudoku.xlsx was saved"
    )
    assert got["two.xlsx", "bomber"]["status"] == got["two.xlsx", "sudoku"]["status"] == "error"
    assert got["two.xlsx", "bomber"]["error"] == (
        "sheet 'bomber': the worker died on sheet 'sudoku' (killed by signal 9); "
        "nothing of two.xlsx was saved"
    )
    assert got["bomber.xlsx", "bomber"]["status"] == "solved"
    assert got["other.xlsx", "bomber"]["status"] == "solved"
    assert sorted(q.name for q in (books / "solved").iterdir()) == ["bomber.xlsx", "other.xlsx"]
    assert "Traceback" not in err


def test_workers_do_not_outlive_a_killed_main_process(books, tmp_path):
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {batch.TEST_HOOK: "hang:bomber", "TMPDIR": str(tmp)}
    p = cli("solve", str(books), "--jobs", "2", env=env, **quiet)
    family: set[int] = set()
    try:
        wait_for(lambda: len(descendants(p.pid)) >= 4)  # tracker, fork server, 2 workers
        time.sleep(0.5)
        family = descendants(p.pid)
        p.kill()
        p.wait(timeout=60)
        wait_for(lambda: not alive(family), seconds=60)
        assert not list(tmp.glob("puzzle-solver-*"))  # the workers' temporary files
    finally:
        p.kill()
        for pid in alive(family):  # what the test found left behind
            os.kill(pid, signal.SIGKILL)


@pytest.mark.slow
def test_ctrl_c_with_workers_reports_every_finished_book(books, sample):
    shutil.move(sample("masyu"), books / "masyu.xlsx")
    p = cli("solve", str(books), "--json", "--jobs", "2", env={batch.TEST_HOOK: "hang:bomber"})
    try:
        wait_for(lambda: len(list((books / "solved").glob("*.xlsx"))) == 2)
        time.sleep(1)  # for the worker to send the second book's records after saving it
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        p.kill()
    assert p.returncode == 130, err
    assert sorted(r["book"] for r in records(out)) == ["masyu.xlsx", "sudoku.xlsx"]
    assert "interrupted; 2 of 3 books were done, 2 saved" in err and "Traceback" not in err


def hard_book(path: Path) -> Path:
    """A hotaru-beam 20x20 that CBC needs far more than a minute for (without the genre's SAT
    solver: `--no-deduce`)."""
    from tests.generators import generator

    puzzle, _ = generator("hotaru-beam").generate(20, seed=20)
    add_puzzle_sheet(path, genre_by_slug("hotaru-beam"), puzzle)
    return path


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.slow
def test_interrupting_a_cbc_solve_leaves_nothing_behind(tmp_path, sig):
    book = hard_book(tmp_path / "hard.xlsx")
    tmp = tmp_path / "tmp"
    tmp.mkdir()

    def cbc_running() -> bool:
        return any(f"{tmp}" in cmd for cmd in commands(descendants(p.pid)))

    p = cli(
        "solve", str(book), "--solver", "cbc", "--connectivity", "complete", "--time-limit", "100",
        "--jobs", "1", "--no-deduce",
        env={"TMPDIR": str(tmp)},
    )  # fmt: skip
    family: set[int] = set()
    try:
        wait_for(cbc_running)
        family = descendants(p.pid)
        p.send_signal(sig)
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 130, err
        assert "interrupted; 0 of 1 books were done, 0 saved" in err and "Traceback" not in err
        wait_for(lambda: not alive(family), seconds=60)
    finally:
        p.kill()
        for pid in alive(family):  # what the test found left behind
            os.kill(pid, signal.SIGKILL)
    assert list(tmp.iterdir()) == []
    assert not (tmp_path / "solved").exists()
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(".~")]


def commands(pids: set[int]) -> list[str]:
    found = []
    for pid in pids:
        with contextlib.suppress(OSError):
            found.append(Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " "))
    return found


@pytest.mark.slow
def test_workers_start_clean_after_an_in_process_highs_solve(books):
    """highspy 1.16: a worker forked from a process that has run HiGHS stalls. The pool
    starts from a fork server, so a batch after an in-process solve finishes."""
    script = (
        "import sys\n"
        "from solver import pipeline\n"
        "from solver.mip.settings import Settings\n"
        "from solver.cli import main\n"
        "from solver.io.sheet.openpyxl_book import OpenpyxlBook\n"
        f"book = OpenpyxlBook({str(books / 'sudoku.xlsx')!r})\n"
        "assert pipeline.solve_sheet(book, 'sudoku', Settings('highs')).status == 'solved'\n"
        f"sys.exit(main(['solve', {str(books)!r}, '--jobs', '2', '--json']))\n"
    )
    p = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: on a timeout, stalled workers go with it
    )
    try:
        out, err = p.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 0, err
    assert [r["status"] for r in records(out)] == ["solved", "solved"]


def test_the_garbage_collector_is_held_off_while_a_sheet_is_solved(sample, monkeypatch):
    """solve_sheet solves with the cyclic garbage collector off and turns it on again after,
    also where the solve raises; a collector that was off stays off."""
    seen = []

    def solve(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    real = pipeline.solve_puzzle
    monkeypatch.setattr(pipeline, "solve_puzzle", solve)
    path = sample("bomber")
    assert gc.isenabled()
    res = pipeline.solve_sheet(OpenpyxlBook(path), "bomber", pipeline.Settings())
    assert res.status == "solved" and seen == [False] and gc.isenabled()

    def fails(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(pipeline, "solve_puzzle", fails)
    with pytest.raises(RuntimeError):
        pipeline.solve_sheet(OpenpyxlBook(path), "bomber", pipeline.Settings())
    assert gc.isenabled()
    gc.disable()
    try:
        monkeypatch.setattr(pipeline, "solve_puzzle", solve)
        pipeline.solve_sheet(OpenpyxlBook(path), "bomber", pipeline.Settings())
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_solve_book_never_raises_for_a_sheet(tmp_path, sample):
    job = batch.Job(sample("bomber"), tmp_path / "out" / "b.xlsx", None, Settings())
    done = batch.solve_book(job)
    assert [r.status for r in done.results] == ["solved"] and done.saved == job.target
    assert done.results[0].writes == [] and done.results[0].outcome is None


def test_solve_has_a_default_time_limit_and_none_lifts_it():
    from solver.cli import build_parser
    from solver.limits import DEFAULT_TIME_LIMIT

    assert build_parser().parse_args(["solve", "x.xlsx"]).time_limit == DEFAULT_TIME_LIMIT
    assert build_parser().parse_args(["solve", "x.xlsx", "--time-limit", "none"]).time_limit is None
    assert build_parser().parse_args(["run-lp", "x.lp", "--time-limit", "7"]).time_limit == 7.0


@pytest.mark.parametrize("solver", ["highs", "scip"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("command", ["solve", "hint"])
@pytest.mark.slow
def test_a_signal_ends_one_book_on_an_in_process_solver(tmp_path, solver, sig, command):
    """One book, no time limit, the solver in this process: the signal stops the solver and
    the run, with exit 130, one line on stderr and nothing written."""
    book = tmp_path / "hard.xlsx"
    add_puzzle_sheet(book, genre_by_slug("country-road"), hard_country_road())
    before = book.read_bytes()
    how = ["--in-place", "--jobs", "1"] if command == "solve" else ["--no-write"]
    p = cli(command, str(book), "--solver", solver, "--time-limit", "none", *how)
    try:
        # started, read and solving: its own processor time, which a busy machine does not
        # shorten (start-up and reading take well under a second of it)
        wait_for(lambda: cpu_seconds(p.pid) >= 2.5, seconds=120)
        p.send_signal(sig)
        _out, err = p.communicate(timeout=120)
    finally:
        p.kill()
    assert p.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err and "ERROR" not in err
    assert book.read_bytes() == before
    assert [q.name for q in tmp_path.iterdir()] == ["hard.xlsx"]
