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
    decode_kakuro,
    decode_letters,
    decode_number10,
    decode_number16,
    decode_number36,
    encode_4cell,
    encode_arrow_number16,
    encode_bits,
    encode_border,
    encode_border_marks,
    encode_circles,
    encode_kakuro,
    encode_letters,
    encode_number10,
    encode_number16,
    encode_number36,
    outer_border,
    parse_url,
    pid_of,
    rooms,
    url_text,
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
    "easyasabc": ("abc-place", ["easyasabc"], "4/4/3/1m2h3g3h"),
    "satogaeri": ("satogaeri", ["satogaeri", "sato"], "4/4/94g1g02m1h.j"),
    "shikaku": ("shikaku", ["shikaku"], "6/6/j3g56h6t6h23g5j"),
    "fillmat": ("fillmat", ["fillmat"], "5/5/3b3h1h1b4"),
    "suguru": ("suguru", ["suguru"], "5/5/cih47bs73m3g5p1g2g"),
    "starbattle": ("star-battle", ["starbattle"], "6/6/1/4ilbhgdnmhou"),
    "tents": ("tents", ["tents"], "5/5/2g0h1i1j82323"),
    "lits": ("lits", ["lits"], "4/4/9q02jg"),
    "battleship": ("battleship", ["battleship"], "6/6/g12h2g30g3gk0r3w//c"),
    "chocona": ("chocona", ["chocona"], "6/6/8guumlfvo1eq33122g21g32"),
    "yinyang": ("yin-yang", ["yinyang"], "5/5/016612300"),
    "aqre": ("aqre", ["aqre"], "6/6/444400vvo3u0012345g"),
    "fillomino": ("fillomino", ["fillomino"], "6/6/h4j53g2k5233k2g14j3h"),
    "tentaisho": ("galaxies", ["tentaisho"], "5/5/6fl94fi65en8dbf10000"),
    "nurimisaki": ("nurimisaki", ["nurimisaki"], "5/5/g.i.m2l.j"),
    "kurotto": ("kurotto", ["kurotto"], "5/5/30m4h6h4m02"),
    "gokigen": ("gokigen", ["gokigen"], "4/4/iaegcgcj6a"),
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
    assert decode_4cell("5.g", 4) == ([0, None, UNKNOWN, None], "")
    assert decode_4cell("a3x", 4) == ([0, None, None, 3], "x")
    assert decode_4cell("2d", 3) == ([2, 3, None], "")  # the last number's empties run past
    with pytest.raises(UrlError, match="ends after 1 of 2"):
        decode_4cell("3", 2)
    assert decode_4cell("3i", 3) == ([3, None, None], "")  # a run past the end is cut there


def test_4cell_is_written_as_pzprjs_writes_it():
    # a number takes the one or two empty cells after it into its character, the last number
    # even past the end; runs of empty cells are g-z, 20 at most
    assert encode_4cell([0, None, UNKNOWN, None]) == "5.g"
    assert encode_4cell([0, None, None, 3]) == "ad"
    assert encode_4cell([2, 3, None]) == "2d"
    assert encode_4cell([None] * 21 + [1]) == "zgb"
    assert encode_4cell([1, None, None, None, 4]) == "bge"


def test_arrow_number16_tokens():
    # '-4012' arrow 4 and 0x012; '712' arrow 2 and 0x12; '2.' arrow 2, unknown; '0.' no arrow;
    # 'c' three empty cells
    values, rest = decode_arrow_number16("-40127122.0.c", 7)
    assert values == [("R", 18), ("D", 18), ("D", UNKNOWN), (None, UNKNOWN), None, None, None]
    assert rest == "" and encode_arrow_number16(values) == "9127122.0.c"  # 18: two digits
    assert encode_arrow_number16([None] * 27 + [("U", 300)]) == "za-112c"
    with pytest.raises(UrlError, match="ends after 6 of 7"):
        decode_arrow_number16("-40127122.0.b", 7)
    with pytest.raises(UrlError, match="bad arrow direction 5"):
        decode_arrow_number16("-5012", 1)
    with pytest.raises(UrlError, match="bad number"):
        decode_arrow_number16("3!", 1)


def test_number16_is_written_as_pzprjs_writes_it():
    values = [0, 15, 16, 255, 256, 4095, 4096, 8191, 8192, 12239, 12240, 77775, 77776, UNKNOWN]
    text = encode_number16(values)
    assert text == "0f-10-ff+100+fff=000=fff@000@fcf*0000*ffff$00000."
    assert decode_number16(text, len(values)) == (values, "")
    assert encode_number16([None] * 20 + [None] * 21 + [3]) == "zzg3"
    with pytest.raises(UrlError, match="cannot hold the number -1"):
        encode_number16([-1])


