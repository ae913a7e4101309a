"""puzz.link (pzprjs) URLs: the envelope and every codec of a URL body.

`https://puzz.link/p?<pid>[_edit]/[v:<variant>/][<pflag>/]<cols>/<rows>/<body>`; columns come
before rows; cells are numbered row-major. A genre's `from_url` reads its body with the codecs
here (pzprjs' `src/variety-common/Encode.js` and the genres' `decodePzpr`)
and checks what is its own (which numbers a clue may hold, its flags).

- number16: one token per cell (`decode_number16`); 4cell: clues 0-4 (`decode_4cell`);
- arrow number16: a direction and a number per cell (`decode_arrow_number16`);
- border: the walls between cells (`decode_border`), the rooms they make (`rooms`; as `Rooms`
  with the rest of the body, `rooms_of_url`), then room number16 (`decode_number16` over the
  rooms);
- circle: 0, 1 or 2 per cell, three cells a character (`decode_circles`);
- bits: 5 cells a base-32 character (`decode_bits`); letters: one letter per cell with skips
  (`decode_letters`); marks on inner borders (`decode_border_marks`), outer border ids
  (`outer_border`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from solver.blocks.geometry import NUMBER, Cell, components, grid_edges
from solver.blocks.rooms import Rooms, rooms_from_walls

T = TypeVar("T")

# pzprjs' other names of a genre (pzpr.variety.toPID: pzprurl, kanpen, alias, alias2) -> its pid;
# URLs in the wild use them all
ALIASES = {
    "masyu": "mashu",
    "pearl": "mashu",
    "hashi": "hashikake",
    "bridges": "hashikake",
    "slitherlink": "slither",
    "numberlink": "numlin",
    "yajirin": "yajilin",
    "akari": "lightup",
    "bijutsukan": "lightup",
    "heyawacky": "heyawake",
    "building": "skyscrapers",
    "skyscraper": "skyscrapers",
    "hakyukoka": "ripple",
    "sato": "satogaeri",
}


def pid_of(name: str) -> str:
    """The pzprjs genre id that a name in a URL stands for (its pid or any other name)."""
    name = name.strip().lower()
    return ALIASES.get(name, name)


def names_of(pid: str) -> tuple[str, ...]:
    """Every name of a genre that URLs use: its pid first, then its other names."""
    return (pid, *(name for name, p in ALIASES.items() if p == pid))


UNKNOWN = "?"  # a clue whose number is not given ('.' in number16)


class UrlError(ValueError):
    pass


@dataclass(frozen=True)
class PzprUrl:
    pid: str
    cols: int
    rows: int
    flags: str
    body: str
    text: str


def parse_url(text: str) -> PzprUrl:
    """Split a puzz.link URL into genre id, size, flags and body."""
    text = text.strip()
    query = urlsplit(text).query if "?" in text else ""
    if not query:
        raise UrlError(f"not a puzz.link URL (no '?<genre>/...' part): {text!r}")
    parts = unquote(query).split("/")
    head = parts[0].split("&")[-1]  # drop 'type=...&' parameters before the pid
    head = head.split("=")[-1] if "=" in head else head
    pid = re.sub(r"_(edit|play|test)$", "", head)
    pid = pid_of(pid)
    rest = parts[1:]
    if rest and rest[0].startswith("v:"):
        rest = rest[1:]
    flags = ""
    if rest and not _SIZE.fullmatch(rest[0]):
        flags, rest = rest[0], rest[1:]
    if len(rest) < 2 or not _SIZE.fullmatch(rest[0]) or not _SIZE.fullmatch(rest[1]):
        raise UrlError(f"puzz.link URL for '{pid}' has no '<cols>/<rows>' size: {text!r}")
    cols, rows = _dimension(rest[0]), _dimension(rest[1])
    if not (0 < cols <= 200 and 0 < rows <= 200):
        size = "x".join(n if len(n) <= 12 else n[:12] + "…" for n in rest[:2])
        raise UrlError(f"puzz.link URL size {size} is out of range (at most 200x200)")
    return PzprUrl(pid, cols, rows, flags, "/".join(rest[2:]), text)


_SIZE = re.compile(r"[0-9]+")  # a URL's column or row count: ASCII digits (isdigit() takes '²')


def _dimension(digits: str) -> int:
    """A URL's column or row count; a number too long for any grid (int() refuses thousands of
    digits) as one beyond every limit."""
    return int(digits) if len(digits.lstrip("0")) <= 9 else 10**9


def decode_number16(
    body: str, count: int, symbols: Mapping[str, Any] | None = None
) -> tuple[list[Any], str]:
    """`count` number16 tokens from body: ints, UNKNOWN for '.', None for empty cells.
    symbols: one-character tokens of a genre's own that stand for a value (walllogic's `+`, a
    black cell); they take the place of the shared tokens that start with that character.
    Returns the values and the rest of the body."""
    out: list[Any] = []
    i = 0
    while len(out) < count and i < len(body):
        ch = body[i]
        if symbols and ch in symbols:
            out.append(symbols[ch])
            i += 1
        elif ch in "0123456789abcdef":
            out.append(int(ch, 16))
            i += 1
        elif ch == "-":
            out.append(int(body[i + 1 : i + 3], 16))
            i += 3
        elif ch == "+":
            out.append(int(body[i + 1 : i + 4], 16))
            i += 4
        elif ch == "=":
            out.append(int(body[i + 1 : i + 4], 16) + 4096)
            i += 4
        elif ch in "%@":
            out.append(int(body[i + 1 : i + 4], 16) + 8192)
            i += 4
        elif ch == ".":
            out.append(UNKNOWN)
            i += 1
        elif "g" <= ch <= "z":
            out.extend([None] * (int(ch, 36) - 15))
            i += 1
        else:
            raise UrlError(f"unexpected character {ch!r} at position {i} of the URL body")
    if len(out) < count:
        raise UrlError(f"URL body ends after {len(out)} of {count} cells")
    return out[:count], body[i:]


def encode_number16(values: list[int | str | None]) -> str:
    """The inverse of decode_number16 (used to make URLs for tests and examples)."""
    out, gap = [], 0
    for v in values:
        if v is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(chr(ord("g") + gap - 1))
            gap = 0
        out.append(_number16_token(v))
    if gap:
        out.append(chr(ord("g") + gap - 1))
    return "".join(out)


def _number16_token(v: int | str) -> str:
    if v == UNKNOWN:
        return "."
    assert isinstance(v, int)
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "02x")
    if v < 4096:
        return "+" + format(v, "03x")
    return "=" + format(v - 4096, "03x")


def decode_number36(body: str, count: int) -> list[int | None]:
    """pzprjs' hitori codec: one token per cell, never skipping: `0-9`, `a-z` a number in
    base 36; `-` and two base-36 characters a number from 16 up; anything else (`%`, `@`: a
    number not given; `.`) a cell without a number."""
    out: list[int | None] = []
    i = 0
    while len(out) < count and i < len(body):
        ch = body[i]
        if ch.isdigit() or "a" <= ch <= "z":
            out.append(int(ch, 36))
        elif ch == "-":
            try:
                out.append(int(body[i + 1 : i + 3], 36))
            except ValueError:
                raise UrlError(f"a bad number after '-' at position {i} of the body") from None
            i += 2
        else:
            out.append(None)
        i += 1
    if len(out) < count:
        raise UrlError(f"the body ends after {len(out)} of {count} cells")
    return out


def grid_rows(values: list[T], cols: int) -> tuple[tuple[T, ...], ...]:
    """Row-major values as rows of `cols` (the cells of a Puzzle)."""
    return tuple(tuple(values[i : i + cols]) for i in range(0, len(values), cols))


def decode_4cell(body: str, count: int) -> list[int | str | None]:
    """pzprjs' 4cell codec (clues 0-4): `0-4` a number; `5-9` a number (v-5) and one empty
    cell; `a-e` a number (v-10) and two empty cells; `.` an unknown number; `g-z` skip (v-15)
    cells."""
    out: list[int | str | None] = []
    for i, ch in enumerate(body):
        if len(out) >= count:
            break
        if ch in "01234":
            out.append(int(ch))
        elif ch in "56789":
            out += [int(ch) - 5, None]
        elif ch in "abcde":
            out += [int(ch, 16) - 10, None, None]
        elif ch == ".":
            out.append(UNKNOWN)
        elif "g" <= ch <= "z":
            out += [None] * (int(ch, 36) - 15)
        else:
            raise UrlError(f"unexpected {ch!r} at position {i} of the body")
    if len(out) < count:
        raise UrlError(f"the body ends after {len(out)} of {count} cells")
    return out[:count]


# pzprjs' direction numbers (arrow number16, walllogic's lines): 0 is no direction
PZPR_DIRECTION: dict[int, str | None] = {0: None, **{k: d for d, k in NUMBER.items()}}
Arrow = tuple[str | None, int | str]  # a direction U D L R (None: none) and a number or UNKNOWN


def decode_arrow_number16(body: str, count: int) -> list[Arrow | None]:
    """Arrow number16, one token per cell: `d n` = direction d (PZPR_DIRECTION) and one hex
    digit, or `.` for an unknown number; `(d+5) nn` two hex digits; `- d nnn` three; `a`-`z`
    skip (v-9) cells. Cells past the end of the body are empty (None), as in pzprjs."""
    values: list[Arrow | None] = []
    i = 0

    def hex_at(start: int, length: int) -> int:
        digits = body[start : start + length]
        if len(digits) != length or any(ch not in "0123456789abcdef" for ch in digits):
            raise UrlError(f"bad number {digits!r} at position {start}")
        return int(digits, 16)

    while len(values) < count and i < len(body):
        ch = body[i]
        if ch in "01234":
            d, n = int(ch), UNKNOWN if body[i + 1 : i + 2] == "." else hex_at(i + 1, 1)
            i += 2
        elif ch in "56789":
            d, n = int(ch) - 5, hex_at(i + 1, 2)
            i += 3
        elif ch == "-":
            d, n = hex_at(i + 1, 1), hex_at(i + 2, 3)
            i += 5
        elif "a" <= ch <= "z":
            values += [None] * (int(ch, 36) - 9)
            i += 1
            continue
        else:
            raise UrlError(f"unexpected character {ch!r} at position {i}")
        if d not in PZPR_DIRECTION:
            raise UrlError(f"bad arrow direction {d} at position {i}")
        values.append((PZPR_DIRECTION[d], n))
    values = values[:count]
    return values + [None] * (count - len(values))


def decode_bits(body: str, count: int) -> tuple[list[bool], str]:
    """`count` bits, 5 per base-32 character, most significant first; and the rest."""
    chars = -(-count // 5)
    if len(body) < chars:
        raise UrlError(f"the body ends inside its first {chars} characters of bits")
    bits = []
    for ch in body[:chars]:
        try:
            n = int(ch, 32)
        except ValueError:
            raise UrlError(f"{ch!r} is not a base-32 digit") from None
        bits += [bool(n >> (4 - i) & 1) for i in range(5)]
    return bits[:count], body[chars:]


def inner_border(rows: int, cols: int, k: int) -> tuple[Cell, Cell]:
    """The two cells of inner border k: first those between cells side by side (row-major,
    cols-1 per row), then those between cells one above the other."""
    if k < (cols - 1) * rows:
        r, c = divmod(k, cols - 1)
        return (r, c), (r, c + 1)
    r, c = divmod(k - (cols - 1) * rows, cols)
    return (r, c), (r + 1, c)


def outer_border(rows: int, cols: int, k: int) -> tuple[Cell, Cell]:
    """(the virtual cell outside, the cell inside) of outer border k: the top row's borders
    left to right, the bottom row's, the left column's top to bottom, the right column's."""
    if not 0 <= k < 2 * (rows + cols):
        raise UrlError(f"{k} is not an outer border id")
    if k < cols:
        return (-1, k), (0, k)
    if k < 2 * cols:
        return (rows, k - cols), (rows - 1, k - cols)
    if k < 2 * cols + rows:
        return (k - 2 * cols, -1), (k - 2 * cols, 0)
    return (k - 2 * cols - rows, cols), (k - 2 * cols - rows, cols - 1)


