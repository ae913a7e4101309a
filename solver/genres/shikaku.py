"""Shikaku (四角に切れ).

Rules: divide the grid into rectangles (squares included) along the grid lines. Each rectangle
holds exactly one number, and that number is its area in cells. A `?` is a number that is not
given: its rectangle may have any area.

Layout: one puzzle cell per spreadsheet cell from A1: the numbers (1 and up; full-width digits
are fine), `?` for a number not given, the other cells empty (a `.` also means no number). The
sentinel one cell diagonally below-right of the grid.

    3 . . 3 . .         ┏━━━━━━━┳━━━━━━━┓
    . . . . . .         ┃ 3     ┃ 3     ┃  ...
    6 . 4 . . .         ┣━━━┳━━━╋━━━┳━━━┫

The answer draws the rectangles as medium borders in the answer colour on every cell side
between two rectangles (`solver.blocks.regions`; the grid's frame is left as it is); the numbers
keep their cells, and the user's own borders come back when the answer is cleared. Solving by hand,
draw the rectangles with Excel's border tool: any medium or heavier line, in any colour, on
either of the two cells beside a side; thin lines are the sheet's grid. Check reads every side
so drawn as a wall and says `incomplete` for a division that is not finished yet but can still
be.
(Excel on macOS draws no borders: solve there with the CLI, or on Windows.)

puzz.link: `shikaku`, number16 over the cells (`.` an unknown number).

Model (the deck's set partitioning, `solver.blocks.placements`): the candidates of a number are the
rectangles of its area that hold it and no other number (a `?`: every such rectangle, any area);
y(k,i) = 1 when the k-th number (reading order) takes its i-th candidate. Choose(k): each number
takes exactly one; Cover(r,c): each cell lies in exactly one chosen rectangle. The answer
variables are the walls (`solver.blocks.regions.walls`): w(r,c,R) = 1 when cell (r,c) and its right
neighbour lie in different rectangles (w(r,c,D): the cell below), w = 1 - the chosen candidates
holding both cells. A number that no rectangle fits, or a cell that no rectangle reaches, is
told as an input error before the solve. The LP relaxation is tight on these pieces: the deck's
6x6 and a published 24x14 solve at the root node.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pulp

from solver.blocks import placements, regions
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.regions_sheet import read_regions, render_regions
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, new_problem

UNKNOWN = puzzlink.UNKNOWN  # a number whose value is not given
ANSWER_ON_BORDERS = True  # the rectangles are drawn on the cells' borders

Answer = regions.Regions  # an id per cell: the rectangle it lies in


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # area, UNKNOWN, or None

    def numbers(self) -> dict[Cell, int | str]:
        """The numbered cells in reading order, with their area (or UNKNOWN)."""
        return self.givens()


def parse(grid: Grid) -> Puzzle:
    def number(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None or is_mark(v, spellings.EMPTY):
            return None
        if is_mark(v, spellings.UNKNOWN):
            return UNKNOWN
        if isinstance(v, int) and v >= 1:
            return v
        raise grid.error(
            r, c, f"a cell holds a rectangle's area (1 and up), '?' or nothing, found {quote(v)}"
        )

    p = Puzzle(tuple(tuple(number(r, c) for c in range(grid.cols)) for r in range(grid.rows)))
    if not p.numbers():
        raise InputError(grid.sheet, "no numbers: type each rectangle's area into one of its cells")
    if (bad := unfit(p)) is not None:
        raise grid.error(*bad[0], bad[1])
    return p


def rectangles(
    p: Puzzle,
    cell: Cell,
    area: int | None,
    most: int | None = None,
    columns: dict[int, list[int]] | None = None,
) -> list[tuple[Cell, ...]]:
    """Every rectangle inside the grid that holds `cell` and no other number, of `area` cells
    (None: any area), as its cells in reading order; smaller and squarer ones first (then by
    height, width, top row, left column). Only rectangles free of other numbers are visited:
    for each band of rows through the cell, the columns between the nearest numbers beside it.
    TooManyRectangles when their cells add up to more than `most` (default MOST_CELLS).
    `columns`: each row's numbered columns in order (`numbered_columns`), made once for all the
    numbers of a puzzle."""
    c0 = cell[1]
    most = MOST_CELLS if most is None else most
    columns = numbered_columns(p) if columns is None else columns
    found: list[tuple[int, int, int, int]] = []  # height, width, top row, left column
    total = 0
    for top, bottom, lo, hi in _bands(p, cell, columns):
        h = bottom - top + 1
        if area is None:
            widths: Iterable[int] = range(1, hi - lo + 2)
        else:
            widths = [area // h] if area % h == 0 else []
        for w in widths:
            lefts = range(max(lo, c0 - w + 1), min(c0, hi - w + 1) + 1)
            total += h * w * len(lefts)
            if total > most:
                raise TooManyRectangles(cell)
            found += [(h, w, top, left) for left in lefts]
    found.sort(key=lambda k: (k[0] * k[1], abs(k[0] - k[1]), *k))
    at = _cells(p.rows, p.cols)
    return [
        tuple(at[r][c] for r in range(top, top + h) for c in range(left, left + w))
        for h, w, top, left in found
    ]


# the cells of a puzzle's candidate rectangles, all numbers together: a model beyond this is
# refused before it is listed (a `?` alone on a 100 x 100 grid would list 6 million rectangles)
MOST_CELLS = 4_000_000


class TooManyRectangles(Exception):
    """A number whose rectangles are too many to list (a `?` far from other numbers on a large
    grid): with those of the numbers before it, their cells would pass MOST_CELLS."""

    def __init__(self, cell: Cell) -> None:
        self.cell = cell


def numbered_columns(p: Puzzle) -> dict[int, list[int]]:
    """Each row's numbered columns, in order."""
    columns: dict[int, list[int]] = {}
    for r, c in p.numbers():  # reading order: each row's columns come sorted
        columns.setdefault(r, []).append(c)
    return columns


