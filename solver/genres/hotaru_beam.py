"""Hotaru Beam (ホタルビーム, also Firefly).

Rules: fireflies (circles) sit on the points of a lattice, each with a black dot on one side.
From every dot one beam runs along the lattice lines to another firefly, arriving there at a
side without a dot. A number counts the turns of the beam that starts at that firefly (a
firefly without a number may turn any number of times). Beams never cross, branch or touch
except at fireflies, and all fireflies are joined into one network by the beams.

Layout: one lattice point per spreadsheet cell from A1. A firefly is its number and an arrow
pointing to the side where its dot is: `2→` or `→2` (dot on the right), `←1`, `↑3`, `0↓`;
letters work as well (`2R`, `L1`, `U3` or `T3` for top, `D0` or `B0` for bottom, any case),
and so do `▲ ▼ ◀ ▶` and `^ v < >`. A firefly without a number (the '?' of the puzzle) is the
arrow alone (`→`) or with a question mark (`?→`). Other points stay empty. The sentinel one
cell diagonally below-right of the grid. The answer draws the beams in the empty cells with
`─ │ ┌ ┐ └ ┘`; fireflies keep their text (the beams end there). Solving by hand, draw with the
same glyphs or `-` and `|`, and mark a point without beam `×` or `・`; a segment between two
fireflies side by side shows in no cell, and Check takes it from the nearest answer.

Model: the seed lists every path each beam could take with the right number of turns and
picks one per firefly; this is the same as a flow, with the turns still to make as layers.
xR(r,c,k) (and xL, xU, xD) = 1 when a beam leaves point (r,c) to the right (left, up, down)
with k turns still to make after that; qxR(r,c)... for a beam from a firefly without number,
whose turns are not counted. A firefly's dot arc is 1 in the layer of its number; beams arrive
only on its other sides and with 0 turns left. A plain point holds one piece at most, named by
the layer k the beam arrives with: sh(r,c,k) / sv(r,c,k) straight across / down, leaving with
k; hv(r,c,k) in horizontally and out vertically, vh(r,c,k) the other way round, leaving with
k - 1 (qsh, qsv, qhv, qvh uncounted); per point, side pair (across, down) and layer, the arcs
in = the pieces that take them and the arcs out = the pieces that send them. h(r,c) / v(r,c) =
1 when the edge to the right / below is used, the sum of its arcs both ways in all layers.
Layers only fall, so no counted beam closes a loop. Before the model is built, each arc keeps
only the layers between the fewest turns still needed to reach a firefly and the most a firefly
behind it allows; a 0's beam is fixed straight to the first firefly ahead; a point a sure beam
enters is closed to the others; arcs and pieces that nothing can continue are dropped. All
fireflies, and so all beams, are one network (`solver.blocks.lines.connected` over the points,
rooted at the first firefly; it also rules out stray loops of uncounted pieces). No beam returns to
its own firefly: in the complete form src(r,c) = the index of the firefly whose beam passes (r,c)
is carried along the used arcs and differs from the index of the firefly the beam arrives at
(lower(r,c,k) picks below or above); in the lazy form a returning beam found in an answer is
cut off, as connectivity is. The uniqueness check cuts off the answer found by "not every
segment of these beams again" (`solver.blocks.lines.not_every_edge_again`): an answer that holds
every segment of this one has the same beams (each starts at its firefly's dot and, a point holding
one piece, goes on as this one does; every firefly has one beam, and every used segment is on a
beam), so no other answer breaks it. Shorter than the plain no-good over every edge, it finds a
second answer sooner (a fifth sooner on a generated 12x12 that has one).

Deductions (`deduce`): a SAT solver (CaDiCaL through `solver.deduce.sat`) over the same arcs and
pieces (`_Beams`): the rows above as clauses and sums, the one network as cuts that join as its
answers show the beams apart (a stray loop of '?' pieces is such a part), and a beam that
returns to its own firefly shut out as an answer shows one. Its answer is an answer, so the
pipeline asks the proof about it before it builds any model (`Deductions.found`,
`pipeline._found_answer`): the same solver told "not every segment of it again". Where the
proof ends, no model is built; where the first search gives up (`Tuning.guess_sat_work`), the
model searches and the SAT solver proves its answer; where the proof gives up
(`Tuning.proof_sat_conflicts`), the model, its first try that answer, proves. (Why: the
comment above GUESS_SAT_WORK; the times beside noqx: docs/performance.md.)
"""

