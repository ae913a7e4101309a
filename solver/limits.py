"""Sizes beyond which a workbook, a sheet or a grid is refused, and the checks that refuse them
before anything is read whole; and how a run stops in time: the deadline of a sheet, and
Ctrl-C and SIGTERM.

A puzzle workbook is a few kilobytes (the samples: 6-40 KB); the limits below are far above
any puzzle and well below what would exhaust a machine. openpyxl holds about 11 times a sheet
part's unpacked size in memory, so the part and total limits keep a load under about 0.6 GB; a
100 x 100 grid, the largest allowed, builds a numberlink model of about 2 GB (the time limit
cuts it short). Published puzzles reach 45 x 31 cells (slitherlink), and icebarn types a 30 x 30
puzzle as a 61 x 61 sheet of cells and borders.
"""

from __future__ import annotations

import _thread
import contextlib
import contextvars
import errno
import os
import queue
import re
import signal
import stat
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

MB = 1024 * 1024

MAX_BOOK_BYTES = 20 * MB  # the workbook file as stored (zip-compressed)
MAX_PART_BYTES = 20 * MB  # one part of the zip (a sheet's XML, a picture), unpacked
MAX_UNPACKED_BYTES = 50 * MB  # all parts together, unpacked
MAX_SHEETS = 100  # worksheets in one workbook
MAX_STAGE_FILE_BYTES = 200 * MB  # an .lp or .sol file of the three stages
MAX_GRID_ROWS = 100  # a puzzle grid's rows, as typed on the sheet (the sentinel's row excluded)
MAX_GRID_COLS = 100  # and its columns
DEFAULT_TIME_LIMIT = 300.0  # seconds per sheet for the command line ('--time-limit none': none)
LONGER = "give it longer with --time-limit S (or 'none' for no limit)"
MAX_SUDOKU_N = 25  # the largest sudoku the genre supports (25 x 25, 5 x 5 boxes)

# CBC runs as a child process; it gets the remaining time as its own limit and is killed this
# long after the deadline if it has not stopped by itself (its limit does not cover all of its
# root processing).
CBC_KILL_GRACE = 0.5
# HiGHS and SCIP run in a thread of their own (`run_solver`); asked to stop (the deadline,
# Ctrl-C, SIGTERM), one that has not returned this long after is left behind (`abandoned`).
SOLVER_STOP_GRACE = 0.5

LINK_LOOP = "is a symbolic link loop (each link points at another, never at a file)"

_WORKSHEET = re.compile(r"xl/worksheets/[^/]+\.xml")


class LimitError(ValueError):
    """A file or workbook beyond what this program reads; the message says what and why."""


class OutOfTime(BaseException):
    """The deadline passed. Raised by `check_time`, and, in the main thread of a program that
    handles signals (`stopping`), by the deadline's alarm wherever Python code runs: a
    BaseException, so that no library's `except Exception` takes it for its own error."""


_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)


@contextlib.contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """Work inside this block by `at` (a `time.perf_counter()` value, None for no limit):
    `check_time` raises OutOfTime after it, and where `stopping` is in force an alarm raises it
    in the main thread at that time, in whatever loop runs then (a loop of the deductions, a
    model's rows, a check). A solver's run is stopped by `run_solver` instead."""
    outer = _deadline.get()
    token = _deadline.set(at)
    sooner = at is not None and (outer is None or at < outer)  # else the outer alarm rings
    alarm = _Alarm(at) if sooner and _stopping.handled() else None
    try:
        yield
    finally:
        with shielded():
            if alarm is not None:
                alarm.cancel()
            _deadline.reset(token)


def remaining(deadline: float | None) -> float | None:
    """Seconds left until `deadline` (a `time.perf_counter()` value), or None for no limit."""
    return None if deadline is None else deadline - time.perf_counter()


def check_time() -> None:
    at = _deadline.get()
    if at is not None and time.perf_counter() > at:
        _stopping.told = at
        raise OutOfTime


def _past_deadline() -> bool:
    at = _deadline.get()
    return at is not None and time.perf_counter() > at


