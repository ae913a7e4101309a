"""Alphametic: the sample in both layouts, verify from the rules, subtraction, longer sums, both
forms of the model, typos named by sheet and cell, and check my answer on hand-typed sheets.
(The sample on every back end, through the .lp file, check and hints: tests/test_samples.py
and tests/test_check.py.)"""

from __future__ import annotations

import pytest

from solver import check
from solver.genres import alphametic
from solver.io.sheet import Grid, InputError
from solver.io.sheet.openpyxl_book import OpenpyxlBook
from solver.mip import backends
from solver.mip.settings import SOLVERS, Settings
from solver.pipeline import read_puzzle, solve_puzzle, solve_sheet
from tests.conftest import example

EX = example("alphametic")
KNOWN = (9567, 1085, 10652)


def sheet(*rows: str, letters: bool = False) -> Grid:
    """A sum typed one word per cell (or one letter per cell, right-aligned), with the empty
    answer column."""
    if not letters:
        return Grid("alphametic", [[row, None] for row in rows])
    width = max(map(len, rows))
    return Grid(
        "alphametic",
        [[ch if ch != " " else None for ch in row.rjust(width)] + [None] for row in rows],
    )


def numbers(p: alphametic.Puzzle, *values: int) -> alphametic.Answer:
    """An answer from the numbers beside the words (right-aligned, zero-padded)."""
    return tuple(
        tuple(int(ch) for ch in str(n).rjust(len(w.letters), "0"))
        for w, n in zip(p.words, values, strict=True)
    )


def solve(p: alphametic.Puzzle, solver: str = "highs", **kw):
    out = solve_puzzle(alphametic.GENRE, p, Settings(solver), check_unique=True, **kw)
    assert out.violations == []
    return out


def test_both_sheets_of_the_sample_hold_the_example(sample):
    book = OpenpyxlBook(sample("alphametic"))
    words = [w.strip() for w in EX["puzzle_text"].split("\n") if w.strip("-")]
    for name in ("alphametic", "alphametic letters"):
        _, _, p = read_puzzle(book, name)
        assert [w.letters for w in p.words] == words
        res = solve_sheet(book, name, Settings())
        assert res.status == "solved" and res.unique is True
        shown = [book.sheet(name).get(w.row + 1, p.answer_col + 1) for w in p.words]
        assert shown == list(KNOWN)


def test_verify_accepts_the_answer_and_names_each_broken_rule():
    p = alphametic.parse(sheet("SEND", "+MORE", "-----", "MONEY"))
    assert alphametic.verify(p, numbers(p, *KNOWN)) == []
    wrong_sum = alphametic.verify(p, numbers(p, 9567, 1085, 10653))
    assert wrong_sum == ["the sum does not hold: 9567 + 1085 = 10652, the answer says 10653"]
    assert wrong_sum[0].cells == ((0, 1), (1, 1), (3, 1))
    two_es = alphametic.verify(p, numbers(p, 9567, 1086, 10652))
    assert "E is 5 in SEND (B1) but 6 in MORE (B2)" in two_es
    same = alphametic.verify(p, numbers(p, 9567, 9085, 90652))  # M is 9 like S
    assert "S and M are both 9 (B1, B2, B4)" in same
    lead = alphametic.verify(p, numbers(p, 567, 1085, 10652))
    assert "SEND (B1) starts with 0: a number does not start with 0" in lead
    partial = ((9, 5, None, 7), (None,) * 4, numbers(p, *KNOWN)[2])
    assert alphametic.verify(p, partial)[:2] == [
        "SEND (B1) has no digit for N",
        "no number beside MORE (B2)",
    ]


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.slow
def test_subtraction_several_addends_and_one_letter_per_cell(solver):
    diff = alphametic.parse(sheet("MONEY", "-MORE", "=====", "SEND", letters=True))
    out = solve(diff, solver)
    assert out.unique is True
    assert alphametic.record(diff, out.answer)["sum"] == [
        ["", "MONEY", 10652],
        ["-", "MORE", 1085],
        ["=", "SEND", 9567],
    ]
    # eight addends, ten letters, one answer
    rows = ["NINETEEN", "THIRTEEN", "THREE", "TWO", "TWO", "ONE", "ONE", "ONE", "-", "FORTYTWO"]
    many = alphametic.parse(sheet(*rows))
    out = solve(many, solver)
    assert out.unique is True
    found = alphametic.record(many, out.answer)["sum"]
    assert sum(n for _, _, n in found[:-1]) == found[-1][2] == 98750538