from __future__ import annotations

import heapq
import itertools
from collections import defaultdict
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TypeVar

import pulp

from solver.blocks.geometry import (
    NUMBER,
    OPPOSITE,
    Cell,
    CellPuzzle,
    Segment,
    components,
    grid_edges,
    heading,
    step,
)
from solver.blocks.lines import (
    Network,
    Separator,
    arms,
    connected,
    edge_vars,
    line_segments,
    not_every_edge_again,
)
from solver.blocks.names import cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat
from solver.deduce.learning import Connected
from solver.deduce.probing import walked
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import LINE_MARKS, draw, read_lines
from solver.io.givens import Given
from solver.io.puzzlink import UNKNOWN
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import ARROW, arrow_clue
from solver.mip.model import Model, cname, new_problem, row, var
from solver.mip.settings import NO_FEASIBILITY_JUMP, Tuning

ANSWER_MARKS = LINE_MARKS


@dataclass(frozen=True)
class Firefly:
    dot: str  # U D L R: the side of the circle where the dot (the beam's start) is
    number: int | str  # the beam's turns, or UNKNOWN ('?')

    def text(self) -> str:
        """What a user types: the arrow on the dot's side in reading order (↑2, ←2, 2↓, 2→)."""
        n = "" if self.number == UNKNOWN else str(self.number)
        return ARROW[self.dot] + n if self.dot in "UL" else n + ARROW[self.dot]


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Firefly | None, ...], ...]  # one per lattice point

    def fireflies(self) -> dict[Cell, Firefly]:
        return self.givens()


Answer = frozenset[Segment]  # the beams' point-to-point segments, lower point first


def firefly(text: str) -> Firefly | None:
    """A firefly from its text (`2→`, `L1`, `↓`, `?R`...), None when it is not one."""
    found = arrow_clue(text)
    if found is None:
        return None
    dot, number = found
    return Firefly(dot, UNKNOWN if number in ("", "?") else int(number))


def parse(grid: Grid) -> Puzzle:
    def point(r: int, c: int) -> Firefly | None:
        v = grid[r, c]
        if v is None:
            return None
        f = firefly(str(v))
        if f is None:
            raise grid.error(
                r,
                c,
                "a firefly is its number and an arrow to its dot's side, e.g. 2→, ←1, 3R or "
                f"↓ (no number: unknown), found {quote(v)}",
            )
        rr, cc = step((r, c), f.dot)
        if not (0 <= rr < grid.rows and 0 <= cc < grid.cols):
            raise grid.error(r, c, f"the dot of firefly {quote(v)} points off the grid")
        if isinstance(f.number, int) and f.number >= grid.rows * grid.cols:  # a turn takes a point
            raise grid.error(
                r,
                c,
                f"a beam turns at most {grid.rows * grid.cols - 1} times here, found {quote(v)}",
            )
        return f

    cells = tuple(tuple(point(r, c) for c in range(grid.cols)) for r in range(grid.rows))
    if not any(f for row in cells for f in row):
        raise InputError(grid.sheet, "no fireflies: type e.g. 2→ for a firefly with its dot right")
    return Puzzle(cells)


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [[f.text() if f else None for f in row] for row in p.cells]


V = TypeVar("V")  # a variable: the model's or the SAT solver's

STAR = -1  # the layer of beams from fireflies without a number: their turns are not counted
Arc = tuple[Cell, Cell, int]  # from, to, turns the beam still makes after leaving `from`


def _zero_beams(p: Puzzle) -> dict[Cell, list[Cell]]:
    """The beams that a 0 fixes: firefly -> the points from it straight on to the first
    firefly ahead (both included), where that one can take the beam on a side without dot."""
    flies = p.fireflies()
    found = {}
    for cell, f in flies.items():
        if f.number != 0:
            continue
        path, here = [cell], step(cell, f.dot)
        while 0 <= here[0] < p.rows and 0 <= here[1] < p.cols and here not in flies:
            path.append(here)
            here = step(here, f.dot)
        if here in flies and flies[here].dot != OPPOSITE[f.dot]:
            found[cell] = [*path, here]
    return found