class _Stopping:
    """The handlers of SIGINT and SIGTERM while `stopping` is in force: both raise
    KeyboardInterrupt in the main thread, unless the interrupt is a deadline's alarm
    (`_Alarm`), which raises OutOfTime if the deadline in force has passed."""

    def __init__(self) -> None:
        self.depth = 0
        self.alarm_rang = False  # the next SIGINT is an alarm's, not the user's
        self.sigterm: Callable[[], BaseException] = KeyboardInterrupt
        self.shield = 0  # inside `shielded` blocks: what a signal raises waits for their end
        self.pending: BaseException | None = None
        self.told: float | None = None  # the deadline an OutOfTime was last raised for: its
        # alarm, ringing after `check_time` raised, would raise a second one inside the caller's
        # handling of the first (which records where the time went), so it raises none

    def handled(self) -> bool:
        return self.depth > 0 and threading.current_thread() is threading.main_thread()

    def on_signal(self, signum: int, frame: object) -> None:
        if signum == signal.SIGINT and self.alarm_rang:
            self.alarm_rang = False
            if not _past_deadline():
                return  # the alarm of a block that has ended since
            if _deadline.get() == self.told:
                return  # `check_time` has raised for this deadline already
            self.told = _deadline.get()
            raised: BaseException = OutOfTime()
        else:
            raised = KeyboardInterrupt() if signum == signal.SIGINT else self.sigterm()
        if self.shield:
            if self.pending is None or isinstance(self.pending, OutOfTime):
                self.pending = raised
            return
        raise raised


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """A block that must run whole (it restores what a process shares: a file descriptor, the
    deadline in force): what a signal or a deadline's alarm raises inside it is raised at its
    end."""
    _stopping.shield += 1
    try:
        yield
    finally:
        _stopping.shield -= 1
        if not _stopping.shield and _stopping.pending is not None:
            raised, _stopping.pending = _stopping.pending, None
            if not isinstance(raised, OutOfTime) or _past_deadline():  # else its block ended
                raise raised


_stopping = _Stopping()


@contextlib.contextmanager
def stopping(sigterm: Callable[[], BaseException] = KeyboardInterrupt) -> Iterator[None]:
    """Inside this block, in the main thread: Ctrl-C raises KeyboardInterrupt and SIGTERM what
    `sigterm()` makes (KeyboardInterrupt: the user's run ends alike; a batch worker exits),
    wherever Python code runs, and a deadline's alarm raises OutOfTime; a solver running under
    `run_solver` is asked to stop first. In another thread (Excel's, say) nothing changes: there
    the deadline is checked where `check_time` is called and at each solver call."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, _stopping.on_signal) for s in caught}
    outer, _stopping.sigterm = _stopping.sigterm, sigterm
    _stopping.depth += 1
    try:
        yield
    finally:
        _stopping.depth -= 1
        _stopping.sigterm = outer
        for s, handler in previous.items():
            signal.signal(s, handler)


class _Alarm:
    """A thread that interrupts the main thread at a deadline unless cancelled before
    (`_thread.interrupt_main`, which runs the SIGINT handler there as a signal would, on every
    platform)."""

    def __init__(self, at: float) -> None:
        self.at = at
        self.cancelled = threading.Event()
        threading.Thread(target=self._ring, name="deadline", daemon=True).start()

    def _ring(self) -> None:
        if not self.cancelled.wait(max(self.at - time.perf_counter(), 0.0)):
            _stopping.alarm_rang = True
            _thread.interrupt_main(signal.SIGINT)

    def cancel(self) -> None:
        self.cancelled.set()


class _SolverThread:
    """The thread the solvers run in (`run_solver`): one for the process, so that HiGHS's
    thread scheduler, which a process starts once, sees its runs come from one thread, as they
    would from the main thread."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[contextvars.Context, Callable[[], object], _Job]]
        self.jobs = queue.SimpleQueue()
        self.left = False  # left behind (`abandoned`): it ends with the run it is on
        self.thread = threading.Thread(target=self._serve, name="solver", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.left:
            context, run, job = self.jobs.get()
            try:
                context.run(run)
            except BaseException as exc:  # handed to the waiting thread
                job.failure = exc
            finally:
                job.done.set()


class _Job:
    def __init__(self) -> None:
        self.done = threading.Event()
        self.failure: BaseException | None = None


_solver_thread: _SolverThread | None = None
_abandoned: list[threading.Thread] = []


def abandoned() -> list[threading.Thread]:
    """The solver threads left running: their solver did not return within SOLVER_STOP_GRACE
    of being asked to stop (each stops at its own time limit, or with the process)."""
    _abandoned[:] = [t for t in _abandoned if t.is_alive()]
    return list(_abandoned)


def run_solver(
    run: Callable[[], object],
    stop: Callable[[], None],
    at: float | None,
    tick: Callable[[], None] | None = None,
) -> None:
    """Run a solver's call that lets go of Python's lock (HiGHS's `run`, SCIP's
    `optimizeNogil`) in the solver thread, and wait for it here. So Ctrl-C and SIGTERM are
    handled at once, here, whatever the solver is doing, and so is the deadline `at`: either
    calls `stop` (the solver's own interrupt, which it heeds between its steps), again and again
    until the solver returns. At the deadline the solver returns as it does at its own time
    limit; a signal (or a deadline's alarm) is raised again once it has. A solver that has not
    returned SOLVER_STOP_GRACE seconds after the first request (after the caller's own
    deadline, where `at` comes before it) is left to run out on its own time limit
    (`abandoned`) and OutOfTime (or the signal) is raised: a run never outlasts the caller's
    deadline or its Ctrl-C by more than that. The call runs with the caller's context but no
    deadline, so that the solver's callbacks are never interrupted; `tick` is called here
    while it runs, at least every tenth of a second (to pass on what the callbacks saw: Excel
    takes its status bar only from this thread). What the call raises is raised here."""
    global _solver_thread
    if _solver_thread is None:
        _solver_thread = _SolverThread()
    worker = _solver_thread
    outer = _deadline.get()  # the caller's deadline; `at` may come before it
    context = contextvars.copy_context()
    context.run(_deadline.set, None)
    job = _Job()
    worker.jobs.put((context, run, job))
    try:
        while not job.done.wait(_poll(at)):
            if tick is not None:
                tick()
            if at is not None and time.perf_counter() > at:
                if not _stop(stop, job, worker, outer):
                    raise OutOfTime
                break
    except BaseException:  # Ctrl-C, SIGTERM, the deadline's alarm
        _stop(stop, job, worker)
        raise
    if job.failure is not None:
        raise job.failure


def _poll(at: float | None) -> float:
    """How long to wait for the solver before looking at the clock again: till the deadline,
    and never more than a tenth of a second (on Windows a wait does not see Ctrl-C)."""
    return 0.1 if at is None else min(max(at - time.perf_counter(), 0.0), 0.1)


def _stop(
    stop: Callable[[], None], job: _Job, worker: _SolverThread, outer: float | None = None
) -> bool:
    """Ask the solver to stop until it returns (True), or SOLVER_STOP_GRACE has passed: then its
    thread is left behind, and the next run gets a new one. outer: the caller's deadline, where
    the run was to stop sooner (a first try within part of the time, numberlink's filled-grid
    guess): the solver, which may not look at its interrupt for seconds (HiGHS in a large root
    LP), is waited for until then, so that the model is not left to a running solver while
    time remains for the next run."""
    global _solver_thread
    until = max(time.perf_counter(), outer or 0.0) + SOLVER_STOP_GRACE
    while True:
        with contextlib.suppress(Exception):  # a solver between stages may refuse the request
            stop()
        if job.done.wait(min(0.02, max(until - time.perf_counter(), 0.0))):
            return True
        if time.perf_counter() >= until:
            worker.left = True
            _abandoned.append(worker.thread)
            if _solver_thread is worker:
                _solver_thread = None
            return False


def check_regular_file(path: Path, max_bytes: int, what: str) -> None:
    """Refuse a path that is not a regular file (a FIFO, a device such as /dev/zero, a folder)
    or a file over `max_bytes`, from its metadata alone; `what` names the file kind expected
    ("an .xlsx or .xlsm workbook"). A link to a regular file is fine."""
    name = path.name
    try:
        info = os.stat(path)  # follows links
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LimitError(f"{name} {LINK_LOOP}; give the path of {what}") from None
        raise
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a folder, not a file"
            if stat.S_ISDIR(info.st_mode)
            else "not a regular file (a pipe, a device or a link to one?)"
        )
        raise LimitError(f"{name}: {kind}; give the path of {what}")
    if info.st_size > max_bytes:
        raise LimitError(
            f"{name}: the file is {_mb(info.st_size)}, more than the {_mb(max_bytes)} this "
            f"program reads as {what}"
        )


