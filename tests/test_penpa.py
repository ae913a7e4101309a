"""penpa-edit links: real links of published puzzles imported and solved, every sample sheet
through a link and back, the genre a link names, and malformed links refused in one line."""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import zlib
from pathlib import Path

import pytest

from solver import pipeline
from solver.batch import puzzle_sheets
from solver.blocks.rooms import RoomPuzzle, Rooms
from solver.cli import main
from solver.genres import genre_by_slug
from solver.io import penpa, penpa_codecs, penpa_genres
from solver.io.puzzlink import UrlError, parse_url
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.io.workbook import add_puzzle_sheet
from solver.mip.settings import Settings
from solver.pipeline import read_puzzle

DATA = json.loads((Path(__file__).parent / "data" / "penpa_links.json").read_text("utf-8"))
LINKS = {e["name"]: e for e in DATA["links"]}
PUBLISHED = [name for name, e in LINKS.items() if e.get("unique")]
DRAWN = [name for name, e in LINKS.items() if e.get("puzzlink")]
SAMPLES = Path(__file__).parent.parent / "workbooks"


def plain(puzzle):
    """A puzzle without its room labels (penpa draws rooms; it has no labels to keep)."""
    if isinstance(puzzle, Rooms):
        return dataclasses.replace(puzzle, labels=())
    if dataclasses.is_dataclass(puzzle):
        fields = [f.name for f in dataclasses.fields(puzzle) if f.init]
        return dataclasses.replace(puzzle, **{f: plain(getattr(puzzle, f)) for f in fields})
    return puzzle


# --- published links ----------------------------------------------------------------------------


def answer_marks(link: str) -> dict[str, set]:
    """The answer marks a link's author left in penpa's answer layer: cells shaded dark or
    marked light, lines between cell centres (1 or 2 of them), thick lines between corners."""
    lines = penpa.expand(penpa.inflate(penpa.link_params(link)["p"])).split("\n")
    board = penpa.read_board(link)
    a = json.loads(lines[4]) if len(lines) > 4 and lines[4] else {}
    marks: dict[str, set] = {"dark": set(), "light": set(), "lines": set(), "edges": set()}
    for key, colour in a.get("surface", {}).items():
        _, r, c = board.where(int(key))
        marks["dark" if colour in penpa.DARK else "light"].add((r, c))
    for layer, kind in (("line", "lines"), ("lineE", "edges")):
        for key, style in a.get(layer, {}).items():
            if "," in key:
                p, q = sorted(board.where(int(k)) for k in key.split(","))
                marks[kind].add((p[1], p[2], q[1], q[2], 2 if style == 30 else 1))
    return marks


def solve_link(tmp_path: Path, entry: dict) -> dict:
    genre = None if entry["names_genre"] else genre_by_slug(entry["genre"])
    genre, puzzle, _ = penpa_genres.penpa_import(entry["link"], genre)
    assert genre.slug == entry["genre"]
    book, sheet = add_puzzle_sheet(tmp_path / "book.xlsx", genre, puzzle)
    res = pipeline.solve_sheet(book, sheet, Settings(time_limit=None))
    return res.record()


@pytest.mark.parametrize("name", PUBLISHED)
@pytest.mark.slow
def test_published_link_solves_to_one_answer(tmp_path, name):
    entry = LINKS[name]
    record = solve_link(tmp_path, entry)
    assert (record["status"], record["unique"]) == ("solved", True), record["error"]
    answer, marks = record["answer"], answer_marks(entry["link"])
    shaded = {tuple(rc) for rc in answer.get("shaded", [])}
    assert marks["dark"] <= shaded and not marks["light"] & shaded
    if marks["lines"]:  # the author's lines are the answer's, as many of them
        assert marks["lines"] <= {tuple(seg) for seg in answer["lines"]}
    if marks["edges"] and "edges" in answer:  # slitherlink: edges between lattice points
        assert {e[:4] for e in marks["edges"]} <= {tuple(e) for e in answer["edges"]}


