"""Standard output is for results: `--json` prints JSON lines and nothing else, whatever a solver
library prints when it starts (highspy 1.16 prints a banner to stdout when a `Highs()` is made).

These run the installed command in a subprocess, as a user or a script would, so that output
written by native code to file descriptor 1 is seen too.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import WORKBOOKS

CLI = [sys.executable, "-m", "solver.cli"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("solver", ["highs", "scip", "cbc"])
@pytest.mark.slow
def test_json_stdout_is_json_lines_only(tmp_path, solver):
    for slug in ("bomber", "masyu"):
        shutil.copy(WORKBOOKS / f"{slug}.xlsx", tmp_path)
    done = run("solve", str(tmp_path), "--json", "--solver", solver, "--out", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    records = [json.loads(line) for line in lines]  # every line parses
    assert sorted(r["genre"] for r in records) == ["bomber", "masyu"]
    assert all(r["status"] == "solved" and r["unique"] is True for r in records)


def test_other_commands_print_no_solver_chatter(tmp_path):
    book = tmp_path / "bomber.xlsx"
    shutil.copy(WORKBOOKS / "bomber.xlsx", book)
    shown = run("solve", str(book), "--show", "--out", "out", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "HiGHS" not in shown.stdout
    assert run("lp", str(book), "-o", "b.lp", cwd=tmp_path).returncode == 0
    solved = run("run-lp", "b.lp", "--solver", "highs", cwd=tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.strip() == "wrote b.sol"
