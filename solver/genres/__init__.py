"""The genres: one module each, behind one small interface.

A genre module documents its sheet layout in its docstring, defines these functions and ends with
`GENRE = define(__name__, slug=..., ja=...)`:
  parse(grid) -> puzzle            reads the sheet's cells; InputError naming the cell on bad input
  to_cells(puzzle) -> cells        the inverse: what a user types for this puzzle (import, samples);
                                   default: the puzzle's `cells` as they are
  model(puzzle) -> Model           the complete MIP; genres with lines take model(puzzle, lazy)
                                   too, lazy=True leaving connectivity to cuts (solver.blocks.lines)
  decode(puzzle, model) -> answer  from the solved variables; default: the used edges of the
                                   model's line variables `x`, as a frozenset of segments
  verify(puzzle, answer) -> [str]  rule violations, checked from the rules alone (empty: valid)
  render(puzzle, answer) -> [CellWrite]   what to put into the cells
  record(puzzle, answer) -> dict   the answer fields of the JSON result record; default: the
                                   answer's segments as `lines` (solver.blocks.lines.lines_record)
  deduce(puzzle, tuning) -> Deductions
                                   optional: what the genre's sound rules decide before the
                                   solve (solver.deduce.Deductions), within the budgets of the
                                   genre's Tuning (work, never seconds); `build` applies them to
                                   the model as fixed bounds, so `model` stays the formulation
  from_url(url) -> puzzle          the puzz.link codec, where the genre has one: a malformed
                                   URL is a puzzlink.UrlError, never another error
  to_url(puzzle) -> str            its inverse, as pzprjs encodes the puzzle (the same body,
                                   byte for byte, for a URL pzprjs made); UrlError for a puzzle
                                   the URL cannot hold
  read_answer(puzzle, grid, model) -> {variable: value}
                                   the inverse of render: what a person filled in by hand (or
                                   solving wrote) read back from the sheet, as the values of the
                                   model's answer variables that it fixes (1 for a drawn segment,
                                   a shaded cell, a digit; 0 for a side a glyph does not use, a
                                   cell marked white; None for one the sheet cannot show, such as
                                   a line between two clue cells). Blank cells fix nothing.
                                   Check, hints and forced cells (solver.check) build on it.
  drawn_rooms(puzzle) -> (rooms, (top, left)) or None
                                   the rooms that `import` draws as thick borders
                                   (solver.io.rooms_sheet.write_rooms), with the grid cell of their
                                   top-left room cell; default: a puzzle's `rooms` (a
                                   solver.blocks.rooms.Rooms) from the top-left cell, else none
  givens(puzzle, grid) -> [Given]  the clues that only narrow the answers (solver.io.givens), each
                                   with what its cell holds once it is taken out: the conflict
                                   search (solver.conflict) takes them out of the typed grid and
                                   parses it again; default: every whole number, taken out as
                                   WITHOUT_NUMBER (a module constant; default None, an empty
                                   cell); `givens = None` for a genre without any (its rooms,
                                   islands or word lists are the puzzle itself)
  without(grid, givens) -> Grid    the typed grid with those givens taken out; default: each
                                   given's cell holds its `dropped` value
  ANSWER_MARKS                     (a module constant) the texts of the answer form that are not
                                   givens, such as the line glyphs; check reads the puzzle from
                                   the cells that hold none of them (default: none)
  is_answer(grid, cell) -> bool    for a genre whose answer uses the givens' own marks (pipe
                                   link's pieces): whether the cell holds the answer, not a
                                   given (default: its text is one of ANSWER_MARKS)
  blank(grid, cell) -> bool        whether a cell shows none of the answer yet, for a genre
                                   whose answer is not the cell's value (country road's number
                                   formats) or whose grid holds cells that no answer fills
                                   (futoshiki's sign cells: never blank); default: no value and
                                   no dark fill
  ANSWER_ON_BORDERS                (a module constant) True for a genre whose answer is drawn on
                                   the cells' borders (slitherlink): Check then tells a blank
                                   cell from a filled one by its drawn sides, not its value
  ANSWER_FILLS                     (a module constant) True for a genre whose answer is shown
                                   as dark fills and whose `read_answer` reads a dark fill as a
                                   shaded cell: solving then takes off a dark fill the user left
                                   on a cell the answer leaves unshaded (`pipeline.stray_fills`),
                                   so that the sheet shows the answer and nothing else
  SQUARE_CELLS                     (a module constant) False for a genre whose cells hold words
                                   or long numbers (alphametic, logic grid): solving then keeps
                                   the sheet's column widths and row heights (default: True,
                                   the cells become squares)
  verify may return `solver.blocks.violation.Violation`s (a str with the cells involved), which
  Check marks in the sheet.

What genres share lives in one place each, and no genre imports another:
  solver.blocks.geometry      directions (STEPS, OPPOSITE, step, heading), neighbours, rays,
                              grid edges, components() of any graph, 2x2 blocks
  solver.mip.model            variables named like the seed's (var, cell_vars), constraint
                              names (cname), the Model a genre returns
  solver.blocks.lines         loops, paths, connectivity of lines in both forms, strands, the
                              2x2 rule on lines, the default decode and record
  solver.blocks.cells         sets of cells (shaded, white, digits): connected in both forms,
                              islands with one clue each, the 2x2 rule, never adjacent,
                              sightlines, the shaded answer's record and its checks
  solver.blocks.rooms         rooms (Rooms, RoomPuzzle), the partition and its numbers
  solver.blocks.connectivity  the seed's ordering-label tree (archipelago)
  solver.blocks.names         cells and values named for messages (cell_name, a1, quote, ...)
  solver.blocks.values        what a cell holds as the genres see it (Value, normalize)
  solver.deduce               the deduction engine and `Deductions`
  solver.io.spellings         what users type for arrows and marks (arrow_clue, is_mark, ...)
  solver.io.puzzlink          the URL envelope, every genre name, and every body codec
  solver.io.shading           a shaded answer written into the sheet and read back
  solver.io.black_cells       black cells typed into a grid (is_black, read_walls)
  solver.io.drawn_lines       lines drawn as glyphs or borders, and read back strictly (draw,
                              read_lines, read_segments, one_sided)
  solver.io.rooms_sheet       rooms typed as labels or drawn as thick borders (grid_rooms, ...)
  solver.io.room_digits       digits on a room grid, after a label through the number format
  solver.io.digits_sheet      digits and letters written into the cells and read back
  solver.io.regions_sheet     a division's walls drawn as borders, and read back
  solver.io.run_lists         a list typed beside the grid for its runs (grid_width, ...)
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.blocks.lines import line_segments, lines_record
from solver.blocks.rooms import Rooms
from solver.blocks.values import Value
from solver.deduce import Deductions
from solver.genres import _index
from solver.io import givens as given_cells
from solver.io import puzzlink
from solver.io.givens import Given
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, fix, is_fixed
from solver.mip.settings import FALLBACK_SOLVER, SEARCH_AFTER, Tuning

Puzzle = Any
Answer = Any


@dataclass(frozen=True)
class Genre:
    slug: str
    ja: str
    layout: str
    parse: Callable[[Grid], Puzzle]
    to_cells: Callable[[Puzzle], list[list[Value]]]
    model: Callable[[Puzzle], Model]
    decode: Callable[[Puzzle, Model], Answer]
    verify: Callable[[Puzzle, Answer], list[str]]
    render: Callable[[Puzzle, Answer], list[CellWrite]]
    record: Callable[[Puzzle, Answer], dict[str, Any]]
    pzpr_ids: tuple[str, ...] = ()  # every puzz.link name: pzprjs' ids, then their other names
    names: tuple[str, ...] = ()  # other names a sheet may carry (e.g. 'mashu', 'pearl')
    from_url: Callable[[Any], Puzzle] | None = None
    to_url: Callable[[Puzzle], str] | None = None
    read_answer: Callable[[Puzzle, Grid, Model], dict[Any, int | None]] | None = None
    answer_marks: frozenset[str] = frozenset()
    is_answer: Callable[[Grid, tuple[int, int]], bool] | None = None
    blank: Callable[[Grid, tuple[int, int]], bool] | None = None
    answer_on_borders: bool = False  # the answer is drawn on cell borders (ANSWER_ON_BORDERS)
    answer_fills: bool = False  # the answer shows as dark fills, read back as shaded (ANSWER_FILLS)
    square_cells: bool = True  # solving makes the grid's cells squares (SQUARE_CELLS)
    drawn_rooms: Callable[[Puzzle], tuple[Rooms, tuple[int, int]] | None] = lambda p: None
    has_lazy: bool = False  # model(puzzle, lazy=True) exists
    lazy: bool = False  # ... and is the default form (the faster one on the genre's puzzles)
    tuning: Tuning = field(default_factory=Tuning)  # everything the genre tunes
    deduce: Callable[[Puzzle, Tuning], Deductions] | None = None  # its rules before the solve
    # the givens the conflict search takes out (None: the genre has none), and the grid without
    # some of them
    givens: Callable[[Puzzle, Grid], list[Given]] | None = None
    without: Callable[[Grid, Sequence[Given]], Grid] = given_cells.without
    # the puzzle under a published variant's looser rules, tried where it has no answer, and
    # the record's note then (binairo: lines may repeat, as janko.at's); None: no such variant
    looser: Callable[[Puzzle], Puzzle | None] | None = None
    looser_note: str = ""
    module: str = ""  # the genre's module (solver.genres.X), for the index of sheet names

    @property
    def solver(self) -> str:
        """The back end that the solver "default" means for this genre."""
        return self.tuning.solver

    def build(
        self,
        puzzle: Puzzle,
        lazy: bool | None = None,
        deduce: bool = False,
        deductions: Deductions | None = None,
    ) -> Model:
        """The model in the form asked for (lazy None: the genre's default; the complete form
        is the one for `.lp` files); with `deduce`, the genre's deductions (made here, or
        `deductions` made before) fixed as bounds of its variables (`Model.deduced` counts the
        answer variables they fixed)."""
        use_lazy = self.lazy if lazy is None else lazy
        lazy_form = use_lazy and self.has_lazy
        m = self.model(puzzle, lazy=True) if lazy_form else self.model(puzzle)  # type: ignore[call-arg]
        if deduce and self.deduce is not None:
            apply(m, deductions or self.deduce(puzzle, self.tuning))
        return m


def apply(m: Model, deductions: Deductions) -> None:
    """Fix the deductions' values as bounds of the model's variables, settle its counted
    answers (`Model.settle`) or take its guess (`Model.guess`), hand over its count for the
    proof (`Model.others`), and count in `Model.deduced` the answer variables now fixed that
    were free before."""
    free = [v for v in m.answer_vars if not is_fixed(v)]
    for group, values in deductions.fixed.items():
        fix(m[group], values)
    m.others = deductions.others
    if deductions.answers is not None and m.settle(m[deductions.answers_of], deductions.answers):
        # the count settles the verdict: the search only confirms it, and needs no minimal
        # answers (a counted answer need not be one); one answer leaves nothing to guess
        m.minimal, m.detour = [], None
        if len(deductions.answers) < 2:
            m.guesses = []
    elif deductions.guess is not None:
        m.guess(m[deductions.answers_of], deductions.guess)
    m.deduced = (sum(is_fixed(v) for v in free), len(m.answer_vars))


def define(
    module: str,
    slug: str,
    ja: str,
    pzpr_ids: tuple[str, ...] = (),
    names: tuple[str, ...] | None = None,
    lazy: bool = False,
    solver: str = FALLBACK_SOLVER,
    search_after: int = SEARCH_AFTER,
    scip_separating: bool = True,
    scip_heuristics: bool = True,
    scip_presolve: bool = True,
    scip_strong_branching: bool = True,
    highs_options: tuple[tuple[str, bool | int | float | str], ...] = (),
    prove_by_search: bool = False,
    switch_to: str | None = None,
    tuning: Tuning | None = None,
) -> Genre:
    """The Genre of a genre module: its docstring is the layout, its functions the interface.
    pzpr_ids: pzprjs' ids of the genre; the Genre lists their other names too (from
    solver.io.puzzlink.ALIASES: 'mashu' brings 'masyu' and 'pearl').
    names: other names a sheet may carry, besides the slug and the Japanese name; by default
    every puzz.link name of the genre (a genre that reads only some of them names those).
    lazy: build with lazy connectivity cuts by default (for genres whose model takes `lazy`).
    solver: the back end that solving with the "default" solver uses for this genre: the
    fastest on the genre's published puzzles (benchmarks/).
    search_after, scip_separating, scip_heuristics, scip_presolve, scip_strong_branching: how
    SCIP searches for it;
    highs_options: HiGHS options for its models (settings.Tuning);
    prove_by_search: the uniqueness search without presolve and heuristics (the benchmark
    chose it where that proof is faster: backends.LiveModel.start_proof);
    switch_to: the back end that starts again where the genre's own runs long (Tuning).
    tuning: the whole record instead (with its deductions' budgets); then the arguments above
    that make one stay unset."""
    m = sys.modules[module]
    has_lazy = "lazy" in inspect.signature(m.model).parameters
    every_pzpr_name = tuple(name for pid in pzpr_ids for name in puzzlink.names_of(pid))
    return Genre(
        slug=slug,
        ja=ja,
        layout=m.__doc__ or "",
        parse=m.parse,
        to_cells=getattr(m, "to_cells", cells_as_typed),
        model=m.model,
        decode=getattr(m, "decode", used_segments),
        verify=m.verify,
        render=m.render,
        record=getattr(m, "record", segments_record),
        pzpr_ids=every_pzpr_name,
        names=every_pzpr_name if names is None else names,
        from_url=getattr(m, "from_url", None),
        to_url=getattr(m, "to_url", None),
        read_answer=getattr(m, "read_answer", None),
        answer_marks=frozenset(getattr(m, "ANSWER_MARKS", ())),
        is_answer=getattr(m, "is_answer", None),
        blank=getattr(m, "blank", None),
        answer_on_borders=bool(getattr(m, "ANSWER_ON_BORDERS", False)),
        answer_fills=bool(getattr(m, "ANSWER_FILLS", False)),
        square_cells=bool(getattr(m, "SQUARE_CELLS", True)),
        drawn_rooms=getattr(m, "drawn_rooms", rooms_of_puzzle),
        has_lazy=has_lazy,
        lazy=lazy and has_lazy,
        deduce=getattr(m, "deduce", None),
        givens=getattr(m, "givens", _numbers_given(getattr(m, "WITHOUT_NUMBER", None))),
        without=getattr(m, "without", given_cells.without),
        looser=getattr(m, "looser", None),
        looser_note=getattr(m, "LOOSER", ""),
        module=module,
        tuning=tuning
        or Tuning(
            solver,
            search_after,
            scip_separating,
            scip_heuristics,
            scip_presolve,
            highs_options,
            scip_strong_branching=scip_strong_branching,
            prove_by_search=prove_by_search,
            switch_to=switch_to,
        ),
    )


def cells_as_typed(puzzle: Puzzle) -> list[list[Value]]:
    """The default to_cells: a puzzle whose `cells` hold what a user types."""
    return [list(row) for row in puzzle.cells]


def _numbers_given(dropped: Value) -> Callable[[Puzzle, Grid], list[Given]]:
    """The default givens: every whole number in the grid, taken out as `dropped`."""
    return lambda puzzle, grid: given_cells.numbers(grid, dropped)


def rooms_of_puzzle(puzzle: Puzzle) -> tuple[Rooms, tuple[int, int]] | None:
    """The default drawn_rooms: a puzzle's `rooms`, from the grid's top-left cell; none where
    a cell lies outside every room (thick borders cannot show one: such rooms are typed as
    labels, by the genre's `to_cells`)."""
    rooms = getattr(puzzle, "rooms", None)
    return (rooms, (0, 0)) if isinstance(rooms, Rooms) and not rooms.outside else None


def used_segments(puzzle: Puzzle, m: Model) -> frozenset:
    """The default decode: the segments of the line variables `x` that the answer uses."""
    return frozenset(line_segments(m["x"]))


def segments_record(puzzle: Puzzle, answer: frozenset) -> dict[str, Any]:
    """The default record: the answer's segments as the record's `lines`."""
    return lines_record(answer)


@functools.cache
def all_genres() -> list[Genre]:
    """Every genre module in this package (a module per genre, each ending in GENRE = ...)."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    return [importlib.import_module(f"{__name__}.{n}").GENRE for n in names]


_SUFFIX = re.compile(r"(\s*\(\d+\)|[-_ ].*)?")


def sheet_names(genre: Genre) -> tuple[str, ...]:
    """The names a sheet may carry for the genre (before a suffix), casefolded."""
    return tuple(dict.fromkeys(k.casefold() for k in (genre.slug, genre.ja, *genre.names)))


def genre_for_sheet(sheet_name: str) -> Genre | None:
    """The genre a sheet's name asks for: slug, Japanese name or another name (`mashu`), any
    case, with an optional suffix such as ' (2)' or '-hard'; None when the name names no genre.
    The names come from `_index` (what every module defines; `tests/test_house.py` keeps it
    whole), so only the genre asked for is imported, and a name that names no genre imports
    none."""
    wanted = sheet_name.strip().casefold()
    for key in _longest_first():  # 'wall-logic' before 'wall'
        if wanted.startswith(key) and _SUFFIX.fullmatch(wanted[len(key) :]):
            genre = _module_genre(_index.SHEET_NAMES[key])
            if genre is not None and key in sheet_names(genre):
                return genre
            break
    return None


def close_genre(sheet_name: str) -> Genre | None:
    """The genre one of whose names is close to a sheet's name that names none (`sugru`), or
    None: a typo there would leave the sheet's puzzle unsolved without a word."""
    import difflib  # here: only a name that is not found needs it

    close = difflib.get_close_matches(sheet_name.strip().casefold(), _index.SHEET_NAMES, 1, 0.75)
    return _module_genre(_index.SHEET_NAMES[close[0]]) if close else None


@functools.cache
def _longest_first() -> list[str]:
    return sorted(_index.SHEET_NAMES, key=lambda k: -len(k))


def _module_genre(module: str) -> Genre | None:
    try:
        return importlib.import_module(f"{__name__}.{module}").GENRE
    except (ImportError, AttributeError):
        return None


def genre_by_slug(slug: str) -> Genre:
    module = _index.SHEET_NAMES.get(slug)
    genre = _module_genre(module) if module else None
    if genre is not None and genre.slug == slug:
        return genre
    for g in all_genres():
        if g.slug == slug:
            return g
    raise KeyError(slug)


def genre_for_pzpr(name: str) -> Genre | None:
    """The genre of a puzz.link genre name: pzprjs' id or any of its other names (`masyu`,
    `pearl` and `mashu` are one genre); None when we have no such genre."""
    pid = puzzlink.pid_of(name)
    for g in all_genres():
        if pid in g.pzpr_ids:
            return g
    return None
