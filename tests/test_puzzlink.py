"""puzz.link: the envelope, the genre names and the shared codecs."""

from __future__ import annotations

import pytest

from solver.cli import main
from solver.genres import all_genres, genre_for_pzpr
from solver.io.puzzlink import (
    UNKNOWN,
    UrlError,
    decode_4cell,
    decode_arrow_number16,
    decode_bits,
    decode_border,
    decode_border_marks,
    decode_circles,
    decode_letters,
    decode_number16,
    encode_number16,
    outer_border,
    parse_url,
    pid_of,
    rooms,
)
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.pipeline import read_puzzle


@pytest.mark.parametrize(
    "text, pid, cols, rows, flags",
    [
        ("https://puzz.link/p?mines/5/4/abc", "mines", 5, 4, ""),
        ("http://pzv.jp/p.html?slither/f/10/8/xyz", "slither", 10, 8, "f"),
        ("https://puzz.link/p?akari_edit/7/7/x", "lightup", 7, 7, ""),
        ("https://puzz.link/p?type=editor&pearl/v:/6/6/x", "mashu", 6, 6, ""),
    ],
)
def test_envelope(text, pid, cols, rows, flags):
    url = parse_url(text)
    assert (url.pid, url.cols, url.rows, url.flags) == (pid, cols, rows, flags)


def test_number16_tokens():
    values, rest = decode_number16("0f-1a+12c=001%002.gz", 8 + 20)
    assert values[:8] == [0, 15, 26, 300, 4097, 8194, UNKNOWN, None]
    assert values[8:] == [None] * 20 and rest == ""


def test_number16_round_trip():
    values = [None, 3, None, None, 17, UNKNOWN, *[None] * 25, 300, 0]
    assert decode_number16(encode_number16(values), len(values))[0] == values


def test_bad_body():
    with pytest.raises(UrlError, match="unexpected character '!'"):
        decode_number16("1!", 3)


# every name pzprjs gives the genres we have (the PUZZLINK.md table), and one URL body each
NAMES = {
    "mashu": ("masyu", ["mashu", "masyu", "pearl"], "6/6/1063000i3000"),
    "hashikake": ("hashiwokakero", ["hashikake", "hashi", "bridges"], "5/5/4g2i3h23k3g1g3g4g3"),
    "slither": ("slitherlink", ["slither", "slitherlink"], "5/5/cbcbcddad"),
    "numlin": ("numberlink", ["numlin", "numberlink"], "5/5/1j2h3m1h2j3"),
    "arukone": ("numberlink", ["arukone"], "e/5/5/1j2h3m1h2j3"),
    "yajilin": ("yajilin", ["yajilin", "yajirin"], "5/5/m32j10"),
    "mines": ("bomber", ["mines"], "3/3/1h1k"),
    "sudoku": ("sudoku", ["sudoku"], "4/4/1j2h3m"),
    "country": ("country-road", ["country"], "5/5/amda0uf02h12h"),
    "pipelink": ("pipe-link", ["pipelink"], "5/5/mamejan"),
    "icebarn": ("icebarn", ["icebarn"], "8/8/73btfk05ovbjghzpwz9bwm/3/11"),
    "firefly": ("hotaru-beam", ["firefly"], "5/5/40c21a3.a30g10a22a11c11"),
    "walllogic": ("wall-logic", ["walllogic"], "5/5/h1k2g2i5g5k4h"),
    "lightup": ("akari", ["lightup", "akari", "bijutsukan"], "6/6/nekcakbl"),
    "nonogram": ("nonogram", ["nonogram"], "6/6/12g1111h11112j12g11g21j11g3h"),
    "shakashaka": ("shakashaka", ["shakashaka"], "6/6/cgbhdhegdrb"),
    "heyawake": ("heyawake", ["heyawake", "heyawacky"], "6/6/lll155007rs12222j"),
    "norinori": ("norinori", ["norinori"], "5/5/cag4ocjo"),
    "tilepaint": ("tile-paint", ["tilepaint"], "6/6/mfttf5ovqrrvzv234232243331"),
    "paintarea": ("paint-area", ["paintarea"], "5/5/pmvmfuejf4k1f"),
    "nurikabe": ("nurikabe", ["nurikabe"], "5/5/g5k2o1k3g"),
    "hitori": ("hitori", ["hitori"], "4/4/1114142333214213"),
    "kurodoko": ("kurodoko", ["kurodoko"], "5/5/i7g5l2l2g4i"),
    "sukoro": ("sukoro", ["sukoro"], "5/5/2a2c4a2g2a4c2a2"),
    "creek": ("creek", ["creek"], "6/6/gagaich2cgb6769dt"),
    "ripple": ("ripple-effect", ["ripple", "hakyukoka"], "4/4/9n8rigk14h32k"),
    "factors": ("inshi-no-heya", ["factors"], "5/5/rvvcm9jf54653-28ca2833-14"),
    "kakuro": ("kakuro", ["kakuro"], "5/5/48la0.na0lh3l0Bn.0cl.c4a3"),
    "skyscrapers": ("skyscrapers", ["skyscrapers", "building", "skyscraper"], "4/4/k13h4j3g"),
    "satogaeri": ("satogaeri", ["satogaeri", "sato"], "4/4/94g1g02m1h.j"),
    "shikaku": ("shikaku", ["shikaku"], "6/6/j3g56h6t6h23g5j"),
    "fillmat": ("fillmat", ["fillmat"], "5/5/3b3h1h1b4"),
}