def _states(p: Puzzle, blocked: set[Cell]) -> tuple[dict, dict, set]:
    """What the clues allow, per state (q, d) = a beam entering the plain point q heading d,
    other beams ignored except those a 0 fixes (`blocked`): the most turns a numbered beam
    can still have there, the fewest it still needs to reach a firefly, and whether a '?' beam
    can get there."""
    flies = p.fireflies()

    def plain(q: Cell) -> bool:
        return 0 <= q[0] < p.rows and 0 <= q[1] < p.cols and q not in flies and q not in blocked

    most: dict[tuple[Cell, str], int] = {}
    heap: list = []
    star: set[tuple[Cell, str]] = set()
    stack = []
    for cell, f in flies.items():
        q = step(cell, f.dot)
        if plain(q):
            if f.number == UNKNOWN:
                stack.append((q, f.dot))
            else:
                heapq.heappush(heap, (-f.number, q, f.dot))
    while heap:  # the largest budgets first: straight on keeps it, a turn spends one
        v, q, d = heapq.heappop(heap)
        if (q, d) in most:
            continue
        most[q, d] = -v
        for d2 in "UDLR":
            v2 = -v - (d2 != d)
            if d2 != OPPOSITE[d] and v2 >= 0 and plain(step(q, d2)):
                heapq.heappush(heap, (-v2, step(q, d2), d2))
    while stack:
        q, d = stack.pop()
        if (q, d) in star:
            continue
        star.add((q, d))
        stack += [(step(q, d2), d2) for d2 in "UDLR" if d2 != OPPOSITE[d] and plain(step(q, d2))]

    need: dict[tuple[Cell, str], int] = {}
    heap = []
    for cell, f in flies.items():
        for s in "UDLR":
            q = step(cell, s)
            if s != f.dot and plain(q):  # from q the beam may arrive heading OPPOSITE[s]
                heap += [(int(d != OPPOSITE[s]), q, d) for d in "UDLR" if d != s]
    heapq.heapify(heap)
    while heap:  # the fewest turns first, backwards along the beams
        c, q, d = heapq.heappop(heap)
        if (q, d) in need:
            continue
        need[q, d] = c
        before = step(q, OPPOSITE[d])
        if plain(before):
            for d0 in "UDLR":
                if d0 != OPPOSITE[d] and (before, d0) not in need:
                    heapq.heappush(heap, (c + (d0 != d), before, d0))
    return most, need, star


def _group(d: str) -> str:
    return "h" if d in "LR" else "v"


OTHER = {"h": "v", "v": "h"}


def _piece_ends(kind: str, k: int) -> tuple[tuple[str, int], tuple[str, int]]:
    """The (group, layer) a piece takes its beam in from and sends it out on."""
    if kind[0] == "s":
        return (kind[1], k), (kind[1], k)
    return (kind[0], k), (kind[1], k if k == STAR else k - 1)


