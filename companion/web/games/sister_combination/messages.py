"""Every reason code of the Sister Combination engine (and of this web package) as an English sentence with
placeholders, translated by the catalog beside this package.

The engine's params are ids: card ``marie:7``, colour ``red``, seat ``0``, direction ``-1``. Each message says
what kind each of its params is and ``labels.py`` shows it as a player reads it (鞠絵 7 / Marie 7, 赤 / red,
clockwise); seats (kinds "seat", "seats") are worded by the platform from the Wording the caller passes (the
seat's name, "Player 2", or the API's "seat 1"), so one wording serves the check page, the table and the API.

A sentence states what holds or what the effect did, so it reads right both in "why is this allowed?" and in
"not allowed, because:".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import lazy_gettext as _l
from companion.i18n import ngettext
from companion.web.messages import MessageTable

from .labels import card_name, colour_label, direction_label, end_label, place_label

KINDS: dict[str, Callable[[str], str]] = {
    "card": card_name,
    "colour": colour_label,
    "direction": direction_label,
    "end": end_label,
    "place": place_label,
}
# Params that mean the same thing in every message of the game.
DEFAULT_KINDS = {"card": "card", "top": "card", "under": "card", "colour": "colour", "seat": "seat",
                 "target": "seat", "last": "seat", "skipped": "seat", "first": "seat", "seats": "seats", "out": "seats",
                 "direction": "direction", "end": "end", "place": "place"}


TABLE = MessageTable(KINDS, DEFAULT_KINDS)
M, P = TABLE.M, TABLE.P


SP_MESSAGES: dict[str, Any] = {
    "sc.sp.marie": M(_l("Marie's S.P.: the stack keeps {kept} (half, rounded down); the other {dealt} are dealt at "
                        "once, one by one from the next player on (to: {seats}).")),
    "sc.sp.hinako": M(_l("Hinako's S.P.: {seat}, the next player, gets {cards} at once from the deck.")),
    "sc.sp.sakuya": P(lambda n: ngettext("Sakuya's S.P.: the player holds {hand} after playing, so {added} card "
                                         "goes on the stack (at most 7).",
                                         "Sakuya's S.P.: the player holds {hand} after playing, so {added} cards "
                                         "go on the stack (at most 7).", n), "added"),
    "sc.sp.haruka": P(lambda n: ngettext("Haruka's S.P.: the player gets {player} at once, {seat} gets {cards} at "
                                         "once, and {added} card goes on the stack.",
                                         "Haruka's S.P.: the player gets {player} at once, {seat} gets {cards} at "
                                         "once, and {added} cards go on the stack.", n), "added"),
    "sc.sp.karen": M(_l("Karen's S.P.: every other player gets 1 at once ({seats}): {from_stack} from the stack, "
                        "{from_deck} from the deck.")),
    "sc.sp.kaho": M(_l("Kaho's S.P.: the stack is dealt at once, one by one from the player on ({dealt} cards); "
                       "the turn goes to the player after the last one dealt to ({last}).")),
    "sc.sp.yotsuba": M(_l("Yotsuba's S.P.: {seat} gets {cards} at once from the deck.")),
    "sc.sp.mamoru": P(lambda n: ngettext("Mamoru's S.P.: {added} card goes on the stack.",
                                         "Mamoru's S.P.: {added} cards go on the stack.", n), "added"),
    "sc.sp.shirayuki": P(lambda n: ngettext("Shirayuki's S.P.: play now goes {direction}, and {added} card goes on "
                                            "the stack.",
                                            "Shirayuki's S.P.: play now goes {direction}, and {added} cards go on "
                                            "the stack.", n), "added"),
    "sc.sp.rinrin": M(_l("Rinrin's S.P.: the fewest cards in hand after playing is {fewest}; each of {seats} gets 2 "
                         "at once (the player included).")),
    "sc.sp.aria": M(_l("Aria's S.P.: play now goes {direction}, and {seat}, the next player that way, gets "
                       "{cards} at once.")),
    "sc.sp.chikage": P(lambda n: ngettext("Chikage's S.P.: the card under it, {under}, counts {number} (a word card "
                                          "or an S.P. counts 0), so {added} card goes on the stack.",
                                          "Chikage's S.P.: the card under it, {under}, counts {number} (a word card "
                                          "or an S.P. counts 0), so {added} cards go on the stack.", n), "added"),
}

MESSAGES: dict[str, Any] = {
    # -- matching (SC-2) and obstruction mode (SC-3) ------------------------------------------------------------
    "sc.match.colour": M(_l("{card} has the colour to match ({colour}).")),
    "sc.match.named_colour": M(_l("{card} has the colour named after the S.P. ({colour}).")),
    "sc.match.symbol": M(_l("{card} has the same symbol as the field card {top}.")),
    "sc.match.sp": M(_l("{card} is an S.P.: it may be played on any card.")),
    "sc.match.none": M(_l("{card} matches neither the colour to match ({colour}) nor the symbol of {top}, and is no "
                          "S.P.")),
    "sc.obstruction.word_or_sp": M(_l("Obstruction mode (stack {stack}): {card} is a Mirror, Pass, Stack 2 or "
                                      "S.P.")),
    "sc.obstruction.number_card": M(_l("Obstruction mode (stack {stack}): a number card such as {card} can never "
                                       "be played; only Mirror, Pass, Stack 2 and S.P., or take the stack.")),
    # -- choices -----------------------------------------------------------------------------------------------
    "sc.choice.colour": M(_l("The player names {colour} after the S.P.'s effect.")),
    "sc.choice.colour_missing": M(_l("After {card}'s effect its player names a colour: tap one.")),
    "sc.choice.target": M(_l("{card} gives 2 cards to {target}.")),
    "sc.choice.target_missing": M(_l("{card} gives 2 cards to a player of their choice: tap who.")),
    "sc.choice.target_self": M(_l("{card} gives its 2 cards to another player, not to the one who plays it. That is "
                                  "a reading: the text says “誰か一人” (someone), and where the player is included "
                                  "it says so (Rinrin's card), so here they are not.")),
    "sc.choice.target_out": M(_l("{target} is out of the game and cannot be given cards.")),
    "sc.seat.no_such_seat": M(_l("There is no such seat at a table of {players} players.")),
    # -- the turn -------------------------------------------------------------------------------------------------
    "sc.turn.players_turn": M(_l("It is {seat}'s turn ({hand} in hand).")),
    "sc.hand.empty": M(_l("{seat} has no card left to play.")),
    "sc.card.already_seen": M(_l("{card} is already on the discard pile: each card exists once.")),
    "sc.card.duplicate": M(_l("{card} is on the discard pile twice: each card exists once.")),
    "sc.card.mirror": M(_l("Mirror: play now goes {direction}.")),
    "sc.card.pass": M(_l("Pass: {skipped} is skipped.")),
    "sc.card.stack2": P(lambda n: ngettext("Stack 2: {added} card goes from the deck onto the stack.",
                                           "Stack 2: {added} cards go from the deck onto the stack.", n), "added"),
    **SP_MESSAGES,
    # -- drawing (SC-4), the stack (SC-3) -------------------------------------------------------------------------
    "sc.draw.normal_mode": M(_l("Normal mode (no stack): {seat} may draw one card.")),
    "sc.draw.obstruction": M(_l("Obstruction mode (stack {stack}): no drawing; play a Mirror, Pass, Stack 2 or "
                                "S.P., or take the stack.")),
    "sc.draw.already_drawn": M(_l("{seat} has drawn already: play the drawn card or keep it.")),
    "sc.draw.plays_drawn_card": M(_l("{seat} plays the card just drawn ({card}).")),
    "sc.draw.keep": M(_l("Keeping the drawn card ends the turn (only after drawing).")),
    "sc.stack.take": M(_l("{seat} takes the whole stack ({stack}) and does not play this turn (whether they cannot "
                          "or will not play: “will not” is a reading of the text, which says “cannot”).")),
    "sc.stack.empty": M(_l("There is no stack to take (normal mode).")),
    "sc.stack.taken": M(_l("{seat} takes {cards} from the stack; the turn passes on."),
                        _l("{seat} takes {cards} from the stack, as many as the hand limit lets in."), "left"),
    "sc.pass.must_draw": M(_l("In normal mode a player who does not play draws a card first.")),
    "sc.pass.obstruction": M(_l("In obstruction mode a player who does not play takes the stack.")),
    # -- reach and the last card (SC-6) -----------------------------------------------------------------------
    "sc.reach.declared": M(_l("{seat} leaves one card and says “リーチ”.")),
    "sc.reach.forgotten": M(_l("{seat} leaves one card without saying “リーチ”: pointed out, it costs "
                               "{penalty_if_noticed} cards.")),
    "sc.reach.forgotten_noticed": M(_l("The forgotten “リーチ” is pointed out: {penalty} cards drawn as the "
                                       "penalty.")),
    "sc.reach.not_needed": M(_l("“リーチ” is only said when one card is left; here it changes nothing.")),
    "sc.reach.last_card_ok": M(_l("{seat} said “リーチ” and goes out on a number card ({card}).")),
    "sc.reach.out_without_reach": M(_l("Going out without having said “リーチ” costs {penalty} cards: {seat} draws "
                                       "them and is not out.")),
    "sc.reach.out_on_non_number": M(_l("Going out on a card that is not a number ({card}) costs {penalty} cards: "
                                       "{seat} draws them and is not out.")),
    "sc.reach.missed": M(_l("{seat} left one card without “リーチ”: pointed out, {seat} draws 2.")),
    "sc.reach.nothing_missed": M(_l("{seat} owes no “リーチ” penalty (only a player left with one card who did "
                                    "not say it).")),
    "sc.out.went_out": M(_l("{seat} is out ({place}).")),
    # -- the deck (SC-7) --------------------------------------------------------------------------------------
    "sc.deck.reshuffled": M(_l("The deck ran out: the discard pile under the top card ({cards}) was shuffled into "
                               "a new deck.")),
    "sc.deck.exhausted": M(_l("Deck and discard pile are empty: {cards} cards could not be dealt.")),
    "sc.deck.nothing_to_draw": M(_l("Nothing is left to draw (deck and discard pile empty): the turn passes.")),
    "sc.deck.not_empty": M(_l("The deck still holds {deck} cards: it is reshuffled only when empty.")),
    "sc.deck.reshuffle": M(_l("The deck is empty: the discard pile under the top card becomes the new deck "
                              "({discard} cards on the pile).")),
    # -- みんななかよく (SC-7) -------------------------------------------------------------------------------
    "sc.limit.cannot_draw": M(_l("{seat} holds {hand}, the limit of {limit}: no drawing, so not playing passes.")),
    "sc.limit.pass": M(_l("{seat} holds {hand}, the limit: not playing passes the turn.")),
    "sc.limit.overflow_to_stack": M(_l("{cards} cards would have gone over the hand limit of {limit}: they go on "
                                       "the stack instead.")),
    "sc.limit.penalty_capped": M(_l("The penalty was {owed}; only {drawn} fit under the hand limit.")),
    "sc.limit.rule_a": P(lambda n: ngettext(
        "Rule (a): the {left} card left on the stack stays there; obstruction mode goes on.",
        "Rule (a): the {left} cards left on the stack stay there; obstruction mode goes on.", n), "left"),
    "sc.limit.rule_b": P(lambda n: ngettext(
        "Rule (b): the {left} card left on the stack is dealt to a player below the limit ({returned} went back "
        "into the deck).",
        "Rule (b): the {left} cards left on the stack are dealt one each to the players below the limit "
        "({returned} went back into the deck).", n), "left"),
    "sc.limit.choose": P(lambda n: ngettext(
        "{left} card is left on the stack over the hand limit: {seat} chooses rule (a) or (b) for it.",
        "{left} cards are left on the stack over the hand limit: {seat} chooses rule (a) or (b) for them.", n),
        "left"),
    "sc.limit.choose_first": P(lambda n: ngettext(
        "{seat} first chooses rule (a) or (b) for the {left} card left on the stack.",
        "{seat} first chooses rule (a) or (b) for the {left} cards left on the stack.", n), "left"),
    "sc.limit.chosen": P(lambda n: ngettext(
        "{seat} chooses rule ({rule}) for the {left} card left on the stack.",
        "{seat} chooses rule ({rule}) for the {left} cards left on the stack.", n), "left"),
    "sc.limit.not_asked": M(_l("Rule (a) or (b) is chosen only when this table leaves it to the player, and only "
                               "when a player at the hand limit leaves cards on the stack.")),
    "sc.limit.all_at_limit": P(lambda n: ngettext(
        "Every hand is at the limit with {left} card left on the stack: {declined} of the {players} players in a "
        "row have not played. If none of them can, the stack goes back into the deck.",
        "Every hand is at the limit with {left} cards left on the stack: {declined} of the {players} players in a "
        "row have not played. If none of them can, the stack goes back into the deck.", n), "left"),
    "sc.limit.stack_to_deck": P(lambda n: ngettext(
        "Every hand is at the limit and none of the {players} players could play: the {returned} card on the stack "
        "goes back into the deck, and obstruction mode ends.",
        "Every hand is at the limit and none of the {players} players could play: the {returned} cards on the "
        "stack go back into the deck, and obstruction mode ends.", n), "returned"),
    # -- the game -------------------------------------------------------------------------------------------
    "sc.game.not_started": M(_l("The game has not been set up yet.")),
    "sc.game.over": M(_l("The game is over (played {end}).")),
    "sc.setup.not_done": M(_l("The game is being set up.")),
    "sc.setup.already_done": M(_l("The game has been set up already.")),
    "sc.setup.hand_count": M(_l("{hands} hands for {players} players.")),
    "sc.setup.empty_hand": M(_l("Every hand starts with cards (7 each).")),
    "sc.setup.seven_each": M(_l("Every player is dealt {dealt} cards at the start (hands entered: {hands}).")),
    "sc.setup.too_many_cards": M(_l("{dealt} cards dealt, but the deck holds only {deck}.")),
    "sc.setup.clockwise": M(_l("Play starts clockwise from the first player (a reading: the text names no "
                               "direction).")),
    "sc.setup.field_number": M(_l("The first field card, {card}, must be a number card (others go back into the "
                                  "deck).")),
    "sc.end.first_out": M(_l("The game ends when the first player is out; the others are ranked by cards left.")),
    "sc.end.last_one": M(_l("The game goes on until one player remains; the order of going out is the ranking.")),
    "sc.end.tied_by_cards": M(_l("Players with as many cards left share a place.")),
    "sc.score.cards_left": M(_l("Cards left in {seat}'s hand (fewer is better).")),
    "sc.score.went_out": M(_l("{seat} went out {order}."), order="place"),
    # -- reading input (the referee API, the forms) --------------------------------------------------------
    "sc.card.notation": M(_l("“{text}” is not a card (sister:symbol, e.g. marie:7).")),
    "sc.card.unknown_sister": M(_l("“{sister}” is not one of the twelve sisters.")),
    "sc.card.unknown_symbol": M(_l("“{symbol}” is not a symbol (1–8, mirror, pass, stack2, sp).")),
    "sc.card.unknown_colour": M(_l("“{text}” is not a colour (red, green, yellow, blue).")),
    "sc.input.missing": M(_l("“{field}” is required here.")),
    "sc.input.wrong_type": M(_l("Wrong kind of value here: {expected} is needed.")),
    "sc.input.out_of_range": M(_l("{value} is out of range ({min} to {max}).")),
    "sc.input.wrong_length": M(_l("{got} values given, {expected} needed (one per player).")),
    "sc.input.players": M(_l("Sister Combination is played by 3 to 13 players, not {value}.")),
    "sc.input.option": M(_l("“{value}” is not one of this option's settings ({allowed}).")),
    "sc.input.overflow_rule": M(_l("“{value}” is not a rule of the hand limit: a or b.")),
    "sc.input.direction": M(_l("The direction is 1 (clockwise) or -1 (counter-clockwise), not {value}.")),
    "sc.input.discard_empty": M(_l("The discard pile needs at least its top card.")),
    "sc.move.not_an_object": M(_l("This entry is not understood.")),
    "sc.move.unknown_type": M(_l("“{value}” is not a move of this game.")),
    "sc.move.notation": M(_l("“{text}” is not a move the companion can read.")),
    "sc.state.field": M(_l("This table snapshot cannot be read.")),
    "sc.state.game_over": M(_l("With a hand already empty the game would be over ({end}).")),
    "sc.state.too_many_cards": M(_l("Hands, stack, deck and discard pile hold {total} cards, but there are only "
                                    "{deck}.")),
    # -- the web forms ------------------------------------------------------------------------------------
    "sc.form.kind": M(_l("This entry is not understood.")),
    "sc.form.card": M(_l("Tap the card played: its sister and its symbol.")),
    "sc.form.seat": M(_l("Tap a player.")),
    "sc.form.number": M(_l("{what}: “{value}” is not a number of cards; give a whole number from 0 to 144.")),
    "sc.form.field_card": M(_l("Tap the field card: its sister and its symbol.")),
    "sc.form.field_colour": M(_l("The field card is an S.P.: tap the colour its player named.")),
    "sc.form.hands": M(_l("Give every hand's size as a whole number.")),
    # -- the table's options (new-table form, summaries) ---------------------------------------------------
    "option.end": _l("End of the game"),
    "option.end.first_out": _l("When the first player is out (the others ranked by cards left)"),
    "option.end.last_one": _l("Until one player remains"),
    "option.hand_limit": _l("みんななかよく: hand limit 16"),
    "option.hand_limit.none": _l("No hand limit"),
    "option.hand_limit.16a": _l("Limit 16, rule (a): what is left stays on the stack"),
    "option.hand_limit.16b": _l("Limit 16, rule (b): what is left is dealt to the others"),
    "option.hand_limit.16chosen": _l("Limit 16, (a) or (b) chosen by the player when it happens"),
    "option.hands": _l("Hands at set-up"),
    "option.hands.seven": _l("7 cards each"),
    "option.hands.as-entered": _l("As entered (the earlier reading, before SC-8 said 7 each)"),
    "option.all_at_limit": _l("Rule (a), every hand at the limit and nobody can play"),
    "option.all_at_limit.to-deck": _l("The stack goes back into the deck"),
    "option.all_at_limit.stays": _l("The stack stays (the earlier reading, before the SC-7 ruling)"),
}
