"""Every printable the print page lists: what it shows, which options it takes, and how its document is built.

The data comes from the engines (companion.games.*) and the deck profiles; this module only arranges it for
the printables' templates. Nothing here invents a card value: what a profile does not know prints blank.
Builders run inside ``force_locale(options.lang)`` (see routes.py), so the texts they take from the catalogs
are in the print's language.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...games import lumiere as lp
from ...games import planetary_sisters as ps
from ...games import sister_combination as sc
from ...games.base import ErrorList
from ...printing.geometry import PAPERS, Paper
from .options import PrintOptions, Problem
from .render import Document
from .sheets import bleed_for, card_sheet_context

CARD_OPTIONS = ("paper", "mode", "size", "backs", "offset", "lang")
TWO_SIDED_OPTIONS = ("paper", "mode", "size", "offset", "lang")
PS, LP, SS, SC = "planetary-sisters", "lumiere", "strato-sphere", "sister-combination"


class NeedsProfile(LookupError):
    """The profile named in the options does not exist for this game or cannot be read (a clear page)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem = problem


@dataclass(frozen=True)
class Printable:
    id: str  # the PDF's URL: /print/<id>.pdf
    game: str  # the game's slug (the print page groups by it)
    title: Any  # lazy text
    description: Any
    options: tuple[str, ...]
    build: Callable[[PrintOptions], Document]
    players: tuple[int, ...] = ()  # the choices of the "players" option, where it has one
    two_sided: bool = False


def _name(lang: str, ja: str, en: str) -> str:
    return ja if lang == "ja" else en


def digest(data: Any) -> str:
    """A fingerprint of the data a document shows (for the rendered-HTML shortcut in render.pdf_of)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str, ensure_ascii=False).encode()).hexdigest()


def _card_document(template: str, items: Sequence[Any], options: PrintOptions, title: str, filename: str,
                   two_sided: bool = False, fingerprint: str = "", **extra: Any) -> Document:
    context = card_sheet_context(items, options, two_sided)
    context.update(extra)
    stem = template.removesuffix(".html")
    return Document(template, title, f"{filename}-{options.paper.key if not options.shop else 'print-shop'}",
                    ("card_sheet.css", f"{stem}.css"), context, bleed_for(options), fingerprint)


def _profile(slug: str, raw: str, lang: str) -> tuple[dict[str, Any], str]:
    """The profile a print names (a built-in id, ``builtin:<id>``, ``user:<token>`` or a pasted profile link):
    its data and its name in the print's language."""
    from ...play import BUILTIN, USER, UnknownProfile, resolve_profile
    from ...profiles import builtin_profiles
    from ..home import parse_profile_ref

    raw = raw.strip()
    if raw in builtin_profiles(slug):
        ref = f"{BUILTIN}{raw}"
    elif raw.startswith(USER):
        ref = raw
    else:
        ref = parse_profile_ref(slug, raw)
    try:
        data, _key = resolve_profile(slug, ref)
    except UnknownProfile:
        raise NeedsProfile(Problem("print.unknown_profile", {"profile": raw})) from None
    name = str(data.get(f"name_{lang}") or data.get("name_en") or data.get("id") or "")
    return data, name


# -- Sister Combination ----------------------------------------------------------------------------------------


def sc_deck(options: PrintOptions) -> Document:
    title = _name(options.lang, sc.NAME_JA, sc.NAME_EN)
    return _card_document("sc_deck.html", sc.DECK, options, title, "sister-combination-deck")


# -- Planetary Sisters -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ElementMark:
    name: str
    klass: str  # round, pointed, crown (PS-1)
    count: int


@dataclass(frozen=True)
class PsFace:
    rank: int
    elements: tuple[ElementMark, ...]  # empty: the profile does not know this card (prints blank)


def ps_faces(profile: Mapping[str, Any]) -> list[PsFace]:
    """The 36 cards (PS-2: ranks 1..36 once each) with the elements the profile gives, in its element order."""
    from ...games.planetary_sisters.profile import read_profile_leniently

    deck, errors = read_profile_leniently(profile)
    if deck is None:
        detail = ", ".join(sorted({e.code for e in errors})) or "meta"
        raise NeedsProfile(Problem("print.profile_unreadable", {"detail": detail}))
    faces = []
    for rank in ps.cards.RANKS:
        card = deck.card(rank)
        marks: tuple[ElementMark, ...] = ()
        if card is not None:
            marks = tuple(ElementMark(name, deck.elements.class_of(name).value, card.count(name))
                          for name in deck.elements.names if card.count(name))
        faces.append(PsFace(rank, marks))
    return faces


