"""Libraries imported on first use, so that a run imports only what its sheets need.

pulp, with the solver libraries it loads at import (highspy, PySCIPOpt), is a good part of the
start-up of a one-sheet `puzzle-solver solve` (`python -X importtime` shows it), and a sheet that
the rules decide whole builds no model, so it needs none of them.
`defer(name)` puts a stand-in for the module into `sys.modules`, so every later `import name`
binds the stand-in at no cost. The first attribute read on it imports the real module (which then
takes its place in `sys.modules`, for every later import) and hands the attribute on; the stand-in
then holds the real module's names itself, so the modules that bound it read them as fast as
from the real one (a name the real module gains later is still forwarded).

Only reads are forwarded: code that assigns to a deferred module's attributes must import it for
real first (`loaded(name)`). A module already imported is left as it is.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import threading
import types
from typing import Any

_lock = threading.RLock()  # loading pulp loads numpy: the same thread takes it again


class Deferred(types.ModuleType):
    """The stand-in for a module not yet imported (see the module's docstring)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.__spec__ = importlib.machinery.ModuleSpec(name, None)
        self.__deferred_real: types.ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:  # only for what the stand-in itself lacks
        return getattr(self.real(), attr)

    def real(self) -> types.ModuleType:
        """The real module, imported on the first call."""
        module = self.__deferred_real
        if module is None:
            with _lock:
                module = self.__deferred_real
                if module is None:
                    if sys.modules.get(self.__name__) is self:
                        del sys.modules[self.__name__]
                    module = importlib.import_module(self.__name__)
                    # the names the stand-in's holders read (`np.array`), now at no cost
                    vars(self).update(vars(module))
                    self.__deferred_real = module
        return module

    def __repr__(self) -> str:
        state = "imported" if self.__deferred_real is not None else "not imported yet"
        return f"<deferred module {self.__name__!r}, {state}>"


def defer(*names: str) -> None:
    """Import each of these top-level modules on first use (unless already imported)."""
    for name in names:
        if name not in sys.modules:
            sys.modules[name] = Deferred(name)


def loaded(name: str) -> types.ModuleType:
    """The real module `name`, imported now if it was deferred."""
    module = sys.modules.get(name) or importlib.import_module(name)
    return module.real() if isinstance(module, Deferred) else module


def is_imported(name: str) -> bool:
    """Whether the real module `name` has been imported (a deferred one not yet used: False)."""
    module = sys.modules.get(name)
    return module is not None and not (
        isinstance(module, Deferred) and module._Deferred__deferred_real is None
    )


class _WithoutNumpy(importlib.abc.Loader):
    """Runs a module's code while `import numpy` fails (see `openpyxl_without_numpy`)."""

    def __init__(self, loader: importlib.abc.Loader) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        saved = sys.modules.get("numpy")
        sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` raises
        try:
            self.loader.exec_module(module)
        finally:
            if saved is None:
                del sys.modules["numpy"]
            else:
                sys.modules["numpy"] = saved


class _OpenpyxlNumbers(importlib.abc.MetaPathFinder):
    """Finds `openpyxl.compat.numbers` as usual and has it run without numpy."""

    NAME = "openpyxl.compat.numbers"

    def find_spec(
        self, name: str, path: Any = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != self.NAME:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _WithoutNumpy(spec.loader)
        return spec


def openpyxl_without_numpy() -> None:
    """openpyxl imports numpy (a tenth of a second) only to take numpy's numbers as cell values;
    this project writes Python's own, and most sheets never need numpy: the rules decide them
    without it. So the module that asks for it (`openpyxl.compat.numbers`) runs as if numpy
    were not installed, wherever openpyxl is imported after this; with numpy deferred too, a
    run loads numpy only for a solver or a deduction that uses it. No-op once openpyxl is in."""
    if _OpenpyxlNumbers.NAME not in sys.modules and not any(
        isinstance(f, _OpenpyxlNumbers) for f in sys.meta_path
    ):
        sys.meta_path.insert(0, _OpenpyxlNumbers())
