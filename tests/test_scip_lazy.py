"""SCIP taking lazy cuts inside its one search (solver.scip_lazy), against the rounds of solves
that HiGHS and CBC use: the same answers, every cut kept, and the proof of uniqueness."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from solver.backends import LiveModel, Settings, Tuning
from solver.genres import genre_for_pzpr
from solver.pipeline import solve_puzzle
from solver.puzzlink import parse_url

LARGE = Path(__file__).resolve().parent / "data" / "large" / "puzzles.json"


def published(name: str) -> tuple[object, object]:
    entry = next(p for p in json.loads(LARGE.read_text(encoding="utf-8")) if p["name"] == name)
    url = parse_url(entry["url"])
    genre = genre_for_pzpr(url.pid)
    return genre, genre.from_url(url)


@pytest.mark.parametrize("name", ["heyawake-3", "hitori-2", "mashu-2"])
def test_one_search_finds_the_answer_of_the_rounds_and_proves_it_unique(name):
    genre, puzzle = published(name)
    rounds = solve_puzzle(genre, puzzle, Settings("scip", cuts_in_search=False))
    at_once = dataclasses.replace(genre, tuning=Tuning("scip", search_after=0.0))
    search = solve_puzzle(at_once, puzzle, Settings("scip"))  # in the search from round 2
    assert search.status == rounds.status == "solved"
    assert search.violations == [] and search.unique is True and rounds.unique is True
    assert search.answer == rounds.answer


def test_cuts_learnt_in_a_search_are_kept_in_the_model():
    genre, puzzle = published("heyawake-3")
    m = genre.build(puzzle, True)
    at_once = Settings("scip").resolved(Tuning("scip", search_after=0.0))
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
    off = dataclasses.replace(Settings("scip"), cuts_in_search=False)
    out = solve_puzzle(genre, puzzle, off)
    assert out.status == "solved" and out.unique is True
    assert LiveModel(m.prob, Settings("scip"), separate=m.violated).in_search is not None


def test_a_genres_tuning_reaches_scip():
    """Genre.tuning: the back end "default" means, when SCIP starts its one search, and whether
    SCIP adds cutting planes and primal heuristics of its own; a solver named in the settings
    wins over the genre's."""
    genre, puzzle = published("heyawake-3")
    assert genre.tuning == Tuning(
        "scip", search_after=0.0, scip_separating=False, scip_heuristics=False, scip_presolve=False
    )
    assert Settings().resolved(genre.tuning).solver == "scip"
    assert Settings("highs").resolved(genre.tuning).solver == "highs"
    m = genre.build(puzzle, True)
    live = LiveModel(m.prob, Settings().resolved(genre.tuning), separate=m.violated)
    assert live.native.getParam("separating/maxrounds") == 0
    assert live.native.getParam("heuristics/rins/freq") == -1  # heuristics off
    assert live.native.getParam("presolving/maxrounds") == 0  # presolve off
    assert live.solve_lazy(m.violated) == "solved" and m.violated() == []
    assert live.rounds == 2 and live.learnt() > 0  # one round, then the cuts in one search
    plain = LiveModel(genre.build(puzzle, True).prob, Settings("scip").resolved())
    assert plain.native.getParam("separating/maxrounds") != 0
    assert plain.native.getParam("heuristics/rins/freq") != -1
