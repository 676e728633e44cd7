"""What a Sister Combination card face draws, as SVG artwork (companion/printing/art.py): the element's white
panel, the symbol in two corners (the bottom one upside down), the centre mark; and the one back design. The
words (name, reading, effect, element) are the template's, as text over it. One artwork per element, symbol
and card size, made once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.games.sister_combination.cards import Card, Element, Symbol
from companion.printing.art import icon, n, svg_url
from companion.printing.geometry import CardSize

PT = 25.4 / 72  # mm per point: font sizes are given in points, as in the stylesheets
FONT = "IPAexGothic, DejaVu Sans"
FILL = {Element.FIRE: "#c8392b", Element.EARTH: "#2f7d32", Element.AIR: "#d4a300", Element.WATER: "#1f5fa8"}
INK = {Element.FIRE: "#a52a1e", Element.EARTH: "#246427", Element.AIR: "#8a6a00", Element.WATER: "#174b86"}
INSET = 2.6  # mm between the card's edge and its white panel


@dataclass(frozen=True)
class Face:
    """One card to print: the engine's card and the class naming its artwork (``arts``)."""

    card: Card
    art: str


def _digit(x: float, y: float, size_pt: float, fill: str, label: str) -> str:
    return (f'<text x="{n(x)}" y="{n(y)}" font-size="{size_pt * PT:.3f}" text-anchor="middle" fill="{fill}" '
            f'font-family="{FONT}">{label}</text>')


@cache
def front_art(element: Element, symbol: Symbol, width: float, height: float) -> str:
    px = py = INSET
    pw, ph = width - 2 * INSET, height - 2 * INSET
    mx, my = width / 2, py + ph / 2  # the panel's centre
    parts = [f'<rect x="{n(px)}" y="{n(py)}" width="{n(pw)}" height="{n(ph)}" rx="2.5" fill="#fff"/>']
    corner = (_digit(px + 5.1, py + 7.2, 17, INK[element], symbol.label) if symbol.is_number
              else icon(f"sc-{symbol.value}-{element.value}", px + 2.6, py + 2.6, 5))
    parts += [corner, f'<g transform="rotate(180 {n(mx)} {n(my)})">{corner}</g>']
    if symbol is Symbol.SP:
        parts += [f'<circle cx="{n(mx)}" cy="{n(my - 9)}" r="10" fill="{FILL[element]}"/>',
                  icon("sc-sp-white", mx - 5.5, my - 14.5, 11)]
    else:
        parts.append(f'<ellipse cx="{n(mx)}" cy="{n(my + 2)}" rx="15" ry="20" fill="{FILL[element]}"/>')
        parts.append(_digit(mx, my + 8, 48, "#fff", symbol.label) if symbol.is_number
                     else icon(f"sc-{symbol.value}-white", mx - 6.5, my - 9, 13))
    return svg_url(width, height, "".join(parts))


@cache
def back_art(width: float, height: float) -> str:
    """A frame and the four elements in one wheel: fire at the top, then earth, air and water clockwise."""
    cx, cy, d = width / 2, 55.7, 6 * 0.7071  # a 12 mm wheel of four wedges, split on the diagonals
    parts = [f'<rect x="4" y="4" width="{n(width - 8)}" height="{n(height - 8)}" rx="3" fill="none" '
             f'stroke="#d9d6cf" stroke-width="0.5"/>']
    for colour, (x0, y0, x1, y1) in zip(FILL.values(), ((-d, -d, d, -d), (d, -d, d, d), (d, d, -d, d),
                                                        (-d, d, -d, -d)), strict=True):
        parts.append(f'<path d="M{n(cx)} {n(cy)} L{n(cx + x0)} {n(cy + y0)} A6 6 0 0 1 {n(cx + x1)} {n(cy + y1)} Z" '
                     f'fill="{colour}"/>')
    return svg_url(width, height, "".join(parts))


def faces(cards: tuple[Card, ...]) -> list[Face]:
    return [Face(c, f"art-{c.element.value}-{c.symbol.value}") for c in cards]


def arts(cards: tuple[Card, ...], size: CardSize) -> dict[str, str]:
    """class -> artwork (data: URL) of every face ``faces`` names, and ``art-back``: each written once in the
    document's style block."""
    found = {f"art-{c.element.value}-{c.symbol.value}": front_art(c.element, c.symbol, size.width, size.height)
             for c in cards}
    found["art-back"] = back_art(size.width, size.height)
    return found
