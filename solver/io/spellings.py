"""What users type: the spellings of arrows and marks that genres read, in one place.

A cell's text is compared after `fold`: Unicode NFKC (full-width `Ｕ`, `？`, `＃` are `U`, `?`,
`#`), without spaces and emoji presentation selectors (`⬇️` typed on a phone), in lower case.
The sets below hold folded spellings; what genres write back is the first glyph (ARROW, ...).
"""

from __future__ import annotations

import re
import unicodedata

from solver.blocks.values import Value

# the four directions (solver.blocks.geometry.STEPS) as arrows: what we write, and what we read
ARROW = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
ARROWS: dict[str, frozenset[str]] = {
    "U": frozenset("↑⬆▲^ut"),  # t: top
    "D": frozenset("↓⬇▼vdb"),  # b: bottom
    "L": frozenset("←⬅◀<l"),
    "R": frozenset("→➡▶>r"),
}
DIRECTION = {ch: d for d, chars in ARROWS.items() for ch in chars}

UNKNOWN = frozenset("?")  # a clue whose number is not given
EMPTY = frozenset({".", "・"})  # a cell typed as empty on purpose
BLACK = frozenset("■#+")  # a black (wall) cell
CIRCLE = frozenset("○◯o")  # a circle without number (an island, ...)
WHITE = CIRCLE | {"w"}  # a white circle (pearl)
FILLED = frozenset("●*xb")  # a black circle (pearl)

_ARROW_CLASS = "".join(re.escape(ch) for ch in DIRECTION)
_ARROW_CLUE = re.compile(rf"([{_ARROW_CLASS}])?(\d+|\?)?([{_ARROW_CLASS}])?")
_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f "))


def fold(value: Value) -> str:
    """A cell's text as the spellings here are written: NFKC, no spaces, lower case."""
    return unicodedata.normalize("NFKC", str(value)).translate(_SELECTORS).casefold()


def is_mark(value: Value, marks: frozenset[str]) -> bool:
    """Whether a cell's value is one of these marks (numbers never are)."""
    return isinstance(value, str) and fold(value) in marks


def arrow(value: Value) -> str | None:
    """The direction (U, D, L, R) of an arrow typed alone; None when the value is no arrow."""
    return DIRECTION.get(fold(value)) if isinstance(value, str) else None


def arrow_clue(value: Value) -> tuple[str, str] | None:
    """A number with one arrow before or after it (`2↓`, `↓2`, `2D`, `?←`, `←`): the arrow's
    direction and the number's text (digits, '?' or '' when there is none); None otherwise."""
    if not isinstance(value, str):
        return None
    found = _ARROW_CLUE.fullmatch(fold(value))
    if found is None or (found[1] is None) == (found[3] is None):
        return None  # no arrow, or two
    return DIRECTION[found[1] or found[3]], found[2] or ""


# --- words in katakana (skeleton, kanaore) ------------------------------------------------------
#
# The deck writes small kana full size (キキヨウ for キキョウ, チューリツプ for
# チューリップ); a person may type either, in hiragana or half-width katakana too. Words and
# the letters of an answer are compared after `normalize_kana`.

_SMALL = "ァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖ"
_FULL = "アイウエオツヤユヨワカケあいうえおつやゆよわかけ"
_KANA = str.maketrans(_SMALL, _FULL) | {
    h: h + 0x60
    for h in range(ord("あ"), ord("ゖ") + 1)  # hiragana as katakana
}


def normalize_kana(text: str) -> str:
    """A word as the words are compared: NFKC (half-width ｶﾅ and full-width ＡＢ as カナ, AB),
    small kana full size (ッ as ツ, ャ as ヤ), hiragana as katakana, Latin letters upper case,
    without spaces. `normalize_kana('ちゅーりっぷ') == 'チユーリツプ'`."""
    folded = unicodedata.normalize("NFKC", text).translate(_SELECTORS)
    return folded.translate(_KANA).translate(_KANA).upper()