def _domain(p: Puzzle) -> tuple[set[Arc], set[tuple[Cell, str, int]]]:
    """The arcs with their turn layers and the pieces of the plain points that some answer
    could use. Beams leave fireflies at their dots with their numbers (STAR for '?'), arrive
    with 0 left; a 0's beam is fixed; elsewhere a layer stays between the fewest turns still
    needed and the most still allowed. A piece at a point: 'sh' / 'sv' straight across / down
    (the layer stays), 'hv' in horizontally and out vertically (one turn spent), 'vh' the other
    way round; in the STAR layer turns leave the layer as it is. Then arcs that no piece takes
    in or sends on, and pieces that lack an arc in or out, are dropped until none is left."""
    flies = p.fireflies()
    zeros = _zero_beams(p)
    blocked = {q for path in zeros.values() for q in path[1:-1]}
    most, need, star = _states(p, blocked)
    fixed: set[Arc] = set()  # never dropped: a missing one leaves the model without answer
    for cell, f in flies.items():
        fixed.add((cell, step(cell, f.dot), STAR if f.number == UNKNOWN else f.number))
    for path in zeros.values():
        fixed |= {(a, b, 0) for a, b in itertools.pairwise(path)}
    arcs = set(fixed)
    for a, b in grid_edges(p.rows, p.cols):
        for s, t in ((a, b), (b, a)):
            if s in flies or s in blocked or t in blocked:
                continue
            d = heading(s, t)
            into = [(s, d0) for d0 in "UDLR" if d0 != OPPOSITE[d]]  # states the beam left s from
            if t in flies:
                if flies[t].dot == OPPOSITE[d]:
                    continue
                if any(most.get(st, -1) >= (st[1] != d) for st in into):
                    arcs.add((s, t, 0))
                if any(st in star for st in into):
                    arcs.add((s, t, STAR))
                continue
            if (t, d) in need and (t, d) in most:
                arcs |= {(s, t, k) for k in range(need[t, d], most[t, d] + 1)}
            if (t, d) in need and (t, d) in star:
                arcs.add((s, t, STAR))

    ends: dict[tuple[Cell, str, str, int], set[Arc]] = defaultdict(set)  # (q, in|out, g, k)
    for s, t, k in arcs:
        g = _group(heading(s, t))
        if t not in flies:
            ends[t, "in", g, k].add((s, t, k))
        if s not in flies:
            ends[s, "out", g, k].add((s, t, k))
    pieces: set[tuple[Cell, str, int]] = set()
    uses: dict[tuple, set] = defaultdict(set)  # an end -> the pieces on it
    for q, way, g, k in list(ends):
        if way != "in":
            continue
        for kind in ("s" + g, g + OTHER[g]):
            if kind[0] != "s" and k == 0:
                continue  # no turns left
            (_, _), (g2, k2) = _piece_ends(kind, k)
            if ends.get((q, "out", g2, k2)):
                pieces.add((q, kind, k))
                uses[q, "in", g, k].add((q, kind, k))
                uses[q, "out", g2, k2].add((q, kind, k))

    def end_keys(arc: Arc) -> list[tuple]:
        s, t, k = arc
        g = _group(heading(s, t))
        return [key for key in ((t, "in", g, k), (s, "out", g, k)) if key[0] not in flies]

    at: dict[Cell, set[Arc]] = defaultdict(set)  # point -> the arcs in and out of it
    for arc in arcs:
        at[arc[0]].add(arc)
        at[arc[1]].add(arc)

    def cascade(drop: list[Arc]) -> None:
        while drop:
            arc = drop.pop()
            if arc not in arcs:
                continue
            arcs.discard(arc)
            at[arc[0]].discard(arc)
            at[arc[1]].discard(arc)
            for key in end_keys(arc):
                ends[key].discard(arc)
                if ends[key]:
                    continue
                for piece in list(uses[key]):  # the pieces on an empty end go
                    pieces.discard(piece)
                    q, kind, k = piece
                    (g1, k1), (g2, k2) = _piece_ends(kind, k)
                    for other in ((q, "in", g1, k1), (q, "out", g2, k2)):
                        uses[other].discard(piece)
                        if not uses[other]:
                            drop += [a for a in ends[other] if a not in fixed]

    cascade([arc for arc in arcs if arc not in fixed and any(not uses[e] for e in end_keys(arc))])
    # a beam that is sure takes its edge and its points from all others; where it enters a
    # point with one way on left, that way is sure too
    done: set[Arc] = set()
    while todo := [arc for arc in fixed if arc not in done]:
        for arc in todo:
            done.add(arc)
            s, t, _ = arc
            clash = {a for a in at[s] if {a[0], a[1]} == {s, t}}  # the same edge
            if t not in flies:
                clash |= {a for a in at[t] if a[1] == t}  # other ways into t
            if s not in flies:
                clash |= {a for a in at[s] if a[0] == s}  # other ways out of s
            cascade(sorted(clash - fixed))
            ahead = [a for a in at[t] if a[0] == t]
            if t not in flies and len(ahead) == 1:
                fixed.add(ahead[0])
    return arcs, pieces


