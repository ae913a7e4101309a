"""Sets of cells in a grid: the blocks that shading genres share, written once.

A genre keeps one binary per cell ("in the set": shaded, white, a lamp, a digit) in a mapping
`x: {(r, c): expr}`; an entry may also be an expression such as `1 - b` (the white cells of a
shading) or a constant 0 or 1. The mapping's keys are the cells that take part: a cell that is
not a key is a wall (a given black cell, a clue cell outside the shading), and the blocks treat
it as outside the grid. Neighbours are orthogonal.

The rules:

- `connected`: the cells of the set form one orthogonally connected group (whites connected,
  blacks connected, digits connected); `both_colours_connected`: the set and the rest each
  connected (yin-yang), with the rows that implies locally (`two_colour_rows`);
- `islands`: the set splits into groups that each hold exactly one clue cell, of that clue's
  size (nurikabe's islands);
- `no_square`: no 2x2 block of cells all in the set (or, value=0, all out of it);
- `never_adjacent`: no two orthogonal neighbours both in the set;
- `never_alone`: every cell of the set has a neighbour in it (a connected set of two or more);
- `sightline`: how many cells a cell sees along its row and column, up to the first shaded
  cell or wall (kurodoko); `runs` and `seen_cells` give the fixed lines of sight between walls
  (akari).

Connectivity comes in two forms that accept exactly the same sets, as in `solver.blocks.lines`:

- complete (`lazy=False`): a single-commodity flow inside the MIP whose capacities come from the
  cells (flow may only enter and leave cells of the set);
- lazy (`lazy=True`): the model leaves connectivity out and the block returns a separator (see
  `solver.mip.model.Model.separate`). After each solve it finds the groups of the solved set, and
  for a group S that is not the whole it adds a vertex cut: the cells around S, N(S), separate S
  from the rest, so sum over N(S) of x >= x_i + x_j - 1 for i in S and j outside S.

With HiGHS the lazy form is the faster (up to 14 times, answer and uniqueness proof).

`not_all_again` is the uniqueness cut for a set of the same size in every answer.

For answers, `shaded_record` is the record's field of the shaded cells and `shading_entries`
the cell variables that a shaded answer read back fixes; `components`, `check_connected`,
`check_islands`, `check_no_square`, `check_never_adjacent` check an answer from the rules, for a
genre's verify, without the model. Writing a shading into the sheet and reading it back is the
sheet's side (io/shading.py), as are the black cells typed into a grid (io/black_cells.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeAlias

import pulp

from solver.blocks import geometry
from solver.blocks.geometry import ORTHOGONAL, Cell, filled_squares, shortest_path
from solver.blocks.lines import on
from solver.blocks.names import a1
from solver.blocks.violation import Violation
from solver.mip.model import cname, row, var

Expr: TypeAlias = "pulp.LpAffineExpression | pulp.LpVariable | int"
Separator: TypeAlias = "Callable[[], list[pulp.LpConstraint]]"


def shade_vars(
    prob: pulp.LpProblem, rows: int, cols: int, base: str = "b", skip: Collection[Cell] = ()
) -> dict[Cell, pulp.LpVariable]:
    """A binary per cell of a rows x cols grid except `skip`, named b(r,c) with 1-based r, c."""
    return {
        (r, c): var(prob, base, r + 1, c + 1)
        for r in range(rows)
        for c in range(cols)
        if (r, c) not in skip
    }


def _near(cell: Cell, inside: Collection[Cell]) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in inside]


def _constant(e: Expr) -> int | None:
    """The value of an expression without variables, None for one with variables."""
    if isinstance(e, int | float):
        return int(e)
    if isinstance(e, pulp.LpAffineExpression) and e.isNumericalConstant():
        return int(e.constant)
    return None


def _candidates(x: Mapping[Cell, Expr]) -> set[Cell]:
    """The cells that can be in the set (all but those fixed to 0)."""
    return {cell for cell, e in x.items() if _constant(e) != 0}


# --- connectivity ---------------------------------------------------------------------------


def connected(
    prob: pulp.LpProblem,
    x: Mapping[Cell, Expr],
    lazy: bool,
    root: Cell | None = None,
    prefix: str = "c",
    anchor: Collection[Cell] = (),
) -> Separator | None:
    """The cells with x = 1 form one orthogonally connected group (an empty set or one cell
    counts as connected).

    root: a cell in the set in every answer (a clue cell that is always white), if one is known;
    the block fixes x[root] = 1. Without it, a cell fixed to 1 is used when there is one.
    anchor: cells of which at least one is in the set in every answer (aqre's four cells in a
    row), where no root is known: the lazy form's cut for a group without an anchor cell then
    needs no second cell (see `_vertex_cuts`); the model itself must say that one is in the set.
    Complete form (returns None): `_flow`. Lazy form: returns the separator `_vertex_cuts`."""
    if root is None:
        root = min((cell for cell, e in x.items() if _constant(e) == 1), default=None)
    elif _constant(x[root]) is None:
        prob += pulp.lpSum(x[root]) == 1, cname(f"{prefix}Root", root)
    if lazy:
        return _vertex_cuts(x, root, anchor if root is None else ())
    _flow(prob, x, root, prefix)
    return None


def _flow(prob: pulp.LpProblem, x: Mapping[Cell, Expr], root: Cell | None, prefix: str) -> None:
    """Single-commodity flow over the cells: a root sends one unit to every other cell of the
    set. Flow f(p,q) runs between neighbours, and only between cells of the set:
    f(p,q) <= (n-1) x_p and f(p,q) <= (n-1) x_q. Every cell of the set other than the root takes
    in one unit more than it passes on: in - out >= x_k - n s_k, where s_k = 1 marks the root
    (s_k <= x_k, at most one root; with a given root, s is 1 there and 0 elsewhere). A cell of
    the set thus has a path of set cells from the root."""
    cells = sorted(_candidates(x))
    n = len(cells)
    if n <= 1:
        return
    if root is not None:
        supply: dict[Cell, Expr] = {cell: int(cell == root) for cell in cells}
    else:
        supply = {}
        for cell in cells:
            supply[cell] = var(prob, f"{prefix}root", cell[0] + 1, cell[1] + 1)
            prob += supply[cell] <= x[cell], cname(f"{prefix}RootIn", cell)
        prob += pulp.lpSum(supply.values()) <= 1, f"{prefix}OneRoot"
    into: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in cells}
    out: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in cells}
    inside = set(cells)
    for p in cells:
        for q in _near(p, inside):
            if q == root:
                continue  # no flow back into the root
            f = var(prob, f"{prefix}f", p[0] + 1, p[1] + 1, q[0] + 1, q[1] + 1, cat="Continuous")
            prob += f <= (n - 1) * x[p], cname(f"{prefix}CapOut", p, q)
            prob += f <= (n - 1) * x[q], cname(f"{prefix}CapIn", p, q)
            out[p].append(f)
            into[q].append(f)
    for k in cells:
        if k != root:
            prob += (
                pulp.lpSum(into[k]) - pulp.lpSum(out[k]) >= x[k] - n * supply[k],
                cname(f"{prefix}Flow", k),
            )


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The orthogonally connected groups of a set of cells, largest first (ties: by their
    smallest cell)."""
    return sorted(geometry.components(set(cells)), key=lambda g: (-len(g), min(g)))


