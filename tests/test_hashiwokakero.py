"""Hashiwokakero: the sample in the workbook, its bridges in the cells, the .lp file's names;
verify, bad input, and a real puzz.link URL with pzprjs' own answer. (The sample on every back
end, in both forms, through the .lp file: tests/test_samples.py.)"""

from __future__ import annotations

import pytest
from conftest import example

from solver.cli import main
from solver.genres import hashiwokakero
from solver.genres.hashiwokakero import UNKNOWN, Puzzle
from solver.io.puzzlink import parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import make_lp, read_puzzle, solve_puzzle, solve_sheet

SLUG = "hashiwokakero"
HORIZONTAL = {"-": 1, "=": 2}
VERTICAL = {"|": 1, "H": 2}


def text_rows(key: str) -> list[str]:
    return example(SLUG)[key].split("\n")


def puzzle() -> Puzzle:
    return Puzzle(
        tuple(
            tuple(None if ch == "." else int(ch) for ch in row) for row in text_rows("puzzle_text")
        )
    )


def known_lines() -> list[list[int]]:
    """The unit segments of the known answer, read off the solution text: a bridge character
    joins its cell to both neighbours along the bridge."""
    rows = text_rows("solution_text")
    found = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in HORIZONTAL:
                found |= {(r, c - 1, r, c, HORIZONTAL[ch]), (r, c, r, c + 1, HORIZONTAL[ch])}
            elif ch in VERTICAL:
                found |= {(r - 1, c, r, c, VERTICAL[ch]), (r, c, r + 1, c, VERTICAL[ch])}
    return sorted(list(s) for s in found)


def known_answer() -> hashiwokakero.Answer:
    """The bridges of the solution text, island to island."""
    rows = text_rows("solution_text")
    found = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if not ch.isdigit():
                continue
            for (dr, dc), kinds in (((0, 1), HORIZONTAL), ((1, 0), VERTICAL)):
                rr, cc = r + dr, c + dc
                if rr < len(rows) and cc < len(row) and rows[rr][cc] in kinds:
                    n = kinds[rows[rr][cc]]
                    while rows[rr][cc] in kinds:
                        rr, cc = rr + dr, cc + dc
                    found.add(((r, c), (rr, cc), n))
    return frozenset(found)


# --- the sample ------------------------------------------------------------------------------


def test_workbook_holds_the_sample(sample):
    _, _, p = read_puzzle(OpenpyxlBook(sample(SLUG)), SLUG)
    assert p == puzzle()
    assert len(p.islands()) == 30


def test_sample_answer_in_the_cells(sample):
    """(The sample on every back end and in both forms: tests/test_samples.py.)"""
    book = OpenpyxlBook(sample(SLUG))
    res = solve_sheet(book, SLUG, Settings())
    assert res.status == "solved", res.error
    sheet = book.sheet(SLUG)
    assert sheet.get(1, 3) == "─" and sheet.get(1, 5) == "═"  # C1, E1
    assert sheet.get(2, 4) == "║" and sheet.get(3, 8) == "│"  # D2, H3
    assert sheet.get(1, 1) is None and sheet.get(1, 2) == 1  # water stays empty, islands keep
    assert {w.value for w in res.writes} == {"─", "═", "│", "║"}


def test_known_answer_is_valid_and_its_record_matches_the_text():
    assert hashiwokakero.verify(puzzle(), known_answer()) == []
    assert hashiwokakero.record(puzzle(), known_answer())["lines"] == known_lines()


def test_lp_file_names_like_the_seed(sample, tmp_path):
    lp = tmp_path / "h.lp"
    make_lp(OpenpyxlBook(sample(SLUG)), SLUG, lp)
    text = lp.read_text()
    assert "h1(1,2)" in text and "v2(1,2)" in text and "Flow(1,4)" in text and "f(1,2,1,4)" in text


def test_lazy_model_leaves_connectivity_to_cuts():
    lazy = hashiwokakero.model(puzzle(), lazy=True)
    complete = hashiwokakero.model(puzzle())
    assert lazy.separators and not complete.separators
    assert not any(v.name.startswith("f(") for v in lazy.prob.variables())
    assert any(v.name.startswith("f(") for v in complete.prob.variables())
    assert {v.name[:2] for v in complete.answer_vars} == {"h1", "h2", "v1", "v2"}


def test_connectivity_matters():
    # two 1-1 pairs, or a ring: without the all-connected rule the square has two answers
    p = Puzzle(((2, None, 2), (None, None, None), (2, None, 2)))
    for form in ("complete", "lazy"):
        out = solve_puzzle(hashiwokakero.GENRE, p, Settings(connectivity=form))
        assert out.status == "solved" and out.unique is True
        assert all(n == 1 for _, _, n in out.answer) and len(out.answer) == 4
    split = Puzzle(((1, None, 1), (None, None, None), (1, None, 1)))
    for form in ("complete", "lazy"):
        out = solve_puzzle(hashiwokakero.GENRE, split, Settings(connectivity=form))
        assert out.status == "infeasible"


