"""Fuzzing the puzz.link readers: every genre with a pzprjs id, from its seed URLs (pzprjs's own
test URLs, tests/data/pzprjs_urls.json, the URLs of the sample sheets, and of the smallest of
a genre's published puzzles, tests/data/published/<slug>.json), damaged in every way
a link gets damaged: cut at every position, each character replaced by each of a set of
characters, junk appended, flags added, sizes 0, negative, huge, one off, swapped, and bodies
repeated to fill the largest grid. Every URL either makes a puzzle or is a UrlError, never
another error, and within SLACK seconds however large it is. A puzzle made is written back by
the genre's `to_url` and read again to the same puzzle; some of them (seeded) go the whole way
of `import`, typed into a sheet and read back by the genre (`links.puzzle_of_url`).
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator

import pytest
from conftest import ROOT, SLACK, WORKBOOKS

from solver import batch
from solver.genres import Genre, all_genres, genre_by_slug, genre_for_pzpr, genre_for_sheet
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet import Grid
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.links import puzzle_of_url
from solver.pipeline import read_puzzle

# every kind of token, its edges, and what no token is
CHARS = "0123456789abcdefghijklmnopqrstuvwxyzAFGZ.-+=%@*$/_ !~é\x00"
JUNK = ["0", "z", "v", ".", "-", "/", "//", "/0", "/1/2", "/x", "%2F", "#", "?", "&x=1"]
FLAGS = ["f/", "e/", "d/", "b/", "o/", "c/", "x/", "v:/", "fb/"]
SIZES = ["0", "1", "2", "-1", "-0", "00", "99999", "9" * 40, "101", "100", "1e2", "0x10", " 5"]
WHOLE_IMPORTS = 3  # per seed: the puzzles made that go through the whole import too


def canonical(genre: Genre, puzzle: object) -> tuple:
    drawn = genre.drawn_rooms(puzzle)
    return genre.to_cells(puzzle), drawn[0].ids if drawn else None


def seeds() -> list[str]:
    data = json.loads((ROOT / "tests/data/pzprjs_urls.json").read_text(encoding="utf-8"))
    found = [entry["url"] for entry in data["urls"]]
    for path in sorted(WORKBOOKS.glob("*.xlsx")):
        book = OpenpyxlBook(path)
        for sheet in batch.puzzle_sheets(book, None):
            genre = genre_for_sheet(sheet)
            if genre is not None and genre.to_url is not None:
                genre, _, puzzle = read_puzzle(book, sheet)
                found.append(genre.to_url(puzzle))
    for path in sorted((ROOT / "tests/data/published").glob("*.json")):
        genre = genre_by_slug(path.stem)
        entries = json.loads(path.read_text(encoding="utf-8"))
        if genre.to_url is not None and entries:
            for small in sorted(entries, key=lambda e: e["rows"] * e["cols"]):
                # the smallest that puzz.link has a form for (bomber's count of bombs: none)
                with contextlib.suppress(UrlError):
                    found.append(genre.to_url(genre.parse(Grid(path.stem, small["cells"]))))
                    break
    return list(dict.fromkeys(found))


def mutations(url: str) -> Iterator[str]:
    """Every damaged form of a URL (`head/cols/rows/body`, where head is `...?name[/flags]`)."""
    head, cols, rows, body = _split(url)
    start = url.index("?") + 1
    for k in range(start, len(url)):  # cut at every position
        yield url[:k]
    for k in range(len(body)):  # each character of the body replaced
        for ch in CHARS:
            yield f"{head}/{cols}/{rows}/{body[:k]}{ch}{body[k + 1 :]}"
    for junk in JUNK:
        yield url + junk
    name = url[start:].split("/", 1)[0]
    for flag in FLAGS:
        yield f"{url[:start]}{name}/{flag}{cols}/{rows}/{body}"
    others = [str(int(cols) + 1), str(int(rows) - 1), rows]
    for size in [*SIZES, *others]:
        for c, r in ((size, rows), (cols, size), (size, size)):
            yield f"{head}/{c}/{r}/{body}"
            yield f"{head}/{c}/{r}/"
            yield f"{head}/{c}/{r}"
    yield f"{head}/{rows}/{cols}/{body}"  # swapped
    for c, r in (("100", "100"), ("100", "1"), ("1", "100"), ("50", "50")):
        for times in (1, 7, 100, 1000):
            yield f"{head}/{c}/{r}/{(body * times)[: 40 * int(c) * int(r)]}"


def _split(url: str) -> tuple[str, str, str, str]:
    """(head, cols, rows, body): the size is the first two numbers after the genre's name."""
    start = url.index("?")
    parts = url[start:].split("/")
    k = min(i for i in range(1, len(parts) - 1) if parts[i].isdigit() and parts[i + 1].isdigit())
    head = url[:start] + "/".join(parts[:k])
    return head, parts[k], parts[k + 1], "/".join(parts[k + 2 :])


