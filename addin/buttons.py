"""What the workbook buttons do. Each VBA macro in `PuzzleSolver.bas` runs one function here
through xlwings: `RunPython "import addin.buttons; addin.buttons.solve()"`.

Every function takes the workbook that pressed the button (`xw.Book.caller()`) and works on its
active sheet, through the same `solver.pipeline` functions that the command line calls. It tells
the user what happened in a message box and returns that text. Bad input, a missing file or a
solver failure is a plain message naming the sheet and the cell; anything else is a bug and is
left to xlwings, which shows the Python traceback.

The three stages of the seed, with files beside the workbook (as the seed's BomberPuzzle.lp):

  make_lp        1. Make LP       writes <folder>/<book>-<sheet>.lp
  run_solver     2. Run solver    solves that .lp into <folder>/<book>-<sheet>.sol
  read_solution  3. Read solution puts the .sol file's answer into the cells

and, in memory: `solve` (answer written, uniqueness checked; the answer's picture, as
`solve --picture` draws it, is placed right of the buttons, named `PICTURE`, and a second solve
replaces it), `clear` (removes exactly what solving, checking and hints wrote, and the
picture), `check_unique` (says whether the answer is unique, or names the cells where a second
answer differs; writes nothing), and for a person solving by hand `check_answer` (names every
rule the answer in the sheet breaks and marks its cells red, or says it is correct, or how much
is still empty) and `hint` (fills in one cell that every answer agrees on, next to what is
filled in already).

While `solve`, `check_unique`, `check_answer`, `hint` and `run_solver` work, Excel's status
bar says how it goes (the phase, the lazy round, the seconds so far, the solver's nodes); it is
given back afterwards.

Settings: the solver and time limit are the constants `SOLVER` and `TIME_LIMIT` below; the
environment variables PUZZLE_SOLVER_SOLVER (highs, scip or cbc) and PUZZLE_SOLVER_TIME_LIMIT
(seconds; 0 for none) override them. Nothing is saved: the user saves the workbook in Excel.

Tests call these functions with a fake workbook (`solve(book=fake)`); only `_caller` needs Excel.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from addin.xlwings_book import XlwingsBook
from solver import check, limits, pipeline, progress
from solver.io import picture
from solver.io.sheet import InputError
from solver.mip.settings import DEFAULT_SOLVER, Settings, SolverError

SOLVER = DEFAULT_SOLVER
TIME_LIMIT: float | None = 60.0  # Excel waits while Python solves: don't let it hang forever
TITLE = "Puzzle solver"
PICTURE = "puzzle-solver answer"  # the name of the answer's picture on its sheet
BUTTONS_WIDTH = 110.0  # points: the button column's buttons (addin/build_workbooks.py) and a gap

# The pipeline's messages name the command-line stages; a button user knows the buttons.
_STAGE_NAMES = (
    ("the 'lp' and 'run-lp' stages", "'1. Make LP' and '2. Run solver'"),
    ("the 'lp' stage", "'1. Make LP'"),
    ("the 'run-lp' stage", "'2. Run solver'"),
)


def settings() -> Settings:
    solver = os.environ.get("PUZZLE_SOLVER_SOLVER", "").strip() or SOLVER
    limit_text = os.environ.get("PUZZLE_SOLVER_TIME_LIMIT", "").strip()
    try:
        limit = (float(limit_text) or None) if limit_text else TIME_LIMIT
    except ValueError:
        raise SolverError(
            f"PUZZLE_SOLVER_TIME_LIMIT={limit_text!r} is not a number of seconds"
        ) from None
    return Settings(solver, limit)


def _caller() -> Any:
    import xlwings as xw  # only here: everything else runs without Excel

    return xw.Book.caller()


def alert(book: Any, text: str, error: bool = False) -> str:
    """Show `text` in a message box over the workbook (Excel's MsgBox) and return it."""
    book.app.alert(text, title=TITLE, mode="critical" if error else "info")
    return text


def _for_buttons(text: str) -> str:
    for cli, button in _STAGE_NAMES:
        text = text.replace(cli, button)
    return text


def _button(func: Callable[[Any, XlwingsBook, str], str]) -> Callable[..., str]:
    """Find the calling workbook and its active sheet; report expected failures plainly."""

    @functools.wraps(func)
    def press(book: Any = None) -> str:
        book = _caller() if book is None else book
        sheet = book.sheets.active.name
        try:
            with limits.stopping():  # the time limit holds in every loop (in Python's main thread)
                return func(book, XlwingsBook(book), sheet)
        except (InputError, SolverError, OSError) as exc:
            return alert(book, _for_buttons(str(exc)), error=True)

    return press


@contextlib.contextmanager
def _quiet(book: Any) -> Iterator[None]:
    """No screen redraw while Python writes cell by cell."""
    app = book.app
    before = app.screen_updating
    app.screen_updating = False
    try:
        yield
    finally:
        app.screen_updating = before


class StatusBar:
    """The status of the sheet being solved in Excel's status bar (`progress.Status.text`),
    set when the phase changes and otherwise at most every `progress.INTERVAL` seconds. Excel
    can only be driven from the thread that called Python, so it changes when the solver
    reports (HiGHS and SCIP do while they search; CBC only between solves). A status bar that
    cannot be set never stops the solving: it is left alone from then on."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.phase: str | None = None
        self.shown_at = -float("inf")
        self.broken = False

    def update(self, status: progress.Status) -> None:
        now = time.perf_counter()
        if self.broken or (status.phase == self.phase and now - self.shown_at < progress.INTERVAL):
            return
        self.phase, self.shown_at = status.phase, now
        try:
            self.app.status_bar = f"{TITLE} {status.text(now)}"
        except Exception:
            self.broken = True


@contextlib.contextmanager
def _status_bar(book: Any, sheet: str, limit: float | None) -> Iterator[None]:
    """Show how the solving of `sheet` goes in Excel's status bar; give it back afterwards."""
    app = book.app
    before: Any = False
    with contextlib.suppress(Exception):
        before = app.status_bar
    try:
        with progress.reporting(StatusBar(app)), progress.sheet("", sheet, limit):
            yield
    finally:
        with contextlib.suppress(Exception):
            app.status_bar = before  # False: Excel's own again


def stage_files(book: Any, sheet: str) -> tuple[Path, Path]:
    """The .lp and .sol files of a sheet: beside the workbook, named after book and sheet."""
    full = Path(str(book.fullname))
    if not full.is_absolute() or "://" in str(book.fullname):
        raise InputError(
            sheet,
            "save the workbook in a local folder first: the .lp and .sol files are "
            f"written beside it (its path is now {book.fullname!r})",
        )
    safe = re.sub(r'[<>:"/\\|?*]', "_", sheet)
    stem = full.parent / f"{Path(str(book.name)).stem}-{safe}"
    return stem.with_name(stem.name + ".lp"), stem.with_name(stem.name + ".sol")


def _report(book: Any, res: pipeline.SheetResult, suffix: str = "") -> str:
    text = f"Sheet '{res.sheet}': {_for_buttons(res.summary())}{suffix}"
    return alert(book, text, error=res.status != "solved")


@_button
def make_lp(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    lp, _ = stage_files(book, sheet)
    pipeline.make_lp(xbook, sheet, lp)
    return alert(book, f"Sheet '{sheet}': wrote the model to {lp}")


@_button
def run_solver(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    lp, sol = stage_files(book, sheet)
    if not lp.exists():
        return alert(book, f"No model file {lp.name} yet: press '1. Make LP' first.", error=True)
    s = settings()
    with _status_bar(book, lp.name, s.time_limit):
        progress.report(phase="solving")
        status = pipeline.run_lp(lp, sol, s)
    if status == "solved":
        return alert(book, f"{lp.name}: solved by {s.resolved().solver}; wrote {sol}")
    why = {
        "infeasible": "the puzzle has no answer: check the givens",
        "timeout": f"no answer within the time limit of {s.time_limit} s",
    }.get(status, status)
    return alert(book, f"{lp.name}: {why}; no solution file written", error=True)


@_button
def read_solution(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    _, sol = stage_files(book, sheet)
    if not sol.exists():
        return alert(
            book, f"No solution file {sol.name} yet: press '2. Run solver' first.", error=True
        )
    with _quiet(book):
        res = pipeline.read_solution(xbook, sheet, sol)
    if res.status == "solved":
        return alert(book, f"Sheet '{sheet}': answer from {sol.name} written")
    return _report(book, res)


def place_picture(book: Any, res: pipeline.SheetResult) -> None:
    """Put the picture of a solved sheet right of its buttons (the grid, the sentinel's column,
    an empty one, the buttons), named `PICTURE`: a second one replaces the first."""
    assert res.answer is not None
    sht = book.sheets[res.sheet]
    drawn = picture.of_answer(res.answer, res.writes, res.genre or "")
    anchor = sht.range((1, res.answer["cols"] + 3))
    with tempfile.TemporaryDirectory() as folder:  # Excel keeps a copy of the picture
        png = Path(folder) / "answer.png"
        drawn.png(png)
        if PICTURE in sht.pictures:
            sht.pictures[PICTURE].delete()
        sht.pictures.add(
            str(png),
            name=PICTURE,
            left=anchor.left + BUTTONS_WIDTH,
            top=anchor.top,
            width=drawn.width * 0.75,  # pixels at 96 dpi as points
            height=drawn.height * 0.75,
        )


def remove_picture(book: Any, sheet: str) -> bool:
    """Delete the answer's picture from the sheet; whether there was one."""
    pictures = book.sheets[sheet].pictures
    if PICTURE not in pictures:
        return False
    pictures[PICTURE].delete()
    return True


@_button
def solve(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    s = settings()
    with _quiet(book), _status_bar(book, sheet, s.time_limit):
        res = pipeline.solve_sheet(xbook, sheet, s, check_unique=True, write=True)
        if res.status == "solved" and res.answer is not None:
            place_picture(book, res)
    return _report(book, res, f" ({res.seconds:.2f} s, {res.solver})")


@_button
def clear(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    with _quiet(book):
        n = pipeline.clear_sheet(xbook, sheet)
        had_picture = remove_picture(book, sheet)
    text = f"removed the answer from {n} cells" if n else "no answer to clear"
    return alert(book, f"Sheet '{sheet}': {text}" + (" and its picture" if had_picture else ""))


@_button
def check_unique(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    s = settings()
    with _status_bar(book, sheet, s.time_limit):
        res = pipeline.solve_sheet(xbook, sheet, s, check_unique=True, write=False)
    return _report(book, res, " (nothing was written)")


@_button
def check_answer(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    s = settings()
    with _quiet(book), _status_bar(book, sheet, s.time_limit):
        res = check.check_sheet(xbook, sheet, s)
    marked = f" The cells involved are marked red ({len(res.marks)})." if res.marks else ""
    text = f"Sheet '{sheet}': {_for_buttons(res.summary())}.{marked}"
    return alert(book, text, error=res.verdict == "error")


@_button
def hint(book: Any, xbook: XlwingsBook, sheet: str) -> str:
    s = settings()
    with _quiet(book), _status_bar(book, sheet, s.time_limit):
        res = check.hint_sheet(xbook, sheet, s)
    if res.status == "error":
        return alert(book, f"Sheet '{sheet}': {_for_buttons(res.error or '')}", error=True)
    return alert(book, f"Sheet '{sheet}': {res.message}", error=res.status == "wrong")