def _reach(starts: Iterable[Cell], inside: Collection[Cell]) -> set[Cell]:
    """The cells of `inside` reachable from `starts` (which are in `inside`) through it."""
    return geometry.reach((s for s in starts if s in inside), lambda p: _near(p, inside))


def _fence(group: set[Cell], towards: Iterable[Cell], cells: set[Cell]) -> set[Cell]:
    """The cells around `group` through which a path of cells (avoiding the group) can go on to
    one of `towards`: N(group) restricted to the cells that reach them outside the group.

    A path from a cell of the group to a cell of `towards` leaves the group for the last time
    through such a neighbour, so at least one of them is in the set."""
    beyond = _reach(towards, cells - group)
    return {q for p in group for q in _near(p, cells) if q not in group and q in beyond}


def _vertex_cuts(
    x: Mapping[Cell, Expr], root: Cell | None, anchor: Collection[Cell] = ()
) -> Separator:
    """For each group S of the solved set that is not the whole (or, with a root, each group
    without the root): sum over the fence of S towards j of x >= x_i + x_j - 1, with i in S and
    j in the largest other group (x_i alone when j is the root, which is in every answer; and
    when S holds no anchor cell, one of which is in every answer: then the fence is towards the
    anchor cells). i and j are cells fixed to 1 where the groups hold one (then the cut is
    stronger)."""
    cells = _candidates(x)
    anchors = set(anchor) & cells

    def cuts() -> list[pulp.LpConstraint]:
        groups = components(cell for cell in cells if on(x[cell]))
        if len(groups) <= 1:
            return []
        found = []
        for k, group in enumerate(groups):
            if root is not None and root in group:
                continue
            i = _pick(group, x)
            if anchors and not anchors & group:
                fence = _fence(group, anchors, cells)
                found.append(pulp.lpSum(x[q] for q in sorted(fence)) >= x[i])
                continue
            if root is not None:
                need = pulp.lpSum(x[i])
                j = root
            else:
                j = _pick(groups[1] if k == 0 else groups[0], x)
                need = pulp.lpSum([x[i], x[j]]) - 1
            fence = _fence(group, [j], cells)
            found.append(pulp.lpSum(x[q] for q in sorted(fence)) >= need)
        return found

    return cuts


def _pick(group: set[Cell], x: Mapping[Cell, Expr]) -> Cell:
    """A cell of the group, preferring one fixed to 1."""
    fixed = [cell for cell in group if _constant(x[cell]) == 1]
    return min(fixed or group)


# --- unshaded cells connected, shaded cells never adjacent ---------------------------------


