"""The element holding the next entry's controls carries ``data-entry-now`` (the platform keeps it in view): exactly
one while a player has something to enter (the get and draw forms too, on a log from before the table made them,
forced.py), none once the game is over."""

from __future__ import annotations

import json
import re

from companion.games.lumiere import GAME, parse_move_text
from tests.games.lumiere import recorded_game
from tests.games.lumiere.support import NEW_TABLE, complete_profile
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import new_table, play
from .test_tracker import html_of


def now(html: str) -> list[str]:
    """The opening tags that carry data-entry-now."""
    return re.findall(r"<[a-z]+ [^>]*\bdata-entry-now\b[^>]*>", html)


def test_one_element_holds_the_next_entry_at_every_step(phone: Phone) -> None:
    table_url = new_table(phone, "Aki", "Ben", "Chie", "Dai")
    marked = now(html_of(phone, table_url))
    assert len(marked) == 1 and 'class="lp-buttons"' in marked[0]  # who won rock-paper-scissors
    play(phone, table_url, "first seat=0")
    assert ['id="lp-field-form"' in tag for tag in now(html_of(phone, table_url))] == [True]  # a commoner's area
    play(phone, table_url, "opening cell=r1c0", "opening cell=r1c1", "opening cell=r3c3", "opening cell=r0c3")
    assert ["lp-play" in tag for tag in now(html_of(phone, table_url))] == [True]  # the card to play
    play(phone, table_url, "play card=priest")
    assert ['id="lp-field-form"' in tag for tag in now(html_of(phone, table_url))] == [True]  # the area to set on


def export_of(entries: list[str]) -> str:
    """A table's export whose log holds ``entries`` as entered one by one (an older log: no table's moves)."""
    log = [{"seq": i + 1, "kind": "move", "payload": GAME.move_to_json(parse_move_text(t))}
           for i, t in enumerate(entries)]
    return json.dumps({"format": "companion-table", "format_version": 1, "game": "lumiere", "version": len(log),
                       "options": NEW_TABLE, "seats": list(recorded_game.PLAYERS), "profile_ref": "",
                       "profile": complete_profile(), "log": log})


def imported(phone: Phone, entries: list[str]) -> str:
    response = phone.post("/import", {"text": export_of(entries)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def test_an_older_log_stopped_at_its_get_or_draw_phase_marks_that_form(phone: Phone) -> None:
    first_turn = list(recorded_game.TURNS[0])
    get = imported(phone, [*recorded_game.SETUP, *first_turn[:2]])  # a set entered before the table made gets
    marked = now(html_of(phone, get))
    assert len(marked) == 1 and "<form" in marked[0]
    assert "Resolve the get phase" in html_of(phone, get).split("data-entry-now", 1)[1].split("</form>", 1)[0]
    draw = imported(phone, [*recorded_game.SETUP, *first_turn[:3]])
    assert "draws a card" in html_of(phone, draw).split("data-entry-now", 1)[1].split("</form>", 1)[0]


def test_the_recorded_game_over_has_no_entry_left_and_shows_its_result(phone: Phone) -> None:
    entries = [*recorded_game.SETUP, *(move for turn in recorded_game.TURNS for move in turn)]
    html = html_of(phone, imported(phone, entries))
    assert now(html) == []
    assert f"Winner: {recorded_game.WINNER}" in text_of(html)
