"""The tracker: a whole game of Strato-Sphere on the table page. The ring as the table sees it, every move of
SS-5 entered by tapping, checked and applied or refused with its reason, reveals that ask which card, forces
(SS-3), the defence window (SS-7), the end (SS-8), undo, the read-only link, Japanese."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .helpers import (
    checked,
    chosen,
    enter,
    form_of,
    new_table,
    node_classes,
    node_html,
    node_text,
    page,
    play,
    problems,
    section,
    summary_of,
)

# 2 players: Aki turns up K♦ (red, so Ben is black), Ben turns up Q♠ beside it; both nodes get a second card.
ATTACK_READY = (
    "reveal 1 KD", "place 1", "draw",
    "reveal 2 QS", "place 2", "draw",
)


def test_the_home_page_offers_a_table_and_the_dispute_page(phone: Phone) -> None:
    html = phone.get("/").get_data(as_text=True)
    card = re.search(r'<li class="card game" id="game-strato-sphere">.*?</li>', html, flags=re.S)
    assert card, "no Strato-Sphere card on the home page"
    assert "2/4 players" in text_of(card.group(0))
    assert 'href="/strato-sphere/dispute">Settle a dispute</a>' in card.group(0)
    assert 'href="/new/strato-sphere"' in card.group(0)


def test_the_new_table_form_names_the_forces_option(phone: Phone) -> None:
    page_text = text_of(phone.get("/new/strato-sphere").get_data(as_text=True))
    assert "Forces (each player's suit, or colour with 2 players) SS-3" in page_text
    assert "Decided by each player's own first face-up card (nothing assigned otherwise)" in page_text
    assert "First face-up card, completed (English original)" in page_text and "Fixed before play" in page_text
    ja = Phone(phone.client, lang="ja")
    assert "事前に決める" in text_of(ja.get("/new/strato-sphere").get_data(as_text=True))


def test_a_new_four_player_table_draws_twelve_face_down_nodes_and_the_deal(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    html = page(phone, table)
    assert re.findall(r'class="ss-node n(\d+) ', html) == [str(n) for n in range(12)]
    for node in range(12):
        assert node_text(html, node) == f"{node} ×1 neutral"
        assert "neutral" in node_classes(html, node)
    ring = section(html, "strato-sphere")
    assert "Turn 1 · Aki to move · move 1 of 3" in ring
    assert "Aki ? hand 6 Ben ? hand 6 Chie ? hand 6 Dan ? hand 6" in ring
    assert "Pile 68 Discard 0" in ring  # 104 − 4 × (3 + 6)
    assert 'class="ss-ring p4"' in html


def test_a_two_player_table_has_a_ring_of_six(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    html = page(phone, table)
    assert re.findall(r'class="ss-node n(\d+) ', html) == [str(n) for n in range(6)]
    assert "Pile 34" in section(html, "strato-sphere")  # 52 − 2 × 9
    assert 'class="ss-ring p2"' in html


def test_tapping_a_node_offers_its_moves_each_checked_with_the_reason(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    html = page(phone, table)
    assert f'href="{table}?sel=4#ss-moves"' in node_html(html, 4) and 'hx-get="' in node_html(html, 4)  # without JS the page lands on its actions
    html = page(phone, table, sel="4")
    assert "is-selected" in node_classes(html, 4)
    moves = section(html, "ss-moves")
    assert "Node 4 · face down · 1 card · neutral" in moves
    # issue 35: the face is tapped on the card itself, one tap enters it; every face is offered (nothing is seen yet)
    assert "Turn node 4 face up: tap the card it shows" in moves
    assert html.count('name="card" value="') == 52 and 'name="card" value="10H"' in html
    assert "Place a hand card under node 4" in moves
    # SS-5: moving the only card of a node would empty it; both neighbours (3 and 5) are offered and refused.
    why = "Not allowed now: Node 4 holds only 1 card: moving it would leave the node empty, and no node may be empty. (SS-5)"
    assert f"✗ Move its top card under node 3 {why}" in moves
    assert f"✗ Move its top card under node 5 {why}" in moves
    assert "Attack" not in moves  # a face-down node cannot attack


def test_a_reveal_asks_which_card_and_gives_the_first_force(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS")
    html = page(phone, table)
    assert node_text(html, 0) == "0 ×1 K♠ Aki"
    assert "controlled" in node_classes(html, 0) and "side0" in node_classes(html, 0)
    ring = section(html, "strato-sphere")
    assert "Aki ♠ hand 6" in ring  # SS-3: the suit of Aki's first face-up card
    assert "Turn 1 · Aki to move · move 2 of 3" in ring
    assert "This turn Aki : Turned node 0 face up: K♠" in ring
    assert "#2 Aki: Turned node 0 face up: K♠" in text_of(html)  # #1: the dealer, named as the table starts


def test_a_reveal_of_an_already_taken_suit_does_not_decide_a_force(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS", "draw", "place 1", "reveal 3 9S")
    html = page(phone, table)
    assert "Ben ? hand 6" in section(html, "strato-sphere")  # ♠ is Aki's: Ben's force is still open
    assert node_text(html, 3) == "3 ×1 9♠ Aki"  # a ♠ card is Aki's node wherever it lies (SS-4)


def test_by_default_the_other_colour_waits_for_the_other_players_own_reveal(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")  # SS-3 default: nothing is assigned to the other player
    play(phone, table, "reveal 3 2H")
    ring = section(page(phone, table), "strato-sphere")
    assert "Aki red hand 6 Ben ? hand 6" in ring


def test_with_completion_the_last_force_goes_to_the_last_player_at_once(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", forces="completion")
    play(phone, table, "reveal 3 2H")
    html = page(phone, table)
    assert "Aki red hand 6 Ben black hand 6" in section(html, "strato-sphere")


def test_a_reveal_without_a_card_says_what_to_tap_and_keeps_the_node(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, type="reveal", node="4", sel="4", rank="Q")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "This entry could not be read, so nothing was saved: Tap the card." in text_of(html)
    assert "Turn node 4 face up: tap the card it shows" in section(html, "ss-moves")  # the node is still open
    assert version_of(html) == 1  # the dealer's entry only


def test_a_card_that_cannot_exist_is_refused_and_stays_in_the_form(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")  # one pack (SS-2)
    play(phone, table, "reveal 0 KS")
    response = enter(phone, table, "reveal 1 KS", sel="1")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "K♠ cannot be here: the packs hold 1 and 1 already seen elsewhere on the table. (SS-2)" in text_of(html)
    assert chosen(html) == []  # K♠ lies face up on node 0: the grid leaves it out (SS-2)
    assert 'name="card" value="KS"' not in html
    assert node_text(page(phone, table), 1) == "1 ×1 neutral"
    # With 4 players there are two packs: a second K♠ is fine, a third is not.
    four = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, four, "reveal 0 KS", "reveal 1 KS")
    assert enter(phone, four, "reveal 2 KS").status_code == 422


def test_an_illegal_move_is_refused_with_its_reason_and_ruling(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    response = enter(phone, table, "conceal 4", sel="4")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Not allowed by the rules, so nothing was saved:" in text_of(html)
    [problem] = problems(html)
    assert problem.startswith(
        "Only the top card of a node you control can be turned face down, and node 4 is not yours (nodes you control:")
    assert problem.endswith("(SS-5)")
    assert "is-selected" in node_classes(html, 4)  # the tapped node is still open


def test_place_under_your_node_but_not_under_an_opponents(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS", "place 0", "draw", "reveal 3 QH")
    assert node_text(page(phone, table), 0) == "0 ×2 K♠ Aki"
    response = enter(phone, table, "place 0")  # Ben may not place under Aki's node
    assert response.status_code == 422
    assert problems(response.get_data(as_text=True))[0].startswith(
        "A card goes under a neutral node or one you control, and node 0 is neither (nodes allowed now: 1, 2, 3,")


def test_conceal_and_shift(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS", "place 0", "conceal 0")
    html = page(phone, table)
    # face down means secret (SS-4): the ring never shows the face, even one the table saw before
    assert node_text(html, 0) == "0 ×2 neutral"
    assert "K♠" not in node_html(html, 0) and "ss-known" not in html
    play(phone, table, "shift 0 11")  # Ben moves the neutral top card under the neighbour across the wrap-around
    html = page(phone, table)
    assert node_text(html, 0) == "0 ×1 neutral" and node_text(html, 11) == "11 ×2 neutral"
    assert "Moved the top card of node 0 under node 11" in text_of(html)


def test_a_player_makes_exactly_three_moves_then_the_next_seat_moves(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "draw", "place 0")
    assert "Aki to move · move 3 of 3" in section(page(phone, table), "strato-sphere")
    play(phone, table, "place 1")
    ring = section(page(phone, table), "strato-sphere")
    assert "Turn 2 · Ben to move · move 1 of 3" in ring
    assert "This turn" not in ring
    assert "Aki ? hand 5" in ring  # drew one, placed two


def test_a_full_hand_cannot_draw(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "draw")
    html = page(phone, table)
    assert "✗ Draw a card Not allowed now: Your hand already holds 7 cards; a draw may not take it above 7. (SS-5)" \
        in section(html, "ss-moves")
    assert enter(phone, table, "draw").status_code == 422


def test_an_attack_opens_the_defence_window_and_a_defence_saves_the_target(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, *ATTACK_READY)
    html = page(phone, table, sel="1")
    assert "Attack node 2" in section(html, "ss-moves") and 'name="type" value="attack"' in html
    play(phone, table, "attack 1 2")
    html = page(phone, table)
    assert "Attack! The defence window is open (SS-7)." in section(html, "strato-sphere")
    assert "is-from" in node_classes(html, 1) and "is-to" in node_classes(html, 2)
    window = section(html, "ss-window")
    assert "Aki attacks node 2 (Q♠) from node 1 (K♦)." in window
    assert "anyone may play a hand card of red ranked K or higher" in window  # SS-2: colour with 2 players
    # the only K♦ is the attacking card; each card is entered with one tap (issue 35)
    assert "Cards that could defend: tap the one played A♥ K♥ A♦" in window
    assert "Who defends? Aki hand 6 Ben hand 6" in window
    assert checked(html, "seat") == ["1"]  # chosen first: Ben, whose node is attacked (any seat may, SS-7)
    assert 'id="ss-moves"' not in html  # nothing else until the window closes
    assert 'href="' + table + '?sel=' not in html
    refused = enter(phone, table, "draw")
    assert "First settle the attack from node 1 on node 2: a defence, or no defence. (SS-7)" in \
        problems(refused.get_data(as_text=True))
    play(phone, table, "defend 1 AH")
    html = page(phone, table)
    # SS-7: the defence card and the attacking card are discarded; the attacking node is neutral; the target stays.
    assert node_text(html, 1) == "1 ×1 neutral" and node_text(html, 2) == "2 ×2 Q♠ Ben"
    assert section(html, "ss-piles").startswith("Discard pile K♦ A♥ ")
    ring = section(html, "strato-sphere")
    assert "Aki red hand 6 Ben black hand 5" in ring
    assert "Turn 3 · Aki to move · move 2 of 3" in ring
    assert "This turn Aki : Attacked node 2 from node 1 Ben defended with A♥" in ring


def test_no_defence_discards_both_top_cards(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, *ATTACK_READY, "attack 1 2", "no-defence")
    html = page(phone, table)
    assert node_text(html, 1) == "1 ×1 neutral" and node_text(html, 2) == "2 ×1 neutral"
    assert "Pile 32 Discard 2" in section(html, "strato-sphere")
    assert re.search(r'<p class="ss-discard"><span class="ss-card red">K♦</span><span class="ss-card black">Q♠</span>',
                     html)
    assert "No defence: the attack went through" in text_of(html)


def test_a_defence_of_the_wrong_colour_is_refused_and_kept(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, *ATTACK_READY, "attack 1 2")
    response = enter(phone, table, "defend 1 AS")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert problems(html) == ["A♠ is of black, but a defence against K♦ must be of red. (SS-7)"]
    assert checked(html, "seat") == ["1"] and chosen(html) == []  # A♠ would not defend: not offered as a card
    low = enter(phone, table, "defend 1 10H")
    assert problems(low.get_data(as_text=True)) == [
        "10♥ ranks 10, below the attacking K♦: a defence needs rank K or higher. (SS-7)"]
    no_seat = enter(phone, table, type="defend", rank="A", suit="H")
    assert "Tap who plays the defence card." in text_of(no_seat.get_data(as_text=True))


def test_four_players_defend_by_suit_and_a_partner_is_not_an_opponent(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table,
         "reveal 2 KS", "place 2", "draw",      # Aki ♠ on node 2
         "reveal 3 QH", "place 3", "draw",      # Ben ♥ on node 3, next to node 2 across the seam
         "reveal 5 JD", "draw", "place 6",      # Chie ♦
         "reveal 11 9C", "draw", "place 10")    # Dan ♣ (the last suit was his already)
    html = page(phone, table, sel="2")
    assert "Attack node 3" in section(html, "ss-moves")
    # Node 1 is neutral: attacking it is offered as illegal with the reasons.
    assert ("✗ Attack node 1 Not allowed now: Only a node an opponent controls can be attacked, and node 1 is not "
            "one (opponents' nodes: 3, 11). (SS-6) The attacked node 1 holds only 1 card; both nodes need at least 2. "
            "(SS-6)") in section(html, "ss-moves")
    play(phone, table, "attack 2 3")
    window = section(page(phone, table), "ss-window")
    assert "anyone may play a hand card of ♠ ranked K or higher" in window
    assert "Cards that could defend: tap the one played A♠ K♠" in window  # two packs: one K♠ is on the table, one may be in a hand


def test_forces_fixed_before_play(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan", forces="fixed")
    html = page(phone, table)
    assert "This table fixes the forces before play (SS-3): enter them below first." in text_of(html)
    assert 'id="ss-moves"' not in html and 'name="force3"' in html
    refused = enter(phone, table, "draw")
    assert problems(refused.get_data(as_text=True)) == [
        "This table fixes the forces before play: enter the forces of all 4 players first. (SS-3)"]
    twice = enter(phone, table, "forces S S D C")
    assert problems(twice.get_data(as_text=True)) == ["A force belongs to one player only, and ♠ is given twice. (SS-3)"]
    assert checked(twice.get_data(as_text=True), "force1") == ["S"]
    missing = enter(phone, table, type="forces", force0="S")
    assert "Tap a different force for every seat." in text_of(missing.get_data(as_text=True))
    play(phone, table, "forces C H S D")
    html = page(phone, table)
    assert "Aki ♣ hand 6 Ben ♥ hand 6 Chie ♠ hand 6 Dan ♦ hand 6" in section(html, "strato-sphere")
    assert "Forces fixed: Aki ♣, Ben ♥, Chie ♠, Dan ♦" in text_of(html)
    play(phone, table, "reveal 0 KS")  # a fixed table: a reveal gives no force, ♠ stays Chie's
    assert node_text(page(phone, table), 0) == "0 ×1 K♠ Chie"


def test_a_win_is_announced_with_the_nodes_that_make_it(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "reveal 3 KH", "reveal 4 QD", "reveal 5 JH")
    html = page(phone, table)
    assert ("Game over. Aki wins: every node in front of Ben (nodes 3, 4, 5) is theirs (SS-8)."
            in section(html, "strato-sphere"))
    assert [n for n in range(6) if "is-win" in node_classes(html, n)] == [3, 4, 5]
    assert 'id="ss-moves"' not in html and "?sel=" not in html
    refused = enter(phone, table, "draw")
    assert problems(refused.get_data(as_text=True)) == [
        "The game is over: nothing more can be entered (undo the last entry to go back). (SS-8)"]
    # Undo takes the winning reveal back, and the game goes on (version 4: the dealer, then three reveals).
    assert phone.post(f"{table}/undo", {"version": 4}).status_code == 303
    html = page(phone, table)
    assert "Game over" not in html and node_text(html, 5) == "5 ×1 neutral"
    assert "Turn 1 · Aki to move · move 3 of 3" in section(html, "strato-sphere")


def test_partners_win_together(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan", forces="fixed")
    play(phone, table, "forces S H D C", "reveal 3 KS", "reveal 4 QD", "reveal 5 JS")
    assert "Aki & Chie win: every node in front of Ben (nodes 3, 4, 5) is theirs (SS-8)." in \
        section(page(phone, table), "strato-sphere")


def test_a_draw_the_moment_the_last_card_is_drawn(phone: Phone, app) -> None:  # type: ignore[no-untyped-def]
    """SS-8: drawn when the pile's last card is drawn; the rest of that turn is not played."""
    table = new_table(phone, "Aki", "Ben")
    hands, pile, to_move, made, version = [6, 6], 34, 0, 0, 1  # version 1: the dealer is named
    while True:
        # Draw while the pile and the hand allow it, else place a card under the mover's first node; the last
        # card is drawn as a turn's second move.
        drawing = pile and hands[to_move] < 7 and not (pile == 1 and made != 1)
        notation = "draw" if drawing else f"place {3 * to_move}"
        response = enter(phone, table, notation, version=version)
        assert response.status_code == 303, text_of(response.get_data(as_text=True))[-500:]
        version += 1
        if notation == "draw":
            hands[to_move] += 1
            pile -= 1
        else:
            hands[to_move] -= 1
        made += 1
        if pile == 0:
            break
        if made == 3:
            to_move, made = 1 - to_move, 0
    assert made < 3, "the last card came mid-turn, so the turn's other moves are refused"
    refused = enter(phone, table, f"place {3 * to_move}", version=version)
    assert refused.status_code != 303
    html = page(phone, table)
    assert ("Game over. Draw: the resource pile ran out and nobody has won; the rest of that turn is not played "
            "(SS-8)." in section(html, "strato-sphere"))
    assert "Pile 0" in section(html, "strato-sphere")
    summary = summary_of(app, table)
    assert summary.finished is True
    assert summary.ranking == ((1, "Aki", "drawn game"), (1, "Ben", "drawn game"))
    assert summary.winner_note.startswith("Draw: the resource pile ran out")


