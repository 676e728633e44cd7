"""Every reason code of the Planetary Sisters engine has a message in English and in Japanese, and the ids in
its params read as a player reads them (seat names, Close/Far, card icons, "none" for an empty list)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from flask import Flask

from companion.games.base import Reason
from companion.web.games.planetary_sisters.messages import MESSAGES, explain
from companion.web.messages import explain as platform_explain
from companion.web.wording import API, PAGE, Wording

card_facts_module = importlib.import_module("companion.games.planetary_sisters.card_facts")
ENGINE = Path(card_facts_module.__file__).parent
WEB = Path(__file__).resolve().parents[4] / "companion" / "web" / "games" / "planetary_sisters"


def engine_codes() -> set[str]:
    codes: set[str] = set()
    for path in ENGINE.glob("*.py"):
        codes |= set(re.findall(r'"(ps\.[a-z_]+(?:\.[a-z_]+)+)"', path.read_text(encoding="utf-8")))
    # profile_facts.py names the deck-wide per-card facts f"ps.profile.{name}"
    codes |= {f"ps.profile.{name}" for name, _ in card_facts_module.PER_CARD_FACTS}
    return codes


def web_codes() -> set[str]:
    codes: set[str] = set()
    for path in WEB.glob("*.py"):
        if path.name != "messages.py":
            codes |= set(re.findall(r'"(ps\.(?:form|sheet)\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_code_has_a_message() -> None:
    codes = engine_codes() | web_codes()
    assert len(codes) > 90
    assert sorted(codes - set(MESSAGES)) == []


def test_every_message_is_in_japanese_too(app: Flask) -> None:
    codes = sorted(c for c in MESSAGES)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        english = {c: str(MESSAGES[c].text) for c in codes}
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        japanese = {c: str(MESSAGES[c].text) for c in codes}
    untranslated = [c for c in codes if english[c] == japanese[c]]
    assert untranslated == []
    for code in codes:  # the same placeholders in both languages
        assert sorted(re.findall(r"\{(\w+)\}", english[code])) == sorted(re.findall(r"\{(\w+)\}", japanese[code])), code


def test_params_read_as_a_player_reads_them(app: Flask) -> None:
    table = Wording.of_table(["Aki", "Ben", "Chie"])
    with app.test_request_context("/"):
        tie = Reason("ps.parent.tie_downstream", "PS-5", True, {"seat": 2, "tied": [0, 2]})
        assert explain(tie, table) == "Aki, Chie tied; the most downstream of them, Chie, who acted last, becomes parent."
        flip = Reason("ps.condition.flipped", "PS-5", True, {"seat": 1, "condition": "far"})
        assert explain(flip, table) == "Ben flips the condition card: next round is Far."
        place = Reason("ps.flow.one_place", "PS-7", False, {"card": "30:ANIMAL+FOOD*2+PLANT", "place": "field"})
        assert explain(place, table) == "30 (ANIMAL FOOD×2 PLANT) is already on the field: a card is in one place only."
        assert explain(Reason("ps.flow.one_place", "PS-7", True, {"card": "12", "place": ""}), table) == \
            "12 was nowhere else: a card is in one place only."
        empty = Reason("ps.profile.ranks_once", "PS-2", True, {"ranks": []})
        assert explain(empty, table) == "Ranks 1 to 36 are listed once each (listed twice: none)."
        pairs = Reason("ps.parent.better_pairs", "PS-6", True, {
            "seat": 0, "condition": "close", "differences": [1, 9], "other_seat": 1, "other_differences": [2, 3],
            "decided_at": 1})
        assert explain(pairs, table) == "Close: Aki's differences 1, 9 beat Ben's 2, 3 at pair 1, so Aki becomes parent."
        # The same reason where there is no table ("Player 2", counted from 1) and in the referee API ("seat 1",
        # 0-based, as the API writes seats); the platform's own explain words the seats the same way.
        assert explain(flip, PAGE) == "Player 2 flips the condition card: next round is Far."
        assert explain(flip, API) == "seat 1 flips the condition card: next round is Far."
        assert platform_explain(flip, table) == "Ben flips the condition card: next round is Far."
        assert platform_explain(flip, API) == "seat 1 flips the condition card: next round is Far."
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert explain(flip, Wording.of_table(["アキ", "ベン"])) == "ベン が条件カードを裏返します：次のラウンドは Far。"
        assert explain(empty, PAGE) == "序列 1～36 がそれぞれ1回ずつある（重複：なし）。"


def test_counts_read_with_real_plurals(app: Flask) -> None:
    """"1 card", "2 cards"; Japanese has one form, never "(s)"."""

    def reveal(expected: int) -> Reason:
        return Reason("ps.reveal.count", "PS-7", False, {"seat": 1, "expected": expected, "count": 0})

    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert explain(reveal(1), Wording.of_table(["Aki", "Ben"])) == "Ben has 1 card the table has not seen, so show 1, not 0."
        assert explain(reveal(2), Wording.of_table(["Aki", "Ben"])) == "Ben has 2 cards the table has not seen, so show 2, not 0."
        assert "(s)" not in str(MESSAGES["ps.card.example_fact"])
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert explain(reveal(1), Wording.of_table(["Aki", "Ben"])) == \
            "Ben の手札にはテーブルがまだ見ていない札が 1 枚あるので、0 枚ではなく 1 枚を公開します。"


def test_no_message_on_a_page_says_seat_0(app: Flask) -> None:
    """Every message of the game with every seat-like param at seat 0: a page says the name ("Aki") or, with no
    table, "Player 1"; only the referee API says "seat 0"."""
    params = {"seat": 0, "other_seat": 0, "expected": 0, "tied": [0], "seats": [0], "slot": "house:0"}
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        for code in MESSAGES:
            reason = Reason(code, "PS-7", code.endswith(".ok"), params)
            for wording in (PAGE, Wording.of_table(["Aki", "Ben"])):
                assert "seat 0" not in explain(reason, wording), code
        said = explain(Reason("ps.turn.order", "PS-5", False, {**params, "expected": 1}), PAGE)
        assert said.startswith("It is Player 2's turn") and "not Player 1's" in said
        assert explain(Reason("ps.sheet.slot_full", "§4.5", False, {"slot": "house:1", "capacity": 7}),
                       Wording.of_table(["Aki", "Ben"])) == "Ben's house already holds 7 cards, all it has at the end of a game."
