"""Every reason code of the Planetary Sisters engine, and of this web package, as an English sentence with
placeholders (translated by the catalog beside this package).

Each message says what kind of thing each of its params names, and the platform's ``Message`` shows the ids
as a player reads them (``close`` as Close, ``pointed`` as "pointed", an empty list as "none"); seats (kinds
"seat" / "seats") are the platform's, named by the ``Wording`` passed down (companion.web.wording), so one
wording serves the table page, the scoring page, the profile checklist and the referee API.

Wording: a refusal (``ps.card.*``, ``ps.turn.*``, ``ps.api.*`` ...) says what is wrong and what the rules
want; a checklist fact (``ps.profile.*``, ``ps.flow.*``) states the fact with the numbers counted, so it reads
right ticked or crossed; a ruling (``ps.parent.*``) says what happened and why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.i18n import ngettext
from companion.web.messages import Message, MessageTable, as_is, each, message_for
from companion.web.reasons import ReasonView, with_ruling
from companion.web.reasons import reason_views as platform_reason_views
from companion.web.wording import PAGE, Wording

from .labels import category_name, class_name, condition_name, phase_name, place_name, slot_label


def _each(one: Callable[[str], str]) -> Callable[[str], str]:
    return each(one, lambda: _("none"))



def card_words(text: str) -> str:
    """A card in the engine's notation as a player reads it: ``30:FOOD*2+PLANT`` -> ``30 (FOOD×2 PLANT)``."""
    rank, colon, rest = text.partition(":")
    if not colon:
        rank, rest = (text, "") if text.isdigit() else ("", text)
    icons = " ".join(part.replace("*", "×") for part in rest.split("+") if part)
    if rank and icons:
        return f"{rank} ({icons})"
    return rank or icons or text


def _slot_on_page(text: str) -> str:
    """A slot where no wording is passed (the platform's own rendering): its seat as on a page with no table.
    This package's own pages word slots with theirs (``explain``)."""
    return slot_label(text, PAGE)


# Seats ("seat", "seats") are not here: the platform words them from the Wording it is given.
KINDS: dict[str, Callable[[str], str]] = {
    "condition": condition_name,
    "phase": phase_name,
    "class": class_name,
    "category": category_name,
    "categories": _each(lambda key: _("element types") if key == "types" else category_name(key)),
    "place": place_name,
    "slot": _slot_on_page,
    "list": _each(as_is),
    "card": card_words,
    "cards": _each(card_words),
}


# Params that are the same kind of thing in every message that has them.
DEFAULT_KINDS = {"card": "card", "entered": "card", "profile_card": "card", "seat": "seat", "other_seat": "seat",
                 "condition": "condition"}


def _slots(wording: Wording) -> Mapping[str, Callable[[str], str]]:
    # A slot names a seat too ("Ben's house"); the platform words only the kinds "seat" / "seats" from the
    # Wording, so this game's slot shower is bound to the same wording here.
    return {"slot": lambda text: slot_label(text, wording)}


TABLE = MessageTable(KINDS, DEFAULT_KINDS, worded=_slots)
M, P = TABLE.M, TABLE.P


# Lists that name cards or ranks read "none" when empty.
R = {"ranks": "list"}

