"""Every Planeta Rica reason code as a sentence (English source, Japanese in the catalog beside this package).

The engine's params are ids (companion/games/planeta_rica/): seats 0-based, planets in a player's row by index
(0 = New Earth), cards by id (``tourist_planet``), resources and rewards by id, resource bags in notation
(``2tachyon+1mithril``). Each param name has one kind (``DEFAULT_KINDS``) and the platform's ``Message`` shows
it as a player reads it: 観光惑星 / Tourist Planet, "Player 2" (or the table's name for the seat), planet #2.
A sentence states the condition the rules ask for, so it reads right both in "allowed because" and in "not
allowed, because"; where the engine gives other params on failure, the failing wording is ``alt``.

Codes starting ``pr.form.`` and ``pr.sheet.`` are the web layer's own (a form missing a tap, the score page).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import lazy_gettext as _l
from companion.inputs import whole_number
from companion.web.messages import MessageTable, Shower, as_is, each

from .labels import (
    ADJUST_NAMES,
    bag_text,
    card_name,
    end_cause,
    move_name,
    none_text,
    phase_name,
    resource_name,
    reward_name,
)


def _index(text: str) -> str:
    """A planet's index in its player's row (0-based) as the page numbers it: #1 is New Earth."""
    index = whole_number(text, 0, 99)
    return text if index is None else f"#{index + 1}"


def _field(text: str) -> str:
    return str(ADJUST_NAMES.get(text, text))



KINDS: dict[str, Shower] = {
    "card": card_name,
    "cards": each(card_name, none_text),
    "resource": resource_name,
    "reward": reward_name,
    "rewards": each(reward_name, none_text),
    "bag": bag_text,
    "phase": phase_name,
    "phases": each(phase_name, none_text),
    "move": move_name,
    "index": _index,
    "indices": each(_index, none_text),
    "field": _field,
    "cause": end_cause,
    "list": each(as_is, none_text),
}

DEFAULT_KINDS: dict[str, str] = {
    "card": "card", "target": "card", "cards": "cards", "market": "cards", "unknown": "cards",
    "seat": "seat", "last_seat": "seat", "start": "seat", "seats": "seats", "order": "seats",
    "resource": "resource", "cost": "bag", "pay": "bag", "have": "bag", "give": "bag", "take": "bag",
    "phase": "phase", "move": "move", "planet": "index", "copy": "index", "pending": "indices",
    "targets": "indices", "field": "field", "cause": "cause", "slots": "list", "distances": "list",
    "reward": "reward",
}


# A message may carry a second wording, ``alt``, said when the engine gives the param ``when`` (on failure).
TABLE = MessageTable(KINDS, DEFAULT_KINDS)
M = TABLE.M


