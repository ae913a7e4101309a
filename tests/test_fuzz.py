"""Fuzzing: the sample puzzles of every genre, damaged at random (seeded, so each run repeats),
go through the pipeline and the command line. Whatever a person may type or do to a sheet, the
result is a status and a message naming the sheet, never a traceback; and every answer called
`solved` passes the genre's own rule check.

Damage: a random value in a random cell (numbers, negative, huge, fractions, NaN, text, glyphs,
formulas, array formulas, dates, TRUE/FALSE, long text, line breaks, invisible characters),
merged cells, the sentinel deleted or moved, a stray cell in the sentinel's row or column; some
after a first solve (then solving again and clearing), some with the hidden record sheet of that
solve damaged too. The command line gets damaged books as well.
"""

from __future__ import annotations

import datetime
import random
import shutil
import traceback
from pathlib import Path

import pytest
from conftest import WORKBOOKS
from openpyxl.worksheet.formula import ArrayFormula

from solver import cli
from solver.genres import genre_for_sheet
from solver.io.sheet import InputError
from solver.io.sheet.answer import RECORD_SHEET
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, make_lp, read_puzzle, read_solution, run_lp, solve_sheet

pytestmark = [
    pytest.mark.slow,
    # openpyxl's keep_vba copy of the archive is a ZipFile over a BytesIO that it never closes
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]

SAMPLES = sorted(WORKBOOKS.glob("*.xlsx"))
STATUSES = {"solved", "infeasible", "timeout", "error"}
SETTINGS = Settings(time_limit=1.0)
GLYPHS = "●○■□─│┌┐└┘┼═║╴╶╵╷←→↑↓氷~?#+*-|xo"
TEXTS = ["x", "?", "A", "AA", "A4", "4A", "2↓", "↑3", "→", "IN", "OUT", "UR", "every point", "E"]


def random_value(rng: random.Random) -> object:
    kind = rng.randrange(16)
    if kind == 0:
        return rng.randint(0, 9)
    if kind == 1:
        return rng.randint(-5, -1)
    if kind == 2:
        return rng.choice([10**6, 2**63, 10**20, 10**400])
    if kind == 3:
        return rng.choice([2.5, -0.5, 1e300, float("nan"), float("inf"), 3.0])
    if kind == 4:
        return rng.choice(GLYPHS)
    if kind == 5:
        return rng.choice(TEXTS)
    if kind == 6:
        return rng.choice(["=A1", "=1+1", '="x"', "=#REF!"])
    if kind == 7:
        return ArrayFormula("A1:A1", "=SUM(B1:B2)")
    if kind == 8:
        return rng.choice([datetime.datetime(2024, 1, 2, 3, 4), datetime.date(2024, 2, 3)])
    if kind == 9:
        return rng.choice([True, False])
    if kind == 10:
        return rng.choice(["x" * 5000, "1" * 5000, "●" * 300])
    if kind == 11:
        return rng.choice(["a\tb", "\t", " ", "", "1\n2", "\u200b", "\u202e1"])
    if kind == 12:
        return str(rng.randint(0, 99))
    if kind == 13:
        return rng.choice(["１２", "３", "Ａ"])
    if kind == 14:
        return None
    return rng.choice(GLYPHS) + str(rng.randint(0, 9))


def mutate(rng: random.Random, ws) -> list[str]:
    """Damage the sheet at random; returns what was done (for a failing case's report)."""
    done = []
    rows, cols = ws.max_row, ws.max_column  # the sentinel's cell
    given = [(c.row, c.column) for line in ws.iter_rows() for c in line if c.value is not None]
    for _ in range(rng.choice([1, 1, 2])):
        r, c = rng.randint(1, max(1, rows - 1)), rng.randint(1, max(1, cols - 1))
        cell = ws.cell(r, c)
        if type(cell).__name__ == "MergedCell":
            continue
        kind = rng.choices(range(8), weights=[25, 20, 25, 8, 5, 5, 5, 7])[0]
        if kind == 0:  # a value the sheet holds elsewhere: plausible, so often solvable
            v = ws.cell(*rng.choice(given)).value
        elif kind == 1:
            v = None
        elif kind == 2:
            v = random_value(rng)
            if rng.random() < 0.5:  # in place of a given
                r, c = rng.choice(given[:-1] or given)
        elif kind == 3 and rows > 2 and cols > 2:
            r2, c2 = min(r + rng.randint(0, 1), rows - 1), min(c + rng.randint(1, 2), cols)
            ws.merge_cells(start_row=r, start_column=c, end_row=r2, end_column=c2)
            done.append(f"merged {cell.coordinate} to row {r2}, column {c2}")
            continue
        elif kind == 4:
            r, c, v = rows, cols, None  # the sentinel deleted
        elif kind == 5:  # a stray cell in the sentinel's row or column
            r, c, v = (rows, c, "y") if rng.random() < 0.5 else (r, cols, "y")
        elif kind == 6:  # a second sentinel further out
            r, c, v = rows + rng.randint(0, 2), cols + rng.randint(1, 2), "s"
        else:  # two cells swapped
            r2, c2 = rng.randint(1, max(1, rows - 1)), rng.randint(1, max(1, cols - 1))
            other = ws.cell(r2, c2)
            if type(other).__name__ == "MergedCell":
                continue
            cell.value, other.value = other.value, cell.value
            done.append(f"swapped {cell.coordinate} and {other.coordinate}")
            continue
        target = ws.cell(r, c)
        if type(target).__name__ != "MergedCell":
            target.value = v
            done.append(f"{target.coordinate} = {v!r:.40}")
    return done


