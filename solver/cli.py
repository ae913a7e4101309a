"""`puzzle-solver`: the command line over the same functions the Excel buttons call."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import unicodedata
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from solver import pipeline
from solver.backends import CONNECTIVITY, DEFAULT_SOLVER, SOLVERS, Settings, SolverError
from solver.genres import all_genres, genre_for_pzpr, genre_for_sheet
from solver.limits import LimitError
from solver.puzzlink import UrlError, parse_url
from solver.sheet import InputError
from solver.sheet.answer import write_answer
from solver.sheet.openpyxl_book import BookError, OpenpyxlBook

BOOK_SUFFIXES = (".xlsx", ".xlsm")


def _books(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(
                q
                for q in p.iterdir()
                if q.suffix.lower() in BOOK_SUFFIXES and not q.name.startswith(("~$", ".~"))
            )
        elif p.suffix.lower() in BOOK_SUFFIXES and p.exists():
            found.append(p)
        else:
            raise SystemExit(f"puzzle-solver: {p} is not an .xlsx/.xlsm workbook or a folder")
    return found


def _puzzle_sheets(book: OpenpyxlBook, only: str | None) -> list[str]:
    if only is not None:
        if only not in book.sheet_names():
            raise InputError(
                only, f"no such sheet in {book.name}; it has {', '.join(book.sheet_names())}"
            )
        return [only]
    return [s for s in book.sheet_names() if genre_for_sheet(s) is not None]


def _open(path: Path) -> OpenpyxlBook:
    try:
        return OpenpyxlBook(path)
    except Exception as exc:  # openpyxl raises many kinds for a damaged or foreign file
        raise SystemExit(f"puzzle-solver: {path}: cannot open the workbook: {exc}") from None


def show(cells: list[list[object]]) -> str:
    """A solved grid as text, one cell per column (what the sheet shows)."""
    return "\n".join(" ".join(f"{'' if v is None else v!s:>2}" for v in row) for row in cells)


def _solve_one(path: Path, sheet: str, settings: Settings, unique: bool) -> pipeline.SheetResult:
    book = OpenpyxlBook(path)
    res = pipeline.solve_sheet(book, sheet, settings, check_unique=unique, write=False)
    res.outcome = None  # keep what crosses the process boundary small
    return res


def _output_path(src: Path, out_dir: str | None, in_place: bool) -> Path:
    if in_place:
        return src
    return (Path(out_dir) if out_dir else src.parent / "solved") / src.name


def cmd_solve(a: argparse.Namespace) -> int:
    settings = _settings(a)
    books = _books(a.paths)
    tasks = []
    for path in books:
        try:
            tasks += [(path, s) for s in _puzzle_sheets(_open(path), a.sheet)]
        except InputError as exc:
            print(f"puzzle-solver: {path.name}: {exc}", file=sys.stderr)
            return 2
    if not tasks:
        print(
            "puzzle-solver: no sheet named after a genre in " + ", ".join(map(str, books)),
            file=sys.stderr,
        )
        return 2
    jobs = max(1, min(a.jobs or os.cpu_count() or 1, len(tasks)))
    results: list[pipeline.SheetResult] = []
    bar = _progress(len(tasks), quiet=not sys.stderr.isatty())
    if jobs == 1:
        for path, sheet in tasks:
            results.append(_solve_one(path, sheet, settings, not a.no_unique))
            bar.update()
    else:
        # Workers must not be forked from a process that has run HiGHS (highspy 1.16: a forked
        # worker stalls); a fork server started clean, with the solver modules preloaded, is
        # as cheap as fork and safe.
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["solver.pipeline"])
        with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
            futures = [pool.submit(_solve_one, p, s, settings, not a.no_unique) for p, s in tasks]
            for f in futures:
                results.append(f.result())
                bar.update()
    bar.close()
    by_book: dict[Path, list[pipeline.SheetResult]] = defaultdict(list)
    for (path, _), res in zip(tasks, results, strict=True):
        by_book[path].append(res)
    for path, rs in by_book.items():
        book = _open(path)
        for res in rs:
            if res.status == "solved":
                write_answer(book, res.sheet, res.writes)
        target = book.save(_output_path(path, a.out, a.in_place))
        for res in rs:
            res.book = path.name
        if not a.json:
            print(f"{path.name} -> {target}")
    if a.json:
        for res in results:
            print(json.dumps(res.record(), ensure_ascii=False))
    elif a.show:
        for res in results:
            if res.answer:
                print(f"\n{res.book} [{res.sheet}]\n{show(res.answer['cells'])}\n")
    _summary(results, sys.stderr if a.json else sys.stdout)
    return 0 if all(r.status == "solved" for r in results) else 1


def _progress(total: int, quiet: bool):
    from tqdm import tqdm

    return tqdm(total=total, unit="sheet", disable=quiet or total < 2, file=sys.stderr, leave=False)


def _summary(results: list[pipeline.SheetResult], out) -> None:
    rows = [("book", "sheet", "genre", "status", "unique", "seconds")]
    for r in results:
        rows.append(
            (
                r.book,
                r.sheet,
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
            print(f"{r.book} [{r.sheet}]: {r.summary()}", file=out)


def _width(text: str) -> int:
    """Columns the text takes in a terminal: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _single_sheet(book: OpenpyxlBook, sheet: str | None) -> str:
    sheets = _puzzle_sheets(book, sheet)
    if len(sheets) != 1:
        names = ", ".join(sheets) or "none"
        raise InputError(book.name, f"say which sheet with --sheet; puzzle sheets: {names}")
    return sheets[0]


