"""What a printable is, the helpers every game's documents share, and the two documents no game owns.

- ``Printable``: one entry of the print page (its id is the PDF's URL, /print/<id>.pdf). Each game's entries
  live in its web package, ``companion/web/games/<pkg>/printables.py`` (``PRINTABLES``); listing.py finds them.
- ``card_document``, ``named_profile``, ``digest``, ``by_lang``: for those builders (card sheets from a deck
  profile, a title in the print's language); ``profile_cards`` and ``read_for_print`` do the part every deck
  profile's card sheet repeats (find the profile the options name, read it or say why not, name it).
- ``calibration`` (the back-side calibration page) and ``summary_document`` (a table's score summary, from
  its game's ``GameWeb.summary``).

Nothing here invents a card value: what a profile does not know prints blank. Builders run inside
``force_locale(options.lang)`` (see routes.py), so the texts they take from the catalogs are in the print's
language.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.tables import store
from companion.tables.view import UnknownProfile, resolve_profile
from companion.web.registered import web_of
from companion.web.tables.history import history

from ...games.base import ErrorList, RulesError
from ...i18n import pick
from ...printing.geometry import PAPERS, Paper
from ...profiles import builtin_profiles
from ...profiles.refs import ProfileRef
from ..messages import options_played
from .options import PrintOptions, Problem
from .render import Document
from .sheets import bleed_for, card_sheet_context, markers_of
from .zone import IN_UTC, PrintZone, clock, when

__all__ = [
    "CARD_OPTIONS", "TWO_SIDED_OPTIONS", "Document", "NeedsProfile", "PrintOptions", "Printable", "Problem",
    "PRINTABLES", "by_lang", "calibration", "card_document", "digest", "named_profile", "papers", "profile_cards",
    "read_for_print", "summary_document", "unreadable_profile",
]

CARD_OPTIONS = ("paper", "mode", "size", "backs", "offset", "lang")
TWO_SIDED_OPTIONS = ("paper", "mode", "size", "offset", "lang")


Marked = tuple[str, Callable[[Any], str]]  # a game's slug and a card's notation (card_document)


class NeedsProfile(LookupError):
    """The profile named in the options does not exist for this game or cannot be read (a clear page)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem = problem


@dataclass(frozen=True)
class Printable:
    id: str  # the PDF's URL: /print/<id>.pdf
    game: str  # the game's slug (the print page groups by it); "" for the shared documents
    title: Any  # lazy text
    description: Any
    options: tuple[str, ...]
    build: Callable[[PrintOptions], Document]
    players: tuple[int, ...] = ()  # the choices of the "players" option, where it has one
    two_sided: bool = False


def by_lang(lang: str, ja: str, en: str) -> str:
    """``ja`` or ``en``: a name the engines give in both languages, in the print's language."""
    return ja if lang == "ja" else en


def digest(data: Any) -> str:
    """A fingerprint of the data a document shows (for the rendered-HTML shortcut in render.pdf_of)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str, ensure_ascii=False).encode()).hexdigest()


def card_document(template: str, items: Sequence[Any], options: PrintOptions, title: str, filename: str,
                  two_sided: bool = False, fingerprint: str = "", marked: Marked | None = None,
                  **extra: Any) -> Document:
    """A card sheet (home pages or print-shop pages) of ``items``, one card each, drawn by ``template`` in
    printables/ with card_sheet.css and the template's own stylesheet. With ``marked`` (the game's slug and an
    item's card notation), every front carries its physical card's marker (companion/markers): an item naming
    a card again is its next copy."""
    markers = markers_of(marked[0], [marked[1](item) for item in items]) if marked else []
    context = card_sheet_context(items, options, two_sided, markers)
    context.update(extra)
    stem = template.removesuffix(".html")
    return Document(template, title, f"{filename}-{options.paper.key if not options.shop else 'print-shop'}",
                    ("card_sheet.css", f"{stem}.css"), context, bleed_for(options), fingerprint)


def named_profile(slug: str, raw: str, lang: str) -> tuple[dict[str, Any], str]:
    """The profile a print names (a built-in id, ``builtin:<id>``, ``user:<token>`` or a pasted profile link):
    its data and its name in the print's language. Raises NeedsProfile."""

    ref = ProfileRef.from_input(raw, set(builtin_profiles(slug)))
    try:
        data, _key = resolve_profile(slug, ref)
    except UnknownProfile:
        raise NeedsProfile(Problem("print.unknown_profile", {"profile": raw})) from None
    name = str(data.get(f"name_{lang}") or data.get("name_en") or data.get("id") or "")
    return data, name


Deck = TypeVar("Deck")


