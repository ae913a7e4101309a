"""Kurotto (クロット).

Rules: shade some cells. Circled cells stay unshaded. A number in a circle is the total size of
the groups of shaded cells (orthogonally connected) that touch the circle side by side; a
circle without number says nothing about them.

Layout: one puzzle cell per spreadsheet cell from A1: a circle with a number is its number (0
and up), a circle without one is `?` (or `○`, `o`); other cells stay empty. The sentinel one
cell diagonally below-right of the grid. The answer shades cells (a dark fill and `■`). When
checking an answer typed by hand, `■` or `#` or a dark fill is a shaded cell, and `・`, `.` or
`×` marks a cell known to stay unshaded. The record's `shaded` lists the shaded cells.

puzz.link: `kurotto`, number16 over the cells (`.` a circle without number).

Model: b(r,c) = 1 when cell (r,c) is shaded (circles have no b). For each number n at k, the
cells its groups may hold (`reach`: within n - 1 steps of k's neighbours through cells that are
no circle) get t(r,c,k) = 1 when the cell is shaded and in a group that touches k; a neighbour
of k has b in its place. In(r,c,k): t <= b. Next(r,c,k), implied: a counted cell that is no
neighbour of k has a counted neighbour. Grow(p,q,k): a shaded neighbour of a counted cell
is counted, t_q >= t_p + b_q - 1. Far(p,q,k): a counted cell's neighbour beyond the reach is
unshaded, t_p + b_q <= 1 (shaded, it would make the group larger than n). Sum(k): the t add up
to n. And the counted cells with k are connected (`solver.blocks.cells.connected`, rooted at k:
a flow in the complete form, the default, vertex cuts in the lazy form), so that only groups
touching k are counted: with Grow those are whole groups, each counted once.

Deductions (`deduce`): the rules of `solver.deduce.shade_logic` with kurotto's own (`_total`):
circles unshaded; a number's shaded groups so far number at most n, the cells its groups could
hold at least n (just n: they are all shaded); an unknown cell beside the number or its groups
that would bring them past n is unshaded. Then every unknown cell is tried both ways (probing),
and a depth-first search follows over the numbers' ways (`_search`, within the Tuning's
`search_work`): a number's way is the set of n cells its groups hold, connected with it, with
the cells beside them unshaded; at each node each number's ways are listed (`_ways`, those of
a number with too many to list within SHAPES_WORK steps left out), a way of one number is kept
only where a way of each other number agrees with it (`_agree`), what all the ways of a number
share is set, and the search branches on the number with the fewest. It ends with the answers
(the first two) or gives up: one answer decides the grid, two go to the solve, which finds the
puzzle not unique. Where it gives up, a search over the cells (`probing.search`, within
`cell_search_work`) tries: where a number may take many ways, guessing cells costs less than
listing the ways. Where the rules leave cells open, the MIP takes the rest with those fixed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

import pulp

from solver import limits
from solver.blocks.cells import components, connected, shade_vars, shaded_record
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.deduce import Deductions, probing, shade_logic
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
from solver.io.shading import SHADING_MARKS, read_shaded, render_shaded
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import CIRCLE, is_mark
from solver.io.spellings import UNKNOWN as NOT_GIVEN
from solver.mip.model import Model, cname, new_problem, row, value, var
from solver.mip.settings import Tuning

ANSWER_MARKS = SHADING_MARKS
# a number taken out of the puzzle (Genre.givens) leaves a circle without number
WITHOUT_NUMBER = "?"
ANSWER_FILLS = True  # the answer shows as dark fills, and a dark fill reads as shaded


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # a number, puzzlink.UNKNOWN ('?') or None

    def circles(self) -> dict[Cell, int | None]:
        """The circles: their number, None for a circle without one."""
        return {cell: (None if v == puzzlink.UNKNOWN else v) for cell, v in self.givens().items()}

    def near(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [
            (r + dr, c + dc)
            for dr, dc in ORTHOGONAL
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
        ]

    def reach(self, k: Cell, n: int) -> dict[Cell, int]:
        """The cells a group touching the circle k can hold when the groups total n cells, with
        their steps from k's nearest neighbour (0 for the neighbours): through cells that are no
        circle, at most n - 1 steps."""
        circles = self.circles()
        dist = {q: 0 for q in self.near(k) if q not in circles}
        queue = deque(dist)
        while queue:
            p = queue.popleft()
            if dist[p] >= n - 1:
                continue
            for q in self.near(p):
                if q not in circles and q not in dist:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return dist


Answer = frozenset[Cell]  # the shaded cells


def parse(grid: Grid) -> Puzzle:
    most = grid.rows * grid.cols

    def clue(r: int, c: int) -> int | str | None:
        v = grid[r, c]
        if v is None:
            return None
        if is_mark(v, NOT_GIVEN | CIRCLE):
            return puzzlink.UNKNOWN
        if isinstance(v, int) and 0 <= v < most:
            return v
        raise grid.error(
            r,
            c,
            f"a cell holds a circle's number from 0 to {most - 1} (the shaded cells it "
            f"touches), ? or ○ (a circle without number), or nothing; found {quote(v)}",
        )

    cells = tuple(tuple(clue(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(v is not None for row in cells for v in row):
        raise InputError(grid.sheet, "no circles: type the circles' numbers, or ? for a circle")
    return Puzzle(cells)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("kurotto")
    circles = p.circles()
    b = shade_vars(prob, p.rows, p.cols, skip=circles)
    m = Model(prob, list(b.values()), {"b": b})
    order = {k: i + 1 for i, k in enumerate(sorted(circles))}
    for k, n in sorted(circles.items()):
        if n is None:
            continue
        i = order[k]
        reach = p.reach(k, n)
        t: dict[Cell, pulp.LpVariable] = {
            q: b[q] if d == 0 else var(prob, "t", q[0] + 1, q[1] + 1, i)
            for q, d in sorted(reach.items())
        }
        for q, d in sorted(reach.items()):
            if d > 0:
                prob += row({t[q]: 1, b[q]: -1}, "<=", 0), cname("In", q, i)
                near = [t[x] for x in p.near(q) if x in t]
                prob += row({t[q]: 1, **dict.fromkeys(near, -1)}, "<=", 0), cname("Next", q, i)
        for q1, tq in sorted(t.items()):
            for q2 in p.near(q1):
                if q2 in t and reach[q2] > 0:  # t_q2 >= t_q1 + b_q2 - 1
                    prob += row({t[q2]: 1, tq: -1, b[q2]: -1}, ">=", -1), cname("Grow", q1, q2, i)
                elif q2 in b and q2 not in t:  # t_q1 + b_q2 <= 1
                    prob += row({tq: 1, b[q2]: 1}, "<=", 1), cname("Far", q1, q2, i)
        prob += pulp.lpSum(t.values()) == n, cname("Sum", k)
        counted = {k: 1, **t}
        m.separate(connected(prob, counted, lazy, root=k, prefix=f"k{i}"))
    return m


def deduction_board(p: Puzzle) -> Board:
    """Kurotto: circles unshaded, and each number's groups (`_total`)."""
    cols = p.cols
    board = Board(p.rows, cols, apart=False, connected=False)
    circles = p.circles()
    for r, c in circles:
        board.set(r * cols + c, UNSHADED)
    for k, n in sorted(circles.items()):
        if n is None:
            continue
        reach = p.reach(k, n)
        watched = set(reach) | {q for cell in reach for q in p.near(cell)}
        start = [r * cols + c for r, c in p.near(k) if (r, c) not in circles]
        cells = sorted(r * cols + c for r, c in watched)
        board.rule(_total, (n, start), cells)
    return board


