"""The table page of Sister Combination: set-up, plays checked and applied, S.P. choices, obstruction mode,
draw/keep, take the stack, リーチ, going out, the ranking, undo, bad input, Japanese, the summary."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import imported, new_table, old_table, page, play, send, started


def test_setup_form_then_the_table(phone: Phone) -> None:
    table = new_table(phone)
    html = phone.get(table).get_data(as_text=True)
    assert 'name="kind" value="setup"' in html and len(re.findall(r'name="h\d+"', html)) == 5
    response = send(phone, table, kind="setup", first="1", sister="karen", symbol="mirror",
                    **{f"h{i}": "7" for i in range(5)})
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "The first field card, Karen Mirror, must be a number card" in text and "SC-8" in text
    # the entry is kept: her name stays tapped (the page's field card buttons are its numbers only, SC-8)
    assert 'value="karen" checked' in response.get_data(as_text=True)
    play(phone, table, "setup first=1 sister=karen symbol=3 h0=7 h1=7 h2=7 h3=7 h4=7")
    text = page(phone, table)
    assert "Ben's turn · 7 cards in hand" in text
    assert "Colour to match green" in text and "Stack 0 · Deck 108 · Discard 1" in text
    assert "Set up: Ben plays first, hands 7, 7, 7, 7, 7, field card Karen 3" in text


def test_sp_colour_obstruction_take_the_stack_and_undo(phone: Phone) -> None:
    table = started(phone)
    play(phone, table, "play sister=karen symbol=5")  # Aki
    response = send(phone, table, kind="play", sister="mamoru", symbol="sp")  # Ben forgot the colour
    assert response.status_code == 422
    assert "After Mamoru S.P.'s effect its player names a colour: tap one. (SC-8)" in text_of(
        response.get_data(as_text=True))
    play(phone, table, "play sister=mamoru symbol=sp colour=blue")  # Ben: +4 on the stack
    html = phone.get(table).get_data(as_text=True)
    text = text_of(html)
    assert 'data-stack="4"' in html and "Obstruction mode (stack 4)" in text
    assert "Colour to match blue (named after the S.P.)" in text
    assert "Mamoru's S.P.: 4 cards go on the stack. SC-1" in text
    assert "Take the stack (4)" in text and "Draw one card" not in text
    response = send(phone, table, kind="play", sister="aria", symbol="5")  # a number card: refused
    assert response.status_code == 422
    assert "can never be played" in text_of(response.get_data(as_text=True))
    play(phone, table, "take")  # Chie takes 4
    text = page(phone, table)
    assert "Chie takes 4 from the stack; the turn passes on. SC-3" in text
    assert "Dai's turn" in text and "Normal mode" in text
    assert re.search(r"3\. Chie 11", text)
    response = phone.post(f"{table}/undo", {"version": str(re.search(r'data-version="(\d+)"', phone.get(table).get_data(as_text=True)).group(1))})
    assert response.status_code == 303
    assert "Chie's turn" in page(phone, table) and "Obstruction mode" in page(phone, table)


def test_draw_then_keep_or_play_the_drawn_card(phone: Phone) -> None:
    table = started(phone)
    play(phone, table, "draw")
    text = page(phone, table)
    assert "has drawn" in text and "Play the drawn card" in text and "Keep the drawn card" in text
    play(phone, table, "keep")
    assert "Ben's turn" in page(phone, table)
    play(phone, table, "draw", "play sister=karen symbol=8")
    assert "Chie's turn" in page(phone, table)


def test_targets_reach_and_going_out(phone: Phone) -> None:
    # a hand of 2 at set-up is a short cut to the end, allowed only under the reading of tables started before
    # SC-8 said 7 each
    table = old_table(phone, "Aki", "Ben", "Chie", hands="as-entered")
    play(phone, table, "setup first=0 sister=karen symbol=3 h0=2 h1=7 h2=7")
    play(phone, table, "play sister=karen symbol=5 reach=1")  # Aki: one card left, リーチ
    text = page(phone, table)
    assert "Aki leaves one card and says “リーチ”. SC-6" in text
    play(phone, table, "play sister=yotsuba symbol=sp colour=green target=2")  # Ben: Chie gets 2
    text = page(phone, table)
    assert "Yotsuba's S.P.: Chie gets 2 at once from the deck. SC-5" in text and re.search(r"3\. Chie 9", text)
    play(phone, table, "play sister=kaho symbol=5")  # Chie
    play(phone, table, "play sister=karen symbol=7")  # Aki goes out on a number card
    text = page(phone, table)
    assert "Game over SC-7" in text and "1st Aki" in text
    assert "Aki is out (1st). SC-6" in text


def test_a_forgotten_reach_is_pointed_out(phone: Phone) -> None:
    table = old_table(phone, "Aki", "Ben", "Chie", hands="as-entered")
    play(phone, table, "setup first=0 sister=karen symbol=3 h0=2 h1=7 h2=7")
    play(phone, table, "play sister=karen symbol=5")  # no リーチ
    html = phone.get(table).get_data(as_text=True)
    assert "Aki forgot “リーチ”: draws 2" in text_of(html)
    play(phone, table, "reach_missed seat=0")
    assert re.search(r"1\. Aki 3", page(phone, table))


def test_hand_limit_option_is_shown(phone: Phone) -> None:
    table = started(phone, hand_limit="16b", end="last_one")
    text = page(phone, table)
    assert "みんななかよく: hand limit 16, rule (b) SC-7" in text
    assert "Played until one player remains." in text


def test_thirteen_seats(phone: Phone) -> None:
    names = tuple(f"P{i}" for i in range(13))
    table = started(phone, *names)
    html = phone.get(table).get_data(as_text=True)
    assert len(re.findall(r'<li class="sc-seat', html)) == 13


def test_a_bad_form_never_500s(phone: Phone) -> None:
    table = started(phone)
    for form in ({"kind": "play"}, {"kind": "play", "sister": "nobody", "symbol": "9"}, {"kind": "jump"},
                 {"kind": "reach_missed", "seat": "x"}, {"kind": "play", "sister": "haruka", "symbol": "sp",
                                                          "colour": "purple", "target": "99"}):
        response = send(phone, table, **form)
        assert response.status_code == 422, form
        text = text_of(response.get_data(as_text=True))
        assert "nothing was saved" in text and re.search(r"\b(SC-\d+|§\S+)", text), (form, text[:600])


def test_japanese_and_the_summary(phone: Phone) -> None:
    table = started(phone)
    play(phone, table, "play sister=hinako symbol=sp colour=red")
    ja = Phone(phone.client, lang="ja")
    text = page(ja, table)
    assert "合わせる色 赤" in text and "雛子のS.P.：次の人Benが山札から即座に2枚受け取ります。 SC-5" in text
    assert "Benのターン" in text


def test_sc8_hands_of_three_are_refused_with_the_reason(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie")
    response = send(phone, table, kind="setup", first="0", sister="karen", symbol="3", h0="3", h1="3", h2="3")
    assert response.status_code == 422
    assert "Every player is dealt 7 cards at the start (hands entered: 3, 3, 3). (SC-8)" in text_of(
        response.get_data(as_text=True))
    play(phone, table, "setup first=0 sister=karen symbol=3 h0=7 h1=7 h2=7")
    assert "Aki's turn" in page(phone, table)
    assert "Hands" not in text_of(phone.get("/new/sister-combination").get_data(as_text=True))


# -- SC-5: Haruka's and Yotsuba's 「誰か一人」 is another player, a reading ------------------------------------

def test_sc5_giving_the_2_cards_to_yourself_is_refused_as_a_reading(phone: Phone) -> None:
    table = started(phone)  # Aki plays first
    for lang, words in (
        ("en", "Haruka S.P. gives its 2 cards to another player, not to the one who plays it. That is a reading: "
               "the text says “誰か一人” (someone), and where the player is included it says so (Rinrin's card), "
               "so here they are not. (SC-5)"),
        ("ja", "春歌 S.P.の2枚は出した人ではなく、他の人に与えます。これは解釈です：本文は「誰か一人」とだけ書き、"
               "出した人も含むときは鈴凜のように「対象にプレイヤーを含む」と断っているので、ここでは含まないと読みます。 (SC-5)"),
    ):
        asking = Phone(phone.client, lang=lang)
        response = send(asking, table, kind="play", sister="haruka", symbol="sp", colour="blue", target="0")
        assert response.status_code == 422
        assert words in text_of(response.get_data(as_text=True))


def test_sc5_the_choice_of_who_gets_2_says_it_is_a_reading(phone: Phone) -> None:
    assert "Haruka's or Yotsuba's S.P.: who gets 2 (another player: a reading) SC-5" in page(phone, started(phone))
    ja = Phone(phone.client, lang="ja")
    assert "（出した人以外の誰か：解釈） SC-5" in page(ja, started(ja))


# -- SC-7 ruling: under (a), every hand at the limit with the stack left and nobody can play ---------------------

EVERY_HAND_AT_16 = [{"type": "setup", "first": 1, "hands": [7] * 5, "field": "karen:3"},
                    *[{"type": kind} for _ in range(9 * 5) for kind in ("draw", "keep")],
                    {"type": "play", "card": "karen:stack2"},  # Ben: 15 cards, a stack of 2
                    *[{"type": "take_stack"}] * 5,  # Chie, Dai, Emi, Aki take nothing; Ben takes 1: all at 16
                    *[{"type": "take_stack"}] * 3]  # Chie, Dai, Emi cannot play either


def test_sc7_every_hand_at_the_limit_and_nobody_plays_the_page_says_the_stack_goes_back(phone: Phone) -> None:
    table = imported(phone, EVERY_HAND_AT_16, end="first_out", hand_limit="16a", hands="seven",
                     all_at_limit="to-deck")
    text = page(phone, table)
    assert "Aki's turn" in text and "Obstruction mode (stack 1)" in text
    assert ("Every hand is at the limit with 1 card left on the stack: 4 of the 5 players in a row have not "
            "played. If none of them can, the stack goes back into the deck. SC-7") in text
    play(phone, table, "take")  # Aki cannot play either
    text = page(phone, table)
    assert ("Every hand is at the limit and none of the 5 players could play: the 1 card on the stack goes back "
            "into the deck, and obstruction mode ends. SC-7") in text
    assert "Aki: takes the stack; nobody could play, so the stack goes back into the deck (SC-7)" in text
    assert "Normal mode" in text and "Ben's turn" in text and "Stack 0" in text
    ja = page(Phone(phone.client, lang="ja"), table)
    assert ("全員の手札が上限で、5人とも出せなかったので、スタックの1枚は山札に戻り、妨害モードは終わります。 SC-7") in ja
    assert "Aki: スタックを引き取る。誰も出せなかったので、スタックは山札に戻る（SC-7）" in ja


def test_sc7_a_table_started_before_the_ruling_replays_as_it_was_played(phone: Phone) -> None:
    table = imported(phone, [*EVERY_HAND_AT_16, {"type": "take_stack"}, {"type": "take_stack"}],
                     end="first_out", hand_limit="16a", hands="seven")
    text = page(phone, table)
    assert "Obstruction mode (stack 1)" in text and "Chie's turn" in text  # the stack stayed, as it was entered
    assert "goes back into the deck" not in text


# -- SC-7's third setting: (a) or (b) chosen by the overflowing player when it happens -----------------------------

# Three players draw up to 15 each; Aki's Stack 2 then leaves Ben, at 15, room for one card of the two.
ALL_AT_15 = [{"type": "setup", "first": 0, "hands": [7, 7, 7], "field": "karen:3"},
             *[{"type": kind} for _ in range(8 * 3) for kind in ("draw", "keep")],
             {"type": "play", "card": "karen:stack2"}]
CHOSEN = {"end": "first_out", "hand_limit": "16chosen", "hands": "seven", "all_at_limit": "to-deck"}


def test_sc7_the_new_table_offers_the_choice_on_the_spot(phone: Phone) -> None:
    text = text_of(phone.get("/new/sister-combination").get_data(as_text=True))
    assert "Limit 16, (a) or (b) chosen by the player when it happens" in text
    table = started(phone, hand_limit="16chosen")
    assert "みんななかよく: hand limit 16, rule (a) or (b), chosen when it happens SC-7" in page(phone, table)


def test_sc7_chosen_on_the_spot_the_page_asks_the_player_and_the_choice_can_be_undone(phone: Phone) -> None:
    table = imported(phone, ALL_AT_15, "Aki", "Ben", "Chie", **CHOSEN)
    play(phone, table, "take")  # Ben takes 1; 1 card is left on the stack
    html = phone.get(table).get_data(as_text=True)
    text = text_of(html)
    assert "Ben takes 1 from the stack; the turn passes on. SC-3" not in text
    assert "1 card is left on the stack over the hand limit: Ben chooses rule (a) or (b) for it. SC-7" in text
    assert "Ben is at the hand limit with 1 card left on the stack: (a) or (b)? SC-7" in text
    assert ("(a) Leave the rest on the stack The stack stays as it is and obstruction mode goes on: the next player "
            "plays a Mirror, Pass, Stack 2 or S.P., or takes the stack.") in text
    assert ("(b) Deal the rest to the others Every other player below the limit gets 1 card at once, from the stack "
            "while it lasts, round after round; if every hand is at the limit, the stack goes back into the "
            "deck.") in text
    assert "Ben plays" not in text and "Take the stack" not in text  # nothing else until Ben chooses
    watch = re.search(r"/w/[A-Za-z0-9_-]{24}", html)
    assert watch is not None
    watched = phone.get(watch.group(0)).get_data(as_text=True)  # a read-only link: the question, no buttons
    assert "(a) Leave the rest on the stack The stack stays" in text_of(watched) and 'value="overflow"' not in watched
    response = send(phone, table, kind="take")
    assert response.status_code == 422
    assert "Ben first chooses rule (a) or (b) for the 1 card left on the stack. (SC-7)" in text_of(
        response.get_data(as_text=True))
    ja = page(Phone(phone.client, lang="ja"), table)
    assert "Benは手札の上限で、スタックに1枚残っています：(a)と(b)のどちらにしますか？ SC-7" in ja
    assert "(a) スタックに残す スタックはそのまま残り、妨害モードが続きます。" in ja
    assert "(b) 他の人に配る 上限に達していない他の全員に" in ja

    play(phone, table, "overflow rule=b")
    text = page(phone, table)
    assert "Ben: chooses rule (b): the cards left are dealt to the others" in text
    assert "Ben chooses rule (b) for the 1 card left on the stack. SC-7" in text
    assert "Chie's turn" in text and "Stack 0" in text and re.search(r"3\. Chie 16", text)
    version = re.search(r'data-version="(\d+)"', phone.get(table).get_data(as_text=True))
    assert version is not None
    assert phone.post(f"{table}/undo", {"version": version.group(1)}).status_code == 303
    text = page(phone, table)
    assert "(a) or (b)? SC-7" in text and "Stack 1" in text
    play(phone, table, "overflow rule=a")
    text = page(phone, table)
    assert "Ben: chooses rule (a): the cards left stay on the stack" in text
    assert "Obstruction mode (stack 1)" in text and "Chie's turn" in text


def test_sc7_a_table_started_with_a_fixed_rule_replays_without_a_question(phone: Phone) -> None:
    table = imported(phone, [*ALL_AT_15, {"type": "take_stack"}], "Aki", "Ben", "Chie",
                     **(CHOSEN | {"hand_limit": "16a"}))
    text = page(phone, table)
    assert "(a) or (b)?" not in text and "Chie's turn" in text and "Obstruction mode (stack 1)" in text
    assert "Rule (a): the 1 card left on the stack stays there; obstruction mode goes on. SC-7" in text
