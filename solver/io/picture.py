"""A picture of a solved sheet, drawn the way puzz.link draws a puzzle: the grid, the clues, the
loop or path as one thick line, shaded cells as dark squares, regions (rooms given or found,
sudoku's boxes, country-road's countries) with thick walls.

The picture is drawn once, from what every genre already gives (the givens as typed and the
cells the answer fills dark, both from its cell writes, and the answer's result record:
`shaded`, `lines`, `edges`, `numbers`, `regions`, `black`, `moves`: a circle drawn where it
ends, its start left empty), as a short list of shapes; `svg()` writes those shapes as SVG text
and `png()` paints them with Pillow. A genre adds nothing for its picture.

Katakana and kanji (skeleton's and kanaore's letters) are painted in a CJK font: Noto Sans CJK
JP from the dependency noto-cjk-sans-jp-regular, else one of the machine's (`CJK_FONTS`); with
none, `write` saves the SVG alone (an SVG viewer finds a font) and says so (MissingFont).
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from solver.blocks.geometry import STEPS
from solver.io.drawn_lines import ARMS

CELL = 36  # pixels per cell at scale 1
MARGIN = 12
LINE_COLOUR = "#00A000"  # puzz.link's line colour
SHADE_COLOUR = "#333333"
ANSWER_COLOUR = "#1F4FC8"  # answer digits, as in the sheet
GRID_COLOUR = "#999999"
ICE_COLOUR = "#C8E6FF"

# Givens drawn as shapes rather than as text (the canonical spellings; see each genre's layout).
WHITE_PEARL, BLACK_PEARL = "○", "●"
BLACK_CELLS = {"■", "#"}
LAMP = "○"  # an answer value drawn as a lamp (akari's `shaded` are its lamps)
GLYPHS = frozenset({"▲"})  # answer values drawn as written (tents' tents)
ICE = {"氷"}
CIRCLED_CLUES = {"hashiwokakero"}  # genres whose numbers stand in circles (islands)
BLACK_CLUES = {"akari", "shakashaka"}  # genres whose numbers stand in black cells (walls)
LATTICE_CLUES = {"creek", "gokigen"}  # genres whose clues sit on the grid's corners, one per
# sheet cell
# genres whose clues stand small in a corner, a digit below
CORNER_CLUES = {"inshi-no-heya", "killer-sudoku", "kenken"}
SUM_CLUES = {"kakuro"}  # genres whose clue cells hold sums split by a diagonal (down\\across)
CLUE_CELL_COLOUR = "#C0C0C0"  # pzprjs' grey for such clue cells
# genres whose clues stand in a frame row and column around the grid (abc-place: letters)
FRAME_CLUES = {"skyscrapers", "abc-place"}
SPACED_CELLS = {"icebarn"}  # puzzle cell (r, c) in sheet cell (2r + 1, 2c + 1), borders between
DOTTED_CELLS = {"galaxies"}  # puzzle cell (r, c) in sheet cell (2r, 2c), sides and corners between
LETTER_ANSWERS = {"skeleton", "kanaore"}  # record `cells`: answer letters in empty cells
PART_LETTERS = {"block-puzzle"}  # genres whose letters are givens, not room labels, beside regions
LAMP_COLOUR = "#FFD24D"
# a right triangle's corners, as fractions of a cell, by the corner of its right angle
TRIANGLE = {
    "TL": ((0, 0), (1, 0), (0, 1)),
    "TR": ((0, 0), (1, 0), (1, 1)),
    "BL": ((0, 0), (0, 1), (1, 1)),
    "BR": ((1, 0), (1, 1), (0, 1)),
}

_WINDOWS_FONTS = Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts"
FONTS = (  # tried in turn for PNG text (then CJK_FONTS, which have Latin letters too)
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    str(_WINDOWS_FONTS / "arial.ttf"),
    "/System/Library/Fonts/Supplemental/Arial.ttf",
)
CJK_FONTS = (  # for text with katakana or kanji, after the font the package
    # noto-cjk-sans-jp-regular installs (a dependency): Noto Sans CJK as Debian installs it
    # (fonts-noto-cjk), then the Japanese fonts Windows and macOS come with
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    str(_WINDOWS_FONTS / "YuGothM.ttc"),
    str(_WINDOWS_FONTS / "meiryo.ttc"),
    str(_WINDOWS_FONTS / "msgothic.ttc"),
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
)
SVG_FONTS = (
    "DejaVu Sans, Arial, 'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'Yu Gothic', "
    "Meiryo, sans-serif"
)


class MissingFont(Exception):
    """No font on this machine draws the picture's text (katakana, kanji)."""