@pytest.mark.parametrize("name", DRAWN)
def test_penpa_drawing_is_the_published_puzzlink_puzzle(name):
    """penpa's own drawing of a puzz.link puzzle (from its genre tags, with no --genre) reads
    as the puzzle that the puzz.link URL gives."""
    entry = LINKS[name]
    genre, puzzle, _ = penpa_genres.penpa_import(entry["link"])
    assert genre.slug == entry["genre"]
    expected = genre.from_url(parse_url(entry["puzzlink"]))
    if isinstance(puzzle, RoomPuzzle):  # penpa writes a room's number in another of its cells
        assert plain(puzzle.rooms) == plain(expected.rooms)
        assert puzzle.room_numbers() == expected.room_numbers()
    else:
        assert plain(puzzle) == plain(expected)


# penpa's drawings that our writer makes again, layer for layer, from the puzz.link puzzle
SAME_DRAWN_GENRES = {"nonogram", "gokigen", "tents", "fillomino", "yin-yang", "lits", "star-battle"}
SAME_DRAWN_GENRES |= {"kurotto", "nurimisaki", "aqre", "abc-place", "galaxies", "inshi-no-heya"}
SAME_DRAWING = [name for name in DRAWN if LINKS[name]["genre"] in SAME_DRAWN_GENRES]


def layers(link: str) -> dict:
    board = penpa.read_board(link)
    out: dict = {"board": (board.rows, board.cols, board.space)}
    for name in ("number", "numberS", "symbol", "surface", "lineE", "cage"):
        out[name] = {
            k: [str(x) for x in v] if isinstance(v, list) else v
            for k, v in (board.q.get(name) or {}).items()
        }
    out["killercages"] = board.q.get("killercages") or []
    return out


@pytest.mark.parametrize("name", SAME_DRAWING)
def test_our_link_draws_the_puzzle_as_penpa_does(name):
    """The link we write for a puzz.link puzzle holds penpa's own drawing of it: the board,
    its margins, the clue layers and penpa's guide lines."""
    entry = LINKS[name]
    genre = genre_by_slug(entry["genre"])
    ours = penpa_genres.to_penpa(genre, genre.from_url(parse_url(entry["puzzlink"])))
    assert layers(ours) == layers(entry["link"])


def test_icebarn_ice_is_outlined_as_penpa_outlines_it():
    """Our link of an icebarn outlines its ice where it meets cells without ice, as penpa's own
    links of noqx's icebarns do (theirs outline parts of the grid's frame as well); noqx reads
    an ice area by its outline, and without it lets the path miss one."""
    genre = genre_by_slug("icebarn")
    links = [e for e in DATA["links"] if e["genre"] == "icebarn"]
    assert len(links) == 4
    for entry in links:
        _, puzzle, board = penpa_genres.penpa_import(entry["link"], genre)
        ours = penpa.read_board(penpa_genres.to_penpa(genre, puzzle)).q["lineE"]
        theirs = board.q["lineE"]
        assert ours and set(ours) <= set(theirs) and set(ours.values()) == {2}, entry["name"]
        frame = {k for k in theirs if k not in ours}
        corners = [board.where(int(x)) for k in frame for x in k.split(",")]
        rows, cols = board.rows, board.cols
        assert all(r in (0, rows) or c in (0, cols) for _, r, c in corners), entry["name"]


def test_killer_cages_are_drawn_as_penpa_draws_them():
    """penpa's cage tool draws a killer cage as dashed lines round it between the cells'
    inner corners; a real link's cages (noqx's killer sudoku) are drawn again the same."""
    link = next(e["link"] for e in DATA["refused"] if e["name"] == "sudoku-noqx3-killer")
    board = penpa.read_board(link)
    w = penpa.Writer(board.rows, board.cols, gridtype="sudoku")
    for cage in board.q["killercages"]:
        if cage:
            w.killer_cage([board.where(k)[1:] for k in cage])
    assert w.q["cage"] == board.q["cage"]
    assert w.q["killercages"] == [cage for cage in board.q["killercages"] if cage]


@pytest.mark.parametrize("entry", DATA["refused"], ids=lambda e: e["name"])
def test_variant_links_are_refused_with_what_they_draw(entry):
    with pytest.raises(UrlError) as caught:
        penpa_genres.penpa_import(entry["link"], genre_by_slug(entry["genre"]))
    message = str(caught.value)
    assert entry["refused_with"] in message and "\n" not in message


