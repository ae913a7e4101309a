"""What a person solving by hand asks for: check my answer, give me a hint, what is forced.

All three work on what the sheet shows: the givens, and the answer filled in by hand (or by
solving, and then edited: it is the person's now), read back by the genre's `read_answer` as the
values of the model's answer variables it fixes. A genre adds nothing else: checking, marking,
hints and forced cells live here once, over the genre's `parse`, `model`, `decode`, `verify` and
`render`.

Check. The sheet's answer is read as complete (blank cells: no line, not shaded) and verified
from the rules: no broken rule is `correct`. Otherwise one solve with the person's entries fixed
says whether what is there can still be completed. For genres whose answer fills every free cell
(sudoku's digits) a blank cell is simply not done yet: the verdict is `incomplete` while any
is blank, and only the broken rules among filled cells are named. For the others (lines,
shading) a blank is an answer too ("no line here"): a sheet whose entries fit an answer is
`incomplete`, one whose entries fit none is `wrong`, with every rule it breaks. `empty` counts
the cells the nearest answer fills that the sheet leaves blank. An answer that breaks no rule is
`correct` only when the sheet shows it whole: a cell it fills that is blank (a line glyph erased
whose segments its neighbours still draw, a gap in a bridge) leaves it `incomplete`. The cells of
each broken rule are
marked (a red fill, recorded like every answer write, so Clear removes it; checking again
replaces the marks).

Lines are read strictly (`solver.io.drawn_lines`): a glyph's arm off the grid, into a clue, or
into a cell that does not draw it back is a broken rule of its own, named with both cells;
what is there then cannot be completed (no answer has both cells as they are). The rules the
answer as read breaks are named after those, each with the glyphs that draw a line into a cell
it names that shows none of its own (a branch at a pearl is marked with the glyphs around it).
An arm into a blank cell is a line not drawn yet. A sheet that fits no answer while the answer
as read breaks no rule is wrong by what the reading could not place (a wall inside a piece).

A genre whose answer is drawn on the cells' borders (slitherlink, `Genre.answer_on_borders`)
fills a cell by the lines on its sides: a cell is blank when no side shows a drawn line
(`solver.io.drawn_lines.drawn_sides`), whatever its value (a given); a hint goes to a cell that
shows only some of its forced sides too, and a cell contradicts a forced one when it shows a side
that is not among them.

Forced cells are what every answer agrees on (the "backbone", as cspuz's solver shows). Found by
solves: take an answer; ask for one that differs in at least one variable not yet seen to
differ; drop those that did; repeat until no such answer exists. On a puzzle with one answer that
is two solves (the answer and the proof that it is the only one). A cell is forced when the
forced variables alone render it as the answer does.

Hint: one forced cell the sheet does not show yet, next to what the person has filled in when
there is one; a filled cell that contradicts a forced one is pointed out instead.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import pulp

from solver import limits
from solver.blocks.names import a1, cell_name, one_line
from solver.blocks.violation import Violation, cells_of
from solver.genres import Genre, genre_for_sheet
from solver.io.drawn_lines import Misdrawn, drawn_sides, misdrawn
from solver.io.sheet import Book, Grid, InputError, read_grid
from solver.io.sheet.answer import CHECK, CellWrite, clear_answer, write_answer
from solver.limits import LONGER, OutOfTime
from solver.mip import backends
from solver.mip.model import Model
from solver.mip.settings import Settings, SolverError

Cell = tuple[int, int]


# --- reading what the sheet shows ------------------------------------------------------------


def read_shown(book: Book, sheet_name: str) -> tuple[Genre, Grid, Any]:
    """The sheet's genre, everything its grid shows, and the puzzle read from its givens (the
    cells that hold none of the genre's answer marks)."""
    genre = genre_for_sheet(sheet_name)
    if genre is None:
        raise InputError(sheet_name, "the sheet's name names no genre")
    if sheet_name not in book.sheet_names():
        raise InputError(sheet_name, f"no such sheet in {book.name}")
    if genre.read_answer is None:
        raise InputError(sheet_name, f"{genre.slug} cannot read an answer back yet")
    shown = read_grid(book.sheet(sheet_name))

    def answer(cell: Cell) -> bool:
        if genre.is_answer is not None:
            return genre.is_answer(shown, cell)
        v = shown[cell]
        return isinstance(v, str) and v.strip() in genre.answer_marks

    givens = Grid(
        shown.sheet,
        [
            [None if answer((r, c)) else v for c, v in enumerate(row)]
            for r, row in enumerate(shown.cells)
        ],
        shown.source,
    )
    return genre, shown, genre.parse(givens)


