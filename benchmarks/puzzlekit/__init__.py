"""Readers of SmilingWayne/puzzlekit-dataset, one module per genre (the module's name is the
genre's slug with `_` for `-`), for `benchmarks.benchmark_puzzlekit`.

The dataset holds published puzzles (most of them janko.at's) with their answers, one JSON file
per genre: `assets/data/<DATASET>/<DATASET>_dataset.json`, `{"data": {name: {"problem": text,
"solution": text, "source": url}}}`, each text a first line `rows cols` and then the grid. A
module defines:

    DATASET = "Starbattle"                        # the dataset's folder and file name
    def cells(problem: str) -> list[list[Value]]  # the grid as a person types it into the
                                                  # sheet from A1, without the sentinel
    def expected(solution: str) -> dict           # fields the solved sheet's record `answer`
                                                  # must hold, as the record writes them

so a published puzzle goes through what a person's sheet goes through: typed cells, the genre's
`parse`, the solve, the answer written into the cells, the record.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from types import ModuleType

from solver.blocks.values import Value


def readers() -> dict[str, ModuleType]:
    """Every reader of this package, by the slug of its genre."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        found[info.name.replace("_", "-")] = importlib.import_module(f"{__name__}.{info.name}")
    return found


def size_of(text: str) -> tuple[int, int]:
    """The `rows cols` of a dataset text's first line."""
    rows, cols = text.split("\n", 1)[0].split()[:2]
    return int(rows), int(cols)


def grid_of(text: str) -> list[list[str]]:
    """A dataset text's grid: the lines after the size, each split at blanks, up to a marker
    line such as `[end]` or `[solution]` (a few texts say a size one row more than they hold,
    and end with `[end]`)."""
    lines = []
    for line in text.strip().split("\n")[1:]:
        if line.strip().startswith("["):
            break
        if line.strip():
            lines.append(line.split())
    return lines


def full_grid(text: str, extra: int = 0) -> list[list[str]]:
    """A problem's grid, refused (ValueError) unless it holds `rows` lines of `cols` cells as
    its first line says, plus `extra` of each (a grid of lattice points: one more than the
    cells); a few texts are cut short."""
    rows, cols = (n + extra for n in size_of(text))
    grid = grid_of(text)
    if len(grid) != rows or any(len(row) != cols for row in grid):
        raise ValueError(f"the grid is not {rows} x {cols}")
    return grid


def answer_grid(solution: str) -> list[list[str]]:
    """A solution's grid: its first `rows` lines after the size (a few texts repeat the grid
    after a `[solution]` line)."""
    return grid_of(solution)[: size_of(solution)[0]]


def marked(solution: str, mark: str = "x", whole: bool = False) -> dict:
    """The record's `shaded` for a solution that marks its shaded cells (lamps, sea) `mark`;
    with `whole`, refused (ValueError) where its grid is cut short (`full_grid`)."""
    grid = full_grid(solution) if whole else answer_grid(solution)
    return {
        "shaded": [[r, c] for r, row in enumerate(grid) for c, t in enumerate(row) if t == mark]
    }


def given_cells(grid: list[list[str]]) -> list[tuple[int, int]]:
    """The cells of a problem's grid that hold something (not `-`)."""
    return [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t != "-"]


def labelled_clues(problem: str, clue: Callable[[str], str]) -> list[list[Value]]:
    """A problem of a grid of clues and then a grid of room (cage) ids, as the labels sheet
    types it: every cell its room's label (`A` ... `Z`, `AA` ..., in the order of the ids'
    first cells), and after it `clue(token)` of the cell's token in the grid of clues (`A12`)."""
    from solver.blocks.rooms import room_label

    rows, _ = size_of(problem)
    grid = grid_of(problem)
    clues, ids = grid[:rows], grid[rows : 2 * rows]
    order: dict[str, str] = {}
    for row in ids:
        for t in row:
            order.setdefault(t, room_label(len(order)))
    return [
        [order[k] + clue(t) for k, t in zip(krow, crow, strict=True)]
        for krow, crow in zip(ids, clues, strict=True)
    ]


def digits(solution: str) -> dict:
    """The record's `numbers` of a solution's first grid of digits (a few texts repeat it
    after a `[solution]` line)."""
    rows, _ = size_of(solution)
    return {"numbers": [[int(t) for t in row] for row in grid_of(solution)[:rows]]}


def room_labels(ids: list[list[str]], numbered: Iterable[tuple[int, int]] = ()) -> list[list[str]]:
    """The sheet's labels for a grid of room ids: each connected area of one id gets a label of
    its own (`A` ... `Z`, `AA` ...), in the order of its first cell (a few texts give two
    rooms apart the same id). A room in parts whose number counts over all of them (a number
    in one of the `numbered` cells) cannot be typed: ValueError."""
    from solver.blocks.rooms import room_label

    rows, cols = len(ids), len(ids[0]) if ids else 0
    out: list[list[str]] = [[""] * cols for _ in range(rows)]
    parts: dict[str, int] = {}
    for r in range(rows):
        for c in range(cols):
            if out[r][c]:
                continue
            name, todo = room_label(sum(parts.values())), [(r, c)]
            parts[ids[r][c]] = parts.get(ids[r][c], 0) + 1
            out[r][c] = name
            while todo:
                a, b = todo.pop()
                for x, y in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                    if 0 <= x < rows and 0 <= y < cols and not out[x][y] and ids[x][y] == ids[a][b]:
                        out[x][y] = name
                        todo.append((x, y))
    for r, c in numbered:
        if parts[ids[r][c]] > 1:
            raise ValueError(f"room {ids[r][c]} lies in {parts[ids[r][c]]} parts and has a number")
    return out


def line_segments(solution: str) -> list[list[int]]:
    """The record's `lines` of a solution that gives each cell's line ends as letters (`se`,
    `ew`, `nsew` ...): each segment once, from a cell to the cell south (`s`) or east (`e`) of
    it, `[r, c, r2, c2, 1]`, sorted."""
    segments = []
    for r, row in enumerate(answer_grid(solution)):
        for c, t in enumerate(row):
            if "s" in t:
                segments.append([r, c, r + 1, c, 1])
            if "e" in t:
                segments.append([r, c, r, c + 1, 1])
    return sorted(segments)


def rooms_with_clues(problem: str, whole: bool = False) -> list[list[str]]:
    """The cells of a problem of two grids, the clues and then the rooms' ids: each cell its
    room's label with the cell's clue after it (`A3`). A numbered room in parts cannot be typed
    (`room_labels`); with `whole`, where the rule counts over each whole room, neither can any
    other room in parts."""
    rows, cols = size_of(problem)
    grid = grid_of(problem)
    clues, ids = grid[:rows], grid[rows : 2 * rows]
    every = [(r, c) for r in range(rows) for c in range(cols)]
    labels = room_labels(ids, every if whole else given_cells(clues))
    return [
        [label + ("" if t == "-" else t) for label, t in zip(lrow, crow, strict=True)]
        for lrow, crow in zip(labels, clues, strict=True)
    ]