def test_import_command_reads_a_penpa_link(tmp_path, capsys):
    out = tmp_path / "n.xlsx"
    link = LINKS["nurikabe-noqx0"]["link"]
    assert main(["import", link, "-o", str(out)]) == 2  # no title, no tags: which genre?
    assert "--genre" in capsys.readouterr().err
    assert main(["import", link, "-o", str(out), "--genre", "ぬりかべ", "--solve"]) == 0
    assert "solved; unique" in capsys.readouterr().out
    query = link.replace("/#m=edit", "/?m=edit")  # the older '?m=' form
    assert main(["import", query, "-o", str(out), "--genre", "nurikabe"]) == 0


def test_import_command_names_what_it_cannot_use(tmp_path, capsys):
    link, out = LINKS["nurikabe-noqx0"]["link"], str(tmp_path / "x.xlsx")
    assert main(["import", link, "-o", out, "--genre", "nosuch"]) == 2
    assert "--genre nosuch: no such genre" in capsys.readouterr().err
    assert main(["import", link, "-o", out, "--genre", "hidato"]) == 2
    assert "penpa links of hidato are not supported" in capsys.readouterr().err


def test_a_penpa_link_that_wraps_a_puzzlink_url_imports_that_url(tmp_path, capsys):
    wrapped = penpa.PENPA_HOME + "#m=edit&p=https://puzz.link/p?mines/3/3/1h1k"
    assert main(["import", wrapped, "-o", str(tmp_path / "x.xlsx")]) == 0
    assert "wrote bomber 3x3" in capsys.readouterr().out


def test_import_command_refuses_a_genre_other_than_the_urls(tmp_path, capsys):
    url = "https://puzz.link/p?mines/3/3/1h1k"
    assert main(["import", url, "-o", str(tmp_path / "x.xlsx"), "--genre", "nurikabe"]) == 2
    assert "bomber" in capsys.readouterr().err


# --- every sample through a link and back ------------------------------------------------------


def sample_sheets() -> list[tuple[str, str]]:
    found = []
    for slug in sorted(penpa_codecs.CODECS):
        path = SAMPLES / f"{slug}.xlsx"
        found += [(slug, sheet) for sheet in puzzle_sheets(OpenpyxlBook(path), None)]
    return found


@pytest.mark.parametrize("slug, sheet", sample_sheets())
def test_sample_round_trips_through_a_penpa_link(slug, sheet):
    book = OpenpyxlBook(SAMPLES / f"{slug}.xlsx")
    genre, _, puzzle = read_puzzle(book, sheet)
    link = penpa_genres.penpa_url(book, sheet)
    assert link.startswith(penpa.PENPA_HOME + "#m=solve&p=")
    back, again, board = penpa_genres.penpa_import(link)  # the link names its genre: its title
    assert back is genre and board.title == penpa_codecs.CODECS[slug].title
    assert plain(again) == plain(puzzle)


def test_every_importable_genre_has_a_sample():
    assert {slug for slug, _ in sample_sheets()} == set(penpa_codecs.CODECS)


# --- the genre a link names ----------------------------------------------------------------


@pytest.mark.parametrize(
    "title, slug",
    [
        ("Nurikabe #12 by someone", "nurikabe"),
        ("ぬりかべ", "nurikabe"),
        ("Masyu", "masyu"),
        ("Pearl (easy)", "masyu"),
        ("country road", "country-road"),
        ("Country-Road 3", "country-road"),
        ("へやわけ 第1問", "heyawake"),
        ("Light Up: a classic", "akari"),
        ("Hotaru Beam", "hotaru-beam"),
        ("Ripple Effect", "ripple-effect"),
        ("Sudoku", "sudoku"),
        ("Thermo Sudoku", None),
        ("Masyuu", None),
        ("My favourite puzzle", None),
    ],
)
def test_title_names_the_genre(title, slug):
    assert penpa_genres.genre_named(title) == slug


def test_genre_tags_name_the_genre_when_the_title_does_not():
    board = penpa.Board("square", 2, 2, (0, 0, 0, 0), {}, title="Puzzle 7", tags=("country road",))
    assert penpa_genres.genre_of(board).slug == "country-road"
    two = dataclasses.replace(board, tags=("masyu", "nurikabe"))
    assert penpa_genres.genre_of(two) is None
    ruled = dataclasses.replace(two, rules="Nurikabe: shade some cells ...")
    assert penpa_genres.genre_of(ruled).slug == "nurikabe"


# --- malformed links -------------------------------------------------------------------------


