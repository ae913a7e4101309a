"""The loop's answers by a SAT solver (`solver.deduce.sat`), over what a board of
`solver.deduce.loop_logic` leaves open after probing: for masyu, slitherlink, yajilin, pipe link
and country road, where the search over the board's paths (`loop_logic.search`) takes long or
gives up.

The variables: each unknown edge (used) and each unknown cell (on the loop); a decided one is a
constant. The genre's rules as the graph states them (`loop_logic.Graph`), as clauses and sums:

- degree: a used edge puts its two cells on the loop; a cell on the loop uses an edge, a used
  edge has another used edge at each of its cells, and no cell uses three;
- pearls (masyu): a pearl's cell is on the loop; white: the two near edges of an axis alike, and
  where they are used, not both far edges; black: one near edge of each axis, and a used near
  edge's far edge used;
- sums (the loop uses so many of a group of edges: slitherlink's numbers) and tallies (so many
  of a group of cells are on it), counts (so many are off it: yajilin's arrows);
- apart (two cells never both off the loop) and together (an edge used where both its cells
  are on the loop), the cells known to be on (`on`);
- some edge is used (an empty grid is no loop);
- one loop: where an answer draws several, each is cut off from the others: not its edge and
  another loop's edge both, unless an edge across its cells' border is used; the search goes
  on;
- rooms (the loop passes each in one piece: country road's countries): where an answer's loop
  cells in a room fall into pieces (joined by its used edges inside the room), each piece is
  cut off from another: not a cell of each on the loop, unless an edge inside the room out of
  the piece is used; the search goes on.

The graph's other rules (one block, parity, even crossings, faces) follow from these and are
left out. The answers are those of the rules, as the search's are: where there is exactly one,
the board it returns is decided whole and the answer is unique."""

from __future__ import annotations

from itertools import combinations

from solver.deduce import sat
from solver.deduce.loop_logic import (
    ON,
    UNKNOWN,
    UNUSED,
    USED,
    Board,
    Contradiction,
)

Literal = tuple[bool | int, int]  # a variable (or a constant) and the value it should take


