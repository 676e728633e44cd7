"""The next game in one tap on each game's own "game over" card: the button's words in both languages, the game's
rule for who starts said beside it, one POST (no JavaScript) makes the new table with the seats in the rule's
order, and the read-only link never shows it."""

from __future__ import annotations

import re

import pytest

from tests.web.apps import Phone
from tests.web.groups.support import export_of, finished_game, import_table
from tests.web.helpers import text_of

# game, seats, whether the rematch rotates them (each game's rematch hook), the rule's opening words
GAMES = [
    ("sister-combination", ["Dan", "Aki", "Ben"], True, "Seats rotated: the order is fixed before the deal"),
    ("lumiere", ["Ben", "Chie", "Dan"], False, "Same seats: the first player is chosen by janken"),
    ("planetary-sisters", ["Aki", "Ben", "Chie"], False, "Same seats: the table chooses the first parent"),
    ("planeta-rica", ["Chie", "Dan", "Aki"], False, "Same seats: the youngest player starts (PR-1)"),
    ("strato-sphere", ["Aki", "Ben"], False, "Same seats: anyone may deal"),
]
WORDS = {("en", True): "Rematch (next seat starts)", ("en", False): "Rematch (same seats)",
         ("ja", True): "再戦（次の席から）", ("ja", False): "再戦（同じ席順）"}


def _card_form(html: str) -> str:
    """The rematch form on the game-over card (the live table, not the menu)."""
    live = html.split('id="live"', 1)[1]
    found = re.search(r'<form class="actions rematch-now".*?</form>', live, re.S)
    assert found, "no rematch button on the game-over card"
    return found.group(0)


@pytest.mark.parametrize(("slug", "seats", "rotates", "why"), GAMES)
def test_rematch_in_one_tap_on_the_game_over_card(app, client, slug: str, seats: list[str],  # type: ignore[no-untyped-def]
                                                  rotates: bool, why: str) -> None:
    phone = Phone(client)
    table = import_table(phone, export_of(finished_game(slug, seats), 0))
    form = _card_form(phone.get(table).get_data(as_text=True))
    assert WORDS["en", rotates] in text_of(form)
    assert why in text_of(form)
    ja = _card_form(Phone(client, "ja").get(table).get_data(as_text=True))
    assert WORDS["ja", rotates] in text_of(ja)
    # the one tap, as a phone without JavaScript sends it: the form's own fields
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
    action = re.search(r'action="([^"]+)"', form)
    assert action and action.group(1) == f"{table}/rematch"
    response = client.post(action.group(1), data=fields)
    assert response.status_code == 303
    expected = seats[1:] + seats[:1] if rotates else seats
    new = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(rf"<title>[^<]* · {', '.join(expected)}</title>", new)
    # the new game is not over: no rematch on it yet
    assert "rematch-now" not in new


def test_the_read_only_link_never_offers_a_rematch(app, client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    table = import_table(phone, export_of(finished_game("strato-sphere", ["Aki", "Ben"]), 0))
    page = phone.get(table).get_data(as_text=True)
    watch = re.search(r'id="watch-link" readonly value="https?://[^/]+(/[^"]+)"', page)
    assert watch
    watched = phone.get(watch.group(1)).get_data(as_text=True)
    assert "Game over." in text_of(watched)
    assert "rematch-now" not in watched and "/rematch" not in watched
