"""Sizes beyond which a workbook, a sheet or a grid is refused, and the checks that refuse them
before anything is read whole; and the deadline that model building checks.

A puzzle workbook is a few kilobytes (the samples: 6-40 KB); the limits below are far above
any puzzle and well below what would exhaust a machine. openpyxl holds about 11 times a sheet
part's unpacked size in memory, so the part and total limits keep a load under about 0.6 GB; a
100 x 100 grid, the largest allowed, builds a numberlink model of about 2 GB (the time limit
cuts it short). Published puzzles reach 45 x 31 cells (slitherlink), and icebarn types a 30 x 30
puzzle as a 61 x 61 sheet of cells and borders.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
import zipfile
from collections.abc import Iterator
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

LINK_LOOP = "is a symbolic link loop (each link points at another, never at a file)"

_WORKSHEET = re.compile(r"xl/worksheets/[^/]+\.xml")


class LimitError(ValueError):
    """A file or workbook beyond what this program reads; the message says what and why."""


class OutOfTime(Exception):
    """The deadline passed while a model was being built or handed to a solver."""


_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)


@contextlib.contextmanager
def deadline(at: float | None) -> Iterator[None]:
    """Work inside this block by `at` (a `time.perf_counter()` value, None for no limit):
    `check_time` raises OutOfTime after it. Model building (every row a genre adds) and the
    hand-over to a solver check it, so that the time limit covers them too."""
    token = _deadline.set(at)
    try:
        yield
    finally:
        _deadline.reset(token)


def check_time() -> None:
    at = _deadline.get()
    if at is not None and time.perf_counter() > at:
        raise OutOfTime


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
