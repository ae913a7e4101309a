"""Saving a workbook by editing its own package: every part the changes do not concern keeps its
exact bytes, and a part they concern changes only where they do.

openpyxl reads a workbook into its own model and writes a new package from it; what it does not
model is lost (drawings, sparklines, slicers, numbers beyond a float such as `1e400`, rich text
unless asked, extension lists, Excel's `x14ac:` attributes...), and the parts it keeps are
renumbered (styles, shared strings, part names). Here openpyxl is used to read the workbook and
to change it in memory; saving compares that model with the package the book was read from and
writes the differences into a copy of that package:

- a cell whose value or look differs: its `<c>` element is replaced (a new value, written as
  openpyxl writes a cell: strings inline, `t="inlineStr"`), or only its `s` attribute when only
  its look changed (a formula or a rich string keeps its bytes), or it is removed when it is
  empty now; a new cell goes into its row, a new row into `<sheetData>`, in order; a row's
  `spans` and the sheet's `<dimension>` widen to what was added;
- a row's height: its `ht` and `customHeight`; a column's width: its `<col>` (split where a
  `<col>` covers several columns of which only some change); merged ranges: those that stay
  keep their `<mergeCell>`, the others go, new ones come last;
- a look no cell had before: a font, fill, border, number format and cell format (`<xf>`) added
  at the end of its list in the styles part (nothing there is renumbered or removed, so the
  styles part only grows: a look given back by `clear` keeps its entries);
- a sheet added (the hidden record sheet, a sheet `import` or `new` adds): a new part as
  openpyxl writes a worksheet, with its style numbers turned into the styles part's, and its
  `<sheet>`, relationship and content type; the drawings attached to it (`Attachment`: `new`'s
  text box and buttons, as XlsxWriter writes them) as new parts under `xl/drawings/`, a VML
  drawing's shape ids moved to a block of its own; a sheet removed: those taken out, with the
  parts only it used, and the defined names' `localSheetId` and the active tab renumbered; a
  sheet renamed, hidden or shown: its `<sheet>` element's attribute;
- when a cell holding a formula is given a value, the calculation chain goes (Excel rebuilds it;
  a chain naming a cell without a formula makes Excel repair the file).

A cell's value is compared as openpyxl reads it, and its look by meaning: the cell keeps its own
`s` while that format still says what the model says (two equal fonts in the list count as one).
Nothing else openpyxl's model may hold is written (its defined names, properties, views, data
validation, conditional formatting, comments, links): solving changes none of them. A change
this module cannot write (a sheet moved among the others, a new sheet with openpyxl's drawings,
comments or formatting rules, a formula shared with other cells overwritten) raises PatchError
rather than being dropped.

What still differs from the original after an in-place solve, and why:
- the solved sheet's part, where the answer is: its cells (written as openpyxl writes a cell,
  `<c r="C2" s="5" t="n"><v>4</v></c>`; a string inline, `t="inlineStr"`, so that the shared
  strings keep their bytes), its rows' heights and its columns' widths (the grid's cells made
  square); a `<col>` split around the grid's columns stays split after `clear`, each piece with
  the width the whole had (adjacent `<col>`s are never joined: two a person made stay two);
- the styles part gains the answer's looks at the end of its lists, and their counts;
- `workbook.xml`, its relationships and `[Content_Types].xml` gain the hidden record sheet's
  entries (its part is new, written by openpyxl); `clear` takes them out again, byte for byte;
- `docProps/app.xml` (its list of sheet titles) and `docProps/core.xml` (the last-modified time)
  are not updated: Excel and LibreOffice rebuild them on their next save;
- the zip container itself: parts are compressed anew (the same method, not necessarily the same
  bytes); the entries' names, order and dates stay.
"""

from __future__ import annotations

import bisect
import io
import posixpath
import re
import time
import warnings
import zipfile
from copy import copy
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree as ET

from defusedxml.ElementTree import fromstring
from openpyxl.cell._writer import etree_write_cell
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.reader.strings import read_string_table
from openpyxl.styles import Alignment, Protection
from openpyxl.styles.borders import Border as OpenpyxlBorder
from openpyxl.styles.cell_style import CellStyle, StyleArray
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE, BUILTIN_FORMATS_REVERSE
from openpyxl.styles.stylesheet import Stylesheet
from openpyxl.utils.cell import (
    column_index_from_string,
    coordinate_to_tuple,
    get_column_letter,
    range_boundaries,
)
from openpyxl.utils.units import DEFAULT_COLUMN_WIDTH
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet._reader import WorkSheetParser
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.worksheet import Worksheet

from solver.io.sheet import splice
from solver.io.sheet.package import Package
from solver.io.sheet.splice import Node, apply, qualified, with_attrs

