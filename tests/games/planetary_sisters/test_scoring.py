"""Scoring (PS-3 house categories, PS-4 field bonus, §4.5): hand-computed numbers for every category on
both sides, the worked example, 2-player guards, and properties."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.planetary_sisters import (
    CATEGORY_KEYS,
    Card,
    ElementClass,
    ElementSet,
    Formula,
    read_profile,
    rename_element,
    score_field,
    score_house,
    score_player,
)

from .support import ELEMENTS, EXAMPLE_FIELD, EXAMPLE_HOUSE, cards, default_profile


def house_row(notations: tuple[str, ...], key: str) -> tuple[int, int, int, int, int]:
    c = score_house(cards(*notations), ELEMENTS).category(key)
    return c.production, c.harvesters, c.satisfaction, c.multiplier, c.points


def field_row(house: tuple[str, ...], field: tuple[str, ...], key: str, guards: tuple[str, ...] = ()) -> tuple[
        int, int, int, int, int]:
    c = score_field(cards(*house), cards(*field), ELEMENTS, cards(*guards)).category(key)
    return c.production, c.harvesters, c.satisfaction, c.multiplier, c.points


# -- the worked example (§4.5.1, §4.5.2; PS-4 notes the text's "FOOD 5" typo: the formula uses 6) ----------


def test_worked_example_house_113_field_54_total_167() -> None:
    score = score_player(cards(*EXAMPLE_HOUSE), cards(*EXAMPLE_FIELD), ELEMENTS)
    assert score.house.points() == {"food": 18, "plant": 24, "animal": 0, "dual": 8, "single": 15, "collector": 48}
    assert score.house.total == 113
    assert score.field.points() == {"food": 18, "plant": 12, "animal": 4, "dual": 0, "single": 20, "collector": 0}
    assert score.field.total == 54
    assert score.total == 167


def test_worked_example_working_matches_the_text() -> None:
    score = score_player(cards(*EXAMPLE_HOUSE), cards(*EXAMPLE_FIELD), ELEMENTS)
    rows = {c.key: (c.production, c.harvesters, c.satisfaction, c.multiplier) for c in score.house.categories}
    # §4.5.1: 6×(4−1)×1, 6×(3−1)×2, 1×(1−1)×4, (3−1)×2×2, (4−1)×1×5, (7−1)×2×4
    assert rows == {
        "food": (6, 4, 18, 1), "plant": (6, 3, 12, 2), "animal": (1, 1, 0, 4),
        "dual": (3, 2, 4, 2), "single": (4, 1, 3, 5), "collector": (7, 2, 12, 4),
    }
    field = {c.key: (c.production, c.harvesters, c.satisfaction) for c in score.field.categories}
    # §4.5.2: 6×3×1 (the text's "5" is the typo PS-4 notes), 6×1×2, 1×1×4, 4×1×5; dual and collector 0
    assert field == {
        "food": (6, 3, 18), "plant": (6, 1, 6), "animal": (1, 1, 1),
        "dual": (3, 0, 0), "single": (4, 1, 4), "collector": (7, 0, 0),
    }


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(1, total + 1), repeat=parts) if sum(c) == total]


def test_worked_example_every_split_the_text_allows_scores_113() -> None:
    """PS-2: the text gives icon totals (FOOD 6 over 30/22/28/36, PLANT 6 over 27/30/36), the pointed types
    of 22/28/11 (POLE and SWORD both present) and the crowns of 19/31 (PAGE, KING), not each card's counts
    or type. Every consistent reading scores the same: all 10 × 10 × 6 × 2 of them."""
    pointed_choices = [p for p in itertools.product(["POLE", "SWORD"], repeat=3) if set(p) == {"POLE", "SWORD"}]
    readings = 0
    for f30, f22, f28, f36 in _splits(6, 4):
        for p27, p30, p36 in _splits(6, 3):
            for pointed in pointed_choices:
                for crowns in (("PAGE", "KING"), ("KING", "PAGE")):
                    house = [
                        Card.of({"PLANT": p27}, 27),
                        Card.of({"FOOD": f30, "PLANT": p30, "ANIMAL": 1}, 30),
                        Card.of({"FOOD": f22, pointed[0]: 1}, 22),
                        Card.of({"FOOD": f28, pointed[1]: 1}, 28),
                        Card.of({"FOOD": f36, "PLANT": p36}, 36),
                        Card.of({pointed[2]: 1}, 11),
                        Card.of({crowns[0]: 1}, 19),
                        Card.of({crowns[1]: 1}, 31),
                    ]
                    score = score_player(house, cards(*EXAMPLE_FIELD), ELEMENTS)
                    assert (score.house.total, score.field.total, score.total) == (113, 54, 167)
                    readings += 1
    assert readings == 10 * 10 * 6 * 2


# -- every house category, by hand (PS-3) ------------------------------------------------------------------


def test_house_food_lovers() -> None:
    # FOOD icons 2+1+3 = 6 on 3 cards: 6 × (3 − 1) = 12, × 1
    assert house_row(("FOOD*2", "FOOD+PLANT", "ANIMAL+FOOD*3"), "food") == (6, 3, 12, 1, 12)


def test_house_plant_lovers() -> None:
    # PLANT icons 2+1+1 = 4 on 3 cards: 4 × 2 = 8, × 2
    assert house_row(("PLANT*2", "FOOD+PLANT", "PLANT"), "plant") == (4, 3, 8, 2, 16)


def test_house_animal_lovers() -> None:
    # ANIMAL icons 1+2 = 3 on 2 cards: 3 × 1 = 3, × 4
    assert house_row(("ANIMAL", "ANIMAL*2+FOOD"), "animal") == (3, 2, 3, 4, 12)


def test_house_lovers_with_one_carrier_score_nothing() -> None:
    assert house_row(("FOOD*5",), "food") == (5, 1, 0, 1, 0)


def test_house_dual_passion() -> None:
    # two-type cards: FOOD+POLE, PLANT+SWORD, FOOD+PLANT = 3 (the three-type card and POLE do not count);
    # with a pointed element: 2. (3 − 1) × 2 = 4, × 2
    house = ("FOOD+POLE", "PLANT+SWORD", "FOOD+PLANT", "ANIMAL+FOOD+PLANT", "POLE")
    assert house_row(house, "dual") == (3, 2, 4, 2, 8)


def test_house_dual_passion_round_pairs_produce_but_do_not_harvest() -> None:
    assert house_row(("FOOD+PLANT", "PLANT+ANIMAL"), "dual") == (2, 0, 0, 2, 0)


def test_house_single_passion() -> None:
    # one-type cards: FOOD*3 (duplicates count), POLE, SWORD, PAGE = 4; pointed-only: 2. (4 − 1) × 2 = 6, × 5
    assert house_row(("FOOD*3", "POLE", "SWORD", "PAGE", "FOOD+POLE"), "single") == (4, 2, 6, 5, 30)


def test_house_collector() -> None:
    # types PAGE, KING, CROWN_3, FOOD, POLE = 5; crown-only 3. (5 − 1) × 3 = 12, × 4
    assert house_row(("PAGE", "KING", "CROWN_3", "FOOD+POLE"), "collector") == (5, 3, 12, 4, 48)


def test_empty_house_scores_zero_everywhere() -> None:
    score = score_player([], cards(*EXAMPLE_FIELD), ELEMENTS)
    assert [c.points for c in score.house.categories] == [0] * 6
    assert [c.points for c in score.field.categories] == [0] * 6
    assert score.total == 0


def test_categories_come_in_api_order_with_rules_and_formulas() -> None:
    score = score_player(cards(*EXAMPLE_HOUSE), cards(*EXAMPLE_FIELD), ELEMENTS)
    assert tuple(c.key for c in score.house.categories) == CATEGORY_KEYS
    assert {c.rule for c in score.house.categories} == {"PS-3"}
    assert {c.rule for c in score.field.categories} == {"PS-4"}
    assert [c.formula for c in score.house.categories] == [Formula.LOVER_HOUSE] * 3 + [Formula.PASSION_HOUSE] * 3
    assert [c.formula for c in score.field.categories] == [Formula.FIELD] * 6
    assert [c.element for c in score.house.categories] == ["FOOD", "PLANT", "ANIMAL", "", "", ""]
    assert [c.multiplier for c in score.house.categories] == [1, 2, 4, 2, 5, 4]


# -- every field-bonus category, by hand (PS-4) -------------------------------------------------------------


def test_field_food() -> None:
    # production: FOOD icons in the house 2+3 = 5; harvesters: field cards with FOOD = 2. 5 × 2 × 1
    assert field_row(("FOOD*2", "ANIMAL+FOOD*3"), ("FOOD", "FOOD+PLANT", "POLE"), "food") == (5, 2, 10, 1, 10)


def test_field_plant_counts_field_cards_not_field_icons() -> None:
    # production 2+1 = 3; the field's 4 PLANT icons are one harvester. 3 × 1 × 2
    assert field_row(("PLANT*2", "PLANT"), ("PLANT*4",), "plant") == (3, 1, 3, 2, 6)


def test_field_animal() -> None:
    assert field_row(("ANIMAL*2",), ("ANIMAL", "ANIMAL+FOOD"), "animal") == (2, 2, 4, 4, 16)


def test_field_dual() -> None:
    # house two-type cards 2; field two-type cards with a pointed element: PLANT+SWORD only. 2 × 1 × 2
    assert field_row(("FOOD+PLANT", "FOOD+POLE"), ("PLANT+SWORD", "FOOD+PLANT", "POLE"), "dual") == (2, 1, 2, 2, 4)


def test_field_single() -> None:
    # house one-type cards 3; field pointed-only SWORD, POLE = 2. 3 × 2 × 5
    assert field_row(("FOOD", "PLANT*2", "KING"), ("SWORD", "POLE", "FOOD"), "single") == (3, 2, 6, 5, 30)


def test_field_collector() -> None:
    # house types FOOD, PLANT, POLE, KING = 4; field crown-only 2. 4 × 2 × 4
    assert field_row(("FOOD+PLANT", "FOOD+POLE", "KING"), ("KING", "CROWN_4", "FOOD"), "collector") == (
        4, 2, 8, 4, 32)


def test_field_never_produces() -> None:
    # a house without FOOD gains nothing from a field full of FOOD
    assert field_row(("PLANT",), ("FOOD*3", "FOOD", "FOOD+PLANT", "FOOD"), "food") == (0, 4, 0, 1, 0)


# -- 2 players: own guards harvest like field cards (PS-4) -------------------------------------------------


def test_two_player_guards_add_harvesters_for_their_owner_only() -> None:
    house = cards("FOOD*2", "FOOD+PLANT", "KING", "PLANT")
    field = cards("FOOD", "POLE", "PLANT+ANIMAL", "SWORD")
    with_guards = score_player(house, field, ELEMENTS, cards("FOOD*3", "PAGE"))
    without = score_player(house, field, ELEMENTS)
    # food: production 3; harvesters field 1 + guard 1 = 2 -> 6 (without the guard: 3)
    assert with_guards.field.category("food").harvesters == 2
    assert with_guards.field.category("food").points == 6
    assert without.field.category("food").points == 3
    # collector: production 3 types (FOOD, PLANT, KING); the PAGE guard is a crown-only harvester: 3 × 1 × 4
    assert with_guards.field.category("collector").points == 12
    assert without.field.category("collector").points == 0
    # guards never produce and never change the house score
    assert with_guards.house == without.house
    assert with_guards.total - without.total == 3 + 12


# -- the profile names the elements; scoring only asks for classes (PS-1) ----------------------------------


def test_renamed_elements_score_the_same() -> None:
    profile = rename_element(rename_element(default_profile(), "FOOD", "食"), "KING", "王")
    renamed = read_profile(profile).elements
    assert renamed.lovers == ("食", "PLANT", "ANIMAL")
    house = [Card.of({("食" if n == "FOOD" else "王" if n == "KING" else n): c for n, c in card.elements}, card.rank)
             for card in cards(*EXAMPLE_HOUSE)]
    score = score_house(house, renamed)
    assert score.total == 113
    assert score.category("food").element == "食"


def test_lover_order_follows_the_profile() -> None:
    swapped = ElementSet(("ANIMAL", "PLANT", "FOOD", *ELEMENTS.names[3:]), ELEMENTS.classes)
    # ANIMAL is now the first round element: the "food" row (×1) counts ANIMAL
    row = score_house(cards("ANIMAL*2", "ANIMAL"), swapped).category("food")
    assert (row.element, row.production, row.harvesters, row.points) == ("ANIMAL", 3, 2, 3)


# -- properties ----------------------------------------------------------------------------------------------

ROUND = ELEMENTS.of_class(ElementClass.ROUND)
POINTED = ELEMENTS.of_class(ElementClass.POINTED)
CROWN = ELEMENTS.of_class(ElementClass.CROWN)


@st.composite
def valid_cards(draw: st.DrawFn) -> Card:
    """Cards that satisfy PS-2's per-card facts."""
    kind = draw(st.sampled_from(["round", "round+pointed", "pointed", "crown"]))
    if kind == "pointed":
        return Card.of({draw(st.sampled_from(POINTED)): 1})
    if kind == "crown":
        return Card.of({draw(st.sampled_from(CROWN)): 1})
    if kind == "round+pointed":
        return Card.of({draw(st.sampled_from(ROUND)): draw(st.integers(1, 4)), draw(st.sampled_from(POINTED)): 1})
    names = draw(st.lists(st.sampled_from(ROUND), min_size=1, max_size=3, unique=True))
    return Card.of({name: draw(st.integers(1, 4)) for name in names})