def link_of(text: str) -> str:
    return f"{penpa.PENPA_HOME}#m=solve&p={penpa.deflate(text)}"


def edited(name: str, **changes) -> str:
    """A real link with lines of its text replaced (line number -> text)."""
    lines = penpa.expand(penpa.inflate(penpa.link_params(LINKS[name]["link"])["p"])).split("\n")
    for k, text in changes.items():
        lines[int(k[1:])] = text
    return link_of(penpa.abbreviate("\n".join(lines)))


def refused(link: str, genre: str | None = "nurikabe") -> str:
    with pytest.raises(UrlError) as caught:
        penpa_genres.penpa_import(link, genre_by_slug(genre) if genre else None)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400
    return message


def test_malformed_envelopes_are_refused_in_one_line():
    good = LINKS["nurikabe-noqx0"]["link"]
    data = penpa.link_params(good)["p"]
    assert "not base64" in refused(good.replace(data, data[:50] + "!*" + data[52:]))
    assert "truncated" in refused(good.replace(data, data[:-40]))
    assert "not a penpa" in refused("https://swaroopg92.github.io/penpa-edit/#m=solve")
    assert "does not inflate" in refused(
        good.replace(data, base64.b64encode(b"\xff" * 30).decode())
    )
    assert "not text" in refused(link_of("x").replace(penpa.deflate("x"), _raw(b"\xff\xfe")))
    assert "only square grids" in refused(edited("nurikabe-noqx0", l0="hex,10,10,38"))
    assert "old penpa format" in refused(edited("nurikabe-noqx0", l0="10,10,38"))
    assert "not valid JSON" in refused(edited("nurikabe-noqx0", l3='{"number": {'))
    assert "not valid JSON" in refused(edited("nurikabe-noqx0", l3="[" * 100_000))
    assert "layer 'number'" in refused(edited("nurikabe-noqx0", l3='{"number": [1, 2]}'))
    assert "taken out" in refused(edited("nurikabe-noqx0", l5="[30,1,1]"))


