"""Alphametic (覆面算, a cryptarithm).

Rules: every letter stands for a digit 0-9, the same letter always for the same digit and
different letters for different digits; no number of two or more letters starts with 0 (a
one-letter word may be 0); with the digits put in, the sum holds (SEND + MORE = MONEY:
9567 + 1085 = 10652). A word may be subtracted instead of added (ABCD - EFG = HIJ).

Layout: the sum as it is printed, from A1, one row per word: the addends, then the rule line,
then the result. A word goes into one cell (`SEND`), or one letter per cell, right-aligned
under each other (`S` `E` `N` `D`); both read the same, and so does a row split any other way,
as long as its cells stand side by side. A `+` or `-` may stand before a word, in its cell or in
the cell left of it (no sign: `+`). The rule line is a row of `-`, `=` or `_` (one cell `-----`,
or one per cell). Excel takes a leading `+`, `-` or `=` for a formula (`+MORE` becomes `=+MORE`
and shows #NAME?); such a formula is read as typed, or type `'+MORE`. Letters are
case-insensitive (`send` is `SEND`); any letters do, kana too.
Multiplication and division (`×`, `*`, `÷`, `/`) are not supported and are refused. Blank rows
are skipped. The grid's last column is the answer column: keep it empty, so the sentinel goes
two columns right of the longest word, one row below the result (C5 when the words are in A1:A4;
G5 for MONEY typed one letter per cell in A4:E4). At most ten different letters.

The answer writes each word's number into the answer column beside it (9567 beside SEND), in
blue. Solving by hand, type the numbers there; a number with digits still unknown may be typed
as text with `?` (or `.`, `_`) for them: `9?67`. A number in the answer column is read as given
(as a sudoku's digits are): Solve completes the others, Check my answer reads what is there.

Model (the deck's): v(R,C,K,D) = 1 when the K-th letter of the word whose answer cell is (R,C)
holds digit D: one digit per letter; a letter's later occurrences equal its first one, and no
digit is taken by two letters (a sum per digit over the first occurrences, at most 1); a
leading letter is not 0. The sum is exact and holds column by column, from the units: the
addends' digits (signed) plus the carry in equal the result's digit plus ten times the carry
out, with integer carries (bounded by the number of words) and no carry out of the last column.
The deck states it as one equation of place values (sum of 10^k times the digit) instead
(`model(p, "place-value")`). Both are exact, with integer coefficients; the place values reach
10^7 for an eight-letter word, where a solver's tolerances begin to count, and the column form
is the faster on most sums and back ends (several times faster on FORTY-TWO's eight addends,
proof of uniqueness included; benchmarks/benchmark_words.py compares the two). So columns are the
default.
Answer variables: the v's (a letter's digit as each word shows it, so Check can tell two words
that disagree).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pulp

from solver.blocks.names import cell_name, quote
from solver.blocks.values import MAX_DIGITS, Value
from solver.blocks.violation import Violation
from solver.genres import define
from solver.io.givens import Given
from solver.io.sheet import Grid, InputError
from solver.io.sheet.answer import CellWrite
from solver.mip.model import Model, cname, new_problem, var
from solver.mip.model import value as solved

Cell = tuple[int, int]
DIGITS = range(10)
PLUS, MINUS = frozenset("+＋"), frozenset("-−－")
TIMES = frozenset("×*÷/")  # multiplication and division: refused
RULE = frozenset("-=─—―_－＝")  # the characters of a rule line
UNKNOWN_DIGIT = frozenset("?._・？")  # a digit not known yet, in a number typed as text
MAX_LETTERS = 10
FORMS = ("columns", "place-value")  # the model's two forms of the sum (the first the default)
SQUARE_CELLS = False  # the words and numbers need their width: the cells keep their sizes


@dataclass(frozen=True)
class Word:
    letters: str  # upper-cased
    sign: int  # +1 or -1 for an addend; +1 for the result
    row: int  # its grid row; its answer cell is (row, Puzzle.answer_col)
    cells: tuple[Cell, ...]  # the grid cell of each letter
    given: tuple[int | None, ...]  # the digits the answer cell shows (None: not shown)


@dataclass(frozen=True)
class Puzzle:
    words: tuple[Word, ...]  # the addends, then the result
    answer_col: int
    cells: tuple[tuple[Value, ...], ...]  # the grid as typed, for to_cells

    @property
    def addends(self) -> tuple[Word, ...]:
        return self.words[:-1]

    @property
    def result(self) -> Word:
        return self.words[-1]

    def answer_cell(self, w: Word) -> Cell:
        return (w.row, self.answer_col)

    def letters(self) -> list[str]:
        """The different letters, in the order they first appear."""
        return list(dict.fromkeys(ch for w in self.words for ch in w.letters))

    def occurrences(self) -> Iterator[tuple[int, int, str]]:
        """(word index, position, letter) of every letter of every word."""
        for i, w in enumerate(self.words):
            for k, ch in enumerate(w.letters):
                yield i, k, ch


# Answer: each word's digits, as the answer cells show them (None: no digit there)
Answer = tuple[tuple[int | None, ...], ...]


def _as_typed(v: str) -> str:
    """What was typed: Excel makes a formula of text that starts with `+` or `-` (`+MORE`
    becomes `=+MORE`); such a formula of a sign and letters or of a rule line reads as typed."""
    body = v[1:]
    if (
        getattr(v, "what", None) == "a formula"
        and body[:1] in PLUS | MINUS
        and all(ch.isalpha() or ch in PLUS | MINUS | RULE or ch == " " for ch in body)
    ):
        return body
    return v


def _is_rule(texts: list[str]) -> bool:
    return all(t and set(t.replace(" ", "")) <= RULE for t in texts)


def parse(grid: Grid) -> Puzzle:
    if grid.cols < 2:
        raise InputError(
            grid.sheet,
            "the answer needs a column right of the words: put the sentinel two columns right "
            "of the longest word (C5 for SEND, MORE, -----, MONEY typed in A1:A4)",
        )
    answer_col = grid.cols - 1
    for r in range(grid.rows):
        v = grid[r, answer_col]
        if isinstance(v, str) and any(ch.isalpha() for ch in v):
            raise grid.error(
                r,
                answer_col,
                f"{quote(v)} stands in the last column, which is the answer's: keep it empty and "
                "put the sentinel two columns right of the longest word",
            )
    rows: list[tuple[str, int, list[tuple[Cell, str]]]] = []  # kind, row, (cell, text) pairs
    for r in range(grid.rows):
        used = [(c, grid[r, c]) for c in range(answer_col) if grid[r, c] is not None]
        if not used:
            if grid[r, answer_col] is not None:
                raise grid.error(
                    r, answer_col, f"{quote(grid[r, answer_col])} stands beside no word"
                )
            continue
        for (c1, _), (c2, _) in itertools.pairwise(used):
            if c2 != c1 + 1:
                raise grid.error(
                    r,
                    c1 + 1,
                    "a gap inside a word: type a word in one cell, or one letter per cell "
                    "side by side",
                )
        texts = []
        for c, v in used:
            if not isinstance(v, str):
                raise grid.error(
                    r, c, f"found {quote(v)}: a word is letters only (digits are the answer)"
                )
            texts.append(_as_typed(v))
        if _is_rule(texts):
            if grid[r, answer_col] is not None:
                raise grid.error(r, answer_col, "the answer column beside the rule line is empty")
            rows.append(("rule", r, []))
        else:
            rows.append(("word", r, [((r, c), t) for (c, _), t in zip(used, texts, strict=True)]))
    rules = [r for kind, r, _ in rows if kind == "rule"]
    if not rules:
        raise InputError(
            grid.sheet,
            "no rule line: type a row of `-` (or `=`) between the last addend and the result",
        )
    if len(rules) > 1:
        raise grid.error(rules[1], 0, f"a second rule line (the first is in row {rules[0] + 1})")
    before = [row for row in rows if row[0] == "word" and row[1] < rules[0]]
    after = [row for row in rows if row[0] == "word" and row[1] > rules[0]]
    if not before:
        raise grid.error(rules[0], 0, "no addend above the rule line")
    if len(after) != 1:
        where = f"row {after[1][1] + 1} too" if after else "nothing"
        raise grid.error(
            rules[0], 0, f"one result goes below the rule line, in the next row; found {where}"
        )
    words = [_word(grid, r, parts, answer_col, result=False) for _, r, parts in before]
    words.append(_word(grid, after[0][1], after[0][2], answer_col, result=True))
    p = Puzzle(tuple(words), answer_col, tuple(tuple(row) for row in grid.cells))
    _check_size(grid, p)
    return p


def _word(grid: Grid, r: int, parts: list[tuple[Cell, str]], answer_col: int, result: bool) -> Word:
    """One row's word: its sign, its letters and their cells, and the digits beside it."""
    sign, letters, cells = 0, "", []
    joined = "".join(text for _, text in parts)
    for cell, text in parts:
        if any(ch in TIMES for ch in text):
            raise grid.error(
                *cell,
                f"{quote(text)}: multiplication and division are not supported, only sums (+) "
                "and differences (-) of words",
            )
    if any(ch in RULE | PLUS | MINUS for ch in joined.strip(" +-−－＋").rstrip(" =")):
        raise grid.error(
            *parts[0][0],
            f"{quote(joined)}: one word per row; type the sum in rows: the addends, a rule line "
            "of `-`, then the result",
        )
    for cell, text in parts:
        for ch in text:
            if ch == " ":
                continue
            if ch in PLUS | MINUS and not letters and not sign:
                if result:
                    raise grid.error(*cell, "the result takes no sign: the sum equals it")
                sign = 1 if ch in PLUS else -1
            elif ch.isalpha():
                letters += ch.upper()
                cells.append(cell)
            else:
                what = repr(ch)
                if ch in PLUS | MINUS:
                    what = "a sign after a letter" if letters else "a second sign"
                raise grid.error(
                    *cell,
                    f"{quote(text)} holds {what}: a word is letters only, with one `+` or `-` "
                    "before it" + ("; `=` goes only in the rule line" if ch in RULE else ""),
                )
    if not letters:
        raise grid.error(*parts[0][0], f"{quote(parts[0][1])}: a sign without a word")
    if len(letters) > MAX_DIGITS:
        raise grid.error(
            *parts[0][0],
            f"{quote(joined)}: a word of {len(letters)} letters; at most {MAX_DIGITS}, the digits "
            "Excel keeps of a number",
        )
    given = _digits_shown(grid, r, answer_col, letters, strict=True)
    return Word(letters, sign or 1, r, tuple(cells), given)


