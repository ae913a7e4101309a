"""The house rules that keep genre modules small: shared code lives in shared places."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import solver.genres

GENRES = Path(solver.genres.__file__).parent


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def genre_files() -> dict[str, list[Path]]:
    """Each genre's module name and its files: a module, or a folder of modules."""
    found = {}
    for path in sorted(GENRES.iterdir()):
        if path.suffix == ".py" and not path.stem.startswith("_"):
            found[f"solver.genres.{path.stem}"] = [path]
        elif path.is_dir() and (path / "__init__.py").exists():
            found[f"solver.genres.{path.name}"] = sorted(path.glob("*.py"))
    return found


def test_no_genre_imports_another():
    genres = genre_files()
    assert len(genres) == len(solver.genres.all_genres())
    for name, paths in genres.items():
        for path in paths:
            others = {
                m
                for m in imported_modules(path)
                for g in genres
                if g != name and (m == g or m.startswith(g + "."))
            }
            assert not others, f"{path.name} imports {sorted(others)}: lift it into a shared module"


def test_the_index_of_sheet_names_is_what_the_modules_define():
    """`solver/genres/_index.py` lets a sheet's genre be found without importing every genre;
    it must say what the modules' `define` calls say (write it with `python -m solver.genres`)."""
    from solver.genres import _index, sheet_names

    defined = {
        name: g.module.removeprefix("solver.genres.").split(".")[0]
        for g in solver.genres.all_genres()
        for name in sheet_names(g)
    }
    assert defined == _index.SHEET_NAMES, "run `python -m solver.genres` to write the index"


def test_a_sheet_imports_only_its_own_genre():
    code = (
        "import sys; from solver.genres import genre_for_sheet; "
        "g = genre_for_sheet('sudoku (2)'); "
        "print(g.slug, sorted(m for m in sys.modules if m.startswith('solver.genres.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split(" ", 1) == [
        "sudoku",
        "['solver.genres._index', 'solver.genres.sudoku']\n",
    ]


def test_solving_a_book_imports_only_the_genres_of_its_sheets(tmp_path: Path):
    """A one-sheet solve from the shell waits for every module it imports: a sheet that names
    no genre (notes beside the puzzle) imports none, and the check for misspelt sheet names
    reads the index, not the modules."""
    import openpyxl

    book = tmp_path / "book.xlsx"
    wb = openpyxl.load_workbook(GENRES.parents[1] / "workbooks" / "sudoku.xlsx")
    wb.create_sheet("notes")["A1"] = "typed by hand"
    wb.save(book)
    code = (
        "import sys; from solver import cli; "
        f"code = cli.main(['solve', {str(book)!r}, '--out', {str(tmp_path / 'out')!r}]); "
        "print(code, sorted(m for m in sys.modules if m.startswith('solver.genres.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "0 ['solver.genres._index', 'solver.genres.sudoku']"


SOLVER = GENRES.parent


def test_the_layers_import_downwards():
    """The deduction engine names no genre and no model; no modelling block, no part of the
    engine and no back end imports what goes in and out (solver.io: the sheet, its answer,
    spellings, puzz.link)."""
    for path in sorted((SOLVER / "deduce").glob("*.py")):
        wrong = {m for m in imported_modules(path) if m.startswith(("solver.genres", "solver.mip"))}
        assert not wrong, f"{path.name} imports {sorted(wrong)}"
    for folder in ("blocks", "deduce", "mip"):
        for path in sorted((SOLVER / folder).glob("*.py")):
            wrong = {m for m in imported_modules(path) if m.startswith("solver.io")}
            assert not wrong, f"{folder}/{path.name} imports {sorted(wrong)}"


def test_every_genre_with_deductions_is_in_the_docs_table():
    """docs/links-and-deductions.md's table names every genre that has deductions, and no
    genre that has none."""
    from solver.genres import all_genres

    text = (GENRES.parents[1] / "docs" / "links-and-deductions.md").read_text(encoding="utf-8")
    table = text.split("| genres | deductions |", 1)[1].split("\n\n", 1)[0]
    named = {
        name.strip() for line in table.splitlines()[2:] for name in line.split("|")[1].split(",")
    }
    assert named == {g.slug for g in all_genres() if g.deduce is not None}
