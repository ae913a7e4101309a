"""The CPU of a unit of work of the two searches after probing that take turns by it
(`solver.deduce.probing.first`): nurikabe's search over the islands' borders
(`solver.deduce.island_logic.searching`, `nurikabe.ISLAND_WORK_COST`) beside its search that
learns from its conflicts (`nurikabe.learning_steps`, a unit its work), and fillomino's
depth-first search (`fillomino.searching`) beside its SAT solver (`fillomino.sat_steps`, its
units `solver.deduce.sat.rounds`' work; `fillomino.SAT_WORK_COST`). Per published puzzle that
reaches them, each runs alone from the board probing leaves (fillomino's: after the short
search and probing again), the first within the genre's `search_work`, the second within
`--learn-work` (the learning search's work, the SAT solver's conflicts), with its work and its
CPU seconds.

    python -m benchmarks.benchmark_turns --puzzlekit ROOT [--genre nurikabe|fillomino]
                                         [--every N] [--offset K]
                                         [--learn-work 3000000] [--json out.jsonl]

ROOT: as benchmarks.benchmark_puzzlekit's. `--every`, `--offset`: every Nth puzzle from the
Kth (one half to choose on, the other to check). Printed: per puzzle, each search's work, CPU
seconds and whether it decided the grid (an answer, none, or two); then each search's
microseconds a unit of work, the median over the puzzles where it did at least 50,000 units
(the first search) or the second's few (200,000 of the learning search's work, 20,000 of the
SAT solver's), and over all together, and their ratio: what the genre's cost of a unit
of the first search (nurikabe), or of the second (fillomino), says."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from benchmarks.benchmark_puzzlekit import chosen, dataset
from benchmarks.puzzlekit import fillomino as fillomino_reader
from benchmarks.puzzlekit import nurikabe as nurikabe_reader
from solver.deduce import island_logic, probing, sizes
from solver.deduce.probing import Contradiction
from solver.genres import fillomino, nurikabe
from solver.io.sheet import Grid

Walk = Generator[int, None, Any]  # a search a step at a time (yielding its work so far)
FEW_SEARCH_UNITS = 50_000  # below these a puzzle's units are too few to time


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


def _nurikabe(p: nurikabe.Puzzle, learn_work: int) -> tuple[Walk, Walk] | None:
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
    return islands, nurikabe.learning_steps(p, known, learn_work)


def _fillomino(p: fillomino.Puzzle, learn_work: int) -> tuple[Walk, Walk] | None:
    tuning = fillomino.GENRE.tuning
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    try:
        sizes.probe(board, tuning.probe_work)
        if not board.undecided() or sizes.search(board, fillomino.SEARCH_FIRST) is not None:
            return None
        sizes.probe(board, fillomino.PROBE_MORE, deciding=True)
    except sizes.Contradiction:
        return None
    if not board.undecided():
        return None
    dom = board.dom
    return fillomino.searching(board, tuning.search_work), fillomino.sat_steps(dom, learn_work)


# per genre: its module, its reader of the dataset, its two searches from the probed board
# (None where probing decides the grid, or the first search does not run), the two searches'
# names and the second's few units (too few to time)
GENRES: dict[
    str, tuple[Any, Any, Callable[[Any, int], tuple[Walk, Walk] | None], str, str, int]
] = {
    "nurikabe": (nurikabe, nurikabe_reader, _nurikabe, "island search", "learning search", 200_000),
    "fillomino": (
        fillomino,
        fillomino_reader,
        _fillomino,
        "depth-first search",
        "SAT solver",
        2_000,
    ),
}


def measure(name: str, p: Any, learn_work: int, genre: str = "nurikabe") -> dict[str, Any] | None:
    """Both searches of the genre from the board probing leaves; None where the first does
    not run (the grid decided, or, in nurikabe, its islands spread too little) or probing
    finds no answer."""
    walks = GENRES[genre][2](p, learn_work)
    if walks is None:
        return None
    s_work, s_cpu, s_decided = timed(walks[0])
    l_work, l_cpu, l_decided = timed(walks[1])
    return {
        "name": name,
        "search_work": s_work,
        "search_cpu": round(s_cpu, 4),
        "search_decided": s_decided,
        "learn_work": l_work,
        "learn_cpu": round(l_cpu, 4),
        "learn_decided": l_decided,
    }


def rates(
    rows: list[dict[str, Any]],
    first: str = "island search",
    second: str = "learning search",
    few: int = 200_000,
) -> str:
    """Each search's microseconds a unit, median and over all, and the ratio (`first`,
    `second`: the two searches' names; `few`: the second's units too few to time)."""

    def per_unit(kind: str, few: int) -> tuple[float | None, float | None, int]:
        timed = [r for r in rows if r[f"{kind}_work"] >= few]
        work = sum(r[f"{kind}_work"] for r in rows)
        cpu = sum(r[f"{kind}_cpu"] for r in rows)
        median = statistics.median(
            [1e6 * r[f"{kind}_cpu"] / r[f"{kind}_work"] for r in timed] or [float("nan")]
        )
        return median, (1e6 * cpu / work if work else None), len(timed)

    im, ia, ni = per_unit("search", FEW_SEARCH_UNITS)
    lm, la, nl = per_unit("learn", few)
    lines = [
        f"{len(rows)} puzzles reach the {first}",
        f"{first}: {im:.3f} us a unit (median of {ni}), {ia or 0:.3f} over all",
        f"{second}: {lm:.3f} us a unit (median of {nl}), {la or 0:.3f} over all",
        f"ratio: {im / lm:.1f} (medians), {(ia or 0) / (la or 1):.1f} (over all)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzlekit", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--genre", choices=sorted(GENRES), default="nurikabe")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--learn-work", type=int, default=3_000_000)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    if a.puzzlekit is None:
        ap.error("give --puzzlekit ROOT (a clone of SmilingWayne/puzzlekit-dataset)")
    module, reader, _, first, second, few = GENRES[a.genre]
    rows = []
    entries = list(chosen(dataset(a.puzzlekit, reader.DATASET), 1))
    for i, (name, entry) in enumerate(entries):
        if a.every > 1 and i % a.every != a.offset:
            continue
        p = module.parse(Grid(name, reader.cells(entry["problem"])))
        row = measure(name, p, a.learn_work, a.genre)
        if row is None:
            continue
        rows.append(row)
        print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
        if a.json:
            with a.json.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(rates(rows, first, second, few))
    return 0


if __name__ == "__main__":
    sys.exit(main())