def ps_cards(options: PrintOptions) -> Document:
    profile, profile_name = _profile(PS, options.profile, options.lang)
    title = _name(options.lang, "遊星姊妹 姉妹カード", "Planetary Sisters: sister cards")
    return _card_document("ps_cards.html", ps_faces(profile), options, title, "planetary-sisters-cards",
                          fingerprint=digest(profile), profile_name=profile_name)


_FORMULAS = {
    ps.Formula.LOVER_HOUSE: "p × (h − 1)",
    ps.Formula.PASSION_HOUSE: "(p − 1) × h",
    ps.Formula.FIELD: "p × h",
}


@dataclass(frozen=True)
class CategoryRow:
    key: str
    name: str
    production: str
    harvesters: str
    formula: str
    multiplier: int


@dataclass(frozen=True)
class ScoreSide:
    key: str  # house, field
    title: str
    rule: str
    legend: str
    total_label: str
    rows: tuple[CategoryRow, ...]


def _category_texts(key: str, element: str, side: str) -> tuple[str, str, str]:
    """A category's name, what its production and its harvesters count (PS-3; the field side PS-4)."""
    names = {
        "food": _("Food lovers"), "plant": _("Plant lovers"), "animal": _("Animal lovers"),
        "dual": _("Dual-passion warriors"), "single": _("Single-passion warriors"), "collector": _("Collectors"),
    }
    production = {
        "dual": _("cards with exactly 2 element types"),
        "single": _("cards with exactly 1 element type (duplicated too)"),
        "collector": _("element types, counted once each"),
    }.get(key) or _("%(element)s icons", element=element)
    if side == "house":
        harvesters = {
            "dual": _("of those, cards with a pointed element"),
            "single": _("cards with a pointed element only"),
            "collector": _("cards with a crown element only"),
        }.get(key) or _("cards carrying %(element)s", element=element)
    else:
        harvesters = {
            "dual": _("field cards with 2 types, one pointed"),
            "single": _("field cards with a pointed element only"),
            "collector": _("field cards with a crown element only"),
        }.get(key) or _("field cards carrying %(element)s", element=element)
    return names[key], production, harvesters


def ps_sides() -> tuple[ScoreSide, ScoreSide]:
    """Both sides of the quick-reference card (§4.5.1 ◇ house, §4.5.2 ♦ field bonus), from the engine's own
    categories, formulas and multipliers."""
    elements = ps.ElementSet.default()
    house = ps.score_house([], elements)
    field = ps.score_field([], [], elements)
    sides = []
    for breakdown, title, legend, total in (
        (house, _("House score"), _("p and h both counted in your house"), _("House total")),
        (field, _("Field bonus"), _("p from your house, h from the field (2 players: + your guard cards)"),
         _("Field bonus total")),
    ):
        rows = []
        for category in breakdown.categories:
            name, production, harvesters = _category_texts(category.key, category.element, breakdown.side)
            rows.append(CategoryRow(category.key, name, production, harvesters, _FORMULAS[category.formula],
                                    category.multiplier))
        sides.append(ScoreSide(breakdown.side, title, breakdown.categories[0].rule, legend, total, tuple(rows)))
    return sides[0], sides[1]


@dataclass(frozen=True)
class SupportCard:
    kind: str  # condition, reference
    house: ScoreSide | None = None
    field: ScoreSide | None = None


def ps_support(options: PrintOptions) -> Document:
    house, field = ps_sides()
    # §1: one condition card, four score quick-reference cards (one per player).
    items = [SupportCard("condition")] + [SupportCard("reference", house, field)] * 4
    title = _name(options.lang, "遊星姊妹 サポートカード", "Planetary Sisters: support cards")
    return _card_document("ps_support.html", items, options, title, "planetary-sisters-support", two_sided=True)


