"""The tracker's answer to "what VP does this card show?" (PR-6): the table action ``vp``
(``POST /t/<token>/act/vp``, the players' link only).

The VP a player types for cards the table's deck profile lacks go into the table's own profile copy: this hook
says what to keep, and the platform writes it through the table's write path (never into a built-in profile,
never into another table's), checking the version the phone saw. A typed answer that is no number is refused
with the reason and stays in the form. The questions and their checks are ``asking``'s, the same as the score
page's.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.planeta_rica.state import TableState
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.gameweb import Learn, Redraw, TableViewLike
from companion.web.wording import Wording

from .asking import asked_at_table, learned_vp, typed_vp, vp_errors
from .remember import with_values


def answer_vp(view: TableViewLike[TableState], form: Mapping[str, str]) -> Redraw | Learn:
    """Remember the VP typed for the cards the table's profile lacks; refuse what is no number, keeping it."""
    pending = {**form, "asking": "vp"}  # the question stays open with what was typed
    asked = asked_at_table(view.state, typed_vp(pending))
    problems = vp_errors(asked, Wording.of_table(view.seats))
    values = learned_vp(asked)
    if problems or not values:
        notice = _("Nothing was remembered:") if problems else _("Type the VP printed on the card first.")
        return Redraw(pending, tuple(problems), notice, refused=True)
    saved = ngettext("%(num)d card value remembered in the table's deck profile.",
                     "%(num)d card values remembered in the table's deck profile.", len(values))
    return Learn(with_values(view.profile, values), saved, pending)
