"""The CBC binary that PuLP bundles, run as a child process on a model file (always there,
no install step), and its answer file read."""

from __future__ import annotations

import contextlib
import tempfile
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pulp

from solver import limits
from solver.mip.settings import Settings, SolverError

if TYPE_CHECKING:
    import subprocess


def _path() -> str:
    with warnings.catch_warnings():  # PuLP 3.3 warns that 4.0 unbundles CBC; we pin <4
        warnings.simplefilter("ignore", DeprecationWarning)
        return pulp.PULP_CBC_CMD(msg=False).path


def run(
    model: Path, s: Settings, deadline: float | None
) -> tuple[bool, bool, dict[str, float]] | None:
    """Run PuLP's bundled CBC on a model file (.mps or .lp) by the deadline: (an answer was
    found, infeasibility was proven, the variable values by the file's names), or None when
    CBC was killed at the deadline. CBC's own time limit does not cover all of its root
    processing (on a 30x30 numberlink it runs for minutes past it), so the child process is
    killed CBC_KILL_GRACE after the deadline; it is killed too when Python is interrupted. Its
    files go in a temporary folder that is always removed."""
    left = limits.remaining(deadline)
    if left is not None and left <= 0:  # writing the model file used up the time
        return None
    import subprocess  # here: only CBC runs as a process, and it is slow to import

    with tempfile.TemporaryDirectory(prefix="puzzle-solver-cbc-") as tmp:
        sol = Path(tmp) / "model.sol"
        cmd = [_path(), str(model)]
        if left is not None:
            cmd += ["sec", f"{left:.3f}", "timeMode", "elapsed"]
        if s.threads:
            cmd += ["threads", str(s.threads)]
        cmd += ["solve", "solu", str(sol)]
        proc = None
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # in our process group, so that whatever kills the group kills CBC too
            proc.wait(None if left is None else left + limits.CBC_KILL_GRACE)
        except subprocess.TimeoutExpired:
            return None
        except OSError as exc:  # the bundled binary missing or not executable
            raise SolverError(f"cannot run CBC ({cmd[0]}): {exc.strerror or exc}") from None
        finally:
            if proc is not None and proc.poll() is None:
                _kill(proc)
        if not sol.exists():
            raise SolverError(f"CBC stopped (exit code {proc.returncode}) without an answer file")
        return read_solution(sol.read_text())


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill a child process (CBC runs as one process) and reap it."""
    with contextlib.suppress(ProcessLookupError):
        proc.kill()
    proc.wait()


def read_solution(text: str) -> tuple[bool, bool, dict[str, float]]:
    """CBC's `solu` file: a status line (`Optimal - objective value 0`, `Stopped on time -
    objective value 0` with an integer answer, `Stopped on time (no integer solution -
    continuous used)`, `Infeasible`, `Integer infeasible`) and `index name value reduced-cost`
    lines for the nonzero variables."""
    lines = text.splitlines()
    first = lines[0] if lines else ""
    found = first.startswith("Optimal") or (
        first.startswith("Stopped") and "no integer solution" not in first
    )
    values = {}
    for line in lines[1:] if found else []:
        parts = line.replace("**", "").split()
        if len(parts) >= 3:
            values[parts[1]] = float(parts[2])
    return found, "infeasible" in first.lower(), values
