"""Numberlink (ナンバーリンク, also Arukone).

Rules: connect each pair of equal numbers with a line through the centres of cells, moving up,
down, left and right. Lines never cross, branch or share a cell; a line enters a number cell
only as its end. Not every cell need be used (Nikoli's rule; many puzzles happen to fill the
grid anyway).

Layout: one puzzle cell per spreadsheet cell from A1. Each line's two ends hold the same label:
a whole number (`1`, `12`, full-width `３`) or a single letter (`A`, `b`; letters are case
sensitive, as in Arukone, where `A` and `a` are different lines). Every label appears exactly
twice. Other cells stay empty. The sentinel one cell diagonally below-right of the grid. The
answer draws the lines in the empty cells with `─ │ ┌ ┐ └ ┘`; the numbers stay. From puzz.link:
`numlin` URLs, and `arukone` URLs with the `e` flag (letters for the numbers; without that flag
Arukone wants every cell used, a rule this genre does not solve, and the URL is refused).

Model: h(r,c) = 1 when a line joins cell (r,c) to its right neighbour, v(r,c) to the cell
below; u(r,c) = 1 when a line runs through the empty cell (r,c). Degree: 1 at a number, 2 u(r,c)
at an empty cell. Each line runs from its first end (in reading order) to its second:
o(r,c,rr,cc) = 1 when it steps from cell (r,c) to the neighbour (rr,cc), and an edge is used in
one direction, h or v = o one way + o the other (no step enters a first end or leaves a second
end). Which line a cell belongs to: the K labels are numbered 0..K-1 and written with D digits
in base B (D = 1 and B = K, one value per label, for up to 8 labels; else the fewest digits
with B <= 5: 17 labels as 2 digits base 5, 58 as 3 digits base 4). c(r,c,d,w) = 1 when digit
d of the label of the cell's line is w, one value per digit on a used cell: sum_w c(r,c,d,w) =
u(r,c). Every step
carries in each digit one value, o = sum_w y(r,c,rr,cc,d,w), and the values flow: into and out
of an empty cell flows c(r,c,d,w) of each value, a first end sends one unit of its own value
and a second end takes in one unit of its own. So every digit keeps its value along a line,
and the line arrives at the end whose digits are those of its start: the same label. With one
digit this is the multicommodity flow of the K lines through cells of capacity 1, whose LP
relaxation already has to route every pair; more digits give a smaller model (D B instead of
K values per cell) with a weaker relaxation. A line cannot close on itself, but an empty cell
could sit on a stray loop of its own; connectivity forbids that: every used cell is joined
through used edges to a root, the first end of its line (`solver.blocks.lines.connected` with those
roots; crossing 2, since a stray loop holds no number and so any line from it to a root
crosses its border twice). Valid inequalities: no 2 x 2 block holds a closed square of four
edges, and a cell only takes the labels whose two ends its region of empty cells touches.
Connectivity is lazy by default (faster with every back end, on samples and generated grids
alike).

Minimal answers first (`Model.minimal`, `Model.detour`): where a line touches itself (two
side-by-side cells of one line not joined), it could step straight across and leave the cells
between empty, another answer. So the search asks for lines that never touch themselves,
c(a,k) + c(b,k) <= 1 + h or v between them (with digits, where no variable names the line, only
its commonest case: no line along three sides of a 2 x 2 block); the answer of a unique puzzle
keeps these rows, and a solvable puzzle keeps an answer that does. The uniqueness proof then
also asks whether the answer found has a detour: a segment that a path through empty cells
could replace (then that is the second answer, checked by `verify`). Published puzzles with
few labels and long lines gain most, often tenfold. The opposite order, maximal answers first
(no segment beside two empty cells that a detour could take), is slower on all.

Empty cells early (`_moves`, `moved`): a line that turns at a corner y of a 2 x 2 block whose
opposite corner z is empty can turn at z instead and leave y empty, another answer with as many
cells used. So minimal answers also keep their empty cells as early in reading order as such
moves let them: x(a,y) + x(y,b) <= 1 + u(z) where y comes before z. The search does not try
each place an empty cell could slide to, and the uniqueness proof asks whether the answer found
has such a move as well as a detour (most published puzzles gain: e11a's search is twelve times
shorter).

Filled grids first (`Model.guesses`): most published puzzles' answers use every cell, and a
search that asks for that (u = 1 on every empty cell) has a far tighter relaxation. The first
search does, for at most half the time left; where it finds nothing, the search runs again
without it, keeping the lazy cuts. The uniqueness search never asks it, so a second answer that
leaves cells empty is still found. With it every published test puzzle has its first answer
within a minute; where the answer leaves cells empty, the guess costs its infeasibility proof.
For the search, the proof of uniqueness is what stays hard: that no answer leaves a cell empty
(where the count below finishes, it settles that). Not stated, as they gain nothing: rows that
each line crosses a row or column line an odd number of times exactly when its ends lie on
either side, and that each line holds as many cells of each chequerboard colour as its ends
allow.

Why this form: the seed's one integer label per cell, equal along used edges through big-M pairs,
has a relaxation that constrains almost nothing, and an unused cell keeps a free label (many copies
of one answer). Binaries c(r,c,k) per label linked pairwise along undirected edges need K values per
cell, and are many times slower with CBC and on generated 20 x 20 grids; undirected digit values
without the flow are fast with HiGHS but slow with CBC. The directed flow of digit values is the one
form that does well on every back end. Two additions do not pay on numlin-3: those pairwise links,
c(a,k) - c(b,k) <= 1 - edge, added to the one-digit flow (over tenfold slower), and a uniqueness cut
on the answer's own edges only, "not all of them again" (valid: a second answer holding every edge
of the first adds only closed loops through unused cells, which connectivity forbids), in place of
the plain no-good.

Deductions (`deduce`): the answers counted before the solve (`solver.deduce.frontier.link_answers`):
a search cell by cell that keeps, after each cell, every distinct way the lines cross the boundary
of the cells done (their labels, or which loose ends belong together) and how many partial answers
reach each, counts the answers exactly (none, one, or more) and hands back one or two of them. It
counts minimal answers only, as the search does: a partial answer where a line touches itself
(two side-by-side cells of one line not joined, as far as the frontier tells: a cell and its
neighbours on the left and right, a line beside its label's other end, the two ends of one piece
side by side) is dropped (the published 25_15x15, counted from the left: 89 million frontiers
made instead of 160 million; benchmarks.benchmark_puzzlekit's dataset). Before it, a board over
the grid's edges (`solver.deduce.links.LinkBoard`: degree, no loop, each cell's possible labels
and where each label can reach, no line touching itself, no line turning at a corner whose
opposite corner, later in reading order, stays empty) decides what it can of the answers kept
(minimal, their empty cells early), and the count is told those edges and labels. Every answer
comes back to a kept one by shortcuts and moves, so none counted means no answer, two are two
answers, and one is the only answer unless it has a detour (`detour`) or a move (`moved`):
then that is the second. Where the count finishes
within the Tuning's `count_work` (frontiers made), one answer is the answer: the pipeline builds
no model and runs no solver (`pipeline._decided_answer`; its segments and every cell's u are also
the fixings, as they hold in every answer, there being no other); with none, every segment is
fixed at 0 and the model finds no answer; with more than one, the search first tries the first
and the uniqueness check is handed the second (`Model.answers`). The count settles about half
the published puzzles of up to 15 columns at once, their uniqueness included, where the search
takes up to a minute or more; the frontiers of sparse and wide grids grow into the millions at
one cell, and where the count needs more than its budget, a SAT solver decides sooner: the
search's, whose proof that no answer leaves a cell empty is what stays hard there. Its first
answer: `_kept_answer` gives the board's rules as clauses (below) to CaDiCaL told that no
cell is empty, within `Tuning.guess_sat_work`; where it finds that there is none, the answers
leave cells empty, and it asks again without that (none then: no answer at all). The answer it
finds is an answer, so the pipeline asks the proof about it before it builds any model
(`Deductions.found`, `pipeline._found_answer`), and builds one only where the proof gives up:
then the answer is the search's guess (`Deductions.guess`, in place of the rows u = 1: the MIP
confirms it) and the search proves. Where the SAT solver gives up, the proof runs on the
search's answer. It (`Deductions.others`, `_others`) asks a SAT solver first and counts again
after:

- The SAT solver (`_solved`: CaDiCaL through `solver.deduce.sat`, within
  `Tuning.proof_sat_conflicts`) is given the board's rules as clauses
  (`solver.deduce.links.kept_clauses`: per open segment a variable, per cell its labels and its
  emptiness; the degrees; a line's two cells of one label; no line touching itself; empty cells
  early; no closed square; no line that could go straight through an empty cell, an answer that
  comes back by a shortcut to one the clauses keep, as `detour` checks the other way round) and
  the clause "not every segment of the answer found again"; a larger closed loop apart from the
  lines, which the clauses allow, is shut out as an answer shows it. No answer left: the answer
  found is the only kept one, so unique unless it has a detour or a move; an answer: the second.
  What it learns from each conflict (a clause) is what the count's frontiers cannot hold on wide
  grids: on the published sparse 14 x 14 to 25 x 32 grids its proofs take 5,000 to a few 100,000
  conflicts, a second to several. Nearly all of them go to answers that leave cells empty: told
  that no cell is, the same proofs end within a few thousand, and the more empty cells they may
  hold, the longer they take (on the published 526_20x20: at most 0, 2, 4 and 8 empty cells,
  8,553, 20,991, 31,295 and 111,599 conflicts; any number, more than 150,000). Not given, as
  none shortened them on the puzzles tried: the parity of the lines crossing each row and column
  line (all lines, or each label's), that as many empty cells are black as white on a
  chequerboard, and, beside the straight way through an empty cell, the way through an empty
  corner (unless the line turns round the opposite one) and through two empty cells in a row
  (fewer conflicts, each dearer: docs/performance.md); nor do PySAT's other solvers (Kissat,
  CaDiCaL 3, Glucose) end them sooner.
- The count again, where the SAT solver gives up: with a budget about six times larger
  (`Tuning.proof_count_work`, and more frontiers at one cell); where it ends, it is the proof
  (the answer found is the one counted, with no detour or move: unique; another counted: the
  second answer); where it gives up too, the MIP's search proves.

The answer comes first, so a time limit that ends the proof leaves the answer found, unproved.
"""

