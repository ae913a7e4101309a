"""noqx (T0nyX1ang/noqx: a genre per Answer Set Program on clingo) timed beside this project, in
the same run, on the same puzzle: the peer of `benchmarks.benchmark_puzzlekit --noqx`.

noqx runs in a process of its own, with its own Python (clingo is not a dependency of this
project): `python -m venv V && V/bin/pip install clingo`, and a checkout of noqx as ROOT. The
worker loads noqx's solvers once, then for each puzzle times noqx's `run_solver` (its whole
span: reading the penpa-edit link, the program, grounding, the search, the answers written back)
asked for two answers, so that one answer is noqx's proof of uniqueness, as ours is. Each of
the genre's parameters is its default, as noqx's page sends it: a checkbox as a boolean (a
string "False" would switch it on), any other field as its text.

The puzzle goes to noqx as the penpa-edit link this project writes for the sheet
(`solver.io.penpa_genres`). That is a link to solve (`m=solve`), with no answer board; noqx
reads edit links (`m=edit`), whose fifth part is the answer board, so the bridge gives it an
empty one.
"""

from __future__ import annotations

import base64
import json
import select
import subprocess
import zlib
from pathlib import Path
from typing import Any

WORKER = r"""
import json, logging, pkgutil, sys, time
sys.path.insert(0, ".")
logging.disable(logging.CRITICAL)
from noqx.clingo import Config, run_solver
from noqx.manager import list_solver_metadata, load_solver
for info in pkgutil.iter_modules(["solver"]):
    load_solver("solver", info.name)
meta = list_solver_metadata()
print(json.dumps(sorted(meta)), flush=True)
Config.max_solutions_to_find = 2
for line in sys.stdin:
    ask = json.loads(line)
    Config.time_limit = ask["limit"]
    params = {
        k: v["default"] if isinstance(v["default"], bool) else str(v["default"])
        for k, v in meta[ask["name"]].get("parameters", {}).items()
    } | ask["params"]
    start = time.perf_counter()
    try:
        found = len(run_solver(ask["name"], ask["data"], params)["url"])
        out = {"seconds": time.perf_counter() - start, "answers": found}
    except TimeoutError:
        out = {"seconds": time.perf_counter() - start, "error": "timeout"}
    except Exception as exc:
        out = {"seconds": time.perf_counter() - start, "error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out), flush=True)
"""


# genres that noqx solves as a variant of another: its sudoku reads penpa's killer cages
VARIANT_OF = {"killer-sudoku": "sudoku"}
NOT_IN_NOQX = "no such genre in noqx"  # a genre none of whose names noqx has


def parameters(slug: str, puzzle: Any) -> dict[str, Any]:
    """The noqx parameters a puzzle sets, as noqx's page sends them: where noqx's genre takes
    from a field what the link does not tell it (star battle's count of stars, the letters of
    easy as abc, battleship's fleet), or where noqx's default rule is not this genre's
    (numberlink)."""
    if slug == "star-battle":
        return {"stars": str(puzzle.stars)}
    if slug == "abc-place":  # the letters used, which penpa writes as a long text
        return {"letters": "".join(chr(ord("A") + k) for k in range(puzzle.letters))}
    if slug == "battleship":  # the fleet, as noqx's shape set: a ship of n cells is n 1s
        lengths = sorted(set(puzzle.fleet), reverse=True)
        return {"shapeset": [{"shape": "1" * n, "count": puzzle.fleet.count(n)} for n in lengths]}
    if slug == "numberlink":  # this genre's rule, Nikoli's and janko's: cells may stay empty
        return {"visit_all": False, "no_2x2": False}  # (noqx's defaults use every cell)
    return {}


GRACE = 10.0  # seconds past the limit before a worker that has not answered is stopped


class Noqx:
    """A noqx worker process: `time(names, link, limit)` for each puzzle. noqx checks its time
    limit only once clingo has finished, so a search that runs on is stopped here: the worker
    is ended after the limit (and a grace) and a new one started."""

    def __init__(self, root: Path, python: str) -> None:
        self.root, self.python = root, python
        self.proc = self._start()
        assert self.proc.stdout is not None
        self.solvers = set(json.loads(self.proc.stdout.readline()))

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(
            [self.python, "-c", WORKER],
            cwd=self.root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def solver_for(self, names: list[str]) -> str | None:
        """noqx's name of a genre: the first of its names (slug, puzz.link ids) noqx has, or
        the noqx genre that holds it as a variant."""
        for name in [*names, *(VARIANT_OF[n] for n in names if n in VARIANT_OF)]:
            for spelling in (name, name.replace("-", ""), name.replace("-", "_")):
                if spelling in self.solvers:
                    return spelling
        return None

    def time(
        self, name: str, link: str, limit: float, params: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """noqx's seconds and count of answers (at most 2), or its error. params: the
        genre's parameters that the puzzle sets (`parameters`), the others at their
        defaults."""
        ask = {"name": name, "data": edit_link(link), "limit": limit, "params": params or {}}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(ask) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], limit + GRACE)
        if ready:
            return json.loads(self.proc.stdout.readline())
        self.proc.kill()
        self.proc.wait()
        self.proc = self._start()
        assert self.proc.stdout is not None
        self.proc.stdout.readline()  # its list of genres
        return {"seconds": limit, "error": "timeout (stopped)"}

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def edit_link(link: str) -> str:
    """A penpa-edit solve link as the edit link noqx reads: `m=edit&p=...`, with an empty
    answer board where the solve link has none, and without penpa's long texts (number
    submode 8: a note to the solver, as easy as abc's range of letters, which noqx would read
    as a clue; noqx takes the letters from its parameter)."""
    from solver.io.penpa import abbreviate, expand

    data = link.split("p=", 1)[1].split("&", 1)[0]
    parts = zlib.decompress(base64.b64decode(data), -15).decode().split("\n")
    question = json.loads(expand(parts[3]))
    numbers = question.get("number") or {}
    notes = [k for k, v in numbers.items() if isinstance(v, list) and v[2:3] == ["8"]]
    if notes:
        question["number"] = {k: v for k, v in numbers.items() if k not in notes}
        parts[3] = abbreviate(json.dumps(question, separators=(",", ":"), ensure_ascii=False))
    if len(parts) > 4 and not parts[4].strip():
        parts[4] = _empty_board(parts[3])
    packed = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packed.compress("\n".join(parts).encode()) + packed.flush()
    return "m=edit&p=" + base64.b64encode(body).decode()


def _empty_board(question: str) -> str:
    """The question board's fields, each empty (the board keeps penpa's abbreviated keys)."""
    keys = [k.split(":", 1)[0] for k in _top_level(question.strip()[1:-1])]
    return "{" + ",".join(f"{k}:{{}}" for k in keys) + "}"


def _top_level(body: str) -> list[str]:
    """The top-level `key:value` items of a JSON-like object body (penpa's abbreviated keys
    are not quoted, so it is not JSON)."""
    items, depth, start, quoted = [], 0, 0, False
    for i, ch in enumerate(body):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "{[":
            depth += 1
        elif not quoted and ch in "}]":
            depth -= 1
        elif not quoted and ch == "," and depth == 0:
            items.append(body[start:i])
            start = i + 1
    if body[start:].strip():
        items.append(body[start:])
    return items
