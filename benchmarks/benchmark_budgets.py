"""The work behind the budgets that choose a route (solver.mip.settings: SEARCH_AFTER,
REINFORCE_AFTER, SWITCH_AFTER; `solver.deduce.sat.AFTER_PROBING`, a genre's `Tuning.sat_work`):
each puzzle solved on its first route with no budget, and on the second route from the start, in
branch-and-bound nodes (the SAT solver's work) and CPU seconds.

    python -m benchmarks.benchmark_budgets BUDGET [--large FILE ...] [--puzzlekit ROOT]
                                           [--genres a,b] [--every N] [--offset K]
                                           [--generated a,b --sizes 15 20 --seeds 4]
                                           [--cap NODES] [--time-limit 120] [--no-deduce]
                                           [--json out.jsonl]
    python -m benchmarks.benchmark_budgets --table RUN.jsonl ... [--at NODES ...]

BUDGET: `reinforce` (genres with `Model.reinforce`: the first attempt without the reinforcements,
against the model with them from the start), `switch` (genres with `Tuning.switch_to`: the genre's
own back end, against the other one from the start), `search` (every lazy genre on SCIP: rounds of
solves only, against the cuts inside one search from the start) or `sat` (genres with
`Tuning.sat_work`: the SAT solver after probing run to its end, against none, the MIP taking what
probing leaves). Puzzles: lists of tests/data/large (`--large`) and the puzzlekit dataset's
puzzles of the genres with a reader (benchmarks/puzzlekit/, ROOT as
benchmarks.benchmark_puzzlekit's), and generated ones (`--generated a,b`: tests/generators/, each of
`--sizes` with the seeds below `--seeds`), every Nth of each list from the Kth (`--every`,
`--offset`: one half to choose a budget on, the other to check it).

Counted: `nodes`, the branch-and-bound nodes of the first route (`LiveModel.work`: a solve counts
one at least) over the whole attempt, answer and proof, for `reinforce` and `switch`, over the
rounds of the longest `solve_lazy` call for `search`, and for `sat` the SAT solver's work (what
`solver.deduce.sat.rounds` yields: its propagations, and the answers it gave looked at; every call
of the solve together) (what each budget is compared with); `cpu_a` and `cpu_b`,
`time.process_time()` of `solve_puzzle` on each route (the solvers run in this process: their
threads count, a machine's load does not), and for `sat` `cpu_search`, that of the SAT solver's
rounds alone. A puzzle the deductions decide whole runs no solver and has no nodes; for `sat`, one
that probing decides never reaches the SAT solver and has no work.

`--cap`: the first route of `reinforce` and `switch` stops after that many nodes (the row says
`capped`, its `cpu_a` the seconds to get there: the run's less the second route's), and that of
`sat` gives the SAT solver that work (`capped` where it runs out, and the MIP goes on), so that a
hard puzzle's first route need not run to its end. `--time-limit`: wall seconds for each route (0:
none); a timeout may say that the machine was busy rather than that the route was slow. A run
given a `--json` file that exists goes on after the puzzles it holds.

`--table`: the puzzles with a solve (for `sat`: that reach the SAT solver), then per budget given
(`--at`), how many stay on the first route, how many go on, and the estimated CPU seconds in all:
a puzzle whose first route takes more nodes than the budget pays that route's seconds in
proportion to the budget's share of its nodes, then the second route's (a capped row: the cap's
seconds at most, so that above the cap its figure is a lower bound); for `sat`, the SAT solver's
own seconds in that proportion, then the second route's (probing and the MIP). The median and the
worst are the puzzles', the slowest named."""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.benchmark_puzzlekit import chosen, dataset
from benchmarks.puzzlekit import readers
from solver.deduce import sat
from solver.genres import Genre, genre_by_slug, genre_for_pzpr
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid
from solver.mip import backends
from solver.mip.settings import Settings, Tuning
from solver.pipeline import solve_puzzle
from tests.generators import generator

NEVER = 10**12  # a budget no attempt reaches


