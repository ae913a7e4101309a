"""The CPU of a unit of work of the searches after probing that take turns by it
(`solver.deduce.probing.first`): nurikabe's search over the islands' borders
(`solver.deduce.island_logic.searching`, `nurikabe.ISLAND_WORK_COST`), its search that learns
from its conflicts (`nurikabe.learning_steps`, a unit its work) and its SAT solver
(`nurikabe.sat_steps`, `nurikabe.SAT_WORK_COST`); fillomino's depth-first search
(`fillomino.searching`, a unit its work) and its SAT solver (`fillomino.sat_steps`,
`fillomino.SAT_WORK_COST`). A SAT solver's units are `solver.deduce.sat.rounds`' work (its
propagations, and the variables of each answer it gave). Per published puzzle that reaches
them, each runs alone from the board probing leaves (fillomino's: where the short search
after it runs out), within the genre's budgets (nurikabe's island search and learning search,
which its Tuning leaves off, within ISLAND_WORK and LEARN_WORK), the SAT solver within
`--sat-conflicts`, with its work and its CPU seconds.

    python -m benchmarks.benchmark_turns --puzzlekit ROOT [--genre nurikabe|fillomino]
                                         [--every N] [--offset K]
                                         [--sat-conflicts 300000] [--json out.jsonl]

ROOT: as benchmarks.benchmark_puzzlekit's. `--every`, `--offset`: every Nth puzzle from the
Kth (one half to choose on, the other to check). Printed: per puzzle, each search's work, CPU
seconds and whether it decided the grid (an answer, none, or two); then each search's
microseconds a unit of work, the median over the puzzles where it did enough units to time
(`Search.few`) and over all together, and its ratio to the search whose unit the genre's
costs are in (nurikabe's learning search, fillomino's depth-first search): what the cost of
its unit says."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any, NamedTuple

from benchmarks.benchmark_puzzlekit import chosen, dataset
from benchmarks.puzzlekit import fillomino as fillomino_reader
from benchmarks.puzzlekit import nurikabe as nurikabe_reader
from solver.deduce import island_logic, probing, sizes
from solver.deduce.probing import Contradiction
from solver.genres import fillomino, nurikabe
from solver.io.sheet import Grid

Walk = Generator[int, None, Any]  # a search a step at a time (yielding its work so far)
FEW_SEARCH_UNITS = 50_000  # below these a puzzle's units are too few to time
# nurikabe's island search and learning search, where its Tuning leaves them off (0): their
# budgets here, so that each one's unit is timed all the same
ISLAND_WORK = 500_000
LEARN_WORK = 40_000_000


class Search(NamedTuple):
    """One of a genre's searches: its key in a row, its name, the units too few to time."""

    key: str
    name: str
    few: int


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


def _nurikabe(p: nurikabe.Puzzle, budget: int) -> list[Walk] | None:
    tuning = nurikabe.GENRE.tuning
    probes = probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes)
    try:
        board = island_logic.probed(p.rows, p.cols, p.clues(), probes)
    except Contradiction:
        return None
    known = island_logic.decided(board)
    island_work = tuning.search_work or ISLAND_WORK
    islands = island_logic.searching(board, island_work, tuning.search_spread, False)
    if islands is None:
        return None
    return [
        islands,
        nurikabe.learning_steps(p, known, tuning.learn_work or LEARN_WORK),
        nurikabe.sat_steps(p, known, budget, tuning.sat_solver),
    ]


def _fillomino(p: fillomino.Puzzle, budget: int) -> list[Walk] | None:
    tuning = fillomino.GENRE.tuning
    board = sizes.Board({c: set(d) for c, d in fillomino.domains(p).items()})
    try:
        sizes.probe(board, tuning.probe_work)
        if not board.undecided() or sizes.search(board, fillomino.SEARCH_FIRST) is not None:
            return None
    except sizes.Contradiction:
        return None
    dom = board.dom
    return [fillomino.searching(board, tuning.search_work), fillomino.sat_steps(dom, budget)]