def _digits_shown(
    grid: Grid, r: int, col: int, letters: str, strict: bool
) -> tuple[int | None, ...]:
    """The digits an answer cell shows for a word: a number (right-aligned, so 567 beside SEND
    reads 0567), or text of digits and `?` for those not known; all None for a blank cell.
    strict: an InputError for anything else, else all None."""
    v, n = grid[r, col], len(letters)
    if v is None:
        return (None,) * n
    digits = str(v) if isinstance(v, int) and 0 <= v < 10**n else None  # no str() of a huge int
    if digits is not None:
        return tuple(int(ch) for ch in digits.rjust(n, "0"))
    text = "" if isinstance(v, int) else v.replace(" ", "")
    typed = all((ch.isascii() and ch.isdigit()) or ch in UNKNOWN_DIGIT for ch in text)
    if isinstance(v, int) and v >= 0:
        typed, text = True, "x" * (len(str(v)) if v.bit_length() < 1000 else 302)
    if typed and len(text) == n:
        return tuple(int(ch) if ch.isdigit() else None for ch in text)
    if not strict:
        return (None,) * n
    say = f"{len(text)} digits for the {n} letters of {letters}" if typed else "not a number"
    raise grid.error(
        r,
        col,
        f"{quote(v)} beside {letters}: {say}; the answer column holds each word's number "
        "(or nothing), `?` for a digit not known yet",
    )


