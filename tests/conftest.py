"""Shared test helpers: the sample workbooks, the known answers in tests/data/examples (a copy of
the seeds' examples, so that the tests need nothing beside the repository)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"
EXAMPLES = ROOT / "tests" / "data" / "examples"


def example(slug: str) -> dict:
    """The known puzzle and answer of a genre (tests/data/examples/<slug>.json)."""
    return json.loads((EXAMPLES / f"{slug}.json").read_text(encoding="utf-8"))


@pytest.fixture
def sample(tmp_path: Path):
    """Copy of a sample workbook in a temporary folder: sample('bomber') -> Path."""

    def copy(slug: str, suffix: str = ".xlsx") -> Path:
        target = tmp_path / f"{slug}{suffix}"
        shutil.copy(WORKBOOKS / f"{slug}{suffix}", target)
        return target

    return copy