MESSAGES: dict[str, Any] = {
    # -- cards as entered (§3, PS-1, PS-2) ---------------------------------------------------------------------
    "ps.card.notation": M(_l("“{text}” is not a card: write its rank (30), its elements (FOOD*2+PLANT) or both "
                             "(30:FOOD*2+PLANT).")),
    "ps.card.empty_ref": M(_l("A card needs its rank, its elements, or both.")),
    "ps.card.not_object": M(_l("A card is a JSON object with “rank” and/or “elements”, not a {got}.")),
    "ps.card.missing": M(_l("A card needs “rank” or “elements” (or both).")),
    "ps.card.rank_type": M(_l("A rank is a whole number, not a {got}.")),
    "ps.card.rank_range": M(_l("Ranks run from {low} to {high} (this card: {rank}).")),
    "ps.card.elements_type": M(_l("“elements” maps element names to icon counts, not a {got}.")),
    "ps.card.unknown_element": M(_l("“{element}” is not one of this deck profile's element names.")),
    "ps.card.count_type": M(_l("The icon count of {element} must be a whole number.")),
    "ps.card.count_range": M(_l("The icon count of {element} must be 1 or more, not {count}; leave out an element "
                                "the card does not carry.")),
    "ps.card.valid": M(_l("{card} is a card this deck can hold.")),
    "ps.card.unknown_rank": M(_l("The deck profile does not know the elements of {rank} yet: enter its element "
                                 "icons too.")),
    "ps.card.rank_mismatch": M(_l("{rank} is {profile_card} as far as this table knows, not {entered}.")),
    "ps.card.duplicate_rank": M(_l("Rank {rank} is entered twice (first at {first}): a card is in one place "
                                   "only.")),
    # PS-2's per-card facts, for one card being entered
    "ps.card.has_elements": M(_l("Every card carries at least one element; {card} has none.")),
    "ps.card.multi_type_has_round": M(_l("A card with several element types always has a round one; {card} has "
                                         "none.")),
    "ps.card.pointed_once": M(_l("A card carries at most one pointed element, once; {card} has {pointed}."),
                              pointed="list"),
    "ps.card.pointed_with_one_round": M(_l("A pointed card with several types has exactly one round type besides "
                                           "its pointed one; {card} has {types}."), types="list"),
    "ps.card.crown_alone": M(_l("A crown card carries its one crown element once and nothing else; {card} has "
                                "{types}."), types="list"),
    # {counts} are the icon counts the example prints (often none); {card} is what was tapped
    "ps.card.example_fact": M(_l("The rule text's worked example shows {rank} with the round types {round}, "
                                 "pointed types: {pointed}, crown types: {crown}; icon counts the example gives: "
                                 "{counts}. The icons tapped, {card}, do not match."), round="list", counts="cards"),
    # -- deck profiles: element classes (PS-1) -----------------------------------------------------------------
    "ps.profile.not_table": M(_l("A deck profile is a table of settings.")),
    "ps.profile.meta_not_table": M(_l("The profile's meta section must be a table.")),
    "ps.profile.elements_missing": M(_l("The profile must list its 12 element names in meta.elements (PS-1).")),
    "ps.profile.element_classes_missing": M(_l("The profile must give each element its class (round, pointed or "
                                               "crown) in meta.element_classes.")),
    "ps.profile.element_name_invalid": M(_l("“{name}” cannot be an element name: no spaces, none of + * : , and "
                                            "not only digits.")),
    "ps.profile.element_name_duplicate": M(_l("The element name “{name}” is listed twice.")),
    "ps.profile.element_class_invalid": M(_l("The class of {name} must be round, pointed or crown, not "
                                             "“{value}”.")),
    "ps.profile.element_class_unlisted": M(_l("{name} has a class but is not in the list of element names.")),
    "ps.profile.element_count": M(_l("There are {expected} element types, not {counted}.")),
    "ps.profile.lover_not_round": M(_l("{name}, element {position} of the list, is one of the three lover types "
                                       "(food, plant, animal) and must be round, not {element_class}."),
                                    element_class="class"),
    "ps.profile.element_classes": M(_l("12 element types: round {round}; pointed {pointed}; crown {crown}. Only "
                                       "the 12 types and the three round lover types are rules; the classes of the "
                                       "others are this profile's reading (the default's split is a guess)."),
                                    round="list", pointed="list", crown="list"),
    "ps.profile.cards_not_list": M(_l("The profile's cards must be a list.")),
    "ps.profile.card_rank_missing": M(_l("Every card of a profile needs its rank.")),
    "ps.profile.rank_duplicate": M(_l("Rank {rank} is listed twice (first at {first}).")),
    "ps.profile.meta_invalid": M(_l("This part of the profile's meta section cannot be read.")),
    "ps.profile.rename_unknown": M(_l("{element} is not an element of this profile.")),
    "ps.profile.rename_invalid": M(_l("{element} cannot be renamed “{name}”: the name is taken or unusable (no "
                                      "spaces, none of + * : , and not only digits).")),
    # -- the PS-2 checklist of a deck ------------------------------------------------------------------------------
    "ps.profile.ranks_once": M(_l("Ranks 1 to 36 are listed once each (listed twice: {ranks})."), **R),
    "ps.profile.complete": M(_l("All 36 cards have their elements: {known} of {expected} known (still unknown: "
                                "{ranks})."), **R),
    "ps.profile.has_elements": M(_l("Every card carries an element (cards without: {ranks})."), **R),
    "ps.profile.multi_type_has_round": M(_l("A card with several element types always has a round one (cards "
                                            "breaking it: {ranks})."), **R),
    "ps.profile.pointed_once": M(_l("No card carries two pointed types or a pointed element twice (cards breaking "
                                    "it: {ranks})."), **R),
    "ps.profile.pointed_with_one_round": M(_l("A pointed card with several types has exactly one round type "
                                              "besides it (cards breaking it: {ranks})."), **R),
    "ps.profile.crown_alone": M(_l("A crown card has exactly one crown element, once, and nothing else (cards "
                                   "breaking it: {ranks})."), **R),
    "ps.profile.count.class_cards": M(_l("{expected} cards carry a {element_class} element: {counted} so far, "
                                         "{unknown} cards still unknown (cards: {ranks})."),
                                      element_class="class", **R),
    "ps.profile.count.element_cards": M(_l("{element} is on {expected} cards: {counted} so far, {unknown} cards "
                                           "still unknown (cards: {ranks})."), **R),
    "ps.profile.count.element_icons": M(_l("{element} has {expected} icons in the deck: {counted} so far, "
                                           "{unknown} cards still unknown (cards: {ranks})."), **R),
    "ps.profile.count.pointed_and_other": M(_l("{expected} cards carry a pointed element and another one: "
                                               "{counted} so far, {unknown} cards still unknown (cards: {ranks})."),
                                            **R),
    "ps.profile.count.two_types": M(_l("{expected} cards carry exactly 2 element types: {counted} so far, "
                                       "{unknown} cards still unknown (cards: {ranks})."), **R),
    "ps.profile.count.pointed_only": M(_l("{expected} cards carry only a pointed element: {counted} so far, "
                                          "{unknown} cards still unknown (cards: {ranks})."), **R),
    "ps.profile.count.one_type": M(_l("{expected} cards carry exactly 1 element type: {counted} so far, {unknown} "
                                      "cards still unknown (cards: {ranks})."), **R),
    "ps.profile.count.crown_only": M(_l("{expected} cards carry only a crown element: {counted} so far, {unknown} "
                                        "cards still unknown (cards: {ranks})."), **R),
    "ps.profile.example_cards": M(_l("The cards of the worked example (§4.5.1) have the types the text gives "
                                     "them (not matching: {ranks}; not known yet: {pending})."),
                                  pending="list", **R),
    "ps.profile.example_house": M(_l("The worked example's house {ranks} scores {expected} (§4.5.1) once known "
                                     "(not known yet: {pending}; scored {scored}; wrong: {categories})."),
                                  pending="list", categories="categories", **R),
    "ps.profile.unranked": M(_l("{cards} cards known by their icons alone (at most {expected}): each could be a "
                                "card of this deck and together they exceed no count of §5 (cards that cannot be: "
                                "{bad}; counts exceeded: {over})."), bad="list"),
    "ps.profile.unranked_invalid": M(_l("A card known by its icons alone needs its icons and how many cards carry "
                                        "them (1 to 36), and no rank.")),
    # -- the round tracker: setup, turns, parent, reveal (§4, PS-5 … PS-7) ---------------------------------------
    "ps.setup.players": M(_l("Planetary Sisters is played by {choices} players, not {players}."), choices="list"),
    "ps.setup.parent_seat": M(_l("The first parent must be one of the {players} seats.")),
    "ps.setup.field_count": M(_l("With {players} players the field opens with {expected} cards, not {count}.")),
    "ps.flow.phase": M(_l("This entry belongs to {expected}, but the table is at {phase}."), phase="phase",
                       expected="phase"),
    "ps.flow.one_place": M(_l("{card} is already {place}: a card is in one place only."), place="place"),
    "ps.turn.order": M(_l("It is {expected}'s turn (round {round}, turn {turn}), not {seat}'s."), seat="seat",
                       expected="seat"),
    "ps.turn.played_from_hand": M(_l("{card} cannot come from {seat}'s hand: the table knows every card of it "
                                     "({hand_size}), and {card} is not among them."), seat="seat"),
    "ps.turn.taken_from_field": M(_l("{card} is not on the field (the field: {field})."), field="cards"),
    "ps.parent.seat": M(_l("The new parent must be one of the {players} seats.")),
    "ps.parent.named": M(_l("{seat} became parent as the table named it: a rank this round was not known "
                            "({cards})."), seat="seat", cards="cards"),
    "ps.parent.smallest_difference": M(_l("Close: the smallest difference between the card played and the card "
                                          "taken ({difference}) makes {seat} parent (differences {differences})."),
                                       seat="seat", differences="list"),
    "ps.parent.largest_difference": M(_l("Far: the largest difference between the card played and the card taken "
                                         "({difference}) makes {seat} parent (differences {differences})."),
                                      seat="seat", differences="list"),
    "ps.parent.tie_downstream": M(_l("{tied} tied; the most downstream of them, {seat}, who acted last, becomes "
                                     "parent."), seat="seat", tied="seats"),
    "ps.parent.better_pairs": M(_l("{condition}: {seat}'s differences {differences} beat {other_seat}'s "
                                   "{other_differences} at pair {decided_at}, so {seat} becomes parent."),
                                seat="seat", other_seat="seat", condition="condition", differences="list",
                                other_differences="list"),
    "ps.parent.equal_pairs_child": M(_l("{condition}: both players' differences are {differences}, so the child, "
                                        "{seat}, becomes parent."), seat="seat", condition="condition",
                                     differences="list"),
    "ps.condition.flipped": M(_l("{seat} flips the condition card: next round is {condition}."), seat="seat",
                              condition="condition"),
    "ps.reveal.seat": M(_l("The hand shown must be one of the {players} seats'.")),
    "ps.reveal.once": M(_l("{seat}'s hand has already been shown."), seat="seat"),
    "ps.reveal.count": P(lambda n: ngettext("{seat} has {expected} card the table has not seen, so show "
                                            "{expected}, not {count}.",
                                            "{seat} has {expected} cards the table has not seen, so show "
                                            "{expected}, not {count}.", n), "expected", seat="seat"),
    # -- the flow checks of a table (PS-7) -----------------------------------------------------------------------
    "ps.flow.cards_in_play": M(_l("{expected} cards are in play (decks and the opened field): {counted} "
                                  "accounted for.")),
    "ps.flow.cards_distinct": M(_l("Every card the table knows is in one place only (in two places: {ranks})."),
                                **R),
    "ps.flow.round": M(_l("Round {round} of {rounds}.")),
    "ps.flow.round_start": M(_l("At the start of round {round}, hands hold {expected_hands} and decks "
                                "{expected_decks} (here {hands} and {decks}); house cards {expected_houses} (here "
                                "{houses})."), hands="list", expected_hands="list", decks="list",
                             expected_decks="list", houses="list", expected_houses="list"),
    "ps.flow.field_size": M(_l("The field holds {expected} cards at the start of a round (here {count}).")),
    "ps.flow.final_counts": M(_l("At the end each player holds {expected_hand} cards in hand and {expected_house} "
                                 "house cards, decks are empty and {expected_field} cards lie on the field (here "
                                 "{hands}; {houses}; field {field})."), hands="list", houses="list"),
    # -- moves as the table records them -----------------------------------------------------------------------
    "ps.move.not_object": M(_l("This entry is not understood.")),
    "ps.state.malformed": M(_l("The saved table is not readable (expected: {what}).")),
    "ps.move.type": M(_l("“{got}” is not an entry of this game (one of {choices})."), choices="list"),
    "ps.move.seat": M(_l("“{got}” is not a seat.")),
    "ps.move.cards_not_list": M(_l("The cards of this entry must be a list.")),
    "ps.move.notation": M(_l("“{text}” is not an entry of this game.")),
    # -- results (§4.5) ---------------------------------------------------------------------------------------------
    "ps.result.winner": M(_l("Highest final score {total}: {seats} (§4.5; the rule text gives no tie-break, so tied "
                             "players win together)."), seats="seats"),
    # -- what the scores count while the game runs (§2: a hand is its owner's alone until it is shown) ----------------
    "ps.score.in_hands": M(_l("No scores until the hands are shown at the end: with 3 or 4 players every card that "
                              "scores is in a hand, and only its owner may look at a hand.")),
    "ps.score.open_cards": M(_l("Counted from the cards open to all: the house cards laid face up and the field. A "
                                "hand counts once it is shown at the end.")),
    # -- the referee API (API.md) -------------------------------------------------------------------------------------
    "ps.api.wrong_type": M(_l("Wrong kind of value here: a JSON {expected} is needed, not {got}.")),
    "ps.api.out_of_range": M(_l("{value} is not allowed here (one of {choices})."), choices="list"),
    "ps.api.unknown_profile": M(_l("No deck profile is called “{profile}”.")),
    "ps.api.profile_unusable": M(_l("The deck profile “{profile}” cannot be used: {codes}."), codes="list"),
    "ps.api.missing": M(_l("“{field}” is required.")),
    "ps.api.too_many_cards": M(_l("At most {max} cards here, not {count}.")),
    "ps.api.guards_need_two_players": M(_l("Guard cards exist with 2 players only, not {players}.")),
    # -- the scoring sheet (companion.games.planetary_sisters.sheet) -----------------------------------------------
    "ps.sheet.slot": M(_l("“{slot}” is not a place on the score sheet.")),
    "ps.sheet.no_such_slot": M(_l("With {players} players there is no {slot}."), slot="slot"),
    "ps.sheet.slot_full": M(_l("{slot} already holds {capacity} cards, all it has at the end of a game."),
                            slot="slot"),
    "ps.sheet.rank_used": M(_l("{rank} is already in {slot}: a card is in one place only."), slot="slot"),
    # -- this web package's forms -------------------------------------------------------------------------------------
    "ps.form.rank": M(_l("“{value}” is not a rank (1 to 36).")),
    "ps.form.count": M(_l("The icon count of {element} must be a whole number from 0 to 9, not “{value}”.")),
    "ps.form.no_card": M(_l("Tap a card first: its rank, or its element icons (or both).")),
    "ps.form.no_played": M(_l("Tap the card {seat} played: one from the hand, or a rank and/or its element "
                              "icons."), seat="seat"),
    "ps.form.played_twice": M(_l("Tap one played card only: a hand card or a new card, not both.")),
    "ps.form.no_taken": M(_l("Tap the field card {seat} took."), seat="seat"),
    "ps.form.no_seat": M(_l("Tap a player.")),
    "ps.form.kind": M(_l("This entry is not understood; reload the page.")),
    "ps.form.no_profile_save": M(_l("Cards can be remembered in a deck profile of your own only; this table's "
                                    "profile could not be changed just now. Try again.")),
    # -- where a card is ---------------------------------------------------------------------------------------------------
    "ps.card.where": M(_l("{card} is {place}."), place="place"),
    # PS-7: always holds (informative)
    "ps.turn.played_unbound": M(_l("{card} was entered by its elements alone, and {seat} may hold several cards "
                                   "that fit ({candidates}, or one of {unseen} cards not seen): it is bound to "
                                   "none of them until the entries show which."), seat="seat",
                                candidates="cards"),
    "ps.turn.taken_unbound": M(_l("{card} was taken by its elements alone, and several field cards fit "
                                  "({candidates}): the table does not know which one it was, so neither it nor "
                                  "the ones left keep a rank."), candidates="cards"),
}