from __future__ import annotations

import math
import string
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import pairwise
from typing import NoReturn

import pulp

from solver.blocks.geometry import (
    Cell,
    CellPuzzle,
    Segment,
    components,
    grid_edges,
    neighbours,
    shortest_path,
    square_edges,
    squares,
)
from solver.blocks.lines import (
    Network,
    arms,
    check_ends,
    connected,
    degree,
    edge_vars,
    incident,
    no_square_loop,
)
from solver.blocks.names import a1, cell_name, quote
from solver.blocks.values import Value
from solver.blocks.violation import Violation
from solver.deduce import Deductions, sat
from solver.deduce.frontier import MAX_STATES, link_answers, link_count
from solver.deduce.links import LinkBoard, kept_clauses
from solver.deduce.probing import Contradiction, walked_within
from solver.genres import define
from solver.io import puzzlink
from solver.io.drawn_lines import LINE_MARKS, draw, read_lines
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cell_vars, cname, new_problem, var
from solver.mip.settings import Tuning

Label = int | str
ANSWER_MARKS = LINE_MARKS


@dataclass(frozen=True)
class Puzzle(CellPuzzle):
    cells: tuple[tuple[Label | None, ...], ...]  # a line end's label, None for an empty cell

    def numbers(self) -> dict[Cell, Label]:
        return self.givens()

    def labels(self) -> list[Label]:
        """The labels in order: numbers first (by value), then letters."""
        return sorted(set(self.numbers().values()), key=_label_key)

    def ends(self) -> dict[Label, tuple[Cell, Cell]]:
        """Each label's two end cells, in reading order."""
        found: dict[Label, list[Cell]] = defaultdict(list)
        for cell, v in sorted(self.numbers().items()):
            found[v].append(cell)
        return {k: (a[0], a[1]) for k, a in found.items()}


