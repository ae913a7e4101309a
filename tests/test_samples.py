"""Every genre's sample workbook through the whole house: on every back end and in both forms of
connectivity it solves to the known answer, uniquely; the `.lp` file alone gives it too; solving
twice gives the same sheet and Clear gives back the typed one; the xlwings adapter writes what
the openpyxl adapter writes.

A new genre is covered by its sample workbook (workbooks/<slug>.xlsx), its known answer
(tests/data/examples/<slug>.json) and an entry in EXPECTED saying how that answer reads as the
fields of the result record. What is the genre's own (its layout, its rules, how its answer is
drawn into the cells, its codec) stays in tests/test_<genre>.py.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, WORKBOOKS, example, glyph_segments
from test_addin import fake_from_xlsx

from addin.xlwings_book import XlwingsBook
from solver.blocks.geometry import STEPS, Cell
from solver.genres import all_genres
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import (
    DECIDED,
    FOUND,
    clear_sheet,
    make_lp,
    read_puzzle,
    read_solution,
    run_lp,
    solve_puzzle,
    solve_sheet,
)

DATA = EXAMPLES.parent
SLUGS = [g.slug for g in all_genres()]
HAS_LAZY = {g.slug: g.has_lazy for g in all_genres()}
DEDUCING = [g.slug for g in all_genres() if g.deduce is not None]
FORMS = ("complete", "lazy")

# --- the known answers, as the record's fields -----------------------------------------------

Segment = tuple[Cell, Cell]


def text_rows(slug: str, key: str = "solution_text") -> list[str]:
    return example(slug)[key].split("\n")


def lines(segments: set[Segment], n: int = 1) -> list[list[int]]:
    return sorted([*a, *b, n] for a, b in segments)


def glyph_lines(slug: str) -> dict[str, Any]:
    return {"lines": lines(glyph_segments(text_rows(slug)))}


def marked(rows: list[str], mark: str) -> list[list[int]]:
    return sorted([r, c] for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == mark)


def archipelago() -> dict[str, Any]:
    data = json.loads((DATA / "archipelago.json").read_text("utf-8"))

    def cell(t: str) -> int | str:
        return "" if t == "." else int(t) if t.isdigit() else t

    return {"cells": [[cell(t) for t in line.split()] for line in data["solution"]]}


def panorama() -> dict[str, Any]:
    data = json.loads((DATA / "panorama.json").read_text("utf-8"))
    rows = data["solution_text"]
    return {"numbers": [[None if t == "~" else int(t) for t in line.split()] for line in rows]}


def sudoku() -> dict[str, Any]:
    known = [[int(ch) for ch in line] for line in text_rows("sudoku")]
    return {"numbers": known, "cells": known}


def masyu() -> dict[str, Any]:
    pearl = {"o": "○", "*": "●"}
    puzzle, solution = text_rows("masyu", "puzzle_text"), text_rows("masyu")
    cells = [
        [pearl.get(p, s.replace(".", "")) for p, s in zip(prow, srow, strict=True)]
        for prow, srow in zip(puzzle, solution, strict=True)
    ]
    return {**glyph_lines("masyu"), "cells": cells}


def numberlink() -> dict[str, Any]:
    rows = text_rows("numberlink")
    cells = [[int(ch) if ch.isdigit() else ch for ch in row] for row in rows]
    return {**glyph_lines("numberlink"), "cells": cells}


def pipe_link() -> dict[str, Any]:
    return {**glyph_lines("pipe-link"), "cells": [list(row) for row in text_rows("pipe-link")]}


def yajilin() -> dict[str, Any]:
    return {**glyph_lines("yajilin"), "shaded": marked(text_rows("yajilin"), "#")}


def hashiwokakero() -> dict[str, Any]:
    """A bridge character joins its cell to both neighbours along the bridge."""
    across, down = {"-": 1, "=": 2}, {"|": 1, "H": 2}
    found = set()
    for r, row in enumerate(text_rows("hashiwokakero")):
        for c, ch in enumerate(row):
            if ch in across:
                found |= {(r, c - 1, r, c, across[ch]), (r, c, r, c + 1, across[ch])}
            elif ch in down:
                found |= {(r - 1, c, r, c, down[ch]), (r, c, r + 1, c, down[ch])}
    return {"lines": sorted(list(s) for s in found)}


def hotaru_beam() -> dict[str, Any]:
    """Points at even rows and columns of the text, '-' / '|' between them."""
    found = set()
    for i, line in enumerate(text_rows("hotaru-beam")):
        for j, ch in enumerate(line):
            if ch == "-":
                found.add(((i // 2, (j - 1) // 2), (i // 2, (j + 1) // 2)))
            elif ch == "|":
                found.add((((i - 1) // 2, j // 2), ((i + 1) // 2, j // 2)))
    return {"lines": lines(found)}


def slitherlink() -> dict[str, Any]:
    """'+' at every dot; '-' between two dots of an even line, '|' at a dot on an odd line."""
    edges = []
    for i, line in enumerate(text_rows("slitherlink")):
        for j, ch in enumerate(line):
            if i % 2 == 0 and j % 2 == 1 and ch == "-":
                edges.append([i // 2, j // 2, i // 2, j // 2 + 1])
            elif i % 2 == 1 and j % 2 == 0 and ch == "|":
                edges.append([i // 2, j // 2, i // 2 + 1, j // 2])
    return {"edges": sorted(edges)}


def wall_logic() -> dict[str, Any]:
    """Each arrow cell of the text joins the cell behind it (towards its number)."""
    arrow = {"↑": "U", "↓": "D", "←": "L", "→": "R"}
    found = set()
    for r, row in enumerate(text_rows("wall-logic")):
        for c, ch in enumerate(row):
            if ch in arrow:
                dr, dc = STEPS[arrow[ch]]
                found.add((min((r - dr, c - dc), (r, c)), max((r - dr, c - dc), (r, c))))
    return {"lines": lines(found)}


def akari() -> dict[str, Any]:
    """Lamps 'o'; walls '#' (a black cell, `■` on the sheet) and numbers stay."""
    puzzle, solution = text_rows("akari", "puzzle_text"), text_rows("akari")
    wall = {"#": "■", ".": ""}
    cells = [
        [
            int(p) if p.isdigit() else "○" if s == "o" else wall[p]
            for p, s in zip(pr, sr, strict=True)
        ]
        for pr, sr in zip(puzzle, solution, strict=True)
    ]
    return {"shaded": marked(solution, "o"), "cells": cells}


def nonogram() -> dict[str, Any]:
    """The solution's '#' cells, moved below the 2 clue rows and right of the 4 clue columns
    (the longest column and row clues of the sample)."""
    return {"shaded": [[r + 2, c + 4] for r, c in marked(text_rows("nonogram"), "#")]}


def shakashaka() -> dict[str, Any]:
    """Each triangle glyph names the corner of its right angle."""
    corner = {"◤": "TL", "◥": "TR", "◣": "BL", "◢": "BR"}
    rows = text_rows("shakashaka")
    found = [
        [r, c, corner[ch]] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in corner
    ]
    return {"triangles": sorted(found)}


def stained_glass() -> dict[str, Any]:
    """Every cell of a black piece ('#' in the solution, piece k labelled chr(65 + k) on the
    sheet of tests/data/stained-glass.json)."""
    black = {
        chr(65 + k) for k, ch in enumerate(example("stained-glass")["solution_text"]) if ch == "#"
    }
    sheet = json.loads((DATA / "stained-glass.json").read_text("utf-8"))["sheet"]
    return {
        "shaded": sorted(
            [r, c] for r, row in enumerate(sheet) for c, t in enumerate(row.split()) if t in black
        )
    }


def sukoro() -> dict[str, Any]:
    """A digit or '.' (no digit, null in the record; the cell stays empty)."""
    known = [[int(ch) if ch.isdigit() else None for ch in row] for row in text_rows("sukoro")]
    return {"numbers": known, "cells": [[d or "" for d in row] for row in known]}


def creek() -> dict[str, Any]:
    """The solution's '#' cells: the cells of the sheet from A1 (the puzzle's lattice points are
    one more row and column, clues in the cell below-right of their point)."""
    return {"shaded": marked(text_rows("creek"), "#")}


def digit_rows(slug: str) -> dict[str, Any]:
    """A solution of digits, one line a row (ripple-effect, inshi-no-heya, suguru, jigsaw-sudoku,
    killer-sudoku, kenken, fillomino)."""
    return {"numbers": [[int(ch) for ch in row] for row in text_rows(slug)]}


def sum_line() -> dict[str, Any]:
    """The solution's digits ('*' black), in the sheet's grid: the sums' row and column null."""
    rows = [[int(ch) if ch.isdigit() else None for ch in row] for row in text_rows("sum-line")]
    return {"numbers": [*[[*row, None] for row in rows], [None] * (len(rows[0]) + 1)]}


