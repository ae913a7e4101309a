"""Paint Area (ペイントエリア).

Rules: the grid is divided into tiles (rooms). Paint some tiles, each tile wholly or not at all.
A number counts the painted cells among the (up to four) cells beside its own, side by side; a
numbered cell may itself be painted. All painted cells form one orthogonally connected area. No
2x2 block is all painted, and none is all unpainted.

Layout: one puzzle cell per spreadsheet cell from A1, the sentinel one cell diagonally
below-right of the grid, and the tiles in either of two ways (`solver.io.rooms_sheet`): thick
borders drawn with Excel's border tool (medium or thick lines), as the puzzle is printed, with
the numbers 0-4 in their cells and other cells empty; or labels, every cell holding its tile's
label (`A`, `B` ... `Z`, `AA` ...) and a number beside the label of its cell (`A2`, `2A`). A
tile may hold several numbers (they are about cells, not tiles).

    thick borders:        labels:
    ┏━━━━━━━┳━━━┓
    ┃ 1     ┃   ┃         A1 A  B
    ┣━━━┓   ┃ 3 ┃         C  A  B3
    ┃   ┃   ┃   ┃         C  A  B
    ┗━━━┻━━━┻━━━┛

The answer paints the painted cells (a dark fill, and `■` in an empty cell; a number or a label
keeps its text). Painting by hand, for Check: `■` or `#`, or a dark fill (the only way on
numbered and labelled cells); `・`, `.` or `×` marks a cell known to stay unpainted. `import`
writes the tiles as thick borders.

puzz.link: `paintarea`: the border codec, then number10 over cells (`0`-`9` a number, `.` a
number not given, which this module reads as no number, `a`-`z` skip 1-26 cells).

Model: b(r,c) = 1 when cell (r,c) is painted. Tile(r,c): each cell of a tile has the b of the
tile's first cell. Num(r,c): the b of a numbered cell's neighbours sum to its number.
NoSquare/NoSquare0 (`solver.blocks.cells.no_square`): no 2x2 block of four painted or four unpainted
cells. The painted cells are connected (`solver.blocks.cells.connected`; lazy vertex cuts by
default, as they solve faster than the flow).

Deductions (`deduce`): the rules on a `solver.deduce.shade_logic` board (`deduction_board`)
decide cells painted and unpainted before the solve: a decided cell decides its tile, a number
with its count painted (or unpainted) decides its other neighbours, three cells of a 2x2 block of
one colour make the fourth the other, and the painted cells are joined (a cell cut off from them
is unpainted, a cut cell between painted ones painted); then every unknown cell is tried both
ways (probing) and a small depth-first search follows, within the Tuning's work. What they decide
holds in every answer; where they decide every cell, no solver runs (`pipeline._decided`).
"""

from __future__ import annotations

import pulp

from solver.blocks.cells import (
    check_connected,
    check_no_square,
    connected,
    no_square,
    shade_vars,
    shaded_record,
)
from solver.blocks.geometry import ORTHOGONAL, Cell, squares
from solver.blocks.names import a1
from solver.blocks.rooms import RoomPuzzle
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, shade_logic
from solver.deduce.shade_logic import (
    SHADED,
    UNKNOWN,
    Board,
    Contradiction,
    exactly,
    mixed,
    shading_deductions,
)
from solver.genres import define
from solver.io import puzzlink
from solver.io.givens import Given, in_rooms
from solver.io.puzzlink import rooms_of_url
from solver.io.rooms_sheet import grid_rooms
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded, shading_blank
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value
from solver.mip.settings import Tuning

Puzzle = RoomPuzzle  # the tiles, and the numbers in their cells
Answer = frozenset[Cell]  # the painted cells
ANSWER_MARKS = SHADING_MARKS
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


def parse(grid: Grid) -> Puzzle:
    rooms, numbers = grid_rooms(grid, per_room=False)
    for (r, c), n in sorted(numbers.items()):
        near = len(_near((r, c), grid.rows, grid.cols))
        if n > near:
            raise grid.error(
                r,
                c,
                f"a number counts the painted cells beside its own, 0 to {near} here; found {n}",
            )
    return Puzzle(rooms, tuple(sorted(numbers.items())))


def _near(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if 0 <= r + dr < rows and 0 <= c + dc < cols]


def to_cells(p: Puzzle) -> list[list[Value]]:
    """The numbers in their cells; the tiles are drawn as borders
    (`solver.io.rooms_sheet.write_rooms`)."""
    cells: list[list[Value]] = [[None] * p.cols for _ in range(p.rows)]
    for (r, c), n in p.numbers:
        cells[r][c] = n
    return cells


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("paint_area")
    b = shade_vars(prob, p.rows, p.cols)
    for cells in p.rooms.all():
        for cell in cells[1:]:
            prob += b[cell] == b[cells[0]], cname("Tile", cell)
    for cell, n in p.numbers:
        prob += pulp.lpSum(b[q] for q in _near(cell, p.rows, p.cols)) == n, cname("Num", cell)
    no_square(prob, b)
    no_square(prob, b, value=0)
    m = Model(prob, list(b.values()), {"b": b})
    m.separate(connected(prob, b, lazy, prefix="p"))
    return m


