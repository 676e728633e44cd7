"""The scoring page's "photo of these cards" (issue #36): one photo of a house (or the field, or the guards) fills
the slot being entered, as tapping each card's rank would.

``POST /planetary-sisters/score/photo`` (multipart: the sheet's own fields and ``photo``) reads the photo with the
platform's one reader (companion/web/photos.py) and answers the page with what it read, card by card, and a
"put these in" button: nothing changes until the player confirms (``do=photo`` on the sheet, ``confirm``). A
card the deck profile does not know yet is asked for as typing its rank would ask (its icons, then Add): the
ranks still to enter ride in the sheet's address (``ask``) and the picker holds the first of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.planetary_sisters import Card, capacity
from companion.i18n import gettext as _
from companion.web import photos

from .labels import slot_heading
from .sheet_form import SheetForm, ranks_of

SEP = ","


@dataclass(frozen=True)
class ReadCard:
    """One card the photo showed, and what confirming does with it."""

    rank: int
    card: Card | None  # as the deck profile knows it; None: not known yet (asked for after confirming)
    goes_in: bool  # confirming puts it into the slot
    note: str  # why not, or what is asked ("" when it simply goes in)


@dataclass(frozen=True)
class PhotoRead:
    heading: str  # the slot the photo fills, as the page names it
    cards: tuple[ReadCard, ...]
    missing: int  # room left in the slot after the cards read: tapped in as ever
    ranks: str  # what the confirm button sends (``photo_ranks``)

    @property
    def asked(self) -> tuple[ReadCard, ...]:
        return tuple(c for c in self.cards if c.goes_in and c.card is None)


def what_it_read(form: SheetForm, seen: list[photos.SeenCard]) -> PhotoRead:
    """The photo's cards against the sheet: which go into the slot being filled, which are asked for."""
    room = capacity(form.players, form.slot) - len(form.sheet.of(form.slot))
    cards: list[ReadCard] = []
    for rank in ranks_of(SEP.join(s.card for s in seen)):
        there = form.sheet.where(rank)
        known = form.info.known.get(rank)
        if there is not None:
            cards.append(ReadCard(rank, known, False, _("already on the sheet")))
        elif room <= 0:
            cards.append(ReadCard(rank, known, False, _("no room left here")))
        else:
            room -= 1
            note = "" if known else _("not in the deck profile yet: its icons are asked for after you confirm")
            cards.append(ReadCard(rank, known, True, note))
    going = [str(c.rank) for c in cards if c.goes_in]
    return PhotoRead(slot_heading(str(form.slot), form.wording), tuple(cards), room, SEP.join(going))


def confirmed(form: SheetForm, values: Mapping[str, str]) -> tuple[list[int], list[int]]:
    """``do=photo``: (the ranks to put into the slot now, those the profile knows; the ranks to ask for, the
    others and those asked before that are still not on the sheet)."""
    now: list[int] = []
    asked = [r for r in form.asked if form.sheet.where(r) is None]
    for rank in ranks_of(values.get("photo_ranks")):
        if form.sheet.where(rank) is not None or rank in asked or rank in now:
            continue
        (now if rank in form.info.known else asked).append(rank)
    return now, asked


def asked_notice(form: SheetForm) -> str:
    if not form.asked:
        return ""
    return _("Read from the photo, not in the deck profile yet: %(ranks)s. Tap each card's element icons (its "
             "rank is held in the picker), then Add; once the sheet is complete, remember them.",
             ranks=", ".join(str(r) for r in form.asked))