def _entries(
    genre: Genre, puzzle: Any, shown: Grid, m: Model
) -> tuple[dict[pulp.LpVariable, int | None], Misdrawn]:
    """The values the sheet's answer fixes, and what its reading found of the lines drawn
    (`solver.io.drawn_lines.Misdrawn`): the arms drawn from one side only (into a clue, off the
    grid, into a cell without the arm back), the arms every cell shows, and what the answer as
    read leaves out (a wall inside a piece)."""
    assert genre.read_answer is not None
    with misdrawn() as found:
        entries = genre.read_answer(puzzle, shown, m)
    return entries, found


def _as_shown(
    genre: Genre,
    puzzle: Any,
    m: Model,
    entries: dict[pulp.LpVariable, int | None],
    near: dict[str, int],
) -> Any:
    """The answer the sheet shows, blanks read as 'not there'; what the sheet cannot show
    (None entries) as in the nearest answer `near`."""
    for v in m.prob.variables():
        v.varValue = 0
    for v, value in entries.items():
        v.varValue = near.get(v.name, 0) if value is None else value
    return genre.decode(puzzle, m)


def _blank(shown: Grid, cell: Cell, genre: Genre | None = None) -> bool:
    """Whether a grid cell shows nothing: no value and no dark fill (or as the genre says)."""
    from solver.io.sheet import is_dark

    if genre is not None and genre.blank is not None:
        return genre.blank(shown, cell)
    if shown[cell] is not None:
        return False
    sheet = shown.source
    return sheet is None or not is_dark(sheet.get_style(cell[0] + 1, cell[1] + 1).fill_color)


@dataclass
class Shown:
    """What the sheet shows of an answer, cell by cell: the blank cells and, for a genre drawn
    on borders, each cell's drawn sides."""

    blank: set[Cell]
    sides: dict[Cell, frozenset[str]] | None  # None: the answer is not drawn on borders


def _shown(genre: Genre, shown: Grid) -> Shown:
    if genre.answer_on_borders:
        sides = drawn_sides(shown)
        return Shown({cell for cell in shown.positions() if cell not in sides}, sides)
    return Shown({cell for cell in shown.positions() if _blank(shown, cell, genre)}, None)


def _filled_by(writes: list[CellWrite]) -> set[Cell]:
    """The cells an answer's writes put something into (a value, a shade, a number format,
    lines on borders)."""
    return {
        (w.row, w.col)
        for w in writes
        if w.value is not None or w.shade or w.number_format or w.borders
    }


# --- solving with some variables fixed -------------------------------------------------------


def _solve(
    genre: Genre,
    puzzle: Any,
    settings: Settings,
    deadline: float | None,
    fixed: dict[str, int] | None = None,
    differ: dict[str, int] | None = None,
    m: Model | None = None,
) -> tuple[str, Model]:
    """Build and solve with the variables named in `fixed` fixed, and (differ) at least one of
    the variables named there taking another value; lazy rounds included. Status and model.
    m: search again in this model (its lazy cuts kept, its earlier `differ` row replaced)."""
    if m is None:
        m = genre.build(puzzle, settings.lazy, deduce=settings.deduce)
    by_name = {v.name: v for v in m.prob.variables()}
    for name, value in (fixed or {}).items():
        if name in by_name:
            by_name[name].lowBound = by_name[name].upBound = value
    improving, flips = None, None
    if differ:
        terms = [(by_name[n], x) for n, x in differ.items() if n in by_name]
        flips = pulp.lpSum(1 - v for v, x in terms if x == 1) + pulp.lpSum(
            v for v, x in terms if x == 0
        )
        m.prob.setObjective(-flips)  # the more variables one answer flips, the fewer solves
        improving = IMPROVING
    settings = settings.resolved(genre.tuning)
    live = backends.LiveModel(m.prob, settings, improving, m.violated if m.separators else None)
    if flips is not None:  # in this search only: the model keeps its cuts, not this row
        live.add(flips >= 1, "differ", keep=False)
    return live.solve_lazy(m.violated, deadline), m


