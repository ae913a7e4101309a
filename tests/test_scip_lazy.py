"""SCIP taking lazy cuts inside its one search (solver.mip.scip_lazy), against the rounds of solves
that HiGHS and CBC use: the same answers, every cut kept, and the proof of uniqueness."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
from pathlib import Path

import pyscipopt
import pytest

from solver import limits
from solver.genres import genre_for_pzpr
from solver.io.puzzlink import parse_url
from solver.mip import scip
from solver.mip.backends import LiveModel
from solver.mip.settings import ONE_SCIP_SEARCH, Settings, Tuning
from solver.pipeline import solve_puzzle

DATA = Path(__file__).resolve().parent / "data" / "large"
LARGE = DATA / "puzzles.json"


def published(name: str, path: Path = LARGE) -> tuple[object, object]:
    entry = next(p for p in json.loads(path.read_text(encoding="utf-8")) if p["name"] == name)
    url = parse_url(entry["url"])
    genre = genre_for_pzpr(url.pid)
    return genre, genre.from_url(url)


@pytest.mark.parametrize("name", ["heyawake-3", "hitori-2", "country-2"])
@pytest.mark.slow
def test_one_search_finds_the_answer_of_the_rounds_and_proves_it_unique(name):
    """On the pure MIP (no deductions, which decide some of these whole before any search)."""
    genre, puzzle = published(name)
    rounds = solve_puzzle(genre, puzzle, Settings("scip", cuts_in_search=False, deduce=False))
    at_once = dataclasses.replace(genre, tuning=Tuning("scip", search_after=0))
    search = solve_puzzle(
        at_once, puzzle, Settings("scip", deduce=False)
    )  # one search, answer and proof
    assert search.status == rounds.status == "solved"
    assert search.violations == [] and search.unique is True and rounds.unique is True
    assert search.answer == rounds.answer
    assert search.rounds == 1  # the search went on past the answer to the proof


def test_cuts_learnt_in_a_search_are_kept_in_the_model():
    genre, puzzle = published("heyawake-3")
    m = genre.build(puzzle, True)
    at_once = Settings("scip").resolved(Tuning("scip", search_after=0))
    live = LiveModel(m.prob, at_once, separate=m.violated)
    assert live.solve_lazy(m.violated) == "solved"
    assert m.violated() == []  # the answer breaks no cut, though no round added them all
    learnt = live.learnt()
    assert learnt > 0 and live.cuts >= learnt
    live.solve()  # the next solve first moves the learnt cuts into the problem for good
    kept = [c for c in m.prob.constraints() if c.name.startswith("learnt_")]
    assert len(kept) == learnt


def test_highs_and_cbc_take_their_cuts_in_rounds():
    genre, puzzle = published("hitori-2")
    for solver in ("highs", "cbc"):
        m = genre.build(puzzle, True)
        live = LiveModel(m.prob, Settings(solver), separate=m.violated)
        assert live.in_search is None
        assert live.solve_lazy(m.violated) == "solved" and m.violated() == []


def test_settings_can_turn_the_search_off():
    genre, puzzle = published("hitori-2")
    m = genre.build(puzzle, True)
    off = dataclasses.replace(Settings("scip", deduce=False), cuts_in_search=False)
    out = solve_puzzle(genre, puzzle, off)
    assert out.status == "solved" and out.unique is True
    assert LiveModel(m.prob, Settings("scip"), separate=m.violated).in_search is not None


def test_a_genres_tuning_reaches_scip():
    """Genre.tuning: the back end "default" means, when SCIP starts its one search, and whether
    SCIP adds cutting planes and primal heuristics of its own; a solver named in the settings
    wins over the genre's."""
    genre, puzzle = published("heyawake-3")
    assert genre.tuning == dataclasses.replace(
        ONE_SCIP_SEARCH,
        **{f.name: getattr(genre.tuning, f.name) for f in dataclasses.fields(Tuning)[11:]},
    )
    assert Settings().resolved(genre.tuning).solver == "scip"
    assert Settings("highs").resolved(genre.tuning).solver == "highs"
    m = genre.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), separate=m.violated)
    assert live.native.getParam("separating/maxrounds") == 0
    assert live.native.getParam("heuristics/rins/freq") == -1  # heuristics off
    assert live.native.getParam("presolving/maxrounds") == 0  # presolve off
    assert live.solve_lazy(m.violated) == "solved" and m.violated() == []
    assert live.rounds == 1 and live.learnt() > 0  # search_after 0: one search from the start
    plain = LiveModel(genre.build(puzzle, True).prob, Settings("scip").resolved())
    assert plain.native.getParam("separating/maxrounds") != 0
    assert plain.native.getParam("heuristics/rins/freq") != -1