def unshaded_connected(
    prob: pulp.LpProblem,
    b: Mapping[Cell, Expr],
    lazy: bool,
    prefix: str = "w",
    corners: bool = False,
) -> Separator | None:
    """The cells with b = 0 are connected, in a grid (b covers a whole rectangle) whose shaded
    cells never touch side by side (heyawake, hitori, kurodoko: add `never_adjacent` too).

    With shaded cells apart, the unshaded ones fall apart exactly when shaded cells touching
    corner to corner close a ring, or a chain from one edge cell of the grid to another (each
    cell orthogonally next to such a ring or chain is unshaded, and they lie on both sides):
    the shaded cells with the grid's outside, joined corner to corner, must form a forest. A
    ring or chain C is cut off by sum over C of b <= |C| - 1, which names no unshaded cell and
    is far stronger than a vertex cut on the unshaded cells.

    Both forms state it for the smallest rings (Enclosed: the neighbours of a cell are never all
    shaded); with `corners`, also for the chain of three cells that would cut off a corner of
    the grid (Corner: the corner cell and its two neighbours are never walled in by the
    diagonal beyond them), which the searches otherwise tend to meet first. Complete form:
    `connected` on 1 - b (a flow). Lazy form: returns a separator that takes the solved shaded
    cells as a graph (corner neighbours, and edge cells joined to one node for the outside),
    grows a breadth-first tree in each part, and cuts the ring that each edge outside the tree
    closes."""
    rows = 1 + max(r for r, _ in b)
    cols = 1 + max(c for _, c in b)
    for cell in sorted(b):
        near = _near(cell, b)
        if len(near) > 1:
            prob += (
                pulp.lpSum(b[q] for q in near) <= len(near) - 1,
                cname(f"{prefix}Enclosed", cell),
            )
    if corners and rows > 2 and cols > 2 and rows * cols > 6:
        for r, c in ((0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)):
            dr, dc = (1 if r == 0 else -1), (1 if c == 0 else -1)
            chain = [(r + 2 * dr, c), (r + dr, c + dc), (r, c + 2 * dc)]
            prob += pulp.lpSum(b[q] for q in chain) <= 2, cname(f"{prefix}Corner", (r, c))
    if not lazy:
        return connected(prob, {cell: 1 - v for cell, v in b.items()}, lazy=False, prefix=prefix)
    return _ring_cuts(b, rows, cols)


def both_colours_connected(
    prob: pulp.LpProblem, b: Mapping[Cell, Expr], lazy: bool
) -> Separator | None:
    """The cells with b = 1 (black) are connected and so are those with b = 0 (white), in a grid
    that b covers whole (yin-yang); constants in b are given cells of either colour. `connected`
    on b (prefix `b`) and on 1 - b (prefix `w`), each in the form asked for: the complete form
    adds two flows and returns None, the lazy form one separator that cuts both colours.

    Two rows that every such answer keeps go in both forms (`two_colour_rows`): they are
    what connectivity implies locally, which the flows' LP and the lazy cuts see only late."""
    white = {cell: 1 - v for cell, v in b.items()}
    black_cuts = connected(prob, b, lazy, prefix="b")
    white_cuts = connected(prob, white, lazy, prefix="w")
    for constraint, name in two_colour_rows(prob, b):
        prob += constraint, name
    if black_cuts is None or white_cuts is None:
        return None
    return lambda: black_cuts() + white_cuts()


def two_colour_rows(
    prob: pulp.LpProblem, b: Mapping[Cell, Expr]
) -> list[tuple[pulp.LpConstraint, str]]:
    """Rows that hold wherever both colours of a whole grid are connected:

    - NoChess(r,c,k): no 2x2 block coloured like a chessboard (a black path joining its two
      black cells would cut its two white cells apart): for each diagonal k (1: top-left and
      bottom-right, 2: the other), its two b less the other two b lie between -1 and 1;
    - EdgeTurn(k,1..2)/EdgeTurns: the cells along the grid's edge, once round, change colour at most
      twice (a black path joining two black stretches of the edge would cut the white ones
      between them apart): t(k) >= |b of edge cell k - b of the next| (continuous) and the t sum
      to at most 2. Only on grids of at least two rows and two columns."""
    rows = 1 + max(r for r, _ in b)
    cols = 1 + max(c for _, c in b)
    found = []
    for block in geometry.squares(rows, cols):
        a, right, below, d = (b[q] for q in block)
        for k, (one, two) in enumerate((((a, d), (right, below)), ((right, below), (a, d))), 1):
            diff = pulp.lpSum(one) - pulp.lpSum(two)
            if _constant(diff) is None:
                found.append((diff <= 1, cname("NoChess", block[0], k)))
    if rows < 2 or cols < 2:
        return found
    ring = edge_ring(rows, cols)
    turns = []
    for k, (p, q) in enumerate(zip(ring, ring[1:] + ring[:1], strict=True), start=1):
        step = pulp.lpSum(b[p]) - pulp.lpSum(b[q])
        if _constant(step) is not None:
            turns.append(abs(_constant(step) or 0))
            continue
        t = var(prob, "edgeTurn", k, cat=pulp.LpContinuous, up=1)
        found.append((t >= step, cname("EdgeTurn", k, 1)))
        found.append((t >= -step, cname("EdgeTurn", k, 2)))
        turns.append(t)
    if any(not isinstance(t, int) for t in turns):  # (all given: connectivity decides)
        found.append((pulp.lpSum(turns) <= 2, "EdgeTurns"))
    return found


def edge_ring(rows: int, cols: int) -> list[Cell]:
    """The cells along the edge of a grid of at least two rows and columns, once round
    clockwise from the top-left corner."""
    return (
        [(0, c) for c in range(cols)]
        + [(r, cols - 1) for r in range(1, rows)]
        + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
        + [(r, 0) for r in range(rows - 2, 0, -1)]
    )


