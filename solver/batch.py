"""Batch solving: every puzzle sheet of many workbooks, one book per task.

A task is a whole book: it is opened once, its puzzle sheets are solved in turn, the answers
written, and the book is saved to its output path as soon as its sheets are done, before the next
book starts. One bad sheet, book or worker never costs the rest:

- anything a sheet raises becomes that sheet's `error` record (a one-line message naming the
  sheet; the traceback goes to stderr only with `--debug`);
- a book that cannot be opened, or cannot be saved, gives `error` records saying so, and the run
  goes on; a failed save leaves the input untouched (saving is atomic);
- a book in which nothing was solved is not saved at all;
- with several workers, a worker that dies (killed, out of memory) costs only the book it was
  solving: that book's record says so and a new worker takes the next book.

Processes: with one worker (and not CBC) the books are solved in this process. Otherwise
workers start from a fork server (highspy 1.16: a worker forked from a process that has run
HiGHS stalls). Each worker leads its own process group, so that the CBC subprocess that PuLP
starts belongs to it, and keeps its temporary files (PuLP's `*-pulp.mps` and `.sol`) in a folder
of the run's own. A worker ends itself, its group and its files when the main process dies (its
end of a pipe closes, even on kill -9); when the main process is interrupted (Ctrl-C, SIGTERM)
it stops every worker's group (SIGTERM, then SIGKILL after STOP_GRACE) and removes the run's
temporary folder. Windows has neither fork servers nor process groups: there workers are
spawned and ended one by one (not tested on Windows).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from solver import limits, pipeline, progress
from solver.genres import close_genre, genre_for_sheet
from solver.io.sheet import InputError
from solver.io.sheet.answer import clear_answer, write_answer
from solver.io.sheet.openpyxl_book import BookError, OpenpyxlBook
from solver.limits import LimitError
from solver.mip.settings import Settings, SolverError

if TYPE_CHECKING:  # the worker pool's; a book solved in this process needs none of it
    import multiprocessing.context
    from multiprocessing.connection import Connection

# Test-only: "die:<sheet>" makes a worker kill its own process (SIGKILL) when it reaches that
# sheet, "hang:<sheet>" makes it sleep there; nothing else reads this variable.
TEST_HOOK = "PUZZLE_SOLVER_TEST_HOOK"
REOPEN = "is it a workbook Excel opens? Save it from Excel as .xlsx or .xlsm and try again"
STOP_GRACE = 2.0  # seconds a worker has to stop on SIGTERM before it is killed
GROUPS = hasattr(os, "killpg")  # POSIX: each worker leads a process group, its CBC inside
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)  # Windows: os.kill terminates either way


@dataclass(frozen=True)
class Job:
    """One book to solve and where to save it."""

    path: Path
    target: Path
    sheet: str | None  # only this sheet (--sheet); None: every sheet named after a genre
    settings: Settings
    unique: bool = True
    debug: bool = False
    pictures: bool = False  # also save a PNG and an SVG of each solved sheet beside the book
    progress: bool = False  # a worker sends the main process its progress (progress.Status)
    show: bool = False  # keep each solved sheet's answer as text (--show)


@dataclass
class BookResult:
    """What became of one book: a record per sheet, where it was saved, or why not."""

    path: Path
    results: list[pipeline.SheetResult] = field(default_factory=list)
    saved: Path | None = None
    note: str | None = None  # why the book was not saved, when its records do not say
    failed: bool = False  # the book could not be opened or saved
    pictures: list[Path] = field(default_factory=list)


def puzzle_sheets(book: OpenpyxlBook, only: str | None) -> list[str]:
    """The sheets to solve: `only`, or every visible sheet named after a genre."""
    if only is not None:
        if only in {cs.title for cs in book.wb.chartsheets}:
            raise InputError(only, "a chart sheet, which holds no puzzle")
        if only not in book.sheet_names():
            raise InputError(
                only, f"no such sheet in {book.name}; it has {', '.join(book.sheet_names())}"
            )
        return [only]
    return [s for s in book.sheet_names() if genre_for_sheet(s) is not None]


def misnamed_sheets(book: OpenpyxlBook) -> list[str]:
    """'sheet X: skipped ...' for each sheet not named after a genre whose name is close to a
    genre's (`sugru`): a typo there would otherwise leave its puzzle unsolved without a word."""
    said = []
    for sheet in book.sheet_names():
        if genre_for_sheet(sheet) is None and (close := close_genre(sheet)) is not None:
            said.append(
                f"sheet '{sheet}' skipped: no genre is named so; if it holds a "
                f"{close.slug}, rename it '{close.slug}'"
            )
    return said