SML = "application/vnd.openxmlformats-officedocument.spreadsheetml."
DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"
VML_TYPE = "application/vnd.openxmlformats-officedocument.vmlDrawing"
_IDMAP = re.compile(rb'(<o:idmap\b[^>]*\bdata=")([^"]*)"')
WORKSHEET_TYPE = SML + "worksheet+xml"
STRINGS_TYPE = SML + "sharedStrings+xml"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL_WORKSHEET = REL_NS + "/worksheet"
MAX_COLUMN = 16384
CONTENT_TYPES = "[Content_Types].xml"
# the elements of a worksheet part, in the order CT_Worksheet puts them (from mergeCells on)
WORKSHEET_ORDER = (
    "mergeCells",
    "phoneticPr",
    "conditionalFormatting",
    "dataValidations",
    "hyperlinks",
    "printOptions",
    "pageMargins",
    "pageSetup",
    "headerFooter",
    "rowBreaks",
    "colBreaks",
    "customProperties",
    "cellWatches",
    "ignoredErrors",
    "smartTags",
    "drawing",
    "legacyDrawing",
    "legacyDrawingHF",
    "drawingHF",
    "picture",
    "oleObjects",
    "controls",
    "webPublishItems",
    "tableParts",
    "extLst",
)
# what comes after a sheet's drawings in CT_Worksheet
_AFTER_LEGACY = (
    b"legacyDrawingHF",
    b"drawingHF",
    b"picture",
    b"oleObjects",
    b"controls",
    b"webPublishItems",
    b"tableParts",
    b"extLst",
)
# the styles part's lists, in the order CT_Stylesheet puts them
STYLE_LISTS = ("numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles")
STYLE_ADDED = ("numFmts", "fonts", "fills", "borders", "cellXfs")  # the lists saving adds to
# a formula other cells share, or an array formula: overwriting its cell would break others
_SHARED_FORMULA = re.compile(rb"<(?:\w+:)?f\b[^>]*\sref\s*=")
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s/>]")
# a row's attributes that say nothing once it holds no cells
_PLAIN_ROW = {"r", "spans", "dyDescent"}


class PatchError(Exception):
    """A change this module cannot write into the package; the message says which."""


@dataclass
class Patched:
    """The new package, and the sheets it no longer has (their contents are gone on purpose)."""

    data: bytes
    removed: list[str] = field(default_factory=list)
    changed: bool = True  # False: every part is as it was


@dataclass(frozen=True)
class Attachment:
    """A drawing a new sheet comes with, as XlsxWriter writes it: `element` 'drawing' for
    DrawingML (text boxes), 'legacyDrawing' for VML (form buttons)."""

    element: str
    data: bytes


def patch(
    base: bytes,
    wb: Workbook,
    loaded: list[tuple[Any, str]],
    attached: dict[int, list[Attachment]] | None = None,
) -> Patched:
    """The package `base` (what `wb` was read from) with `wb`'s changes written into it.
    `loaded`: each sheet object of `wb` as read, with its title then; `attached`: the drawings
    of sheets added (by the id() of the sheet object)."""
    work = _Patch(base, wb, loaded, attached or {})
    try:
        return work.run()
    except splice.PartError as exc:
        raise PatchError(str(exc)) from None
    finally:
        work.zin.close()
        work.pkg.zip.close()


def _num(x: float) -> str:
    """A width or height as Excel writes it: 22, 4.2, 3.421875."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def _same_value(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (a != a and b != b)
    if hasattr(a, "__dict__") and not isinstance(a, str):  # ArrayFormula, DataTableFormula
        return vars(a) == vars(b)
    return a == b


_BORDER_SIDES = ("left", "right", "top", "bottom", "diagonal", "vertical", "horizontal")


def _meaning(item: Any) -> Any:
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


class _Styles:
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
                first.setdefault(_meaning(item), i)
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
        return self.first[name][_meaning(items[i])]

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
        found = self.first[name].get(_meaning(obj))
        if found is not None:
            return found
        index = len(self.lists[name])
        self.lists[name].append(obj)
        self.first[name][_meaning(obj)] = index
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
                edits.append((node.start, node.end, splice.open_tag(head) + body + _end(node)))
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


def _end(node: Node) -> bytes:
    return f"</{node.name}>".encode()


class _Collect:
    """What openpyxl's cell writer writes: one element."""

    el: Any = None

    def write(self, el: Any) -> None:
        self.el = el


@dataclass
class _Change:
    """A cell to write: as the package has it (None: it has none) and as it is now (None: the
    model has no such cell)."""

    before: dict[str, Any] | None
    now: Cell | None


def _blank(cell: Cell | None) -> bool:
    """A cell openpyxl would not write: no value, the default look."""
    return cell is None or (cell._value is None and not (cell._style and any(cell._style)))


