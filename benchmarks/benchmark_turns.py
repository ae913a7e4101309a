"""The CPU of a unit of work of nurikabe's two searches after probing, which take turns by it
(`solver.genres.nurikabe.deduce`, `ISLAND_WORK_COST`): per published puzzle that reaches the
search over the islands' borders (`solver.deduce.island_logic.searching`), that search run
within the genre's `search_work` and the learning search (`nurikabe.learning_steps`) within
`--learn-work`, each alone from the board probing leaves, with its work and its CPU seconds.

    python -m benchmarks.benchmark_turns --puzzlekit ROOT [--every N] [--offset K]
                                         [--learn-work 3000000] [--json out.jsonl]

ROOT: as benchmarks.benchmark_puzzlekit's. `--every`, `--offset`: every Nth puzzle from the
Kth (one half to choose on, the other to check). Printed: per puzzle, each search's work, CPU
seconds and whether it decided the grid (an answer, none, or two); then each search's
microseconds a unit of work, the median over the puzzles where it did at least 50,000 units
(the island search) or 200,000 (the learning search), and over all together, and their ratio:
what ISLAND_WORK_COST says."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

from benchmarks.benchmark_puzzlekit import chosen, dataset
from benchmarks.puzzlekit import nurikabe as reader
from solver.deduce import island_logic, probing
from solver.deduce.probing import Contradiction
from solver.genres import nurikabe
from solver.io.sheet import Grid

FEW_ISLAND_UNITS = 50_000  # below these a puzzle's units are too few to time
FEW_LEARNING_UNITS = 200_000


def timed(walk: Generator[int, None, Any]) -> tuple[int, float, bool]:
    """A search's work at its last step, its CPU seconds and whether it decided the grid (one
    answer, or none: not out of work nor two answers)."""
    work, start = 0, time.process_time()
    try:
        while True:
            work = next(walk)
    except StopIteration as end:
        decided = end.value is not None
    except Contradiction:
        decided = True
    return work, time.process_time() - start, decided


def measure(name: str, p: nurikabe.Puzzle, learn_work: int) -> dict[str, Any] | None:
    """Both searches from the board probing leaves; None where the island search does not
    run (the grid decided, or its islands spread too little) or probing finds no answer."""
    tuning = nurikabe.GENRE.tuning
    budget = probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes)
    try:
        board = island_logic.probed(p.rows, p.cols, p.clues(), budget)
    except Contradiction:
        return None
    known = island_logic.decided(board)
    islands = island_logic.searching(board, tuning.search_work, tuning.search_spread, False)
    if islands is None:
        return None
    i_work, i_cpu, i_decided = timed(islands)
    l_work, l_cpu, l_decided = timed(nurikabe.learning_steps(p, known, learn_work))
    return {
        "name": name,
        "island_work": i_work,
        "island_cpu": round(i_cpu, 4),
        "island_decided": i_decided,
        "learn_work": l_work,
        "learn_cpu": round(l_cpu, 4),
        "learn_decided": l_decided,
    }


def rates(rows: list[dict[str, Any]]) -> str:
    """Each search's microseconds a unit, median and over all, and the ratio."""

    def per_unit(kind: str, few: int) -> tuple[float | None, float | None, int]:
        timed = [r for r in rows if r[f"{kind}_work"] >= few]
        work = sum(r[f"{kind}_work"] for r in rows)
        cpu = sum(r[f"{kind}_cpu"] for r in rows)
        median = statistics.median(
            [1e6 * r[f"{kind}_cpu"] / r[f"{kind}_work"] for r in timed] or [float("nan")]
        )
        return median, (1e6 * cpu / work if work else None), len(timed)

    im, ia, ni = per_unit("island", FEW_ISLAND_UNITS)
    lm, la, nl = per_unit("learn", FEW_LEARNING_UNITS)
    lines = [
        f"{len(rows)} puzzles reach the island search",
        f"island search: {im:.3f} us a unit (median of {ni}), {ia or 0:.3f} over all",
        f"learning search: {lm:.3f} us a unit (median of {nl}), {la or 0:.3f} over all",
        f"ratio: {im / lm:.1f} (medians), {(ia or 0) / (la or 1):.1f} (over all)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzlekit", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--learn-work", type=int, default=3_000_000)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    if a.puzzlekit is None:
        ap.error("give --puzzlekit ROOT (a clone of SmilingWayne/puzzlekit-dataset)")
    rows = []
    entries = list(chosen(dataset(a.puzzlekit, reader.DATASET), 1))
    for i, (name, entry) in enumerate(entries):
        if a.every > 1 and i % a.every != a.offset:
            continue
        p = nurikabe.parse(Grid(name, reader.cells(entry["problem"])))
        row = measure(name, p, a.learn_work)
        if row is None:
            continue
        rows.append(row)
        print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
        if a.json:
            with a.json.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(rates(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
