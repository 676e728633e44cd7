"""A table drawn for a phone: the page, and the live fragment each new version sends to every open phone.

The fragment of a version (what the table shows, its history, its forms) is the same for every phone at the
table, so it is rendered once per version, language and link kind and kept (``shared_fragment``). That shared
render holds nothing of one phone's: its forms' CSRF token and tap key are rendered empty, and the page's script
fills them from the page's own token as a form is sent (a shared fragment only ever reaches a page running its
script: htmx swaps and the live stream). A page, or a fragment that answers an entry (a refusal with its reasons
and the phone's input kept), is the phone's own: rendered for it alone, with its token and a fresh key for the
tap its forms will send (a form sent twice with JavaScript off writes once: ``companion.tables.play``'s entry keys).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import current_app, make_response, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.i18n import gettext as _
from companion.i18n import language, ngettext, pick
from companion.server.cache import BoundedCache
from companion.tables.view import TableView
from companion.web.gameweb import TableRequest
from companion.web.messages import explain
from companion.web.pages import forms_carry, is_htmx
from companion.web.printing.result import card_filename, result_known
from companion.web.profiles.model import table_profile
from companion.web.registered import registered, web_of
from companion.web.rules.links import links_back_to
from companion.web.tables.dock import dock
from companion.web.tables.history import RECENT_HISTORY, history
from companion.web.tables.loading import Past
from companion.web.tables.scoreboard import scoreboard

LOOK_FIELDS = ("sel",)  # fields of an entry form that say what the phone was looking at, not what it entered
KEY_FIELD = "entry_key"


def form_tokens_for(*, shared: bool, can_write: bool) -> Markup:
    """What every form of a table render carries before its own fields (``form_tokens()``, set around the render
    by ``pages.forms_carry``): the CSRF token and, where the form may write, the key of the tap it will send. A
    shared render leaves both empty for the page's script to fill; a phone's own render has its token and one
    fresh key."""
    token = "" if shared else generate_csrf()
    tokens = Markup('<input type="hidden" name="csrf_token" value="{}">').format(token)
    if can_write:
        key = "" if shared else secrets.token_urlsafe(12)
        tokens += Markup('<input type="hidden" name="{}" value="{}">').format(KEY_FIELD, key)
    return tokens


def public_url(endpoint: str, **values: Any) -> str:
    base = str(current_app.config.get("PUBLIC_URL", "")).rstrip("/")
    if base:
        return base + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def selected() -> dict[str, str]:
    """What the phone asks to look at (a tapped node): the page's query, and after an entry the form's look
    fields, so a saved move keeps the tapped node open. Read once here, never while rendering."""
    looked = {k: v for k, v in request.args.items() if k not in ("n", "v", "at")}
    if request.method == "POST":
        looked.update({k: request.form[k] for k in LOOK_FIELDS if k in request.form})
    return looked


def step_url(view: TableView, look: Mapping[str, str] | None = None) -> str:
    """The address of the table page at this version: each entry is a step the browser's Back returns to.
    ``look`` (the entry form's look fields) goes along, so reloading the step keeps the tapped node open."""
    values: dict[str, Any] = {k: v for k, v in (look or {}).items() if k in LOOK_FIELDS and v}
    return url_for("tables.show", token=view.table.token, at=view.version, **values)


def events_url(view: TableView, can_write: bool) -> str:
    token = view.table.token if can_write else view.table.watch_token
    return url_for("tables.events" if can_write else "tables.watch_events", token=token)


def table_context(view: TableView, *, can_write: bool, notice: str = "", problems: list[str] | None = None,
                  pending: Mapping[str, str] | None = None, past: Past | None = None,
                  look: Mapping[str, str] | None = None, watching: bool = False) -> dict[str, Any]:
    """Everything the table's templates draw, built once (handlers build the model; templates only draw)."""
    web = web_of(view.table.game)
    token = view.table.token if can_write else view.table.watch_token
    poll_url = url_for("tables.poll" if can_write else "tables.watch_poll", token=token, v=view.version)
    look = dict(look if look is not None else selected())
    if pending or not view.cache_key:  # a refused entry kept in the form (this phone's own), or an unkeyed view
        model = web.table_model(view, TableRequest(dict(pending or {}), look, can_write))
    else:  # the version's model as every phone sees it (the page, the fragment, an entry's answer): built once
        model = _models.get_or_make(_shared_key(view, can_write, look),
                                    lambda: web.table_model(view, TableRequest({}, look, can_write)))
    lines = history(view)
    return dict(
        view=view, web=web, model=model, can_write=can_write, notice=notice, problems=problems or [],
        pending=pending or {}, history=lines, more_history=len(lines) >= RECENT_HISTORY, poll_url=poll_url,
        poll_seconds=current_app.config["POLL_SECONDS"], events_url=events_url(view, can_write),
        play_url=public_url("tables.show", token=view.table.token),
        watch_url=public_url("tables.watch", token=view.table.watch_token),
        on_loopback=request.host.split(":")[0] in ("127.0.0.1", "localhost", "[::1]"),
        replay_problem=explain(view.replay_error) if view.replay_error else "",
        table_profile=table_profile(registered()[view.table.game], view.profile, view.profile_ref, can_write,
                                    _profile_key(view)),
        past=past, past_notice=(_watch_past_notice(past) if watching else _past_notice(past)) if past else "",
        # A watch page (a spectator, a TV) shows each seat's standing with its name; a play page has the game's own.
        scoreboard=scoreboard(view, web, model) if not can_write and past is None else (),
        dock=dock(view, model, can_write, lines) if past is None else None,
        step_url=step_url(view) if can_write else "",
        # the read-only link's way back to now is the read-only link: a watcher never sees the players' token
        now_url=url_for("tables.show", token=view.table.token) if can_write or (past and not watching)
        else url_for("tables.watch", token=view.table.watch_token),
        # called by a game's "game over" card only (templates/table/_result_card.html)
        result_card=lambda: result_link(view, can_write) if past is None else None,
    )


@dataclass(frozen=True)
class ResultLink:
    href: str
    filename: str
    title: str


def result_link(view: TableView, can_write: bool) -> ResultLink | None:
    """The link to a finished table's result card, on the link the page was opened by (the result is public once
    the game is over); None while there is none."""
    if not result_known(view):
        return None
    endpoint, token = (("printing.table_result", view.table.token) if can_write
                       else ("printing.watch_result", view.table.watch_token))
    return ResultLink(url_for(endpoint, token=token, lang=language()), card_filename(view),
                      _("Result: %(game)s", game=pick(view.game, "name")))


def _profile_key(view: TableView) -> str:
    """The profile's version as the view read it (view_of's key: "user:<token>@<version>" or a built-in
    id, which never changes while the server runs)."""
    return str(view.cache_key[2]) if len(view.cache_key) > 2 else ""


# The live fragment of a table's version as every phone gets it: rendered once, whoever asks first.
_fragments: BoundedCache[str] = BoundedCache(512, max_bytes=64 * 2**20, size_of=len)


# The game's table model of a version for what a phone looks at, kept with the fragments (the page GET and the
# answers with a notice draw it again around their own parts), so a version's model is built once, not once per request.
_models: BoundedCache[Any] = BoundedCache(512)


def _shared_key(view: TableView, can_write: bool, look: Mapping[str, str]) -> tuple[Any, ...]:
    return view.cache_key, language(), can_write, request.host, tuple(sorted(look.items()))


def table_back(view: TableView, can_write: bool, look: Mapping[str, str]) -> str:
    """Where the ruling links of a table's shared fragment lead back to: the table now, on the link it was opened
    by, with what the phone looks at. Not the step the phone's address shows (``?at=N``, a version behind after
    the next entry): so an entry's answer, a poll and every stream draw one fragment per version, not one each."""
    values: dict[str, Any] = {k: v for k, v in look.items() if k in LOOK_FIELDS and v}
    if can_write:
        return url_for("tables.show", token=view.table.token, **values)
    return url_for("tables.watch", token=view.table.watch_token, **values)


def shared_fragment(view: TableView, can_write: bool, look: Mapping[str, str] | None = None) -> str:
    """The table fragment of this version (no notice, no pending entry, no token: nothing of one phone's) as
    rendered once for every phone in this language that looks at the same thing (``look``: the request's unless
    given); its ruling links lead back to the table (``table_back``)."""
    look = dict(look if look is not None else selected())
    back = table_back(view, can_write, look)
    key = (*_shared_key(view, can_write, look), back)

    def render() -> str:
        with links_back_to(back), forms_carry(form_tokens_for(shared=True, can_write=can_write), shared=True):
            return render_template("table/_live.html", **table_context(view, can_write=can_write, look=look))

    return _fragments.get_or_make(key, render)


def render_table(view: TableView, *, can_write: bool, status: int = 200, notice: str = "",
                 problems: list[str] | None = None, pending: Mapping[str, str] | None = None,
                 past: Past | None = None, watching: bool = False) -> ResponseReturnValue:
    """The table page, or its fragment for htmx: the shared render when nothing in it is this phone's own."""
    if is_htmx() and not (notice or problems or pending or past):
        html = shared_fragment(view, can_write)
    else:
        context = table_context(view, can_write=can_write, notice=notice, problems=problems, pending=pending,
                                past=past, watching=watching)
        with forms_carry(form_tokens_for(shared=False, can_write=can_write and past is None), shared=False):
            html = render_template("table/_live.html" if is_htmx() else "table/page.html", **context)
    response = make_response(html, status)
    # A table moves on with every entry: Back must ask again for its step, never show a kept copy (whose forms
    # would send on an old version).
    response.headers["Cache-Control"] = "no-store"
    return response


def _watch_past_notice(past: Past) -> str:
    """A replay step on the read-only link: which entry it shows, out of how many."""
    return _("Replay: the table after entry %(at)s of %(total)s. This page is read-only.",
             at=past.version, total=past.version + past.later)


def _past_notice(past: Past) -> str:
    return ngettext("This is the table as it was before the last entry. Going back never takes an entry back: "
                    "the table now still has it (Undo last entry takes it back, and the log keeps both).",
                    "This is the table as it was before the last %(num)s entries. Going back never takes an "
                    "entry back: the table now still has them (Undo last entry takes one back, and the log "
                    "keeps both).", past.later)


__all__ = ["KEY_FIELD", "LOOK_FIELDS", "ResultLink", "form_tokens_for", "public_url", "render_table", "result_link",
           "selected", "shared_fragment", "step_url", "table_back", "table_context"]
