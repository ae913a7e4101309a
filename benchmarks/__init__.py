"""Benchmarks of the solver, run from the repository's root as modules:

    python -m benchmarks.<name> [options]      (e.g. python -m benchmarks.benchmark_large --help)

Run as modules, they import the `solver` package of this tree, not an installed copy.

- benchmark: every sample workbook on every back end and connectivity form;
- benchmark_large: published puzzles (tests/data/large/*.json), beside the peers' times;
- benchmark_startup: the wall of a one-sheet solve from the shell, start-up included;
- benchmark_puzzlekit: every published puzzle of SmilingWayne/puzzlekit-dataset that a reader
  of benchmarks/puzzlekit/ types, solved as a sheet against its published answer;
- benchmark_sizes: generated puzzles of growing size (tests/generators/);
- benchmark_generated: generated puzzles of growing size beside noqx, in the same run;
- benchmark_cells: the island and shading blocks' formulations (solver/blocks/cells.py);
- benchmark_kakuro: kakuro's forms of a run's sum;
- benchmark_words: alphametic's and logic grid's forms on harder instances;
- report: runs benchmark and benchmark_large and writes docs/performance.md.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"  # the sample workbooks, one per genre
LARGE = ROOT / "tests" / "data" / "large"  # the published puzzles (shared with the tests)


def put_part(path: Path, name: str, text: str) -> None:
    """Put `text` into the file as its part `name`, between the lines `<!-- name -->` and
    `<!-- /name -->`, in place of the part there or at the file's end (the parts of
    docs/performance.md that a benchmark other than benchmarks.report writes, and that report
    keeps)."""
    begin, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    part = f"{begin}\n{text.strip()}\n{end}"
    if begin in old and end in old:
        new = old[: old.index(begin)] + part + old[old.index(end) + len(end) :]
    else:
        new = old.rstrip("\n") + "\n\n" + part + "\n"
    path.write_text(new, encoding="utf-8")


def kept_parts(path: Path, names: tuple[str, ...]) -> str:
    """The file's parts of these names, as `put_part` wrote them."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    found = []
    for name in names:
        begin, end = f"<!-- {name} -->", f"<!-- /{name} -->"
        if begin in old and end in old:
            found.append(old[old.index(begin) : old.index(end) + len(end)])
    return "".join(f"\n{part}\n" for part in found)
