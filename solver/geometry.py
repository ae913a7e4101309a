"""Grid geometry: neighbours, lines of sight, hexagonal axial coordinates. 0-based (row, col)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]

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