# A passing reason reads as the condition that held (the "why is this allowed?" of a verdict); a code without
# its own ".ok" wording uses the one above.
OK_MESSAGES: dict[str, Any] = {
    "ps.flow.one_place": M(_l("{card} was nowhere else: a card is in one place only.")),
    "ps.turn.order": M(_l("It is {seat}'s turn (round {round}, turn {turn})."), seat="seat"),
    "ps.turn.played_from_hand": M(_l("{seat} played {card} from the hand."), seat="seat"),
    "ps.turn.taken_from_field": M(_l("{card} was on the field.")),
    "ps.setup.field_count": M(_l("With {players} players the field opens with {expected} cards.")),
    "ps.setup.parent_seat": M(_l("The first parent sits at this table.")),
    "ps.flow.phase": M(_l("The table is at {phase}."), phase="phase"),
    "ps.reveal.count": P(lambda n: ngettext("{seat} shows the {expected} card the table had not seen.",
                                            "{seat} shows the {expected} cards the table had not seen.", n),
                         "expected", seat="seat"),
    "ps.reveal.once": M(_l("{seat}'s hand is shown once."), seat="seat"),
    "ps.card.rank_range": M(_l("Rank {rank} is one of 1 to 36.")),
    "ps.card.has_elements": M(_l("{card} carries at least one element.")),
    "ps.card.multi_type_has_round": M(_l("{card}: a card with several types has a round one.")),
    "ps.card.pointed_once": M(_l("{card}: at most one pointed element, once.")),
    "ps.card.pointed_with_one_round": M(_l("{card}: a pointed card with several types has one round type "
                                           "besides it.")),
    "ps.card.crown_alone": M(_l("{card}: a crown element stands alone.")),
    "ps.card.example_fact": M(_l("{card} matches what the worked example shows of {rank}.")),
}
MESSAGES.update({f"{code}.ok": message for code, message in OK_MESSAGES.items()})


def _code(reason: Any) -> str:
    """A passing reason reads with its ".ok" wording when it has one (see OK_MESSAGES)."""
    code = str(reason.code)
    return f"{code}.ok" if getattr(reason, "ok", False) and f"{code}.ok" in MESSAGES else code


def explain(reason: Any, wording: Wording) -> str:
    """A reason of this game in words (a passing one with its ".ok" wording), its seats and slots named as
    ``wording`` says."""
    code = _code(reason)
    template = MESSAGES.get(code)
    if isinstance(template, Message):
        return template.render(reason.params, wording)
    return message_for(code, reason.params, wording)


def reason_text(reason: Any, wording: Wording) -> str:
    """A refusal as a page words it: the sentence, then its ruling in brackets."""
    return with_ruling(explain(reason, wording), reason.rule)


def reason_views(reasons: Iterable[Any], wording: Wording) -> tuple[ReasonView, ...]:
    """Reasons as a page lists them, worded by this game's ``explain``."""
    return platform_reason_views(reasons, wording, explain)