def _label_key(v: Label) -> tuple[int, int, str]:
    return (0, v, "") if isinstance(v, int) else (1, 0, v)


Answer = frozenset[Segment]  # the lines' centre-to-centre segments, lower cell first


def _label(v: Value) -> Label | None:
    if v is None or isinstance(v, int):
        return v
    folded = unicodedata.normalize("NFKC", v)
    if len(folded) == 1 and folded.isascii() and folded.isalpha():
        return folded
    return None


def parse(grid: Grid) -> Puzzle:
    seen: dict[Label, list[Cell]] = defaultdict(list)
    cells = []
    for r in range(grid.rows):
        row: list[Label | None] = []
        for c in range(grid.cols):
            v = grid[r, c]
            label = _label(v)
            if v is not None and (label is None or (isinstance(label, int) and label < 0)):
                raise grid.error(
                    r,
                    c,
                    f"a cell holds a line end's number or letter, or nothing; found {quote(v)}",
                )
            if label is not None:
                seen[label].append((r, c))
                if len(seen[label]) == 3:
                    others = ", ".join(a1(r + 1, c + 1) for r, c in seen[label][:2])
                    raise grid.error(
                        r,
                        c,
                        f"{quote(label)} appears a third time (also at {others}); "
                        "each label marks the two ends of one line",
                    )
            row.append(label)
        cells.append(tuple(row))
    if not seen:
        raise InputError(grid.sheet, "no numbers: type each line's number at both of its ends")
    for label, where in sorted(seen.items(), key=lambda kv: _label_key(kv[0])):
        if len(where) == 1:
            raise grid.error(
                *where[0], f"{quote(label)} appears only once; type it at both ends of its line"
            )
    return Puzzle(tuple(cells))


def model(p: Puzzle, lazy: bool = False) -> Model:
    prob = new_problem("numberlink")
    numbers = p.numbers()
    starts = {a for a, _ in p.ends().values()}
    code = _code(p)
    width = len(next(iter(code.values())))
    can = _labels(p)
    x = edge_vars(prob, _edges(p))
    at = incident(x)
    cells = p.positions()
    u = cell_vars(prob, "u", [cell for cell in cells if cell not in numbers])

    # the digit values a cell may carry; c(r,c,d,w): digit d of the cell's label is w
    vals = {
        (cell, d): sorted({code[k][d] for k in can[cell]}) for cell in cells for d in range(width)
    }
    digit = {
        (cell, d, w): var(prob, "c", cell[0] + 1, cell[1] + 1, d + 1, w + 1)
        for cell in u
        for d in range(width)
        for w in vals[cell, d]
    }
    for cell in cells:
        if cell in numbers:
            prob += degree(x, cell, at) == 1, cname("End", cell)
            continue
        prob += degree(x, cell, at) == 2 * u[cell], cname("Deg", cell)
        for d in range(width):
            values = pulp.lpSum(digit[cell, d, w] for w in vals[cell, d])
            prob += values == u[cell], cname("Digit", cell, d + 1)

    # o(s,t): the line runs from s to t; each digit value flows along it, y(s,t,d,w)
    arc, flow = {}, {}
    into, out = defaultdict(list), defaultdict(list)
    for (a, b), e in x.items():
        ways = []
        for s, t in ((a, b), (b, a)):
            if (s in numbers and s not in starts) or t in starts:
                continue  # lines leave a first end and arrive at a second end
            o = arc[s, t] = var(prob, "o", s[0] + 1, s[1] + 1, t[0] + 1, t[1] + 1)
            ways.append(o)
            for d in range(width):
                parts = []
                for w in sorted(set(vals[s, d]) & set(vals[t, d])):
                    y = flow[s, t, d, w] = var(
                        prob, "y", s[0] + 1, s[1] + 1, t[0] + 1, t[1] + 1, d + 1, w + 1
                    )
                    into[t, d, w].append(y)
                    out[s, d, w].append(y)
                    parts.append(y)
                prob += o == pulp.lpSum(parts), cname("Split", s, t, d + 1)
        prob += e == pulp.lpSum(ways), cname("Way", a, b)
    for cell in cells:
        for d in range(width):
            for w in vals[cell, d]:
                index = (cell, d + 1, w + 1)
                inflow, outflow = pulp.lpSum(into[cell, d, w]), pulp.lpSum(out[cell, d, w])
                if cell in starts:
                    prob += outflow == 1, cname("Leave", *index)
                elif cell in numbers:
                    prob += inflow == 1, cname("Arrive", *index)
                else:
                    prob += inflow == digit[cell, d, w], cname("In", *index)
                    prob += outflow == digit[cell, d, w], cname("Out", *index)

    no_square_loop(prob, x, p.rows, p.cols)

    used: dict[Cell, pulp.LpVariable | int] = {cell: u.get(cell, 1) for cell in cells}
    m = Model(prob, list(x.values()), {"x": x, "u": u, "c": digit, "o": arc, "y": flow})
    m.separate(connected(prob, Network(dict(x), used), lazy=lazy, roots=sorted(starts), crossing=2))
    if width == 1:
        m.minimal = _no_touching(p, x, digit, code)
    else:
        m.minimal = _no_u_turns(p, x)
    m.minimal += _empty_cells_first(p, x, u)
    m.detour = lambda answer: detour(p, answer) or moved(p, answer)
    # published puzzles fill the grid: the first search asks for that (see the docstring)
    m.guesses = [(v == 1, cname("Filled", cell)) for cell, v in sorted(u.items())]
    return m


