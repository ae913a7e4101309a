"""Check my answer, hints and forced cells (solver/check.py) on every genre's sample: the
solver's answer checks as correct, the answer with cells taken away as incomplete (and can be
completed), one wrong cell as wrong with the cells of the broken rule marked, and hints
followed to the end give a correct answer.

The genre's own share is `read_answer` (and its ANSWER_MARKS): the inverse of its `render`.

An answer drawn on cell borders (slitherlink) is erased as Excel's "No Border" does: the cell's
sides and its neighbours' sides facing it; a neighbour may then be left without any line, so the
cells counted as taken away are those that show nothing of the answer afterwards (for values and
fills, exactly the erased ones).
"""

from __future__ import annotations

import json

import pytest
from openpyxl.styles import Border, PatternFill

from solver import check, cli
from solver.batch import puzzle_sheets
from solver.blocks.values import normalize
from solver.genres import all_genres
from solver.io.drawn_lines import DRAWN_STYLES
from solver.io.shading import SHADE_MARKS
from solver.io.sheet.answer import MARK_DARK_FILL, MARK_FILL, RECORD_SHEET
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip.settings import Settings
from solver.pipeline import clear_sheet, solve_sheet

SLUGS = [g.slug for g in all_genres()]
SEVERAL = {"abc-place", "star-battle"}  # samples with several answers (test_samples' SEVERAL)
FAST = Settings(time_limit=60)


def solved(sample, slug: str) -> tuple[OpenpyxlBook, str, list]:
    book = OpenpyxlBook(sample(slug))
    sheet = puzzle_sheets(book, None)[0]
    res = solve_sheet(book, sheet, FAST)
    assert res.status == "solved", res.error
    return book, sheet, res.writes


def typed(book: OpenpyxlBook, sheet: str) -> list[list[object]]:
    ws = book.wb[sheet]
    return [[normalize(c.value) for c in row] for row in ws.iter_rows()]


SIDES = {"T": ("top", (-1, 0), "bottom"), "B": ("bottom", (1, 0), "top")}
SIDES |= {"L": ("left", (0, -1), "right"), "R": ("right", (0, 1), "left")}


def erase(book: OpenpyxlBook, sheet: str, write) -> None:
    """Take one answer cell away as a person would: its value and its fill (an answer drawn
    through the number format, country road's: the format), or its lines (its borders, and
    its neighbours' borders facing it, as Excel's No Border does). A given under a shading
    stays: a person who unshades one of hitori's numbers removes the fill, not the number."""
    ws = book.wb[sheet]
    cell = ws.cell(write.row + 1, write.col + 1)
    if write.number_format and write.value is None and not write.shade:
        cell.number_format = "General"
    elif write.value is not None or write.shade:
        if write.value is not None or cell.value in SHADE_MARKS:  # a shaded given keeps its text
            cell.value = None
        cell.fill = PatternFill()
    if write.borders:
        cell.border = Border()
        for _, (dr, dc), facing in SIDES.values():
            r, c = write.row + dr, write.col + dc
            if r >= 0 and c >= 0:
                near = ws.cell(r + 1, c + 1)
                near.border = Border(
                    **{
                        name: getattr(near.border, name)
                        for name in ("top", "bottom", "left", "right")
                        if name != facing
                    }
                )


def shows_nothing(book: OpenpyxlBook, sheet: str, write) -> bool:
    """Whether an answer cell shows nothing of the answer any more (no value, no fill, no drawn
    line on its sides, its own or its neighbours' facing ones: the thin grid is no answer)."""
    ws = book.wb[sheet]
    cell = ws.cell(write.row + 1, write.col + 1)
    if write.borders:
        for name, (dr, dc), facing in SIDES.values():
            r, c = write.row + dr, write.col + dc
            near = getattr(ws.cell(r + 1, c + 1).border, facing) if r >= 0 and c >= 0 else None
            own = getattr(cell.border, name)
            if _drawn(own) or _drawn(near):
                return False
        return True
    if write.number_format and write.value is None and not write.shade:
        return cell.number_format == "General"
    if write.shade and write.value is None:  # a shaded given (a room's number) keeps its text
        return cell.value not in SHADE_MARKS and cell.fill.fill_type is None
    return cell.value is None and cell.fill.fill_type is None


