"""A whole game, move by move: ``check`` (every condition, with reasons), ``apply`` and ``legal_moves``.

The table names its dealer first, and the player on the dealer's left moves first (SS-5; a table stored before
tables named their dealer began with its first seat, readings.py). The player to move makes exactly three moves
(SS-5), then the turn passes clockwise. An attack opens the defence window (SS-7): the next move is a defence by
any seat with a card, or "no defence", and only then does the attack resolve. A side wins at once (SS-8); the game
is drawn the moment the resource pile runs out with nobody having won (SS-8): the rest of that turn is not played.
A pass is offered only to a player left without any legal move (the SS-5 ruling).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from ..base import IllegalMove, ImpossibleState, Reason, Verdict
from .attack import attack_conditions, defence_conditions, defence_need, defence_need_reason, possible_defenders
from .board import Board, NodeCard, NodeStatus, Relation, is_neutral, node_status, relation
from .cards import Card, forces_for
from .copies import TOO_MANY_COPIES, copy_available, unseen_cards
from .forces import FORCES_COMPLETION, FORCES_FIXED, fixed_forces_reasons, forces_after_reveal, reveal_force_reason
from .moves import Attack, Conceal, Defend, Draw, FixForces, Move, NameDealer, NoDefence, Pass, Place, Reveal, Shift
from .node_moves import (
    conceal_node_yours,
    hand_has_card,
    hand_has_room,
    node_exists,
    pile_has_card,
    place_target_allowed,
    reveal_matches_seen,
    reveal_top_face_down,
    shift_adjacent,
    shift_leaves_card,
    shift_source_neutral,
)
from .outcome import draw, win_after_move
from .readings import START_FIRST_SEAT
from .ring import neighbours, next_seat
from .state import MOVES_PER_TURN, PendingAttack, TableState, seen_cards

# Failures that mean the named card cannot be there at all: an impossible state, not an illegal move.
IMPOSSIBLE_CODES = frozenset({TOO_MANY_COPIES, "ss.reveal.contradicts_seen"})

TURN_MOVES = (Draw, Place, Reveal, Conceal, Shift, Attack, Pass)  # SS-5's seven (place covers two), and pass


# --- conditions on the turn, whatever the move -------------------------------------------------------------------


def game_over(state: TableState) -> Reason | None:
    """SS-8: after a win or a draw no move is made."""
    if state.outcome is None:
        return None
    return Reason("ss.game.over", "SS-8", False, state.outcome.params())


def forces_missing(state: TableState) -> Reason | None:
    """SS-3 option: with forces fixed before play, they are entered before the first move."""
    if state.forces_rule != FORCES_FIXED or all(f is not None for f in state.forces):
        return None
    return Reason("ss.forces.not_fixed", "SS-3", False, {"players": state.players})


def dealer_missing(state: TableState) -> Reason | None:
    """SS-5: play starts on the dealer's left, so the table names its dealer before the first move."""
    if not state.dealer_missing:
        return None
    return Reason("ss.dealer.not_named", "SS-5", False, {"players": state.players})


def turn_move_reasons(state: TableState) -> list[Reason]:
    """SS-5/SS-7: a move of the turn is the mover's (1st, 2nd or 3rd), and not while a defence is awaited."""
    reasons: list[Reason] = [r for r in (dealer_missing(state), forces_missing(state)) if r is not None]
    if state.pending is not None:
        pending = state.pending
        params = {"attacker": pending.player, "from": pending.source, "to": pending.target}
        reasons.append(Reason("ss.turn.defence_pending", "SS-7", False, params))
    params = {"player": state.to_move, "move": state.moves_made + 1, "moves_per_turn": MOVES_PER_TURN}
    reasons.append(Reason("ss.turn.move_of_turn", "SS-5", True, params))
    return reasons


def defence_window_reason(state: TableState) -> Reason:
    """SS-7: a defence (or passing on it) answers a pending attack."""
    if state.pending is None:
        return Reason("ss.defend.no_attack", "SS-7", False, {})
    pending = state.pending
    params = {"attacker": pending.player, "from": pending.source, "to": pending.target}
    return Reason("ss.defend.window_open", "SS-7", True, params)


# --- check ---------------------------------------------------------------------------------------------------


