"""Deck profiles (PS-1, PS-2): the built-in profile, the per-card facts and the whole checklist."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.games.base import ErrorList, ParseError, Reason
from companion.games.planetary_sisters import GAME, read_profile, rename_element, validate_card, validate_profile
from companion.games.planetary_sisters.cards import Card
from companion.games.planetary_sisters.elements import ElementClass
from companion.games.planetary_sisters.score import score_house

from .support import SYNTHETIC_DECK, complete_profile, default_profile, with_cards


def by_code(reasons: tuple[Reason, ...], code: str) -> list[Reason]:
    return [r for r in reasons if r.code == code]


def one(reasons: tuple[Reason, ...], code: str) -> Reason:
    found = by_code(reasons, code)
    assert len(found) == 1, (code, found)
    return found[0]


def failing(reasons: tuple[Reason, ...]) -> list[str]:
    return [r.code for r in reasons if not r.ok]


# -- the built-in profile ------------------------------------------------------------------------------------


def test_default_profile_shape() -> None:
    profile = default_profile()
    assert (profile["id"], profile["game"]) == ("default", "planetary-sisters")
    assert profile["name_en"] and profile["name_ja"]
    assert [c["rank"] for c in profile["cards"]] == list(range(1, 37))
    # no printed card's elements are known, so none are given (never invent card values)
    assert not any("elements" in c for c in profile["cards"])
    assert profile["meta"]["elements"] == [
        "FOOD", "PLANT", "ANIMAL", "POLE", "SWORD", "POINTED_3", "POINTED_4",
        "PAGE", "KING", "CROWN_3", "CROWN_4", "CROWN_5",
    ]
    deck = read_profile(profile)
    assert deck.elements.lovers == ("FOOD", "PLANT", "ANIMAL")
    assert [f.rank for f in deck.partial_cards] == [27, 30, 36, 22, 28, 11, 19, 31]
    assert deck.example is not None and deck.example.total == 113


def test_default_profile_fails_only_completeness() -> None:
    reasons = validate_profile(default_profile())
    assert failing(reasons) == ["ps.profile.complete"]
    assert one(reasons, "ps.profile.complete").params["ranks"] == list(range(1, 37))
    assert one(reasons, "ps.profile.example_house").params["pending"] == [27, 30, 22, 28, 36, 11, 19, 31]


def test_synthetic_complete_profile_passes_every_fact() -> None:
    reasons = validate_profile(complete_profile())
    assert failing(reasons) == []
    codes = [r.code for r in reasons]
    assert codes.count("ps.profile.count.class_cards") == 3
    assert codes.count("ps.profile.count.element_cards") == 3
    assert codes.count("ps.profile.count.element_icons") == 3
    assert one(reasons, "ps.profile.example_house").params["scored"] == 113
    assert all(r.rule in ("PS-1", "PS-2") for r in reasons)


def test_card_fields_for_the_editor() -> None:
    assert [(f.key, f.kind, f.required) for f in GAME.card_fields] == [
        ("rank", "int", True), ("elements", "counts", False)]
    assert GAME.card_fields[1].choices_key == "elements"


# -- per-card facts (validate_card) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("elements", "code"),
    [
        ({"POLE": 1, "SWORD": 1, "FOOD": 1}, "ps.card.pointed_once"),  # two pointed types
        ({"POLE": 2}, "ps.card.pointed_once"),  # a pointed element twice
        ({"PAGE": 1, "FOOD": 1}, "ps.card.crown_alone"),  # a crown with anything else
        ({"KING": 2}, "ps.card.crown_alone"),  # a crown twice
        ({"POLE": 1, "PAGE": 1}, "ps.card.multi_type_has_round"),  # several types, none round
        ({"FOOD": 1, "PLANT": 1, "POLE": 1}, "ps.card.pointed_with_one_round"),  # pointed + two round types
        ({}, "ps.card.has_elements"),
    ],
)
def test_validate_card_refuses_each_per_card_fact(elements: dict[str, int], code: str) -> None:
    reasons = validate_card(default_profile(), {"rank": 5, "elements": elements})
    bad = [r for r in reasons if not r.ok]
    assert code in [r.code for r in bad]
    assert all(r.rule == "PS-2" for r in bad)
    assert one(reasons, code).params["rank"] == 5


def test_validate_card_lists_every_fact_for_a_good_card() -> None:
    reasons = validate_card(default_profile(), {"rank": 5, "elements": {"FOOD": 3, "SWORD": 1}})
    assert [r.code for r in reasons] == [
        "ps.card.rank_range", "ps.card.has_elements", "ps.card.multi_type_has_round", "ps.card.pointed_once",
        "ps.card.pointed_with_one_round", "ps.card.crown_alone",
    ]
    assert all(r.ok for r in reasons)


def test_validate_card_checks_the_example_facts() -> None:
    # §4.5.1 / PS-2: 27 carries PLANT only
    wrong = validate_card(default_profile(), {"rank": 27, "elements": {"FOOD": 2}})
    fact = one(wrong, "ps.card.example_fact")
    assert not fact.ok
    assert (fact.params["rank"], fact.params["round"], fact.params["pointed"]) == (27, ["PLANT"], 0)
    # 30: FOOD + PLANT + ANIMAL, ANIMAL once
    assert not one(validate_card(default_profile(), {"rank": 30, "elements": {"FOOD": 1, "PLANT": 1, "ANIMAL": 2}}),
                   "ps.card.example_fact").ok
    assert one(validate_card(default_profile(), {"rank": 30, "elements": {"FOOD": 3, "PLANT": 1, "ANIMAL": 1}}),
               "ps.card.example_fact").ok
    # 22: FOOD and one pointed type, which one is not told
    assert one(validate_card(default_profile(), {"rank": 22, "elements": {"FOOD": 1, "POINTED_4": 1}}),
               "ps.card.example_fact").ok
    assert not one(validate_card(default_profile(), {"rank": 22, "elements": {"PLANT": 1, "POLE": 1}}),
                   "ps.card.example_fact").ok


def test_validate_card_unknown_element_and_rank() -> None:
    reasons = validate_card(default_profile(), {"rank": 5, "elements": {"FOO": 1}})
    assert [(r.code, r.path, r.ok) for r in reasons] == [("ps.card.unknown_element", "elements.FOO", False)]
    reasons = validate_card(default_profile(), {"rank": 40, "elements": {"FOOD": 1}})
    assert [(r.code, r.ok) for r in reasons] == [("ps.card.rank_range", False)]
    assert failing(validate_card(default_profile(), {"elements": {"FOOD": 1}})) == ["ps.profile.card_rank_missing"]


def test_a_card_without_elements_passes_the_rank_fact_only() -> None:
    assert [(r.code, r.ok) for r in validate_card(default_profile(), {"rank": 12})] == [("ps.card.rank_range", True)]


# -- the checklist (validate_profile): each PS-2 fact failing on its own -------------------------------------


def test_partial_profile_fails_completeness_only() -> None:
    profile = with_cards(complete_profile(), {5: None, 14: None})
    reasons = validate_profile(profile)
    assert failing(reasons) == ["ps.profile.complete"]
    assert one(reasons, "ps.profile.complete").params["ranks"] == [5, 14]
    food_icons = [r for r in by_code(reasons, "ps.profile.count.element_icons") if r.params["element"] == "FOOD"][0]
    assert (food_icons.params["counted"], food_icons.params["unknown"]) == (34, 2)


def test_duplicate_rank() -> None:
    profile = complete_profile()
    profile["cards"].append({"rank": 7, "elements": {"FOOD": 1}})
    assert one(validate_profile(profile), "ps.profile.ranks_once").params["ranks"] == [7]
    assert not one(validate_profile(profile), "ps.profile.ranks_once").ok


@pytest.mark.parametrize(
    ("rank", "elements", "code"),
    [
        (7, {"FOOD": 2, "POINTED_3": 1, "POLE": 1}, "ps.profile.pointed_once"),
        (19, {"PAGE": 1, "FOOD": 1}, "ps.profile.crown_alone"),
        (12, {"POLE": 1, "PAGE": 1}, "ps.profile.multi_type_has_round"),
        (13, {"ANIMAL": 1, "PLANT": 1, "SWORD": 1}, "ps.profile.pointed_with_one_round"),
        (14, {}, "ps.profile.has_elements"),
    ],
)
def test_per_card_fact_in_the_checklist_names_the_rank(rank: int, elements: dict[str, int], code: str) -> None:
    reasons = validate_profile(with_cards(complete_profile(), {rank: elements}))
    fact = one(reasons, code)
    assert not fact.ok and fact.params["ranks"] == [rank] and fact.rule == "PS-2"


def count_fact(reasons: tuple[Reason, ...], code: str, **params: Any) -> Reason:
    found = [r for r in by_code(reasons, code) if all(r.params.get(k) == v for k, v in params.items())]
    assert len(found) == 1
    return found[0]


def test_count_facts_of_section_5_each_fail_alone() -> None:
    # 14 FOOD*4 -> PLANT*4: FOOD 17 cards / 34 icons, PLANT 13 cards / 21 icons; types per card unchanged
    reasons = validate_profile(with_cards(complete_profile(), {14: {"PLANT": 4}}))
    assert count_fact(reasons, "ps.profile.count.element_cards", element="FOOD").params["counted"] == 17
    assert not count_fact(reasons, "ps.profile.count.element_cards", element="FOOD").ok
    assert not count_fact(reasons, "ps.profile.count.element_icons", element="FOOD").ok
    assert not count_fact(reasons, "ps.profile.count.element_cards", element="PLANT").ok
    assert not count_fact(reasons, "ps.profile.count.element_icons", element="PLANT").ok
    assert count_fact(reasons, "ps.profile.count.element_cards", element="ANIMAL").ok
    assert one(reasons, "ps.profile.count.one_type").ok

    # 16 FOOD*2 -> FOOD*2+PLANT: one-type 18, two-type 17, PLANT 13 cards
    reasons = validate_profile(with_cards(complete_profile(), {16: {"FOOD": 2, "PLANT": 1}}))
    assert one(reasons, "ps.profile.count.one_type").params["counted"] == 18
    assert not one(reasons, "ps.profile.count.one_type").ok
    assert not one(reasons, "ps.profile.count.two_types").ok

    # 4 SWORD -> CROWN_3: pointed-only 3, crown-only 6, pointed cards 11, crown cards 6
    reasons = validate_profile(with_cards(complete_profile(), {4: {"CROWN_3": 1}}))
    pointed_only = one(reasons, "ps.profile.count.pointed_only")
    crown_only = one(reasons, "ps.profile.count.crown_only")
    assert (pointed_only.params["counted"], pointed_only.ok) == (3, False)
    assert (crown_only.params["counted"], crown_only.ok) == (6, False)
    assert not count_fact(reasons, "ps.profile.count.class_cards", element_class="pointed").ok
    assert not count_fact(reasons, "ps.profile.count.class_cards", element_class="crown").ok
    assert count_fact(reasons, "ps.profile.count.class_cards", element_class="round").ok

    # 9 FOOD*2+POLE -> FOOD*2: pointed+other 7, round cards unchanged
    reasons = validate_profile(with_cards(complete_profile(), {9: {"FOOD": 2}}))
    assert one(reasons, "ps.profile.count.pointed_and_other").params["counted"] == 7
    assert not one(reasons, "ps.profile.count.pointed_and_other").ok


def test_a_partial_profile_already_over_a_count_fails_it() -> None:
    # every card unknown but 20 cards made FOOD-only: already more than §5's 18 FOOD cards
    profile = default_profile()
    for entry in profile["cards"][:20]:
        entry["elements"] = {"FOOD": 1}
    reasons = validate_profile(profile)
    fact = count_fact(reasons, "ps.profile.count.element_cards", element="FOOD")
    assert (fact.ok, fact.params["counted"], fact.params["unknown"]) == (False, 20, 16)
    # ... and cannot reach 5 crown-only cards? 16 unknown left, so it still can: passing
    assert one(reasons, "ps.profile.count.crown_only").ok
    # 20 one-type cards > 19
    assert not one(reasons, "ps.profile.count.one_type").ok


def test_example_house_fact() -> None:
    # 27 with PLANT*3 keeps its types (example card fact passes) but the house's PLANT icons become 7: 7×2×2 = 28
    reasons = validate_profile(with_cards(complete_profile(), {27: {"PLANT": 3}}))
    assert one(reasons, "ps.profile.example_cards").ok
    fact = one(reasons, "ps.profile.example_house")
    assert (fact.ok, fact.params["scored"], fact.params["categories"]) == (False, 117, ["plant"])
    # 22 FOOD+POINTED_3 instead of POLE: the example's types become 8 (POINTED_3 joins POLE and SWORD)
    reasons = validate_profile(with_cards(complete_profile(), {22: {"FOOD": 1, "POINTED_3": 1}}))
    assert one(reasons, "ps.profile.example_house").params["categories"] == ["collector", "types"]


def test_example_card_fact_in_the_checklist() -> None:
    reasons = validate_profile(with_cards(complete_profile(), {36: {"FOOD": 2, "ANIMAL": 2}}))
    fact = one(reasons, "ps.profile.example_cards")
    assert (fact.ok, fact.params["ranks"], fact.params["pending"]) == (False, [36], [])


def test_a_profile_without_the_example_facts_fails_them() -> None:
    profile = complete_profile()
    del profile["meta"]["partial_cards"]
    del profile["meta"]["example"]
    reasons = validate_profile(profile)
    assert failing(reasons) == ["ps.profile.example_cards", "ps.profile.example_house"]


# -- element classes (PS-1) ------------------------------------------------------------------------------------


def test_ps1_another_split_of_the_classes_loads_and_is_shown() -> None:
    """PS-1: the 3/4/5 split is a guess; 3 round / 3 pointed / 6 crown loads and the checklist shows it."""
    profile = default_profile()
    profile["meta"]["element_classes"]["POINTED_4"] = "crown"
    deck = read_profile(profile)
    assert len(deck.elements.of_class(ElementClass.CROWN)) == 6
    classes = one(validate_profile(profile), "ps.profile.element_classes")
    assert (classes.ok, classes.params["pointed"]) == (True, ["POLE", "SWORD", "POINTED_3"])


def test_ps1_page_pointed_is_checked_and_scored_with_its_own_classes() -> None:
    """PS-1: with PAGE pointed (5 pointed / 4 crown), a FOOD+PAGE card is a pointed card (PS-2) and a PAGE-only
    card is a pointed-only card: a single-passion harvester, no collector harvester (PS-3)."""
    profile = default_profile()
    profile["meta"]["element_classes"]["PAGE"] = "pointed"
    deck = read_profile(profile)
    assert deck.elements.class_of("PAGE") is ElementClass.POINTED
    assert [r.code for r in validate_card(profile, {"rank": 5, "elements": {"PAGE": 2}}) if not r.ok] == [
        "ps.card.pointed_once"]
    house = score_house([Card.parse("PAGE"), Card.parse("FOOD"), Card.parse("KING")], deck.elements)
    rows = {c.key: (c.production, c.harvesters) for c in house.categories}
    assert (rows["single"], rows["collector"]) == ((3, 1), (3, 1))
    default = score_house([Card.parse("PAGE"), Card.parse("FOOD"), Card.parse("KING")],
                          read_profile(default_profile()).elements)
    assert {c.key: (c.production, c.harvesters) for c in default.categories}["single"] == (3, 0)


def test_ps1_only_twelve_types_and_round_lovers_are_fixed() -> None:
    profile = default_profile()
    profile["meta"]["element_classes"]["FOOD"] = "pointed"
    reasons = validate_profile(profile)
    assert [(r.code, r.rule, r.params["name"]) for r in reasons] == [("ps.profile.lover_not_round", "PS-1", "FOOD")]
    with pytest.raises(ErrorList):
        read_profile(profile)
    profile = default_profile()
    profile["meta"]["elements"].append("SHIELD")
    profile["meta"]["element_classes"]["SHIELD"] = "pointed"
    reasons = validate_profile(profile)
    assert [(r.code, r.params["counted"]) for r in reasons] == [("ps.profile.element_count", 13)]


def test_element_names_problems() -> None:
    profile = default_profile()
    profile["meta"]["elements"][1] = "FOOD"
    profile["meta"]["element_classes"]["X"] = "round"
    found = [(r.code, r.params["name"], r.path) for r in validate_profile(profile)]
    assert found == [
        ("ps.profile.element_name_duplicate", "FOOD", "meta.elements[1]"),
        ("ps.profile.element_class_unlisted", "PLANT", "meta.element_classes.PLANT"),
        ("ps.profile.element_class_unlisted", "X", "meta.element_classes.X"),
    ]


def test_unknown_element_in_a_profile_card() -> None:
    profile = with_cards(complete_profile(), {3: {"CROWN_9": 1}})
    reason = one(validate_profile(profile), "ps.card.unknown_element")
    assert (reason.ok, reason.path, reason.rule) == (False, "cards[2].elements.CROWN_9", "PS-1")


def test_rename_element_everywhere() -> None:
    profile = complete_profile()
    renamed = rename_element(profile, "POINTED_3", "STAFF")
    assert "STAFF" in renamed["meta"]["elements"] and "POINTED_3" not in renamed["meta"]["elements"]
    assert renamed["meta"]["element_classes"]["STAFF"] == "pointed"
    assert renamed["cards"][4]["elements"] == {"STAFF": 1}
    assert failing(validate_profile(renamed)) == []
    renamed = rename_element(profile, "PLANT", "花")
    assert renamed["meta"]["partial_cards"][0]["round"] == ["花"]
    assert renamed["meta"]["example"]["types"][1] == "花"
    assert failing(validate_profile(renamed)) == []
    assert profile == complete_profile()  # the original is untouched
    copy_before = copy.deepcopy(profile)
    with pytest.raises(ParseError) as taken:
        rename_element(profile, "FOOD", "PLANT")
    assert (taken.value.code, taken.value.rule) == ("ps.profile.rename_invalid", "PS-1")
    with pytest.raises(ParseError) as unknown:
        rename_element(profile, "WATER", "水")
    assert unknown.value.code == "ps.profile.rename_unknown"
    assert profile == copy_before


def test_synthetic_deck_is_only_test_data() -> None:
    assert len(SYNTHETIC_DECK) == 36
