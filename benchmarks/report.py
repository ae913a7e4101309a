"""Writes docs/performance.md: the times of the sample workbooks and of the published puzzles,
measured now, with the method and the machine.

    python -m benchmarks.report [--sets samples,puzzles,...] [--solvers default] [--repeats 3]
                                [--time-limit 60] [--skip NAME ...] [--out docs/performance.md]
                                [--json raw.json] [name ...]

Sets: `samples`, every sample workbook (workbooks/*.xlsx) as benchmarks.benchmark measures it,
with the genre's own connectivity form; and each list of tests/data/large by its name
(puzzles, numberlink, yajilin, heyawake, published, penpa, janko) as benchmarks.benchmark_large
measures it, beside the peers' times the list holds. Each set runs on every back end of
`--solvers` (`default`: each genre's own), `--repeats` times, each run with `--time-limit`
seconds; the times written are the medians of the repeats. Names (of puzzles or samples) keep
only those; `--skip NAME` leaves one out. The file says which were left out either way.

The file is written again after each set, so an interrupted run leaves the sets it finished
(the header names the ones not run). Run it from the repository's root, on a machine as idle
as it can be: the header records the load average at the start and the end.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import functools
import importlib.metadata
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks import LARGE, ROOT, WORKBOOKS, benchmark, benchmark_large, kept_parts
from solver.genres import genre_for_sheet
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVER_CHOICES, Settings

OUT = ROOT / "docs" / "performance.md"
# the parts other benchmarks write into it (benchmarks.put_part), kept as they are
KEPT = ("startup", "puzzlekit", "generated")
LISTS = ("puzzles", "numberlink", "yajilin", "heyawake", "published", "penpa", "janko")
SETS = ("samples", *LISTS)
# where each list's peers' times come from (tests/data/large/README.md); the others have none
PEERS = {
    "puzzles": "noqx 0.8.5 (clingo 5.8, one thread) and OR-Tools 9.15 CP-SAT (2 workers), as the "
    "shared set lists them, measured on a 2-core machine of this kind, not by this run",
    "janko": "noqx 0.8.5 (clingo 5.8), measured on this machine, one run each, not by this run",
}


def machine() -> list[tuple[str, str]]:
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    versions = ", ".join(
        f"{name} {importlib.metadata.version(name)}" for name in ("highspy", "PySCIPOpt", "PuLP")
    )
    with contextlib.suppress(Exception):
        import pyscipopt

        versions += f" (SCIP {pyscipopt.Model().version()})"
    return [
        ("CPU", cpu),
        ("cores", f"{os.cpu_count()} ({usable} usable by this process)"),
        ("system", platform.platform()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("solvers", versions),
    ]


def commit() -> str:
    def git(*args: str) -> str:
        run = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return run.stdout.strip() if run.returncode == 0 else ""

    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    out = OUT.relative_to(ROOT).as_posix()
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", f":!{out}")
    return head + (f" (branch {branch})" if branch else "") + (", with changes" if dirty else "")


@dataclasses.dataclass
class Keep:
    """Which puzzles or samples a run keeps: the names given (none: all); `skip` are listed
    as left out."""

    names: set[str]
    skip: set[str]

    def __call__(self, name: str) -> bool:
        return not self.names or name in self.names


def measure_samples(solvers: list[str], repeats: int, limit: float, keep, show) -> list:
    """Per sample and back end, the median total of `benchmark.measure` (the genre's own form)
    in milliseconds, or why it failed."""
    results = []
    for slug in sorted(p.stem for p in WORKBOOKS.glob("*.xlsx")):
        if not keep(slug):
            continue
        if slug in keep.skip:
            results.append({"name": slug, "solver": None, "status": "left out (--skip)"})
            continue
        book = OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx")
        genre = genre_for_sheet(next(n for n in book.sheet_names() if n.startswith(slug)))
        for solver in solvers:
            r: dict[str, Any] = {"name": slug, "solver": solver, "label": solver}
            if genre is not None and solver == "default":
                r["label"] = f"default:{Settings(solver).resolved(genre.tuning).solver}"
            try:
                per = benchmark.measure(slug, repeats, [solver], ["default"], limit)
            except SystemExit as e:  # not solved, not unique or not verified
                r.update(status=f"FAILED: {e}", ms=None)
            else:
                verdict = "unique" if benchmark.right(slug) else "NOT unique, as published"
                r.update(status=verdict, ms=per[f"{solver}/default"]["total"])
            results.append(r)
            show(f"{slug:<20}{r['label']:<16}{r['ms'] or 0:>10.1f} ms  {r['status']}")
    return results


def measure_list(name: str, solvers, repeats: int, limit: float, keep, show) -> list:
    entries = [e for e in benchmark_large.load([], LARGE / f"{name}.json") if keep(e["name"])]
    kept = [e for e in entries if e["name"] not in keep.skip]
    results = benchmark_large.run(kept, solvers, repeats, limit, show)
    for e in entries:
        if e["name"] in keep.skip:
            results.append({"name": e["name"], "solver": None, "status": "left out (--skip)"})
    return results


def seconds(t: float | None, digits: int = 3) -> str:
    return "–" if t is None else f"{t:.{digits}f}"


def ratio(t: float | None, peer: float | None) -> str:
    return "–" if t is None or not peer else f"{t / peer:.2f}"


def list_table(results: list[dict[str, Any]]) -> list[str]:
    cpsat = any(r.get("cpsat") is not None for r in results)
    noqx = cpsat or any(r.get("noqx") is not None for r in results)
    head = ["puzzle", "size", "back end", "seconds", "verdict"]
    if noqx:
        head += ["noqx s", "× noqx"]
    if cpsat:
        head += ["CP-SAT s", "× CP-SAT"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        if r["solver"] is None:
            lines.append(f"| {r['name']} | | | | {r['status']} |" + " |" * (len(head) - 5))
            continue
        t = r["seconds"]
        cells = [r["name"], r["size"], r.get("label", r["solver"]), seconds(t), r["status"]]
        if noqx:
            cells += [seconds(r["noqx"]), ratio(t, r["noqx"])]
        if cpsat:
            cells += [seconds(r["cpsat"]), ratio(t, r["cpsat"])]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def samples_table(results: list[dict[str, Any]]) -> list[str]:
    lines = ["| genre | back end | milliseconds | verdict |", "|---|---|---|---|"]
    for r in results:
        ms = "" if r.get("ms") is None else f"{r['ms']:.1f}"
        lines.append(f"| {r['name']} | {r.get('label') or ''} | {ms} | {r['status']} |")
    return lines


def summary_rows(name: str, results: list[dict[str, Any]], solvers: list[str]) -> list[str]:
    rows = []
    for solver in solvers:
        mine = [r for r in results if r["solver"] == solver]
        if name == "samples":
            ok = [r["ms"] for r in mine if r["status"] in benchmark_large.DECIDED]
            median = f"{statistics.median(ok):.1f} ms" if ok else "–"
            rows.append(f"| {name} | {solver} | {len(mine)} | {len(ok)} | {median} | | |")
            continue
        s = benchmark_large.summary(results, solver)
        done = [r["seconds"] for r in mine if r["status"] in benchmark_large.DECIDED]
        median = f"{statistics.median(done):.3f} s" if done else "–"
        noqx = worst = "–"
        if s["beside_noqx"]:
            noqx = f"{s['noqx_median']:.2f} (of {s['beside_noqx']})"
            worst = f"{s['noqx_worst']:.2f} ({s['noqx_worst_name']})"
        rows.append(
            f"| {name} | {solver} | {s['puzzles']} | {s['decided']} | {median} | {noqx} | {worst} |"
        )
    return rows


def render(a: argparse.Namespace, run: dict[str, Any], done: dict[str, list], wall: dict) -> str:
    skipped = sorted(a.skip)
    pending = [s for s in a.sets if s not in done]
    not_run = [s for s in SETS if s not in a.sets]
    out = [
        "# Performance",
        "",
        "Generated by `" + run["command"] + "` (benchmarks/report.py); do not edit it by hand, run "
        "the command again. What each benchmark measures: the docstrings of "
        "benchmarks/benchmark.py and benchmarks/benchmark_large.py; what the puzzle lists hold: "
        "tests/data/large/README.md.",
        "",
        "## Method",
        "",
        f"- Back ends: {', '.join(a.solvers)}. `default` is what a user gets without naming one, "
        "each genre's own back end (shown as `default:<back end>`; a genre may hand a long run "
        "to another back end, `Tuning.switch_to`).",
        f"- Repeats: {a.repeats} per puzzle and back end, one after another; the time shown is "
        "the median of the repeats (for samples: the total of the repeat with the median "
        "total). A run without a right verdict ends that puzzle's repeats.",
        f"- Time limit: {a.time_limit:g} s per run (`Settings.time_limit`, the whole "
        "`solve_puzzle` by one deadline; a back end inside one LP may overrun it).",
        "- Timed span, published puzzles: from the parsed puzzle (URL or typed cells read "
        "before the clock starts) to the verified answer with its proof of uniqueness: model "
        "build, every solve and lazy round, the uniqueness solve, the genre's `verify`. No "
        "interpreter start, no workbook. The peers' times cover the same span.",
        "- Timed span, samples: from reading the puzzle off the open workbook to the verified "
        "answer with its proof of uniqueness, with the genre's own connectivity form.",
        "- Verdicts: `unique`; `NOT unique, as published` for a puzzle its list marks as having "
        "several answers (right); anything else (`timeout`, `unique unproved`, `NOT unique`, "
        "`WRONG: ...`) is not decided.",
        "- Peers' times (noqx: Answer Set Programs on clingo; CP-SAT: OR-Tools), where a list "
        "has them; the ratio is our seconds over theirs (below 1: faster):",
        *[f"  - {name}.json: {text}." for name, text in PEERS.items()],
        f"- Clock: `time.perf_counter()`, wall time, in one process (niceness {run['nice']}) on "
        "a machine that may be shared; load average (1 min) "
        f"{run['load_start']:.2f} at the start, {run['load_end']:.2f} at the last write.",
        "",
        "## Machine and run",
        "",
        "| | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in run["machine"]],
        f"| date | {run['date']} |",
        f"| commit | {run['commit']} |",
        f"| wall time | {sum(wall.values()):.0f} s |",
        "",
    ]
    if pending or not_run or skipped or a.names:
        out += ["## Not in this run", ""]
        if a.names:
            out.append(f"- Only the names given: {', '.join(a.names)}; the rest left out.")
        if pending:
            out.append(f"- Sets still running or interrupted: {', '.join(pending)}.")
        if not_run:
            out.append(f"- Sets not asked for (`--sets`): {', '.join(not_run)}.")
        if skipped:
            out.append(f"- Left out (`--skip`): {', '.join(skipped)}.")
        out.append("")
    out += [
        "## Summary",
        "",
        "Per set and back end: puzzles, decided (solved with the right verdict), the median "
        "time of the decided ones, and over the decided ones with noqx's time the median and "
        "the worst ratio to noqx.",
        "",
        "| set | back end | puzzles | decided | median time | median × noqx | worst × noqx |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, results in done.items():
        out += summary_rows(name, results, a.solvers)
    for name, results in done.items():
        if name == "samples":
            out += ["", "## samples: workbooks/*.xlsx", ""]
            out += [f"{len({r['name'] for r in results})} samples, {wall[name]:.0f} s.", ""]
            out += samples_table(results)
        else:
            out += ["", f"## {name}: tests/data/large/{name}.json", ""]
            n = len({r["name"] for r in results})
            out += [f"{n} puzzles, {wall[name]:.0f} s.", ""]
            out += list_table(results)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sets", default=",".join(SETS), help=f"of {', '.join(SETS)}")
    ap.add_argument("--solvers", default="default", help=f"of {', '.join(SOLVER_CHOICES)}")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--skip", action="append", default=[], metavar="NAME")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--json", type=Path)
    ap.add_argument("names", nargs="*", help="puzzles or samples to keep (default: all)")
    args = sys.argv[1:] if argv is None else argv
    a = ap.parse_args(args)
    a.sets, a.solvers, a.skip = a.sets.split(","), a.solvers.split(","), set(a.skip)
    unknown = [s for s in a.sets if s not in SETS]
    if unknown:
        ap.error(f"unknown sets {', '.join(unknown)}; choose of {', '.join(SETS)}")
    run = {
        "command": " ".join(["python -m benchmarks.report", *map(shlex.quote, args)]),
        "machine": machine(),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "commit": commit(),
        "nice": os.nice(0) if hasattr(os, "nice") else 0,
        "load_start": os.getloadavg()[0],
    }
    show = functools.partial(print, flush=True)
    keep = Keep(set(a.names), a.skip)
    done: dict[str, list] = {}
    wall: dict[str, float] = {}
    for name in a.sets:
        show(f"# {name}")
        start = time.perf_counter()
        if name == "samples":
            results = measure_samples(a.solvers, a.repeats, a.time_limit, keep, show)
        else:
            results = measure_list(name, a.solvers, a.repeats, a.time_limit, keep, show)
        done[name], wall[name] = results, time.perf_counter() - start
        run["load_end"] = os.getloadavg()[0]
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(render(a, run, done, wall) + kept_parts(a.out, KEPT), encoding="utf-8")
        if a.json:
            a.json.write_text(json.dumps({"run": run, "sets": done}, indent=1))
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
