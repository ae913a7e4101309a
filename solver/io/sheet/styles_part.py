"""The styles part of a workbook package, edited in place (`solver.io.sheet.patch`): the index
of a look among its cell formats (`<xf>`), and, for a look no cell format has, a font, fill,
border, number format and cell format added at the end of their lists. Nothing there is
renumbered or removed, so the part only grows, and every cell keeps the number of its format.

A look is compared by what it shows: two equal fonts in the lists count as one, and a border's
side without a line style is no side (`meaning`).
"""

from __future__ import annotations

from copy import copy
from typing import Any
from xml.etree import ElementTree as ET

from defusedxml.ElementTree import fromstring
from openpyxl.styles import Alignment, Protection
from openpyxl.styles.borders import Border as OpenpyxlBorder
from openpyxl.styles.cell_style import CellStyle, StyleArray
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE, BUILTIN_FORMATS_REVERSE
from openpyxl.styles.stylesheet import Stylesheet
from openpyxl.workbook.workbook import Workbook

from solver.io.sheet import splice
from solver.io.sheet.splice import apply, end_tag, qualified, with_attrs

# the styles part's lists, in the order CT_Stylesheet puts them
STYLE_LISTS = ("numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles")
STYLE_ADDED = ("numFmts", "fonts", "fills", "borders", "cellXfs")  # the lists saving adds to
_BORDER_SIDES = ("left", "right", "top", "bottom", "diagonal", "vertical", "horizontal")


def meaning(item: Any) -> Any:
    """A font, fill or border as what it shows: a border's side without a line style draws
    nothing, whether the part writes it as `<left/>` or not at all (openpyxl reads the one as an
    empty side, the other as none), so the two are one border."""
    if not isinstance(item, OpenpyxlBorder):
        return item
    plain = copy(item)
    for name in _BORDER_SIDES:
        side = getattr(plain, name, None)
        if side is not None and not side.style:
            setattr(plain, name, None)
    return plain


