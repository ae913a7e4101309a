"""Benchmark on published larger puzzles, beside the fastest peers' times.

    python tests/benchmark_large.py [--solvers default,highs,scip,cbc,scip-rounds] [--repeats 3]
                                    [--time-limit 120] [--json out.json] [--puzzles FILE]
                                    [name ...]

Each puzzle of tests/data/large/puzzles.json (a copy of the shared set: puzz.link URLs of
published puzzles, each with the times of noqx (clingo) and of OR-Tools CP-SAT, measured as
model build + solve + proof of uniqueness) is imported by its URL, solved on each back end with
the uniqueness proof, and its answer checked by the genre's `verify`. The time measured here is
the same span as the peers': from the parsed puzzle to the proven-unique answer (model build,
every solve, the uniqueness solve; no interpreter start, no workbook). A puzzle whose genre the
project does not have yet is listed as such.

`default` is what a user gets without naming a solver: each genre's own back end (printed as
`default:scip`), the one this benchmark chose for it. `scip-rounds` is SCIP with the lazy cuts
added between solves, as HiGHS and CBC must, instead of inside its one search
(solver.mip.scip_lazy): to measure the one against the other.

`--puzzles tests/data/large/numberlink.json`: 21 more published numberlinks (7x7 to 26x26, no
peers' times), the genre where the time varies most from puzzle to puzzle; one of them
(numlin-j10i) has two answers, and "NOT unique" is the right verdict there.
`--puzzles tests/data/large/yajilin.json`: six more published yajilins (five 10x10, one 19x13;
no peers' times), the genre furthest behind noqx on the shared set.
`--puzzles tests/data/large/heyawake.json`: five more published heyawakes (10x10 to 19x15, no
peers' times; heyawake-17 has several answers as published); heyawake-10b and heyawake-12x12
are the ones that need the forest count (cells.forest_count) from the start.
`--puzzles tests/data/large/published.json`: 34 more published puzzles of 13 genres (13x13 to
45x31, no peers' times; their `unique` is this project's verdict, see its README), for how the
genres hold up beyond the 17; three had no proof within 60 s (numlin-42x25, nurikabe-13x13 and
nurikabe-30x20).
`--puzzles tests/data/large/janko.json`: 61 published puzzles of janko.at (SmilingWayne's
puzzlekit-dataset), 9x12 to 100x100, typed into cells as a user types them (read by each
genre's `parse`, not from a URL), with noqx's seconds measured on this machine in the
twenty-ninth session (no CP-SAT times): the larger ones of eight genres, where budgets sized for
smaller grids had left the rules short (see its README).
`--puzzles tests/data/large/penpa.json`: 24 more from penpa-edit's example list (9x9 to 12x12;
see its README); the two 11x11 numberlinks, without a proof within 60 s until the twenty-third
session, are decided in about half a second by the frontier count (solver.deduce.frontier).

Printed per puzzle and back end: the median seconds of the repeats, the status, and the ratio to
noqx and to CP-SAT; then per back end the median ratio over the solved puzzles and the worst.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks import LARGE
from solver.genres import genre_by_slug, genre_for_pzpr
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid
from solver.mip.backends import SOLVERS, Settings
from solver.pipeline import solve_puzzle

PUZZLES = LARGE / "puzzles.json"
DECIDED = ("unique", "NOT unique, as published")  # the verdicts that are right


def load(names: list[str], path: Path = PUZZLES) -> list[dict[str, Any]]:
    puzzles = json.loads(path.read_text(encoding="utf-8"))
    return [p for p in puzzles if not names or p["name"] in names]


def measure(entry: dict[str, Any], solver: str, repeats: int, limit: float) -> dict[str, Any]:
    """Median seconds over the repeats, and how the last run ended."""
    if "cells" in entry:  # typed as a user types it into the sheet (janko.json)
        genre = genre_by_slug(entry["genre"])
        puzzle = genre.parse(Grid(entry["name"], entry["cells"]))
    else:
        url = parse_url(entry["url"])
        genre = genre_for_pzpr(url.pid)
        if genre is None or genre.from_url is None:
            return {"status": "no genre yet", "seconds": None}
        puzzle = genre.from_url(url)
    times, status = [], ""
    for _ in range(repeats):
        start = time.perf_counter()
        settings = Settings(solver.removesuffix("-rounds"), time_limit=limit)
        if solver.endswith("-rounds"):  # lazy cuts in rounds of solves, not in one search
            settings = dataclasses.replace(settings, cuts_in_search=False)
        out = solve_puzzle(genre, puzzle, settings, check_unique=True)
        times.append(time.perf_counter() - start)
        if out.status != "solved":
            status = out.status
        elif out.violations:
            status = "WRONG: " + out.violations[0]
        else:
            status = {True: "unique", False: "NOT unique", None: "unique unproved"}[out.unique]
            if out.unique is False and entry.get("unique") is False:
                status = "NOT unique, as published"
        if status not in DECIDED:
            break
    ran = settings.resolved(genre.tuning).solver
    label = f"default:{ran}" if solver == "default" else solver
    return {"status": status, "seconds": statistics.median(times), "label": label}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("names", nargs="*", help="puzzle names (default: all)")
    ap.add_argument("--solvers", default=",".join(("default", *SOLVERS)))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--puzzles", type=Path, default=PUZZLES, help="a JSON list like puzzles.json")
    a = ap.parse_args(argv)
    solvers = a.solvers.split(",")
    results = []
    print(
        f"{'puzzle':<14}{'size':>7}  {'solver':<14}{'seconds':>9}{'noqx':>8}{'cpsat':>8}"
        f"{'/noqx':>8}{'/cpsat':>8}  status"
    )
    for entry in load(a.names, a.puzzles):
        for solver in solvers:
            r = measure(entry, solver, a.repeats, a.time_limit)
            r.update(name=entry["name"], solver=solver, noqx=entry["noqx_seconds"])
            r["cpsat"] = entry["cpsat_seconds"]
            results.append(r)
            size = f"{entry['cols']}x{entry['rows']}"
            if r["seconds"] is None:
                print(f"{entry['name']:<14}{size:>7}  {solver:<14}{'-':>9}{'':>32}  {r['status']}")
                continue
            peers = "".join(
                f"{'-':>8}" if t is None else f"{t:>8.3f}" for t in (r["noqx"], r["cpsat"])
            )
            ratios = "".join(
                f"{'-':>8}" if t is None else f"{r['seconds'] / t:>8.2f}"
                for t in (r["noqx"], r["cpsat"])
            )
            print(
                f"{entry['name']:<14}{size:>7}  {r['label']:<14}{r['seconds']:>9.3f}"
                f"{peers}{ratios}  {r['status']}",
                flush=True,
            )
    print()
    for solver in solvers:
        mine = [r for r in results if r["solver"] == solver]
        decided = [r for r in mine if r["status"] in DECIDED]
        done = [r for r in decided if r["noqx"] is not None]
        if not done:
            if decided:
                print(f"{solver}: {len(decided)} of {len(mine)} puzzles decided")
            continue
        to_noqx = [r["seconds"] / r["noqx"] for r in done]
        worst = max(done, key=lambda r: r["seconds"] / r["noqx"])
        to_cpsat = [r["seconds"] / r["cpsat"] for r in done if r["cpsat"] is not None]
        print(
            f"{solver}: {len(done)} puzzles solved and proved unique; ratio to noqx: median "
            f"{statistics.median(to_noqx):.2f}, worst {max(to_noqx):.2f} ({worst['name']})"
            + (f"; to CP-SAT: median {statistics.median(to_cpsat):.2f}" if to_cpsat else "")
        )
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0 if all(r["status"] in (*DECIDED, "no genre yet") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