def _record(job: Job, sheet: str, error: str) -> pipeline.SheetResult:
    genre = genre_for_sheet(sheet) if sheet else None
    slug = genre.slug if genre else None
    solver = job.settings.resolved(genre.tuning).solver if genre else job.settings.solver
    return pipeline.SheetResult(job.path.name, sheet, slug, "error", solver, error=error)


def _unexpected(what: str, exc: BaseException, debug: bool) -> str:
    """One line for an error nobody foresaw; the traceback goes to stderr with --debug."""
    if debug:
        print(f"puzzle-solver: {what}:", file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    hint = "" if debug else " (run 'puzzle-solver --debug solve ...' for the details)"
    return f"{what}: {type(exc).__name__}{': ' + reason if reason else ''}{hint}"


def _test_hook(sheet: str) -> None:
    action, _, name = os.environ.get(TEST_HOOK, "").partition(":")
    if name == sheet and action == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    if name == sheet and action == "hang":
        time.sleep(3600)


class Spoiled(Exception):
    """Writing a sheet's answer failed half way and taking it back failed too: the book must not
    be saved."""


def _write(book: OpenpyxlBook, sheet: str, res: pipeline.SheetResult) -> None:
    """Write a solved sheet's answer; if that fails half way, take back what was written."""
    try:
        genre, grid = genre_for_sheet(sheet), None
        if res.answer and genre is not None and genre.square_cells:  # else the cells keep sizes
            grid = (res.answer["rows"], res.answer["cols"])
        write_answer(book, sheet, res.writes, grid=grid)
    except BaseException as exc:
        try:
            clear_answer(book, sheet)
        except Exception as undo:
            raise Spoiled(f"sheet '{sheet}': writing the answer failed half way ({exc})") from undo
        raise


def solve_sheet(book: OpenpyxlBook, sheet: str, job: Job) -> pipeline.SheetResult:
    """Solve one sheet of an open book and write its answer; never raises for the sheet."""
    start = time.perf_counter()
    _test_hook(sheet)
    try:
        with progress.sheet(job.path.name, sheet, job.settings.time_limit):
            res = pipeline.solve_sheet(
                book, sheet, job.settings, check_unique=job.unique, write=False
            )
        if res.status == "solved":
            t = time.perf_counter()
            _write(book, sheet, res)
            res.timings["write"] = round(res.timings["write"] + time.perf_counter() - t, 4)
            if job.pictures:  # imported where used: a plain solve loads only what it needs
                from solver.io import picture

                res.picture = picture.of_answer(res.answer, res.writes, res.genre or "")
            if job.show:
                from solver.io import text_view

                res.view = text_view.text(res.answer, res.writes, res.genre or "")
    except Spoiled:
        raise
    except (InputError, SolverError) as exc:
        res = _record(job, sheet, str(exc))
    except Exception as exc:
        res = _record(job, sheet, _unexpected(f"sheet '{sheet}'", exc, job.debug))
    res.book = job.path.name
    res.seconds = time.perf_counter() - start
    res.outcome, res.writes = None, []  # keep what crosses the process boundary small
    return res


def solve_book(job: Job, starting: Callable[[list[str], int], None] | None = None) -> BookResult:
    """Open the book once, solve its sheets, save it if anything was solved; before sheet i is
    solved, `starting(sheets, i)` is called."""
    done = BookResult(job.path)
    try:
        book = OpenpyxlBook(job.path)
    except LimitError as exc:  # refused before reading: its message says what and why
        done.results, done.failed = [_record(job, "", str(exc))], True
        return done
    except Exception as exc:
        done.results = [_record(job, "", f"cannot open the workbook: {cannot_open(exc)}; {REOPEN}")]
        done.failed = True
        return done
    try:
        sheets = puzzle_sheets(book, job.sheet)
    except InputError as exc:
        done.results = [_record(job, job.sheet or "", str(exc))]
        return done
    for i, sheet in enumerate(sheets):
        if starting is not None:
            starting(sheets, i)
        try:
            done.results.append(solve_sheet(book, sheet, job))
        except Spoiled as exc:
            done.results.append(_record(job, sheet, str(exc)))
            _not_saved(job, done, f"not saved: {exc}; {job.path} is untouched")
            return done
    if not sheets:
        done.note = "no sheet named after a genre; not saved"
    elif not any(r.status == "solved" for r in done.results):
        done.note = "nothing solved; not saved"
    else:
        _save(book, job, done)
        if done.saved is not None and job.pictures:
            _pictures(done)
    skipped = misnamed_sheets(book) if job.sheet is None else []
    if skipped:
        done.note = "; ".join(skipped + ([done.note] if done.note else []))
    return done


def _save(book: OpenpyxlBook, job: Job, done: BookResult) -> None:
    try:
        done.saved = book.save(job.target)
    except BookError as exc:  # a refusal that names the book and says what to do
        _not_saved(job, done, f"not saved: {exc}; {job.path} is untouched")
    except Exception as exc:
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        if not isinstance(exc, OSError) and job.debug:
            traceback.print_exception(exc, file=sys.stderr)
        _not_saved(job, done, f"not saved to {job.target}: {reason}; {job.path} is untouched")


def _pictures(done: BookResult) -> None:
    """A PNG and an SVG of each solved sheet beside the saved book; one that cannot be written
    is said in its sheet's note, and the book stays saved."""
    from solver.io import picture

    for r in done.results:
        if r.status != "solved" or r.picture is None:
            continue
        try:
            stem = picture.file_stem(done.saved, r.sheet)
            done.pictures += picture.write(r.picture, stem)
        except picture.MissingFont as exc:
            done.pictures.append(exc.args[1])
            r.note = "; ".join(filter(None, [r.note, f"no PNG picture: {exc.args[0]}"]))
        except OSError as exc:
            r.note = "; ".join(filter(None, [r.note, f"no picture written: {_reason(exc)}"]))
        r.picture = None


def _not_saved(job: Job, done: BookResult, note: str) -> None:
    """The book could not be saved: its solved sheets' records say so. They become `error`
    records as the README describes them: no answer (none reached the book) and no uniqueness
    (`unique` and `note` are about an answer); the message says the sheet was solved."""
    done.failed, done.note = True, note
    for r in done.results:
        if r.status == "solved":
            r.status, r.error = "error", f"solved, but the book was {note}"
            r.unique, r.answer, r.note, r.differ = None, None, None, []


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror + (f": {exc.filename}" if exc.filename else "")
    return str(exc) or type(exc).__name__


def cannot_open(exc: BaseException) -> str:
    """Why a workbook could not be opened. openpyxl wraps what went wrong in a message of its
    own over three lines ("Unable to read workbook: could not read worksheets from F.", "This
    is most probably...", "Please see the exception..."): its first line, with the exception
    under it."""
    reason = _reason(exc)
    cause = exc.__cause__
    if cause is None or not reason.startswith("Unable to read workbook"):
        return reason
    return f"{reason.splitlines()[0].rstrip('.')} ({type(cause).__name__}: {_reason(cause)})"


def died(job: Job, sheets: list[str], at: int, exitcode: int | None) -> BookResult:
    """The records of a book whose worker died while solving sheets[at] (no sheets: before it
    had read them): every sheet becomes an error."""
    how = f" (killed by signal {-exitcode})" if exitcode and exitcode < 0 else ""
    lost = f"nothing of {job.path.name} was saved"
    if not sheets:
        return BookResult(job.path, [_record(job, "", f"the worker solving it died{how}; {lost}")])
    records = []
    for i, sheet in enumerate(sheets):
        if i == at:
            msg = f"sheet '{sheet}': the worker solving it died{how}; {lost}"
        else:
            msg = f"sheet '{sheet}': the worker died on sheet '{sheets[at]}'{how}; {lost}"
        records.append(_record(job, sheet, msg))
    return BookResult(job.path, records)


# --- where the solved books go, checked before any solving --------------------------------------


def output_problems(jobs: list[Job], in_place: bool) -> tuple[list[str], list[str]]:
    """What stands in the way of saving, found before solving: (usage problems: a folder that is
    a file, cannot be made or written, two books saved to one file; room problems: a disk with
    less free space than the books need)."""
    usage: list[str] = []
    room: list[str] = []
    by_target: dict[Path, Path] = {}
    for job in jobs:
        # (realpath, not resolve: a link loop is the save's to report)
        other = by_target.setdefault(Path(os.path.realpath(job.target)), job.path)
        if other != job.path:
            usage.append(f"{other} and {job.path} would both be saved as {job.target}")
    folders: dict[Path, list[Job]] = {}
    for job in jobs:
        folders.setdefault(job.target.parent, []).append(job)
    for folder, group in folders.items():
        existing = folder
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if existing.exists() and not existing.is_dir():
            usage.append(
                f"{folder} is a file, not a folder"
                if existing == folder
                else f"cannot make the folder {folder}: {existing} is a file"
            )
            continue
        if not os.access(existing, os.W_OK | os.X_OK):
            usage.append(f"cannot write in the folder {existing}")
            continue
        sizes = [j.path.stat().st_size for j in group]
        # a saved book is about as big as the one read; the margin is for the record sheet
        need = int(1.25 * (max(sizes) if in_place else sum(sizes))) + 2**16
        free = shutil.disk_usage(existing).free
        if free < need:
            room.append(
                f"the disk of {existing} has {_size(free)} free; "
                f"saving the solved books there needs about {_size(need)}"
            )
    return usage, room


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{n // 2**10} KB"


# --- running the books ------------------------------------------------------------------------


Watch = Callable[[list[progress.Status]], None]


def run(
    jobs: list[Job],
    workers: int,
    done: Callable[[int, BookResult], None],
    watch: Watch | None = None,
) -> None:
    """Solve every job, calling done(index, result) as each book is finished.

    With one worker the books are solved in this process, except with CBC: its subprocess and
    temporary files are only sure to go away on Ctrl-C when they live in a worker's group.
    There, progress goes to the reporter installed around this call (`progress.reporting`);
    with worker processes, they send it here and `watch(statuses)` gets the status of every
    sheet being solved, at least every `progress.INTERVAL` seconds."""
    if workers <= 1 and all(j.settings.solver != "cbc" for j in jobs):
        for i, job in enumerate(jobs):
            done(i, solve_book(job))
        return
    tmp = tempfile.mkdtemp(prefix="puzzle-solver-")
    try:
        _run_pool(jobs, max(1, workers), done, tmp, watch)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class _Worker:
    """A worker process, its job pipe and its lifeline (it ends itself when that closes)."""

    def __init__(self, ctx: multiprocessing.context.BaseContext, tmp: str) -> None:
        self.conn, child = ctx.Pipe()
        lifeline_r, self.lifeline = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_work, args=(child, lifeline_r, tmp), daemon=True)
        self.proc.start()
        child.close()
        lifeline_r.close()
        self.index: int | None = None  # the job it is solving
        self.sheets: list[str] = []  # the sheets of that job, once the worker has read them
        self.at = 0  # the one it is on
        self.status: progress.Status | None = None  # how that sheet is going, if it said

    def stop(self, sig: int) -> None:
        """Signal the worker's process group (it and its CBC), or the worker alone before it
        made its group."""
        if GROUPS:
            try:
                os.killpg(self.proc.pid, sig)
                return
            except (ProcessLookupError, PermissionError):
                pass
        if self.proc.is_alive():
            os.kill(self.proc.pid, sig)

    def close(self) -> None:
        self.conn.close()
        self.lifeline.close()


def _run_pool(
    jobs: list[Job],
    workers: int,
    done: Callable[[int, BookResult], None],
    tmp: str,
    watch: Watch | None = None,
) -> None:
    import multiprocessing
    from multiprocessing.connection import wait

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["solver.preload"])
    else:  # Windows
        ctx = multiprocessing.get_context("spawn")
    pending = deque(range(len(jobs)))
    pool = [_Worker(ctx, tmp) for _ in range(min(workers, len(jobs)))]
    try:
        while True:
            for w in pool:
                if w.index is None and pending:
                    w.index, w.sheets, w.at, w.status = pending.popleft(), [], 0, None
                    job = jobs[w.index]
                    if watch is not None:
                        job = dataclasses.replace(job, progress=True)
                    with contextlib.suppress(OSError):  # it died: its sentinel says so below
                        w.conn.send(job)
            busy = [w for w in pool if w.index is not None]
            if not busy:
                break
            timeout = None if watch is None else progress.INTERVAL
            ready = wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], timeout)
            if watch is not None:
                watch([w.status for w in busy if w.status is not None])
            for w in busy:
                if w.conn not in ready and w.proc.sentinel not in ready:
                    continue
                index, result = w.index, _receive(w)
                if result is None and w.proc.is_alive():
                    continue  # it only said which sheet it is on, or how it goes
                w.index, w.status = None, None
                if result is None:  # the worker died: its book is lost, the others are not
                    w.proc.join()
                    result = died(jobs[index], w.sheets, w.at, w.proc.exitcode)
                    w.stop(KILL)  # a CBC it left behind
                    w.close()
                    pool.remove(w)
                    if pending:
                        pool.append(_Worker(ctx, tmp))
                done(index, result)
    finally:
        try:
            for w in pool:  # interrupted: a book already saved is reported too
                result = _receive(w) if w.index is not None else None
                if result is not None:
                    done(w.index, result)
                    w.index = None
        finally:
            _stop(pool)