def test_both_forms_of_the_model_give_the_same_answer():
    p = alphametic.parse(sheet("SEND", "MORE", "-----", "MONEY"))
    for form in ("columns", "place-value"):
        m = alphametic.model(p, form)
        assert backends.LiveModel(m.prob, Settings()).solve(None) == "solved"
        assert alphametic.decode(p, m) == numbers(p, *KNOWN)
    with pytest.raises(ValueError, match="no such form"):
        alphametic.model(p, "guess")


def test_several_answers_are_not_unique():
    p = alphametic.parse(sheet("A", "B", "-", "C"))
    assert solve(p).unique is False


def test_a_given_number_is_kept_and_a_partial_one_is_completed():
    p = alphametic.parse(
        Grid("alphametic", [["SEND", "9?6?"], ["MORE", None], ["-", None], ["MONEY", None]])
    )
    assert p.words[0].given == (9, None, 6, None)
    out = solve(p)
    writes = alphametic.render(p, out.answer)
    assert [(w.row, w.value) for w in writes] == [(1, 1085), (3, 10652)]  # SEND's cell is given


@pytest.mark.parametrize(
    "rows, message",
    [
        (["SEND", "MO2E", "-----", "MONEY"], "cell A2: 'MO2E' holds '2': a word is letters only"),
        (["SEND", "×MORE", "-----", "MONEY"], "cell A2: '×MORE': multiplication and division"),
        (["SEND", "MO×RE", "-----", "MONEY"], "cell A2: 'MO×RE': multiplication"),
        (["SEND", "MORE", "MONEY"], "no rule line: type a row of `-`"),
        (["SEND", "MORE", "-----", "MON"], "cell A4: the result MON has 3 letters, fewer"),
        (["SEND", "MORE", "-----", "MONEYS"], "the result MONEYS has 6 letters, but these"),
        (
            ["ABCDE", "FGHIJ", "-----", "KABCD"],
            "cell A4: 11 different letters (A, B, C, D, E, F, G",
        ),
        (["SEND", "MORE", "-----", "MONEY", "MONEY"], "cell A3: one result goes below"),
        (["-----", "MONEY"], "cell A1: no addend above the rule line"),
        (["SEND", "MORE", "-----", "+MONEY"], "cell A4: the result takes no sign"),
        (["SEND", "MORE", "-----", "=MONEY"], "cell A4: a formula '=MONEY': one word"),
        (["SEND", "MORE", "---", "---", "MONEY"], "cell A4: a second rule line"),
        (["SEND", "MORE+", "-----", "MONEY"], "cell A2: 'MORE\\+' holds a sign after a letter"),
        (["SEND", "+-MORE", "-----", "MONEY"], "cell A2: '\\+-MORE' holds a second sign"),
        (
            ["A" * 16, "B", "-", "C"],
            "cell A1: 'AAAAAAAAAAAAAAAA': a word of 16 letters; at most 15",
        ),
        (["SEND+MORE=MONEY", "-", "X"], "cell A1: 'SEND\\+MORE=MONEY': one word per row"),
    ],
)
def test_typos_are_named_with_their_cell(rows, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace("?", r"\?")):
        alphametic.parse(sheet(*rows))


def test_other_bad_sheets():
    with pytest.raises(InputError, match="the answer needs a column right of the words"):
        alphametic.parse(Grid("alphametic", [["SEND"], ["MORE"], ["-"], ["MONEY"]]))
    no_room = Grid(
        "alphametic", [[None, "S", "E"], [None, "M", "E"], ["-", "-", "-"], ["M", "O", "E"]]
    )
    with pytest.raises(InputError, match="cell C1: 'E' stands in the last column, which is the"):
        alphametic.parse(no_room)
    gap = Grid(
        "alphametic",
        [
            ["S", None, "N", None],
            ["A", "B", "C", None],
            ["-", "-", "-", None],
            ["A", "B", "C", None],
        ],
    )
    with pytest.raises(InputError, match="cell B1: a gap inside a word"):
        alphametic.parse(gap)
    with pytest.raises(InputError, match="cell B1: 95670 beside SEND: 5 digits for the 4 letters"):
        alphametic.parse(
            Grid("alphametic", [["SEND", 95670], ["MORE", None], ["-", None], ["MONEY", None]])
        )
    with pytest.raises(InputError, match="cell B1: '#95' beside SEND: not a number"):
        alphametic.parse(
            Grid("alphametic", [["SEND", "#95"], ["MORE", None], ["-", None], ["MONEY", None]])
        )
    with pytest.raises(InputError, match="cell A2: found 12: a word is letters only"):
        alphametic.parse(sheet("SEND", 12, "-", "MONEY"))  # type: ignore[arg-type]


