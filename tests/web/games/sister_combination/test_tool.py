"""The check page /sister-combination/check: a few taps, and the engine's answer with every ruling."""

from __future__ import annotations

import re

from tests.web.helpers import text_of

URL = "/sister-combination/check"


def answer(client, lang: str = "en", **query: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    response = client.get(URL, query_string=query, headers={"Accept-Language": lang})
    html = response.get_data(as_text=True)
    match = re.search(r'<section class="card sc-answer.*?</section>', html, re.S)
    return response.status_code, text_of(match.group(0)) if match else ""


def test_the_empty_page_offers_every_tap(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(URL)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert len(re.findall(r'name="ts" value="', html)) == 12 and len(re.findall(r'name="tn" value="', html)) == 12
    assert len(re.findall(r'name="cs" value="', html)) == 12 and len(re.findall(r'name="h\d+"', html)) == 4
    assert 'method="get"' in html and f'action="{URL}#answer"' in html
    assert "sc-answer" not in html


def test_hinako_sp_gives_the_next_player_two_as_the_api_example(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, p="5", turn="1", ts="karen", tn="3", cs="hinako", cn="sp", named="blue",
                          deck="80", **{"h3": "3"})
    assert status == 200
    assert text.startswith("✓ Player 2 may play Hinako S.P.")
    assert "Hinako S.P. is an S.P.: it may be played on any card. SC-2" in text
    assert "Hinako's S.P.: Player 3, the next player, gets 2 at once from the deck. SC-5" in text
    assert "Player 3 next 7 +2 9" in text
    assert "Deck 80 → 78" in text and "Next Player 3" in text and "Colour to match blue" in text


def test_a_number_card_in_obstruction_mode_is_refused_with_sc3(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="karen", tn="stack2", stack="2", cs="karen", cn="5")
    assert status == 200
    assert text.startswith("✗ Player 1 may not play Karen 5")
    assert "Obstruction mode (stack 2): a number card such as Karen 5 can never be played" in text and "SC-3" in text


def test_a_colour_mismatch_names_sc2(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="karen", tn="3", cs="marie", cn="5")
    assert "✗" in text and "Marie 5 matches neither the colour to match (green) nor the symbol of Karen 3" in text
    status, text = answer(client, ts="karen", tn="3", cs="marie", cn="3")
    assert "✓" in text and "Marie 3 has the same symbol as the field card Karen 3. SC-2" in text


def test_after_an_sp_the_named_colour_is_asked_for_then_matched(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="mamoru", tn="sp", cs="aria", cn="sp")
    assert "After Aria S.P.'s effect its player names a colour: tap one. SC-8" in text
    assert "The field card is an S.P.: tap the colour its player named." in text
    status, text = answer(client, ts="mamoru", tn="sp", colour="blue", cs="aria", cn="5")
    assert "Aria 5 has the colour named after the S.P. (blue). SC-2" in text


def test_mirror_reverses_and_the_turn_goes_back_across_the_seam(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, p="5", turn="0", ts="aria", tn="3", cs="aria", cn="mirror")
    assert "Mirror: play now goes counter-clockwise. SC-8" in text
    assert "Next Player 5" in text and "(reversed)" in text


def test_a_forgotten_reach_and_a_bad_last_card_cost_cards(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="karen", tn="3", cs="karen", cn="5", h0="2")
    assert "Player 1 leaves one card without saying “リーチ”: pointed out, it costs 2 cards. SC-6" in text
    assert "Penalty 2 cards SC-6" in text
    status, text = answer(client, ts="karen", tn="3", cs="karen", cn="mirror", h0="1", reach="1")
    assert "Going out on a card that is not a number (Karen Mirror) costs 5 cards" in text
    status, text = answer(client, ts="karen", tn="3", cs="karen", cn="5", h0="1", reach="1")
    assert "Player 1 is out (1st). SC-6" in text and "nobody: the game is over" in text


def test_a_target_is_asked_for_haruka(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="karen", tn="3", cs="haruka", cn="sp", named="red")
    assert "A few taps are missing" in text
    assert "Haruka S.P. gives 2 cards to a player of their choice: tap who. SC-5" in text
    status, text = answer(client, ts="karen", tn="3", cs="haruka", cn="sp", named="red", target="2", stack="0")
    assert "Haruka's S.P.: the player gets 1 at once, Player 3 gets 2 at once, and 3 cards go on the stack." in text
    assert "Stack 0 → 3 · obstruction mode" in text


def test_bad_numbers_are_kept_and_explained_never_a_500(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(URL, query_string={"ts": "karen", "tn": "3", "cs": "karen", "cn": "5", "h1": "lots",
                                             "stack": "-4"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'name="h1" min="0" max="144" value="lots"' in html  # what was typed is still there
    text = text_of(html)
    assert "Player 2: “lots” is not a number of cards; give a whole number from 0 to 144. SC-9" in text
    assert "Stack: “-4” is not a number of cards" in text


def test_an_impossible_table_is_explained(client) -> None:  # type: ignore[no-untyped-def]
    status, text = answer(client, ts="karen", tn="3", cs="karen", cn="3")
    assert "Karen 3 is already on the discard pile: each card exists once." in text
    status, text = answer(client, ts="karen", tn="3", cs="karen", cn="5", h0="0")
    assert "This cannot be read or cannot be on the table" in text


def test_in_japanese_with_the_sisters_names_as_written(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get(URL, headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert '<ruby>鞠絵<rt lang="ja">まりえ</rt></ruby>' in html and '<ruby>亞里亞<rt lang="ja">ありあ</rt></ruby>' in html
    status, text = answer(client, "ja", p="5", turn="1", ts="karen", tn="3", cs="hinako", cn="sp", named="blue")
    assert text.startswith("✓ プレイヤー2は雛子 S.P.を出せます")
    assert "雛子のS.P.：次の人プレイヤー3が山札から即座に2枚受け取ります。 SC-5" in text


def test_htmx_gets_the_fragment(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(URL, query_string={"ts": "karen", "tn": "3"}, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="sc-check">') and "<html" not in html
    assert "HX-Request" in response.headers.get("Vary", "")


def test_sc7_the_hand_limit_chosen_on_the_spot_is_offered_and_answered(client) -> None:  # type: ignore[no-untyped-def]
    page = text_of(client.get(URL, headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert "Limit 16, (a) or (b) on the spot" in page
    status, text = answer(client, p="4", turn="0", ts="karen", tn="3", cs="karen", cn="7", limit="16chosen")
    assert status == 200 and text.startswith("✓ Player 1 may play Karen 7")
