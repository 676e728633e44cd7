"""Rules at hand on the web: the rules pages and their search, the link from every ruling id to its clause, the
API's rules lookup and its OpenAPI description, the rules as a printed play aid.

Where to look:
- ``pages.py``: /rules/<slug> (whole rules), its search, one clause on a page (or in a sheet) with the way back.
- ``links.py``: the one place that turns every ruling id a page shows into a link to its clause.
- ``api.py``: GET /api/v1/<slug>/rules (API.md); ``openapi.py``: its description.
- ``model.py``: the clause views the pages and the API draw; ``printables.py``: the A4 and A5 rules booklets.
The clauses themselves, their index and the synonyms are in companion/rulebook (no Flask there).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.i18n import lazy_gettext as _l

from ...rulebook import index_for, rulebook, rulebooks
from .links import beside_links, current_back, rule_link, ruling_badge, rulings, rulings_in
from .pages import bp

MESSAGES: dict[str, Any] = {
    "rules.query_missing": _l("Type a question: a few words in Japanese or English."),
    "rules.query_too_long": _l("A question may have at most {limit} characters."),
    "rules.lang_unknown": _l("“{lang}” is not a language of the answers: ja or en."),
    "rules.method": _l("This API call takes GET."),
}


def init_app(app: Flask) -> None:
    """Register the rules pages, and the filters and macros' helpers that link the ruling ids a page draws."""
    if "rules" not in app.blueprints:
        app.register_blueprint(bp)
    app.extensions["companion_messages"].update(MESSAGES)
    app.jinja_env.filters.update(rule_link=rule_link, rulings=rulings)
    app.jinja_env.globals.update(rulebook_of=rulebook, rules_back=current_back, ruling_badge=ruling_badge,
                                 beside_links=beside_links, rulings_in=rulings_in)
    # The clause files read and every game's search index built now, at start-up, not on some player's first
    # question (a few milliseconds: some twenty clauses a game; both are cached for the process's life).
    for slug in rulebooks():
        index_for(slug)
