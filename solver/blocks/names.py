"""How messages name cells and what they hold: `a1` (a 1-based cell as Excel names it, `B3`),
`cell_name` (a 0-based grid cell, `C1`), `column_letter` and `quote` (a cell value, short and
printable, saying what it is).

Pure functions: the checks of the blocks and genres name cells in their Violations with them,
and the sheet names cells in its InputErrors (io/sheet).
"""

from __future__ import annotations

from solver.blocks.values import OddValue, normalize


def column_letter(col: int) -> str:
    """The letters of a 1-based column as Excel names it: column_letter(28) == 'AB'."""
    letters = ""
    while col > 0:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def a1(row: int, col: int) -> str:
    """Excel address of a 1-based cell: a1(3, 2) == 'B3'."""
    return f"{column_letter(col)}{row}"


def cell_name(rc: tuple[int, int]) -> str:
    """The A1 name of a 0-based grid cell, for messages: cell_name((0, 2)) == 'C1'; a cell
    beyond the sheet's top or left edge (a line leaving the grid) as '(-1, 2), off the sheet'."""
    r, c = rc
    return a1(r + 1, c + 1) if r >= 0 and c >= 0 else f"({r}, {c}), off the sheet"


QUOTE_CHARS = 20  # a message quotes at most this much of a cell


def quote(value: object) -> str:
    """A cell value for a message: short, printable, and saying what it is when that is not
    plain: '3', "'x'", "'abcdefghijklmnopqrst…' (a text of 32767 characters)", "a date
    '2024-01-02 00:00:00'", "a formula '=A1'", "a 40-digit number"."""
    if not isinstance(value, OddValue):
        value = normalize(value)
    if value is None:
        return "nothing"
    if isinstance(value, int):
        if value.bit_length() > 64:  # str() of a huge int is slow, and over 4300 digits fails
            return f"a {int(value.bit_length() * 0.30103) + 1}-digit number"
        return str(value)
    text = value if len(value) <= QUOTE_CHARS else value[:QUOTE_CHARS] + "…"
    shown = repr(str(text))
    if len(value) > QUOTE_CHARS:
        shown += f" (a text of {len(value)} characters)"
    what = getattr(value, "what", None)
    return f"{what} {shown}" if what else shown


def one_line(text: str | None) -> str | None:
    """A message as one line, for the result records and the summary (the README promises one
    line per record and message): its lines, stripped and without the empty ones, joined with
    '; '. A message may hold line breaks from an exception of openpyxl, zipfile, PuLP or a
    solver, or from what a cell, a sheet name or a file name holds. None stays None."""
    if text is None:
        return None
    lines = (line.strip().rstrip(";").rstrip() for line in text.splitlines())
    return "; ".join(line for line in lines if line)