ENGINE_MESSAGES: dict[str, Any] = {
    # -- set-up and the market (PR-1, PR-3) ----------------------------------------------------------------------
    "pr.players.unsupported": M(_l("Planeta Rica is played by 3 to 5 players, not {players}."), allowed="list"),
    "pr.setup.start_once": M(_l("The start player is chosen once, at set-up."), start="list"),
    "pr.setup.seat_in_range": M(_l("The start player is one of the {players} players ({seat}).")),
    "pr.market.reveal_time": M(_l("A planet is turned up at set-up (until the market shows 5 types) or to refill "
                                  "the market after an invade (now: {phase}, {types} types showing).")),
    "pr.market.deck_not_empty": M(_l("A planet is turned up from the deck, and the deck must have cards "
                                     "({deck} left).")),
    "pr.market.copy_left": M(_l("The game has {copies} copies of {card}; {seen} are already out of the deck, so "
                                "one more must be left to turn up.")),
    # -- the turn (PR-2, PR-3, PR-7) ------------------------------------------------------------------------------
    "pr.turn.phase": M(_l("This entry ({move}) belongs to another part of the turn: now it is {phase}, and it "
                          "fits {allowed}."), allowed="phases"),
    "pr.turn.time_machine": M(_l("A second action in one turn needs a Time Machine obtained in an earlier turn "
                                 "({actions} action taken). Whether it is spent by that is a reading the table "
                                 "chose when it started.")),
    "pr.turn.end_after_first_action": M(_l("With a Time Machine the turn may end after the first action "
                                           "({actions} taken).")),
    # -- returning a worker (PR-2) -------------------------------------------------------------------------------
    "pr.return.pending": M(_l("In the return phase each planet with workers returns one worker, in any order: "
                              "planet {planet} is not one still owed (still to return: {pending}).")),
    "pr.return.planet_owned": M(_l("Planet {planet} ({card}) is in front of the player."),
                                _l("The player has {planets} planets, so there is no planet {planet}."), "planets"),
    "pr.return.has_worker": M(_l("A worker returns from a planet with workers: {card} (planet {planet}) has "
                                 "none.")),
    "pr.return.topmost": M(_l("The topmost worker of {card} returns: the one in slot {slot}.")),
    # the engine names the reward only when the profile knows it; without it the slot is asked for (PR-6)
    "pr.return.slot_known": M(_l("The deck profile does not know slot {slot} of {card} yet: pick what the card "
                                 "shows there."),
                              _l("Slot {slot} of {card} pays {reward} (deck profile)."), "reward"),
    "pr.return.slot_matches_profile": M(_l("Slot {slot} of {card} shows {profile} in the deck profile, not "
                                           "{given}."), profile="reward", given="reward"),
    "pr.return.copy_target": M(_l("Slot {slot} of {card} copies the same slot of another planet of the player "
                                  "that is no copy slot: choose which (can copy: {targets})."),
                               _l("Slot {slot} of {card} copies the same slot of another planet of the player "
                                  "that is no copy slot, and planet {copy} is not one (can copy: {targets})."),
                               "copy"),
    "pr.return.copy_not_copy": M(_l("A copy slot cannot copy another copy slot: slot {slot} of {target} "
                                    "(planet {copy}) is one. (A reading: the text does not say; it avoids a "
                                    "loop.)")),
    "pr.return.copy_not_needed": M(_l("Slot {slot} of {card} pays {reward}: it copies nothing.")),
    "pr.return.take_one": M(_l("Slot {slot} of {card} pays one resource of the player's choice: take exactly "
                               "one (chosen: {take}).")),
    "pr.return.exchange_holdings": M(_l("An exchange returns resources the player has: gives {give}, has "
                                        "{have}.")),
    "pr.return.exchange_even": M(_l("An exchange takes as many resources as it returns: gives {give}, takes "
                                    "{take}.")),
    "pr.return.no_choice": M(_l("Slot {slot} of {card} pays {reward}: there is nothing to choose.")),
    # -- dispatch (PR-3, PR-7) -----------------------------------------------------------------------------------
    "pr.dispatch.workers_in_hand": M(_l("Workers come from the hand: {count} sent, {hand} in hand.")),
    "pr.dispatch.one_planet": M(_l("A dispatch goes to one planet ({planets} chosen); only Warp Gate allows "
                                   "several."), planets="list"),
    "pr.dispatch.at_most_five": M(_l("A dispatch sends at most {max} workers ({count} chosen); only Warp Gate "
                                     "lifts the cap.")),
    "pr.dispatch.warp_gate": M(_l("Warp Gate: one dispatch may cover several planets, no cap ({count} workers "
                                  "onto {planets} planets)."), planets="list"),
    "pr.dispatch.distinct_planets": M(_l("Each planet is named once in a dispatch (twice: {planets})."),
                                      planets="indices"),
    "pr.dispatch.planet_owned": M(_l("Planet {planet} ({card}) is in front of the player."),
                                  _l("The player has {planets} planets, so there is no planet {planet}."),
                                  "planets"),
    "pr.dispatch.one_per_slot": M(_l("One worker per slot on {card} (slots {slots}).")),
    "pr.dispatch.slot_empty": M(_l("Workers go into empty slots of {card} (slots {slots}).")),
    "pr.dispatch.top_down": M(_l("Workers fill the empty slots of {card} from the top without skipping one "
                                 "(slots {slots})."),
                              _l("Slot {skipped} of {card} is empty, so a worker cannot go to slot {slot}: "
                                 "workers fill the empty slots from the top without skipping one."), "skipped"),
    # -- invade (PR-3, PR-7) -------------------------------------------------------------------------------------
    "pr.invade.in_market": M(_l("An invaded planet is one of the market's types: {card} (market: {market}).")),
    "pr.invade.cost_known": M(_l("The coin cost of {card} is in the deck profile or entered with the invade.")),
    "pr.invade.cost_matches_profile": M(_l("{card} costs {profile} coins in the deck profile, not {given}."),
                                        profile="list", given="list"),
    "pr.invade.coins": M(_l("{card} costs {cost} coins; the player has {coins}."), cost="list"),
    "pr.invade.hypnosis_capsule": M(_l("Workers go onto the planet just invaded in any slots only with a Hypnosis "
                                       "Capsule ({card}, slots {slots}).")),
    # -- develop, collect, donate (PR-3) -------------------------------------------------------------------------
    "pr.develop.in_supply": M(_l("A developed gadget comes from the supply: {card} has {supply} left.")),
    "pr.develop.no_second_copy": M(_l("A player never holds a second copy of a gadget: {card}.")),
    "pr.develop.cost_known": M(_l("The resource cost of {card} is in the deck profile or entered with the "
                                  "develop.")),
    "pr.develop.cost_asked": M(_l("Nobody at this table knows the cost of {card} yet: enter the card's cost once "
                                  "(its named resources and “any resource”); a blank is not free.")),
    "pr.develop.cost_given": M(_l("{card} costs {cost}, as entered now: every later develop of it at this table "
                                  "pays the same.")),
    "pr.develop.cost_held_table": M(_l("{card} costs {cost} at this table, as its first develop gave it.")),
    "pr.develop.cost_held_profile": M(_l("{card} costs {cost} (deck profile).")),
    "pr.develop.cost_differs_table": M(_l("{card} costs {cost} at this table, as its first develop gave it, not "
                                          "{given}.")),
    "pr.develop.cost_differs_profile": M(_l("{card} costs {cost} in the deck profile, not {given}.")),
    "pr.develop.bad_cost": M(_l("“{value}” is not a gadget's cost: give resources and “any” as counts.")),
    "pr.option.unknown_choice": M(_l("“{value}” is not one of this option's settings ({allowed}).")),
    "pr.develop.choose_payment": M(_l("{card} costs {cost}: tap which resources pay the “any resource” part.")),
    "pr.develop.pay_matches_cost": M(_l("{card} costs {cost}; the payment is {pay}.")),
    "pr.develop.resources": M(_l("{card} costs {cost}; the player has {have}.")),
    "pr.collect.coin": M(_l("Collect: +{coins} coin.")),
    "pr.collect.has_resource": M(_l("Collect may return one {resource} for +{coins} coins, and the player "
                                    "needs one (has {have})."), have="list"),
    "pr.donate.resource": M(_l("A donation gives one {resource} (the player has {have})."), have="list"),
    "pr.donate.coin": M(_l("A donation gives {cost} coin (the player has {coins})."), cost="list"),
    # -- card effects the table applies (PR-6) -------------------------------------------------------------------
    "pr.adjust.game_running": M(_l("A card effect is entered while the game runs (now: {phase}).")),
    "pr.adjust.seat_in_range": M(_l("A card effect is for one of the {players} players ({seat}).")),
    "pr.adjust.card_held": M(_l("A card effect names a card its player holds: {card} for {seat}.")),
    "pr.adjust.changes": M(_l("A card effect ({card}) changes coins, resources, fame or workers.")),
    "pr.adjust.not_negative": M(_l("Nothing goes below 0: {field} {have}, change {change}."), have="list"),
    # fame face down (PR-8): the check holds, the amount the seat holds is not said
    "pr.adjust.fame_not_negative": M(_l("A fame loss of {lose} needs {seat} to hold at least {lose} fame; how much "
                                        "{seat} holds stays face down (PR-8)."), lose="list"),
    # -- the end and VP (PR-4, PR-5, PR-7) -----------------------------------------------------------------------
    "pr.end.triggered": M(_l("{seat} triggered the end in turn {turn}: {cause}. The game ends after the turn of "
                             "{last_seat}, the start player's right-hand neighbour (turns left, this one "
                             "included: {turns_remaining}). If it is triggered in that player's turn, the game "
                             "ends at once: returns or a second action still owed are not made (a reading).")),
    "pr.vp.fame": M(_l("Fame: {fame}")),
    "pr.vp.fame_face_down": M(_l("Fame is face down until the game ends (PR-8): the VP so far count the cards and "
                                 "bonuses only, not fame.")),
    "pr.vp.planets": M(_l("Printed VP of the planets ({cards})")),
    "pr.vp.gadgets": M(_l("Printed VP of the gadgets ({cards})")),
    "pr.vp.bonus": M(_l("{card}: +1 VP per {per} resource icons in the slots of the player's planets "
                        "({resource_icons} icons; a named resource or “any resource” counts as one: a reading, "
                        "the text's picture is lost)")),
    "pr.rank.tie_break": M(_l("Tied at {vp} VP: {seats}. The tied player farthest clockwise from the start "
                              "player ({start}) wins, so the order is {order}.")),
    "pr.rank.vp_unknown": M(_l("The VP of {seats} cannot be totalled yet: the deck profile lacks a card's VP.")),
    # -- reading moves, states and cards -------------------------------------------------------------------------
    "pr.move.not_an_object": M(_l("A move is a JSON object.")),
    "pr.move.unknown_type": M(_l("“{value}” is not a move of this game (moves: {allowed})."), allowed="list"),
    "pr.move.missing_field": M(_l("“{field}” is required here."), field="list"),
    "pr.move.not_a_count": M(_l("“{field}” must be a whole number from 0 up, not “{value}”."), field="list"),
    "pr.move.not_an_integer": M(_l("“{field}” must be a whole number, not “{value}”."), field="list"),
    "pr.move.bad_slots": M(_l("Slots are numbers 1 to 5, each at most once ({value}).")),
    "pr.move.malformed": M(_l("“{value}” is not a move in this game's notation.")),
    "pr.move.not_a_number": M(_l("“{value}” in “{text}” is not a number: write numbers with the digits 0–9.")),
    "pr.json.wrong_type": M(_l("Wrong kind of value here: a JSON {expected} is needed.")),
    "pr.json.missing": M(_l("“{field}” is required here."), field="list"),
    "pr.json.not_a_count": M(_l("A whole number from 0 up is needed here, not “{value}”.")),
    "pr.state.seat_count": M(_l("{count} seats were given for {players} players.")),
    "pr.state.bad_seat": M(_l("There is no seat “{seat}” at this table."), seat="list"),
    "pr.state.bad_phase": M(_l("“{phase}” is not a phase of the turn."), phase="list"),
    "pr.state.bad_end": M(_l("The end must name its turn and its cause (cards or fame), not “{value}”.")),
    "pr.state.bad_slots": M(_l("A planet's workers are in slots 1 to 5, each at most once ({value}).")),
    "pr.state.too_many_copies": M(_l("The game has {copies} copies of {card}, not {count}.")),
    "pr.state.second_gadget_copy": M(_l("A player never holds a second copy of a gadget: {card}.")),
    "pr.card.unknown": M(_l("“{card}” is no planet or gadget of this game.")),
    "pr.card.unknown_planet": M(_l("“{card}” is no planet of this game.")),
    "pr.card.unknown_gadget": M(_l("“{card}” is no gadget of this game.")),
    "pr.resource.unknown": M(_l("“{resource}” is no resource (resources: tachyon, monopole, mithril)."),
                             resource="list", allowed="list"),
    "pr.slot.unknown_reward": M(_l("“{reward}” is not one of the eleven return effects."), reward="list",
                                allowed="list"),
    # -- deck profiles (PR-1, PR-6) ------------------------------------------------------------------------------
    "pr.card.id_known": M(_l("The card is one of the game's 21 planets and 17 gadgets ({card}).")),
    "pr.card.name_ja": M(_l("{card} is called {expected} in the rule text (the profile says {name_ja})."),
                         expected="list", name_ja="list"),
    "pr.card.copies": M(_l("The game has {expected} copies of {card} (the profile says {copies})."),
                        copies="list"),
    "pr.card.kind": M(_l("{card} is a {expected} (the profile says {kind})."), kind="list", expected="list"),
    "pr.card.field_fits_kind": M(_l("{card} is a {kind}, so it has no “{field}”."), kind="list", field="list"),
    "pr.card.vp_integer": M(_l("The VP of {card} is a whole number ({vp}).")),
    "pr.card.effect_text": M(_l("The effect of {card} is text.")),
    "pr.card.coins_count": M(_l("The coin cost of {card} is a whole number from 0 up ({coins}).")),
    "pr.card.slot_reward": M(_l("{slot} of {card} is one of the eleven return effects ({reward})."),
                             slot="list", reward="list"),
    "pr.card.slots_list": M(_l("The slots of {card} are five return effects ({slots})."), slots="list"),
    "pr.card.cost_counts": M(_l("The cost of {card} counts tachyon, monopole, mithril and any ({cost})."),
                             cost="list"),
    "pr.profile.game": M(_l("The profile is for Planeta Rica (it says {game})."), game="list"),
    "pr.profile.known_cards": M(_l("Every card is one of the game's (unknown: {cards})."), cards="list"),
    "pr.profile.no_duplicates": M(_l("Each card is listed once (twice: {cards}).")),
    "pr.profile.all_cards": M(_l("All 21 planets and 17 gadgets are listed (missing: {cards}).")),
    "pr.profile.card_facts": M(_l("Every card's values fit its kind (not: {cards}).")),
    "pr.profile.planet_total": M(_l("The planets add up to {expected} cards ({count}).")),
    "pr.profile.gadget_total": M(_l("The gadgets add up to {expected} cards ({count}).")),
    "pr.profile.coins_known": M(_l("Every planet's coin cost is known (missing: {cards}).")),
    "pr.profile.planet_vp_known": M(_l("Every planet's VP is known (missing: {cards}).")),
    "pr.profile.slots_known": M(_l("Every planet's five slot rewards are known (missing: {cards}).")),
    "pr.profile.costs_known": M(_l("Every gadget's resource cost is known (missing: {cards}).")),
    "pr.profile.gadget_vp_known": M(_l("Every gadget's VP is known (missing: {cards}).")),
    "pr.profile.gadget_effects_known": M(_l("Every gadget's effect text is known (missing: {cards}).")),
    "pr.profile.cards_not_list": M(_l("The profile's cards must be a list.")),
    "pr.profile.card_not_table": M(_l("Each card of the profile must be a table of fields.")),
    "pr.profile.duplicate_card": M(_l("{card} is listed twice.")),
    # -- the referee API (API.md) --------------------------------------------------------------------------------
    "pr.api.wrong_type": M(_l("Wrong kind of value here: a JSON {expected} is needed, not {got}."),
                           expected="list", got="list"),
    "pr.api.missing": M(_l("“{field}” is required here."), field="list"),
    "pr.api.out_of_range": M(_l("{value} is too small here (at least {min})."),
                             _l("{value} is out of range here (from {min} to {max})."), "max"),
    "pr.api.seat_count": M(_l("{count} seats were given for {players} players.")),
    "pr.api.unknown_card": M(_l("“{card}” is no {kind} of this game."), card="list", kind="list"),
    "pr.api.unknown_profile": M(_l("No deck profile is called “{profile}” for this game."), profile="list"),
    "pr.api.empty_profile": M(_l("An empty profile name names no deck profile: give one, or leave “profile” out for "
                                 "the built-in one.")),
    "pr.api.profile_unusable": M(_l("The deck profile “{profile}” cannot be read ({codes})."), profile="list",
                                 codes="list"),
    "pr.api.vp_unknown": M(_l("The deck profile does not know the VP of {card}: give it as “vp”.")),
    "pr.api.slots_unknown": M(_l("Schneider counts resource icons, and the deck profile does not know the slots "
                                 "of {card}: give them as “slots”.")),
    "pr.api.bad_slots": M(_l("A planet has {expected} slots; {found} were given.")),
    "pr.api.too_many_copies": M(_l("The game has {copies} copies of {card}, and the seats hold {count}.")),
    "pr.api.second_gadget_copy": M(_l("A player never holds a second copy of a gadget: {card}."), first="list"),
}

