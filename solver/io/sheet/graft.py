"""Putting back the drawings openpyxl drops: text boxes, shapes, pictures and what else a sheet's
drawing layer holds.

openpyxl rebuilds a sheet's drawing from what it understands (charts, with some of their look;
pictures only with Pillow) and loses the rest. After it has written its package,
`graft_drawings` takes, for every sheet with a drawing, the original drawing part and every part
it refers to (pictures, charts with their styles, ...) from the original package, under new
names, and points the sheet at it instead of openpyxl's drawing (which goes, with its charts and
pictures). Solving never changes a drawing, so the original one is exactly right. The caller
checks the result (`solver.io.sheet.package.lost`) and refuses to replace a workbook if anything is
still missing.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import quoteattr

from defusedxml.ElementTree import fromstring

from solver.io.sheet import package
from solver.io.sheet.package import NS, Package

REL_DRAWING = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing"
# what may follow <drawing> in a worksheet (CT_Worksheet's sequence): it goes before the first
AFTER_DRAWING = (
    "<legacyDrawing ",
    "<legacyDrawing>",
    "<legacyDrawingHF",
    "<drawingHF",
    "<picture",
    "<oleObjects",
    "<controls",
    "<webPublishItems",
    "<tableParts",
    "<extLst",
    "</worksheet>",
)


def _rels_name(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def _reachable(pkg: Package, part: str) -> list[str]:
    """`part` and every part it refers to, directly or not (internal relationships)."""
    found, todo = [], [part]
    while todo:
        p = todo.pop()
        if p in found or p not in pkg.names:
            continue
        found.append(p)
        todo += [target for _, _, target in pkg.rels(p)]
    return found


def _drawing_of(pkg: Package, sheet: str) -> tuple[str, str] | None:
    """(relationship id, drawing part) of a sheet part."""
    return next(((rid, t) for rid, kind, t in pkg.rels(sheet) if kind == "drawing"), None)


def graft_drawings(original: Path, written: Path) -> list[str]:
    """Rewrite `written` (openpyxl's save of `original`) with the original drawing of every
    sheet that has one; returns the names of those sheets."""
    orig, out = Package(original), Package(written)
    with orig.zip, out.zip:
        before, after = package.sheet_parts(orig), package.sheet_parts(out)
        types = orig.part_types()
        parts: dict[str, bytes] = {n: out.zip.read(n) for n in out.zip.namelist()}
        overrides: dict[str, str] = {}  # part -> content type, for the parts grafted
        dropped: set[str] = set()
        grafted = []
        for name, sheet in before.items():
            source = _drawing_of(orig, sheet)
            if source is None or name not in after:
                continue
            if not package.drawing_objects(orig, source[1]):
                continue
            target_sheet = after[name]
            mine = _drawing_of(out, target_sheet)
            renames = _copy_parts(orig, _reachable(orig, source[1]), parts, overrides, types)
            if mine:
                dropped.update(_reachable(out, mine[1]))
            _point_sheet_at(parts, target_sheet, mine, renames[source[1]])
            grafted.append(name)
        if not grafted:
            return []
        for p in dropped:
            parts.pop(p, None)
            parts.pop(_rels_name(p), None)
        parts["[Content_Types].xml"] = _content_types(
            parts["[Content_Types].xml"], overrides, dropped
        )
    tmp = written.with_name(written.name + ".graft")
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for n, data in parts.items():
                z.writestr(n, data)
        tmp.replace(written)
    finally:
        tmp.unlink(missing_ok=True)
    return grafted


def _free_name(part: str, taken: dict[str, bytes]) -> str:
    folder, name = posixpath.split(part)
    k = 1
    while posixpath.join(folder, f"kept{k}_{name}") in taken:
        k += 1
    return posixpath.join(folder, f"kept{k}_{name}")


def _copy_parts(
    orig: Package,
    names: list[str],
    parts: dict[str, bytes],
    overrides: dict[str, str],
    types: dict[str, str],
) -> dict[str, str]:
    """Copy parts of the original under free names, their relationships pointing at the copies;
    returns old name -> new name."""
    renames: dict[str, str] = {}
    for p in names:
        renames[p] = _free_name(p, parts)
        parts[renames[p]] = b""  # taken
    for p in names:
        parts[renames[p]] = orig.zip.read(p)
        overrides[renames[p]] = types.get(p, "application/octet-stream")
        rels = _rels_name(p)
        if rels not in orig.names:
            continue
        root = fromstring(orig.zip.read(rels))
        folder = posixpath.dirname(renames[p])
        by_id = {rid: target for rid, _, target in orig.rels(p)}
        for rel in root:
            target = by_id.get(rel.get("Id", ""))
            if target in renames:
                rel.set("Target", posixpath.relpath(renames[target], folder))
        parts[_rels_name(renames[p])] = _xml(root, "pr")
    return renames


def _point_sheet_at(
    parts: dict[str, bytes], sheet: str, mine: tuple[str, str] | None, drawing: str
) -> None:
    """Make the sheet's drawing relationship point at `drawing` (adding one, and the sheet's
    <drawing> element, when openpyxl wrote none)."""
    rels = _rels_name(sheet)
    target = posixpath.relpath(drawing, posixpath.dirname(sheet))
    root = fromstring(parts[rels]) if rels in parts else ET.Element(f"{{{NS['pr']}}}Relationships")
    if mine is not None:
        for rel in root:
            if rel.get("Id") == mine[0]:
                rel.set("Target", target)
                rel.attrib.pop("TargetMode", None)
    else:
        ids = {rel.get("Id") for rel in root}
        rid = next(f"rIdKept{k}" for k in range(1, len(ids) + 2) if f"rIdKept{k}" not in ids)
        ET.SubElement(root, f"{{{NS['pr']}}}Relationship", Id=rid, Type=REL_DRAWING, Target=target)
        xml = parts[sheet].decode("utf-8")
        at = min(i for i in (xml.find(tag) for tag in AFTER_DRAWING) if i >= 0)
        element = f'<drawing xmlns:r="{NS["r"]}" r:id="{rid}"/>'
        parts[sheet] = (xml[:at] + element + xml[at:]).encode("utf-8")
    parts[rels] = _xml(root, "pr")


def _content_types(data: bytes, overrides: dict[str, str], dropped: set[str]) -> bytes:
    root = fromstring(data)
    for o in root.findall("ct:Override", NS):
        if o.get("PartName", "").lstrip("/") in dropped:
            root.remove(o)
    for part, kind in overrides.items():
        ET.SubElement(root, f"{{{NS['ct']}}}Override", PartName="/" + part, ContentType=kind)
    return _xml(root, "ct")


def _xml(root: ET.Element, ns: str) -> bytes:
    """A flat part (relationships, content types: elements with attributes only) as XML."""

    def local(tag: str) -> str:
        return tag.rsplit("}", 1)[-1]

    items = "".join(
        f"<{local(e.tag)} " + " ".join(f"{k}={quoteattr(v)}" for k, v in e.attrib.items()) + "/>"
        for e in root
    )
    name = local(root.tag)
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<{name} xmlns="{NS[ns]}">{items}</{name}>'
    ).encode()
