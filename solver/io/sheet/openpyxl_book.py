"""The `Book` and `Sheet` protocols over openpyxl, for batch mode and tests.

A workbook is read whole into memory once (its bytes, their size, time and hash kept), and
openpyxl loads it from there (with defusedxml, a dependency, against XML bombs). Saving writes
what changed in openpyxl's model into a copy of those bytes (`solver.io.sheet.patch`): every part
nothing changed keeps its exact bytes (drawings, VBA and buttons, sparklines, rich text, numbers
openpyxl cannot hold...), so a save never makes the workbook poorer; as a last guard, a package
that lacks anything the original has (`solver.io.sheet.package`) is not written.

Saving is atomic: the workbook is written to a temporary file beside the target
(`.~puzzle-solver-*`; ones a killed save left are removed by the next save into that folder),
then renamed over it. A symbolic link is written through: its target is replaced, the link
stays. Saving never spoils what the user has: it refuses (BookError) a workbook that is
read-only, another user's, or open in Excel or LibreOffice, and one that changed on disk since it
was read (another program saved it meanwhile: replacing it would lose that program's changes);
that last check is made just before the rename, under an advisory lock that our own saves of the
same file take too.

Colours (of fonts, solid fills and borders) are read as 'RRGGBB', as a theme colour 'theme:1'
or 'theme:4:-0.25' (index and tint, kept as they are: themes are not resolved), or None for
Excel's automatic colour (no colour, or the system colour index 64); an indexed colour reads as
its RGB. Writing a style rewrites only what differs, so a look this module does not read (a
pattern fill, say) stays as it was. A border side's style keeps openpyxl's (OOXML's) name;
sides an answer does not cover are never rewritten.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import os
import re
import tempfile
import time
import weakref
from collections.abc import Callable, Iterator
from copy import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE, Cell, MergedCell
from openpyxl.styles import Alignment, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.colors import COLOR_INDEX, Color
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.dimensions import ColumnDimension
from openpyxl.worksheet.worksheet import Worksheet

from solver.io.sheet import (
    SIDES,
    Border,
    Borders,
    Face,
    Style,
    check_unmerged,
    package,
    parse_theme,
    theme_text,
)
from solver.io.sheet.load import load_workbook
from solver.io.sheet.patch import Attachment, Patched, PatchError, patch
from solver.limits import LINK_LOOP, check_workbook_file


def _rgb(color: object) -> str | None:
    rgb = getattr(color, "rgb", None)
    if getattr(color, "type", "rgb") != "rgb" or not isinstance(rgb, str):
        return None
    return rgb[-6:].upper()


def _color_text(color: object) -> str | None:
    """An openpyxl Color as the protocol's text: 'RRGGBB', 'theme:1[:tint]', or None for
    Excel's automatic colour (no colour, or the system colour index 64)."""
    kind = getattr(color, "type", None)
    if kind == "theme":
        theme, tint = getattr(color, "theme", None), getattr(color, "tint", 0.0)
        return theme_text(theme, float(tint or 0.0)) if isinstance(theme, int) else None
    if kind == "indexed":
        index = getattr(color, "indexed", 64)
        return COLOR_INDEX[index][-6:] if isinstance(index, int) and index < 64 else None
    return _rgb(color)


def _color(text: str | None) -> Color | None:
    """The inverse of `_color_text`."""
    if text is None:
        return None
    theme = parse_theme(text)
    return Color(theme=theme[0], tint=theme[1]) if theme else Color(rgb="FF" + text)


def _fill_text(fill: object) -> str | None:
    """A solid fill's colour; None for no fill (or a pattern, which solving never draws)."""
    if getattr(fill, "fill_type", None) != "solid":
        return None
    return _color_text(getattr(fill, "fgColor", None))


def _borders(border: object) -> Borders:
    sides = {}
    for s, name in SIDES.items():
        side = getattr(border, name, None)
        if side is not None and side.style:
            sides[s] = Border(side.style, _color_text(side.color))
    return Borders().with_sides(sides)


