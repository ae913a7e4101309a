"""Build the button workbooks: `workbooks/<genre>.xlsm` from each `workbooks/<genre>.xlsx`.

    python -m addin.build_workbooks             # every sample in workbooks/
    python -m addin.build_workbooks a.xlsx ...  # these only (each a.xlsm is written beside it)
    python -m addin.build_workbooks --check     # exit 1 if a built workbook is out of date

The `.xlsx` samples are the source of truth (plain, for batch runs). Each `.xlsm` gets:

- the same sheets, cell values, fonts, fills, borders (rooms drawn as thick lines), alignment,
  column widths and row heights;
- a VBA project (`xl/vbaProject.bin`) made with ms-ovba from two standard modules: our
  `PuzzleSolver.bas` (one macro per button) and xlwings' own `xlwings.bas`, taken as shipped in
  the installed xlwings package (BSD licence; what `xlwings quickstart --standalone` embeds), so
  the workbook needs no xlwings add-in. Only source goes in; Excel compiles it when it opens the
  file. The embedded module belongs to the xlwings version installed at build time;
- one form button per macro on every visible sheet, right of the puzzle, with an empty column
  after the sentinel's. Buttons are drawing objects, not cells, so the sentinel stays the last
  used cell.

ms-ovba's compressor (ms-ovba-compression 1.0.1) garbles long repeats; we run it with the
spec's copy-token arithmetic swapped in, and read every module back with oletools before a
workbook is written. Rebuilding gives the same bytes: a fixed creation date and project id, and
a seeded random generator for ms-ovba's password obfuscation bytes; XlsxWriter fixes the zip
timestamps.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import importlib.util
import io
import os
import random
import re
import sys
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import xlsxwriter
from openpyxl.cell.cell import Cell

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"
PUZZLE_SOLVER_BAS = Path(__file__).resolve().parent / "PuzzleSolver.bas"

# (macro, caption) per button, top to bottom: the seed's three stages, then the one-click ones.
BUTTONS = (
    ("MakeLP", "1. Make LP"),
    ("RunSolver", "2. Run solver"),
    ("ReadSolution", "3. Read solution"),
    ("SolvePuzzle", "Solve"),
    ("ClearAnswer", "Clear"),
    ("CheckUnique", "Check unique"),
    ("CheckAnswer", "Check my answer"),
    ("GiveHint", "Hint"),
)
BUTTON_WIDTH, BUTTON_HEIGHT, BUTTON_STEP, STAGE_GAP = 130, 26, 32, 14  # pixels

CREATED = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
PROJECT_ID = "{6F0D6A52-3B7C-4B35-9A51-2C1E7A0B9D41}"  # any fixed GUID: stable rebuilds
WORKBOOK_GUID = uuid.UUID("00020819-0000-0000-C000-000000000046")  # Excel's Workbook class
WORKSHEET_GUID = uuid.UUID("00020820-0000-0000-C000-000000000046")  # Excel's Worksheet class


def xlwings_bas() -> Path:
    """The standalone xlwings VBA module shipped inside the installed xlwings package."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("build_workbooks: xlwings is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "xlwings.bas"
    if not path.exists():
        raise SystemExit(f"build_workbooks: {path} is missing from the xlwings package")
    return path


def vba_sources() -> tuple[str, ...]:
    """The standard modules of every button workbook: ours and xlwings' standalone module."""
    return (
        PUZZLE_SOLVER_BAS.read_text(encoding="ascii"),
        xlwings_bas().read_text(encoding="ascii"),
    )


def module_name(source: str) -> str:
    m = re.match(r'\s*Attribute VB_Name = "([A-Za-z_][A-Za-z0-9_]*)"', source)
    if not m:
        raise ValueError("a .bas module must start with its Attribute VB_Name line")
    return m.group(1)


def _document_module_source(name: str) -> str:
    # The header VBA writes when it exports a document module; ms-ovba expects it.
    return (
        "VERSION 1.0 CLASS\nBEGIN\n  MultiUse = -1  'True\nEND\n"
        f'Attribute VB_Name = "{name}"\n'
        "Attribute VB_GlobalNameSpace = False\nAttribute VB_Creatable = False\n"
        "Attribute VB_PredeclaredId = True\nAttribute VB_Exposed = True\n"
    )


