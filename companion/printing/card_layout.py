"""Where each text and shape of a result card goes, in pixels: ``layout(card, measure)``.

Pure: text is measured by the ``measure`` it is given (card_draw.py's, with the card's fonts), so what the card
says line by line (``lines_of``) is what is drawn. Long text wraps: Latin at spaces, Japanese between any two
characters except before closing punctuation or after opening brackets (禁則); what still does not fit ends in
"…" rather than running off the card.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from .card import CARD_SIZE, ResultCard

Measure = Callable[[str, int, bool], float]  # (text, size in px, bold) -> width in px

WIDTH, HEIGHT = CARD_SIZE
MARGIN = 72
INNER = WIDTH - 2 * MARGIN

INK = "#1d1d24"
MUTED = "#5d5d6b"
PAPER = "#fbfaf7"
ACCENT = "#3b4cc0"
ON_ACCENT = "#ffffff"
ON_ACCENT_SOFT = "#d9ddf7"
GOLD = "#b8860b"
TINT = "#eceefa"
RULE = "#d9d6cf"
ELLIPSIS = "…"
ROW_AT_LEAST = 44  # px a ranking row is given before the working loses a line for it


@dataclass(frozen=True)
class Text:
    text: str
    x: int  # the left edge, or the right edge when ``right``
    baseline: int
    size: int
    bold: bool = False
    colour: str = INK
    right: bool = False
    role: str = ""  # what the text is ("game", "winner", "row", ...): for the tests and for nothing else


@dataclass(frozen=True)
class Box:
    x0: int
    y0: int
    x1: int
    y1: int
    fill: str
    radius: int = 0
    shape: str = "rect"  # "rect", "circle" (the box's inscribed circle), "crown", "line"


@dataclass(frozen=True)
class Layout:
    boxes: tuple[Box, ...]
    texts: tuple[Text, ...]


# -- wrapping ---------------------------------------------------------------------------------------------------

# A line never starts with these (closing punctuation, small kana, the long vowel mark) ...
NO_START = frozenset("、。，．,.:;!?！？：；・ー」』）)]｝}〉》】〕”’…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々%％")
# ... nor ends with these (opening brackets).
NO_END = frozenset("「『（([｛{〈《【〔“‘")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _tokens(text: str) -> list[str]:
    """The pieces a line may break between: a Latin word with the spaces after it, or one wide character;
    a piece that may not start a line is kept with the one before it, one that may not end a line with the next."""
    pieces: list[str] = []
    word = ""
    for char in text:
        if _wide(char):
            if word:
                pieces.append(word)
                word = ""
            pieces.append(char)
        elif char == " ":
            pieces.append(word + char)
            word = ""
        else:
            word += char
    if word:
        pieces.append(word)
    glued: list[str] = []
    carry = ""
    for piece in pieces:
        piece = carry + piece
        carry = ""
        if glued and piece[0] in NO_START and not glued[-1].endswith(" "):
            glued[-1] += piece
        elif piece.rstrip()[-1:] in NO_END:
            carry = piece
        else:
            glued.append(piece)
    if carry:
        glued.append(carry)
    return glued


def fit(text: str, width: float, size: int, bold: bool, measure: Measure) -> str:
    """``text`` cut short with "…" so that it fits ``width`` (unchanged when it fits)."""
    if measure(text, size, bold) <= width:
        return text
    cut = text
    while cut and measure(cut.rstrip() + ELLIPSIS, size, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS


def wrap(text: str, width: float, size: int, bold: bool, measure: Measure, most: int) -> list[str]:
    """``text`` in lines no wider than ``width``, at most ``most`` of them (the last ends in "…" when the text
    goes on)."""
    lines: list[str] = []
    line = ""
    for piece in _tokens(" ".join(text.split())):
        candidate = line + piece
        if not line or measure(candidate.rstrip(), size, bold) <= width:
            line = candidate
            continue
        lines.append(line.rstrip())
        line = piece.lstrip()
    if line.strip():
        lines.append(line.rstrip())
    lines = [part for whole in lines for part in _hard_break(whole, width, size, bold, measure)]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = fit(lines[-1] + ELLIPSIS * 2, width, size, bold, measure)
    return lines


def _hard_break(line: str, width: float, size: int, bold: bool, measure: Measure) -> list[str]:
    """A line with one piece wider than ``width`` (a very long word or name), broken between characters."""
    if measure(line, size, bold) <= width:
        return [line]
    parts: list[str] = []
    current = ""
    for char in line:
        if current and measure(current + char, size, bold) > width:
            parts.append(current)
            current = char.lstrip()
        else:
            current += char
    if current:
        parts.append(current)
    return parts


# -- the card ---------------------------------------------------------------------------------------------------


def _leading(size: int) -> int:
    return round(size * 1.32)


def layout(card: ResultCard, measure: Measure) -> Layout:
    """Top to bottom: a band with the game and the date; the winner; the ranking, whose rows share what height
    the rest leaves; the working in a tinted box; at the foot the seats and the app's name."""
    boxes: list[Box] = []
    texts: list[Text] = []

    # the band: the game's name (shrunk to fit, down to a size still read at a glance), its other name, the date
    y = 56
    title_size = next((s for s in (72, 64, 56, 48) if measure(card.game, s, True) <= INNER), 48)
    y += title_size
    texts.append(Text(fit(card.game, INNER, title_size, True, measure), MARGIN, y, title_size, True, ON_ACCENT,
                      role="game"))
    y += 12
    for text, role in ((card.game_other, "game_other"), (card.when, "when")):
        if text:
            y += _leading(30)
            texts.append(Text(fit(text, INNER, 30, False, measure), MARGIN, y, 30, False, ON_ACCENT_SOFT, role=role))
    band = y + 44
    boxes.append(Box(0, 0, WIDTH, band, ACCENT))

    # the winner: a label, then the name(s) large with the score at the right
    y = band + 40 + 32
    texts.append(Text(card.headline_label, MARGIN, y, 32, False, MUTED, role="headline_label"))
    score_size = 80
    score_width = measure(card.headline_score, score_size, True) if card.headline_score else 0
    crown = 76 if card.headline_score else 0  # a drawn game has no score and no crown
    name_room = INNER - crown - (score_width + 32 if score_width else 0)
    name_size = next((s for s in (80, 68, 56) if measure(card.headline, s, True) <= name_room), 56)
    y += 24 + name_size
    if crown:
        boxes.append(Box(MARGIN, y - 58, MARGIN + 60, y - 4, GOLD, shape="crown"))
    texts.append(Text(fit(card.headline, name_room, name_size, True, measure), MARGIN + crown, y, name_size, True,
                      INK, role="headline"))
    if card.headline_score:
        texts.append(Text(card.headline_score, WIDTH - MARGIN, y, score_size, True, ACCENT, right=True,
                          role="headline_score"))
    top_of_ranking = y + 48

    # from the bottom up: the app's name, the seats, the working
    bottom = HEIGHT - 44
    texts.append(Text(card.footer, MARGIN, bottom, 24, False, MUTED, role="footer"))
    seat_lines = wrap(card.seats, INNER, 26, False, measure, 2)
    y = bottom - 24 - 16
    for line in reversed(seat_lines):
        texts.append(Text(line, MARGIN, y, 26, False, MUTED, role="seats"))
        y -= _leading(26)
    boxes.append(Box(MARGIN, y - 8, WIDTH - MARGIN, y - 6, RULE, shape="line"))
    y -= 24
    last = y - 16  # the lowest the working's box may reach

    # the ranking: its label and a rule, then the rows, sharing what height the working leaves them
    y = top_of_ranking + 28
    texts.append(Text(card.ranking_label, MARGIN, y, 28, True, MUTED, role="ranking_label"))
    y += 18
    boxes.append(Box(MARGIN, y, WIDTH - MARGIN, y + 2, RULE, shape="line"))
    y += 2
    rows = card.rows
    # the working takes up to 4 lines, fewer when the rows would be cramped (a table of many players)
    working_lines: list[str] = []
    working_height = 0
    for most in (4, 3, 2, 1):
        working_lines = wrap(card.working, INNER - 64, 32, False, measure, most) if card.working else []
        working_height = 32 + 28 + 16 + _leading(32) * len(working_lines) + 28 if working_lines else 0
        room = last - (working_height + 36 if working_lines else 0) - y
        if room // max(1, len(rows)) >= ROW_AT_LEAST:
            break
    row_height = min(92, room // max(1, len(rows)))
    size = max(18, min(46, round(row_height * 0.5)))
    badge = min(row_height - 8, round(size * 1.5))
    for index, row in enumerate(rows):
        middle = y + row_height // 2
        baseline = middle + round(size * 0.36)
        if row.first:
            boxes.append(Box(MARGIN, middle - badge // 2, MARGIN + badge, middle + badge // 2, GOLD, shape="circle"))
        # the place centred in its badge's column: drawn right-aligned at the centre plus half its width
        texts.append(Text(row.place, MARGIN + badge // 2 + round(measure(row.place, size, True) / 2), baseline,
                          size, True, ON_ACCENT if row.first else MUTED, right=True, role="place"))
        name_x = MARGIN + badge + 24
        score_room = measure(row.score, size, True)
        texts.append(Text(fit(row.name, WIDTH - MARGIN - name_x - score_room - 32, size, row.first, measure), name_x,
                          baseline, size, row.first, INK, role="row"))
        texts.append(Text(row.score, WIDTH - MARGIN, baseline, size, True, INK, right=True, role="score"))
        y += row_height
        if index < len(rows) - 1:
            boxes.append(Box(name_x, y - 1, WIDTH - MARGIN, y, RULE, shape="line"))

    # the working: in a tinted box under the ranking
    if working_lines:
        top = y + 36
        boxes.append(Box(MARGIN, top, WIDTH - MARGIN, top + working_height, TINT, radius=24))
        line_y = top + 32 + 28
        texts.append(Text(card.working_label, MARGIN + 32, line_y, 28, True, ACCENT, role="working_label"))
        line_y += 16
        for line in working_lines:
            line_y += _leading(32)
            texts.append(Text(line, MARGIN + 32, line_y - 8, 32, False, INK, role="working"))
    return Layout(tuple(boxes), tuple(sorted(texts, key=lambda t: (t.baseline, t.x))))


def lines_of(made: Layout) -> list[tuple[str, str]]:
    """(role, text) of every text on the card, top to bottom and left to right: what a test reads back."""
    return [(t.role, t.text) for t in made.texts]
