"""Benchmark: every sample workbook on every back end, in one run, medians of several repeats.

    python tests/benchmark.py [--repeats 7] [--json out.json] [slug ...]

Per genre, back end and connectivity form (loops and paths have two: `complete` inside the MIP
and `lazy` cuts; the others only `complete`) it reports model build (parse + PuLP model), solve
(hand the model to the solver and solve, every lazy round included), unique (the no-good cut and
the second solve) and total, in milliseconds, and each total as a ratio to the genre's fastest.
Back ends and forms alternate inside each repeat, so machine noise hits them alike. This is what
chose the default back end (backends.DEFAULT_SOLVER) and each genre's default form.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from solver.backends import SOLVERS, Settings
from solver.genres import genre_for_sheet
from solver.pipeline import read_puzzle, solve_puzzle
from solver.sheet.openpyxl_book import OpenpyxlBook

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"


def measure(slug: str, repeats: int) -> dict[str, dict[str, float]]:
    book = OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx")
    sheet = next(n for n in book.sheet_names() if n.startswith(slug))
    genre = genre_for_sheet(sheet)
    forms = ("complete", "lazy") if genre and genre.has_lazy else ("complete",)
    timings: dict[str, dict[str, list[float]]] = {
        f"{s}/{f}": {"build": [], "solve": [], "unique": [], "total": []}
        for s in SOLVERS
        for f in forms
    }
    for _ in range(repeats):
        for key in timings:
            solver, form = key.split("/")
            start = time.perf_counter()
            genre, _, puzzle = read_puzzle(book, sheet)
            parsed = time.perf_counter()
            settings = Settings(solver, connectivity=form)
            out = solve_puzzle(genre, puzzle, settings, check_unique=True)
            total = time.perf_counter() - start
            if out.status != "solved" or out.unique is not True or out.violations:
                raise SystemExit(f"{slug} on {key}: {out.status}, unique={out.unique}")
            t = timings[key]
            t["build"].append(parsed - start + out.build_seconds)
            t["solve"].append(out.solve_seconds)
            t["unique"].append(out.unique_seconds)
            t["total"].append(total)
    return {s: {k: statistics.median(v) * 1000 for k, v in t.items()} for s, t in timings.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    slugs = a.slugs or sorted(p.stem for p in WORKBOOKS.glob("*.xlsx"))
    results = {slug: measure(slug, a.repeats) for slug in slugs}
    print(f"medians of {a.repeats} repeats, milliseconds; ratio = total / fastest total")
    print(
        f"{'genre':<15}{'solver/form':<16}{'build':>9}{'solve':>9}{'unique':>9}{'total':>9}"
        f"{'ratio':>7}"
    )
    for slug, per in results.items():
        best = min(r["total"] for r in per.values())
        for key, r in per.items():
            print(
                f"{slug:<15}{key:<16}{r['build']:>9.2f}{r['solve']:>9.2f}{r['unique']:>9.2f}"
                f"{r['total']:>9.2f}{r['total'] / best:>7.2f}"
            )
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
