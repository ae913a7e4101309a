"""Masyu (ましゅ, also Pearl).

Rules: draw one loop through the centres of cells, moving up, down, left and right, never
crossing or branching. It passes every pearl. On a white pearl it goes straight and turns in at
least one of the two cells next to the pearl on its path; on a black pearl it turns and goes
straight through both cells next to the pearl on its path.

Layout: one puzzle cell per spreadsheet cell from A1. A white pearl is `○` (or `o`, `O`, `w`), a
black pearl `●` (or `*`, `x`, `b`); other cells stay empty. The sentinel one cell diagonally
below-right of the grid. The answer draws the loop in the empty cells with `─ │ ┌ ┐ └ ┘`; pearls
keep their circle (the loop runs through them).

Model (the seed's): h(r,c) = 1 when the loop joins cell (r,c) to its right neighbour, v(r,c) to
the cell below; u(r,c) = 1 when the loop visits the cell (fixed to 1 on pearls). Every cell has
loop degree 2 u. White pearl: h on its left equals h on its right, and likewise vertically
(straight); and the edges beyond both neighbours plus the pearl's own edge are at most 2 (a turn
next to it). Black pearl: at most one of its two horizontal and one of its two vertical edges
(a turn); an edge used at the pearl forces the next edge in the same direction (straight
beyond). The loop is one piece (`solver.lines.single_loop`, rooted at a pearl).
"""

from __future__ import annotations

from dataclasses import dataclass

import pulp

from solver import puzzlink
from solver.genres import define
from solver.geometry import Cell, CellPuzzle
from solver.lines import (
    Network,
    arms,
    draw,
    edge_vars,
    grid_edges,
    line_segments,
    lines_record,
    single_loop,
    walk_loop,
)
from solver.model import Model, cell_vars, new_problem
from solver.sheet import Grid, InputError, Value, cell_name, quote
from solver.sheet.answer import CellWrite

WHITE, BLACK = "○", "●"
SPELLINGS = {WHITE: {"○", "o", "O", "w", "W", "◯"}, BLACK: {"●", "*", "x", "X", "b", "B"}}


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str | None, ...], ...]  # WHITE, BLACK or None

    def pearls(self) -> dict[Cell, str]:
        return {(r, c): v for r, row in enumerate(self.cells) for c, v in enumerate(row) if v}


Segment = tuple[Cell, Cell]
Answer = frozenset[Segment]  # the loop's centre-to-centre segments, lower cell first


def parse(grid: Grid) -> Puzzle:
    def pearl(r: int, c: int) -> str | None:
        v = grid[r, c]
        if v is None:
            return None
        for kind, names in SPELLINGS.items():
            if v in names:
                return kind
        raise grid.error(r, c, f"a cell holds a white pearl ○ or a black pearl ●, found {quote(v)}")

    cells = tuple(tuple(pearl(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v for row in cells for v in row):
        raise InputError(grid.sheet, "no pearls: type ○ for white and ● for black pearls")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("masyu")
    pearls = p.pearls()
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    x = edge_vars(prob, grid_edges(p.rows, p.cols))
    u = cell_vars(prob, "u", [cell for cell in cells if cell not in pearls])
    used = {cell: u.get(cell, 1) for cell in cells}

    def edge(a: Cell, b: Cell) -> pulp.LpVariable | int:
        """The edge between two cells (0 where one lies outside the grid)."""
        return x.get((min(a, b), max(a, b)), 0)

    for (r, c), kind in pearls.items():
        name = f"({r + 1},{c + 1})"
        left, right = edge((r, c - 1), (r, c)), edge((r, c), (r, c + 1))
        up, down = edge((r - 1, c), (r, c)), edge((r, c), (r + 1, c))
        if kind == WHITE:
            prob += left == right, f"WhiteStraightH{name}"
            prob += up == down, f"WhiteStraightV{name}"
            beyond_h = edge((r, c - 2), (r, c - 1)) + edge((r, c + 1), (r, c + 2))
            beyond_v = edge((r - 2, c), (r - 1, c)) + edge((r + 1, c), (r + 2, c))
            prob += beyond_h + left <= 2, f"WhiteTurnH{name}"
            prob += beyond_v + up <= 2, f"WhiteTurnV{name}"
        else:
            prob += left + right <= 1, f"BlackTurnH{name}"
            prob += up + down <= 1, f"BlackTurnV{name}"
            prob += left <= edge((r, c - 2), (r, c - 1)), f"BlackLeft{name}"
            prob += right <= edge((r, c + 1), (r, c + 2)), f"BlackRight{name}"
            prob += up <= edge((r - 2, c), (r - 1, c)), f"BlackUp{name}"
            prob += down <= edge((r + 1, c), (r + 2, c)), f"BlackDown{name}"

    m = Model(prob, list(x.values()), {"x": x, "u": u})
    m.separate(single_loop(prob, Network(dict(x), used), lazy=lazy, root=min(pearls)))
    return m


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(line_segments(m["x"]))


def verify(p: Puzzle, a: Answer) -> list[str]:
    problems = []
    sides = arms(a)
    for (r, c), s in sorted(sides.items()):
        if not (0 <= r < p.rows and 0 <= c < p.cols):
            problems.append(f"the loop leaves the grid at {cell_name((r, c))}")
        elif len(s) != 2:
            problems.append(f"cell {cell_name((r, c))} has {len(s)} loop ends, not 2")
    if problems:
        return problems
    if a and len(walk_loop(a)) != len(sides):
        problems.append("the loop is not one single loop")
    straight = {frozenset("LR"), frozenset("UD")}

    def goes_straight(cell: Cell) -> bool:
        return sides.get(cell) in straight

    for (r, c), kind in sorted(p.pearls().items()):
        s = sides.get((r, c))
        if s is None:
            problems.append(f"the loop misses the pearl at {cell_name((r, c))}")
            continue
        ahead = [(r + dr, c + dc) for dr, dc in _steps(s)]
        if kind == WHITE:
            if s not in straight:
                problems.append(f"the loop turns on the white pearl at {cell_name((r, c))}")
            elif all(goes_straight(n) for n in ahead):
                problems.append(f"no turn next to the white pearl at {cell_name((r, c))}")
        else:
            if s in straight:
                problems.append(f"the loop goes straight on the black pearl at {cell_name((r, c))}")
            elif not all(goes_straight(n) for n in ahead):
                problems.append(
                    f"the loop turns right next to the black pearl at {cell_name((r, c))}"
                )
    return problems


def _steps(sides: frozenset[str]) -> list[Cell]:
    from solver.lines import STEPS

    return [STEPS[s] for s in sorted(sides)]


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return draw(a, p.pearls())


def record(p: Puzzle, a: Answer) -> dict:
    return lines_record(a)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`mashu` (alias `pearl`): circle codec, base-27 digits of three cells (1 white, 2 black)."""
    kinds = {0: None, 1: WHITE, 2: BLACK}
    values: list[str | None] = []
    for ch in url.body:
        if len(values) >= url.rows * url.cols:
            break
        n = int(ch, 36)
        if n >= 27:
            raise puzzlink.UrlError(f"mashu: {ch!r} is not a circle digit")
        values += [kinds[n // 9], kinds[n // 3 % 3], kinds[n % 3]]
    values = values[: url.rows * url.cols]
    if len(values) < url.rows * url.cols:
        raise puzzlink.UrlError("mashu: the body is shorter than the grid")
    return Puzzle(tuple(tuple(row) for row in puzzlink.grid_rows(values, url.cols)))


GENRE = define(__name__, slug="masyu", ja="ましゅ", pzpr_ids=("mashu", "pearl"), lazy=True)
