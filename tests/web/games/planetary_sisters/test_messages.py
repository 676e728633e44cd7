"""Every reason code of the Planetary Sisters engine has a message in English and in Japanese, and the ids in
its params read as a player reads them (seat names, Close/Far, card icons, "none" for an empty list)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from flask import Flask

from companion.games.base import Reason
from companion.web.games.planetary_sisters.labels import set_seats
from companion.web.games.planetary_sisters.messages import MESSAGES, explain_for, ps_explain
from companion.web.messages import explain

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
    with app.test_request_context("/"):
        set_seats(["Aki", "Ben", "Chie"])
        tie = Reason("ps.parent.tie_downstream", "PS-5", True, {"seat": 2, "tied": [0, 2]})
        assert explain(tie) == "Aki, Chie tied; the most downstream of them, Chie, who acted last, becomes parent."
        flip = Reason("ps.condition.flipped", "PS-5", True, {"seat": 1, "condition": "far"})
        assert explain(flip) == "Ben flips the condition card: next round is Far."
        place = Reason("ps.flow.one_place", "PS-7", False, {"card": "30:ANIMAL+FOOD*2+PLANT", "place": "field"})
        assert explain(place) == "30 (ANIMAL FOOD×2 PLANT) is already on the field: a card is in one place only."
        assert ps_explain(Reason("ps.flow.one_place", "PS-7", True, {"card": "12", "place": ""})) == \
            "12 was nowhere else: a card is in one place only."
        empty = Reason("ps.profile.ranks_once", "PS-2", True, {"ranks": []})
        assert explain(empty) == "Ranks 1 to 36 are listed once each (listed twice: none)."
        pairs = Reason("ps.parent.better_pairs", "PS-6", True, {
            "seat": 0, "condition": "close", "differences": [1, 9], "other_seat": 1, "other_differences": [2, 3],
            "decided_at": 1})
        assert explain(pairs) == "Close: Aki's differences 1, 9 beat Ben's 2, 3 at pair 1, so Aki becomes parent."
    with app.test_request_context("/api/v1/planetary-sisters/score"):
        assert explain(flip) == "seat 1 flips the condition card: next round is Far."
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        set_seats(["アキ", "ベン"])
        assert explain(flip) == "ベン が条件カードを裏返します：次のラウンドは Far。"
        assert explain(empty) == "序列 1～36 がそれぞれ1回ずつある（重複：なし）。"


def test_counts_read_with_real_plurals(app: Flask) -> None:
    """"1 card", "2 cards" (issue #15); Japanese has one form, never "(s)"."""

    def reveal(expected: int) -> Reason:
        return Reason("ps.reveal.count", "PS-7", False, {"seat": 1, "expected": expected, "count": 0})

    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert explain_for(reveal(1), ["Aki", "Ben"]) == "Ben has 1 card the table has not seen, so show 1, not 0."
        assert explain_for(reveal(2), ["Aki", "Ben"]) == "Ben has 2 cards the table has not seen, so show 2, not 0."
        assert "(s)" not in str(MESSAGES["ps.card.example_fact"])
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert explain_for(reveal(1), ["Aki", "Ben"]) == \
            "Ben の手札にはテーブルがまだ見ていない札が 1 枚あるので、0 枚ではなく 1 枚を公開します。"