IMPROVING = 1  # a backbone search takes the first answer found while steering by the flips:
# the objective keeps the solves few (a 7-given sudoku: 12, against 87 without it), and
# improving on each answer costs more than it saves


def _values(m: Model) -> dict[str, int]:
    return {v.name: round(v.varValue or 0) for v in m.answer_vars}


@dataclass
class Forced:
    """What every answer agrees on."""

    status: str  # solved | infeasible | timeout
    values: dict[str, int] = field(default_factory=dict)  # answer variable -> its forced value
    writes: list[CellWrite] = field(default_factory=list)  # the forced cells, as render writes
    answer: Any = None  # one answer
    answers: int = 0  # answers seen (2 or more: the puzzle has several)
    solves: int = 0


def forced(genre: Genre, puzzle: Any, settings: Settings, deadline: float | None) -> Forced:
    """The backbone: the answer variables every answer agrees on, and the cells they decide."""
    status, m = _solve(genre, puzzle, settings, deadline)
    out = Forced(status, solves=1)
    if status != "solved":
        return out
    out.answer = genre.decode(puzzle, m)
    out.answers = 1
    candidates = _values(m)
    while candidates:  # the lazy cuts learnt so far stay in the model
        status, m = _solve(genre, puzzle, settings, deadline, differ=candidates, m=m)
        out.solves += 1
        if status == "timeout":
            out.status = "timeout"
            return out
        if status != "solved":
            break
        out.answers += 1
        seen = _values(m)
        candidates = {n: x for n, x in candidates.items() if seen.get(n, x) == x}
    out.values = candidates
    out.writes = _forced_writes(genre, puzzle, m, candidates, out.answer)
    return out


def _forced_writes(
    genre: Genre, puzzle: Any, m: Model, values: dict[str, int], answer: Any
) -> list[CellWrite]:
    """The writes of the answer at the cells that the forced variables alone render the same."""
    for v in m.prob.variables():
        v.varValue = values.get(v.name, 0)
    partial = {(w.row, w.col): w for w in genre.render(puzzle, genre.decode(puzzle, m))}
    return [w for w in genre.render(puzzle, answer) if partial.get((w.row, w.col)) == w]


# --- check -----------------------------------------------------------------------------------


@dataclass
class CheckResult:
    book: str
    sheet: str
    genre: str | None
    verdict: str  # correct | wrong | incomplete | error
    problems: list[tuple[str, list[str]]] = field(default_factory=list)  # message, A1 cells
    empty: int = 0
    completable: bool | None = None
    error: str | None = None
    seconds: float = 0.0
    marks: list[CellWrite] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        return {
            "book": self.book,
            "sheet": self.sheet,
            "genre": self.genre,
            "verdict": self.verdict,
            "problems": [{"message": one_line(m), "cells": cells} for m, cells in self.problems],
            "empty": self.empty,
            "completable": self.completable,
            "error": one_line(self.error),
        }

    def summary(self) -> str:
        if self.verdict == "error":
            return f"error: {one_line(self.error)}"
        if self.verdict == "correct":
            return "correct: the answer is complete and breaks no rule"
        parts = [self.verdict]
        if self.verdict == "incomplete":
            cells = "cell is" if self.empty == 1 else "cells are"
            parts.append(f"{self.empty} {cells} still empty")
            parts.append(
                {
                    True: "what is there can be completed",
                    False: "what is there cannot be completed: something is wrong",
                    None: "whether it can be completed is unknown (time limit)",
                }[self.completable]
            )
        parts += [message for message, _ in self.problems[:20]]
        if len(self.problems) > 20:
            parts.append(f"and {len(self.problems) - 20} more problems")
        return one_line("; ".join(parts)) or ""


