"""Every reason code has a sentence in both languages, ids read as names (cards, areas, seats, lines), and the
generic profile editor reads well for Lumière Prière's cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from companion.games.base import Reason
from companion.web.games.lumiere.messages import KINDS, MESSAGES
from companion.web.messages import SEAT_KINDS, explain
from companion.web.wording import API, Wording
from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of

ROOT = Path(__file__).resolve().parents[4]
SOURCES = [*(ROOT / "companion" / "games" / "lumiere").glob("*.py"),
           *(ROOT / "companion" / "web" / "games" / "lumiere").glob("*.py")]


def codes_in_sources() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= set(re.findall(r'"(lp\.[a-z_]+\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_code_the_engine_or_the_pages_raise_has_a_message() -> None:
    codes = codes_in_sources()
    assert len(codes) > 70
    assert sorted(codes - set(MESSAGES)) == []


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_each_message_fills_every_placeholder_of_its_kinds(app: Flask, code: str) -> None:
    message = MESSAGES[code]
    samples = {"card": "yokai", "cards": ["yokai", "ghost"], "cell": "r1c2", "cells": ["r0c0", "r3c3"], "seat": 1,
               "seats": [0, 2], "line": "anti-diagonal", "lines": ["row", "corner"], "phase": "effect",
               "move": "play", "moves": ["move", "set"]}
    for lang in ("en", "ja"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            placeholders = set(re.findall(r"\{(\w+)\}", str(message)))
            params = {key: samples[message.kinds[key]] if key in message.kinds else 7 for key in placeholders}
            text = explain(Reason(code, "LP-1", True, params))
            assert "{" not in text and text.strip(), (lang, code, text)
            for key, kind in message.kinds.items():
                assert kind in KINDS or kind in SEAT_KINDS
                if key in placeholders and kind in ("card", "cards"):
                    assert "yokai" not in text, (lang, code, text)  # ids never reach a player


def test_ids_read_as_names_in_each_language(app: Flask) -> None:
    reason = Reason("lp.get.captured", "LP-5", True, {"cell": "r2c1", "card": "yokai_master", "owner": 3, "by": 0,
                                                       "lines": ["anti-diagonal", "corner"]})
    with app.test_request_context("/t/x/move", headers={"Accept-Language": "en"}):
        assert explain(reason) == ("Player 1 captures Yokai Master (Player 4's) at C2, sandwiched along: "
                                   "diagonal ／, corner.")
        table = Wording.of_table(["Aki", "Ben", "Chie", "Dai"])  # on a table's page, seats are called by name
        assert explain(reason, table).startswith("Aki captures Yokai Master (Dai's) at C2")
        assert explain(reason).startswith("Player 1 captures")  # and only there
        # the API's wording, whatever the request's path: seats 0-based, areas as the API writes them
        assert explain(reason, API) == ("seat 0 captures Yokai Master (seat 3's) at [2, 1], sandwiched along: "
                                        "diagonal ／, corner.")
    with app.test_request_context("/api/v1/lumiere/captures", headers={"Accept-Language": "en"}):
        # a table's model reads as a page, whatever the request
        assert explain(reason, table).startswith("Aki captures Yokai Master (Dai's) at C2")
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert explain(reason) == "プレイヤー1がC2の妖使（プレイヤー4のカード）を獲得：挟んだ方向は斜め（／）, 四隅。"


def test_the_game_leaves_seats_to_the_platform() -> None:
    """No "seat"/"seats" shower of its own: the Wording a caller passes names every seat."""
    assert not set(KINDS) & set(SEAT_KINDS)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_no_message_on_a_page_says_seat_0(app: Flask, code: str) -> None:
    message = MESSAGES[code]
    params = {key: 0 if kind == "seat" else [0] if kind == "seats" else "r0c0" if kind == "cell" else 1
              for key, kind in message.kinds.items()}
    for wording in (Wording(), Wording.of_table(["Aki", "Ben", "Chie"])):
        with app.test_request_context("/", headers={"Accept-Language": "en"}):
            text = explain(Reason(code, "LP-1", True, params), wording)
        assert "seat 0" not in text and "seat 1" not in text, (code, text)


def test_an_empty_list_reads_none_and_an_unknown_id_stays_as_written(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert explain(Reason("lp.profile.points_known", "LP-8", True, {"cards": []})) == \
            "Every card's points are filled in (missing: none)."
        assert explain(Reason("lp.card.id_known", "LP-8", False, {"card": "dragon"})) == \
            "The card is one of the twelve of the rule text (“dragon”)."


def test_the_profile_editor_names_fields_and_facts_in_both_languages(client) -> None:  # type: ignore[no-untyped-def]
    english = Phone(client)
    index = text_of(english.get("/profiles/lumiere").get_data(as_text=True))
    assert "0 of 12 cards known · 5 of 8 rule-text facts hold" in index
    editor = english.post("/profiles/lumiere/copy", {"source": "default"}).headers["Location"]
    html = english.get(editor, query_string={"card": "commoner"}).get_data(as_text=True)
    page = text_of(html)
    assert "Commoner" in page and "Points" in page and "Effect" in page and "Other cards may be stacked on it" in page
    assert ("✗ fails: Every card's points are filled in (missing: Commoner, Yokai Master, Exorcist, Warrior, "
            "Magician, Borderer, Yokai, Otherworlder, Priest, Conjurer, Ghost, Vampire). LP-8") in page
    assert "✓ holds: All twelve cards are listed (missing: none). LP-8" in page
    japanese = Phone(client, lang="ja")
    page = text_of(japanese.get(editor, query_string={"card": "commoner"}).get_data(as_text=True))
    assert "得点" in page and "効果" in page and "上に他のカードを重ねられる" in page
    assert "全 12 枚中 0 枚が判明" in page
    assert "すべてのカードの得点が入力済み（未入力：常人, 妖使, 退魔士, 戦士, 魔術師, 境人, 妖怪, 異界人, 神父, 奇術師, 幽霊, 吸血鬼）。" in page
    # A card the rule text does not have is answered, not added.
    response = english.post(f"{editor}/card", {"version": input_value(html, "version"), "card": "dragon",
                                               "f_points": "3"})
    assert response.status_code == 422
    assert "Tap a card of the grid first, then fill it in." in text_of(response.get_data(as_text=True))
    # Once every card has points with plus and minus cards, the overview's fact holds.
    version = int(input_value(html, "version"))
    points = {"commoner": 1, "yokai_master": 2, "exorcist": 3, "warrior": 2, "magician": 2, "borderer": 1,
              "yokai": -2, "otherworlder": -1, "priest": 3, "conjurer": 2, "ghost": -1, "vampire": -3}
    for card_id, value in points.items():
        response = english.post(f"{editor}/card", {"version": version, "card": card_id,
                                                   "f_points": str(value)})
        assert response.status_code == 303
        version += 1
    page = text_of(english.get(editor).get_data(as_text=True))
    assert "✓ holds: Every card's points are filled in (missing: none). LP-8" in page
    assert ("✓ holds: There are plus cards and minus cards, as the overview says (plus: Commoner, Yokai Master, "
            "Exorcist, Warrior, Magician, Borderer, Priest, Conjurer; minus: Yokai, Otherworlder, Ghost, Vampire). "
            "§Overview") in page
