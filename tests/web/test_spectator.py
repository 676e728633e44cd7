"""A watch (read-only) link never reaches a write: from every game's watch page, every link is
followed (two steps deep, on this site) and every form found on the way is sent; the table and its deck
profile stay exactly as they were, and no page reached carries the play link's token or the profile's token."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask

from companion.profiles import store as profile_store
from companion.registry import packages
from companion.tables import store
from companion.web.gameweb import discover
from tests.web.apps import Phone, csrf_of
from tests.web.games.lumiere.support import scored_profile
from tests.web.games.planetary_sisters.support import synthetic_profile_token
from tests.web.helpers import text_of, version_of

LINK_RE = re.compile(r'\b(?:href|src|hx-get|action|hx-post|formaction|hx-put|hx-delete)="([^"]*)"')
FORM_RE = re.compile(r"<form\b(.*?)</form>", re.S)
FIELD_RE = re.compile(r'<(?:input|button|select|textarea)\b[^>]*\bname="([^"]+)"[^>]*?(?:\bvalue="([^"]*)")?[^>]*>')


def _start(phone: Phone, app: Flask, slug: str) -> str:
    counts = (2,) if slug == "tally" else packages()[slug].game.player_counts
    data = {f"seat{i}": name for i, name in enumerate(("Aki", "Ben", "Chie", "Dai", "Emi")[:min(counts)])}
    if slug == "planetary-sisters":
        data["profile_link"] = synthetic_profile_token(app)
    if slug == "lumiere":
        data["profile_link"] = scored_profile(phone)
    if slug in ("planeta-rica", "tally"):  # a phone's own profile (the table starts on its own copy of it)
        made = phone.post(f"/profiles/{slug}/copy", {"source": "default"})
        data["profile_link"] = made.headers["Location"].rsplit("/", 1)[-1]
    response = phone.post(f"/new/{slug}", data)
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    return str(response.headers["Location"])


def _links(html: str, base: str) -> set[str]:
    found = set()
    for raw in LINK_RE.findall(html):
        url = urljoin(base, unescape(raw))
        parts = urlsplit(url)
        if parts.netloc in ("", "localhost") and parts.path.startswith("/") and not parts.path.startswith("/static/"):
            found.add(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def _forms(html: str, base: str) -> list[tuple[str, str, dict[str, str]]]:
    forms = []
    for body in FORM_RE.findall(html):
        head = body.split(">", 1)[0]
        method = "post" if 'method="post"' in head.lower() else "get"
        action = re.search(r'\baction="([^"]*)"', head)
        fields = {name: unescape(value or "1") for name, value in FIELD_RE.findall(body)}
        targets = {urljoin(base, unescape(action.group(1))) if action else base}
        targets |= {urljoin(base, unescape(a)) for a in re.findall(r'formaction="([^"]*)"', body)}
        forms.extend((method, urlsplit(t).path, fields) for t in targets)
    return forms


@pytest.mark.parametrize("slug", ["tally", *sorted(discover())])  # every game with pages, as it registers
def test_nothing_reached_from_a_watch_page_writes(app: Flask, phone: Phone, slug: str) -> None:
    table_url = _start(phone, app, slug)
    play_token = table_url.rsplit("/", 1)[-1]
    page = phone.get(table_url).get_data(as_text=True)
    watch_token = re.search(r"/w/([A-Za-z0-9_-]{24})", page).group(1)  # type: ignore[union-attr]
    with app.app_context():
        table = store.get_table(play_token)
        assert table is not None
        profile_ref = table.profile_ref
        profile_token = profile_ref.split(":", 1)[1] if profile_ref.startswith("user:") else ""
        profile_before = profile_store.get_profile(profile_token).version if profile_token else None  # type: ignore[union-attr]
    version = version_of(page)

    spectator = Phone(app.test_client())
    seen: set[str] = set()
    frontier = {f"/w/{watch_token}"}
    forms: list[tuple[str, str, dict[str, str]]] = []
    for _depth in range(2):
        following: set[str] = set()
        for url in sorted(frontier - seen):
            seen.add(url)
            response = spectator.client.get(url)
            assert response.status_code < 500, url
            body = response.get_data(as_text=True) if response.mimetype.startswith("text/") else ""
            if 'name="csrf-token"' in body:
                spectator.token = csrf_of(body)
            assert play_token not in body, f"{url} shows the play link"
            if profile_token:
                assert profile_token not in body, f"{url} shows the profile's token"
            following |= _links(body, url)
            forms += _forms(body, url)
        frontier = following
    assert forms or slug == "tally", "the watch page should offer something to try"
    for method, action, fields in forms:
        assert play_token not in action and (not profile_token or profile_token not in action)
        if method == "post":
            response = spectator.post(action, fields)
        else:
            response = spectator.client.get(action, query_string=fields)
        assert response.status_code < 500, action
    with app.app_context():
        table = store.get_table(play_token)
        assert table is not None and table.version == version and table.profile_ref == profile_ref
        if profile_token:
            assert profile_store.get_profile(profile_token).version == profile_before  # type: ignore[union-attr]


def test_two_tables_started_from_one_profile_link_have_their_own_copies(app: Flask, phone: Phone) -> None:
    token = synthetic_profile_token(app)
    first = _start_ps(phone, token)
    second = _start_ps(phone, token)
    with app.app_context():
        refs = {store.get_table(t.rsplit("/", 1)[-1]).profile_ref for t in (first, second)}  # type: ignore[union-attr]
    assert len(refs) == 2 and f"user:{token}" not in refs


def _start_ps(phone: Phone, profile: str) -> str:
    response = phone.post("/new/planetary-sisters", {"seat0": "A", "seat1": "B", "profile_link": profile})
    assert response.status_code == 303
    return str(response.headers["Location"])


@pytest.mark.parametrize("slug", ["tally", *sorted(s for s, w in discover().items() if w.profile_editor)])
def test_a_watch_page_shows_the_deck_profile_but_never_its_card_editor(app: Flask, phone: Phone, slug: str) -> None:
    """The table's deck profile line: players get the card editor (or "Copy and edit"), a spectator the count only,
    and the editor's writes answer a watch token with 404."""
    table_url = _start(phone, app, slug)
    play_token = table_url.rsplit("/", 1)[-1]
    page = phone.get(table_url).get_data(as_text=True)
    watch_token = re.search(r"/w/([A-Za-z0-9_-]{24})", page).group(1)  # type: ignore[union-attr]
    assert re.search(r"cards? known", text_of(page)) and "Card editor" in text_of(page)
    spectator = Phone(app.test_client())
    watched = spectator.get(f"/w/{watch_token}").get_data(as_text=True)
    line = text_of(watched.split('id="deck-profile"', 1)[1].split("</section>", 1)[0])
    assert re.search(r"\d+ of \d+ cards? known", line)
    assert "Card editor" not in line and "Copy and edit" not in line
    assert "/p/" not in watched.split('id="deck-profile"', 1)[1].split("</section>", 1)[0]
    version = version_of(page)
    assert spectator.post(f"/t/{watch_token}/profile-copy", {"version": str(version)}).status_code == 404
    with app.app_context():
        table = store.get_table(play_token)
        assert table is not None and table.version == version
