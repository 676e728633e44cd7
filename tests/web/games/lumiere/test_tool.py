"""The capture checker (/lumiere/captures): a field set up by tapping, answered with the captures, the
sandwiching cards, the line, who gets it, exclusions, and why a sandwich does not count (LP-1 … LP-5)."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings

from companion.games.lumiere import ALL_CELLS, Field
from companion.web.games.lumiere.tool import decode_field, encode_field, request_body
from tests.games.lumiere.test_properties import fields
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import area_classes, area_label, section

ROW_CAPTURE = """
. . . .
commoner@0* yokai@1 commoner@0 .
. . . .
. . . .
"""


def url(text: str = "", **params: str) -> str:
    query = {"f": encode_field(Field.parse(text))} if text.strip() else {}
    query.update(params)
    return "/lumiere/captures?" + urlencode(query)


def state_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def tap(phone: Phone, state: dict[str, str], cell: str, headers: dict[str, str] | None = None, **tool: str):  # type: ignore[no-untyped-def]
    form = {"f": state.get("f", ""), "p": state.get("p", "4"), "card": state.get("card", "commoner"),
            "owner": state.get("owner", "0"), "mode": state.get("mode", "put")}
    form.update(tool)
    form["tap"] = cell
    return phone.post("/lumiere/captures", form, headers=headers or {})


def test_the_home_page_card_links_to_the_checker(phone: Phone) -> None:
    html = phone.get("/").get_data(as_text=True)
    card = html[html.index('id="game-lumiere"'):]
    card = card[:card.index("</li>")]
    assert 'href="/lumiere/captures">Check a capture</a>' in card
    assert 'href="/new/lumiere"' in card and 'href="/profiles/lumiere"' in card


def test_an_empty_field_has_sixteen_tappable_areas_and_captures_nothing(phone: Phone) -> None:
    response = phone.get("/lumiere/captures")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert len(re.findall(r'<button type="submit" name="tap" value="r\dc\d"', html)) == 16
    assert section(html, "lp-answer").startswith("What the get phase takes Nothing is captured.")
    # The tool: what a tap does, whom the card faces (4 orientations), which of the twelve cards.
    assert len(re.findall(r'type="radio" name="mode" value="(put|active|turn|lift)"', html)) == 4
    assert re.findall(r'type="radio" name="owner" value="(\d)"', html) == ["0", "1", "2", "3"]
    assert len(re.findall(r'type="radio" name="card" value="[a-z_]+"', html)) == 12
    assert 'name="csrf_token"' in html and 'method="post"' in html


def test_tapping_puts_cards_facing_their_owner_and_the_field_travels_in_the_address(phone: Phone) -> None:
    response = tap(phone, {}, "r1c0", card="commoner", owner="0")
    assert response.status_code == 303  # a plain form, JavaScript off: redirect to the new field
    state = state_of(response.headers["Location"])
    assert state["card"] == "commoner" and state["owner"] == "0" and state["mode"] == "put"
    response = tap(phone, state, "r1c1", card="yokai", owner="1")
    state = state_of(response.headers["Location"])
    response = tap(phone, state, "r1c2", card="commoner", owner="0")
    state = state_of(response.headers["Location"])
    assert str(decode_field(state["f"])).splitlines()[1] == "commoner@0 yokai@1 commoner@0 ."
    # Nothing is active yet: the sandwich is found but does not count (LP-3).
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "Nothing is captured." in section(html, "lp-answer")
    assert ("B2 between B1 and B3" in html and "At least one of the two sandwiching cards (B1, B3) must be active "
            "this turn (placed, moved or turned): neither is, so nothing is taken. LP-3") in text_of(html)
    # Mark B3 active: now Player 1 captures the yokai.
    response = tap(phone, state, "r1c2", mode="active")
    state = state_of(response.headers["Location"])
    assert state["mode"] == "active"
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    answer = section(html, "lp-answer")
    assert "1 captured, 0 to the exclusion area." in answer
    assert "B2 · Yokai → Player 1's point area" in answer
    assert "Player 1 captures Yokai (Player 2's) at B2, sandwiched along: row. LP-5" in answer
    assert "At least one of the two sandwiching cards is active this turn: B3. LP-3" in answer
    assert area_label(html, "r1c2") == "B3: Commoner, Player 1's, active, sandwiches a card"
    # The chosen tool stays selected for the next tap.
    assert re.search(r'name="mode" value="active" checked', html)


def test_the_answer_marks_the_captured_card_and_its_two_sandwiching_cards(phone: Phone) -> None:
    html = phone.get(url(ROW_CAPTURE)).get_data(as_text=True)
    assert {"taken", "filled", "o1"} <= area_classes(html, "r1c1")
    assert "end" in area_classes(html, "r1c0") and "end" in area_classes(html, "r1c2")
    assert not area_classes(html, "r0c0") & {"taken", "end", "excluded"}
    assert area_label(html, "r1c1") == "B2: Yokai, Player 2's, captured by Player 1"
    assert area_label(html, "r1c0") == "B1: Commoner, Player 1's, active, sandwiches a card"
    answer = section(html, "lp-answer")
    assert "row · B1 – B3" in answer
    assert "B2 (Yokai, Player 2's) lies between two cards of Player 1 (B1, B3) along a row. LP-2" in answer
    assert "Where the cards go Player 1 ↓ Yoka" in answer and "Player 2 ← —" in answer
    # The small picture of the sandwich: the middle, the two ends, in row-major order.
    mini = re.search(r'<span class="lp-mini" role="img" aria-label="B2 between B1 and B3">(.*?)</span>', html)
    assert mini and re.findall(r'<i class="(\w*)">', mini.group(1))[4:8] == ["end", "mid", "end", ""]


@pytest.mark.parametrize(("text", "corner", "ends"), [
    ("yokai@1 commoner@0* . .\ncommoner@0 . . .\n. . . .\n. . . .", "A1", "A2, B1"),
    (". . commoner@0* yokai@1\n. . . commoner@0\n. . . .\n. . . .", "A4", "A3, B4"),
    (". . . .\n. . . .\ncommoner@0* . . .\nyokai@1 commoner@0 . .", "D1", "D2, C1"),
    (". . . .\n. . . .\n. . . commoner@0*\n. . commoner@0 yokai@1", "D4", "D3, C4"),
])
def test_lp4_each_corner_is_named_with_its_two_neighbours(phone: Phone, text: str, corner: str, ends: str) -> None:
    answer = section(phone.get(url(text)).get_data(as_text=True), "lp-answer")
    assert f"{corner} · Yokai → Player 1's point area" in answer
    assert "sandwiched along: corner. LP-5" in answer
    assert (f"{corner} (Yokai, Player 2's) is a corner, and both areas next to it ({ends}) hold cards of Player 1. "
            "LP-4") in answer


def test_why_sandwiches_do_not_count_two_between_and_own_cards(phone: Phone) -> None:
    text = "commoner@0* yokai@1 ghost@2 commoner@0\ncommoner@3* commoner@3 commoner@3 .\n. . . .\n. . . ."
    html = phone.get(url(text)).get_data(as_text=True)
    answer = section(html, "lp-answer")
    assert "Nothing is captured." in answer
    assert "Sandwiches that do not count (2)" in answer
    assert ("Two cards (A2, A3) lie between Player 1's cards at A1, A4: a sandwich holds exactly one card, so "
            "nothing is taken. LP-2") in answer
    assert ("B2 is Player 4's own card, like B1, B3 around it: three cards of one owner take nothing. LP-2") in answer
    assert '<details class="lp-refused" open>' in html  # on the checker, the reasons are shown at once


def test_lp5_exclusion_by_two_and_by_three_owners(phone: Phone) -> None:
    two = ". commoner@0* . .\ncommoner@2* yokai@1 commoner@2 .\n. commoner@0 . .\n. . . ."
    html = phone.get(url(two)).get_data(as_text=True)
    answer = section(html, "lp-answer")
    assert "0 captured, 1 to the exclusion area." in answer
    assert "B2 · Yokai → the exclusion area" in answer
    assert ("Yokai (Player 2's) at B2 is sandwiched by Player 1, Player 3 at once: it goes to the exclusion area. "
            "LP-5") in answer
    assert "Exclusion area Yokai" in answer
    assert "excluded" in area_classes(html, "r1c1") and "✕ excluded" in text_of(html)
    three = "commoner@3* commoner@0* . .\ncommoner@2* yokai@1 commoner@2 .\n. commoner@0 commoner@3 .\n. . . ."
    answer = section(phone.get(url(three)).get_data(as_text=True), "lp-answer")
    assert answer.startswith("What the get phase takes 0 captured, 1 to the exclusion area.")
    assert ("Yokai (Player 2's) at B2 is sandwiched by Player 1, Player 3, Player 4 at once: it goes to the "
            "exclusion area. LP-5") in answer
    for line, ends in (("row", "B1 – B3"), ("column", "A2 – C2"), ("diagonal ＼", "A1 – C3")):
        assert f"{line} · {ends}" in answer


def test_lp5_mutual_sandwiches_capture_both_middle_cards(phone: Phone) -> None:
    text = ". . . .\ncommoner@0 yokai@1* ghost@0* commoner@1\n. . . .\n. . . ."
    answer = section(phone.get(url(text)).get_data(as_text=True), "lp-answer")
    assert "2 captured, 0 to the exclusion area." in answer
    assert "B2 · Yokai → Player 1's point area" in answer
    assert "B3 · Ghost → Player 2's point area" in answer
    assert "Player 1 ↓ Yokai" in answer and "Player 2 ← Ghost" in answer


def test_stacks_only_the_top_card_counts_and_is_taken(phone: Phone) -> None:
    text = ". . . .\ncommoner@0* yokai@1/commoner@0 commoner@0 .\n. . . .\n. . . ."
    html = phone.get(url(text)).get_data(as_text=True)
    assert area_label(html, "r1c1") == "B2: Yokai, Player 2's, 2 cards stacked, captured by Player 1"
    assert "×2" in text_of(html)
    assert "B2 · Yokai → Player 1's point area" in section(html, "lp-answer")


def test_edges_a_diagonal_cannot_sandwich_across_the_edge(phone: Phone) -> None:
    text = "commoner@0* . . .\nyokai@1 . . .\ncommoner@0 . . .\n. . . ."
    answer = section(phone.get(url(text)).get_data(as_text=True), "lp-answer")
    assert "B1 · Yokai → Player 1's point area" in answer and "column · A1 – C1" in answer
    text = ". commoner@0* . .\nyokai@1 . . .\n. commoner@0 . .\n. . . ."  # B1 between A2 and C2: no line
    answer = section(phone.get(url(text)).get_data(as_text=True), "lp-answer")
    assert answer.startswith("What the get phase takes Nothing is captured.")
    assert "do not count" not in answer


def test_htmx_gets_the_fragment_and_the_new_address(phone: Phone) -> None:
    response = tap(phone, {}, "r0c0", headers={"HX-Request": "true"}, card="vampire", owner="2")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="lp-checker">') and "<html" not in html
    assert state_of(response.headers["HX-Push-Url"]) == {"p": "4", "card": "vampire", "owner": "2", "mode": "put",
                                                            "f": "vampire@2,.,.,.;.,.,.,.;.,.,.,.;.,.,.,."}
    assert area_label(html, "r0c0") == "A1: Vampire, Player 3's"


def test_taking_off_and_turning_top_cards(phone: Phone) -> None:
    state = state_of(url(". . . .\n. yokai@1/commoner@0 . .\n. . . .\n. . . ."))
    after = state_of(tap(phone, state, "r1c1", mode="lift").headers["Location"])
    assert str(decode_field(after["f"])).splitlines()[1] == ". commoner@0 . ."
    after = state_of(tap(phone, after, "r1c1", mode="turn", owner="3").headers["Location"])
    assert str(decode_field(after["f"])).splitlines()[1] == ". commoner@3 . ."


def test_a_tap_the_rules_refuse_changes_nothing_and_says_why(phone: Phone) -> None:
    state = state_of(url(ROW_CAPTURE))
    response = tap(phone, state, "r3c3", mode="lift")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Nothing was changed: D4 is empty: there is no card to take off." in text_of(html)
    assert "pending" in area_classes(html, "r3c3")
    assert f'name="f" value="{state["f"]}"' in html  # the field as it was
    # LP-8: the decks of 4 players hold 20 commoners, not 21.
    full = Field.parse("\n".join(" ".join(["commoner@0/commoner@1/commoner@2/commoner@3/commoner@0"] * 4)
                                 if row == 0 else ". . . ." for row in range(4)))
    response = tap(phone, {"f": encode_field(full)}, "r2c2", card="commoner")
    assert response.status_code == 422
    assert "The field holds 21 × Commoner, but the decks of 4 players hold only 20." in text_of(response.get_data(as_text=True))


def test_three_players_have_three_orientations(phone: Phone) -> None:
    state = state_of(url(ROW_CAPTURE.replace("commoner@0 .\n", "commoner@0 ghost@3\n", 1)))
    response = phone.post("/lumiere/captures", {**state, "players": "3"})
    assert response.status_code == 422
    assert ("With 3 players nobody sits on the fourth side: change or take off the cards facing it first (B4)."
            in text_of(response.get_data(as_text=True)))
    state = state_of(url(ROW_CAPTURE))
    response = phone.post("/lumiere/captures", {**state, "owner": "3", "players": "3"})
    assert response.status_code == 303
    after = state_of(response.headers["Location"])
    assert after["p"] == "3" and after["owner"] == "0"
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.findall(r'type="radio" name="owner" value="(\d)"', html) == ["0", "1", "2"]
    assert "(nobody)" in html  # the fourth side of the field
    assert "B2 · Yokai → Player 1's point area" in section(html, "lp-answer")


def test_clear_empties_the_field(phone: Phone) -> None:
    response = phone.post("/lumiere/captures", {**state_of(url(ROW_CAPTURE)), "action": "clear"})
    assert "f" not in state_of(response.headers["Location"])


def test_an_unreadable_address_starts_from_an_empty_field_and_says_so(phone: Phone) -> None:
    for bad in ("nonsense", "dragon@0,.,.,.;.,.,.,.;.,.,.,.;.,.,.,.", "commoner@9,.,.,.;.,.,.,.;.,.,.,.;.,.,.,.",
                "x" * 5000):
        response = phone.get("/lumiere/captures?" + urlencode({"f": bad}))
        assert response.status_code == 400
        page = text_of(response.get_data(as_text=True))
        assert "The field in this address could not be read, so the checker starts from an empty field." in page
        assert "Nothing is captured." in page


def test_a_post_without_the_csrf_token_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/lumiere/captures", data={"tap": "r0c0"})
    assert response.status_code == 400


def test_in_japanese_with_the_rule_texts_terms(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="ja")
    answer = section(phone.get(url(ROW_CAPTURE)).get_data(as_text=True), "lp-answer")
    assert "B2 · 妖怪 → プレイヤー1のポイントエリア" in answer
    assert "プレイヤー1がB2の妖怪（プレイヤー2のカード）を獲得：挟んだ方向は横。 LP-5" in answer
    assert "B2（妖怪・プレイヤー2のカード）は横方向にプレイヤー1の2枚のカード（B1, B3）に挟まれている。" in answer


def test_the_page_and_the_api_give_the_same_answer(phone: Phone, client) -> None:  # type: ignore[no-untyped-def]
    text = ". commoner@0* . .\ncommoner@2* yokai@1 commoner@2 .\ncommoner@1* ghost@0 commoner@1 .\n. . . ."
    html = phone.get(url(text)).get_data(as_text=True)
    body = re.search(r'<pre class="lp-json">(.*?)</pre>', html, re.S)
    assert body
    answer = client.post("/api/v1/lumiere/captures", json=json.loads(unescape(body.group(1)))).get_json()
    taken = {tuple(c["cell"]) for c in answer["captures"]}
    excluded = {tuple(e["cell"]) for e in answer["excluded"]}
    for row in range(4):
        for col in range(4):
            classes = area_classes(html, f"r{row}c{col}")
            assert ("taken" in classes) == ((row, col) in taken)
            assert ("excluded" in classes) == ((row, col) in excluded)
    assert taken == {(2, 1)} and excluded == {(1, 1)}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=fields(players=4))
def test_any_field_survives_the_address_and_the_page_marks_what_the_api_answers(phone: Phone, client, board: Field) -> None:  # type: ignore[no-untyped-def]
    normal = board.with_active(board.active_cells())
    assert decode_field(encode_field(board)) == normal
    body = request_body(4, normal)
    api = client.post("/api/v1/lumiere/captures", json=body)
    response = phone.get("/lumiere/captures?" + urlencode({"f": encode_field(board)}))
    if api.status_code == 422:  # more copies than four decks hold (LP-8): the page refuses it too
        assert response.status_code == 400
        return
    answer = api.get_json()
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    taken = {tuple(c["cell"]) for c in answer["captures"]}
    excluded = {tuple(e["cell"]) for e in answer["excluded"]}
    for cell in ALL_CELLS:
        classes = area_classes(html, str(cell))
        assert ("taken" in classes) == ((cell.row, cell.col) in taken)
        assert ("excluded" in classes) == ((cell.row, cell.col) in excluded)
        top = normal.top(cell)
        assert ("filled" in classes) == (top is not None)
        if top is not None:
            assert f"o{top.owner}" in classes and ("active" in classes) == top.active
