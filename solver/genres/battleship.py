"""Battleship (バトルシップ; Bimaru).

Rules: place the listed fleet into the grid: each ship is a straight line of cells across or
down, as long as listed, and every listed ship is placed exactly once. Ships never touch, not
even corner to corner. A number left of a row counts the ship cells of that row; a number above
a column counts those of that column (a row or column without a number may have any count).
Given cells show water or a ship's segment, which the answer keeps.

Layout: as tile-paint's, with the fleet beside: the column counts in row 1 above their columns
(from B1 on), the row counts in column A beside their rows (from A2 down), A1 empty, the grid
from B2. Right of the grid one empty column, then the fleet: the ships' lengths, one per cell
top to bottom from row 1, or several in a cell apart (`4 3 3 2 2 2 1 1 1 1`, or with commas),
in as many columns as needed (none taller than the counts' row and the grid). The sentinel goes
one cell diagonally below-right of the grid's last row and the fleet's last column. A count may
be left empty. A given cell holds one of (any case):

    `~`, `x`, `water`                    water: no ship here
    `o`, `●`, `single`                   a ship of one cell
    `<`, `◀`, `left`, `w` (west)         the left end of a ship across
    `>`, `▶`, `right`, `e` (east)        the right end of a ship across
    `^`, `▲`, `top`, `n` (north)         the top end of a ship down
    `v`, `▼`, `bottom`, `s` (south)      the bottom end of a ship down
    `m`, `middle`                        a middle cell of a ship of three or more
    `ship`                               a ship's cell, any part

The 6x6 of puzz.link's example with a fleet of 3, 2, 2, 1, 1 and 1 (I1 could hold `3 2 2 1 1 1`
instead):

       A  B  C  D  E  F  G  H  I
    1     .  1  2  .  .  2     3
    2                    ~     2
    3  3                       2
    4  0                       1
    5     <                    1
    6  3                       1
    7                             J

The answer shades the ship cells (a dark fill, and `■` in an empty cell; a given keeps its
text and gets the fill). Shading by hand, for Check: `■` or `#`, or a dark fill (the only way
on a given segment); `・`, `.` or `×` marks a cell known to be water. The record's `shaded`
cells are counted from the grid's top-left cell (B2 is [0, 0]).

puzz.link: `battleship`: the counts above the columns and left of the rows (number16), then
the cells (number16: 0 water, 1 top end, 2 bottom end, 3 left end, 4 right end, 5 middle, 6 a
ship of one cell, `.` a ship's cell), then the fleet: a preset (`//c`: 3 2 2 1 1 1, `//d`:
4 3 3 2 2 2 1 1 1 1, `//e`: 5 4 4 3 3 3 2 2 2 2 1 1 1 1 1) or `/N/` and N straight pieces.

Model: the candidates are every placement of a ship of each listed length in the grid
(`solver.blocks.polyominoes.fits`); y(n,i) = 1 when the i-th placement of a ship of the n-th
length is taken (`solver.blocks.placements.choose`, any number). Fleet(n): the y of a length
sum to the ships of that length listed. b(r,c) = 1 when cell (r,c) is a ship's. Fill(r,c): a
cell's b is the sum of the y of the placements over it (one ship a cell at most). Corner(r,c,d):
two cells corner to corner (d = 1 down-right, 2 down-left) are not both ships' (a straight ship
never holds both). Touch(r,c,d): two neighbours (d = 1 right, 2 below) are both ships' only
inside one placement: b_p + b_q - (the y of the placements over both) <= 1. Row(r), Col(c): the
counts. Water(r,c): a given water cell has b = 0; Segment(r,c): the y of the placements that
make a given cell the segment it shows sum to 1.

Deductions (`deduce`): the same rules over the same placements, for a SAT solver (CaDiCaL
through `solver.deduce.sat`): a variable per placement and one per cell for water; each cell
water or under exactly one placement, the fleet's and the counts' sums, two cells corner to
corner not both ships', two neighbours both ships' only under one placement, the givens. Where
it ends with one answer within the Tuning's `sat_conflicts`, that is the only one and the
pipeline runs no solver (`pipeline._decided`); with none or two, nothing is decided and the model
finds them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

import pulp

from solver.blocks.cells import components, shade_vars, shaded_record
from solver.blocks.geometry import Cell
from solver.blocks.names import a1, quote
from solver.blocks.placements import choose
from solver.blocks.polyominoes import Shape, fits, straight
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat
from solver.deduce.shade_logic import shading_deductions
from solver.genres import define
from solver.io import puzzlink
from solver.io.givens import Given, every_value
from solver.io.run_lists import grid_width
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, row, value
from solver.mip.settings import Tuning

ORIGIN = (1, 1)  # the grid's top-left cell in the sheet, 0-based: B2
Answer = frozenset[Cell]  # the ship cells, counted from the grid's top-left cell
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded

WATER = "water"
# the conflicts of the SAT solver (`deduce`): a bound far above what a published puzzle needs
# (in docs/performance.md's run of the whole set, it decides every one, and no model runs)
SAT_CONFLICTS = 1_000_000
SEGMENTS = ("water", "single", "left", "right", "top", "bottom", "middle", "ship")
SPELLINGS = {
    **dict.fromkeys(("~", "x", "water"), "water"),
    **dict.fromkeys(("o", "●", "single"), "single"),
    **dict.fromkeys(("<", "◀", "left", "w"), "left"),
    **dict.fromkeys((">", "▶", "right", "e"), "right"),
    **dict.fromkeys(("^", "▲", "top", "n"), "top"),
    **dict.fromkeys(("v", "▼", "bottom", "s"), "bottom"),
    **dict.fromkeys(("m", "middle"), "middle"),
    "ship": "ship",
}
TYPED = {  # how to_cells writes each segment
    "water": "~",
    "single": "o",
    "left": "<",
    "right": ">",
    "top": "^",
    "bottom": "v",
    "middle": "m",
    "ship": "ship",
}
# puzz.link's cell numbers (pzprjs' statuepark.js: UP, DN, LT, RT, CENTER, SINGLE); `.`: a
# ship's cell of any part
URL_SEGMENTS = {0: "water", 1: "top", 2: "bottom", 3: "left", 4: "right", 5: "middle", 6: "single"}
URL_SEGMENTS_BACK = {name: n for n, name in URL_SEGMENTS.items()}
PRESETS = {  # pzprjs' fleets, as its pieces (a ship of n across: n, 1, its bits in base 32)
    "c": ("11g", "11g", "11g", "21o", "21o", "31s"),
    "d": ("11g",) * 4 + ("21o",) * 3 + ("31s",) * 2 + ("41u",),
    "e": ("11g",) * 5 + ("21o",) * 4 + ("31s",) * 3 + ("41u",) * 2 + ("51v",),
}


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    col_counts: tuple[int | None, ...]  # above each column
    row_counts: tuple[int | None, ...]  # left of each row
    fleet: tuple[int, ...]  # the ships' lengths, longest first
    givens: tuple[tuple[Cell, str], ...] = ()  # (cell, one of SEGMENTS), in reading order

    @cached_property
    def candidates(self) -> dict[int, list[Shape]]:
        """Each listed length -> every placement of a ship that long in the grid."""
        grid = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        return {n: fits(straight(n), grid) for n in sorted(set(self.fleet))}


def segment_of(ship: Shape, cell: Cell) -> str:
    """What `cell` of a placed ship is: single, left, right, top, bottom or middle."""
    if len(ship) == 1:
        return "single"
    first, last = min(ship), max(ship)
    across = first[0] == last[0]
    if cell == first:
        return "left" if across else "top"
    if cell == last:
        return "right" if across else "bottom"
    return "middle"


def _shows(segment: str, ship: Shape, cell: Cell) -> bool:
    return segment == "ship" or segment_of(ship, cell) == segment


def _sheet(cell: Cell) -> Cell:
    """A grid cell as a cell of the sheet's grid (which holds the counts too)."""
    return cell[0] + ORIGIN[0], cell[1] + ORIGIN[1]


