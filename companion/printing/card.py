"""A table's result card: what the shareable PNG shows, already worded in its language (the web layer words it
from the game's score summary: companion/web/printing/result.py), and its cache key.

Pure data: no Pillow, no Flask. It travels to the render worker as JSON (``to_json`` / ``card_of``), where
card_layout.py places it and card_draw.py draws it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from .fonts import card_font_files

# Part of every card's cache key: bump when the layout or the drawing changes what a card looks like.
CARD_LAYOUT_VERSION = "1"
CARD_SIZE = (1080, 1350)  # px: 4:5, the portrait shape chat apps show whole on a phone


@dataclass(frozen=True)
class CardRow:
    """One line of the ranking: the place ("1", or "?" when not known), the seat's name, its score as the
    score summary shows it ("9", "out 1st", "won"), and whether the seat is among the winners."""

    place: str
    name: str
    score: str
    first: bool = False


@dataclass(frozen=True)
class ResultCard:
    lang: str  # "ja" or "en": the language every text below is in
    game: str  # the game's name in that language
    game_other: str  # its name in the other language
    when: str  # when the game ended, in the phone's time zone, with the zone's name
    headline_label: str  # "Winner", "Winners", or "Result" for a drawn game
    headline: str  # the winners' names, or "Drawn game"
    headline_score: str  # the winner's score as shown ("" for a drawn game)
    ranking_label: str
    rows: tuple[CardRow, ...]
    working_label: str
    working: str  # one line of the working: how the winner's score is made up, or the ruling that decided
    seats: str  # "Seats (clockwise): 1. Aki · 2. Ben · 3. Chie"
    footer: str  # the app's name

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def card_of(data: Mapping[str, Any]) -> ResultCard:
    """The card ``to_json`` gave (the render worker's side)."""
    fields = dict(data)
    fields["rows"] = tuple(CardRow(**row) for row in fields.get("rows", ()))
    return ResultCard(**fields)


@cache
def _pillow_version() -> str:
    from importlib.metadata import version

    return version("pillow")


def card_key(card: ResultCard) -> str:
    """The card's cache key and ETag: its words, the layout's version, Pillow's and the fonts'. The words hold the
    table's result, language and time zone, so a new version of the table that changes nothing shown keeps it."""
    h = hashlib.sha256()
    for part in ("result-card", CARD_LAYOUT_VERSION, _pillow_version(), repr(card_font_files(False)),
                 repr(card_font_files(True)), json.dumps(card.to_json(), sort_keys=True, ensure_ascii=False)):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()