def check(state: TableState, move: Move) -> Verdict:
    """Every condition of ``move`` in ``state``, passing or failing, each with its ruling id. A failure that
    means the named card cannot be there (IMPOSSIBLE_CODES) is marked ``impossible``. Total for a parsed move."""
    return Verdict.of([_marked(r) for r in _reasons(state, move)])


def _marked(reason: Reason) -> Reason:
    if not reason.ok and reason.code in IMPOSSIBLE_CODES and not reason.impossible:
        return replace(reason, impossible=True)
    return reason


def _reasons(state: TableState, move: Move) -> list[Reason]:
    over = game_over(state)
    if over is not None:
        return [over]
    if isinstance(move, FixForces):
        return _fix_forces_reasons(state, move)
    if isinstance(move, NameDealer):
        return [_dealer_reason(state, move.seat)]
    if isinstance(move, (Defend, NoDefence)):
        return _defence_reasons(state, move)
    if not isinstance(move, TURN_MOVES):
        return [Reason("ss.move.unknown_type", "SS-5", False, {"value": type(move).__name__, "allowed": []})]
    return [*turn_move_reasons(state), *_turn_move_conditions(state, move)]


def _missing_nodes(board: Board, *indexed: tuple[int, str]) -> list[Reason]:
    return [r for node, path in indexed if (r := node_exists(board, node, path)) is not None]


def _turn_move_conditions(state: TableState, move: Move) -> list[Reason]:
    board, player = state.board, state.to_move
    hand = state.hands[player]
    match move:
        case Draw():
            reasons = [pile_has_card(state.pile), hand_has_room(player, hand)]
            if state.pile == 1 and all(r.ok for r in reasons):
                reasons.append(last_card_draws(state))
            return reasons
        case Place(node):
            missing = _missing_nodes(board, (node, "node"))
            return missing or [hand_has_card(player, hand), place_target_allowed(board, player, node)]
        case Reveal(node, card):
            return _missing_nodes(board, (node, "node")) or _reveal_conditions(state, node, card)
        case Conceal(node):
            return _missing_nodes(board, (node, "node")) or [conceal_node_yours(board, player, node)]
        case Shift(source, target):
            missing = _missing_nodes(board, (source, "from"), (target, "to"))
            return missing or [
                shift_source_neutral(board, player, source),
                shift_adjacent(board, source, target),
                shift_leaves_card(board, source),
            ]
        case Pass():
            return [no_move_possible(state)]
        case Attack(source, target):
            missing = _missing_nodes(board, (source, "from"), (target, "to"))
            if missing:
                return missing
            reasons = list(attack_conditions(board, player, source, target))
            need = defence_need(board, source)
            if need is not None and all(r.ok for r in reasons):
                reasons.append(defence_need_reason(need, state.players, seen_cards(state)))
            return reasons
    raise TypeError(f"not a move of the turn: {move!r}")


def last_card_draws(state: TableState) -> Reason:
    """SS-8, informative: drawing the pile's last card draws the game at once (nobody has won: a draw move
    changes no node), and the rest of the turn is not played."""
    return Reason("ss.draw.last_card", "SS-8", True, {"player": state.to_move, "pile": state.pile})


def no_move_possible(state: TableState) -> Reason:
    """SS-5 ruling (the text does not foresee it): a pass is only for a player left without any legal move."""
    available = _turn_moves(state)
    params = {"player": state.to_move, "moves": len(available), "examples": [str(m) for m in available[:5]]}
    if not available:
        return Reason("ss.pass.no_move_possible", "SS-5", True, params)
    return Reason("ss.pass.moves_available", "SS-5", False, params)


def _reveal_conditions(state: TableState, node: int, card: Card) -> list[Reason]:
    board, player = state.board, state.to_move
    reasons = [reveal_top_face_down(board, player, node)]
    if node_status(board, node) is not NodeStatus.NEUTRAL:
        return reasons
    seen_before = reveal_matches_seen(board, node, card)
    if seen_before is not None:
        reasons.append(seen_before)  # the same physical card turns up again: no copy is added
    else:
        reasons.append(copy_available(card, seen_cards(state), state.players))
    completion = state.forces_rule == FORCES_COMPLETION
    force = reveal_force_reason(state.forces, player, card, state.players, completion)
    if force is not None:
        reasons.append(force)
    return reasons