@contextlib.contextmanager
def _scratch_dir() -> Iterator[Path]:
    """ms-ovba writes its pieces into the working directory: give it a private one."""
    old = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="ms-ovba-") as tmp:
        os.chdir(tmp)
        try:
            yield Path(tmp)
        finally:
            os.chdir(old)


def _copytoken_help(difference: int) -> dict[str, int]:
    """[MS-OVBA] 2.4.1.3.19.1 CopyToken Help, as the spec gives it.

    ms-ovba-compression 1.0.1 computes the maximum match length as `0xFFFF << (bit_count + 3)`
    instead of `(0xFFFF >> bit_count) + 3`, so a match longer than a copy token can hold (a run
    of spaces, a repeated comment line) overflows into the offset bits and the module's source
    decompresses to garbage. We swap in this function while ms-ovba runs.
    """
    bit_count = max(4, (difference - 1).bit_length())
    length_mask = 0xFFFF >> bit_count
    return {
        "lengthMask": length_mask,
        "offsetMask": ~length_mask & 0xFFFF,
        "bitCount": bit_count,
        "maxLength": length_mask + 3,
    }


@contextlib.contextmanager
def _fixed_compression() -> Iterator[None]:
    from ms_ovba_compression.ms_ovba import MsOvba

    original = MsOvba.__dict__["copytoken_help"]
    MsOvba.copytoken_help = staticmethod(_copytoken_help)
    try:
        yield
    finally:
        MsOvba.copytoken_help = original


@contextlib.contextmanager
def _seeded_random(seed: int) -> Iterator[None]:
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


@functools.lru_cache(maxsize=8)  # ms-ovba's compressor is slow (seconds); samples share one
def vba_project(sources: tuple[str, ...], sheet_codenames: tuple[str, ...]) -> bytes:
    """A vbaProject.bin with ThisWorkbook, one document module per sheet and the given
    standard modules (their source text, which must be ASCII: the project's code page is
    Windows-1252 and ms-ovba reads files in the locale's encoding)."""
    from ms_ovba.Models.Entities.doc_module import DocModule
    from ms_ovba.Models.Entities.reference import Reference
    from ms_ovba.Models.Entities.reference_registered import ReferenceRegistered
    from ms_ovba.Models.Entities.std_module import StdModule
    from ms_ovba.Models.Fields.libid_reference import LibidReference
    from ms_ovba.vbaProject import VbaProject
    from ms_ovba.Views.project_ole_file import ProjectOleFile

    for text in sources:
        if not text.isascii():
            raise ValueError(f"VBA module {module_name(text)} must be ASCII")
    with _scratch_dir() as tmp, _seeded_random(20240101), _fixed_compression():
        project = VbaProject()
        project.project_id = PROJECT_ID
        documents = [("ThisWorkbook", WORKBOOK_GUID)] + [
            (n, WORKSHEET_GUID) for n in sheet_codenames
        ]
        for name, guid in documents:
            path = tmp / f"{name}.cls"
            path.write_text(_document_module_source(name), encoding="ascii")
            doc = DocModule(name)
            doc.add_file(str(path))
            doc.add_guid(guid)
            doc.normalize_file()
            project.add_module(doc)
        for text in sources:
            name = module_name(text)
            path = tmp / f"{name}.bas"
            path.write_text(text, encoding="ascii")
            std = StdModule(name)
            std.add_file(str(path))
            std.normalize_file()
            project.add_module(std)
        # The two references every new Excel VBA project has.
        stdole = LibidReference(
            uuid.UUID("00020430-0000-0000-C000-000000000046"),
            "2.0",
            "0",
            "C:\\Windows\\System32\\stdole2.tlb",
            "OLE Automation",
        )
        office = LibidReference(
            uuid.UUID("2DF8D04C-5BFA-101B-BDE5-00AA0044DE52"),
            "2.0",
            "0",
            "C:\\Program Files\\Common Files\\Microsoft Shared\\OFFICE16\\MSO.DLL",
            "Microsoft Office 16.0 Object Library",
        )
        project.add_reference(Reference(ReferenceRegistered(stdole), "stdole"))
        project.add_reference(Reference(ReferenceRegistered(office), "Office"))
        ProjectOleFile.write_file(project)
        data = (tmp / "vbaProject.bin").read_bytes()
    check_sources(data, {module_name(text): text for text in sources})
    return data