def _flow(
    flies: dict[Cell, Firefly], arcs: dict[Arc, V], pieces: dict[tuple[Cell, str, int], V]
) -> dict[tuple[Cell, str, str, int], tuple[list[V], list[V]]]:
    """Per plain point, way (in, out), side pair (h, v) and layer: the arcs that come in (go
    out) there, and the pieces that take (send) them; the model's or the SAT solver's
    variables."""
    flow: dict[tuple[Cell, str, str, int], tuple[list[V], list[V]]] = defaultdict(lambda: ([], []))
    for (s, t, k), v in arcs.items():
        g = _group(heading(s, t))
        if t not in flies:
            flow[t, "in", g, k][0].append(v)
        if s not in flies:
            flow[s, "out", g, k][0].append(v)
    for (q, kind, k), v in pieces.items():
        (g1, k1), (g2, k2) = _piece_ends(kind, k)
        flow[q, "in", g1, k1][1].append(v)
        flow[q, "out", g2, k2][1].append(v)
    return flow


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("hotaru-beam")
    flies = p.fireflies()
    arcs, pieces = _domain(p)

    def layered(base: str, q: Cell, k: int) -> pulp.LpVariable:
        if k == STAR:
            return var(prob, "q" + base, q[0] + 1, q[1] + 1)
        return var(prob, base, q[0] + 1, q[1] + 1, k)

    f = {(s, t, k): layered("x" + heading(s, t), s, k) for s, t, k in sorted(arcs)}
    piece = {(q, kind, k): layered(kind, q, k) for q, kind, k in sorted(pieces)}
    x = edge_vars(prob, sorted({(min(s, t), max(s, t)) for s, t, _ in arcs}))
    layers: dict[tuple[Cell, Cell], list[pulp.LpVariable]] = defaultdict(list)
    for (s, t, _), v in f.items():
        layers[s, t].append(v)
    for (a, b), e in x.items():  # the arcs both ways in all layers - h (or v) = 0
        both = dict.fromkeys(layers.get((a, b), []) + layers.get((b, a), []), 1)
        prob += row({**both, e: -1}, "==", 0), f"Dir_{e.name}"

    for cell, fly in flies.items():
        t, k = step(cell, fly.dot), STAR if fly.number == UNKNOWN else fly.number
        prob += f[cell, t, k] == 1, cname("Dot", cell)
        if t in flies and (k not in (0, STAR) or flies[t].dot == OPPOSITE[fly.dot]):
            prob += f[cell, t, k] == 0, cname("Blocked", cell)  # no answer

    # at a plain point, per group (h, v) and layer: the arcs in = the pieces = the arcs out
    for (q, way, g, k), (arcs_here, pieces_here) in _flow(flies, f, piece).items():
        layer = "q" if k == STAR else str(k)
        terms = {**dict.fromkeys(arcs_here, 1), **dict.fromkeys(pieces_here, -1)}
        prob += row(terms, "==", 0), cname(f"Flow_{way}{g}", q, layer)
    on: dict[Cell, list] = defaultdict(list)
    for (q, _, _), v in piece.items():
        on[q].append(v)
    u = {q: pulp.lpSum(vs) for q, vs in sorted(on.items())}  # the point is on a beam
    for q, used in u.items():
        prob += used <= 1, cname("Piece", q)

    m = Model(prob, list(x.values()), {"x": x, "f": f, "piece": piece})
    m.no_good = not_every_edge_again(x)  # the beams are the answer, see the docstring
    ends = {q for edge in x for q in edge}  # a dead end has no piece: it is never used
    net = Network(
        dict(x), {q: u.get(q, int(q in flies)) for q in sorted(set(u) | set(flies) | ends)}
    )
    m.separate(connected(prob, net, lazy=lazy, root=min(flies), crossing=1))
    if lazy:
        m.separate(_returns(p, x))
    else:
        m.vars["src"] = _sources(prob, flies, layers, net.used)
    return m


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """The beams from a SAT solver over the model's arcs and pieces (`_Beams`), proved before
    any model by the same solver told "not every segment of them again" (`sat.found`)."""
    beams = _Beams.of(p)
    return sat.found(
        beams, tuning.guess_sat_work, tuning.proof_sat_conflicts, "x", len(beams.unused)
    )