def _name(cell: Cell) -> str:
    """A grid cell named as the sheet's cell (B2 for [0, 0])."""
    r, c = _sheet(cell)
    return a1(r + 1, c + 1)


def _lengths(grid: Grid, r: int, c: int, most: int) -> list[int]:
    v = grid[r, c]
    if v is None:
        return []
    tokens = [v] if isinstance(v, int) else re.split(r"[\s,;]+", str(v).strip())
    lengths = []
    for token in tokens:
        if isinstance(token, int) or (isinstance(token, str) and token.isdigit()):
            n = int(token)
            if 1 <= n <= most:
                lengths.append(n)
                continue
        raise grid.error(
            r,
            c,
            f"expected the fleet's ship lengths from 1 to {most} (`4 3 3 2`, or one a cell), "
            f"found {quote(v)}",
        )
    return lengths


def parse(grid: Grid) -> Puzzle:
    width = grid_width(grid)
    if grid.rows < 2 or width is None or width < 2 or width == grid.cols - 1:
        raise InputError(
            grid.sheet,
            "the column counts go in row 1 from B1, the row counts in column A from A2, the grid "
            "from B2; right of the grid one empty column, then the fleet's ship lengths; the "
            "sentinel diagonally below-right of the grid's last row and the fleet's last column",
        )
    if grid[0, 0] is not None:
        raise grid.error(
            0,
            0,
            f"A1 stays empty (the column counts start in B1, the row counts in A2, the grid in "
            f"B2); found {quote(grid[0, 0])}",
        )
    rows, cols = grid.rows - 1, width - 1
    col_counts = tuple(grid.number(0, c, 0, rows, "a column's count") for c in range(1, width))
    row_counts = tuple(grid.number(r, 0, 0, cols, "a row's count") for r in range(1, rows + 1))
    fleet = [
        n
        for c in range(width + 1, grid.cols)
        for r in range(grid.rows)
        for n in _lengths(grid, r, c, max(rows, cols))
    ]
    if not fleet:
        raise grid.error(0, width + 1, "list the fleet's ship lengths here (`4 3 3 2 2 1`)")
    givens = []
    for r in range(1, rows + 1):
        for c in range(1, width):
            v = grid[r, c]
            if v is None:
                continue
            segment = SPELLINGS.get(str(v).strip().lower())
            if segment is None:
                raise grid.error(
                    r,
                    c,
                    f"expected a given segment (`~` water, `o` single, `<` `>` `^` `v` ends, `m` "
                    f"middle, `ship`) or an empty cell, found {quote(v)}",
                )
            givens.append(((r - 1, c - 1), segment))
    p = Puzzle(
        rows, cols, col_counts, row_counts, tuple(sorted(fleet, reverse=True)), tuple(givens)
    )
    for cell, segment in givens:
        if segment != WATER and not any(
            _shows(segment, ship, cell) for ships in p.candidates.values() for ship in ships
        ):
            r, c = _sheet(cell)
            raise grid.error(
                r, c, f"no ship of the fleet ({_fleet_text(p.fleet)}) fits this {segment} segment"
            )
    return p