def answers(board: Board, conflicts: int) -> Board | None:
    """The board decided whole by the only answer of the rules left open (the module's
    docstring), found by a SAT solver within `conflicts`; Contradiction where there is none;
    None where there are two or the solver went past `conflicts`."""
    g = board.g
    count = 0
    edge: dict[int, int] = {}
    for e, v in enumerate(board.edge):
        if v == UNKNOWN:
            edge[e], count = count, count + 1
    cell: dict[int, int] = {}
    for i, v in enumerate(board.cell):
        if v == UNKNOWN:
            cell[i], count = count, count + 1

    def used(e: int) -> bool | int:
        if e < 0:  # beyond the grid
            return False
        return edge[e] if e in edge else board.edge[e] == USED

    def on(i: int) -> bool | int:
        return cell[i] if i in cell else board.cell[i] == ON

    # a clause or a sum that cannot hold stays in: the solver then finds no answer
    clauses: list[list[tuple[int, int]]] = []
    sums: list[sat.Sum] = []

    def clause(*literals: Literal) -> None:
        folded = sat.folded(literals)
        if folded is not None:
            clauses.append(folded)

    def total(terms: list[bool | int], wanted: int) -> None:
        """So many of the terms (variables or constants) are 1."""
        wanted -= sum(t is True for t in terms)
        variables = [(t, 1) for t in terms if not isinstance(t, bool)]
        if variables or wanted:
            sums.append((wanted, variables))

    for i, arms in enumerate(g.at):
        lines = [used(e) for e, _ in arms]
        clause((on(i), 0), *((x, 1) for x in lines))
        for k, x in enumerate(lines):
            clause((x, 0), (on(i), 1))
            clause((x, 0), *((y, 1) for j, y in enumerate(lines) if j != k))
        for trio in combinations(lines, 3):
            clause(*((x, 0) for x in trio))
    for pearl in g.pearls:
        clause((on(pearl.cell), 1))
        for near_a, far_a, near_b, far_b in pearl.axes:
            a, b = used(near_a), used(near_b)
            if pearl.black:
                clause((a, 0), (b, 0))
                clause((a, 1), (b, 1))
                clause((a, 0), (used(far_a), 1))
                clause((b, 0), (used(far_b), 1))
            else:
                clause((a, 0), (b, 1))
                clause((a, 1), (b, 0))
                clause((a, 0), (used(far_a), 0), (used(far_b), 0))
    for group, least, most in g.sums:
        # least .. most of the group: most of the group and most - least spare variables
        spare = list(range(count, count + most - least))
        count += most - least
        total([used(e) for e in group] + spare, most)
    for cells, k in g.tallies:
        total([on(i) for i in cells], k)
    for cells, k in g.counts:
        total([on(i) for i in cells], len(cells) - k)
    for e, (a, b) in enumerate(g.edges):
        if g.apart[e]:
            clause((on(a), 1), (on(b), 1))
        if e in g.together:
            clause((on(a), 0), (on(b), 0), (used(e), 1))
    for i in g.on:
        clause((on(i), 1))
    clause(*((used(e), 1) for e in range(len(g.edges))))

    def drawn_in(values: list[int]) -> list[bool]:
        """Each edge: used in the answer."""
        return [
            bool(values[edge[e]]) if e in edge else used(e) is True for e in range(len(g.edges))
        ]

    def pieces(values: list[int], cells: list[int], lines: list[bool]) -> list[set[int]]:
        """The answer's loop cells among `cells`, in the pieces that its used edges between
        them join."""
        inside = set(cells)
        found: list[set[int]] = []
        seen: set[int] = set()
        for a in cells:
            if a in seen or not (values[cell[a]] if a in cell else on(a) is True):
                continue
            piece, todo = {a}, [a]
            for i in todo:
                for e, j in g.at[i]:
                    if lines[e] and j in inside and j not in piece:
                        piece.add(j)
                        todo.append(j)
            seen |= piece
            found.append(piece)
        return found

    def checked(values: list[int]) -> list[list[tuple[int, int]]]:
        """The clauses the answer breaks: one loop, then each room in one piece."""
        lines = drawn_in(values)
        cuts = one_loop(values, lines)
        if cuts:
            return cuts
        for room in g.rooms:
            parts = pieces(values, room, lines)
            inside = set(room)
            for k, piece in enumerate(parts if len(parts) > 1 else []):
                other = min(parts[k - 1])
                out = {e for i in piece for e, j in g.at[i] if j in inside and j not in piece}
                literals = [(on(min(piece)), 0), (on(other), 0), *((used(e), 1) for e in out)]
                cuts.append(sat.folded(literals) or [])  # (never None: p and q are on)
        return cuts

    def one_loop(values: list[int], lines: list[bool]) -> list[list[tuple[int, int]]]:
        """Where the answer's used edges (`lines`) draw several loops, a clause for each that
        cuts it off from the others (the module's docstring)."""
        loops = pieces(values, list(range(g.n)), lines)
        if len(loops) < 2:
            return []
        # an edge of each loop
        edges = [next(e for i in cells for e, _ in g.at[i] if lines[e]) for cells in loops]
        cuts = []
        for k, cells in enumerate(loops):
            across = {e for i in cells for e, j in g.at[i] if j not in cells}
            literals = [(used(edges[k]), 0), (used(edges[k - 1]), 0)]
            literals += [(used(e), 1) for e in across]
            cuts.append(sat.folded(literals) or [])  # (never None: both edges are used)
        return cuts

    shown = list(edge.values())
    found = sat.answers(count, sums, conflicts, 2, clauses, checked, shown)
    if found is None or len(found) > 1:
        return None
    if not found:
        raise Contradiction
    (values,) = found
    out = board.copy()
    try:
        for e, v in edge.items():
            out.set_edge(e, USED if values[v] else UNUSED)
        for i, v in cell.items():
            if out.cell[i] == UNKNOWN:
                out.set_cell(i, values[v])
    except Contradiction:
        return None  # not an answer of the board's rules: leave it to the search
    if UNKNOWN in out.edge or UNKNOWN in out.cell:
        return None
    return out
