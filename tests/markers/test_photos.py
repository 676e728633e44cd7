"""The printed markers read back from phone photos: sticker and card sheet pages (a sample, one of each kind and
game) as a phone photographs them on a table, seeded (tests/markers/photos.py): tilted, turned any way, 1,200 to
2,000 px long, blurred, grainy, lit unevenly, JPEG. At least 99 % of the cards are read, and none is misread: a
card read is on the page, and no card of another game or another page is ever reported."""

from __future__ import annotations

import random

from flask.testing import FlaskClient

from companion.markers import ids, reader
from tests.markers.photos import fetch, phone_photo, png, render, shot

# (address, game, page index): each page's cards are what the reader finds on its clean rendering
# (tests/markers/test_readback.py holds those to the deck card by card)
PAGES = [("/print/sc-stickers.pdf?paper=a4&lang=ja", ids.SC, 1),
         ("/print/ss-stickers.pdf?paper=letter&lang=en", ids.SS, 2),
         ("/print/pr-stickers.pdf?paper=a4&lang=en", ids.PR, 0),
         ("/print/sc-deck.pdf?paper=a4&lang=en", ids.SC, 14),
         ("/print/ps-cards.pdf?paper=a4&lang=ja", ids.PS, 2),
         ("/print/lp-cards.pdf?paper=letter&lang=ja", ids.LP, 4),
         ("/print/pr-cards.pdf?paper=a4&lang=en", ids.PR, 6)]
SHOTS = 6  # photos of each page
SEED = 36


def test_phone_photos_read_at_least_99_percent_and_never_misread(client: FlaskClient) -> None:
    rng = random.Random(SEED)
    total = read = 0
    misread: list[str] = []
    sizes = set()
    for url, slug, index in PAGES:
        page = render(fetch(client, url), [index], dpi=200)[index]
        truth = {c.marker for c in reader.read_cards(slug, png(page))}
        assert len(truth) >= 9
        others = [other for other in ids.games() if other != slug]
        for _ in range(SHOTS):
            how = shot(rng)
            sizes.add(how.long_side)
            photo = phone_photo(page, how, rng)
            seen = [c.marker for c in reader.read_cards(slug, photo)]
            assert len(seen) == len(set(seen))  # a card once, though both its corners show
            total += len(truth)
            read += len(set(seen) & truth)
            misread += [f"{url} page {index}: {m} in {how}" for m in set(seen) - truth]
            # the same photo for another game: none of its cards (no marker is read as another game's card)
            assert reader.read_cards(others[len(sizes) % len(others)], photo) == []
    assert misread == []
    assert min(sizes) < 1400 and max(sizes) > 1800  # the whole range of sizes was tried
    assert read / total >= 0.99, f"{read} of {total} cards read"
    print(f"\nphone photos: {read} of {total} cards read ({read / total:.2%}), {len(misread)} misread")