def _group(board: Board, starts: list[int], through: frozenset[int], most: int) -> list[int]:
    """The cells reached from the starts (whose state is in `through`) through cells whose
    state is, stopping once past `most` cells."""
    state, near = board.state, board.near
    seen = [i for i in dict.fromkeys(starts) if state[i] in through]
    found = set(seen)
    queue = deque(seen)
    while queue and len(seen) <= most:
        for j in near[queue.popleft()]:
            if j not in found and state[j] in through:
                found.add(j)
                seen.append(j)
                queue.append(j)
    return seen


SHADED_ONLY = frozenset({SHADED})
OPEN = frozenset({SHADED, UNKNOWN})


def _total(board: Board, number: tuple[int, list[int]]) -> None:
    """A number n counts its groups: the shaded groups touching it (at least) number at most
    n, and the cells that shaded groups touching it could hold (at most) at least n; where
    the cells it could count are just n, they are shaded; an unknown cell beside it or its
    groups that would bring the count past n, shaded, is unshaded."""
    (n, start), state, near = number, board.state, board.near
    counted = _group(board, start, SHADED_ONLY, n)
    if len(counted) > n:
        raise Contradiction
    could = _group(board, start, OPEN, n)
    if len(could) < n:
        raise Contradiction
    if len(could) == n:
        for i in could:
            board.set(i, SHADED)
        return
    inside = set(counted)
    edge = {j for i in counted for j in near[i] if state[j] == UNKNOWN}
    edge |= {i for i in start if state[i] == UNKNOWN}
    for u in sorted(edge):
        others = [j for j in near[u] if state[j] == SHADED and j not in inside]
        grown = _group(board, others, SHADED_ONLY, n) if others else []
        if len(counted) + 1 + len(grown) > n:
            board.set(u, UNSHADED)