def test_number16_refuses_what_no_token_makes():
    with pytest.raises(UrlError, match="bad number '1g'"):
        decode_number16("-1g", 1)
    with pytest.raises(UrlError, match="bad number ' 1'"):  # int() would take the space
        decode_number16("- 1", 1)
    assert decode_number16("1h", 2) == ([1, None], "")  # a run past the end is cut there
    with pytest.raises(UrlError, match="unexpected character 'A'"):
        decode_number16("A", 1)


def test_other_cell_codecs_both_ways():
    assert decode_number10("1.a9", 4) == ([1, UNKNOWN, None, 9], "")
    assert encode_number10([None] * 27 + [0]) == "za0"
    assert decode_number36("1z-10.@", 5) == ([1, 35, 36, None, None], "")
    assert encode_number36([1, 35, 36, None]) == "1z-10."
    with pytest.raises(UrlError, match="unexpected character '!'"):
        decode_number36("1!", 2)
    assert encode_circles([2, 0, 0, 0, 1, 0, 1]) == "i39"
    assert decode_circles("i39", 7) == ([2, 0, 0, 0, 1, 0, 1], "")
    assert encode_bits([True] * 5 + [False] * 2) == "v0"
    assert encode_letters([1, None, None, None, 2], {1: "a", 2: "b"}, "h") == "ajb"


def test_border_and_rooms():
    # 3x2: one wall right of (0, 0) (bits 10 -> 'g'), one wall below (0, 2) (bits 001 -> '4')
    walls, rest = decode_border("g4x", 2, 3)
    assert walls == {((0, 0), (0, 1)), ((0, 2), (1, 2))} and rest == "x"
    assert encode_border(2, 3, walls) == "g4"
    assert rooms(2, 3, walls) == [[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]]
    walls, _ = decode_border("gs", 2, 3)  # a wall right of (0, 0) and one across the middle
    assert rooms(2, 3, walls) == [[(0, 0)], [(0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]]
    with pytest.raises(UrlError, match="'w' at position 0 of the URL body is not a base-32"):
        decode_border("w0", 2, 3)


def test_circles_bits_letters():
    assert decode_circles("i3", 6) == ([2, 0, 0, 0, 1, 0], "")
    with pytest.raises(UrlError, match="not a circle digit"):
        decode_circles("z", 3)
    assert decode_bits("v0", 7) == ([True] * 5 + [False] * 2, "")
    assert decode_letters("ai.b", 5, {"a": 1, "b": 2}, "h", ".") == ([1, None, None, None, 2], "")
    with pytest.raises(UrlError, match="ends after 2 of 3"):
        decode_letters("ab", 3, {"a": 1, "b": 2}, "h")


def test_border_marks_and_outer_borders():
    # 2x2 has 4 inner borders: 0 (0,0)|(0,1), 1 (1,0)|(1,1), 2 (0,0)/(1,0), 3 (0,1)/(1,1);
    # first run (up/left): mark border 1; second run (down/right): mark border 2
    marks, rest = decode_border_marks("1z2z/x", 2, 2)
    assert marks == {((1, 1), (1, 0)), ((0, 0), (1, 0))} and rest == "/x"
    assert encode_border_marks(2, 2, marks) == "1221"
    assert decode_border_marks("1221", 2, 2) == (marks, "")
    assert [outer_border(2, 3, k) for k in (0, 3, 6, 9)] == [
        ((-1, 0), (0, 0)),
        ((2, 0), (1, 0)),
        ((0, -1), (0, 0)),
        ((1, 3), (1, 2)),
    ]


def test_kakuro_board_and_frame_both_ways():
    # pzprjs' test URL writes a side without a sum as 0; pzprjs itself now writes '-'
    grid, rest = decode_kakuro("48la0.na0lh3l0Bn.0cl.c4a3", 5, 5)
    assert rest == "" and grid[1][1] == (4, 8) and grid[1][4] == (10, 0)
    assert encode_kakuro(grid) == "48la-.na-lh3l-Bn.-cl.c4a3"
    assert decode_kakuro(encode_kakuro(grid), 5, 5) == (grid, "")


def test_envelope_is_written_as_pzprjs_writes_it():
    assert url_text("hashikake", 5, 4, "1g") == "https://puzz.link/p?hashi/5/4/1g"
    assert url_text("slither", 2, 2, "g.", "f") == "https://puzz.link/p?slither/f/2/2/g./"
    assert parse_url("https://puzz.link/p?slither/f/2/2/g./").body == "g."


def test_a_circle_body_may_leave_out_trailing_empty_cells():
    """pzprjs reads a masyu body that stops early and leaves the rest of the grid empty."""
    assert decode_circles("i", 7) == ([2, 0, 0, 0, 0, 0, 0], "")
    assert decode_circles("", 2) == ([0, 0], "")