def _labels(p: Puzzle) -> dict[Cell, set[Label]]:
    """Each cell's labels: a number its own, an empty cell those of `_reach`."""
    return {cell: {v} for cell, v in p.numbers().items()} | {
        cell: set(ks) for cell, ks in _reach(p).items()
    }


def _edges(p: Puzzle) -> list[Segment]:
    """The model's segments: between cells that can carry the same label; one between two
    numbers stays (held at 0 by the flows if they differ), so that no model is empty: HiGHS
    reports neither answer nor infeasibility on a model without columns."""
    can, numbers = _labels(p), p.numbers()
    pairs = grid_edges(p.rows, p.cols)
    return [(a, b) for a, b in pairs if can[a] & can[b] or {a, b} <= numbers.keys()]


def deduce(p: Puzzle, tuning: Tuning) -> Deductions:
    """The kept answers (minimal, their empty cells early: `solver.deduce.links.LinkBoard`)
    counted along a frontier (`solver.deduce.frontier.link_answers`, within
    `Tuning.count_work`), told the edges and labels the board's rules decide first; the one
    counted with its detour or its move, if it has one: one (the answer itself, and its
    segments and cells used as fixings), none (no segment or cell used: the model finds no
    answer), or more (the model settles on them: `Model.settle`). Where the count gives up,
    no fixings: a kept answer that uses every cell, or, where there is none, any kept answer
    (`_kept_answer`, within `Tuning.guess_sat_work`; `Deductions.found`, proved before any
    model, and the search's guess where the proof gives up, `Deductions.guess`), and the
    uniqueness proof of that answer or the search's (`Deductions.others`, `_others`): a SAT
    solver over the board's rules as clauses, told that answer (`_solved`, within
    `Tuning.proof_sat_conflicts`), then the count again (within `Tuning.proof_count_work`).
    Every answer the board keeps agrees with what it decides, and each counted is an answer,
    so one counted is the one kept; every answer comes back to a kept one by shortcuts and
    moves, so it is the only answer unless a detour or a move leads off it."""
    board = _board(p)
    counted = _counted(p, board, tuning.count_work)
    if counted is None:
        assert board is not None  # the count gives up only on a board without contradiction
        found = None
        if tuning.guess_sat_work:
            found = _kept_answer(board, tuning.guess_sat_work, every_cell=True)
            if found == []:  # no answer uses every cell: the answers leave cells empty
                found = _kept_answer(board, tuning.guess_sat_work, every_cell=False)
        if found == []:
            counted = []  # no kept answer: none at all
        else:
            guess = found[0] if found else None
            if not tuning.proof_count_work and not tuning.proof_sat_conflicts:
                return Deductions(guess=guess)
            # the guess is an answer: the pipeline asks the proof about it before any model
            return Deductions(
                guess=guess,
                found=guess,
                answer_vars=len(_edges(p)),
                others=lambda answer: _others(p, board, answer, tuning),
            )
    if len(counted) > 1:
        return Deductions(answers=counted, answers_of="x")
    answer = counted[0] if counted else frozenset()
    lines = {cell for e in answer for cell in e}
    edges = _edges(p)
    fixed = {
        "x": {e: int(e in answer) for e in edges},
        "u": {cell: int(cell in lines) for cell in p.positions()},
    }
    if not counted:  # no answer: the model, with every segment fixed at 0, finds none
        return Deductions(fixed, answers=counted, answers_of="x")
    # the one answer: the pipeline needs no model (`pipeline._decided_answer`)
    return Deductions(fixed, answer=answer, answer_vars=len(edges))


def _board(p: Puzzle) -> LinkBoard | None:
    """The board over the grid's edges (`solver.deduce.links.LinkBoard`), its rules
    propagated: what the count is told; None where they meet a contradiction (no answer)."""
    board = LinkBoard(p.rows, p.cols, p.numbers())
    try:
        board.propagate()
    except Contradiction:
        return None
    return board


def _counted(
    p: Puzzle, board: LinkBoard | None, work: int, states: int = MAX_STATES
) -> list[Answer] | None:
    """The kept answers counted (`deduce`), told what `board` (`_board`) decides, within `work`
    frontiers made and `states` frontiers at one cell, the one counted followed by its detour
    or its move where it has one: none, one (the only answer), two or more; None where the
    count gives up."""
    if board is None:
        return []
    counted = link_answers(
        p.rows,
        p.cols,
        p.numbers(),
        max_states=states,
        max_work=work,
        minimal=True,
        fixed=board.fixed(),
        allowed=board.allowed(),
    )
    if counted is not None and len(counted) == 1:
        other = detour(p, counted[0]) or moved(p, counted[0])
        counted += [other] if other is not None else []
    return counted


