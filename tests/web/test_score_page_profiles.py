"""A score page's deck profile: on a phone's own profile it offers the card editor; on a built-in one
"Copy and edit", as the profiles page and the table page do (a built-in profile is never written). Either way the
editor leads back to the sheet, which then scores with the profile edited (what was on the sheet kept)."""

from __future__ import annotations

import re
from html import unescape

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
    assert f'href="/p/{token}?back=' in section  # the editor leads back to this sheet


def test_in_japanese_too(phone: Phone) -> None:
    phone.lang = "ja"
    assert "コピーして編集" in text_of(phone.get("/planeta-rica/score").get_data(as_text=True))


def _back_link(editor_html: str) -> str:
    found = re.search(r'<a class="button primary" href="([^"]+)">Back to the score sheet, with this profile</a>',
                      editor_html)
    assert found is not None, text_of(editor_html)[:400]
    return unescape(found.group(1))


@pytest.mark.parametrize(("slug", "url"), PAGES)
def test_copy_and_edit_leads_back_to_the_sheet_now_using_the_copy(phone: Phone, slug: str, url: str) -> None:
    sheet = url + "&name0=Aiko"
    section = _profile_section(phone.get(sheet).get_data(as_text=True))
    fields = dict(re.findall(r'<input type="hidden" name="(source|back)" value="([^"]*)">', section))
    assert unescape(fields["back"]).startswith(url.split("?")[0]) and "name0=Aiko" in unescape(fields["back"])
    made = phone.post(f"/profiles/{slug}/copy", {k: unescape(v) for k, v in fields.items()})
    token = made.headers["Location"].rsplit("/", 1)[-1]
    back = _back_link(phone.get(made.headers["Location"]).get_data(as_text=True))
    assert back.startswith(url.split("?")[0] + "?") and f"profile=user%3A{token}" in back and "name0=Aiko" in back
    # the way back survives the editor's own pages (another card opened)
    assert _back_link(phone.get(f"/p/{token}?card=1").get_data(as_text=True)) == back
    # and the sheet it leads to uses the copy, with what was typed on it
    again = phone.get(back).get_data(as_text=True)
    assert f'name="profile" value="user:{token}"' in again
    assert 'value="Aiko"' in again
    assert "Card editor" in text_of(_profile_section(again))


def test_the_card_editor_link_of_an_own_profile_leads_back_too(phone: Phone) -> None:
    token = phone.post("/profiles/planetary-sisters/copy", {"source": "default"}).headers["Location"].rsplit("/", 1)[-1]
    section = _profile_section(phone.get(f"/planetary-sisters/score?players=2&profile=user:{token}").get_data(as_text=True))
    link = unescape(re.search(r'href="(/p/[^"]+)"', section).group(1))  # type: ignore[union-attr]
    back = _back_link(phone.get(link).get_data(as_text=True))
    assert back.startswith("/planetary-sisters/score?") and "players=2" in back


@pytest.mark.parametrize("back", ["https://example.com/x", "//example.com/x", "javascript:alert(1)", "/\\example.com",
                                  "/planetary-sisters/score?x=" + "9" * 4000, "/a\nb", "/p/x/delete",
                                  "/planetary-sisters/score/../../p/x", "https://example.com/planetary-sisters/score"])
def test_only_an_address_of_this_site_is_offered_as_the_way_back(phone: Phone, back: str) -> None:
    made = phone.post("/profiles/planetary-sisters/copy", {"source": "default", "back": back})
    assert made.status_code == 303
    editor = phone.get(made.headers["Location"]).get_data(as_text=True)
    assert "Back to the score sheet" not in text_of(editor)
