"""Stained Glass (ステンドグラス).

Rules: the picture is divided into pieces; paint each piece black or white. A small circle sits
where some pieces meet and says which colour is more among the pieces around it: a black circle
more black pieces, a white circle more white pieces, a grey circle as many black as white.

Layout: one puzzle cell per spreadsheet cell from A1. Every cell of a piece holds the piece's
label, a word of letters (`A`, `B` ... `Z`, `AA` ...; case does not matter); all cells of a piece
carry its label and hang together side by side, two pieces need two labels. A circle takes a
cell of its own, between the pieces it touches: `○` (or `◯`) white, `●` (or `*`) black, `◐`
(or `◑`, `=`) grey. A circle touches the pieces of the 8 cells around it (sides and corners).
Nothing stays empty. The sentinel one cell diagonally below-right of the grid. For pieces A, B,
C and D meeting at a black circle, and a grey one between A and C:

    A A B B
    A ● B B        the black circle touches A, B, C and D;
    C C D D        the grey one (D4's ◐ in a wider map) A and C only, and so on.

The answer shades every cell of a black piece with a dark fill; the labels stay. Check my
answer reads the cells shaded with the fill tool. The result record's `shaded` holds every cell
of the black pieces.

Model (the seed's, on cells): b(r,c) = 1 when the piece cell (r,c) is black. All cells of a
piece share its first cell's colour (Piece). A circle touching n pieces, with s the sum of their
first cells' b: white s <= (n - 1) // 2, black s >= n // 2 + 1, grey s = n / 2 (Circle); a
grey circle touching an odd number of pieces is refused as bad input.

The sample: the seed's deck gives only the circles' piece lists (pieces 0-10, eight circles).
Its sheet (workbooks/stained-glass.xlsx, tests/data/stained-glass.json) is a map drawn by hand:
piece k carries the label chr(65 + k) (0 is A, 10 is K), each circle sits in a cell whose 8
neighbours hold exactly the pieces of its list, and every piece hangs together;
tests/test_stained_glass.py checks the map against the deck's lists.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import shade_vars, shaded_record
from solver.blocks.geometry import Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.rooms_sheet import check_joined, read_label
from solver.io.shading import read_shaded, render_shaded
from solver.io.sheet import Grid, InputError, is_dark
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import fold
from solver.mip.model import Model, cname, new_problem, value

WHITE, BLACK, GREY = "○", "●", "◐"  # what to_cells writes for a circle
CIRCLES = {WHITE: frozenset("○◯"), BLACK: frozenset("●*"), GREY: frozenset("◐◑=")}
SPELLING = {ch: circle for circle, chars in CIRCLES.items() for ch in chars}
COLOUR = {WHITE: "white", BLACK: "black", GREY: "grey"}
# the answer is a fill on the labelled cells: no text of the answer form is typed
ANSWER_MARKS: frozenset[str] = frozenset()
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str, ...], ...]  # a piece's label (upper case) or a circle (WHITE...)

    def pieces(self) -> dict[str, list[Cell]]:
        """Label -> its cells, pieces in the order of their first cell (row by row)."""
        found: dict[str, list[Cell]] = {}
        for cell, v in self.givens().items():
            if v not in CIRCLES:
                found.setdefault(v, []).append(cell)
        return found

    def circles(self) -> dict[Cell, str]:
        return {cell: v for cell, v in self.givens().items() if v in CIRCLES}

    def around(self, cell: Cell) -> list[str]:
        """The pieces a circle touches: the labels of the 8 cells around it, in first-seen
        order."""
        r, c = cell
        near = [
            self.cells[r + dr][c + dc]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
        ]
        return list(dict.fromkeys(v for v in near if v not in CIRCLES))

    def near_cells(self, cell: Cell) -> list[Cell]:
        """The piece cells among the 8 around a circle."""
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0)
            and 0 <= r + dr < self.rows
            and 0 <= c + dc < self.cols
            and self.cells[r + dr][c + dc] not in CIRCLES
        ]


Answer = frozenset[Cell]  # the cells of the black pieces


def _read(grid: Grid, r: int, c: int) -> str:
    v = grid[r, c]
    if isinstance(v, str) and (circle := SPELLING.get(fold(v))):
        return circle
    found = read_label(v)
    if found is not None and found[1] is None:
        return found[0]
    what = "an empty cell" if v is None else quote(v)
    raise grid.error(
        r,
        c,
        "a cell holds its piece's label (A, B ...) or a circle ○, ● or ◐ (grey); "
        f"found {what}" + (" (shade a piece with the fill colour: its label stays)" if v else ""),
    )


def parse(grid: Grid) -> Puzzle:
    p = Puzzle(tuple(tuple(_read(grid, r, c) for c in range(grid.cols)) for r in range(grid.rows)))
    pieces = p.pieces()
    if not pieces:
        raise InputError(grid.sheet, "no piece: type each piece's label into its cells")
    check_joined(grid, pieces, "piece")
    for (r, c), circle in p.circles().items():
        touched = p.around((r, c))
        if not touched:
            raise grid.error(r, c, "this circle touches no piece: put it between pieces")
        if circle == GREY and len(touched) % 2:
            raise grid.error(
                r,
                c,
                f"a grey circle needs as many black as white pieces, but it touches "
                f"{len(touched)}: {', '.join(touched)}",
            )
    return p


def model(p: Puzzle) -> Model:
    prob = new_problem("stained_glass")
    b = shade_vars(prob, p.rows, p.cols, skip=set(p.circles()))
    pieces = p.pieces()
    for cells in pieces.values():
        for cell in cells[1:]:
            prob += b[cell] == b[cells[0]], cname("Piece", cell)
    for cell, circle in sorted(p.circles().items()):
        touched = p.around(cell)
        n, s = len(touched), pulp.lpSum(b[pieces[k][0]] for k in touched)
        if circle == WHITE:
            prob += s <= (n - 1) // 2, cname("Circle", cell)
        elif circle == BLACK:
            prob += s >= n // 2 + 1, cname("Circle", cell)
        else:
            prob += 2 * s == n, cname("Circle", cell)
    return Model(prob, list(b.values()), {"b": b})


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    circles = p.circles()
    problems: list[str] = [
        Violation(f"{cell_name(q)} is shaded but holds a circle, not a piece", [q])
        for q in sorted(shaded & set(circles))
    ]
    colour: dict[str, bool] = {}  # piece -> black; pieces painted partly are left out
    for label, cells in p.pieces().items():
        dark = [q for q in cells if q in shaded]
        if dark and len(dark) < len(cells):
            light = [q for q in cells if q not in shaded]
            problems.append(
                Violation(
                    f"piece {label} is painted partly: {len(dark)} of its {len(cells)} cells "
                    f"are black (the first at {cell_name(dark[0])}) and {cell_name(light[0])} "
                    "is white",
                    cells,
                )
            )
        else:
            colour[label] = bool(dark)
    for cell, circle in sorted(circles.items()):
        touched = p.around(cell)
        if any(k not in colour for k in touched):
            continue  # a piece painted partly is named above
        black = [k for k in touched if colour[k]]
        white = len(touched) - len(black)
        ok = {
            WHITE: white > len(black),
            BLACK: len(black) > white,
            GREY: white == len(black),
        }[circle]
        if not ok:
            want = {WHITE: "more white", BLACK: "more black", GREY: "as many black as white"}
            problems.append(
                Violation(
                    f"the {COLOUR[circle]} circle at {cell_name(cell)} touches {len(black)} "
                    f"black and {white} white pieces ({', '.join(touched)}); it needs "
                    f"{want[circle]}",
                    [cell, *p.near_cells(cell)],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The cells shaded with the fill tool (a label stays in its cell)."""
    return read_shaded(grid, m["b"])


def blank(grid: Grid, cell: Cell) -> bool:
    """A cell shows none of the answer while it has no dark fill (its label is a given)."""
    sheet = grid.source
    return sheet is None or not is_dark(sheet.get_style(cell[0] + 1, cell[1] + 1).fill_color)


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(sorted(shaded))


def record(p: Puzzle, shaded: Answer) -> dict:
    """The shaded cells, and the pieces as `regions` (None for a circle's cell)."""
    pieces: list[list[int | None]] = [[None] * p.cols for _ in range(p.rows)]
    for k, cells in enumerate(p.pieces().values()):
        for r, c in cells:
            pieces[r][c] = k
    return {**shaded_record(shaded), "regions": pieces}


# No givens for the conflict search (Genre.givens): the pieces and circles are the whole picture,
# and a circle's cell cannot be left empty.
givens = None

GENRE = define(__name__, slug="stained-glass", ja="ステンドグラス", prove_by_search=True)