@functools.cache
def _cells(rows: int, cols: int) -> list[list[Cell]]:
    """One (r, c) tuple per cell, shared by every rectangle that holds it."""
    return [[(r, c) for c in range(cols)] for r in range(rows)]


def _bands(
    p: Puzzle, cell: Cell, columns: dict[int, list[int]]
) -> Iterator[tuple[int, int, int, int]]:
    """(top, bottom, lo, hi): each band of rows top..bottom through the cell whose column holds
    no other number, with the columns lo..hi that a rectangle over the band may span;
    `columns`: each row's numbered columns, in order."""
    r0, c0 = cell

    @functools.cache
    def span(r: int) -> tuple[int, int] | None:
        """The columns row r leaves open around column c0 (None: another number in c0)."""
        cs = columns.get(r, [])
        k, j = bisect.bisect_left(cs, c0), bisect.bisect_right(cs, c0)
        if j > k and r != r0:
            return None
        return (cs[k - 1] + 1 if k else 0), (cs[j] - 1 if j < len(cs) else p.cols - 1)

    above_lo, above_hi = 0, p.cols - 1
    for top in range(r0, -1, -1):
        here = span(top)
        if here is None:
            break
        above_lo, above_hi = max(above_lo, here[0]), min(above_hi, here[1])
        lo, hi = above_lo, above_hi
        for bottom in range(r0, p.rows):
            below = span(bottom)
            if below is None:
                break
            lo, hi = max(lo, below[0]), min(hi, below[1])
            yield top, bottom, lo, hi


def _height(cells: tuple[Cell, ...]) -> int:
    return cells[-1][0] - cells[0][0] + 1


def _width(cells: tuple[Cell, ...]) -> int:
    return cells[-1][1] - cells[0][1] + 1


