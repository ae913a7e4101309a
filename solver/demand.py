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

openpyxl, which every run imports, does work at import that few sheets need
(`openpyxl_on_demand`): numpy for numpy's numbers as cell values, Pillow for pictures in a book,
and Excel's built-in cell styles parsed from XML.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import threading
import types
from collections.abc import Iterator, Mapping
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
    """Import each of these modules on first use (unless already imported). For a submodule
    (`PIL.Image`) the package itself is imported now and holds the stand-in, so both `from PIL
    import Image` and `import PIL.Image` bind it."""
    for name in names:
        if name not in sys.modules:
            stand_in = sys.modules[name] = Deferred(name)
            package, _, leaf = name.rpartition(".")
            if package:
                setattr(importlib.import_module(package), leaf, stand_in)


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
    """Runs a module's code while `import numpy` fails (see `openpyxl_on_demand`)."""

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


class _BuiltinStylesOnDemand(importlib.abc.Loader):
    """Runs `openpyxl.styles.builtins` (Excel's built-in cell styles, about fifty parsed from XML
    at import: a fiftieth of a second) when one of them is first asked for: its `styles` is a
    mapping that runs the module then, and its other names are read from the module run."""

    def __init__(self, spec: importlib.machinery.ModuleSpec) -> None:
        self.spec = spec
        self.real: types.ModuleType | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        module.styles = _BuiltinStyles(self)  # type: ignore[attr-defined]
        module.__getattr__ = lambda name: getattr(self.module(), name)  # type: ignore[attr-defined]

    def module(self) -> types.ModuleType:
        with _lock:
            if self.real is None:
                real = importlib.util.module_from_spec(self.spec)
                assert self.spec.loader is not None
                self.spec.loader.exec_module(real)
                self.real = real
        return self.real


class _BuiltinStyles(Mapping[str, Any]):
    """openpyxl's `styles.builtins.styles`, made on first use (`_BuiltinStylesOnDemand`). openpyxl
    reads it where a book names no style of its own, or a cell's style is set by a built-in name."""

    def __init__(self, loader: _BuiltinStylesOnDemand) -> None:
        self.loader = loader

    def _styles(self) -> Mapping[str, Any]:
        return self.loader.module().styles

    def __getitem__(self, name: str) -> Any:
        return self._styles()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._styles())

    def __len__(self) -> int:
        return len(self._styles())


class _OpenpyxlOnDemand(importlib.abc.MetaPathFinder):
    """Finds openpyxl's modules that do costly work at import as usual, and has them run as
    `openpyxl_on_demand` says."""

    def find_spec(
        self, name: str, path: Any = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in _ON_DEMAND:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        if name == _NUMBERS:
            spec.loader = _WithoutNumpy(spec.loader)
        else:
            found = importlib.machinery.ModuleSpec(name, spec.loader, origin=spec.origin)
            spec.loader = _BuiltinStylesOnDemand(found)
        return spec


_NUMBERS, _BUILTINS = "openpyxl.compat.numbers", "openpyxl.styles.builtins"
_ON_DEMAND = (_NUMBERS, _BUILTINS)


def openpyxl_on_demand() -> None:
    """openpyxl's import, without what few runs need:
    - numpy (a tenth of a second), which openpyxl imports only to take numpy's numbers as cell
      values: this project writes Python's own, and most sheets never need numpy (the rules
      decide them without it). So `openpyxl.compat.numbers` runs as if numpy were not
      installed; with numpy deferred too, a run loads numpy only for a solver or a deduction
      that uses it.
    - Pillow (a twentieth of a second), which openpyxl imports to read the pictures a book
      holds: `PIL.Image` is deferred, so only a book with pictures (or a picture of an answer)
      loads it.
    - Excel's built-in cell styles, parsed at import: made on first use
      (`_BuiltinStylesOnDemand`).
    No-op once openpyxl is in."""
    if "openpyxl" in sys.modules:
        return
    if not any(isinstance(f, _OpenpyxlOnDemand) for f in sys.meta_path):
        sys.meta_path.insert(0, _OpenpyxlOnDemand())
    defer("PIL.Image")