def _defence_reasons(state: TableState, move: Defend | NoDefence) -> list[Reason]:
    window = defence_window_reason(state)
    if isinstance(move, NoDefence) or state.pending is None:
        return [window]
    if not 0 <= move.seat < state.players:
        return [
            window,
            Reason("ss.seat.no_such_seat", "SS-7", False, {"seat": move.seat, "players": state.players}, "seat"),
        ]
    hand = state.hands[move.seat]
    params = {"seat": move.seat, "hand": hand}
    holds = Reason("ss.defend.hand_has_card", "SS-7", True, params, "seat")
    if hand == 0:
        holds = Reason("ss.defend.hand_empty", "SS-7", False, params, "seat")
    return [
        window,
        holds,
        *defence_conditions(state.board, state.pending.source, move.card),
        copy_available(move.card, seen_cards(state), state.players),
    ]


def _fix_forces_reasons(state: TableState, move: FixForces) -> list[Reason]:
    if state.forces_rule != FORCES_FIXED:
        return [Reason("ss.forces.not_an_option", "SS-3", False, {"option": state.forces_rule}, "forces")]
    if all(f is not None for f in state.forces):
        fixed = [f.value for f in state.forces if f is not None]
        return [Reason("ss.forces.already_fixed", "SS-3", False, {"forces": fixed}, "forces")]
    return list(fixed_forces_reasons(move.forces, state.players))


def _dealer_reason(state: TableState, seat: int) -> Reason:
    """SS-5: the dealer is one of the table's seats, named once, at a table that names it; the seat on its left
    begins (``first``)."""
    first = state.first_player
    if state.start_rule == START_FIRST_SEAT:  # stored before tables named their dealer: its first seat began
        return Reason("ss.dealer.not_asked", "SS-5", False, {"first": first}, "seat")
    if state.dealer is not None:
        return Reason("ss.dealer.already_named", "SS-5", False, {"dealer": state.dealer, "first": first}, "seat")
    if not 0 <= seat < state.players:
        return Reason("ss.dealer.no_such_seat", "SS-5", False, {"seat": seat, "players": state.players}, "seat")
    return Reason("ss.dealer.named", "SS-5", True, {"dealer": seat, "first": next_seat(seat, state.players)}, "seat")


# --- apply ---------------------------------------------------------------------------------------------------


def apply(state: TableState, move: Move) -> TableState:
    """The state after ``move``; raises IllegalMove (or ImpossibleState for a card that cannot be there)."""
    verdict = check(state, move)
    if not verdict.legal:
        impossible = [r for r in verdict.failures if r.impossible]
        if impossible:
            first = impossible[0]
            raise ImpossibleState(first.code, first.rule, first.path, **dict(first.params))
        raise IllegalMove(verdict)
    after = _effect(state, move)
    if isinstance(move, (FixForces, NameDealer)):  # set-up: no move of a turn
        return after
    won = win_after_move(after.board, state.to_move)
    if won is not None:
        return after.evolve(outcome=won, pending=None)
    if after.pile == 0:
        # SS-8: the pile has run out (its last card was drawn) and nobody has won: drawn at once, the rest of
        # the turn is not played.
        return after.evolve(outcome=draw(), pending=None)
    if isinstance(move, TURN_MOVES):
        after = after.evolve(moves_made=after.moves_made + 1)
    if after.pending is None and after.moves_made >= MOVES_PER_TURN:
        after = _end_turn(after)
    return after


def _end_turn(state: TableState) -> TableState:
    """SS-5: the turn passes clockwise."""
    return state.evolve(to_move=next_seat(state.to_move, state.players), moves_made=0, turn=state.turn + 1)


