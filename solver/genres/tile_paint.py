"""Tile Paint (タイルペイント).

Rules: the grid is divided into tiles (rooms). Paint some tiles, each tile wholly or not at all.
A number left of a row counts the painted cells of that row; a number above a column counts the
painted cells of that column. A row or column without a number may have any count.

Layout: the counts stand outside the grid, as a newspaper prints them: the column counts in
row 1 above their columns (from B1 on), the row counts in column A beside their rows (from A2
down), and A1 stays empty; the grid itself starts at B2. A count may be left empty. The sentinel
goes one cell diagonally below-right of the grid's last cell, as always. The tiles are given in
either of two ways (`solver.io.rooms_sheet`): thick borders drawn with Excel's border tool
(medium or thick lines) around the grid's cells, which stay empty; or labels, every grid cell
holding its tile's label (`A`, `B` ... `Z`, `AA` ...). For the 3x3 grid with tiles A (an L), B
and C:

       A  B  C  D                    A  B  C  D
    1     2  1  1     labels:     1     2  1  1
    2  2  ┏━━━┳━━┓                2  2  A  A  B
    3  1  ┃ ┏━┛  ┃                3  1  A  C  B
    4  1  ┗━┻━━━━┛                4  1  A  C  C
                   E                          E

The answer paints the painted cells (a dark fill, and `■` in an empty cell; a label keeps its
text). Painting by hand, for Check: `■` or `#`, or a dark fill (the only way on labelled cells);
`・`, `.` or `×` marks a cell known to stay unpainted. `import` writes the tiles as thick borders
and the counts around them. The record's `shaded` cells are counted from the grid's top-left
cell (B2 is [0, 0]).

puzz.link: `tilepaint`: the border codec, then the grid's own clue cells (kakuro-like black cells
inside the grid, which this module does not solve: such a URL is refused), then the counts above
the columns and left of the rows (`.` none, a hex digit, or `-` and two).

Model: b(r,c) = 1 when grid cell (r,c) is painted. Tile(r,c): each cell of a tile has the b of
the tile's first cell. Row(r) and Col(c): the b of a counted row or column sum to its count.

Deductions (`deduce`), made before the solve over the same cells (painted is shaded,
`solver.deduce.shade_logic`): a tile's cells are all painted or none (`whole_tile`); a counted
line is the sum of the pieces the tiles cut it into, each painted whole or not (`line_pieces`):
a piece that no choice of the others fills up to the count without it is painted, one that
every such choice leaves out is not. Then every unknown tile is tried both ways (probing, one
cell a tile: `Board.probed`), and a SAT solver over the tiles left follows (`learned`: CaDiCaL
through `solver.deduce.sat`, within `sat_work`; a variable per tile, a weighted sum per counted
line), which decides the grid whole where it ends with one answer. The rules and probing decide most
published puzzles; the search decides the rest, the larger grids among them, where a
depth-first search without learning runs out of work and the MIP takes up to two seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver.blocks.cells import shade_vars, shaded_record
from solver.blocks.geometry import Cell
from solver.blocks.names import a1, quote
from solver.blocks.rooms import RoomPuzzle, Rooms
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    UNSHADED,
    Board,
    Contradiction,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem, value
from solver.mip.settings import Tuning

ORIGIN = (1, 1)  # the grid's top-left cell in the sheet, 0-based: B2
Answer = frozenset[Cell]  # the painted cells, counted from the grid's top-left cell
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(RoomPuzzle):
    col_counts: tuple[int | None, ...] = ()  # above each column
    row_counts: tuple[int | None, ...] = ()  # left of each row


def _sheet(cell: Cell) -> Cell:
    """A grid cell as a cell of the sheet's grid (which holds the counts too)."""
    return cell[0] + ORIGIN[0], cell[1] + ORIGIN[1]