class StylesPart:
    """The styles part: the index of a look in its cell formats, added when it has none."""

    def __init__(self, data: bytes, wb: Workbook) -> None:
        self.data, self.wb = data, wb
        self.root = splice.scan(data, depth=1)
        sheet = Stylesheet.from_tree(fromstring(data))
        self.date_formats, self.timedelta_formats = sheet.date_formats, sheet.timedelta_formats
        self.lists: dict[str, list[Any]] = {
            "fonts": list(sheet.fonts),
            "fills": list(sheet.fills),
            "borders": list(sheet.borders),
        }
        self.first: dict[str, dict[Any, int]] = {}
        for name, items in self.lists.items():
            first: dict[Any, int] = {}
            for i, item in enumerate(items):
                first.setdefault(meaning(item), i)
            self.first[name] = first
        self.custom = {n.numFmtId: n.formatCode for n in sheet.numFmts.numFmt}
        self.code_id: dict[str, int] = {}
        for n, code in self.custom.items():
            self.code_id.setdefault(code, n)
        self.xfs = list(sheet.cellXfs.xf)
        self.keys = [self._xf_key(xf) for xf in self.xfs]
        self.by_key: dict[tuple[Any, ...], int] = {}
        for i, key in enumerate(self.keys):
            self.by_key.setdefault(key, i)
        self.added: dict[str, list[bytes]] = {name: [] for name in STYLE_ADDED}
        self.counts = {
            "numFmts": len(sheet.numFmts.numFmt),
            "fonts": len(self.lists["fonts"]),
            "fills": len(self.lists["fills"]),
            "borders": len(self.lists["borders"]),
            "cellXfs": len(self.xfs),
        }
        self.wanted: dict[tuple[int, ...], tuple[Any, ...]] = {}

    def _canon(self, name: str, i: int | None) -> object:
        items = self.lists[name]
        if i is None or not 0 <= i < len(items):
            return ("missing", i)
        return self.first[name][meaning(items[i])]

    def _number_key(self, raw: int | None) -> tuple[str, object]:
        code = self.custom.get(raw or 0)
        if code is None:
            return ("id", raw or 0)
        if code in BUILTIN_FORMATS_REVERSE:
            return ("id", BUILTIN_FORMATS_REVERSE[code])
        return ("code", code)

    def _xf_key(self, xf: CellStyle) -> tuple[Any, ...]:
        return (
            self._number_key(xf.numFmtId),
            self._canon("fonts", xf.fontId),
            self._canon("fills", xf.fillId),
            self._canon("borders", xf.borderId),
            xf.xfId or 0,
            xf.alignment if xf.alignment is not None else Alignment(),
            xf.protection if xf.protection is not None else Protection(),
            bool(xf.quotePrefix),
            bool(xf.pivotButton),
        )

    def _item(self, name: str, obj: Any) -> int:
        """The index of a font, fill or border equal to `obj`, added if there is none."""
        found = self.first[name].get(meaning(obj))
        if found is not None:
            return found
        index = len(self.lists[name])
        self.lists[name].append(obj)
        self.first[name][meaning(obj)] = index
        self.added[name].append(splice.element(obj.to_tree(), self.root.prefix))
        return index

    def _wanted(self, style: StyleArray) -> tuple[Any, ...]:
        """The key of an openpyxl style (indices into `wb`'s lists) in this part's terms."""
        arr = tuple(style)
        key = self.wanted.get(arr)
        if key is not None:
            return key
        wb = self.wb
        if style.numFmtId < BUILTIN_FORMATS_MAX_SIZE:
            number: tuple[str, object] = ("id", style.numFmtId)
        else:
            try:
                number = ("code", wb._number_formats[style.numFmtId - BUILTIN_FORMATS_MAX_SIZE])
            except IndexError:
                number = ("id", style.numFmtId)
        key = (
            number,
            self._item("fonts", wb._fonts[style.fontId]),
            self._item("fills", wb._fills[style.fillId]),
            self._item("borders", wb._borders[style.borderId]),
            style.xfId,
            wb._alignments[style.alignmentId],
            wb._protections[style.protectionId],
            bool(style.quotePrefix),
            bool(style.pivotButton),
        )
        self.wanted[arr] = key
        return key

    def index(self, style: StyleArray | None, prefer: int | None = None) -> int:
        """The cell format for an openpyxl style (None: the default look); `prefer` (a cell's
        own format) when that one is equal."""
        key = self._wanted(style if style is not None else StyleArray())
        if prefer is not None and 0 <= prefer < len(self.keys) and self.keys[prefer] == key:
            return prefer
        found = self.by_key.get(key)
        if found is not None:
            return found
        number, font, fill, border, xf_id, alignment, protection, quote, pivot = key
        if number[0] == "id":
            fmt_id = number[1]
        elif number[1] in self.code_id:
            fmt_id = self.code_id[number[1]]
        else:
            fmt_id = max([BUILTIN_FORMATS_MAX_SIZE - 1, *self.custom]) + 1
            self.custom[fmt_id], self.code_id[number[1]] = number[1], fmt_id
            el = ET.Element("numFmt", numFmtId=str(fmt_id), formatCode=str(number[1]))
            self.added["numFmts"].append(splice.element(el, self.root.prefix))
        xf = CellStyle(
            numFmtId=fmt_id,
            fontId=font,
            fillId=fill,
            borderId=border,
            xfId=xf_id,
            quotePrefix=quote,
            pivotButton=pivot,
        )
        if alignment != Alignment():
            xf.alignment = alignment
        if protection != Protection():
            xf.protection = protection
        index = len(self.keys)
        self.xfs.append(xf)
        self.keys.append(key)
        self.by_key[key] = index
        self.added["cellXfs"].append(splice.element(xf.to_tree(), self.root.prefix))
        return index

    def result(self) -> bytes | None:
        """The part with what was added; None when nothing was."""
        if not any(self.added.values()):
            return None
        edits = []
        for name, items in self.added.items():
            if not items:
                continue
            count = str(self.counts[name] + len(items))
            body = b"".join(items)
            node = self.root.child(name)
            if node is None:
                tag = qualified(self.root.prefix, name)
                new = f'<{tag} count="{count}">'.encode() + body + f"</{tag}>".encode()
                edits.append((self._place(name), self._place(name), new))
                continue
            head = self.data[node.start : node.body]
            if node.attr("count") is not None:
                head = with_attrs(head, {"count": count})
            if node.empty:
                edits.append((node.start, node.end, splice.open_tag(head) + body + end_tag(node)))
            else:
                edits.append((node.start, node.body, head))
                edits.append((node.close, node.close, body))
        return apply(self.data, edits)

    def _place(self, name: str) -> int:
        """Where a list the part lacks goes: before the first list that follows it."""
        later = STYLE_LISTS[STYLE_LISTS.index(name) + 1 :]
        for child in self.root.children:
            if child.local in later:
                return child.start
        return self.root.close