def module_sources(vba_bin: bytes) -> dict[str, str]:
    """Every module's source in a vbaProject.bin, read back with oletools (an implementation
    independent of ms-ovba). Modules are stored without a performance cache (offset 0)."""
    import olefile

    with warnings.catch_warnings():  # oletools still calls pyparsing's old names
        warnings.simplefilter("ignore", DeprecationWarning)
        from oletools.olevba import decompress_stream

    ole = olefile.OleFileIO(io.BytesIO(vba_bin))
    try:
        return {
            path[1]: bytes(decompress_stream(bytearray(ole.openstream(path).read()))).decode(
                "cp1252"
            )
            for path in ole.listdir()
            if len(path) == 2 and path[0] == "VBA" and path[1] not in ("dir", "_VBA_PROJECT")
        }
    finally:
        ole.close()


def check_sources(vba_bin: bytes, expected: dict[str, str]) -> None:
    """Fail the build unless each standard module reads back exactly as its source."""
    found = module_sources(vba_bin)
    for name, text in expected.items():
        want = "\r\n".join(text.replace("\r\n", "\n").split("\n"))
        if found.get(name) != want:
            raise RuntimeError(f"vbaProject.bin: module {name} does not read back as written")


# --- cells and their look ----------------------------------------------------------------------


# OOXML border style -> XlsxWriter's border index
XLSXWRITER_BORDERS = {
    "thin": 1,
    "medium": 2,
    "dashed": 3,
    "dotted": 4,
    "thick": 5,
    "double": 6,
    "hair": 7,
    "mediumDashed": 8,
    "dashDot": 9,
    "mediumDashDot": 10,
    "dashDotDot": 11,
    "mediumDashDotDot": 12,
    "slantDashDot": 13,
}


def _rgb(color: Any) -> str | None:
    rgb = getattr(color, "rgb", None)
    if color is None or getattr(color, "type", "rgb") != "rgb" or not isinstance(rgb, str):
        return None
    return "#" + rgb[-6:].upper()


def _format_key(cell: Cell) -> tuple[tuple[str, Any], ...]:
    """The parts of an openpyxl cell's style that the samples use, as XlsxWriter options."""
    if not cell.has_style:
        return ()
    opts: dict[str, Any] = {}
    font = cell.font
    if font is not None:
        opts.update(
            font_name=font.name,
            font_size=font.sz,
            bold=font.b,
            italic=font.i,
            font_color=_rgb(font.color),
        )
    al = cell.alignment
    if al is not None:
        if al.horizontal and al.horizontal != "general":
            opts["align"] = al.horizontal
        if al.vertical:
            opts["valign"] = {"center": "vcenter"}.get(al.vertical, al.vertical)
        opts["text_wrap"] = al.wrap_text
    fill = cell.fill
    if fill is not None and fill.fill_type == "solid" and _rgb(fill.fgColor):
        opts.update(pattern=1, bg_color=_rgb(fill.fgColor))
    if cell.number_format and cell.number_format != "General":
        opts["num_format"] = cell.number_format
    border = cell.border
    for side in ("left", "right", "top", "bottom"):
        line = getattr(border, side, None) if border is not None else None
        if line is not None and line.style in XLSXWRITER_BORDERS:
            opts[side] = XLSXWRITER_BORDERS[line.style]
            opts[f"{side}_color"] = _rgb(line.color)
    return tuple(sorted((k, v) for k, v in opts.items() if v not in (None, False)))


def _button_column(ws: Any) -> int:
    """0-based column for the buttons: one empty column after the last used one."""
    used = [c.column for row in ws.iter_rows() for c in row if c.value not in (None, "")]
    return max(used, default=0) + 1


