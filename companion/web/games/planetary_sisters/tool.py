"""The scoring page: a finished game's cards tapped in at once, without a table (§4.5, PS-3, PS-4).

Everything typed lives in the page's form and in its address (``GET /planetary-sisters/score?players=4&
field=…&house0=…``), so a reload, a lost connection or a phone put to sleep loses nothing, and the page works
with JavaScript off: every tap is a plain form post answered by a redirect to the new address (with htmx, by
the fresh sheet and the new address in ``HX-Push-Url``). Each step that changes the sheet is its own address
in the browser's history, so Back walks the steps. The engine's ``sheet`` module checks each card
and ``score_sheet`` scores it with the one scoring function.

Fewer taps: with JavaScript on, every tap in the picker is sent (``do=pick``) and a card goes in
as soon as it is whole (``obvious``) or the next card's rank is tapped; a tap that takes cards off is answered
with an undo link (``undo``) rather than a question. When the last card is in, the cards typed with ranks, or
the sets of icons of a game entered without ranks, are offered to the deck profile (``remember``); the next
game then takes one tap per card: its rank, or its set of icons (``IconChip``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, ParseError
from companion.games.planetary_sisters import (
    CardRef,
    TableScore,
    add_card,
    capacity,
    read_profile,
    score_sheet,
    slots,
)
from companion.games.planetary_sisters.cards import parse_elements
from companion.i18n import gettext as _
from companion.i18n import ngettext, pick
from companion.profiles.refs import ProfileRef
from companion.web import photos
from companion.web.gameweb import ProfileAllowanceUsed, ProfileChanged, profile_desk
from companion.web.links import LinkReader
from companion.web.pages import is_htmx

from . import cards as cardlib
from . import photo as photolib
from . import undo as undolib
from .breakdown import score_view
from .labels import slot_heading, slot_label
from .messages import explain, reason_text
from .obvious import whole
from .refused import tapped_line, without_picker
from .remember import icons_gained, merged, save, unranked_refusal
from .sheet_form import (
    MAX_ICONS_CHARS,
    SLUG,
    SheetForm,
    card_index,
    icon_chips,
    new_cards,
    new_icons,
    read_form,
    read_slot,
    remember_offer,
    slot_param,
)


def _remembered(saved: int) -> str:
    if not saved:
        return ""
    return ngettext("%(num)d card remembered in your deck profile.",
                    "%(num)d cards remembered in your deck profile.", saved)


def context(form: SheetForm, errors: list[str] | None = None, pending: Mapping[str, str] | None = None,
            notice: str = "", undo: undolib.UndoView | None = None, link_notice: str = "",
            tapped: str = "") -> dict[str, Any]:
    if not pending and not errors and form.asked:  # a card a photo read, the profile not: its rank held
        pending = {"rank": str(form.asked[0])}
    scored: TableScore = score_sheet(form.sheet, form.deck.elements)
    rows = []
    for slot in slots(form.players):
        rows.append({"slot": slot, "param": slot_param(slot), "label": slot_label(str(slot), form.wording),
                     "heading": slot_heading(str(slot), form.wording),
                     "cards": form.sheet.of(slot),
                     "value": cardlib.join(form.sheet.of(slot), form.info), "capacity": capacity(form.players, slot),
                     "active": slot == form.slot})
    names = form.seat_names
    score_views = [score_view(s.score, names[s.seat], s.seat, form.players == 2) for s in scored.seats]
    drawn = [c for _s, _i, c in form.sheet.places()]
    offer = remember_offer(form)
    return dict(
        form=form, info=cardlib.drawing(form.info, drawn), sheet=form.sheet, scored=scored, slot_rows=rows,
        score_views=score_views, winner_text=explain(scored.ranking.reason, form.wording),
        used=cardlib.used_ranks([c for _s, _i, c in form.sheet.places()]), errors=errors or [], tapped=tapped,
        pending=dict(pending or {}), notice=notice, learned=offer.cards, offer=offer,
        chips=icon_chips(form), seat_names=form.seat_names,
        canonical=form.url(), profile_name=_profile_name(form), undo=undo, link_notice=link_notice,
        held=(pending or {}).get("rank", ""), new_game_url=_new_game_url(form),
        profile_progress=profile_desk().progress(SLUG, form.profile),
        profile_edit=profile_desk().edit_or_copy(SLUG, form.profile_ref, back=form.url()),
        asked_notice=photolib.asked_notice(form), photo=None, photo_error="",
    )


def _new_game_url(form: SheetForm) -> str:
    """The next game at this table: the same players and deck profile (so its known cards are one tap each),
    an empty sheet; a new address, so Back still finds the game just scored."""
    values: dict[str, Any] = {k: v for k, v in form.params().items()
                              if k in ("players", "profile") or k.startswith("name")}
    return url_for("planetary_sisters.tool", **values)


def _profile_name(form: SheetForm) -> str:
    return pick(form.profile, "name") or _("Deck profile")


def _wants_fragment() -> bool:
    """htmx's own taps get the sheet alone; but when Back brings a step back, htmx asks for its address with
    ``HX-History-Restore-Request`` and puts the answer in the page's body: that one needs the whole page."""
    return is_htmx() and request.headers.get("HX-History-Restore-Request") != "true"


