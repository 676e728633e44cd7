"""Every Strato-Sphere reason code as a sentence (English source, Japanese in the catalog).

The engine's codes and their params are documented beside the functions that make them
(companion/games/strato_sphere/). Params are the engine's own: node and seat numbers 0-based (as the API and
SS-1 count them), cards in notation (``KS``), forces as ``S`` or ``red``. Each param name has one kind
(``DEFAULT_KINDS``) and the platform's ``Message`` shows it as a player reads it: K♠, ♥, "red"/"赤", an empty
list as "none"; a seat as the caller's ``Wording`` names it (the table's name, "Player 2" on the dispute page,
"seat 1" in the referee API's ``message``). Failing
messages say what would have made the move legal.

Codes starting ``ss.form.`` and ``ss.dispute.`` are the web layer's own: a form that is missing a tap.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import lazy_gettext as _l
from companion.web.messages import MessageTable, Shower, as_is, each

from .labels import card_label, force_label, none_text

KINDS: dict[str, Shower] = {
    "card": card_label,
    "cards": each(card_label, none_text),
    "force": force_label,
    "forces": each(force_label, none_text),
    "list": each(as_is, none_text),
}

# The kind of every param, by name: the engine uses one name for one kind of thing in every message
# (``seen`` is a card in ss.reveal.* and a count in ss.card.*: a count shows unchanged as a "card").
DEFAULT_KINDS: dict[str, str] = {
    **dict.fromkeys(("card", "from_card", "to_card", "attacking_card", "top", "seen", "named"), "card"),
    "cards": "cards",
    **dict.fromkeys(("force", "card_force", "needed_force", "also_force"), "force"),
    **dict.fromkeys(("forces", "allowed"), "forces"),
    **dict.fromkeys(("your_nodes", "opponent_nodes", "neighbours", "allowed_nodes", "face_down_nodes",
                     "neutral_nodes", "examples", "nodes", "failed"), "list"),
    # seats are the platform's kinds: worded by the caller's Wording (a table's names, "Player 2", "seat 1")
    **dict.fromkeys(("player", "holder", "seat", "also_seat", "captured", "dealer", "first"), "seat"),
    **dict.fromkeys(("seats", "winners"), "seats"),
}


# ``ss.force.assigned`` adds the force SS-3's completion hands out with it: any message given ``also_seat`` says so
# after its own sentence.
ALSO = _l("With that, {also_seat} gets the last force: {also_force}.")
TABLE = MessageTable(KINDS, DEFAULT_KINDS, addenda={"also_seat": ALSO})
M = TABLE.M


ENGINE_MESSAGES: dict[str, Any] = {
    # --- SS-4: an unclaimed node (a face-up top card of a force nobody holds) ------------------------------------
    "ss.attack.from_unclaimed": _l(
        "Node {from}'s top card {top} lies face up, and nobody holds {force} yet: the node is unclaimed, neither "
        "neutral nor controlled, so nobody can attack from it until a player's force becomes {force}."
    ),
    "ss.attack.to_unclaimed": _l(
        "Node {to}'s top card {top} lies face up, and nobody holds {force} yet: the node is unclaimed, neither "
        "neutral nor controlled, so nobody can attack it until a player's force becomes {force}."
    ),
    "ss.place.node_unclaimed": _l(
        "Node {node}'s top card {top} lies face up, and nobody holds {force} yet: the node is unclaimed, neither "
        "neutral nor controlled, so no card goes under it until a player's force becomes {force} "
        "(nodes allowed now: {allowed_nodes})."
    ),
    "ss.reveal.node_unclaimed": _l(
        "Node {node}'s top card {top} already lies face up, and nobody holds {force} yet: the node is unclaimed, "
        "and nobody may turn it until a player's force becomes {force} (face-down nodes: {face_down_nodes})."
    ),
    "ss.conceal.node_unclaimed": _l(
        "Node {node}'s top card {top} is of {force}, a force nobody holds yet: the node is unclaimed, not yours, "
        "so it cannot be turned face down until a player's force becomes {force}."
    ),
    "ss.shift.from_unclaimed": _l(
        "Node {from}'s top card {top} lies face up, and nobody holds {force} yet: the node is unclaimed, not "
        "neutral, and only a neutral node's face-down top card can be moved (neutral nodes: {neutral_nodes})."
    ),
    # --- SS-6: may this node attack that one? -------------------------------------------------------------------
    "ss.attack.from_yours": _l("Node {from} is yours: you control its face-up top card."),
    "ss.attack.from_not_yours": _l(
        "An attack starts from a node you control, and node {from} is not one (nodes you control: {your_nodes})."
    ),
    "ss.attack.to_opponents": _l("Node {to} is controlled by an opponent."),
    "ss.attack.to_not_opponents": _l(
        "Only a node an opponent controls can be attacked, and node {to} is not one "
        "(opponents' nodes: {opponent_nodes})."
    ),
    "ss.attack.adjacent": _l("Nodes {from} and {to} touch on the ring of {ring_size} nodes."),
    "ss.attack.not_adjacent": _l(
        "Node {to} does not touch node {from} on the ring of {ring_size} nodes; node {from} can only attack "
        "its neighbours, nodes {neighbours}."
    ),
    "ss.attack.from_holds_two": _l("The attacking node {node} holds {cards} cards (at least {min_cards})."),
    "ss.attack.from_too_small": _l(
        "The attacking node {node} holds only {cards} card; both nodes need at least {min_cards}."
    ),
    "ss.attack.to_holds_two": _l("The attacked node {node} holds {cards} cards (at least {min_cards})."),
    "ss.attack.to_too_small": _l(
        "The attacked node {node} holds only {cards} card; both nodes need at least {min_cards}."
    ),
    "ss.attack.rank_ok": _l(
        "The attacked top card {to_card} ranks {to_rank}, not above the attacking {from_card} ({from_rank})."
    ),
    "ss.attack.rank_too_high": _l(
        "The attacked top card {to_card} outranks the attacking {from_card}: only a top card of rank "
        "{max_rank} or lower can be attacked from here."
    ),
    "ss.attack.defence_needs": _l(
        "Before it resolves, anyone may defend with a hand card of {force} ranked {min_rank} or higher "
        "(cards that could still do it: {cards})."
    ),
    # --- SS-7: does this card defend? ------------------------------------------------------------------------------
    "ss.defend.attack_legal": _l("The attack by {player} from node {from} on node {to} is legal."),
    "ss.defend.attack_illegal": _l(
        "A defence answers a legal attack only, and this attack is not legal: the other problems listed say why."
    ),
    "ss.defend.force_matches": _l("{card} is of {card_force}, like the attacking {attacking_card}."),
    "ss.defend.wrong_force": _l(
        "{card} is of {card_force}, but a defence against {attacking_card} must be of {needed_force}."
    ),
    "ss.defend.rank_enough": _l("{card} ranks {card_rank}, at least the attacking card's {min_rank}."),
    "ss.defend.rank_too_low": _l(
        "{card} ranks {card_rank}, below the attacking {attacking_card}: a defence needs rank {min_rank} or higher."
    ),
    "ss.defend.hand_has_card": _l("The defending player has {hand} cards in hand."),
    "ss.defend.hand_empty": _l("The defending player has no card in hand to defend with."),
    "ss.defend.window_open": _l("The attack from node {from} on node {to} is waiting for its defence."),
    "ss.defend.no_attack": _l("No attack is waiting for a defence."),
    # --- cards and copies (SS-2) -------------------------------------------------------------------------------------
    "ss.card.malformed": _l(
        "“{value}” is not a card: give its rank, then its suit, as in KS, 10H or TH. A card that is shown, "
        "such as a defence card, cannot be “?”."
    ),
    "ss.card.copy_available": _l(
        "{card} can be here: {seen} seen elsewhere, and the packs hold {packs}."
    ),
    "ss.card.too_many_copies": _l(
        "{card} cannot be here: the packs hold {packs} and {seen} already seen elsewhere on the table."
    ),
    "ss.card.unknown_face_up": _l("A face-up card must be named: “?” is only for a face-down card nobody has seen."),
    # --- SS-5: draw, place, reveal, conceal, move a card ------------------------------------------------------------
    "ss.draw.pile_has_cards": _l("The resource pile has {pile} cards."),
    "ss.draw.pile_empty": _l("The resource pile is empty: there is nothing to draw."),
    "ss.draw.last_card": _l(
        "This draw takes the resource pile's last card: the game is drawn at once, and the rest of the turn "
        "is not played."
    ),
    "ss.draw.hand_has_room": _l("Your hand holds {hand} cards, fewer than {max_hand}."),
    "ss.draw.hand_full": _l("Your hand already holds {hand} cards; a draw may not take it above {max_hand}."),
    "ss.place.hand_has_card": _l("You have {hand} cards in hand."),
    "ss.place.hand_empty": _l("You have no card in hand to place."),
    "ss.place.node_neutral": _l("Node {node} is neutral (its top card lies face down), so a card may go under it."),
    "ss.place.node_yours": _l("Node {node} is yours, so a card may go under it."),
    "ss.place.node_not_allowed": _l(
        "A card goes under a neutral node or one you control, and node {node} is neither "
        "(nodes allowed now: {allowed_nodes})."
    ),
    "ss.reveal.top_face_down": _l("Node {node} is neutral: its top card lies face down."),
    "ss.reveal.top_face_up": _l(
        "The top card of node {node}, {top}, is already face up; only a face-down top card can be turned up "
        "(face-down nodes: {face_down_nodes})."
    ),
    "ss.reveal.matches_seen": _l("The table saw this card before it was turned down: {seen}."),
    "ss.reveal.contradicts_seen": _l(
        "The face-down top card of node {node} was seen as {seen}, so it cannot turn up as {named}."
    ),
    "ss.conceal.node_yours": _l("Node {node} is yours, so its top card may be turned face down."),
    "ss.conceal.node_not_yours": _l(
        "Only the top card of a node you control can be turned face down, and node {node} is not yours "
        "(nodes you control: {your_nodes})."
    ),
    "ss.shift.from_neutral": _l("Node {from} is neutral (its top card lies face down), so its top card may be moved."),
    "ss.shift.from_controlled": _l(
        "Only a neutral node's top card can be moved, and node {from} is controlled (neutral nodes: {neutral_nodes})."
    ),
    "ss.shift.adjacent": _l("Node {to} touches node {from} on the ring."),
    "ss.shift.not_adjacent": _l(
        "Node {to} does not touch node {from}; its top card can only go under nodes {neighbours}."
    ),
    "ss.shift.from_keeps_card": _l("Node {node} holds {cards} cards, so it keeps one after the move."),
    "ss.shift.would_empty": _l(
        "Node {node} holds only {cards} card: moving it would leave the node empty, and no node may be empty."
    ),
    "ss.pass.no_move_possible": _l(
        "No move of the turn is legal for you, so this move is passed (a ruling: the rule text does not foresee it)."
    ),
    "ss.pass.moves_available": _l(
        "A move may only be passed when none is legal (a ruling), and you have {moves} (for example: {examples})."
    ),
    "ss.node.no_such_node": _l("The ring has {ring_size} nodes, numbered from 0: there is no node {node}."),
    "ss.node.empty": _l("A node is never empty: every node holds at least one card."),
    "ss.node.face_up_below_top": _l("{card} lies face up below the top of its node; only a top card can be face up."),
    # --- the turn, the end --------------------------------------------------------------------------------------------
    "ss.turn.move_of_turn": _l("This is move {move} of the {moves_per_turn} of this turn."),
    "ss.turn.defence_pending": _l(
        "First settle the attack from node {from} on node {to}: a defence, or no defence."
    ),
    "ss.game.over": _l("The game is over: nothing more can be entered (undo the last entry to go back)."),
    "ss.seat.no_such_seat": _l("There is no {seat} at a table of {players}."),
    # --- who deals and who starts (SS-5) ------------------------------------------------------------------------------
    "ss.dealer.not_named": _l(
        "First name who dealt: play starts with the player on the dealer's left (one of the {players} seats)."
    ),
    "ss.dealer.named": _l("{dealer} dealt, so {first}, on the dealer's left, plays first."),
    "ss.dealer.already_named": _l("The dealer is already named: {dealer} dealt, and {first} played first."),
    "ss.dealer.no_such_seat": _l("There is no {seat} at a table of {players}: the dealer is one of its players."),
    "ss.dealer.not_asked": _l(
        "This table began before the app asked who dealt: {first}, the first seat, played first, and that stands."
    ),
    # --- forces (SS-3) ------------------------------------------------------------------------------------------------
    "ss.force.assigned": _l("This is the first card {player} turns face up of a free force: {force} is now theirs."),
    "ss.force.taken": _l(
        "{force} already belongs to {holder}, so this card does not decide the force of {player}: their next one "
        "will."
    ),
    "ss.force.malformed": _l("“{value}” is not a force here: use one of {allowed}."),
    "ss.forces.valid": _l("Every seat has a force of its own: {forces}."),
    "ss.forces.wrong_count": _l("Give {expected} forces, one for each seat (not {got})."),
    "ss.forces.wrong_kind": _l("{forces} is not a force in this game: use {allowed}."),
    "ss.forces.repeated": _l("A force belongs to one player only, and {forces} is given twice."),
    "ss.forces.already_fixed": _l("The forces are already fixed: {forces}."),
    "ss.forces.not_an_option": _l(
        "At this table each player's force is the suit of their first face-up card; forces are not fixed before play."
    ),
    "ss.forces.not_fixed": _l("This table fixes the forces before play: enter the forces of all {players} players first."),
    # --- what was sent (API and forms) -------------------------------------------------------------------------------
    "ss.players.unsupported": _l("Strato-Sphere is played by {allowed} players, not {players}."),
    "ss.option.unknown_choice": _l("“{value}” is not one of this option's settings ({allowed})."),
    "ss.input.missing": _l("The field {field} is required."),
    "ss.input.wrong_type": _l("This must be of type {expected}, not “{value}”."),
    "ss.input.out_of_range": _l("{value} is out of range: use a number from {min} to {max}."),
    "ss.input.players": _l("Strato-Sphere is played by {allowed} players, not {value}."),
    "ss.input.wrong_length": _l("Give {expected} forces, one for each seat (not {got})."),
    "ss.input.node_count": _l("{players} players have {expected} nodes, three each, not {got}."),
    "ss.move.malformed": _l("“{value}” is not a move."),
    "ss.move.missing_field": _l("The move needs its {field}."),
    "ss.move.not_an_index": _l("{field} must be a number from 0, not “{value}”."),
    "ss.move.not_an_object": _l("A move must be a JSON object."),
    "ss.move.unknown_type": _l("“{value}” is not a kind of move; the kinds are {allowed}."),
}

WEB_MESSAGES: dict[str, Any] = {
    "ss.force.assigned.also": ALSO,
    "ss.form.pick_node": _l("Tap a node on the ring first."),
    "ss.form.pick_card": _l("Tap the card."),
    "ss.form.pick_seat": _l("Tap who plays the defence card."),
    "ss.form.pick_forces": _l("Tap a different force for every seat."),
    "ss.form.pick_dealer": _l("Tap who dealt."),
    "ss.form.unknown": _l("This entry is not understood."),
    "ss.dispute.pick_nodes": _l("Tap the attacking node on the ring, then the node it attacks."),
    "ss.dispute.pick_player": _l("Tap who attacks."),
    "ss.dispute.pick_top": _l("Tap the rank and the suit of node {node}'s top card, or mark it face down."),
    "ss.dispute.pick_count": _l("Tap how many cards node {node} holds."),
    "ss.dispute.pick_defence": _l("Tap the rank and the suit of the defence card."),
    "option.forces": _l("Forces (each player's suit, or colour with 2 players)"),
    "option.forces.first-reveal": _l("Decided by each player's own first face-up card (nothing assigned otherwise)"),
    "option.forces.completion": _l(
        "First face-up card, completed (English original): 2 players, the other colour at once; 4, the last "
        "player gets the last suit"
    ),
    "option.forces.fixed": _l("Fixed before play"),
    "option.start": _l("Who starts"),
    "option.start.left-of-dealer": _l("The player on the dealer's left: the table names its dealer when it starts"),
    "option.start.first-seat": _l("The first seat (the earlier reading: the app did not ask who dealt)"),
}

ENGINE_MESSAGES.update({
    "ss.state.malformed": _l("The table's snapshot cannot be read (at {field})."),
    # score(state): the result and the figures of a score summary (SS-4, SS-8)
    "ss.score.win": _l("{winners} win: every node in front of {captured} (nodes {nodes}) is theirs."),
    "ss.score.draw": _l("Draw: the resource pile ran out and nobody has won."),
    "ss.nodes.controlled": _l("Nodes controlled: {nodes}."),
    "ss.nodes.held_by_opponents": _l("Nodes in front held by the other side: {nodes} (of {of})."),
    "ss.score.side": _l("Side {side} ({seats}) controls {controlled} nodes; it holds at most {closest} of the "
                        "{of} nodes in front of one opposing seat."),
})

MESSAGES: dict[str, Any] = {code: M(text) for code, text in {**ENGINE_MESSAGES, **WEB_MESSAGES}.items()}
