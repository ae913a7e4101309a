"""Block puzzle (ブロックパズル).

Rules: every cell holds a part, named by a letter. Divide the grid along the grid lines into
blocks, each orthogonally connected, so that every block holds exactly one part of every letter
(and nothing else): with L letters each found K times, K blocks of L cells.

Layout: one part per spreadsheet cell from A1, every cell of the board filled: a letter A-Z in
either case (`a` is `A`), or a kana or other single letter (full-width `Ａ`, small and
half-width kana are read as `solver.spellings.normalize_kana` reads them: `ｶ` is `カ`). Every
letter must appear equally often. The sentinel one cell diagonally below-right of the grid.

    A A E C D           ┏━━━━━━━━━┳━━━━━━━┳━━━┓
    C D C D E           ┃ A   A   E   C  ┃ D ┃  ...
    A B D B A

The answer draws the blocks as medium borders in the answer colour on every cell side between
two blocks (`solver.regions`; the grid's frame is left as it is); the letters keep their cells,
and the user's own borders come back when the answer is cleared. (A block label through the
number format was tried and left out: beside the part letters a second letter in each cell
reads as one more part.) Solving by hand, draw the blocks with Excel's border tool: any medium
or heavier line, in any colour, on either of the two cells beside a side; thin lines are the
sheet's grid. Check reads every side so drawn as a wall and says `incomplete` for a division
not finished yet that can still be. (Excel on macOS draws no borders: solve there with the CLI,
or on Windows.)

Model: the blocks are named by the cells of one letter, the anchor (the first letter in
alphabetical order): block k holds the k-th anchor cell in reading order, which fixes the
blocks' names exactly (no two answers differ only by naming). x(r,c,k) = 1 when cell (r,c) lies
in block k, for the cells that block k can reach: within L-1 steps of its anchor cell without
passing another anchor cell (the anchor cell itself is in its block, a constant). Cell(r,c):
each cell lies in exactly one block; Letter(k,l): block k holds exactly one cell of letter l.
Each block is connected, rooted at its anchor (`solver.cells.connected`, per block; lazy vertex
cuts or a single-commodity flow), and Near(r,c,k): a cell of block k other than its anchor has
a neighbour in block k (the smallest cut of the connectivity, in both forms). The answer
variables are the walls (`solver.regions.label_walls`): w(a,b) = 1 when cells a and b lie in
different blocks. A letter count that differs, or a cell that no block reaches, is told as an
input error before the solve.
"""

from __future__ import annotations

import functools
from collections import Counter, deque
from dataclasses import dataclass

import pulp

from solver import regions
from solver.cells import components, connected
from solver.genres import define
from solver.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.model import Model, cname, new_problem, var
from solver.sheet import Grid, cell_name, quote
from solver.sheet.answer import CellWrite
from solver.spellings import normalize_kana
from solver.violation import Violation

ANSWER_ON_BORDERS = True  # the blocks are drawn on the cells' borders

Answer = regions.Regions  # an id per cell: the block it lies in


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[str, ...], ...]  # the part letter of every cell

    def letters(self) -> list[str]:
        """The letters, in alphabetical (code point) order."""
        return sorted({v for row in self.cells for v in row})

    def anchors(self) -> list[Cell]:
        """The cells of the first letter in reading order: block k holds the k-th."""
        first = self.letters()[0]
        return [cell for cell in self.positions() if self.cells[cell[0]][cell[1]] == first]

    def part(self, cell: Cell) -> str:
        return self.cells[cell[0]][cell[1]]


def _letter(v: object) -> str | None:
    """The part letter a cell's value spells (one letter after normalize_kana), else None."""
    if not isinstance(v, str):
        return None
    text = normalize_kana(v)
    return text if len(text) == 1 and text.isalpha() else None


def parse(grid: Grid) -> Puzzle:
    def part(r: int, c: int) -> str:
        v = grid[r, c]
        if v is None:
            raise grid.error(
                r, c, "an empty cell: every cell of the board holds its part's letter (A-Z, kana)"
            )
        letter = _letter(v)
        if letter is None:
            raise grid.error(
                r,
                c,
                f"a cell holds one part letter (A-Z in either case, or kana), found {quote(v)}",
            )
        return letter

    p = Puzzle(tuple(tuple(part(r, c) for c in range(grid.cols)) for r in range(grid.rows)))
    counts = Counter(v for row in p.cells for v in row)
    if len(set(counts.values())) > 1:
        # the count most letters share is the one expected (ties: the larger)
        often = Counter(counts.values())
        want = max(often, key=lambda n: (often[n], n))
        odd = min((k for k in counts if counts[k] != want), key=lambda k: (counts[k], k))
        cells = [cell for cell in p.positions() if p.part(cell) == odd]
        names = ", ".join(cell_name(cell) for cell in cells[:6]) + (
            ", ..." if len(cells) > 6 else ""
        )
        others = ", ".join(k for k in sorted(counts) if counts[k] == want)
        raise grid.error(
            *cells[0],
            f"the letter {odd} is in {counts[odd]} cell{'s' if counts[odd] != 1 else ''} "
            f"({names}), but {others} in {want} each: every letter must appear equally often, "
            "once in every block",
        )
    if (lost := unreached(p)) is not None:
        raise grid.error(
            *lost,
            f"no block can reach this cell: it lies more than {len(p.letters()) - 1} steps from "
            f"every {p.letters()[0]} (each block holds one {p.letters()[0]} and "
            f"{len(p.letters())} cells); check the letters around it",
        )
    return p


