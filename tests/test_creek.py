"""Creek: the sample in the workbook (clues on the points, one point per sheet cell), shading in
the cells, verify from the rules, bad input, the creek codec with pzprjs' own test puzzle, and
check my answer on a hand-typed sheet. (The sample on every back end and form, through the .lp
file: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from solver import check
from solver.blocks.cells import check_connected
from solver.cli import main
from solver.deduce import probing, shade_logic
from solver.genres import creek
from solver.genres.creek import Puzzle
from solver.io.puzzlink import UNKNOWN, parse_url
from solver.io.sheet import Grid, InputError, is_dark
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import (
    ROOT,
    assert_search_exact,
    every_shading_answer,
    example,
    shading_tally,
)

EX = example("creek")


def known_puzzle() -> Puzzle:
    rows = EX["puzzle_text"].split("\n")
    return Puzzle(tuple(tuple(int(ch) if ch.isdigit() else None for ch in row) for row in rows))


KNOWN = frozenset(
    (r, c)
    for r, row in enumerate(EX["solution_text"].split("\n"))
    for c, ch in enumerate(row)
    if ch == "#"
)


def test_workbook_holds_the_example(sample):
    _, grid, p = read_puzzle(OpenpyxlBook(sample("creek")), "creek")
    assert p == known_puzzle() and p.size() == (5, 5) and (grid.rows, grid.cols) == (6, 6)


def test_sample_shades_the_cells_and_keeps_the_clues(sample):
    book = OpenpyxlBook(sample("creek"))
    res = solve_sheet(book, "creek", Settings())
    assert res.status == "solved" and res.unique is True
    ws = book.sheet("creek")
    dark = {
        (r, c) for r in range(6) for c in range(6) if is_dark(ws.get_style(r + 1, c + 1).fill_color)
    }
    assert dark == KNOWN
    assert ws.get(1, 5) == 1  # the clue at E1 (the top-left corner of E1) stays on its fill
    assert ws.get(2, 2) == "■"  # B2: no clue there


def test_verify_accepts_the_known_answer_and_names_each_broken_rule():
    p = known_puzzle()
    assert creek.verify(p, KNOWN) == []
    # E1 unshaded: the 1 typed in E1 counts D1 and E1 only (the row above is off the grid)
    less = creek.verify(p, KNOWN - {(0, 4)})
    assert ("the 1 at E1 has 0 shaded cells around it", ((0, 3), (0, 4))) in [
        (str(v), v.cells) for v in less
    ]
    # A1 shaded: the 0 at A2 sees it
    more = creek.verify(p, KNOWN | {(0, 0)})
    assert "the 0 at A2 has 1 shaded cells around it" in more
    # C4 and C5 shaded: C3, and D4 with E4, are cut off from the other unshaded cells
    cut = creek.verify(p, KNOWN | {(3, 2), (4, 2)})
    assert any("the unshaded cells fall apart" in v for v in cut)
    assert all(v.cells for v in less + more + cut)


def test_an_unknown_clue_counts_nothing():
    p = Puzzle(((UNKNOWN, None, None), (None, 3, None), (None, None, None)))
    assert creek.verify(p, frozenset({(0, 0), (0, 1), (1, 0)})) == []
    out = solve_puzzle(creek.GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is False  # any three of the four cells


def test_bad_input_names_the_cell(sample):
    book = OpenpyxlBook(sample("creek"))
    book.sheet("creek").put(2, 2, 5)
    with pytest.raises(InputError, match=r"sheet 'creek' cell B2: .*found 5"):
        read_puzzle(book, "creek")
    book = OpenpyxlBook(sample("creek"))
    book.sheet("creek").put(1, 1, 2)  # the corner point A1 touches one cell
    with pytest.raises(InputError, match=r"sheet 'creek' cell A1: .*touches 1 cells.*clue 2"):
        read_puzzle(book, "creek")
    book = OpenpyxlBook(sample("creek"))
    book.sheet("creek").put(6, 3, 3)  # C6, a point on the bottom border, touches two
    with pytest.raises(InputError, match=r"sheet 'creek' cell C6: .*touches 2 cells"):
        read_puzzle(book, "creek")
    book = OpenpyxlBook(sample("creek"))
    for r in range(1, 7):
        for c in range(1, 7):
            book.sheet("creek").put(r, c, None)
    with pytest.raises(InputError, match="sheet 'creek': no clue"):
        read_puzzle(book, "creek")


URL = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"  # pzprjs test/script/creek.js
# its answer there: '#' shaded, '+' marked unshaded
PZPR_ANSWER = [
    ". + + + + .",
    ". # # # # +",
    ". + + + # +",
    "# # # + # +",
    ". # # # # +",
    ". . + + + +",
]


def test_puzzlink_url_and_pzprjs_answer():
    p = creek.from_url(parse_url(URL))
    assert p.size() == (6, 6)
    assert p.clues() == {
        (0, 1): 0, (0, 5): 0, (1, 4): 2, (2, 2): 2, (2, 3): 2, (3, 0): 1, (3, 3): 1,
        (3, 5): 2, (4, 0): 1, (4, 2): 4, (4, 4): 3,
    }  # fmt: skip
    out = solve_puzzle(creek.GENRE, p, Settings("highs"))
    want = {
        (r, c) for r, row in enumerate(PZPR_ANSWER) for c, t in enumerate(row.split()) if t == "#"
    }
    assert out.status == "solved" and out.unique is True and out.answer == want
    assert creek.from_url(parse_url("https://puzz.link/p?creek/2/1/.bh")).cells == (
        (UNKNOWN, 1, None),
        (None, None, None),
    )
    old = creek.from_url(parse_url("https://puzz.link/p?creek/d/2/1/1..2"))  # one per point
    assert old.cells == ((1, None, None), (2, None, None))


def test_import_url_and_solve(tmp_path):
    book = tmp_path / "creek.xlsx"
    assert main(["import", URL, "-o", str(book), "--solve"]) == 0
    assert solve_sheet(OpenpyxlBook(book), "creek", Settings()).status == "solved"


def test_check_a_hand_typed_answer(sample):
    """Cells shaded by hand with `#` (a clue cell by its fill), one marked `・`: right, then
    wrong."""
    from openpyxl.styles import PatternFill

    path = sample("creek")
    book = OpenpyxlBook(path)
    ws = book.wb["creek"]
    for r, c in sorted(KNOWN):
        cell = ws.cell(r + 1, c + 1)
        if cell.value is None:
            cell.value = "#"
        else:
            cell.fill = PatternFill("solid", fgColor="FF404040")  # E1 holds the clue 1
    ws["A1"] = "・"
    res = check.check_sheet(book, "creek", Settings())
    assert res.verdict == "correct", res.record()
    ws["A1"] = "#"  # A1 shaded: the 0 typed in A2 sees it
    res = check.check_sheet(book, "creek", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert ("the 0 at A2 has 1 shaded cells around it", ["A1", "A2"]) in res.problems


def random_creek(rng: random.Random) -> Puzzle:
    """Mostly clues read off a random shading, on some of the points; else random clues."""
    rows, cols = rng.choice(((2, 3), (3, 3), (3, 4)))
    points = list(itertools.product(range(rows + 1), range(cols + 1)))
    shaded = {q for q in itertools.product(range(rows), range(cols)) if rng.random() < 0.4}
    cells: list[list[int | None]] = [[None] * (cols + 1) for _ in range(rows + 1)]
    probe = Puzzle(tuple(map(tuple, cells)))
    for i, j in rng.sample(points, rng.randint(2, len(points) // 2)):
        near = probe.around((i, j))
        count = sum(q in shaded for q in near)
        cells[i][j] = count if rng.random() < 0.8 else rng.randint(0, len(near))
    return Puzzle(tuple(map(tuple, cells)))


def creek_deduce(p: Puzzle, work: int = 10**6, search: int = 0) -> tuple | None:
    """The rules and probing within `work`, then the learning search within `search`."""
    known = shade_logic.deduce(lambda: creek.deduction_board(p), work, everywhere=True)
    if known is not None and search:
        known = creek.learned(p, known, search)
    return known


def planted_creek(rng: random.Random, rows: int, cols: int, share: float) -> Puzzle:
    """Clues read off a shading whose unshaded cells are connected (half the cells tried in a
    random order, each shaded where the rest stay connected), on `share` of the points."""
    squares = list(itertools.product(range(rows), range(cols)))
    rng.shuffle(squares)
    shaded: set[tuple[int, int]] = set()
    for q in squares[: rows * cols // 2]:
        if not check_connected(set(squares) - shaded - {q}, "the unshaded cells"):
            shaded.add(q)
    cells: list[list[int | None]] = [[None] * (cols + 1) for _ in range(rows + 1)]
    blank = Puzzle(tuple(map(tuple, cells)))
    for i, j in itertools.product(range(rows + 1), range(cols + 1)):
        if rng.random() < share:
            cells[i][j] = sum(q in shaded for q in blank.around((i, j)))
    return Puzzle(tuple(map(tuple, cells)))


@pytest.mark.parametrize("seed", (3, 6))
def test_probing_again_only_near_a_change_decides_as_much_for_less_work(seed):
    """Probing as creek's Tuning runs it (`probe_radius`: a cell probed again only once a cell
    near it is decided) ends where probing every cell again ends, for less work (the grid's
    cells once a probe), on a 10 x 10 grid with clues on half the points."""
    p = planted_creek(random.Random(seed), 10, 10, 0.5)
    ends = []
    for radius in (None, creek.GENRE.tuning.probe_radius):
        board = creek.deduction_board(p)
        board.propagate()
        ends.append((board.state, probing.probe(board, 10**9, True, None, radius)))
    (everywhere, spent), (near, spent_near) = ends
    assert near == everywhere and everywhere.count(probing.UNKNOWN) > 20
    assert spent_near < spent


@pytest.mark.slow
def test_what_the_deductions_decide_holds_in_every_answer():
    """Brute force over small grids: the clues' counts and the connection of the unshaded
    cells (shade_logic's board whose shaded cells may touch) decide only what every answer
    holds, and the learning search decides a grid whole exactly where it has one answer."""
    rng = random.Random(2)
    puzzles = [random_creek(rng) for _ in range(80)]
    squares = lambda p: p.squares()  # noqa: E731
    decided, contradictions, solvable = shading_tally(puzzles, creek_deduce, creek.verify, squares)
    assert decided > 150 and contradictions > 5 and solvable > 30
    assert_search_exact(puzzles, creek_deduce, creek.verify, squares)


@pytest.mark.parametrize("sat_work", (0, 10**7), ids=("learning", "sat"))
def test_the_search_alone_finds_every_answer_of_small_grids(sat_work: int):
    """Without the rules' deductions or probing, the search over the clues' sums and the
    connection of the unshaded cells (`creek.learned`: the learning search's and the SAT
    solver's) against every shading: no answer exactly where there is none, the grid decided
    whole (to that answer) exactly where there is one."""
    rng = random.Random(8)
    puzzles = [random_creek(rng) for _ in range(40)]
    tally = Counter()
    for p in puzzles:
        answers = every_shading_answer(p, creek.verify, p.squares())
        known = creek.learned(p, (set(), set()), 10**6, sat_work)
        assert (known is None) == (not answers), p
        if known is not None:
            whole = len(known[0]) + len(known[1]) == len(p.squares())
            assert whole == (len(answers) == 1), p
            assert not whole or answers == [frozenset(known[0])]
        tally[min(len(answers), 2)] += 1
    assert tally[0] > 5 and tally[1] > 5 and tally[2] > 5


PUBLISHED = json.loads((ROOT / "tests/data/published/creek.json").read_text("utf-8"))


def _published(entry: dict) -> Puzzle:
    return creek.parse(Grid("creek", entry["cells"]))


@pytest.mark.parametrize(
    "entry",
    [pytest.param(e, marks=[pytest.mark.slow] * (e["rows"] > 10)) for e in PUBLISHED],
    ids=lambda e: e["name"],
)
def test_the_search_after_probing_decides_what_probing_leaves(entry):
    """On these published puzzles the rules and probing leave cells open (440_29x41: 356 of
    its 1,189); the SAT solver ends within the tuning's work with the one answer, the
    published one, so the pipeline runs no solver."""
    p = _published(entry)
    want = {tuple(cell) for cell in entry["expected"]["shaded"]}
    tuning = creek.GENRE.tuning
    rows, cols = p.size()
    probed = shade_logic.deduce_tuned(lambda: creek.deduction_board(p), rows, cols, tuning)
    assert probed is not None and len(probed[0]) + len(probed[1]) < rows * cols
    d = creek.deduce(p, tuning)
    assert len(d.fixed["b"]) == rows * cols
    assert d.answer == frozenset(want)
    solved = solve_puzzle(creek.GENRE, p, Settings())
    assert solved.unique is True and solved.answer == frozenset(want)


def rules_only(p: Puzzle) -> tuple | None:
    """What the board's rules decide, without probing or search."""
    return shade_logic.deduce(lambda: creek.deduction_board(p), 0)


def test_two_clues_sharing_cells_decide_their_other_cells():
    """A 3 and a 1 side by side share two cells, which hold at most one shaded cell (the 1's):
    the 3's other two cells are shaded, though neither clue alone decides a cell."""
    cells = [[None] * 4 for _ in range(4)]
    cells[1][1], cells[1][2] = 3, 1
    known = rules_only(Puzzle(tuple(map(tuple, cells))))
    assert known is not None and {(0, 0), (1, 0)} <= known[0]
    cells[1][2] = None
    assert rules_only(Puzzle(tuple(map(tuple, cells)))) == (set(), set())


@pytest.mark.slow
def test_the_rules_on_dense_clues_hold_in_every_answer():
    """Brute force over small grids with clues on most points (many neighbouring pairs): what
    the rules alone decide holds in every answer, and where they find a contradiction there
    is no answer."""
    rng = random.Random(5)
    decided = 0
    for _ in range(150):
        rows, cols = rng.choice(((2, 3), (3, 3), (3, 4)))
        shaded = {q for q in itertools.product(range(rows), range(cols)) if rng.random() < 0.5}
        cells: list[list[int | None]] = [[None] * (cols + 1) for _ in range(rows + 1)]
        probe = Puzzle(tuple(map(tuple, cells)))
        for i, j in itertools.product(range(rows + 1), range(cols + 1)):
            if rng.random() < 0.6:
                near = probe.around((i, j))
                count = sum(q in shaded for q in near)
                cells[i][j] = count if rng.random() < 0.9 else rng.randint(0, len(near))
        p = Puzzle(tuple(map(tuple, cells)))
        answers = every_shading_answer(p, creek.verify, p.squares())
        known = rules_only(p)
        if known is None:
            assert not answers, p
            continue
        decided += len(known[0]) + len(known[1])
        for answer in answers:
            assert known[0] <= answer and not known[1] & answer, p
    assert decided > 150


def test_groups_that_each_hold_an_unshaded_cell_are_joined_before_one_is_known():
    """A row of five cells, a 1 over the first two and a 1 over the last two: each pair holds
    an unshaded cell, though no cell is known unshaded, and the middle cell shaded would part
    them, so the rules alone leave it unshaded."""
    cells: list[list[int | None]] = [[None] * 6 for _ in range(2)]
    cells[0][1], cells[0][4] = 1, 1
    known = rules_only(Puzzle(tuple(map(tuple, cells))))
    assert known is not None and (0, 2) in known[1]
    answers = every_shading_answer(
        Puzzle(tuple(map(tuple, cells))), creek.verify, [(0, c) for c in range(5)]
    )
    assert all((0, 2) not in shaded for shaded in answers)


# --- minimal answers first, then detours (Model.minimal, Model.detour) -----------------------


def clues_of(rows: int, cols: int, shaded: set, blank: set = frozenset()) -> Puzzle:
    """The clues a shading gives on every point, but the `blank` points."""
    cells: list[list[int | None]] = [[None] * (cols + 1) for _ in range(rows + 1)]
    probe = Puzzle(tuple(map(tuple, cells)))
    for i, j in itertools.product(range(rows + 1), range(cols + 1)):
        if (i, j) not in blank:
            cells[i][j] = sum(q in shaded for q in probe.around((i, j)))
    return Puzzle(tuple(map(tuple, cells)))


@pytest.mark.parametrize("deduce", (False, True))
def test_a_cell_no_clue_counts_that_could_be_shaded_is_not_unique(deduce):
    # a 0 on the first cell of a row of three; the last cell may be shaded or not
    p = Puzzle(((0, None, None, None), (None, None, None, None)))
    assert p.uncounted() == [(0, 1), (0, 2)]
    assert len(every_shading_answer(p, creek.verify, p.squares())) == 3
    m = creek.GENRE.build(p, lazy=False, deduce=False)
    assert any(name.startswith("Walled(") for _, name in m.minimal)
    out = solve_puzzle(creek.GENRE, p, Settings(deduce=deduce))
    assert out.status == "solved" and out.unique is False and out.differ == [(0, 2)]
    # the minimal answer, and its detour: the leaf shaded (the middle cell parts the others)
    assert out.answer == frozenset() and creek.detour(p, frozenset()) == {(0, 2)}
    ends = Puzzle(((0, None, None, 0), (None, None, None, None)))  # a 0 on both end cells
    assert creek.detour(ends, frozenset()) is None  # shaded, B1 would part A1 and C1
    # the one unshaded cell shaded: no unshaded cell left, which counts as connected
    one = Puzzle(((1, None, None), (None, None, None)))
    assert creek.detour(one, frozenset({(0, 0)})) == {(0, 0), (0, 1)}


@pytest.mark.parametrize("deduce", (False, True))
def test_a_walled_in_cell_that_no_clue_counts_is_shaded(deduce):
    """The only answer shades a cell that no clue counts: shaded all round, it cannot be
    unshaded (it would lie apart from the unshaded column on the right)."""
    ring = {(r, c) for r in range(3) for c in range(3)}
    p = clues_of(3, 4, ring, blank={(1, 1), (1, 2), (2, 1), (2, 2)})
    assert p.uncounted() == [(1, 1)]
    assert every_shading_answer(p, creek.verify, p.squares()) == [ring]
    out = solve_puzzle(creek.GENRE, p, Settings(deduce=deduce))
    assert out.status == "solved" and out.unique is True and out.answer == ring


@pytest.mark.slow
def test_uniqueness_with_minimal_answers_agrees_with_trying_every_shading():
    """The model's search for minimal answers, then the detour, against every answer by
    brute force on random small grids: no answer, one, and more alike, the model alone."""
    rng = random.Random(11)
    verdicts = []
    for _ in range(120):
        p = random_creek(rng)
        answers = every_shading_answer(p, creek.verify, p.squares())
        out = solve_puzzle(creek.GENRE, p, Settings(deduce=False))
        if not answers:
            assert out.status == "infeasible", p
            verdicts.append(None)
            continue
        assert out.status == "solved" and not out.violations and out.answer in answers, p
        assert out.unique is (len(answers) == 1), p
        verdicts.append(out.unique)
    assert all(verdicts.count(v) >= 5 for v in (True, False, None)), verdicts
