"""A seat's view of the table as a picture: the ``rgb_array`` rendering of the environments.

The picture is the text the terminal draws for ``state.view(seat)`` (:func:`render_text`), set in a
fixed-width bitmap font on a page of a fixed size: :data:`COLUMNS` characters by :data:`ROWS` lines, so
that every frame of every game has the same shape (what ``stable_baselines3``'s vector environments and
video recorders need). It is drawn from the seat's view alone, never from the true state, so it shows no
more than the seat may know. A view longer than the page is cut at its last line, which then says so.
"""

from __future__ import annotations

import io
from functools import cache

import numpy as np

import phoenixgames as pg

#: The characters of a line of the picture (the width the text is laid out to).
COLUMNS = 100
#: The lines of the picture; a longer view is cut.
ROWS = 56
#: Pixels of space around the text.
MARGIN = 6
#: The colours of the page and of the text (RGB).
PAPER = (250, 247, 238)
INK = (24, 24, 32)

# The bitmap font draws Latin-1 only: the few other characters the game drawings use, as near as it has.
_PLAIN = str.maketrans(
    {
        "─": "-",
        "━": "-",
        "│": "|",
        "┃": "|",
        "▶": ">",
        "→": ">",
        "○": "o",
        "◎": "O",
        "●": "#",
        "★": "*",
        "♛": "W",
        "…": "~",
    }
)


def render_text(state: pg.GameState, seat: int) -> str:
    """``seat``'s view of ``state`` drawn as the terminal draws it, as plain text ``COLUMNS`` wide."""
    from rich.console import Console

    text = io.StringIO()
    console = Console(file=text, width=COLUMNS, color_system=None)
    console.print(pg.get_spec(state.spec.name).render_view(state.view(seat)))
    return text.getvalue()


def plain_lines(text: str) -> list[str]:
    """``text`` as the lines the page holds, in characters the font draws (any other one as ``?``)."""
    lines = text.translate(_PLAIN).encode("latin-1", "replace").decode("latin-1").splitlines()
    if len(lines) > ROWS:
        lines = [*lines[: ROWS - 1], f"... ({len(lines) - ROWS + 1} more lines)"]
    return [line[:COLUMNS] for line in lines]


@cache
def _font() -> tuple[object, int, int]:
    from PIL import ImageFont

    font = ImageFont.load_default_imagefont()
    left, top, right, bottom = font.getbbox("M")
    return font, right - left, bottom - top


def picture_shape() -> tuple[int, int, int]:
    """The shape of every picture: height, width and 3 colour channels."""
    _, width, height = _font()
    return ROWS * height + 2 * MARGIN, COLUMNS * width + 2 * MARGIN, 3


def render_picture(state: pg.GameState, seat: int) -> np.ndarray:
    """``seat``'s view of ``state`` as a picture: a new ``uint8`` array of :func:`picture_shape`."""
    from PIL import Image, ImageDraw

    font, _, line_height = _font()
    height, width, _ = picture_shape()
    page = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(page)
    for row, line in enumerate(plain_lines(render_text(state, seat))):
        if line.strip():
            draw.text((MARGIN, MARGIN + row * line_height), line, fill=INK, font=font)  # type: ignore[arg-type]
    return np.asarray(page, dtype=np.uint8).copy()
