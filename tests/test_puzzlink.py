"""puzz.link envelope and the number16 codec."""

from __future__ import annotations

import pytest

from solver.puzzlink import UNKNOWN, UrlError, decode_number16, encode_number16, parse_url


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