def shows_all(book: OpenpyxlBook, sheet: str, write) -> bool:
    """Whether an answer cell shows every line of the write (for other answers: not nothing)."""
    if not write.borders:
        return not shows_nothing(book, sheet, write)
    ws = book.wb[sheet]
    cell = ws.cell(write.row + 1, write.col + 1)
    for side in write.borders:
        name, (dr, dc), facing = SIDES[side]
        r, c = write.row + dr, write.col + dc
        near = getattr(ws.cell(r + 1, c + 1).border, facing) if r >= 0 and c >= 0 else None
        own = getattr(cell.border, name)
        if not (_drawn(own) or _drawn(near)):
            return False
    return True


def _drawn(side) -> bool:
    return side is not None and side.style in DRAWN_STYLES


def answer_cells(writes) -> list:
    return [w for w in writes if w.value is not None or w.shade or w.number_format or w.borders]


def erase_every(book: OpenpyxlBook, sheet: str, writes, step: slice) -> int:
    """Erase the answer cells writes[step]; how many answer cells show nothing afterwards."""
    for w in answer_cells(writes)[step]:
        erase(book, sheet, w)
    gone = [w for w in answer_cells(writes) if shows_nothing(book, sheet, w)]
    assert len(gone) >= len(answer_cells(writes)[step])
    return len(gone)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_solvers_answer_checks_correct(sample, slug):
    book, sheet, _ = solved(sample, slug)
    res = check.check_sheet(book, sheet, FAST)
    assert (res.verdict, res.problems, res.empty) == ("correct", [], 0), res.record()
    assert res.completable is True


@pytest.mark.parametrize("slug", SLUGS)
def test_an_answer_with_cells_taken_away_is_incomplete_and_can_be_completed(sample, slug):
    book, sheet, writes = solved(sample, slug)
    gone = erase_every(book, sheet, writes, slice(None, None, 3))
    res = check.check_sheet(book, sheet, FAST)
    assert res.verdict == "incomplete", res.record()
    assert res.completable is True
    assert res.empty == gone


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.slow
def test_hints_followed_to_the_end_give_the_answer(sample, slug):
    book, sheet, writes = solved(sample, slug)
    gone = erase_every(book, sheet, writes, slice(1, None, 2))
    partly = sum(not shows_all(book, sheet, w) for w in answer_cells(writes))
    hints = 0
    while (hint := check.hint_sheet(book, sheet, FAST)).status == "hint":
        assert len(hint.writes) == 1, hint.record()
        hints += 1
        assert hints <= partly
    if slug in SEVERAL and hint.status == "several":
        return  # the cells kept leave several answers (star battle's): hints stop there
    assert hint.status == "done", hint.record()
    # one hint per erased cell; on borders a hint draws a neighbour's side too, which may
    # complete that neighbour (or leave it for a hint of its own)
    on_borders = any(w.borders for w in writes)
    assert hints == gone if not on_borders else 0 < hints <= partly
    assert check.check_sheet(book, sheet, FAST).verdict == "correct"


@pytest.mark.parametrize("slug", [s for s in SLUGS if s not in SEVERAL])
def test_forced_cells_of_a_unique_puzzle_are_its_answer_in_two_solves(sample, slug):
    book = OpenpyxlBook(sample(slug))
    sheet = puzzle_sheets(book, None)[0]
    before = typed(book, sheet)
    res = check.hint_sheet(book, sheet, FAST, every=True, write=False)
    assert res.status == "hint" and res.solves == 2 and res.answers == 1
    assert typed(book, sheet) == before  # write=False writes nothing
    _, _, writes = solved(sample, slug)
    assert sorted(res.writes, key=lambda w: (w.row, w.col)) == sorted(
        answer_cells(writes), key=lambda w: (w.row, w.col)
    )


def test_a_wrong_digit_is_named_and_marked_and_clear_takes_the_marks_away(sample):
    book, sheet, writes = solved(sample, "sudoku")
    ws = book.wb[sheet]
    a, b = [w for w in writes if w.row == 0][:2]  # two answer digits of row 1
    ws.cell(1, a.col + 1).value, ws.cell(1, b.col + 1).value = b.value, b.value
    res = check.check_sheet(book, sheet, FAST)
    assert res.verdict == "wrong"
    where = f"{chr(65 + a.col)}1 and {chr(65 + b.col)}1"
    assert any(f"row 1: two {b.value}s, in {where}" == m for m, _ in res.problems)
    marked = ws.cell(1, a.col + 1)
    assert marked.fill.fgColor.rgb.endswith(MARK_FILL)
    res2 = check.check_sheet(book, sheet, FAST)  # checking again replaces the marks
    assert res2.problems == res.problems
    rows = list(book.wb[RECORD_SHEET].iter_rows(values_only=True))
    assert sum(r[7] == "check" for r in rows) == len(res.marks)
    clear_sheet(book, sheet)
    assert not marked.fill.fgColor.rgb.endswith(MARK_FILL)


