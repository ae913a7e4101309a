"""A sign of life while a sheet is solved: which sheet, the phase, the time so far and what the
solver says of its search, for a person watching a terminal or Excel's status bar.

The pipeline and the back ends call `report(...)` as they work; it does nothing (one context
variable read) unless a reporter was installed with `reporting(...)`, as the command line does
on a terminal and the Excel buttons do. The back ends ask `active()` before they hook into a
solver (HiGHS's callbacks, an SCIP event handler), so a run nobody watches pays nothing.

A reporter gets the sheet's whole `Status` at every report and draws it as it likes: the
terminal line redraws at most `INTERVAL` apart, a batch worker sends it to the main process.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shutil
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

INTERVAL = 0.25  # seconds between redraws of a status line: at most four a second
PHASES = ("reading", "model", "solving", "unique")  # in the order a sheet goes through them


@dataclass
class Status:
    """Where the solving of one sheet stands."""

    book: str = ""
    sheet: str = ""
    phase: str = "reading"  # one of PHASES, or "conflict" after a proof of no answer
    round: int = 0  # solves so far in this phase; from 2 on, each after a round of lazy cuts
    cuts: int = 0  # lazy cuts added so far to the sheet's model
    limit: float | None = None  # the sheet's time limit in seconds, if any
    started: float = dataclasses.field(default_factory=time.perf_counter)
    # what the solver said last in this round (None: it did not say, e.g. CBC)
    nodes: int | None = None  # branch-and-bound nodes explored
    found: bool | None = None  # an answer has been found in this round
    bound: float | None = None  # the dual bound, when the model has an objective
    gap: float | None = None  # the relative gap, when the model has an objective

    def elapsed(self, now: float | None = None) -> float:
        return (time.perf_counter() if now is None else now) - self.started

    def text(self, now: float | None = None) -> str:
        """One line: `masyu.xlsx [masyu]: lazy round 3 (41 cuts), 2.5 s of 300 s, 120 nodes, no
        answer yet`."""
        where = f"{self.book} [{self.sheet}]" if self.book else f"[{self.sheet}]"
        phase = {
            "reading": "reading the sheet",
            "model": "building the model",
            "solving": "solving",
            "unique": "proving uniqueness",
            "conflict": "no answer; finding the givens that conflict",
        }.get(self.phase, self.phase)
        if self.round > 1:
            lazy = f"lazy round {self.round} ({self.cuts} cuts)"
            phase = lazy if self.phase == "solving" else f"{phase}, {lazy}"
        seconds = f"{self.elapsed(now):.1f} s"
        if self.limit is not None:
            seconds += f" of {self.limit:g} s"
        parts = [f"{where}: {phase}", seconds]
        if self.nodes is not None:
            parts.append(f"{self.nodes:,} nodes")
        if self.found is not None and self.phase in ("solving", "unique"):
            if self.phase == "unique":
                parts.append("another answer found" if self.found else "no other answer yet")
            else:
                parts.append("answer found" if self.found else "no answer yet")
        if self.bound is not None and self.gap is not None:
            parts.append(f"bound {self.bound:g}, gap {self.gap:.1%}")
        return ", ".join(parts)

    def fields(self) -> dict[str, Any]:
        """What another process needs to show this status (see `from_fields`)."""
        out = dataclasses.asdict(self)
        out["elapsed"] = self.elapsed()
        del out["started"]
        return out

    @classmethod
    def from_fields(cls, fields: dict[str, Any], now: float | None = None) -> Status:
        """A status sent by another process, its clock started `elapsed` seconds before now."""
        fields = dict(fields)
        elapsed = fields.pop("elapsed", 0.0)
        now = time.perf_counter() if now is None else now
        return cls(**fields, started=now - elapsed)


class Reporter(Protocol):
    def update(self, status: Status) -> None:
        """The sheet's status changed (called often: throttle the drawing)."""


_reporter: ContextVar[Reporter | None] = ContextVar("progress_reporter", default=None)
_status: ContextVar[Status | None] = ContextVar("progress_status", default=None)

_SOLVER_FIELDS = ("nodes", "found", "bound", "gap")