WEB_MESSAGES: dict[str, Any] = {
    "pr.form.unknown": M(_l("This entry is not understood: tap one of the buttons.")),
    "pr.form.pick_seat": M(_l("Tap a player.")),
    "pr.form.pick_planet": M(_l("Tap a planet.")),
    "pr.form.pick_gadget": M(_l("Tap a gadget.")),
    "pr.form.pick_card": M(_l("Tap the card whose effect this is.")),
    "pr.form.pick_slots": M(_l("Tap the slots the workers go to.")),
    "pr.form.number": M(_l("“{value}” is not a number: write numbers with the digits 0–9."), value="list"),
    "pr.form.pick_reward": M(_l("Tap what the slot shows.")),
    "pr.sheet.copies": M(_l("The game has {copies} copies of {card}, and all of them are already entered.")),
    "pr.sheet.second_gadget": M(_l("{seat} already holds {card}: nobody holds a second copy of a gadget.")),
    "pr.sheet.fame": M(_l("Fame is a whole number from 0 up, not “{value}”."), value="list"),
    "pr.sheet.fame_sum": M(_l("Fame adds up whole numbers joined by + or −, such as 12+3, not “{value}”."),
                           value="list"),
    "pr.sheet.vp": M(_l("The VP of {card} is a whole number, not “{value}”."), value="list"),
    "pr.sheet.no_profile_save": M(_l("The deck profile was changed elsewhere meanwhile; nothing was saved. Try "
                                     "again.")),
    "field.coins": _l("Coin cost (planets)"),
    "field.vp": _l("VP"),
    "field.slot1": _l("Slot 1 reward (planets)"),
    "field.slot2": _l("Slot 2 reward (planets)"),
    "field.slot3": _l("Slot 3 reward (planets)"),
    "field.slot4": _l("Slot 4 reward (planets)"),
    "field.slot5": _l("Slot 5 reward (planets)"),
    "field.cost": _l("Resource cost (gadgets)"),
    # -- the table's readings (new-table page, summaries) ------------------------------------------------------
    "option.new_earth": _l("New Earth and the 12 cards that end the game (a reading)"),
    "option.new_earth.counts": _l("New Earth counts: it is a planet card the player holds"),
    "option.new_earth.not-counted": _l("The New Earth each player starts with does not count: only planets and "
                                       "gadgets obtained (one invaded later counts)"),
    "option.time_machine": _l("Time Machine (a reading: the FAQ says only that using it is optional)"),
    "option.time_machine.kept": _l("Kept: a second action every later turn"),
    "option.time_machine.spent": _l("Spent: it goes back to the supply once it has given a second action"),
    "option.fame": _l("Fame during play"),
    "option.fame.hidden": _l("Face down: each player may look at their own; the final score turns every fame up"),
    "option.fame.open": _l("Face up: the table agreed to play with open fame"),
    "option.gadget_cost": _l("Gadget costs"),
    "option.gadget_cost.held": _l("Asked once, the same for every develop of the card"),
    "option.gadget_cost.each-develop": _l("As each develop was entered (the earlier reading)"),
}

MESSAGES: dict[str, Any] = {**ENGINE_MESSAGES, **WEB_MESSAGES}
