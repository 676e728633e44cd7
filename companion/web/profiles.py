"""Deck profiles on the phone: see the built-in ones, copy one, edit its cards, check the rule-text facts,
export and import (TOML and JSON)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..games.base import CardField, ErrorList, RulesError
from ..inputs import InputError, text, whole_number
from ..models import Profile
from ..profiles import (
    MAX_CARD_NUMBER,
    builtin_profiles,
    card_key,
    choices_for,
    coerce_card,
    parse_profile_text,
    to_json,
    to_toml,
)
from ..profiles.refs import ProfileRef
from .gameweb import Registered
from .messages import explain, message_for, rule_name
from .pages import page
from .table_service import game_or_404, registered, submitted_text

MAX_FIELD_CHARS = 500

bp = Blueprint("profiles", __name__)


def _entry_or_404(slug: str) -> Registered:
    return game_or_404(slug)


def _profile_or_404(token: str) -> Profile:
    profile = store.get_profile(token)
    if profile is None or profile.game not in registered():
        abort(404)
    return profile


def facts(game: Any, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rule-text facts a profile must satisfy, each passing or failing, in words."""
    return [{"ok": r.ok, "text": explain(r), "rule": rule_name(r.rule)} for r in game.validate_profile(data)]


@bp.get("/profiles/<slug>")
def index(slug: str):  # type: ignore[no-untyped-def]
    entry = _entry_or_404(slug)
    builtins = builtin_profiles(slug)
    checks = {pid: facts(entry.game, data) for pid, data in builtins.items()}
    return render_template("profiles/index.html", entry=entry, builtins=builtins, checks=checks, errors=[], text="")


@bp.post("/profiles/<slug>/copy")
def copy(slug: str):  # type: ignore[no-untyped-def]
    _entry_or_404(slug)
    source_id = request.form.get("source", "")
    builtins = builtin_profiles(slug)
    if source_id not in builtins:
        abort(404)
    data = builtins[source_id]
    data["id"] = ""
    data["name_en"] = _copy_name(data.get("name_en", ""), "en")
    data["name_ja"] = _copy_name(data.get("name_ja", ""), "ja")
    created = store.create_profile(slug, data, str(ProfileRef.builtin(source_id)))
    return redirect(url_for("profiles.edit", token=created.token), 303)


def _copy_name(name: str, lang: str) -> str:
    return f"{name}（コピー）" if lang == "ja" else f"{name} (copy)"


@bp.get("/profiles/<slug>/<profile_id>.<fmt>")
def export_builtin(slug: str, profile_id: str, fmt: str):  # type: ignore[no-untyped-def]
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
def import_profile(slug: str):  # type: ignore[no-untyped-def]
    entry = _entry_or_404(slug)
    try:
        text = submitted_text()
    except InputError as exc:
        return _refused_import(entry, [message_for(exc.code, exc.params)], "")
    try:
        data = parse_profile_text(text, slug, entry.game.card_fields)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return _refused_import(entry, [f"{e.path}: {explain(e)}" if e.path else explain(e) for e in errors], text)
    refused = [(c, r) for c in data["cards"] for r in entry.game.validate_card(data, c) if not r.ok]
    if refused:
        fields = entry.game.card_fields
        return _refused_import(entry, [f"{card_key(fields, c)}: {explain(r)} ({r.rule})" for c, r in refused],
                               text)
    data["id"] = ""
    created = store.create_profile(slug, data, "import")
    return redirect(url_for("profiles.edit", token=created.token), 303)


MAX_SHOWN_PROBLEMS = 50


def _refused_import(entry: Registered, messages: list[str], text: str):  # type: ignore[no-untyped-def]
    """The profiles page again, with why the file was refused (the first problems, and how many more)."""
    if len(messages) > MAX_SHOWN_PROBLEMS:
        more = len(messages) - MAX_SHOWN_PROBLEMS
        messages = [*messages[:MAX_SHOWN_PROBLEMS], _("…and %(n)s more problems.", n=more)]
    builtins = builtin_profiles(entry.game.slug)
    checks = {pid: facts(entry.game, d) for pid, d in builtins.items()}
    return render_template("profiles/index.html", entry=entry, builtins=builtins, checks=checks,
                           errors=messages, text=text if len(text) <= 100_000 else ""), 422


