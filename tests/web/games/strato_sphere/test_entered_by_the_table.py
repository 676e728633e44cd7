"""What the table enters by itself (forced.py, issue 35) as the tracker shows it: in the history as the table's,
undone with the entry that led to it; and the one-tap pickers (pickers.py): a refused card stays marked."""

from __future__ import annotations

from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .helpers import checked, chosen, enter, new_table, node_text, page, play, section

# 2 players (SS-2): Aki turns up A♥ on node 1 (red) and A♦ on node 0; Ben Q♠ on node 2, beside node 1.
NOBODY_CAN_DEFEND = (
    "reveal 1 AH", "place 1", "reveal 0 AD",
    "reveal 2 QS", "place 2", "draw",
)


def test_an_attack_nobody_can_defend_goes_through_by_the_table_and_undo_takes_both_back(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, *NOBODY_CAN_DEFEND)
    # SS-7: only a red ace could stop A♥, and A♦ lies face up on node 0: the table enters "no defence" itself.
    play(phone, table, "attack 1 2")
    html = page(phone, table)
    assert 'id="ss-window"' not in html
    assert node_text(html, 1) == "1 ×1 neutral" and node_text(html, 2) == "2 ×1 neutral"  # SS-6: both tops discarded
    assert "Attacked node 2 from node 1 (then by the table: Aki: No defence: the attack went through)" in text_of(html)
    assert 'data-entry-now' in section_html(html, "ss-moves")
    # Undo takes back the attack and what the table made after it: the state before the attack.
    assert phone.post(f"{table}/undo", {"version": version_of(html)}).status_code == 303
    html = page(phone, table)
    assert node_text(html, 1) == "1 ×2 A♥ Aki" and node_text(html, 2) == "2 ×2 Q♠ Ben"
    assert 'id="ss-window"' not in html and "Turn 3 · Aki to move · move 1 of 3" in text_of(html)


def test_a_window_someone_may_answer_waits_for_the_players(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "reveal 1 AH", "place 1", "draw", "reveal 2 QS", "place 2", "draw", "attack 1 2")
    html = page(phone, table)
    assert 'id="ss-window" data-entry-now' in html  # A♦ may be in a hand (SS-7): the players answer
    assert "(then by the table" not in text_of(html)
    assert checked(html, "seat") == ["1"]  # Ben, whose node is attacked, chosen first
    assert 'name="card" value="AD"' in html


def test_a_refused_card_stays_marked_on_the_grid(phone: Phone) -> None:
    """SS-4: node 0's card was seen as K♠ before it was turned down; turned up as Q♠ it is refused, and Q♠ stays
    marked for the player to see what was sent (K♠ is on the grid too: the grid never tells the face)."""
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "reveal 0 KS", "place 0", "conceal 0")
    response = enter(phone, table, "reveal 0 QS", sel="0")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert chosen(html) == ["QS"]
    assert 'name="card" value="KS"' in section_html(html, "ss-moves")


def test_the_entry_now_is_one_element_and_none_when_the_game_is_over(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", dealer=None)
    assert page(phone, table).count("data-entry-now") == 1  # who dealt (SS-5)
    play(phone, table, "dealer 1")
    html = page(phone, table, sel="4")
    assert html.count("data-entry-now") == 1 and 'id="ss-moves" data-entry-now' in html
    play(phone, table, "reveal 3 2H", "reveal 4 3H", "reveal 5 4H")  # Aki holds all of Ben's nodes (SS-8)
    html = page(phone, table)
    assert "Game over." in section(html, "strato-sphere") and "data-entry-now" not in html


def section_html(html: str, ident: str) -> str:
    start = html.index(f'id="{ident}"')
    return html[start:html.index("</section>", start)]