def number_skeleton() -> dict[str, Any]:
    """The solution's digits ('*' black), in the sheet's grid: the empty column and the list's
    two columns null."""
    rows = text_rows("number-skeleton")
    return {"numbers": [[int(ch) if ch.isdigit() else None for ch in row + "..."] for row in rows]}


def skeleton() -> dict[str, Any]:
    """The solution's letters ('*' black: null), in the sheet's grid: the empty column and the
    list's two columns null; with the black cells."""
    rows = text_rows("skeleton")
    cells = [[None if ch == "*" else ch for ch in row + "***"] for row in rows]
    return {"cells": cells, "black": marked(rows, "*")}


def kanaore() -> dict[str, Any]:
    """The solution's letters, in the sheet's grid: the empty column and the list's two
    columns null."""
    return {"cells": [[*row, None, None, None] for row in text_rows("kanaore")]}


def futoshiki() -> dict[str, Any]:
    """The digits, N x N; on the sheet every other cell, the signs between them stay ('A' is
    typed `∧`, 'V' `∨`)."""
    known = [[int(ch) for ch in line] for line in text_rows("futoshiki")]
    size = 2 * len(known) - 1
    sign = {" ": "", ".": "", "A": "∧", "V": "∨", "<": "<", ">": ">"}
    cells = [
        [known[r // 2][c // 2] if r % 2 == c % 2 == 0 else sign[ch] for c, ch in enumerate(row)]
        for r, row in enumerate(line.ljust(size) for line in text_rows("futoshiki", "puzzle_text"))
    ]
    return {"numbers": known, "cells": cells}


def kakuro() -> dict[str, Any]:
    """A digit per white cell; '*' (a clue or black cell) is null in the record."""
    known = [[int(ch) if ch.isdigit() else None for ch in row] for row in text_rows("kakuro")]
    return {"numbers": known}


def skyscrapers() -> dict[str, Any]:
    """The heights, N x N; on the sheet inside the frame of clues, which stay."""
    known = [[int(ch) for ch in line] for line in text_rows("skyscrapers")]
    n = len(known)
    frame = [line.ljust(n + 2) for line in text_rows("skyscrapers", "puzzle_text")]
    cells = [
        [
            known[r - 1][c - 1] if 0 < r <= n and 0 < c <= n else int(ch) if ch.isdigit() else ""
            for c, ch in enumerate(row)
        ]
        for r, row in enumerate(frame)
    ]
    return {"numbers": known, "cells": cells}


def alphametic() -> dict[str, Any]:
    """Each letter's digit (the solution's digit under each letter of the puzzle); the sheet:
    each word (or the rule line) in a cell, its number beside it."""
    puzzle, solution = text_rows("alphametic", "puzzle_text"), text_rows("alphametic")
    pairs = zip("".join(puzzle), "".join(solution), strict=True)
    letters = {ch: int(d) for ch, d in pairs if ch.isalpha()}
    cells = [
        [word.strip(), int(number) if number.strip().isdigit() else ""]
        for word, number in zip(puzzle, solution, strict=True)
    ]
    return {"letters": dict(sorted(letters.items())), "cells": cells}


def logic_grid() -> dict[str, Any]:
    """One row per item of the first group: the solution's lines, split into their items."""
    return {"groups": [line.split() for line in text_rows("logic-grid")]}


def satogaeri() -> dict[str, Any]:
    """The deck's drawing: `o` where a circle ends, an arrow on each cell a circle left or
    passed, pointing the way it went; each circle walks its arrows to the next `o`."""
    rows = text_rows("satogaeri")
    way = {"↑": (-1, 0), "↓": (1, 0), "←": (0, -1), "→": (0, 1)}
    moves, segments = [], set()
    for r, c, _ in example("satogaeri")["puzzle_extra"]["hint"]:
        here = (r, c)
        while rows[here[0]][here[1]] != "o":
            dr, dc = way[rows[here[0]][here[1]]]
            there = (here[0] + dr, here[1] + dc)
            segments.add((min(here, there), max(here, there)))
            here = there
        moves.append([r, c, *here])
    return {"lines": lines(segments), "moves": sorted(moves)}


def abc_place(solution: str | None = None) -> dict[str, Any]:
    """The letters ('.' empty: null), N x N; the example has 13 answers (`all_solutions`)."""
    rows = (solution or example("abc-place")["solution_text"]).split("\n")
    return {"letters": [[None if ch == "." else ch for ch in row] for row in rows]}


def lettered_regions(slug: str) -> dict[str, Any]:
    """Equal letters, one piece (shikaku's rectangles, fillmat's mats, block-puzzle's blocks,
    galaxies' regions);
    ids in reading order of first cells, as the letters are."""
    rows = text_rows(slug)
    order = {ch: k for k, ch in enumerate(dict.fromkeys("".join(rows)))}
    return {"regions": [[order[ch] for ch in row] for row in rows]}


EXPECTED: dict[str, Callable[[], dict[str, Any]]] = {
    "akari": akari,
    "archipelago": archipelago,
    "bomber": lambda: {"shaded": marked(text_rows("bomber"), "*")},
    "country-road": lambda: glyph_lines("country-road"),
    "hashiwokakero": hashiwokakero,
    "heyawake": lambda: {"shaded": marked(text_rows("heyawake"), "#")},
    "hitori": lambda: {"shaded": marked(text_rows("hitori"), "#")},
    "hotaru-beam": hotaru_beam,
    "icebarn": lambda: glyph_lines("icebarn"),
    "kurodoko": lambda: {"shaded": marked(text_rows("kurodoko"), "#")},
    "masyu": masyu,
    "nonogram": nonogram,
    "norinori": lambda: {"shaded": marked(text_rows("norinori"), "#")},
    "numberlink": numberlink,
    "paint-area": lambda: {"shaded": marked(text_rows("paint-area"), "#")},
    "nurikabe": lambda: {"shaded": marked(text_rows("nurikabe"), "#")},
    "panorama": panorama,
    "pipe-link": pipe_link,
    "shakashaka": shakashaka,
    "slitherlink": slitherlink,
    "stained-glass": stained_glass,
    "sudoku": sudoku,
    "tile-paint": lambda: {"shaded": marked(text_rows("tile-paint"), "#")},
    "wall-logic": wall_logic,
    "yajilin": yajilin,
    "sukoro": sukoro,
    "creek": creek,
    "ripple-effect": lambda: digit_rows("ripple-effect"),
    "suguru": lambda: digit_rows("suguru"),
    "inshi-no-heya": lambda: digit_rows("inshi-no-heya"),
    "jigsaw-sudoku": lambda: digit_rows("jigsaw-sudoku"),
    "killer-sudoku": lambda: digit_rows("killer-sudoku"),
    "kenken": lambda: digit_rows("kenken"),
    "sum-line": sum_line,
    "number-skeleton": number_skeleton,
    "skeleton": skeleton,
    "kanaore": kanaore,
    "kakuro": kakuro,
    "futoshiki": futoshiki,
    "skyscrapers": skyscrapers,
    "alphametic": alphametic,
    "logic-grid": logic_grid,
    "satogaeri": satogaeri,
    "shikaku": lambda: lettered_regions("shikaku"),
    "fillmat": lambda: lettered_regions("fillmat"),
    "block-puzzle": lambda: lettered_regions("block-puzzle"),
    "abc-place": abc_place,
    "hidato": lambda: {"numbers": [[int(t) for t in r.split()] for r in text_rows("hidato")]},
    "star-battle": lambda: {"shaded": marked(text_rows("star-battle"), "*")},
    "tents": lambda: {"tents": marked(text_rows("tents"), "A")},
    "binairo": lambda: digit_rows("binairo"),
    "ohno": lambda: {"shaded": marked(text_rows("ohno"), "R")},
    "lits": lambda: {"shaded": marked(text_rows("lits"), "#")},
    "battleship": lambda: {"shaded": marked(text_rows("battleship"), "#")},
    "chocona": lambda: {"shaded": marked(text_rows("chocona"), "#")},
    "yin-yang": lambda: {"shaded": marked(text_rows("yin-yang"), "#")},
    "aqre": lambda: {"shaded": marked(text_rows("aqre"), "#")},
    "fillomino": lambda: digit_rows("fillomino"),
    "galaxies": lambda: lettered_regions("galaxies"),
    "nurimisaki": lambda: {"shaded": marked(text_rows("nurimisaki"), "#")},
    "kurotto": lambda: {"shaded": marked(text_rows("kurotto"), "#")},
    "gokigen": lambda: {"diagonals": text_rows("gokigen")},
}

# the samples with several answers: every one of them, as fields of the record (the seed's
# abc-place example has 13)
SEVERAL: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "abc-place": lambda: [abc_place(s) for s in example("abc-place")["all_solutions"]],
    "star-battle": lambda: [
        {"shaded": marked(text.split("\n"), "*")}
        for text in example("star-battle")["all_solutions"]
    ],
}
UNIQUE = {slug: slug not in SEVERAL for slug in SLUGS}  # what the record's `unique` says


def expected(slug: str) -> dict[str, Any]:
    """The known answer of a genre's sample as fields of the result record."""
    return EXPECTED[slug]()


def assert_known_answer(slug: str, answer: dict[str, Any]) -> None:
    if slug in SEVERAL:
        assert any(all(answer[k] == v for k, v in want.items()) for want in SEVERAL[slug]())
        return
    for key, want in expected(slug).items():
        assert answer[key] == want, key


def test_every_genre_has_a_sample_and_a_known_answer():
    assert sorted(EXPECTED) == sorted(SLUGS)
    for slug in SLUGS:
        assert (WORKBOOKS / f"{slug}.xlsx").exists()
        assert expected(slug) and all(expected(slug).values())


# --- the sample, solved -----------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_sample_solves_to_the_known_answer(sample, slug, solver, form):
    """With the genre's deductions (the default), where it has them; where they decide the
    whole answer, or the genre's own search finds and proves it, no model is built (in
    neither form)."""
    res = solve_sheet(OpenpyxlBook(sample(slug)), slug, Settings(solver, connectivity=form))
    assert res.status == "solved", res.error
    assert res.unique is UNIQUE[slug]
    assert res.outcome is not None
    if res.outcome.note not in (DECIDED, FOUND):
        assert res.outcome.lazy is (form == "lazy" and HAS_LAZY[slug])
    assert res.outcome.violations == []
    assert_known_answer(slug, res.answer)
    assert (res.record()["deduced"] is not None) is (slug in DEDUCING)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("slug", DEDUCING)
@pytest.mark.slow
def test_sample_pure_mip_solves_to_the_known_answer(sample, slug, solver, form):
    """The genre's MIP alone (`--no-deduce`): the same answer, proved unique by the solver."""
    settings = Settings(solver, connectivity=form, deduce=False)
    res = solve_sheet(OpenpyxlBook(sample(slug)), slug, settings)
    assert res.status == "solved", res.error
    assert res.unique is UNIQUE[slug] and res.record()["deduced"] is None
    assert res.outcome is not None and res.outcome.note is None  # a solver searched
    assert res.outcome.violations == []
    assert_known_answer(slug, res.answer)


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize(
    ("slug", "deduced"), [(s, False) for s in SLUGS] + [(s, True) for s in DEDUCING]
)
@pytest.mark.slow
def test_lp_file_alone_gives_the_known_answer(sample, tmp_path, slug, deduced, solver):
    """Stage 1's file, the formulation alone or with the deductions' bounds (`lp --deduced`,
    for the genres that have deductions), solved by stage 2 and read back by stage 3."""
    path = sample(slug)
    lp, sol = tmp_path / f"{slug}.lp", tmp_path / f"{slug}.sol"
    make_lp(OpenpyxlBook(path), slug, lp, deduced=deduced)
    assert run_lp(lp, sol, Settings(solver)) == "solved"
    res = read_solution(OpenpyxlBook(path), slug, sol)
    assert res.status == "solved", res.error
    assert_known_answer(slug, res.answer)


@pytest.mark.parametrize("slug", DEDUCING)
def test_the_formulation_fixes_nothing_and_deduced_differs_in_bounds_alone(tmp_path, slug):
    """The default `.lp` is the genre's formulation: no answer variable fixed by its bounds (the
    givens enter as rows or as the absence of a variable). `lp --deduced` writes the same rows,
    with the deductions' fixings as bounds: its lines are the formulation's and the fixed
    values in the Bounds section. A genre whose deductions are an answer of its own search
    (hotaru-beam's SAT solver), not fixings, writes the formulation alone."""
    book = OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx")
    genre, _, puzzle = read_puzzle(book, slug)
    pure = genre.build(puzzle, lazy=False)
    assert not [v for v in pure.answer_vars if v.lowBound is not None and v.lowBound == v.upBound]
    plain, deduced = tmp_path / "plain.lp", tmp_path / "deduced.lp"
    make_lp(book, slug, plain)
    make_lp(book, slug, deduced, deduced=True)
    a = plain.read_text(encoding="utf-8").splitlines()
    b = deduced.read_text(encoding="utf-8").splitlines()
    bounds = b[b.index("Bounds") :]
    added = [line for line in b if line not in set(a)]
    assert genre.deduce is not None
    deductions = genre.deduce(puzzle, genre.tuning)
    if deductions.found is not None and not deductions.fixed and deductions.answers is None:
        assert b == a  # an answer to prove, nothing fixed
        return
    if not any(deductions.fixed.values()) and deductions.answers is None:
        # nothing holds in every answer that the deductions find (star battle's sample has
        # several answers, which its SAT solver finds, with no probing before it): no bounds
        pure = solve_puzzle(genre, puzzle, Settings(time_limit=60, deduce=False))
        assert pure.status == "solved" and pure.unique is False
        assert b == a
        return
    assert added and all(line in bounds and re.fullmatch(r" \S+ = [01]", line) for line in added)
    assert [line for line in b if line in set(a)] == a  # nothing removed or reordered


def test_deductions_do_not_depend_on_the_clock(tmp_path, monkeypatch):
    """Every budget counts work: with the clock crawling (a second passes between any two
    reads of it, as on a slow, loaded machine), `lp --deduced` writes the same bytes."""
    import time

    written = {}
    for run in ("idle", "crawling"):
        if run == "crawling":
            ticks = itertools.count()
            monkeypatch.setattr(time, "perf_counter", lambda ticks=ticks: float(next(ticks)))
        for slug in DEDUCING:
            out = tmp_path / f"{run}-{slug}.lp"
            make_lp(OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx"), slug, out, deduced=True)
            written[run, slug] = out.read_bytes()
    for slug in DEDUCING:
        assert written["idle", slug] == written["crawling", slug], slug


def test_lp_files_hold_the_connectivity():
    """The complete form is the one written: no genre's model leaves anything to cuts."""

    for g in all_genres():
        _, _, puzzle = read_puzzle(OpenpyxlBook(WORKBOOKS / f"{g.slug}.xlsx"), g.slug)
        assert g.build(puzzle, lazy=False).separators == []


# --- the sheet ----------------------------------------------------------------------------------


def look(path: Path, slug: str) -> dict[tuple[int, int], tuple]:
    """Every cell of the saved sheet: value, number format, font colour, fill, borders."""
    ws = OpenpyxlBook(path).wb[slug]

    def color(c: Any) -> str | None:
        return None if c is None or c.type != "rgb" else c.rgb[-6:]

    def borders(cell: Any) -> tuple:
        sides = (cell.border.left, cell.border.right, cell.border.top, cell.border.bottom)
        return tuple((s.style, color(s.color)) for s in sides)

    return {
        (c.row, c.column): (
            c.value,
            c.number_format,
            color(c.font.color),
            c.fill.fill_type and color(c.fill.fgColor),
            borders(c),
        )
        for row in ws.iter_rows()
        for c in row
    }


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.slow
def test_solving_twice_gives_the_same_sheet_and_clear_restores_it(sample, slug):
    path = sample(slug)
    typed = look(path, slug)
    shown = []
    for _ in range(2):
        book = OpenpyxlBook(path)
        res = solve_sheet(book, slug, Settings())
        assert res.status == "solved" and res.unique is UNIQUE[slug]
        book.save()
        shown.append(look(path, slug))
    assert shown[0] == shown[1] != typed  # the first answer is not read as givens
    book = OpenpyxlBook(path)
    assert clear_sheet(book, slug) > 0
    book.save()
    assert look(path, slug) == typed
    assert clear_sheet(OpenpyxlBook(path), slug) == 0


@pytest.mark.parametrize("slug", SLUGS)
def test_xlwings_and_openpyxl_give_the_same_answer(sample, tmp_path, slug):
    live = tmp_path / "live" / f"{slug}.xlsx"
    live.parent.mkdir()
    shutil.copy(WORKBOOKS / f"{slug}.xlsx", live)
    fake = fake_from_xlsx(live)
    via_xlwings = solve_sheet(XlwingsBook(fake), slug, Settings())
    book = OpenpyxlBook(sample(slug))
    via_openpyxl = solve_sheet(book, slug, Settings())
    assert via_xlwings.status == via_openpyxl.status == "solved"
    assert via_xlwings.answer == via_openpyxl.answer
    ws = book.wb[slug]
    shown = {
        (c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None
    }
    assert dict(fake.sheets[slug].cells) == pytest.approx(shown)
    formats = {
        (c.row, c.column): c.number_format
        for row in ws.iter_rows()
        for c in row
        if c.number_format != "General"
    }
    assert {rc: f for rc, f in fake.sheets[slug].fmt.items() if f != "General"} == formats


@pytest.mark.parametrize("slug", DEDUCING)
def test_an_answer_the_rules_decide_whole_is_the_models(slug):
    """Where a genre's deductions decide the whole answer (`Deductions.answer`), the pipeline
    builds no model: that answer is the one the deduced model holds, and the count of answer
    variables is the model's."""
    genre, _, puzzle = read_puzzle(OpenpyxlBook(WORKBOOKS / f"{slug}.xlsx"), slug)
    deductions = genre.deduce(puzzle, genre.tuning)
    m = genre.build(puzzle, deduce=True, deductions=deductions)
    if deductions.answer is None:
        assert m.deduced is not None
        return
    assert m.deduced == (deductions.answer_vars, deductions.answer_vars)
    for v in m.answer_vars:
        v.varValue = v.lowBound
    assert genre.decode(puzzle, m) == deductions.answer
