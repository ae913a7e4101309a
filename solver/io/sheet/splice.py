"""Editing an XML part in place: elements are found by their byte offsets, and a change replaces
only the bytes it concerns, so that everything else in the part keeps its exact bytes (its
namespace prefixes, attribute order, quoting, whitespace).

`scan` reads a part with expat (no DTD is accepted: a package part has none, and refusing one
refuses entity bombs) and returns the elements it is asked to keep, each with its offsets;
`apply` puts a list of replacements together; `with_attrs` edits a start tag's attributes.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.etree import ElementTree as ET
from xml.parsers import expat

# a start tag, its attribute values quoted either way (they may hold '>')
START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")
ATTR = re.compile(rb"""(\s+)([^\s=/>]+)(\s*=\s*)("[^"]*"|'[^']*')""")
TAG_END = re.compile(rb"\s*/?>$")
XML_NS = "http://www.w3.org/XML/1998/namespace"

# what an attribute's value escapes (xml.sax.saxutils would bring urllib, http and ssl along)
_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\t": "&#9;"}
)


class PartError(ValueError):
    """A part this module cannot edit in place (not UTF-8, a DTD, not well-formed), or an edit
    its callers cannot make there (a worksheet without its sheetData, a formula that other
    cells share overwritten)."""


@dataclass(eq=False)
class Node:
    """An element: its name as written ('row' or 'x:row'), attributes, and offsets: `start` (its
    '<'), `body` (after its start tag), `close` (where its end tag starts; `body` for an empty
    element written `<x/>`), `end` (after it)."""

    name: str
    attrs: dict[str, str]
    start: int
    body: int
    close: int = -1
    end: int = -1
    children: list[Node] = field(default_factory=list)
    number: int = 0  # a row's or a cell's place, for the caller

    @property
    def local(self) -> str:
        return self.name.rsplit(":", 1)[-1]

    @property
    def prefix(self) -> str:
        return self.name.rsplit(":", 1)[0] if ":" in self.name else ""

    @property
    def empty(self) -> bool:
        return self.close == self.body and self.end == self.body

    def child(self, local: str) -> Node | None:
        return next((c for c in self.children if c.local == local), None)

    def all(self, local: str) -> list[Node]:
        return [c for c in self.children if c.local == local]

    def attr(self, local: str) -> str | None:
        """An attribute by its local name, whatever its prefix."""
        for k, v in self.attrs.items():
            if k == local or k.endswith(":" + local):
                return v
        return None


Want = Callable[[list[Node], str, dict[str, str]], bool]