def _check_size(grid: Grid, p: Puzzle) -> None:
    """Typos that leave no answer, said before any solve: too many letters, a result too
    short or too long for a sum of its addends."""
    letters = p.letters()
    if len(letters) > MAX_LETTERS:
        eleventh = next(w for w in p.words if letters[MAX_LETTERS] in w.letters)
        raise grid.error(
            *eleventh.cells[eleventh.letters.index(letters[MAX_LETTERS])],
            f"{len(letters)} different letters ({', '.join(letters)}): at most ten, one for each "
            f"digit 0-9; check the words for a typo ({eleventh.letters} brings the eleventh, "
            f"{letters[MAX_LETTERS]})",
        )
    if any(w.sign < 0 for w in p.addends):
        return
    longest = max(p.addends, key=lambda w: len(w.letters))
    res = p.result
    if len(res.letters) < len(longest.letters):
        raise grid.error(
            res.row,
            0,
            f"the result {res.letters} has {len(res.letters)} letters, fewer than the addend "
            f"{longest.letters} (row {longest.row + 1}); a sum is never shorter than what it adds",
        )
    most = sum(10 ** len(w.letters) - 1 for w in p.addends)
    if len(res.letters) > len(str(most)):
        raise grid.error(
            res.row,
            0,
            f"the result {res.letters} has {len(res.letters)} letters, but these addends sum to "
            f"at most {most} ({len(str(most))} digits), and a result does not start with 0",
        )


def to_cells(p: Puzzle) -> list[list[Value]]:
    return [list(row) for row in p.cells]


