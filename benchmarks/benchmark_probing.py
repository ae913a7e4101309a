"""What probing is worth before a genre's SAT solver: each published puzzle's deductions (the
genre's `deduce`, CPU seconds, the fewest of `--repeats` runs) with the genre's Tuning, and with
probing's work (`Tuning.probe_work`; `probe_passes`, `probe_work_per_cell` and the search after
probing, `search_work`, off) set to each of `--work` in turn: 0 is no probing at all, the SAT
solver (`Tuning.sat_work`, or the loop genres' `sat_conflicts`) straight after the rules. What
a genre's probing budget is chosen from.

    python -m benchmarks.benchmark_probing --puzzlekit ROOT --genres star-battle,heyawake
                                           [--work 0,20000,100000] [--every N] [--offset K]
                                           [--repeats 2] [--time-limit 10] [--json out.jsonl]

ROOT: as benchmarks.benchmark_puzzlekit's. `--every`, `--offset`: every Nth puzzle from the
Kth (one half to choose on, the other to check). Printed: per genre and variant, the puzzles,
how many the deductions decide whole (an answer, no model) and how many run past `--time-limit`
wall seconds (each counted at the CPU seconds it spent), and the CPU seconds in all, at the
median, at 90 % and at the worst (the slowest named). The genres are those whose deductions end
in a SAT solver after probing."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.benchmark_puzzlekit import chosen, dataset
from benchmarks.puzzlekit import readers
from solver import limits
from solver.genres import genre_by_slug
from solver.io.sheet import Grid
from solver.mip.settings import Tuning


def variants(tuning: Tuning, works: list[int]) -> dict[str, Tuning]:
    """The genre's Tuning (`house`) and, for each work, probing within that work and no search
    after it (`probe N`)."""
    found = {"house": tuning}
    for work in works:
        found[f"probe {work}"] = dataclasses.replace(
            tuning, probe_work=work, probe_passes=0, probe_work_per_cell=0, search_work=0
        )
    return found


def measure(
    slug: str, p: Any, tunings: dict[str, Tuning], repeats: int = 2, limit: float = 10.0
) -> dict[str, Any]:
    """The deductions' CPU seconds (the fewest of `repeats`) and whether they decide the grid
    whole, under each Tuning; `timeout` where they run past `limit` wall seconds (the CPU
    seconds then those spent until then)."""
    genre = genre_by_slug(slug)
    assert genre.deduce is not None
    row: dict[str, Any] = {}
    for key, tuning in tunings.items():
        best, decided, late = float("inf"), False, False
        for _ in range(repeats):
            start = time.process_time()
            try:
                with limits.deadline(time.perf_counter() + limit):
                    decided = genre.deduce(p, tuning).answer is not None
            except limits.OutOfTime:
                decided, late = False, True
            best = min(best, time.process_time() - start)
            if late:
                break
        row[key] = {"cpu": round(best, 5), "decided": decided} | ({"timeout": True} if late else {})
    return row


def summary(slug: str, rows: list[dict[str, Any]]) -> str:
    """Per variant: puzzles, decided whole, CPU seconds in all, median, 90 % and worst."""
    lines = []
    for key in [k for k in rows[0] if k != "name"]:
        cpu = sorted(r[key]["cpu"] for r in rows)
        slowest = max(rows, key=lambda r: r[key]["cpu"])
        decided = sum(r[key]["decided"] for r in rows)
        late = sum(r[key].get("timeout", False) for r in rows)
        lines.append(
            f"{slug} {key}: {len(rows)} puzzles, {decided} decided, {late} out of time;"
            f" CPU {sum(cpu):.3f} s in all,"
            f" median {statistics.median(cpu) * 1000:.2f} ms,"
            f" 90% {cpu[int(0.9 * (len(cpu) - 1))] * 1000:.1f} ms,"
            f" worst {cpu[-1] * 1000:.1f} ms ({slowest['name']})"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzlekit", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--genres", required=True)
    ap.add_argument("--work", default="0,20000,100000")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    if a.puzzlekit is None:
        ap.error("give --puzzlekit ROOT (a clone of SmilingWayne/puzzlekit-dataset)")
    works = [int(w) for w in a.work.split(",") if w]
    for slug in a.genres.split(","):
        genre, reader = genre_by_slug(slug), readers()[slug]
        tunings = variants(genre.tuning, works)
        rows = []
        entries = list(chosen(dataset(a.puzzlekit, reader.DATASET), 1))
        for i, (name, entry) in enumerate(entries):
            if a.every > 1 and i % a.every != a.offset:
                continue
            try:
                p = genre.parse(Grid(slug, reader.cells(entry["problem"])))
            except (ValueError, KeyError, IndexError):
                continue  # unreadable as published (benchmark_puzzlekit lists these)
            row = {"name": name} | measure(slug, p, tunings, a.repeats, a.time_limit)
            rows.append(row)
            if a.json:
                with a.json.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"genre": slug} | row) + "\n")
        print(summary(slug, rows), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
