"""Generated puzzles beside noqx, in the same run: for genres that no published set here holds
at larger sizes, how this project and noqx compare as the grid grows.

    python -m benchmarks.benchmark_generated [--noqx ROOT --noqx-python PY] [--sizes 10 15 20]
                                             [--seeds 1 2 3] [--time-limit 60] [--json out.jsonl]
                                             [--table out.jsonl ...] [--out docs/performance.md]
                                             slug ...

Puzzles: each genre's generator (tests/generators/<slug>.py), one size x size puzzle per size
and seed. A generated puzzle has an answer but is often not unique: both sides are asked for
two answers, so a second answer is each side's verdict as one is each side's proof.

Measured, per puzzle, one run each, ours and noqx's one after the other: ours, `solve_puzzle`
with the genre's defaults and the uniqueness check (from the parsed puzzle to the verified
answer and the verdict: no workbook, as `benchmarks.benchmark_large`); noqx, its `run_solver`
on the puzzle's penpa-edit link asked for two answers (`benchmarks.noqx_peer`: reading the link,
the program, the search). The verdicts must agree (one answer or more); a disagreement, an
error or a timeout is listed. Without `--noqx`, or for a genre noqx does not have, ours alone
(the ratio columns stay empty). A generator that gives up at a size (block puzzle's, whose
candidate blocks grow past the genre's limit from 20 x 20 on) is listed as not generated, and
the run goes on.

`--table` writes the part `generated` of `--out` from runs' `--json` files: per genre and size,
the puzzles, the verdicts agreed, our median and worst seconds, noqx's median ("not in noqx"
for a genre it lacks), and the median and worst ratio (ours over noqx's) over the puzzles both
answered alike within the limit.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks import ROOT, put_part
from benchmarks.noqx_peer import NOT_IN_NOQX, Noqx, parameters
from solver import limits
from solver.genres import Genre, genre_by_slug
from solver.io.penpa_genres import to_penpa
from solver.mip.settings import Settings
from solver.pipeline import solve_puzzle
from tests.generators import generator

PART = "generated"


def measure(slug: str, size: int, seed: int, limit: float, noqx: Noqx | None) -> dict[str, Any]:
    """One generated puzzle, ours and noqx's (where given one): seconds and verdicts."""
    genre = genre_by_slug(slug)
    made = generator(slug)
    assert genre is not None and made is not None
    out: dict[str, Any] = {"genre": slug, "size": size, "seed": seed}
    try:
        puzzle, note = made.generate(size, seed=seed)
    except Exception as exc:  # the generator's own limits (block puzzle's blocks grown)
        return out | {"error": f"not generated ({type(exc).__name__})"}
    out["note"] = note
    if noqx is not None:
        out |= _peer(noqx, genre, slug, puzzle, limit)
    start = time.perf_counter()
    res = solve_puzzle(genre, puzzle, Settings(time_limit=limit), check_unique=True)
    out["seconds"] = time.perf_counter() - start
    if res.violations:
        out["error"] = "answer breaks the rules"
    elif res.status != "solved" or res.unique is None:
        out["error"] = "unique unproved" if res.status == "solved" else res.status
    else:
        out["answers"] = 1 if res.unique else 2
    return out


def _peer(noqx: Noqx, genre: Genre, slug: str, puzzle: Any, limit: float) -> dict[str, Any]:
    """noqx's seconds and answers on the puzzle's penpa-edit link, or why it has none."""
    name = noqx.solver_for([slug, *genre.pzpr_ids, *genre.names])
    if name is None:
        return {"noqx_error": NOT_IN_NOQX}
    got = noqx.time(name, to_penpa(genre, puzzle), limit, parameters(slug, puzzle))
    if "error" in got:
        return {"noqx_error": got["error"]}
    return {"noqx_seconds": got["seconds"], "noqx_answers": got["answers"]}


def line(r: dict[str, Any]) -> str:
    if "seconds" not in r:
        return f"{r['genre']:<14} {r['size']:>3} seed {r['seed']:<3} {r['error']}"
    ours = f"{r['seconds']:8.3f} s " + (r.get("error") or f"{r['answers']} answer(s)")
    head = f"{r['genre']:<14} {r['size']:>3} seed {r['seed']:<3} ours {ours:<24}"
    if "noqx_error" not in r and "noqx_seconds" not in r:
        return head  # noqx not run
    peer = r.get("noqx_error") or f"{r['noqx_seconds']:.3f} s {r['noqx_answers']} answer(s)"
    return f"{head} noqx {peer}"


