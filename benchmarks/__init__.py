"""Benchmarks of the solver, run from the repository's root as modules:

    python -m benchmarks.<name> [options]      (e.g. python -m benchmarks.benchmark_large --help)

Run as modules, they import the `solver` package of this tree, not an installed copy.

- benchmark: every sample workbook on every back end and connectivity form;
- benchmark_large: published puzzles (tests/data/large/*.json), beside the peers' times;
- benchmark_puzzlekit: every published puzzle of SmilingWayne/puzzlekit-dataset that a reader
  of benchmarks/puzzlekit/ types, solved as a sheet against its published answer;
- benchmark_sizes: generated puzzles of growing size (tests/generators/);
- benchmark_cells: the island and shading blocks' formulations (solver/blocks/cells.py);
- benchmark_kakuro: kakuro's forms of a run's sum;
- benchmark_words: alphametic's and logic grid's forms on harder instances;
- report: runs benchmark and benchmark_large and writes docs/performance.md.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"  # the sample workbooks, one per genre
LARGE = ROOT / "tests" / "data" / "large"  # the published puzzles (shared with the tests)