SHAPES_WORK = 2000  # the steps `_ways` may take for one number at a node of the search
RETRY = 4  # ... and the cells near it decided since it gave up before it tries again


class _TooMany(Exception):
    """A number's sets took more steps than allowed."""


Way = tuple[int, int]  # a number's set U of shaded cells, and the unknown cells beside: bits


def _ways(board: Board, k: int, n: int, most: int) -> list[Way]:
    """The ways the number n at cell k can still count: each set U of n cells that, with k,
    are connected, every other neighbour of U and of k unshaded (or a circle), with U's cells
    shaded or unknown and every shaded cell beside U or k in U; with the unknown cells beside
    them, outside U (as bits: cell i is 1 << i). Each set is grown from k once (Redelmeier's
    way: a cell is added, or left out for good). Raises _TooMany past `most` steps."""
    state, near = board.state, board.near
    start = [j for j in near[k] if state[j] != UNSHADED]
    found: list[Way] = []
    steps = 0
    me = 1 << k

    def grow(untried: list[int], shaded: int, size: int, cells: int, seen: int) -> None:
        # `shaded` of the untried cells are shaded; `size` cells are in U (bits `cells`);
        # `seen`: the cells added or left out, and the untried ones (with k)
        nonlocal steps
        steps += 1
        if steps > most:
            raise _TooMany
        if size == n:
            if not shaded:
                found.append((cells, seen & ~cells & ~me))
            return
        if size + shaded > n:
            return
        rest = list(untried)
        while rest:
            c = rest.pop()
            on = state[c] == SHADED
            added = [j for j in near[c] if not seen >> j & 1 and state[j] != UNSHADED]
            more = seen
            for j in added:
                more |= 1 << j
            grow(
                rest + added,
                shaded - on + sum(state[j] == SHADED for j in added),
                size + 1,
                cells | 1 << c,
                more,
            )
            if on:
                return  # a shaded cell beside the set is in it

    seen = me
    for j in start:
        seen |= 1 << j
    grow(start, sum(state[j] == SHADED for j in start), 0, 0, seen)
    return found


def _bits(state: list[int], value: int) -> int:
    return sum(1 << i for i, s in enumerate(state) if s == value)


def _take(board: Board, way: Way) -> None:
    """Shade the way's cells and unshade the cells beside them."""
    for bits, mark in ((way[0], SHADED), (way[1], UNSHADED)):
        i = 0
        while bits:
            if bits & 1:
                board.set(i, mark)
            bits >>= 1
            i += 1


Ways = dict[int, list[Way] | int]  # per number's cell, its ways, or (too many to list) the
# unknown cells near it when listing them was given up


def _narrow(board: Board, numbers: list[tuple[int, int, list[int]]], known: Ways) -> Ways:
    """Each number's ways (those of `known` that still fit: a board with more cells decided
    has fewer ways; else `_ways` within SHAPES_WORK steps, tried again for a number given up
    on once RETRY more cells near it are decided); what all the ways of a number share is set,
    until that sets nothing. Returns the ways; Contradiction where a number has none."""
    ways: Ways = dict(known)
    while True:
        changed = False
        for k, n, area in numbers:
            state = board.state
            listed = ways.get(k)
            if isinstance(listed, list):
                shaded, unshaded = _bits(state, SHADED), _bits(state, UNSHADED)
                listed = [w for w in listed if not (w[0] & unshaded or w[1] & shaded)]
            else:
                unknown = sum(state[i] == UNKNOWN for i in area)
                if listed is not None and unknown > listed - RETRY:
                    continue
                try:
                    listed = _ways(board, k, n, SHAPES_WORK)
                except _TooMany:
                    ways[k] = unknown
                    continue
            if not listed:
                raise Contradiction
            ways[k] = listed
            before = state.count(UNKNOWN)
            shaded = beside = -1
            for w in listed:
                shaded &= w[0]
                beside &= w[1]
            _take(board, (shaded, beside))
            if board.state.count(UNKNOWN) < before:
                board.propagate()
                changed = True
        if not changed and not _agree(ways):
            return ways