def forest_count(
    prob: pulp.LpProblem, b: Mapping[Cell, Expr], prefix: str = "w"
) -> list[tuple[pulp.LpConstraint, str]]:
    """The counting form of `unshaded_connected`'s forest, for `Model.reinforce`: rows (and a
    variable per 2x2 block) that every answer keeps, in a grid (b covers a whole rectangle)
    whose shaded cells never touch side by side and whose unshaded cells are connected.

    The shaded cells with the grid's outside, joined corner to corner (each edge cell once to
    the outside), form a forest, so they have fewer links than nodes: D + (edge cells shaded)
    <= (cells shaded), where D counts the pairs of shaded cells touching corner to corner. That
    is D <= the shaded cells off the grid's edge. Each such pair is the diagonal of one 2x2
    block, and a block holds at most one (two would touch side by side): d(block) >= its b
    summed less 1 bounds it from above, d >= 0.

    One row over the whole grid, but it bounds how densely cells can be shaded, which the rings
    alone do not: where one big room holds many shaded cells, it takes SCIP from over a minute
    to a tenth of a second. Where the shading is sparse it only adds columns to every
    LP and nodes to the search (SCIP up to 4 times slower), hence a reinforcement, not a rule."""
    rows = 1 + max(r for r, _ in b)
    cols = 1 + max(c for _, c in b)
    pairs = []
    found = []
    for block in geometry.squares(rows, cols):
        (r, c) = block[0]
        d = var(prob, f"{prefix}Diagonal", r + 1, c + 1, cat=pulp.LpContinuous, up=1)
        found.append(
            (d >= pulp.lpSum(b[q] for q in block) - 1, cname(f"{prefix}Diagonal", block[0]))
        )
        pairs.append(d)
    inner = [v for (r, c), v in sorted(b.items()) if 0 < r < rows - 1 and 0 < c < cols - 1]
    found.append((pulp.lpSum(pairs) <= pulp.lpSum(inner), f"{prefix}Forest"))
    return found


OUTSIDE = (-1, -1)  # the node for the grid's outside in `_ring_cuts`


def _ring_cuts(b: Mapping[Cell, Expr], rows: int, cols: int) -> Separator:
    edge = {q for q in b if q[0] in (0, rows - 1) or q[1] in (0, cols - 1)}
    diagonal = {  # per cell, its corner neighbours (and the outside, for an edge cell)
        p: [q for q in ((p[0] + dr, p[1] + dc) for dr, dc in geometry.DIAGONAL) if q in b]
        + ([OUTSIDE] if p in edge else [])
        for p in b
    }

    def cuts() -> list[pulp.LpConstraint]:
        shaded = {cell for cell, e in b.items() if on(e)}
        near = {p: [q for q in diagonal[p] if q in shaded or q == OUTSIDE] for p in shaded}
        near[OUTSIDE] = sorted(shaded & edge)
        parent: dict[Cell, Cell | None] = {}
        depth: dict[Cell, int] = {}
        rings: set[frozenset[Cell]] = set()
        for start in [OUTSIDE, *sorted(shaded)]:
            if start in parent:
                continue
            parent[start], depth[start] = None, 0
            queue = deque([start])
            while queue:
                p = queue.popleft()
                for q in near[p]:
                    if q not in parent:
                        parent[q], depth[q] = p, depth[p] + 1
                        queue.append(q)
                    elif parent[p] != q and parent[q] != p:
                        ring = _tree_path(p, q, parent, depth) - {OUTSIDE}
                        if len(ring) > 1:
                            rings.add(frozenset(ring))
        return [_at_most_all_but_one([b[q] for q in sorted(ring)]) for ring in rings]

    return cuts


def _at_most_all_but_one(terms: list[Expr]) -> pulp.LpConstraint:
    """sum(terms) <= len(terms) - 1; made in one step (`solver.mip.model.row`) where every term is
    a variable, as a separator's cuts mostly are."""
    if all(isinstance(t, pulp.LpVariable) for t in terms):
        return row(dict.fromkeys(terms, 1), "<=", len(terms) - 1)
    return pulp.lpSum(terms) <= len(terms) - 1


def _tree_path(
    p: Cell, q: Cell, parent: Mapping[Cell, Cell | None], depth: Mapping[Cell, int]
) -> set[Cell]:
    """The nodes on the tree path between p and q (both included)."""
    found = {p, q}
    while p != q:
        if depth[p] < depth[q]:
            p, q = q, p
        nxt = parent[p]
        assert nxt is not None
        p = nxt
        found.add(p)
    return found


# --- islands --------------------------------------------------------------------------------


