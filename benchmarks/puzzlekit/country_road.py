"""Country Road: the problem's countries (its second grid, a number per country) typed as labels,
each country's given number (from its first grid) with its label (`A4`); the answer's cells the
directions the loop leaves by (`ns`, `se`, ...), read as the unit segments of the record's
`lines`. A country cell `@` (a cell in no country, which janko.at draws black) is typed `■`."""

from __future__ import annotations

from benchmarks.puzzlekit import (
    given_cells,
    grid_of,
    line_segments,
    room_labels,
    size_of,
)
from solver.blocks.values import Value

DATASET = "CountryRoad"


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    numbers, countries = grid[:rows], grid[rows : 2 * rows]
    if len(countries) != rows:
        raise ValueError(f"{len(countries)} rows of countries, not {rows}")
    labels = room_labels(countries, given_cells(numbers))
    return [
        [
            "■" if country == "@" else name if number == "-" else f"{name}{number}"
            for name, number, country in zip(lrow, nrow, crow, strict=True)
        ]
        for lrow, nrow, crow in zip(labels, numbers, countries, strict=True)
    ]


def expected(solution: str) -> dict:
    return {"lines": line_segments(solution)}