@dataclass(frozen=True)
class _Beams:
    """The model's arcs and pieces (`_domain`) as 0/1 variables of a SAT solver
    (`solver.deduce.sat`), the model's rows as clauses and sums:

    - a segment holds one arc at most, in any layer, either way: the arcs along it and
      unused(segment) sum to 1;
    - a plain point holds one piece at most: its pieces and a variable of its own sum to 1;
    - per point, side pair and layer, an arc in (out) is taken (sent) by a piece there, a
      piece takes (sends) an arc, and no two arcs come in (go out) there;
    - each firefly's dot arc is used (and a beam that cannot go on from it, none at all);
    - the fireflies and the used segments are one network (`Connected`: segments side by side
      at a plain point are neighbours, and a segment and the firefly at its end): cut as the
      answers show it apart, which also shuts out stray loops of '?' pieces;
    - a beam that returns to its own firefly, found in an answer, is shut out (not all of
      its segments again), as the lazy form's rows do (`_returns`)."""

    puzzle: Puzzle
    count: int
    sums: list[sat.Sum]
    clauses: list[list[tuple[int, int]]]
    graph: Connected
    unused: dict[Segment, int]  # a segment -> its variable, 1 where no beam runs along it

    @staticmethod
    def of(p: Puzzle) -> _Beams:
        flies = p.fireflies()
        arcs, pieces = _domain(p)
        count = 0

        def variable() -> int:
            nonlocal count
            count += 1
            return count - 1

        arc = {a: variable() for a in sorted(arcs)}
        piece = {pc: variable() for pc in sorted(pieces)}
        along: dict[Segment, list[int]] = defaultdict(list)
        for (s, t, _), v in arc.items():
            along[min(s, t), max(s, t)].append(v)
        unused = {e: variable() for e in sorted(along)}
        sums: list[sat.Sum] = [
            (1, [*((v, 1) for v in along[e]), (y, 1)]) for e, y in unused.items()
        ]
        clauses: list[list[tuple[int, int]]] = []
        for cell, fly in sorted(flies.items()):
            t, k = step(cell, fly.dot), STAR if fly.number == UNKNOWN else fly.number
            clauses.append([(arc[cell, t, k], 1)])
            if t in flies and (k not in (0, STAR) or flies[t].dot == OPPOSITE[fly.dot]):
                clauses.append([(arc[cell, t, k], 0)])  # no answer
        on: dict[Cell, list[int]] = defaultdict(list)
        for (q, _, _), v in piece.items():
            on[q].append(v)
        for arcs_here, pieces_here in _flow(flies, arc, piece).values():
            clauses += [[(a, 0)] + [(x, 1) for x in pieces_here] for a in arcs_here]
            clauses += [[(x, 0)] + [(a, 1) for a in arcs_here] for x in pieces_here]
            clauses += [[(a, 0), (b, 0)] for a, b in itertools.combinations(arcs_here, 2)]
        sums += [(1, [(v, 1) for v in vs] + [(variable(), 1)]) for _, vs in sorted(on.items())]
        nodes = [*sorted(flies), *unused]
        index = {node: k for k, node in enumerate(nodes)}
        near: list[list[int]] = [[] for _ in nodes]
        ending: dict[Cell, list[Segment]] = defaultdict(list)  # a point -> its segments
        for e in unused:
            ending[e[0]].append(e)
            ending[e[1]].append(e)
        for e in unused:
            for q in e:
                if q in flies:  # a firefly and the segment at it
                    near[index[q]].append(index[e])
                    near[index[e]].append(index[q])
                else:  # segments side by side at a plain point
                    near[index[e]] += [index[d] for d in ending[q] if d != e]
        variable_of = [-1] * len(flies) + list(unused.values())
        graph = Connected(near, variable_of, inside=0)
        return _Beams(p, count, sums, clauses, graph, unused)

    def search(
        self, conflicts: int = 2**62, clauses: list[list[tuple[int, int]]] | None = None
    ) -> Generator[int, None, list[list[int]] | None]:
        """The SAT solver's search for an answer (`sat.rounds`, one answer, within `conflicts`),
        with `clauses` beside the rules."""
        return sat.rounds(
            self.count,
            self.sums,
            conflicts,
            1,
            [*self.clauses, *(clauses or [])],
            self._returning,
            list(self.unused.values()),
            [self.graph],
        )

    def answer(self, values: list[int]) -> Answer:
        """The segments the beams of an answer of the solver use."""
        return frozenset(e for e, y in self.unused.items() if not values[y])

    def read(self, values: list[int]) -> tuple[Answer, Answer]:
        """The answer, and the segments it uses (the model's `x`): the same."""
        answer = self.answer(values)
        return answer, answer

    def others(self, found: Answer, conflicts: int) -> list[Answer] | None:
        """An answer without every segment of `found` (`not_every_edge_again`: the only
        answers that hold all of them are found's own), [] where none, None where the solver
        gives up within `conflicts`."""
        if not all(e in self.unused for e in found):
            return None  # not an answer of these arcs: the model's search decides
        again = [[(self.unused[e], 1) for e in sorted(found)]]
        solved = walked(self.search(conflicts, again))
        return None if solved is None else [self.answer(v) for v in solved]

    def _returning(self, values: list[int]) -> list[list[tuple[int, int]]]:
        """For each beam of an answer that returns to its own firefly: not all of its
        segments again."""
        found, _ = beams(self.puzzle, self.answer(values))
        return [
            [(self.unused[e], 1) for e in path]
            for cell, (end, _, _, path) in sorted(found.items())
            if end == cell
        ]