def ps_pad(options: PrintOptions) -> Document:
    house, field = ps_sides()
    title = _name(options.lang, "遊星姊妹 得点表", "Planetary Sisters score pad")
    return Document("ps_pad.html", title, f"planetary-sisters-score-pad-{options.players}p-{options.paper.key}",
                    ("ps_pad.css",), {"paper": options.paper, "players": options.players, "house": house,
                                      "field": field})


# -- Lumière Prière ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LpFace:
    id: str
    name_ja: str
    name_en: str
    points: int | None  # None: not in the profile (prints blank)
    effect: str | None
    stackable: bool | None
    per_player: int


def lp_faces(profile: Mapping[str, Any], decks: int) -> list[LpFace]:
    """Every card of ``decks`` players' decks (LP-8: 19 each), with what the profile knows of it."""
    try:
        deck = lp.DeckProfile.from_mapping(profile)
    except ErrorList as bad:
        detail = ", ".join(sorted({e.code for e in bad.errors}))
        raise NeedsProfile(Problem("print.profile_unreadable", {"detail": detail})) from None
    faces = []
    for card in lp.Card:
        data = deck.data(card)
        face = LpFace(card.value, card.name_ja, card.name_en, data.points, data.effect, data.stackable,
                      card.per_player)
        faces.extend([face] * (card.per_player * decks))
    return faces


def lp_cards(options: PrintOptions) -> Document:
    profile, profile_name = _profile(LP, options.profile, options.lang)
    title = _name(options.lang, "ルミエル†プリエール カード", "Lumière Prière: cards")
    return _card_document("lp_cards.html", lp_faces(profile, options.decks), options, title,
                          f"lumiere-cards-{options.decks}-decks", fingerprint=digest(profile),
                          profile_name=profile_name, decks=options.decks)


def lp_phases(options: PrintOptions) -> Document:
    title = _name(options.lang, "ルミエル†プリエール ターンの流れ", "Lumière Prière: turn phases")
    return _card_document("lp_phases.html", ["phases"] * 4, options, title, "lumiere-turn-phases", two_sided=True)


AREA = 92.0  # mm: one area of the field mat holds a 63 × 88 card in any of the four orientations (LP-1)


@dataclass(frozen=True)
class FieldArea:
    row: int
    col: int
    zone: str  # outer, central (【用語集】ゾーン)
    corner: bool  # LP-4

    @property
    def name(self) -> str:
        return f"r{self.row}c{self.col}"


def lp_areas() -> list[FieldArea]:
    size = lp.field.SIZE
    return [FieldArea(c.row, c.col, "outer" if c.row in (0, size - 1) or c.col in (0, size - 1) else "central",
                      c.is_corner) for c in lp.ALL_CELLS]