def parse(grid: Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise InputError(
            grid.sheet,
            "the column counts go in row 1 from B1, the row counts in column A from A2, the grid "
            "from B2, and the sentinel diagonally below-right of the grid's last cell",
        )
    if grid[0, 0] is not None:
        raise grid.error(
            0,
            0,
            f"A1 stays empty (the column counts start in B1, the row counts in A2, the grid in "
            f"B2); found {quote(grid[0, 0])}",
        )
    rows, cols = grid.rows - 1, grid.cols - 1
    col_counts = tuple(grid.number(0, c, 0, rows, "a column's count") for c in range(1, cols + 1))
    row_counts = tuple(grid.number(r, 0, 0, cols, "a row's count") for r in range(1, rows + 1))
    rooms, _ = grid_rooms(grid.window(*ORIGIN, rows, cols), numbers=False)
    return Puzzle(rooms, (), col_counts, row_counts)


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The counts around empty grid cells; the tiles are drawn as borders (`drawn_rooms`)."""
    cells: list[list[Value]] = [[None, *p.col_counts]]
    cells += [[n] + [None] * p.cols for n in p.row_counts]
    return cells


def drawn_rooms(p: Puzzle) -> tuple[Rooms, Cell]:
    return p.rooms, ORIGIN


def model(p: Puzzle) -> Model:
    prob = new_problem("tile_paint")
    b = shade_vars(prob, p.rows, p.cols)
    for cells in p.rooms.all():
        first = cells[0]
        for cell in cells[1:]:
            prob += b[cell] == b[first], f"Tile({cell[0] + 1},{cell[1] + 1})"
    for r, n in enumerate(p.row_counts):
        if n is not None:
            prob += pulp.lpSum(b[r, c] for c in range(p.cols)) == n, f"Row({r + 1})"
    for c, n in enumerate(p.col_counts):
        if n is not None:
            prob += pulp.lpSum(b[r, c] for r in range(p.rows)) == n, f"Col({c + 1})"
    return Model(prob, list(b.values()), {"b": b})


def whole_tile(board: Board, cells: list[int]) -> None:
    """A tile is painted whole or not at all: once one of its cells is decided, all are."""
    state, value = board.state, UNKNOWN
    for i in cells:
        if state[i] != UNKNOWN:
            if value != UNKNOWN and state[i] != value:
                raise Contradiction
            value = state[i]
    if value != UNKNOWN:
        for i in cells:
            if state[i] == UNKNOWN:
                board.set(i, value)


def line_pieces(board: Board, line: tuple[int, list[list[int]]]) -> None:
    """A line's count is the sum of its pieces (a tile's cells in the line), each painted whole
    or not: with the painted pieces counted, the unknown ones must make up the rest. A piece
    without which no choice of the others makes it is painted; one with which none does is
    not (a subset sum over the unknown pieces: bit sets of the sums the pieces before each one
    reach, and of what those after it leave to make)."""
    (n, pieces), state = line, board.state
    need, sizes, unknown = n, [], []
    for cells in pieces:
        s = state[cells[0]]
        if s == SHADED:
            need -= len(cells)
        elif s == UNKNOWN:
            sizes.append(len(cells))
            unknown.append(cells)
    if need < 0:
        raise Contradiction
    if not sizes:
        if need:
            raise Contradiction
        return
    k = len(sizes)
    before = [1] * (k + 1)  # before[j]: the sums of pieces 0..j-1, a bit a sum
    for j, size in enumerate(sizes):
        before[j + 1] = before[j] | before[j] << size
    if not before[k] >> need & 1:
        raise Contradiction
    rest = 1 << need  # what the pieces after j leave to make: need - their sums, a bit each
    for j in range(k - 1, -1, -1):
        size, sums = sizes[j], before[j]
        if not sums & rest >> size:  # with it, the count cannot be made
            board.set(unknown[j][0], UNSHADED)
        elif not sums & rest:  # without it, it cannot
            board.set(unknown[j][0], SHADED)
        rest |= rest >> size


def _counted_lines(p: Puzzle) -> list[tuple[int, list[list[int]]]]:
    """Each counted row and column: its count and its pieces (a tile's cells in the line)."""
    rows, cols = p.rows, p.cols
    lines = [(n, [(r, c) for c in range(cols)]) for r, n in enumerate(p.row_counts)]
    lines += [(n, [(r, c) for r in range(rows)]) for c, n in enumerate(p.col_counts)]
    counted = []
    for n, line in lines:
        if n is None:
            continue
        pieces: dict[int, list[int]] = {}
        for r, c in line:
            pieces.setdefault(p.rooms.ids[r][c], []).append(r * cols + c)
        counted.append((n, list(pieces.values())))
    return counted


def deduction_board(p: Puzzle) -> Board:
    """Painted: shaded. Each tile whole (`whole_tile`), each counted line the sum of its pieces
    (`line_pieces`)."""
    board = Board(p.rows, p.cols, apart=False, connected=False)
    board.probed = []  # a tile's first cell: a try of another cell of it finds the same
    for tile in p.rooms.all():
        cells = [r * p.cols + c for r, c in tile]
        board.rule(whole_tile, cells, cells)
        board.probed.append(cells[0])
    for n, pieces in _counted_lines(p):
        # a piece is set whole (its tile is), and the rule reads its first cell
        firsts = [piece[0] for piece in pieces]
        board.rule(line_pieces, (n, pieces), firsts)
    return board


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`deduction_board`), then every unknown tile tried both ways
    (probing), then a search that learns from its conflicts over the tiles left (`learned`),
    which decides the grid whole where it finds exactly one answer."""
    known = shade_logic.deduce_tuned(lambda: deduction_board(p), p.rows, p.cols, tuning)
    if known is not None and (tuning.sat_work or tuning.learn_work):
        known = learned(p, known, tuning.learn_work, tuning.sat_work)
    return shading_deductions(known, p.rows, p.cols)


def learned(
    p: Puzzle, known: tuple[set[Cell], set[Cell]], work: int, sat_work: int = 0
) -> tuple[set[Cell], set[Cell]] | None:
    """The cells painted and not (`known`, what the rules and probing decided) with the
    rest decided by a search that learns from its conflicts (the SAT solver of
    `solver.deduce.sat` within `sat_work` where given, else `solver.deduce.learning`'s within
    `work`) over the tiles left: a variable per tile, and per counted line the sum of its
    tiles' cells in it, each painted 1, equal to the count less the cells known painted.
    Where the search ends with one answer, that is the only one and decides every tile; with
    none, the puzzle has none (None); otherwise (two answers, or its work spent) `known` as it
    was."""
    painted, blank = known
    decided = painted | blank
    tiles = [cells for cells in p.rooms.all() if cells[0] not in decided]
    if not tiles:
        return known
    variable = {cell: k for k, cells in enumerate(tiles) for cell in cells}
    sums = []
    for n, pieces in _counted_lines(p):
        left, weights = n, {}
        for piece in pieces:
            cell = divmod(piece[0], p.cols)
            if cell in variable:
                weights[variable[cell]] = len(piece)
            elif cell in painted:
                left -= len(piece)
        if weights:
            sums.append((left, sorted(weights.items())))
    found = sat.after_probing(len(tiles), sums, work, sat_work)
    if found is None or len(found) > 1:
        return known
    if not found:
        return None
    for cells, x in zip(tiles, found[0], strict=True):
        (painted if x else blank).update(cells)
    return painted, blank


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, painted: Answer) -> list[str]:
    """Violations name sheet cells (the grid starts at B2)."""
    painted = frozenset(cell for cell in painted if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)
    problems: list[str] = []
    for cells in p.rooms.all():
        done = [cell for cell in cells if cell in painted]
        if done and len(done) < len(cells):
            r, c = _sheet(cells[0])
            problems.append(
                Violation(
                    f"the tile at {a1(r + 1, c + 1)} is painted in {len(done)} of its "
                    f"{len(cells)} cells: paint a tile whole or not at all",
                    [_sheet(cell) for cell in cells],
                )
            )
    for what, counts, lines in (
        ("row", p.row_counts, [[(r, c) for c in range(p.cols)] for r in range(p.rows)]),
        ("column", p.col_counts, [[(r, c) for r in range(p.rows)] for c in range(p.cols)]),
    ):
        for k, (n, line) in enumerate(zip(counts, lines, strict=True)):
            count = sum(cell in painted for cell in line)
            if n is not None and count != n:
                at = (k + ORIGIN[0], 0) if what == "row" else (0, k + ORIGIN[1])
                problems.append(
                    Violation(
                        f"the {what} of the count {n} at {a1(at[0] + 1, at[1] + 1)} has {count} "
                        f"painted cell{'s' * (count != 1)}",
                        [at, *(_sheet(cell) for cell in line)],
                    )
                )
    return problems


def render(p: Puzzle, painted: Answer) -> list[CellWrite]:
    return render_shaded(_sheet(cell) for cell in painted)


def record(p: Puzzle, painted: Answer) -> dict:
    """The painted cells (from the grid's top-left cell) and the tiles as `regions` over the
    sheet's grid (None in the counts' row and column, as the sheet's `cells`)."""
    top, left = ORIGIN
    tiles = [[None] * (left + p.cols) for _ in range(top)]
    tiles += [[None] * left + list(row) for row in p.rooms.regions()]
    return {**shaded_record(painted), "regions": tiles}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid.window(*ORIGIN, p.rows, p.cols), m["b"]))


