"""Model-building helpers shared by every genre.

Variable names follow the seed: a letter or word and 1-based indices, `b(3,4)` for the cell in
row 3, column 4. Those names are what the `.lp` file and the `.sol` file carry, so they must stay
within letters, digits, `_`, `(`, `)` and `,` (PuLP rewrites other characters).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pulp

from solver.limits import check_time


def name(base: str, *index: int) -> str:
    """`name('b', 3, 4) == 'b(3,4)'`; indices are written as given (callers pass 1-based)."""
    return f"{base}({','.join(str(i) for i in index)})" if index else base


def cname(base: str, *index: tuple[int, int] | int | str) -> str:
    """A constraint's name in the seed's style: a cell, 0-based (r, c), is written 1-based, other
    indices as given. `cname('Arrow', (2, 3)) == 'Arrow(3,4)'`,
    `cname('Digit', (0, 0), 2) == 'Digit(1,1,2)'`."""
    parts: list[str] = []
    for i in index:
        parts += [str(i[0] + 1), str(i[1] + 1)] if isinstance(i, tuple) else [str(i)]
    return f"{base}({','.join(parts)})"


@dataclass
class Model:
    """A genre's complete MIP plus what decoding and uniqueness need.

    answer_vars are the binaries that fix the answer: two solutions that agree on them are the
    same answer, so the uniqueness check cuts on exactly these.
    separators: in a model built with lazy connectivity, the functions that look at a solved
    answer and return the cuts it violates (none: the answer is whole). A complete model has
    none: its `.lp` file is the whole problem.
    no_good: the cut that the uniqueness check adds to exclude the answer just found, when the
    genre knows a stronger one than `no_good_cut(answer_vars)` that every other answer still
    satisfies (e.g. a single loop: not every edge of this loop again); None: the plain no-good.
    minimal: rows that every *minimal* answer keeps, where the genre can turn any answer that
    breaks one into another answer by a step that lowers a measure of it (numberlink: a line
    that touches itself skips the part between, one cell fewer used; a line's corner turns round
    an empty cell that comes later in reading order, the empty cell moves earlier). The
    pipeline's search adds them: a solvable puzzle keeps a minimal answer, and the answer of a
    unique puzzle is minimal. They stay out of the `.lp` file and out of check's searches, which
    must see every answer.
    detour: with `minimal`, another answer that one step turns into the answer found, or None.
    An answer other than the one found goes, step by step, to a minimal answer: either another
    one (the uniqueness search finds it) or the one found, whose detour it then has; so the
    answer is unique when it has no detour and the search finds nothing.
    reinforcements: functions that make rows every answer keeps and that turn a hard search
    into an easy one, but slow the easy ones (more columns and rows in every LP): the pipeline
    makes and adds them and starts again when a first attempt uses up the genre's
    `Tuning.reinforce_after` nodes. They stay out of the `.lp` file, like `minimal`.
    guesses: rows that the answers of most puzzles keep though the rules do not ask for them
    (numberlink: every cell on a line), or that fix the model to an answer found before the
    search (`guess`: a count's first of several, a SAT solver's answer that uses every cell,
    `Deductions.guess`). The pipeline's first search takes them, for at most
    half the time left; where that finds no answer, the search runs again without them. The
    uniqueness search never has them, so they change how soon an answer is found, never a
    verdict. They stay out of the `.lp` file and out of check's searches.
    answers: answers the genre found before any search, where it found more than one
    (numberlink's and icebarn's frontier count, `solver.deduce.frontier`; see `settle`): the
    uniqueness check takes one that differs from the search's answer as the second answer
    (checked by `verify`).
    others: the answers other than a given one, counted without a search (numberlink: the
    frontier count again, with a larger budget than before the search, `Deductions.others`):
    the uniqueness check asks it about the search's answer before it searches; an empty list
    proves the answer unique, and None (the count gave up) leaves the proof to the search.
    branch_first: variables that SCIP branches on before any other (a higher branching
    priority), where a decision about them settles much more than one about the rest (yajilin:
    a shaded cell puts its four neighbours on the loop). The answers are the same; only the
    order of the search changes. HiGHS and CBC take no priorities.
    scip_branching: the SCIP branching rule tried before SCIP's own choice (reliability
    branching on pseudo-costs, which strong branching starts), where another rule is faster for
    the puzzle at hand (heyawake's small grids: "inference", which branches on the variables
    whose fixing deduced most before). The answers are the same; HiGHS and CBC have no such
    choice.
    """

    prob: pulp.LpProblem
    answer_vars: list[pulp.LpVariable]
    vars: dict[str, Any] = field(default_factory=dict)
    separators: list[Callable[[], list[pulp.LpConstraint]]] = field(default_factory=list)
    no_good: Callable[[], pulp.LpConstraint] | None = None
    minimal: list[tuple[pulp.LpConstraint, str]] = field(default_factory=list)
    detour: Callable[[Any], Any | None] | None = None
    reinforcements: list[Callable[[], list[tuple[pulp.LpConstraint, str]]]] = field(
        default_factory=list
    )
    guesses: list[tuple[pulp.LpConstraint, str]] = field(default_factory=list)
    branch_first: list[pulp.LpVariable] = field(default_factory=list)
    scip_branching: str | None = None
    answers: list[Any] = field(default_factory=list)
    others: Callable[[Any], list[Any] | None] | None = None
    # (answer variables the genre's deductions fixed, answer variables): `Genre.build`
    deduced: tuple[int, int] | None = None

    def violated(self) -> list[pulp.LpConstraint]:
        """The lazy cuts that the current solution breaks."""
        return [cut for separate in self.separators for cut in separate()]

    def exclude_answer(self) -> pulp.LpConstraint:
        """The cut that excludes the current answer and no other (see `no_good`)."""
        return self.no_good() if self.no_good is not None else no_good_cut(self.answer_vars)

    def separate(self, separator: Callable[[], list[pulp.LpConstraint]] | None) -> None:
        """Register a separator (None, what a complete form returns, is ignored)."""
        if separator is not None:
            self.separators.append(separator)

    def settle(self, x: Mapping[Any, Any], counted: list[frozenset[Any]] | None) -> bool:
        """Take a count of the answers made before the search (`solver.deduce.frontier`, each answer
        the keys of `x` it uses; None: the count gave up). One answer fixes every variable of
        x to it, and none fixes them all to 0 (true of every answer, there being none), so the
        search only confirms; more than one: the search first tries the first (`guesses`) and
        the uniqueness check is handed the others (`answers`). True when the count settled the
        verdict."""
        if counted is None:
            return False
        if len(counted) < 2:
            fix(x, {e: int(bool(counted) and e in counted[0]) for e in x})
        else:
            self.answers = counted
            self.guess(x, counted[0], "Counted")
        return True

    def guess(self, x: Mapping[Any, Any], answer: frozenset[Any], name: str = "Guessed") -> None:
        """Make the guesses (`guesses`) an answer found before the search: each variable of x
        at its value there (1 where the answer uses its key)."""
        self.guesses = [(v == int(e in answer), cname(name, *e)) for e, v in x.items()]

    def reinforce(self, rows: Callable[[], list[tuple[pulp.LpConstraint, str]]]) -> None:
        """Keep a maker of rows for a search that runs long (see `reinforcements`)."""
        self.reinforcements.append(rows)

    def __getitem__(self, key: str) -> Any:
        return self.vars[key]


@functools.cache
def _problem_class() -> type[pulp.LpProblem]:
    """`Problem`, made on first use: it subclasses a class of pulp, which is imported only when
    a model is built (solver.demand)."""

    class Problem(pulp.LpProblem):
        """A PuLP problem whose every added row checks the deadline (`solver.limits.deadline`),
        so that building a large model stops when the time limit is up."""

        def addConstraint(self, constraint: pulp.LpConstraint, name: str | None = None) -> None:
            check_time()
            super().addConstraint(constraint, name)

    return Problem


def new_problem(genre: str) -> pulp.LpProblem:
    prob = _problem_class()(genre.replace("-", "_"), pulp.LpMinimize)
    prob += pulp.lpSum([])  # no objective: every feasible point is an answer
    return prob


def var(
    prob: pulp.LpProblem,
    base: str,
    *index: int,
    cat: str = "Binary",  # pulp.LpBinary
    low: float | None = 0,
    up: float | None = None,
) -> pulp.LpVariable:
    """A variable of `prob` named like the seed's: var(prob, 'b', 3, 4) is b(3,4)."""
    return prob.add_variable(name(base, *index), lowBound=low, upBound=up, cat=cat)