def unreadable_profile(errors: Iterable[RulesError]) -> NeedsProfile:
    """The clear page for a profile a card sheet cannot read, naming what is wrong (its reasons' codes)."""
    detail = ", ".join(sorted({e.code for e in errors})) or "meta"
    return NeedsProfile(Problem("print.profile_unreadable", {"detail": detail}))


def read_for_print(read: Callable[[Mapping[str, Any]], Deck], profile: Mapping[str, Any]) -> Deck:
    """``read(profile)`` (a game's profile reader); a profile it refuses is a NeedsProfile, never a 500."""
    try:
        return read(profile)
    except ErrorList as broken:
        raise unreadable_profile(broken.errors) from None


def profile_cards(slug: str, template: str, faces: Callable[[Mapping[str, Any]], Sequence[Any]],
                  options: PrintOptions, title: str, filename: str, notation: Callable[[Any], str] | None = None,
                  **extra: Any) -> Document:
    """A card sheet of a deck profile: the profile the options name (NeedsProfile when there is none), one card
    per face ``faces`` makes of it, its name on the sheet (``profile_name``) and its fingerprint; with
    ``notation`` (a face's card in the game's notation) each card carries its marker."""
    profile, profile_name = named_profile(slug, options.profile, options.lang)
    return card_document(template, faces(profile), options, title, filename, fingerprint=digest(profile),
                         profile_name=profile_name, marked=(slug, notation) if notation else None, **extra)


# -- calibration -------------------------------------------------------------------------------------------------

SCALE_HALF = 5.0  # mm each side of zero on the calibration scales
SCALE_AWAY = 45.0  # mm between the page centre and each scale


def calibration(options: PrintOptions) -> Document:
    paper: Paper = options.paper
    cx, cy = paper.width / 2, paper.height / 2
    ticks = [round(-SCALE_HALF + i * 0.5, 1) for i in range(int(4 * SCALE_HALF) + 1)]
    title = _("Back-side calibration")
    return Document("calibration.html", title, f"calibration-{paper.key}", ("calibration.css",),
                    {"paper": paper, "cx": cx, "cy": cy, "ticks": ticks, "away": SCALE_AWAY})


# -- score summaries ---------------------------------------------------------------------------------------------


def summary_document(view: Any, options: PrintOptions, zone: PrintZone = IN_UTC) -> Document:
    """A table's score summary: game, dates, options, profile, seats, ranking, every table of the game's
    summary with its formula note, and the whole history. Without a summary from the game it says so.
    Times are written in ``options.lang`` and in ``zone`` (the phone's), which the summary names."""

    game = view.game
    summary = None
    summary_failed = False
    web = web_of(game.slug)
    if web.summary is not None:
        try:
            summary = web.summary(view)
        except Exception:  # noqa: BLE001 - a game's summary bug must not cost the players their history
            import logging

            logging.getLogger(__name__).exception("summary of %s failed", game.slug)
            summary_failed = True
    # an option kept only for older tables is shown when the table plays by its old reading
    options_shown = options_played(game.options, dict(view.table.options))
    lines = history(view, SUMMARY_HISTORY)
    earlier = max(0, store.event_count(view.table.id) - len(lines))
    last = lines[0].at if lines else view.table.created_at
    profile_name = pick(view.profile, "name") if view.profile else ""
    title = _("Score summary: %(game)s", game=pick(game, "name"))
    return Document(
        "summary.html", title, f"{game.slug}-summary-v{view.version}-{options.paper.key}", ("summary.css",),
        {"paper": options.paper, "game_name": pick(game, "name"),
         "game_other_name": game.name_en if options.lang == "ja" else game.name_ja,
         "started": when(view.table.created_at, zone, options.lang), "last": when(last, zone, options.lang),
         "zone": zone, "options": options_shown, "profile_name": profile_name,
         "seats": list(view.table.seats), "summary": summary, "summary_failed": summary_failed,
         "history": [(line, clock(line.at, zone)) for line in lines], "earlier": earlier, "version": view.version, "replay_problem": view.replay_error is not None},
        fingerprint=None,  # a game's summary and history are worth rendering afresh (the PDF is still cached)
    )


# A long table's summary prints its newest entries; the whole log is in the table's JSON export, which the
# summary says. (5,000 entries would be some 100 pages nobody reads at the table.)
SUMMARY_HISTORY = 300


# -- the shared printables ------------------------------------------------------------------------------------

PRINTABLES: tuple[Printable, ...] = (
    Printable("calibration", "", _l("Calibration page"),
              _l("Print it duplex, hold it against a light and read where the front's lines cross the back's "
                 "scales: enter those two numbers below and every later back page is moved by them."),
              ("paper", "lang"), calibration),
)


def papers() -> Mapping[str, Paper]:
    return PAPERS
