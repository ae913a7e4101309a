"""Wall Logic (ウォールロジック).

Rules: from every number draw straight lines up, down, left and right, totalling as many cells
as the number says (split among the directions in any way; a direction may have none). Lines
never pass over a number or a black cell, and every empty cell is covered by exactly one line.
A number whose value is not given (`?`) may draw any total.

Layout: one puzzle cell per spreadsheet cell from A1. Type the numbers (0 or more) into their
cells; `?` is a number whose value is not given; a black cell is `■` (or `#`, `+`). Empty cells
stay empty. The sentinel one cell diagonally below-right of the grid. The answer draws each line
in the cells it covers: `─` for a horizontal line, `│` for a vertical one, and the line's last
cell gets a half stroke pointing back towards its number (`╴` ends a line drawn to the right,
`╶` one drawn to the left, `╵` one drawn downward, `╷` one drawn upward). So where two lines
meet head on, as in `2 ─ ╴ ╶ ─ 2`, the gap between the half strokes shows where one ends and the
other begins. The record's `lines` run from each number's
centre through the cells its lines cover. Solving by hand, type the same glyphs, or `-` and `|`
(without half strokes Check cannot tell where two lines meeting head on part, and takes that
from the nearest answer).

Model: y(r,c,d,k) = 1 when the line of the number at (r,c) in direction d (1 up, 2 down, 3 left,
4 right, as in puzz.link) covers its k-th cell, for the empty cells k = 1, 2, ... that direction
reaches before a number, a black cell or the edge (at most the number itself). A line is
straight and unbroken: y(r,c,d,k) <= y(r,c,d,k-1). The number is the sum of its y. Every empty
cell is covered exactly once: the y of all the lines that can reach it sum to 1. (The seed models
an arrow direction per cell and a length per cell and direction; this is the same rule stated
from the numbers' side.) No connectivity, so there is only the one complete form.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise, takewhile

import pulp

from solver.blocks.geometry import NUMBER, OPPOSITE, STEPS, Cell, CellPuzzle, ray, step
from solver.blocks.lines import lines_record
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import ARMS, TYPED, one_sided, report, segments_of, shown_arms, within
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value, var

UNKNOWN = "?"
BLACK = "■"
BODY = {"U": "│", "D": "│", "L": "─", "R": "─"}
END = {"U": "╷", "D": "╵", "L": "╶", "R": "╴"}  # a half stroke back towards the number
ANSWER_MARKS = frozenset(BODY.values()) | frozenset(END.values()) | frozenset(TYPED)
# a number taken out of the puzzle (Genre.givens) leaves its lines, of any total
WITHOUT_NUMBER = "?"

Clue = int | str  # a number, UNKNOWN, or BLACK


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Clue | None, ...], ...]  # number, UNKNOWN, BLACK, or None (empty)

    def numbers(self) -> dict[Cell, int | str]:
        return {
            (r, c): v
            for r, row in enumerate(self.cells)
            for c, v in enumerate(row)
            if v is not None and v != BLACK
        }

    def empty(self) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v is None]

    def ray(self, cell: Cell, d: str) -> list[Cell]:
        """The empty cells from `cell` in direction d, up to a number, black cell or the edge."""
        return list(
            takewhile(
                lambda q: self.cells[q[0]][q[1]] is None,
                ray(self.rows, self.cols, *cell, *STEPS[d]),
            )
        )

    def reachable(self) -> set[Cell]:
        """The empty cells that some number's line can reach."""
        found = set()
        for cell, n in self.numbers().items():
            for d in STEPS:
                ray = self.ray(cell, d)
                found |= set(ray if n == UNKNOWN else ray[:n])
        return found


Line = tuple[Cell, str, int]  # a number's cell, its direction U D L R, and its length (>= 1)
Answer = frozenset[Line]


