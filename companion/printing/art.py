"""Card-face artwork as SVG images (issue #29: every PDF in time).

What a face draws (panels, marks, icons: no words) is built here as one small SVG and handed to the template as a
``data:`` URL, written once per document as a card class's background image. WeasyPrint parses an image once per
URL and then only draws it, where every element of an inline SVG, or every nested box of an HTML drawing, is
parsed, styled and laid out again at each use; a deck has a few dozen distinct artworks for its 144 faces. The words stay HTML text over the image (an SVG <text> is laid out letter by
letter by WeasyPrint, slower than a line of HTML).

Coordinates are millimetres: each artwork's viewBox is the card's trim size.
"""

from __future__ import annotations

import re
from functools import cache
from urllib.parse import quote

from .render import PRINTABLES

_OUTER = re.compile(r'^\s*<svg\b[^>]*\bviewBox="0 0 ([\d.]+) ([\d.]+)"[^>]*>(.*)</svg>\s*$', re.S)


def n(value: float) -> str:
    """A coordinate, short: 2 decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


@cache
def _icon(name: str) -> tuple[float, str]:
    """(viewBox width, inner markup) of printables/icons/<name>.svg; the icons are square, drawn from 0 0."""
    if not re.fullmatch(r"[a-z0-9-]+", name):
        raise ValueError(f"no icon named {name!r}")
    found = _OUTER.match((PRINTABLES / "icons" / f"{name}.svg").read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"icons/{name}.svg is not one <svg> with a viewBox")
    return float(found.group(1)), found.group(3)


def icon(name: str, x: float, y: float, size: float) -> str:
    """The icon printables/icons/<name>.svg with its top-left corner at (x, y), ``size`` mm a side."""
    width, shapes = _icon(name)
    return f'<g transform="translate({n(x)} {n(y)}) scale({size / width:.4f})">{shapes}</g>'


def svg_url(width: float, height: float, body: str) -> str:
    """``body`` as an SVG image of ``width`` x ``height`` mm (viewBox in mm), as a data: URL."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(width)}mm" height="{n(height)}mm" '
           f'viewBox="0 0 {n(width)} {n(height)}">{body}</svg>')
    # only characters that read the same in an attribute, a <style> block and url("..."): quotes, "#" (a
    # fragment), "&" and "<" are %-encoded
    return "data:image/svg+xml," + quote(svg, safe=" /:=,.-()")