def is_link_loop(path: Path) -> bool:
    """Whether `path` is a symbolic link that never reaches a file (a -> b -> a)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def check_workbook_file(path: Path) -> None:
    """Refuse a path that is not a regular file or a workbook beyond the sizes above, from the
    file's metadata and the zip's directory alone: nothing is unpacked. A file that is not a
    zip passes, for the reader to refuse."""
    name = path.name
    check_regular_file(path, MAX_BOOK_BYTES, "an .xlsx or .xlsm workbook")
    if not zipfile.is_zipfile(path):
        return
    with zipfile.ZipFile(path) as z:
        parts = z.infolist()
    for part in parts:
        if part.file_size > MAX_PART_BYTES:
            raise LimitError(
                f"{name}: its part {part.filename} unpacks to {_mb(part.file_size)}, more than "
                f"the {_mb(MAX_PART_BYTES)} this program reads (a damaged file or a zip bomb?); "
                "keep the puzzle sheets in a smaller workbook"
            )
    total = sum(part.file_size for part in parts)
    if total > MAX_UNPACKED_BYTES:
        raise LimitError(
            f"{name}: unpacks to {_mb(total)}, more than the {_mb(MAX_UNPACKED_BYTES)} this "
            "program reads; keep the puzzle sheets in a smaller workbook"
        )
    sheets = sum(1 for part in parts if _WORKSHEET.fullmatch(part.filename))
    if sheets > MAX_SHEETS:
        raise LimitError(
            f"{name}: {sheets} sheets, more than the {MAX_SHEETS} this program reads; "
            "keep the puzzle sheets in a smaller workbook"
        )


def _mb(size: int) -> str:
    return f"{size / MB:.0f} MB" if size >= MB else f"{size} bytes"
