"""The island and shading blocks of solver/blocks/cells.py, each in its forms, on nurikabes,
kurodokos and hitoris: the formulations side by side, outside any genre module.

    python -m benchmarks.benchmark_cells [--size 10] [--count 4] [--repeats 3] [--time-limit 60]

Models: built here from the shared blocks, as STYLE.md sketches a nurikabe: sea binaries
b(r,c), no 2x2 of sea, the sea connected, the whites split into islands of the clues' sizes.
The islands' forms:
- labels+flow: `islands` of solver/blocks/cells.py (a label per cell and clue in reach, one
  flow in which each clue sends its size less one unit);
- per-clue flows: the same labels, and one flow per clue over the cells labelled with it
  (`per_clue_flows` below);
- lazy: `connected` and `islands` both lazy (the separators' cuts until the answer is whole).
Kurodoko and hitori (connected whites, never adjacent blacks, kurodoko's lines of sight):
`connected` complete or lazy, and in the lazy form `never_adjacent` as one row per cell instead
of one per pair, and kurodoko's sightlines without their limit.

Puzzles: `--count` random size x size nurikabes and kurodokos made from a random answer (kept
when the puzzle is unique), and the nurikabe, kurodoko and hitori of tests/data/large/puzzles.json.

Measured, HiGHS only: from the model build to the first answer (`first`) and on to the end of
the uniqueness solve (`total`), milliseconds, the median of `--repeats` runs each; the solves
(lazy rounds and the uniqueness one) and how the uniqueness solve ended (`infeasible`: the
answer is unique). `--time-limit` is HiGHS's (Settings.time_limit). Every answer is checked
from the rules (solver.blocks.cells' check helpers); a broken rule stops the run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import pulp

from benchmarks import LARGE
from solver.blocks import cells as blocks
from solver.blocks.cells import check_connected, check_no_square, components, connected, no_square
from solver.blocks.geometry import Cell
from solver.io.puzzlink import UNKNOWN, decode_number16, parse_url
from solver.mip.backends import LiveModel
from solver.mip.model import Model, new_problem, no_good_cut, value, var
from solver.mip.settings import Settings
from solver.pipeline import Outcome, _solve

Clues = dict[Cell, int | None]
FORMS = ("labels+flow", "per-clue flows", "lazy")


def random_nurikabe(size: int, seed: int) -> Clues:
    """Clues of a random nurikabe answer: whites grown cell by cell, each new white keeping the
    sea connected and touching at most one island, islands of at most 7 cells, until no 2x2 of
    sea is left."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(size) for c in range(size)]
    while True:
        white: set[Cell] = set()
        for _ in range(20 * size * size):
            squares = [
                (r, c)
                for r in range(size - 1)
                for c in range(size - 1)
                if not {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} & white
            ]
            if not squares:
                break
            r, c = rng.choice(squares)
            cell = rng.choice([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)])
            trial = white | {cell}
            near = [g for g in components(trial) if cell in g]
            touching = [g for g in components(white) if any(_next(cell, q) for q in g)]
            if len(touching) > 1 or len(near[0]) > 7:
                continue
            if len(components(set(cells) - trial)) == 1:
                white = trial
        if not check_no_square(set(cells) - white, ""):
            break
    return {rng.choice(sorted(g)): len(g) for g in components(white)}


