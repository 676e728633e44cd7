"""What the web layer calls: a ``Printer`` answers a print (a PDF, or a result card's PNG) from the cache or renders
it in the pool."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cache import PdfCache, cache_key
from .card import ResultCard, card_key
from .fonts import glyph_safe
from .pool import RenderPool

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    key: str
    cached: bool
    replaced: frozenset[str] = field(default_factory=frozenset)  # characters no font had


@dataclass(frozen=True)
class CardImage:
    png: bytes
    key: str  # card.card_key: the cache key and the ETag
    cached: bool


@dataclass
class Printer:
    """What the web layer calls: ``print_html`` and ``print_card`` answer from the cache or render in the pool."""

    cache: PdfCache
    pool: RenderPool
    time_limit: float = 20.0
    test_delay: float = 0.0  # seconds each render waits first (tests of the time limit only)
    cards: PdfCache | None = None  # the result cards' PNGs; None: kept with the PDFs

    def print_html(self, html: str, options: Mapping[str, Any], bleed: float | None = None) -> Printed:
        html, replaced = glyph_safe(html)
        if replaced:
            log.info("printing: replaced characters no font has: %s", "".join(sorted(replaced)))
        key = cache_key(html, {**options, "bleed": bleed})
        found = self.cache.get(key)
        if found is not None:
            return Printed(found, key, True, frozenset(replaced))
        job: dict[str, Any] = {"html": html, "bleed": bleed}
        if self.test_delay:
            job["delay"] = self.test_delay
        pdf = self.pool.render(job, self.time_limit)
        self.cache.put(key, pdf)
        return Printed(pdf, key, False, frozenset(replaced))

    def print_card(self, card: ResultCard, key: str | None = None) -> CardImage:
        """A result card's PNG, drawn in the pool (the PDFs' time limit and workers) unless the cache has it.
        ``key``: ``card_key(card)`` when the caller has it already."""
        key = key or card_key(card)
        cache = self.cards if self.cards is not None else self.cache
        found = cache.get(key)
        if found is not None:
            return CardImage(found, key, True)
        job: dict[str, Any] = {"kind": "card", "card": card.to_json()}
        if self.test_delay:
            job["delay"] = self.test_delay
        png = self.pool.render(job, self.time_limit)
        cache.put(key, png)
        return CardImage(png, key, False)