@dataclass(frozen=True)
class Shape:
    kind: str  # rect | line | circle | polygon | text
    points: tuple[
        float, ...
    ]  # rect: x, y, w, h; line: x1, y1, x2, y2; circle: cx, cy, r; text: x, y
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    text: str = ""
    size: float = 0.0
    cap: str = "round"  # a line's ends: round (the answer's line) or butt (walls, which join
    # in squares of their own)


@dataclass
class Picture:
    """Shapes on a canvas of `width` x `height` pixels (scale 1), painted in order."""

    width: int
    height: int
    shapes: list[Shape] = field(default_factory=list)

    def add(self, kind: str, *points: float, **style: Any) -> None:
        self.shapes.append(Shape(kind, tuple(points), **style))

    def svg(self) -> str:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}">',
            f'<rect width="{self.width}" height="{self.height}" fill="white"/>',
        ]
        for s in self.shapes:
            paint = f'fill="{s.fill or "none"}"' + (
                f' stroke="{s.stroke}" stroke-width="{s.width:g}"' if s.stroke else ""
            )
            if s.kind == "rect":
                x, y, w, h = s.points
                out.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" {paint}/>')
            elif s.kind == "line":
                x1, y1, x2, y2 = s.points
                out.append(
                    f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                    f'stroke="{s.stroke}" stroke-width="{s.width:g}" stroke-linecap="{s.cap}"/>'
                )
            elif s.kind == "circle":
                cx, cy, r = s.points
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" {paint}/>')
            elif s.kind == "polygon":
                pts = " ".join(
                    f"{x:g},{y:g}" for x, y in zip(s.points[::2], s.points[1::2], strict=True)
                )
                out.append(f'<polygon points="{pts}" {paint}/>')
            else:
                x, y = s.points
                out.append(
                    f'<text x="{x:g}" y="{y:g}" font-family="{SVG_FONTS}" '
                    f'font-size="{s.size:g}" fill="{s.fill}" text-anchor="middle" '
                    f'dominant-baseline="central">{escape(s.text)}</text>'
                )
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def png(self, path: Path, scale: int = 2) -> None:
        """Paint at 2x the scale and shrink, for smooth lines and circles."""
        from PIL import Image, ImageDraw

        big = scale * 2
        img = Image.new("RGB", (self.width * big, self.height * big), "white")
        pen = ImageDraw.Draw(img)
        for s in self.shapes:
            p = [v * big for v in s.points]
            w = max(1, round(s.width * big))
            if s.kind == "rect":
                pen.rectangle(
                    (p[0], p[1], p[0] + p[2], p[1] + p[3]), fill=s.fill, outline=s.stroke, width=w
                )
            elif s.kind == "line":
                pen.line(p, fill=s.stroke, width=w)
                for x, y in ((p[0], p[1]), (p[2], p[3])) if s.cap == "round" else ():
                    pen.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=s.stroke)
            elif s.kind == "circle":
                cx, cy, r = p
                pen.ellipse(
                    (cx - r, cy - r, cx + r, cy + r), fill=s.fill, outline=s.stroke, width=w
                )
            elif s.kind == "polygon":
                pen.polygon(list(zip(p[::2], p[1::2], strict=True)), fill=s.fill, outline=s.stroke)
            else:
                font = _font(round(s.size * big), wide(s.text))
                pen.text((p[0], p[1]), s.text, fill=s.fill, font=font, anchor="mm")
        img.resize((self.width * scale, self.height * scale), Image.LANCZOS).save(path)


def wide(text: str) -> bool:
    """Whether a text holds wide (CJK) characters, katakana or kanji, which need a CJK font."""
    return any(unicodedata.east_asian_width(ch) in "WF" for ch in text)


def cjk_fonts() -> list[str]:
    """The fonts with katakana on this machine, the one the package installs first."""
    found = []
    try:
        from noto_cjk_sans_jp_regular import FONT_PATH

        found.append(str(FONT_PATH))
    except ImportError:  # installed without its dependencies: the machine's own fonts
        pass
    return [path for path in [*found, *CJK_FONTS] if Path(path).exists()]