def _receive(w: _Worker) -> BookResult | None:
    """Read what the worker sent: its book's sheets, the sheet it starts, or its book's result;
    None when it sent no result (it is still at work, or it died)."""
    try:
        while w.conn.poll():
            kind, value = w.conn.recv()
            if kind == "book":
                return value
            if kind == "sheets":
                w.sheets = value
            elif kind == "progress":
                w.status = progress.Status.from_fields(value)
            else:
                w.at, w.status = value, None
    except (EOFError, OSError):
        pass
    return None


def _stop(pool: list[_Worker]) -> None:
    """End every worker: an idle one on its own (its job pipe closes), a busy one by SIGTERM to
    its group and, after a grace period, SIGKILL; then whatever is left in their groups."""
    for w in pool:
        if w.index is not None:
            w.stop(signal.SIGTERM)
        w.conn.close()
    deadline = time.monotonic() + STOP_GRACE
    for w in pool:
        w.proc.join(max(0.0, deadline - time.monotonic()))
    for w in pool:
        w.lifeline.close()
        w.stop(KILL)  # the worker if it is still there, and a CBC left in its group
        w.proc.join()


def _work(conn: Connection, lifeline: Connection, tmp: str) -> None:
    """A worker's life: take books from `conn` until it closes."""
    if GROUPS:
        os.setpgid(0, 0)
    own = tempfile.mkdtemp(dir=tmp)
    tempfile.tempdir = os.environ["TMPDIR"] = own
    threading.Thread(target=_watch, args=(lifeline, own), daemon=True).start()
    try:
        with limits.stopping(sigterm=_exit_on_sigterm):
            _serve(conn)
    except (EOFError, OSError):
        pass  # the main process is done with this worker, or gone
    finally:
        _remove(own)


