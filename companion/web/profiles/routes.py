"""Deck profiles on the phone, one editor for every game: see the built-in ones, copy one ("Copy and edit"), fill
in its cards by tapping them (the card editor, with the checklist of the rule-text facts still missing), export
and import (TOML and JSON). A phone keeps the list of the profiles it made, to rename or delete them.

Only the phone that made a profile may delete it, and never while a table plays with it: a table's own copy
belongs to that table alone. A watch page never carries a profile's token, so no spectator reaches a write here.
"""

from __future__ import annotations

import copy as copying
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, RulesError
from companion.i18n import gettext as _
from companion.i18n import ngettext, pick
from companion.inputs import InputError, text, whole_number
from companion.profiles import builtin_profiles, card_key, copy_of, parse_profile_text, to_json, to_toml
from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from companion.server import quota
from companion.storage.models import Profile
from companion.tables import store
from companion.web.gameweb import Registered
from companion.web.guard.security import client_id, device_id
from companion.web.messages import explain, message_for
from companion.web.pages import is_htmx, page, submitted_text
from companion.web.profiles import returning as profile_return
from companion.web.profiles.cardforms import ProfileEditor
from companion.web.profiles.model import builtins_of, editor_page, listed, next_missing, reason_line
from companion.web.reasons import reason_text
from companion.web.registered import game_or_404, registered
from companion.web.tables.loading import load_view, own_profile_copy

MAX_NAME_CHARS = 80
MAX_SHOWN_PROBLEMS = 50

bp = Blueprint("profiles", __name__)


def _entry_or_404(slug: str) -> Registered:
    entry = game_or_404(slug)
    if entry.web.profile_editor is None:
        abort(404)
    return entry


def _profile_or_404(token: str) -> tuple[Profile, Registered, ProfileEditor]:
    profile = profile_store.get_profile(token)
    entry = registered().get(profile.game) if profile is not None else None
    if profile is None or entry is None or entry.web.profile_editor is None:
        abort(404)
    return profile, entry, entry.web.profile_editor


# -- the lists ------------------------------------------------------------------------------------------------

@bp.get("/profiles")
def mine() -> ResponseReturnValue:
    """The profiles this phone made, every game: open, rename, delete."""
    return _mine_page()


def _mine_page(status: int = 200, notice: str = "", bad: bool = False, pending: Mapping[str, str] | None = None,
               token: str = "", confirm_token: str = "") -> ResponseReturnValue:
    return page("profiles/mine.html", None, status, profiles=listed(profile_store.profiles_made_by(device_id()), registered()),
                notice=notice, bad=bad, pending=pending or {}, pending_token=token, confirm_token=confirm_token)


def _index_page(entry: Registered, status: int = 200, errors: list[str] | None = None,
                pasted: str = "") -> ResponseReturnValue:
    slug = entry.game.slug
    made = [p for p in profile_store.profiles_made_by(device_id()) if p.game == slug]
    return page("profiles/index.html", None, status, entry=entry,
                builtins=builtins_of(entry, builtin_profiles(slug)), mine=listed(made, registered()),
                errors=errors or [], text=pasted)


@bp.get("/profiles/<slug>")
def index(slug: str) -> ResponseReturnValue:
    return _index_page(_entry_or_404(slug))


@bp.get("/profiles/<slug>/open")
def open_link(slug: str) -> ResponseReturnValue:
    """A profile's link or code, pasted: its editor (a lost list still leaves the link)."""
    entry = _entry_or_404(slug)
    ref = ProfileRef.from_input(request.args.get("link", "")[:300])
    row = profile_store.get_profile(ref.token) if ref.is_user else None
    if row is None or row.game != slug:
        return _index_page(entry, 404, [_("No deck profile of this game is at that link.")])
    return redirect(url_for("profiles.edit", token=row.token), 303)


