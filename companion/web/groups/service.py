"""Groups as the pages use them: load-or-404, roster names checked, the history and statistics model, the
rematch's seats, and the group's own JSON export and import. The routes in ``groups.py`` stay thin."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import abort

from companion.groups import store as group_store
from companion.groups.chart import ChartWords, chart_svg, legend
from companion.groups.records import PlayRecord
from companion.groups.stats import PlayerStats, player_stats
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.inputs import InputError, load_json, text
from companion.profiles.refs import ProfileRef
from companion.server import quota
from companion.server.offload import off_loop
from companion.storage.models import Group, GroupMember, Table
from companion.tables import store
from companion.tables.view import UnknownProfile, resolve_profile, view_of
from companion.web.groups.plays import records_of
from companion.web.guard.security import client_id
from companion.web.messages import message_for
from companion.web.registered import registered
from companion.web.tables.starting import SEAT_NAME_LIMIT, TOO_MANY_TABLES, over_table_limit, table_limit
from companion.web.tables.transfer import check_import, export_table

GROUP_FORMAT = "companion-group"
GROUP_NAME_LIMIT = 60
ROSTER_LIMIT = 40  # names on a roster; a circle of friends, not a league
MAX_GROUP_TABLES = 500


def load_group(token: str, *, watch: bool = False) -> Group:
    group = group_store.get_watched_group(token) if watch else group_store.get_group(token)
    if group is None:
        abort(404)
    return group


# -- names -----------------------------------------------------------------------------------------------------

def group_name_problem(raw: object) -> tuple[str, str]:
    """(the name, "") or ("", why it is refused)."""
    name = text(raw, GROUP_NAME_LIMIT)
    if not name:
        return "", _("Give the group a name of at most 60 characters (no control characters).")
    return name, ""


def roster_name_problem(raw: object, taken: Sequence[str]) -> tuple[str, str]:
    """(the name, "") or ("", why it is refused): blank, too long, or a name the roster has already."""
    if isinstance(raw, str) and not raw.strip():
        return "", _("A player's name cannot be blank.")
    name = text(raw, SEAT_NAME_LIMIT)
    if name is None:
        return "", _("A name may have at most 40 characters, and no control characters.")
    if name.casefold() in {t.casefold() for t in taken}:
        return "", _("%(name)s is on the roster already: give each player a different name.", name=name)
    return name, ""


def current(members: Sequence[GroupMember]) -> list[GroupMember]:
    return [m for m in members if m.removed_at is None]


def roster_names(group: Group) -> list[str]:
    """The group's current members' names, in the roster's order."""
    return [m.name for m in current(group_store.members_of(group.id))]


# -- history and statistics --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerView:
    stats: PlayerStats
    chart: str  # inline SVG ("" without scores)
    legend: list[tuple[str, str]]


@dataclass(frozen=True)
class GroupModel:
    group: Group
    members: list[GroupMember]
    former: list[GroupMember]
    finished: list[PlayRecord]  # newest first
    unfinished: list[PlayRecord]  # newest first; listed apart, never counted
    players: list[PlayerView]


def group_model(group: Group, with_stats: bool = True) -> GroupModel:
    members = group_store.members_of(group.id)
    records = records_of(group_store.tables_of(group.id))
    newest = sorted(records, key=lambda r: (r.at, r.table_id), reverse=True)
    roster = {m.key: (m.name, m.removed_at is not None) for m in members}
    players = []
    if with_stats:
        for stats in player_stats(records, roster):
            words = ChartWords(_("Scores of %(name)s over time", name=stats.name),
                               _("One line per game won on points; each dot is a finished play, oldest on the "
                                 "left."), _("Plays, oldest first"))
            players.append(PlayerView(stats, chart_svg(stats.scores, words), legend(stats.scores)))
    return GroupModel(group, current(members), [m for m in members if m.removed_at is not None],
                      [r for r in newest if r.finished], [r for r in newest if not r.finished], players)


def finished_plays(group: Group) -> list[PlayRecord]:
    """The group's finished plays, oldest first (the exports' order)."""
    records = records_of(group_store.tables_of(group.id))
    return sorted((r for r in records if r.finished), key=lambda r: (r.at, r.table_id))


