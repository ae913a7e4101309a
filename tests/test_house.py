"""The house rules that keep genre modules small: shared code lives in shared places."""

from __future__ import annotations

import ast
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


def test_no_genre_imports_another():
    genres = {f"solver.genres.{p.stem}" for p in GENRES.glob("*.py") if p.stem != "__init__"}
    assert len(genres) == 20
    for path in sorted(GENRES.glob("*.py")):
        others = imported_modules(path) & (genres - {f"solver.genres.{path.stem}"})
        assert not others, f"{path.name} imports {sorted(others)}: lift it into a shared module"
