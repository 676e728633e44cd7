"""Every ruling id the app shows leads to its clause, linked where the page is drawn, by the one logic here.

Pages show ruling ids in many ways: a badge (``<span class="rule">SC-3</span>``, the ``ruling`` macro of
templates/_reasons.html: ``ruling_badge``), a reason's sentence ending "(SS-6)", a rule-text section ("§Set
phase"), a problem or a notice naming the rule it follows. A template draws such a text through the ``rulings``
filter: the text escaped, and each ruling id in it turned into a link to the clause that id leads to
(``companion.rulebook``: its home clause). ``link_rulings`` does it for a piece of html and leaves alone what must
not hold a link: tags and their attributes, and the text inside ``a``, ``button``, ``summary`` (its tap opens its
details), ``option``, ``textarea``, ``title``, ``script`` and ``style``. A ruling id inside a ``button``, a
``summary`` or a ``select``'s options gets its link *beside* that control instead (``BESIDE``; a template draws a
badge inside a control unlinked, ``ruling(rule, linked=false)``, and its links with ``beside_links``): after the
button or the select, and just before the summary's ``details`` (floated to the summary's line), so a player
reaches the clause in one tap without pressing the button or opening the details. A rule-text section is linked
where it is a badge's whole text (its wording there is the page language's, as ``rule_name`` shows it), or in
brackets at the end of a sentence.

The link opens the clause's own page (``/rules/<slug>/<clause>``) with a way back to the page it came from
(``back``: this site's path only; ``page_back``); with JavaScript it opens in a sheet over the page
(static/js/rules.js), so closing it leaves the page exactly as it was.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from urllib.parse import urlencode, urlsplit

from flask import request, url_for
from markupsafe import Markup, escape

from companion.i18n import language
from companion.server.cache import BoundedCache

from ...rulebook import rulebooks, ruling_game
from ..home import same_site_path
from ..messages import rule_name
from .model import anchor_url

# Where a link must not go: inside another link or a control (it would steal the tap: a summary's tap opens its
# details), and where text is not shown as text.
NO_LINK = frozenset({"a", "button", "summary", "option", "textarea", "title", "script", "style", "select", "head"})
# Lower-case tag names only, as every template writes them (a case-blind search is seven times slower).
CLOSING_TAG = re.compile(r"<(/?)(" + "|".join(sorted(NO_LINK)) + r")\b[^>]*>")
# Controls whose ruling ids are linked beside them (the link cannot go inside: it would steal the control's tap).
BESIDE = frozenset({"button", "summary", "select", "option"})
DETAILS_OPEN = re.compile(r"<details\b[^>]*>")
# A rule-text section as a badge's whole text, or in brackets at the end of a reason's sentence ("(§Set phase)").
SECTION_SHOWN = re.compile(r'<span class="rule">\s*(§[^<]{1,40}?)\s*</span>|\((§[^()<>]{1,40})\)')


def clause_target(rule: str, code: str = "") -> tuple[str, str] | None:
    """(game slug, clause id) that a ruling id or a rule-text section key leads to, or None; with a reason's
    ``code``, the clause that explains that reason (``Rulebook.clause_for_reason``)."""
    slug = ruling_game(rule) if not rule.startswith("§") else _section_game(rule)
    book = rulebooks().get(slug or "")
    if book is None:
        return None
    clause = book.clause_for_reason(code, rule) if code else book.clause_for(rule)
    return (book.slug, clause.id) if clause else None


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


def clause_url(rule: str, back: str = "", code: str = "") -> str:
    """The address of the clause a ruling id (or section key) leads to, or that a reason's code leads to, with the
    way back; "" if none."""
    target = clause_target(rule, code)
    if target is None:
        return ""
    slug, clause_id = target
    url = url_for("rules.clause", slug=slug, clause_id=clause_id)
    return f"{url}?{urlencode({'back': back})}" if back else url


def rule_url(rule: str, code: str = "") -> str:
    """The API's ``rule_url`` beside a ``rule``: the clause that explains the reason (its ``code``), else the one a
    ruling id (or section key) leads to, as its anchor on the game's rules page (the lookup's ``url``:
    ``/rules/<slug>#<clause>``), or "" when it leads to none."""
    target = clause_target(rule, code) if rule else None
    return anchor_url(*target) if target else ""