@functools.cache
def candidates(p: Puzzle) -> dict[Cell, list[tuple[Cell, ...]]]:
    """Each number's rectangles, in reading order of the numbers."""
    found, used, columns = {}, 0, numbered_columns(p)
    for cell, n in p.numbers().items():
        area = None if n == UNKNOWN else int(n)
        found[cell] = rectangles(p, cell, area, MOST_CELLS - used, columns)
        used += sum(map(len, found[cell]))
    return found


def unfit(p: Puzzle) -> tuple[Cell, str] | None:
    """The first number that no rectangle fits, or else the first cell that no rectangle
    reaches, with what to say about it; None when every number and cell has a rectangle."""
    try:
        found = candidates(p)
    except TooManyRectangles as exc:
        return exc.cell, (
            f"this {quote(p.cells[exc.cell[0]][exc.cell[1]])} could take more rectangles than "
            f"this program lists (their cells pass {MOST_CELLS:,}): give its area, or more "
            "numbers around it"
        )
    for cell, n in p.numbers().items():
        if not found[cell]:
            return cell, (
                f"no rectangle of {quote(n)} cells holds this {quote(n)} inside the grid without "
                "holding another number: check the number and its neighbours"
            )
    lost = placements.uncovered(found, p.positions())
    if lost:
        more = f" (and {len(lost) - 1} more such cells)" if len(lost) > 1 else ""
        return lost[0], (
            f"no number's rectangle can reach this cell{more}: a number is missing or too "
            "small nearby"
        )
    return None


def model(p: Puzzle) -> Model:
    prob = new_problem("shikaku")
    options = candidates(p)
    y = placements.choose(prob, options)
    placements.cover(prob, options, y, p.positions())
    w = regions.walls(prob, options, y, p.rows, p.cols)
    return Model(prob, list(w.values()), {"y": y, "w": w, "candidates": options})


def decode(p: Puzzle, m: Model) -> Answer:
    return regions.pieces(p.rows, p.cols, regions.walls_of(m))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Each piece is a whole rectangle holding exactly one number, equal to its area. A
    division drawn half-way has pieces that are too large or not rectangles: each is named by
    its first cell, with its cells for the marks."""
    problems = []
    numbers = p.numbers()
    for cells in regions.by_id(a).values():
        at = cell_name(cells[0])
        top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
        left, right = min(c for _, c in cells), max(c for _, c in cells)
        box = (bottom - top + 1) * (right - left + 1)
        held = [cell for cell in cells if cell in numbers]
        if box != len(cells):
            problems.append(
                Violation(f"the piece from {at} ({len(cells)} cells) is not a rectangle", cells)
            )
        if not held:
            problems.append(Violation(f"the piece from {at} holds no number", cells))
        elif len(held) > 1:
            names = ", ".join(cell_name(cell) for cell in held)
            problems.append(
                Violation(f"the piece from {at} holds {len(held)} numbers ({names})", held)
            )
        elif numbers[held[0]] != UNKNOWN and numbers[held[0]] != len(cells):
            n = numbers[held[0]]
            problems.append(
                Violation(
                    f"the number {n} at {cell_name(held[0])} is in a piece of {len(cells)} "
                    f"cell{'' if len(cells) == 1 else 's'}",
                    cells,
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The walls drawn on the sheet (medium or heavier borders), fixed to 1."""
    return dict(read_regions(grid, m["w"]))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_regions(a)


def record(p: Puzzle, a: Answer) -> dict:
    """`regions`: the rectangle of each cell, numbered in reading order of first cells."""
    return regions.regions_record(a)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`shikaku`: number16 over the cells, `.` an unknown number."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    p = Puzzle(puzzlink.grid_rows(values, url.cols))
    if (bad := unfit(p)) is not None:
        raise puzzlink.UrlError(f"shikaku: at {cell_name(bad[0])}, {bad[1]}")
    return p


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("shikaku", p.cols, p.rows, body)


# a number taken out of the puzzle (Genre.givens) leaves its rectangle, of any area
WITHOUT_NUMBER = "?"


GENRE = define(
    __name__, slug="shikaku", ja="四角に切れ", pzpr_ids=("shikaku",), prove_by_search=True
)