def model(p: Puzzle, form: str = "columns") -> Model:
    """form: `columns` (the sum column by column with carries, the default) or `place-value`
    (one equation of 10^k coefficients, the deck's), for the benchmark."""
    prob = new_problem("alphametic")
    v: dict[tuple[int, int, int], pulp.LpVariable] = {}
    for i, k, _ in p.occurrences():
        r, c = p.answer_cell(p.words[i])
        for d in DIGITS:
            v[i, k, d] = var(prob, "v", r + 1, c + 1, k + 1, d)
        prob += pulp.lpSum(v[i, k, d] for d in DIGITS) == 1, cname("Digit", i + 1, k + 1)
    first: dict[str, tuple[int, int]] = {}
    for i, k, ch in p.occurrences():
        if ch not in first:
            first[ch] = (i, k)
            continue
        for d in DIGITS:  # the same letter, the same digit
            prob += v[i, k, d] == v[(*first[ch], d)], cname("Same", i + 1, k + 1, d)
    for d in DIGITS:  # different letters, different digits
        prob += pulp.lpSum(v[i, k, d] for i, k in first.values()) <= 1, cname("Once", d)
    for i, w in enumerate(p.words):
        if len(w.letters) > 1:
            prob += v[i, 0, 0] == 0, cname("Lead", i + 1)
        for k, d in enumerate(w.given):
            if d is not None:
                prob += v[i, k, d] == 1, cname("Given", i + 1, k + 1)

    def digit(i: int, k: int) -> pulp.LpAffineExpression:
        return pulp.lpSum(d * v[i, k, d] for d in DIGITS)

    last = len(p.words) - 1
    if form == "place-value":
        prob += (
            pulp.lpSum(
                w.sign * 10 ** (len(w.letters) - 1 - k) * digit(i, k)
                for i, w in enumerate(p.addends)
                for k in range(len(w.letters))
            )
            == pulp.lpSum(
                10 ** (len(p.result.letters) - 1 - k) * digit(last, k)
                for k in range(len(p.result.letters))
            ),
            "Sum",
        )
    elif form == "columns":
        width = max(len(w.letters) for w in p.words)
        plus = sum(w.sign > 0 for w in p.addends)
        minus = len(p.addends) - plus
        carry = [None] + [
            var(prob, "c", j, cat=pulp.LpInteger, low=-(minus + 1), up=plus)
            for j in range(1, width)
        ]  # carry[j]: into column j from the right (units: 0)

        def at(i: int, j: int) -> pulp.LpAffineExpression:
            n = len(p.words[i].letters)
            return digit(i, n - 1 - j) if j < n else pulp.lpSum([])

        for j in range(width):
            into = carry[j] if j else 0
            out = 10 * carry[j + 1] if j + 1 < width else 0
            column = pulp.lpSum(w.sign * at(i, j) for i, w in enumerate(p.addends))
            prob += column + into == at(last, j) + out, cname("Column", j + 1)
    else:
        raise ValueError(f"no such form of the alphametic model: {form!r}")
    return Model(prob, list(v.values()), {"v": v})


def decode(p: Puzzle, m: Model) -> Answer:
    v = m["v"]

    def shown(i: int, k: int) -> int | None:
        held = [d for d in DIGITS if solved(v[i, k, d])]
        return held[0] if len(held) == 1 else None

    return tuple(tuple(shown(i, k) for k in range(len(w.letters))) for i, w in enumerate(p.words))


def _number(digits: tuple[int | None, ...]) -> int | None:
    if any(d is None for d in digits):
        return None
    return int("".join(map(str, digits)))


def _where(p: Puzzle, i: int) -> str:
    return f"{p.words[i].letters} ({cell_name(p.answer_cell(p.words[i]))})"


