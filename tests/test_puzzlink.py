"""puzz.link: the envelope, the genre names and the shared codecs."""

from __future__ import annotations

import pytest

from solver.cli import main
from solver.genres import all_genres, genre_for_pzpr
from solver.pipeline import read_puzzle
from solver.puzzlink import (
    UNKNOWN,
    UrlError,
    decode_number16,
    encode_number16,
    parse_url,
    pid_of,
)
from solver.sheet.openpyxl_book import OpenpyxlBook


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


# every name of ../shared/PUZZLINK.md's table for the genres we have, and one URL body each
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
}


@pytest.mark.parametrize(
    "name, pid, slug, body",
    [(name, pid, slug, body) for pid, (slug, names, body) in NAMES.items() for name in names],
)
def test_every_name_of_a_genre_imports(name, pid, slug, body, tmp_path):
    url = parse_url(f"https://puzz.link/p?{name}/{body}")
    assert url.pid == pid
    genre = genre_for_pzpr(name)
    assert genre is not None and genre.slug == slug and name in genre.pzpr_names
    book = tmp_path / "imported.xlsx"
    assert main(["import", url.text, "-o", str(book)]) == 0
    _, _, puzzle = read_puzzle(OpenpyxlBook(book), slug)
    assert puzzle == genre.from_url(url)


def test_every_genre_name_is_listed():
    listed = {name for _, names, _ in NAMES.values() for name in names}
    assert listed == {name for g in all_genres() for name in g.pzpr_names}
    assert genre_for_pzpr("nurikabe") is None and genre_for_pzpr("akari") is None


def test_other_names_of_later_genres_map_to_their_pid():
    assert [pid_of(n) for n in ("akari", "bijutsukan", "heyawacky", "skyscraper", "sato")] == [
        "lightup",
        "lightup",
        "heyawake",
        "skyscrapers",
        "satogaeri",
    ]
