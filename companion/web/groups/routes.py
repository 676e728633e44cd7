"""Groups: a circle of friends with an unguessable link and a read-only one, its roster, its tables (started from
the roster, added afterwards, or a rematch of a finished one) and its history; a group's JSON imported back. The
statistics and the files (PDF, CSV, BG Stats, the group's JSON) are ``downloads``, on this blueprint.

    /groups/new                 a new group            /groups/import        a group's JSON made into a group
    /g/<token>                  the group (players)    /gw/<watch token>     the same, read-only
    /g/<token>/new/<slug>       a table from the roster
    /t/<token>/group            a table's group: add it to one; rematch (POST /t/<token>/rematch)
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.groups import store as group_store
from companion.i18n import gettext as _
from companion.i18n import pick
from companion.inputs import InputError
from companion.profiles import builtin_profiles
from companion.server import quota
from companion.storage.models import Group, Table
from companion.storage.tokens import is_token
from companion.tables import store
from companion.tables.view import view_of
from companion.web.gameweb import Registered
from companion.web.groups.plays import records_of
from companion.web.groups.service import (
    ROSTER_LIMIT,
    current,
    group_model,
    group_name_problem,
    import_group,
    load_group,
    players_problem,
    rematch_form,
    rematch_model,
    roster_name_problem,
    todays_players,
)
from companion.web.guard.security import client_id
from companion.web.messages import message_for
from companion.web.pages import submitted_text
from companion.web.printing.zone import request_zone
from companion.web.registered import game_or_404, registered
from companion.web.tables.loading import load_table
from companion.web.tables.routes import public_url
from companion.web.tables.starting import read_new_table, start_table

bp = Blueprint("groups", __name__)

NEW_GROUP_NAMES = 8  # name fields on the new-group form; more are added on the group page
NAMES_KEPT_LIMIT = 3 * ROSTER_LIMIT  # names a group keeps, current and former (removed ones keep their games)


def _links(group: Group) -> dict[str, str]:
    return {"play_url": public_url("groups.show", token=group.token),
            "watch_url": public_url("groups.watch", token=group.watch_token)}


# -- a new group -------------------------------------------------------------------------------------------------

@bp.get("/groups/new")
def new_group() -> ResponseReturnValue:
    return render_template("groups/new.html", form={}, errors={}, fields=NEW_GROUP_NAMES)


@bp.post("/groups/new")
def create_group() -> ResponseReturnValue:
    form = request.form.to_dict()
    errors: dict[str, str] = {}
    name, problem = group_name_problem(form.get("name", ""))
    if problem:
        errors["name"] = problem
    names: list[str] = []
    for i in range(NEW_GROUP_NAMES):
        raw = form.get(f"member{i}", "")
        if not raw.strip():
            continue
        member, why = roster_name_problem(raw, names)
        if why:
            errors[f"member{i}"] = why
        else:
            names.append(member)
    if errors:
        return render_template("groups/new.html", form=form, errors=errors, fields=NEW_GROUP_NAMES), 422
    quota.require(quota.GROUP, client_id())
    group = group_store.create_group(name, names)
    return redirect(url_for("groups.show", token=group.token), 303)


# -- the group page ------------------------------------------------------------------------------------------------

def _group_page(group: Group, can_write: bool, status: int = 200, errors: dict[str, str] | None = None,
                form: dict[str, str] | None = None) -> ResponseReturnValue:
    model = group_model(group, with_stats=False)
    return render_template("groups/page.html", model=model, can_write=can_write, games=registered(),
                           errors=errors or {}, form=form or {}, roster_full=len(model.members) >= ROSTER_LIMIT,
                           export_zone=request_zone(request.args, request.cookies), **_links(group)), status


@bp.get("/g/<token>")
def show(token: str) -> ResponseReturnValue:
    return _group_page(load_group(token), can_write=True)


@bp.get("/gw/<token>")
def watch(token: str) -> ResponseReturnValue:
    return _group_page(load_group(token, watch=True), can_write=False)


@bp.post("/g/<token>/members")
def add_member(token: str) -> ResponseReturnValue:
    group = load_group(token)
    members = current(group_store.members_of(group.id))
    name, problem = roster_name_problem(request.form.get("name", ""), [m.name for m in members])
    if not problem and len(members) >= ROSTER_LIMIT:
        problem = _("A roster holds at most %(n)s names.", n=ROSTER_LIMIT)
    if not problem:
        try:
            group_store.add_member(group.id, name, NAMES_KEPT_LIMIT)
        except group_store.NameTaken:
            problem = _("%(name)s is on the roster already: give each player a different name.", name=name)
        except group_store.RosterFull:
            problem = _("This group has kept %(n)s names (former members too, for their games): bring back a "
                        "former member by their name, or start a new group.", n=NAMES_KEPT_LIMIT)
    if problem:
        return _group_page(group, True, 422, {"member": problem}, {"name": request.form.get("name", "")[:200]})
    return redirect(url_for("groups.show", token=token, _anchor="roster"), 303)


@bp.post("/g/<token>/members/<int:member_id>/remove")
def remove_member(token: str, member_id: int) -> ResponseReturnValue:
    group = load_group(token)
    group_store.remove_member(group.id, member_id)
    return redirect(url_for("groups.show", token=token, _anchor="roster"), 303)


@bp.post("/g/<token>/tables")
def add_table(token: str) -> ResponseReturnValue:
    """Add a table by its players' link (the read-only link is not enough: it proves no seat at it)."""
    group = load_group(token)
    raw = request.form.get("table", "")
    table = _table_from_link(raw)
    problem = ""
    if table is None:
        problem = _("No table is at that link. Paste the table's players' link (it has /t/ in it).")
    else:
        try:
            group_store.add_table(group.id, table.id)
        except group_store.InAnotherGroup:
            problem = _("That table belongs to another group already.")
    if problem:
        return _group_page(group, True, 422, {"table": problem}, {"table": raw[:300]})
    return redirect(url_for("groups.show", token=token, _anchor="history"), 303)