def test_undo_puts_a_reveal_back_and_frees_the_force(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS")
    assert phone.post(f"{table}/undo", {"version": 2}).status_code == 303
    html = page(phone, table)
    assert node_text(html, 0) == "0 ×1 neutral"
    assert "Aki ? hand 6" in section(html, "strato-sphere")
    assert "#3 Undo of #2: Aki: Turned node 0 face up: K♠" in text_of(html)


def test_a_stale_entry_is_kept_for_the_second_phone(client, app) -> None:  # type: ignore[no-untyped-def]
    first, second = Phone(client), Phone(app.test_client())
    table = new_table(first, "Aki", "Ben")
    version = version_of(second.get(table).get_data(as_text=True))
    play(first, table, "reveal 0 9H")  # the same card: the second phone's entry no longer means the same
    response = enter(second, table, "reveal 4 9H", version=version, sel="4")
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Turn node 4 face up: tap the card it shows" in section(html, "ss-moves")  # the node is still open
    assert 'name="card" value="9H"' not in html  # 9♥ lies face up on node 0 now


def test_the_read_only_link_draws_the_ring_without_forms_or_taps(phone: Phone, app) -> None:  # type: ignore[no-untyped-def]
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "reveal 0 KD")
    with app.app_context():
        from companion.tables import store

        watch = store.get_table(table.rsplit("/", 1)[1]).watch_token
    html = phone.get(f"/w/{watch}").get_data(as_text=True)
    assert node_text(html, 0) == "0 ×1 K♦ Aki"
    assert "<form" not in html.split('id="live"', 1)[1].split('class="card history"')[0]
    assert "<a class=\"ss-node" not in html


