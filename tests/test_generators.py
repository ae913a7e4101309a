"""The repair loop that the generators share (tests/generators/__init__.py)."""

from __future__ import annotations

from solver.genres import nurikabe
from solver.genres.nurikabe import Puzzle
from tests.generators import other_shading, spots, until_unique

# a 4x4 nurikabe with four answers (the 3 at C2 takes D2 and C3 in ours): more than one
TWO = Puzzle(((1, None, None, None), (None, None, 3, None), (2, None, None, None), (None,) * 4))
OURS = {(0, 0), (1, 2), (1, 3), (2, 2), (2, 0), (3, 0)}
SEA = {(r, c) for r in range(4) for c in range(4)} - OURS


def test_spots_join_cells_that_touch_at_a_side_or_corner():
    found = spots({(0, 0), (1, 1), (3, 3), (0, 3), (1, 3)})
    assert sorted(map(sorted, found)) == [[(0, 0), (1, 1)], [(0, 3), (1, 3)], [(3, 3)]]


def test_until_unique_stops_when_the_repair_finds_nothing_or_runs_out():
    seen = []

    def repair(out) -> bool:
        seen.append(other_shading(out, SEA))
        return False

    p, out, repairs = until_unique(nurikabe.GENRE, lambda: TWO, repair, most=5)
    assert p == TWO and out.unique is False and repairs == 0
    assert len(seen) == 1 and seen[0] != SEA  # the other answer, never ours
    assert nurikabe.verify(TWO, frozenset(seen[0])) == []  # which other answer: the solver's pick

    calls = []
    _, out, repairs = until_unique(
        nurikabe.GENRE, lambda: TWO, lambda o: calls.append(1) or True, 2
    )
    assert out.unique is False and repairs == 2 and len(calls) == 2


def test_until_unique_repairs_until_one_answer():
    cells = [list(row) for row in TWO.cells]

    def repair(out) -> bool:  # the 3 moves onto D2, which the other answer shades
        cells[1][2], cells[1][3] = None, 3
        return True

    p, out, repairs = until_unique(
        nurikabe.GENRE, lambda: Puzzle(tuple(map(tuple, cells))), repair, 5
    )
    assert out.unique and repairs == 1 and set(out.answer) == SEA and p.cells[1][3] == 3