@functools.cache
def _font(size: int, cjk: bool = False) -> Any:
    """A font of `size` pixels for PNG text; `cjk`: one with katakana and kanji, else
    MissingFont (Pillow's own font would draw them as empty boxes)."""
    from PIL import ImageFont

    paths = cjk_fonts() if cjk else [p for p in FONTS if Path(p).exists()] + cjk_fonts()
    if paths:
        return ImageFont.truetype(paths[0], size)
    if cjk:
        raise MissingFont("no font with katakana and kanji: pip install noto-cjk-sans-jp-regular")
    return ImageFont.load_default(size)


def _centre(r: float, c: float) -> tuple[float, float]:
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def draw(
    givens: list[list[Any]],
    answer: dict[str, Any],
    genre: str = "",
    dark: set[tuple[int, int]] | None = None,
) -> Picture:
    """The picture of a solved sheet: `givens` as typed (None for an empty cell), `answer` the
    result record's answer (rows, cols and the genre's fields), `genre` its slug, `dark` the
    cells the answer fills dark (`dark_of` its writes); where it fills none, the record's
    `shaded` cells are drawn dark (bomber's bombs)."""
    rows, cols = answer["rows"], answer["cols"]
    if "sum" in answer:
        return _written_sum(answer["sum"])
    if "groups" in answer:
        return _table(answer["groups"])
    if genre in LATTICE_CLUES:
        return _lattice(givens, answer, rows - 1, cols - 1)
    if genre in SPACED_CELLS:
        return _spaced(givens, answer)
    if genre in DOTTED_CELLS:
        return _dotted(givens, answer)
    if "regions" in answer and genre not in PART_LETTERS:
        # rooms drawn as borders: of a labelled cell, only its number shows
        givens = [[_unlabelled(v) for v in row] for row in givens]
    if genre in SUM_CLUES:
        return _sums(givens, answer)
    if "signs" in answer:
        return _signs(givens, answer)
    if genre in FRAME_CLUES:
        return _framed(givens, answer)
    moves = {(r0, c0): (r1, c1) for r0, c0, r1, c1 in answer.get("moves", [])}
    arrived = {end: _circled(givens[r][c]) for (r, c), end in moves.items()}
    if moves:  # the circles stand where they end, their starts left empty (satogaeri)
        givens = [
            [None if (r, c) in moves else v for c, v in enumerate(row)]
            for r, row in enumerate(givens)
        ]
    shown = answer.get("cells") or [[None] * cols for _ in range(rows)]
    if genre in LETTER_ANSWERS:  # the board alone, without the word list right of it
        used = [c for row in shown for c, v in enumerate(row) if v not in (None, "")]
        cols = 1 + max(used + [c for _, c in answer.get("black", [])], default=cols - 1)
    pic = Picture(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    lamps = {(r, c) for r, c in cells if givens[r][c] is None and shown[r][c] == LAMP}
    shaded = set(dark) if dark else {tuple(rc) for rc in answer.get("shaded", [])}
    shaded -= lamps
    walls = {
        (r, c)
        for r, c in cells
        if givens[r][c] in BLACK_CELLS or (genre in BLACK_CLUES and isinstance(givens[r][c], int))
    } | {(r, c) for r, c in answer.get("black", [])}  # given black cells, by fill too
    for r, c in cells:
        v = givens[r][c]
        fill = SHADE_COLOUR if (r, c) in shaded | walls else None
        fill = ICE_COLOUR if v in ICE else fill
        if fill:
            pic.add("rect", MARGIN + c * CELL, MARGIN + r * CELL, CELL, CELL, fill=fill)
    if "edges" in answer:  # lines between dots: dots, no grid (as puzz.link draws slitherlink)
        for r in range(rows + 1):
            for c in range(cols + 1):
                pic.add("circle", MARGIN + c * CELL, MARGIN + r * CELL, 2, fill="black")
    else:
        _grid(pic, rows, cols)
    _regions(pic, answer.get("regions"), rows, cols)
    for r, c in cells:
        if givens[r][c] in (WHITE_PEARL, BLACK_PEARL):
            black = givens[r][c] == BLACK_PEARL
            x, y = _centre(r, c)
            pic.add(
                "circle",
                x,
                y,
                CELL * 0.38,
                fill="black" if black else "white",
                stroke="black",
                width=1.5,
            )
    for r, c in sorted(lamps):
        x, y = _centre(r, c)
        pic.add("circle", x, y, CELL * 0.3, fill=LAMP_COLOUR, stroke="black", width=1.5)
    for r, c, corner in answer.get("triangles", []):
        points = [
            MARGIN + (v + dc) * CELL if i % 2 == 0 else MARGIN + (v + dr) * CELL
            for dc, dr in TRIANGLE[corner]
            for i, v in enumerate((c, r))
        ]
        pic.add("polygon", *points, fill=SHADE_COLOUR)
    for r1, c1, r2, c2, *n in answer.get("lines", []):
        _line(pic, _centre(r1, c1), _centre(r2, c2), n[0] if n else 1)
    for r1, c1, r2, c2 in answer.get("edges", []):
        _line(
            pic,
            (MARGIN + c1 * CELL, MARGIN + r1 * CELL),
            (MARGIN + c2 * CELL, MARGIN + r2 * CELL),
            1,
        )
    for r, c in cells:  # a given piece of the line (pipe-link): black, over the answer's
        piece = ARMS.get(givens[r][c], ()) if isinstance(givens[r][c], str) else ()
        x, y, w = *_centre(r, c), CELL * 0.14
        for side in piece:
            dr, dc = STEPS[side]
            pic.add(
                "line",
                x,
                y,
                x + dc * CELL / 2,
                y + dr * CELL / 2,
                stroke="black",
                width=w,
                cap="butt",
            )
        if piece:
            pic.add("rect", x - w / 2, y - w / 2, w, w, fill="black")
    for (r, c), text in sorted(arrived.items()):
        x, y = _centre(r, c)
        pic.add("circle", x, y, CELL * 0.38, fill="white", stroke="black", width=1.5)
        if text:
            pic.add("text", x, y, text=text, size=_size(text), fill="black")
    numbers = answer.get("numbers")
    for r, c in cells:
        x, y = _centre(r, c)
        v = givens[r][c]
        if genre in CORNER_CLUES:  # the clue small in the top-left corner, the digit below it
            if v is not None:
                text = str(v)
                left = MARGIN + c * CELL + CELL * (0.06 + 0.09 * len(text))  # ~0.18 a digit
                pic.add(
                    "text",
                    left,
                    MARGIN + (r + 0.2) * CELL,
                    text=text,
                    size=CELL * 0.3,
                    fill="black",
                )
            if numbers and numbers[r][c] not in (None, "", 0):
                text = str(numbers[r][c])
                pic.add("text", x, y + CELL * 0.08, text=text, size=_size(text), fill=ANSWER_COLOUR)
            continue
        if (
            v is None
            or v in BLACK_CELLS
            or v in ICE
            or v in (WHITE_PEARL, BLACK_PEARL)
            or v in ARMS
        ):
            if numbers and v is None and numbers[r][c] not in (None, ""):
                text = str(numbers[r][c])
                pic.add("text", x, y, text=text, size=_size(text), fill=ANSWER_COLOUR)
            if v is None and shown[r][c] in GLYPHS:
                text = str(shown[r][c])
                pic.add("text", x, y, text=text, size=_size(text), fill=ANSWER_COLOUR)
            if genre in LETTER_ANSWERS and v is None and shown[r][c] not in (None, ""):
                text = str(shown[r][c])
                pic.add("text", x, y, text=text, size=_size(text), fill=ANSWER_COLOUR)
            continue
        if genre in CIRCLED_CLUES:
            pic.add("circle", x, y, CELL * 0.42, fill="white", stroke="black", width=1.5)
        dark = (r, c) in shaded | walls
        pic.add("text", x, y, text=str(v), size=_size(str(v)), fill="white" if dark else "black")
    return pic


def _circled(v: Any) -> str:
    """The number a moved circle shows in its circle ('' for one without number: `?`, `○`)."""
    return "".join(ch for ch in str(v) if ch.isdigit())


def _unlabelled(v: Any) -> Any:
    """A room genre's cell without its room label (the rooms are drawn as borders): the number
    beside the label (`A3` -> 3), None for a label alone, and no answer digit typed after it."""
    from solver.io.room_digits import split_digit
    from solver.io.rooms_sheet import LABELLED_CLUE, read_label

    own, _ = split_digit(v)
    if not isinstance(own, str):
        return own
    if m := LABELLED_CLUE.match(unicodedata.normalize("NFKC", own)):
        return m["clue"]
    label = read_label(own)
    return own if label is None else label[1]


def _lattice(givens: list[list[Any]], answer: dict[str, Any], rows: int, cols: int) -> Picture:
    """A grid of rows x cols cells whose clues stand on its corners (creek, gokigen): the clue
    typed in sheet cell (r, c) belongs to the top-left corner of cell (r, c), drawn in a small
    circle; gokigen's diagonals (the record's `diagonals`) cross their cells."""
    pic = Picture(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    for r, c in answer.get("shaded", []):
        pic.add("rect", MARGIN + c * CELL, MARGIN + r * CELL, CELL, CELL, fill=SHADE_COLOUR)
    _grid(pic, rows, cols)
    for r, line in enumerate(answer.get("diagonals", [])):  # gokigen's: `\\` or `/` a cell
        for c, d in enumerate(line):
            x0, y0 = MARGIN + c * CELL, MARGIN + r * CELL
            ys = (y0, y0 + CELL) if d == "\\" else (y0 + CELL, y0)
            pic.add("line", x0, ys[0], x0 + CELL, ys[1], stroke=ANSWER_COLOUR, width=3)
    for r, row in enumerate(givens):
        for c, v in enumerate(row):
            if not isinstance(v, int) and v != "?":  # a shade the answer wrote is no clue
                continue
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            pic.add("circle", x, y, CELL * 0.3, fill="white", stroke="black", width=1.2)
            pic.add("text", x, y, text=str(v), size=_size(str(v)) * 0.75, fill="black")
    return pic


def _spaced(givens: list[list[Any]], answer: dict[str, Any]) -> Picture:
    """A sheet that holds puzzle cell (r, c) in sheet cell (2r + 1, 2c + 1), the marks on the
    borders between cells in the cells between, and IN and OUT on its frame (icebarn), as
    puzz.link draws it: the R x C grid, ice cells pale blue, each border's arrow on its border,
    IN and OUT outside the grid beside their cells, and the record's `lines` (in puzzle cells;
    the two to a cell outside the grid reach IN and OUT)."""
    rows, cols = (answer["rows"] - 1) // 2, (answer["cols"] - 1) // 2
    pic = Picture((cols + 2) * CELL + 2 * MARGIN, (rows + 2) * CELL + 2 * MARGIN)
    inner = MARGIN + CELL  # the grid's top-left corner, one cell in from the canvas' margin

    def place(i: int, n: int) -> float:
        """A sheet row (column) as puzzle rows (columns) from the grid's top (left) side."""
        return -0.5 if i == 0 else n + 0.5 if i == 2 * n else i / 2

    for r in range(rows):
        for c in range(cols):
            if givens[2 * r + 1][2 * c + 1] is not None:
                pic.add("rect", inner + c * CELL, inner + r * CELL, CELL, CELL, fill=ICE_COLOUR)
    for r in range(rows + 1):
        y = inner + r * CELL
        pic.add("line", inner, y, inner + cols * CELL, y, stroke=GRID_COLOUR, width=1)
    for c in range(cols + 1):
        x = inner + c * CELL
        pic.add("line", x, inner, x, inner + rows * CELL, stroke=GRID_COLOUR, width=1)
    pic.add("rect", inner, inner, cols * CELL, rows * CELL, stroke="black", width=2)
    for r1, c1, r2, c2, *n in answer.get("lines", []):
        ends = [(r1 + 0.5, c1 + 0.5), (r2 + 0.5, c2 + 0.5)]
        for k, (r, c) in enumerate(ends):  # one outside the grid: the line stops at its side
            if not (0 < r < rows and 0 < c < cols):
                other = ends[1 - k]
                ends[k] = ((r + other[0]) / 2, (c + other[1]) / 2)
        (ra, ca), (rb, cb) = ends
        a, b = (inner + ca * CELL, inner + ra * CELL), (inner + cb * CELL, inner + rb * CELL)
        _line(pic, a, b, n[0] if n else 1)
    for i, row in enumerate(givens):
        for j, v in enumerate(row):
            if v is None or (i % 2 == 1 and j % 2 == 1):  # empty, or a cell's ice
                continue
            text = str(v)
            x, y = inner + place(j, cols) * CELL, inner + place(i, rows) * CELL
            frame = i in (0, 2 * rows) or j in (0, 2 * cols)
            size = CELL * 0.4 if frame else _size(text) * 0.75
            if not frame:  # an arrow on a border: on a white disc, over the line
                pic.add("circle", x, y, CELL * 0.22, fill="white")
            pic.add("text", x, y, text=text, size=size, fill="black")
    return pic


def _dotted(givens: list[list[Any]], answer: dict[str, Any]) -> Picture:
    """A sheet that holds puzzle cell (r, c) in sheet cell (2r, 2c), the sides between cells and
    the corners where four meet in the sheet cells between (galaxies), as puzz.link draws it:
    the R x C grid, a black cell dark, the record's `regions` as walls, each dot (a given on any
    sheet cell other than a black cell's) a small circle where it sits, white or black."""
    rows, cols = (answer["rows"] + 1) // 2, (answer["cols"] + 1) // 2
    pic = Picture(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    for i, row in enumerate(givens):
        for j, v in enumerate(row):
            if v in BLACK_CELLS and i % 2 == 0 and j % 2 == 0:
                x, y = MARGIN + j // 2 * CELL, MARGIN + i // 2 * CELL
                pic.add("rect", x, y, CELL, CELL, fill=SHADE_COLOUR)
    _grid(pic, rows, cols)
    _regions(pic, answer.get("regions"), rows, cols)
    for i, row in enumerate(givens):
        for j, v in enumerate(row):
            if v is None or v in BLACK_CELLS:
                continue
            x, y = _centre(i / 2, j / 2)
            black = v in ("●", "*", "•", "＊")
            fill = "black" if black else "white"
            pic.add("circle", x, y, CELL * 0.17, fill=fill, stroke="black", width=1.5)
    return pic


def _sums(givens: list[list[Any]], answer: dict[str, Any]) -> Picture:
    """Clue cells with sums (kakuro), as puzz.link draws them: grey, split by a diagonal from
    the top-left corner, the down sum in the lower-left half and the across sum in the
    upper-right one; the white cells hold the record's `numbers` (a given digit in black)."""
    from solver.genres.kakuro import read_clue

    rows, cols = answer["rows"], answer["cols"]
    numbers = answer.get("numbers") or [[None] * cols for _ in range(rows)]
    pic = Picture(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    clues = {}
    for r in range(rows):
        for c in range(cols):
            if numbers[r][c] is None:  # a clue cell, or a black cell given by its fill alone
                clue = read_clue(givens[r][c]) or read_clue("■")
                clues[r, c] = clue
                x, y = MARGIN + c * CELL, MARGIN + r * CELL
                pic.add("rect", x, y, CELL, CELL, fill=CLUE_CELL_COLOUR)
    _grid(pic, rows, cols)
    small = CELL * 0.32
    for (r, c), clue in clues.items():
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        if clue.down is None and clue.across is None:
            continue
        pic.add("line", x, y, x + CELL, y + CELL, stroke="black", width=1)
        if clue.down is not None:
            pic.add(
                "text",
                x + CELL * 0.3,
                y + CELL * 0.72,
                text=str(clue.down),
                size=small,
                fill="black",
            )
        if clue.across is not None:
            pic.add(
                "text",
                x + CELL * 0.7,
                y + CELL * 0.3,
                text=str(clue.across),
                size=small,
                fill="black",
            )
    for r in range(rows):
        for c in range(cols):
            d = numbers[r][c]
            if d:
                x, y = _centre(r, c)
                given = givens[r][c] == d
                colour = "black" if given else ANSWER_COLOUR
                pic.add("text", x, y, text=str(d), size=_size(str(d)), fill=colour)
    return pic


def _digit(pic: Picture, r: int, c: int, given: Any, shown: Any) -> None:
    """A digit (or letter) in cell (r, c) of the picture: the given in black, else the answer's
    in blue."""
    x, y = _centre(r, c)
    if isinstance(given, int) or (isinstance(given, str) and given.strip()):
        pic.add("text", x, y, text=str(given), size=_size(str(given)), fill="black")
    elif shown not in (None, "", 0):
        pic.add("text", x, y, text=str(shown), size=_size(str(shown)), fill=ANSWER_COLOUR)


def _signs(givens: list[list[Any]], answer: dict[str, Any]) -> Picture:
    """A square of digits with inequality signs between them (futoshiki): the record's
    `numbers` N x N and its `signs` ([r1, c1, r2, c2]: cell 1 is smaller than its neighbour
    cell 2); the givens stand every other sheet cell (sheet cell 2r, 2c). Each sign is drawn
    as a chevron on the border of its two cells, open towards the larger digit."""
    numbers = answer["numbers"]
    n = len(numbers)
    pic = Picture(n * CELL + 2 * MARGIN, n * CELL + 2 * MARGIN)
    _grid(pic, n, n)
    for r in range(n):
        for c in range(n):
            _digit(pic, r, c, givens[2 * r][2 * c], numbers[r][c])
    arm, half = CELL * 0.12, CELL * 0.16
    for r1, c1, r2, c2 in answer["signs"]:
        x1, y1 = _centre(r1, c1)
        x2, y2 = _centre(r2, c2)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = (x2 - x1) / CELL, (y2 - y1) / CELL  # towards the larger digit
        tip = (x - dx * arm, y - dy * arm)
        for side in (-1, 1):
            end = (x + dx * arm + side * dy * half, y + dy * arm + side * dx * half)
            pic.add("line", *tip, *end, stroke="black", width=2)
    return pic


def _framed(givens: list[list[Any]], answer: dict[str, Any]) -> Picture:
    """A grid inside a frame row and column of clues (skyscrapers, abc-place): the sheet's first
    and last rows and columns hold the clues, drawn outside the grid (abc-place's letters range
    in the corner); the record's `numbers` (abc-place: `letters`) is the grid inside."""
    rows, cols = answer["rows"], answer["cols"]
    numbers = answer.get("numbers") or answer["letters"]
    pic = Picture(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    for r in range(1, rows):
        y = MARGIN + r * CELL
        pic.add("line", MARGIN + CELL, y, MARGIN + (cols - 1) * CELL, y, stroke=GRID_COLOUR)
    for c in range(1, cols):
        x = MARGIN + c * CELL
        pic.add("line", x, MARGIN + CELL, x, MARGIN + (rows - 1) * CELL, stroke=GRID_COLOUR)
    inner = ((rows - 2) * CELL, (cols - 2) * CELL)
    pic.add("rect", MARGIN + CELL, MARGIN + CELL, inner[1], inner[0], stroke="black", width=2)
    for r in range(rows):
        for c in range(cols):
            frame = r in (0, rows - 1) or c in (0, cols - 1)
            if frame:
                _digit(pic, r, c, givens[r][c], None)
            else:
                _digit(pic, r, c, givens[r][c], numbers[r - 1][c - 1])
    return pic


def _written_sum(rows: list[list[Any]]) -> Picture:
    """An alphametic as printed, letters in boxes right-aligned, and beside it the same sum in
    the answer's digits: rows [sign, word, number], the result's sign `=` (a rule line above
    it)."""
    width = max(max(len(word), len(str(n or ""))) for _, word, n in rows)
    cols = 2 * (width + 1) + 1  # sign, letters; a gap; sign, digits
    pic = Picture(cols * CELL + 2 * MARGIN, len(rows) * CELL + 2 * MARGIN)
    for r, (sign, word, number) in enumerate(rows):
        digits = "" if number is None else str(number)
        for left, text, colour in ((0, word, "black"), (width + 2, digits, ANSWER_COLOUR)):
            start = left + 1 + width - len(text)
            for k, ch in enumerate(text):
                x, y = MARGIN + (start + k) * CELL, MARGIN + r * CELL
                if colour == "black":
                    pic.add("rect", x, y, CELL, CELL, stroke=GRID_COLOUR, width=1)
                pic.add("text", *_centre(r, start + k), text=ch, size=_size(ch), fill=colour)
            if sign in ("+", "-"):
                pic.add("text", *_centre(r, left), text=sign, size=_size(sign), fill="black")
            if sign == "=":
                y = MARGIN + r * CELL
                x0, x1 = MARGIN + left * CELL, MARGIN + (left + 1 + width) * CELL
                pic.add("line", x0, y, x1, y, stroke="black", width=2.5)
    return pic


WORD_CELLS = 3  # a table cell holding a word is this many cells wide


def _table(rows: list[list[Any]]) -> Picture:
    """A logic grid's answer: one row per item of the first group (in black), the items that go
    with it beside it (in blue)."""
    cols = len(rows[0]) if rows else 0
    pic = Picture(cols * WORD_CELLS * CELL + 2 * MARGIN, len(rows) * CELL + 2 * MARGIN)
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            x, y = MARGIN + c * WORD_CELLS * CELL, MARGIN + r * CELL
            pic.add("rect", x, y, WORD_CELLS * CELL, CELL, stroke=GRID_COLOUR, width=1)
            text = "" if item is None else str(item)
            size = min(CELL * 0.5, WORD_CELLS * CELL * 1.6 / max(len(text), 1))
            colour = "black" if c == 0 else ANSWER_COLOUR
            centre = (x + WORD_CELLS * CELL / 2, y + CELL / 2)
            pic.add("text", *centre, text=text, size=size, fill=colour)
    pic.add(
        "rect", MARGIN, MARGIN, cols * WORD_CELLS * CELL, len(rows) * CELL, stroke="black", width=2
    )
    return pic


def _grid(pic: Picture, rows: int, cols: int) -> None:
    for r in range(rows + 1):
        y = MARGIN + r * CELL
        pic.add("line", MARGIN, y, MARGIN + cols * CELL, y, stroke=GRID_COLOUR, width=1)
    for c in range(cols + 1):
        x = MARGIN + c * CELL
        pic.add("line", x, MARGIN, x, MARGIN + rows * CELL, stroke=GRID_COLOUR, width=1)
    pic.add("rect", MARGIN, MARGIN, cols * CELL, rows * CELL, stroke="black", width=2)


def _size(text: str) -> float:
    return CELL * (0.6 if len(text) <= 2 else 1.2 / len(text))


def _line(pic: Picture, a: tuple[float, float], b: tuple[float, float], n: int) -> None:
    """A stretch of the answer's line; n = 2 draws a double line (two bridges)."""
    width = CELL * 0.14
    if n < 2:
        pic.add("line", *a, *b, stroke=LINE_COLOUR, width=width)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ox, oy = -dy / length * CELL * 0.12, dx / length * CELL * 0.12
    for k in (-1, 1):
        pic.add(
            "line",
            a[0] + k * ox,
            a[1] + k * oy,
            b[0] + k * ox,
            b[1] + k * oy,
            stroke=LINE_COLOUR,
            width=width * 0.6,
        )


WALL = 2.5  # the width of a wall between regions


def _regions(pic: Picture, regions: list[list[Any]] | None, rows: int, cols: int) -> None:
    """Thick borders between cells of different regions, as puzz.link draws room walls: square
    ends, joined by a square where walls meet inside the grid (the frame covers the others)."""
    if not regions:
        return
    joints = set()
    for r in range(rows):
        for c in range(cols):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                pic.add(
                    "line", x + CELL, y, x + CELL, y + CELL, stroke="black", width=WALL, cap="butt"
                )
                joints |= {(r, c + 1), (r + 1, c + 1)}
            if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                pic.add(
                    "line", x, y + CELL, x + CELL, y + CELL, stroke="black", width=WALL, cap="butt"
                )
                joints |= {(r + 1, c), (r + 1, c + 1)}
    for r, c in sorted(joints):
        if 0 < r < rows and 0 < c < cols:
            x, y = MARGIN + c * CELL - WALL / 2, MARGIN + r * CELL - WALL / 2
            pic.add("rect", x, y, WALL, WALL, fill="black")


def dark_of(writes: Iterable[Any]) -> set[tuple[int, int]]:
    """The cells the answer's cell writes fill dark, in the sheet's rows and columns."""
    return {(w.row, w.col) for w in writes if w.shade}


def givens_of(answer: dict[str, Any], writes: Iterable[Any]) -> list[list[Any]]:
    """What was typed, from the record's `cells` (the sheet after solving) and the answer's
    cell writes: a cell the answer wrote a value into was empty (givens are never overwritten)."""
    cells = [[None if v == "" else v for v in row] for row in answer["cells"]]
    for w in writes:
        if w.value is not None:
            cells[w.row][w.col] = None
    return cells


def file_stem(book: Path, sheet: str) -> Path:
    """Where the pictures of a sheet go: beside the book, named after book and sheet."""
    safe = re.sub(r'[\\/:*?"<>|\s]+', "_", sheet).strip("_") or "sheet"
    return book.with_name(f"{book.stem}-{safe}")


def save(givens: list[list[Any]], answer: dict[str, Any], genre: str, stem: Path) -> list[Path]:
    """Write `stem`.svg and `stem`.png; returns both paths."""
    return write(draw(givens, answer, genre), stem)


def of_answer(answer: dict[str, Any], writes: Iterable[Any], genre: str) -> Picture:
    """The picture of a solved sheet, from its record's answer and the answer's cell writes."""
    writes = list(writes)
    return draw(givens_of(answer, writes), answer, genre, dark_of(writes))


def write(pic: Picture, stem: Path) -> list[Path]:
    """Write `stem`.svg and `stem`.png; returns both paths. Where no font on this machine draws
    the picture's text, only the SVG is written (its viewer finds one) and MissingFont says
    so, with the SVG's path as its second argument."""
    svg, png = stem.with_suffix(".svg"), stem.with_suffix(".png")
    svg.write_text(pic.svg(), encoding="utf-8")
    try:
        pic.png(png)
    except MissingFont as exc:
        png.unlink(missing_ok=True)
        raise MissingFont(f"{exc}; only the SVG was written", svg) from None
    return [svg, png]
