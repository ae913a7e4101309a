"""The polyomino block: a piece's orientations, its placements in a set of cells, its halo."""

from __future__ import annotations

import random

from solver.blocks import placements, polyominoes
from solver.blocks.polyominoes import TETROMINOES, fits, halo, name_of, orientations, straight
from solver.mip.backends import LiveModel
from solver.mip.model import new_problem
from solver.mip.settings import Settings


def test_the_tetrominoes_have_their_known_numbers_of_orientations():
    counts = {name: len(orientations(shape)) for name, shape in TETROMINOES.items()}
    assert counts == {"L": 8, "I": 2, "T": 4, "S": 4, "O": 1}
    assert {name: len(orientations(s, reflect=False)) for name, s in TETROMINOES.items()} == {
        "L": 4,
        "I": 2,
        "T": 4,
        "S": 2,
        "O": 1,
    }


def test_a_piece_is_named_in_any_orientation_and_position():
    j = {(5, 6), (6, 6), (7, 6), (7, 5)}  # a mirrored L, moved
    assert name_of(j, TETROMINOES) == "L"
    assert name_of(j, TETROMINOES, reflect=False) is None
    z = {(0, 0), (0, 1), (1, 1), (1, 2)}
    assert name_of(z, TETROMINOES) == "S"
    assert name_of({(0, 0), (1, 1)}, TETROMINOES) is None


def test_fits_places_every_orientation_inside_the_cells():
    grid = {(r, c) for r in range(3) for c in range(3)}
    assert len(fits(straight(3), grid)) == 6  # 3 rows and 3 columns
    assert len(fits(straight(1), grid)) == 9
    assert len(fits(TETROMINOES["T"], grid)) == 4 * 2  # each in a 2x3 or 3x2 box, 2 ways
    room = {(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)}  # a T with a longer stem
    assert fits(TETROMINOES["T"], room) == [frozenset({(0, 0), (0, 1), (0, 2), (1, 1)})]
    assert all(q <= room for q in fits(TETROMINOES["L"], room))


def test_fits_is_every_orientation_moved_onto_every_cell_that_stays_inside():
    # the definition, cell by cell, against fits over scattered cells (negative rows and
    # columns, holes, a cell alone at the right edge), in the same order
    rng = random.Random(7)
    pieces = [*TETROMINOES.values(), straight(5), frozenset({(0, 0), (1, 1)})]
    for _ in range(60):
        within = {(r, c) for r in range(-2, 5) for c in range(-3, 6) if rng.random() < 0.7}
        within.add((0, 9))
        for piece in pieces:
            for reflect in (True, False):
                want = []
                for shape in orientations(piece, reflect):
                    first = min(shape)
                    for r, c in sorted(within):
                        moved = frozenset((r + a - first[0], c + b - first[1]) for a, b in shape)
                        if moved <= within:
                            want.append(moved)
                assert fits(piece, within, reflect) == want
    assert fits(TETROMINOES["I"], set()) == []


def test_halo_is_the_ring_around_a_piece():
    ship = straight(2)
    assert halo(ship) == {(-1, 0), (-1, 1), (1, 0), (1, 1), (0, -1), (0, 2)}
    assert len(halo(ship, diagonal=True)) == 10


def test_placements_choose_pieces_by_shape_over_the_block():
    """A 2x4 grid, a room a row, takes an I in each; `shaped` reads a cell's coverage by a
    piece of one shape."""
    cells = [(r, c) for r in range(2) for c in range(4)]
    cands = {k: fits(TETROMINOES["I"], [(k, c) for c in range(4)]) for k in (0, 1)}
    names = {k: ["I"] * len(cands[k]) for k in cands}
    prob = new_problem("pieces")
    y = placements.choose(prob, cands)
    placements.cover(prob, cands, y, cells)
    assert LiveModel(prob, Settings("highs")).solve() == "solved"
    chosen = placements.chosen(cands, y)
    assert [sorted(cands[k][i]) for k, i in chosen.items()] == [
        sorted(set(cells[:4])),
        sorted(set(cells[4:])),
    ]
    expr = polyominoes.shaped(cands, names, y, 1, (1, 2), "I")
    assert expr.value() == 1
