"""`puzzle-solver`: the command line over the same functions the Excel buttons call."""

from __future__ import annotations

import argparse
import atexit
import contextlib
import dataclasses
import json
import math
import os
import shutil
import sys
import unicodedata
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from solver import batch, limits, pipeline, progress
from solver.blocks.names import one_line, quote
from solver.genres import Genre, all_genres, genre_for_pzpr, genre_for_sheet
from solver.io.puzzlink import UrlError
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import BookError, OpenpyxlBook
from solver.limits import DEFAULT_TIME_LIMIT, LINK_LOOP, LimitError, is_link_loop
from solver.mip.settings import (
    CONNECTIVITY,
    DEFAULT_SOLVER,
    FALLBACK_SOLVER,
    SOLVER_CHOICES,
    Settings,
    SolverError,
)

if TYPE_CHECKING:
    from solver.io.blank import Blank
    from solver.io.workbook import Macros

BOOK_SUFFIXES = (".xlsx", ".xlsm")
EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, EXIT_BOOK, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
NO_DEDUCE = (
    "solve the genre's pure MIP: no deductions fixed before the solve (they are sound, so the "
    "answers are the same; only how soon they come differs)"
)
EXIT_CODES = """exit codes:
  0    every sheet solved (an answer that is not unique counts as solved)
  1    some sheet not solved: no answer (infeasible), the time limit ran out, or an error in
       the sheet (its record and the summary name the sheet and the cell)
  2    usage: bad arguments, a path that is not a workbook, no puzzle sheet, an --out that is
       a file or a folder that cannot be made or written (found before solving)
  3    a workbook could not be opened or saved, or the disk has no room for the solved books
  4    an unexpected error (a bug: run with --debug and report the traceback)
  130  interrupted (Ctrl-C or SIGTERM); books finished before that are saved
"""

SOLVE_HELP = f"""Solve every puzzle sheet of the workbooks (files or folders).

Time limit: {DEFAULT_TIME_LIMIT:g} s per sheet by default (--time-limit S; 'none' for none),
for all of it: reading, the model, every lazy round and the uniqueness proof. A sheet not
solved in time is 'timeout' and its message says how to give it longer; a uniqueness proof cut
short leaves 'unique' null, with a note.

On a terminal, a status line on stderr shows the sheet being solved: the phase (building the
model, solving, lazy round N with its cuts, proving uniqueness), the seconds so far and, with
HiGHS and SCIP, the nodes searched and whether an answer was found; with several books, the
sheet running longest, after the books bar. Nothing of it goes to stdout.
"""


URL_HELP = """Print the puzz.link URL of the sheet's puzzle, as pzprjs (puzz.link's editor)
writes it, or with --penpa a penpa-edit link (solve mode): `puzzle-solver import` reads either
back to the same puzzle. --json prints a record: book, sheet, genre and url (on failure url
null and error).

Exit 0 with the URL; 1 where the sheet has none: its genre has no puzz.link id (the message
says so), the puzzle holds what a URL cannot (given digits in a kakuro, say), or an error in
the sheet; 2 for a usage error.
"""


class UsageError(Exception):
    """The command line asks for something that cannot be done: exit code 2."""


