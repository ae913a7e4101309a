"""What a workbook package holds that a user would miss: a save's last guard.

Saving edits the package a workbook was read from (`solver.io.sheet.patch`), so every part it
does not change keeps its bytes; as a guard against a mistake there, `contents` counts, per
sheet and for the whole book, the things a person put there (pictures, charts, text boxes,
shapes, comments, buttons, tables, pivot tables, sparklines, ...), and `lost` compares the counts
of the original package with those of what is to be written, so that a save refuses to replace a
workbook with a poorer one, saying what would be lost.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections import Counter
from pathlib import Path
from typing import IO
from xml.etree.ElementTree import Element

from defusedxml import ElementTree

NS = {
    "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
    "xdr": "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
}
WHOLE_BOOK = ""  # the key of `contents` for what belongs to no one sheet

# the last part of a relationship type -> what a person calls it; relationships not named here
# (printer settings, the parts counted through their content) are not compared
SHEET_PARTS = {
    "table": "table",
    "pivotTable": "pivot table",
    "threadedComment": "threaded comment part",
    "ctrlProp": "form control",
    "oleObject": "embedded object",
    "package": "embedded object",
    "slicer": "slicer",
    "timeline": "timeline",
    "image": "background picture",
    "queryTable": "query table",
    "customProperty": "custom property",
    "webExtension": "add-in part",
}
# content types of parts that belong to the whole book -> name
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml."
BOOK_PARTS = {
    SML + "connections+xml": "data connection",
    SML + "externalLink+xml": "external link",
    SML + "pivotCacheDefinition+xml": "pivot cache",
    "application/vnd.ms-excel.slicerCache+xml": "slicer cache",
    "application/vnd.ms-excel.person+xml": "list of comment authors",
    "application/vnd.ms-office.vbaProject": "VBA project",
    "application/vnd.openxmlformats-officedocument.customXmlProperties+xml": "custom XML part",
    SML + "chartsheet+xml": "chart sheet",
    SML + "dialogsheet+xml": "dialog sheet",
    "application/vnd.ms-excel.macrosheet+xml": "macro sheet",
    "application/vnd.openxmlformats-officedocument.custom-properties+xml": "custom properties",
}
EXTENSIONS = {  # worksheet <extLst> entries by uri
    "{05C60535-1F16-4fd2-B633-F4F36F0B64E0}": "sparkline group",
    "{78C0D931-6437-407d-A8EE-F0AAD7539E65}": "conditional formatting extension",
    "{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}": "data validation extension",
    "{3A4CF648-6AED-40f4-86FF-DC5316D8AED3}": "slicer",
    "{A8765BA9-456A-4dab-B4F3-ACF838C121DE}": "slicer",
    "{7E03D99C-DC04-49d9-9315-930204A7B6E9}": "timeline",
}
PLURALS = {
    "text box": "text boxes",
    "group of shapes": "groups of shapes",
    "button or form control": "buttons or form controls",
    "extension data": "extension data",
    "list of comment authors": "lists of comment authors",
}


class Package:
    """The parts of an OOXML package (a zip), read on demand."""

    def __init__(self, path: str | Path | IO[bytes]) -> None:
        self.zip = zipfile.ZipFile(path)
        self.names = set(self.zip.namelist())

    def xml(self, name: str) -> Element | None:
        if name not in self.names:
            return None
        try:
            return ElementTree.fromstring(self.zip.read(name))
        except Exception:  # a part we cannot read counts as holding nothing we know
            return None

    def rels(self, part: str) -> list[tuple[str, str, str]]:
        """(id, type's last segment, target part) of a part's internal relationships."""
        folder, name = posixpath.split(part)
        root = self.xml(posixpath.join(folder, "_rels", name + ".rels"))
        found = []
        for rel in [] if root is None else root.findall("pr:Relationship", NS):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            target = target[1:] if target.startswith("/") else posixpath.join(folder, target)
            found.append(
                (
                    rel.get("Id", ""),
                    rel.get("Type", "").rsplit("/", 1)[-1],
                    posixpath.normpath(target),
                )
            )
        return found

    def part_types(self) -> dict[str, str]:
        """Each part's content type."""
        root = self.xml("[Content_Types].xml")
        if root is None:
            return {}
        defaults = {
            d.get("Extension", "").lower(): d.get("ContentType", "")
            for d in root.findall("ct:Default", NS)
        }
        overrides = {
            o.get("PartName", "").lstrip("/"): o.get("ContentType", "")
            for o in root.findall("ct:Override", NS)
        }
        return {
            n: overrides.get(n) or defaults.get(n.rsplit(".", 1)[-1].lower(), "")
            for n in self.names
            if not n.endswith("/")
        }


def drawing_objects(pkg: Package, part: str) -> Counter[str]:
    """What a drawing part holds: pictures, charts, text boxes, shapes..."""
    root = pkg.xml(part)
    found: Counter[str] = Counter()
    if root is None:
        return found
    for anchor in root:
        for obj in anchor:
            tag = obj.tag.rsplit("}", 1)[-1]
            if tag == "pic":
                found["picture"] += 1
            elif tag == "graphicFrame":
                uri = obj.find("a:graphic/a:graphicData", NS)
                kind = "" if uri is None else uri.get("uri", "")
                found["chart" if kind.endswith("/chart") or "chartex" in kind else "graphic"] += 1
            elif tag == "sp":
                box = obj.find("xdr:nvSpPr/xdr:cNvSpPr", NS)
                found["text box" if box is not None and box.get("txBox") == "1" else "shape"] += 1
            elif tag == "grpSp":
                found["group of shapes"] += 1
            elif tag == "cxnSp":
                found["connector"] += 1
            elif tag == "AlternateContent":
                found["drawing object"] += 1
    return found


def _vml_buttons(pkg: Package, part: str) -> int:
    if part not in pkg.names:
        return 0
    text = pkg.zip.read(part).decode("utf-8", "replace")
    return len(re.findall(r"ObjectType\s*=\s*[\"'](?:Button|Checkbox|Drop|List|Radio|Spin)", text))


# an <ext uri="{...}"> of a worksheet's extension lists (read as text: a sheet may be large)
_EXT = re.compile(rb"<(?:\w+:)?ext\s[^>]*?uri=\"(\{[^\"]+\})\"")


def _sheet_contents(pkg: Package, part: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for _, kind, target in pkg.rels(part):
        if kind == "drawing":
            found += drawing_objects(pkg, target)
        elif kind == "vmlDrawing":
            found["button or form control"] += _vml_buttons(pkg, target)
        elif kind == "comments":
            root = pkg.xml(target)
            found["comment"] += 0 if root is None else len(root.findall(".//m:comment", NS))
        elif kind in SHEET_PARTS:
            found[SHEET_PARTS[kind]] += 1
    data = pkg.zip.read(part) if part in pkg.names else b""
    for uri in _EXT.findall(data):
        found[EXTENSIONS.get(uri.decode("ascii", "replace"), "extension data")] += 1
    return +found


def sheet_parts(pkg: Package) -> dict[str, str]:
    """Sheet name -> the sheet's part in the package."""
    book = "xl/workbook.xml"
    for _, kind, target in pkg.rels("_rels/.rels"):
        if kind == "officeDocument":
            book = target
    root = pkg.xml(book)
    targets = {rid: target for rid, _, target in pkg.rels(book)}
    found = {}
    for sheet in [] if root is None else root.findall("m:sheets/m:sheet", NS):
        target = targets.get(sheet.get(f"{{{NS['r']}}}id", ""))
        if target:
            found[sheet.get("name", "")] = target
    return found


def contents(path: str | Path | IO[bytes]) -> dict[str, Counter[str]]:
    """What the workbook holds: {sheet name: Counter of things}, and under WHOLE_BOOK ('') the
    parts that belong to no one sheet."""
    pkg = Package(path)
    with pkg.zip:
        found = {name: _sheet_contents(pkg, part) for name, part in sheet_parts(pkg).items()}
        types = Counter(pkg.part_types().values())
        found[WHOLE_BOOK] = Counter({BOOK_PARTS[t]: n for t, n in types.items() if t in BOOK_PARTS})
        return found


def lost(before: dict[str, Counter[str]], after: dict[str, Counter[str]]) -> list[str]:
    """What `before` holds that `after` does not, as phrases: "2 pictures, 1 text box on sheet
    'notes'"; empty when nothing is lost."""
    phrases = []
    for sheet, things in before.items():
        missing = things - after.get(sheet, Counter())
        if not missing:
            continue
        items = ", ".join(
            f"{n} {PLURALS.get(k, k + 's') if n > 1 else k}" for k, n in sorted(missing.items())
        )
        phrases.append(items + (f" on sheet '{sheet}'" if sheet != WHOLE_BOOK else ""))
    return phrases