def _serve(conn: Connection) -> None:
    """Take books from `conn` until it closes."""
    while True:
        job = conn.recv()
        forward = progress.Forward(functools.partial(_tell_progress, conn))
        with progress.reporting(forward if job.progress else None):
            done = solve_book(job, functools.partial(_tell, conn))
        conn.send(("book", done))


def _tell(conn: Connection, sheets: list[str], i: int) -> None:
    """Tell the main process which sheet this worker is on (its record if the worker dies)."""
    if i == 0:
        conn.send(("sheets", sheets))
    conn.send(("at", i))


def _tell_progress(conn: Connection, status: progress.Status) -> None:
    """Tell the main process how the sheet is going (for its display)."""
    conn.send(("progress", status.fields()))


def _exit_on_sigterm() -> SystemExit:
    return SystemExit(128 + signal.SIGTERM)  # unwinds: an atomic save removes its temporary file


def _watch(lifeline: Connection, own: str) -> None:
    """End this worker and its group when the main process is gone (its end of the lifeline
    closes, even on kill -9); nobody else would stop a CBC run or remove the files."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()
    _remove(own)
    if GROUPS:
        os.killpg(0, KILL)
    os._exit(1)


def _remove(own: str) -> None:
    """Remove this worker's temporary folder, and the run's when this worker is its last."""
    shutil.rmtree(own, ignore_errors=True)
    with contextlib.suppress(OSError):
        os.rmdir(os.path.dirname(own))
