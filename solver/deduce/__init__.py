"""The deduction engine: sound rules run before the solve (boards, propagation, probing,
search), and what they decide (`Deductions`), which the genre contract applies to a model as
fixed bounds (`solver.genres.Genre.build`).

Every rule here holds in every answer of the puzzle, so a model with the deductions' fixings
has exactly the answers of the model without them. Every budget counts work (cells touched),
never seconds: a sheet gives the same fixings on every machine and under any load.

- probing: a board of cells of two states tried both ways, and a depth-first search after it
- loop_logic: one loop (or path) in a graph of cells and edges
- shade_logic: shaded and unshaded cells (apart, joined, counts)
- frontier: answers counted cell by cell along a frontier (lines between numbered ends)
- bridges: the bridges between islands (hashiwokakero), each pair's bounds
- island_logic: islands of given sizes in one connected sea, no 2x2 of sea (nurikabe)
- cuts: the cut vertices of the open cells of a board (a colour kept connected)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Deductions:
    """What a genre's rules decide before the solve.

    fixed: for a group of the model's variables (a key of `Model.vars`), the value each
    decided key takes in every answer (1 or 0).
    answers: where the genre counted the answers before the search (`solver.deduce.frontier`):
    the group whose variables an answer uses (`answers_of`) and the answers found, each the
    keys it uses; the model settles on them (`Model.settle`). None: nothing counted.
    answer: where the rules decided every answer variable, the answer itself (as the genre's
    `decode` gives it), and `answer_vars` their number: the pipeline then needs no model, checks
    the answer with the genre's `verify`, and it is the only one (the rules hold in every
    answer). None: the rules left something open.
    others: where the count gave up before the search, the answers other than a given one
    (none, one, or None where it gives up), from a count with a larger budget or a search of the
    genre's own, that the uniqueness check asks about the search's answer (`Model.others`).
    guess: where the count gave up, an answer a quicker search found (the keys of `answers_of`
    it uses), not known to be the only one: the search tries it first (`Model.guesses`), and
    the uniqueness check treats it as any answer of the search. None: no guess.
    found: that answer as the genre's `decode` gives it, where `others` can prove it without a
    model: the pipeline asks `others` about it before it builds one (`pipeline._found_answer`),
    and builds the model, the guess its first try, only where `others` gives up. None: no such
    answer."""

    fixed: Mapping[str, Mapping[Any, int]] = field(default_factory=dict)
    answers: list[frozenset[Any]] | None = None
    answers_of: str = "x"
    answer: Any = None
    answer_vars: int = 0
    others: Callable[[Any], list[Any] | None] | None = None
    guess: frozenset[Any] | None = None
    found: Any = None


NOTHING = Deductions()  # what rules that found a contradiction leave: the model finds it too
