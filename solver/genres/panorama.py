"""Panorama (パノラマ, puzzlepicnic), on hexagonal cells.

Rules: the board is an island in the sea; give every land hex a height, a positive whole number.
Coast hexes (a neighbour is sea, water or off the board) have height 1, and neighbouring hexes
differ by at most 1. A number counts the hexes it sees along the six directions across its
sides, itself not counted: looking outward, a hex is seen while it is not higher than the
numbered hex; the first higher hex and everything behind it are hidden, and sea or water ends
the view.

Layout: the seed's general coordinates, typed straight into a block of cells from A1. Hex
(I, J) is row I, column J; its six neighbours are left and right in its row, up and down in its
column, and diagonally down-right and up-left (the third axis runs along the main diagonal).
From a picture with horizontal rows of hexes: keep each row's order and push every row half a
hex further right than the row above, so that of the two hexes touching a hex from below, the
left one lands straight below it and the right one diagonally below-right. A regular hexagon of
side 4 (rows of 4, 5, 6, 7, 6, 5, 4 hexes) becomes a 7 x 7 block, row I holding its hexes in
columns I-3 to I+3 within 1..7, with sea in the corners above-right and below-left.
Land hexes without a number stay empty (the answer fills them); a numbered hex holds its number
(0 or more); sea and water are `~` (or `w`): the sea around the island inside the block and any
lake. Past the block's edge is sea too. One character diagonally below-right of the block (the
sentinel). Anything else, `.` included, is refused with the cell named. The answer writes each
empty hex's height in blue; a numbered hex keeps its number and shows its height as a subscript
through the cell's number format: `11₂` is the 11 standing on a hex of height 2.
Solving by hand: a height and a clue are both numbers, and only their colour tells them apart.
A number in a blue font (the answer's colour, or any blue such as Excel's standard Blue) is a
height, never a clue: type your heights in blue (give the empty hexes a blue font first). A
number in any other colour is a clue. A clue hex's own height is read from its number format
as solving writes it (`0"₂"`); a person does not type that, so Check counts a clue hex
without it as not filled in yet (`incomplete`, and a hint shows it).

Model (the seed's): A(I,J) = the height of hex (I,J), an integer from 1 to its hex distance to
the sea (a coast hex is 1 step from the sea and has height 1; each step inland adds at most 1),
fixed to 1 on the coast; |A(p) - A(q)| <= 1 for neighbours. Clue n looks along xp, xm, yp, ym,
zp, zm (J+K, J-K, I+K, I-K, (I+K,J+K), (I-K,J-K)); xp(n,K) = 1 when the K-th hex that way is
higher than the clue's hex, by two big-M constraints (the seed's 0.1 becomes 1 with integer
heights; bigM = the larger of the two hexes' height bounds), and xp(n,len+1) = 1 for the
invisible hex beyond the last land hex. R(n,M) = 1 when the first 1 among xp(n,1..) comes after
M zeros: sum_M R(n,M) = 1, R(n,M) <= xp(n,M+1), xp(n,M+1) - sum_{K<=M} xp(n,K) <= R(n,M); L, D,
U, S, C likewise for the other directions, and sum over the six of M*R(n,M) = the number. For
the uniqueness cut, h(I,J,L) = 1 when A(I,J) = L (sum_L h = 1, A = sum_L L*h): the h are the
binaries that fix the answer.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from itertools import takewhile

import pulp

from solver.blocks.geometry import HEX, CellPuzzle, ray
from solver.blocks.names import cell_name, quote
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.sheet import Grid, check_number_length, is_dark
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, value, var

SEA = "~"
SEA_MARKS = {"~", "～", "w", "W"}
# the seed's six directions, each with its visibility binaries and its count binaries
DIRECTIONS = (("xp", "R"), ("xm", "L"), ("yp", "D"), ("ym", "U"), ("zp", "S"), ("zm", "C"))
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
SHOWN_HEIGHT = re.compile(r'0"([₀₁₂₃₄₅₆₇₈₉]+)"')  # a clue hex's height, in its number format


def is_blue(color: str | None) -> bool:
    """Whether a font colour ('RRGGBB') reads as blue: the answer's colour, Excel's Blue."""
    if color is None or len(color) != 6:
        return False
    try:
        red, green, blue = (int(color[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    return blue >= 128 and blue - max(red, green) >= 64


def is_height(grid: Grid, r: int, c: int) -> bool:
    """Whether the grid cell holds a height typed as the answer (a number in a blue font)."""
    v, sheet = grid[r, c], grid.source
    if not isinstance(v, int) or sheet is None:
        return False
    return is_blue(sheet.get_style(r + 1, c + 1).font_color)


Hex = tuple[int, int]


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[int | str | None, ...], ...]  # None land, a number, or SEA

    def is_land(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and self.cells[r][c] != SEA

    def land(self) -> list[Hex]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if self.is_land(r, c)]

    def clues(self) -> list[tuple[Hex, int]]:
        """The numbered hexes in reading order: clue n of the seed is clues()[n - 1]."""
        return [((r, c), v) for r, c in self.land() if isinstance(v := self.cells[r][c], int)]

    def sight(self, r: int, c: int) -> list[list[Hex]]:
        """The land hexes from (r, c) outward in each of the six directions, up to the sea."""
        lines = (ray(self.rows, self.cols, r, c, *d) for d in HEX)
        return [list(takewhile(lambda q: self.is_land(*q), line)) for line in lines]

    def neighbours(self, r: int, c: int) -> list[Hex | None]:
        """The six neighbours, None for sea or off the board."""
        return [(r + dr, c + dc) if self.is_land(r + dr, c + dc) else None for dr, dc in HEX]

    def sea_distance(self) -> dict[Hex, int]:
        """Hex steps from every land hex to the nearest sea: 1 on the coast."""
        dist = {h: 1 for h in self.land() if None in self.neighbours(*h)}
        todo = deque(dist)
        while todo:
            h = todo.popleft()
            for q in self.neighbours(*h):
                if q is not None and q not in dist:
                    dist[q] = dist[h] + 1
                    todo.append(q)
        return dist


Answer = tuple[tuple[int | None, ...], ...]  # heights, None on the sea


def parse(grid: Grid) -> Puzzle:
    cells: list[list[int | str | None]] = []
    for r in range(grid.rows):
        line: list[int | str | None] = []
        for c in range(grid.cols):
            v = grid[r, c]
            if is_height(grid, r, c):
                v = None  # a height of the answer: an empty land hex
            elif isinstance(v, str) and v in SEA_MARKS:
                v = SEA
            elif v is not None and not (isinstance(v, int) and v >= 0):
                raise grid.error(
                    r,
                    c,
                    f"expected a number 0 or more, `~` for sea or water, or an empty land "
                    f"hex; found {quote(v)}",
                )
            line.append(v)
        cells.append(line)
    p = Puzzle(tuple(tuple(line) for line in cells))
    for (r, c), n in p.clues():
        most = sum(len(s) for s in p.sight(r, c))
        if n > most:
            raise grid.error(r, c, f"the {quote(n)} can see at most {most} hexes from here")
    return p


def model(p: Puzzle) -> Model:
    prob = new_problem("panorama")
    up = p.sea_distance()
    A = {
        (r, c): var(prob, "A", r + 1, c + 1, cat=pulp.LpInteger, low=1, up=up[r, c]) for r, c in up
    }
    h = {
        (r, c, k): var(prob, "h", r + 1, c + 1, k)
        for (r, c), u in up.items()
        for k in range(1, u + 1)
    }
    for (r, c), u in up.items():
        ks = range(1, u + 1)
        prob += pulp.lpSum(h[r, c, k] for k in ks) == 1, cname("One", (r, c))
        prob += A[r, c] == pulp.lpSum(k * h[r, c, k] for k in ks), cname("Height", (r, c))
        if u == 1:
            prob += A[r, c] == 1, cname("Coast", (r, c))
        for (name, _), q in zip(DIRECTIONS[::2], p.neighbours(r, c)[::2], strict=True):
            if q is not None:  # xp, yp, zp: each neighbouring pair once
                prob += A[r, c] - A[q] <= 1, cname(f"Step_{name}_le", (r, c))
                prob += A[r, c] - A[q] >= -1, cname(f"Step_{name}_ge", (r, c))
    for n, ((r, c), number) in enumerate(p.clues(), start=1):
        seen = []
        for (x, count), line in zip(DIRECTIONS, p.sight(r, c), strict=True):
            end = len(line) + 1
            higher = {k: var(prob, x, n, k) for k in range(1, end + 1)}
            prob += higher[end] == 1, f"{x}_end({n})"
            for k, q in enumerate(line, start=1):
                big = max(up[r, c], up[q])
                prob += A[q] >= A[r, c] + big * (higher[k] - 1) + 1, f"{x}_hi({n},{k})"
                prob += A[q] <= A[r, c] + big * higher[k], f"{x}_lo({n},{k})"
            R = {m: var(prob, count, n, m) for m in range(end)}
            prob += pulp.lpSum(R.values()) == 1, f"{count}_one({n})"
            for m in range(end):
                prob += R[m] <= higher[m + 1], f"{count}_at({n},{m})"
                prob += (
                    higher[m + 1] - pulp.lpSum(higher[k] for k in range(1, m + 1)) <= R[m],
                    f"{count}_first({n},{m})",
                )
            seen += [m * R[m] for m in range(1, end)]
        prob += pulp.lpSum(seen) == number, f"Clue({n})"
    return Model(prob, list(h.values()), {"A": A, "h": h})


def decode(p: Puzzle, m: Model) -> Answer:
    """Each hex's height from its h (the answer's binaries, all that forced cells fix), else
    from A (a height read from the sheet that no h can hold); None on the sea."""
    A, h = m["A"], m["h"]
    up = p.sea_distance()

    def height(r: int, c: int) -> int | None:
        if (r, c) not in A:
            return None
        k = next((k for k in range(1, up[r, c] + 1) if value(h[r, c, k])), None)
        return value(A[r, c]) if k is None else k

    return tuple(tuple(height(r, c) for c in range(p.cols)) for r in range(p.rows))


def visible(p: Puzzle, a: Answer, r: int, c: int) -> int:
    """The hexes (r, c) sees, counted by walking its six lines of sight."""
    return sum(
        len(list(takewhile(lambda q: a[q[0]][q[1]] <= a[r][c], line))) for line in p.sight(r, c)
    )


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every land hex has a positive height and sea none; coast hexes are 1; neighbours differ
    by at most 1; each number sees as many hexes as it says. Each problem names its hexes."""
    problems = []
    land = set(p.land())
    for r in range(p.rows):
        for c in range(p.cols):
            where = cell_name((r, c))
            if (r, c) not in land and a[r][c] is not None:
                problems.append(Violation(f"sea hex {where} has a height", [(r, c)]))
            if (r, c) in land and not (isinstance(a[r][c], int) and a[r][c] >= 1):
                problems.append(Violation(f"hex {where} has no positive height", [(r, c)]))
    if problems:
        return problems
    for r, c in sorted(land):
        around = p.neighbours(r, c)
        if None in around and a[r][c] != 1:
            problems.append(
                Violation(f"coast hex {cell_name((r, c))} has height {a[r][c]}, not 1", [(r, c)])
            )
        for q in around:
            if q is not None and q > (r, c) and abs(a[r][c] - a[q[0]][q[1]]) > 1:
                problems.append(
                    Violation(
                        f"hexes {cell_name((r, c))} and {cell_name(q)} differ by more than 1",
                        [(r, c), q],
                    )
                )
    for (r, c), n in p.clues():
        if (seen := visible(p, a, r, c)) != n:
            problems.append(
                Violation(f"the {n} at {cell_name((r, c))} sees {seen} hexes", [(r, c)])
            )
    return problems


