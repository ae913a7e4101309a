"""Benchmark of the genres whose cells hold words (alphametic), on harder instances than their
samples, each form of the model on every back end, in one run: medians of several repeats.

    python tests/benchmark_words.py [--repeats 5] [name ...]

Per instance, form and back end it reports model build, solve, unique (the no-good cut and the
second solve) and total in milliseconds (the run with the median total), and each total as a
ratio to the instance's fastest. Forms and back ends alternate inside each repeat, so machine
noise hits them alike. This is what chose alphametic's default form (`columns`, the sum column
by column with carries, against `place-value`, one equation of 10^k coefficients).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.backends import SOLVERS, Settings
from solver.genres import Genre, alphametic
from solver.pipeline import solve_puzzle
from solver.sheet import Grid


def alphametic_sum(*rows: str) -> alphametic.Puzzle:
    """A sum typed one word per cell, the rule line before the last word."""
    cells = [[w, None] for w in rows[:-1]] + [["-----", None], [rows[-1], None]]
    return alphametic.parse(Grid("alphametic", cells))


# name -> (puzzle, genre, {form: model function})
ALPHAMETIC_FORMS = {
    form: functools.partial(alphametic.model, form=form) for form in alphametic.FORMS
}
INSTANCES: dict[str, tuple[Callable[[], Any], Genre, dict[str, Callable[..., Any]]]] = {
    "send-more-money": (
        lambda: alphametic_sum("SEND", "MORE", "MONEY"),
        alphametic.GENRE,
        ALPHAMETIC_FORMS,
    ),
    "eleven": (
        lambda: alphametic_sum("THREE", "THREE", "TWO", "TWO", "ONE", "ELEVEN"),
        alphametic.GENRE,
        ALPHAMETIC_FORMS,
    ),
    "forty-two": (
        lambda: alphametic_sum(
            "NINETEEN", "THIRTEEN", "THREE", "TWO", "TWO", "ONE", "ONE", "ONE", "FORTYTWO"
        ),
        alphametic.GENRE,
        ALPHAMETIC_FORMS,
    ),
    "tests-41": (  # 41 addends, ten letters (a classic long alphametic, one answer)
        lambda: alphametic_sum(
            *[
                "SO",
                "MANY",
                "MORE",
                "MEN",
                "SEEM",
                "TO",
                "SAY",
                "THAT",
                "THEY",
                "MAY",
                "SOON",
                "TRY",
                "TO",
                "STAY",
                "AT",
                "HOME",
                "SO",
                "AS",
                "TO",
                "SEE",
                "OR",
                "HEAR",
                "THE",
                "SAME",
                "ONE",
                "MAN",
                "TRY",
                "TO",
                "MEET",
                "THE",
                "TEAM",
                "ON",
                "THE",
                "MOON",
                "AS",
                "HE",
                "HAS",
                "AT",
                "THE",
                "OTHER",
                "TEN",
                "TESTS",
            ]
        ),
        alphametic.GENRE,
        ALPHAMETIC_FORMS,
    ),
}


def measure(name: str, repeats: int) -> dict[str, dict[str, float]]:
    make, genre, forms = INSTANCES[name]
    keys = [(form, s) for form in forms for s in SOLVERS]
    runs: dict[str, list[dict[str, float]]] = {f"{f}/{s}": [] for f, s in keys}
    for _ in range(repeats):
        for form, solver in keys:
            g = dataclasses.replace(genre, model=forms[form])
            start = time.perf_counter()
            puzzle = make()
            parsed = time.perf_counter()
            out = solve_puzzle(g, puzzle, Settings(solver), check_unique=True)
            total = time.perf_counter() - start
            if out.status != "solved" or out.unique is not True or out.violations:
                raise SystemExit(f"{name} {form}/{solver}: {out.status}, unique={out.unique}")
            run = {
                "build": parsed - start + out.build_seconds,
                "solve": out.solve_seconds,
                "unique": out.unique_seconds,
                "total": total,
            }
            runs[f"{form}/{solver}"].append({k: v * 1000 for k, v in run.items()})
    return {
        key: sorted(rs, key=lambda r: r["total"])[(len(rs) - 1) // 2] for key, rs in runs.items()
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("names", nargs="*", help=f"instances (default: all of {', '.join(INSTANCES)})")
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args(argv)
    print(f"the run with the median total of {a.repeats} repeats, milliseconds")
    print(
        f"{'instance':<18}{'form/solver':<22}{'build':>9}{'solve':>9}{'unique':>10}{'total':>10}{'ratio':>7}"
    )
    for name in a.names or INSTANCES:
        per = measure(name, a.repeats)
        best = min(r["total"] for r in per.values())
        for key, r in per.items():
            print(
                f"{name:<18}{key:<22}{r['build']:>9.1f}{r['solve']:>9.1f}{r['unique']:>10.1f}"
                f"{r['total']:>10.1f}{r['total'] / best:>7.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