def _agree(ways: Ways) -> bool:
    """Two numbers' ways where they meet: a way of one is kept only where a way of the other
    agrees with it (neither shades a cell the other leaves beside its set). Each way is looked
    at only on the cells both numbers' ways touch, once for all the ways alike there. True when
    that took a way out."""
    listed = sorted((k, w) for k, w in ways.items() if isinstance(w, list))
    reach = {}
    for k, w in listed:
        touched = 0
        for u, b in w:
            touched |= u | b
        reach[k] = touched
    dropped = False
    for x, (k1, w1) in enumerate(listed):
        for k2, _ in listed[x + 1 :]:
            both = reach[k1] & reach[k2]
            if not both:
                continue
            w1, w2 = ways[k1], ways[k2]
            seen1 = {(u & both, b & both) for u, b in w1}
            seen2 = {(u & both, b & both) for u, b in w2}
            ok1 = {a for a in seen1 if any(not (a[0] & b[1] or a[1] & b[0]) for b in seen2)}
            ok2 = {b for b in seen2 if any(not (a[0] & b[1] or a[1] & b[0]) for a in ok1)}
            if len(ok1) < len(seen1):
                ways[k1] = [w for w in w1 if (w[0] & both, w[1] & both) in ok1]
                dropped = True
            if len(ok2) < len(seen2):
                ways[k2] = [w for w in w2 if (w[0] & both, w[1] & both) in ok2]
                dropped = True
            if not ways[k1] or not ways[k2]:
                raise Contradiction
    return dropped


def _search(
    board: Board, numbers: list[tuple[int, int, list[int]]], work: int
) -> list[Board] | None:
    """Depth-first search over the numbers' ways: at each node what every way of a number
    shares is set (`_narrow`), then the search branches on the ways of the open number with
    the fewest (on an unknown cell, both ways, where no open number's ways could be listed
    within SHAPES_WORK steps). Where every number is settled, an unknown cell left touches no
    number's groups, and makes two answers. Returns the one answer's board when the search
    ends with exactly one; raises Contradiction with none; None with two, or when its work
    (the ways listed and looked at, SHAPES_WORK a node) exceeds `work`."""
    found: list[Board] = []
    spent = 0
    stack: list[tuple[Board, Ways]] = [(board, {})]
    while stack:
        node, known = stack.pop()
        spent += SHAPES_WORK + sum(len(w) for w in known.values() if isinstance(w, list))
        if spent > work:
            return None
        limits.check_time()
        try:
            ways = _narrow(node, numbers, known)
        except Contradiction:
            continue
        state = node.state
        choices = sorted((len(w), k) for k, w in ways.items() if isinstance(w, list) and len(w) > 1)
        children: list[tuple[Board, Ways]] = []
        if choices:
            for way in ways[choices[0][1]]:
                child = node.copy()
                try:
                    _take(child, way)
                    child.propagate()
                except Contradiction:
                    continue
                children.append((child, ways))
        elif UNKNOWN not in state:
            found.append(node)
            if len(found) > 1:
                return found
            continue
        else:
            cell = (Board.frontier(node) or [state.index(UNKNOWN)])[0]
            for value in (SHADED, UNSHADED):
                child = node.copy()
                try:
                    child.set(cell, value)
                    child.propagate()
                except Contradiction:
                    continue
                children.append((child, ways))
        stack += reversed(children)
    return found


