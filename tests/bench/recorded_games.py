"""Each game's recorded whole game (tests/games/<game>/recorded_game.py, the tap benchmark's) as a table enters it:
its seats, the deck profile it is played on, and the engine's moves a phone enters, in order, without the ones the
table makes by itself (companion.tables.entries: they come after the entry before them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.base import Game
from companion.registry import engines
from companion.tables.entries import follow_forced


@dataclass(frozen=True)
class Recorded:
    slug: str
    seats: tuple[str, ...]
    profile: dict[str, Any] | None  # None: the game's built-in profile
    moves: tuple[Any, ...]  # what the phones enter


def _sister_combination() -> tuple[tuple[str, ...], dict[str, Any] | None, list[Any]]:
    from companion.games.sister_combination import parse_move_text
    from tests.games.sister_combination import recorded_game as game

    return game.SEATS, None, [parse_move_text(text) for _who, text in game.ENTRIES]


def _strato_sphere() -> tuple[tuple[str, ...], dict[str, Any] | None, list[Any]]:
    from companion.games.strato_sphere.moves import NameDealer, parse_move_text
    from tests.games.strato_sphere import recorded_game as game

    moves = [parse_move_text(text) for _seat, texts in game.TURNS for text in texts]
    return game.SEATS, None, [NameDealer(game.DEALER), *moves]


def _planetary_sisters() -> tuple[tuple[str, ...], dict[str, Any] | None, list[Any]]:
    from tests.games.planetary_sisters import recorded_game as game
    from tests.games.planetary_sisters.support import complete_profile, replay_recorded

    return game.NAMES, complete_profile(), replay_recorded()[0]


def _lumiere() -> tuple[tuple[str, ...], dict[str, Any] | None, list[Any]]:
    from companion.games.lumiere import parse_move_text
    from tests.games.lumiere import recorded_game as game
    from tests.games.lumiere.support import complete_profile

    texts = game.SETUP + tuple(text for turn in game.TURNS for text in turn)
    return game.PLAYERS, complete_profile(), [parse_move_text(text) for text in texts]


def _planeta_rica() -> tuple[tuple[str, ...], dict[str, Any] | None, list[Any]]:
    from companion.games.planeta_rica import parse_move_text
    from tests.games.planeta_rica import recorded_game as game
    from tests.games.planeta_rica.support import TEST_PROFILE

    return game.NAMES, TEST_PROFILE, [parse_move_text(text) for text in game.MOVES]


_GAMES = {"sister-combination": _sister_combination, "strato-sphere": _strato_sphere,
          "planetary-sisters": _planetary_sisters, "lumiere": _lumiere, "planeta-rica": _planeta_rica}
SLUGS = tuple(_GAMES)


def recorded(slug: str) -> Recorded:
    seats, profile, moves = _GAMES[slug]()
    game: Game[Any, Any] = engines()[slug]
    state = game.new_state(len(seats), {o.key: o.default for o in game.options}, profile or {})
    entered = []
    for move in moves:
        if not game.check(state, move).legal:  # the table made it itself after the entry before
            continue
        entered.append(move)
        _made, state = follow_forced(game, game.apply(state, move))
    return Recorded(slug, tuple(seats), profile, tuple(entered))