def rule_link(rule: str, back: str | None = None) -> Markup:
    """A ruling id as a link to its clause (the Jinja filter ``rule_link``); an unknown id stays plain text."""
    url = clause_url(rule, page_back() if back is None else back)
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


@cache
def _ruling_pattern() -> re.Pattern[str]:
    """A ruling id of a game that has rules ("SC-3"): its prefixes spelt out, which is quicker to search."""
    prefixes = "|".join(sorted(book.prefix for book in rulebooks().values())) or "(?!)"
    return re.compile(rf"\b((?:{prefixes})-\d+)\b")


def _closed_regions(html: str) -> list[tuple[int, int, str]]:
    """The stretches of ``html`` inside an element that may hold no link (NO_LINK), outermost ones, in order, each
    with its element's name."""
    regions: list[tuple[int, int, str]] = []
    open_at: list[tuple[str, int]] = []
    for match in CLOSING_TAG.finditer(html):
        name = match.group(2).lower()
        if match.group(1):  # an end tag closes the innermost open element of its name
            for depth in range(len(open_at) - 1, -1, -1):
                if open_at[depth][0] == name:
                    if depth == 0:
                        regions.append((open_at[0][1], match.end(), open_at[0][0]))
                    del open_at[depth:]
                    break
        elif not match.group(0).endswith("/>"):
            open_at.append((name, match.start()))
    if open_at:
        regions.append((open_at[0][1], len(html), open_at[0][0]))
    return regions


def _beside_at(html: str, region: tuple[int, int, str]) -> int:
    """Where the links of the ids inside a control go: after a button or a select; before a summary's details
    (after it, they would be hidden while the details is closed)."""
    start, end, name = region
    if name == "summary":
        openings = list(DETAILS_OPEN.finditer(html, max(0, start - 400), start + 1))
        if openings and not html[openings[-1].end():start].strip(" \n\t"):
            return openings[-1].start()
    return end


def _in_text(html: str, position: int) -> bool:
    """Whether ``position`` is in text, not inside a tag (its attributes) or a comment."""
    return html.rfind("<", 0, position) <= html.rfind(">", 0, position)


# Linked texts kept by (html, back, language): a page draws the same badges and sentences again and again (every
# table's version, every phone), and a text is linked once, not at each drawing.
_linked: BoundedCache[str] = BoundedCache(256, max_bytes=16 * 2**20, size_of=len)


def link_rulings(html: str, back: str, reason: tuple[str, str] = ("", "")) -> str:
    """``html`` (a badge, a sentence, a text a template draws) with every ruling id in its text (and every
    rule-text section badge, or section in brackets at the end of a sentence) linked to its clause, and the ids
    inside a control linked beside it. ``reason`` (code, rule): the text is that reason's, so its rule is linked
    to the clause that explains that code."""
    if "§" not in html and not _ruling_pattern().search(html):
        return html  # most texts name no ruling: nothing to link, nothing worth keeping
    return _linked.get_or_make((html, back, language(), *reason), lambda: _link_rulings(html, back, reason))


