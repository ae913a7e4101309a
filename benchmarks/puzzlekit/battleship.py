"""Battleship: the dataset's problem is `rows cols` and the number of ships of each length from
1 up, then the column counts, the row counts, and the grid (`-` unknown, `x` water, `o` a ship
of one cell, `n` `s` `w` `e` the top, bottom, left and right ends, `m` a middle); its solution
the same header, then the grid with every ship cell shown so."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "Battleship"
TYPED = {"-": None, "x": "~", "o": "o", "n": "^", "s": "v", "w": "<", "e": ">", "m": "m"}


def _lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")]


def cells(problem: str) -> list[list[Value]]:
    """The counts around the grid, an empty column, then the fleet in one cell (longest first)."""
    lines = _lines(problem)
    header = [int(t) for t in lines[0]]
    ships = header[2:]
    fleet = " ".join(str(n) for n in range(len(ships), 0, -1) for _ in range(ships[n - 1]))
    cols = [int(t) for t in lines[1]]
    rows = [int(t) for t in lines[2]]
    out: list[list[Value]] = [[None, *cols, None, fleet]]
    for n, line in zip(rows, lines[3:], strict=True):
        out.append([n, *(TYPED[t] for t in line), None, None])
    return out


def expected(solution: str) -> dict:
    rows = _lines(solution)[1:]
    shaded = [[r, c] for r, line in enumerate(rows) for c, t in enumerate(line) if t not in "-x"]
    return {"shaded": sorted(shaded)}