def cell_vars(
    prob: pulp.LpProblem, base: str, cells: Iterable[tuple[int, int]], **kw: Any
) -> dict[tuple[int, int], pulp.LpVariable]:
    """One variable per 0-based cell, named with 1-based row and column: b(1,1) is cell (0, 0)."""
    return {(r, c): var(prob, base, r + 1, c + 1, **kw) for r, c in cells}


def fix(variables: Mapping[Any, Any], values: Mapping[Any, int]) -> None:
    """Fix each variable whose key `values` gives to that value, as a fixed bound of the
    variable (lowBound = upBound), not a row; keys whose entry is a constant are left alone."""
    for key, v in values.items():
        x = variables.get(key)
        if isinstance(x, pulp.LpVariable):
            x.lowBound = x.upBound = v


def is_fixed(v: Any) -> bool:
    """Whether a column's bounds fix its value (a given, or a deduction `fix` made); a constant
    in a variable's place is fixed too."""
    if not isinstance(v, pulp.LpVariable):
        return True
    return v.lowBound is not None and v.lowBound == v.upBound


def value(v: pulp.LpVariable | float | int) -> int:
    """The rounded value of a solved variable (0 for a variable the solver left out)."""
    if isinstance(v, int | float):
        return round(v)
    return round(v.varValue or 0)


# pulp.LpConstraintLE, pulp.LpConstraintEQ and pulp.LpConstraintGE, as pulp defines them
SENSES = {"<=": -1, "==": 0, ">=": 1}


def row(coefficients: dict[pulp.LpVariable, float], sense: str, rhs: float) -> pulp.LpConstraint:
    """The row sum(coefficient * variable) `sense` rhs, sense "<=", "==" or ">=", made in one
    step: row({b_p: 1, b_q: 1, d: -1}, "<=", 1) is b_p + b_q - d <= 1. PuLP's operators copy
    the expression at every + and comparison, so a row made in one step builds about twice as
    fast; on small puzzles building the model is a good part of the solve, hence the genres'
    most numerous rows are made this way. Each variable once (a dict)."""
    return pulp.LpConstraint(pulp.LpAffineExpression(coefficients, -rhs), SENSES[sense])


def no_good_cut(variables: list[pulp.LpVariable]) -> pulp.LpConstraint:
    """At least one of these binaries must differ from its current value."""
    ones = [v for v in variables if value(v) == 1]
    zeros = [v for v in variables if value(v) == 0]
    # sum of (1 - v) over the ones + sum of v over the zeros >= 1, with the constants moved over
    return pulp.lpSum(zeros) - pulp.lpSum(ones) >= 1 - len(ones)


def exactly_one(variables: Iterable[pulp.LpVariable]) -> pulp.LpConstraint:
    return pulp.lpSum(variables) == 1
