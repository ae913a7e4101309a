"""Hashiwokakero (橋をかけろ, also Bridges or Hashi).

Rules: join the islands with bridges. A bridge runs straight, horizontally or vertically, over
empty cells from an island to the next island it meets; between two islands there are no
bridges, one or two. Bridges never cross each other and never pass over an island. An island's
number says how many bridges end at it (a double bridge counts two); an island without a number
may have any. From every island every other island can be reached over the bridges.

Layout: one puzzle cell per spreadsheet cell from A1. Type each island's number (1 to 8) into
its cell; an island whose number is not given is `?` (or `○`, `◯`, `o`, `O`). Water cells stay
empty. The sentinel one cell diagonally below-right of the grid. The answer draws the bridges
in the water cells they pass: `─` for one horizontal bridge, `═` for two, `│` for one vertical
bridge, `║` for two. Islands keep their number. Two islands side by side may be bridged too;
their bridge passes no water cell, so only the record's `lines` (a segment between the two
cells, n = 1 or 2) shows it. Solving by hand, type the same glyphs or `-`, `=`, `|`, `‖` (a
double vertical bridge also `||`), and `×`, `・` or `.` for water without a bridge. Check reads a
bridge from the cells it passes: as many bridges as the fewest any of its cells shows, none when
one of them shows a bridge the other way or no bridge (so a gap is "not finished yet" and a
crossing is wrong); two islands side by side take their bridge from the nearest answer.

Model (the seed's, per pair of islands instead of per water cell): for every pair of islands
that see each other (the same row or column, only water between them), h1(r,c) = 1 when at
least one bridge joins the island at (r,c) to the next island on its right and h2(r,c) = 1 when
that bridge is double; v1(r,c) and v2(r,c) likewise to the next island below. A double needs a
single: h2 <= h1, v2 <= v1 (seed (5)). An island's number is the sum of h1 + h2 and v1 + v2 over
its pairs (seed (4)). A horizontal and a vertical pair over the same water cell do not both
carry a bridge: h1 + v1 <= 1 there (seed (6)). Valid tightenings when there are more than two
islands: two 1-islands are never joined (h1 = 0) and two 2-islands never doubly (h2 = 0), since
they would be cut off from the rest. The islands being connected, at least one pair fewer than
there are islands carries a bridge (Spanning: sum of h1 and v1 >= islands - 1; it spares the
lazy form most of its rounds of cuts). All islands are connected over the pairs with h1 / v1 = 1
(`solver.blocks.lines.connected`, islands as nodes; seed (8)): in the complete form a flow
f(r,c,rr,cc) from the first island (top row, leftmost) that reaches every other island over
pairs in use, in the lazy form cuts "some bridge leaves this group of islands" (the seed's own
loop adds such a cut for each disconnected answer).

Deductions (`deduce`): the rules of `solver.deduce.bridges` bound each pair's bridges before the
solve: an island's number against what its pairs can and must carry, no bridge across one in
use, the islands one group (every island reachable over the pairs still possible, no group of
islands closed off from the rest by their sure bridges or by a pair's bridges that would close
it); then each value of each open pair is tried (probing), and what holds after every value
that survives holds. The pipeline fixes each decided h1/h2 and v1/v2 by its bounds; what the
rules decide holds in every answer, so the model keeps its answers. Probing's budget is the
genre's Tuning, in work (the pairs once a probe): `probe_work`, or `probe_work_per_cell` for
each pair where that is more. Where the rules decide every pair, the pipeline runs no solver.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise

import pulp

from solver.blocks.geometry import Cell, CellPuzzle, components
from solver.blocks.lines import Network, connected, lines_record
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import NOTHING, Deductions, bridges
from solver.genres import define
from solver.io import puzzlink, spellings
from solver.io.drawn_lines import NO_LINE, one_sided, report, within
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import is_mark
from solver.mip.model import Model, cname, new_problem, value, var
from solver.mip.settings import LEAN_PRESOLVE, Tuning

UNKNOWN = "?"
GLYPHS = {(False, 1): "─", (False, 2): "═", (True, 1): "│", (True, 2): "║"}
TYPED = {**{g: key for key, g in GLYPHS.items()}, "-": (False, 1), "=": (False, 2)}
TYPED |= {"|": (True, 1), "‖": (True, 2), "||": (True, 2)}
ANSWER_MARKS = frozenset(TYPED) | NO_LINE
# a number taken out of the puzzle (Genre.givens) leaves its island, its number not given
WITHOUT_NUMBER = "?"

Clue = int | str  # a number 1..8, or UNKNOWN


@dataclass(frozen=True)
class Pair:
    """Two islands that see each other: a (upper or left) and b, the water cells between."""

    a: Cell
    b: Cell
    vertical: bool
    between: tuple[Cell, ...]


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Clue | None, ...], ...]  # island clue, or None for water

    def islands(self) -> dict[Cell, Clue]:
        return self.givens()

    def pairs(self) -> list[Pair]:
        """Every pair of islands that see each other, each once: to the right and downward."""
        found = []
        for r, c in sorted(self.islands()):
            for vertical, (dr, dc) in ((False, (0, 1)), (True, (1, 0))):
                between = []
                rr, cc = r + dr, c + dc
                while rr < self.rows and cc < self.cols and self.cells[rr][cc] is None:
                    between.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if rr < self.rows and cc < self.cols:
                    found.append(Pair((r, c), (rr, cc), vertical, tuple(between)))
        return found


Bridge = tuple[Cell, Cell, int]  # island a, island b (a < b), 1 or 2 bridges
Answer = frozenset[Bridge]


def parse(grid: Grid) -> Puzzle:
    def island(r: int, c: int) -> Clue | None:
        v = grid[r, c]
        if v is None:
            return None
        if isinstance(v, int) and 1 <= v <= 8:
            return v
        if is_mark(v, spellings.UNKNOWN | spellings.CIRCLE):
            return UNKNOWN
        raise grid.error(
            r, c, f"an island holds its number 1 to 8, or ? when it is not given; found {quote(v)}"
        )

    cells = tuple(tuple(island(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no islands: type each island's number (or ?) in its cell")
    return Puzzle(cells)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("hashiwokakero")
    islands = p.islands()
    pairs = p.pairs()
    one: dict[tuple[Cell, Cell], pulp.LpVariable] = {}
    two: dict[tuple[Cell, Cell], pulp.LpVariable] = {}
    at: dict[Cell, list[pulp.LpVariable]] = defaultdict(list)
    over: dict[Cell, list[pulp.LpVariable]] = defaultdict(list)  # water cell -> pairs over it
    for pair in pairs:
        (r, c), kind = pair.a, "v" if pair.vertical else "h"
        x = one[pair.a, pair.b] = var(prob, f"{kind}1", r + 1, c + 1)
        y = two[pair.a, pair.b] = var(prob, f"{kind}2", r + 1, c + 1)
        prob += y <= x, cname(f"Double{kind.upper()}", (r, c))
        at[pair.a] += [x, y]
        at[pair.b] += [x, y]
        for cell in pair.between:
            over[cell].append(x)
        ends = (islands[pair.a], islands[pair.b])
        if len(islands) > 2 and ends == (1, 1):
            prob += x == 0, cname(f"Isolated{kind.upper()}", (r, c))
        elif len(islands) > 2 and ends == (2, 2):
            prob += y == 0, cname(f"Isolated{kind.upper()}", (r, c))

    for (r, c), clue in sorted(islands.items()):
        if clue != UNKNOWN:
            prob += pulp.lpSum(at[r, c]) == clue, cname("Count", (r, c))
    for (r, c), xs in sorted(over.items()):
        if len(xs) == 2:  # one horizontal and one vertical pair
            prob += xs[0] + xs[1] <= 1, cname("Cross", (r, c))

    # connected islands: a spanning tree's worth of pairs in use at least
    prob += pulp.lpSum(one.values()) >= len(islands) - 1, "Spanning"
    m = Model(prob, [*one.values(), *two.values()], {"one": one, "two": two})
    net = Network(dict(one), {cell: 1 for cell in sorted(islands)})
    m.separate(connected(prob, net, lazy=lazy, root=min(islands), crossing=1))
    return m


def logic_graph(p: Puzzle) -> tuple[list[Pair], bridges.Graph]:
    """The pairs, and the islands and pairs as `solver.deduce.bridges` takes them."""
    islands = p.islands()
    index = {cell: i for i, cell in enumerate(sorted(islands))}
    pairs = p.pairs()
    over: dict[Cell, list[int]] = defaultdict(list)
    for k, pair in enumerate(pairs):
        for cell in pair.between:
            over[cell].append(k)
    crossing: list[list[int]] = [[] for _ in pairs]
    for ks in over.values():
        for k in ks:
            crossing[k] += [q for q in ks if q != k]
    numbers = [None if islands[cell] == UNKNOWN else islands[cell] for cell in sorted(islands)]
    ends = [(index[pair.a], index[pair.b]) for pair in pairs]
    return pairs, bridges.Graph(numbers, ends, crossing)


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide of each pair's bridges (`solver.deduce.bridges`): at least one
    (`one`), two (`two`); the answer where they decide every pair."""
    pairs, graph = logic_graph(p)
    board = bridges.decide(graph, max(tuning.probe_work, tuning.probe_work_per_cell * len(pairs)))
    if board is None:
        return NOTHING
    one, two = {}, {}
    for pair, lo, hi in zip(pairs, board.lo, board.hi, strict=True):
        key = (pair.a, pair.b)
        if lo >= 1 or hi == 0:
            one[key] = int(lo >= 1)
        if lo == 2 or hi <= 1:
            two[key] = int(lo == 2)
    answer = None
    if not board.open():
        answer = frozenset(
            (pair.a, pair.b, lo) for pair, lo in zip(pairs, board.lo, strict=True) if lo
        )
    return Deductions({"one": one, "two": two}, answer=answer, answer_vars=2 * len(pairs))


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(
        (a, b, 1 + value(m["two"][a, b])) for (a, b), x in m["one"].items() if value(x)
    )


