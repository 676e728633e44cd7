"""The rules pages (blueprint "rules"):

    GET /rules                          every game's rules
    GET /rules/<slug>                   a game's whole rules, clause by clause (each clause an anchor)
    GET /rules/<slug>/search?q=…        the clauses that best answer a question, the matched words marked
    GET /rules/<slug>/<clause>?back=…   one clause on a page of its own, with the way back to where it was opened

Each answers a full page, or for htmx (the search box, the sheet a ruling link opens) its fragment. ``back`` is
only ever a path on this site.
"""

from __future__ import annotations

from flask import Blueprint, abort, request
from flask.typing import ResponseReturnValue

from companion.i18n import language

from ...rulebook import Rulebook, rulebook, rulebooks
from ...rulebook.search import MAX_QUERY
from ..home import same_site_path
from ..messages import message_for
from ..pages import page
from .model import answer, book_parts, clause_view, read_query

bp = Blueprint("rules", __name__, url_prefix="/rules")


def book_or_404(slug: str) -> Rulebook:
    book = rulebook(slug)
    if book is None:
        abort(404)
    return book


def _back() -> str:
    return same_site_path(request.args.get("back", ""))


@bp.get("")
def index() -> ResponseReturnValue:
    lang = language()
    books = [(slug, book.name.get(lang) or book.name["en"]) for slug, book in rulebooks().items()]
    return page("rules/index.html", books=books)


@bp.get("/<slug>")
def book(slug: str) -> ResponseReturnValue:
    found = book_or_404(slug)
    lang = language()
    return page("rules/book.html", book=found, name=found.name.get(lang, ""), parts=book_parts(found, lang),
                query="", back=_back())


@bp.get("/<slug>/search")
def search(slug: str) -> ResponseReturnValue:
    found = book_or_404(slug)
    lang = language()
    query, problem = read_query(request.args.get("q"))
    results = [view for _clause, view in answer(found, query, lang)] if query else []
    return page("rules/search.html", "rules/_results.html", book=found, name=found.name.get(lang, ""),
                query=request.args.get("q", "")[:300], results=results,
                problem=message_for(problem, {"limit": MAX_QUERY}) if problem else "", back=_back())


@bp.get("/<slug>/<clause_id>")
def clause(slug: str, clause_id: str) -> ResponseReturnValue:
    found = book_or_404(slug)
    chosen = found.clause(clause_id)
    if chosen is None:
        abort(404)
    lang = language()
    return page("rules/clause.html", "rules/_sheet.html", book=found, name=found.name.get(lang, ""),
                clause=clause_view(found, chosen, lang), back=_back())
