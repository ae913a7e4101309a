"""One worksheet part of a workbook package, edited in place (`solver.io.sheet.patch`): what
differs between the part and openpyxl's sheet read from it (`changed`: cells, rows' heights,
columns' widths, merged ranges), and the edits that write those differences into the part
(`SheetEdit`), each replacing only the bytes it concerns:

- a cell whose value or look differs: its `<c>` element is replaced (a new value, written as
  openpyxl writes a cell: strings inline, `t="inlineStr"`), or only its `s` attribute when only
  its look changed (a formula or a rich string keeps its bytes), or it is removed when it is
  empty now; a new cell goes into its row, a new row into `<sheetData>`, in order; a row's
  `spans` and the sheet's `<dimension>` widen to what was added;
- a row's height: its `ht` and `customHeight`; a column's width: its `<col>` (split where a
  `<col>` covers several columns of which only some change); merged ranges: those that stay
  keep their `<mergeCell>`, the others go, new ones come last.

A formula that other cells share is never overwritten (`splice.PartError`); overwriting another
one is told to the caller (`SheetEdit.formula_overwritten`), whose calculation chain then goes.
"""

from __future__ import annotations

import bisect
import io
import re
import warnings
from dataclasses import dataclass
from typing import Any

from openpyxl.cell._writer import etree_write_cell
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.utils.cell import (
    column_index_from_string,
    coordinate_to_tuple,
    get_column_letter,
    range_boundaries,
)
from openpyxl.utils.units import DEFAULT_COLUMN_WIDTH
from openpyxl.worksheet._reader import WorkSheetParser
from openpyxl.worksheet.worksheet import Worksheet

from solver.io.sheet import splice
from solver.io.sheet.splice import Node, PartError, end_tag, start_tag, tag, with_attrs
from solver.io.sheet.styles_part import StylesPart

MAX_COLUMN = 16384
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
# a formula other cells share, or an array formula: overwriting its cell would break others
_SHARED_FORMULA = re.compile(rb"<(?:\w+:)?f\b[^>]*\sref\s*=")
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s/>]")
# a row's attributes that say nothing once it holds no cells
_PLAIN_ROW = {"r", "spans", "dyDescent"}