def damage_record(rng: random.Random, book: OpenpyxlBook) -> list[str]:
    """Random values in the hidden record sheet, rows deleted or added."""
    ws = book.wb[RECORD_SHEET]
    done = []
    for _ in range(rng.randint(1, 4)):
        r, c = rng.randint(1, ws.max_row + 1), rng.randint(1, 8)
        if rng.random() < 0.2:
            ws.delete_rows(r)
            done.append(f"record row {r} deleted")
            continue
        v = random_value(rng)
        ws.cell(r, c).value = v
        done.append(f"record {ws.cell(r, c).coordinate} = {v!r:.40}")
    return done


def check(book: OpenpyxlBook, sheet: str, res) -> None:
    assert res.status in STATUSES
    if res.error:
        assert f"sheet '{sheet}'" in res.error or res.status != "error", res.error
        assert len(res.error) < 500 and " object at 0x" not in res.error, res.error
    if res.status == "solved":
        genre, _, puzzle = read_puzzle(book, sheet)
        assert genre.verify(puzzle, res.outcome.answer) == []


def run_case(seed: int, folder: Path, record_damage: bool = False) -> None:
    """One damaged sample through the pipeline; a failure names the seed and the damage."""
    rng = random.Random(seed)
    source = rng.choice(SAMPLES)
    path = folder / source.name
    shutil.copy(source, path)
    book = OpenpyxlBook(path)
    sheet = next(s for s in book.sheet_names() if genre_for_sheet(s))
    done = []
    try:
        if record_damage or rng.random() < 0.2:  # an answer already on the sheet
            check(book, sheet, solve_sheet(book, sheet, SETTINGS, check_unique=False))
        if record_damage and RECORD_SHEET in book.wb.sheetnames:
            done += damage_record(rng, book)
        done += mutate(rng, book.wb[sheet])
        form = Settings(time_limit=1.0, connectivity=rng.choice(["default", "complete", "lazy"]))
        check(book, sheet, solve_sheet(book, sheet, form, check_unique=rng.random() < 0.5))
        if rng.random() < 0.3:  # stage 1: the complete form, written out
            try:
                make_lp(book, sheet, folder / "m.lp")
            except InputError as exc:
                assert f"sheet '{sheet}'" in str(exc)
        if rng.random() < 0.2:
            clear_sheet(book, sheet)
    except Exception:
        pytest.fail(f"seed {seed}, {source.name} [{sheet}], {done}:\n{traceback.format_exc()}")


@pytest.mark.parametrize("block", range(6))
@pytest.mark.slow
def test_damaged_sheets_give_a_status_and_a_message(tmp_path, block):
    for seed in range(block * 100, block * 100 + 100):
        run_case(seed, tmp_path)


@pytest.mark.slow
def test_a_damaged_record_sheet_costs_nothing(tmp_path):
    """The hidden record sheet of an earlier answer, damaged, then the sheet too: solving again
    and clearing still give a status and a message."""
    for seed in range(1000, 1150):
        run_case(seed, tmp_path, record_damage=True)


ODD_VALUES = [
    10**400,
    2**63,
    -3,
    1e300,
    float("nan"),
    float("inf"),
    2.5,
    True,
    "=A1",
    ArrayFormula("A1:A1", "=1"),
    datetime.datetime(2024, 1, 2),
    datetime.time(3, 4),
    "x" * 5000,
    "1" * 5000,
    "A" + "9" * 30,
    "9" * 30 + "→",
    "０",
    "\u200b",
    "1\n2",
    "●" * 40,
    "#N/A",
]


