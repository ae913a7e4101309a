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

import functools
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


def rectangles(p: Puzzle, cell: Cell, area: int | None) -> list[tuple[Cell, ...]]:
    """Every rectangle inside the grid that holds `cell` and no other number, of `area` cells
    (None: any area), as its cells in reading order; smaller and squarer ones first."""
    numbered = set(p.numbers())
    r0, c0 = cell
    found = []
    for h in range(1, p.rows + 1):
        for w in range(1, p.cols + 1):
            if area is not None and h * w != area:
                continue
            for top in range(max(0, r0 - h + 1), min(r0, p.rows - h) + 1):
                for left in range(max(0, c0 - w + 1), min(c0, p.cols - w) + 1):
                    cells = tuple(
                        (r, c) for r in range(top, top + h) for c in range(left, left + w)
                    )
                    if all(q == cell or q not in numbered for q in cells):
                        found.append(cells)
    found.sort(key=lambda cells: (len(cells), abs(_height(cells) - _width(cells))))
    return found


def _height(cells: tuple[Cell, ...]) -> int:
    return cells[-1][0] - cells[0][0] + 1


def _width(cells: tuple[Cell, ...]) -> int:
    return cells[-1][1] - cells[0][1] + 1


@functools.cache
def candidates(p: Puzzle) -> dict[Cell, list[tuple[Cell, ...]]]:
    """Each number's rectangles, in reading order of the numbers."""
    return {
        cell: rectangles(p, cell, None if n == UNKNOWN else int(n))
        for cell, n in p.numbers().items()
    }


def unfit(p: Puzzle) -> tuple[Cell, str] | None:
    """The first number that no rectangle fits, or else the first cell that no rectangle
    reaches, with what to say about it; None when every number and cell has a rectangle."""
    found = candidates(p)
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
