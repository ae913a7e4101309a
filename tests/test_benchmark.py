"""The benchmarks (benchmarks/), each run on a puzzle or two with one repeat: they measure every
back end and form they name, and reach the right verdicts."""

from __future__ import annotations

import json
from typing import NoReturn

import pytest

from benchmarks import benchmark, benchmark_large


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


def test_large_benchmark_solves_a_published_puzzle_beside_the_peers(capsys):
    assert benchmark_large.main(["mines-2", "--repeats", "1", "--solvers", "highs,scip"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("mines-2")]
    assert [(r[2], r[-1]) for r in rows] == [("highs", "unique"), ("scip", "unique")]
    assert "ratio to noqx: median" in out


def test_large_benchmark_takes_another_list_with_known_second_answers(capsys):
    numberlinks = benchmark_large.PUZZLES.parent / "numberlink.json"
    argv = ["numlin-j7", "numlin-j10i", "--puzzles", str(numberlinks), "--repeats", "1"]
    assert benchmark_large.main([*argv, "--solvers", "highs"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("numlin-")}
    assert rows["numlin-j7"].endswith("  unique") and "   -   " in rows["numlin-j7"]
    assert rows["numlin-j10i"].endswith("NOT unique, as published")  # it has two answers
    assert "highs: 2 of 2 puzzles decided" in out


def test_large_benchmark_yajilin_list(capsys):
    """tests/data/large/yajilin.json: six more published yajilins, each unique."""
    yajilins = benchmark_large.PUZZLES.parent / "yajilin.json"
    assert [p["unique"] for p in benchmark_large.load([], yajilins)] == [True] * 6
    argv = ["yajilin-10d", "yajilin-10e", "--puzzles", str(yajilins), "--repeats", "1"]
    assert benchmark_large.main([*argv, "--solvers", "default"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("yajilin-")]
    assert len(rows) == 2 and all(row.endswith("  unique") for row in rows)
    assert "default: 2 of 2 puzzles decided" in out


def test_large_benchmark_published_list(capsys):
    """tests/data/large/published.json: 34 more published puzzles of 13 genres, 13x13 to 45x31,
    each importable by its URL; two small ones are solved and proved unique, and the one with
    two answers is found so."""
    from solver.genres import genre_for_pzpr
    from solver.io.puzzlink import parse_url

    published = benchmark_large.PUZZLES.parent / "published.json"
    entries = benchmark_large.load([], published)
    assert len(entries) == 34 and len({p["name"] for p in entries}) == 34
    for p in entries:
        url = parse_url(p["url"])
        assert (url.pid, url.cols, url.rows) == (p["pid"], p["cols"], p["rows"])
        genre = genre_for_pzpr(url.pid)
        assert genre is not None and genre.from_url is not None
        genre.from_url(url)
    argv = ["mashu-15x10", "hashikake-17x13", "hashikake-41x19", "--puzzles", str(published)]
    assert benchmark_large.main([*argv, "--repeats", "1", "--solvers", "default"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line[:5] in ("mashu", "hashi")}
    assert rows["mashu-15x10"].endswith("  unique") and rows["hashikake-17x13"].endswith("  unique")
    assert rows["hashikake-41x19"].endswith("NOT unique, as published")


def test_large_benchmark_penpa_list(capsys):
    """tests/data/large/penpa.json: 24 published puzzles of penpa-edit's example list (the list
    two of the seventeen come from), none in the other lists, each importable by its URL; three
    small ones solved and proved unique, and the masyu with two answers found so."""
    from solver.genres import genre_for_pzpr
    from solver.io.puzzlink import parse_url

    penpa = benchmark_large.PUZZLES.parent / "penpa.json"
    entries = benchmark_large.load([], penpa)
    assert len(entries) == 24 and len({p["name"] for p in entries}) == 24
    others = set()
    for name in ("puzzles", "published", "numberlink", "yajilin", "heyawake"):
        listed = benchmark_large.load([], benchmark_large.PUZZLES.parent / f"{name}.json")
        others |= {parse_url(p["url"]).body for p in listed}
    for p in entries:
        url = parse_url(p["url"])
        assert (url.pid, url.cols, url.rows) == (p["pid"], p["cols"], p["rows"])
        assert url.body not in others
        genre = genre_for_pzpr(url.pid)
        assert genre is not None and genre.from_url is not None
        genre.from_url(url)
    names = ["country-penpa1", "yajilin-penpa2", "slither-penpa1", "mashu-penpa3"]
    argv = [*names, "--puzzles", str(penpa), "--repeats", "1", "--solvers", "default"]
    assert benchmark_large.main(argv) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if "-penpa" in line}
    assert all(rows[n].endswith("  unique") for n in names[:3])
    assert rows["mashu-penpa3"].endswith("NOT unique, as published")


def test_large_benchmark_janko_list_is_read_from_typed_cells(capsys):
    """tests/data/large/janko.json: 61 janko puzzles typed into cells (read by each genre's
    `parse`, not from a URL), with noqx's seconds measured beside them."""
    janko = benchmark_large.PUZZLES.parent / "janko.json"
    entries = benchmark_large.load([], janko)
    assert len(entries) == 61 and all(e["cells"] and e["noqx_seconds"] for e in entries)
    argv = ["yajilin-janko9", "heyawake-janko600", "--puzzles", str(janko), "--repeats", "1"]
    assert benchmark_large.main([*argv, "--solvers", "default"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("yajilin-janko9 ", "heyawake-"))]
    assert len(rows) == 2 and all(row.endswith("  unique") for row in rows)
    assert "default: 2 puzzles solved and proved unique; ratio to noqx: median" in out


def test_report_writes_the_tables_the_method_and_the_machine(tmp_path, capsys):
    """benchmarks/report.py on one sample and one published puzzle: the file says how it was
    generated, the method and the machine, and has a row per puzzle with the ratio to noqx."""
    from benchmarks import report

    out = tmp_path / "performance.md"
    argv = ["--sets", "samples,puzzles", "--repeats", "1", "--out", str(out), "bomber", "mines-2"]
    assert report.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Performance\n")
    assert "Generated by `python -m benchmarks.report --sets samples,puzzles" in text
    assert "- Repeats: 1 per puzzle" in text and "- Time limit: 60 s per run" in text
    assert all(f"| {key} |" in text for key in ("CPU", "cores", "Python", "date", "commit"))
    assert "Only the names given: bomber, mines-2" in text
    sample = next(line for line in text.splitlines() if line.startswith("| bomber |"))
    assert sample.startswith("| bomber | default:") and sample.endswith("| unique |")
    row = next(line for line in text.splitlines() if line.startswith("| mines-2 |")).split(" | ")
    assert row[1] == "10x10" and row[2].startswith("default:") and row[4] == "unique"
    seconds, noqx, to_noqx = float(row[3]), float(row[5]), float(row[6])
    assert noqx == 0.009 and abs(to_noqx - seconds / noqx) < 0.0006 / noqx + 0.006


def test_noqx_is_told_the_parameters_its_link_does_not_carry():
    """noqx's star battle takes its count of stars from a field (default two), its battleship
    the fleet, not from the link: the peer sets them from the puzzle; other genres keep noqx's
    defaults."""
    from types import SimpleNamespace

    from benchmarks.noqx_peer import VARIANT_OF, parameters

    assert parameters("star-battle", SimpleNamespace(stars=2)) == {"stars": "2"}
    assert parameters("star-battle", SimpleNamespace(stars=1)) == {"stars": "1"}
    fleet = SimpleNamespace(fleet=(3, 2, 2, 1))
    assert parameters("battleship", fleet) == {
        "shapeset": [
            {"shape": "111", "count": 1},
            {"shape": "11", "count": 2},
            {"shape": "1", "count": 1},
        ]
    }
    assert parameters("masyu", None) == {}
    assert parameters("numberlink", None) == {"visit_all": False, "no_2x2": False}
    assert VARIANT_OF["killer-sudoku"] == "sudoku"


def test_noqx_gets_no_long_texts_and_easy_as_abc_letters_as_its_parameter():
    """penpa's long texts are notes (easy as abc's range of letters), which noqx would read
    as clues: its link goes without them, the letters as noqx's parameter."""
    import json
    from types import SimpleNamespace

    from benchmarks import ROOT
    from benchmarks.noqx_peer import edit_link, parameters
    from solver.genres import genre_by_slug
    from solver.io import penpa, penpa_genres
    from solver.io.sheet.openpyxl_book import OpenpyxlBook
    from solver.pipeline import read_puzzle

    book = OpenpyxlBook(ROOT / "workbooks" / "abc-place.xlsx")
    genre, _, puzzle = read_puzzle(book, "abc-place")
    link = penpa_genres.to_penpa(genre, puzzle)
    assert genre is genre_by_slug("abc-place")
    assert any(v[2] == "8" for v in penpa.read_board(link).q["number"].values())
    parts = penpa.expand(penpa.inflate(edit_link(link).split("p=", 1)[1])).split("\n")
    numbers = json.loads(parts[3])["number"]
    assert numbers and not any(v[2] == "8" for v in numbers.values())
    assert parameters("abc-place", SimpleNamespace(letters=3)) == {"letters": "ABC"}


def test_puzzlekit_table_counts_the_rows_it_keeps_in_its_totals(tmp_path):
    """A genre measured again: the rows of the others are kept as they are, and the totals
    count their puzzles and right ones too; the count within 1 s is of the new runs only."""
    from benchmarks.benchmark_puzzlekit import PART, kept_rows, table

    run = tmp_path / "run.jsonl"
    records = [
        {"genre": "akari", "name": "1_5x5", "size": "5x5", "seconds": 0.5, "verdict": "unique"},
        {"genre": "akari", "name": "2_5x5", "size": "5x5", "seconds": 2.0, "verdict": "unique"},
        {"genre": "akari", "name": "3_5x5", "size": "5x5", "seconds": 10.0, "verdict": "timeout"},
    ]
    run.write_text("".join(json.dumps(r) + "\n" for r in records))
    doc = tmp_path / "performance.md"
    old = "| nurikabe | 1130 | 1113 | 50x50 | 0.036 | 0.238 | 10.030 | 57 | 0.47 | 13.57 | x |"
    doc.write_text(f"<!-- {PART} -->\n| genre | puzzles |\n|---|---|\n{old}\n<!-- /{PART} -->\n")
    text = table([run], kept=kept_rows(doc))
    assert "In all: 1133 puzzles of 2 genres, 1115 right and proved unique (98.4 %)." in text
    assert "Within 1 s: 1 of the 2 right of the genres measured again (akari)" in text
    assert old in text
    alone = table([run])
    assert "In all: 3 puzzles of 1 genres, 2 right and proved unique (66.7 %), 1 of them" in alone


def test_budget_benchmark_measures_the_sat_solver_after_probing(tmp_path, capsys):
    """`sat`: a published tile paint that probing leaves open (0wzrw_15x15) reaches the SAT
    solver, which ends with the answer, its work counted; with no SAT solver the MIP answers it
    too; a budget at that work keeps the first route, half of it pays half the search's seconds
    and then the second route's."""
    from benchmarks import ROOT, benchmark_budgets
    from solver.deduce import sat

    run = sat.rounds
    path = ROOT / "tests/data/published/tile-paint.json"
    entry = next(
        e for e in json.loads(path.read_text(encoding="utf-8")) if e["name"] == "0wzrw_15x15"
    )
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([{"genre": "tile-paint", **entry}]), encoding="utf-8")
    out = tmp_path / "run.jsonl"
    assert benchmark_budgets.main(["sat", "--large", str(listed), "--json", str(out)]) == 0
    assert sat.rounds is run  # the counting is undone after the run
    (row,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row["name"] == "0wzrw_15x15" and row["budget"] == "sat"
    assert row["nodes"] > 0 and not row["capped"]
    assert row["verdict_a"] == row["verdict_b"] == "unique"
    assert 0 < row["cpu_search"] <= row["cpu_a"]
    work = row["nodes"]
    assert benchmark_budgets.cost(row, work) == row["cpu_a"]
    half = row["cpu_search"] * (work // 2) / work + row["cpu_b"]
    assert benchmark_budgets.cost(row, work // 2) == pytest.approx(half)  # float rounding
    capsys.readouterr()
    assert benchmark_budgets.main(["--table", str(out), "--at", str(work), str(work // 2)]) == 0
    budgets = [line for line in capsys.readouterr().out.splitlines() if line.startswith("budget")]
    assert [line.split(":")[1].split(";")[0].split() for line in budgets] == [
        ["1", "stay,", "0", "go", "on"],
        ["0", "stay,", "1", "go", "on"],
    ]


def test_turns_benchmark_times_each_search_of_a_published_nurikabe_and_fillomino():
    """`benchmark_turns`: on a published nurikabe that probing leaves open (janko 669, 14 x 24)
    its three searches run from the board probing leaves, each with its work and CPU seconds,
    and the summary gives each one's microseconds a unit and its ratio to the learning
    search's; on a fillomino (janko 270, 15 x 15) the depth-first search runs out and the SAT
    solver decides the grid within its conflicts."""
    from benchmarks import ROOT, benchmark_turns
    from solver.genres import nurikabe
    from solver.io.sheet import Grid

    published = json.loads((ROOT / "tests/data/published/nurikabe.json").read_text("utf-8"))
    entry = next(e for e in published if e["name"] == "669_14x24")
    p = nurikabe.parse(Grid("nurikabe", entry["cells"]))
    row = benchmark_turns.measure("669_14x24", p, 300)
    assert row is not None and row["name"] == "669_14x24"
    for key in ("search", "learn", "sat"):
        assert row[f"{key}_work"] > 0 and row[f"{key}_cpu"] > 0
    assert row["learn_decided"]  # within the genre's budget
    assert not row["sat_decided"]  # 300 conflicts are short of what it needs here
    fake = [
        {"search_work": 100_000, "search_cpu": 0.2, "learn_work": 1_000_000, "learn_cpu": 0.5}
        | {"sat_work": 2_000_000, "sat_cpu": 0.4},
        {"search_work": 10, "search_cpu": 1.0, "learn_work": 10, "learn_cpu": 1.0}
        | {"sat_work": 10, "sat_cpu": 1.0},
    ]
    summary = benchmark_turns.rates(fake)
    assert "island search: 2.000 us a unit (median of 1)" in summary
    assert "learning search: 0.500 us a unit (median of 1)" in summary
    assert "to the learning search: 4.00 (medians)" in summary
    assert "SAT solver: 0.200 us a unit (median of 1)" in summary
    assert "to the learning search: 0.40 (medians)" in summary

    fillomino_row = benchmark_turns.measure(
        "270_15x15", _published_fillomino("270_15x15"), 1_000_000, "fillomino"
    )
    assert fillomino_row is not None
    assert not fillomino_row["search_decided"]  # the depth-first search runs out here
    assert fillomino_row["sat_decided"]
    summary = benchmark_turns.rates(fake, "fillomino")
    assert "depth-first search: 2.000 us" in summary and "SAT solver: 0.200 us" in summary
    assert "to the depth-first search: 0.10 (medians)" in summary


def _published_fillomino(name: str):
    from benchmarks import ROOT
    from solver.genres import fillomino
    from solver.io.sheet import Grid

    published = json.loads((ROOT / "tests/data/published/fillomino.json").read_text("utf-8"))
    entry = next(e for e in published if e["name"] == name)
    return fillomino.parse(Grid("fillomino", entry["cells"]))


def test_generated_benchmark_times_both_sides_and_writes_its_table(tmp_path):
    """One generated puzzle, ours solved and a stand-in for noqx asked for it (its penpa-edit
    link); the table's row per genre and size: the verdicts agreed, the medians, the ratio,
    and a puzzle either side did not answer."""
    from types import SimpleNamespace

    from benchmarks.benchmark_generated import PART, main, measure

    asked = []
    peer = SimpleNamespace(
        solver_for=lambda names: "firefly",
        time=lambda name, link, limit, params: asked.append(link) or {"seconds": 0.5, "answers": 2},
    )
    r = measure("hotaru-beam", 6, 1, 60.0, peer)  # type: ignore[arg-type]
    assert r["answers"] in (1, 2) and r["seconds"] > 0 and r["noqx_answers"] == 2
    assert len(asked) == 1 and "m=solve" in asked[0]  # the puzzle's penpa-edit link
    run = tmp_path / "run.jsonl"
    rows = [
        {"genre": "hotaru-beam", "size": 15, "seed": 1, "seconds": 1.0, "answers": 2,
         "noqx_seconds": 2.0, "noqx_answers": 2},
        {"genre": "hotaru-beam", "size": 15, "seed": 2, "seconds": 3.0, "answers": 1,
         "noqx_seconds": 2.0, "noqx_answers": 1},
        {"genre": "hotaru-beam", "size": 15, "seed": 3, "seconds": 60.0, "error": "timeout",
         "noqx_seconds": 2.0, "noqx_answers": 1},
        {"genre": "hotaru-beam", "size": 15, "seed": 4, "seconds": 9.0, "answers": 1,
         "noqx_seconds": 1.0, "noqx_answers": 0},
    ]  # fmt: skip
    run.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "performance.md"
    assert main(["--table", str(run), "--out", str(out), "--about", "One lane."]) == 0
    text = out.read_text()
    assert f"<!-- {PART} -->" in text and "One lane." in text
    row = (
        "| hotaru-beam | 15x15 | 4 | 2 of 3 | 3.000 | 9.000 | 2.000 | 1.00 | 1.50 "
        "| seed 3: timeout; seed 4: noqx 0 answers |"
    )
    assert row in text  # the ratios of the two answered alike: 1.0 / 2.0 and 3.0 / 2.0
    # (seed 4 answered by both, not alike: outside the ratios)


def test_generated_benchmark_runs_ours_alone_and_lists_a_puzzle_not_generated(
    tmp_path, monkeypatch
):
    """Without noqx, ours alone (its ratios empty); a generator that gives up at a size is
    listed as not generated, and the run goes on to the next puzzle."""
    from types import SimpleNamespace

    from benchmarks import benchmark_generated

    r = benchmark_generated.measure("hotaru-beam", 6, 1, 60.0, None)
    assert r["answers"] in (1, 2) and not any(k.startswith("noqx") for k in r)

    def generate(size: int, seed: int) -> NoReturn:
        raise RecursionError("too many ways")

    real = benchmark_generated.generator
    failing = SimpleNamespace(generate=generate)
    monkeypatch.setattr(
        benchmark_generated, "generator", lambda slug: failing if slug == "ohno" else real(slug)
    )
    run = tmp_path / "run.jsonl"
    argv = ["--sizes", "6", "--seeds", "1", "--json", str(run), "ohno", "hotaru-beam"]
    assert benchmark_generated.main(argv) == 0
    rows = [json.loads(line) for line in run.read_text().splitlines()]
    not_made = {"genre": "ohno", "size": 6, "seed": 1, "error": "not generated (RecursionError)"}
    assert rows[0] == not_made
    assert rows[1]["genre"] == "hotaru-beam" and rows[1]["answers"] in (1, 2)
    out = tmp_path / "performance.md"
    assert benchmark_generated.main(["--table", str(run), "--out", str(out)]) == 0
    text = out.read_text()
    not_generated = (
        "| ohno | 6x6 | 1 | 0 of 0 | – | – | – | – | – | seed 1: not generated (RecursionError) |"
    )
    assert not_generated in text
    ours = f"{rows[1]['seconds']:.3f}"
    assert f"| hotaru-beam | 6x6 | 1 | 0 of 0 | {ours} | {ours} | – | – | – |  |" in text
    # a genre noqx lacks: said once, in noqx's column, not for each puzzle
    absent = {"noqx_error": benchmark_generated.NOT_IN_NOQX}
    lacking = [
        {"genre": "kanaore", "size": 10, "seed": 1, "seconds": 0.2, "answers": 1} | absent,
        {"genre": "kanaore", "size": 10, "seed": 2, "seconds": 30.0, "error": "timeout"} | absent,
    ]
    run.write_text("".join(json.dumps(r) + "\n" for r in lacking))
    assert benchmark_generated.main(["--table", str(run), "--out", str(out)]) == 0
    row = "| kanaore | 10x10 | 2 | 0 of 0 | 0.200 | 0.200 | not in noqx | – | – | seed 2: timeout |"
    assert row in out.read_text()


def test_loop_sat_benchmark_runs_both_searches_from_the_board_probing_leaves():
    """`benchmark_loop_sat`: on a published yajilin that probing leaves open (yajilin-19x13 of
    tests/data/large), the SAT solver decides it within its conflicts where the depth-first
    search gives up; a puzzle that probing decides has no record."""
    from benchmarks import ROOT, benchmark_loop_sat
    from solver.genres import yajilin
    from solver.io.puzzlink import parse_url
    from solver.io.sheet import Grid

    large = json.loads((ROOT / "tests/data/large/yajilin.json").read_text("utf-8"))
    (url,) = [e["url"] for e in large if e["name"] == "yajilin-19x13"]
    row = benchmark_loop_sat.measure(
        "yajilin", "yajilin-19x13", yajilin.from_url(parse_url(url)), 10**6
    )
    assert row is not None and row["open"] > 0
    assert (row["sat"], row["search"]) == ("one", "undecided")
    assert 0 < row["conflicts"] < 10**6
    small = yajilin.parse(Grid("yajilin", [[None, None], [None, None]]))  # one loop: all four
    assert benchmark_loop_sat.measure("yajilin", "2x2", small, 10**6) is None


def test_probing_benchmark_times_the_deductions_with_each_probing_budget():
    """`benchmark_probing`: on a published star battle (146_15x15) the deductions decide the
    grid under the genre's Tuning and with no probing at all (the SAT solver after the rules),
    each with its CPU seconds; the summary names the slowest."""
    from benchmarks import ROOT, benchmark_probing
    from solver.genres import star_battle
    from solver.io.sheet import Grid

    published = json.loads((ROOT / "tests/data/published/star-battle.json").read_text("utf-8"))
    entry = next(e for e in published if e["name"] == "146_15x15")
    p = star_battle.parse(Grid("star-battle", entry["cells"]))
    tunings = benchmark_probing.variants(star_battle.GENRE.tuning, [0, 5000])
    assert list(tunings) == ["house", "probe 0", "probe 5000"]
    assert tunings["probe 0"].probe_work == 0 and tunings["probe 0"].search_work == 0
    row = benchmark_probing.measure("star-battle", p, tunings, repeats=1)
    assert all(row[key]["decided"] and row[key]["cpu"] > 0 for key in tunings)
    rows = [{"name": "a"} | row, {"name": "b"} | {k: {"cpu": 0.0, "decided": False} for k in row}]
    text = benchmark_probing.summary("star-battle", rows)
    assert "star-battle probe 0: 2 puzzles, 1 decided, 0 out of time" in text and "(a)" in text
    late = benchmark_probing.measure("star-battle", p, {"house": tunings["house"]}, 1, limit=0)
    assert late["house"]["timeout"] and not late["house"]["decided"]