def _side(border: Border | None) -> Side:
    if border is None:
        return Side()
    return Side(style=border.style, color=_color(border.color))


def _face(cell: Cell) -> Face:
    font, align = cell.font, cell.alignment
    size = getattr(font, "sz", None)
    return Face(
        getattr(font, "name", None),
        float(size) if size is not None else None,
        getattr(align, "horizontal", None),
        getattr(align, "vertical", None),
    )


def _clone(style: Any) -> Any:
    """A new copy of a cell's font, border or alignment to change: openpyxl keeps their fields
    in the instance's dict (its descriptors), and its own copy goes through XML."""
    target = getattr(style, "_StyleProxy__target", style)
    new = object.__new__(type(target))
    new.__dict__.update(target.__dict__)
    return new


def _new_font(cell: Cell, wanted: tuple[str | None, Face | None]) -> None:
    """The cell's font in this colour, and with the face's font name and size where given."""
    color, face = wanted
    font, changed = cell.font, False
    if color != _color_text(font.color if font else None):
        font, changed = _clone(font), True
        font.color = _color(color)
    if face is not None:
        shown = _face(cell)
        if (face.name, face.size) != (shown.name, shown.size):
            font, changed = _clone(font), True
            font.name, font.sz = face.name, face.size
    if changed:
        cell.font = font


def _new_fill(cell: Cell, color: str | None) -> None:
    """A solid fill of this colour, or none; a fill that reads as the same is kept as it is."""
    if color != _fill_text(cell.fill):
        cell.fill = PatternFill("solid", fgColor=_color(color)) if color else PatternFill()


def _new_borders(cell: Cell, borders: Borders) -> None:
    """These borders; the sides that already read as asked keep their exact look (a theme
    colour, say)."""
    now = _borders(cell.border)
    changed = [s for s in SIDES if borders.side(s) != now.side(s)]
    if changed:
        border = _clone(cell.border)
        for s in changed:
            setattr(border, SIDES[s], _side(borders.side(s)))
        cell.border = border


def _new_alignment(cell: Cell, face: Face) -> None:
    """The face's horizontal and vertical alignment."""
    shown = _face(cell)
    if (face.horizontal, face.vertical) != (shown.horizontal, shown.vertical):
        align = _clone(cell.alignment) if cell.alignment else Alignment()
        align.horizontal, align.vertical = face.horizontal, face.vertical
        cell.alignment = align


# per workbook: (a cell's style ids, the Style asked for) -> the style ids it got (set_style);
# and (a part, its old id, what was asked of it) -> its new id (_restyle)
_styled: weakref.WeakKeyDictionary[Any, dict[tuple, Any]] = weakref.WeakKeyDictionary()
# per workbook: (a cell's style ids, borders read, face read) -> its look (get_style)
_looks: weakref.WeakKeyDictionary[Any, dict[tuple, Style]] = weakref.WeakKeyDictionary()


def _plain_text(text: str) -> bool:
    """Whether openpyxl would store this text as it is, as a string: not a formula (`=...`),
    not an error code, no character that XML cannot hold, within Excel's length."""
    return (
        not text.startswith("=")
        and text not in ERROR_CODES
        and len(text) <= 32767
        and ILLEGAL_CHARACTERS_RE.search(text) is None
    )


def _text_cell(ws: Worksheet, row: int, col: int, text: str) -> Cell:
    """The cell openpyxl's `Cell(ws, row, col, text)` makes of a plain text (`_plain_text`),
    without its checks."""
    cell = Cell.__new__(Cell)
    cell.parent, cell._style = ws, None
    cell.row, cell.column = row, col
    cell._value, cell.data_type = text, "s"
    cell._hyperlink = cell._comment = None
    return cell


