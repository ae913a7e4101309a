"""solver.demand: modules imported on first use, and a one-sheet run that imports only what its
sheet needs."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver.demand import Deferred, defer, is_imported, loaded

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def module_on_path(tmp_path, monkeypatch):
    """A module `deferred_probe` on sys.path, not imported yet, that counts its imports."""
    (tmp_path / "deferred_probe.py").write_text(
        "import builtins\n"
        "builtins.deferred_probe_imports = getattr(builtins, 'deferred_probe_imports', 0) + 1\n"
        "ANSWER = 42\n"
        "def double(n):\n    return 2 * n\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "deferred_probe", raising=False)
    import builtins

    monkeypatch.setattr(builtins, "deferred_probe_imports", 0, raising=False)
    yield builtins
    sys.modules.pop("deferred_probe", None)


def test_a_deferred_module_is_imported_on_its_first_attribute_read(module_on_path):
    defer("deferred_probe")
    import deferred_probe

    assert isinstance(deferred_probe, Deferred)
    assert not is_imported("deferred_probe")
    assert module_on_path.deferred_probe_imports == 0
    assert deferred_probe.double(deferred_probe.ANSWER) == 84
    assert module_on_path.deferred_probe_imports == 1
    assert is_imported("deferred_probe")
    real = sys.modules["deferred_probe"]
    assert not isinstance(real, Deferred)  # later imports bind the real module
    assert loaded("deferred_probe") is real
    assert deferred_probe.ANSWER == 42 and module_on_path.deferred_probe_imports == 1


def test_a_deferred_module_once_imported_holds_the_real_names(module_on_path):
    defer("deferred_probe")
    import deferred_probe

    assert "double" not in vars(deferred_probe)
    assert deferred_probe.ANSWER == 42
    assert vars(deferred_probe)["double"] is sys.modules["deferred_probe"].double


def _python(code: str) -> list[str]:
    """What a new process running `code` prints, as words."""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stdout.split()


def test_openpyxl_is_loaded_without_numpy():
    """openpyxl takes numpy only for numpy's numbers as cell values, which no sheet is given."""
    code = (
        "import solver, openpyxl, sys; from openpyxl.compat import numbers; "
        "from solver.demand import is_imported; print(numbers.NUMPY, is_imported('numpy'))"
    )
    assert _python(code) == ["False", "False"]


def test_openpyxl_loads_pillow_and_its_built_in_styles_when_asked():
    """Pillow comes with the first picture, the built-in styles with the first use of one: a
    book that names no style of its own is read with Excel's Normal."""
    code = (
        "import io, sys, solver, openpyxl\n"
        "from solver.demand import is_imported\n"
        "from openpyxl.styles import builtins\n"
        "made = 'normal' in vars(builtins)\n"
        "print(is_imported('PIL.Image'), made)\n"
        "from openpyxl.drawing.image import PILImage\n"
        "print(PILImage.new('RGB', (2, 1)).size == (2, 1), is_imported('PIL.Image'))\n"
        "wb = openpyxl.Workbook()\n"
        "wb._named_styles.clear()\n"
        "wb.active['A1'] = 1\n"
        "out = io.BytesIO(); wb.save(out)\n"
        "wb = openpyxl.load_workbook(out)\n"
        "print(wb.active['A1'].style, 'normal' in vars(builtins), builtins.normal.count('<') > 1)\n"
        "import PIL.Image\n"
        "print(PIL.Image.Image is PILImage.Image)\n"
    )
    assert _python(code) == ["False", "False", "True", "True", "Normal", "False", "True", "True"]


def test_a_module_already_imported_is_not_deferred(module_on_path):
    import deferred_probe

    defer("deferred_probe")
    assert sys.modules["deferred_probe"] is deferred_probe
    assert is_imported("deferred_probe")


def _solve_and_report_pulp(book: Path, out: Path) -> dict:
    """A new process solves the book's first sheet as `puzzle-solver solve` does and says
    whether pulp, numpy and PySAT's solvers were imported."""
    code = (
        "import sys, json, contextlib, io\n"
        "from solver.cli import main\n"
        "from solver.demand import is_imported\n"
        "with contextlib.redirect_stdout(io.StringIO()) as text:\n"
        f"    code = main(['solve', {str(book)!r}, '--out', {str(out)!r}, '--json'])\n"
        "record = json.loads(text.getvalue().splitlines()[0])\n"
        "print(json.dumps({'code': code, 'record': record, 'pulp': is_imported('pulp'), "
        "'numpy': is_imported('numpy'), 'pysat': is_imported('pysat.solvers')}))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout.splitlines()[-1])


def test_a_sheet_the_rules_decide_whole_imports_no_pulp(tmp_path):
    book = tmp_path / "akari.xlsx"
    shutil.copy(ROOT / "workbooks" / "akari.xlsx", book)
    got = _solve_and_report_pulp(book, tmp_path / "out")
    assert got["code"] == 0 and got["record"]["status"] == "solved"
    assert got["record"]["deduced"]["fixed"] == got["record"]["deduced"]["of"]
    assert got["pulp"] is False
    assert got["numpy"] is False
    assert got["pysat"] is False


def test_a_numberlink_sheet_the_count_decides_imports_no_sat_solver(tmp_path):
    book = tmp_path / "numberlink.xlsx"
    shutil.copy(ROOT / "workbooks" / "numberlink.xlsx", book)
    got = _solve_and_report_pulp(book, tmp_path / "out")
    assert got["code"] == 0 and got["record"]["unique"] is True
    assert got["pysat"] is False


def test_a_sheet_that_needs_the_model_imports_pulp(tmp_path):
    book = tmp_path / "shikaku.xlsx"  # a genre without deductions: the solver decides it
    shutil.copy(ROOT / "workbooks" / "shikaku.xlsx", book)
    got = _solve_and_report_pulp(book, tmp_path / "out")
    assert got["code"] == 0 and got["record"]["status"] == "solved"
    assert got["record"]["unique"] is True
    assert got["pulp"] is True