def _cells_between(a: Cell, b: Cell) -> list[Cell]:
    (r, c), (rr, cc) = a, b
    if r == rr:
        return [(r, k) for k in range(min(c, cc) + 1, max(c, cc))]
    return [(k, c) for k in range(min(r, rr) + 1, max(r, rr))]


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Bridges join two islands in a straight line over water, one or two, never crossing;
    each number counts its bridges; the islands are one group (the smaller groups are named)."""
    problems = []
    islands = p.islands()
    bridges: dict[tuple[Cell, Cell], int] = {}
    count: dict[Cell, int] = defaultdict(int)
    cover: dict[Cell, list[tuple[Cell, Cell]]] = defaultdict(list)
    for x, y, n in sorted(a):
        what = f"the bridge from {cell_name(x)} to {cell_name(y)}"
        if x not in islands or y not in islands or x == y:
            problems.append(Violation(f"{what} does not join two islands", [x, y]))
            continue
        if x[0] != y[0] and x[1] != y[1]:
            problems.append(Violation(f"{what} is not straight", [x, y]))
            continue
        between = _cells_between(x, y)
        if n not in (1, 2):
            problems.append(Violation(f"{what} has {n} lines, not 1 or 2", between or [x, y]))
        if (min(x, y), max(x, y)) in bridges:
            problems.append(Violation(f"{what} is given twice", between or [x, y]))
        bridges[min(x, y), max(x, y)] = n
        count[x] += n
        count[y] += n
        for cell in between:
            if cell in islands:
                problems.append(
                    Violation(f"{what} passes over the island at {cell_name(cell)}", [cell])
                )
            cover[cell].append((x, y))
    for cell, on in sorted(cover.items()):
        if len(on) > 1:
            problems.append(Violation(f"bridges cross at {cell_name(cell)}", [cell]))
    for cell, clue in sorted(islands.items()):
        if clue != UNKNOWN and count[cell] != clue:
            problems.append(
                Violation(
                    f"the island {clue} at {cell_name(cell)} has {count[cell]} bridges", [cell]
                )
            )
    groups = sorted(components(islands, bridges), key=lambda g: (-len(g), min(g)))
    if len(groups) > 1:
        problems.append(
            Violation(
                f"the islands fall into {len(groups)} groups that no bridges join",
                set().union(*groups[1:]),
            )
        )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """Each pair's bridges as its water cells show them: the fewest bridges any of its cells
    shows, 0 when one of them shows water (`×`, `・`, `.`) or a bridge the other way, nothing
    when all are blank; two islands side by side: None (no cell shows their bridge). The glyphs
    are held to each other as `solver.io.drawn_lines.one_sided` holds them: a bridge that runs
    off the grid, where no two islands see each other, or into a water cell that does not show
    it back (or shows another number of bridges) is named."""
    report(*_one_sided(p, grid))
    entries: dict[pulp.LpVariable, int | None] = {}
    for pair in p.pairs():
        key = (pair.a, pair.b)
        one, two = m["one"].get(key), m["two"].get(key)
        if one is None or two is None:
            continue
        if not pair.between:
            entries[one] = entries[two] = None
            continue
        shown = []
        for r, c in pair.between:
            v = grid[r, c]
            text = v.strip() if isinstance(v, str) else None
            if text in NO_LINE:
                shown.append(0)
            elif text in TYPED:
                vertical, n = TYPED[text]
                shown.append(n if vertical == pair.vertical else 0)
        if shown:
            entries[one] = int(min(shown) >= 1)
            entries[two] = int(min(shown) == 2)
    return entries


def _one_sided(p: Puzzle, grid: Grid) -> tuple[list[Violation], dict[Cell, frozenset[str]]]:
    """The bridge glyphs whose arm no bridge meets, and the arms of every bridge glyph."""
    shown: dict[Cell, frozenset[str]] = {}
    lines: dict[Cell, int] = {}
    for cell in grid.positions():
        v = grid[cell]
        text = v.strip() if isinstance(v, str) else None
        if text in NO_LINE:
            shown[cell] = frozenset()
        elif text in TYPED and p.cells[cell[0]][cell[1]] is None:
            vertical, lines[cell] = TYPED[text]
            shown[cell] = frozenset("UD" if vertical else "LR")
    spans = set()  # the unit segments some bridge may run over
    for pair in p.pairs():
        path = [pair.a, *pair.between, pair.b]
        spans |= {frozenset(seg) for seg in pairwise(path)}

    def closed(a: Cell, b: Cell) -> str | None:
        if frozenset((a, b)) in spans:
            return None
        return f"into {cell_name(b)}, where no bridge can go"

    return one_sided(shown, within(p.rows, p.cols), closed, lines, "bridge"), shown


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return [
        CellWrite(r, c, GLYPHS[x[0] != y[0], n])
        for x, y, n in sorted(a)
        for r, c in _cells_between(x, y)
    ]


def record(p: Puzzle, a: Answer) -> dict:
    """Every unit segment of every bridge, island to island, with n = 1 or 2 bridges."""
    count = {}
    for x, y, n in a:
        path = [min(x, y), *_cells_between(x, y), max(x, y)]
        for u, w in pairwise(path):
            count[u, w] = n
    return lines_record(count, count)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`hashikake` (alias `hashi`): number16 over cells; `.` is an island with no number."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    for v in values:
        if isinstance(v, int) and not 1 <= v <= 8:
            raise puzzlink.UrlError(f"hashikake: an island holds 1 to 8 bridges, not {v}")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("hashikake", p.cols, p.rows, body)


# HiGHS by default: with the Spanning row it is the faster on published puzzles (17x13 to 41x19;
# about twice as fast as SCIP on hashikake-2), and even on generated ones. SCIP, when asked for,
# runs without its primal heuristics: here they cost more time than they save.
GENRE = define(
    __name__,
    slug="hashiwokakero",
    ja="橋をかけろ",
    pzpr_ids=("hashikake",),
    lazy=True,
    tuning=Tuning(
        solver="highs",
        scip_heuristics=False,
        highs_options=(LEAN_PRESOLVE,),
        probe_work_per_cell=200,
    ),
)