def _raw(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(packer.compress(data) + packer.flush()).decode()


@pytest.mark.parametrize("size", ["101,10", "10,101", "0,10", "1000000000,10", "10,-5", "x,10"])
def test_board_sizes_beyond_the_limits_are_refused(size):
    message = refused(edited("nurikabe-noqx0", l0=f"square,{size},38,0,1,1,418,418,286,286"))
    assert "board" in message


def test_a_zlib_bomb_is_refused_before_it_is_inflated():
    bomb = _raw(b"0" * (penpa.MAX_TEXT_BYTES * 20))  # some 80 MB of text in 80 kB
    assert len(bomb) < 200_000
    assert "more than" in refused(f"{penpa.PENPA_HOME}#m=solve&p={bomb}")
    huge = "A" * (penpa.MAX_LINK_CHARS + 4)
    assert "at most" in refused(f"{penpa.PENPA_HOME}#m=solve&p={huge}")


def test_layers_of_the_wrong_shape_are_refused():
    for layer in (
        '{"number": {"48": 5}}',
        '{"number": {"ab": [1, 1, "1"]}}',
        '{"surface": {"48": [4]}}',
        '{"lineE": {"1,2,3": 2}}',
        '{"symbol": {"48": "circle"}}',
        '{"number": {"48": ["' + "9" * 50 + '", 1, "1"]}}',
    ):
        refused(edited("nurikabe-noqx0", l3=layer))


def mutations(link: str, rng: random.Random, count: int) -> list[str]:
    """Truncations and character flips of a link's data, and flips inside its inflated
    text (so that the text still inflates, but not to what penpa wrote)."""
    data = penpa.link_params(link)["p"]
    text = penpa.inflate(data)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    out = []
    for _ in range(count):
        kind = rng.randrange(3)
        if kind == 0:
            cut = rng.randrange(len(data))
            mutated = data[:cut]
        elif kind == 1:
            k = rng.randrange(len(data))
            mutated = data[:k] + rng.choice(alphabet) + data[k + 1 :]
        else:
            k = rng.randrange(len(text))
            mutated = penpa.deflate(text[:k] + rng.choice('0123456789,:[]{}"zZ\n') + text[k + 1 :])
        out.append(link.replace(data, mutated))
    return out


@pytest.mark.parametrize("name", [n for n in LINKS if n.endswith("noqx0")])
def test_mutated_links_are_read_or_refused_never_crash(name):
    entry = LINKS[name]
    genre = genre_by_slug(entry["genre"])
    for link in mutations(entry["link"], random.Random(name), 25):
        try:
            penpa_genres.penpa_import(link, genre)
        except UrlError as exc:
            assert "\n" not in str(exc)


def test_a_mutated_link_on_the_command_line_is_a_usage_error(tmp_path, capsys):
    entry = LINKS["masyu-noqx0"]
    data = penpa.link_params(entry["link"])["p"]
    bad = entry["link"].replace(data, data[: len(data) // 2])
    assert main(["import", bad, "-o", str(tmp_path / "x.xlsx"), "--genre", "masyu"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("puzzle-solver: penpa link:") and err.count("\n") == 1


# --- the ways authors draw clues in penpa -----------------------------------------------------


def drawn(slug: str, w: penpa.Writer):
    """The sheet cells that a board drawn by hand gives for a genre."""
    link = link_of(penpa.abbreviate(w.text("", (), "surface")))
    return genre_by_slug(slug).to_cells(penpa_genres.penpa_import(link, genre_by_slug(slug))[1])


def test_circles_round_numbers_are_drawing_and_an_empty_one_is_an_island():
    w = penpa.Writer(1, 4)
    w.line("lineE", (penpa.CORNER, 0, 0), (penpa.CORNER, 0, 1))  # a thick frame: drawing
    w.line("lineE", (penpa.CORNER, 0, 4), (penpa.CORNER, 1, 4))
    w.number((penpa.CELL, 0, 0), 2, style=1)
    w.symbol((penpa.CELL, 0, 0), 1, "circle_L")
    w.symbol((penpa.CELL, 0, 3), 1, "circle_M")
    assert drawn("hashiwokakero", w) == [[2, None, None, "?"]]


def test_a_room_number_small_in_a_corner_is_the_rooms():
    w = penpa.Writer(2, 2)
    w.wall((0, 0), (0, 1))
    w.wall((1, 0), (1, 1))
    w.corner_number(0, 1, 0, 1)
    link = link_of(penpa.abbreviate(w.text("Heyawake", (), "surface")))  # named by its title
    _, puzzle, _ = penpa_genres.penpa_import(link)
    assert puzzle.room_numbers() == {1: 1}


def test_old_yajilin_arrows_and_akari_walls_without_number():
    w = penpa.Writer(1, 3)
    w.number((penpa.CELL, 0, 1), 1)
    w.symbol((penpa.CELL, 0, 1), [0, 0, 0, 0, 0, 0, 1, 0], "arrow_fouredge_B", 2)
    assert drawn("yajilin", w) == [[None, "1→", None]]
    w = penpa.Writer(1, 3)
    w.surface(0, 0)
    w.number((penpa.CELL, 0, 0), " ", style=4)
    w.surface(0, 2, 1)
    assert drawn("akari", w) == [["■", None, "■"]]


def test_fireflies_on_cells_make_a_board_of_points():
    w = penpa.Writer(2, 3)
    w.symbol((penpa.CELL, 0, 0), 1, "firefly", 2)
    w.number((penpa.CELL, 0, 0), 1)
    w.symbol((penpa.CELL, 1, 2), 3, "firefly", 2)
    assert drawn("hotaru-beam", w) == [["1→", None, None], [None, None, "←"]]


def test_drawings_a_genre_has_no_place_for_are_refused():
    w = penpa.Writer(9, 9, gridtype="sudoku")
    w.wall((0, 0), (0, 1))  # not where 3x3 boxes meet: an irregular sudoku
    assert "irregular" in refused(link_of(penpa.abbreviate(w.text("", (), "number"))), "sudoku")
    w = penpa.Writer(2, 2, (1, 0, 0, 0))
    w.number((penpa.CELL, -1, 0), 3)  # in the margin above the board
    message = refused(link_of(penpa.abbreviate(w.text("", (), "surface"))), "nurikabe")
    assert (
        "the number '3' in the margin above the board" in message
        and "nurikabe has no place" in message
    )
    w = penpa.Writer(2, 2)
    w.surface(0, 0)
    assert "a shaded cell at row 1, column 1" in refused(
        link_of(penpa.abbreviate(w.text("", (), "surface"))), "masyu"
    )