def _lean_count(p: Puzzle, board: LinkBoard, work: int) -> int | None:
    """How many kept answers the count finds (0, 1, or 2 for two or more), told what `board`
    decides, within `work` frontiers made and PROOF_STATES at one cell, without the answers
    themselves (`link_count`: the frontiers of one cell in memory, not the walk back to the
    answers); None where it gives up."""
    fixed, allowed = board.fixed(), board.allowed()
    told = {"minimal": True, "allowed": allowed}
    return link_count(p.rows, p.cols, p.numbers(), 2, PROOF_STATES, work, fixed=fixed, **told)


def _kept_answer(board: LinkBoard, work: int, every_cell: bool) -> list[Answer] | None:
    """A kept answer (the search's guess, `Deductions.guess`), with `every_cell` one whose
    lines use every cell that may hold one, from a SAT solver (`solver.deduce.sat`, within
    `work`: its propagations, which follow its CPU on small and large grids alike, where a
    conflict costs more on a larger one) over the board's rules as clauses
    (`solver.deduce.links.kept_clauses`), told so: [that answer], [] where there is none, None
    where the solver gives up."""
    kept = kept_clauses(board)
    clauses = kept.clauses
    if every_cell:
        clauses = [*clauses, *([(v, 0)] for v in kept.empty.values())]
    shown = sorted(kept.edge.values())
    # each conflict takes a propagation, so `work` bounds the conflicts too
    search = sat.rounds(kept.count, kept.sums, work, 1, clauses, kept.loops, shown)
    found = walked_within(search, work)
    if not found:
        return found
    segments = board.segments()
    return [frozenset(segments[e] for e in kept.lines(found[0]))]


def _solved(p: Puzzle, board: LinkBoard, found: Answer, conflicts: int) -> list[Answer] | None:
    """For the uniqueness proof: the answers other than `found` (the search's), as `_others`
    gives them, from a SAT solver (`solver.deduce.sat`, within `conflicts`) over the board's
    rules as clauses (`solver.deduce.links.kept_clauses`), with `found` shut out from the start
    (the solver need not find it again) and an answer's closed loops apart from the lines shut
    out as they come: another kept answer, or none, and then `found` is the only answer unless
    it has a detour or a move (the kept answers are at most `found`, and every answer comes back
    to a kept one). None where it gives up."""
    kept = kept_clauses(board)
    segments = board.segments()
    clauses = kept.clauses
    decided = [e for e in range(len(segments)) if e not in kept.edge]
    if all((segments[e] in found) == (e in kept.on) for e in decided):
        # not all of found's segments again (an answer that differs from found in a decided
        # segment is not found, and needs no clause)
        clauses = [*clauses, [(v, 1 - int(segments[e] in found)) for e, v in kept.edge.items()]]
    shown = sorted(kept.edge.values())
    solved = sat.answers(kept.count, kept.sums, conflicts, 1, clauses, kept.loops, shown)
    if solved is None:
        return None
    if solved:
        return [frozenset(segments[e] for e in kept.lines(solved[0]))]
    other = detour(p, found) or moved(p, found)
    return [other] if other is not None else []


def _others(p: Puzzle, board: LinkBoard, found: Answer, tuning: Tuning) -> list[Answer] | None:
    """For the uniqueness proof: the answers other than `found` (the search's): none (it is
    the only answer) or one. First from the SAT solver told `found` (`_solved`, within
    `Tuning.proof_sat_conflicts`), then, where it gives up, from the count again (`_recounted`,
    within `Tuning.proof_count_work`); None where both give up."""
    if tuning.proof_sat_conflicts:
        others = _solved(p, board, found, tuning.proof_sat_conflicts)
        if others is not None:
            return others
    if not tuning.proof_count_work:
        return None
    return _recounted(p, board, found, tuning.proof_count_work)


def _recounted(p: Puzzle, board: LinkBoard, found: Answer, work: int) -> list[Answer] | None:
    """The answers other than `found` (the search's), from the count of `_counted` with a
    larger budget, `work` frontiers made and PROOF_STATES at one cell, first without the
    answers themselves (`_lean_count`): where it counts one and `found` is
    counted (the count told every segment of it), `found` is the one kept, and the only answer
    unless it has a detour or a move. Where it counts more, or another one, the count again
    with its answers, for another. None where a count gives up."""
    n = _lean_count(p, board, work)
    if n is None:
        return None
    if not n:
        _none_counted()
    fixed, told = board.fixed(), {"minimal": True, "allowed": board.allowed()}
    whole = {e: int(e in found) for e in board.segments()}
    kept = all(whole[e] == v for e, v in fixed.items())
    if n == 1 and kept and link_count(p.rows, p.cols, p.numbers(), fixed=whole, **told) == 1:
        other = detour(p, found) or moved(p, found)
        return [other] if other is not None else []
    counted = _counted(p, board, work, PROOF_STATES)
    return None if counted is None else [a for a in counted if a != found]


def _none_counted() -> NoReturn:
    """The count kept no answer where the search found one (checked by `verify`): a bug."""
    raise RuntimeError("numberlink: the count found no answer where the search found one")


def _no_touching(
    p: Puzzle,
    x: dict[Segment, pulp.LpVariable],
    digit: dict[tuple[Cell, int, int], pulp.LpVariable],
    code: dict[Label, tuple[int, ...]],
) -> list[tuple[pulp.LpConstraint, str]]:
    """A minimal answer's line never touches itself: two side-by-side cells of one line are
    joined (otherwise the line could step straight from one to the other and leave the cells
    between empty). With one value per label, c(a,k) + c(b,k) <= 1 + x(a,b); a number carries
    its own label."""
    numbers = p.numbers()

    def carries(cell: Cell, k: int) -> pulp.LpVariable | int:
        if cell in numbers:
            return int(code[numbers[cell]][0] == k)
        return digit.get((cell, 0, k), 0)

    rows = []
    for a, b in grid_edges(p.rows, p.cols):
        for k in range(len(code)):
            ca, cb = carries(a, k), carries(b, k)
            if any(isinstance(v, int) and v == 0 for v in (ca, cb)):
                continue  # never both on line k
            rows.append((ca + cb - x.get((a, b), 0) <= 1, cname("Touch", a, b, k + 1)))
    return rows