def islands(
    prob: pulp.LpProblem,
    x: Mapping[Cell, Expr],
    clues: Mapping[Cell, int | None],
    lazy: bool,
    prefix: str = "i",
    labels: bool = True,
) -> Separator | None:
    """The cells with x = 1 split into groups that each hold exactly one clue cell, and a group
    has as many cells as its clue says (None: any number). Clue cells are in the set (fixed here).
    labels=False leaves the lazy form's labels out (for a caller whose cells are decided already).

    Both forms add what follows from the rule alone: x = 1 on clue cells; x = 0 on a cell that no
    clue can reach (see `_reach_of`); the set has as many cells as the sizes add up to, when all
    are known; a cell of the set other than a clue, and a clue of size two or more, has a
    neighbour in the set (`never_alone`), and the neighbours of a clue 1 are out of it.

    Labels (`_labels`): a label a(r,c,k) per cell and clue k that can reach it, sum over k of
    a(cell,k) = x(cell), a(k,k) = 1, neighbours in the set carry the same label
    (a(p,k) >= a(q,k) + x_p - 1), the cells labelled k number size(k). So a group has one
    label: it holds at most one clue, and a group holding clue k has at most size(k) cells.

    Complete form (returns None): the labels and one single-commodity flow in which clue k
    sends size(k) - 1 units and every other cell of the set keeps one, between set cells only.
    The flow is balanced within each group, so a group holds a clue and the clue's size of
    cells. (One flow for all clues rather than one per clue: with HiGHS never slower, and about
    1.5 times faster on an 18x10 nurikabe.)

    Lazy form: the labels when every size is known (they cut the rounds of cuts to about a
    third), and a separator that looks at the groups of the solved set and cuts off what the
    labels allow, a group of label k apart from clue k. With a size unknown the labels are left
    out: they say less (no size row for that clue, whose reach is wide) and cost more (about 4
    times slower with two sizes unknown). The cuts:
    - a group S without a clue: sum over the fence of S towards the clues of x >= x_i (i in S);
    - a group S of clue size s with |S| < s: sum over N(S) of x >= sum over S of x - |S| + 1;
    and two that the labels, where they are, already forbid: a group holding two clues (the
    cells of a shortest path P between them inside S are not all in the set: sum over P of
    x <= |P| - 1); a group S of clue size s with |S| > s (a connected part T of S, the clue and
    the s cells nearest to it, is not all in the set: sum over T of x <= s)."""
    cells = _candidates(x)
    reach = _reach_of(cells, clues)
    for k in sorted(clues):
        if _constant(x[k]) is None:
            prob += pulp.lpSum(x[k]) == 1, cname(f"{prefix}Clue", k)
    reached = set().union(*reach.values())
    for cell in sorted(cells - reached):
        prob += pulp.lpSum(x[cell]) == 0, cname(f"{prefix}Unreached", cell)
    # an island cell other than a clue belongs to a clue's island of two cells or more, and so
    # does a clue of size two or more: it has an island neighbour; a 1's neighbours are not in it,
    # nor in another island (neighbours in the set are in one group): they are out of the set
    never_alone(prob, x, prefix, [c for c in cells if c not in clues or (clues[c] or 1) > 1])
    for k, n in sorted(clues.items()):
        if n == 1:
            for q in _near(k, x):
                if q not in clues:
                    prob += pulp.lpSum(x[q]) == 0, cname(f"{prefix}One", k, q)
    known = all(n is not None for n in clues.values())
    if known:
        total = sum(n for n in clues.values() if n is not None)
        prob += pulp.lpSum(x[cell] for cell in sorted(cells)) == total, f"{prefix}Total"
    if lazy:
        if known and labels:
            _labels(prob, x, clues, cells, reach, prefix)
        return _island_cuts(x, clues, cells)
    a = _labels(prob, x, clues, cells, reach, prefix)
    _size_flow(prob, x, clues, cells, a, prefix)
    return None


def _reach_of(cells: set[Cell], clues: Mapping[Cell, int | None]) -> dict[Cell, set[Cell]]:
    """Clue -> the cells its group could hold: those within size - 1 steps of it through cells
    that are neither another clue nor next to one (such a cell in its group would join that
    clue's group too)."""
    near_clues: dict[Cell, set[Cell]] = {}  # a cell -> the clues it is or is next to
    for k in clues:
        for q in (k, *_near(k, cells)):
            near_clues.setdefault(q, set()).add(k)
    found = {}
    for k, size in clues.items():
        dist = {k: 0}
        queue = deque([k])
        while queue:
            p = queue.popleft()
            if size is not None and dist[p] >= size - 1:
                continue
            for q in _near(p, cells):
                if q not in dist and near_clues.get(q, {k}) == {k}:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        found[k] = set(dist)
    return found


def _labels(
    prob: pulp.LpProblem,
    x: Mapping[Cell, Expr],
    clues: Mapping[Cell, int | None],
    cells: set[Cell],
    reach: Mapping[Cell, set[Cell]],
    prefix: str,
) -> dict[tuple[Cell, Cell], pulp.LpVariable]:
    """a(r,c,k) = 1 when the cell belongs to the group of clue k (k numbered in the clues'
    order, 1-based), for the clues that can reach the cell: one label per cell of the set, a
    clue labelled itself, neighbours in the set alike, as many cells labelled k as k's size."""
    order = {k: i + 1 for i, k in enumerate(sorted(clues))}
    a: dict[tuple[Cell, Cell], pulp.LpVariable] = {}
    labels: dict[Cell, list[Cell]] = {}  # a cell -> the clues that can reach it, in order
    for k in sorted(clues):
        for cell in sorted(reach[k]):
            a[cell, k] = var(prob, f"{prefix}a", cell[0] + 1, cell[1] + 1, order[k])
            labels.setdefault(cell, []).append(k)
    for cell in sorted(cells):
        mine = [a[cell, k] for k in labels.get(cell, [])]
        if mine:
            prob += pulp.lpSum(mine) == x[cell], cname(f"{prefix}Label", cell)
    for k, size in sorted(clues.items()):
        prob += a[k, k] == 1, cname(f"{prefix}Own", k)
        if size is not None:
            labelled = pulp.lpSum(a[c, k] for c in sorted(reach[k]))
            prob += labelled == size, cname(f"{prefix}Size", k)
    for p in sorted(cells):
        for q in _near(p, cells):
            for k in labels.get(q, []):  # q labelled k and p in the set: p labelled k too
                prob += (
                    pulp.lpSum([a.get((p, k), 0), -a[q, k], -x[p]]) >= -1,
                    cname(f"{prefix}Same", p, q, order[k]),
                )
    return a