def test_the_tracker_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    ja = Phone(client, lang="ja")
    table = new_table(ja, "Aki", "Ben")
    play(ja, table, "reveal 1 KD")
    html = page(ja, table, sel="1")
    ring = section(html, "strato-sphere")
    assert "手番1 · Akiさんの番 · 3手中2手目" in ring
    assert "Aki 赤 手札6 Ben ? 手札6" in ring
    assert "資源パイル 34" in ring
    moves = section(html, "ss-moves")
    assert "ノード1を裏向きにする" in moves and "手札を1枚ノード1の一番下に置く" in moves
    assert ("✗ ノード0を攻撃 いまはできません： 攻撃できるのは敵チームの支配するノードだけで、ノード0はそうではありません"
            in moves)
    play(ja, table, "draw")
    refused = enter(ja, table, "draw")
    assert problems(refused.get_data(as_text=True)) == [
        "手札はすでに7枚です。手札が7枚を超えるようには引けません。 (SS-5)"]


def test_after_an_entry_the_step_keeps_the_tapped_node_open_on_reload(phone: Phone) -> None:
    """The step an entry leads to carries the tapped node (?sel=), without JavaScript and with htmx, so reloading
    the page keeps its actions open where the player is looking."""
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, "reveal 1 KS", sel="1")
    assert response.status_code == 303 and "sel=1" in response.headers["Location"]
    reloaded = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "is-selected" in node_classes(reloaded, 1)
    data = {**form_of("reveal 2 QS"), "sel": "2", "version": str(version_of(reloaded))}
    pushed = phone.post(f"{table}/move", data, headers={"HX-Request": "true"})
    assert pushed.status_code == 200 and "sel=2" in pushed.headers["HX-Push-Url"]
