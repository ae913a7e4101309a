"""Shared test helpers: the sample workbooks, the known answers in tests/data/examples (a copy of
the seeds' examples, so that the tests need nothing beside the repository)."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest

import solver.demand  # noqa: F401  # first: openpyxl then loads as a run loads it

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"
EXAMPLES = ROOT / "tests" / "data" / "examples"
# Seconds a slow, busy machine may add to a deadline before a test calls it missed. The faults
# these tests guard against cost minutes (a solver or a loop that ignores the deadline), so the
# bound stays far from the time a quiet machine takes: a test asserts behaviour, not speed.
SLACK = 10.0


def glyph_segments(drawing: str | list[str]) -> frozenset[tuple[tuple[int, int], tuple[int, int]]]:
    """The centre-to-centre segments of a drawing in box glyphs (rows, or text with a row a
    line; '.' no line), lower cell first; an arm off the board leads to the cell just outside."""
    from solver.blocks.geometry import step
    from solver.io.drawn_lines import ARMS

    rows = drawing.split("\n") if isinstance(drawing, str) else drawing
    found = set()
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            for side in ARMS.get(ch, ()):
                q = step((r, c), side)
                found.add((min((r, c), q), max((r, c), q)))
    return frozenset(found)


def numberlink_answers(p, most: int = 2) -> list[frozenset]:
    """Up to `most` answers of a numberlink puzzle (`numberlink.Puzzle`), by trying every path
    of every line in turn (tiny grids only): each answer its segments, lower cell first."""
    from solver.blocks.geometry import neighbours

    ends, numbers, found = list(p.ends().values()), p.numbers(), []

    def route(k: int, taken: set, segments: frozenset) -> None:
        if len(found) >= most:
            return
        if k == len(ends):
            found.append(segments)
            return
        start, goal = ends[k]

        def walk(cell, path: list, segs: frozenset) -> None:
            for n in neighbours(p.rows, p.cols, *cell):
                seg = frozenset(segs | {tuple(sorted((cell, n)))})
                if n == goal:
                    route(k + 1, taken | set(path) | {n}, seg)
                elif n not in taken and n not in numbers and n not in path:
                    walk(n, [*path, n], seg)

        walk(start, [start], segments)

    route(0, set(numbers), frozenset())
    return found


def icebarn_answers(p, most: int = 2) -> list[frozenset]:
    """Up to `most` answers of an icebarn puzzle (`icebarn.Puzzle`), by walking every path from
    IN (tiny grids only): a cell that is not ice at most once, an ice cell straight on and at
    most once each way, never against an arrow; a path that leaves by OUT having crossed every
    arrow and passed every group of ice (or every ice cell, the notebook's rule) is an answer,
    its segments lower cell first (the doors' included)."""
    from solver.blocks.geometry import STEPS

    ice, (_, inside), (last, outside) = p.ice(), p.entrance, p.exit
    groups = [[cell] for cell in sorted(ice)] if p.all_ice else p.ice_groups()
    found: list[frozenset] = []

    def walk(cell, heading: str, taken: frozenset, path: list) -> None:
        if len(found) >= most:
            return
        if cell == outside:
            crossed = set(itertools.pairwise(path))
            passed = {c for c, _ in taken if c in ice}
            if p.arrows <= crossed and all(passed & set(g) for g in groups):
                found.append(frozenset(tuple(sorted(s)) for s in crossed))
            return
        for d in [heading] if cell in ice else list(STEPS):
            n = (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1])
            if n == outside and cell != last:
                continue
            if n != outside and not (0 <= n[0] < p.rows and 0 <= n[1] < p.cols):
                continue
            use = (n, "H" if d in "LR" else "V") if n in ice else (n, "")
            if (n, cell) in p.arrows or use in taken:
                continue
            walk(n, d, taken | {use}, [*path, n])

    first = p.entrance[0]
    heading = next(d for d, (dr, dc) in STEPS.items() if (first[0] + dr, first[1] + dc) == inside)
    start = (inside, "H" if heading in "LR" else "V") if inside in ice else (inside, "")
    walk(inside, heading, frozenset({start}), [first, inside])
    return found


def every_shading_answer(p, verify, free) -> list[frozenset]:
    """Every answer, by trying each shading of the `free` cells (`verify` the genre's rules)."""
    found = []
    for bits in itertools.product((0, 1), repeat=len(free)):
        shaded = frozenset(cell for cell, bit in zip(free, bits, strict=True) if bit)
        if not verify(p, shaded):
            found.append(shaded)
    return found


def shading_tally(puzzles, deduce, verify, free) -> tuple[int, int, int]:
    """What a shading genre's `deduce` (nurikabe's islands, shade_logic) decides holds in every
    answer of each puzzle, found by trying every shading of its `free` cells (no answer where
    it finds a contradiction); the free cells decided, the contradictions and the puzzles with
    answers."""
    decided = contradictions = solvable = 0
    for p in puzzles:
        cells = free(p)
        found = every_shading_answer(p, verify, cells)
        known = deduce(p, work=10**9)
        if known is None:
            assert found == [], p
            contradictions += 1
            continue
        shaded, unshaded = known
        assert not shaded & unshaded
        solvable += bool(found)
        for answer in found:
            assert shaded <= answer and not unshaded & answer, p
        decided += len((shaded | unshaded) & set(cells))
    return decided, contradictions, solvable


def assert_search_exact(puzzles, deduce, verify, free) -> None:
    """A shading genre's deductions with their search (`deduce(p, search=...)`), against every
    answer of each puzzle found by trying every shading of its `free` cells: no answer exactly
    where there is none, and the free cells decided whole exactly where there is one answer,
    that one."""
    for p in puzzles:
        cells = free(p)
        answers = every_shading_answer(p, verify, cells)
        known = deduce(p, search=10**6)
        assert (known is None) == (not answers), p
        if known:
            whole = set(cells) <= known[0] | known[1]
            assert whole == (len(answers) == 1), p
            assert not whole or answers == [frozenset(known[0])]


def search_tally(puzzles, deduce, verify, free) -> dict[str, int]:
    """A deductions' search (`solver.deduce.probing.search`) is exact on each puzzle, against every
    shading of its `free` cells (`verify` the genre's rules): `deduce(p)` decides the grid whole
    exactly where there is one answer (and then that answer) and returns None exactly where
    there is none. The puzzles counted by their answers: unique, none, more."""
    tally = {"unique": 0, "none": 0, "more": 0}
    for p in puzzles:
        answers = every_shading_answer(p, verify, free(p))
        known = deduce(p)
        if not answers:
            assert known is None, p
            tally["none"] += 1
            continue
        shaded, unshaded = known
        whole = len(shaded) + len(unshaded) == p.rows * p.cols
        assert whole == (len(answers) == 1), p
        if whole:
            assert answers == [frozenset(shaded)]
        tally["unique" if whole else "more"] += 1
    return tally


def example(slug: str) -> dict:
    """The known puzzle and answer of a genre (tests/data/examples/<slug>.json)."""
    return json.loads((EXAMPLES / f"{slug}.json").read_text(encoding="utf-8"))


@pytest.fixture
def sample(tmp_path: Path):
    """Copy of a sample workbook in a temporary folder: sample('bomber') -> Path."""

    def copy(slug: str, suffix: str = ".xlsx") -> Path:
        target = tmp_path / f"{slug}{suffix}"
        shutil.copy(WORKBOOKS / f"{slug}{suffix}", target)
        return target

    return copy


@pytest.fixture
def books(tmp_path: Path, sample) -> Path:
    """A folder "in" holding copies of the bomber and sudoku samples."""
    folder = tmp_path / "in"
    folder.mkdir()
    for slug in ("bomber", "sudoku"):
        shutil.move(sample(slug), folder / f"{slug}.xlsx")
    return folder


def type_by_hand(ws, drawing: str | list[str]) -> list[tuple[int, int]]:
    """Type a drawn answer into the empty cells of an openpyxl sheet as a person would: `-` and
    `|` for straight lines, box glyphs for the corners (and `┼`), `#` for a shaded cell; other
    characters (the givens in the drawing, '.') are skipped, and a cell holding a value keeps
    it. Returns the 0-based cells typed into."""
    from solver.io.drawn_lines import ARMS

    typed = []
    rows = drawing.split("\n") if isinstance(drawing, str) else drawing
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            cell = ws.cell(r + 1, c + 1)
            if (ch in ARMS or ch == "#") and cell.value is None:
                cell.value = {"─": "-", "│": "|"}.get(ch, ch)
                typed.append((r, c))
    return typed


def type_shading(book, sheet: str, rows: list[str], shaded: str = "#", mark: str = "#") -> None:
    """Type a shading by hand into a sheet (an OpenpyxlBook): `mark` into every cell that the
    rows show as `shaded` (rows of characters, one per cell, as in the examples' solutions)."""
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == shaded:
                book.sheet(sheet).put(r + 1, c + 1, mark)


def lettered(rows: list[str]) -> tuple[tuple[int, ...], ...]:
    """A division written as letters (equal letters, one piece: shikaku's rectangles, fillmat's
    mats) as the ids of the record's `regions`, in reading order of first cells."""
    order = {ch: k for k, ch in enumerate(dict.fromkeys("".join(rows)))}
    return tuple(tuple(order[ch] for ch in row) for row in rows)


def draw_walls_by_hand(ws, division, rows: int, cols: int, style: str = "medium") -> None:
    """Draw a division's walls as a person does with Excel's border tool: each wall once, on
    the cell left of or above it, black, over thin grid lines; no frame (the grid's edge needs
    no line)."""
    from openpyxl.styles import Border, Side

    from solver.blocks.regions import region_walls

    thin = Side(style="thin")
    for row in ws.iter_rows(min_row=1, max_row=rows, max_col=cols):
        for cell in row:
            cell.border = Border(top=thin, bottom=thin, left=thin, right=thin)
    for (r, c), (rr, _) in sorted(region_walls(division)):
        cell = ws.cell(r + 1, c + 1)
        sides = {n: getattr(cell.border, n) for n in ("top", "bottom", "left", "right")}
        sides["right" if rr == r else "bottom"] = Side(style=style, color="000000")
        cell.border = Border(**sides)


def verdicts_own_and_plain(
    monkeypatch, genre_module, cut: str, puzzles: list, solver: str, deduce: bool = True
):
    """The uniqueness verdicts (`Outcome.unique`) of these puzzles with the genre's own
    uniqueness cut, then with the plain no-good over every answer variable (the module's
    `cut`, the function that makes `Model.no_good`, made to give None). `deduce`: False where
    the genre's deductions would prove the answers without a model."""
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    settings = Settings(solver, 60, deduce=deduce)

    def verdicts() -> list:
        return [
            solve_puzzle(genre_module.GENRE, p, settings, check_unique=True).unique for p in puzzles
        ]

    own = verdicts()
    monkeypatch.setattr(genre_module, cut, lambda x: None)
    return own, verdicts()