def genre_seeds() -> list[tuple[str, list[str]]]:
    by_genre: dict[str, list[str]] = {}
    for url in seeds():
        genre = genre_for_pzpr(parse_url(url).pid)
        assert genre is not None
        by_genre.setdefault(genre.slug, []).append(url)
    return sorted(by_genre.items())


def test_every_genre_with_an_id_has_seeds():
    fuzzed = {slug for slug, _ in genre_seeds()}
    assert fuzzed == {g.slug for g in all_genres() if g.from_url is not None}


@pytest.mark.slow
@pytest.mark.parametrize("slug, urls", genre_seeds())
def test_damaged_urls_make_a_puzzle_or_a_url_error(slug, urls):
    rng = random.Random(slug)
    tried = made = 0
    for seed in urls:
        whole = 0
        for url in dict.fromkeys(mutations(seed)):
            tried += 1
            start = time.perf_counter()
            try:
                parsed = parse_url(url)
                genre = genre_for_pzpr(parsed.pid)
                if genre is None or genre.slug != slug:
                    continue
                puzzle = genre.from_url(parsed)
            except UrlError:
                pass
            except Exception as exc:
                pytest.fail(f"{url}: {type(exc).__name__}: {exc}")
            else:
                made += 1
                written = genre.to_url(puzzle)
                again = genre.from_url(parse_url(written))
                assert canonical(genre, again) == canonical(genre, puzzle), (url, written)
                assert genre.to_url(again) == written, url
                if whole < WHOLE_IMPORTS and rng.random() < 0.2:
                    whole += 1
                    with contextlib.suppress(UrlError):  # a sheet may refuse it: a message
                        puzzle_of_url(url)
            assert time.perf_counter() - start < SLACK, url
    assert made > 0 and tried > 1000


def _runs(cells: int, most: int = 20, first: str = "g") -> str:
    """number16's runs of empty cells (or another codec's, from `first`) for `cells` cells."""
    full, rest = divmod(cells, most)
    return chr(ord(first) + most - 1) * full + (chr(ord(first) + rest - 1) if rest else "")


N = 100
NO_WALLS = "0" * (2 * (-(-(N - 1) * N // 5)))  # the border codec of a 100 x 100 grid, no walls


def _halves() -> str:
    """The border codec of a 100 x 100 grid of two rooms, its left and right halves (a grid of
    one room, typed among thin lines, reads as walls drawn too thin)."""
    bits = [0] * ((N - 1) * N)
    for r in range(N):
        bits[r * (N - 1) + N // 2 - 1] = 1
    bits += [0] * (-len(bits) % 5)
    digits = "0123456789abcdefghijklmnopqrstuv"
    vertical = "".join(
        digits[int("".join(map(str, bits[k : k + 5])), 2)] for k in range(0, len(bits), 5)
    )
    return vertical + NO_WALLS[len(vertical) :]


HALVES = _halves()

# the largest grids, with what makes a genre's checks work hardest: a lone `?` (every rectangle
# of the grid), one room of every cell, every cell a clue
LARGEST = [
    (f"shikaku/{N}/{N}/" + _runs(N * N // 2) + "." + _runs(N * N - N * N // 2 - 1), "more"),
    (f"shikaku/{N}/{N}/" + "." * (N * N), None),
    (f"fillmat/{N}/{N}/" + "." * (N * N), None),
    (f"factors/{N}/{N}/{HALVES}11", None),
    (f"heyawake/{N}/{N}/{HALVES}5.", None),
    (f"ripple/{N}/{N}/{HALVES}" + _runs(N * N), None),
    (f"hitori/{N}/{N}/" + "1" * (N * N), None),
    (f"nurikabe/{N}/{N}/" + "." * (N * N), None),
]


@pytest.mark.slow
@pytest.mark.parametrize("body, refused", LARGEST)
def test_the_largest_puzzles_are_read_in_time(body, refused):
    start = time.perf_counter()
    try:
        puzzle_of_url(f"https://puzz.link/p?{body}")
        assert refused is None
    except UrlError as exc:
        assert refused is not None and refused in str(exc)
    assert time.perf_counter() - start < SLACK
