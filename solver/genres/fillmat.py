"""Fillmat (フィルマット).

Rules: divide the grid into mats: straight strips 1x1, 1x2, 1x3 or 1x4, lying or standing. A
number gives the length of the mat that holds it; a mat holds at most one number, and mats
without a number are allowed. Two mats of the same length never touch side by side (at a
corner they may), and four mats never meet at one point: no crossing of walls.

Layout: one puzzle cell per spreadsheet cell from A1: the numbers 1-4 (full-width digits are
fine), `?` for a number not given (its mat holds no other number, of any length), the other
cells empty (a `.` also means no number). The sentinel one cell diagonally below-right of the
grid.

The answer draws the mats as medium borders in the answer colour on every cell side between
two mats (`solver.blocks.regions`; the grid's frame is left as it is); the numbers keep their cells,
and the user's own borders come back when the answer is cleared. Solving by hand, draw the
mats with Excel's border tool: any medium or heavier line, in any colour, on either of the two
cells beside a side; thin lines are the sheet's grid. Check reads every side so drawn as a wall
and says `incomplete` for a division not finished yet that can still be. (Excel on macOS draws
no borders: solve there with the CLI, or on Windows.)

puzz.link: `fillmat`, number10 over the cells (`.` an unknown number).

Model (the deck's set partitioning, `solver.blocks.placements`): the candidates are every strip of
1-4 cells in the grid holding at most one number, of that number's length when it holds one; keyed
by their first cell, y(k,i) = 1 when the k-th cell's i-th strip is a mat (no cell has to start
one: `choose(each=False)`). Cover(r,c): every cell lies in exactly one mat. The answer variables
are the walls w (`solver.blocks.regions.walls`): w = 1 between two cells of different mats.
Apart(n,...): for two neighbouring cells a and b and each length n, the mats of length n that
hold a but not b, plus those that hold b but not a, are at most one (equal lengths never side
by side). Corner(r,c): of the four walls that meet at an inner grid point at most three are
there (no four mats meet). A number that no strip fits is told as an input error.

Deductions (`deduce`): a SAT solver (CaDiCaL through `solver.deduce.sat`) over the same rows
(`_Mats`: the strips and walls as its variables, Cover and Wall as "exactly one", Apart as
"not two", Corner as "not all four"): its answer is an answer, so the pipeline asks the proof about
it before it builds any model (`Deductions.found`, `pipeline._found_answer`), the same solver
told "not these walls again". Where either gives up (`Tuning.guess_sat_work`,
`Tuning.proof_sat_conflicts`), the model searches, or proves.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Generator
from dataclasses import dataclass

import pulp

from solver.blocks import placements, regions
from solver.blocks.geometry import Cell, CellPuzzle, grid_edges
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat
from solver.deduce.probing import walked
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.regions_sheet import read_regions, render_regions
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem
from solver.mip.settings import Tuning

UNKNOWN = puzzlink.UNKNOWN  # a number whose value is not given
LONGEST = 4  # mats are 1x1 to 1x4
ANSWER_ON_BORDERS = True  # the mats are drawn on the cells' borders

Answer = regions.Regions  # an id per cell: the mat it lies in
Strip = tuple[Cell, ...]


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # 1-4, UNKNOWN, or None

    def numbers(self) -> dict[Cell, int | str]:
        return self.givens()


def parse(grid: Grid) -> Puzzle:
    def number(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None or is_mark(v, spellings.EMPTY):
            return None
        if is_mark(v, spellings.UNKNOWN):
            return UNKNOWN
        if isinstance(v, int) and 1 <= v <= LONGEST:
            return v
        raise grid.error(r, c, f"a cell holds a mat's length 1-4, '?' or nothing, found {quote(v)}")

    p = Puzzle(tuple(tuple(number(r, c) for c in range(grid.cols)) for r in range(grid.rows)))
    if (cell := unfit(p)) is not None:
        n = p.numbers()[cell]
        raise grid.error(
            *cell,
            f"no straight mat of {n} cells holds this {n} inside the grid without holding "
            "another number: check the number and its neighbours",
        )
    return p


@functools.cache
def candidates(p: Puzzle) -> dict[Cell, list[Strip]]:
    """The strips starting at each cell (rightwards and downwards; a 1x1 once) that may be
    mats: at most one number, and then of its length."""
    numbers = p.numbers()
    found: dict[Cell, list[Strip]] = {}
    for r, c in p.positions():
        options = []
        for n in range(1, LONGEST + 1):
            for dr, dc in ((0, 1), (1, 0)) if n > 1 else ((0, 1),):
                strip = tuple((r + dr * k, c + dc * k) for k in range(n))
                if strip[-1][0] >= p.rows or strip[-1][1] >= p.cols:
                    continue
                held = [numbers[q] for q in strip if q in numbers]
                if len(held) > 1 or (held and held[0] != UNKNOWN and held[0] != n):
                    continue
                options.append(strip)
        found[r, c] = options
    return found


def unfit(p: Puzzle) -> Cell | None:
    """The first number that no strip fits (a 4 in a 3x3 grid, a 2 between two numbers)."""
    reached = {q for options in candidates(p).values() for strip in options for q in strip}
    return next((cell for cell in p.numbers() if cell not in reached), None)


def _corners(p: Puzzle) -> dict[Cell, list[tuple[Cell, Cell]]]:
    """Each inner grid point (named by the cell below-right of it) and the four cell sides that
    meet there."""
    return {
        (r, c): [
            ((r - 1, c - 1), (r - 1, c)),
            ((r, c - 1), (r, c)),
            ((r - 1, c - 1), (r, c - 1)),
            ((r - 1, c), (r, c)),
        ]
        for r in range(1, p.rows)
        for c in range(1, p.cols)
    }


def model(p: Puzzle) -> Model:
    prob = new_problem("fillmat")
    options = candidates(p)
    y = placements.choose(prob, options, each=False)
    placements.cover(prob, options, y, p.positions())
    w = regions.walls(prob, options, y, p.rows, p.cols)
    for a, b in grid_edges(p.rows, p.cols):
        for n in range(1, LONGEST + 1):
            touching = [
                y[k, i]
                for k, strips in options.items()
                for i, strip in enumerate(strips)
                if len(strip) == n and (a in strip) != (b in strip)
            ]
            if len(touching) > 1:
                prob += pulp.lpSum(touching) <= 1, cname(f"Apart{n}", a, b)
    for point, sides in _corners(p).items():
        prob += pulp.lpSum(w[side] for side in sides) <= 3, cname("Corner", point)
    return Model(prob, list(w.values()), {"y": y, "w": w, "candidates": options})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """The mats from a SAT solver over the model's strips and walls (`_Mats`), proved before any
    model by the same solver told "not these walls again" (`sat.found`)."""
    mats = _Mats.of(p)
    return sat.found(mats, tuning.guess_sat_work, tuning.proof_sat_conflicts, "w", len(mats.wall))


@dataclass(frozen=True)
class _Mats:
    """The model's strips and walls as 0/1 variables of a SAT solver (`solver.deduce.sat`),
    its rows as clauses and sums: each cell in one strip (Cover), a wall where no strip holds
    both cells (Wall), not two strips of one length across a side (Apart), not four walls at
    a point (Corner)."""

    rows: int
    cols: int
    count: int
    sums: list[sat.Sum]
    clauses: list[list[tuple[int, int]]]
    wall: dict[tuple[Cell, Cell], int]  # a side -> its variable, 1 where it is a wall

    @staticmethod
    def of(p: Puzzle) -> _Mats:
        strips = [strip for options in candidates(p).values() for strip in options]
        count = len(strips)
        sides = grid_edges(p.rows, p.cols)
        wall = {side: count + k for k, side in enumerate(sides)}
        count += len(sides)
        holding: dict[Cell, list[int]] = {q: [] for q in p.positions()}
        for k, strip in enumerate(strips):
            for q in strip:
                holding[q].append(k)
        sums: list[sat.Sum] = []
        clauses: list[list[tuple[int, int]]] = []

        def one_of(group: list[int]) -> None:
            """Exactly one of the group: pairwise where that is few clauses, else a sum."""
            if len(group) > sat.SMALL_SUM:
                sums.append((1, [(v, 1) for v in group]))
                return
            clauses.append([(v, 1) for v in group])
            clauses.extend([(i, 0), (j, 0)] for i, j in itertools.combinations(group, 2))

        for q in p.positions():
            one_of(holding[q])
        for a, b in sides:
            one_of([*sorted(set(holding[a]) & set(holding[b])), wall[a, b]])
            for n in range(1, LONGEST + 1):
                across = [
                    k for k in sorted(set(holding[a]) ^ set(holding[b])) if len(strips[k]) == n
                ]
                clauses += [[(i, 0), (j, 0)] for i, j in itertools.combinations(across, 2)]
        clauses += [[(wall[side], 0) for side in sides] for sides in _corners(p).values()]
        return _Mats(p.rows, p.cols, count, sums, clauses, wall)

    def search(
        self, conflicts: int = 2**62, clauses: list[list[tuple[int, int]]] | None = None
    ) -> Generator[int, None, list[list[int]] | None]:
        """The SAT solver's search for an answer (`sat.rounds`, one answer), with `clauses`
        beside the rules."""
        shown = list(self.wall.values())
        return sat.rounds(
            self.count, self.sums, conflicts, 1, [*self.clauses, *(clauses or [])], shown=shown
        )

    def walls(self, values: list[int]) -> set[tuple[Cell, Cell]]:
        """The walls of an answer of the solver."""
        return {side for side, v in self.wall.items() if values[v]}

    def read(self, values: list[int]) -> tuple[Answer, frozenset[tuple[Cell, Cell]]]:
        """The mats of an answer (each cell's mat), and its walls (the model's `w`)."""
        walls = self.walls(values)
        return regions.pieces(self.rows, self.cols, walls), frozenset(walls)

    def others(self, found: Answer, conflicts: int) -> list[Answer] | None:
        """An answer with other walls than `found`, [] where none, None where the solver gives
        up within `conflicts`."""
        walls = regions.region_walls(found)
        again = [[(v, int(side not in walls)) for side, v in self.wall.items()]]
        solved = walked(self.search(conflicts, again))
        if solved is None:
            return None
        return [regions.pieces(self.rows, self.cols, self.walls(v)) for v in solved]


def decode(p: Puzzle, m: Model) -> Answer:
    return regions.pieces(p.rows, p.cols, regions.walls_of(m))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Each piece is a straight strip of 1-4 cells holding at most one number, equal to its
    length; two pieces of equal length never share a side; four pieces never meet at a point.
    Pieces are named by their first cell; a division drawn half-way shows pieces too large."""
    problems = []
    numbers = p.numbers()
    pieces = regions.by_id(a)
    for cells in pieces.values():
        at = cell_name(cells[0])
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        straight = (len(rows) == 1 or len(cols) == 1) and len(rows) * len(cols) == len(cells)
        if not straight or len(cells) > LONGEST:
            problems.append(
                Violation(
                    f"the piece from {at} ({len(cells)} cells) is not a mat of 1x1 to 1x4", cells
                )
            )
        held = [cell for cell in cells if cell in numbers]
        if len(held) > 1:
            names = ", ".join(cell_name(cell) for cell in held)
            problems.append(
                Violation(f"the piece from {at} holds {len(held)} numbers ({names})", held)
            )
        elif held and numbers[held[0]] != UNKNOWN and numbers[held[0]] != len(cells):
            n = numbers[held[0]]
            problems.append(
                Violation(
                    f"the number {n} at {cell_name(held[0])} is in a mat of {len(cells)} "
                    f"cell{'' if len(cells) == 1 else 's'}",
                    cells,
                )
            )
    told: set[tuple[int, int]] = set()
    for (r1, c1), (r2, c2) in sorted(regions.region_walls(a)):
        one, two = a[r1][c1], a[r2][c2]
        size = len(pieces[one])
        if size == len(pieces[two]) and (min(one, two), max(one, two)) not in told:
            told.add((min(one, two), max(one, two)))
            problems.append(
                Violation(
                    f"the mats from {cell_name(pieces[one][0])} and {cell_name(pieces[two][0])} "
                    f"have the same length {size} and touch side by side",
                    pieces[one] + pieces[two],
                )
            )
    for r in range(1, p.rows):
        for c in range(1, p.cols):
            four = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
            if len({a[i][j] for i, j in four}) == 4:
                problems.append(
                    Violation(f"four mats meet at the top-left corner of {cell_name((r, c))}", four)
                )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The walls drawn on the sheet (medium or heavier borders), fixed to 1."""
    return dict(read_regions(grid, m["w"]))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_regions(a)


def record(p: Puzzle, a: Answer) -> dict:
    """`regions`: the mat of each cell, numbered in reading order of first cells."""
    return regions.regions_record(a)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`fillmat`: number10 over the cells (`a`-`z` skip 1-26 cells), `.` an unknown number."""
    values, rest = puzzlink.decode_number10(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    for v in values:
        if isinstance(v, int) and not 1 <= v <= LONGEST:
            raise puzzlink.UrlError(f"fillmat: a number is a mat's length 1-4, found {v}")
    p = Puzzle(puzzlink.grid_rows(values, url.cols))
    if (cell := unfit(p)) is not None:
        raise puzzlink.UrlError(f"fillmat: no mat fits the number at {cell_name(cell)}")
    return p


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number10(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("fillmat", p.cols, p.rows, body)


# The SAT solver's budgets (its work for the answer, conflicts for the proof). On noqx's
# published 21 x 12 (its example) and generated 10 x 10s (tests/generators, seeds 1-5) the
# answer came in the first rounds and the proofs took 0 to 557 conflicts; the model, where the
# SAT solver gives up, is slower (the 21 x 12: 0.8 s against 0.14 s in all), so both budgets
# leave a long search to the user's time limit, as hotaru-beam's do.
GUESS_SAT_WORK = 200_000_000
PROOF_SAT_CONFLICTS = 1_000_000

GENRE = define(
    __name__,
    slug="fillmat",
    ja="フィルマット",
    pzpr_ids=("fillmat",),
    tuning=Tuning(guess_sat_work=GUESS_SAT_WORK, proof_sat_conflicts=PROOF_SAT_CONFLICTS),
)
