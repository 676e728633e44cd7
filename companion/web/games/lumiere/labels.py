"""How Lumière Prière's ids read on a page: card names, areas, seats, lines, phases, in the current language.

The engine speaks in ids (``yokai``, ``r1c2``, seat ``0``, ``anti-diagonal``); a player reads 妖怪 / Yokai,
"B3" (rows A–D from the top, columns 1–4 from the left, as printed around the field), 横 / row. In the referee
API's messages areas stay as the API writes them (``[row, col]``), so a message matches the request it
explains: whoever words something passes its ``companion.web.wording.Wording`` (``cell_label(cell, wording)``),
which also names the seats (the table's names, "Player 2" on the capture checker, "seat 1" in the API).
"""

from __future__ import annotations

from companion.games.base import ParseError
from companion.games.lumiere import Card, Cell, Line, Phase
from companion.i18n import language, pgettext
from companion.web.wording import PAGE, Wording

ROWS = "ABCD"

# The side of the field each seat's cards face (state.SIDES: 0 bottom, 1 left, 2 top, 3 right), as an arrow
# pointing at that seat from the middle of the field.
ARROWS = ("↓", "←", "↑", "→")

# Short words are looked up in the "lumiere" context: another part's catalog may use the same English word with
# another meaning, and catalogs are merged.


def _side_names() -> tuple[str, ...]:
    return (pgettext("lumiere", "bottom"), pgettext("lumiere", "left"), pgettext("lumiere", "top"),
            pgettext("lumiere", "right"))


def _line_names() -> dict[Line, str]:
    return {
        Line.ROW: pgettext("lumiere", "row"),
        Line.COLUMN: pgettext("lumiere", "column"),
        Line.DIAGONAL: pgettext("lumiere", "diagonal ＼"),
        Line.ANTI_DIAGONAL: pgettext("lumiere", "diagonal ／"),
        Line.CORNER: pgettext("lumiere", "corner"),
    }


def _phase_names() -> dict[str, str]:
    return {
        "setup": pgettext("lumiere", "setup"),
        "start": pgettext("lumiere", "start phase"),
        "remove": pgettext("lumiere", "remove phase"),
        "effect": pgettext("lumiere", "effect phase"),
        "set": pgettext("lumiere", "set phase"),
        "get": pgettext("lumiere", "get phase"),
        "draw": pgettext("lumiere", "draw phase"),
        "over": pgettext("lumiere", "game over"),
    }


def _move_names() -> dict[str, str]:
    return {
        "first": pgettext("lumiere", "choose the first player"),
        "opening": pgettext("lumiere", "place a commoner"),
        "take": pgettext("lumiere", "take a top card"),
        "play": pgettext("lumiere", "play a card"),
        "move": pgettext("lumiere", "move a card"),
        "turn": pgettext("lumiere", "turn a card"),
        "swap": pgettext("lumiere", "swap two cards"),
        "send": pgettext("lumiere", "send a card off the field"),
        "mulligan": pgettext("lumiere", "mulligan"),
        "set": pgettext("lumiere", "set the card"),
        "get": pgettext("lumiere", "resolve the get phase"),
        "draw": pgettext("lumiere", "draw a card"),
    }


def card_name(card: Card | str) -> str:
    """妖怪 in Japanese, Yokai in English; an id that is no card stays as it was written."""
    if isinstance(card, str):
        try:
            known = Card(card)
        except ValueError:
            return card
    else:
        known = card
    return known.name_ja if language() == "ja" else known.name_en


# Where an English name may break on a small card (a soft hyphen); Japanese names are short enough.
_BREAKS = {Card.COMMONER: "Com\u00admoner", Card.EXORCIST: "Exor\u00adcist", Card.MAGICIAN: "Magi\u00adcian",
           Card.BORDERER: "Border\u00ader", Card.OTHERWORLDER: "Other\u00adworlder", Card.CONJURER: "Conjur\u00ader",
           Card.VAMPIRE: "Vam\u00adpire", Card.WARRIOR: "War\u00adrior"}


def card_short(card: Card) -> str:
    """The name on a small card of the drawn field: a long English name may break with a hyphen."""
    return card.name_ja if language() == "ja" else _BREAKS.get(card, card.name_en)


def cell_label(cell: Cell | str, wording: Wording = PAGE) -> str:
    """``r1c2`` -> "B3" on a page; "[1, 2]" in an API message (``wording.api``)."""
    if isinstance(cell, str):
        try:
            known = Cell.parse(cell)
        except ParseError:
            return cell
    else:
        known = cell
    if wording.api:
        return f"[{known.row}, {known.col}]"
    return f"{ROWS[known.row]}{known.col + 1}"


def side_name(seat: int) -> str:
    names = _side_names()
    return names[seat] if 0 <= seat < len(names) else str(seat)


def line_name(line: Line | str) -> str:
    if isinstance(line, str):
        try:
            known = Line(line)
        except ValueError:
            return line
    else:
        known = line
    return _line_names()[known]


def phase_name(phase: Phase | str) -> str:
    key = phase.value if isinstance(phase, Phase) else str(phase)
    return _phase_names().get(key, key)


def move_name(kind: str) -> str:
    return _move_names().get(kind, kind)