def test_one_search_finds_a_second_answer_and_stops_there():
    """heyawake-17 (tests/data/large/heyawake.json) has several answers as published: the search
    that goes on past its first answer stops at the second, a different answer by the rules."""
    genre, puzzle = published("heyawake-17", DATA / "heyawake.json")
    m = genre.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), separate=m.violated)
    assert live.solve_lazy(m.violated, exclude=m.exclude_answer) == "solved"
    first = genre.decode(puzzle, m)
    assert live.rounds == 1 and live.unique is False and live.answer_at is not None
    live.load_second()
    second = genre.decode(puzzle, m)
    assert second != first
    assert genre.verify(puzzle, first) == [] and genre.verify(puzzle, second) == []
    # the pipeline tells the same, with the cells
    out = solve_puzzle(genre, puzzle, Settings(deduce=False))
    assert (out.status, out.unique, out.violations) == ("solved", False, [])
    assert out.differ and out.rounds == 1


@pytest.mark.slow
def test_one_search_agrees_with_a_second_search_where_scip_presolves_and_guesses():
    """With SCIP's presolve and primal heuristics on (as nurikabe's SCIP has them): SCIP checks a
    heuristic's all-unshaded grid during presolve, which breaks no cut but a room's count; it is
    no answer. An "infeasible" after presolve is checked by a second run without it, which sees
    the answer again (its cut gone with the transformed problem) and must not count it twice."""
    for name in ("hitori-2", "nurikabe-2", "heyawake-3"):
        genre, puzzle = published(name)
        tuning = Tuning("scip", search_after=0, scip_presolve=True, scip_heuristics=True)
        m = genre.build(puzzle, True)
        live = LiveModel(m.prob, Settings().resolved(tuning), separate=m.violated)
        assert live.solve_lazy(m.violated, exclude=m.exclude_answer) == "solved"
        assert live.unique is True and len(live.in_search.answers) == 1
        assert genre.verify(puzzle, genre.decode(puzzle, m)) == []
        assert live.rounds == 1


def test_without_the_uniqueness_cut_the_search_stops_at_its_answer():
    genre, puzzle = published("heyawake-3")
    m = genre.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), separate=m.violated)
    assert live.solve_lazy(m.violated) == "solved"
    assert live.unique is None and live.in_search.answers == []
    assert live.native.getNSols() == 1  # SCIP kept it, as a plain solve does


def test_yajilin_searches_on_scip_without_strong_branching():
    """yajilin's tuning: SCIP's one search, bare (no presolve, heuristics or cutting planes) and
    with pseudo-costs from the first branching; heyawake keeps SCIP's strong branching."""
    genre, puzzle = published("yajilin-2")
    m = genre.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), separate=m.violated)
    assert live.settings.solver == "scip" and live.in_search.active
    assert live.native.getParam("branching/relpscost/maxreliable") == 0
    assert live.native.getParam("branching/relpscost/minreliable") == 0
    out = solve_puzzle(genre, puzzle, Settings(deduce=False))
    assert (out.status, out.unique, out.violations, out.rounds) == ("solved", True, [], 1)
    other, puzzle = published("heyawake-3")
    m = other.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(other.tuning), separate=m.violated)
    assert live.native.getParam("branching/relpscost/maxreliable") > 0


def test_heyawake_branches_by_inference_on_small_grids_only():
    """A model's branching rule (`Model.scip_branching`) reaches SCIP, and the search with it
    keeps the answer and its proof; heyawake asks for inference branching up to
    `heyawake.INFERENCE_UP_TO` cells (heyawake-3 is 12x12), not on the 24x14."""
    genre, puzzle = published("heyawake-3")
    m = genre.build(puzzle, True)
    assert m.scip_branching == "inference"
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), branching=m.scip_branching)
    assert live.native.getParam("branching/inference/priority") > max(
        live.native.getParam("branching/relpscost/priority"),
        live.native.getParam("branching/pscost/priority"),
    )
    out = solve_puzzle(genre, puzzle, Settings(deduce=False))
    assert (out.status, out.unique, out.violations) == ("solved", True, [])
    _, larger = published("heyawake-24x14", DATA / "published.json")
    assert genre.build(larger, True).scip_branching is None


def test_a_signal_while_scip_frees_its_handlers_is_raised_after(monkeypatch):
    """Freeing the transformed problem calls the lazy cuts' handler (conslock) in this thread: a
    Ctrl-C handled inside it would be lost there and fail SCIP; it is raised once SCIP is done."""
    genre, puzzle = published("hitori-2")
    m = genre.build(puzzle, True)
    at_once = Settings("scip").resolved(Tuning("scip", search_after=0))
    live = LiveModel(m.prob, at_once, separate=m.violated)
    assert live.solve_lazy(m.violated) == "solved"
    locked = []

    def lock(*_args):
        locked.append(True)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(live.in_search, "conslock", lock)
    with limits.stopping(), pytest.raises(KeyboardInterrupt):
        scip.free(live.native.freeTransform)
    assert locked  # the signal came inside SCIP's call
    assert live.native.getStage() == pyscipopt.SCIP_STAGE.PROBLEM
