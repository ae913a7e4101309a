"""Logic grid (推理パズル).

Rules: there are some groups of items, each with as many items (people, what they bought, its
colour); match them one-to-one, so that every item goes with exactly one item of every other
group and what goes together does so throughout (if Akira bought the umbrella and Akira's is
white, the umbrella is white), as the hints say: two items that go together (`akira = white`)
or that do not (`akira ≠ string`).

Layout: the groups as columns from A1, one item per cell, all of the same length (a group
per column: people in A, what they bought in B, the colours in C); no header row. After them
one empty row, then the hints, one per row: the two items and between them `=` for "go
together" or `≠` for "do not", in three cells (`akira` `=` `white`) or in one (`akira = white`).
Excel takes a lone `=` for the start of a formula: type it as `'=`, or use another spelling.
Also read as `=`: `==`, `is`, `yes`, `○`; as `≠`: `!=`, `<>`, `/=`, `=/=`, `is not`, `isn't`,
`not`, `no`, `×`. Names are case-insensitive (`Akira` is `akira`) and each names one item of one
group. The answer goes into the columns after one empty column right of the groups, one for
each group but the first (E:F for three groups in A:C): the grid is twice as wide as there are
groups, so the sentinel goes in the next column, one row below the last hint (G12 in the
sample).

The answer writes, in the row of each item of the first group, the items that go with it (in
blue): row 1 of the sample reads `akira` ... `umbrella` `white`. Solving by hand, type the
items there (any case); they are read as given, and Check my answer reads them back.

Model (the deck's): y = 1 when two items of two groups go together, one binary per pair of
items of two different groups; in each pair of groups every item has exactly one partner (an
assignment); for three groups, two pairs of a triangle imply the third (y(a,b) + y(b,c) -
y(a,c) <= 1, each way round); the hints fix their y to 1 or 0. Answer variables: every y.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import pulp

from solver.blocks.names import QUOTE_CHARS, a1, cell_name, column_letter, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, new_problem
from solver.mip.model import value as solved

Cell = tuple[int, int]
Item = tuple[int, int]  # (group, index in the group)
Pair = tuple[Item, Item]  # the lower group first
YES = ("=", "==", "is", "yes", "○", "◯")
NO = ("≠", "!=", "<>", "/=", "=/=", "is not", "isn't", "isnt", "not", "no", "×", "✕")
RELATION = {word: True for word in YES} | {word: False for word in NO}
_SPLIT = re.compile(
    r"\s*(≠|!=|<>|=/=|/=|==|=|○|◯|×|✕)\s*|\s+(is not|isn't|isnt|is|not)\s+", re.IGNORECASE
)
SQUARE_CELLS = False  # the items are words: the cells keep their sizes


@dataclass(frozen=True)
class Hint:
    a: Item
    b: Item
    together: bool
    cells: tuple[Cell, ...]  # the cells it was typed in
    text: str  # as a person reads it: `akira ≠ string`


@dataclass(frozen=True)
class Puzzle:
    groups: tuple[tuple[Value, ...], ...]  # the items of each group, as typed
    hints: tuple[Hint, ...]
    given: tuple[tuple[int | None, ...], ...]  # per first-group item, per other group: an index
    cells: tuple[tuple[Value, ...], ...]  # the grid as typed, for to_cells

    @property
    def size(self) -> int:
        return len(self.groups[0])

    def answer_cell(self, i: int, g: int) -> Cell:
        """The cell of group g's item (g >= 1) that goes with the first group's item i."""
        return (i, len(self.groups) + g)

    def name(self, item: Item) -> str:
        return label(self.groups[item[0]][item[1]])

    def pairs(self) -> list[Pair]:
        n = range(self.size)
        return [
            ((g, i), (h, j))
            for g, h in itertools.combinations(range(len(self.groups)), 2)
            for i in n
            for j in n
        ]


# Answer: the pairs that go together (read from a sheet: only those it shows)
Answer = frozenset[Pair]


def label(v: Value) -> str:
    """An item as messages and the picture name it: as typed, or quoted (shortened, a line
    break shown as \\n) when long or when it holds a line break or another unprintable
    character."""
    text = str(v)
    return text if len(text) <= QUOTE_CHARS and text.isprintable() else quote(v)


KNOWN_CHARS = 300  # a message lists the known items up to about this length


def _key(v: Value) -> str:
    return str(v).strip().casefold()


def _shape(grid: Grid) -> tuple[int, int]:
    """(groups, items per group): the rows down to the first empty row, the columns up to the
    first column that is empty in those rows."""
    items = next((r for r in range(grid.rows) if all(v is None for v in grid.cells[r])), grid.rows)
    empty = (c for c in range(grid.cols) if all(grid[r, c] is None for r in range(items)))
    return next(empty, grid.cols), items


def parse(grid: Grid) -> Puzzle:
    g_count, n = _shape(grid)
    if g_count < 2 or n < 2:
        raise InputError(
            grid.sheet,
            "type the groups as columns from A1, one item per cell (at least two groups of two "
            "items), then an empty row and the hints",
            (1, 1),
        )
    if grid.cols < 2 * g_count:
        raise InputError(
            grid.sheet,
            f"{g_count} groups in A:{column_letter(g_count)} (the columns filled down to row "
            f"{n}): the answer goes in {column_letter(g_count + 2)}:{column_letter(2 * g_count)}, "
            f"one empty column right of them: put the sentinel in column "
            f"{column_letter(2 * g_count + 1)} (or further right)",
        )
    groups = []
    for g in range(g_count):
        items = tuple(grid[r, g] for r in range(n))
        if None in items:
            r = items.index(None)
            raise grid.error(
                r,
                g,
                f"an empty cell in column {column_letter(g + 1)}: every group has as many items "
                f"(rows 1 to {n} here)",
            )
        groups.append(items)
    where: dict[str, tuple[Item, Cell]] = {}
    for i, g in itertools.product(range(n), range(g_count)):  # row by row, before any duplicate
        v = groups[g][i]
        if isinstance(v, str) and v.strip().casefold() in RELATION:
            raise grid.error(
                i,
                g,
                f"{str(v).strip()!r} is a relation, not an item: leave an empty row between the "
                "groups and the hints",
            )
    for g, items in enumerate(groups):
        for i, v in enumerate(items):
            if _key(v) in where:
                other = cell_name(where[_key(v)][1])
                raise grid.error(
                    i,
                    g,
                    f"{quote(v)} is also at {other}: every item needs its own name (and one "
                    "empty column parts the groups from the answer)",
                )
            where[_key(v)] = ((g, i), (i, g))
    items = {k: item for k, (item, _) in where.items()}
    p0 = Puzzle(tuple(groups), (), (), ())
    given = tuple(
        tuple(_answer_item(grid, p0, items, i, h, strict=True) for h in range(1, g_count))
        for i in range(n)
    )
    hints = []
    for r in range(n + 1, grid.rows):
        used = [(c, grid[r, c]) for c in range(grid.cols) if grid[r, c] is not None]
        if used:
            hints.append(_hint(grid, r, used, items, groups))
    cells = tuple(tuple(row) for row in grid.cells)
    return Puzzle(tuple(groups), tuple(hints), given, cells)


def _known(groups: list[tuple[Value, ...]] | tuple[tuple[Value, ...], ...]) -> str:
    text = "; ".join(
        f"column {column_letter(g + 1)}: " + ", ".join(map(label, items))
        for g, items in enumerate(groups)
    )
    return text if len(text) <= KNOWN_CHARS else text[:KNOWN_CHARS] + "…"


def _item(
    grid: Grid, cell: Cell, text: str, items: dict[str, Item], groups: list[tuple[Value, ...]]
) -> Item:
    found = items.get(_key(text))
    if found is None:
        raise grid.error(*cell, f"no item is called {quote(text)}; the items are {_known(groups)}")
    return found


def _hint(
    grid: Grid,
    r: int,
    used: list[tuple[int, Value]],
    items: dict[str, Item],
    groups: list[tuple[Value, ...]],
) -> Hint:
    """One hint: three cells (item, relation, item) or one (`akira = white`)."""
    cells = tuple((r, c) for c, _ in used)
    if len(used) == 3:
        (ca, a), (cr, rel), (cb, b) = used
        together = RELATION.get(str(rel).strip().casefold())
        if together is None:
            raise grid.error(
                r,
                cr,
                f"{quote(rel)} is no relation: between the two items goes `=` (they go "
                "together) or `≠` (they do not)",
            )
        parts = [(ca, str(a)), (cb, str(b))]
    elif len(used) == 1:
        c, text = used[0]
        split = [s for s in _SPLIT.split(str(text)) if s is not None]
        if len(split) != 3 or not split[0].strip() or not split[2].strip():
            raise grid.error(
                r,
                c,
                f"{quote(text)} is not a hint: type two items and `=` or `≠` between them, "
                "`akira = white` (in one cell or three)",
            )
        together = RELATION[split[1].strip().casefold()]
        parts = [(c, split[0]), (c, split[2])]
    else:
        raise grid.error(
            r,
            used[0][0],
            f"a hint is one cell (`akira = white`) or three (`akira` `=` `white`); row {r + 1} "
            f"has {len(used)}",
        )
    a, b = (_item(grid, (r, c), text, items, groups) for c, text in parts)
    if a == b:
        raise grid.error(r, parts[0][0], f"the hint relates {quote(parts[0][1])} to itself")
    if a[0] == b[0]:
        raise grid.error(
            r,
            parts[0][0],
            f"{label(groups[a[0]][a[1]])} and {label(groups[b[0]][b[1]])} are both in column "
            f"{column_letter(a[0] + 1)}: a hint relates items of two groups",
        )
    a, b = sorted((a, b))
    text = f"{label(groups[a[0]][a[1]])} {'=' if together else '≠'} {label(groups[b[0]][b[1]])}"
    return Hint(a, b, together, cells, text)


def _answer_item(
    grid: Grid, p: Puzzle, items: dict[str, Item], i: int, h: int, strict: bool
) -> int | None:
    """The index of group h's item that the answer cell of the first group's item i shows;
    None for a blank cell (or, not strict, an item that is not one of group h's)."""
    cell = p.answer_cell(i, h)
    v = grid[cell] if cell[1] < grid.cols else None
    if v is None:
        return None
    found = items.get(_key(v))
    if found is not None and found[0] == h:
        return found[1]
    if not strict:
        return None
    raise grid.error(
        *cell,
        f"{quote(v)} is not one of column {column_letter(h + 1)}'s items "
        f"({', '.join(map(label, p.groups[h]))}): the answer beside {p.name((0, i))} holds the "
        "item of each group that goes with it, in the groups' order",
    )


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def _var_name(pair: Pair) -> tuple[int, ...]:
    (g, i), (h, j) = pair
    return (g + 1, i + 1, h + 1, j + 1)


def model(p: Puzzle) -> Model:
    prob = new_problem("logic_grid")
    y = {}
    for pair in p.pairs():
        (g, i), (h, j) = pair
        y[pair] = prob.add_variable(f"y(G{g + 1}_{i + 1},G{h + 1}_{j + 1})", 0, 1, pulp.LpBinary)
    n, groups = range(p.size), range(len(p.groups))
    for g, h in itertools.combinations(groups, 2):
        for i in n:  # an assignment between every two groups
            prob += pulp.lpSum(y[(g, i), (h, j)] for j in n) == 1, f"One(G{g + 1}_{i + 1},G{h + 1})"
            prob += pulp.lpSum(y[(g, j), (h, i)] for j in n) == 1, f"One(G{h + 1}_{i + 1},G{g + 1})"
    for g, h, k in itertools.combinations(groups, 3):  # two sides of a triangle make the third
        for i, j, q in itertools.product(n, repeat=3):
            a, b, c = y[(g, i), (h, j)], y[(h, j), (k, q)], y[(g, i), (k, q)]
            name = f"G{g + 1}_{i + 1},G{h + 1}_{j + 1},G{k + 1}_{q + 1}"
            prob += a + b - c <= 1, f"Tri_a({name})"
            prob += b + c - a <= 1, f"Tri_b({name})"
            prob += c + a - b <= 1, f"Tri_c({name})"
    for k, hint in enumerate(p.hints, start=1):
        prob += y[hint.a, hint.b] == int(hint.together), f"Hint({k})"
    for i, row in enumerate(p.given):
        for h, j in enumerate(row, start=1):
            if j is not None:
                prob += y[(0, i), (h, j)] == 1, f"Given(G1_{i + 1},G{h + 1})"
    return Model(prob, list(y.values()), {"y": y})


def decode(p: Puzzle, m: Model) -> Answer:
    return frozenset(pair for pair, v in m["y"].items() if solved(v))


def _partners(p: Puzzle, a: Answer) -> dict[Item, list[int]]:
    """Every item of a group but the first: the first group's items it goes with."""
    out: dict[Item, list[int]] = {
        (h, j): [] for h in range(1, len(p.groups)) for j in range(p.size)
    }
    for (g, i), (h, j) in sorted(a):
        if g == 0:
            out[h, j].append(i)
    return out


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every item goes with exactly one item of each other group, what goes together does so
    throughout, and every hint holds."""
    problems: list[Violation] = []
    first = [label(v) for v in p.groups[0]]
    for i in range(p.size):  # each of the first group's items: one partner per group
        for h in range(1, len(p.groups)):
            found = [j for j in range(p.size) if ((0, i), (h, j)) in a]
            cell = [p.answer_cell(i, h)]
            if not found:
                names = ", ".join(map(label, p.groups[h]))
                problems.append(Violation(f"{first[i]} goes with none of {names}", cell))
            elif len(found) > 1:
                names = " and ".join(p.name((h, j)) for j in found)
                problems.append(Violation(f"{first[i]} goes with both {names}", cell))
    partners = _partners(p, a)
    person = {(0, i): i for i in range(p.size)}
    for (h, j), found in partners.items():
        cells = [p.answer_cell(i, h) for i in found]
        if len(found) > 1:
            names = " and ".join(first[i] for i in found)
            problems.append(Violation(f"{p.name((h, j))} goes with both {names}", cells))
        elif not found:
            blank = [p.answer_cell(i, h) for i in range(p.size) if not _has(a, i, h, p.size)]
            names = ", ".join(first)
            problems.append(Violation(f"{p.name((h, j))} goes with none of {names}", blank))
        else:
            person[h, j] = found[0]
    for x, z in a:  # pairs of the other groups agree with the first group's
        if x[0] and x in person and z in person and person[x] != person[z]:
            problems.append(
                Violation(
                    f"{p.name(x)} and {p.name(z)} go together, but {p.name(x)} goes with "
                    f"{first[person[x]]} and {p.name(z)} with {first[person[z]]}",
                    [p.answer_cell(person[x], x[0]), p.answer_cell(person[z], z[0])],
                )
            )
    for hint in p.hints:
        if hint.a not in person or hint.b not in person:
            continue  # not decided yet
        together = person[hint.a] == person[hint.b]
        if together != hint.together:
            says = "do not go together" if hint.together else "go together"
            rows = {person[hint.a], person[hint.b]}
            cells = [p.answer_cell(i, h) for i in rows for h in (hint.a[0], hint.b[0]) if h]
            problems.append(
                Violation(
                    f"{p.name(hint.a)} and {p.name(hint.b)} {says}, but hint "
                    f"{a1(hint.cells[0][0] + 1, hint.cells[0][1] + 1)} says {hint.text}",
                    [*hint.cells, *cells],
                )
            )
    return problems


def _has(a: Answer, i: int, h: int, n: int) -> bool:
    return any(((0, i), (h, j)) in a for j in range(n))


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The items each answer row shows: the first group's item goes with each of them (its
    other partners in that group: not), and they go with each other."""
    y, entries = m["y"], {}
    items = {_key(v): (g, i) for g, group in enumerate(p.groups) for i, v in enumerate(group)}
    for i in range(p.size):
        shown = {}
        for h in range(1, len(p.groups)):
            j = _answer_item(grid, p, items, i, h, strict=False)
            if j is not None:
                shown[h] = j
                for k in range(p.size):
                    entries[y[(0, i), (h, k)]] = int(k == j)
        for (h, j), (k, q) in itertools.combinations(sorted(shown.items()), 2):
            entries[y[(h, j), (k, q)]] = 1
    return entries


def blank(grid: Grid, cell: Cell) -> bool:
    """An answer cell (beside an item of the first group) that shows no item yet; the other
    cells are never part of the answer."""
    groups, items = _shape(grid)
    r, c = cell
    return r < items and groups < c < 2 * groups and grid[r, c] is None


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    """In each answer cell that shows no given: the item that goes with the row's item."""
    writes = []
    for i in range(p.size):
        for h in range(1, len(p.groups)):
            found = [j for j in range(p.size) if ((0, i), (h, j)) in a]
            if len(found) == 1 and p.given[i][h - 1] is None:
                writes.append(CellWrite(*p.answer_cell(i, h), p.groups[h][found[0]]))
    return writes


def record(p: Puzzle, a: Answer) -> dict:
    """`groups`: one row per item of the first group, the items that go with it (null where
    the answer has none)."""
    rows = []
    for i in range(p.size):
        row = [p.groups[0][i]]
        for h in range(1, len(p.groups)):
            found = [j for j in range(p.size) if ((0, i), (h, j)) in a]
            row.append(p.groups[h][found[0]] if len(found) == 1 else None)
        rows.append(row)
    return {"groups": rows}


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The hints and the items typed into the answer columns, for the conflict search: a hint
    taken out empties its row; the groups are the puzzle's own."""
    typed = [
        Given(cell, str(grid[cell]))
        for i in range(p.size)
        for g in range(1, len(p.groups))
        if grid[cell := p.answer_cell(i, g)] is not None
    ]
    hints = [Given(h.cells[0], h.text, also=h.cells[1:]) for h in p.hints]
    return typed + hints


GENRE = define(
    __name__,
    slug="logic-grid",
    ja="推理パズル",
    names=("logic grid", "logicgrid"),
    prove_by_search=True,
)
