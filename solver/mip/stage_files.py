"""The files of the three stages: `lp` writes the model as a CPLEX `.lp` file, `run-lp` solves
it (`solver.mip.backends.solve_lp_file`) and writes the answer as a SCIP-format `.sol` file,
and `read-solution` reads that back (`solver.pipeline.make_lp`, `run_lp`, `read_solution`).
The `.lp` file's first line is a comment that names the sheet and the puzzle it came from
(`HEADER`); the `.sol` file carries it on, so an answer is never read into a sheet whose
puzzle changed since."""

from __future__ import annotations

import re
from pathlib import Path

import pulp

from solver.mip.backends import check_stage_file
from solver.mip.settings import SolverError

HEADER = "puzzle-solver"


def lp_header(path: Path) -> str | None:
    """The `\\* puzzle-solver ... *\\` line that `write_lp` puts first, if any."""
    with open(path, encoding="utf-8") as fh:
        first = fh.readline().strip()
    m = re.fullmatch(r"\\\*\s*(puzzle-solver .*?)\s*\*\\", first)
    return m.group(1) if m else None


def write_lp(prob: pulp.LpProblem, path: Path, header: str) -> None:
    """CPLEX LP file with a first comment line saying where the model came from. A binary
    fixed by its bounds (a deduction) stays under Binaries, its value in Bounds (SCIP, HiGHS
    and CBC keep such a bound), so that a model with deductions differs from the formulation
    in its Bounds alone; PuLP would list it under Generals."""
    prob.writeLP(str(path))
    text = Path(path).read_text(encoding="utf-8")
    integer = [v for v in prob.variables() if v.cat == pulp.LpInteger]
    binary = [v for v in integer if {v.lowBound, v.upBound} <= {0, 1}]
    generals = [v.name for v in integer if v not in binary]
    head, end = text, "End\n"
    for section in ("Generals\n", "Binaries\n"):
        if section in head and "SOS\n" not in text:
            head = head[: head.index(section)]
    if head != text:
        tail = [("Generals", generals), ("Binaries", [v.name for v in binary])]
        head += "".join(
            f"{name}\n" + "".join(f"{n}\n" for n in names) for name, names in tail if names
        )
        text = head + end
    Path(path).write_text(f"\\* {header} *\\\n{text}", encoding="utf-8")


def write_sol(path: Path, values: dict[str, float], header: str | None) -> None:
    """A solution file in SCIP's format: objective line, then one line per nonzero variable."""
    lines = [f"# {header}"] if header else []
    lines.append(f"objective value: {0:>35}")
    for key in sorted(values, key=_natural):
        v = values[key]
        shown = round(v) if abs(v - round(v)) < 1e-9 else v
        lines.append(f"{key:<50} {shown:>2} \t(obj:0)")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_sol(path: Path) -> tuple[str | None, dict[str, float]]:
    """The header comment and the variable values of a SCIP-format `.sol` file."""
    if not path.exists():
        raise SolverError(f"no solution file {path}: run the 'run-lp' stage first")
    check_stage_file(path, "a .sol solution file")
    header, values = None, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            header = header or line[1:].strip()
            continue
        if not line.strip() or line.startswith(("objective value", "solution status")):
            continue
        parts = line.split()
        try:
            values[parts[0]] = float(parts[1])
        except (IndexError, ValueError):
            raise SolverError(f"{path}: not a SCIP solution line: {line!r}") from None
    return header, values


def _natural(key: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", key)]