def table(runs: list[Path], about: str) -> str:
    """The part `generated`: per genre and size, from runs' JSON lines."""
    rows: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for path in runs:
        for text in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(text)
            rows.setdefault((r["genre"], r["size"]), []).append(r)
    out = [
        "## Generated puzzles beside noqx",
        "",
        "Generated puzzles of growing size (tests/generators/), for genres that no published set "
        "here holds at these sizes; each solved by this project and by noqx one after the other, "
        "in the same run, both asked for two answers (a generated puzzle is often not unique). "
        "Ours: `solve_puzzle` with the genre's defaults, from the parsed puzzle to the verified "
        "answer and its verdict; noqx: its `run_solver` on the puzzle's penpa-edit link. Made by "
        "`python -m benchmarks.benchmark_generated` (its docstring says how). " + about,
        "",
        "| genre | size | puzzles | verdicts agree | median s | worst s | noqx median s "
        "| median × noqx | worst × noqx | not answered, or not alike |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (slug, size), rs in sorted(rows.items()):
        ours = [r["seconds"] for r in rs if "answers" in r]
        both = [r for r in rs if "answers" in r and "noqx_answers" in r]
        agreed = [r for r in both if r["answers"] == min(r["noqx_answers"], 2)]
        ratios = [r["seconds"] / r["noqx_seconds"] for r in agreed]
        peer = [r["noqx_seconds"] for r in rs if "noqx_answers" in r]
        # noqx's error per puzzle, but a genre it lacks said once, in its column
        absent = all(r.get("noqx_error") == NOT_IN_NOQX for r in rs)
        peer_error = {r["seed"]: r["noqx_error"] for r in rs if "noqx_error" in r and not absent}
        missed = [
            f"seed {r['seed']}: {r.get('error') or ''}{'; ' if 'error' in r else ''}"
            f"{'noqx ' + peer_error[r['seed']] if r['seed'] in peer_error else ''}".strip("; ")
            for r in rs
            if "error" in r or r["seed"] in peer_error
        ]
        missed += [
            f"seed {r['seed']}: noqx {r['noqx_answers']} answers" for r in both if r not in agreed
        ]
        out.append(
            f"| {slug} | {size}x{size} | {len(rs)} | {len(agreed)} of {len(both)} "
            f"| {_s(ours, statistics.median)} | {_s(ours, max)} "
            f"| {'not in noqx' if absent else _s(peer, statistics.median)} "
            f"| {_r(ratios, statistics.median)} | {_r(ratios, max)} | {'; '.join(missed)} |"
        )
    return "\n".join(out)


def _s(xs: list[float], f: Any) -> str:
    return f"{f(xs):.3f}" if xs else "–"


def _r(xs: list[float], f: Any) -> str:
    return f"{f(xs):.2f}" if xs else "–"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 15, 20])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--json", type=Path, help="write one JSON line per puzzle here")
    ap.add_argument("--noqx", type=Path, help="a checkout of noqx, timed beside us")
    ap.add_argument("--noqx-python", default="python3", help="a Python that has clingo")
    ap.add_argument("--table", type=Path, nargs="+", help="runs' --json files: write the table")
    ap.add_argument("--about", default="", help="with --table: how the runs were made")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md")
    a = ap.parse_args(argv)
    if a.table:
        put_part(a.out, PART, table(a.table, a.about))
        return 0
    if not a.slugs:
        ap.error("give the genres' slugs")
    missing = [s for s in a.slugs if genre_by_slug(s) is None or generator(s) is None]
    if missing:
        ap.error(f"no genre or no generator: {', '.join(missing)}")
    show = functools.partial(print, flush=True)
    sink = a.json.open("w", encoding="utf-8") if a.json else None
    noqx = None if a.noqx is None else Noqx(a.noqx, a.noqx_python)
    with limits.stopping():
        for slug in a.slugs:
            for size in a.sizes:
                for seed in a.seeds:
                    r = measure(slug, size, seed, a.time_limit, noqx)
                    show(line(r))
                    if sink:
                        sink.write(json.dumps(r, ensure_ascii=False) + "\n")
                        sink.flush()
    if noqx is not None:
        noqx.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
