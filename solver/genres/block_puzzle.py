"""Block puzzle (ブロックパズル).

Rules: every cell holds a part, named by a letter. Divide the grid along the grid lines into
blocks, each orthogonally connected, so that every block holds exactly one part of every letter
(and nothing else): with L letters each found K times, K blocks of L cells.

Layout: one part per spreadsheet cell from A1, every cell of the board filled: a letter A-Z in
either case (`a` is `A`), or a kana or other single letter (full-width `Ａ`, small and
half-width kana and hiragana are read as `solver.io.spellings.normalize_kana` reads them: `ｶ` and
`か` are `カ`). Every letter must appear equally often. The sentinel one cell diagonally
below-right of the grid.

    A A E C D         A│A E C│D         the deck's 5x5: five letters five times each,
    C D C D E         C D│C│D│E         five blocks of five cells (the answer's walls
    A B D B A         A│B│D│B│A         between cells of a row drawn on the right;
    D E A E C         D│E│A E│C         those between rows, not shown here, as well)
    E C B B B         E C B│B│B

The answer draws the blocks as medium borders in the answer colour on every cell side between
two blocks (`solver.blocks.regions`; the grid's frame is left as it is); the letters keep their
cells, and the user's own borders come back when the answer is cleared. (No block label goes into
the number format: beside the part letters a second letter in each cell would read as one more
part.) Solving by hand, draw the blocks with Excel's border tool: any medium
or heavier line, in any colour, on either of the two cells beside a side; thin lines are the
sheet's grid. Check reads every side so drawn as a wall and says `incomplete` for a division
not finished yet that can still be. (Excel on macOS draws no borders: solve there with the CLI,
or on Windows.)

Model (the deck's set partitioning, `solver.blocks.placements`, as shikaku's): the blocks are named
by the cells of one letter, the anchors (the first letter in alphabetical order), since each block
holds exactly one of them. An anchor's candidates are the connected sets of L cells (L letters)
that hold it and one cell of every letter (`blocks`: grown cell by cell from the anchor, never
through another anchor nor onto a letter the set holds already); y(k,i) = 1 when the k-th
anchor takes its i-th candidate. Choose(k): each anchor takes exactly one; Cover(r,c): each cell
lies in exactly one chosen block. The rules "connected" and "one of every letter" live in the
candidates, which makes the model three lines. The answer variables are the walls
(`solver.blocks.regions.walls`): w = 1 between two cells of different blocks. A letter count that
differs, an anchor that no block fits, or a cell that no block reaches, is told as an input error
before the solve.

The candidates are the form because the one with a binary per (cell, block) (block k the k-th
anchor's, one cell of every letter per block, each block connected by
`solver.blocks.cells.connected`) is far slower: 20x and more on a random 6x6, answer and
uniqueness proof. The candidates grow with the block size (about 8,500 over all anchors at
12x12 on random puzzles), so on larger grids building them is the cost; past MOST_STEPS steps of
growing them (about 10 s) the sheet is refused with an input error rather than left to run for
hours.
"""

from __future__ import annotations

import functools
from collections import Counter, deque
from dataclasses import dataclass

import pulp

from solver.blocks import placements, regions
from solver.blocks.cells import components
from solver.blocks.geometry import ORTHOGONAL, Cell, CellPuzzle
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.regions_sheet import read_regions, render_regions
from solver.io.sheet import Grid
from solver.io.sheet.answer import CellWrite
from solver.io.spellings import normalize_kana
from solver.limits import check_time
from solver.mip.model import Model, new_problem

ANSWER_ON_BORDERS = True  # the blocks are drawn on the cells' borders
MOST_STEPS = 3_000_000  # steps of growing blocks before giving up (about 10 s; 16x16 takes 2.6M)

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
        same = [k for k in sorted(counts) if counts[k] == want]
        others = ", ".join(same[:6]) + (f" and {len(same) - 6} more" if len(same) > 6 else "")
        raise grid.error(
            *cells[0],
            f"the letter {odd} is in {counts[odd]} cell{'s' if counts[odd] != 1 else ''} "
            f"({names}), but {others} in {want} each: every letter must appear equally often, "
            "once in every block",
        )
    try:
        bad = unfit(p)
    except TooManyBlocks as exc:
        raise grid.error(
            *exc.args[0],
            f"too many ways to form blocks of {len(p.letters())} parts: every possible block is "
            f"listed before the solve, and past {MOST_STEPS:,} steps (here, at this "
            f"{p.letters()[0]}) that would take too long; blocks of up to about 14 parts work",
        ) from None
    if bad is not None:
        raise grid.error(*bad[0], bad[1])
    return p