ISLANDS = Search("search", "island search", FEW_SEARCH_UNITS)
LEARNING = Search("learn", "learning search", 200_000)
DEPTH_FIRST = Search("search", "depth-first search", FEW_SEARCH_UNITS)
SAT = Search("sat", "SAT solver", 1_000_000)  # propagations, and the variables of answers

# per genre: its module, its reader of the dataset, its searches from the probed board (None
# where probing decides the grid, or the first search does not run; the SAT solver within the
# given conflicts), the searches, and the one whose unit the genre's costs are in
GENRES: dict[
    str, tuple[Any, Any, Callable[[Any, int], list[Walk] | None], tuple[Search, ...], Search]
] = {
    "nurikabe": (nurikabe, nurikabe_reader, _nurikabe, (ISLANDS, LEARNING, SAT), LEARNING),
    "fillomino": (fillomino, fillomino_reader, _fillomino, (DEPTH_FIRST, SAT), DEPTH_FIRST),
}


def measure(
    name: str, p: Any, sat_conflicts: int, genre: str = "nurikabe"
) -> dict[str, Any] | None:
    """Each search of the genre alone from the board probing leaves (the SAT solver within
    `sat_conflicts`), its work, CPU seconds and whether it decided the grid; None where the
    first does not run (the grid decided, or, in nurikabe, its islands spread too little) or
    probing finds no answer."""
    _, _, start, searches, _ = GENRES[genre]
    walks = start(p, sat_conflicts)
    if walks is None:
        return None
    row: dict[str, Any] = {"name": name}
    for search, walk in zip(searches, walks, strict=True):
        work, cpu, decided = timed(walk)
        row |= {f"{search.key}_work": work, f"{search.key}_cpu": round(cpu, 4)}
        row[f"{search.key}_decided"] = decided
    return row


def rates(rows: list[dict[str, Any]], genre: str = "nurikabe") -> str:
    """Each search's microseconds a unit, the median over the puzzles where it did enough
    units to time and over all, and its ratio to the genre's reference search: what the
    genre's cost of a unit of it says."""
    _, _, _, searches, reference = GENRES[genre]

    def per_unit(search: Search) -> tuple[float, float | None, int]:
        timed = [r for r in rows if r[f"{search.key}_work"] >= search.few]
        work = sum(r[f"{search.key}_work"] for r in rows)
        cpu = sum(r[f"{search.key}_cpu"] for r in rows)
        median = statistics.median(
            [1e6 * r[f"{search.key}_cpu"] / r[f"{search.key}_work"] for r in timed]
            or [float("nan")]
        )
        return median, (1e6 * cpu / work if work else None), len(timed)

    units = {search: per_unit(search) for search in searches}
    rm, ra, _ = units[reference]
    lines = [f"{len(rows)} puzzles reach the {searches[0].name}"]
    for search, (median, overall, n) in units.items():
        line = f"{search.name}: {median:.3f} us a unit (median of {n}), {overall or 0:.3f} over all"
        if search != reference:
            ratio = (overall or 0) / (ra or 1)
            line += f"; to the {reference.name}: {median / rm:.2f} (medians)"
            line += f", {ratio:.2f} (over all)"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzlekit", type=Path, default=os.environ.get("PUZZLEKIT_DATASET"))
    ap.add_argument("--genre", choices=sorted(GENRES), default="nurikabe")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--sat-conflicts", type=int, default=300_000)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    if a.puzzlekit is None:
        ap.error("give --puzzlekit ROOT (a clone of SmilingWayne/puzzlekit-dataset)")
    module, reader = GENRES[a.genre][:2]
    rows = []
    entries = list(chosen(dataset(a.puzzlekit, reader.DATASET), 1))
    for i, (name, entry) in enumerate(entries):
        if a.every > 1 and i % a.every != a.offset:
            continue
        p = module.parse(Grid(name, reader.cells(entry["problem"])))
        row = measure(name, p, a.sat_conflicts, a.genre)
        if row is None:
            continue
        rows.append(row)
        print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
        if a.json:
            with a.json.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(rates(rows, a.genre))
    return 0


if __name__ == "__main__":
    sys.exit(main())
