"""Kakuro's forms of a run's sum side by side (solver/genres/kakuro.py, FORMS).

    python -m benchmarks.benchmark_kakuro [--sizes 8 10 12] [--repeats 3] [--time-limit 60]
                                          [--solvers highs scip cbc] [--forms ...]

Puzzles: the sample (workbooks/kakuro.xlsx), pzprjs' test puzzle and one generated puzzle per
size (tests/generators/kakuro.py, seed = size; the note says how it was made).
Forms: `combinations` (a binary per combination of different digits), `sum` (the digits'
values add up to the clue, each digit at most once per run) and `both`.

Measured: per puzzle, back end and form, the span of `solve_puzzle` on the parsed puzzle,
with the uniqueness proof: build, solve, unique and total, milliseconds, each the median of
`--repeats` runs, each run with the time limit; the status of the first run. Back ends and
forms alternate inside each repeat, so that machine noise hits them alike. An answer that
breaks a rule stops the run.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import statistics
import sys
import time

from benchmarks import WORKBOOKS
from solver.genres import kakuro
from solver.io.puzzlink import parse_url
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle
from tests.generators import kakuro as generator

PZPR_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"  # test/script/kakuro.js


def puzzles(sizes: list[int]) -> list[tuple[str, kakuro.Puzzle, str]]:
    _, _, sample = read_puzzle(OpenpyxlBook(WORKBOOKS / "kakuro.xlsx"), "kakuro")
    found = [("sample 6x6", sample, ""), ("pzprjs 6x6", kakuro.from_url(parse_url(PZPR_URL)), "")]
    for size in sizes:
        p, note = generator.generate(size, seed=size)
        found.append((f"random {size}x{size}", p, note))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[8, 10, 12])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--solvers", nargs="+", choices=SOLVERS, default=list(SOLVERS))
    ap.add_argument("--forms", nargs="+", choices=kakuro.FORMS, default=list(kakuro.FORMS))
    a = ap.parse_args(argv)
    print(f"medians of {a.repeats} repeats, milliseconds")
    head = f"{'puzzle':<14}{'solver/form':<20}{'build':>8}{'solve':>9}{'unique':>9}"
    print(f"{head}{'total':>9}  status")
    for name, p, note in puzzles(a.sizes):
        if note:
            print(f"# {name}: {note}")
        times: dict[tuple[str, str], dict[str, list]] = {}
        for _ in range(a.repeats):
            for solver in a.solvers:
                for form in a.forms:
                    genre = dataclasses.replace(
                        kakuro.GENRE, model=functools.partial(kakuro.model, form=form)
                    )
                    start = time.perf_counter()
                    out = solve_puzzle(genre, p, Settings(solver, a.time_limit))
                    total = time.perf_counter() - start
                    if out.status == "solved" and out.violations:
                        raise SystemExit(f"{name} {solver} {form}: {out.violations[:3]}")
                    t = times.setdefault((solver, form), {})
                    for key, v in (
                        ("build", out.build_seconds),
                        ("solve", out.solve_seconds),
                        ("unique", out.unique_seconds),
                        ("total", total),
                    ):
                        t.setdefault(key, []).append(v * 1000)
                    t.setdefault("status", []).append(
                        "unique" if out.unique else f"{out.status}/{out.unique}"
                    )
        for (solver, form), t in times.items():
            row = "".join(f"{statistics.median(t[k]):>9.1f}" for k in ("build", "solve", "unique"))
            print(
                f"{name:<14}{solver + '/' + form:<20}{row[1:]}{statistics.median(t['total']):>9.1f}"
                f"  {t['status'][0]}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