class Counter:
    """The LiveModels of a run, the nodes of each `solve_lazy` call's rounds, and each SAT
    solver's rounds' work, CPU seconds and whether they ran out of their budget."""

    def __init__(self) -> None:
        self.lives: list[backends.LiveModel] = []
        self.calls: list[int] = []
        self.searched: list[tuple[int, float, bool]] = []
        self.originals = init, lazy, rounds = (
            backends.LiveModel.__init__,
            backends.LiveModel.solve_lazy,
            sat.rounds,
        )
        counter = self

        def counted_sat(*args, **kwargs):
            """The SAT solver's rounds: the work it yielded last, its CPU seconds taken in its
            own turns, and whether it stopped before its end (its budget spent)."""
            walk, seconds, work, out = rounds(*args, **kwargs), 0.0, 0, True
            try:
                while True:
                    start = time.process_time()
                    try:
                        work = next(walk)
                    except StopIteration as end:
                        out = end.value is None
                        return end.value
                    finally:
                        seconds += time.process_time() - start
                    yield work
            finally:
                counter.searched.append((work, seconds, out))

        def counted_init(live, *args, **kwargs):
            init(live, *args, **kwargs)
            counter.lives.append(live)

        def counted_lazy(live, *args, **kwargs):
            start = live.work
            try:
                return lazy(live, *args, **kwargs)
            finally:
                counter.calls.append(live.work - start)

        backends.LiveModel.__init__ = counted_init
        backends.LiveModel.solve_lazy = counted_lazy
        sat.rounds = counted_sat

    def reset(self) -> None:
        self.lives.clear()
        self.calls.clear()
        self.searched.clear()

    def restore(self) -> None:
        """The counted methods as they were."""
        init, lazy, rounds = self.originals
        backends.LiveModel.__init__ = init
        backends.LiveModel.solve_lazy = lazy
        sat.rounds = rounds


def entries(a: argparse.Namespace, wanted: set[str] | None) -> list[tuple[str, Genre, Any, Any]]:
    """(name, genre, puzzle, expected record fields or None) of the puzzles asked for."""
    found = []
    for path in a.large:
        for i, e in enumerate(json.loads(Path(path).read_text(encoding="utf-8"))):
            if a.every > 1 and i % a.every != a.offset:
                continue
            if "cells" in e:
                genre = genre_by_slug(e["genre"])
                if wanted is None or genre.slug in wanted:
                    found.append((e["name"], genre, genre.parse(Grid(e["name"], e["cells"])), None))
            else:
                genre = genre_for_pzpr(parse_url(e["url"]).pid)
                if (
                    genre is not None
                    and genre.from_url
                    and (wanted is None or genre.slug in wanted)
                ):
                    found.append((e["name"], genre, genre.from_url(parse_url(e["url"])), None))
    if a.puzzlekit:
        for slug, reader in sorted(readers().items()):
            if wanted is not None and slug not in wanted:
                continue
            genre = genre_by_slug(slug)
            todo = list(chosen(dataset(Path(a.puzzlekit), reader.DATASET), 1))
            for i, (name, e) in enumerate(todo):
                if a.every > 1 and i % a.every != a.offset:
                    continue
                try:
                    puzzle = genre.parse(Grid(slug, reader.cells(e["problem"])))
                except Exception:  # unreadable puzzles are left out
                    continue
                found.append((name, genre, puzzle, reader.expected(e["solution"])))
    for slug in a.generated.split(",") if a.generated else []:
        genre = genre_by_slug(slug)
        for size in a.sizes:
            for seed in range(a.offset, a.seeds, max(1, a.every)):
                puzzle, _ = generator(slug).generate(size, seed=seed)
                found.append((f"{slug}-{size}-s{seed}", genre, puzzle, None))
    return found


