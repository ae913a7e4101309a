"""Writes `solver/genres/_index.py` from the genre modules:

python -m solver.genres
"""

import json
from pathlib import Path

from solver.genres import _index, all_genres, sheet_names


def write_index() -> None:
    found = {
        name: g.module.removeprefix("solver.genres.").split(".")[0]
        for g in all_genres()
        for name in sheet_names(g)
    }
    lines = "".join(  # as ruff formats it: double quotes
        f"    {json.dumps(name, ensure_ascii=False)}: {json.dumps(module)},\n"
        for name, module in sorted(found.items())
    )
    path = Path(_index.__file__)
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("SHEET_NAMES: dict[str, str] = {")]
    path.write_text(f"{head}SHEET_NAMES: dict[str, str] = {{\n{lines}}}\n", encoding="utf-8")


if __name__ == "__main__":
    write_index()