def _size_flow(
    prob: pulp.LpProblem,
    x: Mapping[Cell, Expr],
    clues: Mapping[Cell, int | None],
    cells: set[Cell],
    a: Mapping[tuple[Cell, Cell], pulp.LpVariable],
    prefix: str,
) -> None:
    """One flow for all groups: clue k sends (cells labelled k) - 1 units, every other cell of
    the set keeps one, and flow runs between cells of the set only, never into a clue. Its
    capacity comes from the cells' labels: f(p,q) <= sum over k of (size(k) - 1) a(p,k), and
    the same at q (a group of clue k carries at most size(k) - 1 units)."""
    of_cell: dict[Cell, list[tuple[Cell, pulp.LpVariable]]] = {cell: [] for cell in cells}
    of_clue: dict[Cell, list[pulp.LpVariable]] = {k: [] for k in clues}
    for (cell, k), v in a.items():
        of_cell[cell].append((k, v))
        of_clue[k].append(v)
    most = {k: (len(of_clue[k]) if n is None else n) - 1 for k, n in clues.items()}
    capacity = {cell: pulp.lpSum(most[k] * v for k, v in of_cell[cell]) for cell in cells}
    into: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in cells}
    out: dict[Cell, list[pulp.LpVariable]] = {cell: [] for cell in cells}
    for p in sorted(cells):
        for q in _near(p, cells):
            if q in clues or not of_cell[p] or not of_cell[q]:
                continue  # no flow into a clue, nor through a cell no group can hold
            f = var(prob, f"{prefix}f", p[0] + 1, p[1] + 1, q[0] + 1, q[1] + 1, cat="Continuous")
            prob += f <= capacity[p], cname(f"{prefix}CapOut", p, q)
            prob += f <= capacity[q], cname(f"{prefix}CapIn", p, q)
            out[p].append(f)
            into[q].append(f)
    for cell in sorted(cells):
        if cell in clues:
            sent = pulp.lpSum(of_clue[cell]) - 1
            prob += pulp.lpSum(out[cell]) == sent, cname(f"{prefix}Send", cell)
        elif of_cell[cell]:
            kept = pulp.lpSum(into[cell]) - pulp.lpSum(out[cell])
            prob += kept == x[cell], cname(f"{prefix}Keep", cell)


def _island_cuts(
    x: Mapping[Cell, Expr], clues: Mapping[Cell, int | None], cells: set[Cell]
) -> Separator:
    def cuts() -> list[pulp.LpConstraint]:
        found = []
        for group in components(cell for cell in cells if on(x[cell])):
            held = sorted(k for k in clues if k in group)
            i = min(group)
            if not held:
                fence = _fence(group, clues, cells)
                found.append(pulp.lpSum(x[q] for q in sorted(fence)) >= pulp.lpSum(x[i]))
            elif len(held) > 1:
                path = shortest_path(held[0], held[1], group)
                found.append(pulp.lpSum(x[q] for q in path) <= len(path) - 1)
            elif clues[held[0]] is not None:
                size = clues[held[0]]
                assert size is not None
                if len(group) < size:
                    around = {q for p in group for q in _near(p, cells) if q not in group}
                    inside = pulp.lpSum(x[q] for q in sorted(group))
                    found.append(
                        pulp.lpSum(x[q] for q in sorted(around)) >= inside - len(group) + 1
                    )
                elif len(group) > size:
                    part = _nearest(held[0], group, size + 1)
                    found.append(pulp.lpSum(x[q] for q in part) <= size)
        return found

    return cuts


def _nearest(start: Cell, within: set[Cell], count: int) -> list[Cell]:
    """The first `count` cells of a breadth-first walk from start inside `within`: a connected
    part of it."""
    seen, queue = [start], deque([start])
    while queue and len(seen) < count:
        for q in _near(queue.popleft(), within):
            if q not in seen and len(seen) < count:
                seen.append(q)
                queue.append(q)
    return seen


def not_all_again(x: Mapping[Cell, pulp.LpVariable]) -> pulp.LpConstraint:
    """The uniqueness cut for a set whose size is the same in every answer (nurikabe's sea when
    every island's size is given): not every cell of the solved set again,
    sum over the set S of x <= |S| - 1. Another answer S' has |S'| = |S|, so S' differs from S
    only by missing a cell of S: it satisfies the cut, and S does not. Tighter than the plain
    no-good over every cell, which with the size fixed asks only half of it in the LP."""
    chosen = [v for _, v in sorted(x.items()) if on(v)]
    return pulp.lpSum(chosen) <= len(chosen) - 1


