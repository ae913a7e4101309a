"""Puzzles in and out by link: the puzzle a puzz.link URL gives (`puzzle_of_url`, checked as
the sheet it goes into will be read), and the URL of a sheet's puzzle (`sheet_url`).

A URL that does not make a puzzle is a `UrlError` with a one-line message, whatever is wrong
with it: the envelope, the body (solver.io.puzzlink), the genre's own checks (its `from_url`),
or a puzzle that its sheet would not take (`check_typed`: beyond the sheet's limits, or refused
by the genre's own reading of the sheet, as a number no cell may hold).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from solver.genres import Genre, all_genres, genre_for_pzpr
from solver.io.puzzlink import PzprUrl, UrlError, parse_url
from solver.io.sheet import InputError, read_grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import typed_sheet
from solver.limits import MAX_GRID_COLS, MAX_GRID_ROWS
from solver.pipeline import read_puzzle

NO_URL = "no puzz.link id for {slug}; try --penpa for a penpa-edit link"


def puzzle_of_url(text: str) -> tuple[Genre, PzprUrl, Any]:
    """The genre, the parsed URL and the puzzle of a puzz.link URL; UrlError if it makes no
    puzzle that a sheet of its genre takes."""
    url = parse_url(text)
    genre = genre_for_pzpr(url.pid)
    if genre is None or genre.from_url is None:
        known = sorted(p for g in all_genres() for p in g.pzpr_ids)
        raise UrlError(
            f"puzz.link genre '{url.pid}' is not supported; supported: {', '.join(known)}"
        )
    puzzle = genre.from_url(url)
    check_typed(genre, puzzle)
    return genre, url, puzzle


def check_typed(genre: Genre, puzzle: Any) -> None:
    """Refuse a puzzle that its sheet would not hold: a grid beyond the sheet's limits (a
    genre may type more cells than the URL's size: kakuro's frame, icebarn's borders), or one
    the genre's own reading of the sheet refuses once it is typed."""
    cells = genre.to_cells(puzzle)
    rows, cols = len(cells), max(map(len, cells), default=0)
    if rows > MAX_GRID_ROWS or cols > MAX_GRID_COLS:
        raise UrlError(
            f"{genre.slug}: the puzzle takes a sheet grid of {rows} rows by {cols} columns; at "
            f"most {MAX_GRID_ROWS} by {MAX_GRID_COLS} are supported"
        )
    try:
        genre.parse(read_grid(typed_sheet(genre, puzzle)))
    except InputError as exc:
        raise UrlError(
            f"{genre.slug}: the URL's puzzle, typed into its sheet, is refused: {exc}"
        ) from None


def url_of(genre: Genre, puzzle: Any) -> str:
    """The puzz.link URL of a puzzle, as pzprjs would write it."""
    if genre.to_url is None:
        raise UrlError(NO_URL.format(slug=genre.slug))
    return genre.to_url(puzzle)


@dataclass(frozen=True)
class Link:
    """A sheet's link: what `url --json` prints."""

    book: str
    sheet: str
    genre: str
    url: str

    def record(self) -> dict[str, str]:
        return dataclasses.asdict(self)


def sheet_url(book: OpenpyxlBook, sheet: str, penpa: bool = False) -> Link:
    """The link of a sheet's puzzle: its puzz.link URL (`penpa`: a penpa-edit link, for every
    genre, solver.io.penpa_genres). InputError for a sheet that holds no puzzle, UrlError for a
    puzzle that has no such link."""
    genre, _, puzzle = read_puzzle(book, sheet)
    if penpa:
        from solver.io.penpa_genres import to_penpa

        return Link(book.name, sheet, genre.slug, to_penpa(genre, puzzle))
    return Link(book.name, sheet, genre.slug, url_of(genre, puzzle))
