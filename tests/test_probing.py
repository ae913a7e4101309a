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


def route(work: list[int], outcome: object, taken: list[str], name: str):
    """A search taken a step at a time: yields each of `work` (its work so far), noting each
    step in `taken`, then returns `outcome` (or raises it, an exception)."""
    for w in work:
        taken.append(name)
        yield w
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def test_routes_take_turns_by_their_cost_and_the_first_to_end_decides():
    """The route that has cost least so far (its work times its unit's cost; the first of
    equals) takes the next step; the first to end with an outcome gives it, and the others
    take no step more."""
    taken: list[str] = []
    slow = route([10, 20, 30, 40, 50], "slow's", taken, "slow")  # 10 units a step, at cost 3
    quick = route([25, 50, 75], "quick's", taken, "quick")  # 25 a step, at cost 1
    assert probing.first([(slow, 3), (quick, 1)]) == "quick's"
    # costs: slow 30, 60, 90, ...; quick 25, 50, 75: each step goes to the one behind
    assert taken == ["slow", "quick", "quick", "slow", "quick", "slow"]


def test_a_route_that_gives_up_drops_out_and_the_others_go_on():
    """A route that ends with None (out of work, nothing decided) leaves the others to go on;
    with all of them out, None; a Contradiction (no answer) ends them all."""
    taken: list[str] = []
    out = route([1], None, taken, "out")
    on = route([5, 6, 7], "found", taken, "on")
    assert probing.first([(out, 1), (on, 1)]) == "found"
    assert taken == ["out", "on", "on", "on"]  # out's second turn finds it out of work
    assert probing.first([(route([1], None, [], "a"), 1), (route([], None, [], "b"), 1)]) is None
    never = route([100, 200], "never", [], "never")
    with pytest.raises(Contradiction):
        probing.first([(route([1], Contradiction(), [], "none"), 1), (never, 1)])
    assert probing.first([]) is None


def test_walked_within_ends_a_search_whose_work_goes_past_it():
    closed = []

    def search():
        try:
            yield from (10, 20, 30)
        finally:
            closed.append(True)
        return "done"

    assert probing.walked_within(search(), 30) == "done"
    assert probing.walked_within(search(), 25) is None
    assert closed == [True, True]  # the search given up is closed too


def test_continued_counts_a_search_on_from_the_work_before_it():
    def search():
        yield from (10, 20)
        return "done"

    walk = probing.continued(search(), 100)
    assert [next(walk), next(walk)] == [110, 120]
    with pytest.raises(StopIteration) as end:
        next(walk)
    assert end.value.value == ("done", 120)