def test_lower_case_and_kana_are_letters():
    p = alphametic.parse(sheet("send", "more", "-----", "money"))
    assert [w.letters for w in p.words] == ["SEND", "MORE", "MONEY"]
    kana = alphametic.parse(sheet("あい", "あい", "--", "うえ"))
    assert solve(kana).status == "solved"


def hand_typed(sample, values: list[object]) -> tuple[OpenpyxlBook, object]:
    """The sample with these numbers typed beside SEND, MORE and MONEY by hand."""
    book = OpenpyxlBook(sample("alphametic"))
    ws = book.wb["alphametic"]
    for row, v in zip((1, 2, 4), values, strict=True):
        ws.cell(row, 2).value = v
    return book, ws


def test_check_a_hand_typed_answer(sample):
    book, _ = hand_typed(sample, [9567, "1085", 10652])
    res = check.check_sheet(book, "alphametic", Settings())
    assert (res.verdict, res.problems) == ("correct", [])
    book, _ = hand_typed(sample, [9567, None, "1?652"])
    res = check.check_sheet(book, "alphametic", Settings())
    assert (res.verdict, res.empty, res.completable) == ("incomplete", 1, True)
    hint = check.hint_sheet(book, "alphametic", Settings())
    assert hint.status == "hint" and hint.message == "B2: 1085"


def test_check_a_wrong_answer_names_the_rule_and_marks_the_cells(sample):
    book, ws = hand_typed(sample, [9567, 1085, 10653])
    res = check.check_sheet(book, "alphametic", Settings())
    assert res.verdict == "wrong" and res.completable is False
    assert res.problems == [
        (
            "the sum does not hold: 9567 + 1085 = 10652, the answer says 10653",
            ["B1", "B2", "B4"],
        )
    ]
    assert all(ws.cell(r, 2).fill.fgColor.rgb.endswith("FFC7CE") for r in (1, 2, 4))
    book, ws = hand_typed(sample, [9567, 1086, None])
    res = check.check_sheet(book, "alphametic", Settings())
    assert res.verdict == "incomplete" and res.completable is False
    assert res.problems == [("E is 5 in SEND (B1) but 6 in MORE (B2)", ["B1", "B2"])]


def test_a_typo_with_no_answer_says_so(sample):
    book = OpenpyxlBook(sample("alphametic"))
    book.wb["alphametic"]["A4"] = "MONEE"  # a typo: SEND + MORE = MONEE has no answer
    res = solve_sheet(book, "alphametic", Settings())
    assert res.status == "infeasible" and res.conflict == []  # the words alone allow none
    assert res.error.startswith("no answer, and the puzzle has no givens to blame")


def test_the_column_form_has_small_integer_coefficients_only():
    """Exact, not approximate: every coefficient of the default model is an integer of at most
    10 (digits 0-9, ten times a carry), whatever the length of the words; the place-value form
    reaches 10^(length - 1)."""
    rows = ["NINETEEN", "THIRTEEN", "THREE", "TWO", "TWO", "ONE", "ONE", "ONE", "-", "FORTYTWO"]
    p = alphametic.parse(sheet(*rows))

    def coefficients(form: str) -> set[float]:
        m = alphametic.model(p, form)
        return {a for c in m.prob.constraints() for a in c.values()}

    columns = coefficients("columns")
    assert all(float(a).is_integer() and abs(a) <= 10 for a in columns)
    assert max(abs(a) for a in coefficients("place-value")) == 9 * 10**7


def test_what_excel_makes_of_a_leading_sign_reads_as_typed():
    """Excel turns `+MORE` and `-----` into formulas; openpyxl reads their text."""
    from solver.blocks.values import normalize

    rows = [["SEND", None], [normalize("=+MORE"), None], [normalize("=-----"), None]]
    p = alphametic.parse(Grid("alphametic", [*rows, ["MONEY", None]]))
    assert [(w.sign, w.letters) for w in p.words] == [(1, "SEND"), (1, "MORE"), (1, "MONEY")]
    minus = alphametic.parse(
        Grid(
            "alphametic",
            [["MONEY", None], [normalize("=-MORE"), None], ["_____", None], ["SEND", None]],
        )
    )
    assert [w.sign for w in minus.words] == [1, -1, 1]
    with pytest.raises(InputError, match="cell A2: a formula '=SUM\\(A1\\)'"):
        alphametic.parse(
            Grid(
                "alphametic",
                [["SEND", None], [normalize("=SUM(A1)"), None], ["-", None], ["MONEY", None]],
            )
        )
