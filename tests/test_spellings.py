"""The spellings of arrows and marks that genres share."""

from __future__ import annotations

import pytest

from solver.io import spellings
from solver.io.spellings import arrow, arrow_clue, fold, is_mark


@pytest.mark.parametrize(
    "d, texts",
    [
        ("U", ["↑", "⬆", "▲", "^", "＾", "U", "u", "Ｕ", "T"]),
        ("D", ["↓", "⬇️", "▼", "v", "V", "d", "B"]),
        ("L", ["←", "⬅", "◀", "<", "＜", "l"]),
        ("R", ["→", "➡", "▶", ">", "＞", "R", " r "]),
    ],
)
def test_arrows(d, texts):
    assert [arrow(t) for t in texts] == [d] * len(texts)


def test_arrow_clues():
    assert arrow_clue("2↓") == ("D", "2") and arrow_clue("↓ 12") == ("D", "12")
    assert arrow_clue("２Ｌ") == ("L", "2") and arrow_clue("?←") == ("L", "?")
    assert arrow_clue("→") == ("R", "")
    for text in ("2", "↑2↓", "2x", "", "?"):
        assert arrow_clue(text) is None
    assert arrow_clue(2) is None and arrow(2) is None


def test_marks():
    assert fold("Ｏ ") == "o"
    assert is_mark("？", spellings.UNKNOWN) and is_mark("＃", spellings.BLACK)
    assert is_mark("W", spellings.WHITE) and is_mark("X", spellings.FILLED)
    assert is_mark("．", spellings.EMPTY) and not is_mark(0, spellings.EMPTY)


def test_kana_are_compared_full_size_in_katakana():
    from solver.io.spellings import normalize_kana

    assert normalize_kana("キキョウ") == normalize_kana("キキヨウ") == "キキヨウ"
    assert normalize_kana("ちゅーりっぷ") == normalize_kana("チューリップ") == "チユーリツプ"
    assert normalize_kana("ｶﾞｰﾍﾞﾗ") == "ガーベラ"  # half-width, voiced marks joined
    assert normalize_kana(" send ") == "SEND"