def render_page(status: int = 200, **values: Any) -> tuple[str, int]:
    name = "planetary_sisters/_tool.html" if _wants_fragment() else "planetary_sisters/tool.html"
    return render_template(name, **values), status


def _undo_for(before: SheetForm | None, after: SheetForm) -> undolib.UndoView | None:
    if before is None:
        return None
    return undolib.undo_view(before.params(), before.sheet.entered - after.sheet.entered)


def tool() -> ResponseReturnValue:
    link = LinkReader(request.args)
    form = read_form(request.args, link)
    notice = _remembered(form.saved)
    carried = undolib.restored(request.args.get(undolib.PARAM))
    undo = _undo_for(read_form(carried), form) if carried else None
    return render_page(**context(form, notice=notice, undo=undo, link_notice=link.notice()))


def _answer(form: SheetForm, errors: list[str], pending: Mapping[str, str], push: bool = True,
            before: SheetForm | None = None, **extra: str) -> ResponseReturnValue:
    """The sheet after a tap. A refusal is answered 422 (``_refused``); a step is a new address (pushed, so Back
    returns to the step before); a picker tap that added nothing only draws the picker (``push=False``)."""
    if errors:
        return _refused(form, errors, pending)
    undo = _undo_for(before, form)
    if undo is not None:
        extra[undolib.PARAM] = undolib.carried(before.params() if before else {})
    url = form.url(**extra)
    if _wants_fragment():
        notice = _remembered(int(extra.get("saved") or 0))
        body, status = render_page(**context(form, pending=pending, notice=notice, undo=undo))
        return body, status, ({"HX-Push-Url": url} if push else {})
    return redirect(url, 303)


def _refused(form: SheetForm, errors: list[str], pending: Mapping[str, str],
             then: Mapping[str, str] | None = None) -> ResponseReturnValue:
    """A refused card: the refusal names the icons tapped, and the picker starts empty
    (or with ``then``, the next card's rank when that tap is what sent the refused card), so nothing refused
    rides into the next card. The sheet itself is as it was."""
    tapped = tapped_line(pending, "", form.info)
    picker = {**without_picker(pending, "", form.info), **(then or {})}
    return render_page(422, **context(form, errors, picker, tapped=tapped))


def tool_act() -> ResponseReturnValue:
    """One tap on the sheet: add a card, remove one, switch the slot or the player count, or remember."""
    values = request.form.to_dict()
    values.pop("csrf_token", None)
    form = read_form(values)
    before = replace(form)  # the sheet as it was, for the undo link of a tap that takes cards off
    action = values.get("do", "")
    if values.get("add_rank"):
        action = "add"
    if values.get("add_icons"):
        action = "icons"
    kind, _colon, arg = action.partition(":")
    errors: list[str] = []
    if kind == "add":
        errors = _add(form, values)
    elif kind == "icons":
        errors = _add_icons(form, values)
    elif kind == "pick":
        return _pick(form, values)
    elif kind == "slot":
        try:
            form.slot = read_slot(arg, form.players)
        except ParseError as bad:
            errors = [reason_text(bad, form.wording)]
    elif kind in ("remove", "clear"):
        where, _c, index = arg.rpartition(":") if kind == "remove" else (arg, "", "")
        try:
            slot = read_slot(where, form.players)
            form.sheet = form.sheet.cleared(slot) if kind == "clear" else form.sheet.without(slot, card_index(index))
            form.slot = slot
        except (ParseError, ValueError):
            errors = [explain(ParseError("ps.form.kind"), form.wording)]
    elif kind == "players" and arg in ("2", "3", "4"):
        values["players"] = arg
        values["slot"] = ""
        form = read_form(values)
    elif kind == "profile":
        values["profile"] = str(ProfileRef.from_input(values.get("profile_link", ""), profile_desk().builtin_refs(SLUG)))
        form = read_form(values)
    elif kind == "remember":
        return _remember(form)
    elif kind == "photo":
        errors = _photo_in(form, values)
    return _answer(form, errors, values if errors else {}, before=before)


def tool_photo() -> ResponseReturnValue:
    """A photo of the slot's cards, sent with the sheet (photo.py): the page again with what it read, card by
    card, for the player to confirm; the sheet is as it was."""
    form = read_form({k: v for k, v in request.form.items() if k != "csrf_token"})
    try:
        seen = photos.read_upload(SLUG)
    except photos.PhotoRefused as refused:
        body, status = render_page(refused.status, **{**context(form), "photo_error": refused.message})
        return body, status, ({"Retry-After": str(refused.retry_after)} if refused.retry_after else {})
    return render_page(**{**context(form), "photo": photolib.what_it_read(form, seen)})


def _photo_in(form: SheetForm, values: Mapping[str, str]) -> list[str]:
    """The photo's cards confirmed: those the profile knows go into the slot, the others are asked for."""
    now, form.asked = photolib.confirmed(form, values)
    slot = form.slot
    for rank in now:
        if form.slot != slot:  # the slot is full: the rest read were more than it holds
            break
        errors = _put(form, CardRef(rank, None))
        if errors:
            return errors
    return []


