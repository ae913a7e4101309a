"""The placements block: one candidate per clue, every cell covered once."""

from __future__ import annotations

import pulp

from solver.blocks import placements
from solver.mip.backends import LiveModel
from solver.mip.model import new_problem
from solver.mip.settings import Settings


def rectangles(area: int, at: tuple[int, int], rows: int, cols: int) -> list[frozenset]:
    """Every rectangle of `area` cells inside the grid that holds `at` (shikaku's candidates)."""
    found = []
    for h in range(1, area + 1):
        if area % h:
            continue
        w = area // h
        for top in range(at[0] - h + 1, at[0] + 1):
            for left in range(at[1] - w + 1, at[1] + 1):
                if top >= 0 and top + h <= rows and left >= 0 and left + w <= cols:
                    found.append(
                        frozenset(
                            (r, c) for r in range(top, top + h) for c in range(left, left + w)
                        )
                    )
    return found


def test_a_tiny_shikaku_is_cut_into_its_one_answer():
    # 2x3: a 4 at (0,0) and a 2 at (1,2): the 4 takes the 2x2 on the left, the 2 the column
    cands = {(0, 0): rectangles(4, (0, 0), 2, 3), (1, 2): rectangles(2, (1, 2), 2, 3)}
    cells = [(r, c) for r in range(2) for c in range(3)]
    assert placements.uncovered(cands, cells) == []
    prob = new_problem("shikaku")
    y = placements.choose(prob, cands)
    placements.cover(prob, cands, y, cells)
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    picked = placements.chosen(cands, y)
    pieces = [cands[k][i] for k, i in picked.items()]
    assert placements.region_map(pieces, 2, 3) == ((0, 0, 1), (0, 0, 1))
    assert pulp.value(placements.covering(cands, y, (1, 2), (0, 2))) == 1


def test_a_cell_no_candidate_reaches_is_named_and_at_most_once_leaves_cells_free():
    cands = {(0, 0): [frozenset({(0, 0)})]}
    assert placements.uncovered(cands, [(0, 0), (0, 1)]) == [(0, 1)]
    prob = new_problem("free")
    y = placements.choose(prob, cands)
    placements.cover(prob, cands, y, [(0, 0), (0, 1)], at_most_once=True)
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    prob2 = new_problem("tight")
    y2 = placements.choose(prob2, cands)
    placements.cover(prob2, cands, y2, [(0, 0), (0, 1)])
    assert LiveModel(prob2, Settings("highs")).solve() == "infeasible"


def test_words_in_runs_spell_their_cells_and_are_used_as_often_as_listed():
    """A 2x2 of white cells: two runs across, two down; the words AB, AC, BD, CD (letters 1-4)
    fit two ways, one the other transposed; with B given at the top right, only AB across the
    top, CD below, AC and BD down."""
    from solver.blocks.digits import digit_vars

    cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
    runs = [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(0, 1), (1, 1)]]
    letter = {"A": 1, "B": 2, "C": 3, "D": 4}
    prob = new_problem("words")
    x = digit_vars(prob, cells, list(letter.values()))
    words = {"AB": 1, "CD": 1, "AC": 1, "BD": 1}
    number = {w: n for n, w in enumerate(sorted(words), start=1)}
    y = placements.place_words(
        prob, x, runs, words, lambda w: [letter[ch] for ch in w], number.__getitem__
    )
    prob += x[0, 1, letter["B"]] == 1
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    held = {(r, c): k for (r, c, k), v in x.items() if round(v.varValue) == 1}
    assert held == {(0, 0): 1, (0, 1): 2, (1, 0): 3, (1, 1): 4}
    assert round(y["AB", 1].varValue) == 1 and round(y["BD", 4].varValue) == 1
    # listed twice, AB cannot go anywhere: no answer
    prob2 = new_problem("twice")
    x2 = digit_vars(prob2, cells, list(letter.values()))
    twice = {"AB": 2, "AC": 1, "BD": 1}
    number2 = {w: n for n, w in enumerate(sorted(twice), start=1)}
    placements.place_words(
        prob2, x2, runs, twice, lambda w: [letter[ch] for ch in w], number2.__getitem__
    )
    assert LiveModel(prob2, Settings("highs")).solve() == "infeasible"