blank = shading_blank  # a shaded label keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`tilepaint`: the border codec; the cells, `g`-`z` runs of 1-20 plain cells (pzprjs'
    clue cells inside the grid, any other character, are not supported); then the count above
    each column and left of each row: a hex digit, `-` and two, or `.` for none."""
    rooms, rest = rooms_of_url(url)
    cell, i, count = 0, 0, url.rows * url.cols
    while cell < count:
        if i >= len(rest):
            raise puzzlink.UrlError("tilepaint: the URL body ends inside the grid")
        ch = rest[i]
        if not "g" <= ch <= "z":
            raise puzzlink.UrlError(
                "tilepaint: clue cells inside the grid (kakuro-like black cells) are not supported"
            )
        cell += int(ch, 36) - 15
        if cell > count:
            raise puzzlink.UrlError(f"tilepaint: a run of cells goes past the last of {count}")
        i += 1
    counts: list[int | None] = []
    while len(counts) < url.cols + url.rows:
        if i >= len(rest):
            raise puzzlink.UrlError("tilepaint: the URL body ends before the row and column counts")
        ch = rest[i]
        if ch == ".":
            counts.append(None)
            i += 1
        elif ch == "-":
            counts.append(int(_hex(rest[i + 1 : i + 3], 2), 16))
            i += 3
        else:
            counts.append(int(_hex(ch, 1), 16))
            i += 1
    puzzlink.end(rest[i:])
    cols, rows = counts[: url.cols], counts[url.cols :]
    for n, most in [(n, url.rows) for n in cols] + [(n, url.cols) for n in rows]:
        if n is not None and n > most:
            raise puzzlink.UrlError(f"tilepaint: a count of {n} in a line of {most} cells")
    return Puzzle(rooms, (), tuple(cols), tuple(rows))


def _hex(digits: str, length: int) -> str:
    if len(digits) != length or any(ch not in "0123456789abcdef" for ch in digits):
        raise puzzlink.UrlError(
            f"tilepaint: {puzzlink.shown(digits)} is not a count (a hex digit, `-` and two, "
            "or `.`); clue cells inside the grid are not supported"
        )
    return digits


def to_url(p: Puzzle) -> str:
    """The walls between rooms, the plain cells, then the counts above the columns and left of
    the rows."""

    def count(n: int | None) -> str:
        if n is None:
            return "."
        if 0 <= n < 16:
            return format(n, "x")
        if 16 <= n < 256:
            return "-" + format(n, "02x")
        raise puzzlink.UrlError(f"tilepaint: a puzz.link URL cannot hold the count {n}")

    plain = puzzlink.encode_letters([None] * (p.rows * p.cols), {}, "g")
    body = puzzlink.encode_rooms(p.rooms) + plain
    body += "".join(count(n) for n in (*p.col_counts, *p.row_counts))
    return puzzlink.url_text("tilepaint", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="tile-paint",
    ja="タイルペイント",
    pzpr_ids=("tilepaint",),
    tuning=Tuning(probe_work=1_000_000, probe_idle=0.5, sat_work=sat.AFTER_PROBING),
)
