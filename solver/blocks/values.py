"""What a cell holds, as the genres see it: `Value` (a whole number, text, or None for empty)
and `normalize`, which makes one of whatever a sheet returns (openpyxl's or Excel's own types);
dates, formulas, TRUE and FALSE and other odd values come as `OddValue` text that says what it
is, for messages (`solver.blocks.names.quote`).
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata

Value = int | str | None


class OddValue(str):
    """A cell value that is neither a whole number nor plain text (a date, a formula, TRUE or
    FALSE, a fraction...), read as its text; `what` says what it is, for messages ("a date")."""

    what: str

    def __new__(cls, text: str, what: str) -> OddValue:
        self = super().__new__(cls, text)
        self.what = what
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return OddValue, (str(self), self.what)


EXCEL_ERRORS = {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#SPILL!"}


MAX_DIGITS = 15  # Excel keeps 15 significant digits: a longer digit string is text

# The most digits a number in a cell may have, alone or within text (`A12`, `2↓`): far more than
# any puzzle needs (the longest, a sum-line sum of a 100-cell row, has 101) and far fewer than
# Python's int() reads from text (4300 by default; more raises ValueError). The sheet refuses a
# longer one by its cell before any genre reads it (`solver.io.sheet.read_grid`).
MAX_NUMBER_DIGITS = 1000
_LONG_RUN = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")


def _odd(value: object) -> OddValue:
    """An odd cell value as text, with what it is."""
    if isinstance(value, bool):
        return OddValue("TRUE" if value else "FALSE", "a TRUE/FALSE value")
    if isinstance(value, float):
        what = (
            "a number that is not whole" if math.isfinite(value) else "a number that is not finite"
        )
        return OddValue(repr(value), what)
    if isinstance(value, datetime.date):  # a datetime too
        return OddValue(str(value), "a date")
    if isinstance(value, datetime.time):
        return OddValue(value.isoformat(), "a time")
    if isinstance(value, datetime.timedelta):
        return OddValue(str(value), "a duration")
    text = getattr(value, "text", None)  # openpyxl's ArrayFormula
    if isinstance(text, str):
        return OddValue(text, "an array formula")
    kind = type(value).__name__
    if kind == "DataTableFormula":
        return OddValue("=TABLE()", "a data table formula")
    return OddValue(kind, f"a value of type {kind}")


def normalize(value: object) -> Value:
    """Cell value as the genres see it: int for whole numbers (typed as numbers, as text, or in
    full-width digits), otherwise the stripped text; None for empty. Dates, formulas, TRUE and
    FALSE, fractions and other odd values come as `OddValue` text, which messages describe."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return _odd(value)
    text = value.strip()
    if not text:
        return None
    if text.startswith("="):
        return OddValue(text, "a formula")
    if text in EXCEL_ERRORS:
        return OddValue(text, "an error value of a formula")
    folded = unicodedata.normalize("NFKC", text)  # full-width digits from a Japanese IME
    if folded.isdigit() and folded.isascii() and len(folded.lstrip("0")) <= MAX_DIGITS:
        return int(folded)
    return text


def long_number(value: Value) -> int | None:
    """The digits of the longest number the value holds, when that is more than
    MAX_NUMBER_DIGITS (a whole number, or a run of digits within text, read as the genres read
    it: after NFKC folding, which makes full-width and superscript digits ASCII); None when it
    holds no number that long."""
    if isinstance(value, int):
        bits = abs(value).bit_length()
        if bits < 3000:  # below 10**903: not too long, and no str() needed
            return None
        # str() of an int fails beyond 4300 digits: past 14,000 bits the count is estimated
        n = len(str(abs(value))) if bits < 14_000 else int(bits * 0.30103) + 1
        return n if n > MAX_NUMBER_DIGITS else None
    if not isinstance(value, str):
        return None
    runs = _LONG_RUN.findall(unicodedata.normalize("NFKC", value))
    return max(map(len, runs)) if runs else None
