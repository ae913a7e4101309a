"""Archipelago: the sample as the seed's table describes it, how its answer shows in the cells,
the .lp file's names; verify, bad input, and the shared connectivity block on its own. (The sample
on every back end and through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pulp
import pytest

from solver.blocks.connectivity import connect
from solver.genres import archipelago
from solver.genres.archipelago import Puzzle
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.backends import LiveModel
from solver.mip.model import new_problem, value, var
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

DATA = json.loads((Path(__file__).parent / "data" / "archipelago.json").read_text("utf-8"))


def cell(token: str) -> int | str:
    return "" if token == "." else int(token) if token.isdigit() else token


def rows(key: str) -> list[list[int | str]]:
    return [[cell(t) for t in line.split()] for line in DATA[key]]


def puzzle(key: str = "puzzle") -> Puzzle:
    return Puzzle(tuple(tuple(v if v != "" else None for v in row) for row in rows(key)))


def known_answer() -> archipelago.Answer:
    kind = {"│": "V", "─": "H"}
    return tuple(tuple(kind.get(v) for v in row) for row in rows("solution"))  # type: ignore[arg-type]


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_sample(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample("archipelago")), "archipelago")
    assert p == puzzle()


def test_sample_reaches_the_islands_of_the_seeds_table():
    table = {
        (int(k), d, o)
        for k, t in DATA["seed_connections"].items()
        for d, os in t.items()
        for o in os
    }
    table.add((9, "left", 8))  # the seed lists 8 right 9 only; geometry gives both
    reach = set()
    for run in puzzle().runs():
        a, b = run.ends
        if run.bridgeable and a != b:
            there, back = ("down", "up") if run.vertical else ("right", "left")
            reach |= {(a, there, b), (b, back, a)}
    assert reach == table


def test_the_seeds_schematic_typed_literally_has_no_answer():
    out = solve_puzzle(archipelago.GENRE, puzzle("seed_schematic"), Settings("highs"))
    assert out.status == "infeasible"


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample("archipelago"))
    assert solve_sheet(book, "archipelago", Settings()).status == "solved"
    assert book.sheet("archipelago").get(2, 1) == "│" and book.sheet("archipelago").get(3, 3) == "─"
    assert archipelago.verify(puzzle(), known_answer()) == []


def test_record_lists_every_unit_segment_island_to_island():
    lines = archipelago.record(puzzle(), known_answer())["lines"]
    assert lines == sorted(lines)
    assert all(abs(r1 - r2) + abs(c1 - c2) == 1 and n == 1 for r1, c1, r2, c2, n in lines)
    # the bridge from island 1 at A1 down to island 6 at A6: five segments
    assert [s for s in lines if s[1] == s[3] == 0] == [[r, 0, r + 1, 0, 1] for r in range(5)]
    # a bridge of k cells has k + 1 segments
    a = known_answer()
    cells = sum(v is not None for row in a for v in row)
    starts = sum(
        (a[r][c] == "V" and a[r - 1][c] != "V") or (a[r][c] == "H" and a[r][c - 1] != "H")
        for r in range(len(a))
        for c in range(len(a[0]))
    )
    assert starts == 13 and len(lines) == cells + starts


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "archipelago.lp"
    make_lp(OpenpyxlBook(sample("archipelago")), "archipelago", lp)
    text = lp.read_text()
    assert "arc(9,10)" in text and "N(1)" in text and "V(2,1)" in text


def test_answer_vars_are_the_bridge_cells_only():
    m = archipelago.model(puzzle())
    names = {v.name[0] for v in m.answer_vars}
    assert names == {"V", "H"} and len(m.answer_vars) == 2 * len(puzzle().sea())


def test_non_unique_puzzle_names_the_differing_cell(tmp_path):
    from solver.io.workbook import add_puzzle_sheet

    p = Puzzle(((2, 2, 2, 3), (2, None, 1, 3), (1, 1, None, 3)))
    book, sheet = add_puzzle_sheet(tmp_path / "a.xlsx", archipelago.GENRE, p)
    res = solve_sheet(book, sheet, Settings())
    assert res.status == "solved" and res.unique is False
    assert res.differ == [(1, 1)]


def test_open_water_stays_empty():
    # A1's row runs into the left edge and its column into both: no bridge can cross it
    p = Puzzle(((None, 1, None, 2),))
    out = solve_puzzle(archipelago.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == ((None, None, "H", None),)
    assert archipelago.verify(p, ((None, None, "H", None),)) == []
    assert archipelago.verify(p, (("H", None, "H", None),))  # a bridge off the grid's edge


# --- verify ----------------------------------------------------------------------------------


def changed(answer: archipelago.Answer, r: int, c: int, x: str | None) -> archipelago.Answer:
    grid = [list(row) for row in answer]
    grid[r][c] = x
    return tuple(tuple(row) for row in grid)


def test_verify_rejects_a_crossing():
    # a vertical piece in the middle of the bridge 8 ─ ─ ─ ─ ─ 9 on row 8
    problems = archipelago.verify(puzzle(), changed(known_answer(), 7, 3, "V"))
    assert problems and all("does not end at islands" in p for p in problems)
    assert archipelago.verify(puzzle(), changed(known_answer(), 7, 3, "+"))


def test_verify_rejects_a_bridge_ending_at_the_edge():
    p = Puzzle(((None, 1), (None, 2)))  # A1:A2 can't be bridged, so it is open water
    assert archipelago.verify(p, ((None, None), (None, None)))  # the islands are not joined
    assert archipelago.verify(p, (("V", None), ("V", None)))
    assert archipelago.verify(p, (("H", None), ("H", None)))


def test_verify_rejects_disconnected_islands():
    p = Puzzle(((1, None, 2, 3, None, 4),))
    problems = archipelago.verify(p, ((None, "H", None, None, "H", None),))
    assert problems == ["the islands fall into 2 groups that no bridges join"]
    assert solve_puzzle(archipelago.GENRE, p, Settings()).status == "infeasible"


def test_verify_rejects_a_sea_cell_without_bridge_and_a_bridge_on_an_island():
    assert archipelago.verify(puzzle(), changed(known_answer(), 5, 8, None))
    assert archipelago.verify(puzzle(), changed(known_answer(), 0, 0, "H"))


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["x!", "ABCD", -1, 1000, "1.5", "│"])
def test_bad_label_names_the_cell(bad):
    with pytest.raises(InputError, match="number or a letter") as err:
        archipelago.parse(Grid("archipelago", [[1, None], [None, bad]]))
    assert "sheet 'archipelago' cell B2" in str(err.value)


def test_labels_may_be_letters_and_islands_any_shape():
    p = archipelago.parse(Grid("archipelago", [["A", None, "B"], [None, "A", None]]))
    assert p.islands() == ["A", "B"]


def test_a_grid_without_islands_is_refused():
    with pytest.raises(InputError, match="no islands"):
        archipelago.parse(Grid("archipelago", [[None, None], [None, None]]))


# --- the connectivity block on its own ------------------------------------------------------


def test_connect_forces_the_only_connected_choice():
    prob = new_problem("t")
    x = {e: var(prob, "x", *e) for e in ((1, 2), (2, 3), (1, 3))}
    prob += pulp.lpSum(x.values()) <= 2, "two_edges"
    prob += x[1, 2] == 0, "no_12"
    tree = connect(prob, [1, 2, 3], x)
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    assert [value(v) for v in x.values()] == [0, 1, 1]
    # the arcs form a tree into the root, node 3: labels grow from parent to child
    chosen = {k: kk for (k, kk), a in tree.arcs.items() if value(a)}
    assert chosen == {1: 3, 2: 3}
    assert all(value(tree.labels[k]) > value(tree.labels[kk]) for k, kk in chosen.items())


def test_connect_makes_a_disconnected_graph_infeasible():
    prob = new_problem("t")
    connect(prob, [1, 2, 3, 4], {(1, 2): None, (3, 4): None})
    assert LiveModel(prob, Settings("highs")).solve() == "infeasible"


def test_connect_never_settles_for_a_cycle():
    # two triangles: each alone is a cycle, only the bridge edge 3-4 joins them
    prob = new_problem("t")
    x = {e: var(prob, "x", *e) for e in ((1, 2), (2, 3), (1, 3), (4, 5), (5, 6), (4, 6), (3, 4))}
    prob += x[3, 4] == 0, "cut"
    connect(prob, [1, 2, 3, 4, 5, 6], x)
    assert LiveModel(prob, Settings("highs")).solve() == "infeasible"


def test_optional_nodes_connect_only_the_active_ones():
    def line(fixed: dict[int, int]) -> tuple[str, dict[int, pulp.LpVariable]]:
        prob = new_problem("t")
        b = {k: var(prob, "b", k) for k in range(1, 6)}
        for k, v in fixed.items():
            prob += b[k] == v, f"fix{k}"
        connect(prob, list(b), {(k, k + 1): None for k in range(1, 5)}, active=b, prefix="g")
        return LiveModel(prob, Settings("highs")).solve(), b

    status, b = line({1: 1, 5: 1})
    assert status == "solved" and [value(v) for v in b.values()] == [1, 1, 1, 1, 1]
    assert line({1: 1, 5: 1, 3: 0})[0] == "infeasible"
    assert line({1: 1, 2: 0, 3: 0, 4: 0, 5: 0})[0] == "solved"  # one active node
    assert line({k: 0 for k in range(1, 6)})[0] == "solved"  # none active


def test_two_uses_in_one_model_keep_apart():
    prob = new_problem("t")
    connect(prob, [1, 2], {(1, 2): None}, prefix="a")
    connect(prob, [(0, 0), (0, 1)], {((0, 0), (0, 1)): None}, prefix="b")
    names = {v.name for v in prob.variables()}
    assert {"aarc(1,2)", "aN(1)", "barc(0,0,0,1)", "bN(0,1)"} <= names
    assert LiveModel(prob, Settings("highs")).solve() == "solved"


# --- check my answer -------------------------------------------------------------------------


def test_check_reads_bridges_typed_by_hand(sample):
    from solver.check import check_sheet

    book = OpenpyxlBook(sample("archipelago"))
    ws = book.wb["archipelago"]
    typed = {"V": "|", "H": "-"}
    for r, row in enumerate(known_answer()):
        for c, x in enumerate(row):
            if x is not None:
                ws.cell(r + 1, c + 1).value = typed[x]
            elif puzzle().cells[r][c] is None:
                ws.cell(r + 1, c + 1).value = "・"  # open water
    res = check_sheet(book, "archipelago", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()


def test_check_names_a_bridge_that_runs_into_the_wrong_cell(sample):
    from solver.check import check_sheet

    book = OpenpyxlBook(sample("archipelago"))
    ws = book.wb["archipelago"]
    answer = known_answer()
    for r, row in enumerate(answer):
        for c, x in enumerate(row):
            if x is not None:
                ws.cell(r + 1, c + 1).value = {"V": "│", "H": "─"}[x]
    r, c = next((r, c) for r, row in enumerate(answer) for c, x in enumerate(row) if x == "V")
    ws.cell(r + 1, c + 1).value = "─"  # one cell of a vertical bridge turned
    res = check_sheet(book, "archipelago", Settings())
    assert res.verdict == "wrong" and res.completable is False
    # island 1, and A2, whose bridge now runs into it
    island_1 = ["A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2"]
    assert (r, c) == (1, 0) and res.problems == [
        ("A2's bridge goes left off the grid", ["A2"]),
        ("A3's bridge goes up into A2, which has no bridge back", ["A2", "A3"]),
        ("vertical bridge from A3 to A5 does not end at islands on both sides", ["A3", "A4", "A5"]),
        ("horizontal bridge at A2 does not end at islands on both sides", ["A2"]),
        ("the islands fall into 2 groups that no bridges join", island_1),
    ], res.record()
