"""Published puzzles, each solved with its proof of uniqueness, beside the peers' times.

    python -m benchmarks.benchmark_large [--puzzles FILE] [--repeats 3] [--time-limit 120]
                                         [--solvers default,highs,scip,cbc,scip-rounds]
                                         [--json out.json] [name ...]

Puzzles: one list of tests/data/large (default puzzles.json; what each list holds and where it
comes from: tests/data/large/README.md), all of it or the names given. An entry with a `url`
(puzz.link) is imported by its genre's `from_url`; one with `cells` (janko.json) is read by its
genre's `parse`, as a user types it into a sheet. A pzpr id without a genre here is listed as
`no genre yet`.

Timed span: from the parsed puzzle to the verified answer with its proof of uniqueness
(`solve_puzzle`: model build, every solve and lazy round, the uniqueness solve, the genre's
`verify`); no interpreter start, no workbook, no URL or cell parsing. The peers' times cover
the same span (model build, solve, proof of uniqueness).

Method: each puzzle runs `--repeats` times on each back end in turn, each run with the time
limit; the seconds printed are the median of the repeats. A run that ends without a right
verdict ends that puzzle's repeats on that back end.

Back ends: `default` is what a user gets without naming one, each genre's own back end
(`Genre.tuning`; printed as e.g. `default:scip`); `scip-rounds` is SCIP with the lazy cuts
added between solves, as HiGHS and CBC must add them, instead of inside its one search
(solver.mip.scip_lazy).

Verdicts: `unique`, and `NOT unique, as published` for a puzzle the list marks as having
several answers (`"unique": false`), are right; `NOT unique` (elsewhere), `unique unproved`,
`timeout` and `WRONG: <the first broken rule>` are not, and make the exit status 1.

Peers' times (not measured here): `noqx_seconds` (noqx, per-genre Answer Set Programs on
clingo) and `cpsat_seconds` (OR-Tools CP-SAT) as the list holds them, null where it has none.
puzzles.json's come with the shared set, measured on a 2-core machine of this kind;
janko.json's noqx times were measured on this machine, one run each, before this script ran.

Printed: per puzzle and back end the median seconds, the peers' seconds, the ratio to each,
and the verdict; then per back end the median ratio to noqx over the decided puzzles, and the
worst.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
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
from solver.mip.settings import SOLVERS, Settings
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


HEADER = (
    f"{'puzzle':<14}{'size':>7}  {'solver':<14}{'seconds':>9}{'noqx':>8}{'cpsat':>8}"
    f"{'/noqx':>8}{'/cpsat':>8}  status"
)


def run(
    entries: list[dict[str, Any]], solvers: list[str], repeats: int, limit: float, show=print
) -> list[dict[str, Any]]:
    """Every entry on every back end, in that order; `show` gets each row as it is measured."""
    results = []
    for entry in entries:
        for solver in solvers:
            r = measure(entry, solver, repeats, limit)
            r.update(name=entry["name"], solver=solver, noqx=entry["noqx_seconds"])
            r["cpsat"] = entry["cpsat_seconds"]
            r["size"] = f"{entry['cols']}x{entry['rows']}"
            results.append(r)
            show(row(r))
    return results


def row(r: dict[str, Any]) -> str:
    if r["seconds"] is None:
        return f"{r['name']:<14}{r['size']:>7}  {r['solver']:<14}{'-':>9}{'':>32}  {r['status']}"
    peers = "".join(f"{'-':>8}" if t is None else f"{t:>8.3f}" for t in (r["noqx"], r["cpsat"]))
    ratios = "".join(
        f"{'-':>8}" if t is None else f"{r['seconds'] / t:>8.2f}" for t in (r["noqx"], r["cpsat"])
    )
    return (
        f"{r['name']:<14}{r['size']:>7}  {r['label']:<14}{r['seconds']:>9.3f}"
        f"{peers}{ratios}  {r['status']}"
    )


def summary(results: list[dict[str, Any]], solver: str) -> dict[str, Any]:
    """One back end's count of puzzles and of right verdicts, and over the decided puzzles with
    noqx's time: the median and worst ratio to noqx, and the median ratio to CP-SAT."""
    mine = [r for r in results if r["solver"] == solver]
    decided = [r for r in mine if r["status"] in DECIDED]
    done = [r for r in decided if r["noqx"] is not None]
    out: dict[str, Any] = {"puzzles": len(mine), "decided": len(decided), "beside_noqx": len(done)}
    if done:
        worst = max(done, key=lambda r: r["seconds"] / r["noqx"])
        out["noqx_median"] = statistics.median(r["seconds"] / r["noqx"] for r in done)
        out["noqx_worst"] = worst["seconds"] / worst["noqx"]
        out["noqx_worst_name"] = worst["name"]
        to_cpsat = [r["seconds"] / r["cpsat"] for r in done if r["cpsat"] is not None]
        out["cpsat_median"] = statistics.median(to_cpsat) if to_cpsat else None
    return out


def summary_line(solver: str, s: dict[str, Any]) -> str | None:
    if not s["beside_noqx"]:
        decided = s["decided"]
        return f"{solver}: {decided} of {s['puzzles']} puzzles decided" if decided else None
    return (
        f"{solver}: {s['beside_noqx']} puzzles solved and proved unique; ratio to noqx: median "
        f"{s['noqx_median']:.2f}, worst {s['noqx_worst']:.2f} ({s['noqx_worst_name']})"
        + (f"; to CP-SAT: median {s['cpsat_median']:.2f}" if s["cpsat_median"] is not None else "")
    )


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
    print(HEADER)
    show = functools.partial(print, flush=True)
    results = run(load(a.names, a.puzzles), solvers, a.repeats, a.time_limit, show)
    print()
    for solver in solvers:
        line = summary_line(solver, summary(results, solver))
        if line:
            print(line)
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0 if all(r["status"] in (*DECIDED, "no genre yet") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