def _pick(form: SheetForm, values: Mapping[str, str]) -> ResponseReturnValue:
    """One tap in the picker, sent by htmx as it happens. The card goes in without an Add tap when the tap
    was the next card's rank (the card before it, under the rank ``held`` before this tap, is done) or when
    its icons leave nothing to add (``obvious.whole``); otherwise the page keeps the picker as tapped."""
    held, rank = values.get("held", ""), values.get("rank", "")
    try:
        ref = cardlib.picker_ref(values, "", form.info)
    except ErrorList as bad:
        return _answer(form, [reason_text(e, form.wording) for e in bad.errors], values)
    if held and rank and rank != held and ref is not None and ref.elements:
        done = {**values, "rank": held}
        errors = _add(form, done)
        return _refused(form, errors, done, then={"rank": rank}) if errors else _answer(form, [], {"rank": rank})
    if ref is not None and whole(ref, form.info):
        errors = _add(form, values)
        return _answer(form, errors, values if errors else {})
    if _wants_fragment():
        # Nothing added: the picker already shows what was tapped, so the sheet is left as it is (a swap
        # could swallow a tap made meanwhile); only the rank now held is sent back (an out-of-band swap).
        return render_template("planetary_sisters/_tool_held.html", held=rank, oob=True), 200, {"HX-Reswap": "none"}
    return _answer(form, [], values, push=False)


def _add(form: SheetForm, values: Mapping[str, str]) -> list[str]:
    try:
        ref = cardlib.picker_ref(values, "", form.info)
        if ref is None:
            raise ErrorList([ParseError("ps.form.no_card", "§3")])
    except ErrorList as bad:
        return [reason_text(e, form.wording) for e in bad.errors]
    return _put(form, ref)


def _put(form: SheetForm, ref: CardRef) -> list[str]:
    """The card into the slot being filled, then on to the next slot with room once it is full."""
    try:
        form.sheet, _card = add_card(form.sheet, form.slot, ref, form.deck)
    except ErrorList as bad:
        return [reason_text(e, form.wording) for e in bad.errors]
    if form.sheet.full(form.slot):
        form.slot = form.sheet.next_open(form.slot) or form.slot
    return []


def _add_icons(form: SheetForm, values: Mapping[str, str]) -> list[str]:
    """One tap on a set of icons the profile knows (``IconChip``): that card goes in, with the rank tapped
    before it, if any. A card the picker was still holding (icons tapped) goes in first, as the next card's
    rank would put it in: nothing tapped is dropped."""
    text = values.get("add_icons", "")
    try:
        if len(text) > MAX_ICONS_CHARS:
            raise ParseError("ps.card.notation", "§3", text=text[:40] + "…")
        elements = parse_elements(text)
        waiting = cardlib.picker_ref(values, "", form.info)
    except ParseError as bad:
        return [reason_text(bad, form.wording)]
    except ErrorList as bad:
        return [reason_text(e, form.wording) for e in bad.errors]
    # Both cards or neither: a refused set of icons leaves the sheet and the picker as they were.
    before, slot = form.sheet, form.slot
    rank = waiting.rank if waiting is not None else None
    if waiting is not None and waiting.elements:
        errors = _add(form, {k: v for k, v in values.items() if k != "add_icons"})
        if errors:
            return errors
        rank = None
    errors = _put(form, CardRef(rank, elements))
    if errors:
        form.sheet, form.slot = before, slot
    return errors


def _remember(form: SheetForm) -> ResponseReturnValue:
    cards, icons = new_cards(form), new_icons(form)
    if not cards and not icons:
        return _answer(form, [], {})
    # Icons that cannot all be one deck (PS-2) are not kept; the cards typed with their rank still are.
    refused = unranked_refusal(form.profile, merged(form.deck, icons)) if icons else None
    if refused is not None:
        icons = {}
    saved = len(cards) + icons_gained(icons, form.deck)
    try:
        if saved:
            form.profile_ref = save(form.profile_ref, form.profile, cards, icons)
    except ProfileChanged:
        return _answer(form, [explain(ParseError("ps.form.no_profile_save"), form.wording)], {})
    except ProfileAllowanceUsed as used:  # the sheet is drawn again as entered: nothing typed is lost
        body, status = render_page(429, **context(form, [used.message], {}))
        return body, status, {"Retry-After": str(used.retry_after)}
    if refused is not None:  # said next to the button tapped; the page carries the profile now used
        _reload_profile(form)
        why = [reason_text(refused, form.wording), _(
            "The icons were not remembered: take out or correct the card that cannot be, or forget the icons "
            "remembered before in the card editor.")]
        return render_page(422, **context(form, why, {}, notice=_remembered(saved)))
    _reload_profile(form)
    return _answer(form, [], {}, saved=str(saved))


def _reload_profile(form: SheetForm) -> None:
    form.profile = profile_desk().data(SLUG, form.profile_ref)
    form.deck = read_profile(form.profile)
    form.info = cardlib.deck_info(form.deck)

