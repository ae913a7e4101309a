"""The data path, end to end, for one sheet: read, parse, model, solve, decode, verify, write.

The CLI, the Excel add-in and the tests all call these functions; nothing here knows whether the
book is an openpyxl file or a live Excel workbook.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pulp

from solver import limits, progress
from solver.blocks.names import a1, one_line
from solver.deduce import Deductions
from solver.genres import Genre, genre_for_sheet
from solver.io.sheet import Book, Grid, InputError, Style, check_unmerged, is_dark, read_grid
from solver.io.sheet.answer import (
    SHADE_FILL,
    SHADE_GLYPH,
    CellWrite,
    clear_answer,
    explain_stray_answer,
    fills_before_answer,
    recorded_answer,
    write_answer,
)
from solver.limits import LONGER, OutOfTime
from solver.mip import backends, stage_files
from solver.mip.model import Model, is_fixed
from solver.mip.settings import Settings, SolverError

if TYPE_CHECKING:
    from solver.conflict import Conflict

# the outcome's note where the deductions fixed every answer variable before the search (`_decided`)
DECIDED = "the rules decided every cell; no solver search was needed"
# ... and where the genre's own search found the answer and decided its uniqueness (`_found_answer`)
FOUND = "the genre's own search found the answer and decided its uniqueness; no model was built"


@dataclass
class Outcome:
    """Solving one puzzle: status, answer, uniqueness and where the time went."""

    status: str
    answer: Any = None
    unique: bool | None = None
    differ: list[tuple[int, int]] = field(default_factory=list)  # cells a second answer changes
    deduce_seconds: float = 0.0  # the genre's deductions (`deduce`), before the build
    build_seconds: float = 0.0  # the model (the deductions' seconds included)
    solve_seconds: float = 0.0  # to the answer (in a search that goes on to the proof: to the
    # moment it found the answer)
    unique_seconds: float = 0.0  # the uniqueness proof after it (or the rest of that search)
    violations: list[str] = field(default_factory=list)
    lazy: bool = False  # built with lazy connectivity cuts
    rounds: int = 0  # solves, counting every re-solve after lazy cuts and the uniqueness one
    cuts: int = 0  # lazy cuts added (both: in the last attempt, see `reinforced`)
    note: str | None = None  # why uniqueness is unknown, when it is
    reinforced: bool = False  # started again with the model's reinforcements (Model.reinforce)
    switched: str | None = None  # the back end that started again (Tuning.switch_to), if one did
    guessed: bool = False  # the answer came from a guess: the model's (its search took it) or
    # the genre's own search's (`Deductions.found`)
    deduced: tuple[int, int] | None = None  # answer variables the deductions fixed, of all
    out_of_budget: bool = False  # a first attempt's solves used up its nodes (`_attempts`)


def solve_puzzle(
    genre: Genre,
    puzzle: Any,
    settings: Settings,
    check_unique: bool = True,
    deadline: float | None = None,
) -> Outcome:
    """The puzzle solved (`_solve_puzzle`); where it has no answer and its genre knows a
    published variant with looser rules (`Genre.looser`: binairo's lines that may repeat), the
    variant solved by the same deadline, its answer given with the genre's note."""
    if deadline is None:
        deadline = settings.deadline()
    out = _solve_puzzle(genre, puzzle, settings, check_unique, deadline)
    looser = genre.looser(puzzle) if out.status == "infeasible" and genre.looser else None
    if looser is None:
        return out
    again = _solve_puzzle(genre, looser, settings, check_unique, deadline)
    if again.status != "solved" or again.violations:
        _spent_also(out, again)
        return out
    _spent_also(again, out)
    again.note = "; ".join(filter(None, [genre.looser_note, again.note]))
    return again


def _spent_also(out: Outcome, other: Outcome) -> None:
    """Add another solve's seconds to each step of `out`: the record's timings then hold the
    whole time of the sheet (the puzzle under its rules, then under the looser ones)."""
    out.deduce_seconds += other.deduce_seconds
    out.build_seconds += other.build_seconds
    out.solve_seconds += other.solve_seconds
    out.unique_seconds += other.unique_seconds


def _solve_puzzle(
    genre: Genre,
    puzzle: Any,
    settings: Settings,
    check_unique: bool = True,
    deadline: float | None = None,
) -> Outcome:
    """Build, solve, decode, verify and check uniqueness, all by one deadline (a
    `time.perf_counter()` value; default: the settings' time limit from now). A model with
    reinforcements (`Model.reinforcements`) is first tried without them for the genre's
    `Tuning.reinforce_after` branch-and-bound nodes; where that attempt uses them up (no
    answer, or no proof), a second attempt on a new model with the reinforcements runs by the
    deadline (the outcome's solve seconds count both attempts). So does a genre with another
    back end to switch to (`Tuning.switch_to`, where the back end is left to the genre), after
    `Tuning.switch_after` nodes on its own, on that back end, with the lazy cuts found. The
    budgets count work, not seconds: a sheet takes the same route on every machine."""
    t0 = time.perf_counter()
    switch = settings.switched(genre.tuning)
    settings = settings.resolved(genre.tuning)
    if deadline is None:
        deadline = settings.deadline()
    with limits.deadline(deadline):
        progress.report(phase="model")
        deduced_at = None
        found = None  # the genre's own answer, where its proof gave up (`_found_answer`)
        try:
            deductions = _deduce(genre, puzzle, settings)
            deduced_at = time.perf_counter()
            if deductions is not None and deductions.answer is not None:
                out = _decided_answer(genre, puzzle, deductions, check_unique, t0)
                out.deduce_seconds = deduced_at - t0
                return out
            if deductions is not None and deductions.found is not None:
                out, final = _found_answer(genre, puzzle, deductions, settings, check_unique, t0)
                out.deduce_seconds = deduced_at - t0
                if final:
                    return out
                # the model's search takes the found answer first, and proves
                found, deductions = out, replace(deductions, found=None, others=None)
            m = _build(genre, puzzle, settings, deductions)
        except OutOfTime:
            if found is not None:
                return _still_unproved(found, settings, t0)
            # out of time in the deductions or the build: each stage's seconds as far as it got
            now = time.perf_counter()
            out = Outcome("timeout", build_seconds=now - t0)
            out.deduce_seconds = (deduced_at or now) - t0
            return out
        t1 = time.perf_counter()
        try:
            out = _attempts(
                genre, puzzle, m, settings, switch, deductions, check_unique, deadline, t0, t1
            )
        except OutOfTime:  # the deadline's alarm between the solver's runs: the rest is solve
            out = Outcome("timeout", build_seconds=t1 - t0)
            out.solve_seconds = time.perf_counter() - t1
        out.deduce_seconds = deduced_at - t0
        if found is not None:
            if out.status == "timeout":
                return _still_unproved(found, settings, t0)
            # the proof that gave up is the proof's time, not the build's
            out.build_seconds -= found.unique_seconds
            out.unique_seconds += found.unique_seconds
        return out


def _attempts(
    genre: Genre,
    puzzle: Any,
    m: Model,
    settings: Settings,
    switch: Settings | None,
    deductions: Deductions | None,
    check_unique: bool,
    deadline: float | None,
    t0: float,
    t1: float,
) -> Outcome:
    """The built model solved by the deadline; with reinforcements or a back end to switch to,
    a first attempt within the Tuning's nodes and, where it uses them up, a second one."""
    if not m.reinforcements and switch is None:
        return _attempt(genre, puzzle, m, settings, check_unique, deadline, t0, t1)
    tuning = settings.tuning
    budget = tuning.reinforce_after if m.reinforcements else tuning.switch_after
    out = _attempt(genre, puzzle, m, settings, check_unique, deadline, t0, t1, budget)
    if not out.out_of_budget:
        return out
    again = switch or settings
    try:
        m = _reinforced(genre, puzzle, again, m, deductions)
    except OutOfTime:
        return out
    out = _attempt(genre, puzzle, m, again, check_unique, deadline, t0, t1)
    out.reinforced = bool(m.reinforcements)
    out.switched = switch.solver if switch else None
    return out


def _deduce(genre: Genre, puzzle: Any, settings: Settings) -> Deductions | None:
    """The genre's deductions, unless it has none or the settings turn them off."""
    if not settings.deduce or genre.deduce is None:
        return None
    return genre.deduce(puzzle, genre.tuning)


def _decided_answer(
    genre: Genre, puzzle: Any, deductions: Deductions, check_unique: bool, t0: float
) -> Outcome:
    """Where the rules decided the whole answer, no model is built and no solver runs: the
    answer is checked by the genre's `verify`, and it is unique (the rules hold in every
    answer). An answer that breaks the rules means there is none. The check is the solve's
    step of the record's timings."""
    n = deductions.answer_vars
    t1 = time.perf_counter()
    out = Outcome("solved", deduced=(n, n), build_seconds=t1 - t0)
    broken = genre.verify(puzzle, deductions.answer)
    out.solve_seconds = time.perf_counter() - t1
    if broken:
        out.status = "infeasible"
        return out
    out.answer, out.note = deductions.answer, DECIDED
    out.unique = True if check_unique else None
    return out


def _found_answer(
    genre: Genre,
    puzzle: Any,
    deductions: Deductions,
    settings: Settings,
    check_unique: bool,
    t0: float,
) -> tuple[Outcome, bool]:
    """Where the genre's own search found an answer (`Deductions.found`) and can decide without
    a model whether it is the only one (`Deductions.others`), no model is built: the answer is
    checked by the genre's `verify`, then `others` asked about it: none (unique), or another
    (checked too: a second answer). Where the deadline comes in the proof, the answer stands,
    its uniqueness unknown. The outcome, and whether it is final: not where `others` gives up,
    and the model's search then starts from the answer (`Deductions.guess`) and proves. The
    check is the solve's step of the record's timings, `others` the proof's."""
    assert deductions.others is not None  # a found answer comes with its proof
    found, n = deductions.found, deductions.answer_vars
    t1 = time.perf_counter()
    out = Outcome("solved", build_seconds=t1 - t0, guessed=True, deduced=(0, n))
    broken = genre.verify(puzzle, found)
    if broken:  # a bug in the genre's search, not an answer
        raise RuntimeError(f"{genre.slug}: its own search's answer breaks the rules: {broken[0]}")
    out.answer = found
    t2 = time.perf_counter()
    out.solve_seconds = t2 - t1
    if not check_unique:
        return out, True
    progress.report(phase="unique")
    try:
        others = deductions.others(found)
    except OutOfTime:
        out.unique_seconds = time.perf_counter() - t2
        out.note = _unproved(settings)
        return out, True
    out.unique_seconds = time.perf_counter() - t2
    if others is None:
        return out, False
    out.note = FOUND
    if not others:
        out.unique, out.deduced = True, (n, n)  # no other answer: as if the rules decided it
        return out, True
    broken = genre.verify(puzzle, others[0])
    if broken:  # a bug in the genre's proof, not a second answer
        raise RuntimeError(f"{genre.slug}: another answer that breaks the rules: {broken[0]}")
    out.unique = False
    out.differ = _differing_cells(genre.render(puzzle, found), genre.render(puzzle, others[0]))
    return out, True


def _still_unproved(found: Outcome, settings: Settings, t0: float) -> Outcome:
    """The genre's own answer (`_found_answer`), its proof given up, where the model's search
    ran out of time too: the answer stands, unproved; the search's seconds are the proof's."""
    found.note = _unproved(settings)
    found.unique_seconds = time.perf_counter() - t0 - found.build_seconds - found.solve_seconds
    return found


def _unproved(settings: Settings) -> str:
    """The note of an answer whose uniqueness the time limit left unproved."""
    limit = "" if settings.time_limit is None else f" of {settings.time_limit:g} s"
    return f"uniqueness not proved within the time limit{limit}; {LONGER}"


def _reinforced(
    genre: Genre, puzzle: Any, settings: Settings, tried: Model, deductions: Deductions | None
) -> Model:
    """A new model for a second attempt (the first one's uniqueness cut stays in `tried`), with
    the reinforcements (if the genre has any) and the lazy cuts the first attempt found,
    rewritten over the new model's variables, which bear the same names."""
    cuts = [c for c in tried.prob.constraints() if c.name.startswith(backends.CUT_NAMES)]
    m = _build(genre, puzzle, settings, deductions)
    for make in m.reinforcements:
        for row, name in make():
            m.prob += row, name
    column = {v.name: v for v in m.prob.variables()}
    for cut in cuts:
        row = pulp.lpSum(a * column[v.name] for v, a in cut.items())
        m.prob += pulp.LpConstraint(row, cut.sense, cut.name, -cut.constant)
    return m


def _build(genre: Genre, puzzle: Any, settings: Settings, deductions: Deductions | None) -> Model:
    """The genre's model with its deductions (None: none, or turned off), and the rows of a
    search for minimal answers (Model.minimal)."""
    m = genre.build(puzzle, settings.lazy, deduce=deductions is not None, deductions=deductions)
    for row, name in m.minimal:
        m.prob += row, name
    return m


def _attempt(
    genre: Genre,
    puzzle: Any,
    m: Model,
    settings: Settings,
    check_unique: bool,
    deadline: float | None,
    t0: float,
    t1: float,
    budget: int | None = None,
) -> Outcome:
    """Solve the built model by the deadline, then decode, verify and check uniqueness; with a
    budget, its solves take at most that many branch-and-bound nodes in all (the outcome says
    `out_of_budget` where they used them up before the answer and its proof). The
    solve's seconds count from t1, the end of the build (an attempt given up included). Where
    the deadline's alarm comes between the stages, what was decided stands: an answer verified
    before it, with its uniqueness unknown; else a timeout."""
    out = Outcome("error", build_seconds=t1 - t0, lazy=bool(m.separators), deduced=m.deduced)
    try:
        return _attempt_stages(genre, puzzle, m, settings, check_unique, deadline, t1, out, budget)
    except OutOfTime:
        if out.status != "solved" or out.answer is None:  # no answer verified yet
            out.status, out.answer, out.violations = "timeout", None, []
        out.unique, out.differ = None, []
        out.solve_seconds = out.solve_seconds or time.perf_counter() - t1
        return out


def _attempt_stages(
    genre: Genre,
    puzzle: Any,
    m: Model,
    settings: Settings,
    check_unique: bool,
    deadline: float | None,
    t1: float,
    out: Outcome,
    budget: int | None = None,
) -> Outcome:
    decided = _decided(m)
    if decided is not None:
        out.status = decided
        if decided == "solved":
            answer = genre.decode(puzzle, m)
            if genre.verify(puzzle, answer):  # the one assignment left breaks the rules
                out.status = "infeasible"
            else:
                out.answer, out.note = answer, DECIDED
                if check_unique:
                    out.unique = True  # every answer variable fixed: no other answer
        out.solve_seconds = time.perf_counter() - t1  # the answer's check included
        return out
    try:
        live = backends.LiveModel(
            m.prob,
            settings,
            separate=_separate(m, settings),
            branch_first=m.branch_first,
            branching=m.scip_branching,
        )
    except OutOfTime:
        out.status = "timeout"
        return out
    live.budget = budget
    progress.report(phase="solving")
    status = out.status = _search(live, m, out, deadline, _exclude(m, check_unique))
    t2 = time.perf_counter()
    out.solve_seconds = t2 - t1
    out.out_of_budget = live.out_of_budget
    if status != "solved":
        return out
    answer = genre.decode(puzzle, m)
    out.violations = genre.verify(puzzle, answer)
    out.answer = answer  # verified
    if check_unique and not out.violations:
        if live.unique is not None and live.answer_at is not None:  # the search went on
            t2 = live.answer_at  # past its answer: the time after it is the proof's
            out.solve_seconds = t2 - t1
        try:
            out.unique, out.differ = _second_answer(genre, puzzle, m, live, out, deadline)
        except OutOfTime:  # the deadline's alarm between the proof's solves
            out.unique, out.differ = None, []
        out.unique_seconds = time.perf_counter() - t2
        out.out_of_budget = live.out_of_budget
        if out.unique is None and not out.out_of_budget:
            out.note = _unproved(settings)
    return out


def _search(
    live: backends.LiveModel,
    m: Model,
    out: Outcome,
    deadline: float | None,
    exclude: Callable[[], pulp.LpConstraint] | None = None,
) -> str:
    """Solve by the deadline; a model with guesses (`Model.guesses`) first with them, for at
    most half the time left, and again without them where that finds no answer. exclude: let
    a search that can go on past its answer decide its uniqueness too (`_exclude`)."""
    if m.guesses:
        with live.trial(m.guesses):
            status = _solve(live, m, out, _halfway(deadline))
        if status == "solved":
            out.guessed = True
            return status
    return _solve(live, m, out, deadline, exclude)


def _exclude(m: Model, check_unique: bool) -> Callable[[], pulp.LpConstraint] | None:
    """The uniqueness cut, for a search that goes on past its answer (SCIP with the cuts inside
    its search: `LiveModel.solve_lazy`); not where the answer's proof needs more than the cut
    (a model of minimal answers: its detour) or where nobody asked for it."""
    return m.exclude_answer if check_unique and not m.minimal else None


def _halfway(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    now = time.perf_counter()
    return now + max(deadline - now, 0.0) / 2


def _solve(
    live: backends.LiveModel,
    m: Model,
    out: Outcome,
    deadline: float | None,
    exclude: Callable[[], pulp.LpConstraint] | None = None,
) -> str:
    """Solve by the deadline; with lazy connectivity, until the answer is whole (or there is
    none, or time is up)."""
    try:
        return live.solve_lazy(m.violated, deadline, exclude)
    except OutOfTime:
        return "timeout"
    finally:
        out.rounds, out.cuts = live.rounds, live.cuts


def _separate(m: Model, settings: Settings) -> Callable[[], list[pulp.LpConstraint]] | None:
    """A lazy model's separators, for a back end that takes cuts inside its search (SCIP)."""
    return m.violated if m.separators and settings.cuts_in_search else None


def _second_answer(
    genre: Genre,
    puzzle: Any,
    m: Model,
    live: backends.LiveModel,
    out: Outcome,
    deadline: float | None,
) -> tuple[bool | None, list[tuple[int, int]]]:
    """Cut off this answer and solve again on the live model: infeasible means unique. A
    model that searched minimal answers first asks whether this one has a detour; a genre that
    counted more than one answer before the search (`Model.answers`) hands over another. Where
    the search went on past the answer and decided (`LiveModel.unique`), its verdict stands.
    A genre that counts the answers without a search (`Model.others`) is asked next."""
    answer = out.answer
    if live.unique is True:  # the search went on past the answer and found no other
        return True, []
    if live.unique is False:
        live.load_second()
        other = genre.decode(puzzle, m)
        return False, _differing_cells(genre.render(puzzle, answer), genre.render(puzzle, other))
    progress.report(phase="unique")
    # a second answer known without a search: one the genre counted before it, or a detour
    other = next((a for a in m.answers if a != answer), None)
    if other is None and m.minimal:
        if m.detour is None:  # without it the proof would be unsound: a genre's bug
            raise RuntimeError(f"{genre.slug}: minimal rows without a detour")
        other = m.detour(answer)
    if other is None and m.others is not None:  # the genre's count, where it ends
        try:
            others = m.others(answer)
        except OutOfTime:
            return None, []
        if others == []:
            return True, []
        other = others[0] if others else None
    if other is not None:
        broken = genre.verify(puzzle, other)
        if broken:  # a bug in the genre's count or detour, not a second answer
            raise RuntimeError(f"{genre.slug}: another answer that breaks the rules: {broken[0]}")
        return False, _differing_cells(genre.render(puzzle, answer), genre.render(puzzle, other))
    if _all_fixed(m.answer_vars):  # decided before the search: nothing else can differ
        return True, []
    try:
        live.add(m.exclude_answer(), "no_good_1")
    except OutOfTime:
        return None, []
    live.start_proof()
    status = _solve(live, m, out, deadline)
    if status == "infeasible":
        return True, []
    if status == "timeout":
        return None, []
    other = genre.decode(puzzle, m)
    return False, _differing_cells(genre.render(puzzle, answer), genre.render(puzzle, other))


def _decided(m: Model) -> str | None:
    """Where the deductions fixed every answer variable (`Genre.deduce`: most published
    nurikabes, kurodokos, heyawakes and loops), no solver is needed: the fixed columns take
    their values, and every row over fixed columns alone and every lazy separator is checked
    here (the answer itself is checked by the genre's `verify` after). "solved", or
    "infeasible" where a row is broken (the deductions are sound, so that is a bug in them);
    None where an answer variable is free, or the model searches with guesses or minimal
    answers first."""
    if m.guesses or m.minimal or m.answers or not _all_fixed(m.answer_vars):
        return None  # (an answer variable in no row is free: an empty bomber's cell)
    fixed = [v for v in [*m.prob.variables(), *m.answer_vars] if _all_fixed([v])]
    for v in fixed:
        if isinstance(v, pulp.LpVariable):
            v.varValue = v.lowBound
    known = {v.name for v in fixed if isinstance(v, pulp.LpVariable)}
    rows = [c for c in m.prob.constraints() if all(v.name in known for v in c)]
    if all(c.valid(0) for c in rows) and not m.violated():
        return "solved"
    return "infeasible"


def _all_fixed(variables: list[Any]) -> bool:
    """Whether every answer variable has its value fixed by its bounds (the deductions decided
    the answer before the search, `Genre.deduce`): then every answer has the one found, and the
    uniqueness cut would leave no solution; its solve is skipped."""
    return all(is_fixed(v) for v in variables)


def _differing_cells(a: list[CellWrite], b: list[CellWrite]) -> list[tuple[int, int]]:
    def shown(ws: list[CellWrite]) -> dict[tuple[int, int], tuple[object, ...]]:
        return {(w.row, w.col): (w.value, w.shade, w.number_format, w.borders) for w in ws}

    sa, sb = shown(a), shown(b)
    return sorted(rc for rc in sa.keys() | sb.keys() if sa.get(rc) != sb.get(rc))


@dataclass
class SheetResult:
    book: str
    sheet: str
    genre: str | None
    status: str  # solved | infeasible | timeout | error
    solver: str
    unique: bool | None = None
    seconds: float = 0.0
    error: str | None = None
    answer: dict[str, Any] | None = None
    writes: list[CellWrite] = field(default_factory=list)
    differ: list[tuple[int, int]] = field(default_factory=list)
    note: str | None = None  # e.g. why uniqueness is unknown
    outcome: Outcome | None = None
    picture: Any = None  # the answer's picture (solver.io.picture.Picture) until it is saved
    view: str | None = None  # the answer as text (solver.io.text_view), kept for --show
    deduced: tuple[int, int] | None = None  # answer variables the deductions fixed, of all
    # of an infeasible sheet: the sheet cells of givens that cannot all hold, an irreducible set
    # (empty: the grid allows no answer without any given); None where not found
    conflict: list[str] | None = None
    timings: dict[str, float] = field(default_factory=dict)  # seconds of each step (`steps`)

    def steps(self, read: float, write: float, conflict: float) -> None:
        """The record's `timings`: reading the sheet, the deductions, the model's build, the
        solve to the answer, the proof of uniqueness, the search for conflicting givens (where
        the sheet has no answer) and writing the answer into the sheet."""
        out = self.outcome
        spans = {"read": read}
        if out is not None:
            spans |= {
                "deduce": out.deduce_seconds,
                "build": out.build_seconds - out.deduce_seconds,
                "solve": out.solve_seconds,
                "proof": out.unique_seconds,
            }
        if conflict:
            spans["conflict"] = conflict
        spans["write"] = write
        self.timings = {step: round(t, 4) for step, t in spans.items()}

    def record(self) -> dict[str, Any]:
        """The JSON result record of DESIGN.md; its messages (error, note) one line each."""
        return {
            "book": self.book,
            "sheet": self.sheet,
            "genre": self.genre,
            "status": self.status,
            "unique": self.unique,
            "seconds": round(self.seconds, 4),
            "timings": self.timings,
            "solver": self.solver,
            "error": one_line(self.error),
            "note": one_line(self.note),
            "deduced": None
            if self.deduced is None
            else {"fixed": self.deduced[0], "of": self.deduced[1]},
            "conflict": self.conflict,
            "answer": self.answer,
        }

    def summary(self) -> str:
        """One line for people: status, uniqueness, time, and what went wrong."""
        parts = [self.status]
        if self.status == "solved" and not (self.unique is None and self.note):
            parts.append(
                {True: "unique", False: "NOT unique", None: "uniqueness unchecked"}[self.unique]
            )
        if self.differ:
            cells = ", ".join(a1(r + 1, c + 1) for r, c in self.differ[:12])
            more = f" and {len(self.differ) - 12} more" if len(self.differ) > 12 else ""
            parts.append(f"another answer differs at {cells}{more}")
        if self.error:
            parts.append(self.error)
        if self.note:
            parts.append(self.note)
        return one_line("; ".join(parts)) or ""


def _slug(sheet_name: str) -> str | None:
    genre = genre_for_sheet(sheet_name)
    return genre.slug if genre else None


def read_puzzle(book: Book, sheet_name: str) -> tuple[Genre, Grid, Any]:
    """The sheet's genre, grid and parsed puzzle; an earlier answer on the sheet is ignored."""
    genre = genre_for_sheet(sheet_name)
    if genre is None:
        raise InputError(
            sheet_name,
            "the sheet's name names no genre; name the sheet after its "
            "genre, e.g. 'bomber', 'sudoku (2)' or '数独' (see 'puzzle-solver genres')",
        )
    if sheet_name not in book.sheet_names():
        raise InputError(sheet_name, f"no such sheet in {book.name}")
    try:
        grid = read_grid(book.sheet(sheet_name), ignore=recorded_answer(book, sheet_name))
        return genre, grid, genre.parse(grid)
    except InputError as exc:  # an answer the record sheet lost reads as a bad given
        raise explain_stray_answer(book, sheet_name, exc) from None


def shown_cells(grid: Grid, writes: list[CellWrite]) -> list[list[Any]]:
    """What the sheet shows after the writes: the `cells` field of the result record."""
    cells = [["" if v is None else v for v in row] for row in grid.cells]
    for w in writes:
        if w.value is not None:
            cells[w.row][w.col] = w.value
        elif w.shade and cells[w.row][w.col] == "":
            cells[w.row][w.col] = SHADE_GLYPH
    return cells


def answer_record(
    genre: Genre, grid: Grid, puzzle: Any, answer: Any, writes: list[CellWrite]
) -> dict[str, Any]:
    return {
        "rows": grid.rows,
        "cols": grid.cols,
        "cells": shown_cells(grid, writes),
        **genre.record(puzzle, answer),
    }


def _writes(
    book: Book, sheet_name: str, genre: Genre, grid: Grid, puzzle: Any, answer: Any
) -> list[CellWrite]:
    """The answer's cell writes, checked against the sheet before anything is written, with
    the dark fills it takes off (`stray_fills`)."""
    writes = stray_fills(book, sheet_name, genre, grid, puzzle, genre.render(puzzle, answer))
    check_unmerged(book.sheet(sheet_name), ((w.row + 1, w.col + 1) for w in writes))
    return writes


def stray_fills(
    book: Book, sheet_name: str, genre: Genre, grid: Grid, puzzle: Any, writes: list[CellWrite]
) -> list[CellWrite]:
    """The answer's writes, and a write that takes off the fill (`CellWrite.unfill`) of every
    cell whose dark fill reads as shaded but that the answer leaves unshaded, in a genre whose
    answer is shown as dark fills (`Genre.answer_fills`).

    None of these genres gives shaded cells: a dark fill on a cell is the user's (shading by
    hand, as Check reads it) or a decoration, and solving, which reads only the givens, ignores
    it. Left on the sheet, it would show as part of the answer (Check on the solved sheet: "the
    loop runs through the shaded cell A1"), so it is taken off while the answer is shown: the
    write is recorded like every answer write, and Clear puts the fill back. A fill that Check
    does not read as shading (on a yajilin clue, in a nonogram's clues) stays. Fills are seen
    as the sheet shows them once an earlier answer is cleared (`fills_before_answer`)."""
    if not genre.answer_fills or genre.read_answer is None:
        return writes
    shaded = {(w.row, w.col) for w in writes if w.shade}
    sheet = book.sheet(sheet_name)
    before = fills_before_answer(book, sheet_name)
    dark = set()
    for r, c in grid.positions():
        at = (r + 1, c + 1)
        if (r, c) in shaded or sheet.merged_area(*at) is not None:  # (Excel shows its range's)
            continue
        if is_dark(before[at] if at in before else sheet.get_style(*at).fill_color):
            dark.add((r, c))
    if not dark:
        return writes
    stray = _read_as_shaded(genre, puzzle, grid, dark)
    out = [replace(w, unfill=True) if (w.row, w.col) in stray else w for w in writes]
    out += [CellWrite(r, c, unfill=True) for r, c in sorted(stray - {(w.row, w.col) for w in out})]
    return out


class _DarkCells:
    """A sheet that shows a dark fill on the given cells (1-based) and nothing else: what a
    genre's `read_answer` reads of the fills alone."""

    def __init__(self, name: str, cells: set[tuple[int, int]]) -> None:
        self.name, self.cells = name, cells

    def get(self, row: int, col: int) -> object:
        return None

    def get_style(self, row: int, col: int, borders: bool = False, face: bool = False) -> Style:
        return Style(fill_color=SHADE_FILL if (row, col) in self.cells else None)


def _read_as_shaded(
    genre: Genre, puzzle: Any, grid: Grid, cells: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Which of the grid's cells (0-based) a dark fill makes shaded, as Check reads the sheet:
    the genre's `read_answer` over the fills on those cells alone, decoded and drawn as the
    genre draws an answer; its shaded cells among them."""
    assert genre.read_answer is not None
    m = genre.build(puzzle, lazy=True)  # the lazy form where there is one: the same variables
    fills = _DarkCells(grid.sheet, {(r + 1, c + 1) for r, c in cells})
    view = Grid(grid.sheet, grid.cells, fills)  # type: ignore[arg-type]  (styles and values only)
    entries = genre.read_answer(puzzle, view, m)
    for v in m.prob.variables():
        v.varValue = 0
    for v, x in entries.items():
        v.varValue = x or 0
    drawn = genre.render(puzzle, genre.decode(puzzle, m))
    return {(w.row, w.col) for w in drawn if w.shade} & cells


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """Python's cyclic garbage collector held off while a sheet is solved, and on again after
    (as it was). A solve builds containers by the hundred thousand (clauses, rows, cells) that
    live while it runs; the collector, set off each time some hundreds more are alive, would
    walk the young ones and, ever more often, every live object, for cycles that are few (the
    rest is freed as it is dropped). Held off, a sheet's cycles wait for the collector's next
    pass after it (docs/performance.md, the notes below the published puzzles' table)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def solve_sheet(
    book: Book, sheet_name: str, settings: Settings, check_unique: bool = True, write: bool = True
) -> SheetResult:
    """Solve one sheet; with write=True the answer goes into the book (not saved here). The
    garbage collector is held off meanwhile (`collector_held`)."""
    with collector_held():
        return _solve_sheet(book, sheet_name, settings, check_unique, write)


def _solve_sheet(
    book: Book, sheet_name: str, settings: Settings, check_unique: bool, write: bool
) -> SheetResult:
    start = time.perf_counter()
    deadline = settings.deadline()  # one deadline for the sheet, reading it included
    res = SheetResult(book.name, sheet_name, _slug(sheet_name), "error", settings.solver)
    found: Conflict | None = None
    read = written = searched = 0.0
    try:
        try:
            with limits.deadline(deadline):
                genre, grid, puzzle = read_puzzle(book, sheet_name)
                read = time.perf_counter() - start
                res.genre, res.solver = genre.slug, settings.resolved(genre.tuning).solver
                out = solve_puzzle(genre, puzzle, settings, check_unique, deadline)
                if out.status == "infeasible":
                    t = time.perf_counter()
                    with contextlib.suppress(OutOfTime):  # the deadline's alarm after the search
                        found = givens_in_conflict(genre, grid, puzzle, settings, deadline)
                    searched = time.perf_counter() - t
        except OutOfTime:  # reading the sheet, or a stage between the solver's runs
            out = Outcome("timeout")
        res.outcome = out
        res.deduced = out.deduced
        res.solver = out.switched or res.solver
        res.status, res.unique, res.differ = out.status, out.unique, out.differ
        res.note = out.note
        if out.status == "infeasible":
            # imported where used: most sheets have answers
            from solver.conflict import PLAIN, WITHOUT_GIVENS

            res.error = found.message() if found is not None else PLAIN
            if found is None and genre.givens is None:
                res.error = WITHOUT_GIVENS
            res.conflict = None if found is None else found.cells()
        elif out.status == "timeout":
            res.error = f"no answer within the time limit of {settings.time_limit:g} s; {LONGER}"
        elif out.violations:
            res.status = "error"
            res.error = "the solver's answer breaks the rules: " + "; ".join(out.violations[:5])
        else:
            t = time.perf_counter()
            res.writes = _writes(book, sheet_name, genre, grid, puzzle, out.answer)
            res.answer = answer_record(genre, grid, puzzle, out.answer, res.writes)
            if write:
                write_answer(book, sheet_name, res.writes, grid=_squared(genre, grid))
            written = time.perf_counter() - t
    except (InputError, SolverError) as exc:
        res.status, res.error = "error", str(exc)
    res.seconds = time.perf_counter() - start
    res.steps(read, written, searched)
    return res


def givens_in_conflict(
    genre: Genre, grid: Grid, puzzle: Any, settings: Settings, deadline: float | None
) -> Conflict | None:
    """Of a puzzle without answer, a smallest set of givens that cannot all hold
    (`solver.conflict`), each trial solved as the puzzle was, by the deadline; None for a genre
    without givens."""

    def status(relaxed: Any) -> str:
        return solve_puzzle(genre, relaxed, settings, check_unique=False, deadline=deadline).status

    from solver.conflict import find_conflict

    with limits.deadline(deadline):
        return find_conflict(genre, grid, puzzle, status)


def _squared(genre: Genre, grid: Grid) -> tuple[int, int] | None:
    """The grid's size for write_answer to make its cells squares; None for a genre whose cells
    keep their sizes (SQUARE_CELLS = False)."""
    return (grid.rows, grid.cols) if genre.square_cells else None


def clear_sheet(book: Book, sheet_name: str) -> int:
    return clear_answer(book, sheet_name)


# --- the three stages of the seed ------------------------------------------------------------


def fingerprint(genre: Genre, puzzle: Any) -> str:
    text = json.dumps(genre.to_cells(puzzle), ensure_ascii=True, default=str)
    return hashlib.sha1(f"{genre.slug}:{text}".encode()).hexdigest()[:16]


def _header(book: Book, sheet_name: str, genre: Genre, puzzle: Any) -> str:
    info = {
        "book": book.name,
        "sheet": sheet_name,
        "genre": genre.slug,
        "puzzle": fingerprint(genre, puzzle),
    }
    return f"{stage_files.HEADER} {json.dumps(info, ensure_ascii=True)}"


def make_lp(book: Book, sheet_name: str, path: Path, deduced: bool = False) -> Path:
    """Stage 1: write the sheet's model as a CPLEX LP file: the complete form, always; the
    formulation alone, or with `deduced` the same rows with the deductions' fixings as bounds."""
    genre, _, puzzle = read_puzzle(book, sheet_name)
    model = genre.build(puzzle, lazy=False, deduce=deduced)
    stage_files.write_lp(model.prob, path, _header(book, sheet_name, genre, puzzle))
    return path


def run_lp(lp: Path, sol: Path, settings: Settings) -> str:
    """Stage 2: solve an LP file and write the solution in SCIP's `.sol` format."""
    status, values = backends.solve_lp_file(lp, settings)
    if status != "solved":
        sol.unlink(missing_ok=True)
        return status
    stage_files.write_sol(sol, values, stage_files.lp_header(lp))
    return status


def _allowed(v: pulp.LpVariable, x: float) -> bool:
    """Whether x is a value the variable may take (within its bounds, whole if integer)."""
    tol = 1e-6
    return (
        math.isfinite(x)
        and (v.lowBound is None or x >= v.lowBound - tol)
        and (v.upBound is None or x <= v.upBound + tol)
        and (v.cat != pulp.LpInteger or abs(x - round(x)) <= tol)
    )


def read_solution(book: Book, sheet_name: str, sol: Path, write: bool = True) -> SheetResult:
    """Stage 3: read a `.sol` file and put its answer into the sheet."""
    start = time.perf_counter()
    res = SheetResult(book.name, sheet_name, _slug(sheet_name), "error", "file")
    try:
        genre, grid, puzzle = read_puzzle(book, sheet_name)
        res.genre = genre.slug
        header, values = stage_files.read_sol(sol)
        if header and header.startswith(stage_files.HEADER):
            info = json.loads(header[len(stage_files.HEADER) :])
            same_sheet = (info.get("book"), info.get("sheet")) == (book.name, sheet_name)
            if same_sheet and info.get("puzzle") != fingerprint(genre, puzzle):
                raise InputError(
                    sheet_name,
                    f"the puzzle changed since {sol.name} was made (a given was typed, changed "
                    "or deleted); run the 'lp' and 'run-lp' stages again",
                )
            if info.get("genre") != genre.slug or info.get("puzzle") != fingerprint(genre, puzzle):
                raise SolverError(
                    f"{sol.name} was made from sheet '{info.get('sheet')}' of "
                    f"{info.get('book')}, not from this puzzle; run the 'lp' and "
                    "'run-lp' stages again"
                )
        m = genre.build(puzzle, lazy=False)
        by_name = {v.name: v for v in m.prob.variables()}
        unknown = sorted(set(values) - set(by_name))
        if unknown:
            raise SolverError(
                f"{sol.name} does not belong to this sheet's model: it sets "
                f"{', '.join(unknown[:3])}, which the model does not have"
            )
        for name, x in values.items():
            if not _allowed(by_name[name], x):
                raise SolverError(
                    f"{sol.name} sets {name} to {x:g}, which the model does not allow; the file "
                    "was changed after it was written: run the 'run-lp' stage again"
                )
        for name, v in by_name.items():
            v.varValue = values.get(name, 0.0)
        answer = genre.decode(puzzle, m)
        violations = genre.verify(puzzle, answer)
        if violations:
            raise SolverError(
                f"the answer in {sol.name} breaks the rules: " + "; ".join(violations[:5])
            )
        res.status = "solved"
        res.writes = _writes(book, sheet_name, genre, grid, puzzle, answer)
        res.answer = answer_record(genre, grid, puzzle, answer, res.writes)
        if write:
            write_answer(book, sheet_name, res.writes, grid=_squared(genre, grid))
    except (InputError, SolverError) as exc:
        res.error = str(exc)
    res.seconds = time.perf_counter() - start
    return res
