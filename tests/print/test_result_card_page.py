"""The game-over card of a finished table's page links its result image, in both languages, on the players' link
and (to its own image) on the read-only link; a game not over has no such link."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.print.finished import SEATS, play
from tests.web.apps import Phone
from tests.web.groups.support import token_of
from tests.web.helpers import text_of


def share_link(html: str) -> str:
    match = re.search(r'<p class="actions result-share">(.*?)</p>', html, re.S)
    assert match, "no result image link"
    return match.group(1)


@pytest.mark.parametrize("slug", sorted(SEATS))
def test_the_game_over_card_links_the_image_in_both_languages(app: Flask, phone: Phone, slug: str) -> None:
    played = play(app, phone, slug)
    for lang, label in (("en", "Save the result as an image"), ("ja", "結果を画像で保存")):
        html = Phone(phone.client, lang).get(played.table).get_data(as_text=True)
        link = share_link(html)
        assert f'href="{played.table}/result.png?lang={lang}"' in link
        assert f'download="{slug}-result-{len(played.done.moves)}.png"' in link
        assert label in text_of(link)
        assert "data-share-result" in link and "data-tz" in link
    # the read-only link's page links the read-only link's image, never the players' link
    watched = Phone(phone.client, "en").get(f"/w/{played.watch}").get_data(as_text=True)
    assert f'href="/w/{played.watch}/result.png?lang=en"' in share_link(watched)
    assert token_of(played.table) not in watched


def test_no_link_before_the_end(phone: Phone) -> None:
    started = phone.post("/new/strato-sphere", {"seat0": "Aki", "seat1": "Ben"})
    assert started.status_code == 303
    assert "result-share" not in phone.get(started.headers["Location"]).get_data(as_text=True)
