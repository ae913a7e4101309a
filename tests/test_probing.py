"""The depth-first search of solver.deduce.probing on a board made for it: the cell that last
failed both ways is tried first at the nodes after (the last conflict), so a failure that no
decision below it can mend ends each of those nodes at once. The genres' searches are checked
against every answer in their own tests (tests/conftest.py's assert_search_exact)."""

from __future__ import annotations

import pytest

from solver.deduce import probing
from solver.deduce.probing import UNKNOWN, Contradiction

FREE = 12  # cells that any value suits


class Stuck:
    """FREE cells that any value suits, and one more cell (the last) that no value suits: the
    board has no answer, but its rules see it only once the last cell is tried."""

    def __init__(self) -> None:
        self.state = [UNKNOWN] * (FREE + 1)
        self.near = [[] for _ in self.state]

    def set(self, i: int, value: int) -> bool:
        if i == FREE:
            raise Contradiction
        changed, self.state[i] = self.state[i] != value, value
        return changed

    def propagate(self) -> None:
        pass

    def copy(self) -> Stuck:
        other = Stuck()
        other.state = self.state[:]
        return other


def free_cells_first(board: Stuck) -> list[int]:
    """The frontier names the free cells only; the stuck cell is branched on (or probed) only
    once they are all decided."""
    return [i for i in range(FREE) if board.state[i] == UNKNOWN][:1]


@pytest.mark.parametrize("probe_nodes", (True, False))
def test_the_cell_that_failed_is_tried_first_until_the_search_ends(probe_nodes, monkeypatch):
    # one path down to the stuck cell and back up: a few propagations a level
    work = 10 * FREE * len(Stuck().state)
    with pytest.raises(Contradiction):  # no answer, found within that work
        probing.race([(Stuck(), probe_nodes, free_cells_first)], work)
    # the frontier alone tries every way of the free cells before each fails: 2^FREE leaves
    monkeypatch.setattr(probing, "_first", lambda conflict, board, cells: cells)
    assert probing.race([(Stuck(), probe_nodes, free_cells_first)], work) is None
