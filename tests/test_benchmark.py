"""The benchmark script runs and reports every back end (its figures are quoted in README)."""

from __future__ import annotations

import benchmark


def test_benchmark_reports_every_back_end(capsys):
    assert benchmark.main(["bomber", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:]]
    assert [r[1] for r in rows] == ["highs", "scip", "cbc"]
    assert min(float(r[-1]) for r in rows) == 1.0
