"""Which marker is which physical card: every card of every game has its own id, unique across the five games.

A game owns a block of ids (``BASES``); inside it its physical cards are numbered in the engine's own order, each
copy of a card its own id. The blocks and the order are the printed markers' meaning: a change would make every
printed sheet and sticker read as other cards, so tests/markers/test_ids.py holds them fixed (append, never
renumber). Each game's cards come from its engine (never from typed data):

- Planetary Sisters: ranks 1–36 (PS-2), notation the rank ("33");
- Strato-Sphere: two 52-card packs (SS-2), notation "10H"/"KS", copies 1 and 2;
- Sister Combination: the 144 cards once each (SC-0), notation "karen:mirror";
- Lumière Prière: each kind's copies for four players' decks (LP-8), notation the engine's card id;
- Planeta Rica: each planet's and gadget's copies, notation the engine's card id.

Pure: the engines only; no web, no OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.games import lumiere as lp
from companion.games.planeta_rica import Gadget, Planet
from companion.games.planetary_sisters.cards import RANKS
from companion.games.sister_combination.cards import DECK as SC_DECK
from companion.games.strato_sphere.cards import Suit, all_cards

PS, SS, SC, LP, PR = "planetary-sisters", "strato-sphere", "sister-combination", "lumiere", "planeta-rica"

# The first id of each game's block; a block may grow up to the next base (the family has 587 ids: codes.py).
BASES: dict[str, int] = {PS: 0, SS: 40, SC: 150, LP: 300, PR: 380}
ID_COUNT = 587  # AprilTag 36h11
BY_PACK = (SS,)  # games numbered pack by pack (Strato-Sphere: the first 52-card pack, then the second)
LP_DECKS = 4  # Lumière Prière: one deck per player, at most four players


@dataclass(frozen=True)
class PhysicalCard:
    id: int  # the marker id
    game: str  # the game's slug
    card: str  # the card in the game's notation (API.md: "33", "10H", "karen:mirror", the engine's card id)
    copy: int  # 1.. among the copies of the same card
    copies: int  # how many copies of it the game has
    name_ja: str
    name_en: str


_SUIT_SIGN = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def _kinds(slug: str) -> list[tuple[str, int, str, str]]:
    """(notation, copies, name_ja, name_en) of every kind of card of the game, in the engine's order."""
    if slug == PS:
        return [(str(rank), 1, f"序列 {rank}", f"Rank {rank}") for rank in RANKS]
    if slug == SS:
        ss_cards = sorted(all_cards(), key=lambda c: (list(Suit).index(c.suit), c.rank))
        return [(str(c), 2, f"{_SUIT_SIGN[c.suit]}{c.rank}", f"{c.rank}{_SUIT_SIGN[c.suit]}") for c in ss_cards]
    if slug == SC:
        return [(str(c), 1, f"{c.sister.name_ja} {c.symbol.label}", f"{c.sister.name_en} {c.symbol.label}")
                for c in SC_DECK]
    if slug == LP:
        return [(c.value, c.per_player * LP_DECKS, c.name_ja, c.name_en) for c in lp.Card]
    if slug == PR:
        return [(k.value, k.copies, k.name_ja, k.name_en) for k in (*Planet, *Gadget)]
    raise KeyError(slug)


@cache
def deck(slug: str) -> tuple[PhysicalCard, ...]:
    """Every physical card of a game with its marker id, in id order. KeyError for an unknown game."""
    base = BASES[slug]
    kinds = _kinds(slug)
    if slug in BY_PACK:  # a whole pack, then the next
        order = [(kind, copy) for copy in range(1, kinds[0][1] + 1) for kind in kinds]
    else:  # a card's copies one after the other
        order = [(kind, copy) for kind in kinds for copy in range(1, kind[1] + 1)]
    return tuple(PhysicalCard(base + i, slug, card, copy, copies, name_ja, name_en)
                 for i, ((card, copies, name_ja, name_en), copy) in enumerate(order))


@cache
def _by_id() -> dict[int, PhysicalCard]:
    every = {c.id: c for slug in BASES for c in deck(slug)}
    if len(every) != sum(len(deck(slug)) for slug in BASES):
        raise ValueError("two cards share a marker id")
    return every


def card_of(marker: int) -> PhysicalCard | None:
    """The physical card a marker id stands for, or None (an id no card has)."""
    return _by_id().get(marker)


@cache
def _by_card(slug: str) -> dict[tuple[str, int], int]:
    return {(c.card, c.copy): c.id for c in deck(slug)}


def marker_of(slug: str, card: str, copy: int = 1) -> int:
    """The marker id of copy ``copy`` of ``card`` (its notation) in ``slug``. KeyError when there is none."""
    return _by_card(slug)[(card, copy)]


def games() -> tuple[str, ...]:
    return tuple(BASES)
