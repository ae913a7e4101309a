"""The command line as a user runs it: batch solve with JSON records, the stages, import."""

from __future__ import annotations

import json
import zipfile

import pytest

from solver.cli import main
from solver.genres import all_genres
from solver.io.sheet.openpyxl_book import OpenpyxlBook

RECORD_KEYS = {
    "book",
    "conflict",
    "deduced",
    "sheet",
    "genre",
    "status",
    "timings",
    "unique",
    "seconds",
    "solver",
    "error",
    "note",
    "answer",
}


def test_solve_folder_json_records(books, capsys):
    assert main(["solve", str(books), "--json", "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["sheet"] for r in records] == ["bomber", "sudoku"]
    for r in records:
        assert set(r) == RECORD_KEYS
        assert r["status"] == "solved" and r["unique"] is True and r["error"] is None
        assert r["solver"] == "highs" and r["seconds"] > 0
        steps = r["timings"]
        assert list(steps) == ["read", "deduce", "build", "solve", "proof", "write"]
        assert all(t >= 0 for t in steps.values()) and sum(steps.values()) <= r["seconds"] + 1e-3
    assert records[0]["answer"]["cells"][0] == [1, 2, "●", "", 1]
    assert records[1]["answer"]["numbers"][0] == [5, 3, 6, 8, 2, 7, 9, 4, 1]
    assert "book" in err and "solved" in err  # the summary table goes to stderr with --json
    solved = OpenpyxlBook(books / "solved" / "bomber.xlsx")
    assert solved.wb["bomber"]["C1"].value == "●"
    assert OpenpyxlBook(books / "bomber.xlsx").wb["bomber"]["C1"].value is None  # input untouched


def test_solve_in_place_with_another_solver(books, capsys):
    assert main(["solve", str(books / "bomber.xlsx"), "--in-place", "--solver", "scip"]) == 0
    assert OpenpyxlBook(books / "bomber.xlsx").wb["bomber"]["C1"].value == "●"
    assert "bomber.xlsx  bomber  bomber  solved  yes" in capsys.readouterr().out


def test_solve_reports_a_bad_sheet_and_goes_on(books, capsys):
    book = OpenpyxlBook(books / "bomber.xlsx")
    book.wb["bomber"]["B2"] = "?"
    book.save()
    assert main(["solve", str(books), "--json", "--out", str(books / "o")]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[0]["status"] == "error" and records[0]["answer"] is None
    assert records[0]["error"].startswith("sheet 'bomber' cell B2:")
    assert records[1]["status"] == "solved"


def test_infeasible_sheet(books, capsys):
    book = OpenpyxlBook(books / "bomber.xlsx")
    book.wb["bomber"]["B2"] = 8  # 8 bombs around B2 would cover the numbers A1, B1
    book.save()
    assert main(["solve", str(books / "bomber.xlsx"), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "infeasible" and record["unique"] is None


def test_not_a_workbook(tmp_path, capsys):
    (tmp_path / "data.csv").write_text("1,2\n")
    assert main(["solve", str(tmp_path / "data.csv")]) == 2
    assert "data.csv is not an .xlsx/.xlsm workbook or a folder" in capsys.readouterr().err
    assert main(["solve", str(tmp_path / "nope.xlsx")]) == 2
    assert "nope.xlsx does not exist" in capsys.readouterr().err


def test_stage_commands(books, tmp_path, capsys):
    book = books / "bomber.xlsx"
    assert main(["lp", str(book), "-o", str(tmp_path / "b.lp")]) == 0
    assert main(["run-lp", str(tmp_path / "b.lp"), "--solver", "cbc"]) == 0
    assert (tmp_path / "b.sol").exists()
    assert main(["read-solution", str(book), str(tmp_path / "b.sol")]) == 0
    assert OpenpyxlBook(book).wb["bomber"]["C1"].value == "●"
    assert main(["clear", str(book)]) == 0
    assert OpenpyxlBook(book).wb["bomber"]["C1"].value is None
    assert main(["run-lp", str(tmp_path / "none.lp")]) == 2
    assert "run the 'lp' stage first" in capsys.readouterr().err


def test_lp_default_name_beside_the_book(books):
    assert main(["lp", str(books / "sudoku.xlsx")]) == 0
    text = (books / "sudoku-sudoku.lp").read_text()
    assert "x(1,1,5)" in text and "box(9,9)" in text


def test_import_and_solve(tmp_path, capsys):
    # a 5x5 mines puzzle (the bomber sample) as a puzz.link URL
    from solver.io.puzzlink import encode_number16

    rows = ["12..1", "..3.1", ".4.3.", "..4.2", "22..2"]
    clues = [None if ch == "." else int(ch) for row in rows for ch in row]
    url = f"https://puzz.link/p?mines/5/5/{encode_number16(clues)}"
    out = tmp_path / "imported.xlsx"
    assert main(["import", url, "-o", str(out), "--solve"]) == 0
    ws = OpenpyxlBook(out).wb["bomber"]
    assert ws["A1"].value == 1 and ws["C1"].value == "●" and ws["F6"].value == "E"
    assert main(["import", url, "-o", str(out)]) == 0  # a second import adds a sheet
    assert "bomber (2)" in OpenpyxlBook(out).sheet_names()


@pytest.mark.parametrize(
    "url, message",
    [
        ("https://puzz.link/p?tasquare/5/5/g5h", "'tasquare' is not supported"),
        ("https://example.com/", "not a puzz.link URL"),
        ("https://puzz.link/p?mines/5/a/", "no '<cols>/<rows>' size"),
        ("https://puzz.link/p?mines/3/3/1", "ends after 1 of 9 cells"),
        ("https://puzz.link/p?sudoku/4/4/9u", "only hold the digits 1-4"),
        ("https://puzz.link/p?mines/" + "1" * 4301 + "/5/", "size 111111111111…x5 is out of range"),
        ("https://puzz.link/p?mines/²/5/", "no '<cols>/<rows>' size"),
    ],
)
def test_import_errors(tmp_path, capsys, url, message):
    assert main(["import", url, "-o", str(tmp_path / "x.xlsx")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.xlsx").exists()


def test_genres_lists_layouts(capsys):
    assert main(["genres"]) == 0
    out = capsys.readouterr().out
    assert "bomber  ボンバーパズル  puzz.link: mines" in out and "数独" in out and "Layout:" in out
    assert "ホタルビーム  puzz.link: firefly  solver: highs, then scip after 20 nodes" in out


def test_the_genres_overview_cuts_no_sentence(capsys):
    assert main(["genres"]) == 0
    paragraphs = capsys.readouterr().out.split("\n\n")
    indented = ("\n".join(ln for ln in p.splitlines() if ln.startswith("    ")) for p in paragraphs)
    texts = [t.strip() for t in indented if t]
    assert len(texts) == 2 * len(all_genres())  # each genre's rules and layout
    assert all(t.endswith((".", ".)")) for t in texts), [t[-40:] for t in texts]
    assert "DESIGN" not in "".join(paragraphs)


@pytest.mark.parametrize("name", ["masyu", "mashu", "pearl", "ましゅ", "Masyu (2)"])
def test_genres_finds_a_genre_by_any_of_its_names(capsys, name):
    assert main(["genres", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith("masyu  ましゅ  puzz.link: mashu") and "Layout:" in out


@pytest.mark.parametrize(
    "name, hint", [("foo", ""), ("sudok", "; did you mean sudoku or kurodoko?")]
)
def test_genres_of_an_unknown_name_says_so(capsys, name, hint):
    assert main(["genres", name]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"puzzle-solver: no genre '{name}'{hint} (genres: ")
    assert "akari, alphametic, aqre, archipelago," in err


def test_a_damaged_workbook_is_named(tmp_path, capsys):
    bad = tmp_path / "broken.xlsx"
    bad.write_bytes(b"not a zip file")
    assert main(["solve", str(bad)]) == 3
    assert "broken.xlsx: error; cannot open the workbook: File is not a zip file" in (
        capsys.readouterr().out
    )
    assert main(["lp", str(bad)]) == 3
    assert "broken.xlsx: cannot open the workbook" in capsys.readouterr().err


def test_show_prints_the_solved_grid(books, capsys):
    assert main(["solve", str(books / "bomber.xlsx"), "--show"]) == 0
    assert "\n1 2 ●   1\n●   3 ● 1\n" in capsys.readouterr().out


def test_show_prints_the_loop_the_rooms_and_the_shading(books, sample, capsys):
    """slitherlink's loop on the sides, heyawake's rooms as walls around its shaded cells."""
    assert main(["solve", str(sample("slitherlink")), str(sample("heyawake")), "--show"]) == 0
    out = capsys.readouterr().out
    assert "\n┌─┐ ┌─────┐ ┌─┐\n│3│3│     │3│ │\n" in out
    assert "heyawake.xlsx [heyawake]\n┏━━━━━┳━┳━━━━━━┳━━━━━━━━┓\n┃█2   ┃ ┃██    ┃" in out


def test_stage_commands_on_a_book_of_several_puzzles_ask_which_sheet(books, capsys):
    book = OpenpyxlBook(books / "bomber.xlsx")
    book.wb.copy_worksheet(book.wb["bomber"]).title = "bomber (2)"
    book.save()
    assert main(["lp", str(books / "bomber.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("puzzle-solver: bomber.xlsx has 2 puzzle sheets (bomber, bomber (2)); ")
    assert "say which with --sheet" in err and "sheet 'bomber.xlsx'" not in err


def test_a_book_without_a_puzzle_sheet_is_told_how_to_name_one(tmp_path, capsys):
    import openpyxl

    openpyxl.Workbook().save(tmp_path / "mine.xlsx")  # one sheet, 'Sheet'
    assert main(["lp", str(tmp_path / "mine.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "mine.xlsx has no sheet named after a genre (its sheets: 'Sheet')" in err
    assert "rename the puzzle's sheet after its genre, e.g. 'bomber'" in err


def test_read_solution_out_is_the_file_to_write(books, tmp_path, capsys):
    book = books / "bomber.xlsx"
    main(["lp", str(book), "-o", str(tmp_path / "b.lp")])
    main(["run-lp", str(tmp_path / "b.lp")])
    out = tmp_path / "answer.xlsx"
    assert main(["read-solution", str(book), str(tmp_path / "b.sol"), "--out", str(out)]) == 0
    assert out.is_file() and OpenpyxlBook(out).wb["bomber"]["C1"].value == "●"
    assert OpenpyxlBook(book).wb["bomber"]["C1"].value is None  # the input stays as it was
    assert main(["read-solution", str(book), str(tmp_path / "b.sol"), "--out", "x.xlsm"]) == 2
    assert "give a file name ending in .xlsx" in capsys.readouterr().err


def test_read_solution_after_an_edit_says_the_puzzle_changed(books, tmp_path, capsys):
    book = books / "bomber.xlsx"
    main(["lp", str(book), "-o", str(tmp_path / "b.lp")])
    main(["run-lp", str(tmp_path / "b.lp")])
    edited = OpenpyxlBook(book)
    edited.wb["bomber"]["E5"] = 3
    edited.save()
    assert main(["read-solution", str(book), str(tmp_path / "b.sol")]) == 1
    err = capsys.readouterr().err
    assert "sheet 'bomber': the puzzle changed since b.sol was made" in err


MINES = "https://puzz.link/p?mines/3/3/1i1j"


@pytest.mark.parametrize(
    "name, message",
    [
        ("new.xlsm", "a new workbook can only be made as .xlsx"),
        ("book.csv", "the puzzle goes into a workbook: give a .xlsx file"),
    ],
)
def test_import_into_what_cannot_hold_a_new_puzzle_says_so(tmp_path, capsys, name, message):
    assert main(["import", MINES, "-o", str(tmp_path / name)]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / name).exists()


def test_import_into_an_existing_xlsm_keeps_it_a_macro_book(tmp_path, sample, capsys):
    book = sample("bomber", ".xlsm")
    assert main(["import", MINES, "-o", str(book)]) == 0
    assert "bomber (2)" in OpenpyxlBook(book).sheet_names()
    with zipfile.ZipFile(book) as z:
        assert "xl/vbaProject.bin" in z.namelist()
        types = z.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types


def test_import_into_a_file_that_is_not_a_workbook_names_it(tmp_path, capsys):
    bad = tmp_path / "notes.xlsx"
    bad.write_text("my notes")
    assert main(["import", MINES, "-o", str(bad)]) == 2
    assert "notes.xlsx: the file is not a workbook; give a new file name" in capsys.readouterr().err
    assert bad.read_text() == "my notes"


def test_import_into_a_read_only_folder_leaves_nothing_there(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)  # root may write anyway: the refusal must not rest on the OS
    try:
        assert main(["import", MINES, "-o", str(folder / "new.xlsx")]) == 3  # a book not saved
        assert "is read-only" in capsys.readouterr().err
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_solve_a_book_without_a_puzzle_sheet_says_how_to_name_one(tmp_path, capsys):
    import openpyxl

    openpyxl.Workbook().save(tmp_path / "mine.xlsx")
    assert main(["solve", str(tmp_path / "mine.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "no sheet named after a genre in" in err
    assert "rename the puzzle's sheet after its genre, e.g. 'bomber'" in err


def test_default_solver_is_each_genres_own(books, capsys, monkeypatch):
    """`--solver default` (the default) runs each sheet on its genre's own back end, and the
    record names the one that ran; a solver named on the command line wins."""
    import dataclasses

    from solver import pipeline
    from solver.mip.settings import Tuning

    read = pipeline.read_puzzle

    def on_scip(book, sheet):
        genre, grid, puzzle = read(book, sheet)
        return dataclasses.replace(genre, tuning=Tuning("scip")), grid, puzzle

    monkeypatch.setattr(pipeline, "read_puzzle", on_scip)
    ran: list[str] = []
    live = pipeline.backends.LiveModel

    def spy(prob, settings, *args, **kw):
        ran.append(settings.solver)
        return live(prob, settings, *args, **kw)

    monkeypatch.setattr(pipeline.backends, "LiveModel", spy)
    bomber, out = str(books / "bomber.xlsx"), str(books / "a")
    assert main(["solve", bomber, "--no-deduce", "--json", "--out", out]) == 0  # a model to run
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["solver"] == "scip" and record["status"] == "solved" and set(ran) == {"scip"}
    args = ["solve", str(books / "bomber.xlsx"), "--json", "--solver", "cbc"]
    assert main([*args, "--out", str(books / "b")]) == 0  # (CBC runs in a worker process)
    assert json.loads(capsys.readouterr().out.splitlines()[0])["solver"] == "cbc"


# a number of more digits than Python's int() reads from text (4300), typed as a puzzle cell
THOUSANDS = "1" * 4301


@pytest.mark.parametrize(
    "slug, cell, text",
    [
        ("heyawake", "A1", "A" + THOUSANDS),  # a room's label and number
        ("yajilin", "J1", THOUSANDS + "↓"),  # a clue
        ("hotaru-beam", "A1", THOUSANDS + "→"),  # a firefly
        ("ripple-effect", "A1", "A=" + THOUSANDS),  # a digit after a label
        ("number-skeleton", "G1", THOUSANDS),  # a number of the list
        ("country-road", "A1", "A" + THOUSANDS),  # a country's number
        ("bomber", "B2", "１" * 4301),  # full-width digits read as digits
    ],
)
@pytest.mark.parametrize("command", ["solve", "check", "hint", "lp"])
def test_a_number_of_thousands_of_digits_is_refused_by_its_cell(
    sample, tmp_path, capsys, slug, cell, text, command
):
    path = sample(slug)
    book = OpenpyxlBook(path)
    sheet = book.sheet_names()[0]
    book.wb[sheet][cell] = text
    book.save()
    args = {
        "solve": ["solve", str(path), "--json", "--out", str(tmp_path / "o")],
        "check": ["check", str(path), "--sheet", sheet, "--json", "--no-mark"],
        "hint": ["hint", str(path), "--sheet", sheet, "--json", "--no-write"],
        "lp": ["lp", str(path), "--sheet", sheet, "-o", str(tmp_path / "x.lp")],
    }[command]
    code = main(args)
    out, err = capsys.readouterr()
    message = f"sheet '{sheet}' cell {cell}: a number of 4,301 digits"
    if command == "lp":  # a bad sheet is the command's usage error
        assert code == 2 and err.startswith(f"puzzle-solver: {message}")
        assert err.count("\n") == 1
    else:
        assert code == 1
        record = json.loads(out.splitlines()[0])
        assert record["error"].startswith(message) and "\n" not in record["error"]
        assert "type a number of at most 1,000 digits" in record["error"]


@pytest.mark.parametrize(
    "slug, cell, number_format",
    [
        ("ripple-effect", "B1", '@"=' + THOUSANDS + '"'),  # a digit after a label
        ("panorama", "D2", '0"' + "₁" * 4301 + '"'),  # a clue hex's height
    ],
)
def test_a_number_format_showing_thousands_of_digits_is_refused_by_its_cell(
    sample, capsys, slug, cell, number_format
):
    path = sample(slug)
    book = OpenpyxlBook(path)
    sheet = book.sheet_names()[0]
    book.wb[sheet][cell].number_format = number_format
    book.save()
    assert main(["check", str(path), "--sheet", sheet, "--json", "--no-mark"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["error"].startswith(f"sheet '{sheet}' cell {cell}: a number of 4,301 digits")


def _unreadable(path):
    """A workbook openpyxl refuses with a message of three lines (a number cell that holds no
    number)."""
    import zipfile

    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b"<v>1</v>", b"<v>one</v>", 1)
    with zipfile.ZipFile(path, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)


def test_every_message_of_a_record_and_of_the_summary_is_one_line(
    sample, tmp_path, capsys, monkeypatch
):
    """Line breaks come from cells (Alt+Enter in Excel), file names, and the messages of
    openpyxl, zipfile, PuLP and the solvers: each record's error and note, and each message of
    the summary, stays one line."""
    from solver import pipeline
    from solver.mip.settings import SolverError

    folder = tmp_path / "in"
    folder.mkdir()
    grid = OpenpyxlBook(sample("logic-grid"))
    grid.wb["logic-grid"]["A1"] = "aki\nra"  # a name typed over two lines
    grid.wb["logic-grid one cell"]["A6"] = "akira\n= white"
    grid.save(folder / "logic-grid.xlsx")
    _unreadable(sample("bomber").rename(folder / "unreadable.xlsx"))
    sample("sudoku").rename(folder / "solver-fails.xlsx")
    sample("masyu").rename(folder / "noted.xlsx")
    sample("sukoro").rename(folder / "not\nsaved.xlsx")

    solve = pipeline.solve_puzzle

    def odd_solver(genre, puzzle, settings, *args, **kw):
        if genre.slug == "sudoku":
            raise SolverError("HiGHS stopped:\n  status 12\n")
        out = solve(genre, puzzle, settings, *args, **kw)
        if genre.slug == "masyu":
            out.note = "first line\nsecond line"
        return out

    monkeypatch.setattr(pipeline, "solve_puzzle", odd_solver)
    save = OpenpyxlBook.save

    def refuse(self, target=None):
        if "sukoro" in self.sheet_names():
            raise OSError("the disk said:\nno")
        return save(self, target)

    monkeypatch.setattr(OpenpyxlBook, "save", refuse)
    assert main(["solve", str(folder), "--json", "--jobs", "1"]) == 3
    out, err = capsys.readouterr()
    found = [json.loads(line) for line in out.splitlines()]
    assert len(found) == 6
    for r in found:
        for key in ("error", "note"):
            assert r[key] is None or r[key].splitlines() == [r[key]], r
    by_book = {(r["book"], r["sheet"]): r for r in found}
    assert by_book["solver-fails.xlsx", "sudoku"]["error"] == "HiGHS stopped:; status 12"
    assert by_book["noted.xlsx", "masyu"]["note"] == "first line; second line"
    assert "column A: 'aki\\nra', isamu" in by_book["logic-grid.xlsx", "logic-grid"]["error"]
    assert "the disk said:; no" in by_book["not\nsaved.xlsx", "sukoro"]["error"]
    unreadable = by_book["unreadable.xlsx", ""]["error"]
    assert unreadable.startswith("cannot open the workbook: Unable to read workbook: ")
    assert "(ValueError: " in unreadable and "Please see the exception" not in unreadable
    for message in ("HiGHS stopped:; status 12", "cannot open the workbook", "the disk said:; no"):
        line = next(ln for ln in err.splitlines() if message in ln)
        assert line.endswith(("status 12", "try again", "is untouched")), line

    book = str(folder / "logic-grid.xlsx")
    assert main(["check", book, "--sheet", "logic-grid", "--json", "--no-mark"]) == 1
    assert main(["hint", book, "--sheet", "logic-grid", "--json", "--no-write"]) == 1
    for line in capsys.readouterr().out.splitlines():
        record = json.loads(line)
        assert record["error"].splitlines() == [record["error"]]
        assert record["error"].startswith("sheet 'logic-grid")
    assert main(["lp", book, "--sheet", "logic-grid"]) == 2
    assert main(["lp", str(folder / "unreadable.xlsx")]) == 3
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 2 and "'aki\\nra'" in err


def test_the_command_runs_the_command_line_with_the_collector_on(monkeypatch):
    """`puzzle-solver` (solver.command) pauses the cyclic garbage collector only while it
    imports the command line, then freezes what the imports made and runs it."""
    import gc

    import solver.cli
    from solver import command

    seen = []
    monkeypatch.setattr(solver.cli, "run", lambda: seen.append(gc.isenabled()))
    try:
        command.run()
        assert seen == [True] and gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