def _rels_name(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def _owner(rels: str) -> str:
    """The part whose relationships a .rels part holds ('' for the package's own)."""
    folder, name = posixpath.split(rels)
    return posixpath.join(posixpath.dirname(folder), name[: -len(".rels")])


def _tag(prefix: str, local: str, attrs: list[tuple[str, str]], body: bytes | None = None) -> bytes:
    """An element with these attributes: empty (`<x .../>`) when `body` is None."""
    name = qualified(prefix, local).encode()
    text = b"".join(b" " + k.encode() + b"=" + splice.quote(v) for k, v in attrs)
    if body is None:
        return b"<" + name + text + b"/>"
    return b"<" + name + text + b">" + body + b"</" + name + b">"


def _head(text: bytes) -> bytes:
    m = splice.START_TAG.match(text)
    assert m is not None
    return text[: m.end()]


def _row_number(ref: str | None, previous: int) -> int:
    """A row's number: its `r`, else the one after the previous row."""
    if ref is None:
        return previous + 1
    try:
        return int(float(ref))
    except ValueError:
        return previous + 1


class _Patch:
    def __init__(
        self,
        base: bytes,
        wb: Workbook,
        loaded: list[tuple[Any, str]],
        attached: dict[int, list[Attachment]],
    ) -> None:
        self.wb, self.loaded, self.attached = wb, loaded, attached
        self.zin = zipfile.ZipFile(io.BytesIO(base))
        self.pkg = Package(io.BytesIO(base))
        self.names = set(self.zin.namelist())
        self.parts: dict[str, bytes] = {}  # new bytes of the parts that change, and new parts
        self.gone: set[str] = set()  # parts taken out
        self.book = next(
            (t for _, kind, t in self.pkg.rels("") if kind == "officeDocument"), "xl/workbook.xml"
        )
        self.book_rels = _rels_name(self.book)
        self.edits: dict[str, list[tuple[int, int, bytes]]] = {}  # part -> its edits
        self.trees: dict[str, Node] = {}
        self.drop_calc_chain = False
        self.new_sheet_ids: list[int] = []
        self.new_rel_ids: list[str] = []
        self._styles: _Styles | None = None
        self.styles_part = ""
        self._strings: list[str] | None = None

    # --- the package's parts --------------------------------------------------------------------

    def read(self, part: str) -> bytes:
        return self.zin.read(part)

    def tree(self, part: str) -> Node:
        if part not in self.trees:
            self.trees[part] = splice.scan(self.read(part), depth=2)
        return self.trees[part]

    def edit(self, part: str, start: int, end: int, new: bytes) -> None:
        self.edits.setdefault(part, []).append((start, end, new))

    @property
    def styles(self) -> _Styles:
        if self._styles is None:
            part = next((t for _, k, t in self.pkg.rels(self.book) if k == "styles"), None)
            if part is None or part not in self.names:
                raise PatchError(
                    "the workbook has no styles part; save it once from Excel or LibreOffice"
                )
            self._styles, self.styles_part = _Styles(self.read(part), self.wb), part
        return self._styles

    @property
    def strings(self) -> list[str]:
        if self._strings is None:
            types = self.pkg.part_types()
            part = next((n for n, t in types.items() if t == STRINGS_TYPE), None)
            if part is None:
                self._strings = []
            else:
                with self.zin.open(part) as f:
                    self._strings = read_string_table(f)
        return self._strings

    # --- the whole book -------------------------------------------------------------------------

    def run(self) -> Patched:
        book = self.tree(self.book)
        sheets = book.child("sheets")
        if sheets is None:
            raise PatchError("the workbook lists no sheets")
        entries = sheets.all("sheet")
        place = {e.attrs.get("name", ""): i for i, e in enumerate(entries)}
        targets = {rid: t for rid, _, t in self.pkg.rels(self.book)}
        now = list(self.wb._sheets)
        present = {id(ws) for ws in now}
        titles = {id(ws): title for ws, title in self.loaded}
        kept = [ws for ws in now if id(ws) in titles]
        added = [ws for ws in now if id(ws) not in titles]
        removed = [title for ws, title in self.loaded if id(ws) not in present]
        if any(titles[id(ws)] not in place for ws in kept):
            raise PatchError("a sheet read from the workbook is not in its package")
        places = [place[titles[id(ws)]] for ws in kept]
        if any(a is not b for a, b in zip(now, kept, strict=False)) or places != sorted(places):
            raise PatchError("the sheets were put in another order")
        data = self.read(self.book)
        for ws, i in zip(kept, places, strict=True):
            entry = entries[i]
            changes: dict[str, str | None] = {}
            if ws.title != titles[id(ws)]:
                changes["name"] = ws.title
            if entry.attrs.get("state", "visible") != ws.sheet_state:
                changes["state"] = None if ws.sheet_state == "visible" else ws.sheet_state
            if changes:
                head = with_attrs(data[entry.start : entry.body], changes)
                self.edit(self.book, entry.start, entry.body, head)
            part = targets.get(entry.attr("id") or "")
            if isinstance(ws, Worksheet) and part in self.names:
                self.sheet(ws, part)
        if removed:
            self.remove_sheets([place[t] for t in removed], entries, targets)
        for ws in added:
            self.add_sheet(ws, entries, sheets)
        if self.drop_calc_chain:
            chain = {t for _, k, t in self.pkg.rels(self.book) if k == "calcChain"}
            self.remove_parts(chain & self.names)
        if self._styles is not None:
            styles = self._styles.result()
            if styles is not None:
                self.parts[self.styles_part] = styles
        for part, edits in self.edits.items():
            self.parts[part] = apply(self.parts.get(part) or self.read(part), edits)
        return Patched(self.write(), removed, bool(self.parts or self.gone))

    def write(self) -> bytes:
        out = io.BytesIO()
        parts = dict(self.parts)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for info in self.zin.infolist():
                if info.filename in self.gone:
                    continue
                data = parts.pop(info.filename, None)
                entry = zipfile.ZipInfo(info.filename, info.date_time)
                entry.compress_type = info.compress_type
                entry.external_attr = info.external_attr
                entry.create_system = info.create_system
                z.writestr(entry, self.zin.read(info) if data is None else data)
            stamp = time.localtime()[:6]
            for name, data in parts.items():  # the new parts
                z.writestr(zipfile.ZipInfo(name, stamp), data, zipfile.ZIP_DEFLATED)
            z.comment = self.zin.comment
        return out.getvalue()

    # --- a sheet's cells, rows and columns ------------------------------------------------------

    def sheet(self, ws: Worksheet, part: str) -> None:
        """Find what differs between the sheet's part and the sheet, and edit the part there."""
        data = self.read(part)
        styles = self.styles
        parser = WorkSheetParser(
            io.BytesIO(data),
            self.strings,
            epoch=self.wb.epoch,
            date_formats=styles.date_formats,
            timedelta_formats=styles.timedelta_formats,
        )
        changes: dict[tuple[int, int], _Change] = {}
        seen: set[tuple[int, int]] = set()
        cells = ws._cells
        with warnings.catch_warnings():  # what openpyxl says about the part, it said on loading
            warnings.simplefilter("ignore")
            for _, row in parser.parse():
                for before in row:
                    key = (before["row"], before["column"])
                    seen.add(key)
                    now = cells.get(key)
                    if not isinstance(now, MergedCell) and not self.same(before, now):
                        changes[key] = _Change(before, now)
        for key, now in cells.items():
            if key not in seen and not isinstance(now, MergedCell) and not _blank(now):
                changes[key] = _Change(None, now)
        heights = self.heights(ws, parser)
        widths = self.widths(ws, parser)
        merged = parser.merged_cells.mergeCell if parser.merged_cells else []
        ranges = [r.coord for r in ws.merged_cells.ranges]
        merges = ranges if {str(m.ref) for m in merged} != set(ranges) else None
        if changes or heights or widths or merges is not None:
            edit = _SheetEdit(self, ws, data, changes, heights, widths, merges)
            self.edits.setdefault(part, []).extend(edit.edits())

    def same(self, before: dict[str, Any], now: Cell | None) -> bool:
        style = before["style_id"] or 0
        if now is None:
            return before["value"] is None and self.styles.index(None, style) == style
        return (
            before["data_type"] == now.data_type
            and _same_value(before["value"], now._value)
            and self.styles.index(now._style, style) == style
        )

    @staticmethod
    def heights(ws: Worksheet, parser: WorkSheetParser) -> dict[int, float | None]:
        """The rows whose height changed: row -> height now (None: the default)."""
        before = {
            int(r): float(a["ht"]) if a.get("ht") is not None else None
            for r, a in parser.row_dimensions.items()
        }
        found = {}
        for r in set(before) | set(ws.row_dimensions):
            dim = ws.row_dimensions.get(r)
            now = float(dim.ht) if dim is not None and dim.ht is not None else None
            if now != before.get(r):
                found[r] = now
        return found

    @staticmethod
    def widths(ws: Worksheet, parser: WorkSheetParser) -> dict[int, float | None]:
        """The columns whose width changed: column -> width now (None: none of its own). A
        `<col>` without a width reads as openpyxl reads it (its default width)."""
        before: dict[int, float | None] = {}
        for a in parser.column_dimensions.values():
            width = float(a.get("width", DEFAULT_COLUMN_WIDTH)) or None
            low = int(a["min"])
            for c in range(low, min(int(a.get("max", low)), MAX_COLUMN) + 1):
                before[c] = width
        now: dict[int, float | None] = {}
        for dim in ws.column_dimensions.values():
            low = dim.min or column_index_from_string(dim.index)
            for c in range(low, min(dim.max or low, MAX_COLUMN) + 1):
                now[c] = float(dim.width) if dim.width else None
        return {c: now.get(c) for c in before.keys() | now.keys() if now.get(c) != before.get(c)}

    # --- sheets added and removed ---------------------------------------------------------------

    def add_sheet(self, ws: Any, entries: list[Node], sheets: Node) -> None:
        """A new sheet's part as openpyxl writes it, its style numbers made the styles part's,
        and the workbook's entry, relationship and content type for it."""
        if not isinstance(ws, Worksheet):
            raise PatchError(f"sheet '{ws.title}': only worksheets can be added")
        if ws._images or ws._charts or ws.tables or list(ws.conditional_formatting):
            raise PatchError(f"sheet '{ws.title}': a new sheet with drawings or formatting rules")
        writer = WorksheetWriter(ws, out=io.BytesIO())
        writer.write()
        xml = writer.read()
        if len(writer._rels) or ws._comments:
            raise PatchError(f"sheet '{ws.title}': a new sheet with comments or links")
        styles, cell_styles = self.styles, self.wb._cell_styles

        def renumber(m: re.Match[bytes]) -> bytes:
            name = b"style" if m.group(1) == b"col" else b"s"

            def one(a: re.Match[bytes]) -> bytes:
                index = styles.index(cell_styles[int(a.group(2))])
                return a.group(1) + str(index).encode() + b'"'

            return re.sub(rb"(\s" + name + rb'=")(\d+)"', one, m.group(0))

        xml = re.sub(rb"<(c|row|col)\s[^>]*>", renumber, xml)
        sheet_parts = sorted(n for n, t in self.pkg.part_types().items() if t == WORKSHEET_TYPE)
        folder = posixpath.dirname(sheet_parts[0]) if sheet_parts else "xl/worksheets"
        taken = {n.lower() for n in self.names | set(self.parts)}
        k = 1
        while f"{folder}/sheet{k}.xml".lower() in taken:
            k += 1
        part = f"{folder}/sheet{k}.xml"
        drawings = self.attached.get(id(ws))
        self.parts[part] = self.attach(xml, part, drawings) if drawings else xml
        rid = self.add_relationship(REL_WORKSHEET, part)
        self.add_content_type(part, WORKSHEET_TYPE)
        sheet_id = 1 + max(
            [
                int(e.attrs.get("sheetId", "0"))
                for e in entries
                if e.attrs.get("sheetId", "").isdigit()
            ]
            + self.new_sheet_ids,
            default=0,
        )
        self.new_sheet_ids.append(sheet_id)
        attrs = [("name", ws.title), ("sheetId", str(sheet_id))]
        if ws.sheet_state != "visible":
            attrs.append(("state", ws.sheet_state))
        prefix = _prefix_for(self.tree(self.book), REL_NS)
        attrs += [(f"{prefix}:id", rid)] if prefix else [("xmlns:r", REL_NS), ("r:id", rid)]
        self.edit(self.book, sheets.close, sheets.close, _tag(sheets.prefix, "sheet", attrs))

    def attach(self, xml: bytes, sheet: str, drawings: list[Attachment]) -> bytes:
        """A new sheet's part with its drawings: each a new part under xl/drawings/ with its
        content type, the sheet's relationships to them, and the sheet's elements naming them
        (where CT_Worksheet puts them). A VML drawing's shapes are renumbered into a block of
        ids no other VML part of the package uses."""
        rels, elements = [], []
        for k, drawing in enumerate(drawings, start=1):
            if drawing.element == "drawing":
                part, data = self.free_part("xl/drawings/drawing{}.xml"), drawing.data
                self.add_content_type(part, DRAWING_TYPE)
                kind = REL_NS + "/drawing"
            elif drawing.element == "legacyDrawing":
                part, data = self.free_part("xl/drawings/vmlDrawing{}.vml"), self.vml(drawing.data)
                self.add_content_type(part, VML_TYPE)
                kind = REL_NS + "/vmlDrawing"
            else:
                raise PatchError(f"a sheet's drawing of the kind {drawing.element!r}")
            self.parts[part] = data
            target = posixpath.relpath(part, posixpath.dirname(sheet))
            rels.append(
                _tag("", "Relationship", [("Id", f"rId{k}"), ("Type", kind), ("Target", target)])
            )
            elements.append(_tag("", drawing.element, [("r:id", f"rId{k}")]))
        self.parts[_rels_name(sheet)] = (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + b"".join(rels)
            + b"</Relationships>"
        )
        root = splice.START_TAG.match(xml) if xml.startswith(b"<worksheet") else None
        if root is None:
            raise PatchError("a new sheet's part does not start with its <worksheet> element")
        if b"xmlns:r=" not in root.group(0):
            at = len(b"<worksheet")
            xml = xml[:at] + b' xmlns:r="' + REL_NS.encode() + b'"' + xml[at:]
        after = re.search(rb"<(?:" + b"|".join(_AFTER_LEGACY) + rb")[\s/>]|</worksheet>", xml)
        assert after is not None
        return xml[: after.start()] + b"".join(elements) + xml[after.start() :]

    def free_part(self, pattern: str) -> str:
        """The first name of the pattern ('xl/drawings/drawing{}.xml') no part has."""
        taken = {n.lower() for n in self.names | set(self.parts)}
        k = 1
        while pattern.format(k).lower() in taken:
            k += 1
        return pattern.format(k)

    def vml(self, data: bytes) -> bytes:
        """A VML drawing moved to the first block of 1024 shape ids (`o:idmap`) that no other
        VML part of the package uses: Excel wants a shape's id unique in the workbook."""
        used: set[int] = set()
        for name in [n for n in self.names if n.lower().endswith(".vml")] + [
            n for n in self.parts if n.lower().endswith(".vml")
        ]:
            text = self.parts.get(name) or self.read(name)
            for m in _IDMAP.finditer(text):
                used |= {int(v) for v in re.findall(rb"\d+", m.group(2))}
        own = _IDMAP.search(data)
        if own is None:
            return data
        old = int((re.findall(rb"\d+", own.group(2)) or [b"1"])[0])
        block = max(used, default=0) + 1
        data = data[: own.start(2)] + str(block).encode() + data[own.end(2) :]
        return re.sub(
            rb"_x0000_s(\d+)",
            lambda m: b"_x0000_s" + str(int(m.group(1)) + 1024 * (block - old)).encode(),
            data,
        )

    def add_relationship(self, kind: str, part: str) -> str:
        root = self.tree(self.book_rels)
        used = {n.attrs.get("Id", "") for n in root.children} | set(self.new_rel_ids)
        k = 1
        while f"rId{k}" in used:
            k += 1
        rid = f"rId{k}"
        self.new_rel_ids.append(rid)
        target = posixpath.relpath(part, posixpath.dirname(self.book))
        attrs = [("Id", rid), ("Type", kind), ("Target", target)]
        self.edit(self.book_rels, root.close, root.close, _tag(root.prefix, "Relationship", attrs))
        return rid

    def add_content_type(self, part: str, kind: str) -> None:
        root = self.tree(CONTENT_TYPES)
        attrs = [("PartName", "/" + part), ("ContentType", kind)]
        self.edit(CONTENT_TYPES, root.close, root.close, _tag(root.prefix, "Override", attrs))

    def remove_parts(self, parts: set[str]) -> None:
        """Take parts out, with their own relationships, the workbook's relationships to them
        and their content types."""
        self.gone |= parts | {_rels_name(p) for p in parts}
        targets = {rid: t for rid, _, t in self.pkg.rels(self.book)}
        for rel in self.tree(self.book_rels).children:
            if targets.get(rel.attrs.get("Id", "")) in parts:
                self.edit(self.book_rels, rel.start, rel.end, b"")
        for o in self.tree(CONTENT_TYPES).all("Override"):
            if o.attrs.get("PartName", "").lstrip("/") in parts:
                self.edit(CONTENT_TYPES, o.start, o.end, b"")

    def remove_sheets(self, places: list[int], entries: list[Node], targets: dict) -> None:
        """Take out the sheets at these places of the workbook's list, with the parts only they
        use, and renumber what counts sheets by place."""
        data = self.read(self.book)
        for i in places:
            self.edit(self.book, entries[i].start, entries[i].end, b"")
        parts = {targets.get(entries[i].attr("id") or "") for i in places} & self.names
        self.remove_parts(parts | self.used_only_by(parts))
        gone = sorted(places)
        left = len(entries) - len(gone)

        def moved(n: int) -> int:
            return n - sum(1 for g in gone if g < n)

        book = self.tree(self.book)
        names = book.child("definedNames")
        for name in [] if names is None else names.all("definedName"):
            local = name.attrs.get("localSheetId", "")
            if not local.isdigit():
                continue
            if int(local) in gone:
                self.edit(self.book, name.start, name.end, b"")
            elif moved(int(local)) != int(local):
                head = with_attrs(
                    data[name.start : name.body], {"localSheetId": str(moved(int(local)))}
                )
                self.edit(self.book, name.start, name.body, head)
        views = book.child("bookViews")
        shown = [
            i
            for i, e in enumerate(entries)
            if i not in gone and e.attrs.get("state", "visible") == "visible"
        ]
        for view in [] if views is None else views.all("workbookView"):
            changes: dict[str, str | None] = {}
            for attr in ("activeTab", "firstSheet"):
                value = view.attrs.get(attr, "")
                if not value.isdigit():
                    continue
                n = int(value)
                if n in gone and attr == "activeTab":  # the next sheet shown, else the one before
                    n = min(
                        [i for i in shown if i > n] or [max([i for i in shown if i < n] or [0])]
                    )
                new = str(max(0, min(moved(n), left - 1)))
                if new != value:
                    changes[attr] = new
            if changes:
                head = with_attrs(data[view.start : view.body], changes)
                self.edit(self.book, view.start, view.body, head)

    def used_only_by(self, parts: set[str]) -> set[str]:
        """The parts that `parts` refer to, directly or not, and no other part does."""
        reach: set[str] = set()
        todo = list(parts)
        while todo:
            for _, _, t in self.pkg.rels(todo.pop()):
                if t in self.names and t not in reach and t not in parts:
                    reach.add(t)
                    todo.append(t)
        used: set[str] = set()
        for rels in (n for n in self.names if n.endswith(".rels")):
            owner = _owner(rels)
            if owner not in parts and owner not in reach:
                used |= {t for _, _, t in self.pkg.rels(owner)}
        return reach - used


def _prefix_for(root: Node, namespace: str) -> str | None:
    """The prefix the root element binds to `namespace`, if any."""
    return next(
        (
            k[len("xmlns:") :]
            for k, v in root.attrs.items()
            if v == namespace and k.startswith("xmlns:")
        ),
        None,
    )


class _SheetEdit:
    """The edits to one sheet's part: its changed cells, row heights and column widths."""

    def __init__(
        self,
        patch: _Patch,
        ws: Worksheet,
        data: bytes,
        changes: dict[tuple[int, int], _Change],
        heights: dict[int, float | None],
        widths: dict[int, float | None],
        merges: list[str] | None,
    ) -> None:
        self.patch, self.ws, self.data = patch, ws, data
        self.changes, self.heights, self.widths = changes, heights, widths
        self.merges = merges  # the merged ranges, when they changed
        self.out: list[tuple[int, int, bytes]] = []
        self.added: list[tuple[int, int]] = []  # cells new to the part

    def scan(self) -> Node:
        """The part's top-level elements, its rows and columns, and the cells of the rows that
        change, each row and cell numbered."""
        wanted = {r for r, _ in self.changes} | self.heights.keys()
        row_at = 0

        def want(ancestors: list[Node], name: str, attrs: dict[str, str]) -> bool:
            nonlocal row_at
            depth, local = len(ancestors), name.rsplit(":", 1)[-1]
            if depth == 1:
                return True
            parent = ancestors[-1].local
            if depth == 2 and parent == "sheetData" and local == "row":
                row_at = _row_number(attrs.get("r"), row_at)
                return True
            if depth == 2:
                return (parent, local) in (("cols", "col"), ("mergeCells", "mergeCell"))
            return parent == "row" and local == "c" and row_at in wanted

        root = splice.scan(self.data, want, depth=3)
        row = 0
        sheet_data = root.child("sheetData")
        for node in [] if sheet_data is None else sheet_data.all("row"):
            row = node.number = _row_number(node.attrs.get("r"), row)
            col = 0
            for c in node.all("c"):
                ref = c.attrs.get("r")
                col = c.number = coordinate_to_tuple(ref)[1] if ref else col + 1
        return root

    def edits(self) -> list[tuple[int, int, bytes]]:
        root = self.scan()
        sheet_data = root.child("sheetData")
        if sheet_data is None:
            raise PatchError(f"sheet '{self.ws.title}': its part has no sheetData")
        self.prefix = sheet_data.prefix
        rows = sheet_data.all("row")
        numbers = [n.number for n in rows]
        by_number = {n.number: n for n in rows}
        by_row: dict[int, list[int]] = {}
        for r, c in self.changes:
            by_row.setdefault(r, []).append(c)
        new_rows: list[tuple[int, bytes]] = []
        for r in sorted(by_row.keys() | self.heights.keys()):
            cols = sorted(by_row.get(r, []))
            if r in by_number:
                self.edit_row(by_number[r], cols)
                continue
            cells = [(c, self.new_cell((r, c))) for c in cols]
            self.added += [(r, c) for c, x in cells if x]
            body = b"".join(x for _, x in cells)
            height = self.heights.get(r)
            if body or height is not None:
                attrs = [("r", str(r))]
                if height is not None:
                    attrs += [("ht", _num(height)), ("customHeight", "1")]
                new_rows.append((r, _tag(self.prefix, "row", attrs, body)))
        if new_rows and sheet_data.empty:
            head = splice.open_tag(self.data[sheet_data.start : sheet_data.body])
            body = b"".join(x for _, x in new_rows)
            self.out.append((sheet_data.start, sheet_data.end, head + body + _end(sheet_data)))
        else:
            for r, x in new_rows:
                after = bisect.bisect_right(numbers, r)
                at = rows[after].start if after < len(rows) else sheet_data.close
                self.out.append((at, at, x))
        self.edit_cols(root, sheet_data)
        self.edit_dimension(root)
        self.edit_merges(root)
        return self.out

    def edit_row(self, node: Node, cols: list[int]) -> None:
        r, data = node.number, self.data
        cells = node.all("c")
        numbers = [c.number for c in cells]
        by_number = {c.number: c for c in cells}
        changes: dict[str, str | None] = {}
        if r in self.heights:
            h = self.heights[r]
            changes["ht"] = None if h is None else _num(h)
            changes["customHeight"] = None if h is None else "1"
        inner: list[tuple[int, int, bytes]] = []
        inserted: list[int] = []
        for c in cols:
            if c in by_number:
                inner.append(self.cell_edit(by_number[c], self.changes[(r, c)]))
                continue
            x = self.new_cell((r, c))
            if x:
                after = bisect.bisect_right(numbers, c)
                at = cells[after].start if after < len(cells) else node.close
                inner.append((at, at, x))
                inserted.append(c)
                self.added.append((r, c))
        removed = {s for s, e, x in inner if e > s and not x}
        left = [c for c in cells if c.start not in removed]
        names = {k.rsplit(":", 1)[-1] for k in node.attrs}
        names = (names - {k for k, v in changes.items() if v is None}) | {
            k for k, v in changes.items() if v is not None
        }
        if not left and not inserted and names <= _PLAIN_ROW:
            self.out.append((node.start, node.end, b""))  # nothing is left to say of the row
            return
        spans = node.attrs.get("spans", "")
        if inserted and re.fullmatch(r"\d+:\d+", spans):
            low, high = (int(x) for x in spans.split(":"))
            wider = f"{min(low, *inserted)}:{max(high, *inserted)}"
            if wider != spans:
                changes["spans"] = wider
        head = data[node.start : node.body]
        if changes:
            head = with_attrs(head, changes)
        if node.empty and inner:
            body = b"".join(x for _, _, x in inner)
            self.out.append((node.start, node.end, splice.open_tag(head) + body + _end(node)))
            return
        if changes:
            self.out.append((node.start, node.body, head))
        self.out += inner

    def cell_edit(self, base: Node, change: _Change) -> tuple[int, int, bytes]:
        """The edit of a cell the part has: removed, its style alone, or written anew."""
        now, before = change.now, change.before
        assert before is not None
        old = self.data[base.start : base.end]
        if _blank(now):
            self.check_formula(old, base)
            return (base.start, base.end, b"")
        assert now is not None
        style = self.patch.styles.index(now._style, before["style_id"] or 0)
        if before["data_type"] == now.data_type and _same_value(before["value"], now._value):
            head = with_attrs(old[: base.body - base.start], {"s": str(style) if style else None})
            return (base.start, base.body, head)
        self.check_formula(old, base)
        return (base.start, base.end, self.cell_bytes(now, style))

    def check_formula(self, old: bytes, base: Node) -> None:
        """A formula that other cells share is never overwritten; overwriting another one
        takes the calculation chain out, for Excel to rebuild."""
        if _SHARED_FORMULA.search(old):
            cell = base.attrs.get("r", get_column_letter(base.number))
            raise PatchError(
                f"sheet '{self.ws.title}' cell {cell}: its formula is shared with other cells"
            )
        if _FORMULA.search(old):
            self.patch.drop_calc_chain = True

    def new_cell(self, key: tuple[int, int]) -> bytes:
        """A cell new to the part, or b"" when it holds nothing."""
        now = self.changes[key].now
        if _blank(now):
            return b""
        assert now is not None
        return self.cell_bytes(now, self.patch.styles.index(now._style))

    def cell_bytes(self, cell: Cell, style: int) -> bytes:
        """A cell as openpyxl writes it, with this style number."""
        out = _Collect()
        links = list(self.ws._hyperlinks)
        etree_write_cell(out, self.ws, cell, styled=False)
        self.ws._hyperlinks = links  # the writer collects the cell's link there
        el = out.el
        attrs = dict(el.attrib)
        el.attrib.clear()
        el.set("r", attrs.pop("r"))
        if style:
            el.set("s", str(style))
        for k, v in attrs.items():
            el.set(k, v)
        return splice.element(el, self.prefix)

    def edit_cols(self, root: Node, sheet_data: Node) -> None:
        """Each column's new width: the `<col>` that covers it split around it, or a new one."""
        if not self.widths:
            return
        data = self.data
        cols = root.child("cols")
        nodes = [] if cols is None else cols.all("col")
        prefix = sheet_data.prefix if cols is None else cols.prefix
        try:
            spans = [(int(n.attrs["min"]), int(n.attrs.get("max", n.attrs["min"]))) for n in nodes]
        except (KeyError, ValueError):
            raise PatchError(f"sheet '{self.ws.title}': a column without its number") from None
        pieces: dict[int, list[tuple[int, int, bytes]]] = {}  # node -> (min, max, bytes)
        loose: list[tuple[int, bytes]] = []  # new <col>s for columns no <col> covers
        for c, width in sorted(self.widths.items()):
            i = next((i for i, (lo, hi) in enumerate(spans) if lo <= c <= hi), None)
            if i is None:
                if width is not None:
                    attrs = [("min", str(c)), ("max", str(c)), ("width", _num(width))]
                    loose.append((c, _tag(prefix, "col", [*attrs, ("customWidth", "1")])))
                continue
            node = nodes[i]
            now = pieces.setdefault(i, [(*spans[i], data[node.start : node.end])])
            k = next(k for k, (lo, hi, _) in enumerate(now) if lo <= c <= hi)
            lo, hi, text = now[k]
            now[k : k + 1] = [
                (a, b, _sized(_ranged(text, a, b), width) if a == c else _ranged(text, a, b))
                for a, b in ((lo, c - 1), (c, c), (c + 1, hi))
                if a <= b
            ]
        texts = {i: b"".join(t for _, _, t in now) for i, now in pieces.items()}
        if cols is not None and not loose and all(texts.get(i) == b"" for i in range(len(nodes))):
            self.out.append((cols.start, cols.end, b""))  # no <col> is left: <cols> goes too
            return
        for i, text in texts.items():
            self.out.append((nodes[i].start, nodes[i].end, text))
        if not loose:
            return
        if cols is None or cols.empty:
            where = (sheet_data.start, sheet_data.start) if cols is None else (cols.start, cols.end)
            self.out.append((*where, _tag(prefix, "cols", [], b"".join(t for _, t in loose))))
            return
        for c, text in loose:
            after = next((n for (lo, _), n in zip(spans, nodes, strict=True) if lo > c), None)
            at = after.start if after is not None else cols.close
            self.out.append((at, at, text))

    def edit_dimension(self, root: Node) -> None:
        """Widen the sheet's `<dimension>` to the cells added."""
        node = root.child("dimension")
        ref = "" if node is None else node.attrs.get("ref", "")
        if node is None or not self.added:
            return
        try:
            low_c, low_r, high_c, high_r = range_boundaries(ref if ":" in ref else f"{ref}:{ref}")
        except (ValueError, TypeError):
            return
        rows = [r for r, _ in self.added] + [low_r, high_r]
        cols = [c for _, c in self.added] + [low_c, high_c]
        if (min(rows), min(cols), max(rows), max(cols)) == (low_r, low_c, high_r, high_c):
            return
        new = f"{get_column_letter(min(cols))}{min(rows)}:{get_column_letter(max(cols))}{max(rows)}"
        head = with_attrs(self.data[node.start : node.body], {"ref": new})
        self.out.append((node.start, node.body, head))

    def edit_merges(self, root: Node) -> None:
        """The merged ranges: those that stay keep their bytes, the others go, new ones come
        last."""
        if self.merges is None:
            return
        node = root.child("mergeCells")
        kept = [] if node is None else node.all("mergeCell")
        now = set(self.merges)
        stay = [m for m in kept if m.attrs.get("ref") in now]
        have = {m.attrs.get("ref") for m in stay}
        prefix = root.prefix if node is None else node.prefix
        new = b"".join(
            _tag(prefix, "mergeCell", [("ref", ref)]) for ref in self.merges if ref not in have
        )
        count = str(len(stay) + sum(1 for ref in self.merges if ref not in have))
        if node is None:
            if new:
                after = WORKSHEET_ORDER[WORKSHEET_ORDER.index("mergeCells") + 1 :]
                at = next((c.start for c in root.children if c.local in after), root.close)
                self.out.append((at, at, _tag(prefix, "mergeCells", [("count", count)], new)))
            return
        if not now:
            self.out.append((node.start, node.end, b""))
            return
        head = self.data[node.start : node.body]
        if node.attr("count") is not None:
            head = with_attrs(head, {"count": count})
        body = b"".join(self.data[m.start : m.end] for m in stay) + new
        self.out.append((node.start, node.end, splice.open_tag(head) + body + _end(node)))


def _ranged(text: bytes, low: int, high: int) -> bytes:
    """A `<col>` for these columns."""
    head = _head(text)
    return with_attrs(head, {"min": str(low), "max": str(high)}) + text[len(head) :]


def _sized(text: bytes, width: float | None) -> bytes:
    """A `<col>` of one column with this width (None: none of its own); b"" when nothing is
    left to say of the column."""
    head = _head(text)
    tail = text[len(head) :]
    if width is not None:
        return with_attrs(head, {"width": _num(width), "customWidth": "1"}) + tail
    head = with_attrs(head, {"width": None, "customWidth": None})
    names = {m.group(2).decode() for m in splice.ATTR.finditer(head)}
    return b"" if names <= {"min", "max"} and not tail else head + tail