def lp_field(options: PrintOptions) -> Document:
    """The 4×4 field at true size on four pages (one quarter each, to cut and tape), after an overview page."""
    areas = lp_areas()
    quarter = 2 * AREA
    left = (options.paper.width - quarter) / 2
    quarters = []
    for qr, qc in ((0, 0), (0, 1), (1, 0), (1, 1)):
        inside = [a for a in areas if a.row // 2 == qr and a.col // 2 == qc]
        quarters.append({"qr": qr, "qc": qc, "areas": inside})
    title = _name(options.lang, "ルミエル†プリエール フィールド", "Lumière Prière: field mat")
    sides = {side: i for i, side in enumerate(lp.state.SIDES)}
    return Document("lp_field.html", title, f"lumiere-field-{options.paper.key}", ("lp_field.css",),
                    {"paper": options.paper, "areas": areas, "quarters": quarters, "area": AREA, "left": left,
                     "top": 14.0, "sides": sides})


# -- Strato-Sphere ----------------------------------------------------------------------------------------------


def _ranks_text() -> str:
    from ...games.strato_sphere.cards import Rank

    return " ".join(str(r) for r in sorted(Rank, reverse=True))  # SS-6: A K Q J 10 … 2


def ss_reference(options: PrintOptions) -> Document:
    from ...games.strato_sphere.attack import MIN_ATTACK_CARDS
    from ...games.strato_sphere.node_moves import HAND_LIMIT
    from ...games.strato_sphere.state import MOVES_PER_TURN

    title = _name(options.lang, "ストラトスフェア 早見カード", "Strato-Sphere: quick reference")
    return _card_document("ss_reference.html", ["reference"] * 4, options, title, "strato-sphere-reference",
                          two_sided=True, hand_limit=HAND_LIMIT, min_cards=MIN_ATTACK_CARDS,
                          moves_per_turn=MOVES_PER_TURN, ranks=_ranks_text())


@dataclass(frozen=True)
class RingNode:
    index: int
    seat: int
    relation: str  # yours, partner, opponent
    x: float  # mm in the ring diagram
    y: float


SPOT_W, SPOT_H = 63.0, 88.0  # a node's place: one playing card


def ss_seat_mats(options: PrintOptions) -> Document:
    """One page per seat: its three nodes in a V at card size, which neighbours' nodes they touch (SS-1), and
    the whole ring from this seat, with partner and opponents (SS-2)."""
    from ...games.strato_sphere import ring

    players = options.players
    size = ring.ring_size(players)
    radius, centre = 32.0, 47.0
    seats = []
    for seat in range(players):
        nodes = ring.nodes_of(seat)
        middle = nodes[1]
        diagram = []
        for node in range(size):
            angle = math.radians(90 + (node - middle) * 360 / size)  # clockwise on the page, this seat at the bottom
            owner = ring.seat_of(node)
            relation = "yours" if owner == seat else "partner" if ring.are_partners(owner, seat, players) \
                else "opponent"
            diagram.append(RingNode(node, owner, relation, round(centre + radius * math.cos(angle), 2),
                                    round(centre + radius * math.sin(angle), 2)))
        # Seen from the seat, clockwise runs right to left along its edge: its last node is on its left and
        # touches the next seat's first node; its first node is on its right (SS-1).
        left_end, right_end = nodes[2], nodes[0]
        labels = []
        for other in range(players):
            if other == seat:
                continue
            angle = math.radians(90 + (ring.nodes_of(other)[1] - middle) * 360 / size)
            labels.append({"seat": other, "x": round(centre + (radius + 9) * math.cos(angle), 2),
                           "y": round(centre + (radius + 9) * math.sin(angle), 2),
                           "relation": "partner" if ring.are_partners(other, seat, players) else "opponent"})
        seats.append({
            "seat": seat, "spots": (left_end, middle, right_end),
            "touch_left": ring.neighbours(left_end, players)[1], "touch_right": ring.neighbours(right_end, players)[0],
            "next_seat": ring.next_seat(seat, players), "previous_seat": (seat - 1) % players,
            "partner": next((o for o in range(players) if ring.are_partners(o, seat, players)), None),
            "diagram": diagram, "labels": labels,
        })
    spots_left = (options.paper.width - 3 * SPOT_W - 4) / 2
    title = _name(options.lang, "ストラトスフェア 座席マット", "Strato-Sphere: seat mats")
    return Document("ss_seats.html", title, f"strato-sphere-seat-mats-{players}p-{options.paper.key}",
                    ("ss_seats.css",), {"paper": options.paper, "players": players, "seats": seats,
                                        "ring_size": size, "spot_w": SPOT_W, "spot_h": SPOT_H,
                                        "spots_left": spots_left, "centre": centre})


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


def summary_document(view: Any, options: PrintOptions) -> Document:
    """A table's score summary: game, dates, options, profile, seats, ranking, every table of the game's
    summary with its formula note, and the whole history. Without a summary from the game it says so."""
    from ...i18n import pick
    from ..messages import option_label
    from ..tables import history

    game = view.game
    summary = None
    summary_failed = False
    if view.web.summary is not None:
        try:
            summary = view.web.summary(view)
        except Exception:  # noqa: BLE001 - a game's summary bug must not cost the players their history
            import logging

            logging.getLogger(__name__).exception("summary of %s failed", game.slug)
            summary_failed = True
    options_shown = [(option_label(o.key), option_label(o.key, str(view.table.options.get(o.key, o.default))),
                      o.rule) for o in game.options]
    lines = history(view)
    last = lines[0]["at"] if lines else view.table.created_at
    profile_name = pick(view.profile, "name") if view.profile else ""
    title = _("Score summary: %(game)s", game=pick(game, "name"))
    return Document(
        "summary.html", title, f"{game.slug}-summary-v{view.version}-{options.paper.key}", ("summary.css",),
        {"paper": options.paper, "game_name": pick(game, "name"),
         "game_other_name": game.name_en if options.lang == "ja" else game.name_ja,
         "started": view.table.created_at, "last": last, "options": options_shown, "profile_name": profile_name,
         "seats": list(view.table.seats), "summary": summary, "summary_failed": summary_failed,
         "history": lines, "version": view.version, "replay_problem": view.replay_error is not None},
        fingerprint=None,  # a game's summary and history are worth rendering afresh (the PDF is still cached)
    )


# -- the list ------------------------------------------------------------------------------------------------------

PRINTABLES: tuple[Printable, ...] = (
    Printable("ps-cards", PS, _l("Sister cards (36)"),
              _l("Rank and element icons of a deck profile's cards; a card the profile does not know yet prints "
                 "blank, to write in by hand (PS-1, PS-2)."),
              (*CARD_OPTIONS, "profile"), ps_cards),
    Printable("ps-support", PS, _l("Condition card and score quick-reference"),
              _l("The Close/Far condition card and four quick-reference cards: house side ◇ and field side ♦, "
                 "all six categories with formulas and multipliers (PS-3, PS-4, PS-5). Two-sided."),
              TWO_SIDED_OPTIONS, ps_support, two_sided=True),
    Printable("ps-pad", PS, _l("Blank score pad"),
              _l("One column per player, every category of both sides, totals and places."),
              ("paper", "lang", "players"), ps_pad, players=(2, 3, 4)),
    Printable("lp-cards", LP, _l("Cards"),
              _l("Every card of the decks, with the points and effects of a deck profile; what it does not know "
                 "prints blank (LP-8)."),
              (*CARD_OPTIONS, "profile", "decks"), lp_cards),
    Printable("lp-field", LP, _l("Field mat"),
              _l("The 4×4 field at true size on four pages, outer and central zones marked, with an overview "
                 "(LP-1, LP-4)."),
              ("paper", "lang"), lp_field),
    Printable("lp-phases", LP, _l("Turn-phase cards"),
              _l("Four cards: the phases of a turn on the front, the get phase's rules on the back (LP-2 … LP-7). "
                 "Two-sided."),
              TWO_SIDED_OPTIONS, lp_phases, two_sided=True),
    Printable("ss-reference", SS, _l("Quick-reference cards"),
              _l("Four cards: the seven moves of a turn on the front, attack, defence and the end on the back "
                 "(SS-5 … SS-8). Two-sided."),
              TWO_SIDED_OPTIONS, ss_reference, two_sided=True),
    Printable("ss-seats", SS, _l("Seat mats"),
              _l("One page per seat: its three nodes at card size in a V, the nodes they touch, and the ring "
                 "with partner and opponents (SS-1, SS-2)."),
              ("paper", "lang", "players"), ss_seat_mats, players=(2, 4)),
    Printable("sc-deck", SC, _l("The whole deck (144 cards)"),
              _l("12 sisters × 1–8, Mirror, Pass, Stack 2 and S.P., coloured by element; every S.P. card carries "
                 "its sister's effect (SC-0, SC-1)."),
              CARD_OPTIONS, sc_deck),
    Printable("calibration", "", _l("Calibration page"),
              _l("Print it duplex, hold it against a light and read where the front's lines cross the back's "
                 "scales: enter those two numbers below and every later back page is moved by them."),
              ("paper", "lang"), calibration),
)

BY_ID = {p.id: p for p in PRINTABLES}


def game_names() -> dict[str, tuple[str, str]]:
    """slug -> (Japanese name, English name) of every game with printables."""
    from ...games import registry

    names = {slug: (game.name_ja, game.name_en) for slug, game in registry().items()}
    names[SC] = (sc.NAME_JA, sc.NAME_EN)
    return names


def groups() -> list[tuple[str, list[Printable]]]:
    """The printables by game, in the print page's order (the calibration page has its own section)."""
    order: dict[str, list[Printable]] = {}
    for printable in PRINTABLES:
        if printable.game:
            order.setdefault(printable.game, []).append(printable)
    return list(order.items())


def papers() -> Mapping[str, Paper]:
    return PAPERS