def _with_hand(hands: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    return tuple(size + change if i == seat else size for i, size in enumerate(hands))


def _effect(state: TableState, move: Move) -> TableState:
    board, player = state.board, state.to_move
    match move:
        case FixForces(forces):
            return state.evolve(board=board.with_forces(tuple(forces)))
        case NameDealer(seat):
            # SS-5: play begins with the player on the dealer's left
            return state.evolve(dealer=seat, to_move=next_seat(seat, state.players))
        case Draw():
            return state.evolve(hands=_with_hand(state.hands, player, +1), pile=state.pile - 1)
        case Place(node):
            placed = board.with_node(node, board.nodes[node].with_bottom(NodeCard(None, up=False)))
            return state.evolve(board=placed, hands=_with_hand(state.hands, player, -1))
        case Reveal(node, card):
            turned = board.with_node(node, board.nodes[node].with_top(NodeCard(card, up=True)))
            after_reveal = state.forces
            if state.forces_rule != FORCES_FIXED:
                completion = state.forces_rule == FORCES_COMPLETION
                after_reveal = forces_after_reveal(after_reveal, player, card, state.players, completion)
            return state.evolve(board=turned.with_forces(after_reveal))
        case Conceal(node):
            top = board.nodes[node].top
            return state.evolve(board=board.with_node(node, board.nodes[node].with_top(top.face_down())))
        case Shift(source, target):
            moved = board.nodes[source].top.face_down()
            board = board.with_node(source, board.nodes[source].without_top())
            return state.evolve(board=board.with_node(target, board.nodes[target].with_bottom(moved)))
        case Attack(source, target):
            return state.evolve(pending=PendingAttack(player, source, target))
        case Pass():
            return state
        case Defend(seat, card):
            # SS-7: the defence card and the attacking top card are discarded; the target is untouched.
            assert state.pending is not None
            return _discard_tops(state, (state.pending.source,), extra=(card,)).evolve(
                hands=_with_hand(state.hands, seat, -1), pending=None
            )
        case NoDefence():
            # SS-6: undefended, both top cards are discarded and both nodes become neutral.
            assert state.pending is not None
            return _discard_tops(state, (state.pending.source, state.pending.target)).evolve(pending=None)
    raise TypeError(f"not a Strato-Sphere move: {move!r}")


def _discard_tops(state: TableState, nodes: tuple[int, ...], extra: tuple[Card, ...] = ()) -> TableState:
    """Discard the top card of each of ``nodes`` (then ``extra`` cards); the card below becomes the top."""
    board, discarded = state.board, []
    for node in nodes:
        top = board.nodes[node].top.card
        assert top is not None, "attacks happen between face-up top cards"
        discarded.append(top)
        board = board.with_node(node, board.nodes[node].without_top())
    return state.evolve(board=board, discard=(*state.discard, *discarded, *extra))


# --- what can be played ----------------------------------------------------------------------------------------


def legal_moves(state: TableState) -> tuple[Move, ...]:
    """Every legal move, a reveal or a defence once per card it could be (faces with an unseen copy)."""
    if state.outcome is not None:
        return ()
    setup: list[Move] = []
    if state.dealer_missing:
        setup += [NameDealer(seat) for seat in range(state.players)]
    if forces_missing(state) is not None:
        setup += [FixForces(p) for p in permutations(forces_for(state.players))]
    if setup:
        return tuple(setup)
    if state.pending is not None:
        need = defence_need(state.board, state.pending.source)
        assert need is not None
        cards = possible_defenders(need, state.players, seen_cards(state))
        holding = [seat for seat in range(state.players) if state.hands[seat] > 0]
        return (NoDefence(), *(Defend(seat, card) for seat in holding for card in cards))
    return _turn_moves(state) or (Pass(),)


def _turn_moves(state: TableState) -> tuple[Move, ...]:
    """The legal moves of SS-5 for the player to move (no pass), assuming no defence is pending.

    Candidates are narrowed cheaply by the node's relation to the mover (attack and turn down only from your
    nodes, move a card only from a neutral one); ``check`` then decides each of them.
    """
    board, player = state.board, state.to_move
    candidates: list[Move] = [Draw()]
    reveals: list[Move] = []
    unseen = unseen_cards(seen_cards(state), state.players)
    for node in range(len(board.nodes)):
        candidates.append(Place(node))
        beside = neighbours(node, state.players)
        if relation(board, node, player) is Relation.YOURS:
            candidates += [Conceal(node), *(Attack(node, other) for other in beside)]
        elif is_neutral(board, node):
            candidates += [Shift(node, other) for other in beside]
        if node_status(board, node) is NodeStatus.NEUTRAL:
            # Legal whatever the face (SS-5), as long as the face can be there (SS-2, SS-4).
            known = board.nodes[node].top.card
            reveals += [Reveal(node, card) for card in ((known,) if known is not None else unseen)]
    return (*(m for m in candidates if check(state, m).legal), *reveals)