def check_sheet(book: Book, sheet_name: str, settings: Settings, mark: bool = True) -> CheckResult:
    """Check the answer the sheet shows; with mark=True the cells of each broken rule get a red
    fill (earlier marks are taken away first)."""
    start = time.perf_counter()
    deadline = settings.deadline()
    genre = genre_for_sheet(sheet_name)
    res = CheckResult(book.name, sheet_name, genre.slug if genre else None, "error")
    try:
        if sheet_name in book.sheet_names():
            clear_answer(book, sheet_name, kinds={CHECK})
        with limits.deadline(deadline):
            _check(book, sheet_name, settings, deadline, res)
        if mark and res.marks:
            write_answer(book, sheet_name, res.marks, kind=CHECK, add=True)
    except OutOfTime:
        res.verdict, res.error = "error", f"no verdict within the time limit; {LONGER}"
    except (InputError, SolverError) as exc:
        res.verdict, res.error = "error", str(exc)
    res.seconds = time.perf_counter() - start
    return res


def _check(
    book: Book, sheet_name: str, settings: Settings, deadline: float | None, res: CheckResult
) -> None:
    genre, shown, puzzle = read_shown(book, sheet_name)
    m = genre.build(puzzle, lazy=False, deduce=settings.deduce)
    entries, drawn = _entries(genre, puzzle, shown, m)
    one_sided = drawn.problems
    fixed = {v.name: x for v, x in entries.items() if x is not None}

    status, near = _solve(genre, puzzle, settings, deadline, fixed=fixed)
    res.completable = {"solved": True, "infeasible": False}.get(status)
    if one_sided:  # two cells that disagree on the line between them: no answer has both
        res.completable = False
    if status != "solved" and fixed:  # the nearest answer is then any answer
        status, near = _solve(genre, puzzle, settings, deadline)
    near_values = {v.name: round(v.varValue or 0) for v in near.prob.variables()}
    as_shown = _as_shown(genre, puzzle, m, entries, near_values)
    problems = [*one_sided, *map(drawn.drawn_into, genre.verify(puzzle, as_shown))]
    if not problems and res.completable is False:  # what the answer as read leaves out
        problems = drawn.unplaced or _unfit(entries, near_values)
    blank = _shown(genre, shown).blank
    lines = genre.answer_on_borders or bool(genre.answer_marks)  # a blank is an answer too
    if status == "solved":
        answer_writes = genre.render(puzzle, genre.decode(puzzle, near))
        fills = _filled_by(answer_writes)
        every_cell = not genre.answer_on_borders and blank <= fills  # fills every free cell
        res.empty = len(fills & blank)
    elif status == "infeasible" and not problems:
        raise InputError(sheet_name, "the puzzle has no answer: check the givens")
    else:
        every_cell = not lines
        res.empty = len(blank) if every_cell else 0

    # a valid answer that leaves cells blank (the lines into them drawn from their neighbours)
    unshown = _filled_by(genre.render(puzzle, as_shown)) & blank if not problems else set()
    if unshown:
        res.verdict = "incomplete"
        res.completable = True
        res.empty = len(unshown)
    elif not problems:
        res.verdict = "correct"
        res.completable = True
        res.empty = 0
    elif every_cell and res.empty:
        res.verdict = "incomplete"
        problems = [
            p for p in problems if p in one_sided or (cells_of(p) and not set(cells_of(p)) & blank)
        ]
    elif res.completable:
        res.verdict = "incomplete"
        problems = []
    else:
        res.verdict = "wrong"
    res.problems = [(str(p), [a1(r + 1, c + 1) for r, c in cells_of(p)]) for p in problems]
    inside = {(r, c) for r, c in shown.positions()}
    marked = sorted({cell for p in problems for cell in cells_of(p)} & inside)
    res.marks = [CellWrite(r, c, mark=True) for r, c in marked]