class OpenpyxlSheet:
    def __init__(self, ws: Worksheet) -> None:
        self.ws = ws
        self.name = ws.title
        self._looks: dict[tuple, Style] | None = None  # the book's looks read (`get_style`)
        self._styled: dict[tuple, Any] | None = None  # the book's looks given (`set_style`)

    def used_cells(self) -> Iterator[tuple[int, int]]:
        for (r, c), cell in self.ws._cells.items():
            v = cell.value
            if v is not None and not (isinstance(v, str) and not v.strip()):
                yield r, c

    def get(self, row: int, col: int) -> object:
        cell = self.ws._cells.get((row, col))
        return None if cell is None else cell.value

    def put(self, row: int, col: int, value: object) -> None:
        check_unmerged(self, [(row, col)])
        self.ws.cell(row, col).value = value

    def put_rows(self, row: int, lines: list[list[object]]) -> None:
        """Rows of values from `row` down, into rows never written (no merged cell there, no
        cell to keep): the record sheet's, a row per cell the answer changed. A plain text
        (what openpyxl stores as it is: no formula, no error code, no control character) is
        put in a cell made directly, at a quarter of the cost of openpyxl's checks; any
        other value goes through them."""
        ws = self.ws
        cells = ws._cells
        plain: dict[str, bool] = {}  # the rows repeat their texts: each is looked at once
        for r, line in enumerate(lines, start=row):
            for c, v in enumerate(line, start=1):
                if v is None:
                    continue
                if type(v) is str:
                    ok = plain.get(v)
                    if ok is None:
                        ok = plain[v] = _plain_text(v)
                    if ok:
                        cells[r, c] = _text_cell(ws, r, c, v)
                        continue
                ws._add_cell(Cell(ws, row=r, column=c, value=v))
        if lines:
            ws._current_row = max(ws._current_row, row + len(lines) - 1)

    def merged_area(self, row: int, col: int) -> tuple[int, int, int, int] | None:
        if not isinstance(self.ws._cells.get((row, col)), MergedCell):
            return None
        for m in self.ws.merged_cells.ranges:
            if m.min_row <= row <= m.max_row and m.min_col <= col <= m.max_col:
                return m.min_row, m.min_col, m.max_row, m.max_col
        return None

    def get_style(self, row: int, col: int, borders: bool = False, face: bool = False) -> Style:
        """The cell's look, read once for each set of the workbook's style ids (a look is what
        those ids point to)."""
        cell = self.ws._cells.get((row, col))
        ids = None if cell is None or cell._style is None else tuple(cell._style)
        if self._looks is None:
            self._looks = _looks.setdefault(self.ws.parent, {})
        seen = self._looks
        key = (ids, borders, face)
        if key not in seen:
            seen[key] = self._look(cell, row, col, borders, face)
        return seen[key]

    def _look(self, cell: Cell | None, row: int, col: int, borders: bool, face: bool) -> Style:
        if cell is None:  # an empty cell shows the workbook's default look
            cell = Cell(self.ws, row=row, column=col)
        return Style(
            _color_text(cell.font.color) if cell.font else None,
            _fill_text(cell.fill),
            cell.number_format,
            _borders(cell.border) if borders else None,
            _face(cell) if face else None,
        )

    def set_style(self, row: int, col: int, style: Style) -> None:
        """Only what differs is rewritten: a fill pattern or a colour this module does not
        read stays as it was when the style keeps it. A cell that starts from the same look as
        one styled before gets the look that one got (the workbook's style ids: the answer of
        a grid gives a few looks to many cells)."""
        cell = self.ws._cells.get((row, col))
        if cell is None:
            cell = self.ws.cell(row, col)
        if self._styled is None:
            self._styled = _styled.setdefault(self.ws.parent, {})
        done = self._styled
        key = (None if cell._style is None else tuple(cell._style), style)  # None: no look yet
        if key in done:
            cell._style = StyleArray(done[key])  # a cell's own ids: openpyxl changes them in place
            return
        self._restyle(cell, style)
        done[key] = StyleArray(cell._style)

    def _restyle(self, cell: Cell, style: Style) -> None:
        """Give the cell the style's look part by part: font, fill, number format, borders,
        alignment. Each part's new id in the workbook is kept, per workbook, by the part's old
        id and what the style asks of it: a grid's answer gives many combinations of a few
        parts, and making a part (which openpyxl hashes to find it among the book's) costs far
        more than setting its id."""
        if cell._style is None:
            cell._style = StyleArray()
        self._part(cell, "fontId", (style.font_color, style.face), _new_font)
        self._part(cell, "fillId", style.fill_color, _new_fill)
        if cell.number_format != style.number_format:
            cell.number_format = style.number_format
        if style.borders is not None:
            self._part(cell, "borderId", style.borders, _new_borders)
        if style.face is not None:
            self._part(cell, "alignmentId", style.face, _new_alignment)

    def _part(self, cell: Cell, part: str, wanted: Any, make: Callable[[Cell, Any], None]) -> None:
        """The cell's `part` id (in its style ids) as `make(cell, wanted)` sets it, from what
        the same change of the same old id gave before."""
        assert self._styled is not None
        key = (part, getattr(cell._style, part), wanted)
        if key not in self._styled:
            make(cell, wanted)
            self._styled[key] = getattr(cell._style, part)
        setattr(cell._style, part, self._styled[key])

    def _column(self, col: int, split: bool) -> ColumnDimension | None:
        """The dimension that covers the column; with `split`, one of its own (a file may give
        one dimension to a run of columns)."""
        dims = self.ws.column_dimensions
        for key, dim in list(dims.items()):
            low, high = dim.min or 0, dim.max or 0
            if not low <= col <= high or (low, high) == (col, col) or not split:
                if low <= col <= high:
                    return dim
                continue
            del dims[key]  # the run, cut into the columns before, this one, and after
            for a, b in ((low, col - 1), (col, col), (col + 1, high)):
                if a <= b:
                    part = copy(dim)
                    part.index, part.min, part.max = get_column_letter(a), a, b
                    dims[part.index] = part
            return dims[get_column_letter(col)]
        if not split:
            return None
        dim = dims[get_column_letter(col)]
        dim.min = dim.max = col
        return dim

    def column_width(self, col: int) -> float | None:
        dim = self._column(col, split=False)
        if dim is None or not dim.customWidth or not dim.width:
            return None
        return float(dim.width)

    def set_column_width(self, col: int, width: float | None) -> None:
        if width is None and self._column(col, split=False) is None:
            return
        dim = self._column(col, split=True)
        assert dim is not None
        dim.width = width if width is not None else 0  # 0: no width of its own

    def row_height(self, row: int) -> float | None:
        dim = self.ws.row_dimensions.get(row)
        return None if dim is None or dim.height is None else float(dim.height)

    def set_row_height(self, row: int, height: float | None) -> None:
        if height is None and row not in self.ws.row_dimensions:
            return
        self.ws.row_dimensions[row].height = height