def never_alone(
    prob: pulp.LpProblem, x: Mapping[Cell, Expr], prefix: str, cells: Iterable[Cell] | None = None
) -> None:
    """Every cell of the set (among `cells`, default all) has a neighbour in the set:
    x_c <= sum over the neighbours q of x_q ({prefix}Next). Valid for a connected set that never
    has exactly one cell (nurikabe's sea of known size two or more), and for the cells of a
    connected group that holds another cell besides them (an island cell other than its clue)."""
    for cell in sorted(x if cells is None else cells):
        if _constant(x[cell]) == 0:
            continue
        prob += (
            pulp.lpSum(x[cell]) <= pulp.lpSum(x[q] for q in _near(cell, x)),
            cname(f"{prefix}Next", cell),
        )


# --- local rules ----------------------------------------------------------------------------


def no_square(
    prob: pulp.LpProblem, x: Mapping[Cell, Expr], value: int = 1, prefix: str = ""
) -> None:
    """No 2x2 block of cells all equal to `value`: with value 1 (no 2x2 of shaded cells) the four
    x add up to at most 3 (NoSquare), with value 0 to at least 1 (NoSquare0). Blocks with a cell
    that is not a key of x are skipped (a wall breaks the square)."""
    name = f"{prefix}NoSquare" + ("" if value == 1 else "0")
    for r, c in sorted(x):
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        if all(q in x for q in block):
            total = pulp.lpSum(x[q] for q in block)
            prob += (total <= 3 if value == 1 else total >= 1), cname(name, (r, c))


def never_adjacent(prob: pulp.LpProblem, x: Mapping[Cell, Expr], prefix: str = "") -> None:
    """No two orthogonal neighbours both in the set: x_p + x_q <= 1 for every pair (NoAdjH for
    a cell and its right neighbour, NoAdjV for the one below). The grid is bipartite, so these
    pair inequalities already describe the convex hull of the sets without neighbours (no clique
    of three cells exists to aggregate them into)."""
    for r, c in sorted(x):
        for q, kind in (((r, c + 1), "H"), ((r + 1, c), "V")):
            if q in x:
                prob += pulp.lpSum([x[r, c], x[q]]) <= 1, cname(f"{prefix}NoAdj{kind}", (r, c))


def never_touching(prob: pulp.LpProblem, x: Mapping[Cell, Expr], prefix: str = "") -> None:
    """No two cells of the set touch, not even diagonally (star battle's stars, tents' tents):
    at most one in every 2x2 block (Touch(r,c) for the block from (r,c); cells that are not keys
    of x are left out of their blocks). Every touching pair lies in such a block, and each block
    is a clique of touching cells, so these rows are stronger than the pairs."""
    corners = {(r + dr, c + dc) for r, c in x for dr in (-1, 0) for dc in (-1, 0)}
    for r, c in sorted(corners):
        block = [q for q in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if q in x]
        if len(block) > 1:
            prob += pulp.lpSum(x[q] for q in block) <= 1, cname(f"{prefix}Touch", (r, c))


# --- lines of sight -------------------------------------------------------------------------


def _ray(cell: Cell, step: Cell, cells: Collection[Cell]) -> list[Cell]:
    """The cells from `cell` outward (itself excluded) up to the first wall or the grid's edge."""
    found = []
    r, c = cell[0] + step[0], cell[1] + step[1]
    while (r, c) in cells:
        found.append((r, c))
        r, c = r + step[0], c + step[1]
    return found


def sightline(
    prob: pulp.LpProblem,
    x: Mapping[Cell, Expr],
    cell: Cell,
    limit: int | None = None,
    base: str = "see",
) -> pulp.LpAffineExpression:
    """How many cells `cell` sees, itself included (which should be out of the set), looking
    up, down, left and right up to the first cell of the set (shaded) or wall (not a key of x):
    kurodoko's count.

    For the k-th cell of each direction a binary v(r,c,d,k) says it is seen: v_k <= v_{k-1},
    v_k + x_k <= 1 and v_k + x_k >= v_{k-1} (with v_0 = 1, so that v_1 <= v_0 is v_1's bound
    and no row): seen exactly when it and every cell before it are out of the set. limit: a
    number the count must not exceed (the clue): only the first limit - 1 cells of each
    direction get a binary, and the cell after them is in the set when they are all seen
    (Stop). That cuts off only shadings in which the cell sees more than `limit` cells; for all
    others the count is exact. A cell whose x is a constant (0 or 1: decided before the model)
    gets no binary: 1 ends its ray there, 0 is seen exactly when the cell before it is."""
    r, c = cell
    seen: list[Expr] = [1]
    for d, step in enumerate(ORTHOGONAL, start=1):
        ray = _ray(cell, step, x)
        far = len(ray) if limit is None else min(len(ray), max(limit - 1, 0))
        before: Expr = 1
        for k, q in enumerate(ray[:far], start=1):
            if isinstance(x[q], int):  # known: shaded ends the ray, unshaded is seen as the one
                before = before if x[q] == 0 else 0  # before it (no binary)
                if isinstance(before, int) and before == 0:
                    break
                seen.append(before)
                continue
            v = var(prob, base, r + 1, c + 1, d, k)
            if not isinstance(before, int):  # (before = 1: v's own bound)
                prob += v <= before, cname(f"{base}Prev", cell, d, k)
            prob += v + x[q] <= 1, cname(f"{base}Open", cell, d, k)
            prob += v + x[q] >= before, cname(f"{base}Seen", cell, d, k)
            seen.append(v)
            before = v
        else:  # (no known shaded cell ended the ray before `far`)
            if far < len(ray) and not (isinstance(x[ray[far]], int) and x[ray[far]] >= 1):
                prob += pulp.lpSum(x[ray[far]]) >= before, cname(f"{base}Stop", cell, d)
    return pulp.lpSum(seen)


