"""What the rules pages, the search and the API draw: clauses in one language, with their links and, for a
search, the words that matched marked. Handlers build these; templates only draw them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for

from companion.i18n import lazy_gettext as _l

from ...rulebook import PARTS, Clause, Rulebook, index_for
from ...rulebook.search import MAX_QUERY, highlight

Pieces = tuple[tuple[str, bool], ...]  # text cut into (piece, matched?) runs
Block = tuple[str, tuple[Pieces, ...]]  # ("p", (sentence,)) or ("ul", (item, ...))

PART_TITLES: dict[str, Any] = {
    "overview": _l("The game in short"),
    "components": _l("Components"),
    "setup": _l("Set-up"),
    "turn": _l("Playing a turn"),
    "phase": _l("Phases and actions"),
    "scoring": _l("Scoring"),
    "end": _l("The end of the game"),
    "variant": _l("Variants and other player counts"),
    "faq": _l("Questions and rulings"),
}
assert set(PART_TITLES) == set(PARTS)
LIMIT = 5  # clauses an answer lists at most (API.md)
LOOKUP_METHODS = "GET, HEAD"  # the rules lookup's (a 405 says so in its Allow header)


@dataclass(frozen=True)
class ClauseView:
    id: str
    part: str
    title: Pieces
    blocks: tuple[Block, ...]
    reading: tuple[Block, ...]  # the companion's reading, where a ruling is one (shown apart from the rule)
    section: str
    rulings: tuple[str, ...]
    anchor_url: str  # the clause on the game's rules page
    page_url: str  # the clause on a page of its own

    @property
    def plain_title(self) -> str:
        return "".join(piece for piece, _ in self.title)


def _pieces(text: str, matched: frozenset[str]) -> Pieces:
    return tuple(highlight(text, matched)) if matched else ((text, False),)


def _blocks(clause: Clause, lang: str, what: str, matched: frozenset[str]) -> tuple[Block, ...]:
    return tuple((kind, tuple(_pieces(line, matched) for line in lines))
                 for kind, lines in clause.paragraphs(lang, what))


def clause_view(book: Rulebook, clause: Clause, lang: str, matched: frozenset[str] = frozenset()) -> ClauseView:
    return ClauseView(
        clause.id, clause.part, _pieces(clause.in_lang("title", lang), matched),
        _blocks(clause, lang, "text", matched),
        _blocks(clause, lang, "reading", matched) if clause.reading else (),
        clause.in_lang("section", lang), clause.rulings,
        anchor_url(book.slug, clause.id), url_for("rules.clause", slug=book.slug, clause_id=clause.id),
    )


def anchor_url(slug: str, clause_id: str) -> str:
    return url_for("rules.book", slug=slug, _anchor=clause_id)


def plain_text(clause: Clause, lang: str) -> str:
    """The clause's text as one string (the API's ``text``): paragraphs on lines, list items with a dash."""
    lines = []
    for kind, items in clause.paragraphs(lang):
        lines += [f"- {item}" for item in items] if kind == "ul" else list(items)
    return "\n".join(lines)


@dataclass(frozen=True)
class Parts:
    key: str
    title: str
    clauses: tuple[ClauseView, ...]


def book_parts(book: Rulebook, lang: str) -> tuple[Parts, ...]:
    """The whole rules, part by part in PARTS order (a part with no clause is left out)."""
    views = [clause_view(book, c, lang) for c in book.clauses]
    return tuple(Parts(part, str(PART_TITLES[part]), tuple(v for v in views if v.part == part))
                 for part in PARTS if any(v.part == part for v in views))


# What counts as a space in a question: JavaScript's (and JSON Schema's) \s, so the API's description and the
# server agree on which questions are blank.
SPACES = " \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
         "\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_BLANK = "[^" + SPACES.replace("\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a",
                                  "\u2000-\u200a") + "]"


def read_query(raw: str | None) -> tuple[str, str]:
    """(the question, "" ) or ("", the problem's message code): 1 to MAX_QUERY characters, not only spaces."""
    if raw is None or not raw.strip(SPACES):
        return "", "rules.query_missing"
    if len(raw) > MAX_QUERY:
        return "", "rules.query_too_long"
    return raw, ""


def answer(book: Rulebook, query: str, lang: str, limit: int = LIMIT) -> list[tuple[Clause, ClauseView]]:
    """The clauses that best answer ``query``, best first, with the matched words marked."""
    index = index_for(book.slug)
    hits = index.search(query, limit) if index else []
    return [(hit.clause, clause_view(book, hit.clause, lang, hit.matched)) for hit in hits]
