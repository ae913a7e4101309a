"""Every published puzzle of SmilingWayne/puzzlekit-dataset that a reader of
`benchmarks/puzzlekit/` can type, solved as a sheet and proved unique, against its published
answer.

    python -m benchmarks.benchmark_puzzlekit --root DIR [--genres a,b] [--time-limit 60]
                                             [--solver default] [--every N] [--json out.jsonl]
                                             [--noqx ROOT --noqx-python PYTHON]
                                             [--puzzles 77_10x10,262_ ...]
    python -m benchmarks.benchmark_puzzlekit --table RUN.jsonl ... [--peers RUN.jsonl ...] [--keep]
                                             [--about TEXT] [--notes NOTES.md]
                                             [--out docs/performance.md]
    python -m benchmarks.benchmark_puzzlekit --root DIR --examples tests/data/puzzlekit.json

DIR: a clone of the dataset's repository (its `assets/data` is read), or its git directory
(read with `git show HEAD:...`); default: $PUZZLEKIT_DATASET. `--every N` keeps every Nth puzzle
of each genre, its largest always kept (for a quick look; the published figures use them all);
`--puzzles` keeps the puzzles whose names start with one of the given prefixes (`77_` for
`77_10x10`), to run a genre's hard ones again.

Timed span: the record's `seconds` of `solve_sheet`, reading the typed sheet, the deductions,
the model, every solve, the proof of uniqueness and writing the answer into the cells (its
`timings` split it), the book already open; no interpreter start, no opening or saving of the
file.

Beside noqx (`--noqx`, benchmarks.noqx_peer): each puzzle also goes to noqx as this project's
penpa-edit link of the sheet (with the parameters noqx takes from a field rather than the link:
star battle's stars, easy as abc's letters, battleship's fleet), timed in the same run with the
same limit, asked for two answers; its seconds are its whole `run_solver` (reading the link to
the answers written back), the span of our record's `seconds`. The ratio (ours / noqx) is taken
over the puzzles both answer right: ours proved unique, noqx's one answer (two answers or an
error from noqx, where it reads the link otherwise than penpa does, are listed and left out).

`--table` writes no run: it puts the table of the runs given (their `--json` files, a genre's
puzzles from the last file that has them) into docs/performance.md, as its part `puzzlekit`
(benchmarks.put_part; benchmarks.report keeps it as it is); with `--peers RUN.jsonl ...`, the
ratios to noqx come from those runs (a run beside noqx over every Nth puzzle, say, where the
table's counts and times are of the whole set); with `--keep`, the rows of the genres that no
run gives stay as they are in the table there (a genre measured again after a change). `--about`
says how the runs were made (in the paragraph above the table), `--notes` is a Markdown file put
below it (why the puzzles not right are not).

`--examples` keeps each reader's smallest published puzzle (the first of the smallest) in a file
that tests/test_puzzlekit_readers.py solves through `measure`, so a reader is tested without the
dataset.

Verdicts: `unique` (the published answer, proved unique) is right; `NOT unique`, `unique
unproved`, `timeout`, `WRONG` (an answer other than the published one, or one the record does
not show, said to be unique), `error` and `unreadable` (the reader or the genre's parse refused
the puzzle) are not, and make the exit status 1; an answer other than the published one that
the record does not call unique keeps its verdict (`NOT unique`, `unique unproved`) and says so.
Printed: a line per puzzle, then per genre the count, the right verdicts, and the median, 90th
percentile and worst seconds.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import openpyxl

from benchmarks import ROOT, put_part
from benchmarks.noqx_peer import NOT_IN_NOQX, Noqx, parameters
from benchmarks.puzzlekit import readers, size_of
from solver import limits, links
from solver.genres import genre_by_slug
from solver.io.puzzlink import UrlError
from solver.io.sheet import InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVER_CHOICES, Settings
from solver.pipeline import read_puzzle, solve_sheet

RIGHT = "unique"


def dataset(root: Path, name: str) -> dict[str, dict[str, Any]]:
    """One genre's dataset, `{puzzle name: {"problem", "solution", "source"}}`."""
    path = f"assets/data/{name}/{name}_dataset.json"
    if (root / "assets").is_dir():
        text = (root / path).read_text(encoding="utf-8")
    else:
        show = ["git", "-C", str(root), "show", f"HEAD:{path}"]
        text = subprocess.run(show, check=True, capture_output=True, text=True).stdout
    return json.loads(text)["data"]


def chosen(entries: dict[str, dict[str, Any]], every: int) -> Iterator[tuple[str, dict]]:
    """The entries with a problem and a solution, every `every`th of them and the largest."""
    ready = [(n, e) for n, e in entries.items() if e.get("problem") and e.get("solution")]
    if every <= 1 or not ready:
        yield from ready
        return
    largest = max(ready, key=lambda ne: _cells(ne[1]["problem"]))
    for i, (name, entry) in enumerate(ready):
        if i % every == 0 or name == largest[0]:
            yield name, entry


