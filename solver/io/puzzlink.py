"""puzz.link (pzprjs) URLs: the envelope and every codec of a URL body, both ways.

`https://puzz.link/p?<pid>[_edit]/[v:<variant>/][<pflag>/]<cols>/<rows>/<body>`; columns come
before rows; cells are numbered row-major. A genre's `from_url` reads its body with the decoders
here (pzprjs' `src/variety-common/Encode.js` and the genres' `decodePzpr`) and checks what is
its own (which numbers a clue may hold, its flags); its `to_url` writes the body with the
encoders beside them, as pzprjs' `encodePzpr` does (the same tokens, the same runs of empty
cells), and `url_text` puts it in the envelope.

- number16: one token per cell (`decode_number16`); 4cell: clues 0-4 (`decode_4cell`);
  number10: digits 0-9 (`decode_number10`); number36: hitori's one token per cell
  (`decode_number36`);
- arrow number16: a direction and a number per cell (`decode_arrow_number16`);
- border: the walls between cells (`decode_border`), the rooms they make (`rooms`; as `Rooms`
  with the rest of the body, `rooms_of_url`), then room number16 (`decode_number16` over the
  rooms);
- circle: 0, 1 or 2 per cell, three cells a character (`decode_circles`);
- bits: 5 cells a base-32 character (`decode_bits`); letters: one letter per cell with skips
  (`decode_letters`); marks on inner borders (`decode_border_marks`), outer border ids
  (`outer_border`); kakuro's board and frame (`decode_kakuro`).

A decoder reads exactly its part of the body and returns the rest; a genre's `from_url` ends
with `end(rest)`. Whatever does not fit (a character no token starts with, a number cut short, a
run of empty cells past the last cell, a body that ends early or goes on after the puzzle, a
size beyond the sheet's limits) is a UrlError that says what and where, never another error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from solver.blocks.geometry import NUMBER, Cell, components, grid_edges
from solver.blocks.names import a1
from solver.blocks.rooms import Rooms, rooms_from_walls
from solver.limits import MAX_GRID_COLS, MAX_GRID_ROWS

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
# the name pzprjs writes into the URLs it makes (its `urlid`: the pzprurl alias), where it is
# not the pid
URL_IDS = {"hashikake": "hashi", "lightup": "akari"}
HOST = "https://puzz.link/p?"


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
    """Split a puzz.link URL into genre id, size, flags and body. A size beyond the sheet's
    limits (solver.limits) is refused here, so no decoder reads more than that many cells."""
    text = text.strip()
    query = urlsplit(text).query if "?" in text else ""
    if not query:
        raise UrlError(f"not a puzz.link URL (no '?<genre>/...' part): {shown(text)}")
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
        raise UrlError(f"puzz.link URL for {shown(pid)} has no '<cols>/<rows>' size: {shown(text)}")
    cols, rows = _dimension(rest[0]), _dimension(rest[1])
    if not (0 < cols <= MAX_GRID_COLS and 0 < rows <= MAX_GRID_ROWS):
        size = "x".join(n if len(n) <= 12 else n[:12] + "…" for n in rest[:2])
        raise UrlError(
            f"puzz.link URL size {size} is out of range (1x1 to {MAX_GRID_COLS}x{MAX_GRID_ROWS})"
        )
    body = rest[2:]
    if len(body) > 1 and not body[-1]:
        body.pop()  # pzprjs ends a URL whose body ends in a symbol with a '/'
    return PzprUrl(pid, cols, rows, flags, "/".join(body), text)


_SIZE = re.compile(r"[0-9]+")  # a URL's column or row count: ASCII digits (isdigit() takes '²')


def _dimension(digits: str) -> int:
    """A URL's column or row count; a number too long for any grid (int() refuses thousands of
    digits) as one beyond every limit."""
    return int(digits) if len(digits.lstrip("0")) <= 9 else 10**9


def url_text(pid: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """The URL pzprjs makes of a body: its name for the genre (URL_IDS), the flags if any, the
    size, the body, and a '/' after a body that does not end in a letter or digit (so that a
    link shortener keeps its last character)."""
    text = "/".join([*([flags] if flags else []), str(cols), str(rows), body])
    if not re.fullmatch(r"[0-9A-Za-z]", text[-1:]):
        text += "/"
    return f"{HOST}{URL_IDS.get(pid, pid)}/{text}"


def shown(text: str, most: int = 16) -> str:
    """A piece of a URL quoted for a one-line message, cut short if long."""
    return repr(text if len(text) <= most else text[:most] + "…")


def end(rest: str) -> None:
    """Refuse a URL body that goes on after the puzzle."""
    if rest:
        raise UrlError(f"the URL body goes on after the puzzle: {shown(rest)}")


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _number(body: str, i: int, length: int, base: int) -> int:
    """The number of `length` lower-case digits in `base` at body[i:]."""
    digits = body[i : i + length]
    if len(digits) != length or any(ch not in _DIGITS[:base] for ch in digits):
        raise UrlError(f"a bad number {shown(digits)} at position {i} of the URL body")
    return int(digits, base)


def _skip(out: list, n: int, count: int, i: int, what: str) -> None:
    """Add n empty cells to out, up to the last of `count`: a run that goes past the end is cut
    there, as pzprjs reads it (published URLs have one: penpa's test puzzle 'Paintarea 1')."""
    out.extend([None] * min(n, count - len(out)))


def _bad(ch: str, i: int) -> UrlError:
    return UrlError(f"unexpected character {ch!r} at position {i} of the URL body")


def _short(got: int, count: int, what: str) -> UrlError:
    return UrlError(f"the URL body ends after {got} of {count} {what}")


# number16's tokens after a sign: (hex digits, value added)
_NUMBER16 = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192)}
_NUMBER16 |= {"*": (4, 12240), "$": (5, 77776)}
NUMBER16_MAX = 77776 + 0xFFFFF  # the largest number number16 holds


