"""Saving a workbook by editing its own package: every part the changes do not concern keeps its
exact bytes, and a part they concern changes only where they do.

openpyxl reads a workbook into its own model and writes a new package from it; what it does not
model is lost (drawings, sparklines, slicers, numbers beyond a float such as `1e400`, rich text
unless asked, extension lists, Excel's `x14ac:` attributes...), and the parts it keeps are
renumbered (styles, shared strings, part names). Here openpyxl is used to read the workbook and
to change it in memory; saving compares that model with the package the book was read from and
writes the differences into a copy of that package:

- a sheet's cells, rows' heights, columns' widths and merged ranges that differ: the edits of
  its part (`solver.io.sheet.sheet_part`: a cell's `<c>` element replaced, or only its `s`
  attribute, or removed; a new cell into its row, a new row into `<sheetData>`, in order);
- a look no cell had before: a font, fill, border, number format and cell format (`<xf>`) added
  at the end of its list in the styles part (`solver.io.sheet.styles_part`: nothing there is
  renumbered or removed, so the styles part only grows: a look given back by `clear` keeps its
  entries);
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

import io
import posixpath
import re
import time
import zipfile
from dataclasses import dataclass, field
from typing import Any

from openpyxl.reader.strings import read_string_table
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.worksheet import Worksheet

from solver.io.sheet import splice
from solver.io.sheet.package import Package
from solver.io.sheet.sheet_part import changed
from solver.io.sheet.splice import Node, apply, tag, with_attrs
from solver.io.sheet.styles_part import StylesPart

SML = "application/vnd.openxmlformats-officedocument.spreadsheetml."
DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"
VML_TYPE = "application/vnd.openxmlformats-officedocument.vmlDrawing"
_IDMAP = re.compile(rb'(<o:idmap\b[^>]*\bdata=")([^"]*)"')
WORKSHEET_TYPE = SML + "worksheet+xml"
STRINGS_TYPE = SML + "sharedStrings+xml"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL_WORKSHEET = REL_NS + "/worksheet"
CONTENT_TYPES = "[Content_Types].xml"
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


def _rels_name(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def _owner(rels: str) -> str:
    """The part whose relationships a .rels part holds ('' for the package's own)."""
    folder, name = posixpath.split(rels)
    return posixpath.join(posixpath.dirname(folder), name[: -len(".rels")])


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
        self._styles: StylesPart | None = None
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
    def styles(self) -> StylesPart:
        if self._styles is None:
            part = next((t for _, k, t in self.pkg.rels(self.book) if k == "styles"), None)
            if part is None or part not in self.names:
                raise PatchError(
                    "the workbook has no styles part; save it once from Excel or LibreOffice"
                )
            self._styles, self.styles_part = StylesPart(self.read(part), self.wb), part
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
                edit = changed(ws, self.read(part), self.styles, self.strings)
                if edit is not None:
                    self.edits.setdefault(part, []).extend(edit.edits())
                    self.drop_calc_chain |= edit.formula_overwritten
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
        self.edit(self.book, sheets.close, sheets.close, tag(sheets.prefix, "sheet", attrs))

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
                tag("", "Relationship", [("Id", f"rId{k}"), ("Type", kind), ("Target", target)])
            )
            elements.append(tag("", drawing.element, [("r:id", f"rId{k}")]))
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
        self.edit(self.book_rels, root.close, root.close, tag(root.prefix, "Relationship", attrs))
        return rid

    def add_content_type(self, part: str, kind: str) -> None:
        root = self.tree(CONTENT_TYPES)
        attrs = [("PartName", "/" + part), ("ContentType", kind)]
        self.edit(CONTENT_TYPES, root.close, root.close, tag(root.prefix, "Override", attrs))

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