card_lists = st.lists(valid_cards(), max_size=8)


@settings(max_examples=150, deadline=None)
@given(house=card_lists, field=st.lists(valid_cards(), max_size=4), guards=st.lists(valid_cards(), max_size=2))
def test_no_category_is_ever_negative(house: list[Card], field: list[Card], guards: list[Card]) -> None:
    score = score_player(house, field, ELEMENTS, guards)
    for category in (*score.house.categories, *score.field.categories):
        assert category.production >= 0 and category.harvesters >= 0
        assert category.satisfaction >= 0 and category.points >= 0


@settings(max_examples=100, deadline=None)
@given(house=card_lists, field=st.lists(valid_cards(), max_size=4), data=st.data())
def test_scores_do_not_depend_on_card_order(house: list[Card], field: list[Card], data: st.DataObject) -> None:
    shuffled_house = data.draw(st.permutations(house))
    shuffled_field = data.draw(st.permutations(field))
    assert score_player(house, field, ELEMENTS) == score_player(shuffled_house, shuffled_field, ELEMENTS)


@settings(max_examples=100, deadline=None)
@given(house=card_lists, field=st.lists(valid_cards(), max_size=3), extra=valid_cards())
def test_adding_a_field_card_never_lowers_a_field_bonus(house: list[Card], field: list[Card], extra: Card) -> None:
    before = score_field(house, field, ELEMENTS)
    after = score_field(house, [*field, extra], ELEMENTS)
    for old, new in zip(before.categories, after.categories, strict=True):
        assert new.points >= old.points
        assert new.production == old.production


@settings(max_examples=100, deadline=None)
@given(house=card_lists, field=st.lists(valid_cards(), max_size=4))
def test_field_production_is_the_house_production(house: list[Card], field: list[Card]) -> None:
    score = score_player(house, field, ELEMENTS)
    assert [c.production for c in score.house.categories] == [c.production for c in score.field.categories]
    assert score.house == score_house(house, ELEMENTS)


def test_multipliers_do_not_change_with_the_side() -> None:
    for house in itertools.combinations(EXAMPLE_HOUSE, 4):
        score = score_player(cards(*house), cards(*EXAMPLE_FIELD), ELEMENTS)
        assert [c.multiplier for c in score.house.categories] == [c.multiplier for c in score.field.categories]
