"""Each genre's form in a penpa-edit link, and importing and exporting a link.

`solver.io.penpa` reads and writes the link's layers; each genre of ours that penpa can hold
has a codec (`solver.io.penpa_codecs`) that turns those layers into what a person types into
the genre's sheet (its `to_cells` form, rooms drawn as thick borders), and back.
`penpa_import` then reads that sheet with the genre's own `parse`, so every check of the sheet
holds for a link too. A link that draws anything the genre has no place for (a killer cage in
a sudoku, a number outside a nurikabe) is refused with what and where, rather than solved as a
different puzzle.

A penpa link carries no genre as such: it comes from `--genre`, else the title ("Nurikabe
#12", "へやわけ"), else penpa's genre tags, else the start of the rules text.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

import openpyxl

from solver.blocks.geometry import Cell
from solver.blocks.names import a1
from solver.blocks.rooms import Rooms
from solver.genres import Genre, all_genres, genre_by_slug
from solver.io.penpa import PENPA_HOME, Board, Reader, abbreviate, deflate, read_board
from solver.io.penpa_codecs import CODECS, Cells
from solver.io.puzzlink import UrlError
from solver.io.rooms_sheet import write_rooms
from solver.io.sheet import Book, InputError, read_grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook, OpenpyxlSheet
from solver.io.workbook import fill_sheet

# --- the genre of a link ----------------------------------------------------------------------

# names a title may start with, besides each genre's slug, Japanese name and puz.link names
OTHER_NAMES = {
    "light up": "akari",
    "lightup": "akari",
    "minesweeper": "bomber",
    "mines": "bomber",
    "bridges": "hashiwokakero",
    "hashi": "hashiwokakero",
    "firefly": "hotaru-beam",
    "cross sums": "kakuro",
    "kuromasu": "kurodoko",
    "number link": "numberlink",
    "pearl": "masyu",
    "slither link": "slitherlink",
    "unequal": "futoshiki",
    "ice barn": "icebarn",
    "factors": "inshi-no-heya",
    "building": "skyscrapers",
    "skyscraper": "skyscrapers",
    "ripple": "ripple-effect",
}
# penpa's genre tags (docs/js/genre_tags.js) of our genres
TAGS = {tag: slug for slug, codec in CODECS.items() for tag in codec.tags} | {
    "kuromasu": "kurodoko"
}


def _words(text: str) -> str:
    """Text as names are compared: NFKC, lower case, `-`, `_` and runs of spaces as one
    space."""
    return re.sub(r"[\s\-_・/]+", " ", _fold(text)).strip()


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@functools.cache
def _names() -> list[tuple[str, str]]:
    """(name, slug) for every genre with a codec, longest names first."""
    found = [(_words(k), v) for k, v in OTHER_NAMES.items()]
    for g in all_genres():
        if g.slug in CODECS:
            keys = (g.slug, g.ja, *g.names, *g.pzpr_ids, CODECS[g.slug].title)
            found += [(_words(k), g.slug) for k in keys if k]
    return sorted(set(found), key=lambda kv: -len(kv[0]))


def genre_named(text: str) -> str | None:
    """The slug of the genre a title or rules text starts with ("Nurikabe #3 by ...",
    "Country Road", "へやわけ"); None when it starts with none."""
    words = _words(text)
    for name, slug in _names():
        if words.startswith(name):
            rest = words[len(name) :]
            if not rest or not (rest[0].isalnum() and name.isascii()):
                return slug
    return None


def genre_of(board: Board) -> Genre | None:
    """The genre a link names: its title, else its genre tags (one genre of ours among
    them), else the start of its rules."""
    slug = genre_named(board.title) if board.title else None
    if slug is None:
        tagged = {TAGS[t] for t in board.tags if t in TAGS}
        slug = tagged.pop() if len(tagged) == 1 else None
    if slug is None and board.rules:
        slug = genre_named(board.rules)
    return genre_by_slug(slug) if slug else None


def supported() -> list[str]:
    return sorted(CODECS)


# --- import and export ------------------------------------------------------------------------


def penpa_import(text: str, genre: Genre | None = None) -> tuple[Genre, Any, Board]:
    """The genre, the puzzle and the board of a penpa link. genre: the one asked for
    (`--genre`); else the one the link names. UrlError, one line, for a link that cannot be
    read or whose puzzle the genre cannot hold."""
    board = read_board(text)
    if genre is None:
        genre = genre_of(board)
        if genre is None:
            named = f" (its title is {board.title!r})" if board.title else ""
            raise UrlError(
                f"penpa link: it does not say which genre it is{named}; give it with "
                f"--genre NAME (one of: {', '.join(supported())})"
            )
    codec = CODECS.get(genre.slug)
    if codec is None:
        raise UrlError(
            f"penpa links of {genre.slug} are not supported; supported: {', '.join(supported())}"
        )
    try:
        reader = Reader(board)
        cells, rooms = codec.read(reader)
        reader.finish(genre.slug)
    except UrlError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # a layer whose items are not what penpa writes (a list for a style, ...)
        raise UrlError(f"penpa link: a malformed layer ({type(exc).__name__}: {exc})") from None
    return genre, sheet_puzzle(genre, cells, rooms, codec.rooms_at), board


def sheet_puzzle(genre: Genre, cells: Cells, rooms: Rooms | None, at: Cell = (0, 0)) -> Any:
    """The puzzle that a sheet holding these cells (and these rooms, drawn as thick
    borders) gives: the cells are typed into a sheet as `import` writes them, and read back
    with the genre's own parse."""
    ws = openpyxl.Workbook().active
    ws.title = genre.slug
    if not cells or not cells[0]:
        raise UrlError("penpa link: the board has no cells")
    fill_sheet(ws, cells)
    sheet = OpenpyxlSheet(ws)
    if rooms is not None:
        write_rooms(sheet, rooms, 1 + at[0], 1 + at[1])
    try:
        return genre.parse(read_grid(sheet))
    except InputError as exc:
        raise UrlError(f"penpa link: as a {genre.slug} sheet: {exc}") from None


