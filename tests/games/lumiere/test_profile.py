"""The deck profile (LP-8): the built-in one ships only the rule text's facts; validation names what is missing."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import ErrorList
from companion.games.lumiere import GAME, Card, DeckProfile, validate_card, validate_profile

from .support import complete_profile, default_profile


def by_code(profile: dict[str, Any]) -> dict[str, tuple[bool, dict[str, Any], str]]:
    return {r.code: (r.ok, dict(r.params), r.rule) for r in validate_profile(profile)}


ALL_IDS = [c.value for c in Card]


def test_the_builtin_profile_has_the_twelve_cards_with_the_rule_texts_names_and_counts_only() -> None:
    profile = default_profile()
    assert (profile["id"], profile["game"]) == ("default", "lumiere")
    assert profile["meta"] == {}
    assert [c["id"] for c in profile["cards"]] == ALL_IDS
    assert {c["id"]: c["name_ja"] for c in profile["cards"]} == {c.value: c.name_ja for c in Card}
    assert sum(c["per_player"] for c in profile["cards"]) == 19
    # never invented: points, effects and the stackable flag are absent until a player fills them in
    assert all(not {"points", "effect", "stackable"} & card.keys() for card in profile["cards"])


def test_validating_the_builtin_profile_passes_the_facts_and_names_every_missing_value() -> None:
    found = by_code(default_profile())
    for code in ("lp.profile.game", "lp.profile.known_cards", "lp.profile.no_duplicates", "lp.profile.all_cards",
                 "lp.profile.card_facts"):
        assert found[code][0], code
    for code in ("lp.profile.points_known", "lp.profile.effects_known", "lp.profile.stackable_known"):
        assert found[code] == (False, {"cards": ALL_IDS}, "LP-8")
    assert "lp.profile.plus_and_minus_cards" not in found  # not checkable before every card has points


def test_a_partly_filled_profile_names_only_the_cards_still_missing() -> None:
    profile = default_profile()
    for card in profile["cards"]:
        if card["id"] != "ghost":
            card["points"] = 1
    profile["cards"][0]["effect"] = "   "  # a blank effect is not known yet
    found = by_code(profile)
    assert found["lp.profile.points_known"] == (False, {"cards": ["ghost"]}, "LP-8")
    assert found["lp.profile.effects_known"][1]["cards"] == ALL_IDS


def test_a_complete_profile_passes_everything_including_plus_and_minus_cards() -> None:
    reasons = validate_profile(complete_profile())
    assert all(r.ok for r in reasons), [r.code for r in reasons if not r.ok]
    found = by_code(complete_profile())
    assert found["lp.profile.plus_and_minus_cards"][1]["minus"] == ["yokai", "otherworlder", "ghost", "vampire"]


def test_a_complete_profile_without_minus_cards_contradicts_the_overview() -> None:
    profile = complete_profile(points={"yokai": 0, "otherworlder": 0, "ghost": 1, "vampire": 2})
    assert by_code(profile)["lp.profile.plus_and_minus_cards"] == (
        False, {"plus": ALL_IDS[:6] + ["priest", "conjurer", "ghost", "vampire"], "minus": []}, "§概要")


def test_structural_faults_are_named() -> None:
    profile = default_profile()
    profile["game"] = "strato-sphere"
    profile["cards"] = profile["cards"][:10] + [{"id": "dragon"}, {"id": "commoner", "per_player": 4},
                                                {"id": "warrior", "points": "lots"}]
    found = by_code(profile)
    assert found["lp.profile.game"][:2] == (False, {"game": "strato-sphere"})
    assert found["lp.profile.known_cards"][:2] == (False, {"cards": ["dragon"]})
    assert found["lp.profile.no_duplicates"][:2] == (False, {"cards": ["commoner", "warrior"]})
    assert found["lp.profile.all_cards"][:2] == (False, {"cards": ["ghost", "vampire"]})
    assert found["lp.profile.card_facts"][:2] == (False, {"cards": ["commoner", "warrior"]})


@pytest.mark.parametrize(("card", "code"), [
    ({"id": "dragon"}, "lp.card.id_known"),
    ({"id": "ghost", "points": True}, "lp.card.points_integer"),
    ({"id": "ghost", "points": 1.5}, "lp.card.points_integer"),
    ({"id": "ghost", "effect": 3}, "lp.card.effect_text"),
    ({"id": "ghost", "stackable": "yes"}, "lp.card.stackable_flag"),
    ({"id": "ghost", "per_player": 2}, "lp.card.per_player"),
    ({"id": "ghost", "name_ja": "幽鬼"}, "lp.card.name_ja"),
])
def test_validate_card_refuses_a_card_breaking_a_fact(card: dict[str, Any], code: str) -> None:
    failing = [r for r in validate_card(default_profile(), card) if not r.ok]
    assert [(r.code, r.rule) for r in failing] == [(code, "LP-8")]


def test_validate_card_passes_a_good_card_listing_what_it_checked() -> None:
    card = {"id": "ghost", "points": -1, "effect": "…", "stackable": False, "per_player": 1, "name_ja": "幽霊"}
    reasons = GAME.validate_card(default_profile(), card)
    assert [r.code for r in reasons] == ["lp.card.id_known", "lp.card.points_integer", "lp.card.effect_text",
                                         "lp.card.stackable_flag", "lp.card.per_player", "lp.card.name_ja"]
    assert all(r.ok for r in reasons)


def test_the_profile_parser_keeps_unknowns_unknown_and_refuses_malformed_values() -> None:
    parsed = DeckProfile.from_mapping({"id": "x", "cards": [{"id": "ghost", "points": -1, "stackable": True}]})
    assert (parsed.points(Card.GHOST), parsed.stackable(Card.GHOST), parsed.data(Card.GHOST).effect) == (-1, True,
                                                                                                         None)
    assert parsed.points(Card.VAMPIRE) is None
    with pytest.raises(ErrorList) as caught:
        DeckProfile.from_mapping({"cards": [{"id": "ghost", "points": "x"}, {"id": "ghost"}, {"id": "ghost"}, 3]})
    assert [(e.path, e.code) for e in caught.value.errors] == [
        ("cards[0].points", "lp.card.points_integer"), ("cards[2].id", "lp.profile.duplicate_card"),
        ("cards[3]", "lp.profile.card_not_table")]


def test_card_fields_for_the_profile_editor() -> None:
    assert [(f.key, f.kind) for f in GAME.card_fields] == [("id", "text"), ("points", "int"), ("effect", "text"),
                                                           ("stackable", "bool")]
    assert GAME.card_fields[0].required
