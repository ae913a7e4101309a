"""The wall time of a one-sheet `puzzle-solver solve` from the shell, beside the sheet's own
seconds: what a person waits for, start-up, opening and saving the book included.

    python -m benchmarks.benchmark_startup [--repeats 5] [--out docs/performance.md] [slug ...]

Each sample workbook (workbooks/<slug>.xlsx, its first sheet) is solved by a new process,
`python -m solver.command solve BOOK --sheet SHEET --out DIR --json` (the console script's code),
`--repeats` times; printed per sample: the median wall seconds, the median of the record's
`seconds`, and the difference (start-up, opening, saving); then the medians over the samples.
With `--out`, the table also goes into that file as its part `startup` (benchmarks.put_part,
kept by benchmarks.report). The processes run with the bytecode written
(`PYTHONDONTWRITEBYTECODE` unset): an installed package has its `.pyc` files, and compiling the
sources again at each start is not what a user waits for.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

from benchmarks import WORKBOOKS, put_part
from solver.genres import genre_for_sheet


def first_puzzle_sheet(path: Path) -> str | None:
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        return next((s for s in wb.sheetnames if genre_for_sheet(s) is not None), None)
    finally:
        wb.close()


def install() -> str:
    """How this Python has the project: an editable install's import hook (`pip install -e`)
    runs at every start and adds to it; `pip install .`, as the README has it, has none."""
    editable = any("__editable__" in type(f).__module__ for f in sys.meta_path)
    return "an editable install" if editable else "the project installed as `pip install .` does"


def one_run(path: Path, sheet: str, out: Path) -> tuple[float, float]:
    """The wall seconds of one process and the record's seconds."""
    command = [sys.executable, "-m", "solver.command", "solve", str(path), "--sheet", sheet]
    command += ["--out", str(out), "--json"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    record = json.loads(done.stdout.splitlines()[0])
    return wall, record["seconds"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", type=Path, help="put the table into this file (its part startup)")
    ap.add_argument("slugs", nargs="*", help="samples to run (default: all)")
    a = ap.parse_args(argv)
    books = sorted(WORKBOOKS.glob("*.xlsx"))
    if a.slugs:
        books = [b for b in books if b.stem in a.slugs]
    walls, sheets, rows = [], [], []
    print(f"{'sample':<18}{'wall':>8}{'sheet':>8}{'around':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for path in books:
            sheet = first_puzzle_sheet(path)
            if sheet is None:
                continue
            runs = [one_run(path, sheet, Path(tmp)) for _ in range(a.repeats)]
            wall = statistics.median(w for w, _ in runs)
            own = statistics.median(s for _, s in runs)
            walls.append(wall)
            sheets.append(own)
            print(f"{path.stem:<18}{wall:8.3f}{own:8.3f}{wall - own:8.3f}", flush=True)
            rows.append(f"| {path.stem} | {wall:.3f} | {own:.3f} | {wall - own:.3f} |")
    if walls:
        wall, own = statistics.median(walls), statistics.median(sheets)
        print(f"\nmedian over {len(walls)} samples: wall {wall:.3f} s, sheet {own:.3f} s")
        over = sum(w > 0.5 for w in walls)
        print(f"worst wall: {max(walls):.3f} s; samples over 0.5 s: {over}")
        if a.out:
            load = os.getloadavg()[0]
            put_part(
                a.out,
                "startup",
                "\n".join(
                    [
                        "## One sheet from the shell",
                        "",
                        "A new `python -m solver.command solve BOOK --sheet SHEET --out DIR "
                        "--json` process per sample workbook (its first puzzle sheet; "
                        f"{install()}), {a.repeats} runs each, the median; the wall time of the "
                        "whole process beside the record's `seconds` of the sheet, and the "
                        "difference (start-up, opening and saving the book). Made by `python -m "
                        f"benchmarks.benchmark_startup --repeats {a.repeats} --out ...` "
                        f"(load average at the end {load:.2f}).",
                        "",
                        f"Median over {len(walls)} samples: wall {wall:.3f} s, sheet {own:.3f} s; "
                        f"worst wall {max(walls):.3f} s; {over} over 0.5 s.",
                        "",
                        "| sample | wall s | sheet s | around s |",
                        "|---|---|---|---|",
                        *rows,
                    ]
                ),
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