def test_unknown_islands_and_adjacent_islands():
    # ? takes whatever it needs; islands side by side may be bridged
    p = Puzzle(((2, UNKNOWN, None, 1),))
    out = solve_puzzle(hashiwokakero.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == {((0, 0), (0, 1), 2), ((0, 1), (0, 3), 1)}
    assert hashiwokakero.record(p, out.answer)["lines"] == [
        [0, 0, 0, 1, 2],
        [0, 1, 0, 2, 1],
        [0, 2, 0, 3, 1],
    ]
    assert [w.value for w in hashiwokakero.render(p, out.answer)] == ["─"]


# --- verify ----------------------------------------------------------------------------------


def test_verify_rejects_broken_answers():
    p, a = puzzle(), known_answer()
    top = ((0, 3), (0, 5), 2)  # 5 = 3 on row 1
    assert top in a
    # a double made single: two islands miscount
    problems = hashiwokakero.verify(p, (a - {top}) | {((0, 3), (0, 5), 1)})
    assert len(problems) == 2 and all("bridges" in s for s in problems)
    # a bridge taken away: miscounts (and nothing else breaks)
    assert hashiwokakero.verify(p, a - {top})
    # a bridge across another one: B4 to E4 passes D4, where the double 8 ║ 2 runs
    crossing = a | {((3, 1), (3, 4), 1)}
    assert any("cross" in s for s in hashiwokakero.verify(p, crossing))
    # a bridge over an island, a bent one, three lines
    assert any("over the island" in s for s in hashiwokakero.verify(p, a | {((0, 1), (0, 5), 1)}))
    assert any("not straight" in s for s in hashiwokakero.verify(p, a | {((0, 1), (3, 4), 1)}))
    assert any("not 1 or 2" in s for s in hashiwokakero.verify(p, a | {((0, 1), (0, 3), 3)}))
    assert any("join two islands" in s for s in hashiwokakero.verify(p, a | {((0, 0), (0, 1), 1)}))


def test_verify_rejects_disconnected_islands():
    p = Puzzle(((1, None, 1), (None, None, None), (1, None, 1)))
    split = frozenset({((0, 0), (0, 2), 1), ((2, 0), (2, 2), 1)})
    assert hashiwokakero.verify(p, split) == ["the islands fall into 2 groups that no bridges join"]


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad, message", [(9, "found 9"), (0, "found 0"), ("x", "found 'x'")])
def test_bad_island_names_the_cell(bad, message):
    with pytest.raises(InputError, match=message) as err:
        hashiwokakero.parse(Grid(SLUG, [[1, None, None], [None, None, bad]]))
    assert f"sheet '{SLUG}' cell C2" in str(err.value)


def test_unknown_spellings_and_an_empty_grid():
    p = hashiwokakero.parse(Grid(SLUG, [["?", None, "○"], ["o", None, 2]]))
    assert p.cells == ((UNKNOWN, None, UNKNOWN), (UNKNOWN, None, 2))
    with pytest.raises(InputError, match="no islands"):
        hashiwokakero.parse(Grid(SLUG, [[None, None], [None, None]]))


# --- puzz.link -------------------------------------------------------------------------------

# pzprjs test/script/hashikake.js: the URL and, as its last failcheck entry, the accepted answer
URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
PZPR_HORIZONTAL = "2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2"
PZPR_VERTICAL = "2 0 0 0 0 /2 2 0 0 1 /1 2 0 -1 1 /1 0 0 -1 1"


def test_from_url_reads_pzprjs_sample_and_solves_to_its_answer():
    p = hashiwokakero.from_url(parse_url(URL))
    assert hashiwokakero.GENRE.to_cells(p) == [
        [4, None, 2, None, None],
        [None, 3, None, None, 2],
        [3, None, None, None, None],
        [None, 3, None, 1, None],
        [3, None, 4, None, 3],
    ]
    expected = []
    for r, row in enumerate(PZPR_HORIZONTAL.split("/")):
        for c, n in enumerate(row.split()):
            if int(n) > 0:
                expected.append([r, c, r, c + 1, int(n)])
    for r, row in enumerate(PZPR_VERTICAL.split("/")):
        for c, n in enumerate(row.split()):
            if int(n) > 0:
                expected.append([r, c, r + 1, c, int(n)])
    out = solve_puzzle(hashiwokakero.GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert hashiwokakero.record(p, out.answer)["lines"] == sorted(expected)
    unknown = hashiwokakero.from_url(parse_url("https://puzz.link/p?hashi/3/1/.g2"))
    assert unknown.cells == ((UNKNOWN, None, 2),)


def test_import_and_solve_through_the_cli(tmp_path):
    out = tmp_path / "book.xlsx"
    assert main(["import", URL, "-o", str(out), "--solve"]) == 0
    ws = OpenpyxlBook(out).wb[SLUG]
    assert ws["A1"].value == 4 and ws["B1"].value == "═" and ws["A2"].value == "║"
    assert ws["F6"].value is not None  # the sentinel


# --- check my answer -------------------------------------------------------------------------

ASCII = {"─": "-", "═": "=", "│": "|", "║": "||"}


def solved_by_hand(sample) -> tuple[OpenpyxlBook, list]:
    """The sample with its answer typed as a person would, in ASCII (the solver finds it, then
    it is cleared and typed back)."""
    from solver.pipeline import clear_sheet

    book = OpenpyxlBook(sample("hashiwokakero"))
    writes = solve_sheet(book, "hashiwokakero", Settings()).writes
    clear_sheet(book, "hashiwokakero")
    for w in writes:
        book.wb["hashiwokakero"].cell(w.row + 1, w.col + 1).value = ASCII[w.value]
    return book, writes


def test_check_reads_bridges_typed_in_ascii(sample):
    from solver.check import check_sheet

    book, _ = solved_by_hand(sample)
    res = check_sheet(book, "hashiwokakero", Settings())
    assert (res.verdict, res.problems) == ("correct", []), res.record()


def test_check_names_an_island_with_a_bridge_too_few(sample):
    from solver.blocks.names import a1
    from solver.check import check_sheet
    from solver.io.sheet.answer import MARK_FILL

    book, writes = solved_by_hand(sample)
    double = next(w for w in writes if w.value == "═")
    ws = book.wb["hashiwokakero"]
    ws.cell(double.row + 1, double.col + 1).value = "-"  # the double bridge shown single once
    res = check_sheet(book, "hashiwokakero", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert (a1(double.row + 1, double.col + 1)) == "E1"  # between the 5 at D1 and the 3 at F1
    assert res.problems == [  # an island with the bridge glyphs next to it
        ("the island 5 at D1 has 4 bridges", ["C1", "D1", "E1", "D2"]),
        ("the island 3 at F1 has 2 bridges", ["E1", "F1", "G1"]),
    ]
    assert ws["D1"].fill.fgColor.rgb.endswith(MARK_FILL)


def all_answers(p: Puzzle) -> set[hashiwokakero.Answer]:
    """Every answer of a small puzzle, by trying every count on every pair."""
    import itertools

    pairs = p.pairs()
    found = set()
    for counts in itertools.product((0, 1, 2), repeat=len(pairs)):
        a = frozenset((q.a, q.b, n) for q, n in zip(pairs, counts, strict=True) if n)
        if not hashiwokakero.verify(p, a):
            found.add(a)
    return found


def random_puzzles(count: int, seed: int = 7):
    """Small grids of islands, their numbers from random bridges (so some have no answer, some
    one, some several), now and then a number not given."""
    import random

    rng = random.Random(seed)
    made = 0
    while made < count:
        size = rng.choice((3, 4))
        cells = rng.sample([(r, c) for r in range(size) for c in range(size)], rng.randint(3, 6))
        grid = [[None] * size for _ in range(size)]
        for cell in cells:
            grid[cell[0]][cell[1]] = 0
        p = Puzzle(tuple(tuple(row) for row in grid))
        if not 1 <= len(p.pairs()) <= 8:
            continue
        counts = {cell: 0 for cell in cells}
        for q in p.pairs():
            n = rng.choice((0, 1, 2))
            counts[q.a] += n
            counts[q.b] += n
        for (r, c), n in counts.items():
            grid[r][c] = UNKNOWN if rng.random() < 0.15 else n
        if any(v == 0 for row in grid for v in row):
            continue
        made += 1
        yield Puzzle(tuple(tuple(row) for row in grid))


@pytest.mark.slow
def test_deductions_hold_in_every_answer():
    """The bridges' rules and probing (solver.deduce.bridges) fix only what every answer has:
    over random small puzzles with no answer, one or several, each fixing holds in every
    answer, and the answer they decide is the only one."""
    seen = {"none": 0, "one": 0, "several": 0}
    for p in random_puzzles(150):
        answers = all_answers(p)
        seen[{0: "none", 1: "one"}.get(len(answers), "several")] += 1
        d = hashiwokakero.deduce(p, hashiwokakero.GENRE.tuning)
        for a in answers:
            n = {(x, y): k for x, y, k in a}
            for key, v in d.fixed.get("one", {}).items():
                assert v == int(n.get(key, 0) >= 1), (p, a, key)
            for key, v in d.fixed.get("two", {}).items():
                assert v == int(n.get(key, 0) == 2), (p, a, key)
        if d.answer is not None:
            assert answers == {d.answer}, p
    assert min(seen.values()) >= 10, seen


def test_deductions_decide_the_sample_and_keep_its_answer():
    d = hashiwokakero.deduce(puzzle(), hashiwokakero.GENRE.tuning)
    assert d.answer == known_answer()
