"""Lines in a grid: loops, paths and the connectivity of what they use, written once for every
loop and path genre.

A genre describes its lines as a graph: nodes (cells, lattice points, or the two strands of a
cell that a line may cross) and edges with a binary variable each, 1 when the line uses that
edge. Then it states what the lines must be:

- `degree_0_or_2` / `degree`: a node on a line has two line edges, a node off it none (path ends
  have one);
- `single_loop`: the used edges form one closed loop (degree 0 or 2, and connected);
- `connected`: every used node is joined to every other through used edges, or, with `roots`,
  every used node to one of the roots (each line of a numberlink ends at a number);
- a path from A to B is a single loop through one extra edge from B back to A (`Network.close`);
- `crossing_parity`: closed loops cross every line between two rows or columns evenly (a valid
  inequality for loops, not paths); `loop_no_good` and `not_every_edge_again`: the uniqueness
  cut for an answer that its loop, or its used edges, determine.

Connectivity comes in two forms, and both give the same answers:

- complete (`lazy=False`): a single-commodity flow from a root to every used node along used
  edges, inside the one MIP (faster than the ordering labels of
  `solver.blocks.connectivity.connect`, which archipelago uses: see `_flow`). The `.lp` file of
  such a model is the whole problem, and any solver solves it alone.
- lazy (`lazy=True`): the model leaves connectivity out and registers a separator. After each
  solve the pipeline asks it for the pieces the answer falls into, adds a cut for each piece to
  the live model and solves again, until the answer is one piece. For a piece P, the graph
  without P falls into regions; for each region R that holds another piece, the side S is
  everything but R (P with the regions enclosed or cut off by it) and the cut is
  x(δ(S)) >= k (used_i + used_j - 1), i in P, j in R (k = 2 for loops, 1 for trees: a line
  that holds i and j must cross S's border). With roots, a piece without a root gets S = P with
  every region that holds no root, and x(δ(S)) >= k used_i. Taking in the regions makes δ(S) a
  part of δ(P), so the cut is stronger than the plain one on δ(P) (the "back cuts" of Steiner
  tree solvers) and fewer rounds are needed: a 20x20 masyu solves about 8 times faster. A side
  of the cut that surely holds a node of the line (a node used in every answer, or a whole
  group of `Network.some_used`, which the genre's rules say every answer meets) counts as
  used: x(δ(S)) >= k when both sides do.

A genre uses by default the form that is the faster for it (`Genre.lazy`).

For answers: `arms` (the sides each cell's line leaves through), `walk_loop`, `line_segments`,
`lines_record`, the checks of a drawn answer from the rules, and `segment_entries` (the segment
variables that an answer read back fixes). Drawing the lines into the sheet, as glyphs in the
cells or borders on their sides, and reading them back is the sheet's side (io/drawn_lines.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

import pulp

from solver.blocks.geometry import (
    Cell,
    Square,
    components,
    heading,
    square_edges,
    squares,
)
from solver.blocks.names import cell_name
from solver.blocks.violation import Violation
from solver.mip.model import cname, is_fixed, row, var

Node = Hashable
Edge = tuple[Node, Node]
Expr: TypeAlias = "pulp.LpAffineExpression | pulp.LpVariable | int"
Separator: TypeAlias = "Callable[[], list[pulp.LpConstraint]]"


def on(expr: Expr) -> bool:
    """Whether a solved binary expression (variable, sum, or constant) is 1. A variable the
    solver left out (in no row yet, value None) counts as 0, as `solver.mip.model.value` has it:
    `1 - b` of such a b is 1."""
    if isinstance(expr, pulp.LpVariable):  # the common case first: separators ask often
        return round(expr.varValue or 0) >= 1
    if isinstance(expr, int | float):
        return round(expr) >= 1
    total = expr.constant + sum(a * (v.varValue or 0) for v, a in expr.items())
    return round(total) >= 1


def edge_vars(
    prob: pulp.LpProblem, edges: Iterable[tuple[Cell, Cell]], h: str = "h", v: str = "v"
) -> dict[tuple[Cell, Cell], pulp.LpVariable]:
    """A binary per grid edge, named as in the seeds: h(r,c) joins (r,c) to its right
    neighbour, v(r,c) to the node below; 1-based."""
    out = {}
    for a, b in edges:
        (r, c), (rr, cc) = a, b
        if (rr - r, cc - c) not in ((0, 1), (1, 0)):
            raise ValueError(f"{a}-{b} is not a grid edge with the lower node first")
        out[a, b] = var(prob, h if rr == r else v, r + 1, c + 1)
    return out


def incident(edges: Iterable[Edge]) -> dict[Node, list[Edge]]:
    """Node -> the edges that touch it."""
    at: dict[Node, list[Edge]] = defaultdict(list)
    for e in edges:
        at[e[0]].append(e)
        at[e[1]].append(e)
    return at


def degree(x: Mapping[Edge, Expr], node: Node, at: Mapping[Node, list[Edge]]) -> Expr:
    return pulp.lpSum(x[e] for e in at.get(node, []))


def degree_0_or_2(
    prob: pulp.LpProblem,
    x: Mapping[Edge, Expr],
    used: Mapping[Node, Expr],
    name: Callable[[Node], str] = str,
    prefix: str = "Deg",
) -> None:
    """Two line edges at a used node, none at an unused one: degree = 2 used."""
    at = incident(x)
    for node, u in used.items():
        prob += degree(x, node, at) == 2 * u, f"{prefix}{name(node)}"


@dataclass
class Network:
    """The graph that connectivity is checked on: its edges' use and its nodes' use.

    Usually the grid's own edges and cells; genres whose lines may cross build it over strands
    (`strands`), and a path is closed into a loop with `close`.
    """

    x: dict[Edge, Expr]
    used: dict[Node, Expr]
    # groups of nodes of which every answer's line uses at least one (by the genre's rules):
    # a part of the graph that holds a whole group holds a node of the line, which makes the
    # lazy cuts stronger (x(δ(S)) >= 2 with no u terms when both sides hold one)
    some_used: list[frozenset[Node]] = field(default_factory=list)

    def close(self, a: Node, b: Node, outside: Node = "out") -> None:
        """Make a path from a to b a loop: an extra node joined to both, always used.
        (a and b must then have line degree 1 within the grid.)"""
        self.used[outside] = 1
        self.x[(outside, a)] = 1
        self.x[(outside, b)] = 1


def single_loop(
    prob: pulp.LpProblem,
    net: Network,
    *,
    lazy: bool,
    root: Node | None = None,
    name: Callable[[Node], tuple[int, ...]] | None = None,
    prefix: str = "",
) -> Separator | None:
    """The used edges of `net` form one loop: degree 2 at used nodes, 0 elsewhere, connected.

    root: a node known to be on the loop, if any (saves the solver choosing one).
    name: a node's indices in variable names (default: its own tuple, 1-based from 0-based).
    Returns the separator to register in lazy form (None in complete form)."""
    index = name or _one_based
    degree_0_or_2(
        prob, net.x, net.used, lambda n: "(" + ",".join(map(str, index(n))) + ")", prefix + "Deg"
    )
    return connected(prob, net, lazy=lazy, root=root, name=index, prefix=prefix, crossing=2)


def connected(
    prob: pulp.LpProblem,
    net: Network,
    *,
    lazy: bool,
    root: Node | None = None,
    roots: Collection[Node] = (),
    name: Callable[[Node], tuple[int, ...]] | None = None,
    prefix: str = "",
    crossing: int = 1,
) -> Separator | None:
    """Every used node of `net` is joined to the others through used edges; with `roots`, to
    at least one of the roots (a forest of trees, one per root; roots must be used nodes).

    crossing: how many used edges a line leaving a part of the graph must cross (2 for loops
    and paths through the part, 1 for trees); only the lazy cuts use it."""
    if lazy:
        return _separator(net, set(roots), crossing)
    if root is None and not roots:  # a node on every answer's line is as good a root as any
        root = next((n for n, u in net.used.items() if _is_one(u)), None)
    _flow(
        prob,
        net,
        set(roots) if roots else ({root} if root is not None else set()),
        name or _one_based,
        prefix,
    )
    return None


def _flow(
    prob: pulp.LpProblem,
    net: Network,
    fixed: set[Node],
    index: Callable[[Node], tuple[int, ...]],
    prefix: str,
) -> None:
    """Single-commodity flow: a root sends one unit to every other used node, along used edges
    only (f <= (n-1) x). Without fixed roots the solver picks one used node as root(K).

    Every used node that is not a root takes in one unit more than it passes on, so it has a
    path of used edges from a root. (With HiGHS this solves masyu up to 10 times faster than
    the ordering labels of `solver.blocks.connectivity.connect`.)"""
    n = len(net.used)
    tag = {k: ",".join(map(str, index(k))) for k in net.used}
    supply: dict[Node, Expr] = {k: int(k in fixed) for k in net.used}
    if not fixed:
        for k, u in net.used.items():
            supply[k] = var(prob, f"{prefix}root", *index(k))
            prob += supply[k] <= u, f"{prefix}RootUsed({tag[k]})"
        prob += pulp.lpSum(supply.values()) <= 1, f"{prefix}OneRoot"
    into: dict[Node, list[pulp.LpVariable]] = defaultdict(list)
    out: dict[Node, list[pulp.LpVariable]] = defaultdict(list)
    for (a, b), u in net.x.items():
        for p, q in ((a, b), (b, a)):
            if q in fixed:
                continue  # no flow back into a root
            f = var(prob, f"{prefix}f", *index(p), *index(q), cat=pulp.LpContinuous)
            prob += f <= (n - 1) * u, f"{prefix}Cap({tag[p]},{tag[q]})"
            out[p].append(f)
            into[q].append(f)
    for k, u in net.used.items():
        if k not in fixed:
            prob += (
                pulp.lpSum(into[k]) - pulp.lpSum(out[k]) >= u - n * supply[k],
                f"{prefix}Flow({tag[k]})",
            )


def no_square_loop(
    prob: pulp.LpProblem,
    x: Mapping[tuple[Cell, Cell], Expr],
    rows: int,
    cols: int,
    *,
    name: str = "NoSquare",
    skip: Callable[[Square], bool] = lambda block: False,
) -> None:
    """The 2x2 rule for lines: no line runs around a 2x2 block of cells (four segments that
    close on themselves), for every block whose four edges are in x and that `skip` keeps."""
    for block in squares(rows, cols):
        edges = square_edges(block)
        if all(e in x for e in edges) and not skip(block):
            prob += pulp.lpSum(x[e] for e in edges) <= 3, cname(name, block[0])


def pieces(net: Network) -> list[set[Node]]:
    """The pieces that the used edges of a solved network fall into (used nodes only), the
    largest first."""
    used = [n for n, u in net.used.items() if on(u)]
    return sorted(components(used, [e for e, u in net.x.items() if on(u)]), key=len, reverse=True)


def _separator(net: Network, roots: set[Node], crossing: int) -> Separator:
    nodes = set(net.used)
    near = incident(net.x)
    beside = {n: [q for e in near[n] for q in e if q != n] for n in near}  # a node's neighbours
    edges = list(net.x.items())
    sure: set[Node] = set()  # used in every answer: read from the bounds when cuts are made

    def region(start: Node, piece: set[Node]) -> set[Node]:
        """The nodes that start reaches through the graph without the piece (a search written
        out rather than geometry.reach's: separators run after every solve, and this is most
        of their time)."""
        seen, todo = {start}, [start]
        while todo:
            for q in beside.get(todo.pop(), ()):
                if q not in seen and q not in piece:
                    seen.add(q)
                    todo.append(q)
        return seen

    def border(side: set[Node]) -> pulp.LpAffineExpression:
        return pulp.lpSum([u for (a, b), u in edges if (a in side) != (b in side)])

    def both_sides(side: set[Node], i: Node, j: Node) -> Expr:
        """1 when the line has a node in `side` and one outside it (then it crosses the border
        between them), as an expression of the nodes' use: u_i + u_j - 1 for i in the side and
        j outside, with a side's u replaced by 1 when that side surely holds a node of the line
        (a node used in every answer, or a whole group of `net.some_used`)."""
        inside = not sure.isdisjoint(side) or any(g <= side for g in net.some_used)
        outside = bool(sure - side) or any(g.isdisjoint(side) and g <= nodes for g in net.some_used)
        return (1 if inside else net.used[i]) + (1 if outside else net.used[j]) - 1

    def cuts() -> list[pulp.LpConstraint]:
        parts = pieces(net)
        if not roots and len(parts) <= 1:
            return []
        if not sure:  # the bounds are final once the search runs (deductions fix them before)
            sure.update(n for n, u in net.used.items() if _is_one(u))
        picked = [_pick(part, net) for part in parts]
        found = []
        for part, i in zip(parts, picked, strict=True):
            if roots and part & roots:
                continue
            # the graph without this piece falls into regions; the piece's side of a cut
            # takes in every region it may (see the module's docstring)
            if roots:
                side = nodes - set().union(*(region(r, part) for r in roots))
                found.append(border(side) >= crossing * net.used[i])
                continue
            reached: set[Node] = set()
            for other, j in zip(parts, picked, strict=True):
                if other is part or j in reached:
                    continue  # the piece itself, or in a region that already has its cut
                beyond = region(j, part)
                reached |= beyond
                side = nodes - beyond
                found.append(border(side) >= crossing * both_sides(side, i, j))
        return found

    return cuts


def _pick(part: set[Node], net: Network) -> Node:
    """A node of the part, preferring one that is used in every answer (a stronger cut)."""
    fixed = [n for n in part if _is_one(net.used[n])]
    return min(fixed or part, key=repr)


def _is_one(u: Expr) -> bool:
    """Whether a node's use is 1 in every answer: the constant 1, or an expression whose
    variables its bounds fix (a deduction) to a value of 1."""
    if isinstance(u, int | float):
        return u == 1
    if isinstance(u, pulp.LpVariable):
        return u.lowBound == u.upBound == 1
    terms = list(u.items())
    if not all(is_fixed(v) for v, _ in terms):
        return False
    return u.constant + sum(a * v.lowBound for v, a in terms) == 1


def _one_based(node: Node) -> tuple[int, ...]:
    if isinstance(node, tuple) and all(isinstance(i, int) for i in node):
        return tuple(i + 1 for i in node)
    if isinstance(node, tuple):  # a strand: ((r, c), 'h')
        (r, c), kind = node
        return (r + 1, c + 1, {"h": 1, "v": 2}[kind])
    return (0,)  # the one extra node of a closed path


# --- lines that may cross: a cell as two strands -----------------------------------------


@dataclass
class Strands:
    """A cell-centre line that may cross itself: each cell is two nodes, its horizontal strand
    (the line through its left and right sides) and its vertical strand (top and bottom), and a
    bend `turn` joins them. A straight or crossing cell has no bend; a bend has one arm on each
    strand. Both strands of a cell are on the line exactly at a crossing or a bend."""

    net: Network
    turn: dict[Cell, pulp.LpVariable]
    hor: dict[Cell, pulp.LpVariable]  # horizontal strand in use
    ver: dict[Cell, pulp.LpVariable]


def strands(
    prob: pulp.LpProblem,
    x: Mapping[tuple[Cell, Cell], Expr],
    cells: Sequence[Cell],
    may_cross: Collection[Cell],
) -> Strands:
    """Build the strand network over the grid edges x (cell to cell; an edge may lead to a
    node outside `cells`, such as the outside node of a path's ends). A cell in `may_cross`
    may carry two strands without a bend (a crossing); elsewhere a cell holds at most one
    line piece: a straight strand or a bend. Constrains degrees: each strand node has line
    degree 2 x its use, counting the bend."""
    at = incident(x)
    net = Network({}, {})
    turn, hor, ver = {}, {}, {}
    for cell in cells:
        r, c = cell
        turn[cell] = var(prob, "turn", r + 1, c + 1)
        hor[cell] = var(prob, "hs", r + 1, c + 1)
        ver[cell] = var(prob, "vs", r + 1, c + 1)
        net.used[cell, "h"], net.used[cell, "v"] = hor[cell], ver[cell]
        net.x[(cell, "h"), (cell, "v")] = turn[cell]
        arms = {"h": [], "v": []}
        for e in at.get(cell, []):
            other = e[1] if e[0] == cell else e[0]
            kind = "h" if isinstance(other, tuple) and len(other) == 2 and other[0] == r else "v"
            arms[kind].append(x[e])
        # each strand's arms and the bend: twice its use (rows made in one step, `model.row`)
        for kind, use, name in (("h", hor[cell], "DegH"), ("v", ver[cell], "DegV")):
            coefficients, used = {turn[cell]: 1, use: -2}, 0
            for a in arms[kind]:
                if isinstance(a, pulp.LpVariable):
                    coefficients[a] = coefficients.get(a, 0) + 1
                else:
                    used += a
            prob += row(coefficients, "==", -used), cname(name, cell)
        if cell not in may_cross:
            # one piece at most: both strands in use only through a bend
            prob += (
                row({hor[cell]: 1, ver[cell]: 1, turn[cell]: -1}, "<=", 1),
                cname("NoCross", cell),
            )
    inside = set(cells)
    for e, u in x.items():
        a, b = e
        kind = "h" if a[0] == b[0] else "v"
        net.x[_strand(a, kind, inside), _strand(b, kind, inside)] = u
    for e in list(net.x):
        for n in e:
            net.used.setdefault(n, 1)
    return Strands(net, turn, hor, ver)


def _strand(node: Node, kind: str, cells: Collection[Cell]) -> Node:
    return (node, kind) if node in cells else node


# --- an answer's lines: each cell's sides, the walk, the record ------------------------------


def arms(segments: Iterable[tuple[Cell, Cell]]) -> dict[Cell, frozenset[str]]:
    """Cell -> the sides (U D L R) its line leaves through, from centre-to-centre segments
    (a segment may end outside the grid, e.g. at a path's entrance)."""
    found: dict[Cell, set[str]] = defaultdict(set)
    for a, b in segments:
        found[a].add(heading(a, b))
        found[b].add(heading(b, a))
    return {cell: frozenset(s) for cell, s in found.items()}


def walk_loop(segments: Iterable[tuple[Node, Node]]) -> list[Node]:
    """The nodes met walking a line from its smallest node until it comes back or ends.
    For an answer whose nodes all have two segments, it is one single loop exactly when the walk
    meets every node (verify uses this: it reads the answer, not the model)."""
    nxt: dict[Node, list[Node]] = defaultdict(list)
    for p, q in segments:
        nxt[p].append(q)
        nxt[q].append(p)
    if not nxt:
        return []
    start = min(nxt)
    seen, prev, here = [start], None, start
    while True:
        step = next((n for n in nxt[here] if n != prev), None)
        if step is None or step == start:
            return seen
        prev, here = here, step
        seen.append(here)


def line_segments(x: Mapping[tuple[Cell, Cell], Expr]) -> list[tuple[Cell, Cell]]:
    """The used edges of a solved model, sorted."""
    return sorted(e for e, u in x.items() if on(u))


def lines_record(segments: Iterable[tuple[Cell, Cell]], count: Mapping | None = None) -> dict:
    """The record's `lines` field: [r1, c1, r2, c2, n] per unit segment, n its multiplicity."""
    out = []
    for a, b in segments:
        a, b = min(a, b), max(a, b)
        out.append([*a, *b, 1 if count is None else count[a, b]])
    return {"lines": sorted(out)}


# --- checking a drawn answer from the rules (for a genre's verify) ------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check_ends(
    sides: Mapping[Cell, Collection[str]],
    want: Callable[[Cell], int],
    line: str = "the loop",
    where: Callable[[Cell], Cell] = lambda cell: cell,
) -> list[Violation]:
    """One problem per cell whose line leaves through another number of sides than `want`
    says (2 on a loop, 1 at a path's end): a dead end, a branch, a crossing. `where` maps a
    cell to its sheet cell (for genres whose cells are spread out), for names and marks."""
    problems = []
    for cell, s in sorted(sides.items()):
        n, wanted = len(s), want(cell)
        if n == wanted:
            continue
        at = cell_name(where(cell))
        if wanted == 2 and n == 1:
            text = f"{line} ends at {at} (a dead end)"
        elif wanted == 2 and n == 3:
            text = f"{line} branches at {at}"
        elif wanted == 2 and n == 4:
            text = f"{line} crosses itself at {at}"
        else:
            text = f"{at} has {_plural(n, 'line end')}, it needs {wanted}"
        problems.append(Violation(text, [where(cell)]))
    return problems


def check_pieces(
    segments: Iterable[tuple[Node, Node]],
    line: str = "the loop",
    where: Callable[[Node], Cell] = lambda cell: cell,
    nodes: Callable[[Node], Iterable[Node]] = lambda n: (n,),
) -> list[Violation]:
    """A problem when the segments fall apart in more than one piece: it names how many and
    marks the cells of every piece but the largest (the one to keep). `nodes` maps a graph
    node to the cells it stands for (none for a node outside the grid)."""
    segs = list(segments)
    used = {n for seg in segs for n in seg}
    parts = sorted(components(used, segs), key=lambda part: (-len(part), min(map(repr, part))))
    if len(parts) < 2:
        return []
    cells = {where(cell) for part in parts[1:] for n in part for cell in nodes(n)}
    first = min(cells, default=None)
    text = f"{line} is in {len(parts)} pieces"
    if first is not None:
        text += f" (one runs through {cell_name(first)})"
    return [Violation(text, cells)]


# --- a drawn answer read back, as values of the segment variables ----------------------------


def segment_entries(
    x: Mapping[tuple[Cell, Cell], Expr],
    drawn: Iterable[tuple[Cell, Cell]],
    absent: Iterable[tuple[Cell, Cell]] = (),
    unseen: Iterable[tuple[Cell, Cell]] = (),
) -> dict[pulp.LpVariable, int | None]:
    """The model's segment variables that a drawn answer fixes (for `read_answer`): 1 where
    drawn, 0 where known absent, None for a segment between two given cells (no glyph can show
    it: check takes it from the nearest answer); segments the model does not have are left
    out."""
    entries: dict[pulp.LpVariable, int | None] = {}
    for value, segs in ((None, unseen), (0, absent), (1, drawn)):
        for seg in segs:
            v = x.get(seg)
            if isinstance(v, pulp.LpVariable):
                entries[v] = value
    return entries


# --- a loop's uniqueness cut and parity -------------------------------------------------------


def not_every_edge_again(x: Mapping[Edge, Expr]) -> Callable[[], pulp.LpConstraint]:
    """`Model.no_good` for an answer that its used edges determine, where no other answer uses
    every edge of this one and more: not every used edge again, x(used) <= |used| - 1, over the
    used edge variables (edges fixed to 1 are in every answer and are left out). In the LP this
    is far stronger than the plain no-good over every edge, whose 0-edges count as much as its
    1-edges. The genre says why no answer holds this one and more: `loop_no_good` for one
    loop; hotaru-beam's beams."""

    def cut() -> pulp.LpConstraint:
        used = [u for u in x.values() if isinstance(u, pulp.LpVariable) and on(u)]
        return pulp.lpSum(used) <= len(used) - 1

    return cut


def loop_no_good(x: Mapping[Edge, Expr]) -> Callable[[], pulp.LpConstraint]:
    """`Model.no_good` for an answer that its one loop (or closed path) determines: not every
    edge of this loop again (`not_every_edge_again`). Every other answer satisfies it: its line
    is another single loop, and a single loop that holds every edge of this one is this one
    (each node of this loop already has its two edges, so the other loop cannot leave it, and a
    loop is connected)."""
    return not_every_edge_again(x)


def crossing_parity(
    prob: pulp.LpProblem, x: Mapping[tuple[Cell, Cell], Expr], name: str = "Even"
) -> None:
    """Closed loops cross every straight line between two rows (or two columns) of nodes an
    even number of times: a loop that goes over the line must come back. For each such line,
    the edges that cross it sum to 2 k with k a new integer (Even(row) and Even(col) rows). Valid
    for any set of closed loops on the grid edges x (not for open paths)."""
    rows: dict[tuple[str, int], list[Expr]] = defaultdict(list)
    for ((r, c), (rr, cc)), u in x.items():
        rows["r" if rr != r else "c", min(r, rr) if rr != r else min(c, cc)].append(u)
    for (kind, k), edges in sorted(rows.items()):
        if len(edges) < 2:
            continue
        half = var(prob, f"half{kind}", k + 1, cat=pulp.LpInteger, up=len(edges) // 2)
        prob += pulp.lpSum(edges) == 2 * half, f"{name}({kind},{k + 1})"
