"""With JavaScript off, the page returned after an entry lands on the answer, not the top of the page. Every form on a
table page that posts an entry (or undo/redo) ends its action in "#answer"; at most one element carries that id."""

from __future__ import annotations

import re

import pytest

from tests.web.apps import Phone

GAMES = ("lumiere", "planetary-sisters", "sister-combination", "strato-sphere")
POSTING = re.compile(r'<form\b[^>]*\bmethod="post"[^>]*\baction="([^"]*)"', re.S)


@pytest.mark.parametrize("slug", GAMES)
def test_every_entry_form_lands_on_the_answer(phone: Phone, slug: str) -> None:
    response = phone.post(f"/new/{slug}", {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", "seat3": "Dai"})
    assert response.status_code == 303
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    actions = [a for a in POSTING.findall(html) if "/t/" in a and "/language" not in a]
    assert actions, slug
    for action in actions:
        if "/profile" in action or action.endswith("/rematch"):  # a deck profile, a new table: not entries
            continue
        assert action.endswith("#answer"), action
    assert len(re.findall(r'\bid="answer"', html)) <= 1


def test_a_refusal_is_the_answer(phone: Phone) -> None:
    response = phone.post("/new/strato-sphere", {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", "seat3": "Dai"})
    table = response.headers["Location"]
    refused = phone.post(f"{table}/move", {"kind": "nonsense", "version": "0"})
    html = refused.get_data(as_text=True)
    assert refused.status_code in (409, 422)
    assert len(re.findall(r'\bid="answer"', html)) == 1 and 'role="alert"' in html
