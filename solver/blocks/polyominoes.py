"""Polyominoes: a piece's shapes under rotation and reflection, and where it fits in a grid, as
candidates for `solver.blocks.placements` (choose, cover).

Genres that place given pieces share this: LITS puts one tetromino into every room (its
candidates: every orientation of L, I, T and S inside the room), battleship places a fleet of
straight ships of given lengths anywhere in the grid. A piece is a set of cells; a shape is a
piece moved to the origin (its top row 0, its leftmost column 0), so that equal shapes are equal
sets.

- `normalize`, `orientations` (the distinct shapes under the 4 rotations and, with reflect, the
  4 mirror images), `canonical` (one of them, the same for every orientation), `name_of` (which
  of some named pieces a set of cells is);
- `fits`: every placement of a piece's orientations inside a set of cells (a room, the grid);
- `TETROMINOES` (L, I, T, S and O) and `straight(n)` (a ship of n cells);
- `halo`: the cells around a piece (orthogonal, or diagonal too: the cells a ship keeps
  free);
- `shaped`: a cell's coverage by the chosen pieces of one shape, as an expression (LITS: equal
  shapes never side by side across a room border).

The MIP over them is placements' set partitioning: y = 1 for each chosen placement, a cell's
shading the sum of the y of the placements over it.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from functools import cache

import pulp

from solver.blocks.geometry import Cell
from solver.blocks.placements import Choice

Shape = frozenset[Cell]


def normalize(cells: Iterable[Cell]) -> Shape:
    """The cells moved so that their top row is 0 and their leftmost column 0."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(cells: Iterable[Cell], reflect: bool = True) -> list[Shape]:
    """The distinct shapes of a piece turned by quarter turns and, with reflect, mirrored, in a
    fixed order (sorted by their cells)."""
    return list(_orientations(normalize(cells), reflect))


@cache
def _orientations(shape: Shape, reflect: bool) -> tuple[Shape, ...]:
    """`orientations` of a shape, worked out once: a genre asks for the same few pieces'."""
    found: set[Shape] = set()
    for mirrored in (False, True) if reflect else (False,):
        turned = {(r, -c) for r, c in shape} if mirrored else set(shape)
        for _ in range(4):
            turned = {(c, -r) for r, c in turned}
            found.add(normalize(turned))
    return tuple(sorted(found, key=sorted))


def canonical(cells: Iterable[Cell], reflect: bool = True) -> Shape:
    """One orientation of a piece, the same for all of them: equal pieces, equal results."""
    return orientations(cells, reflect)[0]


def name_of(
    cells: Iterable[Cell], named: Mapping[str, Iterable[Cell]], reflect: bool = True
) -> str | None:
    """The name of the piece that `cells` is (turned or mirrored), None for none of them."""
    shape = canonical(cells, reflect)
    return next((name for name, p in named.items() if canonical(p, reflect) == shape), None)


def fits(cells: Iterable[Cell], within: Collection[Cell], reflect: bool = True) -> list[Shape]:
    """Every placement of the piece (each orientation, moved anywhere) whose cells all lie in
    `within`, in a fixed order: by orientation, then by position in reading order."""
    inside = set(within)
    if not inside:
        return []
    shapes = _orientations(normalize(cells), reflect)
    # the cells as bits of one number, a row of `width` bits each: wide enough that a cell
    # moved sideways by a piece's width never lands in the next or the last row
    top, left = min(r for r, _ in inside), min(c for _, c in inside)
    width = max(c for _, c in inside) - left + 1 + max(c for q in shapes for _, c in q)
    bits = sum(1 << ((r - top) * width + c - left) for r, c in inside)
    found: list[Shape] = []
    for shape in shapes:
        first = min(shape)
        steps = [(dr - first[0], dc - first[1]) for dr, dc in shape]  # from its first cell
        # where its first cell may go: each of its cells, moved back by its step, is inside
        starts = bits
        for dr, dc in steps:
            shift = dr * width + dc
            starts &= bits >> shift if shift >= 0 else bits << -shift
        while starts:
            low = starts & -starts
            r, c = divmod(low.bit_length() - 1, width)
            found.append(frozenset((top + r + dr, left + c + dc) for dr, dc in steps))
            starts ^= low
    return found


def straight(n: int) -> Shape:
    """A straight piece of n cells across (a battleship's ship)."""
    return frozenset((0, c) for c in range(n))


TETROMINOES: dict[str, Shape] = {
    "L": frozenset({(0, 0), (1, 0), (2, 0), (2, 1)}),
    "I": straight(4),
    "T": frozenset({(0, 0), (0, 1), (0, 2), (1, 1)}),
    "S": frozenset({(0, 1), (0, 2), (1, 0), (1, 1)}),
    "O": frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}),
}


def halo(cells: Collection[Cell], diagonal: bool = False) -> set[Cell]:
    """The cells next to a piece and not in it: side by side, or also corner to corner; a
    caller keeps those inside its grid."""
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    if not diagonal:
        steps = [(dr, dc) for dr, dc in steps if 0 in (dr, dc)]
    return {(r + dr, c + dc) for r, c in cells for dr, dc in steps} - set(cells)


def shaped(
    candidates: Mapping[Hashable, Sequence[Collection[Cell]]],
    names: Mapping[Hashable, Sequence[str]],
    y: Choice,
    k: Hashable,
    cell: Cell,
    name: str,
) -> pulp.LpAffineExpression:
    """1 when clue k's chosen candidate covers `cell` and is the piece called `name` (names[k]
    names each of k's candidates, in their order), else 0."""
    return pulp.lpSum(
        y[k, i]
        for i, (cells, called) in enumerate(zip(candidates[k], names[k], strict=True))
        if called == name and cell in cells
    )