@pytest.mark.parametrize("source", SAMPLES, ids=lambda p: p.stem)
def test_odd_values_in_a_given_and_an_empty_cell(tmp_path, source):
    path = tmp_path / source.name
    shutil.copy(source, path)
    sheet = next(s for s in OpenpyxlBook(path).sheet_names() if genre_for_sheet(s))
    ws = OpenpyxlBook(path).wb[sheet]
    givens = [(c.row, c.column) for line in ws.iter_rows() for c in line if c.value is not None]
    inside = [(r, c) for r in range(1, ws.max_row) for c in range(1, ws.max_column)]
    empty = next((rc for rc in inside if ws.cell(*rc).value is None), givens[1])  # or another
    for value in ODD_VALUES:
        for rc in (givens[0], empty):
            book = OpenpyxlBook(path)
            book.wb[sheet].cell(*rc).value = value
            try:
                check(book, sheet, solve_sheet(book, sheet, SETTINGS))
            except Exception:
                pytest.fail(f"{value!r:.40} in {rc}:\n{traceback.format_exc()}")


@pytest.mark.parametrize("seed", range(2000, 2014))
def test_damaged_books_through_the_command_line(tmp_path, capsys, seed):
    """The commands a person runs, in process, on a damaged copy of a sample."""
    rng = random.Random(seed)
    source = SAMPLES[seed % len(SAMPLES)]
    path = tmp_path / source.name
    book = OpenpyxlBook(shutil.copy(source, path))
    sheet = next(s for s in book.sheet_names() if genre_for_sheet(s))
    done = mutate(rng, book.wb[sheet])
    book.save()
    out = tmp_path / "out"
    for args in (
        ["solve", str(path), "--out", str(out), "--jobs", "1", "--time-limit", "1", "--json"],
        ["lp", str(path), "-o", str(tmp_path / "m.lp")],
        ["clear", str(out / source.name) if (out / source.name).exists() else str(path)],
        ["genres", sheet],
    ):
        try:
            code = cli.main(args)
        except SystemExit as exc:  # a message for the person, not a traceback
            code = 2 if isinstance(exc.code, str) else exc.code
        except Exception:
            pytest.fail(f"seed {seed}, {source.name}, {done}, {args}:\n{traceback.format_exc()}")
        assert code in (0, 1, 2, 3), (args, done)  # 3: a book that cannot be saved, said so
        assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("source", SAMPLES, ids=lambda p: p.stem)
def test_a_tampered_solution_file_is_refused_in_words(tmp_path, source):
    """Stage 3 on a .sol file changed by hand: lines dropped, values flipped, names unknown to
    the model, garbage. The answer is written only when it passes the rules."""
    rng = random.Random(source.stem)
    path = shutil.copy(source, tmp_path / source.name)
    sheet = next(s for s in OpenpyxlBook(path).sheet_names() if genre_for_sheet(s))
    lp, sol = tmp_path / "m.lp", tmp_path / "m.sol"
    make_lp(OpenpyxlBook(path), sheet, lp)
    assert run_lp(lp, sol, Settings()) == "solved"
    lines = sol.read_text(encoding="utf-8").splitlines()
    head, body = lines[:2], lines[2:]
    for _ in range(12):
        changed = list(body)
        k = rng.randrange(len(changed))
        kind = rng.randrange(5)
        if kind == 0:
            del changed[k]
        elif kind == 1:
            name = changed[k].split()[0]
            changed[k] = f"{name} {rng.choice(['0', '2', '-1', '0.5', '1e9', 'nan'])} \t(obj:0)"
        elif kind == 2:
            changed.append("zz(1,1) 1 \t(obj:0)")
        elif kind == 3:
            changed.insert(k, rng.choice(["garbage", "x(1", "  \t ", "b(1,1)"]))
        else:
            changed = changed[: len(changed) // 2]
        sol.write_text("\n".join(head + changed) + "\n", encoding="utf-8")
        book = OpenpyxlBook(path)
        try:
            res = read_solution(book, sheet, sol)
        except Exception:
            pytest.fail(f"{source.name}, damage {kind} at line {k}:\n{traceback.format_exc()}")
        assert res.status in ("solved", "error"), res.status
        if res.status == "error":  # a solved one passed the rules inside read_solution
            assert len(res.error) < 600 and "(0, " not in res.error, res.error
