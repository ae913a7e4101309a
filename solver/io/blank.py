"""A blank puzzle: the empty grid of a genre at a size, laid out as that genre's sheet is typed,
for `puzzle-solver new` (written into a workbook by `solver.io.workbook.add_blank_sheet`).

Most genres type one puzzle cell per sheet cell from A1, so an R x C puzzle is an R x C grid
with its sentinel at row R+1, column C+1. The others lay out more than their cells, and the
size asked is always the puzzle's, as a newspaper gives it (and puzz.link's URLs):

- sudoku: N x N, N = 4, 6, 8, 9, 12, 16 or 25, the boxes outlined by medium lines;
- futoshiki: an N x N puzzle is a (2N-1)-square block, digit cells and sign cells alternating;
- skyscrapers: the N x N grid inside a frame of clue cells, an (N+2)-square block;
- inshi-no-heya, jigsaw-sudoku, kenken: N x N (a latin square); killer-sudoku: N x N as sudoku,
  the boxes not outlined (medium lines are its cages' walls);
- kakuro: the white area; its clue row and column come above and left of it, filled with `■`
  (type a clue's sums over its `■`);
- nonogram: the grid, with room for its clues above and left of it: a line of n cells has at
  most ceil(n / 2) runs, so ceil(R / 2) rows of column clues and ceil(C / 2) columns of row
  clues; the grid is outlined by medium lines;
- tile-paint: the grid from B2, its counts in row 1 and column A; sum-line: the grid from A1,
  its sums in the column right of it and the row below;
- creek, gokigen: R x C cells have R+1 x C+1 points, one more row and column of sheet cells;
- icebarn: R x C cells and the borders between them, 2R+1 x 2C+1 sheet cells;
- skeleton, number-skeleton, kanaore: the grid, one empty column, and one column for the list
  (the list may take more columns: the sentinel then moves right of the last);
- battleship: the grid from B2 with its counts as tile-paint's, one empty column, and one
  column for the fleet;
- panorama: the seed's block of hexes, R x C (hexes: no square cells, no grid lines);
- alphametic and logic-grid have no grid of a size (words; groups and hints): refused, with
  what to type instead.

Sizes: each side at least 1, and the sheet's grid (clue rows and columns included) at most
`MAX_GRID_ROWS` x `MAX_GRID_COLS`, what a sheet is read up to.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace

from solver.blocks.digits import box_shape
from solver.blocks.names import a1, column_letter
from solver.genres import Genre
from solver.limits import MAX_GRID_COLS, MAX_GRID_ROWS

SUDOKU_SIZES = (4, 6, 8, 9, 12, 16, 25)  # as the sudoku genre documents them


ROOMS = (
    "The rooms: draw their walls with Excel's border tool as medium or thick lines (thin lines "
    "are the grid), or type a label into every cell (A, B ...; a room's number after its "
    "label: A2)."
)


class BlankError(ValueError):
    """A size or genre `new` cannot make a blank of; the message says why and what to do."""


Box = tuple[int, int, int, int]  # top, left (0-based), rows, cols


@dataclass(frozen=True)
class Blank:
    """What a blank sheet holds: its grid of `rows` x `cols` sheet cells from A1 (the sentinel
    goes diagonally below-right of it), the cells typed in it, the block of cells that gets a
    thin grid, the boxes outlined by medium lines, and where the layout's parts are."""

    slug: str
    size: tuple[int, int]  # the puzzle's size, as asked
    rows: int  # the sheet's grid
    cols: int
    typed: dict[tuple[int, int], str] = field(default_factory=dict)  # 0-based cell -> text
    lined: Box | None = None  # the cells with the thin grid (None: no grid lines)
    walls: tuple[Box, ...] = ()  # blocks outlined by medium lines
    square: bool = True  # the grid's cells square
    parts: str = ""  # where the layout's parts are, for the help beside the grid

    @property
    def sentinel(self) -> tuple[int, int]:
        """The sentinel's cell, 1-based."""
        return self.rows + 1, self.cols + 1

    def where(self) -> str:
        """Where the sheet's grid and its sentinel are."""
        return (
            f"the sheet's grid is A1:{a1(self.rows, self.cols)}; the sentinel in "
            f"{a1(*self.sentinel)} marks where it ends"
        )


_SIZE = re.compile(r"\s*(\d{1,4})\s*(?:[xX×*]\s*(\d{1,4}))?\s*")


def parse_size(text: str) -> tuple[int, int]:
    """'6x5' (rows x columns; also '6X5', '6×5', '6*5') or '9' for 9 x 9."""
    m = _SIZE.fullmatch(text)
    if m is None:
        raise BlankError(f"size {text!r}: give ROWSxCOLS, e.g. 10x10 (or one number, 9 for 9x9)")
    rows = int(m.group(1))
    return rows, int(m.group(2)) if m.group(2) else rows