def _unfit(entries: dict[pulp.LpVariable, int | None], answer: dict[str, int]) -> list[Violation]:
    """The cells whose entries differ from an answer, each a problem: for a sheet that fits no
    answer although the answer as read breaks no rule, where the sheet shows what that answer
    leaves out (a second `●` on satogaeri's move, which its decoding of the lines ignores)."""
    cells = {
        cell
        for v, x in entries.items()
        if x is not None and answer.get(v.name, x) != x and (cell := _cell_of(v.name))
    }
    said = "does not fit the answer the rest of the sheet shows"
    return [Violation(f"{cell_name(cell)} {said}", [cell]) for cell in sorted(cells)]


# --- hints and forced cells ------------------------------------------------------------------


@dataclass
class HintResult:
    book: str
    sheet: str
    genre: str | None
    status: str  # hint | done | wrong | several | error  (several: with a hint, or none left)
    message: str = ""
    writes: list[CellWrite] = field(default_factory=list)
    answers: int = 0  # answers seen: 2 means the puzzle has more than one
    solves: int = 0
    seconds: float = 0.0
    error: str | None = None
    shown: list[list[Any]] = field(default_factory=list)  # the grid as the sheet showed it

    def record(self) -> dict[str, Any]:
        return {
            "book": self.book,
            "sheet": self.sheet,
            "genre": self.genre,
            "status": self.status,
            "message": one_line(self.message),
            "cells": [a1(w.row + 1, w.col + 1) for w in self.writes],
            "several_answers": self.answers > 1,
            "solves": self.solves,
            "seconds": round(self.seconds, 4),
            "error": one_line(self.error),
        }


SIDE_NAMES = {"T": "top", "B": "bottom", "L": "left", "R": "right"}


def _show(w: CellWrite) -> str:
    if w.borders and w.value is None:
        sides = [SIDE_NAMES[s] for s in w.borders]
        return "a line on its " + " and ".join(sides) + (" side" if len(sides) == 1 else " sides")
    return "shaded" if w.shade else str(w.value)


def hint_sheet(
    book: Book, sheet_name: str, settings: Settings, every: bool = False, write: bool = True
) -> HintResult:
    """One forced cell the sheet does not show yet, written into it (every=True: all of them,
    the `--forced` view). A filled cell that contradicts a forced one is named instead."""
    start = time.perf_counter()
    deadline = settings.deadline()
    genre = genre_for_sheet(sheet_name)
    res = HintResult(book.name, sheet_name, genre.slug if genre else None, "error")
    try:
        with limits.deadline(deadline):
            _hint(book, sheet_name, settings, deadline, every, res)
        if write and res.writes:
            kind = CHECK if res.status == "wrong" else ""  # a mark, not a hint
            if kind:
                clear_answer(book, sheet_name, kinds={CHECK})
            write_answer(book, sheet_name, res.writes, kind=kind, add=True)
    except OutOfTime:
        res.status, res.error = "error", f"no hint within the time limit; {LONGER}"
    except (InputError, SolverError) as exc:
        res.status, res.error = "error", str(exc)
    res.seconds = time.perf_counter() - start
    return res


