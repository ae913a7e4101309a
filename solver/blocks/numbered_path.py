"""A path through consecutive numbers: the cells hold 1 to N, each once, and each number's cell
touches the next one's, side or corner (hidato).

`path_vars` makes one-hot positions, x(r,c,k) = 1 when cell (r,c) holds number k, each cell one
number, for the numbers the cell can hold at all (`reach`); `numbered_path` states the path over
them; `check_numbered_path` is verify's side.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import pulp

from solver.blocks.digits import Digits
from solver.blocks.geometry import KING, Cell
from solver.blocks.names import cell_name
from solver.blocks.violation import Violation
from solver.mip.model import cname, row, var


def near(cell: Cell, cells: Collection[Cell]) -> list[Cell]:
    """The cells one king move from `cell` among `cells`."""
    return [
        (cell[0] + dr, cell[1] + dc) for dr, dc in KING if (cell[0] + dr, cell[1] + dc) in cells
    ]


def reach(cells: Sequence[Cell], given: Mapping[Cell, int]) -> dict[Cell, list[int]]:
    """Reach: the numbers each cell can hold when consecutive numbers touch: k lies at least as
    many numbers from each given m as the cell lies king moves from m's cell (the larger of the
    row and column distances), so |k - m| >= that distance; a given number stands in its own
    cell alone."""
    n = len(cells)
    taken = set(given.values())
    found = {}
    for cell in cells:
        if cell in given:
            found[cell] = [given[cell]]
            continue
        far = [(m, max(abs(r - cell[0]), abs(c - cell[1]))) for (r, c), m in given.items()]
        found[cell] = [
            k for k in range(1, n + 1) if k not in taken and all(abs(k - m) >= d for m, d in far)
        ]
    return found


def path_vars(
    prob: pulp.LpProblem, cells: Sequence[Cell], given: Mapping[Cell, int], name: str = "x"
) -> Digits:
    """x(r, c, k) for every cell and each number of its `reach` (1-based names: x(1,1,5)); each
    cell holds exactly one (Cell)."""
    x: Digits = {}
    for cell, numbers in reach(cells, given).items():
        for k in numbers:
            x[(*cell, k)] = var(prob, name, cell[0] + 1, cell[1] + 1, k)
        prob += row({x[(*cell, k)]: 1 for k in numbers}, "==", 1), cname("cell", cell)
    return x


def numbered_path(prob: pulp.LpProblem, x: Digits, cells: Sequence[Cell]) -> None:
    """Every number 1..N stands in one cell (Number(k)), and a cell holding k < N has k + 1 in
    a cell one king move away (Next). Rows made in one step (`solver.mip.model.row`)."""
    n = len(cells)
    inside = set(cells)
    at: dict[int, list[pulp.LpVariable]] = {k: [] for k in range(1, n + 1)}
    for (_, _, k), v in x.items():
        at[k].append(v)
    for k in range(1, n + 1):
        prob += row(dict.fromkeys(at[k], 1), "==", 1), f"Number({k})"
    for (r, c, k), mine in x.items():
        if k < n:
            coef = {x[(*q, k + 1)]: -1 for q in near((r, c), inside) if (*q, k + 1) in x}
            prob += row({mine: 1, **coef}, "<=", 0), cname("Next", (r, c), k)


def check_numbered_path(answer: Sequence[Sequence[int]], cells: Sequence[Cell]) -> list[Violation]:
    """verify's checks of a path of numbers: each number 1..N once (`5 stands 2 times, in B2
    and D4`; on a full grid `no cell holds 7`; `cell C3 holds 40, beyond 36`) and each two
    consecutive numbers touching (`12 in B2 and 13 in D4 do not touch`)."""
    n = len(cells)
    at: dict[int, list[Cell]] = {}
    problems = []
    for r, c in cells:
        k = answer[r][c]
        if k and not 1 <= k <= n:
            problems.append(Violation(f"cell {cell_name((r, c))} holds {k}, beyond {n}", [(r, c)]))
        elif k:
            at.setdefault(k, []).append((r, c))
    for k, where in sorted(at.items()):
        if len(where) > 1:
            names = " and ".join(map(cell_name, where))
            problems.append(Violation(f"{k} stands {len(where)} times, in {names}", where))
    if all(answer[r][c] for r, c in cells):
        missing = [k for k in range(1, n + 1) if k not in at]
        if missing:
            shown = ", ".join(map(str, missing[:5])) + (" ..." if len(missing) > 5 else "")
            problems.append(Violation(f"no cell holds {shown}", []))
    for k in range(1, n):
        if len(at.get(k, ())) == 1 and len(at.get(k + 1, ())) == 1:
            a, b = at[k][0], at[k + 1][0]
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                problems.append(
                    Violation(
                        f"{k} in {cell_name(a)} and {k + 1} in {cell_name(b)} do not touch", [a, b]
                    )
                )
    return problems