def _table_from_link(raw: str) -> Table | None:
    link = raw.strip()[:300]
    token = link.rstrip("/").split("/t/")[-1].split("?")[0].split("#")[0].split("/")[0]
    if not is_token(token):
        return None
    found = store.get_table(token)
    return found if found is not None and found.game in registered() else None


# -- a table from the roster -------------------------------------------------------------------------------------

@bp.get("/g/<token>/new/<slug>")
def new_table(token: str, slug: str) -> ResponseReturnValue:
    group = load_group(token)
    entry = game_or_404(slug)
    names = [m.name for m in current(group_store.members_of(group.id))]
    form = {f"seat{i}": n for i, n in enumerate(names[: max(entry.game.player_counts)])}
    return _picker(group, entry, form, {})


def _picker(group: Group, entry: Registered, form: dict[str, str], errors: dict[str, str],
            status: int = 200, ticked: set[str] | None = None) -> ResponseReturnValue:
    names = [m.name for m in current(group_store.members_of(group.id))]
    today = todays_players(group, entry.game.slug)
    return render_template("groups/pick.html", group=group, entry=entry, game=entry.game, names=names, form=form,
                           errors=errors, builtins=builtin_profiles(entry.game.slug), today=today,
                           ticked=today.ticked if ticked is None else ticked), status


@bp.post("/g/<token>/new/<slug>")
def create_table(token: str, slug: str) -> ResponseReturnValue:
    """The seats come from the roster: the players ticked as present (seated in the order the page lists them),
    or a name chosen for each seat, or typed in as guests; the table is then started by the same checks and the
    same write as any new table, and joins the group."""
    group = load_group(token)
    entry = game_or_404(slug)
    form = request.form.to_dict()
    ticked: set[str] | None = None
    if form.get("who") == "present":
        ticked = set(request.form.getlist("present"))
        # the server's own order, never the form's: the seats are taken as the page listed them
        present = [n for n in todays_players(group, entry.game.slug).order if n in ticked]
        problem = players_problem(pick(entry.game, "name"), entry.game.player_counts, len(present))
        if problem:
            return _picker(group, entry, form, {"present": problem}, 422, ticked)
        seats = {f"seat{i}": name for i, name in enumerate(present)}
    else:
        seats = {}
        for i in range(max(entry.game.player_counts)):
            guest = form.get(f"guest{i}", "").strip()
            seats[f"seat{i}"] = guest or form.get(f"seat{i}", "")
    new = read_new_table(entry.game, {**form, **seats})
    if new.errors:
        return _picker(group, entry, form, new.errors, 422, ticked)
    table = start_table(entry.game, new)
    if table is None:
        return quota.with_retry_after(_picker(group, entry, form, {"form": _(
            "This phone has started many tables in a short time. Wait a while, then try again; what you entered is "
            "kept below.")}, 429, ticked))
    group_store.add_table(group.id, table.id)
    return redirect(url_for("tables.show", token=table.token), 303)


