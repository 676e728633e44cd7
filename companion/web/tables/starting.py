"""Starting a table: the new-table form read and checked (seats, options, the deck profile), the per-client
limit on tables started lately, and the one call that writes it (``start_table``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app

from companion.games.base import Game
from companion.i18n import gettext as _
from companion.inputs import choice, text
from companion.profiles import builtin_profiles
from companion.profiles.refs import ProfileRef
from companion.storage.models import Table
from companion.tables import store
from companion.tables.view import (
    UnknownProfile,
    named_copy,
    resolve_profile,
)
from companion.web.guard.security import client_id

SEAT_NAME_LIMIT = 40


@dataclass(frozen=True)
class NewTable:
    seats: list[str]
    options: dict[str, str]
    profile_ref: ProfileRef
    errors: dict[str, str]


def read_new_table(game: Game[Any, Any], form: Mapping[str, str]) -> NewTable:
    """The new-table form checked: seats in clockwise order, options among their choices, a known profile."""
    errors: dict[str, str] = {}
    raw_names = [form.get(f"seat{i}", "") for i in range(max(game.player_counts))]
    names = [text(n, SEAT_NAME_LIMIT) for n in raw_names]
    seats = [n for n in names if n]
    problem = seat_problem(game, seats)
    if any(n is None for n in names):
        problem = _("A name may have at most 40 characters, and no control characters.")
    if problem:
        errors["seats"] = problem
    options: dict[str, str] = {}
    for option in game.options:
        value = choice(form.get(f"option_{option.key}", option.default), option.choices)
        if value is None:
            errors[f"option_{option.key}"] = _("Choose one of the offered settings.")
        elif not option.shown and value != option.default:
            # A retired reading is kept only so that the tables started under it still replay; a new table
            # plays by the current one (the pages do not offer it, so only a hand-made form gets here).
            errors["form"] = _("That reading of %(rule)s is kept only for tables started before the rule was "
                               "read again; a new table plays by the current reading.", rule=option.rule)
        options[option.key] = value or option.default
    given = [text(form.get(key, ""), 300) for key in ("profile_link", "profile")]
    chosen = next((g for g in given if g), "")
    builtins = builtin_profiles(game.slug)
    ref = ProfileRef.from_input(chosen, set(builtins))
    if not ref.is_user and not ref.key and builtins:
        ref = ProfileRef.builtin(next(iter(builtins)))  # the game's first built-in profile, by name
    try:
        if None in given:  # a link too long or with control characters names no profile
            raise UnknownProfile(str(ref))
        resolve_profile(game.slug, ref)
    except UnknownProfile:
        errors["profile"] = _("No deck profile of this game is at that link.")
    return NewTable(seats, options, ref, errors)


def seat_problem(game: Game[Any, Any], seats: list[str]) -> str:
    if len(seats) not in game.player_counts:
        counts = " / ".join(str(n) for n in game.player_counts)
        return _("Enter the names of %(counts)s players, in clockwise order.", counts=counts)
    if len({s.casefold() for s in seats}) != len(seats):
        return _("Two seats have the same name; give each player a different one.")
    if any(len(s) > SEAT_NAME_LIMIT for s in seats):
        return _("A name may have at most 40 characters.")
    return ""


def table_limit() -> tuple[datetime, int]:
    """The table-creation limit: since when, and how many tables a client may start in that time."""
    config = current_app.config
    return store.window_start(config["TABLE_RATE_WINDOW"]), int(config["TABLES_PER_WINDOW"])


def start_table(game: Game[Any, Any], new: NewTable, rematch_of: int | None = None) -> Table | None:
    """Write a checked new table; None when this client started too many lately (checked in the same write,
    so concurrent requests cannot pass the limit together). A table started from a user profile's link gets
    its own copy of it: what it learns, and what its players edit, changes no other table."""
    own: tuple[dict[str, Any], str] | None = None
    if new.profile_ref.is_user:
        data, _key = resolve_profile(game.slug, new.profile_ref)
        own = (named_copy(data, new.seats), str(new.profile_ref))
    try:
        return store.create_table(game.slug, new.seats, new.options, str(new.profile_ref), client_id(),
                                  limit=table_limit(), own_profile=own, rematch_of=rematch_of)
    except store.TooManyTables:
        return None



def TOO_MANY_TABLES() -> str:  # noqa: N802  (read as the message it is)
    return _("This phone has started many tables in a short time. Wait a while, then try again.")


def over_table_limit(adding: int = 1) -> bool:
    """This client may not start ``adding`` more tables now. Checked before an import is read, so a client over
    its limit costs a count, not the parsing and checking of a long log; the write checks again (the count
    can change meanwhile)."""
    since, most = table_limit()
    return store.tables_created_since(client_id(), since) + adding > most
