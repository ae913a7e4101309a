"""Generated puzzles of growing size: how the cost grows, per back end and connectivity form.

    python -m benchmarks.benchmark_sizes [--sizes 10 20 30] [--repeats 3] [--time-limit 60]
                                         [--solvers highs scip cbc] [--forms complete lazy]
                                         [--json out.json] [slug ...]

Puzzles: each genre with a generator (tests/generators/<slug>.py; all of them unless slugs are
given) gets one random size x size puzzle per size (10, 20 and 30, or the genre's own sizes in
SIZES, unless --sizes says), made from a random answer, seed = size; the note says how many
clues it keeps. A generated puzzle has an answer but is not always unique.

Measured: per puzzle, back end and form (`lazy` only for genres that have it), the span of
`solve_puzzle` on the generated puzzle with the uniqueness check: medians of `--repeats` runs
of build, solve (every lazy round), unique (the no-good cut and its re-solve) and total,
milliseconds, and the solves and cuts. Back ends and forms alternate inside each repeat so
that machine noise hits them alike. A run over the time limit shows as `timeout`, and that
combination is not run again. Every answer is checked by the genre's `verify`; a puzzle the
model calls infeasible stops the run (its generator built an answer, so model and rules differ).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from solver.genres import all_genres, genre_by_slug
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import solve_puzzle
from tests.generators import generator

FORMS = ("complete", "lazy")
# genres measured at other sizes than 10, 20, 30 unless --sizes says otherwise
SIZES = {
    "ripple-effect": [5, 10, 15],
    "inshi-no-heya": [4, 6, 9],
    "kakuro": [8, 10, 12],
    "futoshiki": [5, 7, 9],
    "skyscrapers": [6, 9, 12],
    "fillmat": [6, 8, 10],  # its generator's random tilings take 35 s at 12x12
    "block-puzzle": [5, 6, 8, 10],  # N blocks of N cells: the candidates grow fast with N
}


def measure(slug: str, size: int, solvers, forms, repeats: int, limit: float) -> dict:
    genre = genre_by_slug(slug)
    puzzle, note = generator(slug).generate(size, seed=size)
    forms = [f for f in forms if genre.has_lazy or f == "complete"]
    runs: dict[tuple[str, str], dict[str, list]] = {
        (s, f): {"build": [], "solve": [], "unique": [], "total": [], "status": []}
        for s in solvers
        for f in forms
    }
    for _ in range(repeats):
        for (solver, form), t in runs.items():
            if "timeout" in t["status"]:
                continue  # once over the limit, don't spend it again
            start = time.perf_counter()
            out = solve_puzzle(genre, puzzle, Settings(solver, limit, connectivity=form))
            total = time.perf_counter() - start
            if out.status == "solved" and out.violations:
                raise SystemExit(f"{slug} {size} {solver} {form}: {out.violations[:3]}")
            if out.status == "infeasible":  # the generator built an answer: model and rules differ
                raise SystemExit(f"{slug} {size} {solver} {form}: no answer, but one was built")
            status = out.status if out.unique is not None or out.status != "solved" else "timeout"
            t["status"].append(status)
            t["build"].append(out.build_seconds)
            t["solve"].append(out.solve_seconds)
            t["unique"].append(out.unique_seconds)
            t["total"].append(total)
            t.setdefault("rounds", []).append(out.rounds)
            t.setdefault("cuts", []).append(out.cuts)
            t.setdefault("unique_answer", []).append(out.unique)
    result = {"note": note, "runs": {}}
    for (solver, form), t in runs.items():
        row = {k: statistics.median(t[k]) * 1000 for k in ("build", "solve", "unique", "total")}
        row["status"] = "timeout" if "timeout" in t["status"] else t["status"][0]
        row["rounds"] = statistics.median(t["rounds"])
        row["cuts"] = statistics.median(t["cuts"])
        row["unique_answer"] = t["unique_answer"][0]
        result["runs"][f"{solver}/{form}"] = row
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--sizes", type=int, nargs="+", help="default 10 20 30, or the genre's SIZES")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--solvers", nargs="+", choices=SOLVERS, default=list(SOLVERS))
    ap.add_argument("--forms", nargs="+", choices=FORMS, default=list(FORMS))
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    slugs = a.slugs or [g.slug for g in all_genres() if generator(g.slug)]
    print(f"medians of {a.repeats} repeats, milliseconds; time limit {a.time_limit:g} s per run")
    print(
        f"{'genre':<14}{'size':>5}  {'solver/form':<16}{'build':>9}{'solve':>10}{'unique':>10}"
        f"{'total':>10}{'solves':>7}{'cuts':>6}  unique  clues"
    )
    results = {}
    for slug in slugs:
        for size in a.sizes or SIZES.get(slug, [10, 20, 30]):
            res = results[f"{slug}/{size}"] = measure(
                slug, size, a.solvers, a.forms, a.repeats, a.time_limit
            )
            for key, r in res["runs"].items():
                if r["status"] != "solved":  # timeout, or infeasible (a generated puzzle never is)
                    shown = f"{r['status']:>29}{'':>10}"
                else:
                    shown = f"{r['build']:>9.1f}{r['solve']:>10.1f}{r['unique']:>10.1f}"
                print(
                    f"{slug:<14}{size:>5}  {key:<16}{shown}{r['total']:>10.1f}"
                    f"{r['rounds']:>7g}{r['cuts']:>6g}  {r['unique_answer']!s:<6}  "
                    f"{res['note']}",
                    flush=True,
                )
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