def render_editor(profile: Profile, status: int = 200, notice: str = "", problems: list[str] | None = None,
                  pending: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    entry = registered()[profile.game]
    data = profile.data
    fields = entry.game.card_fields
    meta = data.get("meta") or {}
    return page("profiles/edit.html", "profiles/_editor.html", status, entry=entry, profile=profile, data=data,
                fields=fields, choices={f.key: choices_for(f, meta) for f in fields}, facts=facts(entry.game, data),
                notice=notice, problems=problems or [], pending=pending or {})


@bp.get("/p/<token>")
def edit(token: str):  # type: ignore[no-untyped-def]
    return render_editor(_profile_or_404(token))


@bp.get("/p/<token>.<fmt>")
def export_user(token: str, fmt: str):  # type: ignore[no-untyped-def]
    profile = _profile_or_404(token)
    return _download(profile.data, f"{profile.game}-profile", fmt)


def _version() -> int:
    found = whole_number(request.form.get("version", ""), 0, store.MAX_VERSION)
    return -1 if found is None else found


def card_from_form(fields: tuple[CardField, ...], form: Mapping[str, str], meta: Mapping[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for f in fields:
        if f.kind == "counts":
            counts: dict[str, Any] = {}
            for name in choices_for(f, meta):
                value = form.get(f"f_{f.key}__{name}", "").strip()
                if value and value != "0":
                    number = whole_number(value, 0, MAX_CARD_NUMBER)
                    counts[name] = value if number is None else number  # coerce_card says what is wrong
            raw[f.key] = counts
        elif f.kind == "bool":
            raw[f.key] = form.get(f"f_{f.key}") in ("1", "on", "true", "yes")
        else:
            raw[f.key] = form.get(f"f_{f.key}", "")[:MAX_FIELD_CHARS]
    return coerce_card(fields, raw, "card", meta)


def _save(profile: Profile, data: dict[str, Any], pending: dict[str, str]):  # type: ignore[no-untyped-def]
    try:
        store.save_profile(profile.id, _version(), data)
    except store.Conflict:
        fresh = _profile_or_404(profile.token)
        return render_editor(fresh, 409, _("Someone else changed this profile first, so this change was not "
                                           "saved. Here it is as it is now; your entry is still in the form."),
                             pending=pending)
    if request.headers.get("HX-Request") == "true":
        return render_editor(_profile_or_404(profile.token))
    return redirect(url_for("profiles.edit", token=profile.token), 303)


@bp.post("/p/<token>/card")
def save_card(token: str):  # type: ignore[no-untyped-def]
    """Add a card, or replace the one named by `original`. A card that breaks a per-card fact is refused."""
    profile = _profile_or_404(token)
    game = registered()[profile.game].game
    fields = game.card_fields
    data = dict(profile.data)
    meta = data.get("meta") or {}
    pending = request.form.to_dict()
    pending.pop("csrf_token", None)
    try:
        card = card_from_form(fields, request.form, meta)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return render_editor(profile, 422, _("This card could not be read, so nothing was saved:"),
                             [explain(e) for e in errors], pending)
    refused = [r for r in game.validate_card(data, card) if not r.ok]
    if refused:
        return render_editor(profile, 422, _("This card breaks a rule-text fact, so nothing was saved:"),
                             [f"{explain(r)} ({r.rule})" for r in refused], pending)
    original = request.form.get("original", "")
    cards = [dict(c) for c in data.get("cards", [])]
    key = card_key(fields, card)
    clash = [c for c in cards if str(card_key(fields, c)) == str(key) and str(key) != original]
    if clash:
        return render_editor(profile, 422, _("A card with this %(field)s is already in the profile; edit that "
                                             "one instead.", field=fields[0].key), [], pending)
    if original:
        # Keep what the editor does not show (e.g. a card's printed names): replace only the edited fields.
        before = next((c for c in cards if str(card_key(fields, c)) == original), {})
        card = {**{k: v for k, v in before.items() if k not in {f.key for f in fields}}, **card}
        cards = [c for c in cards if str(card_key(fields, c)) != original]
    cards.append(card)
    cards.sort(key=lambda c: (str(type(card_key(fields, c))), card_key(fields, c)))
    data["cards"] = cards
    return _save(profile, data, pending)


@bp.post("/p/<token>/card/delete")
def delete_card(token: str):  # type: ignore[no-untyped-def]
    profile = _profile_or_404(token)
    fields = registered()[profile.game].game.card_fields
    data = dict(profile.data)
    original = request.form.get("original", "")
    data["cards"] = [c for c in data.get("cards", []) if str(card_key(fields, c)) != original]
    return _save(profile, data, {})


@bp.post("/p/<token>/names")
def rename(token: str):  # type: ignore[no-untyped-def]
    profile = _profile_or_404(token)
    data = dict(profile.data)
    pending = request.form.to_dict()
    for key in ("name_en", "name_ja"):
        value = text(request.form.get(key, ""), 80)
        if value is None:
            return render_editor(profile, 422, _("A name may have at most 80 characters, and no control "
                                                 "characters."), [], pending)
        data[key] = value
    return _save(profile, data, pending)