def _hint(
    book: Book,
    sheet_name: str,
    settings: Settings,
    deadline: float | None,
    every: bool,
    res: HintResult,
) -> None:
    genre, shown, puzzle = read_shown(book, sheet_name)
    res.shown = [list(row) for row in shown.cells]
    found = forced(genre, puzzle, settings, deadline)
    res.answers, res.solves = found.answers, found.solves
    if found.status == "timeout":
        raise OutOfTime
    if found.status != "solved":
        raise InputError(
            sheet_name,
            "the puzzle has no answer: check the givens"
            + ("" if genre.answer_marks else " and what is filled in"),
        )
    several = " (the puzzle has more than one answer)" if found.answers > 1 else ""
    seen = _shown(genre, shown)
    m = genre.build(puzzle, lazy=False, deduce=settings.deduce)
    entries, drawn = _entries(genre, puzzle, shown, m)
    one_sided = drawn.problems
    inside = set(shown.positions())
    if one_sided:  # a line one cell draws and its neighbour does not: named as check names it
        res.status = "wrong"
        res.message = "; ".join(one_sided[:3]) + (
            f"; and {len(one_sided) - 3} more" if len(one_sided) > 3 else ""
        )
        marked = sorted({cell for p in one_sided for cell in cells_of(p)} & inside)
        res.writes = [CellWrite(r, c, mark=True) for r, c in marked]
        return
    against = {
        cell
        for v, x in entries.items()
        if x is not None and found.values.get(v.name, x) != x and (cell := _cell_of(v.name))
    }
    against |= {
        (w.row, w.col)
        for w in found.writes
        if (w.row, w.col) not in seen.blank and not _shows(shown, seen, w)
    }
    if against & inside:
        filled_in = {cell for cell in against & inside if cell not in seen.blank}
        wrong = sorted(filled_in or against & inside)
        res.status = "wrong"
        names = ", ".join(a1(r + 1, c + 1) for r, c in wrong[:8])
        res.message = (
            f"{names} {'does' if len(wrong) == 1 else 'do'} not fit: no answer has what "
            f"{'it shows' if len(wrong) == 1 else 'they show'} there{several}"
        )
        res.writes = [CellWrite(r, c, mark=True) for r, c in wrong]
        return
    todo = [w for w in found.writes if _missing(seen, w)]
    if not todo:
        res.status = "several" if found.answers > 1 else "done"
        res.message = (
            "every cell that all answers agree on is filled in; the puzzle has more than one "
            "answer, so the rest is your choice"
            if found.answers > 1
            else "nothing left to hint: every cell of the answer is filled in"
        )
        return
    res.status = "several" if found.answers > 1 else "hint"
    if every:
        res.writes = todo
        res.message = f"{len(todo)} cells that every answer agrees on{several}"
        return
    filled = [cell for cell in shown.positions() if cell not in seen.blank]
    done = [cell for cell in filled if _is_mark(genre, shown[cell]) or shown[cell] is None]
    near = done or filled  # next to what the person filled in, else next to the givens
    w = min(todo, key=lambda w: (_distance((w.row, w.col), near), w.row, w.col))
    res.writes = [w]
    res.message = f"{a1(w.row + 1, w.col + 1)}: {_show(w)}{several}"


def _shows(shown: Grid, seen: Shown, w: CellWrite) -> bool:
    """Whether the sheet already shows this write, or what it shows fits it: a shaded cell
    counts when shaded any way; a cell drawn on borders when its drawn sides are among the
    write's (a side may be missing where a neighbour was erased)."""
    v = shown[w.row, w.col]
    if seen.sides is not None and w.borders:
        return seen.sides.get((w.row, w.col), frozenset()) <= set(w.borders)
    if w.shade:
        return (w.row, w.col) not in seen.blank and not (isinstance(v, str) and v.strip() in "・.×")
    return w.value is None or v == w.value or (isinstance(v, str) and str(w.value) == v.strip())


def _is_mark(genre: Genre, value: object) -> bool:
    return isinstance(value, str) and value.strip() in genre.answer_marks


_INDEX = re.compile(r"\((\d+),(\d+)")


def _cell_of(name: str) -> Cell | None:
    """The cell a variable is about, from its seed-style name: b(3,4) -> (2, 3); a segment's
    variable names its first cell."""
    found = _INDEX.search(name)
    return (int(found[1]) - 1, int(found[2]) - 1) if found else None


def _missing(seen: Shown, w: CellWrite) -> bool:
    """Whether the sheet has yet to show this write: a blank cell, or a cell drawn on borders
    that shows only some of the write's sides (a line next to it was erased)."""
    if seen.sides is not None and w.borders:
        return seen.sides.get((w.row, w.col), frozenset()) < set(w.borders)
    return (w.row, w.col) in seen.blank


def _distance(cell: Cell, filled: list[Cell]) -> int:
    return min((abs(cell[0] - r) + abs(cell[1] - c) for r, c in filled), default=0)