def decode_border(body: str, rows: int, cols: int) -> tuple[set[tuple[Cell, Cell]], str]:
    """The border codec: the walls (pairs of cells, lower first) as bits over the inner
    borders (`inner_border`'s order); and the rest of the body."""
    side, rest = decode_bits(body, (cols - 1) * rows)
    below, rest = decode_bits(rest, cols * (rows - 1))
    return {inner_border(rows, cols, k) for k, wall in enumerate(side + below) if wall}, rest


def rooms(rows: int, cols: int, walls: set[tuple[Cell, Cell]]) -> list[list[Cell]]:
    """The rooms that walls divide a grid into, each its cells in reading order, rooms in the
    order of their first cell (room number16's order)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    open_ = [e for e in grid_edges(rows, cols) if e not in walls]
    return [sorted(room) for room in components(cells, open_)]


def rooms_of_url(url: PzprUrl) -> tuple[Rooms, str]:
    """The rooms of a puzz.link URL body that starts with the border codec, and the rest of the
    body (room number16, number10 ...)."""
    walls, rest = decode_border(url.body, url.rows, url.cols)
    return rooms_from_walls(url.rows, url.cols, walls), rest


def decode_circles(body: str, count: int) -> list[int]:
    """The circle codec: base-27 characters, three cells each, 9a + 3b + c with a, b, c in
    {0, 1, 2} (masyu: 1 white, 2 black). As in pzprjs, a body may stop early: the cells after
    it are empty (URLs in the wild leave out trailing empty cells)."""
    values: list[int] = []
    for ch in body:
        if len(values) >= count:
            break
        n = int(ch, 36)
        if n >= 27:
            raise UrlError(f"{ch!r} is not a circle digit")
        values += [n // 9, n // 3 % 3, n % 3]
    values += [0] * (count - len(values))
    return values[:count]


def decode_letters(
    body: str, count: int, letters: Mapping[str, T], skip_from: str, empty: str = ""
) -> list[T | None]:
    """One character per cell: a letter of `letters` stands for its value; a character from
    `skip_from` to `z` skips (its distance from skip_from + 1) cells, itself included; a
    character of `empty` is one empty cell (pipelink: a-g pieces, h-z skips, `.` empty)."""
    values: list[T | None] = [None] * count
    c = 0
    for ch in body:
        if c >= count:
            break
        if ch in letters:
            values[c] = letters[ch]
        elif skip_from <= ch <= "z":
            c += ord(ch) - ord(skip_from)
        elif ch not in empty:
            raise UrlError(f"unexpected character {ch!r} in the URL body")
        c += 1
    if c < count:
        raise UrlError(f"the URL body ends after {c} of {count} cells")
    return values


def decode_border_marks(body: str, rows: int, cols: int) -> tuple[set[tuple[Cell, Cell]], str]:
    """Marks (icebarn's arrows) on inner borders as two runs over the border ids: the first
    marks borders pointing up or left, the second down or right. In a run each character other
    than `z` skips its base-36 value of borders and marks the next one, `z` skips 35 and marks
    none; a run ends once it passes the last inner border. Returns the marks as (from cell, to
    cell), and the rest of the body."""
    inner = 2 * rows * cols - rows - cols
    marks: set[tuple[Cell, Cell]] = set()
    i = 0
    for forward in (False, True):
        border = 0
        while border < inner:
            if i >= len(body):
                raise UrlError("the body ends inside the marks on borders")
            ch = body[i]
            i += 1
            if ch == "z":
                border += 35
                continue
            border += int(ch, 36)
            if border < inner:
                a, b = inner_border(rows, cols, border)
                marks.add((a, b) if forward else (b, a))
            border += 1
    return marks, body[i:]


def decode_number10(body: str, count: int) -> list[int | str | None]:
    """pzprjs' number10 codec (sukoro): `0-9` a number; `.` a cell whose number is not given
    (UNKNOWN); `a-z` skip (v-9) cells. Cells past the end of the body are empty, as in pzprjs."""
    out: list[int | str | None] = []
    for i, ch in enumerate(body):
        if len(out) >= count:
            break
        if ch.isdigit():
            out.append(int(ch))
        elif ch == ".":
            out.append(UNKNOWN)
        elif "a" <= ch <= "z":
            out += [None] * (int(ch, 36) - 9)
        else:
            raise UrlError(f"unexpected {ch!r} at position {i} of the body")
    return (out + [None] * count)[:count]


def decode_kakuro(body: str, cols: int, rows: int) -> list[list[tuple[int, int] | None]]:
    """pzprjs' kakuro codec: the board of cols x rows cells, then the sums of its frame, read as
    a grid of rows + 1 x cols + 1 whose first row and column are the frame (always black).
    Board cells in order: `k`-`z` skip (v-19) white cells; `.` a black cell without sums; else
    two characters, the down sum and the across sum. Then the down sums of the frame above
    every column whose top cell is white, then the across sums left of every row whose first
    cell is white. A sum character: `0` none, `1`-`9` and `a`-`j` 1-19, `A`-`Z` 20-45. Each
    black cell is (down, across), 0 for a side without a sum; None a white cell."""

    def value(ch: str) -> int:
        if ch.isdigit() or "a" <= ch <= "j":
            return int(ch, 36)
        if "A" <= ch <= "Z":
            return int(ch, 36) + 10
        raise UrlError(f"kakuro: {ch!r} is not a sum")

    board: list[tuple[int, int] | None] = []
    i = 0
    while len(board) < cols * rows:
        if i >= len(body):
            raise UrlError(f"kakuro: the body ends after {len(board)} of {cols * rows} cells")
        ch = body[i]
        if "k" <= ch <= "z":
            board += [None] * (int(ch, 36) - 19)
        elif ch == ".":
            board.append((0, 0))
        else:
            if i + 1 >= len(body):
                raise UrlError("kakuro: the body ends inside a clue")
            board.append((value(ch), value(body[i + 1])))
            i += 1
        i += 1
    if len(board) > cols * rows:
        raise UrlError(f"kakuro: the body has more than {cols * rows} cells")
    grid: list[list[tuple[int, int] | None]] = [[(0, 0)] * (cols + 1)]
    grid += [[(0, 0), *board[r * cols : (r + 1) * cols]] for r in range(rows)]
    for c in range(cols):
        if grid[1][c + 1] is None:
            if i >= len(body):
                raise UrlError("kakuro: the body ends before the frame's sums")
            grid[0][c + 1] = (value(body[i]), 0)
            i += 1
    for r in range(rows):
        if grid[r + 1][1] is None:
            if i >= len(body):
                raise UrlError("kakuro: the body ends before the frame's sums")
            grid[r + 1][0] = (0, value(body[i]))
            i += 1
    return grid