@bp.post("/profiles/<slug>/copy")
def copy(slug: str) -> ResponseReturnValue:
    """Copy and edit: a built-in profile becomes this phone's own, opened at its first card still missing."""
    entry = _entry_or_404(slug)
    source_id = request.form.get("source", "")
    builtins = builtin_profiles(slug)
    if source_id not in builtins:
        return _index_page(entry, 404, [_("There is no such built-in profile to copy.")])
    quota.require(quota.PROFILE, client_id())
    created = profile_store.create_profile(slug, copy_of(builtins[source_id]), str(ProfileRef.builtin(source_id)), maker=device_id())
    profile_return.keep(created.token, request.form.get("back", ""))  # a score page's copy leads back to it
    return redirect(url_for("profiles.edit", token=created.token), 303)


@bp.get("/profiles/<slug>/<profile_id>.<fmt>")
def export_builtin(slug: str, profile_id: str, fmt: str) -> ResponseReturnValue:
    _entry_or_404(slug)
    data = builtin_profiles(slug).get(profile_id)
    if data is None:
        abort(404)
    return _download(data, f"{slug}-{profile_id}", fmt)


def _download(data: Mapping[str, Any], stem: str, fmt: str) -> Response:
    if fmt == "toml":
        return Response(to_toml(data), mimetype="application/toml",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.toml"'})
    if fmt == "json":
        return Response(to_json(data), mimetype="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.json"'})
    abort(404)


@bp.post("/profiles/<slug>/import")
def import_profile(slug: str) -> ResponseReturnValue:
    entry = _entry_or_404(slug)
    if quota.over(quota.PROFILE, client_id()):  # before reading: a client over its allowance costs no parsing
        raise quota.refused(quota.PROFILE)
    try:
        pasted = submitted_text()
    except InputError as exc:
        return _refused_import(entry, [message_for(exc.code, exc.params)], "")
    try:
        data = parse_profile_text(pasted, slug, entry.game.card_fields)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return _refused_import(entry, [f"{e.path}: {explain(e)}" if e.path else explain(e) for e in errors], pasted)
    refused = [(c, r) for c in data["cards"] for r in entry.game.validate_card(data, c) if not r.ok]
    if refused:
        fields = entry.game.card_fields
        return _refused_import(entry, [f"{card_key(fields, c)}: {reason_text(r)}" for c, r in refused],
                               pasted)
    data["id"] = ""
    quota.require(quota.PROFILE, client_id())
    created = profile_store.create_profile(slug, data, "import", maker=device_id())
    return redirect(url_for("profiles.edit", token=created.token), 303)


def _refused_import(entry: Registered, messages: list[str], pasted: str) -> ResponseReturnValue:
    """The profiles page again, with why the file was refused (the first problems, and how many more)."""
    if len(messages) > MAX_SHOWN_PROBLEMS:
        more = len(messages) - MAX_SHOWN_PROBLEMS
        messages = [*messages[:MAX_SHOWN_PROBLEMS], ngettext("…and %(num)s more problem.", "…and %(num)s more problems.", more)]
    return _index_page(entry, 422, messages, pasted if len(pasted) <= 100_000 else "")


# -- the editor -----------------------------------------------------------------------------------------------

def render_editor(profile: Profile, entry: Registered, status: int = 200, selected: str = "", *, notice: str = "",
                  problems: list[str] | None = None, pending: Mapping[str, str] | None = None) -> tuple[str, int]:
    model = editor_page(entry, profile, device_id(), selected, notice=notice, problems=problems or [],
                        pending=pending)
    return page("profiles/edit.html", "profiles/_editor.html", status, m=model)


@bp.get("/p/<token>")
def edit(token: str) -> ResponseReturnValue:
    profile, entry, _editor = _profile_or_404(token)
    if request.args.get("back"):  # opened from a score page: the editor leads back to it
        profile_return.keep(token, request.args["back"])
    return render_editor(profile, entry, selected=request.args.get("card", "")[:64])


@bp.get("/p/<token>.<fmt>")
def export_user(token: str, fmt: str) -> ResponseReturnValue:
    profile, _entry, _editor = _profile_or_404(token)
    return _download(profile.data, f"{profile.game}-profile", fmt)


def _version() -> int:
    found = whole_number(request.form.get("version", ""), 0, store.MAX_VERSION)
    return -1 if found is None else found


def _pending() -> dict[str, str]:
    form = request.form.to_dict()
    form.pop("csrf_token", None)
    return form


def _saved(profile: Profile, entry: Registered, data: dict[str, Any], pending: Mapping[str, str],
           selected: str, then: str) -> ResponseReturnValue:
    """Save (version-checked), then show the card ``then``; a crossing write keeps what was typed on screen."""
    try:
        profile_store.save_profile(profile.id, _version(), data)
    except profile_store.Conflict:
        fresh, _entry, _editor = _profile_or_404(profile.token)
        return render_editor(fresh, entry, 409, selected, pending=pending, notice=_(
            "Someone else changed this profile first, so this change was not saved. Here it is as it is now; "
            "your entry is still in the form."))
    if is_htmx():
        fresh, _entry, _editor = _profile_or_404(profile.token)
        body, status = render_editor(fresh, entry, selected=then)
        response = make_response(body, status)
        if then != selected:  # on to another card: bring its form into view (a tapped icon keeps the place)
            response.headers["HX-Reswap"] = "outerHTML show:#card:top"
        return response
    return redirect(url_for("profiles.edit", token=profile.token, card=then or None, _anchor="card"), 303)


def _card_key(editor: ProfileEditor, data: Mapping[str, Any]) -> str:
    """The card the form names, if it is one of the deck's ("" otherwise: nothing is added by a typo)."""
    key = request.form.get("card", "")[:64]
    if key not in {c.key for c in editor.cells(data)}:
        return ""
    return key


@bp.post("/p/<token>/card")
def save_card(token: str) -> ResponseReturnValue:
    """Fill in (or change) one card: what the form sends replaces the stored values, the rest stays. A card that
    breaks a per-card fact is refused with the reason, and the form keeps what was typed. Saved with the Save
    button, the next card still missing is selected; a tapped icon stays on the card."""
    profile, entry, editor = _profile_or_404(token)
    data = copying.deepcopy(dict(profile.data))
    pending = _pending()
    key = _card_key(editor, data)
    if not key:
        return render_editor(profile, entry, 422, notice=_("Tap a card of the grid first, then fill it in."),
                             pending=pending)
    try:
        card = editor.read_card(data, key, request.form)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return render_editor(profile, entry, 422, key, notice=_("This card could not be read, so nothing was saved:"),
                             problems=[reason_line(e, editor) for e in errors], pending=pending)
    refused = [r for r in entry.game.validate_card(data, card) if not r.ok]
    if refused:
        return render_editor(profile, entry, 422, key,
                             notice=_("This card breaks a rule-text fact, so nothing was saved:"),
                             problems=[reason_line(r, editor) for r in refused], pending=pending)
    fields = entry.game.card_fields
    cards = [dict(c) for c in data.get("cards") or []]
    at = next((i for i, c in enumerate(cards) if str(card_key(fields, c)) == key), None)
    if at is None:
        cards.append(card)
    else:
        cards[at] = card
    data["cards"] = cards
    moving_on = request.form.get("then") == "next"  # the Save button; a tapped icon stays on the card
    return _saved(profile, entry, data, pending, key, next_missing(editor.cells(data), key) if moving_on else key)


@bp.post("/p/<token>/card/forget")
def forget_card(token: str) -> ResponseReturnValue:
    """Take a card's filled-in values out again; the card stays listed with its printed names."""
    profile, entry, editor = _profile_or_404(token)
    data = copying.deepcopy(dict(profile.data))
    key = _card_key(editor, data)
    if not key:
        return render_editor(profile, entry, 422, notice=_("Tap a card of the grid first, then fill it in."))
    fields = entry.game.card_fields
    edited = {f.key for f in fields[1:]}
    data["cards"] = [({k: v for k, v in c.items() if k not in edited} if str(card_key(fields, c)) == key else c)
                     for c in (dict(c) for c in data.get("cards") or [])]
    return _saved(profile, entry, data, {}, key, key)


@bp.post("/p/<token>/deck")
def update_deck(token: str) -> ResponseReturnValue:
    """The game's own section about the whole deck (e.g. Planetary Sisters' element names, PS-1)."""
    profile, entry, editor = _profile_or_404(token)
    if editor.update_deck is None:
        abort(404)
    try:
        data = editor.update_deck(profile.data, request.form)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return render_editor(profile, entry, 422, notice=_("This was not changed:"),
                             problems=[reason_line(e, editor) for e in errors], pending=_pending())
    return _saved(profile, entry, data, {}, "", "")


def _names(form: Mapping[str, str]) -> dict[str, str] | None:
    """The profile's new names: one "name" (from the list) names it in both languages; None when unreadable."""
    if "name" in form:
        one = text(form.get("name", ""), MAX_NAME_CHARS)
        return None if not one else {"name_en": one, "name_ja": one}
    names = {key: text(form.get(key, ""), MAX_NAME_CHARS) for key in ("name_en", "name_ja")}
    if any(v is None for v in names.values()) or not any(names.values()):
        return None
    return {k: v or "" for k, v in names.items()}


@bp.post("/p/<token>/names")
def rename(token: str) -> ResponseReturnValue:
    profile, entry, _editor = _profile_or_404(token)
    pending = _pending()
    from_list = request.form.get("back") == "list"
    names = _names(request.form)
    if names is None:
        message = _("A name has 1 to 80 characters, on one line. Nothing was changed.")
        if from_list:
            return _mine_page(422, message, True, pending, token)
        return render_editor(profile, entry, 422, notice=message, pending=pending)
    data = {**profile.data, **names}
    if not from_list:
        return _saved(profile, entry, data, pending, "", "")
    try:
        profile_store.save_profile(profile.id, _version(), data)
    except profile_store.Conflict:
        return _mine_page(409, _("Someone else changed this profile first, so it was not renamed. Here it is as "
                                 "it is now; your name is still in the form."), True, pending, token)
    return redirect(url_for("profiles.mine", _anchor=f"profile-{token}"), 303)


@bp.post("/p/<token>/delete")
def delete(token: str) -> ResponseReturnValue:
    """Only the phone that made a profile deletes it, and never while a table plays with it."""
    profile, _entry, _editor = _profile_or_404(token)
    if not profile.maker or profile.maker != device_id():
        return _mine_page(403, _("Only the phone that made this profile can delete it. Nothing was deleted."), True)
    if request.form.get("confirm") != "yes":
        # The cards typed into a profile are lost with one tap otherwise: the phone asks once more, with or
        # without JavaScript, so nothing typed is lost to one tap.
        return _mine_page(200, confirm_token=token)
    try:
        profile_store.delete_profile(profile.id, _version())
    except profile_store.InUse:
        return _mine_page(409, _("A table plays with this profile, so it cannot be deleted: the table would lose its "
                                 "cards. Nothing was deleted."), True)
    except profile_store.Conflict:
        return _mine_page(409, _("Someone else changed this profile first, so it was not deleted. Look at it again "
                                 "before deleting it."), True)
    return _mine_page(200, _("“%(name)s” was deleted.", name=pick(profile.data, "name") or token))


# -- a table's own copy ---------------------------------------------------------------------------------------

@bp.post("/t/<token>/profile-copy")
def table_copy(token: str) -> ResponseReturnValue:
    """Copy and edit, from a table: the table gets its own copy of its built-in profile (it belongs to that table
    alone), then the card editor opens on it. A table already on its own copy opens that."""
    view = load_view(token)
    entry = registered().get(view.table.game)
    if entry is None or entry.web.profile_editor is None:
        abort(404)
    ref = own_profile_copy(view, _version(), device_id())
    if ref is None:  # another phone entered first: nothing changed
        return redirect(url_for("tables.show", token=token, n="conflict"), 303)
    return redirect(url_for("profiles.edit", token=ref.token), 303)