@pytest.mark.parametrize(
    "name, pid, slug, body",
    [(name, pid, slug, body) for pid, (slug, names, body) in NAMES.items() for name in names],
)
def test_every_name_of_a_genre_imports(name, pid, slug, body, tmp_path):
    url = parse_url(f"https://puzz.link/p?{name}/{body}")
    assert url.pid == pid
    genre = genre_for_pzpr(name)
    assert genre is not None and genre.slug == slug and name in genre.pzpr_ids
    book = tmp_path / "imported.xlsx"
    assert main(["import", url.text, "-o", str(book)]) == 0
    _, _, puzzle = read_puzzle(OpenpyxlBook(book), slug)
    assert puzzle == genre.from_url(url)


def test_every_genre_name_is_listed():
    listed = {name for _, names, _ in NAMES.values() for name in names}
    assert listed == {name for g in all_genres() for name in g.pzpr_ids}
    assert genre_for_pzpr("tasquare") is None and genre_for_pzpr("cojun") is None


def test_other_names_of_later_genres_map_to_their_pid():
    assert [pid_of(n) for n in ("akari", "bijutsukan", "heyawacky", "skyscraper", "sato")] == [
        "lightup",
        "lightup",
        "heyawake",
        "skyscrapers",
        "satogaeri",
    ]


def test_4cell_tokens():
    assert decode_4cell("5.g", 4) == [0, None, UNKNOWN, None]
    assert decode_4cell("a3", 4) == [0, None, None, 3]
    with pytest.raises(UrlError, match="ends after 1 of 2"):
        decode_4cell("3", 2)


def test_arrow_number16_tokens():
    # '-4012' arrow 4 and 0x012; '712' arrow 2 and 0x12; '2.' arrow 2, unknown; '0.' no arrow;
    # 'a' one empty cell; the cell after the body's end is empty
    values = decode_arrow_number16("-40127122.0.a", 7)
    assert values == [("R", 18), ("D", 18), ("D", UNKNOWN), (None, UNKNOWN), None, None, None]
    with pytest.raises(UrlError, match="bad arrow direction 5"):
        decode_arrow_number16("-5012", 1)
    with pytest.raises(UrlError, match="bad number"):
        decode_arrow_number16("3!", 1)


def test_border_and_rooms():
    # 3x2: one wall right of (0, 0) (bits 10 -> 'g'), one wall below (0, 2) (bits 001 -> '4')
    walls, rest = decode_border("g4x", 2, 3)
    assert walls == {((0, 0), (0, 1)), ((0, 2), (1, 2))} and rest == "x"
    assert rooms(2, 3, walls) == [[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]]
    walls, _ = decode_border("gs", 2, 3)  # a wall right of (0, 0) and one across the middle
    assert rooms(2, 3, walls) == [[(0, 0)], [(0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]]


def test_circles_bits_letters():
    assert decode_circles("i3", 6) == [2, 0, 0, 0, 1, 0]
    with pytest.raises(UrlError, match="not a circle digit"):
        decode_circles("z", 3)
    assert decode_bits("v0", 7) == ([True] * 5 + [False] * 2, "")
    assert decode_letters("ai.b", 5, {"a": 1, "b": 2}, "h", ".") == [1, None, None, None, 2]
    with pytest.raises(UrlError, match="ends after 2 of 3"):
        decode_letters("ab", 3, {"a": 1, "b": 2}, "h")


def test_border_marks_and_outer_borders():
    # 2x2 has 4 inner borders: 0 (0,0)|(0,1), 1 (1,0)|(1,1), 2 (0,0)/(1,0), 3 (0,1)/(1,1);
    # first run (up/left): mark border 1; second run (down/right): mark border 2
    marks, rest = decode_border_marks("1z2z/x", 2, 2)
    assert marks == {((1, 1), (1, 0)), ((0, 0), (1, 0))} and rest == "/x"
    assert [outer_border(2, 3, k) for k in (0, 3, 6, 9)] == [
        ((-1, 0), (0, 0)),
        ((2, 0), (1, 0)),
        ((0, -1), (0, 0)),
        ((1, 3), (1, 2)),
    ]


def test_a_circle_body_may_leave_out_trailing_empty_cells():
    """pzprjs reads a masyu body that stops early and leaves the rest of the grid empty."""
    from solver.io.puzzlink import decode_circles

    assert decode_circles("i", 7) == [2, 0, 0, 0, 0, 0, 0]
    assert decode_circles("", 2) == [0, 0]