def changed(ws: Worksheet, data: bytes, styles: StylesPart, strings: list[str]) -> SheetEdit | None:
    """The edits to the sheet's part `data` that make it say what `ws` says (None: it does
    already). `styles`: the package's styles part; `strings`: its shared strings."""
    parser = WorkSheetParser(
        io.BytesIO(data),
        strings,
        epoch=ws.parent.epoch,
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
                if not isinstance(now, MergedCell) and not _same(styles, before, now):
                    changes[key] = _Change(before, now)
    for key, now in cells.items():
        if key not in seen and not isinstance(now, MergedCell) and not _blank(now):
            changes[key] = _Change(None, now)
    heights = _heights(ws, parser)
    widths = _widths(ws, parser)
    merged = parser.merged_cells.mergeCell if parser.merged_cells else []
    ranges = [r.coord for r in ws.merged_cells.ranges]
    merges = ranges if {str(m.ref) for m in merged} != set(ranges) else None
    if changes or heights or widths or merges is not None:
        return SheetEdit(styles, ws, data, changes, heights, widths, merges)
    return None


def _same(styles: StylesPart, before: dict[str, Any], now: Cell | None) -> bool:
    """The cell as the part has it (`before`, as openpyxl's parser reads it) says what `now`
    says: the same value and the same look."""
    style = before["style_id"] or 0
    if now is None:
        return before["value"] is None and styles.index(None, style) == style
    return (
        before["data_type"] == now.data_type
        and _same_value(before["value"], now._value)
        and styles.index(now._style, style) == style
    )


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


def _row_number(ref: str | None, previous: int) -> int:
    """A row's number: its `r`, else the one after the previous row."""
    if ref is None:
        return previous + 1
    try:
        return int(float(ref))
    except ValueError:
        return previous + 1


def _heights(ws: Worksheet, parser: WorkSheetParser) -> dict[int, float | None]:
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


def _widths(ws: Worksheet, parser: WorkSheetParser) -> dict[int, float | None]:
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


class SheetEdit:
    """The edits to one sheet's part: its changed cells, row heights and column widths."""

    def __init__(
        self,
        styles: StylesPart,
        ws: Worksheet,
        data: bytes,
        changes: dict[tuple[int, int], _Change],
        heights: dict[int, float | None],
        widths: dict[int, float | None],
        merges: list[str] | None,
    ) -> None:
        self.styles, self.ws, self.data = styles, ws, data
        self.changes, self.heights, self.widths = changes, heights, widths
        self.merges = merges  # the merged ranges, when they changed
        self.out: list[tuple[int, int, bytes]] = []
        self.added: list[tuple[int, int]] = []  # cells new to the part
        # a cell's formula overwritten: the calculation chain goes, for Excel to rebuild
        self.formula_overwritten = False

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
            raise PartError(f"sheet '{self.ws.title}': its part has no sheetData")
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
                new_rows.append((r, tag(self.prefix, "row", attrs, body)))
        if new_rows and sheet_data.empty:
            head = splice.open_tag(self.data[sheet_data.start : sheet_data.body])
            body = b"".join(x for _, x in new_rows)
            self.out.append((sheet_data.start, sheet_data.end, head + body + end_tag(sheet_data)))
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
            self.out.append((node.start, node.end, splice.open_tag(head) + body + end_tag(node)))
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
        style = self.styles.index(now._style, before["style_id"] or 0)
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
            raise PartError(
                f"sheet '{self.ws.title}' cell {cell}: its formula is shared with other cells"
            )
        if _FORMULA.search(old):
            self.formula_overwritten = True

    def new_cell(self, key: tuple[int, int]) -> bytes:
        """A cell new to the part, or b"" when it holds nothing."""
        now = self.changes[key].now
        if _blank(now):
            return b""
        assert now is not None
        return self.cell_bytes(now, self.styles.index(now._style))

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
            raise PartError(f"sheet '{self.ws.title}': a column without its number") from None
        pieces: dict[int, list[tuple[int, int, bytes]]] = {}  # node -> (min, max, bytes)
        loose: list[tuple[int, bytes]] = []  # new <col>s for columns no <col> covers
        for c, width in sorted(self.widths.items()):
            i = next((i for i, (lo, hi) in enumerate(spans) if lo <= c <= hi), None)
            if i is None:
                if width is not None:
                    attrs = [("min", str(c)), ("max", str(c)), ("width", _num(width))]
                    loose.append((c, tag(prefix, "col", [*attrs, ("customWidth", "1")])))
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
            self.out.append((*where, tag(prefix, "cols", [], b"".join(t for _, t in loose))))
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
            tag(prefix, "mergeCell", [("ref", ref)]) for ref in self.merges if ref not in have
        )
        count = str(len(stay) + sum(1 for ref in self.merges if ref not in have))
        if node is None:
            if new:
                after = WORKSHEET_ORDER[WORKSHEET_ORDER.index("mergeCells") + 1 :]
                at = next((c.start for c in root.children if c.local in after), root.close)
                self.out.append((at, at, tag(prefix, "mergeCells", [("count", count)], new)))
            return
        if not now:
            self.out.append((node.start, node.end, b""))
            return
        head = self.data[node.start : node.body]
        if node.attr("count") is not None:
            head = with_attrs(head, {"count": count})
        body = b"".join(self.data[m.start : m.end] for m in stay) + new
        self.out.append((node.start, node.end, splice.open_tag(head) + body + end_tag(node)))


def _ranged(text: bytes, low: int, high: int) -> bytes:
    """A `<col>` for these columns."""
    head = start_tag(text)
    return with_attrs(head, {"min": str(low), "max": str(high)}) + text[len(head) :]


def _sized(text: bytes, width: float | None) -> bytes:
    """A `<col>` of one column with this width (None: none of its own); b"" when nothing is
    left to say of the column."""
    head = start_tag(text)
    tail = text[len(head) :]
    if width is not None:
        return with_attrs(head, {"width": _num(width), "customWidth": "1"}) + tail
    head = with_attrs(head, {"width": None, "customWidth": None})
    names = {m.group(2).decode() for m in splice.ATTR.finditer(head)}
    return b"" if names <= {"min", "max"} and not tail else head + tail