def _books(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(
                q
                for q in p.iterdir()
                if q.suffix.lower() in BOOK_SUFFIXES
                and not q.name.startswith(("~$", ".~"))
                and q.is_file()
            )
        elif p.suffix.lower() in BOOK_SUFFIXES and p.is_file():
            found.append(p)
        elif is_link_loop(p):
            raise UsageError(f"{p} {LINK_LOOP}; point it at a workbook")
        elif not p.exists():
            raise UsageError(f"{p} does not exist")
        else:
            raise UsageError(f"{p} is not an .xlsx/.xlsm workbook or a folder")
    unique: dict[Path, Path] = {}
    for p in found:
        unique.setdefault(p.resolve(), p)  # a book named twice is solved once
    return list(unique.values())


def _open(path: Path) -> OpenpyxlBook:
    try:
        return OpenpyxlBook(path)
    except LimitError:  # refused before reading: its message says what and why
        raise
    except Exception as exc:  # openpyxl raises many kinds for a damaged or foreign file
        raise BookError(
            f"{path}: cannot open the workbook: {batch.cannot_open(exc)}; {batch.REOPEN}"
        ) from None


def _output_path(src: Path, out_dir: str | None, in_place: bool) -> Path:
    if in_place:
        return src
    return (Path(out_dir) if out_dir else src.parent / "solved") / src.name


def cmd_solve(a: argparse.Namespace) -> int:
    settings = _settings(a)
    paths = _books(a.paths)
    if not paths:
        raise UsageError("no .xlsx/.xlsm workbook in " + ", ".join(a.paths))
    unique = not a.no_unique
    jobs = [
        batch.Job(
            p,
            _output_path(p, a.out, a.in_place),
            a.sheet,
            settings,
            unique,
            a.debug,
            a.picture,
            show=a.show and not a.json,
        )
        for p in paths
    ]
    usage, room = batch.output_problems(jobs, a.in_place)
    if usage:
        raise UsageError("; ".join(usage) + "; nothing was solved")
    if room:
        raise BookError("; ".join(room) + "; nothing was solved")
    out = sys.stderr if a.json else sys.stdout
    books: list[batch.BookResult] = []
    ready: dict[int, batch.BookResult] = {}
    terminal = sys.stderr.isatty()
    bar = _progress(len(jobs), quiet=not terminal)
    live = progress.TerminalReporter(_display(bar)) if terminal else None

    def done(index: int, book: batch.BookResult) -> None:
        if live is not None:
            live.clear()  # the next draw shows the status again, after what is printed here
        bar.update()
        ready[index] = book
        with bar.external_write_mode(file=out):  # the bar off its line while others print
            while len(books) in ready:  # report in the order of the input, as books finish
                books.append(ready.pop(len(books)))
                _report(books[-1], a, out)

    workers = max(1, min(a.jobs or os.cpu_count() or 1, len(jobs)))
    try:
        with live or contextlib.nullcontext(), progress.reporting(live):
            batch.run(jobs, workers, done, live.show_many if live else None)
    except KeyboardInterrupt:
        bar.close()
        for index in sorted(ready):  # finished after a book that was not
            books.append(ready.pop(index))
            _report(books[-1], a, out)
        saved = sum(b.saved is not None for b in books)
        print(
            f"puzzle-solver: interrupted; {len(books)} of {len(jobs)} books were done, "
            f"{saved} saved",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    bar.close()
    results = [r for b in books for r in b.results]
    if not results:
        print(
            "puzzle-solver: no sheet named after a genre in "
            + ", ".join(map(str, paths))
            + f"; {NAME_A_SHEET}",
            file=sys.stderr,
        )
        for b in books:
            if b.note and "skipped" in b.note:
                print(f"{b.path.name}: {one_line(b.note)}", file=sys.stderr)
        return EXIT_USAGE
    _summary(results, out)
    for b in books:
        if b.note:
            print(f"{b.path.name}: {one_line(b.note)}", file=out)
    if any(b.failed for b in books):
        return EXIT_BOOK
    return EXIT_OK if all(r.status == "solved" for r in results) else EXIT_UNSOLVED


def _report(book: batch.BookResult, a: argparse.Namespace, out: TextIO) -> None:
    """What one finished book prints: its records (--json), or where it went and its grids."""
    if a.json:
        for res in book.results:
            print(json.dumps(res.record(), ensure_ascii=False), flush=True)
    if book.saved is not None:
        print(f"{book.path.name} -> {book.saved}", file=out)
    for path in book.pictures:
        print(f"  picture: {path}", file=out)
    if a.show and not a.json:
        for res in book.results:
            if res.view is not None:
                print(f"\n{res.book} [{res.sheet}]\n{res.view}\n")


def _progress(total: int, quiet: bool):
    """The books bar on a terminal, for two books or more; else a bar that shows nothing (and
    tqdm, a twentieth of a one-sheet solve's start-up, is not imported)."""
    if quiet or total < 2:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, unit="book", file=sys.stderr, leave=False)


class _NoBar:
    """The part of tqdm's bar that `main` uses, showing nothing (tqdm's `disable`)."""

    disable = True

    def update(self) -> None:
        pass

    def close(self) -> None:
        pass

    def external_write_mode(self, file: TextIO | None = None) -> contextlib.nullcontext:
        return contextlib.nullcontext()


class _BarStatus:
    """The status of the sheet being solved, after the books bar (on the bar's line)."""

    def __init__(self, bar) -> None:
        self.bar = bar

    def show(self, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns
        self.bar.set_postfix_str(progress.fit(text, max(columns - 50, 20)))

    def clear(self) -> None:
        self.bar.set_postfix_str("", refresh=False)
        self.bar.clear()


def _display(bar) -> progress.Display:
    """Where a terminal shows the status of the sheet being solved: after the books bar when
    there is one (several books), else on a line of its own; on stderr, never stdout."""
    return progress.Line(sys.stderr) if bar.disable else _BarStatus(bar)


def _summary(results: list[pipeline.SheetResult], out) -> None:
    rows = [("book", "sheet", "genre", "status", "unique", "seconds")]
    for r in results:
        rows.append(
            (
                r.book,
                r.sheet or "-",
                r.genre or "-",
                r.status,
                {True: "yes", False: "no", None: "-"}[r.unique],
                f"{r.seconds:.3f}",
            )
        )
    widths = [max(_width(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = (str(v) + " " * (w - _width(str(v))) for v, w in zip(row, widths, strict=True))
        print("  ".join(cells).rstrip(), file=out)
    for r in results:
        if r.status != "solved" or r.unique is False or r.note:
            where = f"{r.book} [{r.sheet}]" if r.sheet else r.book
            print(f"{where}: {r.summary()}", file=out)


def _width(text: str) -> int:
    """Columns the text takes in a terminal: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _single_sheet(book: OpenpyxlBook, sheet: str | None) -> str:
    """The one puzzle sheet a stage command works on: --sheet, or the book's only one."""
    sheets = batch.puzzle_sheets(book, sheet)
    if len(sheets) > 1:
        raise UsageError(
            f"{book.name} has {len(sheets)} puzzle sheets ({', '.join(sheets)}); "
            "say which with --sheet"
        )
    if not sheets:
        raise UsageError(no_puzzle_sheet(book))
    return sheets[0]


def no_puzzle_sheet(book: OpenpyxlBook) -> str:
    """What to say about a book none of whose sheets is named after a genre."""
    return (
        f"{book.name} has no sheet named after a genre (its sheets: "
        f"{', '.join(map(repr, book.sheet_names()))}); {NAME_A_SHEET}"
    )


NAME_A_SHEET = (
    "rename the puzzle's sheet after its genre, e.g. 'bomber', 'sudoku (2)' or '数独' "
    "(see 'puzzle-solver genres')"
)


def cmd_lp(a: argparse.Namespace) -> int:
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    out = Path(a.output) if a.output else Path(a.book).with_name(f"{Path(a.book).stem}-{sheet}.lp")
    pipeline.make_lp(book, sheet, out, deduced=a.deduced)
    print(f"wrote {out}" + (" (with the deductions' fixings as bounds)" if a.deduced else ""))
    return 0


def cmd_run_lp(a: argparse.Namespace) -> int:
    lp = Path(a.lp)
    sol = Path(a.output) if a.output else lp.with_suffix(".sol")
    status = pipeline.run_lp(lp, sol, _settings(a))
    if status != "solved":
        print(f"{lp.name}: {status}; no solution file written", file=sys.stderr)
        return 1
    print(f"wrote {sol}")
    return 0


def cmd_read_solution(a: argparse.Namespace) -> int:
    target = Path(a.out or a.book)
    if target.suffix.lower() != Path(a.book).suffix.lower():
        raise UsageError(
            f"--out {target}: the answer is saved as a workbook of the same kind as "
            f"{Path(a.book).name}: give a file name ending in {Path(a.book).suffix}"
        )
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    res = pipeline.read_solution(book, sheet, Path(a.sol))
    if res.status != "solved":
        print(f"puzzle-solver: {one_line(res.error)}", file=sys.stderr)
        return 1
    print(f"answer written to {book.save(target)} [{sheet}]")
    return 0


def cmd_clear(a: argparse.Namespace) -> int:
    book = _open(Path(a.book))
    sheets = batch.puzzle_sheets(book, a.sheet)
    n = sum(pipeline.clear_sheet(book, s) for s in sheets)
    target = book.save(a.out)
    print(f"cleared {n} answer cells in {book.name}" + (f" -> {target}" if a.out else ""))
    return 0


def _target(a: argparse.Namespace) -> Path | None:
    """Where a command that writes into the book saves it: --out FILE, else in place."""
    if a.out and Path(a.out).suffix.lower() != Path(a.book).suffix.lower():
        raise UsageError(
            f"--out {a.out}: the workbook is saved as one of the same kind as "
            f"{Path(a.book).name}: give a file name ending in {Path(a.book).suffix}"
        )
    return Path(a.out) if a.out else None


def cmd_check(a: argparse.Namespace) -> int:
    target = _target(a)
    book = _open(Path(a.book))
    sheets = batch.puzzle_sheets(book, a.sheet)
    if not sheets:
        raise UsageError(no_puzzle_sheet(book))
    from solver import check  # imported where used: a solve loads only what it needs

    results = [check.check_sheet(book, s, _settings(a), mark=not a.no_mark) for s in sheets]
    for res in results:
        if a.json:
            print(json.dumps(res.record(), ensure_ascii=False), flush=True)
        else:
            print(f"{res.sheet}: {res.summary()}")
    if not a.no_mark and any(res.marks for res in results):
        saved = book.save(target)
        print(f"marked the cells of each broken rule in {saved}", file=sys.stderr)
    return EXIT_OK if all(r.verdict == "correct" for r in results) else EXIT_UNSOLVED


def cmd_hint(a: argparse.Namespace) -> int:
    target = _target(a)
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    from solver import check

    res = check.hint_sheet(book, sheet, _settings(a), every=a.forced, write=not a.no_write)
    if a.json:
        print(json.dumps(res.record(), ensure_ascii=False), flush=True)
    elif res.status == "error":
        print(f"{sheet}: error: {one_line(res.error)}")
    else:
        print(f"{sheet}: {one_line(res.message)}")
        if a.forced and res.writes:
            grid = [list(row) for row in res.shown]  # the givens, with the forced cells
            for w in res.writes:
                if w.value is not None:
                    grid[w.row][w.col] = w.value
            from solver.io import text_view

            print(text_view.text({"cells": grid}, res.writes))
    if res.writes and not a.no_write:
        n = len(res.writes)
        print(f"wrote {n} cell{'' if n == 1 else 's'} into {book.save(target)}", file=sys.stderr)
    return EXIT_OK if res.status in ("hint", "done", "several") else EXIT_UNSOLVED


def _find_genre(name: str) -> Genre | str:
    """A genre by its sheet name, Japanese name or puzz.link name; else a message naming the
    genres, and the closest names."""
    genre = genre_for_sheet(name) or genre_for_pzpr(name.strip().casefold())
    if genre is not None:
        return genre
    names = {n: g.slug for g in all_genres() for n in (g.slug, g.ja, *g.pzpr_ids)}
    import difflib  # here: only a name that is not found needs it

    close = difflib.get_close_matches(name.strip().casefold(), names, n=3, cutoff=0.6)
    maybe = (
        f"; did you mean {' or '.join(dict.fromkeys(names[n] for n in close))}?" if close else ""
    )
    return f"no genre {quote(name)}{maybe} (genres: {', '.join(g.slug for g in all_genres())})"


def _whole_sentences(paragraph: str) -> str:
    """A paragraph without a last sentence that leads into an example beyond it (one ending in
    ':' or running on into a table)."""
    text = paragraph.rstrip()
    while not text.endswith((".", ".)")) and ". " in text:
        text = text[: text.rfind(". ") + 1]
    return text


def cmd_genres(a: argparse.Namespace) -> int:
    genres = all_genres()
    if a.name:
        found = _find_genre(a.name)
        if isinstance(found, str):
            print(f"puzzle-solver: {found}", file=sys.stderr)
            return 2
        genres = [found]
    for g in genres:
        ids = f"  puzz.link: {', '.join(g.pzpr_ids)}" if g.pzpr_ids else ""
        own = f"  solver: {g.solver}" if g.solver != FALLBACK_SOLVER else ""
        if g.tuning.switch_to:  # see settings.Tuning.switch_to
            then = f"{g.tuning.switch_to} after {g.tuning.switch_after} nodes"
            own = f"  solver: {g.solver}, then {then}"
        print(f"{g.slug}  {g.ja}{ids}{own}")
        if a.name and a.tuning:
            text = tuning_text(g)
        else:
            doc = user_part(g.layout)
            text = "\n\n".join(doc) if a.name else "\n\n".join(map(_whole_sentences, doc[:2]))
        print("\n".join("    " + line if line else "" for line in text.splitlines()))
        print()
    if not a.name:
        print("puzzle-solver genres NAME prints one genre's rules and layout in full;")
        print("puzzle-solver genres NAME --tuning prints what the genre tunes.")
    return 0


def user_part(doc: str) -> list[str]:
    """The paragraphs of a genre's docstring for its user: after the title, up to the first
    paragraph on its model (which starts with "Model")."""
    paragraphs = doc.strip().split("\n\n")[1:]
    ends = [k for k, text in enumerate(paragraphs) if text.lstrip().startswith("Model")]
    return paragraphs[: ends[0]] if ends else paragraphs


def tuning_text(g: Genre) -> str:
    """The genre's tuning record, a field a line, with whether it has deductions."""
    fields = dataclasses.asdict(g.tuning)
    lines = [f"{name} = {value!r}" for name, value in fields.items()]
    lines.append(f"deductions: {'yes' if g.deduce else 'none'}; lazy connectivity: {g.lazy}")
    return "\n".join(lines)


def cmd_import(a: argparse.Namespace) -> int:
    from solver.io import penpa, penpa_genres
    from solver.io.workbook import add_puzzle_sheet

    asked = _import_genre(a.genre) if a.genre else None
    text = penpa.wrapped_url(a.url) or a.url
    if penpa.is_penpa_link(text):
        genre, puzzle, board = penpa_genres.penpa_import(text, asked)
        size = f"{board.cols}x{board.rows}"
    else:
        from solver import links

        genre, url, puzzle = links.puzzle_of_url(text)
        if asked is not None and asked is not genre:
            raise UsageError(
                f"--genre {a.genre}: the URL is a {genre.slug} puzzle ('{url.pid}'); leave "
                "--genre out for puzz.link URLs"
            )
        size = f"{url.cols}x{url.rows}"
    out = Path(a.output)
    if out.suffix.lower() not in BOOK_SUFFIXES:
        raise UsageError(f"-o {out}: the puzzle goes into a workbook: give a .xlsx file")
    if out.suffix.lower() == ".xlsm" and not out.exists():
        raise UsageError(
            f"-o {out}: a new workbook can only be made as .xlsx (an .xlsm needs its macros, "
            "which this program cannot write); give a .xlsx file, or an .xlsm that exists"
        )
    try:
        book, sheet = add_puzzle_sheet(out, genre, puzzle)
    except zipfile.BadZipFile:
        raise UsageError(
            f"-o {out}: the file is not a workbook; give a new file name, or an .xlsx or .xlsm "
            "workbook to add the puzzle to"
        ) from None
    print(f"wrote {genre.slug} {size} to {out} [{sheet}]")
    if a.solve:
        res = pipeline.solve_sheet(book, sheet, _settings(a))
        book.save()
        print(f"[{sheet}] {res.summary()}")
        return 0 if res.status == "solved" else 1
    return 0


def _import_genre(name: str) -> Genre:
    """The genre `import --genre NAME` names: a slug, Japanese name or puzz.link name."""
    genre = genre_for_sheet(name) or genre_for_pzpr(name.strip().casefold())
    if genre is None:
        raise UsageError(
            f"--genre {name}: no such genre; 'puzzle-solver genres' lists them (slug or "
            "Japanese name)"
        )
    return genre


NEW_HELP = """Write a blank puzzle: the genre's empty grid at the size asked (the puzzle's size,
ROWSxCOLS), as a new sheet named after the genre, ready to type the givens into.

The sheet has the grid with thin grid lines (medium ones around sudoku's boxes and a grid
inside its clues), square cells, the sentinel diagonally below-right of the grid, the genre's
rules and layout in a text box right of it, and, in an .xlsm, the buttons. A genre whose sheet
holds more than its cells gets room for it: nonogram's clues above and left of the grid,
kakuro's clue row and column (filled with ■), skyscrapers' frame, futoshiki's sign cells,
tile-paint's and sum-line's counts and sums, creek's border points, icebarn's borders, the list
column of skeleton, number-skeleton and kanaore. Sudoku and killer-sudoku take N x N with N = 4,
6, 8, 9, 12, 16 or 25; futoshiki, skyscrapers, inshi-no-heya, jigsaw-sudoku and kenken take N x
N; alphametic and logic-grid have no grid of a size and are refused with what to type instead.
The sheet's grid, clue cells included, is at most 100 x 100.

BOOK is created if it does not exist (a new .xlsm gets the VBA project and the buttons, which
needs the build tools: pip install "puzzle-solver[build]"); an existing one gets the sheet
added under a name no sheet has (nurikabe (2) ...), and in an .xlsm with this program's macros,
the buttons too. No sheet is ever overwritten.
"""


def cmd_new(a: argparse.Namespace) -> int:
    from solver.io.blank import BlankError, blank, parse_size
    from solver.io.workbook import add_blank_sheet

    found = _find_genre(a.genre)
    if isinstance(found, str):
        raise UsageError(found)
    out = Path(a.output)
    if out.suffix.lower() not in BOOK_SUFFIXES:
        raise UsageError(f"-o {out}: the blank goes into a workbook: give a .xlsx or .xlsm file")
    try:
        b = blank(found, *parse_size(a.size))
    except BlankError as exc:
        raise UsageError(str(exc)) from None
    macros, note = _macros(out)
    try:
        _, sheet = add_blank_sheet(out, b, blank_help(found, b), macros)
    except zipfile.BadZipFile:
        raise UsageError(
            f"-o {out}: the file is not a workbook; give a new file name, or an .xlsx or .xlsm "
            "workbook to add the blank to"
        ) from None
    rows, cols = b.size
    print(f"wrote a blank {found.slug} {rows} x {cols} to {out} [{sheet}]: {b.where()}")
    if note:
        print(f"puzzle-solver: {note}", file=sys.stderr)
    return 0


def blank_help(g: Genre, b: Blank) -> str:
    """The help beside a blank: where its grid and sentinel are, where its parts go, then the
    genre's first two paragraphs as `genres NAME` prints them (its rules and its layout), a
    paragraph a line, without an example set out in columns (a text box's font would not keep
    them)."""
    rows, cols = b.size
    head = f"{g.slug} {rows} x {cols}: {b.where()}. {b.parts}".strip()
    prose = [p for p in user_part(g.layout) if not _example(p)][:2]
    tail = f"puzzle-solver genres {g.slug} prints the whole text, with examples."
    return "\n\n".join([head, *(_whole_sentences(_one_line(p)) for p in prose), tail])


def _example(paragraph: str) -> bool:
    """Whether a docstring's paragraph is an example set out in columns: fenced, or every line
    indented."""
    lines = paragraph.strip("\n").splitlines()
    return lines[0].lstrip().startswith("```") or all(line.startswith(" ") for line in lines)


def _one_line(paragraph: str) -> str:
    """A docstring's paragraph as one line, for a text box to wrap; one with indented lines (a
    list set out line by line) keeps its lines."""
    lines = paragraph.strip("\n").splitlines()
    if any(line.startswith(" ") for line in lines[1:]):
        return "\n".join(lines)
    return " ".join(line.strip() for line in lines)


def _macros(out: Path) -> tuple[Macros | None, str | None]:
    """The buttons, and for a new book the VBA project, of an .xlsm (None for an .xlsx), and a
    note on what the sheet goes without. The VBA project and the buttons are the Excel side's
    (`addin.build_workbooks`), made as the sample workbooks' are."""
    if out.suffix.lower() != ".xlsm":
        return None, None
    from addin import build_workbooks
    from solver.io.workbook import Macros

    if out.exists():
        try:
            with zipfile.ZipFile(out) as z:
                vba = z.read("xl/vbaProject.bin") if "xl/vbaProject.bin" in z.namelist() else b""
            modules = build_workbooks.module_sources(vba) if vba else {}
        except ImportError as exc:
            return None, f"no buttons: reading the book's macros needs {exc.name} ({BUILD_TOOLS})"
        except (zipfile.BadZipFile, OSError):
            return None, None  # add_blank_sheet says what the file is
        except Exception:  # a damaged VBA project: the book keeps it, the sheet has no buttons
            modules = {}
        if build_workbooks.module_name(build_workbooks.vba_sources()[0]) not in modules:
            return None, (
                f"{out.name} has no PuzzleSolver macros: the new sheet has no buttons (run the "
                "macros with Alt+F8 from a book that has them, or make the blank in a new .xlsm)"
            )
        return Macros(build_workbooks.add_buttons), None
    try:
        vba = build_workbooks.vba_project(build_workbooks.vba_sources(), ("Sheet1",))
    except ImportError as exc:
        raise UsageError(
            f"-o {out}: a new .xlsm needs its VBA project built, which takes {exc.name} "
            f"({BUILD_TOOLS}); or write a .xlsx"
        ) from None
    return Macros(build_workbooks.add_buttons, vba), None


BUILD_TOOLS = 'pip install "puzzle-solver[build]"'


def cmd_url(a: argparse.Namespace) -> int:
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    try:
        from solver import links

        link = links.sheet_url(book, sheet, penpa=a.penpa)
    except (InputError, UrlError) as exc:
        if a.json:
            record = {"book": book.name, "sheet": sheet, "url": None, "error": one_line(str(exc))}
            print(json.dumps(record, ensure_ascii=False))
        else:
            print(f"puzzle-solver: {sheet}: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_UNSOLVED
    print(json.dumps(link.record(), ensure_ascii=False) if a.json else link.url)
    return EXIT_OK


def _settings(a: argparse.Namespace) -> Settings:
    return Settings(
        a.solver,
        a.time_limit,
        a.threads,
        getattr(a, "connectivity", "default"),
        deduce=not getattr(a, "no_deduce", False),
    )


def _seconds(text: str) -> float | None:
    """--time-limit: a number of seconds above 0, or 'none' for no limit."""
    if text.strip().lower() in ("none", "off"):
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(
            f"the time limit must be a number of seconds above 0 (e.g. 60) or 'none', not {text!r}"
        )
    return value


def _count(text: str) -> int:
    """--jobs, --threads: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 up, not {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="puzzle-solver",
        description=__doc__,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    debug = "show the Python traceback of unexpected errors"
    p.add_argument("--debug", action="store_true", help=debug)
    sub = p.add_subparsers(dest="command", required=True)

    def solver_opts(q: argparse.ArgumentParser, deduce: bool = True) -> None:
        q.add_argument(
            "--solver",
            choices=SOLVER_CHOICES,
            default=DEFAULT_SOLVER,
            help="the MIP back end; default: the one the benchmark chose per genre (HiGHS "
            "unless `puzzle-solver genres` names another)",
        )
        q.add_argument(
            "--time-limit",
            type=_seconds,
            default=DEFAULT_TIME_LIMIT,
            metavar="S",
            help=f"seconds per sheet: reading, model, every solve and the uniqueness proof "
            f"(default {DEFAULT_TIME_LIMIT:g}; 'none' for no limit)",
        )
        q.add_argument("--threads", type=_count, default=None)
        q.add_argument(
            "--connectivity",
            choices=CONNECTIVITY,
            default="default",
            help="loops and paths: connectivity inside the MIP (complete) or as cuts added "
            "after each solve (lazy); default: what the benchmark chose per genre",
        )
        if deduce:
            q.add_argument("--no-deduce", action="store_true", help=NO_DEDUCE)

    q = sub.add_parser(
        "solve",
        help="solve every puzzle sheet of the workbooks (files or folders)",
        description=SOLVE_HELP,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    q.add_argument("paths", nargs="+")
    where = q.add_mutually_exclusive_group()
    where.add_argument(
        "--out",
        metavar="DIR",
        help="folder for solved workbooks (default: solved/ beside each input)",
    )
    where.add_argument(
        "--in-place", action="store_true", help="write the answers into the input workbooks"
    )
    q.add_argument("--sheet")
    q.add_argument(
        "--jobs", type=_count, default=None, help="worker processes (default: all cores)"
    )
    q.add_argument(
        "--json",
        action="store_true",
        help="one JSON result record per sheet on stdout (the rest goes to stderr)",
    )
    q.add_argument("--no-unique", action="store_true", help="skip the uniqueness check")
    q.add_argument(
        "--picture",
        action="store_true",
        help="also save a picture of each solved sheet (PNG and SVG, as puzz.link draws the "
        "puzzle) beside its solved workbook, named BOOK-SHEET.png",
    )
    q.add_argument("--show", action="store_true", help="print each solved grid as text")
    solver_opts(q)
    q.set_defaults(func=cmd_solve)

    q = sub.add_parser("lp", help="stage 1: write the sheet's model as a CPLEX .lp file")
    q.add_argument("book")
    q.add_argument("--sheet")
    q.add_argument("-o", "--output")
    form = q.add_mutually_exclusive_group()
    form.add_argument(
        "--deduced",
        action="store_true",
        help="with the genre's deductions fixed as bounds (the same rows; only bounds differ)",
    )
    form.add_argument(
        "--no-deduce",
        action="store_true",
        help="the formulation alone, without deductions (the default)",
    )
    q.set_defaults(func=cmd_lp)

    q = sub.add_parser("run-lp", help="stage 2: solve an .lp file, write a SCIP-format .sol file")
    q.add_argument("lp")
    q.add_argument("-o", "--output")
    solver_opts(q, deduce=False)
    q.set_defaults(func=cmd_run_lp)

    q = sub.add_parser("read-solution", help="stage 3: put a .sol file's answer into the sheet")
    q.add_argument("book")
    q.add_argument("sol")
    q.add_argument("--sheet")
    q.add_argument("--out", metavar="FILE", help="save to FILE instead of in place")
    q.set_defaults(func=cmd_read_solution)

    q = sub.add_parser("clear", help="remove the answers that solving wrote")
    q.add_argument("book")
    q.add_argument("--sheet")
    q.add_argument("--out", metavar="FILE", help="save to FILE instead of in place")
    q.set_defaults(func=cmd_clear)

    q = sub.add_parser(
        "check",
        help="check the answer filled in by hand: name every broken rule and mark its cells",
    )
    q.add_argument("book")
    q.add_argument("--sheet")
    q.add_argument("--json", action="store_true", help="one JSON object per sheet on stdout")
    q.add_argument("--no-mark", action="store_true", help="only print; write nothing")
    q.add_argument("--out", metavar="FILE", help="save the marked book to FILE, not in place")
    solver_opts(q)
    q.set_defaults(func=cmd_check)

    q = sub.add_parser(
        "hint", help="fill in one cell that every answer agrees on (--forced: all of them)"
    )
    q.add_argument("book")
    q.add_argument("--sheet")
    q.add_argument("--forced", action="store_true", help="every cell that all answers agree on")
    q.add_argument("--json", action="store_true", help="one JSON object on stdout")
    q.add_argument("--no-write", action="store_true", help="only print; write nothing")
    q.add_argument("--out", metavar="FILE", help="save the book to FILE, not in place")
    solver_opts(q)
    q.set_defaults(func=cmd_hint)

    q = sub.add_parser("genres", help="the genres, their Japanese names and sheet layouts")
    q.add_argument("name", nargs="?", help="one genre: show its rules and whole layout")
    q.add_argument(
        "--tuning",
        action="store_true",
        help="with NAME: the genre's tuning record (back end, search settings, deduction "
        "budgets in work)",
    )
    q.set_defaults(func=cmd_genres)

    q = sub.add_parser("import", help="make a workbook from a puzz.link URL or a penpa-edit link")
    q.add_argument("url", help="a puzz.link URL, or a penpa-edit link (m=edit or m=solve)")
    q.add_argument(
        "--genre",
        metavar="NAME",
        help="the genre of a penpa-edit link whose title does not name one (e.g. nurikabe)",
    )
    q.add_argument("-o", "--output", required=True, metavar="BOOK.xlsx")
    q.add_argument("--solve", action="store_true")
    solver_opts(q)
    q.set_defaults(func=cmd_import)

    q = sub.add_parser(
        "new",
        help="write a blank puzzle: a genre's empty grid at a size, ready to type",
        description=NEW_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    q.add_argument("genre", help="a genre's name (see 'puzzle-solver genres')")
    q.add_argument("size", metavar="ROWSxCOLS", help="the puzzle's size, e.g. 10x10 (9 for 9x9)")
    q.add_argument("-o", "--output", required=True, metavar="BOOK.xlsx|.xlsm")
    q.set_defaults(func=cmd_new)

    q = sub.add_parser(
        "url",
        help="print the puzz.link URL (or with --penpa a penpa-edit link) of a sheet's puzzle",
        description=URL_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    q.add_argument("book")
    q.add_argument("--sheet", help="the puzzle sheet, where the book has several")
    q.add_argument("--penpa", action="store_true", help="a penpa-edit link instead")
    q.add_argument("--json", action="store_true", help="one JSON object on stdout")
    q.set_defaults(func=cmd_url)

    for q in sub.choices.values():  # --debug after the command too (SUPPRESS: no default there)
        q.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=debug)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse has explained
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    code = _run(args)
    if limits.abandoned():  # a solver that did not stop when asked: the process ends it
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _run(args: argparse.Namespace) -> int:
    try:
        with limits.stopping():  # Ctrl-C and SIGTERM: KeyboardInterrupt, the time limit too
            return args.func(args)
    except (InputError, SolverError, UrlError, UsageError, LimitError) as exc:
        print(f"puzzle-solver: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except (BookError, OSError) as exc:
        print(f"puzzle-solver: {one_line(_os_reason(exc))}", file=sys.stderr)
        return EXIT_BOOK
    except KeyboardInterrupt:
        print("puzzle-solver: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except limits.OutOfTime:  # a stage that has no record to say it in
        print(f"puzzle-solver: the time limit ran out; {limits.LONGER}", file=sys.stderr)
        return EXIT_UNSOLVED
    except Exception as exc:
        if args.debug:
            raise
        print(
            f"puzzle-solver: unexpected error: {type(exc).__name__}: {one_line(str(exc))} "
            "(run 'puzzle-solver --debug ...' for the traceback, and report it)",
            file=sys.stderr,
        )
        return EXIT_BUG


def _os_reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror + (f": {exc.filename}" if exc.filename else "")
    return str(exc)


def run() -> None:
    """The `puzzle-solver` command: `main`, then the process ends as soon as its output is out
    and the exit handlers (temporary folders) have run. Freeing the models one by one at
    interpreter shutdown (a large one is millions of objects) would add up to a second."""
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    atexit._run_exitfuncs()
    os._exit(code)


if __name__ == "__main__":
    run()