def _cells_searched(board: Board, work: int) -> list[Board] | None:
    """The depth-first search over the cells (`probing.search`: each frontier cell both ways,
    probed at each node), as `_search` gives its outcome: the one answer's board, none (an
    empty list), or None (a second answer, or the work spent)."""
    try:
        one = probing.search(board, work, Board.frontier)
    except Contradiction:
        return []
    return None if one is None else [one]


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """What the rules decide (`solver.deduce.shade_logic`): circles unshaded, each number's
    groups between what is shaded and what could be, then every unknown cell tried both ways,
    then a depth-first search over the numbers' ways within the Tuning's `search_work`, and
    where that runs out one over the cells within its `cell_search_work` (the rules check a
    decided grid whole, so a search that ends with one answer decides it)."""
    known = shade_logic.deduce(
        lambda: deduction_board(p),
        probing.budget(p.rows, p.cols, tuning.probe_work, tuning.probe_passes),
        everywhere=True,
        idle=tuning.probe_idle,
    )
    if known is None or len(known[0]) + len(known[1]) == p.rows * p.cols:
        return shading_deductions(known, p.rows, p.cols, skip=p.circles())
    board = deduction_board(p)
    for cells, mark in ((known[0], SHADED), (known[1], UNSHADED)):
        for r, c in sorted(cells):
            board.set(r * p.cols + c, mark)
    board.propagate()
    numbers = [
        (r * p.cols + c, n, sorted(q * p.cols + d for q, d in p.reach((r, c), n)))
        for (r, c), n in sorted(p.circles().items())
        if n is not None
    ]
    found = _search(board, numbers, tuning.search_work)
    if found is None:  # the ways ran out of work: the cells' search, within its own
        found = _cells_searched(board, tuning.cell_search_work)
    if found is None:
        return shading_deductions(known, p.rows, p.cols, skip=p.circles())
    answers = [
        frozenset(divmod(i, p.cols) for i, s in enumerate(a.state) if s == SHADED) for a in found
    ]
    if len(answers) == 1:
        known = (set(answers[0]), {divmod(i, p.cols) for i in range(len(board.state))} - answers[0])
        return shading_deductions(known, p.rows, p.cols, skip=p.circles())
    return replace(
        shading_deductions(known, p.rows, p.cols, skip=p.circles()),
        answers=answers,
        answers_of="b",
    )


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(cell for cell, v in m["b"].items() if value(v))


def verify(p: Puzzle, shaded: Answer) -> list[str]:
    circles = p.circles()
    shaded = shaded & set(p.positions())
    problems: list[str] = [
        Violation(f"the circle {cell_name(cell)} is shaded", [cell])
        for cell in sorted(shaded & circles.keys())
    ]
    groups = components(shaded - circles.keys())
    for k, n in sorted(circles.items()):
        if n is None or k in shaded:
            continue
        near = set(p.near(k))
        touching = [g for g in groups if g & near]
        got = sum(len(g) for g in touching)
        if got != n:
            cells = [k, *sorted(q for g in touching for q in g)]
            problems.append(
                Violation(
                    f"the {n} at {cell_name(k)} touches groups of {got} shaded cells, not {n}",
                    cells,
                )
            )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    return read_shaded(grid, m["b"])


def render(p: Puzzle, shaded: Answer) -> list[CellWrite]:
    return render_shaded(shaded)


def record(p: Puzzle, shaded: Answer) -> dict:
    return shaded_record(shaded)


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`kurotto`: number16 over cells, `.` a circle without number."""
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    most = url.rows * url.cols
    if any(isinstance(v, int) and v >= most for v in values):
        raise puzzlink.UrlError(f"kurotto: a circle's number is less than {most}")
    if all(v is None for v in values):
        raise puzzlink.UrlError("kurotto: no circle")
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(puzzlink.cells_of(p.cells))
    return puzzlink.url_text("kurotto", p.cols, p.rows, body)


GENRE = define(
    __name__,
    slug="kurotto",
    ja="クロット",
    pzpr_ids=("kurotto",),
    # the complete form by default: where the rules leave cells open, HiGHS proves janko.at's
    # Kurotto 052 unique in 18 s with the flows, and not within 60 s with the lazy cuts
    lazy=False,
    # the ways' search within 300,000 work, chosen on every other published puzzle (by name) and
    # checked on the rest: it decides as many as 1,000,000 does (112 of 114, 114 of 115; the
    # three left are not unique) in a tenth less time in all, and where it gives up the search
    # over cells often ends soon (janko's 77 and 17, 10x10: 1.2 s each in all, where 1,000,000
    # took 3.5 and 3.2 s); with 100,000 three puzzles more stay open, to the MIP, after the
    # search over cells has spent seconds on them
    tuning=Tuning(
        probe_work=2_000_000, probe_passes=10, search_work=300_000, cell_search_work=4_000_000
    ),
)
