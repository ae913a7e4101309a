"""puzz.link (pzprjs) URLs: the envelope and the codecs genres share.

`https://puzz.link/p?<pid>[_edit]/[v:<variant>/][<pflag>/]<cols>/<rows>/<body>`; columns come
before rows; cells are numbered row-major. Each genre decodes its own body with these pieces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

# pzprjs' other names of a genre (pzpr.variety.toPID: pzprurl, kanpen, alias, alias2) -> its pid;
# URLs in the wild use them all (../shared/PUZZLINK.md)
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
    if rest and not rest[0].isdigit():
        flags, rest = rest[0], rest[1:]
    if len(rest) < 2 or not rest[0].isdigit() or not rest[1].isdigit():
        raise UrlError(f"puzz.link URL for '{pid}' has no '<cols>/<rows>' size: {text!r}")
    cols, rows = int(rest[0]), int(rest[1])
    if not (0 < cols <= 200 and 0 < rows <= 200):
        raise UrlError(f"puzz.link URL size {cols}x{rows} is out of range")
    return PzprUrl(pid, cols, rows, flags, "/".join(rest[2:]), text)


def decode_number16(body: str, count: int) -> tuple[list[int | str | None], str]:
    """`count` number16 tokens from body: ints, UNKNOWN for '.', None for empty cells.
    Returns the values and the rest of the body."""
    out: list[int | str | None] = []
    i = 0
    while len(out) < count and i < len(body):
        ch = body[i]
        if ch in "0123456789abcdef":
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


def grid_rows(values: list, cols: int) -> list[list]:
    return [values[i : i + cols] for i in range(0, len(values), cols)]