def test_a_wrong_loop_is_named_with_its_cells(sample):
    book, sheet, _ = solved(sample, "masyu")
    ws = book.wb[sheet]
    blank = next(
        (r, c)
        for r in range(1, 11)
        for c in range(1, 11)
        if ws.cell(r, c).value is None and ws.cell(r, c + 1).value is None
    )
    ws.cell(*blank).value = "─"
    res = check.check_sheet(book, sheet, FAST)
    assert res.verdict == "wrong" and res.completable is False
    assert all(cells for _, cells in res.problems), res.problems


def test_a_marked_shaded_cell_stays_dark_and_reads_the_same(sample):
    book, sheet, writes = solved(sample, "bomber")
    ws = book.wb[sheet]
    bombs = [(w.row + 1, w.col + 1) for w in writes if w.shade]
    ws.cell(*bombs[0]).value = None  # one bomb moved by hand to a cell next to it
    ws.cell(*bombs[0]).fill = PatternFill()
    free = next(
        (r, c)
        for r in range(1, ws.max_row)
        for c in range(1, ws.max_column)
        if ws.cell(r, c).value is None and (r, c) != bombs[0]
    )
    ws.cell(*free).value = "#"
    res = check.check_sheet(book, sheet, FAST)
    assert res.verdict == "wrong" and res.marks
    again = check.check_sheet(book, sheet, FAST)
    assert again.problems == res.problems  # the marks do not change what the sheet shows
    dark = [w for w in res.marks if (w.row + 1, w.col + 1) in bombs[1:]]
    for w in dark:
        assert ws.cell(w.row + 1, w.col + 1).fill.fgColor.rgb.endswith(MARK_DARK_FILL)


