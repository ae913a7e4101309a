"""Every sample workbook on every back end and connectivity form: where the time goes.

    python -m benchmarks.benchmark [--repeats 7] [--json out.json] [slug ...]

Measured: per genre (its sample, workbooks/<slug>.xlsx; all of them unless slugs are given),
back end (highs, scip, cbc) and connectivity form (loops and paths have two, `complete` inside
the MIP and `lazy` cuts; the other genres only `complete`), the span from reading the puzzle off
the open workbook to the verified answer with its proof of uniqueness, in milliseconds, split
into build (parse + PuLP model), solve (every lazy round included), unique (the no-good cut and
the second solve), other (decoding and verifying the answer) and total.

Method: each repeat runs every back end and form once, in turn, so that machine noise hits them
alike; no time limit. The row printed is the repeat with the median total (the lower middle one
for an even count), so its columns add up to its total; ratio = total / the genre's fastest
total. A sample that does not come out solved, unique and verified stops the run (a sample
whose example has several answers, abc-place's and star-battle's: solved, verified and said
not unique). This is the
measurement behind the default back end (settings.DEFAULT_SOLVER) and each genre's default form.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks import ROOT, WORKBOOKS
from solver.genres import genre_for_sheet
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle


def measure(
    slug: str,
    repeats: int,
    solvers: Sequence[str] = SOLVERS,
    forms: Sequence[str] | None = None,
    limit: float | None = None,
) -> dict[str, dict[str, float]]:
    """{"solver/form": the run with the median total}, for each back end and form (default: the
    genre's, `complete` and for loops and paths `lazy`; `default` is the genre's own choice)."""
    book = OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx")
    sheet = next(n for n in book.sheet_names() if n.startswith(slug))
    genre = genre_for_sheet(sheet)
    if forms is None:
        forms = ("complete", "lazy") if genre and genre.has_lazy else ("complete",)
    runs: dict[str, list[dict[str, float]]] = {f"{s}/{f}": [] for s in solvers for f in forms}
    for _ in range(repeats):
        for key in runs:
            solver, form = key.split("/")
            start = time.perf_counter()
            genre, _, puzzle = read_puzzle(book, sheet)
            parsed = time.perf_counter()
            settings = Settings(solver, limit, connectivity=form)
            out = solve_puzzle(genre, puzzle, settings, check_unique=True)
            total = time.perf_counter() - start
            if out.status != "solved" or out.unique is not right(slug) or out.violations:
                raise SystemExit(f"{slug} on {key}: {out.status}, unique={out.unique}")
            run = {
                "build": parsed - start + out.build_seconds,
                "solve": out.solve_seconds,
                "unique": out.unique_seconds,
                "total": total,
            }
            run["other"] = total - run["build"] - run["solve"] - run["unique"]
            runs[key].append({k: v * 1000 for k, v in run.items()})
    return {key: median_run(rs) for key, rs in runs.items()}


def right(slug: str) -> bool:
    """The uniqueness a sample's verdict must have: False for an example with several answers
    (tests/data/examples/<slug>.json says `"unique": "no (N solutions)"`; pipe-link's lists two
    for the notebook's encoding, and its sample, with the pieces fixed, has one)."""
    path = ROOT / "tests" / "data" / "examples" / f"{slug}.json"
    said = json.loads(path.read_text("utf-8")).get("unique") if path.exists() else None
    return not (isinstance(said, str) and said.startswith("no ("))


def median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    """The run whose total is the median (the lower middle one for an even count)."""
    return sorted(runs, key=lambda r: r["total"])[(len(runs) - 1) // 2]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    slugs = a.slugs or sorted(p.stem for p in WORKBOOKS.glob("*.xlsx"))
    results = {slug: measure(slug, a.repeats) for slug in slugs}
    print(
        f"the run with the median total of {a.repeats} repeats, milliseconds; "
        "ratio = total / fastest total"
    )
    print(
        f"{'genre':<15}{'solver/form':<16}{'build':>9}{'solve':>9}{'unique':>9}{'other':>9}"
        f"{'total':>9}{'ratio':>7}"
    )
    for slug, per in results.items():
        best = min(r["total"] for r in per.values())
        for key, r in per.items():
            print(
                f"{slug:<15}{key:<16}{r['build']:>9.2f}{r['solve']:>9.2f}{r['unique']:>9.2f}"
                f"{r['other']:>9.2f}{r['total']:>9.2f}{r['total'] / best:>7.2f}"
            )
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