def _no_u_turns(
    p: Puzzle, x: dict[Segment, pulp.LpVariable]
) -> list[tuple[pulp.LpConstraint, str]]:
    """With labels as digits (no variable says "this cell is on line k"), the commonest case
    of a line touching itself: it runs along three sides of a 2 x 2 block (it could take the
    fourth instead)."""
    rows = []
    for block in squares(p.rows, p.cols):
        sides = square_edges(block)
        if all(e in x for e in sides):
            for k, skipped in enumerate(sides):
                three = pulp.lpSum(x[e] for e in sides if e != skipped)
                rows.append((three <= 2, cname("UTurn", block[0], k + 1)))
    return rows


# the longest stretch of a line that a move shifts across empty cells: 1, the corner of a 2 x 2
# block; longer moves (an L round a 2 x 3 block, paths that are not shortest) gain nothing
MOVE_CELLS = 1


def _staircases(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """Every shortest path from a to b, as its cells after a (b last)."""
    if a == b:
        return [()]
    steps = []
    if a[0] != b[0]:
        steps.append((a[0] + (1 if b[0] > a[0] else -1), a[1]))
    if a[1] != b[1]:
        steps.append((a[0], a[1] + (1 if b[1] > a[1] else -1)))
    return [(n, *rest) for n in steps for rest in _staircases(n, b)]


def _moves(p: Puzzle) -> list[tuple[Cell, Cell, tuple[Cell, ...], tuple[Cell, ...]]]:
    """(a, b, P, Q): two shortest paths from a to b whose cells between, P and Q, are as many
    (at most MOVE_CELLS), hold no number and share no cell. A line that runs from a to b along
    P while Q's cells are empty can run along Q instead and leave P's cells empty: another
    answer with as many cells used."""
    numbers = p.numbers()
    found = []
    for a in p.positions():
        for k in range(1, MOVE_CELLS + 1):
            for dr in range(1, k + 1):
                for b in {(a[0] + dr, a[1] + k + 1 - dr), (a[0] + dr, a[1] - k - 1 + dr)}:
                    if not (b[0] < p.rows and 0 <= b[1] < p.cols):
                        continue
                    ways = [w[:-1] for w in _staircases(a, b) if not numbers.keys() & set(w[:-1])]
                    found += [(a, b, s, t) for s in ways for t in ways if not set(s) & set(t)]
    return found


def _empty_cells_first(
    p: Puzzle, x: dict[Segment, pulp.LpVariable], u: dict[Cell, pulp.LpVariable]
) -> list[tuple[pulp.LpConstraint, str]]:
    """A minimal answer keeps its empty cells as early in reading order as moves (`_moves`)
    let them be: it never runs along P while the cells of a Q that comes later are empty, x(P)
    - u(Q) <= |P| (the sum of the cells' positions decides). Shortening lowers the number of
    used cells and a move the sum of the empty cells' positions, so taking both in turn ends,
    at an answer that keeps these rows too."""

    def position(cells: tuple[Cell, ...]) -> int:
        return sum(r * p.cols + c for r, c in cells)

    rows = []
    for a, b, s, t in _moves(p):
        steps = [tuple(sorted(e)) for e in pairwise((a, *s, b))]
        if position(s) < position(t) and all(e in x for e in steps):
            along = pulp.lpSum(x[e] for e in steps) - pulp.lpSum(u[cell] for cell in t)
            rows.append((along <= len(s), cname("Move", *s, *t)))
    return rows


def moved(p: Puzzle, a: Answer) -> Answer | None:
    """Another answer one move (`_moves`) away from `a`, or None. With `detour`, what brings
    a minimal answer's other answers back to it (`Model.detour`)."""
    used = {cell for segment in a for cell in segment} | p.numbers().keys()
    for start, end, s, t in _moves(p):
        steps = {tuple(sorted(e)) for e in pairwise((start, *s, end))}
        if steps <= a and not used & set(t):
            return frozenset(a - steps | {tuple(sorted(e)) for e in pairwise((start, *t, end))})
    return None


def detour(p: Puzzle, a: Answer) -> Answer | None:
    """Another answer that a shortcut turns into `a`: the piece of a line between two of its
    cells one or two steps apart along it replaced by a path between them through cells that
    `a` leaves empty; None when there is none. (Such an answer has a line touching itself where
    the piece is one step, `Model.detour`; where it is two, a line that could go straight
    through an empty cell, which the SAT solver's clauses rule out:
    `solver.deduce.links.kept_clauses`.)"""
    numbers = p.numbers()
    used = {cell for segment in a for cell in segment} | numbers.keys()
    empty = [cell for cell in p.positions() if cell not in used]
    part = {cell: k for k, region in enumerate(components(empty)) for cell in region}
    joined: dict[Cell, list[Cell]] = {}
    for s, t in sorted(a):
        joined.setdefault(s, []).append(t)
        joined.setdefault(t, []).append(s)
    for start, _ in p.ends().values():
        line = [start]  # the line from its first end, cell by cell
        while ahead := [c for c in joined.get(line[-1], []) if c not in line[-2:-1]]:
            line.append(ahead[0])
            if line[-1] in numbers:
                break
        for i, s in enumerate(line):
            for t in line[i + 1 : i + 3]:
                for c in neighbours(p.rows, p.cols, *s):
                    for d in neighbours(p.rows, p.cols, *t):
                        if c in part and d in part and part[c] == part[d]:
                            piece = line[i : line.index(t) + 1]
                            path = [s, *shortest_path(c, d, part), t]
                            return frozenset(
                                a - {tuple(sorted(e)) for e in pairwise(piece)}
                                | {tuple(sorted(e)) for e in pairwise(path)}
                            )
    return None


MAX_BASE = 5  # values per digit; more digits when there are more labels
# up to this many labels, one value per label (the plain multicommodity flow): its relaxation
# routes every pair, which numlin-3 (10 x 10, 8 labels) needs (as 2 digits base 3 it is several
# times slower); with more and shorter lines, as generated grids have, the digits stay faster
ONE_DIGIT = 8


def _code(p: Puzzle) -> dict[Label, tuple[int, ...]]:
    """Each label's digits: its index (0-based, in label order) in base B with D digits, the
    fewest digits whose base stays at most MAX_BASE; one digit, B = K, for up to ONE_DIGIT
    labels."""
    labels = p.labels()
    if len(labels) <= ONE_DIGIT:
        return {k: (i,) for i, k in enumerate(labels)}
    width = 1
    while math.ceil(len(labels) ** (1 / width) - 1e-9) > MAX_BASE:
        width += 1
    base = max(1, math.ceil(len(labels) ** (1 / width) - 1e-9))
    while base**width < len(labels):
        base += 1
    return {k: tuple(i // base**d % base for d in range(width)) for i, k in enumerate(labels)}


def _reach(p: Puzzle) -> dict[Cell, list[Label]]:
    """Empty cell -> the labels whose line can pass through it: the cell lies in a component of
    empty cells that touches both ends of the label."""
    numbers = p.numbers()
    empty = [cell for cell in p.positions() if cell not in numbers]
    ends = p.ends()
    found = {}
    for region in components(empty):
        touches = {n for cell in region for n in neighbours(p.rows, p.cols, *cell) if n in numbers}
        labels = [k for k in p.labels() if ends[k][0] in touches and ends[k][1] in touches]
        found |= {cell: labels for cell in region}
    return found


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    jumps = [
        Violation(
            f"the segment {cell_name(s)}-{cell_name(t)} does not join two neighbouring cells",
            [s, t],
        )
        for s, t in sorted(a)
        if abs(s[0] - t[0]) + abs(s[1] - t[1]) != 1
    ]
    if jumps:
        return jumps
    numbers = p.numbers()
    sides = arms(a)
    inside = set(p.positions())
    problems = [
        Violation(f"a line leaves the grid at {cell_name(cell)}", [cell])
        for cell in sorted(sides.keys() - inside)
    ]
    for cell, s in sorted(sides.items()):
        if cell in numbers and len(s) != 1:
            at = cell_name(cell)
            problems.append(Violation(f"the number at {at} has {len(s)} lines, not 1", [cell]))
    free = {cell: s for cell, s in sides.items() if cell in inside - numbers.keys()}
    problems += check_ends(free, lambda cell: 2, line="a line")
    for cell in sorted(numbers.keys() - sides.keys()):
        problems.append(Violation(f"no line leaves the number at {cell_name(cell)}", [cell]))
    if problems:
        return problems
    nxt: dict[Cell, list[Cell]] = defaultdict(list)
    for s, t in a:
        nxt[s].append(t)
        nxt[t].append(s)
    visited: set[Cell] = set()
    for label, (start, goal) in p.ends().items():
        line, prev = [start], None
        while len(line) == 1 or line[-1] not in numbers:
            here = line[-1]
            step = next(n for n in nxt[here] if n != prev)
            prev = here
            line.append(step)
        visited.update(line)
        if line[-1] != goal:
            problems.append(
                Violation(
                    f"the line from {quote(label)} at {cell_name(start)} ends at "
                    f"{quote(numbers[line[-1]])} at {cell_name(line[-1])}",
                    line,
                )
            )
    stray = sorted(sides.keys() - visited)
    if stray:
        problems.append(
            Violation(
                f"a closed loop that joins no numbers runs through {cell_name(stray[0])}", stray
            )
        )
    return problems


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict[pulp.LpVariable, int | None]:
    """The lines as drawn (`─ │ ┌ ┐ └ ┘`, `-`, `|`; `×` or `・` for no line); a line between
    two side-by-side numbers shows in no cell."""
    return read_lines(grid, m["x"], p.numbers())


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    return draw(a, p.numbers())


def from_url(url: puzzlink.PzprUrl) -> Puzzle:
    """`numlin`: number16 over cells. `arukone` is the same codec with letters shown for the
    numbers (1 = A ... 26 = Z, 27 = a ...); its pflag `e` lets lines leave cells unused, as in
    numlin; without it every cell must be used, a rule this genre does not have, so such a URL
    is refused rather than solved under the wrong rule."""
    if url.pid == "arukone" and "e" not in url.flags:
        raise puzzlink.UrlError(
            "arukone without the 'e' flag asks for lines through every cell; numberlink "
            "solves the rule where cells may stay empty (the 'e' flag)"
        )
    values, rest = puzzlink.decode_number16(url.body, url.rows * url.cols)
    puzzlink.end(rest)
    if puzzlink.UNKNOWN in values:
        raise puzzlink.UrlError(f"{url.pid}: a '?' number cannot be paired with its other end")
    if url.pid == "arukone":
        values = [None if v is None else _letter(v) for v in values]  # type: ignore[arg-type]
    counts = Counter(v for v in values if v is not None)
    for k in sorted(counts, key=_label_key):
        if counts[k] != 2:
            raise puzzlink.UrlError(
                f"{url.pid}: {k} appears {counts[k]} time{'s' * (counts[k] != 1)}; each number "
                "marks the two ends of one line"
            )
    return Puzzle(puzzlink.grid_rows(values, url.cols))


def to_url(p: Puzzle) -> str:
    """`numlin` for numbers; `arukone` with the flag `e` (cells may stay empty) for the letters
    A-Z and a-z; other labels as numbers after the largest number."""
    labels = p.labels()
    letters = string.ascii_uppercase + string.ascii_lowercase
    if labels and all(isinstance(k, str) and len(k) == 1 and k in letters for k in labels):
        code: dict[Label, int] = {k: letters.index(k) + 1 for k in labels}  # type: ignore[arg-type]
        pid, flags = "arukone", "e"
    else:
        top = max((k for k in labels if isinstance(k, int)), default=0)
        others = (k for k in labels if not isinstance(k, int))
        code = {k: k for k in labels if isinstance(k, int)}
        code |= {k: top + n for n, k in enumerate(others, start=1)}
        pid, flags = "numlin", ""
    values = [None if v is None else code[v] for v in puzzlink.cells_of(p.cells)]
    return puzzlink.url_text(pid, p.cols, p.rows, puzzlink.encode_number16(values), flags)


def _letter(n: int) -> Label:
    if 1 <= n <= 26:
        return chr(64 + n)
    if 27 <= n <= 52:
        return chr(96 + n - 26)
    return n


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The lines' two ends, for the conflict search: a line taken out empties both (every cell
    need not be used, so the other lines lose nothing)."""
    return [
        Given(a, f"{label}, with {cell_name(b)}", also=(b,)) for label, (a, b) in p.ends().items()
    ]


# the count's budget in frontiers made (`Tuning.count_work`), past which the SAT solver's guess
# and proof take over: chosen on the 290 odd-numbered published puzzles (benchmarks.
# benchmark_puzzlekit's dataset), from each one's count alone (the frontiers it makes to end, 8.6M a
# second) and the SAT solver's guess and proof alone (the MIP's confirmation of the guess taken
# as 0.27 s, its median): their seconds in all, each at most 10, 324 with a budget of 1M, 332
# with 2M, 348 with 5M, 569 with 40M; checked on the 290 even-numbered: 454, 461, 477, 707.
# 280 of the 543 puzzles of up to 15 columns end within 1M (430 within 40M), most at once;
# where a count needs more, the SAT solver decides sooner on nearly every grid of 13 columns or
# more, and about as soon on 12 x 12 grids
COUNT_WORK = 1_000_000

# the count again for the uniqueness proof, after the search's answer, where the count before
# it gave up (`Tuning.proof_count_work`, `_others`): in frontiers made, chosen on the 57
# odd-numbered published puzzles of up to 300 cells whose count gave up (13 x 13 to 17 x 17,
# 15 x 20): 21 counts end within 250M, 3 more within 300M, the rest need more; checked on the
# 56 even-numbered ones: 18 within 250M, 3 more within 300M. Its memory is the frontiers of
# one cell (`link_count`), which PROOF_STATES bounds
PROOF_COUNT_WORK = 250_000_000
PROOF_STATES = 10_000_000  # frontiers at one cell before a side's search is dropped

# the SAT solver's budget in the uniqueness proof, in conflicts (`Tuning.proof_sat_conflicts`,
# `_solved`), chosen on the published puzzles whose count gives up (benchmarks.
# benchmark_puzzlekit's dataset, --time-limit 10): with it, 24 of the 71 odd-numbered are proved
# within 10 s, where the count alone proves 7; checked on the 83 even-numbered: 33, where the
# count alone proves 9. Given the answer, 11 of the first 15 odd-numbered proofs end within
# 5,000 to 227,000 conflicts and 4 go past 400,000 (CaDiCaL makes 10,000 to 25,000 a second on
# 15 x 15 grids): the budget lets a proof of about a minute end, then hands on to the count;
# within 10 s the time limit comes first
PROOF_SAT_CONFLICTS = 500_000

# the SAT solver's budget for the search's guess, an answer that uses every cell (or, where there is
# none, any answer: `Tuning.guess_sat_work`, `_kept_answer`), in its propagations (4 to 7 million a
# second on 20 x 20 and larger grids; a conflict costs 5 times more on a 25 x 42 grid than on a
# 20 x 20 one). Measured on the 154 published puzzles whose count gives up
# (benchmarks.benchmark_puzzlekit's dataset): on the odd-numbered 71, the guess is found within 2M
# propagations for 54, 5M for 62, 10M for 65, 20M for 68 and 60M for 69 (567_30x30, 52M, 9 s); three
# have no such answer (their answers leave cells empty), ended within 1M. Checked on the
# even-numbered 83: 57, 71, 78, 79 and 79 (110_25x42 needs 106M, 20 s). Where the MIP's search took
# 7 to 9 s on 15 x 15 and 20 x 20 grids, the guess takes 0.1 to 1.5 s
GUESS_SAT_WORK = 20_000_000

GENRE = define(
    __name__,
    slug="numberlink",
    ja="ナンバーリンク",
    pzpr_ids=("numlin", "arukone"),
    names=("numlin",),  # not 'arukone': that variant also needs every cell used
    lazy=True,
    tuning=Tuning(
        count_work=COUNT_WORK,
        proof_count_work=PROOF_COUNT_WORK,
        proof_sat_conflicts=PROOF_SAT_CONFLICTS,
        guess_sat_work=GUESS_SAT_WORK,
    ),
)
