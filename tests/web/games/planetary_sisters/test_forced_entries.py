"""The entries the table makes by itself (issue 35), on the table page: the recorded 4-player game entered by its
forms up to the third hand shown; the fourth hand is the table's (the ranks found nowhere else, §4.5, PS-7),
shown in the history as the table's, and Undo takes both back."""

from __future__ import annotations

import re

from flask import Flask

from companion.games.planetary_sisters import Reveal
from tests.games.planetary_sisters import recorded_game as game
from tests.games.planetary_sisters.support import replay_recorded
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .support import enter, form_of, start_table, synthetic_profile_token, token_of, totals_shown


def test_the_last_hand_is_shown_by_the_table_and_undone_with_the_entry_before(app: Flask, phone: Phone) -> None:
    url = start_table(phone, *game.NAMES, profile=synthetic_profile_token(app))
    moves, states = replay_recorded()
    assert isinstance(moves[-1], Reveal) and moves[-1].seat == 3  # the last reveal (Dan's) is the table's
    for index, move in enumerate(moves[:-2]):
        response = enter(phone, url, form_of(move, states[index - 1] if index else states[0]))
        assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    # Chie shows 1, 4 and 21: the first two go on the list, the last one tapped enters the hand (its button
    # posts the entry form itself, JavaScript or not)
    draft = f"/t/{token_of(url)}/act/draft"
    cards = ""
    for rank in ("1", "4"):
        version = version_of(phone.get(url).get_data(as_text=True))
        answer = phone.post(draft, {"version": str(version), "kind": "reveal", "seat": "2", "cards": cards,
                                    "add_rank": rank})
        page = answer.get_data(as_text=True)
        cards = re.search(r'name="cards" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
    assert cards == "1,4"
    last = re.search(r'<button type="submit" class="rank-cell known" name="add_rank" value="21"\s*([^>]*)>', page)
    assert last and "formaction" not in last.group(1)
    response = enter(phone, url, {"kind": "reveal", "seat": "2", "cards": cards, "add_rank": "21"})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    html = phone.get(url).get_data(as_text=True)
    text = text_of(html)
    assert ("Chie showed the hand: 1 (CROWN_3), 4 (SWORD), 21 (PLANT×2). (then by the table: Dan showed the "
            "hand: 2 (CROWN_4), 10 (FOOD×2 SWORD), 19 (PAGE), 34 (ANIMAL PLANT).)") in text
    assert totals_shown(html, 'id="final-scores"') == dict(enumerate(game.TOTALS))
    assert 'id="ps-reveal"' not in html and "data-entry-now" not in html  # the game is over: nothing to enter

    response = phone.post(f"/t/{token_of(url)}/undo", {"version": str(version_of(html))})
    assert response.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert 'id="final-scores"' not in html
    assert html.count("data-entry-now") == 1 and 'id="ps-reveal" data-entry-now' in html
    assert "Chie's hand: 0 of 3" in text_of(html)  # Chie's entry undone, and the table's with it