def blank(genre: Genre, rows: int, cols: int) -> Blank:
    """The blank of `genre` at rows x cols (the puzzle's size); BlankError for a size the genre
    cannot have or a sheet larger than is read."""
    name = f"{genre.slug} {rows}x{cols}"
    if genre.slug in _REFUSED:
        raise BlankError(f"{genre.slug} has no grid of a size: {_REFUSED[genre.slug]}")
    if rows < 1 or cols < 1:
        raise BlankError(f"{name}: a grid has at least 1 row and 1 column")
    layout = _LAYOUTS.get(genre.slug, _plain)
    found = layout(genre.slug, rows, cols)
    if "rooms_sheet" in genre.layout:  # a room genre: how its rooms are typed
        found = replace(found, parts=f"{found.parts} {ROOMS}".strip())
    if found.rows > MAX_GRID_ROWS or found.cols > MAX_GRID_COLS:
        extra = (
            f" (its sheet grid, clue cells included, is {found.rows} x {found.cols})"
            if (found.rows, found.cols) != (rows, cols)
            else ""
        )
        raise BlankError(
            f"{name}: too large{extra}; a sheet's grid is read up to "
            f"{MAX_GRID_ROWS} x {MAX_GRID_COLS} cells"
        )
    return found


def _square(name: str, rows: int, cols: int) -> int:
    if rows != cols:
        raise BlankError(f"{name} {rows}x{cols}: a {name} grid is N x N (e.g. 5x5)")
    return rows


def _plain(slug: str, rows: int, cols: int) -> Blank:
    return Blank(slug, (rows, cols), rows, cols, lined=(0, 0, rows, cols))


def _sudoku_size(slug: str, rows: int, cols: int) -> int:
    n = _square(slug, rows, cols)
    if n not in SUDOKU_SIZES:
        sizes = ", ".join(map(str, SUDOKU_SIZES[:-1])) + f" or {SUDOKU_SIZES[-1]}"
        raise BlankError(f"{slug} {rows}x{cols}: a {slug} is N x N with N = {sizes} (e.g. 9x9)")
    return n


def _killer(slug: str, rows: int, cols: int) -> Blank:
    """As sudoku's, without the boxes: a medium line is a cage's wall."""
    _sudoku_size(slug, rows, cols)
    return _plain(slug, rows, cols)


def _sudoku(slug: str, rows: int, cols: int) -> Blank:
    n = _sudoku_size(slug, rows, cols)
    h, w = box_shape(n)
    boxes = tuple((r, c, h, w) for r in range(0, n, h) for c in range(0, n, w))
    return Blank(slug, (n, n), n, n, lined=(0, 0, n, n), walls=boxes)


def _futoshiki(slug: str, rows: int, cols: int) -> Blank:
    n = _square(slug, rows, cols)
    if n < 2:
        raise BlankError(f"futoshiki {rows}x{cols}: a futoshiki is at least 2x2")
    side = 2 * n - 1
    last = a1(side, side)
    return Blank(
        slug,
        (n, n),
        side,
        side,
        lined=(0, 0, side, side),
        parts=f"The block A1:{last}: digits in A1, C1, E1 ... (odd rows and columns), the signs "
        "between them.",
    )


def _skyscrapers(slug: str, rows: int, cols: int) -> Blank:
    n = _square(slug, rows, cols)
    side = n + 2
    return Blank(
        slug,
        (n, n),
        side,
        side,
        lined=(0, 0, side, side),
        walls=((1, 1, n, n),),
        parts=f"The grid B2:{a1(n + 1, n + 1)} inside the frame of clues (row 1, row {side}, "
        f"column A, column {column_letter(side)}).",
    )


def _latin(slug: str, rows: int, cols: int) -> Blank:
    _square(slug, rows, cols)
    return _plain(slug, rows, cols)


def _kakuro(slug: str, rows: int, cols: int) -> Blank:
    frame = {(0, c): "■" for c in range(cols + 1)} | {(r, 0): "■" for r in range(rows + 1)}
    return Blank(
        slug,
        (rows, cols),
        rows + 1,
        cols + 1,
        typed=frame,
        lined=(0, 0, rows + 1, cols + 1),
        parts=f"The white cells B2:{a1(rows + 1, cols + 1)}; row 1 and column A are the clue "
        "row and column: type a clue (`16\\`, `\\7`, `23\\10`) over its `■`, and `■` for a "
        "black cell inside.",
    )