def decode_number16(
    body: str, count: int, symbols: Mapping[str, Any] | None = None, what: str = "cells"
) -> tuple[list[Any], str]:
    """`count` number16 tokens from body: ints, UNKNOWN for '.', None for empty cells.
    symbols: one-character tokens of a genre's own that stand for a value (walllogic's `+`, a
    black cell); they take the place of the shared tokens that start with that character.
    Returns the values and the rest of the body."""
    out: list[Any] = []
    i = 0
    while len(out) < count:
        if i >= len(body):
            raise _short(len(out), count, what)
        ch = body[i]
        if symbols and ch in symbols:
            out.append(symbols[ch])
            i += 1
        elif ch in "0123456789abcdef":
            out.append(int(ch, 16))
            i += 1
        elif ch in _NUMBER16:
            length, base = _NUMBER16[ch]
            out.append(_number(body, i + 1, length, 16) + base)
            i += 1 + length
        elif ch == ".":
            out.append(UNKNOWN)
            i += 1
        elif "g" <= ch <= "z":
            _skip(out, int(ch, 36) - 15, count, i, what)
            i += 1
        else:
            raise _bad(ch, i)
    return out, body[i:]


def encode_number16(
    values: Iterable[Any], symbols: Mapping[Any, str] | None = None, most: int = NUMBER16_MAX
) -> str:
    """The inverse of decode_number16, as pzprjs writes it: a run of empty cells as one
    character `g`-`z` (1-20), a number in the shortest token, a value of `symbols` as its own
    token; numbers up to `most` (a genre's codec may hold fewer)."""

    def token(v: Any) -> str | None:
        if v is None:
            return None
        if symbols and v in symbols:
            return symbols[v]
        if isinstance(v, int) and v > most:
            raise UrlError(f"a puzz.link URL cannot hold the number {v!r} here")
        return _number16_token(v)

    return _runs(map(token, values), "g", 20)


