"""Galaxies: the layout of cells, sides and corners and its errors, the model on small cases in
both forms, the point-symmetry block, verify from the rules, the answer's glyphs read back,
pzprjs' test puzzle by URL with its answer, and published puzzles (janko.at, through
puzzlekit-dataset) solved to their answers. (The sample on every back end and through the .lp
file: tests/test_samples.py.)"""

from __future__ import annotations

import itertools
import json
import random

import openpyxl
import pytest

from solver import check
from solver.genres import galaxies, genre_by_slug
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import fill_sheet
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import solve_puzzle
from tests.conftest import EXAMPLES, example, lettered

GENRE = genre_by_slug("galaxies")
URL = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000"
# pzprjs test/script/tentaisho.js: the answer of its URL (the failcheck entry without an error,
# its borders), as region ids in reading order; E1 (id 2) is the black cell
PZPR_ANSWER = (
    (0, 1, 1, 1, 2),
    (3, 4, 5, 5, 6),
    (4, 4, 7, 7, 8),
    (4, 9, 10, 10, 10),
    (11, 9, 12, 12, 12),
)


def sheet_rows(text: list[str]) -> list[list[str | None]]:
    return [[None if ch == "." else ch for ch in row] for row in text]


def puzzle(text: list[str]) -> galaxies.Puzzle:
    return galaxies.parse(Grid("galaxies", sheet_rows(text)))


def test_the_layout_places_cells_sides_and_corners():
    # a 2 x 3 puzzle: a dot on the side between A1 and C1 (B1), one on the corner D2 of the cells
    # C1, E1, C3, E3, and one at the centre of A3
    p = puzzle(["○....", "...○.", "○...."])
    assert (p.rows, p.cols) == (2, 3)
    assert p.cells_of((0, 1)) == [(0, 0), (0, 1)] or sorted(p.cells_of((0, 1))) == [(0, 0), (0, 1)]
    assert sorted(p.cells_of((1, 3))) == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert p.cells_of((2, 0)) == [(1, 0)]
    assert p.mirror((0, 0), (1, 3)) == (1, 3)  # outside: A1 is no cell of the corner's region
    assert galaxies.to_cells(p)[1][3] == "○"


def test_layout_errors_name_the_cell():
    with pytest.raises(InputError, match="odd number of rows"):
        galaxies.parse(Grid("galaxies", [[None, None], [None, None]]))
    with pytest.raises(InputError, match=r"C1.*a dot.*found 5"):
        puzzle(["○.5", "...", "..."])
    with pytest.raises(InputError, match=r"B1.*two dots share the cell A1"):
        puzzle(["○○.", "...", "..."])
    # A1's mirror about the centre of C1 is E1, outside a 1 x 2 grid; no dot takes it
    with pytest.raises(InputError, match=r"A1.*no dot's region can take"):
        puzzle(["..○"])
    with pytest.raises(InputError, match=r"B1.*a dot on a black cell"):
        galaxies.parse(Grid("galaxies", [[None, "○", "■"]]))
    p = galaxies.parse(Grid("galaxies", [["●", None, "#"]]))
    assert p.black == frozenset({(0, 1)}) and p.filled == frozenset({(0, 0)})


@pytest.mark.parametrize("form", ["complete", "lazy"])
def test_the_model_solves_small_grids_in_both_forms(form):
    settings = Settings("highs", connectivity=form)
    # 2 x 3: the dot on the side B1 takes A1 and C1, the one at E1's centre E1 alone, the one
    # at C3's centre the bottom row
    p = puzzle([".○..○", ".....", "..○.."])
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "solved" and out.unique is True
    assert out.answer == ((0, 0, 1), (2, 2, 2))
    # one dot at the centre of a 3 x 3 grid: the whole grid
    p = puzzle([".....", ".....", "..○..", ".....", "....."])
    out = solve_puzzle(GENRE, p, settings)
    assert out.unique is True and out.answer == ((0, 0, 0), (0, 0, 0), (0, 0, 0))
    # 1 x 4, dots at the centres of A1 and E1: E1's region is C1:G1, or E1 alone with C1 and G1
    # left to no dot (C1's mirror about A1 is off the grid): one answer
    p = puzzle(["○...○.."])
    out = solve_puzzle(GENRE, p, settings)
    assert out.status == "solved" and out.unique is True and out.answer == ((0, 1, 1, 1),)
    # 2 x 2 with dots at the centres of A1 and C3: no dot sees C1 mirrored inside the grid
    p = galaxies.Puzzle(2, 2, ((0, 0), (2, 2)))
    assert galaxies.unfit(p) == (0, 1)