def _sources(
    prob: pulp.LpProblem,
    flies: dict[Cell, Firefly],
    layers: dict[tuple[Cell, Cell], list[pulp.LpVariable]],
    points: Iterable[Cell],
) -> dict[Cell, pulp.LpVariable | int]:
    """No beam returns to its own firefly: src(r,c) = the index of the firefly whose beam runs
    through point (r,c) (fireflies 1..K in reading order), the same along every used arc; a
    beam that arrives at firefly j has src < j (lower(r,c,k) = 1) or src > j."""
    index = {cell: k for k, cell in enumerate(sorted(flies), start=1)}
    count = len(flies)
    src: dict[Cell, pulp.LpVariable | int] = dict(index)
    for q in points:
        if q not in flies:
            src[q] = var(prob, "src", q[0] + 1, q[1] + 1, cat=pulp.LpInteger, low=1, up=count)
    for (s, t), vs in sorted(layers.items()):
        a = pulp.lpSum(vs)  # the arc in all its layers
        if t not in flies:
            if s in flies:
                prob += src[t] == src[s], cname("Src", s, t)
            else:
                prob += src[t] - src[s] <= (count - 1) * (1 - a), cname("SrcLo", s, t)
                prob += src[s] - src[t] <= (count - 1) * (1 - a), cname("SrcHi", s, t)
        elif s not in flies:  # the beam arrives at firefly t
            j = index[t]
            if j == 1:
                prob += src[s] >= 1 + a, cname("Other", s, t)
            elif j == count:
                prob += src[s] <= count - a, cname("Other", s, t)
            else:
                lower = var(prob, "lower", t[0] + 1, t[1] + 1, NUMBER[heading(t, s)])
                prob += src[s] <= j - 1 + count * (2 - lower - a), cname("Below", s, t)
                prob += src[s] >= j + 1 - count * (1 + lower - a), cname("Above", s, t)
                prob += lower <= a, cname("Lower", s, t)
    return src


def _returns(p: Puzzle, x: dict[tuple[Cell, Cell], pulp.LpVariable]) -> Separator:
    """The lazy form's check that no beam returns to its own firefly: each such beam found in
    an answer is cut off (not all of its segments again)."""

    def cuts() -> list[pulp.LpConstraint]:
        found, _ = beams(p, frozenset(line_segments(x)))
        return [
            pulp.lpSum(x[e] for e in path) <= len(path) - 1
            for cell, (end, _, _, path) in sorted(found.items())
            if end == cell
        ]

    return cuts


def beams(
    p: Puzzle, a: Answer
) -> tuple[dict[Cell, tuple[Cell, str, int, list[Segment]]], list[Violation]]:
    """Walk every beam from its firefly's dot: firefly -> (the firefly it reaches, the side it
    arrives at, its turns, its segments); and the problems met on the way."""
    flies = p.fireflies()
    sides = arms(a)
    found, problems = {}, []
    for cell, f in sorted(flies.items()):
        if f.dot not in sides.get(cell, ()):
            problems.append(
                Violation(f"no beam leaves the dot of the firefly at {cell_name(cell)}", [cell])
            )
            continue
        prev, here, going, bends, path = cell, step(cell, f.dot), f.dot, 0, []
        path.append((min(prev, here), max(prev, here)))
        while here not in flies and len(path) <= len(a):
            exits = [d for d in sides.get(here, ()) if step(here, d) != prev]
            if len(exits) != 1:
                break
            if exits[0] != going:
                bends += 1
            prev, here, going = here, step(here, exits[0]), exits[0]
            path.append((min(prev, here), max(prev, here)))
        if here not in flies:
            problems.append(
                Violation(
                    f"the beam from the firefly at {cell_name(cell)} ends at {cell_name(here)}, "
                    "no firefly",
                    _points(path),
                )
            )
            continue
        found[cell] = (here, OPPOSITE[going], bends, path)
    return found, problems