def _next(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def large_nurikabe() -> tuple[int, int, Clues]:
    data = json.loads((LARGE / "puzzles.json").read_text())
    url = parse_url(next(p["url"] for p in data if p["pid"] == "nurikabe"))
    values, _ = decode_number16(url.body, url.rows * url.cols)
    clues = {
        divmod(i, url.cols): (None if v == UNKNOWN else int(v))
        for i, v in enumerate(values)
        if v is not None
    }
    return url.rows, url.cols, clues


def per_clue_flows(prob: pulp.LpProblem, x, clues: Clues) -> None:
    """The islands' complete form with one flow per clue: the labels of solver.blocks.cells, and for
    each clue k a flow from k that feeds one unit to each other cell labelled k, along cells
    labelled k (f_k <= (size-1) a at both ends)."""
    cells = blocks._candidates(x)
    reach = blocks._reach_of(cells, clues)
    for k in sorted(clues):
        prob += x[k] == 1
    for cell in sorted(cells):
        if not any(cell in r for r in reach.values()):
            prob += x[cell] == 0
    prob += pulp.lpSum(x[c] for c in sorted(cells)) == sum(n or 0 for n in clues.values())
    a = blocks._labels(prob, x, clues, cells, reach, "i")
    for n, (k, size) in enumerate(sorted(clues.items()), start=1):
        big = (size or len(cells)) - 1
        into: dict[Cell, list] = {c: [] for c in reach[k]}
        out: dict[Cell, list] = {c: [] for c in reach[k]}
        for p in sorted(reach[k]):
            for q in blocks._near(p, reach[k]):
                if q == k:
                    continue
                f = var(prob, "pf", n, p[0] + 1, p[1] + 1, q[0] + 1, q[1] + 1, cat="Continuous")
                prob += f <= big * a[p, k]
                prob += f <= big * a[q, k]
                out[p].append(f)
                into[q].append(f)
        for c in sorted(reach[k]):
            if c != k:
                prob += pulp.lpSum(into[c]) - pulp.lpSum(out[c]) == a[c, k]


def build(rows: int, cols: int, clues: Clues, form: str) -> tuple[Model, dict]:
    prob = new_problem("nurikabe")
    sea = blocks.shade_vars(prob, rows, cols)
    no_square(prob, sea)
    m = Model(prob, list(sea.values()), {"b": sea})
    lazy = form == "lazy"
    white = {c: 1 - v for c, v in sea.items()}
    m.separate(connected(prob, sea, lazy=lazy))
    if form == "per-clue flows":
        per_clue_flows(prob, white, clues)
    else:
        m.separate(blocks.islands(prob, white, clues, lazy=lazy))
    return m, sea


def check(rows: int, cols: int, clues: Clues, sea: set[Cell]) -> list[str]:
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    problems = check_no_square(sea, "sea") + check_connected(sea, "the sea")
    for island in components(cells - sea):
        held = [k for k in clues if k in island]
        if len(held) != 1 or clues[held[0]] not in (None, len(island)):
            problems.append(f"island at {min(island)} holds {held}, {len(island)} cells")
    return problems


def run(rows: int, cols: int, clues: Clues, form: str, limit: float) -> dict:
    start = time.perf_counter()
    m, sea = build(rows, cols, clues, form)
    live = LiveModel(m.prob, Settings("highs", limit))
    out = Outcome("?")
    status = _solve(live, m, out, None)
    first = time.perf_counter() - start
    if status != "solved":
        return {"status": status, "first": first, "total": first, "rounds": out.rounds}
    shaded = {c for c, v in sea.items() if value(v)}
    problems = check(rows, cols, clues, shaded)
    if problems:
        raise SystemExit(f"{form}: {problems[:3]}")
    live.add(no_good_cut(m.answer_vars), "no_good")
    second = _solve(live, m, out, None)
    total = time.perf_counter() - start
    return {"status": second, "first": first, "total": total, "rounds": out.rounds}


# --- kurodoko and hitori: connected whites, never adjacent blacks, lines of sight ------------

SHADING_FORMS = ("complete", "lazy", "lazy, adjacency per cell", "lazy, no sight limit")


def never_adjacent_per_cell(prob: pulp.LpProblem, b) -> None:
    """The aggregated form of `never_adjacent`: one row per cell, d b_p + sum over its d
    neighbours of b <= d (fewer rows, a weaker relaxation than the pairs)."""
    for p in sorted(b):
        near = blocks._near(p, b)
        prob += len(near) * b[p] + pulp.lpSum(b[q] for q in near) <= len(near)


def shading_model(pid: str, rows: int, cols: int, values: dict, form: str) -> tuple[Model, dict]:
    prob = new_problem(pid)
    b = blocks.shade_vars(prob, rows, cols)
    m = Model(prob, list(b.values()), {"b": b})
    if form.endswith("adjacency per cell"):
        never_adjacent_per_cell(prob, b)
    else:
        blocks.never_adjacent(prob, b)
    if pid == "kurodoko":
        for cell, n in sorted(values.items()):
            prob += b[cell] == 0
            limit = None if form.endswith("no sight limit") else n
            prob += blocks.sightline(prob, b, cell, limit=limit) == n
    else:  # hitori: a digit at most once unshaded in each row and column
        for line in [[(r, c) for c in range(cols)] for r in range(rows)] + [
            [(r, c) for r in range(rows)] for c in range(cols)
        ]:
            for digit in {values[q] for q in line}:
                same = [q for q in line if values[q] == digit]
                if len(same) > 1:
                    prob += pulp.lpSum(1 - b[q] for q in same) <= 1
    white = {c: 1 - v for c, v in b.items()}
    m.separate(connected(prob, white, lazy=form.startswith("lazy")))
    return m, b


def random_kurodoko(size: int, seed: int) -> dict:
    """Clues of a random kurodoko answer: blacks placed at random, never adjacent and keeping
    the whites connected; a third of the white cells show their count."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(size) for c in range(size)]
    black: set[Cell] = set()
    for cell in rng.sample(cells, len(cells)):
        alone = not any(_next(cell, q) for q in black)
        if rng.random() < 0.4 and alone and len(components(set(cells) - black - {cell})) == 1:
            black.add(cell)
    white = set(cells) - black
    clues = rng.sample(sorted(white), len(white) // 3)
    return {q: len(blocks.seen_cells(q, white)) for q in clues}


def large_shading(pid: str) -> tuple[int, int, dict]:
    data = json.loads((LARGE / "puzzles.json").read_text())
    url = parse_url(next(p["url"] for p in data if p["pid"] == pid))
    values, _ = decode_number16(url.body, url.rows * url.cols)
    found = {divmod(i, url.cols): v for i, v in enumerate(values) if v is not None}
    return url.rows, url.cols, found


def run_shading(pid: str, rows: int, cols: int, values: dict, form: str, limit: float) -> dict:
    start = time.perf_counter()
    m, b = shading_model(pid, rows, cols, values, form)
    live = LiveModel(m.prob, Settings("highs", limit))
    out = Outcome("?")
    status = _solve(live, m, out, None)
    first = time.perf_counter() - start
    if status != "solved":
        return {"status": status, "first": first, "total": first, "rounds": out.rounds}
    shaded = {c for c, v in b.items() if value(v)}
    cells = set(b)
    problems = check_connected(cells - shaded, "whites") + blocks.check_never_adjacent(shaded, "")
    if pid == "kurodoko":
        problems += [
            str(q) for q, n in values.items() if len(blocks.seen_cells(q, cells - shaded)) != n
        ]
    if problems:
        raise SystemExit(f"{pid} {form}: {problems[:3]}")
    live.add(no_good_cut(m.answer_vars), "no_good")
    second = _solve(live, m, out, None)
    return {
        "status": second,
        "first": first,
        "total": time.perf_counter() - start,
        "rounds": out.rounds,
    }


def report(label: str, form: str, results: list[dict]) -> None:
    first = statistics.median(r["first"] for r in results) * 1000
    total = statistics.median(r["total"] for r in results) * 1000
    print(
        f"{label:16} {form:28} {first:9.0f} {total:9.0f} {results[0]['rounds']:6}  "
        f"{results[0]['status']}"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=60)
    args = ap.parse_args(argv)
    reps = range(args.repeats)
    puzzles = []
    for seed in range(1, 200):  # random answers until `count` of them make unique puzzles
        clues = random_nurikabe(args.size, seed)
        if run(args.size, args.size, clues, "lazy", args.time_limit)["status"] == "infeasible":
            puzzles.append((f"{args.size}x{args.size} #{seed}", args.size, args.size, clues))
        if len(puzzles) == args.count:
            break
    puzzles.append(("18x10 large", *large_nurikabe()))
    print(f"{'puzzle':16} {'form':28} {'first ms':>9} {'total ms':>9} {'solves':>6}  second")
    for label, rows, cols, clues in puzzles:
        for form in FORMS:
            report(label, form, [run(rows, cols, clues, form, args.time_limit) for _ in reps])
    shadings = [("kurodoko 10x10", "kurodoko", *large_shading("kurodoko"))]
    shadings.append(("hitori 10x10", "hitori", *large_shading("hitori")))
    for seed in range(1, 200):
        values = random_kurodoko(args.size, seed)
        got = run_shading("kurodoko", args.size, args.size, values, "lazy", args.time_limit)
        if got["status"] == "infeasible":
            shadings.append((f"kurodoko #{seed}", "kurodoko", args.size, args.size, values))
        if len(shadings) == args.count + 2:
            break
    for label, pid, rows, cols, values in shadings:
        for form in SHADING_FORMS:
            if pid == "hitori" and form.endswith("no sight limit"):
                continue
            results = [run_shading(pid, rows, cols, values, form, args.time_limit) for _ in reps]
            report(label, form, results)


if __name__ == "__main__":
    main()
