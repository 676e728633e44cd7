"""The deck profile editor made for this game: the 36 ranks as a grid showing each card's element icons; tap a
rank, tap its icons, save. The PS-2 checklist stands on the same page with the offending ranks named, a card
breaking a per-card fact is refused with the reason, and the element names can be renamed (PS-1).

Built-in profiles are read-only here: "copy and fill in" makes a user profile (as the platform's pages do).
"""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from companion import store
from companion.games.base import ErrorList, ParseError, Reason, RulesError
from companion.games.planetary_sisters import GAME, read_profile, rename_element
from companion.games.planetary_sisters.cards import RANKS
from companion.i18n import pick
from companion.inputs import whole_number
from companion.models import Profile
from companion.profiles import builtin_profiles
from companion.web.messages import explain
from companion.web.pages import page

from . import cards as cardlib
from .labels import CLASS_NAMES, class_name
from .messages import ps_explain
from .remember import copy_of_builtin

SLUG = "planetary-sisters"


def checklist(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every PS-1/PS-2 fact, passing or failing, in words with the offending ranks named."""
    facts = []
    for reason in GAME.validate_profile(data):
        ranks = list(reason.params.get("ranks", []) or [])
        facts.append({"ok": reason.ok, "text": ps_explain(reason), "rule": reason.rule, "code": reason.code,
                      "ranks": ranks})
    return facts


def index():  # type: ignore[no-untyped-def]
    builtins = builtin_profiles(SLUG)
    return page("planetary_sisters/profiles.html", None, builtins=builtins,
                checks={pid: checklist(data) for pid, data in builtins.items()}, errors=[])


def copy():  # type: ignore[no-untyped-def]
    source = request.form.get("source", "")
    builtins = builtin_profiles(SLUG)
    if source not in builtins:
        abort(404)
    created = store.create_profile(SLUG, copy_of_builtin(builtins[source]), f"builtin:{source}")
    return redirect(url_for("planetary_sisters.profile", token=created.token), 303)


def open_link():  # type: ignore[no-untyped-def]
    raw = request.args.get("link", "").strip().rstrip("/")
    token = raw.rsplit("/", 1)[-1].removesuffix(".toml").removesuffix(".json")
    row = store.get_profile(token) if token else None
    if row is None or row.game != SLUG:
        builtins = builtin_profiles(SLUG)
        return page("planetary_sisters/profiles.html", None, 404, builtins=builtins,
                    checks={pid: checklist(data) for pid, data in builtins.items()},
                    errors=[_("No deck profile of this game is at that link.")])
    return redirect(url_for("planetary_sisters.profile", token=row.token), 303)


def _row(token: str) -> Profile:
    row = store.get_profile(token)
    if row is None or row.game != SLUG:
        abort(404)
    return row


def render(row: Profile, status: int = 200, rank: int | None = None, problems: list[str] | None = None,
           notice: str = "", pending: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    data = dict(row.data)
    try:
        deck = read_profile(data)
    except ErrorList as broken:
        return page("planetary_sisters/profile.html", "planetary_sisters/_profile.html", status, row=row, data=data,
                    deck=None, info=None, facts=checklist(data), rank=None, card=None, problems=[
                        explain(e) for e in broken.errors], notice=notice, pending={}, name=pick(data, "name"))
    info = cardlib.deck_info(deck)
    card = deck.card(rank) if rank else None
    values = dict(pending) if pending is not None else cardlib.picker_values(card.ref if card else None, "")
    return page("planetary_sisters/profile.html", "planetary_sisters/_profile.html", status, row=row, data=data,
                deck=deck, info=info, facts=checklist(data), rank=rank, card=card, problems=problems or [],
                notice=notice, pending=values, name=pick(data, "name"), listed=set(deck.listed_ranks),
                class_names={klass: class_name(klass) for klass in CLASS_NAMES})


def edit(token: str):  # type: ignore[no-untyped-def]
    row = _row(token)
    try:
        rank = cardlib.parse_rank(request.args.get("rank"))
    except ParseError:
        rank = None
    return render(row, rank=rank)


def _version() -> int:
    found = whole_number(request.form.get("version", ""), 0, store.MAX_VERSION)
    return -1 if found is None else found


def _saved(row: Profile, data: dict[str, Any], rank: int | None, pending: dict[str, str], next_rank: int | None):  # type: ignore[no-untyped-def]
    try:
        store.save_profile(row.id, _version(), data)
    except store.Conflict:
        fresh = _row(row.token)
        return render(fresh, 409, rank, notice=_("Someone else changed this profile first, so this change was not "
                                                  "saved. Here it is as it is now; your entry is still in the form."),
                      pending=pending)
    return redirect(url_for("planetary_sisters.profile", token=row.token, rank=next_rank) + "#card", 303)


def save_card(token: str):  # type: ignore[no-untyped-def]
    """Fill in (or change) one card's elements; refused with the reason when it breaks a PS-2 fact."""
    row = _row(token)
    data = dict(row.data)
    try:
        deck = read_profile(data)
    except ErrorList:
        return render(row, 422)  # the page says why the profile cannot be read
    info = cardlib.deck_info(deck)
    pending = request.form.to_dict()
    pending.pop("csrf_token", None)
    try:
        ref = cardlib.picker_ref(pending, "", info)
        if ref is None or ref.rank is None:
            raise ErrorList([ParseError("ps.profile.card_rank_missing", "PS-2", "rank")])
        if not ref.elements:
            raise ErrorList([ParseError("ps.card.has_elements", "PS-2", "elements", card=str(ref.rank))])
    except ErrorList as bad:
        rank = _rank_or_none(pending.get("rank"))
        return render(row, 422, rank, [_line(e.reason) for e in bad.errors], pending=pending)
    card = ref.to_json()
    refused = [r for r in GAME.validate_card(data, card) if not r.ok]
    if refused:
        return render(row, 422, ref.rank, [_line(r) for r in refused],
                      _("This card breaks a rule-text fact, so nothing was saved:"), pending)
    cards = [dict(c) for c in data.get("cards", []) if c.get("rank") != ref.rank]
    cards.append(card)
    cards.sort(key=_rank_order)
    data["cards"] = cards
    known = {c.get("rank") for c in cards if c.get("elements")}
    following = [r for r in RANKS if r > ref.rank and r not in known] + [r for r in RANKS if r not in known]
    return _saved(row, data, ref.rank, pending, following[0] if following else None)


def forget_card(token: str):  # type: ignore[no-untyped-def]
    """Take a card's elements out again (its rank stays listed, PS-2)."""
    row = _row(token)
    data = dict(row.data)
    rank = _rank_or_none(request.form.get("rank"))
    if rank is None:
        abort(400)
    data["cards"] = [({"rank": rank} if c.get("rank") == rank else dict(c)) for c in data.get("cards", [])]
    return _saved(row, data, rank, {}, rank)


def rename(token: str):  # type: ignore[no-untyped-def]
    """PS-1: the five unnamed elements (and any other) may be given the names printed on the user's deck."""
    row = _row(token)
    old = request.form.get("element", "")
    new = request.form.get("name", "").strip()
    try:
        data = rename_element(row.data, old, new)
    except RulesError as bad:
        return render(row, 422, problems=[_line(bad.reason)], notice=_("This name was not changed:"))
    return _saved(row, data, None, {}, None)


def _rank_or_none(value: str | None) -> int | None:
    try:
        return cardlib.parse_rank(value)
    except ParseError:
        return None


def _line(reason: Reason) -> str:
    return f"{explain(reason)} ({reason.rule})" if reason.rule else explain(reason)


def _rank_order(card: dict[str, Any]) -> int:
    """Cards in rank order; one without a readable rank last."""
    rank = card.get("rank")
    return rank if isinstance(rank, int) else 99