def _fleet_text(fleet: tuple[int, ...]) -> str:
    return " ".join(map(str, fleet))


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The counts around the grid with its given segments, an empty column, then the fleet one
    length a cell, in as many columns as it needs."""
    given = dict(p.givens)
    cells: list[list[Value]] = [[None, *p.col_counts]]
    for r, n in enumerate(p.row_counts):
        cells.append([n] + [_typed(given.get((r, c))) for c in range(p.cols)])
    height = p.rows + 1
    columns = [p.fleet[i : i + height] for i in range(0, len(p.fleet), height)]
    for r, line in enumerate(cells):
        line.append(None)
        line += [column[r] if r < len(column) else None for column in columns]
    return cells


def _typed(segment: str | None) -> str | None:
    return None if segment is None else TYPED[segment]


def model(p: Puzzle) -> Model:
    prob = new_problem("battleship")
    b = shade_vars(prob, p.rows, p.cols)
    y = choose(prob, p.candidates, each=False)
    listed = Counter(p.fleet)
    for n, ships in p.candidates.items():
        taken = pulp.lpSum(y[n, i] for i in range(len(ships)))
        prob += taken == listed[n], f"Fleet({n})"
    over: dict[Cell, dict[pulp.LpVariable, float]] = {cell: {} for cell in b}
    for n, ships in p.candidates.items():
        for i, ship in enumerate(ships):
            for cell in ship:
                over[cell][y[n, i]] = 1
    for cell, v in b.items():
        prob += row({**over[cell], v: -1}, "==", 0), cname("Fill", cell)
    for r, c in b:
        for d, q in enumerate(((r + 1, c + 1), (r + 1, c - 1)), start=1):
            if q in b:
                prob += row({b[r, c]: 1, b[q]: 1}, "<=", 1), cname("Corner", (r, c), d)
        for d, q in enumerate(((r, c + 1), (r + 1, c)), start=1):
            if q in b:
                both = {v: -1 for v in over[r, c] if v in over[q]}
                prob += row({b[r, c]: 1, b[q]: 1, **both}, "<=", 1), cname("Touch", (r, c), d)
    for r, n in enumerate(p.row_counts):
        if n is not None:
            prob += pulp.lpSum(b[r, c] for c in range(p.cols)) == n, f"Row({r + 1})"
    for c, n in enumerate(p.col_counts):
        if n is not None:
            prob += pulp.lpSum(b[r, c] for r in range(p.rows)) == n, f"Col({c + 1})"
    for cell, segment in p.givens:
        if segment == WATER:
            prob += b[cell] == 0, cname("Water", cell)
            continue
        shown = [
            y[n, i]
            for n, ships in p.candidates.items()
            for i, ship in enumerate(ships)
            if cell in ship and _shows(segment, ship, cell)
        ]
        prob += pulp.lpSum(shown) == 1, cname("Segment", cell)
    return Model(prob, list(b.values()), {"b": b, "y": y})


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """The ship cells where the SAT solver over the model's rules (the module's docstring)
    finds exactly one answer within the Tuning's `sat_conflicts`; nothing decided otherwise."""
    given = dict(p.givens)
    ships = [
        (n, ship)
        for n, placed in p.candidates.items()
        for ship in placed
        if _possible(p, ship, given)
    ]
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    water = {q: len(ships) + k for k, q in enumerate(cells)}  # after the placements' variables
    over: dict[Cell, list[int]] = {q: [] for q in cells}
    for v, (_, ship) in enumerate(ships):
        for q in ship:
            over[q].append(v)
    listed = Counter(p.fleet)
    sums: list[sat.Sum] = [(1, [(v, 1) for v in [*over[q], water[q]]]) for q in cells]
    sums += [(listed[n], [(v, 1) for v, (m, _) in enumerate(ships) if m == n]) for n in listed]
    for r, n in enumerate(p.row_counts):
        if n is not None:
            sums.append((p.cols - n, [(water[r, c], 1) for c in range(p.cols)]))
    for c, n in enumerate(p.col_counts):
        if n is not None:
            sums.append((p.rows - n, [(water[r, c], 1) for r in range(p.rows)]))
    clauses: list[list[tuple[int, int]]] = []
    for r, c in cells:
        for q in ((r + 1, c + 1), (r + 1, c - 1)):  # corner to corner: one is water
            if q in water:
                clauses.append([(water[r, c], 1), (water[q], 1)])
        for q in ((r, c + 1), (r + 1, c)):  # neighbours: water, or under one placement
            if q in water:
                both = [(v, 1) for v in over[r, c] if v in over[q]]
                clauses.append([(water[r, c], 1), (water[q], 1), *both])
    for q, segment in p.givens:
        if segment == WATER:
            clauses.append([(water[q], 1)])
        else:
            clauses.append([(v, 1) for v in over[q] if _shows(segment, ships[v][1], q)])
    found = sat.answers(
        len(ships) + len(cells), sums, tuning.sat_conflicts, 2, clauses, shown=list(water.values())
    )
    if found is None or len(found) != 1:
        return Deductions()  # two answers, none, or past its conflicts: the model finds them
    (values,) = found
    shaded = {q for q in cells if not values[water[q]]}
    return shading_deductions((shaded, set(cells) - shaded), p.rows, p.cols)


