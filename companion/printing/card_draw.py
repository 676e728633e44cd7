"""A result card drawn with Pillow: ``render_card(data)`` -> PNG bytes (the render worker calls it; pool.py).

Each character is drawn with the first of the card's fonts that has it (fonts.card_font_files: Noto Sans CJK JP,
then IPAexGothic, then DejaVu Sans), all on one baseline; one no font has becomes its standard form (姊 -> 姉)
or "?", as in the PDFs, so a card never shows a missing-glyph box. ``measure`` is the same measuring, for
card_layout.py.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Mapping
from functools import cache
from typing import Any

from .card import CARD_SIZE, ResultCard, card_of
from .card_layout import PAPER, Box, Layout, Text, layout
from .fonts import REPLACEMENT, VARIANTS, card_font_files

# Curved shapes are drawn at this many times their size, then scaled down: smooth edges (text is anti-aliased
# by FreeType either way).
_SHAPE_SCALE = 3


@cache
def _cmap(path: str, index: int) -> frozenset[int]:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    with TTFont(path, lazy=True, fontNumber=index) as font:
        return frozenset(font.getBestCmap())


@cache
def _font(path: str, index: int, size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(path, size, index=index)


def _runs(text: str, bold: bool) -> list[tuple[str, tuple[str, int]]]:
    """``text`` cut into runs that one font draws whole: (run, (file, face index)). In a text with no wide
    (Japanese) character, a character of ambiguous width (§, ×, …) is drawn by the last font, a Latin one, where
    it has it: the Japanese fonts draw those full-width, which gapes in an English line."""
    files = card_font_files(bold)
    latin_first = (*files[-1:], *files[:-1])
    latin = not any(unicodedata.east_asian_width(c) in ("W", "F") for c in text)
    runs: list[tuple[str, tuple[str, int]]] = []
    for char in text:
        order = latin_first if latin and unicodedata.east_asian_width(char) == "A" else files
        found = next((f for f in order if ord(char) in _cmap(*f)), None)
        if found is None:
            char = VARIANTS.get(char, REPLACEMENT)
            found = next((f for f in files if ord(char) in _cmap(*f)), files[0])
        if runs and runs[-1][1] == found:
            runs[-1] = (runs[-1][0] + char, found)
        else:
            runs.append((char, found))
    return runs


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of ``text`` none of the card's fonts has (drawn as their standard form or "?")."""
    files = card_font_files(bold)
    return {c for c in set(text) if not any(ord(c) in _cmap(*f) for f in files)}


def measure(text: str, size: int, bold: bool) -> float:
    """How wide ``text`` is drawn at ``size`` px."""
    return float(sum(_font(*f, size).getlength(run) for run, f in _runs(text, bold)))


def _text(draw: Any, text: Text) -> None:
    x = float(text.x) - (measure(text.text, text.size, text.bold) if text.right else 0.0)
    for run, f in _runs(text.text, text.bold):
        font = _font(*f, text.size)
        draw.text((x, text.baseline), run, font=font, fill=text.colour, anchor="ls")
        x += font.getlength(run)


def _smooth(image: Any, box: Box) -> None:
    """A curved shape (circle, crown, rounded box) drawn as a mask at ``_SHAPE_SCALE`` times its size, scaled
    down and filled through it: anti-aliased edges, at the cost of its own few pixels only."""
    from PIL import Image, ImageDraw

    k = _SHAPE_SCALE
    w, h = (box.x1 - box.x0) * k, (box.y1 - box.y0) * k
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    if box.shape == "circle":
        draw.ellipse((0, 0, w - 1, h - 1), fill=255)
    elif box.shape == "crown":
        draw.polygon([(0, h), (0, h * 0.25), (w * 0.27, h * 0.55), (w * 0.5, 0), (w * 0.73, h * 0.55), (w, h * 0.25),
                      (w, h)], fill=255)
    else:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=box.radius * k, fill=255)
    image.paste(box.fill, (box.x0, box.y0, box.x1, box.y1), mask.reduce(k))


def _shapes(boxes: tuple[Box, ...]) -> Any:
    """The card's background and shapes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", CARD_SIZE, PAPER)
    draw = ImageDraw.Draw(image)
    for b in boxes:
        if b.shape in ("circle", "crown") or b.radius:
            _smooth(image, b)
        else:
            draw.rectangle((b.x0, b.y0, b.x1 - 1, b.y1 - 1), fill=b.fill)
    return image


def draw_card(made: Layout) -> bytes:
    """The PNG of a laid-out card."""
    from PIL import ImageDraw

    image = _shapes(made.boxes)
    draw = ImageDraw.Draw(image)
    for text in made.texts:
        _text(draw, text)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def card_png(card: ResultCard) -> bytes:
    return draw_card(layout(card, measure))


def render_card(data: Mapping[str, Any]) -> bytes:
    """The PNG of a card sent as JSON (the render worker's job)."""
    return card_png(card_of(data))
