"""ABC End View from the puzzlekit dataset: `rows cols last-letter`, the clues seen from the
top, bottom, left and right (one line each, `-` none), then the grid (`-` empty, or a given
letter); typed as the frame block with the letters' range in the corner (`A-D`)."""

from __future__ import annotations

from solver.blocks.values import Value

DATASET = "ABCEndView"


def _letter(t: str) -> str | None:
    return None if t == "-" else t.upper()


def cells(problem: str) -> list[list[Value]]:
    lines = problem.strip().split("\n")
    rows, cols, last = lines[0].split()
    rows, cols = int(rows), int(cols)
    top, bottom, left, right = ([_letter(t) for t in line.split()] for line in lines[1:5])
    grid = [[_letter(t) for t in line.split()] for line in lines[5 : 5 + rows]]
    out: list[list[Value]] = [[f"A-{last.upper()}", *top, None]]
    out += [[left[i], *grid[i], right[i]] for i in range(rows)]
    out.append([None, *bottom, None])
    return out


def expected(solution: str) -> dict:
    lines = solution.strip().split("\n")[1:]
    return {"letters": [[_letter(t) for t in line.split()] for line in lines]}