def check_utf8(data: bytes) -> None:
    """Refuse a part not in UTF-8 (the XML declaration's encoding, or a UTF-16 byte order mark):
    the edits are UTF-8 bytes."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise PartError("the part is in UTF-16")
    head = re.match(rb"<\?xml[^>]*encoding\s*=\s*[\"']([^\"']+)", data[:200])
    if head and head.group(1).decode("ascii", "replace").lower() not in ("utf-8", "utf8"):
        raise PartError(f"the part is in {head.group(1).decode('ascii', 'replace')}")


def scan(data: bytes, want: Want | None = None, depth: int = 2) -> Node:
    """The root element of `data` with its descendants down to `depth` (the root's children are
    depth 1) for which want(ancestors, name, attrs) is true (all of them when `want` is None);
    an element left out leaves out its descendants."""
    check_utf8(data)
    parser = expat.ParserCreate()
    stack: list[Node | None] = []
    found: list[Node] = []

    def refuse(*_: object) -> None:
        raise PartError("the part declares a DTD")

    def start(name: str, attrs: dict[str, str]) -> None:
        if stack and (stack[-1] is None or len(stack) > depth):
            stack.append(None)
            return
        ancestors = [n for n in stack if n is not None]
        if stack and want is not None and not want(ancestors, name, attrs):
            stack.append(None)
            return
        at = parser.CurrentByteIndex
        tag = START_TAG.match(data, at)
        if tag is None:
            raise PartError(f"cannot read the start tag at byte {at}")
        node = Node(name, attrs, at, tag.end())
        if tag.group(1):
            node.close = node.end = node.body
        if stack:
            stack[-1].children.append(node)  # type: ignore[union-attr]
        else:
            found.append(node)
        stack.append(node)

    def end(name: str) -> None:
        node = stack.pop()
        if node is None or node.end >= 0:
            return
        node.close = parser.CurrentByteIndex
        node.end = data.index(b">", node.close) + 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise PartError(f"not well-formed XML ({exc})") from None
    finally:  # the handlers refer to the parser: break the cycle, the parser goes now
        parser.StartElementHandler = parser.EndElementHandler = None
        parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = None
    return found[0]


def apply(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """`data` with each (start, end, new bytes) edit made; edits never overlap, and insertions
    (start == end) at one place keep their order, before a replacement that starts there."""
    out, at = [], 0
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1] > e[0])):
        if start < at:
            raise PartError(f"overlapping edits at byte {start}")
        out += [data[at:start], new]
        at = end
    out.append(data[at:])
    return b"".join(out)


def quote(value: str) -> bytes:
    return ('"' + value.translate(_ATTRIBUTE) + '"').encode()


def with_attrs(tag: bytes, changes: dict[str, str | None]) -> bytes:
    """A start tag with attributes (named as written) set to a value, or removed (None); the
    others, and one set to the value it has, keep their bytes; new ones go last."""
    todo = dict(changes)

    def one(m: re.Match[bytes]) -> bytes:
        name = m.group(2).decode()
        if name not in todo:
            return m.group(0)
        value = todo.pop(name)
        if value is None:
            return b""
        if html.unescape(m.group(4)[1:-1].decode()) == value:
            return m.group(0)
        return m.group(1) + m.group(2) + m.group(3) + quote(value)

    head = re.match(rb"<[^\s/>]+", tag)
    assert head is not None
    tail = TAG_END.search(tag)
    assert tail is not None
    middle = ATTR.sub(one, tag[head.end() : tail.start()])
    extra = b"".join(b" " + k.encode() + b"=" + quote(v) for k, v in todo.items() if v is not None)
    return tag[: head.end()] + middle + extra + tag[tail.start() :]


def open_tag(tag: bytes) -> bytes:
    """An empty element's tag `<x a="1"/>` as a start tag `<x a="1">`."""
    return re.sub(rb"\s*/>$", b">", tag)


def element(el: ET.Element, prefix: str = "") -> bytes:
    """An element made with ElementTree (tags without a namespace) as bytes, its tags under
    `prefix` when the part writes its namespace with one."""
    if prefix:
        for e in el.iter():
            if isinstance(e.tag, str) and "}" not in e.tag and ":" not in e.tag:
                e.tag = f"{prefix}:{e.tag}"
    return ET.tostring(el, encoding="unicode", short_empty_elements=True).encode()


def qualified(prefix: str, local: str) -> str:
    return f"{prefix}:{local}" if prefix else local


def tag(prefix: str, local: str, attrs: list[tuple[str, str]], body: bytes | None = None) -> bytes:
    """An element with these attributes: empty (`<x .../>`) when `body` is None."""
    name = qualified(prefix, local).encode()
    text = b"".join(b" " + k.encode() + b"=" + quote(v) for k, v in attrs)
    if body is None:
        return b"<" + name + text + b"/>"
    return b"<" + name + text + b">" + body + b"</" + name + b">"


def end_tag(node: Node) -> bytes:
    """The end tag of `node`'s element: `</x:row>`."""
    return f"</{node.name}>".encode()


def start_tag(text: bytes) -> bytes:
    """The start tag an element's bytes begin with."""
    m = START_TAG.match(text)
    assert m is not None
    return text[: m.end()]
