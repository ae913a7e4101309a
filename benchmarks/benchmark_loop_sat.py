"""The loop genres' searches after probing, on the boards probing leaves open: per published puzzle
of masyu, slitherlink, yajilin, pipe link and country road whose board probing leaves open, the SAT
solver over the rules (`solver.deduce.loop_sat`, within `--sat-conflicts`) and the depth-first
search (`solver.deduce.loop_logic.search`, within the genre's `search_work`), each alone from that
board: its verdict (one answer, none, or undecided: two answers or its budget spent), its seconds,
and the solver's conflicts. What `loop_logic.SAT_CONFLICTS` is chosen from.

    python -m benchmarks.benchmark_loop_sat --puzzlekit ROOT [--genres masyu,slitherlink]
                                            [--sat-conflicts 5000000] [--json out.jsonl]

ROOT: as benchmarks.benchmark_puzzlekit's. Printed: a line per open board, then per genre the
boards probing leaves open, how many each search decides, and the most conflicts the solver
took on a board it decided."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from benchmarks.benchmark_puzzlekit import dataset
from benchmarks.puzzlekit import readers
from solver.deduce import loop_logic, loop_sat, sat
from solver.genres import genre_by_slug
from solver.io.sheet import Grid, InputError

GENRES = ("masyu", "slitherlink", "yajilin", "pipe-link", "country-road")


def _verdict(run: Callable[[], loop_logic.Board | None]) -> tuple[str, float]:
    """A search's verdict on its board, and its seconds."""
    start = time.perf_counter()
    try:
        verdict = "one" if run() is not None else "undecided"
    except loop_logic.Contradiction:
        verdict = "none"
    return verdict, round(time.perf_counter() - start, 4)


def measure(slug: str, name: str, p: Any, sat_conflicts: int) -> dict[str, Any] | None:
    """One puzzle's record; None where probing decides it (or finds it has no answer)."""
    module = importlib.import_module("solver.genres." + slug.replace("-", "_"))
    tuning = genre_by_slug(slug).tuning
    _, _, graph = module.logic_graph(p)
    board = loop_logic.deduce(graph, max(tuning.probe_work, tuning.probe_work_per_cell * graph.n))
    if board is None or loop_logic.UNKNOWN not in board.edge:
        return None
    conflicts = [0]
    solving = sat._solving

    def counted(solver: Any, limit: int, work: int) -> Generator[int, None, bool | None]:
        done = yield from solving(solver, limit, work)
        conflicts[0] = solver.accum_stats()["conflicts"]
        return done

    sat._solving = counted
    try:
        by_sat, sat_seconds = _verdict(lambda: loop_sat.answers(board, sat_conflicts))
    finally:
        sat._solving = solving
    by_search, search_seconds = _verdict(lambda: loop_logic.search(board, tuning.search_work))
    return {
        "genre": slug,
        "name": name,
        "open": board.edge.count(loop_logic.UNKNOWN),
        "sat": by_sat,
        "sat_seconds": sat_seconds,
        "conflicts": conflicts[0],
        "search": by_search,
        "search_seconds": search_seconds,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--puzzlekit", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--genres", default=",".join(GENRES))
    ap.add_argument("--sat-conflicts", type=int, default=5_000_000)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    if a.puzzlekit is None:
        ap.error("give --puzzlekit ROOT (or set PUZZLEKIT_DATASET)")
    out = a.json.open("w") if a.json else None
    for slug in a.genres.split(","):
        records = []
        module = importlib.import_module("solver.genres." + slug.replace("-", "_"))
        for name, entry in dataset(a.puzzlekit, readers()[slug].DATASET).items():
            try:
                p = module.parse(Grid(slug, readers()[slug].cells(entry["problem"])))
            except (InputError, ValueError, KeyError, IndexError):
                continue  # unreadable (benchmarks.benchmark_puzzlekit says why)
            rec = measure(slug, name, p, a.sat_conflicts)
            if rec is None:
                continue
            records.append(rec)
            print(
                f"{slug:12} {name:24} open {rec['open']:5}  sat {rec['sat']:9} "
                f"{rec['sat_seconds']:7.3f} s {rec['conflicts']:8} conflicts  "
                f"search {rec['search']:9} {rec['search_seconds']:7.3f} s",
                flush=True,
            )
            if out:
                out.write(json.dumps(rec) + "\n")
        decided = [r["conflicts"] for r in records if r["sat"] != "undecided"]
        print(
            f"{slug}: {len(records)} open after probing; the SAT solver decides "
            f"{len(decided)} (within {max(decided, default=0):,} conflicts), the search "
            f"{sum(r['search'] != 'undecided' for r in records)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
