"""Loading a workbook with openpyxl, past what its reader cannot take.

openpyxl's reader expects every chart sheet to have a relationships part (the link to its
drawing, which holds the chart). A chart sheet without one (an empty chart sheet, as openpyxl
itself writes for `create_chartsheet()` without a chart, or a bare `<chartsheet/>` part) makes
it fail with "'list' object has no attribute 'find'". Such a chart sheet holds no chart: it is
loaded as an empty chart sheet, so the book opens, its puzzle sheets are read as usual (a chart
sheet is never a puzzle sheet: `OpenpyxlBook.sheet_names` lists worksheets only), and saving
writes the chart sheet back.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from openpyxl.chartsheet import Chartsheet
from openpyxl.packaging.relationship import get_rels_path
from openpyxl.reader.excel import ExcelReader
from openpyxl.workbook import Workbook
from openpyxl.xml.functions import fromstring


class _Reader(ExcelReader):
    def read_chartsheet(self, sheet, rel) -> None:
        if get_rels_path(rel.target) in self.valid_files:
            super().read_chartsheet(sheet, rel)
            return
        with self.archive.open(rel.target, "r") as src:
            cs = Chartsheet.from_tree(fromstring(src.read()))
        cs._parent = self.wb
        cs.title = sheet.name
        self.wb._add_sheet(cs)


def load_workbook(source: Path | BinaryIO) -> Workbook:
    """The workbook in `source` (a path or the file's bytes), as `openpyxl.load_workbook`
    loads it, with chart sheets that have no relationships part loaded empty."""
    reader = _Reader(source, read_only=False)
    reader.read()
    return reader.wb
