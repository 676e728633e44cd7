"""The tracker's answer to "what VP does this card show?" (PR-6): ``POST /planeta-rica/t/<token>/vp``.

The VP a player types for cards the table's deck profile lacks go into the table's own profile copy through
the platform's write path (``companion.play.remember``): never into a built-in profile, never into another table's. Only the play
link can reach this (a watch link's token names no table here, so it is a 404). A typed answer that is no
number is refused with the reason and stays in the form; an answer from a phone that is behind is not saved and
stays in the form too. The questions and their checks are ``asking``'s, the same as the score page's.
"""

from __future__ import annotations

from flask import redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.games.planeta_rica import GAME
from companion.play import remember
from companion.web.pages import is_htmx
from companion.web.security import device_id
from companion.web.table_service import load_view
from companion.web.tables import based_on, entry_form, render_table
from companion.web.wording import Wording

from .asking import asked_at_table, learned_vp, typed_vp, vp_errors
from .remember import with_values


def answer_vp(token: str) -> ResponseReturnValue:
    """Remember the VP typed for the cards the table's profile lacks; refuse what is no number, keeping it."""
    view = load_view(token, game=GAME.slug)
    pending = entry_form()
    pending["asking"] = "vp"  # the question stays open with what was typed
    asked = asked_at_table(view.state, typed_vp(pending))
    problems = vp_errors(asked, Wording.of_table(view.seats))
    values = learned_vp(asked)
    if problems or not values:
        notice = _("Nothing was remembered:") if problems else _("Type the VP printed on the card first.")
        return render_table(view, can_write=True, status=422, notice=notice, problems=problems, pending=pending)
    outcome = remember(view, based_on(), with_values(view.profile, values), device_id())
    if outcome.kind != "saved":
        notice = _("Another phone entered something first, so nothing was remembered. The table below is up to "
                   "date and what you typed is still in the form: check it and send it again.")
        return render_table(outcome.view, can_write=True, status=409, notice=notice, pending=pending)
    if is_htmx():
        notice = ngettext("%(num)d card value remembered in the table's deck profile.",
                          "%(num)d card values remembered in the table's deck profile.", len(values))
        return render_table(outcome.view, can_write=True, notice=notice)
    return redirect(url_for("tables.show", token=token), 303)