def blank(grid: Grid, cell: Hex) -> bool:
    """A hex shows none of the answer while it holds no number (and no dark fill); a numbered
    hex is a clue, whose height shows only in its number format (`0"₂"`)."""
    v, sheet = grid[cell], grid.source
    if isinstance(v, int) and not is_height(grid, *cell):
        fmt = sheet.get_style(cell[0] + 1, cell[1] + 1).number_format if sheet else "General"
        return SHOWN_HEIGHT.fullmatch(fmt) is None
    if v is not None:
        return False
    return sheet is None or not is_dark(sheet.get_style(cell[0] + 1, cell[1] + 1).fill_color)


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The heights the sheet shows: numbers in a blue font in the empty land hexes, and a clue
    hex's height in its number format (`0"₂"`; without it the sheet cannot show that height:
    None, the nearest answer's). Each fixes the hex's height A and its h; a
    height beyond what the hex allows (its distance to the sea) has no h, and A alone makes the
    answer wrong."""
    A, h = m["A"], m["h"]
    entries: dict[pulp.LpVariable, int | None] = {}
    sheet = grid.source
    for r, c in p.land():
        height = None
        if p.cells[r][c] is None and is_height(grid, r, c):
            height = grid[r, c]
        elif isinstance(p.cells[r][c], int) and sheet is not None:
            shown = SHOWN_HEIGHT.fullmatch(sheet.get_style(r + 1, c + 1).number_format)
            digits = shown.group(1).translate(DIGITS) if shown else None
            check_number_length(grid.sheet, digits, (r + 1, c + 1))
            height = int(digits) if digits else None
            if height is None and (r, c) in A:  # no way to type it: the nearest answer's
                entries[A[r, c]] = None
                entries.update({v: None for (i, j, _), v in h.items() if (i, j) == (r, c)})
        if isinstance(height, int) and (r, c) in A:
            entries[A[r, c]] = height
            if (r, c, height) in h:
                entries[h[r, c, height]] = 1
    return entries


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    writes = []
    for r, c in p.land():
        if p.cells[r][c] is None:
            writes.append(CellWrite(r, c, a[r][c]))
        else:
            shown = str(a[r][c]).translate(SUBSCRIPT)
            writes.append(CellWrite(r, c, None, number_format=f'0"{shown}"'))
    return writes


def record(p: Puzzle, a: Answer) -> dict:
    return {"numbers": [list(row) for row in a]}


GENRE = define(__name__, slug="panorama", ja="パノラマ", prove_by_search=True)
