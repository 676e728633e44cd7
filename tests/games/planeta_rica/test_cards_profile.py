"""Cards (PR-1) and deck profiles (PR-6): names and copies from 【カード内訳】, nothing guessed."""

from __future__ import annotations

import pytest

from companion.games.base import ErrorList
from companion.games.planeta_rica import GAME, DeckProfile, Gadget, Planet, Reward, missing, read_profile
from companion.games.planeta_rica.cards import GADGET_CARDS, PLANET_CARDS
from companion.profiles import builtin_profiles

from .support import TEST_PROFILE, codes

API_PLANETS = ("new_earth ai_autonomy military_industrial_complex fast_planet dark_matter_factory tachyon_mine "
               "mithril_mine monopole_mine great_race_home tourist_planet hypnosis_capsule_factory merchant_guild "
               "interstellar_bank ecosystem_reserve universal_atom_factory endymion galactic_federation_hq "
               "steel_city time_collision permutation_city city_of_brass").split()
API_GADGETS = ("think_tank dark_matter time_machine warp_gate accelerator philosophers_stone hypnosis_capsule "
               "free_trade_treaty colony_ship universal_atom solvent_castor solvent_borx ceo_george "
               "pirate_king_dragner trade_king_schneider president_teraoka inventor_nixon").split()


def test_ids_are_exactly_the_api_lists_in_the_texts_order() -> None:
    assert [p.value for p in Planet] == API_PLANETS
    assert [g.value for g in Gadget] == API_GADGETS


def test_copies_match_the_card_list() -> None:
    assert (len(Planet), PLANET_CARDS, len(Gadget), GADGET_CARDS) == (21, 44, 17, 29)
    assert Planet.NEW_EARTH.copies == 7 and Planet.NEW_EARTH.name_ja == "ニューアース"
    assert Planet.AI_AUTONOMY.copies == 3 and Planet.CITY_OF_BRASS.copies == 1
    assert Gadget.TRADE_KING_SCHNEIDER.name_ja == "交易王シュナイダー" and Gadget.TRADE_KING_SCHNEIDER.copies == 1
    assert Gadget.WARP_GATE.copies == 2


def test_eleven_slot_rewards_and_the_four_resource_icons() -> None:
    assert [r.value for r in Reward] == ["tachyon", "monopole", "mithril", "any", "exchange", "coin", "coin2",
                                         "fame", "worker", "copy", "nothing"]
    assert [r.value for r in Reward if r.resource_icon] == ["tachyon", "monopole", "mithril", "any"]


def test_default_profile_has_names_and_copies_and_nothing_else() -> None:
    profile = builtin_profiles("planeta-rica")["default"]
    reasons = codes(GAME.validate_profile(profile))
    for code in ("pr.profile.game", "pr.profile.known_cards", "pr.profile.no_duplicates", "pr.profile.all_cards",
                 "pr.profile.card_facts", "pr.profile.planet_total", "pr.profile.gadget_total"):
        assert reasons[code], code
    for code in ("pr.profile.coins_known", "pr.profile.planet_vp_known", "pr.profile.slots_known",
                 "pr.profile.costs_known", "pr.profile.gadget_vp_known", "pr.profile.gadget_effects_known"):
        assert not reasons[code], code
    assert all(set(card) <= {"id", "kind", "name_ja", "name_en", "copies"} for card in profile["cards"])
    lacks = missing(profile)
    assert lacks["coins"] == API_PLANETS and lacks["cost"] == API_GADGETS
    deck = read_profile(profile)
    assert deck.vp(Planet.TOURIST_PLANET) is None and deck.slot(Planet.NEW_EARTH, 1) is None


def test_a_complete_profile_passes_every_fact() -> None:
    assert all(r.ok for r in GAME.validate_profile(TEST_PROFILE))
    assert missing(TEST_PROFILE) == {}
    deck = read_profile(TEST_PROFILE)
    assert deck.complete_for_play
    assert deck.slot(Planet.TOURIST_PLANET, 5) is Reward.COPY
    assert str(deck.gadget(Gadget.TRADE_KING_SCHNEIDER).cost) == "1tachyon+1any"


@pytest.mark.parametrize(("card", "code", "params"), [
    ({"id": "new_earth", "copies": 6}, "pr.card.copies", {"copies": "6", "expected": 7}),
    ({"id": "new_earth", "name_ja": "新地球"}, "pr.card.name_ja", {"expected": "ニューアース"}),
    ({"id": "new_earth", "kind": "gadget"}, "pr.card.kind", {"expected": "planet"}),
    ({"id": "new_earth", "slot3": "gold"}, "pr.card.slot_reward", {"slot": "slot3", "reward": "gold"}),
    ({"id": "new_earth", "slots": ["coin"]}, "pr.card.slots_list", {}),
    ({"id": "new_earth", "coins": -1}, "pr.card.coins_count", {"coins": "-1"}),
    ({"id": "warp_gate", "coins": 3}, "pr.card.field_fits_kind", {"field": "coins", "kind": "gadget"}),
    ({"id": "new_earth", "cost": {"tachyon": 1}}, "pr.card.field_fits_kind", {"field": "cost", "kind": "planet"}),
    ({"id": "warp_gate", "cost": {"gold": 1}}, "pr.card.cost_counts", {}),
    ({"id": "warp_gate", "vp": "3"}, "pr.card.vp_integer", {"vp": "3"}),
    ({"id": "death_star"}, "pr.card.id_known", {"card": "death_star"}),
])
def test_a_card_breaking_a_fact_is_refused(card: dict[str, object], code: str, params: dict[str, object]) -> None:
    failures = [r for r in GAME.validate_card(TEST_PROFILE, card) if not r.ok]
    assert [r.code for r in failures] == [code]
    assert {k: failures[0].params[k] for k in params} == params


def test_a_good_card_passes_with_its_reasons() -> None:
    reasons = GAME.validate_card(TEST_PROFILE, {"id": "tourist_planet", "copies": 2, "coins": 3, "vp": 2,
                                                "slot1": "fame", "name_ja": "観光惑星"})
    assert codes(reasons) == {"pr.card.id_known": True, "pr.card.name_ja": True, "pr.card.copies": True,
                              "pr.card.vp_integer": True, "pr.card.coins_count": True, "pr.card.slot_reward": True}


def test_profile_parse_errors_have_paths() -> None:
    with pytest.raises(ErrorList) as caught:
        DeckProfile.from_mapping({"cards": [{"id": "new_earth", "slot3": "gold"}, {"id": "warp_gate"},
                                            {"id": "warp_gate"}]})
    assert [(e.code, e.path) for e in caught.value.errors] == [
        ("pr.card.slot_reward", "cards[0].slot3"), ("pr.profile.duplicate_card", "cards[2].id")]


def test_slots_as_a_list_read_like_slot_fields() -> None:
    deck = DeckProfile.from_mapping({"cards": [{"id": "steel_city", "slots": ["coin", "any", "copy", "fame",
                                                                              "nothing"]}]})
    assert deck.planet(Planet.STEEL_CITY).slots == (Reward.COIN, Reward.ANY, Reward.COPY, Reward.FAME,
                                                     Reward.NOTHING)


def test_totals_are_checked_against_the_card_list() -> None:
    broken = {**TEST_PROFILE, "cards": [c for c in TEST_PROFILE["cards"] if c["id"] != "endymion"]}
    reasons = {r.code: r for r in GAME.validate_profile(broken)}
    assert not reasons["pr.profile.all_cards"].ok and reasons["pr.profile.all_cards"].params["cards"] == ["endymion"]