@contextlib.contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Send the progress of the sheets solved inside this block to `reporter` (None: nowhere)."""
    token = _reporter.set(reporter)
    try:
        yield
    finally:
        _reporter.reset(token)


@contextlib.contextmanager
def sheet(book: str, sheet: str, limit: float | None = None) -> Iterator[Status | None]:
    """Solving one sheet, from reading it: its clock starts now. Yields its Status (None when
    nobody is watching)."""
    if _reporter.get() is None:
        yield None
        return
    status = Status(book, sheet, limit=limit)
    token = _status.set(status)
    try:
        report()
        yield status
    finally:
        _status.reset(token)


def active() -> bool:
    """Whether somebody is watching: only then is a solver worth hooking into."""
    return _reporter.get() is not None


def report(**changes: Any) -> None:
    """Change the current sheet's status (fields of `Status`) and tell the reporter. A new phase
    or round forgets what the solver said of the one before."""
    reporter = _reporter.get()
    if reporter is None:
        return
    status = _status.get()
    if status is None:  # a puzzle solved outside `sheet(...)`: a status of its own
        status = Status()
        _status.set(status)
    if changes.get("phase", status.phase) != status.phase:
        changes.setdefault("round", 0)
    if changes.get("round", status.round) != status.round:
        for name in _SOLVER_FIELDS:
            changes.setdefault(name, None)
    for name, value in changes.items():
        setattr(status, name, value)
    reporter.update(status)


class SolverWatch:
    """What a solver's callback calls: cheap until `INTERVAL` has passed since it last
    reported, so that a callback fired at every node costs a clock read."""

    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        self.next_at = 0.0

    def due(self) -> bool:
        now = time.perf_counter()
        if now < self.next_at:
            return False
        self.next_at = now + self.interval
        return True


class SolverReport(SolverWatch):
    """What a solver's callback saw last (`saw`, in the solver thread), told to the reporter by
    the thread that waits for the solver (`tell`)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, Any] | None = None

    def saw(self, **fields: Any) -> None:
        self.seen = fields

    def tell(self) -> None:
        seen, self.seen = self.seen, None
        if seen is not None:
            report(**seen)


# --- drawing --------------------------------------------------------------------------------


def fit(text: str, columns: int) -> str:
    """The text cut to a terminal's columns (East Asian wide characters take two)."""
    used = 0
    for i, ch in enumerate(text):
        used += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used > columns:
            return text[: max(i - 1, 0)] + "…"
    return text


class Display(Protocol):
    def show(self, text: str) -> None: ...

    def clear(self) -> None: ...


class Line:
    """One status line on a terminal, redrawn in place (carriage return, erase to its end)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = False
        self.lock = threading.Lock()

    def show(self, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns - 1
        with self.lock:
            self.stream.write("\r" + fit(text, columns) + "\x1b[K")
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        with self.lock:
            if self.shown:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
                self.shown = False


class TerminalReporter:
    """The status of the sheet being solved (or of the slowest of several, `show_many`) on a
    display, redrawn at most every `interval` seconds: when the solver reports, and from a
    thread of its own while nothing does (CBC, a child process, says nothing until it is done;
    HiGHS and SCIP hold Python's lock while they run, so for them their callbacks draw)."""

    def __init__(self, display: Display, interval: float = INTERVAL, tick: bool = True) -> None:
        self.display = display
        self.interval = interval
        self.status: Status | None = None
        self.others = 0  # sheets running beside the one shown
        self.drawn_at = -float("inf")
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._tick, daemon=True) if tick else None

    def __enter__(self) -> TerminalReporter:
        if self.thread is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join()
        self.clear()

    def update(self, status: Status) -> None:
        self.status, self.others = status, 0
        self.draw()

    def show_many(self, statuses: list[Status]) -> None:
        """Sheets solved at once (batch workers): the one running longest, and how many more."""
        now = time.perf_counter()
        self.status = max(statuses, key=lambda s: s.elapsed(now)) if statuses else None
        self.others = max(len(statuses) - 1, 0)
        self.draw()

    def text(self, now: float | None = None) -> str | None:
        status = self.status
        if status is None:
            return None
        more = f" (and {self.others} more running)" if self.others else ""
        return status.text(now) + more

    def draw(self, force: bool = False) -> None:
        now = time.perf_counter()
        with self.lock:
            if not force and now - self.drawn_at < self.interval:
                return
            text = self.text(now)
            if text is None:
                return
            self.drawn_at = now
            self.display.show(text)

    def clear(self) -> None:
        """Take the line away (before other output); the next draw shows it again."""
        with self.lock:
            self.drawn_at = -float("inf")
            self.display.clear()

    def _tick(self) -> None:
        while not self.stop.wait(self.interval):
            self.draw()


class Forward:
    """A reporter that passes a status on (to another process) when its phase or lazy round
    changes, and otherwise at most every `interval` seconds."""

    def __init__(self, send: Callable[[Status], None], interval: float = INTERVAL) -> None:
        self.send = send
        self.interval = interval
        self.last: tuple[str, str, str, int] | None = None
        self.sent_at = -float("inf")

    def update(self, status: Status) -> None:
        now = time.perf_counter()
        step = (status.book, status.sheet, status.phase, status.round)
        if step == self.last and now - self.sent_at < self.interval:
            return
        self.last, self.sent_at = step, now
        self.send(status)
