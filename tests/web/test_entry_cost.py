"""What an entry costs the server (issue 39): the table's fragment of a version is drawn once for the phone that
entered and every other phone (its ruling links lead back to the table, not to the step the entering phone's
address shows), and a history line is worded once, not again at every version that shows it."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from companion.web.registered import registered
from tests.web.apps import Phone
from tests.web.games.planeta_rica.support import profile_token_of
from tests.web.games.sister_combination.support import send, started
from tests.web.helpers import version_of

HTMX = {"HX-Request": "true"}


def _backs(html: str) -> set[str]:
    return set(re.findall(r'class="rule-link[^"]*" href="/rules/[^"?]+\?back=([^"&]+)', html))


def test_an_entrys_answer_is_the_fragment_every_other_phone_gets(phone: Phone) -> None:
    table = started(phone, "Aki", "Ben", "Chie")
    version = version_of(phone.get(table).get_data(as_text=True))
    token = table.rsplit("/", 1)[1]
    headers = {**HTMX, "HX-Current-URL": f"http://localhost{table}?at={version}"}
    answer = phone.post(f"{table}/move", {"kind": "draw_keep", "version": version}, headers=headers)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert version_of(html) == version + 1
    # The links of the rules lead back to the table now, not to the step the phone was at (a version behind).
    assert _backs(html) == {f"%2Ft%2F{token}"}
    other = Phone(phone.client.application.test_client())
    polled = other.get(f"/t/{token}/poll?v={version}", headers=HTMX).get_data(as_text=True)
    assert polled == html


def test_a_history_line_is_worded_once_however_many_versions_show_it(app: Flask, phone: Phone) -> None:
    with app.app_context():
        web = registered()["sister-combination"].web
    worded: list[str] = []
    describe = web.describe_move

    def counting(move, state, wording):  # type: ignore[no-untyped-def]
        worded.append(str(move))
        return describe(move, state, wording)

    object.__setattr__(web, "describe_move", counting)
    try:
        table = started(phone, "Aki", "Ben", "Chie")
        for _ in range(6):
            assert send(phone, table, kind="draw_keep").status_code == 303
            phone.get(table)
    finally:
        object.__setattr__(web, "describe_move", describe)
    # seven entries (the set-up and six draws), each worded once (and each draw's table-made move with it, if any)
    assert len([m for m in worded if m.startswith("draw")]) == 6
    assert len([m for m in worded if m.startswith("setup")]) == 1



TOKEN_VALUE = re.compile(r'name="csrf_token" value="([^"]*)"')
KEY_VALUE = re.compile(r'name="entry_key" value="([^"]*)"')


@pytest.mark.parametrize("slug", ["lumiere", "planetary-sisters", "sister-combination", "strato-sphere", "planeta-rica"])
def test_the_fragment_every_phone_shares_carries_no_phones_token(app: Flask, phone: Phone, slug: str) -> None:
    """The shared fragment is drawn for whichever phone asks first and then sent to every phone: none of its forms
    may carry that phone's CSRF token or tap key, including forms a game draws with a macro imported without the
    render's context (Lumière's entry forms did)."""
    data = {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", "seat3": "Dai"}
    if slug == "planeta-rica":
        data["profile_link"] = profile_token_of(app)
    table = phone.post(f"/new/{slug}", data).headers["Location"]
    page = phone.get(table).get_data(as_text=True)  # the phone's own page: its token in every form
    tokens = TOKEN_VALUE.findall(page)
    assert tokens and all(tokens), slug
    shared = phone.get(f"{table}/poll?v=-1", headers=HTMX).get_data(as_text=True)
    forms = shared.count("<form")
    assert forms >= 2 and len(TOKEN_VALUE.findall(shared)) >= forms - 1, slug  # the entry forms are there
    assert set(TOKEN_VALUE.findall(shared)) == {""} and set(KEY_VALUE.findall(shared)) == {""}, slug
    other = Phone(app.test_client())
    assert other.get(f"{table}/poll?v=-1", headers=HTMX).get_data(as_text=True) == shared