def _mode_for(target: Path) -> int:
    """The permissions a saved file should have: the old file's, else the umask's default
    (mkstemp's private 0600 would otherwise stick to the workbook)."""
    if target.exists():
        return target.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


class BookError(Exception):
    """A workbook that cannot be written without harm; the message says why and what to do."""


TEMP_PREFIX = ".~puzzle-solver-"  # our temporary files, beside the target while saving
STALE_SECONDS = 600  # a temporary file this old was left by a save that was killed
# the temporary files of versions before TEMP_PREFIX (tempfile.mkstemp's names)
_OLD_TEMP = re.compile(r"\.~[a-z0-9_]{8}\.xls[xm]")


def lock_files(target: Path) -> list[tuple[Path, str]]:
    """The lock files that say `target` is open, with the program that made them: Excel's owner
    file `~$Book.xlsx` (for longer names Office replaces the name's first two characters:
    `~$ok.xlsx`), LibreOffice's `.~lock.Book.xlsx#`."""
    name = target.name
    candidates = [(f"~${name}", "Excel"), (f".~lock.{name}#", "LibreOffice")]
    if len(Path(name).stem) > 2:
        candidates.append((f"~${name[2:]}", "Excel"))
    return [(target.with_name(n), app) for n, app in candidates]


def check_not_open(path: Path) -> None:
    """Raise BookError when a lock file beside `path` says it is open in Excel or LibreOffice
    (beside a link, when it was opened through the link)."""
    for lock, app in lock_files(path):
        if lock.exists():
            raise BookError(
                f"{path}: the workbook is open in {app} ({lock.name} beside it); "
                "close it there and run again, or write a copy elsewhere (--out)"
            )


