"""Every ruling id the app shows leads to its clause, from this one place.

Pages show ruling ids in many ways: a badge (``<span class="rule">SC-3</span>``), a reason's sentence ending
"(SS-6)", a rule-text section ("§Set phase"). Rather than each template linking its own, ``link_rulings`` runs over
every HTML page and fragment the app answers (an ``after_request`` hook) and turns each ruling id it finds in the
page's text into a link to the clause that id leads to (``companion.rulebook``: its home clause). It leaves alone
what must not hold a link: tags and their attributes, and the text inside ``a``, ``button``, ``summary`` (its
tap opens its details), ``option``, ``textarea``, ``title``, ``script`` and ``style``. A rule-text section is
linked where it is a badge's whole text (its wording there is the page language's, as ``rule_name`` shows it).

The link opens the clause's own page (``/rules/<slug>/<clause>``) with a way back to the page it came from
(``back``: this site's path only); with JavaScript it opens in a sheet over the page (static/js/rules.js), so
closing it leaves the page exactly as it was.
"""

from __future__ import annotations

import re
from functools import cache
from urllib.parse import urlencode, urlsplit

from flask import Response, request, url_for
from markupsafe import Markup, escape

from ...rulebook import rulebooks, ruling_game
from ..home import same_site_path
from ..messages import rule_name

TOKEN = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>|[^<]+|<", re.S)
RULING = re.compile(r"(?<![A-Za-z0-9-])([A-Z]{2}-\d+)(?![0-9A-Za-z])")
# Where a link must not go: inside another link or a control (it would steal the tap: a summary's tap opens its
# details), and where text is not shown as text.
NO_LINK = frozenset({"a", "button", "summary", "option", "textarea", "title", "script", "style", "select", "head"})
BADGE_OPEN = re.compile(r'<span class="rule">$')
SECTION_IN_TEXT = re.compile(r"\((§[^()<>]{1,40})\)")


def clause_target(rule: str) -> tuple[str, str] | None:
    """(game slug, clause id) that a ruling id or a rule-text section key leads to, or None."""
    slug = ruling_game(rule) if not rule.startswith("§") else _section_game(rule)
    book = rulebooks().get(slug or "")
    clause = book.clause_for(rule) if book else None
    return (book.slug, clause.id) if book and clause else None


@cache
def _section_keys() -> dict[str, str]:
    """Rule-text section key -> the one game whose clauses list it (keys two games share lead nowhere)."""
    owners: dict[str, set[str]] = {}
    for slug, book in rulebooks().items():
        for clause in book.clauses:
            for key in clause.keys:
                owners.setdefault(key, set()).add(slug)
    return {key: next(iter(slugs)) for key, slugs in owners.items() if len(slugs) == 1}


def _section_game(key: str) -> str | None:
    return _section_keys().get(key)


def _shown_sections() -> dict[str, str]:
    """A section badge's text in the page's language ("§Set phase") -> its key ("§セットフェイズ")."""
    return {rule_name(key): key for key in _section_keys()} | {key: key for key in _section_keys()}


def clause_url(rule: str, back: str = "") -> str:
    """The address of the clause a ruling id (or section key) leads to, with the way back; "" if none."""
    target = clause_target(rule)
    if target is None:
        return ""
    slug, clause_id = target
    url = url_for("rules.clause", slug=slug, clause_id=clause_id)
    return f"{url}?{urlencode({'back': back})}" if back else url


def rule_link(rule: str, back: str | None = None) -> Markup:
    """A ruling id as a link to its clause (the Jinja filter ``rule_link``); an unknown id stays plain text."""
    url = clause_url(rule, current_back() if back is None else back)
    if not url:
        return Markup(escape(rule))
    return Markup('<a class="rule-link" href="{}" data-rule="{}">{}</a>').format(url, rule, rule_name(rule))


def current_back() -> str:
    """The page a player reads now, as this site's path: the address htmx reports for a fragment, else this
    GET's own address (a POST's answer has no address worth coming back to)."""
    current = request.headers.get("HX-Current-URL", "")
    if current:
        parts = urlsplit(current)
        if parts.netloc and parts.netloc != request.host:
            return ""
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        return same_site_path(path)
    if request.method == "GET":
        return same_site_path(request.full_path.rstrip("?"))
    return ""


def link_rulings(html: str, back: str) -> str:
    """``html`` with every ruling id in its text (and every section badge) linked to its clause."""
    if not RULING.search(html) and "§" not in html:
        return html
    urls: dict[str, str] = {}
    sections = _shown_sections() if "§" in html else {}

    def link(rule: str, shown: str) -> str:
        if rule not in urls:
            urls[rule] = clause_url(rule, back)
        url = urls[rule]
        if not url:
            return shown
        return f'<a class="rule-link" href="{escape(url)}" data-rule="{escape(rule)}">{shown}</a>'

    out: list[str] = []
    closed: list[str] = []  # open elements that may hold no link
    previous = ""
    for match in TOKEN.finditer(html):
        piece = match.group(0)
        name = (match.group(2) or "").lower()
        if name:
            if name in NO_LINK:
                if match.group(1):
                    if name in closed:
                        del closed[len(closed) - 1 - closed[::-1].index(name)]
                elif not piece.endswith("/>"):
                    closed.append(name)
            out.append(piece)
        elif piece.startswith("<") or closed:
            out.append(piece)
        elif BADGE_OPEN.search(previous) and piece.strip() in sections:
            key = sections[piece.strip()]
            out.append(link(key, piece))
        else:
            piece = RULING.sub(lambda m: link(m.group(1), m.group(1)), piece)
            if sections and "§" in piece:  # a reason's sentence ending "(§Set phase)"
                piece = SECTION_IN_TEXT.sub(
                    lambda m: f"({link(sections[m.group(1)], m.group(1))})" if m.group(1) in sections else m.group(0),
                    piece)
            out.append(piece)
        previous = piece
    return "".join(out)


def link_response(response: Response) -> Response:
    """The after_request hook: link the rulings of an HTML answer (pages and htmx fragments alike)."""
    if (response.mimetype != "text/html" or response.direct_passthrough or response.is_streamed
            or request.path.startswith(("/api/", "/static/"))):
        return response
    html = response.get_data(as_text=True)
    linked = link_rulings(html, current_back())
    if linked is not html:
        response.set_data(linked)
    return response