def _nonogram(slug: str, rows: int, cols: int) -> Blank:
    top, left = math.ceil(rows / 2), math.ceil(cols / 2)  # at most that many runs in a line
    grid = f"{a1(top + 1, left + 1)}:{a1(top + rows, left + cols)}"
    return Blank(
        slug,
        (rows, cols),
        top + rows,
        left + cols,
        lined=(0, 0, top + rows, left + cols),
        walls=((top, left, rows, cols),),
        parts=f"The grid {grid}; the column clues in rows 1-{top} above it, the row clues in "
        f"columns A-{column_letter(left)} left of it, flush against the grid.",
    )


def _tile_paint(slug: str, rows: int, cols: int) -> Blank:
    return Blank(
        slug,
        (rows, cols),
        rows + 1,
        cols + 1,
        lined=(0, 0, rows + 1, cols + 1),
        walls=((1, 1, rows, cols),),
        parts=f"The grid B2:{a1(rows + 1, cols + 1)}; the column counts in row 1, the row "
        "counts in column A.",
    )


def _sum_line(slug: str, rows: int, cols: int) -> Blank:
    return Blank(
        slug,
        (rows, cols),
        rows + 1,
        cols + 1,
        lined=(0, 0, rows + 1, cols + 1),
        walls=((0, 0, rows, cols),),
        parts=f"The grid A1:{a1(rows, cols)}; each row's sum in column "
        f"{column_letter(cols + 1)}, each column's sum in row {rows + 1}.",
    )


def _creek(slug: str, rows: int, cols: int) -> Blank:
    return Blank(
        slug,
        (rows, cols),
        rows + 1,
        cols + 1,
        lined=(0, 0, rows, cols),
        parts=f"The cells A1:{a1(rows, cols)}; a clue in a cell is its top-left point's, row "
        f"{rows + 1} and column {column_letter(cols + 1)} hold the bottom and right border "
        "points' clues.",
    )


def _icebarn(slug: str, rows: int, cols: int) -> Blank:
    side_r, side_c = 2 * rows + 1, 2 * cols + 1
    return Blank(
        slug,
        (rows, cols),
        side_r,
        side_c,
        lined=(0, 0, side_r, side_c),
        parts=f"Cells and borders alternate in A1:{a1(side_r, side_c)}: the cells are B2, D2 "
        "... (even rows and columns), the borders between them; IN and OUT on the frame.",
    )


def _listed(slug: str, rows: int, cols: int) -> Blank:
    list_col = column_letter(cols + 2)
    return Blank(
        slug,
        (rows, cols),
        rows,
        cols + 2,
        lined=(0, 0, rows, cols),
        parts=f"The grid A1:{a1(rows, cols)}; column {column_letter(cols + 1)} stays empty; the "
        f"list from {list_col}1 down (more columns as it needs: then move the sentinel right of "
        "the last).",
    )


def _fleet(slug: str, rows: int, cols: int) -> Blank:
    fleet = column_letter(cols + 3)
    return Blank(
        slug,
        (rows, cols),
        rows + 1,
        cols + 3,
        lined=(0, 0, rows + 1, cols + 1),
        walls=((1, 1, rows, cols),),
        parts=f"The grid B2:{a1(rows + 1, cols + 1)}; the column counts in row 1, the row "
        f"counts in column A; column {column_letter(cols + 2)} stays empty; the fleet's lengths "
        f"from {fleet}1 down, or in {fleet}1 alone (`4 3 3 2 2 2 1 1 1 1`).",
    )


def _panorama(slug: str, rows: int, cols: int) -> Blank:
    return Blank(
        slug,
        (rows, cols),
        rows,
        cols,
        square=False,
        parts="Hexes in the seed's coordinates (see below): no grid lines, sea and lakes `~`.",
    )


_LAYOUTS = {
    "sudoku": _sudoku,
    "futoshiki": _futoshiki,
    "skyscrapers": _skyscrapers,
    "inshi-no-heya": _latin,
    "jigsaw-sudoku": _latin,
    "killer-sudoku": _killer,
    "kenken": _latin,
    "kakuro": _kakuro,
    "nonogram": _nonogram,
    "tile-paint": _tile_paint,
    "sum-line": _sum_line,
    "creek": _creek,
    "gokigen": _creek,
    "icebarn": _icebarn,
    "skeleton": _listed,
    "number-skeleton": _listed,
    "kanaore": _listed,
    "battleship": _fleet,
    "panorama": _panorama,
}
_REFUSED = {
    "alphametic": "type the sum from A1, one word a row, the rule line, then the result, and "
    "the sentinel two columns right of the longest word, one row below the result (puzzle-solver "
    "genres alphametic)",
    "logic-grid": "type the groups as columns from A1, one item a cell, an empty row, then the "
    "hints, and the sentinel (puzzle-solver genres logic-grid)",
}