def check_writable(target: Path) -> None:
    """Raise BookError when writing `target` would harm what the user has: a read-only
    workbook or folder, one owned by another user (we may run as root, where permission bits
    stop nothing), or a workbook open in Excel or LibreOffice."""
    hint = "or write a copy elsewhere (--out)"
    if target.is_dir():
        raise BookError(f"{target} is a folder; name a workbook file to write")
    if target.exists():
        st = target.stat()
        if not st.st_mode & 0o222:
            raise BookError(f"{target}: the workbook is read-only; make it writable {hint}")
        if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
            raise BookError(
                f"{target}: the workbook belongs to another user (uid {st.st_uid}); "
                f"replacing it would make it ours; write a copy elsewhere (--out)"
            )
        check_not_open(target)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if folder.exists() and not folder.stat().st_mode & 0o222:
        raise BookError(f"{target}: the folder {folder} is read-only; {hint.removeprefix('or ')}")


def clean_stale_temps(folder: Path) -> None:
    """Remove the temporary files that a killed save left in `folder`."""
    now = time.time()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for p in entries:
        if not (p.name.startswith(TEMP_PREFIX) or _OLD_TEMP.fullmatch(p.name)):
            continue
        try:
            if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime > STALE_SECONDS:
                p.unlink()
        except OSError:
            pass


def write_new(path: Path, data: bytes) -> None:
    """Write a new workbook at `path` (through a link), atomically, never over a file: one
    that appeared there meanwhile (another program saved it) gives BookError."""
    target = real_target(path)
    check_writable(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=target.suffix, dir=target.parent)
    try:
        try:
            write_all(fd, data)
        finally:
            os.close(fd)
        os.chmod(tmp, _mode_for(target))
        try:
            os.link(tmp, target)  # atomic, and fails where a file is
        except FileExistsError:
            raise BookError(
                f"{path} appeared on disk while the new workbook was being made; "
                "nothing was saved; run again"
            ) from None
        except OSError:  # a file system without hard links
            if target.exists():
                raise
            os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)


@dataclass(frozen=True)
class Snapshot:
    """A file as it was read: its size, modification time and content hash."""

    size: int
    mtime_ns: int
    digest: str


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_whole(path: Path) -> tuple[bytes, Snapshot]:
    """A file's bytes and its snapshot, taken together (read again if it changed while being
    read)."""
    with open(path, "rb") as f:
        for _ in range(3):
            before = os.fstat(f.fileno())
            f.seek(0)
            data = f.read()
            after = os.fstat(f.fileno())
            if (before.st_size, before.st_mtime_ns) == (after.st_size, after.st_mtime_ns):
                break
    return data, Snapshot(len(data), after.st_mtime_ns, _digest(data))


def changed_since(path: Path, snap: Snapshot) -> bool:
    """Whether the file at `path` is no longer the one `snap` was taken of (a file that is gone
    has nothing to lose)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    if (st.st_size, st.st_mtime_ns) != (snap.size, snap.mtime_ns):
        return True
    with open(path, "rb") as f:
        return _digest(f.read()) != snap.digest


def real_target(path: Path) -> Path:
    """Where writing `path` goes: a symbolic link's target (the link stays a link), resolved
    through every link; BookError for a link loop."""
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # a new file (or a link to one to be made)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise BookError(
                f"{path} {LINK_LOOP}; point it at a workbook, or write elsewhere (--out)"
            ) from None
        raise


def write_all(fd: int, data: bytes) -> None:
    """Write `data` to the file `fd` and onto the disk."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on the file at `path` (if there is one), for as long as the
    block runs: two of our saves of one file check and replace it one after the other."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; the check alone guards
        yield
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