# -- who is playing today ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TodaysPlayers:
    order: list[str]  # the roster in the order the ticked ones take the seats, clockwise from seat 1
    ticked: set[str]  # ticked before anyone taps: who played this game last time, else everyone
    after_last: bool  # the order is the last table's (its players first), not only the roster's


def todays_players(group: Group, slug: str) -> TodaysPlayers:
    """The roster as a new table's "who is playing today": the players of the group's last table of this game
    first, where they sat (a circle of friends sits as it did, and that table's seats are the order the app last
    heard), then the rest of the roster in its order; ticked: that table's players still on the roster, else
    everyone."""
    names = [m.name for m in current(group_store.members_of(group.id))]
    last = next((t for t in reversed(group_store.tables_of(group.id)) if t.game == slug), None)
    before = [n for n in (last.seats if last is not None else []) if n in names]
    return TodaysPlayers(before + [n for n in names if n not in before], set(before or names), bool(before))


def players_problem(game_name: str, counts: Sequence[int], ticked: int) -> str:
    """Why the ticked players cannot start a table of this game ("" when they can)."""
    if ticked == 0:
        return _("Nobody is ticked: tick each player who is playing today.")
    if ticked in counts:
        return ""
    return ngettext("%(num)s player is ticked, but %(game)s is played by %(counts)s players.",
                    "%(num)s players are ticked, but %(game)s is played by %(counts)s players.", ticked,
                    game=game_name, counts=" / ".join(str(n) for n in counts))


# -- rematch ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RematchChoice:
    order: str  # what the form sends: "rotate" or "same"
    label: str
    primary: bool


@dataclass(frozen=True)
class RematchModel:
    why: str  # the game's rule for who starts, in words with its ruling id
    choices: tuple[RematchChoice, ...]


def rematch_model(table: Table) -> RematchModel:
    """The rematch buttons of a finished table, by the game's rule for who starts (its ``rematch`` hook): a game
    that rotates offers the rotated seats first and the same order too; a game that chooses its first player
    during play offers the same order only, and never says the next seat starts."""
    rule = registered()[table.game].web.rematch
    seats = list(table.seats)
    same = RematchChoice("same", _("Rematch, same order: %(seats)s", seats=", ".join(seats)), not rule.rotate)
    if not rule.rotate:
        return RematchModel(str(rule.why), (same,))
    rotated = RematchChoice("rotate", _("Rematch, seats rotated: %(seats)s",
                                        seats=", ".join(seats[1:] + seats[:1])), True)
    return RematchModel(str(rule.why), (rotated, same))


def rematch_form(table: Table, order: str) -> dict[str, str]:
    """The new-table form of a rematch: the same seats, rotated one place clockwise (the player who sat second
    sits first) when the game's rule for who starts says so and ``order`` asks for it, else in the same order
    (a game that chooses its first player during play keeps the order: the new table asks again); the same
    options and the same deck profile (a table on its own copy passes that copy on: the new table gets its own
    copy of it, with what the last game taught it)."""
    seats = list(table.seats)
    if order == "rotate" and seats and registered()[table.game].web.rematch.rotate:
        seats = seats[1:] + seats[:1]
    form = {f"seat{i}": name for i, name in enumerate(seats)}
    # A retired reading the old table played by (an option no longer offered) is not passed on: the new table
    # plays by the current reading.
    shown = {o.key for o in registered()[table.game].game.options if o.shown}
    form.update({f"option_{key}": str(value) for key, value in dict(table.options).items() if key in shown})
    try:
        resolve_profile(table.game, ProfileRef.parse(table.profile_ref))
        form["profile"] = table.profile_ref
    except UnknownProfile:  # a game without deck profiles (or a profile gone): the game's own default
        pass
    return form


# -- the group's own JSON ----------------------------------------------------------------------------------------

