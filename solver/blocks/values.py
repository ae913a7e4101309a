"""What a cell holds, as the genres see it: `Value` (a whole number, text, or None for empty)
and `normalize`, which makes one of whatever a sheet returns (openpyxl's or Excel's own types);
dates, formulas, TRUE and FALSE and other odd values come as `OddValue` text that says what it
is, for messages (`solver.blocks.names.quote`).
"""

from __future__ import annotations

import datetime
import math
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