def cmd_lp(a: argparse.Namespace) -> int:
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    out = Path(a.output) if a.output else Path(a.book).with_name(f"{Path(a.book).stem}-{sheet}.lp")
    pipeline.make_lp(book, sheet, out)
    print(f"wrote {out}")
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
    book = _open(Path(a.book))
    sheet = _single_sheet(book, a.sheet)
    res = pipeline.read_solution(book, sheet, Path(a.sol))
    if res.status != "solved":
        print(res.error, file=sys.stderr)
        return 1
    print(f"answer written to {book.save(_output_path(Path(a.book), a.out, not a.out))} [{sheet}]")
    return 0


def cmd_clear(a: argparse.Namespace) -> int:
    book = _open(Path(a.book))
    sheets = _puzzle_sheets(book, a.sheet)
    n = sum(pipeline.clear_sheet(book, s) for s in sheets)
    target = book.save(a.out)
    print(f"cleared {n} answer cells in {book.name}" + (f" -> {target}" if a.out else ""))
    return 0


def cmd_genres(a: argparse.Namespace) -> int:
    for g in all_genres():
        if a.name and genre_for_sheet(a.name) is not g:
            continue
        ids = f"  puzz.link: {', '.join(g.pzpr_ids)}" if g.pzpr_ids else ""
        print(f"{g.slug}  {g.ja}{ids}")
        doc = g.layout.strip().split("\n\n")
        print(
            "\n".join(
                "    " + line
                for line in "\n\n".join(doc[1:3] if not a.name else doc[1:]).splitlines()
            )
        )
        print()
    return 0


def cmd_import(a: argparse.Namespace) -> int:
    from solver.workbook import add_puzzle_sheet

    url = parse_url(a.url)
    genre = genre_for_pzpr(url.pid)
    if genre is None or genre.from_url is None:
        known = sorted(p for g in all_genres() for p in g.pzpr_ids)
        raise UrlError(
            f"puzz.link genre '{url.pid}' is not supported; supported: {', '.join(known)}"
        )
    puzzle = genre.from_url(url)
    out = Path(a.output)
    book, sheet = add_puzzle_sheet(out, genre, puzzle)
    print(f"wrote {genre.slug} {url.cols}x{url.rows} to {out} [{sheet}]")
    if a.solve:
        res = pipeline.solve_sheet(book, sheet, _settings(a))
        book.save()
        print(f"[{sheet}] {res.summary()}")
        return 0 if res.status == "solved" else 1
    return 0


def _settings(a: argparse.Namespace) -> Settings:
    return Settings(a.solver, a.time_limit, a.threads, getattr(a, "connectivity", "default"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="puzzle-solver", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    def solver_opts(q: argparse.ArgumentParser) -> None:
        q.add_argument("--solver", choices=SOLVERS, default=DEFAULT_SOLVER)
        q.add_argument("--time-limit", type=float, default=None, metavar="S")
        q.add_argument("--threads", type=int, default=None)
        q.add_argument(
            "--connectivity",
            choices=CONNECTIVITY,
            default="default",
            help="loops and paths: connectivity inside the MIP (complete) or as cuts added "
            "after each solve (lazy); default: what the benchmark chose per genre",
        )

    q = sub.add_parser("solve", help="solve every puzzle sheet of the workbooks (files or folders)")
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
    q.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    q.add_argument("--json", action="store_true", help="one JSON result record per sheet on stdout")
    q.add_argument("--no-unique", action="store_true", help="skip the uniqueness check")
    q.add_argument("--show", action="store_true", help="print each solved grid as text")
    solver_opts(q)
    q.set_defaults(func=cmd_solve)

    q = sub.add_parser("lp", help="stage 1: write the sheet's model as a CPLEX .lp file")
    q.add_argument("book")
    q.add_argument("--sheet")
    q.add_argument("-o", "--output")
    q.set_defaults(func=cmd_lp)

    q = sub.add_parser("run-lp", help="stage 2: solve an .lp file, write a SCIP-format .sol file")
    q.add_argument("lp")
    q.add_argument("-o", "--output")
    solver_opts(q)
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

    q = sub.add_parser("genres", help="the genres, their Japanese names and sheet layouts")
    q.add_argument("name", nargs="?", help="one genre: show its whole layout")
    q.set_defaults(func=cmd_genres)

    q = sub.add_parser("import", help="make a workbook from a puzz.link URL")
    q.add_argument("url")
    q.add_argument("-o", "--output", required=True, metavar="BOOK.xlsx")
    q.add_argument("--solve", action="store_true")
    solver_opts(q)
    q.set_defaults(func=cmd_import)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (InputError, SolverError, UrlError, BookError, LimitError) as exc:
        print(f"puzzle-solver: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