def _runs(tokens: Iterable[str | None], first: str, most: int) -> str:
    """Tokens with each run of empty cells (None) as one character: `first` for one cell, the
    next letters for more, up to `most` cells a character (pzprjs' count and reset)."""
    out, gap = [], 0
    for token in tokens:
        if token is None:
            gap += 1
            if gap == most:
                out.append(chr(ord(first) + gap - 1))
                gap = 0
            continue
        if gap:
            out.append(chr(ord(first) + gap - 1))
            gap = 0
        out.append(token)
    if gap:
        out.append(chr(ord(first) + gap - 1))
    return "".join(out)


def _number16_token(v: int | str) -> str:
    if v == UNKNOWN:
        return "."
    if not isinstance(v, int) or not 0 <= v <= NUMBER16_MAX:
        raise UrlError(f"a puzz.link URL cannot hold the number {v!r}")
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "02x")
    if v < 4096:
        return "+" + format(v, "03x")
    if v < 8192:
        return "=" + format(v - 4096, "03x")
    if v < 12240:
        return "@" + format(v - 8192, "03x")
    if v < 77776:
        return "*" + format(v - 12240, "04x")
    return "$" + format(v - 77776, "05x")


def decode_number36(body: str, count: int) -> tuple[list[int | None], str]:
    """pzprjs' hitori codec: one token per cell, never skipping: `0-9`, `a-z` a number in
    base 36; `-` and two base-36 characters a larger one; `.` a cell without a number (`%`,
    `@`: a number not given, read as none)."""
    out: list[int | None] = []
    i = 0
    while len(out) < count:
        if i >= len(body):
            raise _short(len(out), count, "cells")
        ch = body[i]
        if ch in _DIGITS:
            out.append(int(ch, 36))
        elif ch == "-":
            out.append(_number(body, i + 1, 2, 36))
            i += 2
        elif ch in ".%@":
            out.append(None)
        else:
            raise _bad(ch, i)
        i += 1
    return out, body[i:]


