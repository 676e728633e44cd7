"""Cards known by their icons alone (``meta.unranked`` in a deck profile): read, checked against PS-2, renamed.

The scoring page remembers a game entered without ranks this way, so the next game offers each set of icons as
one tap; PS-2: scoring takes cards by their elements, a rank only looks them up.
"""

from __future__ import annotations

import copy

import pytest

from companion.games.base import ErrorList
from companion.games.planetary_sisters import read_profile, rename_element
from companion.games.planetary_sisters.profile_facts import validate_profile

from .support import SYNTHETIC_DECK, default_profile


def with_unranked(*entries: dict) -> dict:
    profile = copy.deepcopy(default_profile())
    profile["meta"]["unranked"] = list(entries)
    return profile


def unranked_fact(profile: dict):  # type: ignore[no-untyped-def]
    return next(r for r in validate_profile(profile) if r.code == "ps.profile.unranked")


def test_each_set_of_icons_is_read_with_its_count_and_the_same_icons_twice_add_up() -> None:
    deck = read_profile(with_unranked({"elements": {"FOOD": 2, "PLANT": 1}, "count": 3},
                                      {"elements": {"KING": 1}, "count": 1},
                                      {"elements": {"PLANT": 1, "FOOD": 2}, "count": 1}))
    assert dict(deck.unranked) == {(("FOOD", 2), ("PLANT", 1)): 4, (("KING", 1),): 1}
    assert deck.cards == ()  # nothing about ranks is claimed


def test_a_profile_without_them_has_none_and_its_checklist_has_no_line_for_them() -> None:
    assert read_profile(default_profile()).unranked == ()
    assert all(r.code != "ps.profile.unranked" for r in validate_profile(default_profile()))


@pytest.mark.parametrize("entry, path", [
    ({"elements": {"FOOD": 2}}, "meta.unranked[0]"),  # no count
    ({"elements": {"FOOD": 2}, "count": 0}, "meta.unranked[0]"),
    ({"elements": {"FOOD": 2}, "count": 37}, "meta.unranked[0]"),
    ({"elements": {"FOOD": 2}, "count": True}, "meta.unranked[0]"),
    ({"elements": {"FOOD": 2}, "count": 1, "rank": 4}, "meta.unranked[0]"),  # a card with a rank goes in cards
    ({"elements": {}, "count": 1}, "meta.unranked[0].elements"),
    ("FOOD*2", "meta.unranked[0]"),
])
def test_an_entry_that_cannot_be_read_is_named(entry: object, path: str) -> None:
    with pytest.raises(ErrorList) as raised:
        read_profile(with_unranked(entry))  # type: ignore[arg-type]
    assert [(e.code, e.path) for e in raised.value.errors] == [("ps.profile.unranked_invalid", path)]


def test_an_unknown_element_is_named_with_the_rule() -> None:
    with pytest.raises(ErrorList) as raised:
        read_profile(with_unranked({"elements": {"BREAD": 1}, "count": 2}))
    assert [(e.code, e.rule, e.path) for e in raised.value.errors] == [
        ("ps.card.unknown_element", "PS-1", "meta.unranked[0].elements.BREAD")]


def test_the_whole_synthetic_deck_by_its_icons_passes_ps2() -> None:
    counts: dict[tuple, int] = {}
    for elements in SYNTHETIC_DECK.values():
        key = tuple(sorted(elements.items()))
        counts[key] = counts.get(key, 0) + 1
    fact = unranked_fact(with_unranked(*({"elements": dict(k), "count": n} for k, n in counts.items())))
    assert fact.ok and fact.rule == "PS-2"
    assert fact.params == {"cards": 36, "expected": 36, "bad": [], "over": 0}


def test_a_card_no_deck_can_hold_and_too_many_cards_fail_the_fact() -> None:
    fact = unranked_fact(with_unranked({"elements": {"KING": 1, "FOOD": 1}, "count": 1}))
    assert not fact.ok and fact.params["bad"] == ["FOOD+KING"]
    fact = unranked_fact(with_unranked({"elements": {"KING": 1}, "count": 6}))  # 5 crown-only cards (§5)
    assert not fact.ok and fact.params["over"] >= 1 and fact.params["bad"] == []
    fact = unranked_fact(with_unranked({"elements": {"FOOD": 1}, "count": 20}, {"elements": {"PLANT": 1}, "count": 17}))
    assert not fact.ok and fact.params["cards"] == 37


def test_renaming_an_element_renames_it_in_the_unranked_cards() -> None:
    renamed = rename_element(with_unranked({"elements": {"POINTED_3": 1, "FOOD": 2}, "count": 2}), "POINTED_3", "AXE")
    assert renamed["meta"]["unranked"] == [{"elements": {"AXE": 1, "FOOD": 2}, "count": 2}]
    assert dict(read_profile(renamed).unranked) == {(("AXE", 1), ("FOOD", 2)): 2}


def test_a_list_longer_than_the_deck_is_refused_whole() -> None:
    entries = [{"elements": {"FOOD": 1}, "count": 1}] * 37  # a deck has 36 cards: never read entry by entry
    with pytest.raises(ErrorList) as raised:
        read_profile(with_unranked(*entries))
    assert [(e.code, e.path) for e in raised.value.errors] == [("ps.profile.unranked_invalid", "meta.unranked")]


@pytest.mark.parametrize("broken", [5, True, "FOOD", None])
def test_renaming_an_element_of_a_hand_edited_profile_never_fails_on_its_lists(broken: object) -> None:
    profile = with_unranked()
    profile["meta"]["unranked"] = broken
    profile["meta"]["partial_cards"] = broken
    renamed = rename_element(profile, "POINTED_3", "AXE")
    assert renamed["meta"]["elements"][5] == "AXE" and renamed["meta"]["unranked"] == broken