def _points(segments: Iterable[Segment]) -> set[Cell]:
    return {q for seg in segments for q in seg}


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Each point off the fireflies has 0 or 2 beam ends; each firefly's beam leaves its dot and
    arrives at another firefly on a side without dot, turning as its number says; no segment is
    shared or left over; the fireflies are one network. Each problem names its points."""
    problems = []
    flies = p.fireflies()
    sides = arms(a)
    for (r, c), s in sorted(sides.items()):
        if not (0 <= r < p.rows and 0 <= c < p.cols):
            problems.append(Violation(f"a beam leaves the grid at {cell_name((r, c))}", [(r, c)]))
        elif (r, c) not in flies and len(s) != 2:
            problems.append(
                Violation(f"point {cell_name((r, c))} has {len(s)} beam ends, not 2", [(r, c)])
            )
    if problems:
        return problems
    found, problems = beams(p, a)
    covered: dict[Segment, int] = defaultdict(int)
    for cell, (end, side, bends, path) in sorted(found.items()):
        for seg in path:
            covered[seg] += 1
        beam = _points(path)
        if end == cell:
            problems.append(
                Violation(f"the beam from the firefly at {cell_name(cell)} returns to it", beam)
            )
        elif flies[end].dot == side:
            problems.append(
                Violation(
                    f"the beam from the firefly at {cell_name(cell)} arrives at the dot of "
                    f"{cell_name(end)}",
                    beam,
                )
            )
        n = flies[cell].number
        if n != UNKNOWN and n != bends:
            problems.append(
                Violation(
                    f"the beam from the firefly {n} at {cell_name(cell)} turns {bends} times",
                    beam,
                )
            )
    shared = [seg for seg, k in covered.items() if k > 1]
    if shared:
        problems.append(Violation("two beams share a segment", _points(shared)))
    stray = sorted(set(a) - set(covered))
    if stray and not problems:
        problems.append(
            Violation(
                f"segments belong to no beam, e.g. {'-'.join(map(cell_name, stray[0]))}",
                _points(stray),
            )
        )
    parts = sorted(
        components(flies, [(cell, end) for cell, (end, *_rest) in found.items()]),
        key=lambda g: (-len(g), min(g)),
    )
    if len(parts) > 1:
        problems.append(
            Violation(
                f"the fireflies fall into {len(parts)} networks that no beam joins",
                set().union(*parts[1:]),
            )
        )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The beams drawn in the points' cells (`solver.io.drawn_lines.read_lines`; fireflies keep
    their text, so a segment between two of them is None). A segment no answer can use is not
    among the model's variables and is not read."""
    return read_lines(grid, m["x"], p.fireflies())


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return draw(a, p.fireflies())


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`firefly`: arrow number16 over the lattice points (pzprjs' cells); the direction is the
    side of the dot, `.` a firefly without number."""
    values: list[Firefly | None] = []
    arrows, rest = puzzlink.decode_arrow_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    for k, arrow in enumerate(arrows):
        if arrow is not None and arrow[0] is None:
            r, c = divmod(k, url.cols)
            raise puzzlink.UrlError(
                f"firefly: the circle at row {r + 1}, column {c + 1} has no dot"
            )
        values.append(None if arrow is None else Firefly(*arrow))  # type: ignore[arg-type]
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    arrows = [None if f is None else (f.dot, f.number) for f in puzzlink.cells_of(p.cells)]
    body = puzzlink.encode_arrow_number16(arrows)
    return puzzlink.url_text("firefly", p.cols, p.rows, body)


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The fireflies' numbers, for the conflict search: taken out, a firefly keeps its dot and
    may turn any number of times."""
    return [
        Given(cell, str(grid[cell]), Firefly(f.dot, UNKNOWN).text())
        for cell, f in p.fireflies().items()
        if f.number != UNKNOWN
    ]


# The SAT solver's budgets, in its work (propagations, and the answers it gave looked at) for
# the first answer and in conflicts for the proof. Chosen on generated puzzles (tests/generators,
# sizes 10, 15, 20, 25 and 30, seeds 1-4, each with a second answer): the first answer took
# 6,000 to 43 million work, the proofs 97 to 14,000 conflicts; checked on seed 5 of sizes 10 to
# 25 (20_5: 39 million and 37,000) and the published fireflies of tests/data/large. Where the
# SAT solver gives up, the model searches, slower on each generated grid measured (15 x 15 on
# every back end and form, 20 x 20 on the default; seeds 1-3: 4 s to over 60 s, where the SAT
# solver takes under a second), so both budgets leave a long search to the user's time limit.
GUESS_SAT_WORK = 200_000_000
PROOF_SAT_CONFLICTS = 1_000_000


GENRE = define(
    __name__,
    slug="hotaru-beam",
    ja="ホタルビーム",
    pzpr_ids=("firefly",),
    lazy=True,
    tuning=Tuning(
        highs_options=(NO_FEASIBILITY_JUMP,),
        switch_to="scip",
        guess_sat_work=GUESS_SAT_WORK,
        proof_sat_conflicts=PROOF_SAT_CONFLICTS,
    ),
)