# -- a table's group, and its rematch ------------------------------------------------------------------------------

def _table_group_page(table: Table, status: int = 200, problem: str = "", link: str = "") -> ResponseReturnValue:
    view = view_of(table)
    group = group_store.group_of_table(table.id)
    record = records_of([table])[0]
    return render_template("groups/table.html", view=view, table=table, group=group, record=record,
                           rematch=rematch_model(table), problem=problem, link=link), status


@bp.get("/t/<token>/group")
def table_group(token: str) -> ResponseReturnValue:
    return _table_group_page(load_table(token))


@bp.post("/t/<token>/group")
def join_group(token: str) -> ResponseReturnValue:
    table = load_table(token)
    link = request.form.get("group", "").strip()[:300]
    group_token = link.rstrip("/").split("/g/")[-1].split("?")[0].split("#")[0].split("/")[0]
    group = group_store.get_group(group_token)
    if group is None:
        return _table_group_page(table, 422, _("No group is at that link. Paste the group's players' link (it has "
                                               "/g/ in it)."), link)
    try:
        group_store.add_table(group.id, table.id)
    except group_store.InAnotherGroup:
        return _table_group_page(table, 422, _("This table belongs to another group already."), link)
    return redirect(url_for("groups.show", token=group.token, _anchor="history"), 303)


@bp.post("/t/<token>/rematch")
def rematch(token: str) -> ResponseReturnValue:
    """The next game in one tap: same game, seats (rotated when the game's rule for who starts says so, or the
    same order), options and deck profile, in the same group (a table in none starts a new one in none)."""
    table = load_table(token)
    entry = registered()[table.game]
    started = store.rematch_for(table.id)
    if started is not None:  # a double tap, or a second phone: one rematch per game, the one already started
        return redirect(url_for("tables.show", token=started.token), 303)
    record = records_of([table])[0]
    if not record.finished:
        return _table_group_page(table, 422, _("This game is not finished yet: a rematch starts once it is."))
    order = "same" if request.form.get("order") == "same" else "rotate"
    new = read_new_table(entry.game, rematch_form(table, order))
    if new.errors:
        return _table_group_page(table, 422, " ".join(new.errors.values()))
    try:
        created = start_table(entry.game, new, rematch_of=table.id)
    except store.RematchTaken:  # the other tap won the race by a moment
        found = store.rematch_for(table.id)
        return redirect(url_for("tables.show", token=found.token if found else token), 303)
    if created is None:
        return quota.with_retry_after(_table_group_page(table, 429, _("This phone has started many tables in a short "
                                                                      "time. Wait a while, then try again.")))
    group = group_store.group_of_table(table.id)
    if group is not None:
        group_store.add_table(group.id, created.id)
    return redirect(url_for("tables.show", token=created.token), 303)


@bp.get("/groups/import")
def import_form() -> ResponseReturnValue:
    return render_template("groups/import.html", errors=[], text="")


@bp.post("/groups/import")
def import_upload() -> ResponseReturnValue:
    try:
        body = submitted_text()
    except InputError as exc:
        return render_template("groups/import.html", errors=[message_for(exc.code, exc.params)], text=""), 422
    created = import_group(body)
    if isinstance(created, Group):
        return redirect(url_for("groups.show", token=created.token), 303)
    page = render_template("groups/import.html", errors=created.reasons, text=body if len(body) < 200_000 else "")
    headers = {"Retry-After": str(created.retry_after)} if created.retry_after is not None else {}
    return page, created.status, headers


@bp.app_template_global()
def group_game_name(slug: str) -> str:
    entry = registered().get(slug)
    return pick(entry.game, "name") if entry else slug


__all__ = ["bp"]