def _possible(p: Puzzle, ship: Shape, given: dict[Cell, str]) -> bool:
    """Whether the rules let a ship lie there at all: its rows' and columns' counts hold its
    cells there, each given on it shows the segment it makes, and no given ship's segment lies
    beside it or corner to corner (it would touch another ship)."""
    rows, cols = Counter(r for r, _ in ship), Counter(c for _, c in ship)
    if any(n > (p.row_counts[r] if p.row_counts[r] is not None else n) for r, n in rows.items()):
        return False
    if any(n > (p.col_counts[c] if p.col_counts[c] is not None else n) for c, n in cols.items()):
        return False
    for q in ship:
        if q in given and not _shows(given[q], ship, q):
            return False  # water, or another segment
    around = {(r + dr, c + dc) for r, c in ship for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    return not any(given.get(q, WATER) != WATER for q in around - ship)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def ships_of(cells: Answer) -> list[set[Cell]]:
    """The groups of ship cells side by side (each one ship in a valid answer)."""
    return sorted(components(cells), key=min)


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    """Violations name sheet cells (the grid starts at B2)."""
    inside = frozenset(cell for cell in shaded if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)
    problems: list[str] = []
    ships = ships_of(inside)
    straight_ships = []
    for ship in ships:
        if len({r for r, _ in ship}) > 1 and len({c for _, c in ship}) > 1:
            problems.append(
                Violation(
                    f"the ship cells at {_name(min(ship))} are not one straight line: ships "
                    "never touch",
                    [_sheet(cell) for cell in ship],
                )
            )
        else:
            straight_ships.append(ship)
    ship_of = {cell: k for k, ship in enumerate(ships) for cell in ship}
    for r, c in sorted(inside):
        for q in ((r + 1, c + 1), (r + 1, c - 1)):
            if q in inside and ship_of[q] != ship_of[r, c]:
                problems.append(
                    Violation(
                        f"the ships at {_name((r, c))} and {_name(q)} touch corner to corner",
                        [_sheet((r, c)), _sheet(q)],
                    )
                )
    placed = Counter(len(ship) for ship in straight_ships)
    listed = Counter(p.fleet)
    for n in sorted(placed.keys() | listed.keys(), reverse=True):
        if placed[n] > listed[n]:
            extra = [ship for ship in straight_ships if len(ship) == n]
            problems.append(
                Violation(
                    f"{placed[n]} ships of {n} cell{'s' * (n != 1)} (at "
                    f"{', '.join(_name(min(s)) for s in extra)}), but the fleet lists "
                    f"{listed[n]}",
                    [_sheet(cell) for ship in extra for cell in ship],
                )
            )
        elif placed[n] < listed[n]:
            problems.append(
                f"the fleet lists {listed[n]} ships of {n} cell{'s' * (n != 1)}, and "
                f"{placed[n]} {'is' if placed[n] == 1 else 'are'} placed"
            )
    for what, counts, lines in (
        ("row", p.row_counts, [[(r, c) for c in range(p.cols)] for r in range(p.rows)]),
        ("column", p.col_counts, [[(r, c) for r in range(p.rows)] for c in range(p.cols)]),
    ):
        for k, (n, line) in enumerate(zip(counts, lines, strict=True)):
            count = sum(cell in inside for cell in line)
            if n is not None and count != n:
                at = (k + ORIGIN[0], 0) if what == "row" else (0, k + ORIGIN[1])
                problems.append(
                    Violation(
                        f"the {what} of the count {n} at {a1(at[0] + 1, at[1] + 1)} has {count} "
                        f"ship cell{'s' * (count != 1)}",
                        [at, *(_sheet(cell) for cell in line)],
                    )
                )
    for cell, segment in p.givens:
        if segment == WATER:
            if cell in inside:
                problems.append(
                    Violation(f"{_name(cell)} is given as water and holds a ship", [_sheet(cell)])
                )
            continue
        if cell not in inside:
            problems.append(
                Violation(
                    f"{_name(cell)} is given as a {segment} segment and holds no ship",
                    [_sheet(cell)],
                )
            )
            continue
        ship = frozenset(ships[ship_of[cell]])
        if not _shows(segment, ship, cell):
            problems.append(
                Violation(
                    f"{_name(cell)} is given as a {segment} segment, and its ship makes it "
                    f"a {segment_of(ship, cell)} one",
                    [_sheet(q) for q in ship],
                )
            )
    return problems


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(_sheet(cell) for cell in shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid.window(*ORIGIN, p.rows, p.cols), m["b"]))