def build(xlsx: Path, xlsm: Path, vba: bytes | None = None) -> Path:
    """Write `xlsm` from the sample `xlsx`: same sheets and cells, plus VBA and buttons."""
    src = openpyxl.load_workbook(xlsx)
    codenames = tuple(f"Sheet{i}" for i in range(1, len(src.worksheets) + 1))
    if vba is None:
        vba = vba_project(vba_sources(), codenames)
    xlsm.parent.mkdir(parents=True, exist_ok=True)
    wb = xlsxwriter.Workbook(str(xlsm))
    wb.set_properties(
        {
            "title": f"{xlsx.stem} puzzle",
            "comments": f"Built from {xlsx.name} by addin/build_workbooks.py",
            "created": CREATED,
        }
    )
    wb.set_vba_name("ThisWorkbook")
    wb.add_vba_project(io.BytesIO(vba), is_stream=True)
    formats: dict[tuple[tuple[str, Any], ...], Any] = {}

    def fmt(cell: Cell) -> Any:
        key = _format_key(cell)
        if not key:
            return None
        if key not in formats:
            formats[key] = wb.add_format(dict(key))
        return formats[key]

    for ws, codename in zip(src.worksheets, codenames, strict=True):
        out = wb.add_worksheet(ws.title)
        out.set_vba_name(codename)
        for dim in ws.column_dimensions.values():
            if dim.width and dim.min:
                out.set_column(dim.min - 1, dim.max - 1, dim.width)
        for r, dim in ws.row_dimensions.items():
            if dim.height:
                out.set_row(r - 1, dim.height)
        for row in ws.iter_rows():
            for cell in row:
                _write_cell(out, cell, fmt(cell))
        if ws.sheet_state == "hidden":
            out.hide()
        elif ws.sheet_state == "veryHidden":
            out.very_hidden()
        elif ws is src.active:
            out.activate()
        if ws.sheet_state == "visible":
            add_buttons(out, _button_column(ws))
    wb.close()
    return xlsm


def _write_cell(out: Any, cell: Cell, cell_format: Any) -> None:
    r, c, v = cell.row - 1, cell.column - 1, cell.value
    if v is None:
        if cell_format is not None:
            out.write_blank(r, c, None, cell_format)
    elif isinstance(v, bool):
        out.write_boolean(r, c, v, cell_format)
    elif isinstance(v, int | float):
        out.write_number(r, c, v, cell_format)
    elif isinstance(v, dt.datetime | dt.date):
        out.write_datetime(r, c, v, cell_format)
    else:
        out.write_string(r, c, str(v), cell_format)


def add_buttons(out: Any, col: int) -> int:
    """One form button per macro on an XlsxWriter sheet, top to bottom in the 0-based column
    `col` from its first row; returns the pixels they take from the sheet's top."""
    y = 4
    for i, (macro, caption) in enumerate(BUTTONS):
        if i == 3:
            y += STAGE_GAP  # the three file stages, then the one-click buttons
        out.insert_button(
            0,
            col,
            {
                "macro": macro,
                "caption": caption,
                "width": BUTTON_WIDTH,
                "height": BUTTON_HEIGHT,
                "x_offset": 4,
                "y_offset": y,
            },
        )
        y += BUTTON_STEP
    return y


def samples(folder: Path = WORKBOOKS) -> list[Path]:
    return sorted(p for p in folder.glob("*.xlsx") if not p.name.startswith(("~$", ".~")))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m addin.build_workbooks", description=__doc__)
    p.add_argument("xlsx", nargs="*", type=Path, help="samples to build (default: workbooks/)")
    p.add_argument("--check", action="store_true", help="build nothing; exit 1 if out of date")
    a = p.parse_args(argv)
    paths = a.xlsx or samples()
    stale = []
    for xlsx in paths:
        target = xlsx.with_suffix(".xlsm")
        if a.check:
            with tempfile.TemporaryDirectory() as tmp:
                fresh = build(xlsx, Path(tmp) / target.name).read_bytes()
            if not target.exists() or target.read_bytes() != fresh:
                stale.append(target)
                print(f"out of date: {target}")
            continue
        before = target.read_bytes() if target.exists() else None
        build(xlsx, target)
        state = "unchanged" if before == target.read_bytes() else "built"
        print(f"{state}: {target}")
    if stale:
        print("run: python -m addin.build_workbooks", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