def test_regions_are_connected_not_only_symmetric():
    # a dot at the centre of the middle cell of a 1 x 5 strip, dots on the two cells beside it:
    # the middle region cannot take the ends (they would not hang together with it)
    p = puzzle(["○.○.○.○.○"])
    out = solve_puzzle(GENRE, p, Settings("highs", connectivity="lazy"))
    assert out.unique is True and out.answer == ((0, 1, 2, 3, 4),)
    cand = galaxies.candidates(p)
    assert cand[2] == ((0, 2),)


@pytest.mark.parametrize("solver", SOLVERS)
def test_the_sample_solves_to_its_known_answer(solver):
    p = puzzle(example("galaxies")["puzzle_text"].split("\n"))
    out = solve_puzzle(GENRE, p, Settings(solver))
    assert out.status == "solved" and out.unique is True
    assert out.answer == lettered(example("galaxies")["solution_text"].split("\n"))


def test_verify_names_each_broken_region():
    p = puzzle(example("galaxies")["puzzle_text"].split("\n"))
    good = [list(row) for row in PZPR_ANSWER]
    assert galaxies.verify(p, PZPR_ANSWER) == []
    merged = [list(row) for row in good]
    merged[0][0] = 1  # A1 joins B1's region: two dots, and A1's dot loses its own
    problems = galaxies.verify(p, tuple(map(tuple, merged)))
    assert any(v.startswith("the region from A1 holds 2 dots (A1, E1)") for v in problems), problems
    lopsided = [list(row) for row in good]
    lopsided[1][1] = 5  # C3 (cell (1,1)) joins the region of the dot at F3 (the side of E3:G3)
    problems = galaxies.verify(p, tuple(map(tuple, lopsided)))
    sym = next(v for v in problems if "not symmetric" in v)
    said = "the region of the dot at F3 is not symmetric about it: C3 has no mirror image in it"
    assert sym == said
    assert sym.cells == ((2, 2),)
    cut = [list(row) for row in good]
    cut[1][3] = 6  # the dot at F3 sits between E3 and G3; G3 moves to another region
    problems = galaxies.verify(p, tuple(map(tuple, cut)))
    assert any(v == "a wall runs through the dot at F3" for v in problems), problems


def test_pzprjs_test_url_round_trips_and_solves_to_its_answer():
    p = galaxies.from_url(parse_url(URL))
    assert galaxies.to_url(p) == URL
    assert p.black == frozenset({(0, 4)})
    assert len(p.dots) == 12 and (4, 5) in p.filled
    out = solve_puzzle(GENRE, p, Settings())
    assert out.status == "solved" and out.unique is True
    assert out.answer == PZPR_ANSWER
    with pytest.raises(UrlError):
        galaxies.from_url(parse_url("https://puzz.link/p?tentaisho/2/2/@"))


