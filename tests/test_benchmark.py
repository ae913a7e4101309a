"""The benchmark script runs and reports every back end (its figures are quoted in README)."""

from __future__ import annotations

import benchmark


def test_benchmark_reports_every_back_end(capsys):
    assert benchmark.main(["bomber", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:]]
    assert [r[1] for r in rows] == ["highs/complete", "scip/complete", "cbc/complete"]
    assert min(float(r[-1]) for r in rows) == 1.0


def test_benchmark_measures_both_forms_of_a_loop_genre(capsys):
    assert benchmark.main(["masyu", "--repeats", "1"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert {r[1] for r in rows} == {
        f"{s}/{f}" for s in ("highs", "scip", "cbc") for f in ("complete", "lazy")
    }
