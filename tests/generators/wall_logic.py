"""Wall Logic from a random cover of the grid by straight lines from numbers.

The cells are visited in random order. A cell that no line covers yet either continues a line
that ends next to it (or starts a new line of the number next to it), or becomes a number that
draws up to MAX_LENGTH cells in each direction over free cells. A free cell that can be neither
(boxed in by other lines' sides) becomes a black cell. Every number is kept: it is the total of
its lines. The note says how many numbers and black cells there are.

Random covers often allow another answer, and published puzzles have one. So the cover is
repaired until its numbers have a unique answer (checked with HiGHS), at most REPAIRS rounds.
In each round one cell where another answer differs (in the first group of such cells that
touch) is taken out of its line: it becomes a number that draws the rest of that line beyond it
(the line's own number drops by as many cells and one), or, at a line's end, a black cell
(cells in a line's middle are taken first, cells whose split would leave a number 0 last). The
other answer then breaks (it covers that cell), and the changed cover still answers its
numbers. A number left with nothing to draw becomes a black cell. One split per round keeps the
added clues few (splitting in every group at once was 5-10 times faster but left about half
again as many black cells). The note counts the splits and says whether it got unique.
"""

from __future__ import annotations

import random

from solver.blocks.geometry import STEPS as DIRECTIONS
from solver.genres.wall_logic import BLACK, Puzzle

Cell = tuple[int, int]
MAX_LENGTH = 3  # cells per direction when a number is placed
EXTEND = 0.6  # chance that a free cell continues a neighbouring line instead of becoming a number
REPAIRS = 200
PER_ROUND = 1  # groups of differing cells split per round


def generate(size: int, seed: int) -> tuple[Puzzle, str]:
    from solver.genres.wall_logic import GENRE
    from solver.mip.settings import Settings
    from solver.pipeline import solve_puzzle

    rng = random.Random(seed)
    cover = Cover(size, rng)
    unique = False
    for repairs in range(REPAIRS + 1):
        out = solve_puzzle(GENRE, cover.puzzle(), Settings("highs", 60))
        unique = bool(out.unique)
        if unique or repairs == REPAIRS:
            break
        for cells in groups([x for x in out.differ if x in cover.owner])[:PER_ROUND]:
            cells = [x for x in cells if x in cover.owner]  # an earlier split may take some
            if cells:
                best = min(cover.cost(x) for x in cells)
                cover.split(rng.choice([x for x in cells if cover.cost(x) == best]))
    p = cover.puzzle()
    numbers, black = len(p.numbers()), sum(v == BLACK for row in p.cells for v in row)
    return p, (
        f"{numbers} numbers, {black} black cells, all numbers kept, {cover.splits} cells "
        f"split in {repairs} repair rounds, " + ("unique" if unique else "not unique")
    )


class Cover:
    """A random cover of a size x size grid by straight lines from numbers."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.size = size
        self.numbers: dict[Cell, int] = {}  # number cell -> the cells its lines cover
        self.black: set[Cell] = set()
        self.length: dict[tuple[Cell, str], int] = {}  # (number, direction) -> cells drawn
        self.owner: dict[Cell, tuple[Cell, str]] = {}  # covered cell -> its line
        self.splits = 0
        cells = [(r, c) for r in range(size) for c in range(size)]
        rng.shuffle(cells)
        for x in cells:
            if self.free(x):
                self.place(x, rng)

    def free(self, cell: Cell) -> bool:
        r, c = cell
        inside = 0 <= r < self.size and 0 <= c < self.size
        taken = cell in self.numbers or cell in self.owner or cell in self.black
        return inside and not taken

    def draw(self, n: Cell, d: str, cell: Cell) -> None:
        self.length[n, d] = self.length.get((n, d), 0) + 1
        self.owner[cell] = (n, d)
        self.numbers[n] += 1

    def place(self, x: Cell, rng: random.Random) -> None:
        """Cover the free cell x: grow a line next to it, or make it a number, or black."""
        options = []  # lines that can reach x by growing one cell
        for d in DIRECTIONS:
            y = step(x, d, -1)
            if y in self.numbers and not self.length.get((y, d)):
                options.append((y, d))
            elif y in self.owner and self.owner[y][1] == d:
                n = self.owner[y]
                if step(n[0], d, self.length[n]) == y:  # y ends its line
                    options.append(n)
        room = any(self.free(step(x, d)) for d in DIRECTIONS)
        if options and (not room or rng.random() < EXTEND):
            n, d = rng.choice(options)
            self.draw(n, d, x)
        elif room:
            self.numbers[x] = 0
            for d in rng.sample(sorted(DIRECTIONS), 4):
                want, k = rng.randint(0, MAX_LENGTH), 1
                while k <= want and self.free(step(x, d, k)):
                    self.draw(x, d, step(x, d, k))
                    k += 1
            if self.numbers[x] == 0:  # draw at least one cell, into a free neighbour
                d = rng.choice([d for d in sorted(DIRECTIONS) if self.free(step(x, d))])
                self.draw(x, d, step(x, d))
        else:
            self.black.add(x)

    def cost(self, x: Cell) -> int:
        """How much splitting at x changes the look: 0 a new number in a line's middle, 1 a
        black cell at its end, 2 a number left with nothing to draw (so a black cell too)."""
        n, d = self.owner[x]
        if x == step(n, d) and self.numbers[n] == self.length[n, d]:
            return 2
        return int(x == step(n, d, self.length[n, d]))

    def split(self, x: Cell) -> None:
        """Take the covered cell x out of its line: a number for the rest of the line beyond
        it, or a black cell at the line's end."""
        self.splits += 1
        n, d = self.owner.pop(x)
        total = self.length[n, d]
        k = abs(x[0] - n[0]) + abs(x[1] - n[1])
        self.length[n, d] = k - 1
        self.numbers[n] -= total - k + 1
        if k == total:
            self.black.add(x)
            return
        self.numbers[x] = 0
        for j in range(k + 1, total + 1):
            self.owner.pop(step(n, d, j))
            self.draw(x, d, step(n, d, j))

    def puzzle(self) -> Puzzle:
        def clue(cell: Cell) -> int | str | None:
            if cell in self.black or self.numbers.get(cell) == 0:
                return BLACK  # a number left with nothing to draw is a black cell
            return self.numbers.get(cell)

        return Puzzle(
            tuple(tuple(clue((r, c)) for c in range(self.size)) for r in range(self.size))
        )


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    return cell[0] + DIRECTIONS[d][0] * k, cell[1] + DIRECTIONS[d][1] * k


def groups(cells: list[Cell]) -> list[list[Cell]]:
    """The 4-connected groups of the cells, each sorted, in order of their first cell."""
    left, found = set(cells), []
    for start in sorted(cells):
        if start not in left:
            continue
        group, stack = [], [start]
        left.discard(start)
        while stack:
            x = stack.pop()
            group.append(x)
            for d in DIRECTIONS:
                if step(x, d) in left:
                    left.discard(step(x, d))
                    stack.append(step(x, d))
        found.append(sorted(group))
    return found