def test_the_answer_draws_walls_and_corners_and_reads_them_back(tmp_path):
    p = puzzle(example("galaxies")["puzzle_text"].split("\n"))
    writes = {(w.row, w.col): w.value for w in galaxies.render(p, PZPR_ANSWER)}
    assert writes[0, 1] == "│" and writes[1, 0] == "─" and writes[1, 1] == "┼"
    assert all((r + c) % 2 == 1 or (r % 2 and c % 2) for r, c in writes)
    # typed by hand: `|` and `-` in the side cells, `+` in the corners, one wall left out
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "galaxies"
    cells = sheet_rows(example("galaxies")["puzzle_text"].split("\n"))
    for (r, c), v in writes.items():
        cells[r][c] = ("|" if v == "│" else "-") if (r + c) % 2 == 1 else "+"
    cells[0][1] = None  # the wall between A1 and C1 not drawn yet
    fill_sheet(ws, cells)
    path = tmp_path / "typed.xlsx"
    wb.save(path)
    res = check.check_sheet(OpenpyxlBook(path), "galaxies", Settings())
    assert (res.verdict, res.completable) == ("incomplete", True), res.record()
    wb = openpyxl.load_workbook(path)
    wb.active.cell(1, 2).value = "|"
    wb.save(path)
    res = check.check_sheet(OpenpyxlBook(path), "galaxies", Settings())
    assert res.verdict == "correct", res.record()
    wb.active.cell(1, 6).value = "|"  # F1: a wall through the region of the dot at E1
    wb.save(path)
    res = check.check_sheet(OpenpyxlBook(path), "galaxies", Settings())
    assert res.verdict == "wrong", res.record()
    messages = dict(res.problems)
    assert messages["the region from G1 holds no dot"] == ["F1", "G1", "G2"], messages


PUBLISHED = json.loads((EXAMPLES.parent / "published" / "galaxies.json").read_text("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e["name"] for e in PUBLISHED])
def test_published_puzzles_solve_to_their_answers(entry):
    p = galaxies.parse(Grid("galaxies", entry["cells"]))
    out = solve_puzzle(GENRE, p, Settings(time_limit=120))
    assert out.status == "solved" and out.unique is True
    assert GENRE.record(p, out.answer) == entry["expected"]


def test_the_deductions_decide_the_sample_whole():
    """The sample's regions follow from the rules and probing alone: the pipeline needs no
    solver."""
    p = puzzle(example("galaxies")["puzzle_text"].split("\n"))
    d = galaxies.deduce(p, GENRE.tuning)
    assert d.answer == lettered(example("galaxies")["solution_text"].split("\n"))
    out = solve_puzzle(GENRE, p, Settings("highs"))
    assert out.status == "solved" and out.unique is True and out.answer == d.answer


def _answers(p: galaxies.Puzzle) -> list[dict[tuple[int, int], int]]:
    """Every answer of a tiny puzzle, by brute force over the dots of each cell (checked by
    `verify`): each cell's dot."""
    cells = [q for q in p.positions() if q not in p.black]
    can = galaxies.candidates(p)
    choices = [[k for k in range(len(p.dots)) if q in can[k]] for q in cells]
    found = []
    for pick in itertools.product(*choices):
        dots = dict(zip(cells, pick, strict=True))
        if any(dots.get(q) != k for k, dot in enumerate(p.dots) for q in p.cells_of(dot)):
            continue
        ids: dict[int, int] = {}
        regions_of = tuple(
            tuple(
                -1 if (r, c) in p.black else ids.setdefault(dots[r, c], len(ids))
                for c in range(p.cols)
            )
            for r in range(p.rows)
        )
        if not galaxies.verify(p, regions_of):
            found.append(dots)
    return found


def test_the_deductions_hold_in_every_answer():
    """On random small puzzles (a few dots on grids of 2 x 2 to 3 x 4 and 1 x 5 strips), what
    the deductions fix holds in every answer found by brute force, a puzzle with an answer is
    never taken for one without, and where they decide the whole answer it is the only one."""
    rng = random.Random(3)
    tried = decided = 0
    while tried < 150:
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (2, 4), (1, 5)])
        spots = [(i, j) for i in range(2 * rows - 1) for j in range(2 * cols - 1)]
        dots = tuple(sorted(rng.sample(spots, rng.randint(2, 5))))
        try:
            p = galaxies.Puzzle(rows, cols, dots)
            if galaxies.unfit(p) is not None or len({q for d in dots for q in p.cells_of(d)}) < sum(
                len(p.cells_of(d)) for d in dots
            ):
                continue
        except ValueError:
            continue
        tried += 1
        answers = _answers(p)
        d = galaxies.deduce(p, GENRE.tuning)
        assert not answers or d.fixed.get("x"), p
        for (q, k), v in d.fixed.get("x", {}).items():
            assert all((a[q] == k) == bool(v) for a in answers), (p, q, k, v)
        if d.answer is not None:
            decided += 1
            assert len(answers) == 1
    assert 10 < decided < tried