def verify(p: Puzzle, a: Answer) -> list[Violation]:
    """Every letter has a digit (as given), a letter the same digit in every word, different
    letters different digits, no leading 0, and the sum holds."""
    problems: list[Violation] = []
    for i, w in enumerate(p.words):
        cell = [p.answer_cell(w)]
        missing = [ch for ch, d in zip(w.letters, a[i], strict=True) if d is None]
        if len(missing) == len(w.letters):
            problems.append(Violation(f"no number beside {_where(p, i)}", cell))
        elif missing:
            letters = ", ".join(dict.fromkeys(missing))
            problems.append(Violation(f"{_where(p, i)} has no digit for {letters}", cell))
        for ch, g, d in zip(w.letters, w.given, a[i], strict=True):
            if g is not None and d is not None and g != d:
                problems.append(Violation(f"{_where(p, i)}: the given {g} of {ch} is {d}", cell))
        if len(w.letters) > 1 and a[i][0] == 0:
            problems.append(
                Violation(f"{_where(p, i)} starts with 0: a number does not start with 0", cell)
            )
    seen: dict[str, dict[int, list[int]]] = {}  # letter -> digit -> the words showing it
    for i, k, ch in p.occurrences():
        if a[i][k] is not None:
            words = seen.setdefault(ch, {}).setdefault(a[i][k], [])
            if i not in words:
                words.append(i)
    digit_of: dict[str, int] = {}
    for ch, digits in seen.items():
        if len(digits) > 1:
            (d1, w1), (d2, w2) = list(digits.items())[:2]
            problems.append(
                Violation(
                    f"{ch} is {d1} in {_where(p, w1[0])} but {d2} in {_where(p, w2[0])}",
                    [p.answer_cell(p.words[i]) for ws in digits.values() for i in ws],
                )
            )
        else:
            digit_of[ch] = next(iter(digits))
    by_digit: dict[int, list[str]] = {}
    for ch, d in digit_of.items():
        by_digit.setdefault(d, []).append(ch)
    for d, letters in sorted(by_digit.items()):
        if len(letters) > 1:
            words = sorted({i for ch in letters for i in seen[ch][d]})
            cells = [p.answer_cell(p.words[i]) for i in words]
            names = " and ".join(letters) if len(letters) == 2 else ", ".join(letters)
            problems.append(
                Violation(
                    f"{names} are {'both' if len(letters) == 2 else 'all'} {d} "
                    f"({', '.join(map(cell_name, cells))})",
                    cells,
                )
            )
    numbers = [_number(digits) for digits in a]
    if all(n is not None for n in numbers):
        total = sum(w.sign * n for w, n in zip(p.addends, numbers, strict=False))  # type: ignore[operator]
        if total != numbers[-1]:
            problems.append(
                Violation(
                    f"the sum does not hold: {_sum_text(p, numbers[:-1], total)}, the answer says "
                    f"{numbers[-1]}",
                    [p.answer_cell(w) for w in p.words],
                )
            )
    return problems


def _sum_text(p: Puzzle, numbers: list[int | None], result: object) -> str:
    """`9567 + 1085 = 10652`."""
    text = ""
    for k, (w, n) in enumerate(zip(p.addends, numbers, strict=True)):
        sign = "-" if w.sign < 0 else "+"
        text += (f"{sign} " if k else "-" if w.sign < 0 else "") + f"{n} "
    return f"{text}= {result}"


def read_answer(p: Puzzle, grid: Grid, m: Model) -> dict:
    """The digits each word's answer cell shows (a number, or text with `?` for digits not
    known): the digit's v is 1, the position's other digits 0."""
    v, entries = m["v"], {}
    for i, w in enumerate(p.words):
        shown = _digits_shown(grid, w.row, p.answer_col, w.letters, strict=False)
        for k, d in enumerate(shown):
            if d is not None:
                for e in DIGITS:
                    entries[v[i, k, e]] = int(e == d)
    return entries


def blank(grid: Grid, cell: Cell) -> bool:
    """An answer cell (the last column, beside a word) that shows no number yet; the other
    cells are never part of the answer."""
    r, c = cell
    if c != grid.cols - 1 or grid[r, c] is not None:
        return False
    return any(isinstance(x, str) and any(ch.isalpha() for ch in x) for x in grid.cells[r][:-1])


def render(p: Puzzle, a: Answer) -> list[CellWrite]:
    """Each word's number in its answer cell, where the cell shows no given."""
    writes = []
    for w, digits in zip(p.words, a, strict=True):
        n = _number(digits)
        if n is not None and all(g is None for g in w.given):
            writes.append(CellWrite(w.row, p.answer_col, n))
    return writes


def record(p: Puzzle, a: Answer) -> dict:
    """`letters`: each letter's digit; `sum`: the rows as [sign, word, number] (the result's
    sign `=`), for the picture."""
    letters = {ch: a[i][k] for i, k, ch in reversed(list(p.occurrences()))}
    rows = [
        ["-" if w.sign < 0 else "+" if i else "", w.letters, _number(a[i])]
        for i, w in enumerate(p.addends)
    ]
    rows.append(["=", p.result.letters, _number(a[-1])])
    return {"letters": dict(sorted(letters.items())), "sum": rows}


def givens(p: Puzzle, grid: Grid) -> list[Given]:
    """The numbers typed into the answer column, for the conflict search; the words are the
    puzzle's own."""
    cells = (p.answer_cell(w) for w in p.words)
    return [Given(cell, str(grid[cell])) for cell in cells if grid[cell] is not None]


GENRE = define(__name__, slug="alphametic", ja="覆面算", names=("cryptarithm",))
