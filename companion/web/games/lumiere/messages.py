"""Every reason code of the Lumière Prière engine (and of this web package) as an English sentence with
placeholders, translated by the catalog beside this package.

The engine's params are ids: card ``yokai``, area ``r1c2``, seat ``0``, line ``row``. Each message says what
kind each of its params is, and the ids are shown as a player reads them (``labels.py``): 妖怪 / Yokai, B3, 横 /
row (the platform's ``Message`` does the showing; seats, kinds "seat" and "seats", are the platform's, worded
from the Wording the caller passes: the seat's name, "Player 2", or the API's "seat 1"), so the same wording
serves the table page, the profile checklist and the referee API.

A sentence states the condition the rules ask for, so it reads right both in "why is this allowed?" and in
"not allowed, because:".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.i18n import lazy_gettext as _l
from companion.i18n import pgettext
from companion.web.messages import Message, MessageTable, each
from companion.web.wording import API, Wording

from .labels import card_name, cell_label, line_name, move_name, phase_name


def _each(one: Callable[[str], str]) -> Callable[[str], str]:
    return each(one, lambda: pgettext("lumiere", "none"))


KINDS: dict[str, Callable[[str], str]] = {
    "card": card_name,
    "cards": _each(card_name),
    "cell": cell_label,
    "cells": _each(cell_label),
    "line": line_name,
    "lines": _each(line_name),
    "phase": phase_name,
    "move": move_name,
    "moves": _each(move_name),
}


def _api_cell(cell: str) -> str:
    return cell_label(cell, API)


# In an API answer an area reads as the API writes it ("[1, 2]"), not "B3".
API_AREAS: dict[str, Callable[[str], str]] = {"cell": _api_cell, "cells": _each(_api_cell)}


def _areas(wording: Wording) -> Mapping[str, Callable[[str], str]]:
    return API_AREAS if wording.api else {}


TABLE = MessageTable(KINDS, worded=_areas)
M = TABLE.M

MESSAGES: dict[str, Message] = {
    # -- the rule text's sections a reason may follow (rule_name shows them in the page's language) --------------
    "rule.§概要": M(_l("§Overview")),
    "rule.§プレイの準備": M(_l("§Preparing to play")),
    "rule.§場の説明": M(_l("§The field")),
    "rule.§ターン進行": M(_l("§How a turn goes")),
    "rule.§セットフェイズ": M(_l("§Set phase")),
    "rule.§エフェクトフェイズ": M(_l("§Effect phase")),
    "rule.§ドローフェイズ": M(_l("§Draw phase")),
    # -- reading a field (the referee API and the dispute page) ----------------------------------------------
    "lp.json.wrong_type": M(_l("Wrong kind of value here: a JSON {expected} is needed.")),
    "lp.json.missing": M(_l("“{field}” is required here.")),
    "lp.players.unsupported": M(_l("Lumière Prière is played by 3 or 4 players, not {players}.")),
    "lp.board.shape": M(_l("The field is 4 rows of 4 areas ({expected} × {expected}).")),
    "lp.card.unknown": M(_l("“{card}” is not one of the twelve cards of the rule text.")),
    "lp.card.malformed": M(_l("“{card}” is not a card on the field (card id, @, seat).")),
    "lp.owner.out_of_range": M(_l("No card can face {owner} at a table of {players} players (with 3 players the "
                                  "fourth orientation is unused)."), owner="seat"),
    "lp.cell.malformed": M(_l("“{cell}” is not an area: give [row, column], each from 0 to 3.")),
    "lp.cell.out_of_range": M(_l("Row {row}, column {col} is off the 4 × 4 field (rows and columns 0 to 3).")),
    "lp.active.empty_area": M(_l("{cell} is empty: only a card on top of an area can be active."), cell="cell"),
    "lp.board.too_many_copies": M(_l("The field holds {count} × {card}, but the decks of {players} players hold "
                                     "only {limit}."), card="card"),
    # -- moves as the table records them --------------------------------------------------------------------
    "lp.move.not_object": M(_l("This entry is not understood.")),
    "lp.move.missing": M(_l("This entry lacks “{field}”.")),
    "lp.state.malformed": M(_l("This table snapshot cannot be read ({field}).")),
    "lp.move.wrong_type": M(_l("“{field}” has the wrong kind of value ({expected} needed).")),
    "lp.move.unknown_kind": M(_l("“{kind}” is not a step of a turn.")),
    "lp.move.malformed": M(_l("“{text}” is not a move the companion can read.")),
    # -- the deck profile (LP-8) ----------------------------------------------------------------------------
    "lp.profile.cards_not_list": M(_l("The profile's cards must be a list.")),
    "lp.profile.card_not_table": M(_l("Each card of the profile must be a table of fields.")),
    "lp.profile.duplicate_card": M(_l("{card} is in the profile twice."), card="card"),
    "lp.card.id_known": M(_l("The card is one of the twelve of the rule text (“{card}”)."), card="card"),
    "lp.card.points_integer": M(_l("The points of {card} are a whole number, minus for a minus card "
                                   "(not “{points}”)."), card="card"),
    "lp.card.effect_text": M(_l("The effect of {card} is text."), card="card"),
    "lp.card.stackable_flag": M(_l("Whether cards may be stacked on {card} is yes or no (not “{stackable}”)."),
                                card="card"),
    "lp.card.per_player": M(_l("Each deck holds {expected} × {card}, as the rule text says (not {per_player})."),
                            card="card"),
    "lp.card.name_ja": M(_l("{card} is called {expected} in the rule text (not “{name_ja}”)."), card="card"),
    "lp.profile.game": M(_l("The profile is for Lumière Prière (it says “{game}”).")),
    "lp.profile.known_cards": M(_l("Only the twelve cards of the rule text (unknown: {cards})."), cards="cards"),
    "lp.profile.no_duplicates": M(_l("Each card is listed once (twice: {cards})."), cards="cards"),
    "lp.profile.all_cards": M(_l("All twelve cards are listed (missing: {cards})."), cards="cards"),
    "lp.profile.card_facts": M(_l("Every card's values have the right kind (wrong: {cards})."), cards="cards"),
    "lp.profile.points_known": M(_l("Every card's points are filled in (missing: {cards})."), cards="cards"),
    "lp.profile.effects_known": M(_l("Every card's effect text is filled in (missing: {cards})."), cards="cards"),
    "lp.profile.stackable_known": M(_l("For every card it is said whether other cards may be stacked on it "
                                       "(missing: {cards})."), cards="cards"),
    "lp.profile.plus_and_minus_cards": M(_l("There are plus cards and minus cards, as the overview says "
                                            "(plus: {plus}; minus: {minus})."), plus="cards", minus="cards"),
    # -- the get phase: sandwiches (LP-1 … LP-5) -------------------------------------------------------------
    "lp.sandwich.between": M(_l("{cell} ({card}, {owner}'s) lies between two cards of {by} ({ends}) along a "
                                "{line}."), cell="cell", card="card", owner="seat", by="seat", ends="cells",
                             line="line"),
    "lp.sandwich.corner": M(_l("{cell} ({card}, {owner}'s) is a corner, and both areas next to it ({ends}) hold "
                               "cards of {by}."), cell="cell", card="card", owner="seat", by="seat", ends="cells"),
    "lp.sandwich.active": M(_l("At least one of the two sandwiching cards is active this turn: {active}."),
                            active="cells"),
    "lp.sandwich.no_active": M(_l("At least one of the two sandwiching cards ({ends}) must be active this turn "
                                  "(placed, moved or turned): neither is, so nothing is taken."), ends="cells"),
    "lp.sandwich.same_owner": M(_l("{cell} is {by}'s own card, like {ends} around it: three cards of one owner "
                                   "take nothing."), cell="cell", by="seat", ends="cells"),
    "lp.sandwich.two_between": M(_l("Two cards ({cells}) lie between {by}'s cards at {ends}: a sandwich holds "
                                    "exactly one card, so nothing is taken."), cells="cells", by="seat",
                                 ends="cells"),
    "lp.get.captured": M(_l("{by} captures {card} ({owner}'s) at {cell}, sandwiched along: {lines}."),
                         by="seat", card="card", owner="seat", cell="cell", lines="lines"),
    "lp.get.excluded": M(_l("{card} ({owner}'s) at {cell} is sandwiched by {by} at once: it goes to the exclusion "
                            "area."), card="card", owner="seat", cell="cell", by="seats"),
    "lp.get.nothing": M(_l("Nothing is captured (sandwiches that do not count: {refused}).")),
    # -- the turn (tracker) ---------------------------------------------------------------------------------
    "lp.phase.move_expected": M(_l("The {phase} expects this step ({move})."), phase="phase", move="move"),
    "lp.phase.move_not_expected": M(_l("The {phase} expects: {expected}; not “{move}”."), phase="phase",
                                    move="move", expected="moves"),
    "lp.setup.first_player": M(_l("The first player is one of the {players} seats (chosen: {seat})."),
                               seat="seat"),
    "lp.place.empty_area": M(_l("A card goes onto an empty area: {cell} is empty."), cell="cell"),
    "lp.place.occupied": M(_l("A card goes onto an empty area: {cell} already holds {top}, and nothing may be "
                              "stacked on it."), cell="cell", top="card", owner="seat"),
    "lp.place.stackable_unknown": M(_l("{cell} holds {top}, and the deck profile does not say yet whether cards "
                                       "may be stacked on it: fill that in, or choose an empty area."),
                                    cell="cell", top="card", owner="seat"),
    "lp.place.stackable_top": M(_l("Cards may be stacked on {top}, the top card of {cell}."), cell="cell",
                                top="card", owner="seat"),
    "lp.place.stack_by_effect": M(_l("The played card's effect lets it be stacked on {cell} (on {top})."),
                                  cell="cell", top="card", owner="seat"),
    "lp.remove.field_full": M(_l("All 16 areas hold a card (empty: {empty})."), empty="cells"),
    "lp.remove.stackable_top": M(_l("The remove phase needs that no area's top card may be stacked upon; but {cards} "
                                    "may ({cells})."), cards="cards", cells="cells"),
    "lp.remove.stackable_top_buried": M(_l("No card on the field, buried ones included, may be stacked upon; but "
                                           "{cards} may ({cells}). This table started under that earlier reading "
                                           "and keeps it."), cards="cards", cells="cells"),
    "lp.remove.stackable_unknown": M(_l("The deck profile does not say whether cards may be stacked on {cards} "
                                        "({cells}): if none may, the turn player takes a top card; otherwise "
                                        "play on."), cards="cards", cells="cells"),
    "lp.remove.no_stackable_top": M(_l("No area's top card may be stacked upon (buried cards do not count).")),
    "lp.remove.no_stackable_top_buried": M(_l("No card on the field, buried ones included, may be stacked upon (the "
                                              "earlier reading this table started under).")),
    "lp.set.no_legal_area": M(_l("No area takes {card} by the rules (every area holds a card and no top card may be "
                                 "stacked upon): the table places it on the area it chooses, recorded as its "
                                 "decision."), card="card"),
    "lp.set.no_area_by_rules": M(_l("No area takes {card} by the rules: every area holds a card and no top card may "
                                    "be stacked upon."), card="card"),
    "lp.set.table_decides": M(_l("The rule text does not cover this, so the table places {card} on {cell}: "
                                 "recorded as the table's decision."), card="card", cell="cell", top="card"),
    "lp.set.table_not_needed": M(_l("The rules still allow a set ({cells}), so the table does not decide where it "
                                    "goes."), cells="cells"),
    "lp.mulligan.ended": M(_l("Mulligans end when the first player is chosen: everyone had declined another "
                              "one.")),
    "lp.option.unknown_choice": M(_l("“{value}” is not one of this option's settings ({allowed}).")),
    "lp.remove.top_card": M(_l("The card taken is the top card of an area ({cell}: {card})."), cell="cell",
                            card="card", seat="seat"),
    "lp.play.hand_not_empty": M(_l("The turn player has a card in hand ({seat}: {hand})."), seat="seat"),
    "lp.play.copy_left": M(_l("{seat}'s deck still holds an unplayed {card} ({left} left)."), seat="seat",
                           card="card"),
    "lp.play.no_copy_left": M(_l("{seat} has already played every {card} their deck holds ({per_player})."),
                              seat="seat", card="card"),
    "lp.mulligan.revealed": M(_l("{seat} reveals {card} from their hand."), seat="seat", card="card"),
    "lp.mulligan.no_such_card": M(_l("{seat}'s hand cannot hold {card}: their deck has no other copy."),
                                  seat="seat", card="card"),
    "lp.mulligan.returned": M(_l("{seat} returns {returned} of the other cards of their hand and draws as many "
                                 "again (at most {most})."), seat="seat"),
    "lp.mulligan.no_such_seat": M(_l("Only a seat at this table of {players} takes a mulligan ({seat} is not one)."),
                                  seat="seat"),
    "lp.place.under": M(_l("The effect puts the card under the stack at {cell}: {top} stays on top."), cell="cell",
                        top="card", owner="seat"),
    "lp.set.facing_other": M(_l("The effect sets the card at {cell} facing {owner}, not the turn player {seat}."),
                             cell="cell", owner="seat", seat="seat"),
    "lp.send.points": M(_l("{card} leaves {cell} for {seat}'s point area; the card below (if any) is not active."),
                        cell="cell", card="card", seat="seat"),
    "lp.send.exclusion": M(_l("{card} leaves {cell} for the exclusion area; the card below (if any) is not "
                              "active."), cell="cell", card="card", seat="seat"),
    "lp.send.hand": M(_l("{card} leaves {cell} for {seat}'s hand; the card below (if any) is not active."),
                      cell="cell", card="card", seat="seat"),
    "lp.send.no_such_seat": M(_l("Only a seat at this table of {players} has a point area or a hand ({seat} is not "
                                 "one)."), cell="cell", seat="seat"),
    "lp.effect.top_card": M(_l("An effect takes the top card of an area: {card} ({owner}'s) at {cell}."),
                            cell="cell", card="card", owner="seat"),
    "lp.effect.empty_area": M(_l("An effect takes the top card of an area, but {cell} is empty."), cell="cell"),
    "lp.effect.two_areas": M(_l("The two areas are different ({first} and {second})."), first="cell",
                             second="cell"),
    "lp.turn.no_such_seat": M(_l("A card can face only a seat at this table of {players} ({owner} is not one)."),
                              owner="seat", cell="cell"),
    "lp.turn.full_turn": M(_l("{cell} is turned all the way round to {owner} again: a full turn still makes it "
                              "active."), cell="cell", owner="seat"),
    "lp.turn.new_owner": M(_l("{cell} now faces {owner} (it faced {from}) and is active."), cell="cell",
                           owner="seat", **{"from": "seat"}),
    "lp.draw.card": M(_l("{seat} draws a card ({deck} in the deck)."), seat="seat"),
    "lp.draw.deck_empty": M(_l("{seat}'s deck is empty: no card is drawn."), seat="seat"),
    "lp.end.every_hand_at_most_five": M(_l("Every hand holds {limit} cards or fewer (hands: {hands}).")),
    "lp.end.a_hand_empty": M(_l("Someone's hand is empty (empty: {seats})."), seats="seats"),
    "lp.score.points_unknown": M(_l("The deck profile does not give the points of {cards} yet, so the score "
                                    "waits for them."), cards="cards"),
    "lp.score.card": M(_l("{card}: {count} × {points} points."), card="card"),
    "lp.score.highest": M(_l("{seat} has the most points ({points})."), seat="seat"),
    "lp.score.tie_break": M(_l("{tied} are tied at {points}; {seat} sits nearest the first player ({first}) "
                               "and wins."), seat="seat", tied="seats", first="seat"),
    # -- this web package -----------------------------------------------------------------------------------
    "lp.form.kind": M(_l("This entry is not understood; tap one of the offered buttons.")),
    "lp.form.cell": M(_l("Tap an area of the field first.")),
    "lp.form.second_cell": M(_l("Tap the second area too.")),
    "lp.form.card": M(_l("Tap a card first.")),
    "lp.form.seat": M(_l("Tap a seat first.")),
    "lp.form.owner": M(_l("Tap the seat the card is to face.")),
    "lp.form.count": M(_l("Say how many cards go back to the deck.")),
    "lp.form.destination": M(_l("Choose where the card goes.")),
    "lp.dispute.unreadable": M(_l("The field in this address could not be read, so the checker starts from an "
                                  "empty field.")),
    "lp.dispute.lift_empty": M(_l("{cell} is empty: there is no card to take off."), cell="cell"),
    "lp.dispute.active_empty": M(_l("{cell} is empty: only a card on top of an area can be active."),
                                 cell="cell"),
    "lp.dispute.too_deep": M(_l("{cell} already holds {count} cards: that is as high as the checker stacks."),
                             cell="cell"),
    "lp.dispute.unused_side": M(_l("With 3 players nobody sits on the fourth side: change or take off the cards "
                                   "facing it first ({cells})."), cells="cells"),
    # -- the readings a table started under (kept for tables started before LP-6 and LP-9 changed) --------
    "option.remove_phase": M(_l("Remove phase: which cards are looked at")),
    "option.remove_phase.top-cards": M(_l("The areas' top cards only")),
    "option.remove_phase.every-card": M(_l("Every card on the field, buried ones too (the earlier reading)")),
    "option.mulligan": M(_l("Mulligans")),
    "option.mulligan.until-first-player": M(_l("Until the first player is chosen")),
    "option.mulligan.until-play": M(_l("Until play starts (the earlier reading)")),
}


def message(code: str) -> Message:
    return MESSAGES[code]