def to_penpa(genre: Genre, puzzle: Any) -> str:
    """A penpa-edit link (solve mode) that opens the puzzle with its clues in the layers penpa
    draws them in; `penpa_import` reads it back to the same puzzle."""
    codec = CODECS.get(genre.slug)
    if codec is None:
        raise UrlError(f"{genre.slug} has no penpa form here; supported: {', '.join(supported())}")
    if getattr(puzzle, "every_point", False):
        raise UrlError("slitherlink's every-dot variant has no penpa form")
    if genre.slug == "skyscrapers" and (puzzle.blanks or puzzle.diagonal):
        raise UrlError("skyscrapers' variants (heights 1-H, the diagonals) have no penpa form")
    rooms = getattr(puzzle, "rooms", None)
    if isinstance(rooms, Rooms) and rooms.outside:
        r, c = rooms.outside[0]
        raise UrlError(f"{a1(r + 1, c + 1)} lies outside every room: no penpa form here")
    if genre.slug == "bomber" and puzzle.total is not None:
        # penpa-edit has no place for the count of bombs: the link leaves it out
        puzzle = dataclasses.replace(puzzle, total=None)
    cells = genre.to_cells(puzzle)
    drawn = genre.drawn_rooms(puzzle)
    rooms = None if drawn is None or codec.labels else drawn[0]
    writer = codec.write(cells, rooms)
    text = writer.text(codec.title, codec.tags, codec.answer_mode)
    return f"{PENPA_HOME}#m=solve&p={deflate(abbreviate(text))}"


def penpa_url(book: Book | str | Path, sheet: str) -> str:
    """The penpa-edit link of a sheet's puzzle (`url --penpa`). book: an open Book, or the
    path of a workbook."""
    from solver.pipeline import read_puzzle

    if not hasattr(book, "sheet_names"):
        book = OpenpyxlBook(Path(book))  # type: ignore[arg-type]
    genre, _, puzzle = read_puzzle(book, sheet)  # type: ignore[arg-type]
    return to_penpa(genre, puzzle)
