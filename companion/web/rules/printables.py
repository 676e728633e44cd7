"""The rules as a printed play aid: each game's whole rules, clause by clause, in Japanese or English, as A4 (or
Letter) pages and as an A5 booklet. A game's printables.py adds ``rules_printables(<its slug>)`` to its
PRINTABLES, so the rules print from the print page beside the game's other play aids.

The A5 booklet's pages are A5; a printer's booklet setting puts them two to a sheet, folded in the middle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l

from ...printing.geometry import Paper
from ...rulebook import PARTS, Clause, Rulebook, rulebook
from ..printing.documents import Document, Printable, PrintOptions, digest
from .model import PART_TITLES

A5 = Paper("a5", 148.0, 210.0)


@dataclass(frozen=True)
class PrintedClause:
    id: str
    title: str
    section: str
    rulings: tuple[str, ...]
    blocks: tuple[tuple[str, tuple[str, ...]], ...]
    reading: tuple[tuple[str, tuple[str, ...]], ...]


def _clause(clause: Clause, lang: str) -> PrintedClause:
    return PrintedClause(clause.id, clause.in_lang("title", lang), clause.in_lang("section", lang), clause.rulings,
                         clause.paragraphs(lang), clause.paragraphs(lang, "reading") if clause.reading else ())


def rules_document(book: Rulebook, options: PrintOptions, paper: Paper, booklet: bool) -> Document:
    lang = options.lang
    parts = [(str(PART_TITLES[part]), [_clause(c, lang) for c in book.clauses if c.part == part])
             for part in PARTS]
    name = book.name.get(lang) or book.name["en"]
    title = _("Rules of %(game)s", game=name)
    words = {"rule_text": _("Rule text:"), "rulings": _("Rulings:"), "reading": _("The companion's reading"),
             "source": _("Restated in the companion's own words; the Japanese rule text is the source of truth.")}
    data: dict[str, Any] = {"clauses": [(c.id, c.title, c.text, c.reading) for c in book.clauses]}
    return Document("rules_book.html", title, f"{book.slug}-rules-{lang}-{paper.key}", ("rules_book.css",),
                    {"paper": paper, "parts": [p for p in parts if p[1]], "words": words, "booklet": booklet,
                     "other_name": book.name["en" if lang == "ja" else "ja"]},
                    fingerprint=digest(data))


def rules_printables(slug: str) -> tuple[Printable, ...]:
    """The game's two rules prints: on the chosen paper (A4 or Letter), and as an A5 booklet."""

    def whole(options: PrintOptions) -> Document:
        book = rulebook(slug)
        assert book is not None, f"no clause file for {slug}"
        return rules_document(book, options, options.paper, booklet=False)

    def booklet(options: PrintOptions) -> Document:
        book = rulebook(slug)
        assert book is not None, f"no clause file for {slug}"
        return rules_document(book, options, A5, booklet=True)

    return (
        Printable(f"{slug}-rules", slug, _l("The rules"),
                  _l("The whole game clause by clause in the companion's own words, with the rulings each "
                     "concerns and the readings of unclear points. A4 or Letter."),
                  ("paper", "lang"), whole),
        Printable(f"{slug}-rules-a5", slug, _l("The rules, A5 booklet"),
                  _l("The same rules on A5 pages: print them with the printer's booklet setting and fold."),
                  ("lang",), booklet),
    )
