"""The readers of benchmarks/puzzlekit/, each on its genre's smallest published puzzle (kept in
tests/data/puzzlekit.json by `benchmark_puzzlekit --examples`): typed into a sheet by the reader,
solved by the pipeline, proved unique, and the record's answer the published one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.benchmark_puzzlekit import RIGHT, main, measure, table
from benchmarks.puzzlekit import full_grid, marked, readers, room_labels
from solver.mip.settings import Settings

EXAMPLES = json.loads((Path(__file__).parent / "data" / "puzzlekit.json").read_text("utf-8"))
READERS = readers()
SETTINGS = Settings("default", time_limit=60.0)


def test_every_reader_has_an_example():
    assert sorted(EXAMPLES) == sorted(READERS)


@pytest.mark.parametrize("slug", sorted(READERS))
def test_reader_types_its_smallest_published_puzzle(slug):
    example = EXAMPLES[slug]
    got = measure(slug, READERS[slug], example["name"], example, SETTINGS)
    assert got["verdict"] == RIGHT, got


def test_a_different_answer_is_caught():
    slug = "nurikabe"
    example = dict(EXAMPLES[slug])
    first, *rest = example["solution"].split("\n")
    grid = [row.split() for row in rest]
    grid[0][0] = "-" if grid[0][0] == "x" else "x"
    example["solution"] = "\n".join([first, *(" ".join(row) for row in grid)])
    got = measure(slug, READERS[slug], example["name"], example, SETTINGS)
    assert got["verdict"] == "WRONG"


def test_rooms_apart_with_one_id_get_labels_of_their_own():
    ids = [["a", "b", "a"], ["c", "c", "c"]]
    assert room_labels(ids) == [["A", "B", "C"], ["D", "D", "D"]]
    with pytest.raises(ValueError, match="room a lies in 2 parts"):
        room_labels(ids, numbered=[(0, 2)])


def test_a_grid_cut_short_is_refused_where_the_whole_grid_is_read():
    with pytest.raises(ValueError, match="the grid is not 2 x 3"):
        full_grid("2 3\n- - -\n")
    assert full_grid("1 2\n- - -\n- 1 -\n", extra=1) == [["-", "-", "-"], ["-", "1", "-"]]
    with pytest.raises(ValueError, match="the grid is not 2 x 2"):
        marked("2 2\nx -\n", whole=True)
    assert marked("2 2\nx -\n") == {"shaded": [[0, 0]]}  # the answer's rows as they come


def test_the_table_takes_its_ratios_from_the_runs_beside_noqx(tmp_path):
    whole, peers = tmp_path / "whole.jsonl", tmp_path / "peers.jsonl"
    rows = [{"genre": "akari", "name": f"{k}", "size": "10x10", "verdict": RIGHT} for k in range(3)]
    whole.write_text("\n".join(json.dumps(r | {"seconds": 0.1}) for r in rows), "utf-8")
    peer = rows[0] | {"seconds": 0.2, "noqx_seconds": 0.4}
    peers.write_text(json.dumps(peer), "utf-8")
    line = next(t for t in table([whole], peers=[peers]).splitlines() if t.startswith("| akari"))
    assert line.split(" | ")[1:3] == ["3", "3"] and line.split(" | ")[7:10] == ["1", "0.50", "0.50"]


def test_the_table_counts_apart_the_puzzles_noqx_ran_out_of_time_on(tmp_path):
    peers = tmp_path / "peers.jsonl"
    rows = [
        {"genre": "numberlink", "name": "1", "size": "9x9", "verdict": RIGHT, "seconds": 0.2}
        | {"noqx_seconds": 0.1},
        {"genre": "numberlink", "name": "2", "size": "15x15", "verdict": RIGHT, "seconds": 4.0}
        | {"noqx_seconds": 10.0, "noqx_error": "timeout"},
        {"genre": "numberlink", "name": "3", "size": "15x15", "verdict": "timeout"}
        | {"seconds": 10.0, "noqx_seconds": 10.0, "noqx_error": "timeout"},
        {"genre": "nurikabe", "name": "1", "size": "9x9", "verdict": RIGHT, "seconds": 0.1}
        | {"noqx_seconds": 0.2},
    ]
    peers.write_text("\n".join(json.dumps(r) for r in rows), "utf-8")
    line = next(t for t in table([peers]).splitlines() if t.startswith("| numberlink"))
    assert line.split(" | ")[7:10] == ["1 (and 1 noqx ran out of time on)", "2.00", "2.00"]
    line = next(t for t in table([peers]).splitlines() if t.startswith("| nurikabe"))
    assert line.split(" | ")[7:10] == ["1", "0.50", "0.50"]


def test_the_table_keeps_the_rows_of_genres_no_run_gives(tmp_path):
    run, doc = tmp_path / "run.jsonl", tmp_path / "performance.md"
    row = {"genre": "akari", "name": "1", "size": "10x10", "verdict": RIGHT, "seconds": 0.1}
    run.write_text(json.dumps(row), "utf-8")
    old = "| akari | 9 | 9 | x |\n| tents | 7 | 6 | 5x5 |"
    doc.write_text(f"# Performance\n\n<!-- puzzlekit -->\n{old}\n<!-- /puzzlekit -->\n", "utf-8")
    main(["--table", str(run), "--keep", "--out", str(doc)])
    rows = [t for t in doc.read_text("utf-8").splitlines() if t.startswith("| ")][1:]
    assert rows[0].startswith("| akari | 1 | 1 | 10x10 |")  # measured again: the run's row
    assert rows[1] == "| tents | 7 | 6 | 5x5 |"  # no run: kept as it was
    assert len(rows) == 2


def test_the_table_says_the_totals_and_puts_the_notes_below_it(tmp_path):
    run, doc, notes = tmp_path / "run.jsonl", tmp_path / "performance.md", tmp_path / "notes.md"
    rows = [
        {"genre": "akari", "name": "1", "size": "9x9", "verdict": RIGHT, "seconds": 0.2},
        {"genre": "akari", "name": "2", "size": "9x9", "verdict": RIGHT, "seconds": 4.0},
        {"genre": "tents", "name": "1", "size": "9x9", "verdict": "timeout", "seconds": 10.0},
        {"genre": "tents", "name": "2", "size": "9x9", "verdict": RIGHT, "seconds": 0.5},
    ]
    run.write_text("\n".join(json.dumps(r) for r in rows), "utf-8")
    notes.write_text("- tents 1: a reason\n", "utf-8")
    main(["--table", str(run), "--notes", str(notes), "--out", str(doc)])
    text = doc.read_text("utf-8")
    assert (
        "In all: 4 puzzles of 2 genres, 3 right and proved unique (75.0 %), 2 of them within 1 s."
        in text
    )
    table_end = text.index("| tents |")
    assert text.index("- tents 1: a reason") > table_end


def test_the_tables_times_are_those_of_the_puzzles_right(tmp_path):
    run = tmp_path / "run.jsonl"
    rows = [
        {"genre": "tents", "name": "1", "size": "9x9", "verdict": RIGHT, "seconds": 0.5},
        {"genre": "tents", "name": "2", "size": "9x9", "verdict": RIGHT, "seconds": 2.0},
        {"genre": "tents", "name": "3", "size": "9x9", "verdict": "timeout", "seconds": 10.1},
    ]
    run.write_text("\n".join(json.dumps(r) for r in rows), "utf-8")
    line = next(t for t in table([run]).splitlines() if t.startswith("| tents"))
    assert line.split(" | ")[4:7] == ["1.250", "2.000", "2.000"]  # the timeout's 10.1 s left out