blank = shading_blank  # a given segment keeps its text: only the fill shows the answer


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The counts and the given cells (water or a ship's segment), each taken out by leaving
    its cell empty; the fleet is the puzzle itself."""
    cells = [(0, c) for c in range(1, p.cols + 1)] + [(r, 0) for r in range(1, p.rows + 1)]
    cells += [_sheet(cell) for cell, _ in p.givens]
    return every_value(grid, sorted(cells))


# --- puzz.link --------------------------------------------------------------------------------


def _piece_length(piece: str) -> int:
    """The length of a straight ship from pzprjs' piece text: width and height in base 36, then
    the cells' bits five to a base-32 character."""
    try:
        w, h = int(piece[0], 36), int(piece[1], 36)
        bits = "".join(format(int(ch, 32), "05b") for ch in piece[2:])
    except (ValueError, IndexError):
        raise puzzlink.UrlError(f"battleship: {puzzlink.shown(piece)} is not a piece") from None
    n = w * h
    if min(w, h) != 1 or n < 1 or bits[:n] != "1" * n or "1" in bits[n:]:
        raise puzzlink.UrlError(
            f"battleship: the piece {puzzlink.shown(piece)} is not a straight ship"
        )
    return n


def _piece(n: int) -> str:
    bits = "1" * n
    bits += "0" * (-len(bits) % 5)
    text = "".join(_base32(int(bits[i : i + 5], 2)) for i in range(0, len(bits), 5))
    return _base36(n) + "1" + text.rstrip("0")


def _base32(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuv"[v]


def _base36(v: int) -> str:
    if not 1 <= v < 36:
        raise puzzlink.UrlError(f"battleship: a puzz.link URL cannot hold a ship of {v} cells")
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


def _fleet_of_url(rest: str) -> list[int]:
    if rest.startswith("//"):
        key = rest[2:3]
        if key not in PRESETS:
            raise puzzlink.UrlError(
                f"battleship: the preset {puzzlink.shown(rest)} is not a fleet of straight ships "
                "(those are c, d and e)"
            )
        puzzlink.end(rest[3:])
        return [_piece_length(piece) for piece in PRESETS[key]]
    if not rest.startswith("/"):
        raise puzzlink.UrlError(
            f"battleship: expected the fleet after /, found {puzzlink.shown(rest)}"
        )
    parts = rest[1:].split("/")
    if not parts[0].isdigit():
        raise puzzlink.UrlError(f"battleship: {puzzlink.shown(parts[0])} is not a number of ships")
    count = int(parts[0])
    if len(parts) != count + 1:
        raise puzzlink.UrlError(
            f"battleship: the fleet lists {count} ships and has {len(parts) - 1}"
        )
    return [_piece_length(piece) for piece in parts[1:]]


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    body = url.body
    counts: list = [None] * (url.cols + url.rows)
    cells: list = [None] * (url.rows * url.cols)
    if not body.startswith("/"):
        counts, body = puzzlink.decode_number16(body, url.cols + url.rows, what="counts")
        cells, body = puzzlink.decode_number16(body, url.rows * url.cols)
    for n in counts:
        if n == puzzlink.UNKNOWN:
            raise puzzlink.UrlError("battleship: a count shown as ? is not supported")
    cols, rows = counts[: url.cols], counts[url.cols :]
    for n, most in [(n, url.rows) for n in cols] + [(n, url.cols) for n in rows]:
        if n is not None and n > most:
            raise puzzlink.UrlError(f"battleship: a count of {n} in a line of {most} cells")
    givens = []
    for k, v in enumerate(cells):
        if v is None:
            continue
        if v == puzzlink.UNKNOWN:
            segment = "ship"
        elif v in URL_SEGMENTS:
            segment = URL_SEGMENTS[v]
        else:
            raise puzzlink.UrlError(f"battleship: {v} is not a ship's segment (0-6)")
        givens.append(((k // url.cols, k % url.cols), segment))
    fleet = _fleet_of_url(body)
    if not fleet or max(fleet) > max(url.rows, url.cols):
        raise puzzlink.UrlError("battleship: the fleet is empty or has a ship longer than the grid")
    fleet = sorted(fleet, reverse=True)
    return Puzzle(url.rows, url.cols, tuple(cols), tuple(rows), tuple(fleet), tuple(givens))


def to_url(p: Puzzle) -> str:
    """The counts above the columns and left of the rows, the cells, then the fleet, shortest
    first as pzprjs' presets list it (a preset where it is one)."""
    given = dict(p.givens)
    cells = [given.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    values = [
        None if s is None else puzzlink.UNKNOWN if s == "ship" else URL_SEGMENTS_BACK[s]
        for s in cells
    ]
    body = puzzlink.encode_number16([*p.col_counts, *p.row_counts], most=255)
    body += puzzlink.encode_number16(values)
    pieces = tuple(_piece(n) for n in sorted(p.fleet))
    preset = next((key for key, ships in PRESETS.items() if ships == pieces), None)
    body += f"//{preset}" if preset else f"/{len(pieces)}/" + "/".join(pieces)
    return puzzlink.url_text("battleship", p.cols, p.rows, body)


# HiGHS (the default back end): on 15 published puzzles of 6x6 to 14x14, a median of 0.10 s of
# CPU to the answer and its proof, SCIP 0.14 s.
GENRE = define(
    __name__,
    slug="battleship",
    ja="バトルシップ",
    pzpr_ids=("battleship",),
    names=("battleship", "battleships", "bimaru"),
    tuning=Tuning(sat_conflicts=SAT_CONFLICTS),
)