def parse(grid: Grid) -> Puzzle:
    most = grid.rows + grid.cols - 2  # a number can cover no more cells than that

    def cell(r: int, c: int) -> Clue | None:
        v = grid[r, c]
        if v is None:
            return None
        if isinstance(v, int) and 0 <= v <= most:
            return v
        if is_mark(v, spellings.UNKNOWN):
            return UNKNOWN
        if is_mark(v, spellings.BLACK):
            return BLACK
        if isinstance(v, int):
            raise grid.error(r, c, f"a number here covers 0 to {most} cells, found {quote(v)}")
        raise grid.error(r, c, f"a cell holds a number, ? or a black cell ■, found {quote(v)}")

    cells = tuple(tuple(cell(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    p = Puzzle(cells)
    if not p.numbers():
        raise InputError(grid.sheet, "no numbers: type the numbers into their cells")
    reach = p.reachable()
    for r, c in p.empty():
        if (r, c) not in reach:
            raise grid.error(r, c, "this empty cell is out of reach of every number's lines")
    return p


def model(p: Puzzle) -> Model:
    prob = new_problem("wall-logic")
    y: dict[tuple[Cell, str, int], pulp.LpVariable] = {}
    cover: dict[Cell, list[pulp.LpVariable]] = defaultdict(list)
    for (r, c), n in sorted(p.numbers().items()):
        mine = []
        for d in STEPS:
            ray = p.ray((r, c), d)
            if n != UNKNOWN:
                ray = ray[:n]
            for k, target in enumerate(ray, start=1):
                y[(r, c), d, k] = var(prob, "y", r + 1, c + 1, NUMBER[d], k)
                if k > 1:
                    straight = cname("Straight", (r, c), NUMBER[d], k)
                    prob += y[(r, c), d, k] <= y[(r, c), d, k - 1], straight
                cover[target].append(y[(r, c), d, k])
                mine.append(y[(r, c), d, k])
        if n != UNKNOWN:
            prob += pulp.lpSum(mine) == n, cname("Count", (r, c))
    for r, c in p.empty():
        if not cover[r, c]:
            raise ValueError(f"the empty cell ({r}, {c}) is out of reach of every number")
        prob += pulp.lpSum(cover[r, c]) == 1, cname("Cover", (r, c))
    return Model(prob, list(y.values()), {"y": y})


def decode(p: Puzzle, m: Model) -> Answer:
    """Each number's lines, as long as their covered cells run unbroken from it."""
    length: dict[tuple[Cell, str], int] = defaultdict(int)
    for (cell, d, k), v in sorted(m["y"].items()):
        if value(v) and length[cell, d] == k - 1:
            length[cell, d] = k
    return frozenset((cell, d, n) for (cell, d), n in length.items() if n)


def _cells(line: Line) -> list[Cell]:
    cell, d, n = line
    return [step(cell, d, k) for k in range(1, n + 1)]


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Lines start at numbers and run over empty cells only; every empty cell is covered once;
    each number draws as many cells as it says. Each problem names the cells involved."""
    problems = []
    numbers = p.numbers()
    total: dict[Cell, int] = defaultdict(int)
    seen: set[tuple[Cell, str]] = set()
    covered: dict[Cell, int] = defaultdict(int)
    mine: dict[Cell, list[Cell]] = defaultdict(list)
    for line in sorted(a):
        cell, d, n = line
        if cell not in numbers:
            problems.append(
                Violation(f"a line starts at {cell_name(cell)}, which holds no number", [cell])
            )
            continue
        if d not in STEPS or n < 1:
            problems.append(
                Violation(f"the line {line} is not a straight line of at least one cell", [cell])
            )
            continue
        if (cell, d) in seen:
            problems.append(
                Violation(f"the number at {cell_name(cell)} has two lines going {d}", [cell])
            )
        seen.add((cell, d))
        total[cell] += n
        for r, c in _cells(line):
            if not (0 <= r < p.rows and 0 <= c < p.cols):
                problems.append(
                    Violation(f"the line from {cell_name(cell)} going {d} leaves the grid", [cell])
                )
                break
            if p.cells[r][c] is not None:
                problems.append(
                    Violation(
                        f"the line from {cell_name(cell)} going {d} passes the given at "
                        f"{cell_name((r, c))}",
                        [cell, (r, c)],
                    )
                )
            covered[r, c] += 1
            mine[cell].append((r, c))
    for cell in p.empty():
        if covered[cell] == 0:
            problems.append(Violation(f"the empty cell {cell_name(cell)} is on no line", [cell]))
        elif covered[cell] > 1:
            problems.append(
                Violation(f"the empty cell {cell_name(cell)} is on {covered[cell]} lines", [cell])
            )
    for cell, n in sorted(numbers.items(), key=lambda kv: kv[0]):
        if n != UNKNOWN and total[cell] != n:
            problems.append(
                Violation(
                    f"the number {n} at {cell_name(cell)} draws {total[cell]} cells",
                    [cell, *mine[cell]],
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The lines drawn in the empty cells, walked from each number: a cell its line reaches
    over drawn segments (`solver.io.drawn_lines.shown_arms`; over a blank cell too where the line
    goes on beyond it) is covered by it (1), when the cell's glyph runs its way; a drawn cell that
    the line of a number does not reach is not covered by that one (0). A cell that the lines of
    two numbers both reach (`-` meeting `-` head on) is the sheet's to show and not: None.

    The glyphs are held to each other as `solver.io.drawn_lines.one_sided` holds them: an arm
    off the grid, into a black cell or into a glyph without the arm back is named. A typed `-`
    or `|` says which way a line runs, not where it ends (the last cell of a line typed so
    points on), so it takes any arm and its own are not held against its neighbours."""
    shown = shown_arms(grid, set(p.givens()))
    drawn, _ = segments_of(shown)

    def closed(a: Cell, b: Cell) -> str | None:
        return f"into the black cell {cell_name(b)}" if p.cells[b[0]][b[1]] == BLACK else None

    glyphs = {cell: s for cell, s in shown.items() if grid[cell].strip() not in TYPED}
    report(one_sided(glyphs, within(p.rows, p.cols), closed), glyphs)
    reached: dict[Cell, list[tuple[Cell, str, int]]] = defaultdict(list)

    def joined(a: Cell, b: Cell) -> bool:
        return (min(a, b), max(a, b)) in drawn

    for cell in p.numbers():
        for d in STEPS:
            ray = p.ray(cell, d)
            prev = cell
            for k, q in enumerate(ray, start=1):
                through = grid[q] is None and k < len(ray) and joined(q, ray[k])
                if not joined(prev, q) and not through:  # a blank cell the line runs on over
                    break
                reached[q].append((cell, d, k))
                prev = q
    y = m["y"]
    entries: dict[pulp.LpVariable, int | None] = {}
    for key, v in y.items():
        target = step(key[0], key[1], key[2])
        text = grid[target]
        shown = text.strip() if isinstance(text, str) else None
        sides = ARMS.get(shown) or TYPED.get(shown)  # type: ignore[arg-type]
        if not sides:
            continue  # a blank cell fixes nothing
        if key in reached[target] and sides & {key[1], OPPOSITE[key[1]]}:
            entries[v] = 1 if len(reached[target]) == 1 else None
        else:
            entries[v] = 0
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    writes = []
    for line in sorted(a):
        cells = _cells(line)
        d = line[1]
        writes += [CellWrite(r, c, BODY[d]) for r, c in cells[:-1]]
        writes.append(CellWrite(*cells[-1], END[d]))
    return sorted(writes, key=lambda w: (w.row, w.col))


def record(p: Puzzle, a: Answer) -> dict:
    """Every line as unit segments from its number's centre through the cells it covers."""
    segments = []
    for line in a:
        path = [line[0], *_cells(line)]
        segments += list(pairwise(path))
    return lines_record(segments)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`walllogic`: number16 over cells, except that `+` is a black cell (no 3-digit numbers);
    `.` is a number whose value is not given."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols, symbols={"+": BLACK})
    puzzlink.end(rest)
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    values = puzzlink.cells_of(p.cells)
    body = puzzlink.encode_number16(values, symbols={BLACK: "+"}, most=255)
    return puzzlink.url_text("walllogic", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="wall-logic",
    ja="ウォールロジック",
    pzpr_ids=("walllogic",),
    prove_by_search=True,
)
