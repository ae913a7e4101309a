"""The Excel side of the puzzle solver.

- `addin.xlwings_book`: the `Book`/`Sheet` protocols of `solver.io.sheet` over a live xlwings
  workbook, so the pipeline reads and writes Excel cells the way it reads and writes openpyxl.
- `addin.buttons`: the functions the workbook buttons call through xlwings' `RunPython`.
- `addin/PuzzleSolver.bas`: the VBA module behind the buttons.
- `addin.build_workbooks`: builds `workbooks/<genre>.xlsm` (buttons + VBA) from the `.xlsx`
  samples.

`solver` never imports this package; this package calls `solver` like the CLI does.
"""