def _link_rulings(html: str, back: str, reason: tuple[str, str] = ("", "")) -> str:
    sections = _shown_sections() if "§" in html else {}
    found: list[tuple[int, int, str, str]] = [(m.start(1), m.end(1), m.group(1), m.group(1))
                                              for m in _ruling_pattern().finditer(html)]
    if sections:
        for m in SECTION_SHOWN.finditer(html):
            group = 1 if m.group(1) else 2
            if m.group(group) in sections:
                found.append((m.start(group), m.end(group), sections[m.group(group)], m.group(group)))
    if not found:
        return html
    found.sort()
    regions = _closed_regions(html)
    starts = [start for start, _end, _name in regions]
    opening: dict[str, str] = {}  # rule -> its link's opening tag ("" when it leads nowhere)
    edits: list[tuple[int, int, str]] = []  # (from, to, what replaces it), in order
    beside: dict[int, list[str]] = {}  # a control's region -> the rules inside it, in order, once each
    for start, end, rule, shown in found:
        if not _in_text(html, start):
            continue
        if rule not in opening:
            url = clause_url(rule, back, reason[0] if rule == reason[1] else "")
            opening[rule] = f'<a class="rule-link" href="{escape(url)}" data-rule="{escape(rule)}">' if url else ""
        if not opening[rule]:
            continue
        region = bisect_right(starts, start) - 1
        if region >= 0 and start < regions[region][1]:
            if regions[region][2] in BESIDE and rule not in beside.setdefault(region, []):
                beside[region].append(rule)  # inside a button, a summary, a select: linked beside it
            continue  # inside a link, a textarea…: left alone
        if edits and start < edits[-1][1]:
            continue
        edits.append((start, end, f"{opening[rule]}{shown}</a>"))
    for region, rules in beside.items():
        at = _beside_at(html, regions[region])
        links = "".join(opening[rule].replace('class="rule-link"', 'class="rule-link rule-beside"', 1)
                        + f"{escape(rule_name(rule))}</a>" for rule in rules)
        where = "before-details" if at != regions[region][1] else f"after-{regions[region][2]}"
        edits.append((at, at, f'<span class="rule-beside-links {where}">{links}</span>'))
    if not edits:
        return html
    edits.sort(key=lambda e: (e[0], e[1]))
    out: list[str] = []
    done = 0
    for start, end, text in edits:
        out += (html[done:start], text)
        done = end
    out.append(html[done:])
    return "".join(out)


# The page a render's links lead back to when it is not the request's own (a table's live fragment, drawn once for
# every phone that shows that page): set around that render by ``links_back_to``.
_back: ContextVar[str | None] = ContextVar("rule_back", default=None)


@contextmanager
def links_back_to(back: str) -> Iterator[None]:
    """Draw the ruling links of what is rendered inside with ``back`` as their way back."""
    token = _back.set(back)
    try:
        yield
    finally:
        _back.reset(token)


def page_back() -> str:
    """The way back of the links drawn now: the page being rendered for, else the one the player reads."""
    back = _back.get()
    return current_back() if back is None else back


def rulings(text: object) -> Markup:
    """A text as a page draws it (the Jinja filter ``rulings``): escaped, each ruling id in it linked; a reason's
    text (``ReasonText``, which keeps its code and rule) links its rule to the clause that explains that reason."""
    reason = (str(getattr(text, "code", "")), str(getattr(text, "rule", "")))
    return Markup(link_rulings(str(escape(text)), page_back(), reason))


def ruling_badge(rule: str, linked: bool = True, code: str = "") -> Markup:
    """A ruling's badge: its id (or rule-text section in the page's language), linked (to the clause that explains
    the reason ``code`` when a reason's badge) unless it sits inside a control (``linked=False``: its link goes
    beside the control)."""
    html = f'<span class="rule">{escape(rule_name(rule))}</span>'
    return Markup(link_rulings(html, page_back(), (code, rule)) if linked else html)


def beside_links(rules: Iterable[str], where: str, code: str = "") -> Markup:
    """The links of the ruling ids inside a control, drawn beside it (``where``: ``before-details``,
    ``after-button``, ``after-select``), each once, in order; nothing when none leads to a clause. ``code``: the
    reason (or family of reasons) the control is about, whose clause the links open."""
    back = page_back()
    links: list[str] = []
    for rule in dict.fromkeys(r for r in rules if r):
        url = clause_url(rule, back, code)
        if url:
            links.append(f'<a class="rule-link rule-beside" href="{escape(url)}" data-rule="{escape(rule)}">'
                         f"{escape(rule_name(rule))}</a>")
    return Markup(f'<span class="rule-beside-links {where}">{"".join(links)}</span>' if links else "")


def rulings_in(text: str) -> list[str]:
    """The ruling ids (and rule-text sections in brackets) a text names, in order: what a control whose label is
    that text gets linked beside it."""
    html = str(escape(text))
    found = [(m.start(1), m.group(1)) for m in _ruling_pattern().finditer(html)]
    if "§" in html:
        sections = _shown_sections()
        found += [(m.start(2), sections[m.group(2)]) for m in SECTION_SHOWN.finditer(html)
                  if m.group(2) and m.group(2) in sections]
    return [rule for _at, rule in sorted(found)]
