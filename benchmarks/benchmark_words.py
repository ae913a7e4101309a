"""The genres whose cells hold words (alphametic, logic grid) on harder instances than their
samples: each form of the model on every back end.

    python -m benchmarks.benchmark_words [--repeats 5] [name ...]

Instances: alphametic sums (send-more-money, eleven, forty-two, tests-41: 41 addends) in each of
alphametic.FORMS (`columns`, the sum column by column with carries; `place-value`, one
equation of 10^k coefficients); logic grids of 3x4 (the example), 4x5 (tests/test_logic_grid.py)
and 5x6 (below).

Measured: per instance, form and back end, from parsing the typed cells to the verified answer
with its proof of uniqueness: build (parse + model), solve, unique (the no-good cut and the
second solve) and total, milliseconds; no time limit. The row printed is the repeat with the
median total, and ratio = total / the instance's fastest total. Forms and back ends alternate
inside each repeat, so that machine noise hits them alike. This is the measurement behind
alphametic's default form.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from solver.genres import Genre, alphametic, logic_grid
from solver.io.sheet import Grid
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import solve_puzzle
from tests import test_logic_grid
from tests.conftest import EXAMPLES


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


def logic_grid_puzzle(groups: list[list[str]], hints: list[tuple[str, str, str]]) -> Any:
    """Groups as columns, an empty row, the hints in three cells each; room for the answer."""
    width = 2 * len(groups)
    rows = [[*items, *[None] * (width - len(groups))] for items in zip(*groups, strict=True)]
    rows.append([None] * width)
    rows += [[a, rel, b, *[None] * (width - 3)] for a, rel, b in hints]
    return logic_grid.parse(Grid("logic-grid", rows))


def logic_grid_example() -> Any:
    ex = json.loads((EXAMPLES / "logic-grid.json").read_text(encoding="utf-8"))
    hints = []
    for line in ex["puzzle_text"].split("\n"):
        truth, *items = line.split(",")
        a, b = [t for t in items if t]
        hints.append((a, "=" if truth == "1" else "≠", b))
    return logic_grid_puzzle(ex["puzzle_extra"]["kinds"], hints)


# made for this benchmark: a random matching, hints added until one answer is left, then each
# hint dropped that the answer did not need
GROUPS_5X6 = [
    ["amy", "ben", "cal", "dee", "eli", "fay"],
    ["rome", "oslo", "lima", "kyiv", "baku", "doha"],
    ["red", "blue", "green", "pink", "gray", "gold"],
    ["piano", "drums", "harp", "flute", "cello", "oboe"],
    ["1990", "1991", "1992", "1993", "1994", "1995"],
]
HINTS_5X6 = [
    ("cal", "=", "blue"), ("rome", "≠", "1991"), ("oslo", "≠", "pink"), ("oslo", "≠", "1992"),
    ("fay", "≠", "oslo"), ("green", "≠", "1994"), ("doha", "=", "oboe"), ("lima", "≠", "1993"),
    ("cello", "≠", "1993"), ("blue", "≠", "1994"), ("pink", "≠", "flute"), ("kyiv", "≠", "pink"),
    ("harp", "≠", "1993"), ("oboe", "≠", "1993"), ("rome", "≠", "1992"), ("oslo", "≠", "red"),
    ("kyiv", "≠", "piano"), ("eli", "=", "1993"), ("rome", "=", "flute"), ("blue", "≠", "1995"),
    ("amy", "=", "flute"), ("baku", "=", "harp"), ("eli", "≠", "green"), ("pink", "≠", "1995"),
    ("green", "≠", "1995"), ("gold", "=", "1991"), ("fay", "≠", "1995"), ("piano", "≠", "1991"),
    ("baku", "≠", "1994"), ("dee", "≠", "oboe"), ("doha", "=", "gray"),
]  # fmt: skip
LOGIC_GRID_FORMS = {"assignment": logic_grid.model}
INSTANCES |= {
    "logic-grid-3x4": (logic_grid_example, logic_grid.GENRE, LOGIC_GRID_FORMS),
    "logic-grid-4x5": (
        lambda: logic_grid_puzzle(test_logic_grid.GROUPS_4X5, test_logic_grid.HINTS_4X5),
        logic_grid.GENRE,
        LOGIC_GRID_FORMS,
    ),
    "logic-grid-5x6": (
        lambda: logic_grid_puzzle(GROUPS_5X6, HINTS_5X6),
        logic_grid.GENRE,
        LOGIC_GRID_FORMS,
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