class OpenpyxlBook:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.name = self.path.name
        check_workbook_file(self.path)  # a FIFO, a device, a zip bomb: refused before reading
        self.data, self.snapshot = read_whole(self.path)  # what the book was read from
        self.real = real_target(self.path)
        self.wb = load_workbook(io.BytesIO(self.data))  # chart sheets: see `load`
        self.loaded: list[tuple[Any, str]] = [(ws, ws.title) for ws in self.wb._sheets]
        self.attached: dict[int, list[Attachment]] = {}  # drawings of sheets added, by id()

    def sheet_names(self) -> list[str]:
        return [ws.title for ws in self.wb.worksheets if ws.sheet_state == "visible"]

    def sheet(self, name: str) -> OpenpyxlSheet:
        return OpenpyxlSheet(self.wb[name])

    def hidden_sheet(self, name: str, create: bool) -> OpenpyxlSheet | None:
        if name in self.wb.sheetnames:
            return OpenpyxlSheet(self.wb[name])
        if not create:
            return None
        ws = self.wb.create_sheet(name)
        ws.sheet_state = "hidden"
        return OpenpyxlSheet(ws)

    def remove_hidden_sheet(self, name: str) -> None:
        if name not in self.wb.sheetnames or self.wb[name].sheet_state == "visible":
            return
        index = self.wb.sheetnames.index(name)
        self.wb.remove(self.wb[name])
        if self.wb._active_sheet_index > index:  # the same sheet stays the active one
            self.wb._active_sheet_index -= 1

    def attach(self, name: str, drawings: list[Attachment]) -> None:
        """Give a sheet added since the book was read its drawings (text boxes, buttons), to be
        written with it (`solver.io.sheet.patch.Attachment`)."""
        ws = self.wb[name]
        if any(ws is loaded for loaded, _ in self.loaded):
            raise ValueError(f"sheet '{name}' was read from the workbook: only a new one")
        self.attached[id(ws)] = list(drawings)

    def _patched(self, target: Path) -> Patched:
        """The workbook as it is now, written into the package it was read from; BookError when
        that cannot be done without loss."""
        try:
            patched = patch(self.data, self.wb, self.loaded, self.attached)
        except PatchError as exc:
            raise BookError(f"{target}: cannot be saved without harm: {exc}") from None
        before = package.contents(io.BytesIO(self.data))
        for name in patched.removed:
            before.pop(name, None)
        titles = {title: ws.title for ws, title in self.loaded}
        before = {titles.get(k, k): v for k, v in before.items()}
        lacks = package.lost(before, package.contents(io.BytesIO(patched.data)))
        if lacks:
            raise BookError(
                f"{target}: not saved: writing it would lose {'; '.join(lacks)}; "
                "the workbook is unchanged"
            )
        return patched

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically to `path` (default: where it was loaded from); returns the path.

        BookError for a target that is read-only, another user's, or open in Excel or
        LibreOffice (`check_writable`), for a link loop, for the workbook itself when it
        changed on disk since it was read, and for a change that cannot be written without
        loss (see the module docstring)."""
        given = Path(path) if path else self.path
        target = real_target(given)
        same = target == self.real or (
            target.exists() and self.path.exists() and os.path.samefile(target, self.path)
        )
        check_writable(target)
        if given != target and given.is_symlink():
            check_not_open(given)
        patched = self._patched(target)
        if same and not patched.changed and target.exists():
            return given  # nothing changed: the file stays as it is
        data = patched.data
        target.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(target.parent)
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=target.suffix, dir=target.parent)
        try:
            try:
                write_all(fd, data)
            finally:
                os.close(fd)
            os.chmod(tmp, _mode_for(target))
            with _locked(target):
                if same and changed_since(target, self.snapshot):
                    raise BookError(
                        f"{given} changed on disk while it was being solved (another program "
                        "saved it since it was read); nothing was saved; run again"
                    )
                written = os.stat(tmp)
                os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        if same:  # what is on disk now is what the next save starts from
            self.data = data
            self.snapshot = Snapshot(len(data), written.st_mtime_ns, _digest(data))
            self.loaded = [(ws, ws.title) for ws in self.wb._sheets]
            self.attached = {}  # written: part of the package now
        return given
