"""A score page's deck profile (issue #15): on a phone's own profile it offers the card editor; on a built-in one
"Copy and edit", as the profiles page and the table page do (a built-in profile is never written)."""

from __future__ import annotations

import re

import pytest

from tests.web.apps import Phone
from tests.web.helpers import text_of

PAGES = [("planetary-sisters", "/planetary-sisters/score?players=3"), ("planeta-rica", "/planeta-rica/score?players=3")]


def _profile_section(html: str) -> str:
    return html.split("<h2>Deck profile</h2>", 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize(("slug", "url"), PAGES)
def test_a_built_in_profile_is_offered_copy_and_edit(phone: Phone, slug: str, url: str) -> None:
    section = _profile_section(phone.get(url).get_data(as_text=True))
    assert "Copy and edit" in text_of(section) and "Card editor" not in text_of(section)
    source = re.search(r'name="source" value="([^"]*)"', section).group(1)  # type: ignore[union-attr]
    made = phone.post(f"/profiles/{slug}/copy", {"source": source})
    assert made.status_code == 303 and "/p/" in made.headers["Location"]
    editor = text_of(phone.get(made.headers["Location"]).get_data(as_text=True))
    assert "Card editor" in editor


@pytest.mark.parametrize(("slug", "url"), PAGES)
def test_a_phones_own_profile_is_offered_the_card_editor(phone: Phone, slug: str, url: str) -> None:
    token = phone.post(f"/profiles/{slug}/copy", {"source": "default"}).headers["Location"].rsplit("/", 1)[-1]
    section = _profile_section(phone.get(f"{url}&profile=user:{token}").get_data(as_text=True))
    assert "Card editor" in text_of(section) and "Copy and edit" not in text_of(section)
    assert f'href="/p/{token}"' in section


def test_in_japanese_too(phone: Phone) -> None:
    phone.lang = "ja"
    assert "コピーして編集" in text_of(phone.get("/planeta-rica/score").get_data(as_text=True))
