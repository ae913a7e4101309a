"""Grid geometry: directions, neighbours, lines of sight, connected parts and the fewest nodes
that part two of them, 2x2 blocks, hexagonal axial coordinates. 0-based (row, col)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

Cell = tuple[int, int]
Segment = tuple[Cell, Cell]  # two side-by-side cells (or points), lower first: a line's unit
Node = TypeVar("Node", bound=Hashable)

# the four directions by their letters (up, down, left, right), as a step in (row, col)
STEPS: dict[str, Cell] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_HEADINGS = {s: d for d, s in STEPS.items()}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
# pzprjs numbers them 1 up, 2 down, 3 left, 4 right (arrow number16, walllogic); so do our names
NUMBER = {d: k for k, d in enumerate("UDLR", start=1)}

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL: tuple[Cell, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
KING: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL
# hexes in axial coordinates as the Panorama seed types them: (row, col) with the third axis
# along the main diagonal, so the six neighbours are (0, +-1), (+-1, 0) and (+-1, +-1)
HEX: tuple[Cell, ...] = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))


def inside(rows: int, cols: int, r: int, c: int) -> bool:
    return 0 <= r < rows and 0 <= c < cols


def neighbours(
    rows: int, cols: int, r: int, c: int, steps: tuple[Cell, ...] = ORTHOGONAL
) -> Iterator[Cell]:
    for dr, dc in steps:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    """The cell k steps from `cell` in direction d (U, D, L or R)."""
    return cell[0] + k * STEPS[d][0], cell[1] + k * STEPS[d][1]


def heading(a: Cell, b: Cell) -> str:
    """The direction (U, D, L or R) of the step from a to the adjacent b."""
    return _HEADINGS[b[0] - a[0], b[1] - a[1]]


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether a and b are side by side (orthogonal neighbours)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def grid_edges(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent nodes of a rows x cols grid, lower node first."""
    found = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                found.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                found.append(((r, c), (r + 1, c)))
    return found


def reach(starts: Iterable[Node], near: Callable[[Node], Iterable[Node]]) -> set[Node]:
    """Every node reachable from `starts` (included) by steps to `near(node)`."""
    seen = set(starts)
    todo = list(seen)
    while todo:
        for q in near(todo.pop()):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def components(
    nodes: Iterable[Node], edges: Iterable[tuple[Node, Node]] | None = None
) -> list[set[Node]]:
    """The connected parts of a graph, each a set, in the order of their first node in `nodes`.
    Edges with an end outside `nodes` are ignored; without `edges`, the nodes are cells and
    side-by-side cells are joined."""
    parent = {n: n for n in nodes}

    def find(n: Node) -> Node:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    if edges is None:
        edges = side_by_side(parent)  # type: ignore[assignment,arg-type]
    for a, b in edges:
        if a in parent and b in parent:
            parent[find(a)] = find(b)
    parts: dict[Node, set[Node]] = {}
    for n in parent:
        parts.setdefault(find(n), set()).add(n)
    return list(parts.values())