def routes(
    budget: str, genre: Genre, puzzle: Any, cap: int = NEVER
) -> tuple[Genre, Genre, str] | None:
    """The genre on its first route with no budget, on its second from the start, and the back
    end both run on; None where the budget does not concern the genre."""
    t = genre.tuning
    if budget == "reinforce":
        if not genre.build(puzzle).reinforcements:
            return None
        first = dataclasses.replace(t, reinforce_after=cap, switch_after=NEVER)
        second = dataclasses.replace(t, reinforce_after=0, switch_after=NEVER)
        return _with(genre, first), _with(genre, second), "default"
    if budget == "switch":
        if t.switch_to is None:
            return None
        first = dataclasses.replace(t, switch_after=cap)
        second = dataclasses.replace(t, switch_after=0)
        return _with(genre, first), _with(genre, second), "default"
    if budget == "sat":
        if not t.sat_work:
            return None
        first = dataclasses.replace(t, sat_work=cap)
        second = dataclasses.replace(t, sat_work=0)
        return _with(genre, first), _with(genre, second), "default"
    if t.solver == "scip" and t.search_after == 0:
        return None  # the genre takes its cuts in one search from the start
    first = dataclasses.replace(t, search_after=NEVER, switch_to=None)
    second = dataclasses.replace(t, search_after=0, switch_to=None)
    return _with(genre, first), _with(genre, second), "scip"


def _with(genre: Genre, tuning: Tuning) -> Genre:
    return dataclasses.replace(genre, tuning=tuning)


def run_one(
    counter: Counter, genre: Genre, puzzle: Any, want: Any, settings: Settings
) -> dict[str, Any]:
    counter.reset()
    start = time.process_time()
    try:
        out = solve_puzzle(genre, puzzle, settings)
    except Exception as exc:  # a failing puzzle is reported, the run goes on
        cpu = time.process_time() - start
        return {"cpu": round(cpu, 4), "verdict": f"error: {exc}", "attempt": None, "rounds": None}
    cpu = time.process_time() - start
    searched = counter.searched
    verdict = out.status
    if out.status == "solved":
        verdict = {True: "unique", False: "NOT unique", None: "unique unproved"}[out.unique]
        if out.violations:
            verdict = "WRONG"
        elif want is not None and out.answer is not None:
            rec = genre.record(puzzle, out.answer)
            if any(rec.get(k) != v for k, v in want.items()):
                verdict = "WRONG"
    works = [live.work for live in counter.lives]
    return {
        "cpu": round(cpu, 4),
        "verdict": verdict,
        "attempt": max(works, default=None),
        "rounds": max(counter.calls, default=None),
        "lazy": out.lazy,
        "capped": bool(out.reinforced or out.switched),
        "searched": sum(w for w, _, _ in searched) if searched else None,
        "cpu_search": round(sum(t for _, t, _ in searched), 4),
        "search_out": any(o for _, _, o in searched),
    }


def measure(a: argparse.Namespace) -> int:
    counter = Counter()
    try:
        return _measure(a, counter)
    finally:
        counter.restore()


def _measure(a: argparse.Namespace, counter: Counter) -> int:
    wanted = set(a.genres.split(",")) if a.genres else None
    sink = open(a.json, "a", encoding="utf-8") if a.json else None  # noqa: SIM115
    done = set()
    if a.json and Path(a.json).exists():  # a run started again goes on where it stopped
        done = {json.loads(line)["name"] for line in Path(a.json).read_text().splitlines()}
    for name, genre, puzzle, want in entries(a, wanted):
        if name in done:
            continue
        pair = routes(a.budget, genre, puzzle, a.cap)
        if pair is None:
            continue
        first, second, solver = pair
        settings = Settings(solver, time_limit=a.time_limit or None, deduce=not a.no_deduce)
        ra = run_one(counter, first, puzzle, want, settings)
        if a.budget == "sat":
            row = _search_row(counter, ra, second, puzzle, want, settings)
            row = {"budget": a.budget, "genre": genre.slug, "name": name} | row
        elif ra["attempt"] is None or (a.budget == "search" and not ra.get("lazy")):
            row = {"budget": a.budget, "genre": genre.slug, "name": name, "nodes": None}
            row |= {"cpu_a": ra["cpu"], "verdict_a": ra["verdict"]}
        else:
            rb = run_one(counter, second, puzzle, want, settings)
            nodes = ra["rounds"] if a.budget == "search" else ra["attempt"]
            row = {"budget": a.budget, "genre": genre.slug, "name": name, "nodes": nodes}
            row |= {"cpu_a": ra["cpu"], "verdict_a": ra["verdict"]}
            row |= {"cpu_b": rb["cpu"], "verdict_b": rb["verdict"]}
            if ra["capped"]:  # the first route used up --cap nodes: the rest is the second's
                row |= {"nodes": a.cap, "capped": True, "cpu_a": round(ra["cpu"] - rb["cpu"], 4)}
        row["deduce"] = not a.no_deduce
        print(json.dumps(row), flush=True)
        if sink:
            sink.write(json.dumps(row) + "\n")
            sink.flush()
    if sink:
        sink.close()
    return 0