def encode_number36(values: Iterable[int | None]) -> str:
    """The inverse of decode_number36, as pzprjs writes it (`.` for each cell without one)."""
    out = []
    for v in values:
        if v is None:
            out.append(".")
        elif 0 <= v < 36:
            out.append(_DIGITS[v])
        elif 36 <= v < 36 * 36:
            out.append("-" + _DIGITS[v // 36] + _DIGITS[v % 36])
        else:
            raise UrlError(f"a puzz.link URL cannot hold the number {v!r}")
    return "".join(out)


def grid_rows(values: list[T], cols: int) -> tuple[tuple[T, ...], ...]:
    """Row-major values as rows of `cols` (the cells of a Puzzle)."""
    return tuple(tuple(values[i : i + cols]) for i in range(0, len(values), cols))


def cells_of(rows: Iterable[Iterable[T]]) -> list[T]:
    """A grid's values row-major (the inverse of grid_rows)."""
    return [v for row in rows for v in row]


def decode_4cell(body: str, count: int) -> tuple[list[int | str | None], str]:
    """pzprjs' 4cell codec (clues 0-4): `0-4` a number; `5-9` a number (v-5) and one empty
    cell; `a-e` a number (v-10) and two empty cells (which may lie past the last cell: pzprjs
    writes the last number so); `.` an unknown number; `g-z` skip (v-15) cells."""
    out: list[int | str | None] = []
    i = 0
    while len(out) < count:
        if i >= len(body):
            raise _short(len(out), count, "cells")
        ch = body[i]
        if ch in "01234":
            out.append(int(ch))
        elif ch in "56789":
            out += [int(ch) - 5, None]
        elif ch in "abcde":
            out += [int(ch, 16) - 10, None, None]
        elif ch == ".":
            out.append(UNKNOWN)
        elif "g" <= ch <= "z":
            _skip(out, int(ch, 36) - 15, count, i, "cells")
        else:
            raise _bad(ch, i)
        i += 1
    return out[:count], body[i:]


def encode_4cell(values: list[int | str | None]) -> str:
    """The inverse of decode_4cell, as pzprjs writes it: a number followed by empty cells takes
    one or two of them into its own character (the last numbers so too, past the end)."""
    out: list[str] = []
    gap, c = 0, 0

    def filled(k: int) -> bool:
        return k < len(values) and values[k] is not None

    while c < len(values):
        v, token = values[c], ""
        if v == UNKNOWN:
            token = "."
        elif isinstance(v, int) and 0 <= v <= 4:
            if filled(c + 1):
                token = str(v)
            elif filled(c + 2):
                token, c = str(v + 5), c + 1
            else:
                token, c = "abcde"[v], c + 2
        elif v is not None:
            raise UrlError(f"a puzz.link URL holds clues 0-4 here, not {v!r}")
        else:
            gap += 1
        if token or gap == 20:
            out.append((chr(ord("f") + gap) if gap else "") + token)
            gap = 0
        c += 1
    if gap:
        out.append(chr(ord("f") + gap))
    return "".join(out)


def decode_number10(body: str, count: int) -> tuple[list[int | str | None], str]:
    """pzprjs' number10 codec (sukoro): `0-9` a number; `.` a cell whose number is not given
    (UNKNOWN); `a-z` skip (v-9) cells."""
    out: list[int | str | None] = []
    i = 0
    while len(out) < count:
        if i >= len(body):
            raise _short(len(out), count, "cells")
        ch = body[i]
        if ch in "0123456789":
            out.append(int(ch))
        elif ch == ".":
            out.append(UNKNOWN)
        elif "a" <= ch <= "z":
            _skip(out, int(ch, 36) - 9, count, i, "cells")
        else:
            raise _bad(ch, i)
        i += 1
    return out, body[i:]


def encode_number10(values: Iterable[int | str | None]) -> str:
    """The inverse of decode_number10, as pzprjs writes it (a run of up to 26 empty cells a
    character)."""

    def token(v: int | str | None) -> str | None:
        if v is None:
            return None
        if v == UNKNOWN:
            return "."
        if isinstance(v, int) and 0 <= v <= 9:
            return str(v)
        raise UrlError(f"a puzz.link URL holds digits 0-9 here, not {v!r}")

    return _runs(map(token, values), "a", 26)


# pzprjs' direction numbers (arrow number16, walllogic's lines): 0 is no direction
PZPR_DIRECTION: dict[int, str | None] = {0: None, **{k: d for d, k in NUMBER.items()}}
Arrow = tuple[str | None, int | str]  # a direction U D L R (None: none) and a number or UNKNOWN


def decode_arrow_number16(body: str, count: int) -> tuple[list[Arrow | None], str]:
    """Arrow number16, one token per cell: `d n` = direction d (PZPR_DIRECTION) and one hex
    digit, or `.` for an unknown number; `(d+5) nn` two hex digits; `- d nnn` three; `a`-`z`
    skip (v-9) cells."""
    values: list[Arrow | None] = []
    i = 0
    while len(values) < count:
        if i >= len(body):
            raise _short(len(values), count, "cells")
        ch = body[i]
        if ch in "01234":
            d = int(ch)
            n: int | str = UNKNOWN if body[i + 1 : i + 2] == "." else _number(body, i + 1, 1, 16)
            i += 2
        elif ch in "56789":
            d, n = int(ch) - 5, _number(body, i + 1, 2, 16)
            i += 3
        elif ch == "-":
            d, n = _number(body, i + 1, 1, 16), _number(body, i + 2, 3, 16)
            if d not in PZPR_DIRECTION:
                raise UrlError(f"bad arrow direction {d} at position {i + 1} of the URL body")
            i += 5
        elif "a" <= ch <= "z":
            _skip(values, int(ch, 36) - 9, count, i, "cells")
            i += 1
            continue
        else:
            raise _bad(ch, i)
        values.append((PZPR_DIRECTION[d], n))
    return values, body[i:]


def encode_arrow_number16(values: Iterable[Arrow | None]) -> str:
    """The inverse of decode_arrow_number16, as pzprjs writes it (up to 26 empty cells a
    character)."""

    def token(arrow: Arrow | None) -> str | None:
        if arrow is None:
            return None
        d, n = NUMBER.get(arrow[0], 0) if arrow[0] is not None else 0, arrow[1]
        if n == UNKNOWN:
            return f"{d}."
        if isinstance(n, int) and 0 <= n < 16:
            return f"{d}{n:x}"
        if isinstance(n, int) and 16 <= n < 256:
            return f"{d + 5}{n:x}"
        if isinstance(n, int) and 256 <= n < 4096:
            return f"-{d}{n:x}"
        raise UrlError(f"a puzz.link URL cannot hold the number {n!r} of an arrow")

    return _runs(map(token, values), "a", 26)


def decode_bits(body: str, count: int) -> tuple[list[bool], str]:
    """`count` bits, 5 per base-32 character, most significant first; and the rest."""
    chars = -(-count // 5)
    if len(body) < chars:
        raise UrlError(f"the URL body ends inside its {chars} characters of bits")
    bits = []
    for i, ch in enumerate(body[:chars]):
        if ch not in _DIGITS[:32]:
            raise UrlError(f"{ch!r} at position {i} of the URL body is not a base-32 digit")
        n = int(ch, 32)
        bits += [bool(n >> (4 - k) & 1) for k in range(5)]
    return bits[:count], body[chars:]


def encode_bits(bits: list[bool]) -> str:
    """The inverse of decode_bits (the last character's unused bits 0)."""
    out = []
    for k in range(0, len(bits), 5):
        five = [*bits[k : k + 5], False, False, False, False][:5]
        out.append(_DIGITS[sum(16 >> j for j, bit in enumerate(five) if bit)])
    return "".join(out)


def inner_border(rows: int, cols: int, k: int) -> tuple[Cell, Cell]:
    """The two cells of inner border k: first those between cells side by side (row-major,
    cols-1 per row), then those between cells one above the other."""
    if k < (cols - 1) * rows:
        r, c = divmod(k, cols - 1)
        return (r, c), (r, c + 1)
    r, c = divmod(k - (cols - 1) * rows, cols)
    return (r, c), (r + 1, c)


def inner_borders(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """Every inner border in `inner_border`'s order."""
    return [inner_border(rows, cols, k) for k in range(2 * rows * cols - rows - cols)]


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


def outer_border_id(rows: int, cols: int, outside: Cell, inside: Cell) -> int:
    """The id of the outer border between a virtual cell outside and a cell inside (the
    inverse of outer_border)."""
    for k in range(2 * (rows + cols)):
        if outer_border(rows, cols, k) == (outside, inside):
            return k
    raise UrlError(f"{outside} and {inside} do not meet on the grid's frame")


def decode_border(body: str, rows: int, cols: int) -> tuple[set[tuple[Cell, Cell]], str]:
    """The border codec: the walls (pairs of cells, lower first) as bits over the inner
    borders (`inner_border`'s order); and the rest of the body."""
    side, rest = decode_bits(body, (cols - 1) * rows)
    below, rest = decode_bits(rest, cols * (rows - 1))
    return {inner_border(rows, cols, k) for k, wall in enumerate(side + below) if wall}, rest


def encode_border(rows: int, cols: int, walls: Iterable[tuple[Cell, Cell]]) -> str:
    """The inverse of decode_border: the walls between cells side by side, then those between
    cells one above the other, each part its own characters."""
    shut = {tuple(sorted(w)) for w in walls}
    marks = [b in shut for b in inner_borders(rows, cols)]
    side = (cols - 1) * rows
    return encode_bits(marks[:side]) + encode_bits(marks[side:])


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


def encode_rooms(rooms: Rooms) -> str:
    """The border codec of the walls between rooms; a room in parts is refused (a URL's rooms
    are what its walls enclose), as is a cell outside every room (a URL has none)."""
    if rooms.outside:
        r, c = rooms.outside[0]
        raise UrlError(
            f"{a1(r + 1, c + 1)} lies outside every room, and a puzz.link URL has no such cell"
        )
    walls = rooms.borders
    if len(rooms_from_walls(rooms.rows, rooms.cols, walls)) != len(rooms):
        raise UrlError("a room in separate parts cannot be put in a puzz.link URL")
    return encode_border(rooms.rows, rooms.cols, walls)


def room_numbers(rooms: Rooms, numbers: Iterable[tuple[Cell, Any]]) -> list[Any]:
    """Each room's number (None for none) from numbers in cells, in room order (room
    number16's order); a room with two numbers is refused."""
    found: list[Any] = [None] * len(rooms)
    for cell, n in numbers:
        k = rooms.room_of(cell)
        if found[k] is not None and found[k] != n:
            raise UrlError(f"a room holds two numbers, {found[k]} and {n}: a URL holds one")
        found[k] = n
    return found


def decode_circles(body: str, count: int) -> tuple[list[int], str]:
    """The circle codec: base-27 characters, three cells each, 9a + 3b + c with a, b, c in
    {0, 1, 2} (masyu: 1 white, 2 black). As in pzprjs, a body may stop early: the cells after
    it are empty (URLs in the wild leave out trailing empty cells)."""
    chars = -(-count // 3)
    values: list[int] = []
    for i, ch in enumerate(body[:chars]):
        if ch not in _DIGITS[:27]:
            raise UrlError(f"{ch!r} at position {i} of the URL body is not a circle digit")
        n = int(ch, 27)
        values += [n // 9, n // 3 % 3, n % 3]
    values += [0] * (count - len(values))
    return values[:count], body[chars:]


def encode_circles(values: list[int]) -> str:
    """The inverse of decode_circles: every cell, three a character (the last one's unused
    cells 0)."""
    out = []
    for k in range(0, len(values), 3):
        a, b, c = [*values[k : k + 3], 0, 0][:3]
        out.append(_DIGITS[9 * a + 3 * b + c])
    return "".join(out)


def decode_letters(
    body: str, count: int, letters: Mapping[str, T], skip_from: str, empty: str = ""
) -> tuple[list[T | None], str]:
    """One character per cell: a letter of `letters` stands for its value; a character from
    `skip_from` to `z` skips (its distance from skip_from + 1) cells, itself included; a
    character of `empty` is one empty cell (pipelink: a-g pieces, h-z skips, `.` empty)."""
    values: list[T | None] = []
    i = 0
    while len(values) < count:
        if i >= len(body):
            raise _short(len(values), count, "cells")
        ch = body[i]
        if ch in letters:
            values.append(letters[ch])
        elif skip_from <= ch <= "z":
            _skip(values, ord(ch) - ord(skip_from) + 1, count, i, "cells")
        elif ch in empty:
            values.append(None)
        else:
            raise _bad(ch, i)
        i += 1
    return values, body[i:]


def encode_letters(values: Iterable[T | None], letters: Mapping[T, str], skip_from: str) -> str:
    """The inverse of decode_letters: a value as its letter, a run of empty cells as one
    character from skip_from (as many cells a character as letters up to `z`)."""
    return _runs(
        (None if v is None else letters[v] for v in values),
        skip_from,
        ord("z") - ord(skip_from) + 1,
    )


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
                raise UrlError("the URL body ends inside the marks on borders")
            ch = body[i]
            if ch not in _DIGITS:
                raise _bad(ch, i)
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


def encode_border_marks(rows: int, cols: int, marks: Iterable[tuple[Cell, Cell]]) -> str:
    """The inverse of decode_border_marks, as pzprjs writes it: each mark as the count of
    unmarked borders before it, `z` for 35 unmarked, the unmarked tail as its count."""
    marks = set(marks)
    out = []
    for forward in (False, True):
        gap = 0
        for a, b in inner_borders(rows, cols):
            if ((a, b) if forward else (b, a)) in marks:
                out.append(_DIGITS[gap])
                gap = 0
            else:
                gap += 1
                if gap == 35:
                    out.append("z")
                    gap = 0
        if gap:
            out.append(_DIGITS[gap])
    return "".join(out)


KakuroGrid = list[list[tuple[int, int] | None]]


def decode_kakuro(body: str, cols: int, rows: int) -> tuple[KakuroGrid, str]:
    """pzprjs' kakuro codec: the board of cols x rows cells, then the sums of its frame, read as
    a grid of rows + 1 x cols + 1 whose first row and column are the frame (always black).
    Board cells in order: `k`-`z` skip (v-19) white cells; `.` a black cell without sums; else
    two characters, the down sum and the across sum. Then the down sums of the frame above
    every column whose top cell is white, then the across sums left of every row whose first
    cell is white. A sum character: `0` or `-` none, `1`-`9` and `a`-`j` 1-19, `A`-`Z` 20-45.
    Each black cell is (down, across), 0 for a side without a sum; None a white cell. Returns
    the grid and the rest of the body."""

    def value(i: int) -> int:
        if i >= len(body):
            raise UrlError("kakuro: the URL body ends inside the sums")
        ch = body[i]
        if ch == "-":
            return 0
        if ch in "0123456789" or "a" <= ch <= "j":
            return int(ch, 36)
        if "A" <= ch <= "Z":
            return int(ch, 36) + 10
        raise UrlError(f"kakuro: {ch!r} at position {i} of the URL body is not a sum")

    board: list[tuple[int, int] | None] = []
    i = 0
    while len(board) < cols * rows:
        if i >= len(body):
            raise UrlError(f"kakuro: the URL body ends after {len(board)} of {cols * rows} cells")
        ch = body[i]
        if "k" <= ch <= "z":
            _skip(board, int(ch, 36) - 19, cols * rows, i, "cells")
        elif ch == ".":
            board.append((0, 0))
        else:
            board.append((value(i), value(i + 1)))
            i += 1
        i += 1
    grid: KakuroGrid = [[(0, 0)] * (cols + 1)]
    grid += [[(0, 0), *board[r * cols : (r + 1) * cols]] for r in range(rows)]
    for c in range(cols):
        if grid[1][c + 1] is None:
            grid[0][c + 1] = (value(i), 0)
            i += 1
    for r in range(rows):
        if grid[r + 1][1] is None:
            grid[r + 1][0] = (0, value(i))
            i += 1
    return grid, body[i:]


def encode_kakuro(grid: KakuroGrid) -> str:
    """The inverse of decode_kakuro, as pzprjs writes it: a side without a sum as `-` (`.` for
    a black cell without either), a run of up to 16 white cells a character."""

    def value(n: int) -> str:
        if n == 0:
            return "-"
        if 1 <= n <= 19:
            return _DIGITS[n]
        if 20 <= n <= 45:
            return _DIGITS[n - 10].upper()
        raise UrlError(f"kakuro: a puzz.link URL holds sums 1-45, not {n}")

    def token(v: tuple[int, int] | None) -> str | None:
        if v is None:
            return None
        return "." if v == (0, 0) else value(v[0]) + value(v[1])

    board = [token(v) for row in grid[1:] for v in row[1:]]
    out = _runs(board, "k", 16)
    out += "".join(value(grid[0][c][0]) for c in range(1, len(grid[0])) if grid[1][c] is None)
    out += "".join(value(grid[r][0][1]) for r in range(1, len(grid)) if grid[r][1] is None)
    return out