def separators(
    near: list[list[int]],
    source: Collection[int],
    sink: Collection[int],
    passable: list[bool],
) -> tuple[list[int], list[int]]:
    """The fewest nodes whose removal leaves no path from a node of `source` to one of `sink`
    whose other nodes are `passable` (nodes 0..len(near)-1, `near[n]` the neighbours of n;
    `source` and `sink` apart and not side by side); of those sets, the one nearest the source
    and the one nearest the sink (the same where only one set is fewest). By Menger's theorem,
    as many as paths without a node in common: found by augmenting paths (Edmonds and Karp)
    over the passable nodes each split into an entry and an exit joined by one unit; the set
    nearest the source is the units whose entry the start still reaches, that nearest the sink
    those whose exit still reaches the end. Only the passable nodes a path from the source
    reaches take part."""
    seen = reach(source, lambda n: [m for m in near[n] if passable[m] and m not in sink])
    inner = sorted(seen.difference(source))
    index = {n: k for k, n in enumerate(inner)}
    start, end = 2 * len(inner), 2 * len(inner) + 1  # node k: entry 2k, exit 2k + 1
    arcs: list[list[int]] = [[] for _ in range(end + 1)]  # each end's arcs, by number
    head: list[int] = []  # each arc's end; arc a ^ 1 is its reverse
    room: list[int] = []  # what each arc can still carry
    wide = len(inner) + 1  # more than any number of paths

    def arc(a: int, b: int, units: int) -> None:
        arcs[a].append(len(head))
        head.append(b)
        room.append(units)
        arcs[b].append(len(head))
        head.append(a)
        room.append(0)

    for k, n in enumerate(inner):
        arc(2 * k, 2 * k + 1, 1)
        if any(m in source for m in near[n]):
            arc(start, 2 * k, wide)
        if any(m in sink for m in near[n]):
            arc(2 * k + 1, end, wide)
        for m in near[n]:
            if m in index:
                arc(2 * k + 1, 2 * index[m], wide)
    while True:
        via = [-1] * (end + 1)  # the arc each end was reached by, breadth first from the start
        via[start] = len(head)
        todo = [start]
        for a in todo:
            for e in arcs[a]:
                if room[e] and via[head[e]] < 0:
                    via[head[e]] = e
                    todo.append(head[e])
            if via[end] >= 0:
                break
        if via[end] < 0:
            near_source = [n for k, n in enumerate(inner) if via[2 * k] >= 0 > via[2 * k + 1]]
            reaches = [False] * (end + 1)  # reaches the end over arcs with room left
            reaches[end] = True
            todo = [end]
            for b in todo:
                for e in arcs[b]:  # e ^ 1: the arc from head[e] to b
                    if room[e ^ 1] and not reaches[head[e]]:
                        reaches[head[e]] = True
                        todo.append(head[e])
            near_sink = [n for k, n in enumerate(inner) if reaches[2 * k + 1] > reaches[2 * k]]
            return near_source, near_sink
        b = end
        while b != start:  # one unit more along the path found
            e = via[b]
            room[e] -= 1
            room[e ^ 1] += 1
            b = head[e ^ 1]


def shortest_path(a: Cell, b: Cell, within: Collection[Cell]) -> list[Cell]:
    """A shortest path of side-by-side cells from a to b inside `within`, both ends included
    (b must be reachable from a)."""
    back = {a: a}
    queue = deque([a])
    while queue:
        r, c = queue.popleft()
        if (r, c) == b:
            break
        for q in ((r + dr, c + dc) for dr, dc in ORTHOGONAL):
            if q in within and q not in back:
                back[q] = (r, c)
                queue.append(q)
    path = [b]
    while path[-1] != a:
        path.append(back[path[-1]])
    return path[::-1]


def side_by_side(cells: Collection[Cell]) -> list[Segment]:
    """The pairs of side-by-side cells among `cells`, lower cell first, in reading order."""
    return [
        (a, b) for a in sorted(cells) for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in cells
    ]


Square = tuple[Cell, Cell, Cell, Cell]  # a 2x2 block: top-left, top-right, bottom-left, -right


def squares(rows: int, cols: int) -> list[Square]:
    """Every 2x2 block of a rows x cols grid, in reading order of their top-left cells."""
    return [
        ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        for r in range(rows - 1)
        for c in range(cols - 1)
    ]


def square_edges(block: Square) -> list[tuple[Cell, Cell]]:
    """The four edges between the cells of a 2x2 block (top, bottom, left, right), lower first:
    a loop along all four closes on itself."""
    tl, tr, bl, br = block
    return [(tl, tr), (bl, br), (tl, bl), (tr, br)]


def filled_squares(cells: Collection[Cell]) -> list[Cell]:
    """The 2x2 rule, checked: the top-left cell of every 2x2 block that lies wholly in `cells`."""
    found = set(cells)
    return sorted((r, c) for r, c in found if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= found)


def ray(rows: int, cols: int, r: int, c: int, dr: int, dc: int) -> Iterator[Cell]:
    """The cells from (r, c) outward in direction (dr, dc), (r, c) itself excluded."""
    r, c = r + dr, c + dc
    while 0 <= r < rows and 0 <= c < cols:
        yield r, c
        r, c = r + dr, c + dc


@dataclass(frozen=True)
class CellPuzzle:
    """A puzzle given cell by cell, cells[r][c]; genres' Puzzle classes build on it."""

    cells: tuple[tuple[Any, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def positions(self) -> list[Cell]:
        """Every cell of the grid, in reading order."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def givens(self) -> dict[Cell, Any]:
        """The cells that hold something (not None), in reading order, with what they hold."""
        return {
            (r, c): v
            for r, row in enumerate(self.cells)
            for c, v in enumerate(row)
            if v is not None
        }