def _search_row(
    counter: Counter,
    ra: dict[str, Any],
    second: Genre,
    puzzle: Any,
    want: Any,
    settings: Settings,
) -> dict[str, Any]:
    """A `sat` row: the SAT solver's work and seconds on the first route, and the
    second route's run where the first reached the search."""
    row = {"nodes": ra.get("searched"), "cpu_a": ra["cpu"], "verdict_a": ra["verdict"]}
    if row["nodes"] is None:
        return row
    row |= {"cpu_search": ra["cpu_search"], "capped": ra["search_out"]}
    rb = run_one(counter, second, puzzle, want, settings)
    return row | {"cpu_b": rb["cpu"], "verdict_b": rb["verdict"]}


def cost(row: dict[str, Any], budget: int) -> float:
    """The estimated CPU seconds of a puzzle with that budget (see the module's docstring); a
    capped first route goes on at any budget, at most its cap's seconds spent first."""
    if row["nodes"] is None or (row["nodes"] <= budget and not row.get("capped")):
        return row["cpu_a"]
    share = min(budget, row["nodes"]) / max(row["nodes"], 1)
    return row.get("cpu_search", row["cpu_a"]) * share + row["cpu_b"]


def table(paths: list[str], budgets: list[int]) -> str:
    rows = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line]
    searched = [r for r in rows if r["nodes"] is not None]
    if not rows:
        return "no puzzles"
    reach = "reach the SAT solver" if rows[0]["budget"] == "sat" else "with a solve"
    lines = [f"{len(rows)} puzzles, {len(searched)} {reach}"]
    for r in sorted(searched, key=lambda r: r["nodes"]):
        more = ">" if r.get("capped") else " "
        unit = "work" if r["budget"] == "sat" else "nodes"
        lines.append(
            f"  {r['genre']:<12}{r['name']:<20}{more}{r['nodes']:>9} {unit:<5}  "
            f"first {r['cpu_a']:>8.3f} s {r['verdict_a']:<10} "
            f"second {r['cpu_b']:>8.3f} s {r['verdict_b']}"
        )
    for b in budgets:
        on = [r for r in searched if r["nodes"] > b or r.get("capped")]
        costs = [cost(r, b) for r in rows]
        worst = max(range(len(rows)), key=costs.__getitem__)
        lines.append(
            f"budget {b:>9}: {len(searched) - len(on):>4} stay, {len(on):>3} go on; CPU in all "
            f"{sum(costs):8.2f} s, median {statistics.median(costs):.3f} s, "
            f"worst {costs[worst]:.2f} s ({rows[worst]['name']})"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("budget", nargs="?", choices=("reinforce", "switch", "search", "sat"))
    ap.add_argument("--large", nargs="*", default=[])
    ap.add_argument("--puzzlekit", default=None)
    ap.add_argument("--genres", default=None)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--generated", default=None)
    ap.add_argument("--sizes", type=int, nargs="*", default=[10, 15, 20])
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--cap", type=int, default=NEVER)
    ap.add_argument("--no-deduce", action="store_true")
    ap.add_argument("--json", default=None)
    ap.add_argument("--table", nargs="*", default=None)
    ap.add_argument("--at", type=int, nargs="*", default=[0, 100, 200, 500, 1000, 5000])
    a = ap.parse_args(argv)
    if a.table is not None:
        print(table(a.table, a.at))
        return 0
    if a.budget is None:
        ap.error("BUDGET or --table")
    return measure(a)


if __name__ == "__main__":
    sys.exit(main())