def seen_cells(cell: Cell, cells: Collection[Cell]) -> list[Cell]:
    """The cells `cell` sees along its row and column up to walls (cells not in `cells`), itself
    included first: akari's lamp lights these, and a cell is lit by a lamp among them."""
    return [cell] + [q for step in ORTHOGONAL for q in _ray(cell, step, cells)]


def runs(cells: Collection[Cell]) -> list[list[Cell]]:
    """The maximal runs of cells along rows, then along columns, broken by walls and the grid's
    edge (a run of one cell included): akari's lamps, at most one per run."""
    found = []
    for step in ((0, 1), (1, 0)):
        for cell in sorted(cells):
            if (cell[0] - step[0], cell[1] - step[1]) not in cells:
                found.append([cell, *_ray(cell, step, cells)])
    return found


# --- answers ---------------------------------------------------------------------------------


def shaded_record(shaded: Iterable[Cell]) -> dict[str, list[list[int]]]:
    """The record's `shaded` field: [[r, c], ...], 0-based, sorted."""
    return {"shaded": [list(cell) for cell in sorted(shaded)]}


def _where(cell: Cell) -> str:
    return a1(cell[0] + 1, cell[1] + 1)


def check_connected(cells: Iterable[Cell], what: str) -> list[Violation]:
    """One problem per group beyond the largest when the cells are not one connected group
    (the problem names the smaller group's cells)."""
    groups = sorted(components(cells), key=lambda g: (-len(g), min(g)))
    return [
        Violation(
            f"{what} fall apart: the {_count(g)} at {_where(min(g))} "
            f"{'is' if len(g) == 1 else 'are'} not joined to those "
            f"at {_where(min(groups[0]))}",
            g,
        )
        for g in sorted(groups[1:], key=min)
    ]


def _count(group: Collection[Cell]) -> str:
    return "cell" if len(group) == 1 else f"{len(group)} cells"


def check_islands(cells: Iterable[Cell], clues: Mapping[Cell, int | None]) -> list[Violation]:
    """One problem per group of the cells that does not hold exactly one clue, or whose clue
    says another size (None: any size), and per clue cell outside the set."""
    inside = set(cells)
    problems = [
        Violation(f"the clue at {_where(k)} is not on an island", [k])
        for k in sorted(clues.keys() - inside)
    ]
    for group in sorted(components(inside), key=min):
        held = sorted(k for k in clues if k in group)
        size = clues[held[0]] if len(held) == 1 else None
        if len(held) != 1:
            problems.append(
                Violation(
                    f"the island at {_where(min(group))} holds {len(held)} clues, not one"
                    + (f" ({', '.join(_where(k) for k in held)})" if held else ""),
                    group,
                )
            )
        elif size is not None and size != len(group):
            problems.append(
                Violation(
                    f"the island of the clue {size} at {_where(held[0])} has {len(group)} cells",
                    group,
                )
            )
    return problems


def check_no_square(cells: Iterable[Cell], what: str) -> list[Violation]:
    """One problem per 2x2 block whose four cells are all in the set."""
    return [
        Violation(
            f"a 2x2 block of {what} at {_where(cell)}",
            [(cell[0] + i, cell[1] + j) for i in (0, 1) for j in (0, 1)],
        )
        for cell in filled_squares(set(cells))
    ]


def check_never_adjacent(cells: Iterable[Cell], what: str) -> list[Violation]:
    """One problem per pair of orthogonal neighbours both in the set."""
    inside = set(cells)
    return [
        Violation(f"{what} at {_where((r, c))} and {_where(q)} touch", [(r, c), q])
        for r, c in sorted(inside)
        for q in ((r, c + 1), (r + 1, c))
        if q in inside
    ]


def check_never_touching(cells: Iterable[Cell], what: str) -> list[Violation]:
    """One problem per pair of cells of the set that touch, side by side or diagonally."""
    inside = set(cells)
    return [
        Violation(f"{what} at {_where((r, c))} and {_where(q)} touch", [(r, c), q])
        for r, c in sorted(inside)
        for q in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1))
        if q in inside
    ]


# --- a shaded answer read back, as values of the cell variables -----------------------------


def shading_entries(
    x: Mapping[Cell, Expr], shaded: Iterable[Cell], white: Iterable[Cell] = ()
) -> dict[pulp.LpVariable, int]:
    """The cell variables a shaded answer fixes (for `read_answer`): 1 on the shaded cells, 0
    on those marked white; cells whose entry is no variable (givens, walls) are left out."""
    entries: dict[pulp.LpVariable, int] = {}
    for value, cells in ((0, white), (1, shaded)):
        for cell in cells:
            v = x.get(cell)
            if isinstance(v, pulp.LpVariable):
                entries[v] = value
    return entries


# --- black cells given in the grid ----------------------------------------------------------


def black_record(black: Iterable[Cell]) -> list[list[int]]:
    """The record's `black` field: the given black cells, [[r, c], ...] sorted (the picture
    draws them dark, those given by a fill too)."""
    return [list(cell) for cell in sorted(black)]