def export_group(group: Group) -> dict[str, Any]:
    """The whole group: name, roster (former members marked) and every table as its own export, in the order
    the tables joined. Nothing in it depends on the links, so importing it and exporting again gives the same
    document."""
    members = group_store.members_of(group.id)
    return {
        "format": GROUP_FORMAT,
        "format_version": 1,
        "name": group.name,
        "members": [{"name": m.name, "former": m.removed_at is not None} for m in members],
        "tables": [export_table(view_of(t)) for t in group_store.tables_of(group.id)],
    }


@dataclass(frozen=True)
class ImportRefused:
    """Why a group import was refused, and how: 422 for what the file says, 429 (with ``retry_after``) when
    this phone has used up its allowance of groups or tables."""

    reasons: list[str]
    status: int = 422
    retry_after: int | None = None


def _over_allowance(reason: str) -> ImportRefused:
    return ImportRefused([reason], 429, quota.retry_after())


def import_group(body: str) -> ImportRefused | Group:
    """A group export made into a new group with new links, or every reason it cannot be. The allowances are
    checked first (a client over one costs no parsing); every table is checked as a table import is before
    anything is written; then the group, its roster and its tables are written in one transaction. A refused
    import leaves nothing behind and uses up no allowance: the group is charged only once the file is good, and
    given back when its tables go over the table limit."""
    client = client_id()
    if over_table_limit():
        return _over_allowance(TOO_MANY_TABLES())
    if quota.over(quota.GROUP, client):
        return _over_allowance(str(quota.refused(quota.GROUP).description))
    checked = off_loop(_read_group, body)  # every table's log checked by the rules: off the event loop
    if isinstance(checked, list):
        return ImportRefused(checked)
    name, members, tables = checked
    if not quota.charge(quota.GROUP, client):  # counted in the write's own lock: two imports cannot both pass
        return _over_allowance(str(quota.refused(quota.GROUP).description))
    try:
        return group_store.import_group(name, members, tables, client, table_limit())
    except store.TooManyTables:
        quota.refund(quota.GROUP, client)
        return _over_allowance(TOO_MANY_TABLES())


def _read_group(body: str) -> list[str] | tuple[str, list[tuple[str, bool]], list[group_store.NewGroupTable]]:
    """A group export's text read and every table checked, or every reason it cannot be imported."""
    try:
        data = load_json(body)
    except InputError as exc:
        return [message_for("import.not_readable"), message_for(exc.code, exc.params)]
    if not isinstance(data, dict) or data.get("format") != GROUP_FORMAT or data.get("format_version") != 1:
        return [_("This is not a group exported by this app (its format is not companion-group, version 1).")]
    name, problem = group_name_problem(data.get("name"))
    problems = [problem] if problem else []
    members = _imported_members(data.get("members"), problems)
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, list) or len(raw_tables) > MAX_GROUP_TABLES:
        problems.append(_("The group's tables cannot be read (at most %(n)s tables).", n=MAX_GROUP_TABLES))
        raw_tables = []
    tables: list[group_store.NewGroupTable] = []
    for number, raw in enumerate(raw_tables, start=1):
        checked = check_import(raw)
        if isinstance(checked, list):
            problems.extend(_("Table %(n)s: %(why)s", n=number, why=why) for why in checked)
            continue
        tables.append(group_store.NewGroupTable(checked.game, checked.seats, checked.options, checked.profile_ref,
                                                checked.profile, checked.events, checked.version))
    if problems:
        return problems[:30]
    return name, members, tables


def _imported_members(raw: Any, problems: list[str]) -> list[tuple[str, bool]]:
    if not isinstance(raw, list) or len(raw) > ROSTER_LIMIT:
        problems.append(_("The roster cannot be read (at most %(n)s names).", n=ROSTER_LIMIT))
        return []
    members: list[tuple[str, bool]] = []
    for item in raw:
        former = item.get("former", False) if isinstance(item, dict) else None
        name, problem = roster_name_problem(item.get("name") if isinstance(item, dict) else None,
                                            [m for m, _f in members])
        if problem or not isinstance(former, bool):
            problems.append(problem or _("The roster cannot be read (at most %(n)s names).", n=ROSTER_LIMIT))
            continue
        members.append((name, former))
    return members


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)
