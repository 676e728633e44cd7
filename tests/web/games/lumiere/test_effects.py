"""The table page's LP-9 mulligan form and LP-10 effect forms: send off the field, place under, set facing
another player; each entry reaches the engine and the history says what happened."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import area_label, new_table, play, section, send

OPENINGS = ("opening cell=r1c0", "opening cell=r1c1", "opening cell=r3c3", "opening cell=r0c3")


def test_lp9_the_setup_offers_and_records_a_mulligan(phone: Phone) -> None:
    table_url = new_table(phone, "Aki", "Ben", "Chie", "Dai")
    html = phone.get(table_url).get_data(as_text=True)
    assert 'name="kind" value="mulligan"' in html and "Record a mulligan LP-9" in text_of(html)
    play(phone, table_url, "mulligan seat=1 revealed=yokai returned=4")
    html = phone.get(table_url).get_data(as_text=True)
    assert "Ben's mulligan: revealed Yokai, returned 4 and drew as many" in text_of(html)
    response = send(phone, table_url, kind="mulligan", seat="2", revealed="yokai", returned="6")
    assert response.status_code == 422
    assert ("Chie returns 6 of the other cards of their hand and draws as many again (at most 5). (LP-9)"
            in text_of(response.get_data(as_text=True)))


def test_lp10_the_effect_phase_offers_send_under_and_facing(phone: Phone) -> None:
    table_url = new_table(phone, "Aki", "Ben", "Chie", "Dai")
    play(phone, table_url, "first seat=0", *OPENINGS, "play card=ghost")
    html = phone.get(table_url).get_data(as_text=True)
    assert re.findall(r'<summary>([^<]+?)\s*(?:<span class="rule">(?:<a [^>]*>)?LP-10(?:</a>)?</span>)?</summary>', html)[-4:] == [
        "Move a card", "Turn a card to face another seat", "Swap two cards", "Send a card off the field"]
    set_form = html[html.index('id="lp-field-form"'):]
    set_form = set_form[:set_form.index("</form>")]
    assert 'name="under"' in set_form and '<select name="owner">' in set_form and "Facing" in section(html, "lp-field-form")
    play(phone, table_url, "send source=r1c1 to=points seat=0", "move from=r0c3 to=r1c0 under=1",
         "set cell=r1c1 owner=2")
    page = text_of(phone.get(table_url).get_data(as_text=True))
    assert "Effect: the top card of B2 goes to Aki's point area" in page
    assert "Effect: the top card of A4 moved to B1 (under the stack, by its effect)" in page
    assert "Card set on B2, facing Chie by its effect (then by the table" in page
    # the table resolved the get phase and the draw (forced.py): the turn is over, nothing is active any more
    assert area_label(phone.get(table_url).get_data(as_text=True), "r1c1") == "B2: Ghost, Chie's"