def test_check_json_prints_one_object_per_sheet(sample, capsys):
    book, sheet, _ = solved(sample, "sudoku")
    book.save()
    code = cli.main(["check", str(book.path), "--json", "--no-mark"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert out == [
        {
            "book": book.path.name,
            "sheet": sheet,
            "genre": "sudoku",
            "verdict": "correct",
            "problems": [],
            "empty": 0,
            "completable": True,
            "error": None,
        }
    ]


def all_4x4_sudokus() -> list[tuple[tuple[int, ...], ...]]:
    """Every filled 4x4 sudoku (there are 288), by brute force."""
    from itertools import permutations

    rows = list(permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    g = (a, b, c, d)
                    cols_ok = all(len({g[r][k] for r in range(4)}) == 4 for k in range(4))
                    boxes_ok = all(
                        len({g[r][k] for r in (br, br + 1) for k in (bc, bc + 1)}) == 4
                        for br in (0, 2)
                        for bc in (0, 2)
                    )
                    if cols_ok and boxes_ok:
                        found.append(g)
    return found


@pytest.mark.parametrize("solver", ["highs", "scip"])
def test_forced_cells_of_a_puzzle_with_several_answers_are_what_they_all_share(solver):
    from solver.genres import genre_by_slug, sudoku

    every = all_4x4_sudokus()
    assert len(every) == 288
    givens = ((1, None, None, None), (None, None, 3, None), (None, None, None, None), (None,) * 4)
    fits = [
        g
        for g in every
        if all(v is None or g[r][c] == v for r, row in enumerate(givens) for c, v in enumerate(row))
    ]
    assert len(fits) > 1
    shared = {
        (r, c): fits[0][r][c]
        for r in range(4)
        for c in range(4)
        if givens[r][c] is None and all(g[r][c] == fits[0][r][c] for g in fits)
    }
    found = check.forced(genre_by_slug("sudoku"), sudoku.Puzzle(givens), Settings(solver), None)
    assert found.answers > 1
    assert {(w.row, w.col): w.value for w in found.writes} == shared
    assert found.solves <= 8


def test_a_hint_names_a_filled_cell_that_no_answer_has(sample):
    book = OpenpyxlBook(sample("masyu"))
    ws = book.wb["masyu"]
    ws["B2"] = "|"  # every answer has no line here going up and down
    res = check.hint_sheet(book, "masyu", FAST)
    assert res.status == "wrong" and res.message.startswith("B2 does not fit")
    assert [(w.row, w.col, w.mark) for w in res.writes] == [(1, 1, True)]
    ws["B2"] = None
    assert check.hint_sheet(book, "masyu", FAST).status == "hint"
    clear_sheet(book, "masyu")
    assert ws["B2"].fill.fgColor.rgb in (None, "00000000")


USERS_FILL = "000000"  # a dark fill a person gave a cell with Excel's fill tool


@pytest.mark.parametrize(
    "slug, kind, after",
    [
        ("yajilin", "white", None),  # a loop cell: the fill is taken off while the answer shows
        ("yajilin", "shaded", "404040"),  # the answer's own fill over it
        ("yajilin", "clue", USERS_FILL),  # a clue is never shaded: Check does not read it
        ("bomber", "white", None),
        ("bomber", "shaded", "404040"),
        ("bomber", "clue", None),  # a fill on a number reads as a bomb there: taken off
        ("nurikabe", "white", None),  # a cell of an island
        ("nurikabe", "shaded", "404040"),
        ("nurikabe", "clue", USERS_FILL),
    ],
)
@pytest.mark.slow
def test_a_dark_fill_the_user_left_never_shows_as_part_of_the_answer(
    sample, capsys, slug, kind, after
):
    """Solving reads only the givens; a dark fill a person left on a cell reads as shaded (for
    Check), so it must not stay where the answer leaves the cell unshaded. The solved sheet
    checks as correct, solving again keeps it so, and Clear gives the person's fill back."""
    from openpyxl.styles import Font

    path = sample(slug)
    book = OpenpyxlBook(path)
    sheet = puzzle_sheets(book, None)[0]
    res = solve_sheet(book, sheet, FAST, write=False)
    shaded = {tuple(cell) for cell in res.answer["shaded"]}
    givens = typed(book, sheet)
    cells = [(r, c) for r in range(res.answer["rows"]) for c in range(res.answer["cols"])]
    r, c = next(
        (r, c)
        for r, c in cells
        if {
            "white": (r, c) not in shaded and givens[r][c] is None,
            "shaded": (r, c) in shaded,
            "clue": givens[r][c] is not None,
        }[kind]
    )
    cell = book.wb[sheet].cell(r + 1, c + 1)
    cell.fill = PatternFill("solid", fgColor="FF" + USERS_FILL)
    cell.font = Font(color="FFFFFFFF")  # white text on the dark fill
    book.save()

    for _ in range(2):  # solving again on the solved sheet too
        assert cli.main(["solve", str(path), "--in-place", "--no-unique"]) == 0
        assert cli.main(["check", str(path), "--no-mark"]) == 0
        assert "correct: the answer is complete" in capsys.readouterr().out
        look = OpenpyxlBook(path).sheet(sheet).get_style(r + 1, c + 1)
        assert look.fill_color == after
        if after is None and givens[r][c] is not None:
            assert look.font_color is None  # the number stays readable without its fill
    assert cli.main(["clear", str(path)]) == 0
    look = OpenpyxlBook(path).sheet(sheet).get_style(r + 1, c + 1)
    assert (look.fill_color, look.font_color) == (USERS_FILL, "FFFFFF")


@pytest.mark.parametrize("slug", [g.slug for g in all_genres() if g.answer_fills])
def test_a_grid_filled_dark_all_over_checks_correct_once_solved(sample, slug):
    """Every genre whose answer is dark fills: with every cell of the grid filled dark
    beforehand, the solved sheet checks as correct (the fills on cells the answer leaves
    unshaded are taken off, those Check does not read as shading stay) and Clear gives every
    fill back."""
    book = OpenpyxlBook(sample(slug))
    sheet = puzzle_sheets(book, None)[0]
    answer = solve_sheet(book, sheet, FAST, write=False).answer
    rows, cols = answer["rows"], answer["cols"]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            book.wb[sheet].cell(r, c).fill = PatternFill("solid", fgColor="FF" + USERS_FILL)
    assert solve_sheet(book, sheet, FAST).status == "solved"
    assert check.check_sheet(book, sheet, FAST, mark=False).verdict == "correct"
    clear_sheet(book, sheet)
    looks = {
        book.sheet(sheet).get_style(r, c).fill_color
        for r in range(1, rows + 1)
        for c in range(1, cols + 1)
    }
    assert looks == {USERS_FILL}