def deduction_board(p: Puzzle) -> Board:
    """Paint area on a `shade_logic` board (painted: shaded): a tile all one colour, each
    number's painted neighbours, no 2x2 block of one colour, the painted cells connected."""
    board = Board(p.rows, p.cols, apart=False, connected=False, joined=(SHADED,))
    for tile in p.rooms.all():
        cells = [r * p.cols + c for r, c in tile]
        board.rule(_tile, cells, cells)
    for cell, n in p.numbers:
        near = [r * p.cols + c for r, c in _near(cell, p.rows, p.cols)]
        board.rule(exactly, (n, near), near)
    for block in squares(p.rows, p.cols):
        cells = [r * p.cols + c for r, c in block]
        board.rule(mixed, cells, cells)
    return board


def _tile(board: Board, cells: list[int]) -> None:
    """A tile is painted whole or not at all: a decided cell decides the others."""
    known = {board.state[i] for i in cells} - {UNKNOWN}
    if len(known) > 1:
        raise Contradiction
    if known:
        (colour,) = known
        for i in cells:
            board.set(i, colour)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`, `deduction_board`); then every
    unknown cell tried both ways, within the Tuning's probing work; then a small depth-first
    search (`search_work`), which decides the grid whole where it ends with exactly one
    answer."""
    known = shade_logic.deduce_tuned(
        lambda: deduction_board(p),
        p.rows,
        p.cols,
        tuning,
    )
    return shading_deductions(known, p.rows, p.cols)


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, painted: Answer) -> list[str]:
    painted = frozenset(cell for cell in painted if 0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols)
    problems: list[str] = []
    for cells in p.rooms.all():
        done = [cell for cell in cells if cell in painted]
        if done and len(done) < len(cells):
            r, c = cells[0]
            problems.append(
                Violation(
                    f"the tile at {a1(r + 1, c + 1)} is painted in {len(done)} of its "
                    f"{len(cells)} cells: paint a tile whole or not at all",
                    cells,
                )
            )
    for (r, c), n in p.numbers:
        near = _near((r, c), p.rows, p.cols)
        count = sum(q in painted for q in near)
        if count != n:
            problems.append(
                Violation(
                    f"the {n} at {a1(r + 1, c + 1)} has {count} painted cell"
                    f"{'s' * (count != 1)} beside it",
                    [(r, c), *near],
                )
            )
    problems += check_connected(painted, "the painted cells")
    problems += check_no_square(painted, "painted cells")
    problems += check_no_square(set(p.positions()) - painted, "unpainted cells")
    return problems


def render(p: Puzzle, painted: Answer) -> list[CellWrite]:
    return render_shaded(painted)


def record(p: Puzzle, painted: Answer) -> dict:
    return {**shaded_record(painted), "regions": p.rooms.regions()}


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    return dict(read_shaded(grid, m["b"]))


blank = shading_blank  # a shaded number or label keeps its text: only the fill shows the answer


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`paintarea`: the border codec, then number10 over the cells (`.`, a number not given,
    says nothing and is left out)."""
    rooms, rest = rooms_of_url(url)
    values, rest = puzzlink.decode_number10(rest, url.rows * url.cols)
    puzzlink.end(rest)
    numbers: list[tuple[Cell, int]] = []
    for k, v in enumerate(values):
        if isinstance(v, int):
            at = divmod(k, url.cols)
            if v > len(_near(at, url.rows, url.cols)):
                raise puzzlink.UrlError(f"paintarea: the number {v} has fewer neighbours")
            numbers.append((at, v))
    return Puzzle(rooms, tuple(numbers))


def to_url(p: Puzzle) -> str:
    at = dict(p.numbers)
    values = [at.get((r, c)) for r in range(p.rows) for c in range(p.cols)]
    body = puzzlink.encode_rooms(p.rooms) + puzzlink.encode_number10(values)
    return puzzlink.url_text("paintarea", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The rooms' numbers, for the conflict search; the rooms are the puzzle's own."""
    return in_rooms(grid, p.numbers)


GENRE = define(
    __name__,
    slug="paint-area",
    ja="ペイントエリア",
    pzpr_ids=("paintarea",),
    lazy=True,
    prove_by_search=True,
    # search_work: chosen on the even-numbered half of the published puzzles, where a larger
    # one decides one more puzzle for far more work than its solve takes
    tuning=Tuning(probe_work=2_000_000, probe_passes=10, search_work=30_000),
)