def smallest(entries: dict[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The first of the entries with the fewest cells."""
    return min(chosen(entries, 1), key=lambda ne: _cells(ne[1]["problem"]))


def _cells(problem: str) -> int:
    rows, cols = size_of(problem)
    return rows * cols


def measure(
    slug: str,
    reader: ModuleType,
    name: str,
    entry: dict,
    settings: Settings,
    noqx: Noqx | None = None,
) -> dict:
    """One puzzle typed into a new book's sheet named after the genre, solved there; and by
    noqx, where given one that has the genre."""
    rows, cols = size_of(entry["problem"])
    out: dict[str, Any] = {"genre": slug, "name": name, "size": f"{rows}x{cols}"}
    try:
        cells = reader.cells(entry["problem"])
        want = reader.expected(entry["solution"])
    except (ValueError, KeyError, IndexError) as exc:
        return out | {"verdict": "unreadable", "error": f"{type(exc).__name__}: {exc}"}
    with tempfile.TemporaryDirectory() as tmp:
        wb = openpyxl.Workbook()
        wb.active.title = slug
        fill_sheet(wb.active, cells)
        path = Path(tmp) / f"{slug}.xlsx"
        wb.save(path)
        book = OpenpyxlBook(path)
        if noqx is not None:
            out |= _peer(noqx, book, slug, settings.time_limit or 600.0)
        res = solve_sheet(book, slug, settings)
    rec = res.record()
    out |= {"seconds": rec["seconds"], "timings": rec["timings"], "solver": rec["solver"]}
    if rec["status"] != "solved":
        return out | {"verdict": rec["status"], "error": rec["error"]}
    answer = rec["answer"] or {}
    wrong = sorted(k for k, v in want.items() if answer.get(k) != v)
    verdict = {True: RIGHT, False: "NOT unique", None: "unique unproved"}[rec["unique"]]
    if wrong and rec["unique"]:
        return out | {"verdict": "WRONG", "error": f"differs in {', '.join(wrong)}"}
    if wrong:
        return out | {"verdict": verdict, "error": f"another answer: differs in {', '.join(wrong)}"}
    return out | {"verdict": verdict}


def _peer(noqx: Noqx, book: OpenpyxlBook, slug: str, limit: float) -> dict[str, Any]:
    genre = genre_by_slug(slug)
    name = noqx.solver_for([slug, *genre.pzpr_ids, *genre.names])
    if name is None:
        return {"noqx_error": NOT_IN_NOQX}
    try:
        link = links.sheet_url(book, slug, penpa=True).url
    except (InputError, UrlError) as exc:
        return {
            "noqx_error": "no penpa-edit link for this genre"
            if "no penpa form" in str(exc)
            else f"no penpa link: {exc}"
        }
    _, _, puzzle = read_puzzle(book, slug)
    got = noqx.time(name, link, limit, parameters(slug, puzzle))
    if "error" in got:
        return {"noqx_error": got["error"]}
    if got["answers"] != 1:
        return {"noqx_error": f"{got['answers']} answers", "noqx_seconds": got["seconds"]}
    return {"noqx_seconds": got["seconds"]}


def line(r: dict[str, Any]) -> str:
    seconds = f"{r['seconds']:9.3f}" if "seconds" in r else f"{'-':>9}"
    peer = ""
    if r.get("noqx_error"):
        peer = f"  (noqx: {r['noqx_error']})"
    elif "noqx_seconds" in r:
        peer = f"  noqx {r['noqx_seconds']:.3f}"
    more = f"  {r['error']}" if r.get("error") else ""
    return f"{r['genre']:<16}{r['name']:<22}{r['size']:>8}{seconds}  {r['verdict']}{more}{peer}"


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Count, right verdicts, median / 90th percentile / worst seconds of the right ones."""
    times = sorted(r["seconds"] for r in results if r["verdict"] == RIGHT)
    out: dict[str, Any] = {"puzzles": len(results), "right": len(times)}
    if times:
        out["median"] = statistics.median(times)
        out["p90"] = times[min(len(times) - 1, int(0.9 * len(times)))]
        out["worst"] = times[-1]
        out["largest"] = max((r["size"] for r in results), key=_area)
    both = [
        r["seconds"] / r["noqx_seconds"]
        for r in results
        if r["verdict"] == RIGHT and "noqx_seconds" in r and not r.get("noqx_error")
    ]
    if both:
        out["beside_noqx"] = len(both)
        out["noqx_median"] = statistics.median(both)
        out["noqx_worst"] = max(both)
    late = [
        r
        for r in results
        if r["verdict"] == RIGHT and str(r.get("noqx_error", "")).startswith("timeout")
    ]
    if late:  # ours right where noqx gave no answer within the same limit: not in the ratio
        out["noqx_out_of_time"] = len(late)
    return out


def _area(size: str) -> int:
    rows, cols = size.split("x")
    return int(rows) * int(cols)


PART = "puzzlekit"  # its part of docs/performance.md (benchmarks.put_part)


def _by_genre(runs: list[Path]) -> dict[str, list[dict[str, Any]]]:
    """The runs' results per genre, each genre's from the last run that has it."""
    by_genre: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        mine: dict[str, list[dict[str, Any]]] = {}
        for text in run.read_text(encoding="utf-8").splitlines():
            r = json.loads(text)
            mine.setdefault(r["genre"], []).append(r)
        by_genre |= mine
    return by_genre


def kept_rows(path: Path) -> dict[str, str]:
    """The rows of the table in the file's part `puzzlekit` as it is, by genre."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    begin, end = f"<!-- {PART} -->", f"<!-- /{PART} -->"
    if begin not in text or end not in text:
        return {}
    rows = {}
    for row in text[text.index(begin) : text.index(end)].splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if row.startswith("| ") and cells[0] not in ("genre", "") and not cells[0].startswith("-"):
            rows[cells[0]] = row
    return rows


def in_all(by_genre: dict[str, list[dict[str, Any]]], kept: dict[str, str] | None = None) -> str:
    """One sentence over every genre's results: the puzzles, how many right and proved unique,
    and how many of those within 1 s. With rows kept from earlier runs (`kept_rows`), their
    puzzles and right ones count too, read off the rows; a row has no count within 1 s, so that
    one is of the genres measured in these runs only, and the sentence says so."""
    results = [r for rs in by_genre.values() for r in rs]
    right = [r["seconds"] for r in results if r["verdict"] == RIGHT]
    fast = sum(s <= 1.0 for s in right)
    puzzles, done = len(results), len(right)
    for row in (kept or {}).values():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        puzzles, done = puzzles + int(cells[1]), done + int(cells[2])
    share = f" ({100 * done / puzzles:.1f} %)" if puzzles else ""
    genres = len(by_genre) + len(kept or {})
    head = f"In all: {puzzles} puzzles of {genres} genres, {done} right and proved unique{share}"
    if not kept:
        return f"{head}, {fast} of them within 1 s."
    measured = ", ".join(sorted(by_genre))
    return (
        f"{head}. Within 1 s: {fast} of the {len(right)} right of the genres measured again "
        f"({measured}); the other rows are kept from earlier runs (their counts within 1 s are "
        "not in the table)."
    )


def table(
    runs: list[Path],
    about: str = "",
    peers: list[Path] | None = None,
    kept: dict[str, str] | None = None,
    notes: str = "",
) -> str:
    """The part of docs/performance.md for these runs: per genre, the puzzles, how many were
    right and proved unique, the largest, the median, 90th percentile and worst seconds, and the
    ratio to noqx: from the same runs, or (`peers`) from runs beside noqx, each its own ours and
    noqx's in one run; the totals (`in_all`), and `notes` (Markdown, why puzzles are not right,
    say) below the table. kept: rows of genres that no run gives, put in as they are (their
    puzzles and right ones counted in the totals)."""
    by_genre = _by_genre(runs)
    kept = {slug: row for slug, row in (kept or {}).items() if slug not in by_genre}
    beside = _by_genre(peers) if peers else by_genre
    head = "| genre | puzzles | right, unique | largest | median s | 90% s | worst s | "
    head += "beside noqx | median × noqx | worst × noqx | not right |"
    lines = [
        "## Published puzzles: SmilingWayne/puzzlekit-dataset",
        "",
        "Every puzzle of the dataset that a reader of benchmarks/puzzlekit/ types, one run each, "
        "typed into a sheet and solved with its proof of uniqueness, against its published "
        "answer; the time is the record's `seconds` (reading the sheet to the answer written "
        "into it). noqx timed in the same run on the same puzzle, as this project's penpa-edit "
        "link (benchmarks/noqx_peer.py); the ratio is ours over noqx's, over the puzzles both "
        "answered right (beside noqx: how many; the puzzles we answered right where noqx ran out "
        "of the same time limit are counted apart, outside the ratio). Made by "
        "`python -m benchmarks.benchmark_puzzlekit` (its docstring says "
        "how)" + (f": {about}" if about else "") + ".",
        "",
        in_all(by_genre, kept),
        "",
        head,
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for slug in sorted(by_genre.keys() | kept.keys()):
        if slug in kept:
            lines.append(kept[slug])
            continue
        results = by_genre[slug]
        s = summary(results)
        peer = summary(beside.get(slug, []))
        wrong = [f"{r['name']}: {r['verdict']}" for r in results if r["verdict"] != RIGHT]
        cells = [slug, str(s["puzzles"]), str(s["right"]), s.get("largest", "")]
        cells += [f"{s[k]:.3f}" if k in s else "–" for k in ("median", "p90", "worst")]
        late = peer.get("noqx_out_of_time")
        both = str(peer.get("beside_noqx", 0))
        cells.append(both + (f" (and {late} noqx ran out of time on)" if late else ""))
        cells += [f"{peer[k]:.2f}" if k in peer else "–" for k in ("noqx_median", "noqx_worst")]
        cells.append(
            "; ".join(wrong[:3]) + (f" and {len(wrong) - 3} more" if len(wrong) > 3 else "")
        )
        lines.append("| " + " | ".join(cells) + " |")
    if notes:
        lines += ["", notes.strip()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--root", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--genres", help="slugs, comma-separated (default: every reader)")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--solver", default="default", choices=SOLVER_CHOICES)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--puzzles", help="name prefixes, comma-separated: only these puzzles")
    ap.add_argument("--json", type=Path, help="write one JSON line per puzzle here")
    ap.add_argument("--noqx", type=Path, help="a checkout of noqx, timed beside us")
    ap.add_argument("--noqx-python", default="python3", help="a Python that has clingo")
    ap.add_argument("--table", type=Path, nargs="+", help="runs' --json files: write the table")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md")
    ap.add_argument("--about", default="", help="with --table: how the runs were made")
    ap.add_argument("--peers", type=Path, nargs="+", help="with --table: runs beside noqx")
    ap.add_argument("--notes", type=Path, help="with --table: a Markdown file put below it")
    ap.add_argument(
        "--keep", action="store_true", help="with --table: keep the rows of genres no run gives"
    )
    ap.add_argument("--examples", type=Path, help="write each reader's smallest puzzle here")
    a = ap.parse_args(argv)
    if a.table:
        kept = kept_rows(a.out) if a.keep else None
        notes = a.notes.read_text(encoding="utf-8") if a.notes else ""
        put_part(a.out, PART, table(a.table, a.about, a.peers, kept, notes))
        return 0
    if a.root is None:
        ap.error("give --root DIR (a clone of SmilingWayne/puzzlekit-dataset) or PUZZLEKIT_DATASET")
    found = readers()
    slugs = a.genres.split(",") if a.genres else sorted(found)
    unknown = [s for s in slugs if s not in found]
    if unknown:
        ap.error(f"no reader for {', '.join(unknown)}; readers: {', '.join(sorted(found))}")
    if a.examples:
        kept = {}
        for slug in slugs:
            name, entry = smallest(dataset(a.root, found[slug].DATASET))
            kept[slug] = {"name": name} | {k: entry[k] for k in ("problem", "solution", "source")}
        text = json.dumps(kept, ensure_ascii=False, indent=1, sort_keys=True)
        a.examples.write_text(text + "\n", encoding="utf-8")
        return 0
    settings = Settings(a.solver, time_limit=a.time_limit)
    show = functools.partial(print, flush=True)
    sink = a.json.open("w", encoding="utf-8") if a.json else None
    every: dict[str, list[dict[str, Any]]] = {}
    noqx = Noqx(a.noqx, a.noqx_python) if a.noqx else None
    prefixes = tuple(a.puzzles.split(",")) if a.puzzles else ()
    with limits.stopping():
        for slug in slugs:
            reader = found[slug]
            for name, entry in chosen(dataset(a.root, reader.DATASET), a.every):
                if prefixes and not name.startswith(prefixes):
                    continue
                r = measure(slug, reader, name, entry, settings, noqx)
                every.setdefault(slug, []).append(r)
                show(line(r))
                if sink:
                    sink.write(json.dumps(r, ensure_ascii=False) + "\n")
                    sink.flush()
    show("")
    for slug, results in every.items():
        s = summary(results)
        times = (
            f"; median {s['median']:.3f} s, 90% {s['p90']:.3f} s, worst {s['worst']:.3f} s"
            if s["right"]
            else ""
        )
        peer = (
            f"; ratio to noqx over {s['beside_noqx']}: median {s['noqx_median']:.2f}, "
            f"worst {s['noqx_worst']:.2f}"
            if "beside_noqx" in s
            else ""
        )
        show(f"{slug}: {s['right']} of {s['puzzles']} right and proved unique{times}{peer}")
    if noqx is not None:
        noqx.close()
    return 0 if all(r["verdict"] == RIGHT for rs in every.values() for r in rs) else 1


if __name__ == "__main__":
    sys.exit(main())
