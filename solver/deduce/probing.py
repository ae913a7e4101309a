"""Probing: each unknown cell of a board tried both ways, where one way propagates to a
contradiction the other holds; and a depth-first search over the same board (`search`), for
the cells probing leaves, which tries the cell that last failed both ways first (`_answers`).
Shared by the deductions made before a solve over cells of two states
(`solver.deduce.shade_logic`: shaded or unshaded; nurikabe's islands: sea or land).

A board has `state` (per cell 0, unknown, or one of the two values 1 and 2), `near` (per cell
its neighbours), `set(i, value)`, `propagate()` (its rules until nothing changes; both raise
`Contradiction` where the state breaks a rule) and `copy()`."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Protocol, TypeVar

from solver import limits

UNKNOWN = 0
VALUES = (1, 2)  # the two states a cell may take, tried in this order
T = TypeVar("T")


class Contradiction(Exception):
    """The state breaks a rule: no answer has it."""


class Board(Protocol):
    state: list[int]
    near: list[list[int]]

    def set(self, i: int, value: int) -> bool: ...

    def propagate(self) -> None: ...

    def copy(self) -> Board: ...


def passes_work(rows: int, cols: int, passes: int) -> int:
    """Probing's work for about `passes` passes over every cell of the grid, both ways (each
    way of a probe counts the grid's cells, as `probe` counts them): a budget that grows with
    the grid (nurikabe, kurodoko, norinori, heyawake's larger grids)."""
    cells = rows * cols
    return 2 * passes * cells * cells


def budget(rows: int, cols: int, work: int, passes: int) -> int:
    """Probing's work: at least `work`, or `passes` passes over a grid large enough for that
    to be more (`passes_work`)."""
    return max(work, passes_work(rows, cols, passes))


def probe(
    board: Board,
    work: int,
    everywhere: bool = False,
    idle: float | None = None,
    radius: int | None = None,
    agree: bool = False,
    cells: Sequence[int] | None = None,
) -> int:
    """Try each unknown cell next to a decided one (every unknown cell: `everywhere`) both ways,
    pass after pass while a pass decides one, and set the value that holds where the other
    leads to a contradiction (raised where both do); with `agree` also the cells that both ways
    decide alike (`settle`). With `radius`, a cell already probed is probed again only once a
    cell within that many steps of it (`near`) has been decided since: a probe's outcome mostly
    turns on what lies near it, and the passes over a large grid then cost what changed, not
    the grid. Stops when the probes' work (the grid's cells once a probe) exceeds `work`, or
    (idle) after probes of that share of the grid's cells in a row decided none. cells:
    the cells it tries (None: every cell); where cells come in groups that always take one
    value (tile paint's tiles), one of each group, as a try of another finds what its try
    finds. The work spent."""
    state, n = board.state, len(board.state)
    order = range(n) if cells is None else cells
    most = float("inf") if idle is None else idle * n
    spent, waited, progress = 0, 0, True
    balls = None if radius is None else _balls(board.near, radius)
    decisions = 0  # the probes that decided, counted: `changed` and `probed` hold such counts
    changed = [0] * n  # per cell, the count when it was decided
    probed = [-1] * n  # per cell, the count at its last probe (-1: never probed)
    while progress and spent < work and waited <= most:
        progress = False
        for i in order:
            if state[i] != UNKNOWN or spent >= work or waited > most:
                continue
            if not everywhere and all(state[j] == UNKNOWN for j in board.near[i]):
                continue  # probes far from every decided cell seldom decide anything
            if (
                balls is not None
                and probed[i] >= 0
                and all(changed[j] <= probed[i] for j in balls[i])
            ):
                continue  # nothing near it has changed since its last probe
            limits.check_time()
            waited += 1
            before = state[:] if balls is not None else state
            probed[i] = decisions
            tries, decided = settle(board, i, agree)
            spent += tries * n
            if decided:
                progress, waited = True, 0
                decisions += 1
                if balls is not None:
                    for j in range(n):
                        if state[j] != before[j]:
                            changed[j] = decisions
    return spent


def _balls(near: list[list[int]], radius: int) -> list[list[int]]:
    """Per cell, the cells within `radius` steps of it (itself among them)."""
    balls = []
    for i in range(len(near)):
        steps = {i: 0}
        ball = [i]
        for p in ball:  # the list grows as it is read: a breadth-first search
            if steps[p] < radius:
                for j in near[p]:
                    if j not in steps:
                        steps[j] = steps[p] + 1
                        ball.append(j)
        balls.append(ball)
    return balls


def search(
    board: Board,
    work: int,
    frontier: Callable[[Board], list[int]],
    probe_nodes: bool = True,
) -> Board | None:
    """Depth-first search over the board for its answers, to the second: at each node the cells
    `frontier` names (unknown cells where a guess soon meets a rule) are probed both ways until
    none decides one (not with `probe_nodes` False: each node is then one propagation, and
    the search has more of them), then the search branches on the first, both ways (to the
    two boards its last probe made, where it probed). Every step is the rules' propagation,
    so a branch ends only where no answer has it, and a board with no unknown cell left after
    it is an answer.

    Returns the one answer's board when the search ends with exactly one (the answer is then
    unique); raises Contradiction when it ends with none; None when it finds a second answer
    or its work (the grid's cells once a propagation, as `probe` counts) exceeds `work`: then
    it has decided nothing for certain."""
    return race([(board, probe_nodes, frontier)], work)


Start = tuple[Board, bool, Callable[[Board], list[int]]]  # a board, probe_nodes, frontier


def race(starts: list[Start], work: int) -> Board | None:
    """Several searches (`search`) of the same puzzle, each from its board (copies of one
    state, whose rules may differ), probing its nodes or not and branching where its own
    frontier says, taking turns one propagation each: every one of them is exact, so the
    first to end gives the outcome, as `search` returns it, and the work (all of theirs) is
    that of the one fastest on the puzzle, times the number of searches. None where the work
    runs out first."""
    return walked(racing(starts, work))


def racing(starts: list[Start], work: int) -> Generator[int, None, Board | None]:
    """`race` a propagation at a time: yields the work spent so far after each one, and
    returns what `race` returns."""
    n = len(starts[0][0].state)
    walks = [_answers(board, frontier, probe_nodes) for board, probe_nodes, frontier in starts]
    found: list[list[Board]] = [[] for _ in walks]
    spent = 0
    while True:
        for walk, answers in zip(walks, found, strict=True):
            step = next(walk, False)
            if step is False:  # this search has ended
                if not answers:
                    raise Contradiction
                return answers[0]
            if step is None:
                spent += n
                if spent > work:
                    return None
                limits.check_time()
                yield spent
            else:
                answers.append(step)
                if len(answers) > 1:
                    return None


def first(routes: Sequence[tuple[Generator[int, None, T | None], float]]) -> T | None:
    """Searches of one question by different routes, each a step at a time (yielding its work
    so far) with the cost of its unit of work in the common unit (an estimate of CPU time:
    a route's work times its cost), taking turns: the route that has cost least so far takes
    the next step (the first of equals). The first to end with an outcome gives it (a route
    that raises Contradiction ends them all: no answer); a route that ends with None (out of
    work, or nothing decided) drops out, and the others go on. None when every route drops
    out. Each route costs at most what the one that ends costs, so the turns spend about the
    number of routes times the fastest one's work, where trying them one after the other
    could spend a slow route's whole budget first."""
    cost = [0.0] * len(routes)
    left = list(range(len(routes)))
    while left:
        k = min(left, key=lambda j: (cost[j], j))
        walk, unit = routes[k]
        try:
            cost[k] = next(walk) * unit
        except StopIteration as end:
            if end.value is not None:
                return end.value
            left.remove(k)
    return None


def walked(walk: Generator[int, None, T]) -> T:
    """What a search taken a step at a time returns, run to its end."""
    while True:
        try:
            next(walk)
        except StopIteration as end:
            return end.value


def continued(walk: Generator[int, None, T], before: int) -> Generator[int, None, tuple[T, int]]:
    """A search taken a step at a time after work `before` (another search's, in the same
    route): yields `before` and its own work so far, and returns what it returns with the
    work at its end."""
    spent = before
    while True:
        try:
            spent = before + next(walk)
        except StopIteration as end:
            return end.value, spent
        yield spent


def walked_within(walk: Generator[int, None, T], work: int) -> T | None:
    """What a search taken a step at a time returns, where it ends before the work it yields
    goes past `work`; None where it goes past first (the search is closed)."""
    while True:
        try:
            done = next(walk)
        except StopIteration as end:
            return end.value
        if done > work:
            walk.close()
            return None


def _answers(
    board: Board, frontier: Callable[[Board], list[int]], probe_nodes: bool
) -> Iterator[Board | None]:
    """`search`'s walk, step by step: None after each propagation, and each answer found.
    The cell that last failed both ways (the last conflict) comes first, before the frontier,
    at every node after where it is unknown, until another cell fails both ways: where the
    failure came from a decision made further up, each node below that decision fails at once
    on that cell instead of searching its subtree first (the last-conflict reasoning of
    Lecoutre, Sais, Tabary and Vidal: a backjump without explanations). The answers are the
    same; only the work changes."""
    stack = [board]  # the nodes still to visit, the next on top
    conflict: list[int] = []  # the cell that last failed both ways, if it still does
    while stack:
        node = stack.pop()
        try:
            if probe_nodes:
                node, cells, children = yield from _probed(node, frontier, conflict)
            else:
                cells, children = _first(conflict, node, frontier(node)), None
        except Contradiction:
            continue
        if children is None:  # branch on the frontier's first cell, or the first unknown one
            if not cells:
                cells = [i for i, s in enumerate(node.state) if s == UNKNOWN]
                if not cells:
                    yield node
                    continue
            children = [c for c in (yield from _tries(node, cells[0])) if c is not None]
            if not children:
                conflict[:] = cells[:1]
        stack += reversed(children)


def _first(conflict: list[int], board: Board, cells: list[int]) -> list[int]:
    """The frontier's cells, the last conflict's cell first where it is still unknown."""
    if conflict and board.state[conflict[0]] == UNKNOWN:
        return [conflict[0], *(i for i in cells if i != conflict[0])]
    return cells


def _probed(
    board: Board, frontier: Callable[[Board], list[int]], conflict: list[int]
) -> Generator[None, None, tuple[Board, list[int], list[Board] | None]]:
    """Probe the frontier's cells both ways (the last conflict's cell first: `_answers`),
    taking the one way that holds where the other leads to a contradiction (raising where
    both do, and then `conflict` holds that cell), pass after pass while a pass decides one
    (None after each try). Its return value: the board then, its frontier, and the first
    frontier cell's two ways (the children to branch to, made by its last probe; None where
    the frontier is empty)."""
    while True:
        cells, changed, ways = _first(conflict, board, frontier(board)), False, {}
        for i in cells:
            if board.state[i] != UNKNOWN:
                continue
            held = [c for c in (yield from _tries(board, i)) if c is not None]
            if not held:
                conflict[:] = [i]
                raise Contradiction
            if len(held) == 1:
                board, changed = held[0], True
            else:
                ways[i] = held
        if not changed:
            return board, cells, ways.get(cells[0]) if cells else None


def _tries(board: Board, i: int) -> Generator[None, None, list[Board | None]]:
    """The board with unknown cell i set each way (VALUES in order) and propagated, None for a
    way that leads to a contradiction (its return value; None yielded before each try)."""
    out: list[Board | None] = []
    for value in VALUES:
        yield None
        child = board.copy()
        try:
            child.set(i, value)
            child.propagate()
        except Contradiction:
            child = None
        out.append(child)
    return out


def settle(board: Board, i: int, agree: bool = False) -> tuple[int, bool]:
    """Try unknown cell i both ways (VALUES in order); where one way propagates to a
    contradiction, set the other and propagate it (raising where both do); with `agree`, where
    both ways hold, set the unknown cells that both decide alike (each answer takes one of the
    two ways). The tries made (1 or 2) and whether a cell was decided."""
    ways = []
    for tries, (guess, other) in enumerate((VALUES, VALUES[::-1]), start=1):
        trial = board.copy()
        try:
            trial.set(i, guess)
            trial.propagate()
        except Contradiction:
            board.set(i, other)
            board.propagate()
            return tries, True
        ways.append(trial.state)
    if not agree:
        return 2, False
    state, (one, two) = board.state, ways
    alike = [j for j, s in enumerate(state) if s == UNKNOWN and one[j] == two[j] != UNKNOWN]
    for j in alike:
        board.set(j, one[j])
    if alike:
        board.propagate()
    return 2, bool(alike)