@functools.cache
def reach(p: Puzzle) -> dict[Cell, set[Cell]]:
    """For each anchor cell: the cells its block can hold, those within L-1 steps (L letters,
    the block's size) along a path that passes no other anchor cell."""
    anchors = set(p.anchors())
    size = len(p.letters())
    found = {}
    for start in p.anchors():
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if dist[cell] < size - 1:
                for q in _around(p, cell):
                    if q not in dist and q not in anchors:
                        dist[q] = dist[cell] + 1
                        queue.append(q)
        found[start] = set(dist)
    return found


def _around(p: Puzzle, cell: Cell) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc) for dr, dc in ORTHOGONAL if 0 <= r + dr < p.rows and 0 <= c + dc < p.cols
    ]


class TooManyBlocks(Exception):
    """Growing the candidate blocks took more than MOST_STEPS steps; args: the anchor cell."""


def blocks(p: Puzzle, anchor: Cell, steps: list[int] | None = None) -> list[tuple[Cell, ...]]:
    """Every connected set of cells that holds `anchor` and one cell of every letter, as its
    cells in reading order. Each is grown once (the enumeration of connected sets by
    extension: a cell is either taken, its neighbours joining the cells that may be taken
    next, or left out for good in that branch), and a cell whose letter the set already holds
    is never taken, which keeps the count small (about 2,400 blocks at 10x10 on random puzzles,
    all anchors together). `steps`: a one-element count of the steps taken so far, shared between
    anchors; past MOST_STEPS, TooManyBlocks."""
    size = len(p.letters())
    allowed = reach(p)[anchor]
    found: list[tuple[Cell, ...]] = []
    count = steps if steps is not None else [0]

    def grow(taken: set[Cell], letters: set[str], nxt: list[Cell], out: set[Cell]) -> None:
        if len(taken) == size:
            found.append(tuple(sorted(taken)))
            return
        check_time()
        count[0] += 1
        if count[0] > MOST_STEPS:
            raise TooManyBlocks(anchor)
        for i, cell in enumerate(nxt):
            if p.part(cell) in letters:
                continue
            new = [q for q in _around(p, cell) if q in allowed]
            new = [q for q in new if q not in taken and q not in out and q not in nxt]
            grow(taken | {cell}, letters | {p.part(cell)}, nxt[i + 1 :] + new, out | set(nxt[:i]))

    start = [q for q in _around(p, anchor) if q in allowed]
    grow({anchor}, {p.part(anchor)}, start, set())
    return found


@functools.cache
def candidates(p: Puzzle) -> dict[Cell, list[tuple[Cell, ...]]]:
    """Each anchor cell's blocks, in reading order of the anchors."""
    steps = [0]
    return {anchor: blocks(p, anchor, steps) for anchor in p.anchors()}


def unfit(p: Puzzle) -> tuple[Cell, str] | None:
    """The first anchor cell that no block fits, or else the first cell that no block reaches,
    with what to say about it; None when every anchor and cell has a block."""
    found = candidates(p)
    first, size = p.letters()[0], len(p.letters())
    for anchor, options in found.items():
        if not options:
            return anchor, (
                f"no connected block of {size} cells holds this {first} and one part of every "
                "letter: check the letters around it"
            )
    lost = placements.uncovered(found, p.positions())
    if lost:
        more = f" (and {len(lost) - 1} more such cells)" if len(lost) > 1 else ""
        return lost[0], (
            f"no block can hold this cell{more}: no connected set of one part of every letter "
            f"joins it to a {first}; check the letters around it"
        )
    return None


def model(p: Puzzle) -> Model:
    prob = new_problem("block_puzzle")
    options = candidates(p)
    y = placements.choose(prob, options)
    placements.cover(prob, options, y, p.positions())
    w = regions.walls(prob, options, y, p.rows, p.cols)
    return Model(prob, list(w.values()), {"y": y, "w": w, "candidates": options})


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
    return dict(read_regions(grid, m["w"]))


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return render_regions(a)


def record(p: Puzzle, a: Answer) -> dict:
    """`regions`: the block of each cell, numbered in reading order of first cells."""
    return regions.regions_record(a)


# No givens for the conflict search (Genre.givens): every cell's letter is part of the board the
# blocks divide.
givens = None

GENRE = define(
    __name__,
    slug="block-puzzle",
    ja="ブロックパズル",
    names=("block puzzle", "blockpuzzle"),
    prove_by_search=True,
)