@functools.cache
def reach(p: Puzzle) -> dict[int, dict[Cell, int]]:
    """For each block k: the cells it can hold, with their distance from its anchor cell; the
    cells within L-1 steps (L letters, the block's size) that a path of such cells joins to the
    anchor without passing another anchor cell."""
    anchors = p.anchors()
    others = set(anchors)
    size = len(p.letters())
    found = {}
    for k, start in enumerate(anchors):
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if dist[cell] == size - 1:
                continue
            for dr, dc in ORTHOGONAL:
                q = (cell[0] + dr, cell[1] + dc)
                if 0 <= q[0] < p.rows and 0 <= q[1] < p.cols and q not in dist and q not in others:
                    dist[q] = dist[cell] + 1
                    queue.append(q)
        found[k] = dist
    return found


def unreached(p: Puzzle) -> Cell | None:
    """The first cell that no block can reach, None when every cell has a block."""
    near = set().union(*reach(p).values())
    return next((cell for cell in p.positions() if cell not in near), None)


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("block_puzzle")
    anchors = p.anchors()
    x: dict[tuple[Cell, int], pulp.LpVariable | int] = {}
    for k, cells in reach(p).items():
        for cell in cells:
            x[cell, k] = (
                1 if cell == anchors[k] else var(prob, "x", cell[0] + 1, cell[1] + 1, k + 1)
            )
    blocks_of: dict[Cell, list[int]] = {}
    for cell, k in x:
        blocks_of.setdefault(cell, []).append(k)
    for cell in p.positions():
        prob += pulp.lpSum(x[cell, k] for k in blocks_of[cell]) == 1, cname("Cell", cell)
    for k in range(len(anchors)):
        for n, letter in enumerate(p.letters()[1:], start=2):
            held = [x[cell, kk] for cell, kk in x if kk == k and p.part(cell) == letter]
            prob += pulp.lpSum(held) == 1, cname("Letter", k + 1, n)
    m = Model(prob, [], {"x": x})
    for k in range(len(anchors)):
        block = {cell: v for (cell, kk), v in x.items() if kk == k}
        for cell, v in block.items():
            if cell != anchors[k]:
                near = [block[q] for q in _around(cell) if q in block]
                prob += v <= pulp.lpSum(near), cname("Near", cell, k + 1)
        m.separate(connected(prob, block, lazy, root=anchors[k], prefix=f"k{k + 1}"))
    w = regions.label_walls(prob, x, p.rows, p.cols)
    m.answer_vars = list(w.values())
    m.vars["w"] = w
    return m


def _around(cell: Cell) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL]


def decode(p: Puzzle, m: Model) -> Answer:
    return regions.pieces(p.rows, p.cols, regions.walls_of(m))


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Each block is connected and holds exactly one part of every letter. A division drawn
    half-way has blocks that are too large: a letter twice, named by the block's first cell
    with the cells of that letter for the marks; a block without some letter marks all its
    cells."""
    problems = []
    letters = p.letters()
    for cells in regions.by_id(a).values():
        at = cell_name(cells[0])
        groups = components(cells)
        if len(groups) > 1:
            apart = sorted(cell for g in groups[1:] for cell in g)
            problems.append(
                Violation(f"the block from {at} is in {len(groups)} pieces, not one", apart)
            )
        by_letter: dict[str, list[Cell]] = {}
        for cell in cells:
            by_letter.setdefault(p.part(cell), []).append(cell)
        for letter, held in sorted(by_letter.items()):
            if len(held) > 1:
                times = "twice" if len(held) == 2 else f"{len(held)} times"
                names = ", ".join(cell_name(cell) for cell in held)
                problems.append(
                    Violation(f"the block from {at} holds {letter} {times} ({names})", held)
                )
        missing = [letter for letter in letters if letter not in by_letter]
        if missing:
            problems.append(Violation(f"the block from {at} has no {' or '.join(missing)}", cells))
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The walls drawn on the sheet (medium or heavier borders), fixed to 1."""
    return dict(regions.read_regions(grid, m["w"]))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return regions.render_regions(a)


def record(p: Puzzle, a: Answer) -> dict:
    """`regions`: the block of each cell, numbered in reading order of first cells."""
    return regions.regions_record(a)


GENRE = define(
    __name__, slug="block-puzzle", ja="ブロックパズル", names=("block puzzle", "blockpuzzle")
)
