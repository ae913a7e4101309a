"""Country Road: the problem's countries (its second grid, a number per country) typed as labels,
each country's given number (from its first grid) with its label (`A4`); the answer's cells the
directions the loop leaves by (`ns`, `se`, ...), read as the unit segments of the record's
`lines`. A country cell `@` (a cell in no country, which janko.at draws black) is typed `■`."""

from __future__ import annotations

from benchmarks.puzzlekit import answer_grid, grid_of, size_of
from benchmarks.puzzlekit.heyawake import label
from solver.blocks.values import Value

DATASET = "CountryRoad"


def cells(problem: str) -> list[list[Value]]:
    rows, _ = size_of(problem)
    grid = grid_of(problem)
    numbers, countries = grid[:rows], grid[rows : 2 * rows]
    if len(countries) != rows:
        raise ValueError(f"{len(countries)} rows of countries, not {rows}")
    names: dict[str, str] = {}
    numbered: set[str] = set()
    out: list[list[Value]] = []
    for country_row, number_row in zip(countries, numbers, strict=True):
        row: list[Value] = []
        for country, number in zip(country_row, number_row, strict=True):
            if country == "@":
                row.append("■")
                continue
            name = names.setdefault(country, label(len(names)))
            if number == "-" or country in numbered:
                row.append(name)
            else:
                numbered.add(country)
                row.append(f"{name}{number}")
        out.append(row)
    return out


def expected(solution: str) -> dict:
    segments = []
    for r, row in enumerate(answer_grid(solution)):
        for c, t in enumerate(row):
            if "s" in t:
                segments.append([r, c, r + 1, c, 1])
            if "e" in t:
                segments.append([r, c, r, c + 1, 1])
    return {"lines": sorted(segments)}
