"""How a game plugs into the web layer: each subpackage here defines ``WEB = GameWeb(...)``.

A game is listed on the home page when its engine (companion.games.<pkg>.GAME) and its web package
(companion.web.games.<pkg>.WEB) both exist. Nothing else needs to be touched to add a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint

from companion.games.base import Game

ProfileLookup = Callable[[str], "dict[str, Any] | None"]


@dataclass(frozen=True)
class ApiRoute:
    """One referee API call: POST /api/v1/<slug>/<action>. ``handler(body, lookup_profile)`` returns the
    response dict (Reasons inside it become {"code", "message", "rule"}) or raises a RulesError (422)."""

    action: str
    handler: Callable[[Any, ProfileLookup], dict[str, Any]]
    summary: str
    request_schema: Mapping[str, Any] = field(default_factory=dict)
    response_schema: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SummaryTable:
    """One table of a score summary: e.g. one player's six house categories with their working."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""  # the formula in words and the ruling id


@dataclass(frozen=True)
class Summary:
    """What a score summary (page or PDF) shows of a table, already in the current language."""

    finished: bool
    ranking: tuple[tuple[int, str, str], ...]  # (place, seat name, score as shown)
    tables: tuple[SummaryTable, ...] = ()
    winner_note: str = ""  # e.g. the tie-break that decided it, with its ruling id


@dataclass(frozen=True)
class GameWeb:
    slug: str
    # The fragment the table page includes; it receives `view` (companion.play.TableView), `pending`
    # (the form a refused entry came from, to show again) and `can_write`.
    table_template: str
    # Form fields of an entry -> the move's JSON (what parse_move reads); raises ParseError.
    form_to_move: Callable[[Mapping[str, str], Any], dict[str, Any]]
    # A move's JSON -> one line of the table's history, in the current language.
    describe_move: Callable[[Mapping[str, Any], Any], str]
    # Reason code -> lazy message; "{name}" placeholders are filled from the reason's params.
    messages: Mapping[str, Any] = field(default_factory=dict)
    blueprint: Blueprint | None = None
    api: tuple[ApiRoute, ...] = ()
    # Links the game adds to the home page (endpoint, lazy label), e.g. a dispute checker.
    tools: tuple[tuple[str, Any], ...] = ()
    # The table's scores so far (or final), for the score summary; None while the game has none to give.
    summary: Callable[[Any], Summary | None] | None = None
    # Runs after an entry was saved, on the table as it is now (e.g. to remember in the deck profile the
    # card data the entry carried). It may write, version-checked; the answer then shows the table after it.
    after_move: Callable[[Any], None] | None = None
    # Who made a move: (state before the move, the move's JSON) -> seat, or None where the history line
    # already says it. The history then starts the line with that seat's name.
    actor: Callable[[Any, Mapping[str, Any]], int | None] | None = None
    # How a choice of a profile card field reads (e.g. a card id as its name), for the profile editor.
    choice_label: Callable[[str, str], str] | None = None
    # What the print page offers for this game (companion.web.printing.documents.Printable), the same tuple as
    # the package's printables.PRINTABLES (the print page finds that module even in a package without WEB).
    printables: tuple[Any, ...] = ()



def discover() -> dict[str, GameWeb]:
    found: dict[str, GameWeb] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            module = importlib.import_module(f"{__name__}.{info.name}")
            web = getattr(module, "WEB", None)
            if web is not None:
                found[web.slug] = web
    return found


@dataclass(frozen=True)
class Registered:
    game: Game
    web: GameWeb


def playable(extra: tuple[tuple[Game, GameWeb], ...] = ()) -> dict[str, Registered]:
    from companion.games import registry

    engines = dict(registry())
    webs = discover()
    for game, web in extra:
        engines[game.slug] = game
        webs[web.slug] = web
    return {slug: Registered(engines[slug], webs[slug]) for slug in engines if slug in webs}
